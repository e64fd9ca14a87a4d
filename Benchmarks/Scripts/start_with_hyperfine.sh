#!/usr/bin/env bash
# Cross-checks the start benchmark with hyperfine: the release crash-assistant started with `q` on its input
# over a copy of the 10,000-report store the app benchmarks made, timed until it ends; beside it the same shell
# pipeline around /bin/true (the cost of sh and echo alone), `--version` alone, and the floor: sqlite3 opening the same
# store. Prints the median of each.
# Usage: Benchmarks/Scripts/start_with_hyperfine.sh [hyperfine options]   (make bench runs it)
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${CRASH_ASSISTANT_BENCHMARK_BINARY:-$root/.build/static/release/crash-assistant}"
template="${TMPDIR:-/tmp}/crash-assistant-benchmark-reports-v1"

command -v hyperfine >/dev/null || { echo "hyperfine is missing: apt-get install -y hyperfine (make bench does)" >&2; exit 69; }
[ -x "$binary" ] || { echo "$binary is missing: run 'make release' in $root" >&2; exit 66; }
[ -f "$template/reports.sqlite" ] || {
  echo "$template holds no store yet: run 'cd Benchmarks && swift package benchmark --target AppBenchmarks' first" >&2
  exit 66
}

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -R "$template" "$work/data"
mkdir -p "$work/home"
for name in $(env | sed -n 's/^\(CRASH_ASSISTANT_[A-Z_]*\)=.*/\1/p'); do unset "$name"; done
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share"

hyperfine -N --warmup 5 --export-json "$work/times.json" "$@" \
  "sh -c \"echo q | $binary --database $work/data/reports.sqlite\"" \
  "sh -c \"echo q | /bin/true\"" \
  "$binary --version" \
  "sqlite3 $work/data/reports.sqlite 'select 1'"
# The goal is on the median of the first (start → first screen → quit, the shell included).
python3 - "$work/times.json" <<'PY'
import json, sys
for result in json.load(open(sys.argv[1]))["results"]:
    print(f"median {result['median'] * 1000:6.2f} ms  {result['command']}")
PY
