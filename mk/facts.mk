# mk/facts.mk - the --facts reference in docs/json.md, generated from the
# field tables (src/facts/facts_fields.c) by tools/facts-doc.c.
#
#   make facts-doc    rewrite docs/json.md's block between the markers
#
# tests/unit/test_facts_fields.c fails while the block and the tables differ.

.PHONY: facts-doc
.SECONDEXPANSION:
build/rel/facts-doc: tools/facts-doc.c $$(REL_OBJS)
	@mkdir -p $(dir $@)
	@echo "  LINK    $@"
	$(Q)$(CC) $(CPPFLAGS) $(WARN) $(OPT) -o $@ $< $(REL_OBJS) $(LDFLAGS) $(LDLIBS)

facts-doc: build/rel/facts-doc
	$(Q)build/rel/facts-doc >build/facts-ref.md
	$(Q)awk -v ref=build/facts-ref.md ' \
	    /^<!-- facts-reference:/ { print; while ((getline l < ref) > 0) print l; skip = 1; next } \
	    /^<!-- end facts-reference -->/ { skip = 0 } \
	    !skip { print }' docs/json.md >docs/json.md.tmp && mv docs/json.md.tmp docs/json.md
