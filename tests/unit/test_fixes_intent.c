/*
 * test_fixes_intent.c - the fix engine's vocabulary (diagnose/fixes_intent.h):
 * ranks and their order, continuations, the named tools' quoting, one
 * group per variable for sh and fish, the one drop-a-directory pipeline,
 * and a distribution archive's driver that is too old not offered; explain's
 * tells: the log's OS picks the spelling, and only a name reaches a command.
 */
#include <stdlib.h>
#include <string.h>

#include "diagnose/fixes.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fixes_node.h"
#include "kb/kb.h"
#include "harness.h"

static struct kb *kb;

static void test_rank_order(void)
{
    struct arena a;
    struct findings fl;
    struct finding *fd;
    arena_init(&a);
    findings_init(&fl, &a);
    fd = findings_add(&fl, "GD102", SEV_ERROR, "x");
    fixes_advice(&fl, fd, FIX_RANK_REBOOT, "reboot");
    fixes_run(NULL, &fl, fd, FIX_TOOL_KMODS_RELOAD, "or reload", NULL, NULL);
    fixes_advice(&fl, fd, FIX_RANK_DRIVER, "driver");
    fixes_advice(&fl, fd, FIX_RANK_NONE, "then the driver's next step");
    fixes_unset_var(NULL, &fl, fd, "unset", "CUDA_VISIBLE_DEVICES");
    fixes_run(NULL, &fl, fd, FIX_TOOL_DMESG_XID, NULL, NULL, NULL);
    findings_sort(&fl);
    fd = &fl.v[0];
    CHECK_INT((int)fd->n_fixes, 7);
    CHECK_STR(fd->fixes[0].command, "sudo dmesg | grep -iE 'nvrm|xid' | tail -n 20");
    CHECK_STR(fd->fixes[1].command, "unset CUDA_VISIBLE_DEVICES");
    CHECK_STR(fd->fixes[2].command, "set -e CUDA_VISIBLE_DEVICES");
    CHECK_INT((int)fd->fixes[1].group, (int)fd->fixes[2].group);
    CHECK(fd->fixes[1].group != 0);
    CHECK_STR(fd->fixes[3].title, "driver");
    CHECK_STR(fd->fixes[4].title, "then the driver's next step");   /* a continuation stays after its fix */
    CHECK_STR(fd->fixes[5].title, "reboot");
    CHECK_STR(fd->fixes[6].title, "or reload");
    CHECK_INT((int)fd->fixes[4].rank, (int)FIX_RANK_DRIVER);
    /* sorting again changes nothing */
    findings_sort(&fl);
    CHECK_STR(fl.v[0].fixes[3].title, "driver");
    CHECK_STR(fl.v[0].fixes[4].title, "then the driver's next step");
    findings_release(&fl);
    arena_release(&a);
}

static void test_tool_quoting(void)
{
    struct arena a;
    struct findings fl;
    arena_init(&a);
    findings_init(&fl, &a);
    CHECK_STR(fix_tool_command(&fl, FIX_TOOL_APT_REINSTALL, "nvidia-cudnn", NULL),
              "sudo apt-get install --reinstall nvidia-cudnn");
    CHECK_STR(fix_tool_command(&fl, FIX_TOOL_DPKG_OWNER, "/usr/lib/a b.so", "/lib/it's.so"),
              "dpkg -S '/usr/lib/a b.so' '/lib/it'\\''s.so'");
    CHECK_STR(fix_tool_command(&fl, FIX_TOOL_MODULE_LOAD, "cuda/11.8", "cudnn/8"), "module load cuda/11.8 cudnn/8");
    CHECK_STR(fix_tool_command(&fl, FIX_TOOL_MODULE_LOAD, NULL, "cudnn/8"), "module load cudnn/8");
    CHECK_STR(fix_tool_command(&fl, FIX_TOOL_PS_AS_ROOT, NULL, NULL), "sudo gpudoctor ps");
    CHECK_STR(fix_tool_command(&fl, FIX_TOOL_PS_AS_ROOT, "4242", NULL), "sudo gpudoctor ps 4242");
    CHECK_STR(fix_tool_command(&fl, FIX_TOOL_PS_REMOVE_ITEM, "C:\\Windows\\System32\\cudart64_12.dll", NULL),
              "Remove-Item \"C:\\Windows\\System32\\cudart64_12.dll\"");
    findings_release(&fl);
    arena_release(&a);
}

static void test_drop_dir_one_pipeline(void)
{
    struct arena a;
    struct findings fl;
    struct finding *fd;
    arena_init(&a);
    findings_init(&fl, &a);
    fd = findings_add(&fl, "GD207", SEV_ERROR, "x");
    fixes_drop_loader_dir(NULL, &fl, fd, "drop", "/opt/it's/lib");
    CHECK_INT((int)fd->n_fixes, 2);
    CHECK_STR(fd->fixes[0].shell, "sh");
    CHECK_STR(fd->fixes[0].command, "export LD_LIBRARY_PATH=\"$(printf %s \"$LD_LIBRARY_PATH\" | tr ':' '\\n' | "
                                    "grep -vxF '/opt/it'\\''s/lib' | paste -sd: -)\"");
    CHECK_STR(fd->fixes[1].shell, "fish");
    CHECK_INT((int)fd->fixes[0].group, (int)fd->fixes[1].group);
    CHECK_INT((int)fd->fixes[0].rank, (int)FIX_RANK_ENV);
    findings_release(&fl);
    arena_release(&a);
}

/* Debian 11's archive installs 470: no apt route for a fix that needs 525; Debian 12's 535 does. */
static void test_archive_driver_too_old(void)
{
    static const struct { const char *version; int apt; } cases[] = { { "11", 0 }, { "12", 1 }, { NULL, 1 } };
    size_t i, j;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct arena a;
        struct findings fl;
        struct finding *fd;
        struct fix_ctx x;
        int apt = 0, said = 0;
        arena_init(&a);
        findings_init(&fl, &a);
        fix_ctx_init(&x, kb, &a);
        x.family = FIX_FAMILY_DEBIAN;
        x.distro = "debian";
        x.distro_version = cases[i].version;
        x.wsl = 0;
        fd = findings_add(&fl, "GD208", SEV_ERROR, "x");
        fixes_driver_upgrade(&x, &fl, fd, "525.60.13", "torch 2.1's cu121 build");
        for (j = 0; j < fd->n_fixes; j++) {
            apt |= fd->fixes[j].command && strstr(fd->fixes[j].command, "nvidia-driver") != NULL;
            said |= strstr(fd->fixes[j].title, "archive installs driver 470.256.02") != NULL;
            CHECK_INT((int)fd->fixes[j].rank, (int)(j ? FIX_RANK_NONE : FIX_RANK_DRIVER));
        }
        CHECK_INT(apt, cases[i].apt);
        CHECK_INT(said, !cases[i].apt && cases[i].version != NULL);
        findings_release(&fl);
        arena_release(&a);
    }
}

/* Variables for one run: one sh line, or PowerShell and cmd as one group. */
static void test_env_run(void)
{
    static const char *const two[] = {"A=1", "B=x", NULL};
    struct arena a;
    struct findings fl;
    struct finding *fd;
    struct fix_ctx x;
    arena_init(&a);
    findings_init(&fl, &a);
    fix_ctx_init(&x, NULL, &a);
    fd = findings_add(&fl, "GD407", SEV_ERROR, "x");
    fixes_env_run(&x, &fl, fd, FIX_RANK_ENV, "set", two, 0, NULL);
    fixes_env_run(&x, &fl, fd, FIX_RANK_LOOK, "run", two, 1, "dso_loader");
    CHECK_INT((int)fd->n_fixes, 2);
    CHECK_STR(fd->fixes[0].command, "export A=1 B=x");
    CHECK_STR(fd->fixes[0].shell, "sh");
    CHECK_INT((int)fd->fixes[0].rank, (int)FIX_RANK_ENV);
    CHECK_STR(fd->fixes[1].command, "A=1 B=x python your_script.py 2>&1 | grep dso_loader");
    CHECK_INT((int)fd->fixes[1].rank, (int)FIX_RANK_LOOK);
    x.os = "windows";
    fixes_env_run(&x, &fl, fd, FIX_RANK_LOOK, "run", two, 1, NULL);
    CHECK_INT((int)fd->n_fixes, 4);
    CHECK_STR(fd->fixes[2].shell, "powershell");
    CHECK_STR(fd->fixes[2].command, "$env:A = \"1\"; $env:B = \"x\"\npython your_script.py");
    CHECK_STR(fd->fixes[3].shell, "cmd");
    CHECK_STR(fd->fixes[3].command, "set \"A=1\"\nset \"B=x\"\npython your_script.py");
    CHECK(fd->fixes[2].group != 0 && fd->fixes[2].group == fd->fixes[3].group);
    /* a judged fix copied keeps its rank and group */
    fd = findings_add(&fl, "GD101", SEV_ERROR, "y");
    fixes_copy(&fl, fd, &fl.v[0].fixes[3]);
    CHECK_STR(fd->fixes[0].command, fl.v[0].fixes[3].command);
    CHECK_INT((int)fd->fixes[0].group, (int)fl.v[0].fixes[3].group);
    CHECK_INT((int)fd->fixes[0].rank, (int)FIX_RANK_LOOK);
    findings_release(&fl);
    arena_release(&a);
}

static void test_tell(void)
{
    struct arena a;
    struct findings fl;
    struct finding *fd;
    struct fix_ctx x;
    arena_init(&a);
    findings_init(&fl, &a);
    fix_ctx_init(&x, NULL, &a);
    CHECK_STR(fixes_tell(&x, &fl, FIX_TOOL_TELL_SMI_CUDA, NULL), "nvidia-smi | grep 'CUDA Version'");
    CHECK_STR(fixes_tell(NULL, &fl, FIX_TOOL_TELL_PIP_GREP, "nvidia-"), "pip list | grep -i nvidia-");
    CHECK_STR(fixes_tell(&x, &fl, FIX_TOOL_TELL_FIND_LIB, "libcudnn_ops.so.9"),
              "find / -name 'libcudnn_ops*' 2>/dev/null; ldconfig -p | grep libcudnn_ops");
    /* a tool without a Windows spelling is the same everywhere */
    CHECK_STR(fixes_tell(&x, &fl, FIX_TOOL_TELL_TORCH_ARCHS, NULL),
              "python -c \"import torch; print(torch.cuda.get_arch_list())\"");
    /* only a name: a log's text with a quote, a space or a backquote gives no command */
    CHECK(fixes_tell(&x, &fl, FIX_TOOL_TELL_FIND_LIB, "lib`id`.so") == NULL);
    CHECK(fixes_tell(&x, &fl, FIX_TOOL_TELL_PIP_GREP, "a b") == NULL);
    CHECK(fixes_tell(&x, &fl, FIX_TOOL_TELL_PIP_GREP, "") == NULL);
    CHECK(fixes_tell(&x, &fl, FIX_TOOL_N, NULL) == NULL);
    /* a Windows log: PowerShell's spelling */
    x.os = "windows";
    CHECK_STR(fixes_tell(&x, &fl, FIX_TOOL_TELL_SMI_CUDA, NULL), "nvidia-smi | Select-String 'CUDA Version'");
    CHECK_STR(fixes_tell(&x, &fl, FIX_TOOL_TELL_FIND_LIB, "zlibwapi.dll"),
              "Get-ChildItem -Path C:\\ -Recurse -Filter 'zlibwapi*.dll' -ErrorAction SilentlyContinue; "
              "where.exe zlibwapi*.dll");
    CHECK_STR(fixes_tell(&x, &fl, FIX_TOOL_TELL_CVD, NULL), "$env:CUDA_VISIBLE_DEVICES");
    CHECK_STR(fixes_tell(&x, &fl, FIX_TOOL_TELL_TORCH_ARCHS, NULL),
              "python -c \"import torch; print(torch.cuda.get_arch_list())\"");
    /* the look fix: the same text at FIX_RANK_LOOK, nothing for no tell */
    fd = findings_add(&fl, "GD204", SEV_ERROR, "x");
    fixes_look(&x, &fl, fd, "Confirm it on that machine", FIX_TOOL_TELL_NVCC_PIP, NULL);
    fixes_look(&x, &fl, fd, "Confirm it on that machine", FIX_TOOL_TELL_PIP_GREP, "it's");
    fixes_look(&x, &fl, fd, "Confirm it on that machine", FIX_TOOL_N, NULL);
    CHECK_INT((int)fd->n_fixes, 1);
    CHECK_STR(fd->fixes[0].command, "nvcc --version; pip list | Select-String nvidia-");
    CHECK_INT((int)fd->fixes[0].rank, (int)FIX_RANK_LOOK);
    CHECK(fd->fixes[0].shell == NULL);
    findings_release(&fl);
    arena_release(&a);
}

int main(void)
{
    kb = kb_new_builtin();
    RUN(test_rank_order);
    RUN(test_tool_quoting);
    RUN(test_drop_dir_one_pipeline);
    RUN(test_archive_driver_too_old);
    RUN(test_env_run);
    RUN(test_tell);
    kb_free(kb);
    return harness_done();
}
