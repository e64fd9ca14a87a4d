#!/usr/bin/env bash
# Fair rendering (a documented measurement, not a test): one driver submits two pixel-heavy reports at once (each
# naming TEN blank 9000 × 9000 PNGs, about 79 KB each, 81 megapixels when decoded) while another driver submits a
# report holding a note. For RUNS runs (default 3), in one run each:
#   - the other driver's submit alone (the floor), and while the heavy pair renders: its time, and the ratio;
#   - each heavy submit's time, and the server's peak memory over the run (VmHWM).
# Usage: Benchmarks/Scripts/render-fairness.sh [BINARY]   (run from the repository root; release build unless given)
#   KEEP_PDF=FILE keeps the PDF of the last heavy report there, to look at.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/cluster.sh
make --no-print-directory deps >&2
runs=${RUNS:-3}
server=$(cluster_release_server "${1:-}")
work=$(mktemp -d)
cleanup() {
  [[ -n "${pid:-}" ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

python3 - "$work/png" <<'PY'
# Ten blank 9000 x 9000 PNGs, each with one pixel of its own so their SHA-256 differ.
import struct, sys, zlib
from pathlib import Path
folder = Path(sys.argv[1]); folder.mkdir(parents=True)
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
size = 9000
for index in range(10):
    rows = bytearray()
    blank = b"\x00" + b"\xff" * (size * 3)
    for y in range(size):
        if y == index:
            row = bytearray(blank); row[1 + index * 3] = index; rows += row
        else:
            rows += blank
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
    (folder / f"blank-{index}.png").write_bytes(data)
PY

heavy=$("$server" user add heavy --data "$work/data" 2>/dev/null)
light=$("$server" user add light --data "$work/data" 2>/dev/null)
"$server" keys create --data "$work/data" --name "Benchmark Insurance" >/dev/null 2>&1
"$server" serve --host 127.0.0.1 --port 0 --data "$work/data" --log-level error --metrics-port 0 2>"$work/server.log" &
pid=$!
cluster_wait_for "$work/server.log" "metrics on http://127.0.0.1:" "$pid" "The server"
port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$work/server.log" | grep -o '[0-9]*$')
base="http://127.0.0.1:$port"

for file in "$work"/png/*.png; do
  sha=$(sha256sum "$file" | cut -d' ' -f1)
  curl -sf -o /dev/null -X PUT -H "Authorization: Bearer $heavy" -H "Content-Type: image/png" --data-binary "@$file" "$base/v1/photos/$sha"
done

# A draft of USER with the PNGs (heavy) or a note only (light): its id.
new_report() {
  local token=$1 kind=$2
  local body id status
  body=$(python3 - "$work/png" "$kind" <<'PY'
import hashlib, json, sys, uuid
from pathlib import Path
folder, kind = Path(sys.argv[1]), sys.argv[2]
photos = []
if kind == "heavy":
    sections = ["licence-insurance", "other-plate", "other-damage", "your-damage", "crash-scene"]
    for index, path in enumerate(sorted(folder.glob("*.png"))):
        data = path.read_bytes()
        photos.append({"id": str(uuid.uuid4()), "section": sections[index % len(sections)],
                       "sha256": hashlib.sha256(data).hexdigest(), "mediaType": "image/png", "byteCount": len(data),
                       "width": 9000, "height": 9000, "originalFileName": path.name,
                       "addedAt": "2026-11-21T17:43:00Z", "orientation": 1})
import random
crash = "CR-" + "".join(random.choice("23456789ABCDEFGHJKMNPQRSTUVWXYZ") for _ in range(8))
print(json.dumps({"id": str(uuid.uuid4()), "crashId": crash, "status": "draft",
  "createdAt": "2026-11-21T17:40:00Z", "updatedAt": "2026-11-21T17:45:00Z",
  "scene": {"occurredAt": "2026-11-21T17:42:05Z"}, "injuries": ["myself"], "photos": photos,
  "otherDriverNote": "Blue hatchback", "revision": 0}))
PY
)
  id=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["id"])' "$body")
  status=$(curl -s -o "$work/put.json" -w '%{http_code}' -X PUT -H "Authorization: Bearer $token" -H "Content-Type: application/json" \
    --data-binary "$body" "$base/v1/reports/$id")
  [[ "$status" == 201 ]] || { echo "the $kind report was refused ($status): $(cat "$work/put.json")" >&2; exit 1; }
  echo "$id"
}

# Seconds a submit of report ID by TOKEN takes; fails on an answer that is not 200.
submit() {
  curl -s -o /dev/null -w '%{http_code} %{time_total}\n' -X POST -H "Authorization: Bearer $1" "$base/v1/reports/$2/submit" \
    | awk '$1 != 200 { print "submit answered " $1 > "/dev/stderr"; exit 1 } { print $2 }'
}

# "<status> <seconds>" of the heavy driver's submit of report ID.
heavy_submit() {
  curl -s -o /dev/null -w '%{http_code} %{time_total}\n' -X POST -H "Authorization: Bearer $heavy" "$base/v1/reports/$1/submit"
}

printf '%-4s %-10s %-10s %-7s %-36s %-10s\n' run alone\(s\) beside\(s\) ratio "heavy submits (status s)" peak\(MB\)
for run in $(seq 1 "$runs"); do
  alone=$(submit "$light" "$(new_report "$light" light)")
  first=$(new_report "$heavy" heavy); second=$(new_report "$heavy" heavy); other=$(new_report "$light" light)
  echo 0 >"/proc/$pid/clear_refs" 2>/dev/null || true
  echo 5 >"/proc/$pid/clear_refs" 2>/dev/null || true
  # One driver holds at most one of the two slots: the second of their submits at once may be answered 429 (with
  # Retry-After, which the app heeds); the table shows each one's status and time.
  heavy_submit "$first" >"$work/heavy-1" & h1=$!
  heavy_submit "$second" >"$work/heavy-2" & h2=$!
  sleep 0.5
  beside=$(submit "$light" "$other")
  wait "$h1" "$h2"
  peak=$(awk '/VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$pid/status")
  ratio=$(python3 -c "print(f'{$beside / $alone:.1f}')")
  if [[ -n "${KEEP_PDF:-}" ]]; then
    for id in "$first" "$second"; do curl -sf -o "$KEEP_PDF" -H "Authorization: Bearer $heavy" "$base/v1/reports/$id/report.pdf" && break; done
  fi
  printf '%-4s %-10s %-10s %-7s %-36s %-10s\n' "$run" "$alone" "$beside" "$ratio" "$(cat "$work/heavy-1"), $(cat "$work/heavy-2")" "$peak"
done
