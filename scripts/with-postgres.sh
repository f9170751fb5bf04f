#!/usr/bin/env bash
# Run a command with DATABASE_URL pointing at a throw-away PostgreSQL server on a free loopback port.
# Installs Debian's postgresql package when no server binaries are found; stops and removes the server after.
# Usage: bash scripts/with-postgres.sh <command...>
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
BIN="$(find_bin)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "== installing PostgreSQL (Debian package)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  BIN="$(find_bin)"
fi

PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
DIR="$(mktemp -d /tmp/ferry-pg.XXXXXX)"
RUN_AS=()
if [ "$(id -u)" = 0 ]; then
  # PostgreSQL refuses to run as root.
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$DIR"
  RUN_AS=(runuser -u postgres --)
fi
stop() {
  "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT

"${RUN_AS[@]}" "$BIN/initdb" -D "$DIR/data" -U ferry --auth=trust -E UTF8 >/dev/null
"${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
"$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U ferry ferry_test
echo "== PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"

export DATABASE_URL="postgres://ferry@127.0.0.1:$PORT/ferry_test"
"$@"
