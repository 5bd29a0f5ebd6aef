/*
 * lockfile_int.h - shared by the readers of scan/lockfile*.c; not an API.
 */
#ifndef GD_SCAN_LOCKFILE_INT_H
#define GD_SCAN_LOCKFILE_INT_H

#include "scan/lockfile.h"

/** A new requirement, zeroed; NULL once LOCK_MAX_REQS are read (err set). */
struct lock_req *lock_add(struct lock_file *lf, struct gd_err *err);
/** Record a note (formatted into the arena). */
void lock_note(struct lock_file *lf, const char *fmt, ...) GD_PRINTF(2, 3);
/** Another index URL the file names (kept once). */
void lock_index(struct lock_file *lf, const char *url);
/** A pip install line's words (after "install"): its requirements and index options. */
int lock_pip_words(struct lock_file *lf, const char *s, size_t n, size_t line, struct gd_err *err);
/** One conda spec ("pytorch=2.1", "pytorch-cuda=12.1", "conda-forge::cupy==13.0") into r. */
int lock_conda_spec(struct arena *a, const char *s, size_t n, struct lock_req *r);

int lock_read_toml(struct lock_file *lf, const char *buf, size_t len, struct gd_err *err);
int lock_read_pipfile(struct lock_file *lf, const char *buf, size_t len, struct gd_err *err);
int lock_read_conda_env(struct lock_file *lf, const char *buf, size_t len, struct gd_err *err);

#endif
