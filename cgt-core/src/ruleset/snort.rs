//! Snort (Winning Ways, chapter 2) on a grid: players take turns placing a
//! stone of their colour, Left black (`x`), Right white (`o`), on an empty
//! square that is not next to a stone of the opponent's colour.
//! Blocked squares are `#`. A board of one row is a strip.

use super::grid::Grid;
use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;

/// The Snort ruleset (boards are positions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Snort;

const SYMBOLS: [char; 4] = ['.', 'x', 'o', '#'];
const BLACK: u8 = 1;
const WHITE: u8 = 2;

/// Snort in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "snort",
    constructors: &[Constructor {
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
    }],
    words: &[],
};

impl Notation for Snort {
    fn text(&self, g: &Grid) -> String {
        format!("snort(\"{}\")", g.text(&SYMBOLS))
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
}
