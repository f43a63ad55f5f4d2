#!/usr/bin/env bash
# Reading-and-measuring throughput of `sigbench run` (drawings/s at the last progress line) on
# the corpus of issue #44: svc2004's 80 files copied 25 times (2,000 drawings), no pictures, no
# counters, no history. On demand, not in CI.
#
#   scripts/throughput.sh [OTHER_BINARY] [--render] [--rounds N]
#
# Builds this checkout in release, makes the corpus in a temporary folder (from
# ../shared/corpus/svc2004; skipped with a message when absent), and runs the build (and
# OTHER_BINARY, alternating with it, e.g. a copy of an older build) N times (default 3).
# With --render the pictures are drawn too (400 drawings: 5 copies).
set -euo pipefail
cd "$(dirname "$0")/.."
other="" render=0 rounds=3
while [ $# -gt 0 ]; do
  case "$1" in
    --render) render=1 ;;
    --rounds) rounds="$2"; shift ;;
    *) other="$1" ;;
  esac
  shift
done
source_dir="../shared/corpus/svc2004"
if [ ! -d "$source_dir" ]; then
  echo "throughput: $source_dir is absent; nothing to measure" >&2
  exit 0
fi
swift build -c release --product sigbench >/dev/null
here="$(swift build -c release --show-bin-path)/sigbench"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
copies=25 flags=(--no-render)
if [ "$render" = 1 ]; then copies=5 flags=(); fi
for i in $(seq -w 1 "$copies"); do
  mkdir -p "$work/corpus/c$i"
  cp "$source_dir"/*.TXT "$work/corpus/c$i/"
done
total=$((copies * 80))
echo "machine load: $(cut -d' ' -f1-3 /proc/loadavg); corpus: $total drawings"
for round in $(seq 1 "$rounds"); do
  for bin in "$here" ${other:+"$other"}; do
    line=$("$bin" run --corpus "$work/corpus" "${flags[@]}" --no-history --no-counters \
      --out "$work/out" 2>&1 | grep -E "files $total/$total" | tail -1)
    echo "round $round  $bin  ${line##*, }"
  done
done
