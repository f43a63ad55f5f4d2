#!/usr/bin/env python3
"""The input envelope at full size, in a release build, on demand (not in CI).

Writes drawings at the envelope's corners and counts (one stroke of 1,000,000 samples, a
drawing of 100,000 strokes, a stroke through the four corners of the position bound) and runs
`sigbench run --no-render` on each, one strategy at a time, printing each cell's wall time, peak
resident size and exit code, and the failed cells the run reported. The debug test suite
drives the same cases scaled down (EnvelopeCornerTests, EnvelopeCountTests).

  python3 scripts/envelope-counts.py [--binary .build/release/sigbench] [--strategies a,b]
                                     [--cases long,many,corners]
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time

HEADER = {"format": "sigbench-ink", "version": 1,
          "units": {"position": "css-px", "time": "s", "pressure": "0-1", "angle": "rad"},
          "channels": ["x", "y", "t"], "hover": []}


def long_stroke(n):
    rows = [[round(400 + 300 * math.cos(i / 500) + i * 0.01, 3),
             round(300 + 200 * math.sin(i / 310), 3), round(i / 240, 6)] for i in range(n)]
    return dict(HEADER, strokes=[{"samples": rows}])


def many_strokes(n):
    strokes = []
    for k in range(n):
        x, y = 50 + (k % 300) * 3, 50 + (k // 300) * 3
        strokes.append({"samples": [[x, y, k * 0.1], [x + 1, y + 1, k * 0.1 + 0.01]]})
    return dict(HEADER, strokes=strokes)


def corners(e=100000):
    rows = [[-e, -e, 0], [e, -e, 0.01], [e, e, 0.02], [-e, e, 0.03]]
    return dict(HEADER, strokes=[{"samples": rows}])


def cases(samples, strokes):
    return {
        "long": (f"one stroke of {samples:,} samples", lambda: long_stroke(samples)),
        "many": (f"{strokes:,} strokes of 2 samples", lambda: many_strokes(strokes)),
        "corners": ("one stroke through the four corners", corners),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=".build/release/sigbench")
    ap.add_argument("--strategies", default=None)
    ap.add_argument("--cases", default="long,many,corners")
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("--samples", type=int, default=1_000_000, help="of the long stroke")
    ap.add_argument("--strokes", type=int, default=100_000, help="of the many-strokes drawing")
    a = ap.parse_args()
    listed = subprocess.run([a.binary, "strategies", "--json"], capture_output=True, text=True)
    ids = [s["id"] for s in json.loads(listed.stdout)] if listed.returncode == 0 else []
    if a.strategies:
        ids = a.strategies.split(",")
    if not ids:
        sys.exit("envelope-counts: no strategies (is --binary a sigbench build?)")
    print(f"{'case':<38} {'strategy':<30} {'wall s':>8} {'peak MB':>8} exit  failed cells")
    with tempfile.TemporaryDirectory(prefix="sigbench-envelope-") as tmp:
        for key in a.cases.split(","):
            title, make = cases(a.samples, a.strokes)[key]
            corpus = os.path.join(tmp, key)
            os.makedirs(corpus)
            with open(os.path.join(corpus, f"{key}.sigbench.json"), "w") as f:
                json.dump(make(), f)
            for sid in ids:
                out = os.path.join(tmp, "out")
                cmd = [a.binary, "run", "--corpus", corpus, "--strategies", sid, "--no-render",
                       "--no-counters", "--no-history", "--out", out, "--json"]
                started = time.monotonic()
                with tempfile.TemporaryFile() as so, tempfile.TemporaryFile() as se:
                    p = subprocess.Popen(cmd, stdout=so, stderr=se)
                    # wait4 reaps the child and gives its own peak resident size (KiB).
                    while True:
                        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
                        if pid == p.pid:
                            code = os.waitstatus_to_exitcode(status)
                            break
                        if time.monotonic() - started > a.timeout:
                            p.kill()
                        time.sleep(0.05)
                    p.returncode = code
                    so.seek(0)
                    text = so.read().decode()
                wall = time.monotonic() - started
                failed = ""
                if text.strip().startswith("{"):
                    r = json.loads(text)
                    cells = [f["reason"][:70] for s in r.get("samples", [])
                             for f in (s.get("failures") or [])]
                    failed = f"{len(cells)}: {cells[0]}" if cells else "0"
                shown = f"{usage.ru_maxrss / 1024:.0f}" if usage else "?"
                print(f"{title:<38} {sid:<30} {wall:8.1f} {shown:>8} {code!s:>4}  {failed}",
                      flush=True)


if __name__ == "__main__":
    main()
