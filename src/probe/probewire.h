/*
 * probewire.h - the bytes the probe child writes to its parent.
 *
 * The child streams one record per fact as soon as it has it, so that what
 * was learnt before a hang or a crash still arrives.  The format is small,
 * bounded and byte-order fixed:
 *
 *     stream  := magic record*            magic = "GDPW1\n" (6 bytes)
 *     record  := type:u8 fn:u8 dev:u8 len:u16le payload[len]
 *
 * type (enum probewire_type) says what the payload is; fn is an enum
 * probe_fn (probe.h); dev is a device index (0..PROBE_MAX_DEVICES-1) or
 * 0xff for "the system".  Payloads: BEGIN, LOADED, NOSYM and END: none;
 * RC, INT and TIME: 8 bytes, a two's-complement int64 little-endian; STR
 * and DLERROR: 1 to PROBEWIRE_STR_MAX bytes without NUL.  A stream is at most
 * PROBEWIRE_MAX_BYTES.  A record with an unknown type or fn is skipped (a
 * newer child); a wrong payload length, a device index out of range, a NUL
 * in a string or too many records is malformed.  A stream that stops inside
 * a record, or without END, is truncated: the child died while writing.
 *
 * `--verify-libs` children (probe/verify.h) speak the same format with one
 * fn, PF_VERIFY_LIB, whose device byte is the index of the library loaded.
 *
 * The parsers (probewire_parse, probewire_parse_verify) are pure, share the
 * framing, and are fuzzed (fuzz/fuzz_probewire.c).
 */
#ifndef GD_PROBEWIRE_H
#define GD_PROBEWIRE_H

#include <stddef.h>
#include <stdint.h>

#include "probe/probe.h"
#include "util/err.h"
#include "util/strbuf.h"

#define PROBEWIRE_MAGIC "GDPW1\n"
#define PROBEWIRE_MAGIC_LEN 6
#define PROBEWIRE_HDR_LEN 5
#define PROBEWIRE_STR_MAX 255
#define PROBEWIRE_MAX_BYTES (256u * 1024u)
#define PROBEWIRE_SYSTEM 0xff

enum probewire_type {
    PW_BEGIN = 1,     /* fn is about to be called (for dev) */
    PW_RC = 2,        /* fn returned this code */
    PW_INT = 3,       /* a value fn produced */
    PW_STR = 4,       /* a string fn produced */
    PW_TIME = 5,      /* how long fn took, in nanoseconds */
    PW_LOADED = 6,    /* fn is PF_LIB_*: dlopen succeeded */
    PW_DLERROR = 7,   /* fn is PF_LIB_*: dlopen failed with this message */
    PW_NOSYM = 8,     /* the library does not export fn */
    PW_END = 9        /* the child finished normally */
};

/**
 * Append one record to out.  Strings longer than PROBEWIRE_STR_MAX are cut;
 * an empty string is written as "?" (the format has no empty strings).
 */
void probewire_put_int(struct strbuf *out, int type, int fn, int dev, int64_t v);
void probewire_put_str(struct strbuf *out, int type, int fn, int dev, const char *s);
void probewire_put(struct strbuf *out, int type, int fn, int dev);

/**
 * Parse a stream into r (its answer fields, r->complete, r->in_flight_fn,
 * the library states for PF_LIB_*).  0 on success, including a truncated
 * stream (r->complete stays 0); -1 on a malformed one (err says where; what
 * came before the bad record is kept in r).  Never reads outside buf.
 */
int probewire_parse(const uint8_t *buf, size_t len, struct probe_result *r, struct gd_err *err);

struct probe_verify_install;
struct arena;
/**
 * Parse a --verify-libs child's stream (PF_VERIFY_LIB records: BEGIN, LOADED,
 * DLERROR, then END; the device byte is the library's index, below
 * vi->n_load) into vi's library states, vi->in_flight and vi->complete;
 * dlerror texts go into a.  The same framing and bounds as probewire_parse;
 * a second outcome for one library is malformed.  0, including a truncated
 * stream; -1 on a malformed one (err; what came before is kept).
 */
int probewire_parse_verify(const uint8_t *buf, size_t len, struct probe_verify_install *vi,
                           struct arena *a, struct gd_err *err);

struct probe_compute;
/**
 * Parse a --compute child's stream (PF_CC_* records, probe/compute.h) into
 * pc: each device's steps, JIT attempts and logs (into pc's arena), times,
 * the check's result, pc->in_flight_fn/_dev and pc->complete.  The same
 * framing and bounds as probewire_parse; more JIT attempts than
 * PROBE_COMPUTE_MAX_JIT for one device, or a device index at or above
 * PROBE_MAX_DEVICES, is malformed.  0, including a truncated stream; -1 on
 * a malformed one (err; what came before is kept).
 */
int probewire_parse_compute(const uint8_t *buf, size_t len, struct probe_compute *pc,
                            struct gd_err *err);

#endif
