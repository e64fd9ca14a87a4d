#!/usr/bin/env bash
# Runs every fuzz target for FUZZ_SECONDS (default 60) each, seeded from Fuzz/Corpus/<target> with its
# dictionary from Fuzz/Dictionaries. New corpus entries and findings go to Fuzz/.runs/<target>/ (not committed).
# Exits 1 naming the saved input of every target that found something.
#
# Usage: Fuzz/Scripts/run-fuzzers.sh <bin dir of the fuzz build> [target ...]   (make fuzz calls it)
set -euo pipefail

bin=${1:?give the bin folder of the fuzz build (swift build ... --show-bin-path)}
shift
fuzz=$(cd "$(dirname "$0")/.." && pwd)
seconds=${FUZZ_SECONDS:-60}

# target:dictionary
all=(
    FuzzImageInspector:images FuzzPhotoMetadata:images FuzzCrashScene:text
    FuzzCrashID:text FuzzDeepLink:links FuzzLineText:text FuzzWireReport:json FuzzStatementFields:text FuzzStatementFront:text
)
if (($# > 0)); then
    wanted=()
    for name in "$@"; do
        for entry in "${all[@]}"; do [[ ${entry%%:*} == "$name" ]] && wanted+=("$entry"); done
    done
else
    wanted=("${all[@]}")
fi

# Without this the Swift runtime's backtracer takes over the crash signal, and libFuzzer never saves the input.
export SWIFT_BACKTRACE=enable=no

findings=()
for entry in "${wanted[@]}"; do
    target=${entry%%:*}
    dictionary=$fuzz/Dictionaries/${entry#*:}.dict
    runs=$fuzz/.runs/$target
    mkdir -p "$runs/corpus" "$runs/findings"
    echo "== $target (${seconds}s)"
    # The first corpus folder receives new entries; the committed one after it is only read.
    status=0
    "$bin/$target" \
        -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
        -dict="$dictionary" -artifact_prefix="$runs/findings/" \
        "$runs/corpus" "$fuzz/Corpus/$target" >"$runs/log" 2>&1 || status=$?
    # The last status line (coverage, corpus, exec/s) and the run's totals.
    grep -E '^#[0-9]+.* cov: ' "$runs/log" | tail -n 1 || true
    grep -E '^Done [0-9]+ runs' "$runs/log" || true
    if ((status != 0)); then
        saved=$(grep -oE 'Test unit written to [^ ]+' "$runs/log" | sed 's/Test unit written to //' | tail -n 1 || true)
        echo "!! $target found something (exit $status): ${saved:-see $runs/log}"
        grep -E 'property failed|Fatal error|ERROR: (AddressSanitizer|libFuzzer)' "$runs/log" | head -n 3 || true
        findings+=("$target: ${saved:-$runs/log}")
    fi
done

if ((${#findings[@]} > 0)); then
    echo
    echo "Findings (reproduce with: SWIFT_BACKTRACE=enable=no $bin/<target> <input>):"
    printf '  %s\n' "${findings[@]}"
    exit 1
fi
echo "No findings."
