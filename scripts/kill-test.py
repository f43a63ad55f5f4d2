#!/usr/bin/env python3
"""Kills `run`, `baseline save` and `gate` at random moments and checks what is left.

For people, on demand (the default: 50 kills of each command), with a short round in CI
(`scripts/test.sh` runs `--rounds 2 --quick`, under two minutes on a debug build). Seeded:
the seed is printed and `--seed N` repeats a series exactly (the same moments, the same
signals; the machine's speed still moves what each moment hits).

Each round starts one command on Corpus/fixtures (`--processes 2` for save and gate, counters
on), waits a random time drawn from [0, 1.2 x the command's measured duration), and sends
SIGKILL (60 %), SIGINT (20 %) or SIGTERM (20 %). After each round it checks:
  - the command's exit code: 130 after SIGINT, 143 after SIGTERM (or its normal code if it had
    finished before the signal);
  - `latest` is a complete run (result.json parses, index.html exists) whenever it exists;
  - every baseline parses, and is either unchanged or a complete new file (a save whose write
    finished); an acknowledged baseline keeps its acknowledgements unless a save replaced it;
  - no orphans: no process whose command line names this test's private corpus folder is left
    one second after the kill;
  - after SIGINT/SIGTERM: no `.partial` folder, no `.tmp-<pid>` file and no scratch folder of
    that process is left.
At the end one more `run` must sweep every leftover of the killed processes (a notice per
item), after which nothing partial is left anywhere under the output folder or the private
temporary folder.

`--quick` (the CI round) keeps every check but makes each command cheaper: one strategy
(`straight`) instead of two, and no separate timed `gate` before the kills: its kill window is
GATE_OVER_SAVE x the measured `baseline save` duration (a gate does a save's timing and counting
for the head, plus the comparison).

Usage: scripts/kill-test.py [--binary PATH] [--rounds N] [--seed N] [--quick] [--keep]
"""

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIGNALS = [(signal.SIGKILL, 0.6), (signal.SIGINT, 0.2), (signal.SIGTERM, 0.2)]
EXPECTED = {signal.SIGINT: 130, signal.SIGTERM: 143}
# A gate's duration over a save's in the --quick setting on Corpus/fixtures (debug build, one
# strategy: 22.8 / 20.4 s).
GATE_OVER_SAVE = 1.1


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--binary", default=str(ROOT / ".build/release/sigbench"))
    p.add_argument("--rounds", type=int, default=50, help="kills per command (default 50)")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--quick", action="store_true",
                   help="the CI round: one strategy, the gate's window from the save's duration")
    p.add_argument("--keep", action="store_true", help="keep the work folder")
    return p.parse_args()


class Failure(Exception):
    pass


class KillTest:
    def __init__(self, binary, rounds, seed, quick=False):
        self.binary = str(Path(binary).resolve())
        self.quick = quick
        self.rounds = rounds
        self.seed = seed
        self.rng = random.Random(seed)
        self.work = Path(tempfile.mkdtemp(prefix="sigbench-killtest."))
        self.corpus = self.work / "corpus-killtest"
        shutil.copytree(ROOT / "Corpus" / "fixtures", self.corpus)
        self.out = self.work / "out"
        self.tmp = self.work / "tmp"
        self.tmp.mkdir()
        self.env = dict(os.environ, TMPDIR=str(self.tmp))
        self.env.pop("SIGBENCH_INJECT", None)
        self.failures = []
        self.counts = {}
        self.swept = 0

    def command(self, kind):
        common = ["--corpus", str(self.corpus), "--out", str(self.out)]
        s = ["--strategies", "straight" if self.quick else "straight,catmull-rom"]
        if kind == "run":
            return [self.binary, "run", *common, *s]
        if kind == "save":
            return [self.binary, "baseline", "save", "kt", *common, *s, "--processes", "2",
                    "--lanes", "smooth", "--counter-points", "200"]
        return [self.binary, "gate", *common, *s, "--baseline", "kt", "--processes", "2",
                "--lanes", "smooth", "--counter-points", "200", "--seed", "1"]

    def start(self, kind):
        return subprocess.Popen(self.command(kind), env=self.env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, start_new_session=True)

    def timed(self, kind):
        t0 = time.monotonic()
        p = self.start(kind)
        _, err = p.communicate()
        if p.returncode not in (0, 2, 4, 6):
            raise Failure(f"{kind} failed before any kill (exit {p.returncode}): {err[-800:]!r}")
        return time.monotonic() - t0

    # --- checks -------------------------------------------------------------------------------

    def baselines(self):
        folder = self.out / "baselines"
        out = {}
        for f in sorted(folder.glob("*.json")) if folder.exists() else []:
            data = f.read_bytes()
            try:
                parsed = json.loads(data)
            except ValueError as e:
                raise Failure(f"baseline {f} does not parse: {e}")
            out[f.name] = (hashlib.sha256(data).hexdigest(), parsed)
        return out

    def check_latest(self, where):
        latest = self.out / "latest"
        if not latest.exists() and not latest.is_symlink():
            return
        target = latest.resolve()
        if not (target / "index.html").is_file():
            raise Failure(f"{where}: latest -> {target} has no index.html")
        try:
            json.loads((target / "result.json").read_bytes())
        except (OSError, ValueError) as e:
            raise Failure(f"{where}: latest result.json unreadable: {e}")

    def orphans(self):
        found = []
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
            except OSError:
                continue
            if str(self.corpus).encode() in cmd:
                found.append((int(pid), cmd.decode(errors="replace")[:160]))
        return found

    def leftovers_of(self, pid):
        marks = (f".tmp-{pid}", f"-{pid}.partial", f"-{pid}-")
        hits = []
        for base in (self.out, self.tmp):
            for dirpath, dirnames, filenames in os.walk(base):
                for name in dirnames + filenames:
                    if any(m in name for m in marks):
                        hits.append(os.path.join(dirpath, name))
        return hits

    def all_leftovers(self):
        hits = []
        for base in (self.out, self.tmp):
            for dirpath, dirnames, filenames in os.walk(base):
                for name in dirnames + filenames:
                    if name.endswith(".partial") or ".tmp-" in name or name.startswith("sigbench-"):
                        hits.append(os.path.join(dirpath, name))
        return hits

    # --- one round ----------------------------------------------------------------------------

    def round(self, kind, index, duration):
        before = self.baselines()
        delay = self.rng.uniform(0, 1.2 * duration)
        sig = self.rng.choices([s for s, _ in SIGNALS], [w for _, w in SIGNALS])[0]
        p = self.start(kind)
        time.sleep(delay)
        finished = p.poll() is not None
        if not finished:
            os.kill(p.pid, sig)
        try:
            _, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            raise Failure(f"{kind}#{index}: still running 60 s after {sig.name}")
        where = f"{kind}#{index} ({sig.name} at {delay:.2f} s)"
        self.swept += err.decode(errors="replace").count("notice: removed")
        key = (kind, "finished" if finished else sig.name)
        self.counts[key] = self.counts.get(key, 0) + 1
        # A signal that lands before main installs its handlers (the dynamic loader and the
        # runtime start take some 20 ms of a debug build) ends the process by the default action,
        # -signal, before it printed or wrote anything; the checks below still hold it to
        # leaving nothing behind. Once the command has started (it printed), the handler's own
        # exit code is required.
        early = p.returncode == -sig and not err
        if not finished and sig in EXPECTED and not early and p.returncode not in (
            EXPECTED[sig], 0, 2, 4, 6):
            raise Failure(f"{where}: exit {p.returncode}, expected {EXPECTED[sig]}: {err[-400:]!r}")
        time.sleep(1.0)
        orphans = self.orphans()
        if orphans:
            for pid, _ in orphans:
                os.kill(pid, signal.SIGKILL)
            raise Failure(f"{where}: orphan processes left: {orphans}")
        self.check_latest(where)
        after = self.baselines()
        for name, (digest, parsed) in before.items():
            if name not in after:
                raise Failure(f"{where}: baseline {name} disappeared")
            new_digest, new = after[name]
            if new_digest != digest and kind != "save":
                raise Failure(f"{where}: baseline {name} changed by a {kind}")
            if new_digest != digest and not new.get("strategies"):
                raise Failure(f"{where}: baseline {name} replaced by an incomplete file")
        if sig in EXPECTED and not finished:
            left = self.leftovers_of(p.pid)
            if left:
                raise Failure(f"{where}: left partial state after {sig.name}: {left}")

    def run(self):
        mode = " (quick)" if self.quick else ""
        print(f"kill-test: seed {self.seed}, {self.rounds} kills per command{mode}, work {self.work}")
        # A baseline to gate against and to protect, with an acknowledgement in it.
        save_duration = self.timed("save")
        subprocess.run([self.binary, "baseline", "ack", "kt", "--out", str(self.out), "--strategy",
                        "straight", "--reason", "kill-test", "--quiet"], env=self.env, check=True,
                       stdout=subprocess.DEVNULL)
        durations = {"run": self.timed("run"), "save": save_duration}
        durations["gate"] = GATE_OVER_SAVE * save_duration if self.quick else self.timed("gate")
        print("kill-test: durations " + ", ".join(f"{k} {v:.1f} s" for k, v in durations.items()))
        started = time.monotonic()
        for kind in ("run", "save", "gate"):
            for i in range(self.rounds):
                try:
                    self.round(kind, i, durations[kind])
                except Failure as e:
                    self.failures.append(str(e))
                    print(f"FAIL {e}", file=sys.stderr)
        # The next run sweeps what the killed processes left.
        r = subprocess.run(self.command("run"), env=self.env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
        if r.returncode not in (0, 4):
            self.failures.append(f"the sweeping run failed (exit {r.returncode}): {r.stderr[-400:]}")
        left = self.all_leftovers()
        if left:
            self.failures.append(f"leftovers after the next run: {left[:10]}")
        swept = r.stderr.count("notice: removed")
        summary = ", ".join(f"{k}/{s}: {n}" for (k, s), n in sorted(self.counts.items()))
        print(f"kill-test: {summary}; later commands swept {self.swept} leftovers of killed "
              f"processes, the final run {swept}; "
              f"{time.monotonic() - started:.0f} s")
        if self.failures:
            for f in self.failures:
                print(f"kill-test: failure: {f}", file=sys.stderr)
            print(f"kill-test: {len(self.failures)} failures (seed {self.seed})", file=sys.stderr)
            return 1
        print(f"kill-test: passed (seed {self.seed})")
        return 0


def main():
    a = parse_args()
    seed = a.seed if a.seed is not None else int(time.time()) % 100000
    if not os.access(a.binary, os.X_OK):
        print(f"kill-test: no binary at {a.binary} (swift build -c release)", file=sys.stderr)
        return 1
    t = KillTest(a.binary, a.rounds, seed, a.quick)
    try:
        code = t.run()
    except Failure as e:
        print(f"kill-test: {e}", file=sys.stderr)
        code = 1
    if a.keep or code != 0:
        print(f"kill-test: work folder kept: {t.work}")
    else:
        shutil.rmtree(t.work, ignore_errors=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
