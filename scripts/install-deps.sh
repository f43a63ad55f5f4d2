#!/usr/bin/env bash
# Installs the Debian packages sigbench needs, only those missing; idempotent.
# Runs `apt-get update` once, and only when something has to be installed. Uses sudo when not root.
#   libgd-dev, pkg-config   raster output (the CGD system library)
#   libpng-dev              fast PNG writing of the run's pictures (the CPNG system library)
#   zlib1g-dev              gzip sizes in the format study, ZIP-compressed Wacom UIM chunks
#   liblzma-dev             LZMA-compressed Wacom UIM chunks (the CLZMA system library)
#   libxml2-dev             the SAX2 XML parser of the InkML and IAM-OnDB readers (CLibXML2)
#   valgrind                deterministic instruction and allocation counts (bench, gate)
#   libcairo2-dev           PDF export (cairo's PDF surface, the CCairo system library)
#   librsvg2-bin            rsvg-convert: rasterizes exported SVG for the parity test
#   poppler-utils           pdftoppm: rasterizes exported PDF for the parity test
#   libsqlite3-dev          the benchmark history database (the CSQLite system library)
#   libssl-dev              SHA-256 (libcrypto) for the capture page's CSP hashes (CCrypto)
# Asked for by the browser checks (as arguments):
#   chromium                headless browser of check-report.sh, check-capture.sh and the
#                           capture page's pressure-rule test
#   python3-websocket       DevTools protocol client (websocket-client) of check-capture.sh
#   python3, nodejs         the external strategy examples (scripts/external/) and the
#                           protocol fixtures, run by the tests (scripts/test.sh)
set -euo pipefail

packages=(libgd-dev libpng-dev pkg-config zlib1g-dev liblzma-dev libxml2-dev valgrind libcairo2-dev
  librsvg2-bin poppler-utils libsqlite3-dev libssl-dev)
if [[ $# -gt 0 ]]; then packages+=("$@"); fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then sudo_cmd=(sudo); fi
echo "install-deps: installing ${missing[*]}" >&2
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends \
  "${missing[@]}" >/dev/null
