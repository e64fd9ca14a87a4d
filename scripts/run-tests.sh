#!/usr/bin/env bash
# Runs the built test suite and, when it fails, repeats every failing test's lines at the end, where a log's tail
# shows them: with some hundred tests running in parallel, the failure otherwise sits thousands of lines above.
set -uo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
log=$(mktemp "${TMPDIR:-/tmp}/crash-assistant-tests.XXXXXX")
trap 'rm -f "$log"' EXIT

# The suites that load the machine on purpose (hundreds of sockets trickling bytes, uploads paced for tens of
# seconds) run on their own after the rest, so the tests that time what a person sees are not run beside them; and
# they attack the release build of the server, the one an insurer runs (built here when it is not up to date).
heavy="ServerSlowClientTests|ServerHostileClientTests"
"$SWIFT" test --skip-build --skip "$heavy" "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if "$SWIFT" build -c release --product crash-assistant-server 2>&1 | tee -a "$log" | tail -n 1 \
    && "$SWIFT" build -c release --product CrashAssistantPhoneNumbers 2>&1 | tee -a "$log" | tail -n 1; then
    CRASH_ASSISTANT_SERVER_BINARY=.build/release/crash-assistant-server \
        "$SWIFT" test --skip-build --filter "$heavy" "$@" 2>&1 | tee -a "$log"
    heavy_status=${PIPESTATUS[0]}
else
    echo "error: the release build of the server failed; the attack suites were not run" | tee -a "$log"
    heavy_status=1
fi
if [ "$status" -eq 0 ]; then status=$heavy_status; fi

if [ "$status" -ne 0 ]; then
    echo
    echo "==== what failed (exit status $status) ===="
    # Swift Testing marks a failing test, its recorded issues and the run's verdict with ✘; XCTest says "error:".
    grep -E '✘|^error: |: error: |Fatal error' "$log" | head -n 60
fi
exit "$status"
