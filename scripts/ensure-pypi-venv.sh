#!/usr/bin/env bash
# Installs one package from PyPI, at one version, into a virtual environment under .build/ (made when missing);
# does nothing when that version is there already.
# Usage: scripts/ensure-pypi-venv.sh VENV PACKAGE VERSION
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$1 package=$2 version=$3
if "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('$package') != '$version')" 2>/dev/null; then
  exit 0
fi
echo "Installing $package $version into $venv ..." >&2
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "$package==$version"
