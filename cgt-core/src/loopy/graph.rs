//! Game graphs: positions as vertices, each with its Left and Right
//! options as edges, where a position may repeat.

use std::collections::HashMap;

use crate::game::{Arena, GameId};
use crate::interrupt;

/// A game graph. Vertex `v`'s Left options are `left[v]`, its Right
/// options `right[v]` (each list without repeats). A game is a graph and a
/// start vertex.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graph {
    /// Left's options of each vertex.
    pub left: Vec<Vec<u32>>,
    /// Right's options of each vertex.
    pub right: Vec<Vec<u32>>,
}

impl Graph {
    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.left.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

    /// A new vertex without options.
    pub fn add_vertex(&mut self) -> u32 {
        interrupt::check();
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as u32
    }

    /// The options of `v` for Left (`left`) or Right.
    pub fn options(&self, v: u32, left: bool) -> &Vec<u32> {
        if left {
            &self.left[v as usize]
        } else {
            &self.right[v as usize]
        }
    }

    /// The options of `v` for Left (`left`) or Right, to change.
    pub fn options_mut(&mut self, v: u32, left: bool) -> &mut Vec<u32> {
        if left {
            &mut self.left[v as usize]
        } else {
            &mut self.right[v as usize]
        }
    }

    /// Adds an option of `v` for Left (`left`) or Right, once.
    pub fn add_edge(&mut self, v: u32, left: bool, to: u32) {
        let list = self.options_mut(v, left);
        if !list.contains(&to) {
            list.push(to);
        }
    }

    /// The vertex of the short game `g`, adding `g` and its followers
    /// (`memo` holds those added already).
    pub fn insert_short(
        &mut self,
        arena: &mut Arena,
        g: GameId,
        memo: &mut HashMap<GameId, u32>,
    ) -> u32 {
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        // Followers first, on an explicit stack: short games may be deep.
        let mut stack = vec![(g, false)];
        while let Some((h, expanded)) = stack.pop() {
            if memo.contains_key(&h) {
                continue;
            }
            let (l, r) = (arena.left_options(h), arena.right_options(h));
            if !expanded {
                stack.push((h, true));
                for &o in l.iter().chain(r.iter()) {
                    if !memo.contains_key(&o) {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            let v = self.add_vertex();
            self.left[v as usize] = dedup(l.iter().map(|o| memo[o]));
            self.right[v as usize] = dedup(r.iter().map(|o| memo[o]));
            memo.insert(h, v);
        }
        memo[&g]
    }

    /// Copies `other` into this graph; its vertex `v` becomes `offset + v`.
    pub fn append(&mut self, other: &Graph) -> u32 {
        let offset = self.len() as u32;
        let shift = |l: &Vec<u32>| l.iter().map(|&v| v + offset).collect();
        self.left.extend(other.left.iter().map(shift));
        self.right.extend(other.right.iter().map(shift));
        offset
    }

    /// The graph with Left and Right exchanged: the negative game.
    pub fn negated(&self) -> Graph {
        Graph {
            left: self.right.clone(),
            right: self.left.clone(),
        }
    }

    /// The vertices reachable from `start`, in the order first met
    /// (`start` first).
    pub fn reachable(&self, start: u32) -> Vec<u32> {
        let mut seen = vec![false; self.len()];
        let mut order = vec![start];
        seen[start as usize] = true;
        let mut i = 0;
        while i < order.len() {
            let v = order[i] as usize;
            for &w in self.left[v].iter().chain(&self.right[v]) {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    order.push(w);
                }
            }
            i += 1;
        }
        order
    }

    /// The part reachable from `start`, renumbered in the order `order`
    /// lists it (`order` must hold every vertex reachable from its first).
    pub fn renumbered(&self, order: &[u32]) -> Graph {
        let mut index = vec![u32::MAX; self.len()];
        for (i, &v) in order.iter().enumerate() {
            index[v as usize] = i as u32;
        }
        let map = |l: &Vec<u32>| l.iter().map(|&w| index[w as usize]).collect();
        Graph {
            left: order.iter().map(|&v| map(&self.left[v as usize])).collect(),
            right: order
                .iter()
                .map(|&v| map(&self.right[v as usize]))
                .collect(),
        }
    }

    /// The game of `start` alone: its reachable part, `start` as vertex 0.
    pub fn restricted(&self, start: u32) -> Graph {
        self.renumbered(&self.reachable(start))
    }

    /// The sum of the games `(g, a)` and `(h, b)`: vertex 0 is `a + b`, and
    /// only the pairs reachable from it are made.
    pub fn sum(g: &Graph, a: u32, h: &Graph, b: u32) -> Graph {
        let mut out = Graph::default();
        let mut index: HashMap<(u32, u32), u32> = HashMap::new();
        let mut pairs = vec![(a, b)];
        index.insert((a, b), out.add_vertex());
        let mut i = 0;
        while i < pairs.len() {
            let (x, y) = pairs[i];
            for left in [true, false] {
                let (gx, hy) = (g.options(x, left), h.options(y, left));
                let moves = gx
                    .iter()
                    .map(|&x2| (x2, y))
                    .chain(hy.iter().map(|&y2| (x, y2)));
                for p in moves.collect::<Vec<_>>() {
                    let w = match index.get(&p) {
                        Some(&w) => w,
                        None => {
                            let w = out.add_vertex();
                            index.insert(p, w);
                            pairs.push(p);
                            w
                        }
                    };
                    out.add_edge(i as u32, left, w);
                }
            }
            i += 1;
        }
        out
    }

    /// Whether play alternating between the players can go on for ever from
    /// some position reachable from `start` (a cycle of the moves Left,
    /// Right, Left, ... from either player's turn there): a game without
    /// one is a *stopper*.
    pub fn has_alternating_cycle(&self, start: u32) -> bool {
        // States (vertex, Left to move) are 2v, (vertex, Right to move) 2v + 1.
        let next = |s: usize| self.options((s / 2) as u32, s.is_multiple_of(2));
        // 0 new, 1 on the path, 2 done.
        let mut state = vec![0u8; 2 * self.len()];
        let roots = self
            .reachable(start)
            .into_iter()
            .flat_map(|v| [2 * v as usize, 2 * v as usize + 1]);
        for root in roots {
            if state[root] != 0 {
                continue;
            }
            let mut stack = vec![(root, 0usize)];
            state[root] = 1;
            while let Some(&mut (s, ref mut k)) = stack.last_mut() {
                let opts = next(s);
                if *k < opts.len() {
                    let t = 2 * opts[*k] as usize + (1 - s % 2);
                    *k += 1;
                    match state[t] {
                        0 => {
                            state[t] = 1;
                            stack.push((t, 0));
                        }
                        1 => return true,
                        _ => {}
                    }
                } else {
                    state[s] = 2;
                    stack.pop();
                }
            }
        }
        false
    }

    /// For each vertex, whether no cycle is reachable from it (its game is
    /// short).
    pub fn loopfree(&self) -> Vec<bool> {
        let n = self.len();
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut out_degree = vec![0usize; n];
        for (v, degree) in out_degree.iter_mut().enumerate() {
            for &w in self.left[v].iter().chain(&self.right[v]) {
                preds[w as usize].push(v as u32);
                *degree += 1;
            }
        }
        let mut free = vec![false; n];
        let mut queue: Vec<usize> = (0..n).filter(|&v| out_degree[v] == 0).collect();
        while let Some(v) = queue.pop() {
            free[v] = true;
            for &p in &preds[v] {
                out_degree[p as usize] -= 1;
                if out_degree[p as usize] == 0 {
                    queue.push(p as usize);
                }
            }
        }
        free
    }

    /// Whether every cycle reachable from `start` is a single pass (an
    /// edge from a vertex to itself): the game is a *plumtree*.
    pub fn is_plumtree(&self, start: u32) -> bool {
        let order = self.reachable(start);
        let g = self.renumbered(&order);
        // Without its passes, the graph must have no cycle at all.
        let strip = |lists: &Vec<Vec<u32>>| -> Vec<Vec<u32>> {
            let own = |(v, list): (usize, &Vec<u32>)| {
                list.iter().copied().filter(|&w| w as usize != v).collect()
            };
            lists.iter().enumerate().map(own).collect()
        };
        let without = Graph {
            left: strip(&g.left),
            right: strip(&g.right),
        };
        without.loopfree().into_iter().all(|f| f)
    }

    /// The short game of each loopfree vertex (`None` for the others).
    pub fn short_games(&self, arena: &mut Arena) -> Vec<Option<GameId>> {
        let free = self.loopfree();
        let mut out: Vec<Option<GameId>> = vec![None; self.len()];
        for root in 0..self.len() {
            if !free[root] || out[root].is_some() {
                continue;
            }
            let mut stack = vec![(root, false)];
            while let Some((v, expanded)) = stack.pop() {
                if out[v].is_some() {
                    continue;
                }
                let opts = self.left[v].iter().chain(&self.right[v]);
                if !expanded {
                    stack.push((v, true));
                    stack.extend(
                        opts.filter(|&&w| out[w as usize].is_none())
                            .map(|&w| (w as usize, false)),
                    );
                    continue;
                }
                let l = self.left[v]
                    .iter()
                    .map(|&w| out[w as usize].expect("follower first"))
                    .collect();
                let r = self.right[v]
                    .iter()
                    .map(|&w| out[w as usize].expect("follower first"))
                    .collect();
                out[v] = Some(arena.construct(l, r));
            }
        }
        out
    }
}

/// The items of `it` without repeats, in their first order.
fn dedup(it: impl Iterator<Item = u32>) -> Vec<u32> {
    let mut out: Vec<u32> = Vec::new();
    for v in it {
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}
