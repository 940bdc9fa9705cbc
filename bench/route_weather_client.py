#!/usr/bin/env python3
"""Clients for bench/routeweather.sh.

naive ORIGIN FROM_LAT,FROM_LON TO_LAT,TO_LON
    The original app's strategy against the embedded sandbox's upstreams: one Google Directions
    request, then for every step of the route one Nominatim reverse request (for the postal code)
    and one Google weather request (by postal code), one after another. Prints JSON: calls, steps,
    seconds.

alternate N ROUNDS URL...
    N sequential GETs of each URL, each on its keep-alive connection, in ROUNDS turns (N / ROUNDS
    of each URL a turn); prints JSON: a list of latencies in ms per URL.

cells FILE
    The number of distinct ~10 km grid cells (the service's GridCell: rows of 0.09 degrees of
    latitude, columns of 0.09 degrees over the cosine of the row's middle) of a routeweather
    document's places.
"""
import math
import http.client
import json
import sys
import time
import urllib.parse
import xml.etree.ElementTree as ET


def get(connection, path):
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        raise SystemExit(f"route_weather_client: {path} answered {response.status}: {body[:200]!r}")
    return body


def naive(origin, start, end):
    parsed = urllib.parse.urlsplit(origin)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=30)
    began = time.perf_counter()
    calls = 1
    directions = ET.fromstring(get(connection, f"/maps/api/directions/xml?origin={start}&destination={end}&key=bench"))
    steps = directions.findall("./route/leg/step")
    if not steps:
        raise SystemExit("route_weather_client: the directions answer has no steps")
    for step in steps:
        lat, lng = step.findtext("start_location/lat"), step.findtext("start_location/lng")
        place = ET.fromstring(get(connection, f"/reverse?lat={lat}&lon={lng}&format=xml&addressdetails=1"))
        postcode = place.findtext("addressparts/postcode")
        where = postcode or ",,,%d,%d" % (round(float(lat) * 1e6), round(float(lng) * 1e6))
        get(connection, "/ig/api?weather=" + urllib.parse.quote(where) + "&hl=en")
        calls += 2
    print(json.dumps({"calls": calls, "steps": len(steps), "seconds": time.perf_counter() - began}))


def alternate(urls, count, rounds):
    """COUNT sequential GETs of each URL on its own keep-alive connection, in ROUNDS turns: each
    turn asks every URL COUNT / ROUNDS times, so a spell of load on the machine falls on all of
    them alike. Prints JSON: the latencies in ms, a list per URL."""
    connections, paths = [], []
    for url in urls:
        parsed = urllib.parse.urlsplit(url)
        paths.append(parsed.path + ("?" + parsed.query if parsed.query else ""))
        connections.append(http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=30))
    latencies = [[] for _ in urls]
    for turn in range(rounds):
        # COUNT in all: the first COUNT % ROUNDS turns ask once more.
        per_turn = count // rounds + (1 if turn < count % rounds else 0)
        for index, connection in enumerate(connections):
            for _ in range(per_turn):
                began = time.perf_counter()
                get(connection, paths[index])
                latencies[index].append((time.perf_counter() - began) * 1000)
    print(json.dumps({"ms": latencies}))


def cells(path):
    document = ET.parse(path).getroot()
    seen = set()
    for place in document.findall("./places/place"):
        lat, lon = float(place.findtext("lat")), float(place.findtext("lon"))
        row = math.floor(lat / 0.09)
        width = 0.09 / max(math.cos(math.radians((row + 0.5) * 0.09)), 0.01)
        seen.add((row, math.floor(lon / width)))
    print(len(seen))


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "naive":
        naive(sys.argv[2], sys.argv[3], sys.argv[4])
    elif len(sys.argv) == 3 and sys.argv[1] == "cells":
        cells(sys.argv[2])
    elif len(sys.argv) >= 5 and sys.argv[1] == "alternate":
        alternate(sys.argv[4:], int(sys.argv[2]), int(sys.argv[3]))
    else:
        raise SystemExit(__doc__)
