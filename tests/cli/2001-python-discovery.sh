#!/bin/sh
# Environments in every place the issue lists: Debian system Python with
# dist-packages, an active venv, a project .venv, pyenv, user site; the same
# site-packages reached twice (a symlinked venv) is one environment.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
osrelease
py /usr 3.11
dist /usr/lib/python3/dist-packages numpy 1.24.2
dist /usr/local/lib/python3.11/dist-packages requests 2.31.0
# an active venv whose python links to the system one
venv_cfg /work/env 3.11.2
link /usr/bin/python3.11 /work/env/bin/python
mkd /work/env/lib/python3.11/site-packages
link lib /work/env/lib64
dist /work/env/lib/python3.11/site-packages torch 2.3.1+cpu
link /work/env /work/env-again
# a project venv in the current directory
venv_cfg /home/u/proj/.venv 3.12.1 /root/.pyenv/versions/3.12.1/bin
mkd /home/u/proj/.venv/lib/python3.12/site-packages
# pyenv and user site
mkd /root/.pyenv/versions/3.12.1/lib/python3.12/site-packages
dist /root/.pyenv/versions/3.12.1/lib/python3.12/site-packages jax 0.4.30
dist /root/.local/lib/python3.11/site-packages keras 3.3.3
facts --env HOME=/root --env PWD=/home/u/proj --env VIRTUAL_ENV=/work/env-again \
      --env PATH=/work/env/bin:/usr/bin
expect_json '.python_envs | length == 5'
expect_json '.python_envs[0] | .prefix == "/work/env" and .active and .kind == "venv" and .python_version == "3.11.2" and .venv.home == "/usr/bin" and .venv.include_system_site_packages == false'
expect_json '.python_envs[0].site_dirs == ["/work/env/lib/python3.11/site-packages"]'
expect_json '.python_envs[0].frameworks[0] | .name == "torch" and .build.variant == "cpu" and .local == "cpu"'
expect_json '[.python_envs[] | select(.prefix == "/usr")][0] | .kind == "system" and .python_version == "3.11" and .site_packages == "/usr/local/lib/python3.11/dist-packages" and (.site_dirs | index("/usr/lib/python3/dist-packages")) != null and .n_distributions == 2'
expect_json '[.python_envs[] | select(.prefix == "/home/u/proj/.venv")][0] | .found_by == "current directory" and .python_version == "3.12.1"'
expect_json '[.python_envs[] | select(.kind == "pyenv")][0] | .prefix == "/root/.pyenv/versions/3.12.1" and .python_version == "3.12.1" and .frameworks[0].name == "jax"'
expect_json '[.python_envs[] | select(.kind == "user")][0] | .prefix == "/root/.local" and .python_version == "3.11" and .frameworks[0].backend == "tensorflow"'
expect_json '[.python_envs[] | select(.active)] | length == 1'

# --prefix restricts the scan (skipped until cmd_check has the options).
"$GD_BIN" check --help 2>&1 | grep -q -- '--prefix' || exit 0
# --prefix restricts the scan to one environment; --python to one interpreter's.
facts --env HOME=/root --prefix /root/.pyenv/versions/3.12.1
expect_json '.python_envs | length == 1 and .[0].kind == "pyenv"'
facts --env HOME=/root --python /work/env/bin/python
expect_json '.python_envs | length == 1 and .[0].prefix == "/work/env" and .[0].found_by == "--python"'
facts --python /nowhere/python3
expect_json '.python_envs == [] and ([.warnings[].reason | select(test("does not exist"))] | length == 1)'
exit 0
