//! Rulesets plugged into the engine through one trait. A ruleset gives
//! options; the engine gives values, outcomes and forms.

pub mod amazons;
pub mod bits;
pub mod clobber;
pub mod col;
pub mod cutcake;
pub mod domineering;
pub mod fair_shares;
pub mod fission;
pub mod fox_and_geese;
pub mod graph;
pub mod grid;
pub mod hackenbush;
pub mod heaps;
pub mod konane;
pub mod nogo;
mod parallel;
pub mod partizan_heaps;
pub mod picture;
pub mod psn;
pub mod registry;
mod repeating;
mod search;
pub mod ski_jumps;
pub mod sls;
pub mod snort;
pub mod toads;
pub mod toppling_dominoes;
pub mod variant;

use crate::analysis::Outcome;
use crate::form::Form;
use crate::game::{Arena, GameId};
use crate::interrupt::Grows;
use crate::loopy::{GeneralizedNim, NotStopperSided, Sides};
use hashbrown::{HashMap, HashSet};
pub use parallel::{cores, set_threads, threads};
use parallel::{Alone, MemoOf};
pub use repeating::NotImpartial;
use std::hash::Hash;
use std::sync::Arc;

/// A game given by its rules: positions and the moves from them.
pub trait Ruleset {
    /// A position of the game (`Debug` names positions in error messages).
    type Position: Clone + Eq + Hash + std::fmt::Debug;

    /// Left's options from `p`.
    fn left_options(&self, p: &Self::Position) -> Vec<Self::Position>;
    /// Right's options from `p`.
    fn right_options(&self, p: &Self::Position) -> Vec<Self::Position>;

    /// A key shared by positions with the same game tree (symmetries); the
    /// evaluator memoises by it.
    fn canonical_key(&self, p: &Self::Position) -> Self::Position {
        p.clone()
    }

    /// The key of `p`, or, where the rules have a symmetry that negates
    /// values (Domineering's transposed board), possibly the key of a
    /// position whose value is the negative of `p`'s, with `true`: the
    /// evaluator then computes one of the two.
    fn signed_key(&self, p: &Self::Position) -> (Self::Position, bool) {
        (self.canonical_key(p), false)
    }

    /// Independent components whose values add, if the position splits.
    fn components(&self, _p: &Self::Position) -> Option<Vec<Self::Position>> {
        None
    }

    /// True if positions can repeat (a position can reach itself): values
    /// are then loopy, found by [`Evaluator::loopy_value`], and the short
    /// evaluator's cycle error is what [`Evaluator::value`] gives.
    fn repeats(&self) -> bool {
        false
    }

    /// A named stopper the rules know `p` to be without exploring it (a fox
    /// that has slipped past every goose is `off`): the loopy evaluator
    /// takes it as it stands.
    fn known_stopper(&self, _p: &Self::Position) -> Option<crate::loopy::Named> {
        None
    }

    /// The outcome in closed form, where theory gives one.
    fn known_outcome(&self, _p: &Self::Position) -> Option<Outcome> {
        None
    }

    /// True if both players have the same moves from `p` and every position
    /// reachable from it: its outcome is then found from nim values by the
    /// Sprague-Grundy theorem, component by component (a sum's search grows
    /// with the product of its components' sizes; nim values add by XOR).
    fn impartial(&self, _p: &Self::Position) -> bool {
        false
    }

    /// Whether valuing `p` costs less than searching it, where the rules
    /// can tell (`None`, the default, where they cannot). The outcome
    /// search decides a position whose components are all cheap by the sum
    /// of their values, each valued once however many positions of the
    /// search it appears in (as a solver of sums splits a position into
    /// subgames); and a position with a component too dear to value is
    /// searched whole, its parts valued as they become cheap.
    fn cheap_to_value(&self, _p: &Self::Position) -> Option<bool> {
        None
    }

    /// A player's options (Left's if `left`) in any form the keys bring back
    /// to the options themselves (e.g. boards not yet trimmed): the evaluator
    /// and the outcome search use options only through their keys and counts.
    fn raw_options(&self, p: &Self::Position, left: bool) -> Vec<Self::Position> {
        if left {
            self.left_options(p)
        } else {
            self.right_options(p)
        }
    }

    /// Counts of the moves each player can still make from `p`, where the
    /// rules give them cheaply: the outcome search decides positions by
    /// them under normal play (see [`MoveBounds`]).
    fn move_bounds(&self, _p: &Self::Position) -> Option<MoveBounds> {
        None
    }

    /// How good `p` is for the opponent of the player who moved there
    /// (Left if `mover_left`), given its move counts if the rules have them:
    /// the outcome search tries moves to the lowest scores first.
    fn score(&self, _p: &Self::Position, _mover_left: bool, _bounds: Option<&MoveBounds>) -> i32 {
        0
    }
}

/// Bounds on the moves each player can still make: `safe` moves a player
/// can make whatever the opponent does (no move of the opponent takes them
/// away, and they do not take away each other), and at most `most` moves
/// in all. In a game where moves never appear, the player to move wins
/// with more safe moves than the opponent's most, and loses if the
/// opponent's safe moves are at least their own most.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveBounds {
    /// Left's safe moves.
    pub left_safe: u32,
    /// Left's vulnerable moves: moves that share no square with each other
    /// or with the safe ones, of which one move of Right takes away at most
    /// one. Playing them first, Left makes at least half of them (rounded
    /// up when Left moves first, down when Right does).
    pub left_vulnerable: u32,
    /// The most moves Left can make.
    pub left_most: u32,
    /// Right's safe moves.
    pub right_safe: u32,
    /// Right's vulnerable moves (as Left's).
    pub right_vulnerable: u32,
    /// The most moves Right can make.
    pub right_most: u32,
}

/// `p`'s components (`p` itself if it does not split) if the rules say each
/// is cheap to value (see [`Ruleset::cheap_to_value`]).
fn cheap_parts<R: Ruleset>(rs: &R, p: &R::Position) -> Option<Vec<R::Position>> {
    // Rules that cannot tell are not asked for their components.
    rs.cheap_to_value(p)?;
    let parts = rs.components(p).unwrap_or_else(|| vec![p.clone()]);
    parts
        .iter()
        .all(|x| rs.cheap_to_value(x) == Some(true))
        .then_some(parts)
}

/// True if `p`'s outcome is better found by searching it whole than from
/// its parts' values: it does not split, or exactly one part is too dear to
/// value (see [`Ruleset::cheap_to_value`]) and the others are cheap. With
/// two dear parts or more, the search would range over the product of
/// their positions, and valuing each is the lesser cost.
pub fn searched_whole<R: Ruleset>(rs: &R, p: &R::Position) -> bool {
    match rs.components(p) {
        Some(parts) if parts.len() > 1 => {
            let dear = parts.iter().filter(|x| rs.cheap_to_value(x) == Some(false));
            dear.count() == 1
        }
        _ => true,
    }
}

/// A signed key from the key of a position and the key of its conjugate (a
/// position of the negative game, e.g. with the players' pieces exchanged):
/// the lesser, and whether it is the conjugate's. A position and its
/// conjugate then share one memo entry.
pub fn lesser_of_conjugates<P: Ord>(key: P, conjugate: P) -> (P, bool) {
    if conjugate < key {
        (conjugate, true)
    } else {
        (key, false)
    }
}

/// Computes values, outcomes and forms of a ruleset's positions, memoised by
/// canonical key, with an explicit work stack (no native recursion).
///
/// The memo of values holds ids of one arena: used with another arena, the
/// evaluator forgets it and starts afresh, so an id never crosses arenas.
pub struct Evaluator<'r, R: Ruleset> {
    ruleset: &'r R,
    memo: Memo<R>,
    /// The arena of [`Evaluator::outcome`]'s values, made when first needed
    /// (most searches value nothing, and an arena costs its small integers),
    /// and boxed (it is moved out and back on every call).
    own_arena: Option<Box<Arena>>,
}

/// Where the outcome search makes the values it asks for.
enum ArenaSlot<'a> {
    /// The caller's arena.
    Given(&'a mut Arena),
    /// An arena of the evaluator's own, made on first use.
    Own(&'a mut Option<Box<Arena>>),
}

impl ArenaSlot<'_> {
    fn get(&mut self) -> &mut Arena {
        match self {
            ArenaSlot::Given(arena) => arena,
            ArenaSlot::Own(arena) => arena.get_or_insert_with(Box::default),
        }
    }
}

/// What an evaluator has learnt, kept apart so that it can outlive the
/// evaluator (see [`registry::Memos`]).
pub struct Memo<R: Ruleset> {
    values: HashMap<R::Position, GameId>,
    /// The arena the ids in `values` belong to.
    arena_id: Option<u64>,
    /// Normal-play results of the outcome search, by signed key.
    wins: search::WinMemo<R::Position>,
    /// Nim values of impartial positions that do not split, by key.
    nim: HashMap<R::Position, u64>,
    /// Loopy values of rules whose positions repeat, by key (in the arena
    /// of `values`).
    loopy: HashMap<R::Position, Sides>,
    /// Generalized Sprague-Grundy values of impartial positions that may
    /// repeat, by key.
    generalized_nim: HashMap<R::Position, GeneralizedNim>,
}

impl<R: Ruleset> Default for Memo<R> {
    fn default() -> Self {
        Memo {
            values: HashMap::new(),
            arena_id: None,
            wins: HashMap::new(),
            nim: HashMap::new(),
            loopy: HashMap::new(),
            generalized_nim: HashMap::new(),
        }
    }
}

/// A position of the nim-value search and its options' parts, found once.
type NimFrame<P> = (P, Option<Vec<Vec<P>>>);

/// The keys of `p`'s components (of `p` itself if it does not split).
fn parts_of<R: Ruleset>(rs: &R, p: &R::Position) -> Vec<R::Position> {
    match rs.components(p) {
        Some(parts) => parts.iter().map(|c| rs.canonical_key(c)).collect(),
        None => vec![rs.canonical_key(p)],
    }
}

/// The signed keys of `positions`, each once (options that are images of
/// each other under the rules' symmetries are one option).
fn distinct_keys<R: Ruleset>(
    rs: &R,
    positions: Vec<R::Position>,
    out: &mut Vec<(R::Position, bool)>,
) {
    let start = out.len();
    if positions.len() <= 16 {
        // Few options: comparing with those kept costs less than hashing.
        for x in &positions {
            let k = rs.signed_key(x);
            if !out[start..].contains(&k) {
                out.push(k);
            }
        }
        return;
    }
    let mut seen = HashSet::with_capacity(positions.len());
    for x in &positions {
        let k = rs.signed_key(x);
        if seen.insert(k.clone()) {
            out.push(k);
        }
    }
}

/// The signed keys of each player's options of `p`, all of them, in order
/// (a form keeps every option as the rules give it).
type SignedOptions<P> = (Vec<(P, bool)>, Vec<(P, bool)>);

fn signed_options<R: Ruleset>(rs: &R, p: &R::Position) -> SignedOptions<R::Position> {
    let keys = |options: Vec<R::Position>| options.iter().map(|x| rs.signed_key(x)).collect();
    (keys(rs.left_options(p)), keys(rs.right_options(p)))
}

/// Puts the signed keys of `q`'s components in `children` and answers true
/// if `q`'s value is theirs added, not found by its own options: two or more
/// components, or a single one that is not `q` itself (a board with dead
/// stones or an empty border is the value of what is left once they are
/// gone; keyed apart, every scattering of dead stones would be valued
/// anew). A position without any component is 0, the sum of none.
fn split<R: Ruleset>(rs: &R, q: &R::Position, children: &mut Vec<(R::Position, bool)>) -> bool {
    let Some(parts) = rs.components(q) else {
        return false;
    };
    if let [only] = &parts[..] {
        if only == q {
            return false;
        }
        let key = rs.signed_key(only);
        if key.0 == *q {
            return false;
        }
        children.push(key);
        return true;
    }
    children.extend(parts.iter().map(|x| rs.signed_key(x)));
    true
}

/// A position on the walk's path, waiting for the values of its children:
/// its components (`sum`) or its options (the first `left` are Left's),
/// kept from `start` in the walk's shared buffers of children and values,
/// of which `done` are valued.
struct Frame<P> {
    key: P,
    sum: bool,
    left: usize,
    start: usize,
    done: usize,
}

impl<P> Frame<P> {
    /// Where in the shared buffers the next child to value is, with `n`
    /// children: first to last if `reversed`, else last to first.
    fn next(&self, n: usize, reversed: bool) -> usize {
        self.start
            + if reversed {
                self.done
            } else {
                n - 1 - self.done
            }
    }
}

/// The frame of `key`, its children's signed keys put in `kids` and a
/// place for each value in `values`.
fn expand<R: Ruleset>(
    rs: &R,
    key: R::Position,
    kids: &mut Vec<(R::Position, bool)>,
    values: &mut Vec<GameId>,
    placeholder: GameId,
) -> Frame<R::Position> {
    let start = kids.len();
    let (sum, left) = if split(rs, &key, kids) {
        (true, kids.len() - start)
    } else {
        distinct_keys(rs, rs.raw_options(&key, true), kids);
        let left = kids.len() - start;
        distinct_keys(rs, rs.raw_options(&key, false), kids);
        (false, left)
    };
    values.resize(kids.len(), placeholder);
    Frame {
        key,
        sum,
        left,
        start,
        done: 0,
    }
}

/// Positions being expanded on an explicit work stack. A position met again
/// while it is still open lies on a cycle: the ruleset is not short, and the
/// computation stops naming the positions on the cycle instead of looping.
struct OpenSet<P>(HashSet<P>);

impl<P: Clone + Eq + Hash + std::fmt::Debug> OpenSet<P> {
    fn new() -> Self {
        OpenSet(HashSet::new())
    }

    /// Note that `q` (on top of `stack`) is being expanded.
    fn expand(&mut self, q: &P, stack: &[P]) {
        if !self.0.insert(q.clone()) {
            not_short(q, stack, |x| self.0.contains(x));
        }
    }
}

/// Stops the computation if a position is twice on the walk's path: it
/// can reach itself.
fn stop_on_a_cycle<P: Clone + Eq + Hash + std::fmt::Debug>(frames: &[Frame<P>]) {
    let mut seen = HashSet::with_capacity(frames.len());
    for (j, frame) in frames.iter().enumerate() {
        if !seen.insert(&frame.key) {
            let path: Vec<P> = frames[..=j].iter().map(|f| f.key.clone()).collect();
            not_short(&frame.key, &path, |_| true);
        }
    }
}

/// Stops the computation: `q`, on top of `stack`, is being expanded a second
/// time while still open, so it lies on a cycle; `open` tells the positions
/// still being expanded, whose run on the stack names the cycle.
fn not_short<P: Eq + std::fmt::Debug>(q: &P, stack: &[P], open: impl Fn(&P) -> bool) -> ! {
    let from = stack.iter().position(|x| x == q).unwrap_or(0);
    let mut cycle: Vec<String> = Vec::new();
    for x in &stack[from..] {
        if open(x) && cycle.last() != Some(&format!("{x:?}")) {
            cycle.push(format!("{x:?}"));
        }
    }
    let shown = if cycle.len() > 8 {
        format!(
            "{} -> ... -> {}",
            cycle[..4].join(" -> "),
            cycle[cycle.len() - 2..].join(" -> ")
        )
    } else {
        cycle.join(" -> ")
    };
    crate::interrupt::unsupported(format!(
        "not a short game: a position can reach itself ({} positions on the cycle: {shown})",
        cycle.len().saturating_sub(1).max(1)
    ))
}

/// Values the key `root` and every key it needs, post-order over the game
/// graph with an explicit stack of frames, keeping the values where `memo`
/// says; false if `memo` said to stop first (what was valued by then is
/// kept).
///
/// A position is expanded once: its children go in buffers shared by the
/// whole path, and each child is looked up once, when its turn comes; a
/// finished child hands its value to its parent directly. So a position
/// costs one lookup per child and one learn. A cycle makes the path grow
/// without end, repeating a position: the path is searched for one each
/// time it grows past twice its longest searched length, which costs at
/// most twice the longest path over the whole walk.
fn fill<R: Ruleset, M: MemoOf<R::Position>>(
    rs: &R,
    arena: &mut Arena,
    root: &R::Position,
    memo: &mut M,
) -> bool {
    if memo.known(arena, root).is_some() {
        return true;
    }
    if !memo.go_on(arena) {
        return false;
    }
    let reversed = memo.reversed();
    let placeholder = arena.zero();
    let mut kids: Vec<(R::Position, bool)> = Vec::with_capacity(256);
    let mut values: Vec<GameId> = Vec::with_capacity(256);
    let mut searched_past = 64;
    let mut frames = vec![expand(
        rs,
        root.clone(),
        &mut kids,
        &mut values,
        placeholder,
    )];
    loop {
        crate::interrupt::check();
        crate::interrupt::note_work();
        let frame = frames.last_mut().expect("the root is open");
        let n = kids.len() - frame.start;
        // Value the children the memo knows, up to the first it does not.
        let mut unknown = None;
        while frame.done < n {
            let i = frame.next(n, reversed);
            let (key, negated) = &kids[i];
            match memo.known(arena, key) {
                Some(g) => {
                    values[i] = if *negated { arena.neg(g) } else { g };
                    frame.done += 1;
                }
                None => {
                    unknown = Some(key.clone());
                    break;
                }
            }
        }
        if let Some(key) = unknown {
            if frames.len() >= searched_past {
                searched_past *= 2;
                stop_on_a_cycle(&frames);
            }
            if !memo.go_on(arena) {
                return false;
            }
            let frame = expand(rs, key, &mut kids, &mut values, placeholder);
            frames.push(frame);
            continue;
        }
        let frame = frames.pop().expect("the frame just valued");
        let g = if frame.sum {
            (values[frame.start..].iter()).fold(arena.zero(), |acc, &v| arena.add(acc, v))
        } else {
            let (left, right) = values[frame.start..].split_at_mut(frame.left);
            arena.construct_in(left, right)
        };
        kids.truncate(frame.start);
        values.truncate(frame.start);
        memo.learn(arena, frame.key, g);
        let Some(parent) = frames.last_mut() else {
            return true;
        };
        let n = kids.len() - parent.start;
        let i = parent.next(n, reversed);
        values[i] = if kids[i].1 { arena.neg(g) } else { g };
        parent.done += 1;
    }
}

impl<'r, R: Ruleset> Evaluator<'r, R> {
    /// An evaluator with empty memos.
    pub fn new(ruleset: &'r R) -> Self {
        Self::with_memo(ruleset, Memo::default())
    }

    /// An evaluator that goes on from what an earlier one learnt.
    pub fn with_memo(ruleset: &'r R, memo: Memo<R>) -> Self {
        Evaluator {
            ruleset,
            memo,
            own_arena: None,
        }
    }

    /// What this evaluator has learnt.
    pub fn into_memo(self) -> Memo<R> {
        self.memo
    }

    /// Number of positions whose value is memoised.
    pub fn memo_len(&self) -> usize {
        self.memo.values.len()
    }

    /// The canonical value of a position (post-order over the game graph).
    ///
    /// ```
    /// use cgt_core::game::Arena;
    /// use cgt_core::ruleset::{domineering::{Board, Domineering}, Evaluator};
    /// let mut arena = Arena::new();
    /// let g = Evaluator::new(&Domineering).value(&mut arena, &Board::empty(2, 2));
    /// let (one, minus_one) = (arena.integer(1), arena.integer(-1));
    /// assert_eq!(g, arena.construct(vec![one], vec![minus_one])); // ±1
    /// ```
    pub fn value(&mut self, arena: &mut Arena, p: &R::Position) -> GameId {
        self.use_arena(arena);
        let (root, negated) = self.ruleset.signed_key(p);
        fill(
            self.ruleset,
            arena,
            &root,
            &mut Alone::new(&mut self.memo.values),
        );
        self.memoised(arena, &root, negated)
    }

    /// The value of a position of rules whose positions can repeat: a short
    /// game, a canonical stopper, or the sides of one that is neither, or
    /// [`NotStopperSided`] where a side is not found to be a stopper (see
    /// [`repeating`]). Short positions come out as [`Evaluator::value`]
    /// gives them.
    pub fn loopy_value(
        &mut self,
        arena: &mut Arena,
        p: &R::Position,
    ) -> Result<Sides, NotStopperSided> {
        self.use_arena(arena);
        let key = self.ruleset.canonical_key(p);
        repeating::fill(self.ruleset, arena, &key, &mut self.memo.loopy)?;
        Ok(self.memo.loopy[&key].clone())
    }

    /// The generalized Sprague-Grundy value of a position of impartial
    /// rules whose positions may repeat (see [`crate::loopy::impartial`]),
    /// or [`NotImpartial`] if some position reached gives the players
    /// different moves.
    pub fn generalized_nim_value(
        &mut self,
        p: &R::Position,
    ) -> Result<GeneralizedNim, NotImpartial> {
        let key = self.ruleset.canonical_key(p);
        repeating::nim_fill(self.ruleset, &key, &mut self.memo.generalized_nim)?;
        Ok(self.memo.generalized_nim[&key].clone())
    }

    /// Forget values of another arena.
    fn use_arena(&mut self, arena: &Arena) {
        if self.memo.arena_id != Some(arena.id()) {
            self.memo.values.clear();
            self.memo.loopy.clear();
            self.memo.arena_id = Some(arena.id());
        }
    }

    /// The memoised value of a key, negated if asked.
    fn memoised(&self, arena: &mut Arena, key: &R::Position, negated: bool) -> GameId {
        let g = self.memo.values[key];
        if negated {
            arena.neg(g)
        } else {
            g
        }
    }

    /// The values of `p`'s components (its own value if it does not split):
    /// they add up to `p`'s value, which is not built.
    pub fn parts(&mut self, arena: &mut Arena, p: &R::Position) -> Vec<GameId> {
        match self.ruleset.components(p).filter(|c| c.len() > 1) {
            Some(parts) => parts.iter().map(|c| self.value(arena, c)).collect(),
            None => vec![self.value(arena, p)],
        }
    }

    /// The normal-play outcome by search: for positions too big for values.
    /// Uses the ruleset's closed form if any, and values only where the
    /// rules ask for them ([`Ruleset::cheap_to_value`]), in an arena of
    /// its own.
    pub fn outcome(&mut self, p: &R::Position) -> Outcome {
        let mut own = self.own_arena.take();
        let found = self.outcome_by(ArenaSlot::Own(&mut own), p);
        self.own_arena = own;
        found
    }

    /// The normal-play outcome by search, as [`Evaluator::outcome`], with the
    /// values the search asks for made in `arena` (and memoised with the
    /// evaluator's other values).
    pub fn outcome_in(&mut self, arena: &mut Arena, p: &R::Position) -> Outcome {
        self.outcome_by(ArenaSlot::Given(arena), p)
    }

    fn outcome_by(&mut self, mut arena: ArenaSlot, p: &R::Position) -> Outcome {
        if let Some(o) = self.ruleset.known_outcome(p) {
            return o;
        }
        if self.ruleset.impartial(p) {
            return if self.nim_value(p) == 0 {
                Outcome::P
            } else {
                Outcome::N
            };
        }
        let rs = self.ruleset;
        let mut memo = std::mem::take(&mut self.memo.wins);
        let mut settle = |q: &R::Position| {
            let parts = cheap_parts(rs, q)?;
            let arena = arena.get();
            let values: Vec<GameId> = parts.iter().map(|x| self.value(arena, x)).collect();
            Some(arena.sum_outcome(&values))
        };
        // Rules that cannot tell what is cheap at the root are not asked
        // at every position of the search.
        let settle: search::Settle<'_, '_, R::Position> = match rs.cheap_to_value(p) {
            Some(_) => Some(&mut settle),
            None => None,
        };
        let found = Self::search(rs, p, false, &mut memo, settle);
        self.memo.wins = memo;
        found
    }

    /// The nim value of an impartial position (see [`Ruleset::impartial`]):
    /// the XOR of its components' values, each the least value not among
    /// its options' (with an explicit work stack: heaps can be deep).
    pub fn nim_value(&mut self, p: &R::Position) -> u64 {
        parts_of(self.ruleset, p)
            .into_iter()
            .fold(0, |acc, q| acc ^ self.nim_value_of_part(q))
    }

    fn nim_value_of_part(&mut self, root: R::Position) -> u64 {
        let mut stack: Vec<NimFrame<R::Position>> = vec![(root.clone(), None)];
        let mut on_stack: HashSet<R::Position> = HashSet::new();
        while let Some((q, options)) = stack.last_mut() {
            if self.memo.nim.contains_key(q) {
                stack.pop();
                continue;
            }
            crate::interrupt::check();
            let options = options.get_or_insert_with(|| {
                let rs = self.ruleset;
                rs.left_options(q).iter().map(|o| parts_of(rs, o)).collect()
            });
            let missing: Vec<R::Position> = options
                .iter()
                .flatten()
                .filter(|c| !self.memo.nim.contains_key(*c))
                .cloned()
                .collect();
            if missing.is_empty() {
                let nim = &self.memo.nim;
                let value = crate::form::misere::mex(
                    options
                        .iter()
                        .map(|parts| parts.iter().fold(0, |acc, c| acc ^ nim[c])),
                );
                let q = q.clone();
                self.memo.nim.before_insert();
                on_stack.remove(&q);
                self.memo.nim.insert(q, value);
                stack.pop();
            } else {
                if !on_stack.insert(q.clone()) {
                    crate::interrupt::unsupported(format!(
                        "not a short game: {q:?} can reach itself"
                    ));
                }
                stack.extend(missing.into_iter().map(|c| (c, None)));
            }
        }
        self.memo.nim[&root]
    }

    /// The misère outcome by search: a player who cannot move wins.
    pub fn misere_outcome(&self, p: &R::Position) -> Outcome {
        Self::search(self.ruleset, p, true, &mut HashMap::new(), None)
    }

    /// Both players' results moving first from `p`, by the search of
    /// [`search::wins`].
    fn search(
        rs: &R,
        p: &R::Position,
        misere: bool,
        memo: &mut search::WinMemo<R::Position>,
        mut settle: search::Settle<'_, '_, R::Position>,
    ) -> Outcome {
        if rs.repeats() {
            // The search would walk round a cycle: a position that can
            // repeat has its outcome from its loopy value.
            crate::interrupt::unsupported(if misere {
                "misère outcomes of games whose positions repeat are not computed"
            } else {
                "these rules let positions repeat: their outcome comes from the loopy value, not from the outcome search"
            });
        }
        // The key may stand for the negative: its players are exchanged.
        let (root, negated) = rs.signed_key(p);
        let l = search::wins(
            rs,
            misere,
            memo,
            root.clone(),
            !negated,
            settle.as_deref_mut(),
        );
        let r = search::wins(rs, misere, memo, root, negated, settle);
        Outcome::from_first_moves(l, r)
    }

    /// The position as a game form (shared subtrees), for form operations
    /// such as the sequential compound and misère play.
    pub fn form(&mut self, p: &R::Position) -> Arc<Form> {
        let rs = self.ruleset;
        // Positions with one signed key have the same game tree (or its
        // negative): one form each, shared.
        let signed = |forms: &HashMap<R::Position, Arc<Form>>, (k, neg): &(R::Position, bool)| {
            let f = forms[k].clone();
            if *neg {
                Arc::new(Form::Neg(f))
            } else {
                f
            }
        };
        let mut forms: HashMap<R::Position, Arc<Form>> = HashMap::new();
        let root = rs.signed_key(p);
        let mut stack = vec![root.0.clone()];
        let mut open = OpenSet::new();
        while let Some(q) = stack.last().cloned() {
            crate::interrupt::check();
            crate::interrupt::note_work();
            if forms.contains_key(&q) {
                stack.pop();
                continue;
            }
            let (l, r) = signed_options(rs, &q);
            let missing: Vec<R::Position> = l
                .iter()
                .chain(r.iter())
                .filter(|(c, _)| !forms.contains_key(c))
                .map(|(c, _)| c.clone())
                .collect();
            if !missing.is_empty() {
                open.expand(&q, &stack);
                stack.extend(missing);
                continue;
            }
            let node = Form::Node {
                left: l.iter().map(|x| signed(&forms, x)).collect(),
                right: r.iter().map(|x| signed(&forms, x)).collect(),
            };
            forms.insert(q, Arc::new(node));
            stack.pop();
        }
        signed(&forms, &root)
    }
}
