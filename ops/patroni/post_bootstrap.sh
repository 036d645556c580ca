#!/bin/sh
# Run once by Patroni on the node that creates the cluster, with a connection string to it:
# the service's own role and database (it never connects as the superuser).
set -eu
psql "$1" -v ON_ERROR_STOP=1 \
  -v user="${POSTGRES_USER:-ginrummy}" -v password="${POSTGRES_PASSWORD:?}" \
  -v db="${POSTGRES_DB:-ginrummy}" <<'SQL'
CREATE ROLE :"user" LOGIN PASSWORD :'password';
CREATE DATABASE :"db" OWNER :"user";
SQL
