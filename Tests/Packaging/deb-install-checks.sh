#!/bin/sh
# Runs inside the fresh chroot of deb-install-test.sh, with no network but loopback, where a
# feed is served on 127.0.0.1:PORT/feed.xml:
#
#   /tmp/checks.sh /tmp/tidings_VERSION_ARCH.deb PORT
set -u

DEB=$1
PORT=$2
FAILED=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1"; FAILED=1; }
# check NAME COMMAND...: the command succeeds.
check() { name=$1; shift; if "$@"; then pass "$name"; else fail "$name"; fi; }
as_user() { runuser -u ada -- env -i HOME=/home/ada PATH=/usr/bin:/bin TIDINGS_NO_AUTOSTART=1 LANG=C.UTF-8 "$@"; }

export DEBIAN_FRONTEND=noninteractive
if command -v swift >/dev/null || [ -d /opt/swift ]; then fail "the chroot has no Swift toolchain"; else pass "the chroot has no Swift toolchain"; fi
# (No --no-download: apt 2.6 refuses it beside a local .deb; with no network, what apt
# installs can only come from the set-up's download in /var/cache/apt/archives.)
if apt-get install -y -q "$DEB" > /tmp/install.log 2>&1; then
  pass "apt-get install ./$(basename "$DEB") with no network"
else
  cat /tmp/install.log; fail "apt-get install ./$(basename "$DEB") with no network"; exit 1
fi
VERSION=$(dpkg-query -W -f='${Version}' tidings)

# What the package put where, and that the binaries find every library they link.
for file in /usr/bin/tidings /usr/bin/tidingsd /usr/lib/systemd/user/tidingsd.service \
            /usr/lib/systemd/user/tidingsd.socket /usr/share/man/man1/tidings.1.gz \
            /usr/share/man/man1/tidingsd.1.gz /usr/share/bash-completion/completions/tidings \
            /usr/share/zsh/vendor-completions/_tidings /usr/share/fish/vendor_completions.d/tidings.fish \
            /usr/share/doc/tidings/README.md /usr/share/doc/tidings/copyright; do
  check "installed $file" test -s "$file"
done
check "the unit runs /usr/bin/tidingsd" grep -qx 'ExecStart=/usr/bin/tidingsd run' /usr/lib/systemd/user/tidingsd.service
for tool in tidings tidingsd; do
  if ldd /usr/bin/$tool > /tmp/ldd.$tool 2>&1 && ! grep -q 'not found' /tmp/ldd.$tool && ! grep -qi swift /tmp/ldd.$tool; then
    pass "$tool links only Debian's libraries"
  else
    cat /tmp/ldd.$tool; fail "$tool links only Debian's libraries"
  fi
done

useradd --create-home --shell /bin/sh ada
printed=$(as_user tidings --version 2>&1)
if [ "$printed" = "$VERSION" ]; then pass "tidings --version prints $VERSION"; else fail "tidings --version prints $VERSION (printed '$printed')"; fi
printed=$(as_user tidingsd --version 2>&1)
if [ "$printed" = "$VERSION" ]; then pass "tidingsd --version prints $VERSION"; else fail "tidingsd --version prints $VERSION (printed '$printed')"; fi

as_user tidingsd parse /tmp/feed.xml > /tmp/parse.out 2>&1
if grep -q 'Tiling window managers, revisited' /tmp/parse.out && grep -q 'Shell history tricks' /tmp/parse.out; then
  pass "tidingsd parse prints the feed's items"
else
  cat /tmp/parse.out; fail "tidingsd parse prints the feed's items"
fi

# A daemon of the user's, as `tidingsd run` starts it by hand; the socket is its default one.
as_user tidingsd run > /tmp/daemon.log 2>&1 &
ready=no
for _ in $(seq 100); do
  if as_user tidings status > /dev/null 2>&1; then ready=yes; break; fi
  sleep 0.1
done
if [ $ready = yes ]; then pass "tidingsd run answers tidings status"; else cat /tmp/daemon.log; fail "tidingsd run answers tidings status"; fi
served=no
for _ in $(seq 100); do
  if bash -c "exec 3<>/dev/tcp/127.0.0.1/$PORT" 2>/dev/null; then served=yes; break; fi
  sleep 0.1
done
[ $served = yes ] || fail "the feed server listens on 127.0.0.1:$PORT"

if as_user tidings subscribe "http://127.0.0.1:$PORT/feed.xml" > /tmp/subscribe.out 2>&1; then
  pass "tidings subscribe http://127.0.0.1:$PORT/feed.xml"
else
  cat /tmp/subscribe.out; fail "tidings subscribe http://127.0.0.1:$PORT/feed.xml"
fi
# check_output NAME FILE COMMAND...: the command succeeds, its output in FILE (shown if not).
check_output() { name=$1; out=$2; shift 2; if "$@" > "$out" 2>&1; then pass "$name"; else cat "$out"; fail "$name"; fi; }
check_output "tidings refresh" /tmp/refresh.out as_user tidings refresh
as_user tidings feeds > /tmp/feeds.out 2>&1
check "tidings feeds lists Planet Terminal" grep -q 'Planet Terminal' /tmp/feeds.out
as_user tidings list > /tmp/list.out 2>&1
if grep -q 'Tiling window managers, revisited' /tmp/list.out && grep -q 'Shell history tricks' /tmp/list.out \
   && [ "$(grep -c . /tmp/list.out)" -ge 3 ]; then
  pass "tidings list shows the three items"
else
  cat /tmp/list.out; fail "tidings list shows the three items"
fi
check_output "tidings stop" /tmp/stop.out as_user tidings stop
wait

if apt-get purge -y -q tidings > /tmp/purge.log 2>&1 && [ ! -e /usr/bin/tidingsd ] \
   && [ ! -e /usr/lib/systemd/user/tidingsd.service ] && [ ! -e /usr/share/doc/tidings ]; then
  pass "apt-get purge tidings leaves none of its files"
else
  cat /tmp/purge.log; fail "apt-get purge tidings leaves none of its files"
fi

if [ $FAILED = 0 ]; then echo "ALL PASSED"; else echo "SOME FAILED"; fi
exit $FAILED
