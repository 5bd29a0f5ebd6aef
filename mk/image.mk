# mk/image.mk - the libraries `check --image` reads with: libarchive for the
# image archives (src/compat/tarread.c), libyaml for CDI specs (src/scan/cdi.c).
#
# Debian: libarchive-dev, and the static libraries of the decompressors its
# tar reader is given (zlib1g-dev, libzstd-dev, libbz2-dev, liblzma-dev).
# Linked statically, as jansson is, so ./gpudoctor still needs only libc:
# only the tar format and the gzip/zstd/bzip2/xz filters are referenced, so
# the linker takes those parts of libarchive.a and nothing that would need
# libxml2, nettle or libacl.
#
# Only the host builds (./gpudoctor, build/san, the fuzz targets, the unit
# tests) are compiled with GD_LIBARCHIVE; the MinGW, AArch64 cross and musl
# static builds compile tarread.c without it, and there `check --image`
# says that the build cannot read archives (docs/image.md).  Without
# libarchive.a on this machine the host build does the same.

ARCH_TRIPLET := $(shell $(CC) -print-multiarch 2>/dev/null)
archive_a = $(firstword $(wildcard /usr/lib/$(ARCH_TRIPLET)/lib$(1).a /usr/lib/lib$(1).a /usr/local/lib/lib$(1).a))
ARCHIVE_A := $(call archive_a,archive)
ifneq ($(ARCHIVE_A),)
ARCHIVE_LIBS ?= $(ARCHIVE_A) $(foreach l,zstd bz2 lzma z,$(or $(call archive_a,$(l)),-l$(l)))
LDLIBS += $(ARCHIVE_LIBS)
build/rel/src/compat/tarread.o build/san/src/compat/tarread.o build/fuzz/obj/src/compat/tarread.o: \
    CPPFLAGS += -DGD_LIBARCHIVE
endif

# libyaml (Debian: libyaml-dev, libyaml.a), for the CDI specs in /etc/cdi and
# /var/run/cdi (src/scan/cdi.c); the same host-builds-only rule.
YAML_A := $(call archive_a,yaml)
ifneq ($(YAML_A),)
LDLIBS += $(YAML_A)
build/rel/src/scan/cdi.o build/san/src/scan/cdi.o build/fuzz/obj/src/scan/cdi.o: CPPFLAGS += -DGD_LIBYAML
# plan --check reads conda environment files with it too (src/scan/lockfile_data.c).
build/rel/src/scan/lockfile_data.o build/san/src/scan/lockfile_data.o build/fuzz/obj/src/scan/lockfile_data.o: CPPFLAGS += -DGD_LIBYAML
endif
