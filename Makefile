# Quick start: `make run` starts the live clock, `make test` runs every test.
# Both first install any missing Debian packages (scripts/setup, list in scripts/system-packages.txt).
SWIFT ?= swift
ARGS ?=

.PHONY: run run-desktop test build release release-flags setup bench clean install uninstall format docs man

setup:
	@scripts/setup

build: setup
	$(SWIFT) build
	scripts/translations/build .build

# The Swift runtime, Foundation, the C++ runtime, libgcc's unwinder, glibc's libm and Cairo
# (with pixman, fontconfig, FreeType, libpng, expat, brotli, zlib) linked in, by lld with packed
# relative relocations (DT_RELR), no exported symbols and no run path (ld.so looked for libc
# beside the binary first: 22 failed system calls); each of our functions in a section of its own,
# and those a start runs laid side by side (scripts/release/link-order): a faster start and less
# memory, and none of the X11 libraries the shared libcairo needs (nor libgcc_s, whose
# constructor asks the CPU's features with instructions a virtual machine traps). Generic
# types' metadata is asked for by direct calls rather than by mangled names the runtime
# demangles and checks at the first use, which every start paid for. Generic code of one module
# used by another (the frame runner, for the clock's screen and the terminal) is specialised where
# it is used (cross-module optimisation), rather than looking up its types' metadata at every
# call, every second. Segments aligned to 64 KB,
# the code on a boundary of its own: the kernel then loads the binary at a 64 KB boundary, and
# the 64 KB windows of pages it maps around each page touched (fault-around) fall alike at every
# start, the first where the code a start runs begins. A random 4 KB placement made the binary's
# resident part anything from 5.3 to 6.0 MB; the load address keeps 24 random bits of 28
# (figures in BENCHMARKS.md). The data come before the code and the unwind tables last
# (scripts/release/layout.ld), so that a start whose file has left the page cache reads less,
# and the constants stay read-only (scripts/release/constants.ld for the desktop app).
# SwiftPM does not recompile for changed -Xswiftc flags: after changing them,
# `rm -rf .build/*-linux-gnu/release`.
STATIC_LIBS = .build/static-libs
STATIC_C = cairo pixman-1 fontconfig freetype png16 expat brotlidec brotlicommon z
RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld \
	-Xswiftc -Xclang-linker -Xswiftc -static-libgcc \
	-Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xlinker -z -Xlinker max-page-size=65536 -Xlinker -z -Xlinker separate-code \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/release/link-order.txt -Xlinker --no-warn-symbol-ordering \
	-Xlinker -T -Xlinker $(CURDIR)/scripts/release/layout.ld \
	-Xlinker -L$(CURDIR)/$(STATIC_LIBS) $(foreach lib,$(STATIC_C),-Xlinker -l$(lib)) \
	-Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -cross-module-optimization
# The desktop app draws into GTK's Cairo contexts, so it links the shared libcairo GTK links
# (two Cairos in one process would each see the other's objects as garbage). Its functions are
# laid out in the order it runs them too (scripts/release/link-order --desktop).
DESKTOP_RELEASE_FLAGS = -c release --static-swift-stdlib --disable-local-rpath -Xswiftc -use-ld=lld \
	-Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/release/desktop-link-order.txt -Xlinker --no-warn-symbol-ordering \
	-Xlinker -T -Xlinker $(CURDIR)/scripts/release/constants.ld \
	-Xswiftc -Xfrontend -Xswiftc -function-sections
release: setup $(STATIC_LIBS)/libstdc++.a $(STATIC_C:%=$(STATIC_LIBS)/lib%.a) $(STATIC_LIBS)/libm.a
	@# SwiftPM links again for changed flags, not for a changed file they name.
	@test .build/release/clockwork -nt scripts/release/link-order.txt || rm -f .build/release/clockwork
	@test .build/release/clockwork -nt scripts/release/layout.ld || rm -f .build/release/clockwork
	@test .build/release/clockwork-alerts -nt scripts/release/layout.ld || rm -f .build/release/clockwork-alerts
	@test .build/release/clockwork-desktop -nt scripts/release/desktop-link-order.txt || rm -f .build/release/clockwork-desktop
	@test .build/release/clockwork-desktop -nt scripts/release/constants.ld || rm -f .build/release/clockwork-desktop
	$(SWIFT) build $(RELEASE_FLAGS) --product clockwork
	$(SWIFT) build $(RELEASE_FLAGS) --product clockwork-alerts
	$(SWIFT) build $(DESKTOP_RELEASE_FLAGS) --product clockwork-desktop
	scripts/translations/build .build

# A folder searched first that holds only archives, so that -lcairo and -lstdc++ (which the
# toolchain's runtime asks for) link them in, each found by the toolchain's own clang
# (libstdc++-12-dev; libcairo2-dev and the -dev packages it brings).
$(STATIC_LIBS)/lib%.a:
	@archive="$$($(dir $(realpath $(shell command -v $(SWIFT))))clang -print-file-name=lib$*.a)"; \
	test -f "$$archive" || { echo "release: no lib$*.a to link (Debian: libstdc++-12-dev, libcairo2-dev)" >&2; exit 1; }; \
	mkdir -p $(STATIC_LIBS) && ln -sf "$$archive" $@

# glibc's math library linked in too (`-lm` finds this script first): libm.a, and what it takes
# from libc.a in a wholly static program (scripts/release/static-libm.c).
$(STATIC_LIBS)/libm.a: scripts/release/static-libm.c
	@clang="$(dir $(realpath $(shell command -v $(SWIFT))))clang"; \
	archive="$$($$clang -print-file-name=libm.a)"; \
	test -f "$$archive" || { echo "release: no libm.a to link (Debian: libc6-dev)" >&2; exit 1; }; \
	mkdir -p $(STATIC_LIBS) && $$clang -O2 -fPIC -ffunction-sections -fno-builtin -c $< -o $(STATIC_LIBS)/static-libm.o && \
	rm -f $(STATIC_LIBS)/static-libm.a && ar rcs $(STATIC_LIBS)/static-libm.a $(STATIC_LIBS)/static-libm.o && \
	echo "GROUP ( $$archive $(CURDIR)/$(STATIC_LIBS)/static-libm.a )" > $@

# The release flags, for a build of one's own (scripts/bench/binary-pages links with a map).
release-flags:
	@echo $(RELEASE_FLAGS)

run: release
	.build/release/clockwork $(ARGS)

# The desktop app (World, Alarms, Stopwatch, Timer).
run-desktop: release
	.build/release/clockwork-desktop

# `make install [PREFIX=/usr/local] [DESTDIR=]`: the stripped binary, man pages, completions.
# BUILT installs a binary built already (the tests install the debug one) instead of the release.
PREFIX ?= /usr/local
DESTDIR ?=
BUILT ?=
install: $(if $(BUILT),,release)
	scripts/install --prefix "$(PREFIX)" --destdir "$(DESTDIR)" $(or $(BUILT),.build/release/clockwork)

# The man pages in docs/man, written anew from the built binary's help (`make test` says when
# they differ from it).
man: build
	scripts/man .build/debug/clockwork

uninstall:
	scripts/install --uninstall --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

# The end-to-end tests run on Debian's own Python and its packages (scripts/test-packages.txt).
PYTHON ?= /usr/bin/python3

# The fuzz targets are built with every test run, so they cannot rot; scripts/fuzz/run fuzzes.
FUZZ_FLAGS = -c release --sanitize=fuzzer --scratch-path scripts/fuzz/.build-fuzz

# A settings file of the developer's (~/.config/clockwork) must not change what the tests see,
# and a test that forgets its own state folder must not write into the developer's.
test: export XDG_CONFIG_HOME = $(CURDIR)/.build/no-settings
test: export XDG_STATE_HOME = $(CURDIR)/.build/test-state
test:
	@scripts/setup --tests
	scripts/checks/portable-libraries
	scripts/checks/foundation-essentials
	$(SWIFT) format lint --strict --recursive Sources Tests Examples
	$(SWIFT) build --build-tests
	scripts/checks/api
	scripts/translations/build .build
	$(SWIFT) build --package-path scripts/fuzz $(FUZZ_FLAGS)
	$(PYTHON) scripts/checks/doc-examples
	$(SWIFT) test --skip-build
	$(PYTHON) -m pytest -q Tests/terminal Tests/faults Tests/desktop Tests/alerts Tests/install Tests/stamps
	scripts/docs

# The DocC documentation of each library product, warnings as errors, in .build/docs.
docs:
	scripts/docs

bench: release
	scripts/bench/plain-clock-latency

# The house style (.swift-format; Sources/.swift-format asks every public symbol for its
# documentation, Tests/.swift-format lets a test force-unwrap its fixtures).
format:
	$(SWIFT) format --in-place --recursive Sources Tests Examples

clean:
	rm -rf .build
