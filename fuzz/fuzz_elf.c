/* fuzz_elf.c - the ELF reader over arbitrary bytes: no crash, no read past
 * the buffer (ASan), whatever the input. */
#include <stddef.h>
#include <stdint.h>

#include "loader/elf.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct elf_info e;
    struct elf_header h;
    arena_init(&a);
    if (elf_header_parse(data, size, &h, NULL) == 0 && h.phoff < size) {
        uint64_t end;
        struct elf_phdr_facts pf;
        (void)elf_load_end(&h, data + h.phoff, size - (size_t)h.phoff, &end);
        (void)elf_phdr_facts(&h, data + h.phoff, size - (size_t)h.phoff, &pf);
    }
    (void)elf_parse(data, size, &a, &e, NULL);
    arena_release(&a);
    return 0;
}
