#!/usr/bin/env bash
# Transit benchmark for `make bench`:
# 1. importing a static GTFS zip (BART's, embedded, and FGC's, 266,536 stop times) with the
#    service's importer (TransitBench import) against a naive importer in Python
#    (bench/transit_import.py: zipfile, csv and sqlite3 into the same tables), alternating runs,
#    medians; and the importer's peak RSS (the whole TransitBench process, VmHWM) for BART's;
# 2. a stop's departures from BART's GTFS feeds (the embedded sandbox's, at a weekday noon)
#    against the server benchmark's fixed document, served by the same gottago in the same run;
# 3. nearby answers (1 km, 3 stations, 5 departures each, rendered as XML) at every BART stop in
#    turn, in process, two at a time (TransitBench nearby).
#
# Usage: bash bench/transit.sh <gottago> <TransitBench>
# Env:   BENCH_SECONDS (default 10) per measured run, BENCH_ROUNDS (default 5) alternating runs,
#        BENCH_WARMUP_SECONDS (default 2, 0 = none),
#        BENCH_KEEP=1 keeps the temp dir.
#
# Exits non-zero only when the benchmark cannot run. A missed target prints BELOW TARGET.
set -euo pipefail

BIN=${1:?usage: bash bench/transit.sh <gottago> <TransitBench>}
TRANSIT_BENCH=${2:?usage: bash bench/transit.sh <gottago> <TransitBench>}
SECONDS_PER_RUN=${BENCH_SECONDS:-10}
ROUNDS=${BENCH_ROUNDS:-5}
WARMUP_SECONDS=${BENCH_WARMUP_SECONDS:-2}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
# shellcheck source=bench/common.sh
source "$HERE/common.sh"

TARGET_IMPORT_RATIO=0.50
TARGET_IMPORT_RSS_MIB=64
TARGET_DEPARTURES_RATIO=0.80
TARGET_NEARBY=20000

GOTTAGO_PID=
bench_stop() {
    stop_pid "$WRK_PID" wrk
    stop_pid "$GOTTAGO_PID" gottago group
}

require wrk "install it with: apt-get install wrk (make bench does this)"
require curl "install it with: apt-get install curl"
require python3 "install it with: apt-get install python3"
[[ -x $BIN ]] || fail "gottago binary not found or not executable: $BIN"
[[ -x $TRANSIT_BENCH ]] || fail "TransitBench binary not found or not executable: $TRANSIT_BENCH"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gottago-bench.XXXXXX")

value() { awk -v key="$1:" '$1 == key { print $2 }' "$2"; }
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "transit benchmark"
echo "1. static GTFS import, $ROUNDS alternating rounds, medians (ours: TransitBench import; reference: bench/transit_import.py)"
for feed in "bart:$ROOT/Sources/EmbeddedFiles/include/bart-gtfs.zip" "fgc:$ROOT/Tests/Fixtures/gtfs/fgc-gtfs-static-2025-08-19-bcntransitbot.zip"; do
    name=${feed%%:*} zip=${feed#*:}
    [[ -f $zip ]] || fail "missing $zip"
    : >"$WORK/ours-$name" && : >"$WORK/python-$name"
    for round in $(seq "$ROUNDS"); do
        "$TRANSIT_BENCH" import "$zip" >"$WORK/import-$name-$round.txt" || fail "TransitBench import $zip failed: $(cat "$WORK/import-$name-$round.txt")"
        value import-seconds "$WORK/import-$name-$round.txt" >>"$WORK/ours-$name"
        python3 "$HERE/transit_import.py" "$zip" "$WORK/python-$name.sqlite" >"$WORK/python-$name-$round.txt" || fail "transit_import.py $zip failed"
        value import-seconds "$WORK/python-$name-$round.txt" >>"$WORK/python-$name"
    done
    ours=$(median <"$WORK/ours-$name") python=$(median <"$WORK/python-$name")
    ratio=$(awk -v a="$ours" -v b="$python" 'BEGIN { printf "%.2f", a / b }')
    printf '  %-4s %7s stop times: ours %.3f s, naive Python %.3f s: ratio %s (target <= %s)  %s\n' "$name" \
        "$(value stop-times "$WORK/import-$name-1.txt")" "$ours" "$python" "$ratio" "$TARGET_IMPORT_RATIO" "$(flag "$ratio" "<=" "$TARGET_IMPORT_RATIO")"
    if [[ $name == bart ]]; then
        rss=$(value peak-rss-kib "$WORK/import-$name-1.txt")
        mib=$(awk -v k="$rss" 'BEGIN { printf "%.1f", k / 1024 }')
        printf '  bart peak RSS of the importing process: %s MiB (target <= %s)  %s\n' "$mib" "$TARGET_IMPORT_RSS_MIB" "$(flag "$mib" "<=" "$TARGET_IMPORT_RSS_MIB")"
    fi
done

echo
DATA=$WORK/data
mkdir -p "$DATA"
start_listener GOTTAGO gottago "$BIN" serve --host 127.0.0.1 --port 0 --debug-routes --timetable off --weather off --geocoder off \
    --data-dir "$DATA" --sandbox-time 1796846400
GOTTAGO_URL=http://127.0.0.1:$GOTTAGO_PORT
DEPARTURES=$GOTTAGO_URL/api/transit/bart/stops/12TH/departures
FIXED=$GOTTAGO_URL/debug/fixed
for attempt in $(seq 100); do
    curl -sS --max-time 10 -o "$WORK/departures.xml" "$DEPARTURES" && grep -q '<departure>' "$WORK/departures.xml" && break
    sleep 0.1
done
grep -q '<departure>' "$WORK/departures.xml" || fail "$DEPARTURES has no departures: $(head -c 300 "$WORK/departures.xml")"
curl -sS --fail --max-time 10 -o "$WORK/fixed.xml" "$FIXED" || fail "GET $FIXED failed"
echo "2. a stop's departures (wrk -t2 -c64 -d${SECONDS_PER_RUN}s, loopback, $ROUNDS rounds, medians): the $(wc -c <"$WORK/departures.xml")-byte departures of 12TH from BART's GTFS feeds against the $(wc -c <"$WORK/fixed.xml")-byte fixed document, same process"
warm_up "$DEPARTURES" 64
warm_up "$FIXED" 64
for round in $(seq "$ROUNDS"); do
    run_wrk "$WORK/wrk-departures-$round.txt" -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency "$DEPARTURES"
    run_wrk "$WORK/wrk-fixed-$round.txt" -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency "$FIXED"
    printf '  round %d: departures %10s req/s   fixed %10s req/s\n' "$round" "$(wrk_rps "$WORK/wrk-departures-$round.txt")" "$(wrk_rps "$WORK/wrk-fixed-$round.txt")"
done
D_RPS=$(median_of wrk_rps departures)
F_RPS=$(median_of wrk_rps fixed)
RATIO=$(awk -v d="$D_RPS" -v f="$F_RPS" 'BEGIN { if (f + 0 == 0) print "n/a"; else printf "%.2f", d / f }')
printf '  ratio departures/fixed: %s  (target >= %s)  %s\n' "$RATIO" "$TARGET_DEPARTURES_RATIO" "$(flag "$RATIO" ">=" "$TARGET_DEPARTURES_RATIO")"
report_wrk_errors $(cd "$WORK" && ls wrk-departures-*.txt wrk-fixed-*.txt)
stop_pid "$GOTTAGO_PID" gottago group
GOTTAGO_PID=

echo
echo "3. nearby at every BART stop in turn, in process, two at a time, ${SECONDS_PER_RUN} s (TransitBench nearby)"
"$TRANSIT_BENCH" nearby "$ROOT/Routes" "$SECONDS_PER_RUN" >"$WORK/nearby.txt" || fail "TransitBench nearby failed: $(cat "$WORK/nearby.txt")"
sed 's/^/  /' "$WORK/nearby.txt"
rate=$(value answers-per-second "$WORK/nearby.txt")
printf '  %s answers/s (target >= %s)  %s\n' "$rate" "$TARGET_NEARBY" "$(flag "$rate" ">=" "$TARGET_NEARBY")"
