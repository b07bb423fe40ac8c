#!/usr/bin/env bash
# Installs the Debian packages Uplus needs on this machine (Debian 12).
# Idempotent: when everything is present it changes nothing and returns in well under a second.
#
#   chromium, fonts-noto-cjk   Playwright end-to-end tests (Debian's browser; CJK fonts for screenshots)
#   bubblewrap, tini, util-linux, gcc, g++, a JDK, python3
#                              the code-execution sandbox and its toolchains
#   postgresql                 the distributed mode and the PostgreSQL half of the API tests
#
# Usage: bash scripts/setup-system.sh            (as root, or with sudo available)
set -euo pipefail

log() { printf '[setup-system] %s\n' "$*" >&2; }

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo -n)
  else
    log "not root and no sudo: cannot install Debian packages"
    exit 1
  fi
fi

# A package counts as present when dpkg reports it installed.
installed() {
  dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null | grep -qx installed
}

missing=()
need_pkg() { installed "$1" || missing+=("$1"); }

need_pkg chromium
need_pkg fonts-noto-cjk
need_pkg bubblewrap
need_pkg tini
need_pkg util-linux
need_pkg gcc
need_pkg g++
need_pkg python3

# Any JDK already present (javac on PATH) is good enough; otherwise Debian's default one.
if ! command -v javac >/dev/null 2>&1; then
  missing+=(default-jdk-headless)
fi

# PostgreSQL: the server binaries and the cluster tools.
if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  missing+=(postgresql)
fi

if [ "${#missing[@]}" -eq 0 ]; then
  log "all system packages present"
  exit 0
fi

log "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
log "done"
