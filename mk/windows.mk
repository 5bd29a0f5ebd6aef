# mk/windows.mk - `make windows`: gpudoctor.exe for Windows x64, cross-compiled
# with MinGW-w64 (Debian: gcc-mingw-w64-x86-64-win32).  See docs/windows.md.
#
# The same sources as the Linux build; src/compat/win32.c replaces the POSIX
# compat files (which compile to nothing on _WIN32).  jansson is built from
# Debian's source package by tools/build-jansson-mingw.sh into
# build/win/jansson (override with WIN_JANSSON=PREFIX holding include/ and
# lib/libjansson.a).  The .exe needs only the Windows system DLLs and msvcrt.
#
# -Wno-format: GCC checks format(printf) on MinGW against msvcrt's printf,
# which lacks %zu; __USE_MINGW_ANSI_STDIO makes the real printf family
# MinGW's C99 one, so %zu works at run time.

WIN_CC ?= x86_64-w64-mingw32-gcc
WIN_JANSSON ?= build/win/jansson
WIN_SRCS = $(sort $(shell find src -name '*.c' ! -path 'src/helper/*')) $(GEN_SRCS)
WIN_OBJS = $(patsubst %.c,build/win/obj/%.o,$(WIN_SRCS))
WIN_CPPFLAGS := -D__USE_MINGW_ANSI_STDIO=1 -D_WIN32_WINNT=0x0601 -Isrc -Ibuild/gen \
                -I$(WIN_JANSSON)/include
WIN_WARN = $(filter-out -Werror,$(WARN)) -Wno-format

.PHONY: windows
windows: gpudoctor.exe

gpudoctor.exe: $(WIN_OBJS) $(WIN_JANSSON)/lib/libjansson.a
	@echo "  LINK    $@"
	$(Q)$(WIN_CC) -O2 -static -o $@ $(WIN_OBJS) $(WIN_JANSSON)/lib/libjansson.a $(WIN_COMPRESS_LIBS)

build/win/obj/%.o: %.c $(WIN_JANSSON)/lib/libjansson.a
	@mkdir -p $(dir $@)
	@echo "  CC win  $<"
	$(Q)$(WIN_CC) $(WIN_CPPFLAGS) $(WIN_WARN) -O2 -MMD -MP -c -o $@ $<

build/win/jansson/lib/libjansson.a: tools/build-jansson-mingw.sh
	@echo "  JANSSON $@ (Debian source package, MinGW)"
	$(Q)sh tools/build-jansson-mingw.sh build/win/jansson $(WIN_CC)
