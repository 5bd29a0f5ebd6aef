/* test_fleet.c - merging reports, the stream reader, the srun demultiplexer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "fleet/fleet.h"
#include "fleet/fleet_input.h"
#include "fleet/slurm.h"
#include "harness.h"

static const char *report(char *buf, size_t size, const char *host, const char *driver, const char *gpu,
                          const char *finding)
{
    snprintf(buf, size,
             "{\"schema\": \"gpudoctor/1\", \"host\": {\"hostname\": \"%s\", \"machine_id\": null},"
             " \"driver\": %s%s%s, \"cuda_toolkits\": [{\"version\": \"12.2\"}, {\"version\": \"11.8\"}],"
             " \"cudnn\": [], \"verdicts\": [{\"env\": \"/e\", \"framework\": \"torch\", \"version\": \"2.1.0\","
             " \"gpu\": \"%s\", \"reason\": \"r\", \"findings\": []}], \"findings\": [%s]}",
             host, driver ? "{\"version\": \"" : "", driver ? driver : "null", driver ? "\"}" : "", gpu,
             finding ? finding : "");
    return buf;
}

#define OLD "{\"code\": \"GD208\", \"kind\": \"driver_too_old\", \"severity\": \"error\", \"title\": \"driver 470 too old\"," \
            " \"evidence\": [{\"text\": \"driver 470\"}], \"fixes\": [{\"title\": \"upgrade\", \"command\": \"apt install x\"}]}"

static void test_merge(void)
{
    struct fleet fl;
    struct gd_err err;
    char b[2048];
    fleet_init(&fl);
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n1", "535.1", "yes", NULL)), NULL, "a", &err), 0);
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n2", "470.2", "no", OLD)), NULL, "b", &err), 0);
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n3", "470.2", "no", OLD)), NULL, "c", &err), 0);
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n4", "535.1", "yes", NULL)), NULL, "d", &err), 0);
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n5", "535.1", "yes", NULL)), NULL, "e", &err), 0);
    /* The same node twice: refused, named. */
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n5", "535.1", "yes", NULL)), NULL, "f", &err), -1);
    CHECK(strstr(err.msg, "second report for node 'n5'") != NULL);
    /* Another schema, broken JSON. */
    CHECK_INT(fleet_add_report(&fl, "{\"schema\": \"gpudoctor/2\"}", 25, NULL, "g", &err), -1);
    CHECK(strstr(err.msg, "gpudoctor/2") != NULL);
    CHECK_INT(fleet_add_report(&fl, "{\"schema\": ", 11, NULL, "h", &err), -1);
    fleet_add_unreachable(&fl, "n6", "timed out");
    fleet_add_unreachable(&fl, "n1", "ignored: n1 reported");
    fleet_finish(&fl);

    CHECK_INT(fl.n_nodes, 6);
    CHECK_INT(fl.n_reports, 5);
    CHECK_INT(fl.n_rejects, 3);
    CHECK_INT(fl.n_state[FLEET_OK], 3);
    CHECK_INT(fl.n_state[FLEET_FAILING], 2);
    CHECK_INT(fl.n_state[FLEET_UNREACHABLE], 1);
    CHECK_INT(fl.n_groups, 1);
    CHECK_STR(fl.groups[0].code, "GD208");
    CHECK_INT(fl.groups[0].nr, 2);
    CHECK_STR(fl.groups[0].fix_command, "apt install x");
    CHECK_STR(fl.groups[0].evidence, "driver 470");
    CHECK_STR(fl.nodes[1].reason, "torch 2.1.0: r");
    CHECK_STR(fl.nodes[0].cuda, "11.8,12.2");
    CHECK_STR(fl.nodes[0].cudnn, NULL);
    /* Drift: driver majority first. */
    CHECK_STR(fl.drift[0].what, "driver");
    CHECK_INT(fl.drift[0].nr, 2);
    CHECK_STR(fl.drift[0].values[0].value, "535.1");
    CHECK_INT(fl.drift[0].values[0].nr, 3);
    CHECK_STR(fl.drift[0].values[1].value, "470.2");
    CHECK(fleet_has_problems(&fl));
    fleet_release(&fl);
}

static void test_no_driver_is_none(void)
{
    struct fleet fl;
    struct gd_err err;
    char b[2048];
    fleet_init(&fl);
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n1", NULL, "yes", NULL)), "override", "a", &err), 0);
    fleet_finish(&fl);
    CHECK_STR(fl.nodes[0].name, "override");
    CHECK_STR(fl.nodes[0].hostname, "n1");
    CHECK_STR(fl.drift[0].values[0].value, "none");
    CHECK(!fleet_has_problems(&fl));
    fleet_release(&fl);
}

/* A stream: JSON lines, a broken line, pretty documents back to back. */
static void test_stream(void)
{
    struct fleet fl;
    struct gd_err err;
    char b[2048], path[] = "/tmp/gd-test-fleet-XXXXXX";
    int fd = mkstemp(path);
    FILE *fp = fdopen(fd, "w");
    fprintf(fp, "%s\n", report(b, sizeof(b), "a1", "535.1", "yes", NULL));
    fprintf(fp, "{\"schema\": \"gpudoctor/1\", \"host\": \n");        /* broken, then resync */
    fprintf(fp, "%s\n", report(b, sizeof(b), "a2", "535.1", "yes", NULL));
    fprintf(fp, "{\n  \"schema\": \"gpudoctor/1\",\n  \"host\": {\"hostname\": \"a3\"}\n}\n");
    fprintf(fp, "{\n  \"schema\": \"gpudoctor/1\",\n  \"host\": {\"hostname\": \"a4\"}\n}");
    fclose(fp);
    fleet_init(&fl);
    fd = open(path, 0);
    CHECK_INT(fleet_read_fd(&fl, fd, "s", NULL, &err), 0);
    close(fd);
    unlink(path);
    fleet_finish(&fl);
    CHECK_INT(fl.n_reports, 4);
    CHECK_INT(fl.n_rejects, 1);
    CHECK_STR(fl.rejects[0].source, "s #2 (line 2)");
    CHECK_STR(fl.nodes[3].name, "a4");
    CHECK_STR(fl.nodes[3].source, "s #5 (line 8)");
    fleet_release(&fl);
}

/* srun --label output, interleaved, with a task that never answered. */
static void test_demux(void)
{
    struct slurm_demux d;
    struct slurm_opts o;
    struct fleet fl;
    char b[2048];
    const char *err_text = "srun: error: node4: task 3: Exited with exit code 2\n";
    struct strbuf in = STRBUF_INIT;

    memset(&o, 0, sizeof(o));
    o.timeout_s = 5;
    report(b, sizeof(b), "vm", "535.1", "yes", NULL);
    strbuf_addstr(&in, "1: " SLURM_HEADER "node=node2 nodelist=node[1-4]\n0: " SLURM_HEADER "node=node1\n");
    strbuf_addf(&in, "0: %s\n1: %s\n", b, b);
    slurm_demux_init(&d);
    /* Fed in odd pieces, as pipes deliver. */
    slurm_demux_feed(&d, 1, in.buf, 7);
    slurm_demux_feed(&d, 1, in.buf + 7, in.len - 7);
    slurm_demux_feed(&d, 2, err_text, strlen(err_text));
    slurm_demux_end(&d);
    CHECK_INT(d.nr, 4);
    CHECK_STR(d.tasks[0].node, "node1");
    CHECK_STR(d.step_nodelist, "node[1-4]");
    CHECK_STR(d.tasks[3].reason, "srun: Exited with exit code 2");
    fleet_init(&fl);
    CHECK_INT(slurm_merge(&fl, &d, &o, 1, 143), 4);
    fleet_finish(&fl);
    CHECK_INT(fl.n_reports, 2);
    CHECK_STR(fl.nodes[0].name, "node1");
    CHECK_STR(fl.nodes[1].name, "node2");
    CHECK_STR(fl.nodes[2].name, "node4");              /* the error line and the list agree */
    CHECK_STR(fl.nodes[2].reason, "no report within 5 s (timed out)");  /* timed out wins */
    CHECK_STR(fl.nodes[3].name, "node3");              /* from the step's node list */
    CHECK_STR(fl.nodes[3].reason, "no report within 5 s (timed out)");
    CHECK_INT(fl.n_state[FLEET_UNREACHABLE], 2);
    fleet_release(&fl);
    slurm_demux_release(&d);
    strbuf_release(&in);
}

static void test_argv(void)
{
    struct slurm_opts o;
    char **argv, ex[] = "--exclusive", *extra[] = { ex };
    struct gd_err err;
    memset(&o, 0, sizeof(o));
    o.gpudoctor = "/opt/gd";
    o.nodelist = "n[1-3]";
    o.extra = extra;
    o.n_extra = 1;
    CHECK_INT(slurm_argv(&o, &argv, &err), 0);
    CHECK_STR(argv[0], "srun");
    CHECK_STR(argv[4], "--nodelist=n[1-3]");
    CHECK_STR(argv[5], "--nodes=3");
    CHECK_STR(argv[6], "--exclusive");
    CHECK_STR(argv[7], "/opt/gd");
    CHECK_STR(argv[11], "--json");
    CHECK(argv[12] == NULL);
    slurm_argv_free(argv);
    o.nodelist = "n[3-1]";
    CHECK_INT(slurm_argv(&o, &argv, &err), -1);
}

int main(void)
{
    RUN(test_merge);
    RUN(test_no_driver_is_none);
    RUN(test_stream);
    RUN(test_demux);
    RUN(test_argv);
    return harness_done();
}
