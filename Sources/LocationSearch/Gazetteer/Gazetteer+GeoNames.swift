#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Gazetteer {
    /// Loads GeoNames dump files: a `cities*.txt` or `allCountries.txt` file (the
    /// 19-column geoname layout), `admin1CodesASCII.txt` and `countryInfo.txt`.
    ///
    /// Every row of the places file becomes a city, except rows whose feature class is set
    /// and is not `P` (populated place: `allCountries.txt` is mostly mountains, rivers and
    /// areas) and rows none of whose names has a letter or digit; those are skipped and
    /// counted in `loadReport`, with their first lines. Every named admin-1 region that
    /// has at least one place, and every country, becomes a place too (a region without
    /// places is counted in `loadReport`). A region's population is the sum of its
    /// places', and its coordinate their population-weighted centre. Regions and countries
    /// also get the abbreviations people type ("TX", "BC", "NSW"; "USA", "UK" and ISO codes)
    /// as alternate names.
    ///
    /// The rules, row by row (a UTF-8 byte order mark at the start of a file is allowed;
    /// blank lines, and `#` comment lines in the admin-1 and country files, are not rows):
    ///
    /// - **Errors** (`GazetteerError.malformedRow` with the file, line and reason): a
    ///   line longer than 1 MiB (1,048,576 bytes without its line end; GeoNames' rows are
    ///   a few kilobytes); a wrong number of columns; invalid UTF-8; an empty name; a geonameid, population or
    ///   coordinate that is not a number or out of range (populations 0...Int64.max, and a
    ///   region's total population must fit too); a country code that is not two letters;
    ///   a geonameid that another row (in any of the three files) already has, a country
    ///   code or an admin-1 code listed twice (the message names both lines).
    /// - **Skipped and counted** in `loadReport`: feature class not `P`; no name with a
    ///   letter or digit; a region no place is in.
    /// - **Accepted**: an empty feature class (a city); a place whose country or admin-1
    ///   code is not in the other files (its code stands in for the name; no region);
    ///   alternate names without letters or digits (kept, but not searchable).
    ///
    /// - Throws: `GazetteerError` naming the file, line and reason for a file that is
    ///   missing, unreadable, not UTF-8, or has a malformed row; `.unreadableFile` for
    ///   anything but a regular file (a FIFO, a device such as `/dev/zero`, a socket, a
    ///   folder), refused without reading from it.
    /// - Complexity: O(*n*) in the size of the files.
    ///
    /// An `alternateNamesV2.txt` (or the older 8-column `alternateNames.txt`) file, if
    /// given, adds names: every row for a region or country becomes one of its names, and a
    /// row marked preferred in a language (`isPreferredName` 1, `isolanguage` "de") is its
    /// name in that language for `CompletionOptions.language`; for a city, only such
    /// preferred, language-tagged rows are read (the cities file lists its other names).
    /// Rows for other places, and GeoNames' pseudo-languages (`link`, `post`, `iata`, ...),
    /// are skipped.
    public init(citiesFile: URL, admin1CodesFile: URL, countryInfoFile: URL, alternateNamesFile: URL? = nil) throws {
        try self.init(citiesFile: citiesFile, admin1CodesFile: admin1CodesFile, countryInfoFile: countryInfoFile,
                      alternateNamesFile: alternateNamesFile, progress: nil)
    }

    init(citiesFile: URL, admin1CodesFile: URL, countryInfoFile: URL, alternateNamesFile: URL? = nil,
         progress: _BuildProgress?) throws {
        // The cities file is read (and checked to be UTF-8) while the other files are
        // parsed; its errors come after theirs, as if one file were read after the other.
        let ((countries, regions, alternates), citiesRead) = try _Concurrently.run({
            let countries = try _GeoNamesReader.countries(try _GeoNamesFile.read(countryInfoFile))
            let regions = try _GeoNamesReader.regions(try _GeoNamesFile.read(admin1CodesFile))
            let alternates = try alternateNamesFile.map {
                try _GeoNamesReader.alternateNames(try _GeoNamesFile.read($0))
            }
            return (countries, regions, alternates)
        }, alongside: { Result { try _GeoNamesFile.read(citiesFile) } })
        progress?("Reading \(citiesFile.lastPathComponent)", 0)
        let cities = try citiesRead.get()
        self = try _GeoNamesReader.gazetteer(
            cities: cities, regions: regions, countries: countries, alternates: alternates ?? [:],
            regionsFile: admin1CodesFile.lastPathComponent, countriesFile: countryInfoFile.lastPathComponent,
            progress: progress)
    }

    /// Loads the GeoNames files in `directory`: the first of `cities500.txt`,
    /// `cities1000.txt`, `cities5000.txt`, `cities15000.txt` and `allCountries.txt` that
    /// exists, with `admin1CodesASCII.txt` and `countryInfo.txt`, and
    /// `alternateNamesV2.txt` or `alternateNames.txt` if there is one (optional; see
    /// `init(citiesFile:admin1CodesFile:countryInfoFile:alternateNamesFile:)`).
    ///
    /// - Throws: `GazetteerError.missingFile` if a file is not there, or the errors of
    ///   `init(citiesFile:admin1CodesFile:countryInfoFile:)`.
    public init(geoNamesDirectory directory: URL) throws {
        try self.init(geoNamesDirectory: directory, progress: nil)
    }

    /// `init(geoNamesDirectory:)`, reporting progress to `progress` (for the CLI's
    /// progress bar).
    ///
    /// - Complexity: O(*n*) in the size of the files.
    @_spi(Tools)
    public init(geoNamesDirectory directory: URL, progress: _BuildProgress?) throws {
        let candidates = ["cities500.txt", "cities1000.txt", "cities5000.txt", "cities15000.txt", "allCountries.txt"]
        let fileManager = FileManager.default
        guard let cities = candidates.map({ directory.appendingPathComponent($0) })
            .first(where: { fileManager.fileExists(atPath: $0.path) })
        else {
            throw GazetteerError.missingFile(path: directory.appendingPathComponent("cities500.txt").path)
        }
        let alternates = ["alternateNamesV2.txt", "alternateNames.txt"].map { directory.appendingPathComponent($0) }
            .first { fileManager.fileExists(atPath: $0.path) }
        try self.init(
            citiesFile: cities,
            admin1CodesFile: directory.appendingPathComponent("admin1CodesASCII.txt"),
            countryInfoFile: directory.appendingPathComponent("countryInfo.txt"),
            alternateNamesFile: alternates,
            progress: progress)
    }

    /// The gazetteer bundled with LocationSearch: GeoNames' cities500 (234,908 populated
    /// places with their alternate names), 3,775 named admin-1 regions and 252 countries, with
    /// their names in other languages.
    ///
    /// - Throws: `GazetteerError.bundledDataMissing` if the resources are not in this
    ///   build, or a `GazetteerError` if they are damaged.
    public static func bundled() throws -> Gazetteer {
        try bundled(progress: nil)
    }

    /// `bundled()`, reporting progress to `progress` (for the CLI's progress bar).
    ///
    /// - Complexity: O(*n*) in the size of the bundled files.
    @_spi(Tools)
    public static func bundled(progress: _BuildProgress?) throws -> Gazetteer {
        guard let directory = _BundledData.directory else { throw GazetteerError.bundledDataMissing }
        do {
            return try Gazetteer(
                citiesFile: directory.appendingPathComponent("cities500.txt"),
                admin1CodesFile: directory.appendingPathComponent("admin1CodesASCII.txt"),
                countryInfoFile: directory.appendingPathComponent("countryInfo.txt"),
                alternateNamesFile: directory.appendingPathComponent("alternateNamesV2.txt"),
                progress: progress)
        } catch GazetteerError.missingFile {
            throw GazetteerError.bundledDataMissing
        }
    }
}
