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

size_t utf8_display_control(const unsigned char *p, size_t len)
{
    if (len >= 2 && p[0] == 0xd8 && p[1] == 0x9c)
        return 2;                                   /* U+061C */
    if (len < 3 || p[0] != 0xe2)
        return 0;
    if (p[1] == 0x80 && (p[2] == 0x8e || p[2] == 0x8f || (p[2] >= 0xa8 && p[2] <= 0xae)))
        return 3;                                   /* U+200E-F, U+2028-202E */
    if (p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9)
        return 3;                                   /* U+2066-2069 */
    return 0;
}
