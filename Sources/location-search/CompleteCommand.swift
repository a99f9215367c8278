import Foundation
import LocationSearch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `location-search complete`: one query from the arguments, or one per line of stdin.
struct CompleteCommand {
    var query: String?
    var json = false
    /// `--limit`, `--near`, `--country` and `--color`, parsed as `demo` parses them.
    var common = CommonOptions()

    var options: CompletionOptions {
        get { common.completion }
        set { common.completion = newValue }
    }
    var color: ColorChoice { common.color }
    /// An index file from `build-index`; `nil` means the bundled gazetteer.
    var indexFile: String?

    static func parse(_ arguments: [String]) throws -> CompleteCommand {
        var command = CompleteCommand()
        var reader = ArgumentReader(arguments)
        while let option = reader.nextOption() {
            switch option.name {
            case "--json":
                guard option.inlineValue == nil else { throw UsageError(message: "--json takes no value") }
                command.json = true
            case "--no-typos":
                guard option.inlineValue == nil else { throw UsageError(message: "--no-typos takes no value") }
                command.options.typoTolerance = false
            case "--kind":
                let text = try reader.value(for: option)
                for word in text.split(separator: ",") {
                    guard let kind = Place.Kind(rawValue: word.trimmingCharacters(in: .whitespaces).lowercased()) else {
                        throw UsageError(message: "--kind takes city, region or country, not \"\(word)\"")
                    }
                    command.options.kinds.insert(kind)
                }
            case "--index":
                command.indexFile = try reader.value(for: option)
            default:
                guard try command.common.parse(option, from: &reader) else {
                    throw UsageError(message: "unknown option \(option.name)")
                }
            }
        }
        // `location-search san fr` means the query "san fr", as if quoted.
        command.query = reader.positional.isEmpty ? nil : reader.positional.joined(separator: " ")
        return command
    }

    func run() throws -> Int32 {
        let completer = try indexFile.map { try LocationCompleter(indexFile: URL(fileURLWithPath: $0)) }
            ?? LocationCompleter()
        let useColor = color.isEnabled(forFileDescriptor: STDOUT_FILENO)
        let output = OutputStream()
        func answer(_ query: String) {
            let start = DispatchTime.now().uptimeNanoseconds
            let completions = completer.completions(for: query, options: options)
            let micros = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
            if json {
                output.write(JSONLine.answer(query: query, completions: completions, micros: micros))
            } else {
                output.write(HumanOutput.answer(query: query, completions: completions, color: useColor))
            }
            output.flush()
        }
        if let query {
            answer(query)
        } else {
            while let line = StandardInput.readLine() { answer(line) }
        }
        return 0
    }
}

/// The options `complete` and `demo` share: `--limit`, `--near`, `--country`, `--lang` and
/// `--color`.
struct CommonOptions {
    var completion = CompletionOptions()
    var color = ColorChoice.auto

    /// Reads `option` (and its value from `reader`) if it is one of the shared options.
    ///
    /// - Returns: `false` if `option` is not a shared option, so the command can try its own.
    /// - Throws: `UsageError` for a missing or malformed value.
    mutating func parse(_ option: (name: String, inlineValue: String?), from reader: inout ArgumentReader) throws -> Bool {
        switch option.name {
        case "--limit":
            let text = try reader.value(for: option)
            guard let limit = Int(text), limit >= 0 else {
                throw UsageError(message: "--limit needs a whole number >= 0, not \"\(text)\"")
            }
            completion.limit = limit
        case "--near":
            completion.near = try Self.parseCoordinate(try reader.value(for: option))
        case "--country":
            let text = try reader.value(for: option)
            let codes = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
            guard !codes.isEmpty, codes.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isLetter) }) else {
                throw UsageError(message: "--country needs ISO 3166-1 alpha-2 codes such as US or GB,FR, not \"\(text)\"")
            }
            completion.countries.formUnion(codes)
        case "--lang":
            let text = try reader.value(for: option)
            let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
            guard let primary = subtags.first, (2...3).contains(primary.count), primary.allSatisfy(\.isLetter),
                  primary.allSatisfy(\.isASCII), subtags.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) })
            else {
                throw UsageError(message: "--lang needs a BCP 47 language tag such as de or pt-BR, not \"\(text)\"")
            }
            completion.language = text
        case "--color", "--colour":
            let text = try reader.value(for: option)
            guard let choice = ColorChoice(rawValue: text) else {
                throw UsageError(message: "--color takes auto, always or never, not \"\(text)\"")
            }
            color = choice
        default:
            return false
        }
        return true
    }

    static func parseCoordinate(_ text: String) throws -> GeoCoordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let latitude = parts[0], let longitude = parts[1],
              GeoCoordinate(latitude: latitude, longitude: longitude).isValid
        else {
            throw UsageError(message: "--near needs LAT,LON in degrees (-90...90, -180...180), not \"\(text)\"")
        }
        return GeoCoordinate(latitude: latitude, longitude: longitude)
    }

}

/// `--color`: whether to highlight matches with terminal escapes.
enum ColorChoice: String {
    case auto, always, never

    /// `auto` means the output is a terminal, `TERM` is not `dumb` and `NO_COLOR` is unset;
    /// `FORCE_COLOR` (set and not "0") turns it on.
    func isEnabled(forFileDescriptor descriptor: Int32) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let force = environment["FORCE_COLOR"], force != "0" { return true }
            if environment["NO_COLOR"] != nil { return false }
            if environment["TERM"] == "dumb" { return false }
            return isatty(descriptor) == 1
        }
    }
}
