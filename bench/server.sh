#!/usr/bin/env bash
# Server benchmark for `make bench`: gottago's full stack against nginx serving the same bytes,
# then 2,000 concurrent connections against gottago with peak memory.
#
# Usage: bash bench/server.sh <path-to-gottago-binary>
# Env:   BENCH_SECONDS (default 10) per measured run, BENCH_ROUNDS (default 5) alternating runs of
#        each server, BENCH_WARMUP_SECONDS (default 2, 0 = none),
#        BENCH_KEEP=1 keeps the temp dir (wrk output, logs, nginx config) for inspection.
#
# Exits non-zero only when the benchmark cannot run (missing tool, a server that does not start
# or dies, nginx serving different bytes). A missed target is printed as BELOW TARGET, not fatal.
set -euo pipefail

BIN=${1:?usage: bash bench/server.sh <path-to-gottago-binary>}
SECONDS_PER_RUN=${BENCH_SECONDS:-10}
WARMUP_SECONDS=${BENCH_WARMUP_SECONDS:-2}
ROUNDS=${BENCH_ROUNDS:-5}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/common.sh
source "$HERE/common.sh"

# The project targets each figure is checked against; a miss prints BELOW TARGET.
TARGET_RATIO=1.0      # req/s, gottago / nginx
TARGET_P99_RATIO=1.5  # p99, gottago / nginx
TARGET_RSS_MIB=64     # peak RSS at 2,000 connections
TARGET_HANDOFF_RATIO=1.2      # req/s through a handler task, gottago / nginx
TARGET_HANDOFF_P99_RATIO=1.0  # its p99, gottago / nginx

GOTTAGO_PID=
SAMPLER_PID=

bench_stop() {
    stop_pid "$WRK_PID" wrk
    stop_pid "$SAMPLER_PID" "memory sampler"
    stop_pid "$GOTTAGO_PID" gottago group
    stop_pid "$NGINX_PID" nginx group
}

assert_gottago_alive() {
    if ! kill -0 "$GOTTAGO_PID" 2>/dev/null; then
        tail -n 20 "$WORK/gottago.stderr" >&2 || true
        GOTTAGO_PID=
        fail "gottago exited during the benchmark ($1)"
    fi
}

# --- setup -------------------------------------------------------------------------------------

require wrk "install it with: apt-get install wrk (make bench does this)"
require curl "install it with: apt-get install curl"
require python3 "install it with: apt-get install python3"
require awk "install it with: apt-get install mawk"
require setsid "install it with: apt-get install util-linux"
require_nginx
[[ -x $BIN ]] || fail "gottago binary not found or not executable: $BIN"

# 2,000 client sockets in wrk plus 2,000 in gottago: raised before starting either.
raise_open_files 4200 "2,000 connections"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gottago-bench.XXXXXX")
mkdir -p "$WORK/root"

# --- gottago -----------------------------------------------------------------------------------

# The access log (stderr) stays on and goes to a real file: it is part of the cost of a request.
start_listener GOTTAGO gottago "$BIN" serve --host 127.0.0.1 --port 0 --debug-routes \
    --max-connections 10000 --max-connections-per-ip 10000
GOTTAGO_URL=http://127.0.0.1:$GOTTAGO_PORT

content_type=$(curl -sS --fail --max-time 10 -o "$WORK/root/fixed.xml" -w '%{content_type}' "$GOTTAGO_URL/debug/fixed") ||
    fail "GET $GOTTAGO_URL/debug/fixed failed (is --debug-routes supported?)"
[[ -s $WORK/root/fixed.xml ]] || fail "$GOTTAGO_URL/debug/fixed returned an empty body"
fixed_bytes=$(wc -c <"$WORK/root/fixed.xml")
curl -sS --fail --max-time 10 -o /dev/null "$GOTTAGO_URL/debug/delay?ms=50" ||
    fail "GET $GOTTAGO_URL/debug/delay?ms=50 failed"

# --- nginx -------------------------------------------------------------------------------------

start_nginx fixed.xml "$content_type"

# --- run 1: throughput and latency against nginx -------------------------------------------------

# The medians of the last compare_throughput and their ratios against the targets given.
report_against_nginx() { # ratio-target p99-target
    printf '%-16s %10s %11s\n' "median of $ROUNDS" req/s "p99 ms"
    printf '%-16s %10s %11s\n' gottago "$G_RPS" "$G_P99"
    printf '%-16s %10s %11s\n' nginx "$N_RPS" "$N_P99"
    local p99_ratio
    p99_ratio=$(ratio "$G_P99" "$N_P99")
    printf 'ratio gottago/nginx: %s  (target >= %s)  %s\n' "$RATIO" "$1" "$(flag "$RATIO" ">=" "$1")"
    printf 'p99 gottago/nginx: %s  (target <= %s)  %s\n' "$p99_ratio" "$2" "$(flag "$p99_ratio" "<=" "$2")"
    printf 'server CPU a request: gottago %s µs, nginx %s µs, gottago/nginx %s\n' "$G_CPU" "$N_CPU" "$(ratio "$G_CPU" "$N_CPU")"
    report_wrk_errors wrk-gottago-1.txt wrk-nginx-1.txt
}

echo "server benchmark (wrk -t2 -c64 -d${SECONDS_PER_RUN}s, ${fixed_bytes}-byte XML, loopback, $ROUNDS rounds, medians)"
compare_throughput "$GOTTAGO_URL/debug/fixed" "$NGINX_URL/fixed.xml" assert_gottago_alive "/debug/fixed run"
report_against_nginx "$TARGET_RATIO" "$TARGET_P99_RATIO"

# --- run 1b: the same bytes from a handler task, through the hand-off back to the event loop -------

echo
echo "hand-off benchmark (the same, /debug/fixed/handoff: answered by a handler task)"
compare_throughput "$GOTTAGO_URL/debug/fixed/handoff" "$NGINX_URL/fixed.xml" assert_gottago_alive "/debug/fixed/handoff run"
report_against_nginx "$TARGET_HANDOFF_RATIO" "$TARGET_HANDOFF_P99_RATIO"

# --- run 2: 2,000 connections, each request waiting 50 ms -----------------------------------------

echo
echo "connection benchmark (wrk -t2 -c2000 -d${SECONDS_PER_RUN}s, /debug/delay?ms=50, loopback)"
# Samples the resident set while wrk runs; VmHWM afterwards is the kernel's exact peak.
(
    max=0
    while [[ -r /proc/$GOTTAGO_PID/status ]]; do
        rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$GOTTAGO_PID/status" 2>/dev/null || true)
        if [[ -n $rss ]] && ((rss > max)); then
            max=$rss
            echo "$max" >"$WORK/rss-max-kib"
        fi
        sleep 0.2
    done
) &
SAMPLER_PID=$!
rss_before=$(awk '/^VmRSS:/ { print $2 }' "/proc/$GOTTAGO_PID/status")
run_wrk "$WORK/wrk-delay.txt" -t2 -c2000 -d"${SECONDS_PER_RUN}s" --latency "$GOTTAGO_URL/debug/delay?ms=50"
assert_gottago_alive "2,000-connection run"
hwm=$(awk '/^VmHWM:/ { print $2 }' "/proc/$GOTTAGO_PID/status")
stop_pid "$SAMPLER_PID" "memory sampler"
SAMPLER_PID=
rss_max=$(cat "$WORK/rss-max-kib" 2>/dev/null || echo "$rss_before")

mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
d_rps=$(wrk_rps "$WORK/wrk-delay.txt")
d_p99=$(wrk_p99 "$WORK/wrk-delay.txt")
printf 'requests/s: %s   p99 ms: %s   (ideal: %d req/s at 50 ms per request)\n' "$d_rps" "$d_p99" $((2000 * 1000 / 50))
printf 'non-2xx/3xx responses: %s   socket errors: %s\n' "$(wrk_non2xx "$WORK/wrk-delay.txt")" "$(wrk_socket_errors "$WORK/wrk-delay.txt")"
printf 'RSS before: %s MiB   max sampled during run: %s MiB\n' "$(mib "$rss_before")" "$(mib "$rss_max")"
peak=$(mib "$hwm")
printf 'peak RSS: %s MiB (target <= %s MiB)  %s\n' "$peak" "$TARGET_RSS_MIB" "$(flag "$peak" "<=" "$TARGET_RSS_MIB")"
printf 'gottago access log: %s MiB written\n' "$(mib $(($(wc -c <"$WORK/gottago.stderr") / 1024)))"
