/*
 * node_access.c - who may open the NVIDIA device nodes: the examined user
 * (SUDO_USER, USER or LOGNAME; uid and gid from /etc/passwd, groups from
 * /etc/group as getgrouplist(3) builds them from files), each node's mode
 * and owner, and the process's cgroup device rules (v1: devices.list; v2
 * keeps them in eBPF programs no file shows, which is said, not guessed).
 * Also the driver's own numbers: nvidia-uvm's dynamic major from
 * /proc/devices and the mode and group NVreg_DeviceFileMode /
 * DeviceFileGID give the nodes (/proc/driver/nvidia/params).
 *
 * Runs after scan_driver_nodes (which lists the nodes).  Reads six small
 * files at most; nothing when the driver has no nodes to judge, and not
 * the account files when every node is read-write for all (0666).
 */
#include "scan/scan.h"

#include <stdlib.h>
#include <string.h>

#include "scan/nodeparse.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

#define SMALL_FILE (64u * 1024)
#define ACCOUNT_FILE (4u * 1024 * 1024)

struct gids {
    long *v;
    size_t nr, alloc;
};

/* A parsed id as the facts keep it: -1 when unknown or past INT_MAX. */
static int as_int(long v)
{
    return v >= 0 && v <= 0x7fffffffL ? (int)v : -1;
}

struct group_acc {
    struct facts *f;
    struct gids *gids;
};

static void add_group(const char *name, size_t name_len, long gid, void *arg)
{
    struct group_acc *acc = arg;
    struct node_user *u = &acc->f->node.user;
    ALLOC_GROW(u->groups, u->n_groups + 1, u->alloc_groups);
    u->groups[u->n_groups++] = arena_strndup(&acc->f->arena, name, name_len);
    ALLOC_GROW(acc->gids->v, acc->gids->nr + 1, acc->gids->alloc);
    acc->gids->v[acc->gids->nr++] = gid;
}

static void read_user_name(struct scan_ctx *ctx)
{
    struct node_user *u = &ctx->facts->node.user;
    static const char *const vars[] = { "SUDO_USER", "USER", "LOGNAME" };
    size_t i;

    for (i = 0; i < 3 && !u->name; i++) {
        const char *v = env_get(ctx->env, vars[i]);
        if (v && *v && !strchr(v, ':') && !strchr(v, '\n')) {
            u->name = facts_str(ctx->facts, v);
            u->name_source = facts_printf(ctx->facts, "env:%s", vars[i]);
        }
    }
}

/* The examined user's uid, gid and groups from the account files. */
static void read_user(struct scan_ctx *ctx, struct gids *gids)
{
    struct node_user *u = &ctx->facts->node.user;
    struct facts *f = ctx->facts;
    struct strbuf sb = STRBUF_INIT;
    size_t i;

    if (!u->name)
        return;
    if (scan_read_text(ctx, "/etc/passwd", ACCOUNT_FILE, &sb) == 1) {
        long uid = -1, gid = -1;
        (void)nodeparse_passwd(sb.buf, sb.len, u->name, &uid, &gid);
        u->uid = as_int(uid);
        u->gid = as_int(gid);
    }
    if (scan_read_text(ctx, "/etc/group", ACCOUNT_FILE, &sb) == 1) {
        struct group_acc acc;
        acc.f = f;
        acc.gids = gids;
        u->groups_known = 1;
        (void)nodeparse_groups(sb.buf, sb.len, u->name, u->gid, add_group, &acc);
    }
    if (u->gid >= 0) {
        for (i = 0; i < gids->nr && gids->v[i] != u->gid; i++)
            ;
        if (i == gids->nr) {
            ALLOC_GROW(gids->v, gids->nr + 1, gids->alloc);
            gids->v[gids->nr++] = u->gid;
        }
    }
    strbuf_release(&sb);
}

/*
 * /proc/self/cgroup (cgroups(7)): "ID:controllers:path" lines; v1 names a
 * hierarchy per controller, v2 has the one line "0::path".  The devices
 * controller's list is read from its mount (/sys/fs/cgroup/devices, as
 * systemd and Docker mount it) at that path, else at the mount's root (a
 * cgroup namespace shows the container's own cgroup as "/").
 */
static void read_cgroup(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct node_cgroup *cg = &f->node.cgroup;
    struct strbuf sb = STRBUF_INIT;
    const char *line, *v1path = NULL, *v2path = NULL;
    size_t pos = 0, n;

    if (scan_read_text(ctx, "/proc/self/cgroup", SMALL_FILE, &sb) != 1) {
        strbuf_release(&sb);
        return;
    }
    nodeparse_cgroup(sb.buf, sb.len, &f->arena, &v1path, &v2path);
    if (v1path) {
        const char *cands[2];
        size_t k;
        cg->version = "v1";
        cg->path = v1path;
        cands[0] = facts_printf(f, "/sys/fs/cgroup/devices%s%sdevices.list", v1path,
                                str_ends(v1path, "/") ? "" : "/");
        cands[1] = "/sys/fs/cgroup/devices/devices.list";
        for (k = 0; k < 2 && !cg->list_source; k++) {
            if (scan_read_text(ctx, cands[k], SMALL_FILE, &sb) != 1)
                continue;
            cg->list_source = cands[k];
            pos = 0;
            while (next_line(sb.buf, sb.len, &pos, &line, &n)) {
                trim(&line, &n);
                if (!n)
                    continue;
                ALLOC_GROW(cg->allow, cg->n_allow + 1, cg->alloc_allow);
                cg->allow[cg->n_allow++] = arena_strndup(&f->arena, line, n);
            }
        }
        if (!cg->list_source)
            cg->note = "the devices controller's devices.list is not readable here";
    } else if (v2path) {
        cg->version = "v2";
        cg->path = v2path;
        cg->note = "cgroup v2 keeps device rules in eBPF programs attached to the cgroup "
                   "(BPF_CGROUP_DEVICE), which no file shows";
    }
    strbuf_release(&sb);
}

/* /proc/devices: nvidia-uvm's dynamic major. */
static void read_majors(struct scan_ctx *ctx)
{
    struct strbuf sb = STRBUF_INIT;
    if (scan_read_text(ctx, "/proc/devices", SMALL_FILE, &sb) == 1)
        ctx->facts->node.uvm_major = as_int(nodeparse_char_major(sb.buf, sb.len, "nvidia-uvm"));
    strbuf_release(&sb);
}

/* /proc/driver/nvidia/params: "DeviceFileMode: 438", "DeviceFileGID: 0". */
static void read_params(struct scan_ctx *ctx)
{
    struct strbuf sb = STRBUF_INIT;
    if (scan_read_text(ctx, "/proc/driver/nvidia/params", SMALL_FILE, &sb) == 1) {
        ctx->facts->node.file_mode = as_int(nodeparse_param(sb.buf, sb.len, "DeviceFileMode"));
        ctx->facts->node.file_gid = as_int(nodeparse_param(sb.buf, sb.len, "DeviceFileGID"));
    }
    strbuf_release(&sb);
}

/* The character device numbers a node's name stands for (plain-file
 * fixtures, or a listed node whose type the listing did not give). */
static void driver_numbers(const struct facts *f, struct dev_node *dn)
{
    const char *b = path_basename(dn->path);
    if (dn->is_char)
        return;
    if (!strcmp(b, "nvidiactl")) {
        dn->major = 195;
        dn->minor = 255;
    } else if (str_starts(b, "nvidia") && b[6] >= '0' && b[6] <= '9') {
        dn->major = 195;
        dn->minor = (unsigned)strtoul(b + 6, NULL, 10);
    } else if (!strcmp(b, "nvidia-uvm") && f->node.uvm_major >= 0) {
        dn->major = (unsigned)f->node.uvm_major;
        dn->minor = 0;
    }
}

static int in_gids(const struct gids *g, long gid)
{
    size_t i;
    for (i = 0; i < g->nr; i++)
        if (g->v[i] == gid)
            return 1;
    return 0;
}

void scan_node_access(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    const struct node_user *u = &f->node.user;
    struct gids gids = { NULL, 0, 0 };
    struct strbuf grp = STRBUF_INIT;
    int have_grp = 0;
    size_t i;

    if (!f->driver.n_nodes || f->system.wsl)
        return;
    read_user_name(ctx);
    /* A node read-write for its owner, its group and everyone (the
     * driver's default, NVreg_DeviceFileMode 0666) admits any user,
     * whichever of the three classes the kernel applies to it; who the
     * user is and which groups it has then decide nothing.  The account
     * files are read only where some node is not so. */
    for (i = 0; i < f->driver.n_nodes; i++)
        if (f->driver.nodes[i].exists && (f->driver.nodes[i].mode & 0666u) != 0666u)
            break;
    if (i < f->driver.n_nodes) {
        read_user(ctx, &gids);
    } else {
        have_grp = -1;
        f->node.user.accounts_unasked = "every device node is read-write for owner, group and others";
    }
    read_cgroup(ctx);
    /* nvidia-uvm's major only where its node's own number is not known (a
     * plain file in a fixture tree, or no node yet). */
    for (i = 0; i < f->driver.n_nodes; i++)
        if (!strcmp(f->driver.nodes[i].path, "/dev/nvidia-uvm") && !f->driver.nodes[i].is_char &&
            f->node.cgroup.list_source) {
            read_majors(ctx);
            break;
        }
    for (i = 0; i < f->driver.n_nodes; i++) {
        struct dev_node *dn = &f->driver.nodes[i];
        unsigned bits;
        driver_numbers(f, dn);
        dn->user_access = -1;
        dn->cgroup_access = -1;
        if (!dn->exists)
            continue;
        if (!have_grp) {
            struct gd_err err;
            err_init(&err);
            have_grp = fs_read_file(ctx->fs, "/etc/group", ACCOUNT_FILE, &grp, &err) == 1 ? 1 : -1;
        }
        if (have_grp == 1)
            dn->group = nodeparse_group_name(grp.buf, grp.len, (long)dn->gid, &f->arena);
        if ((dn->mode & 0666u) == 0666u || u->uid == 0) {
            dn->user_access = 1; /* any user (see above); root passes every mode check */
        } else if (u->uid > 0) {
            bits = dn->uid == (unsigned)u->uid ? dn->mode >> 6
                   : (u->groups_known && in_gids(&gids, (long)dn->gid)) ? dn->mode >> 3
                   : dn->mode;
            /* Without /etc/group, a group-only grant cannot be decided. */
            if ((bits & 6u) == 6u)
                dn->user_access = 1;
            else if (dn->uid != (unsigned)u->uid && !u->groups_known && ((dn->mode >> 3) & 6u) == 6u)
                dn->user_access = -1;
            else
                dn->user_access = 0;
        }
        if (dn->major)
            dn->cgroup_access = node_cgroup_allows(&f->node.cgroup, 'c', dn->major, dn->minor, "rw");
    }
    /* The mode and group the driver gives its nodes, as evidence where one
     * is not accessible. */
    for (i = 0; i < f->driver.n_nodes; i++)
        if (f->driver.nodes[i].exists && f->driver.nodes[i].user_access == 0) {
            read_params(ctx);
            break;
        }
    free(gids.v);
    strbuf_release(&grp);
}
