/* report/out.h's row counts: what the short report budgets with
 * (NEXT_STEP_ROWS) is what out_wrapped really prints, counted as a
 * terminal of that width shows it (a longer line wraps). */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "report/out.h"
#include "util/banned.h"

/* The rows the text in fp takes on a terminal w columns wide, the cursor
 * starting at column col of the first line. */
static size_t printed_rows(FILE *fp, size_t col, size_t w)
{
    char line[4096];
    size_t rows = 0, first = 1;
    rewind(fp);
    while (fgets(line, sizeof(line), fp)) {
        size_t n = strlen(line), c = 0, i;
        if (n && line[n - 1] == '\n')
            line[--n] = 0;
        for (i = 0; i < n; i++)
            if (((unsigned char)line[i] & 0xc0) != 0x80)
                c++;
        if (first)
            c += col;
        first = 0;
        rows += c > w ? (c + w - 1) / w : 1;
    }
    return rows;
}

static void one(int width, size_t col, size_t indent, const char *s)
{
    FILE *fp = tmpfile();
    struct out o = { fp, 0, width, NULL, 0 };
    size_t want;
    CHECK(fp != NULL);
    if (!fp)
        return;
    out_wrapped(&o, col, indent, s);
    out_raw(&o, "\n");   /* the line ends, as the report ends it */
    fflush(fp);
    want = printed_rows(fp, col, width ? (size_t)width : 100000);
    CHECK_INT((long)out_wrapped_rows(&o, col, indent, s), (long)want);
    fclose(fp);
}

static void test_wrapped_rows(void)
{
    const char *title = "On this Jetson (Jetson AGX Orin, compute capability 8.7; L4T 36.9.9 from "
                        "/etc/nv_tegra_release) install NVIDIA's TensorFlow build for the JetPack of L4T "
                        "36.9.9 -- NVIDIA's guide (https://docs.nvidia.com/deeplearning/frameworks/pdf/"
                        "Install-TensorFlow-Jetson-Platform.pdf) names the pip index of each JetPack";
    struct out o = { stdout, 0, 80, NULL, 0 };
    one(80, 8, 6, title);
    one(40, 8, 6, title);
    one(80, 8, 6, "short");
    one(80, 0, 6, "");
    one(0, 8, 6, title);                          /* no width: one line */
    one(30, 14, 16, "a b c d e f g h i j k l m");   /* indent + 20 > width: not wrapped */
    one(80, 2, 4, "pas\xc3\xa9 \xe2\x80\x94 une ligne courte");   /* UTF-8 takes one column a character */
    CHECK_INT((long)out_wrapped_rows(&o, 0, 0, NULL), 0);
}

static void test_line_rows(void)
{
    struct out o = { stdout, 0, 80, NULL, 0 };
    const char *l = "curl -s -L https://nvidia.github.io/libnvidia-container/stable/deb/nvidia-container-toolkit"
                    ".list | sed 's#deb https://#deb [signed-by=/usr/share/keyrings/nvidia-container-toolkit-"
                    "keyring.gpg] https://#g' | sudo tee /etc/apt/sources.list.d/nvidia-container-toolkit.list";
    CHECK_INT((long)out_line_rows(&o, 8, l, strlen(l)), (long)((8 + strlen(l) + 79) / 80));
    CHECK_INT((long)out_line_rows(&o, 8, "sudo apt-get update", 19), 1);
    CHECK_INT((long)out_line_rows(&o, 0, l, 80), 1);     /* exactly the width: one row */
    CHECK_INT((long)out_line_rows(&o, 0, l, 81), 2);
    o.width = 0;
    CHECK_INT((long)out_line_rows(&o, 8, l, strlen(l)), 1);   /* not a terminal: never wraps */
}

int main(void)
{
    RUN(test_wrapped_rows);
    RUN(test_line_rows);
    return harness_done();
}
