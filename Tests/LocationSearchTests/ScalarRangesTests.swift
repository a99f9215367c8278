import Testing
@testable import LocationSearch

@Suite("Scalar range tables", .holdsItsThread)
struct ScalarRangesTests {
    /// Each line's range and value, in order: hex scalars in either case, decimal values,
    /// empty lines skipped, the last line without a line end.
    @Test func linesReadBackAsWritten() {
        var ranges: [(UInt32, UInt32, UInt8)] = []
        _ScalarRanges.forEach(in: "0-1F=0\n\n41-5a=2\n10FFFF-10FFFF=12") { ranges.append(($0, $1, $2)) }
        #expect(ranges.map(\.0) == [0, 0x41, 0x10FFFF])
        #expect(ranges.map(\.1) == [0x1F, 0x5A, 0x10FFFF])
        #expect(ranges.map(\.2) == [0, 2, 12])
        var none = 0
        _ScalarRanges.forEach(in: "") { _, _, _ in none += 1 }
        #expect(none == 0)
    }

    /// Lines with either mark, and values below zero.
    @Test func marksAndNegativeValuesReadBack() {
        var ranges: [(UInt32, UInt32, UInt8, Int)] = []
        _ScalarRanges.forEachRange(in: "100-12F~1\n178-178=-121\n\n1E9E-1E9E=-7615\n20-40=0") {
            ranges.append(($0, $1, $2, $3))
        }
        #expect(ranges.map(\.0) == [0x100, 0x178, 0x1E9E, 0x20])
        #expect(ranges.map(\.1) == [0x12F, 0x178, 0x1E9E, 0x40])
        #expect(ranges.map(\.2) == Array("~==".utf8) + [UInt8(ascii: "=")])
        #expect(ranges.map(\.3) == [1, -121, -7615, 0])
    }

    /// Both generated tables read whole: as many ranges as lines, rising and disjoint.
    @Test(arguments: [_terminalWidthTableSource, _caseClassTableSource])
    func theGeneratedTablesAreWellFormed(_ source: String) {
        var count = 0, previousLast: UInt32? = nil
        _ScalarRanges.forEach(in: source) { first, last, _ in
            #expect(previousLast.map { $0 < first } ?? true)
            previousLast = last
            count += 1
        }
        #expect(count == source.split(separator: "\n").count)
    }
}
