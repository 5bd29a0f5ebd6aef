# A pci.ids on the examined machine newer than the embedded one names GPUs
# the built-in table does not know; an older one is not even read whole.
. "$GD_TESTS/cli/lib.sh"
osrelease
gpu 0000:01:00.0 0x2ffe
put /usr/share/misc/pci.ids "#
#	List of PCI ID's
#
#	Version: 2099.01.01
#
10de  NVIDIA Corporation
	2ffe  GB202 [GeForce RTX 5090 Test Edition]
1af4  Red Hat, Inc."
gdcheck --json
expect_json '.gpus[0].name == "GeForce RTX 5090 Test Edition"'
expect_json '.gpus[0].compute_capability == "12.0"'
sed -i 's/2099.01.01/2001.01.01/' "$ROOT/usr/share/misc/pci.ids"
gdcheck --json
expect_json '.gpus[0].name != "GeForce RTX 5090 Test Edition"'
