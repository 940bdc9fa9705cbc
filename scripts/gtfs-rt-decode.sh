#!/usr/bin/env bash
# Our protobuf decoder against Google's: every GTFS-Realtime sample the repository holds (the
# routes' samples and Tests/Fixtures/gtfs/*.pb) decoded by `gottago scrape ROUTE FILE --document`
# and by gtfs-realtime-bindings with protobuf (both pinned, from PyPI, in .build/gtfs-rt-venv);
# scripts/gtfs_rt_decode_check.py compares every field value of the two trees.
#
# Usage: bash scripts/gtfs-rt-decode.sh <path-to-gottago-binary>
# Exits with the check's status; 0 with a message, and nothing checked, when PyPI cannot be reached
# to install the library.
set -euo pipefail

BIN=${1:?usage: bash scripts/gtfs-rt-decode.sh <path-to-gottago-binary>}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV=$ROOT/.build/gtfs-rt-venv

# shellcheck source=scripts/sandbox-server.sh
source "$ROOT/scripts/sandbox-server.sh"
pinned_venv gtfs-rt-decode "$VENV" gtfs-realtime-bindings==3.0.0 protobuf==7.36.2 || exit 0

cd "$ROOT"
"$VENV/bin/python" scripts/gtfs_rt_decode_check.py "$BIN"
