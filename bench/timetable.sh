#!/usr/bin/env bash
# Timetable benchmark for `make bench`: /api/sbb/from/{from}/to/{to}, whose station pairs are each
# one request to the hafas-extxml upstream. Three figures:
#   1. cold: 4 station pairs from the embedded sandbox answering after 50 ms, against one upstream
#      round trip (the pairs are fetched concurrently), a fresh gottago for each run;
#   2. warm: the same request answered from the cache, against nginx serving the same bytes;
#   3. size: the XML for the recorded Zürich HB → Baden answer (a loopback HAFAS stand-in serving
#      Routes/hafas-extxml-connections/samples/zurich-baden-2016-12-23.xml) against its bytes.
#
# Usage: bash bench/timetable.sh <path-to-gottago-binary>
# Env:   BENCH_SECONDS (default 10) per measured wrk run, BENCH_ROUNDS (default 5) alternating runs
#        of each server, BENCH_WARMUP_SECONDS (default 2, 0 = none), as in bench/server.sh;
#        BENCH_COLD_RUNS (default 5) fresh processes timed for the cold figure;
#        BENCH_KEEP=1 keeps the temp dir (wrk output, bodies, logs, configs) for inspection.
#
# Exits non-zero only when the benchmark cannot run (missing tool, a server that does not start
# or dies, a single request that fails, nginx serving different bytes). A missed target is printed
# as BELOW TARGET, not fatal.
set -euo pipefail

BIN=${1:?usage: bash bench/timetable.sh <path-to-gottago-binary>}
SECONDS_PER_RUN=${BENCH_SECONDS:-10}
WARMUP_SECONDS=${BENCH_WARMUP_SECONDS:-2}
ROUNDS=${BENCH_ROUNDS:-5}
COLD_RUNS=${BENCH_COLD_RUNS:-5}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/common.sh
source "$HERE/common.sh"
ROOT=$(cd "$HERE/.." && pwd)

# The project targets each figure is checked against; a miss prints BELOW TARGET.
TARGET_COLD_RATIO=2      # cold 4-pair request / one upstream round trip
TARGET_WARM_RATIO=0.70   # cached req/s, gottago / nginx
TARGET_SIZE_PERCENT=10   # response body / upstream answer, Zürich HB → Baden

LATENCY_MS=50            # --sandbox-latency: one upstream round trip
PAIRS=4
QUERY="date=2026-12-01&time=08:00"
# Bern;Thun → Zürich HB;Basel SBB: 4 pairs. The warm-up asks for a pair that is not among them.
COLD_PATH="/api/sbb/from/Bern;Thun/to/Z%C3%BCrich%20HB;Basel%20SBB.xml?$QUERY"
WARMUP_PATH="/api/sbb/from/Z%C3%BCrich%20HB/to/Bern.xml?$QUERY"
SIZE_LIMIT=16
SIZE_PATH="/api/sbb/from/Z%C3%BCrich%20HB/to/Baden.xml?date=2016-12-23&time=14:30&limit=$SIZE_LIMIT"

GOTTAGO_PID=
STANDIN_PID=
SAMPLER_PID=

bench_stop() {
    stop_pid "$WRK_PID" wrk
    stop_pid "$SAMPLER_PID" "response sampler"
    stop_pid "$GOTTAGO_PID" gottago group
    stop_pid "$NGINX_PID" nginx group
    stop_pid "$STANDIN_PID" "HAFAS stand-in" group
}

assert_alive() { # VAR name what
    local pid_var=${1}_PID
    if ! kill -0 "${!pid_var}" 2>/dev/null; then
        tail -n 20 "$WORK/$2.stderr" >&2 || true
        printf -v "$pid_var" %s ""
        fail "$2 exited during the benchmark ($3)"
    fi
}

# Starts a gottago on a free port with the repository's routes and the hafas-extxml timetable,
# whose recorded answer part 3 serves. Sets GOTTAGO_PID and GOTTAGO_PORT.
start_gottago() { # name serve-options...
    local name=$1
    shift
    start_listener GOTTAGO "$name" "$BIN" serve --host 127.0.0.1 --port 0 --log-format off \
        --routes "$ROOT/Routes" --timetable hafas-extxml "$@"
}

stop_gottago() {
    stop_pid "$GOTTAGO_PID" gottago group
    GOTTAGO_PID=
}

# GETs URL into FILE and prints curl's time_total in seconds; anything but a 200 stops the benchmark.
fetch() { # url file
    local out
    out=$(curl -sS --max-time 30 -o "$2" -w '%{http_code} %{time_total}' "$1") || fail "GET $1 failed"
    [[ $out == "200 "* ]] || fail "GET $1 answered ${out%% *}: $(head -c 300 "$2")"
    echo "${out#200 }"
}

# The hafas-extxml upstream requests gottago has made so far, every outcome, from /metrics.
upstream_requests() {
    curl -sS --fail --max-time 10 "http://127.0.0.1:$GOTTAGO_PORT/metrics" |
        awk '/^gottago_upstream_requests_total\{/ && /upstream="hafas-extxml"/ { n += $NF } END { print n + 0 }' ||
        fail "GET http://127.0.0.1:$GOTTAGO_PORT/metrics failed"
}

median() { # numbers on stdin
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Like flag, for a figure that must equal its target.
exactly() { if meets "$1" "==" "$2"; then echo ""; else echo "BELOW TARGET"; fi; }

# --- setup -------------------------------------------------------------------------------------

require wrk "install it with: apt-get install wrk (make bench does this)"
require curl "install it with: apt-get install curl"
require python3 "install it with: apt-get install python3"
require awk "install it with: apt-get install mawk"
require setsid "install it with: apt-get install util-linux"
require cmp "install it with: apt-get install diffutils"
require_nginx
[[ -x $BIN ]] || fail "gottago binary not found or not executable: $BIN"
# What SBB's extxml.exe answered for Zürich HB → Baden, byte for byte (the route's golden sample).
SAMPLE=$ROOT/Routes/hafas-extxml-connections/samples/zurich-baden-2016-12-23.xml
[[ -f $SAMPLE ]] || fail "missing the recorded HAFAS answer $SAMPLE"
((COLD_RUNS >= 1)) || fail "BENCH_COLD_RUNS must be at least 1"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gottago-bench.XXXXXX")
mkdir -p "$WORK/root"

echo "timetable benchmark (/api/sbb, the embedded HAFAS sandbox answering after $LATENCY_MS ms," \
    "loopback, a fresh gottago for each cold run)"

# --- 1: a cold request for 4 station pairs -------------------------------------------------------

# Each run is a fresh process: the warm-up request (another pair) takes process start and
# first-use costs out, then the 4-pair request is timed and its upstream requests counted.
cold_ms=()
cold_upstream=()
for run in $(seq "$COLD_RUNS"); do
    start_gottago "gottago-cold-$run" --sandbox-latency "$LATENCY_MS"
    fetch "http://127.0.0.1:$GOTTAGO_PORT$WARMUP_PATH" "$WORK/cold-$run-warmup.xml" >/dev/null
    before=$(upstream_requests)
    seconds=$(fetch "http://127.0.0.1:$GOTTAGO_PORT$COLD_PATH" "$WORK/cold-$run.xml")
    COLD_AT=$(date +%s%3N)
    after=$(upstream_requests)
    cold_ms+=("$(awk -v s="$seconds" 'BEGIN { printf "%.1f", s * 1000 }')")
    cold_upstream+=("$((after - before))")
    # The last process stays up: part 2 asks it for the same URL again.
    if ((run < COLD_RUNS)); then stop_gottago; fi
done
COLD_URL=http://127.0.0.1:$GOTTAGO_PORT$COLD_PATH
schedules=$(grep -o '<schedule>' "$WORK/cold-$COLD_RUNS.xml" | wc -l)
cold_median=$(printf '%s\n' "${cold_ms[@]}" | median)
cold_ratio=$(awk -v m="$cold_median" -v l="$LATENCY_MS" 'BEGIN { printf "%.2f", m / l }')
upstream_ok=$(printf '%s\n' "${cold_upstream[@]}" | awk -v p="$PAIRS" '$1 != p { bad = 1 } END { print bad ? 0 : 1 }')

echo
echo "cold: Bern;Thun → Zürich HB;Basel SBB ($PAIRS pairs, $schedules schedules answered)," \
    "$COLD_RUNS fresh processes, median"
printf '  runs: %s ms\n' "${cold_ms[*]}"
printf '  median: %s ms   one upstream round trip: %s ms   ratio: %s  (target <= %s)  %s\n' \
    "$cold_median" "$LATENCY_MS" "$cold_ratio" "$TARGET_COLD_RATIO" "$(flag "$cold_ratio" "<=" "$TARGET_COLD_RATIO")"
printf '  upstream requests for the request: %s  (target %s in every run)  %s\n' "${cold_upstream[*]}" "$PAIRS" \
    "$(exactly "$upstream_ok" 1)"

# --- 2: the same request from the cache, against nginx serving the same bytes --------------------

before=$(upstream_requests)
content_type=$(curl -sS --fail --max-time 10 -o "$WORK/root/schedules.xml" -w '%{content_type}' "$COLD_URL") ||
    fail "GET $COLD_URL failed"
[[ -s $WORK/root/schedules.xml ]] || fail "$COLD_URL returned an empty body"
after=$(upstream_requests)
repeat=$((after - before))
((repeat == 0)) ||
    fail "the repeated request made $repeat upstream requests; the warm run needs the answer from the cache"
cmp -s "$WORK/root/schedules.xml" "$WORK/cold-$COLD_RUNS.xml" ||
    echo "  note: the cached answer differs from the cold one ($(wc -c <"$WORK/cold-$COLD_RUNS.xml") bytes then)"
start_nginx schedules.xml "$content_type"

# Asks gottago once a second while wrk runs, and reads its upstream requests: a line
# `SECONDS CLASS REQUESTS`, the seconds counted from the cold request. CLASS is `same` for a 200
# with the saved bytes, `stale` for a 200 with them once `<stale>true</stale><age>N</age>` (a pair
# served stale while it is refreshed, after the 30 s freshness) is taken out, else `different` or
# the status (`000`: no answer).
(
    while :; do
        code=$(curl -s --max-time 5 -o "$WORK/during.xml" -w '%{http_code}' "$COLD_URL") || code=000
        if [[ $code != 200 ]]; then
            class=$code
        elif cmp -s "$WORK/during.xml" "$WORK/root/schedules.xml"; then
            class=same
        elif sed -E 's#<stale>true</stale><age>[0-9]+</age>##g' "$WORK/during.xml" | cmp -s - "$WORK/root/schedules.xml"; then
            class=stale
        else
            cp "$WORK/during.xml" "$WORK/during-different.xml"
            class=different
        fi
        count=$(upstream_requests 2>/dev/null) || count='?'
        echo "$((($(date +%s%3N) - COLD_AT) / 1000)) $class $count" >>"$WORK/warm-during.txt"
        sleep 1
    done
) &
SAMPLER_PID=$!

before=$(upstream_requests)
echo
echo "warm: the same URL from the cache (wrk -t2 -c64 -d${SECONDS_PER_RUN}s, the $(wc -c <"$WORK/root/schedules.xml")-byte XML," \
    "against nginx serving the same bytes, $ROUNDS rounds, medians)"
compare_throughput "$COLD_URL" "$NGINX_URL/schedules.xml" assert_alive GOTTAGO "gottago-cold-$COLD_RUNS" "warm run"
stop_pid "$SAMPLER_PID" "response sampler"
SAMPLER_PID=
after=$(upstream_requests)
refreshes=$((after - before))
during=$(awk '{ n[$2]++ } END { for (c in n) printf "%s%s %d", (s++ ? ", " : ""), c, n[c]; print "" }' "$WORK/warm-during.txt")
# Other than same and stale, anything is a miss.
unexpected=$(awk '$2 != "same" && $2 != "stale" { n++ } END { print n + 0 }' "$WORK/warm-during.txt")
# When the upstream requests went up, as seen once a second: "+4 at 31 s, …".
fetches=$(awk -v start="$before" '$3 != "?" && $3 > start { printf "%s+%d at %d s", (s++ ? ", " : ""), $3 - start, $1; start = $3 }
    END { if (!s) printf "none seen" }' "$WORK/warm-during.txt")
gottago_files=() nginx_files=()
g_non2xx=0
for round in $(seq "$ROUNDS"); do
    gottago_files+=("wrk-gottago-$round.txt")
    nginx_files+=("wrk-nginx-$round.txt")
    g_non2xx=$((g_non2xx + $(wrk_non2xx "$WORK/wrk-gottago-$round.txt")))
done

printf '  %-14s %10s %11s\n' "median of $ROUNDS" req/s "p99 ms"
printf '  %-14s %10s %11s\n' gottago "$G_RPS" "$G_P99"
printf '  %-14s %10s %11s\n' nginx "$N_RPS" "$N_P99"
printf '  ratio gottago/nginx: %s  (target >= %s)  %s\n' "$RATIO" "$TARGET_WARM_RATIO" "$(flag "$RATIO" ">=" "$TARGET_WARM_RATIO")"
printf '  gottago non-2xx/3xx responses in all %s runs: %s  (target 0)  %s\n' "$ROUNDS" "$g_non2xx" "$(exactly "$g_non2xx" 0)"
printf '  gottago, asked once a second during the runs: %s  (target: all same or stale)  %s\n' "$during" \
    "$(exactly "$unexpected" 0)"
printf '  upstream requests during the runs: %s (%s after the cold request; each refresh of the %s pairs is %s)\n' \
    "$refreshes" "$fetches" "$PAIRS" "$PAIRS"
report_wrk_errors "${gottago_files[@]}" "${nginx_files[@]}"
stop_gottago
stop_pid "$NGINX_PID" nginx group
NGINX_PID=

# --- 3: response size against the upstream answer ------------------------------------------------

# A loopback extxml.exe answering every POST with the recorded bytes; it keeps the request bodies,
# so that the check below sees which stations gottago asked for.
cat >"$WORK/hafas_standin.py" <<'PYTHON'
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

with open(sys.argv[1], "rb") as file:
    BODY = file.read()
REQUESTS = sys.argv[2]


class ExtXML(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, content_type, body):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        request = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path != "/bin/extxml.exe":
            self.answer(404, "text/plain", b"not found\n")
            return
        with open(REQUESTS, "ab") as file:
            file.write(request + b"\n")
        self.answer(200, "text/xml; charset=iso-8859-1", BODY)

    def do_GET(self):
        self.answer(405, "text/plain", b"POST only\n")


server = ThreadingHTTPServer(("127.0.0.1", 0), ExtXML)
server.daemon_threads = True
print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
server.serve_forever()
PYTHON
start_listener STANDIN hafas-standin python3 "$WORK/hafas_standin.py" "$SAMPLE" "$WORK/standin-requests.txt"
start_gottago gottago-size --upstream "hafas-extxml origin=http://127.0.0.1:$STANDIN_PORT"
before=$(upstream_requests)
fetch "http://127.0.0.1:$GOTTAGO_PORT$SIZE_PATH" "$WORK/size.xml" >/dev/null
after=$(upstream_requests)
size_upstream=$((after - before))
[[ -s $WORK/standin-requests.txt ]] || fail "gottago answered $SIZE_PATH without asking the HAFAS stand-in"
sample_bytes=$(wc -c <"$SAMPLE")
response_bytes=$(wc -c <"$WORK/size.xml")
percent=$(awk -v r="$response_bytes" -v s="$sample_bytes" 'BEGIN { printf "%.1f", 100 * r / s }')

# The sample's connections (Overview date + departure) against the response's links (departure, to
# the minute); prints the numbers of connections, links and links matching a connection, then the
# stations gottago asked the stand-in for.
check=$(python3 - "$SAMPLE" "$WORK/size.xml" "$WORK/standin-requests.txt" <<'PYTHON'
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from datetime import date, timedelta

sample = ET.parse(sys.argv[1]).getroot()
departures = []
for connection in sample.iter("Connection"):
    day = connection.findtext("Overview/Date").strip()
    offset, clock = connection.findtext("Overview/Departure/BasicStop/Dep/Time").strip().split("d")
    when = date(int(day[:4]), int(day[4:6]), int(day[6:])) + timedelta(days=int(offset))
    departures.append(f"{when.isoformat()}T{clock[:5]}")
links = [(link.findtext("departure") or "")[:16] for link in ET.parse(sys.argv[2]).getroot().iter("link")]
matching = sum((Counter(links) & Counter(departures)).values())
asked = open(sys.argv[3], "rb").read().decode("iso-8859-1")
stations = re.findall(r'<(?:Start|Dest)><Station name="([^"]*)"', asked)
print(len(departures), len(links), matching)
print(" → ".join(stations))
PYTHON
) || fail "could not read the sample or the response ($WORK/size.xml)"
{
    read -r connections links matching
    read -r asked
} <<<"$check"
expected=$((connections < SIZE_LIMIT ? connections : SIZE_LIMIT))
if ((connections > SIZE_LIMIT)); then
    cut="limit=$SIZE_LIMIT cuts the sample's $connections connections to $SIZE_LIMIT"
else
    cut="limit=$SIZE_LIMIT does not cut them"
fi

echo
echo "size: Zürich HB → Baden, 2016-12-23 14:30, the recorded HAFAS answer from a loopback stand-in"
printf '  upstream answer: %s bytes   gottago XML: %s bytes   ratio: %s%%  (target <= %s%%)  %s\n' \
    "$sample_bytes" "$response_bytes" "$percent" "$TARGET_SIZE_PERCENT" "$(flag "$percent" "<=" "$TARGET_SIZE_PERCENT")"
printf '  stations asked of the stand-in: %s   upstream requests: %s\n' "$asked" "$size_upstream"
printf '  links: %s, %s with a sample connection'\''s departure, for the sample'\''s %s connections (%s)  %s\n' \
    "$links" "$matching" "$connections" "$cut" \
    "$( ((links == expected && matching == links)) || echo "BELOW TARGET")"
