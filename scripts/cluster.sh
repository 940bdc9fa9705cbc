#!/usr/bin/env bash
# A local deployment from Deploy/: a redis-server, 3 `gottago serve` instances sharing it as their
# cache (each with Deploy/gottago.conf, ports and paths given as flags), and nginx with
# Deploy/nginx-frontend.conf in front of them, templated for the ports. Loopback ports picked free,
# one temporary folder, no root. Runs in the foreground until Ctrl-C, then stops everything it
# started (whatever happens: a trap); `make cluster` runs it.
#
# Usage: bash scripts/cluster.sh <path-to-gottago-binary> [serve options for every instance...]
# Env:   CLUSTER_PORT   nginx's port (default: a free one); CLUSTER_KEEP=1 keeps the folder (logs).
#
# scripts/cluster-test.sh and bench/cluster.sh source this file for its functions (cluster_*);
# sourced, it starts nothing and installs no trap.

CLUSTER_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CLUSTER_SIZE=3
CLUSTER_DIR=
CLUSTER_BIN=
CLUSTER_SERVE_ARGS=()
CLUSTER_REDIS_PORT=
CLUSTER_REDIS_PID=
CLUSTER_NGINX_PORT=
CLUSTER_NGINX_PID=
CLUSTER_URL=
CLUSTER_PORTS=()
CLUSTER_PIDS=()
# Ports chosen before the cluster's (cluster-test's closed upstream), never given to it.
CLUSTER_RESERVED_PORTS=()

# shellcheck source=scripts/ports.sh
source "$(dirname "${BASH_SOURCE[0]}")/ports.sh"

cluster_fail() {
    echo "cluster: $*" >&2
    exit 1
}

# A free port outside the kernel's ephemeral range (scripts/ports.sh), so that no outgoing
# connection or listener on port 0 takes an instance's or Redis's port while it restarts on it.
# Neither a port given as an argument nor one in CLUSTER_RESERVED_PORTS is chosen.
cluster_free_port() { # taken-ports...
    local range
    range=$(fixed_port_range) || cluster_fail "no room for fixed ports outside the ephemeral range"
    python3 - "${range% *}" "${range#* }" "$@" ${CLUSTER_RESERVED_PORTS[@]+"${CLUSTER_RESERVED_PORTS[@]}"} <<'PY'
import random, socket, sys
low, high = int(sys.argv[1]), int(sys.argv[2])
taken = {int(port) for port in sys.argv[3:] if port}
for _ in range(200):
    port = random.randrange(low, high)
    if port in taken:
        continue
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        continue
    finally:
        s.close()
    print(port)
    break
else:
    raise SystemExit(f"no free port in {low}-{high}")
PY
}

# Checks the tools, makes the folder and picks the ports. BIN is the gottago binary.
cluster_init() { # bin serve-args...
    CLUSTER_BIN=$1
    shift
    CLUSTER_SERVE_ARGS=("$@")
    [[ -x $CLUSTER_BIN ]] || cluster_fail "gottago binary not found or not executable: $CLUSTER_BIN"
    local tool
    for tool in redis-server redis-cli curl python3 setsid; do
        command -v "$tool" >/dev/null || cluster_fail "$tool not found (apt-get install redis-server curl python3 util-linux)"
    done
    CLUSTER_NGINX_BIN=$(command -v nginx || echo /usr/sbin/nginx)
    [[ -x $CLUSTER_NGINX_BIN ]] || cluster_fail "nginx not found (apt-get install nginx)"
    CLUSTER_DIR=$(mktemp -d "${TMPDIR:-/tmp}/gottago-cluster-XXXXXX")
    mkdir -p "$CLUSTER_DIR/redis" "$CLUSTER_DIR/data" "$CLUSTER_DIR/nginx"
    CLUSTER_REDIS_PORT=$(cluster_free_port "${CLUSTER_PORT:-}")
    CLUSTER_NGINX_PORT=${CLUSTER_PORT:-$(cluster_free_port "$CLUSTER_REDIS_PORT")}
    CLUSTER_URL=http://127.0.0.1:$CLUSTER_NGINX_PORT
    local i
    for i in $(seq "$CLUSTER_SIZE"); do
        CLUSTER_PORTS[i]=$(cluster_free_port "$CLUSTER_REDIS_PORT" "$CLUSTER_NGINX_PORT" "${CLUSTER_PORTS[@]}")
        CLUSTER_PIDS[i]=
    done
}

# Stops a process we started and waits for it: SIGTERM, then SIGKILL after 15 s (gottago drains
# for up to its shutdown-grace, 10 s). GROUP also signals its process group (nginx's workers).
cluster_stop_pid() { # pid [group]
    local pid=$1 target=$1
    [[ -n $pid ]] || return 0
    [[ ${2:-} == group ]] && target=-$pid
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM -- "$target" 2>/dev/null || true
        local waited=0
        while kill -0 "$pid" 2>/dev/null && ((waited < 150)); do
            sleep 0.1
            waited=$((waited + 1))
        done
    fi
    kill -KILL -- "$target" 2>/dev/null || true
    { wait "$pid"; } 2>/dev/null || true
}

# Stops everything the cluster started; safe to call twice.
cluster_stop() {
    local i
    cluster_stop_pid "$CLUSTER_NGINX_PID" group
    CLUSTER_NGINX_PID=
    for i in $(seq "$CLUSTER_SIZE"); do
        cluster_stop_pid "${CLUSTER_PIDS[i]:-}"
        CLUSTER_PIDS[i]=
    done
    cluster_stop_pid "$CLUSTER_REDIS_PID"
    CLUSTER_REDIS_PID=
    if [[ -n $CLUSTER_DIR && -d $CLUSTER_DIR ]]; then
        if [[ ${CLUSTER_KEEP:-0} == 1 ]]; then echo "cluster: kept $CLUSTER_DIR" >&2; else rm -rf "$CLUSTER_DIR"; fi
        CLUSTER_DIR=
    fi
}

# Polls COMMAND every 0.1 s until it succeeds, for at most SECONDS; fails with WHAT.
cluster_wait_for() { # seconds what command...
    local seconds=$1 what=$2
    shift 2
    for _ in $(seq $((seconds * 10))); do
        "$@" && return 0
        sleep 0.1
    done
    cluster_fail "$what: not within $seconds s"
}

cluster_redis_up() { [[ $(redis-cli -p "$CLUSTER_REDIS_PORT" ping 2>/dev/null) == PONG ]]; }

# Starts redis-server on its port (the same one on every start): no persistence, its own folder.
cluster_start_redis() {
    setsid redis-server --port "$CLUSTER_REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no \
        --dir "$CLUSTER_DIR/redis" --logfile "$CLUSTER_DIR/redis/redis.log" &
    CLUSTER_REDIS_PID=$!
    cluster_wait_for 30 "redis-server answering PING on port $CLUSTER_REDIS_PORT" cluster_redis_up
}

# Starts instance I (1-based) on its port; its access log and messages go to inst-I.log.
cluster_start_instance() { # i
    local i=$1
    : >"$CLUSTER_DIR/inst-$i.out"
    # The sandbox's clock starts at a weekday's midday in San Francisco, as in scripts/api-contract.sh.
    setsid "$CLUSTER_BIN" serve --config "$CLUSTER_ROOT/Deploy/gottago.conf" --host 127.0.0.1 \
        --port "${CLUSTER_PORTS[i]}" --routes "$CLUSTER_ROOT/Routes" --data-dir "$CLUSTER_DIR/data" \
        --cache "redis://127.0.0.1:$CLUSTER_REDIS_PORT/0" --sandbox-time 1796241600 "${CLUSTER_SERVE_ARGS[@]}" \
        >>"$CLUSTER_DIR/inst-$i.out" 2>>"$CLUSTER_DIR/inst-$i.log" &
    CLUSTER_PIDS[i]=$!
}

cluster_instance_ready() { # i
    kill -0 "${CLUSTER_PIDS[$1]}" 2>/dev/null ||
        { tail -n 20 "$CLUSTER_DIR/inst-$1.log" >&2; cluster_fail "instance $1 exited"; }
    curl -fs --max-time 2 -o /dev/null "http://127.0.0.1:${CLUSTER_PORTS[$1]}/readyz"
}

# Waits until instance I answers /readyz with 200 (the first start builds the gazetteer: slow).
cluster_wait_ready() { # i
    cluster_wait_for 180 "instance $1 ready on port ${CLUSTER_PORTS[$1]}" cluster_instance_ready "$1"
}

# The production nginx file with this cluster's ports, listen address and log path, included by
# a main configuration like Debian's nginx.conf whose paths are all in the cluster's folder. Every
# substitution is checked, so that a change to the file that the test no longer fits stops it.
cluster_nginx_config() {
    local source=$CLUSTER_ROOT/Deploy/nginx-frontend.conf conf=$CLUSTER_DIR/nginx/gottago.conf i expected
    local -a edits=(-e "s|^\( *listen \)80;|\1127.0.0.1:$CLUSTER_NGINX_PORT;|" -e '/^ *listen \[::\]:80;/d'
        -e "s|/var/log/nginx/gottago.access.log|$CLUSTER_DIR/nginx/access.log|")
    for i in $(seq "$CLUSTER_SIZE"); do
        edits+=(-e "s|^\( *server 127\.0\.0\.1:\)$((8079 + i)) |\1${CLUSTER_PORTS[i]} |")
    done
    sed "${edits[@]}" "$source" >"$conf"
    expected=$(printf 'listen 127.0.0.1:%s;' "$CLUSTER_NGINX_PORT")
    grep -qF "$expected" "$conf" || cluster_fail "no 'listen 80;' line to template in $source"
    for i in $(seq "$CLUSTER_SIZE"); do
        grep -qE "^ *server 127\.0\.0\.1:${CLUSTER_PORTS[i]} " "$conf" ||
            cluster_fail "no 'server 127.0.0.1:$((8079 + i)) ...' line to template in $source"
    done
    ! grep -qE '^ *server 127\.0\.0\.1:808[0-9] |^[^#]*/var/log/|^ *listen \[::\]' "$conf" ||
        cluster_fail "$source has lines the cluster cannot template (more instances, other paths)"
    {
        # As root, workers would run as nobody and could not write the temp folder.
        [[ $EUID == 0 ]] && echo "user root;"
        cat <<EOF
worker_processes 2;
events {
    worker_connections 4096;
}
http {
    client_body_temp_path $CLUSTER_DIR/nginx/body;
    proxy_temp_path $CLUSTER_DIR/nginx/proxy;
    fastcgi_temp_path $CLUSTER_DIR/nginx/fastcgi;
    uwsgi_temp_path $CLUSTER_DIR/nginx/uwsgi;
    scgi_temp_path $CLUSTER_DIR/nginx/scgi;
    access_log off;
    include $conf;
}
EOF
    } >"$CLUSTER_DIR/nginx/nginx.conf"
}

cluster_nginx_up() {
    kill -0 "$CLUSTER_NGINX_PID" 2>/dev/null ||
        { cat "$CLUSTER_DIR/nginx/error.log" "$CLUSTER_DIR/nginx/stderr.log" >&2 2>/dev/null; cluster_fail "nginx exited at startup"; }
    curl -fs --max-time 2 -o /dev/null "$CLUSTER_URL/healthz"
}

cluster_start_nginx() {
    local globals="daemon off; pid $CLUSTER_DIR/nginx/nginx.pid; error_log $CLUSTER_DIR/nginx/error.log;"
    cluster_nginx_config
    "$CLUSTER_NGINX_BIN" -t -q -p "$CLUSTER_DIR/nginx" -e "$CLUSTER_DIR/nginx/error.log" \
        -c "$CLUSTER_DIR/nginx/nginx.conf" -g "$globals" || cluster_fail "nginx -t refused the configuration"
    setsid "$CLUSTER_NGINX_BIN" -p "$CLUSTER_DIR/nginx" -e "$CLUSTER_DIR/nginx/error.log" \
        -c "$CLUSTER_DIR/nginx/nginx.conf" -g "$globals" 2>>"$CLUSTER_DIR/nginx/stderr.log" &
    CLUSTER_NGINX_PID=$!
    cluster_wait_for 30 "nginx answering on port $CLUSTER_NGINX_PORT" cluster_nginx_up
}

# Starts the whole deployment: Redis, the first instance (which builds the gazetteer's database
# in the shared data folder), the others (which open it), then nginx.
cluster_start() {
    local i
    cluster_start_redis
    cluster_start_instance 1
    cluster_wait_ready 1
    for i in $(seq 2 "$CLUSTER_SIZE"); do cluster_start_instance "$i"; done
    for i in $(seq 2 "$CLUSTER_SIZE"); do cluster_wait_ready "$i"; done
    cluster_start_nginx
}

cluster_main() {
    [[ $# -ge 1 ]] || cluster_fail "usage: bash scripts/cluster.sh <path-to-gottago-binary> [serve options...]"
    trap 'cluster_stop' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    cluster_init "$@"
    cluster_start
    local i
    echo "gottago cluster: $CLUSTER_URL (nginx, Deploy/nginx-frontend.conf)"
    for i in $(seq "$CLUSTER_SIZE"); do
        echo "  instance $i: http://127.0.0.1:${CLUSTER_PORTS[i]}  (pid ${CLUSTER_PIDS[i]}, log $CLUSTER_DIR/inst-$i.log)"
    done
    echo "  redis-server: 127.0.0.1:$CLUSTER_REDIS_PORT  (pid $CLUSTER_REDIS_PID)"
    echo "  nginx log: $CLUSTER_DIR/nginx/access.log"
    echo "Ctrl-C stops everything."
    # Until Ctrl-C, or until one of them exits on its own, which stops the rest.
    local status=0
    wait -n "$CLUSTER_NGINX_PID" "$CLUSTER_REDIS_PID" "${CLUSTER_PIDS[@]}" || status=$?
    echo "cluster: a process exited (status $status); stopping the others" >&2
    exit 1
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    set -euo pipefail
    cluster_main "$@"
fi
