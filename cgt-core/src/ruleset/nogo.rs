//! NoGo: players take turns placing a stone of their colour on an empty
//! point, Left black (`x`), Right white (`o`); a move that leaves any block
//! of stones (either colour) without a liberty is illegal: no capture, no
//! suicide. A board of one row is the 1×n game.

use super::grid::Grid;
use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::{lesser_of_conjugates, Ruleset};

/// The NoGo ruleset (boards are positions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NoGo;

const SYMBOLS: [char; 3] = ['.', 'x', 'o'];
const BLACK: u8 = 1;
const WHITE: u8 = 2;

/// NoGo in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "nogo",
    constructors: &[Constructor {
        name: "nogo",
        signature: "nogo(\"..x.|o...\")",
        arity: 1..=1,
        help: "A NoGo position: rows separated by `|`, `x` black (Left), `o` white (Right), `.` empty. A move places a stone of one's colour on an empty point; it is illegal if afterwards some block of stones (of either colour) has no liberty.",
        example: "value(nogo(\"....\"))",
        build: |args| {
            let board = Grid::parse(Arg::text(args, 0, "the board")?, &SYMBOLS)
                .map_err(|e| ArgError::at(0, e))?;
            Ok(Positioned::boxed(NoGo, board))
        },
    }],
    words: &[],
};

impl Notation for NoGo {
    fn text(&self, g: &Grid) -> String {
        format!("nogo(\"{}\")", g.text(&SYMBOLS))
    }
}

/// True if the block of stones containing `(r, c)` has a liberty.
fn breathes(g: &Grid, r: usize, c: usize) -> bool {
    let colour = g.at(r, c);
    let mut seen = vec![false; g.cells.len()];
    let mut stack = vec![(r, c)];
    seen[r * g.cols + c] = true;
    while let Some((r, c)) = stack.pop() {
        for (r2, c2) in g.neighbours(r, c) {
            let v = g.at(r2, c2);
            if v == 0 {
                return true;
            }
            let k = r2 * g.cols + c2;
            if v == colour && !seen[k] {
                seen[k] = true;
                stack.push((r2, c2));
            }
        }
    }
    false
}

fn moves(g: &Grid, stone: u8) -> Vec<Grid> {
    let mut out = Vec::new();
    for r in 0..g.rows {
        for c in 0..g.cols {
            if g.at(r, c) != 0 {
                continue;
            }
            let next = g.with(&[((r, c), stone)]);
            // Only the new stone's block and the blocks next to it lose liberties.
            let legal = breathes(&next, r, c)
                && next
                    .neighbours(r, c)
                    .all(|(r2, c2)| next.at(r2, c2) == 0 || breathes(&next, r2, c2));
            if legal {
                out.push(next);
            }
        }
    }
    out
}

impl Ruleset for NoGo {
    type Position = Grid;

    fn left_options(&self, g: &Grid) -> Vec<Grid> {
        moves(g, BLACK)
    }

    fn right_options(&self, g: &Grid) -> Vec<Grid> {
        moves(g, WHITE)
    }

    fn canonical_key(&self, g: &Grid) -> Grid {
        // The eight symmetries of the square keep liberties and moves; the
        // board's edges matter, so it is not trimmed.
        g.least_symmetric()
    }

    fn signed_key(&self, g: &Grid) -> (Grid, bool) {
        // Exchanging the colours negates the game.
        let swapped = g.recoloured(&[0, WHITE, BLACK]);
        lesser_of_conjugates(g.least_symmetric(), swapped.least_symmetric())
    }
}
