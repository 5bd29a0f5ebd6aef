# mk/wheel.mk - `make wheel`: the gpudoctor-cli Python wheel, carrying a
# prebuilt gpudoctor program (docs/packaging.md, "Python wheel").
#
#   make wheel                       from ./gpudoctor (built first)
#   make wheel WHEEL_BIN=FILE        from another build of the program
#   make wheel-windows               from gpudoctor.exe (`make windows`)
#   make wheel-static                from the static build (`make static`,
#                                    mk/static.mk) and its probe helper,
#                                    which lands in PREFIX/libexec/gpudoctor/
#
# The wheel lands in $(WHEEL_DIR).  python/build_wheel.py lays it out and
# Debian's python3-wheel packs it; its platform tag is measured from the
# binary (the newest GLIBC_2.N it needs; a static binary gets manylinux and
# musllinux; a PE file win_amd64), so a build on a newer glibc gets a
# narrower tag, never a false one.  Debian's interpreter is used on
# purpose: it is the one with python3-wheel installed (tools/install-deps.sh).
# The wheel's copy of the binary loses its debugging sections (strip
# --strip-debug); the symbol table stays, for backtraces.
# Timestamps in the zip come from the last commit (SOURCE_DATE_EPOCH), so
# the same binary gives the same wheel.

WHEEL_PYTHON ?= /usr/bin/python3
WHEEL_DIR ?= build/wheel
WHEEL_BIN ?= gpudoctor
WHEEL_VERSION := $(shell sed -n 's/^\#define GD_VERSION "\(.*\)"/\1/p' src/cli/version.h)
WHEEL_STRIP ?= strip
WHEEL_WIN_STRIP ?= x86_64-w64-mingw32-strip
WHEEL_EPOCH := $(shell git log -1 --format=%ct 2>/dev/null)

STATIC_WHEEL_BIN ?= build/static/gpudoctor
STATIC_WHEEL_HELPER ?= build/static/gpudoctor-probe-helper

.PHONY: wheel wheel-windows wheel-static

wheel: $(WHEEL_BIN)
	@echo "  WHEEL   $(WHEEL_DIR) ($(WHEEL_BIN))"
	$(Q)$(if $(WHEEL_EPOCH),SOURCE_DATE_EPOCH=$(WHEEL_EPOCH)) $(WHEEL_PYTHON) python/build_wheel.py \
	    --binary $(WHEEL_BIN) --version $(WHEEL_VERSION) --out $(WHEEL_DIR) --strip $(WHEEL_STRIP)

wheel-windows: gpudoctor.exe
	@echo "  WHEEL   $(WHEEL_DIR) (gpudoctor.exe)"
	$(Q)$(if $(WHEEL_EPOCH),SOURCE_DATE_EPOCH=$(WHEEL_EPOCH)) $(WHEEL_PYTHON) python/build_wheel.py \
	    --binary gpudoctor.exe --version $(WHEEL_VERSION) --out $(WHEEL_DIR) --strip $(WHEEL_WIN_STRIP)

wheel-static: $(STATIC_WHEEL_BIN) $(STATIC_WHEEL_HELPER)
	@echo "  WHEEL   $(WHEEL_DIR) ($(STATIC_WHEEL_BIN) + $(notdir $(STATIC_WHEEL_HELPER)))"
	$(Q)$(if $(WHEEL_EPOCH),SOURCE_DATE_EPOCH=$(WHEEL_EPOCH)) $(WHEEL_PYTHON) python/build_wheel.py \
	    --binary $(STATIC_WHEEL_BIN) --helper $(STATIC_WHEEL_HELPER) --version $(WHEEL_VERSION) \
	    --out $(WHEEL_DIR) --strip $(WHEEL_STRIP)
