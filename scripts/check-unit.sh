#!/usr/bin/env bash
# Checks Deploy/gottago.service:
# 1. `systemd-analyze security --offline=true`: the exposure must be at most 2.0 (printed);
# 2. `systemd-analyze verify`, with ExecStart pointed at the binary given;
# 3. gottago itself under the unit's system call filter, MemoryDenyWriteExecute= and
#    RestrictAddressFamilies= (scripts/unit_sandbox.py, through libseccomp), as the user nobody
#    without capabilities when run as root: it must start, answer a request of every kind
#    (timetable, departures, weather along a route, geocoding, a route file, metrics) and stop on
#    SIGTERM with status 0. systemd is not PID 1 here, so `systemd-run -p …` cannot do this.
#
# Usage: bash scripts/check-unit.sh [path-to-gottago-binary]
# Without systemd-analyze it says so and exits 0; without a binary, python3 or libseccomp it does
# steps 1 (and 2 when it can) only.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
UNIT=$ROOT/Deploy/gottago.service
BIN=${1:-}
MAX_EXPOSURE=20   # tenths, as systemd-analyze's --threshold counts them: 2.0

if ! command -v systemd-analyze >/dev/null; then
    echo "check-unit: SKIPPED: systemd-analyze is not installed"
    exit 0
fi

work=$(mktemp -d /tmp/gottago-unit-XXXXXX)
pid=
stop() {
    [[ -n $pid ]] && { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
    rm -rf "$work"
}
trap stop EXIT

# 1. The exposure.
status=0
systemd-analyze security --offline=true --threshold=$MAX_EXPOSURE "$UNIT" >"$work/security" 2>&1 || status=$?
overall=$(grep -o 'Overall exposure level for gottago.service: [0-9.]*' "$work/security" || true)
if [[ -z $overall ]]; then
    cat "$work/security" >&2
    echo "check-unit: systemd-analyze security gave no exposure level" >&2
    exit 1
fi
echo "check-unit: ${overall#Overall }"
if [[ $status -ne 0 ]]; then
    grep '✗' "$work/security" >&2 || true
    echo "check-unit: the unit's exposure is over 2.0" >&2
    exit 1
fi

[[ -n $BIN ]] || { echo "check-unit: no binary given: the unit was not run"; exit 0; }
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

# 2. The unit as systemd reads it, starting this binary.
sed "s|^ExecStart=/usr/local/bin/gottago |ExecStart=$BIN |" "$UNIT" >"$work/gottago.service"
systemd-analyze verify "$work/gottago.service"
echo "check-unit: systemd-analyze verify: ok"

# 3. gottago under the unit's filters.
PYTHON=/usr/bin/python3
if [[ ! -x $PYTHON ]] || ! "$PYTHON" -c 'import ctypes; ctypes.CDLL("libseccomp.so.2")' 2>/dev/null; then
    echo "check-unit: SKIPPED running gottago under the unit's filters: needs /usr/bin/python3 and libseccomp2"
    exit 0
fi
mkdir "$work/data"
chmod 755 "$work"
as=()
if [[ $(id -u) -eq 0 ]] && command -v setpriv >/dev/null; then
    chown nobody "$work/data"
    as=(setpriv --reuid=nobody --regid=nogroup --clear-groups --inh-caps=-all --bounding-set=-all)
fi
# The files exist before the loop reads them, whenever the background job gets to open them.
: >"$work/out"
: >"$work/err"
"${as[@]}" "$PYTHON" "$ROOT/scripts/unit_sandbox.py" "$work/gottago.service" \
    "$BIN" serve --port 0 --routes "$ROOT/Routes" --data-dir "$work/data" --log-format off --sandbox-time 1796241600 \
    >"$work/out" 2>"$work/err" &
pid=$!
port=
for _ in $(seq 1 1200); do
    port=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$work/out" | head -n 1)
    [[ -n $port ]] && curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/err" >&2; echo "check-unit: gottago did not start under the unit's filters" >&2; exit 1; }
    sleep 0.1
done
[[ -n $port ]] || { cat "$work/err" >&2; echo "check-unit: gottago printed no port" >&2; exit 1; }
head -n 1 "$work/err"

failed=0
for target in /healthz /readyz /metrics /api/upstreams \
    '/api/sbb/from/Bern;Thun/to/Z%C3%BCrich%20HB.xml' '/api/sbb/stationboard/Bern' '/v1/connections?from=Bern&to=Thun' \
    '/api/bart/nearby?lat=37.79&lon=-122.4' '/api/weather/route/from/Bethesda,%20MD/to/90210?day=1' \
    '/api/weather?q=Bern' '/api/geocode?q=Bern' \
    '/api/routes/osrm-route/result.json?from_lon=7.44&from_lat=46.95&to_lon=8.54&to_lat=47.37'; do
    code=$(curl -s --compressed -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$target" || true)
    if [[ $code != 200 ]]; then
        echo "check-unit: $target answered $code under the unit's filters" >&2
        failed=1
    fi
done
kill -TERM "$pid"
exit_status=0
wait "$pid" || exit_status=$?
pid=
if [[ $failed -ne 0 || $exit_status -ne 0 ]]; then
    cat "$work/err" >&2
    echo "check-unit: gottago under the unit's filters failed (exit status $exit_status)" >&2
    exit 1
fi
echo "check-unit: gottago answered every kind of request and stopped cleanly under the unit's filters"
