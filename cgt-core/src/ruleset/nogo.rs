//! NoGo: players take turns placing a stone of their colour on an empty
//! point, Left black (`x`), Right white (`o`); a move that leaves any block
//! of stones (either colour) without a liberty is illegal: no capture, no
//! suicide. A board of one row is the 1×n game.
//!
//! A strip (one row or one column) splits: a run of stones of one colour
//! has the liberties of one stone (only its two ends can touch empty
//! points), and where a black stone touches a white one, neither block can
//! ever breathe across the other, so the moves on each side never change
//! what is legal on the other (the "XO split" of the 1×n NoGo literature).

use super::grid::{Cells, Grid};
use super::picture::{self, Picture};
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
    fn picture(&self, g: &Grid) -> Picture {
        picture::quoted_board(&self.text(g), picture::STONES)
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
    if g.is_strip() {
        return strip_moves(g, stone);
    }
    board_moves(g, stone)
}

/// The moves of `stone` on any board, by counting liberties.
fn board_moves(g: &Grid, stone: u8) -> Vec<Grid> {
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

/// The moves of `stone` on a strip. A block of a strip breathes only at its
/// two ends: the new stone's block needs an empty end, and a block of the
/// other colour it touches needs its far end empty.
fn strip_moves(g: &Grid, stone: u8) -> Vec<Grid> {
    let c = &g.cells[..];
    let n = c.len();
    let empty_at = |k: Option<usize>| k.is_some_and(|k| k < n && c[k] == 0);
    // The end beyond the run of `colour` going down from `k` (or up).
    let below = |mut k: usize, colour: u8| loop {
        if c[k] != colour {
            return Some(k);
        }
        if k == 0 {
            return None;
        }
        k -= 1;
    };
    let above = |mut k: usize, colour: u8| {
        while k < n && c[k] == colour {
            k += 1;
        }
        Some(k)
    };
    let mut out = Vec::new();
    for i in 0..n {
        if c[i] != 0 {
            continue;
        }
        let down = if i == 0 { None } else { below(i - 1, stone) };
        let up = above(i + 1, stone);
        if !empty_at(down) && !empty_at(up) {
            continue;
        }
        let other = 3 - stone;
        let left_ok = i == 0 || c[i - 1] != other || empty_at(below(i - 1, other));
        let right_ok = i + 1 >= n || c[i + 1] != other || empty_at(above(i + 1, other));
        if left_ok && right_ok {
            let mut next = g.clone();
            next.cells[i] = stone;
            out.push(next);
        }
    }
    out
}

/// The key of a strip: one row, runs of one colour made one stone, and the
/// lesser of the row and its reverse (the game tree is the same).
fn strip_key(cells: &[u8]) -> Grid {
    let mut row = Cells::new();
    for &v in cells {
        if v == 0 || row.last() != Some(&v) {
            row.push(v);
        }
    }
    let reversed: Cells = row.iter().rev().copied().collect();
    Grid {
        rows: 1,
        cols: row.len(),
        cells: row.min(reversed),
    }
}

/// The parts of a strip whose values add: runs of one colour made one stone,
/// cut between two stones of opposite colours, each part keeping its stone
/// at the cut (a wall stands where the other part was). Parts without an
/// empty point have no move and are left out.
fn strip_parts(cells: &[u8]) -> Vec<Grid> {
    let mut parts = Vec::new();
    let mut part = Cells::new();
    let mut close = |part: &mut Cells| {
        if part.contains(&0) {
            parts.push(Grid {
                rows: 1,
                cols: part.len(),
                cells: std::mem::take(part),
            });
        }
        part.clear();
    };
    for &v in cells {
        match part.last() {
            Some(&last) if v != 0 && last == v => continue,
            Some(&last) if v != 0 && last != 0 => close(&mut part),
            _ => {}
        }
        part.push(v);
    }
    close(&mut part);
    parts
}

impl Ruleset for NoGo {
    type Position = Grid;

    fn left_options(&self, g: &Grid) -> Vec<Grid> {
        moves(g, BLACK)
    }

    fn right_options(&self, g: &Grid) -> Vec<Grid> {
        moves(g, WHITE)
    }

    fn components(&self, g: &Grid) -> Option<Vec<Grid>> {
        g.is_strip().then(|| strip_parts(&g.cells))
    }

    fn cheap_to_value(&self, g: &Grid) -> Option<bool> {
        // Strips with up to 9 empty points: chosen on the strips of MCGS's
        // tests (1×1 to 1×17 empty, and 1×30 with stones), where 8 to 10
        // do best. A strip with many empty points and stones spread out
        // has a hot value of birthday 16 and more, which takes seconds
        // where its search takes milliseconds.
        g.is_strip()
            .then(|| g.cells.iter().filter(|&&v| v == 0).count() <= 9)
    }

    fn canonical_key(&self, g: &Grid) -> Grid {
        if g.is_strip() {
            return strip_key(&g.cells);
        }
        // The eight symmetries of the square keep liberties and moves; the
        // board's edges matter, so it is not trimmed.
        g.least_symmetric()
    }

    fn signed_key(&self, g: &Grid) -> (Grid, bool) {
        // Exchanging the colours negates the game.
        let swapped = g.recoloured(&[0, WHITE, BLACK]);
        lesser_of_conjugates(self.canonical_key(g), self.canonical_key(&swapped))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The strip's own rule for legal moves agrees with liberties counted
    /// on the board, on every strip of up to 7 points (both orientations).
    #[test]
    fn strip_moves_are_the_legal_moves() {
        for n in 1..=7u32 {
            for code in 0..3usize.pow(n) {
                let cells: Cells = (0..n).map(|k| (code / 3usize.pow(k) % 3) as u8).collect();
                let n = n as usize;
                for (rows, cols) in [(1, n), (n, 1)] {
                    let g = Grid {
                        rows,
                        cols,
                        cells: cells.clone(),
                    };
                    for stone in [BLACK, WHITE] {
                        assert_eq!(strip_moves(&g, stone), board_moves(&g, stone), "{g:?}");
                    }
                }
            }
        }
    }

    /// Parts of a strip: runs made one stone, cut between opposite colours,
    /// parts without an empty point dropped.
    #[test]
    fn strips_split_between_opposite_colours() {
        let g = Grid::parse("x.xxo..o.oxx", &SYMBOLS).expect("a strip");
        let parts: Vec<String> = strip_parts(&g.cells)
            .iter()
            .map(|p| p.text(&SYMBOLS))
            .collect();
        assert_eq!(parts, ["x.x", "o..o.o"]);
    }
}
