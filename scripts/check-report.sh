#!/usr/bin/env bash
# Checks the report's pages in a real browser (Debian's chromium, installed if missing). It makes
# three fresh runs: the fixtures and one synthetic motion of Corpus/ (9 strategies), a crowded
# case (all 12 strategies, 51 doodles so the gallery has a second page, a history of 20 runs),
# and a sweep (a two-option grid, drawn as heat maps, and a one-option list, drawn as lines).
# It loads the sheet, a sample page, the gallery's second page and both history reports headless
# at 1400 and 390 px wide, keeps a screenshot and a DOM dump of each, and fails when a page is
# blank, an image is broken, tables or charts are missing, the page scrolls sideways outside a
# scroll box, chart texts overlap, a legend covers its plot, the console shows an error, the
# page's Content-Security-Policy refused anything, the page's script does not toggle a legend
# key or sort a table, the sheet's verdict is not its first content within 900 px at 1400 px, or
# the crowded history report is taller than 5,000 px at 1400 px.
# Usage: scripts/check-report.sh [SIGBENCH_BINARY]   (default .build/debug/sigbench)
# Screenshots, DOM dumps and console logs are left in Reports/browser-check/ for people to look at.
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
# The crowded case, beside it (the two runs share the machine; only layout is checked): all
# twelve strategies over 51 small doodles in one Quick, Draw! file (so the gallery has a second
# page), and a history of 20 runs (the run, then 19 copies on other commits with drifting and
# stepping timings, imported as earlier run folders).
crowd="$out/crowd"
scripts/check-report-crowd.py drawings "$crowd/corpus" 51
all=straight,midpoint-quadratic,uber-weighted,catmull-rom,signature-pad,signature-pad-fixed
all+=,perfect-freehand-incremental,ink-modeler,sigbench-smooth,perfect-freehand,chaikin,rdp
"$bin" run --corpus "$crowd/corpus" --out "$crowd/reports" --strategies "$all" --quiet \
  --processes 2 --timed-points 100 --no-counters --size 160x90 >/dev/null &
crowd_pid=$!
sweep="$out/sweep"
"$bin" run --corpus "$corpus" --out "$sweep/reports" --quiet --no-counters --timed-points 100 \
  --strategies 'catmull-rom(alpha=0|0.5|1,min-distance=0.01|1),uber-weighted(min-distance=0|2|4)' \
  >/dev/null || {
  code=$?
  [[ $code -eq 4 ]] || { echo "check-report: the sweep run failed with exit $code" >&2; exit 1; }
}
"$bin" run --corpus "$corpus" --out "$out/reports" --quiet >/dev/null || {
  code=$?
  [[ $code -eq 4 ]] || { echo "check-report: sigbench run failed with exit $code" >&2; exit 1; }
}
wait $crowd_pid || { echo "check-report: the crowded run failed with exit $?" >&2; exit 1; }
run=$(cd "$out/reports/latest" && pwd -P)
crowd_run=$(cd "$crowd/reports/latest" && pwd -P)
scripts/check-report-crowd.py history "$crowd_run" "$crowd/earlier" 20
"$bin" history import "$crowd/earlier" --history "$crowd/reports/history.sqlite" >/dev/null
"$bin" history report -o "$crowd/history" --history "$crowd/reports/history.sqlite" >/dev/null
[[ -f $crowd_run/gallery-2.html ]] || { echo "check-report: the crowded run has no gallery-2.html" >&2; exit 1; }

# label=page; a label says which checks apply (index: the sheet; history; crowd: 12 strategies
# and 20 runs, whose history report must stay under 5,000 px at 1400 px wide).
pages=("index=$run/index.html")
# The history report of the run's history database, when the run wrote one.
if [[ -f $out/reports/history.sqlite ]]; then
  "$bin" history report -o "$out/history" --history "$out/reports/history.sqlite" >/dev/null
  pages+=("history=$(cd "$out/history" && pwd -P)/index.html")
fi
sample=$(find "$run/samples" -name '*.html' 2>/dev/null | sort | head -1 || true)
[[ -n $sample ]] && pages+=("sample=$sample")
pages+=("crowd-index=$crowd_run/index.html" "crowd-gallery-2=$crowd_run/gallery-2.html")
pages+=("crowd-history=$(cd "$crowd/history" && pwd -P)/index.html")
pages+=("sweep-index=$(cd "$sweep/reports/latest" && pwd -P)/index.html")

# The probe is injected into a copy of each page (same folder, so relative links resolve), right
# after the page's Content-Security-Policy, whose script-src gains the probe's hash (so the page's
# own policy still governs everything else). It records every policy violation, waits for every
# image, measures, then exercises the page's script (a legend key hides and shows its series; a
# column heading sorts its table both ways) and writes what it found into the DOM for --dump-dom.
probe='var violations=[];document.addEventListener("securitypolicyviolation",function(e){violations.push(e.violatedDirective+" "+(e.blockedURI||"inline"));});
window.addEventListener("load",function(){var imgs=[].slice.call(document.images);
var broken=imgs.filter(function(i){return !(i.complete&&i.naturalWidth>0);}).map(function(i){return i.getAttribute("src");});
var r={images:imgs.length,broken:broken,tables:document.querySelectorAll("table").length,
charts:document.querySelectorAll("svg.chart").length,text:document.body.innerText.trim().length,
width:window.innerWidth,scrollWidth:document.documentElement.scrollWidth,height:document.documentElement.scrollHeight,overlaps:[],legendOverPlot:0,wide:[]};
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
r.violations=violations;
var sc={keys:document.querySelectorAll("svg.chart g.key").length,toggled:null,sortable:document.querySelectorAll("th[aria-sort]").length,sorted:null};
var key=document.querySelector("svg.chart g.key");
if(key){var g=key.closest("svg").querySelector("g.series[data-series=\""+key.getAttribute("data-series")+"\"]");
key.dispatchEvent(new MouseEvent("click",{bubbles:true}));var hid=!!g&&getComputedStyle(g).display==="none"&&key.getAttribute("aria-pressed")==="false";
key.dispatchEvent(new MouseEvent("click",{bubbles:true}));sc.toggled=hid&&getComputedStyle(g).display!=="none"&&key.getAttribute("aria-pressed")==="true";}
var th=document.querySelector("th[aria-sort]");
if(th){var tb=th.closest("table").tBodies[0],col=th.cellIndex,rows=function(){return [].map.call(tb.rows,function(x){return x.cells[col].textContent;});};
var before=rows().slice().sort().join("|");th.click();var up=rows(),a1=th.getAttribute("aria-sort");th.click();var down=rows(),a2=th.getAttribute("aria-sort");
sc.sorted=a1==="ascending"&&a2==="descending"&&up.slice().sort().join("|")===before&&(new Set(up).size<2||up[0]===down[down.length-1]);}
r.script=sc;
var p=document.createElement("pre");p.id="sigbench-probe";p.textContent=JSON.stringify(r);
(window.parent!==window?window.parent.document.body:document.body).appendChild(p);});'
status=0
for entry in "${pages[@]}"; do
label=${entry%%=*} page=${entry#*=}
for width in 1400 390; do
  name=$label-$width
  probe_page="$(dirname "$page")/.probe-$(basename "$page")"
  PROBE="$probe" python3 -c 'import base64, hashlib, os, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
probe = os.environ["PROBE"]
source = "'"'"'sha256-" + base64.b64encode(hashlib.sha256(probe.encode()).digest()).decode() + "'"'"'"
meta = re.search(r"<meta http-equiv=\"Content-Security-Policy\" content=\"([^\"]*)\">\n?", page)
if meta:
    policy = meta.group(1).replace("script-src ", "script-src " + source + " ", 1)
    tag = meta.group(0).replace(meta.group(1), policy)
    page = page[:meta.start()] + tag + "<script>" + probe + "</script>\n" + page[meta.end():]
else:
    page = page.replace("<head>", "<head><script>" + probe + "</script>", 1)
open(sys.argv[2], "w", encoding="utf-8").write(page)' \
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
    if name == "crowd-history-1400" and r["height"] > 5000:
        problems.append(f"the history of 12 strategies and 20 runs is {r['height']} px tall (over 5,000)")
    if r["broken"]: problems.append(f"broken images: {r['broken'][:5]}")
    if r["tables"] < 1 and "gallery" not in name: problems.append("no table")
    index = name.startswith(("index-", "crowd-index-", "sweep-index-"))
    # The 390-px page sits in a frame, whose document the dump does not hold.
    if name == "sweep-index-1400":
        at = dom.find('<section id="sweeps">')
        part = dom[at:dom.find("</section>", at)] if at >= 0 else ""
        heat = part.count("size →") + part.count("min-distance →")
        if at < 0: problems.append("no sweep section")
        elif part.count("<svg") < 20 or heat < 1:
            problems.append(f"the sweep section has {part.count('<svg')} charts, {heat} heat maps")
        else: print(f"check-report: sweep section: {part.count('<svg')} charts, {heat} heat maps")
    if index and r["charts"] < 1: problems.append("no chart (svg.chart)")
    if r["scrollWidth"] > r["width"] + 1:
        problems.append(f"the page scrolls sideways: {r['scrollWidth']} px wide at {r['width']} px "
                        f"(outside any scroll box: {r['wide']})")
    if r["overlaps"]:
        problems.append(f"{len(r['overlaps'])} pairs of chart texts overlap, e.g. {r['overlaps'][:3]}")
    if r["violations"]:
        problems.append(f"{len(r['violations'])} Content-Security-Policy violations: {r['violations'][:3]}")
    sc = r["script"]
    if sc["keys"] and not sc["toggled"]:
        problems.append("clicking a legend key did not hide and show its series (the page's script did not run?)")
    if sc["sortable"] and not sc["sorted"]:
        problems.append("clicking a column heading did not sort its table both ways")
    if index and not (sc["keys"] and sc["sortable"]):
        problems.append(f"the sheet has {sc['keys']} legend keys and {sc['sortable']} sortable headings")
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
    print(f"check-report: {name}: {r['height']} px tall, {r['images']} images, {r['tables']} tables, {r['charts']} charts, "
          f"{len(r['broken'])} broken, {len(r['overlaps'])} overlapping chart texts, "
          f"{r['scrollWidth']} px wide at {r['width']}, {len(r['violations'])} policy violations, "
          f"script: {sc['keys']} legend keys (toggle {sc['toggled']}), {sc['sortable']} sortable headings "
          f"(sort {sc['sorted']})")
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
