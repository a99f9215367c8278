/// The titles a search decodes to tell rows with the same labels apart
/// (`_Search.readsLikeShown`), each decoded once a search: in a country of one region most
/// rows have the same labels, and a name that copies from the one before decodes it too.
/// The typo pass after an exact search takes over its titles.
///
/// A decoded title is found by its name: by a scan while there are a few, as a search
/// usually decodes, then through a dictionary, so that a search that decodes a title per
/// candidate (a hundred thousand places of one name in one region, each but the first
/// reading like it) stays linear in its candidates.
///
/// ```swift
/// var titles = _TitleCache()
/// let a = titles.range(of: 7, in: names)   // decodes name 7 into `bytes`
/// let b = titles.range(of: 9, in: names)
/// titles.hasSameBytes(a, b)                // whether names 7 and 9 read the same
/// ```
///
/// - Complexity: `range(of:in:)` O(1) on average for a title already decoded
///   (O(`linearLimit`) while at most that many are), and O(*n*) to decode one of *n* bytes.
struct _TitleCache {
    /// The decoded titles' names, and where each one's bytes are in `bytes`.
    private var titles: [(name: UInt32, start: Int32, end: Int32)] = []
    /// The titles' bytes, one after the other.
    private(set) var bytes: [UInt8] = []
    /// Each title's index in `titles` by its name, once there are more than `linearLimit`.
    private var indexByName: [UInt32: Int32] = [:]
    /// How many titles are found by a scan: a scan of a few names costs less than hashing.
    static let linearLimit = 16
    #if DEBUG
    /// Names compared and looked up, counted for the tests that check the cache's
    /// complexity.
    private(set) var steps = 0
    #endif

    init() {}

    /// Where name `name`'s bytes are in `bytes`, decoded there from `names` on first use.
    mutating func range(of name: UInt32, in names: _CompressedStrings) -> Range<Int> {
        if let i = index(of: name) {
            let title = titles[i]
            return Int(title.start)..<Int(title.end)
        }
        // (Room for a few titles in two small allocations; a list's worth is rare.)
        if titles.isEmpty { titles.reserveCapacity(8); bytes.reserveCapacity(200) }
        let start = bytes.count
        names.withBytes(Int(name)) { bytes.append(contentsOf: $0) }
        // (A search decodes at most a title per candidate: far fewer bytes than Int32 holds.)
        titles.append((name, Int32(truncatingIfNeeded: start), Int32(truncatingIfNeeded: bytes.count)))
        if titles.count > Self.linearLimit {
            if indexByName.isEmpty {
                indexByName.reserveCapacity(4 * Self.linearLimit)
                for (i, title) in titles.enumerated() { indexByName[title.name] = Int32(i) }
            } else {
                indexByName[name] = Int32(titles.count - 1)
            }
        }
        return start..<bytes.count
    }

    /// Whether the titles at `a` and `b` (ranges `range(of:in:)` gave) have the same bytes.
    func hasSameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer {
            UnsafeBufferPointer(rebasing: $0[a])._hasSameBytes(as: UnsafeBufferPointer(rebasing: $0[b]))
        }
    }

    /// Name `name`'s index in `titles`, if it is decoded.
    private mutating func index(of name: UInt32) -> Int? {
        if titles.count > Self.linearLimit {
            #if DEBUG
            steps += 1
            #endif
            return indexByName[name].map(Int.init)
        }
        for i in titles.indices {
            #if DEBUG
            steps += 1
            #endif
            if titles[i].name == name { return i }
        }
        return nil
    }
}
