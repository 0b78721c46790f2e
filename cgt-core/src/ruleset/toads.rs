//! Toads-and-Frogs on a strip: Left's toads (`T`) move rightwards, Right's
//! frogs (`F`) leftwards, each either sliding into an empty square or
//! jumping over one piece of the opponent into the empty square beyond
//! (Winning Ways, chapter 1). The generalised form takes the least and
//! greatest slide, the longest run of pieces a jump may cross, and whether a
//! jump may cross the mover's own pieces. Without jumps it is Elephants and
//! Rhinos (Lessons in Play): pieces only step forward, so they never pass
//! each other and the strip splits between a frog and the next toad. With
//! backslides (a piece may also step back into the empty square behind
//! it) it is Backsliding Toads-and-Frogs (Winning Ways, chapter 22), whose
//! positions repeat: its values are loopy.

use super::picture::{self, Picture, Piece};
use super::registry::{letters, Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::{lesser_of_conjugates, Ruleset};

/// The rules: slide lengths, jump length and whether own pieces may be jumped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Toads {
    /// The shortest slide (at least 1).
    pub min_slide: usize,
    /// The longest slide.
    pub max_slide: usize,
    /// The longest run of pieces one jump crosses (0: no jumps).
    pub max_jump: usize,
    /// Whether a jump may cross the mover's own pieces.
    pub friendly_jump: bool,
    /// Whether a piece may also step back into the empty square behind it.
    pub back_slide: bool,
}

impl Default for Toads {
    /// The classic game: slide one square, jump one opponent.
    fn default() -> Self {
        Toads {
            min_slide: 1,
            max_slide: 1,
            max_jump: 1,
            friendly_jump: false,
            back_slide: false,
        }
    }
}

/// A strip's squares, inline up to 32 (the positions a value visits then
/// need no allocation): 0 empty, 1 a toad, 2 a frog.
#[derive(Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip(smallvec::SmallVec<[u8; 32]>);

impl Strip {
    /// A strip of these squares.
    pub fn from_slice(squares: &[u8]) -> Strip {
        Strip(smallvec::SmallVec::from_slice(squares))
    }
}

impl Clone for Strip {
    /// A copy of the squares in one move (a derived clone copies them one by one).
    fn clone(&self) -> Self {
        Strip::from_slice(&self.0)
    }
}

impl std::ops::Deref for Strip {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl std::ops::DerefMut for Strip {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.0
    }
}

impl FromIterator<u8> for Strip {
    fn from_iter<I: IntoIterator<Item = u8>>(squares: I) -> Self {
        Strip(squares.into_iter().collect())
    }
}

const EMPTY: u8 = 0;
const TOAD: u8 = 1;
const FROG: u8 = 2;
const SYMBOLS: [char; 3] = ['.', 'T', 'F'];

/// Toads-and-Frogs in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "toads_and_frogs",
    constructors: &[Constructor {
        name: "toads_and_frogs",
        signature: "toads_and_frogs(\"TT..FF\" [, [min_slide, max_slide, max_jump, friendly]])",
        arity: 1..=2,
        help: "A Toads-and-Frogs strip: `T` Left's toads (moving right), `F` Right's frogs (moving left), `.` empty (`X` and `O` read as T and F). A piece slides into the empty square ahead or jumps over one opponent into the empty square beyond. The generalised game takes [min_slide, max_slide, max_jump, friendly]: slides of min_slide..max_slide squares into empty squares (the square ahead must be empty), jumps over a run of up to max_jump pieces (of the opponent, or of either side if friendly is 1) onto the first empty square.",
        example: "value(toads_and_frogs(\"TT.FF\"))",
        build: |args| {
            let strip = parse_strip(Arg::text(args, 0, "the strip")?)?;
            let rules = match args.get(1) {
                None => Toads::default(),
                Some(_) => {
                    let p = Arg::ints::<usize>(args, 1, "the rules")?;
                    let [min_slide, max_slide, max_jump, friendly] = p[..] else {
                        return Err(ArgError::at(1, "the rules are [min_slide, max_slide, max_jump, friendly]"));
                    };
                    if min_slide == 0 || min_slide > max_slide || max_slide > 4096 || max_jump > 4096 || friendly > 1 {
                        return Err(ArgError::at(1, "need 1 <= min_slide <= max_slide, max_jump >= 0 and friendly 0 or 1"));
                    }
                    Toads { min_slide, max_slide, max_jump, friendly_jump: friendly == 1, back_slide: false }
                }
            };
            Ok(Positioned::boxed(rules, strip))
        },
    }, Constructor {
        name: "elephants",
        signature: "elephants(\"X..O\")",
        arity: 1..=1,
        help: "An Elephants and Rhinos strip (Lessons in Play): `X` Left's elephants step one square rightwards, `O` Right's rhinos one square leftwards, into an empty square (`.`). Toads-and-Frogs without jumps; the strip splits into components between a rhino and the next elephant.",
        example: "value(elephants(\"X.X..O\"))",
        build: |args| {
            let strip = parse_strip(Arg::text(args, 0, "the strip")?)?;
            Ok(Positioned::boxed(Toads::ELEPHANTS, strip))
        },
    }, Constructor {
        name: "backsliding_toads_and_frogs",
        signature: "backsliding_toads_and_frogs(\"TTT..FFF\")",
        arity: 1..=1,
        help: "A Backsliding Toads-and-Frogs strip (Winning Ways ch. 22, CGSuite's BackslidingToadsAndFrogs): Toads-and-Frogs where a piece may also step back into the empty square behind it. Positions repeat, so values are loopy: stoppers, or sided values S & T.",
        example: "value(backsliding_toads_and_frogs(\"TT..FF\"))",
        build: |args| {
            let strip = parse_strip(Arg::text(args, 0, "the strip")?)?;
            Ok(Positioned::boxed(Toads::BACKSLIDING, strip))
        },
    }],
    words: &[],
};

/// A strip from its text (the first argument): `T`/`X`, `F`/`O` and `.`.
fn parse_strip(text: &str) -> Result<Strip, ArgError> {
    let piece = |ch| match ch {
        '.' => Some(EMPTY),
        'T' | 'X' => Some(TOAD),
        'F' | 'O' => Some(FROG),
        _ => None,
    };
    letters(
        text,
        0,
        piece,
        ("a strip", "T, F and .", "strips have at most 4096 squares"),
    )
    .map(|squares| Strip(squares.into()))
}

impl Notation for Toads {
    fn text(&self, strip: &Strip) -> String {
        let s: String = strip.iter().map(|&v| SYMBOLS[usize::from(v)]).collect();
        if *self == Toads::BACKSLIDING {
            format!("backsliding_toads_and_frogs(\"{s}\")")
        } else if *self == Toads::ELEPHANTS {
            let s: String = strip
                .iter()
                .map(|&v| ['.', 'X', 'O'][usize::from(v)])
                .collect();
            format!("elephants(\"{s}\")")
        } else if *self == Toads::default() {
            format!("toads_and_frogs(\"{s}\")")
        } else {
            format!(
                "toads_and_frogs(\"{s}\", [{},{},{},{}])",
                self.min_slide,
                self.max_slide,
                self.max_jump,
                u8::from(self.friendly_jump)
            )
        }
    }

    fn picture(&self, strip: &Strip) -> Picture {
        let legend = &[
            ('.', Piece::Empty),
            ('T', Piece::Left),
            ('F', Piece::Right),
            ('X', Piece::Left),
            ('O', Piece::Right),
        ];
        picture::quoted_board(&self.text(strip), legend)
    }
}

impl Toads {
    /// Elephants and Rhinos: single steps, no jumps.
    pub const ELEPHANTS: Toads = Toads {
        min_slide: 1,
        max_slide: 1,
        max_jump: 0,
        friendly_jump: false,
        back_slide: false,
    };

    /// Backsliding Toads-and-Frogs: the classic moves and steps back.
    pub const BACKSLIDING: Toads = Toads {
        min_slide: 1,
        max_slide: 1,
        max_jump: 1,
        friendly_jump: false,
        back_slide: true,
    };

    /// The moves of `piece`, which travels in direction `dir` (+1 or -1).
    fn moves(&self, strip: &[u8], piece: u8, dir: isize) -> Vec<Strip> {
        let n = strip.len() as isize;
        let at = |i: isize| (0..n).contains(&i).then(|| strip[i as usize]);
        let mut out = Vec::new();
        let mut go = |from: isize, to: isize| {
            let mut next = Strip::from_slice(strip);
            next[from as usize] = EMPTY;
            next[to as usize] = piece;
            out.push(next);
        };
        for i in 0..n {
            if strip[i as usize] != piece {
                continue;
            }
            match at(i + dir) {
                None => {}
                Some(EMPTY) => {
                    // Slides: every length from the least, while the squares landed on are empty.
                    for d in self.min_slide..=self.max_slide {
                        let to = i + dir * d as isize;
                        if at(to) != Some(EMPTY) {
                            break;
                        }
                        go(i, to);
                    }
                }
                Some(_) => {
                    // A jump crosses a run of pieces and lands on the first empty square.
                    for d in 1..=self.max_jump + 1 {
                        let to = i + dir * d as isize;
                        match at(to) {
                            None => break,
                            Some(EMPTY) => {
                                if d >= 2 {
                                    go(i, to);
                                }
                                break;
                            }
                            Some(v) if v == piece && !self.friendly_jump => break,
                            Some(_) => {}
                        }
                    }
                }
            }
            if self.back_slide && at(i - dir) == Some(EMPTY) {
                go(i, i - dir);
            }
        }
        out
    }
}

impl Ruleset for Toads {
    type Position = Strip;

    fn left_options(&self, strip: &Strip) -> Vec<Strip> {
        self.moves(strip, TOAD, 1)
    }

    fn right_options(&self, strip: &Strip) -> Vec<Strip> {
        self.moves(strip, FROG, -1)
    }

    fn repeats(&self) -> bool {
        self.back_slide
    }

    fn components(&self, strip: &Strip) -> Option<Vec<Strip>> {
        if self.max_jump > 0 || self.back_slide {
            return None;
        }
        // Without jumps pieces keep their order: a frog and the toad after
        // it move apart, so nothing crosses the squares between them.
        let mut parts = Vec::new();
        let mut start = 0;
        let mut last: Option<(usize, u8)> = None;
        for (i, &v) in strip.iter().enumerate() {
            if v == EMPTY {
                continue;
            }
            if let Some((j, FROG)) = last {
                if v == TOAD {
                    parts.push(Strip::from_slice(&strip[start..=j]));
                    start = i;
                }
            }
            last = Some((i, v));
        }
        parts.push(Strip::from_slice(&strip[start..]));
        Some(parts)
    }

    fn cheap_to_value(&self, strip: &Strip) -> Option<bool> {
        // Strips of up to 14 squares once trimmed: chosen on MCGS's tests
        // (Elephants and generalised Toads-and-Frogs strips of 20 to 40),
        // where 10 to 14 do best. A long strip with pieces facing each
        // other has a hot value that takes seconds where its search takes
        // milliseconds.
        Some(self.canonical_key(strip).len() <= 14)
    }

    fn canonical_key(&self, strip: &Strip) -> Strip {
        // Empty squares left of every piece can only ever be used by frogs,
        // and those right of every piece only by toads; with backslides
        // both use them.
        if self.back_slide {
            return strip.clone();
        }
        let first = strip.iter().position(|&v| v != EMPTY);
        let last = strip.iter().rposition(|&v| v != EMPTY);
        let (Some(a), Some(b)) = (first, last) else {
            return Strip::default();
        };
        let lo = if strip.contains(&FROG) { 0 } else { a };
        let hi = if strip.contains(&TOAD) {
            strip.len() - 1
        } else {
            b
        };
        Strip::from_slice(&strip[lo..=hi])
    }

    fn signed_key(&self, strip: &Strip) -> (Strip, bool) {
        // The strip read backwards with toads and frogs exchanged is the
        // negative game (the rules treat both players alike).
        let conjugate: Strip = strip
            .iter()
            .rev()
            .map(|&v| [EMPTY, FROG, TOAD][usize::from(v)])
            .collect();
        lesser_of_conjugates(self.canonical_key(strip), self.canonical_key(&conjugate))
    }
}
