# mk/wheel.mk - the gpudoctor-cli Python wheels, each carrying a prebuilt
# gpudoctor program (docs/packaging.md, "Python wheel").
#
#   make wheel            the portable Linux x86_64 wheel: the static build
#                         and its probe helper (`make static`, mk/static.mk);
#                         the helper lands in PREFIX/libexec/gpudoctor/
#   make wheel-aarch64    the same for aarch64 (`make static-aarch64`)
#   make wheel-windows    from gpudoctor.exe (`make windows`)
#   make wheel-dynamic    from ./gpudoctor, or WHEEL_BIN=FILE (tagged with
#                         the glibc it needs: manylinux_2_34 on Debian 12)
#   make wheels           wheel, wheel-aarch64 and wheel-windows
#
# The wheels land in $(WHEEL_DIR).  python/build_wheel.py lays each out and
# Debian's python3-wheel packs it; the platform tag is measured from the
# files (the newest GLIBC_2.N they need; a static program gets manylinux
# and musllinux; a PE file win_amd64), so a build on a newer glibc gets a
# narrower tag, never a false one.  Debian's interpreter is used on
# purpose: it is the one with python3-wheel installed
# (tools/install-deps.sh).  The wheel's copies of the programs lose their
# debugging sections (strip --strip-debug); the symbol table stays, for
# backtraces.  Timestamps in the zip come from the last commit
# (SOURCE_DATE_EPOCH), so the same programs give the same wheel.

WHEEL_PYTHON ?= /usr/bin/python3
WHEEL_DIR ?= build/wheel
WHEEL_BIN ?= gpudoctor
WHEEL_STRIP ?= strip
WHEEL_A64_STRIP ?= aarch64-linux-gnu-strip
WHEEL_WIN_STRIP ?= x86_64-w64-mingw32-strip
WHEEL_VERSION := $(shell sed -n 's/^\#define GD_VERSION "\(.*\)"/\1/p' src/cli/version.h)
WHEEL_EPOCH := $(shell git log -1 --format=%ct 2>/dev/null)
WHEEL_RUN = $(if $(WHEEL_EPOCH),SOURCE_DATE_EPOCH=$(WHEEL_EPOCH)) $(WHEEL_PYTHON) python/build_wheel.py \
            --version $(WHEEL_VERSION) --out $(WHEEL_DIR)

.PHONY: wheel wheel-aarch64 wheel-windows wheel-dynamic wheels

wheels: wheel wheel-aarch64 wheel-windows

wheel: build/static/gpudoctor build/static/gpudoctor-probe-helper
	@echo "  WHEEL   $(WHEEL_DIR) (static x86_64 + probe helper)"
	$(Q)$(WHEEL_RUN) --binary build/static/gpudoctor --helper build/static/gpudoctor-probe-helper \
	    --strip $(WHEEL_STRIP)

wheel-aarch64: build/static-aarch64/gpudoctor build/static-aarch64/gpudoctor-probe-helper
	@echo "  WHEEL   $(WHEEL_DIR) (static aarch64 + probe helper)"
	$(Q)$(WHEEL_RUN) --binary build/static-aarch64/gpudoctor \
	    --helper build/static-aarch64/gpudoctor-probe-helper --strip $(WHEEL_A64_STRIP)

wheel-windows: gpudoctor.exe
	@echo "  WHEEL   $(WHEEL_DIR) (gpudoctor.exe)"
	$(Q)$(WHEEL_RUN) --binary gpudoctor.exe --strip $(WHEEL_WIN_STRIP)

wheel-dynamic: $(WHEEL_BIN)
	@echo "  WHEEL   $(WHEEL_DIR) ($(WHEEL_BIN))"
	$(Q)$(WHEEL_RUN) --binary $(WHEEL_BIN) --strip $(WHEEL_STRIP)
