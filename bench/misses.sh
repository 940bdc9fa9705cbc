#!/usr/bin/env bash
# The end of `make bench`: lists the figures of the run that missed their target by more than 10%
# (written by bench/common.sh's `flag` into the file given) and exits 1 when there is any, so that
# a regression fails the run. The bench stays out of CI.
#
# Usage: bash bench/misses.sh <misses-file>
set -euo pipefail

FILE=${1:?usage: bash bench/misses.sh <misses-file>}
if [[ ! -s $FILE ]]; then
    echo "bench: every figure within 10% of its target"
    exit 0
fi
echo "bench: $(wc -l <"$FILE") figure(s) missed the target by more than 10%:" >&2
sed 's/^/  /' "$FILE" >&2
exit 1
