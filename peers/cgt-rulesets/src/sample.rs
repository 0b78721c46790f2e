//! Pseudo-random positions of every ruleset the `cgt` crate has, valued by
//! the crate, written for the project's tests.

use crate::value;
use cgt::graph::adjacency_matrix::undirected::UndirectedGraph;
use cgt::graph::{Graph, VertexIndex};
use cgt::grid::small_bit_grid::SmallBitGrid;
use cgt::short::impartial::games::subtraction::Sub;
use cgt::short::partizan::games::{
    amazons::Amazons,
    col::{self, Col},
    domineering::Domineering,
    fission::Fission,
    konane::Konane,
    ski_jumps::SkiJumps,
    snort::{Snort, VertexColor, VertexKind},
    toads_and_frogs::ToadsAndFrogs,
    toppling_dominoes::{Tile, TopplingDominoes},
};
use std::str::FromStr;

/// xorshift64: the same stream on every run and machine.
struct Stream(u64);

impl Stream {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn between(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// A letter of `letters`, each with the given weight.
    fn pick(&mut self, letters: &[(char, usize)]) -> char {
        let total: usize = letters.iter().map(|l| l.1).sum();
        let mut k = self.below(total);
        for &(c, w) in letters {
            if k < w {
                return c;
            }
            k -= w;
        }
        unreachable!()
    }

    /// A board of `rows` rows of `cols` letters, rows joined by `|`.
    fn board(&mut self, rows: usize, cols: usize, letters: &[(char, usize)]) -> String {
        (0..rows)
            .map(|_| (0..cols).map(|_| self.pick(letters)).collect::<String>())
            .collect::<Vec<_>>()
            .join("|")
    }
}

fn parse<G: FromStr>(text: &str) -> G {
    G::from_str(text).unwrap_or_else(|_| panic!("the crate cannot read {text:?}"))
}

/// A random graph: one letter per vertex (`.` free, `L`/`R` one side's
/// only) and its edges.
fn graph(r: &mut Stream) -> (String, Vec<(usize, usize)>) {
    let n = r.between(1, 10);
    let marks: String = (0..n)
        .map(|_| r.pick(&[('.', 6), ('L', 2), ('R', 2)]))
        .collect();
    let mut edges = Vec::new();
    for u in 0..n {
        for v in u + 1..n {
            if r.below(10) < 3 {
                edges.push((u, v));
            }
        }
    }
    (marks, edges)
}

fn edge_text(edges: &[(usize, usize)]) -> String {
    edges
        .iter()
        .map(|(u, v)| format!("{u}-{v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn index_edges(edges: &[(usize, usize)]) -> Vec<(VertexIndex, VertexIndex)> {
    edges
        .iter()
        .map(|&(u, v)| (VertexIndex { index: u }, VertexIndex { index: v }))
        .collect()
}

/// Type of a maker: a random position as the project writes it, and how to
/// value it with the crate (run only for positions not seen before).
type Made = (String, Box<dyn FnOnce() -> String>);

/// Lines for `n` distinct positions from `make`.
fn distinct(game: &str, n: usize, r: &mut Stream, mut make: impl FnMut(&mut Stream) -> Made) {
    let mut seen = std::collections::HashSet::new();
    while seen.len() < n {
        let (ours, peer) = make(r);
        if seen.insert(ours.clone()) {
            println!("{game}\t{ours}\t{}", peer());
        }
    }
}

/// `n` distinct positions of each ruleset, printed as tab-separated lines.
pub fn print(n: usize) {
    println!("# Values by the cgt crate 0.11.0 of pseudo-random positions: ruleset, position, value.");
    println!("# Made by: cd peers/cgt-rulesets && cargo run --release -- sample {n} > ../../tests/data/peer.tsv");
    let mut r = Stream(0x00c0_ffee_1234_5678);
    let r = &mut r;
    distinct("domineering", n, r, |r| {
        let (rows, cols) = (r.between(1, 4), r.between(1, 5));
        let b = r.board(rows, cols, &[('.', 3), ('#', 1)]);
        (
            format!("domineering(\"{b}\")"),
            Box::new(move || value(parse::<Domineering>(&b)).to_string()),
        )
    });
    distinct("snort", n, r, |r| {
        let (marks, edges) = graph(r);
        let vertices: Vec<VertexKind> = marks
            .chars()
            .map(|c| {
                VertexKind::Single(match c {
                    'L' => VertexColor::TintLeft,
                    'R' => VertexColor::TintRight,
                    _ => VertexColor::Empty,
                })
            })
            .collect();
        let g = Snort::new(UndirectedGraph::from_edges(&index_edges(&edges), &vertices));
        (
            format!("snort_graph(\"{marks}\", \"{}\")", edge_text(&edges)),
            Box::new(move || value(g).to_string()),
        )
    });
    distinct("col", n, r, |r| {
        let (marks, edges) = graph(r);
        let vertices: Vec<col::VertexColor> = marks
            .chars()
            .map(|c| match c {
                'L' => col::VertexColor::TintLeft,
                'R' => col::VertexColor::TintRight,
                _ => col::VertexColor::Empty,
            })
            .collect();
        let g: Col<col::VertexColor, UndirectedGraph<col::VertexColor>> =
            Col::new(UndirectedGraph::from_edges(&index_edges(&edges), &vertices));
        (
            format!("col_graph(\"{marks}\", \"{}\")", edge_text(&edges)),
            Box::new(move || value(g).to_string()),
        )
    });
    distinct("toads_and_frogs", n, r, |r| {
        let len = r.between(1, 12);
        let strip: String = (0..len)
            .map(|_| r.pick(&[('.', 3), ('T', 2), ('F', 2)]))
            .collect();
        (
            format!("toads_and_frogs(\"{strip}\")"),
            Box::new(move || value(parse::<ToadsAndFrogs>(&strip)).to_string()),
        )
    });
    distinct("ski_jumps", n, r, |r| {
        let (rows, cols) = (r.between(1, 3), r.between(2, 5));
        let b = r.board(
            rows,
            cols,
            &[('.', 8), ('L', 2), ('l', 1), ('R', 2), ('r', 1)],
        );
        (
            format!("ski_jumps(\"{b}\")"),
            Box::new(move || value(parse::<SkiJumps>(&b)).to_string()),
        )
    });
    distinct("konane", n, r, |r| {
        let (rows, cols) = (r.between(1, 4), r.between(2, 5));
        let b = r.board(rows, cols, &[('.', 2), ('x', 3), ('o', 3), ('#', 1)]);
        (
            format!("konane(\"{b}\")"),
            Box::new(move || value(parse::<Konane>(&b)).to_string()),
        )
    });
    distinct("amazons", n, r, |r| {
        let (rows, cols) = (r.between(1, 3), r.between(2, 4));
        let b = r.board(rows, cols, &[('.', 8), ('x', 1), ('o', 1), ('#', 2)]);
        (
            format!("amazons(\"{b}\")"),
            Box::new(move || value(parse::<Amazons>(&b)).to_string()),
        )
    });
    distinct("fission", n, r, |r| {
        let (rows, cols) = (r.between(1, 4), r.between(2, 5));
        let b = r.board(rows, cols, &[('.', 4), ('x', 2), ('#', 1)]);
        (
            format!("fission(\"{b}\")"),
            Box::new(move || value(parse::<Fission>(&b)).to_string()),
        )
    });
    distinct("toppling_dominoes", n, r, |r| {
        let len = r.between(1, 16);
        let row: String = (0..len).map(|_| r.pick(&[('B', 1), ('R', 1)])).collect();
        let tiles: Vec<Tile> = row
            .chars()
            .map(|c| if c == 'B' { Tile::Blue } else { Tile::Red })
            .collect();
        let g = TopplingDominoes::new(vec![
            SmallBitGrid::from_arr(tiles.len() as u8, 1, &tiles).expect("at most 64")
        ]);
        (
            format!("toppling_dominoes(\"{row}\")"),
            Box::new(move || value(g).to_string()),
        )
    });
    distinct("subtraction", n, r, |r| {
        let set: Vec<u32> = (1..=7).filter(|_| r.below(2) == 0).collect();
        let set = if set.is_empty() { vec![1] } else { set };
        let heap = r.between(0, 40);
        let list = set.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
        (
            format!("subtraction([{list}], [{heap}])"),
            Box::new(move || {
                Sub::new(set)
                    .grundy_sequence()
                    .nth(heap)
                    .expect("an endless sequence")
                    .to_string()
            }),
        )
    });
}
