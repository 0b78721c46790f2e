//! Clobber: Left moves a black stone (`x`) onto an orthogonally adjacent
//! white stone (`o`), which is removed; Right moves white onto black. A board
//! of one row is the 1×n game.

use super::grid::Grid;
use super::picture::{self, Picture};
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
    fn picture(&self, g: &Grid) -> Picture {
        picture::quoted_board(&self.text(g), picture::STONES)
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

/// Adjacent pairs of stones of opposite colours (each a move for both
/// players), and the black and white stones that can move.
fn move_counts(g: &Grid) -> (i32, i32, i32) {
    let (mut pairs, mut black, mut white) = (0, 0, 0);
    for r in 0..g.rows {
        for c in 0..g.cols {
            let v = g.at(r, c);
            if v == 0 {
                continue;
            }
            if c + 1 < g.cols && g.at(r, c + 1) == 3 - v {
                pairs += 1;
            }
            if r + 1 < g.rows && g.at(r + 1, c) == 3 - v {
                pairs += 1;
            }
            if g.neighbours(r, c).any(|(r2, c2)| g.at(r2, c2) == 3 - v) {
                if v == BLACK {
                    black += 1;
                } else {
                    white += 1;
                }
            }
        }
    }
    (pairs, black, white)
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

    fn cheap_to_value(&self, g: &Grid) -> Option<bool> {
        // Up to 8 stones on a board, 16 on a strip: chosen on MCGS's
        // Clobber tests (boards of 3×6 to 4×8, where 6 to 10 do best and 12
        // takes three times as long; strips of up to 30 squares, where 8
        // takes ten times as long as 12 to 30).
        let limit = if g.is_strip() { 16 } else { 8 };
        Some(g.cells.iter().filter(|&&v| v != 0).count() <= limit)
    }

    fn score(&self, g: &Grid, mover_left: bool, _: Option<&super::MoveBounds>) -> i32 {
        // Moves that leave few contacts between the colours first (the
        // game is then soon over or split into small parts), then those
        // that leave the opponent fewer stones able to move than the mover.
        // Measured on MCGS's Clobber tests, this order took the search from
        // 1.8 s to 0.9 s; the reverse order took 16 s.
        let (pairs, black, white) = move_counts(g);
        let (mine, theirs) = if mover_left {
            (black, white)
        } else {
            (white, black)
        };
        4 * pairs + theirs - mine
    }

    fn canonical_key(&self, g: &Grid) -> Grid {
        g.least_image()
    }

    fn signed_key(&self, g: &Grid) -> (Grid, bool) {
        // Exchanging the colours negates the game.
        let swapped = g.recoloured(&[0, WHITE, BLACK]);
        super::lesser_of_conjugates(g.least_image(), swapped.least_image())
    }
}
