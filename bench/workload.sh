#!/usr/bin/env bash
# Workload benchmark for `make bench`: the timetable's upstream calls under a simulated day of
# journey requests (WorkloadBench): 10,000 requests, station pairs drawn from a Zipf law
# (s = 1.1) over the 500 busiest pairs of the Swiss directory's stations, times per minute
# weighted to the morning and evening peaks, a fifth followed by their `later` page, through
# the provider transitous answered by the embedded sandbox's MOTIS. Three strategies, each with
# a cache of its own: no cache, the cache by exact key (each query's own time), shared windows
# of 15 minutes; in two orders of time: `keys` (every request within one cache lifetime, each for
# its own minute: the upstream queries the requests need at all) and `day` (each request asked
# at its minute for "now", the 30-second cache expiring between them).
#
# Usage: bash bench/workload.sh <WorkloadBench>
# Env:   WORKLOAD_REQUESTS (default 10000).
#
# Exits non-zero only when the benchmark cannot run. A missed target prints BELOW TARGET.
set -euo pipefail

BIN=${1:?usage: bash bench/workload.sh <WorkloadBench>}
REQUESTS=${WORKLOAD_REQUESTS:-10000}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
# shellcheck source=bench/common.sh
source "$HERE/common.sh"

TARGET_SHARED_OVER_EXACT=0.20

[[ -x $BIN ]] || fail "WorkloadBench binary not found or not executable: $BIN"
OUT=$(mktemp "${TMPDIR:-/tmp}/gottago-workload.XXXXXX")
trap 'rm -f "$OUT"' EXIT

echo "workload benchmark: $REQUESTS journey requests over a simulated day (WorkloadBench)"
"$BIN" "$ROOT/Routes" "$REQUESTS" >"$OUT" 2>/dev/null || fail "WorkloadBench failed: $(tail -5 "$OUT")"
grep -v '^$' "$OUT" | sed 's/^/  /'
value() { awk -v key="$1:" '$1 == key { print $2 }' "$OUT"; }
for mode in keys day; do
    ratio=$(value "$mode-shared-over-exact")
    printf '  %s: shared windows / exact key = %s upstream calls (target <= %s)  %s\n' "$mode" "$ratio" "$TARGET_SHARED_OVER_EXACT" \
        "$(flag "$ratio" "<=" "$TARGET_SHARED_OVER_EXACT")"
done
printf '  the floor for first pages: distinct pair-quarter-hours / distinct pair-minutes = %s\n' "$(value distinct-keys-windows-over-minutes)"
