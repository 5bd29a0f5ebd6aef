# torch 2.1.0+cu121 (CUDA 12 runtime: minor-version compatibility needs
# driver >= 525.60.13) on driver 470: too old.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 470.223.02 0x2204
venv /home/u/pt 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.1.105
nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.1.3.1
nvwheel cudnn libcudnn.so.8 nvidia-cudnn-cu12 8.9.2.26
torch 2.1.0+cu121 12.1 libcudart.so.12 libcublas.so.12 libcudnn.so.8
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
expect_json "$(v torch) | .gpu == \"no\""
expect_json '[.findings[] | select(.code == "GD208" and .kind == "driver_too_old")] | length == 1'
expect_json '.findings[] | select(.code == "GD208") | .title | test("525.60.13")'
expect_json '.findings[] | select(.code == "GD208") | [.fixes[].command] | any(. != null and test("whl/cu11"))'
expect_json "$(v torch) | [.needs[].resolved_path] | all(. != null)"
# Issue 31: least invasive first, and no route that cannot work.  On
# Debian 11 (its archive's nvidia-driver is 470.256.02, data/distro_pkg.kb)
# the user-space reinstall of a cu118 build, which runs on 470, comes
# before the root-and-reboot driver upgrade, and Debian 11's own
# nvidia-driver is not offered: it would install 470 again.  On Debian 12
# (535) the apt route stays.
put /etc/debian_version "11.9"
put /etc/os-release "PRETTY_NAME=\"Debian GNU/Linux 11 (bullseye)\"
NAME=\"Debian GNU/Linux\"
VERSION_ID=\"11\"
ID=debian"
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
fx='.findings[] | select(.code == "GD208") | .fixes'
# the cu11 wheel reinstall is the first fix with a command, before any driver fix
expect_json "[$fx[] | select(.command != null)][0].command | test(\"whl/cu11\")"
expect_json "$fx | (map(.title | test(\"Upgrade the NVIDIA driver\")) | index(true)) > (map(.command // \"\" | test(\"whl/cu11\")) | index(true))"
# Debian 11's archive driver is too old: no apt route, the advice says why
expect_json "[$fx[] | .command // \"\" | select(test(\"apt-get install.*nvidia-driver\") or test(\"apt-cache policy\"))] | length == 0"
expect_json "[$fx[] | .title | select(test(\"archive installs driver 470.256.02\"))] | length == 1"
# Debian 12's (535.261.03) reaches 525.60.13: the apt route is printed
put /etc/os-release "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"
NAME=\"Debian GNU/Linux\"
VERSION_ID=\"12\"
ID=debian"
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_json "[$fx[] | .command // \"\" | select(test(\"apt-get install linux-headers-amd64 nvidia-driver\"))] | length == 1"
