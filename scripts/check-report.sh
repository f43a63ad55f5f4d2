#!/usr/bin/env bash
# Checks the HTML sheet in a real browser: installs Debian's chromium if missing, makes a fresh run
# on the fixtures and one synthetic motion of Corpus/, loads the index and one sample page
# headless, saves screenshots, and fails when a
# page is blank, an image is broken, or the DOM lacks the expected tables, charts and images, or
# when the index's verdict is not its first content within the first 900 px at 1400 px wide.
# Usage: scripts/check-report.sh [SIGBENCH_BINARY]   (default .build/debug/sigbench)
# Screenshots and DOM dumps are left in Reports/browser-check/ for people to look at.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh chromium
bin=${1:-.build/debug/sigbench}
[[ -x $bin ]] || swift build --product sigbench >/dev/null
out=Reports/browser-check
rm -rf "$out"
mkdir -p "$out"
# The page under test needs every kind of content, not every drawing: the edge-case fixtures
# and one synthetic motion at its three rates (so the quality section draws its width-by-rate
# chart). The whole Corpus/ in a debug build takes minutes; this takes seconds.
corpus="$out/corpus"
mkdir -p "$corpus/synthetic"
cp Corpus/fixtures/*.sigbench.json "$corpus/"
cp Corpus/synthetic/signature-01-*.sigbench.json "$corpus/synthetic/"
"$bin" run --corpus "$corpus" --out "$out/reports" --quiet >/dev/null || {
  code=$?
  [[ $code -eq 4 ]] || { echo "check-report: sigbench run failed with exit $code" >&2; exit 1; }
}
run=$(cd "$out/reports/latest" && pwd -P)

pages=("$run/index.html")
# The history report of the run's history database, when the run wrote one.
if [[ -f $out/reports/history.sqlite ]]; then
  "$bin" history report -o "$out/history" --history "$out/reports/history.sqlite" >/dev/null
  pages+=("$(cd "$out/history" && pwd -P)/index.html")
fi
sample=$(find "$run/samples" -name '*.html' 2>/dev/null | sort | head -1 || true)
[[ -n $sample ]] && pages+=("$sample")

# The probe is injected into a copy of each page (same folder, so relative links resolve). It
# waits for every image, then writes what it found into the DOM for --dump-dom to show.
probe='<script>window.addEventListener("load",function(){var imgs=[].slice.call(document.images);
var broken=imgs.filter(function(i){return !(i.complete&&i.naturalWidth>0);}).map(function(i){return i.getAttribute("src");});
var r={images:imgs.length,broken:broken,tables:document.querySelectorAll("table").length,
charts:document.querySelectorAll("svg.chart").length,text:document.body.innerText.trim().length,
width:window.innerWidth,scrollWidth:document.documentElement.scrollWidth,overlaps:[],legendOverPlot:0,wide:[]};
[].slice.call(document.body.querySelectorAll("*")).forEach(function(e){if(r.wide.length<3&&e.getBoundingClientRect().right>window.innerWidth+1&&!(e.parentElement&&e.parentElement.closest(".scroll"))){r.wide.push(e.tagName+"."+(e.className&&e.className.baseVal!==undefined?e.className.baseVal:e.className)+" "+Math.round(e.getBoundingClientRect().right));}});
var v=document.getElementById("verdict");if(v){var first=document.querySelector("table,svg.chart,img");
r.verdict={bottom:Math.round(v.getBoundingClientRect().bottom+window.scrollY),first:!!first&&v.contains(first),width:window.innerWidth};}
[].slice.call(document.querySelectorAll("svg.chart")).forEach(function(svg){
var t=[].slice.call(svg.querySelectorAll("text")).map(function(e){return {s:e.textContent,b:e.getBoundingClientRect()};}).filter(function(x){return x.b.width>0;});
for(var i=0;i<t.length;i++)for(var j=i+1;j<t.length;j++){var a=t[i].b,c=t[j].b;
var w=Math.min(a.right,c.right)-Math.max(a.left,c.left),h=Math.min(a.bottom,c.bottom)-Math.max(a.top,c.top);
if(w>1&&h>1)r.overlaps.push(t[i].s+" / "+t[j].s);}
var lg=svg.querySelector("g.legend"),rects=svg.querySelectorAll("rect");
if(lg&&rects.length>1){var L=lg.getBoundingClientRect(),P=rects[1].getBoundingClientRect();
if(Math.min(L.right,P.right)-Math.max(L.left,P.left)>1&&Math.min(L.bottom,P.bottom)-Math.max(L.top,P.top)>1)r.legendOverPlot++;}});
var p=document.createElement("pre");p.id="sigbench-probe";p.textContent=JSON.stringify(r);
(window.parent!==window?window.parent.document.body:document.body).appendChild(p);});</script>'

status=0
for page in "${pages[@]}"; do
for width in 1400 390; do
  name=$(basename "$(dirname "$page")")-$(basename "$page" .html)-$width
  probe_page="$(dirname "$page")/.probe-$(basename "$page")"
  PROBE="$probe" python3 -c 'import os, sys
page = open(sys.argv[1], encoding="utf-8").read()
open(sys.argv[2], "w", encoding="utf-8").write(page.replace("</body>", os.environ["PROBE"] + "</body>"))' \
    "$page" "$probe_page"
  # Headless Chromium's window is at least 500 px wide: a phone's width is a frame of that width
  # inside it (the probe in the frame reports to the page around it).
  target="file://$probe_page" shot="file://$page"
  if [[ $width -lt 500 ]]; then
    frame="$(dirname "$page")/.frame-$(basename "$page")"
    printf '<!DOCTYPE html><html><body style="margin:0"><iframe src="%s" style="width:%spx;height:1600px;border:0"></iframe></body></html>' \
      "$(basename "$probe_page")" "$width" >"$frame"
    target="file://$frame" shot="file://$frame"
  fi
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=$((width < 500 ? 500 : width)),1600 \
    --allow-file-access-from-files --screenshot="$out/$name.png" "$shot" >/dev/null 2>&1 || true
  chromium --headless --no-sandbox --disable-gpu --virtual-time-budget=10000 --dump-dom \
    --window-size=$((width < 500 ? 500 : width)),900 --allow-file-access-from-files \
    --enable-logging=stderr --v=0 "$target" >"$out/$name.dom.html" 2>"$out/$name.console.txt" || true
  rm -f "$probe_page" "${frame:-}"
  python3 - "$out/$name.dom.html" "$out/$name.png" "$name" "$out/$name.console.txt" <<'PY' || status=1
import json, re, struct, sys, zlib
dom_path, png_path, name, console_path = sys.argv[1:5]
dom = open(dom_path, encoding="utf-8", errors="replace").read()
m = re.search(r'<pre id="sigbench-probe">(.*?)</pre>', dom, re.S)
problems = []
if not m:
    problems.append("the page never finished loading (no probe result in the DOM)")
else:
    r = json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    if r["text"] < 200: problems.append(f"page looks blank ({r['text']} characters of text)")
    if r["images"] < 2 and "history" not in name: problems.append(f"only {r['images']} images")
    if r["broken"]: problems.append(f"broken images: {r['broken'][:5]}")
    if r["tables"] < 1: problems.append("no table")
    index = "-index-" in name and "history" not in name
    if index and r["charts"] < 1: problems.append("no chart (svg.chart)")
    if r["scrollWidth"] > r["width"] + 1:
        problems.append(f"the page scrolls sideways: {r['scrollWidth']} px wide at {r['width']} px "
                        f"(outside any scroll box: {r['wide']})")
    if r["overlaps"]:
        problems.append(f"{len(r['overlaps'])} pairs of chart texts overlap, e.g. {r['overlaps'][:3]}")
    if r["legendOverPlot"]:
        problems.append(f"{r['legendOverPlot']} legends over their plot")
    # The verdict is the first content (above any table, chart or picture) and fits in the
    # first 900 px of a 1400-px-wide window.
    if index and r["width"] == 1400:
        v = r.get("verdict")
        if not v: problems.append("no verdict block (#verdict)")
        elif not v["first"]: problems.append("a table, chart or picture comes before the verdict")
        elif v["bottom"] > 900:
            problems.append(f"the verdict ends at {v['bottom']} px (at {v['width']} px wide), below 900 px")
        else: print(f"check-report: verdict first, ends at {v['bottom']} px at {v['width']} px wide")
    print(f"check-report: {name}: {r['images']} images, {r['tables']} tables, {r['charts']} charts, "
          f"{len(r['broken'])} broken, {len(r['overlaps'])} overlapping chart texts, "
          f"{r['scrollWidth']} px wide at {r['width']}")
# Console errors and Content-Security-Policy violations the page caused.
for line in open(console_path, encoding="utf-8", errors="replace"):
    if "CONSOLE" in line and ("Uncaught" in line or "Refused" in line or "error" in line.lower()):
        problems.append("console: " + line.strip()[:200])
# The screenshot must exist and not be a single flat colour.
try:
    data = open(png_path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR": width = struct.unpack(">I", body[:4])[0]
        if kind == b"IDAT": idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    if len(set(raw[::997])) < 3:
        problems.append("screenshot is blank")
except Exception as e:
    problems.append(f"no usable screenshot: {e}")
for p in problems: print(f"check-report: {name}: FAIL: {p}", file=sys.stderr)
sys.exit(1 if problems else 0)
PY
done
done
[[ $status -eq 0 ]] && echo "check-report: ok (screenshots in $out/)"
exit $status
