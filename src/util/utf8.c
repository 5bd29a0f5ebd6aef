#include "util/utf8.h"

#include "util/banned.h"

size_t utf8_valid_seq(const unsigned char *p, size_t len)
{
    unsigned char c;

    if (!len)
        return 0;
    c = p[0];
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf)
        return (len >= 2 && (p[1] & 0xc0) == 0x80) ? 2 : 0;
    if (c >= 0xe0 && c <= 0xef) {
        unsigned char lo = 0x80, hi = 0xbf;
        if (c == 0xe0)
            lo = 0xa0; /* no overlong */
        if (c == 0xed)
            hi = 0x9f; /* no surrogates */
        if (len < 3 || p[1] < lo || p[1] > hi || (p[2] & 0xc0) != 0x80)
            return 0;
        return 3;
    }
    if (c >= 0xf0 && c <= 0xf4) {
        unsigned char lo = 0x80, hi = 0xbf;
        if (c == 0xf0)
            lo = 0x90;
        if (c == 0xf4)
            hi = 0x8f;
        if (len < 4 || p[1] < lo || p[1] > hi || (p[2] & 0xc0) != 0x80 ||
            (p[3] & 0xc0) != 0x80)
            return 0;
        return 4;
    }
    return 0;
}
