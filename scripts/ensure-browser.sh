#!/usr/bin/env bash
# Installs what the tests of the claims handlers' pages drive a real browser with: Chromium and its WebDriver
# (Debian's chromium and chromium-driver), and Selenium (from PyPI) in a virtual environment under .build/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-system-packages.sh cmd:chromium:chromium cmd:chromedriver:chromium-driver
version=4.38.0
venv=.build/browser-venv
if "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('selenium') != '$version')" 2>/dev/null; then
  exit 0
fi
echo "Installing selenium $version into $venv ..." >&2
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "selenium==$version"
