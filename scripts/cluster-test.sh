#!/usr/bin/env bash
# The cluster test (`make cluster-test`, and `make test`): the deployment of scripts/cluster.sh
# (redis-server, 3 instances, nginx with Deploy/nginx-frontend.conf) tested through nginx:
# request ids, private admin views, shared single flight, shared cache, event streams arriving
# event by event, an instance killed under load, a rolling restart under load, Redis killed under
# load. Each check prints one PASS or FAIL line with its figures; the script exits 1 on any FAIL.
#
# Every instance sends transport.opendata.ch's requests (`opendata` upstream) to a loopback test
# upstream that counts them (bench/upstream_server.py, answering the recorded
# Routes/opendata-locations/samples/sandbox-bern.json), and its embedded sandbox answers after
# 200 ms (--sandbox-latency 200), so that an event stream's events are far apart.
#
# Usage: bash scripts/cluster-test.sh <path-to-gottago-binary>
# Env:   CLUSTER_LOAD_SECONDS (default 20): the wrk run during which an instance is killed;
#        CLUSTER_KEEP=1 keeps the folder (logs, nginx's access log) for inspection.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/cluster.sh
source "$HERE/cluster.sh"
# A wait that runs out or a process that fails to start ends the test as a failure too.
cluster_fail() {
    echo "FAIL cluster-test: $*" >&2
    exit 1
}

BIN=${1:?usage: bash scripts/cluster-test.sh <path-to-gottago-binary>}
LOAD_SECONDS=${CLUSTER_LOAD_SECONDS:-20}
SANDBOX_LATENCY_MS=200
BURST=300
BURST_DELAY_MS=300
SAMPLE=$CLUSTER_ROOT/Routes/opendata-locations/samples/sandbox-bern.json
UPSTREAM_PID=
UPSTREAM_URL=
WRK_PID=
FAILED=0

command -v wrk >/dev/null || cluster_fail "wrk not found (apt-get install wrk)"
[[ -f $SAMPLE ]] || cluster_fail "missing $SAMPLE"

test_stop() {
    [[ -n $WRK_PID ]] && { kill -KILL "$WRK_PID" 2>/dev/null || true; wait "$WRK_PID" 2>/dev/null || true; }
    cluster_stop_pid "$UPSTREAM_PID"
    cluster_stop
}
trap test_stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

verdict() { # ok(0/1) name figures
    if [[ $1 == 0 ]]; then
        echo "PASS $2: $3"
    else
        echo "FAIL $2: $3"
        FAILED=1
    fi
}

log_lines() { wc -l <"$CLUSTER_DIR/nginx/access.log"; }
# Lines of nginx's access log after line FROM whose instance was PORT (the last attempt).
log_served_by() { # from port
    tail -n +"$(($1 + 1))" "$CLUSTER_DIR/nginx/access.log" | grep -c "upstream=\[[^]]*127\.0\.0\.1:$2\]" || true
}
log_grows_by() { # from count
    (($(log_lines) >= $1 + $2))
}
# The instance that answered the request with id ID, from nginx's access log (the last attempt).
served_by() { # id
    local line
    line=$(grep " id=$1 " "$CLUSTER_DIR/nginx/access.log" | tail -n 1)
    [[ $line =~ upstream=\[([^]]*, )?127\.0\.0\.1:([0-9]+)\] ]] && echo "${BASH_REMATCH[2]}"
}
logged() { grep -q " id=$1 " "$CLUSTER_DIR/nginx/access.log"; }

upstream_requests() {
    curl -fsS --max-time 5 "$UPSTREAM_URL/__stats" | sed -n 's/.*"requests": *\([0-9]*\).*/\1/p'
}
upstream_reset() { curl -fsS --max-time 5 -o /dev/null "$UPSTREAM_URL/__reset?delay_ms=$1"; }

# GET through nginx with a request id; prints "STATUS X-CACHE".
get() { # url id [curl options...]
    local url=$1 id=$2
    shift 2
    curl -sS --max-time 30 -o /dev/null -H "X-Request-Id: $id" -w '%{http_code} %header{x-cache}' "$@" "$url"
}

# wrk in the background on the warm URL; long runs are ended with SIGINT, which makes wrk stop and
# print its summary. --timeout 10s: a slow answer on this shared machine is not a failure.
start_wrk() { # seconds output
    wrk -t2 -c32 -d"$1s" --timeout 10s "$LOAD_URL" >"$2" 2>&1 &
    WRK_PID=$!
}
end_wrk() { # [int]
    [[ ${1:-} == int ]] && kill -INT "$WRK_PID" 2>/dev/null
    wait "$WRK_PID" || true
    WRK_PID=
}
# "requests non2xx socket-errors" from wrk's output; socket errors summed.
wrk_figures() { # file
    awk '/requests in/ { r = $1 } /Non-2xx or 3xx responses:/ { n = $NF }
         /Socket errors:/ { gsub(/,/, ""); e = $4 + $6 + $8 + $10 }
         END { printf "%d %d %d\n", r, n, e }' "$1"
}
retried_since() { # from
    tail -n +"$(($1 + 1))" "$CLUSTER_DIR/nginx/access.log" | grep -c 'upstream_status=\[[^]]*,' || true
}

readyz_cache() { # i
    curl -s --max-time 3 -H 'Accept: application/json' "http://127.0.0.1:${CLUSTER_PORTS[$1]}/readyz" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["ready"]["cache"]["status"])' 2>/dev/null || echo unknown
}
cache_is() { [[ $(readyz_cache "$1") == "$2" ]]; }
elapsed_ms() { echo $((($(date +%s%N) - $1) / 1000000)); }

# --- start --------------------------------------------------------------------------------------

UPSTREAM_OUT=$(mktemp "${TMPDIR:-/tmp}/gottago-cluster-upstream-XXXXXX")
setsid python3 "$CLUSTER_ROOT/bench/upstream_server.py" "$SAMPLE" --path /v1/locations >"$UPSTREAM_OUT" 2>&1 &
UPSTREAM_PID=$!
upstream_listening() { grep -q '^listening on http://127\.0\.0\.1:[0-9]*$' "$UPSTREAM_OUT"; }
cluster_wait_for 30 "the test upstream listening" upstream_listening
UPSTREAM_URL=$(sed -n 's|^listening on \(http://127\.0\.0\.1:[0-9]*\)$|\1|p' "$UPSTREAM_OUT")
rm -f "$UPSTREAM_OUT"

# BART's upstream (unused otherwise) at a port nobody listens on: an upstream that refuses connections.
CLOSED_PORT=$(cluster_free_port)
CLUSTER_RESERVED_PORTS=("$CLOSED_PORT")
cluster_init "$BIN" --upstream "opendata origin=$UPSTREAM_URL" --upstream "bart origin=http://127.0.0.1:$CLOSED_PORT" \
    --sandbox-latency "$SANDBOX_LATENCY_MS"
cluster_start
echo "cluster: nginx $CLUSTER_URL, instances ${CLUSTER_PORTS[*]:1}, redis-server $CLUSTER_REDIS_PORT, test upstream $UPSTREAM_URL"

LOCATIONS=$CLUSTER_URL/api/routes/opendata-locations/result

# --- request ids and admin views ----------------------------------------------------------------

out=$(curl -sS --max-time 10 -o /dev/null -D - -H 'X-Request-Id: cluster-test.1' "$CLUSTER_URL/healthz" | tr -d '\r' |
    sed -n 's/^X-Request-Id: //Ip')
cluster_wait_for 10 "nginx's log line for cluster-test.1" logged cluster-test.1
own=$(curl -sS --max-time 10 -o /dev/null -D - "$CLUSTER_URL/healthz" | tr -d '\r' | sed -n 's/^X-Request-Id: //Ip')
# An id gottago would not keep (a space, a colon) is replaced by nginx's, so that the logs agree.
bad=$(curl -sS --max-time 10 -o /dev/null -D - -H 'X-Request-Id: no good:id' "$CLUSTER_URL/healthz" | tr -d '\r' |
    sed -n 's/^X-Request-Id: //Ip')
ok=1
[[ $out == cluster-test.1 && $own =~ ^[0-9a-f]{32}$ && $bad =~ ^[0-9a-f]{32}$ ]] &&
    cluster_wait_for 10 "nginx's log line for $own" logged "$own" && cluster_wait_for 10 "nginx's log line for $bad" logged "$bad" && ok=0
verdict $ok "request ids" "client's id kept end to end ($out), nginx's own id without one ($own) or for one gottago would refuse ($bad), each in nginx's log"

figures=
ok=0
for path in /metrics /api/upstreams /api/upstreams.json /api/%75pstreams; do
    local_status=$(curl -s --max-time 10 -o /dev/null -w '%{http_code}' "$CLUSTER_URL$path")
    other_status=$(curl -s --max-time 10 --interface 127.0.0.2 -o /dev/null -w '%{http_code}' "$CLUSTER_URL$path")
    figures+="$path $local_status/$other_status, "
    # gottago routes no percent-encoded path to /api/upstreams; nginx's decoded match still hides it.
    [[ $path == */%75* ]] && { [[ $other_status == 404 ]] || ok=1; continue; }
    [[ $local_status == 200 && $other_status == 404 ]] || ok=1
done
verdict $ok "admin views" "from 127.0.0.1 / from 127.0.0.2: ${figures%, } (want 200/404)"

# --- a failing upstream takes no instance out ------------------------------------------------------

# gottago's own 502/503 for a broken upstream are retried on another instance (proxy_next_upstream)
# but must not make nginx take instances out of its rotation: everything else keeps being answered.
statuses=
for k in $(seq 6); do
    statuses+="$(curl -s --max-time 30 -o /dev/null -w '%{http_code}' "$CLUSTER_URL/api/routes/bart-etd/result?orig=EMB$k") "
done
health=
for _ in $(seq 6); do
    health+="$(curl -s --max-time 10 -o /dev/null -w '%{http_code}' "$CLUSTER_URL/healthz") "
done
ok=1
[[ $statuses =~ ^((502|503|504)\ ){6}$ && $health == "200 200 200 200 200 200 " ]] && ok=0
verdict $ok "failing upstream" "6 requests to a route whose upstream refuses connections: ${statuses% }; then /healthz through nginx: ${health% } (want all 200: no instance taken out)"

# --- shared single flight -----------------------------------------------------------------------

upstream_reset "$BURST_DELAY_MS"
from=$(log_lines)
burst_url="$LOCATIONS?query=SingleFlight"
for _ in $(seq "$BURST"); do echo "$burst_url"; done >"$CLUSTER_DIR/burst.urls"
python3 "$CLUSTER_ROOT/bench/upstream_client.py" --timeout 60 "$CLUSTER_DIR/burst.urls" >"$CLUSTER_DIR/burst.out"
answered=$(grep -c '^200 ' "$CLUSTER_DIR/burst.out" || true)
caches=$(awk '/^[0-9]/ { n[$3]++ } END { for (c in n) printf "%s %d ", c, n[c] }' "$CLUSTER_DIR/burst.out")
cluster_wait_for 30 "nginx's log of the burst" log_grows_by "$from" "$BURST"
spread=
spread_ok=0
for i in $(seq "$CLUSTER_SIZE"); do
    n=$(log_served_by "$from" "${CLUSTER_PORTS[i]}")
    spread+="$n/"
    ((n > 0)) || spread_ok=1
done
requests=$(upstream_requests)
ok=1
[[ $requests == 1 && $answered == "$BURST" && $spread_ok == 0 ]] && ok=0
verdict $ok "shared single flight" "$BURST identical cold requests (upstream answering in $BURST_DELAY_MS ms): $answered answered 200 (X-Cache ${caches% }), by the instances ${spread%/}, upstream requests $requests (want 1)"

# --- shared cache --------------------------------------------------------------------------------

upstream_reset 0
shared_url="$LOCATIONS?query=SharedCache"
first=$(get "$shared_url" shared-1)
cluster_wait_for 10 "nginx's log line for shared-1" logged shared-1
first_port=$(served_by shared-1)
second=none
second_port=$first_port
for k in $(seq 10); do
    second=$(get "$shared_url" "shared-2-$k")
    cluster_wait_for 10 "nginx's log line for shared-2-$k" logged "shared-2-$k"
    second_port=$(served_by "shared-2-$k")
    [[ $second_port != "$first_port" ]] && break
done
requests=$(upstream_requests)
ok=1
[[ $first == "200 MISS" && $second == "200 HIT" && $second_port != "$first_port" && $requests == 1 ]] && ok=0
verdict $ok "shared cache" "first request $first on :$first_port, then $second on :$second_port (another instance), upstream requests $requests"

# --- SSE through nginx ---------------------------------------------------------------------------

sse_url="$CLUSTER_URL/api/weather/route/from/Bethesda,%20MD/to/90210?day=1"
python3 "$HERE/sse_timeline.py" --timeout 120 "$sse_url" >"$CLUSTER_DIR/sse.json" || true
sse=$(python3 - "$CLUSTER_DIR/sse.json" "$SANDBOX_LATENCY_MS" <<'PY'
import json, sys
try:
    data = json.load(open(sys.argv[1]))
except (OSError, ValueError):
    print("1 no stream read"); sys.exit()
latency = float(sys.argv[2])
events = data["events"]
names = [e[1].split(":")[0] for e in events]
first = next((e for e in events if e[1].startswith("progress")), None)
done = next((e for e in events if e[1] == "done"), None)
ok = (data["status"] == 200 and data["content_type"].startswith("text/event-stream") and first and done
      and names[0] == "progress" and names[-1] == "done")
# As written, the first progress event (geocoding) comes at least two upstream answers (the
# directions, then the weather, each >= the sandbox's latency) before the end; held back by a
# proxy until the end, every event arrives together.
gap = done[0] - first[0] if ok else 0
ok = ok and gap >= 2 * latency and len({e[2] for e in events}) >= 3
places = names.count("place")
summary = (f"status {data['status']}, {len(events)} events ({names.count('progress')} progress, {places} place) in "
           f"{data['reads']} reads; first progress at {first[0] if first else '-'} ms, done at {done[0] if done else '-'} ms, "
           f"{gap:.0f} ms apart (want >= {2 * latency:.0f}: two upstream answers of the sandbox's {latency:.0f} ms)")
print(("0 " if ok else "1 ") + summary)
PY
)
verdict "${sse%% *}" "SSE through nginx" "${sse#* }"

# --- an instance dies ----------------------------------------------------------------------------

LOAD_URL="$LOCATIONS?query=Load"
curl -fsS --max-time 30 -o /dev/null "$LOAD_URL" || cluster_fail "GET $LOAD_URL failed"
from=$(log_lines)
start_wrk "$LOAD_SECONDS" "$CLUSTER_DIR/wrk-kill.txt"
# Killed once the run is well under way (500 requests answered), not after a fixed time.
cluster_wait_for 60 "500 requests through nginx" log_grows_by "$from" 500
killed_at=$(log_lines)
victim=$CLUSTER_SIZE
# In braces, so that bash's "Killed" notice goes to /dev/null too.
{ kill -KILL "${CLUSTER_PIDS[victim]}"; wait "${CLUSTER_PIDS[victim]}"; } 2>/dev/null || true
CLUSTER_PIDS[victim]=
running=1
kill -0 "$WRK_PID" 2>/dev/null && running=0
end_wrk
read -r total non2xx errors < <(wrk_figures "$CLUSTER_DIR/wrk-kill.txt")
after=$(($(log_lines) - killed_at))
retried=$(retried_since "$from")
ok=1
[[ $running == 0 && $total -gt 0 && $non2xx == 0 && $errors == 0 ]] && ok=0
verdict $ok "an instance dies" "kill -9 of instance $victim during a ${LOAD_SECONDS} s wrk run (-c32), $((killed_at - from)) requests into it: $total requests, $non2xx non-2xx, $errors socket errors; $after answered after the kill, $retried retried by nginx on another instance"
cluster_start_instance "$victim"
cluster_wait_ready "$victim"

# --- rolling restart ------------------------------------------------------------------------------

# Back in nginx's rotation: it answered a request through nginx since line FROM.
serves_again() { (($(log_served_by "$1" "${CLUSTER_PORTS[$2]}") > 0)); }
from=$(log_lines)
start_wrk 600 "$CLUSTER_DIR/wrk-rolling.txt"
cluster_wait_for 60 "200 requests through nginx" log_grows_by "$from" 200
figures=
ok=0
exits=0
crashes=
for i in $(seq "$CLUSTER_SIZE"); do
    pid=${CLUSTER_PIDS[i]}
    started=$(date +%s%N)
    kill -TERM "$pid"
    gone() { ! kill -0 "$1" 2>/dev/null; }
    cluster_wait_for 30 "instance $i exiting after SIGTERM" gone "$pid"
    status=0
    wait "$pid" || status=$?
    drained=$(elapsed_ms "$started")
    if ((status != 0)); then
        exits=1
        crashes+=" instance $i: $(grep -m 1 -E 'Fatal error|Program crashed' "$CLUSTER_DIR/inst-$i.log" || echo "exit $status")"
    fi
    mark=$(log_lines)
    cluster_start_instance "$i"
    cluster_wait_ready "$i"
    # Only then the next one, so that two instances are never out at once.
    cluster_wait_for 30 "instance $i answering through nginx again" serves_again "$mark" "$i"
    figures+="$i: exit $status after $drained ms, back in $(elapsed_ms "$started") ms; "
done
running=1
kill -0 "$WRK_PID" 2>/dev/null && running=0
end_wrk int
read -r total non2xx errors < <(wrk_figures "$CLUSTER_DIR/wrk-rolling.txt")
retried=$(retried_since "$from")
[[ $running == 0 && $total -gt 0 && $non2xx == 0 && $errors == 0 ]] || ok=1
verdict $ok "rolling restart" "SIGTERM, restart, /readyz, back in nginx's rotation, one instance after another under wrk -c32 ($figures$total requests, $non2xx non-2xx, $errors socket errors, $retried retried by nginx)"
# Clients saw nothing of it, but an instance that does not exit 0 on SIGTERM (a crash while
# draining) is a failure of its own: systemd would log it as one.
verdict $exits "clean shutdown under load" "each instance exits 0 after SIGTERM during the rolling restart${crashes:+:}${crashes}"

# --- Redis dies ----------------------------------------------------------------------------------

from=$(log_lines)
start_wrk 600 "$CLUSTER_DIR/wrk-redis.txt"
cluster_wait_for 60 "200 requests through nginx" log_grows_by "$from" 200
before=$(readyz_cache 1)
started=$(date +%s%N)
{ kill -KILL "$CLUSTER_REDIS_PID"; wait "$CLUSTER_REDIS_PID"; } 2>/dev/null || true
CLUSTER_REDIS_PID=
cluster_wait_for 60 "/readyz of instance 1 saying degraded" cache_is 1 degraded
degraded_ms=$(elapsed_ms "$started")
mark=$(log_lines)
cluster_wait_for 60 "200 requests through nginx with Redis away" log_grows_by "$mark" 200
down_status=$(get "$LOAD_URL" redis-down)
started=$(date +%s%N)
cluster_start_redis
cluster_wait_for 60 "/readyz of instance 1 saying ok" cache_is 1 ok
ok_ms=$(elapsed_ms "$started")
running=1
kill -0 "$WRK_PID" 2>/dev/null && running=0
end_wrk int
read -r total non2xx errors < <(wrk_figures "$CLUSTER_DIR/wrk-redis.txt")
ok=1
[[ $before == ok && $running == 0 && $total -gt 0 && $non2xx == 0 && $errors == 0 && $down_status == 200* ]] && ok=0
verdict $ok "Redis dies" "SIGKILL of redis-server under wrk -c32: /readyz cache $before, degraded $degraded_ms ms after the kill (a request then: $down_status), ok $ok_ms ms after Redis restarted on its port; $total requests, $non2xx non-2xx, $errors socket errors"

if ((FAILED)); then
    echo "cluster-test: FAILED (CLUSTER_KEEP=1 keeps the logs)"
    exit 1
fi
echo "cluster-test: all passed"
