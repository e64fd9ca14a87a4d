#!/usr/bin/env bash
# Installs the Standard Webhooks reference library (standardwebhooks, from PyPI) into a virtual environment under
# .build/, for the tests' webhook receiver (scripts/webhook-receiver.py), which checks every signature the server
# sends with code this project did not write.
set -euo pipefail
exec "$(dirname "$0")/ensure-pypi-venv.sh" .build/webhooks-venv standardwebhooks 1.1.0
