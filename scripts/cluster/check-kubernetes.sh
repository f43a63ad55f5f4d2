#!/usr/bin/env bash
# Validates the Kubernetes manifests offline against the Kubernetes API schemas
# (kubernetes-validate from PyPI, which bundles them; installed once into
# .build/kubernetes-validate), strictly (an unknown field is an error), for Kubernetes 1.29 (the
# oldest with every field used here as stable) and the tool's newest. Also checks that the
# shards' Job is one split: completions, parallelism and `auto/N` name the same N. A misspelt
# copy must fail, so a validator that accepts anything is caught. Part of scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=.build/kubernetes-validate
version=1.37.0
if [ ! -x "$venv/bin/kubernetes-validate" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$version"
fi
manifests=(scripts/cluster/kubernetes/*.yaml)
for k in 1.29.0 "$version"; do
  "$venv/bin/kubernetes-validate" --strict --quiet -k "$k" "${manifests[@]}"
done
"$venv/bin/python" - scripts/cluster/kubernetes/sigbench-shards.yaml <<'PY'
import re, sys, yaml
job = yaml.safe_load(open(sys.argv[1]))
spec = job["spec"]
command = spec["template"]["spec"]["containers"][0]["command"]
n = int(re.fullmatch(r"auto/(\d+)", command[command.index("--shard") + 1]).group(1))
assert spec["completionMode"] == "Indexed", "the shards' Job must be an Indexed Job"
assert spec["completions"] == spec["parallelism"] == n, (
    f"completions {spec['completions']}, parallelism {spec['parallelism']} and auto/{n} differ")
PY
broken=$(mktemp --suffix=.yaml)
trap 'rm -f "$broken"' EXIT
sed 's/parallelism:/paralellism:/' scripts/cluster/kubernetes/sigbench-shards.yaml >"$broken"
if "$venv/bin/kubernetes-validate" --strict --quiet "$broken" >/dev/null 2>&1; then
  echo "check-kubernetes: a misspelt field passed validation: the check cannot fail" >&2
  exit 1
fi
echo "check-kubernetes: ${#manifests[@]} manifests valid (Kubernetes 1.29.0 and $version, strict)"
