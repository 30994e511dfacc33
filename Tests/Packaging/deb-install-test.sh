#!/bin/sh
# Installs the package into a fresh Debian chroot and uses it there, as someone without a Swift
# toolchain would (`make test-deb`; root, for debootstrap and chroot):
#
#   Tests/Packaging/deb-install-test.sh DEB WORK_DIR
#
# Set-up, with the network: a minimal Debian (debootstrap --variant=minbase, the release this
# machine runs, kept in WORK_DIR/base.tar for the next run) is unpacked afresh, and apt
# downloads what the package depends on. The test itself runs with no network at all (a network
# namespace of its own with only loopback): `apt-get install ./tidings_….deb` from what was
# downloaded, then, as an ordinary user, `tidings --version`, `tidingsd parse` of a feed file, a
# daemon, a subscribe to a feed served on 127.0.0.1, a refresh and a listing, `tidings stop`,
# and `apt-get purge` leaving no file behind. Every check prints PASS or FAIL; any FAIL fails.
set -eu

DEB=$(realpath "$1")
WORK=$(realpath -m "$2")
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SUITE=${DEBIAN_SUITE:-$(. /etc/os-release && echo "$VERSION_CODENAME")}
export TIDINGS_NO_AUTOSTART=1

[ "$(id -u)" = 0 ] || { echo "deb-install-test: needs root (debootstrap, chroot, namespaces)" >&2; exit 2; }
mkdir -p "$WORK"
ROOT=$WORK/chroot
rm -rf "$ROOT"

# --- set-up (network) ---
if [ ! -s "$WORK/base-$SUITE.tar" ]; then
  echo "== debootstrap $SUITE from $MIRROR (once; kept in $WORK/base-$SUITE.tar)"
  rm -rf "$WORK/base"
  debootstrap --variant=minbase "$SUITE" "$WORK/base" "$MIRROR" > "$WORK/debootstrap.log" 2>&1 \
    || { tail -20 "$WORK/debootstrap.log" >&2; exit 1; }
  tar -C "$WORK/base" -cf "$WORK/base-$SUITE.tar.part" . && mv "$WORK/base-$SUITE.tar.part" "$WORK/base-$SUITE.tar"
  rm -rf "$WORK/base"
fi
mkdir -p "$ROOT"
tar -C "$ROOT" -xf "$WORK/base-$SUITE.tar"
cp "$DEB" "$ROOT/tmp/"
DEB_IN=/tmp/$(basename "$DEB")
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
echo "== apt-get update and download of the package's dependencies (set-up)"
chroot "$ROOT" apt-get update -qq
chroot "$ROOT" apt-get install -y -qq --download-only "$DEB_IN" > "$WORK/download.log" 2>&1 \
  || { cat "$WORK/download.log" >&2; exit 1; }
: > "$ROOT/etc/resolv.conf"

# What the test serves and reads: a real feed of the integration tests.
mkdir -p "$WORK/www"
cp "$REPO/Tests/IntegrationTests/Fixtures/rss2.xml" "$WORK/www/feed.xml"
cp "$REPO/Tests/IntegrationTests/Fixtures/rss2.xml" "$ROOT/tmp/feed.xml"
chmod 0644 "$ROOT/tmp/feed.xml"
cp "$HERE/deb-install-checks.sh" "$ROOT/tmp/checks.sh"
chmod 0755 "$ROOT/tmp/checks.sh"

# --- the test (no network) ---
# A mount, network and PID namespace of its own: /proc and /dev for the chroot, loopback only,
# and the feed server (python3's http.server of this machine, outside the chroot) ends with it.
PORT=18493
unshare --mount --propagation private --net --pid --fork sh -eu -c '
  ROOT=$1; WWW=$2; PORT=$3; DEB_IN=$4
  ip link set lo up
  mount -t proc proc "$ROOT/proc"
  mount --rbind /dev "$ROOT/dev"
  python3 -m http.server --bind 127.0.0.1 --directory "$WWW" "$PORT" > "$WWW/../http.log" 2>&1 &
  chroot "$ROOT" /tmp/checks.sh "$DEB_IN" "$PORT"
' deb-install-test "$ROOT" "$WORK/www" "$PORT" "$DEB_IN"
