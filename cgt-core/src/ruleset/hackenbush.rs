//! Hackenbush on stalks (strings of edges standing on the ground): Left cuts
//! a blue (`B`, also `L`) or green (`G`) edge, Right a red (`R`) or green
//! one; the edge and every edge above it fall. A position is a list of
//! stalks, added as components. Blue-red stalks are numbers (Berlekamp's
//! sign-expansion rule), green stalks nimbers.

use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;

/// The Hackenbush ruleset on stalks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hackenbush;

const BLUE: u8 = 1;
const RED: u8 = 2;
const GREEN: u8 = 3;

/// Hackenbush in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "hackenbush",
    constructors: &[Constructor {
        name: "hackenbush",
        signature: "hackenbush(\"BRG\") or hackenbush([\"BBR\", \"G\", ...])",
        arity: 1..=1,
        help: "Hackenbush on stalks: each string lists a stalk's edges from the ground up, B (or L) blue = Left's, R red = Right's, G green = either player's. Cutting an edge removes it and everything above it. Several stalks are a sum.",
        example: "value(hackenbush(\"BBR\"))",
        build: |args| {
            let stalks: Vec<&str> = match &args[0] {
                Arg::Text(t) => vec![t.as_str()],
                Arg::List(items) => items
                    .iter()
                    .map(|x| match x {
                        Arg::Text(t) => Ok(t.as_str()),
                        _ => Err(ArgError::at(0, "each stalk is a string such as \"BRG\"")),
                    })
                    .collect::<Result<_, _>>()?,
                Arg::Int(_) => return Err(ArgError::at(0, "expected a stalk such as \"BRG\" or a list of them")),
            };
            let mut out = Vec::new();
            let mut edges = 0;
            for s in stalks {
                let mut stalk = Vec::new();
                for ch in s.chars() {
                    stalk.push(match ch.to_ascii_uppercase() {
                        'B' | 'L' => BLUE,
                        'R' => RED,
                        'G' => GREEN,
                        other => return Err(ArgError::at(0, format!("unexpected `{other}` in a stalk (use B, R and G)"))),
                    });
                }
                edges += stalk.len();
                if edges > 4096 {
                    return Err(ArgError::at(0, "at most 4096 edges"));
                }
                out.push(stalk);
            }
            Ok(Positioned::boxed(Hackenbush, out))
        },
    }],
    words: &[],
};

impl Notation for Hackenbush {
    fn text(&self, stalks: &Vec<Vec<u8>>) -> String {
        let s: Vec<String> = stalks
            .iter()
            .map(|st| {
                let t: String = st
                    .iter()
                    .map(|&e| ['.', 'B', 'R', 'G'][usize::from(e)])
                    .collect();
                format!("\"{t}\"")
            })
            .collect();
        match &s[..] {
            [one] => format!("hackenbush({one})"),
            _ => format!("hackenbush([{}])", s.join(",")),
        }
    }
}

fn cuts(stalks: &[Vec<u8>], colour: u8) -> Vec<Vec<Vec<u8>>> {
    let mut out = Vec::new();
    for (i, st) in stalks.iter().enumerate() {
        for (h, &e) in st.iter().enumerate() {
            if e == colour || e == GREEN {
                let mut next = stalks.to_vec();
                next[i].truncate(h);
                out.push(next);
            }
        }
    }
    out
}

impl Ruleset for Hackenbush {
    type Position = Vec<Vec<u8>>;

    fn left_options(&self, p: &Vec<Vec<u8>>) -> Vec<Vec<Vec<u8>>> {
        cuts(p, BLUE)
    }

    fn right_options(&self, p: &Vec<Vec<u8>>) -> Vec<Vec<Vec<u8>>> {
        cuts(p, RED)
    }

    fn components(&self, p: &Vec<Vec<u8>>) -> Option<Vec<Vec<Vec<u8>>>> {
        Some(
            p.iter()
                .filter(|s| !s.is_empty())
                .map(|s| vec![s.clone()])
                .collect(),
        )
    }

    fn canonical_key(&self, p: &Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        let mut k: Vec<Vec<u8>> = p.iter().filter(|s| !s.is_empty()).cloned().collect();
        k.sort();
        k
    }
}
