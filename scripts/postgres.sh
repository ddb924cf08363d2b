#!/usr/bin/env bash
# Starts a PostgreSQL server for kombat's tests on 127.0.0.1 and prints, on stdout, the
# line that points the tests at it:
#
#   eval "$(scripts/postgres.sh)"        # exports KOMBAT_TEST_POSTGRES=postgres://...
#   go test ./store                      # the store's suite on SQLite, then on PostgreSQL
#   scripts/postgres.sh stop             # stops the server (its files stay for the next start)
#
# It installs Debian's postgresql package when no server is installed (as root, or
# through sudo), keeps the cluster in $KOMBAT_PG_DIR (default /tmp/kombat-postgres-UID),
# runs the server as the postgres system user when started by root (PostgreSQL refuses
# to run as root), and picks a free port from 55432 up. Running it again reuses the
# server it started. Anyone on this machine may connect to it without a password: it
# is for tests only.
set -euo pipefail

dir=${KOMBAT_PG_DIR:-/tmp/kombat-postgres-$(id -u)}
db=kombat_test
say() { echo "postgres.sh: $*" >&2; }

bindir() {
	local d
	d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
	[ -n "$d" ] && [ -x "$d/initdb" ] && echo "$d"
}

if ! bin=$(bindir); then
	say "installing PostgreSQL from Debian's packages"
	sudo=
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	$sudo apt-get update -qq >&2
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends postgresql >&2
	bin=$(bindir) || { say "no initdb after installing postgresql"; exit 1; }
fi

# as runs a PostgreSQL program as the user the server runs as.
as() {
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

if [ "${1:-}" = stop ]; then
	if [ -f "$dir/data/postmaster.pid" ]; then
		as "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2
	fi
	exit 0
fi

mkdir -p "$dir"
[ "$(id -u)" -ne 0 ] || chown postgres: "$dir"
if [ ! -f "$dir/data/PG_VERSION" ]; then
	say "creating a cluster in $dir/data"
	as "$bin/initdb" -D "$dir/data" -U kombat --auth=trust --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1 ||
		{ cat "$dir/initdb.log" >&2; exit 1; }
fi

if ! as "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
	port=55432
	while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
		port=$((port + 1))
	done
	say "starting the server on 127.0.0.1:$port (log: $dir/server.log)"
	as "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
		-o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start >&2 ||
		{ tail -n 20 "$dir/server.log" >&2; exit 1; }
	echo "$port" >"$dir/port"
fi
port=$(cat "$dir/port")

psql=("$bin/psql" -h 127.0.0.1 -p "$port" -U kombat -X -q -v ON_ERROR_STOP=1)
if [ -z "$("${psql[@]}" -d postgres -Atc "SELECT 1 FROM pg_database WHERE datname = '$db'")" ]; then
	"${psql[@]}" -d postgres -c "CREATE DATABASE $db" >&2
fi
echo "export KOMBAT_TEST_POSTGRES='postgres://kombat@127.0.0.1:$port/$db?sslmode=disable'"
