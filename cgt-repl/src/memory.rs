//! A counting global allocator: it reports every allocation to the engine's
//! memory account (`cgt_core::interrupt`), which asks the running computation
//! to stop when live memory passes the limit set with `--max-memory` (or
//! `:set max_memory`); the computation then unwinds cleanly.

use cgt_core::interrupt::{note_alloc, note_free};
use std::alloc::{GlobalAlloc, Layout, System};

pub struct Counting;

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            note_alloc(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        note_free(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            if new_size >= layout.size() {
                note_alloc(new_size - layout.size());
            } else {
                note_free(layout.size() - new_size);
            }
        }
        p
    }
}

/// Set the limit in bytes (0 = none).
pub fn set_limit(bytes: usize) {
    cgt_core::interrupt::set_memory_limit(bytes);
}

/// Live heap bytes.
pub fn live() -> usize {
    cgt_core::interrupt::live_bytes()
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
