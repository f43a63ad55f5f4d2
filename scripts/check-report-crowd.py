#!/usr/bin/env python3
"""Inputs for the browser check's crowded case (scripts/check-report.sh): a sheet with all twelve
strategies and a second gallery page, and a history of twenty runs.

  check-report-crowd.py drawings DIR N     writes N small doodles (two strokes each) in one
                                           Quick, Draw! raw ndjson file
  check-report-crowd.py history RUN OUT N  writes N-1 copies of RUN/result.json under OUT/<id>/,
                                           each a later run on another commit with its timing
                                           figures scaled (a drift, and a 30 % step for the
                                           first strategy from the middle copy on)

The copies go through `sigbench history import` like any earlier run folder, so the history
report is built by the real import path from files the real run wrote.
"""
import json, math, os, random, sys


def drawings(folder, n):
    """One Quick, Draw! raw ndjson file of n two-stroke doodles (one file: reading stays cheap)."""
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(41)
    with open(os.path.join(folder, "crowd.ndjson"), "w") as f:
        for k in range(n):
            strokes, t = [], 0
            for s in range(2):
                x0, y0 = rng.uniform(10, 200), rng.uniform(10, 120)
                xs = [round(x0 + 6 * i + 8 * math.sin(i / 3 + k), 2) for i in range(16)]
                ys = [round(y0 + 10 * math.cos(i / 4 + s), 2) for i in range(16)]
                ts = [t + 8 * i for i in range(16)]
                t = ts[-1] + 200
                strokes.append([xs, ys, ts])
            f.write(json.dumps({"word": "crowd", "countrycode": "ZZ", "recognized": True,
                                "key_id": str(1000 + k), "drawing": strokes}) + "\n")


def scale(figure, factor):
    for part in ("all", "batched", "steady", "start"):
        stats = figure.get(part)
        if isinstance(stats, dict):
            for key, value in stats.items():
                if (key in ("mean", "min", "max", "mad") or key.startswith("p")) \
                        and isinstance(value, (int, float)) and not isinstance(value, bool):
                    stats[key] = value * factor


def history(run, out, n):
    base = json.load(open(os.path.join(run, "result.json")))
    first = base["bench"]["figures"][0]["strategy"]
    rng = random.Random(20)
    for k in range(1, n):
        doc = json.loads(json.dumps(base))
        run_id = f"{base['runID']}-h{k:02}"
        commit = "%040x" % rng.getrandbits(160)
        stamp = f"2026-12-{1 + k // 24:02}T{k % 24:02}:00:00Z"
        doc["runID"], doc["createdAt"] = run_id, stamp
        doc["bench"]["createdAt"] = stamp
        for holder in (doc.get("provenance"), doc["bench"].get("provenance")):
            if isinstance(holder, dict):
                holder["gitCommit"], holder["gitDirty"] = commit, False
        factors = {}
        for figure in doc["bench"]["figures"]:
            name = figure["strategy"]
            if name not in factors:
                factors[name] = 1 + 0.03 * math.sin(k) + rng.uniform(-0.01, 0.01)
                if name == first and k >= n // 2:
                    factors[name] *= 1.3
            scale(figure, factors[name])
        # Each process's figures (the history's headline is their median).
        for replicate in doc["bench"].get("replicates", []):
            factor = factors.get(replicate.get("strategy"), 1)
            if replicate.get("metric") != "batch-p50-ratio":
                replicate["values"] = [v * factor for v in replicate["values"]]
        folder = os.path.join(out, run_id)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "result.json"), "w") as f:
            json.dump(doc, f)


if __name__ == "__main__":
    if sys.argv[1] == "drawings":
        drawings(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "history":
        history(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        sys.exit(__doc__)
