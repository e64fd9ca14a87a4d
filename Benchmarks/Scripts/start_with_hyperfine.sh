#!/usr/bin/env bash
# Cross-checks the start benchmark with hyperfine: the release crash-assistant started with `q` on its input
# over a copy of the 10,000-report store the app benchmarks made, timed until it ends; beside it the same shell
# pipeline around /bin/true, the cost of sh and echo alone.
# Usage: Benchmarks/Scripts/start_with_hyperfine.sh [hyperfine options]   (make bench runs it)
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${CRASH_ASSISTANT_BENCHMARK_BINARY:-$root/.build/release/crash-assistant}"
template="${TMPDIR:-/tmp}/crash-assistant-benchmark-reports-v1"

command -v hyperfine >/dev/null || { echo "hyperfine is missing: apt-get install -y hyperfine (make bench does)" >&2; exit 69; }
[ -x "$binary" ] || { echo "$binary is missing: run 'swift build -c release --product crash-assistant' in $root" >&2; exit 66; }
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

hyperfine -N --warmup 5 "$@" \
  "sh -c \"echo q | $binary --database $work/data/reports.sqlite\"" \
  "sh -c \"echo q | /bin/true\""
