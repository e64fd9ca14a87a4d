#!/usr/bin/env bash
# A ~20 MiB photo uploaded to the server keeping its photos in a bucket (a documented measurement, not a test):
# moto (PyPI moto[server]) on loopback as the bucket; ROUNDS (default 3) rounds, each a distinct photo sent with
# curl (`PUT /v1/photos/{sha256}`) to crash-assistant-server --blob-url, and beside it boto3 putting the same bytes
# into the same moto (its managed upload: multipart above 8 MiB, as the AWS SDKs do). Prints both throughputs and
# their ratio (goal: the server at least 0.9 × boto3). Release build.
# Usage: Benchmarks/Scripts/bucket-upload.sh [ROUNDS]   (run from the repository root)
set -euo pipefail
cd "$(dirname "$0")/../.."
make --no-print-directory deps >&2  # what the build needs (cairo, Pango, the phone-number library…), when missing
rounds=${1:-3}
SWIFT=${SWIFT:-swift}

scripts/ensure-moto.sh
python3 -c "import boto3, PIL" 2>/dev/null || python3 -m pip install --quiet boto3 Pillow
"$SWIFT" build -c release --product crash-assistant-server >/dev/null
server="$("$SWIFT" build -c release --show-bin-path)/crash-assistant-server"
moto=$(command -v moto_server || echo "$HOME/.pyenv/shims/moto_server")
work=$(mktemp -d)
cleanup() {
  [[ -n "${pid:-}" ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  [[ -n "${moto_pid:-}" ]] && kill "$moto_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
moto_port=$(free_port)
"$moto" -H 127.0.0.1 -p "$moto_port" >"$work/moto.log" 2>&1 &
moto_pid=$!
export AWS_ACCESS_KEY_ID=benchmark AWS_SECRET_ACCESS_KEY=benchmark AWS_DEFAULT_REGION=us-east-1
endpoint="http://127.0.0.1:$moto_port"
for _ in $(seq 1 100); do curl -s -o /dev/null "$endpoint" && break; sleep 0.1; done
python3 -c "import boto3,sys; boto3.client('s3', endpoint_url=sys.argv[1]).create_bucket(Bucket='photos')" "$endpoint"

# Distinct camera-like JPEGs just under 20 MiB (noise does not compress).
python3 - "$work" "$rounds" <<'PY'
import io, os, sys
from PIL import Image
folder, rounds = sys.argv[1], int(sys.argv[2])
for index in range(rounds):
    size = 4300
    while True:
        image = Image.frombytes("RGB", (size, size), os.urandom(size * size * 3))
        out = io.BytesIO()
        image.save(out, "JPEG", quality=95)
        if out.tell() <= 20 * 1024 * 1024 - 1024:
            break
        size -= 50
    open(f"{folder}/photo-{index}.jpg", "wb").write(out.getvalue())
PY

token=$("$server" user add bench --data "$work/data" 2>/dev/null)
"$server" serve --host 127.0.0.1 --port 0 --data "$work/data" --log-level error \
  --blob-url "s3://photos?endpoint=$endpoint&region=us-east-1" 2>"$work/server.log" &
pid=$!
for _ in $(seq 1 200); do
  port=$(grep -o 'listening on http://127.0.0.1:[0-9]*' "$work/server.log" | grep -o '[0-9]*$' || true)
  [[ -n "$port" ]] && break
  sleep 0.05
done

printf "%-6s %10s %14s %14s %8s\n" round MB "server s" "boto3 s" ratio
for round in $(seq 0 $((rounds - 1))); do
  file="$work/photo-$round.jpg"
  sha=$(sha256sum "$file" | cut -d' ' -f1)
  start=$(date +%s.%N)
  status=$(curl -s -o /dev/null -w '%{http_code}' -X PUT -H "Expect:" -H "Authorization: Bearer $token" \
    -H "Content-Type: image/jpeg" --data-binary "@$file" "http://127.0.0.1:$port/v1/photos/$sha")
  end=$(date +%s.%N)
  [[ "$status" == 201 ]] || { echo "the server answered $status" >&2; exit 1; }
  boto=$(python3 - "$endpoint" "$file" "$round" <<'PY'
import boto3, sys, time
client = boto3.client("s3", endpoint_url=sys.argv[1])
data = open(sys.argv[2], "rb").read()
start = time.perf_counter()
client.upload_fileobj(__import__("io").BytesIO(data), "photos", f"boto3/{sys.argv[3]}")
print(f"{time.perf_counter() - start:.3f}")
PY
)
  python3 -c 'import os,sys; f,s,e,b=sys.argv[1],float(sys.argv[2]),float(sys.argv[3]),float(sys.argv[4]); mb=os.path.getsize(f)/1e6; ours=e-s; print(f"{sys.argv[5]:<6} {mb:10.1f} {ours:14.3f} {b:14.3f} {b/ours:8.2f}")' \
    "$file" "$start" "$end" "$boto" "$((round + 1))" | tee -a "$work/rounds.txt"
done
python3 - "$work/rounds.txt" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
ours = statistics.median(float(row[2]) for row in rows)
boto = statistics.median(float(row[3]) for row in rows)
print(f"{'median':<6} {'':>10} {ours:14.3f} {boto:14.3f} {boto / ours:8.2f}")
PY
echo "(ratio: boto3's time over the server's, i.e. the server's throughput as a share of boto3's; goal >= 0.9)"
