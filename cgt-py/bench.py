"""Notebook-style workloads timed side by side in one process: cgt (this
package), pycgt 0.2.0 (pure Python) and cgt-py 0.11.0 (the cgt crate's
bindings), each on the same games, with the results checked equal.

    pip install ./cgt-py pycgt==0.2.0 cgt-py==0.11.0 anywidget
    python cgt-py/bench.py            # needs target/release/cgt for the games

1. the sum of the 18 games of `cgt bench sum 18 42` (read as plain braces);
2. the canonical value of Domineering on the empty 4x5 board;
3. the temperatures of 1,000 random games (depth 3, seed 7).

    python cgt-py/bench.py rulesets   # needs only this package

times a ruleset defined from Python functions against the same ruleset
written in the language (examples/rulesets/toads_and_frogs.cgt), on the
same engine, best of three, each in a new session.
"""

import pathlib
import random
import subprocess
import sys
import time
from fractions import Fraction

import cgt

ROOT = pathlib.Path(__file__).resolve().parent.parent


def braces(g, memo):
    """A game as plain braces over number atoms (the notation all three read)."""
    key = g.canonical_text
    if key not in memo:
        if g.is_number:
            memo[key] = str(g.number())
        else:
            left = ",".join(braces(o, memo) for o in g.left_options)
            right = ",".join(braces(o, memo) for o in g.right_options)
            memo[key] = "{" + left + "|" + right + "}"
    return memo[key]


def sum_games():
    out = subprocess.run(
        [str(ROOT / "target/release/cgt"), "bench", "sum", "18", "42", "--verbose"],
        capture_output=True, text=True, check=True,
    ).stdout
    texts = [line.split(" ", 1)[1] for line in out.splitlines() if line.startswith("game[")]
    memo = {}
    return [braces(cgt.Game(t), memo) for t in texts]


def random_game(rng, depth, top=False):
    atoms = ["0", "1", "-1", "1/2", "-3/2", "2"]
    if depth == 0 or (not top and rng.random() < 0.25):
        return rng.choice(atoms)
    left = [random_game(rng, depth - 1) for _ in range(rng.randint(0, 2))]
    right = [random_game(rng, depth - 1) for _ in range(rng.randint(0, 2))]
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"


def timed(f):
    start = time.perf_counter()
    value = f()
    return time.perf_counter() - start, value


def main():
    import pycgt
    import cgt_py

    games = sum_games()
    rng = random.Random(7)
    temps = [random_game(rng, 3, top=True) for _ in range(1000)]
    rows = []

    def row(name, ours, theirs_pycgt, theirs_cgtpy):
        rows.append((name, ours, theirs_pycgt, theirs_cgtpy))

    # 1. The sum of 18 games.
    def ours_sum():
        s = cgt.Session()
        total = s.game(0)
        for t in games:
            total = total + s.game(t)
        return total

    def pycgt_sum():
        total = pycgt.ZERO
        for t in games:
            total = pycgt.add(total, pycgt.canonical(pycgt.parse(t)))
        return total

    def cgtpy_sum():
        total = cgt_py.CanonicalForm("0")
        for t in games:
            total = total + cgt_py.CanonicalForm(t)
        return total

    t_ours, v_ours = timed(ours_sum)
    t_py, v_py = timed(pycgt_sum)
    t_cp, v_cp = timed(cgtpy_sum)
    memo = {}
    assert cgt.Game(pycgt_text(v_py)) == v_ours
    assert cgt.Game(repr(v_cp)[len("CanonicalForm('"):-2]) == v_ours
    row("sum of 18 games (`cgt bench sum 18 42`)", t_ours, t_py, t_cp)

    # 2. Domineering 4x5.
    t_ours, v_ours = timed(lambda: cgt.Session().eval("value(domineering(4, 5))"))
    from pycgt.rulesets import domineering
    t_py, v_py = timed(lambda: domineering.rectangle(4, 5))
    t_cp, v_cp = timed(lambda: cgt_py.Domineering(".....|.....|.....|.....").canonical_form)
    assert v_ours == 1 and cgt.Game(pycgt_text(v_py)) == 1 and repr(v_cp) == "CanonicalForm('1')"
    row("Domineering 4×5", t_ours, t_py, t_cp)

    # 3. Temperatures of 1,000 games.
    def ours_temps():
        s = cgt.Session()
        return [s.game(t).temperature for t in temps]

    def pycgt_temps():
        return [pycgt.temperature(pycgt.canonical(pycgt.parse(t))) for t in temps]

    def cgtpy_temps():
        return [Fraction(str(cgt_py.CanonicalForm(t).temperature)[len("DyadicRationalNumber('"):-2])
                for t in temps]

    t_ours, v_ours = timed(ours_temps)
    t_py, v_py = timed(pycgt_temps)
    t_cp, v_cp = timed(cgtpy_temps)
    numbers = [cgt.Game(t).is_number for t in temps]
    # pycgt and the crate give numbers other temperatures (conventions);
    # every other game's must agree exactly.
    assert all(a == b == c for a, b, c, n in zip(v_ours, v_py, v_cp, numbers) if not n)
    row("temperatures of 1,000 games", t_ours, t_py, t_cp)

    print("| workload | cgt s | pycgt s | pycgt / cgt | cgt-py s | cgt-py / cgt |")
    print("|---|---|---|---|---|---|")
    for name, a, b, c in rows:
        print(f"| {name} | {a:.4f} | {b:.4f} | {b / a:.0f}× | {c:.4f} | {c / a:.1f}× |")


def pycgt_text(g):
    """A pycgt game as plain braces."""
    import pycgt

    n = pycgt.as_number(g)
    if n is not None:
        return str(n)
    left = ",".join(pycgt_text(o) for o in g.left)
    right = ",".join(pycgt_text(o) for o in g.right)
    return "{" + left + "|" + right + "}"


def _find_all(s, pattern):
    i = s.find(pattern)
    while i >= 0:
        yield i
        i = s.find(pattern, i + 1)


def _toads(s):
    return [s[:i] + ".T" + s[i + 2:] for i in _find_all(s, "T.")] + [
        s[:i] + ".FT" + s[i + 3:] for i in _find_all(s, "TF.")]


def _frogs(s):
    return [s[:i] + "F." + s[i + 2:] for i in _find_all(s, ".F")] + [
        s[:i] + "FT." + s[i + 3:] for i in _find_all(s, ".TF")]


_SWAP = str.maketrans("TF", "FT")


def _trimmed(s):
    t = s if "F" in s else s.lstrip(".")
    return t if "T" in t else t.rstrip(".")


def _signed_key(s):
    a, b = _trimmed(s), _trimmed(s[::-1].translate(_SWAP))
    return (a, False) if a <= b else (b, True)


def rulesets():
    """Toads-and-Frogs from Python functions against the language's."""
    script = (ROOT / "examples/rulesets/toads_and_frogs.cgt").read_text()
    defs = [l for l in script.splitlines() if l.startswith("def ") or "= ruleset(" in l]
    print("| position | Python s | language s | Python / language |")
    print("|---|---|---|---|")
    for position in ["TTTT....FFFF", "TTTTT....FFFFF"]:
        best_py = best_lang = float("inf")
        for _ in range(3):
            s = cgt.Session()
            tf = cgt.Ruleset(_toads, _frogs, signed_key=_signed_key, name="TF", session=s)
            t, v_py = timed(lambda: tf(position))
            best_py = min(best_py, t)
            s = cgt.Session()
            for line in defs:
                s.run(line)
            t, v_lang = timed(lambda: s.eval(f'value(TF("{position}"))'))
            best_lang = min(best_lang, t)
            assert v_py == v_lang == cgt.toads_and_frogs(position).value
        print(f"| Toads-and-Frogs {position} | {best_py:.3f} | {best_lang:.3f} | "
              f"{best_py / best_lang:.2f}× |")


if __name__ == "__main__":
    sys.setrecursionlimit(100000)
    if sys.argv[1:] == ["rulesets"]:
        rulesets()
    else:
        main()
