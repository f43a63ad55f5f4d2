#!/usr/bin/env bash
# The Swift package door, as a user of it sees it: builds the example package
# (scripts/external/swift-package, which depends on this repository by path and adds the
# `exponential-polyline` strategy with one call from its main), then checks that its binary
# names the package, passes the contract suite for its strategy and runs it over
# Corpus/fixtures beside `straight`, with the result recording the package.
#
#   scripts/swift-package-example.sh [debug|release]      (default debug)
#
# The build goes to .build/swift-package-example/ (a scratch folder of its own: the example is
# another root package, so it builds its own copy of sigbench; about 45 s in debug on the
# 2-core CI machine, then incremental). Run on demand; the test suite runs the same sources as
# this package's `sigbench-package-example` target without the second build.
set -euo pipefail
cd "$(dirname "$0")/.."
config=${1:-debug}
scratch=.build/swift-package-example
swift build --package-path scripts/external/swift-package --scratch-path "$scratch" -c "$config" \
  2>&1 | grep -E 'error|warning: |Compiling sigbench_plus|Build' || true
bin="$scratch/$config/sigbench-plus"
[[ -x $bin ]] || { echo "no binary at $bin" >&2; exit 1; }

"$bin" --version | tee /dev/stderr | grep -q "with strategies from Swift package 'sigbench-plus'"
"$bin" strategies --check exponential-polyline

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$bin" run --corpus Corpus/fixtures --strategies straight,exponential-polyline \
  --out "$out" --no-history
python3 - "$out/latest/result.json" <<'PY'
import json, sys
result = json.load(open(sys.argv[1]))
packages = {s["label"]: s.get("package") for s in result["strategies"]}
assert packages == {"straight": None, "exponential-polyline": "sigbench-plus"}, packages
assert "exponential-polyline" in result["quality"]["strategies"], "no quality figures"
print("swift package example: ok (exponential-polyline from sigbench-plus ran, was measured "
      "and drawn)")
PY
