#!/usr/bin/env bash
# Builds the DocC documentation of the modules with a catalog, every declaration included (package and internal
# ones too: the server's are `package`), with warnings as errors: a ``Symbol`` link that no longer resolves, in a
# catalog or in any doc comment, fails the build naming it.
# Usage: scripts/check-docs.sh [OUTPUT_DIR]   (default .build/docs; one archive per module)
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
output=${1:-.build/docs}
mkdir -p "$output"
for target in Domain Data ServerCore; do
    echo "docs: $target"
    "$SWIFT" package --allow-writing-to-directory "$output" generate-documentation --target "$target" \
        --symbol-graph-minimum-access-level internal --warnings-as-errors --output-path "$output/$target.doccarchive" \
        >"$output/$target.log" 2>&1 || { grep -E "warning|error" "$output/$target.log" | head -n 40; echo "docs: $target failed (all of it in $output/$target.log)"; exit 1; }
done
echo "docs: Domain, Data and ServerCore built with no warning ($output)"
