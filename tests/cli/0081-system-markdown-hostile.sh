#!/bin/sh
# 0081-system-markdown-hostile: the issue-ready report (check --markdown)
# escapes what comes from the examined tree: an os-release name holding a
# link, an image, HTML and emphasis, and a toolkit directory whose name
# holds backticks and a '|', shown as a code span that still ends where it
# should and a table row that keeps its columns.
. "$GD_TESTS/cli/lib.sh"
osrelease
put /etc/os-release 'PRETTY_NAME="Debian [update here](http://evil.example) ![x](http://evil.example/x.png) <script>alert(1)</script> **12** _b_"
NAME="Debian GNU/Linux"
VERSION_ID="12"
ID=debian'
put '/usr/local/cuda-11.8`x`|y/version.txt' "CUDA Version 11.8.89"
gdcheck --markdown
grep -q '<script' "$OUT" && fail "HTML reached the Markdown"
grep '^|' "$OUT" | grep -E -q '(^|[^\\])\]\(' && fail "a link reached the Markdown"
expect_text '| OS | Debian \[update here\](http://evil.example) !\[x\](http://evil.example/x.png) &lt;script&gt;alert(1)&lt;/script&gt; \*\*12\*\* \_b\_ |'
expect_text '| CUDA | 11.8.89 at ``/usr/local/cuda-11.8`x`\|y`` |'
# the table rows keep their cell count: 2 columns, so 3 unescaped '|'
grep '^| CUDA |' "$OUT" | sed 's/\\|//g' | awk -F'|' 'NF != 4 { exit 1 }' || fail "a '|' split a table cell"
