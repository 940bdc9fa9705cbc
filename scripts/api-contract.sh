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

# shellcheck source=scripts/sandbox-server.sh
source "$ROOT/scripts/sandbox-server.sh"
pinned_venv api-contract "$VENV" "schemathesis==$SCHEMATHESIS_VERSION" "openapi-spec-validator==$VALIDATOR_VERSION" || exit 0

work=$(mktemp -d /tmp/gottago-contract-XXXXXX)
trap 'stop_sandbox; rm -rf "$work"' EXIT
serve_sandbox api-contract "$BIN" "$ROOT/Routes" "$work"
port=$SANDBOX_PORT

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
