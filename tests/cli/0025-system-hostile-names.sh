# Paths come from untrusted trees: a toolkit directory whose name holds an
# escape sequence and a newline, and one with bytes that are not UTF-8.  The
# text report replaces control characters; the JSON stays valid UTF-8.
. "$GD_TESTS/cli/lib.sh"
osrelease
esc=$(printf '\033')
bad="/usr/local/cuda-11.8${esc}[31mRED
x"
put "$bad/version.txt" "CUDA Version 11.8.89"
put "/usr/local/cuda-$(printf '\377\376')/version.txt" "CUDA Version 10.2.89"
gdcheck -v
grep -q "$esc" "$OUT" && fail "an escape character reached the terminal"
expect_text "cuda-11.8?[31mRED?x" 
gdcheck --json
expect_json '[.cuda_toolkits[].version] | sort == ["10.2.89", "11.8.89"]'
expect_json '[.cuda_toolkits[].path | select(test("\u001b"))] | length == 1'
expect_json '[.cuda_toolkits[].path | select(test("\ufffd"))] | length == 1'
gdcheck --markdown
grep -q "$esc" "$OUT" && fail "an escape character reached the Markdown"
exit 0
