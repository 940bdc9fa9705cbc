#!/usr/bin/env bash
# Scrape benchmark for `make bench`: the engine (Extractor.run: parse, error rules, XPath, string
# copies, normalizers) against raw libxml2 in C (bench/scrape/extract.c) and Python lxml
# (bench/scrape/extract_lxml.py) doing the same parse and XPath evaluations over the same samples.
#
# Usage: bash bench/scrape.sh
# Env:   SWIFT (default: swift on PATH, else /opt/swift/usr/bin/swift), CC (default: cc, else the
#        toolchain's clang) for bench/scrape/extract.c, BENCH_PYTHON (default
#        python3; creates the venv .build/bench-venv, which is reused when lxml imports in it),
#        BENCH_SCRAPE_ROUNDS (default 7) alternating wall-time runs of each program,
#        BENCH_SCRAPE_ITERATIONS (default 200) extractions per run, BENCH_SCRAPE_WARMUP (default 5)
#        untimed extractions before each run, BENCH_SCRAPE_IR_ITERATIONS (default 11) for the
#        second callgrind run, BENCH_KEEP=1 keeps the temp dir (callgrind files, outputs).
#
# Instructions (valgrind --tool=callgrind) are counted at 1 and at N iterations, so that process
# start and route loading cancel out: per extraction = (Ir(N) - Ir(1)) / (N - 1).
#
# Exits non-zero only when the benchmark cannot run (missing tool, failed build, a program that
# fails, programs that disagree on what they extracted, or references whose expressions no longer
# mirror the route file). A missed target is printed as BELOW TARGET, not fatal.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=bench/common.sh
source "$HERE/common.sh"
ROOT=$(cd "$HERE/.." && pwd)
SWIFT=${SWIFT:-$(command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)}
PYTHON=${BENCH_PYTHON:-python3}
ROUNDS=${BENCH_SCRAPE_ROUNDS:-7}
ITERATIONS=${BENCH_SCRAPE_ITERATIONS:-200}
WARMUP=${BENCH_SCRAPE_WARMUP:-5}
IR_ITERATIONS=${BENCH_SCRAPE_IR_ITERATIONS:-11}
VENV=$ROOT/.build/bench-venv

# The project targets each figure is checked against; a miss prints BELOW TARGET.
TARGET_IR_RATIO=1.10   # engine instructions per extraction / raw C's
TARGET_WALL_RATIO=1.0  # engine median wall time per extraction / lxml's

# The samples: route id, body (relative to Routes/), parameters for the engine.
SAMPLES=(
    "hafas-extxml-connections|hafas-extxml-connections/samples/zurich-baden-2016-12-23.xml|"
    "bahn-mobile-connections|bahn-mobile-connections/samples/berlin-ostbahnhof-bergisch-gladbach-2017-12-17.html|date=2017-12-17"
)





positive() { # name value
    [[ $2 =~ ^[0-9]+$ ]] && (($2 >= 1)) || fail "$1 must be a whole number >= 1 (got '$2')"
}

# Compares with awk since bash has no floats; "n/a" never meets a target.
meets() { # value op limit
    awk -v v="$1" -v op="$2" -v l="$3" 'BEGIN {
        if (v == "n/a") exit 1
        exit !((op == ">=") ? (v + 0 >= l + 0) : (v + 0 <= l + 0))
    }'
}
flag() { if meets "$@"; then echo ""; else echo "BELOW TARGET"; fi; }

ratio() { # numerator denominator
    awk -v a="$1" -v b="$2" 'BEGIN { if (a == "n/a" || b == "n/a" || b + 0 == 0) print "n/a"; else printf "%.2f\n", a / b }'
}

# 1234567 -> 1,234,567
grouped() {
    awk -v n="$1" 'BEGIN {
        if (n == "n/a") { print n; exit }
        s = sprintf("%d", n); out = ""
        while (length(s) > 3) { out = "," substr(s, length(s) - 2) out; s = substr(s, 1, length(s) - 3) }
        print s out
    }'
}

ms() { awk -v n="$1" 'BEGIN { if (n == "n/a") print n; else printf "%.3f\n", n / 1e6 }'; }

# The value of a `key: value` line in a program's output.
field() { # file key
    awk -v k="$2: " 'index($0, k) == 1 { print substr($0, length(k) + 1); found = 1; exit } END { if (!found) print "n/a" }' "$1"
}

median() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.0f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# Runs one of the three programs; its stdout goes to the file, and a failure is fatal.
run() { # output-file program-name command...
    local out=$1 name=$2
    shift 2
    local status=0
    "$@" >"$out" 2>"$out.stderr" || status=$?
    if ((status != 0)); then
        cat "$out.stderr" >&2 || true
        fail "$name failed (exit $status): $*"
    fi
}

# Instructions for one run under callgrind, from callgrind_annotate's PROGRAM TOTALS line.
instructions() { # name out-prefix command...
    local name=$1 prefix=$2
    shift 2
    local status=0
    valgrind --tool=callgrind --callgrind-out-file="$prefix.callgrind" "$@" >"$prefix.stdout" 2>"$prefix.valgrind" || status=$?
    if ((status != 0)); then
        tail -n 20 "$prefix.valgrind" >&2 || true
        fail "valgrind failed on $name (exit $status): $*"
    fi
    local total
    total=$(callgrind_annotate "$prefix.callgrind" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1; exit }')
    [[ $total =~ ^[0-9]+$ ]] || fail "no PROGRAM TOTALS in callgrind_annotate output for $name ($prefix.callgrind)"
    echo "$total"
}

# --- setup -------------------------------------------------------------------------------------

positive BENCH_SCRAPE_ROUNDS "$ROUNDS"
positive BENCH_SCRAPE_ITERATIONS "$ITERATIONS"
[[ $WARMUP =~ ^[0-9]+$ ]] || fail "BENCH_SCRAPE_WARMUP must be a whole number (got '$WARMUP')"
positive BENCH_SCRAPE_IR_ITERATIONS "$IR_ITERATIONS"
((IR_ITERATIONS >= 2)) || fail "BENCH_SCRAPE_IR_ITERATIONS must be >= 2"

require valgrind "install it with: apt-get install valgrind (make bench does this)"
require callgrind_annotate "it comes with valgrind: apt-get install valgrind"
require pkg-config "install it with: apt-get install pkg-config"
require awk "install it with: apt-get install mawk"
require "$PYTHON" "install it with: apt-get install python3 python3-venv (or set BENCH_PYTHON)"
[[ -x $SWIFT ]] || SWIFT=$(command -v "$SWIFT" 2>/dev/null) || fail "swift not found; set SWIFT or install it in /opt/swift"
# The C compiler: $CC, else cc, else the clang that comes with the Swift toolchain.
CC=${CC:-$(command -v cc 2>/dev/null || echo "$(dirname "$SWIFT")/clang")}
command -v "$CC" >/dev/null 2>&1 || fail "no C compiler found; install gcc (apt-get install gcc) or set CC"
pkg-config --exists libxml-2.0 || fail "libxml2 development files not found; install them with: apt-get install libxml2-dev"

cd "$ROOT"
for sample in "${SAMPLES[@]}"; do
    IFS='|' read -r _ body _ <<<"$sample"
    [[ -f Routes/$body ]] || fail "missing sample Routes/$body"
done
[[ -f $HERE/scrape/extract.c && -f $HERE/scrape/extract_lxml.py ]] || fail "missing bench/scrape/extract.c or extract_lxml.py"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gottago-scrape-bench.XXXXXX")

echo "scrape benchmark: building"
"$SWIFT" build -c release --product ScrapeBench >"$WORK/swift-build.log" 2>&1 ||
    { tail -n 30 "$WORK/swift-build.log" >&2; fail "swift build -c release --product ScrapeBench failed"; }
ENGINE="$("$SWIFT" build -c release --show-bin-path)/ScrapeBench"
[[ -x $ENGINE ]] || fail "ScrapeBench not found at $ENGINE after the build"

# shellcheck disable=SC2046  # pkg-config's flags are meant to split
"$CC" -O2 -o "$WORK/extract" "$HERE/scrape/extract.c" $(pkg-config --cflags --libs libxml-2.0) 2>"$WORK/cc.log" ||
    { cat "$WORK/cc.log" >&2; fail "$CC could not build bench/scrape/extract.c"; }
C_PROGRAM=$WORK/extract

if ! "$VENV/bin/python" -c 'import lxml.etree' 2>/dev/null; then
    if [[ ! -x $VENV/bin/python ]]; then
        rm -rf "$VENV"
        "$PYTHON" -m venv "$VENV" >"$WORK/venv.log" 2>&1 ||
            { cat "$WORK/venv.log" >&2; rm -rf "$VENV"; fail "$PYTHON -m venv failed; install python3-venv (make bench does this)"; }
    fi
    echo "scrape benchmark: installing lxml from PyPI into $VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check lxml >"$WORK/pip.log" 2>&1 ||
        { tail -n 20 "$WORK/pip.log" >&2; fail "pip install lxml failed (is PyPI reachable?)"; }
    "$VENV/bin/python" -c 'import lxml.etree' || fail "lxml does not import in $VENV"
fi
LXML=("$VENV/bin/python" "$HERE/scrape/extract_lxml.py")

debian_libxml2=$(dpkg-query -W -f='${Version}' libxml2 2>/dev/null || pkg-config --modversion libxml-2.0)
lxml_versions=$("$VENV/bin/python" -c 'import lxml.etree as e; v = lambda t: ".".join(map(str, t)); print(v(e.LXML_VERSION[:3]), v(e.LIBXML_VERSION))')
read -r lxml_version lxml_libxml2 <<<"$lxml_versions"

echo "scrape benchmark: Extractor.run (normalizers included) vs raw libxml2 in C vs Python lxml, same inputs"
echo "  engine and C: Debian libxml2 $debian_libxml2   lxml $lxml_version with its own libxml2 $lxml_libxml2"
echo "  instructions: callgrind, (Ir($IR_ITERATIONS) - Ir(1)) / $((IR_ITERATIONS - 1)) per extraction"
echo "  wall time: $ROUNDS alternating rounds of $ITERATIONS extractions each (after $WARMUP untimed), median ms per extraction"

RESULTS=()

# --- each sample -------------------------------------------------------------------------------

for sample in "${SAMPLES[@]}"; do
    IFS='|' read -r id body params <<<"$sample"
    file=Routes/$body
    engine_args=()
    if [[ -n $params ]]; then
        for pair in $params; do engine_args+=(--param "$pair"); done
    fi
    engine=("$ENGINE" "$id" "$file")
    c=("$C_PROGRAM" "$id" "$file")
    lxml=("${LXML[@]}" "$id" "$file")
    tag=$id

    # Same work: the three must agree on what they extracted.
    run "$WORK/$tag.engine.check" ScrapeBench "${engine[@]}" 1 "${engine_args[@]}"
    run "$WORK/$tag.c.check" "C program" "${c[@]}" 1
    run "$WORK/$tag.lxml.check" "lxml script" "${lxml[@]}" 1
    summary=$(field "$WORK/$tag.engine.check" summary)
    for other in "c|the C program" "lxml|the lxml script"; do
        theirs=$(field "$WORK/$tag.${other%%|*}.check" summary)
        [[ $theirs == "$summary" ]] ||
            fail "$id: records differ: engine '$summary', ${other#*|} '$theirs' (bench/scrape mirrors the route files; update it)"
    done
    # Same expressions: the references' tables must still mirror the route file.
    expressions=$(field "$WORK/$tag.engine.check" expressions)
    for other in "c|the C program|extract.c" "lxml|the lxml script|extract_lxml.py"; do
        IFS='|' read -r program name source <<<"$other"
        theirs=$(field "$WORK/$tag.$program.check" expressions)
        [[ $theirs == "$expressions" ]] ||
            fail "$id: $name evaluates other expressions than Routes/$id/route.xml (count and hash: route '$expressions', $name '$theirs'); update bench/scrape/$source"
    done
    c_strings=$(field "$WORK/$tag.c.check" strings)
    lxml_strings=$(field "$WORK/$tag.lxml.check" strings)
    [[ $c_strings == "$lxml_strings" ]] ||
        fail "$id: the C program copied $c_strings strings, the lxml script $lxml_strings; they must mirror each other"
    if [[ -s $WORK/$tag.engine.check.stderr ]]; then
        sed 's/^/  /' "$WORK/$tag.engine.check.stderr"
    fi

    echo
    echo "$id: $body ($(field "$WORK/$tag.engine.check" bytes) bytes; $summary; $(field "$WORK/$tag.engine.check" values) values, $c_strings strings copied)"

    # Instructions.
    engine_1=$(instructions ScrapeBench "$WORK/$tag.engine.ir1" "${engine[@]}" 1 "${engine_args[@]}")
    engine_n=$(instructions ScrapeBench "$WORK/$tag.engine.irn" "${engine[@]}" "$IR_ITERATIONS" "${engine_args[@]}")
    c_1=$(instructions "C program" "$WORK/$tag.c.ir1" "${c[@]}" 1)
    c_n=$(instructions "C program" "$WORK/$tag.c.irn" "${c[@]}" "$IR_ITERATIONS")
    engine_ir=$(((engine_n - engine_1) / (IR_ITERATIONS - 1)))
    c_ir=$(((c_n - c_1) / (IR_ITERATIONS - 1)))
    ir_ratio=$(ratio "$engine_ir" "$c_ir")
    printf '  instructions per extraction: engine %s   C %s   engine/C %s (target <= %s)  %s\n' \
        "$(grouped "$engine_ir")" "$(grouped "$c_ir")" "$ir_ratio" "$TARGET_IR_RATIO" "$(flag "$ir_ratio" "<=" "$TARGET_IR_RATIO")"

    # Wall time: the programs take turns, and medians are compared (the machine is noisy).
    : >"$WORK/$tag.engine.ns"
    : >"$WORK/$tag.c.ns"
    : >"$WORK/$tag.lxml.ns"
    for round in $(seq "$ROUNDS"); do
        run "$WORK/$tag.engine.$round" ScrapeBench "${engine[@]}" "$ITERATIONS" --warmup "$WARMUP" "${engine_args[@]}"
        run "$WORK/$tag.c.$round" "C program" "${c[@]}" "$ITERATIONS" --warmup "$WARMUP"
        run "$WORK/$tag.lxml.$round" "lxml script" "${lxml[@]}" "$ITERATIONS" --warmup "$WARMUP"
        for program in engine c lxml; do
            field "$WORK/$tag.$program.$round" per-iteration-ns >>"$WORK/$tag.$program.ns"
        done
        printf '  round %d: engine %8s ms   C %8s ms   lxml %8s ms\n' "$round" \
            "$(ms "$(field "$WORK/$tag.engine.$round" per-iteration-ns)")" \
            "$(ms "$(field "$WORK/$tag.c.$round" per-iteration-ns)")" \
            "$(ms "$(field "$WORK/$tag.lxml.$round" per-iteration-ns)")"
    done
    engine_ns=$(median <"$WORK/$tag.engine.ns")
    c_ns=$(median <"$WORK/$tag.c.ns")
    lxml_ns=$(median <"$WORK/$tag.lxml.ns")
    wall_ratio=$(ratio "$engine_ns" "$lxml_ns")
    printf '  median wall time per extraction: engine %s ms   C %s ms   lxml %s ms   engine/lxml %s (target <= %s)  %s\n' \
        "$(ms "$engine_ns")" "$(ms "$c_ns")" "$(ms "$lxml_ns")" "$wall_ratio" "$TARGET_WALL_RATIO" \
        "$(flag "$wall_ratio" "<=" "$TARGET_WALL_RATIO")"
    printf '  (engine/C wall %s, C/lxml wall %s: Debian libxml2 %s against lxml'"'"'s %s)\n' \
        "$(ratio "$engine_ns" "$c_ns")" "$(ratio "$c_ns" "$lxml_ns")" "$(pkg-config --modversion libxml-2.0)" "$lxml_libxml2"

    RESULTS+=("$(printf '%-26s %12s %12s %7s %-12s %9s %9s %7s %s' "$id" \
        "$(grouped "$engine_ir")" "$(grouped "$c_ir")" "$ir_ratio" "$(flag "$ir_ratio" "<=" "$TARGET_IR_RATIO")" \
        "$(ms "$engine_ns")" "$(ms "$lxml_ns")" "$wall_ratio" "$(flag "$wall_ratio" "<=" "$TARGET_WALL_RATIO")")")
done

# --- summary -----------------------------------------------------------------------------------

echo
printf '%-26s %12s %12s %7s %-12s %9s %9s %7s\n' "scrape summary" "Ir engine" "Ir C" "eng/C" "" "ms engine" "ms lxml" "eng/lxml"
for line in "${RESULTS[@]}"; do echo "$line"; done
printf 'targets: engine/C instructions <= %s, engine/lxml median wall time <= %s\n' "$TARGET_IR_RATIO" "$TARGET_WALL_RATIO"
