/*
 * start_x86_64.S - gpudoctor-probe-helper's entry point (it links with
 * -nostartfiles, mk/static.mk).  The same steps as glibc's own
 * sysdeps/x86_64/start.S, except that __libc_start_main is called at its
 * first version, GLIBC_2.2.5: crt1.o from glibc 2.34 and later binds
 * GLIBC_2.34, which no older glibc has.  init and fini are NULL: the helper
 * has no constructors (glibc before 2.34 then skips them; 2.34 and later
 * run the program's own init arrays themselves).
 */
        .symver __libc_start_main,__libc_start_main@GLIBC_2.2.5
        .text
        .globl  _start
        .type   _start, @function
_start:
        .cfi_startproc
        .cfi_undefined rip
        xorl    %ebp, %ebp
        movq    %rdx, %r9               /* rtld_fini, from the loader */
        popq    %rsi                    /* argc */
        movq    %rsp, %rdx              /* argv */
        andq    $~15, %rsp
        pushq   %rax
        pushq   %rsp                    /* stack_end */
        xorl    %r8d, %r8d              /* fini */
        xorl    %ecx, %ecx              /* init */
        leaq    main(%rip), %rdi
        call    *__libc_start_main@GOTPCREL(%rip)
        hlt
        .cfi_endproc
        .size   _start, .-_start
        .section .note.GNU-stack,"",@progbits
