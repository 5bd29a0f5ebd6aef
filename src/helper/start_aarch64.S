/*
 * start_aarch64.S - gpudoctor-probe-helper's entry point on aarch64
 * (`make static-aarch64`, -nostartfiles).  The steps of glibc's
 * sysdeps/aarch64/start.S, calling __libc_start_main at aarch64's first
 * version, GLIBC_2.17, instead of the GLIBC_2.34 that crt1.o from glibc
 * 2.34 on binds; init and fini are NULL (see start_x86_64.S).
 */
        .symver __libc_start_main,__libc_start_main@GLIBC_2.17
        .text
        .globl  _start
        .type   _start, %function
_start:
        .cfi_startproc
        .cfi_undefined x30
        mov     x29, #0
        mov     x30, #0
        mov     x5, x0                  /* rtld_fini, from the loader */
        ldr     x1, [sp]                /* argc */
        add     x2, sp, #8              /* argv */
        mov     x6, sp                  /* stack_end */
        mov     x3, #0                  /* init */
        mov     x4, #0                  /* fini */
        adrp    x0, main
        add     x0, x0, :lo12:main
        bl      __libc_start_main
        bl      abort
        .cfi_endproc
        .size   _start, .-_start
        .section .note.GNU-stack,"",%progbits
