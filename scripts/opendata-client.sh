#!/usr/bin/env bash
# The /v1 API as a transport.opendata.ch client sees it: python-opendata-transport (the client
# library Home Assistant's integration uses) with aiohttp, both pinned, from PyPI, in the venv
# .build/opendata-venv, pointed at a gottago started here on a free loopback port with its embedded
# defaults; scripts/opendata_client_check.py compares every value the library reads with the same
# server's /api/sbb answers. Then the server is stopped.
#
# Usage: bash scripts/opendata-client.sh <path-to-gottago-binary>
# Exits with the check's status; 0 with a message, and nothing checked, when PyPI cannot be reached
# to install the library.
set -euo pipefail

BIN=${1:?usage: bash scripts/opendata-client.sh <path-to-gottago-binary>}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV=$ROOT/.build/opendata-venv
CLIENT_VERSION=0.5.0
AIOHTTP_VERSION=3.14.5

installed=$("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("python-opendata-transport"), m.version("aiohttp"))' 2>/dev/null || true)
if [[ $installed != "$CLIENT_VERSION $AIOHTTP_VERSION" ]]; then
    rm -rf "$VENV"
    python3 -m venv "$VENV" || { echo "opendata-client: python3 -m venv failed; install python3-venv" >&2; exit 1; }
    # Their dependencies are pinned too, so that a new release of one cannot change a run.
    if ! "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "python-opendata-transport==$CLIENT_VERSION" \
        "aiohttp==$AIOHTTP_VERSION" aiohappyeyeballs==2.7.1 aiosignal==1.4.0 attrs==26.1.0 frozenlist==1.8.0 idna==3.20 \
        multidict==7.2.1 propcache==0.5.4 typing_extensions==4.16.0 urllib3==2.8.0 yarl==1.25.1; then
        echo "opendata-client: SKIPPED: python-opendata-transport $CLIENT_VERSION and aiohttp $AIOHTTP_VERSION could not be installed from PyPI" >&2
        rm -rf "$VENV"
        exit 0
    fi
fi

work=$(mktemp -d /tmp/gottago-opendata-XXXXXX)
pid=
stop() {
    [[ -n $pid ]] && { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
    rm -rf "$work"
}
trap stop EXIT

# The sandbox's clock starts at a weekday's midday in San Francisco: the same trains run whatever the hour.
"$BIN" serve --port 0 --routes "$ROOT/Routes" --data-dir "$work/data" --log-format off --sandbox-time 1796241600 \
    >"$work/out" 2>"$work/err" &
pid=$!
port=
for _ in $(seq 1 600); do
    port=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$work/out" | head -n 1)
    [[ -n $port ]] && curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/err" >&2; echo "opendata-client: gottago did not start" >&2; exit 1; }
    sleep 0.1
done
[[ -n $port ]] || { echo "opendata-client: gottago printed no port" >&2; exit 1; }

"$VENV/bin/python" "$ROOT/scripts/opendata_client_check.py" "http://127.0.0.1:$port"
