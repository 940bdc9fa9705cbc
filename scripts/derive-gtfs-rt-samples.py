#!/usr/bin/env python3
"""Copies the GTFS-Realtime feeds the routes' golden tests and the transit tests read from the
shared fixtures (../shared/fixtures/upstream, see its MANIFEST.md) into the repository.

A feed too large to read value by value is cut: its header and the chosen entities are copied
byte for byte, in their order (a FeedMessage is its header and its entities, each one
length-delimited field, so the cut is itself a valid feed holding the same bytes for what it keeps).

    python3 scripts/derive-gtfs-rt-samples.py [FIXTURES]
"""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "fixtures" / "upstream"

# (route, sample name, fixture, entity indexes to keep or None for all)
SAMPLES = [
    ("gtfs-rt-trip-updates", "bart-2016-12-29T17-39-24Z", "bart-gtfsrt/bart-gtfsrt-tripupdates-2016-12-29T17-39-24Z-graphhopper.pb", None),
    ("gtfs-rt-trip-updates", "septa-delay-only-2023-03-29T20-09-32Z", "gtfs-rt/septa-tripupdates-2023-03-29T20-09-32Z-otp.pb", None),
    ("gtfs-rt-trip-updates", "nyct-extensions-2023-10-19T11-30-01Z-cut", "gtfs-rt/nyct-subway-si-tripupdates+vehicles-2023-10-19T11-30-01Z-oba.pb", [0, 1, 2, 3]),
    ("gtfs-rt-trip-updates", "fgc-absolute-times-2025-08-21T14-45-03Z-cut", "gtfs-rt/fgc-tripupdates-2025-08-21T14-45-03Z-bcntransitbot.pb", [0, 1]),
    ("gtfs-rt-trip-updates", "nmbs-canceled-2015-07-31T11-01-37Z-cut", "gtfs-rt/nmbs-tripupdates-canceled-2015-07-31T11-01-37Z-irail.pb", [5, 22]),
    ("gtfs-rt-trip-updates", "bctransit-skipped-with-times-2026-01-29T05-18-19Z-cut", "gtfs-rt/bctransit-victoria-tripupdates-skipped-2026-01-29T05-18-19Z-victoriatransitazure.pb", [173]),
    ("gtfs-rt-trip-updates", "edmonton-skipped-2024-03-12T18-37-08Z-cut", "gtfs-rt/edmonton-ets-tripupdates-skipped-2024-03-12T18-37-08Z-etsdewline.pb", [636]),
    ("gtfs-rt-alerts", "nmbs-per-language-2015-07-31T11-01-25Z", "gtfs-rt/nmbs-servicealerts-nl-fr-en-2015-07-31T11-01-25Z-irail.pb", None),
    ("gtfs-rt-alerts", "mbta-2024-07-24T01-28-40Z-cut", "gtfs-rt/mbta-alerts-2024-07-24T01-28-40Z-ctriley.pb", [15, 30, 36, 90, 93]),
    ("gtfs-rt-vehicle-positions", "usf-bullrunner-2017-09-13T14-52-55Z", "gtfs-rt/usf-bullrunner-vehiclepositions-2017-09-13T14-52-55Z-validator.pb", None),
    ("gtfs-rt-vehicle-positions", "kcm-2021-09-02T15-31-56Z-cut", "gtfs-rt/kcm-vehiclepositions-2021-09-02T15-31-56Z-otp.pb", [0, 1, 2]),
]

# Whole feeds for the transit service's tests, beside the static zips.
WHOLE = [("fgc-tripupdates-2025-08-21T14-45-03Z.pb", "gtfs-rt/fgc-tripupdates-2025-08-21T14-45-03Z-bcntransitbot.pb")]


def varint(data, at):
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7


def fields(data):
    """The top-level fields: (number, bytes of the whole field)."""
    at = 0
    while at < len(data):
        start = at
        tag, at = varint(data, at)
        if tag & 7 != 2:
            raise SystemExit(f"unexpected wire type {tag & 7} at byte {start}")
        length, at = varint(data, at)
        at += length
        yield tag >> 3, data[start:at]


def cut(data, keep):
    if keep is None:
        return data
    out, entity = bytearray(), 0
    for number, raw in fields(data):
        if number == 1:
            out += raw
        elif number == 2:
            if entity in keep:
                out += raw
            entity += 1
    return bytes(out)


def main():
    for route, name, fixture, keep in SAMPLES:
        target = ROOT / "Routes" / route / "samples" / f"{name}.pb"
        target.write_bytes(cut((FIXTURES / fixture).read_bytes(), keep))
        print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes")
    for name, fixture in WHOLE:
        target = ROOT / "Tests" / "Fixtures" / "gtfs" / name
        target.write_bytes((FIXTURES / fixture).read_bytes())
        print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes")


main()
