# TensorFlow 2.10 asks for cudart64_110.dll; CUDA 12.0 is on PATH (it has
# cudart64_12.dll) and the CUDA 11 runtime sits only in another toolkit's bin,
# which nothing searches: 126.  gpudoctor names that folder.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
V11="$CROOT/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v11.2/bin"
trap "rm -f \"$V11/cudart64_110.dll\"" EXIT
mkdir -p "$V11" && cp "$WSH/pe/x64.dll" "$V11/cudart64_110.dll"
wput cuda12/bin x64 cudart64_12.dll
oracle app cwd "$(wp cuda12/bin)" load:cudart64_110.dll
predict app cwd "$(wp cuda12/bin)" cudart64_110.dll
agree err=126
expect_json ".suggest_dir == \"/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v11.2/bin\""
gd which cudart64_110.dll --os windows --root "$CROOT" --app-dir "$(wp app)" --path "$(wp cuda12/bin)"
expect_text "is in C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\bin"
expect_text "\$env:PATH = "
wcleanup
