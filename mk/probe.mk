# mk/probe.mk - the fake NVIDIA driver for `gpudoctor probe`'s tests.
#
# tests/helpers/fakedriver/fakecuda.c is a shared library, not a helper
# program, so it lives below tests/helpers/ (whose *.c are built as
# executables) and gets this rule.  Built plain, like the helpers: it stands
# for a foreign library, not for gpudoctor's code.

FAKEDRIVER := build/san/fakedriver/libfakecuda.so

$(FAKEDRIVER): tests/helpers/fakedriver/fakecuda.c mk/probe.mk
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O1 -g -shared -fPIC -Wl,-soname,libcuda.so.1 -o $@ $<

sanitize: $(FAKEDRIVER)
