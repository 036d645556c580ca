#!/usr/bin/env bash
# Back up the database while games go on: pg_dump in its custom format (compressed, restored
# table by table with pg_restore). pg_dump reads one consistent snapshot (a single
# repeatable-read transaction), so every game and its move log agree in the file as they did
# at that instant; it takes only ACCESS SHARE locks, so players keep playing.
#
#   make backup                          # DATABASE_URL from the environment, else from .env
#   BACKUP_DIR=/srv/backups make backup  # where the file goes (default: backups/)
#   docker compose --profile ops run --rm backup   # the same, inside the compose network
#
# Prints the file it wrote, backups/ginrummy-<UTC time>.dump, once pg_restore has read its
# table of contents back. What a restore loses, and point-in-time recovery: docs/operations.md.
set -euo pipefail
cd "$(dirname "$0")/.."

url="${DATABASE_URL:-}"
if [ -z "$url" ] && [ -f .env ]; then
  url=$(sed -n 's/^DATABASE_URL=//p' .env | tail -n 1)
fi
case "$url" in
  postgres://* | postgresql://* | pgsql://* | psql://*) url="postgresql://${url#*://}" ;;
  "") echo "backup: set DATABASE_URL (postgres://user:password@host:5432/database)" >&2; exit 2 ;;
  *) echo "backup: DATABASE_URL is not PostgreSQL; copy the SQLite file instead" >&2; exit 2 ;;
esac

dir="${BACKUP_DIR:-backups}"
mkdir -p "$dir"
file="$dir/ginrummy-$(date -u +%Y%m%dT%H%M%SZ).dump"
trap 'rm -f "$file.partial"' EXIT
pg_dump --format=custom --compress=6 --file="$file.partial" "$url"
pg_restore --list "$file.partial" >/dev/null  # the archive reads back whole
mv "$file.partial" "$file"
echo "$file ($(du -h "$file" | cut -f1))"
