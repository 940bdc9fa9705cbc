#!/usr/bin/env python3
"""A naive GTFS importer, the reference of bench/transit.sh: the same zip read with zipfile and
csv into the same tables with sqlite3 (one transaction, executemany, the same indexes), as a
developer would write it in an afternoon. Prints the seconds the import took.

    python3 bench/transit_import.py ZIP DATABASE
"""
import csv
import io
import os
import sqlite3
import sys
import time
import zipfile

SCHEMA = """
CREATE TABLE agency (id TEXT, name TEXT, url TEXT, timezone TEXT);
CREATE TABLE stops (id TEXT NOT NULL, code TEXT, name TEXT, lat REAL, lon REAL, location_type INTEGER, parent_station TEXT, platform_code TEXT);
CREATE UNIQUE INDEX stops_id ON stops (id);
CREATE INDEX stops_parent ON stops (parent_station);
CREATE TABLE routes (id TEXT NOT NULL, agency TEXT, short_name TEXT, long_name TEXT, type INTEGER, color TEXT, text_color TEXT);
CREATE UNIQUE INDEX routes_id ON routes (id);
CREATE TABLE trips (id TEXT NOT NULL, route TEXT, service TEXT, headsign TEXT, direction INTEGER, block TEXT, shape TEXT);
CREATE UNIQUE INDEX trips_id ON trips (id);
CREATE TABLE stop_times (trip TEXT NOT NULL, sequence INTEGER, stop TEXT, arrival INTEGER, departure INTEGER, pickup_type INTEGER, drop_off_type INTEGER, headsign TEXT);
CREATE INDEX stop_times_stop ON stop_times (stop, departure);
CREATE INDEX stop_times_trip ON stop_times (trip, sequence);
CREATE TABLE calendar (service TEXT, monday INTEGER, tuesday INTEGER, wednesday INTEGER, thursday INTEGER, friday INTEGER, saturday INTEGER, sunday INTEGER, start_date TEXT, end_date TEXT);
CREATE TABLE calendar_dates (service TEXT, date TEXT, exception_type INTEGER);
CREATE TABLE frequencies (trip TEXT, start_time INTEGER, end_time INTEGER, headway_secs INTEGER, exact_times INTEGER);
"""

FILES = {
    "agency.txt": ("agency", ["agency_id", "agency_name", "agency_url", "agency_timezone"]),
    "stops.txt": ("stops", ["stop_id", "stop_code", "stop_name", "stop_lat", "stop_lon", "location_type", "parent_station", "platform_code"]),
    "routes.txt": ("routes", ["route_id", "agency_id", "route_short_name", "route_long_name", "route_type", "route_color", "route_text_color"]),
    "trips.txt": ("trips", ["trip_id", "route_id", "service_id", "trip_headsign", "direction_id", "block_id", "shape_id"]),
    "stop_times.txt": ("stop_times", ["trip_id", "stop_sequence", "stop_id", "arrival_time", "departure_time", "pickup_type", "drop_off_type", "stop_headsign"]),
    "calendar.txt": ("calendar", ["service_id", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "start_date", "end_date"]),
    "calendar_dates.txt": ("calendar_dates", ["service_id", "date", "exception_type"]),
    "frequencies.txt": ("frequencies", ["trip_id", "start_time", "end_time", "headway_secs", "exact_times"]),
}
TIMES = {"arrival_time", "departure_time", "start_time", "end_time"}


def seconds(text):
    if not text:
        return None
    hours, minutes, secs = text.strip().split(":")
    return int(hours) * 3600 + int(minutes) * 60 + int(secs)


def main():
    source, target = sys.argv[1], sys.argv[2]
    started = time.perf_counter()
    if os.path.exists(target):
        os.remove(target)
    database = sqlite3.connect(target)
    database.executescript(SCHEMA)
    with zipfile.ZipFile(source) as archive:
        names = set(archive.namelist())
        for name, (table, columns) in FILES.items():
            if name not in names:
                continue
            with archive.open(name) as raw:
                reader = csv.DictReader(io.TextIOWrapper(raw, encoding="utf-8-sig", newline=""))
                reader.fieldnames = [field.strip() for field in reader.fieldnames or []]
                rows = (
                    [seconds(row.get(column)) if column in TIMES else (row.get(column) or None) for column in columns]
                    for row in reader
                )
                database.executemany(f"INSERT INTO {table} VALUES ({','.join('?' * len(columns))})", rows)
    database.commit()
    database.close()
    print(f"import-seconds: {time.perf_counter() - started}")


main()
