# bench/scan_steps.awk - system calls per scan step, from `strace -f` output
# of one gpudoctor check run with GPUDOCTOR_BENCH_STEPS set: scan_all
# (src/scan/scan.c) then asks access("/gpudoctor-bench-step/STEP") before
# each step (and ".../end" after the last), so each call after a mark is
# that step's.  Only the lines after gpudoctor's own execve are counted
# (not a wrapper's: unshare, chroot), marks not included.  Prints "STEP
# COUNT" lines, "other" (start-up, diagnosis, report) and "total N".
/execve\(/ && $0 ~ gd && / = 0$/ { pid = $1; step = "other"; total = 0; delete n; next }
pid == "" || $1 != pid { next }
/access\("\/gpudoctor-bench-step\// {
    s = $0; sub(/.*\/gpudoctor-bench-step\//, "", s); sub(/".*/, "", s)
    step = s == "end" ? "other" : s
    next
}
/^[0-9]+ +(\+\+\+|---|<\.\.\.)/ { next }
{ n[step]++; total++ }
END { for (s in n) printf "%s %d\n", s, n[s]; printf "total %d\n", total }
