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
/// A long list tells rows apart by hashing (`_ShownReadings`): for it, `text(of:in:)`
/// numbers each title's text, names of the same bytes getting the same number.
///
/// - Complexity: `range(of:in:)` O(1) on average for a title already decoded
///   (O(`linearLimit`) while at most that many are), and O(*n*) to decode one of *n* bytes;
///   `text(of:in:)` the same, and O(*n*) to number a title of *n* bytes.
struct _TitleCache {
    /// The decoded titles' names, where each one's bytes are in `bytes`, and its text's
    /// number (-1 until `text(of:in:)` asks for it).
    private var titles: [(name: UInt32, start: Int32, end: Int32, text: Int32)] = []
    /// The texts numbered by `text(of:in:)`, by their bytes.
    private var textNumbers: [[UInt8]: Int32] = [:]
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
        let title = titles[decoded(name, in: names)]
        return Int(title.start)..<Int(title.end)
    }

    /// The number of name `name`'s text: the same for two names if and only if they have
    /// the same bytes.
    mutating func text(of name: UInt32, in names: _CompressedStrings) -> Int32 {
        let i = decoded(name, in: names)
        if titles[i].text >= 0 { return titles[i].text }
        let text = Array(bytes[Int(titles[i].start)..<Int(titles[i].end)])
        let number = textNumbers[text] ?? Int32(truncatingIfNeeded: textNumbers.count)
        textNumbers[text] = number
        titles[i].text = number
        return number
    }

    /// Name `name`'s index in `titles`, decoded there from `names` on first use.
    private mutating func decoded(_ name: UInt32, in names: _CompressedStrings) -> Int {
        if let i = index(of: name) { return i }
        // (Room for a few titles in two small allocations; a list's worth is rare.)
        if titles.isEmpty { titles.reserveCapacity(8); bytes.reserveCapacity(200) }
        let start = bytes.count
        names.withBytes(Int(name)) { bytes.append(contentsOf: $0) }
        // (A search decodes at most a title per candidate: far fewer bytes than Int32 holds.)
        titles.append((name, Int32(truncatingIfNeeded: start), Int32(truncatingIfNeeded: bytes.count), -1))
        if titles.count > Self.linearLimit {
            if indexByName.isEmpty {
                indexByName.reserveCapacity(4 * Self.linearLimit)
                for (i, title) in titles.enumerated() { indexByName[title.name] = Int32(i) }
            } else {
                indexByName[name] = Int32(titles.count - 1)
            }
        }
        return titles.count - 1
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
