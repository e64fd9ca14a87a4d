#!/usr/bin/env bash
# Load on crash-assistant-server over loopback (a documented measurement, not a test):
#   1. wrk GET of one report with 64 connections for DURATION seconds (default 30), RUNS times (default 3):
#      requests/s and p99 from wrk, the p99's bucket from the server's /metrics beside it; after each, nginx serving
#      the same JSON bytes from a file, as a peer in the same run (installed when missing), and the ratios; beside
#      them the framework's own floor: Hummingbird with no middleware, store or token answering the same bytes from
#      memory (Benchmarks/FrameworkFloor). Then the same GET answered 304 (If-None-Match).
#   2. COUNT (default 100) uploads of distinct ~4 MB photos at once: all stored, each exactly once; then the same
#      uploads again: all answered "stored before", still one file each. (One user takes four photo requests at once
#      on an instance; the others are answered 429 and sent again after their Retry-After, as the app does.)
#   3. Peak memory of rendering a report with twenty ~4 MB photos (the server's VmHWM, reset just before submit).
# Usage: Benchmarks/Scripts/server-load.sh [DURATION] [COUNT]   (run from the repository root; release build)
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/cluster.sh
. Benchmarks/Scripts/peers.sh
make --no-print-directory deps >&2  # what the build needs (cairo, Pango, the phone-number library…), when missing
duration=${1:-30}
count=${2:-100}
runs=${RUNS:-3}
SWIFT=${SWIFT:-swift}

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
python3 -c "import PIL" 2>/dev/null || python3 -m pip install --quiet Pillow

"$SWIFT" build -c release --product crash-assistant-server >/dev/null
server="$("$SWIFT" build -c release --show-bin-path)/crash-assistant-server"
work=$(mktemp -d)
photos="${TMPDIR:-/tmp}/crash-assistant-benchmark-photos-v1"   # the folder the Swift benchmarks use too
python3 Benchmarks/Scripts/make_benchmark_photos.py "$photos" "$count"

cleanup() {
  [[ -n "${pid:-}" ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  cluster_stop   # nginx and the framework's floor
  rm -rf "$work"
}
trap cleanup EXIT

token=$("$server" user add load --data "$work/data" 2>/dev/null)
# wrk's 64 connections all come from 127.0.0.1: the per-client bound is lifted for it.
"$server" serve --host 127.0.0.1 --port 0 --data "$work/data" --log-level error --metrics-port 0 --max-connections-per-client 1024 \
  --max-uploads 1024 --max-photo-mib 100000 \
  2>"$work/server.log" &
pid=$!
for _ in $(seq 1 200); do
  port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$work/server.log" | grep -o '[0-9]*$' || true)
  metrics=$(grep -o 'metrics on http://127.0.0.1:[0-9]*' "$work/server.log" | grep -o 'http://.*' || true)
  [[ -n "${port:-}" && -n "${metrics:-}" ]] && break
  sleep 0.1
done
base="http://127.0.0.1:$port"
auth="Authorization: Bearer $token"

# A report with a note and one photo, as a driver's draft.
report=$(python3 - <<'PY'
import json, uuid
print(json.dumps({"id": str(uuid.uuid4()), "crashId": "CR-23456789", "status": "draft",
  "createdAt": "2026-11-21T17:40:00Z", "updatedAt": "2026-11-21T17:45:00Z",
  "scene": {"occurredAt": "2026-11-21T17:42:05Z", "coordinate": {"latitude": 47.4979, "longitude": 19.0402}},
  "injuries": ["myself"], "photos": [], "otherDriverNote": "Blue hatchback, front bumper", "revision": 0}))
PY
)
id=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["id"])' "$report")
curl -sf -X PUT -H "$auth" -H "Content-Type: application/json" --data-binary "$report" "$base/v1/reports/$id" >"$work/report.json"

# One wrk run: "<requests/s> <p99 in ms>" (wrk's own figures), its whole output in $2.
wrk_run() {
  wrk -t2 -c64 -d"${duration}s" --latency "${@:3}" "$1" >"$2"
  if grep -q "Non-2xx\|Socket errors" "$2"; then echo "wrk saw errors: $(grep 'Non-2xx\|Socket errors' "$2")" >&2; fi
  python3 - "$2" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
rate = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
value, unit = re.search(r"99%\s+([\d.]+)(us|ms|s)", text).groups()
print(rate, float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit])
PY
}

peer_nginx "$work/nginx" "$work/report.json"
peer_floor "$work/floor" "$work/report.json"
floor_url="http://127.0.0.1:$PEER_FLOOR_PORT/v1/reports/$id"

echo "== 1. GET /v1/reports/{id}: wrk, 2 threads, 64 connections, ${duration}s, $runs runs, nginx (1 worker, the same JSON from a file) and the framework's floor beside it"
printf "%-4s %10s %8s %13s %10s %8s %12s %10s %10s %8s %12s\n" run ours/s "p99 ms" "p99 /metrics" nginx/s "p99 ms" "ratio req/s" "ratio p99" floor/s "p99 ms" "floor/nginx"
for run in $(seq 1 "$runs"); do
  curl -s "$metrics/metrics" >"$work/before.txt"
  read -r ours ours_p99 < <(wrk_run "$base/v1/reports/$id" "$work/wrk-server-$run.txt" -H "$auth")
  curl -s "$metrics/metrics" >"$work/after.txt"
  scraped=$(python3 Benchmarks/Scripts/metrics_quantile.py "$work/before.txt" "$work/after.txt" "/v1/reports/{reportID}" | awk '{print $3}')
  read -r peer peer_p99 < <(wrk_run "$PEER_NGINX_URL" "$work/wrk-nginx-$run.txt")
  read -r floor floor_p99 < <(wrk_run "$floor_url" "$work/wrk-floor-$run.txt")
  python3 -c 'import sys; r,o,op,m,n,np_,f,fp=sys.argv[1:]; o,op,n,np_,f,fp=map(float,(o,op,n,np_,f,fp)); m="<= "+m; print(f"{r:<4} {o:10.0f} {op:8.2f} {m:>13} {n:10.0f} {np_:8.2f} {o/n if n else 0:12.2f} {op/np_ if np_ else 0:10.2f} {f:10.0f} {fp:8.2f} {f/n if n else 0:12.2f}")' \
    "$run" "$ours" "$ours_p99" "$scraped" "$peer" "$peer_p99" "$floor" "$floor_p99"
done
echo "(goal: ours >= 0.5 x nginx's requests/s, p99 <= 2 x nginx's; /metrics gives the bucket bound the p99 falls under;"
echo " floor: Hummingbird with nothing of ours, the same bytes from memory)"
kill "$PEER_FLOOR_PID"

echo "== 1b. the same GET with If-None-Match naming the version held (304, no body)"
tag=$(curl -s -D - -o /dev/null -H "$auth" "$base/v1/reports/$id" | tr -d '\r' | awk -F': ' 'tolower($1)=="etag"{print $2}')
read -r ours ours_p99 < <(wrk_run "$base/v1/reports/$id" "$work/wrk-304.txt" -H "$auth" -H "If-None-Match: $tag")
echo "304: $ours requests/s, p99 $ours_p99 ms"
kill "$PEER_NGINX_PID"

echo "== 2. $count uploads of distinct ~4 MB photos at once"
ls "$photos"/*.jpg | head -n "$count" >"$work/list"
# One upload; a 429 (a user's photo requests beyond four at once on an instance) is sent again after its
# Retry-After, as the app does. Prints the last status.
upload() {
  local file=$1 hash code headers
  hash=$(sha256sum "$file" | cut -d' ' -f1)
  headers=$(mktemp)
  for _ in $(seq 1 100); do
    code=$(curl -s -o /dev/null -D "$headers" -w "%{http_code}" -X PUT -H "$auth" -H "Content-Type: image/jpeg" \
      --data-binary "@$file" "$base/v1/photos/$hash")
    [[ "$code" == 429 ]] || break
    sleep "$(tr -d '\r' <"$headers" | awk -F': ' 'tolower($1)=="retry-after"{print $2}' | head -1 | grep -o '^[0-9]*' || echo 1)"
  done
  rm -f "$headers"
  echo "$code"
}
export -f upload; export auth base id
start=$(date +%s.%N)
xargs -P "$count" -I{} bash -c 'upload {}' <"$work/list" | sort | uniq -c | tee "$work/first.txt"
end=$(date +%s.%N)
bytes=$(xargs cat <"$work/list" | wc -c)
python3 -c "import sys; s=float(sys.argv[2])-float(sys.argv[1]); print(f'{int(sys.argv[3])/s/1e6:.0f} MB/s over {s:.2f} s')" "$start" "$end" "$bytes"
xargs -P "$count" -I{} bash -c 'upload {}' <"$work/list" | sort | uniq -c | tee "$work/again.txt"
stored=$(find "$work/data/blobs/photo" -type f | wc -l)
leftover=$(find "$work/data/uploads" -type f 2>/dev/null | wc -l)
echo "photo files stored: $stored (of $count), partial uploads left: $leftover"

echo "== 3. Peak memory rendering a report with twenty ~4 MB photos"
python3 - "$work/report.json" "$photos" >"$work/twenty.json" <<'PY'
import hashlib, json, sys, uuid, pathlib
report = json.load(open(sys.argv[1]))
files = sorted(pathlib.Path(sys.argv[2]).glob("*.jpg"))[:20]
photos = []
for index, path in enumerate(files):
    data = path.read_bytes()
    photos.append({"id": str(uuid.uuid4()), "section": "crash-scene" if index < 10 else "your-damage",
      "sha256": hashlib.sha256(data).hexdigest(), "mediaType": "image/jpeg", "byteCount": len(data),
      "width": 2880, "height": 2160, "originalFileName": path.name, "addedAt": "2026-11-21T17:43:00Z", "orientation": 1})
report["photos"] = photos
print(json.dumps(report))
PY
curl -sf -X PUT -H "$auth" -H "Content-Type: application/json" --data-binary "@$work/twenty.json" "$base/v1/reports/$id" >/dev/null
total=$(ls "$photos"/*.jpg | head -n 20 | xargs cat | wc -c)
sleep 1
echo 5 >"/proc/$pid/clear_refs"
before=$(grep VmRSS "/proc/$pid/status" | awk '{print $2}')
start=$(date +%s.%N)
curl -sf -X POST -H "$auth" "$base/v1/reports/$id/submit" >/dev/null
end=$(date +%s.%N)
peak=$(grep VmHWM "/proc/$pid/status" | awk '{print $2}')
pdf=$(curl -sf -H "$auth" "$base/v1/reports/$id/report.pdf" | wc -c)
python3 -c "import sys; b,p,t,s,e,d=map(float,sys.argv[1:]); print(f'photos {t/1e6:.1f} MB; PDF {d/1e6:.1f} MB in {e-s:.2f} s; resident before {b/1024:.0f} MiB, peak during the render {p/1024:.0f} MiB: +{(p-b)/1024:.0f} MiB, {(p-b)*1024/t*100:.0f} % of the photos')" "$before" "$peak" "$total" "$start" "$end" "$pdf"
