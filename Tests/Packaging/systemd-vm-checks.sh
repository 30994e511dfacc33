#!/bin/bash
# Runs inside the Debian that systemd-vm-test.sh boots with systemd as PID 1, as the system
# unit tidings-vm-check.service, once the lingering user ada's manager (user@1000) runs. It
# drives the packaged user units with systemctl --user as ada and writes PASS/FAIL lines to
# /var/log/tidings-vm-check.txt (read back from the disk image) and the serial console, then
# powers the machine off.
set -u

OUT=/var/log/tidings-vm-check.txt
: > "$OUT"
FAILED=0
say() { echo "$1" | tee -a "$OUT" > /dev/ttyS0; }
pass() { say "PASS $1"; }
fail() { say "FAIL $1"; FAILED=1; }
USER_ENV=(HOME=/home/ada PATH=/usr/bin:/bin XDG_RUNTIME_DIR=/run/user/1000
          DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus TIDINGS_NO_AUTOSTART=1 LANG=C.UTF-8)
as_ada() { runuser -u ada -- env -i "${USER_ENV[@]}" "$@"; }
user_ctl() { as_ada systemctl --user "$@"; }
prop() { user_ctl show -p "$2" --value "$1"; }
# until SECONDS COMMAND...: runs the command every 0.2 s until it succeeds, at most SECONDS.
until_true() {
  local tries=$(( $1 * 5 )); shift
  for _ in $(seq "$tries"); do "$@" && return 0; sleep 0.2; done
  return 1
}
journal_has() { journalctl -q --no-pager _UID=1000 _SYSTEMD_USER_UNIT=tidingsd.service | grep -q "$1"; }
finish() {
  journalctl -q --no-pager _UID=1000 > /var/log/tidings-vm-journal.txt 2>&1
  if [ $FAILED = 0 ]; then say "ALL PASSED"; else say "SOME FAILED"; fi
  sync
  systemctl --no-block poweroff
  exit 0
}

if until_true 60 test -S /run/user/1000/systemd/private; then
  pass "the lingering user's systemd manager runs"
else
  fail "the lingering user's systemd manager runs"; finish
fi
until_true 30 test -S /run/user/1000/bus || fail "the user's D-Bus runs"

# 1. enable --now: active (running) only once the daemon sent READY=1 (Type=notify).
if user_ctl enable --now tidingsd.service > /tmp/enable.out 2>&1; then
  pass "systemctl --user enable --now tidingsd"
else
  say "$(cat /tmp/enable.out)"; fail "systemctl --user enable --now tidingsd"
fi
if user_ctl status tidingsd.service > /tmp/status.out 2>&1; grep -q 'Active: active (running)' /tmp/status.out; then
  pass "tidingsd is active (running)"
else
  say "$(cat /tmp/status.out)"; fail "tidingsd is active (running)"
fi
[ "$(prop tidingsd.service Type)" = notify ] && pass "the unit is Type=notify" || fail "the unit is Type=notify"
status_text=$(prop tidingsd.service StatusText)
[ -n "$status_text" ] && pass "the daemon's STATUS= reached systemd ($status_text)" || fail "the daemon's STATUS= reached systemd"

# 2. The refresh progress in `systemctl --user status`: a command feed that takes its time.
as_ada tidings subscribe 'exec:/usr/local/bin/slow-feed' > /tmp/subscribe.out 2>&1 \
  || { say "$(cat /tmp/subscribe.out)"; fail "tidings subscribe of a command feed"; }
as_ada tidings refresh > /tmp/refresh.out 2>&1 &
refresh=$!
if until_true 20 sh -c 'runuser -u ada -- env -i '"${USER_ENV[*]}"' systemctl --user status tidingsd.service | grep -q "Status: \"Refreshing"'; then
  pass "systemctl --user status shows the refresh progress ($(user_ctl status tidingsd.service | grep 'Status:' | head -1 | sed 's/^ *//'))"
else
  say "$(user_ctl status tidingsd.service 2>&1)"; fail "systemctl --user status shows the refresh progress"
fi
wait $refresh || { say "$(cat /tmp/refresh.out)"; fail "tidings refresh ends"; }

# 3. reload rereads the config (RELOADING=1, then READY=1 again).
install -d -o ada -g ada -m 0700 /home/ada/.config/tidings
printf 'refresh_interval: 45m\n' > /home/ada/.config/tidings/config.yaml
chown ada:ada /home/ada/.config/tidings/config.yaml
if user_ctl reload tidingsd.service && until_true 10 journal_has 'configuration reloaded: .*refresh_interval'; then
  pass "systemctl --user reload tidingsd rereads the config ($(journalctl -q --no-pager _UID=1000 _SYSTEMD_USER_UNIT=tidingsd.service | grep -o 'configuration reloaded: .*' | tail -1))"
else
  fail "systemctl --user reload tidingsd rereads the config"
fi
[ "$(prop tidingsd.service ActiveState)" = active ] && pass "active after the reload" || fail "active after the reload"

# 4. kill -9: systemd restarts it (Restart=on-failure, RestartSec=5s).
old_pid=$(prop tidingsd.service MainPID)
kill -9 "$old_pid"
restarted() { local pid; pid=$(prop tidingsd.service MainPID); [ "$pid" != 0 ] && [ "$pid" != "$old_pid" ] && [ "$(prop tidingsd.service ActiveState)" = active ]; }
if until_true 30 restarted; then
  pass "a kill -9 of pid $old_pid restarts it (now pid $(prop tidingsd.service MainPID), NRestarts=$(prop tidingsd.service NRestarts))"
else
  say "$(user_ctl status tidingsd.service 2>&1)"; fail "a kill -9 restarts it"
fi
as_ada tidings status > /dev/null 2>&1 && pass "the restarted daemon answers" || fail "the restarted daemon answers"

# 5. exit 65 (the database failed its start-up check): no restart.
user_ctl stop tidingsd.service
DB=/home/ada/.local/share/tidings/tidings.sqlite
# A stop folds the write-ahead log into the file, so the file alone is the database.
if [ ! -s "$DB-wal" ]; then pass "a stop leaves the write-ahead log empty"; else fail "a stop leaves the write-ahead log empty ($(stat -c %s "$DB-wal") bytes)"; fi
cp "$DB" /tmp/good.sqlite
# Pages 2 to 9 overwritten with bytes that are no b-tree page: the header stays, the check fails.
# The page size is the header's big-endian 16-bit field at offset 16 (1 meaning 65536).
set -- $(od -An -tu1 -j16 -N2 "$DB")
page=$(( $1 * 256 + $2 )); [ "$page" = 1 ] && page=65536
dd if=/dev/urandom of="$DB" bs="$page" seek=1 count=8 conv=notrunc status=none
user_ctl start tidingsd.service > /tmp/start65.out 2>&1
failed() { [ "$(prop tidingsd.service ActiveState)" = failed ]; }
if until_true 20 failed && [ "$(prop tidingsd.service ExecMainStatus)" = 65 ]; then
  # A start by hand sets NRestarts to 0, so the count is taken once it has failed.
  restarts_before=$(prop tidingsd.service NRestarts)
  sleep 8  # RestartSec is 5 s: a restart would have happened by now.
  if [ "$(prop tidingsd.service ActiveState)" = failed ] && [ "$(prop tidingsd.service NRestarts)" = "$restarts_before" ]; then
    pass "exit 65 on a damaged database is not restarted ($(user_ctl status tidingsd.service 2>&1 | grep -m1 'Main PID\|code=exited' | sed 's/^ *//'))"
  else
    fail "exit 65 on a damaged database is not restarted (NRestarts $(prop tidingsd.service NRestarts), was $restarts_before)"
  fi
else
  say "$(user_ctl status tidingsd.service 2>&1)"; fail "a damaged database ends the daemon with 65 (ExecMainStatus $(prop tidingsd.service ExecMainStatus))"
fi
cp /tmp/good.sqlite "$DB"; chown ada:ada "$DB"; rm -f "$DB-wal" "$DB-shm"

# 6. Socket activation: the first client starts the service.
user_ctl disable --now tidingsd.service > /dev/null 2>&1
user_ctl reset-failed tidingsd.service > /dev/null 2>&1
if user_ctl enable --now tidingsd.socket > /tmp/socket.out 2>&1 && [ "$(prop tidingsd.socket ActiveState)" = active ]; then
  pass "systemctl --user enable --now tidingsd.socket listens"
else
  say "$(cat /tmp/socket.out)"; fail "systemctl --user enable --now tidingsd.socket listens"
fi
[ "$(prop tidingsd.service ActiveState)" = inactive ] && pass "the service waits for a client" || fail "the service waits for a client ($(prop tidingsd.service ActiveState))"
if as_ada tidings list > /tmp/list.out 2>&1 && grep -q 'Tiling window managers' /tmp/list.out; then
  pass "the first client (tidings list) is answered by the activated daemon"
else
  say "$(cat /tmp/list.out)"; fail "the first client (tidings list) is answered by the activated daemon"
fi
[ "$(prop tidingsd.service ActiveState)" = active ] && pass "the socket unit started tidingsd.service" || fail "the socket unit started tidingsd.service"

finish
