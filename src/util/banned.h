/*
 * banned.h - functions that must not be used in gpudoctor.
 *
 * Each of these has an unbounded or thread-unsafe interface that the project
 * replaced with a bounded one: snprintf/strbuf instead of sprintf, strcpy and
 * strcat; strtol-style parsing with end checks instead of atoi; gmtime_r and
 * localtime_r instead of their static-buffer twins; strtok_r or explicit
 * scanning instead of strtok.  Including this header last makes any use a
 * compile error that names the replacement.
 */
#ifndef GD_BANNED_H
#define GD_BANNED_H

#define BANNED(func) sorry_##func##_is_banned_in_gpudoctor

#undef strcpy
#define strcpy(x, y) BANNED(strcpy)
#undef strcat
#define strcat(x, y) BANNED(strcat)
#undef strncpy
#define strncpy(x, y, n) BANNED(strncpy)
#undef strncat
#define strncat(x, y, n) BANNED(strncat)
#undef sprintf
#define sprintf(...) BANNED(sprintf)
#undef vsprintf
#define vsprintf(...) BANNED(vsprintf)
#undef strtok
#define strtok(x, y) BANNED(strtok)
#undef gmtime
#define gmtime(t) BANNED(gmtime)
#undef localtime
#define localtime(t) BANNED(localtime)
#undef atoi
#define atoi(s) BANNED(atoi)
#undef atol
#define atol(s) BANNED(atol)

#endif
