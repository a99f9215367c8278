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
        let entry = entry(t)
        let most = min(limit, (1 &<< shift) &- 1)
        var q = 0
        // The bytes the text shares with its head, then those it shares with its base (a
        // shared length is at most what its base has), then its own.
        @inline(__always) func copy(from: Int, to stop: Int) {
            while q < stop {
                out[q] = bytes.load(fromByteOffset: from &+ q, as: UInt8.self)
                q &+= 1
            }
        }
        copy(from: entry.head, to: min(entry.inHead, most))
        copy(from: entry.middle, to: min(entry.shared, most))
        let own = entry.own &- entry.shared
        copy(from: own, to: min(most, entry.end &- own))
        return q
    }
}
