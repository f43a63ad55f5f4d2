#!/usr/bin/env bash
# Records the render goldens (Tests/SigbenchRenderTests/__Snapshots__/) locally, then runs the
# render tests again against them. Review every new or changed PNG before committing it.
#   scripts/record-goldens.sh            record only missing goldens
#   scripts/record-goldens.sh all        re-record every golden
#   scripts/record-goldens.sh failed     re-record the goldens that no longer match
# CI never records (scripts/test.sh sets SIGBENCH_RECORD=never: a missing golden fails).
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-missing}"
case "$mode" in all|failed|missing) ;; *) echo "usage: $0 [all|failed|missing]" >&2; exit 64;; esac
export SIGBENCH_RECORD="$mode"
# The recording pass reports recorded goldens as failures by design; the second pass must pass.
swift test --filter 'SigbenchRenderTests.GoldenTests' >/dev/null 2>&1 || true
export SIGBENCH_RECORD=never
swift test --filter 'SigbenchRenderTests.GoldenTests'
git status --short Tests/SigbenchRenderTests/__Snapshots__
