#!/usr/bin/env bash
# Runs a private Kannel SMS gateway on loopback for tests: bearerbox + smsbox, with Kannel's fake SMS centre
# (fakesmsc, from kannel-extras) as the "phone network". Everything it writes stays in DIR.
#
#   kannel-gateway.sh start DIR            picks free ports on 127.0.0.1, writes DIR/kannel.conf, starts the three
#                                          processes in the background, waits until smsbox's sendsms port answers and
#                                          the fake SMSC is online, then prints ONE line to stdout:
#                                            sendsms_port=N admin_port=N smsc_port=N smsbox_port=N user=U password=P admin_password=A
#                                          (the same line is kept in DIR/gateway.env) and exits 0.
#   kannel-gateway.sh stop DIR             stops everything started for DIR (TERM, then KILL); idempotent.
#   kannel-gateway.sh stop-bearerbox DIR   "the gateway is down": stops smsbox and bearerbox (fakesmsc exits with
#                                          them, it is stopped too). sendsms then gets "connection refused".
#   kannel-gateway.sh start-bearerbox DIR  starts them again with the same kannel.conf on the SAME ports, restarts
#                                          fakesmsc, waits as start does and prints the same line.
#   kannel-gateway.sh stop-smsc DIR        "the phone network is down": stops only fakesmsc. smsbox still takes
#                                          messages (HTTP 202 "3: Queued for later delivery"); bearerbox keeps them.
#   kannel-gateway.sh start-smsc DIR       starts fakesmsc again (as start-bearerbox does); the queued messages go out.
#   kannel-gateway.sh send-mo DIR FROM TO TYPE DATA
#                                          a phone sends a message to the gateway (mobile-originated): fakesmsc is
#                                          started again to send this one message (TYPE text, or ucs2 with DATA the
#                                          url-encoded UTF-16BE), then goes on receiving; with KANNEL_REPLY_URL set at
#                                          start, smsbox hands it to that URL.
#   kannel-gateway.sh status DIR           prints which processes are running; exit 0 only if all three are.
#
# Files in DIR: kannel.conf, gateway.env, {bearerbox,smsbox,fakesmsc}.pid, bearerbox.log, smsbox.log (debug level),
# bearerbox-access.log, smsbox-access.log, *.console (the boxes' stderr), kannel.store (bearerbox's message store,
# kept across stop-bearerbox/start-bearerbox, cleared by start), and fakesmsc.out: everything fakesmsc prints,
# appended. Each SMS (each part, for a concatenated one) the "phone network" received is one line like
#   2026-11-23 05:59:11 [24789] [0] DEBUG: Got message 1: <FROM TO text The text>
#   ... Got message 2: <FROM TO ucs-2 URLENCODED-UTF-16BE>            (coding=2)
#   ... Got message 3: <FROM TO udh URLENCODED-UDH data URLENCODED-TEXT> (a part of a concatenated message)
# (the counter restarts when fakesmsc restarts; the urlencoding is Kannel's: space is '+').
#
# Sending: http://127.0.0.1:SENDSMS/cgi-bin/sendsms?username=U&password=P&from=..&to=..&text=..
#          [&coding=2&charset=UTF-8] [&dlr-mask=19&dlr-url=URLENCODED-URL-WITH-%d...]
# The fake SMSC reports every message as accepted by the SMSC (DLR type 8, when the mask asks for it) and
# delivered (type 1) at once.
#
# Environment: KANNEL_USER / KANNEL_PASSWORD / KANNEL_ADMIN_PASSWORD (sendsms and admin credentials),
# KANNEL_MAX_MESSAGES (most parts for one concatenated SMS, default 10; a longer text is silently cut),
# KANNEL_START_TIMEOUT (seconds, default 20), KANNEL_STOP_TIMEOUT (seconds before KILL, default 10),
# KANNEL_BEARERBOX / KANNEL_SMSBOX / KANNEL_FAKESMSC (binaries),
# KANNEL_WATCH_PID: if set at start, a watcher stops the gateway when that process exits (for tests that crash).
# KANNEL_REPLY_URL: if set at start, an sms-service hands every mobile-originated message to this get-url (Kannel's
# escapes: %p the sender, %a the words, %I the message id, %c the coding, %C the charset), sending nothing back itself.
# Install Kannel with scripts/ensure-kannel.sh.
set -euo pipefail

usage() {
  echo "usage: $0 start|stop|stop-bearerbox|start-bearerbox|stop-smsc|start-smsc|status DIR" >&2
  echo "       $0 send-mo DIR FROM TO text|ucs2 DATA" >&2
  exit 64
}
[ $# -eq 2 ] || { [ $# -eq 6 ] && [ "$1" = send-mo ]; } || usage
action=$1
dir=$2
# What fakesmsc sends when it connects: nothing (-m 0; its message argument is required, never sent), or for send-mo
# the one message.
fakesmsc_sends=(-m 0 "0 0 text unused")

find_binary() { # NAME DEFAULT
  if command -v "$1" >/dev/null 2>&1; then command -v "$1"; else echo "$2"; fi
}
BEARERBOX=${KANNEL_BEARERBOX:-$(find_binary bearerbox /usr/sbin/bearerbox)}
SMSBOX=${KANNEL_SMSBOX:-$(find_binary smsbox /usr/sbin/smsbox)}
FAKESMSC=${KANNEL_FAKESMSC:-/usr/lib/kannel/test/fakesmsc}
START_TIMEOUT=${KANNEL_START_TIMEOUT:-20}
STOP_TIMEOUT=${KANNEL_STOP_TIMEOUT:-10}

case "$dir" in
  *'"'* | *$'\n'* | *'#'*) echo "kannel-gateway: DIR must not contain '\"', '#' or newlines: $dir" >&2; exit 64 ;;
esac

# ---- processes -----------------------------------------------------------------------------------------------

# The pid in DIR/NAME.pid, if that process is alive (not a zombie) and is still the program we started.
live_pid() { # NAME
  local file="$dir/$1.pid" pid args=()
  [ -s "$file" ] || return 1
  pid=$(<"$file")
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  mapfile -d '' args 2>/dev/null <"/proc/$pid/cmdline" || return 1
  [ ${#args[@]} -gt 0 ] || return 1  # gone, or a zombie
  if [ "$1" = kannel-gateway-watcher ]; then
    [[ "${args[*]}" == *kannel-gateway* ]] || return 1
  else
    [ "${args[0]##*/}" = "$1" ] || return 1
  fi
  echo "$pid"
}

# Pids of the NAME processes (bearerbox or smsbox) running DIR/kannel.conf, found in /proc. This also finds copies
# we never started: when bearerbox goes away abruptly, smsbox "restarts" by forking and exec'ing itself (a new pid)
# and keeps trying to reconnect, and a TERM makes it do that again.
conf_pids() { # NAME
  local proc args=()
  for proc in /proc/[0-9]*; do
    mapfile -d '' args 2>/dev/null <"$proc/cmdline" || continue
    [ ${#args[@]} -ge 2 ] || continue
    [ "${args[0]##*/}" = "$1" ] && [ "${args[${#args[@]}-1]}" = "$dir/kannel.conf" ] && echo "${proc#/proc/}"
  done
  return 0
}

# Everything of NAME... that runs: the pid-file processes, and bearerbox/smsbox copies running our config.
running_pids() { # NAME...
  local name
  for name in "$@"; do
    live_pid "$name" || true
    case "$name" in bearerbox | smsbox) conf_pids "$name" ;; esac
  done | sort -un | { grep -vx "$$" || true; }
}

# Sends TERM to the named processes and waits up to STOP_TIMEOUT seconds for them to exit, then KILLs what is left.
# A process that turns up only after the TERM (a box re-executing itself) gets KILL straight away.
stop_processes() { # NAME...
  local pid pids termed=" " waited=0
  while :; do
    pids=$(running_pids "$@")
    [ -z "$pids" ] && break
    if [ "$waited" -ge $((STOP_TIMEOUT * 10)) ]; then
      for pid in $pids; do kill -KILL "$pid" 2>/dev/null || true; done
      sleep 0.2
      break
    fi
    for pid in $pids; do
      case "$termed" in *" $pid "*) continue ;; esac
      if [ "$waited" -eq 0 ]; then kill -TERM "$pid" 2>/dev/null || true; else kill -KILL "$pid" 2>/dev/null || true; fi
      termed="$termed$pid "
    done
    sleep 0.1
    waited=$((waited + 1))
  done
  local name
  for name in "$@"; do rm -f "$dir/$name.pid"; done
}

# ---- configuration -------------------------------------------------------------------------------------------

load_env() {
  if [ ! -s "$dir/gateway.env" ] || [ ! -s "$dir/kannel.conf" ]; then
    echo "kannel-gateway: $dir has no gateway.env/kannel.conf; run '$0 start $dir' first" >&2
    exit 1
  fi
  local pair
  for pair in $(cat "$dir/gateway.env"); do
    case "$pair" in
      sendsms_port=*) sendsms_port=${pair#*=} ;;
      admin_port=*) admin_port=${pair#*=} ;;
      smsc_port=*) smsc_port=${pair#*=} ;;
      smsbox_port=*) smsbox_port=${pair#*=} ;;
      user=*) user=${pair#*=} ;;
      password=*) password=${pair#*=} ;;
      admin_password=*) admin_password=${pair#*=} ;;
    esac
  done
}

write_config() {
  local ports
  ports=$(python3 -c '
import random, socket
# Below the range the system takes the ports of outgoing connections from, so that no connection takes one of these
# between now and the gateway binding it, nor while the gateway is stopped and started again on the same ports.
try:
    low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
except (OSError, ValueError, IndexError):
    low = 32768
socks = []
while len(socks) < 4:
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        s.bind(("127.0.0.1", random.randrange(min(10000, low - 1000), low)))
        socks.append(s)
    except OSError:
        s.close()
print(" ".join(str(s.getsockname()[1]) for s in socks))
')
  read -r admin_port smsbox_port smsc_port sendsms_port <<<"$ports"
  user=${KANNEL_USER:-kannel-test}
  password=${KANNEL_PASSWORD:-kannel-test-secret}
  admin_password=${KANNEL_ADMIN_PASSWORD:-kannel-admin-secret}
  if ! [[ "${KANNEL_MAX_MESSAGES:-10}" =~ ^[0-9]+$ ]]; then
    echo "kannel-gateway: KANNEL_MAX_MESSAGES must be a number" >&2
    exit 64
  fi
  local value
  for value in "$user" "$password" "$admin_password"; do
    if ! [[ "$value" =~ ^[A-Za-z0-9._-]+$ ]]; then
      echo "kannel-gateway: user names and passwords must match [A-Za-z0-9._-]+" >&2
      exit 64
    fi
  done

  cat >"$dir/kannel.conf" <<EOF
# Written by scripts/kannel-gateway.sh; a private gateway for tests, on 127.0.0.1 only.

group = core
admin-port = $admin_port
admin-interface = 127.0.0.1
admin-password = "$admin_password"
status-password = "$admin_password"
admin-allow-ip = "127.0.0.1"
smsbox-port = $smsbox_port
smsbox-interface = 127.0.0.1
box-allow-ip = "127.0.0.1"
box-deny-ip = "*.*.*.*"
log-file = "$dir/bearerbox.log"
log-level = 0
access-log = "$dir/bearerbox-access.log"
store-type = file
store-location = "$dir/kannel.store"
dlr-storage = internal
# Retry messages the SMSC connection could not take every second, forever (the default waits 60 s).
sms-resend-freq = 1
sms-resend-retry = -1

# The fake SMS centre: bearerbox listens here and fakesmsc connects to it as the "phone network".
group = smsc
smsc = fake
smsc-id = fake
port = $smsc_port
our-host = 127.0.0.1
connect-allow-ip = "127.0.0.1"

group = smsbox
bearerbox-host = 127.0.0.1
bearerbox-port = $smsbox_port
sendsms-port = $sendsms_port
sendsms-interface = 127.0.0.1
log-file = "$dir/smsbox.log"
log-level = 0
access-log = "$dir/smsbox-access.log"

group = sendsms-user
username = "$user"
password = "$password"
# Up to this many parts for a long text, sent as a concatenated SMS (UDH); Kannel drops what does not fit.
max-messages = ${KANNEL_MAX_MESSAGES:-10}
concatenation = true
EOF
  if [ -n "${KANNEL_REPLY_URL:-}" ]; then
    case "$KANNEL_REPLY_URL" in
      *'"'* | *$'\n'*) echo "kannel-gateway: KANNEL_REPLY_URL must not contain '\"' or newlines" >&2; exit 64 ;;
    esac
    cat >>"$dir/kannel.conf" <<EOF

# Every message a phone sends is handed to the server; the server answers with an SMS of its own, so this sends
# nothing back (max-messages = 0).
group = sms-service
keyword = default
catch-all = true
max-messages = 0
get-url = "$KANNEL_REPLY_URL"
EOF
  fi
  echo "sendsms_port=$sendsms_port admin_port=$admin_port smsc_port=$smsc_port smsbox_port=$smsbox_port" \
    "user=$user password=$password admin_password=$admin_password" >"$dir/gateway.env"
}

# ---- starting ------------------------------------------------------------------------------------------------

check_installed() {
  local binary
  for binary in "$BEARERBOX" "$SMSBOX" "$FAKESMSC"; do
    if [ ! -x "$binary" ]; then
      echo "kannel-gateway: $binary is missing; run scripts/ensure-kannel.sh (installs kannel and kannel-extras)" >&2
      exit 69
    fi
  done
  command -v python3 >/dev/null 2>&1 || { echo "kannel-gateway: python3 is needed" >&2; exit 69; }
}

launch() { # NAME OUTPUT COMMAND...: runs COMMAND in the background with stdin, stdout and stderr away from ours
  local name=$1 output=$2  # (so whoever reads our stdout sees EOF when we exit), its pid in DIR/NAME.pid
  shift 2
  "$@" </dev/null >>"$output" 2>&1 &
  echo $! >"$dir/$name.pid"
}

# Polls until the condition named by WHAT holds. WHAT: admin (bearerbox's admin port answers), ready (the sendsms
# port answers HTTP, and bearerbox reports the smsbox connected and the fake SMSC online).
wait_for() { # WHAT DEADLINE(epoch seconds) PIDNAME...
  local what=$1 deadline=$2
  shift 2
  local pids=() name pid
  for name in "$@"; do pids+=("$name=$(cat "$dir/$name.pid" 2>/dev/null || echo 0)"); done
  python3 - "$what" "$deadline" "$admin_port" "$admin_password" "$sendsms_port" "${pids[@]}" <<'EOF'
import sys, time, urllib.request, urllib.error
what, deadline, admin_port, admin_password, sendsms_port = sys.argv[1:6]
deadline = float(deadline)
pids = [p.split("=", 1) for p in sys.argv[6:]]

def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False

def get(url):
    try:
        with urllib.request.urlopen(url, timeout=2) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")
    except Exception:
        return None, ""

status_url = f"http://127.0.0.1:{admin_port}/status.txt?password={admin_password}"
sendsms_url = f"http://127.0.0.1:{sendsms_port}/cgi-bin/sendsms"
last = "nothing answered yet"
while True:
    for name, pid in pids:
        if not alive(pid):
            print(f"{name} (pid {pid}) exited", file=sys.stderr)
            sys.exit(2)
    code, body = get(status_url)
    if code == 200:
        if what == "admin":
            sys.exit(0)
        smsc_online = any(l.strip().startswith("fake[fake]") and "(online" in l for l in body.splitlines())
        smsbox_connected = "smsbox:" in body
        sendsms_code, _ = get(sendsms_url)
        if smsc_online and smsbox_connected and sendsms_code is not None:
            sys.exit(0)
        last = (f"smsbox connected: {smsbox_connected}, fake SMSC online: {smsc_online}, "
                f"sendsms port answers: {sendsms_code is not None}")
    else:
        last = f"bearerbox admin port {admin_port}: HTTP {code}"
    if time.time() > deadline:
        print(f"timed out ({last})", file=sys.stderr)
        sys.exit(1)
    time.sleep(0.1)
EOF
}

fail_start() { # MESSAGE
  echo "kannel-gateway: $1" >&2
  echo "kannel-gateway: read $dir/bearerbox.log, $dir/smsbox.log, $dir/fakesmsc.out and $dir/*.console" >&2
  for log in bearerbox.console smsbox.console bearerbox.log smsbox.log fakesmsc.out; do
    if [ -s "$dir/$log" ]; then
      echo "---- last lines of $dir/$log:" >&2
      tail -n 5 "$dir/$log" >&2
    fi
  done
  stop_processes smsbox
  stop_processes fakesmsc bearerbox
  exit 1
}

# Starts whichever of bearerbox, smsbox and fakesmsc is not running, and waits until the chain works.
start_boxes() {
  local deadline=$(($(date +%s) + START_TIMEOUT)) result status turn offset
  offset=$(stat -c %s "$dir/bearerbox.console" 2>/dev/null || echo 0)
  while true; do
    if ! live_pid bearerbox >/dev/null; then
      # smsbox and fakesmsc cannot outlive bearerbox's connection; make sure no stale ones are around.
      stop_processes fakesmsc smsbox
      offset=$(stat -c %s "$dir/bearerbox.console" 2>/dev/null || echo 0)
      launch bearerbox "$dir/bearerbox.console" "$BEARERBOX" -v 2 "$dir/kannel.conf"
    fi
    turn=$(($(date +%s) + 3))
    [ "$turn" -gt "$deadline" ] && turn=$deadline
    status=0
    result=$(wait_for admin "$turn" bearerbox 2>&1) || status=$?
    [ "$status" -eq 0 ] && break
    [ "$(date +%s)" -ge "$deadline" ] && fail_start "bearerbox did not come up: $result"
    # Started again on its earlier ports, one of them can be held for a moment by another program's connection (a
    # port picked free is in the range outgoing connections draw from): bearerbox then exits, or runs without its
    # admin port. Started again until the deadline.
    if tail -c +$((offset + 1)) "$dir/bearerbox.console" 2>/dev/null | grep -q "bind failed"; then
      stop_processes bearerbox
      sleep 0.5
    elif [ "$status" -ne 1 ]; then
      fail_start "bearerbox did not come up: $result"
    fi
  done
  # bearerbox has created the fake SMSC's listening socket by the time its admin port answers.
  live_pid smsbox >/dev/null || launch smsbox "$dir/smsbox.console" "$SMSBOX" -v 2 "$dir/kannel.conf"
  # fakesmsc connects once and exits when the connection ends. With -m 0 it sends no messages of its own (a message
  # argument is required, but it is never sent) and just logs, to stderr, each message bearerbox sends it.
  # It can come before bearerbox's fake SMSC takes connections (the admin port answers first now and then), and then
  # it exits at once: started again until the deadline.
  while true; do
    live_pid fakesmsc >/dev/null ||
      launch fakesmsc "$dir/fakesmsc.out" "$FAKESMSC" -H 127.0.0.1 -r "$smsc_port" -i 0.1 "${fakesmsc_sends[@]}"
    status=0
    result=$(wait_for ready "$deadline" bearerbox smsbox fakesmsc 2>&1) || status=$?
    [ "$status" -eq 0 ] && break
    if [[ "$result" == "fakesmsc (pid"*"exited"* ]] && [ "$(date +%s)" -lt "$deadline" ]; then
      sleep 0.2
      continue
    fi
    fail_start "the gateway did not become ready within ${START_TIMEOUT}s: $result"
  done
  cat "$dir/gateway.env"
}

start_watcher() {
  [ -n "${KANNEL_WATCH_PID:-}" ] || return 0
  [[ "$KANNEL_WATCH_PID" =~ ^[0-9]+$ ]] || { echo "kannel-gateway: KANNEL_WATCH_PID must be a pid" >&2; exit 64; }
  local self
  self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
  (
    while kill -0 "$KANNEL_WATCH_PID" 2>/dev/null; do sleep 1; done
    exec "$self" stop "$dir"
  ) </dev/null >/dev/null 2>&1 &
  echo $! >"$dir/kannel-gateway-watcher.pid"
}

# ---- actions -------------------------------------------------------------------------------------------------

case "$action" in
  start)
    check_installed
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    if [ -n "$(running_pids bearerbox smsbox fakesmsc)" ]; then
      echo "kannel-gateway: a gateway is already running for $dir; run '$0 stop $dir' first" >&2
      exit 1
    fi
    rm -f "$dir/kannel.store" "$dir/kannel.store.bak" "$dir/kannel.store.new"
    : >"$dir/kannel.store"  # an empty store; without one bearerbox logs fopen errors
    write_config
    start_boxes
    start_watcher
    ;;
  start-bearerbox)
    check_installed
    dir=$(cd "$dir" && pwd)
    load_env
    start_boxes
    ;;
  stop-bearerbox)
    [ -d "$dir" ] || exit 0
    dir=$(cd "$dir" && pwd)
    stop_processes smsbox          # first, so it exits cleanly instead of trying to reconnect
    stop_processes bearerbox fakesmsc
    ;;
  stop)
    [ -d "$dir" ] || exit 0
    dir=$(cd "$dir" && pwd)
    stop_processes kannel-gateway-watcher smsbox
    stop_processes bearerbox fakesmsc
    ;;
  stop-smsc)
    [ -d "$dir" ] || exit 0
    dir=$(cd "$dir" && pwd)
    stop_processes fakesmsc
    ;;
  start-smsc)
    check_installed
    dir=$(cd "$dir" && pwd)
    load_env
    start_boxes
    ;;
  send-mo)
    check_installed
    dir=$(cd "$dir" && pwd)
    load_env
    case "$5" in text | ucs2) ;; *) usage ;; esac
    for value in "$3" "$4"; do
      [[ "$value" =~ ^\+?[0-9]{1,20}$ ]] || { echo "kannel-gateway: FROM and TO must be numbers" >&2; exit 64; }
    done
    [[ "$6" == *$'\n'* ]] && { echo "kannel-gateway: DATA must be one line" >&2; exit 64; }
    stop_processes fakesmsc
    fakesmsc_sends=(-m 1 "$3 $4 $5 $6")
    start_boxes
    ;;
  status)
    [ -d "$dir" ] || { echo "kannel-gateway: no $dir" >&2; exit 1; }
    dir=$(cd "$dir" && pwd)
    all=0
    for name in bearerbox smsbox fakesmsc; do
      if pid=$(live_pid "$name"); then echo "$name running (pid $pid)"; else echo "$name stopped"; all=1; fi
    done
    exit $all
    ;;
  *) usage ;;
esac
