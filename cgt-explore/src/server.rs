//! The explorer over HTTP. It listens on the loopback address only and
//! answers only requests addressed to it by that address (a `Host` of
//! 127.0.0.1 or localhost with its port) from its own page (an `Origin`,
//! when there is one, of the same), so neither another machine nor a page
//! of another site can drive it. Requests are answered one at a time on
//! the thread that holds the session, except a stop, which the listening
//! thread passes to the running computation at once.

use crate::Explorer;
use cgt_core::interrupt::{self, Stop};
use serde_json::{json, Value as Json};
use std::io::Read;
use std::sync::{mpsc, Arc, Mutex};
use std::time::Instant;
use tiny_http::{Header, Method, Request, Response, Server};

/// The page, compiled in.
const PAGE: &str = include_str!("../assets/explorer.html");

/// The largest request body read (an expression typed in the page).
const MAX_BODY: u64 = 1 << 20;

/// How to serve.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The port (0: a free one).
    pub port: u16,
    /// Open the page in the user's browser, where there is one.
    pub open: bool,
}

/// Serve `explorer` until the page (or a client) asks to quit with
/// `POST /api/quit`, or a stop is requested while nothing runs (Ctrl-C in
/// the REPL: during a computation it stops the computation); `announce` is
/// given the page's address once the port is open.
pub fn serve(
    explorer: &mut Explorer,
    options: Options,
    announce: impl FnOnce(&str),
) -> Result<(), String> {
    let server = Server::http(("127.0.0.1", options.port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{}: {e}", options.port))?;
    let port = server
        .server_addr()
        .to_ip()
        .map_or(options.port, |a| a.port());
    let url = format!("http://127.0.0.1:{port}/");
    announce(&url);
    if options.open {
        open_browser(&url);
    }
    let server = Arc::new(server);
    // The request being answered: when it started, and the engine's work
    // count then (for the progress the page shows while it waits).
    let busy: Arc<Mutex<Option<(Instant, u64)>>> = Arc::new(Mutex::new(None));
    let (to_session, requests) = mpsc::channel::<Request>();
    let listener = {
        let (server, busy) = (server.clone(), busy.clone());
        std::thread::spawn(move || {
            for request in server.incoming_requests() {
                if !addressed_to_us(&request, port) {
                    let _ = request.respond(
                        Response::from_string("refused: not this explorer's address or page")
                            .with_status_code(403),
                    );
                    continue;
                }
                let running = *lock(&busy);
                if request.url() == "/api/stop" && *request.method() == Method::Post {
                    // Only a running computation is stopped (a stop while
                    // idle must not stop the next one).
                    if running.is_some() {
                        interrupt::request(Stop::Interrupted);
                    }
                    let _ = request.respond(json_response(&json!({ "ok": true })));
                    continue;
                }
                if request.url() == "/api/progress" {
                    let _ = request.respond(json_response(&progress(running)));
                    continue;
                }
                if to_session.send(request).is_err() {
                    break;
                }
            }
        })
    };
    interrupt::clear();
    loop {
        let mut request = match requests.recv_timeout(std::time::Duration::from_millis(100)) {
            Ok(r) => r,
            // Ctrl-C (or Python's KeyboardInterrupt) while nothing runs.
            Err(mpsc::RecvTimeoutError::Timeout) if interrupt::poll().is_err() => break,
            Err(mpsc::RecvTimeoutError::Timeout) => continue,
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        };
        *lock(&busy) = Some((Instant::now(), interrupt::work()));
        let (response, quit) = answer(explorer, &mut request);
        *lock(&busy) = None;
        let _ = request.respond(response);
        if quit {
            break;
        }
    }
    interrupt::clear();
    server.unblock();
    let _ = listener.join();
    Ok(())
}

/// The mutex's value (a panic while it was held leaves the value usable).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// How far the running request has got, as the REPL's progress line says
/// it: seconds, steps of work (games made, positions explored), memory.
fn progress(running: Option<(Instant, u64)>) -> Json {
    match running {
        None => json!({ "busy": false }),
        Some((since, work)) => json!({
            "busy": true,
            "seconds": since.elapsed().as_secs_f64(),
            "steps": interrupt::work().saturating_sub(work),
            "memory_bytes": interrupt::live_bytes(),
        }),
    }
}

/// True if the request names this explorer as its host and, if it comes
/// from a page, from this explorer's page.
fn addressed_to_us(request: &Request, port: u16) -> bool {
    let header = |name: &str| {
        request
            .headers()
            .iter()
            .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
            .map(|h| h.value.as_str().to_string())
    };
    let hosts = [format!("127.0.0.1:{port}"), format!("localhost:{port}")];
    let host_ok = header("Host").is_some_and(|h| hosts.contains(&h));
    let origin_ok =
        header("Origin").is_none_or(|o| hosts.iter().any(|h| o == format!("http://{h}")));
    host_ok && origin_ok
}

type Answer = Response<std::io::Cursor<Vec<u8>>>;

/// The answer to one request, and whether to stop serving after it.
fn answer(explorer: &mut Explorer, request: &mut Request) -> (Answer, bool) {
    let url = request.url().to_string();
    let method = request.method().clone();
    if method == Method::Get {
        return (
            match url.as_str() {
                "/" => text_response(PAGE, "text/html; charset=utf-8"),
                "/api/state" => json_response(&explorer.state()),
                "/api/tree" => match explorer.canonical_tree() {
                    Ok(tree) => json_response(&tree),
                    Err(e) => error_response(&e, 422),
                },
                "/api/plot/tree" | "/api/plot/thermograph" => {
                    match explorer.plot(&url["/api/plot/".len()..]) {
                        Ok(svg) => text_response(&svg, "image/svg+xml"),
                        Err(e) => error_response(&e, 422),
                    }
                }
                _ => error_response("no such page", 404),
            },
            false,
        );
    }
    if method != Method::Post {
        return (error_response("GET or POST only", 405), false);
    }
    let body = match read_body(request) {
        Ok(b) => b,
        Err(e) => return (error_response(&e, 400), false),
    };
    let text = |k: &str| body.get(k).and_then(Json::as_str).unwrap_or("").to_string();
    let left = || text("player") != "Right";
    let changed = match url.as_str() {
        "/api/quit" => return (json_response(&json!({ "ok": true })), true),
        "/api/eval" => return (json_response(&explorer.eval(&text("line"))), false),
        "/api/play" => match body.get("index").and_then(Json::as_u64) {
            Some(k) => explorer.play(left(), k as usize),
            None => Err("play needs the move's index".into()),
        },
        "/api/go" => match body.get("at").and_then(Json::as_u64) {
            Some(k) => explorer.go(k as usize),
            None => Err("go needs the step's index".into()),
        },
        "/api/to_move" => {
            explorer.set_to_move(left());
            Ok(())
        }
        "/api/open" => explorer.open(&text("expr")),
        _ => return (error_response("no such action", 404), false),
    };
    match changed {
        Ok(()) => (json_response(&explorer.state()), false),
        Err(e) => (error_response(&e, 422), false),
    }
}

/// The request's JSON body (an empty one is `{}`).
fn read_body(request: &mut Request) -> Result<Json, String> {
    let mut raw = String::new();
    request
        .as_reader()
        .take(MAX_BODY)
        .read_to_string(&mut raw)
        .map_err(|e| format!("unreadable request: {e}"))?;
    if raw.trim().is_empty() {
        return Ok(json!({}));
    }
    serde_json::from_str(&raw).map_err(|e| format!("the request is not JSON: {e}"))
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

fn text_response(body: &str, kind: &str) -> Answer {
    Response::from_data(body.as_bytes().to_vec())
        .with_header(header("Content-Type", kind))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header(
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
        ))
}

fn json_response(v: &Json) -> Answer {
    text_response(&v.to_string(), "application/json")
}

fn error_response(message: &str, status: u16) -> Answer {
    json_response(&json!({ "error": message })).with_status_code(status)
}

/// Open `url` in the user's browser ($BROWSER, else the desktop's opener),
/// if there seems to be one; the address is printed either way.
fn open_browser(url: &str) {
    let opener = std::env::var("BROWSER").ok().or_else(|| {
        if cfg!(target_os = "macos") {
            Some("open".into())
        } else if std::env::var_os("DISPLAY").is_some()
            || std::env::var_os("WAYLAND_DISPLAY").is_some()
        {
            Some("xdg-open".into())
        } else {
            None
        }
    });
    if let Some(opener) = opener {
        let _ = std::process::Command::new(opener)
            .arg(url)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn();
    }
}
