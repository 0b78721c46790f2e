#!/usr/bin/env python3
"""Benchmarks as a gate: re-measure every workload of BENCHMARKS.md's current
table (peers/gate.tsv), side by side with the peers, and compare cgt's
instruction counts with the recorded ones (peers/gate-baseline.tsv).

    python3 peers/gate.py                 # measure, print the table, flag regressions
    python3 peers/gate.py --write         # also put the table at the top of BENCHMARKS.md
    python3 peers/gate.py --record        # also record today's instruction counts
    python3 peers/gate.py --no-peers      # cgt alone (no peer builds)
    python3 peers/gate.py --only sum-18 --only psn-outcome

Times are wall seconds of the whole process, the median of --runs runs.
Instructions are counted by valgrind's cachegrind (the machine's hardware
counters are not available to perf here), so they do not depend on the
load: a workload whose count grew by more than 10 % over the recorded one is
flagged and the command exits with status 1. Nothing is fetched.
"""

import argparse
import datetime
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CGT = os.path.join(ROOT, "target", "release", "cgt")
PEERS = {
    "cgt-crate": os.path.join(ROOT, "peers", "cgt-crate", "target", "release", "cgt-peer"),
    "cgt-rulesets": os.path.join(
        ROOT, "peers", "cgt-rulesets", "target", "release", "cgt-peer-rulesets"
    ),
}
MANIFEST = os.path.join(ROOT, "peers", "gate.tsv")
BASELINE = os.path.join(ROOT, "peers", "gate-baseline.tsv")
BENCHMARKS = os.path.join(ROOT, "BENCHMARKS.md")
BEGIN, END = "<!-- gate:begin -->", "<!-- gate:end -->"
SLOWER = 1.10


def workloads():
    rows = []
    with open(MANIFEST, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            wid, ours, peer, theirs = line.rstrip("\n").split("\t")
            rows.append((wid, shlex.split(ours), peer, theirs.split() if peer != "-" else []))
    return rows


def baseline():
    counts = {}
    if os.path.exists(BASELINE):
        with open(BASELINE, encoding="utf-8") as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    wid, count = line.split("\t")[:2]
                    counts[wid] = int(count)
    return counts


def wall(cmd, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f"failed: {shlex.join(cmd)}\n{done.stderr.decode(errors='replace')}")
    return statistics.median(times)


def instructions(cmd):
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
        + cmd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    m = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if not m:
        sys.exit(f"cachegrind gave no count for {shlex.join(cmd)}:\n{out.stderr[-2000:]}")
    return int(m.group(1).replace(",", ""))


def build(peers):
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "cgt-repl"], cwd=ROOT, check=True)
    for name in peers:
        subprocess.run(
            ["cargo", "build", "--release", "-q"], cwd=os.path.join(ROOT, "peers", name), check=True
        )


def commit():
    out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return out.stdout.strip() or "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-peers", action="store_true")
    ap.add_argument("--only", action="append", default=[])
    ap.add_argument("--write", action="store_true", help="put the table at the top of BENCHMARKS.md")
    ap.add_argument("--record", action="store_true", help="record the instruction counts")
    args = ap.parse_args()

    rows = [r for r in workloads() if not args.only or r[0] in args.only]
    peers = set() if args.no_peers else {r[2] for r in rows if r[2] != "-"}
    build(sorted(peers))
    recorded = baseline()
    today = datetime.date.today().isoformat()
    table = [
        "| workload | command | cgt s | peer | peer s | ratio | instructions | recorded | change |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    counts, regressions = {}, []
    for wid, ours, peer, theirs in rows:
        cmd = [CGT] + ours
        ours_s = wall(cmd, args.runs)
        count = instructions(cmd)
        counts[wid] = count
        peer_s = ratio = "—"
        if peer in peers:
            theirs_s = wall([PEERS[peer]] + theirs, args.runs)
            peer_s, ratio = f"{theirs_s:.3f}", f"{theirs_s / ours_s:.1f}×"
        before = recorded.get(wid)
        change = "new"
        threads = ours[ours.index("--threads") + 1] if "--threads" in ours else "1"
        if threads != "1":
            # Several threads: the count depends on how they interleave.
            before, change = None, "not gated (threads)"
        elif before:
            change = f"{(count / before - 1) * 100:+.1f} %"
            if count > before * SLOWER:
                change += " **slower**"
                regressions.append(wid)
        shown = "cgt " + shlex.join(ours).replace("|", "\\|")
        table.append(
            f"| {wid} | `{shown}` | {ours_s:.3f} | {peer if peer in peers else '—'} | {peer_s} | {ratio} "
            f"| {count / 1e6:,.0f} M | {f'{before / 1e6:,.0f} M' if before else '—'} | {change} |"
        )
        print(table[-1], flush=True)
    header = (
        f"Measured {today} (commit {commit()}) by `python3 peers/gate.py"
        f"{' --no-peers' if args.no_peers else ''}` on this 2-core machine: wall seconds of the"
        f" whole process, median of {args.runs} runs, side by side with the peer; ratio = peer's"
        " time / cgt's. Instructions: cachegrind's count for cgt, against the recorded count"
        " (`peers/gate-baseline.tsv`); more than 10 % over it fails the gate."
    )
    print()
    print(header)
    print("\n".join(table))
    if args.write:
        with open(BENCHMARKS, encoding="utf-8") as f:
            text = f.read()
        block = f"{BEGIN}\n## Now\n\n{header}\n\n" + "\n".join(table) + f"\n{END}"
        if BEGIN in text:
            text = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: block, text, flags=re.S)
        else:
            first = text.index("\n## ")
            text = text[:first] + "\n" + block + "\n" + text[first:]
        with open(BENCHMARKS, "w", encoding="utf-8") as f:
            f.write(text)
    if args.record:
        merged = {**recorded, **counts}
        with open(BASELINE, "w", encoding="utf-8") as f:
            f.write(f"# instructions (cachegrind) per workload of peers/gate.tsv; recorded {today}, commit {commit()}\n")
            for wid, count in merged.items():
                f.write(f"{wid}\t{count}\n")
    if regressions:
        print(f"\nslower than recorded by more than 10 %: {', '.join(regressions)}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
