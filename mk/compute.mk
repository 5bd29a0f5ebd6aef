# mk/compute.mk - the PTX kernel of `probe --compute`, generated at build
# time from its kept source (src/probe/kernel/gd_probe_fill.cu) by clang's
# NVPTX back end; only build/ holds the PTX.  Targets lowest first: the
# child loads the lowest one the driver's JIT accepts for each GPU.  clang
# missing is a NOTE (the binary builds, and --compute says it has no
# kernel), an error in CI or with PTX_REQUIRED=1.
PTX_CLANG ?= clang
PTX_TARGETS ?= sm_30 sm_50
ifneq ($(CI),)
PTX_REQUIRED ?= 1
endif
PTX_REQUIRED ?= 0

GEN_SRCS += build/gen/probe_ptx.c

build/gen/probe_ptx.c: src/probe/kernel/gd_probe_fill.cu tools/ptx-gen.sh mk/compute.mk
	@mkdir -p $(dir $@)
	@echo "  PTX     $@ ($(PTX_TARGETS))"
	$(Q)sh tools/ptx-gen.sh $(PTX_CLANG) $(PTX_REQUIRED) $< $(PTX_TARGETS) >$@.tmp && mv $@.tmp $@

# The script `probe --import` runs in each framework's interpreter
# (src/probe/import.h): its source is the .py file, embedded verbatim.
GEN_SRCS += build/gen/probe_import_script.c

build/gen/probe_import_script.c: src/probe/import_script.py tools/text-embed.sh mk/compute.mk
	@mkdir -p $(dir $@)
	$(Q)sh tools/text-embed.sh probe/import.h probe_import_script $< >$@.tmp && mv $@.tmp $@
