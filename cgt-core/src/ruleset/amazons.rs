//! Amazons: a player moves one of their queens like a chess queen over empty
//! squares, then from where it lands shoots an arrow, again like a queen,
//! onto an empty square, which is burnt for good. Left's queens are `x`,
//! Right's `o`, burnt squares `#`.

use super::grid::Grid;
use super::picture::{self, Picture};
use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::{lesser_of_conjugates, Ruleset};

/// The Amazons ruleset (boards are positions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Amazons;

const SYMBOLS: [char; 4] = ['.', 'x', 'o', '#'];
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const BURNT: u8 = 3;

/// Amazons in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "amazons",
    constructors: &[Constructor {
        name: "amazons",
        signature: "amazons(\"x...|..#o\")",
        arity: 1..=1,
        help: "An Amazons position (small boards): rows separated by `|`, `x` Left's queens, `o` Right's, `#` a burnt square, `.` an empty one. A move takes one of the mover's queens like a chess queen over empty squares, then shoots an arrow like a queen from its new square onto an empty square, burning it. Regions walled off by burnt squares are added as components.",
        example: "value(amazons(\"x..|..o\"))",
        build: |args| {
            let board = Grid::parse(Arg::text(args, 0, "the board")?, &SYMBOLS)
                .map_err(|e| ArgError::at(0, e))?;
            Ok(Positioned::boxed(Amazons, board))
        },
    }],
    words: &[],
};

impl Notation for Amazons {
    fn text(&self, g: &Grid) -> String {
        format!("amazons(\"{}\")", g.text(&SYMBOLS))
    }
    fn picture(&self, g: &Grid) -> Picture {
        picture::quoted_board(&self.text(g), picture::STONES)
    }
}

fn moves(g: &Grid, queen: u8) -> Vec<Grid> {
    let mut out = Vec::new();
    for r in 0..g.rows {
        for c in 0..g.cols {
            if g.at(r, c) != queen {
                continue;
            }
            for to in g.queen_moves(r, c, |a, b| g.at(a, b) == 0) {
                let moved = g.with(&[((r, c), 0), (to, queen)]);
                for arrow in moved.queen_moves(to.0, to.1, |a, b| moved.at(a, b) == 0) {
                    out.push(moved.with(&[(arrow, BURNT)]));
                }
            }
        }
    }
    out
}

impl Ruleset for Amazons {
    type Position = Grid;

    fn left_options(&self, g: &Grid) -> Vec<Grid> {
        moves(g, LEFT)
    }

    fn right_options(&self, g: &Grid) -> Vec<Grid> {
        moves(g, RIGHT)
    }

    fn components(&self, g: &Grid) -> Option<Vec<Grid>> {
        // Queens and arrows travel through open squares only, so regions of
        // open squares that do not touch, not even diagonally, never
        // interact; a region without a queen is dead.
        let parts = g
            .regions_by(|v| v != BURNT, true, BURNT)
            .into_iter()
            .filter(|p| p.cells.iter().any(|&v| v == LEFT || v == RIGHT))
            .collect();
        Some(parts)
    }

    fn canonical_key(&self, g: &Grid) -> Grid {
        g.trimmed_of(BURNT).least_symmetric()
    }

    fn signed_key(&self, g: &Grid) -> (Grid, bool) {
        // Exchanging the colours negates the game.
        let swapped = g.recoloured(&[0, RIGHT, LEFT, BURNT]);
        lesser_of_conjugates(self.canonical_key(g), self.canonical_key(&swapped))
    }
}
