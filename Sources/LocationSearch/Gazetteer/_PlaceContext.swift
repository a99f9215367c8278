/// The labels of a place that others share: its country's code and name, a country's
/// continent, its region's name and code, its time zone (label indices; -1 for none, but
/// the country's code and name are always there).
struct _PlaceContext: Sendable, Hashable, BitwiseCopyable {
    var countryCode: Int32
    var countryName: Int32
    var continent: Int32
    var admin1Name: Int32
    var admin1Code: Int32
    var timeZone: Int32

    init(_ record: _PlaceRecord) {
        countryCode = record.countryCode
        countryName = record.countryName
        continent = record.continent
        admin1Name = record.admin1Name
        admin1Code = record.admin1Code
        timeZone = record.timeZone
    }
}
