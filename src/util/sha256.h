/*
 * sha256.h - SHA-256 (FIPS 180-4), for OCI content digests.
 *
 * An OCI image names every blob by the digest of its bytes
 * ("sha256:<64 hex>", image-spec descriptor.md); the image's identity that
 * `check --image` reports is the digest of its manifest, and every blob it
 * reads is checked against the digest that named it.  Streaming: feed any
 * number of chunks, then finish.  No allocation, no failure.
 */
#ifndef GD_SHA256_H
#define GD_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_LEN 32
#define SHA256_HEX_LEN 64

struct sha256 {
    uint32_t h[8];
    uint64_t total;          /* bytes fed */
    unsigned char buf[64];
    size_t nbuf;
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t len);
/** The digest of everything fed; s must be sha256_init'ed again to be reused. */
void sha256_final(struct sha256 *s, unsigned char out[SHA256_LEN]);
/** Lower-case hex of a digest into out (SHA256_HEX_LEN + 1 bytes, NUL-terminated). */
void sha256_hex(const unsigned char d[SHA256_LEN], char out[SHA256_HEX_LEN + 1]);
/** The hex digest of one buffer. */
void sha256_hex_of(const void *data, size_t len, char out[SHA256_HEX_LEN + 1]);

#endif
