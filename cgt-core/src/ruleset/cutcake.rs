//! Cutcake (Winning Ways, chapter 2): a position is a set of rectangular
//! cakes; Left cuts one cake along a vertical line into two (splitting its
//! width), Right along a horizontal line (splitting its height). The cakes
//! are components.
//!
//! Eatcake, the variant CGSuite writes as the generalised Cutcake of the
//! octal game 0.7 on both sides: Left eats one whole column of a cake (a
//! vertical strip one square wide), Right one whole row, leaving at most
//! two cakes.

use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;

/// The Cutcake ruleset (Eatcake when `eat`); a position is a sorted list
/// of (height, width).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cutcake {
    /// Eatcake: a move eats a strip one square wide instead of cutting.
    pub eat: bool,
}

/// Cutcake and Eatcake in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "cutcake",
    constructors: &[
        Constructor {
            name: "cutcake",
            signature: "cutcake(height, width) or cutcake([(h1,w1), (h2,w2), ...])",
            arity: 1..=2,
            help: "Cutcake: Left cuts a cake vertically (into two narrower cakes), Right horizontally (into two lower ones). One cake height x width, or a list of cakes.",
            example: "value(cutcake(2, 5))",
            build: |args| Ok(Positioned::boxed(Cutcake { eat: false }, cakes(args)?)),
        },
        Constructor {
            name: "eatcake",
            signature: "eatcake(height, width) or eatcake([(h1,w1), (h2,w2), ...])",
            arity: 1..=2,
            help: "Eatcake: Left eats one whole column of a cake, Right one whole row; what is left of the cake falls into at most two cakes. One cake height x width, or a list of cakes.",
            example: "value(eatcake(2, 3))",
            build: |args| Ok(Positioned::boxed(Cutcake { eat: true }, cakes(args)?)),
        },
    ],
    words: &[],
};

/// The cakes of a constructor's arguments, sorted.
fn cakes(args: &[Arg]) -> Result<Vec<(u32, u32)>, ArgError> {
    let cakes: Vec<(u32, u32)> = if args.len() == 2 {
        vec![(
            Arg::int(args, 0, "the height")?,
            Arg::int(args, 1, "the width")?,
        )]
    } else {
        let Arg::List(items) = &args[0] else {
            return Err(ArgError::at(
                0,
                "expected height and width, or a list of (height, width)",
            ));
        };
        items
            .iter()
            .map(|c| match c {
                Arg::List(hw) if hw.len() == 2 => {
                    Ok((Arg::int(hw, 0, "a height")?, Arg::int(hw, 1, "a width")?))
                }
                _ => Err(ArgError::at(0, "each cake is (height, width)")),
            })
            .collect::<Result<_, _>>()
            .map_err(|e: ArgError| ArgError::at(0, e.message))?
    };
    if cakes
        .iter()
        .any(|&(h, w)| h == 0 || w == 0 || h > 1024 || w > 1024)
    {
        return Err(ArgError::at(0, "cake sides are integers from 1 to 1024"));
    }
    let mut cakes = cakes;
    cakes.sort_unstable();
    Ok(cakes)
}

impl Notation for Cutcake {
    fn text(&self, cakes: &Vec<(u32, u32)>) -> String {
        let name = if self.eat { "eatcake" } else { "cutcake" };
        match cakes[..] {
            [(h, w)] => format!("{name}({h}, {w})"),
            _ => {
                let c: Vec<String> = cakes.iter().map(|(h, w)| format!("({h},{w})")).collect();
                format!("{name}([{}])", c.join(","))
            }
        }
    }
}

/// The positions after one move on one cake: a vertical move (Left's)
/// splits a cake's width, a horizontal one its height; cutting keeps every
/// square, eating removes a strip one square wide. Empty pieces vanish.
fn moves(cakes: &[(u32, u32)], vertical: bool, eat: bool) -> Vec<Vec<(u32, u32)>> {
    let mut out = Vec::new();
    for (i, &(h, w)) in cakes.iter().enumerate() {
        if i > 0 && cakes[i - 1] == (h, w) {
            continue;
        }
        let side = if vertical { w } else { h };
        // The two pieces have sides a and rest - a (a <= rest - a).
        let (rest, least) = if eat { (side - 1, 0) } else { (side, 1) };
        for a in least..=rest / 2 {
            let (p, q) = if vertical {
                ((h, a), (h, rest - a))
            } else {
                ((a, w), (rest - a, w))
            };
            let mut next: Vec<(u32, u32)> = cakes
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &c)| c)
                .collect();
            next.extend([p, q].into_iter().filter(|&(h, w)| h > 0 && w > 0));
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

impl Ruleset for Cutcake {
    type Position = Vec<(u32, u32)>;

    fn left_options(&self, p: &Vec<(u32, u32)>) -> Vec<Vec<(u32, u32)>> {
        moves(p, true, self.eat)
    }

    fn right_options(&self, p: &Vec<(u32, u32)>) -> Vec<Vec<(u32, u32)>> {
        moves(p, false, self.eat)
    }

    fn components(&self, p: &Vec<(u32, u32)>) -> Option<Vec<Vec<(u32, u32)>>> {
        // A 1x1 cake has no cut at all (but can be eaten).
        Some(
            p.iter()
                .filter(|&&c| self.eat || c != (1, 1))
                .map(|&c| vec![c])
                .collect(),
        )
    }
}
