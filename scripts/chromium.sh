#!/usr/bin/env bash
# Makes sure Debian's Chromium (and any extra Debian packages named as arguments) is
# installed: the browser tests drive /usr/bin/chromium and never download a browser.
# Then installs axe-core from npm for the accessibility tests (below).
# Idempotent and quiet when everything is there; uses sudo only when not root.
# Sourced or run by scripts/test and scripts/screenshots.
chromium_packages=(chromium "$@")
chromium_missing=()
for chromium_pkg in "${chromium_packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$chromium_pkg" 2>/dev/null | grep -q "install ok installed"; then
    chromium_missing+=("$chromium_pkg")
  fi
done
if [ "${#chromium_missing[@]}" -gt 0 ]; then
  if command -v apt-get >/dev/null; then
    chromium_sudo=()
    [ "$(id -u)" -ne 0 ] && chromium_sudo=(sudo)
    echo "installing ${chromium_missing[*]} from Debian for the browser tests" >&2
    if ! { "${chromium_sudo[@]}" apt-get update -qq >/dev/null &&
        "${chromium_sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
          apt-get install -y -qq --no-install-recommends "${chromium_missing[@]}" >/dev/null; }; then
      echo "could not install ${chromium_missing[*]}: the browser tests will fail" >&2
    fi
  else
    echo "no apt-get here: install Chromium at /usr/bin/chromium for the browser tests" >&2
  fi
fi
# axe-core for the browser tests' accessibility checks (tests/web/a11y.py), pinned in
# tests/web/axe/package-lock.json; without it those tests fail with this command
chromium_axe="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/tests/web/axe"
if [ ! -f "$chromium_axe/node_modules/.package-lock.json" ] || [ "$chromium_axe/package-lock.json" -nt "$chromium_axe/node_modules/.package-lock.json" ]; then
  if command -v npm >/dev/null 2>&1; then
    echo "installing axe-core (npm ci in $chromium_axe)" >&2
    npm ci --prefix "$chromium_axe" --no-audit --no-fund --loglevel=error >&2
  else
    echo "npm is missing, so axe-core is not installed: the accessibility tests will fail (apt-get install -y npm)" >&2
  fi
fi
