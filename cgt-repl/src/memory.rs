//! A counting global allocator: when live heap memory passes the limit set
//! with `--max-memory` (or `:set max_memory`), the running computation is
//! asked to stop (it unwinds cleanly; see `cgt_core::interrupt`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

pub struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static LIMIT: AtomicUsize = AtomicUsize::new(0);

fn note_growth(now: usize) {
    let limit = LIMIT.load(Ordering::Relaxed);
    if limit != 0 && now > limit {
        cgt_core::interrupt::request(cgt_core::interrupt::Stop::MemoryLimit);
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            note_growth(LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            if new_size >= layout.size() {
                let grow = new_size - layout.size();
                note_growth(LIVE.fetch_add(grow, Ordering::Relaxed) + grow);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

/// Set the limit in bytes (0 = none).
pub fn set_limit(bytes: usize) {
    LIMIT.store(bytes, Ordering::Relaxed);
}

/// Live heap bytes.
pub fn live() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// The default limit: three quarters of physical memory, so a runaway
/// computation stops with an error instead of being killed by the system.
pub fn default_limit() -> usize {
    let total_kb = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .map(str::to_string)
        })
        .and_then(|l| {
            l.split_whitespace()
                .nth(1)
                .and_then(|v| v.parse::<usize>().ok())
        });
    total_kb.map_or(0, |kb| kb / 4 * 3 * 1024)
}
