# Quick start: `make run` starts the live clock, `make test` runs every test.
# Both first install any missing Debian packages (scripts/setup, list in scripts/system-packages.txt).
SWIFT ?= swift
ARGS ?=

.PHONY: run test build release setup bench clean

setup:
	@scripts/setup

build: setup
	$(SWIFT) build

# The Swift runtime and Foundation linked in, by lld with packed relative relocations (DT_RELR):
# a faster start and less memory (figures in BENCHMARKS.md).
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
release: setup
	$(SWIFT) build $(RELEASE_FLAGS) --product clockwork

run: release
	.build/release/clockwork $(ARGS)

# The end-to-end tests run on Debian's own Python and its packages (scripts/test-packages.txt).
PYTHON ?= /usr/bin/python3

test:
	@scripts/setup --tests
	scripts/checks/portable-libraries
	$(SWIFT) build --build-tests
	$(PYTHON) scripts/checks/doc-examples
	$(SWIFT) test --skip-build
	$(PYTHON) -m pytest -q Tests/terminal Tests/faults Tests/desktop

bench: release
	scripts/bench/plain-clock-latency

clean:
	rm -rf .build
