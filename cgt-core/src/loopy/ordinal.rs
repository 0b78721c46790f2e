//! Ordinal sums with a stopper on top, subordinates of stoppers, and the
//! powers of a short game to a pseudonumber exponent (`^.pow(on)` is
//! `^<on>`, `^.pow_to(on)` is `upon`): CGSuite's `OrdinalSum`,
//! `Subordinate`, `Pow` and `PowTo` on stoppers.

use std::collections::HashMap;

use super::graph::Graph;
use super::stopper::{Loopy, NotStopper};
use crate::game::{Arena, GameId};

/// `B : H = {B^L, B:H^L | B^R, B:H^R}` for the base `B = {left | right}`
/// and a stopper `H`: a move in the base destroys `H`.
pub fn ordinal_sum(
    arena: &mut Arena,
    left: &[Loopy],
    right: &[Loopy],
    h: &Loopy,
) -> Result<Loopy, NotStopper> {
    let (hg, hs) = h.to_graph(arena);
    let mut g = Graph::default();
    // Vertex k of `g` is vertex k of H, moved on top of the base.
    for _ in 0..hg.len() {
        g.add_vertex();
    }
    for v in 0..hg.len() as u32 {
        for is_left in [true, false] {
            for &w in hg.options(v, is_left) {
                g.add_edge(v, is_left, w);
            }
        }
    }
    let mut memo = HashMap::new();
    for (list, is_left) in [(left, true), (right, false)] {
        let base: Vec<u32> = list
            .iter()
            .map(|o| o.insert(arena, &mut g, &mut memo))
            .collect();
        for v in 0..hg.len() as u32 {
            for &b in &base {
                g.add_edge(v, is_left, b);
            }
        }
    }
    Loopy::of(arena, &g, hs)
}

/// The `H` with `G = B : H` for the base `B = {left | right}` (its options
/// canonical), if there is one: `G`'s graph without the moves to the
/// base's options, checked by making `B : H` again.
pub fn subordinate(arena: &mut Arena, g: &Loopy, left: &[Loopy], right: &[Loopy]) -> Option<Loopy> {
    let (gg, gs) = g.to_graph(arena);
    let followers = follower_values(arena, g, &gg);
    let mut h = Graph::default();
    for _ in 0..gg.len() {
        h.add_vertex();
    }
    for v in 0..gg.len() as u32 {
        for (is_left, base) in [(true, left), (false, right)] {
            for &w in gg.options(v, is_left) {
                if !base.contains(&followers[w as usize]) {
                    h.add_edge(v, is_left, w);
                }
            }
        }
    }
    let sub = Loopy::of(arena, &h, gs).ok()?;
    (ordinal_sum(arena, left, right, &sub).ok()? == *g).then_some(sub)
}

/// The value of every vertex of `g`, the graph of the canonical `game`.
fn follower_values(arena: &mut Arena, game: &Loopy, g: &Graph) -> Vec<Loopy> {
    match game {
        Loopy::Stopper(s) => (0..g.len() as u32).map(|v| s.follower(v)).collect(),
        Loopy::Short(_) => g
            .short_games(arena)
            .into_iter()
            .map(|x: Option<GameId>| Loopy::Short(x.expect("a short game's graph is loopfree")))
            .collect(),
    }
}

/// Why a power cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PowerError {
    /// The exponent is not one `1 : H` makes (CGSuite's "Invalid exponent").
    Exponent,
    /// `pow` needs a base `{0 | H}`.
    Base,
}

/// `G^[x] = G : H` where `1 : H = x`, for a short `G` and a stopper `x`
/// (a pseudonumber for CGSuite): `^.pow_to(on)` is `upon`.
pub fn pow_to(arena: &mut Arena, g: GameId, x: &Loopy) -> Result<Loopy, PowerError> {
    let one = [Loopy::Short(arena.zero())];
    let h = subordinate(arena, x, &one, &[]).ok_or(PowerError::Exponent)?;
    let (l, r) = options(arena, g);
    ordinal_sum(arena, &l, &r, &h).map_err(|_| PowerError::Exponent)
}

/// `G^<x> = {0 | -G^[x-1] + H}` for a base `G = {0 | H}`: `^.pow(on)` is
/// `^<on>`.
pub fn pow(arena: &mut Arena, g: GameId, x: &Loopy) -> Result<Loopy, PowerError> {
    let (l, r) = options(arena, g);
    let zero = Loopy::Short(arena.zero());
    if l != [zero.clone()] || r.len() != 1 {
        return Err(PowerError::Base);
    }
    let minus_one = Loopy::Short(arena.integer(-1));
    let below = Loopy::add(arena, x, &minus_one).map_err(|_| PowerError::Exponent)?;
    let to = pow_to(arena, g, &below)?;
    let neg = to.neg(arena);
    let right = Loopy::add(arena, &neg, &r[0]).map_err(|_| PowerError::Exponent)?;
    Loopy::braces(arena, &[zero], &[right], false, false).map_err(|_| PowerError::Exponent)
}

/// A short game's canonical options, as stoppers.
fn options(arena: &mut Arena, g: GameId) -> (Vec<Loopy>, Vec<Loopy>) {
    let l = arena
        .left_options(g)
        .iter()
        .map(|&x| Loopy::Short(x))
        .collect();
    let r = arena
        .right_options(g)
        .iter()
        .map(|&x| Loopy::Short(x))
        .collect();
    (l, r)
}
