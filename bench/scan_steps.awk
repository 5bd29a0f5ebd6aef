# bench/scan_steps.awk - system calls per scan step, from `strace -f -k`
# output of one gpudoctor run (each system call's line, then its stack,
# innermost frame first).  A call is the step's whose function is the frame
# just below scan_all (src/scan/scan.c); the rest are "other" (start-up,
# diagnosis, report).  Functions the compiler reached by a tail call from a
# step are counted as that step.  Prints "STEP COUNT" lines and "total N".
BEGIN {
    tail["jupyter_scan"] = "scan_python"
    tail["scan_identity"] = "scan_system"
}
function flush(   s) {
    if (have) {
        s = step != "" ? step : "other"
        if (s in tail) s = tail[s]
        n[s]++
        total++
    }
    have = 0; step = ""; prev = ""
}
/^[0-9]+ +[a-z_0-9]+\(/ || /^[a-z_0-9]+\(/ { flush(); have = 1; next }
/^[0-9]+ / { flush(); next }
/^ > / {
    f = $0
    sub(/^ > [^(]*\(/, "", f); sub(/\+0x.*$/, "", f); sub(/\).*$/, "", f)
    if (f == "scan_all" && step == "" && prev != "") step = prev
    prev = f
    next
}
END { flush(); for (s in n) printf "%s %d\n", s, n[s]; printf "total %d\n", total }
