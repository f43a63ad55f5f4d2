#!/usr/bin/env bash
# Builds the C library strategy examples beside their sources: libstraight.so and
# libpolyline.so (the README's minimal example).
# Usage: scripts/external/c/build.sh [OUT_DIR]   (default: this folder)
# No FMA contraction: the ink must equal the built-in's to the bit.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here}"
include="$here/../../../Sources/CSigbenchStrategyABI/include"
cc="${CC:-$(command -v cc || command -v clang || command -v gcc)}"
mkdir -p "$out"
"$cc" -std=c11 -O2 -fPIC -shared -ffp-contract=off -Wall -Wextra -Werror -I "$include" \
  -o "$out/libstraight.so" "$here/straight.c"
"$cc" -std=c11 -O2 -fPIC -shared -Wall -Wextra -Werror -I "$include" \
  -o "$out/libpolyline.so" "$here/polyline.c"
echo "$out/libstraight.so $out/libpolyline.so"
