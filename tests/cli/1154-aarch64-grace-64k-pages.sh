#!/bin/sh
# 64 KiB-page kernels on a Grace node.  The page size is read from the
# running kernel's build configuration (/boot/config-RELEASE:
# CONFIG_ARM64_64K_PAGES=y) and reported.  A native module linked for
# 4 KiB pages (PT_LOAD p_align 0x1000) cannot be loaded there: glibc's
# loader refuses it ("ELF load command alignment not page-aligned",
# elf/dl-load.c; torch 1.8.0's aarch64 wheel on RHEL 8, pytorch/pytorch#53597),
# GD219.  The same module on a 4 KiB kernel, and a module linked as GNU
# ld links for AArch64 by default (64 KiB alignment) on the 64 KiB
# kernel, are fine.  readelf is the oracle for the alignment.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/grace.inc"
grace_node
K=6.8.0-1028-nvidia-64k
put /proc/sys/kernel/osrelease "$K"
put "/boot/config-$K" "#
# Automatically generated file; DO NOT EDIT.
# Linux/arm64 6.8.12 Kernel Configuration
#
CONFIG_ARM64=y
CONFIG_64BIT=y
# CONFIG_ARM64_4K_PAGES is not set
# CONFIG_ARM64_16K_PAGES is not set
CONFIG_ARM64_64K_PAGES=y
CONFIG_ARM64_VA_BITS_52=y"
a64_ldconfig
venv /srv/env 3.12
grace_nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.8.90
grace_nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.8.4.1
grace_nvwheel cudnn libcudnn.so.9 nvidia-cudnn-cu12 9.7.1.26
grace_nvwheel nccl libnccl.so.2 nvidia-nccl-cu12 2.26.2
TL=/srv/env/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so
GR_LDFLAGS=-Wl,-z,max-page-size=0x1000
grace_torch 2.7.0+cu128 12.8 cp312-cp312-manylinux_2_28_aarch64 libcudart.so.12 libcublas.so.12 libcudnn.so.9 libnccl.so.2
readelf -lW "$ROOT$TL" | awk '$1 == "LOAD" {print $NF}' | sort -u | grep -qx 0x1000 || fail "readelf: not linked for 4 KiB pages"

gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_rc 1
expect_json ".system.page_size_kib == 64 and .system.page_size_source == \"/boot/config-$K\""
expect_json "$(v torch) | .gpu == \"no\" and (.findings | index(\"GD219\") != null)"
expect_json ".findings[] | select(.code == \"GD219\") | .title | test(\"libtorch_cuda.so is linked for 4096-byte pages and this kernel uses 64 KiB pages\")"
expect_json "[.findings[] | select(.code == \"GD219\") | .evidence[] | select(.path == \"$TL\" and .text == \"smallest PT_LOAD alignment 0x1000\")] | length == 1"
expect_json '[.findings[] | select(.code == "GD219") | .fixes[] | select(.command != null)] | length == 0'
gdcheck -v --env VIRTUAL_ENV=/srv/env
expect_text "kernel $K, 64 KiB pages"
gdcheck --markdown --env VIRTUAL_ENV=/srv/env
expect_text "| Arch / kernel | aarch64 / $K (64 KiB pages) |"

# The same module on a 4 KiB-page kernel: loadable.
put "/boot/config-$K" "CONFIG_ARM64=y
CONFIG_ARM64_4K_PAGES=y
# CONFIG_ARM64_64K_PAGES is not set"
gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_rc 0
expect_json '.system.page_size_kib == 4'
expect_json "$(v torch) | .gpu == \"yes\""

# GNU ld's AArch64 default (64 KiB alignment) on the 64 KiB kernel: loadable.
put "/boot/config-$K" "CONFIG_ARM64_64K_PAGES=y"
rm -rf "$ROOT/srv/env/lib/python3.12/site-packages/torch" "$ROOT/srv/env/lib/python3.12/site-packages/torch-"*
GR_LDFLAGS=
grace_torch 2.7.0+cu128 12.8 cp312-cp312-manylinux_2_28_aarch64 libcudart.so.12 libcublas.so.12 libcudnn.so.9 libnccl.so.2
readelf -lW "$ROOT$TL" | awk '$1 == "LOAD" {print $NF}' | sort -u | grep -qx 0x10000 || fail "readelf: not 64 KiB-aligned"
gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_rc 0
expect_json '.system.page_size_kib == 64'
expect_json "$(v torch) | .gpu == \"yes\""

# No configuration and no smaps: the page size is unknown, and no finding.
rm -f "$ROOT/boot/config-$K"
gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_json '.system.page_size_kib == null'
