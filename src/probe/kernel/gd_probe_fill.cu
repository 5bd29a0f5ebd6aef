/*
 * gd_probe_fill.cu - the kernel `gpudoctor probe --compute` runs on every
 * GPU: the kept source of the PTX the build generates (mk/compute.mk,
 * tools/ptx-gen.sh).  Never edited as PTX: the build compiles this file
 * with clang's CUDA front end for the NVPTX target, without any CUDA
 * header or library (-nocudainc -nocudalib), once per target in
 * PTX_TARGETS (the lowest first), and embeds the text.
 *
 * What it computes, per element i < n:
 *
 *     out[i] = (in[i] ^ salt) * 2654435761 + i      (mod 2^32)
 *
 * Integer arithmetic only, so the host can check every element exactly
 * (src/probe/compute_child.c computes the same expression); the salt comes
 * from the host, so a stale buffer from an earlier run never verifies.
 * The test fake driver implements the same expression for this entry
 * point (tests/helpers/fakedriver/fakecuda.c).
 *
 * The thread index comes from the NVPTX special registers through clang's
 * builtins (%ctaid.x * %ntid.x + %tid.x), so no CUDA header is needed.
 */
#define GD_KERNEL extern "C" __attribute__((global))

GD_KERNEL void gd_probe_fill(const unsigned int *in, unsigned int *out, unsigned int n,
                             unsigned int salt)
{
    unsigned int i = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
                     __nvvm_read_ptx_sreg_tid_x();
    if (i < n)
        out[i] = (in[i] ^ salt) * 2654435761u + i;
}
