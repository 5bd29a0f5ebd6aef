# gpudoctor - GNU make build.  See docs/architecture.md for the layout.
#
#   make            build ./gpudoctor (optimised)
#   make check      build with ASan+UBSan and run every test (unit + CLI)
#   make bench      time `gpudoctor check` on this machine and synthetic ones
#   make fuzz       run each fuzz target for FUZZ_SECONDS under libFuzzer
#   make fuzz-long  fuzz every target for its share of FUZZ_LONG_BUDGET seconds and
#                   merge new coverage into fuzz/corpus (fuzz/long.sh; commit it)
#   make clean
#
# Sources are found, not listed: every src/**/*.c is part of the program
# (but src/helper/: the static build's probe helper, a program of its own,
# mk/static.mk),
# every tests/unit/test_*.c is a unit-test binary, every fuzz/fuzz_*.c a fuzz
# target.  Areas that need generated sources or extra rules add a fragment in
# mk/*.mk (appending to GEN_SRCS), so this file rarely changes.

.DEFAULT_GOAL := all

CC ?= cc
ifeq ($(origin CC),default)
CC := cc
endif
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 20

WARN := -std=c11 -Wall -Wextra -Wshadow -Wconversion -Wsign-conversion \
        -Wformat=2 -Wmissing-prototypes -Wstrict-prototypes -Wwrite-strings \
        -Wcast-align -Wvla
ifneq ($(CI),)
WARN += -Werror
endif
ifneq ($(WERROR),)
WARN += -Werror
endif

CPPFLAGS += -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Isrc -Ibuild/gen
OPT ?= -O2 -g
# V=1 shows the full commands.
ifeq ($(V),1)
Q :=
else
Q := @
endif

SAN := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

# jansson (Debian: libjansson-dev) parses JSON input; linked statically so
# the binary depends on libc (and libdl) only.
JANSSON_LIB ?= $(firstword $(wildcard /usr/lib/$(shell $(CC) -print-multiarch 2>/dev/null)/libjansson.a /usr/lib/libjansson.a /usr/local/lib/libjansson.a) -ljansson)
LDLIBS += $(JANSSON_LIB) -ldl

SRCS_ALL := $(sort $(shell find src -name '*.c' ! -path 'src/compat/win32*' ! -path 'src/helper/*'))
GEN_SRCS :=
-include $(sort $(wildcard mk/*.mk))

LIB_SRCS := $(filter-out src/main.c,$(SRCS_ALL))
UNIT_SRCS := $(sort $(wildcard tests/unit/test_*.c))
FUZZ_SRCS := $(sort $(wildcard fuzz/fuzz_*.c))

REL_OBJS := $(patsubst %.c,build/rel/%.o,$(LIB_SRCS) $(GEN_SRCS))
SAN_OBJS := $(patsubst %.c,build/san/%.o,$(LIB_SRCS) $(GEN_SRCS))
UNIT_BINS := $(patsubst tests/unit/%.c,build/san/tests/%,$(UNIT_SRCS))
FUZZ_BINS := $(patsubst fuzz/%.c,build/fuzz/%,$(FUZZ_SRCS))
TEST_HELPERS := $(patsubst tests/helpers/%.c,build/san/helpers/%,$(sort $(wildcard tests/helpers/*.c)))

.PHONY: all check checksrc unit cli sanitize bench fuzz fuzz-build fuzz-long clean
.SUFFIXES:

all: gpudoctor

gpudoctor: build/rel/src/main.o $(REL_OBJS)
	@echo "  LINK    $@"
	$(Q)$(CC) $(OPT) -o $@ $^ $(LDFLAGS) $(LDLIBS)

build/rel/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	$(Q)$(CC) $(CPPFLAGS) $(WARN) $(OPT) -MMD -MP -c -o $@ $<

build/san/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC san  $<"
	$(Q)$(CC) $(CPPFLAGS) $(WARN) $(SAN) -MMD -MP -c -o $@ $<

build/san/gpudoctor: build/san/src/main.o $(SAN_OBJS)
	@echo "  LINK    $@"
	$(Q)$(CC) $(SAN) -o $@ $^ $(LDFLAGS) $(LDLIBS)

build/san/tests/%: tests/unit/%.c tests/unit/harness.h $(SAN_OBJS)
	@mkdir -p $(dir $@)
	@echo "  TEST    $@"
	$(Q)$(CC) $(CPPFLAGS) -Itests/unit $(WARN) $(SAN) -o $@ $< $(SAN_OBJS) $(LDFLAGS) $(LDLIBS)

# Helper programs for tests (e.g. the real-dlopen oracle) are built plain:
# they must behave like an ordinary process, not one under ASan.
build/san/helpers/%: tests/helpers/%.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -D_GNU_SOURCE -O1 -g -o $@ $< -ldl

# The suite: unit binaries, CLI and reliability cases, all under ASan and
# UBSan, then every fuzz target for CHECK_FUZZ_SECONDS (libFuzzer with
# ASan+UBSan; the fuzz family is skipped, and says so, when $(FUZZ_CC) is
# not installed), then fuzz/long.sh over the targets whose code changed
# since their corpus did, CHECK_FUZZ_LONG_BUDGET seconds in all (0: off).
CHECK_FUZZ_SECONDS ?= 5
CHECK_FUZZ_LONG_BUDGET ?= 300
FUZZ_LONG_BUDGET ?= 1200
HAVE_FUZZ_CC := $(shell command -v $(FUZZ_CC) >/dev/null 2>&1 && echo yes)
check: checksrc sanitize

# report/out.c's formatter passes each conversion of a checked format on
# to snprintf one at a time: the one file whose formats are not literals.
build/rel/src/report/out.o build/san/src/report/out.o: WARN += -Wno-format-nonliteral

# House rules the compiler does not check (tools/checksrc).
checksrc:
	@sh tools/checksrc
ifeq ($(HAVE_FUZZ_CC),yes)
sanitize: build/san/gpudoctor $(UNIT_BINS) $(TEST_HELPERS) $(FUZZ_BINS)
	@GD_BIN=$(CURDIR)/build/san/gpudoctor GD_BUILD=$(CURDIR)/build/san GD_FUZZ_DIR=$(CURDIR)/build/fuzz \
	    GD_FUZZ_SECONDS=$(CHECK_FUZZ_SECONDS) GD_FUZZ_LONG_BUDGET=$(CHECK_FUZZ_LONG_BUDGET) sh tests/run.sh
else
sanitize: build/san/gpudoctor $(UNIT_BINS) $(TEST_HELPERS)
	@GD_BIN=$(CURDIR)/build/san/gpudoctor GD_BUILD=$(CURDIR)/build/san sh tests/run.sh
endif

unit: $(UNIT_BINS)
	@GD_BIN=$(CURDIR)/build/san/gpudoctor GD_BUILD=$(CURDIR)/build/san GD_ONLY=unit sh tests/run.sh

bench: gpudoctor
	@sh bench/run.sh $(CURDIR)/gpudoctor

# Fuzz targets link the program's objects built once with clang and the
# fuzzer's instrumentation.
FUZZ_FLAGS := -std=c11 -g -O1 -fsanitize=fuzzer-no-link,address,undefined
FUZZ_OBJS := $(patsubst %.c,build/fuzz/obj/%.o,$(LIB_SRCS) $(GEN_SRCS))

.SECONDARY: $(FUZZ_OBJS)

build/fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC fuzz $<"
	$(Q)$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_FLAGS) -MMD -MP -c -o $@ $<

build/fuzz/%: fuzz/%.c $(FUZZ_OBJS)
	@mkdir -p $(dir $@)
	@echo "  FUZZ    $@"
	$(Q)$(FUZZ_CC) $(CPPFLAGS) -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -MMD -MP -o $@ $< $(FUZZ_OBJS) $(LDLIBS)

fuzz-build: $(FUZZ_BINS)

fuzz: $(FUZZ_BINS)
	@sh fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_BINS)

fuzz-long: $(FUZZ_BINS)
	@sh fuzz/long.sh $(FUZZ_LONG_BUDGET) $(FUZZ_BINS)

clean:
	rm -rf build gpudoctor

-include $(shell find build -name '*.d' 2>/dev/null)
