//! `cgt-peer-rulesets GAME POSITION`: the canonical value of one position by
//! the `cgt` crate's own driver (`PartizanGame::canonical_form` with a fresh
//! `ParallelTranspositionTable`), and the time it took on stderr as
//! `# core_s=...`. Positions are written as cgt (the project) writes them.
//!
//! `cgt-peer-rulesets sample N`: N pseudo-random positions of every ruleset
//! the crate has (the same on every run), one line each: the ruleset, the
//! position as cgt (the project) writes it, and the crate's value, separated
//! by tabs. The project's tests read these lines (tests/data/peer.tsv).

mod sample;

use cgt::graph::adjacency_matrix::undirected::UndirectedGraph;
use cgt::graph::{Graph, VertexIndex};
use cgt::grid::small_bit_grid::SmallBitGrid;
use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::{
    amazons::Amazons,
    domineering::Domineering,
    fission::Fission,
    konane::Konane,
    ski_jumps::SkiJumps,
    snort::{Snort, VertexColor, VertexKind},
    toads_and_frogs::ToadsAndFrogs,
    toppling_dominoes::{Tile, TopplingDominoes},
};
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;
use std::str::FromStr;
use std::time::Instant;

pub(crate) fn value<G: PartizanGame>(g: G) -> CanonicalForm {
    let tt = ParallelTranspositionTable::new();
    g.canonical_form(&tt)
}

fn parse<G: FromStr>(text: &str) -> G {
    G::from_str(text).unwrap_or_else(|_| {
        eprintln!("cannot read {text:?}");
        std::process::exit(2)
    })
}

/// Snort on the grid graph of an empty `rows x cols` board ("RxC").
fn snort_grid(text: &str) -> Snort<VertexKind, UndirectedGraph<VertexKind>> {
    let (r, c) = text.split_once('x').expect("RxC");
    let (rows, cols): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
    let mut edges = Vec::new();
    let v = |r: usize, c: usize| VertexIndex {
        index: r * cols + c,
    };
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                edges.push((v(r, c), v(r, c + 1)));
            }
            if r + 1 < rows {
                edges.push((v(r, c), v(r + 1, c)));
            }
        }
    }
    let vertices = vec![VertexKind::Single(VertexColor::Empty); rows * cols];
    Snort::new(UndirectedGraph::from_edges(&edges, &vertices))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [mode, n] = &args[..] {
        if mode == "sample" {
            sample::print(n.parse().expect("a count"));
            return;
        }
    }
    let [game, position] = &args[..] else {
        eprintln!("usage: cgt-peer-rulesets GAME POSITION");
        std::process::exit(2)
    };
    let p = position.as_str();
    let t = Instant::now();
    let cf = match game.as_str() {
        "domineering" => value(parse::<Domineering>(p)),
        "amazons" => value(parse::<Amazons>(p)),
        "fission" => value(parse::<Fission>(p)),
        "konane" => value(parse::<Konane>(p)),
        "ski_jumps" => value(parse::<SkiJumps>(p)),
        "toads_and_frogs" => value(parse::<ToadsAndFrogs>(p)),
        "toppling_dominoes" => value(TopplingDominoes::new(
            p.split('|')
                .map(|row| {
                    let tiles: Vec<Tile> = row
                        .chars()
                        .map(|c| if c == 'x' { Tile::Blue } else { Tile::Red })
                        .collect();
                    SmallBitGrid::from_arr(tiles.len() as u8, 1, &tiles).expect("at most 64")
                })
                .collect(),
        )),
        "snort" => value(snort_grid(p)),
        other => {
            eprintln!("unknown game {other}");
            std::process::exit(2)
        }
    };
    let s = t.elapsed().as_secs_f64();
    println!("{cf}");
    eprintln!("# core_s={s:.4}");
}
