extension _SortedKeys {
    /// Appends the list as sections `<prefix>.key.base`, `.key.delta` and `.key.shift`
    /// (its key offsets: see `_KeyOffsets`), `.name`, `.score`, `.tree`, `.buckets` (its
    /// columns, as they are) and `.leaves` (its tree's leaf count).
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append("\(prefix).key", ["base": key.base, "delta": key.delta])
        writer.append("\(prefix).key.shift", value: UInt64(key.shift))
        writer.append(prefix, ["name": name, "score": score, "tree": tree, "buckets": buckets])
        writer.append("\(prefix).leaves", value: UInt64(leafCount))
    }

    /// The list `write(to:prefix:)` wrote, checked against itself (column lengths, the
    /// leaf count against the keys and the tree, the bucket table) and against what it
    /// refers to: keys inside a folded text of `textCount` bytes, names below `nameCount`.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    init(reading reader: _IndexFile.Reader, prefix: String, textCount: Int, nameCount: Int) throws {
        let column = reader.columns(prefix), keyColumn = reader.columns("\(prefix).key")
        guard let shift = Int(exactly: try reader.value("\(prefix).key.shift")) else {
            throw reader.invalid("the \(prefix) key list is damaged")
        }
        let key = _KeyOffsets(base: try keyColumn("base"), delta: try keyColumn("delta"), shift: shift)
        let name: _Column<UInt32> = try column("name"), tree: _Column<Float> = try column("tree")
        let leaves = try reader.value("\(prefix).leaves")
        let expected = Self.leafCount(keys: name.count)
        guard leaves == UInt64(expected), tree.count == 2 * expected else {
            throw reader.invalid("the \(prefix) key list's leaf count (\(leaves)) does not fit its \(name.count) keys")
        }
        self.init(key: key, name: name, score: try column("score"), tree: tree,
                  buckets: try column("buckets"), leafCount: expected)
        guard key.count == name.count, score.count == name.count, key.isConsistent(below: textCount),
              name.allBelow(nameCount), bucketsAreConsistent()
        else { throw reader.invalid("the \(prefix) key list is damaged") }
    }
}
