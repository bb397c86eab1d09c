#!/usr/bin/env bash
# Start a single-node Slurm cluster on this machine (Debian: slurm-wlm + munge), for CI tests of
# sharded runs. Idempotent: when the cluster is already up and the node idle it does nothing.
# It also installs GNU parallel, the other engine the shard tests drive.
#
# No systemd is assumed (CI containers often run something else as PID 1), so the daemons are
# started directly and tracked by their pid files; scripts/slurm-down.sh stops them.
# Exits non-zero with the relevant log tails when anything fails: CI must not skip silently.
set -euo pipefail

# shellcheck source=scripts/slurm-common.sh
. "$(dirname "$0")/slurm-common.sh"
START_TIMEOUT=${SLURM_UP_TIMEOUT:-90}

log() { echo "slurm-up: $*" >&2; }

show_logs() {
  local f
  for f in "$MUNGE_LOG" "$LOG_DIR/slurmctld.log" "$LOG_DIR/slurmd.log"; do
    if [ -f "$f" ]; then
      echo "----- last lines of $f -----" >&2
      tail -n 25 "$f" >&2
    fi
  done
}

die() {
  echo "slurm-up: ERROR: $*" >&2
  show_logs
  echo "slurm-up: ERROR: the single-node Slurm cluster could not be started (see above)" >&2
  exit 1
}

need_root "$@"

# --- 1. packages --------------------------------------------------------------------------------
install_packages() {
  local missing=()
  command -v munged >/dev/null 2>&1 || missing+=(munge)
  command -v slurmctld >/dev/null 2>&1 || missing+=(slurmctld)
  command -v slurmd >/dev/null 2>&1 || missing+=(slurmd)
  command -v sbatch >/dev/null 2>&1 || missing+=(slurm-client)
  command -v parallel >/dev/null 2>&1 || missing+=(parallel)
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null 2>&1 || die "apt-get not found; install ${missing[*]} by hand"
  log "installing ${missing[*]} (slurm-wlm, munge, parallel) with apt-get"
  local t0=$SECONDS
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq || die "apt-get update failed"
  # slurm-wlm pulls in slurmd, slurmctld and slurm-client. The postinst scripts try to start
  # services through invoke-rc.d; without systemd as PID 1 that is at best a no-op, so we start
  # the daemons ourselves below.
  apt-get install -y -qq --no-install-recommends slurm-wlm munge parallel >/dev/null \
    || die "apt-get install slurm-wlm munge parallel failed"
  log "packages installed in $((SECONDS - t0)) s"
}

# --- 2. munge -----------------------------------------------------------------------------------
start_munge() {
  getent passwd munge >/dev/null || die "the munge package did not create the 'munge' user"
  install -d -o munge -g munge -m 0700 /etc/munge /var/lib/munge /var/log/munge
  install -d -o munge -g munge -m 0755 /run/munge
  if [ ! -s /etc/munge/munge.key ]; then
    log "creating /etc/munge/munge.key"
    if command -v mungekey >/dev/null 2>&1; then
      mungekey --create --keyfile=/etc/munge/munge.key --force
    else
      dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
    fi
  fi
  # munged refuses a key readable by others or owned by another user.
  chown munge:munge /etc/munge/munge.key
  chmod 0400 /etc/munge/munge.key
  if ! pid_alive munged "$MUNGE_PID"; then
    log "starting munged"
    rm -f "$MUNGE_PID" /run/munge/munge.socket.2 /run/munge/munge.socket.2.lock
    runuser -u munge -- /usr/sbin/munged --pid-file="$MUNGE_PID" --log-file="$MUNGE_LOG" \
      || die "munged failed to start"
  fi
  for _ in $(seq 1 20); do
    munge -n </dev/null 2>/dev/null | unmunge >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  die "munge credentials do not round-trip (munge -n | unmunge)"
}

# --- 3. slurm.conf --------------------------------------------------------------------------------
write_conf() {
  local node cpuline
  # slurmd registers under the short hostname, so NodeName must be exactly that. Addresses are
  # given explicitly so nothing depends on DNS or /etc/hosts resolving the name.
  node=$(hostname -s)
  [ -n "$node" ] || die "hostname -s is empty"
  # The node's real hardware as slurmd sees it: declaring more CPUs or memory than slurmd finds
  # makes slurmctld drain the node ("Low RealMemory"/"Low socket*core*thread count").
  cpuline=$(slurmd -C | head -n 1) || die "slurmd -C failed"
  case $cpuline in
    NodeName=*) ;;
    *) die "unexpected output from slurmd -C: $cpuline" ;;
  esac
  cpuline=${cpuline#NodeName=* }   # keep CPUs=... RealMemory=..., the name is set below

  install -d -m 0755 "$CONF_DIR" "$LOG_DIR" "$CTLD_STATE" "$SLURMD_SPOOL"
  local tmp
  tmp=$(mktemp "$CONF_DIR/slurm.conf.XXXXXX")
  cat >"$tmp" <<EOF
# Written by wurfel's scripts/slurm-up.sh: a single-node test cluster. Overwritten on each run.
ClusterName=wurfel-ci
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
SlurmctldPort=6817
SlurmdPort=6818
StateSaveLocation=$CTLD_STATE
SlurmdSpoolDir=$SLURMD_SPOOL
SlurmctldPidFile=$CTLD_PID
SlurmdPidFile=$SLURMD_PID
SlurmctldLogFile=$LOG_DIR/slurmctld.log
SlurmdLogFile=$LOG_DIR/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
# No cgroups: plain process tracking and no task binding work in containers and without systemd.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
# Start batch jobs as soon as resources free up; the default lets slurmctld wait up to 3 s, which
# on 2 CPUs made 16 one-line array tasks take 18 s instead of 6-8 s.
SchedulerParameters=batch_sched_delay=0
# Allocate cores, not whole nodes, so the tasks of an array share the node.
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
# A node that was down comes back by itself when slurmd registers with a valid configuration.
ReturnToService=2
# A job whose dependency can never be met (afterok on a failed job) is cancelled rather than left
# pending forever, so a broken run fails instead of hanging.
DependencyParameters=kill_invalid_depend
# Finished jobs stay visible to scontrol for 10 minutes (there is no accounting database).
MinJobAge=600
# No mail on this machine; the default /bin/mail is usually absent and logs an error.
MailProg=/bin/true
NodeName=$node NodeAddr=127.0.0.1 $cpuline State=UNKNOWN
PartitionName=debug Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
  chmod 0644 "$tmp"
  if [ -f "$CONF" ] && cmp -s "$tmp" "$CONF"; then
    rm -f "$tmp"
    return 1   # unchanged
  fi
  mv "$tmp" "$CONF"
  log "wrote $CONF (node $node: $cpuline)"
  return 0
}

# Never fails (set -e): an unreachable slurmctld gives an empty state, handled by the caller.
node_state() { sinfo -h -N -o '%T' 2>/dev/null | head -n 1 || true; }

# --- 4. daemons -----------------------------------------------------------------------------------
stop_slurm_daemons() {
  stop_daemon slurmd "$SLURMD_PID" || die "could not stop the old slurmd"
  stop_daemon slurmctld "$CTLD_PID" || die "could not stop the old slurmctld"
}

# The daemons fork and write their pid file a moment later; checking at once races with that.
wait_pid_file() { # name pidfile
  for _ in $(seq 1 40); do
    pid_alive "$1" "$2" && return 0
    sleep 0.25
  done
  die "$1 did not stay up (no live pid in $2 after 10 s)"
}

main() {
  local t0=$SECONDS changed=0
  install_packages
  start_munge
  if write_conf; then changed=1; fi

  if [ "$changed" -eq 0 ] && pid_alive slurmctld "$CTLD_PID" && pid_alive slurmd "$SLURMD_PID" \
    && [ "$(node_state)" = idle ]; then
    log "already up: node $(hostname -s) idle"
    return 0
  fi
  # Daemons this script cannot see (another PID namespace on a reused machine: their pid files
  # are stale) may still hold the ports, and new ones could not start. If they run this very
  # configuration and a job step works, they are the cluster.
  if [ "$changed" -eq 0 ] && [ "$(node_state)" = idle ] \
    && timeout 30 srun --quiet --time=1 --ntasks=1 true >/dev/null 2>&1; then
    log "already up: node $(hostname -s) idle, served by daemons not started here"
    return 0
  fi
  # Restart from a known state: a stale daemon may hold the old configuration.
  stop_slurm_daemons
  log "starting slurmctld and slurmd"
  slurmctld || die "slurmctld failed to start"
  wait_pid_file slurmctld "$CTLD_PID"
  slurmd || die "slurmd failed to start"
  wait_pid_file slurmd "$SLURMD_PID"

  local state="" deadline=$((SECONDS + START_TIMEOUT))
  while [ $SECONDS -lt $deadline ]; do
    pid_alive slurmctld "$CTLD_PID" || die "slurmctld exited"
    pid_alive slurmd "$SLURMD_PID" || die "slurmd exited"
    state=$(node_state)
    case $state in
      idle) break ;;
      drain* | down*)
        # Left over from an earlier run's state; the configuration now matches the hardware.
        scontrol update NodeName="$(hostname -s)" State=RESUME >/dev/null 2>&1 || true ;;
    esac
    sleep 1
  done
  if [ "$state" != idle ]; then
    sinfo -N -l >&2 || true
    scontrol show node >&2 || true
    die "node not idle after ${START_TIMEOUT} s (state: '${state:-none}')"
  fi
  sinfo >&2
  # After a restart sinfo may report the saved state before slurmd has registered; a real job
  # step proves the whole path (munge, slurmctld, slurmd launching a task) works.
  local out
  out=$(timeout 60 srun --quiet --time=1 --ntasks=1 hostname 2>&1) \
    || die "a test job step failed: srun hostname: $out"
  log "up in $((SECONDS - t0)) s (a test job ran on $out)"
}

main "$@"
