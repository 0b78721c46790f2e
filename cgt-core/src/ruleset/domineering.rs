//! Domineering: Left places vertical dominoes, Right horizontal ones.

use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;

/// The Domineering ruleset (boards are positions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Domineering;

/// Domineering in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "domineering",
    constructors: &[Constructor {
        name: "domineering",
        signature: "domineering(rows, cols) or domineering(\"..#/...\")",
        arity: 1..=2,
        help: "A Domineering position: Left places vertical dominoes, Right horizontal ones. An empty rows x cols board, or a board given as rows separated by `/` (or `|`) with `.` free and `#` occupied; at most 128 squares.",
        example: "value(domineering(2, 2))",
        build: |args| {
            let board = match args {
                [Arg::Text(text)] => Board::parse(text).map_err(|e| ArgError::at(0, e))?,
                [_, _] => {
                    let side = |k| {
                        Arg::int::<usize>(args, k, "a board side")
                            .ok()
                            .filter(|&n| n <= MAX_SQUARES)
                            .ok_or_else(|| ArgError::at(k, format!("board sides are integers from 0 to {MAX_SQUARES}")))
                    };
                    let (rows, cols) = (side(0)?, side(1)?);
                    if rows * cols > MAX_SQUARES {
                        return Err(ArgError::call(format!("Domineering boards have at most {MAX_SQUARES} squares")));
                    }
                    Board::empty(rows, cols)
                }
                _ => return Err(ArgError::at(0, "expected rows and columns, or a board in quotes")),
            };
            Ok(Positioned::boxed(Domineering, board))
        },
    }],
    words: &[],
};

impl Notation for Domineering {
    fn text(&self, b: &Board) -> String {
        let rows: Vec<String> = (0..b.rows)
            .map(|r| {
                (0..b.cols)
                    .map(|c| if b.free(r, c) { '.' } else { '#' })
                    .collect()
            })
            .collect();
        format!("domineering(\"{}\")", rows.join("/"))
    }
}

/// The most squares a board may have: boards are bit sets, so that the
/// millions of positions a value visits are cheap to hash, trim and mirror.
pub const MAX_SQUARES: usize = 128;

/// A board: bit `r * cols + c` of `free` is set where a square is free.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    free: u128,
}

/// The lowest `n` bits.
fn low(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

impl Board {
    /// An empty `rows × cols` board (at most [`MAX_SQUARES`] squares).
    pub fn empty(rows: usize, cols: usize) -> Self {
        assert!(rows * cols <= MAX_SQUARES, "at most {MAX_SQUARES} squares");
        Board {
            rows,
            cols,
            free: low(rows * cols),
        }
    }

    /// A board from rows separated by `/` (or `|`, as CGSuite writes them): `.` free, `#` occupied.
    pub fn parse(s: &str) -> Result<Self, String> {
        let rows: Vec<&str> = s.split(['/', '|']).collect();
        let cols = rows.first().map_or(0, |r| r.chars().count());
        let mut free = 0u128;
        let mut k = 0;
        for r in &rows {
            if r.chars().count() != cols {
                return Err("every row of the board needs the same length".into());
            }
            for c in r.chars() {
                if k >= MAX_SQUARES {
                    return Err(format!(
                        "Domineering boards have at most {MAX_SQUARES} squares"
                    ));
                }
                match c {
                    '.' => free |= 1 << k,
                    '#' => {}
                    other => {
                        return Err(format!("unexpected `{other}` in a board (use `.` and `#`)"))
                    }
                }
                k += 1;
            }
        }
        Ok(Board {
            rows: rows.len(),
            cols,
            free,
        })
    }

    fn free(&self, r: usize, c: usize) -> bool {
        self.free >> (r * self.cols + c) & 1 == 1
    }

    /// The free squares of row `r`, as the low bits.
    fn row(&self, r: usize) -> u128 {
        (self.free >> (r * self.cols)) & low(self.cols)
    }

    /// A board of this shape from its rows' bits.
    fn from_rows(rows: usize, cols: usize, bits: impl Iterator<Item = u128>) -> Board {
        let free = bits
            .enumerate()
            .fold(0, |acc, (r, row)| acc | row << (r * cols));
        Board { rows, cols, free }
    }

    /// The squares of the first column (as a mask over the board).
    fn first_column(&self) -> u128 {
        (0..self.rows).fold(0, |acc, r| acc | 1 << (r * self.cols))
    }

    /// The squares next to a square of `set`.
    fn neighbours_of(&self, set: u128) -> u128 {
        let first = self.first_column();
        let last = if self.cols == 0 {
            0
        } else {
            first << (self.cols - 1)
        };
        let all = low(self.rows * self.cols);
        let shifted_down = if self.cols < 128 { set << self.cols } else { 0 };
        let shifted_up = if self.cols < 128 { set >> self.cols } else { 0 };
        (((set & !last) << 1) | ((set & !first) >> 1) | shifted_down | shifted_up) & all
    }

    /// Without squares no domino can cover (no free neighbour) and without
    /// border rows and columns that have no free square: the same game.
    fn normalized(&self) -> Board {
        let live = self.free & self.neighbours_of(self.free);
        Board {
            free: live,
            ..*self
        }
        .trimmed()
    }

    fn trimmed(&self) -> Board {
        if self.free == 0 {
            return Board {
                rows: 0,
                cols: 0,
                free: 0,
            };
        }
        let r0 = (0..self.rows).find(|&r| self.row(r) != 0).unwrap_or(0);
        let r1 = (0..self.rows).rfind(|&r| self.row(r) != 0).unwrap_or(0);
        let used = (r0..=r1).fold(0, |acc, r| acc | self.row(r));
        let c0 = used.trailing_zeros() as usize;
        let c1 = 127 - used.leading_zeros() as usize;
        let cols = c1 - c0 + 1;
        if r0 == 0 && r1 + 1 == self.rows && cols == self.cols {
            return self.clone();
        }
        Board::from_rows(
            r1 - r0 + 1,
            cols,
            (r0..=r1).map(|r| (self.row(r) >> c0) & low(cols)),
        )
    }

    /// Each row read backwards.
    fn mirrored(&self) -> Board {
        let shift = 128 - self.cols;
        Board::from_rows(
            self.rows,
            self.cols,
            (0..self.rows).map(|r| self.row(r).reverse_bits() >> shift),
        )
    }

    /// The rows in reverse order.
    fn flipped(&self) -> Board {
        Board::from_rows(
            self.rows,
            self.cols,
            (0..self.rows).rev().map(|r| self.row(r)),
        )
    }

    /// Rows as columns: the board on which the players' roles are swapped.
    fn transposed(&self) -> Board {
        let mut free = 0u128;
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.free(r, c) {
                    free |= 1 << (c * self.rows + r);
                }
            }
        }
        Board {
            rows: self.cols,
            cols: self.rows,
            free,
        }
    }

    /// The least image under the reflections that keep each player's moves
    /// (left-right and up-down).
    fn least_reflection(&self) -> Board {
        let m = self.mirrored();
        let candidates = [self.flipped(), m.flipped(), m];
        candidates.into_iter().fold(
            self.clone(),
            |best, b| if b.free < best.free { b } else { best },
        )
    }

    /// The board after covering squares `a` and `b` (bit indices).
    fn covered(&self, a: usize, b: usize) -> Board {
        Board {
            free: self.free & !(1 << a | 1 << b),
            ..*self
        }
        .trimmed()
    }

    /// The bit indices of the set bits of `x`.
    fn bits(mut x: u128) -> impl Iterator<Item = usize> {
        std::iter::from_fn(move || {
            (x != 0).then(|| {
                let i = x.trailing_zeros() as usize;
                x &= x - 1;
                i
            })
        })
    }
}

impl Ruleset for Domineering {
    type Position = Board;

    fn left_options(&self, b: &Board) -> Vec<Board> {
        if b.rows < 2 {
            return Vec::new();
        }
        let tops = b.free & (b.free >> b.cols);
        Board::bits(tops)
            .map(|i| b.covered(i, i + b.cols))
            .collect()
    }

    fn right_options(&self, b: &Board) -> Vec<Board> {
        if b.cols < 2 {
            return Vec::new();
        }
        let last = b.first_column() << (b.cols - 1);
        let lefts = b.free & (b.free >> 1) & !last;
        Board::bits(lefts).map(|i| b.covered(i, i + 1)).collect()
    }

    fn components(&self, b: &Board) -> Option<Vec<Board>> {
        // Regions of free squares that do not touch are independent games.
        let mut rest = b.free;
        let mut parts = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region | b.neighbours_of(region)) & b.free;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            parts.push(Board { free: region, ..*b }.trimmed());
        }
        (parts.len() > 1).then_some(parts)
    }

    fn canonical_key(&self, b: &Board) -> Board {
        b.normalized().least_reflection()
    }

    fn signed_key(&self, b: &Board) -> (Board, bool) {
        // Transposing swaps vertical and horizontal: the negative game. Of
        // a board and its transpose, the key is the least.
        let key = self.canonical_key(b);
        let t = key.transposed().least_reflection();
        if (t.rows, t.cols, t.free) < (key.rows, key.cols, key.free) {
            (t, true)
        } else {
            (key, false)
        }
    }
}
