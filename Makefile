# GottaGo: `make serve` runs the service on its embedded defaults, `make test` runs the tests,
# `make bench` prints the benchmark ratios, `make fuzz` fuzzes every route. Each first installs the
# Debian packages it needs (one `apt-get update`, and only when something is missing).

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
BUILD_PACKAGES := pkg-config libxml2-dev libcurl4-openssl-dev zlib1g-dev node-llhttp \
                  libsqlite3-dev libhiredis-dev redis-server tzdata libxml2-utils
# The tests' own: the SVG 1.1 DTD for xmllint, and Chromium (with a font) for the web page's checks.
TEST_PACKAGES := python3-venv curl w3c-sgml-lib chromium fonts-dejavu-core
BENCH_PACKAGES := wrk nginx curl python3 valgrind python3-venv
CLUSTER_PACKAGES := nginx wrk curl python3
SERVE_ARGS ?=
# `make fuzz`: seconds to run (split between the html, xml and json routes), the largest input
# (every input of Tests/Fuzz/corpus that once broke something is under 600 bytes), and where the
# instrumented build and the inputs it finds go. Optimized, assertions kept, with ASan and libFuzzer.
FUZZ_SECONDS ?= 300
FUZZ_MAX_LEN ?= 4096
FUZZ_BUILD := .build-fuzz
# Seconds of libFuzzer over the HTTP core's connection state machine (scripts/fuzz-http.sh).
FUZZ_HTTP_SECONDS ?= 30
FUZZ_FLAGS := -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld \
              -Xswiftc -assert-config -Xswiftc Debug

# `make soak`: SOAK_SECONDS of mixed traffic (bench/soak.sh), 1200 by default; not run by `make test`.
SOAK_SECONDS ?= 1200

.PHONY: all build release serve test bench soak fuzz fuzz-build contract cluster cluster-test clean

all: build

# Web/ is embedded by Sources/EmbeddedFiles/web.S, which this rewrites when a file of Web/ changed.
EMBED_WEB := python3 scripts/embed-web.py

build:
	@bash scripts/ensure-packages.sh $(BUILD_PACKAGES)
	$(EMBED_WEB)
	$(SWIFT) build

release:
	@bash scripts/ensure-packages.sh $(BUILD_PACKAGES)
	$(EMBED_WEB)
	$(SWIFT) build -c release

# The timetable in OJP's format, the one that carries every real-time state (README: Two commands).
serve: release
	$(SWIFT) run -c release gottago serve --timetable ojp $(SERVE_ARGS)

test:
	@bash scripts/ensure-packages.sh $(BUILD_PACKAGES) $(TEST_PACKAGES)
	$(EMBED_WEB)
	$(SWIFT) build --build-tests
	bash scripts/with-redis.sh $(SWIFT) test --skip-build --disable-xctest
	"$$($(SWIFT) build --show-bin-path)/gottago" routes check
	bash scripts/gtfs-rt-decode.sh "$$($(SWIFT) build --show-bin-path)/gottago"
	bash scripts/api-contract.sh "$$($(SWIFT) build --show-bin-path)/gottago"
	bash scripts/opendata-client.sh "$$($(SWIFT) build --show-bin-path)/gottago"
	bash scripts/web-check.sh "$$($(SWIFT) build --show-bin-path)/gottago"
	bash scripts/check-unit.sh "$$($(SWIFT) build --show-bin-path)/gottago"
	@bash scripts/ensure-packages.sh $(CLUSTER_PACKAGES)
	bash scripts/http-differential.sh "$$($(SWIFT) build --show-bin-path)/gottago"
	bash scripts/cluster-test.sh "$$($(SWIFT) build --show-bin-path)/gottago"
	"$$($(SWIFT) build --show-bin-path)/ScrapeFuzzer" Tests/Fuzz/corpus
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=60

# Each figure missed by more than 10% is listed at the end, and the run then exits non-zero.
bench: export BENCH_MISSES := $(CURDIR)/.build/bench-misses
bench:
	@bash scripts/ensure-packages.sh $(BUILD_PACKAGES) $(BENCH_PACKAGES)
	$(SWIFT) build -c release
	@mkdir -p .build && : >"$$BENCH_MISSES"
	bash bench/server.sh "$$($(SWIFT) build -c release --show-bin-path)/gottago"
	bash bench/subscribers.sh "$$($(SWIFT) build -c release --show-bin-path)/gottago"
	bash bench/limits.sh "$$($(SWIFT) build -c release --show-bin-path)/gottago"
	bash bench/upstream.sh "$$($(SWIFT) build -c release --show-bin-path)/gottago"
	bash bench/timetable.sh "$$($(SWIFT) build -c release --show-bin-path)/gottago"
	bash bench/departures.sh "$$($(SWIFT) build -c release --show-bin-path)/gottago" "$$($(SWIFT) build -c release --show-bin-path)/DirectoryBench"
	bash bench/transit.sh "$$($(SWIFT) build -c release --show-bin-path)/gottago" "$$($(SWIFT) build -c release --show-bin-path)/TransitBench"
	bash bench/workload.sh "$$($(SWIFT) build -c release --show-bin-path)/WorkloadBench"
	bash bench/routeweather.sh "$$($(SWIFT) build -c release --show-bin-path)/gottago"
	bash bench/scrape.sh
	bash bench/cluster.sh "$$($(SWIFT) build -c release --show-bin-path)/gottago"
	bash bench/misses.sh "$$BENCH_MISSES"

# bench/soak.sh: every endpoint, 5% bad requests and 200 slow clients against one release build
# whose sandbox fails 2% of its answers; checks RSS growth, unexpected 5xx and open files.
soak:
	@bash scripts/ensure-packages.sh $(BUILD_PACKAGES) python3 curl
	$(EMBED_WEB)
	$(SWIFT) build -c release
	SOAK_SECONDS=$(SOAK_SECONDS) bash bench/soak.sh "$$($(SWIFT) build -c release --show-bin-path)/gottago"

# A local deployment from Deploy/ (scripts/cluster.sh): redis-server, 3 release instances sharing
# it and nginx with Deploy/nginx-frontend.conf in front, on loopback, until Ctrl-C. CLUSTER_PORT
# sets nginx's port; the arguments in SERVE_ARGS go to every instance.
cluster: release
	@bash scripts/ensure-packages.sh $(CLUSTER_PACKAGES)
	bash scripts/cluster.sh "$$($(SWIFT) build -c release --show-bin-path)/gottago" $(SERVE_ARGS)

# The same deployment tested through nginx (scripts/cluster-test.sh); `make test` runs it too.
cluster-test:
	@bash scripts/ensure-packages.sh $(BUILD_PACKAGES) $(CLUSTER_PACKAGES)
	$(SWIFT) build
	bash scripts/cluster-test.sh "$$($(SWIFT) build --show-bin-path)/gottago"

# The public API against its OpenAPI document: the document validated as OpenAPI 3.1, then
# schemathesis --checks all (both pinned, installed from PyPI into .build/contract-venv); skipped
# with a message when PyPI cannot be reached. `make test` runs it too.
contract:
	@bash scripts/ensure-packages.sh $(BUILD_PACKAGES) python3-venv curl
	$(SWIFT) build
	bash scripts/api-contract.sh "$$($(SWIFT) build --show-bin-path)/gottago"

# scripts/fuzz.sh: one libFuzzer run per response format, with that format's dictionary
# (Tests/Fuzz/<format>.dict) and seeds (Tests/Fuzz/corpus/<route-id>/ and the routes' samples);
# new inputs go to $(FUZZ_BUILD)/corpus/<format>, a crash or leak to $(FUZZ_BUILD)/<format>-crash-*
# (copy it into Tests/Fuzz/corpus/<route-id>/ once fixed, so that `make test` replays it from
# then on). It ends with the inputs run per second against the goal of 1,000.
fuzz: fuzz-build
	bash scripts/fuzz.sh "$$($(SWIFT) build --scratch-path $(FUZZ_BUILD) $(FUZZ_FLAGS) --show-bin-path)/ScrapeFuzzer" \
		$(FUZZ_SECONDS) $(FUZZ_MAX_LEN) $(FUZZ_BUILD)
	bash scripts/fuzz-http.sh "$$($(SWIFT) build --scratch-path $(FUZZ_BUILD) $(FUZZ_FLAGS) --show-bin-path)/HTTPFuzzer" \
		$(FUZZ_HTTP_SECONDS) $(FUZZ_BUILD)

fuzz-build:
	@bash scripts/ensure-packages.sh $(BUILD_PACKAGES)
	$(SWIFT) build --scratch-path $(FUZZ_BUILD) --product ScrapeFuzzer $(FUZZ_FLAGS)
	$(SWIFT) build --scratch-path $(FUZZ_BUILD) --product HTTPFuzzer $(FUZZ_FLAGS)

clean:
	rm -rf .build $(FUZZ_BUILD)
