#!/usr/bin/env bash
# Builds the DocC documentation of the modules with a catalog (Sources/<module>/<module>.docc), every declaration
# included — package and internal ones too (the server's are `package`) — with warnings as errors: a ``Symbol`` link
# that no longer resolves, in a catalog or in any doc comment, fails naming the file and line. A link to another
# module's symbol is written in code voice (`ReportError`), which DocC does not resolve. Parameter lists are not
# checked: a comment documents the parameters that need words, not every one.
# The archives: .build/plugins/Swift-DocC/outputs/<module>.doccarchive
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
log=$(mktemp "${TMPDIR:-/tmp}/crash-assistant-docs.XXXXXX")
trap 'rm -f "$log"' EXIT
for target in Domain Data ServerCore; do
    if ! "$SWIFT" package generate-documentation --target "$target" --symbol-graph-minimum-access-level internal \
        --disable-parameters-and-returns-validation --warnings-as-errors >"$log" 2>&1; then
        grep -E -A4 "^(warning|error): " "$log" | grep -v "swift-distributed-tracing" | head -n 60
        echo "docs: the documentation of $target has warnings (above); fix each link, or write another module's symbol in code voice"
        exit 1
    fi
    echo "docs: $target built with no warning"
done
