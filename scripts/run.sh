#!/usr/bin/env bash
# Quick start, command 1: install what is missing, build in release, run the bundled corpus.
# Extra arguments go to `sigbench run` (e.g. --strategies straight,catmull-rom).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
echo "run.sh: building sigbench (release; a few minutes the first time)…" >&2
log=$(mktemp)
if ! swift build -c release --product sigbench >"$log" 2>&1; then
  cat "$log" >&2
  echo "run.sh: the release build failed (see above)" >&2
  exit 1
fi
rm -f "$log"
exec .build/release/sigbench run --corpus Corpus/ "$@"
