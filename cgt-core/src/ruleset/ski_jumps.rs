//! Ski Jumps (Winning Ways, chapter 1): skiers on a slope whose rows run
//! downhill from top to bottom. Left's skiers move east, Right's west, any
//! number of empty squares, off the slope if nothing is in the way. A jumper
//! (`L` or `R`) may instead jump over an opponent's skier directly below it
//! to the empty square below that; the skier jumped over becomes a slipper
//! (`l` or `r`), which can no longer jump.

use super::bits::{squares, Shape};
use super::grid::Grid;
use super::picture::{self, Picture, Piece};
use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;

/// The Ski Jumps ruleset (slopes are positions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SkiJumps;

const SYMBOLS: [char; 5] = ['.', 'L', 'l', 'R', 'r'];
const LEFT_JUMPER: u8 = 1;
const LEFT_SLIPPER: u8 = 2;
const RIGHT_JUMPER: u8 = 3;
const RIGHT_SLIPPER: u8 = 4;

/// Ski Jumps in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "ski_jumps",
    constructors: &[Constructor {
        name: "ski_jumps",
        signature: "ski_jumps(\"L....|..R..\")",
        arity: 1..=1,
        help: "A Ski Jumps slope (Winning Ways): rows separated by `|`, top row first, `L` a jumper of Left's, `l` a slipper of Left's, `R` and `r` Right's, `.` empty. Left's skiers move any number of empty squares east (off the slope if nothing is in the way), Right's west; a jumper may instead jump over an opponent's skier directly below it onto the empty square below that, turning the skier jumped into a slipper, which cannot jump.",
        example: "value(ski_jumps(\"L....|R....|.....\"))",
        build: |args| {
            // Case matters here: upper case jumps, lower case slips.
            let text = Arg::text(args, 0, "the slope")?;
            let board = Grid::parse_exact(text, &SYMBOLS).map_err(|e| ArgError::at(0, e))?;
            Ok(Positioned::boxed(SkiJumps, Slope::from_grid(board)))
        },
    }],
    words: &[],
};

impl Notation for SkiJumps {
    fn text(&self, g: &Slope) -> String {
        format!("ski_jumps(\"{}\")", g.to_grid().text(&SYMBOLS))
    }

    fn picture(&self, g: &Slope) -> Picture {
        let legend = &[
            ('.', Piece::Empty),
            ('L', Piece::Left),
            ('l', Piece::Left),
            ('R', Piece::Right),
            ('r', Piece::Right),
        ];
        picture::quoted_board(&self.text(g), legend)
    }
}

/// A slope: up to 64 squares as bit sets, a larger one as a grid (boxed,
/// so that a position takes 48 bytes either way).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slope {
    /// Up to 64 squares.
    Small(Skiers),
    /// More than 64 squares.
    Large(Box<Grid>),
}

impl Slope {
    /// The slope of a grid of the cells of [`SYMBOLS`].
    pub fn from_grid(g: Grid) -> Slope {
        let Some(shape) = Shape::of(g.rows, g.cols) else {
            return Slope::Large(Box::new(g));
        };
        let mut kinds = [0; 4];
        for (i, &v) in g.cells.iter().enumerate() {
            if v != 0 {
                kinds[usize::from(v) - 1] |= 1 << i;
            }
        }
        Slope::Small(Skiers { shape, kinds })
    }

    /// The slope as a grid.
    pub fn to_grid(&self) -> Grid {
        match self {
            Slope::Small(b) => {
                let (rows, cols) = b.shape.dims();
                let cell = |i: usize| {
                    let at = |k: usize| b.kinds[k] >> i & 1 != 0;
                    (0..4).find(|&k| at(k)).map_or(0, |k| k as u8 + 1)
                };
                Grid {
                    rows,
                    cols,
                    cells: (0..rows * cols).map(cell).collect(),
                }
            }
            Slope::Large(g) => (**g).clone(),
        }
    }
}

/// A slope of up to 64 squares as bit sets (square `(r, c)` is bit
/// `r * cols + c`): where each kind of skier stands, in the order of the
/// cells' codes (Left's jumpers, Left's slippers, Right's jumpers, Right's
/// slippers). It hashes and compares in a few words where a grid takes 64
/// bytes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Skiers {
    shape: Shape,
    kinds: [u64; 4],
}

impl std::hash::Hash for Skiers {
    /// The four sets folded into one word by odd multipliers (equal slopes
    /// fold alike; the memo hashes one word instead of six fields).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let [a, b, c, d] = self.kinds;
        let folded = a
            ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ c.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ d.wrapping_mul(0x1656_67B1_9E37_79F9);
        state.write_u64(folded ^ u64::from(self.shape.0) << 56 ^ u64::from(self.shape.1) << 48);
    }
}

/// The moves of a slope of bits, each made into a position by `made`, in
/// the order [`grid_moves`] gives them: skiers in reading order, each
/// slide nearest first, off the slope, then the jump.
fn skier_moves<T>(b: &Skiers, left: bool, made: impl Fn(Skiers) -> T) -> Vec<T> {
    // Indices in `kinds` of the mover's jumpers and slippers, and the
    // opponent's.
    let (jumper, slipper, their_jumper, their_slipper) =
        if left { (0, 1, 2, 3) } else { (2, 3, 0, 1) };
    let (rows, cols) = b.shape.dims();
    let occupied = b.kinds.iter().fold(0, |acc, k| acc | k);
    let theirs = b.kinds[their_jumper] | b.kinds[their_slipper];
    let mine = b.kinds[jumper] | b.kinds[slipper];
    let mut out = Vec::with_capacity(2 * mine.count_ones() as usize);
    let with = |kinds: [u64; 4]| {
        made(Skiers {
            shape: b.shape,
            kinds,
        })
    };
    for i in squares(mine) {
        let from = 1u64 << i;
        let kind = if b.kinds[jumper] & from != 0 {
            jumper
        } else {
            slipper
        };
        let mut lifted = b.kinds;
        lifted[kind] &= !from;
        // Slides: every empty square ahead up to the first skier, and off
        // the slope if there is none.
        let (r, c) = (i / cols, i % cols);
        let mut blocked = false;
        let mut at = c;
        while (left && at + 1 < cols) || (!left && at > 0) {
            at = if left { at + 1 } else { at - 1 };
            let to = 1u64 << (r * cols + at);
            if occupied & to != 0 {
                blocked = true;
                break;
            }
            let mut kinds = lifted;
            kinds[kind] |= to;
            out.push(with(kinds));
        }
        if !blocked {
            out.push(with(lifted));
        }
        if kind == jumper && r + 2 < rows {
            let (below, beyond) = (from << cols, from << (2 * cols));
            if theirs & below != 0 && occupied & beyond == 0 {
                let mut kinds = lifted;
                kinds[their_jumper] &= !below;
                kinds[their_slipper] |= below;
                kinds[jumper] |= beyond;
                out.push(with(kinds));
            }
        }
    }
    out
}

fn moves(g: &Slope, left: bool) -> Vec<Slope> {
    match g {
        Slope::Small(b) => skier_moves(b, left, Slope::Small),
        Slope::Large(g) => grid_moves(g, left)
            .into_iter()
            .map(|g| Slope::Large(Box::new(g)))
            .collect(),
    }
}

/// The moves of a slope as a grid, cell by cell (slopes beyond 64 squares).
fn grid_moves(g: &Grid, left: bool) -> Vec<Grid> {
    let (jumper, slipper, their_jumper, their_slipper) = if left {
        (LEFT_JUMPER, LEFT_SLIPPER, RIGHT_JUMPER, RIGHT_SLIPPER)
    } else {
        (RIGHT_JUMPER, RIGHT_SLIPPER, LEFT_JUMPER, LEFT_SLIPPER)
    };
    let mut out = Vec::new();
    for r in 0..g.rows {
        for c in 0..g.cols {
            let skier = g.at(r, c);
            if skier != jumper && skier != slipper {
                continue;
            }
            // Slides: every empty square ahead up to the first skier, and
            // off the slope if there is none.
            let ahead: Vec<usize> = if left {
                (c + 1..g.cols).collect()
            } else {
                (0..c).rev().collect()
            };
            let mut blocked = false;
            for c2 in ahead {
                if g.at(r, c2) != 0 {
                    blocked = true;
                    break;
                }
                out.push(g.with(&[((r, c), 0), ((r, c2), skier)]));
            }
            if !blocked {
                out.push(g.with(&[((r, c), 0)]));
            }
            if skier == jumper && r + 2 < g.rows {
                let below = g.at(r + 1, c);
                if (below == their_jumper || below == their_slipper) && g.at(r + 2, c) == 0 {
                    out.push(g.with(&[
                        ((r, c), 0),
                        ((r + 1, c), their_slipper),
                        ((r + 2, c), jumper),
                    ]));
                }
            }
        }
    }
    out
}

impl Ruleset for SkiJumps {
    type Position = Slope;

    fn left_options(&self, g: &Slope) -> Vec<Slope> {
        moves(g, true)
    }

    fn right_options(&self, g: &Slope) -> Vec<Slope> {
        moves(g, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_of_bits_are_those_of_the_grid() {
        let mut seed = 3u64;
        for (rows, cols, count) in [
            (4, 9, 2000),
            (1, 64, 200),
            (2, 32, 200),
            (8, 8, 500),
            (5, 3, 500),
        ] {
            for _ in 0..count {
                let cells = (0..rows * cols)
                    .map(|_| {
                        crate::xorshift(&mut seed);
                        [0, 0, 0, 0, 1, 2, 3, 4][(seed % 8) as usize]
                    })
                    .collect();
                let g = Grid { rows, cols, cells };
                let slope = Slope::from_grid(g.clone());
                assert!(matches!(slope, Slope::Small(_)));
                assert_eq!(slope.to_grid(), g);
                for left in [true, false] {
                    let ours: Vec<Grid> = moves(&slope, left).iter().map(Slope::to_grid).collect();
                    assert_eq!(ours, grid_moves(&g, left), "{g:?}");
                }
            }
        }
        let big = Grid::parse_exact(&["L..R.l..r.L.R"; 5].join("|"), &SYMBOLS).unwrap();
        let slope = Slope::from_grid(big.clone());
        assert!(matches!(slope, Slope::Large(_)));
        let found: Vec<Grid> = moves(&slope, true).iter().map(Slope::to_grid).collect();
        assert_eq!(found, grid_moves(&big, true));
    }
}
