# mk/kb.mk - the built-in knowledge base (src/kb, data/).
#
# build/gen/kb_data.c embeds data/*.kb and the NVIDIA part of pci.ids
# (Debian package pci.ids; override with PCI_IDS=path, or PCI_IDS=- for none).

KB_DATA := $(sort $(wildcard data/*.kb))
PCI_IDS ?= $(firstword $(wildcard /usr/share/misc/pci.ids /usr/share/hwdata/pci.ids) -)
KB_PCI_DEP := $(filter-out -,$(PCI_IDS))

GEN_SRCS += build/gen/kb_data.c

build/gen/kb_data.c: tools/kb-gen.sh $(KB_DATA) $(KB_PCI_DEP) mk/kb.mk
	@mkdir -p $(dir $@)
	sh tools/kb-gen.sh $(PCI_IDS) $(KB_DATA) >$@.tmp && mv $@.tmp $@

# tools/kb-lint: the knowledge base's consistency checks (src/kb/kb_lint.c),
# a separate program linked with the library objects.  `make check` builds
# the sanitizer one; tests/cli/3300-kb-lint.sh runs it on data/.
.SECONDEXPANSION:
build/rel/kb-lint: tools/kb-lint.c $$(REL_OBJS)
	@mkdir -p $(dir $@)
	@echo "  LINK    $@"
	$(Q)$(CC) $(CPPFLAGS) $(WARN) $(OPT) -o $@ $< $(REL_OBJS) $(LDFLAGS) $(LDLIBS)

build/san/kb-lint: tools/kb-lint.c $$(SAN_OBJS)
	@mkdir -p $(dir $@)
	@echo "  LINK    $@"
	$(Q)$(CC) $(CPPFLAGS) $(WARN) $(SAN) -o $@ $< $(SAN_OBJS) $(LDFLAGS) $(LDLIBS)

sanitize: build/san/kb-lint
