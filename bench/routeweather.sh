#!/usr/bin/env bash
# Route-weather benchmark for `make bench`: Bethesda, MD → 90210 (about 4,300 km), every upstream
# call answered by the embedded sandbox after 100 ms (--sandbox-latency), in one run:
#   (a) the original strategy: for every step of the route, one reverse-geocode call (Nominatim
#       format) and one weather call (Google weather, by postal code), one after another;
#   (b) gottago cold, with its defaults (the embedded gazetteer, Google Directions and yr.no
#       formats from the sandbox): a fresh process per run;
#   (c) gottago warm: the same request again, BENCH_WARM_REQUESTS times, p50.
# Prints upstream call counts and wall times; targets: (a)/(b) >= 20, at most one weather call per
# grid cell and day ((b)'s weather calls <= the distinct ~10 km cells of its places), (c) p50 <= 20 ms.
#
# Usage: bash bench/routeweather.sh <path-to-gottago-binary>
# Env:   BENCH_COLD_RUNS (default 3), BENCH_WARM_REQUESTS (default 200), BENCH_KEEP=1 keeps the temp dir.
#
# Exits non-zero only when the benchmark cannot run; a missed target prints BELOW TARGET.
set -euo pipefail

BIN=${1:?usage: bash bench/routeweather.sh <path-to-gottago-binary>}
COLD_RUNS=${BENCH_COLD_RUNS:-3}
WARM_REQUESTS=${BENCH_WARM_REQUESTS:-200}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/common.sh
source "$HERE/common.sh"
ROOT=$(cd "$HERE/.." && pwd)

TARGET_SPEEDUP=20   # (a) / (b)
TARGET_WARM_MS=20   # (c) p50
LATENCY_MS=100
FROM="Bethesda, MD"
TO="90210"
FROM_POSITION="38.98067,-77.10026"   # the gazetteer's Bethesda, MD
TO_POSITION="34.09,-118.4065"        # ZIP 90210's centre
ROUTE_PATH="/api/weather/route/from/Bethesda,%20MD/to/90210.xml?day=1"

GOTTAGO_PID=

bench_stop() {
    stop_pid "$GOTTAGO_PID" gottago group
}

require curl "install it with: apt-get install curl (make bench does this)"
require python3 "install it with: apt-get install python3 (make bench does this)"
WORK=$(mktemp -d)
DATA=$WORK/data
mkdir -p "$DATA"

start_gottago() { # name
    start_listener GOTTAGO "$1" "$BIN" serve --host 127.0.0.1 --port 0 --log-format off --routes "$ROOT/Routes" \
        --data-dir "$DATA" --sandbox-latency "$LATENCY_MS" --timetable off --departures off
}

stop_gottago() {
    stop_pid "$GOTTAGO_PID" gottago group
    GOTTAGO_PID=
}

# The embedded sandbox's origin, from the line the service logs at start.
sandbox_origin() { # name
    local origin
    for _ in $(seq 50); do
        origin=$(grep -o 'weather: [a-z-]* from the embedded sandbox at http://127\.0\.0\.1:[0-9]*' "$WORK/$1.stderr" | grep -o 'http://.*' | head -n 1 || true)
        [[ -n $origin ]] && { echo "$origin"; return 0; }
        sleep 0.1
    done
    fail "gottago did not log the embedded sandbox's origin"
}

# Upstream requests made so far, by upstream, from /metrics: "yr=87 google-directions=1".
upstream_calls() {
    curl -sS --fail "http://127.0.0.1:$GOTTAGO_PORT/metrics" |
        awk -F'[{}"]' '/^gottago_upstream_request_seconds_count\{/ { split($0, v, " "); if (v[2] + 0 > 0) printf "%s=%d ", $3, v[2] }'
}

median() { python3 -c 'import json, statistics, sys; print("%.2f" % statistics.median(json.load(sys.stdin)["ms"]))'; }

echo "route weather: $FROM → $TO, every upstream call answered after $LATENCY_MS ms"
# The first start builds the gazetteer's database; it is not part of any figure.
start_gottago build
stop_gottago

# (a) the original strategy, against the same sandbox a gottago process serves.
start_gottago naive
ORIGIN=$(sandbox_origin naive)
NAIVE=$(python3 "$HERE/route_weather_client.py" naive "$ORIGIN" "$FROM_POSITION" "$TO_POSITION")
stop_gottago
NAIVE_SECONDS=$(python3 -c 'import json, sys; print("%.2f" % json.loads(sys.argv[1])["seconds"])' "$NAIVE")
NAIVE_CALLS=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["calls"])' "$NAIVE")
NAIVE_STEPS=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["steps"])' "$NAIVE")
printf '  (a) original strategy: %s steps, %s upstream calls one after another, %s s\n' "$NAIVE_STEPS" "$NAIVE_CALLS" "$NAIVE_SECONDS"

# (b) cold, a fresh process per run; (c) warm on the last one.
COLD_TIMES=()
for run in $(seq "$COLD_RUNS"); do
    start_gottago "cold-$run"
    seconds=$(curl -sS --fail -o "$WORK/cold-$run.xml" -w '%{time_total}' "http://127.0.0.1:$GOTTAGO_PORT$ROUTE_PATH") ||
        fail "the cold request failed: $(head -c 300 "$WORK/cold-$run.xml" 2>/dev/null)"
    COLD_TIMES+=("$seconds")
    CALLS=$(upstream_calls)
    PLACES=$(grep -o '<index>' "$WORK/cold-$run.xml" | wc -l)
    CELLS=$(python3 "$HERE/route_weather_client.py" cells "$WORK/cold-$run.xml")
    [[ $run == "$COLD_RUNS" ]] || stop_gottago
done
COLD=$(printf '%s\n' "${COLD_TIMES[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
WEATHER_CALLS=$(grep -o 'yr=[0-9]*' <<<"$CALLS" | cut -d= -f2 || echo 0)
printf '  (b) gottago cold: %s places, upstream calls: %s; median of %s runs %.3f s\n' "$PLACES" "$CALLS" "$COLD_RUNS" "$COLD"

WARM=$(python3 "$HERE/route_weather_client.py" repeat "http://127.0.0.1:$GOTTAGO_PORT$ROUTE_PATH" "$WARM_REQUESTS" | median)
printf '  (c) gottago warm: p50 %s ms over %s requests; upstream calls since: %s\n' "$WARM" "$WARM_REQUESTS" "$(upstream_calls)"
stop_gottago

SPEEDUP=$(awk -v a="$NAIVE_SECONDS" -v b="$COLD" 'BEGIN { printf "%.1f", a / b }')
printf '  cold speed-up (a)/(b): %sx (target >= %s) %s\n' "$SPEEDUP" "$TARGET_SPEEDUP" "$(flag "$SPEEDUP" '>=' "$TARGET_SPEEDUP")"
printf '  weather calls (b): %s for %s places in %s distinct grid cells (target: at most one per cell and day) %s\n' "${WEATHER_CALLS:-0}" \
    "$PLACES" "$CELLS" "$(flag "${WEATHER_CALLS:-0}" '<=' "$CELLS")"
printf '  warm p50: %s ms (target <= %s ms) %s\n' "$WARM" "$TARGET_WARM_MS" "$(flag "$WARM" '<=' "$TARGET_WARM_MS")"
