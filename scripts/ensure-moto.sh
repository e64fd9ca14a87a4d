#!/usr/bin/env bash
# Makes sure the local S3 stand-in the server's S3 tests start (moto_server, from PyPI's moto[server]) is
# installed: does nothing when moto_server is on PATH or in pyenv's shims, else installs it with pip for the
# current user. The tests find it through MOTO_SERVER, PATH or ~/.pyenv/shims.
set -euo pipefail

found() {
  [ -n "${MOTO_SERVER:-}" ] && [ -x "$MOTO_SERVER" ] && return 0
  command -v moto_server >/dev/null 2>&1 && return 0
  [ -x "$HOME/.pyenv/shims/moto_server" ] && return 0
  return 1
}

found && exit 0

if command -v python3 >/dev/null 2>&1; then
  python=python3
elif command -v python >/dev/null 2>&1; then
  python=python
else
  echo "ensure-moto: Python 3 is needed to install moto[server] (the S3 stand-in the tests use); install python3 and pip." >&2
  exit 69
fi

echo "Installing moto[server] (the S3 stand-in for the server's tests) with pip"
if ! "$python" -m pip install --user --quiet "moto[server]"; then
  # A Python managed by the system refuses --user installs without this flag (PEP 668).
  "$python" -m pip install --user --quiet --break-system-packages "moto[server]"
fi
command -v pyenv >/dev/null 2>&1 && pyenv rehash || true

if ! found && [ ! -x "$HOME/.local/bin/moto_server" ]; then
  echo "ensure-moto: moto[server] was installed but moto_server is not on PATH; add $HOME/.local/bin to PATH." >&2
  exit 69
fi
