#!/usr/bin/env bash
# Installs what the tests of the claims handlers' pages drive a real browser with: Chromium and its WebDriver
# (Debian's chromium and chromium-driver), and Selenium (from PyPI) in a virtual environment under .build/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-system-packages.sh cmd:chromium:chromium cmd:chromedriver:chromium-driver
exec scripts/ensure-pypi-venv.sh .build/browser-venv selenium 4.38.0
