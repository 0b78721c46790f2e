//! Boards as strings for rulesets written in the language: rows separated
//! by `|`, one character a square (CGSuite's notation): connected regions
//! (a ruleset's components), the least image under the board's symmetries
//! (a ruleset's key), the transposed board. A move function calls these for
//! every position it meets, so an ASCII board is read and written byte by
//! byte in place (`Board`); other text goes through the engine's grids.

use super::{Args, Builtin, Run};
use crate::error::Error;
use crate::value::{Str, Value};
use cgt_core::ruleset::grid::{Grid, MAX_CELLS};
use smallvec::SmallVec;

/// An ASCII board read in place: square `(r, c)` is byte `r * (cols + 1) + c`.
struct Board<'a> {
    bytes: &'a [u8],
    rows: usize,
    cols: usize,
}

/// Bytes of a board being written (small boards need no allocation).
type Bytes = SmallVec<[u8; 128]>;

impl<'a> Board<'a> {
    /// The board of an ASCII text; `None` for other text.
    fn read(text: &'a str) -> Option<Result<Board<'a>, String>> {
        if !text.is_ascii() {
            return None;
        }
        let bytes = text.as_bytes();
        let cols = bytes.iter().position(|&b| b == b'|').unwrap_or(bytes.len());
        // Every row as long as the first: a `|` exactly after each.
        let mut regular = true;
        let mut rows = 1;
        let mut col = 0;
        for &b in bytes {
            if b == b'|' {
                regular &= col == cols;
                rows += 1;
                col = 0;
            } else {
                col += 1;
            }
        }
        regular &= col == cols;
        if bytes.is_empty() {
            rows = 0;
        }
        if !regular {
            return Some(Err("every row of the board needs the same length".into()));
        }
        if rows * cols > MAX_CELLS {
            return Some(Err(format!("boards have at most {MAX_CELLS} squares")));
        }
        Some(Ok(Board { bytes, rows, cols }))
    }

    fn at(&self, r: usize, c: usize) -> u8 {
        self.bytes[r * (self.cols + 1) + c]
    }

    /// How the image under symmetry `s` (see [`SYMMETRIES`]) reads the
    /// bytes: its square `(r, c)` is byte `start + r * down + c * across`.
    fn walk(&self, s: usize) -> (isize, isize, isize) {
        let stride = (self.cols + 1) as isize;
        let (last_row, last_col) = (
            (self.rows.max(1) - 1) as isize * stride,
            self.cols.max(1) as isize - 1,
        );
        // Before a transposition the image's rows are the board's columns.
        let (mut start, mut row_step, mut col_step) = (0, stride, 1);
        if s & 2 != 0 {
            start += last_row;
            row_step = -stride;
        }
        if s & 1 != 0 {
            start += last_col;
            col_step = -1;
        }
        if s >= 4 {
            (start, col_step, row_step)
        } else {
            (start, row_step, col_step)
        }
    }

    /// The shape of the image under symmetry `s`.
    fn image_dims(&self, s: usize) -> (usize, usize) {
        if s >= 4 {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        }
    }

    /// Whether the image under `a` reads less than the image under `b`
    /// (same shape), square by square in rows.
    fn reads_less(&self, a: usize, b: usize) -> bool {
        let (rows, cols) = self.image_dims(a);
        let (sa, da, aa) = self.walk(a);
        let (sb, db, ab) = self.walk(b);
        for r in 0..rows as isize {
            let (ra, rb) = (sa + r * da, sb + r * db);
            for c in 0..cols as isize {
                let x = self.bytes[(ra + c * aa) as usize];
                let y = self.bytes[(rb + c * ab) as usize];
                if x != y {
                    return x < y;
                }
            }
        }
        false
    }

    /// The image under symmetry `s`, written with `|` between rows.
    fn image(&self, s: usize) -> Str {
        let (rows, cols) = self.image_dims(s);
        let (start, down, across) = self.walk(s);
        let len = (rows * (cols + 1)).saturating_sub(1);
        write_board(len, |out| {
            for r in 0..rows {
                let (row, at) = (start + r as isize * down, r * (cols + 1));
                if r > 0 {
                    out[at - 1] = b'|';
                }
                for c in 0..cols {
                    out[at + c] = self.bytes[(row + c as isize * across) as usize];
                }
            }
        })
    }

    /// Which of the first `n` symmetries gives the least image (the shape
    /// first, then the squares: bytes compare as the characters' codes).
    fn least_symmetry(&self, n: usize) -> usize {
        let mut best = 0;
        for s in 1..n {
            let (d, b) = (self.image_dims(s), self.image_dims(best));
            if d < b || (d == b && self.reads_less(s, best)) {
                best = s;
            }
        }
        best
    }

    /// The least image under the first `n` symmetries.
    #[cfg(test)]
    fn least(&self, n: usize) -> Str {
        self.image(self.least_symmetry(n))
    }

    /// The regions (see [`Board::regions`]) as square masks, for a board
    /// of at most 64 squares: each grown from its first square by shifts
    /// of the whole mask at once.
    fn region_masks(&self, joins: &[bool; 128]) -> SmallVec<[u64; 8]> {
        let cols = self.cols;
        let mut free: u64 = 0;
        let mut first_col: u64 = 0;
        for r in 0..self.rows {
            first_col |= 1 << (r * cols);
        }
        let mut bit = 0;
        for &b in self.bytes {
            if b != b'|' {
                free |= u64::from(joins[usize::from(b)]) << bit;
                bit += 1;
            }
        }
        let last_col = first_col << (cols - 1);
        let mut out = SmallVec::new();
        while free != 0 {
            let mut region = free & free.wrapping_neg();
            loop {
                let grown = (region
                    | ((region << 1) & !first_col)
                    | ((region >> 1) & !last_col)
                    | region.checked_shl(cols as u32).unwrap_or(0)
                    | region.checked_shr(cols as u32).unwrap_or(0))
                    & free;
                if grown == region {
                    break;
                }
                region = grown;
            }
            free &= !region;
            out.push(region);
        }
        out
    }

    /// The board of one region given as a mask (see [`Board::regions`]);
    /// `None` if it is the board itself (nothing to fill or trim).
    fn region_board(&self, region: u64, fill: u8) -> Option<Str> {
        let (rows, cols) = (self.rows, self.cols);
        // A region of one square (common: what a move leaves in a corner).
        if region.count_ones() == 1 && rows * cols > 1 {
            let k = region.trailing_zeros() as usize;
            let b = self.bytes[k / cols * (cols + 1) + k % cols];
            return Some(write_board(1, |out| out[0] = b));
        }
        // The bounding box from the rows' masks, without dividing.
        let row_mask = u64::MAX >> (64 - cols);
        let (mut r0, mut r1, mut col_bits) = (rows, 0, 0u64);
        for r in 0..rows {
            let bits = (region >> (r * cols)) & row_mask;
            if bits != 0 {
                (r0, r1, col_bits) = (r0.min(r), r, col_bits | bits);
            }
        }
        let (c0, c1) = (
            col_bits.trailing_zeros() as usize,
            63 - col_bits.leading_zeros() as usize,
        );
        let whole = r0 == 0 && c0 == 0 && r1 + 1 == rows && c1 + 1 == cols;
        let outside = |r: usize, c: usize| region >> (r * cols + c) & 1 == 0;
        if whole && (0..rows).all(|r| (0..cols).all(|c| !outside(r, c) || self.at(r, c) == fill)) {
            return None;
        }
        let width = c1 - c0 + 1;
        let len = (r1 - r0 + 1) * (width + 1) - 1;
        Some(write_board(len, |out| {
            for r in r0..=r1 {
                let at = (r - r0) * (width + 1);
                if r > r0 {
                    out[at - 1] = b'|';
                }
                for c in c0..=c1 {
                    out[at + c - c0] = if outside(r, c) { fill } else { self.at(r, c) };
                }
            }
        }))
    }

    /// Each connected region of squares whose byte `joins`, as a board of
    /// its own (its other squares `fill`, border rows and columns of fill
    /// removed), in the order of their first squares.
    fn regions(&self, joins: &[bool; 128], fill: u8) -> Vec<Bytes> {
        let (rows, cols) = (self.rows, self.cols);
        let mut region: SmallVec<[u16; 128]> = SmallVec::from_elem(0, rows * cols);
        let mut stack: SmallVec<[usize; 64]> = SmallVec::new();
        let mut count: u16 = 0;
        let mut out = Vec::new();
        for start in 0..rows * cols {
            if region[start] != 0 || !joins[usize::from(self.at(start / cols, start % cols))] {
                continue;
            }
            count += 1;
            region[start] = count;
            stack.push(start);
            let (mut r0, mut r1, mut c0, mut c1) = (rows, 0, cols, 0);
            while let Some(k) = stack.pop() {
                let (r, c) = (k / cols, k % cols);
                (r0, r1, c0, c1) = (r0.min(r), r1.max(r), c0.min(c), c1.max(c));
                let mut visit = |j: usize| {
                    if region[j] == 0 && joins[usize::from(self.at(j / cols, j % cols))] {
                        region[j] = count;
                        stack.push(j);
                    }
                };
                if r > 0 {
                    visit(k - cols);
                }
                if r + 1 < rows {
                    visit(k + cols);
                }
                if c > 0 {
                    visit(k - 1);
                }
                if c + 1 < cols {
                    visit(k + 1);
                }
            }
            // The region's rows and columns from its first to its last
            // square: trimmed of the fill around it.
            let mut board = Bytes::with_capacity((r1 - r0 + 1) * (c1 - c0 + 2));
            for r in r0..=r1 {
                if r > r0 {
                    board.push(b'|');
                }
                for c in c0..=c1 {
                    let k = r * cols + c;
                    board.push(if region[k] == count {
                        self.at(r, c)
                    } else {
                        fill
                    });
                }
            }
            out.push(board);
        }
        out
    }

    /// Each board made by writing `to` over one occurrence of `from` read
    /// down a column (columns from the left, each from the top).
    fn replace_each_down(
        &self,
        from: &[u8],
        to: &[u8],
        span: crate::error::Span,
    ) -> Result<Vec<Str>, Error> {
        let (rows, cols, n) = (self.rows, self.cols, from.len());
        if n == 0 || n > rows || to.len() != n {
            return Ok(Vec::new());
        }
        let stride = cols + 1;
        let places: Vec<(usize, usize)> = (0..cols)
            .flat_map(|c| (0..=rows - n).map(move |r| (r, c)))
            .filter(|&(r, c)| (0..n).all(|k| self.bytes[(r + k) * stride + c] == from[k]))
            .collect();
        // Each board a copy: room for them all asked first.
        crate::error::room_for(places.len().saturating_mul(self.bytes.len() + 32), span)?;
        Ok(places
            .into_iter()
            .map(|(r, c)| {
                write_board(self.bytes.len(), |b| {
                    b.copy_from_slice(self.bytes);
                    for (k, &t) in to.iter().enumerate() {
                        b[(r + k) * stride + c] = t;
                    }
                })
            })
            .collect())
    }

    /// The board reflected in its main diagonal.
    fn transposed(&self) -> Str {
        if self.cols == 0 {
            return Str::new();
        }
        self.image(4)
    }
}

/// The eight symmetries of the square, as `image_at` reads them: bit 0
/// mirrors, bit 1 flips, and 4 to 7 transpose first; the first four keep
/// rows as rows.
const SYMMETRIES: usize = 8;

/// A board of `len` bytes written by `fill` straight into a new string (one
/// allocation); boards on bytes are ASCII.
fn write_board(len: usize, fill: impl FnOnce(&mut [u8])) -> Str {
    // SAFETY: the buffer is zeroed before it is seen as bytes, and what
    // `fill` writes over it (an ASCII board's squares, an ASCII fill
    // character, `|`) is checked to be ASCII before it becomes a string,
    // so the string is UTF-8 (cheaper than validating it as UTF-8).
    unsafe {
        Str::init_with_unchecked(len, |buf| {
            for b in buf.iter_mut() {
                b.write(0);
            }
            let bytes = std::slice::from_raw_parts_mut(buf.as_mut_ptr().cast::<u8>(), buf.len());
            fill(bytes);
            assert!(bytes.is_ascii(), "a board written on bytes is ASCII");
        })
    }
}

/// The board argument `k` as text.
fn board_text<'a>(a: &'a Args, k: usize) -> Result<&'a str, Error> {
    match &a.values[k] {
        Value::Str(text) => Ok(text),
        _ => Err(Error::spanned(
            a.spans[k],
            "expected a board in quotes, rows separated by |",
        )),
    }
}

/// A board string that is not ASCII as a grid over its own characters (in
/// code order, so the least image of a board is the same whichever image
/// it is given as).
fn read_grid(a: &Args, k: usize) -> Result<(Grid, Vec<char>), Error> {
    let text = board_text(a, k)?;
    let mut symbols: Vec<char> = text.chars().filter(|&c| c != '|').collect();
    symbols.sort_unstable();
    symbols.dedup();
    if symbols.len() > 255 {
        return Err(Error::spanned(
            a.spans[k],
            "a board has at most 255 kinds of square",
        ));
    }
    let grid = Grid::parse_exact(text, &symbols).map_err(|e| Error::spanned(a.spans[k], e))?;
    Ok((grid, symbols))
}

fn chars_arg(a: &Args, k: usize, what: &str) -> Result<Vec<char>, Error> {
    match &a.values[k] {
        Value::Str(t) => Ok(t.chars().collect()),
        _ => Err(Error::spanned(
            a.spans[k],
            format!("expected {what} in quotes"),
        )),
    }
}

/// `grid_regions(board, joining [, fill])`.
fn regions(a: &Args) -> Result<Value, Error> {
    let joining = match a.values.get(1) {
        None => ".",
        Some(_) => board_text(a, 1)
            .map_err(|_| Error::spanned(a.spans[1], "expected the joining characters in quotes"))?,
    };
    let fill = match a.values.get(2) {
        None => '#',
        Some(_) => match chars_arg(a, 2, "the fill character")?[..] {
            [c] => c,
            _ => return Err(Error::spanned(a.spans[2], "the fill is one character")),
        },
    };
    if joining.contains(fill) {
        return Err(Error::spanned(a.call, "the fill character must not join"));
    }
    let text = board_text(a, 0)?;
    if let Some(board) = Board::read(text) {
        let board = board.map_err(|e| Error::spanned(a.spans[0], e))?;
        if fill.is_ascii() {
            let mut joins = [false; 128];
            for b in joining.bytes().filter(u8::is_ascii) {
                joins[usize::from(b)] = true;
            }
            if board.rows * board.cols <= 64 && board.cols > 0 {
                // The board itself when it is its own only region: no copy.
                let parts = board
                    .region_masks(&joins)
                    .into_iter()
                    .map(|m| match board.region_board(m, fill as u8) {
                        Some(b) => Value::Str(b),
                        None => a.values[0].clone(),
                    })
                    .collect();
                return Ok(Value::list(parts));
            }
            let parts = board.regions(&joins, fill as u8);
            return Ok(Value::list(
                parts
                    .iter()
                    .map(|b| Value::str(std::str::from_utf8(b).expect("ASCII")))
                    .collect(),
            ));
        }
    }
    let (grid, mut symbols) = read_grid(a, 0)?;
    let fill_code = match symbols.iter().position(|&c| c == fill) {
        Some(k) => k,
        None => {
            symbols.push(fill);
            symbols.len() - 1
        }
    } as u8;
    let joins: Vec<bool> = symbols.iter().map(|&c| joining.contains(c)).collect();
    let parts = grid.regions_by(|v| joins[usize::from(v)], false, fill_code);
    Ok(Value::list(
        parts
            .into_iter()
            .map(|g| Value::str(g.trimmed_of(fill_code).text(&symbols)))
            .collect(),
    ))
}

/// The functions on boards.
pub static GRIDS: &[Builtin] = &[
    Builtin {
        name: "grid_regions",
        signature: "grid_regions(board [, joining [, fill]])",
        arity: 1..=3,
        topic: "lists and strings",
        help: "The connected parts of a board (rows separated by |): squares whose character is in `joining`, joined orthogonally (default \".\", the empty squares); each part is a board of its own, its other squares the `fill` character (default \"#\"), border rows and columns of fill removed. A grid ruleset's components: components = grid_regions for Domineering.",
        example: "grid_regions(\"..#|#.#|##.\", \".\")",
        run: Run::Native(|_, a| regions(a)),
    },
    Builtin {
        name: "grid_key",
        signature: "grid_key(board, symmetries)",
        arity: 2..=2,
        topic: "lists and strings",
        help: "The least of a board's images under its symmetries: 8 (rotations and reflections) or 4 (the reflections that keep rows as rows, and the half turn: for games whose players move in different directions, such as Domineering). Boards with the same key have the same game: a grid ruleset's key.",
        example: "grid_key(\"#..|...\", 4)",
        run: Run::Native(|s, a| {
            let n = match s.to_i64(&a.values[1], a.spans[1])? {
                8 => SYMMETRIES,
                4 => 4,
                _ => return Err(Error::spanned(a.spans[1], "symmetries are 8 or 4")),
            };
            if let Some(board) = Board::read(board_text(a, 0)?) {
                let board = board.map_err(|e| Error::spanned(a.spans[0], e))?;
                // A board that is its own least image is its key: no copy.
                return Ok(match board.least_symmetry(n) {
                    0 => a.values[0].clone(),
                    s => Value::Str(board.image(s)),
                });
            }
            let (grid, symbols) = read_grid(a, 0)?;
            let image = if n == SYMMETRIES {
                grid.least_symmetric()
            } else {
                grid.least_upright()
            };
            Ok(Value::str(image.text(&symbols)))
        }),
    },
    Builtin {
        name: "grid_replace_each",
        signature: "grid_replace_each(board, from, to)",
        arity: 3..=3,
        topic: "lists and strings",
        help: "Every board made by writing `to` over one occurrence of `from` read down a column (rows separated by |; columns from the left, each from the top; `to` as long as `from`): Domineering's vertical dominoes are grid_replace_each(b, \"..\", \"##\"). replace_each reads along the rows.",
        example: "grid_replace_each(\"..|.#|..\", \"..\", \"##\")",
        run: Run::Native(|_, a| {
            let from = chars_arg(a, 1, "the pattern")?;
            let to = chars_arg(a, 2, "the replacement")?;
            if from.len() != to.len() {
                return Err(Error::spanned(
                    a.spans[2],
                    "the replacement must be as long as the pattern",
                ));
            }
            let board_str = board_text(a, 0)?;
            let ascii = from.iter().chain(&to).all(|c| c.is_ascii());
            if let (Some(board), true) = (Board::read(board_str), ascii) {
                let board = board.map_err(|e| Error::spanned(a.spans[0], e))?;
                let from: Vec<u8> = from.iter().map(|&c| c as u8).collect();
                let to: Vec<u8> = to.iter().map(|&c| c as u8).collect();
                let boards = board.replace_each_down(&from, &to, a.call)?;
                return Ok(Value::list(boards.into_iter().map(Value::Str).collect()));
            }
            // Other text: the columns as rows of the transposed board.
            let (grid, mut symbols) = read_grid(a, 0)?;
            for c in from.iter().chain(&to) {
                if !symbols.contains(c) {
                    symbols.push(*c);
                }
            }
            let t = grid.transposed().text(&symbols);
            let (from, to): (String, String) = (from.iter().collect(), to.iter().collect());
            let mut out = Vec::new();
            for k in super::data::byte_matches(&t, &from) {
                let mut s = String::new();
                s.push_str(&t[..k]);
                s.push_str(&to);
                s.push_str(&t[k + from.len()..]);
                let back = Grid::parse_exact(&s, &symbols).map_err(|e| Error::spanned(a.call, e))?;
                out.push(Value::str(back.transposed().text(&symbols)));
            }
            Ok(Value::list(out))
        }),
    },
    Builtin {
        name: "grid_signed_key",
        signature: "grid_signed_key(board)",
        arity: 1..=1,
        topic: "lists and strings",
        help: "[the least of a board's eight images, whether it is a transposed one]: a signed key for games in which transposing the board exchanges the players (Domineering: ruleset(vertical, horizontal, signed_key = grid_signed_key)); a tie goes to the image that is not transposed.",
        example: "grid_signed_key(\"..#|...\")",
        run: Run::Native(|_, a| {
            if let Some(board) = Board::read(board_text(a, 0)?) {
                let board = board.map_err(|e| Error::spanned(a.spans[0], e))?;
                let s = board.least_symmetry(SYMMETRIES);
                let key = match s {
                    0 => a.values[0].clone(),
                    s => Value::Str(board.image(s)),
                };
                return Ok(Value::list(vec![key, Value::Bool(s >= 4)]));
            }
            let (grid, symbols) = read_grid(a, 0)?;
            let (image, transposed) = grid.least_upright_or_transposed();
            Ok(Value::list(vec![
                Value::str(image.text(&symbols)),
                Value::Bool(transposed),
            ]))
        }),
    },
    Builtin {
        name: "grid_transpose",
        signature: "grid_transpose(board)",
        arity: 1..=1,
        topic: "lists and strings",
        help: "A board reflected in its main diagonal (rows become columns).",
        example: "grid_transpose(\"ab|cd|ef\")",
        run: Run::Native(|_, a| {
            if let Some(board) = Board::read(board_text(a, 0)?) {
                let board = board.map_err(|e| Error::spanned(a.spans[0], e))?;
                return Ok(Value::Str(board.transposed()));
            }
            let (grid, symbols) = read_grid(a, 0)?;
            Ok(Value::str(grid.transposed().text(&symbols)))
        }),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The least image and the regions on bytes agree with the engine's
    /// grids (square by square, over the symbols in code order) on every
    /// board of up to 3 x 3 squares of three kinds, and on random larger ones.
    #[test]
    fn boards_on_bytes_agree_with_the_engines_grids() {
        let mut checked = 0;
        let mut seed: u64 = 7;
        for (rows, cols) in [
            (1, 1),
            (1, 3),
            (2, 2),
            (2, 3),
            (3, 2),
            (3, 3),
            (4, 5),
            (5, 3),
            // 64 squares: shifts by a whole row reach the mask's end.
            (1, 64),
            (8, 8),
        ] {
            let cells = rows * cols;
            let boards = if cells <= 9 {
                3usize.pow(cells as u32)
            } else {
                300
            };
            for mut m in 0..boards {
                if cells > 9 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    m = seed as usize;
                }
                let squares: Vec<char> = (0..cells)
                    .map(|k| ['.', '#', 'x'][(m / 3usize.pow((k % 20) as u32)) % 3])
                    .collect();
                let text: String = (0..rows)
                    .map(|r| squares[r * cols..(r + 1) * cols].iter().collect::<String>())
                    .collect::<Vec<_>>()
                    .join("|");
                let board = Board::read(&text).unwrap().unwrap();
                let mut symbols: Vec<char> = squares.clone();
                symbols.sort_unstable();
                symbols.dedup();
                let grid = Grid::parse_exact(&text, &symbols).unwrap();
                let bytes = |b: &Bytes| String::from_utf8(b.to_vec()).unwrap();
                assert_eq!(
                    board.least(8).to_string(),
                    grid.least_symmetric().text(&symbols),
                    "{text}"
                );
                assert_eq!(
                    board.least(4).to_string(),
                    grid.least_upright().text(&symbols),
                    "{text}"
                );
                assert_eq!(
                    board.transposed().to_string(),
                    grid.transposed().text(&symbols),
                    "{text}"
                );
                let mut with_fill = symbols.clone();
                if !with_fill.contains(&'#') {
                    with_fill.push('#');
                }
                let fill = with_fill.iter().position(|&c| c == '#').unwrap() as u8;
                let grid = Grid::parse_exact(&text, &with_fill).unwrap();
                let dot = with_fill.iter().position(|&c| c == '.');
                let theirs: Vec<String> = grid
                    .regions_by(|v| Some(usize::from(v)) == dot, false, fill)
                    .into_iter()
                    .map(|g| g.trimmed_of(fill).text(&with_fill))
                    .collect();
                let mut joins = [false; 128];
                joins[usize::from(b'.')] = true;
                let ours: Vec<String> = board.regions(&joins, b'#').iter().map(bytes).collect();
                assert_eq!(ours, theirs, "{text}");
                let masked: Vec<String> = board
                    .region_masks(&joins)
                    .into_iter()
                    .map(|m| match board.region_board(m, b'#') {
                        Some(b) => b.to_string(),
                        None => text.clone(),
                    })
                    .collect();
                assert_eq!(masked, theirs, "{text}");
                checked += 1;
            }
        }
        assert!(checked > 20_000, "{checked}");
    }
}
