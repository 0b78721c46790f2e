//! The order of stoppers, by survival: for stoppers, `G >= H` exactly when
//! Left, moving second in `G - H`, never runs out of moves (play that goes
//! on for ever counts for her). One retrograde pass over the pairs of
//! vertices of two graphs finds the positions Right wins in finitely many
//! moves; every other pair is a `>=`.

use super::graph::Graph;
use crate::interrupt;

/// `G_a >= H_b` for every vertex `a` of `g` and `b` of `h`, read with
/// [`Table::ge`]. Both graphs must be stoppers from the vertices asked.
pub struct Table {
    cols: usize,
    ge: Vec<bool>,
}

impl Table {
    /// Whether `G_a >= H_b`.
    pub fn ge(&self, a: u32, b: u32) -> bool {
        self.ge[a as usize * self.cols + b as usize]
    }

    /// The table of `g` against `h`.
    pub fn new(g: &Graph, h: &Graph) -> Table {
        let (ng, nh) = (g.len(), h.len());
        let pairs = ng.saturating_mul(nh);
        // Two flags and a counter per pair, and the reversed edges.
        interrupt::ensure_room(pairs.saturating_mul(6));
        let (rl_g, rr_g) = (reversed(&g.left, ng), reversed(&g.right, ng));
        let (rl_h, rr_h) = (reversed(&h.left, nh), reversed(&h.right, nh));
        let at = |a: usize, b: usize| a * nh + b;
        // Right, to move in G_a - H_b, wins.
        let mut right_wins = vec![false; pairs];
        // Left, to move in G_a - H_b, loses: counts her moves not yet lost.
        let mut left_loses = vec![false; pairs];
        let mut left_moves = vec![0u32; pairs];
        let mut queue = Vec::new();
        for a in 0..ng {
            interrupt::check();
            for b in 0..nh {
                let n = (g.left[a].len() + h.right[b].len()) as u32;
                left_moves[at(a, b)] = n;
                if n == 0 {
                    left_loses[at(a, b)] = true;
                    queue.push((a, b));
                }
            }
        }
        let mut steps = 0u32;
        while let Some((a, b)) = queue.pop() {
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(4096) {
                interrupt::check();
            }
            // Right moved here: in G from a Right predecessor of a, or in
            // -H from a vertex of which b is a Left option.
            let from = rr_g[a]
                .iter()
                .map(|&p| (p as usize, b))
                .chain(rl_h[b].iter().map(|&p| (a, p as usize)));
            for (ra, rb) in from {
                if right_wins[at(ra, rb)] {
                    continue;
                }
                right_wins[at(ra, rb)] = true;
                // Left moved to (ra, rb): in G from a vertex of which ra is
                // a Left option, or in -H from one of which rb is a Right one.
                let before = rl_g[ra]
                    .iter()
                    .map(|&p| (p as usize, rb))
                    .chain(rr_h[rb].iter().map(|&p| (ra, p as usize)));
                for (la, lb) in before {
                    let k = at(la, lb);
                    left_moves[k] -= 1;
                    if left_moves[k] == 0 && !left_loses[k] {
                        left_loses[k] = true;
                        queue.push((la, lb));
                    }
                }
            }
        }
        Table {
            cols: nh,
            ge: right_wins.into_iter().map(|w| !w).collect(),
        }
    }
}

/// For each vertex, the vertices that have it among their `edges`, in one
/// flat array (a table is made for every component of a loopy ruleset, so
/// a vector per vertex would cost more than the table's own work).
pub(super) struct Reversed {
    start: Vec<u32>,
    from: Vec<u32>,
}

impl std::ops::Index<usize> for Reversed {
    type Output = [u32];
    fn index(&self, v: usize) -> &[u32] {
        &self.from[self.start[v] as usize..self.start[v + 1] as usize]
    }
}

pub(super) fn reversed(edges: &[Vec<u32>], n: usize) -> Reversed {
    let mut start = vec![0u32; n + 1];
    for list in edges {
        for &w in list {
            start[w as usize + 1] += 1;
        }
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    let mut fill = start.clone();
    let mut from = vec![0u32; start[n] as usize];
    for (v, list) in edges.iter().enumerate() {
        for &w in list {
            from[fill[w as usize] as usize] = v as u32;
            fill[w as usize] += 1;
        }
    }
    Reversed { start, from }
}

/// Whether `G_a >= H_b` for the stoppers `(g, a)` and `(h, b)`.
pub fn ge(g: &Graph, a: u32, h: &Graph, b: u32) -> bool {
    let (g, h) = (g.restricted(a), h.restricted(b));
    Table::new(&g, &h).ge(0, 0)
}
