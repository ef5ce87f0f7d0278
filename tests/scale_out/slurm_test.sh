#!/usr/bin/env bash
# The Slurm path of docs/scale-out.md, run for real on a one-node Slurm started here (Debian's
# slurm-wlm and munge; slurmctld and slurmd on localhost, as ../shared/notes/slurm-one-node.md
# describes): a job file from exact-cover --split, a job array of the ready script
# apps/exact-cover/slurm/exact-cover-jobs.sbatch, then exact-cover --merge of the tasks' output
# files; the totals equal one unsplit search's. The daemons it starts are stopped on the way out.
# Needs root (munged runs as user munge, slurmd as root). Reports itself skipped where Slurm or
# munge is not installed.
#
#   tests/scale_out/slurm_test.sh EXACT_COVER SBATCH_SCRIPT DATA_DIR
set -euo pipefail
source "$(dirname "$0")/common.sh"
exact_cover=$(realpath "$1") script=$(realpath "$2") data=$(realpath "$3")
for tool in slurmctld slurmd sbatch squeue sinfo munged munge unmunge; do
  if ! command -v "$tool" > /dev/null; then
    echo "SKIPPED: $tool is not installed (Debian: slurm-wlm munge)"
    exit 0
  fi
done
if ((EUID != 0)); then
  echo "SKIPPED: starting munged and slurmd needs root"
  exit 0
fi

work=$(mktemp -d)
chmod 755 "$work"
pids=()
stop() {
  local pid
  for pid in "${pids[@]}"; do # slurmd, slurmctld, then munged: the reverse of their start
    kill "$pid" 2> /dev/null || true
  done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 50); do # a dead daemon can stay a zombie a while: read its state
      [[ -r /proc/$pid/stat && $(awk '{print $3}' "/proc/$pid/stat") != Z ]] || break
      sleep 0.1
    done
  done
  rm -rf "$work"
}
trap stop EXIT
fail() {
  echo "FAILED: $*"
  for log in "$work"/slurmctld.log "$work"/slurmd.log; do
    [[ -f $log ]] && { echo "== $log"; tail -n 20 "$log"; }
  done
  exit 1
}
# Waits up to $1 tenths of a second for the command that follows to succeed.
wait_for() {
  local tenths=$1
  shift
  for _ in $(seq 1 "$tenths"); do
    "$@" > /dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}

# munge: its key, its run folder, the daemon as user munge (one that already answers is kept).
if ! (munge -n | unmunge) > /dev/null 2>&1; then
  if [[ ! -s /etc/munge/munge.key ]]; then
    mkdir -p /etc/munge
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
  fi
  chown munge:munge /etc/munge/munge.key
  chmod 600 /etc/munge/munge.key
  mkdir -p /run/munge /var/log/munge /var/lib/munge
  chown munge:munge /run/munge /var/log/munge /var/lib/munge
  setpriv --reuid=munge --regid=munge --init-groups /usr/sbin/munged -F > "$work/munged.log" 2>&1 &
  munged_pid=$!
  wait_for 100 sh -c 'munge -n | unmunge' || fail "munged did not answer"
  pids=("$munged_pid")
fi

# A crashed earlier run that still holds Slurm's ports would make this one time out.
if ss -ltn 2> /dev/null | grep -Eq ':(6817|6818)\b'; then
  fail "ports 6817/6818 are taken (an earlier slurmctld or slurmd still runs?)"
fi

export SLURM_CONF=$work/slurm.conf
memory=$(slurmd -C | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')
cat > "$SLURM_CONF" << EOF
ClusterName=dlx-test
SlurmctldHost=localhost
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
MailProg=/bin/true
SchedulerParameters=batch_sched_delay=0
ReturnToService=2
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
NodeName=localhost CPUs=$(nproc) RealMemory=$memory State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
mkdir -p "$work/state" "$work/spool" "$work/results"
slurmctld -D -i > /dev/null 2>&1 &
pids=("$!" "${pids[@]}")
slurmd -D -N localhost > /dev/null 2>&1 &
pids=("$!" "${pids[@]}")
wait_for 300 sh -c '[ "$(sinfo -h -N -o %t)" = idle ]' || fail "the node did not become idle"

cd "$work"
checks=0
for problem in langford7 colour12 mult3x4 $(large_problem); do
  file=$data/exact-cover/$problem.dlx
  serial=$("$exact_cover" --stats "$file" 2> serial.err)
  "$exact_cover" --split 100 "$file" > jobs.txt
  rm -f results/*
  # The ready script, as docs/scale-out.md submits it: 4 array tasks over the jobs.
  id=$(EXACT_COVER=$exact_cover sbatch --parsable --array=1-4 \
    --output="$work/results/%A_%a.jsonl" --error="$work/results/%A_%a.err" \
    "$script" "$work/jobs.txt" "$file") || fail "sbatch refused the job"
  wait_for 3000 sh -c "[ -z \"\$(squeue -h -j $id 2> /dev/null)\" ]" || fail "job $id did not end"
  if cat results/*.err 2> /dev/null | grep -q .; then fail "a task wrote errors: $(cat results/*.err)"; fi
  count=$("$exact_cover" --merge jobs.txt results/*.jsonl 2> merge.err) ||
    fail "$problem: $(cat merge.err)"
  [[ $count == "$serial" ]] || fail "$problem: count $count, not $serial"
  [[ $(counts merge.err) == "$(counts serial.err)" ]] ||
    fail "$problem: $(cat merge.err), not $(cat serial.err)"
  checks=$((checks + 1))
done
echo "$checks checks passed"
