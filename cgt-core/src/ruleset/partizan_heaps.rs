//! Partizan heap games (CGSuite's `PartizanSubtraction` and
//! `PartizanTakeAndBreak`): Left moves in a heap by one heap game's rules,
//! Right by another's. A subtraction game with sets L and R lets Left take
//! k tokens for k in L and Right for k in R; a take-and-break game gives
//! each player an octal code (see [`super::heaps`]). Positions are lists of
//! heaps, each heap a component.

use super::heaps::{each_heap, heaps, heaps_key, moves_in, Heaps};
use super::picture::Picture;
use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;

/// Left's and Right's rules, and how they were written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartizanHeaps {
    left: Heaps,
    right: Heaps,
    written: Written,
}

/// The notation a position prints in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Written {
    /// Two subtraction sets.
    Subtraction(Vec<usize>, Vec<usize>),
    /// Two octal codes.
    Codes,
}

impl PartizanHeaps {
    /// The partizan subtraction game with Left's set `left` and Right's
    /// set `right`.
    pub fn subtraction(left: &[usize], right: &[usize]) -> Result<Self, String> {
        let sorted = |s: &[usize]| {
            let mut v = s.to_vec();
            v.sort_unstable();
            v.dedup();
            v
        };
        Ok(PartizanHeaps {
            left: Heaps::subtraction(left)?,
            right: Heaps::subtraction(right)?,
            written: Written::Subtraction(sorted(left), sorted(right)),
        })
    }

    /// The partizan take-and-break game with Left's octal code `left` and
    /// Right's `right` (e.g. "0.77").
    pub fn take_and_break(left: &str, right: &str) -> Result<Self, (usize, String)> {
        Ok(PartizanHeaps {
            left: Heaps::octal(left).map_err(|e| (0, e))?,
            right: Heaps::octal(right).map_err(|e| (1, e))?,
            written: Written::Codes,
        })
    }
}

/// The partizan heap games in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "partizan heaps",
    constructors: &[
        Constructor {
            name: "partizan_subtraction",
            signature: "partizan_subtraction([l1,...,lk], [r1,...,rm], [h1,...,hn])",
            arity: 3..=3,
            help: "A position of the partizan subtraction game (CGSuite's PartizanSubtraction): from a heap, Left removes li tokens and Right ri tokens, for li in Left's set and ri in Right's (1 to 64).",
            example: "[value(partizan_subtraction([1, 3], [2, 3], [n])) for n in 1..6]",
            build: |args| {
                let left = Arg::ints::<usize>(args, 0, "Left's subtraction set")?;
                let right = Arg::ints::<usize>(args, 1, "Right's subtraction set")?;
                let rules = PartizanHeaps::subtraction(&left, &right).map_err(|e| ArgError::at(0, e))?;
                Ok(Positioned::boxed(rules, heaps(args, 2)?))
            },
        },
        Constructor {
            name: "partizan_take_and_break",
            signature: "partizan_take_and_break(\"0.d1d2...\", \"0.e1e2...\", [h1,...,hn])",
            arity: 3..=3,
            help: "A position of the partizan take-and-break game (CGSuite's PartizanTakeAndBreak, with octal codes): Left moves in a heap as the first octal code allows, Right as the second (removing k tokens when digit k is non-zero, leaving no heap with bit 1, one with bit 2, two with bit 4).",
            example: "value(partizan_take_and_break(\"0.77\", \"0.07\", [5]))",
            build: |args| {
                let left = Arg::text(args, 0, "Left's code")?;
                let right = Arg::text(args, 1, "Right's code")?;
                let rules = PartizanHeaps::take_and_break(left, right).map_err(|(k, e)| ArgError::at(k, e))?;
                Ok(Positioned::boxed(rules, heaps(args, 2)?))
            },
        },
    ],
    words: &[],
};

impl Notation for PartizanHeaps {
    fn text(&self, h: &Vec<u64>) -> String {
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        match &self.written {
            Written::Subtraction(l, r) => {
                let set =
                    |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
                format!(
                    "partizan_subtraction([{}], [{}], [{}])",
                    set(l),
                    set(r),
                    list(h)
                )
            }
            Written::Codes => format!(
                "partizan_take_and_break(\"{}\", \"{}\", [{}])",
                self.left.code().unwrap_or_default(),
                self.right.code().unwrap_or_default(),
                list(h)
            ),
        }
    }

    fn picture(&self, h: &Vec<u64>) -> Picture {
        Picture::Heaps(h.clone())
    }
}

impl Ruleset for PartizanHeaps {
    type Position = Vec<u64>;

    fn left_options(&self, h: &Vec<u64>) -> Vec<Vec<u64>> {
        moves_in(h, |n| self.left.heap_options(n))
    }

    fn right_options(&self, h: &Vec<u64>) -> Vec<Vec<u64>> {
        moves_in(h, |n| self.right.heap_options(n))
    }

    fn components(&self, h: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        Some(each_heap(h))
    }

    fn canonical_key(&self, h: &Vec<u64>) -> Vec<u64> {
        heaps_key(h)
    }
}
