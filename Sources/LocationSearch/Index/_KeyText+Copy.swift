extension _KeyText.Buffers {
    /// Copies text `t`'s bytes (below the text count of a column that passed
    /// `_KeyText.isConsistent`) into `out`, up to its end and at most `limit` bytes (and
    /// fewer than `1 << shift`, the most a reference's start reaches); returns how many.
    /// A damaged block gives other bytes, never a read outside the column (see
    /// `entry(_:)`). What a name coded over its fold decodes from (`_NameFolds`).
    ///
    /// - Complexity: O(*n*) for the *n* bytes copied.
    @inline(__always)
    func copy(text t: Int, into out: UnsafeMutablePointer<UInt8>, limit: Int) -> Int {
        let (head, shared, own, end) = entry(t)
        let most = min(limit, (1 &<< shift) &- 1)
        var q = 0
        // The bytes the text shares with its head (none past the head's end: a shared
        // length is at most the head's), then its own.
        let inHead = min(shared, most)
        while q < inHead {
            out[q] = bytes.load(fromByteOffset: head &+ q, as: UInt8.self)
            q &+= 1
        }
        let from = own &- shared, stop = min(most, end &- from)
        while q < stop {
            out[q] = bytes.load(fromByteOffset: from &+ q, as: UInt8.self)
            q &+= 1
        }
        return q
    }
}
