#!/usr/bin/env bash
# Departures benchmark for `make bench`: one station's BART departures from the shared feed against
# the fixed document of the server benchmark, served by the same gottago in the same run; then
# nearest-station queries over 30,000 synthetic stops on one core, against a scan of every stop.
#
# Usage: bash bench/departures.sh <path-to-gottago-binary> <path-to-DirectoryBench-binary>
# Env:   BENCH_SECONDS (default 10) per measured run, BENCH_ROUNDS (default 5) alternating runs,
#        BENCH_WARMUP_SECONDS (default 2, 0 = none), BENCH_KEEP=1 keeps the temp dir.
#
# Exits non-zero only when the benchmark cannot run. A missed target prints BELOW TARGET.
set -euo pipefail

BIN=${1:?usage: bash bench/departures.sh <gottago> <DirectoryBench>}
DIRECTORY_BENCH=${2:?usage: bash bench/departures.sh <gottago> <DirectoryBench>}
SECONDS_PER_RUN=${BENCH_SECONDS:-10}
WARMUP_SECONDS=${BENCH_WARMUP_SECONDS:-2}
ROUNDS=${BENCH_ROUNDS:-5}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/common.sh
source "$HERE/common.sh"

TARGET_RATIO=0.80
TARGET_QUERIES=20000

GOTTAGO_PID=

bench_stop() {
    stop_pid "$WRK_PID" wrk
    stop_pid "$GOTTAGO_PID" gottago group
}

assert_gottago_alive() {
    if ! kill -0 "$GOTTAGO_PID" 2>/dev/null; then
        tail -n 20 "$WORK/gottago.stderr" >&2 || true
        GOTTAGO_PID=
        fail "gottago exited during the benchmark ($1)"
    fi
}

require wrk "install it with: apt-get install wrk (make bench does this)"
require curl "install it with: apt-get install curl"
require taskset "install it with: apt-get install util-linux"
[[ -x $BIN ]] || fail "gottago binary not found or not executable: $BIN"
[[ -x $DIRECTORY_BENCH ]] || fail "DirectoryBench binary not found or not executable: $DIRECTORY_BENCH"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gottago-bench.XXXXXX")

# The embedded sandbox simulates the etd feed; the access log stays on, as in the server benchmark.
# The sandbox's clock starts at a weekday's midday in San Francisco, so that trains run whatever the hour.
start_listener GOTTAGO gottago "$BIN" serve --host 127.0.0.1 --port 0 --debug-routes --timetable off --departures bart-etd \
    --sandbox-time 1796241600
GOTTAGO_URL=http://127.0.0.1:$GOTTAGO_PORT
DEPARTURES=$GOTTAGO_URL/api/bart/stations/EMBR/departures
FIXED=$GOTTAGO_URL/debug/fixed
curl -sS --fail --max-time 10 -o "$WORK/departures.xml" "$DEPARTURES" || fail "GET $DEPARTURES failed"
grep -q '<destination>' "$WORK/departures.xml" || fail "$DEPARTURES has no destinations: $(head -c 300 "$WORK/departures.xml")"
curl -sS --fail --max-time 10 -o "$WORK/fixed.xml" "$FIXED" || fail "GET $FIXED failed (is --debug-routes supported?)"

echo "departures benchmark (wrk -t2 -c64 -d${SECONDS_PER_RUN}s, loopback, $ROUNDS rounds, medians)"
echo "  $(wc -c <"$WORK/departures.xml")-byte departures of EMBR from the simulated etd feed against the server benchmark's $(wc -c <"$WORK/fixed.xml")-byte fixed document, same process"
warm_up "$DEPARTURES" 64
warm_up "$FIXED" 64
for round in $(seq "$ROUNDS"); do
    run_wrk "$WORK/wrk-departures-$round.txt" -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency "$DEPARTURES"
    assert_gottago_alive "departures run"
    run_wrk "$WORK/wrk-fixed-$round.txt" -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency "$FIXED"
    assert_gottago_alive "fixed-document run"
    printf '  round %d: departures %10s req/s  p99 %6s ms   fixed %10s req/s  p99 %6s ms\n' "$round" \
        "$(wrk_rps "$WORK/wrk-departures-$round.txt")" "$(wrk_p99 "$WORK/wrk-departures-$round.txt")" \
        "$(wrk_rps "$WORK/wrk-fixed-$round.txt")" "$(wrk_p99 "$WORK/wrk-fixed-$round.txt")"
done
D_RPS=$(median_of wrk_rps departures)
F_RPS=$(median_of wrk_rps fixed)
RATIO=$(awk -v d="$D_RPS" -v f="$F_RPS" 'BEGIN { if (f + 0 == 0) print "n/a"; else printf "%.2f", d / f }')
printf 'median req/s: departures %s   fixed document %s\n' "$D_RPS" "$F_RPS"
printf 'ratio departures/fixed: %s  (target >= %s)  %s\n' "$RATIO" "$TARGET_RATIO" "$(flag "$RATIO" ">=" "$TARGET_RATIO")"
report_wrk_errors $(cd "$WORK" && ls wrk-departures-*.txt wrk-fixed-*.txt)
upstream=$(curl -sS --max-time 10 "$GOTTAGO_URL/metrics" | awk '/^gottago_upstream_requests_total\{upstream="bart"/ { n += $2 } END { print n + 0 }')
echo "upstream feed requests during the whole run: $upstream (one per 30 s while asked)"

echo
echo "nearest-station queries (DirectoryBench on one core: 30,000 synthetic stops, 200,000 queries for the 3 nearest)"
for index in rtree grid; do
    taskset -c 0 "$DIRECTORY_BENCH" --stops 30000 --queries 200000 --limit 3 --index "$index" >"$WORK/directory-$index.txt" ||
        fail "DirectoryBench --index $index failed: $(cat "$WORK/directory-$index.txt")"
    rate=$(awk '/^directory:/ { print $2 }' "$WORK/directory-$index.txt")
    sed 's/^/  /' "$WORK/directory-$index.txt"
    printf '  %s: %s queries/s (target >= %s)  %s\n' "$index" "$rate" "$TARGET_QUERIES" "$(flag "$rate" ">=" "$TARGET_QUERIES")"
done
