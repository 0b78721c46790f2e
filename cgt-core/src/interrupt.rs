//! Stopping a long computation cleanly: Ctrl-C or a memory limit sets a
//! flag; the engine's hot paths check it and unwind with a [`Stop`] payload,
//! which the caller catches. Caches are only ever written after a result is
//! complete, so the arena stays consistent.

use std::sync::atomic::{AtomicU8, Ordering};

/// Why a computation was stopped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The user pressed Ctrl-C.
    Interrupted,
    /// The memory limit was passed.
    MemoryLimit,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stop::Interrupted => "interrupted",
            Stop::MemoryLimit => {
                "memory limit exceeded (raise it with --max-memory or :set max_memory)"
            }
        })
    }
}

static FLAG: AtomicU8 = AtomicU8::new(0);

/// Ask the running computation to stop (safe from a signal handler).
pub fn request(stop: Stop) {
    let code = match stop {
        Stop::Interrupted => 1,
        Stop::MemoryLimit => 2,
    };
    FLAG.store(code, Ordering::Relaxed);
}

/// Forget any pending request (before starting a new computation).
pub fn clear() {
    FLAG.store(0, Ordering::Relaxed);
}

/// Unwind with a [`Stop`] if a stop was requested.
#[inline]
pub fn check() {
    let code = FLAG.load(Ordering::Relaxed);
    if code != 0 {
        stop(code);
    }
}

#[cold]
fn stop(code: u8) -> ! {
    clear();
    let why = if code == 2 {
        Stop::MemoryLimit
    } else {
        Stop::Interrupted
    };
    std::panic::panic_any(why)
}
