# mk/bench.mk - bench programs for `make bench` (timings to read, not tests).
#
# bench/bench_loader.c times the loader API on this machine's ld.so.cache:
# start-up, then 100 resolutions (issue 3).  It links the release objects;
# it depends on ./gpudoctor so they are built (REL_OBJS is only defined after
# the mk/*.mk fragments are read, so it is named in the recipe, not as a
# prerequisite).  bench/run.sh runs every program in BENCH_PROGS.
#
# bench/bench_run.c runs a command N times and prints its mean wall and CPU
# time and peak memory (bench/run.sh's measuring tool); static where the C
# library has a static archive, so it also runs inside the chroot of the
# Debian torch tree.

BENCH_LOADER := build/rel/bench/bench_loader
BENCH_RUN := build/rel/bench/bench_run

$(BENCH_LOADER): bench/bench_loader.c gpudoctor mk/bench.mk
	@mkdir -p $(dir $@)
	@echo "  LINK    $@"
	$(Q)$(CC) $(CPPFLAGS) $(WARN) $(OPT) -o $@ $< $(REL_OBJS) $(LDFLAGS) $(LDLIBS)

$(BENCH_RUN): bench/bench_run.c mk/bench.mk
	@mkdir -p $(dir $@)
	@echo "  LINK    $@"
	$(Q)$(CC) $(WARN) $(OPT) -static -o $@ $< 2>/dev/null || $(CC) $(WARN) $(OPT) -o $@ $<

bench: $(BENCH_LOADER) $(BENCH_RUN)
bench: export BENCH_PROGS := $(CURDIR)/$(BENCH_LOADER)
