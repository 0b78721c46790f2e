//! Domineering: Left places vertical dominoes, Right horizontal ones.

use super::picture::{self, Picture, Piece};
use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::{lesser_of_conjugates, MoveBounds, Ruleset};

/// The Domineering ruleset (boards are positions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Domineering;

/// Domineering in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "domineering",
    constructors: &[Constructor {
        name: "domineering",
        signature: "domineering(rows, cols) or domineering(\"..#|...\")",
        arity: 1..=2,
        help: "A Domineering position: Left places vertical dominoes, Right horizontal ones. An empty rows x cols board, or a board given as rows separated by `|` (as every grid ruleset prints; `/` is read too) with `.` free and `#` occupied; at most 128 squares.",
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
        let rows: Vec<String> = (0..b.rows())
            .map(|r| {
                (0..b.cols())
                    .map(|c| if b.is_free(r, c) { '.' } else { '#' })
                    .collect()
            })
            .collect();
        format!("domineering(\"{}\")", rows.join("|"))
    }

    fn picture(&self, b: &Board) -> Picture {
        picture::quoted_board(&self.text(b), &[('.', Piece::Empty), ('#', Piece::Blocked)])
    }
}

/// The most squares a board may have: boards are bit sets, so that the
/// millions of positions a value visits are cheap to hash, trim and mirror.
pub const MAX_SQUARES: usize = 128;

/// A board of free and occupied squares, as a bit set: bit
/// `r * stride + c` is set where square `(r, c)` is free. Boards of at most
/// 8 rows and 8 columns keep each row in a byte (stride 8), so that their
/// reflections, transposition and trimming are a few word operations;
/// larger boards keep their rows packed (stride = columns). Boards are
/// ordered by shape, then by their bits.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Board {
    /// Number of rows and of columns (at most 128 each).
    shape: (u8, u8),
    /// The free squares, as the two halves of a `u128` (high, low): with
    /// 8-byte alignment a board takes 24 bytes, not 32 (the memo of a
    /// value holds millions of boards).
    bits: [u64; 2],
}

impl std::hash::Hash for Board {
    /// Two words (the shape folded into the high half's, which is empty on
    /// boards of up to 64 squares): the memos hash millions of boards.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let shape = u64::from(self.shape.0) << 56 | u64::from(self.shape.1) << 48;
        state.write_u64(self.bits[1]);
        state.write_u64(self.bits[0] ^ shape);
    }
}

/// The lowest `n` bits.
fn low(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// Bit 0 of every byte of a word.
const BYTE_LOWS: u64 = 0x0101_0101_0101_0101;

/// Rows and columns of an 8 × 8 bit matrix exchanged (bit `8r + c` goes to
/// bit `8c + r`), by three rounds of swapping blocks across the diagonal.
fn transpose8(mut x: u64) -> u64 {
    let mut swap = |mask: u64, shift: u32| {
        let t = (x ^ (x >> shift)) & mask;
        x ^= t ^ (t << shift);
    };
    swap(0x00AA_00AA_00AA_00AA, 7);
    swap(0x0000_CCCC_0000_CCCC, 14);
    swap(0x0000_0000_F0F0_F0F0, 28);
    x
}

/// For each row of at most 8 squares (a byte, bit `c` set where column `c`
/// is free), how many horizontal dominoes fit side by side: half of each
/// run of free squares, rounded down.
static ROW_CAPACITY: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut row = 0;
    while row < 256 {
        let (mut count, mut run, mut c) = (0, 0, 0);
        while c <= 8 {
            if c < 8 && row >> c & 1 == 1 {
                run += 1;
            } else {
                count += run / 2;
                run = 0;
            }
            c += 1;
        }
        table[row] = count;
        row += 1;
    }
    table
};

/// How many horizontal dominoes fit side by side in the rows of a board
/// kept a row per byte.
fn row_capacity(x: u64) -> u32 {
    x.to_le_bytes()
        .iter()
        .map(|&row| u32::from(ROW_CAPACITY[usize::from(row)]))
        .sum()
}

/// The squares of rows 0, 2, 4 and 6 of a board kept a row per byte.
const EVEN_ROWS: u64 = 0x00FF_00FF_00FF_00FF;

/// A horizontal player's safe, vulnerable and most moves (see
/// [`Board::move_counts`]) on the free squares `x` of a board kept a row per
/// byte: the squares the vertical player can cover are those with a free
/// square above or below. The vertical player's are those of the transposed
/// board, so that both take only row lookups.
fn row_move_counts(x: u64) -> (u32, u32, u32) {
    let exposed = x & (x << 8 | x >> 8);
    let vulnerable = row_capacity(exposed & EVEN_ROWS).max(row_capacity(exposed & !EVEN_ROWS));
    (row_capacity(x & !exposed), vulnerable, row_capacity(x))
}

/// A board kept a row per byte as plain words: the steps of a key (trim,
/// reflect, transpose) run on these without building a board between them.
/// Ordered as boards are: by shape, then by free squares.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Bytes {
    rows: u8,
    cols: u8,
    free: u64,
}

impl Bytes {
    /// Each row read backwards.
    fn mirrored(self) -> Bytes {
        if self.cols == 0 {
            return self;
        }
        // Every byte reversed in place, then moved down to the board's
        // columns (the bits below them are empty in every byte).
        let x = self.free.reverse_bits().swap_bytes() >> (8 - self.cols);
        Bytes { free: x, ..self }
    }

    /// The rows in reverse order.
    fn flipped(self) -> Bytes {
        if self.rows == 0 {
            return self;
        }
        let x = self.free.swap_bytes() >> (8 * (8 - u32::from(self.rows)));
        Bytes { free: x, ..self }
    }

    /// Rows as columns.
    fn transposed(self) -> Bytes {
        Bytes {
            rows: self.cols,
            cols: self.rows,
            free: transpose8(self.free),
        }
    }

    /// Without border rows and columns that have no free square.
    fn trimmed(self) -> Bytes {
        let x = self.free;
        if x == 0 {
            return Bytes {
                rows: 0,
                cols: 0,
                free: 0,
            };
        }
        // The first and last free rows from the lowest and highest bits,
        // the columns in use from the bytes or-ed.
        let (r0, r1) = (x.trailing_zeros() / 8, (63 - x.leading_zeros()) / 8);
        let mut used = x | x >> 32;
        used |= used >> 16;
        used |= used >> 8;
        let used = used & 0xFF;
        let (c0, c1) = (used.trailing_zeros(), 7 - (used as u8).leading_zeros());
        // Columns left of c0 are empty in every row: the whole-word shift
        // moves no bit across a row.
        Bytes {
            rows: (r1 - r0 + 1) as u8,
            cols: (c1 - c0 + 1) as u8,
            free: x >> (8 * r0 + c0),
        }
    }

    /// The least image under the reflections that keep each player's moves.
    fn least_reflection(self) -> Bytes {
        let m = self.mirrored();
        let least = self
            .free
            .min(self.flipped().free)
            .min(m.free)
            .min(m.flipped().free);
        Bytes {
            free: least,
            ..self
        }
    }

    /// The squares next to a square of `set` (beside it, above or below), and
    /// squares beyond the board's last row and column: callers keep the
    /// board's. Bits moved across a row boundary are masked off: bit 0 and
    /// bit 7 of each byte are the first and last columns.
    fn near(set: u64) -> u64 {
        (set << 1 & !BYTE_LOWS) | (set >> 1 & !(BYTE_LOWS << 7)) | set << 8 | set >> 8
    }

    /// Without squares no domino can cover (no free neighbour).
    fn live(self) -> Bytes {
        Bytes {
            free: self.free & Bytes::near(self.free),
            ..self
        }
    }

    fn board(self) -> Board {
        Board::new(self.rows.into(), self.cols.into(), self.free.into())
    }
}

impl Board {
    /// A board of the given shape and free squares.
    fn new(rows: usize, cols: usize, free: u128) -> Board {
        Board {
            shape: (rows as u8, cols as u8),
            bits: [(free >> 64) as u64, free as u64],
        }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        usize::from(self.shape.0)
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        usize::from(self.shape.1)
    }

    /// The free squares (bit `r * stride + c`).
    fn free(&self) -> u128 {
        u128::from(self.bits[0]) << 64 | u128::from(self.bits[1])
    }

    /// Whether a board of this shape keeps a row per byte.
    fn byte_rows(rows: usize, cols: usize) -> bool {
        rows <= 8 && cols <= 8
    }

    /// Whether this board keeps a row per byte.
    fn in_bytes(&self) -> bool {
        Self::byte_rows(self.rows(), self.cols())
    }

    /// This board as words, if it keeps a row per byte.
    fn bytes(&self) -> Option<Bytes> {
        self.in_bytes().then(|| Bytes {
            rows: self.shape.0,
            cols: self.shape.1,
            free: self.bits[1],
        })
    }

    /// The distance in bits between the starts of two rows.
    fn stride(&self) -> usize {
        if self.in_bytes() {
            8
        } else {
            self.cols()
        }
    }

    /// The squares of a board of this shape, all free.
    fn all(rows: usize, cols: usize) -> u128 {
        if Self::byte_rows(rows, cols) {
            // The row mask repeated in every byte (no carries: it is below 256).
            return (BYTE_LOWS as u128 * low(cols)) & low(8 * rows);
        }
        low(rows * cols)
    }

    /// An empty `rows × cols` board (at most [`MAX_SQUARES`] squares).
    pub fn empty(rows: usize, cols: usize) -> Self {
        assert!(rows * cols <= MAX_SQUARES, "at most {MAX_SQUARES} squares");
        Board::new(rows, cols, Board::all(rows, cols))
    }

    /// A board from rows separated by `/` (or `|`, as CGSuite writes them): `.` free, `#` occupied.
    pub fn parse(s: &str) -> Result<Self, String> {
        let rows: Vec<&str> = s.split(['/', '|']).collect();
        let cols = rows.first().map_or(0, |r| r.chars().count());
        let mut bits = Vec::with_capacity(rows.len());
        let mut squares = 0;
        for r in &rows {
            if r.chars().count() != cols {
                return Err("every row of the board needs the same length".into());
            }
            let mut row = 0u128;
            for (c, ch) in r.chars().enumerate() {
                if squares >= MAX_SQUARES {
                    return Err(format!(
                        "Domineering boards have at most {MAX_SQUARES} squares"
                    ));
                }
                match ch {
                    '.' => row |= 1 << c,
                    '#' => {}
                    other => {
                        return Err(format!("unexpected `{other}` in a board (use `.` and `#`)"))
                    }
                }
                squares += 1;
            }
            bits.push(row);
        }
        Ok(Board::from_rows(rows.len(), cols, bits.into_iter()))
    }

    fn is_free(&self, r: usize, c: usize) -> bool {
        self.free() >> (r * self.stride() + c) & 1 == 1
    }

    /// The free squares of row `r`, as the low bits.
    fn row(&self, r: usize) -> u128 {
        (self.free() >> (r * self.stride())) & low(self.cols())
    }

    /// A board of this shape from its rows' bits.
    fn from_rows(rows: usize, cols: usize, bits: impl Iterator<Item = u128>) -> Board {
        let stride = if Self::byte_rows(rows, cols) { 8 } else { cols };
        let free = bits
            .enumerate()
            .fold(0, |acc, (r, row)| acc | row << (r * stride));
        Board::new(rows, cols, free)
    }

    /// The squares of the first column (as a mask over the board).
    fn first_column(&self) -> u128 {
        if self.in_bytes() {
            return (BYTE_LOWS as u128) & low(8 * self.rows());
        }
        (0..self.rows()).fold(0, |acc, r| acc | 1 << (r * self.cols()))
    }

    /// The squares of the last column.
    fn last_column(&self) -> u128 {
        match self.cols() {
            0 => 0,
            cols => self.first_column() << (cols - 1),
        }
    }

    /// The squares next to a square of `set`: beside it or above or below.
    fn neighbours_of(&self, set: u128) -> u128 {
        let near = if self.in_bytes() {
            u128::from(Bytes::near(set as u64))
        } else {
            self.beside(set) | self.above_or_below(set)
        };
        near & Board::all(self.rows(), self.cols())
    }

    /// The squares left or right of a square of `set` (a superset, beyond
    /// the board's squares: callers keep the board's).
    #[inline]
    fn beside(&self, set: u128) -> u128 {
        ((set & !self.last_column()) << 1) | ((set & !self.first_column()) >> 1)
    }

    /// The squares above or below a square of `set` (a superset, beyond the
    /// board's squares: callers keep the board's).
    #[inline]
    fn above_or_below(&self, set: u128) -> u128 {
        let stride = self.stride() as u32;
        set.checked_shl(stride).unwrap_or(0) | set.checked_shr(stride).unwrap_or(0)
    }

    /// Without squares no domino can cover (no free neighbour) and without
    /// border rows and columns that have no free square: the same game.
    fn normalized(&self) -> Board {
        let live = self.free() & self.neighbours_of(self.free());
        Board::new(self.rows(), self.cols(), live).trimmed()
    }

    fn trimmed(&self) -> Board {
        if self.free() == 0 {
            return Board::new(0, 0, 0);
        }
        if let Some(x) = self.bytes() {
            return x.trimmed().board();
        }
        let r0 = (0..self.rows()).find(|&r| self.row(r) != 0).unwrap_or(0);
        let r1 = (0..self.rows()).rfind(|&r| self.row(r) != 0).unwrap_or(0);
        let used = (r0..=r1).fold(0, |acc, r| acc | self.row(r));
        let c0 = used.trailing_zeros() as usize;
        let c1 = 127 - used.leading_zeros() as usize;
        let cols = c1 - c0 + 1;
        if r0 == 0 && r1 + 1 == self.rows() && cols == self.cols() {
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
        if self.cols() == 0 {
            return self.clone();
        }
        if let Some(x) = self.bytes() {
            return x.mirrored().board();
        }
        let shift = 128 - self.cols();
        Board::from_rows(
            self.rows(),
            self.cols(),
            (0..self.rows()).map(|r| self.row(r).reverse_bits() >> shift),
        )
    }

    /// The rows in reverse order.
    fn flipped(&self) -> Board {
        if let Some(x) = self.bytes() {
            return x.flipped().board();
        }
        Board::from_rows(
            self.rows(),
            self.cols(),
            (0..self.rows()).rev().map(|r| self.row(r)),
        )
    }

    /// Rows as columns: the board on which the players' roles are swapped.
    fn transposed(&self) -> Board {
        if let Some(x) = self.bytes() {
            return x.transposed().board();
        }
        let mut rows = vec![0u128; self.cols()];
        for r in 0..self.rows() {
            for c in Board::bits(self.row(r)) {
                rows[c] |= 1 << r;
            }
        }
        Board::from_rows(self.cols(), self.rows(), rows.into_iter())
    }

    /// The least image under the reflections that keep each player's moves
    /// (left-right and up-down).
    fn least_reflection(&self) -> Board {
        if let Some(x) = self.bytes() {
            return x.least_reflection().board();
        }
        let m = self.mirrored();
        let candidates = [self.flipped(), m.flipped(), m];
        candidates.into_iter().fold(
            self.clone(),
            |best, b| if b.free() < best.free() { b } else { best },
        )
    }

    /// The boards after each placement of a player's domino (Left's if
    /// `vertical`), not trimmed.
    fn placed(&self, vertical: bool) -> impl Iterator<Item = Board> + '_ {
        let step = if vertical { self.stride() } else { 1 };
        Board::bits(self.placements(self.free(), vertical)).map(move |i| {
            Board::new(
                self.rows(),
                self.cols(),
                self.free() & !(1 << i | 1 << (i + step)),
            )
        })
    }

    /// The placements of a domino within `set` (free squares of this
    /// board): vertical ones (Left's) by their top square, horizontal ones
    /// (Right's) by their left square.
    fn placements(&self, set: u128, vertical: bool) -> u128 {
        if vertical {
            if self.rows() < 2 {
                return 0;
            }
            set & (set >> self.stride())
        } else {
            if self.cols() < 2 {
                return 0;
            }
            set & (set >> 1) & !self.last_column()
        }
    }

    /// The most dominoes that fit side by side in `set` (at most half of
    /// each run of squares, in columns for vertical ones, in rows else).
    fn capacity(&self, mut set: u128, vertical: bool) -> u32 {
        if self.in_bytes() {
            // Rows are bytes: each row's capacity from a table, and columns
            // as the rows of the transposed square.
            let x = if vertical {
                transpose8(set as u64)
            } else {
                set as u64
            };
            return row_capacity(x);
        }
        let step = if vertical { self.stride() } else { 1 };
        let mut count = 0;
        loop {
            let starts = self.placements(set, vertical);
            if starts == 0 {
                return count;
            }
            // The first placement of the first run with room, taken: runs
            // are used from their start, which fits half of each.
            let i = starts.trailing_zeros() as usize;
            set &= !(1 << i | 1 << (i + step));
            count += 1;
        }
    }

    /// An upper bound on the moves a player (Left if `vertical`) can still
    /// make: moves only ever disappear, and no more fit than the capacity
    /// of the free squares.
    fn most_moves(&self, vertical: bool) -> u32 {
        self.capacity(self.free(), vertical)
    }

    /// The free squares the opponent of a player (Left if `vertical`) can
    /// still cover: those with a free neighbour across the player's direction.
    fn exposed(&self, vertical: bool) -> u128 {
        self.free() & self.neighbours_across(self.free(), vertical)
    }

    /// Moves a player (Left if `vertical`) can make on the `exposed` squares,
    /// in every other line (column for Left, row for Right) so that one move
    /// of the opponent, which spans two neighbouring lines, takes away at
    /// most one of them: the most of the two choices of lines.
    fn vulnerable_moves(&self, exposed: u128, vertical: bool) -> u32 {
        if exposed == 0 {
            return 0;
        }
        let lines = self.every_other_line(vertical);
        self.capacity(exposed & lines, vertical)
            .max(self.capacity(exposed & !lines, vertical))
    }

    /// A player's (Left's if `vertical`) safe, vulnerable and most moves
    /// (see [`MoveBounds`]), the exposed squares found once.
    fn move_counts(&self, vertical: bool) -> (u32, u32, u32) {
        if self.in_bytes() {
            return row_move_counts(self.rows_along(vertical));
        }
        self.move_counts_by_lines(vertical)
    }

    /// The free squares of a board kept a row per byte, transposed for the
    /// vertical player, so that the player's dominoes lie along the rows.
    fn rows_along(&self, vertical: bool) -> u64 {
        let x = self.free() as u64;
        if vertical {
            transpose8(x)
        } else {
            x
        }
    }

    /// [`Board::move_counts`] for a board of any layout, line by line.
    fn move_counts_by_lines(&self, vertical: bool) -> (u32, u32, u32) {
        let exposed = self.exposed(vertical);
        (
            self.capacity(self.free() & !exposed, vertical),
            self.vulnerable_moves(exposed, vertical),
            self.most_moves(vertical),
        )
    }

    /// Both players' safe, vulnerable and most moves. Safe moves: dominoes
    /// side by side on squares the opponent can never cover; the most moves:
    /// as many dominoes as fit side by side in the free squares (moves only
    /// ever disappear).
    fn move_bounds(&self) -> MoveBounds {
        let (left_safe, left_vulnerable, left_most) = self.move_counts(true);
        let (right_safe, right_vulnerable, right_most) = self.move_counts(false);
        MoveBounds {
            left_safe,
            left_vulnerable,
            left_most,
            right_safe,
            right_vulnerable,
            right_most,
        }
    }

    /// The squares of the even columns (`vertical`) or of the even rows.
    fn every_other_line(&self, vertical: bool) -> u128 {
        let all = Board::all(self.rows(), self.cols());
        if self.in_bytes() {
            let lines: u64 = if vertical {
                0x5555_5555_5555_5555
            } else {
                0x00FF_00FF_00FF_00FF
            };
            return u128::from(lines) & all;
        }
        if vertical {
            (0..self.cols())
                .step_by(2)
                .fold(0, |acc, c| acc | self.first_column() << c)
        } else {
            (0..self.rows())
                .step_by(2)
                .fold(0, |acc, r| acc | self.row_mask(r))
        }
    }

    /// The squares of row `r`.
    fn row_mask(&self, r: usize) -> u128 {
        low(self.cols()) << (r * self.stride())
    }

    /// The squares with a free neighbour in `set` in the other player's
    /// direction (left or right of them for Left's safety, above or below
    /// for Right's).
    fn neighbours_across(&self, set: u128, vertical: bool) -> u128 {
        let near = if vertical {
            self.beside(set)
        } else {
            self.above_or_below(set)
        };
        near & Board::all(self.rows(), self.cols())
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
        b.placed(true).map(|x| x.trimmed()).collect()
    }

    fn right_options(&self, b: &Board) -> Vec<Board> {
        b.placed(false).map(|x| x.trimmed()).collect()
    }

    fn raw_options(&self, b: &Board, left: bool) -> Vec<Board> {
        // Untrimmed: the counts do not need it, and the keys trim.
        b.placed(left).collect()
    }

    fn move_bounds(&self, b: &Board) -> Option<MoveBounds> {
        Some(b.move_bounds())
    }

    fn score(&self, b: &Board, mover_left: bool, bounds: Option<&MoveBounds>) -> i32 {
        // Boards where the opponent can make few moves at most and the mover
        // has many safe moves and many moves at most come first (measured:
        // of the orders tried, the fewest positions searched on boards up
        // to 7 x 8; counts of placements ordered worse).
        let m = bounds.copied().unwrap_or_else(|| b.move_bounds());
        let (mine_safe, mine_most, their_most) = if mover_left {
            (m.left_safe, m.left_most, m.right_most)
        } else {
            (m.right_safe, m.right_most, m.left_most)
        };
        2 * their_most as i32 - mine_safe as i32 - mine_most as i32
    }

    fn cheap_to_value(&self, b: &Board) -> Option<bool> {
        // Up to 12 free squares: chosen on MCGS's 6×6 and 7×7 tests, where
        // 8 to 12 do best (0.02 s for each file) and valuing every region,
        // as before, took 0.4 s and 4.5 s: the search decides most of these
        // boards by its move counts long before a value is done.
        Some(b.free().count_ones() <= 12)
    }

    fn components(&self, b: &Board) -> Option<Vec<Board>> {
        // Regions of free squares that do not touch are independent games.
        let mut rest = b.free();
        let mut parts = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region | b.neighbours_of(region)) & b.free();
                if grown == region {
                    break;
                }
                region = grown;
            }
            if region == b.free() {
                // One region: no split (most boards an evaluation meets).
                return None;
            }
            rest &= !region;
            parts.push(Board::new(b.rows(), b.cols(), region).trimmed());
        }
        (parts.len() > 1).then_some(parts)
    }

    fn canonical_key(&self, b: &Board) -> Board {
        b.normalized().least_reflection()
    }

    fn signed_key(&self, b: &Board) -> (Board, bool) {
        // Transposing swaps vertical and horizontal: the negative game. Of
        // a board and its transpose, the key is the least.
        if let Some(x) = b.bytes() {
            // The same steps on words (the evaluator keys every option).
            let key = x.live().trimmed().least_reflection();
            let t = key.transposed().least_reflection();
            let (k, negated) = lesser_of_conjugates(key, t);
            return (k.board(), negated);
        }
        let key = self.canonical_key(b);
        let t = key.transposed().least_reflection();
        lesser_of_conjugates(key, t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board's squares as a grid, read square by square.
    fn grid(b: &Board) -> Vec<Vec<bool>> {
        (0..b.rows())
            .map(|r| (0..b.cols()).map(|c| b.is_free(r, c)).collect())
            .collect()
    }

    fn board(g: &[Vec<bool>], cols: usize) -> Board {
        let rows = g.iter().map(|row| {
            row.iter()
                .enumerate()
                .fold(0u128, |acc, (c, &f)| acc | (f as u128) << c)
        });
        Board::from_rows(g.len(), cols, rows)
    }

    /// Pseudo-random boards of every shape up to 10 × 12 (both layouts).
    fn boards() -> impl Iterator<Item = Board> {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        (0..=10).flat_map(move |rows| {
            (0..=12)
                .filter(move |c| rows * c <= MAX_SQUARES)
                .flat_map(move |cols| {
                    (0..20).map(move |_| {
                        let g: Vec<Vec<bool>> = (0..rows)
                            .map(|_| {
                                (0..cols)
                                    .map(|_| {
                                        crate::xorshift(&mut seed);
                                        !seed.is_multiple_of(3)
                                    })
                                    .collect()
                            })
                            .collect();
                        board(&g, cols)
                    })
                })
        })
    }

    /// The key of a board is the least of the eight images of its live
    /// squares (trimmed) under reflections and transposition, the transposed
    /// ones standing for the negative: computed here square by square.
    #[test]
    fn keys_are_the_least_image_of_the_live_squares() {
        for b in boards() {
            let g = grid(&b);
            let free = |r: usize, c: usize| r < g.len() && c < b.cols() && g[r][c];
            let live: Vec<Vec<bool>> = (0..b.rows())
                .map(|r| {
                    (0..b.cols())
                        .map(|c| {
                            free(r, c)
                                && (free(r + 1, c)
                                    || free(r, c + 1)
                                    || (r > 0 && free(r - 1, c))
                                    || (c > 0 && free(r, c - 1)))
                        })
                        .collect()
                })
                .collect();
            let live = board(&live, b.cols()).trimmed();
            let lg = grid(&live);
            let (rows, cols) = (live.rows(), live.cols());
            let mut images = Vec::new();
            for transpose in [false, true] {
                for (mirror, flip) in [(false, false), (true, false), (false, true), (true, true)] {
                    let (h, w) = if transpose {
                        (cols, rows)
                    } else {
                        (rows, cols)
                    };
                    let image: Vec<Vec<bool>> = (0..h)
                        .map(|r| {
                            (0..w)
                                .map(|c| {
                                    let (r, c) = (
                                        if flip { h - 1 - r } else { r },
                                        if mirror { w - 1 - c } else { c },
                                    );
                                    if transpose {
                                        lg[c][r]
                                    } else {
                                        lg[r][c]
                                    }
                                })
                                .collect()
                        })
                        .collect();
                    images.push((board(&image, w), transpose));
                }
            }
            let least = images.iter().map(|(x, _)| x).min().unwrap().clone();
            let negated = !images.iter().any(|(x, t)| !t && *x == least);
            assert_eq!(Domineering.signed_key(&b), (least, negated), "{b:?}");
        }
    }

    /// Components are the regions of free squares joined beside or above
    /// and below, found here square by square.
    #[test]
    fn components_are_the_regions_of_free_squares() {
        for b in boards() {
            let g = grid(&b);
            let mut region = vec![vec![usize::MAX; b.cols()]; b.rows()];
            let mut sizes = Vec::new();
            for (r0, c0) in (0..b.rows()).flat_map(|r| (0..b.cols()).map(move |c| (r, c))) {
                if !g[r0][c0] || region[r0][c0] != usize::MAX {
                    continue;
                }
                let (mut todo, mut size) = (vec![(r0, c0)], 0);
                region[r0][c0] = sizes.len();
                while let Some((r, c)) = todo.pop() {
                    size += 1;
                    let next = [
                        (r + 1, c),
                        (r, c + 1),
                        (r.wrapping_sub(1), c),
                        (r, c.wrapping_sub(1)),
                    ];
                    for (r, c) in next {
                        if r < b.rows() && c < b.cols() && g[r][c] && region[r][c] == usize::MAX {
                            region[r][c] = sizes.len();
                            todo.push((r, c));
                        }
                    }
                }
                sizes.push(size);
            }
            let found = Domineering.components(&b);
            if sizes.len() < 2 {
                assert!(found.is_none(), "{b:?}");
                continue;
            }
            let mut parts: Vec<u32> = found
                .unwrap_or_else(|| panic!("{b:?} splits"))
                .iter()
                .map(|p| p.free().count_ones())
                .collect();
            parts.sort_unstable();
            sizes.sort_unstable();
            assert_eq!(parts, sizes, "{b:?}");
        }
    }

    #[test]
    fn word_symmetries_agree_with_squares() {
        for b in boards() {
            let g = grid(&b);
            let mirrored: Vec<Vec<bool>> = g
                .iter()
                .map(|r| r.iter().rev().copied().collect())
                .collect();
            assert_eq!(grid(&b.mirrored()), mirrored, "{b:?}");
            let flipped: Vec<Vec<bool>> = g.iter().rev().cloned().collect();
            assert_eq!(grid(&b.flipped()), flipped, "{b:?}");
            let t = b.transposed();
            assert_eq!((t.rows(), t.cols()), (b.cols(), b.rows()));
            for (r, row) in g.iter().enumerate() {
                for (c, &f) in row.iter().enumerate() {
                    assert_eq!(t.is_free(c, r), f, "{b:?}");
                }
            }
            // Capacity: half of each run of free squares, in rows for
            // horizontal dominoes and in columns for vertical ones.
            let halves = |lines: Vec<Vec<bool>>| -> u32 {
                lines
                    .iter()
                    .map(|l| {
                        l.split(|&f| !f)
                            .map(|run| run.len() as u32 / 2)
                            .sum::<u32>()
                    })
                    .sum()
            };
            let columns: Vec<Vec<bool>> = (0..b.cols())
                .map(|c| g.iter().map(|row| row[c]).collect())
                .collect();
            assert_eq!(b.capacity(b.free(), false), halves(g.clone()), "{b:?}");
            // The counts of a row-per-byte board, by row lookups on the
            // board or its transpose, agree with the counts line by line.
            for vertical in [false, true] {
                let counts = b.move_counts_by_lines(vertical);
                assert_eq!(b.move_counts(vertical), counts, "{b:?}");
            }
            assert_eq!(b.capacity(b.free(), true), halves(columns), "{b:?}");
            // Trimming keeps the free squares between the first and last
            // used rows and columns.
            let tr = b.trimmed();
            let used: Vec<(usize, usize)> = (0..b.rows())
                .flat_map(|r| (0..b.cols()).map(move |c| (r, c)))
                .filter(|&(r, c)| g[r][c])
                .collect();
            if used.is_empty() {
                assert_eq!((tr.rows(), tr.cols(), tr.free()), (0, 0, 0));
                continue;
            }
            let r0 = used.iter().map(|p| p.0).min().unwrap();
            let c0 = used.iter().map(|p| p.1).min().unwrap();
            let r1 = used.iter().map(|p| p.0).max().unwrap();
            let c1 = used.iter().map(|p| p.1).max().unwrap();
            assert_eq!((tr.rows(), tr.cols()), (r1 - r0 + 1, c1 - c0 + 1), "{b:?}");
            for r in 0..tr.rows() {
                for c in 0..tr.cols() {
                    assert_eq!(tr.is_free(r, c), g[r + r0][c + c0], "{b:?}");
                }
            }
            // Every free square is a board square, and the neighbours of the
            // free squares are the squares next to one.
            assert_eq!(b.free() & !Board::all(b.rows(), b.cols()), 0);
            let near = b.neighbours_of(b.free());
            for r in 0..b.rows() {
                for c in 0..b.cols() {
                    let next = [(0, 1), (2, 1), (1, 0), (1, 2)].iter().any(|&(dr, dc)| {
                        let (rr, cc) = ((r + dr).wrapping_sub(1), (c + dc).wrapping_sub(1));
                        rr < b.rows() && cc < b.cols() && g[rr][cc]
                    });
                    assert_eq!(near >> (r * b.stride() + c) & 1 == 1, next, "{b:?}");
                }
            }
        }
    }
}
