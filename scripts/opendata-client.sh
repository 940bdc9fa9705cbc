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

# shellcheck source=scripts/sandbox-server.sh
source "$ROOT/scripts/sandbox-server.sh"
# The library's dependencies are pinned too, so that a new release of one cannot change a run.
pinned_venv opendata-client "$VENV" "python-opendata-transport==$CLIENT_VERSION" "aiohttp==$AIOHTTP_VERSION" \
    aiohappyeyeballs==2.7.1 aiosignal==1.4.0 attrs==26.1.0 frozenlist==1.8.0 idna==3.20 multidict==7.2.1 propcache==0.5.4 \
    typing_extensions==4.16.0 urllib3==2.8.0 yarl==1.25.1 || exit 0

work=$(mktemp -d /tmp/gottago-opendata-XXXXXX)
trap 'stop_sandbox; rm -rf "$work"' EXIT
serve_sandbox opendata-client "$BIN" "$ROOT/Routes" "$work"
port=$SANDBOX_PORT

"$VENV/bin/python" "$ROOT/scripts/opendata_client_check.py" "http://127.0.0.1:$port"
