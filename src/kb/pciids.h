/*
 * pciids.h - the NVIDIA part of a pci.ids database.
 *
 * pci.ids (the PCI ID repository, shipped by Debian's pci.ids package as
 * /usr/share/misc/pci.ids and by hwdata as /usr/share/hwdata/pci.ids) lists
 * vendors ("10de  NVIDIA Corporation"), their devices indented by one tab
 * ("\t2684  AD102 [GeForce RTX 4090]") and subsystems indented by two.
 * pciids_parse() keeps only vendor 10de's device lines and the file's
 * "# Version:" stamp.  NVIDIA names start with the chip code ("AD102"),
 * which kb maps to a compute capability (data/gpu_chip.kb).
 *
 * Pure over (buf, len); a line it does not understand inside the NVIDIA
 * section is an error (the file is not pci.ids), anything outside it is
 * skipped unread.
 */
#ifndef GD_PCIIDS_H
#define GD_PCIIDS_H

#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"
#include "util/err.h"

struct pciids_dev {
    unsigned device;
    const char *name;   /* "AD102 [GeForce RTX 4090]", in the arena */
};

struct pciids {
    struct arena arena;
    struct pciids_dev *devs;   /* in file order (ascending ids in a real file) */
    size_t n, alloc;
    int unsorted;              /* some id is smaller than the one before it */
    const char *version;       /* "2023.04.10", or NULL */
};

void pciids_init(struct pciids *p);
void pciids_release(struct pciids *p);

/**
 * Parse buf into p (which must be empty).  0, or -1 with err
 * ("pci.ids:LINE: ...").  Finding no NVIDIA section is not an error (n = 0).
 */
int pciids_parse(struct pciids *p, const uint8_t *buf, size_t len, struct gd_err *err);

/** The first entry for device, or NULL (a binary search when ids ascend). */
const struct pciids_dev *pciids_find(const struct pciids *p, unsigned device);

#endif
