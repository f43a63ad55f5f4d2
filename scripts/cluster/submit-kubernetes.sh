#!/usr/bin/env bash
# Runs a sharded sigbench study on Kubernetes: the Indexed Job of shards, then, once it is
# complete, the merge Job (Kubernetes has no dependency between Jobs, so this waits for it).
#
#   scripts/cluster/submit-kubernetes.sh [--timeout 24h] [kubectl options, e.g. -n NAMESPACE]
#
# Needs kubectl, the `sigbench-data` volume claim holding /data/corpus, and the image
# (README, "Running on a cluster").
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
timeout=24h
if [ "${1:-}" = "--timeout" ]; then timeout="$2"; shift 2; fi
kubectl "$@" apply -f "$here/kubernetes/sigbench-shards.yaml"
kubectl "$@" wait --for=condition=complete job/sigbench-shards --timeout="$timeout"
kubectl "$@" apply -f "$here/kubernetes/sigbench-merge.yaml"
kubectl "$@" wait --for=condition=complete job/sigbench-merge --timeout=1h
kubectl "$@" logs job/sigbench-merge
