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

/// A strip's squares, two bits each (0 empty, 1 a toad, 2 a frog), 32 to
/// a word, the first square in the lowest bits, the bits past the last
/// square clear. A strip of up to 32 squares is one word: it is moved,
/// trimmed, turned round and hashed with word operations, and copied
/// without allocation.
#[derive(Default, Eq, PartialOrd, Ord)]
pub struct Strip {
    len: u32,
    words: smallvec::SmallVec<[u64; 1]>,
}

/// Squares in a word.
const PER_WORD: usize = 32;
/// The low bit of every square: set where a toad is.
const TOADS: u64 = 0x5555_5555_5555_5555;

/// The lowest `2 * n` bits: the squares of a word's first `n`.
fn squares_mask(n: usize) -> u64 {
    if n >= PER_WORD {
        u64::MAX
    } else {
        (1 << (2 * n)) - 1
    }
}

impl Strip {
    /// A strip of these squares.
    pub fn from_slice(squares: &[u8]) -> Strip {
        squares.iter().copied().collect()
    }

    /// A strip of `len` empty squares.
    fn empty(len: usize) -> Strip {
        Strip {
            len: len as u32,
            words: smallvec::smallvec![0; len.div_ceil(PER_WORD)],
        }
    }

    /// A strip of `len` squares (at most a word's) in `w`.
    fn word(len: usize, w: u64) -> Strip {
        if len == 0 {
            return Strip::default();
        }
        Strip {
            len: len as u32,
            words: smallvec::smallvec![w],
        }
    }

    /// The number of squares.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True if the strip has no squares.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The square at `i`.
    pub fn get(&self, i: usize) -> u8 {
        (self.words[i / PER_WORD] >> (2 * (i % PER_WORD)) & 3) as u8
    }

    /// Puts `v` on square `i`.
    fn set(&mut self, i: usize, v: u8) {
        let (w, shift) = (i / PER_WORD, 2 * (i % PER_WORD));
        self.words[w] = self.words[w] & !(3 << shift) | u64::from(v) << shift;
    }

    /// The squares, first to last.
    pub fn squares(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// Whether some square holds a toad, and whether some holds a frog.
    fn has_pieces(&self) -> (bool, bool) {
        if let [w] = self.words[..] {
            return (w & TOADS != 0, w & TOADS << 1 != 0);
        }
        let any = |mask: u64| self.words.iter().any(|&w| w & mask != 0);
        (any(TOADS), any(TOADS << 1))
    }

    /// The first and last squares that hold a piece, if any does.
    fn pieces_span(&self) -> Option<(usize, usize)> {
        if let [w] = self.words[..] {
            let last = || (63 - w.leading_zeros() as usize) / 2;
            return (w != 0).then(|| (w.trailing_zeros() as usize / 2, last()));
        }
        let first = self.words.iter().position(|&w| w != 0)?;
        let last = self.words.iter().rposition(|&w| w != 0)?;
        let lo = first * PER_WORD + self.words[first].trailing_zeros() as usize / 2;
        let hi = last * PER_WORD + (63 - self.words[last].leading_zeros() as usize) / 2;
        Some((lo, hi))
    }

    /// The squares `lo..hi`, as a strip of their own.
    fn cut(&self, lo: usize, hi: usize) -> Strip {
        let len = hi - lo;
        if let [w] = self.words[..] {
            return Strip::word(len, w >> (2 * lo) & squares_mask(len));
        }
        let mut out = Strip::empty(len);
        let (skip, shift) = (lo / PER_WORD, 2 * (lo % PER_WORD));
        for (k, word) in out.words.iter_mut().enumerate() {
            let low = self.words[skip + k] >> shift;
            let high = match self.words.get(skip + k + 1) {
                Some(&next) if shift > 0 => next << (64 - shift),
                _ => 0,
            };
            *word = low | high;
        }
        let tail = len - out.words.len().saturating_sub(1) * PER_WORD;
        if let Some(last) = out.words.last_mut() {
            *last &= squares_mask(tail);
        }
        out
    }

    /// The strip read backwards with toads and frogs exchanged. Reversing
    /// the bits of the words reverses the squares and exchanges each
    /// square's two bits, which exchanges toads (01) and frogs (10).
    fn conjugate(&self) -> Strip {
        if let [w] = self.words[..] {
            return Strip::word(self.len(), w.reverse_bits() >> (64 - 2 * self.len()));
        }
        let full = self.words.len() * PER_WORD;
        let turned = Strip {
            len: full as u32,
            words: self.words.iter().rev().map(|w| w.reverse_bits()).collect(),
        };
        turned.cut(full - self.len(), full)
    }
}

impl Clone for Strip {
    /// A copy of the words in one move (a derived clone copies them one by one).
    fn clone(&self) -> Self {
        Strip {
            len: self.len,
            words: smallvec::SmallVec::from_slice(&self.words),
        }
    }
}

impl PartialEq for Strip {
    /// Word by word (a derived comparison calls `memcmp` on the words).
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.words.iter().zip(&other.words).all(|(a, b)| a == b)
    }
}

impl std::hash::Hash for Strip {
    /// The length and the words (a derived hash adds the words' count).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u32(self.len);
        for &w in &self.words {
            state.write_u64(w);
        }
    }
}

impl std::fmt::Debug for Strip {
    /// The squares as they are written (`TT..FF`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text: String = self.squares().map(|v| SYMBOLS[usize::from(v)]).collect();
        write!(f, "Strip({text:?})")
    }
}

impl FromIterator<u8> for Strip {
    fn from_iter<I: IntoIterator<Item = u8>>(squares: I) -> Self {
        let mut out = Strip::default();
        for (i, v) in squares.into_iter().enumerate() {
            if i % PER_WORD == 0 {
                out.words.push(0);
            }
            out.len += 1;
            out.set(i, v);
        }
        out
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
    .map(|squares| Strip::from_slice(&squares))
}

impl Notation for Toads {
    fn text(&self, strip: &Strip) -> String {
        let s: String = strip.squares().map(|v| SYMBOLS[usize::from(v)]).collect();
        if *self == Toads::BACKSLIDING {
            format!("backsliding_toads_and_frogs(\"{s}\")")
        } else if *self == Toads::ELEPHANTS {
            let s: String = strip
                .squares()
                .map(|v| ['.', 'X', 'O'][usize::from(v)])
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
    fn moves(&self, strip: &Strip, piece: u8, dir: isize) -> Vec<Strip> {
        if strip.words.len() == 1 && self.max_slide == 1 && self.max_jump <= 1 {
            self.word_moves(strip, piece == TOAD)
        } else {
            self.square_moves(strip, piece, dir)
        }
    }

    /// [`Toads::moves`] of a strip of one word under rules of single
    /// slides and jumps (the classic game, Elephants and Rhinos,
    /// Backsliding): which pieces can slide, jump or step back is found for
    /// all of them at once with masks, and each move is two bits flipped.
    fn word_moves(&self, strip: &Strip, toad: bool) -> Vec<Strip> {
        let w = strip.words[0];
        let toads = w & TOADS;
        let frogs = w >> 1 & TOADS;
        let empty = !(toads | frogs) & TOADS & squares_mask(strip.len());
        // Ahead and behind as shifts of the masks to the mover's squares.
        let (mine, theirs) = if toad { (toads, frogs) } else { (frogs, toads) };
        let ahead = |m: u64, d: u32| if toad { m >> (2 * d) } else { m << (2 * d) };
        let behind = |m: u64| if toad { m << 2 } else { m >> 2 };
        let slides = mine & ahead(empty, 1);
        let jumps = if self.max_jump == 1 {
            mine & ahead(theirs, 1) & ahead(empty, 2)
        } else {
            0
        };
        let back = if self.back_slide {
            mine & behind(empty)
        } else {
            0
        };
        let bits = if toad { 1 } else { 2 };
        let moved = |from: u32, to: u32| {
            let mut next = strip.clone();
            next.words[0] = w & !(3 << from) | bits << to;
            next
        };
        let mut movers = slides | jumps | back;
        let mut out = Vec::with_capacity(movers.count_ones() as usize + 2);
        while movers != 0 {
            let from = movers.trailing_zeros();
            movers &= movers - 1;
            let one = 1 << from;
            // The order of the moves of one piece is as square_moves makes it.
            if slides & one != 0 {
                out.push(moved(from, if toad { from + 2 } else { from - 2 }));
            }
            if jumps & one != 0 {
                out.push(moved(from, if toad { from + 4 } else { from - 4 }));
            }
            if back & one != 0 {
                out.push(moved(from, if toad { from - 2 } else { from + 2 }));
            }
        }
        out
    }

    /// [`Toads::moves`] square by square, for any strip and rules.
    fn square_moves(&self, strip: &Strip, piece: u8, dir: isize) -> Vec<Strip> {
        let n = strip.len() as isize;
        let at = |i: isize| (0..n).contains(&i).then(|| strip.get(i as usize));
        let mut out = Vec::new();
        let mut go = |from: isize, to: isize| {
            let mut next = strip.clone();
            next.set(from as usize, EMPTY);
            next.set(to as usize, piece);
            out.push(next);
        };
        for i in 0..n {
            if strip.get(i as usize) != piece {
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
        for (i, v) in strip.squares().enumerate() {
            if v == EMPTY {
                continue;
            }
            if let Some((j, FROG)) = last {
                if v == TOAD {
                    parts.push(strip.cut(start, j + 1));
                    start = i;
                }
            }
            last = Some((i, v));
        }
        parts.push(strip.cut(start, strip.len()));
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
        let Some((first, last)) = strip.pieces_span() else {
            return Strip::default();
        };
        let (toads, frogs) = strip.has_pieces();
        let lo = if frogs { 0 } else { first };
        let hi = if toads { strip.len() } else { last + 1 };
        if (lo, hi) == (0, strip.len()) {
            strip.clone()
        } else {
            strip.cut(lo, hi)
        }
    }

    fn signed_key(&self, strip: &Strip) -> (Strip, bool) {
        // The strip read backwards with toads and frogs exchanged is the
        // negative game (the rules treat both players alike); trimming
        // treats them alike too, so the conjugate's key is the key's
        // conjugate.
        let key = self.canonical_key(strip);
        let conjugate = key.conjugate();
        lesser_of_conjugates(key, conjugate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random strips of `1..=max` squares, a third of them empty.
    fn strips(max: usize, count: usize) -> Vec<Vec<u8>> {
        let mut seed = 11u64;
        let mut next = move || crate::xorshift(&mut seed);
        (0..count)
            .map(|_| {
                let n = 1 + (next() % max as u64) as usize;
                (0..n).map(|_| (next() % 3) as u8).collect()
            })
            .collect()
    }

    #[test]
    fn moves_by_masks_are_the_moves_square_by_square() {
        for rules in [Toads::default(), Toads::ELEPHANTS, Toads::BACKSLIDING] {
            for squares in strips(32, 3000) {
                let strip = Strip::from_slice(&squares);
                for (piece, dir) in [(TOAD, 1), (FROG, -1)] {
                    assert_eq!(
                        rules.word_moves(&strip, piece == TOAD),
                        rules.square_moves(&strip, piece, dir),
                        "{rules:?} {strip:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn strips_of_several_words_cut_and_turn_as_their_squares() {
        for squares in strips(100, 2000) {
            let strip = Strip::from_slice(&squares);
            assert_eq!(strip.squares().collect::<Vec<_>>(), squares);
            let n = squares.len();
            for (lo, hi) in [(0, n), (n / 3, n), (1.min(n), n / 2 + 1), (n / 2, n / 2)] {
                assert_eq!(strip.cut(lo, hi), Strip::from_slice(&squares[lo..hi]));
            }
            let turned: Vec<u8> = squares
                .iter()
                .rev()
                .map(|&v| [EMPTY, FROG, TOAD][usize::from(v)])
                .collect();
            assert_eq!(strip.conjugate(), Strip::from_slice(&turned));
            let pieces: Vec<usize> = (0..n).filter(|&i| squares[i] != EMPTY).collect();
            assert_eq!(
                strip.pieces_span(),
                pieces.first().zip(pieces.last()).map(|(&a, &b)| (a, b))
            );
            assert_eq!(
                strip.has_pieces(),
                (squares.contains(&TOAD), squares.contains(&FROG))
            );
        }
    }
}
