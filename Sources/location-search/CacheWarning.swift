import LocationSearch

/// The line the tool writes when the bundled index could not be cached: the answers still
/// come, but every run builds the index again (about a second, against milliseconds), and
/// the person can fix the folder.
enum CacheWarning {
    /// Writes `location-search: …` on standard error, one line, when `completer` says its
    /// index could not be cached (`LocationCompleter.cacheError`); nothing otherwise.
    ///
    ///     location-search: cannot cache the index, so every run builds it again: cannot write to /ro/location-search/bundled-ac06….lsindex: cannot create it: Permission denied
    static func report(_ completer: LocationCompleter) {
        guard let problem = completer.cacheError else { return }
        let text = Sanitized.text(String(describing: problem), limit: 1_000)
        StandardError.write("location-search: cannot cache the index, so every run builds it again: \(text)\n")
    }
}
