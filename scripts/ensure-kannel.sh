#!/usr/bin/env bash
# Installs the Kannel SMS gateway (bearerbox, smsbox) and its test tools (fakesmsc, the fake SMS centre, from
# kannel-extras) with apt when either is missing, for the tests that start a gateway of their own through
# scripts/kannel-gateway.sh. The tests start and stop the boxes themselves, on free loopback ports.
#
# Debian's kannel package starts a system-wide bearerbox + wapbox from /etc/init.d/kannel when it is installed
# (listening on 13000, 13002 and UDP 9200-9208 on every interface). This script keeps that service from starting
# while it installs (a temporary policy-rc.d), and stops and disables it afterwards in case it started anyway.
set -euo pipefail

need_install() { # bearerbox and smsbox come with kannel, fakesmsc with kannel-extras
  command -v bearerbox >/dev/null 2>&1 || [ -x /usr/sbin/bearerbox ] || return 0
  [ -x /usr/lib/kannel/test/fakesmsc ] || return 0
  return 1
}

need_install || exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  as_root=()   # ensure-system-packages.sh explains what to install and exits
fi

# Keep invoke-rc.d (called by the package's postinst) from starting the service, unless the machine already has
# its own policy-rc.d, which we leave alone.
policy=/usr/sbin/policy-rc.d
own_policy=false
if [ ! -e "$policy" ] && { [ "$(id -u)" -eq 0 ] || [ ${#as_root[@]} -gt 0 ]; }; then
  printf '#!/bin/sh\n# temporary, from ensure-kannel.sh: start no services while packages install\nexit 101\n' \
    | "${as_root[@]}" tee "$policy" >/dev/null
  "${as_root[@]}" chmod 755 "$policy"
  own_policy=true
fi
cleanup() { if $own_policy; then "${as_root[@]}" rm -f "$policy"; fi; }
trap cleanup EXIT

# bearerbox is in /usr/sbin, which a non-root PATH may lack; check for the file unless it is on PATH.
requirements=(file:/usr/lib/kannel/test/fakesmsc:kannel-extras)
command -v bearerbox >/dev/null 2>&1 || requirements+=(file:/usr/sbin/bearerbox:kannel)
"$(dirname "$0")/ensure-system-packages.sh" "${requirements[@]}"

# Stop and disable the package's system-wide service; tolerate a machine without systemd or without the init script.
if [ -x /etc/init.d/kannel ]; then
  "${as_root[@]}" /etc/init.d/kannel stop >/dev/null 2>&1 || true
  "${as_root[@]}" update-rc.d kannel disable >/dev/null 2>&1 || true
  if [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
    "${as_root[@]}" systemctl disable --now kannel >/dev/null 2>&1 || true
  fi
fi
