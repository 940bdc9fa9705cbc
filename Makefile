# GottaGo: `make serve` runs the service on its embedded defaults, `make test` runs the tests,
# `make bench` prints the benchmark ratios. Each installs the Debian packages it needs first.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
BUILD_PACKAGES := pkg-config libxml2-dev libcurl4-openssl-dev zlib1g-dev libmicrohttpd-dev \
                  libsqlite3-dev libhiredis-dev
TEST_PACKAGES  := libxml2-utils curl
BENCH_PACKAGES := wrk nginx curl python3
SERVE_ARGS ?=

.PHONY: all deps build release serve test bench clean

all: build

deps:
	@bash scripts/ensure-packages.sh $(BUILD_PACKAGES)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

serve: release
	$(SWIFT) run -c release gottago serve $(SERVE_ARGS)

test: deps
	@bash scripts/ensure-packages.sh $(TEST_PACKAGES)
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest

bench: release
	@bash scripts/ensure-packages.sh $(BENCH_PACKAGES)
	bash bench/server.sh "$$($(SWIFT) build -c release --show-bin-path)/gottago"

clean:
	rm -rf .build
