/// The coder's edits: the copy, skip and literal operations that make a name from its
/// fold, found greedily, and how they are written as codes.
extension _NameFolds.Coder {
    /// Writes at `units[count...]` the edit operations that make `target` from `fold`:
    /// runs the two share are copied; where they differ, the fewest literal bytes
    /// (then the fewest skipped) after which they agree again (on three bytes, or to
    /// both ends), greedily. False, and the codes unfinished, once they reach `limit`.
    /// `units` has room for 3 codes a byte of the two; `literal` for a code a byte of
    /// `target`.
    static func edits(
        from fold: UnsafeBufferPointer<UInt8>, to target: UnsafeBufferPointer<UInt8>,
        _ lookup: _SymbolTable.Encoder.Lookup, into units: UnsafeMutablePointer<UInt16>, count: inout Int,
        literal: UnsafeMutablePointer<UInt16>, window: UnsafeMutablePointer<UInt32>, below limit: Int
    ) -> Bool {
        var i = 0, j = 0, copy = 0
        let foldCount = fold.count, targetCount = target.count
        // Whether the two agree from `i` and `j` on: on three bytes, or to both ends.
        // (The first byte decides most calls: this is the coder's inner loop.)
        @inline(__always)
        func agree(_ i: Int, _ j: Int) -> Bool {
            let left = foldCount &- i, right = targetCount &- j
            if left >= 3 && right >= 3 {
                return fold[i] == target[j] && fold[i &+ 1] == target[j &+ 1] && fold[i &+ 2] == target[j &+ 2]
            }
            guard left == right else { return false }
            for k in 0..<left where fold[i &+ k] != target[j &+ k] { return false }
            return true
        }
        while true {
            while i < foldCount && j < targetCount && fold[i] == target[j] {
                i &+= 1
                j &+= 1
                copy &+= 1
            }
            if j == targetCount && i == foldCount { return count < limit }
            if count &+ 1 >= limit { return false }
            var skip = foldCount &- i, insert = targetCount &- j
            // The fewest literal bytes `b`, then the fewest skipped `a` (≤ 16), after which
            // they agree: only the `a` whose byte is `target[j + b]` can (bit `a` of
            // `window[byte]` says `fold[i + a]` is `byte`), and with the target's end
            // only the fold's end.
            let reach = min(17, foldCount &- i)
            for a in 0..<reach { window[Int(fold[i &+ a])] |= 1 &<< UInt32(a) }
            // (A while loop: a closed range's iteration is not specialized away.)
            var b = 0
            let lastB = min(24, targetCount &- j)
            // (An edit of `b` literal bytes takes an operation and a code per 8 bytes at
            // least: once that reaches `limit`, so would any later `b`.)
            var hopeless = false
            search: while b <= lastB {
                if count &+ 1 &+ (b &+ 7) &>> 3 >= limit {
                    hopeless = true
                    break
                }
                guard j &+ b < targetCount else {
                    if foldCount &- i <= 16 { (skip, insert) = (foldCount &- i, b) }
                    break
                }
                var bits = window[Int(target[j &+ b])] & (b == 0 ? ~1 : ~0)
                while bits != 0 {
                    let a = bits.trailingZeroBitCount
                    bits &= bits &- 1
                    if agree(i &+ a, j &+ b) {
                        (skip, insert) = (a, b)
                        break search
                    }
                }
                b &+= 1
            }
            for a in 0..<reach { window[Int(fold[i &+ a])] = 0 }
            if hopeless || count &+ 1 &+ (insert &+ 7) &>> 3 >= limit { return false }
            emit(copy: copy, skip: skip, literal: UnsafeBufferPointer(rebasing: target[j..<(j &+ insert)]),
                 lookup, into: units, count: &count, codes: literal)
            i &+= skip
            j &+= insert
            copy = 0
        }
    }

    /// Writes at `units[count...]` operations that copy `copy` bytes, skip `skip` and
    /// write `literal` (its codes first coded at `codes`).
    @inline(__always)
    private static func emit(
        copy: Int, skip: Int, literal: UnsafeBufferPointer<UInt8>, _ lookup: _SymbolTable.Encoder.Lookup,
        into units: UnsafeMutablePointer<UInt16>, count: inout Int, codes: UnsafeMutablePointer<UInt16>
    ) {
        let literals = literal.isEmpty ? 0 : lookup.encode(literal, readable: literal.count, into: codes)
        var copy = copy, skip = skip, next = 0
        while copy > 31 {
            units[count] = 31
            count &+= 1
            copy &-= 31
        }
        while skip > 7 {
            units[count] = UInt16(truncatingIfNeeded: copy | 7 &<< 5)
            count &+= 1
            copy = 0
            skip &-= 7
        }
        repeat {
            let take = min(15, literals &- next)
            units[count] = UInt16(truncatingIfNeeded: copy | skip &<< 5 | take &<< 8)
            count &+= 1
            for k in 0..<take { units[count &+ k] = codes[next &+ k] }
            count &+= take
            (copy, skip, next) = (0, 0, next &+ take)
        } while next < literals
    }
}
