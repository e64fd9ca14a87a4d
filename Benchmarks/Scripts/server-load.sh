#!/usr/bin/env bash
# Load on crash-assistant-server over loopback (a documented measurement, not a test):
#   1. wrk GET of one report with 64 connections for DURATION seconds (default 30): requests/s, p99, errors;
#      beside it, nginx serving the same JSON bytes from a file, as a peer in the same run (when nginx is there).
#   2. COUNT (default 100) uploads of distinct ~4 MB photos at once: all stored, each exactly once; then the same
#      uploads again: all answered "stored before", still one file each.
#   3. Peak memory of rendering a report with twenty ~4 MB photos (the server's VmHWM, reset just before submit).
# Usage: Benchmarks/Scripts/server-load.sh [DURATION] [COUNT]   (run from the repository root; release build)
set -euo pipefail
cd "$(dirname "$0")/../.."
duration=${1:-30}
count=${2:-100}
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
  [[ -n "${nginx_pid:-}" ]] && kill "$nginx_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

token=$("$server" user add load --data "$work/data" 2>/dev/null)
"$server" serve --host 127.0.0.1 --port 0 --data "$work/data" --log-level error 2>"$work/server.log" &
pid=$!
for _ in $(seq 1 200); do
  port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$work/server.log" | grep -o '[0-9]*$' || true)
  [[ -n "${port:-}" ]] && break
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

echo "== 1. GET /v1/reports/{id}: wrk, 2 threads, 64 connections, ${duration}s"
wrk -t2 -c64 -d"${duration}s" --latency -H "$auth" "$base/v1/reports/$id" | tee "$work/wrk-server.txt"
if command -v nginx >/dev/null; then
  mkdir -p "$work/nginx/www"
  cp "$work/report.json" "$work/nginx/www/report.json"
  cat >"$work/nginx/nginx.conf" <<CONF
user $(id -un);
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/nginx/body; proxy_temp_path $work/nginx/proxy; fastcgi_temp_path $work/nginx/fastcgi;
  uwsgi_temp_path $work/nginx/uwsgi; scgi_temp_path $work/nginx/scgi;
  server { listen 127.0.0.1:0; root $work/nginx/www; }
}
CONF
  # nginx cannot listen on port 0: take a free port from the kernel.
  nginx_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  sed -i "s/listen 127.0.0.1:0/listen 127.0.0.1:$nginx_port/" "$work/nginx/nginx.conf"
  nginx -c "$work/nginx/nginx.conf" -g 'daemon off;' &
  nginx_pid=$!
  sleep 0.5
  echo "== 1b. peer: nginx (1 worker) serving the same JSON from a file"
  wrk -t2 -c64 -d"${duration}s" --latency "http://127.0.0.1:$nginx_port/report.json" | tee "$work/wrk-nginx.txt"
  kill "$nginx_pid"; nginx_pid=""
  if grep -q "Non-2xx" "$work/wrk-nginx.txt"; then echo "nginx answered errors; its figures do not count" >&2; fi
fi

echo "== 2. $count uploads of distinct ~4 MB photos at once"
ls "$photos"/*.jpg | head -n "$count" >"$work/list"
upload() {
  local file=$1 hash
  hash=$(sha256sum "$file" | cut -d' ' -f1)
  curl -s -o /dev/null -w "%{http_code}\n" -X PUT -H "$auth" -H "Content-Type: image/jpeg" \
    --data-binary "@$file" "$base/v1/photos/$hash"
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
