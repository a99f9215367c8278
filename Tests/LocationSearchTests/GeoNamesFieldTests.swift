import Foundation
import Testing
@testable import LocationSearch

/// The GeoNames reader's bytes and fields: invalid UTF-8 and byte order marks, trimming,
/// languages, coordinates, and `ByteKeys`, the reader's table of codes by their bytes.
@Suite("GeoNames files: bytes, fields and keys", .holdsItsThread)
struct GeoNamesFieldTests {
    @Test func invalidUTF8IsAnErrorWithItsLine() throws {
        var bytes = Array("1\tA\t\t\t1\t0\tP\t\tUS\t\t\t\t\t\t1\t\t\t\t\n".utf8)
        bytes += [0x32, 0x09, 0xFF, 0xFE, 0x0A]
        let directory = try GazetteerTests.copyOfFixtures(replacing: "cities500.txt", with: Data(bytes))
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: GazetteerError.malformedRow(file: "cities500.txt", line: 2, reason: "not valid UTF-8")) {
            try Gazetteer(geoNamesDirectory: directory)
        }
    }

    @Test("A byte order mark at the start of any file is accepted", arguments: [
        "cities500.txt", "admin1CodesASCII.txt", "countryInfo.txt",
    ])
    func byteOrderMark(_ file: String) throws {
        let fixtures = Fixtures.directory("geonames")
        let plain = try Gazetteer(geoNamesDirectory: fixtures)
        let contents = try Data(contentsOf: fixtures.appendingPathComponent(file))
        let directory = try GazetteerTests.copyOfFixtures(replacing: file, with: Data([0xEF, 0xBB, 0xBF]) + contents)
        defer { try? FileManager.default.removeItem(at: directory) }
        let marked = try Gazetteer(geoNamesDirectory: directory)
        #expect(Array(marked.places) == Array(plain.places))
        #expect(marked.loadReport == plain.loadReport)
    }

    @Test("Fields are trimmed of white space as Foundation trims it, on their bytes when ASCII", arguments: [
        "Berlin", " Berlin ", "\tBerlin\t", "  ", "", "\u{A0}Zürich\u{A0}", "\u{3000}東京 ", "São Paulo",
        " \u{2003}Łódź", "Ä", "Foo\u{200B}", "\u{A0}", "a \u{A0}",
    ])
    func fieldsAreTrimmedAsFoundationTrims(text: String) {
        let field = ArraySlice(Array(text.utf8))
        #expect(_GeoNamesReader.string(field) == text.trimmingCharacters(in: .whitespaces))
    }

    @Test func anAlternateNameKeepsItsLanguagesPrimarySubtag() {
        let primary = _GeoNamesReader.primaryLanguage
        #expect(primary("") == "")
        #expect(primary("de") == "de")
        #expect(primary("fil") == "fil")
        #expect(primary("zh-Hant") == "zh")
        #expect(primary("pt_BR") == "pt")
        #expect(primary("-de") == "de")  // (an empty piece is no subtag)
        // GeoNames' pseudo-languages and anything not two or three lower-case ASCII letters.
        for language in ["link", "post", "iata", "wkdt", "fr_1793", "--", "DE", "dé", "d", "abcd-x"] {
            #expect(primary(language) == nil, "\(language)")
        }
        #expect(primary("fr_1794") == "fr")
    }

    @Test func byteKeysFindWhatWasAddedUnderItsSalt() {
        var keys = _GeoNamesReader.ByteKeys()
        func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
        // More keys than the first table's slots hold: it grows and finds them all again.
        let codes = (0..<500).map { "R\($0)" } + ["", "ÎLE"]
        for (n, code) in codes.enumerated() {
            #expect(bytes(code).withUnsafeBufferPointer { keys.number(of: $0, salt: 7) } == nil)
            #expect(bytes(code).withUnsafeBufferPointer { keys.add($0, salt: 7) } == n)
        }
        #expect(keys.count == codes.count)
        for (n, code) in codes.enumerated() {
            #expect(bytes(code).withUnsafeBufferPointer { keys.number(of: $0, salt: 7) } == n)
            // The same bytes under another salt (another country's region) are another key.
            #expect(bytes(code).withUnsafeBufferPointer { keys.number(of: $0, salt: 8) } == nil)
        }
        #expect(bytes("R1 ").withUnsafeBufferPointer { keys.number(of: $0, salt: 7) } == nil)
    }

    @Test func coordinatesAreReadAsDoubleReadsThem() {
        // Plain decimals take the fast path; the rest (`nil`) are left to `Double(String)`.
        var fields = [
            "0", "-0", "0.0", "-0.0", "42.50729", "-71.05977", " 1.5 ", "90", "-180.000000", "0.1", "0.3",
            "123456789012345", "1.23456789012345", "9007199254.74099", "00012.500", "89.999999999999",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...15, using: &generator)
            let text = String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
            let point = Int.random(in: 0..<digits, using: &generator)
            let sign = Bool.random(using: &generator) ? "-" : ""
            fields.append(point == 0 ? sign + text : sign + text.prefix(point) + "." + text.dropFirst(point))
        }
        for field in fields {
            let value = Array(field.utf8).withUnsafeBufferPointer { _GeoNamesReader.decimal($0) }
            let expected = Double(field.trimmingCharacters(in: .whitespaces))
            #expect(value?.bitPattern == expected?.bitPattern, "\(field)")
        }
        for field in ["", "-", ".5", "5.", "1e5", "0x1p3", "1.2.3", "+1", "inf", "nan", "1234567890123456", "1,5"] {
            #expect(Array(field.utf8).withUnsafeBufferPointer { _GeoNamesReader.decimal($0) } == nil, "\(field)")
        }
    }
}
