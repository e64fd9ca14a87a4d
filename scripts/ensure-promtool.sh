#!/usr/bin/env bash
# Installs Debian's prometheus package for its promtool (checking the metrics' exposition and the alert rules) when
# promtool is missing, without ever starting the Prometheus service the package brings: service starts are refused
# while it installs, and the service is disabled after.
set -euo pipefail
command -v promtool >/dev/null 2>&1 && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "promtool is needed: install Debian's prometheus package as root (apt-get install -y prometheus) and run make again." >&2
  exit 69
fi
echo "Installing promtool (Debian's prometheus package; its service is not started)"
policy=/usr/sbin/policy-rc.d
placed=no
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' > "$policy"
  chmod 755 "$policy"
  placed=yes
fi
# The script's exit status is the trap's when the script ends on its own: an `[ … ] && rm` would fail it.
cleanup() { if [ "$placed" = yes ]; then rm -f "$policy"; fi; }
trap cleanup EXIT
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends prometheus
if command -v systemctl >/dev/null 2>&1; then
  systemctl disable --now prometheus >/dev/null 2>&1 || true
fi
command -v promtool >/dev/null 2>&1
