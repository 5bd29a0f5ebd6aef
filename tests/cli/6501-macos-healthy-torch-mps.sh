# macOS 14.4.1 on Apple Silicon (Homebrew's /opt/homebrew, Rosetta 2
# installed), an arm64 Miniforge with PyTorch's macOS wheel, whose
# libtorch_cpu links Apple's MetalPerformanceShaders frameworks: MPS works.
# SystemVersion.plist in binary form; every binary a real Mach-O file.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/macos.inc"
macos 14.4.1 23E224 binary
mkd /opt/homebrew/bin /Library/Apple/usr/libexec/oah
macpy /Users/ann/miniforge3 3.11 arm64
mkd /Users/ann/miniforge3/conda-meta
SITE=/Users/ann/miniforge3/lib/python3.11/site-packages
mactorch "$SITE" 2.3.1 arm64 1

gdcheck --os macos --facts
expect_rc 0
expect_json '.system.os == "macos" and .system.distro.version == "14.4.1" and .system.arch == "arm64"'
expect_json '.macos.version == "14.4.1" and .macos.build == "23E224" and .macos.cpu == "arm64" and .macos.rosetta == true'
expect_json '.macos.binaries[] | select(.role == "interpreter") | .archs == "arm64" and .minos == "11.0" and .path == "/Users/ann/miniforge3/bin/python3.11"'
expect_json '[.macos.binaries[] | select(.role == "torch_cpu") | .dylibs[] | select(test("MetalPerformanceShaders.framework"))] | length == 1'
expect_json '.python_envs[0].frameworks[0].build.variant == "metal"'

gdcheck --os macos --json
expect_rc 0
expect_json '.verdicts | length == 1'
expect_json '.verdicts[0].gpu == "yes" and (.verdicts[0].reason | test("MPS"))'
expect_json '[.findings[] | select(.severity == "error" or .severity == "warning")] | length == 0'
expect_json '.checklist[] | select(.step == "Apple Silicon") | .status == "passed"'

gdcheck -v --os macos
expect_rc 0
expect_text "GPU YES"
expect_text "Apple Silicon (Homebrew's Apple Silicon prefix /opt/homebrew is installed)"
expect_no_text "CUDA toolkits"
