#!/bin/sh
# Builds tidings_VERSION_ARCH.deb from the release binaries, with dpkg-deb (no source package:
# the binaries are built by `make build` with the Swift runtime linked in statically, so the
# package needs no Swift toolchain to run). Called by `make deb`:
#
#   packaging/deb/build-deb.sh BIN_DIR OUT_DIR
#
# BIN_DIR holds the release tidings and tidingsd; the package is written to OUT_DIR and checked
# with lintian (an error fails the build). Depends comes from dpkg-shlibdeps, which reads the
# binaries' NEEDED entries and the shlibs of the Debian packages that provide them, plus procps
# for the unit's /bin/kill (ExecReload) and sensible-utils, whose sensible-browser the client knows as a
# browser launcher (lintian asks for it).
# SWIFT runs the man page generator.
set -eu

BIN_DIR=$1
OUT_DIR=$2
SWIFT=${SWIFT:-swift}
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)

VERSION=$("$BIN_DIR/tidings" --version)
ARCH=$(dpkg --print-architecture)
case $VERSION in
  [0-9]*) ;;
  *) echo "build-deb: tidings --version printed '$VERSION', not a version" >&2; exit 1 ;;
esac

WORK=$(mktemp -d "${TMPDIR:-/tmp}/tidings-deb.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
ROOT=$WORK/root
DOC=$ROOT/usr/share/doc/tidings

# The binaries, stripped (as dh_strip would; their symbols stay in the build folder).
install -d -m 0755 "$ROOT/usr/bin"
for tool in tidings tidingsd; do
  install -m 0755 "$BIN_DIR/$tool" "$ROOT/usr/bin/$tool"
  strip --remove-section=.comment --remove-section=.note --strip-unneeded "$ROOT/usr/bin/$tool"
done

# The user units, pointing at the packaged binary and documents.
install -d -m 0755 "$ROOT/usr/lib/systemd/user"
sed -e 's|%h/.local/bin/tidingsd|/usr/bin/tidingsd|' \
    -e 's|file://%h/.local/share/doc/tidings/|file:///usr/share/doc/tidings/|' \
    "$REPO/systemd/tidingsd.service" > "$ROOT/usr/lib/systemd/user/tidingsd.service"
sed -e 's|file://%h/.local/share/doc/tidings/|file:///usr/share/doc/tidings/|' \
    "$REPO/systemd/tidingsd.socket" > "$ROOT/usr/lib/systemd/user/tidingsd.socket"
chmod 0644 "$ROOT"/usr/lib/systemd/user/*
if grep -n '%h' "$ROOT"/usr/lib/systemd/user/*; then
  echo "build-deb: a packaged unit still points into the home directory" >&2; exit 1
fi

# Completions where Debian's bash-completion, zsh and fish look for a package's.
install -d -m 0755 "$ROOT/usr/share/bash-completion/completions" \
  "$ROOT/usr/share/zsh/vendor-completions" "$ROOT/usr/share/fish/vendor_completions.d"
# (bash-completion sources the file: the generator's #! line has no use there.)
"$BIN_DIR/tidings" --generate-completion-script bash | sed '1{/^#!/d}' > "$ROOT/usr/share/bash-completion/completions/tidings"
"$BIN_DIR/tidings" --generate-completion-script zsh > "$ROOT/usr/share/zsh/vendor-completions/_tidings"
"$BIN_DIR/tidings" --generate-completion-script fish > "$ROOT/usr/share/fish/vendor_completions.d/tidings.fish"

# Man pages from the binaries' own command-line description, compressed as Debian's are.
install -d -m 0755 "$ROOT/usr/share/man/man1"
for tool in tidings tidingsd; do
  "$BIN_DIR/$tool" --experimental-dump-help \
    | DOCDIR=/usr/share/doc/tidings "$SWIFT" "$REPO/docs/man/generate-manual.swift" > "$WORK/$tool.1"
  gzip -9n < "$WORK/$tool.1" > "$ROOT/usr/share/man/man1/$tool.1.gz"
done

# The documents the man pages name, laid out as in the source tree so their links work; the
# commented config as the example it is.
install -d -m 0755 "$DOC/docs/schema" "$DOC/examples"
for doc in README.md docs/cli.md docs/json.md docs/protocol.md docs/ARCHITECTURE.md \
           docs/DECISIONS.md docs/schema.sql docs/parse-contract.md docs/extraction.md docs/views.md; do
  install -m 0644 "$REPO/$doc" "$DOC/$doc"
done
install -m 0644 "$REPO"/docs/schema/*.json "$DOC/docs/schema/"
install -d -m 0755 "$DOC/Config"
install -m 0644 "$REPO/Config/config.yaml" "$DOC/Config/config.yaml"
ln -s ../Config/config.yaml "$DOC/examples/config.yaml"

# copyright: ours, then each Swift package linked in, from its own LICENSE and NOTICE.
{
  cat "$HERE/copyright.head"
  echo
  echo "The Swift runtime and standard library (swift.org):"
  echo "  Apache License 2.0 with the Runtime Library Exception."
  for package in "$REPO"/.build/checkouts/*; do
    [ -d "$package" ] || continue
    name=$(basename "$package")
    license=$(ls "$package" | grep -iE '^(LICENSE|COPYING)' | head -1 || true)
    [ -n "$license" ] || { echo "build-deb: $name has no LICENSE file" >&2; exit 1; }
    echo
    echo "$name:"
    if grep -q 'Apache License' "$package/$license"; then
      if grep -q 'Runtime Library Exception' "$package/$license"; then
        echo "  Apache License 2.0 with the Runtime Library Exception."
      else
        echo "  Apache License 2.0."
      fi
    else
      sed 's/^/  /' "$package/$license"
    fi
    for notice in "$package"/NOTICE*; do
      [ -f "$notice" ] || continue
      echo "  Its NOTICE:"
      sed 's/^/    /' "$notice"
    done
  done
} | sed 's/[[:space:]]*$//' > "$DOC/copyright"

# A native package's changelog, one entry for this build.
DATE=$(date -R -d "@${SOURCE_DATE_EPOCH:-$(git -C "$REPO" log -1 --format=%ct 2>/dev/null || date +%s)}")
COMMIT=$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo unknown)
printf 'tidings (%s) unstable; urgency=medium\n\n  * Built from commit %s; see the repository'"'"'s git log for the changes.\n\n -- Tidings developers <tidings@users.noreply.github.com>  %s\n' \
  "$VERSION" "$COMMIT" "$DATE" | gzip -9n > "$DOC/changelog.gz"

# Depends: what the binaries link, as Debian's packages provide it. dpkg-shlibdeps wants a
# debian/control beside it, which says no more than the package's name here.
mkdir -p "$WORK/src/debian"
printf 'Source: tidings\n\nPackage: tidings\nArchitecture: any\n' > "$WORK/src/debian/control"
SHLIBS=$(cd "$WORK/src" && dpkg-shlibdeps -O -e"$ROOT/usr/bin/tidings" -e"$ROOT/usr/bin/tidingsd" 2>"$WORK/shlibdeps.err") || {
  cat "$WORK/shlibdeps.err" >&2; exit 1; }
DEPENDS="${SHLIBS#shlibs:Depends=}, procps, sensible-utils"

# Yams, the daemon's YAML reader, compiles libyaml's C sources into itself (its CYaml target);
# Debian's libyaml-0-2 cannot stand in for them, so lintian's tag is overridden, with the reason.
install -d -m 0755 "$ROOT/usr/share/lintian/overrides"
printf '# Yams (the Swift YAML package) builds its own copy of libyaml into the binary.\ntidings: embedded-library libyaml [usr/bin/tidingsd]\n' \
  > "$ROOT/usr/share/lintian/overrides/tidings"
chmod 0644 "$ROOT/usr/share/lintian/overrides/tidings"

find "$ROOT" -type d -exec chmod 0755 {} +
install -d -m 0755 "$ROOT/DEBIAN"
SIZE=$(du -sk --apparent-size "$ROOT/usr" | cut -f1)
sed -e "s|@VERSION@|$VERSION|" -e "s|@ARCH@|$ARCH|" -e "s|@SIZE@|$SIZE|" -e "s|@DEPENDS@|$DEPENDS|" \
  "$HERE/control.in" > "$ROOT/DEBIAN/control"
(cd "$ROOT" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$ROOT/DEBIAN/md5sums"
chmod 0644 "$ROOT/DEBIAN/control" "$ROOT/DEBIAN/md5sums"

mkdir -p "$OUT_DIR"
DEB=$OUT_DIR/tidings_${VERSION}_$ARCH.deb
dpkg-deb --root-owner-group -Zxz --build "$ROOT" "$DEB" >/dev/null

# lintian: errors fail the build; warnings are printed for whoever packages next.
if command -v lintian >/dev/null; then
  lintian --fail-on error --tag-display-limit 0 "$DEB" || { echo "build-deb: lintian found errors in $DEB" >&2; exit 1; }
else
  echo "build-deb: lintian is not installed (make deb installs it); the package is unchecked" >&2
  exit 1
fi
echo "$DEB"
