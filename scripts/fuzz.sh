#!/bin/bash
# make fuzz: libFuzzer over the routes, one run per response format (html, xml, json, gtfs-rt), SECONDS
# split between them. Each run feeds only its format's routes (SCRAPE_FUZZ_FORMAT), mutates with
# that format's dictionary (Tests/Fuzz/<format>.dict, written by scripts/fuzz-dict.py), starts
# from its seeds (Tests/Fuzz/corpus/<route-id>/ and the routes' samples, written to
# BUILD/seeds/<format>/) and the inputs earlier runs kept (BUILD/corpus/<format>/), and caps
# inputs at MAX-LEN bytes. A crash, leak or timeout stops it with BUILD/<format>-crash-* (or
# leak-*, timeout-*) and the route it went to; then the figure: inputs run per second, against
# the goal of 1,000.
#
#   scripts/fuzz.sh FUZZER SECONDS MAX-LEN BUILD
set -euo pipefail
fuzzer=$1 seconds=$2 max_len=$3 build=$4
goal=1000
formats=(html xml json gtfs-rt)
export LSAN_OPTIONS=suppressions=Tests/Fuzz/lsan.supp:print_suppressions=0

python3 scripts/fuzz-dict.py --check || echo "fuzz: the dictionaries are older than Routes/; fuzzing with them anyway"
share=$(( seconds / ${#formats[@]} ))
(( share > 0 )) || share=1
total_units=0 total_wall=0 total_cpu=0
for format in "${formats[@]}"; do
    rm -rf "$build/seeds/$format"
    mkdir -p "$build/seeds/$format" "$build/corpus/$format"
    SCRAPE_FUZZ_FORMAT=$format "$fuzzer" --seeds "$build/seeds/$format" "$max_len" Tests/Fuzz/corpus
    log=$build/fuzz-$format.log
    times=$build/fuzz-$format.times
    status=0
    # bash's `time`: wall, user and system seconds of the libFuzzer process.
    TIMEFORMAT='%R %U %S'
    { time SCRAPE_FUZZ_FORMAT=$format "$fuzzer" "$build/corpus/$format" "$build/seeds/$format" \
        -dict="Tests/Fuzz/$format.dict" -max_total_time="$share" -max_len="$max_len" -timeout=10 \
        -rss_limit_mb=2048 -artifact_prefix="$build/$format-" -print_final_stats=1 >"$log" 2>&1; } 2>"$times" || status=$?
    if (( status != 0 )); then
        tail -n 80 "$log"
        for artifact in "$build/$format"-{crash,leak,timeout,oom}-*; do
            [[ -e $artifact ]] || continue
            which=$(SCRAPE_FUZZ_FORMAT=$format "$fuzzer" --which "$artifact" 2>/dev/null || true)
            echo "$which"
            route=$(sed -n 's/^.*: route \([^,]*\),.*$/\1/p' <<<"$which")
            echo "fuzz: once fixed, keep it: cp $artifact Tests/Fuzz/corpus/${route:-<route-id>}/<what-it-is>"
        done
        echo "fuzz: the $format run failed (status $status); its log is $log"
        exit 1
    fi
    read -r wall user system <"$times"
    units=$(awk '/^stat::number_of_executed_units:/ { print $2 }' "$log")
    cov=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' || true)
    cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { print u + s }')
    awk -v f="$format" -v n="$units" -v w="$wall" -v c="$cpu" -v cov="$cov" 'BEGIN {
        printf "fuzz: %-4s %7d inputs in %5.1f s (%5.1f s of CPU): %5d exec/s, %5d per CPU second; %s\n", f, n, w, c, n / w, n / c, cov }'
    total_units=$(( total_units + units ))
    total_wall=$(awk -v a="$total_wall" -v b="$wall" 'BEGIN { print a + b }')
    total_cpu=$(awk -v a="$total_cpu" -v b="$cpu" 'BEGIN { print a + b }')
done
# The machine may be shared: the CPU-second figure is what the fuzzer itself got done.
awk -v n="$total_units" -v w="$total_wall" -v c="$total_cpu" -v goal="$goal" -v load="$(cut -d' ' -f1-3 /proc/loadavg)" 'BEGIN {
    printf "fuzz: %d inputs in %.1f s: %d exec/s (goal >= %d), %d per CPU second; load average %s\n", n, w, n / w, goal, n / c, load }'
