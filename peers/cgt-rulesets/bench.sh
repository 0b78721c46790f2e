#!/usr/bin/env bash
# Times the cgt crate (this harness) and cgt (the project's release binary)
# on the same ruleset positions, one after the other, single-threaded, and
# checks that both give the same value. Prints a Markdown table for
# BENCHMARKS.md: the best of three runs for each side.
#   cd peers/cgt-rulesets && cargo build --release && ./bench.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
peer="$here/target/release/cgt-peer-rulesets"
cgt="$here/../../target/release/cgt"
[ -x "$cgt" ] || (cd "$here/../.." && cargo build --release -q)
[ -x "$peer" ] || (cd "$here" && cargo build --release -q)

best() { # best wall seconds of three runs of "$@"
    local b=999999
    for _ in 1 2 3; do
        local s e
        s=$(date +%s.%N); "$@" > /dev/null 2>&1; e=$(date +%s.%N)
        b=$(echo "$e - $s" | bc -l | awk -v b="$b" '{ print ($1 < b) ? $1 : b }')
    done
    printf '%.3f' "$b"
}

echo "| ruleset | position | value | peer s | cgt s | ratio |"
echo "|---|---|---|---|---|---|"
while IFS='|' read -r game peer_pos ours; do
    [ -z "$game" ] && continue
    peer_pos=${peer_pos//\~/|}
    peer_value=$("$peer" "$game" "$peer_pos" 2>/dev/null) || { echo "the peer cannot read $game $peer_pos" >&2; exit 1; }
    same=$("$cgt" -e "value($ours) == ($peer_value)")
    [ "$same" = true ] || { echo "values differ on $game $peer_pos: $peer_value" >&2; exit 1; }
    value=$("$cgt" -e "value($ours)")
    if [ ${#value} -gt 24 ]; then value="(${#value} chars)"; fi
    p=$(best "$peer" "$game" "$peer_pos")
    c=$(best "$cgt" -e "value($ours)")
    ratio=$(echo "$p / $c" | bc -l)
    # A bar inside a table cell is written \| in Markdown.
    printf '| %s | `%s` | `%s` | %s | %s | %.1f× |\n' "$game" "${ours//|/\\|}" "${value//|/\\|}" "$p" "$c" "$ratio"
done <<'LIST'
domineering|.....~.....~.....~.....|domineering(4,5)
domineering|........~........~........|domineering(3,8)
domineering|.....~.....~.....~.....~.....|domineering(5,5)
snort|3x4|snort("....|....|....")
snort|4x4|snort("....|....|....|....")
toads_and_frogs|TTTT....FFFF|toads_and_frogs("TTTT....FFFF")
toppling_dominoes|xoxxoxooxoxxoxooxxox|toppling_dominoes("BRBBRBRRBRBBRBRRBBRB")
konane|xoxox~ox.xo~xoxox~o.oxo|konane("xoxox|ox.xo|xoxox|o.oxo")
ski_jumps|L...R.~.R.L..~L.....~....R.|ski_jumps("L...R.|.R.L..|L.....|....R.")
fission|.....~..x..~.x...~...x.~.....|fission(".....|..x..|.x...|...x.|.....")
amazons|x...~....~...o|amazons("x...|....|...o")
LIST
