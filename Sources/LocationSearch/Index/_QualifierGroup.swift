/// What a qualifier reads of a place: its kind and its region and country labels
/// (`_Qualifiers.words(for:)` reads nothing else), so places alike in these are accepted
/// or rejected together.
struct _QualifierGroup: Hashable {
    var kind: UInt8
    /// The place's labels, less the two a qualifier does not read (continent, time zone).
    var labels: _PlaceContext

    init(_ record: _PlaceRecord) {
        kind = record.kindCode
        labels = _PlaceContext(record)
        labels.continent = -1
        labels.timeZone = -1
    }
}
