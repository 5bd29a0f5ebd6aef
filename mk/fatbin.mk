# mk/fatbin.mk - fatbin-archs, gpudoctor's fat-binary reader on real files
# for the comparison with cuobjdump (tests/cli/8516-realpkg-cuda-extensions).
#
# Unlike the helpers built plain from tests/helpers/*.c (stand-ins for
# foreign programs), this one is gpudoctor's own code under test: it links
# the sanitizer objects, as the unit tests do, so it lives below
# tests/helpers/fatbin/ and gets this rule.  SAN_OBJS is defined after
# mk/*.mk are included: the second expansion sees it.

FATBIN_ARCHS := build/san/helpers/fatbin-archs

.SECONDEXPANSION:
$(FATBIN_ARCHS): tests/helpers/fatbin/fatbin-archs.c $$(SAN_OBJS)
	@mkdir -p $(dir $@)
	@echo "  HELPER  $@"
	$(Q)$(CC) $(CPPFLAGS) $(WARN) $(SAN) -o $@ $< $(SAN_OBJS) $(LDFLAGS) $(LDLIBS)

sanitize: $(FATBIN_ARCHS)
