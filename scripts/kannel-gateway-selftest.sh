#!/usr/bin/env bash
# Checks scripts/kannel-gateway.sh end to end: starts a gateway in a temporary directory, a DLR receiver (a tiny
# python3 http.server on a free loopback port that logs each request path), sends
#   (a) a short GSM-7 text, (b) a UCS-2 text with non-GSM characters, (c) a GSM-7 text longer than 160 characters,
# shows what the fake SMS centre received (fakesmsc.out, raw and decoded) and the DLR callbacks, then takes the
# gateway down (stop-bearerbox), shows how sendsms fails, brings it back (start-bearerbox) and sends again.
# Exits non-zero if anything is not as expected. KEEP=1 keeps the temporary directory.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
gateway=$here/kannel-gateway.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/kannel-selftest.XXXXXX")
dlr_pid=
failed=0

cleanup() {
  local status=$?
  [ "$status" = 0 ] || failed=1
  "$gateway" stop "$work" || true
  if [ -n "$dlr_pid" ]; then kill "$dlr_pid" 2>/dev/null || true; fi
  if [ "${KEEP:-0}" = 1 ] || [ "$failed" != 0 ]; then
    echo "(kept $work)" >&2
  else
    rm -rf "$work"
  fi
}
trap cleanup EXIT

fail() { echo "FAIL: $*" >&2; failed=1; exit 1; }

# ---- gateway ----
started=$(date +%s.%N)
line=$("$gateway" start "$work")
echo "start took $(python3 -c "import time; print(f'{time.time() - $started:.2f}')")s: $line"
eval "$line"   # sendsms_port, admin_port, smsc_port, smsbox_port, user, password, admin_password

# ---- DLR receiver: binds port 0 itself and writes the port it got, so there is no race ----
python3 - "$work/dlr-port" "$work/dlr.log" <<'EOF' &
import http.server, sys
port_file, log_file = sys.argv[1], sys.argv[2]
log = open(log_file, "a", buffering=1)
class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        log.write(self.path + "\n")
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"OK")
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
with open(port_file + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
import os; os.rename(port_file + ".tmp", port_file)
server.serve_forever()
EOF
dlr_pid=$!
for _ in $(seq 100); do [ -s "$work/dlr-port" ] && break; sleep 0.05; done
dlr_port=$(cat "$work/dlr-port")
: >"$work/dlr.log"

# ---- helpers ----
# sendsms ID TO TEXT [EXTRA-QUERY]: prints "HTTP <status> <body>" or "ERROR <reason>"; the DLR URL carries ID.
sendsms() {
  python3 - "$sendsms_port" "$user" "$password" "$dlr_port" "$@" <<'EOF'
import sys, urllib.parse, urllib.request, urllib.error
port, user, password, dlr_port, msg_id, to, text = sys.argv[1:8]
extra = sys.argv[8] if len(sys.argv) > 8 else ""
# Kannel replaces %d (DLR type), %A (SMSC answer), %p (the SMS's receiver), %P (its sender), %T (unix time),
# %F (foreign = SMSC message id), %I (Kannel's internal id of the DLR message), %i (smsc-id) when it calls the URL.
dlr_url = (f"http://127.0.0.1:{dlr_port}/dlr?id={msg_id}"
           "&type=%d&answer=%A&to=%p&from=%P&ts=%T&smsc_msgid=%F&internal=%I&smsc=%i")
query = urllib.parse.urlencode({"username": user, "password": password, "from": "CrashAsst", "to": to,
                                "text": text, "dlr-mask": "31", "dlr-url": dlr_url})
if extra:
    query += "&" + extra
url = f"http://127.0.0.1:{port}/cgi-bin/sendsms?{query}"
try:
    with urllib.request.urlopen(url, timeout=10) as r:
        print(f"HTTP {r.status} {r.read().decode()}")
except urllib.error.HTTPError as e:
    print(f"HTTP {e.code} {e.read().decode()}")
except urllib.error.URLError as e:
    print(f"ERROR {e.reason}")
EOF
}

# Waits until fakesmsc.out has N "Got message" lines.
wait_messages() {
  local want=$1
  for _ in $(seq 100); do
    [ "$(grep -c 'Got message' "$work/fakesmsc.out" || true)" -ge "$want" ] && return 0
    sleep 0.1
  done
  fail "expected $want messages in $work/fakesmsc.out, got $(grep -c 'Got message' "$work/fakesmsc.out" || true)"
}

# Waits until the DLR log has, for message ID, the DLR types given (e.g. "1 8").
wait_dlrs() {
  local id=$1 want=$2 got
  for _ in $(seq 100); do
    got=$({ grep "id=$id&" "$work/dlr.log" || true; } | sed 's/.*&type=\([0-9]*\)&.*/\1/' | sort -n | tr '\n' ' ' |
      sed 's/ $//')
    [ "$got" = "$want" ] && return 0
    sleep 0.1
  done
  fail "DLRs for $id: expected types '$want', got '$got' (see $work/dlr.log)"
}

# Decodes fakesmsc.out lines: prints sender, receiver, kind and the decoded text (concatenated parts joined).
decode_fakesmsc() {
  python3 - "$work/fakesmsc.out" <<'EOF'
import re, sys, urllib.parse
line_re = re.compile(r"Got message (\d+): <(\S*) (\S*) (text|data|ucs-2|udh) (.*)>$")
parts = {}
for raw in open(sys.argv[1], encoding="utf-8", errors="replace"):
    m = line_re.search(raw.rstrip("\n"))
    if not m:
        continue
    n, sender, receiver, kind, rest = m.groups()
    unplus = lambda s: urllib.parse.unquote_to_bytes(s.replace("+", " "))
    if kind == "text":
        print(f"  #{n} {sender} -> {receiver} text: {rest!r}")
    elif kind == "data":
        print(f"  #{n} {sender} -> {receiver} data: {unplus(rest)!r}")
    elif kind == "ucs-2":
        print(f"  #{n} {sender} -> {receiver} ucs-2: {unplus(rest).decode('utf-16-be')!r}")
    else:  # udh <urlencoded UDH> data <urlencoded bytes>: UTF-8 for a GSM-7 text, UTF-16BE for coding=2 (the
           # line does not say which; this test only sends GSM-7 texts long enough to be split)
        udh_enc, _, data_enc = rest.partition(" data ")
        udh, data = unplus(udh_enc), unplus(data_enc)
        # 05 00 03 ref total seq = concatenated SMS, 8-bit reference
        ref, total, seq = udh[3], udh[4], udh[5]
        print(f"  #{n} {sender} -> {receiver} part {seq}/{total} (ref {ref}) udh={udh.hex()} text: {data.decode('utf-8')!r}")
        parts.setdefault((receiver, ref), {})[seq] = data
        if len(parts[(receiver, ref)]) == total:
            whole = b"".join(parts[(receiver, ref)][i] for i in range(1, total + 1)).decode("utf-8")
            print(f"     reassembled ({len(whole)} chars): {whole!r}")
EOF
}

echo
echo "== (a) short GSM-7 text"
reply=$(sendsms a "+36301234567" "Crash at Main St 12 @ 10:42, ambulance notified")
echo "sendsms: $reply"
[ "$reply" = "HTTP 202 0: Accepted for delivery" ] || fail "unexpected reply"

echo "== (b) UCS-2 text (coding=2&charset=UTF-8)"
reply=$(sendsms b "+36301234568" "Ő ő – ✓ Baleset" "coding=2&charset=UTF-8")
echo "sendsms: $reply"
[ "$reply" = "HTTP 202 0: Accepted for delivery" ] || fail "unexpected reply"

long=$(python3 -c 'print("Baleset é€ " + "".join("Part%02d-abcdefghi " % i for i in range(10)) + "END")')
echo "== (c) GSM-7 text of ${#long} characters (more than 160: concatenated, max-messages=10)"
reply=$(sendsms c "+36301234569" "$long")
echo "sendsms: $reply"
[ "$reply" = "HTTP 202 0: Accepted for delivery" ] || fail "unexpected reply"

wait_messages 4
wait_dlrs a "1 8"
wait_dlrs b "1 8"
wait_dlrs c "1 8"
echo
echo "== fakesmsc.out (Got message lines, raw):"
grep 'Got message' "$work/fakesmsc.out" | sed 's/^/  /'
echo "== decoded:"
decode_fakesmsc
echo "== DLR callbacks (request paths, in arrival order):"
sed 's/^/  /' "$work/dlr.log"

grep -q 'Got message 1: <CrashAsst +36301234567 text Crash at Main St 12 @ 10:42, ambulance notified>' "$work/fakesmsc.out" ||
  fail "(a) not in fakesmsc.out as expected"
grep -qF "Got message 2: <CrashAsst +36301234568 ucs-2 %01P%00+%01Q%00++%13%00+'%13%00+%00B%00a%00l%00e%00s%00e%00t>" "$work/fakesmsc.out" ||
  fail "(b) not in fakesmsc.out as ucs-2"
[ "$(grep -c 'Got message [34]: <CrashAsst +36301234569 udh %05%00%03' "$work/fakesmsc.out")" = 2 ] ||
  fail "(c) not in fakesmsc.out as two udh parts"

echo
echo "== stop-bearerbox (the gateway is down)"
started=$(date +%s.%N)
"$gateway" stop-bearerbox "$work"
echo "stop-bearerbox took $(python3 -c "import time; print(f'{time.time() - $started:.2f}')")s"
"$gateway" status "$work" | sed 's/^/  /' || true
reply=$(sendsms d "+36301234570" "while down")
echo "sendsms while down: $reply"
case "$reply" in "ERROR "*) ;; *) fail "sendsms should fail while the gateway is down" ;; esac

echo "== start-bearerbox"
started=$(date +%s.%N)
line2=$("$gateway" start-bearerbox "$work")
echo "start-bearerbox took $(python3 -c "import time; print(f'{time.time() - $started:.2f}')")s: $line2"
[ "$line2" = "$line" ] || fail "start-bearerbox changed ports/credentials"
reply=$(sendsms e "+36301234571" "after restart")
echo "sendsms after restart: $reply"
[ "$reply" = "HTTP 202 0: Accepted for delivery" ] || fail "unexpected reply"
wait_messages 5
wait_dlrs e "1 8"
grep 'Got message' "$work/fakesmsc.out" | tail -n 1 | sed 's/^/  /'
grep 'id=e&' "$work/dlr.log" | sed 's/^/  /'
grep -q 'Got message 1: <CrashAsst +36301234571 text after restart>' "$work/fakesmsc.out" ||
  fail "message after restart not in fakesmsc.out (fakesmsc restarts, so its counter starts at 1 again)"
! grep -q 'id=d&' "$work/dlr.log" || fail "got a DLR for the message refused while down"

echo
echo "== stop-smsc (the phone network is down, the gateway is up)"
"$gateway" stop-smsc "$work"
reply=$(sendsms f "+36301234572" "while the network is down")
echo "sendsms: $reply"
[ "$reply" = "HTTP 202 3: Queued for later delivery" ] || fail "unexpected reply"
sleep 1
! grep -q 'id=f&' "$work/dlr.log" || fail "got a DLR before the message could be sent"
echo "== start-smsc"
"$gateway" start-smsc "$work" >/dev/null
wait_messages 6
wait_dlrs f "1 8"
grep 'Got message' "$work/fakesmsc.out" | tail -n 1 | sed 's/^/  /'
grep 'id=f&' "$work/dlr.log" | sed 's/^/  /'

echo "== stop"
"$gateway" stop "$work"
"$gateway" stop "$work"   # idempotent
if "$gateway" status "$work" >/dev/null; then fail "still running after stop"; fi
echo
echo "PASS"
