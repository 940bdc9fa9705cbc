#!/usr/bin/env bash
# The public API against its own OpenAPI document, as a third-party developer would check it:
# openapi-spec-validator checks that /api/openapi.json is valid OpenAPI 3.1, then schemathesis
# runs every check on every operation of it, both pinned, from PyPI, in the venv
# .build/contract-venv, against a gottago started here on a free loopback port with its embedded
# defaults; then the server is stopped.
#
# Usage: bash scripts/api-contract.sh <path-to-gottago-binary> [extra schemathesis arguments]
# Exits with schemathesis's status; 0 with a message, and nothing checked, when PyPI cannot be
# reached to install it.
set -euo pipefail

BIN=${1:?usage: bash scripts/api-contract.sh <path-to-gottago-binary>}
shift
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV=$ROOT/.build/contract-venv
SCHEMATHESIS_VERSION=4.32.5
VALIDATOR_VERSION=0.7.2
EXAMPLES=${CONTRACT_EXAMPLES:-30}

installed=$("$VENV/bin/schemathesis" --version 2>/dev/null || true)
installed+=" validator $("$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("openapi-spec-validator"))' 2>/dev/null || true)"
if [[ $installed != *"$SCHEMATHESIS_VERSION"* || $installed != *"validator $VALIDATOR_VERSION"* ]]; then
    rm -rf "$VENV"
    python3 -m venv "$VENV" || { echo "api-contract: python3 -m venv failed; install python3-venv" >&2; exit 1; }
    if ! "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION" "openapi-spec-validator==$VALIDATOR_VERSION"; then
        echo "api-contract: SKIPPED: schemathesis $SCHEMATHESIS_VERSION and openapi-spec-validator $VALIDATOR_VERSION could not be installed from PyPI" >&2
        rm -rf "$VENV"
        exit 0
    fi
fi

work=$(mktemp -d /tmp/gottago-contract-XXXXXX)
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
    kill -0 "$pid" 2>/dev/null || { cat "$work/err" >&2; echo "api-contract: gottago did not start" >&2; exit 1; }
    sleep 0.1
done
[[ -n $port ]] || { echo "api-contract: gottago printed no port" >&2; exit 1; }

curl -fsS "http://127.0.0.1:$port/api/openapi.json" -o "$work/openapi.json"
"$VENV/bin/openapi-spec-validator" --schema 3.1 "$work/openapi.json"

# An operation marked `x-refuses-valid-requests` may answer a request the schema allows with a
# 400 for what no schema can state (an ambiguous station name, a route too long, a route file's
# own parameters); every other operation must accept every request its schema allows.
"$VENV/bin/python" - "$work/openapi.json" >"$work/schemathesis.toml" <<'PY'
import json, sys
document = json.load(open(sys.argv[1]))
ids = [op["operationId"] for item in document["paths"].values() for op in item.values() if op.get("x-refuses-valid-requests")]
if ids:
    print("[[operations]]")
    print("include-operation-id = " + json.dumps(ids))
    print('checks.positive_data_acceptance.expected-statuses = ["2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx"]')
PY

# Run from the scratch folder, so that schemathesis keeps its cache there, not in the checkout.
cd "$work"
"$VENV/bin/schemathesis" --config-file "$work/schemathesis.toml" run "http://127.0.0.1:$port/api/openapi.json" \
    --checks all --max-examples "$EXAMPLES" --workers 2 --seed 1 --no-color "$@"
