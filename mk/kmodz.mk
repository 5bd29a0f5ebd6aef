# mk/kmodz.mk - the decompressors scan/kmodz.c reads compressed kernel
# modules with (.ko.xz: liblzma, .ko.zst: libzstd, .ko.gz: zlib).
#
# Debian: liblzma-dev, libzstd-dev, zlib1g-dev (tools/install-deps.sh), their
# static libraries linked as jansson's is, so ./gpudoctor still needs only
# libc.  Each library found turns on its format (GD_KMODZ_XZ, GD_KMODZ_ZSTD,
# GD_KMODZ_GZIP) in the host builds (./gpudoctor, build/san, the unit tests,
# the fuzz targets); without one, that format's modules are named and their
# contents reported unread ("this build reads no xz-compressed module").
#
# The cross builds (make aarch64, static, static-aarch64, windows) link the
# same three libraries built for their target from Debian's source packages
# by tools/build-compress-libs.sh into build/<target>/compress (the sources
# fetched once into build/debian-src and shared; each target's libraries
# built once, liblzma.a, installed last, the stamp).  The Windows build
# too: gpudoctor.exe examines a Linux tree with `check --os linux --root`,
# and its /lib/modules is read as on Linux.  Override a target's prefix
# with its *_COMPRESS variable (include/ and lib/ holding the three).

kmodz_a = $(firstword $(wildcard /usr/lib/$(ARCH_TRIPLET)/lib$(1).a /usr/lib/lib$(1).a /usr/local/lib/lib$(1).a))
KMODZ_OBJS := build/rel/src/scan/kmodz.o build/san/src/scan/kmodz.o build/fuzz/obj/src/scan/kmodz.o
ifneq ($(call kmodz_a,lzma),)
$(KMODZ_OBJS): CPPFLAGS += -DGD_KMODZ_XZ
LDLIBS += $(call kmodz_a,lzma)
endif
ifneq ($(call kmodz_a,zstd),)
$(KMODZ_OBJS): CPPFLAGS += -DGD_KMODZ_ZSTD
LDLIBS += $(call kmodz_a,zstd)
endif
ifneq ($(call kmodz_a,z),)
$(KMODZ_OBJS): CPPFLAGS += -DGD_KMODZ_GZIP
LDLIBS += $(call kmodz_a,z)
endif

# ---- the cross builds --------------------------------------------------------
KMODZ_DEFS := -DGD_KMODZ_XZ -DGD_KMODZ_ZSTD -DGD_KMODZ_GZIP -DLZMA_API_STATIC
kmodz_libs = $(1)/lib/liblzma.a $(1)/lib/libzstd.a $(1)/lib/libz.a
A64_COMPRESS ?= build/aarch64/compress
STATIC_COMPRESS ?= build/static/compress
STATIC_A64_COMPRESS ?= build/static-aarch64/compress
WIN_COMPRESS ?= build/win/compress
A64_COMPRESS_LIBS = $(call kmodz_libs,$(A64_COMPRESS))
STATIC_COMPRESS_LIBS = $(call kmodz_libs,$(STATIC_COMPRESS))
STATIC_A64_COMPRESS_LIBS = $(call kmodz_libs,$(STATIC_A64_COMPRESS))
WIN_COMPRESS_LIBS = $(call kmodz_libs,$(WIN_COMPRESS))

build/aarch64/obj/src/scan/kmodz.o: CPPFLAGS += -I$(A64_COMPRESS)/include $(KMODZ_DEFS)
build/aarch64/obj/src/scan/kmodz.o build/aarch64/gpudoctor: $(A64_COMPRESS)/lib/liblzma.a
build/aarch64/tests/test_kmodz: CPPFLAGS += -I$(A64_COMPRESS)/include -DLZMA_API_STATIC
build/aarch64/tests/test_kmodz: $(A64_COMPRESS)/lib/liblzma.a
build/static/obj/src/scan/kmodz.o: STATIC_CPPFLAGS += -I$(STATIC_COMPRESS)/include $(KMODZ_DEFS)
build/static/obj/src/scan/kmodz.o build/static/gpudoctor: $(STATIC_COMPRESS)/lib/liblzma.a
build/static-aarch64/obj/src/scan/kmodz.o: STATIC_A64_CPPFLAGS += -I$(STATIC_A64_COMPRESS)/include $(KMODZ_DEFS)
build/static-aarch64/obj/src/scan/kmodz.o build/static-aarch64/gpudoctor: $(STATIC_A64_COMPRESS)/lib/liblzma.a
build/win/obj/src/scan/kmodz.o: WIN_CPPFLAGS += -I$(WIN_COMPRESS)/include $(KMODZ_DEFS)
build/win/obj/src/scan/kmodz.o gpudoctor.exe: $(WIN_COMPRESS)/lib/liblzma.a

build/aarch64/compress/lib/liblzma.a: tools/build-compress-libs.sh
	@echo "  COMPRESS $@ (Debian's zlib, xz-utils, libzstd, AArch64)"
	$(Q)sh tools/build-compress-libs.sh build/aarch64/compress $(A64_CC) aarch64-linux-gnu-ar Linux aarch64
build/static/compress/lib/liblzma.a: tools/build-compress-libs.sh
	@echo "  COMPRESS $@ (Debian's zlib, xz-utils, libzstd, musl)"
	$(Q)sh tools/build-compress-libs.sh build/static/compress $(STATIC_CC) ar native
build/static-aarch64/compress/lib/liblzma.a: tools/build-compress-libs.sh build/static-aarch64/musl/musl-gcc
	@echo "  COMPRESS $@ (Debian's zlib, xz-utils, libzstd, musl, AArch64)"
	$(Q)sh tools/build-compress-libs.sh build/static-aarch64/compress $(abspath build/static-aarch64/musl/musl-gcc) \
	    aarch64-linux-gnu-ar Linux aarch64
build/win/compress/lib/liblzma.a: tools/build-compress-libs.sh
	@echo "  COMPRESS $@ (Debian's zlib, xz-utils, libzstd, MinGW)"
	$(Q)sh tools/build-compress-libs.sh build/win/compress $(WIN_CC) x86_64-w64-mingw32-ar Windows
