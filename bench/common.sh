# Shared by the benchmark scripts (sourced): failure, the work folder, the exit traps, tool checks.
# A script that starts processes defines `bench_stop` to stop them; it runs first on every exit.

WORK=

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
