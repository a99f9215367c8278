extension _BucketTable {
    /// Appends the table as sections `<prefix>.base`, `<prefix>.groups` and
    /// `<prefix>.starts`: its columns, as they are.
    func write(to writer: inout _IndexFile.Writer, prefix: String) {
        writer.append(prefix, ["base": base, "groups": groups, "starts": starts])
    }

    /// The table `write(to:prefix:)` wrote, its columns read as they are: the caller
    /// checks it against its list's count (`isConsistent(count:)`).
    ///
    /// - Complexity: O(1).
    convenience init(reading reader: _IndexFile.Reader, prefix: String) throws {
        let column = reader.columns(prefix)
        self.init(base: try column("base"), groups: try column("groups"), starts: try column("starts"))
    }
}
