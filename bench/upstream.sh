#!/usr/bin/env bash
# Upstream benchmark for `make bench`: gottago fetching from a loopback OSRM stand-in
# (bench/upstream_server.py, answering the recorded sample after a set delay) through the
# osrm-route route. Four figures, each from a cold cache:
#   1. 1,000 identical requests at once: one upstream request, all answered, p99 latency;
#   2. 300 distinct requests at once under max-concurrent=32: wall time against the ideal;
#   3. cache-hit throughput of the scraped document against nginx serving the same bytes;
#   4. two instances sharing one Redis: the second answers from the first one's fetch.
#
# Usage: bash bench/upstream.sh <path-to-gottago-binary>
# Env:   BENCH_SECONDS (default 10) per measured wrk run, BENCH_ROUNDS (default 5) alternating runs
#        of each server, BENCH_WARMUP_SECONDS (default 2, 0 = none), as in bench/server.sh;
#        BENCH_KEEP=1 keeps the temp dir (client output, logs, configs) for inspection.
#
# Exits non-zero only when the benchmark cannot run (missing tool, a server that does not start
# or dies, a single request that fails, nginx serving different bytes). A missed target is printed
# as BELOW TARGET, not fatal; so are failed requests within a burst, which are counted instead.
set -euo pipefail

BIN=${1:?usage: bash bench/upstream.sh <path-to-gottago-binary>}
SECONDS_PER_RUN=${BENCH_SECONDS:-10}
WARMUP_SECONDS=${BENCH_WARMUP_SECONDS:-2}
ROUNDS=${BENCH_ROUNDS:-5}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/common.sh
source "$HERE/common.sh"
ROOT=$(cd "$HERE/.." && pwd)

# The project targets each figure is checked against; a miss prints BELOW TARGET.
TARGET_COALESCED_P99_MS=300  # 1,000 identical requests, upstream answering in 200 ms
TARGET_CAP_RATIO=1.3         # wall time of 300 distinct requests / ceil(300 / cap) x delay
TARGET_HIT_RATIO=0.90        # cache-hit req/s, gottago / nginx

CAP=32              # the osrm upstream's max-concurrent
IDENTICAL=1000      # requests in the coalescing burst
IDENTICAL_DELAY_MS=200
DISTINCT=300        # requests in the concurrency-cap burst
DISTINCT_DELAY_MS=100

GOTTAGO_PID=
GOTTAGO_B_PID=
UPSTREAM_PID=
REDIS_PID=
CLIENT_PID=
SAMPLER_PID=

bench_stop() {
    stop_pid "$WRK_PID" wrk
    stop_pid "$CLIENT_PID" "burst client"
    stop_pid "$SAMPLER_PID" "X-Cache sampler"
    stop_pid "$GOTTAGO_PID" gottago group
    stop_pid "$GOTTAGO_B_PID" "gottago B" group
    stop_pid "$NGINX_PID" nginx group
    stop_pid "$REDIS_PID" redis-server group
    stop_pid "$UPSTREAM_PID" "test upstream" group
}

assert_alive() { # VAR name what
    local pid_var=${1}_PID
    if ! kill -0 "${!pid_var}" 2>/dev/null; then
        tail -n 20 "$WORK/$2.stderr" >&2 || true
        printf -v "$pid_var" %s ""
        fail "$2 exited during the benchmark ($3)"
    fi
}

# Starts a gottago on a free port, whose osrm upstream is the stand-in. Sets VAR_PID and VAR_PORT.
start_gottago() { # VAR name cache
    start_listener "$1" "$2" "$BIN" serve --host 127.0.0.1 --port 0 --log-format off \
        --routes "$ROOT/Routes" --max-connections-per-ip 5000 --cache "$3" \
        --upstream "osrm origin=$UPSTREAM_URL max-concurrent=$CAP rate=100000 burst=100000"
}

# Each measurement gets a fresh process, so nothing is cached or coalesced from the one before.
stop_gottago() {
    stop_pid "$GOTTAGO_PID" gottago group
    GOTTAGO_PID=
}

# The osrm-route URL on a gottago port; from_lon varies the cache key (any decimal text will do).
route_url() { # port from_lon
    echo "http://127.0.0.1:$1/api/routes/osrm-route/result?from_lon=$2&from_lat=46.95&to_lon=8.54&to_lat=47.37"
}

# GETs URL into FILE and prints its X-Cache header (`none` when absent); anything but a 200 stops
# the benchmark.
fetch() { # url file
    local out
    out=$(curl -sS --max-time 30 -o "$2" -w '%{http_code} %header{x-cache}' "$1") || fail "GET $1 failed"
    [[ $out == "200 "* ]] || fail "GET $1 answered ${out%% *}: $(head -c 300 "$2")"
    out=${out#200 }
    echo "${out:-none}"
}

upstream_reset() { # delay-ms
    curl -sS --fail --max-time 5 -o /dev/null "$UPSTREAM_URL/__reset?delay_ms=$1" ||
        fail "the test upstream did not answer /__reset"
}

upstream_stat() { # requests | max_concurrent
    local stats
    stats=$(curl -sS --fail --max-time 5 "$UPSTREAM_URL/__stats") || fail "the test upstream did not answer /__stats"
    sed -n "s/.*\"$1\": *\([0-9]*\).*/\1/p" <<<"$stats"
}

# Sends every URL of $WORK/NAME.urls at once (bench/upstream_client.py) into $WORK/NAME.out: a
# line `STATUS SECONDS X-CACHE` per request, then `# wall SECONDS connect SECONDS`.
run_burst() { # name
    python3 "$HERE/upstream_client.py" --timeout 60 "$WORK/$1.urls" >"$WORK/$1.out" 2>"$WORK/$1.client.stderr" &
    CLIENT_PID=$!
    local status=0
    wait "$CLIENT_PID" || status=$?
    CLIENT_PID=
    if ((status != 0)); then
        cat "$WORK/$1.client.stderr" >&2
        fail "the burst client failed (exit $status)"
    fi
    # Requests that failed inside the burst are counted below; the client says why.
    if [[ -s $WORK/$1.client.stderr ]]; then sed 's/^/  /' "$WORK/$1.client.stderr"; fi
}

burst_ok() { awk '!/^#/ && $1 == 200 { n++ } END { print n + 0 }' "$WORK/$1.out"; }
burst_wall_ms() { awk '$1 == "#" && $2 == "wall" { printf "%.0f\n", $3 * 1000 }' "$WORK/$1.out"; }
burst_connect_ms() { awk '$1 == "#" && $4 == "connect" { printf "%.0f\n", $5 * 1000 }' "$WORK/$1.out"; }
burst_caches() { # the X-Cache values seen, with counts: "MISS 999, HIT 1"
    awk '!/^#/ && $1 == 200 { n[$3]++ } END { for (c in n) printf "%s%s %d", (s++ ? ", " : ""), c, n[c]; print "" }' "$WORK/$1.out"
}
burst_percentile_ms() { # name percent: nearest rank over every request, failed ones included
    grep -v '^#' "$WORK/$1.out" | sort -g -k2 | awk -v p="$2" '{ v[NR] = $2 } END {
        if (NR == 0) { print "n/a"; exit }
        i = int(p / 100 * NR); if (i < p / 100 * NR) i++; if (i < 1) i = 1
        printf "%.1f\n", v[i] * 1000
    }'
}
# Like flag, for a figure that must equal its target.
exactly() { if meets "$1" "==" "$2"; then echo ""; else echo "BELOW TARGET"; fi; }
matches() { if [[ $1 == "$2" ]]; then echo ""; else echo "BELOW TARGET"; fi; }

# --- setup -------------------------------------------------------------------------------------

require wrk "install it with: apt-get install wrk (make bench does this)"
require curl "install it with: apt-get install curl"
require python3 "install it with: apt-get install python3"
require awk "install it with: apt-get install mawk"
require setsid "install it with: apt-get install util-linux"
require redis-server "install it with: apt-get install redis-server (make bench does this)"
require redis-cli "install it with: apt-get install redis-tools (redis-server depends on it)"
require_nginx
[[ -x $BIN ]] || fail "gottago binary not found or not executable: $BIN"
# The sample the route is golden-tested with: what OSRM answers, byte for byte.
samples=("$ROOT"/Routes/osrm-route/samples/*.json)
SAMPLE=${samples[0]}
[[ -f $SAMPLE ]] || fail "no recorded OSRM answer in $ROOT/Routes/osrm-route/samples/*.json"

# 1,000 client sockets in the burst client plus 1,000 in gottago: raised before starting either.
raise_open_files 2200 "1,000 connections"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gottago-bench.XXXXXX")
mkdir -p "$WORK/root"

start_listener UPSTREAM upstream python3 "$HERE/upstream_server.py" "$SAMPLE"
UPSTREAM_URL=http://127.0.0.1:$UPSTREAM_PORT

echo "upstream benchmark (test upstream answering a $(wc -c <"$SAMPLE")-byte OSRM route, loopback," \
    "--upstream max-concurrent=$CAP, a fresh gottago for each part)"

# --- 1: identical cold requests are coalesced into one upstream request --------------------------

start_gottago GOTTAGO gottago-identical memory
# Other coordinates first: what a process sets up on its first fetch is not part of the burst.
upstream_reset 0
fetch "$(route_url "$GOTTAGO_PORT" 7.43)" "$WORK/identical-first.xml" >/dev/null
upstream_reset "$IDENTICAL_DELAY_MS"
url=$(route_url "$GOTTAGO_PORT" 7.44)
for _ in $(seq "$IDENTICAL"); do echo "$url"; done >"$WORK/identical.urls"
run_burst identical
assert_alive GOTTAGO gottago-identical "the identical burst"
requests=$(upstream_stat requests)
ok=$(burst_ok identical)
p50=$(burst_percentile_ms identical 50)
p99=$(burst_percentile_ms identical 99)

echo
echo "coalescing: $IDENTICAL identical cold requests at once, upstream answering in $IDENTICAL_DELAY_MS ms"
printf '  upstream requests: %s  (target 1)  %s\n' "$requests" "$(exactly "$requests" 1)"
printf '  answered 200: %s of %s  (X-Cache: %s)  %s\n' "$ok" "$IDENTICAL" "$(burst_caches identical)" \
    "$(exactly "$ok" "$IDENTICAL")"
printf '  latency p50: %s ms   p99: %s ms  (target <= %s ms)  %s\n' "$p50" "$p99" "$TARGET_COALESCED_P99_MS" \
    "$(flag "$p99" "<=" "$TARGET_COALESCED_P99_MS")"
printf '  (connections opened first, in %s ms; a time runs from writing the request to its last byte)\n' \
    "$(burst_connect_ms identical)"
stop_gottago

# --- 2: distinct cold requests queue behind the per-upstream cap ---------------------------------

start_gottago GOTTAGO gottago-distinct memory
upstream_reset 0
fetch "$(route_url "$GOTTAGO_PORT" 7.43)" "$WORK/distinct-first.xml" >/dev/null
upstream_reset "$DISTINCT_DELAY_MS"
for i in $(seq "$DISTINCT"); do route_url "$GOTTAGO_PORT" "7.44$(printf '%03d' "$i")"; done >"$WORK/distinct.urls"
run_burst distinct
assert_alive GOTTAGO gottago-distinct "the distinct burst"
requests=$(upstream_stat requests)
in_flight=$(upstream_stat max_concurrent)
ok=$(burst_ok distinct)
wall=$(burst_wall_ms distinct)
waves=$(((DISTINCT + CAP - 1) / CAP))
ideal=$((waves * DISTINCT_DELAY_MS))
ratio=$(awk -v w="$wall" -v i="$ideal" 'BEGIN { printf "%.2f", w / i }')

echo
echo "concurrency cap: $DISTINCT distinct cold requests at once, upstream answering in $DISTINCT_DELAY_MS ms, max-concurrent=$CAP"
printf '  wall time: %s ms   ideal: %s ms = ceil(%s/%s) x %s ms   ratio: %s  (target <= %s)  %s\n' \
    "$wall" "$ideal" "$DISTINCT" "$CAP" "$DISTINCT_DELAY_MS" "$ratio" "$TARGET_CAP_RATIO" \
    "$(flag "$ratio" "<=" "$TARGET_CAP_RATIO")"
printf '  upstream requests: %s  (target %s)  %s\n' "$requests" "$DISTINCT" "$(exactly "$requests" "$DISTINCT")"
printf '  most upstream requests in flight: %s  (target <= %s)  %s\n' "$in_flight" "$CAP" "$(flag "$in_flight" "<=" "$CAP")"
printf '  answered 200: %s of %s  %s\n' "$ok" "$DISTINCT" "$(exactly "$ok" "$DISTINCT")"
stop_gottago

# --- 3: cache-hit throughput against nginx serving the same bytes --------------------------------

start_gottago GOTTAGO gottago-hit memory
upstream_reset 0
url=$(route_url "$GOTTAGO_PORT" 7.44)
first=$(fetch "$url" "$WORK/hit-first.xml")
second=$(fetch "$url" "$WORK/hit-second.xml")
[[ $second == HIT ]] ||
    fail "a repeated request was answered with X-Cache: $second (first: $first); the cache-hit run needs a HIT"
content_type=$(curl -sS --fail --max-time 10 -o "$WORK/root/result.xml" -w '%{content_type}' "$url") ||
    fail "GET $url failed"
[[ -s $WORK/root/result.xml ]] || fail "$url returned an empty body"
start_nginx result.xml "$content_type"

# Asks gottago once a second while wrk runs, so a run that stopped being all hits (an entry
# expiring mid-run, say) shows.
(
    while :; do
        curl -s --max-time 5 -o /dev/null -w '%header{x-cache}\n' "$url" >>"$WORK/hit-during.txt" || echo error >>"$WORK/hit-during.txt"
        sleep 1
    done
) &
SAMPLER_PID=$!

echo
echo "cache hits (wrk -t2 -c64 -d${SECONDS_PER_RUN}s, the $(wc -c <"$WORK/root/result.xml")-byte scraped XML, first X-Cache $first then $second, $ROUNDS rounds, medians)"
compare_throughput "$url" "$NGINX_URL/result.xml" assert_alive GOTTAGO gottago-hit "cache-hit run"
stop_pid "$SAMPLER_PID" "X-Cache sampler"
SAMPLER_PID=
during=$(awk '{ n[$1 == "" ? "none" : $1]++ } END { for (c in n) printf "%s%s %d", (s++ ? ", " : ""), c, n[c]; print "" }' "$WORK/hit-during.txt")

printf '  %-14s %10s %11s\n' "median of $ROUNDS" req/s "p99 ms"
printf '  %-14s %10s %11s\n' gottago "$G_RPS" "$G_P99"
printf '  %-14s %10s %11s\n' nginx "$N_RPS" "$N_P99"
printf '  ratio gottago/nginx: %s  (target >= %s)  %s\n' "$RATIO" "$TARGET_HIT_RATIO" "$(flag "$RATIO" ">=" "$TARGET_HIT_RATIO")"
all_hit="HIT $(wc -l <"$WORK/hit-during.txt")"
printf '  X-Cache, asked once a second during the runs: %s  (target: all HIT)  %s\n' "$during" "$(matches "$during" "$all_hit")"
report_wrk_errors wrk-gottago-1.txt wrk-nginx-1.txt
stop_gottago
stop_pid "$NGINX_PID" nginx group
NGINX_PID=

# --- 4: two instances sharing one Redis ----------------------------------------------------------

REDIS_PORT=$(free_port)
setsid redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$WORK" \
    >"$WORK/redis.log" 2>&1 &
REDIS_PID=$!
for _ in $(seq 100); do
    [[ $(redis-cli -p "$REDIS_PORT" ping 2>/dev/null) == PONG ]] && break
    if ! kill -0 "$REDIS_PID" 2>/dev/null; then
        tail -n 20 "$WORK/redis.log" >&2 || true
        REDIS_PID=
        fail "redis-server exited at startup"
    fi
    sleep 0.1
done
[[ $(redis-cli -p "$REDIS_PORT" ping 2>/dev/null) == PONG ]] || fail "redis-server did not answer PING within 10 s"

start_gottago GOTTAGO gottago-a "redis://127.0.0.1:$REDIS_PORT/0"
start_gottago GOTTAGO_B gottago-b "redis://127.0.0.1:$REDIS_PORT/0"
upstream_reset 0
a=$(fetch "$(route_url "$GOTTAGO_PORT" 7.44)" "$WORK/shared-a.xml")
b=$(fetch "$(route_url "$GOTTAGO_B_PORT" 7.44)" "$WORK/shared-b.xml")
requests=$(upstream_stat requests)

echo
echo "shared cache: instances A and B on one redis-server, the same request to A, then to B"
printf '  X-Cache from A: %s  (target MISS)  %s\n' "$a" "$(matches "$a" MISS)"
printf '  X-Cache from B: %s  (target HIT)  %s\n' "$b" "$(matches "$b" HIT)"
printf '  upstream requests: %s  (target 1)  %s\n' "$requests" "$(exactly "$requests" 1)"
cmp -s "$WORK/shared-a.xml" "$WORK/shared-b.xml" || echo "  A and B answered different bodies  BELOW TARGET"
