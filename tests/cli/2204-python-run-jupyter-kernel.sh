#!/bin/sh
# Jupyter kernels: a user kernel whose argv[0] is a CPU-only environment's
# python while /envs/cu has the GPU build (GD218 error, fix: register
# /envs/cu with ipykernel, which it lacks, so pip-install it first); the
# native kernel in /envs/cu/share/jupyter with a bare "python" argv[0]
# runs /envs/cu (jupyter_client uses the Python Jupyter runs in), as does
# python3 (PATH), so only the kernel is wrong; a kernel
# in JUPYTER_PATH; a non-Python kernel; a broken kernel.json (a warning).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/pyrun.inc"
osrelease
for e in cu cpu; do
    venv_cfg /envs/$e 3.11.7
    exe /envs/$e/bin/python3.11
    link python3.11 /envs/$e/bin/python; link python3.11 /envs/$e/bin/python3
done
torch_in /envs/cu/lib/python3.11/site-packages 2.1.0+cu121 12.1
torch_in /envs/cpu/lib/python3.11/site-packages 2.1.0+cpu None
dist /envs/cpu/lib/python3.11/site-packages ipykernel 6.29.0
py /usr 3.11
put /home/u/.local/share/jupyter/kernels/torch-env/kernel.json '{
 "argv": ["/envs/cpu/bin/python", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
 "display_name": "Torch (cpu)", "language": "python", "metadata": {"debugger": true}}'
put /envs/cu/share/jupyter/kernels/python3/kernel.json '{"argv": ["python", "-m", "ipykernel_launcher", "-f", "{connection_file}"], "display_name": "Python 3 (ipykernel)", "language": "python"}'
put /opt/kernels/kernels/ir/kernel.json '{"argv": ["R", "--slave", "-e", "IRkernel::main()", "--args", "{connection_file}"], "display_name": "R", "language": "R"}'
put /usr/local/share/jupyter/kernels/broken/kernel.json '{"argv": ["/usr/bin/python3", '

gdcheck --json --env HOME=/home/u --env PATH=/envs/cu/bin:/envs/cpu/bin:/usr/bin --env JUPYTER_PATH=/opt/kernels
expect_json '.jupyter_kernels | length == 3'
expect_json '.jupyter_kernels[] | select(.name == "torch-env") | .argv0 == "/envs/cpu/bin/python" and .env == "/envs/cpu" and .display_name == "Torch (cpu)"'
expect_json '.jupyter_kernels[] | select(.name == "python3") | .argv0 == "python" and .env == "/envs/cu" and (.resolved_by | contains("jupyter_client"))'
expect_json '.jupyter_kernels[] | select(.name == "ir") | .env == null and .language == "R"'
expect_json '[.warnings[] | select(.path == "/usr/local/share/jupyter/kernels/broken/kernel.json")] | length == 1'
expect_json '.python_envs | length == 2'
expect_json "$(interp python3) | .env == \"/envs/cu\""
expect_json '[.findings[] | select(.code == "GD218")] | length == 1'
expect_json '.findings[] | select(.code == "GD218") | .severity == "error" and (.title | startswith("Jupyter kernel '"'torch-env'"' runs /envs/cpu"))'
expect_json '.findings[] | select(.code == "GD218") | .fixes[0].command == "/envs/cu/bin/python3 -m pip install ipykernel\n/envs/cu/bin/python3 -m ipykernel install --user --name cu --display-name \"Python (cu)\""'
# The fix engine's line (issue 27): the chooser's torch 2.1.0 build (the cu121 index), --force-reinstall over a CPU build of the same version.
expect_json '.findings[] | select(.code == "GD218") | [.fixes[].command // ""] | any(. == "/envs/cpu/bin/python -m pip install --force-reinstall \"torch==2.1.0\" --index-url https://download.pytorch.org/whl/cu121")'
expect_json '.verdicts[] | select(.env == "/envs/cpu") | .run_by == ["kernel:torch-env"]'
expect_json '.verdicts[] | select(.env == "/envs/cu") | .run_by == ["python3", "python", "kernel:python3"]'
# a bare argv[0] outside any environment is what that command runs on PATH
put /usr/share/jupyter/kernels/sys/kernel.json '{"argv": ["python3", "-m", "ipykernel_launcher"], "language": "python"}'
gdcheck --json --env HOME=/home/u --env PATH=/envs/cu/bin:/usr/bin
expect_json '.jupyter_kernels[] | select(.name == "sys") | .env == "/envs/cu" and .interpreter == "/envs/cu/bin/python3"'
exit 0
