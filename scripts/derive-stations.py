#!/usr/bin/env python3
"""Derives the embedded Swiss station set, Sources/Model/Stations/SwissStations+Data.swift.

Three sources, in this order of precedence:

1. Real stops from the recorded upstream responses (../shared/fixtures/upstream): every stop
   with a Swiss UIC/DIDOK number (85xxxxx) and WGS 84 coordinates in the SBB HAFAS extxml,
   OJP 1.0/2.0, timetable.search.ch and HAFAS location-lookup samples. A stop seen several
   times takes its most frequent name and the median of its coordinates; its kind comes from
   what the samples say serves it (HAFAS product classes and categories, OJP modes, search.ch
   icons and leg types), trains first. Five major stations the samples do not name (Genève,
   Sion, Fribourg, Lugano, Thun) get their public UIC numbers, at the position a sample gives
   the number without a name, else at their town's GeoNames position.
2. Swiss towns from GeoNames (../shared/data/geonames-cities1000.csv.gz, country CH), as
   synthetic stops named after the town (railway stations for towns of 5,000 people or more,
   bus stops for smaller ones and for districts such as `Zürich, Höngg`), unless a real stop
   already stands for the town (same name, or the name with a canton or `HB`/`SBB`, or a
   name an upstream accepts for it, as HAFAS takes `Zürich` for Zürich HB).
   Ids are synthetic: 89 followed by five digits, 8900001 upwards in GeoNames id order. Real
   Swiss stops are all 85xxxxx, so the two ranges cannot meet.
3. A few synthetic extra stops (ids from 8950001): "Rathaus" stops in several towns, which
   make bare "Rathaus" ambiguous, and tram, ship and cableway stops. Their positions are
   approximate.

The project never reads ../shared at run time; the generated file is committed. Standard
library only. Run it from anywhere:

    python3 scripts/derive-stations.py            # writes the Swift file
    python3 scripts/derive-stations.py --check    # exits 1 if the committed file is stale
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
import zlib
from collections import Counter, defaultdict

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_SHARED = os.path.join(os.path.dirname(REPO), "shared")
DEFAULT_OUTPUT = os.path.join(REPO, "Sources", "Model", "Stations", "SwissStations+Data.swift")

KINDS = ("train", "tram", "ship", "cableway", "bus")  # precedence when several serve a stop
SWISS_BOX = (45.75, 47.90, 5.85, 10.60)  # south, north, west, east; border stations included
TOWN_ID_BASE = 8900000
EXTRA_ID_BASE = 8950000
TRAIN_TOWN_POPULATION = 5000  # towns this large get a synthetic railway station, smaller ones a bus stop


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
    """Every sighting of a real stop: names, positions, what serves it, and locality hints."""

    def __init__(self):
        self.names = defaultdict(Counter)
        self.positions = defaultdict(list)
        self.kinds = defaultdict(set)
        self.localities = defaultdict(Counter)
        self.aliases = defaultdict(set)  # other names upstreams accept for the stop ("Zürich")
        self.sources = defaultdict(set)
        self.unnamed = defaultdict(list)  # positions of numbers a sample gives without a name


    def add(self, source, stop_id, name, lat=None, lon=None, kinds=(), locality=None):
        stop_id = uic(stop_id)
        name = " ".join(html.unescape(unescape_bytes(name or "")).split())
        if stop_id and not name and lat is not None and lon is not None and in_switzerland(float(lat), float(lon)):
            self.unnamed[stop_id].append((float(lat), float(lon)))
        if not stop_id or not name:
            return
        if lat is not None and lon is not None:
            lat, lon = float(lat), float(lon)
            if not in_switzerland(lat, lon):
                return
            self.positions[stop_id].append((lat, lon))
        self.names[stop_id][name] += 1
        self.kinds[stop_id].update(k for k in kinds if k)
        if locality:
            self.localities[stop_id][locality] += 1
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
        # A LocValRes answer for "Zürich" leads with the stop it means: the name is an alias.
        for result in root.iter("LocValRes"):
            for station in result.iter("Station"):
                number = uic(station.get("externalStationNr") or station.get("externalId"))
                if number:
                    seen.aliases[number].add(station.get("name"))


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
            label = descendant_text(place, "Name", "Text") or descendant_text(place, "LocationName", "Text") or ""
            # `Bern Bümpliz Süd (Bern)`: the label adds the town to the stop's name.
            locality = re.fullmatch(re.escape(name or "") + r" \(([^()]+)\)", label)
            mode = child(place, "Mode")
            kinds = [kind_from_mode(descendant_text(mode, "PtMode"))] if mode is not None else []
            seen.add(source, number, name, descendant_text(position, "Latitude"), descendant_text(position, "Longitude"),
                     kinds, locality.group(1) if locality else None)
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


# GeoNames towns -----------------------------------------------------------------------------

EXONYMS = {"Geneva": "Genève", "Sitten": "Sion"}  # GeoNames' English/German names for towns whose stations use the local one


def town_name(raw):
    """GeoNames' name as a timetable would write it: `Zürich (Kreis 11) / Oerlikon` → `Zürich, Oerlikon`."""
    name = EXONYMS.get(raw, raw)
    name = re.sub(r"^Sankt ", "St. ", name)
    if " / " in name:
        town, part = (re.sub(r"\s*\(Kreis \d+\)", "", piece).strip() for piece in name.split(" / ", 1))
        town = re.sub(r"^Stadt ", "", town)
        if part.startswith(town + " "):
            part = part[len(town) + 1:]
        part = re.sub(r"[()]", "", part).strip()
        return (town + ", " + part if part and part != town else town), town
    name = re.sub(r"^Stadt ", "", re.sub(r"\s*\(Kreis \d+\)", "", name)).strip()
    return name, name


def read_towns(shared):
    towns = []
    with gzip.open(os.path.join(shared, "data/geonames-cities1000.csv.gz"), "rt", encoding="utf-8") as file:
        for row in csv.DictReader(file):
            if row["countrycode"] != "CH":
                continue
            name, locality = town_name(row["name"])
            towns.append({"geonameid": int(row["geonameid"]), "name": name, "locality": locality,
                          "canton": row["admin1code"], "lat": float(row["latitude"]), "lon": float(row["longitude"]),
                          "population": int(row["population"] or 0)})
    towns.sort(key=lambda town: town["geonameid"])
    return towns


def distinct_towns(towns):
    """One town per name; names used in several cantons get the canton, as SBB writes `Buchs SG`."""
    by_name = defaultdict(list)
    for town in towns:
        by_name[normalize(town["name"])].append(town)
    kept = []
    for group in by_name.values():
        cantons = {town["canton"] for town in group}
        best = {}
        for town in sorted(group, key=lambda t: (-t["population"], t["geonameid"])):
            best.setdefault(town["canton"], town)
        for town in best.values():
            if len(cantons) > 1:
                town = dict(town, name=town["name"] + " " + town["canton"])
            kept.append(town)
    kept.sort(key=lambda town: town["geonameid"])
    return kept


# Major stations the samples lack -------------------------------------------------------------

# Their public UIC numbers; placed where a sample puts the number (without a name), else at the
# town's GeoNames position.
MAJOR_STATIONS = [("8501008", "Genève", "Genève"), ("8501506", "Sion", "Sion"), ("8504100", "Fribourg", "Fribourg"),
                  ("8505300", "Lugano", "Lugano"), ("8507100", "Thun", "Thun")]


def major_stations(seen, towns):
    rows = {}
    for number, name, town_name in MAJOR_STATIONS:
        if number in seen.positions:
            continue
        if seen.unnamed[number]:
            lats, lons = zip(*seen.unnamed[number])
            lat, lon = statistics.median(lats), statistics.median(lons)
        else:
            town = next(t for t in towns if t["name"] == town_name)
            lat, lon = town["lat"], town["lon"]
        rows[number] = {"id": number, "name": name, "lat": lat, "lon": lon, "locality": town_name, "kind": "train",
                        "aliases": set()}
    return rows


# Synthetic extra stops ------------------------------------------------------------------------

RATHAUS_TOWNS = ["Bern", "Thun", "Zürich", "Schaffhausen", "Luzern", "St. Gallen", "Winterthur", "Aarau", "Burgdorf"]

# (name, locality, kind, latitude, longitude): approximate positions.
EXTRA_STOPS = [
    ("Basel, Barfüsserplatz", "Basel", "tram", 47.55444, 7.58861),
    ("Genève, Plainpalais", "Genève", "tram", 46.19785, 6.14205),
    ("Zürich, Paradeplatz", "Zürich", "tram", 47.36960, 8.53900),
    ("Bern, Zytglogge", "Bern", "tram", 46.94790, 7.44780),
    ("Lugano, Centro", "Lugano", "bus", 46.00430, 8.95160),
    ("Chur, Postautostation", "Chur", "bus", 46.85350, 9.52950),
    ("Luzern, Schiffstation", "Luzern", "ship", 47.05080, 8.31150),
    ("Thun, Schiffstation", "Thun", "ship", 46.75520, 7.62960),
    ("Lausanne-Ouchy (lac)", "Lausanne", "ship", 46.50590, 6.62680),
    ("Zürich Bürkliplatz (See)", "Zürich", "ship", 47.36590, 8.54120),
    ("Säntis", "Säntis", "cableway", 47.24940, 9.34330),
    ("Stanserhorn", "Stans", "cableway", 46.92900, 8.34000),
    ("Niesen Kulm", "Mülenen", "cableway", 46.64600, 7.65100),
    ("Pilatus Kulm", "Alpnach", "cableway", 46.97910, 8.25500),
]


def offset(lat, lon, meters, bearing_degrees):
    bearing = math.radians(bearing_degrees)
    return (lat + meters * math.cos(bearing) / 111195.0,
            lon + meters * math.sin(bearing) / (111195.0 * math.cos(math.radians(lat))))


# Assembly -----------------------------------------------------------------------------------

def real_stations(seen, towns):
    """One row per real stop number seen with a position."""
    stations = {}
    town_names = sorted({t["locality"] for t in towns}, key=len, reverse=True)
    for number in sorted(seen.positions):
        names = seen.names[number]
        name = max(names, key=lambda n: (names[n], len(n), n))
        lats, lons = zip(*seen.positions[number])
        lat, lon = statistics.median(lats), statistics.median(lons)
        kinds = seen.kinds[number]
        kind = next((k for k in KINDS if k in kinds), None) or ("bus" if "," in name else "train")
        stations[number] = {"id": number, "name": name, "lat": lat, "lon": lon,
                            "locality": locality_of(name, lat, lon, seen.localities[number], towns, town_names),
                            "kind": kind, "aliases": {n for n in names if n != name} | (seen.aliases[number] - {name})}
    return stations


def locality_of(name, lat, lon, hints, towns, town_names):
    """The town a stop belongs to: before the comma, the upstream's word, a town the name starts with, the nearest town."""
    place = name.split(",", 1)[0].strip()
    if "," not in name and hints:
        return max(hints, key=lambda h: (hints[h], h))
    for town in town_names:
        if place == town or place.startswith(town + " ") or place.startswith(town + "-"):
            return town
    if "," in name:
        return place
    nearest = min(towns, key=lambda t: (t["lat"] - lat) ** 2 + ((t["lon"] - lon) * math.cos(math.radians(lat))) ** 2)
    if haversine(lat, lon, nearest["lat"], nearest["lon"]) <= 5000:
        return nearest["locality"]
    return re.split(r"[ -]", name, 1)[0]


def haversine(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(min(1.0, a)))


MAIN_STATION_SUFFIXES = ("", " HB", " SBB", " CFF", " FFS")


def town_stations(towns, real):
    """Synthetic stops for the towns no real stop stands for."""
    covered = set()
    for station in real.values():
        for name in {station["name"]} | station["aliases"]:
            covered.add(normalize(name))
    rows = []
    for index, town in enumerate(towns, start=1):
        candidates = [town["name"], town["name"] + " " + town["canton"]]
        if any(normalize(c + suffix) in covered for c in candidates for suffix in MAIN_STATION_SUFFIXES):
            continue
        rows.append({"id": str(TOWN_ID_BASE + index), "name": town["name"], "lat": town["lat"], "lon": town["lon"],
                     "locality": town["locality"], "kind": town_kind(town)})
    return rows


def town_kind(town):
    """A railway station for a larger town; a bus stop for a small one or a district (`Zürich, Höngg`)."""
    return "train" if town["population"] >= TRAIN_TOWN_POPULATION and "," not in town["name"] else "bus"


def extra_stations(real, towns_by_name, taken_names):
    rows = []
    number = EXTRA_ID_BASE

    def add(name, locality, kind, lat, lon):
        nonlocal number
        if normalize(name) in taken_names:
            return  # a real stop of that name exists already
        number += 1
        taken_names.add(normalize(name))
        rows.append({"id": str(number), "name": name, "lat": lat, "lon": lon, "locality": locality, "kind": kind})

    main_stations = {}
    for station in sorted(real.values(), key=lambda s: s["id"]):
        for suffix in MAIN_STATION_SUFFIXES:
            if station["kind"] == "train" and normalize(station["name"]) == normalize(station["locality"] + suffix):
                main_stations.setdefault(normalize(station["locality"]), station)
    for town in RATHAUS_TOWNS:
        anchor = main_stations.get(normalize(town)) or towns_by_name.get(normalize(town))
        if anchor is None:
            raise SystemExit("derive-stations: no position for %s" % town)
        # 300-800 m from the town's station, in a direction that depends only on the name.
        seed = zlib.crc32(town.encode("utf-8"))
        lat, lon = offset(anchor["lat"], anchor["lon"], 300 + seed % 500, seed % 360)
        add(town + ", Rathaus", town, "bus", lat, lon)
    for name, locality, kind, lat, lon in EXTRA_STOPS:
        add(name, locality, kind, lat, lon)
    return rows


REQUIRED = ["Zürich HB", "Bern", "Basel SBB", "Genève", "Lausanne", "Luzern", "Thun", "Baden", "Olten", "Winterthur",
            "St. Gallen", "Biel/Bienne", "Chur", "Lugano", "Brig", "Interlaken Ost", "Zürich Flughafen"]


def render(rows, counts):
    for row in rows:
        for field in ("name", "locality"):
            if re.search(r'[\t\n\r]|"""#', row[field]):
                raise SystemExit("derive-stations: unusable %s %r" % (field, row[field]))
    lines = ["%s\t%s\t%.6f\t%.6f\t%s\t%s" % (r["id"], r["name"], r["lat"], r["lon"], r["locality"], r["kind"]) for r in rows]
    return """// Generated by scripts/derive-stations.py; do not edit. Sources and licences: NOTICE.
// %d stations: %d real stops from recorded upstream responses, %d major stations they lack,
// %d towns from GeoNames (CC BY 4.0, "GeoNames, geonames.org") with synthetic 89xxxxx ids,
// %d synthetic extra stops.

extension SwissStations {
    /// One station a line: id, name, latitude, longitude, locality, kind, separated by tabs.
    static let table = #\"\"\"
%s
\"\"\"#
}
""" % ((len(rows),) + tuple(counts) + ("\n".join(lines),))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", default=DEFAULT_SHARED, help="the shared data folder (read only)")
    parser.add_argument("--output", default=DEFAULT_OUTPUT)
    parser.add_argument("--check", action="store_true", help="only compare with the output file")
    arguments = parser.parse_args()

    seen = Observations()
    read_hafas_extxml(arguments.shared, seen)
    read_ojp(arguments.shared, seen)
    read_searchch(arguments.shared, seen)
    read_hafas_js_literals(arguments.shared, seen)

    towns = distinct_towns(read_towns(arguments.shared))
    real = real_stations(seen, towns)
    majors = major_stations(seen, towns)
    real.update(majors)
    synthetic_towns = town_stations(towns, real)
    taken = {normalize(s["name"]) for s in real.values()} | {normalize(s["name"]) for s in synthetic_towns}
    towns_by_name = {normalize(s["name"]): s for s in synthetic_towns}
    towns_by_name.update({normalize(t["name"]): t for t in towns if normalize(t["name"]) not in towns_by_name})
    extras = extra_stations(real, towns_by_name, taken)

    rows = sorted(list(real.values()) + synthetic_towns + extras, key=lambda r: r["id"])
    names = {normalize(r["name"]) for r in rows}
    missing = [name for name in REQUIRED if normalize(name) not in names]
    if missing:
        raise SystemExit("derive-stations: major stations missing: " + ", ".join(missing))
    if len({r["id"] for r in rows}) != len(rows):
        raise SystemExit("derive-stations: duplicate ids")

    text = render(rows, (len(real) - len(majors), len(majors), len(synthetic_towns), len(extras)))
    if arguments.check:
        with open(arguments.output, encoding="utf-8") as file:
            if file.read() != text:
                print("derive-stations: %s is stale" % arguments.output, file=sys.stderr)
                return 1
        return 0
    with open(arguments.output, "w", encoding="utf-8") as file:
        file.write(text)
    print("derive-stations: %d stops from the samples, %d major stations, %d towns, %d extra stops -> %s"
          % (len(real) - len(majors), len(majors), len(synthetic_towns), len(extras), os.path.relpath(arguments.output, REPO)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
