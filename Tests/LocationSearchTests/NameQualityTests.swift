import Testing
@testable import LocationSearch

@Suite("Name quality", .holdsItsThread)
struct NameQualityTests {
    /// The case class of `scalar` from its Unicode properties, as the counts define it.
    static func reference(_ scalar: Unicode.Scalar) -> UInt8 {
        guard scalar.properties.isAlphabetic else { return 0 }
        return scalar.properties.isUppercase ? 2 : scalar.properties.isLowercase ? 3 : 1
    }

    @Test func theTableHoldsEveryBasicPlaneScalarsClass() {
        let table = _NameQuality.caseClasses
        #expect(table.count == 0x1_0000)
        var wrong: [UInt32] = []
        for value in UInt32(0)..<0x1_0000 {
            let expected = Unicode.Scalar(value).map(Self.reference) ?? 0
            if table[Int(value)] != expected { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10).map { String($0, radix: 16) })")
    }

    @Test func countsAgreeWithThePropertiesInEveryPlane() {
        // Runs of 64 scalars across all planes, each counted on its bytes and by properties.
        var value: UInt32 = 0
        var mismatches = 0
        while value < 0x11_0000 {
            let scalars = (value..<min(value + 64, 0x11_0000)).compactMap(Unicode.Scalar.init)
            value += 64
            var text = String(String.UnicodeScalarView(scalars))
            let counts = text.withUTF8 { _NameQuality.caseCounts($0) }
            let classes = scalars.map(Self.reference)
            let expected = (classes.filter { $0 == 2 }.count, classes.filter { $0 == 3 }.count, classes.filter { $0 != 0 }.count)
            if counts != expected { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("Counts of names", arguments: [
        ("Berlin", 1, 5, 6), ("münchen", 0, 7, 7), ("MÜNCHEN", 7, 0, 7), ("Москва", 1, 5, 6), ("北京", 0, 0, 2),
        ("São Paulo", 2, 6, 8), ("", 0, 0, 0), ("42", 0, 0, 0), ("𝐀b", 1, 1, 2),
    ])
    func countsOfNames(name: String, upper: Int, lower: Int, letters: Int) {
        let counts = _NameQuality.caseCounts(name)
        #expect(counts.upper == upper && counts.lower == lower && counts.letters == letters)
    }

    @Test func illFormedBytesAreNoLetters() {
        let bytes: [UInt8] = [0x41, 0xC3, 0x28, 0xFF, 0x62, 0xE2, 0x82]  // "A", bad, "(", bad, "b", cut
        let counts = bytes.withUnsafeBufferPointer { _NameQuality.caseCounts($0) }
        #expect(counts.upper == 1 && counts.lower == 1 && counts.letters == 2)
    }
}
