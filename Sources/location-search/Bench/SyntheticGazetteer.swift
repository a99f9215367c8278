#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(Benchmarking) import LocationSearch

/// A deterministic GeoNames-like gazetteer of any size, generated in memory.
///
/// Shaped like GeoNames' `allCountries` rather than random strings, because the shape is what
/// stresses a completer:
/// - names from syllables with the affixes of many languages ("Kranburg", "San Telo",
///   "Dravino-Sur-Mer"); half the places take a name from a pool of 200,000 common names,
///   drawn with a skew (rank = 200,000 u², u uniform) that gives the commonest name about
///   8,000 places at 10 million names, as San José or Santa María have thousands in
///   GeoNames;
/// - populations: 60% zero, the rest Pareto-distributed (α = 1.05) from 50 to 30 million;
/// - 6% of names with Latin diacritics; a fifth of places with alternate names: spelling
///   variants, Cyrillic transliterations and CJK or Arabic names;
/// - 200 countries with 4–40 regions each, themselves places.
enum SyntheticGazetteer {
    /// Generates places until the gazetteer holds `names` names (canonical and alternate).
    static func make(names target: Int, seed: UInt64) -> Gazetteer {
        var random = SplitMix64(seed: seed)
        var appender = _GazetteerAppender()
        appender.reserve(places: target * 3 / 4, names: target, bytes: target * 14)
        var name: [UInt8] = []
        var variant: [UInt8] = []
        var id = 20_000_000

        // Countries and their regions.
        struct Country { var code: Int32, name: Int32, regions: [(name: Int32, code: Int32)] }
        var countries: [Country] = []
        let continent = appender.label("Synthetic Continent")
        for c in 0..<200 {
            let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
            let code = String(decoding: [letters[c / 26 % 26], letters[c % 26]], as: UTF8.self)
            makeName(&name, &random, words: 1)
            let countryName = String(decoding: name, as: UTF8.self)
            var country = Country(code: appender.label(code), name: appender.label(countryName), regions: [])
            appender.appendPlace(geonameID: id, population: 1_000_000 + random.below(100_000_000),
                                 kind: .country, countryCode: country.code, countryName: country.name,
                                 continent: continent)
            appender.appendName(name)
            id += 1
            for r in 0..<(4 + random.below(37)) {
                makeName(&name, &random, words: random.chance(0.2) ? 2 : 1)
                let region = (name: appender.label(String(decoding: name, as: UTF8.self)),
                              code: appender.label(formatted("%02d", r + 1)))
                country.regions.append(region)
                appender.appendPlace(geonameID: id, population: 100_000 + random.below(10_000_000),
                                     kind: .region, countryCode: country.code, countryName: country.name,
                                     admin1Code: region.code)
                appender.appendName(name)
                id += 1
            }
            countries.append(country)
        }

        // A pool of common names, drawn with a skew (see above).
        var pool: [[UInt8]] = []
        for _ in 0..<200_000 {
            makeName(&name, &random, words: 0)
            pool.append(name)
        }

        while appender.nameCount < target {
            // Big countries hold more places: country rank r drawn with weight ~ 1/r.
            let country = countries[Int(pow(Double(countries.count), random.unit())) - 1]
            let region = random.pick(country.regions)
            let population = random.chance(0.6)
                ? 0 : Int(min(30_000_000, 50 * pow(random.unit(), -1 / 1.05)))
            appender.appendPlace(
                geonameID: id, population: population,
                latitude: -60 + 130 * random.unit(), longitude: -180 + 360 * random.unit(),
                kind: .city, countryCode: country.code, countryName: country.name,
                admin1Name: region.name, admin1Code: region.code)
            id += 1
            if random.chance(0.5) {
                let u = random.unit()
                name = pool[min(pool.count - 1, Int(Double(pool.count) * u * u))]
            } else {
                makeName(&name, &random, words: 0)
            }
            if random.chance(0.06) { addDiacritic(&name, &random) }
            appender.appendName(name)

            let roll = random.unit()
            let alternates = roll < 0.8 ? 0 : roll < 0.92 ? 1 : roll < 0.97 ? 2 + random.below(2) : 4 + random.below(5)
            for a in 0..<alternates where appender.nameCount < target {
                switch (a + random.below(4)) % 4 {
                case 0: spellingVariant(of: name, into: &variant, &random)
                case 1: cyrillic(of: name, into: &variant)
                case 2: script(into: &variant, &random, from: 0x4E00, count: 2 + random.below(3), span: 0x5000)
                default: script(into: &variant, &random, from: 0x0627, count: 4 + random.below(5), span: 0x24)
                }
                appender.appendName(variant)
            }
        }
        return appender.makeGazetteer()
    }

    static let onsets = bytes(["b", "c", "d", "f", "g", "h", "j", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "z",
                               "br", "ch", "cr", "dr", "gr", "kr", "pr", "sh", "st", "tr", "th", "sch", "", ""])
    static let nuclei = bytes(["a", "e", "i", "o", "u", "a", "e", "o", "ai", "ou", "ie", "ei", "au", "y"])
    static let codas = bytes(["", "", "", "n", "r", "l", "s", "m", "t", "ng", "rg", "nd", "st"])
    static let suffixes = bytes(["ville", "burg", "berg", "ton", "field", "dorf", "stadt", "pur", "abad", "grad", "sk",
                                 "ovo", "ino", "heim", "by", "holm", "polis", "ia", "ano", "ec", "an", "ka", "ice",
                                 "ow"])
    static let leads = bytes(["San ", "Santa ", "Saint-", "New ", "North ", "South ", "East ", "West ", "Port ",
                              "Fort ", "El ", "La ", "Le ", "Bad ", "Nova ", "Villa ", "Lake ", "Mount ", "Great "])
    static let trails = bytes([" City", " Springs", " Heights", " Beach", " Falls", " Junction", " Park", " Valley",
                               " de Abajo", " del Norte", "-sur-Mer", " am Main"])

    static func bytes(_ strings: [String]) -> [[UInt8]] { strings.map { Array($0.utf8) } }

    /// One capitalised word of 1–3 syllables, sometimes with a suffix.
    static func appendWord(_ out: inout [UInt8], _ random: inout SplitMix64) {
        let start = out.count
        for _ in 0..<(1 + random.below(3)) {
            out += random.pick(onsets)
            out += random.pick(nuclei)
            out += random.pick(codas)
        }
        if random.chance(0.3) { out += random.pick(suffixes) }
        if out[start] >= 0x61 && out[start] <= 0x7A { out[start] -= 0x20 }
    }

    /// A place name: one word, or a leading or trailing affix, or two words (`words` = 0 picks).
    static func makeName(_ out: inout [UInt8], _ random: inout SplitMix64, words: Int) {
        out.removeAll(keepingCapacity: true)
        let roll = words == 0 ? random.unit() : words == 1 ? 1 : 0.25
        if roll < 0.15 {
            out += random.pick(leads)
            appendWord(&out, &random)
        } else if roll < 0.22 {
            appendWord(&out, &random)
            out += random.pick(trails)
        } else if roll < 0.30 {
            appendWord(&out, &random)
            out.append(random.chance(0.5) ? UInt8(ascii: "-") : UInt8(ascii: " "))
            appendWord(&out, &random)
        } else {
            appendWord(&out, &random)
        }
    }

    static let accented: [UInt8: [[UInt8]]] = [
        UInt8(ascii: "a"): bytes(["á", "à", "ä", "å", "ã"]), UInt8(ascii: "e"): bytes(["é", "è", "ë", "ê"]),
        UInt8(ascii: "i"): bytes(["í", "ï"]), UInt8(ascii: "o"): bytes(["ó", "ö", "ø", "ô"]),
        UInt8(ascii: "u"): bytes(["ú", "ü"]), UInt8(ascii: "n"): bytes(["ñ"]), UInt8(ascii: "c"): bytes(["ç"]),
        UInt8(ascii: "s"): bytes(["ş", "š"]), UInt8(ascii: "l"): bytes(["ł"]),
    ]

    /// Replaces one letter after the first with an accented form, if the name has one.
    static func addDiacritic(_ name: inout [UInt8], _ random: inout SplitMix64) {
        let candidates = name.indices.dropFirst().filter { accented[name[$0]] != nil }
        guard !candidates.isEmpty else { return }
        let i = random.pick(Array(candidates))
        name.replaceSubrange(i...i, with: random.pick(accented[name[i]]!))
    }

    /// A romanisation variant: c→k, v→w, ou→u, or a suffix swapped.
    static func spellingVariant(of name: [UInt8], into out: inout [UInt8], _ random: inout SplitMix64) {
        out = name
        switch random.below(3) {
        case 0: for i in out.indices where out[i] == UInt8(ascii: "c") { out[i] = UInt8(ascii: "k") }
        case 1: for i in out.indices where out[i] == UInt8(ascii: "v") { out[i] = UInt8(ascii: "w") }
        default: break
        }
        if out == name { out += random.pick(suffixes) }
    }

    static let cyrillicLetters: [String] = [
        "а", "б", "ц", "д", "е", "ф", "г", "х", "и", "й", "к", "л", "м", "н", "о", "п", "к", "р", "с", "т", "у",
        "в", "в", "кс", "ы", "з",
    ]
    static let cyrillicBytes = bytes(cyrillicLetters)
    static let cyrillicCapitals = bytes(cyrillicLetters.map { $0.uppercased() })

    /// A letter-by-letter Cyrillic transliteration of an ASCII name (other bytes dropped).
    static func cyrillic(of name: [UInt8], into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        var wordStart = true
        for byte in name {
            let lower = byte | 0x20
            if lower >= 0x61 && lower <= 0x7A {
                out += (wordStart ? cyrillicCapitals : cyrillicBytes)[Int(lower - 0x61)]
                wordStart = false
            } else if byte == 0x20 || byte == UInt8(ascii: "-") {
                out.append(byte)
                wordStart = true
            }
        }
        if out.isEmpty { out = Array("Город".utf8) }
    }

    /// `count` random scalars from `start ..< start + span` (CJK ideographs, Arabic letters).
    static func script(into out: inout [UInt8], _ random: inout SplitMix64, from start: UInt32, count: Int, span: Int) {
        out.removeAll(keepingCapacity: true)
        for _ in 0..<count {
            UTF8.encode(Unicode.Scalar(start + UInt32(random.below(span)))!) { out.append($0) }
        }
    }
}
