# mk/install.mk - `make install` and `make uninstall`.
#
#   make install [PREFIX=/usr/local] [DESTDIR=]
#   make uninstall [PREFIX=/usr/local] [DESTDIR=]
#
# PREFIX is where the files will live on the target machine; DESTDIR is
# prepended to every path while copying (staged installs, packages).
# INSTALL_BIN names the binary to install (default: the optimised
# ./gpudoctor, built first).  Installed:
#   $(PREFIX)/bin/gpudoctor
#   $(PREFIX)/share/doc/gpudoctor/  README.md, LICENSE, NOTICE, docs/*.md

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATAROOTDIR ?= $(PREFIX)/share
DOCDIR ?= $(DATAROOTDIR)/doc/gpudoctor
INSTALL ?= install
INSTALL_BIN ?= gpudoctor

INSTALL_DOCS := README.md LICENSE NOTICE $(sort $(wildcard docs/*.md))

.PHONY: install uninstall

install: $(INSTALL_BIN)
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(DOCDIR)"
	$(INSTALL) -m 755 "$(INSTALL_BIN)" "$(DESTDIR)$(BINDIR)/gpudoctor"
	$(INSTALL) -m 644 $(INSTALL_DOCS) "$(DESTDIR)$(DOCDIR)/"

# Removes exactly what install copied (the names come from the same lists),
# then the package's own directories if they are empty.
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/gpudoctor"
	for f in $(notdir $(INSTALL_DOCS)); do rm -f "$(DESTDIR)$(DOCDIR)/$$f"; done
	rmdir "$(DESTDIR)$(DOCDIR)" 2>/dev/null || true
