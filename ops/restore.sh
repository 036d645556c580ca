#!/usr/bin/env bash
# Restore a backup made by ops/backup.sh into an empty database (a fresh cluster, or a new
# database beside the old one), in one transaction: all of it or nothing.
#
#   createdb ginrummy_restored
#   DATABASE_URL=postgres://user:password@host:5432/ginrummy_restored \
#     make restore BACKUP=backups/ginrummy-20261201T120000Z.dump
#
# Then point the services' DATABASE_URL at it and run `python manage.py migrate` (code newer
# than the backup) and `python manage.py verify_games` (every game replays to its snapshot).
# Redis needs nothing: the sweeper queues again whatever computer turn or turn timer was due.
set -euo pipefail
cd "$(dirname "$0")/.."

file="${1:?usage: ops/restore.sh BACKUP_FILE}"
[ -f "$file" ] || { echo "restore: no such file: $file" >&2; exit 2; }
url="${DATABASE_URL:-}"
if [ -z "$url" ] && [ -f .env ]; then
  url=$(sed -n 's/^DATABASE_URL=//p' .env | tail -n 1)
fi
case "$url" in
  postgres://* | postgresql://* | pgsql://* | psql://*) url="postgresql://${url#*://}" ;;
  *) echo "restore: set DATABASE_URL to the empty PostgreSQL database to restore into" >&2; exit 2 ;;
esac

tables=$(psql "$url" -Atc "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
if [ "$tables" != "0" ]; then
  echo "restore: the database already has $tables tables; restore into an empty one" >&2
  exit 2
fi
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction \
  --dbname="$url" "$file"
echo "restored $file; next: python manage.py migrate && python manage.py verify_games"
