#!/usr/bin/env bash
# Fuzzes the stroke readers with libFuzzer and the address sanitizer.
#   scripts/fuzz.sh FORMAT SECONDS     one reader (a format id of `sigbench formats`), or `all`
#                                      (SECONDS each)
# Builds the readers instrumented into .build/fuzz, links .build/fuzz/fuzz-reader, seeds each
# reader from Corpus/, the converted fixtures, ../shared/corpus (when present) and the kept
# crash fixtures in Tests/SigbenchFormatsTests/Fuzz/FORMAT/, then runs it. A finding is written
# to .build/fuzz/findings/FORMAT/ and makes the script fail; copy it into
# Tests/SigbenchFormatsTests/Fuzz/FORMAT/ once fixed, so the regression test replays it.
# Prints executions, coverage and findings per reader.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ $# -ne 2 ]] || ! [[ $2 =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh FORMAT|all SECONDS" >&2
  exit 64
fi
format=$1
seconds=$2
out=.build/fuzz
formats=(native inkml iam-ondb signature-pad bdalab-svc svc2004 quickdraw sbi uim)
if [[ $format != all ]] && ! printf '%s\n' "${formats[@]}" | grep -qx -- "$format"; then
  echo "fuzz: unknown format '$format' (one of: ${formats[*]}, all)" >&2
  exit 64
fi

bash scripts/install-deps.sh
echo "== fuzz: building the readers with -sanitize=fuzzer,address" >&2
swift build -c release --scratch-path "$out/build" --target SigbenchFormats \
  -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address >&2
b=$out/build/release
src=Sources
# The object files of a module's current sources (SwiftPM lists them in `sources`), so objects
# of files since removed, left in the kept build folder, are not linked in.
objects() { sed "s|.*/||; s|^|$b/$1.build/|; s|\$|.o|" "$b/$1.build/sources"; }
mapfile -t linked < <(for m in SigbenchFormats SigbenchCore SigbenchResults SigbenchFiles; do
  objects "$m"
done)
swiftc -O -sanitize=fuzzer,address -parse-as-library -I "$b/Modules" \
  -I /usr/include/libxml2 \
  -Xcc -fmodule-map-file=$src/CLibXML2/module.modulemap \
  -Xcc -fmodule-map-file=$src/CZlib/module.modulemap \
  -Xcc -fmodule-map-file=$src/CLZMA/module.modulemap \
  scripts/fuzz/FuzzReader.swift "${linked[@]}" -lxml2 -lz -llzma -o "$out/fuzz-reader" 2>/dev/null

# Seeds: every bundled and shared file, and the fixtures converted to each writable format.
swift build --product sigbench 2>&1 | grep -E 'error' >&2 || true
sigbench=.build/debug/sigbench
seeds=$out/seeds
rm -rf "$seeds" && mkdir -p "$seeds/all"
{ find Corpus ../shared/corpus -type f ! -name '*.md' 2>/dev/null || true; } | while read -r f; do
  cp "$f" "$seeds/all/$(echo "$f" | tr '/' '_')"
done
for f in Corpus/fixtures/*.sigbench.json; do
  n=$(basename "$f" .sigbench.json)
  for ext in inkml sbi; do
    $sigbench convert "$f" --output "$seeds/all/$n.$ext" >/dev/null 2>&1 || true
  done
  $sigbench convert "$f" --format signature-pad --output "$seeds/all/$n.sp.json" \
    >/dev/null 2>&1 || true
done

status=0
run_one() {
  local id=$1
  local corpus=$out/corpus/$id findings=$out/findings/$id
  # A finding left by an earlier run is not this run's: start each run with none.
  rm -rf "$findings"
  mkdir -p "$corpus" "$findings"
  local kept=Tests/SigbenchFormatsTests/Fuzz/$id
  local log
  # No Swift backtracer: libFuzzer reports the crash, and ASan flags the backtracer's reads.
  log=$(SWIFT_BACKTRACE=enable=no SIGBENCH_FUZZ_FORMAT=$id \
    "$out/fuzz-reader" -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="$findings/" \
    "$corpus" "$seeds/all" $([[ -d $kept ]] && echo "$kept") 2>&1) || true
  local runs cov found
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' <<<"$log" | grep -o '[0-9]*$' || echo 0)
  cov=$(grep -o 'cov: [0-9]*' <<<"$log" | tail -1 | grep -o '[0-9]*' || echo 0)
  found=$(find "$findings" -type f | wc -l)
  echo "fuzz $id: ${runs:-0} executions in ${seconds}s, coverage ${cov:-0} edges, $found finding(s)"
  if [[ $found -gt 0 ]]; then
    grep -E 'ERROR|SUMMARY|Fatal error' <<<"$log" | head -5
    status=1
  fi
}
if [[ $format == all ]]; then
  # One reader per core at a time, each for the full SECONDS; reports in the fixed order.
  jobs=$(nproc 2>/dev/null || echo 1)
  reports=$out/reports
  rm -rf "$reports" && mkdir -p "$reports"
  for id in "${formats[@]}"; do
    while [[ $(jobs -rp | wc -l) -ge $jobs ]]; do wait -n || true; done
    (run_one "$id" >"$reports/$id.txt" 2>&1; echo "$status" >"$reports/$id.status") &
  done
  wait
  for id in "${formats[@]}"; do
    cat "$reports/$id.txt"
    [[ $(cat "$reports/$id.status" 2>/dev/null || echo 1) == 0 ]] || status=1
  done
else
  run_one "$format"
fi
exit $status
