#!/usr/bin/env python3
"""Derives the embedded Swiss station set, Sources/EmbeddedFiles/include/stations.tsv, and the
assembler file that embeds it, Sources/EmbeddedFiles/stations.S.

Sources (read here only; the service never reads ../shared):

1. ../shared/data/swiss-stops.csv.gz: every Swiss public-transport stop of the official DiDok
   list (Dienststellen, BAV, 2023-04; "Source: opentransportdata.swiss"), 26,641 stops with
   their 7-digit numbers (8507000 Bern), official names, WGS 84 positions and kinds. Its five
   stops of kind `other` (the Bern Matte and Hammetschwand lifts, Zug Rankhof) count as
   cableways: the station set has no kind for lifts.
2. The recorded upstream responses (../shared/fixtures/upstream): every stop with a Swiss
   number (85xxxxx) and WGS 84 coordinates in the SBB HAFAS extxml, OJP 1.0/2.0,
   timetable.search.ch and HAFAS location-lookup samples. A stop the DiDok list lacks (opened,
   renamed or renumbered since a sample was recorded) keeps its real number, its most frequent
   name, the median of its positions and the kind the samples say serves it (HAFAS product
   classes and categories, OJP modes, search.ch icons and leg types), trains first. A stop in
   both keeps the DiDok row.
3. ../shared/data/geonames-cities1000.csv.gz (GeoNames, CC BY 4.0, "GeoNames, geonames.org"):
   the Swiss towns, for the localities of the few stops whose names do not say theirs.

A stop's locality is the town its name gives. A `Town, Stop` name gives the part before the
comma (`Bern` for `Bern, Rathaus`). Any other name gives, in this order: itself when it is a
GeoNames town (`Muri bei Bern`); the longest town it begins with, followed by a space, a hyphen
or a slash but not by a canton alone (`Zürich` for `Zürich Oerlikon`, `Genève` for
`Genève-Aéroport`, not `Buchs` for `Buchs AG`), the towns being GeoNames' and those before the
commas of other names; itself when it is such a town (`Buchs AG`); the town in its brackets
(`Gryon` for `Chaux Ronde (Gryon)`); the nearest GeoNames town within 5 km; itself without
its brackets.

The output is UTF-8 text: `#` comment lines, then one stop a line, sorted by number: id,
name, latitude, longitude, locality, kind, separated by tabs. The same input gives the same
bytes. Standard library only. Run it from anywhere:

    python3 scripts/derive-stations.py            # writes the data file and stations.S
    python3 scripts/derive-stations.py --check    # exits 1 if either committed file is stale
"""

import argparse
import csv
import glob
import gzip
import html
import json
import math
import os
import re
import statistics
import sys
import unicodedata
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict

from derived_files import incbin_assembly, write_or_check

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SHARED = os.path.join(os.path.dirname(REPO), "shared")
TARGET = os.path.join(REPO, "Sources", "EmbeddedFiles")
DATA_OUTPUT = os.path.join(TARGET, "include", "stations.tsv")
ASSEMBLY_OUTPUT = os.path.join(TARGET, "stations.S")

KINDS = ("train", "tram", "ship", "cableway", "bus")  # precedence when several serve a stop
DIDOK_KINDS = {"train": "train", "tram": "tram", "ship": "ship", "cableway": "cableway", "bus": "bus", "other": "cableway"}
SWISS_BOX = (45.75, 47.90, 5.85, 10.60)  # south, north, west, east; border stations included
NEAREST_TOWN_METRES = 5000


# Names --------------------------------------------------------------------------------------

def normalize(name):
    """Case, diacritics and punctuation folded, as the station directory compares names."""
    text = name.replace("ß", "ss").replace("ẞ", "ss").casefold()
    text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    text = re.sub(r"[^0-9a-z]+", " ", text)
    return text.strip()


def uic(raw):
    """A Swiss 7-digit stop number from `008507000`, `008507000#85`, `8507000` or a SLOID."""
    raw = (raw or "").strip()
    sloid = re.fullmatch(r"ch:1:sloid:(\d{1,5})(?::.*)?", raw)
    if sloid:
        return "85%05d" % int(sloid.group(1))
    digits = re.fullmatch(r"0*(85\d{5})(?:#\d+)?", raw)
    return digits.group(1) if digits else None


def unescape_bytes(text):
    """`T\\xC3\\xA4sch` → `Täsch`: one OJP sample carries UTF-8 bytes as literal escapes."""
    return re.sub(r"(?:\\x[0-9A-Fa-f]{2})+",
                  lambda m: bytes.fromhex(m.group(0).replace("\\x", "")).decode("utf-8", "replace"), text)


def in_switzerland(lat, lon):
    south, north, west, east = SWISS_BOX
    return south <= lat <= north and west <= lon <= east


def lv03_to_wgs84(east, north):
    """swisstopo's published approximation for Swiss LV03 grid coordinates (about 1 m)."""
    y = (float(east) - 600000) / 1e6
    x = (float(north) - 200000) / 1e6
    lon = 2.6779094 + 4.728982 * y + 0.791484 * y * x + 0.1306 * y * x * x - 0.0436 * y ** 3
    lat = 16.9023892 + 3.238272 * x - 0.270978 * y * y - 0.002528 * x * x - 0.0447 * y * y * x - 0.0140 * x ** 3
    return lat * 100 / 36, lon * 100 / 36


# What serves a stop --------------------------------------------------------------------------

def kinds_from_prodclass(value):
    """SBB HAFAS product-class bits: 1 2 4 8 32 trains, 16 ship, 64 bus, 128 cableway, 512 tram."""
    try:
        bits = int(value)
    except (TypeError, ValueError):
        return set()
    kinds = set()
    if bits & (1 | 2 | 4 | 8 | 32):
        kinds.add("train")
    if bits & 16:
        kinds.add("ship")
    if bits & 64:
        kinds.add("bus")
    if bits & 128:
        kinds.add("cableway")
    if bits & 512:
        kinds.add("tram")
    return kinds


def kind_from_category(category):
    """A HAFAS category (`IR`, `S12`, `T`, `Tro`, `BAT`) or search.ch leg type (`strain`, `etrn`)."""
    value = (category or "").strip().lower()
    if not value:
        return None
    if value in ("t", "tra", "tram") or "tram" in value:
        return "tram"
    if value in ("bus", "nbu", "tro", "b", "nfb", "nfo", "kb", "post", "trolleybus") or "bus" in value:
        return "bus"
    if value in ("bat", "fae", "ship", "boat") or "ship" in value:
        return "ship"
    if value in ("fun", "gb", "lb", "sl", "pb", "cablecar", "funicular", "gondola", "chairlift"):
        return "cableway"
    if value in ("ic", "icn", "ir", "ire", "re", "r", "ec", "ice", "tgv", "en", "rj", "pe", "m", "metro",
                 "str", "etrn", "strain", "train", "express_train") or re.fullmatch(r"s\d*|sn\d*", value):
        return "train"
    return None


def kind_from_mode(mode):
    """An OJP/TRIAS `PtMode`."""
    return {"rail": "train", "urbanrail": "train", "metro": "train", "tram": "tram", "bus": "bus",
            "coach": "bus", "trolleybus": "bus", "water": "ship", "ferry": "ship",
            "telecabin": "cableway", "funicular": "cableway", "cableway": "cableway"}.get((mode or "").strip().lower())


def kind_from_icon(icon):
    """A search.ch completion icon class (`sl-icon-type-tram`)."""
    value = (icon or "").rsplit("-", 1)[-1]
    return {"train": "train", "strain": "train", "tram": "tram", "bus": "bus", "post": "bus", "ship": "ship",
            "funicular": "cableway", "cablecar": "cableway", "gondola": "cableway"}.get(value)


# Observations from the recorded responses ---------------------------------------------------

class Observations:
    """Every sighting of a real stop: names, positions and what serves it."""

    def __init__(self):
        self.names = defaultdict(Counter)
        self.positions = defaultdict(list)
        self.kinds = defaultdict(set)
        self.sources = defaultdict(set)


    def add(self, source, stop_id, name, lat=None, lon=None, kinds=()):
        stop_id = uic(stop_id)
        name = " ".join(html.unescape(unescape_bytes(name or "")).split())
        if not stop_id or not name:
            return
        if lat is not None and lon is not None:
            lat, lon = float(lat), float(lon)
            if not in_switzerland(lat, lon):
                return
            self.positions[stop_id].append((lat, lon))
        self.names[stop_id][name] += 1
        self.kinds[stop_id].update(k for k in kinds if k)
        self.sources[stop_id].add(source)

    def add_kind(self, stop_id, kind):
        stop_id = uic(stop_id)
        if stop_id and kind:
            self.kinds[stop_id].add(kind)


def local(tag):
    return tag.rsplit("}", 1)[-1]


def child(element, name):
    for item in element:
        if local(item.tag) == name:
            return item
    return None


def descendant_text(element, *path):
    node = element
    for name in path:
        node = child(node, name) if node is not None else None
    return " ".join((node.text or "").split()) if node is not None else None


def read_hafas_extxml(shared, seen):
    for path in sorted(glob.glob(os.path.join(shared, "fixtures/upstream/hafas-extxml/*.xml"))):
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError:
            continue  # the HTML 500 page
        source = "hafas-extxml/" + os.path.basename(path)
        for station in root.iter("Station"):
            number = station.get("externalStationNr") or station.get("externalId")
            if station.get("x") is None or station.get("y") is None:
                continue
            lat, lon = int(station.get("y")) / 1e6, int(station.get("x")) / 1e6
            seen.add(source, number, station.get("name"), lat, lon, kinds_from_prodclass(station.get("prodclass")))
        # The category of each journey tells what serves its stops.
        for section in root.iter("ConSection"):
            journey = child(section, "Journey")
            if journey is None:
                continue
            kind = None
            for attribute in journey.iter("Attribute"):
                if attribute.get("type") == "CATEGORY":
                    kind = kind_from_category(descendant_text(attribute, "AttributeVariant", "Text"))
            for station in section.iter("Station"):
                seen.add_kind(station.get("externalStationNr") or station.get("externalId"), kind)


def read_ojp(shared, seen):
    for path in sorted(glob.glob(os.path.join(shared, "fixtures/upstream/ojp/*.xml"))):
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError:
            continue  # the truncated body
        source = "ojp/" + os.path.basename(path)
        for place in root.iter():
            if local(place.tag) not in ("Place", "Location"):
                continue
            position = child(place, "GeoPosition")
            stop = child(place, "StopPlace")
            if position is None or stop is None:
                continue
            number = descendant_text(stop, "StopPlaceRef")
            name = descendant_text(stop, "StopPlaceName", "Text")
            mode = child(place, "Mode")
            kinds = [kind_from_mode(descendant_text(mode, "PtMode"))] if mode is not None else []
            seen.add(source, number, name, descendant_text(position, "Latitude"), descendant_text(position, "Longitude"),
                     kinds)
        # Trip legs: the service's mode tells what serves every stop the leg calls at.
        for leg in root.iter():
            if local(leg.tag) != "TimedLeg":
                continue
            service = child(leg, "Service")
            mode = descendant_text(service, "Mode", "PtMode") if service is not None else None
            for ref in leg.iter():
                if local(ref.tag) in ("StopPointRef", "StopPlaceRef"):
                    seen.add_kind(ref.text, kind_from_mode(mode))


def read_searchch(shared, seen):
    def visit(source, value, kind=None):
        if isinstance(value, list):
            for item in value:
                visit(source, item, kind)
            return
        if not isinstance(value, dict):
            return
        kind = kind_from_category(value.get("type")) or kind
        number = value.get("id") or value.get("stopid")
        name = value.get("label") or value.get("name")
        kinds = [kind_from_icon(value.get("iconclass")), kind]
        if value.get("lat") is not None and value.get("lon") is not None:
            seen.add(source, str(number), name, value["lat"], value["lon"], kinds)
        elif value.get("x") is not None and value.get("y") is not None:
            lat, lon = lv03_to_wgs84(value["x"], value["y"])
            seen.add(source, str(number), name, lat, lon, kinds)
        else:
            seen.add_kind(str(number), kind)
        for key, item in value.items():
            if key == "stop" and isinstance(item, dict):
                # A station board: the kinds of its departures serve the board's stop.
                departures = value.get("connections") or []
                item = dict(item)
                visit(source, item, None)
                for departure in departures:
                    seen.add_kind(str(item.get("id")), kind_from_category(departure.get("type")))
            elif isinstance(item, (dict, list)):
                visit(source, item, kind)

    for path in sorted(glob.glob(os.path.join(shared, "fixtures/upstream/searchch/*.json"))):
        try:
            with open(path, encoding="utf-8") as file:
                document = json.load(file)
        except ValueError:
            continue  # the plain-text 500 body
        visit("searchch/" + os.path.basename(path), document)


def read_hafas_js_literals(shared, seen):
    """HAFAS `ajax-getstop` / `performLocating` answers: JavaScript literals, not JSON."""
    folder = os.path.join(shared, "fixtures/upstream/hafas-html-legacy")
    for path in sorted(glob.glob(os.path.join(folder, "*getstop*")) + glob.glob(os.path.join(folder, "*performLocating*"))):
        with open(path, encoding="utf-8", errors="replace") as file:
            text = file.read()
        for block in re.findall(r"\{[^{}]*\}", text):
            fields = dict(re.findall(r'"?(\w+)"?\s*:\s*"((?:[^"\\]|\\.)*)"', block))
            if not {"x", "y", "extId", "name"} <= fields.keys():
                continue
            name = fields["name"].replace("\\'", "'")
            seen.add("hafas-html-legacy/" + os.path.basename(path), fields["extId"], name,
                     int(fields["y"]) / 1e6, int(fields["x"]) / 1e6, kinds_from_prodclass(fields.get("prodclass")))



# The DiDok list ---------------------------------------------------------------------------------

def read_didok(shared):
    """The official stops by number: name, position (as written, five decimals) and kind."""
    stops = {}
    with gzip.open(os.path.join(shared, "data/swiss-stops.csv.gz"), "rt", encoding="utf-8", newline="") as file:
        for row in csv.DictReader(file):
            number = row["id"].strip()
            if not re.fullmatch(r"85\d{5}", number) or number in stops:
                raise SystemExit("derive-stations: bad or repeated number %r in the DiDok list" % number)
            kind = DIDOK_KINDS.get(row["kind"])
            if kind is None:
                raise SystemExit("derive-stations: unknown kind %r of %s" % (row["kind"], number))
            lat, lon = float(row["lat"]), float(row["lon"])
            if not in_switzerland(lat, lon):
                raise SystemExit("derive-stations: %s lies outside Switzerland" % number)
            stops[number] = {"id": number, "name": " ".join(row["name"].split()), "lat": row["lat"], "lon": row["lon"],
                             "kind": kind}
    return stops


def sample_stops(seen, didok):
    """Stops of the recorded responses that the DiDok list lacks, with their real numbers."""
    stops = {}
    for number in sorted(seen.positions):
        if number in didok:
            continue
        names = seen.names[number]
        name = max(names, key=lambda n: (names[n], len(n), n))
        lats, lons = zip(*seen.positions[number])
        kinds = seen.kinds[number]
        kind = next((k for k in KINDS if k in kinds), None) or ("bus" if "," in name else "train")
        stops[number] = {"id": number, "name": name, "lat": "%.5f" % statistics.median(lats),
                         "lon": "%.5f" % statistics.median(lons), "kind": kind}
    return stops


# Localities -----------------------------------------------------------------------------------

EXONYMS = {"Geneva": "Genève", "Sitten": "Sion"}  # GeoNames' English/German names for towns whose stops use the local one


def geonames_towns(shared):
    """Swiss GeoNames places as a timetable writes their towns (`Zürich (Kreis 11) / Oerlikon` → `Zürich`)."""
    towns = []
    with gzip.open(os.path.join(shared, "data/geonames-cities1000.csv.gz"), "rt", encoding="utf-8") as file:
        for row in csv.DictReader(file):
            if row["countrycode"] != "CH":
                continue
            name = EXONYMS.get(row["name"], row["name"])
            name = re.sub(r"^Sankt ", "St. ", name).split(" / ", 1)[0]
            name = re.sub(r"^Stadt ", "", re.sub(r"\s*\(Kreis \d+\)", "", name)).strip()
            towns.append((int(row["geonameid"]), name, float(row["latitude"]), float(row["longitude"])))
    towns.sort()
    return [{"name": name, "lat": lat, "lon": lon} for _, name, lat, lon in towns]


def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(min(1.0, a)))


class NearestTown:
    """The nearest GeoNames town within a radius, from a grid of 0.1° cells."""

    CELL = 0.1

    def __init__(self, towns):
        self.cells = defaultdict(list)
        for town in towns:
            self.cells[self.cell(town["lat"], town["lon"])].append(town)

    def cell(self, lat, lon):
        return int(math.floor(lat / self.CELL)), int(math.floor(lon / self.CELL))

    def find(self, lat, lon, metres):
        row, column = self.cell(lat, lon)
        reach = 1 + int(metres / 111195 / self.CELL / math.cos(math.radians(lat)))
        best = None
        for r in range(row - reach, row + reach + 1):
            for c in range(column - reach, column + reach + 1):
                for town in self.cells.get((r, c), ()):
                    distance = haversine(lat, lon, town["lat"], town["lon"])
                    if distance <= metres and (best is None or distance < best[0]):
                        best = (distance, town["name"])
        return best[1] if best else None


def assign_localities(stops, towns):
    """Each stop's town (see the module's description)."""
    geonames = {town["name"] for town in towns}
    written = {stop["name"].split(",", 1)[0].strip() for stop in stops.values() if "," in stop["name"]}
    known = geonames | written
    by_first_letter = defaultdict(list)
    for town in sorted(known, key=lambda name: (-len(name), name)):
        by_first_letter[town[0]].append(town)
    nearest = NearestTown(towns)

    def town_in(name):
        """The longest known town that the name begins with, not followed by a canton alone (`Buchs AG`)."""
        for town in by_first_letter[name[0]]:
            rest = name[len(town):]
            if name.startswith(town) and rest[:1] in (" ", "-", "/") and not re.fullmatch(r" [A-Z]{2}", rest):
                return town
        return None

    for stop in stops.values():
        name = stop["name"]
        if "," in name:
            stop["locality"] = name.split(",", 1)[0].strip()
            continue
        bracket = re.fullmatch(r"(.*?) \(([^()]+)\)", name)
        stop["locality"] = ((name if name in geonames else None) or town_in(name) or (name if name in written else None)
                            or (bracket.group(2) if bracket and bracket.group(2) in known else None)
                            or nearest.find(float(stop["lat"]), float(stop["lon"]), NEAREST_TOWN_METRES)
                            or (bracket.group(1) if bracket else name))


# Output -------------------------------------------------------------------------------------

REQUIRED = {"8503000": "Zürich HB", "8507000": "Bern", "8500010": "Basel SBB", "8501008": "Genève",
            "8501120": "Lausanne", "8505000": "Luzern", "8507100": "Thun", "8503504": "Baden", "8500218": "Olten",
            "8506000": "Winterthur", "8506302": "St. Gallen", "8504300": "Biel/Bienne", "8509000": "Chur",
            "8505300": "Lugano", "8501609": "Brig", "8507492": "Interlaken Ost", "8503016": "Zürich Flughafen",
            "8590032": "Bern, Rathaus"}


def render(shared):
    seen = Observations()
    read_hafas_extxml(shared, seen)
    read_ojp(shared, seen)
    read_searchch(shared, seen)
    read_hafas_js_literals(shared, seen)
    didok = read_didok(shared)
    extra = sample_stops(seen, didok)
    stops = dict(didok)
    stops.update(extra)
    assign_localities(stops, geonames_towns(shared))

    wrong = ["%s %s" % (number, name) for number, name in REQUIRED.items() if stops.get(number, {}).get("name") != name]
    if wrong:
        raise SystemExit("derive-stations: major stations missing or renamed: " + ", ".join(wrong))
    for stop in stops.values():
        for field in ("name", "locality"):
            if not stop[field] or re.search(r"[\t\n\r]", stop[field]):
                raise SystemExit("derive-stations: unusable %s %r of %s" % (field, stop[field], stop["id"]))

    kinds = Counter(stop["kind"] for stop in stops.values())
    header = [
        "# Generated by scripts/derive-stations.py; do not edit. Sources and licences: NOTICE.",
        "# Stop data: DiDok / Dienststellen, Swiss Federal Office of Transport (BAV), 2023-04 - Source: opentransportdata.swiss",
        "# %d stops: %d from the DiDok list, %d from recorded upstream responses that it lacks; %s."
        % (len(stops), len(didok), len(extra), ", ".join("%s %d" % (kind, kinds[kind]) for kind in KINDS)),
        "# id, name, latitude, longitude, locality, kind; separated by tabs, sorted by id.",
    ]
    lines = ["\t".join((s["id"], s["name"], s["lat"], s["lon"], s["locality"], s["kind"]))
             for s in sorted(stops.values(), key=lambda s: int(s["id"]))]
    data = ("\n".join(header + lines) + "\n").encode("utf-8")
    return data, assembly(data), (len(didok), len(extra))


def assembly(data):
    return incbin_assembly("scripts/derive-stations.py", "The embedded Swiss station set", "stations.tsv", "station_data", data)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--shared", default=DEFAULT_SHARED, help="the shared folder holding data/ and fixtures/")
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed files are stale")
    args = parser.parse_args()
    data, source, counts = render(args.shared)
    outputs = [(DATA_OUTPUT, data), (ASSEMBLY_OUTPUT, source)]
    status = write_or_check(outputs, REPO, "scripts/derive-stations.py", args.check)
    if args.check or status != 0:
        return status
    print("derive-stations: %d DiDok stops, %d from the samples; %s: %d bytes"
          % (counts + (os.path.relpath(DATA_OUTPUT, REPO), len(data))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
