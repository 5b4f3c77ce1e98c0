#!/usr/bin/env bash
# Installs everything tabletop needs into ./.venv (idempotent; quiet when up to date).
# Sourced by scripts/play and scripts/test, which are the two commands in the README.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  echo "creating .venv with $($PYTHON --version)" >&2
  "$PYTHON" -m venv .venv
fi
stamp=.venv/.tabletop-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ setup.py -nt "$stamp" ]; then
  echo "installing tabletop and its dependencies into .venv (a few minutes the first time)" >&2
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".[all]"
  touch "$stamp"
fi
# The browser client serves its own Japanese web font (Noto Sans JP from the npm
# package @fontsource/noto-sans-jp, pinned in src/tabletop/web/fonts/package-lock.json),
# so Japanese never shows as empty boxes on a machine without CJK fonts.
fonts=src/tabletop/web/fonts
if [ ! -f "$fonts/node_modules/.package-lock.json" ] || [ "$fonts/package-lock.json" -nt "$fonts/node_modules/.package-lock.json" ]; then
  if command -v npm >/dev/null 2>&1; then
    echo "installing the web font (npm ci in $fonts)" >&2
    npm ci --prefix "$fonts" --no-audit --no-fund --loglevel=error >&2
  else
    echo "warning: npm is missing, so the page's Japanese web font is not installed (apt-get install -y npm)" >&2
  fi
fi
# The engine's hot modules are compiled with mypyc (src/tabletop/compiled.py); rebuild
# them when a source changed since (TABLETOP_PURE_PYTHON=1 skips compiling).
if ! .venv/bin/python -W ignore -m tabletop.compiled; then
  echo "compiling the engine's hot modules (tabletop.compiled)" >&2
  .venv/bin/python -m pip install --quiet --no-deps -e .
fi
