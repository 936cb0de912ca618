#!/usr/bin/env bash
# local-cluster.sh: a single-node Slurm cluster on this host, for trying the sweep scripts and for the
# end-to-end test. Not for production: one node, no accounting, no cgroups, jobs run as the submitting user.
#
#   deploy/slurm/local-cluster.sh start  [STATE_DIR]   # start munged (unless one answers), slurmctld, slurmd
#   deploy/slurm/local-cluster.sh status [STATE_DIR]   # exit 0 if all up, 3 if none, 1 if some
#   deploy/slurm/local-cluster.sh stop   [STATE_DIR]   # cancel this cluster's jobs, end the daemons it started
#   export SLURM_CONF=STATE_DIR/slurm.conf             # then sbatch, squeue, sinfo talk to this cluster
#
# Needs root and Debian's packages: apt-get update && apt-get install -y slurm-wlm munge
# STATE_DIR (default ${TMPDIR:-/tmp}/hornets-slurm) holds slurm.conf, the spool and state directories, logs and the
# pid files; start and stop are idempotent. stop ends only daemons whose pid file this script's cluster wrote and
# whose command line names this STATE_DIR; a munged that was already answering on the system socket is reused and
# never stopped. Ports: HORNETS_SLURMCTLD_PORT (default 6817) and HORNETS_SLURMD_PORT (default 6818); pick others
# if a real Slurm runs on this host. HORNETS_SLURM_OWN_MUNGE=1 starts a private munged even when a system one answers.
set -euo pipefail

prog=local-cluster.sh
die() { echo "$prog: $*" >&2; exit 1; }

usage="usage: $prog start|stop|status [STATE_DIR]"
[[ $# -ge 1 && $# -le 2 ]] || die "$usage"
action=$1
state=${2:-${TMPDIR:-/tmp}/hornets-slurm}
case $action in start | stop | status) ;; *) die "unknown action '$action'; $usage" ;; esac

conf=$state/slurm.conf
rundir=$state/run
logdir=$state/log
mungedir=$state/munge
system_socket=/run/munge/munge.socket.2
ctld_port=${HORNETS_SLURMCTLD_PORT:-6817}
slurmd_port=${HORNETS_SLURMD_PORT:-6818}

# ours PIDFILE MARK: print the pid in PIDFILE if that process is alive and its command line contains MARK (this
# cluster's state dir), so a pid reused by an unrelated process is never signalled.
ours() {
	local pidfile=$1 mark=$2 pid
	[[ -r $pidfile ]] || return 1
	pid=$(tr -dc '0-9' <"$pidfile")
	[[ -n $pid && -r /proc/$pid/cmdline ]] || return 1
	tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "$mark" || return 1
	echo "$pid"
}

munge_answers() { # munge_answers SOCKET: a credential round-trips through the munged on SOCKET
	munge -n -S "$1" 2>/dev/null | unmunge -S "$1" >/dev/null 2>&1
}

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

last_log_line() { [[ -r $1 ]] && tail -n 1 "$1" | tr -d '\n' || true; }

# wait_for SECONDS WHAT LOG COMMAND...: retry COMMAND every 0.2 s; a one-line error naming WHAT and the log if it
# never succeeds.
wait_for() {
	local secs=$1 what=$2 log=$3
	shift 3
	local deadline=$((SECONDS + secs))
	until "$@" >/dev/null 2>&1; do
		((SECONDS < deadline)) || die "$what not ready after ${secs}s; see $log (last line: $(last_log_line "$log"))"
		sleep 0.2
	done
}

stop_pid() { # stop_pid NAME PIDFILE MARK
	local name=$1 pidfile=$2 mark=$3 pid i
	pid=$(ours "$pidfile" "$mark") || { rm -f "$pidfile"; return 0; }
	kill -TERM "$pid" 2>/dev/null || true
	for ((i = 0; i < 100; i++)); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$pid" 2>/dev/null; then
		kill -KILL "$pid" 2>/dev/null || true
	fi
	rm -f "$pidfile"
	echo "stopped $name (pid $pid)"
}

munge_socket() { # the socket slurm.conf uses: ours if we started munged, else the system one
	if [[ -e $rundir/munged.pid ]]; then echo "$mungedir/munge.socket.2"; else echo "$system_socket"; fi
}

write_conf() {
	local host cpus mem nodeline
	host=$(hostname -s)
	# slurmd -C prints this host's real topology and memory; keep the hardware fields, name the node ourselves.
	nodeline=$(slurmd -C 2>/dev/null | head -n 1) || true
	cpus=$(sed -n 's/.*CPUs=\([0-9]*\).*/\1/p' <<<"$nodeline")
	mem=$(sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p' <<<"$nodeline")
	[[ -n $cpus ]] || cpus=$(nproc)
	[[ -n $mem ]] || mem=$(($(sed -n 's/^MemTotal: *\([0-9]*\).*/\1/p' /proc/meminfo) / 1024))
	cat >"$conf.tmp" <<EOF
# Written by deploy/slurm/local-cluster.sh; rewritten on every start while the daemons are down.
ClusterName=hornets-local
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$(munge_socket)
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool/slurmd-%n
SlurmctldPidFile=$rundir/slurmctld.pid
SlurmdPidFile=$rundir/slurmd.pid
SlurmctldLogFile=$logdir/slurmctld.log
SlurmdLogFile=$logdir/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=60
MaxArraySize=100001
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
	mv "$conf.tmp" "$conf"
}

start_munged() {
	if ours "$rundir/munged.pid" "$mungedir" >/dev/null; then return 0; fi
	rm -f "$rundir/munged.pid"
	if [[ ${HORNETS_SLURM_OWN_MUNGE:-0} != 1 ]] && munge_answers "$system_socket"; then
		echo "reusing the munged answering on $system_socket (not ours; stop leaves it running)"
		return 0
	fi
	command -v munged >/dev/null || die "munged not found; install it: apt-get install -y munge"
	mkdir -p "$mungedir"
	chmod 0755 "$mungedir" # munged wants its socket directory searchable by all; the key file itself is 0600
	if [[ ! -s $mungedir/munge.key ]]; then
		# 1024 random bits, the size mungekey makes; a private key, so this cluster shares no secret with the host.
		(umask 077 && head -c 128 /dev/urandom >"$mungedir/munge.key")
	fi
	# --force: munged insists every directory above its socket be searchable by all, and a private state dir (mktemp,
	# t.TempDir) is 0700; only root talks to this socket, so that check is downgraded to a warning in munged.log.
	munged --force --socket="$mungedir/munge.socket.2" --key-file="$mungedir/munge.key" \
		--pid-file="$rundir/munged.pid" --log-file="$logdir/munged.log" --seed-file="$mungedir/munged.seed" \
		>/dev/null 2>"$logdir/munged.stderr" ||
		die "munged failed to start: $(tr '\n' ' ' <"$logdir/munged.stderr")"
	wait_for 10 munged "$logdir/munged.log" munge_answers "$mungedir/munge.socket.2"
}

node_ready() { # the node has registered and is idle, mixed or allocated
	local st
	st=$(sinfo -h -N -n "$(hostname -s)" -o %T 2>/dev/null | head -n 1)
	[[ $st == idle* || $st == mix* || $st == alloc* ]]
}

do_start() {
	[[ $(id -u) == 0 ]] || die "start needs root (slurmd runs jobs as their user)"
	command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v sbatch >/dev/null ||
		die "Slurm not found; install it: apt-get update && apt-get install -y slurm-wlm munge"
	mkdir -p "$state" "$rundir" "$logdir" "$state/ctld" "$state/spool"
	state=$(cd "$state" && pwd -P)
	conf=$state/slurm.conf rundir=$state/run logdir=$state/log mungedir=$state/munge
	export SLURM_CONF=$conf
	local ctld slurmd_pid
	ctld=$(ours "$rundir/slurmctld.pid" "$conf") || ctld=
	slurmd_pid=$(ours "$rundir/slurmd.pid" "$conf") || slurmd_pid=
	if [[ -n $ctld && -n $slurmd_pid ]]; then
		echo "already running (slurmctld $ctld, slurmd $slurmd_pid); export SLURM_CONF=$conf"
		return 0
	fi
	if [[ -z $ctld && -z $slurmd_pid ]]; then
		port_busy "$ctld_port" && die "port $ctld_port is in use (another slurmctld?); set HORNETS_SLURMCTLD_PORT"
		port_busy "$slurmd_port" && die "port $slurmd_port is in use (another slurmd?); set HORNETS_SLURMD_PORT"
	fi
	start_munged
	[[ -n $ctld || -n $slurmd_pid ]] || write_conf
	if [[ -z $ctld ]]; then
		rm -f "$rundir/slurmctld.pid"
		slurmctld -f "$conf" 2>"$logdir/slurmctld.stderr" ||
			die "slurmctld failed to start: $(tr '\n' ' ' <"$logdir/slurmctld.stderr")"
		wait_for 60 slurmctld "$logdir/slurmctld.log" scontrol ping
	fi
	if [[ -z $slurmd_pid ]]; then
		rm -f "$rundir/slurmd.pid"
		slurmd -f "$conf" 2>"$logdir/slurmd.stderr" ||
			die "slurmd failed to start: $(tr '\n' ' ' <"$logdir/slurmd.stderr")"
	fi
	wait_for 60 "node $(hostname -s)" "$logdir/slurmd.log" node_ready
	# A node left DOWN or DRAINED by an earlier unclean stop comes back here (ReturnToService covers most cases).
	echo "slurm cluster up in $state; export SLURM_CONF=$conf"
	echo "export SLURM_CONF=$conf" >"$state/env"
}

do_stop() {
	[[ -d $state ]] || { echo "nothing to stop in $state"; return 0; }
	state=$(cd "$state" && pwd -P)
	conf=$state/slurm.conf rundir=$state/run mungedir=$state/munge
	export SLURM_CONF=$conf
	if ours "$rundir/slurmctld.pid" "$conf" >/dev/null; then
		# The jobs belong to this throwaway cluster: cancel them so no slurmstepd outlives its slurmd.
		scancel --quiet --full --user="$(id -un)" >/dev/null 2>&1 || true
	fi
	stop_pid slurmd "$rundir/slurmd.pid" "$conf"
	stop_pid slurmctld "$rundir/slurmctld.pid" "$conf"
	stop_pid munged "$rundir/munged.pid" "$mungedir"
}

do_status() {
	[[ -d $state ]] || { echo "not running: no $state"; return 3; }
	state=$(cd "$state" && pwd -P)
	conf=$state/slurm.conf rundir=$state/run mungedir=$state/munge
	export SLURM_CONF=$conf
	local up=0 total=2 pid name mark
	for name in munged slurmctld slurmd; do
		mark=$conf
		[[ $name == munged ]] && mark=$mungedir
		if pid=$(ours "$rundir/$name.pid" "$mark"); then
			echo "$name: running (pid $pid)"
			[[ $name == munged ]] || up=$((up + 1))
		elif [[ $name == munged ]]; then
			if munge_answers "$system_socket"; then echo "munged: system one on $system_socket"; else echo "munged: not running"; fi
		else
			echo "$name: not running"
		fi
	done
	if ((up > 0)); then
		sinfo -h -N -o '%N %T %c CPUs %m MB' 2>/dev/null | sed 's/^/node: /' || true
		echo "export SLURM_CONF=$conf"
	fi
	((up == total)) && return 0
	((up == 0)) && return 3
	return 1
}

case $action in
start) do_start ;;
stop) do_stop ;;
status) do_status ;;
esac
