/*
 * test_plist.c - the property-list reader: SystemVersion.plist as macOS
 * writes it (XML), the same dictionary written in binary form by Python's
 * plistlib at test time (the oracle for bplist00: a writer this project did
 * not write), nesting, entities, UTF-16 strings, and damaged input: every
 * truncation and every single-byte change of a binary plist, a cyclic or
 * out-of-range reference, a bad trailer, nesting past the limit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "scan/plist.h"
#include "util/alloc.h"
#include "util/arena.h"
#include "util/err.h"
#include "util/strbuf.h"

static const char sysver_xml[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
    "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
    "<plist version=\"1.0\">\n"
    "<dict>\n"
    "\t<key>BuildID</key>\n"
    "\t<string>1A2B3C4D-0000-11EE-9C5D-8D2A6F0E2C11</string>\n"
    "\t<key>ProductBuildVersion</key>\n"
    "\t<string>23E224</string>\n"
    "\t<key>ProductCopyright</key>\n"
    "\t<string>1983-2024 Apple Inc.</string>\n"
    "\t<key>ProductName</key>\n"
    "\t<string>macOS</string>\n"
    "\t<key>ProductUserVisibleVersion</key>\n"
    "\t<string>14.4.1</string>\n"
    "\t<key>ProductVersion</key>\n"
    "\t<string>14.4.1</string>\n"
    "\t<key>iOSSupportVersion</key>\n"
    "\t<string>17.4</string>\n"
    "</dict>\n"
    "</plist>\n";

static int parse(const char *s, size_t len, struct arena *a, struct plist_dict *d,
                 struct gd_err *e)
{
    return plist_parse((const uint8_t *)s, len, a, d, e);
}

static void test_xml_systemversion(void)
{
    struct arena a;
    struct plist_dict d;
    struct gd_err e;
    arena_init(&a);
    err_init(&e);
    CHECK_INT(parse(sysver_xml, strlen(sysver_xml), &a, &d, &e), 0);
    CHECK_INT(d.binary, 0);
    CHECK_INT(d.n, 7);
    CHECK_STR(plist_get(&d, "ProductVersion"), "14.4.1");
    CHECK_STR(plist_get(&d, "ProductName"), "macOS");
    CHECK_STR(plist_get(&d, "ProductBuildVersion"), "23E224");
    CHECK(plist_get(&d, "Nope") == NULL);
    CHECK(d.warning == NULL);
    arena_release(&a);
}

static void test_xml_kinds(void)
{
    static const char x[] =
        "<plist version='1.0'><!-- a comment with <dict> inside -->\n<dict>"
        "<key>a&amp;b</key><string>x &lt;y&gt; &#65;&#x42; &#x20AC; &bogus;</string>"
        "<key>n</key><integer>-42</integer>"
        "<key>r</key><real>3.5</real>"
        "<key>t</key><true/>"
        "<key>f</key><false/>"
        "<key>e</key><string/>"
        "<key>arr</key><array><string>1</string><dict><key>k</key><array/></dict></array>"
        "<key>nested</key><dict><key>ProductVersion</key><string>99</string></dict>"
        "<key>d</key><data>AAAA</data>"
        "<key>when</key><date>2024-01-01T00:00:00Z</date>"
        "<key>ProductVersion</key><string>12.2</string>"
        "</dict></plist>";
    struct arena a;
    struct plist_dict d;
    struct gd_err e;
    arena_init(&a);
    err_init(&e);
    CHECK_INT(parse(x, strlen(x), &a, &d, &e), 0);
    if (e.code)
        printf("  %s\n", e.msg);
    CHECK_STR(plist_get(&d, "a&b"), "x <y> AB \xe2\x82\xac &bogus;");
    CHECK_STR(plist_get(&d, "n"), "-42");
    CHECK_STR(plist_get(&d, "r"), "3.5");
    CHECK_STR(plist_get(&d, "t"), "true");
    CHECK_STR(plist_get(&d, "f"), "false");
    CHECK_STR(plist_get(&d, "e"), "");
    CHECK(plist_get(&d, "arr") == NULL);
    CHECK(plist_get(&d, "nested") == NULL);
    CHECK(plist_get(&d, "d") == NULL);
    /* the nested dict's key is not a top-level key */
    CHECK_STR(plist_get(&d, "ProductVersion"), "12.2");
    CHECK_INT(d.n, 7);
    arena_release(&a);
}

static void test_xml_bad(void)
{
    static const char *bad[] = {
        "",
        "hello",
        "<plist><array><string>x</string></array></plist>",
        "<plist><dict><key>a</key>",
        "<plist><dict><key>a</key><string>x</dict>",
        "<plist><dict><string>x</string></dict>",
        "<plist><dict><key>a</key><frob/></dict>",
        "<plist><dict><key>a</key><array><array></dict>",
        "<plist><dict><key>a</key><string>x",
    };
    struct arena a;
    struct plist_dict d;
    struct gd_err e;
    struct strbuf deep = STRBUF_INIT;
    size_t i;
    arena_init(&a);
    for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        err_init(&e);
        if (parse(bad[i], strlen(bad[i]), &a, &d, &e) != -1) {
            printf("  accepted: %s\n", bad[i]);
            harness_failed_now = 1;
        }
        CHECK(e.code != GD_ERR_NONE);
    }
    strbuf_addstr(&deep, "<plist><dict><key>a</key>");
    for (i = 0; i < PLIST_MAX_DEPTH + 5; i++)
        strbuf_addstr(&deep, "<array>");
    for (i = 0; i < PLIST_MAX_DEPTH + 5; i++)
        strbuf_addstr(&deep, "</array>");
    strbuf_addstr(&deep, "</dict></plist>");
    err_init(&e);
    CHECK_INT(parse(deep.buf, deep.len, &a, &d, &e), -1);
    CHECK_INT(e.code, GD_ERR_LIMIT);
    strbuf_release(&deep);
    /* an empty dict is fine */
    CHECK_INT(parse("<plist><dict/></plist>", 22, &a, &d, &e), 0);
    CHECK_INT(d.n, 0);
    arena_release(&a);
}

/* Python's plistlib writes the binary form (FMT_BINARY). */
static unsigned char *bplist(const char *pydict, size_t *len)
{
    char cmd[4096];
    snprintf(cmd, sizeof(cmd),
             "python3 -c 'import plistlib,sys; "
             "sys.stdout.buffer.write(plistlib.dumps(%s, fmt=plistlib.FMT_BINARY))' >plist.bin",
             pydict);
    if (system(cmd) != 0) {
        const char *ci = getenv("CI");
        printf("%s python3 plistlib unavailable\n", ci && !strcmp(ci, "true") ? "  " : "SKIP");
        if (ci && !strcmp(ci, "true"))
            harness_failed_now = 1;
        return NULL;
    }
    return harness_slurp("plist.bin", len);
}

static void test_binary(void)
{
    struct arena a;
    struct plist_dict d;
    struct gd_err e;
    size_t len, i;
    unsigned char *b;
    arena_init(&a);
    err_init(&e);
    b = bplist("{\"ProductName\": \"macOS\", \"ProductVersion\": \"12.2\", "
               "\"ProductBuildVersion\": \"21D49\", \"n\": 7, \"big\": 1 << 40, "
               "\"neg\": -3, \"t\": True, \"f\": False, \"r\": 2.5, \"u\": \"\\u00e9\\u20ac\\U0001F600\", "
               "\"arr\": [1, 2], \"sub\": {\"ProductVersion\": \"1\"}, \"blob\": b\"xy\", "
               "\"long\": \"v\" * 5000}",
               &len);
    if (!b) {
        arena_release(&a);
        return;
    }
    CHECK_INT(plist_parse(b, len, &a, &d, &e), 0);
    CHECK_INT(d.binary, 1);
    CHECK_STR(plist_get(&d, "ProductVersion"), "12.2");
    CHECK_STR(plist_get(&d, "ProductName"), "macOS");
    CHECK_STR(plist_get(&d, "ProductBuildVersion"), "21D49");
    CHECK_STR(plist_get(&d, "n"), "7");
    CHECK_STR(plist_get(&d, "big"), "1099511627776");
    CHECK_STR(plist_get(&d, "neg"), "-3");
    CHECK_STR(plist_get(&d, "t"), "true");
    CHECK_STR(plist_get(&d, "f"), "false");
    CHECK_STR(plist_get(&d, "r"), "2.5");
    CHECK_STR(plist_get(&d, "u"), "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
    CHECK(plist_get(&d, "arr") == NULL);
    CHECK(plist_get(&d, "sub") == NULL);
    CHECK(plist_get(&d, "blob") == NULL);
    CHECK(plist_get(&d, "long") != NULL && strlen(plist_get(&d, "long")) == PLIST_STR_MAX - 1);
    CHECK(d.warning != NULL);

    /* every truncation and every byte flipped: no crash (ASan) */
    for (i = 0; i < len; i++) {
        unsigned char *c = xmalloc(len);
        memcpy(c, b, len);
        (void)plist_parse(c, i, &a, &d, NULL);
        c[i] ^= 0xff;
        (void)plist_parse(c, len, &a, &d, NULL);
        c[i] = 0x0f;
        (void)plist_parse(c, len, &a, &d, NULL);
        free(c);
    }
    free(b);
    arena_release(&a);
}

static void test_binary_hostile(void)
{
    /* header, one dict object referring to itself as key and value,
     * offset table, trailer */
    unsigned char b[64];
    struct arena a;
    struct plist_dict d;
    struct gd_err e;
    size_t n;
    arena_init(&a);
    memset(b, 0, sizeof(b));
    memcpy(b, "bplist00", 8);
    b[8] = 0xd1;          /* dict, 1 pair */
    b[9] = 0;             /* key ref 0: the dict itself */
    b[10] = 0;            /* value ref 0 */
    b[11] = 8;            /* offset table: object 0 at 8 */
    n = 12;
    b[n + 6] = 1;         /* offsetIntSize */
    b[n + 7] = 1;         /* objectRefSize */
    b[n + 15] = 1;        /* numObjects */
    b[n + 23] = 0;        /* topObject */
    b[n + 31] = 11;       /* offsetTableOffset */
    n += 32;
    err_init(&e);
    CHECK_INT(plist_parse(b, n, &a, &d, &e), 0);
    CHECK_INT(d.n, 0);
    CHECK(d.warning != NULL);

    /* a reference past numObjects */
    b[9] = 5;
    CHECK_INT(plist_parse(b, n, &a, &d, &e), 0);
    CHECK_INT(d.n, 0);

    /* the offset table past the trailer */
    b[12 + 31] = 200;
    err_init(&e);
    CHECK_INT(plist_parse(b, n, &a, &d, &e), -1);
    CHECK_INT(e.code, GD_ERR_FORMAT);
    b[12 + 31] = 11;

    /* numObjects huge */
    b[12 + 8] = 0xff;
    CHECK_INT(plist_parse(b, n, &a, &d, &e), -1);
    b[12 + 8] = 0;

    /* offsetIntSize 0 and 9 */
    b[12 + 6] = 0;
    CHECK_INT(plist_parse(b, n, &a, &d, &e), -1);
    b[12 + 6] = 9;
    CHECK_INT(plist_parse(b, n, &a, &d, &e), -1);
    b[12 + 6] = 1;

    /* a dict claiming 15+ entries with a count int past the table */
    b[8] = 0xdf;
    b[9] = 0x13;
    CHECK_INT(plist_parse(b, n, &a, &d, &e), -1);

    /* top object not a dict */
    b[8] = 0x51;
    CHECK_INT(plist_parse(b, n, &a, &d, &e), -1);
    arena_release(&a);
}

int main(void)
{
    RUN(test_xml_systemversion);
    RUN(test_xml_kinds);
    RUN(test_xml_bad);
    RUN(test_binary);
    RUN(test_binary_hostile);
    return harness_done();
}
