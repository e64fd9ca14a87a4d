#!/usr/bin/env bash
# Installs the Standard Webhooks reference library (standardwebhooks, from PyPI) into a virtual environment under
# .build/, for the tests' webhook receiver (scripts/webhook-receiver.py), which checks every signature the server
# sends with code this project did not write.
set -euo pipefail
cd "$(dirname "$0")/.."
version=1.1.0
venv=.build/webhooks-venv
if "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('standardwebhooks') != '$version')" 2>/dev/null; then
  exit 0
fi
echo "Installing standardwebhooks $version into $venv ..." >&2
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "standardwebhooks==$version"
