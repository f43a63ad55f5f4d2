#!/usr/bin/env bash
# Quick start, command 1: install what is missing, build in release, run the bundled corpus.
# Extra arguments go to `sigbench run` (e.g. --strategies straight,catmull-rom).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product sigbench 2>&1 | grep -v -E '^\[[0-9]+/[0-9]+\]' || true
test -x .build/release/sigbench || { echo "run.sh: release build failed" >&2; exit 1; }
exec .build/release/sigbench run --corpus Corpus/ "$@"
