//! Konane: a player jumps one of their stones orthogonally over an adjacent
//! stone of the opponent onto the empty square beyond, removing it, and may
//! go on jumping in the same direction; each stop is a move. Left's stones
//! are `x`, Right's `o`, `#` a square off the board.

use super::grid::Grid;
use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;

/// The Konane ruleset (boards are positions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Konane;

const SYMBOLS: [char; 4] = ['.', 'x', 'o', '#'];
const LEFT: u8 = 1;
const RIGHT: u8 = 2;

/// Konane in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "konane",
    constructors: &[Constructor {
        name: "konane",
        signature: "konane(\"xo..|.ox.\")",
        arity: 1..=1,
        help: "A Konane position: rows separated by `|`, `x` Left's stones, `o` Right's, `.` an empty square, `#` a square off the board. A move jumps one of the mover's stones orthogonally over an adjacent stone of the opponent onto the empty square beyond, capturing it; the stone may go on jumping in the same direction, and may stop after any jump.",
        example: "value(konane(\"xo.|..o\"))",
        build: |args| {
            let board = Grid::parse(Arg::text(args, 0, "the board")?, &SYMBOLS)
                .map_err(|e| ArgError::at(0, e))?;
            Ok(Positioned::boxed(Konane, board))
        },
    }],
    words: &[],
};

impl Notation for Konane {
    fn text(&self, g: &Grid) -> String {
        format!("konane(\"{}\")", g.text(&SYMBOLS))
    }
}

fn jumps(g: &Grid, mine: u8, theirs: u8) -> Vec<Grid> {
    let mut out = Vec::new();
    let step = |r: usize, c: usize, (dr, dc): (isize, isize)| {
        let (r, c) = (r.checked_add_signed(dr)?, c.checked_add_signed(dc)?);
        (r < g.rows && c < g.cols).then_some((r, c))
    };
    for r in 0..g.rows {
        for c in 0..g.cols {
            if g.at(r, c) != mine {
                continue;
            }
            for dir in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                // The board as it is after the jumps so far, made at the first.
                let mut board: Option<Grid> = None;
                let mut at = (r, c);
                while let Some(over) = step(at.0, at.1, dir) {
                    let Some(to) = step(over.0, over.1, dir) else {
                        break;
                    };
                    let now = board.as_ref().unwrap_or(g);
                    if now.at(over.0, over.1) != theirs || now.at(to.0, to.1) != 0 {
                        break;
                    }
                    let lifted = now.with(&[((r, c), 0), (over, 0)]);
                    out.push(lifted.with(&[(to, mine)]));
                    board = Some(lifted);
                    at = to;
                }
            }
        }
    }
    out
}

impl Ruleset for Konane {
    type Position = Grid;

    fn left_options(&self, g: &Grid) -> Vec<Grid> {
        jumps(g, LEFT, RIGHT)
    }

    fn right_options(&self, g: &Grid) -> Vec<Grid> {
        jumps(g, RIGHT, LEFT)
    }

    fn canonical_key(&self, g: &Grid) -> Grid {
        // Every symmetry of the square keeps the rules; empty squares are
        // landed on, so the board is not trimmed.
        g.least_symmetric()
    }
}
