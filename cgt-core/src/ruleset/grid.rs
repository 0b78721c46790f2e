//! Rectangular boards of small cells, shared by the grid rulesets: reading
//! and writing CGSuite's notation (rows separated by `|`), trimming empty
//! borders, symmetries, and splitting into connected regions.

/// The cells of a board, held inline for boards of up to 64 squares (the
/// millions of positions a value visits then need no allocation).
pub type Cells = smallvec::SmallVec<[u8; 64]>;

/// A board: `cells[r * cols + c]`, 0 for an empty square; other values are
/// the ruleset's pieces.
#[derive(Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Row-major cells.
    pub cells: Cells,
}

impl Clone for Grid {
    /// A copy of the cells in one move (a derived clone copies cell by cell).
    fn clone(&self) -> Self {
        Grid {
            rows: self.rows,
            cols: self.cols,
            cells: Cells::from_slice(&self.cells),
        }
    }
}

/// The eight directions of a chess queen, orthogonal ones first (up, down,
/// left, right).
const DIRECTIONS: [(isize, isize); 8] = [
    (-1, 0),
    (1, 0),
    (0, -1),
    (0, 1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The eight symmetries of the square, as maps of a board's cells: the four
/// that keep rows as rows first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Symmetry {
    Identity,
    /// Left to right.
    Mirror,
    /// Upside down.
    Flip,
    /// Half a turn (mirrored and flipped).
    Turn,
    /// In the main diagonal.
    Transpose,
    /// Transposed, then mirrored.
    TransposeMirror,
    /// Transposed, then flipped.
    TransposeFlip,
    /// Transposed, then turned.
    TransposeTurn,
}

impl Symmetry {
    const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Turn,
        Symmetry::Transpose,
        Symmetry::TransposeMirror,
        Symmetry::TransposeFlip,
        Symmetry::TransposeTurn,
    ];

    fn transposes(self) -> bool {
        matches!(
            self,
            Symmetry::Transpose
                | Symmetry::TransposeMirror
                | Symmetry::TransposeFlip
                | Symmetry::TransposeTurn
        )
    }
}

/// The cells of an image of a board under a symmetry, as a walk over the
/// board's cells (see [`Grid::walk`]).
#[derive(Clone, Copy)]
struct Walk {
    rows: usize,
    cols: usize,
    start: isize,
    down: isize,
    across: isize,
}

impl Walk {
    fn dims(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }
}

/// The largest number of squares a board may have (positions are explored
/// exhaustively, so bigger boards are out of reach anyway).
pub const MAX_CELLS: usize = 4096;

impl Grid {
    /// A board from rows separated by `|` (or `/`); `symbols[k]` is the
    /// character of cell value `k` (its upper and lower case both read).
    pub fn parse(text: &str, symbols: &[char]) -> Result<Grid, String> {
        Self::read(text, symbols, |a, b| a.eq_ignore_ascii_case(b))
    }

    /// Like [`Grid::parse`], where case tells pieces apart.
    pub fn parse_exact(text: &str, symbols: &[char]) -> Result<Grid, String> {
        Self::read(text, symbols, |a, b| a == b)
    }

    fn read(text: &str, symbols: &[char], same: fn(&char, &char) -> bool) -> Result<Grid, String> {
        let rows: Vec<&str> = text.split(['|', '/']).collect();
        let cols = rows.first().map_or(0, |r| r.chars().count());
        let mut cells = Cells::new();
        for r in &rows {
            if r.chars().count() != cols {
                return Err("every row of the board needs the same length".into());
            }
            for ch in r.chars() {
                let k = symbols.iter().position(|s| same(s, &ch)).ok_or_else(|| {
                    let allowed: String = symbols.iter().collect();
                    format!("unexpected `{ch}` in a board (use the characters {allowed:?})")
                })?;
                cells.push(k as u8);
            }
            if cells.len() > MAX_CELLS {
                return Err(format!("boards have at most {MAX_CELLS} squares"));
            }
        }
        Ok(Grid {
            rows: rows.len(),
            cols,
            cells,
        })
    }

    /// The board in the notation `parse` reads.
    pub fn text(&self, symbols: &[char]) -> String {
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| symbols[usize::from(self.at(r, c))])
                    .collect()
            })
            .collect();
        rows.join("|")
    }

    /// True for a board of one row or one column (the 1×n games).
    pub fn is_strip(&self) -> bool {
        self.rows == 1 || self.cols == 1
    }

    /// The cell at row `r`, column `c`.
    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.cols + c]
    }

    /// The board with cell `(r, c)` set to `v`.
    pub fn with(&self, changes: &[((usize, usize), u8)]) -> Grid {
        let mut next = self.clone();
        for &((r, c), v) in changes {
            next.cells[r * self.cols + c] = v;
        }
        next
    }

    /// The orthogonal neighbours of `(r, c)`.
    pub fn neighbours(&self, r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> {
        self.around(r, c, false)
    }

    /// Without border rows and columns that hold only empty squares.
    pub fn trimmed(&self) -> Grid {
        self.trimmed_of(0)
    }

    /// Without border rows and columns that hold only `blank`.
    pub fn trimmed_of(&self, blank: u8) -> Grid {
        let used = |r: usize, c: usize| self.at(r, c) != blank;
        let rows: Vec<usize> = (0..self.rows)
            .filter(|&r| (0..self.cols).any(|c| used(r, c)))
            .collect();
        let cols: Vec<usize> = (0..self.cols)
            .filter(|&c| (0..self.rows).any(|r| used(r, c)))
            .collect();
        let (Some(&r0), Some(&r1), Some(&c0), Some(&c1)) =
            (rows.first(), rows.last(), cols.first(), cols.last())
        else {
            return Grid {
                rows: 0,
                cols: 0,
                cells: Cells::new(),
            };
        };
        let mut cells = Cells::with_capacity((r1 - r0 + 1) * (c1 - c0 + 1));
        for r in r0..=r1 {
            for c in c0..=c1 {
                cells.push(self.at(r, c));
            }
        }
        Grid {
            rows: r1 - r0 + 1,
            cols: c1 - c0 + 1,
            cells,
        }
    }

    /// The board mirrored left to right.
    pub fn mirrored(&self) -> Grid {
        let mut cells = Cells::with_capacity(self.cells.len());
        for r in 0..self.rows {
            cells.extend((0..self.cols).rev().map(|c| self.at(r, c)));
        }
        Grid { cells, ..*self }
    }

    /// The board upside down.
    pub fn flipped(&self) -> Grid {
        let mut cells = Cells::with_capacity(self.cells.len());
        for r in (0..self.rows).rev() {
            cells.extend_from_slice(&self.cells[r * self.cols..(r + 1) * self.cols]);
        }
        Grid { cells, ..*self }
    }

    /// The board reflected in its main diagonal.
    pub fn transposed(&self) -> Grid {
        let mut cells = Cells::with_capacity(self.cells.len());
        for c in 0..self.cols {
            cells.extend((0..self.rows).map(|r| self.at(r, c)));
        }
        Grid {
            rows: self.cols,
            cols: self.rows,
            cells,
        }
    }

    /// The least image of the trimmed board under the eight symmetries of
    /// the square: one key for boards with the same game tree, in games
    /// where empty squares are never played.
    pub fn least_image(&self) -> Grid {
        self.trimmed().least_symmetric()
    }

    /// The least of the board's images under the eight symmetries of the
    /// square, without trimming (for games where empty squares are played).
    pub fn least_symmetric(&self) -> Grid {
        self.least_of(&Symmetry::ALL)
    }

    /// The least of the board's images under the four symmetries that keep
    /// rows as rows (for games whose players move in different directions).
    pub fn least_upright(&self) -> Grid {
        self.least_of(&Symmetry::ALL[..4])
    }

    /// The least of the board's images under the four symmetries that keep
    /// rows as rows and, standing for the conjugate, the four that transpose
    /// it; and whether the least is a transposed one (a tie goes to the
    /// upright image). For games in which transposing the board exchanges
    /// the players: the signed key without building the transposed board.
    pub fn least_upright_or_transposed(&self) -> (Grid, bool) {
        let (walk, k) = self.least_walk(&Symmetry::ALL);
        (self.image(walk), Symmetry::ALL[k].transposes())
    }

    /// The least image under `symmetries`, compared cell by cell through
    /// index maps: only the winner is built (a key is made for every
    /// position a value visits).
    fn least_of(&self, symmetries: &[Symmetry]) -> Grid {
        self.image(self.least_walk(symmetries).0)
    }

    /// The walk reading the least image under `symmetries`, and its index
    /// (the first of equal images).
    fn least_walk(&self, symmetries: &[Symmetry]) -> (Walk, usize) {
        let mut best = (self.walk(symmetries[0]), 0);
        for (k, &s) in symmetries.iter().enumerate().skip(1) {
            let walk = self.walk(s);
            if walk.dims() < best.0.dims()
                || walk.dims() == best.0.dims() && self.reads_less(walk, best.0)
            {
                best = (walk, k);
            }
        }
        best
    }

    /// The image read by `walk`.
    fn image(&self, walk: Walk) -> Grid {
        let (rows, cols) = walk.dims();
        // Filled, then written in place: cheaper than a push per cell.
        let mut cells: Cells = smallvec::smallvec![0; rows * cols];
        for (r, line) in cells.chunks_exact_mut(cols.max(1)).enumerate() {
            let row = walk.start + r as isize * walk.down;
            for (c, cell) in line.iter_mut().enumerate() {
                *cell = self.cells[(row + c as isize * walk.across) as usize];
            }
        }
        Grid { rows, cols, cells }
    }

    /// Whether the image read by walk `a` is less than the one read by `b`
    /// (images of the same shape), cell by cell in row-major order.
    fn reads_less(&self, a: Walk, b: Walk) -> bool {
        for r in 0..a.rows as isize {
            let (ra, rb) = (a.start + r * a.down, b.start + r * b.down);
            for c in 0..a.cols as isize {
                let x = self.cells[(ra + c * a.across) as usize];
                let y = self.cells[(rb + c * b.across) as usize];
                if x != y {
                    return x < y;
                }
            }
        }
        false
    }

    /// How the image under `s` reads this board's cells: its cell `(r, c)`
    /// is cell `start + r * down + c * across` of this board.
    fn walk(&self, s: Symmetry) -> Walk {
        let (rows, cols) = (self.rows as isize, self.cols as isize);
        let (last_row, last_col) = ((rows - 1).max(0) * cols, (cols - 1).max(0));
        let (start, down, across) = match s {
            Symmetry::Identity => (0, cols, 1),
            Symmetry::Mirror => (last_col, cols, -1),
            Symmetry::Flip => (last_row, -cols, 1),
            Symmetry::Turn => (last_row + last_col, -cols, -1),
            Symmetry::Transpose => (0, 1, cols),
            Symmetry::TransposeMirror => (last_row, 1, -cols),
            Symmetry::TransposeFlip => (last_col, -1, cols),
            Symmetry::TransposeTurn => (last_row + last_col, -1, -cols),
        };
        let (rows, cols) = if s.transposes() {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        Walk {
            rows,
            cols,
            start,
            down,
            across,
        }
    }

    /// The board with every cell's value `v` replaced by `map[v]` (e.g.
    /// the players' pieces exchanged).
    pub fn recoloured(&self, map: &[u8]) -> Grid {
        Grid {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells.iter().map(|&v| map[usize::from(v)]).collect(),
        }
    }

    /// The regions of cells joined orthogonally through cells for which
    /// `joins` holds, each as a board of the same size holding only that
    /// region's cells.
    pub fn regions(&self, joins: impl Fn(u8) -> bool) -> Vec<Grid> {
        self.regions_by(joins, false, 0)
    }

    /// The regions of cells joined through cells for which `joins` holds,
    /// orthogonally or (with `diagonal`) also diagonally, each as a board of
    /// the same size whose cells outside the region are `fill`.
    pub fn regions_by(&self, joins: impl Fn(u8) -> bool, diagonal: bool, fill: u8) -> Vec<Grid> {
        let mut region = vec![usize::MAX; self.cells.len()];
        let mut count = 0;
        for start in 0..self.cells.len() {
            if !joins(self.cells[start]) || region[start] != usize::MAX {
                continue;
            }
            let mut stack = vec![start];
            region[start] = count;
            while let Some(k) = stack.pop() {
                for (r, c) in self.around(k / self.cols, k % self.cols, diagonal) {
                    let j = r * self.cols + c;
                    if joins(self.cells[j]) && region[j] == usize::MAX {
                        region[j] = count;
                        stack.push(j);
                    }
                }
            }
            count += 1;
        }
        (0..count)
            .map(|k| Grid {
                rows: self.rows,
                cols: self.cols,
                cells: self
                    .cells
                    .iter()
                    .zip(&region)
                    .map(|(&v, &x)| if x == k { v } else { fill })
                    .collect(),
            })
            .collect()
    }

    /// The squares next to `(r, c)`: orthogonally, and diagonally too with
    /// `diagonal`.
    pub fn around(
        &self,
        r: usize,
        c: usize,
        diagonal: bool,
    ) -> impl Iterator<Item = (usize, usize)> {
        let (rows, cols) = (self.rows, self.cols);
        DIRECTIONS
            .into_iter()
            .filter(move |&(dr, dc)| diagonal || dr == 0 || dc == 0)
            .filter_map(move |(dr, dc)| {
                let r2 = r.checked_add_signed(dr)?;
                let c2 = c.checked_add_signed(dc)?;
                (r2 < rows && c2 < cols).then_some((r2, c2))
            })
    }

    /// The squares reached from `(r, c)` moving like a chess queen over
    /// squares for which `open` holds.
    pub fn queen_moves(
        &self,
        r: usize,
        c: usize,
        open: impl Fn(usize, usize) -> bool,
    ) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (dr, dc) in DIRECTIONS {
            let (mut r2, mut c2) = (r, c);
            while let (Some(a), Some(b)) = (r2.checked_add_signed(dr), c2.checked_add_signed(dc)) {
                if a >= self.rows || b >= self.cols || !open(a, b) {
                    break;
                }
                out.push((a, b));
                (r2, c2) = (a, b);
            }
        }
        out
    }

    /// The boards after placing `stone` on an empty square none of whose
    /// neighbours holds `forbidden` (Col forbids the mover's own colour,
    /// Snort the opponent's).
    pub fn placements(&self, stone: u8, forbidden: u8) -> Vec<Grid> {
        let mut out = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.at(r, c) == 0
                    && self
                        .neighbours(r, c)
                        .all(|(r2, c2)| self.at(r2, c2) != forbidden)
                {
                    out.push(self.with(&[((r, c), stone)]));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The least images equal the least of the images built one by one.
    #[test]
    fn least_images_are_the_least_of_the_built_images() {
        let mut seed: u64 = 12345;
        let mut next = move || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize
        };
        for _ in 0..2000 {
            let (rows, cols) = (1 + next() % 4, 1 + next() % 4);
            let cells: Cells = (0..rows * cols).map(|_| (next() % 3) as u8).collect();
            let g = Grid { rows, cols, cells };
            let t = g.transposed();
            let upright = [g.mirrored(), g.flipped(), g.mirrored().flipped()];
            let all = [t.mirrored(), t.flipped(), t.mirrored().flipped(), t.clone()];
            let least_upright = upright.iter().fold(g.clone(), |b, x| b.min(x.clone()));
            let least = all
                .iter()
                .fold(least_upright.clone(), |b, x| b.min(x.clone()));
            assert_eq!(g.least_upright(), least_upright, "{g:?}");
            assert_eq!(g.least_symmetric(), least, "{g:?}");
            // Transposed only if a transposed image is strictly less.
            let least_transposed = t.least_upright();
            let signed = if least_transposed < least_upright {
                (least_transposed, true)
            } else {
                (least_upright, false)
            };
            assert_eq!(g.least_upright_or_transposed(), signed, "{g:?}");
        }
        let empty = Grid {
            rows: 0,
            cols: 0,
            cells: Cells::new(),
        };
        assert_eq!(empty.least_symmetric(), empty);
    }
}
