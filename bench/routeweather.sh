#!/usr/bin/env bash
# Route-weather benchmark for `make bench`: Bethesda, MD → 90210 (about 4,300 km), every upstream
# call answered by the embedded sandbox after 100 ms (--sandbox-latency), in one run:
#   (a) the original strategy: for every step of the route, one reverse-geocode call (Nominatim
#       format) and one weather call (Google weather, by postal code), one after another;
#   (b) gottago cold: a fresh process per run;
#   (c) gottago warm: the same request again, BENCH_WARM_REQUESTS times, p50; each set's warm
#       process answers in turns with the other's (10 turns), so load on the machine hits both;
# (b) and (c) for today's defaults (metno, osrm-route, gazetteer) and for the old ones
# (yr-forecast, google-directions, gazetteer), their cold runs taking turns, against the same (a);
# then the new defaults' figures over the old ones'.
# Prints upstream call counts and wall times; targets: (a)/(b) >= 50, at most one weather call per
# grid cell and day ((b)'s weather calls <= the distinct ~10 km cells of its places), (c) p50 <= 2 ms,
# and the new defaults no worse than the old: speed-up new/old >= 0.90, warm p50 new/old <= 1.10
# (the allowance is this shared machine's run-to-run noise).
#
# Usage: bash bench/routeweather.sh <path-to-gottago-binary>
# Env:   BENCH_COLD_RUNS (default 7), BENCH_WARM_REQUESTS (default 200), BENCH_KEEP=1 keeps the temp dir.
#
# Exits non-zero only when the benchmark cannot run; a missed target prints BELOW TARGET.
set -euo pipefail

BIN=${1:?usage: bash bench/routeweather.sh <path-to-gottago-binary>}
COLD_RUNS=${BENCH_COLD_RUNS:-7}
WARM_REQUESTS=${BENCH_WARM_REQUESTS:-200}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/common.sh
source "$HERE/common.sh"
ROOT=$(cd "$HERE/.." && pwd)

TARGET_SPEEDUP=50        # (a) / (b)
TARGET_WARM_MS=2         # (c) p50
TARGET_NEW_SPEEDUP=0.90  # the new defaults' speed-up / the old ones'
TARGET_NEW_WARM=1.10     # the new defaults' warm p50 / the old ones'
LATENCY_MS=100
FROM="Bethesda, MD"
TO="90210"
FROM_POSITION="38.98067,-77.10026"   # the gazetteer's Bethesda, MD
TO_POSITION="34.09,-118.4065"        # ZIP 90210's centre
ROUTE_PATH="/api/weather/route/from/Bethesda,%20MD/to/90210.xml?day=1"

# The provider sets, today's defaults first; each one's weather upstream, as /metrics names it.
SETS=(new old)
declare -A LABEL=([new]="new defaults" [old]="old defaults")
declare -A PROVIDERS=(
    [new]="--weather metno --directions osrm-route --geocoder gazetteer"
    [old]="--weather yr-forecast --directions google-directions --geocoder gazetteer"
)
declare -A WEATHER_UPSTREAM=([new]=metno [old]=yr)

GOTTAGO_PID=
declare -A WARM_PID WARM_PORT

bench_stop() {
    stop_pid "$GOTTAGO_PID" gottago group
    local set
    for set in "${!WARM_PID[@]}"; do stop_pid "${WARM_PID[$set]}" gottago group; done
}

require curl "install it with: apt-get install curl (make bench does this)"
require python3 "install it with: apt-get install python3 (make bench does this)"
WORK=$(mktemp -d)
DATA=$WORK/data
mkdir -p "$DATA"

start_gottago() { # name set
    # shellcheck disable=SC2086 # the provider flags are words
    start_listener GOTTAGO "$1" "$BIN" serve --host 127.0.0.1 --port 0 --log-format off --routes "$ROOT/Routes" \
        --data-dir "$DATA" --sandbox-latency "$LATENCY_MS" --timetable off --departures off --transit off ${PROVIDERS[$2]}
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

# Upstream requests made so far, by upstream, from /metrics: "metno=71 osrm=1". PORT: another
# gottago's than the current one.
upstream_calls() { # [port]
    curl -sS --fail "http://127.0.0.1:${1:-$GOTTAGO_PORT}/metrics" |
        awk -F'[{}"]' '/^gottago_upstream_request_seconds_count\{/ { split($0, v, " "); if (v[2] + 0 > 0) printf "%s=%d ", $3, v[2] }' |
        sed 's/ $//'
}

# The CPU time gottago's process has used so far, in clock ticks: user and system, its threads and
# the embedded sandbox's alike (/proc/PID/stat fields 14 and 15).
CLOCK_TICKS=$(getconf CLK_TCK)
cpu_ticks() { awk '{ sub(/^.*\) /, ""); print $12 + $13 }' "/proc/$GOTTAGO_PID/stat"; }

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a" || b + 0 == 0) print "n/a"; else printf "%.2f", a / b }'; }

echo "route weather: $FROM → $TO, every upstream call answered after $LATENCY_MS ms"
# The first start builds the gazetteer's database; it is not part of any figure.
start_gottago build new
stop_gottago

# (a) the original strategy, against the same sandbox a gottago process serves.
start_gottago naive new
ORIGIN=$(sandbox_origin naive)
NAIVE=$(python3 "$HERE/route_weather_client.py" naive "$ORIGIN" "$FROM_POSITION" "$TO_POSITION")
stop_gottago
NAIVE_SECONDS=$(python3 -c 'import json, sys; print("%.2f" % json.loads(sys.argv[1])["seconds"])' "$NAIVE")
NAIVE_CALLS=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["calls"])' "$NAIVE")
NAIVE_STEPS=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["steps"])' "$NAIVE")
printf '  (a) original strategy: %s steps, %s upstream calls one after another, %s s\n' "$NAIVE_STEPS" "$NAIVE_CALLS" "$NAIVE_SECONDS"

# (b) cold, a fresh process per run, the sets taking turns; (c) warm, after them, on a process of
# each set that has answered the request once.
declare -A COLD_TIMES COLD_CPU CALLS PLACES CELLS WARM WARM_CALLS
for run in $(seq "$COLD_RUNS"); do
    for set in "${SETS[@]}"; do
        start_gottago "cold-$set-$run" "$set"
        ticks=$(cpu_ticks)
        seconds=$(curl -sS --fail -o "$WORK/cold-$set-$run.xml" -w '%{time_total}' "http://127.0.0.1:$GOTTAGO_PORT$ROUTE_PATH") ||
            fail "the cold request ($set defaults) failed: $(head -c 300 "$WORK/cold-$set-$run.xml" 2>/dev/null)"
        COLD_TIMES[$set]+="$seconds "
        COLD_CPU[$set]+="$(awk -v t="$(($(cpu_ticks) - ticks))" -v hz="$CLOCK_TICKS" 'BEGIN { printf "%d", t * 1000 / hz }') "
        CALLS[$set]=$(upstream_calls)
        PLACES[$set]=$(grep -o '<index>' "$WORK/cold-$set-$run.xml" | wc -l)
        CELLS[$set]=$(python3 "$HERE/route_weather_client.py" cells "$WORK/cold-$set-$run.xml")
        stop_gottago
    done
done
warm_urls=()
for set in "${SETS[@]}"; do
    start_gottago "warm-$set" "$set"
    curl -sS --fail -o "$WORK/warm-$set.xml" "http://127.0.0.1:$GOTTAGO_PORT$ROUTE_PATH" ||
        fail "the first request of the warm run ($set defaults) failed: $(head -c 300 "$WORK/warm-$set.xml" 2>/dev/null)"
    WARM_PID[$set]=$GOTTAGO_PID
    WARM_PORT[$set]=$GOTTAGO_PORT
    GOTTAGO_PID=
    warm_urls+=("http://127.0.0.1:${WARM_PORT[$set]}$ROUTE_PATH")
done
python3 "$HERE/route_weather_client.py" alternate "$WARM_REQUESTS" 10 "${warm_urls[@]}" >"$WORK/warm.json"
for index in "${!SETS[@]}"; do
    set=${SETS[$index]}
    WARM[$set]=$(python3 -c 'import json, statistics, sys; print("%.2f" % statistics.median(json.load(open(sys.argv[1]))["ms"][int(sys.argv[2])]))' \
        "$WORK/warm.json" "$index")
    WARM_CALLS[$set]=$(upstream_calls "${WARM_PORT[$set]}")
    stop_pid "${WARM_PID[$set]}" gottago group
    unset "WARM_PID[$set]"
done

declare -A COLD CPU SPEEDUP
for set in "${SETS[@]}"; do
    COLD[$set]=$(printf '%s\n' ${COLD_TIMES[$set]} | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    # shellcheck disable=SC2086 # the runs are words
    CPU[$set]=$(printf '%s\n' ${COLD_CPU[$set]} | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    SPEEDUP[$set]=$(awk -v a="$NAIVE_SECONDS" -v b="${COLD[$set]}" 'BEGIN { printf "%.1f", a / b }')
    weather_calls=$(grep -o "\b${WEATHER_UPSTREAM[$set]}=[0-9]*" <<<"${CALLS[$set]}" | cut -d= -f2 || true)
    weather_calls=${weather_calls:-0}
    echo "  ${LABEL[$set]} (${PROVIDERS[$set]}):"
    printf '    (b) gottago cold: %s places, upstream calls: %s; median of %s runs %.3f s\n' "${PLACES[$set]}" "${CALLS[$set]}" \
        "$COLD_RUNS" "${COLD[$set]}"
    printf '        runs: %s s; CPU of the process (gottago and the embedded sandbox): %s ms, median %s ms\n' "${COLD_TIMES[$set]% }" \
        "${COLD_CPU[$set]% }" "${CPU[$set]}"
    printf '    (c) gottago warm: p50 %s ms over %s requests, in 10 turns with the other set; upstream calls of that process, its first request included: %s\n' "${WARM[$set]}" "$WARM_REQUESTS" \
        "${WARM_CALLS[$set]}"
    printf '    cold speed-up (a)/(b): %sx (target >= %s) %s\n' "${SPEEDUP[$set]}" "$TARGET_SPEEDUP" \
        "$(flag "${SPEEDUP[$set]}" '>=' "$TARGET_SPEEDUP")"
    printf '    weather calls (b): %s for %s places in %s distinct grid cells (target: at most one per cell and day) %s\n' \
        "$weather_calls" "${PLACES[$set]}" "${CELLS[$set]}" "$(flag "$weather_calls" '<=' "${CELLS[$set]}")"
    printf '    warm p50: %s ms (target <= %s ms) %s\n' "${WARM[$set]}" "$TARGET_WARM_MS" "$(flag "${WARM[$set]}" '<=' "$TARGET_WARM_MS")"
done

speedup_ratio=$(ratio "${SPEEDUP[new]}" "${SPEEDUP[old]}")
warm_ratio=$(ratio "${WARM[new]}" "${WARM[old]}")
printf '  new/old defaults: cold speed-up %sx / %sx = %s (target >= %s) %s; warm p50 %s / %s ms = %s (target <= %s) %s\n' \
    "${SPEEDUP[new]}" "${SPEEDUP[old]}" "$speedup_ratio" "$TARGET_NEW_SPEEDUP" "$(flag "$speedup_ratio" '>=' "$TARGET_NEW_SPEEDUP")" \
    "${WARM[new]}" "${WARM[old]}" "$warm_ratio" "$TARGET_NEW_WARM" "$(flag "$warm_ratio" '<=' "$TARGET_NEW_WARM")"
printf '  new/old defaults: cold CPU %s / %s ms = %s (the sandbox simulating each upstream included)\n' \
    "${CPU[new]}" "${CPU[old]}" "$(ratio "${CPU[new]}" "${CPU[old]}")"
