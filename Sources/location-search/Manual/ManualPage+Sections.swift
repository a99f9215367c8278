extension ManualPage {
    /// EXIT STATUS, ENVIRONMENT, FILES, EXAMPLES and SEE ALSO: what no declaration holds,
    /// written once here in roff.
    static var fixedSections: String {
        var out = ".SH EXIT STATUS\n"
        let statuses: [(String, String)] = [
            ("0", "Success: `complete` had a completion for at least one query; `demo` printed a pick; "
                + "any other subcommand did its work."),
            ("1", "`complete`: no query had a completion (as grep). `demo`: Enter on a query with no match "
                + "(as fzf's \"no match\")."),
            ("2", "An error: an index file or the bundled data that cannot be read, a failed write, no "
                + "terminal for `demo`, a cache folder `cache` will not touch."),
            ("64", "A usage error (EX_USAGE): one line on standard error, then where the help is."),
            ("130", "`demo` left without a pick: Esc, Ctrl-C, or Ctrl-D on an empty query (as fzf's abort)."),
            ("128+N", "`demo` stopped by signal N (SIGTERM: 143)."),
        ]
        for (status, meaning) in statuses { out += ".TP\n.B \(escaped(status))\n\(escaped(meaning))\n" }
        out += paragraphs("""
            Under --json, `complete`'s errors are one JSON line on standard error, \
            {"error": {"code": "usage", "message": "..."}}, with the same status; the codes are \
            usage, index, write and error.
            """)

        out += ".SH ENVIRONMENT\n"
        let variables: [(String, String)] = [
            ("NO_COLOR", "Set to anything but the empty string, turns colour off (--color auto; no-color.org)."),
            ("FORCE_COLOR", "Set to anything but 0, turns colour on without a terminal (--color auto)."),
            ("TERM", "dumb turns colour off (--color auto)."),
            ("XDG_CACHE_HOME", "An absolute path: the cache folder is $XDG_CACHE_HOME/location-search."),
            ("HOME", "Otherwise the cache folder is $HOME/.cache/location-search "
                + "($HOME/Library/Caches/location-search on macOS); without HOME nothing is cached and "
                + "every run builds the index (about a second in a release build)."),
        ]
        for (name, meaning) in variables { out += ".TP\n.B \(escaped(name))\n\(escaped(meaning))\n" }

        out += ".SH FILES\n"
        let files: [(String, String)] = [
            ("$XDG_CACHE_HOME/location-search/, ~/.cache/location-search/",
             "The cache folder (`location-search cache path`)."),
            ("bundled-HASH.lsindex",
             "The bundled gazetteer's index, built by the first run and read by every later one; HASH names "
                + "the data and index format it was built from. `location-search cache clear` removes it."),
            ("bundled-HASH.lsindex.seal",
             "The record of the index's last full check, which spares later starts hashing it again."),
            (".bundled-HASH.lsindex.PID.tmp",
             "An index being written by process PID; one left by a killed writer is removed by the next run."),
            ("LocationSearch_LocationSearchGazetteerData.resources/",
             "Beside the binary: the bundled GeoNames files (cities500.txt, admin1CodesASCII.txt, "
                + "countryInfo.txt)."),
        ]
        for (path, meaning) in files { out += ".TP\n.I \(escaped(path))\n\(escaped(meaning))\n" }

        out += ".SH EXAMPLES\n"
        let examples: [(String, String)] = [
            ("Complete a query, near Boston, at most three:",
             "location-search --limit 3 --near 42.36,-71.06 springfield"),
            ("One JSON line per query, for a program:", "location-search --json --limit 1 \"san fr\""),
            ("Pick a place in the terminal and keep it as JSON:",
             "place=$(location-search demo --print) && echo \"$place\""),
            ("Build an index of a GeoNames download, then complete from it:",
             "location-search build-index --geonames ~/geonames --output places.lsindex\n"
                + "location-search --index places.lsindex paris"),
            ("See and clear the cache:", "location-search cache size\nlocation-search cache clear"),
            ("Install the completions and this page:",
             "location-search completions fish > ~/.config/fish/completions/location-search.fish\n"
                + "location-search --generate-man -o ~/.local/share/man/man1/location-search.1"),
        ]
        for (what, commands) in examples {
            out += ".PP\n\(escaped(what))\n.PP\n.RS 4\n.nf\n\(escaped(commands))\n.fi\n.RE\n"
        }
        out += ".SH SEE ALSO\n.BR fzf (1)\n"
        return out
    }
}
