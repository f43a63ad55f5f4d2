#!/usr/bin/env python3
"""A process strategy for sigbench's protocol tests (standard library only).

Stable ink: each new chord between consecutive samples, as a straight cubic segment of width
`width`, plus a disc on the first sample. Tentative tail: none. Option `fault` makes it
misbehave at the third push: crash, hang, garbage, nan, infinite, huge, error, exit, or none.
"""
import json
import sys
import time

options = {}
last = None
pushes = 0


def chord(a, b, w):
    # A straight cubic: controls at a third and two thirds.
    (ax, ay), (bx, by) = a, b
    return [ax, ay, ax + (bx - ax) / 3, ay + (by - ay) / 3,
            ax + 2 * (bx - ax) / 3, ay + 2 * (by - ay) / 3, bx, by, w, w]


def reply(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    request = json.loads(line)
    op = request["op"]
    if op == "hello":
        reply({"op": "hello", "protocol": 1})
    elif op == "configure":
        options = request["options"]
        reply({"op": "configured"})
    elif op == "begin":
        last, pushes = None, 0
        reply({"op": "begun"})
    elif op == "push":
        started = time.monotonic_ns()
        pushes += 1
        fault = options.get("fault", "none")
        if pushes == 3 and fault != "none":
            if fault == "crash":
                raise RuntimeError("deliberate crash at the third push")
            if fault == "hang":
                time.sleep(3600)
            if fault == "garbage":
                sys.stdout.write("this is not json\n")
                sys.stdout.flush()
                continue
            if fault == "nan":
                sys.stdout.write('{"op": "output", "stable": {"discs": [[NaN, 0, 1]]}, "ns": 1}\n')
                sys.stdout.flush()
                continue
            if fault == "error":
                reply({"op": "error", "message": "deliberate error at the third push"})
                continue
            if fault == "exit":
                sys.exit(7)
            if fault == "huge":
                # One reply line over the 16 MiB limit (a 17 MB number).
                sys.stdout.write('{"op":"output","stable":{"discs":[[' + "1" * 17_000_000
                                 + ',0,1]]},"ns":1}\n')
                sys.stdout.flush()
                continue
            if fault == "infinite":
                # 1e999 is valid JSON text for a number no double holds.
                reply_text = '{"op":"output","stable":{"discs":[[1e999,0,1]]},"ns":1}\n'
                sys.stdout.write(reply_text)
                sys.stdout.flush()
                continue
        s = request["sample"]
        p = (s["x"], s["y"])
        w = options["width"]
        stable = {}
        if last is None:
            stable["discs"] = [[p[0], p[1], w / 2]]
        else:
            stable["centerline"] = [chord(last, p, w)]
        last = p
        reply({"op": "output", "stable": stable, "tentative": {},
               "ns": time.monotonic_ns() - started})
    elif op == "finish":
        reply({"op": "output", "stable": {}, "tentative": {}, "ns": 0})
