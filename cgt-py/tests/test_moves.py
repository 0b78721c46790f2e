"""Moves with their meaning from Python: the players as "Left" and "Right"."""

import cgt


def test_winning_and_sensible_moves():
    # Nim: the one winning move takes the heap of 4 away.
    assert str(cgt.winning_moves(cgt.nim([1, 2, 3, 4]), "Left")[0]) == "nim([1,2,3])"
    roles = cgt.move_roles(cgt.eval("'{0,*|}'"), "Left")
    assert [r[2] for r in roles] == ["realises", "reverses out"]
    (only,) = cgt.sensible_options(cgt.clobber("xoxo|ox.."), "Left")
    assert str(only) == 'clobber("xx.o|ox..")'
