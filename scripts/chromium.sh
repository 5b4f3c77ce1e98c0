#!/usr/bin/env bash
# Makes sure Debian's Chromium (and any extra Debian packages named as arguments) is
# installed: the browser tests drive /usr/bin/chromium and never download a browser.
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
