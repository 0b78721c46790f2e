//! Small graphs whose vertices say who may still play there: the positions
//! of placement games on graphs (Snort and Col). A stone is not kept:
//! placing one removes its vertex and restricts its neighbours, so a
//! position is the graph of the vertices still playable, each free (`.`),
//! Left's only (`L`) or Right's only (`R`). Stones (`x` Left's, `o`
//! Right's) are read and turned into those restrictions at once.

use super::picture::{Picture, Piece};
use smallvec::SmallVec;

/// Left may play on the vertex.
pub const LEFT: u8 = 1;
/// Right may play on the vertex.
pub const RIGHT: u8 = 2;
const BOTH: u8 = LEFT | RIGHT;

/// The largest graph read (adjacency is a 64-bit mask per vertex).
pub const MAX_VERTICES: usize = 64;

/// A graph of playable vertices: for each vertex who may play there
/// ([`LEFT`], [`RIGHT`] or both) and its neighbours as a bit mask.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TintedGraph {
    who: SmallVec<[u8; 16]>,
    adjacent: SmallVec<[u64; 16]>,
}

/// The vertices of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let v = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            v
        })
    })
}

impl TintedGraph {
    /// Reads a graph: `vertices` has one letter per vertex (`.` free, `L`
    /// or `R` one side's only, `x` a stone of Left's, `o` of Right's);
    /// `edges` lists paths such as `0-1 1-2-3` separated by spaces or
    /// commas. A stone of the player with bit `p` leaves each neighbour
    /// playable only by `keeps(p)`. Errors name the argument (0 or 1).
    pub fn parse(
        vertices: &str,
        edges: &str,
        keeps: impl Fn(u8) -> u8,
    ) -> Result<Self, (usize, String)> {
        let mut who = SmallVec::<[u8; 16]>::new();
        let mut stone = SmallVec::<[u8; 16]>::new();
        for ch in vertices.chars() {
            let (w, s) = match ch {
                '.' => (BOTH, 0),
                'L' | 'l' => (LEFT, 0),
                'R' | 'r' => (RIGHT, 0),
                'x' | 'X' => (0, LEFT),
                'o' | 'O' => (0, RIGHT),
                other => {
                    return Err((
                        0,
                        format!("unexpected `{other}` in the vertices (use . L R x o)"),
                    ));
                }
            };
            if who.len() == MAX_VERTICES {
                return Err((0, format!("at most {MAX_VERTICES} vertices")));
            }
            who.push(w);
            stone.push(s);
        }
        let n = who.len();
        let mut adjacent: SmallVec<[u64; 16]> = SmallVec::from_elem(0, n);
        for path in edges
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
        {
            let mut previous: Option<usize> = None;
            for v in path.split('-') {
                let v: usize = match v.parse() {
                    Ok(v) if v < n => v,
                    _ => {
                        let why = format!(
                            "`{v}` in `{path}` is not a vertex (vertices are 0 to {})",
                            n as i64 - 1
                        );
                        return Err((1, why));
                    }
                };
                if let Some(u) = previous {
                    if u == v {
                        return Err((1, format!("`{path}` joins vertex {v} to itself")));
                    }
                    adjacent[u] |= 1 << v;
                    adjacent[v] |= 1 << u;
                }
                previous = Some(v);
            }
        }
        let mut g = TintedGraph { who, adjacent };
        for (v, &s) in stone.iter().enumerate() {
            if s != 0 {
                for u in bits(g.adjacent[v]) {
                    g.who[u] &= keeps(s);
                }
            }
        }
        Ok(g.without_dead())
    }

    /// The vertices and the edges, as [`TintedGraph::parse`] reads them.
    pub fn text(&self) -> (String, String) {
        let vertices = self
            .who
            .iter()
            .map(|&w| ['#', 'L', 'R', '.'][usize::from(w)])
            .collect();
        let mut edges = Vec::new();
        for (u, &a) in self.adjacent.iter().enumerate() {
            edges.extend(bits(a).filter(|&v| v > u).map(|v| format!("{u}-{v}")));
        }
        (vertices, edges.join(" "))
    }

    /// The picture of the graph: a free vertex empty, one side's only in
    /// that side's colour; edges uncoloured.
    pub fn picture(&self) -> Picture {
        let vertices = self
            .who
            .iter()
            .map(|&w| match w {
                LEFT => Piece::Left,
                RIGHT => Piece::Right,
                _ => Piece::Empty,
            })
            .collect();
        let edges = (0..self.len())
            .flat_map(|u| {
                bits(self.adjacent[u])
                    .filter(move |&v| v > u)
                    .map(move |v| (u, v, Piece::Empty))
            })
            .collect();
        Picture::Graph {
            vertices,
            edges,
            ground: None,
        }
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.who.len()
    }

    /// No vertex at all.
    pub fn is_empty(&self) -> bool {
        self.who.is_empty()
    }

    /// The graph without the vertices nobody may play on.
    fn without_dead(self) -> Self {
        let keep: u64 = self
            .who
            .iter()
            .enumerate()
            .filter(|&(_, &w)| w != 0)
            .fold(0, |m, (v, _)| m | 1 << v);
        self.induced(keep)
    }

    /// The subgraph on the vertices of `keep`, renumbered in order.
    fn induced(&self, keep: u64) -> Self {
        let order: SmallVec<[usize; 16]> = bits(keep).collect();
        self.relabelled(&order)
    }

    /// The subgraph on `order`'s vertices, vertex `order[i]` becoming `i`.
    fn relabelled(&self, order: &[usize]) -> Self {
        let mut new_of = [usize::MAX; MAX_VERTICES];
        for (i, &v) in order.iter().enumerate() {
            new_of[v] = i;
        }
        TintedGraph {
            who: order.iter().map(|&v| self.who[v]).collect(),
            adjacent: order
                .iter()
                .map(|&v| {
                    bits(self.adjacent[v])
                        .filter(|&u| new_of[u] != usize::MAX)
                        .fold(0, |m, u| m | 1 << new_of[u])
                })
                .collect(),
        }
    }

    /// The positions after the player with bit `player` places a stone: its
    /// vertex goes, and each neighbour stays playable only by `keeps`.
    pub fn placements(&self, player: u8, keeps: u8) -> Vec<Self> {
        (0..self.len())
            .filter(|&v| self.who[v] & player != 0)
            .map(|v| {
                let mut g = self.clone();
                for u in bits(self.adjacent[v]) {
                    g.who[u] &= keeps;
                }
                g.who[v] = 0;
                g.without_dead()
            })
            .collect()
    }

    /// The connected components, if there are two or more.
    pub fn components(&self) -> Option<Vec<Self>> {
        let all: u64 = if self.len() == 64 {
            u64::MAX
        } else {
            (1 << self.len()) - 1
        };
        let mut left = all;
        let mut parts = Vec::new();
        while left != 0 {
            let mut part = left & left.wrapping_neg();
            let mut frontier = part;
            while frontier != 0 {
                let next = bits(frontier).fold(0, |m, v| m | self.adjacent[v]) & !part;
                part |= next;
                frontier = next;
            }
            left &= !part;
            parts.push(part);
        }
        (parts.len() > 1).then(|| parts.into_iter().map(|p| self.induced(p)).collect())
    }

    /// The same graph with Left's and Right's restrictions exchanged.
    pub fn swapped(&self) -> Self {
        let swap = |w: u8| (w & LEFT) << 1 | (w & RIGHT) >> 1;
        TintedGraph {
            who: self.who.iter().map(|&w| swap(w)).collect(),
            adjacent: self.adjacent.clone(),
        }
    }

    /// An isomorphic copy in an order that depends little on the given
    /// numbering: vertices sorted by colour refinement (who may play, then
    /// the multiset of the neighbours' classes, a few rounds). Isomorphic
    /// graphs usually, not always, get the same copy; every copy is a
    /// relabelling, so the copy always has the same value.
    pub fn normalised(&self) -> Self {
        let n = self.len();
        let mut class: SmallVec<[u64; 16]> = self.who.iter().map(|&w| u64::from(w)).collect();
        for _ in 0..3 {
            let signature = |v: usize| {
                let mut around: SmallVec<[u64; 16]> =
                    bits(self.adjacent[v]).map(|u| class[u]).collect();
                around.sort_unstable();
                (class[v], around)
            };
            let mut sigs: Vec<_> = (0..n).map(|v| (signature(v), v)).collect();
            sigs.sort_unstable();
            let mut next: SmallVec<[u64; 16]> = SmallVec::from_elem(0, n);
            let mut rank = 0;
            for i in 0..n {
                if i > 0 && sigs[i].0 != sigs[i - 1].0 {
                    rank += 1;
                }
                next[sigs[i].1] = rank;
            }
            if next == class {
                break;
            }
            class = next;
        }
        let mut order: SmallVec<[usize; 16]> = (0..n).collect();
        order.sort_by_key(|&v| (class[v], v));
        self.relabelled(&order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stones_restrict_their_neighbours_and_go() {
        // Snort-like: a stone keeps its neighbours for its owner only.
        let g = TintedGraph::parse("x..o", "0-1-2-3", |p| p).unwrap();
        assert_eq!(g.text(), ("LR".to_string(), "0-1".to_string()));
        // A vertex next to both colours is dead.
        let g = TintedGraph::parse("x.o", "0-1-2", |p| p).unwrap();
        assert!(g.is_empty());
    }

    #[test]
    fn bad_edges_are_refused() {
        assert_eq!(TintedGraph::parse("..", "0-2", |p| p).unwrap_err().0, 1);
        assert_eq!(TintedGraph::parse("..", "1-1", |p| p).unwrap_err().0, 1);
        assert_eq!(TintedGraph::parse(".?", "", |p| p).unwrap_err().0, 0);
    }

    #[test]
    fn components_and_normal_form() {
        let g = TintedGraph::parse("L..R.", "0-3 1-2", |p| p).unwrap();
        assert_eq!(g.components().unwrap().len(), 3);
        let a = TintedGraph::parse("L..", "0-1-2", |p| p).unwrap();
        let b = TintedGraph::parse("..L", "2-1 1-0", |p| p).unwrap();
        assert_eq!(a.normalised(), b.normalised());
    }
}
