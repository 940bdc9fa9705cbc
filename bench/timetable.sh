#!/usr/bin/env bash
# Timetable benchmark for `make bench`: /api/sbb/from/{from}/to/{to}, whose station pairs are each
# one request to the timetable upstream. Each figure is measured for today's default provider,
# opendata (transport.opendata.ch v1 JSON), and for the old one, hafas-extxml (SBB's extxml.exe),
# in the same run, against the same reference, and then the new provider's over the old one's;
# the cold and warm figures also for opendata's answer with every part's stops (`stops=1`, the
# real-time of each stop), over the plain answer's:
#   1. cold: 4 station pairs from the embedded sandbox answering after 50 ms, against one upstream
#      round trip (the pairs are fetched concurrently), a fresh gottago for each run, the two
#      providers taking turns;
#   2. warm: the same request answered from the cache, against nginx serving the same bytes;
#   3. size: the XML for a recorded Zürich HB → Baden answer against its bytes, served by a
#      loopback stand-in: Routes/opendata-connections/samples/zurich-baden-2021-11-01.json for
#      opendata, Routes/hafas-extxml-connections/samples/zurich-baden-2016-12-23.xml for hafas-extxml.
#
# Usage: bash bench/timetable.sh <path-to-gottago-binary>
# Env:   BENCH_SECONDS (default 10) per measured wrk run, BENCH_ROUNDS (default 5) alternating runs
#        of each server, BENCH_WARMUP_SECONDS (default 2, 0 = none), as in bench/server.sh;
#        BENCH_COLD_RUNS (default 5) fresh processes timed for the cold figure, per provider;
#        BENCH_KEEP=1 keeps the temp dir (wrk output, bodies, logs, configs) for inspection;
#        BENCH_TIMETABLE_VARIANTS (default "opendata hafas-extxml opendata-stops") the answers the
#        cold and warm figures measure, to rerun some of them (a ratio needs both its variants).
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
TARGET_WARM_RATIO=0.90   # cached req/s, gottago / nginx
TARGET_SIZE_PERCENT=10   # response body / upstream answer, Zürich HB → Baden
# The new provider against the old one: no worse, within this shared machine's run-to-run noise.
TARGET_NEW_COLD=1.10     # cold ratio, new / old
TARGET_NEW_WARM=0.90     # warm ratio, new / old
# The answer with stops against the plain one, likewise.
TARGET_STOPS_COLD=1.10   # cold ratio, stops / plain
TARGET_STOPS_WARM=0.90   # warm ratio, stops / plain

# Today's default first, then the old one; each is also the upstream its routes name.
PROVIDERS=(opendata hafas-extxml)
declare -A ROLE=([opendata]="new default" [hafas-extxml]="old default" [opendata-stops]="new default, stops=1")
# What the cold and warm figures measure: each provider's answer, and opendata's with its stops.
read -r -a VARIANTS <<<"${BENCH_TIMETABLE_VARIANTS:-opendata hafas-extxml opendata-stops}"
declare -A VARIANT_PROVIDER=([opendata]=opendata [hafas-extxml]=hafas-extxml [opendata-stops]=opendata)
declare -A VARIANT_QUERY=([opendata]="" [hafas-extxml]="" [opendata-stops]="&stops=1")

LATENCY_MS=50            # --sandbox-latency: one upstream round trip
PAIRS=4
QUERY="date=2026-12-01&time=08:00"
# Bern;Thun → Zürich HB;Basel SBB: 4 pairs. The warm-up asks for a pair that is not among them.
COLD_PATH="/api/sbb/from/Bern;Thun/to/Z%C3%BCrich%20HB;Basel%20SBB.xml?$QUERY"
WARMUP_PATH="/api/sbb/from/Z%C3%BCrich%20HB/to/Bern.xml?$QUERY"
SIZE_LIMIT=16
# Each provider's recorded Zürich HB → Baden answer, and the date and time it was asked for.
declare -A SAMPLE=(
    [opendata]=$ROOT/Routes/opendata-connections/samples/zurich-baden-2021-11-01.json
    [hafas-extxml]=$ROOT/Routes/hafas-extxml-connections/samples/zurich-baden-2016-12-23.xml
)
declare -A SAMPLE_NAME=([opendata]="transport.opendata.ch" [hafas-extxml]="HAFAS")
declare -A SIZE_WHEN=([opendata]="2021-11-01 14:40" [hafas-extxml]="2016-12-23 14:30")
size_path() { # provider
    local when=${SIZE_WHEN[$1]}
    echo "/api/sbb/from/Z%C3%BCrich%20HB/to/Baden.xml?date=${when% *}&time=${when#* }&limit=$SIZE_LIMIT"
}

GOTTAGO_PID=
STANDIN_PID=
SAMPLER_PID=

bench_stop() {
    stop_pid "$WRK_PID" wrk
    stop_pid "$SAMPLER_PID" "response sampler"
    stop_pid "$GOTTAGO_PID" gottago group
    stop_pid "$NGINX_PID" nginx group
    stop_pid "$STANDIN_PID" "timetable stand-in" group
}

assert_alive() { # VAR name what
    local pid_var=${1}_PID
    if ! kill -0 "${!pid_var}" 2>/dev/null; then
        tail -n 20 "$WORK/$2.stderr" >&2 || true
        printf -v "$pid_var" %s ""
        fail "$2 exited during the benchmark ($3)"
    fi
}

# Starts a gottago on a free port with the repository's routes and PROVIDER's timetable. Sets
# GOTTAGO_PID and GOTTAGO_PORT, and PROVIDER, the upstream upstream_requests counts.
start_gottago() { # name provider serve-options...
    local name=$1
    PROVIDER=$2
    shift 2
    start_listener GOTTAGO "$name" "$BIN" serve --host 127.0.0.1 --port 0 --log-format off \
        --routes "$ROOT/Routes" --timetable "$PROVIDER" "$@"
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

# The requests gottago has made so far to the timetable provider's upstream (connections and
# station searches alike), every outcome, from /metrics.
upstream_requests() {
    curl -sS --fail --max-time 10 "http://127.0.0.1:$GOTTAGO_PORT/metrics" |
        awk -v u="upstream=\"$PROVIDER\"" '/^gottago_upstream_requests_total\{/ && index($0, u) { n += $NF } END { print n + 0 }' ||
        fail "GET http://127.0.0.1:$GOTTAGO_PORT/metrics failed"
}

median() { # numbers on stdin
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a" || b + 0 == 0) print "n/a"; else printf "%.2f", a / b }'; }

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
for provider in "${PROVIDERS[@]}"; do
    [[ -f ${SAMPLE[$provider]} ]] || fail "missing the recorded $provider answer ${SAMPLE[$provider]}"
done
((COLD_RUNS >= 1)) || fail "BENCH_COLD_RUNS must be at least 1"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gottago-bench.XXXXXX")
mkdir -p "$WORK/root"

echo "timetable benchmark (/api/sbb, the embedded sandbox answering after $LATENCY_MS ms, loopback," \
    "a fresh gottago for each cold run; opendata is the new default provider, hafas-extxml the old one)"

# --- 1: a cold request for 4 station pairs -------------------------------------------------------

# Each run is a fresh process: the warm-up request (another pair) takes process start and
# first-use costs out, then the 4-pair request is timed and its upstream requests counted. The
# providers take turns, so that both see the same machine.
declare -A COLD_MS COLD_UPSTREAM COLD_MEDIAN COLD_RATIO SCHEDULES
for run in $(seq "$COLD_RUNS"); do
    for provider in "${VARIANTS[@]}"; do
        start_gottago "gottago-cold-$provider-$run" "${VARIANT_PROVIDER[$provider]}" --sandbox-latency "$LATENCY_MS"
        fetch "http://127.0.0.1:$GOTTAGO_PORT$WARMUP_PATH" "$WORK/cold-$provider-$run-warmup.xml" >/dev/null
        before=$(upstream_requests)
        seconds=$(fetch "http://127.0.0.1:$GOTTAGO_PORT$COLD_PATH${VARIANT_QUERY[$provider]}" "$WORK/cold-$provider-$run.xml")
        after=$(upstream_requests)
        COLD_MS[$provider]+="$(awk -v s="$seconds" 'BEGIN { printf "%.1f", s * 1000 }') "
        COLD_UPSTREAM[$provider]+="$((after - before)) "
        SCHEDULES[$provider]=$(grep -o '<schedule>' "$WORK/cold-$provider-$run.xml" | wc -l)
        stop_gottago
    done
done

echo
echo "cold: Bern;Thun → Zürich HB;Basel SBB ($PAIRS pairs), $COLD_RUNS fresh processes per provider, taking turns, median"
for provider in "${VARIANTS[@]}"; do
    # shellcheck disable=SC2086 # the runs are words
    COLD_MEDIAN[$provider]=$(printf '%s\n' ${COLD_MS[$provider]} | median)
    COLD_RATIO[$provider]=$(ratio "${COLD_MEDIAN[$provider]}" "$LATENCY_MS")
    # shellcheck disable=SC2086
    upstream_ok=$(printf '%s\n' ${COLD_UPSTREAM[$provider]} | awk -v p="$PAIRS" '$1 != p { bad = 1 } END { print bad ? 0 : 1 }')
    echo "  $provider (${ROLE[$provider]}), ${SCHEDULES[$provider]} schedules answered:"
    printf '    runs: %s ms\n' "${COLD_MS[$provider]% }"
    printf '    median: %s ms   one upstream round trip: %s ms   ratio: %s  (target <= %s)  %s\n' \
        "${COLD_MEDIAN[$provider]}" "$LATENCY_MS" "${COLD_RATIO[$provider]}" "$TARGET_COLD_RATIO" \
        "$(flag "${COLD_RATIO[$provider]}" "<=" "$TARGET_COLD_RATIO")"
    printf '    upstream requests for the request: %s  (target %s in every run)  %s\n' "${COLD_UPSTREAM[$provider]% }" "$PAIRS" \
        "$(exactly "$upstream_ok" 1)"
done
if [[ -n ${COLD_RATIO[opendata]:-} && -n ${COLD_RATIO[hafas-extxml]:-} ]]; then
    cold_new_old=$(ratio "${COLD_RATIO[opendata]:-n/a}" "${COLD_RATIO[hafas-extxml]:-n/a}")
    printf '  new/old: cold ratio %s / %s = %s  (target <= %s)  %s\n' "${COLD_RATIO[opendata]:-n/a}" "${COLD_RATIO[hafas-extxml]:-n/a}" \
        "$cold_new_old" "$TARGET_NEW_COLD" "$(flag "$cold_new_old" "<=" "$TARGET_NEW_COLD")"
fi
if [[ -n ${COLD_RATIO[opendata-stops]:-} && -n ${COLD_RATIO[opendata]:-} ]]; then
    cold_stops=$(ratio "${COLD_RATIO[opendata-stops]:-n/a}" "${COLD_RATIO[opendata]:-n/a}")
    printf '  stops/plain: cold ratio %s / %s = %s  (target <= %s)  %s\n' "${COLD_RATIO[opendata-stops]:-n/a}" "${COLD_RATIO[opendata]:-n/a}" \
        "$cold_stops" "$TARGET_STOPS_COLD" "$(flag "$cold_stops" "<=" "$TARGET_STOPS_COLD")"
fi

# --- 2: the same request from the cache, against nginx serving the same bytes --------------------

# A fresh gottago per provider answers the 4-pair request once (cold), and then from its cache
# while wrk runs against it and against nginx serving the bytes it answered.
declare -A WARM_RATIO
warm_figure() { # provider
    local provider=$1 file=schedules-$1.xml name=gottago-warm-$1
    start_gottago "$name" "${VARIANT_PROVIDER[$provider]}" --sandbox-latency "$LATENCY_MS"
    local cold_url=http://127.0.0.1:$GOTTAGO_PORT$COLD_PATH${VARIANT_QUERY[$provider]}
    fetch "$cold_url" "$WORK/warm-$provider-cold.xml" >/dev/null
    COLD_AT=$(date +%s%3N)

    local before after repeat content_type
    before=$(upstream_requests)
    content_type=$(curl -sS --fail --max-time 10 -o "$WORK/root/$file" -w '%{content_type}' "$cold_url") ||
        fail "GET $cold_url failed"
    [[ -s $WORK/root/$file ]] || fail "$cold_url returned an empty body"
    after=$(upstream_requests)
    repeat=$((after - before))
    ((repeat == 0)) ||
        fail "the repeated request made $repeat upstream requests; the warm run needs the answer from the cache"
    cmp -s "$WORK/root/$file" "$WORK/warm-$provider-cold.xml" ||
        echo "  note: the cached answer differs from the cold one ($(wc -c <"$WORK/warm-$provider-cold.xml") bytes then)"
    start_nginx "$file" "$content_type"

    # Asks gottago once a second while wrk runs, and reads its upstream requests: a line
    # `SECONDS CLASS REQUESTS`, the seconds counted from the cold request. CLASS is `same` for a 200
    # with the saved bytes, `stale` for a 200 with them once `<stale>true</stale><age>N</age>` (a
    # pair served stale while it is refreshed, after the 30 s freshness) is taken out, else
    # `different` or the status (`000`: no answer).
    : >"$WORK/warm-during.txt"
    (
        while :; do
            code=$(curl -s --max-time 5 -o "$WORK/during.xml" -w '%{http_code}' "$cold_url") || code=000
            if [[ $code != 200 ]]; then
                class=$code
            elif cmp -s "$WORK/during.xml" "$WORK/root/$file"; then
                class=same
            elif sed -E 's#<stale>true</stale><age>[0-9]+</age>##g' "$WORK/during.xml" | cmp -s - "$WORK/root/$file"; then
                class=stale
            else
                cp "$WORK/during.xml" "$WORK/during-different-$provider.xml"
                class=different
            fi
            count=$(upstream_requests 2>/dev/null) || count='?'
            echo "$((($(date +%s%3N) - COLD_AT) / 1000)) $class $count" >>"$WORK/warm-during.txt"
            sleep 1
        done
    ) &
    SAMPLER_PID=$!

    before=$(upstream_requests)
    echo "  $provider (${ROLE[$provider]}), the $(wc -c <"$WORK/root/$file")-byte XML:"
    ROUND_INDENT="  " compare_throughput "$cold_url" "$NGINX_URL/$file" assert_alive GOTTAGO "$name" "warm run"
    WARM_RATIO[$provider]=$RATIO
    stop_pid "$SAMPLER_PID" "response sampler"
    SAMPLER_PID=
    after=$(upstream_requests)

    local refreshes=$((after - before)) during unexpected fetches round g_non2xx=0
    local gottago_files=() nginx_files=()
    during=$(awk '{ n[$2]++ } END { for (c in n) printf "%s%s %d", (s++ ? ", " : ""), c, n[c]; print "" }' "$WORK/warm-during.txt")
    # Other than same and stale, anything is a miss.
    unexpected=$(awk '$2 != "same" && $2 != "stale" { n++ } END { print n + 0 }' "$WORK/warm-during.txt")
    # When the upstream requests went up, as seen once a second: "+4 at 31 s, …".
    fetches=$(awk -v start="$before" '$3 != "?" && $3 > start { printf "%s+%d at %d s", (s++ ? ", " : ""), $3 - start, $1; start = $3 }
        END { if (!s) printf "none seen" }' "$WORK/warm-during.txt")
    for round in $(seq "$ROUNDS"); do
        gottago_files+=("wrk-gottago-$round.txt")
        nginx_files+=("wrk-nginx-$round.txt")
        g_non2xx=$((g_non2xx + $(wrk_non2xx "$WORK/wrk-gottago-$round.txt")))
    done

    printf '    %-14s %10s %11s\n' "median of $ROUNDS" req/s "p99 ms"
    printf '    %-14s %10s %11s\n' gottago "$G_RPS" "$G_P99"
    printf '    %-14s %10s %11s\n' nginx "$N_RPS" "$N_P99"
    printf '    ratio gottago/nginx: %s  (target >= %s)  %s\n' "${WARM_RATIO[$provider]}" "$TARGET_WARM_RATIO" \
        "$(flag "${WARM_RATIO[$provider]}" ">=" "$TARGET_WARM_RATIO")"
    printf '    gottago non-2xx/3xx responses in all %s runs: %s  (target 0)  %s\n' "$ROUNDS" "$g_non2xx" "$(exactly "$g_non2xx" 0)"
    printf '    gottago, asked once a second during the runs: %s  (target: all same or stale)  %s\n' "$during" \
        "$(exactly "$unexpected" 0)"
    printf '    upstream requests during the runs: %s (%s after the cold request; each refresh of the %s pairs is %s)\n' \
        "$refreshes" "$fetches" "$PAIRS" "$PAIRS"
    report_wrk_errors "${gottago_files[@]}" "${nginx_files[@]}" | sed 's/^/  /'
    stop_gottago
    stop_pid "$NGINX_PID" nginx group
    NGINX_PID=
}

echo
echo "warm: the same URL from the cache (wrk -t2 -c64 -d${SECONDS_PER_RUN}s, against nginx serving the same bytes," \
    "$ROUNDS rounds, medians)"
for provider in "${VARIANTS[@]}"; do
    warm_figure "$provider"
done
if [[ -n ${WARM_RATIO[opendata]:-} && -n ${WARM_RATIO[hafas-extxml]:-} ]]; then
    warm_new_old=$(ratio "${WARM_RATIO[opendata]:-n/a}" "${WARM_RATIO[hafas-extxml]:-n/a}")
    printf '  new/old: warm ratio %s / %s = %s  (target >= %s)  %s\n' "${WARM_RATIO[opendata]:-n/a}" "${WARM_RATIO[hafas-extxml]:-n/a}" \
        "$warm_new_old" "$TARGET_NEW_WARM" "$(flag "$warm_new_old" ">=" "$TARGET_NEW_WARM")"
fi
if [[ -n ${WARM_RATIO[opendata-stops]:-} && -n ${WARM_RATIO[opendata]:-} ]]; then
    warm_stops=$(ratio "${WARM_RATIO[opendata-stops]:-n/a}" "${WARM_RATIO[opendata]:-n/a}")
    printf '  stops/plain: warm ratio %s / %s = %s  (target >= %s)  %s\n' "${WARM_RATIO[opendata-stops]:-n/a}" "${WARM_RATIO[opendata]:-n/a}" \
        "$warm_stops" "$TARGET_STOPS_WARM" "$(flag "$warm_stops" ">=" "$TARGET_STOPS_WARM")"
fi

# --- 3: response size against the upstream answer ------------------------------------------------

# A loopback upstream answering every request for connections with the recorded bytes: extxml.exe
# (POST) or transport.opendata.ch's /v1/connections (GET). It keeps the request bodies or queries,
# so that the check below sees which stations gottago asked for.
cat >"$WORK/timetable_standin.py" <<'PYTHON'
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODE = sys.argv[1]
with open(sys.argv[2], "rb") as file:
    BODY = file.read()
REQUESTS = sys.argv[3]


class StandIn(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, content_type, body):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def keep(self, request):
        with open(REQUESTS, "ab") as file:
            file.write(request + b"\n")

    def do_POST(self):
        request = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if MODE != "hafas-extxml" or self.path != "/bin/extxml.exe":
            self.answer(404, "text/plain", b"not found\n")
            return
        self.keep(request)
        self.answer(200, "text/xml; charset=iso-8859-1", BODY)

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if MODE != "opendata" or path != "/v1/connections":
            self.answer(404, "text/plain", b"not found\n")
            return
        self.keep(query.encode())
        self.answer(200, "application/json", BODY)


server = ThreadingHTTPServer(("127.0.0.1", 0), StandIn)
server.daemon_threads = True
print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
server.serve_forever()
PYTHON

# The sample's connections (their departure) against the response's links (departure, to the
# minute); prints the numbers of connections, links and links matching a connection, then the
# stations gottago asked the stand-in for.
cat >"$WORK/size_check.py" <<'PYTHON'
import re
import sys
import json
import urllib.parse
import xml.etree.ElementTree as ET
from collections import Counter
from datetime import date, timedelta

mode, sample_path, response_path, requests_path = sys.argv[1:]
if mode == "opendata":
    sample = json.load(open(sample_path, encoding="utf-8"))
    # 2021-11-01T14:44:00+0100: the minute is the first 16 characters, as in the response.
    departures = [connection["from"]["departure"][:16] for connection in sample["connections"]]
    names = {}
    for connection in sample["connections"]:
        for stop in (connection["from"], connection["to"]):
            names[stop["station"]["id"]] = stop["station"]["name"]
    asked = []
    for line in open(requests_path, encoding="utf-8"):
        query = urllib.parse.parse_qs(line.strip())
        for key in ("from", "to"):
            station = query.get(key, ["?"])[0]
            asked.append(f"{station} ({names[station]})" if station in names else station)
else:
    sample = ET.parse(sample_path).getroot()
    departures = []
    for connection in sample.iter("Connection"):
        day = connection.findtext("Overview/Date").strip()
        offset, clock = connection.findtext("Overview/Departure/BasicStop/Dep/Time").strip().split("d")
        when = date(int(day[:4]), int(day[4:6]), int(day[6:])) + timedelta(days=int(offset))
        departures.append(f"{when.isoformat()}T{clock[:5]}")
    text = open(requests_path, "rb").read().decode("iso-8859-1")
    asked = re.findall(r'<(?:Start|Dest)><Station name="([^"]*)"', text)
links = [(link.findtext("departure") or "")[:16] for link in ET.parse(response_path).getroot().iter("link")]
matching = sum((Counter(links) & Counter(departures)).values())
print(len(departures), len(links), matching)
print(" → ".join(asked))
# The recorded JSON was indented by the harness that recorded it; the API sends it compact.
print(len(json.dumps(sample, separators=(",", ":")).encode()) if mode == "opendata" else 0)
PYTHON

declare -A SIZE_PERCENT PER_LINK
size_figure() { # provider
    local provider=$1 sample=${SAMPLE[$1]} path requests=$WORK/standin-requests-$1.txt
    path=$(size_path "$provider")
    : >"$requests"
    start_listener STANDIN "standin-$provider" python3 "$WORK/timetable_standin.py" "$provider" "$sample" "$requests"
    start_gottago "gottago-size-$provider" "$provider" --upstream "$provider origin=http://127.0.0.1:$STANDIN_PORT"
    local before after size_upstream
    before=$(upstream_requests)
    fetch "http://127.0.0.1:$GOTTAGO_PORT$path" "$WORK/size-$provider.xml" >/dev/null
    after=$(upstream_requests)
    size_upstream=$((after - before))
    stop_gottago
    stop_pid "$STANDIN_PID" "timetable stand-in" group
    STANDIN_PID=
    [[ -s $requests ]] || fail "gottago answered $path without asking the $provider stand-in"

    local sample_bytes response_bytes check connections links matching asked compact_bytes compact_percent expected cut
    sample_bytes=$(wc -c <"$sample")
    response_bytes=$(wc -c <"$WORK/size-$provider.xml")
    SIZE_PERCENT[$provider]=$(awk -v r="$response_bytes" -v s="$sample_bytes" 'BEGIN { printf "%.1f", 100 * r / s }')
    check=$(python3 "$WORK/size_check.py" "$provider" "$sample" "$WORK/size-$provider.xml" "$requests") ||
        fail "could not read the sample or the response ($WORK/size-$provider.xml)"
    {
        read -r connections links matching
        read -r asked
        read -r compact_bytes
    } <<<"$check"
    expected=$((connections < SIZE_LIMIT ? connections : SIZE_LIMIT))
    PER_LINK[$provider]=$(awk -v r="$response_bytes" -v l="$links" 'BEGIN { if (l + 0 == 0) print "n/a"; else printf "%d", r / l }')
    if ((connections > SIZE_LIMIT)); then
        cut="limit=$SIZE_LIMIT cuts the sample's $connections connections to $SIZE_LIMIT"
    else
        cut="limit=$SIZE_LIMIT does not cut them"
    fi
    echo "  $provider (${ROLE[$provider]}), ${SIZE_WHEN[$provider]}, the recorded ${SAMPLE_NAME[$provider]} answer ($(basename "$sample")):"
    printf '    upstream answer: %s bytes   gottago XML: %s bytes   ratio: %s%%  (target <= %s%%)  %s\n' \
        "$sample_bytes" "$response_bytes" "${SIZE_PERCENT[$provider]}" "$TARGET_SIZE_PERCENT" \
        "$(flag "${SIZE_PERCENT[$provider]}" "<=" "$TARGET_SIZE_PERCENT")"
    if ((compact_bytes > 0)); then
        compact_percent=$(awk -v r="$response_bytes" -v s="$compact_bytes" 'BEGIN { printf "%.1f", 100 * r / s }')
        printf '    the same answer without the recording'\''s indentation, as the API sends it: %s bytes   ratio: %s%%  (target <= %s%%)  %s\n' \
            "$compact_bytes" "$compact_percent" "$TARGET_SIZE_PERCENT" "$(flag "$compact_percent" "<=" "$TARGET_SIZE_PERCENT")"
    fi
    printf '    stations asked of the stand-in: %s   upstream requests: %s\n' "$asked" "$size_upstream"
    printf '    links: %s, %s with a sample connection'\''s departure, for the sample'\''s %s connections (%s)  %s\n' \
        "$links" "$matching" "$connections" "$cut" \
        "$( ((links == expected && matching == links)) || echo "BELOW TARGET")"
}

echo
echo "size: Zürich HB → Baden, each provider's recorded answer from a loopback stand-in"
for provider in "${PROVIDERS[@]}"; do
    size_figure "$provider"
done
# The recorded answers differ (day, connections, indentation): the XML per link is the like-for-like figure.
printf '  new/old: size ratio %s%% / %s%% (each against its own recorded answer); gottago XML per link %s / %s bytes = %s\n' \
    "${SIZE_PERCENT[opendata]}" "${SIZE_PERCENT[hafas-extxml]}" "${PER_LINK[opendata]}" "${PER_LINK[hafas-extxml]}" \
    "$(ratio "${PER_LINK[opendata]}" "${PER_LINK[hafas-extxml]}")"
