#!/usr/bin/env bash
# Generates the wire types, server and client in Sources/WireAPI/GeneratedSources from openapi.yaml with
# swift-openapi-generator (the version Package.swift names). The generated files are committed, so builds
# do not run the generator.
#   scripts/generate-wire-api.sh           regenerate in place
#   scripts/generate-wire-api.sh --check   fail when regenerating would change the committed files
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
target=Sources/WireAPI
"$SWIFT" build --product swift-openapi-generator >/dev/null
generator="$("$SWIFT" build --show-bin-path)/swift-openapi-generator"

if [[ "${1:-}" == "--check" ]]; then
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  "$generator" generate --config "$target/openapi-generator-config.yaml" \
    --output-directory "$scratch" "$target/openapi.yaml" >/dev/null
  if ! diff -r "$scratch" "$target/GeneratedSources"; then
    echo "The generated wire code is out of date with openapi.yaml: run scripts/generate-wire-api.sh and commit the result." >&2
    exit 1
  fi
  echo "The generated wire code matches openapi.yaml."
else
  "$generator" generate --config "$target/openapi-generator-config.yaml" \
    --output-directory "$target/GeneratedSources" "$target/openapi.yaml"
fi
