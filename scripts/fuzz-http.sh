#!/bin/bash
# make fuzz: libFuzzer over the HTTP core's connection state machine for SECONDS: each input is one
# client connection to a running server (a socket pair served by its event loop), its bytes
# written in pieces the input's first two bytes choose. Starts from Tests/Fuzz/http/ and the
# inputs earlier runs kept (BUILD/corpus/http/), with an HTTP dictionary. A crash, a leak or an
# answer that never ends (a timeout) stops it with BUILD/http-crash-* (or leak-*, timeout-*);
# then the figure: inputs run per second.
#
#   scripts/fuzz-http.sh FUZZER SECONDS BUILD
set -euo pipefail
fuzzer=$1 seconds=$2 build=$3
export LSAN_OPTIONS=suppressions=Tests/Fuzz/lsan.supp:print_suppressions=0
mkdir -p "$build/corpus/http"
log=$build/fuzz-http.log
status=0
"$fuzzer" "$build/corpus/http" Tests/Fuzz/http -dict=Tests/Fuzz/http.dict -max_total_time="$seconds" -max_len=4096 \
    -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$build/http-" -print_final_stats=1 >"$log" 2>&1 || status=$?
if (( status != 0 )); then
    tail -n 60 "$log"
    echo "fuzz-http: libFuzzer stopped with status $status; the input is in $build/http-*"
    exit 1
fi
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
echo "fuzz-http: $runs connections in $seconds s: $rate exec/s; $cov"
