import Foundation
import Testing
@testable import LocationSearch

@Suite("Simple case", .holdsItsThread)
struct SimpleCaseTests {
    /// A starter that is not a mark, a control or unassigned, and not excluded from
    /// composition: as `generate_simple_case.swift` defines it.
    static func isStarterLetterLike(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format, .surrogate, .privateUse,
             .unassigned, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return properties.canonicalCombiningClass == .notReordered && !properties.isFullCompositionExclusion
        }
    }

    /// The lower case of `scalar` if it is simple (and its lower case lies in the blocks
    /// `_SimpleCase` covers), from its Unicode properties.
    static func reference(_ value: UInt32) -> UInt32? {
        guard let scalar = Unicode.Scalar(value), isStarterLetterLike(scalar) else { return nil }
        let lower = Array(scalar.properties.lowercaseMapping.unicodeScalars)
        guard lower.count == 1, isStarterLetterLike(lower[0]),
              Array(lower[0].properties.lowercaseMapping.unicodeScalars) == [lower[0]],
              covered(lower[0].value)
        else { return nil }
        return lower[0].value
    }

    static func covered(_ value: UInt32) -> Bool {
        (_SimpleCase.tableBlocks + _SimpleCase.caselessBlocks).contains { $0.contains(value) }
    }

    /// The simple scalars: every one of the table's blocks, every 7th of the caseless ones.
    static let simpleScalars: [UInt32] = {
        var scalars: [UInt32] = []
        for block in _SimpleCase.tableBlocks { scalars += block.filter { _SimpleCase.lowercase($0) != nil } }
        for block in _SimpleCase.caselessBlocks { scalars += stride(from: block.lowerBound, through: block.upperBound, by: 7) }
        return scalars
    }()

    /// Up to six random scalars: most from a small alphabet of letters with and without
    /// marks, the rest simple scalars or, unless `simpleOnly`, others (marks, "İ", the
    /// Kelvin sign, the Greek question mark, CR LF, Thai, joiners).
    static func randomText(simpleOnly: Bool, using random: inout SeededGenerator) -> String {
        let others: [UInt32] = [0x301, 0x308, 0x327, 0x130, 0x212A, 0x37E, 0x0D, 0x0A, 0xE33, 0xE01, 0x1F1E6, 0x200D,
                                0x1100, 0x1161, 0x3099, 0xFB01, 0x1F88, 0x323, 0x331, 0x340, 0x344, 0x345, 0x34F,
                                0x5B5, 0x650, 0x653]
        let alphabet: [UInt32] = Array("aeiouAEIOUéÉüÜσΣςяЯ東ḩḨǅǆ -'hHḥẖاآח".unicodeScalars.map(\.value))
        var view = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            let pick = Int.random(in: 0..<10, using: &random)
            let value = pick < 6 ? alphabet.randomElement(using: &random)!
                : pick < 9 || simpleOnly ? simpleScalars.randomElement(using: &random)!
                : others.randomElement(using: &random)!
            view.append(Unicode.Scalar(value)!)
        }
        return String(view)
    }

    /// The table (`_simpleCaseTableSource`) is the properties' for every scalar of its
    /// blocks, every scalar of the caseless blocks is simple and its own lower case, and
    /// no other scalar of the Basic Multilingual Plane is simple. If a toolchain's Unicode
    /// data differ, run `generate_simple_case.swift` (Sources/LocationSearch/Generated).
    @Test func theTableHoldsThePropertiesLowerCase() {
        var wrong: [UInt32] = []
        for value in UInt32(0)..<0x1_0000 {
            let inTable = _SimpleCase.tableBlocks.contains { $0.contains(value) }
            let caseless = _SimpleCase.caselessBlocks.contains { $0.contains(value) }
            let expected: UInt32? = inTable ? Self.reference(value) : caseless ? value : nil
            if _SimpleCase.lowercase(value) != expected || (caseless && Self.reference(value) != value) {
                wrong.append(value)
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
        #expect(_SimpleCase.lowercase(0x10_0000) == nil && _SimpleCase.lowercase(0x1_F600) == nil)
        // Some the comparison must leave to the `String` calls.
        for value: UInt32 in [0x0D, 0x130, 0x301, 0x308, 0x37E, 0x212A, 0xE33, 0x1100, 0x3099] {
            #expect(_SimpleCase.lowercase(value) == nil, "U+\(String(value, radix: 16))")
        }
    }

    /// No two simple scalars are canonically equivalent (a set of `Character`s, which
    /// hashes equivalent ones alike, keeps every one), each is one `Character`, and stays
    /// one beside others of every block.
    @Test func simpleScalarsAreDistinctCharactersOfTheirOwn() {
        let scalars = Self.simpleScalars
        #expect(scalars.count > 2_000)
        let characters = Set(scalars.map { Character(Unicode.Scalar($0)!) })
        #expect(characters.count == scalars.count)
        let probes: [UInt32] = [0x20, 0x41, 0x7A, 0x2D, 0x27, 0xE9, 0x130 + 1, 0x1C5, 0x2BC, 0x391, 0x3C3, 0x410, 0x451,
                                0x531, 0x5D0, 0x627, 0x640, 0x10D0, 0x1E9E, 0x1EA1, 0x2018, 0x2019, 0x3042, 0x30A2, 0x4E2D, 0xAC00, 0xD7A3]
        var joined: [String] = []
        for value in scalars {
            let scalar = Unicode.Scalar(value)!
            for probe in probes {
                let other = Unicode.Scalar(probe)!
                var pair = String.UnicodeScalarView()
                pair.append(scalar)
                pair.append(other)
                var reversed = String.UnicodeScalarView()
                reversed.append(other)
                reversed.append(scalar)
                if String(pair).count != 2 || String(reversed).count != 2 {
                    joined.append(String(value, radix: 16) + "+" + String(probe, radix: 16))
                }
            }
        }
        #expect(joined.isEmpty, "\(joined.prefix(10))")
    }

    /// Every plain mark joins the character before it, is its own lower case and has no
    /// canonical decomposition (Foundation's); the marks of its blocks it leaves out do not.
    @Test func plainMarks() {
        var plain = 0
        for block in [0x300...0x36F, 0x591...0x5C7, 0x610...0x61A, 0x64B...0x65F, 0x670...0x670] as [ClosedRange<UInt32>] {
            for value in block {
                let scalar = Unicode.Scalar(value)!, text = String(scalar)
                let own = text.lowercased() == text
                    && Array(text.decomposedStringWithCanonicalMapping.unicodeScalars) == [scalar]
                    && scalar.properties.canonicalCombiningClass != .notReordered
                #expect(_SimpleCase.isPlainMark(value) == own, "\(value)")
                if own { plain += 1; #expect(("a" + text).count == 1, "\(value)") }
            }
        }
        #expect(plain > 180)
    }

    /// Bytes that are not UTF-8 leave the answer to the `String` calls, and are never read
    /// past.
    @Test func bytesThatAreNotUTF8() {
        let typed: [UInt32] = [0x61]
        for bytes: [UInt8] in [[0x80], [0xC3], [0xC0, 0x81], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80],
                               [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xC3, 0x28], [0xFF]] {
            #expect(bytes.withUnsafeBufferPointer { _SimpleCase.startAlike($0, typed) } == nil, "\(bytes)")
        }
        // Decoded alike where they are UTF-8.
        for value: UInt32 in [0x41, 0xE9, 0x20AC, 0x1F600, 0x10FFFF, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000] {
            let bytes = Array(String(Unicode.Scalar(value)!).utf8)
            let decoded = bytes.withUnsafeBufferPointer { _SimpleCase.scalar($0, at: 0) }
            #expect(decoded?.0 == value && decoded?.1 == bytes.count)
        }
    }

    /// The files' UTF-8 check (`_isUTF8`, on bytes, eight ASCII bytes at a time) judges
    /// as `String(validating:as:)` does: random runs of ASCII, scalars of every width, cut
    /// scalars, stray continuation bytes, overlong forms, surrogates and bytes past
    /// U+10FFFF, at every alignment.
    @Test func theUTF8CheckAgreesWithTheStandardLibrary() {
        var random = SeededGenerator(seed: 23)
        let pieces: [[UInt8]] = ["a", "San Francisco\t", "é", "東", "🇫🇷", "\n"].map { Array($0.utf8) }
            + [[0x80], [0xBF], [0xC0, 0x81], [0xC1, 0xBF], [0xC3], [0xE2, 0x82], [0xE0, 0x80, 0x80],
               [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
               [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xF0, 0x9F]]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &random) { bytes += pieces.randomElement(using: &random)! }
            let expected = String(validating: bytes, as: UTF8.self) != nil
            #expect(bytes.withUnsafeBufferPointer { $0._isUTF8 } == expected, "\(bytes)")
        }
    }
}
