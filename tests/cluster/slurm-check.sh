#!/usr/bin/env bash
# The cluster path, run for real: starts a one-node Slurm (start-slurm.sh),
# submits Theorem 5.4's check as an array job of shards with the merge after
# it (examples/cluster/submit.sh), waits, and compares the merged report with
# the same check run on this machine alone. Needs root; run by .ci/run.
#   tests/cluster/slurm-check.sh [PILES MAX SHARDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
piles=${1:-5} max=${2:-2} shards=${3:-4}
cgt="$root/target/release/cgt"
[ -x "$cgt" ] || (cd "$root" && cargo build --release -q -p cgt-repl)
bash "$root/tests/cluster/start-slurm.sh"
work=$(mktemp -d)
cd "$work"
CGT="$cgt" "$root/examples/cluster/submit.sh" "$piles" "$max" "$shards" reports
merge=$(cat reports/merge.jobid)
for _ in $(seq 1 600); do
    squeue -h -j "$merge" 2>/dev/null | grep -q . || break
    sleep 1
done
if squeue -h -j "$merge" 2>/dev/null | grep -q .; then
    echo "slurm-check: the merge job did not finish in 10 minutes" >&2
    scancel "$merge" || true
    exit 1
fi
[ -s reports/merged.json ] || { echo "slurm-check: no merged report" >&2; cat reports/*.log >&2; exit 1; }
alone=$("$cgt" check psn-aw-integral --piles "$piles" --max "$max")
field() { sed -E "s/.*\"$1\":([^,}]*).*/\1/" <<<"$2"; }
for f in positions permutations passed; do
    a=$(field "$f" "$(cat reports/merged.json)")
    b=$(field "$f" "$alone")
    if [ "$a" != "$b" ]; then
        echo "slurm-check: $f differs: cluster $a, one machine $b" >&2
        exit 1
    fi
done
[ "$(field shards "$(cat reports/merged.json)")" = "$shards" ]
[ "$(ls reports/shard-*.json | wc -l)" = "$shards" ]
echo "slurm-check: $shards shards on Slurm = one machine: $(cat reports/merged.json)"
rm -rf "$work"
