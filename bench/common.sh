# shellcheck shell=bash
# Shared by the benchmark scripts (sourced): failure, the work folder, the exit traps, tool checks,
# starting and stopping servers, nginx as the static baseline, wrk runs and their figures.
# A script that starts processes defines `bench_stop` to stop them; it runs first on every exit.

WORK=
BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

fail() {
    echo "bench: $*" >&2
    exit 1
}

bench_stop() { :; }

bench_cleanup() {
    local status=$?
    trap - EXIT INT TERM
    bench_stop
    if [[ -n $WORK && -d $WORK ]]; then
        if [[ ${BENCH_KEEP:-0} == 1 ]]; then
            echo "bench: kept $WORK" >&2
        else
            rm -rf "$WORK"
        fi
    fi
    exit "$status"
}
trap bench_cleanup EXIT
trap 'echo "bench: interrupted" >&2; exit 130' INT
trap 'echo "bench: terminated" >&2; exit 143' TERM

require() {
    command -v "$1" >/dev/null 2>&1 || fail "$1 not found; $2"
}

# --- processes ---------------------------------------------------------------------------------

WRK_PID=

# Stops a process we started: TERM, up to 5 s grace, then KILL. Servers run in their own process
# group (setsid), and the whole group is signalled, so nginx workers or anything a stand-in
# spawned go too; kill -0 on the leader tells when it is done.
stop_pid() { # pid name [group]
    local pid=$1 name=$2 target=$1
    [[ -n $pid ]] || return 0
    [[ ${3:-} == group ]] && target=-$pid
    if kill -0 "$pid" 2>/dev/null; then
        kill -TERM -- "$target" 2>/dev/null || true
        local waited=0
        while kill -0 "$pid" 2>/dev/null && ((waited < 50)); do
            sleep 0.1
            waited=$((waited + 1))
        done
        if kill -0 "$pid" 2>/dev/null; then
            echo "bench: $name (pid $pid) ignored SIGTERM; killing it" >&2
        fi
    fi
    # Also reaps group members that outlived their leader.
    kill -KILL -- "$target" 2>/dev/null || true
    { wait "$pid"; } 2>/dev/null || true
}

# Starts a server whose first stdout line is `listening on http://127.0.0.1:PORT`, in its own
# process group, with stdout and stderr in $WORK/NAME.stdout and .stderr. Sets VAR_PID at once, so
# that bench_stop can stop it whatever happens next, and VAR_PORT once it listens.
start_listener() { # VAR name command...
    local var=$1 name=$2 line pid
    shift 2
    # Created up front: the background job opens it asynchronously, and the wait loop reads it at once.
    : >"$WORK/$name.stdout"
    # setsid execs in place (a background job of a script is no group leader, so it need not fork):
    # $! is the server's own pid, and the id of its new process group.
    setsid "$@" >"$WORK/$name.stdout" 2>"$WORK/$name.stderr" &
    pid=$!
    printf -v "${var}_PID" %s "$pid"
    printf -v "${var}_PORT" %s ""
    for _ in $(seq 300); do
        # Only a complete first line counts, so a half-written port number is never read.
        if [[ $(wc -l <"$WORK/$name.stdout") -ge 1 ]]; then
            line=$(head -n 1 "$WORK/$name.stdout")
            [[ $line =~ ^listening\ on\ http://127\.0\.0\.1:([0-9]+) ]] ||
                fail "unexpected first line from $name: $line"
            printf -v "${var}_PORT" %s "${BASH_REMATCH[1]}"
            return 0
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            tail -n 20 "$WORK/$name.stderr" >&2 || true
            printf -v "${var}_PID" %s ""
            fail "$name exited before listening"
        fi
        sleep 0.1
    done
    fail "$name did not print 'listening on http://127.0.0.1:PORT' within 30 s"
}

# Prints a free loopback port (the kernel's pick for port 0; racy in theory, fine on a test box).
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Raises the open file limit as far as allowed, before starting any server (children inherit it).
# Raising the hard limit needs root; the soft one never does.
raise_open_files() { # minimum what-it-is-for
    local hard nofile
    hard=$(ulimit -Hn)
    if [[ $hard != unlimited ]] && ((hard < 8192)); then
        ulimit -Hn 8192 2>/dev/null || true
    fi
    ulimit -n "$(ulimit -Hn)"
    nofile=$(ulimit -n)
    [[ $nofile == unlimited ]] || ((nofile >= $1)) ||
        fail "open file limit is $nofile; need >= $1 for $2 (raise the hard limit)"
}

# --- nginx -------------------------------------------------------------------------------------

NGINX_BIN=
NGINX_PID=
NGINX_PORT=
NGINX_URL=

require_nginx() {
    NGINX_BIN=$(command -v nginx || true)
    [[ -n $NGINX_BIN ]] || { [[ -x /usr/sbin/nginx ]] && NGINX_BIN=/usr/sbin/nginx; } ||
        fail "nginx not found; install it with: apt-get install nginx (make bench does this)"
    [[ -f $BENCH_DIR/nginx.conf.template ]] || fail "missing $BENCH_DIR/nginx.conf.template"
}

# Serves $WORK/root with bench/nginx.conf.template on a free port and waits until it answers FILE
# (a name under $WORK/root) with the same bytes. Sets NGINX_PID, NGINX_PORT and NGINX_URL.
start_nginx() { # file content-type
    local file=$1 content_type=$2
    # The type goes into nginx.conf: keep it to characters that cannot break the config.
    [[ $content_type =~ ^[A-Za-z0-9/+.\;=\ -]+$ ]] || content_type=application/xml
    NGINX_PORT=$(free_port)
    sed -e "s|@WORK@|$WORK|g" -e "s|@ROOT@|$WORK/root|g" -e "s|@PORT@|$NGINX_PORT|g" \
        -e "s|@CONTENT_TYPE@|$content_type|g" "$BENCH_DIR/nginx.conf.template" >"$WORK/nginx.conf"
    # -e: log startup errors to the temp dir too, before the config's error_log is read.
    setsid "$NGINX_BIN" -p "$WORK" -c "$WORK/nginx.conf" -e "$WORK/nginx-error.log" 2>"$WORK/nginx.stderr" &
    NGINX_PID=$!
    NGINX_URL=http://127.0.0.1:$NGINX_PORT
    for _ in $(seq 100); do
        curl -s --max-time 1 -o /dev/null "$NGINX_URL/$file" && break
        if ! kill -0 "$NGINX_PID" 2>/dev/null; then
            cat "$WORK/nginx.stderr" "$WORK/nginx-error.log" >&2 || true
            NGINX_PID=
            fail "nginx exited at startup"
        fi
        sleep 0.1
    done
    curl -sS --fail --max-time 10 -o "$WORK/nginx-$file" "$NGINX_URL/$file" ||
        { cat "$WORK/nginx.stderr" "$WORK/nginx-error.log" >&2 || true; fail "nginx did not serve $NGINX_URL/$file within 10 s"; }
    cmp -s "$WORK/root/$file" "$WORK/nginx-$file" || fail "nginx serves different bytes than gottago"
}

# --- wrk and figures ---------------------------------------------------------------------------

# wrk prints latencies as 812.00us, 1.23ms, 2.00s or 1.00m; prints milliseconds, or n/a.
to_ms() {
    awk -v v="$1" 'BEGIN {
        n = v; sub(/[a-z]+$/, "", n); u = v; sub(/^[0-9.]+/, "", u)
        f = (u == "us") ? 0.001 : (u == "ms") ? 1 : (u == "s") ? 1000 : (u == "m") ? 60000 : (u == "h") ? 3600000 : -1
        if (f < 0 || n == "") { print "n/a"; exit }
        printf "%.2f\n", n * f
    }'
}

wrk_rps() { awk '/^Requests\/sec:/ { print $2; found = 1 } END { if (!found) print "n/a" }' "$1"; }
wrk_p99() { to_ms "$(awk '$1 == "99%" { print $2; exit }' "$1")"; }
wrk_non2xx() { awk -F': *' '/Non-2xx or 3xx responses/ { print $2; found = 1 } END { if (!found) print 0 }' "$1"; }
wrk_socket_errors() {
    awk '/Socket errors:/ { sub(/^ *Socket errors: */, ""); print; found = 1 } END { if (!found) print "none" }' "$1"
}

# a / b to two decimals; "n/a" when either is unknown or b is 0.
ratio() { # a b
    awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a" || b + 0 == 0) print "n/a"; else printf "%.2f", a / b }'
}

# Compares with awk since bash has no floats; "n/a" never meets a target.
meets() { # value op limit
    awk -v v="$1" -v op="$2" -v l="$3" 'BEGIN {
        if (v == "n/a") exit 1
        exit !((op == ">=") ? (v + 0 >= l + 0) : (op == "==") ? (v + 0 == l + 0) : (v + 0 <= l + 0))
    }'
}
# BELOW TARGET for a missed target; a miss by more than 10% of the target is also written to the
# file BENCH_MISSES names (make bench gives each run one), so that the whole run ends non-zero
# (bench/misses.sh) and a regression shows. Runs in $(...): the file, not a variable, carries it.
flag() { # value op limit
    if meets "$@"; then
        echo ""
        return
    fi
    echo "BELOW TARGET"
    if [[ -n ${BENCH_MISSES:-} ]] && ! within_tenth "$@"; then
        printf '%s: %s, target %s %s\n' "$(basename "$0")" "$1" "$2" "$3" >>"$BENCH_MISSES"
    fi
}

# Whether a missed value is within 10% of its target (a lower bound may be 10% lower, an upper
# bound 10% higher; an exact one must be met). "n/a" never is.
within_tenth() { # value op limit
    awk -v v="$1" -v op="$2" -v l="$3" 'BEGIN {
        if (v == "n/a") exit 1
        exit !((op == ">=") ? (v + 0 >= 0.9 * l) : (op == "<=") ? (v + 0 <= 1.1 * l) : 0)
    }'
}

# Runs wrk in the background and waits, so Ctrl-C reaches the trap at once instead of after the run.
run_wrk() { # output-file wrk-args...
    local out=$1
    shift
    wrk "$@" >"$out" 2>&1 &
    WRK_PID=$!
    local status=0
    wait "$WRK_PID" || status=$?
    WRK_PID=
    if ((status != 0)) || ! grep -q '^Requests/sec:' "$out"; then
        cat "$out" >&2
        fail "wrk $* failed (exit $status)"
    fi
}

# The gottago-against-nginx throughput comparison of every benchmark: wrk -t2 -c64 for
# $SECONDS_PER_RUN s after $WARMUP_SECONDS of warm-up, the two servers taking turns for $ROUNDS
# rounds (this machine is shared and noisy), medians compared. Runs CHECK... after each gottago run.
# Prints a line per round, after $ROUND_INDENT when set; sets G_RPS, G_P99, N_RPS, N_P99 and RATIO
# (gottago/nginx req/s).
# shellcheck disable=SC2034 # the figures are read by the calling script
compare_throughput() { # gottago-url nginx-url check...
    local gottago_url=$1 nginx_url=$2 round before
    shift 2
    warm_up "$gottago_url" 64
    warm_up "$nginx_url" 64
    # The servers' own CPU time a request: steadier than requests a second on a machine whose
    # cores wrk shares. gottago is GOTTAGO_PID (all its threads), nginx its master's workers.
    local gottago_pids=${GOTTAGO_PID:-} nginx_pids
    nginx_pids=$(pgrep -P "${NGINX_PID:-0}" 2>/dev/null | tr '\n' ' ' || true)
    for round in $(seq "$ROUNDS"); do
        before=$(cpu_ticks $gottago_pids)
        run_wrk "$WORK/wrk-gottago-$round.txt" -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency "$gottago_url"
        cpu_per_request "$before" "$WORK/wrk-gottago-$round.txt" $gottago_pids >>"$WORK/wrk-gottago-$round.txt"
        "$@"
        before=$(cpu_ticks $nginx_pids)
        run_wrk "$WORK/wrk-nginx-$round.txt" -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency "$nginx_url"
        cpu_per_request "$before" "$WORK/wrk-nginx-$round.txt" $nginx_pids >>"$WORK/wrk-nginx-$round.txt"
        printf '%s  round %d: gottago %10s req/s  p99 %6s ms  %6s µs CPU   nginx %10s req/s  p99 %6s ms  %6s µs CPU\n' \
            "${ROUND_INDENT:-}" "$round" \
            "$(wrk_rps "$WORK/wrk-gottago-$round.txt")" "$(wrk_p99 "$WORK/wrk-gottago-$round.txt")" \
            "$(wrk_cpu "$WORK/wrk-gottago-$round.txt")" \
            "$(wrk_rps "$WORK/wrk-nginx-$round.txt")" "$(wrk_p99 "$WORK/wrk-nginx-$round.txt")" \
            "$(wrk_cpu "$WORK/wrk-nginx-$round.txt")"
    done
    G_RPS=$(median_of wrk_rps gottago)
    G_P99=$(median_of wrk_p99 gottago)
    G_CPU=$(median_of wrk_cpu gottago)
    N_RPS=$(median_of wrk_rps nginx)
    N_P99=$(median_of wrk_p99 nginx)
    N_CPU=$(median_of wrk_cpu nginx)
    RATIO=$(ratio "$G_RPS" "$N_RPS")
}

# User and system clock ticks the processes (all their threads) have used; 0 for none.
cpu_ticks() { # pid...
    local pid total=0
    for pid in "$@"; do
        [[ -r /proc/$pid/stat ]] || continue
        # Fields 14 and 15 counted after the command name, which may hold spaces.
        total=$((total + $(sed 's/.*) //' "/proc/$pid/stat" | awk '{ print $12 + $13 }')))
    done
    echo "$total"
}

# A line `cpu-us-per-request: N` for a wrk output: the ticks used since `before` over the
# requests wrk counted, in microseconds; n/a without processes or requests.
cpu_per_request() { # before wrk-output pid...
    local before=$1 output=$2 after requests
    shift 2
    after=$(cpu_ticks "$@")
    requests=$(awk '/requests in/ { print $1; exit }' "$output")
    awk -v b="$before" -v a="$after" -v r="${requests:-0}" -v t="$(getconf CLK_TCK)" -v n=$# 'BEGIN {
        if (n == 0 || r == 0) print "cpu-us-per-request: n/a"
        else printf "cpu-us-per-request: %.2f\n", (a - b) / t * 1e6 / r
    }'
}

wrk_cpu() { awk '/^cpu-us-per-request:/ { print $2; found = 1 } END { if (!found) print "n/a" }' "$1"; }

warm_up() { # url connections
    if ((WARMUP_SECONDS > 0)); then
        run_wrk "$WORK/warmup.txt" -t2 -c"$2" -d"${WARMUP_SECONDS}s" "$1"
    fi
}

median_of() { # extractor name: over $WORK/wrk-NAME-1.txt … wrk-NAME-$ROUNDS.txt
    local round
    for round in $(seq "$ROUNDS"); do "$1" "$WORK/wrk-$2-$round.txt"; done | sort -g |
        awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Prints wrk's non-2xx count and socket errors for a run file, when there were any.
report_wrk_errors() { # file...
    local file non2xx errors
    for file in "$@"; do
        non2xx=$(wrk_non2xx "$WORK/$file")
        errors=$(wrk_socket_errors "$WORK/$file")
        if [[ $non2xx != 0 || $errors != none ]]; then
            echo "  ${file%.txt}: non-2xx/3xx $non2xx, socket errors: $errors"
        fi
    done
}
