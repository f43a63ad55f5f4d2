#!/usr/bin/env bash
# Runs a sharded study on a real Slurm, on this machine, on demand (not in scripts/test.sh: it
# installs packages and takes minutes). As root:
#   1. installs Debian's slurm-wlm and munge (scripts/install-deps.sh);
#   2. starts munged (a key made for the test when there is none), then a single-node cluster:
#      slurmctld and slurmd from a generated slurm.conf (proctrack/linuxproc, task/none,
#      select/cons_tres, no accounting) with its state in a temporary folder;
#   3. submits the job array for N = 4 over Corpus/ and the dependent merge job
#      (submit-slurm.sh --wait), and a single run of the same corpus;
#   4. checks that the merged run's quality figures, samples and corpus summary equal the single
#      run's;
#   5. stops the daemons it started and removes what it configured (the key if it made it, the
#      state folder, /run/munge if it made it). The packages stay installed, with what their
#      own installation configured (Debian's munge makes /etc/munge/munge.key).
#
#   scripts/cluster/slurm-selftest.sh [--shards N]
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$(pwd)"
shards=4
if [ "${1:-}" = "--shards" ]; then shards="$2"; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "slurm-selftest: run as root (it starts munged, slurmctld and slurmd)" >&2
  exit 64
fi
scripts/install-deps.sh slurm-wlm munge
swift build -c release --product sigbench >/dev/null
bin="$(swift build -c release --show-bin-path)/sigbench"

state="$(mktemp -d /tmp/sigbench-slurm.XXXXXX)"
chmod 755 "$state"
made_key=0 made_run=0 pids=()
cleanup() {
  set +e
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  sleep 1
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null; done
  if [ -f /run/munge/munged.pid ]; then kill "$(cat /run/munge/munged.pid)" 2>/dev/null; fi
  pkill -x munged 2>/dev/null
  pkill -x slurmstepd 2>/dev/null
  [ "$made_key" = 1 ] && rm -f /etc/munge/munge.key
  [ "$made_run" = 1 ] && rm -rf /run/munge
  rm -rf "$state"
  # pgrep matches process names of at most 15 characters: one name at a time.
  running() { for n in slurmctld slurmd slurmstepd munged; do pgrep -a -x "$n"; done; }
  for _ in $(seq 1 20); do
    [ -z "$(running)" ] && break
    sleep 0.5
  done
  left=$(running || true)
  if [ -n "$left" ]; then echo "slurm-selftest: still running: $left" >&2; else echo "slurm-selftest: daemons stopped, state removed"; fi
}
trap cleanup EXIT

# munge: its run folder, a key, the daemon (as the munge user).
if [ ! -d /run/munge ]; then mkdir -p /run/munge && made_run=1; fi
chown munge:munge /run/munge
if [ ! -s /etc/munge/munge.key ]; then
  runuser -u munge -- mungekey --create --keyfile=/etc/munge/munge.key
  made_key=1
fi
runuser -u munge -- /usr/sbin/munged
munge -n | unmunge >/dev/null

# slurm.conf for this one node, from what slurmd finds on it.
host=$(hostname -s)
node=$(slurmd -C | head -1)
cat >"$state/slurm.conf" <<EOF
ClusterName=sigbench-selftest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/d
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
SlurmctldPort=26817
SlurmdPort=26818
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
$node State=UNKNOWN
PartitionName=selftest Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
mkdir -p "$state/ctld" "$state/d"
export SLURM_CONF="$state/slurm.conf"
slurmctld -D -f "$SLURM_CONF" >/dev/null 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >/dev/null 2>&1 &
pids+=($!)
started=$SECONDS
until sinfo -h -o %T 2>/dev/null | grep -qE '^idle'; do
  if ((SECONDS - started > 60)); then
    echo "slurm-selftest: the node did not come up in 60 s" >&2
    tail -20 "$state/slurmctld.log" "$state/slurmd.log" >&2
    exit 1
  fi
  sleep 1
done
echo "slurm-selftest: $(sinfo --version), node $host up in $((SECONDS - started)) s"
sinfo

# The study: the array and the dependent merge, waited for; a single run beside it.
study="$state/study"
started=$SECONDS
scripts/cluster/submit-slurm.sh --corpus "$root/Corpus" --out "$study" --shards "$shards" \
  --sigbench "$bin" --wait -- --no-counters
echo "slurm-selftest: array and merge done in $((SECONDS - started)) s"
squeue
for f in "$study"/sigbench-*.out; do echo "--- $(basename "$f")"; tail -3 "$f"; done
"$bin" run --corpus "$root/Corpus" --out "$state/single" --no-render --no-history --no-counters \
  --quiet >/dev/null
python3 - "$state/single/latest/result.json" "$study/merged/latest/result.json" "$shards" <<'PY'
import json, sys
single, merged, n = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), int(sys.argv[3])
info = merged["merge"]
assert info["count"] == n and not info["missing"], info
assert [s["index"] for s in info["shards"]] == list(range(1, n + 1))
for key in ("quality", "samples", "corpus"):
    assert single[key] == merged[key], f"{key} differs from the single run's"
print(f"slurm-selftest: merged {n} shards ({', '.join(str(s['drawings']) for s in info['shards'])} drawings): "
      f"quality, samples and corpus equal the single run's ({merged['corpus']['drawings']} drawings, "
      f"{len(merged['quality']['strategies'])} strategies)")
PY
