/*
 * logread.h - read a pasted log (TensorFlow, PyTorch, JAX, ONNX Runtime,
 * CuPy, nvidia-smi, nvcc, pip) and extract facts from it, for `explain`.
 *
 * The log is the "machine" that explain examines, so its reader sits with
 * the other observers in scan/: it turns untrusted input into facts
 * (struct log_facts, facts/log_facts.h), and the rules in
 * diagnose/explain_rules.c judge them.
 * It never judges (no "the cause is"), never prints and never touches a
 * file: the caller feeds bytes (logread_feed, any chunking) and the reader
 * splits lines itself, so a 100 MB log costs bounded memory.
 *
 * Reading survives real pastes: before matching, each segment is
 * normalised (ANSI colour and cursor codes dropped, runs of blanks folded
 * to one space but for indentation, typographic quotes made ASCII, the
 * escaped form of a JSON/repr paste undone: \" and doubled backslashes in a
 * Windows path), the table's texts match without regard to ASCII case, and
 * the context readers see the message without its log prefix (glog/absl
 * "I0101 12:00:00.123 42 file.cc:12] ", TensorFlow's "2024-01-01
 * 12:00:00.123456: W file.cc:12] ", Python logging "WARNING:name:",
 * Jupyter "[W 12:00:00.123 NotebookApp] ", syslog/journald "Jan  1
 * 12:00:00 host kernel: ", dmesg "[   12.345] ", docker compose "svc-1  | ",
 * a Markdown quote "> ").  A log pasted as one indented code block (its
 * first non-blank line indented by at least four spaces or a tab, as
 * Markdown's code blocks and e-mail quoting indent it) is read without that
 * indentation, as long as every later non-blank line shares it (the common
 * part, while it is still four spaces or a tab).  Library names, versions and numbers are then
 * taken wherever they stand, so localized or mis-decoded text around them
 * does not matter.
 *
 * Lines: a '\r' inside a line ends a segment (a progress bar redraws over
 * what came before), and each segment is matched on its own; a segment
 * longer than LOGREAD_LINE_MAX bytes is matched in windows of that size
 * that overlap by LOGREAD_OVERLAP, so an error anywhere in a long line is
 * found.  A line counts once per message family, however many of its
 * segments or windows show it.  A line hard-wrapped by a terminal or by
 * fold(1) (at least LOGREAD_WRAP_MIN bytes, and as long as the longest line
 * so far: wrapping cuts every long line at the same width) is also matched
 * across its end: its last LOGREAD_WRAP bytes joined with the first
 * LOGREAD_WRAP of the next line (unless that line has a log prefix of its
 * own: a new record), for the messages the cut splits, and, where it cut a
 * word, those that end just before it (their captures may go on past it);
 * they count as the wrapped line's (its number, once per family).  A
 * line wrapped again carries the tail on (the last LOGREAD_WRAP bytes of
 * all its parts).  Each physical line is still read on its own as well;
 * a library name its first bytes continue (the wrap cut it: `libcu` then
 * `blasLt.so.11`) is taken whole, with the part before the cut, never as
 * the cut fragment.
 *
 * Bounds: one buffer of LOGREAD_LINE_MAX bytes; each recognised message family keeps its count and
 * at most LOG_MAX_HITS quoted lines of at most LOG_QUOTE_MAX bytes; scalar
 * facts (versions, driver, GPU) keep their first sighting; lists (libraries,
 * packages, CUDA error names) are capped.  Everything kept lives in the
 * reader's arena, which therefore stops growing once the caps are reached.
 *
 * The patterns are one table (logread.c, log_pattern_at): each row is the
 * text matched, the family it counts, what it captures, the kind of cause
 * it points at when alone, and the URL of the source that prints it.  A row
 * never decides: the rules (diagnose/explain_rules.c) weigh it against the
 * context the reader also extracts from anywhere in the log (versions, OS
 * and setting from paths and banners, the command line), each with the line
 * it came from.
 */
#ifndef GD_LOGREAD_H
#define GD_LOGREAD_H

#include <stddef.h>

#include "facts/log_facts.h"
#include "util/arena.h"

#define LOGREAD_WRAP 256        /* bytes of each side of a hard wrap matched together */
#define LOGREAD_WRAP_MIN 60     /* the shortest line taken for a hard-wrapped one */

/* Context carried from one line to the next (a few small fixed buffers). */
struct logread_state {
    int smi_rows;               /* GPU rows seen under the nvidia-smi header */
    long query_line;            /* line of a GPU query (list_physical_devices, is_available) */
    int query_kind;             /* 1 TensorFlow list, 2 torch is_available, 3 torch.__version__, 4 tf.__version__,
                                   5 torch.version.cuda, 6 tf.test.is_built_with_cuda() */
    char pip_show_name[64];     /* "Name: X" of `pip show`, waiting for "Version:" */
    long smi_header_line;       /* the nvidia-smi header, for the GPU row below it */
    int in_traceback;
    int jax_outdated;           /* the last line was "Outdated X installation found." */
    int md_field;               /* an issue template's "### Field" heading waits for its value */
    long md_line;
    int dll_wrapped;            /* "[WinError 126] ... Error loading" ended the line: the DLL is on the next */
    const char *dso_version;    /* TensorFlow's "libcuda reported version is: X" (arena), for the */
    const char *kmod_version;   /* "kernel reported version is: Y" line: differing = DSO mismatch */
    char exc[LOG_QUOTE_MAX + 1]; /* the last traceback's last line so far */
    long exc_line;
    long err_named_line;        /* the last line that named a CUDA runtime/driver error (add_err) */
    char block_indent[17];      /* the indentation of a log pasted as one code block (block_len bytes) */
    size_t block_len;
    int block_state;            /* 0 no non-blank line yet, 1 in a block (its indentation is dropped),
                                   2 not a block */
    char wrap_tail[LOGREAD_WRAP]; /* the last bytes of the previous line, when it may have been */
    size_t wrap_len;            /* hard-wrapped (wrap_len bytes; 0: it was not) */
    unsigned long wrap_line;    /* the line the wrapped text starts on */
    size_t line_bytes;          /* bytes of the current line so far */
    size_t max_line_bytes;      /* the longest line before it */
    int line_segs;              /* '\r'-separated segments of the current line so far */
};

#define LOGREAD_GRAM_WORDS 64   /* 4096 bits */

struct logread {
    struct arena arena;          /* every string in facts */
    struct log_facts facts;
    struct logread_state st;
    char *buf;                   /* the current segment of the line (LOGREAD_LINE_MAX + 1) */
    char *norm;                  /* the segment as matched: colour codes dropped, blanks
                                    folded, typographic quotes and escaped paste undone
                                    (LOGREAD_LINE_MAX + 1) */
    char *low;                   /* norm lower-cased, byte for byte (the table matches it) */
    size_t len;
    size_t seg_len;              /* bytes of the line's last flushed segment (still in buf) */
    int in_line;                 /* the current line has been counted (facts.lines) */
    int long_line;               /* it overflowed the buffer: matched in windows */
    size_t join_at;              /* matching the join of a wrapped line (logread.c, wrap_join):
                                    where the next line starts in norm; 0 otherwise */
    int join_cut;                /* ... and the wrap cut a word there */
    char cut_name[LOGREAD_WRAP]; /* the previous line's last name bytes, when a wrap cut a name */
    size_t cut_len;              /* there (wrap_join; 0: it did not) */
    const char *cut_head;        /* while the first segment of that continuation is matched: where
                                    its text starts (the cut name's second part); else NULL */
    /* The 4-byte substrings of the current line, hashed into a bit set: a
       pattern whose first four bytes are not in it cannot match, so most
       rows cost one lookup instead of a scan of the line. */
    unsigned long long grams[LOGREAD_GRAM_WORDS];
};

/** A reader with no facts.  Allocates the line buffer (OOM aborts). */
void logread_init(struct logread *lr);
/** Free everything; lr is unusable until logread_init again. */
void logread_release(struct logread *lr);

/**
 * Feed len bytes of the log (any chunking; NUL bytes are kept as data).
 * Complete lines are processed at once; a partial line waits for the next
 * call or logread_finish.
 */
void logread_feed(struct logread *lr, const char *buf, size_t len);
/** Process a last line without '\n' and close open multi-line state. */
void logread_finish(struct logread *lr);

struct kb;
/**
 * After logread_finish: complete the error codes the log showed from the
 * knowledge base's table of them (data/cuda_error.kb): a number gets its
 * name, a name its number, each its meaning and the finding it points to.
 * The reader itself knows no code (it takes names and numbers as printed);
 * kb NULL leaves them as read (a number without a name is "error N").
 */
void logread_name_errors(struct logread *lr, const struct kb *kb);

/**
 * Process one line (without its '\n'; its '\r' end segments, a trailing one
 * is ignored) as line number facts.lines + 1, as logread_feed does.  Exposed
 * for the unit tests.
 */
void logread_line(struct logread *lr, const char *line, size_t n);

/*
 * One row of the pattern table: a line containing text (and also, when set;
 * and not unless) counts one of family ev, and take() captures what the row
 * documents.  kind is the cause the message points at when nothing else in
 * the log says otherwise (a finding kind; NULL when it depends on what the
 * line names, e.g. which library failed).  cite is the URL of the source
 * that prints the text.
 */
struct log_pattern {
    const char *text;
    const char *also;
    const char *unless;
    enum log_ev ev;              /* LE__COUNT: captures only, no family */
    void (*take)(struct logread *lr, const char *line, size_t n, const char *at,
                 const char *after);
    const char *kind;
    const char *cite;
    int ordered;                 /* 1: `also` must come after `text` (a message's fixed order) */
};

/** Row i of the pattern table, or NULL past its end (for docs and tests). */
const struct log_pattern *log_pattern_at(size_t i);

#endif
