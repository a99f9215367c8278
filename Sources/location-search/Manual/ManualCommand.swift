#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `location-search --generate-man`: the man page, location-search(1), in roff, made from
/// the same declarations as the help (`ManualPage`).
///
/// An option of the tool, as `--version` is, rather than a `man` subcommand: a subcommand's
/// name is no longer a query, and `location-search man` is one people type (Manaus, Man,
/// Manila, Manchester...), where no place starts with "--".
struct ManualCommand {
    /// Where to write the page; `nil`: standard output.
    var output: String?

    static let declaration = CommandDeclaration<ManualCommand>(
        name: "--generate-man",
        abstract: """
            Prints the man page, location-search(1), in roff, made from the same declarations as \
            --help; with --output, writes it to a file.
            """,
        arguments: "",
        discussion: """
            INSTALL: `location-search --generate-man -o ~/.local/share/man/man1/location-search.1`, \
            then `man location-search`; or read it at once with \
            `location-search --generate-man | man -l -`.

            EXIT STATUS: 0 when written; 64 for a usage error; 2 for a failed write.
            """,
        options: [
            OptionDeclaration(
                "--output", "-o", value: "FILE", completion: .file,
                help: "Write the page to FILE (location-search.1, say) instead of standard output."
            ) { command, text in
                command.output = text
            },
        ],
        positional: { _, words in
            try UsageError.requireNoArguments(words, command: "--generate-man")
        })

    static func parse(_ arguments: [String]) throws -> ManualCommand? {
        try declaration.parse(arguments, into: ManualCommand())
    }

    func run() throws -> Int32 {
        let page = ManualPage(subcommands: Command.subcommands).text
        guard let output else {
            let stream = OutputStream()
            stream.write(page)
            try stream.flush()
            return 0
        }
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError(stream: Sanitized.message(output), errno: errno) }
        var bytes = page
        let error = bytes.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
        let closed = close(descriptor) == 0 ? 0 : errno
        if error != 0 || closed != 0 {
            throw OutputError(stream: Sanitized.message(output), errno: error != 0 ? error : closed)
        }
        return 0
    }
}
