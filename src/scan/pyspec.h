/*
 * pyspec.h - PEP 440 version specifiers ("==12.1.105", ">=9.1,<10",
 * "~=12.0", "==2.1.*"), matched with kb/ver_pep440's comparator.
 *
 * Implemented from PEP 440 "Version specifiers": a comma-separated list
 * where every clause must hold; operators ===, ==, !=, ~=, <=, >=, <, >;
 * "==X.*" / "!=X.*" compare release prefixes; a specifier without a local
 * label ignores the candidate's local label (so "==2.1.0" matches
 * "2.1.0+cu121"); "~=X.Y" means ">=X.Y, ==X.*".  Not implemented (documented
 * simplifications): the exclusion of pre- and post-releases of V by "<V" and
 * ">V", and "@ url" requirements (which give -1).
 */
#ifndef GD_SCAN_PYSPEC_H
#define GD_SCAN_PYSPEC_H

/**
 * Does version satisfy spec?  1 yes, 0 no, -1 cannot tell (spec or version
 * does not parse).  An empty or NULL spec is satisfied by any version.
 */
int pyspec_match(const char *version, const char *spec);

#endif
