/// How the coder lowers a name for the `.title` mode: each capital a word starts with
/// made the scalar that `upper(_:)` takes back to it.
extension _NameFolds.Coder {
    /// `display` with each scalar that `mode` upper-cases replaced by one that
    /// `upper(_:)` takes to it (lower case where there is one), at `lowered` (room for
    /// `display.count` bytes); false when such a scalar has none (a lower-case letter
    /// at a word's start) or is not whole (a lead byte without its second).
    static func lowered(
        _ display: UnsafeBufferPointer<UInt8>, _ mode: _NameFolds.Mode, at lowered: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        guard let start = display.baseAddress else { return true }
        lowered.update(from: start, count: display.count)
        guard mode != .none else { return true }
        var i = 0, starts = true
        while i < display.count {
            let byte = display[i]
            if byte < 0x80 {
                if starts {
                    if byte >= 0x61 && byte <= 0x7A { return false }
                    if byte >= 0x41 && byte <= 0x5A { lowered[i] = byte &+ 0x20 }
                }
                starts = _NameFolds.startsWord(after: byte, mode)
                i &+= 1
                continue
            }
            if starts && byte & 0xE0 == 0xC0 && i &+ 1 < display.count {
                guard display[i &+ 1] & 0xC0 == 0x80 else { return false }
                let scalar = UInt32(byte & 0x1F) &<< 6 | UInt32(display[i &+ 1] & 0x3F)
                let lower = lowerTable[Int(scalar)]
                guard lower != noLower else { return false }
                lowered[i] = 0xC0 | UInt8(truncatingIfNeeded: lower &>> 6)
                lowered[i &+ 1] = 0x80 | UInt8(truncatingIfNeeded: lower & 0x3F)
            }
            starts = _NameFolds.startsWord(after: byte, mode)
            i &+= 1
            while i < display.count && display[i] & 0xC0 == 0x80 { i &+= 1 }
        }
        return true
    }

    /// `lowered(_:_:at:)` into an array (tests).
    static func lowered(
        _ display: UnsafeBufferPointer<UInt8>, _ mode: _NameFolds.Mode, into lowered: inout [UInt8]
    ) -> Bool {
        lowered = [UInt8](repeating: 0, count: display.count)
        return lowered.withUnsafeMutableBufferPointer { Self.lowered(display, mode, at: $0.baseAddress!) }
    }

    /// `lower(_:)` of each scalar below 0x800 (`noLower` for nil), worked out once: the
    /// coder lowers every capital of the names it tries a case mode on.
    private static let lowerTable: [UInt16] = (0..<0x800).map { scalar in
        lower(UInt32(scalar)).map { UInt16($0) } ?? noLower
    }
    private static let noLower = UInt16.max

    /// How far below a lower-case letter its upper case is, in the blocks `upper(_:)` knows.
    private static let lowerOffsets: [UInt32] = [0x20, 1, 0x25, 0x26, 0x3F, 0x40, 0x50, 0x30]

    /// A two-byte scalar that `upper(_:)` takes to `scalar`: its lower case when it
    /// has one, else itself if `upper` keeps it, else nil.
    static func lower(_ scalar: UInt32) -> UInt32? {
        for offset in Self.lowerOffsets {
            let candidate = scalar + offset
            if candidate <= 0x7FF && candidate != scalar && _NameFolds.upper(candidate) == scalar {
                return candidate
            }
        }
        return _NameFolds.upper(scalar) == scalar ? scalar : nil
    }
}
