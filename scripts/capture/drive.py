"""Drives the capture page in headless Chromium with browser-level input and checks what it saves.

Usage: drive.py SIGBENCH_BINARY PAGE.html OUT_DIR

Input comes from the DevTools protocol (Input.dispatchMouseEvent with pointerType "pen", force
and tilt; Input.dispatchTouchEvent; Input.dispatchKeyEvent / insertText), never from events made
by script inside the page. Downloads go to OUT_DIR/downloads (Browser.setDownloadBehavior).
The saved files are checked through `sigbench info --json`, by reading the JSON, and with
`sigbench run --corpus`. Prints one line per check group; exits 1 on the first failed group with
every problem found so far.
"""
import base64
import json
import math
import os
import struct
import subprocess
import sys
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

WIDTH, HEIGHT, SCALE = 390, 844, 3
POSITION_TOLERANCE = 0.01  # px
TIME_TOLERANCE = 0.0003  # s: Chrome coarsens event time stamps to 0.1 ms
problems = []


def check(condition, message):
    if not condition:
        problems.append(message)
    return condition


def report(group):
    if problems:
        for p in problems:
            print(f"check-capture: {group}: FAIL: {p}", file=sys.stderr, flush=True)
        raise SystemExit(1)
    print(f"check-capture: {group}: ok", flush=True)


class Pen:
    """Browser-level input with explicit, evenly spaced event time stamps (1/240 s)."""

    def __init__(self, browser, origin):
        self.b = browser
        self.ox, self.oy = origin["left"], origin["top"]
        # Time stamps before the page's time origin would read 0 in the page, so the clock
        # starts now and runs at exactly 240 Hz from there.
        self.clock = time.time()
        self.sent = []  # (kind, pad x, pad y, time, extra) of every pointer sample sent

    def tick(self, gap=1 / 240):
        self.clock += gap
        return self.clock

    def mouse(self, kind, x, y, pointer="pen", force=None, tilt=(0, 0), pressed=True, record=None):
        t = self.tick()
        p = {"type": kind, "x": self.ox + x, "y": self.oy + y, "pointerType": pointer, "timestamp": t}
        if kind == "mouseMoved":
            p.update({"button": "left" if pressed else "none", "buttons": 1 if pressed else 0})
        else:
            p.update({"button": "left", "buttons": 1 if kind == "mousePressed" else 0, "clickCount": 1})
        if force is not None:
            p["force"] = force
        if pointer == "pen":
            p["tiltX"], p["tiltY"] = tilt
        self.b.page("Input.dispatchMouseEvent", p)
        if record:
            self.sent.append((record, x, y, t, {"force": force, "tilt": tilt, "pointer": pointer}))

    def stroke(self, points, pointer="pen", label="ink"):
        """points: (x, y, force, tiltX, tiltY). A press at the first, a move to each, a release."""
        x, y, f, tx, ty = points[0]
        self.mouse("mousePressed", x, y, pointer, f, (tx, ty), record=label)
        for x, y, f, tx, ty in points[1:]:
            self.mouse("mouseMoved", x, y, pointer, f, (tx, ty), record=label)
        self.mouse("mouseReleased", x, y, pointer, 0, (tx, ty))
        self.tick(0.2)

    def hover(self, points):
        for x, y in points:
            self.mouse("mouseMoved", x, y, "pen", None, (0, 0), pressed=False, record="hover")
        self.tick(0.05)

    def touch(self, kind, fingers, record=True, label="touch"):
        t = self.tick()
        pts = [{"x": self.ox + x, "y": self.oy + y, "id": i, "radiusX": 4, "radiusY": 3, "force": f}
               for i, (x, y, f) in fingers]
        self.b.page("Input.dispatchTouchEvent",
                    {"type": kind, "touchPoints": pts if kind != "touchEnd" else [], "timestamp": t})
        for i, (x, y, f) in fingers:
            if record and i == 0:
                self.sent.append((label, x, y, t, {"force": f, "pointer": "touch"}))
            elif record:
                self.sent.append(("second-finger", x, y, t, {"force": f}))


def key(b, k, code, vk, modifiers=0, text=None):
    base = {"key": k, "code": code, "windowsVirtualKeyCode": vk, "modifiers": modifiers}
    down = dict(base, type="keyDown" if text else "rawKeyDown")
    if text:
        down["text"] = text
    b.page("Input.dispatchKeyEvent", down)
    b.page("Input.dispatchKeyEvent", dict(base, type="keyUp"))


def click(b, selector):
    r = b.evaluate(f"(() => {{ const r = document.querySelector({json.dumps(selector)})"
                   ".getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()")
    for kind in ("mousePressed", "mouseReleased"):
        b.page("Input.dispatchMouseEvent", {"type": kind, "x": r[0], "y": r[1], "button": "left",
                                            "buttons": 1 if kind == "mousePressed" else 0,
                                            "clickCount": 1, "pointerType": "mouse"})


def downloaded(b, folder, timeout=10):
    begin = b.wait("Browser.downloadWillBegin", timeout)
    b.wait("Browser.downloadProgress", timeout,
           lambda p: p.get("guid") == begin["guid"] and p.get("state") == "completed")
    return os.path.join(folder, begin["suggestedFilename"]), begin["suggestedFilename"]


def sigbench(binary, *args):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=60)


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])


def main():
    binary, page, out = sys.argv[1:4]
    downloads = os.path.join(out, "downloads")
    os.makedirs(downloads, exist_ok=True)
    started = time.monotonic()
    b = Browser(WIDTH, HEIGHT)
    try:
        run(b, binary, page, out, downloads)
    finally:
        b.close()
    print(f"check-capture: ok in {time.monotonic() - started:.1f} s (screenshot and files in {out}/)")


def run(b, binary, page, out, downloads):
    b.send("Browser.setDownloadBehavior",
           {"behavior": "allow", "downloadPath": os.path.abspath(downloads), "eventsEnabled": True})
    b.page("Emulation.setDeviceMetricsOverride",
           {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": SCALE, "mobile": True})
    b.page("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    for domain in ("Page", "Runtime", "Log", "DOM", "Accessibility"):
        b.page(f"{domain}.enable")
    b.page("Page.navigate", {"url": "file://" + os.path.abspath(page)})
    b.wait("Page.loadEventFired")
    check(b.evaluate("typeof window.sigbenchCapture") == "object",
          "the page's script did not run (blocked by its own Content-Security-Policy?)")
    report("page loads under its CSP")

    layout_and_names(b)
    report("390x844 layout, accessible names, visible focus")

    origin = b.evaluate("sigbenchCapture.padOrigin()")
    pen = Pen(b, origin)
    # The signer field, typed as a user would (a click, then text).
    click(b, "#signer")
    b.page("Input.insertText", {"text": "../../x\u0007"})
    typed = b.evaluate("document.getElementById('signer').value")
    check(typed == "../../x\u0007", f"signer field holds {typed!r}, want '../../x\\a'")

    hover = [(30 + 4.125 * k, 40.5 + 0.25 * k) for k in range(6)]
    pen.hover(hover)
    stroke_a = [(60 + 5.0625 * k, 50.25 + 2.5 * math.sin(k / 3), round(0.2 + 0.03 * k, 3), 30, (k % 5) * 10)
                for k in range(24)]
    pen.stroke(stroke_a, label="a")
    stroke_b = [(40 + 6.5 * k, 150.75, 0.5, 0, 0) for k in range(10)]  # undone below
    pen.stroke(stroke_b, label="b")
    key(b, "Tab", "Tab", 9)  # focus leaves the signer field for the Undo button
    key(b, "z", "KeyZ", 90, modifiers=2)  # Ctrl+Z: B undone
    check(b.evaluate("document.getElementById('count-strokes').textContent") == "1",
          "Ctrl+Z did not undo the last stroke")
    key(b, "Z", "KeyZ", 90, modifiers=2 | 8)  # Ctrl+Shift+Z: B back
    check(b.evaluate("document.getElementById('count-strokes').textContent") == "2",
          "Ctrl+Shift+Z did not redo the stroke")
    click(b, "#undo")  # B undone again, by the button
    # A finger; a second finger lands mid-stroke and must not join or corrupt it.
    first = [(50 + 7.25 * k, 100.5 + 3.125 * k, round(0.4 + 0.02 * k, 3)) for k in range(14)]
    pen.touch("touchStart", [(0, first[0])])
    for k in range(1, 14):
        fingers = [(0, first[k])]
        if k >= 5:
            fingers.append((1, (300 - 4 * k, 60.5 + 2 * k, 0.7)))
        pen.touch("touchStart" if k == 5 else "touchMove", fingers)
    pen.touch("touchEnd", [], record=False)
    pen.tick(0.2)
    check(b.evaluate("document.getElementById('redo').disabled") is True,
          "a new stroke did not clear the redo history")
    stroke_d = [(180 + 6 * k, 250.5 + 4 * k, None, 0, 0) for k in range(6)]
    pen.stroke(stroke_d, pointer="mouse", label="mouse")
    # A touch the browser cancels (pointercancel): kept up to there, marked cancelled.
    cancelled = [(40 + 5.5 * k, 300.25 - 2 * k, 0.6) for k in range(6)]
    for k, p in enumerate(cancelled):
        pen.touch("touchStart" if k == 0 else "touchMove", [(0, p)], label="cancelled")
    b.page("Input.dispatchTouchEvent", {"type": "touchCancel", "touchPoints": [], "timestamp": pen.tick()})
    pen.tick(0.2)
    counters = b.evaluate("[...document.querySelectorAll('#counters dd')].map(d => d.textContent)")
    check(counters[0] == "4", f"stroke counter shows {counters[0]}, want 4")
    report("drawing with pen, hover, touch (two fingers), mouse; undo and redo")

    shot = os.path.join(out, "capture-390x844.png")
    data = b.page("Page.captureScreenshot",
                  {"format": "png", "clip": {"x": 0, "y": 0, "width": WIDTH, "height": HEIGHT,
                                             "scale": 1 / SCALE}})["data"]
    with open(shot, "wb") as f:
        f.write(base64.b64decode(data))
    check(png_size(shot) == (WIDTH, HEIGHT), f"screenshot is {png_size(shot)}, want {WIDTH}x{HEIGHT}")
    check(not screenshot_blank(shot), "screenshot is blank")

    click(b, "#save")
    path, name = downloaded(b, downloads)
    check(name == "x.sigbench.json", f"signer '../../x\\a' saved as {name!r}, want 'x.sigbench.json'")
    hostile = {"..": "signature", "CON": "signer-CON", "a/b\\c:d": "a-b-c-d", "\u0000\u001f": "signature",
               "Zoë Ñandú": "Zoe-Nandu", ".hidden": "hidden", "x" * 200: "x" * 60}
    for text, want_name in hostile.items():
        got = b.evaluate(f"sigbenchCapture.safeName({json.dumps(text)})")
        check(got == want_name, f"safeName({text!r}) = {got!r}, want {want_name!r}")
    report("save by download")

    check_saved(binary, path, pen, origin)
    report("saved drawing: counts, channels, positions, pressure, tilt, time, hover, undo")

    # Series mode from the keyboard: focus the box, Space ticks it, Ctrl+S saves; InkML too.
    # Clear first; each series save then clears the pad for the next signature.
    click(b, "#clear")
    check(b.evaluate("document.getElementById('count-strokes').textContent") == "0", "Clear left strokes")
    b.page("DOM.focus", {"nodeId": node(b, "#series")})
    key(b, " ", "Space", 32, text=" ")
    b.page("DOM.focus", {"nodeId": node(b, "#inkml")})
    key(b, " ", "Space", 32, text=" ")
    check(b.evaluate("document.getElementById('series').checked && document.getElementById('inkml').checked"),
          "Space did not tick the series and InkML boxes")
    click(b, 'input[value="highlighter"]')  # the preset sets colour and width
    names = []
    for n in range(2):
        pen.stroke([(80 + 9 * k, 200.5 + 2 * k, round(0.3 + 0.05 * k, 3), 20, 0) for k in range(9)], label="series")
        key(b, "s", "KeyS", 83, modifiers=2)
        for _ in range(2):
            names.append(downloaded(b, downloads))
    got = sorted(n for _, n in names)
    want = ["x-001.inkml", "x-001.sigbench.json", "x-002.inkml", "x-002.sigbench.json"]
    check(got == want, f"series saves named {got}, want {want}")
    for p, n in names:
        r = sigbench(binary, "info", p, "--json")
        if check(r.returncode == 0, f"sigbench info {n} exited {r.returncode}: {r.stderr.strip()}"):
            info = json.loads(r.stdout)[0]
            check(info["strokes"] == 1 and info["samples"] == 9, f"{n}: {info['strokes']} strokes, "
                  f"{info['samples']} samples, want 1 and 9 (each series save starts afresh)")
        if n.endswith(".sigbench.json"):
            doc = json.load(open(p, encoding="utf-8"))
            attrs = doc["strokes"][0]["attributes"]
            want_attrs = {"pointer-type": "pen", "preset": "highlighter", "color": "#ffff00", "width": "25",
                          "opacity": "0.3", "cancelled": "false"}
            check(attrs == want_attrs, f"{n}: attributes {attrs}, want {want_attrs}")
            check(f"capture series={int(n[2:5])}" in doc["metadata"]["notes"], f"{n}: no series note")
    report("series mode, keyboard saving, InkML")

    errors = [e for e in b.drain() if e.get("method") == "Runtime.exceptionThrown"
              or (e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error")]
    check(not errors, f"browser errors: {[json.dumps(e)[:300] for e in errors[:3]]}")
    report("no script errors or policy violations")

    corpus = os.path.join(out, "corpus")
    os.makedirs(corpus, exist_ok=True)
    os.replace(path, os.path.join(corpus, "x.sigbench.json"))
    r = sigbench(binary, "run", "--corpus", corpus, "--out", os.path.join(out, "reports"),
                 "--strategies", "straight,sigbench-smooth", "--quiet")
    check(r.returncode in (0, 4), f"sigbench run --corpus exited {r.returncode}: {r.stderr.strip()[:400]}")
    report(f"sigbench run --corpus reads the saved drawing (exit {r.returncode})")


def node(b, selector):
    root = b.page("DOM.getDocument")["root"]["nodeId"]
    return b.page("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]


def layout_and_names(b):
    controls = "button, input, select, textarea, canvas, [tabindex]"
    boxes = b.evaluate(f"""[...document.querySelectorAll({json.dumps(controls)})].map(e => {{
        const r = e.getBoundingClientRect(); const c = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {{id: e.id || e.value, l: r.left, t: r.top, r: r.right, b: r.bottom,
                 hit: !!c && (c === e || e.contains(c) || (e.labels && [...e.labels].some(l => l.contains(c))))}}; }})""")
    check(len(boxes) == 13, f"{len(boxes)} controls, want 13")
    for box in boxes:
        inside = box["l"] >= 0 and box["t"] >= 0 and box["r"] <= WIDTH and box["b"] <= HEIGHT
        check(inside, f"control {box['id']} lies outside the {WIDTH}x{HEIGHT} screen: {box}")
        check(box["hit"], f"control {box['id']} is covered by another element")
    size = b.evaluate("[document.documentElement.scrollWidth, document.querySelector('main').getBoundingClientRect().bottom]")
    check(size[0] <= WIDTH and size[1] <= HEIGHT, f"page needs scrolling at {WIDTH}x{HEIGHT}: {size}")
    root = b.page("DOM.getDocument")["root"]["nodeId"]
    ids = b.page("DOM.querySelectorAll", {"nodeId": root, "selector": controls})["nodeIds"]
    for nid in ids:
        ax = b.page("Accessibility.getPartialAXTree", {"nodeId": nid, "fetchRelatives": False})["nodes"]
        name = next((n.get("name", {}).get("value", "") for n in ax if not n.get("ignored")), "")
        role = next((n.get("role", {}).get("value", "") for n in ax if not n.get("ignored")), "")
        desc = b.page("DOM.describeNode", {"nodeId": nid})["node"]
        check(name.strip() != "", f"{desc['localName']} {desc.get('attributes')} has no accessible name (role {role})")
    # Keyboard focus is visible: Tab onto a button and read its outline.
    b.page("DOM.focus", {"nodeId": node(b, "#signer")})
    key(b, "Tab", "Tab", 9)
    focus = b.evaluate("""(() => { const e = document.activeElement; const s = getComputedStyle(e);
        return [e.id, s.outlineStyle, parseFloat(s.outlineWidth), e.matches(':focus-visible')]; })()""")
    # Undo and Redo are disabled on an empty pad, so Tab lands on Clear.
    check(focus[0] == "clear" and focus[1] != "none" and focus[2] >= 2 and focus[3],
          f"Tab from the signer field: focus {focus}, want a visible outline on #clear")
    b.page("DOM.focus", {"nodeId": node(b, "#signer")})


def screenshot_blank(path):
    data = open(path, "rb").read()
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(idat)
    return len(set(raw[: len(raw) // 2])) < 3


def check_saved(binary, path, pen, origin):
    r = sigbench(binary, "info", path, "--json")
    if not check(r.returncode == 0, f"sigbench info exited {r.returncode}: {r.stderr.strip()}"):
        return
    info = json.loads(r.stdout)[0]
    by = lambda label: [s for s in pen.sent if s[0] == label]  # noqa: E731
    a, touch, mouse, hover, cancel = by("a"), by("touch"), by("mouse"), by("hover"), by("cancelled")
    want = {"strokes": 4, "samples": len(a) + len(touch) + len(mouse) + len(cancel), "hoverStrokes": 1,
            "hoverSamples": len(hover), "channels": ["x", "y", "t", "pressure", "tilt?", "azimuth?"],
            "nativeUnits": "css-px (browser)", "nominalScale": True}
    for k, v in want.items():
        check(info.get(k) == v, f"sigbench info {k} = {info.get(k)!r}, want {v!r}")
    check(not info.get("warnings"), f"reader warnings: {info.get('warnings')}")

    doc = json.load(open(path, encoding="utf-8"))
    strokes, hov = doc["strokes"], doc["hover"]
    if not check(len(strokes) == 4 and len(hov) == 1, f"{len(strokes)} strokes, {len(hov)} hover traces"):
        return
    ch = doc["channels"]
    col = {c: i for i, c in enumerate(ch)}
    t0 = hover[0][3]  # the drawing starts at its first recorded sample (a hover sample)
    groups = [("pen stroke", strokes[0], a, "pen"), ("touch stroke", strokes[1], touch, "touch"),
              ("mouse stroke", strokes[2], mouse, "mouse"), ("cancelled touch", strokes[3], cancel, "touch"),
              ("hover trace", hov[0], hover, "pen")]
    for name, got, sent, pointer in groups:
        rows = got["samples"]
        if not check(len(rows) == len(sent), f"{name}: {len(rows)} samples, sent {len(sent)}"):
            continue
        for j, (row, s) in enumerate(zip(rows, sent)):
            _, x, y, t, extra = s
            dx, dy = abs(row[0] - x), abs(row[1] - y)
            check(dx <= POSITION_TOLERANCE and dy <= POSITION_TOLERANCE,
                  f"{name} sample {j}: ({row[0]}, {row[1]}), sent ({x}, {y})")
            check(abs(row[col["t"]] - (t - t0)) <= TIME_TOLERANCE,
                  f"{name} sample {j}: t = {row[col['t']]}, sent {t - t0:.6f}")
            p = row[col["pressure"]]
            if name == "hover trace":
                check(p == 0, f"hover sample {j}: pressure {p}, want 0")
            elif extra.get("force") is not None:
                check(p is not None and abs(p - extra["force"]) < 1e-6, f"{name} sample {j}: pressure {p}, sent {extra['force']}")
            elif pointer == "mouse":  # whatever the browser reports, one value while pressed
                check(p == rows[0][col["pressure"]], f"mouse sample {j}: pressure {p} changed")
            tilt, az = row[col["tilt"]], row[col["azimuth"]]
            if pointer == "pen" and name != "hover trace":
                tx, ty = (math.radians(v) for v in extra["tilt"])
                want_tilt = math.atan(math.hypot(math.tan(tx), math.tan(ty)))
                want_az = math.atan2(math.tan(ty), math.tan(tx)) % (2 * math.pi)
                check(tilt is not None and abs(tilt - want_tilt) < 1e-6, f"{name} sample {j}: tilt {tilt}, want {want_tilt}")
                check(az is not None and abs(az - want_az) < 1e-6, f"{name} sample {j}: azimuth {az}, want {want_az}")
            elif pointer != "pen":
                check(tilt is None and az is None, f"{name} sample {j}: tilt {tilt}, azimuth {az} on a {pointer}")
        times = [r[col["t"]] for r in rows]
        check(all(u < v for u, v in zip(times, times[1:])), f"{name}: timestamps not increasing: {times[:8]}…")
        if "attributes" in got:
            check(got["attributes"].get("pointer-type") == pointer, f"{name}: attributes {got['attributes']}")
    check(strokes[0]["attributes"] == {"pointer-type": "pen", "preset": "pen", "color": "#000000",
                                       "width": "5", "opacity": "1", "cancelled": "false"},
          f"pen stroke attributes {strokes[0]['attributes']}")
    check([s["attributes"]["cancelled"] for s in strokes] == ["false", "false", "false", "true"],
          f"cancelled flags {[s['attributes'].get('cancelled') for s in strokes]}, want only the last")
    all_times = [r[col["t"]] for s in strokes for r in s["samples"]]
    check(all(u < v for u, v in zip(all_times, all_times[1:])), "strokes are not in time order")
    # Undone stroke B is nowhere; the second finger's path is nowhere.
    ink = [(r[0], r[1]) for s in strokes + hov for r in s["samples"]]
    for label in ("b", "second-finger"):
        for s in pen.sent:
            if s[0] == label:
                near = [p for p in ink if abs(p[0] - s[1]) < 1 and abs(p[1] - s[2]) < 1]
                check(not near, f"{label} sample ({s[1]}, {s[2]}) is in the saved file")
    cap = doc.get("capture", {})
    check(len(cap.get("strokes", [])) == 4 and len(cap.get("hover", [])) == 1, "capture key: per-stroke lists missing")
    for i, s in enumerate(cap.get("strokes", [])):
        check(len(s["contact"]) == len(strokes[i]["samples"]), f"capture.strokes[{i}].contact has {len(s['contact'])} rows")
        check(isinstance(s.get("predicted"), list), f"capture.strokes[{i}].predicted missing")
    check(all(c == [8, 6] for c in cap["strokes"][1]["contact"]),
          f"touch contact sizes {cap['strokes'][1]['contact'][:3]}, want [8, 6] (radii 4 and 3)")
    check(cap.get("ignoredPointers") == 1, f"capture.ignoredPointers = {cap.get('ignoredPointers')}, want 1")
    check(cap.get("devicePixelRatio") == SCALE, f"devicePixelRatio {cap.get('devicePixelRatio')}")
    check(sorted(cap.get("pointerTypes", [])) == ["mouse", "pen", "touch"], f"pointer types {cap.get('pointerTypes')}")
    check(abs(cap.get("sampleRates", {}).get("pen", 0) - 240) < 10, f"measured rates {cap.get('sampleRates')}")
    check("userAgent" not in cap and not any("user-agent" in n for n in doc["metadata"]["notes"]),
          "the user agent was saved without the box ticked")
    notes = doc["metadata"]["notes"]
    for want_note in ("capture device-pixel-ratio=3", "capture pointer-types=mouse,pen,touch", "capture signer=x"):
        check(want_note in notes, f"metadata note {want_note!r} missing: {notes}")


if __name__ == "__main__":
    main()
