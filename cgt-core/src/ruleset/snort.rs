//! Snort (Winning Ways, chapter 2) on a grid: players take turns placing a
//! stone of their colour, Left black (`x`), Right white (`o`), on an empty
//! square that is not next to a stone of the opponent's colour.
//! Blocked squares are `#`. A board of one row is a strip. On a graph
//! ([`SnortGraph`]) a stone leaves each neighbour to its owner only (the opponent may not play next to it).

use super::graph::{TintedGraph, LEFT, RIGHT};
use super::grid::Grid;
use super::picture::{self, Picture};
use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::{lesser_of_conjugates, Ruleset};

/// The Snort ruleset (boards are positions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Snort;

const SYMBOLS: [char; 4] = ['.', 'x', 'o', '#'];
const BLACK: u8 = 1;
const WHITE: u8 = 2;

/// Snort in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "snort",
    constructors: &[
        Constructor {
            name: "snort",
            signature: "snort(\"..x|o..\")",
            arity: 1..=1,
            help: "A Snort position: rows separated by `|`, `x` black (Left), `o` white (Right), `.` empty, `#` blocked. A move places a stone of one's colour on an empty square that is not next to a stone of the opponent's colour.",
            example: "value(snort(\"....\"))",
            build: |args| {
                let board = Grid::parse(Arg::text(args, 0, "the board")?, &SYMBOLS)
                    .map_err(|e| ArgError::at(0, e))?;
                Ok(Positioned::boxed(Snort, board))
            },
        },
        Constructor {
            name: "snort_graph",
            signature: "snort_graph(\"..L\", \"0-1 1-2\")",
            arity: 1..=2,
            help: "Snort on a graph: the first string has one letter per vertex (numbered from 0): `.` free, `L` or `R` playable by that side only, `x` a stone of Left's, `o` of Right's; the second lists edges as paths such as `0-1-2 2-3`. Stones are read as what they leave: their neighbours playable by one side only. At most 64 vertices; connected parts are components.",
            example: "value(snort_graph(\"....\", \"0-1-2-3-0\"))",
            build: |args| {
                let edges = if args.len() == 2 { Arg::text(args, 1, "the edges")? } else { "" };
                let g = TintedGraph::parse(Arg::text(args, 0, "the vertices")?, edges, |p| p)
                    .map_err(|(k, e)| ArgError::at(k, e))?;
                Ok(Positioned::boxed(SnortGraph, g))
            },
        },
    ],
    words: &[],
};

impl Notation for Snort {
    fn text(&self, g: &Grid) -> String {
        format!("snort(\"{}\")", g.text(&SYMBOLS))
    }
    fn picture(&self, g: &Grid) -> Picture {
        picture::quoted_board(&self.text(g), picture::STONES)
    }
}

impl Ruleset for Snort {
    type Position = Grid;

    fn left_options(&self, g: &Grid) -> Vec<Grid> {
        g.placements(BLACK, WHITE)
    }

    fn right_options(&self, g: &Grid) -> Vec<Grid> {
        g.placements(WHITE, BLACK)
    }

    fn canonical_key(&self, g: &Grid) -> Grid {
        // The eight symmetries of the square keep adjacency; empty squares
        // are played, so the board is not trimmed.
        g.least_symmetric()
    }

    fn signed_key(&self, g: &Grid) -> (Grid, bool) {
        // Exchanging the colours negates the game.
        let swapped = g.recoloured(&[0, WHITE, BLACK, 3]);
        lesser_of_conjugates(g.least_symmetric(), swapped.least_symmetric())
    }
}

/// Snort on a graph; positions are the playable vertices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SnortGraph;

impl Notation for SnortGraph {
    fn text(&self, g: &TintedGraph) -> String {
        match g.text() {
            (vertices, edges) if edges.is_empty() => format!("snort_graph(\"{vertices}\")"),
            (vertices, edges) => format!("snort_graph(\"{vertices}\", \"{edges}\")"),
        }
    }
    fn picture(&self, g: &TintedGraph) -> Picture {
        g.picture()
    }
}

impl Ruleset for SnortGraph {
    type Position = TintedGraph;

    fn left_options(&self, g: &TintedGraph) -> Vec<TintedGraph> {
        g.placements(LEFT, LEFT)
    }

    fn right_options(&self, g: &TintedGraph) -> Vec<TintedGraph> {
        g.placements(RIGHT, RIGHT)
    }

    fn signed_key(&self, g: &TintedGraph) -> (TintedGraph, bool) {
        // Exchanging the colours negates the game.
        lesser_of_conjugates(g.normalised(), g.swapped().normalised())
    }

    fn components(&self, g: &TintedGraph) -> Option<Vec<TintedGraph>> {
        g.components()
    }
}
