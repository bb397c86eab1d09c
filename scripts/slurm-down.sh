#!/usr/bin/env bash
# Stop the single-node Slurm cluster started by scripts/slurm-up.sh: slurmd, slurmctld, munged.
# Stops only the daemons named by the pid files slurm-up.sh configured; safe to run when nothing
# is running. Exits non-zero if a daemon is still alive afterwards.
set -uo pipefail
# shellcheck source=scripts/slurm-common.sh
. "$(dirname "$0")/slurm-common.sh"
need_root "$@"

status=0
# slurmd first, so it kills any running job steps itself.
stop_daemon slurmd "$SLURMD_PID" || status=1
stop_daemon slurmctld "$CTLD_PID" || status=1
stop_daemon munged "$MUNGE_PID" || status=1
exit $status
