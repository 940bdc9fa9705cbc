#!/usr/bin/env bash
# Runs a command with a redis-server on a free loopback port (no persistence), exported as
# GOTTAGO_TEST_REDIS_PORT for the tests that share one; stops the server afterwards, whatever
# the command's outcome, and exits with the command's status.
set -euo pipefail

command -v redis-server >/dev/null || { echo "with-redis: redis-server not found (apt-get install redis-server)" >&2; exit 1; }
work=$(mktemp -d /tmp/gottago-redis-XXXXXX)
pid=
stop() {
    [[ -n $pid ]] && { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
    rm -rf "$work"
}
trap stop EXIT

# A random port outside the kernel's ephemeral range (scripts/ports.sh) that nobody answers on;
# another attempt if redis cannot bind it.
# shellcheck source=scripts/ports.sh
source "$(dirname "${BASH_SOURCE[0]}")/ports.sh"
read -r low high < <(fixed_port_range) || exit 1
port=
for _ in 1 2 3 4 5; do
    candidate=$((low + (RANDOM * 32768 + RANDOM) % (high - low)))
    if (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then continue; fi
    redis-server --port "$candidate" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" --loglevel warning \
        --logfile "$work/redis.log" &
    pid=$!
    for _ in $(seq 1 200); do
        if redis-cli -p "$candidate" ping 2>/dev/null | grep -q PONG; then port=$candidate; break; fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.05
    done
    [[ -n $port ]] && break
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    pid=
done
[[ -n $port ]] || { echo "with-redis: redis-server did not start:" >&2; cat "$work/redis.log" >&2 2>/dev/null; exit 1; }
echo "with-redis: redis-server on 127.0.0.1:$port" >&2
status=0
GOTTAGO_TEST_REDIS_PORT=$port "$@" || status=$?
exit "$status"
