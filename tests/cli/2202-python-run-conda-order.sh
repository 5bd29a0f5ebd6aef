#!/bin/sh
# conda: `conda activate gpu` puts envs/gpu/bin before the base's bin on
# PATH, so python3 runs the env; without it (base only), python3 runs the
# base, whose torch is a CPU build, while envs/gpu has the CUDA build:
# GD218 is an error, with `conda activate gpu` and a kb-checked install
# into the base with the base's own interpreter.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/pyrun.inc"
osrelease
B=/home/u/miniconda3
condameta $B python 3.11.5 h955ad1f_0
condameta $B/envs/gpu python 3.10.13 h955ad1f_0
for e in $B $B/envs/gpu; do
    v=3.11; [ $e = $B ] || v=3.10
    exe $e/bin/python$v
    ln -sfn python$v "$ROOT/$e/bin/python3"; ln -sfn python$v "$ROOT/$e/bin/python"
    exe $e/bin/pip "#!$e/bin/python$v"
done
torch_in $B/lib/python3.11/site-packages 2.2.1+cpu None
torch_in $B/envs/gpu/lib/python3.10/site-packages 2.1.0+cu121 12.1
py /usr 3.11

# activated: CONDA_PREFIX's bin first
gdcheck --json --env HOME=/home/u --env "PATH=$B/envs/gpu/bin:$B/condabin:$B/bin:/usr/bin" \
        --env CONDA_PREFIX=$B/envs/gpu --env CONDA_DEFAULT_ENV=gpu --env CONDA_EXE=$B/bin/conda
expect_json "$(interp python3) | .path == \"$B/envs/gpu/bin/python3\" and .env == \"$B/envs/gpu\" and .env_python == \"3.10.13\" and (.resolved_by | contains(\"CONDA_PREFIX\"))"
expect_json "$(interp pip) | .path == \"$B/envs/gpu/bin/python3.10\" and .env == \"$B/envs/gpu\""
expect_json '[.findings[] | select(.code == "GD218")] | length == 0'
expect_json ".verdicts[] | select(.env == \"$B/envs/gpu\") | .run_by | index(\"python3\") != null"

# base only (a new shell after `conda init`, before `conda activate gpu`)
gdcheck --json --env HOME=/home/u --env "PATH=$B/bin:$B/condabin:/usr/bin" --env CONDA_PREFIX=$B \
        --env CONDA_DEFAULT_ENV=base --env CONDA_EXE=$B/bin/conda
expect_rc 1
expect_json "$(interp python3) | .env == \"$B\" and .env_python == \"3.11.5\""
expect_json ".findings[] | select(.code == \"GD218\") | .severity == \"error\" and (.title | contains(\"CPU-only\")) and (.title | contains(\"$B/envs/gpu\"))"
expect_json '.findings[] | select(.code == "GD218") | .fixes[0].command == "conda activate gpu"'
# The fix engine's line (issue 27): the chooser's torch 2.1.0 build (the cu121 index), --force-reinstall over a CPU build of the same version.
expect_json ".findings[] | select(.code == \"GD218\") | [.fixes[].command // \"\"] | any(. == \"$B/bin/python3 -m pip install --force-reinstall \\\"torch==2.1.0\\\" --index-url https://download.pytorch.org/whl/cu121\")"
expect_json ".verdicts[] | select(.env == \"$B\") | .run_by == [\"python3\", \"python\", \"pip\"]"
# a torch build the knowledge base does not know is not offered for install
torch_in $B/envs/gpu/lib/python3.10/site-packages 1.0.0+cu555 55.5
rm -rf "$ROOT/$B/envs/gpu/lib/python3.10/site-packages/torch-2.1.0+cu121.dist-info"
gdcheck --json --env HOME=/home/u --env "PATH=$B/bin:/usr/bin" --env CONDA_PREFIX=$B
expect_json '.findings[] | select(.code == "GD218") | [.fixes[].command // ""] | any(test("pip install")) | not'
expect_json '.findings[] | select(.code == "GD218") | [.fixes[].title] | any(test("is not suggested"))'
exit 0
