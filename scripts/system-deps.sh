#!/usr/bin/env bash
# The system programs the test suite runs for real: redis-server (cache and fault tests), a
# headless Chromium (the playground's browser tests) and Node.js with npm (the generated
# TypeScript client is type-checked with tsc). Installs the missing ones with apt-get when
# it can (as root on Debian or Ubuntu); otherwise says what to install and fails.
set -euo pipefail
missing=()
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
  || [ -n "${ARBITER_CHROMIUM:-}" ] || missing+=(chromium)
command -v node >/dev/null 2>&1 || missing+=(nodejs)
command -v npm >/dev/null 2>&1 || missing+=(npm)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing ${missing[*]} with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi
echo "make test needs ${missing[*]} on PATH and cannot install them here (not root, or no apt-get)." >&2
echo "Install them (Debian/Ubuntu: sudo apt-get install ${missing[*]}); for Chromium, ARBITER_CHROMIUM" >&2
echo "may instead name a Chromium or Chrome executable." >&2
exit 1
