/// The hard filters of `CompletionOptions`: they never let another place through.
struct _Filter {
    /// The requested ISO codes, upper-cased and packed two bytes to a number, so that a
    /// candidate is checked without making a string.
    let countries: Set<UInt16>
    /// Requested codes that are not two ASCII letters (custom gazetteers), compared as text.
    let otherCountries: Set<String>
    let kinds: Set<Place.Kind>
    let labels: [String]

    init(options: CompletionOptions, labels: [String]) {
        var packed = Set<UInt16>(), other = Set<String>()
        for code in options.countries {
            if let value = Self.pack(code.utf8) { packed.insert(value) } else { other.insert(code.uppercased()) }
        }
        countries = packed
        otherCountries = other
        kinds = options.kinds
        self.labels = labels
    }

    /// Two ASCII letters, upper-cased and packed; `nil` for anything else.
    @inline(__always)
    static func pack(_ utf8: String.UTF8View) -> UInt16? {
        guard utf8.count == 2, let a = utf8.first, let b = utf8.last, a < 0x80, b < 0x80 else { return nil }
        func upper(_ byte: UInt8) -> UInt16 { UInt16(byte >= 0x61 && byte <= 0x7A ? byte - 32 : byte) }
        return upper(a) << 8 | upper(b)
    }

    @inline(__always)
    func accepts(_ record: _PlaceRecord) -> Bool {
        if !kinds.isEmpty && !kinds.contains(record.kind) { return false }
        if !countries.isEmpty || !otherCountries.isEmpty {
            let code = labels[Int(record.countryCode)]
            if let value = Self.pack(code.utf8) {
                if !countries.contains(value) { return false }
            } else if !otherCountries.contains(code.uppercased()) {
                return false
            }
        }
        return true
    }
}
