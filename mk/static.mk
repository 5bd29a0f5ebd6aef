# mk/static.mk - `make static`: a gpudoctor that runs on any x86_64 Linux,
# and the small probe helper it starts to load the NVIDIA driver.
# See docs/packaging.md.
#
#   build/static/gpudoctor               statically linked against musl
#                                        (Debian: musl-tools' musl-gcc); no
#                                        program interpreter, no DT_NEEDED
#   build/static/gpudoctor-probe-helper  dynamically linked against glibc,
#                                        binding only the oldest symbol
#                                        versions (src/helper/glibc_floor.h)
#
# The same sources as `make`.  jansson is built for musl from Debian's source
# package by tools/build-jansson-mingw.sh (SYSTEM "native") into
# build/static/jansson: Debian's libjansson.a is compiled against glibc's
# headers and calls glibc-only entry points (__snprintf_chk,
# __vsnprintf_chk, __strncpy_chk: _FORTIFY_SOURCE), which musl does not
# have.  Override with STATIC_JANSSON=PREFIX (include/, lib/libjansson.a).
#
# A static binary cannot dlopen (musl's static dlopen always fails), and the
# driver's libcuda.so.1 is a glibc library anyway: GD_STATIC makes
# compat_can_dlopen() 0, and `probe` then runs the helper, which speaks the
# same wire protocol (src/probe/probewire.h) as the in-process child.  The
# helper is looked for beside the binary, then in ../libexec/gpudoctor/ and
# $(STATIC_LIBEXECDIR) (src/probe/helper.h).
#
# `make static-check` builds both and runs the static family alone
# (tests/cli/96xx-static-*.sh, also part of `make check`): the probe cases
# with the static binary, `check` and `probe` inside a Debian bullseye
# chroot, `check` in a musl-only userland, and the aarch64 pair under qemu.

STATIC_CC ?= musl-gcc
STATIC_JANSSON ?= build/static/jansson
STATIC_LIBEXECDIR ?= /usr/local/libexec/gpudoctor
STATIC_SRCS = $(LIB_SRCS) src/main.c $(GEN_SRCS)
STATIC_OBJS = $(patsubst %.c,build/static/obj/%.o,$(STATIC_SRCS))
STATIC_CPPFLAGS = $(CPPFLAGS) -I$(STATIC_JANSSON)/include -DGD_STATIC=1 \
                  -DGD_LIBEXECDIR='"$(STATIC_LIBEXECDIR)"'
STATIC_OPT ?= -O2

# The helper: the probe children's code (src/probe/probe_child.c), the wire
# writer and what they use, plus its main (src/helper/probe_helper.c).  Built
# with the system's cc against glibc; glibc_floor.h (forced in with
# -include) binds every glibc entry point it calls to its oldest version,
# and its own _start (src/helper/start_x86_64.S) replaces crt1.o, whose
# __libc_start_main reference would bind GLIBC_2.34.
HELPER_CC ?= $(CC)
HELPER_SRCS := src/helper/probe_helper.c src/probe/probe_child.c src/probe/probewire.c \
               src/probe/compute_child.c src/util/strbuf.c src/util/alloc.c src/util/err.c \
               src/compat/posix_child.c src/compat/posix.c src/compat/posix_probe.c
HELPER_OBJS := $(patsubst %.c,build/static/helper/%.o,$(HELPER_SRCS))
HELPER_CFLAGS := -O2 -fno-stack-protector -fno-builtin-memcpy -ffunction-sections -fdata-sections \
                 -D_FORTIFY_SOURCE=0 -include src/helper/glibc_floor.h
# Nothing newer than this may appear in the helper's objdump -T (x86_64).
HELPER_GLIBC_FLOOR ?= 2.2.5

.PHONY: static
static: build/static/gpudoctor build/static/gpudoctor-probe-helper

# LIB_SRCS is set after the mk/ fragments are read: expand it late.
.SECONDEXPANSION:
build/static/gpudoctor: $$(STATIC_OBJS) $(STATIC_JANSSON)/lib/libjansson.a
	@echo "  LINK    $@ (static, musl)"
	$(Q)$(STATIC_CC) $(STATIC_OPT) -static -o $@ $(STATIC_OBJS) $(STATIC_JANSSON)/lib/libjansson.a $(STATIC_COMPRESS_LIBS)

build/static/obj/%.o: %.c $(STATIC_JANSSON)/lib/libjansson.a
	@mkdir -p $(dir $@)
	@echo "  CC musl $<"
	$(Q)$(STATIC_CC) $(STATIC_CPPFLAGS) $(WARN) $(STATIC_OPT) -MMD -MP -c -o $@ $<

# As in the Makefile: report/out.c passes checked formats on one at a time.
build/static/obj/src/report/out.o: WARN += -Wno-format-nonliteral

build/static/jansson/lib/libjansson.a: tools/build-jansson-mingw.sh
	@echo "  JANSSON $@ (Debian source package: apt-get source, network once; offline: JANSSON_SRC=DIR)"
	$(Q)sh tools/build-jansson-mingw.sh build/static/jansson $(STATIC_CC) native

build/static/helper/%.o: %.c src/helper/glibc_floor.h
	@mkdir -p $(dir $@)
	@echo "  CC help $<"
	$(Q)$(HELPER_CC) $(CPPFLAGS) $(WARN) $(HELPER_CFLAGS) -MMD -MP -c -o $@ $<

build/static/helper/start.o: src/helper/start_x86_64.S
	@mkdir -p $(dir $@)
	$(Q)$(HELPER_CC) -c -o $@ $<

# -nostartfiles: our _start; --hash-style=both: DT_HASH for loaders that
# predate DT_GNU_HASH; libdl.so.2 and librt.so.1 named explicitly (their .so.N: the -ldl and
# -lrt of glibc 2.34 and later are empty archives), for glibc before 2.34
# where dlopen lives there (it is an empty stub from 2.34 on).  The floor is
# checked after the link: a symbol that binds a newer version fails the build.
build/static/gpudoctor-probe-helper: build/static/helper/start.o $(HELPER_OBJS) tools/glibc-floor.sh
	@echo "  LINK    $@ (glibc >= $(HELPER_GLIBC_FLOOR) symbols)"
	$(Q)$(HELPER_CC) -nostartfiles -Wl,--gc-sections -Wl,--hash-style=both -Wl,--as-needed \
	    -o $@.tmp build/static/helper/start.o $(HELPER_OBJS) -Wl,--no-as-needed -l:libdl.so.2 -l:librt.so.1 -lc
	$(Q)sh tools/glibc-floor.sh $@.tmp $(HELPER_GLIBC_FLOOR) && mv $@.tmp $@

.PHONY: static-check
static-check: static build/san/gpudoctor build/san/fakedriver/libfakecuda.so
	@GD_STATIC_DIR=$(CURDIR)/build/static GD_BIN=$(CURDIR)/build/san/gpudoctor GD_BUILD=$(CURDIR)/build/san \
	    GD_ONLY=cli GD_FILTER=-static- sh tests/run.sh

# ---- `make static-aarch64`: the same pair for aarch64 -----------------------
#
# Debian has no aarch64 musl-gcc on amd64, but it builds musl and musl-dev
# for arm64: tools/fetch-musl-cross.sh downloads those (private apt
# configuration) into build/static-aarch64/musl and writes a musl-gcc
# wrapper around the cross compiler aarch64-linux-gnu-gcc, as Debian's own
# musl-gcc wraps gcc.  jansson is built with it (the same source as above).
# The helper is linked against the cross glibc (libc6-dev-arm64-cross) at
# aarch64's first symbol version, GLIBC_2.17, with its own _start
# (src/helper/start_aarch64.S).  Tested under qemu-aarch64-static
# (tests/cli/9605-static-aarch64.sh).

STATIC_A64 := build/static-aarch64
STATIC_A64_GNU_CC ?= aarch64-linux-gnu-gcc
STATIC_A64_CC := $(STATIC_A64)/musl/musl-gcc
STATIC_A64_JANSSON ?= $(STATIC_A64)/jansson
STATIC_A64_OBJS = $(patsubst %.c,$(STATIC_A64)/obj/%.o,$(STATIC_SRCS))
STATIC_A64_CPPFLAGS = $(CPPFLAGS) -I$(STATIC_A64_JANSSON)/include -DGD_STATIC=1 \
                      -DGD_LIBEXECDIR='"$(STATIC_LIBEXECDIR)"'
HELPER_A64_OBJS := $(patsubst %.c,$(STATIC_A64)/helper/%.o,$(HELPER_SRCS))
HELPER_A64_GLIBC_FLOOR ?= 2.17

.PHONY: static-aarch64
static-aarch64: $(STATIC_A64)/gpudoctor $(STATIC_A64)/gpudoctor-probe-helper

$(STATIC_A64)/gpudoctor: $$(STATIC_A64_OBJS) $(STATIC_A64_JANSSON)/lib/libjansson.a
	@echo "  LINK    $@ (static, musl, aarch64)"
	$(Q)$(STATIC_A64_CC) $(STATIC_OPT) -static -o $@ $(STATIC_A64_OBJS) $(STATIC_A64_JANSSON)/lib/libjansson.a $(STATIC_A64_COMPRESS_LIBS)

$(STATIC_A64)/obj/src/report/out.o: WARN += -Wno-format-nonliteral

$(STATIC_A64)/obj/%.o: %.c $(STATIC_A64_JANSSON)/lib/libjansson.a
	@mkdir -p $(dir $@)
	@echo "  CC a64  $<"
	$(Q)$(STATIC_A64_CC) $(STATIC_A64_CPPFLAGS) $(WARN) $(STATIC_OPT) -MMD -MP -c -o $@ $<

$(STATIC_A64_CC): tools/fetch-musl-cross.sh
	@echo "  MUSL    $(STATIC_A64)/musl (Debian's musl, musl-dev for arm64)"
	$(Q)sh tools/fetch-musl-cross.sh $(STATIC_A64)/musl arm64 $(STATIC_A64_GNU_CC)

# The jansson source build/static/ already fetched, when it did.
$(STATIC_A64)/jansson/lib/libjansson.a: tools/build-jansson-mingw.sh $(STATIC_A64_CC)
	@echo "  JANSSON $@ (Debian source package, musl, aarch64)"
	$(Q)JANSSON_SRC=$(if $(wildcard build/static/jansson-build/src/CMakeLists.txt),$(abspath build/static/jansson-build/src)) \
	    sh tools/build-jansson-mingw.sh $(STATIC_A64)/jansson $(abspath $(STATIC_A64_CC)) Linux aarch64

$(STATIC_A64)/helper/%.o: %.c src/helper/glibc_floor.h
	@mkdir -p $(dir $@)
	@echo "  CC help $< (aarch64)"
	$(Q)$(STATIC_A64_GNU_CC) $(CPPFLAGS) $(WARN) $(HELPER_CFLAGS) -MMD -MP -c -o $@ $<

$(STATIC_A64)/helper/start.o: src/helper/start_aarch64.S
	@mkdir -p $(dir $@)
	$(Q)$(STATIC_A64_GNU_CC) -c -o $@ $<

$(STATIC_A64)/gpudoctor-probe-helper: $(STATIC_A64)/helper/start.o $(HELPER_A64_OBJS) tools/glibc-floor.sh
	@echo "  LINK    $@ (aarch64, glibc >= $(HELPER_A64_GLIBC_FLOOR) symbols)"
	$(Q)$(STATIC_A64_GNU_CC) -nostartfiles -Wl,--gc-sections -Wl,--hash-style=both -Wl,--as-needed \
	    -o $@.tmp $(STATIC_A64)/helper/start.o $(HELPER_A64_OBJS) -Wl,--no-as-needed -l:libdl.so.2 -l:librt.so.1 -lc
	$(Q)sh tools/glibc-floor.sh $@.tmp $(HELPER_A64_GLIBC_FLOOR) && mv $@.tmp $@
