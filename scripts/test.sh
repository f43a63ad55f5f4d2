#!/usr/bin/env bash
# Quick start, command 2: every check, then the whole test suite. `.ci/run` calls exactly this.
# The test runner's own summary is the last thing printed.
set -euo pipefail
cd "$(dirname "$0")/.."
# python3 and nodejs run the external strategy examples and protocol fixtures in the tests;
# python3-venv holds the Kubernetes manifest check's validator (from PyPI).
scripts/install-deps.sh python3 nodejs python3-venv

# Each phase header gives the seconds since the script started, so a slow CI run shows where the
# time went.
phase() { echo "== $* (at ${SECONDS} s)"; }

phase "lint: swift format (strict)"
swift format lint --strict --recursive Package.swift Sources Tests

phase "lint: SigbenchCore imports only the standard library"
if grep -rnE '^\s*import\s+' Sources/SigbenchCore | grep -vE 'import\s+(Swift|_Concurrency)\s*$'; then
  echo "SigbenchCore must import only the standard library" >&2
  exit 1
fi

phase "lint: module edges that must never exist"
edge() { # edge TARGET ALLOWED-MODULES-REGEX WHY
  if grep -rnE '^\s*import\s+' "Sources/$1" | grep -vE "import\s+($2)\s*$"; then
    echo "$1: $3" >&2
    exit 1
  fi
}
edge SigbenchResults 'Foundation|SigbenchCore|SigbenchFiles|SigbenchBuildStamp' \
  "results import only Core, Files, the build stamp and Foundation"
edge SigbenchFiles 'Foundation' "file plumbing imports only Foundation"
edge SigbenchBuildStamp 'Foundation' "the build stamp imports only Foundation"
edge SigbenchReport 'Foundation|SigbenchCore|SigbenchResults|SigbenchDigest' \
  "presenters read only Results types and hash their own script (never Bench, Render or the C shims)"
edge SigbenchArguments 'SigbenchCore' "argument parsing reads only Core"
edge SigbenchCapture 'Foundation|SigbenchDigest' "the capture page needs only Foundation and the digest"
edge SigbenchDigest 'Foundation|CCrypto' "the digest needs only Foundation and libcrypto"
for target in SigbenchResults:SigbenchCore,SigbenchFiles SigbenchReport:SigbenchCore,SigbenchResults,SigbenchDigest; do
  name=${target%%:*} deps=${target#*:}
  want="name: \"$name\", dependencies: [\"${deps//,/\", \"}\"]"
  grep -qF "$want" Package.swift || { echo "Package.swift: $name must depend on $deps only" >&2; exit 1; }
done

phase "lint: the map (Package.swift's dependencies, the imports and ARCHITECTURE.md agree)"
map_json=$(mktemp)
swift package dump-package >"$map_json"
python3 scripts/check-map.py "$map_json"
rm -f "$map_json"

phase "lint: source files stay small (over 500 lines needs a 'Long file:' reason in its header)"
status=0
while IFS= read -r f; do
  n=$(wc -l <"$f")
  if [[ $n -gt 500 ]] && ! head -5 "$f" | grep -q 'Long file:'; then
    echo "$f has $n lines" >&2
    status=1
  fi
done < <(find Sources Tests -name '*.swift')
[[ $status -eq 0 ]] || exit 1

phase "fixtures: Corpus/fixtures matches its generator"
swift build --product sigbench 2>&1 | grep -E 'error|warning: ' || true
.build/debug/sigbench fixtures --check
.build/debug/sigbench synth --check

phase "report in a real browser (headless chromium)"
scripts/check-report.sh .build/debug/sigbench

phase "capture page in a real browser"
scripts/check-capture.sh .build/debug/sigbench

phase "fuzz smoke: every reader 5 s under libFuzzer and the address sanitizer"
scripts/fuzz.sh all 5

phase "cluster: the Kubernetes manifests against the API schemas (offline, strict)"
scripts/cluster/check-kubernetes.sh

phase "kill test: run, baseline save and gate killed at random moments (2 of each)"
python3 scripts/kill-test.py --binary .build/debug/sigbench --rounds 2 --quick

phase "tests"
export SIGBENCH_RECORD=never
exec swift test 2>&1
