extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes are well-formed UTF-8, as `String(validating:as:)` judges them,
    /// without making a `String` (which copied each megabyte it checked): ASCII eight bytes
    /// at a time, each other scalar by `_SimpleCase.scalar(_:at:)` (the shortest form, no
    /// surrogate, nothing past U+10FFFF).
    ///
    /// - Complexity: O(*n*).
    var _isUTF8: Bool {
        guard let base = baseAddress else { return true }
        var i = 0
        while i < count {
            if i &+ 8 <= count
                && UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i &+= 8
                continue
            }
            if base[i] < 0x80 {
                i &+= 1
                continue
            }
            guard let (_, length) = _SimpleCase.scalar(self, at: i) else { return false }
            i &+= length
        }
        return true
    }
}
