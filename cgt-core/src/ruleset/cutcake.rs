//! Cutcake (Winning Ways, chapter 2): a position is a set of rectangular
//! cakes; Left cuts one cake along a vertical line into two (splitting its
//! width), Right along a horizontal line (splitting its height). The cakes
//! are components.

use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;

/// The Cutcake ruleset; a position is a sorted list of (height, width).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cutcake;

/// Cutcake in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "cutcake",
    constructors: &[Constructor {
        name: "cutcake",
        signature: "cutcake(height, width) or cutcake([(h1,w1), (h2,w2), ...])",
        arity: 1..=2,
        help: "Cutcake: Left cuts a cake vertically (into two narrower cakes), Right horizontally (into two lower ones). One cake height x width, or a list of cakes.",
        example: "value(cutcake(2, 5))",
        build: |args| {
            let cakes: Vec<(u32, u32)> = if args.len() == 2 {
                vec![(Arg::int(args, 0, "the height")?, Arg::int(args, 1, "the width")?)]
            } else {
                let Arg::List(items) = &args[0] else {
                    return Err(ArgError::at(0, "expected height and width, or a list of (height, width)"));
                };
                items
                    .iter()
                    .map(|c| match c {
                        Arg::List(hw) if hw.len() == 2 => Ok((Arg::int(hw, 0, "a height")?, Arg::int(hw, 1, "a width")?)),
                        _ => Err(ArgError::at(0, "each cake is (height, width)")),
                    })
                    .collect::<Result<_, _>>()
                    .map_err(|e: ArgError| ArgError::at(0, e.message))?
            };
            if cakes.iter().any(|&(h, w)| h == 0 || w == 0 || h > 1024 || w > 1024) {
                return Err(ArgError::at(0, "cake sides are integers from 1 to 1024"));
            }
            let mut cakes = cakes;
            cakes.sort_unstable();
            Ok(Positioned::boxed(Cutcake, cakes))
        },
    }],
    words: &[],
};

impl Notation for Cutcake {
    fn text(&self, cakes: &Vec<(u32, u32)>) -> String {
        match cakes[..] {
            [(h, w)] => format!("cutcake({h}, {w})"),
            _ => {
                let c: Vec<String> = cakes.iter().map(|(h, w)| format!("({h},{w})")).collect();
                format!("cutcake([{}])", c.join(","))
            }
        }
    }
}

fn cuts(cakes: &[(u32, u32)], vertical: bool) -> Vec<Vec<(u32, u32)>> {
    let mut out = Vec::new();
    for (i, &(h, w)) in cakes.iter().enumerate() {
        if i > 0 && cakes[i - 1] == (h, w) {
            continue;
        }
        let side = if vertical { w } else { h };
        for a in 1..=side / 2 {
            let (p, q) = if vertical {
                ((h, a), (h, w - a))
            } else {
                ((a, w), (h - a, w))
            };
            let mut next: Vec<(u32, u32)> = cakes
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &c)| c)
                .collect();
            next.extend([p, q]);
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

impl Ruleset for Cutcake {
    type Position = Vec<(u32, u32)>;

    fn left_options(&self, p: &Vec<(u32, u32)>) -> Vec<Vec<(u32, u32)>> {
        cuts(p, true)
    }

    fn right_options(&self, p: &Vec<(u32, u32)>) -> Vec<Vec<(u32, u32)>> {
        cuts(p, false)
    }

    fn components(&self, p: &Vec<(u32, u32)>) -> Option<Vec<Vec<(u32, u32)>>> {
        // A 1x1 cake has no move at all.
        Some(
            p.iter()
                .filter(|&&c| c != (1, 1))
                .map(|&c| vec![c])
                .collect(),
        )
    }
}
