"""cgt against pycgt 0.2.0 (a pure-Python implementation, from PyPI) on
random games: canonical forms, outcomes, stops, temperatures, comparisons.
Both read the same brace text; every case must agree."""

import random
from fractions import Fraction

import pytest

import cgt

pycgt = pytest.importorskip("pycgt")

CASES = 600
ATOMS = ["0", "1", "-1", "1/2", "-3/2", "2", "*", "*2", "^", "v"]


def random_game(rng, depth, top=False):
    if depth == 0 or (not top and rng.random() < 0.25):
        return rng.choice(ATOMS)
    left = [random_game(rng, depth - 1) for _ in range(rng.randint(0, 2))]
    right = [random_game(rng, depth - 1) for _ in range(rng.randint(0, 2))]
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"


def games():
    rng = random.Random(20261202)
    return [random_game(rng, 3, top=True) for _ in range(CASES)]


def tree_of_pycgt(g):
    """The canonical form as a nested, order-free tree."""
    return (
        tuple(sorted(repr(tree_of_pycgt(o)) for o in g.left)),
        tuple(sorted(repr(tree_of_pycgt(o)) for o in g.right)),
    )


def tree_of_cgt(g, memo):
    key = g.canonical_text
    if key not in memo:
        memo[key] = (
            tuple(sorted(repr(tree_of_cgt(o, memo)) for o in g.left_options)),
            tuple(sorted(repr(tree_of_cgt(o, memo)) for o in g.right_options)),
        )
    return memo[key]


OUTCOMES = {"LEFT": "L", "RIGHT": "R", "FIRST": "N", "SECOND": "P"}


def test_enough_distinct_cases():
    assert len(set(games())) >= 500


@pytest.mark.parametrize("chunk", range(6))
def test_agrees_with_pycgt(chunk):
    texts = games()[chunk * 100:(chunk + 1) * 100]
    memo = {}
    previous = None
    for text in texts:
        ours = cgt.Game(text)
        theirs = pycgt.canonical(pycgt.parse(text))
        assert tree_of_cgt(ours, memo) == tree_of_pycgt(theirs), text
        assert ours.outcome == OUTCOMES[pycgt.outcome(theirs).name], text
        assert ours.left_stop == pycgt.left_stop(theirs), text
        assert ours.right_stop == pycgt.right_stop(theirs), text
        if not ours.is_number:
            # pycgt's temperatures of numbers follow another convention;
            # for every other game the temperature is the same exact rational.
            t = pycgt.temperature(theirs)
            assert isinstance(t, Fraction) and ours.temperature == t, text
            assert isinstance(ours.temperature, cgt.Number), text
            assert ours.mean == pycgt.mean(theirs), text
        if previous is not None:
            a, b = previous
            assert ours.compare(a[0]) == str(pycgt.compare(theirs, b)), (text, a[1])
        previous = ((ours, text), theirs)
