@_spi(Tools) import LocationSearch

/// `location-search cache path|size|clear`: where the bundled index's cache folder is, how
/// much the library's files there take, and removing them.
struct CacheCommand {
    enum Action: String, CaseIterable {
        case path, size, clear
    }

    var action: Action?

    static let declaration = CommandDeclaration<CacheCommand>(
        name: "cache",
        abstract: """
            Shows where the bundled gazetteer's cached index is (path), how much room the \
            library's files there take (size), or removes them (clear); the next run builds the \
            index again (about a second in a release build).
            """,
        arguments: "path|size|clear",
        discussion: """
            OUTPUT: path prints the folder ($XDG_CACHE_HOME/location-search, \
            ~/.cache/location-search, or ~/Library/Caches/location-search on macOS), whether or \
            not it exists. size prints "39.9 MB (39872984 bytes) in 2 files". clear prints what \
            it removed.

            clear removes only the library's own files: cached indexes (bundled-*.lsindex), their \
            seals (bundled-*.lsindex.seal) and the temporary files of writers that no longer run \
            (.bundled-*.lsindex.*.tmp), then the folder if it is empty. It follows no symbolic \
            link: if the folder is one, or holds anything else (another file, a folder, a link \
            with a cache file's name), it removes nothing and says what it found.

            EXIT STATUS: 0 when done (also when there is nothing cached); 64 for a usage error; \
            2 for any other error (no HOME, a folder it will not touch, a file it cannot remove).
            """,
        options: [],
        positional: { command, words in
            guard words.count == 1, let action = Action(rawValue: words[0]) else {
                let given = words.isEmpty ? "nothing" : "\"\(Sanitized.text(words.joined(separator: " ")))\""
                throw UsageError(message: "cache takes one of path, size or clear, not \(given)", command: "cache")
            }
            command.action = action
        },
        words: Action.allCases.map(\.rawValue))

    static func parse(_ arguments: [String]) throws -> CacheCommand? {
        try declaration.parse(arguments, into: CacheCommand())
    }

    func run() throws -> Int32 {
        guard let directory = LocationCompleter.defaultCacheDirectory else {
            throw CacheFolderError(path: "", reason: "no cache folder: HOME is not set")
        }
        let path = directory.path
        let output = OutputStream()
        switch action ?? .path {
        case .path:
            output.write(Sanitized.message(path) + "\n")
        case .size:
            let folder = try CacheFolder(path: path)
            defer { folder.closeFolder() }
            let files = folder.cacheFiles
            let bytes = files.reduce(0) { $0 + $1.size }
            output.write("\(Self.humanSize(bytes)) (\(bytes) bytes) in \(files.count) file\(files.count == 1 ? "" : "s")\n")
        case .clear:
            try clear(path, output)
        }
        try output.flush()
        return 0
    }

    /// Removes the library's files, or nothing if the folder holds anything else.
    private func clear(_ path: String, _ output: OutputStream) throws {
        let folder = try CacheFolder(path: path)
        defer { folder.closeFolder() }
        let others = folder.others
        guard others.isEmpty else {
            let listed = others.prefix(5).map { "\(Sanitized.text($0.name)) (\($0.unexpected ?? "unexpected"))" }
            let more = others.count > 5 ? ", and \(others.count - 5) more" : ""
            throw CacheFolderError(
                path: path,
                reason: "it holds what is not the library's: \(listed.joined(separator: ", "))\(more); "
                    + "removed nothing (move those away, or delete the folder yourself)")
        }
        var removed = 0, bytes = 0, kept: [String] = []
        for file in folder.cacheFiles {
            if case .temporary(let writer) = file.role, CacheFolder.isRunning(writer) {
                kept.append("\(file.name) (process \(writer) is writing it)")
                continue
            }
            try folder.remove(file.name)
            removed += 1
            bytes += file.size
        }
        if kept.isEmpty { folder.removeIfEmpty() }
        let shown = Sanitized.message(path)
        output.write(removed == 0 ? "nothing to clear in \(shown)\n"
            : "removed \(removed) file\(removed == 1 ? "" : "s") (\(Self.humanSize(bytes))) from \(shown)\n")
        for name in kept { output.write("kept \(Sanitized.message(name))\n") }
    }

    /// `bytes` for a person, in powers of 1,000 as `build-index` writes sizes: "39.9 MB".
    static func humanSize(_ bytes: Int) -> String {
        let units = ["kB", "MB", "GB", "TB"]
        guard bytes >= 1_000 else { return "\(bytes) B" }
        var value = Double(bytes) / 1_000, unit = 0
        while value >= 1_000 && unit < units.count - 1 {
            value /= 1_000
            unit += 1
        }
        return formatted("%.1f", value) + " " + units[unit]
    }
}
