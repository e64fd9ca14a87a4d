#!/usr/bin/env bash
# Installs what the tests check a sealed PDF with, written by others: poppler's pdfsig (Debian poppler-utils, with
# NSS's certutil from libnss3-tools for the certificate database pdfsig reads) and
# pyHanko (PyPI, in a virtual environment under .build/, with its command-line interface).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-system-packages.sh cmd:pdfsig:poppler-utils cmd:certutil:libnss3-tools
exec scripts/ensure-pypi-venv.sh .build/pyhanko-venv pyHanko 0.38.0
