//! Impartial heap games: Nim, subtraction games, octal games and Grundy's
//! game (Winning Ways, chapter 4). An octal code `0.d1d2d3…` allows removing k tokens from
//! a heap when digit dk is non-zero, leaving no heap (dk has bit 1), one heap
//! (bit 2) or two heaps (bit 4). Kayles is 0.77, Dawson's Kayles 0.07. In
//! Grundy's game a move splits a heap into two unequal heaps.
//!
//! Besides the ruleset (positions are lists of heaps, values through the
//! engine), the module computes nim-value sequences by the mex rule and finds
//! their period by the octal periodicity theorem.

use super::picture::Picture;
use super::registry::{AnyPosition, Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;
use std::sync::Arc;

/// The rules: which removals are allowed and what they may leave.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Heaps {
    /// `digits[k]` for removing k tokens (`digits[0]` unused); digits past
    /// the end are 0, unless `kind` is Nim.
    digits: Vec<u8>,
    kind: Kind,
}

/// The families of heap games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    /// Any number of tokens may be taken from one heap.
    Nim,
    /// Removals as the octal code's digits say.
    Octal,
    /// A heap is split into two unequal heaps.
    Grundy,
}

/// The largest heap the constructors accept (values are found by exhaustive
/// search of the heap's options).
pub const MAX_HEAP: u64 = 1 << 20;

impl Heaps {
    /// Nim.
    pub fn nim() -> Self {
        Heaps {
            digits: vec![0],
            kind: Kind::Nim,
        }
    }

    /// Grundy's game.
    pub fn grundy() -> Self {
        Heaps {
            digits: vec![0],
            kind: Kind::Grundy,
        }
    }

    /// The octal game with code `0.d1d2…` (e.g. "0.77").
    pub fn octal(code: &str) -> Result<Self, String> {
        let digits = code
            .strip_prefix("0.")
            .ok_or("an octal code is written 0.d1d2... (e.g. \"0.77\" for Kayles; \"grundy\" names Grundy's game)")?;
        if digits.is_empty() || digits.len() > 64 {
            return Err("an octal code has 1 to 64 digits after `0.`".into());
        }
        let mut out = vec![0];
        for ch in digits.chars() {
            let d = ch
                .to_digit(8)
                .ok_or(format!("`{ch}` is not an octal digit (0 to 7)"))?;
            out.push(d as u8);
        }
        Ok(Heaps {
            digits: out,
            kind: Kind::Octal,
        })
    }

    /// Rules by name: an octal code, "nim" or "grundy".
    pub fn named(name: &str) -> Result<Self, String> {
        match name {
            "nim" => Ok(Heaps::nim()),
            "grundy" => Ok(Heaps::grundy()),
            code => Heaps::octal(code),
        }
    }

    /// The subtraction game where a move removes s tokens for some s in `set`.
    pub fn subtraction(set: &[usize]) -> Result<Self, String> {
        let max = set.iter().copied().max().unwrap_or(0);
        if set.contains(&0) || max > 64 {
            return Err("a subtraction set holds integers from 1 to 64".into());
        }
        let mut digits = vec![0; max + 1];
        for &s in set {
            digits[s] = 3;
        }
        Ok(Heaps {
            digits,
            kind: Kind::Octal,
        })
    }

    /// The octal code, e.g. "0.77" (Nim and Grundy's game have none).
    pub fn code(&self) -> Option<String> {
        (self.kind == Kind::Octal).then(|| {
            let d: String = self.digits[1..]
                .iter()
                .map(|d| char::from(b'0' + d))
                .collect();
            format!("0.{d}")
        })
    }

    fn digit(&self, k: usize) -> u8 {
        if self.kind == Kind::Nim {
            3
        } else {
            self.digits.get(k).copied().unwrap_or(0)
        }
    }

    /// What a heap of `n` can become: lists of at most two heaps.
    pub(super) fn heap_options(&self, n: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        if self.kind == Kind::Grundy {
            for a in 1..n.div_ceil(2) {
                crate::interrupt::check();
                out.push(vec![a, n - a]);
            }
            return out;
        }
        let most = if self.kind == Kind::Nim {
            n
        } else {
            n.min(self.digits.len() as u64 - 1)
        };
        for k in 1..=most {
            crate::interrupt::check();
            let d = self.digit(k as usize);
            let rest = n - k;
            if d & 1 != 0 && rest == 0 {
                out.push(vec![]);
            }
            if d & 2 != 0 && rest > 0 {
                out.push(vec![rest]);
            }
            if d & 4 != 0 && rest >= 2 {
                for a in 1..=rest / 2 {
                    out.push(vec![a, rest - a]);
                }
            }
        }
        out
    }

    /// The nim-values of heaps 0..=n by the mex rule.
    pub fn nim_sequence(&self, n: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::with_capacity(n + 1);
        for h in 0..=n as u64 {
            let mut seen: Vec<bool> = Vec::new();
            for o in self.heap_options(h) {
                let v = o.iter().fold(0, |acc, &x| acc ^ g[x as usize]) as usize;
                if v >= seen.len() {
                    seen.resize(v + 1, false);
                }
                seen[v] = true;
            }
            g.push(seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64);
        }
        g
    }

    /// The (preperiod, period) of the nim-value sequence, proved by the
    /// octal periodicity theorem: if G(n + p) = G(n) for n0 <= n < 2·n0 + p + t,
    /// where t is the largest number of tokens a move removes, the sequence is
    /// periodic from n0 with period p. Searched over heaps up to `max_heap`;
    /// `None` if no period is proved there, or the game is not octal (Nim
    /// is not periodic; Grundy's game is not known to be).
    pub fn period(&self, max_heap: usize) -> Option<(usize, usize)> {
        if self.kind != Kind::Octal {
            return None;
        }
        let t = self.digits.len() - 1;
        let g = self.nim_sequence(max_heap);
        // The least period first (every eventual period is a multiple of it),
        // then the least preperiod for it.
        for p in 1..=max_heap {
            for n0 in 0.. {
                crate::interrupt::check();
                let need = 2 * n0 + p + t;
                if need + p > max_heap + 1 {
                    break;
                }
                if (n0..need).all(|n| g[n + p] == g[n]) {
                    return Some((n0, p));
                }
            }
        }
        None
    }
}

/// The heap games in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "heaps",
    constructors: &[
        Constructor {
            name: "nim",
            signature: "nim([h1,...,hn])",
            arity: 1..=1,
            help: "A Nim position: a move takes any number of tokens from one heap. Its value is the nim-sum of the heaps.",
            example: "value(nim([3,5,7]))",
            build: |args| Ok(Positioned::boxed(Heaps::nim(), heaps(args, 0)?)),
        },
        Constructor {
            name: "octal",
            signature: "octal(\"0.d1d2...\", [h1,...,hn])",
            arity: 2..=2,
            help: "A position of the octal game with the given code: removing k tokens from a heap is allowed when digit dk is non-zero, leaving no heap (dk has bit 1), one heap (bit 2) or two heaps (bit 4). Kayles is 0.77, Dawson's Kayles 0.07. See also nim_sequence and octal_period.",
            example: "value(octal(\"0.77\", [4, 5]))",
            build: |args| {
                let rules = Heaps::octal(Arg::text(args, 0, "the code")?).map_err(|e| ArgError::at(0, e))?;
                Ok(Positioned::boxed(rules, heaps(args, 1)?))
            },
        },
        Constructor {
            name: "subtraction",
            signature: "subtraction([s1,...,sk], [h1,...,hn])",
            arity: 2..=2,
            help: "A position of the subtraction game with subtraction set {s1,...,sk}: a move removes si tokens from a heap (printed as the equivalent octal game).",
            example: "value(subtraction([1,2,3], [5]))",
            build: |args| {
                let set = Arg::ints::<usize>(args, 0, "the subtraction set")?;
                let rules = Heaps::subtraction(&set).map_err(|e| ArgError::at(0, e))?;
                Ok(Positioned::boxed(rules, heaps(args, 1)?))
            },
        },
        Constructor {
            name: "grundy",
            signature: "grundy([h1,...,hn])",
            arity: 1..=1,
            help: "A position of Grundy's game: a move splits one heap into two heaps of different sizes. nim_sequence(\"grundy\", n) lists its nim-values.",
            example: "value(grundy([7]))",
            build: |args| Ok(Positioned::boxed(Heaps::grundy(), heaps(args, 0)?)),
        },
        Constructor {
            name: "kayles",
            signature: "kayles(n)",
            arity: 1..=1,
            help: "Kayles (octal game 0.77) on a row of n pins: knock down one pin or two adjacent ones.",
            example: "value(kayles(5))",
            build: |args| row_of_pins("0.77", args),
        },
        Constructor {
            name: "dawsons_kayles",
            signature: "dawsons_kayles(n)",
            arity: 1..=1,
            help: "Dawson's Kayles (octal game 0.07) on a row of n pins: knock down two adjacent pins.",
            example: "value(dawsons_kayles(6))",
            build: |args| row_of_pins("0.07", args),
        },
    ],
    words: &[],
};

/// One heap of n pins (the first argument) in the octal game `code`.
fn row_of_pins(code: &str, args: &[Arg]) -> Result<Arc<dyn AnyPosition>, ArgError> {
    let n = Arg::int::<u64>(args, 0, "the number of pins")?;
    let rules = Heaps::octal(code).map_err(ArgError::call)?;
    Ok(Positioned::boxed(rules, checked(vec![n], 0)?))
}

/// The positions a move in one heap of `h` (sorted) leads to, where a heap
/// of n can become any list of `heap_options(n)`.
pub(super) fn moves_in(h: &[u64], heap_options: impl Fn(u64) -> Vec<Vec<u64>>) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &n) in h.iter().enumerate() {
        if i > 0 && h[i - 1] == n {
            continue; // equal heaps give the same options
        }
        for o in heap_options(n) {
            let mut next: Vec<u64> = h
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &x)| x)
                .collect();
            next.extend(o);
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

pub(super) fn heaps(args: &[Arg], k: usize) -> Result<Vec<u64>, ArgError> {
    let h = Arg::ints::<u64>(args, k, "the heaps")?;
    checked(h, k)
}

fn checked(mut h: Vec<u64>, k: usize) -> Result<Vec<u64>, ArgError> {
    if h.iter().any(|&x| x > MAX_HEAP) {
        return Err(ArgError::at(
            k,
            format!("heaps hold at most 2^20 = {MAX_HEAP} tokens"),
        ));
    }
    h.sort_unstable();
    Ok(h)
}

impl Notation for Heaps {
    fn text(&self, h: &Vec<u64>) -> String {
        let list = h.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        match (self.kind, self.code()) {
            (Kind::Grundy, _) => format!("grundy([{list}])"),
            (_, Some(code)) => format!("octal(\"{code}\", [{list}])"),
            (_, None) => format!("nim([{list}])"),
        }
    }

    fn picture(&self, h: &Vec<u64>) -> Picture {
        Picture::Heaps(h.clone())
    }
}

impl Ruleset for Heaps {
    type Position = Vec<u64>;

    fn left_options(&self, h: &Vec<u64>) -> Vec<Vec<u64>> {
        moves_in(h, |n| self.heap_options(n))
    }

    fn right_options(&self, h: &Vec<u64>) -> Vec<Vec<u64>> {
        self.left_options(h)
    }

    fn components(&self, h: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        Some(each_heap(h))
    }

    fn impartial(&self, _h: &Vec<u64>) -> bool {
        true
    }

    fn canonical_key(&self, h: &Vec<u64>) -> Vec<u64> {
        heaps_key(h)
    }
}

/// The heaps of `h` as components, one each (empty heaps left out).
pub(super) fn each_heap(h: &[u64]) -> Vec<Vec<u64>> {
    h.iter().filter(|&&n| n > 0).map(|&n| vec![n]).collect()
}

/// The key of a list of heaps: the non-empty ones, sorted.
pub(super) fn heaps_key(h: &[u64]) -> Vec<u64> {
    let mut k: Vec<u64> = h.iter().copied().filter(|&n| n > 0).collect();
    k.sort_unstable();
    k
}
