# 4118-explain-fix-engine: explain's fixes come from the fix engine (issue 16),
# with a context built from the log: every pip line names an interpreter and
# pins a release and variant the kb has, a GPU the build lacks gets a build
# whose architecture list has it, a plan line is complete, and a native-Windows
# log gets PowerShell and cmd, never sh.
. "$GD_TESTS/cli/lib.sh"

nobare='[.findings[].fixes[]? | (.command // "") | split("\n")[] | select(test("^\\s*pip3? install"))] | length == 0'

# An RTX 50xx (sm_120) on a torch without it: a build whose arch list has 12.0, on the
# engine's terms (the family's driver floor, CUDA >= 12.8), never the cu126 builds.
gd explain --json "$GD_TESTS/explain/torch-sm120-incompatible.log"
expect_rc 0
expect_json '.cause == "GD209"'
expect_json "$nobare"
expect_json '[.findings[0].fixes[] | select(.command != null) | .command | test("-m pip install --force-reinstall \"torch==[0-9]+\\.[0-9]+\\.\\*\" --index-url https://download.pytorch.org/whl/cu(12[89]|1[3-9][0-9])$")] | (length > 0 and all)'
expect_json 'all(.findings[0].fixes[]; (.title | test("Older GPUs")) | not)'

# JAX without its CUDA plugin: jax[cuda12] pinned to the log's jaxlib release (jax.kb).
gd explain --json "$GD_TESTS/explain/jax-cpu-jaxlib.log"
expect_rc 0
expect_json '.cause == "GD211"'
expect_json '[.findings[0].fixes[].command] == ["python3 -m pip install \"jax[cuda12]==0.4.30\""]'

# A CUDA extension built against another toolkit: a complete plan line (the toolkit's
# CUDA major, which torch's cpp_extension accepts), and it runs.
gd explain --json "$GD_TESTS/explain/ext-cuda-mismatch.log"
expect_rc 0
expect_json '.cause == "GD410"'
expect_json 'any(.findings[0].fixes[]; .command == "gpudoctor plan --framework torch --cuda 12")'
gd plan --framework torch --cuda 12
expect_rc 0

# A CPU torch on native Windows: the CUDA build from PyTorch's index, in PowerShell and cmd.
gd explain --json "$GD_TESTS/explain/torch-not-compiled-windows.log"
expect_rc 0
expect_json '.cause == "GD211"'
expect_json "$nobare"
expect_json '[.findings[].fixes[]? | select(.command != null) | .shell] | all(. == "powershell" or . == "cmd" or . == null)'
expect_json '[.findings[0].fixes[] | .shell] == ["powershell", "cmd"]'

# A driver too old for torch's cu121 (nvidia-smi 470, CUDA 11.4): the driver upgrade, or a
# build whose CUDA 11 runs on 470 through minor-version compatibility.
gd explain --json "$GD_TESTS/explain/smi-470-torch-cu121.log"
expect_rc 0
expect_json '.cause == "GD208"'
expect_json 'any(.findings[0].fixes[]; .title | test("^Upgrade the NVIDIA driver"))'
expect_json 'any(.findings[0].fixes[]; (.command // "") | test("whl/cu11[0-9]$"))'
