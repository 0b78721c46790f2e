//! One line of progress on standard error while a REPL computation runs
//! longer than a second: elapsed time, steps of work (games made, positions
//! explored) and their rate, memory in use. The line disappears when the
//! computation ends. Off with `--quiet` and when standard error is not a
//! terminal.

use std::io::{IsTerminal, Write};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long a computation runs before its progress shows.
const QUIET_FOR: Duration = Duration::from_secs(1);
/// How often the line is redrawn.
const EVERY: Duration = Duration::from_millis(200);

#[derive(Default)]
struct State {
    /// When the running computation started, and the work count then.
    running: Option<(Instant, u64)>,
    /// Whether a progress line is on the screen.
    shown: bool,
}

/// The state of the progress line: set, with its drawing thread, by
/// [`start`] when progress is on.
static STATE: OnceLock<Mutex<State>> = OnceLock::new();

fn lock(state: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    state.lock().unwrap_or_else(|p| p.into_inner())
}

/// Start showing progress (once, for the REPL); `quiet`, or standard error
/// not a terminal, turns it off.
pub fn start(quiet: bool) {
    if quiet || !std::io::stderr().is_terminal() || STATE.set(Mutex::default()).is_err() {
        return;
    }
    let _ = std::thread::Builder::new()
        .name("progress".into())
        .spawn(|| loop {
            std::thread::sleep(EVERY);
            let Some(state) = STATE.get() else { return };
            let mut s = lock(state);
            if let Some((since, work0)) = s.running {
                let elapsed = since.elapsed();
                if elapsed >= QUIET_FOR {
                    let line = status(elapsed, cgt_core::interrupt::work() - work0);
                    let mut err = std::io::stderr().lock();
                    let _ = write!(err, "\r\x1b[2K{line}");
                    let _ = err.flush();
                    s.shown = true;
                }
            }
        });
}

/// Run `f`, showing progress while it runs long (if started).
pub fn during<R>(f: impl FnOnce() -> R) -> R {
    let Some(state) = STATE.get() else {
        return f();
    };
    lock(state).running = Some((Instant::now(), cgt_core::interrupt::work()));
    let r = f();
    let mut s = lock(state);
    s.running = None;
    if s.shown {
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K");
        let _ = err.flush();
        s.shown = false;
    }
    r
}

/// `computing 12.4 s · 3,456,789 steps (280,000/s) · 1.2 GB (Ctrl-C stops)`
fn status(elapsed: Duration, steps: u64) -> String {
    let secs = elapsed.as_secs_f64();
    let rate = if secs > 0.0 { steps as f64 / secs } else { 0.0 };
    format!(
        "computing {secs:.1} s · {} steps ({}/s) · {} (Ctrl-C stops)",
        grouped(steps),
        grouped(rate as u64),
        bytes(cgt_core::interrupt::live_bytes())
    )
}

fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn bytes(n: usize) -> String {
    let n = n as f64;
    if n >= 1e9 {
        format!("{:.1} GB", n / 1e9)
    } else {
        format!("{:.0} MB", n / 1e6)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_line_reads_well() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(1234567), "1,234,567");
        assert_eq!(grouped(100), "100");
        let line = status(Duration::from_secs(2), 1_000_000);
        assert!(
            line.starts_with("computing 2.0 s · 1,000,000 steps (500,000/s) · "),
            "{line}"
        );
    }
}
