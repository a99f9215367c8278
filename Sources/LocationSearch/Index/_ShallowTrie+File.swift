extension _ShallowTrie {
    /// Appends the trie as sections `<prefix>.lower.base`, `.lower.delta` and `.lower.wide`
    /// (the starts, `_BlockedNumbers`), `.upper` and `.upper.far` (the ends, `_TrieUppers`),
    /// `.child.base`, `.child.delta` and `.child.wide` (the first children), `.byte`,
    /// `.best`, `.level` and `.next`: its columns, as they are.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, [
            "lower.base": lower.base, "lower.delta": lower.delta, "lower.wide": lower.wide,
            "upper": upper.gap, "upper.far": upper.far,
            "child.base": firstChild.base, "child.delta": firstChild.delta, "child.wide": firstChild.wide,
            "byte": byte, "best": best, "level": levelStart, "next": next,
        ])
    }

    /// The trie `write(to:prefix:)` wrote, checked (`isConsistent(keyCount:)`) over a list
    /// of `keyCount` keys.
    ///
    /// - Complexity: O(*t* + *n*) for *t* nodes and *n* keys.
    init(reading reader: _IndexFile.Reader, prefix: String, keyCount: Int) throws {
        let column = reader.columns(prefix)
        let lower = _BlockedNumbers(base: try column("lower.base"), delta: try column("lower.delta"),
                                 wide: try column("lower.wide"))
        guard let keys = UInt32(exactly: keyCount) else { throw reader.invalid("the \(prefix) trie is damaged") }
        let upper = _TrieUppers(gap: try column("upper"), far: try column("upper.far"), lower: lower, keyCount: keys)
        let firstChild = _BlockedNumbers(base: try column("child.base"), delta: try column("child.delta"),
                                      wide: try column("child.wide"))
        self.init(lower: lower, upper: upper, firstChild: firstChild,
                  byte: try column("byte"), best: try column("best"), levelStart: try column("level"),
                  next: try column("next"))
        guard isConsistent(keyCount: keyCount) else { throw reader.invalid("the \(prefix) trie is damaged") }
    }
}
