# Sourced by the scripts that check gottago with a tool from PyPI (api-contract.sh,
# opendata-client.sh, web-check.sh): a venv holding exactly the pinned packages, and a gottago on its embedded
# sandbox at a free loopback port, stopped when the script exits.

# pinned_venv NAME VENV REQUIREMENT…: makes VENV hold these `name==version` packages, reinstalling
# only when one of them is missing or at another version. Returns 1 after a `NAME: SKIPPED` line
# when PyPI cannot be reached; exits when python3 cannot make a venv.
pinned_venv() {
    local name=$1 venv=$2
    shift 2
    if "$venv/bin/python" - "$@" 2>/dev/null <<'PY'; then return 0; fi
import importlib.metadata as m, sys
sys.exit(any(m.version(r.split("==")[0]) != r.split("==")[1] for r in sys.argv[1:]))
PY
    rm -rf "$venv"
    python3 -m venv "$venv" || { echo "$name: python3 -m venv failed; install python3-venv" >&2; exit 1; }
    if ! "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$@"; then
        echo "$name: SKIPPED: $* could not be installed from PyPI" >&2
        rm -rf "$venv"
        return 1
    fi
}

# serve_sandbox NAME BIN ROUTES WORK [OPTION…]: starts gottago with its embedded defaults (and any
# further serve OPTIONs) on a free loopback port, its data in WORK, and waits until it is ready; sets
# SANDBOX_PID and SANDBOX_PORT. The caller's EXIT trap calls stop_sandbox.
serve_sandbox() {
    local name=$1 bin=$2 routes=$3 work=$4
    shift 4
    # The files exist before the loop reads them: the background job opens them only when it runs,
    # and a loaded machine once let the first read come first (sed failed, and set -e ended the script).
    : >"$work/out"
    : >"$work/err"
    # The sandbox's clock starts at a weekday's midday in San Francisco: the same trains run whatever the hour.
    "$bin" serve --port 0 --routes "$routes" --data-dir "$work/data" --log-format off --sandbox-time 1796241600 "$@" \
        >"$work/out" 2>"$work/err" &
    SANDBOX_PID=$!
    SANDBOX_PORT=
    for _ in $(seq 1 600); do
        SANDBOX_PORT=$(sed -n 's|^listening on http://127.0.0.1:\([0-9]*\)$|\1|p' "$work/out" | head -n 1)
        [[ -n $SANDBOX_PORT ]] && curl -fs "http://127.0.0.1:$SANDBOX_PORT/readyz" >/dev/null 2>&1 && return 0
        kill -0 "$SANDBOX_PID" 2>/dev/null || { cat "$work/err" >&2; echo "$name: gottago did not start" >&2; exit 1; }
        sleep 0.1
    done
    echo "$name: gottago was not ready within 60 s" >&2
    exit 1
}

# stop_sandbox: stops the gottago serve_sandbox started, if any.
stop_sandbox() {
    [[ -n ${SANDBOX_PID:-} ]] && { kill "$SANDBOX_PID" 2>/dev/null || true; wait "$SANDBOX_PID" 2>/dev/null || true; }
    return 0
}
