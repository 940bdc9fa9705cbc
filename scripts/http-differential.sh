#!/usr/bin/env bash
# The HTTP/1.1 differential test: scripts/http_differential.py sends the same raw edge-case
# requests to nginx and to gottago and fails when gottago accepts what nginx refuses (other than
# the cases it lists). nginx (Debian's, found as bench/common.sh finds it) runs as an ordinary
# process with its configuration, pid file, logs and temp paths in a temporary folder, serving
# /healthz as a static file and answering POST /debug/sandbox/clock with `return 200`; gottago
# runs on its embedded sandbox with --debug-routes. Both listen on free loopback ports and are
# stopped on exit. No root; about 20 s.
#
# Usage: bash scripts/http-differential.sh <path-to-gottago-binary> [http_differential.py options]
# Env:   HTTP_DIFFERENTIAL_KEEP=1 keeps the folder (nginx's error log says why it refused a case).
set -euo pipefail

BIN=${1:?usage: bash scripts/http-differential.sh <path-to-gottago-binary>}
shift
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# shellcheck source=bench/common.sh
source "$ROOT/bench/common.sh"
# shellcheck source=scripts/sandbox-server.sh
source "$ROOT/scripts/sandbox-server.sh"

fail() {
    echo "http-differential: $*" >&2
    exit 1
}
bench_stop() {
    stop_pid "$NGINX_PID" nginx group
    stop_sandbox
}
BENCH_KEEP=${HTTP_DIFFERENTIAL_KEEP:-0}

[[ -x $BIN ]] || fail "gottago binary not found or not executable: $BIN"
require python3 "install python3"
require curl "install curl"
require setsid "install util-linux"
require_nginx
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gottago-http-differential-XXXXXX")

# --- nginx -------------------------------------------------------------------------------------

mkdir -p "$WORK/root" "$WORK/data"
printf 'ok\n' >"$WORK/root/healthz"
NGINX_PORT=$(free_port)
# Run as root, nginx would switch its worker to nobody, which cannot read the 0700 folder.
user=
[[ $(id -u) == 0 ]] && user="user root;"
cat >"$WORK/nginx.conf" <<EOF
$user
worker_processes 1;
daemon off;
pid $WORK/nginx.pid;
# info: nginx logs why it refused each request ("client sent invalid header line", ...).
error_log $WORK/nginx-error.log info;

events {
    worker_connections 256;
}

http {
    access_log $WORK/nginx-access.log;
    server_tokens off;
    default_type text/plain;
    client_body_temp_path $WORK/nginx-body;
    proxy_temp_path $WORK/nginx-proxy;
    fastcgi_temp_path $WORK/nginx-fastcgi;
    uwsgi_temp_path $WORK/nginx-uwsgi;
    scgi_temp_path $WORK/nginx-scgi;

    server {
        listen 127.0.0.1:$NGINX_PORT;
        root $WORK/root;
        location = /healthz { }
        # return reads the whole body (Content-Length or chunked) and discards it.
        location = /debug/sandbox/clock { return 200 "ok\n"; }
    }
}
EOF
"$NGINX_BIN" -t -q -p "$WORK" -e "$WORK/nginx-error.log" -c "$WORK/nginx.conf" ||
    fail "nginx -t refused $WORK/nginx.conf"
setsid "$NGINX_BIN" -p "$WORK" -e "$WORK/nginx-error.log" -c "$WORK/nginx.conf" 2>"$WORK/nginx.stderr" &
NGINX_PID=$!
for _ in $(seq 100); do
    curl -fs --max-time 1 -o /dev/null "http://127.0.0.1:$NGINX_PORT/healthz" && break
    kill -0 "$NGINX_PID" 2>/dev/null || { cat "$WORK/nginx.stderr" "$WORK/nginx-error.log" >&2 || true; NGINX_PID=; fail "nginx exited at startup"; }
    sleep 0.1
done
curl -fsS --max-time 5 -o /dev/null "http://127.0.0.1:$NGINX_PORT/healthz" || fail "nginx did not answer /healthz within 10 s"

# --- gottago -----------------------------------------------------------------------------------

serve_sandbox http-differential "$BIN" "$ROOT/Routes" "$WORK" --host 127.0.0.1 --debug-routes
echo "http-differential: nginx on port $NGINX_PORT, gottago on port $SANDBOX_PORT"

python3 "$ROOT/scripts/http_differential.py" --nginx "$NGINX_PORT" --gottago "$SANDBOX_PORT" "$@"
