#!/usr/bin/env bash
# Installs the Debian packages the build needs, but only those whose library or command is missing.
# Each argument is KIND:NAME:PACKAGE, where KIND is
#   pc   NAME is a pkg-config module (e.g. pc:sqlite3:libsqlite3-dev)
#   cmd  NAME is a command on PATH   (e.g. cmd:pkg-config:pkg-config)
#   file NAME is an absolute path that must exist (e.g. file:/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:fonts-dejavu-core)
set -euo pipefail

missing=()
for requirement in "$@"; do
  IFS=: read -r kind name package <<<"$requirement"
  case "$kind" in
    pc)  pkg-config --exists "$name" 2>/dev/null || missing+=("$package") ;;
    cmd) command -v "$name" >/dev/null 2>&1 || missing+=("$package") ;;
    file) [ -e "$name" ] || missing+=("$package") ;;
    *)   echo "ensure-system-packages: unknown kind '$kind' in '$requirement' (use pc, cmd or file)" >&2; exit 64 ;;
  esac
done

[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing system packages: ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "These packages are needed: ${missing[*]}. Install them as root (apt-get install -y ${missing[*]}) and run make again." >&2
  exit 69
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq "${missing[@]}"
