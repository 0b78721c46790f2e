//! Clobber: Left moves a black stone (`x`) onto an orthogonally adjacent
//! white stone (`o`), which is removed; Right moves white onto black. A board
//! of one row is the 1×n game.

use super::grid::Grid;
use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;

/// The Clobber ruleset (boards are positions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clobber;

const SYMBOLS: [char; 3] = ['.', 'x', 'o'];
const BLACK: u8 = 1;
const WHITE: u8 = 2;

/// Clobber in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "clobber",
    constructors: &[Constructor {
        name: "clobber",
        signature: "clobber(\"xo.|ox.\")",
        arity: 1..=1,
        help: "A Clobber position (CGSuite's notation): rows separated by `|`, `x` a black stone (Left's), `o` a white stone (Right's), `.` an empty square. A player moves one of their stones onto an orthogonally adjacent stone of the opponent, which is removed. Groups of stones that do not touch are added as components.",
        example: "value(clobber(\"xxo\"))",
        build: |args| {
            let board = Grid::parse(Arg::text(args, 0, "the board")?, &SYMBOLS)
                .map_err(|e| ArgError::at(0, e))?;
            Ok(Positioned::boxed(Clobber, board))
        },
    }],
    words: &[],
};

impl Notation for Clobber {
    fn text(&self, g: &Grid) -> String {
        format!("clobber(\"{}\")", g.text(&SYMBOLS))
    }
}

fn moves(g: &Grid, mine: u8, theirs: u8) -> Vec<Grid> {
    let mut out = Vec::new();
    for r in 0..g.rows {
        for c in 0..g.cols {
            if g.at(r, c) != mine {
                continue;
            }
            for (r2, c2) in g.neighbours(r, c) {
                if g.at(r2, c2) == theirs {
                    out.push(g.with(&[((r, c), 0), ((r2, c2), mine)]));
                }
            }
        }
    }
    out
}

impl Ruleset for Clobber {
    type Position = Grid;

    fn left_options(&self, g: &Grid) -> Vec<Grid> {
        moves(g, BLACK, WHITE)
    }

    fn right_options(&self, g: &Grid) -> Vec<Grid> {
        moves(g, WHITE, BLACK)
    }

    fn components(&self, g: &Grid) -> Option<Vec<Grid>> {
        // Stones that do not touch never interact; a group of one colour
        // only has no move at all.
        let parts: Vec<Grid> = g
            .regions(|v| v != 0)
            .into_iter()
            .filter(|p| p.cells.contains(&BLACK) && p.cells.contains(&WHITE))
            .collect();
        Some(parts)
    }

    fn canonical_key(&self, g: &Grid) -> Grid {
        g.least_image()
    }
}
