"""The explorer from Python: ``cgt.explore`` serves the session on
127.0.0.1 until the page quits; the page's expressions run in the same
session, and its answers are the engine's."""

import json
import socket
import threading
import time
import urllib.request

import cgt


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _call(port, path, body=None):
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=None if body is None else json.dumps(body).encode(),
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def test_explore_serves_the_session(capsys):
    s = cgt.Session()
    s.run("keep := ^*")
    g = s.eval("domineering(2, 3)")
    value = str(s.eval("value(domineering(2, 3))"))
    port = _free_port()
    t = threading.Thread(target=lambda: g.explore(port=port, open=False))
    t.start()
    deadline = time.time() + 20
    while True:
        try:
            state = _call(port, "/api/state")
            break
        except OSError:
            assert time.time() < deadline, "the explorer never answered"
            time.sleep(0.05)
    assert state["text"] == 'domineering("...|...")'
    assert state["facts"]["value"] == value
    assert _call(port, "/api/eval", {"line": "made := keep + *"})["output"] == "^"
    _call(port, "/api/quit", {})
    t.join(timeout=30)
    assert not t.is_alive()
    # What the page defined stays in the session.
    assert s.eval("made") == cgt.Game("^")
    assert f"explorer: http://127.0.0.1:{port}/" in capsys.readouterr().out
