/*
 * glibc_floor.h - forced into every object of gpudoctor-probe-helper
 * (-include, mk/static.mk): bind each glibc entry point the helper calls to
 * the oldest version glibc defines for it on x86_64 (GLIBC_2.2.5, the
 * architecture's first), so the helper built on a new glibc starts on an
 * old one.  Without these, a link against glibc 2.34 or later binds dlopen,
 * dlsym and dlerror to GLIBC_2.34 (when libdl was merged into libc),
 * clock_gettime to GLIBC_2.17 (moved from librt) and memcpy to GLIBC_2.14.
 * The old versions are still exported by new glibc (as compatibility
 * symbols), with the same behaviour for these calls; on glibc before 2.34
 * dlopen & co. are found in libdl.so.2 and clock_gettime in librt.so.1,
 * which the helper names in DT_NEEDED for that reason.
 *
 * tools/glibc-floor.sh checks the linked helper: a call added without a
 * line here that binds a newer version fails the build.  On aarch64 the
 * first version is GLIBC_2.17 (`make static-aarch64`): the same lines bind
 * that one (dlopen & co. are GLIBC_2.34 by default there too).
 */
#ifndef GD_HELPER_GLIBC_FLOOR_H
#define GD_HELPER_GLIBC_FLOOR_H
#if defined(__x86_64__)
#define GD_FLOOR(sym) __asm__(".symver " #sym "," #sym "@GLIBC_2.2.5");
#elif defined(__aarch64__)
#define GD_FLOOR(sym) __asm__(".symver " #sym "," #sym "@GLIBC_2.17");
#endif
#ifdef GD_FLOOR
GD_FLOOR(dlopen)
GD_FLOOR(dlsym)
GD_FLOOR(dlerror)
GD_FLOOR(dlclose)
GD_FLOOR(clock_gettime)
GD_FLOOR(memcpy)
GD_FLOOR(__libc_start_main)
#undef GD_FLOOR
#endif
#endif
