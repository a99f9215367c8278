import LocationSearch

extension BenchCommand {
    static let declaration = CommandDeclaration<BenchCommand>(
        name: "bench",
        abstract: """
            Measures load time, memory, index size and per-keystroke latency on the bundled \
            gazetteer and a synthetic one, beside a naive linear scan (use a release build).
            """,
        arguments: "",
        discussion: "",
        options: [
            OptionDeclaration("--quick", help: "A small run (synthetic 200,000 names, fewer queries).") { command in
                command.quick = true
            },
            OptionDeclaration(
                "--every-country",
                help: "Also time every country code's filter (and each kind's) on the first 1-3 letters of its "
                    + "places' names."
            ) { command in
                command.everyCountry = true
            },
            OptionDeclaration(
                "--sweep-queries",
                help: "Only print the queries --every-country times and its unfiltered reference, a "
                    + "\"FILTER<tab>query\" line each (FILTER: unfiltered, country CC or kind K), for counting their "
                    + "instructions."
            ) { command in
                command.sweepQueries = true
            },
            OptionDeclaration(
                "--synthetic", value: "N", help: "Names in the synthetic gazetteer (default 10,000,000; 0 skips it)."
            ) { command, text in
                guard let n = Int(text.filter { $0 != "_" }), n >= 0 else {
                    throw UsageError(
                        message: "--synthetic needs a number of names >= 0, not \"\(Sanitized.text(text))\"",
                        command: "bench")
                }
                command.synthetic = n
            },
            OptionDeclaration(
                "--seed", value: "S", help: "Random seed for the synthetic data and queries (default 42)."
            ) { command, text in
                guard let seed = UInt64(text) else {
                    throw UsageError(
                        message: "--seed needs a whole number, not \"\(Sanitized.text(text))\"", command: "bench")
                }
                command.seed = seed
            },
            OptionDeclaration(
                "--slowest", value: "N", help: "Also list the N slowest exact keystrokes of each gazetteer."
            ) { command, text in
                guard let n = Int(text), n >= 0 else {
                    throw UsageError(
                        message: "--slowest needs a number of queries >= 0, not \"\(Sanitized.text(text))\"",
                        command: "bench")
                }
                command.slowest = n
            },
            OptionDeclaration(
                "--keep-synthetic-index", value: "FILE", completion: .file,
                help: "Keep the synthetic index in FILE (for complete --index)."
            ) { command, text in
                command.keepSyntheticIndex = text
            },
        ],
        positional: { _, words in
            try UsageError.requireNoArguments(words, command: "bench")
        })

    static func parse(_ arguments: [String]) throws -> BenchCommand? {
        try declaration.parse(arguments, into: BenchCommand())
    }
}
