#include "cli/commands.h"

#include <stddef.h>
#include <string.h>

#include "util/banned.h"

const char common_options_help[] =
    "Options shared by the examining subcommands:\n"
    "  --root DIR         examine the machine whose / is DIR (an unpacked container\n"
    "                     image, a mounted disk); symlinks resolve inside DIR\n"
    "  --env NAME=VALUE   set an environment variable for the examined process\n"
    "                     (repeatable)\n"
    "  --env-file FILE    read NAME=VALUE lines from FILE\n"
    "  --clear-env        start from an empty environment instead of this process's\n"
    "  --json             write the report as JSON (schema gpudoctor/1, docs/json.md)\n"
    "  --markdown         write the report as Markdown, for pasting into an issue\n"
    "  --facts            write the raw scan facts as JSON\n"
    "  --strict           exit 1 on warnings as well as errors\n"
    "  --db PATH          use this knowledge-base file or directory instead of the\n"
    "                     built-in tables\n"
    "  -o, --output FILE  write the report to FILE instead of standard output\n"
    "  --color, --no-color  force colour on or off (default: on a terminal only,\n"
    "                     never when NO_COLOR is set)\n"
    "  -h, --help         show this help\n";

const char exit_status_help[] =
    "Exit status:\n"
    "  0  no error-severity finding\n"
    "  1  at least one error finding (with --strict: or a warning)\n"
    "  2  usage error\n"
    "  3  gpudoctor itself could not run\n";

const struct command commands[] = {
    { "check", cmd_check, "scan this machine and say whether each framework will use the GPU",
      "usage: gpudoctor [check] [options]\n"
      "\n"
      "Scan the machine (or --root DIR) by reading files only: the NVIDIA driver,\n"
      "GPUs, CUDA toolkits, cuDNN, the loader's search path and every Python\n"
      "environment, and report what stands between each framework and the GPU,\n"
      "with evidence and the commands that fix it.  Nothing on the examined\n"
      "machine is executed or loaded.\n"
      "\n"
      "Options of check:\n"
      "  --python PATH      examine only the environment of this interpreter\n"
      "  --prefix DIR       examine only the Python environment at DIR\n" },
    { "explain", cmd_explain, "read a pasted log and say what went wrong, why, and how to fix it",
      "usage: gpudoctor explain [FILE|-] [--with-check] [--json] [options]\n"
      "\n"
      "Read a log (TensorFlow, PyTorch, JAX, ONNX Runtime, CuPy, nvidia-smi, nvcc,\n"
      "pip list/freeze/show, Python tracebacks) from FILE, or from standard input\n"
      "when FILE is '-' or omitted, and explain why the GPU was not used: the\n"
      "cause first, then the log lines that prove it (with their line numbers),\n"
      "then the fix, with the same finding codes and kinds as `check`\n"
      "(docs/findings.md).  Versions in the log are looked up in the knowledge\n"
      "base (cudart64_110.dll + TensorFlow 2.10 -> CUDA 11.2 and cuDNN 8.1).\n"
      "Harmless noise (cuDNN/cuFFT/cuBLAS factory registration, NUMA, oneDNN,\n"
      "TF-TRT) is labelled harmless, never the cause.  Logs of any size stream\n"
      "in bounded memory.\n"
      "\n"
      "  --with-check   also scan this machine (or --root DIR) and use its facts\n"
      "                 where the log is silent (driver version, OS, GPUs)\n"
      "  --json         write JSON (schema gpudoctor-explain/1, docs/json.md)\n"
      "  --markdown     the text report in a fenced block, for an issue\n"
      "  --db, --output, --color/--no-color, --root, --env: as for check\n"
      "\n"
      "Exit status: 0 when the log was read, whatever it shows; 2 on a usage\n"
      "error or a log that cannot be opened; 3 when reading it failed.\n" },
    { "help", cmd_help, "show help for gpudoctor or one subcommand",
      "usage: gpudoctor help [SUBCOMMAND]\n" },
    { "matrix", cmd_matrix, "print the compatibility tables gpudoctor knows, with sources",
      "usage: gpudoctor matrix [TABLE [FILTER]] [--os linux|windows|macos] [--json] [--db PATH]\n"
      "\n"
      "Print one knowledge-base table the way a person would look it up by hand,\n"
      "every row with its source; without TABLE, list the tables.  TABLE is one of\n"
      "  tensorflow        TensorFlow tested builds: version, os, python, CUDA, cuDNN\n"
      "  tensorflow-libs   the CUDA library file names each TensorFlow loads\n"
      "  pytorch           PyTorch builds: CUDA/ROCm variant, default wheel, cuDNN, archs\n"
      "  jax, cupy, onnxruntime, paddle, tensorflow-metal\n"
      "  driver            driver branch -> highest CUDA (nvidia-smi \"CUDA Version\")\n"
      "  cuda              CUDA toolkit -> minimum driver;  cuda-mvc: per major, with\n"
      "                    minor-version compatibility;  cuda-arch: toolkit -> sm_XX\n"
      "  cudnn             cuDNN -> CUDA\n"
      "  gpu [NAME]        NVIDIA GPUs -> compute capability; NAME matches whole words,\n"
      "                    e.g. gpudoctor matrix gpu \"RTX 4090\"\n"
      "or a table's own name (tf_build, torch, gpu_chip, ...).  FILTER keeps the rows\n"
      "whose first column starts with it, not in the middle of a number\n"
      "(gpudoctor matrix tensorflow 2.1 shows 2.1.0, not 2.10.0).\n"
      "\n"
      "  --os OS     only rows for that OS (tables with an os column)\n"
      "  --json      one JSON document: {schema, table, title, source, revision, rows}\n"
      "              with the table's columns as keys (docs/json.md, \"matrix\")\n"
      "  --db PATH   use this knowledge-base file or directory: each table it defines\n"
      "              replaces the built-in one; a malformed file is refused with\n"
      "              FILE:LINE and exit status 2\n"
      "\n"
      "Exit status: 0 printed; 1 gpu NAME matched nothing; 2 usage error or\n"
      "unusable --db.\n" },
    { "plan", cmd_plan, "choose a framework, CUDA, cuDNN, driver and image that work together",
      "usage: gpudoctor plan --framework tensorflow|pytorch|jax|onnxruntime [--version V]\n"
      "                      [--cuda X.Y] [--driver D] [--gpu NAME|CC]\n"
      "                      [--os linux|windows|wsl|macos] [--python 3.X]\n"
      "                      [--requirements | --dockerfile] [--json] [--db PATH]\n"
      "                      [--root DIR] [-o FILE]\n"
      "\n"
      "Answer with one consistent set from the knowledge base: the framework\n"
      "version, its Python range, CUDA, cuDNN, the minimum driver on that OS\n"
      "(minor-version compatibility applied where the framework allows it), the\n"
      "official Docker image where one exists, and the pip, conda and docker\n"
      "commands that install it.  Given constraints, it picks the NEWEST version\n"
      "that satisfies all of them; with --version it checks that version and\n"
      "says which constraint fails.  With only --framework (and --version), the\n"
      "driver and GPU come from scanning this machine (or --root DIR) as `check`\n"
      "does.\n"
      "\n"
      "  --framework NAME  tensorflow (tf), pytorch (torch), jax, onnxruntime (ort)\n"
      "  --version V       check this framework version (torch: 2.4.0+cu118 picks\n"
      "                    the variant too)\n"
      "  --cuda X[.Y]      the CUDA the set must use (12 = any 12.x)\n"
      "  --driver D        the installed NVIDIA driver, e.g. 535.104.05\n"
      "  --gpu NAME|CC     a GPU name (\"RTX 4090\") or compute capability (8.9)\n"
      "  --os OS           linux (default), windows (native; TensorFlow GPU <= 2.10),\n"
      "                    wsl (Linux builds, Windows driver), macos (no CUDA)\n"
      "  --python 3.X      the Python version to use\n"
      "  --requirements    write a pinned requirements.txt fragment instead\n"
      "  --dockerfile      write a Dockerfile instead\n"
      "  --json            JSON, schema gpudoctor-plan/1 (docs/json.md, \"plan\")\n"
      "  --db PATH         use this knowledge-base file or directory\n"
      "\n"
      "Exit status: 0 a set exists; 1 no set satisfies the constraints (the\n"
      "reason is printed); 2 usage error (unknown GPU name or version included).\n" },
    { "which", cmd_which, "trace how the dynamic loader would look for one library",
      "usage: gpudoctor which NAME [--from FILE]... [--main EXE] [options]\n"
      "       gpudoctor which --deps FILE [options]\n"
      "       gpudoctor which --list-cache [options]\n"
      "\n"
      "Say which file dlopen(NAME) would load, without loading anything: every\n"
      "place the loader tries, in order (RPATH, LD_LIBRARY_PATH, RUNPATH,\n"
      "ld.so.cache, default directories, glibc-hwcaps subdirectories), what was\n"
      "there, and, when nothing loadable is found, the one change that fixes it.\n"
      "LD_LIBRARY_PATH is taken from the environment (see --env, --clear-env).\n"
      "Exit status 0 when found, 1 when not.\n"
      "\n"
      "  --from FILE      the object that asks (its RPATH, RUNPATH and $ORIGIN\n"
      "                   apply); repeat for the object that loaded it, and so on;\n"
      "                   default: a bare dlopen from the main program\n"
      "  --main EXE       the main executable (its RPATH; $ORIGIN in LD_LIBRARY_PATH)\n"
      "  --deps FILE      resolve every DT_NEEDED of FILE, recursively, as a tree\n"
      "  --loaded NAME    treat NAME (a file name or SONAME) as already loaded\n"
      "  --list-cache     list /etc/ld.so.cache as `ldconfig -p` does\n"
      "  --libc glibc|musl  the loader's rules (default: detected)\n"
      "  --glibc X.Y      the glibc version (default: from the cache's generator)\n"
      "  --hwcaps LIST    active glibc-hwcaps subdirectories, best first, comma\n"
      "                   separated, or 'none' (default: from /proc/cpuinfo)\n"
      "  --platform NAME  the value of $PLATFORM (default: from the CPU)\n"
      "  --cwd DIR        the working directory for relative paths\n"
      "  --secure         model secure-execution mode (setuid programs)\n"
      "\n"
      "JSON (--json): docs/json.md, section \"which\".\n" },
    { NULL, NULL, NULL, NULL }
};

const struct command *command_find(const char *name)
{
    const struct command *c;
    for (c = commands; c->name; c++)
        if (!strcmp(c->name, name))
            return c;
    return NULL;
}
