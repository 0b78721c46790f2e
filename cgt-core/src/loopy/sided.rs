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
//! that order) until the graph is a stopper, which is then made canonical;
//! a game whose side no such deletion turns into a stopper (Bach's
//! carousel) is reported, not guessed.

use super::graph::Graph;
use super::order::reversed;
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
        let (ng, nh) = (g.len(), h.len());
        let states = ng.saturating_mul(nh).saturating_mul(2);
        // Five flags and a counter per state, and the reversed edges.
        interrupt::ensure_room(states.saturating_mul(9));
        let (rl_g, rr_g) = (reversed(&g.left, ng), reversed(&g.right, ng));
        let (rl_h, rr_h) = (reversed(&h.left, nh), reversed(&h.right, nh));
        // State 2 (a nh + b) + r: the pair (a, b), Right to move when r = 1.
        let state = |a: usize, b: usize, r: usize| 2 * (a * nh + b) + r;
        let split = |s: usize| ((s / 2) / nh, (s / 2) % nh, s % 2);
        // A move in G (`in_g`) is favoured on the offside, one in H on the onside.
        let favoured = |in_g: bool| in_g == (side == Side::Off);
        // The moves from s: in -G (G's Right options for Left, its Left
        // options for Right) and in H.
        let moves = |s: usize, f: &mut dyn FnMut(usize, bool)| {
            let (a, b, r) = split(s);
            let (in_g, in_h) = if r == 0 {
                (&g.right[a], &h.left[b])
            } else {
                (&g.left[a], &h.right[b])
            };
            for &x in in_g {
                f(state(x as usize, b, 1 - r), true);
            }
            for &y in in_h {
                f(state(a, y as usize, 1 - r), false);
            }
        };
        let preds = |t: usize, f: &mut dyn FnMut(usize, bool)| {
            let (a, b, r) = split(t);
            // The mover before t is the other player, 1 - r.
            let (in_g, in_h) = if r == 1 {
                (&rr_g[a], &rl_h[b])
            } else {
                (&rl_g[a], &rr_h[b])
            };
            for &x in in_g {
                f(state(x as usize, b, 1 - r), true);
            }
            for &y in in_h {
                f(state(a, y as usize, 1 - r), false);
            }
        };
        let mut lost = vec![false; states];
        let mut good = vec![false; states];
        let mut blocked = vec![false; states];
        let mut count = vec![0u32; states];
        let mut queue = Vec::new();
        loop {
            interrupt::check();
            // Left's attractor to a favoured move, play kept out of `lost`.
            good.iter_mut().for_each(|x| *x = false);
            blocked.iter_mut().for_each(|x| *x = false);
            for s in 0..states {
                if lost[s] {
                    continue;
                }
                let (mut hit, mut bad, mut c) = (false, false, 0u32);
                moves(s, &mut |t, in_g| {
                    if lost[t] {
                        bad = true;
                    } else if favoured(in_g) {
                        hit = true;
                    } else {
                        c += 1;
                    }
                });
                let left_to_move = s.is_multiple_of(2);
                let is_good = if left_to_move { hit } else { !bad && c == 0 };
                blocked[s] = bad;
                count[s] = c;
                if is_good {
                    good[s] = true;
                    queue.push(s);
                }
            }
            while let Some(t) = queue.pop() {
                preds(t, &mut |s, in_g| {
                    if lost[s] || good[s] || favoured(in_g) {
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
            for s in 0..states {
                if !lost[s] && s.is_multiple_of(2) {
                    let mut c = 0;
                    moves(s, &mut |t, _| c += u32::from(!lost[t]));
                    count[s] = c;
                }
            }
            for &s in &escape {
                lost[s] = true;
            }
            // Moves into earlier lost states are out of the counts already:
            // only the new ones pass their news on.
            queue.extend(escape);
            while let Some(t) = queue.pop() {
                preds(t, &mut |s, _| {
                    if lost[s] {
                        return;
                    }
                    if s % 2 == 1 {
                        lost[s] = true;
                        queue.push(s);
                    } else {
                        count[s] -= 1;
                        if count[s] == 0 {
                            lost[s] = true;
                            queue.push(s);
                        }
                    }
                });
            }
        }
        let right_wins = (0..ng * nh).map(|p| lost[2 * p + 1]).collect();
        SidedTable {
            cols: nh,
            right_wins,
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
    let mut g = graph.restricted(start);
    while g.has_alternating_cycle(0) {
        interrupt::check();
        let mut cyclic = cycle_moves(&g);
        // The side's player is the one who loses nothing by giving up a
        // move into a cycle: try the other player's moves first.
        cyclic.sort_by_key(|&(_, left, _)| left == (side == Side::On));
        let mut deleted = false;
        for (v, left, w) in cyclic {
            let mut h = g.clone();
            h.options_mut(v, left).retain(|&x| x != w);
            // Without a Left move the game is at most what it was, without
            // a Right move at least: one comparison says it is the same.
            let same = if left {
                SidedTable::new(&g, &h, side).le(0, 0)
            } else {
                SidedTable::new(&h, &g, side).le(0, 0)
            };
            if same {
                g = h.restricted(0);
                deleted = true;
                break;
            }
        }
        if !deleted {
            return Err(NotStopperSided);
        }
    }
    Ok(Loopy::of(arena, &g, 0).expect("a graph without alternating cycles is a stopper"))
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

impl LoopyOutcome {
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
