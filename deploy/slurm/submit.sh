#!/usr/bin/env bash
# submit.sh: submit a sharded hornetctl sweep as a Slurm job array of N tasks, and the merge as a second job that
# starts only when every task succeeded (--dependency=afterok). Prints the two job ids.
#
#   HORNETS_RESULTS=/shared/sweeps/run1 HORNETCTL=/shared/bin/hornetctl \
#     deploy/slurm/submit.sh 4 bench synthetic --reps 2 --features 8,16
#   deploy/slurm/submit.sh --wait 4 cv --data /shared/data/t.csv --folds 5 --repeats 5
#
# N: the number of array tasks (shards). The rest: the hornetctl command as you would run it unsharded.
# --wait: block until the merge job has ended (polling squeue every HORNETS_WAIT_POLL seconds, default 10) and exit 0
# only if it COMPLETED; the table is then in HORNETS_MERGE_OUT (default: RESULTS.merged.txt). With
# HORNETS_WAIT_TIMEOUT=S (seconds; default 0, no limit) it gives up after S seconds, prints the jobs still queued with
# Slurm's reason (a held or never-scheduled job otherwise waits forever), leaves them queued and exits 3. Without
# --wait, watch with squeue -u $USER.
# Environment: HORNETCTL, HORNETS_RESULTS, HORNETS_MERGE_FORMAT, HORNETS_MERGE_OUT as in sweep.sbatch and
# merge.sbatch; HORNETS_SBATCH_ARGS: extra sbatch options for the array, e.g.
# "--partition=short --time=02:00:00 --array=0-127%32" (a later --array wins over the one this script adds).
# sbatch's own SBATCH_PARTITION, SBATCH_TIMELIMIT and SBATCH_ACCOUNT apply to both jobs.
set -euo pipefail

die() { echo "submit.sh: $*" >&2; exit 2; }
usage="usage: submit.sh [--wait] N HORNETCTL-COMMAND [ARGS...]"

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)
wait=false
if [[ ${1:-} == --wait ]]; then
	wait=true
	shift
fi
[[ $# -ge 2 ]] || die "$usage"
shards=$1
shift
[[ $shards =~ ^[1-9][0-9]*$ ]] || die "N=$shards is not a positive whole number; $usage"
poll=${HORNETS_WAIT_POLL:-10}
limit=${HORNETS_WAIT_TIMEOUT:-0}
[[ $poll =~ ^[0-9]+([.][0-9]+)?$ && ! $poll =~ ^[0.]+$ ]] || die "HORNETS_WAIT_POLL=$poll is not a positive number of seconds"
[[ $limit =~ ^[0-9]+$ ]] || die "HORNETS_WAIT_TIMEOUT=$limit is not a whole number of seconds"
command -v sbatch >/dev/null || die "sbatch not found: run this on a Slurm login node (or deploy/slurm/local-cluster.sh start)"

results=${HORNETS_RESULTS:-$PWD/results}
mkdir -p "$results"
export HORNETS_RESULTS
HORNETS_RESULTS=$(cd "$results" && pwd -P)
if [[ -n ${HORNETCTL:-} && $HORNETCTL == */* ]]; then
	HORNETCTL=$(cd "$(dirname "$HORNETCTL")" && pwd -P)/$(basename "$HORNETCTL")
	export HORNETCTL
fi
unset HORNETS_SHARDS # the array is 0..N-1, so the task count is N

read -r -a extra <<<"${HORNETS_SBATCH_ARGS:-}"
array_id=$(sbatch --parsable --array="0-$((shards - 1))" "${extra[@]}" "$here/sweep.sbatch" "$@")
array_id=${array_id%%;*}
merge_id=$(sbatch --parsable --dependency="afterok:$array_id" --kill-on-invalid-dep=yes "$here/merge.sbatch")
merge_id=${merge_id%%;*}
echo "submit.sh: array job $array_id ($shards tasks), merge job $merge_id; results in $HORNETS_RESULTS" >&2
echo "$array_id $merge_id"
$wait || exit 0

# sbatch --wait would do, but it polls at 2, 4, 8, 16, 32 s: a short sweep waits far longer than it runs.
deadline=$((SECONDS + limit))
while squeue -h -j "$merge_id" -o %T 2>/dev/null | grep -q .; do
	if ((limit > 0 && SECONDS >= deadline)); then
		queued=$(squeue -h -j "$array_id,$merge_id" -o '%i %T (%r)' 2>/dev/null | tr '\n' ';' || true)
		echo "submit.sh: gave up waiting after ${limit} s (HORNETS_WAIT_TIMEOUT); still queued: ${queued%;}" >&2
		exit 3
	fi
	sleep "$poll"
done
state=$(scontrol show job "$merge_id" 2>/dev/null | grep -o "JobState=[A-Z_]*" | head -n 1) || true
state=${state#JobState=}
[[ $state == COMPLETED ]] || die "merge job $merge_id ended ${state:-in an unknown state}; see hornets-merge-$merge_id.out and hornets-sweep-${array_id}_*.out"
