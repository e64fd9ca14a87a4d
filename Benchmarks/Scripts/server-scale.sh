#!/usr/bin/env bash
# One instance against two (a documented measurement, not a test): crash-assistant-server over loopback in three
# set-ups, each started fresh and measured the same way, the figures side by side at the end:
#   embedded   one instance on its data folder (SQLite, blobs in the folder), reached directly;
#   1 × PG+S3  one instance over PostgreSQL and a bucket in a local S3 stand-in (moto), behind nginx;
#   2 × PG+S3  two instances over one PostgreSQL and one bucket, each with its own data folder, behind nginx
#              balancing round robin per request.
# In each: wrk GET of one report (2 threads, 64 connections, DURATION s, default 20): requests/s and p99; then COUNT
# (default 40) uploads of distinct ~4 MB photos, AT_ONCE (default 16) at a time (curl): uploads/s, MB/s, p99, each
# photo stored once (the bucket listed).
# Usage: Benchmarks/Scripts/server-scale.sh [DURATION] [COUNT] [AT_ONCE]   (from the repository root; release build)
# Installs wrk and nginx (apt), PostgreSQL (scripts/ensure-postgres.sh) and moto (scripts/ensure-moto.sh) when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
make --no-print-directory deps >&2  # what the build needs (cairo, Pango, the phone-number library…), when missing
duration=${1:-20}
count=${2:-40}
at_once=${3:-16}
SWIFT=${SWIFT:-swift}
. scripts/cluster.sh

scripts/ensure-system-packages.sh cmd:wrk:wrk cmd:nginx:nginx
scripts/ensure-postgres.sh
scripts/ensure-moto.sh
python3 -c "import PIL" 2>/dev/null || python3 -m pip install --quiet Pillow

server=$(cluster_release_server "${SERVER:-}")   # SERVER=path: a release binary built already
photos="${TMPDIR:-/tmp}/crash-assistant-benchmark-photos-v1"   # the folder the other benchmarks use too
python3 Benchmarks/Scripts/make_benchmark_photos.py "$photos" "$count"
ls "$photos"/*.jpg | head -n "$count" >"${TMPDIR:-/tmp}/crash-assistant-scale-list"
list="${TMPDIR:-/tmp}/crash-assistant-scale-list"
bytes=$(xargs cat <"$list" | wc -c)
results=$(mktemp)

work=""
cleanup() {
  cluster_stop
  [[ -n "$work" ]] && rm -rf "$work"
  rm -f "$list" "$results"
}
trap cleanup EXIT

upload() {
  local file=$1 hash
  hash=$(sha256sum "$file" | cut -d' ' -f1)
  curl -s -o /dev/null -w "%{http_code} %{time_total}\n" -X PUT -H "$auth" -H "Content-Type: image/jpeg" \
    --data-binary "@$file" "$base/v1/photos/$hash"
}
export -f upload

# measure NAME INSTANCES SHARED(yes|no)
measure() {
  local name=$1 instances=$2 shared=$3 ports=() options=() token report stored
  work=$(mktemp -d)
  mkdir -p "$work/data-1" "$work/data-2"
  if [[ $shared == yes ]]; then
    cluster_start_postgres "$work"
    cluster_start_moto "$work"
    options=(--database-url "$CLUSTER_DATABASE_URL")
  fi
  token=$("$server" user add load --data "$work/data-1" "${options[@]}" 2>/dev/null)
  [[ $shared == yes ]] && options+=(--blob-url "$CLUSTER_BLOB_URL")
  for instance in $(seq 1 "$instances"); do
    # One load generator stands for many clients: the per-client bound is lifted for it.
    cluster_serve "$server" "$work/data-$instance" "$work/server-$instance.log" --log-level error \
      --max-connections-per-client 1024 "${options[@]}"
    ports+=("$CLUSTER_PORT")
  done
  [[ $shared == yes ]] && cluster_balance "$work" "${ports[@]}"
  export base="http://127.0.0.1:$CLUSTER_PORT" auth="Authorization: Bearer $token"
  report=$(python3 -c 'import json, uuid; print(json.dumps({"id": str(uuid.uuid4()), "crashId": "CR-23456789",
    "status": "draft", "createdAt": "2026-11-21T17:40:00Z", "updatedAt": "2026-11-21T17:45:00Z",
    "scene": {"occurredAt": "2026-11-21T17:42:05Z", "coordinate": {"latitude": 47.4979, "longitude": 19.0402}},
    "injuries": ["myself"], "photos": [], "otherDriverNote": "Blue hatchback, front bumper", "revision": 0}))')
  export id=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["id"])' "$report")
  curl -sf -X PUT -H "$auth" -H "Content-Type: application/json" --data-binary "$report" "$base/v1/reports/$id" >/dev/null

  echo "== $name: GET /v1/reports/{id}, wrk 2 threads × 64 connections, ${duration}s"
  wrk -t2 -c64 -d"${duration}s" --latency -H "$auth" "$base/v1/reports/$id" | tee "$work/wrk.txt"
  echo "== $name: $count uploads of distinct ~4 MB photos, $at_once at a time"
  local start end
  start=$(date +%s.%N)
  xargs -P "$at_once" -I{} bash -c 'upload {}' <"$list" >"$work/uploads.txt"
  end=$(date +%s.%N)
  sort <"$work/uploads.txt" | cut -d' ' -f1 | uniq -c
  if [[ $shared == yes ]]; then
    stored=$(cluster_bucket_keys photo/ | wc -l)
  else
    stored=$(find "$work/data-1/blobs/photo" -type f | wc -l)
  fi
  echo "photos stored: $stored (of $count)"
  python3 - "$name" "$work/wrk.txt" "$work/uploads.txt" "$start" "$end" "$bytes" "$count" "$stored" >>"$results" <<'PY'
import re, sys
name, wrk, uploads, start, end, total, count, stored = sys.argv[1:]
text = open(wrk).read()
rate = float(re.search(r"Requests/sec:\s*([\d.]+)", text).group(1))
def ms(value):
    number, unit = re.match(r"([\d.]+)(us|ms|s)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
p99 = ms(re.search(r"99%\s+(\S+)", text).group(1))
errors = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", text)
lines = [line.split() for line in open(uploads) if line.strip()]
times = sorted(float(t) for _, t in lines)
ok = sum(1 for code, _ in lines if code == "201")
seconds = float(end) - float(start)
upload_p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
print(f"| {name} | {rate:,.0f}/s | {p99:.1f} ms | {errors.group(1) if errors else 0} | "
      f"{len(lines) / seconds:.1f}/s ({int(total) / seconds / 1e6:.0f} MB/s) | {upload_p99:,.0f} ms | {ok}/{count} answered 201, {stored} stored |")
PY
  cluster_stop
  rm -rf "$work"
  work=""
}

measure "1 instance, embedded (SQLite, folder), direct" 1 no
measure "1 instance, PostgreSQL + bucket, behind nginx" 1 yes
measure "2 instances, one PostgreSQL + one bucket, behind nginx" 2 yes

echo
echo "| set-up | GET requests/s | GET p99 | GET errors | uploads/s (MB/s) | upload p99 | uploads |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
cat "$results"
