//! `cgt explore` over HTTP, as the page uses it: the position, its facts
//! and every move with its marks agree with the engine asked directly
//! (values of the moves, winning moves); playing, going back and typing an
//! expression work; requests from another address or page are refused; a
//! stop ends a long computation; quit ends the server.

mod explorer;

use explorer::{cgt, Explorer, Running};
use serde_json::Value as Json;
use std::process::Command;
use std::time::{Duration, Instant};

impl Explorer {
    /// (status, body) of a request with these extra headers.
    fn raw(&self, method: &str, path: &str, body: &str, headers: &[(&str, &str)]) -> (u16, String) {
        explorer::request(self.port, method, path, body, headers)
    }

    fn get(&self, path: &str) -> Json {
        let (status, body) = self.raw("GET", path, "", &[]);
        assert_eq!(status, 200, "{path}: {body}");
        serde_json::from_str(&body).unwrap()
    }

    fn post(&self, path: &str, body: &str) -> Json {
        let origin = format!("http://127.0.0.1:{}", self.port);
        let (status, text) = self.raw("POST", path, body, &[("Origin", &origin)]);
        assert_eq!(status, 200, "{path} {body}: {text}");
        serde_json::from_str(&text).unwrap()
    }
}

#[test]
fn the_page_shows_what_the_engine_says() {
    let e = Explorer::start("domineering(2, 3)");
    let (status, page) = e.raw("GET", "/", "", &[]);
    assert_eq!(status, 200);
    assert!(page.contains("<title>cgt explorer</title>"));
    let s = e.get("/api/state");
    assert_eq!(s["text"], "domineering(\"...|...\")");
    assert_eq!(s["picture"]["kind"], "board");
    assert_eq!(s["picture"]["rows"], serde_json::json!(["...", "..."]));
    assert_eq!(s["picture"]["legend"]["#"], "blocked");
    assert_eq!(s["facts"]["value"], cgt("value(domineering(2, 3))"));
    assert_eq!(
        s["facts"]["outcome"],
        cgt("outcome_class(domineering(2, 3))")
    );
    assert_eq!(
        s["facts"]["temperature"],
        cgt("temperature(domineering(2, 3))")
    );
    assert_eq!(s["to_move"], "Left");
    // Every move's value is its value by the engine; winning marks are the
    // winning moves; each has a role.
    let winning = cgt("winning_moves(domineering(2, 3), Left)");
    for side in ["left", "right"] {
        let moves = s[side]["moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{side}");
        for m in moves {
            let text = m["text"].as_str().unwrap();
            assert_eq!(m["value"], cgt(&format!("value({text})")), "{text}");
            assert!(m["role"].is_string(), "{m}");
            if side == "left" {
                assert_eq!(
                    m["winning"].as_bool().unwrap(),
                    winning.contains(text),
                    "{text}"
                );
            }
        }
    }
    // Left's vertical domino in the middle column realises the option 2.
    let left = s["left"]["moves"].as_array().unwrap();
    let k = left
        .iter()
        .position(|m| m["text"] == "domineering(\".#.|.#.\")")
        .unwrap();
    assert_eq!(left[k]["role"], "realises");
    assert_eq!(left[k]["value"], "2");
    assert_eq!(left[k]["winning"], true);
    // Play it: Right to move at the new position; back and forth.
    let after = e.post(
        "/api/play",
        &format!("{{\"player\":\"Left\",\"index\":{k}}}"),
    );
    assert_eq!(after["text"], "domineering(\".#.|.#.\")");
    assert_eq!(after["to_move"], "Right");
    assert_eq!(after["at"], 1);
    assert_eq!(after["history"].as_array().unwrap().len(), 2);
    assert_eq!(after["facts"]["value"], "2");
    let back = e.post("/api/go", "{\"at\":0}");
    assert_eq!(back["text"], "domineering(\"...|...\")");
    // An expression in the same session, and an error with its caret.
    assert_eq!(
        e.post("/api/eval", "{\"line\":\"x := 3; x + ^\"}")["output"],
        "3^"
    );
    let err = e.post("/api/eval", "{\"line\":\"1 + \"}")["error"].to_string();
    assert!(err.contains('^'), "{err}");
    // Another game to explore: heaps are drawn as heaps.
    let nim = e.post("/api/open", "{\"expr\":\"nim([1, 2])\"}");
    assert_eq!(nim["picture"]["heaps"], serde_json::json!([1, 2]));
    assert_eq!(nim["facts"]["value"], "*3");
    assert_eq!(nim["at"], 0);
    // A plain game is explored too, drawn as its tree: each node its
    // value and options, in CGSuite's order.
    let g = e.post("/api/open", "{\"expr\":\"{1|-1}\"}");
    assert_eq!(g["picture"]["kind"], "tree");
    assert_eq!(
        g["picture"]["tree"],
        serde_json::json!({
            "text": "+-1",
            "left": [{ "text": "1", "left": [{ "text": "0", "left": [], "right": [] }], "right": [] }],
            "right": [{ "text": "-1", "left": [], "right": [{ "text": "0", "left": [], "right": [] }] }],
        })
    );
    assert_eq!(g["left"]["moves"][0]["text"], "1");
    // A sum is drawn as its terms, sums within it opened, each as its
    // ruleset draws it.
    let sum = e.post(
        "/api/open",
        "{\"expr\":\"(domineering(1, 2) + nim([2])) - {1|-1}\"}",
    );
    let terms = sum["picture"]["terms"].as_array().unwrap();
    let kinds: Vec<(&str, bool)> = terms
        .iter()
        .map(|t| {
            (
                t["picture"]["kind"].as_str().unwrap(),
                t["negated"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(kinds, [("board", false), ("heaps", false), ("tree", true)]);
    assert_eq!(terms[1]["text"], "nim([2])");
    // The canonical tree of a position, to fold open; cut short on a big
    // game (400 nodes), where the nodes not opened say so.
    e.post("/api/open", "{\"expr\":\"domineering(2, 3)\"}");
    assert_eq!(e.get("/api/tree")["text"], "{2|-1/2}");
    e.post(
        "/api/open",
        "{\"expr\":\"value(domineering(4, 4) + {3||2|1} + {4|1*} + ^*2)\"}",
    );
    let big = e.get("/api/tree");
    let (mut nodes, mut cut, mut todo) = (0, 0, vec![&big]);
    while let Some(n) = todo.pop() {
        nodes += 1;
        if n["more"] == true {
            cut += 1;
        }
        for side in ["left", "right"] {
            todo.extend(n[side].as_array().into_iter().flatten());
        }
    }
    assert!(nodes <= 400 + 64 && cut > 0, "{nodes} nodes, {cut} cut");
    // The canonical tree and the thermograph are pictures.
    let (status, svg) = e.raw("GET", "/api/plot/thermograph", "", &[]);
    assert_eq!(status, 200);
    assert!(svg.contains("<svg"), "{svg}");
    // Quit ends the server.
    e.post("/api/quit", "");
    let mut e = e;
    let status = e.server.0.wait().unwrap();
    assert!(status.success());
}

#[test]
fn other_addresses_and_pages_are_refused() {
    let e = Explorer::start("nim([3])");
    let (status, _) = e.raw("GET", "/api/state", "", &[("Host", "evil.example:80")]);
    assert_eq!(status, 403);
    let (status, _) = e.raw(
        "POST",
        "/api/eval",
        "{\"line\":\"1\"}",
        &[("Origin", "http://evil.example")],
    );
    assert_eq!(status, 403);
    // Its own address by name is fine.
    let host = format!("localhost:{}", e.port);
    let (status, _) = e.raw("GET", "/api/state", "", &[("Host", &host)]);
    assert_eq!(status, 200);
}

#[test]
fn stop_ends_a_long_computation() {
    let e = Explorer::start("nim([1])");
    let port = e.port;
    let started = Instant::now();
    let waiter = std::thread::spawn(move || {
        let e = Explorer {
            server: Running(Command::new("true").spawn().unwrap()),
            port,
        };
        e.post(
            "/api/eval",
            "{\"line\":\"x := 0; while x >= 0 do x := x + 1 end\"}",
        )
    });
    std::thread::sleep(Duration::from_millis(500));
    // The progress of the running request, answered while it runs.
    let p = e.get("/api/progress");
    assert_eq!(p["busy"], true, "{p}");
    assert!(p["seconds"].as_f64().unwrap() > 0.2, "{p}");
    assert!(p["memory_bytes"].as_u64().unwrap() > 0, "{p}");
    e.post("/api/stop", "");
    let answer = waiter.join().unwrap();
    assert!(
        answer["error"].to_string().contains("interrupted"),
        "{answer}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    // The session goes on, idle.
    assert_eq!(e.post("/api/eval", "{\"line\":\"2 + 2\"}")["output"], "4");
    assert_eq!(e.get("/api/progress")["busy"], false);
}
