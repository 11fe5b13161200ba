# Quick start: `make run` starts the live clock, `make test` runs every test.
# Both first install any missing Debian packages (scripts/setup, list in scripts/system-packages.txt).
SWIFT ?= swift
ARGS ?=

.PHONY: run test build release setup bench clean

setup:
	@scripts/setup

build: setup
	$(SWIFT) build

# The Swift runtime and Foundation linked in: start-up takes half the CPU (8 ms instead of 18
# for --help) and the process 5 MB less memory. Linked by lld with packed relative relocations
# (DT_RELR): 78,000 pointer fix-ups in 30 KB instead of 1.9 MB that start-up reads; 2.7 MB less
# peak RSS (BENCHMARKS.md).
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
release: setup
	$(SWIFT) build $(RELEASE_FLAGS) --product clockwork

run: release
	.build/release/clockwork $(ARGS)

test:
	@scripts/setup --with-python
	scripts/checks/portable-libraries
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	python3 -m pytest -q Tests/terminal

bench: release
	scripts/bench/plain-clock-latency

clean:
	rm -rf .build
