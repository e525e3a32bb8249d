# boids - a flock of boids in the terminal
# See LICENSE for copyright and license details.

# Where `make install` puts things; DESTDIR is prepended to each.
PREFIX = /usr/local
MANPREFIX = $(PREFIX)/share/man
COMPLETIONDIR = $(PREFIX)/share/bash-completion/completions
# zsh looks in site-functions under /usr/local; Debian's, under /usr, in
# vendor-completions, where its packages put theirs.
ZSHCOMPDIR = $(PREFIX)/share/zsh/$(ZSH_FUNCTIONS)
ZSH_FUNCTIONS = $(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)
FISHCOMPDIR = $(PREFIX)/share/fish/vendor_completions.d

CC = cc
PKG_CONFIG = pkg-config

# The release, "1.1.0 2026-11-27": its version and day, in the file
# VERSION and nowhere else. boids --version, the tarball and the
# package take them from there; the man page, NEWS, debian/changelog
# and the README quote them, and tests/release.sh holds each to it.
RELEASE := $(shell cat VERSION 2>/dev/null)
VERSION := $(word 1,$(RELEASE))
RELEASED := $(word 2,$(RELEASE))

# Optimisation, which you may override. NATIVE=1 tunes for the building
# machine (make NATIVE=0 for a binary to copy elsewhere); THREADS=1 steps
# large flocks on every core, on threads the program starts itself (make
# THREADS=0 for one thread; OPENMP=0, the name it had, does the same).
CFLAGS = -O3 -g
NATIVE = 1
THREADS = $(if $(filter 0,$(OPENMP)),0,1)

# What the project needs whatever CFLAGS says.
STDFLAGS = -std=c99 -pedantic
WARNFLAGS = -Wall -Wextra -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wformat=2
DEFS = -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700 \
	-D_XOPEN_SOURCE_EXTENDED

# ncursesw through pkg-config, or the usual names when there is no .pc.
NCURSES_CFLAGS := $(filter-out -D_XOPEN_SOURCE% -D_DEFAULT_SOURCE, \
	$(shell $(PKG_CONFIG) --cflags ncursesw 2>/dev/null))
NCURSES_LIBS := $(shell $(PKG_CONFIG) --libs ncursesw 2>/dev/null || \
	echo -lncursesw)

# zlib and libpng, which compress the images sent over the kitty
# graphics protocol and write --png's picture, the same way; and giflib,
# which writes --gif's, by its name alone: it has no .pc file.
PICTURE_CFLAGS := $(shell $(PKG_CONFIG) --cflags zlib libpng 2>/dev/null)
PICTURE_LIBS := $(shell $(PKG_CONFIG) --libs zlib libpng 2>/dev/null || \
	echo -lpng -lz)
GIF_LIBS = -lgif

probe = $(shell printf 'int main(void){return 0;}\n' | \
	$(CC) $(1) -x c -o /dev/null - >/dev/null 2>&1 && echo $(1))

ifeq ($(NATIVE),1)
TUNEFLAGS := $(call probe,-march=native)
endif
# The hot loops' SIMD pragmas need only -fopenmp-simd, which starts no
# threads and links no runtime; the engine's threads are POSIX threads
# (src/engine/parallel.c).
SIMDFLAGS := $(call probe,-fopenmp-simd)
ifeq ($(THREADS),1)
THREADFLAGS = -DBOIDS_THREADS -pthread
THREADLIBS = -pthread
endif
# Nothing here reads errno after a math function, nor turns on a
# floating-point trap: without -fno-math-errno sqrtf cannot be one vector
# instruction, and without -fno-trapping-math the compiler will not turn
# the rules' selects into vector code where the processor has no masks
# (AVX-512 has). Results, NaN and infinity are unchanged. And a * b + c
# stays two roundings (-ffp-contract=off, what C99 asks unless told
# otherwise), never one fused multiply-add: every build, on every
# processor, flies the same flight, bit for bit.
MATHFLAGS := $(call probe,-fno-math-errno) $(call probe,-fno-trapping-math) \
	$(call probe,-ffp-contract=off)

# The step's inner loops (src/engine/kernel.c) are built once for each vector
# width the processor family may have, and the program runs the widest
# that the processor it finds itself on has (src/engine/step.c): on x86-64,
# SSE2 (every such processor), AVX2 and AVX-512; elsewhere one build,
# as wide as the compiler's vectors go there (NEON on ARM). A build of
# one lane, the plain scalar loop, is there for the tests to hold the
# others to: every build flies the same flight, bit for bit.
X86_KERNELS := $(if $(call probe,-mavx2 -mfma -mavx512f -mavx512bw \
	-mavx512vl -mavx512dq),1)
ifeq ($(X86_KERNELS),1)
KERNELS = avx512 avx2 sse2 scalar
DEFS += -DBOIDS_KERNELS_X86
else
KERNELS = vector scalar
endif
KERNEL_avx512 = -DKERNEL=avx512 -DLANES=16 -mavx512f -mavx512bw \
	-mavx512vl -mavx512dq -mprefer-vector-width=512
KERNEL_avx2 = -DKERNEL=avx2 -DLANES=8 -mavx2 -mfma
KERNEL_sse2 = -DKERNEL=sse2 -DLANES=4
KERNEL_vector = -DKERNEL=vector
KERNEL_scalar = -DKERNEL=scalar -DLANES=1

ALL_CFLAGS = $(STDFLAGS) $(WARNFLAGS) $(DEFS) -Isrc $(NCURSES_CFLAGS) \
	$(PICTURE_CFLAGS) $(TUNEFLAGS) $(CFLAGS) $(SIMDFLAGS) $(THREADFLAGS) \
	$(MATHFLAGS)
ALL_LDFLAGS = $(LDFLAGS) $(THREADLIBS)
LIBS = $(NCURSES_LIBS) $(PICTURE_LIBS) $(GIF_LIBS) -lm

# Sanitized builds for the tests: same code, checked at run time. GCC's
# "undefined" leaves out a float converted to an integer it does not fit,
# which is undefined too: a coordinate turned into a cell must be checked.
SANFLAGS = -O1 -g -fno-omit-frame-pointer \
	-fsanitize=address,undefined,float-cast-overflow \
	-fno-sanitize-recover=all

SRC = $(wildcard src/*.c src/*/*.c)
LIBSRC = $(filter-out src/main.c src/engine/kernel.c,$(SRC))
HDR = $(wildcard src/*.h src/*/*.h)
UNIT = $(patsubst tests/unit/%.c,%,$(wildcard tests/unit/test_*.c))

kernels = $(LIBSRC:src/%.c=build/$(1)/%.o) \
	$(KERNELS:%=build/$(1)/engine/kernel-%.o)
OBJ = $(call kernels,rel)
SANOBJ = $(call kernels,san)

all: boids

# Each build directory keeps in build/DIR/flags the commands its objects
# were compiled and linked with. The file is rewritten only when they
# change (make NATIVE=0, THREADS=0, CC=clang, CFLAGS=...), and being newer
# than the objects then, has them all made again.
FLAGS_rel = $(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(LIBS)
FLAGS_san = $(CC) $(ALL_CFLAGS) $(SANFLAGS) $(ALL_LDFLAGS) $(LIBS)
FLAGS_vg = $(CC) $(VGFLAGS) $(ALL_LDFLAGS) $(LIBS)
FLAGS_fuzz = $(FUZZ_CC) $(FUZZFLAGS) $(LIBS)
quote = '$(subst ','\'',$(1))'

build/%/flags: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' $(call quote,$(FLAGS_$*)) | cmp -s - $@ || \
		printf '%s\n' $(call quote,$(FLAGS_$*)) >$@

boids: build/rel/main.o $(OBJ) build/rel/flags
	$(CC) $(ALL_CFLAGS) -o $@ build/rel/main.o $(OBJ) $(ALL_LDFLAGS) $(LIBS)

build/rel/%.o: src/%.c $(HDR) Makefile build/rel/flags | build/rel
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

build/san/%.o: src/%.c $(HDR) Makefile build/san/flags | build/san
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SANFLAGS) -c -o $@ $<

build/rel/engine/kernel-%.o: src/engine/kernel.c $(HDR) Makefile build/rel/flags | build/rel
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(KERNEL_$*) -c -o $@ $<

build/san/engine/kernel-%.o: src/engine/kernel.c $(HDR) Makefile build/san/flags | build/san
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(SANFLAGS) $(KERNEL_$*) -c -o $@ $<

# The build's name (src/lib/version.c), which a record keeps, includes the
# sources: another program would fly the same seed and keys another way.
# Private, so that the flags of the directory (a prerequisite) stay the
# same; so is the version, which only version.c reads.
SOURCE_SUM := $(shell cat $(SRC) $(HDR) | cksum | cut -d' ' -f1)
VERSION_OBJ = $(addsuffix /lib/version.o,build/rel build/san build/vg \
	build/fuzz build/v3)
$(VERSION_OBJ): private DEFS += -DBOIDS_SOURCE='"$(SOURCE_SUM)"' \
	$(if $(VERSION),-DBOIDS_VERSION='"$(VERSION)"')
$(VERSION_OBJ): $(SRC) $(wildcard VERSION)

build/rel build/san build/test:
	mkdir -p $@

build/san/boids: build/san/main.o $(SANOBJ) build/san/flags
	$(CC) $(ALL_CFLAGS) $(SANFLAGS) -o $@ build/san/main.o $(SANOBJ) \
		$(ALL_LDFLAGS) $(LIBS)

build/test/%: tests/unit/%.c tests/unit/check.h tests/unit/probe.h \
		tests/unit/args.h tests/unit/inflate.h $(OBJ) | build/test
	$(CC) $(ALL_CFLAGS) -o $@ $< $(OBJ) $(ALL_LDFLAGS) $(LIBS)

build/test/%-san: tests/unit/%.c tests/unit/check.h tests/unit/probe.h \
		tests/unit/args.h tests/unit/inflate.h $(SANOBJ) | build/test
	$(CC) $(ALL_CFLAGS) $(SANFLAGS) -o $@ $< $(SANOBJ) \
		$(ALL_LDFLAGS) $(LIBS)

# Frames of a flock in pixels on standard output, as sixel or kitty
# commands, to look at in a real terminal (tests/pixels/show.c).
build/test/show-pixels: tests/pixels/show.c $(OBJ) | build/test
	$(CC) $(ALL_CFLAGS) -o $@ tests/pixels/show.c $(OBJ) $(ALL_LDFLAGS) \
		$(LIBS)

BENCHSRC = bench/bench.c bench/reference.c bench/driven.c

bench/bench: $(BENCHSRC) bench/reference.h bench/driven.h $(OBJ) $(HDR)
	$(CC) $(ALL_CFLAGS) -o $@ $(BENCHSRC) $(OBJ) $(ALL_LDFLAGS) \
		$(LIBS)

# A headless flight's pictures every few steps (bench/look.sh).
bench/look: bench/look.c $(OBJ) $(HDR)
	$(CC) $(ALL_CFLAGS) -o $@ bench/look.c $(OBJ) $(ALL_LDFLAGS) $(LIBS)

run: boids
	./boids

# Static checks over src/: cppcheck on the threaded and the serial build
# (.cppcheck-suppressions says what it may skip, and why), and clang-tidy
# with the checks .clang-tidy chooses, on each file until it changes.
CPPCHECK = cppcheck --quiet --error-exitcode=1 --std=c99 --library=posix \
	--enable=warning,style,performance,portability --inline-suppr \
	--suppressions-list=.cppcheck-suppressions -D__GNUC__=12 $(DEFS)
CLANG_TIDY = clang-tidy
TIDYFLAGS = $(STDFLAGS) $(WARNFLAGS) $(DEFS) -Isrc $(NCURSES_CFLAGS) \
	$(PICTURE_CFLAGS) -fopenmp-simd -DBOIDS_THREADS -pthread

build/lint/%.tidy: src/%.c $(HDR) .clang-tidy | build/lint
	@mkdir -p $(@D)
	@$(CLANG_TIDY) --quiet $< -- $(TIDYFLAGS) 2>$@.log || \
		{ cat $@.log; exit 1; }
	@touch $@

build/lint:
	mkdir -p $@

# Thread counts are the constant 1 in the serial build, so conditions on
# them are known there by design. First of all, no two modules may
# include each other, however indirectly (tests/lint-includes.sh).
lint: lint-includes lint-size $(SRC:src/%.c=build/lint/%.tidy)
	@$(CPPCHECK) -DBOIDS_THREADS src/
	@$(CPPCHECK) -UBOIDS_THREADS --suppress=knownConditionTrueFalse src/
	@echo "ok    lint: cppcheck (threaded and serial) and clang-tidy on src/"

lint-includes:
	@sh tests/lint-includes.sh src
	@sh tests/lint-includes-fails.sh
	@echo "ok    lint: no circle in the modules' includes (and a planted one found)"

# A file past 800 lines has taken on a second job (tests/lint-size.sh).
lint-size:
	@sh tests/lint-size.sh src
	@sh tests/lint-size-fails.sh
	@echo "ok    lint: no file in src over 800 lines (and a planted one found)"

# libFuzzer targets (tests/fuzz): the option parser, the key table and
# the record reader, built by clang with coverage and both sanitizers.
# `make fuzz` runs each for FUZZ_SECONDS from a random seed; `make check`
# replays the kept inputs and runs each for FUZZ_CHECK_SECONDS from a
# fixed seed.
FUZZ_CC = clang
FUZZ_SECONDS = 60
FUZZ_CHECK_SECONDS = 4
FUZZ_SEED = 0
FUZZ = options input record
FUZZFLAGS = $(STDFLAGS) $(WARNFLAGS) $(DEFS) -Isrc $(NCURSES_CFLAGS) \
	$(PICTURE_CFLAGS) -O1 -g \
	-fno-omit-frame-pointer -fopenmp-simd -Wno-pass-failed \
	-fno-sanitize-recover=all
FUZZOBJ = $(call kernels,fuzz)
.SECONDARY: $(FUZZOBJ) build/fuzz/flags

build/fuzz/%.o: src/%.c $(HDR) Makefile build/fuzz/flags | build/fuzz
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZFLAGS) -fsanitize=fuzzer-no-link,address,undefined \
		-c -o $@ $<

build/fuzz/engine/kernel-%.o: src/engine/kernel.c $(HDR) Makefile build/fuzz/flags \
		| build/fuzz
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZFLAGS) -fsanitize=fuzzer-no-link,address,undefined \
		$(KERNEL_$*) -c -o $@ $<

build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/require.h $(FUZZOBJ) \
		| build/fuzz
	$(FUZZ_CC) $(FUZZFLAGS) -fsanitize=fuzzer,address,undefined \
		-o $@ $< $(FUZZOBJ) $(LIBS)

build/fuzz:
	mkdir -p $@

fuzz: $(FUZZ:%=build/fuzz/fuzz_%)
	@sh tests/fuzz/run.sh build/fuzz $(FUZZ_SECONDS) $(FUZZ_SEED) $(FUZZ)

fuzz-check: $(FUZZ:%=build/fuzz/fuzz_%)
	@sh tests/fuzz/run.sh build/fuzz $(FUZZ_CHECK_SECONDS) 1 $(FUZZ)

# Memcheck on headless runs with every behaviour on, one flock small
# enough for one thread and one large enough for the threaded sort; and
# a flight drawn in pixels, with trails, through giflib and libpng.
# valgrind cannot decode all that -march=native may choose (AVX-512), so
# this binary is the release build without NATIVE tuning.
VALGRIND = valgrind -q --error-exitcode=1 --leak-check=full \
	--suppressions=tests/valgrind.supp
VGFLAGS = $(filter-out $(TUNEFLAGS),$(ALL_CFLAGS))
VGOBJ = $(call kernels,vg)

build/vg/%.o: src/%.c $(HDR) Makefile build/vg/flags | build/vg
	@mkdir -p $(@D)
	$(CC) $(VGFLAGS) -c -o $@ $<

build/vg/engine/kernel-%.o: src/engine/kernel.c $(HDR) Makefile build/vg/flags | build/vg
	@mkdir -p $(@D)
	$(CC) $(VGFLAGS) $(KERNEL_$*) -c -o $@ $<

build/vg/boids: build/vg/main.o $(VGOBJ) build/vg/flags
	$(CC) $(VGFLAGS) -o $@ build/vg/main.o $(VGOBJ) $(ALL_LDFLAGS) $(LIBS)

build/vg:
	mkdir -p $@

# The engine's unit tests once more on those objects, built without
# NATIVE tuning as a binary copied to another machine is; and its flights
# must be the tuned build's, bit for bit (tests/agree.sh).
PORTABLE = test_rules test_grid test_agents test_flock test_kernel \
	test_extensions test_groups

build/test/%-portable: tests/unit/%.c tests/unit/check.h tests/unit/probe.h \
		tests/unit/args.h tests/unit/inflate.h $(VGOBJ) | build/test
	$(CC) $(VGFLAGS) -o $@ $< $(VGOBJ) $(ALL_LDFLAGS) $(LIBS)

valgrind: build/vg/boids
	@$(VALGRIND) build/vg/boids --headless --seed 1 --count 300 \
		--predators 3 --obstacles 3 --perch --wind 0.05,0.02 \
		--goal 0.3,0.6 --fov 270 --steps 200 --every 50 \
		--trace build/vg/trace.csv >build/vg/run.log
	@$(VALGRIND) build/vg/boids --headless --seed 3 --count 300 \
		--predators 2 --fear --leaders --species 3 --steps 200 \
		--every 50 --picture --trace build/vg/trace.csv >>build/vg/run.log
	@$(VALGRIND) build/vg/boids --headless --seed 2 --count 30000 \
		--radius 0 --predators 2 --obstacles 2 --perch --steps 3 \
		--every 1 --trace build/vg/trace.csv >>build/vg/run.log
	@$(VALGRIND) build/vg/boids --seed 4 --count 200 --predators 1 \
		--obstacles 1 --steps 60 --every 30 --trails \
		--gif build/vg/flight.gif --png build/vg/last.png \
		>>build/vg/run.log
	@echo "ok    valgrind: headless runs with predators, obstacles," \
		"perch, fear, leaders, species, trace, and a GIF and a PNG" \
		"with trails"

# Long runs at the edges of the settings (tests/soak/soak.c): in full on
# the release build, a tenth as long sanitized; then the largest flocks
# and the memory per boid, measured on the release binary.
build/test/soak: tests/soak/soak.c $(OBJ) | build/test
	$(CC) $(ALL_CFLAGS) -o $@ tests/soak/soak.c $(OBJ) \
		$(ALL_LDFLAGS) $(LIBS)

build/test/soak-san: tests/soak/soak.c $(SANOBJ) | build/test
	$(CC) $(ALL_CFLAGS) $(SANFLAGS) -o $@ tests/soak/soak.c \
		$(SANOBJ) $(ALL_LDFLAGS) $(LIBS)

# The slow link the terminal tests see the program through.
build/test/measure: tests/headless/measure.c | build/test
	$(CC) $(STDFLAGS) $(WARNFLAGS) $(DEFS) $(CFLAGS) -o $@ \
		tests/headless/measure.c -lm

build/test/slowlink: tests/link/slowlink.c | build/test
	$(CC) $(STDFLAGS) $(WARNFLAGS) $(DEFS) $(CFLAGS) -o $@ \
		tests/link/slowlink.c

build/test/peakrss: tests/soak/peakrss.c | build/test
	$(CC) $(STDFLAGS) $(WARNFLAGS) $(DEFS) $(CFLAGS) -o $@ \
		tests/soak/peakrss.c

build/test/fakemem.so: tests/soak/fakemem.c | build/test
	$(CC) $(WARNFLAGS) $(CFLAGS) -shared -fPIC -o $@ tests/soak/fakemem.c \
		-ldl

soak: boids build/test/soak build/test/soak-san build/test/peakrss \
		build/test/fakemem.so
	@build/test/soak
	@ASAN_OPTIONS=detect_leaks=1 build/test/soak-san -d 10 -m
	@BOIDS=./boids HELPERS=build/test sh tests/run-scripts.sh tests/soak

# Unit tests plain and sanitized; scenario, command-line and terminal
# tests against the sanitized binary; the man page and the install.
# make check builds everything it runs first, side by side, then runs
# its parts side by side, each part's report printed whole when it ends.
# The script tests inside a part run side by side too: as many at once as
# there are processors where they compute (cli, headless), more where
# they mostly wait on a terminal (e2e). Every test must pass with other
# work beside it anyway, as on a shared machine.
CPU_JOBS = 2
WAIT_JOBS = 4
CHECK_JOBS = 3

CHECK_BUILD = boids build/san/boids $(UNIT:%=build/test/%) \
	$(UNIT:%=build/test/%-san) $(PORTABLE:%=build/test/%-portable) \
	build/vg/boids build/test/slowlink build/test/measure \
	build/test/soak build/test/soak-san build/test/peakrss \
	build/test/fakemem.so $(FUZZ:%=build/fuzz/fuzz_%) \
	$(SRC:src/%.c=build/lint/%.tidy)
CHECK_PARTS = check-e2e check-unit check-headless check-cli check-docs \
	soak valgrind fuzz-check lint

check:
	@$(MAKE) --no-print-directory -j$(CPU_JOBS) check-build
	@$(MAKE) --no-print-directory -s -k -j$(CHECK_JOBS) -Otarget \
		$(CHECK_PARTS)
	@echo "check: all passed"

check-build: $(CHECK_BUILD)

check-unit: $(UNIT:%=build/test/%) $(UNIT:%=build/test/%-san) \
		$(PORTABLE:%=build/test/%-portable) boids build/vg/boids
	@sh tests/run-unit.sh build/test $(UNIT)
	@ASAN_OPTIONS=detect_leaks=1 sh tests/run-unit.sh build/test \
		$(UNIT:%=%-san)
	@sh tests/run-unit.sh build/test $(PORTABLE:%=%-portable)
	@sh tests/agree.sh ./boids build/vg/boids

check-cli: boids build/san/boids
	@BOIDS=./build/san/boids sh tests/run-scripts.sh tests/cli $(CPU_JOBS)

check-headless: boids build/san/boids build/test/measure
	@BOIDS=./build/san/boids BOIDS_RELEASE=./boids sh tests/run-scripts.sh \
		tests/headless $(CPU_JOBS)

check-e2e: boids build/san/boids build/test/slowlink
	@BOIDS=./build/san/boids BOIDS_RELEASE=./boids sh tests/run-scripts.sh \
		tests/e2e $(WAIT_JOBS)

check-docs: boids
	@sh tests/lint-man.sh man/boids.6
	@sh tests/install-layout.sh
	@sh tests/release.sh
	@sh tests/build-flags.sh

# The same benchmark built as a binary copied to another machine is
# (valgrind's objects: no NATIVE tuning), which bench/bench runs for a row
# of its table of builds.
bench/bench-portable: $(BENCHSRC) bench/reference.h bench/driven.h $(VGOBJ) \
		$(HDR)
	$(CC) $(VGFLAGS) -o $@ $(BENCHSRC) $(VGOBJ) $(ALL_LDFLAGS) \
		$(LIBS)

# And built for AVX2 machines (valgrind's flags and -march=x86-64-v3),
# the reference step too, for the table to set that AVX2 against its own
# reference step and against this machine's build. Only make bench builds
# it, and only when the compiler takes the flag: the probe, a compile and
# a link, is made then, once, so that no other make pays for it.
V3TUNE = $(eval V3TUNE := $(call probe,-march=x86-64-v3))$(V3TUNE)
V3FLAGS = $(VGFLAGS) $(or $(V3TUNE),$(error $(CC) does not take \
	-march=x86-64-v3))
V3OBJ = $(call kernels,v3)
FLAGS_v3 = $(CC) $(V3FLAGS) $(ALL_LDFLAGS) $(LIBS)

build/v3/%.o: src/%.c $(HDR) Makefile build/v3/flags | build/v3
	@mkdir -p $(@D)
	$(CC) $(V3FLAGS) -c -o $@ $<

build/v3/engine/kernel-%.o: src/engine/kernel.c $(HDR) Makefile build/v3/flags | build/v3
	@mkdir -p $(@D)
	$(CC) $(V3FLAGS) $(KERNEL_$*) -c -o $@ $<

build/v3:
	mkdir -p $@

bench/bench-v3: $(BENCHSRC) bench/reference.h bench/driven.h $(V3OBJ) $(HDR) \
		build/v3/flags
	$(CC) $(V3FLAGS) -o $@ $(BENCHSRC) $(V3OBJ) $(ALL_LDFLAGS) \
		$(LIBS)

# Two revisions of the engine stepped in turn in one process, which a
# shared machine's swings cannot tell apart (bench/ab.c says why):
# make ab A=REV B=REV, "." for the working tree.
bench/ab: bench/ab.c
	$(CC) $(ALL_CFLAGS) -o $@ bench/ab.c $(ALL_LDFLAGS) -ldl

ab:
	bench/ab.sh $(A) $(B)

bench: boids bench/bench bench/bench-portable
	@$(if $(V3TUNE),$(MAKE) --no-print-directory bench/bench-v3)
	./bench/bench

# How fast the shapes move on screen, from two captures of a tmux pane
# (bench/shapes.sh); a measurement, not part of bench or check.
SHAPES_N = 200000 1000000
bench-shapes: boids
	for n in $(SHAPES_N); do sh bench/shapes.sh $$n 3; done

# The engine's unit tests built for 64-bit ARM by a cross compiler and
# run under qemu's user-mode emulator (Debian's gcc-aarch64-linux-gnu,
# libncurses-dev:arm64 and qemu-user): there the step's inner loops are
# NEON, and must fly the scalar build's flight bit for bit.
CROSS_CC = aarch64-linux-gnu-gcc
CROSS_QEMU = qemu-aarch64
CROSS_TESTS = test_rules test_grid test_agents test_stats test_kernel

check-arm:
	@sh tests/cross.sh $(CROSS_CC) $(CROSS_QEMU) $(CROSS_TESTS)

install: boids
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANPREFIX)/man6 \
		$(DESTDIR)$(COMPLETIONDIR) $(DESTDIR)$(ZSHCOMPDIR) \
		$(DESTDIR)$(FISHCOMPDIR)
	cp -f boids $(DESTDIR)$(PREFIX)/bin/boids
	chmod 755 $(DESTDIR)$(PREFIX)/bin/boids
	cp -f man/boids.6 $(DESTDIR)$(MANPREFIX)/man6/boids.6
	chmod 644 $(DESTDIR)$(MANPREFIX)/man6/boids.6
	cp -f completion/boids.bash $(DESTDIR)$(COMPLETIONDIR)/boids
	chmod 644 $(DESTDIR)$(COMPLETIONDIR)/boids
	cp -f completion/_boids $(DESTDIR)$(ZSHCOMPDIR)/_boids
	chmod 644 $(DESTDIR)$(ZSHCOMPDIR)/_boids
	cp -f completion/boids.fish $(DESTDIR)$(FISHCOMPDIR)/boids.fish
	chmod 644 $(DESTDIR)$(FISHCOMPDIR)/boids.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/boids \
		$(DESTDIR)$(MANPREFIX)/man6/boids.6 \
		$(DESTDIR)$(COMPLETIONDIR)/boids \
		$(DESTDIR)$(ZSHCOMPDIR)/_boids \
		$(DESTDIR)$(FISHCOMPDIR)/boids.fish

# The release tarball, boids-VERSION.tar.gz: the files git knows, and
# new ones it does not ignore, as they are in the working tree, under
# boids-VERSION/; owned by root, dated the release's day and in name
# order, so that the same tree always makes the same bytes. Unpacked
# anywhere, it builds, installs and passes its tests without git
# (tests/dist.sh). debian/ is the package's, not the source's: make deb
# lays it over the unpacked tarball, as Debian keeps the two apart.
DIST = boids-$(VERSION)

dist:
	@test -n "$(VERSION)" || \
		{ echo "make dist: no version in VERSION" >&2; exit 1; }
	@test "$$(git rev-parse --show-prefix 2>/dev/null)" = "" && \
		git rev-parse --git-dir >/dev/null 2>&1 || \
		{ echo "make dist: not the top of a git checkout, which" \
		"says which files are the source" >&2; exit 1; }
	@mkdir -p build
	git ls-files -c -o --exclude-standard | grep -v '^debian/' | \
		while IFS= read -r f; do [ ! -f "$$f" ] || echo "$$f"; done \
		>build/dist.list
	tar -cf - --sort=name --owner=0 --group=0 --numeric-owner \
		--mode=u+w,go-w,a+rX --mtime='$(RELEASED) 00:00:00Z' \
		--transform='flags=r;s,^,$(DIST)/,' --verbatim-files-from \
		-T build/dist.list | gzip -9n >build/$(DIST).tar.gz
	mv build/$(DIST).tar.gz $(DIST).tar.gz

# Debian packages (debian/), made as Debian makes them: the tarball,
# unpacked under build/deb/ARCH beside it as the upstream source, with
# debian/ laid over it, built there by dpkg-buildpackage: with a source
# package for the machine's own architecture, and crossed for another
# (make deb ARCH=arm64, by Debian's cross compiler and that
# architecture's ncurses and pkg-config). lintian must find
# neither an error nor a warning (LINTIAN= skips it). The package lands
# here, boids_VERSION-N_ARCH.deb: VERSION says the version,
# debian/changelog's newest entry N, the package's own revision.
ARCH = $(shell dpkg --print-architecture)
DEB_VERSION = $(shell dpkg-parsechangelog -l debian/changelog -S Version)
DEB_DIR = build/deb/$(ARCH)
DEB_CROSS = $(filter-out $(shell dpkg --print-architecture),$(ARCH))
DEB_CROSS_CC = $(shell dpkg-architecture -a$(ARCH) -qDEB_HOST_GNU_TYPE \
	2>/dev/null)-gcc
LINTIAN = lintian
comma = ,

deb: dist
	@test "$(firstword $(subst -, ,$(DEB_VERSION)))" = "$(VERSION)" || \
		{ echo "make deb: debian/changelog is at $(DEB_VERSION)," \
		"VERSION at $(VERSION)" >&2; exit 1; }
	rm -rf $(DEB_DIR)
	mkdir -p $(DEB_DIR)
	cp $(DIST).tar.gz $(DEB_DIR)/boids_$(VERSION).orig.tar.gz
	tar -xzf $(DEB_DIR)/boids_$(VERSION).orig.tar.gz -C $(DEB_DIR)
	git ls-files -c -o --exclude-standard debian | \
		while IFS= read -r f; do [ ! -f "$$f" ] || echo "$$f"; done | \
		tar -cf - --verbatim-files-from -T - | \
		tar -xf - -C $(DEB_DIR)/$(DIST)
	cd $(DEB_DIR)/$(DIST) && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		$(if $(DEB_CROSS),CC=$(DEB_CROSS_CC) DEB_BUILD_OPTIONS=nocheck) \
		dpkg-buildpackage -us -uc -j$(CPU_JOBS) \
		$(if $(DEB_CROSS),-B -a$(ARCH) -Pcross$(comma)nocheck)
	$(if $(LINTIAN),$(LINTIAN) --fail-on error$(comma)warning \
		$(DEB_DIR)/boids_$(DEB_VERSION)_$(ARCH).changes)
	cp $(DEB_DIR)/boids_$(DEB_VERSION)_$(ARCH).deb .

clean:
	rm -rf build boids bench/bench bench/bench-portable bench/bench-v3 \
		bench/ab bench/look

FORCE:

.PHONY: all run check check-build $(CHECK_PARTS) check-arm bench bench-shapes ab install uninstall clean fuzz \
	fuzz-check valgrind soak lint lint-includes lint-size dist deb FORCE
