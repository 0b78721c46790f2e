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
        help: "A Domineering position: Left places vertical dominoes, Right horizontal ones. An empty rows x cols board, or a board given as rows separated by `/` with `.` free and `#` occupied.",
        example: "value(domineering(2, 2))",
        build: |args| {
            let board = match args {
                [Arg::Text(text)] => Board::parse(text).map_err(|e| ArgError::at(0, e))?,
                [_, _] => {
                    let side = |k| {
                        Arg::int::<usize>(args, k, "a board side")
                            .ok()
                            .filter(|&n| n <= 64)
                            .ok_or_else(|| ArgError::at(k, "board sides are integers from 0 to 64"))
                    };
                    Board::empty(side(0)?, side(1)?)
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

/// A board: `cells[r][c]` is true where a square is free.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Row-major cells; true where free.
    pub cells: Vec<bool>,
}

impl Board {
    /// An empty `rows × cols` board.
    pub fn empty(rows: usize, cols: usize) -> Self {
        Board {
            rows,
            cols,
            cells: vec![true; rows * cols],
        }
    }

    /// A board from rows separated by `/` (or `|`, as CGSuite writes them): `.` free, `#` occupied.
    pub fn parse(s: &str) -> Result<Self, String> {
        let rows: Vec<&str> = s.split(['/', '|']).collect();
        let cols = rows.first().map_or(0, |r| r.chars().count());
        let mut cells = Vec::new();
        for r in &rows {
            if r.chars().count() != cols {
                return Err("every row of the board needs the same length".into());
            }
            for c in r.chars() {
                match c {
                    '.' => cells.push(true),
                    '#' => cells.push(false),
                    other => {
                        return Err(format!("unexpected `{other}` in a board (use `.` and `#`)"))
                    }
                }
            }
        }
        Ok(Board {
            rows: rows.len(),
            cols,
            cells,
        })
    }

    fn free(&self, r: usize, c: usize) -> bool {
        self.cells[r * self.cols + c]
    }

    fn with(&self, a: (usize, usize), b: (usize, usize)) -> Board {
        let mut next = self.clone();
        next.cells[a.0 * self.cols + a.1] = false;
        next.cells[b.0 * self.cols + b.1] = false;
        next.trimmed()
    }

    /// Drop full border rows and columns (same game, smaller key).
    fn trimmed(mut self) -> Board {
        loop {
            let row_full = |b: &Board, r: usize| (0..b.cols).all(|c| !b.free(r, c));
            let col_full = |b: &Board, c: usize| (0..b.rows).all(|r| !b.free(r, c));
            if self.rows > 0 && row_full(&self, self.rows - 1) {
                self.cells.truncate((self.rows - 1) * self.cols);
                self.rows -= 1;
            } else if self.rows > 0 && row_full(&self, 0) {
                self.cells.drain(0..self.cols);
                self.rows -= 1;
            } else if self.cols > 0 && (col_full(&self, self.cols - 1) || col_full(&self, 0)) {
                let drop = if col_full(&self, self.cols - 1) {
                    self.cols - 1
                } else {
                    0
                };
                let mut cells = Vec::with_capacity(self.rows * (self.cols - 1));
                for r in 0..self.rows {
                    for c in 0..self.cols {
                        if c != drop {
                            cells.push(self.cells[r * self.cols + c]);
                        }
                    }
                }
                self.cells = cells;
                self.cols -= 1;
            } else {
                break;
            }
            if self.rows == 0 || self.cols == 0 {
                return Board {
                    rows: 0,
                    cols: 0,
                    cells: vec![],
                };
            }
        }
        self
    }
}

impl Ruleset for Domineering {
    type Position = Board;

    fn left_options(&self, b: &Board) -> Vec<Board> {
        let mut out = Vec::new();
        for r in 0..b.rows.saturating_sub(1) {
            for c in 0..b.cols {
                if b.free(r, c) && b.free(r + 1, c) {
                    out.push(b.with((r, c), (r + 1, c)));
                }
            }
        }
        out
    }

    fn right_options(&self, b: &Board) -> Vec<Board> {
        let mut out = Vec::new();
        for r in 0..b.rows {
            for c in 0..b.cols.saturating_sub(1) {
                if b.free(r, c) && b.free(r, c + 1) {
                    out.push(b.with((r, c), (r, c + 1)));
                }
            }
        }
        out
    }

    fn components(&self, b: &Board) -> Option<Vec<Board>> {
        // Regions of free squares that do not touch are independent games.
        let mut region = vec![usize::MAX; b.cells.len()];
        let mut count = 0;
        for start in 0..b.cells.len() {
            if !b.cells[start] || region[start] != usize::MAX {
                continue;
            }
            let mut stack = vec![start];
            region[start] = count;
            while let Some(k) = stack.pop() {
                let (r, c) = (k / b.cols, k % b.cols);
                let mut near = Vec::with_capacity(4);
                if r > 0 {
                    near.push(k - b.cols);
                }
                if r + 1 < b.rows {
                    near.push(k + b.cols);
                }
                if c > 0 {
                    near.push(k - 1);
                }
                if c + 1 < b.cols {
                    near.push(k + 1);
                }
                for j in near {
                    if b.cells[j] && region[j] == usize::MAX {
                        region[j] = count;
                        stack.push(j);
                    }
                }
            }
            count += 1;
        }
        if count < 2 {
            return None;
        }
        let parts = (0..count)
            .map(|k| {
                let cells = region.iter().map(|&x| x == k).collect();
                Board {
                    rows: b.rows,
                    cols: b.cols,
                    cells,
                }
                .trimmed()
            })
            .collect();
        Some(parts)
    }

    fn canonical_key(&self, b: &Board) -> Board {
        // Reflections left-right and up-down keep each player's moves.
        let flip_h = |b: &Board| {
            let mut cells = Vec::with_capacity(b.cells.len());
            for r in 0..b.rows {
                for c in (0..b.cols).rev() {
                    cells.push(b.cells[r * b.cols + c]);
                }
            }
            Board {
                rows: b.rows,
                cols: b.cols,
                cells,
            }
        };
        let flip_v = |b: &Board| {
            let mut cells = Vec::with_capacity(b.cells.len());
            for r in (0..b.rows).rev() {
                cells.extend_from_slice(&b.cells[r * b.cols..(r + 1) * b.cols]);
            }
            Board {
                rows: b.rows,
                cols: b.cols,
                cells,
            }
        };
        let a = b.clone().trimmed();
        let h = flip_h(&a);
        let v = flip_v(&a);
        let hv = flip_v(&h);
        [a, h, v, hv]
            .into_iter()
            .min_by(|x, y| x.cells.cmp(&y.cells))
            .expect("four boards")
    }
}
