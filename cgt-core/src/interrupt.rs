//! Stopping a computation cleanly. Ctrl-C or a memory limit sets a flag
//! that the engine's hot paths check; a value beyond what the engine
//! supports fails on the spot. Either way the computation unwinds with a
//! [`Stop`] payload (without running the panic hook), which [`catch`] turns
//! back into a value at the library boundary. Caches are only ever written
//! after a result is complete, so the arena stays consistent.
//!
//! Memory is accounted here too, so that every embedding (the `cgt` binary,
//! bindings) shares one limit: a counting allocator reports its bytes with
//! [`note_alloc`]/[`note_free`], and stack segments grown on the heap for
//! deep games are counted as well.

use mimalloc::MiMalloc as System;
use std::alloc::{GlobalAlloc, Layout};
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicIsize, AtomicU8, AtomicUsize, Ordering};

/// Why a computation was stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The user pressed Ctrl-C.
    Interrupted,
    /// The memory limit was passed.
    MemoryLimit,
    /// A value or size beyond what the engine supports (the message names the limit).
    Unsupported(String),
    /// A bug: an unexpected panic inside the engine (its message).
    Internal(String),
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stop::Interrupted => f.write_str("interrupted"),
            Stop::MemoryLimit => {
                f.write_str("memory limit exceeded (raise it with --max-memory or :set max_memory)")
            }
            Stop::Unsupported(m) => f.write_str(m),
            Stop::Internal(m) => write!(f, "internal error: {m}"),
        }
    }
}

static FLAG: AtomicU8 = AtomicU8::new(0);
/// The flag's value for "run the poll hook" (see [`request_poll`]).
const POLL: u8 = 3;
static HOOK: std::sync::OnceLock<fn() -> bool> = std::sync::OnceLock::new();
static LIVE: AtomicIsize = AtomicIsize::new(0);
static PEAK: AtomicIsize = AtomicIsize::new(0);
static LIMIT: AtomicUsize = AtomicUsize::new(0);

/// How many interrupts were ever requested: a run of many short
/// computations (a script's statements) compares it before and after each
/// to see a Ctrl-C that came between two checks, which the computation's
/// end clears.
static INTERRUPTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Ask the running computation to stop (safe from a signal handler).
pub fn request(stop: Stop) {
    let code = match stop {
        Stop::MemoryLimit => 2,
        _ => {
            INTERRUPTS.fetch_add(1, Ordering::Relaxed);
            1
        }
    };
    FLAG.store(code, Ordering::Relaxed);
}

/// How many interrupts (Ctrl-C) were requested so far in this process.
pub fn interrupts() -> u64 {
    INTERRUPTS.load(Ordering::Relaxed)
}

/// Forget any pending request (before starting a new computation).
pub fn clear() {
    FLAG.store(0, Ordering::Relaxed);
}

/// True if a stop was requested and not yet acted on.
pub fn pending() -> bool {
    matches!(FLAG.load(Ordering::Relaxed), 1 | 2)
}

/// Set the poll hook (once per process): a function the computing thread
/// runs when another thread asks with [`request_poll`]; it returns true to
/// stop the computation (as Ctrl-C). For an embedding whose stop requests
/// can only be seen on the computing thread (Python's signals are seen on
/// its main thread only). The checks cost nothing more: the request is the
/// flag the engine's hot paths already read.
pub fn set_poll_hook(hook: fn() -> bool) {
    let _ = HOOK.set(hook);
}

/// Ask the computing thread to run the poll hook at its next check (never
/// replaces a stop already requested).
pub fn request_poll() {
    let _ = FLAG.compare_exchange(0, POLL, Ordering::Relaxed, Ordering::Relaxed);
}

/// The stop a flag value asks for, running the hook for a poll request
/// (None: go on).
#[cold]
fn requested(code: u8) -> Option<Stop> {
    match code {
        0 => None,
        2 => Some(Stop::MemoryLimit),
        POLL => match HOOK.get() {
            Some(hook) if hook() => Some(Stop::Interrupted),
            _ => None,
        },
        _ => Some(Stop::Interrupted),
    }
}

/// The requested stop, if any, as a value (cleared): for loops that must
/// tidy up before they return instead of unwinding.
#[inline]
pub fn poll() -> Result<(), Stop> {
    // A plain load first: the common case (no request) writes nothing.
    if FLAG.load(Ordering::Relaxed) == 0 {
        return Ok(());
    }
    match requested(FLAG.swap(0, Ordering::Relaxed)) {
        None => Ok(()),
        Some(stop) => Err(stop),
    }
}

/// Unwind with a [`Stop`] if a stop was requested.
#[inline]
pub fn check() {
    if let Err(why) = poll() {
        unwind(why)
    }
}

#[cold]
fn unwind(why: Stop) -> ! {
    resume_unwind(Box::new(why))
}

/// Unwind with [`Stop::Unsupported`]: the result exists but lies beyond a
/// limit of the engine. The message should name the limit.
#[cold]
pub fn unsupported(message: impl Into<String>) -> ! {
    resume_unwind(Box::new(Stop::Unsupported(message.into())))
}

/// Run `f`, turning a stop (and any other panic, as [`Stop::Internal`]) into
/// an error. The pending-stop flag is cleared first.
pub fn catch<R>(f: impl FnOnce() -> R) -> Result<R, Stop> {
    clear();
    let r = catch_unwind(AssertUnwindSafe(f)).map_err(payload_to_stop);
    // A request that arrived after the last check belongs to this computation.
    clear();
    r
}

/// The [`Stop`] a panic payload stands for.
pub fn payload_to_stop(p: Box<dyn std::any::Any + Send>) -> Stop {
    match p.downcast::<Stop>() {
        Ok(s) => *s,
        Err(p) => Stop::Internal(
            p.downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into()),
        ),
    }
}

static WORK: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

thread_local! {
    static UNREPORTED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Count one step of work (a game made, a position explored) for progress
/// reports. Steps add up per thread and reach the shared count in batches,
/// so parallel work does not contend on it.
#[inline]
pub fn note_work() {
    UNREPORTED.with(|c| {
        let n = c.get() + 1;
        if n == 1024 {
            WORK.fetch_add(1024, Ordering::Relaxed);
            c.set(0);
        } else {
            c.set(n);
        }
    });
}

/// Steps of work counted so far in the process (to within 1024 per thread).
pub fn work() -> u64 {
    WORK.load(Ordering::Relaxed)
}

/// Set the memory limit in bytes (0 = none).
pub fn set_memory_limit(bytes: usize) {
    LIMIT.store(bytes, Ordering::Relaxed);
    // A small limit is checked in small steps, so it still stops the work.
    let batch = if bytes == 0 {
        ALLOC_BATCH
    } else {
        (bytes / 64).clamp(1, ALLOC_BATCH as usize) as isize
    };
    BATCH.store(batch, Ordering::Relaxed);
}

/// The memory limit in bytes (0 = none).
pub fn memory_limit() -> usize {
    LIMIT.load(Ordering::Relaxed)
}

/// Bytes accounted as live (heap through a counting allocator, grown stacks),
/// to within [`ALLOC_BATCH`] (or a 64th of the limit) per thread.
pub fn live_bytes() -> usize {
    LIVE.load(Ordering::Relaxed).max(0) as usize
}

/// Account `bytes` more; past the limit, ask the computation to stop.
#[inline]
pub fn note_alloc(bytes: usize) {
    add_live(bytes as isize);
}

/// Account `bytes` fewer.
#[inline]
pub fn note_free(bytes: usize) {
    add_live(-(bytes as isize));
}

fn add_live(delta: isize) {
    let now = LIVE.fetch_add(delta, Ordering::Relaxed) + delta;
    if delta > 0 {
        PEAK.fetch_max(now, Ordering::Relaxed);
        let huge_at = HUGE_PAGES_AT.load(Ordering::Relaxed);
        if huge_at != 0 && now > huge_at as isize {
            allow_huge_pages();
        }
        let limit = LIMIT.load(Ordering::Relaxed);
        if limit != 0 && now > limit as isize / 2 {
            purge_at_once();
        }
        if limit != 0 && now > limit as isize {
            request(Stop::MemoryLimit);
        }
    }
}

/// Past half the memory limit, give freed memory back to the system at
/// once. The allocator keeps freed pages for a while (up to a tenth of a
/// second for large blocks) so that it can hand them out again; a thread
/// does reuse them, but several threads whose tables double at once held
/// 70 MB over a 200 MB limit that one thread kept to.
#[cold]
fn purge_at_once() {
    static DONE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    if !DONE.swap(true, Ordering::Relaxed) {
        /// `mi_option_purge_delay` in mimalloc's list of options (v3).
        const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;
        // SAFETY: sets one of the allocator's option values; no allocation.
        unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, 0) };
    }
}

/// The live heap past which huge pages are allowed again (0: not held back).
static HUGE_PAGES_AT: AtomicUsize = AtomicUsize::new(0);

/// Start lean: hold back transparent huge pages until the live heap passes
/// `bytes`. The allocator asks the kernel for huge pages on its arenas, so
/// a job of a few kilobytes would otherwise fault in whole 2 MB pages
/// (a 0.03 s `--batch` sum peaked at 33 MB instead of 13 MB and spent most
/// of its time in the kernel zeroing them), while a large computation runs
/// faster with them (fewer TLB misses). Called once by a program at start.
pub fn lean_start(bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: PR_SET_THP_DISABLE takes plain integers and changes only
        // this process's paging policy.
        if unsafe { libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0) } == 0 {
            HUGE_PAGES_AT.store(bytes.max(1), Ordering::Relaxed);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = bytes;
}

/// Give huge pages back to the process (once).
#[cold]
fn allow_huge_pages() {
    if HUGE_PAGES_AT.swap(0, Ordering::Relaxed) != 0 {
        #[cfg(target_os = "linux")]
        // SAFETY: as in `lean_start`.
        unsafe {
            libc::prctl(libc::PR_SET_THP_DISABLE, 0, 0, 0, 0);
        }
    }
}

/// Whether `bytes` more fit under the memory limit: asked before a large
/// allocation (a string or list built at once), which would otherwise be
/// made first and noticed after.
pub fn room_for(bytes: usize) -> Result<(), Stop> {
    let limit = LIMIT.load(Ordering::Relaxed);
    if limit != 0 && live_bytes().saturating_add(bytes) > limit {
        return Err(Stop::MemoryLimit);
    }
    Ok(())
}

/// Unwind with [`Stop::MemoryLimit`] unless `bytes` more fit under the
/// limit: called before a table sized from the input is allocated (under
/// an address-space cap, an allocation that fails aborts the process).
pub fn ensure_room(bytes: usize) {
    if room_for(bytes).is_err() {
        unwind(Stop::MemoryLimit);
    }
}

/// A table about to take one more entry, when that makes it grow: the
/// grown table, made while the old one is still held, must fit under the
/// limit, else the computation stops as at the limit. Tables double, so a
/// large one growing unchecked passes the limit by as much as itself (a
/// cache of comparisons took a `--max-memory 500M` run to 595 MB).
pub trait Grows {
    /// The bytes the table allocates if the next insert makes it grow (0
    /// if it does not).
    fn growth_bytes(&self) -> usize;

    /// False if the next insert would grow the table past the limit.
    #[inline]
    fn room_to_grow(&self) -> bool {
        let bytes = self.growth_bytes();
        bytes == 0 || room_for(bytes).is_ok()
    }

    /// Stop at the limit if the next insert would grow the table past it.
    #[inline]
    fn before_insert(&self) {
        if !self.room_to_grow() {
            unwind(Stop::MemoryLimit);
        }
    }
}

impl<K, V, S> Grows for hashbrown::HashMap<K, V, S> {
    #[inline]
    fn growth_bytes(&self) -> usize {
        if self.len() < self.capacity() {
            return 0;
        }
        // Twice the buckets (a table holds 7/8 of its buckets), each an
        // entry and a control byte.
        let buckets = (self.capacity().max(14) * 8 / 7).next_power_of_two();
        buckets
            .saturating_mul(2)
            .saturating_mul(std::mem::size_of::<(K, V)>() + 1)
    }
}

impl<T> Grows for Vec<T> {
    #[inline]
    fn growth_bytes(&self) -> usize {
        if self.len() < self.capacity() {
            return 0;
        }
        self.capacity()
            .max(4)
            .saturating_mul(2)
            .saturating_mul(std::mem::size_of::<T>())
    }
}

/// The most bytes accounted live at once since the last [`reset_peak`]
/// (to the same precision as [`live_bytes`]).
pub fn peak_bytes() -> usize {
    PEAK.load(Ordering::Relaxed).max(0) as usize
}

/// Start measuring the peak from the bytes live now.
pub fn reset_peak() {
    PEAK.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
}

/// Bytes a thread's allocations may drift from the shared account before
/// they are added to it: one shared atomic update per call cost about a
/// seventh of the time of allocation-heavy work.
pub const ALLOC_BATCH: isize = 64 * 1024;

/// The batch in force: [`ALLOC_BATCH`], or a 64th of a smaller memory limit.
static BATCH: std::sync::atomic::AtomicIsize = std::sync::atomic::AtomicIsize::new(ALLOC_BATCH);

thread_local! {
    /// This thread's allocations not yet added to the shared account. A
    /// `const` cell without a destructor: safe to touch from the allocator.
    static DRIFT: std::cell::Cell<isize> = const { std::cell::Cell::new(0) };
}

/// Account an allocation (`delta > 0`) or a release from the allocator,
/// through this thread's batch.
#[inline]
fn note_heap(delta: isize) {
    let flushed = DRIFT.try_with(|d| {
        let n = d.get() + delta;
        if n.abs() >= BATCH.load(Ordering::Relaxed) {
            d.set(0);
            add_live(n);
        } else {
            d.set(n);
        }
    });
    if flushed.is_err() {
        // The thread is being torn down: account directly.
        add_live(delta);
    }
}

/// A global allocator that reports every allocation to the memory account
/// (the system allocator underneath). The library never installs it: a
/// program opts in with `#[global_allocator] static A: CountingAllocator = CountingAllocator;`
/// so that `--max-memory` sees the heap.
pub struct CountingAllocator;

// SAFETY: every call is forwarded unchanged to the system allocator; the
// account is only updated after a successful allocation.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            note_heap(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        note_heap(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            note_heap(new_size as isize - layout.size() as isize);
        }
        p
    }
}
