//! Ski Jumps (Winning Ways, chapter 1): skiers on a slope whose rows run
//! downhill from top to bottom. Left's skiers move east, Right's west, any
//! number of empty squares, off the slope if nothing is in the way. A jumper
//! (`L` or `R`) may instead jump over an opponent's skier directly below it
//! to the empty square below that; the skier jumped over becomes a slipper
//! (`l` or `r`), which can no longer jump.

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
            Ok(Positioned::boxed(SkiJumps, board))
        },
    }],
    words: &[],
};

impl Notation for SkiJumps {
    fn text(&self, g: &Grid) -> String {
        format!("ski_jumps(\"{}\")", g.text(&SYMBOLS))
    }

    fn picture(&self, g: &Grid) -> Picture {
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

fn moves(g: &Grid, left: bool) -> Vec<Grid> {
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
    type Position = Grid;

    fn left_options(&self, g: &Grid) -> Vec<Grid> {
        moves(g, true)
    }

    fn right_options(&self, g: &Grid) -> Vec<Grid> {
        moves(g, false)
    }
}
