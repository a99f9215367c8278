extension _CompressedStrings {
    /// These strings reading the folds of `index`'s key text (`_NameFolds`), or nil if
    /// the flags or the respellable marks do not fit the strings (none, or a word per 64
    /// with no bit past the last): what a loaded index checks before any name decodes.
    /// (A mark on a name that is not respellable only makes a respelling decode it, and one
    /// missing only keeps a row's spelling: what the marks say is not checked against the
    /// names, which would decode them all.) The coded names themselves are not
    /// read here: a damaged header (a text number past the key text's, fewer codes than a
    /// header) is bounded when the name decodes (`_NameFolds.decode`), where it gives
    /// wrong text and never a read out of bounds, and the file's checksums catch random
    /// damage at load. (Checking the 890,388 bundled headers here cost 44–58 M
    /// instructions, a quarter of a cold start.)
    ///
    /// - Complexity: O(1).
    func attaching(_ index: _PrefixIndex) -> _CompressedStrings? {
        guard _NameFolds.fit(folds.flags.buffer, count: count),
              _NameFolds.fit(folds.respellable.buffer, count: count) else { return nil }
        return _CompressedStrings(
            table: table, codes: codes, offsets: offsets,
            folds: folds.attaching(text: index.keyText, longest: index.longestName))
    }
}
