# mk/aarch64.mk - `make aarch64`: gpudoctor for Linux AArch64 (Jetson, Grace,
# Arm servers), cross-compiled with Debian's aarch64-linux-gnu-gcc, and its
# unit tests run under qemu-user (`make check-aarch64`, part of `make check`).
#
#   build/aarch64/gpudoctor          the program (glibc, jansson linked statically)
#   build/aarch64/tests/test_*       the unit tests, run by qemu-aarch64-static
#                                    with the cross glibc as the sysroot
#
# jansson is built from Debian's source package by tools/build-jansson-mingw.sh
# (CMake system Linux) into build/aarch64/jansson, reusing make windows's
# unpacked source when it is there (override with A64_JANSSON=PREFIX holding
# include/ and lib/libjansson.a).  Nothing is installed on the system: no
# multiarch, no foreign packages.  Needs gcc-aarch64-linux-gnu,
# libc6-dev-arm64-cross, cmake, dpkg-dev (the jansson build) and, for the
# tests, qemu-user-static.  Outside CI a missing cross compiler or qemu
# skips check-aarch64 with one line; with CI=true it fails.
#
# This file sorts before kb.mk, so GEN_SRCS (the generated kb tables) is
# not yet complete when it is read: the object lists are expanded a second
# time, when make needs them.

A64_CC ?= aarch64-linux-gnu-gcc
A64_JANSSON ?= build/aarch64/jansson
A64_QEMU ?= qemu-aarch64-static
A64_SYSROOT ?= /usr/aarch64-linux-gnu
A64_OPT ?= -O2 -g
A64_LIB_OBJS = $(patsubst %.c,build/aarch64/obj/%.o,$(LIB_SRCS) $(GEN_SRCS))
A64_UNIT_BINS = $(patsubst tests/unit/%.c,build/aarch64/tests/%,$(UNIT_SRCS))
A64_JANSSON_SRC = $(if $(wildcard build/win/jansson-build/src/CMakeLists.txt),$(CURDIR)/build/win/jansson-build/src)
HAVE_A64 := $(shell command -v $(A64_CC) >/dev/null 2>&1 && test -f $(A64_SYSROOT)/lib/libc_nonshared.a && \
	command -v $(A64_QEMU) >/dev/null 2>&1 && echo yes)

.PHONY: aarch64 check-aarch64
.SECONDEXPANSION:

aarch64: build/aarch64/gpudoctor

build/aarch64/gpudoctor: build/aarch64/obj/src/main.o $$(A64_LIB_OBJS) $(A64_JANSSON)/lib/libjansson.a
	@echo "  LINK a64 $@"
	$(Q)$(A64_CC) $(A64_OPT) -o $@ build/aarch64/obj/src/main.o $(A64_LIB_OBJS) \
	    $(A64_JANSSON)/lib/libjansson.a $(A64_COMPRESS_LIBS) -ldl

build/aarch64/obj/%.o: %.c $(A64_JANSSON)/lib/libjansson.a
	@mkdir -p $(dir $@)
	@echo "  CC a64  $<"
	$(Q)$(A64_CC) $(CPPFLAGS) -I$(A64_JANSSON)/include $(WARN) $(A64_OPT) -MMD -MP -c -o $@ $<

build/aarch64/tests/%: tests/unit/%.c tests/unit/harness.h $$(A64_LIB_OBJS)
	@mkdir -p $(dir $@)
	@echo "  TEST a64 $@"
	$(Q)$(A64_CC) $(CPPFLAGS) -I$(A64_JANSSON)/include -Itests/unit $(WARN) $(A64_OPT) -o $@ $< \
	    $(A64_LIB_OBJS) $(A64_JANSSON)/lib/libjansson.a $(A64_COMPRESS_LIBS) -ldl

build/aarch64/jansson/lib/libjansson.a: tools/build-jansson-mingw.sh
	@echo "  JANSSON $@ (Debian source package, AArch64)"
	$(Q)JANSSON_SRC=$(A64_JANSSON_SRC) sh tools/build-jansson-mingw.sh build/aarch64/jansson $(A64_CC) Linux aarch64

-include $(shell find build/aarch64/obj -name '*.d' 2>/dev/null)

# Every unit test, run under qemu-user: one line per binary, then the
# count; any failure fails the target.
ifeq ($(HAVE_A64),yes)
check-aarch64: $$(A64_UNIT_BINS) build/aarch64/gpudoctor
	@sh tests/aarch64-unit.sh $(A64_QEMU) $(A64_SYSROOT) build/aarch64 $(A64_UNIT_BINS)
else
check-aarch64:
	@if [ "$(CI)" = true ]; then echo "check-aarch64: $(A64_CC), $(A64_SYSROOT) or $(A64_QEMU) missing" >&2; exit 1; fi
	@echo "check-aarch64: skipped ($(A64_CC), libc6-dev-arm64-cross or $(A64_QEMU) not installed)"
endif

check: check-aarch64
build/aarch64/obj/src/report/out.o: WARN += -Wno-format-nonliteral
