#!/bin/sh
# ttrss-fixture.sh - a real Tiny Tiny RSS (Debian 12's `tt-rss` package) for the sync tests,
# reachable on 127.0.0.1 only. Run as root. TTRSSServer (Tests/IntegrationTests/Support) drives it:
# it calls `setup` and `sql`, and serves tt-rss (`php -S`) and the feeds itself.
#
#   ttrss-fixture.sh install     apt: PostgreSQL + tt-rss, no prompts, nothing started for good;
#                                a quick no-op when already installed (`make test` runs it)
#   ttrss-fixture.sh db-start    PostgreSQL 15/main on 127.0.0.1, unless it runs already
#   ttrss-fixture.sh db-stop     stops PostgreSQL 15/main
#   ttrss-fixture.sh setup       db-start, then a full reset: the schema again (user admin, password
#                                "password", nothing else) and the API enabled for admin
#   ttrss-fixture.sh sql ARG...  psql as the tt-rss database owner, e.g. sql -At -c 'SELECT 1'
#
# This tt-rss refuses feeds on localhost/127.* and on ports other than 80/443: tests serve
# their feeds on 127.0.0.1:80 and subscribe to http://[::ffff:127.0.0.1]/NAME.xml.
set -eu

PGVER=15
PGLOG=/var/log/postgresql/ttrss-fixture.log
SCHEMA=/usr/share/tt-rss/schema/ttrss_schema_pgsql.sql
PACKAGES="postgresql tt-rss dbconfig-pgsql php-pgsql php-curl"
export DEBIAN_FRONTEND=noninteractive

is_installed() {
    for p in $PACKAGES; do
        dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' || return 1
    done
    [ -e /etc/tt-rss/database.php ]
}

db_online() {
    pg_lsclusters -h 2>/dev/null | awk -v v=$PGVER '$1 == v && $2 == "main" && $4 == "online"' | grep -q .
}

# Started detached from our output (stdin, stdout and stderr go elsewhere): a test run whose
# output is piped must not wait for a database that outlives it. The address is a start
# option, so no configuration file changes.
db_start() {
    db_online && return 0
    pg_ctlcluster $PGVER main start -- -o "-c listen_addresses=127.0.0.1" </dev/null >>"$PGLOG" 2>&1 || {
        echo "PostgreSQL $PGVER/main did not start; its log:" >&2; tail -n 20 "$PGLOG" >&2; exit 1; }
}

db_stop() {
    ! db_online || pg_ctlcluster $PGVER main stop </dev/null >>"$PGLOG" 2>&1
}

# Listening TCP sockets that are not on a loopback address, from /proc (no iproute2 needed).
public_listeners() {
    awk 'FNR > 1 && $4 == "0A" { split($2, a, ":"); h = a[1]
         if (length(h) == 8 && substr(h, 7, 2) == "7F") next                      # 127.x.x.x
         if (h == "00000000000000000000000001000000") next                         # ::1
         if (substr(h, 1, 24) == "0000000000000000FFFF0000" && substr(h, 31, 2) == "7F") next
         print $2 }' /proc/net/tcp /proc/net/tcp6 2>/dev/null | sort -u
}

do_install() {
    if is_installed; then echo "tt-rss fixture: already installed"; return 0; fi
    before=$(public_listeners)
    # No daemon may start for good (PostgreSQL, php-fpm, the tt-rss update daemon): a
    # policy-rc.d of our own while apt runs, unless the machine has one.
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod 755 /usr/sbin/policy-rc.d
        trap 'rm -f /usr/sbin/policy-rc.d' EXIT
        trap 'exit 1' INT TERM
    fi
    apt-get update -qq
    # PostgreSQL first: dbconfig-common creates the database while tt-rss is configured.
    apt-get install -y -qq --no-install-recommends postgresql
    was_online=0; ! db_online || was_online=1
    db_start
    # pgsql over TCP to localhost with a password (what tt-rss uses), admin steps as postgres
    # over its socket (ident). The preseeded self_url_path is lost on first install, hence `setup`.
    debconf-set-selections <<'EOF'
tt-rss tt-rss/dbconfig-install boolean true
tt-rss tt-rss/database-type select pgsql
tt-rss tt-rss/pgsql/method select TCP/IP
tt-rss tt-rss/remote/host select localhost
tt-rss tt-rss/remote/newhost string localhost
tt-rss tt-rss/pgsql/authmethod-admin select ident
tt-rss tt-rss/pgsql/authmethod-user select password
tt-rss tt-rss/pgsql/admin-user string postgres
tt-rss tt-rss/db/app-user string ttrss@localhost
tt-rss tt-rss/db/dbname string ttrss
tt-rss tt-rss/pgsql/app-pass password ttrss-fixture-pw
tt-rss tt-rss/app-password-confirm password ttrss-fixture-pw
tt-rss tt-rss/reconfigure-webserver multiselect
tt-rss tt-rss/self_url_path string http://127.0.0.1/
EOF
    # tt-rss recommends a web server; `libapache2-mod-php8.2-` keeps apt from picking apache
    # for the php alternatives. The tests serve tt-rss with `php -S`.
    apt-get install -y -qq --no-install-recommends tt-rss dbconfig-pgsql php-pgsql php-curl libapache2-mod-php8.2-
    [ $was_online = 1 ] || db_stop
    after=$(public_listeners)
    if [ "$after" != "$before" ]; then
        echo "tt-rss fixture: the install left a listener on a non-loopback address:" >&2
        echo "$after" >&2; exit 1
    fi
    is_installed || { echo "tt-rss fixture: the install did not complete" >&2; exit 1; }
}

psql_ttrss() {   # as the tt-rss database owner, with the password dbconfig-common generated
    pw=$(sed -n "s/^\$dbpass='\(.*\)';$/\1/p" /etc/tt-rss/database.php)
    PGPASSWORD=$pw PGOPTIONS='-c client_min_messages=warning' \
        psql -q -X -h 127.0.0.1 -U ttrss -d ttrss -v ON_ERROR_STOP=1 "$@"
}

do_setup() {
    [ -e /etc/tt-rss/database.php ] && [ -e "$SCHEMA" ] ||
        { echo "tt-rss is not installed: run 'make test' or, as root, '$0 install'" >&2; exit 1; }
    db_start
    grep -q "'SELF_URL_PATH', 'http://127.0.0.1/'" /etc/tt-rss/config.php ||
        sed -i "s|define('SELF_URL_PATH', '.*');|define('SELF_URL_PATH', 'http://127.0.0.1/');|" /etc/tt-rss/config.php
    # The schema starts with DROP TABLE IF EXISTS, so loading it again is a full reset. As the
    # owner role: loaded as postgres, the tables would belong to the wrong role.
    # Then what Preferences > "Enable API" writes: get_pref() reads only ttrss_user_prefs.
    psql_ttrss -f "$SCHEMA" \
        -c "INSERT INTO ttrss_user_prefs (owner_uid, pref_name, value) VALUES (1, 'ENABLE_API_ACCESS', 'true')"
}

[ "$(id -u)" = 0 ] || { echo "$0 must run as root" >&2; exit 1; }
command=${1:-}
[ $# = 0 ] || shift
case "$command" in
    install)  do_install ;;
    db-start) db_start ;;
    db-stop)  db_stop ;;
    setup)    do_setup ;;
    sql)      psql_ttrss "$@" ;;
    *) sed -n '2,13p' "$0" >&2; exit 2 ;;
esac
