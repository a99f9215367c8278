/// How far an alternate name can be trusted: as a title (is it a name a person would
/// accept?) and in ranking (is it a real name or a transliteration artefact?).
///
/// GeoNames' alternate names mix real names in many languages ("Wien", "Москва") with
/// codes ("NYC"), misspellings ("Londn") and machine transliterations, often all
/// lower-case ("ke la si nuo ge er si ke" for Krasnogorsk, "mrjghl"): about one alias in
/// six in cities500 has no capital letter in a cased script.
enum _NameQuality {
    /// Whether `name` has letters of a cased script and none of them is upper-case
    /// ("beijingusutoku", "sankt. paulos"): a transliteration artefact, not a name as people
    /// write it.
    ///
    /// - Complexity: O(*n*) in the name's length.
    static func isLowercaseOnly(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Read only up to the first upper-case letter (most names' first byte): the build
        // asks it of every alternate name.
        let (upper, lower, _) = caseCounts(bytes, until: .upper)
        return lower > 0 && upper == 0
    }

    /// Whether an alternate name that matched is fit to be a title: a real name, not a
    /// code ("NYC", "PT": no lower-case letter, at most 5 letters), not an all-lower-case
    /// transliteration artefact ("beijingusutoku", "ashn"), not a misspelling of the
    /// canonical name (one edit away from it: "Londn", "Lodnon"). Names in scripts without
    /// case ("北京") are judged by the last rule only.
    ///
    /// - Complexity: O(*n*) in the names' lengths, from their UTF-8 bytes.
    static func isShowable(alias: UnsafeBufferPointer<UInt8>, canonical: UnsafeBufferPointer<UInt8>) -> Bool {
        guard hasShowableCase(alias) else { return false }
        var a: [UInt8] = [], c: [UInt8] = []
        _Folding.fold(utf8: alias, into: &a)
        _Folding.fold(utf8: canonical, into: &c)
        return a.withUnsafeBufferPointer { a in c.withUnsafeBufferPointer { !isMisspelling(a, of: $0) } }
    }

    /// The case rules of `isShowable(alias:canonical:)`, which need only the alias: false
    /// for a code ("NYC": upper-case letters, no lower-case one, at most 5 letters) and
    /// for an all-lower-case name ("ashn"). The letters are counted only until both cases
    /// have been seen ("Wien" after two), which passes both rules.
    ///
    /// - Complexity: O(*n*) in the name's length.
    static func hasShowableCase(_ alias: UnsafeBufferPointer<UInt8>) -> Bool {
        let (upper, lower, letters) = caseCounts(alias, until: .mixed)
        if upper > 0 && lower == 0 && letters <= 5 { return false }
        if lower > 0 && upper == 0 { return false }
        return true
    }

    /// The last rule of `isShowable(alias:canonical:)`, over the names' folds: whether the
    /// alias is one edit away from a canonical name of at least 4 bytes ("Londn").
    ///
    /// - Complexity: O(*n*) in the folds' lengths.
    static func isMisspelling(_ alias: UnsafeBufferPointer<UInt8>, of canonical: UnsafeBufferPointer<UInt8>) -> Bool {
        canonical.count >= 4 && isOneEdit(alias, canonical)
    }

    static func isShowable(alias: String, canonical: String) -> Bool {
        var alias = alias, canonical = canonical
        return alias.withUTF8 { a in canonical.withUTF8 { c in isShowable(alias: a, canonical: c) } }
    }

    /// Whether UTF-8 `bytes` are all in Latin script: ASCII, Latin-1 and the Latin Extended
    /// blocks (U+0080–U+024F), combining marks (U+0300–U+036F) and Latin Extended
    /// Additional (U+1E00–U+1EFF, Vietnamese), plus the few punctuation marks names use.
    ///
    /// - Complexity: O(*n*) in the name's length, without decoding.
    static func isLatin(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
            } else if (0xC2...0xC9).contains(lead) || lead == 0xCC || lead == 0xCD {
                i += 2
            } else if lead == 0xE1, i + 1 < bytes.count, (0xB8...0xBB).contains(bytes[i + 1]) {
                i += 3
            } else if lead == 0xE2, i + 1 < bytes.count, bytes[i + 1] == 0x80 {
                i += 3  // U+2000–U+203F: dashes, quotes ("Ra’s al Khaymah")
            } else {
                return false
            }
        }
        return true
    }

    /// Upper-case, lower-case and all letters in UTF-8 `bytes` (ASCII without decoding;
    /// the Basic Multilingual Plane by `caseClasses`; only scalars beyond it by their
    /// Unicode properties). Ill-formed bytes count as U+FFFD, which is no letter.
    ///
    /// - Complexity: O(*n*) in the length of `bytes`.
    static func caseCounts(_ bytes: UnsafeBufferPointer<UInt8>) -> (upper: Int, lower: Int, letters: Int) {
        caseCounts(bytes, until: .end)
    }

    /// Where `caseCounts(_:until:)` may stop reading.
    private enum Stop {
        /// At the end.
        case end
        /// At the first letter that makes both cases seen (upper and lower then above 0).
        case mixed
        /// At the first upper-case letter (upper then 1).
        case upper
    }

    /// `caseCounts(_:)`, or the counts up to where `stop` says, each scalar read on the
    /// bytes (`_SimpleCase.scalar(_:at:)`). An ill-formed byte is skipped, as U+FFFD,
    /// which is no letter, and a continuation byte after it starts no scalar: the counts
    /// the standard library's decoder gives.
    @inline(__always)
    private static func caseCounts(
        _ bytes: UnsafeBufferPointer<UInt8>, until stop: Stop
    ) -> (upper: Int, lower: Int, letters: Int) {
        var upper = 0, lower = 0, letters = 0, i = 0
        while i < bytes.count {
            let caseClass: UInt8
            let byte = bytes[i]
            if byte < 0x80 {
                caseClass = byte &- UInt8(ascii: "A") < 26 ? 2 : byte &- UInt8(ascii: "a") < 26 ? 3 : 0
                i &+= 1
            } else if let (value, length) = _SimpleCase.scalar(bytes, at: i), let scalar = Unicode.Scalar(value) {
                caseClass = value < 0x1_0000 ? caseClasses[Int(value)] : Self.caseClass(of: scalar)
                i &+= length
            } else {
                i &+= 1
                continue
            }
            if caseClass != 0 { letters += 1 }
            if caseClass == 2 { upper += 1 } else if caseClass == 3 { lower += 1 }
            switch stop {
            case .end: break
            case .mixed: if upper > 0 && lower > 0 { return (upper, lower, letters) }
            case .upper: if upper > 0 { return (upper, lower, letters) }
            }
        }
        return (upper, lower, letters)
    }

    /// Upper-case, lower-case and all letters in `text`.
    static func caseCounts(_ text: String) -> (upper: Int, lower: Int, letters: Int) {
        var text = text
        return text.withUTF8 { caseCounts($0) }
    }

    /// A scalar's class: 0 not a letter, 1 a letter without case, 2 upper-case, 3 lower-case
    /// (a letter both upper- and lower-case counts as upper-case).
    static func caseClass(of scalar: Unicode.Scalar) -> UInt8 {
        let properties = scalar.properties
        guard properties.isAlphabetic else { return 0 }
        return properties.isUppercase ? 2 : properties.isLowercase ? 3 : 1
    }

    /// `caseClass(of:)` of every scalar of the Basic Multilingual Plane (0 for surrogates),
    /// made on first use: the build asks it of every alternate name beyond ASCII, and a
    /// lookup per scalar is a tenth of the three property lookups.
    ///
    /// Read from the ranges `generate_case_classes.swift` wrote from this toolchain's
    /// Unicode properties (`_caseClassTableSource`, 1,599 ranges; `NameQualityTests`
    /// checks them against the properties): asking the properties of all 65,536 scalars
    /// took 57 M instructions, about as much as the rest of a cold start, in every process
    /// whose first rows had an alias beyond ASCII ("москва", "münchen", even "moskva").
    static let caseClasses: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 0x1_0000)
        table.withUnsafeMutableBufferPointer { table in
            _ScalarRanges.forEach(in: _caseClassTableSource) { first, last, caseClass in
                precondition(last < 0x1_0000 && (1...3).contains(caseClass), "the case class table is malformed")
                for value in Int(first)...Int(last) { table[value] = caseClass }
            }
        }
        return table
    }()

    /// Whether `a` becomes `b` by one insertion, deletion, substitution or transposition of
    /// adjacent bytes.
    static func isOneEdit(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard abs(a.count - b.count) <= 1 else { return false }
        var i = 0
        while i < a.count && i < b.count && a[i] == b[i] { i += 1 }
        if a.count == b.count {
            if i == a.count { return false }  // equal
            if a[(i + 1)...].elementsEqual(b[(i + 1)...]) { return true }  // substitution
            return i + 1 < a.count && a[i] == b[i + 1] && a[i + 1] == b[i]
                && a[(i + 2)...].elementsEqual(b[(i + 2)...])
        }
        return a.count > b.count ? a[(i + 1)...].elementsEqual(b[i...]) : a[i...].elementsEqual(b[(i + 1)...])
    }
}
