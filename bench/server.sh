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
TARGET_RATIO=0.80
TARGET_P99_MS=5
TARGET_RSS_MIB=96

GOTTAGO_PID=
NGINX_PID=
WRK_PID=
SAMPLER_PID=


# Stops a process we started: TERM, up to 5 s grace, then KILL. Servers run in their own process
# group (setsid), and the whole group is signalled, so nginx workers or anything a stand-in
# spawned go too; kill -0 on the leader tells when it is done.
stop_pid() { # pid name [group]
    local pid=$1 name=$2 target=$1
    [[ -n $pid ]] || return 0
    [[ ${3:-} == group ]] && target=-$pid
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM -- "$target" 2>/dev/null || true
        local waited=0
        while kill -0 "$pid" 2>/dev/null && ((waited < 50)); do
            sleep 0.1
            waited=$((waited + 1))
        done
        if kill -0 "$pid" 2>/dev/null; then
            echo "bench: $name (pid $pid) ignored SIGTERM; killing it" >&2
        fi
    fi
    # Also reaps group members that outlived their leader.
    kill -KILL -- "$target" 2>/dev/null || true
    { wait "$pid"; } 2>/dev/null || true
}

bench_stop() {
    stop_pid "$WRK_PID" wrk
    stop_pid "$SAMPLER_PID" "memory sampler"
    stop_pid "$GOTTAGO_PID" gottago group
    stop_pid "$NGINX_PID" nginx group
}


# Prints a free loopback port (the kernel's pick for port 0; racy in theory, fine on a test box).
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# wrk prints latencies as 812.00us, 1.23ms, 2.00s or 1.00m; prints milliseconds, or n/a.
to_ms() {
    awk -v v="$1" 'BEGIN {
        n = v; sub(/[a-z]+$/, "", n); u = v; sub(/^[0-9.]+/, "", u)
        f = (u == "us") ? 0.001 : (u == "ms") ? 1 : (u == "s") ? 1000 : (u == "m") ? 60000 : (u == "h") ? 3600000 : -1
        if (f < 0 || n == "") { print "n/a"; exit }
        printf "%.2f\n", n * f
    }'
}

wrk_rps() { awk '/^Requests\/sec:/ { print $2; found = 1 } END { if (!found) print "n/a" }' "$1"; }
wrk_p99() { to_ms "$(awk '$1 == "99%" { print $2; exit }' "$1")"; }
wrk_non2xx() { awk -F': *' '/Non-2xx or 3xx responses/ { print $2; found = 1 } END { if (!found) print 0 }' "$1"; }
wrk_socket_errors() {
    awk '/Socket errors:/ { sub(/^ *Socket errors: */, ""); print; found = 1 } END { if (!found) print "none" }' "$1"
}

# Compares with awk since bash has no floats; "n/a" never meets a target.
meets() { # value op limit
    awk -v v="$1" -v op="$2" -v l="$3" 'BEGIN {
        if (v == "n/a") exit 1
        exit !((op == ">=") ? (v + 0 >= l + 0) : (v + 0 <= l + 0))
    }'
}
flag() { if meets "$@"; then echo ""; else echo "BELOW TARGET"; fi; }

# Runs wrk in the background and waits, so Ctrl-C reaches the trap at once instead of after the run.
run_wrk() { # output-file wrk-args...
    local out=$1
    shift
    wrk "$@" >"$out" 2>&1 &
    WRK_PID=$!
    local status=0
    wait "$WRK_PID" || status=$?
    WRK_PID=
    if ((status != 0)) || ! grep -q '^Requests/sec:' "$out"; then
        cat "$out" >&2
        fail "wrk $* failed (exit $status)"
    fi
}

warm_up() { # url connections
    if ((WARMUP_SECONDS > 0)); then
        run_wrk "$WORK/warmup.txt" -t2 -c"$2" -d"${WARMUP_SECONDS}s" "$1"
    fi
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
NGINX_BIN=$(command -v nginx || true)
[[ -n $NGINX_BIN ]] || { [[ -x /usr/sbin/nginx ]] && NGINX_BIN=/usr/sbin/nginx; } ||
    fail "nginx not found; install it with: apt-get install nginx (make bench does this)"
[[ -x $BIN ]] || fail "gottago binary not found or not executable: $BIN"
[[ -f $HERE/nginx.conf.template ]] || fail "missing $HERE/nginx.conf.template"

# 2,000 client sockets in wrk plus 2,000 in gottago: raise the limit before starting either,
# since children inherit it. Raising the hard limit needs root; the soft one never does.
hard=$(ulimit -Hn)
if [[ $hard != unlimited ]] && ((hard < 8192)); then
    ulimit -Hn 8192 2>/dev/null || true
fi
ulimit -n "$(ulimit -Hn)"
nofile=$(ulimit -n)
[[ $nofile == unlimited ]] || ((nofile >= 4200)) ||
    fail "open file limit is $nofile; need >= 4200 for 2,000 connections (raise the hard limit)"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gottago-bench.XXXXXX")
mkdir -p "$WORK/root"

# --- gottago -----------------------------------------------------------------------------------

# Created up front: the background job opens it asynchronously, and the wait loop reads it at once.
: >"$WORK/gottago.stdout"
# The access log (stderr) stays on and goes to a real file: it is part of the cost of a request.
# setsid execs in place (a background job of a script is no group leader, so it need not fork):
# $! is gottago's own pid, and the id of its new process group.
setsid "$BIN" serve --host 127.0.0.1 --port 0 --debug-routes \
    --max-connections 10000 --max-connections-per-ip 10000 \
    >"$WORK/gottago.stdout" 2>"$WORK/gottago.stderr" &
GOTTAGO_PID=$!

GOTTAGO_PORT=
for _ in $(seq 300); do
    # Only a complete first line counts, so a half-written port number is never read.
    if [[ $(wc -l <"$WORK/gottago.stdout") -ge 1 ]]; then
        line=$(head -n 1 "$WORK/gottago.stdout")
        [[ $line =~ ^listening\ on\ http://127\.0\.0\.1:([0-9]+) ]] ||
            fail "unexpected first line from gottago: $line"
        GOTTAGO_PORT=${BASH_REMATCH[1]}
        break
    fi
    if ! kill -0 "$GOTTAGO_PID" 2>/dev/null; then
        tail -n 20 "$WORK/gottago.stderr" >&2 || true
        GOTTAGO_PID=
        fail "gottago exited before listening"
    fi
    sleep 0.1
done
[[ -n $GOTTAGO_PORT ]] || fail "gottago did not print 'listening on http://127.0.0.1:PORT' within 30 s"
GOTTAGO_URL=http://127.0.0.1:$GOTTAGO_PORT

content_type=$(curl -sS --fail --max-time 10 -o "$WORK/root/fixed.xml" -w '%{content_type}' "$GOTTAGO_URL/debug/fixed") ||
    fail "GET $GOTTAGO_URL/debug/fixed failed (is --debug-routes supported?)"
[[ -s $WORK/root/fixed.xml ]] || fail "$GOTTAGO_URL/debug/fixed returned an empty body"
# The type goes into nginx.conf: keep it to characters that cannot break the config.
[[ $content_type =~ ^[A-Za-z0-9/+.\;=\ -]+$ ]] || content_type=application/xml
fixed_bytes=$(wc -c <"$WORK/root/fixed.xml")
curl -sS --fail --max-time 10 -o /dev/null "$GOTTAGO_URL/debug/delay?ms=50" ||
    fail "GET $GOTTAGO_URL/debug/delay?ms=50 failed"

# --- nginx -------------------------------------------------------------------------------------

NGINX_PORT=$(free_port)
sed -e "s|@WORK@|$WORK|g" -e "s|@ROOT@|$WORK/root|g" -e "s|@PORT@|$NGINX_PORT|g" \
    -e "s|@CONTENT_TYPE@|$content_type|g" "$HERE/nginx.conf.template" >"$WORK/nginx.conf"
# -e: log startup errors to the temp dir too, before the config's error_log is read.
setsid "$NGINX_BIN" -p "$WORK" -c "$WORK/nginx.conf" -e "$WORK/nginx-error.log" 2>"$WORK/nginx.stderr" &
NGINX_PID=$!
NGINX_URL=http://127.0.0.1:$NGINX_PORT
for _ in $(seq 100); do
    curl -s --max-time 1 -o /dev/null "$NGINX_URL/fixed.xml" && break
    if ! kill -0 "$NGINX_PID" 2>/dev/null; then
        cat "$WORK/nginx.stderr" "$WORK/nginx-error.log" >&2 || true
        NGINX_PID=
        fail "nginx exited at startup"
    fi
    sleep 0.1
done
curl -sS --fail --max-time 10 -o "$WORK/nginx-fixed.xml" "$NGINX_URL/fixed.xml" ||
    { cat "$WORK/nginx.stderr" "$WORK/nginx-error.log" >&2 || true; fail "nginx did not serve $NGINX_URL/fixed.xml within 10 s"; }
cmp -s "$WORK/root/fixed.xml" "$WORK/nginx-fixed.xml" || fail "nginx serves different bytes than gottago"

# --- run 1: throughput and latency against nginx -------------------------------------------------

echo "server benchmark (wrk -t2 -c64 -d${SECONDS_PER_RUN}s, ${fixed_bytes}-byte XML, loopback, $ROUNDS rounds, medians)"
# This machine is shared and noisy: the two servers take turns, and medians are compared.
warm_up "$GOTTAGO_URL/debug/fixed" 64
warm_up "$NGINX_URL/fixed.xml" 64
for round in $(seq "$ROUNDS"); do
    run_wrk "$WORK/wrk-gottago-$round.txt" -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency "$GOTTAGO_URL/debug/fixed"
    assert_gottago_alive "/debug/fixed run"
    run_wrk "$WORK/wrk-nginx-$round.txt" -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency "$NGINX_URL/fixed.xml"
    printf '  round %d: gottago %10s req/s  p99 %6s ms   nginx %10s req/s  p99 %6s ms\n' "$round" \
        "$(wrk_rps "$WORK/wrk-gottago-$round.txt")" "$(wrk_p99 "$WORK/wrk-gottago-$round.txt")" \
        "$(wrk_rps "$WORK/wrk-nginx-$round.txt")" "$(wrk_p99 "$WORK/wrk-nginx-$round.txt")"
done
median_of() { # extractor name
    for round in $(seq "$ROUNDS"); do "$1" "$WORK/wrk-$2-$round.txt"; done | sort -g |
        awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
g_rps=$(median_of wrk_rps gottago)
g_p99=$(median_of wrk_p99 gottago)
n_rps=$(median_of wrk_rps nginx)
n_p99=$(median_of wrk_p99 nginx)
ratio=$(awk -v g="$g_rps" -v n="$n_rps" 'BEGIN { if (g == "n/a" || n == "n/a" || n + 0 == 0) print "n/a"; else printf "%.2f", g / n }')

printf '%-16s %10s %11s\n' "median of $ROUNDS" req/s "p99 ms"
printf '%-16s %10s %11s  %s\n' gottago "$g_rps" "$g_p99" "$(flag "$g_p99" "<=" "$TARGET_P99_MS")"
printf '%-16s %10s %11s\n' nginx "$n_rps" "$n_p99"
printf 'ratio gottago/nginx: %s  (target >= %s)   p99 target <= %s ms  %s\n' \
    "$ratio" "$TARGET_RATIO" "$TARGET_P99_MS" "$(flag "$ratio" ">=" "$TARGET_RATIO")"
for file in wrk-gottago-1.txt wrk-nginx-1.txt; do
    non2xx=$(wrk_non2xx "$WORK/$file")
    errors=$(wrk_socket_errors "$WORK/$file")
    if [[ $non2xx != 0 || $errors != none ]]; then
        echo "  ${file%.txt}: non-2xx/3xx $non2xx, socket errors: $errors"
    fi
done

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
