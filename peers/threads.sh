#!/usr/bin/env bash
# One value on one thread and on two, side by side: the median wall time of
# RUNS runs of each (alternating), the speed-up, the peak memory, and a check
# that both print the same value. Prints a Markdown table for BENCHMARKS.md.
#   peers/threads.sh [RUNS] [--quick]    (--quick: Domineering 5x6 only)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cgt="$here/../target/release/cgt"
[ -x "$cgt" ] || (cd "$here/.." && cargo build --release -q -p cgt-repl)
runs=${1:-5}
boards=('value(domineering(5,6))')
[ "${2:-}" = "--quick" ] || boards+=('value(konane("xoxoxo|ox.xox|xoxoxo|o.oxox|xoxoxo"))')

# Median of the numbers on standard input.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "| value | 1 thread s | 2 threads s | speed-up | memory 1 → 2 threads |"
echo "|---|---|---|---|---|"
for expr in "${boards[@]}"; do
    one=$("$cgt" --threads 1 -e "$expr")
    two=$("$cgt" --threads 2 -e "$expr")
    [ "$one" = "$two" ] || { echo "values differ on $expr: $one / $two" >&2; exit 1; }
    : > /tmp/threads.$$.1; : > /tmp/threads.$$.2
    for _ in $(seq "$runs"); do
        for t in 1 2; do
            /usr/bin/time -f "%e %M" -o /tmp/threads.$$.t "$cgt" --threads "$t" -e "$expr" > /dev/null
            cat /tmp/threads.$$.t >> /tmp/threads.$$.$t
        done
    done
    s1=$(cut -d' ' -f1 /tmp/threads.$$.1 | median); s2=$(cut -d' ' -f1 /tmp/threads.$$.2 | median)
    m1=$(cut -d' ' -f2 /tmp/threads.$$.1 | median); m2=$(cut -d' ' -f2 /tmp/threads.$$.2 | median)
    printf '| `%s` = `%s` | %.2f | %.2f | %.2f× | %.0f → %.0f MB |\n' \
        "${expr//|/\\|}" "$one" "$s1" "$s2" "$(echo "$s1 / $s2" | bc -l)" "$(echo "$m1 / 1024" | bc -l)" "$(echo "$m2 / 1024" | bc -l)"
    rm -f /tmp/threads.$$.*
done
