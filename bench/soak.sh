#!/usr/bin/env bash
# Soak test for `make soak` (not part of `make test` or CI): one release gottago whose upstreams
# are a second gottago's embedded sandbox, reached by origin as real upstreams are (so the soaked
# process holds no simulator), with 2% of the sandbox's answers failing (--sandbox-faults 2: 500,
# 503, a truncated or garbage body, an answer past the 10 s fetch timeout), under mixed traffic
# for SOAK_SECONDS after a warm-up, from bench/soak_client.py:
#   - at most SOAK_RATE requests a second (so that the client never queues them itself) of
#     every GET endpoint of /api/openapi.json, with example stations, BART stations and places
#     (so a new endpoint is soaked without editing anything), JSON and XML in turn, the route
#     weather as SSE too, every route of /api/routes, the page and its files, on SOAK_WORKERS
#     keep-alive connections;
#   - 5% bad requests (bad parameters, unknown stations and places, an overlong target, oversized
#     and garbled heads, too many header fields, bad and unknown methods, an unacceptable Accept),
#     each on its own connection: each must be answered with a 4xx;
#   - 200 slow clients: slowloris heads sent a byte a second (the head deadline must cut them),
#     and readers of big answers (4 KiB receive buffer, 512 bytes every 2 s).
# RSS and open files of the server are sampled every 5 s from /proc.
#
# Unexpected 5xx: any 500, and any other 5xx that the endpoint's own OpenAPI responses do not
# declare. The endpoints that call an upstream declare 502, 503 and 504 (what the sandbox's
# faults turn into), /readyz declares 503; /healthz, /api, the schemas, the page and the
# gazetteer-only ones declare none, so any 5xx there counts. A bad request answered with anything
# but a 4xx is counted apart.
#
# The warm-up is the same traffic, slow clients included. RSS and open files are compared at its
# end and at the run's end, each time 40 s after the clients closed their connections: longer than
# the 30 s between the server's trims of malloc's free pages, so that both are taken after one.
# Checks: RSS growth from the end of the warm-up to the end of the run <= 5%, beyond what the
# bounded caches hold (the memory cache and the kept rendered answers, as /metrics counts their
# bytes: they fill for as long as new queries come, up to their bounds); 0 unexpected 5xx;
# 0 bad requests without a 4xx; every slowloris head cut within the head deadline (+5 s); open
# files at the end (after the clients closed and the server let go of their connections)
# <= at the start (after the warm-up's clients closed) + FD_SLACK. A miss prints BELOW TARGET
# and the script exits 1.
#
# Usage: bash bench/soak.sh <path-to-gottago-binary>
# Env:   SOAK_SECONDS (default 1200) of measured traffic, SOAK_WARMUP_SECONDS (default 60, not
#        counted), SOAK_WORKERS (default 32) keep-alive connections, SOAK_SLOW_CLIENTS (default
#        200), SOAK_RATE (default 400) requests a second at most, SOAK_BAD_PERCENT (default 5), SOAK_FAULTS (default 2) percent of sandbox answers
#        failing, SOAK_SERVE_ARGS further `gottago serve` options (say `--cache-size 8`), BENCH_KEEP=1 keeps the temp dir (server log, samples of RSS and open files).
set -euo pipefail

BIN=${1:?usage: bash bench/soak.sh <path-to-gottago-binary>}
SOAK_SECONDS=${SOAK_SECONDS:-1200}
WARMUP_SECONDS=${SOAK_WARMUP_SECONDS:-60}
WORKERS=${SOAK_WORKERS:-32}
RATE=${SOAK_RATE:-400}
SLOW_CLIENTS=${SOAK_SLOW_CLIENTS:-200}
BAD_PERCENT=${SOAK_BAD_PERCENT:-5}
FAULTS=${SOAK_FAULTS:-2}
HEADER_TIMEOUT=10
read -r -a SERVE_ARGS <<<"${SOAK_SERVE_ARGS:-}"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/common.sh
source "$HERE/common.sh"

TARGET_RSS_GROWTH=5 # percent, end of the run against the end of the warm-up
FD_SLACK=8          # open files the end may have over the start

GOTTAGO_PID=
UPSTREAMS_PID=
CLIENT_PID=

bench_stop() {
    stop_pid "$CLIENT_PID" "soak client"
    stop_pid "$GOTTAGO_PID" gottago group
    stop_pid "$UPSTREAMS_PID" "upstreams' gottago" group
}

require python3 "install it with: apt-get install python3"
require curl "install it with: apt-get install curl"
require setsid "install it with: apt-get install util-linux"
[[ -x $BIN ]] || fail "gottago binary not found or not executable: $BIN"
[[ -d /proc/self/fd ]] || fail "/proc is needed to sample the server's memory and open files"

raise_open_files 4096 "the soak's connections"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gottago-soak.XXXXXX")

# The upstreams are another process: a gottago whose embedded sandbox answers every upstream (its
# own service is not asked), with the faults, its clock at a weekday's midday in San Francisco (so
# the same trains run whatever the hour). The soaked gottago reaches it by origin, as it would reach
# the real upstreams, so its memory is the service's alone; each upstream's politeness is the one
# the embedded sandbox gets there (it needs no sparing), as /api/upstreams reports it, and without
# daily quotas, as the embedded sandbox has none. The access log goes to a file (part of the
# steady state).
start_listener UPSTREAMS upstreams "$BIN" serve --host 127.0.0.1 --port 0 --routes "$HERE/../Routes" \
    --data-dir "$WORK/upstreams-data" --sandbox-faults "$FAULTS" --sandbox-time 1796241600
# The upstreams the defaults use, and where: those the upstreams' gottago sends to its sandbox.
UPSTREAMS_URL=http://127.0.0.1:$UPSTREAMS_PORT
SIMULATED=$(curl -fs --max-time 10 -H 'Accept: application/json' "$UPSTREAMS_URL/api/upstreams" |
    python3 -c '
import json, sys
for u in json.load(sys.stdin)["upstreams"]:
    if u["origin"]["kind"] == "sandbox":
        p = u["politeness"]
        print(u["name"], u["origin"]["hosts"][0], p["max_concurrent"], p["rate"], p["burst"])') ||
    fail "could not read the simulated upstreams from $UPSTREAMS_URL/api/upstreams"
[[ -n $SIMULATED ]] || fail "the upstreams' gottago simulates no upstream"
SANDBOX=
UPSTREAM_SETTINGS=
while read -r name host concurrent rate burst; do
    SANDBOX=${SANDBOX:-http://$host}
    UPSTREAM_SETTINGS+="$name origin=http://$host max-concurrent=$concurrent rate=$rate burst=$burst daily-quotas=off;"
done <<<"$SIMULATED"
start_listener GOTTAGO gottago "$BIN" serve --host 127.0.0.1 --port 0 --routes "$HERE/../Routes" \
    --data-dir "$WORK/data" --upstream "$UPSTREAM_SETTINGS" --contact soak@localhost \
    --header-timeout "$HEADER_TIMEOUT" --max-connections 4096 --max-connections-per-ip 4096 "${SERVE_ARGS[@]}"
URL=http://127.0.0.1:$GOTTAGO_PORT
for _ in $(seq 600); do
    curl -fs --max-time 2 "$URL/readyz" >/dev/null 2>&1 && break
    kill -0 "$GOTTAGO_PID" 2>/dev/null || { tail -n 20 "$WORK/gottago.stderr" >&2; GOTTAGO_PID=; fail "gottago exited at startup"; }
    sleep 0.1
done
curl -fs --max-time 2 "$URL/readyz" >/dev/null || fail "gottago was not ready within 60 s"

echo "soak: gottago pid $GOTTAGO_PID at $URL, upstreams at $SANDBOX with $FAULTS% faults, $WORKERS workers (at most $RATE requests/s), $SLOW_CLIENTS slow clients,"
echo "      $BAD_PERCENT% bad requests, $WARMUP_SECONDS s warm-up, $SOAK_SECONDS s measured ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"

python3 "$HERE/soak_client.py" "$URL" "$GOTTAGO_PID" --seconds "$SOAK_SECONDS" --warmup "$WARMUP_SECONDS" \
    --workers "$WORKERS" --rate "$RATE" --slow-clients "$SLOW_CLIENTS" --bad-percent "$BAD_PERCENT" \
    --header-timeout "$HEADER_TIMEOUT" --settle 40 --report "$WORK/figures" &
CLIENT_PID=$!
status=0
wait "$CLIENT_PID" || status=$?
CLIENT_PID=
((status == 0)) || fail "the soak client failed (exit $status)"
kill -0 "$GOTTAGO_PID" 2>/dev/null || { tail -n 20 "$WORK/gottago.stderr" >&2; GOTTAGO_PID=; fail "gottago exited during the soak"; }

# shellcheck disable=SC1091 # written by the client
source "$WORK/figures"
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
check() { # value op limit
    local verdict
    verdict=$(flag "$@")
    echo "${verdict:-ok}"
}

growth_check=$(check "$BEYOND_GROWTH" "<=" "$TARGET_RSS_GROWTH")
fd_check=$(check "$FDS_END" "<=" "$((FDS_START + FD_SLACK))")
errors_check=$(check "$UNEXPECTED_5XX" "==" 0)
bad_check=$(check "$BAD_NOT_4XX" "==" 0)
loris_check=$(check "$SLOWLORIS_NOT_CUT" "==" 0)
echo
echo "soak summary ($REQUESTS requests in $SOAK_SECONDS s):"
printf '  RSS after the warm-up %s MiB, after the run %s MiB (both once the clients closed): growth %s%%\n' \
    "$(mib "$RSS_START_KIB")" "$(mib "$RSS_END_KIB")" "$RSS_GROWTH"
printf '  of which the bounded caches hold %s MiB, then %s MiB; growth beyond them %s%% (target <= %s%%)  %s\n' \
    "$(mib "$HELD_START_KIB")" "$(mib "$HELD_END_KIB")" "$BEYOND_GROWTH" "$TARGET_RSS_GROWTH" "$growth_check"
printf '  peak RSS %s MiB\n' "$(mib "$RSS_PEAK_KIB")"
printf '  open files at the start %s, at the end %s (peak %s; target <= start + %s)  %s\n' \
    "$FDS_START" "$FDS_END" "$FDS_PEAK" "$FD_SLACK" "$fd_check"
printf '  unexpected 5xx: %s (target 0)  %s\n' "$UNEXPECTED_5XX" "$errors_check"
printf '  bad requests answered without a 4xx: %s (target 0)  %s\n' "$BAD_NOT_4XX" "$bad_check"
printf '  slowloris heads not cut within %s s: %s (target 0)  %s\n' "$((HEADER_TIMEOUT + 5))" "$SLOWLORIS_NOT_CUT" "$loris_check"
printf '  client-side failures (connection errors, %s s timeouts): %s; endpoints not soaked: %s\n' 60 "$FAILURES" "$SKIPPED"
if [[ $growth_check != ok || $fd_check != ok || $errors_check != ok || $bad_check != ok || $loris_check != ok ]]; then
    echo "soak: BELOW TARGET" >&2
    exit 1
fi
