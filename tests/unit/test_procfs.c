/* Unit tests for scan/procfs.c: the /proc/PID parsers, on the kernel's own formats. */
#include "harness.h"

#include <stdint.h>
#include <string.h>

#include "scan/procfs.h"
#include "util/strbuf.h"

#define B(s) ((const uint8_t *)(s)), (sizeof(s) - 1)

static const char maps_sample[] =
    "5611254c2000-5611254c4000 r--p 00000000 fe:00 247498                     /srv/env/bin/python3.11\n"
    "5611254c4000-5611254ca000 r-xp 00002000 fe:00 247498                     /srv/env/bin/python3.11\n"
    "7f2c1a000000-7f2c1a021000 rw-p 00000000 00:00 0 \n"
    "7f2c1b800000-7f2c1b828000 r--p 00000000 fe:00 11534740                   /usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15\n"
    "7f2c1b828000-7f2c1b9bd000 r-xp 00028000 fe:00 11534740                   /usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15\n"
    "7f2c1c000000-7f2c1c001000 rw-s 00000000 00:05 1044                       /dev/nvidia0\n"
    "7f2c1c100000-7f2c1c101000 rw-s 00000000 00:01 2050                       /memfd:cuda (deleted)\n"
    "7f2c1c200000-7f2c1c201000 r-xp 00000000 fe:00 123                        /opt/my libs/libcudnn.so.8\n"
    "7f2c1c300000-7f2c1c301000 r-xp 00000000 fe:00 124                        /venv/nvidia/nccl/lib/libnccl.so.2 (deleted)\n"
    "7f2c1c400000-7f2c1c401000 rw-p 00000000 00:00 0                          [anon:cuda]\n"
    "garbage line\n"
    "7f2c1c500000-7f2c1c501000 r-xp zz 00:00 0 /x\n"
    "7ffd6c99f000-7ffd6c9c0000 rw-p 00000000 00:00 0                          [stack]\n"
    "ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0                  [vsyscall]\n";

static void test_maps(void)
{
    struct arena a;
    struct proc_map *m = NULL;
    size_t n = 0, bad = 0;

    arena_init(&a);
    procfs_parse_maps(B(maps_sample), &a, 100, &m, &n, &bad);
    CHECK_INT(n, 6);
    CHECK_INT(bad, 2);
    CHECK_STR(m[0].path, "/srv/env/bin/python3.11");
    CHECK_INT(m[0].exec, 1);   /* its second line is executable */
    CHECK_INT(m[0].inode, 247498);
    CHECK_INT(m[0].dev_major, 0xfe);
    CHECK_STR(m[1].path, "/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15");
    CHECK_STR(m[2].path, "/dev/nvidia0");
    CHECK_INT(m[2].dev_minor, 5);
    CHECK_STR(m[3].path, "/memfd:cuda");
    CHECK_INT(m[3].deleted, 1);
    CHECK_STR(m[4].path, "/opt/my libs/libcudnn.so.8");
    CHECK_INT(m[4].deleted, 0);
    CHECK_STR(m[5].path, "/venv/nvidia/nccl/lib/libnccl.so.2");
    CHECK_INT(m[5].deleted, 1);
    CHECK(m[0].soname == NULL);
    /* The limit counts files, not lines. */
    procfs_parse_maps(B(maps_sample), &a, 2, &m, &n, NULL);
    CHECK_INT(n, 2);
    arena_release(&a);
}

static void test_maps_cut_and_many(void)
{
    struct arena a;
    struct proc_map *m = NULL;
    size_t n = 0, bad = 0, i;
    struct strbuf sb = STRBUF_INIT;
    static const char cut[] = "1000-2000 r-xp 00000000 08:01 7 /usr/lib/libc.so.6\n"
                              "3000-4000 r-xp 00000000 08:01 8 /usr/lib/libcudart.so.1";

    arena_init(&a);
    procfs_parse_maps(B(cut), &a, 100, &m, &n, &bad);
    CHECK_INT(n, 1);   /* the last line lost its newline: ignored */
    CHECK_STR(m[0].path, "/usr/lib/libc.so.6");
    procfs_parse_maps(NULL, 0, &a, 100, &m, &n, &bad);
    CHECK_INT(n, 0);
    CHECK(m == NULL);
    /* Many files, each mapped three times, out of order: each once. */
    for (i = 0; i < 3000; i++)
        strbuf_addf(&sb, "%zx-%zx r--p 00000000 08:01 %zu /lib/l%zu.so\n", i * 16, i * 16 + 8, i % 1000, i % 1000);
    procfs_parse_maps((const uint8_t *)sb.buf, sb.len, &a, 100000, &m, &n, &bad);
    CHECK_INT(n, 1000);
    CHECK_INT(bad, 0);
    CHECK_STR(m[999].path, "/lib/l999.so");
    strbuf_release(&sb);
    arena_release(&a);
}

static int keep_two(const char *name, size_t n, void *arg)
{
    (void)arg;
    return (n == 15 && !memcmp(name, "LD_LIBRARY_PATH", 15)) || (n == 20 && !memcmp(name, "CUDA_VISIBLE_DEVICES", 20));
}

static int keep_named(const char *name, size_t n, void *arg)
{
    return strlen(arg) == n && !memcmp(name, arg, n);
}

static void test_environ(void)
{
    struct arena a;
    struct env_fact *v = NULL;
    size_t n = 0, total = 0;
    static const char env[] = "PATH=/usr/bin\0CUDA_VISIBLE_DEVICES=\0=junk\0NOEQUALS\0API_TOKEN=secret\0"
                              "LD_LIBRARY_PATH=/opt/cuda/lib64:\0CUDA_VISIBLE_DEVICES=1";

    arena_init(&a);
    procfs_parse_environ(B(env), keep_two, NULL, &a, &v, &n, &total);
    CHECK_INT(total, 5);   /* "=junk" and "NOEQUALS" are not variables */
    CHECK_INT(n, 3);       /* API_TOKEN's value is never copied */
    CHECK_STR(v[0].name, "CUDA_VISIBLE_DEVICES");
    CHECK_STR(v[0].value, "");
    CHECK_STR(v[1].name, "LD_LIBRARY_PATH");
    CHECK_STR(v[2].value, "1");   /* the last string needs no NUL */
    procfs_parse_environ(B(env), keep_named, (void *)"LD_LIBRARY_PATH", &a, &v, &n, &total);
    CHECK_INT(n, 1);
    CHECK_STR(v[0].value, "/opt/cuda/lib64:");
    procfs_parse_environ(B(env), NULL, NULL, &a, &v, &n, &total);
    CHECK_INT(n, 0);
    CHECK(v == NULL);
    arena_release(&a);
}

static void test_cmdline(void)
{
    struct arena a;
    const char **w = NULL;
    size_t n = 0, total = 0;

    arena_init(&a);
    procfs_parse_cmdline(B("/srv/env/bin/python\0-m\0ipykernel_launcher\0-f\0/r/k.json\0"), &a, 64, 4096, &w, &n,
                         &total);
    CHECK_INT(n, 5);
    CHECK_INT(total, 5);
    CHECK_STR(w[0], "/srv/env/bin/python");
    CHECK_STR(w[4], "/r/k.json");
    /* A rewritten title (setproctitle): one word. */
    procfs_parse_cmdline(B("ray::TrainWorker.train()"), &a, 64, 4096, &w, &n, &total);
    CHECK_INT(n, 1);
    CHECK_STR(w[0], "ray::TrainWorker.train()");
    /* An empty word in the middle is a word. */
    procfs_parse_cmdline(B("a\0\0b\0"), &a, 64, 4096, &w, &n, &total);
    CHECK_INT(n, 3);
    CHECK_STR(w[1], "");
    /* Limits: words and bytes per word. */
    procfs_parse_cmdline(B("python\0one\0two\0three\0"), &a, 2, 3, &w, &n, &total);
    CHECK_INT(n, 2);
    CHECK_INT(total, 4);
    CHECK_STR(w[0], "pyt");
    /* A kernel thread. */
    procfs_parse_cmdline((const uint8_t *)"", 0, &a, 64, 4096, &w, &n, &total);
    CHECK_INT(n, 0);
    CHECK_INT(total, 0);
    arena_release(&a);
}

static void test_status(void)
{
    struct arena a;
    struct proc_status st;
    static const char s[] = "Name:\tpython3.11\nUmask:\t0022\nState:\tS (sleeping)\nTgid:\t4516\nPid:\t4516\n"
                            "PPid:\t4508\nTracerPid:\t0\nUid:\t1000\t1001\t1000\t1000\nGid:\t100\t100\t100\t100\n"
                            "NSpid:\t4516\t12\nThreads:\t9\n";

    arena_init(&a);
    procfs_parse_status(B(s), &a, &st);
    CHECK_STR(st.name, "python3.11");
    CHECK_INT(st.ppid, 4508);
    CHECK_INT(st.uid, 1000);
    CHECK_INT(st.euid, 1001);
    CHECK_INT(st.gid, 100);
    CHECK_INT(st.nspid, 12);
    CHECK_INT(st.nspid_levels, 2);
    CHECK_INT(st.threads, 9);
    procfs_parse_status(B("Uid:\tx\nPPid:\t99999999999999999999\n"), &a, &st);
    CHECK_INT(st.uid, -1);
    CHECK_INT(st.ppid, -1);
    CHECK(st.name == NULL);
    arena_release(&a);
}

static void test_stat(void)
{
    struct proc_stat st;
    /* comm holds ") S 1" itself: fields start after the last ')'. */
    static const char s[] = "4518 (evil) S 1 (x)) R 4508 4508 30890 0 -1 4194304 101 0 0 0 250 75 0 0 20 -5 1 0 "
                            "760979 3133440 374 18446744073709551615 1 2 3\n";
    CHECK_INT(procfs_parse_stat(B(s), &st), 1);
    CHECK_INT(st.state, 'R');
    CHECK_INT(st.utime, 250);
    CHECK_INT(st.stime, 75);
    CHECK_INT(st.starttime, 760979);
    CHECK_INT(procfs_parse_stat(B("4518 (cat) R 4508"), &st), 0);
    CHECK_INT(procfs_parse_stat(B("no parenthesis at all"), &st), 0);
    CHECK_INT(st.valid, 0);
}

static void cg(const char *text, const char *kind, const char *id, const char *job, const char *step)
{
    struct arena a;
    struct proc_cgroup c;
    arena_init(&a);
    procfs_parse_cgroup((const uint8_t *)text, strlen(text), &a, &c);
    CHECK_STR(c.container, kind);
    CHECK_STR(c.container_id, id);
    CHECK_STR(c.slurm_job, job);
    CHECK_STR(c.slurm_step, step);
    arena_release(&a);
}

#define ID "3b4c8e2f9a1d5c7e3b4c8e2f9a1d5c7e3b4c8e2f9a1d5c7e3b4c8e2f9a1d5c7e"

static void test_cgroup(void)
{
    cg("0::/system.slice/docker-" ID ".scope\n", "docker", ID, NULL, NULL);
    cg("12:memory:/docker/" ID "\n11:cpu:/docker/" ID "\n", "docker", ID, NULL, NULL);
    cg("0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod1a2b.slice/cri-containerd-" ID ".scope\n",
       "kubernetes", ID, NULL, NULL);
    cg("0::/kubepods.slice/kubepods-pod1a2b.slice/crio-" ID ".scope\n", "kubernetes", ID, NULL, NULL);
    cg("0::/user.slice/user-1000.slice/user@1000.service/user.slice/libpod-" ID ".scope/container\n", "podman", ID,
       NULL, NULL);
    cg("0::/machine.slice/libpod-conmon-" ID ".scope\n", NULL, NULL, NULL, NULL);
    cg("0::/lxc.payload.web1\n", "lxc", "web1", NULL, NULL);
    cg("0::/system.slice/slurmstepd.scope/job_4242/step_0/user/task_0\n", NULL, NULL, "4242", "0");
    cg("4:memory:/slurm/uid_1000/job_4242/step_batch/task_0\n", NULL, NULL, "4242", "batch");
    cg("9:name=systemd:/\n4:memory:/process_api/3090b9937db2e9c7a719fc73878ef5c8\n0::/\n", NULL, NULL, NULL, NULL);
    cg("0::/user.slice/user-1000.slice/session-3.scope\n", NULL, NULL, NULL, NULL);
    cg("bad\n:::\n0:\n", NULL, NULL, NULL, NULL);
}

static void test_ns_uptime_passwd(void)
{
    struct arena a;
    uint64_t v = 0;
    const char *name = NULL;
    static const char pw[] = "root:x:0:0:root:/root:/bin/bash\nbroken\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
                             "alice:x:1000:1000::/home/alice:/bin/sh";

    CHECK_INT(procfs_parse_ns("mnt:[4026531841]", &v), 1);
    CHECK_INT(v, 4026531841u);
    CHECK_INT(procfs_parse_ns("mnt:[40265x]", &v), 0);
    CHECK_INT(procfs_parse_ns("mnt:4026531841", &v), 0);
    CHECK_INT(procfs_parse_ns(NULL, &v), 0);
    CHECK_INT(procfs_parse_uptime(B("12345.67 54321.00\n"), &v), 1);
    CHECK_INT(v, 1234567);
    CHECK_INT(procfs_parse_uptime(B("12.5 1\n"), &v), 0);
    arena_init(&a);
    CHECK_INT(procfs_passwd_name(B(pw), 65534, &a, &name), 1);
    CHECK_STR(name, "nobody");
    CHECK_INT(procfs_passwd_name(B(pw), 1000, &a, &name), 1);
    CHECK_STR(name, "alice");
    CHECK_INT(procfs_passwd_name(B(pw), 7, &a, &name), 0);
    arena_release(&a);
}

static void test_mountinfo(void)
{
    struct arena a;
    const char *h = NULL;
    long gid = 0;
    static const char one[] = "22 27 0:21 / /proc rw,relatime shared:12 - proc proc rw\n"
                              "23 27 0:22 / /sys rw,nosuid - sysfs sysfs rw\n";
    static const char two[] = "45 43 0:21 / /proc rw,relatime - proc proc rw\n"
                              "63 45 0:39 / /proc rw,relatime - proc proc rw,hidepid=invisible,gid=27\n";
    static const char zero[] = "22 27 0:21 / /proc rw - proc proc rw,hidepid=0\n";

    arena_init(&a);
    CHECK_INT(procfs_proc_mount(B(one), &a, &h, &gid), 1);
    CHECK(h == NULL);
    CHECK_INT(gid, -1);
    CHECK_INT(procfs_proc_mount(B(two), &a, &h, &gid), 1);
    CHECK_STR(h, "invisible");   /* the mount on top */
    CHECK_INT(gid, 27);
    CHECK_INT(procfs_proc_mount(B(zero), &a, &h, &gid), 1);
    CHECK(h == NULL);
    CHECK_INT(procfs_proc_mount(B("23 27 0:22 / /sys rw - sysfs sysfs rw\n"), &a, &h, &gid), 0);
    CHECK_INT(procfs_proc_mount(B("22 27 0:21 / /proc rw - tmpfs none rw,hidepid=2\n"), &a, &h, &gid), 0);
    arena_release(&a);
}

int main(void)
{
    RUN(test_maps);
    RUN(test_maps_cut_and_many);
    RUN(test_environ);
    RUN(test_cmdline);
    RUN(test_status);
    RUN(test_stat);
    RUN(test_cgroup);
    RUN(test_ns_uptime_passwd);
    RUN(test_mountinfo);
    return harness_done();
}
