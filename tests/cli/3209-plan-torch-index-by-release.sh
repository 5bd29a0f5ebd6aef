# Where a torch release's CUDA wheels are: pytorch.org's previous-versions
# page gives `-f .../torch_stable.html` with a `+cuXXX` pin for 1.10.x and
# older, the per-variant index from 1.11 on (pkg_fact torch pip_index).  The
# 1.10 plan used to print `--index-url .../whl/cuXXX`, which that page never
# documents for 1.10.
. "$GD_TESTS/cli/lib.sh"
gd plan --framework torch --version 1.10.1 --json
expect_rc 0
expect_json '.version == "1.10.1"'
expect_json '.commands.pip | test("torch==1\\.10\\.1\\+cu[0-9]+\" -f https://download.pytorch.org/whl/torch_stable.html$")'
expect_json '.index_url == "https://download.pytorch.org/whl/torch_stable.html"'
gd plan --framework torch --version 1.11.0 --json
expect_rc 0
expect_json '.commands.pip | test("torch==1\\.11\\.0\" --index-url https://download.pytorch.org/whl/cu[0-9]+$")'
# The fact moves with the data: a kb whose row starts the index at 1.10.
db="$CASE_DIR/db"
cp -R "$GD_TESTS/../data" "$db"
sed -i 's/^torch      pip_index         1.0    1.10 /torch      pip_index         1.0    1.9  /; s/^torch      pip_index         1.11 /torch      pip_index         1.10 /' "$db/pkg_fact.kb"
gd plan --db "$db" --framework torch --version 1.10.1 --json
expect_rc 0
expect_json '.commands.pip | test("--index-url https://download.pytorch.org/whl/cu[0-9]+$")'
exit 0
