# tools/debian-source.sh - fetch and unpack Debian source packages through a
# private apt configuration (sourced by tools/build-jansson-mingw.sh and
# tools/build-compress-libs.sh).
#
#   . tools/debian-source.sh
#   debian_source DIR WHO VAR PKG...
#
# Each PKG's source package of this machine's suite (os-release's
# VERSION_CODENAME, bookworm when unset) is downloaded with `apt-get source
# --download-only` and unpacked with dpkg-source into DIR/PKG, once: a
# DIR/PKG already there is kept.  The apt configuration (one deb-src line,
# signed by the system's debian-archive-keyring) lives in DIR/apt; the
# machine's /etc/apt is left as it is.  The fetch depends on the network
# and the mirror, so it is bounded: each apt call gets TIMEOUT seconds
# (the environment's $VAR, default 300), and a build fails and says why,
# never hangs.  WHO names the caller in messages.  Returns 0, or 1 after one
# line on stderr saying what could not be fetched.
debian_source() {
    _ds_dir=$1 _ds_who=$2 _ds_var=$3
    shift 3
    _ds_need=""
    for _ds_p in "$@"; do [ -d "$_ds_dir/$_ds_p" ] || _ds_need="$_ds_need $_ds_p"; done
    [ -n "$_ds_need" ] || return 0
    _ds_apt=$_ds_dir/apt
    mkdir -p "$_ds_apt/parts" "$_ds_apt/lists/partial" "$_ds_apt/cache"
    _ds_suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
    cat >"$_ds_apt/parts/src.sources" <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $_ds_suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    _ds_to=$(eval "echo \${$_ds_var:-300}")
    _ds_tmo=""
    command -v timeout >/dev/null 2>&1 && _ds_tmo="timeout $_ds_to"
    set -- -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$_ds_apt/parts" \
        -o Dir::State::Lists="$_ds_apt/lists" -o Dir::Cache="$_ds_apt/cache" \
        -o APT::Sandbox::User=root -o Acquire::Retries=2 -o Acquire::http::Timeout=30
    if ! $_ds_tmo apt-get "$@" -qq update || [ -z "$(ls "$_ds_apt/lists" | grep -i sources)" ]; then
        echo "$_ds_who: cannot fetch Debian's Sources index for $_ds_suite (deb-src, http://deb.debian.org; network, mirror or timeout ${_ds_to}s)" >&2
        return 1
    fi
    for _ds_p in $_ds_need; do
        if ! (cd "$_ds_dir" && $_ds_tmo apt-get "$@" -qq source --download-only "$_ds_p"); then
            echo "$_ds_who: cannot download the $_ds_p source package (network, mirror or timeout ${_ds_to}s)" >&2
            return 1
        fi
        rm -rf "$_ds_dir/$_ds_p.tmp"
        # apt checked the files against the signed Sources index; dpkg-source
        # cannot check the .dsc signature without the uploaders' keys: quiet.
        dpkg-source -x "$(ls "$_ds_dir/${_ds_p}"_*.dsc | head -n 1)" "$_ds_dir/$_ds_p.tmp" >"$_ds_dir/$_ds_p.log" 2>&1 || {
            echo "$_ds_who: dpkg-source cannot unpack $_ds_p: $(tail -n 1 "$_ds_dir/$_ds_p.log")" >&2
            return 1
        }
        mv "$_ds_dir/$_ds_p.tmp" "$_ds_dir/$_ds_p"
    done
}
