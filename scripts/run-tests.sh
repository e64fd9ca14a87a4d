#!/usr/bin/env bash
# Runs the built test suite and, when it fails, repeats every failing test's lines at the end, where a log's tail
# shows them: with some hundred tests running in parallel, the failure otherwise sits thousands of lines above.
set -uo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
log=$(mktemp "${TMPDIR:-/tmp}/crash-assistant-tests.XXXXXX")
trap 'rm -f "$log"' EXIT

# The suites that load the machine on purpose (hundreds of sockets trickling bytes, uploads paced for tens of
# seconds) run on their own after the rest, so the tests that time what a person sees are not run beside them.
heavy="ServerSlowClientTests|ServerHostileClientTests"
"$SWIFT" test --skip-build --skip "$heavy" "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
"$SWIFT" test --skip-build --filter "$heavy" "$@" 2>&1 | tee -a "$log"
heavy_status=${PIPESTATUS[0]}
if [ "$status" -eq 0 ]; then status=$heavy_status; fi

if [ "$status" -ne 0 ]; then
    echo
    echo "==== what failed (exit status $status) ===="
    # Swift Testing marks a failing test, its recorded issues and the run's verdict with ✘; XCTest says "error:".
    grep -E '✘|^error: |: error: |Fatal error' "$log" | head -n 60
fi
exit "$status"
