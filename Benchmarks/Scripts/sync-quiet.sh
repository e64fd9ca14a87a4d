#!/usr/bin/env bash
# What a sync pass costs when nothing changed (a documented measurement, not a test): REPORTS (default 1,000) reports
# on a server for one driver, taken in by a first `crash-assistant sync`; then ROUNDS (default 3) more runs of
# `crash-assistant sync` with nothing new, each counted at the server's /metrics (requests by route) and, for the
# bytes, by the same requests made with curl. Beside it, the peer: reading the whole list a page at a time
# (GET /v1/reports, 200 a page), which is what a pass cost before it asked for changes since a cursor.
# Usage: Benchmarks/Scripts/sync-quiet.sh [REPORTS] [ROUNDS]   (run from the repository root; release builds)
set -euo pipefail
cd "$(dirname "$0")/../.."
make --no-print-directory deps >&2  # what the build needs (cairo, Pango, the phone-number library…), when missing
reports=${1:-1000}
rounds=${2:-3}
SWIFT=${SWIFT:-swift}

"$SWIFT" build -c release --product crash-assistant-server >/dev/null
"$SWIFT" build -c release --product crash-assistant >/dev/null
bin="$("$SWIFT" build -c release --show-bin-path)"
work=$(mktemp -d)
cleanup() {
  [[ -n "${pid:-}" ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

token=$("$bin/crash-assistant-server" user add quiet --data "$work/data" 2>/dev/null)
"$bin/crash-assistant-server" serve --host 127.0.0.1 --port 0 --data "$work/data" --log-level error --metrics-port 0 2>"$work/server.log" &
pid=$!
for _ in $(seq 1 200); do
  base=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$work/server.log" | grep -o 'http://.*' || true)
  metrics=$(grep -o 'metrics on http://127.0.0.1:[0-9]*' "$work/server.log" | grep -o 'http://.*' || true)
  [[ -n "$base" && -n "$metrics" ]] && break
  sleep 0.05
done
auth="Authorization: Bearer $token"

echo "== $reports reports stored for one driver"
python3 - "$base" "$token" "$reports" <<'PY'
import http.client, json, sys, uuid
from concurrent.futures import ThreadPoolExecutor
base, token, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
host, port = base.removeprefix("http://").split(":")
def put(index):
    connection = http.client.HTTPConnection(host, int(port))
    alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
    digits = "".join(alphabet[(index // len(alphabet) ** place) % len(alphabet)] for place in range(8))
    # The app's local form: a report may carry it, or a crash ID the server issued to its owner.
    report = {"id": str(uuid.uuid4()), "crashId": "CR-" + digits, "status": "draft",
              "createdAt": "2026-11-21T17:40:00Z", "updatedAt": "2026-11-21T17:45:00Z",
              "scene": {"occurredAt": "2026-11-21T17:42:05Z", "coordinate": {"latitude": 47.4979, "longitude": 19.0402}},
              "injuries": ["myself"], "photos": [], "otherDriverNote": f"Blue hatchback, front bumper ({index})", "revision": 0}
    connection.request("PUT", f"/v1/reports/{report['id']}", json.dumps(report),
                       {"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    status = connection.getresponse().status
    assert status == 201, status
with ThreadPoolExecutor(8) as pool:
    list(pool.map(put, range(count)))
PY

requests_by_route() {
  curl -s "$metrics/metrics" | python3 -c '
import re, sys
for line in sys.stdin:
    m = re.match(r"hb_requests\{(.*)\} (\S+)$", line.strip())
    if m:
        labels = dict(re.findall(r"(\w+)=\"([^\"]*)\"", m.group(1)))
        print(labels["http_request_method"], labels["http_route"], labels["http_response_status_code"], int(float(m.group(2))))'
}
delta() {
  python3 - "$1" "$2" <<'PY'
import sys
def read(path):
    counts = {}
    for line in open(path):
        *key, count = line.split()
        counts[" ".join(key)] = int(count)
    return counts
before, after = read(sys.argv[1]), read(sys.argv[2])
changed = {key: after[key] - before.get(key, 0) for key in after if after[key] != before.get(key, 0)}
print(sum(changed.values()), "; ".join(f"{key} x{count}" for key, count in sorted(changed.items())))
PY
}

device="$work/device/reports.sqlite"
options=(--server "$base" --token "$token" --database "$device")
requests_by_route >"$work/m0.txt"
"$bin/crash-assistant" sync "${options[@]}" >/dev/null
requests_by_route >"$work/m1.txt"
echo "first sync (everything from the first change): $(delta "$work/m0.txt" "$work/m1.txt")"
cursor=$(sqlite3 "$device" 'SELECT cursor FROM sync_cursor')

echo "== $rounds runs of crash-assistant sync with nothing new"
for round in $(seq 1 "$rounds"); do
  requests_by_route >"$work/a.txt"
  "$bin/crash-assistant" sync "${options[@]}" >/dev/null
  requests_by_route >"$work/b.txt"
  echo "run $round: requests $(delta "$work/a.txt" "$work/b.txt")"
done

# Bytes on the wire for the same requests (request line and headers, answer headers and body), by curl.
wire_bytes() {
  curl -s -o /dev/null -w '%{size_request} %{size_header} %{size_download}\n' -H "$auth" "$1" | awk '{print $1 + $2 + $3}'
}
quiet=$(wire_bytes "$base/v1/changes?since=$cursor&limit=100")
account=$(wire_bytes "$base/v1/account")
listing=0
pages=0
next=""
while :; do
  url="$base/v1/reports?limit=200${next:+&cursor=$next}"
  listing=$((listing + $(wire_bytes "$url")))
  pages=$((pages + 1))
  next=$(curl -s -H "$auth" "$url" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("nextCursor") or "")')
  [[ -z "$next" ]] && break
done
echo "== bytes on the wire"
echo "changes since the cursor (the quiet pass): 1 request, $quiet bytes (+ GET /v1/account, $account bytes, once per run of the app)"
echo "the whole list (the peer: what a pass read before): $pages requests, $listing bytes"
python3 -c "import sys; q,l=map(int,sys.argv[1:]); print(f'ratio: {l/q:.0f} x fewer bytes; goal: one request, < 2 KB')" "$quiet" "$listing"
