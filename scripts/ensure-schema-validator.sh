#!/usr/bin/env bash
# Installs jsonschema and PyYAML (from PyPI) into a virtual environment under .build/, for scripts/validate-json.py,
# which checks a document the server sends (a webhook's notice) against its schema in openapi.yaml with a validator
# this project did not write.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-pypi-venv.sh .build/schema-venv jsonschema 4.25.1
exec scripts/ensure-pypi-venv.sh .build/schema-venv PyYAML 6.0.3
