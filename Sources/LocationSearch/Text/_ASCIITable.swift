/// 128 bytes indexed by an ASCII byte, read from a string literal in the binary's constant
/// data: a lookup is one load. (Held as a tuple, each lookup copied the whole table onto
/// the stack, sixteen loads and stores a byte, in every loop that folds ASCII.)
struct _ASCIITable: Sendable, Sequence {
    private let bytes: StaticString

    /// The table of `literal`'s 128 bytes (all ASCII, so each is one UTF-8 byte).
    init(_ literal: StaticString) {
        precondition(literal.hasPointerRepresentation && literal.utf8CodeUnitCount == 128,
                     "an ASCII table is 128 bytes")
        bytes = literal
    }

    /// The entry for `index` (0..<128; checked).
    @inline(__always)
    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < 128)
        return bytes.utf8Start[index]
    }

    func makeIterator() -> IndexingIterator<[UInt8]> {
        (0..<128).map { self[$0] }.makeIterator()
    }
}
