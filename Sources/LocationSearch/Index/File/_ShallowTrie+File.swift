extension _ShallowTrie {
    /// Appends the trie as sections `<prefix>.lower`, `.upper` and `.upper.far` (the
    /// ends, `_TrieUppers`), `.child`, `.byte`, `.best`, `.level` and `.next`: its
    /// columns, as they are.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, ["lower": lower, "upper": upper.gap, "upper.far": upper.far, "child": firstChild,
                               "byte": byte, "best": best, "level": levelStart, "next": next])
    }

    /// The trie `write(to:prefix:)` wrote, checked (`isConsistent(keyCount:)`) over a list
    /// of `keyCount` keys.
    ///
    /// - Complexity: O(*t* + *n*) for *t* nodes and *n* keys.
    init(reading reader: _IndexFile.Reader, prefix: String, keyCount: Int) throws {
        let column = reader.columns(prefix)
        let lower: _Column<UInt32> = try column("lower")
        guard let keys = UInt32(exactly: keyCount) else { throw reader.invalid("the \(prefix) trie is damaged") }
        let upper = _TrieUppers(gap: try column("upper"), far: try column("upper.far"), lower: lower, keyCount: keys)
        self.init(lower: lower, upper: upper, firstChild: try column("child"),
                  byte: try column("byte"), best: try column("best"), levelStart: try column("level"),
                  next: try column("next"))
        guard isConsistent(keyCount: keyCount) else { throw reader.invalid("the \(prefix) trie is damaged") }
    }
}
