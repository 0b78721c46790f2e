#!/usr/bin/env bash
# Theorem 5.4 on a Slurm cluster: an array job of K shards, then the merge.
#   examples/cluster/submit.sh PILES MAX K [REPORTS]
# e.g. examples/cluster/submit.sh 8 3 64 reports   (CGT=/path/to/cgt if not on PATH)
# Prints the two job ids; the result is REPORTS/merged.json when the merge job ends.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
piles=${1:?piles} max=${2:?max} shards=${3:?number of shards} reports=${4:-reports}
mkdir -p "$reports"
reports=$(cd "$reports" && pwd)
rm -f "$reports"/shard-*.json "$reports/merged.json"
export PILES=$piles MAX=$max REPORTS=$reports CGT=${CGT:-cgt}
array=$(sbatch --parsable --array="1-$shards" --output="$reports/task-%a.log" \
    --export=ALL "$here/psn-aw.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterany:$array" --output="$reports/merge.log" \
    --export=ALL "$here/merge.sbatch")
echo "${merge%%;*}" > "$reports/merge.jobid"
echo "array job $array, merge job ${merge%%;*}"
