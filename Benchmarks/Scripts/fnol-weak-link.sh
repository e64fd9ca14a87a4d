#!/usr/bin/env bash
# The insurer told at once on a weak signal (a documented measurement, not a test): a report with COUNT (default 10)
# distinct ~4 MB photos is created on the device offline, then `crash-assistant sync` sends it to a fresh server
# through Benchmarks/Scripts/shaping_proxy.py (UP_KBIT up, default 1000 kbit/s; DOWN_KBIT down, default 8000; RTT_MS
# round trip, default 300 ms). The server tells a claims system (Benchmarks/Scripts/webhook_clock.py, on loopback
# without shaping) of the report. From the moment the sync starts, prints when the first notice of loss arrived, when
# the second event (every photo and the PDF in) arrived, and that against the time the photo bytes alone take on the
# link.
# Usage: Benchmarks/Scripts/fnol-weak-link.sh [COUNT]   (from the repository root; release builds)
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-10}
up=${UP_KBIT:-1000}
down=${DOWN_KBIT:-8000}
rtt=${RTT_MS:-300}

. Benchmarks/Scripts/app-photos.sh
app_photos_setup "$count"

pid="" proxy_pid="" receiver_pid=""
cleanup() {
  for p in "$proxy_pid" "$pid" "$receiver_pid"; do
    [[ -n "$p" ]] && kill "$p" 2>/dev/null && wait "$p" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT

# Waits for "listening on PORT" (or the server's log line) in file $1; prints the port.
port_in() {
  local found=""
  for _ in $(seq 1 200); do
    found=$(grep -o 'listening on [^0-9]*[0-9.]*:\?[0-9]*' "$1" 2>/dev/null | tail -1 | grep -o '[0-9]*$' || true)
    [[ -n "$found" ]] && { echo "$found"; return; }
    sleep 0.05
  done
  echo "nothing listening (see $1)" >&2
  exit 1
}

log="$work/deliveries.txt"
python3 Benchmarks/Scripts/webhook_clock.py "$log" >"$work/receiver.out" 2>&1 &
receiver_pid=$!
receiver_port=$(port_in "$work/receiver.out")

data="$work/server"
secret="whsec_$(head -c 32 /dev/urandom | base64)"
token=$("$bin/crash-assistant-server" user add bench --data "$data" 2>/dev/null)
"$bin/crash-assistant-server" serve --host 127.0.0.1 --port 0 --data "$data" --log-level error \
  --webhook-url "http://127.0.0.1:$receiver_port/claims" --webhook-secret "$secret" 2>"$work/server.log" &
pid=$!
port=$(port_in "$work/server.log")

python3 Benchmarks/Scripts/shaping_proxy.py "$port" --up-kbit "$up" --down-kbit "$down" --rtt-ms "$rtt" --cut-every 0 \
  >"$work/proxy.out" 2>"$work/proxy.err" &
proxy_pid=$!
proxy_port=$(port_in "$work/proxy.out")

link_seconds=$(python3 -c "import sys; print(f'{int(sys.argv[1]) * 8 / (float(sys.argv[2]) * 1000):.1f}')" "$bytes" "$up")
echo "== $count photos, $((bytes / 1000)) kB in all; link: $up kbit/s up, $down down, $rtt ms round trip; the photo bytes alone take $link_seconds s on it"

# Created on the device with no signal (an address nothing answers on), then sent when the signal is back.
database="$work/device/reports.sqlite"
app_photos_keys create | "$bin/crash-assistant" --store server --server "http://127.0.0.1:9" --token "$token" --database "$database" \
  >"$work/app.txt" 2>&1
grep -q "created" "$work/app.txt" || { echo "the report was not created:"; tail -20 "$work/app.txt"; exit 1; }

start=$(date +%s.%N)
"$bin/crash-assistant" sync --store server --server "http://127.0.0.1:$proxy_port" --token "$token" --database "$database" \
  >"$work/sync.txt" 2>&1 || { echo "sync failed:"; cat "$work/sync.txt"; exit 1; }
end=$(date +%s.%N)
# The second event follows the last photo at once; a moment for it to arrive.
for _ in $(seq 1 100); do
  [[ $(wc -l <"$log" 2>/dev/null || echo 0) -ge 2 ]] && break
  sleep 0.1
done
sed 's/^/  sync said: /' "$work/sync.txt"
python3 - "$start" "$end" "$log" "$link_seconds" <<'PY'
import sys
start, end, log, link = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3], float(sys.argv[4])
events = {}
for line in open(log):
    at, hook, kind = line.split()
    events.setdefault(kind, float(at) - start)
first = events.get("claim.first_notice_of_loss")
second = events.get("claim.documents_complete")
print(f"first notice of loss   {first:8.1f} s after the sync started" if first is not None else "first notice of loss   never arrived")
if second is not None:
    print(f"documents complete     {second:8.1f} s = {second / link:.2f} × the link's time for the photo bytes ({link:.1f} s)")
else:
    print("documents complete     never arrived")
print(f"sync ended             {end - start:8.1f} s")
PY
