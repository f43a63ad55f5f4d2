#!/usr/bin/env python3
"""sigbench's reference strategy `straight`, re-implemented outside sigbench (protocol 1).

The proof that the external door loses nothing: with the same options its ink equals the
built-in's to the bit. A polyline through the samples, constant width `size`, round caps and
joins. Like the built-in, it keeps the stroke relative to its first sample (the origin) and
writes, per sample:
- the first: a disc of radius size/2 at the sample;
- each later one: the centreline piece from the previous sample (a straight cubic with
  controls at a third and two thirds, computed as a + (b - a) * t), the band around it kept
  stroke-local with the origin beside it, and a disc at the new sample; a sample on the
  previous one adds only the zero-length centreline piece.
Nothing is ever tentative. Standard library only.
"""
import json
import sys
import time

size = 2.0
origin = None    # the stroke's first sample
previous = None  # the previous sample, stroke-local


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def lerp(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def push(x, y):
    """The stable geometry this sample adds."""
    global origin, previous
    if origin is None:
        origin = (x, y)
    local = (x - origin[0], y - origin[1])
    ox, oy = origin
    if previous is None:
        previous = local
        return {"discs": [[local[0] + ox, local[1] + oy, size / 2]]}
    a, b = previous, local
    previous = local
    c1, c2 = lerp(a, b, 1.0 / 3.0), lerp(a, b, 2.0 / 3.0)
    piece = [a[0], a[1], c1[0], c1[1], c2[0], c2[1], b[0], b[1], size, size]
    moved = [piece[i] + (ox if i % 2 == 0 else oy) for i in range(8)] + [size, size]
    if a == b:
        return {"centerline": [moved]}
    return {"centerline": [moved], "bands": [[ox, oy] + piece + [1]],
            "discs": [[b[0] + ox, b[1] + oy, size / 2]]}


for line in sys.stdin:
    request = json.loads(line)
    op = request["op"]
    started = time.monotonic_ns()
    if op == "hello":
        send({"op": "hello", "protocol": 1})
    elif op == "configure":
        size = float(request["options"]["size"])
        send({"op": "configured"})
    elif op == "begin":
        origin, previous = None, None
        send({"op": "begun"})
    elif op == "push":
        s = request["sample"]
        stable = push(s["x"], s["y"])
        send({"op": "output", "stable": stable, "tentative": {},
              "ns": time.monotonic_ns() - started})
    elif op == "finish":
        origin, previous = None, None
        send({"op": "output", "stable": {}, "tentative": {},
              "ns": time.monotonic_ns() - started})
    else:
        send({"op": "error", "message": "unknown request " + json.dumps(op)})
