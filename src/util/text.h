/*
 * text.h - small, pure string helpers shared by the observers and parsers.
 * All take explicit lengths where they scan untrusted bytes.
 */
#ifndef GD_TEXT_H
#define GD_TEXT_H

#include <stddef.h>
#include <stdint.h>

/** 1 if s starts with prefix. */
int str_starts(const char *s, const char *prefix);
/** 1 if s ends with suffix. */
int str_ends(const char *s, const char *suffix);
/** 1 if needle occurs in the first len bytes of hay (no NUL needed). */
int mem_contains(const char *hay, size_t len, const char *needle);
/** FNV-1a (64-bit) of s[0..n): a hash for the tables of interned strings. */
uint64_t mem_hash(const char *s, size_t n);
/**
 * Next line of buf[*pos..len): sets *line and *n (without '\n' or '\r'),
 * advances *pos.  0 at the end.
 */
int next_line(const char *buf, size_t len, size_t *pos, const char **line, size_t *n);
/**
 * 1 if c is ASCII white space: space, \t, \n, \v, \f or \r -- isspace()
 * in the C locale, and the ASCII part of Python's str.strip(), which is
 * what the files gpudoctor reads were written for (pyvenv.cfg, METADATA
 * headers, /proc and dpkg fields); never locale-dependent.
 */
int char_is_space(char c);
/**
 * Trim char_is_space() characters at both ends of (*s, *n); *s and *n are
 * updated in place (nothing is written to the bytes).  A line-based caller
 * that has already cut at '\n' gets the same result as a trim without it.
 */
void trim(const char **s, size_t *n);
/**
 * 1 if s[0..n) is a dotted version of between min_parts and max_parts
 * numeric components ("535.104.05", "12.2").
 */
int is_dotted_version(const char *s, size_t n, int min_parts, int max_parts);
/**
 * Find the first whitespace-separated token in s[0..n) that is a dotted
 * version of 2-3 parts; 1 and (*tok, *tn) set, else 0.
 */
int find_version_token(const char *s, size_t n, const char **tok, size_t *tn);
/**
 * Parse "#define NAME <integer>" from a C header text; 1 and *val set.
 */
int header_define_int(const char *buf, size_t len, const char *name, long *val);

#endif
