"""Long computations stop on KeyboardInterrupt and at the memory limit, and
the session stays usable."""

import _thread
import threading
import time

import pytest

import cgt


@pytest.fixture
def limit_to():
    """Sets the memory limit to what is used now plus some bytes; no limit
    again after the test, whatever happens in it."""

    def limit(extra):
        cgt.set_memory_limit(cgt.memory_used() + extra)

    yield limit
    cgt.set_memory_limit(0)


def test_keyboard_interrupt_stops_a_long_computation():
    s = cgt.Session()
    s["kept"] = cgt.Game("{2|1}")
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        s.eval("value(domineering(6, 6))")
    timer.join()
    assert time.monotonic() - start < 5
    # The session, its variables and the engine work on.
    assert s["kept"] == cgt.Game("{2|1}")
    assert s.eval("kept + kept") == 3
    assert cgt.domineering(3, 3).value == cgt.eval("value(domineering(3, 3))")


def test_the_gil_is_released_while_computing():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.01)

    t = threading.Thread(target=tick)
    t.start()
    cgt.Session().eval("value(domineering(5, 5))")
    stop.set()
    t.join()
    assert len(ticks) >= 2


def test_memory_limit_raises_memory_error(limit_to):
    s = cgt.Session()
    limit_to(50_000_000)
    with pytest.raises(MemoryError, match="set_memory_limit"):
        s.eval("value(domineering(6, 6))")
    cgt.set_memory_limit(0)
    assert cgt.memory_limit() == 0
    assert s.eval("1 + 1") == 2


def test_lists_count_against_the_memory_limit(limit_to):
    # The list is refused before it is built (it would take about 480 MB).
    s = cgt.Session()
    limit_to(50_000_000)
    with pytest.raises(MemoryError, match="memory limit"):
        s.eval("len([0] * 30000000)")
    cgt.set_memory_limit(0)
    assert s.eval("len([0] * 3)") == 3


def test_conversions_to_and_from_python_ask_the_memory_limit(limit_to):
    # Each list fits the engine's account (about 24 MB), but its Python copy
    # (about 80 MB of objects, outside the account) is refused before it is
    # made; so is a Python list too long to carry over.
    s = cgt.Session()
    limit_to(50_000_000)
    assert s.eval("len([0] * 1000000)") == 1000000
    with pytest.raises(MemoryError, match="memory limit"):
        s.eval("[0] * 1000000")
    with pytest.raises(MemoryError, match="memory limit"):
        s.eval('"ab" * 15000000')
    with pytest.raises(MemoryError, match="memory limit"):
        s.eval("len(x)", x=["a"] * 3_000_000)
    cgt.set_memory_limit(0)
    assert len(s.eval("[0] * 1000")) == 1000
    assert s.eval("len(x)", x=["a"] * 1000) == 1000
