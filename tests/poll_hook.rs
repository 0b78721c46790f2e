//! The engine's poll hook, by which an embedding (the Python package) looks
//! at its own stop requests on the computing thread. Alone in this test
//! binary: the stop flag is global to the process, and the tests of one
//! binary run in parallel.

use cgt_core::interrupt::{catch, check, poll, request, request_poll, set_poll_hook, Stop};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

static HOOK_RAN: AtomicUsize = AtomicUsize::new(0);
static SAY_STOP: AtomicBool = AtomicBool::new(false);

fn hook() -> bool {
    HOOK_RAN.fetch_add(1, Ordering::Relaxed);
    SAY_STOP.load(Ordering::Relaxed)
}

#[test]
fn a_poll_runs_the_hook_on_the_computing_thread_and_may_stop_it() {
    set_poll_hook(hook);
    // A poll the hook answers "go on" leaves the computation running.
    let r = catch(|| {
        request_poll();
        check();
        request_poll();
        assert_eq!(poll(), Ok(()));
        7
    });
    assert_eq!(r, Ok(7));
    assert_eq!(HOOK_RAN.load(Ordering::Relaxed), 2);
    // A poll never replaces a stop already requested.
    request(Stop::MemoryLimit);
    request_poll();
    assert_eq!(poll(), Err(Stop::MemoryLimit));
    // The hook says stop: the computation unwinds as interrupted.
    SAY_STOP.store(true, Ordering::Relaxed);
    let r = catch(|| loop {
        request_poll();
        check();
    });
    assert_eq!(r, Err(Stop::Interrupted));
}
