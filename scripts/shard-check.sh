#!/usr/bin/env bash
# Shards and merge at scale (#48), on demand, not in CI: builds release, makes two corpora from
# ../shared/corpus (skipped with a message when absent) and, for each, runs the whole corpus
# once and as N shards, merges the shards and checks that the merge equals the single run.
#
#   scripts/shard-check.sh [--shards N] [--strategies LIST] [--copies K]
#
# Corpora: "files" = svc2004's 80 files copied 125 × K times (10,000 × K one-drawing files);
# "ndjson" = 4 × K large ndjson files, each the shared Quick, Draw! files' 150 lines repeated 20
# times (3,000 drawings a file). K (default 1) shows how the merge's share of a shard's time
# moves as shards grow: K = 4 takes about 13 minutes.
#
# Prints, per shard, its drawings and samples (and their deviation from the mean), its wall
# time and drawings per second of it (every phase: reading, timing, report); the merge's wall
# time against the mean shard's; and whether quality, samples, the corpus summary and the
# format study's figures equal the single run's (timings excepted).
set -euo pipefail
cd "$(dirname "$0")/.."
shards=8 strategies="" copies=1
while [ $# -gt 0 ]; do
  case "$1" in
    --shards) shards="$2"; shift ;;
    --strategies) strategies="$2"; shift ;;
    --copies) copies="$2"; shift ;;
    *) echo "usage: $0 [--shards N] [--strategies LIST] [--copies K]" >&2; exit 64 ;;
  esac
  shift
done
case "$copies" in
  '' | *[!0-9]* | 0) echo "shard-check: --copies takes a whole number from 1, not '$copies'" >&2; exit 64 ;;
esac
source_dir="../shared/corpus"
if [ ! -d "$source_dir/svc2004" ] || [ ! -d "$source_dir/quickdraw" ]; then
  echo "shard-check: $source_dir is absent; nothing to check" >&2
  exit 0
fi
swift build -c release --product sigbench >/dev/null
bin="$(swift build -c release --show-bin-path)/sigbench"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/files" "$work/ndjson"
for i in $(seq -w 1 $((125 * copies))); do
  mkdir -p "$work/files/c$i"
  cp "$source_dir"/svc2004/*.TXT "$work/files/c$i/"
done
for f in $(seq 1 $((4 * copies))); do
  for r in $(seq 1 20); do cat "$source_dir"/quickdraw/*.ndjson; done > "$work/ndjson/class$f.ndjson"
done
flags=(--no-render --no-history --no-counters)
if [ -n "$strategies" ]; then flags+=(--strategies "$strategies"); fi
# Seconds since `date +%s%N` gave $1.
seconds() { python3 -c "import sys; print((int(sys.argv[2]) - int(sys.argv[1])) / 1e9)" "$1" "$(date +%s%N)"; }
echo "machine load: $(cut -d' ' -f1-3 /proc/loadavg); $shards shards; $("$bin" --version)"
for corpus in files ndjson; do
  dir="$work/$corpus"
  start=$(date +%s%N)
  "$bin" run --corpus "$dir" --out "$work/out-$corpus/single" "${flags[@]}" --quiet >/dev/null \
    2>"$work/single.err" || { echo "single run failed:"; cat "$work/single.err"; exit 1; }
  single_s=$(seconds "$start")
  : > "$work/shards-$corpus.txt"
  for i in $(seq 1 "$shards"); do
    start=$(date +%s%N)
    "$bin" run --corpus "$dir" --shard "$i/$shards" --out "$work/out-$corpus/shard-$i" "${flags[@]}" \
      >/dev/null 2>"$work/shard.err" || { echo "shard $i failed:"; cat "$work/shard.err"; exit 1; }
    wall=$(seconds "$start")
    echo "$i $wall" >> "$work/shards-$corpus.txt"
  done
  start=$(date +%s%N)
  "$bin" merge "$work/out-$corpus"/shard-*/latest --out "$work/out-$corpus/merged" --no-history --quiet \
    >/dev/null
  merge_s=$(seconds "$start")
  python3 - "$work/out-$corpus" "$work/shards-$corpus.txt" "$single_s" "$merge_s" "$corpus" <<'PY'
import json, sys, statistics
out, table, single_s, merge_s, corpus = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
def load(p): return json.load(open(p + "/latest/result.json"))
single, merged = load(out + "/single"), load(out + "/merged")
rows = [l.split() for l in open(table)]
shards = [load(f"{out}/shard-{r[0]}") for r in rows]
d = [s["shard"]["drawings"] for s in shards]
p = [s["corpus"]["points"] for s in shards]
md, mp = statistics.mean(d), statistics.mean(p)
print(f"\n{corpus}: {single['corpus']['drawings']} drawings, {single['corpus']['points']} samples; single run {single_s:.1f} s")
print(" shard  drawings (vs mean)   samples (vs mean)    wall     drawings/s of wall")
for r, s, dd, pp in zip(rows, shards, d, p):
    print(f" {r[0]:>5}  {dd:>8} ({(dd - md) / md * 100:+5.1f} %)  {pp:>9} ({(pp - mp) / mp * 100:+5.1f} %)  {float(r[1]):5.1f} s  {dd / float(r[1]):8.1f}")
walls = [float(r[1]) for r in rows]
print(f" worst deviation: drawings {max(abs(x - md) / md for x in d) * 100:.1f} %, samples {max(abs(x - mp) / mp for x in p) * 100:.1f} %")
print(f" merge {merge_s:.2f} s = {merge_s / statistics.mean(walls) * 100:.1f} % of the mean shard's wall time ({statistics.mean(walls):.1f} s)")
def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if not any(t in k for t in ("Ns", "Timing", "timing", "PerSecond", "MBps", "warmup", "timedPasses"))}
    if isinstance(v, list): return [strip(x) for x in v]
    return v
same = {k: strip(single.get(k)) == strip(merged.get(k)) for k in ("quality", "samples", "corpus", "formatStudyFigures", "strategies")}
print(" merge equals the single run: " + ", ".join(f"{k} {'yes' if v else 'NO'}" for k, v in same.items()))
if not all(same.values()): sys.exit(1)
PY
done
