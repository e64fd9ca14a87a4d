# Sourced by the sync benchmarks (sync-upload.sh, sync-weak-link.sh): the release builds and COUNT benchmark photos.
#   app_photos_setup COUNT   builds the server and the app (release), makes the photos when missing; sets bin (the
#                            release folder), work (a new temporary folder), files, bytes and hashes (worked out before
#                            any timing: the app knows them already too, it hashed each photo when it was added)
#   app_photos_keys [create] prints the keystrokes that add "${files[@]}" to drafts (ten a section, five sections a
#                            report) and quit; pipe them into crash-assistant. With "create", each report is created
#                            (completed) instead of kept as a draft.
app_photos_setup() {
  local count=$1
  python3 -c "import PIL" 2>/dev/null || python3 -m pip install --quiet Pillow
  make --no-print-directory deps >&2  # what the build needs (cairo, Pango, the phone-number library…), when missing
  "${SWIFT:-swift}" build -c release --product crash-assistant-server >/dev/null
  "${SWIFT:-swift}" build -c release --product crash-assistant >/dev/null
  bin="$("${SWIFT:-swift}" build -c release --show-bin-path)"
  work=$(mktemp -d)
  local photos="${TMPDIR:-/tmp}/crash-assistant-benchmark-photos-v1"   # the folder the other benchmarks use too
  python3 Benchmarks/Scripts/make_benchmark_photos.py "$photos" "$count"
  mapfile -t files < <(ls "$photos"/*.jpg | sort | head -n "$count")
  bytes=$(cat "${files[@]}" | wc -c)
  mapfile -t hashes < <(sha256sum "${files[@]}" | cut -d' ' -f1)
}

app_photos_keys() {
  local index=0 page section
  while (( index < ${#files[@]} )); do
    printf '1\n\n'                                   # a new report (checklist, then Collect Crash Info)
    for page in 2 3; do
      printf '%s\n' "$page"
      for section in $([[ $page == 2 ]] && echo "1 2 3" || echo "1 2"); do
        for _ in $(seq 1 10); do
          (( index < ${#files[@]} )) || break
          printf 'add %s %s\n' "$section" "${files[$index]}"
          index=$((index + 1))
        done
      done
      printf 'd\n'
    done
    if [[ "${1:-}" == create ]]; then
      printf 'c\ny\nb\n'                            # created, then back to the menu
    else
      printf 'x\ns\n'                                # kept as a draft
    fi
  done
  printf 'q\n'
}
