import Foundation
import Testing
@testable import LocationSearch

/// `_trimmingHorizontalSpace()`, the library's stand-in for Foundation's
/// `trimmingCharacters(in: .whitespaces)` (the library has only FoundationEssentials on
/// Linux), against the real one.
@Suite("Trimming white space", .holdsItsThread)
struct TrimmingTests {
    @Test func everyScalarIsTrimmedAsFoundationTrimsIt() {
        var differ: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            if text._trimmingHorizontalSpace() != text.trimmingCharacters(in: .whitespaces) {
                differ.append("U+" + String(value, radix: 16, uppercase: true))
            }
        }
        #expect(differ.isEmpty, "\(differ)")
    }

    @Test(arguments: [
        "", " ", "\t \u{3000}", "Berlin", "  São Paulo \t", "\u{200B}x\u{200B}", "a\u{A0}b", "\u{2003}東京\u{3000}",
        " e\u{301} ", "\u{301} x",
    ])
    func textIsTrimmedAsFoundationTrimsIt(_ text: String) {
        #expect(text._trimmingHorizontalSpace() == text.trimmingCharacters(in: .whitespaces))
        #expect(text[...]._trimmingHorizontalSpace() == text.trimmingCharacters(in: .whitespaces))
    }
}
