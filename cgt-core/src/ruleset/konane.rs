//! Konane: a player jumps one of their stones orthogonally over an adjacent
//! stone of the opponent onto the empty square beyond, removing it, and may
//! go on jumping in the same direction; each stop is a move. Left's stones
//! are `x`, Right's `o`, `#` a square off the board.

use super::bits::{Shape, MAX_SQUARES};
use super::grid::Grid;
use super::picture::{self, Picture};
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
            let grid = Grid::parse(Arg::text(args, 0, "the board")?, &SYMBOLS)
                .map_err(|e| ArgError::at(0, e))?;
            Ok(Positioned::boxed(Konane, Board::from_grid(grid)))
        },
    }],
    words: &[],
};

impl Notation for Konane {
    fn text(&self, b: &Board) -> String {
        format!("konane(\"{}\")", b.to_grid().text(&SYMBOLS))
    }
    fn picture(&self, b: &Board) -> Picture {
        picture::quoted_board(&self.text(b), picture::STONES)
    }
}

/// A Konane position: a board of up to 64 squares as bit sets, a larger
/// one as a grid (boxed, so that a position takes 40 bytes either way).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Board {
    /// Up to 64 squares.
    Small(Bits),
    /// More than 64 squares.
    Large(Box<Grid>),
}

impl Board {
    /// The position of a grid of `.`, `x`, `o` and `#` (cells 0 to 3).
    pub fn from_grid(g: Grid) -> Board {
        match Bits::from_grid(&g) {
            Ok(bits) => Board::Small(bits),
            Err(_) => Board::Large(Box::new(g)),
        }
    }

    /// The position as a grid.
    pub fn to_grid(&self) -> Grid {
        match self {
            Board::Small(bits) => bits.to_grid(),
            Board::Large(g) => (**g).clone(),
        }
    }
}

/// A board of up to 64 squares as bit sets (see [`super::bits`]): 32 bytes
/// where a [`Grid`] takes 88, and moves found by bit tests. Boards are
/// ordered by shape, then by their bits.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bits {
    shape: Shape,
    left: u64,
    right: u64,
    /// Squares off the board.
    off: u64,
}

impl Bits {
    /// The board of a grid of `.`, `x`, `o` and `#` (cells 0 to 3).
    pub fn from_grid(g: &Grid) -> Result<Bits, String> {
        let shape = Shape::of(g.rows, g.cols).ok_or_else(|| {
            format!(
                "a board of bits has at most {MAX_SQUARES} squares (this one has {})",
                g.rows * g.cols
            )
        })?;
        let mut b = Bits {
            shape,
            left: 0,
            right: 0,
            off: 0,
        };
        for (i, &v) in g.cells.iter().enumerate() {
            match v {
                LEFT => b.left |= 1 << i,
                RIGHT => b.right |= 1 << i,
                OFF => b.off |= 1 << i,
                _ => {}
            }
        }
        Ok(b)
    }

    /// The board as a grid.
    pub fn to_grid(&self) -> Grid {
        let (rows, cols) = self.shape.dims();
        let cells = (0..rows * cols)
            .map(|i| {
                let bit = 1u64 << i;
                if self.left & bit != 0 {
                    LEFT
                } else if self.right & bit != 0 {
                    RIGHT
                } else if self.off & bit != 0 {
                    OFF
                } else {
                    0
                }
            })
            .collect();
        Grid { rows, cols, cells }
    }

    /// The least of the board's images under the eight symmetries of the
    /// square (the fewest rows first): every symmetry keeps the rules.
    fn least_image(&self) -> Bits {
        let sets = [self.left, self.right, self.off];
        let (shape, [left, right, off], _) = self.shape.least_oriented(sets);
        Bits {
            shape,
            left,
            right,
            off,
        }
    }
}

const OFF: u8 = 3;

/// The four directions as (row step, column step).
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// `bit` moved `step` squares along the board's order (back if negative).
fn shifted(bit: u64, step: i32) -> u64 {
    let by = step.unsigned_abs();
    if step > 0 {
        bit.checked_shl(by).unwrap_or(0)
    } else {
        bit.checked_shr(by).unwrap_or(0)
    }
}

/// The jumps of a board of bits, each made into a position by `made`: for
/// each direction, the stones that can jump are found for all of them at
/// once with masks, and each further jump is three bit tests. Jumps come
/// in the order of [`DIRECTIONS`] for each stone, first stone first.
fn jumps<T>(b: &Bits, left: bool, made: impl Fn(Bits) -> T) -> Vec<T> {
    let (mine, theirs) = if left {
        (b.left, b.right)
    } else {
        (b.right, b.left)
    };
    let s = b.shape;
    let cols = u32::from(s.1);
    let (east, west) = (s.not_last_column(), s.not_first_column());
    let all = s.all();
    // Two rows below, and two rows above (none if two rows fill a word).
    let south = all.checked_shr(2 * cols).unwrap_or(0);
    let north = all & !(1u64.checked_shl(2 * cols).unwrap_or(0).wrapping_sub(1));
    let empty = all & !(b.left | b.right | b.off);
    // The squares a jump can start from in each direction, and its step.
    let ways: [(u64, i32); 4] = [
        (east & east >> 1, 1),
        (west & west << 1, -1),
        (south, cols as i32),
        (north, -(cols as i32)),
    ];
    let can = |(starts, step): (u64, i32)| {
        mine & starts & shifted(theirs, -step) & shifted(empty, -2 * step)
    };
    let first = [can(ways[0]), can(ways[1]), can(ways[2]), can(ways[3])];
    let mut stones = first.iter().fold(0, |acc, x| acc | x);
    let mut out = Vec::with_capacity(2 * stones.count_ones() as usize);
    while stones != 0 {
        let from = stones & stones.wrapping_neg();
        stones &= stones - 1;
        for ((starts, step), can) in ways.into_iter().zip(first) {
            if can & from == 0 {
                continue;
            }
            // The stone is lifted, and each jump captures and lands.
            let (ours, mut others) = (mine & !from, theirs);
            let mut at = from;
            while at & starts != 0 {
                let over = shifted(at, step);
                let to = shifted(over, step);
                if others & over == 0 || (ours | others | b.off) & to != 0 {
                    break;
                }
                others &= !over;
                let (l, rt) = if left {
                    (ours | to, others)
                } else {
                    (others, ours | to)
                };
                out.push(made(Bits {
                    shape: b.shape,
                    left: l,
                    right: rt,
                    off: b.off,
                }));
                at = to;
            }
        }
    }
    out
}

/// The jumps on a grid, cell by cell (boards beyond 64 squares).
fn grid_jumps(g: &Grid, mine: u8, theirs: u8) -> Vec<Grid> {
    let mut out = Vec::new();
    let (rows, cols) = (g.rows as isize, g.cols as isize);
    for r in 0..rows {
        for c in 0..cols {
            if g.at(r as usize, c as usize) != mine {
                continue;
            }
            for (dr, dc) in DIRECTIONS {
                let mut now = g.clone();
                let (mut r2, mut c2) = (r, c);
                while (0..rows).contains(&(r2 + 2 * dr)) && (0..cols).contains(&(c2 + 2 * dc)) {
                    let at = |r: isize, c: isize| (r as usize, c as usize);
                    let (from, over, to) = (
                        at(r2, c2),
                        at(r2 + dr, c2 + dc),
                        at(r2 + 2 * dr, c2 + 2 * dc),
                    );
                    if now.at(over.0, over.1) != theirs || now.at(to.0, to.1) != 0 {
                        break;
                    }
                    now = now.with(&[(from, 0), (over, 0), (to, mine)]);
                    out.push(now.clone());
                    (r2, c2) = (r2 + 2 * dr, c2 + 2 * dc);
                }
            }
        }
    }
    out
}

fn moves(b: &Board, left: bool) -> Vec<Board> {
    match b {
        Board::Small(bits) => jumps(bits, left, Board::Small),
        Board::Large(g) => {
            let (mine, theirs) = if left { (LEFT, RIGHT) } else { (RIGHT, LEFT) };
            let boxed = |g| Board::Large(Box::new(g));
            grid_jumps(g, mine, theirs).into_iter().map(boxed).collect()
        }
    }
}

impl Ruleset for Konane {
    type Position = Board;

    fn left_options(&self, b: &Board) -> Vec<Board> {
        moves(b, true)
    }

    fn right_options(&self, b: &Board) -> Vec<Board> {
        moves(b, false)
    }

    fn canonical_key(&self, b: &Board) -> Board {
        // Every symmetry of the square keeps the rules; empty squares are
        // landed on, so the board is not trimmed.
        match b {
            Board::Small(bits) => Board::Small(bits.least_image()),
            Board::Large(g) => Board::Large(Box::new(g.least_symmetric())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jumps_are_those_read_cell_by_cell_and_keys_are_images() {
        // Every board of 2×3 and 3×2 squares, and pseudo-random 4×4 ones.
        let mut boards = Vec::new();
        for (rows, cols) in [(2, 3), (3, 2), (1, 5)] {
            for code in 0..4usize.pow((rows * cols) as u32) {
                let cells = (0..rows * cols)
                    .map(|k| (code >> (2 * k) & 3) as u8)
                    .collect();
                boards.push(Grid { rows, cols, cells });
            }
        }
        let mut seed = 7u64;
        let shapes = [
            (4, 4, 2000),
            (1, 64, 300),
            (2, 32, 300),
            (8, 8, 300),
            (5, 6, 300),
            (3, 21, 300),
            (7, 9, 300),
        ];
        for (rows, cols, count) in shapes {
            for _ in 0..count {
                let cells = (0..rows * cols)
                    .map(|_| {
                        crate::xorshift(&mut seed);
                        [0, 0, 1, 1, 2, 2, 3][(seed % 7) as usize]
                    })
                    .collect();
                boards.push(Grid { rows, cols, cells });
            }
        }
        for g in &boards {
            let b = Bits::from_grid(g).expect("small");
            assert_eq!(b.to_grid(), *g);
            for (left, (mine, theirs)) in [(true, (LEFT, RIGHT)), (false, (RIGHT, LEFT))] {
                let ours: Vec<Grid> = jumps(&b, left, |x| x.to_grid());
                assert_eq!(ours, grid_jumps(g, mine, theirs), "{g:?}");
            }
            // The key is an image of the board under a symmetry, the same
            // for all of them.
            let key = b.least_image();
            let upright = [g.clone(), g.mirrored(), g.flipped(), g.mirrored().flipped()];
            let images: Vec<Grid> = upright
                .iter()
                .flat_map(|u| [u.clone(), u.transposed()])
                .collect();
            assert!(images.contains(&key.to_grid()), "{g:?}");
            for image in &images {
                assert_eq!(Bits::from_grid(image).unwrap().least_image(), key, "{g:?}");
            }
        }
    }

    #[test]
    fn boards_beyond_64_squares_are_grids() {
        let g = Grid::parse(&vec!["xo.x.o.x.oox.".to_string(); 5].join("|"), &SYMBOLS).unwrap();
        assert!(Bits::from_grid(&g)
            .unwrap_err()
            .contains("at most 64 squares"));
        let b = Board::from_grid(g.clone());
        assert!(matches!(b, Board::Large(_)));
        assert_eq!(b.to_grid(), g);
        for (left, (mine, theirs)) in [(true, (LEFT, RIGHT)), (false, (RIGHT, LEFT))] {
            let found: Vec<Grid> = moves(&b, left).iter().map(Board::to_grid).collect();
            assert_eq!(found, grid_jumps(&g, mine, theirs));
            assert!(!found.is_empty());
        }
    }
}
