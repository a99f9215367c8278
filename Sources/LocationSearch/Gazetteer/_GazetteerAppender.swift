/// Builds a gazetteer from raw UTF-8 names and label numbers, without a `Place` or a
/// `String` per place: the fast path `location-search bench` uses to generate ten million
/// synthetic names in seconds. Outside the public API (`@_spi(Benchmarking)`).
///
/// ```swift
/// var appender = _GazetteerAppender()
/// let us = appender.label("US"), usa = appender.label("United States")
/// appender.appendPlace(geonameID: 1, population: 120, kind: .city,
///                      countryCode: us, countryName: usa)
/// appender.appendName(Array("Springfield".utf8))
/// let gazetteer = appender.makeGazetteer()
/// ```
@_spi(Benchmarking)
public struct _GazetteerAppender {
    var builder = _GazetteerBuilder()

    public init() {}

    /// Reserves room for `places` places with `names` names of `bytes` UTF-8 bytes in all.
    public mutating func reserve(places: Int, names: Int, bytes: Int) {
        builder.places.reserveCapacity(places)
        builder.names.reserve(strings: names, bytes: bytes)
    }

    /// The number of a label (a country or region name or code), interned.
    public mutating func label(_ text: String) -> Int32 { builder.interner.intern(text) }

    /// The number of names appended so far.
    public var nameCount: Int { builder.names.count }

    /// Starts a place; its names follow with `appendName(_:)`, the canonical one first.
    /// Label numbers come from `label(_:)`; -1 means none.
    public mutating func appendPlace(
        geonameID: Int, population: Int, latitude: Double = .nan, longitude: Double = .nan,
        kind: Place.Kind, countryCode: Int32, countryName: Int32, admin1Name: Int32 = -1,
        admin1Code: Int32 = -1, continent: Int32 = -1
    ) {
        var record = _PlaceRecord()
        record.geonameID = Int64(geonameID)
        record.population = Int64(max(0, population))
        record.latitude = latitude
        record.longitude = longitude
        record.kind = kind
        record.countryCode = countryCode
        record.countryName = countryName
        record.admin1Name = admin1Name
        record.admin1Code = admin1Code
        record.continent = continent
        record.firstName = UInt32(builder.names.count)
        record.nameCount = 0
        builder.places.append(record)
    }

    /// Adds a name (valid UTF-8 with at least one letter or digit) to the last place.
    public mutating func appendName(_ utf8: some Collection<UInt8>) {
        precondition(!builder.places.isEmpty, "appendName(_:) before any appendPlace(...)")
        builder.names.append(utf8)
        builder.places[builder.places.count - 1].nameCount += 1
    }

    /// The gazetteer. Traps if a place has no name.
    public func makeGazetteer() -> Gazetteer {
        precondition(builder.places.allSatisfy { $0.nameCount > 0 }, "a place has no name")
        return Gazetteer(builder)
    }
}
