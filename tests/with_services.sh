#!/usr/bin/env bash
# Run a command with the PostgreSQL and Redis the test suite needs, then stop them.
#
# DATABASE_URL set: that database is used. Otherwise a throwaway PostgreSQL cluster is
# created in a temporary folder from the installed server binaries (as the `postgres` user
# when running as root; PostgreSQL refuses to run as root) with fsync off.
# REDIS_URL set: that Redis is used. Otherwise Debian's redis-server is started on a free
# port (installed with apt first when missing and running as root).
# Whatever was started is stopped on exit, also when the command fails.
set -euo pipefail

log() { printf 'with_services: %s\n' "$*" >&2; }

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

as_root() { [ "$(id -u)" -eq 0 ]; }

workdir=$(mktemp -d "${TMPDIR:-/tmp}/ginrummy-services.XXXXXX")
chmod 755 "$workdir"
pg_bin=""
pg_data=""
redis_pidfile=""

cleanup() {
  status=$?
  if [ -n "$pg_data" ] && [ -f "$pg_data/postmaster.pid" ]; then
    run_pg "$pg_bin/pg_ctl" -D "$pg_data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if [ -n "$redis_pidfile" ] && [ -f "$redis_pidfile" ]; then
    kill "$(cat "$redis_pidfile")" 2>/dev/null || true
  fi
  rm -rf "$workdir"
  exit $status
}
trap cleanup EXIT INT TERM

run_pg() {
  if as_root; then runuser -u postgres -- "$@"; else "$@"; fi
}

start_postgres() {
  pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$pg_bin" ] && command -v pg_config >/dev/null; then pg_bin=$(pg_config --bindir); fi
  if [ -z "$pg_bin" ] || [ ! -x "$pg_bin/initdb" ]; then
    if as_root; then
      log "installing PostgreSQL with apt"
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
      pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    else
      log "PostgreSQL server binaries not found; install postgresql or set DATABASE_URL"; exit 1
    fi
  fi
  if as_root; then chown postgres "$workdir"; fi
  pg_data="$workdir/pg"
  local port; port=$(free_port)
  run_pg "$pg_bin/initdb" -D "$pg_data" -U postgres --auth=trust -E UTF8 --no-sync >/dev/null
  run_pg "$pg_bin/pg_ctl" -D "$pg_data" -l "$workdir/pg.log" -w -t 30 start -o \
    "-p $port -k $workdir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null \
    || { cat "$workdir/pg.log" >&2; exit 1; }
  run_pg "$pg_bin/createdb" -h 127.0.0.1 -p "$port" -U postgres ginrummy
  export DATABASE_URL="postgres://postgres@127.0.0.1:$port/ginrummy"
  log "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on port $port"
}

start_redis() {
  if ! command -v redis-server >/dev/null; then
    if as_root; then
      log "installing redis-server with apt"
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
    else
      log "redis-server not found; install it or set REDIS_URL"; exit 1
    fi
  fi
  local port; port=$(free_port)
  redis_pidfile="$workdir/redis.pid"
  redis-server --daemonize yes --port "$port" --bind 127.0.0.1 --save '' --appendonly no \
    --databases 128 \
    --dir "$workdir" --pidfile "$redis_pidfile" --logfile "$workdir/redis.log"
  for _ in $(seq 1 50); do
    redis-cli -p "$port" ping >/dev/null 2>&1 && break
    sleep 0.1
  done
  export REDIS_URL="redis://127.0.0.1:$port/0"
  log "Redis on port $port"
}

[ -n "${DATABASE_URL:-}" ] || start_postgres
[ -n "${REDIS_URL:-}" ] || start_redis

"$@"
