/// What a qualifier reads of a place: its kind and its region and country labels
/// (`_Qualifiers.words(for:)` reads nothing else), so places alike in these are accepted
/// or rejected together.
struct _QualifierGroup: Hashable {
    var kind: UInt8
    var countryCode: Int32, countryName: Int32, admin1Code: Int32, admin1Name: Int32

    init(_ record: _PlaceRecord) {
        kind = record.kindCode
        countryCode = record.countryCode
        countryName = record.countryName
        admin1Code = record.admin1Code
        admin1Name = record.admin1Name
    }
}
