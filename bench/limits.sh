#!/usr/bin/env bash
# Client-limits benchmark for `make bench`: what the per-client limiter (in memory) costs on the
# cache-hit path. The same wrk run against /debug/fixed on two gottago instances, one with
# --client-rate set so high that it never limits (every request still passes the limiter and
# carries the RateLimit fields) and one without limits, taking turns; the ratio of the medians.
#
# Usage: bash bench/limits.sh <path-to-gottago-binary>
# Env:   BENCH_SECONDS (default 10) per measured run, BENCH_ROUNDS (default 5) alternating runs of
#        each instance, BENCH_WARMUP_SECONDS (default 2, 0 = none), BENCH_KEEP=1 keeps the temp dir.
#
# Exits non-zero only when the benchmark cannot run. A missed target is printed as BELOW TARGET.
set -euo pipefail

BIN=${1:?usage: bash bench/limits.sh <path-to-gottago-binary>}
SECONDS_PER_RUN=${BENCH_SECONDS:-10}
WARMUP_SECONDS=${BENCH_WARMUP_SECONDS:-2}
ROUNDS=${BENCH_ROUNDS:-5}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/common.sh
source "$HERE/common.sh"

# The limiter may cost at most a tenth of the cache-hit throughput.
TARGET_RATIO=0.90

LIMITED_PID=
PLAIN_PID=
WRK_PID=

bench_stop() {
    stop_pid "$WRK_PID" wrk
    stop_pid "$LIMITED_PID" "gottago (limited)" group
    stop_pid "$PLAIN_PID" "gottago (unlimited)" group
}

require wrk "install it with: apt-get install wrk (make bench does this)"
require curl "install it with: apt-get install curl"
require awk "install it with: apt-get install mawk"
require setsid "install it with: apt-get install util-linux"
[[ -x $BIN ]] || fail "gottago binary not found or not executable: $BIN"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gottago-bench-limits.XXXXXX")

# Both log every request to a real file, as bench/server.sh does: the log is part of a request's cost.
common=(serve --host 127.0.0.1 --port 0 --debug-routes --max-connections 10000 --max-connections-per-ip 10000)
start_listener LIMITED limited "$BIN" "${common[@]}" --client-rate 1000000 --client-burst 1000000
start_listener PLAIN plain "$BIN" "${common[@]}"
LIMITED_URL=http://127.0.0.1:$LIMITED_PORT/debug/fixed
PLAIN_URL=http://127.0.0.1:$PLAIN_PORT/debug/fixed

curl -sS --fail --max-time 10 -D "$WORK/limited.head" -o "$WORK/limited.body" "$LIMITED_URL" || fail "GET $LIMITED_URL failed"
curl -sS --fail --max-time 10 -o "$WORK/plain.body" "$PLAIN_URL" || fail "GET $PLAIN_URL failed"
grep -qi '^RateLimit:' "$WORK/limited.head" || fail "the limited instance sent no RateLimit field"
cmp -s "$WORK/limited.body" "$WORK/plain.body" || fail "the two instances answer different bytes"

alive() {
    for pid in "$LIMITED_PID" "$PLAIN_PID"; do
        kill -0 "$pid" 2>/dev/null || fail "a gottago instance exited during the benchmark"
    done
}

echo "client limits benchmark (wrk -t2 -c64 -d${SECONDS_PER_RUN}s, /debug/fixed, one client never limited, loopback, $ROUNDS rounds, medians)"
warm_up "$LIMITED_URL" 64
warm_up "$PLAIN_URL" 64
for round in $(seq "$ROUNDS"); do
    run_wrk "$WORK/wrk-limited-$round.txt" -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency "$LIMITED_URL"
    run_wrk "$WORK/wrk-plain-$round.txt" -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency "$PLAIN_URL"
    alive
    printf '  round %d: limited %10s req/s  p99 %6s ms   unlimited %10s req/s  p99 %6s ms\n' "$round" \
        "$(wrk_rps "$WORK/wrk-limited-$round.txt")" "$(wrk_p99 "$WORK/wrk-limited-$round.txt")" \
        "$(wrk_rps "$WORK/wrk-plain-$round.txt")" "$(wrk_p99 "$WORK/wrk-plain-$round.txt")"
done
L_RPS=$(median_of wrk_rps limited)
P_RPS=$(median_of wrk_rps plain)
RATIO=$(ratio "$L_RPS" "$P_RPS")
printf '%-16s %10s %11s\n' "median of $ROUNDS" req/s "p99 ms"
printf '%-16s %10s %11s\n' limited "$L_RPS" "$(median_of wrk_p99 limited)"
printf '%-16s %10s %11s\n' unlimited "$P_RPS" "$(median_of wrk_p99 plain)"
printf 'ratio limited/unlimited: %s  (target >= %s)  %s\n' "$RATIO" "$TARGET_RATIO" "$(flag "$RATIO" ">=" "$TARGET_RATIO")"
report_wrk_errors wrk-limited-1.txt wrk-plain-1.txt
