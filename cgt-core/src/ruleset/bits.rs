//! Boards of up to 64 squares as bit sets (square `(r, c)` is bit
//! `r * cols + c`), shared by the rulesets that keep their positions so:
//! the symmetries of the rectangle by word operations. A memo of a value
//! holds millions of positions, and a board in a few words takes a third of
//! the memory of a [`super::grid::Grid`] and hashes in a few instructions.

/// The most squares a bit board holds.
pub const MAX_SQUARES: usize = 64;

/// The shape of a board: rows and columns (rows × columns ≤ 64).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape(pub u8, pub u8);

impl Shape {
    /// The shape of a `rows` × `cols` board, if it has at most 64 squares.
    pub fn of(rows: usize, cols: usize) -> Option<Shape> {
        let (r, c) = (u8::try_from(rows).ok()?, u8::try_from(cols).ok()?);
        (rows * cols <= MAX_SQUARES).then_some(Shape(r, c))
    }

    /// Rows and columns.
    pub fn dims(self) -> (usize, usize) {
        (usize::from(self.0), usize::from(self.1))
    }

    /// The shape with rows and columns exchanged.
    pub fn transposed(self) -> Shape {
        Shape(self.1, self.0)
    }

    /// The squares of a row.
    fn row(self) -> u64 {
        low(u32::from(self.1))
    }

    /// The squares of the first column: every square's bits, read in base
    /// 2^cols, are the row's bits times the column's (one division).
    fn first_column(self) -> u64 {
        match self.row() {
            0 => 0,
            row => self.all() / row,
        }
    }

    /// The squares not in the first column.
    pub fn not_first_column(self) -> u64 {
        self.all() & !self.first_column()
    }

    /// The squares not in the last column.
    pub fn not_last_column(self) -> u64 {
        self.all() & !(self.first_column() << self.1.saturating_sub(1))
    }

    /// Every square.
    pub fn all(self) -> u64 {
        let (rows, cols) = self.dims();
        low((rows * cols) as u32)
    }

    /// `x` turned half round: the order of all squares reversed.
    pub fn turn(self, x: u64) -> u64 {
        let n = u32::from(self.0) * u32::from(self.1);
        if n == 0 {
            0
        } else {
            x.reverse_bits() >> (64 - n)
        }
    }

    /// `x` upside down: the order of the rows reversed.
    pub fn flip(self, x: u64) -> u64 {
        let (rows, cols) = (u32::from(self.0), u32::from(self.1));
        if rows <= 1 {
            return x;
        }
        // Rows taken from the bottom of `x` and pushed in at the bottom of
        // the image, so the first row taken ends on top (shifts only; two
        // rows or more have at most 32 columns).
        let row = self.row();
        let (mut out, mut rest) = (0, x);
        for _ in 0..rows {
            out = out << cols | rest & row;
            rest >>= cols;
        }
        out
    }

    /// `x` mirrored: the order of the columns reversed.
    pub fn mirror(self, x: u64) -> u64 {
        self.flip(self.turn(x))
    }

    /// The least of the four images that keep rows as rows (the board,
    /// turned half round, flipped, mirrored) of a board whose sets of
    /// squares are `sets`, boards ordered by their sets in turn. The first
    /// set mostly decides: the others are mapped only for the images that
    /// tie on it. A mirror is a flip turned, so each set is flipped once.
    pub fn least_upright<const N: usize>(self, sets: [u64; N]) -> [u64; N] {
        let image = |x: u64, k: usize| match k {
            0 => x,
            1 => self.turn(x),
            2 => self.flip(x),
            _ => self.turn(self.flip(x)),
        };
        let Some(&lead) = sets.first() else {
            return sets;
        };
        let flipped = self.flip(lead);
        let leads = [lead, self.turn(lead), flipped, self.turn(flipped)];
        let least = leads.into_iter().min().expect("four images");
        let mut ties = (0..4).filter(|&k| leads[k] == least);
        let first = ties.next().expect("the least is one of them");
        let board = |k: usize| {
            let mut out = sets;
            out[0] = least;
            for x in &mut out[1..] {
                // An empty set is its own image.
                if *x != 0 {
                    *x = image(*x, k);
                }
            }
            out
        };
        ties.fold(board(first), |best, k| best.min(board(k)))
    }

    /// The least image of a board whose sets of squares are `sets`, under
    /// the upright symmetries of the board and of its transpose: its shape,
    /// its sets, and whether it is an image of the transpose (a tie goes to
    /// the board's own). Shapes are compared first, so the orientation with
    /// fewer rows is the least: only a square board has both compared.
    pub fn least_oriented<const N: usize>(self, sets: [u64; N]) -> (Shape, [u64; N], bool) {
        let upright = || self.least_upright(sets);
        let turned = self.transposed();
        let transposed = || turned.least_upright(sets.map(|x| self.transpose(x)));
        match self.0.cmp(&self.1) {
            std::cmp::Ordering::Less => (self, upright(), false),
            std::cmp::Ordering::Greater => (turned, transposed(), true),
            std::cmp::Ordering::Equal => {
                let (u, t) = (upright(), transposed());
                if t < u {
                    (self, t, true)
                } else {
                    (self, u, false)
                }
            }
        }
    }

    /// `x` reflected in the main diagonal (its shape is [`Shape::transposed`]).
    pub fn transpose(self, x: u64) -> u64 {
        let (rows, cols) = self.dims();
        let mut out = 0;
        let mut bits = x;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out |= 1 << ((i % cols) * rows + i / cols);
        }
        out
    }
}

/// The lowest `n` bits (all 64 for `n` ≥ 64).
fn low(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1 << n) - 1
    }
}

/// Iterates over the set bits of `x`, lowest first, as indices.
pub fn squares(x: u64) -> impl Iterator<Item = usize> {
    let mut bits = x;
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a symmetry takes square `(r, c)` of a `rows` × `cols` board.
    fn image(x: u64, s: Shape, to: impl Fn(usize, usize) -> (usize, usize), width: usize) -> u64 {
        let cols = s.dims().1;
        squares(x).fold(0, |acc, i| {
            let (r, c) = to(i / cols, i % cols);
            acc | 1 << (r * width + c)
        })
    }

    #[test]
    fn word_operations_move_each_square_where_the_symmetry_does() {
        let mut seed = 3u64;
        for (rows, cols) in [
            (1, 1),
            (1, 7),
            (3, 5),
            (4, 4),
            (5, 6),
            (7, 9),
            (8, 8),
            (2, 32),
            (1, 64),
        ] {
            let s = Shape::of(rows, cols).unwrap();
            for _ in 0..50 {
                crate::xorshift(&mut seed);
                let x = seed & s.all();
                let (lr, lc) = (rows - 1, cols - 1);
                assert_eq!(s.turn(x), image(x, s, |r, c| (lr - r, lc - c), cols));
                assert_eq!(s.flip(x), image(x, s, |r, c| (lr - r, c), cols));
                assert_eq!(s.mirror(x), image(x, s, |r, c| (r, lc - c), cols));
                assert_eq!(s.transpose(x), image(x, s, |r, c| (c, r), rows));
            }
        }
        for (rows, cols) in [(1, 1), (3, 5), (8, 8), (1, 64)] {
            let s = Shape::of(rows, cols).unwrap();
            let first: u64 = (0..rows).map(|r| 1 << (r * cols)).sum();
            let last: u64 = (0..rows).map(|r| 1 << (r * cols + cols - 1)).sum();
            assert_eq!(s.not_first_column(), s.all() & !first);
            assert_eq!(s.not_last_column(), s.all() & !last);
        }
        assert_eq!(Shape::of(9, 8), None);
    }

    #[test]
    fn least_upright_is_the_least_of_the_four_images() {
        let mut seed = 5u64;
        let mut next = move || crate::xorshift(&mut seed);
        for (rows, cols) in [
            (1, 1),
            (1, 7),
            (4, 6),
            (5, 6),
            (4, 4),
            (8, 8),
            (2, 32),
            (1, 64),
        ] {
            let s = Shape::of(rows, cols).unwrap();
            for _ in 0..300 {
                // Sparse sets, often empty or symmetric, so that images tie.
                let mut set = || match next() % 4 {
                    0 => 0,
                    1 => next() & next() & next() & s.all(),
                    _ => next() & s.all(),
                };
                let sets = [set(), set(), set()];
                let images = [
                    sets,
                    sets.map(|x| s.turn(x)),
                    sets.map(|x| s.flip(x)),
                    sets.map(|x| s.mirror(x)),
                ];
                let least = images.into_iter().min().unwrap();
                assert_eq!(s.least_upright(sets), least, "{rows}x{cols} {sets:?}");
                let symmetric = [sets[0] & s.turn(sets[0]), sets[1], sets[2]];
                let images = [
                    symmetric,
                    symmetric.map(|x| s.turn(x)),
                    symmetric.map(|x| s.flip(x)),
                    symmetric.map(|x| s.mirror(x)),
                ];
                assert_eq!(
                    s.least_upright(symmetric),
                    images.into_iter().min().unwrap()
                );
            }
        }
        assert_eq!(Shape::of(300, 0), None);
    }
}
