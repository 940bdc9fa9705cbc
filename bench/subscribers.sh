#!/usr/bin/env bash
# Idle Server-Sent Events subscribers for `make bench`: N connections (10,000 by default) each
# subscribed to /debug/events/idle (one `ready` event, then nothing), held open together; gottago's
# resident set before and with them, and what each subscriber costs.
#
# Usage: bash bench/subscribers.sh <path-to-gottago-binary>
# Env:   BENCH_SUBSCRIBERS (default 10000).
#
# Exits non-zero only when the benchmark cannot run. A missed target is printed as BELOW TARGET.
set -euo pipefail

BIN=${1:?usage: bash bench/subscribers.sh <path-to-gottago-binary>}
COUNT=${BENCH_SUBSCRIBERS:-10000}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/common.sh
source "$HERE/common.sh"

TARGET_KIB_PER_SUBSCRIBER=2

GOTTAGO_PID=
bench_stop() {
    stop_pid "$GOTTAGO_PID" gottago group
}

require python3 "install it with: apt-get install python3"
require setsid "install it with: apt-get install util-linux"
[[ -x $BIN ]] || fail "gottago binary not found or not executable: $BIN"
# Each side, the client and gottago, holds one descriptor a subscriber.
raise_open_files $((COUNT + 200)) "$COUNT subscribers"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gottago-bench.XXXXXX")
cat >"$WORK/subscribe.py" <<'PYTHON'
import selectors, socket, sys, time
port, count, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
if mode == "events":
    request, sign = b"GET /debug/events/idle HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n", b"event: ready"
else:
    request, sign = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", b"</health>"
selector = selectors.DefaultSelector()
sockets, ready = [], 0
for _ in range(count):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(request)
    s.setblocking(False)
    selector.register(s, selectors.EVENT_READ, bytearray())
    sockets.append(s)
deadline = time.monotonic() + 120
while ready < count and time.monotonic() < deadline:
    for key, _ in selector.select(timeout=1):
        chunk = key.fileobj.recv(4096)
        key.data.extend(chunk)
        if sign in key.data:
            selector.unregister(key.fileobj)
            ready += 1
print(ready, flush=True)
sys.stdin.read()  # held open until told
PYTHON

# A fresh gottago (freed memory is not given back, so each figure needs its own process), and one
# subscriber first, so that what every stream needs once (code, pools) is counted before.
fresh_gottago() {
    stop_pid "$GOTTAGO_PID" gottago group
    start_listener GOTTAGO "gottago-$1" "$BIN" serve --host 127.0.0.1 --port 0 --debug-routes --log-format off \
        --max-connections $((COUNT + 100)) --max-connections-per-ip $((COUNT + 100))
    python3 "$WORK/subscribe.py" "$GOTTAGO_PORT" 1 "$1" </dev/null >/dev/null
    sleep 1
}
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$GOTTAGO_PID/status"; }

# Holds COUNT connections in MODE (events: subscribed; keepalive: one request answered, then
# idle) and prints how many got there, gottago's RSS with them and the connections it counts open.
hold() { # mode
    local ready with open
    coproc HOLDER { python3 "$WORK/subscribe.py" "$GOTTAGO_PORT" "$COUNT" "$1"; }
    read -r ready <&"${HOLDER[0]}"
    sleep 2
    with=$(rss)
    open=$(curl -sS --max-time 10 "http://127.0.0.1:$GOTTAGO_PORT/metrics" | awk '/^gottago_http_open_connections / { print $2 }')
    exec {HOLDER[1]}>&-
    wait "$HOLDER_PID" 2>/dev/null || true
    echo "$ready $with ${open:-?}"
}
kib_each() { awk -v a="$1" -v b="$2" -v n="$3" 'BEGIN { if (n == 0) print "n/a"; else printf "%.2f", (b - a) / n }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

fresh_gottago events
before=$(rss)
read -r ready with open < <(hold events)
per=$(kib_each "$before" "$with" "$ready")
echo "idle subscribers ($COUNT asked for /debug/events/idle, each holding its stream open)"
printf 'subscribed: %s   connections open (metrics): %s\n' "$ready" "$open"
printf 'RSS before: %s MiB   with them: %s MiB\n' "$(mib "$before")" "$(mib "$with")"
printf 'per subscriber: %s KiB  (target <= %s KiB)  %s\n' "$per" "$TARGET_KIB_PER_SUBSCRIBER" "$(flag "$per" "<=" "$TARGET_KIB_PER_SUBSCRIBER")"
[[ $ready == "$COUNT" ]] || fail "only $ready of $COUNT subscribers got their first event"

# The connections alone: each answered once, then kept alive and idle.
fresh_gottago keepalive
before=$(rss)
read -r ready with open < <(hold keepalive)
echo
echo "idle kept-alive connections ($COUNT, each after one answered /healthz)"
printf 'answered: %s   connections open (metrics): %s\n' "$ready" "$open"
printf 'RSS before: %s MiB   with them: %s MiB   per connection: %s KiB\n' "$(mib "$before")" "$(mib "$with")" "$(kib_each "$before" "$with" "$ready")"
