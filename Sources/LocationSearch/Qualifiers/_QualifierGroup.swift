/// What a qualifier reads of a place: its kind and its region and country labels
/// (`_Qualifiers.words(for:)` reads these and nothing else), so places alike in these are
/// accepted or rejected together.
///
/// The fields are listed, not derived from `_PlaceContext` less what a qualifier ignores:
/// a label added to the context stays out of the grouping until a qualifier reads it.
struct _QualifierGroup: Hashable {
    var kind: UInt8
    var countryCode: Int32, countryName: Int32
    var admin1Name: Int32, admin1Code: Int32

    init(_ record: _PlaceRecord) {
        kind = record.kindCode
        countryCode = record.countryCode
        countryName = record.countryName
        admin1Name = record.admin1Name
        admin1Code = record.admin1Code
    }
}
