#!/usr/bin/env bash
# The app as `make release` builds it (the Swift runtime linked in, generic types made by their metadata functions, a
# fixed-position executable) does what the tests check of the debug build: it starts and shows the menu, a report
# made on its input is kept and listed, and its PDF is written, whole, with the times in the machine's zone.
# Usage: scripts/check-release-app.sh [BINARY]   (make test runs it on .build/static/release/crash-assistant)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${1:-$root/.build/static/release/crash-assistant}"
[ -x "$binary" ] || { echo "$binary is missing: run 'make release' in $root" >&2; exit 66; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for name in $(env | sed -n 's/^\(CRASH_ASSISTANT_[A-Z_]*\)=.*/\1/p'); do unset "$name"; done
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" TZ=Europe/Budapest LANG=C.UTF-8
mkdir -p "$HOME"

fail() { echo "check-release-app: $*" >&2; exit 1; }

"$binary" --version | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+$' || fail "--version does not print a version"

# The menu: Crash Assistant, past the checklist, the other driver injured, done, create, yes; back; quit.
printf '1\n\n1\n5\nd\nc\ny\nb\nq\n' | "$binary" > "$work/session.txt" 2>&1 || fail "the session ended with $?: $(tail -5 "$work/session.txt")"
grep -q "Goodbye." "$work/session.txt" || fail "the session did not end with Goodbye: $(tail -5 "$work/session.txt")"

"$binary" reports --json > "$work/reports.json" || fail "reports --json ended with $?"
crash_id="$(python3 - "$work/reports.json" <<'PY'
import json, sys
reports = json.load(open(sys.argv[1]))
assert len(reports) == 1 and reports[0]["status"] == "completed", reports
print(reports[0]["crashId"])
PY
)" || fail "the report made is not listed as the one completed report: $(cat "$work/reports.json")"

"$binary" export "$crash_id" "$work/report.pdf" > /dev/null || fail "export of $crash_id ended with $?"
qpdf --check "$work/report.pdf" > /dev/null || fail "the PDF does not check: $(qpdf --check "$work/report.pdf" 2>&1 | tail -3)"
text="$(pdftotext "$work/report.pdf" -)"
grep -q "$crash_id" <<< "$text" || fail "the PDF does not name $crash_id"
grep -Eq 'UTC\+0[12]:00' <<< "$text" || fail "the PDF's times are not in the machine's zone (Europe/Budapest)"

echo "check-release-app: $binary starts, keeps and lists a report, and writes its PDF ($crash_id)"
