# PEP 668: the distribution's Python with EXTERNALLY-MANAGED in its stdlib
# directory is externally managed (pip refuses it); a venv made from it is
# not (pip ignores the base's marker inside a venv).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
osrelease
py /usr 3.11
mkd /usr/lib/python3/dist-packages
put /usr/lib/python3.11/EXTERNALLY-MANAGED "[externally-managed]
Error=To install Python packages system-wide, try apt install python3-xyz."
dist /usr/lib/python3/dist-packages numpy 1.24.2
py /home/u/venv 3.11
venv_cfg /home/u/venv 3.11
mkd /home/u/venv/lib/python3.11/site-packages
gdcheck --facts --env PATH=/home/u/venv/bin:/usr/bin
expect_json '[.python_envs[] | select(.prefix == "/usr")][0].externally_managed == "/usr/lib/python3.11/EXTERNALLY-MANAGED"'
expect_json '[.python_envs[] | select(.prefix == "/home/u/venv")][0].externally_managed == null'
rm "$ROOT/usr/lib/python3.11/EXTERNALLY-MANAGED"
gdcheck --facts --env PATH=/usr/bin
expect_json '[.python_envs[] | select(.prefix == "/usr")][0].externally_managed == null'
