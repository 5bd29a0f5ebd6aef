/*
 * explain_int.h - what explain_rules.c and explain_logonly.c share: the
 * state of one explanation (the log, its partial facts, the findings so
 * far with their confidence), the helpers that add causes, evidence and
 * alternatives, and the fix intents the fix engine writes.  Internal to
 * diagnose/; the public contract is explain_rules.h.
 */
#ifndef GD_DIAGNOSE_EXPLAIN_INT_H
#define GD_DIAGNOSE_EXPLAIN_INT_H

#include "diagnose/explain_rules.h"
#include "diagnose/fixes.h"
#include "diagnose/fixes_intent.h"

#define MAX_SCORED 64   /* findings whose confidence is kept (more are ranked last) */
#define MAX_ALTS 16

/* What tells a cause apart: the fix engine's look tool and its argument (a
 * name), and the text the engine wrote for the log's OS (NULL: none yet). */
struct explain_tell {
    enum fix_tool tool;
    const char *arg;
    const char *text;
};

/* An alternative cause that has no finding of its own. */
struct explain_alt {
    const char *kind, *code, *why, *tell;   /* tell: the engine's text of tell_tool */
    enum fix_tool tell_tool;
    const char *tell_arg;
    int score;
    long line;
    const char *text;
};

/* One explanation in progress. */
struct explain_ctx {
    const struct explain_input *in;
    const struct log_facts *lf;
    const struct facts *f;   /* the log's partial facts */
    struct findings *out;
    const char *os;          /* windows / wsl / linux / macos / NULL */
    int n_causes;            /* error/warning findings so far */
    int score[MAX_SCORED];   /* confidence per finding index (0: not a cause) */
    struct explain_tell tell[MAX_SCORED];
    unsigned char judged[MAX_SCORED];
    struct explain_alt alts[MAX_ALTS];
    size_t n_alts;
    struct fix_ctx fx;                 /* the fix engine's view of the log's machine */
    const struct python_env *env;      /* the log's Python, or NULL */
};

/* Fixes by intent: each is the fix engine's (diagnose/fixes.h), except the
 * log-only ones, whose causes check does not judge. */
enum explain_fix {
    FX_NONE = 0,
    FX_CHECK,            /* gpudoctor check on that machine */
    FX_DRIVER_INSTALL,   /* fixes_driver_install */
    FX_DRIVER_LOAD,      /* fixes_driver_load_module */
    FX_LIBCUDA,          /* fixes_libcuda_missing */
    FX_DRIVER_UPGRADE,   /* fixes_driver_upgrade, the floor unknown */
    FX_DRIVER_RELOAD,    /* fixes_kmod_reload (fixes_node.h) */
    FX_NOUVEAU,          /* fixes_nouveau */
    FX_NODES,            /* fixes_device_nodes */
    FX_STUB,             /* fixes_stub_off_path */
    FX_VISIBLE,          /* fixes_visible_devices */
    FX_FRAMEWORK,        /* the engine's install of the row's (or the log's) framework */
    FX_LOADER_PATH,      /* fixes_loader_path with the toolkit's lib64 */
    FX_TOOLKIT,          /* log-only (GD408): the NVIDIA Container Toolkit for Docker */
    FX_IMAGE_DRIVER,     /* GD807: do not install the NVIDIA driver in the image (check's advice) */
};

/** Lines of the log that show family ev. */
unsigned long explain_cnt(const struct explain_ctx *c, enum log_ev ev);
/** s contains needle (s may be NULL). */
int explain_has(const char *s, const char *needle);
/** The log's OS is os ("windows", "wsl", "linux", "macos"). */
int explain_os_is(const struct explain_ctx *c, const char *os);
/** Quote a log line as evidence (once per line). */
void explain_quote_line(struct explain_ctx *c, struct finding *fd, long line, const char *text);
/** Quote a family's lines as evidence. */
void explain_quote_ev(struct explain_ctx *c, struct finding *fd, enum log_ev ev);
/** Quote the line a value came from. */
void explain_quote_val(struct explain_ctx *c, struct finding *fd, const struct log_value *v);
/** How sure fd is (0-100). */
void explain_set_score(struct explain_ctx *c, const struct finding *fd, int score);
/** How sure fd is. */
int explain_get_score(const struct explain_ctx *c, const struct finding *fd);
/** What tells fd apart from the other causes: look tool t with arg (a name, or NULL), kept when already set. */
void explain_set_tell(struct explain_ctx *c, const struct finding *fd, enum fix_tool t, const char *arg);
/** A new finding that is a cause (warning, error) or information; its default confidence. */
struct finding *explain_cause(struct explain_ctx *c, const char *code, enum severity sev, const char *title);
/**
 * A cause a program's own message names: explain_cause at confidence score,
 * the lines of family ev as its evidence, and what tells it apart (look tool
 * t with arg, a name or NULL; FIX_TOOL_N: none).  Its fixes are the caller's,
 * through the engine's intents.
 */
struct finding *explain_msg_cause(struct explain_ctx *c, const char *code, enum severity sev, const char *title,
                                  int score, enum log_ev ev, enum fix_tool t, const char *arg);
/** An alternative cause the log cannot rule out, and what would tell it apart (look tool t with arg). */
void explain_alt(struct explain_ctx *c, const char *code, int score, const char *why, enum fix_tool t, const char *arg,
                 long line, const char *text);
/** The same, quoting the first line of family ev. */
void explain_alt_hit(struct explain_ctx *c, const char *code, int score, const char *why, enum fix_tool t,
                     const char *arg, enum log_ev ev);
/** The first quoted line of family ev, or NULL. */
const struct log_hit *explain_first_hit(const struct explain_ctx *c, enum log_ev ev);
/** The cause finding of this code (or, code NULL, of this kind), or NULL. */
struct finding *explain_cause_of(struct explain_ctx *c, const char *code, const char *kind);
/** The framework build of this name the log's facts hold, or NULL. */
const struct framework_build *explain_log_fw(const struct explain_ctx *c, const char *name);
/** The fixes of intent fix on fd (fw: whose install, NULL: the log's framework). */
void explain_apply_fix(struct explain_ctx *c, struct finding *fd, enum explain_fix fix, const char *fw);
/** The fix engine's install of framework fw (NULL: the log's) on fd. */
void explain_framework_fix(struct explain_ctx *c, struct finding *fd, const char *fw);
/** "2024-05-22" (a date's first 7 bytes at least) -> months since year 0, or -1. */
long explain_months_of(const char *d);
/** The pip NVIDIA wheel the log lists that carries library name, or NULL. */
const struct log_pkg *explain_pip_wheel_for(const struct explain_ctx *c, const char *name);

/* The log-only rules (explain_logonly.c), in the order explain_rules runs them. */
void explain_rule_ort_unnamed(struct explain_ctx *c);
void explain_rule_cuda_errors(struct explain_ctx *c);
void explain_rule_log_only(struct explain_ctx *c);
void explain_rule_setting(struct explain_ctx *c);
void explain_rule_macos_no_cuda(struct explain_ctx *c);
void explain_rule_no_gpu_unexplained(struct explain_ctx *c);
void explain_rule_noise(struct explain_ctx *c);
void explain_rule_nothing_found(struct explain_ctx *c);

/* The libraries beside the big frameworks (explain_frameworks.c): OpenCV, DGL, torch's extensions,
 * CTranslate2, Kubernetes' scheduler, XLA's ptxas; run after the judges and the log's rows. */
void explain_rule_frameworks(struct explain_ctx *c);

/* The programs beside the frameworks read from their own sources (explain_messages.c): llama.cpp, TensorRT,
 * DeepSpeed, xFormers, vLLM, accelerate/transformers, cuDF, NCCL, MXNet; run right after explain_rule_frameworks. */
void explain_rule_messages(struct explain_ctx *c);

#endif
