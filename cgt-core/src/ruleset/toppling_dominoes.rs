//! Toppling Dominoes: a row of dominoes, blue (`B`, Left's), red (`R`,
//! Right's) or green (`G`, either player's). A player topples one domino they
//! may move leftwards or rightwards; it falls with every domino on that side.

use super::picture::{self, Picture, Piece};
use super::registry::{letters, Arg, Constructor, Notation, Positioned, RulesetInfo};
use super::{lesser_of_conjugates, Ruleset};

/// The Toppling Dominoes ruleset (rows of dominoes are positions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TopplingDominoes;

const BLUE: u8 = 1;
const RED: u8 = 2;
const GREEN: u8 = 3;
const SYMBOLS: [char; 4] = ['?', 'B', 'R', 'G'];

/// Toppling Dominoes in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "toppling_dominoes",
    constructors: &[Constructor {
        name: "toppling_dominoes",
        signature: "toppling_dominoes(\"BRG\")",
        arity: 1..=1,
        help: "A row of Toppling Dominoes: `B` a blue domino (Left's; `L` reads as B), `R` a red one (Right's), `G` a green one (either player's). A move topples one of the mover's dominoes to the left or to the right, knocking down every domino on that side too.",
        example: "value(toppling_dominoes(\"BBRG\"))",
        build: |args| {
            let piece = |ch| match ch {
                'B' | 'L' => Some(BLUE),
                'R' => Some(RED),
                'G' => Some(GREEN),
                _ => None,
            };
            let row = letters(Arg::text(args, 0, "the row")?, 0, piece, ("a row of dominoes", "B, R and G", "rows have at most 4096 dominoes"))?;
            Ok(Positioned::boxed(TopplingDominoes, row))
        },
    }],
    words: &[],
};

impl Notation for TopplingDominoes {
    fn text(&self, row: &Vec<u8>) -> String {
        let s: String = row.iter().map(|&v| SYMBOLS[usize::from(v)]).collect();
        format!("toppling_dominoes(\"{s}\")")
    }

    fn picture(&self, row: &Vec<u8>) -> Picture {
        let legend = &[('B', Piece::Left), ('R', Piece::Right), ('G', Piece::Both)];
        picture::quoted_board(&self.text(row), legend)
    }
}

/// Toppling domino `i` leftwards leaves what lies right of it, and the
/// other way round.
fn topples(row: &[u8], colour: u8) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (i, &d) in row.iter().enumerate() {
        if d == colour || d == GREEN {
            out.push(row[i + 1..].to_vec());
            out.push(row[..i].to_vec());
        }
    }
    out
}

impl Ruleset for TopplingDominoes {
    type Position = Vec<u8>;

    fn left_options(&self, row: &Vec<u8>) -> Vec<Vec<u8>> {
        topples(row, BLUE)
    }

    fn right_options(&self, row: &Vec<u8>) -> Vec<Vec<u8>> {
        topples(row, RED)
    }

    fn canonical_key(&self, row: &Vec<u8>) -> Vec<u8> {
        // The row read backwards is the same game.
        let back: Vec<u8> = row.iter().rev().copied().collect();
        back.min(row.clone())
    }

    fn signed_key(&self, row: &Vec<u8>) -> (Vec<u8>, bool) {
        // Blue and red exchanged is the negative game.
        let swapped: Vec<u8> = row
            .iter()
            .map(|&v| [0, RED, BLUE, GREEN][usize::from(v)])
            .collect();
        lesser_of_conjugates(self.canonical_key(row), self.canonical_key(&swapped))
    }
}
