#!/usr/bin/env bash
# Cluster benchmark for `make bench`: the deployment of scripts/cluster.sh (redis-server, 3
# instances sharing it, nginx with Deploy/nginx-frontend.conf in front, its access log on)
# answering a cache hit through nginx, against nginx serving the same bytes from a file
# (bench/nginx.conf.template, as bench/server.sh). Everything shares this machine's cores, so the
# ratio is what the front end and the instances cost together per request; no target was set.
#
# Usage: bash bench/cluster.sh <path-to-gottago-binary>
# Env:   BENCH_SECONDS (default 10) per measured wrk run, BENCH_ROUNDS (default 5) alternating runs
#        of each, BENCH_WARMUP_SECONDS (default 2, 0 = none), as in bench/server.sh;
#        BENCH_KEEP=1 keeps the temp dirs (wrk output, logs, configs) for inspection.
#
# Exits non-zero only when the benchmark cannot run (missing tool, a server that does not start or
# dies, a request that is not a cache hit, nginx serving different bytes).
set -euo pipefail

BIN=${1:?usage: bash bench/cluster.sh <path-to-gottago-binary>}
SECONDS_PER_RUN=${BENCH_SECONDS:-10}
WARMUP_SECONDS=${BENCH_WARMUP_SECONDS:-2}
ROUNDS=${BENCH_ROUNDS:-5}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/common.sh
source "$HERE/common.sh"
# shellcheck source=scripts/cluster.sh
source "$HERE/../scripts/cluster.sh"
[[ ${BENCH_KEEP:-0} == 1 ]] && export CLUSTER_KEEP=1

UPSTREAM_PID=

bench_stop() {
    stop_pid "$WRK_PID" wrk
    stop_pid "$NGINX_PID" nginx group
    cluster_stop
    stop_pid "$UPSTREAM_PID" "test upstream" group
}

cluster_alive() {
    local i
    for i in $(seq "$CLUSTER_SIZE"); do
        kill -0 "${CLUSTER_PIDS[i]}" 2>/dev/null || fail "instance $i exited during the benchmark"
    done
    kill -0 "$CLUSTER_NGINX_PID" 2>/dev/null || fail "the cluster's nginx exited during the benchmark"
}

require wrk "install it with: apt-get install wrk (make bench does this)"
require curl "install it with: apt-get install curl"
require python3 "install it with: apt-get install python3"
require_nginx
[[ -x $BIN ]] || fail "gottago binary not found or not executable: $BIN"
raise_open_files 1024 "the cluster's connections"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gottago-bench.XXXXXX")
mkdir -p "$WORK/root"

# transport.opendata.ch's locations from a loopback stand-in, as in scripts/cluster-test.sh: the
# embedded sandbox listens on another port in each instance, and the port is part of the cache
# key, so instances would not share what the sandbox answers. The instances' access logs (JSON) go
# to files, as in production.
start_listener UPSTREAM upstream python3 "$HERE/upstream_server.py" \
    "$HERE/../Routes/opendata-locations/samples/sandbox-bern.json" --path /v1/locations
cluster_init "$BIN" --upstream "opendata origin=http://127.0.0.1:$UPSTREAM_PORT"
cluster_start
url="$CLUSTER_URL/api/routes/opendata-locations/result?query=Bern"

# The first request fills Redis; then every instance answers it from the cache (nginx's round
# robin reaches each within a few requests), which must say HIT.
curl -sS --fail --max-time 30 -o /dev/null "$url" || fail "GET $url failed"
for _ in $(seq $((2 * CLUSTER_SIZE))); do
    cache=$(curl -sS --fail --max-time 30 -o /dev/null -w '%header{x-cache}' "$url") || fail "GET $url failed"
    [[ $cache == HIT ]] || fail "a repeated request through nginx was answered with X-Cache: $cache, not HIT"
done
content_type=$(curl -sS --fail --max-time 10 -o "$WORK/root/result.xml" -w '%{content_type}' "$url") || fail "GET $url failed"
[[ -s $WORK/root/result.xml ]] || fail "$url returned an empty body"
start_nginx result.xml "$content_type"

echo
echo "cluster benchmark (wrk -t2 -c64 -d${SECONDS_PER_RUN}s through nginx with Deploy/nginx-frontend.conf to $CLUSTER_SIZE instances on one" \
    "redis-server, the $(wc -c <"$WORK/root/result.xml")-byte cached XML, loopback, $ROUNDS rounds, medians)"
ROUND_INDENT="  " compare_throughput "$url" "$NGINX_URL/result.xml" cluster_alive
cache=$(curl -sS --fail --max-time 30 -o /dev/null -w '%header{x-cache}' "$url") || fail "GET $url failed"

printf '  %-14s %10s %11s\n' "median of $ROUNDS" req/s "p99 ms"
printf '  %-14s %10s %11s\n' cluster "$G_RPS" "$G_P99"
printf '  %-14s %10s %11s\n' "nginx file" "$N_RPS" "$N_P99"
printf '  ratio cluster/nginx file: %s  (no target; X-Cache after the runs: %s)\n' "$RATIO" "$cache"
report_wrk_errors wrk-gottago-1.txt wrk-nginx-1.txt
