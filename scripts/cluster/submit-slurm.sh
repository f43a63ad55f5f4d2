#!/usr/bin/env bash
# Submits a sharded sigbench study to Slurm: a job array of N shards, then the merge job, which
# starts only when every shard succeeded (--dependency=afterok).
#
#   scripts/cluster/submit-slurm.sh --corpus DIR --out DIR --shards N [--sigbench PATH] [--wait]
#     [-- extra run options]
#
# Prints the two job ids. With --wait, waits for the merge and exits with its status.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
corpus="" out="" shards="" sigbench="sigbench" wait=()
while [ $# -gt 0 ]; do
  case "$1" in
    --corpus) corpus="$2"; shift ;;
    --out) out="$2"; shift ;;
    --shards) shards="$2"; shift ;;
    --sigbench) sigbench="$2"; shift ;;
    --wait) wait=(--wait) ;;
    --) shift; break ;;
    *) echo "usage: $0 --corpus DIR --out DIR --shards N [--sigbench PATH] [--wait] [-- run options]" >&2; exit 64 ;;
  esac
  shift
done
[ -n "$corpus" ] && [ -n "$out" ] && [ -n "$shards" ] || { echo "$0: --corpus, --out and --shards are required" >&2; exit 64; }
mkdir -p "$out"
export SIGBENCH="$sigbench" CORPUS="$corpus" OUT="$out" SHARDS="$shards" SIGBENCH_RUN_ARGS="$*"
array=$(sbatch --parsable --chdir="$out" --array="1-$shards" --export=ALL "$here/sigbench-shards.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --chdir="$out" --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --export=ALL "${wait[@]}" "$here/sigbench-merge.sbatch")
echo "shards: job $array (array 1-$shards); merge: job ${merge%%;*}"
