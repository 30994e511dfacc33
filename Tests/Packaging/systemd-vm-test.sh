#!/bin/sh
# The packaged user units under a real systemd (`make test-systemd`; root): a Debian root with
# systemd, Debian's kernel and the package installed is booted with qemu-system-x86_64 (software
# emulation; KVM with VM_ACCEL=kvm) with systemd as PID 1, and
# systemd-vm-checks.sh, run there as a system unit once the lingering user's manager is up,
# checks `systemctl --user enable --now tidingsd` (active through READY=1), the refresh progress
# in `status`, `reload`, a restart after kill -9, none after exit 65, and socket activation.
#
#   Tests/Packaging/systemd-vm-test.sh DEB WORK_DIR
#
# Set-up, with the network: debootstrap's minimal Debian (shared with deb-install-test.sh),
# then systemd, the kernel and the package's dependencies from Debian's mirror. The machine
# itself has no network device; the results are read back from its disk image. VM_ACCEL=kvm
# uses KVM instead of software emulation.
set -eu

DEB=$(realpath "$1")
WORK=$(realpath -m "$2")
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SUITE=${DEBIAN_SUITE:-$(. /etc/os-release && echo "$VERSION_CODENAME")}
export TIDINGS_NO_AUTOSTART=1

[ "$(id -u)" = 0 ] || { echo "systemd-vm-test: needs root (debootstrap, chroot, mke2fs -d)" >&2; exit 2; }
VM=$WORK/vm
ROOT=$VM/root
mkdir -p "$VM"
rm -rf "$ROOT" "$VM/disk.img"

# --- set-up (network) ---
if [ ! -s "$WORK/base-$SUITE.tar" ]; then
  echo "== debootstrap $SUITE from $MIRROR (once; kept in $WORK/base-$SUITE.tar)"
  rm -rf "$WORK/base"
  debootstrap --variant=minbase "$SUITE" "$WORK/base" "$MIRROR" > "$WORK/debootstrap.log" 2>&1 \
    || { tail -20 "$WORK/debootstrap.log" >&2; exit 1; }
  tar -C "$WORK/base" -cf "$WORK/base-$SUITE.tar.part" . && mv "$WORK/base-$SUITE.tar.part" "$WORK/base-$SUITE.tar"
  rm -rf "$WORK/base"
fi
if [ ! -s "$WORK/systemd-$SUITE.tar" ]; then
  echo "== systemd, Debian's kernel and D-Bus for the user session (once; kept in $WORK/systemd-$SUITE.tar)"
  rm -rf "$WORK/sysroot"; mkdir -p "$WORK/sysroot"
  tar -C "$WORK/sysroot" -xf "$WORK/base-$SUITE.tar"
  cp /etc/resolv.conf "$WORK/sysroot/etc/resolv.conf"
  chroot "$WORK/sysroot" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      --no-install-recommends systemd-sysv udev linux-image-amd64 initramfs-tools dbus-user-session \
      libpam-systemd procps' > "$WORK/systemd-packages.log" 2>&1 || { tail -20 "$WORK/systemd-packages.log" >&2; exit 1; }
  tar -C "$WORK/sysroot" -cf "$WORK/systemd-$SUITE.tar.part" . && mv "$WORK/systemd-$SUITE.tar.part" "$WORK/systemd-$SUITE.tar"
  rm -rf "$WORK/sysroot"
fi
mkdir -p "$ROOT"
tar -C "$ROOT" -xf "$WORK/systemd-$SUITE.tar"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
cp "$DEB" "$ROOT/tmp/"
chroot "$ROOT" sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/$(basename "$DEB")" \
  > "$VM/install.log" 2>&1 || { cat "$VM/install.log" >&2; exit 1; }
rm -f "$ROOT/tmp/$(basename "$DEB")"
: > "$ROOT/etc/resolv.conf"

# The machine: a root password nobody knows, the user ada lingering (her manager starts at
# boot, as `loginctl enable-linger ada` arranges), a slow command feed, and the check unit.
echo tidings-vm > "$ROOT/etc/hostname"
chroot "$ROOT" useradd --create-home --uid 1000 --shell /bin/bash ada
mkdir -p "$ROOT/var/lib/systemd/linger" && : > "$ROOT/var/lib/systemd/linger/ada"
install -m 0644 "$REPO/Tests/IntegrationTests/Fixtures/rss2.xml" "$ROOT/usr/local/share/feed.xml"
printf '#!/bin/sh\n# A feed that takes its time, so that a refresh is seen in progress.\nsleep 4\nexec cat /usr/local/share/feed.xml\n' \
  > "$ROOT/usr/local/bin/slow-feed"
chmod 0755 "$ROOT/usr/local/bin/slow-feed"
install -m 0755 "$HERE/systemd-vm-checks.sh" "$ROOT/usr/local/bin/tidings-vm-checks"
cat > "$ROOT/etc/systemd/system/tidings-vm-check.service" <<'EOF'
[Unit]
Description=Tidings: the packaged user units under systemd
After=multi-user.target systemd-logind.service user@1000.service

[Service]
Type=oneshot
ExecStart=/usr/local/bin/tidings-vm-checks
TimeoutStartSec=300

[Install]
WantedBy=multi-user.target
EOF
ln -sf /etc/systemd/system/tidings-vm-check.service "$ROOT/etc/systemd/system/multi-user.target.wants/tidings-vm-check.service"
# No getty on the console the results are written to.
rm -f "$ROOT/etc/systemd/system/getty.target.wants/"*
printf '/dev/vda / ext4 rw,relatime 0 1\n' > "$ROOT/etc/fstab"

KERNEL=$(ls "$ROOT"/boot/vmlinuz-* | tail -1)
INITRD=$(ls "$ROOT"/boot/initrd.img-* | tail -1)
cp "$KERNEL" "$VM/vmlinuz"; cp "$INITRD" "$VM/initrd.img"
mke2fs -q -t ext4 -L tidings-vm -d "$ROOT" "$VM/disk.img" 3G

# --- the test (no network device) ---
# Software emulation unless asked otherwise: where /dev/kvm opens under nested virtualisation
# the guest can hang with no output at all (seen on these machines), while TCG boots in ~30 s.
ACCEL=${VM_ACCEL:-tcg}
echo "== booting Debian with systemd as PID 1 (qemu, accel=$ACCEL)"
rm -f "$VM/console.log"
timeout 900 qemu-system-x86_64 -machine q35,accel=$ACCEL -m 1536 -smp 2 -no-reboot \
  -display none -monitor none -serial file:"$VM/console.log" -nic none \
  -kernel "$VM/vmlinuz" -initrd "$VM/initrd.img" \
  -append "root=/dev/vda rw console=ttyS0 panic=-1 quiet systemd.show_status=0" \
  -drive file="$VM/disk.img",format=raw,if=virtio || { echo "qemu ended with $?" >&2; }

debugfs -R "cat /var/log/tidings-vm-check.txt" "$VM/disk.img" > "$VM/results.txt" 2>/dev/null || true
debugfs -R "cat /var/log/tidings-vm-journal.txt" "$VM/disk.img" > "$VM/journal.txt" 2>/dev/null || true
cat "$VM/results.txt"
if grep -q '^ALL PASSED$' "$VM/results.txt" && ! grep -q '^FAIL' "$VM/results.txt"; then
  echo "systemd-vm-test: passed"
else
  echo "systemd-vm-test: failed (console: $VM/console.log, the user's journal: $VM/journal.txt)" >&2
  tail -40 "$VM/console.log" >&2
  exit 1
fi
