/*
 * ver_driver.h - NVIDIA driver versions.
 *
 * An NVIDIA driver version is "BRANCH.MINOR[.PATCH]" ("535.104.05",
 * "570.26"); components compare numerically, so "535.104.05" equals
 * "535.104.5" and a missing component counts as 0: a floor written as a
 * bare branch ("580") is met by every 580.x driver.
 *
 * Windows reports the driver with its own numbering, e.g. WMI's
 * "31.0.15.3833": the NVIDIA version is the last five digits of the last two
 * fields, "15" + "3833" -> 53833 -> "538.33".  ver_cmp_driver() recognises a
 * four-field version and converts it before comparing;
 * ver_driver_normalize() exposes the conversion.  Anything that does not
 * start with a digit sorts before every driver.
 */
#ifndef GD_VER_DRIVER_H
#define GD_VER_DRIVER_H

#include <stddef.h>

/** <0, 0, >0 as driver a is older than, equal to, newer than b. */
int ver_cmp_driver(const char *a, const char *b);

/**
 * The NVIDIA spelling of in: a Windows four-field version becomes
 * "BRANCH.MINOR"; an NVIDIA version is copied.  0 done, -1 not a driver
 * version (out set to "").
 */
int ver_driver_normalize(const char *in, char *out, size_t outsz);

/** The branch (first component) of a driver version, after normalising; -1 if none. */
long ver_driver_branch(const char *v);

#endif
