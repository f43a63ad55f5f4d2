#!/usr/bin/env bash
# Checks the capture page (`sigbench capture`) in a real browser: writes the page, drives it in
# headless Chromium through the DevTools protocol with browser-level input (a pen with force and
# tilt, pen hover, two fingers, a mouse, keys), saves through the page's download, and checks the
# saved files with `sigbench info --json`, by reading the JSON, and with `sigbench run --corpus`.
# Usage: scripts/check-capture.sh [SIGBENCH_BINARY]   (default .build/debug/sigbench)
# The 390x844 screenshot and the saved files are left in Reports/capture-check/ to look at.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh chromium python3-websocket
bin=${1:-.build/debug/sigbench}
[[ -x $bin ]] || swift build --product sigbench >/dev/null
out=Reports/capture-check
rm -rf "$out"
mkdir -p "$out"
"$bin" capture -o "$out/capture.html" >/dev/null
# Debian's python, which has python3-websocket (a `python3` earlier on PATH may not).
exec timeout 60 /usr/bin/python3 scripts/capture/drive.py "$bin" "$out/capture.html" "$out"
