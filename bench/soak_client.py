#!/usr/bin/env python3
"""The traffic of bench/soak.sh: mixed requests on keep-alive connections, bad requests and slow
clients against one gottago, with its memory and open files sampled from /proc.

    soak_client.py URL PID --seconds S --warmup W --workers N --slow-clients N --bad-percent P
                   --header-timeout S --report FILE

The endpoint mix comes from the service's own OpenAPI document (/api/openapi.json): every GET
operation, its path and query parameters filled from the example records below (Swiss stations,
BART stations, places of the embedded gazetteer), chosen by each parameter's name and the domain
of the path; enumerations and bounded integers from their schemas. /api/routes/{id}/result is
soaked for each route /api/routes lists, /web/{version}/{file} for each file the page links.
An operation whose required parameters have no example value is listed as not soaked.

Prints the request counts, status histogram, latencies and slow-client outcomes; writes the
figures bench/soak.sh checks to FILE as shell assignments. Standard library only.
"""
import argparse
import array
import asyncio
import json
import os
import random
import socket
import sys
import time
import urllib.parse

# Example records by domain: one record per request, so that a position's lat and lon, or a
# pair's from and to, belong together.
SWISS = [
    {"from": "Bern", "to": "Zürich HB", "station": "Bern", "query": "Bern", "id": "8507000",
     "lat": "46.9488", "lon": "7.4391", "x": "46.9488", "y": "7.4391", "orig": "Bern"},
    {"from": "Basel SBB", "to": "Luzern", "station": "Zürich HB", "query": "Zürich", "id": "8503000",
     "lat": "47.3779", "lon": "8.5403", "x": "47.3779", "y": "8.5403", "orig": "Zürich HB"},
    {"from": "Lausanne", "to": "Genève", "station": "Lausanne", "query": "Lausanne", "id": "8501120",
     "lat": "46.5167", "lon": "6.6291", "x": "46.5167", "y": "6.6291", "orig": "Lausanne"},
    {"from": "Bern;Thun", "to": "Zürich HB", "station": "Olten", "query": "Olten", "id": "8500218",
     "lat": "47.3519", "lon": "7.9076", "x": "47.3519", "y": "7.9076", "orig": "Olten"},
]
BART = [
    {"abbr": "EMBR", "orig": "EMBR", "lat": "37.7929", "lon": "-122.3971"},
    {"abbr": "MONT", "orig": "MONT", "lat": "37.7894", "lon": "-122.4011"},
    {"abbr": "12TH", "orig": "12TH", "lat": "37.8037", "lon": "-122.2715"},
    {"abbr": "DBRK", "orig": "DBRK", "lat": "37.8701", "lon": "-122.2681"},
    {"abbr": "RICH", "orig": "RICH", "lat": "37.9369", "lon": "-122.3535"},
]
PLACES = [
    {"from": "Bethesda, MD", "to": "90210", "q": "Denver, CO", "lat": "39.7392", "lon": "-104.9903",
     "from_lat": "46.95", "from_lon": "7.44", "to_lat": "47.37", "to_lon": "8.54"},
    {"from": "Boston, MA", "to": "New York, NY", "q": "Bern", "lat": "46.9480", "lon": "7.4474",
     "from_lat": "42.3601", "from_lon": "-71.0589", "to_lat": "40.7128", "to_lon": "-74.0060"},
    {"from": "Chicago, IL", "to": "Milwaukee, WI", "q": "10001", "lat": "40.7506", "lon": "-73.9972",
     "from_lat": "41.8781", "from_lon": "-87.6298", "to_lat": "43.0389", "to_lon": "-87.9065"},
    {"from": "Seattle, WA", "to": "Portland, OR", "q": "Paris, France", "lat": "47.6062", "lon": "-122.3321",
     "from_lat": "47.6062", "from_lon": "-122.3321", "to_lat": "45.5152", "to_lon": "-122.6784"},
]
# Values any domain may use.
COMMON = {"day": "1"}

# Operations that cost more (many upstream calls, big documents) are asked less often.
WEIGHTS = {"routeWeather": 0.5, "routeWeatherMap": 0.3, "openapi": 0.2, "metrics": 0.3, "connections": 0.7}


def domain_of(text):
    """The example records for a path or an upstream's name."""
    if "bart" in text:
        return BART
    if any(word in text for word in ("/sbb", "/v1/", "opendata", "hafas", "ojp", "timetable")):
        return SWISS
    return PLACES


class Endpoint:
    """One kind of request: a name for the report, how to make it, and its declared 5xx statuses."""

    def __init__(self, name, make, declared, weight=1.0, upstream=True):
        self.name, self.make, self.declared, self.weight, self.upstream = name, make, declared, weight, upstream


def resolved(document, parameter):
    """The parameter with its schema's `$ref` (`#/components/schemas/Position`) replaced by the schema."""
    schema = parameter.get("schema", {})
    if "$ref" not in schema:
        return parameter
    node = document
    for part in schema["$ref"].lstrip("#/").split("/"):
        node = node[part]
    return dict(parameter, schema=node)


def optional_value(schema, rng):
    """A valid value for an optional parameter from its schema alone, or None."""
    if not schema:
        return None
    if "enum" in schema:
        return rng.choice(schema["enum"])
    if schema.get("type") == "integer" and "minimum" in schema:
        low = schema["minimum"]
        return str(rng.randint(low, min(schema.get("maximum", low + 5), low + 5)))
    if schema.get("type") == "array" and "enum" in schema.get("items", {}):
        return rng.choice(schema["items"]["enum"])
    return None


def group_variants(schema):
    """The property sets of an object (`lat and lon`) or an `anyOf` of objects (`q`, or `lat and lon`)."""
    if schema.get("type") == "object" and schema.get("properties"):
        return [sorted(schema["properties"])]
    return [sorted(v.get("properties", {})) for v in schema.get("anyOf", []) if v.get("type") == "object"]


def fill(path, parameters, record, rng, with_optional=0.3):
    """(target, missing): the path and query filled from the record, or the names with no value."""
    query, missing = [], []
    for p in parameters:
        schema = p.get("schema", {})
        name, required = p["name"], p.get("required", False)
        variants = group_variants(schema)
        if variants:
            usable = [v for v in variants if v and all(k in record for k in v)]
            if usable and (required or rng.random() < with_optional):
                query += [(k, record[k]) for k in rng.choice(usable)]
            elif required:
                missing.append(name)
            continue
        value = record.get(name, COMMON.get(name))
        if p["in"] == "path":
            if value is None:
                missing.append(name)
                continue
            path = path.replace("{" + name + "}", urllib.parse.quote(value, safe=""))
        elif required:
            if value is None:
                missing.append(name)
            else:
                query.append((name, value))
        elif rng.random() < with_optional:
            value = optional_value(schema, rng) if name not in record else value
            if value is not None:
                query.append((name, value))
    target = path + ("?" + urllib.parse.urlencode(query, quote_via=urllib.parse.quote) if query else "")
    return target, missing


def endpoints_from(document, routes, web_files):
    """Every GET operation of the OpenAPI document as Endpoints, and the operations not soaked."""
    found, skipped = [], []
    for path, item in document["paths"].items():
        operation = item.get("get")
        if not operation:
            continue
        name = operation.get("operationId", path)
        declared = {int(s) for s in operation.get("responses", {}) if s.isdigit() and int(s) >= 500}
        upstream = bool(declared & {502, 503, 504})
        content = operation.get("responses", {}).get("200", {}).get("content", {})
        parameters = [resolved(document, p) for p in operation.get("parameters", []) if "$ref" not in p]
        weight = WEIGHTS.get(name, 1.0)
        if path == "/api/routes/{id}/result":
            for route in routes:
                route_path = "/api/routes/" + urllib.parse.quote(route["id"], safe="") + "/result"
                route_parameters = [{"name": r["name"], "in": "query", "required": r.get("required") == "true"}
                                    for r in route["parameters"] if r["name"] != "key"]
                records = [dict(COMMON, **r) for r in domain_of(route.get("upstream", "") + route["id"])]
                # A route of only optional parameters (a station's name or its id) gets its first one with a value.
                if not any(r["required"] for r in route_parameters):
                    for r in route_parameters:
                        if r["name"] in records[0]:
                            r["required"] = True
                            break
                found.append(Endpoint(f"{name}:{route['id']}", maker(route_path, route_parameters, records, content),
                                      declared, weight, upstream))
            continue
        if path == "/web/{version}/{file}":
            targets = list(web_files)
            if not targets:
                skipped.append((name, ["version", "file"]))
                continue
            found.append(Endpoint(name, lambda rng, t=targets: (rng.choice(t), {}), declared, weight, upstream))
            continue
        records = [dict(COMMON, **r) for r in domain_of(path)]
        _, missing = fill(path, parameters, records[0], random.Random(0), with_optional=0)
        if missing:
            skipped.append((name, missing))
            continue
        found.append(Endpoint(name, maker(path, parameters, records, content), declared, weight, upstream))
        if "text/event-stream" in content:
            found.append(Endpoint(name + ":sse", maker(path, parameters, records, {"text/event-stream": {}}),
                                  declared, weight / 2, upstream))
    return found, skipped


def maker(path, parameters, records, content):
    """A function of a generator giving (target, headers): JSON and XML taken in turn when both are offered."""
    kinds = [k for k in ("application/json", "application/xml", "text/event-stream") if k in content]

    def make(rng):
        target, _ = fill(path, parameters, rng.choice(records), rng)
        headers = {"Accept": rng.choice(kinds)} if kinds else {}
        return target, headers
    return make


# --- bad requests --------------------------------------------------------------------------------

def bad_requests():
    """(name, raw request bytes or a (target, headers) pair) for requests that must get a 4xx."""
    return [
        ("bad-parameter", ("/api/sbb/stations/nearby?lat=abc&lon=7.4", {})),
        ("bad-limit", ("/api/bart/nearby?lat=37.79&lon=-122.39&limit=-3", {})),
        ("unknown-bart-station", ("/api/bart/stations/ZZZZ/departures", {})),
        ("unknown-place", ("/api/weather?q=Xqzzyplughville%2C%20ZZ", {})),
        ("unknown-path", ("/api/nothing/here", {})),
        ("unacceptable", ("/api/bart/stations", {"Accept": "application/json;q=0, application/xml;q=0, */*;q=0"})),
        ("unknown-format", ("/api/bart/stations?format=csv", {})),
        ("overlong-target", ("/api/sbb/locations?query=" + "a" * 9000, {})),
        ("oversized-head", ("/healthz", {"X-Padding": "p" * 17000})),
        ("too-many-fields", ("/healthz", {f"X-F{i}": "v" for i in range(120)})),
        ("bad-method", b"DELETE /api HTTP/1.1\r\nHost: soak\r\n\r\n"),
        ("unknown-method", b"BREW /api HTTP/1.1\r\nHost: soak\r\n\r\n"),
        ("garbled-head", b"G\x00T /\x01\x02 HTTP/1.1\r\nHost: soak\r\n\r\n"),
        ("no-host", b"GET /healthz HTTP/1.1\r\n\r\n"),
    ]


# --- HTTP ----------------------------------------------------------------------------------------

class Closed(Exception):
    pass


async def read_response(reader):
    """(status, headers, body length, keep-alive) of one response."""
    line = await reader.readline()
    if not line:
        raise Closed()
    parts = line.split(b" ", 2)
    status = int(parts[1])
    headers = {}
    while True:
        line = await reader.readline()
        if not line:
            raise Closed()
        if line in (b"\r\n", b"\n"):
            break
        key, _, value = line.decode("latin-1").partition(":")
        headers[key.strip().lower()] = value.strip()
    size = 0
    if headers.get("transfer-encoding", "").lower() == "chunked":
        while True:
            line = await reader.readline()
            if not line:
                raise Closed()
            chunk = int(line.split(b";")[0].strip() or b"0", 16)
            if chunk == 0:
                while (await reader.readline()) not in (b"\r\n", b"\n", b""):
                    pass
                break
            size += len(await reader.readexactly(chunk))
            await reader.readexactly(2)
    elif "content-length" in headers:
        size = len(await reader.readexactly(int(headers["content-length"])))
    elif status not in (204, 304):
        size = len(await reader.read())
        return status, headers, size, False
    keep = headers.get("connection", "").lower() != "close"
    return status, headers, size, keep


def request_bytes(target, headers):
    lines = [f"GET {target} HTTP/1.1", "Host: soak"] + [f"{k}: {v}" for k, v in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


class Stats:
    def __init__(self):
        self.latency = {}          # endpoint -> array of ms
        self.statuses = {}         # endpoint -> {status: count}
        self.histogram = {}        # status -> count
        self.unexpected = []       # (endpoint, target, status)
        self.unexpected_count = 0
        self.good_4xx = {}         # endpoint -> (count, first target, status)
        self.bad_not_4xx = []
        self.bad_not_4xx_count = 0
        self.failures = {}         # endpoint -> count of connection failures or timeouts
        self.slow = {}             # outcome -> count
        self.slowloris_cut = array.array("d")
        self.total = 0
        self.recording = False

    def record(self, name, target, status, ms, declared, bad=False):
        if not self.recording:
            return
        self.total += 1
        self.latency.setdefault(name, array.array("d")).append(ms)
        by = self.statuses.setdefault(name, {})
        by[status] = by.get(status, 0) + 1
        self.histogram[status] = self.histogram.get(status, 0) + 1
        if status >= 500 and (status == 500 or status not in declared):
            self.unexpected_count += 1
            if len(self.unexpected) < 10:
                self.unexpected.append((name, target[:160], status))
        if bad and not 400 <= status < 500:
            self.bad_not_4xx_count += 1
            if len(self.bad_not_4xx) < 10:
                self.bad_not_4xx.append((name, target[:160], status))
        if not bad and 400 <= status < 500:
            count, first, first_status = self.good_4xx.get(name, (0, target, status))
            self.good_4xx[name] = (count + 1, first, first_status)

    def fail(self, name):
        if self.recording:
            self.failures[name] = self.failures.get(name, 0) + 1


async def worker(host, port, endpoints, weights, bad, bad_share, stats, deadline, rng, timeout, pause):
    """Requests one after another on a keep-alive connection, one every `pause` seconds at most."""
    reader = writer = None
    next_start = time.monotonic() + rng.random() * pause
    while time.monotonic() < deadline:
        wait = next_start - time.monotonic()
        if wait > 0:
            await asyncio.sleep(wait)
        next_start = max(next_start + pause, time.monotonic() - pause)
        if rng.random() < bad_share:
            await bad_request(host, port, rng.choice(bad), stats, timeout)
            continue
        endpoint = rng.choices(endpoints, weights)[0]
        target, headers = endpoint.make(rng)
        try:
            if writer is None:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
            began = time.monotonic()
            writer.write(request_bytes(target, headers))
            status, _, _, keep = await asyncio.wait_for(read_response(reader), timeout)
            stats.record(endpoint.name, target, status, (time.monotonic() - began) * 1000, endpoint.declared)
            if not keep:
                writer.close()
                reader = writer = None
        except (OSError, Closed, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError):
            stats.fail(endpoint.name)
            if writer:
                writer.close()
            reader = writer = None
    if writer:
        writer.close()


async def bad_request(host, port, item, stats, timeout):
    name, request = item
    target = request.split(b"\r\n")[0].decode("latin-1") if isinstance(request, bytes) else request[0]
    data = request if isinstance(request, bytes) else request_bytes(*request)
    writer = None
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
        began = time.monotonic()
        writer.write(data)
        status, _, _, _ = await asyncio.wait_for(read_response(reader), timeout)
        stats.record("bad:" + name, target, status, (time.monotonic() - began) * 1000, set(), bad=True)
    except (OSError, Closed, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError, IndexError):
        stats.fail("bad:" + name)
    finally:
        if writer:
            writer.close()


async def slow_client(host, port, stats, deadline, rng, big_targets, header_timeout):
    """Slowloris heads a byte a second, and slow readers of big answers, in turn, until the end."""
    await asyncio.sleep(rng.random() * 5)
    while time.monotonic() < deadline:
        writer = None
        try:
            if rng.random() < 0.5:
                outcome = await slowloris(host, port, stats, deadline, header_timeout)
            else:
                outcome = await slow_reader(host, port, deadline, rng.choice(big_targets))
        except (OSError, asyncio.IncompleteReadError):
            outcome = "connection error"
        if stats.recording:
            stats.slow[outcome] = stats.slow.get(outcome, 0) + 1


async def slowloris(host, port, stats, deadline, header_timeout):
    reader, writer = await asyncio.open_connection(host, port)
    head = b"GET /api/sbb/locations?query=Bern HTTP/1.1\r\nHost: soak\r\n" + b"X-Slow: " + b"s" * 200
    began = time.monotonic()
    try:
        for byte in head:
            if time.monotonic() > deadline:
                return "slowloris: run ended first"
            writer.write(bytes([byte]))
            try:
                data = await asyncio.wait_for(reader.read(1), 1.0)
            except asyncio.TimeoutError:
                continue
            waited = time.monotonic() - began
            if data:
                return "slowloris: answered (not cut)"
            if stats.recording:
                stats.slowloris_cut.append(waited)
            return "slowloris: cut by the server" if waited <= header_timeout + 5 else "slowloris: cut late"
        return "slowloris: head sent whole, not cut"
    except (ConnectionResetError, BrokenPipeError):
        if stats.recording:
            stats.slowloris_cut.append(time.monotonic() - began)
        return "slowloris: cut by the server"
    finally:
        writer.close()


async def slow_reader(host, port, deadline, target):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, (host, port))
    reader, writer = await asyncio.open_connection(sock=sock, limit=4096)
    writer.write(request_bytes(target, {"Accept-Encoding": "identity"}))
    try:
        received = 0
        while time.monotonic() < deadline:
            await asyncio.sleep(2)
            data = await reader.read(512)
            if not data:
                return "slow reader: closed by the server" if received == 0 else "slow reader: answer read (closed after)"
            received += len(data)
            if received > 2_000_000:
                return "slow reader: answer read"
        return "slow reader: run ended first"
    except ConnectionResetError:
        return "slow reader: reset by the server"
    finally:
        writer.close()


# --- sampling ------------------------------------------------------------------------------------

def held_kib(url):
    """KiB the server's bounded caches hold, from /metrics: the memory cache and the kept rendered answers."""
    import urllib.request
    with urllib.request.urlopen(url + "/metrics", timeout=10) as response:
        text = response.read().decode()
    held = 0
    for line in text.splitlines():
        if line.startswith("gottago_cache_held_bytes{") or line.startswith("gottago_kept_answers_bytes{"):
            held += int(line.rsplit(" ", 1)[1])
    return held // 1024


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def fds(pid):
    return len(os.listdir(f"/proc/{pid}/fd"))


async def sampler(pid, samples, interval, stop):
    while not stop.is_set():
        samples.append((time.monotonic(), rss_kib(pid), fds(pid)))
        try:
            await asyncio.wait_for(stop.wait(), interval)
        except asyncio.TimeoutError:
            pass


async def settle_fds(pid, seconds):
    """The open files once the connections closed by the clients are gone, waiting up to `seconds`."""
    lowest = fds(pid)
    for _ in range(int(seconds * 4)):
        await asyncio.sleep(0.25)
        lowest = min(lowest, fds(pid))
    return lowest


# --- the run -------------------------------------------------------------------------------------

def percentile(values, share):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def run(args):
    parsed = urllib.parse.urlsplit(args.url)
    host, port = parsed.hostname, parsed.port
    document = json.loads(await fetch(host, port, "/api/openapi.json"))
    routes = json.loads(await fetch(host, port, "/api/routes", {"Accept": "application/json"}))["routes"]
    page = (await fetch(host, port, "/")).decode("utf-8", "replace")
    web_files = sorted({part.split('"')[0] for part in page.split('/web/')[1:] if part.split('"')[0].count("/") == 1})
    web_files = ["/web/" + f for f in web_files]
    endpoints, skipped = endpoints_from(document, routes, web_files)
    weights = [e.weight for e in endpoints]
    rng = random.Random(args.seed)
    stats = Stats()
    samples = []
    stop = asyncio.Event()
    big = ["/api/openapi.json", "/api/weather/route/from/Boston%2C%20MA/to/New%20York%2C%20NY.svg",
           "/api/schema/service.xsd", "/api/bart/stations"]
    print(f"soak: {len(endpoints)} endpoints from /api/openapi.json, {len(routes)} routes, {len(web_files)} page files")
    for name, missing in skipped:
        print(f"soak: NOT SOAKED {name}: no example value for {', '.join(missing)}")
    sys.stdout.flush()

    sampling = asyncio.create_task(sampler(args.pid, samples, args.interval, stop))
    bad = bad_requests()
    # Paced, so that the client's own loop never queues requests and the latencies are the server's.
    pause = args.workers / args.rate

    # The warm-up is the same traffic, slow clients included, not counted. The figures at its end
    # and at the run's end are both taken once the clients' connections are gone, so that they compare.
    async def phase(seconds):
        deadline = time.monotonic() + seconds
        tasks = [worker(host, port, endpoints, weights, bad, args.bad_percent / 100, stats, deadline,
                        random.Random(rng.random()), args.timeout, pause) for _ in range(args.workers)]
        tasks += [slow_client(host, port, stats, deadline, random.Random(rng.random()), big, args.header_timeout)
                  for _ in range(args.slow_clients)]
        await asyncio.gather(*tasks)

    await phase(args.warmup)
    fds_start = await settle_fds(args.pid, args.settle)
    rss_start = rss_kib(args.pid)
    held_start = await asyncio.to_thread(held_kib, args.url)
    print(f"soak: warmed up for {args.warmup} s; then RSS {rss_start / 1024:.1f} MiB (caches {held_start / 1024:.1f} MiB), {fds_start} open files")
    sys.stdout.flush()

    stats.recording = True
    began = time.monotonic()
    progress = asyncio.create_task(report_progress(stats, samples, began, args.seconds))
    await phase(args.seconds)
    progress.cancel()
    elapsed = time.monotonic() - began
    stats.recording = False
    rss_loaded = rss_kib(args.pid)
    fds_end = await settle_fds(args.pid, args.settle)
    rss_end = rss_kib(args.pid)
    held_end = await asyncio.to_thread(held_kib, args.url)
    stop.set()
    await sampling
    rss_peak = max([s[1] for s in samples] + [rss_end, rss_loaded])
    fds_peak = max(s[2] for s in samples)
    print_report(stats, endpoints, elapsed)
    tenths = []
    for tenth in range(1, 11):
        at = began + elapsed * tenth / 10
        before = [s for s in samples if s[0] <= at]
        if before:
            tenths.append(f"{before[-1][1] / 1024:.0f}")
    print("RSS (MiB) at each tenth of the run, under load: " + " ".join(tenths))
    print(f"RSS when the traffic stopped {rss_loaded / 1024:.1f} MiB; {args.settle:.0f} s after the clients closed {rss_end / 1024:.1f} MiB")
    growth = (rss_end - rss_start) * 100 / rss_start if rss_start else float("nan")
    # Beyond the caches: what the bounded caches' own count of their bytes does not explain.
    beyond_start, beyond_end = rss_start - held_start, rss_end - held_end
    # Counted bytes at or above RSS would leave nothing to compare: the raw growth is checked then.
    beyond_growth = (beyond_end - beyond_start) * 100 / beyond_start if beyond_start > 0 and beyond_end > 0 else growth
    with open(args.report, "w") as f:
        f.write(f"RSS_START_KIB={rss_start}\nRSS_END_KIB={rss_end}\nRSS_PEAK_KIB={rss_peak}\nRSS_GROWTH={growth:.2f}\n")
        f.write(f"HELD_START_KIB={held_start}\nHELD_END_KIB={held_end}\nBEYOND_GROWTH={beyond_growth:.2f}\n")
        f.write(f"FDS_START={fds_start}\nFDS_END={fds_end}\nFDS_PEAK={fds_peak}\nUNEXPECTED_5XX={stats.unexpected_count}\n")
        f.write(f"BAD_NOT_4XX={stats.bad_not_4xx_count}\nREQUESTS={stats.total}\n")
        f.write(f"SLOWLORIS_NOT_CUT={sum(v for k, v in stats.slow.items() if k.startswith('slowloris') and ('not cut' in k or 'late' in k))}\n")
        f.write(f"FAILURES={sum(stats.failures.values())}\nSKIPPED={len(skipped)}\n")
    with open(args.report + ".samples", "w") as f:
        for t, rss, files in samples:
            f.write(f"{t - began:.1f} {rss} {files}\n")


async def report_progress(stats, samples, began, seconds):
    while True:
        await asyncio.sleep(60)
        last = samples[-1] if samples else (0, 0, 0)
        print(f"soak: {time.monotonic() - began:5.0f}/{seconds} s  {stats.total} requests  "
              f"RSS {last[1] / 1024:.1f} MiB  {last[2]} open files  unexpected 5xx {stats.unexpected_count}")
        sys.stdout.flush()


async def fetch(host, port, target, headers=None):
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(request_bytes(target, dict(headers or {}, **{"Accept-Encoding": "identity"})))
    line = await reader.readline()
    status = int(line.split()[1])
    length = None
    while (line := await reader.readline()) not in (b"\r\n", b""):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    body = await (reader.readexactly(length) if length is not None else reader.read())
    writer.close()
    if status != 200:
        raise SystemExit(f"soak: {target} answered {status}")
    return body


def print_report(stats, endpoints, elapsed):
    print(f"\nrequests: {stats.total} in {elapsed:.0f} s ({stats.total / elapsed:.0f}/s)")
    print("status histogram: " + ", ".join(f"{s}: {n}" for s, n in sorted(stats.histogram.items())))
    print(f"\n{'endpoint':44} {'requests':>9} {'p50 ms':>8} {'p99 ms':>8}  statuses")
    for name in sorted(stats.latency):
        values = stats.latency[name]
        by = ", ".join(f"{s}×{n}" for s, n in sorted(stats.statuses[name].items()))
        print(f"{name:44} {len(values):9d} {percentile(values, 0.5):8.1f} {percentile(values, 0.99):8.1f}  {by}")
    never = [e.name for e in endpoints if e.name not in stats.latency]
    if never:
        print("endpoints never answered: " + ", ".join(never))
    if stats.failures:
        print("connection failures and client timeouts: " + ", ".join(f"{k}×{v}" for k, v in sorted(stats.failures.items())))
    if stats.good_4xx:
        print("4xx on requests meant to be good (example values to check):")
        for name, (count, target, status) in sorted(stats.good_4xx.items()):
            print(f"  {name}: {count}, first {status} {target}")
    print(f"unexpected 5xx: {stats.unexpected_count}")
    for name, target, status in stats.unexpected:
        print(f"  {status} {name} {target}")
    print(f"bad requests not answered 4xx: {stats.bad_not_4xx_count}")
    for name, target, status in stats.bad_not_4xx:
        print(f"  {status} {name} {target}")
    print("slow clients: " + ", ".join(f"{k} {v}" for k, v in sorted(stats.slow.items())))
    if stats.slowloris_cut:
        cut = stats.slowloris_cut
        print(f"slowloris heads cut after: median {percentile(cut, 0.5):.1f} s, max {max(cut):.1f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("url")
    parser.add_argument("pid", type=int)
    parser.add_argument("--seconds", type=int, default=1200)
    parser.add_argument("--warmup", type=int, default=60)
    parser.add_argument("--workers", type=int, default=32)
    parser.add_argument("--rate", type=float, default=400, help="requests per second of all workers together, at most")
    parser.add_argument("--slow-clients", type=int, default=200)
    parser.add_argument("--bad-percent", type=float, default=5)
    parser.add_argument("--header-timeout", type=float, default=10)
    parser.add_argument("--timeout", type=float, default=60, help="a normal request's client-side limit, seconds")
    parser.add_argument("--interval", type=float, default=5, help="seconds between RSS and fd samples")
    parser.add_argument("--settle", type=float, default=20, help="seconds to wait for closed connections to go")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--report", required=True)
    args = parser.parse_args()
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
