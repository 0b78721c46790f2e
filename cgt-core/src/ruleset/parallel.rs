//! One value on several threads.
//!
//! One thread starts alone; past a budget of positions, the others join.
//! Every worker then runs the evaluator's own post-order walk ([`fill`])
//! from the root, in an arena and a memo of its own (the first in the
//! caller's, so its values stay for later calls), odd workers taking
//! children last to first so that they start apart. A value a worker makes
//! is exported as a [`Portable`] game and sent, in batches, to every other
//! worker, which imports it into its arena and memo between positions. So
//! a worker mostly finds in its own memo what the others made, and nothing
//! on the per-position path takes a lock or touches a shared counter. Two
//! workers may value one position at once: both get the same canonical
//! value, and no worker ever waits for another.
//!
//! Keeping an arena per worker leaves the arena, its hash-consing and its
//! caches single-threaded, so one thread pays nothing for threads.
//! ARCHITECTURE.md gives the measurements behind the design and its limits.

use super::{fill, Evaluator, Ruleset};
use crate::game::{Arena, Crossings, GameId, Portable, Portables};
use crate::interrupt::Grows;
use hashbrown::hash_map::Entry;
use hashbrown::HashMap;
use std::hash::Hash;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Mutex;

/// Where the evaluator's walk ([`fill`]) keeps and finds values.
pub(super) trait MemoOf<P> {
    /// The value of `key`, if known (in `arena`).
    fn known(&mut self, arena: &mut Arena, key: &P) -> Option<GameId>;
    /// `key`'s value is `g`.
    fn learn(&mut self, arena: &mut Arena, key: P, g: GameId);
    /// Called before each new position is expanded: false stops the walk.
    fn go_on(&mut self, arena: &mut Arena) -> bool;
    /// Walk children last to first.
    fn reversed(&self) -> bool;
}

/// One thread's own memo, with a budget of positions.
pub(super) struct Alone<'m, P> {
    values: &'m mut HashMap<P, GameId>,
    left: u64,
}

impl<'m, P> Alone<'m, P> {
    pub(super) fn new(values: &'m mut HashMap<P, GameId>) -> Self {
        Alone {
            values,
            left: u64::MAX,
        }
    }
}

impl<P: Eq + Hash> MemoOf<P> for Alone<'_, P> {
    #[inline]
    fn known(&mut self, _: &mut Arena, key: &P) -> Option<GameId> {
        self.values.get(key).copied()
    }
    #[inline]
    fn learn(&mut self, _: &mut Arena, key: P, g: GameId) {
        self.values.before_insert();
        self.values.insert(key, g);
    }
    #[inline]
    fn go_on(&mut self, _: &mut Arena) -> bool {
        self.left -= 1;
        self.left > 0
    }
    #[inline]
    fn reversed(&self) -> bool {
        false
    }
}

/// Values one worker sends another at a time (games of the shared store).
type Batch<P> = Vec<(P, Portable)>;

/// What the workers share: the games they send each other, and whether to
/// stop.
struct Table {
    games: Portables,
    /// Set when the root is valued or a worker failed: everyone stops.
    halt: AtomicBool,
    /// Why a helper failed, passed on by the first worker.
    failure: Mutex<Option<Box<dyn std::any::Any + Send>>>,
}

/// One worker: its own memo (values it made, and those the others sent,
/// in its own arena), and its post to the others.
struct Worker<'t, P> {
    table: &'t Table,
    own: &'t mut HashMap<P, GameId>,
    me: usize,
    crossings: Crossings,
    /// Values made since the last batch was sent.
    outgoing: Vec<(P, Portable)>,
    to_others: Vec<Sender<Batch<P>>>,
    inbox: Receiver<Batch<P>>,
    /// Positions expanded since the inbox was last read.
    since_read: u32,
}

impl<'t, P: Clone + Eq + Hash> Worker<'t, P> {
    fn new(
        table: &'t Table,
        own: &'t mut HashMap<P, GameId>,
        me: usize,
        senders: &[Sender<Batch<P>>],
        inbox: Receiver<Batch<P>>,
    ) -> Self {
        Worker {
            table,
            own,
            me,
            crossings: Crossings::default(),
            outgoing: Vec::new(),
            to_others: (senders.iter().enumerate())
                .filter(|&(k, _)| k != me)
                .map(|(_, s)| s.clone())
                .collect(),
            inbox,
            since_read: 0,
        }
    }

    /// Take in the values the others sent.
    fn read_inbox(&mut self, arena: &mut Arena) {
        while let Ok(batch) = self.inbox.try_recv() {
            for (key, p) in batch {
                self.own.before_insert();
                if let Entry::Vacant(slot) = self.own.entry(key) {
                    slot.insert(arena.import_portable(p, &self.table.games, &mut self.crossings));
                }
            }
        }
    }
}

impl<P: Clone + Eq + Hash> MemoOf<P> for Worker<'_, P> {
    #[inline]
    fn known(&mut self, _: &mut Arena, key: &P) -> Option<GameId> {
        self.own.get(key).copied()
    }

    fn learn(&mut self, arena: &mut Arena, key: P, g: GameId) {
        let p = arena.export(g, &self.table.games, &mut self.crossings);
        self.outgoing.push((key.clone(), p));
        if self.outgoing.len() >= BATCH {
            let batch = std::mem::take(&mut self.outgoing);
            // Copies for all but the last, which takes the batch itself; a
            // worker that has stopped reads nothing more.
            if let Some((last, others)) = self.to_others.split_last() {
                for to in others {
                    let _ = to.send(batch.clone());
                }
                let _ = last.send(batch);
            }
        }
        self.own.before_insert();
        self.own.insert(key, g);
    }

    fn go_on(&mut self, arena: &mut Arena) -> bool {
        self.since_read += 1;
        if self.since_read >= BATCH as u32 {
            self.since_read = 0;
            if self.me > 0 && past_half_the_memory_limit() {
                // Each worker holds a memo of its own: near the limit the
                // helpers step back and free theirs, and the first goes on
                // alone, as far as one thread would have gone.
                return false;
            }
            self.read_inbox(arena);
        }
        !self.table.halt.load(Ordering::Relaxed)
    }

    fn reversed(&self) -> bool {
        self.me % 2 == 1
    }
}

/// Values sent at a time, and positions expanded between reads of the
/// inbox.
const BATCH: usize = 256;

/// Positions valued on one thread before others are started: most values
/// asked for are found well within it, and pay nothing for threads.
const ALONE_FIRST: u64 = 1 << 15;

/// The stack of each helper thread (as the main worker's; the engine grows
/// its stack on the heap past it).
const HELPER_STACK: usize = 32 << 20;

fn past_half_the_memory_limit() -> bool {
    let limit = crate::interrupt::memory_limit();
    limit != 0 && crate::interrupt::live_bytes() > limit / 2
}

static THREADS: AtomicUsize = AtomicUsize::new(0);

/// The cores this process may run on.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Use `n` threads for one value (0: every core), at most one per core:
/// more only share the cores and multiply the memos, each a worker's own.
/// The number in force is returned.
pub fn set_threads(n: usize) -> usize {
    let n = if n == 0 { cores() } else { n.min(cores()) };
    THREADS.store(n, Ordering::Relaxed);
    n
}

/// The threads one value uses: as set, else every core.
pub fn threads() -> usize {
    match THREADS.load(Ordering::Relaxed) {
        0 => cores(),
        n => n,
    }
}

impl<R> Evaluator<'_, R>
where
    R: Ruleset + Sync,
    R::Position: Send + Sync,
{
    /// The canonical value of a position, found on `threads` threads once
    /// it proves big (the same value as [`Evaluator::value`]'s).
    pub fn value_on(&mut self, arena: &mut Arena, p: &R::Position, threads: usize) -> GameId {
        self.value_on_after(arena, p, threads, ALONE_FIRST)
    }

    /// [`Evaluator::value_on`], where the other threads start once this one
    /// has expanded `alone` positions without finishing.
    pub fn value_on_after(
        &mut self,
        arena: &mut Arena,
        p: &R::Position,
        threads: usize,
        alone: u64,
    ) -> GameId {
        self.use_arena(arena);
        let (root, negated) = self.ruleset.signed_key(p);
        let mut first = Alone::new(&mut self.memo.values);
        if threads > 1 {
            first.left = alone.saturating_add(1);
        }
        if !fill(self.ruleset, arena, &root, &mut first) {
            self.fill_together(arena, &root, threads);
        }
        self.memoised(arena, &root, negated)
    }

    /// Values `root` with `threads` workers, this one first (its memo keeps
    /// the values it made or took).
    fn fill_together(&mut self, arena: &mut Arena, root: &R::Position, threads: usize) {
        let table = Table {
            games: Portables::default(),
            halt: AtomicBool::new(false),
            failure: Mutex::new(None),
        };
        let (senders, mut inboxes): (Vec<_>, Vec<_>) = (0..threads).map(|_| channel()).unzip();
        let table = &table;
        let rs = self.ruleset;
        let stop_all = || table.halt.store(true, Ordering::Relaxed);
        let mut first = Worker::new(table, &mut self.memo.values, 0, &senders, inboxes.remove(0));
        let done = std::thread::scope(|scope| {
            for (me, inbox) in (1..threads).zip(inboxes) {
                if past_half_the_memory_limit() {
                    // A helper's memo is its own: near the limit none is added.
                    break;
                }
                let (root, senders) = (root.clone(), &senders);
                let helper = move || {
                    let run = catch_unwind(AssertUnwindSafe(|| {
                        let mut own = HashMap::new();
                        let mut worker = Worker::new(table, &mut own, me, senders, inbox);
                        fill(rs, &mut Arena::new(), &root, &mut worker);
                    }));
                    if let Err(why) = run {
                        let mut failure = table.failure.lock().unwrap_or_else(|e| e.into_inner());
                        failure.get_or_insert(why);
                        stop_all();
                    }
                };
                // Without a thread the others do its share.
                let _ = std::thread::Builder::new()
                    .name(format!("cgt-{me}"))
                    .stack_size(HELPER_STACK)
                    .spawn_scoped(scope, helper);
            }
            let done = catch_unwind(AssertUnwindSafe(|| fill(rs, arena, root, &mut first)));
            stop_all();
            done
        });
        match done {
            Err(why) => resume_unwind(why),
            Ok(true) => {}
            Ok(false) => {
                if let Some(why) = table
                    .failure
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .take()
                {
                    resume_unwind(why)
                }
                // Only a failure halts the first worker early; finish alone if not.
                table.halt.store(false, Ordering::Relaxed);
                fill(rs, arena, root, &mut first);
            }
        }
    }
}
