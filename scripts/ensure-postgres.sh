#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 with trust authentication for the user
# `postgres`, and that the database `test` exists. Installs PostgreSQL (through setup-system.sh) when the
# machine has none, creates and starts a cluster when none runs. Changes nothing when all is in place.
#
# Usage: bash scripts/ensure-postgres.sh   (as root)
# UPLUS_PG_PORT and UPLUS_PG_CLUSTER (defaults 5432 and main) exist to try this script on a spare cluster.
set -euo pipefail
port="${UPLUS_PG_PORT:-5432}"
cluster="${UPLUS_PG_CLUSTER:-main}"

log() { printf '[ensure-postgres] %s\n' "$*" >&2; }
here="$(cd "$(dirname "$0")" && pwd)"

as_postgres() { runuser -u postgres -- "$@"; }
tcp_ok() { psql -h 127.0.0.1 -p "$port" -U postgres -w -d postgres -Atqc 'select 1' >/dev/null 2>&1; }

# The usual case, in one round trip: the server answers over TCP as postgres and the database exists.
if psql -h 127.0.0.1 -p "$port" -U postgres -w -d test -Atqc 'select 1' >/dev/null 2>&1; then
  log "PostgreSQL ready at 127.0.0.1:$port (database test)"
  exit 0
fi

if tcp_ok; then
  :
else
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    log "PostgreSQL is not installed: installing it"
    bash "$here/setup-system.sh"
  fi

  # The newest installed major version.
  version="$(ls /usr/lib/postgresql | sort -n | tail -1)"
  if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$version $cluster"; then
    log "creating cluster $version/$cluster"
    pg_createcluster --port "$port" "$version" "$cluster" >/dev/null
  fi

  status="$(pg_lsclusters -h | awk -v v="$version" -v c="$cluster" '$1 == v && $2 == c {print $4}')"
  if [ "$status" != "online" ]; then
    log "starting cluster $version/$cluster"
    pg_ctlcluster --skip-systemctl-redirect "$version" "$cluster" start
  fi

  for _ in $(seq 1 60); do
    pg_isready -q -h /var/run/postgresql -p "$port" && break
    sleep 0.5
  done

  # Tests connect as postgres over TCP without a password: allow exactly that, from loopback only.
  if ! tcp_ok; then
    hba="$(as_postgres psql -p "$port" -Atqc 'show hba_file')"
    if ! grep -qE '^host[[:space:]]+all[[:space:]]+postgres[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
      log "allowing trust authentication for postgres from 127.0.0.1 in $hba"
      tmp="$(mktemp)"
      { echo 'host all postgres 127.0.0.1/32 trust'; cat "$hba"; } >"$tmp"
      cat "$tmp" >"$hba"
      rm -f "$tmp"
      as_postgres psql -p "$port" -Atqc 'select pg_reload_conf()' >/dev/null
      sleep 0.5
    fi
  fi

  if ! tcp_ok; then
    log "PostgreSQL does not answer on 127.0.0.1:$port as postgres without a password"
    exit 1
  fi
fi

if [ "$(psql -h 127.0.0.1 -p "$port" -U postgres -w -d postgres -Atqc "select 1 from pg_database where datname = 'test'")" != "1" ]; then
  log "creating database test"
  psql -h 127.0.0.1 -p "$port" -U postgres -w -d postgres -qc 'create database test' >/dev/null
fi
log "PostgreSQL ready at 127.0.0.1:$port (database test)"
