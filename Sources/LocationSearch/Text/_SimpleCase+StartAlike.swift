/// The comparison itself: what was typed (`Typed`), and whether a name's bytes start like
/// it, a scalar at a time or, where marks join a scalar, a character at a time.
extension _SimpleCase {
    /// What was typed, as `startAlike` compares it.
    enum Typed {
        /// Its scalars, each simple and its own lower case.
        case scalars([UInt32])
        /// It starts with a combining mark (a canonical combining class other than 0), as
        /// a stray vowel sign typed before a name does ("\u{650}al"). A name that starts
        /// with a simple scalar then starts like it in neither way: their first characters
        /// differ, the canonical decomposition of the name's starting with a starter and that
        /// of the typed one's with a mark.
        case markFirst
        /// Its characters, each a simple scalar (its own lower case) and the plain marks
        /// (`isPlainMark`) after it, some with marks: a transliteration typed with combining
        /// marks ("s\u{332}h\u{332}", "z\u{327}"). `scalars` in turn, character `k`
        /// ending before `ends[k]`.
        case clusters(scalars: [UInt32], ends: [Int])
    }

    /// `string` (lower-cased, as `typedSpelling` makes it) as `startAlike` compares it, or
    /// nil when only the `String` calls can.
    static func typed(ofLowercased string: String) -> Typed? {
        if let first = string.unicodeScalars.first, first.properties.canonicalCombiningClass != .notReordered {
            return .markFirst
        }
        // One pass: each scalar simple and its own lower case (as every simple scalar of a
        // `lowercased()` string is) or a plain mark; where characters end only once a mark
        // has been seen.
        var scalars: [UInt32] = [], ends: [Int]?
        for scalar in string.unicodeScalars {
            let value = scalar.value
            if lowercase(value) == value {
                ends?.append(scalars.count)
            } else if isPlainMark(value) && !scalars.isEmpty {
                if ends == nil { ends = Array(1..<scalars.count) }  // (one scalar each before it)
            } else {
                return nil
            }
            scalars.append(value)
        }
        guard var ends else { return .scalars(scalars) }
        ends.append(scalars.count)
        return .clusters(scalars: scalars, ends: ends)
    }

    /// Whether the name of UTF-8 `bytes`, lower-cased, starts like `typed` or `typed` like
    /// it (see `startAlike(_:_:settling:)` on scalars; for `.markFirst`, false when the name
    /// starts with a simple scalar), or nil when that needs the `String` calls.
    /// `verdicts`, if given, keeps the comparisons of marked characters that make `String`s,
    /// for the next name compared with the same `typed`.
    @inline(__always)
    static func startAlike(
        _ bytes: UnsafeBufferPointer<UInt8>, _ typed: Typed, settling: Bool = true, verdicts: Verdicts? = nil
    ) -> Bool? {
        switch typed {
        case .scalars(let scalars):
            return startAlike(bytes, scalars, settling: settling, verdicts: verdicts)
        case .markFirst:
            guard !bytes.isEmpty, let (value, _) = scalar(bytes, at: 0), lowercase(value) != nil else { return nil }
            return false
        case .clusters(let scalars, let ends):
            return characters(bytes, from: 0, compared: 0, scalars, ends: ends, settling: settling, verdicts: verdicts)
        }
    }

    /// Whether a name that starts with `start` and goes on past it starts like `typed` in
    /// neither way, as `startAlike(_:_:settling:)` of the whole name answers false when its
    /// first character tells (the most common answer: another letter, without marks); false
    /// when it takes more of the name to tell.
    ///
    /// That is: for `Typed.scalars`, a first scalar that is simple, whose lower case is not
    /// the first typed, followed in `start` by another simple scalar (not a mark, which
    /// would make the two one character); for `.markFirst`, a simple first scalar.
    ///
    /// - Complexity: O(1): the first two scalars are read.
    static func startsUnlike(_ start: UnsafeBufferPointer<UInt8>, _ typed: Typed) -> Bool {
        guard !start.isEmpty, let (value, length) = scalar(start, at: 0) else { return false }
        switch typed {
        case .scalars(let scalars):
            guard let first = scalars.first, let lower = lowercase(value), lower != first, length < start.count,
                  let (next, _) = scalar(start, at: length)
            else { return false }
            return lowercase(next) != nil
        case .markFirst:
            return lowercase(value) != nil
        case .clusters:
            return false
        }
    }

    /// `startAlike` a character at a time, from byte `i` of the name and typed character
    /// `compared` on (the characters before alike): the name's characters, each a simple
    /// scalar (or "İ", whose lower case is an i and a dot above) and the plain marks after
    /// it, against the typed ones, character `k` of `typed` ending before `ends[k]` (each one
    /// scalar when `ends` is nil). What was typed with marks (`Typed.clusters`) is compared
    /// so from the start, and simple scalars from the first name character with marks on.
    ///
    /// - Complexity: O(*t*) for *t* scalars typed: the name is read up to one character past.
    private static func characters(
        _ bytes: UnsafeBufferPointer<UInt8>, from i: Int, compared: Int, _ typed: [UInt32], ends: [Int]?,
        settling: Bool, verdicts: Verdicts?
    ) -> Bool? {
        var (i, compared) = (i, compared)
        let count = ends?.count ?? typed.count
        while i < bytes.count {
            guard let (value, length) = scalar(bytes, at: i) else { return nil }
            let dotted = value == dottedCapitalI
            guard let lower = dotted ? 0x69 : lowercase(value) else { return nil }  // (an i, and a dot above)
            if compared == count { return true }               // the name goes on: it starts with `typed`
            guard let end = marks(bytes, from: i &+ length) else { return nil }
            let characterScalars = ends.map { ends in (compared == 0 ? 0 : ends[compared &- 1])..<ends[compared] }
                ?? compared..<compared &+ 1
            switch character(lower, dotAbove: dotted, bytes, marks: i &+ length..<end, typed[characterScalars],
                             settling: settling, verdicts: verdicts) {
            case .differs: return false
            case .unknown: return nil
            case .same: i = end
            }
            compared &+= 1
        }
        return true                                            // `typed` starts with the name
    }

    /// Where the plain marks from byte `i` on end: at the next simple scalar, "İ" or the
    /// end; nil if a scalar before that is neither.
    private static func marks(_ bytes: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        var end = i
        while end < bytes.count {
            guard let (value, length) = scalar(bytes, at: end) else { return nil }
            if lowercase(value) != nil || value == dottedCapitalI { break }
            guard isPlainMark(value) else { return nil }
            end &+= length
        }
        return end
    }

    /// Whether the name of UTF-8 `bytes`, lower-cased, starts with `typed` (scalars, each
    /// simple and its own lower case) or `typed` with it: `lower.hasPrefix(typed) ||
    /// typed.hasPrefix(lower)` for `lower` the name's `lowercased()`; nil when that needs
    /// the `String` calls (a scalar that is neither simple nor a plain mark, up to the one
    /// after the shorter string's end or the first that differs, or bytes that are not
    /// UTF-8).
    ///
    /// A plain mark (`isPlainMark`) on a name's scalar makes the name's character there
    /// another than the scalar alone: when the scalar was the one typed, the two characters
    /// differ (the name's decomposes to more scalars); when it was not, the character with
    /// its marks is compared with the typed one (the H̱ of "H̱olon", an h and a macron below,
    /// against a typed "ḥ", an h with a dot below), and when they are the same character
    /// (an e and an acute accent against a typed "é") the comparison goes on after it.
    ///
    /// `settling` false leaves that last comparison, which makes a `String`, to the caller
    /// (nil): a quick test before cheaper ones.
    ///
    /// - Complexity: O(*t*) for *t* scalars typed: the name is read up to one character past.
    static func startAlike(
        _ bytes: UnsafeBufferPointer<UInt8>, _ typed: [UInt32], settling: Bool = true, verdicts: Verdicts? = nil
    ) -> Bool? {
        var i = 0, compared = 0
        // Each scalar up to the one after the first that differs or after `typed` ends: the
        // cluster the comparison stops in ends there only if that one is simple.
        while i < bytes.count {
            guard let (value, length) = scalar(bytes, at: i) else { return nil }
            guard let lower = lowercase(value) else {
                // "İ": a character at a time from here.
                if value == dottedCapitalI {
                    return characters(
                        bytes, from: i, compared: compared, typed, ends: nil, settling: settling, verdicts: verdicts)
                }
                // A mark on the name's last scalar compared, which was the one typed.
                return compared > 0 && isPlainMark(value) ? false : nil
            }
            let start = i
            i &+= length
            if compared == typed.count { return true }        // `lower` starts with `typed`
            if lower != typed[compared] {
                // (Most often the name's next scalar is simple, or there is none: they differ.)
                guard i < bytes.count else { return false }
                if let (next, _) = scalar(bytes, at: i), lowercase(next) != nil { return false }
                // Marks on it: a character at a time from here.
                return characters(
                    bytes, from: start, compared: compared, typed, ends: nil, settling: settling, verdicts: verdicts)
            }
            compared &+= 1
        }
        return true                                           // `typed` starts with `lower`
    }

    /// How a name's character compares with a typed one (`character`).
    private enum Comparison {
        case differs, same
        /// Only the `String` calls can tell.
        case unknown
    }

    /// How the name's character of simple scalar `lower` (after "İ", an i with `dotAbove`)
    /// and the plain marks of bytes `marks` compares with the typed character `typed` (a
    /// simple scalar and plain marks): unknown if, unless `settling`, the answer needs a
    /// `String` of each, which `verdicts` keeps.
    private static func character(
        _ lower: UInt32, dotAbove: Bool, _ bytes: UnsafeBufferPointer<UInt8>, marks: Range<Int>,
        _ typed: ArraySlice<UInt32>, settling: Bool, verdicts: Verdicts?
    ) -> Comparison {
        let first = typed[typed.startIndex]
        let marked = dotAbove || !marks.isEmpty
        if !marked && typed.count == 1 { return lower == first ? .same : .differs }
        // The same scalars: the same character.
        if lower == first && marked && typed.count > 1 {
            var k = marks.lowerBound, t = typed.startIndex &+ 1, alike = true
            if dotAbove { alike = typed[t] == combiningDotAbove.value; t &+= 1 }
            while alike && k < marks.upperBound, t < typed.endIndex, let (value, length) = scalar(bytes, at: k) {
                alike = value == typed[t]
                (k, t) = (k &+ length, t &+ 1)
            }
            if alike && k == marks.upperBound && t == typed.endIndex { return .same }
        }
        // Marks on one side only, against a scalar below U+00C0 on the other, which
        // decomposes to no marks (the first canonical decomposition is U+00C0's): their
        // decompositions differ in length.
        if marked != (typed.count > 1) && (marked ? first : lower) < 0xC0 { return .differs }
        guard settling, let base = Unicode.Scalar(lower) else { return .unknown }
        if let same = verdicts?.verdict(lower, dotAbove: dotAbove, bytes, marks: marks, typed) {
            return same ? .same : .differs
        }
        // A `String` of each character, compared as characters are.
        var name = String.UnicodeScalarView(), other = String.UnicodeScalarView()
        name.append(base)
        if dotAbove { name.append(combiningDotAbove) }
        var k = marks.lowerBound
        while k < marks.upperBound, let (value, length) = scalar(bytes, at: k), let mark = Unicode.Scalar(value) {
            name.append(mark)
            k &+= length
        }
        for value in typed {
            guard let scalar = Unicode.Scalar(value) else { return .unknown }
            other.append(scalar)
        }
        let same = String(name) == String(other)
        verdicts?.keep(same, lower, dotAbove: dotAbove, bytes, marks: marks, typed)
        return same ? .same : .differs
    }
}
