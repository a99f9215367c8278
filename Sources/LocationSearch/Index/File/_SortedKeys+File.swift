extension _SortedKeys {
    /// Appends the list as sections `<prefix>.key`, `.name`, `.score`, `.tree`,
    /// `.buckets` (its columns, as they are) and `.leaves` (its tree's leaf count).
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, ["key": key, "name": name, "score": score, "tree": tree, "buckets": buckets])
        writer.append("\(prefix).leaves", value: UInt64(leafCount))
    }

    /// The list `write(to:prefix:)` wrote, checked against itself (column lengths, the
    /// leaf count against the keys and the tree, the bucket table) and against what it
    /// refers to: keys inside a folded text of `textCount` bytes, names below `nameCount`.
    ///
    /// - Complexity: O(*n*) for *n* keys.
    init(reading reader: _IndexFile.Reader, prefix: String, textCount: Int, nameCount: Int) throws {
        let column = reader.columns(prefix)
        let key: _Column<UInt32> = try column("key"), tree: _Column<Float> = try column("tree")
        let leaves = try reader.value("\(prefix).leaves")
        let expected = Self.leafCount(keys: key.count)
        guard leaves == UInt64(expected), tree.count == 2 * expected else {
            throw reader.invalid("the \(prefix) key list's leaf count (\(leaves)) does not fit its \(key.count) keys")
        }
        self.init(key: key, name: try column("name"), score: try column("score"), tree: tree,
                  buckets: try column("buckets"), leafCount: expected)
        guard name.count == key.count, score.count == key.count, key.allBelow(textCount), name.allBelow(nameCount),
              bucketsAreConsistent()
        else { throw reader.invalid("the \(prefix) key list is damaged") }
    }
}
