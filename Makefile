# GottaGo: `make serve` runs the service on its embedded defaults, `make test` runs the tests,
# `make bench` prints the benchmark ratios. Each first installs the Debian packages it needs
# (one `apt-get update`, and only when something is missing).

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
BUILD_PACKAGES := pkg-config libxml2-dev libcurl4-openssl-dev zlib1g-dev libmicrohttpd-dev \
                  libsqlite3-dev libhiredis-dev
BENCH_PACKAGES := wrk nginx curl python3
SERVE_ARGS ?=

.PHONY: all build release serve test bench clean

all: build

build:
	@bash scripts/ensure-packages.sh $(BUILD_PACKAGES)
	$(SWIFT) build

release:
	@bash scripts/ensure-packages.sh $(BUILD_PACKAGES)
	$(SWIFT) build -c release

serve: release
	$(SWIFT) run -c release gottago serve $(SERVE_ARGS)

test:
	@bash scripts/ensure-packages.sh $(BUILD_PACKAGES)
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest

bench:
	@bash scripts/ensure-packages.sh $(BUILD_PACKAGES) $(BENCH_PACKAGES)
	$(SWIFT) build -c release
	bash bench/server.sh "$$($(SWIFT) build -c release --show-bin-path)/gottago"

clean:
	rm -rf .build
