#!/usr/bin/env bash
# Opt-in (not in ctest): a real Slurm (Debian's slurm-wlm, 22.05 on bookworm) on this machine —
# slurmctld + slurmd for one node named after `hostname -s`, no cgroups, state in a temp dir —
# runs packaging/slurm/rocm-doctor.sbatch end to end with the built binary, then checks the
# per-node report and the fleet output. Daemons are always stopped (trap).
#   sudo apt-get install -y slurm-wlm        # once
#   sudo tests/integration-optin/slurm_local.sh build/rocm-doctor .
set -euo pipefail
DOCTOR=$(realpath "${1:?usage: $0 ROCM_DOCTOR_BINARY SOURCE_DIR}")
SRC=$(realpath "${2:?usage: $0 ROCM_DOCTOR_BINARY SOURCE_DIR}")
fail() { echo "FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (slurmd runs jobs as root here)"
for tool in slurmctld slurmd sbatch scontrol sinfo; do
  command -v "$tool" >/dev/null || fail "$tool not found: apt-get install -y slurm-wlm"
done
T=$(mktemp -d /tmp/rd-slurm.XXXXXX)
chmod 755 "$T"
HOST=$(hostname -s)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "${KEEP:-}" ]; then echo "kept $T"; else rm -rf "$T"; fi
}
trap cleanup EXIT
mkdir -p "$T/state" "$T/spool" "$T/reports"
# auth/none + cred/none: Slurm 22.05 still ships them; no munge key or daemon needed for a
# single-host test. Ports away from the defaults so a real Slurm on the host is not disturbed.
cat > "$T/slurm.conf" <<CONF
ClusterName=rdtest
SlurmctldHost=$HOST
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/none
CredType=cred/none
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
NodeName=$HOST CPUs=$(nproc) State=UNKNOWN
PartitionName=rdtest Nodes=$HOST Default=YES MaxTime=30 State=UP
CONF
export SLURM_CONF=$T/slurm.conf
echo "slurm: $(slurmctld -V), node $HOST, config $SLURM_CONF"
slurmctld -D -i -f "$SLURM_CONF" > "$T/slurmctld.out" 2>&1 & PIDS+=($!)
slurmd -D -f "$SLURM_CONF" > "$T/slurmd.out" 2>&1 & PIDS+=($!)
for _ in $(seq 60); do
  sinfo -h -N -o '%N %T' 2>/dev/null | grep -qE "^$HOST (idle|mixed)" && break
  sleep 1
done
sinfo -N -o '%N %P %T %c' || true
sinfo -h -N -o '%T' | grep -qE 'idle|mixed' || { tail -20 "$T"/slurm*.log; fail "node $HOST did not come up"; }

cd "$T"
start=$(date +%s)
set +e
ROCM_DOCTOR=$DOCTOR ROCM_DOCTOR_REPORTS=$T/reports timeout 300 \
  sbatch --wait -N 1 -o "$T/job.out" --export=ALL "$SRC/packaging/slurm/rocm-doctor.sbatch"
job_status=$?
set -e
echo "sbatch --wait exited $job_status after $(( $(date +%s) - start )) s; job output:"
sed 's/^/  | /' "$T/job.out"
[ "$job_status" -le 1 ] || { tail -20 "$T"/slurm*.log; fail "job failed ($job_status)"; }
[ -s "$T/reports/nodes/$HOST.json" ] || fail "no report $T/reports/nodes/$HOST.json"
python3 - "$T/reports" "$HOST" <<'PY'
import json, sys
reports, host = sys.argv[1], sys.argv[2]
node = json.load(open(f"{reports}/nodes/{host}.json"))
assert node["schema"] == 1 and node["mode"] == "live", node.get("mode")
fleet = json.load(open(f"{reports}/fleet.json"))
assert fleet["nodes"] == [host], fleet["nodes"]
assert fleet["missing_nodes"] == [] and fleet["unreadable"] == [], fleet
assert open(f"{reports}/expected-nodes.txt").read().split() == [host]
print(f"fleet.json: nodes {fleet['nodes']}, {fleet['summary']}")
PY
grep -q "1 node(s) reporting, 0 missing, 0 unreadable" "$T/job.out" || fail "fleet text summary not in job output"
echo "slurm_local: ok"
