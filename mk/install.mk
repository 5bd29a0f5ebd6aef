# mk/install.mk - man pages and shell completions, `make install` and
# `make uninstall`.
#
#   make install [PREFIX=/usr/local] [DESTDIR=]
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]
#
# PREFIX is where the files will live on the target machine; DESTDIR is
# prepended to every path while copying (staged installs, packages).
# INSTALL_BIN names the binary to install (default: the optimised
# ./gpudoctor, built first).  Installed:
#   $(BINDIR)/gpudoctor
#   $(MANDIR)/man1/gpudoctor.1, gpudoctor-SUBCOMMAND.1
#   $(BASHCOMPDIR)/gpudoctor, $(ZSHCOMPDIR)/_gpudoctor,
#   $(FISHCOMPDIR)/gpudoctor.fish
#   $(DOCDIR)/  README.md, LICENSE, NOTICE, docs/*.md
#
# The man pages and completions are generated, at build time, by the binary
# itself (`gpudoctor help --man`, `help --completion`, src/cli/help_gen.c)
# from the command tables that also parse the options and print --help
# (src/cli/optparse.h), so they cannot say something else.  They
# land in $(GENDOC_DIR).  Subcommands are found as src/cli/cmd_NAME.c (help
# has no page of its own: gpudoctor(1) is its page).

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATAROOTDIR ?= $(PREFIX)/share
MANDIR ?= $(DATAROOTDIR)/man
DOCDIR ?= $(DATAROOTDIR)/doc/gpudoctor
BASHCOMPDIR ?= $(DATAROOTDIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATAROOTDIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATAROOTDIR)/fish/vendor_completions.d
INSTALL ?= install
INSTALL_BIN ?= gpudoctor
GENDOC_DIR ?= build/doc

GD_SUBCOMMANDS := $(filter-out help,$(patsubst src/cli/cmd_%.c,%,$(sort $(wildcard src/cli/cmd_*.c))))
MAN_PAGES := $(GENDOC_DIR)/man1/gpudoctor.1 $(patsubst %,$(GENDOC_DIR)/man1/gpudoctor-%.1,$(GD_SUBCOMMANDS))
COMPLETIONS := $(GENDOC_DIR)/completions/gpudoctor.bash $(GENDOC_DIR)/completions/_gpudoctor \
               $(GENDOC_DIR)/completions/gpudoctor.fish
INSTALL_DOCS := README.md LICENSE NOTICE $(sort $(wildcard docs/*.md))
GEN_RUN = $(abspath $(INSTALL_BIN))

.PHONY: install uninstall man completions

all: man completions
man: $(MAN_PAGES)
completions: $(COMPLETIONS)

$(GENDOC_DIR)/man1/gpudoctor.1: $(INSTALL_BIN)
	@mkdir -p $(dir $@)
	@echo "  MAN     $@"
	$(Q)$(GEN_RUN) help --man >$@.tmp && mv $@.tmp $@

$(GENDOC_DIR)/man1/gpudoctor-%.1: $(INSTALL_BIN)
	@mkdir -p $(dir $@)
	@echo "  MAN     $@"
	$(Q)$(GEN_RUN) help --man $* >$@.tmp && mv $@.tmp $@

$(GENDOC_DIR)/completions/gpudoctor.bash: $(INSTALL_BIN)
	@mkdir -p $(dir $@)
	$(Q)$(GEN_RUN) help --completion bash >$@.tmp && mv $@.tmp $@

$(GENDOC_DIR)/completions/_gpudoctor: $(INSTALL_BIN)
	@mkdir -p $(dir $@)
	$(Q)$(GEN_RUN) help --completion zsh >$@.tmp && mv $@.tmp $@

$(GENDOC_DIR)/completions/gpudoctor.fish: $(INSTALL_BIN)
	@mkdir -p $(dir $@)
	$(Q)$(GEN_RUN) help --completion fish >$@.tmp && mv $@.tmp $@

install: $(INSTALL_BIN) $(MAN_PAGES) $(COMPLETIONS)
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1" "$(DESTDIR)$(DOCDIR)" \
	    "$(DESTDIR)$(BASHCOMPDIR)" "$(DESTDIR)$(ZSHCOMPDIR)" "$(DESTDIR)$(FISHCOMPDIR)"
	$(INSTALL) -m 755 "$(INSTALL_BIN)" "$(DESTDIR)$(BINDIR)/gpudoctor"
	$(INSTALL) -m 644 $(MAN_PAGES) "$(DESTDIR)$(MANDIR)/man1/"
	$(INSTALL) -m 644 $(GENDOC_DIR)/completions/gpudoctor.bash "$(DESTDIR)$(BASHCOMPDIR)/gpudoctor"
	$(INSTALL) -m 644 $(GENDOC_DIR)/completions/_gpudoctor "$(DESTDIR)$(ZSHCOMPDIR)/_gpudoctor"
	$(INSTALL) -m 644 $(GENDOC_DIR)/completions/gpudoctor.fish "$(DESTDIR)$(FISHCOMPDIR)/gpudoctor.fish"
	$(INSTALL) -m 644 $(INSTALL_DOCS) "$(DESTDIR)$(DOCDIR)/"

# Removes exactly what install copied (the names come from the same lists),
# then the package's own documentation directory if it is empty.
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/gpudoctor" "$(DESTDIR)$(BASHCOMPDIR)/gpudoctor" \
	    "$(DESTDIR)$(ZSHCOMPDIR)/_gpudoctor" "$(DESTDIR)$(FISHCOMPDIR)/gpudoctor.fish"
	for f in $(notdir $(MAN_PAGES)); do rm -f "$(DESTDIR)$(MANDIR)/man1/$$f"; done
	for f in $(notdir $(INSTALL_DOCS)); do rm -f "$(DESTDIR)$(DOCDIR)/$$f"; done
	rmdir "$(DESTDIR)$(DOCDIR)" 2>/dev/null || true
