//! The memory limit: the engine's counting allocator reports every
//! allocation to its memory account (`cgt_core::interrupt`), which asks the
//! running computation to stop when live memory passes the limit set with
//! `--max-memory` (or `:set max_memory`); the computation then unwinds cleanly.

/// The engine's counting allocator, installed as the binary's global allocator.
pub use cgt_core::interrupt::CountingAllocator as Counting;

/// Set the limit in bytes (0 = none).
pub fn set_limit(bytes: usize) {
    cgt_core::interrupt::set_memory_limit(bytes);
}

/// The default limit: three quarters of physical memory, or half the
/// process's address-space cap (`ulimit -v`) when that is lower, so a
/// runaway computation stops with an error instead of being killed by the
/// system or aborted by an allocation the cap refuses. Half, because the
/// address space holds more than the live heap: the allocator's reserved
/// arenas, freed pages not yet returned, tables allocated but not yet
/// touched and each worker's stack (two workers under a 2 GB cap and a
/// 1.5 GB limit were aborted at a table's growth).
pub fn default_limit() -> usize {
    let physical = physical_limit();
    match address_space_cap() {
        Some(cap) if physical == 0 || cap / 2 < physical => cap / 2,
        _ => physical,
    }
}

/// `RLIMIT_AS` in bytes, if set.
fn address_space_cap() -> Option<usize> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut lim) } == 0;
    (ok && lim.rlim_cur != libc::RLIM_INFINITY)
        .then(|| usize::try_from(lim.rlim_cur).unwrap_or(usize::MAX))
}

fn physical_limit() -> usize {
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
