#!/usr/bin/env python3
"""A sigbench external strategy in Python, standard library only: protocol version 1.

The ink follows the mean of the last `window` samples. Each push appends the chord from the
previous mean to the new one as stable ink (a straight cubic of width `width`), and draws the
tentative tail from the newest mean to the raw sample, where the pen is now. At pen-up the tail
becomes stable. A stroke of one sample is a dot.

Run by sigbench from its manifest (moving-average.sigbench-strategy.json); by hand:
  echo '{"op":"hello","protocol":1}' | python3 moving_average.py
"""
import json
import sys
import time

options = {"window": 4, "width": 2.0}
recent = []     # the last `window` sample positions
drawn = 0       # stable chords drawn in this stroke
mean = None     # the newest mean: the end of the stable ink
raw = None      # the newest sample


def segment(a, b, w):
    """A straight cubic from a to b: [x0,y0, x1,y1, x2,y2, x3,y3, w0,w1]."""
    (ax, ay), (bx, by) = a, b
    return [ax, ay, ax + (bx - ax) / 3, ay + (by - ay) / 3,
            ax + 2 * (bx - ax) / 3, ay + 2 * (by - ay) / 3, bx, by, w, w]


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def output(stable, tentative, started):
    send({"op": "output", "stable": stable, "tentative": tentative,
          "ns": time.monotonic_ns() - started})


for line in sys.stdin:
    request = json.loads(line)
    op = request["op"]
    started = time.monotonic_ns()
    if op == "hello":
        send({"op": "hello", "protocol": 1})
    elif op == "configure":
        options = request["options"]
        send({"op": "configured"})
    elif op == "begin":
        recent, mean, raw, drawn = [], None, None, 0
        send({"op": "begun"})
    elif op == "push":
        s = request["sample"]
        raw = (s["x"], s["y"])
        recent = (recent + [raw])[-int(options["window"]):]
        new = (sum(p[0] for p in recent) / len(recent), sum(p[1] for p in recent) / len(recent))
        w = options["width"]
        first = mean is None
        stable = {} if first else {"centerline": [segment(mean, new, w)]}
        drawn += 0 if first else 1
        mean = new
        if raw != mean:
            tail = {"centerline": [segment(mean, raw, w)]}
        else:  # a dot at the first sample; nothing when the mean has reached the pen
            tail = {"discs": [[raw[0], raw[1], w / 2]]} if first else {}
        output(stable, tail, started)
    elif op == "finish":
        w = options["width"]
        if mean is None:
            stable = {}
        elif raw != mean:
            stable = {"centerline": [segment(mean, raw, w)]}
        else:  # a one-sample stroke is a dot
            stable = {"discs": [[raw[0], raw[1], w / 2]]} if drawn == 0 else {}
        output(stable, {}, started)
    else:
        send({"op": "error", "message": "unknown request " + json.dumps(op)})
