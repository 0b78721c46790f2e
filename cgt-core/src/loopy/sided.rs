//! Sided values (Winning Ways ch. 11, Siegel's *Combinatorial Game
//! Theory* ch. VI.4). A loopy game that is not a stopper is read twice:
//! its *onside*, where play that goes on for ever is a win for Left, and
//! its *offside*, where it is a win for Right. When both sides are
//! equivalent to stoppers, the value is the pair `S & T` of those
//! stoppers, each canonical; `on + off = on & off = dud`.
//!
//! Sides are compared by survival with one rule for play that never ends:
//! Left, moving second in `-G + H`, survives a play that goes on for ever
//! exactly when the component whose side favours her (`H` for onsides,
//! `-G` for offsides) is moved in infinitely often. That is a Büchi game on
//! the pairs of positions, solved by repeated attractors ([`SidedTable`]).
//! A side is found by deleting, one at a time, the moves on alternating
//! cycles whose deletion keeps the side's value (each deletion checked by
//! that order) until the graph is a stopper, which is then made canonical.
//! Where no deletion keeps the values, a reversible move on a cycle is
//! bypassed instead (checked the same way), and the deletions go on. A
//! game whose side no such steps turn into a stopper (Bach's carousel) is
//! reported, not guessed.

use super::graph::Graph;
use super::order::{reversed, Reversed};
use super::stopper::Loopy;
use crate::game::Arena;
use crate::interrupt;

/// Which side of a loopy game: where infinite play wins for Left (`On`)
/// or for Right (`Off`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Infinite play is a win for Left.
    On,
    /// Infinite play is a win for Right.
    Off,
}

/// A game whose side is not found to be a stopper: its sides are not
/// stoppers (Bach's carousel), or no deletion of cyclic moves reaches one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotStopperSided;

/// `G_a <= H_b` on one side, for every vertex `a` of `g` and `b` of `h`.
pub struct SidedTable {
    cols: usize,
    /// Right, to move in `-G_a + H_b`, wins.
    right_wins: Vec<bool>,
}

impl SidedTable {
    /// Whether `G_a <= H_b` on this table's side.
    pub fn le(&self, a: u32, b: u32) -> bool {
        !self.right_wins[a as usize * self.cols + b as usize]
    }

    /// The table of `g` against `h` on `side`.
    pub fn new(g: &Graph, h: &Graph, side: Side) -> SidedTable {
        let nh = h.len();
        let lost = solve(g, h, side, &[]).expect("nothing watched");
        let right_wins = (0..g.len() * nh).map(|p| lost[2 * p + 1]).collect();
        SidedTable {
            cols: nh,
            right_wins,
        }
    }
}

/// Whether `G_a <= H_b` on `side` for every pair `(a, b)` of `pairs`; the
/// search stops at the first pair found otherwise.
pub fn le_all(g: &Graph, h: &Graph, side: Side, pairs: &[(u32, u32)]) -> bool {
    let nh = h.len();
    let watch: Vec<usize> = pairs
        .iter()
        .map(|&(a, b)| 2 * (a as usize * nh + b as usize) + 1)
        .collect();
    solve(g, h, side, &watch).is_some()
}

/// The states of `-G + H` Left loses moving there (Right to move at odd
/// states, see [`Product`]), or `None` as soon as one of `watch` is lost.
fn solve(g: &Graph, h: &Graph, side: Side, watch: &[usize]) -> Option<Vec<bool>> {
    let (ng, nh) = (g.len(), h.len());
    let states = ng.saturating_mul(nh).saturating_mul(2);
    // Four flags and a counter per state, and the reversed edges.
    interrupt::ensure_room(states.saturating_mul(8));
    let p = Product {
        g,
        h,
        nh,
        rl_g: reversed(&g.left, ng),
        rr_g: reversed(&g.right, ng),
        rl_h: reversed(&h.left, nh),
        rr_h: reversed(&h.right, nh),
        // A move in G is favoured on the offside, one in H on the onside.
        favour_g: side == Side::Off,
    };
    let mut lost = vec![false; states];
    let mut good = vec![false; states];
    let mut blocked = vec![false; states];
    let mut count = vec![0u32; states];
    let mut queue = Vec::new();
    let mut watched = vec![false; if watch.is_empty() { 0 } else { states }];
    for &s in watch {
        watched[s] = true;
    }
    let is_watched = |s: usize| !watched.is_empty() && watched[s];
    let mut stop = false;
    loop {
        interrupt::check();
        // Left's attractor to a favoured move, play kept out of `lost`.
        for s in 0..states {
            good[s] = false;
            if lost[s] {
                continue;
            }
            let (mut hit, mut bad, mut c) = (false, false, 0u32);
            p.moves(s, |t, in_g| {
                if lost[t] {
                    bad = true;
                } else if in_g == p.favour_g {
                    hit = true;
                } else {
                    c += 1;
                }
            });
            let left_to_move = s.is_multiple_of(2);
            blocked[s] = bad;
            count[s] = c;
            if (left_to_move && hit) || (!left_to_move && !bad && c == 0) {
                good[s] = true;
                queue.push(s);
            }
        }
        while let Some(t) = queue.pop() {
            p.preds(t, |s, in_g| {
                if lost[s] || good[s] || in_g == p.favour_g {
                    return;
                }
                if s.is_multiple_of(2) {
                    good[s] = true;
                    queue.push(s);
                } else if !blocked[s] {
                    count[s] -= 1;
                    if count[s] == 0 {
                        good[s] = true;
                        queue.push(s);
                    }
                }
            });
        }
        // Where Left cannot force a favoured move, Right avoids them
        // for ever or strands her: those states and Right's attractor
        // to them are lost for Left.
        let escape: Vec<usize> = (0..states).filter(|&s| !lost[s] && !good[s]).collect();
        if escape.is_empty() {
            break;
        }
        for s in (0..states).step_by(2) {
            if !lost[s] {
                let mut c = 0;
                p.moves(s, |t, _| c += u32::from(!lost[t]));
                count[s] = c;
            }
        }
        for &s in &escape {
            lost[s] = true;
            if is_watched(s) {
                return None;
            }
        }
        // Moves into earlier lost states are out of the counts already:
        // only the new ones pass their news on.
        queue.extend(escape);
        while let Some(t) = queue.pop() {
            p.preds(t, |s, _| {
                if lost[s] {
                    return;
                }
                if !s.is_multiple_of(2) {
                    lost[s] = true;
                    queue.push(s);
                    stop |= is_watched(s);
                } else {
                    count[s] -= 1;
                    if count[s] == 0 {
                        lost[s] = true;
                        queue.push(s);
                    }
                }
            });
            if stop {
                return None;
            }
        }
    }
    Some(lost)
}

/// The states of `-G + H`: state `2 (a nh + b) + r` is the pair `(a, b)`
/// with Right to move when `r = 1`.
struct Product<'a> {
    g: &'a Graph,
    h: &'a Graph,
    nh: usize,
    rl_g: Reversed,
    rr_g: Reversed,
    rl_h: Reversed,
    rr_h: Reversed,
    favour_g: bool,
}

impl Product<'_> {
    /// Calls `f(t, in_g)` for each move from `s`: in -G (G's Right options
    /// for Left, its Left options for Right) or in H.
    #[inline]
    fn moves(&self, s: usize, mut f: impl FnMut(usize, bool)) {
        let (pair, r) = (s / 2, s % 2);
        let (a, b) = (pair / self.nh, pair % self.nh);
        let (in_g, in_h) = if r == 0 {
            (&self.g.right[a], &self.h.left[b])
        } else {
            (&self.g.left[a], &self.h.right[b])
        };
        for &x in in_g {
            f(2 * (x as usize * self.nh + b) + 1 - r, true);
        }
        for &y in in_h {
            f(2 * (a * self.nh + y as usize) + 1 - r, false);
        }
    }

    /// Calls `f(s, in_g)` for each move into `t` (made by the other player
    /// than the one to move at `t`).
    #[inline]
    fn preds(&self, t: usize, mut f: impl FnMut(usize, bool)) {
        let (pair, r) = (t / 2, t % 2);
        let (a, b) = (pair / self.nh, pair % self.nh);
        let (in_g, in_h) = if r == 1 {
            (&self.rr_g[a], &self.rl_h[b])
        } else {
            (&self.rl_g[a], &self.rr_h[b])
        };
        for &x in in_g {
            f(2 * (x as usize * self.nh + b) + 1 - r, true);
        }
        for &y in in_h {
            f(2 * (a * self.nh + y as usize) + 1 - r, false);
        }
    }
}

/// Whether `G_a <= H_b` on `side`.
pub fn le(g: &Graph, a: u32, h: &Graph, b: u32, side: Side) -> bool {
    let (g, h) = (g.restricted(a), h.restricted(b));
    SidedTable::new(&g, &h, side).le(0, 0)
}

/// The canonical stopper equivalent to the `side` of `(graph, start)`.
pub fn side_stopper(
    arena: &mut Arena,
    graph: &Graph,
    start: u32,
    side: Side,
) -> Result<Loopy, NotStopperSided> {
    Ok(side_stoppers(arena, graph, &[start], side)?.remove(0))
}

/// The canonical stoppers equivalent to the `side` of each of the games
/// `(graph, s)` for `s` in `starts`: one search serves them all (a
/// ruleset's component of positions that reach each other), each start
/// searched alone where no deletion keeps every value.
pub fn side_stoppers(
    arena: &mut Arena,
    graph: &Graph,
    starts: &[u32],
    side: Side,
) -> Result<Vec<Loopy>, NotStopperSided> {
    let order = reach(graph, starts);
    let mut index = vec![u32::MAX; graph.len()];
    for (i, &v) in order.iter().enumerate() {
        index[v as usize] = i as u32;
    }
    let mut g = graph.renumbered(&order);
    let at: Vec<u32> = starts.iter().map(|&s| index[s as usize]).collect();
    drop_returned_moves(&mut g, side);
    match without_alternating_cycles(g, &at, side) {
        Some(g) => Ok(Loopy::of_each(arena, &g, &at).expect("no alternating cycle is left")),
        None if starts.len() > 1 => starts
            .iter()
            .map(|&s| side_stopper(arena, graph, s, side))
            .collect(),
        None => Err(NotStopperSided),
    }
}

/// The vertices reachable from any of `starts`, starts first.
fn reach(g: &Graph, starts: &[u32]) -> Vec<u32> {
    let mut seen = vec![false; g.len()];
    let mut order = Vec::new();
    for &s in starts {
        if !seen[s as usize] {
            seen[s as usize] = true;
            order.push(s);
        }
    }
    let mut i = 0;
    while i < order.len() {
        let v = order[i] as usize;
        for &w in g.left[v].iter().chain(&g.right[v]) {
            if !seen[w as usize] {
                seen[w as usize] = true;
                order.push(w);
            }
        }
        i += 1;
    }
    order
}

/// Deletes the moves the side's opponent makes in vain: on the onside, a
/// Right move to a position from which Left moves straight back (Left
/// answers it by returning, and play that goes round for ever is hers);
/// on the offside, a Left move Right can undo.
fn drop_returned_moves(g: &mut Graph, side: Side) {
    let mover_left = side == Side::Off;
    for v in 0..g.len() as u32 {
        let undone: Vec<u32> = g
            .options(v, mover_left)
            .iter()
            .copied()
            .filter(|&w| g.options(w, !mover_left).contains(&v))
            .collect();
        g.options_mut(v, mover_left).retain(|w| !undone.contains(w));
    }
}

/// `g` with moves on alternating cycles deleted, one at a time, each
/// deletion kept only if every vertex reachable from `starts` keeps its
/// `side` value; `None` if alternating cycles remain that no such deletion
/// breaks.
fn without_alternating_cycles(mut g: Graph, starts: &[u32], side: Side) -> Option<Graph> {
    if let Some(h) = extremes_named(&g, side) {
        g = h;
    }
    loop {
        interrupt::check();
        let live = reach(&g, starts);
        let mut alive = vec![false; g.len()];
        for &v in &live {
            alive[v as usize] = true;
        }
        let mut cyclic: Vec<_> = cycle_moves(&g)
            .into_iter()
            .filter(|&(v, _, _)| alive[v as usize])
            .collect();
        if cyclic.is_empty() {
            return Some(g);
        }
        // The side's player is the one who loses nothing by giving up a
        // move into a cycle: try the other player's moves first.
        cyclic.sort_by_key(|&(_, left, _)| left == (side == Side::On));
        let diagonal: Vec<(u32, u32)> = live.iter().map(|&u| (u, u)).collect();
        let mut deleted = false;
        for &(v, left, w) in &cyclic {
            let mut h = g.clone();
            h.options_mut(v, left).retain(|&x| x != w);
            // Without a Left move a game is at most what it was, without a
            // Right move at least: one comparison says it is the same.
            let kept = if left {
                le_all(&g, &h, side, &diagonal)
            } else {
                le_all(&h, &g, side, &diagonal)
            };
            if kept {
                g = h;
                deleted = true;
            }
        }
        // Nothing deleted: `g` is unchanged, and so are its cyclic moves.
        if !deleted && !bypass_one(&mut g, &diagonal, &cyclic, side) {
            return None;
        }
    }
}

/// Bypasses one of the reversible moves `cyclic` (moves on alternating
/// cycles), where that keeps the `side` value of every vertex `(u, u)` of
/// `diagonal` (checked both ways): a Left move from `v`
/// to `a` with a Right option `b <= v` on this side is replaced by `b`'s
/// Left options (and the same for Right). Deletions alone can stall where
/// the stopper needs a move that no position offers yet (Fair Shares and
/// Varied Pairs with 10 coins is `*2` on both sides); false if no bypass
/// keeps the values.
fn bypass_one(
    g: &mut Graph,
    diagonal: &[(u32, u32)],
    cyclic: &[(u32, bool, u32)],
    side: Side,
) -> bool {
    let table = SidedTable::new(g, g, side);
    for &(v, left, a) in cyclic {
        for &b in g.options(a, !left) {
            let reverses = if left { table.le(b, v) } else { table.le(v, b) };
            if b == v || !reverses {
                continue;
            }
            let mut h = g.clone();
            let mut through: Vec<u32> = g.options(b, left).clone();
            let opts = h.options_mut(v, left);
            opts.retain(|&x| x != a);
            through.retain(|x| !opts.contains(x));
            opts.extend(through);
            if le_all(g, &h, side, diagonal) && le_all(&h, g, side, diagonal) {
                *g = h;
                return true;
            }
        }
    }
    false
}

/// `g` with every vertex whose `side` is `on` made `{pass|}` and every
/// one whose side is `off` made `{|pass}`, if there are such vertices and
/// every vertex keeps its value (checked): a game where neither player
/// ever runs out of moves (Backsliding Toads-and-Frogs with room) is then
/// `dud` at once, without deletions one move at a time.
fn extremes_named(g: &Graph, side: Side) -> Option<Graph> {
    let n = g.len() as u32;
    let mut h = g.clone();
    let mut changed = false;
    for on in [true, false] {
        let mut x = Graph::default();
        let v = x.add_vertex();
        x.add_edge(v, on, v);
        let table = if on {
            SidedTable::new(&x, g, side)
        } else {
            SidedTable::new(g, &x, side)
        };
        for u in 0..n {
            let extreme = if on { table.le(0, u) } else { table.le(u, 0) };
            if extreme {
                *h.options_mut(u, on) = vec![u];
                h.options_mut(u, !on).clear();
                changed = true;
            }
        }
    }
    if !changed {
        return None;
    }
    let diagonal: Vec<(u32, u32)> = (0..n).map(|u| (u, u)).collect();
    (le_all(&h, g, side, &diagonal) && le_all(g, &h, side, &diagonal)).then_some(h)
}

/// The moves `(v, left, w)` of `g` that lie on an alternating cycle: from
/// `w` with the other player to move, play can come back to `v` with the
/// mover to move again.
fn cycle_moves(g: &Graph) -> Vec<(u32, bool, u32)> {
    // States 2v (Left to move) and 2v + 1; strongly connected components
    // by Kosaraju's two passes on explicit stacks.
    let n = 2 * g.len();
    let next = |s: usize| -> Vec<usize> {
        let left = s.is_multiple_of(2);
        g.options((s / 2) as u32, left)
            .iter()
            .map(|&w| 2 * w as usize + usize::from(left))
            .collect()
    };
    let mut back: Vec<Vec<usize>> = vec![Vec::new(); n];
    for s in 0..n {
        for t in next(s) {
            back[t].push(s);
        }
    }
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack = vec![(root, next(root), 0usize)];
        while let Some((s, succ, i)) = stack.last_mut() {
            if *i < succ.len() {
                let t = succ[*i];
                *i += 1;
                if !seen[t] {
                    seen[t] = true;
                    let nt = next(t);
                    stack.push((t, nt, 0));
                }
            } else {
                order.push(*s);
                stack.pop();
            }
        }
    }
    let mut comp = vec![usize::MAX; n];
    for (c, &root) in order.iter().rev().enumerate() {
        if comp[root] != usize::MAX {
            continue;
        }
        comp[root] = c;
        let mut stack = vec![root];
        while let Some(s) = stack.pop() {
            for &p in &back[s] {
                if comp[p] == usize::MAX {
                    comp[p] = c;
                    stack.push(p);
                }
            }
        }
    }
    let mut out = Vec::new();
    for s in 0..n {
        let (v, left) = ((s / 2) as u32, s.is_multiple_of(2));
        for &w in g.options(v, left) {
            let t = 2 * w as usize + usize::from(left);
            if comp[s] == comp[t] {
                out.push((v, left, w));
            }
        }
    }
    out
}

/// The value of a finite loopy game whose sides are stoppers: its onside
/// and offside, each a canonical stopper. A stopper is the pair of itself
/// twice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sides {
    /// The side where infinite play wins for Left.
    pub onside: Loopy,
    /// The side where infinite play wins for Right.
    pub offside: Loopy,
}

/// `S & T` asked with an offside that is not at most its onside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SidesOutOfOrder;

impl Sides {
    /// The stopper `x`, as a sided value.
    pub fn stopper(x: Loopy) -> Sides {
        Sides {
            onside: x.clone(),
            offside: x,
        }
    }

    /// The game is a stopper: its sides are equal.
    pub fn as_stopper(&self) -> Option<&Loopy> {
        (self.onside == self.offside).then_some(&self.onside)
    }

    /// `onside & offside`; the offside must be at most the onside.
    pub fn new(arena: &mut Arena, onside: Loopy, offside: Loopy) -> Result<Sides, SidesOutOfOrder> {
        if !Loopy::ge(arena, &onside, &offside) {
            return Err(SidesOutOfOrder);
        }
        Ok(Sides { onside, offside })
    }

    /// The sides of the game `(graph, start)`.
    pub fn of(arena: &mut Arena, graph: &Graph, start: u32) -> Result<Sides, NotStopperSided> {
        if let Ok(x) = Loopy::of(arena, graph, start) {
            return Ok(Sides::stopper(x));
        }
        Ok(Sides {
            onside: side_stopper(arena, graph, start, Side::On)?,
            offside: side_stopper(arena, graph, start, Side::Off)?,
        })
    }

    /// `{left | right}` of sided values, `pass` a move to the game itself:
    /// its onside is made of the options' onsides, its offside of their
    /// offsides.
    pub fn braces(
        arena: &mut Arena,
        left: &[Sides],
        right: &[Sides],
        left_pass: bool,
        right_pass: bool,
    ) -> Result<Sides, NotStopperSided> {
        let mut made = Vec::with_capacity(2);
        for side in [Side::On, Side::Off] {
            let pick = |s: &Sides| match side {
                Side::On => s.onside.clone(),
                Side::Off => s.offside.clone(),
            };
            let (l, r): (Vec<Loopy>, Vec<Loopy>) = (
                left.iter().map(pick).collect(),
                right.iter().map(pick).collect(),
            );
            let mut g = Graph::default();
            let root = g.add_vertex();
            let mut memo = std::collections::HashMap::new();
            for (list, is_left, pass) in [(&l, true, left_pass), (&r, false, right_pass)] {
                for o in list {
                    let v = o.insert(arena, &mut g, &mut memo);
                    g.add_edge(root, is_left, v);
                }
                if pass {
                    g.add_edge(root, is_left, root);
                }
            }
            made.push(side_stopper(arena, &g, root, side)?);
        }
        let offside = made.pop().expect("two sides");
        let onside = made.pop().expect("two sides");
        Ok(Sides { onside, offside })
    }

    /// `-G`: the negatives of the sides, exchanged.
    pub fn neg(&self, arena: &mut Arena) -> Sides {
        Sides {
            onside: self.offside.neg(arena),
            offside: self.onside.neg(arena),
        }
    }

    /// `G + H`: the upsum of the onsides and the downsum of the offsides.
    pub fn add(arena: &mut Arena, a: &Sides, b: &Sides) -> Result<Sides, NotStopperSided> {
        if let (Some(x), Some(y)) = (a.as_stopper(), b.as_stopper()) {
            // One sum serves both sides when it is a stopper.
            return match Loopy::add(arena, x, y) {
                Ok(sum) => Ok(Sides::stopper(sum)),
                Err(_) => Ok(Sides {
                    onside: side_of_sum(arena, x, y, Side::On)?,
                    offside: side_of_sum(arena, x, y, Side::Off)?,
                }),
            };
        }
        Ok(Sides {
            onside: side_sum(arena, &a.onside, &b.onside, Side::On)?,
            offside: side_sum(arena, &a.offside, &b.offside, Side::Off)?,
        })
    }

    /// Whether `G <= H`: on both sides.
    pub fn le(arena: &mut Arena, a: &Sides, b: &Sides) -> bool {
        Loopy::ge(arena, &b.onside, &a.onside) && Loopy::ge(arena, &b.offside, &a.offside)
    }

    /// The outcome class, from the outcome of each side.
    pub fn outcome(&self, arena: &mut Arena) -> LoopyOutcome {
        use LoopyOutcome::*;
        let zero = Loopy::Short(arena.zero());
        let mut class = |x: &Loopy| {
            let ge = Loopy::ge(arena, x, &zero);
            let le = Loopy::ge(arena, &zero, x);
            match (ge, le) {
                (true, false) => L,
                (false, false) => N,
                (true, true) => P,
                (false, true) => R,
            }
        };
        let (on, off) = (class(&self.onside), class(&self.offside));
        match (on, off) {
            (x, y) if x == y => x,
            (L, N) => NHat,
            (L, P) => PHat,
            (L, R) => D,
            (N, R) => NCheck,
            (P, R) => PCheck,
            // The offside is at most the onside, so no other pair occurs.
            _ => D,
        }
    }
}

/// The upsum (`Side::On`: the onside of the sum) or downsum of two
/// stoppers; their sum when that is a stopper.
pub fn side_sum(
    arena: &mut Arena,
    a: &Loopy,
    b: &Loopy,
    side: Side,
) -> Result<Loopy, NotStopperSided> {
    if let Ok(x) = Loopy::add(arena, a, b) {
        return Ok(x);
    }
    side_of_sum(arena, a, b, side)
}

/// The onside or offside of `a + b`, a sum that is not a stopper.
fn side_of_sum(
    arena: &mut Arena,
    a: &Loopy,
    b: &Loopy,
    side: Side,
) -> Result<Loopy, NotStopperSided> {
    let (ga, sa) = a.to_graph(arena);
    let (gb, sb) = b.to_graph(arena);
    side_stopper(arena, &Graph::sum(&ga, sa, &gb, sb), 0, side)
}

/// The outcome classes of loopy games: the four of short games, `D` (a
/// draw: Left wins on the onside, Right on the offside), and the mixed
/// ones CGSuite names `NHat` (onside L, offside N), `PHat` (L, P),
/// `NCheck` (N, R), `PCheck` (P, R).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcome {
    /// Left wins.
    L,
    /// Right wins.
    R,
    /// The player to move wins.
    N,
    /// The player to move loses.
    P,
    /// A draw with best play.
    D,
    /// Onside L, offside N.
    NHat,
    /// Onside L, offside P.
    PHat,
    /// Onside N, offside R.
    NCheck,
    /// Onside P, offside R.
    PCheck,
}

impl From<crate::analysis::Outcome> for LoopyOutcome {
    /// A short game's outcome class among the loopy ones.
    fn from(o: crate::analysis::Outcome) -> Self {
        use crate::analysis::Outcome;
        match o {
            Outcome::L => LoopyOutcome::L,
            Outcome::R => LoopyOutcome::R,
            Outcome::N => LoopyOutcome::N,
            Outcome::P => LoopyOutcome::P,
        }
    }
}

impl From<super::ImpartialOutcome> for LoopyOutcome {
    /// A loopy impartial game's outcome (its generalized value's) among
    /// the loopy classes.
    fn from(o: super::ImpartialOutcome) -> Self {
        use super::ImpartialOutcome;
        match o {
            ImpartialOutcome::Previous => LoopyOutcome::P,
            ImpartialOutcome::Next => LoopyOutcome::N,
            ImpartialOutcome::Draw => LoopyOutcome::D,
        }
    }
}

impl std::fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl LoopyOutcome {
    /// Every class, the four of short games first.
    pub const ALL: [LoopyOutcome; 9] = [
        LoopyOutcome::L,
        LoopyOutcome::R,
        LoopyOutcome::N,
        LoopyOutcome::P,
        LoopyOutcome::D,
        LoopyOutcome::NHat,
        LoopyOutcome::PHat,
        LoopyOutcome::NCheck,
        LoopyOutcome::PCheck,
    ];

    /// The class CGSuite names `name`.
    pub fn from_name(name: &str) -> Option<LoopyOutcome> {
        LoopyOutcome::ALL.into_iter().find(|o| o.name() == name)
    }

    /// CGSuite's name.
    pub fn name(self) -> &'static str {
        match self {
            LoopyOutcome::L => "L",
            LoopyOutcome::R => "R",
            LoopyOutcome::N => "N",
            LoopyOutcome::P => "P",
            LoopyOutcome::D => "D",
            LoopyOutcome::NHat => "NHat",
            LoopyOutcome::PHat => "PHat",
            LoopyOutcome::NCheck => "NCheck",
            LoopyOutcome::PCheck => "PCheck",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::Named;
    use crate::number::Dyadic;

    /// A graph from its vertices' (Left, Right) options.
    fn graph(edges: &[(&[u32], &[u32])]) -> Graph {
        Graph {
            left: edges.iter().map(|e| e.0.to_vec()).collect(),
            right: edges.iter().map(|e| e.1.to_vec()).collect(),
        }
    }

    fn short(arena: &mut Arena, text: &str) -> Loopy {
        let g = match text {
            "1" => arena.integer(1),
            "2" => arena.integer(2),
            "0" => arena.zero(),
            "+-1" => {
                let (one, minus) = (arena.integer(1), arena.integer(-1));
                arena.construct(vec![one], vec![minus])
            }
            "^" => arena.up(1),
            "v*" => {
                let (up, star) = (arena.up(1), arena.nimber(1));
                let s = arena.add(up, star);
                arena.neg(s)
            }
            _ => unreachable!(),
        };
        Loopy::Short(g)
    }

    #[test]
    fn sides_of_cgsuites_examples() {
        let mut a = Arena::new();
        let (on, off) = (Named::On.value(&mut a), Named::Off.value(&mut a));
        // dud = {pass | pass} = on & off.
        let dud = graph(&[(&[0], &[0])]);
        let s = Sides::of(&mut a, &dud, 0).unwrap();
        assert_eq!(
            (s.onside.clone(), s.offside.clone()),
            (on.clone(), off.clone())
        );
        assert_eq!(
            Sides::add(
                &mut a,
                &Sides::stopper(on.clone()),
                &Sides::stopper(off.clone())
            ),
            Ok(s)
        );
        // a{{|a}|} = 1 & 0.
        let g = graph(&[(&[1], &[]), (&[], &[0])]);
        let s = Sides::of(&mut a, &g, 0).unwrap();
        assert_eq!(s.onside, short(&mut a, "1"));
        assert_eq!(s.offside, short(&mut a, "0"));
        assert_eq!(s.outcome(&mut a), LoopyOutcome::PHat);
        // {0 | {dud|}, *} = ^ & v*.
        let g = graph(&[
            (&[1], &[2, 4]),
            (&[], &[]),
            (&[3], &[]),
            (&[3], &[3]),
            (&[1], &[1]),
        ]);
        let s = Sides::of(&mut a, &g, 0).unwrap();
        assert_eq!(s.onside, short(&mut a, "^"));
        assert_eq!(s.offside, short(&mut a, "v*"));
        assert_eq!(s.outcome(&mut a), LoopyOutcome::NHat);
        // a{1 || a | 0} = 2 & +-1: vertices a, {a|0}, 1, 0.
        let g = graph(&[(&[2], &[1]), (&[0], &[3]), (&[3], &[]), (&[], &[])]);
        let s = Sides::of(&mut a, &g, 0).unwrap();
        assert_eq!(s.onside, short(&mut a, "2"));
        assert_eq!(s.offside, short(&mut a, "+-1"));
    }

    #[test]
    fn the_sided_order_of_stoppers_is_their_order() {
        let mut a = Arena::new();
        let mut games: Vec<Loopy> = [
            Named::On,
            Named::Off,
            Named::Over,
            Named::Under,
            Named::Upon,
        ]
        .iter()
        .map(|n| n.value(&mut a))
        .collect();
        for x in [0, 1, -1] {
            games.push(Loopy::Short(a.integer(x)));
        }
        games.push(Loopy::Short(a.nimber(1)));
        games.push(Loopy::Short(a.number(Dyadic::new(1.into(), 1))));
        let upon = games[4].clone();
        let star = Loopy::Short(a.nimber(1));
        games.push(Loopy::add(&mut a, &upon, &star).unwrap());
        for x in &games {
            for y in &games {
                let (gx, sx) = x.to_graph(&mut a);
                let (gy, sy) = y.to_graph(&mut a);
                let want = Loopy::ge(&mut a, y, x);
                for side in [Side::On, Side::Off] {
                    assert_eq!(
                        le(&gx, sx, &gy, sy, side),
                        want,
                        "{x:?} <= {y:?} on {side:?}"
                    );
                }
            }
        }
    }
}
