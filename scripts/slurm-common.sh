# shellcheck shell=bash disable=SC2034  # the paths are used by the scripts that source this
# Shared by scripts/slurm-up.sh and scripts/slurm-down.sh (sourced, not run): where the
# single-node test cluster keeps its files, and how its daemons are stopped.

CONF_DIR=/etc/slurm
CONF=$CONF_DIR/slurm.conf
LOG_DIR=/var/log/slurm
CTLD_STATE=/var/spool/slurmctld
SLURMD_SPOOL=/var/spool/slurmd
CTLD_PID=/run/slurmctld.pid
SLURMD_PID=/run/slurmd.pid
MUNGE_PID=/run/munge/munged.pid
MUNGE_LOG=/var/log/munge/munged.log

# Root is needed for apt, the munge key and the daemons; re-run under sudo when available.
need_root() { # script arguments...
  [ "$(id -u)" -eq 0 ] && return 0
  if ! command -v sudo >/dev/null 2>&1; then
    echo "$(basename "$0"): must run as root (or with sudo available)" >&2
    exit 1
  fi
  exec sudo -E bash "$0" "$@"
}

# A process counts as alive unless it is gone or a zombie: in containers PID 1 may be slow to reap
# the daemons it inherited, and kill -0 succeeds on a zombie.
proc_alive() { # pid
  kill -0 "$1" 2>/dev/null || return 1
  ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null
}
# A pid file names our daemon only if that pid is alive and runs the program of that name. The
# files under /run can outlive their processes: a machine reused by CI keeps /run while the
# daemons are gone, or ran in another PID namespace, and the pid may since belong to anything
# (a CI run once "stopped slurmctld" by killing the munged it had just started).
daemon_alive() { # name pid
  proc_alive "$2" && [ "$(cat "/proc/$2/comm" 2>/dev/null)" = "$1" ]
}
pid_alive() { # name pidfile
  [ -f "$2" ] && daemon_alive "$1" "$(cat "$2")"
}

# Stop the daemon named by a pid file: SIGTERM, then SIGKILL after 10 s. Returns 1 if it survives.
# A pid file whose pid is not that daemon (see daemon_alive) is stale: it is removed, and nothing
# is killed.
stop_daemon() { # name pidfile
  local name=$1 f=$2 pid
  [ -f "$f" ] || return 0
  pid=$(cat "$f")
  if daemon_alive "$name" "$pid"; then
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 40); do daemon_alive "$name" "$pid" || break; sleep 0.25; done
    if daemon_alive "$name" "$pid"; then
      echo "$name (pid $pid) ignored SIGTERM for 10 s; sending SIGKILL" >&2
      kill -9 "$pid" 2>/dev/null || true
      for _ in $(seq 1 40); do daemon_alive "$name" "$pid" || break; sleep 0.25; done
    fi
    if daemon_alive "$name" "$pid"; then
      echo "ERROR: $name (pid $pid) is still running" >&2
      return 1
    fi
    echo "stopped $name (pid $pid)" >&2
  elif [ -n "$pid" ] && proc_alive "$pid"; then
    echo "$f is stale: pid $pid is not $name; left running" >&2
  fi
  rm -f "$f"
}
