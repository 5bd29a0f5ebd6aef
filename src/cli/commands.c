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
      "machine is executed or loaded.\n" },
    { "help", cmd_help, "show help for gpudoctor or one subcommand",
      "usage: gpudoctor help [SUBCOMMAND]\n" },
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
