//! The arena: every canonical game is interned once and named by a [`GameId`].
//!
//! Interning is the only way to make a `GameId`, and every path into the
//! arena canonicalises first, so equal values always share one id and value
//! equality is an integer compare.

use super::nus::Nus;
use crate::interrupt::Grows;
use crate::number::Dyadic;
use hashbrown::HashMap;
use std::sync::Arc;

/// A canonical short game, interned in an [`Arena`]. An id is valid only
/// in the arena that made it: each live arena numbers its games from a base
/// of its own, placed in the middle of the widest stretch of ids that no
/// live arena starts in (0, then 2^31, 2^30, 3·2^30, ...), so an id of
/// another live arena falls outside this arena's games and stops with an
/// error instead of answering for a different game — as long as the arenas'
/// games stay below the distance between their bases (2^28 with 16 arenas
/// alive). The check is one subtraction per node access; ids stay 4 bytes
/// (ids of 8 bytes with a full arena tag cost 15–20 % on the PSN checks:
/// BENCHMARKS.md).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(u32);

/// The bases of the live arenas' ids.
static LIVE_BASES: std::sync::Mutex<std::collections::BTreeSet<u32>> =
    std::sync::Mutex::new(std::collections::BTreeSet::new());

fn live_bases() -> std::sync::MutexGuard<'static, std::collections::BTreeSet<u32>> {
    // The set holds plain numbers: a panic elsewhere leaves it usable.
    LIVE_BASES.lock().unwrap_or_else(|e| e.into_inner())
}

/// A base for a new arena: the middle of the widest stretch of ids after a
/// live arena's base (0 if no arena is alive).
fn take_id_base() -> u32 {
    let mut live = live_bases();
    let ends = live.iter().map(|&b| u64::from(b)).chain([1u64 << 32]);
    let starts = std::iter::once(None).chain(live.iter().map(|&b| Some(u64::from(b))));
    let base = starts
        .zip(ends)
        .map(|(start, end)| match start {
            // Before the first base: start at 0 itself.
            None => (end, 0),
            Some(start) => ((end - start) / 2, start + (end - start) / 2),
        })
        .filter(|&(room, _)| room > 0)
        .max_by_key(|&(room, base)| (room, std::cmp::Reverse(base)))
        .map_or(0, |(_, base)| base);
    // At most 2^32 - 1 arenas alive: a base is always found.
    let base = u32::try_from(base).unwrap_or(u32::MAX);
    live.insert(base);
    base
}

fn release_id_base(base: u32) {
    live_bases().remove(&base);
}

/// The index of `g` among the games of the arena whose ids start at `base`
/// (past them if `g` is another arena's).
#[inline]
fn offset(base: u32, g: &GameId) -> usize {
    g.0.wrapping_sub(base) as usize
}

#[cold]
fn foreign(g: GameId) -> ! {
    crate::interrupt::unsupported(format!(
        "game #{} belongs to another arena (or to a computation that was stopped): a game id is valid only in the arena that made it",
        g.0
    ))
}

#[cold]
fn arena_full(capacity: u64) -> ! {
    crate::interrupt::unsupported(format!(
        "this arena holds at most {capacity} games (its ids start at a base of its own)"
    ))
}

/// The largest `k` for which the options of `*k` are listed one by one
/// (larger nimbers are handled in closed form wherever one exists).
pub const NIMBER_OPTIONS_LIMIT: u64 = 1 << 20;

/// A list of option ids, shared between the node and the intern index.
pub type Options = Arc<[GameId]>;

/// A copy of an option list, for the engine's own loops over options that
/// go on computing in the arena (no reference count to touch: most games
/// have few options).
pub(crate) type Ids = smallvec::SmallVec<[GameId; 8]>;

/// One interned canonical game.
#[derive(Clone, Debug)]
pub(crate) enum Node {
    /// A value `x + n·↑ + *k`, in closed form (options made on demand).
    Nus(Nus),
    /// Any other canonical game: its canonical Left and Right options, sorted by id.
    Options { left: Options, right: Options },
}

/// Error raised when an exact result would leave the supported range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeError(pub String);

impl std::fmt::Display for RangeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The key of the construction cache: sorted, duplicate-free option lists.
pub(crate) type ConstructKey = (Box<[GameId]>, Box<[GameId]>);

/// The store of canonical games and the caches of operations on them.
pub struct Arena {
    pub(crate) nodes: Vec<Node>,
    nus_index: HashMap<Nus, GameId>,
    options_index: HashMap<(Options, Options), GameId>,
    /// Canonical options of nus nodes, made the first time they are asked for.
    nus_options: HashMap<GameId, (Options, Options)>,
    pub(crate) add_cache: HashMap<(GameId, GameId), GameId>,
    /// Results of construction from (sorted, deduplicated) option lists.
    pub(crate) construct_cache: HashMap<ConstructKey, GameId>,
    pub(crate) neg_cache: HashMap<GameId, GameId>,
    pub(crate) le_cache: HashMap<(GameId, GameId), bool>,
    /// Stops by id.
    pub(crate) stops_cache: Vec<Option<crate::analysis::Stops>>,
    pub(crate) birthday_cache: HashMap<GameId, crate::number::BigInt>,
    /// Per-id flags computed by analysis modules (parity, temper, ...).
    pub(crate) flag_cache: HashMap<(u8, GameId), bool>,
    pub(crate) thermo_cache: HashMap<GameId, Arc<crate::analysis::Thermograph>>,
    pub(crate) uptimal_cache: HashMap<GameId, Option<Arc<crate::analysis::Uptimal>>>,
    pub(crate) far_star_cache: HashMap<GameId, u64>,
    pub(crate) aw_cache: HashMap<GameId, GameId>,
    /// ↑^<n> (true) and ↑^[n] (false), built on demand.
    pub(crate) power_cache: HashMap<(bool, u32), GameId>,
    zero: GameId,
    /// The ids of the integers -SMALL_INTS..SMALL_INTS once made: the
    /// language counts and indexes with them (no hashing).
    small_ints: Vec<Option<GameId>>,
    /// Unique per arena, so that memos of ids can tell arenas apart.
    id: u64,
    /// The id of the arena's first game (see [`GameId`]).
    base: u32,
}

impl Drop for Arena {
    fn drop(&mut self) {
        release_id_base(self.base);
    }
}

/// Integers with |n| below this are found by index, not by hash.
const SMALL_INTS: i64 = 1 << 12;

/// The integers `0..DIRECT_INTS` are the arena's first games: game `n` is
/// the integer `n`.
const DIRECT_INTS: i64 = 256;

impl Default for Arena {
    fn default() -> Self {
        Self::new()
    }
}

/// Statistics of the arena and its caches.
#[derive(Clone, Debug, Default)]
pub struct ArenaStats {
    /// Canonical games interned.
    pub games: usize,
    /// Sums memoised.
    pub sums_cached: usize,
    /// Comparisons memoised.
    pub comparisons_cached: usize,
}

impl Arena {
    /// An empty arena (holding only 0).
    pub fn new() -> Self {
        let base = take_id_base();
        let mut arena = Arena {
            nodes: Vec::new(),
            nus_index: HashMap::new(),
            options_index: HashMap::new(),
            nus_options: HashMap::new(),
            add_cache: HashMap::new(),
            construct_cache: HashMap::new(),
            neg_cache: HashMap::new(),
            le_cache: HashMap::new(),
            stops_cache: Vec::new(),
            birthday_cache: HashMap::new(),
            flag_cache: HashMap::new(),
            thermo_cache: HashMap::new(),
            uptimal_cache: HashMap::new(),
            far_star_cache: HashMap::new(),
            aw_cache: HashMap::new(),
            power_cache: HashMap::new(),
            small_ints: vec![None; 2 * SMALL_INTS as usize],
            zero: GameId(0),
            id: {
                static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
                NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
            },
            base,
        };
        arena.zero = arena.nus(Nus::default());
        // The integers 0..DIRECT_INTS are the first games, in order, so that
        // a program's counts and indices need no lookup either way.
        for n in 1..DIRECT_INTS {
            let g = arena.nus(Nus::number(Dyadic::from_i64(n)));
            debug_assert_eq!(arena.index(g), n as usize);
            arena.small_ints[(n + SMALL_INTS) as usize] = Some(g);
        }
        arena.small_ints[SMALL_INTS as usize] = Some(arena.zero);
        arena
    }

    /// A number unique to this arena among all arenas of the process: a
    /// `GameId` is meaningful only in the arena that made it.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// The id of the game at `index`, made now.
    fn new_id(&self, index: usize) -> GameId {
        crate::interrupt::note_work();
        match u32::try_from(index)
            .ok()
            .and_then(|i| self.base.checked_add(i))
        {
            Some(id) => GameId(id),
            None => arena_full((1 << 32) - u64::from(self.base)),
        }
    }

    /// The index of `g` among this arena's games (an index past them if `g`
    /// is another arena's).
    #[inline]
    pub(crate) fn index(&self, g: GameId) -> usize {
        offset(self.base, &g)
    }

    /// The node of `g`; an id beyond this arena's games (of another arena,
    /// or of a game dropped by a stopped computation) stops with an error
    /// saying so.
    #[inline]
    pub(crate) fn node(&self, g: GameId) -> &Node {
        match self.nodes.get(self.index(g)) {
            Some(n) => n,
            None => foreign(g),
        }
    }

    /// Sizes of the arena and its caches.
    pub fn stats(&self) -> ArenaStats {
        ArenaStats {
            games: self.nodes.len(),
            sums_cached: self.add_cache.len(),
            comparisons_cached: self.le_cache.len(),
        }
    }

    /// Drop every operation cache (the games themselves stay), e.g. to give
    /// memory back after a computation was stopped at a memory limit.
    pub fn clear_caches(&mut self) {
        self.add_cache = HashMap::new();
        self.le_cache = HashMap::new();
        self.construct_cache = HashMap::new();
        self.neg_cache = HashMap::new();
        self.stops_cache = Vec::new();
        self.thermo_cache = HashMap::new();
        self.birthday_cache = HashMap::new();
        self.flag_cache = HashMap::new();
        self.uptimal_cache = HashMap::new();
        self.far_star_cache = HashMap::new();
        self.aw_cache = HashMap::new();
    }

    /// Forget every game made after the arena held `len` games (and every
    /// cache), giving their memory back: after a computation was stopped,
    /// nothing refers to them. Ids below `len` stay valid.
    pub fn rollback(&mut self, len: usize) {
        // The direct integers stay: ids are made from them without a lookup.
        let len = len.max(DIRECT_INTS as usize);
        if self.nodes.len() <= len {
            return;
        }
        self.nodes.truncate(len);
        self.nodes.shrink_to_fit();
        let base = self.base;
        let keep = |g: &GameId| offset(base, g) < len;
        self.nus_index.retain(|_, g| keep(g));
        self.nus_index.shrink_to_fit();
        self.options_index.retain(|_, g| keep(g));
        self.options_index.shrink_to_fit();
        self.nus_options
            .retain(|g, (l, r)| keep(g) && l.iter().chain(r.iter()).all(keep));
        self.nus_options.shrink_to_fit();
        self.power_cache.retain(|_, g| keep(g));
        for slot in &mut self.small_ints {
            if slot.is_some_and(|g| !keep(&g)) {
                *slot = None;
            }
        }
        self.clear_caches();
    }

    /// Forget cached thermographs, stops and temperatures (for cold benchmarks).
    pub fn clear_thermal_caches(&mut self) {
        self.thermo_cache.clear();
        self.stops_cache = Vec::new();
    }

    /// Copy a game of another arena into this one (e.g. to merge the results
    /// of worker threads); canonical forms stay canonical.
    pub fn import(
        &mut self,
        other: &mut Arena,
        g: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(&h) = memo.get(&g) {
            return h;
        }
        let h = match other.as_nus(g) {
            Some(v) => {
                let v = v.clone();
                self.nus(v)
            }
            None => super::deep(|| {
                let l: Vec<GameId> = other
                    .left_options(g)
                    .iter()
                    .map(|&x| self.import(other, x, memo))
                    .collect();
                let r: Vec<GameId> = other
                    .right_options(g)
                    .iter()
                    .map(|&x| self.import(other, x, memo))
                    .collect();
                self.intern_options(l, r)
            }),
        };
        memo.insert(g, h);
        h
    }

    /// Intern a nus value. A value beyond the supported range (see
    /// [`Nus::range_error`]) stops the computation with a message naming the limit.
    pub fn nus(&mut self, v: Nus) -> GameId {
        if let Some(&id) = self.nus_index.get(&v) {
            return id;
        }
        if let Some(why) = v.range_error() {
            crate::interrupt::unsupported(why);
        }
        self.nodes.before_insert();
        self.nus_index.before_insert();
        let id = self.new_id(self.nodes.len());
        self.nodes.push(Node::Nus(v.clone()));
        self.nus_index.insert(v, id);
        id
    }

    /// Intern canonical option lists that are known not to form a nus.
    pub(crate) fn intern_options(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> GameId {
        left.sort_unstable();
        right.sort_unstable();
        let key: (Options, Options) = (left.into(), right.into());
        if let Some(&id) = self.options_index.get(&key) {
            return id;
        }
        self.nodes.before_insert();
        self.options_index.before_insert();
        let id = self.new_id(self.nodes.len());
        self.nodes.push(Node::Options {
            left: key.0.clone(),
            right: key.1.clone(),
        });
        self.options_index.insert(key, id);
        id
    }

    /// The game 0 = {|}.
    pub fn zero(&self) -> GameId {
        self.zero
    }

    /// The integer `n`.
    #[inline]
    pub fn integer(&mut self, n: i64) -> GameId {
        if (0..DIRECT_INTS).contains(&n) {
            return GameId(self.base + n as u32);
        }
        self.other_integer(n)
    }

    fn other_integer(&mut self, n: i64) -> GameId {
        if (-SMALL_INTS..SMALL_INTS).contains(&n) {
            let k = (n + SMALL_INTS) as usize;
            if let Some(g) = self.small_ints[k] {
                return g;
            }
            let g = self.nus(Nus::number(Dyadic::from_i64(n)));
            self.small_ints[k] = Some(g);
            return g;
        }
        self.nus(Nus::number(Dyadic::from_i64(n)))
    }

    /// The integer `g` equals, if it is one that fits an `i64`.
    #[inline]
    pub fn as_i64(&self, g: GameId) -> Option<i64> {
        let k = self.index(g);
        if k < DIRECT_INTS as usize {
            return Some(k as i64);
        }
        self.other_as_i64(g)
    }

    fn other_as_i64(&self, g: GameId) -> Option<i64> {
        match self.node(g) {
            Node::Nus(v) if v.ups == 0 && v.nim == 0 && v.number.exponent() == 0 => {
                v.number.small_numerator()
            }
            _ => None,
        }
    }

    /// The number `x`.
    pub fn number(&mut self, x: Dyadic) -> GameId {
        self.nus(Nus::number(x))
    }

    /// The nimber `*k`.
    pub fn nimber(&mut self, k: u64) -> GameId {
        self.nus(Nus {
            number: Dyadic::zero(),
            ups: 0,
            nim: k,
        })
    }

    /// `n·↑` (negative `n` gives downs).
    pub fn up(&mut self, n: i64) -> GameId {
        self.nus(Nus {
            number: Dyadic::zero(),
            ups: n,
            nim: 0,
        })
    }

    /// The closed form of `g`, if it is a nus.
    pub fn as_nus(&self, g: GameId) -> Option<&Nus> {
        match self.node(g) {
            Node::Nus(v) => Some(v),
            Node::Options { .. } => None,
        }
    }

    /// The number `g` equals, if it is one.
    pub fn as_number(&self, g: GameId) -> Option<&Dyadic> {
        self.as_nus(g).filter(|v| v.is_number()).map(|v| &v.number)
    }

    /// True if `g` is a number.
    pub fn is_number(&self, g: GameId) -> bool {
        self.as_number(g).is_some()
    }

    /// Number of games interned so far.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never true: an arena always holds 0.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Canonical Left options of `g` as a copy, sorted by id.
    pub(crate) fn left_ids(&mut self, g: GameId) -> Ids {
        match self.node(g) {
            Node::Options { left, .. } => Ids::from_slice(left),
            Node::Nus(_) => Ids::from_slice(&self.nus_opts(g).0),
        }
    }

    /// Canonical Right options of `g` as a copy, sorted by id.
    pub(crate) fn right_ids(&mut self, g: GameId) -> Ids {
        match self.node(g) {
            Node::Options { right, .. } => Ids::from_slice(right),
            Node::Nus(_) => Ids::from_slice(&self.nus_opts(g).1),
        }
    }

    /// Canonical Left options of `g`, sorted by id.
    pub fn left_options(&mut self, g: GameId) -> Options {
        match self.node(g) {
            Node::Options { left, .. } => left.clone(),
            Node::Nus(_) => self.nus_opts(g).0,
        }
    }

    /// Canonical Right options of `g`, sorted by id.
    pub fn right_options(&mut self, g: GameId) -> Options {
        match self.node(g) {
            Node::Options { right, .. } => right.clone(),
            Node::Nus(_) => self.nus_opts(g).1,
        }
    }

    /// The canonical options of a nus, in closed form:
    /// numbers `{(m-1)/2^j | (m+1)/2^j}`, `n = {n-1|}`, `x*k = {x*i | x*i}` (i < k),
    /// `x↑* = {x, x* | x}`, and otherwise `x↑n*k = {x | x↑(n-1)*(k⊕1)}` for n > 0
    /// (and the mirror image for n < 0).
    fn nus_opts(&mut self, g: GameId) -> (Options, Options) {
        if let Some(o) = self.nus_options.get(&g) {
            return o.clone();
        }
        let v = self.as_nus(g).expect("nus").clone();
        let x = v.number.clone();
        let with = |ups: i64, nim: u64| Nus {
            number: x.clone(),
            ups,
            nim,
        };
        let (l, r): (Vec<Nus>, Vec<Nus>) = if v.ups == 0 && v.nim == 0 {
            if x.is_integer() {
                let one = Dyadic::from_i64(1);
                match x.signum() {
                    0 => (vec![], vec![]),
                    1 => (vec![Nus::number(&x - &one)], vec![]),
                    _ => (vec![], vec![Nus::number(&x + &one)]),
                }
            } else {
                let unit = Dyadic::new(1.into(), x.exponent());
                (vec![Nus::number(&x - &unit)], vec![Nus::number(&x + &unit)])
            }
        } else if v.ups == 0 {
            if v.nim > NIMBER_OPTIONS_LIMIT {
                crate::interrupt::unsupported(format!(
                    "this needs the {} options of *{} one by one; cgt lists the options of *k only for k <= 2^20",
                    v.nim, v.nim
                ));
            }
            let stars: Vec<Nus> = (0..v.nim)
                .map(|i| {
                    if i % 4096 == 0 {
                        crate::interrupt::check();
                    }
                    with(0, i)
                })
                .collect();
            (stars.clone(), stars)
        } else if v.ups == 1 && v.nim == 1 {
            (vec![with(0, 0), with(0, 1)], vec![with(0, 0)])
        } else if v.ups == -1 && v.nim == 1 {
            (vec![with(0, 0)], vec![with(0, 0), with(0, 1)])
        } else if v.ups > 0 {
            (vec![with(0, 0)], vec![with(v.ups - 1, v.nim ^ 1)])
        } else {
            (vec![with(v.ups + 1, v.nim ^ 1)], vec![with(0, 0)])
        };
        let intern = |arena: &mut Self, side: Vec<Nus>| -> Vec<GameId> {
            let mut ids = Vec::with_capacity(side.len());
            for (k, n) in side.into_iter().enumerate() {
                if k % 4096 == 4095 {
                    crate::interrupt::check();
                }
                ids.push(arena.nus(n));
            }
            ids
        };
        let mut l = intern(self, l);
        let mut r = intern(self, r);
        l.sort_unstable();
        r.sort_unstable();
        let o: (Options, Options) = (l.into(), r.into());
        self.nus_options.insert(g, o.clone());
        o
    }
}
