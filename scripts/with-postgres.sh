#!/usr/bin/env bash
# Run a command with DATABASE_URL pointing at a throw-away PostgreSQL server on a free loopback port.
# Installs Debian's postgresql package when no server binaries are found; stops and removes the server after.
# Usage: bash scripts/with-postgres.sh <command...>
set -euo pipefail

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
# npm test starts two of these at once: one installs (and makes the postgres user) while the other waits.
exec 9>/tmp/ferry-with-postgres.lock
flock 9
BIN="$(find_bin)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  echo "== installing PostgreSQL (Debian package)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
  BIN="$(find_bin)"
fi

# A free port below the kernel's ephemeral range, as src/testing/free-port.ts picks them: a port from listen(0)
# may become an outgoing connection's source port (the first pass makes many) before the server binds it.
PORT="$(node -e '
const net = require("net"), fs = require("fs");
let low = 32768;
try { low = Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || low; } catch {}
const floor = Math.min(10000, low - 1000);
const attempt = (left) => {
  const s = net.createServer();
  s.once("error", () => (left > 0 ? attempt(left - 1) : process.exit(1)));
  s.listen(left > 0 ? floor + Math.floor(Math.random() * (low - floor)) : 0, "127.0.0.1", () => {
    console.log(s.address().port);
    s.close();
  });
};
attempt(50);
')"
DIR="$(mktemp -d /tmp/ferry-pg.XXXXXX)"
RUN_AS=()
if [ "$(id -u)" = 0 ]; then
  # PostgreSQL refuses to run as root.
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$DIR"
  RUN_AS=(runuser -u postgres --)
fi
flock -u 9
exec 9>&-
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
