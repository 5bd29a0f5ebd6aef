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
# The cross builds (mk/aarch64.mk, mk/static.mk, mk/windows.mk) compile
# kmodz.c without the libraries: their modules in these formats are reported
# unread in the same words (docs/findings.md).

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
