#!/usr/bin/env bash
# Installs what Uplus and its tests need from Debian's packages (Debian 12), and makes sure PostgreSQL
# answers on 127.0.0.1:5432 with a database `test` for the PostgreSQL half of the API tests
# (scripts/ensure-postgres.sh). The README's first command and .ci/run both start with it.
# Idempotent: when everything is present it changes nothing and returns in well under a second.
#
#   chromium, fonts-noto-cjk   Playwright end-to-end tests (Debian's browser; CJK fonts for screenshots)
#   bubblewrap, tini, util-linux, gcc, g++, a JDK, python3
#                              the code-execution sandbox and its toolchains
#   postgresql                 the distributed mode and the PostgreSQL half of the API tests
#   nginx                      the proxy of `npm run cluster` and its test, which run their own nginx
#                              (where Debian starts services, it also starts its default site on port 80)
#
# Usage: bash scripts/setup-system.sh   (as root or with passwordless sudo; otherwise it says what is
# missing in one line and succeeds, so `npm ci && npm start` still run: the platform itself needs none)
# UPLUS_SETUP_POSTGRES=false leaves PostgreSQL alone (no cluster started, no database created).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
log() { printf '[setup-system] %s\n' "$*" >&2; }

# A package counts as present when dpkg reports it installed (one dpkg-query for all: this runs on every
# first command, so it must stay quick).
wanted=(chromium fonts-noto-cjk bubblewrap tini util-linux gcc g++ python3 nginx)
present="$(dpkg-query -W -f='${Package} ${db:Status-Status}\n' "${wanted[@]}" 2>/dev/null || true)"
missing=()
for pkg in "${wanted[@]}"; do
  grep -qx "$pkg installed" <<<"$present" || missing+=("$pkg")
done

# Any JDK already present (javac on PATH) is good enough; otherwise Debian's default one.
if ! command -v javac >/dev/null 2>&1; then
  missing+=(default-jdk-headless)
fi

# PostgreSQL: the server binaries and the cluster tools.
if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  missing+=(postgresql)
fi

postgres=true
[ "${UPLUS_SETUP_POSTGRES:-true}" = false ] && postgres=false
pg_answers() { psql -h 127.0.0.1 -p 5432 -U postgres -w -d test -Atqc 'select 1' >/dev/null 2>&1; }

# Root directly, through passwordless sudo, or not at all.
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
    as_root=(sudo -n)
  else
    todo=""
    [ "${#missing[@]}" -gt 0 ] && todo="Debian packages ${missing[*]}"
    if $postgres && ! pg_answers; then
      todo="${todo:+$todo and }PostgreSQL on 127.0.0.1:5432 with a database test"
    fi
    if [ -z "$todo" ]; then
      log "all system packages present"
    else
      log "skipped (not root, no passwordless sudo): missing $todo; as root run: bash scripts/setup-system.sh"
    fi
    exit 0
  fi
fi

if [ "${#missing[@]}" -eq 0 ]; then
  log "all system packages present"
else
  log "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  log "done"
fi

if $postgres; then
  "${as_root[@]}" bash "$here/ensure-postgres.sh"
fi
