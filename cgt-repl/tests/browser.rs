//! The explorer in a real browser: headless Chromium driven through the
//! WebDriver protocol (chromedriver), as a researcher clicks through it.
//! It loads Domineering 4×4, checks the value shown against the engine,
//! plays a sensible move from the move list and one on the board, types an
//! expression, stops a long computation, draws a Hackenbush graph and a
//! plain game's tree, and saves screenshots of four rulesets for a person
//! to look at (in the target directory's tmp/).
//!
//! CI installs `chromium` and `chromium-driver` (Debian); elsewhere the
//! test says it was skipped when they are not installed.

mod explorer;

use explorer::{cgt, Explorer, Running};
use fantoccini::{Client, ClientBuilder, Locator};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A free port on the loopback address.
fn free_port() -> u16 {
    std::net::TcpListener::bind(("127.0.0.1", 0))
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The text of the element `css`, once `ok` holds for it (10 s at most).
async fn text_when(c: &Client, css: &str, ok: impl Fn(&str) -> bool) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut last = String::new();
    while Instant::now() < deadline {
        if let Ok(e) = c.find(Locator::Css(css)).await {
            if let Ok(t) = e.text().await {
                if ok(&t) {
                    return t;
                }
                last = t;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{css}: condition not met; last text {last:?}");
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("explorer");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn the_explorer_in_a_browser() {
    let installed = |p: &str| std::path::Path::new(p).exists();
    if !installed("/usr/bin/chromedriver") || !installed("/usr/bin/chromium") {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install chromium and chromium-driver"
        );
        eprintln!("skipped: chromium and chromium-driver are not installed");
        return;
    }
    let port = free_port();
    let _driver = Running(
        Command::new("/usr/bin/chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let server = Explorer::start("domineering(4, 4)");
    let url = server.url();
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": "/usr/bin/chromium",
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,1000"],
        }),
    );
    let driver = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(20);
    let c = loop {
        match ClientBuilder::rustls()
            .unwrap()
            .capabilities(caps.clone())
            .connect(&driver)
            .await
        {
            Ok(c) => break c,
            Err(e) if Instant::now() > deadline => panic!("chromedriver: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    };

    c.goto(&url).await.unwrap();
    // The value shown is the engine's.
    let value = text_when(&c, "#fact-value", |t| !t.is_empty()).await;
    assert_eq!(value, cgt("value(domineering(4, 4))"));
    assert_eq!(
        text_when(&c, "#fact-outcome", |t| !t.is_empty()).await,
        cgt("outcome_class(domineering(4, 4))")
    );
    screenshot(&c, "domineering-4x4").await;

    // Click a sensible move (one that realises a canonical option) of Left.
    let moves = c.find_all(Locator::Css("#left .move")).await.unwrap();
    let mut chosen = None;
    for m in &moves {
        if m.attr("data-role").await.unwrap().as_deref() == Some("realises") {
            chosen = Some(m.clone());
            break;
        }
    }
    let chosen = chosen.expect("a sensible move of Left");
    let position = chosen.attr("data-text").await.unwrap().unwrap();
    chosen.click().await.unwrap();
    let now = text_when(&c, "#position", |t| t == position).await;
    // The value and the marks are the engine's for the new position.
    let want = cgt(&format!("value({now})"));
    assert_eq!(text_when(&c, "#fact-value", |t| t == want).await, want);
    let right = c.find(Locator::Css("#right")).await.unwrap();
    assert!(right
        .attr("class")
        .await
        .unwrap()
        .unwrap_or_default()
        .contains("tomove"));
    let winning = cgt(&format!("winning_moves({now}, Right)"));
    for m in c.find_all(Locator::Css("#right .move")).await.unwrap() {
        let text = m.attr("data-text").await.unwrap().unwrap();
        let marked = m.attr("data-winning").await.unwrap().unwrap();
        assert_eq!(marked == "true", winning.contains(&text), "{text}");
    }

    // A move on the board: Right clicks a square a move of Right uses.
    let target = c.find(Locator::Css("#board td.target")).await.unwrap();
    target.click().await.unwrap();
    let history = text_when(&c, "#history", |t| t.contains('2')).await;
    assert!(history.contains('2'), "{history}");

    // An expression, evaluated by the same session.
    let field = c.find(Locator::Css("#expr")).await.unwrap();
    field.send_keys("x := 20; x + ^").await.unwrap();
    click(&c, "#eval").await;
    assert_eq!(text_when(&c, "#output", |t| t == "20^").await, "20^");

    // A long computation shows the stop button, which stops it.
    field.clear().await.unwrap();
    field
        .send_keys("y := 0; while y >= 0 do y := y + 1 end")
        .await
        .unwrap();
    click(&c, "#eval").await;
    let stop = c.find(Locator::Css("#stop")).await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !stop.is_displayed().await.unwrap_or(false) {
        assert!(Instant::now() < deadline, "the stop button never showed");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The progress line counts the computation's time.
    text_when(&c, "#busy-text", |t| t.contains(" s, ")).await;
    stop.click().await.unwrap();
    let out = text_when(&c, "#output", |t| t.contains("interrupted")).await;
    assert!(out.contains("interrupted"), "{out}");

    // Two more rulesets, opened from the expression field.
    for (expr, name) in [
        ("toads_and_frogs(\"TTT..FF.F\")", "toads-and-frogs"),
        (
            "fox_and_geese([(4,2),(4,4),(4,6),(4,8)], (1,1))",
            "fox-and-geese",
        ),
    ] {
        field.clear().await.unwrap();
        field.send_keys(expr).await.unwrap();
        click(&c, "#open").await;
        let want = cgt(&format!("value({expr})"));
        text_when(&c, "#fact-value", |t| t == want).await;
        screenshot(&c, name).await;
    }

    // A Hackenbush graph is drawn as a graph on the ground: one line per
    // edge, coloured as the notation says; playing a move takes its edge.
    field.clear().await.unwrap();
    field
        .send_keys("hackenbush_graph(\"B0-1-2 R2-3 G1-3 G0-3\")")
        .await
        .unwrap();
    click(&c, "#open").await;
    text_when(&c, "#fact-value", |t| !t.is_empty()).await;
    let edges = |c: &Client| {
        let c = c.clone();
        async move {
            c.find_all(Locator::Css("#picture svg.graph [data-edge]"))
                .await
                .unwrap()
        }
    };
    let drawn = edges(&c).await;
    assert_eq!(drawn.len(), 5);
    let mut colours = Vec::new();
    for e in &drawn {
        colours.push(e.attr("stroke").await.unwrap().unwrap());
    }
    colours.sort();
    let want = ["#1346b0", "#1346b0", "#187a18", "#187a18", "#b01313"];
    assert_eq!(colours, want);
    screenshot(&c, "hackenbush-graph").await;
    click(&c, "#left .move").await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while edges(&c).await.len() >= 5 {
        assert!(Instant::now() < deadline, "the move took no edge");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    // A plain game is its tree, folded below the top levels.
    field.clear().await.unwrap();
    field.send_keys("{3||2|1}").await.unwrap();
    click(&c, "#open").await;
    text_when(&c, "#picture .tree-node", |t| t == "{3||2|1}").await;
    let nodes = c
        .find_all(Locator::Css("#picture .tree-node"))
        .await
        .unwrap();
    let mut shown = Vec::new();
    for n in &nodes {
        if n.is_displayed().await.unwrap() {
            shown.push(n.text().await.unwrap());
        }
    }
    // Open: the game and its options; their options folded away (2's 1).
    assert_eq!(shown, ["{3||2|1}", "3", "2", "{2|1}", "2", "1"]);
    c.close().await.unwrap();
}
