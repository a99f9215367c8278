/// What the rows a long list shows read, hashed: so that a search can tell in O(1) whether
/// a candidate reads like one of them (`_Search.readsLikeShown`) however long the list.
///
/// A short list is scanned instead, which costs less than hashing: a search starts to use
/// this once its rows and the earlier search's are more than `linearLimit`
/// (`isActive`), and from then on adds each row it places and removes each it pushes out.
/// Two rows read the same when they have the same labels (`_Match.Row.hasLabels(of:)`) and
/// titles of the same text: a `Reading` is those labels and the title's text number
/// (`_TitleCache.text(of:in:)`).
///
/// ```swift
/// var shown = _ShownReadings()
/// shown.insert(reading)      // a row placed
/// shown.contains(reading)    // true: a candidate that reads like it is left out
/// shown.remove(reading)      // the row pushed out of the list: it shows no longer
/// ```
///
/// - Complexity: O(1) on average per operation.
struct _ShownReadings {
    /// A row as it reads: its labels and its title's text number.
    struct Reading: Hashable {
        var admin1: Int32, country: Int32, canonical: UInt32, text: Int32, kind: UInt8

        init(_ row: _Match.Row, text: Int32) {
            admin1 = row.admin1
            country = row.country
            canonical = row.canonical
            self.text = text
            kind = row.kind
        }
    }

    /// The readings of the rows shown (no two rows shown read the same), once active.
    private var readings: Set<Reading>? = nil
    /// How many rows a search scans before it hashes them.
    static let linearLimit = 32

    init() {}

    /// Whether the rows shown are hashed here (else a search scans them).
    var isActive: Bool { readings != nil }

    /// Starts hashing: from now on every row shown must be inserted (and removed when it no
    /// longer shows).
    mutating func activate(capacity: Int) {
        guard readings == nil else { return }
        readings = Set(minimumCapacity: capacity)
    }

    func contains(_ reading: Reading) -> Bool { readings?.contains(reading) ?? false }

    mutating func insert(_ reading: Reading) { readings?.insert(reading) }

    mutating func remove(_ reading: Reading) { readings?.remove(reading) }
}
