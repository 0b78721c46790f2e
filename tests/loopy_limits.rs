//! Loopy games within the engine's limits: a comparison table that would
//! pass the memory limit is refused before it is made, and a stop request
//! ends a long simplification promptly, the session going on after both.
//! (One test: the limit and the stop flag belong to the whole process.)

use cgt_core::interrupt::{self, Stop};
use cgt_lang::Session;
use std::time::{Duration, Instant};

#[test]
fn big_loopy_games_stop_at_the_limit_and_on_request() {
    let mut s = Session::new();
    interrupt::set_memory_limit(50 << 20);
    // 100000over: its graph has 100,001 vertices, so 10^10 pairs to compare.
    let e = s.run_line("{100000|pass}").unwrap_err().to_string();
    assert!(e.contains("memory limit"), "{e}");
    interrupt::set_memory_limit(0);
    assert_eq!(s.run_line("{100|pass}").unwrap(), "100over");

    // {8000|pass} takes seconds (64 million pairs); a stop after 300 ms
    // ends it within 100 ms.
    let stopper = std::thread::spawn(|| {
        std::thread::sleep(Duration::from_millis(300));
        interrupt::request(Stop::Interrupted);
        Instant::now()
    });
    let result = s.run_line("{8000|pass}");
    let stopped = Instant::now();
    let asked = stopper.join().unwrap();
    let e = result.unwrap_err().to_string();
    assert!(e.contains("interrupt"), "{e}");
    let delay = stopped.duration_since(asked);
    assert!(
        delay < Duration::from_millis(100),
        "stopped {delay:?} after the request"
    );
    assert_eq!(s.run_line("on + 1").unwrap(), "on");
}
