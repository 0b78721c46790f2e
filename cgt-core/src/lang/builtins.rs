//! The functions of the language. Each entry carries its own help text and
//! example next to its implementation, so the two cannot drift apart.

use super::ast::Span;
use super::error::Error;
use super::eval::Session;
use super::value::{Player, Value};
use crate::form::ordinal_sum;
use crate::game::{Arena, GameId};
use crate::number::BigInt;
use num_traits::ToPrimitive;
use std::ops::RangeInclusive;

/// Arguments of a call: values, their spans, and the span of the whole call.
pub struct Args<'a> {
    pub values: &'a [Value],
    pub spans: &'a [Span],
    pub call: Span,
}

impl Args<'_> {
    fn game(&self, s: &mut Session, k: usize) -> Result<GameId, Error> {
        s.to_game(&self.values[k], self.spans[k])
    }
}

type Run = fn(&mut Session, &Args) -> Result<Value, Error>;

/// A built-in function and its documentation.
pub struct Builtin {
    pub name: &'static str,
    pub signature: &'static str,
    pub arity: RangeInclusive<usize>,
    pub topic: &'static str,
    /// One paragraph: meaning and convention.
    pub help: &'static str,
    /// An input whose output is checked by the test suite.
    pub example: &'static str,
    pub run: Run,
}

/// The limit on follower enumeration.
const FOLLOWER_LIMIT: usize = 10_000_000;

macro_rules! game_fn {
    ($f:expr) => {
        |s: &mut Session, a: &Args| {
            let g = a.game(s, 0)?;
            #[allow(clippy::redundant_closure_call)]
            Ok(($f)(&mut s.arena, g))
        }
    };
}

macro_rules! pred {
    ($name:literal, $method:ident, $help:literal, $example:literal) => {
        Builtin {
            name: $name,
            signature: concat!($name, "(G)"),
            arity: 1..=1,
            topic: "predicates",
            help: $help,
            example: $example,
            run: game_fn!(|ar: &mut Arena, g| Value::Bool(ar.$method(g))),
        }
    };
}

fn number_value(ar: &mut Arena, x: crate::number::Dyadic) -> Value {
    Value::Game(ar.number(x))
}

fn option_set(ar: &mut Arena, opts: &[GameId]) -> Value {
    let _ = ar;
    Value::Set(opts.iter().map(|&o| Value::Game(o)).collect())
}

pub static BUILTINS: &[Builtin] = &[
    Builtin {
        name: "canonical",
        signature: "canonical(G)",
        arity: 1..=1,
        topic: "basics",
        help: "The canonical form of G: dominated options removed, reversible options bypassed. An explicit form '{...}' becomes its value.",
        example: "canonical('{*|*}' + 3)",
        run: game_fn!(|_: &mut Arena, g| Value::Game(g)),
    },
    Builtin {
        name: "compare",
        signature: "compare(G, H)",
        arity: 2..=2,
        topic: "basics",
        help: "How G compares with H: `=`, `<`, `>`, or `||` when they are confused (incomparable).",
        example: "compare(^^, *)",
        run: |s, a| {
            let (g, h) = (a.game(s, 0)?, a.game(s, 1)?);
            Ok(Value::Comparison(s.arena.compare(g, h)))
        },
    },
    Builtin {
        name: "outcome_class",
        signature: "outcome_class(G)",
        arity: 1..=1,
        topic: "basics",
        help: "Who wins G under normal play: L (Left wins), R (Right wins), P (the previous player wins: G = 0) or N (the next player wins: G is confused with 0).",
        example: "outcome_class(^*)",
        run: game_fn!(|ar: &mut Arena, g| Value::Outcome(ar.outcome(g))),
    },
    Builtin {
        name: "birthday",
        signature: "birthday(G)",
        arity: 1..=1,
        topic: "basics",
        help: "The height of G's canonical game tree; closed form for number + up + star values, so huge integers cost nothing.",
        example: "birthday(73/16v9*8)",
        run: game_fn!(|ar: &mut Arena, g| {
            let b = ar.birthday(g);
            Value::Game(ar.number(crate::number::Dyadic::from_bigint(b)))
        }),
    },
    Builtin {
        name: "left_stop",
        signature: "left_stop(G)",
        arity: 1..=1,
        topic: "thermography",
        help: "The number reached when Left moves first and both players stop as soon as the position is a number.",
        example: "left_stop({3|-1})",
        run: game_fn!(|ar: &mut Arena, g| {
            let x = ar.left_stop(g);
            number_value(ar, x)
        }),
    },
    Builtin {
        name: "right_stop",
        signature: "right_stop(G)",
        arity: 1..=1,
        topic: "thermography",
        help: "The number reached when Right moves first and both players stop as soon as the position is a number.",
        example: "right_stop({2|{1|-3}})",
        run: game_fn!(|ar: &mut Arena, g| {
            let x = ar.right_stop(g);
            number_value(ar, x)
        }),
    },
    Builtin {
        name: "left_options",
        signature: "left_options(G)",
        arity: 1..=1,
        topic: "basics",
        help: "The set of Left options of G's canonical form, in CGSuite's order.",
        example: "left_options(^*)",
        run: game_fn!(|ar: &mut Arena, g| {
            let o = ar.left_options(g);
            option_set(ar, &o)
        }),
    },
    Builtin {
        name: "right_options",
        signature: "right_options(G)",
        arity: 1..=1,
        topic: "basics",
        help: "The set of Right options of G's canonical form, in CGSuite's order.",
        example: "right_options(^*)",
        run: game_fn!(|ar: &mut Arena, g| {
            let o = ar.right_options(g);
            option_set(ar, &o)
        }),
    },
    Builtin {
        name: "followers",
        signature: "followers(G)",
        arity: 1..=1,
        topic: "basics",
        help: "Every distinct canonical subposition of G, G itself included.",
        example: "followers(^)",
        run: |s, a| {
            let g = a.game(s, 0)?;
            let f = s.arena.followers(g, FOLLOWER_LIMIT)?;
            Ok(option_set(&mut s.arena, &f))
        },
    },
    Builtin {
        name: "follower_count",
        signature: "follower_count(G)",
        arity: 1..=1,
        topic: "basics",
        help: "The number of distinct canonical subpositions of G, G itself included (*8 has 9).",
        example: "follower_count(25/16)",
        run: |s, a| {
            let g = a.game(s, 0)?;
            let n = s.arena.follower_count(g, FOLLOWER_LIMIT)?;
            Ok(Value::Game(s.arena.number(crate::number::Dyadic::from_bigint(n))))
        },
    },
    pred!("is_zero", is_zero_mut, "True if G = 0.", "is_zero({*|*})"),
    pred!("is_integer", is_integer_mut, "True if G is an integer (0 included).", "is_integer(-3)"),
    pred!("is_number", is_number_mut, "True if G is a (dyadic) number.", "is_number({0|1})"),
    pred!("is_nimber", is_nimber_mut, "True if G = *n for some n (0 included).", "is_nimber({0,*|0,*})"),
    pred!("is_numberish", is_numberish, "True if G's left and right stops agree: G is infinitesimally close to a number.", "is_numberish(9/8*)"),
    pred!("is_infinitesimal", is_infinitesimal, "True if both stops of G are 0 (0 and the nimbers count).", "is_infinitesimal(^)"),
    pred!("is_all_small", is_all_small, "True if every follower of G is infinitesimal (G is dicotic).", "is_all_small({0||0|-1})"),
    pred!("is_uptimal", is_uptimal, "True if G = x + *m + a1.^ + a2.^<2> + ... + ak.^<k> for a number x.", "is_uptimal({0||0|v*})"),
    pred!("is_ordinal", is_ordinal_mut, "True if G is a non-negative integer.", "is_ordinal(5)"),
    pred!("is_even", is_even, "True if every option of G's canonical form is odd (0 is even).", "is_even(2)"),
    pred!("is_odd", is_odd, "True if G is not 0 and every option of its canonical form is even.", "is_odd(*)"),
    pred!("is_even_tempered", is_even_tempered, "Numbers are even-tempered; uptimals are even-tempered exactly when they are numbers; otherwise all options must be odd-tempered.", "is_even_tempered({1|-1})"),
    pred!("is_odd_tempered", is_odd_tempered, "Number + * values are odd-tempered, other uptimals are not; otherwise all options must be even-tempered.", "is_odd_tempered(1*)"),
    pred!("is_number_tiny", is_number_tiny, "True if G is a number or has the shape x + Tiny(H) or x + Miny(H); uptimals such as ^ and *n are not.", "is_number_tiny({0||0|-1})"),
    Builtin {
        name: "mean",
        signature: "mean(G)",
        arity: 1..=1,
        topic: "thermography",
        help: "The mean value (the mast of the thermograph); additive over sums.",
        example: "mean({3||2*|1*})",
        run: game_fn!(|ar: &mut Arena, g| {
            let x = ar.mean(g);
            number_value(ar, x)
        }),
    },
    Builtin {
        name: "temperature",
        signature: "temperature(G)",
        arity: 1..=1,
        topic: "thermography",
        help: "The temperature: where the thermograph's mast starts. Convention (CGSuite): the number m/2^n has temperature -1/2^n, integers -1; infinitesimals 0.",
        example: "temperature({3|-1})",
        run: game_fn!(|ar: &mut Arena, g| {
            let x = ar.temperature(g);
            number_value(ar, x)
        }),
    },
    Builtin {
        name: "thermograph",
        signature: "thermograph(G)",
        arity: 1..=1,
        topic: "thermography",
        help: "The exact thermograph, printed as Thermograph(Lmast,[Lcps],[Lslopes],Rmast,[Rcps],[Rslopes]): critical points in descending order, slopes d(value)/dt from the mast down.",
        example: "thermograph({3||2|1})",
        run: game_fn!(|ar: &mut Arena, g| Value::Thermograph(ar.thermograph(g))),
    },
    Builtin {
        name: "thermograph_wall",
        signature: "thermograph_wall(G, Left|Right)",
        arity: 2..=2,
        topic: "thermography",
        help: "One wall of G's thermograph, printed as Trajectory(mast,[cps],[slopes]).",
        example: "thermograph_wall({3||2|1}, Right)",
        run: |s, a| {
            let g = a.game(s, 0)?;
            let t = s.arena.thermograph(g);
            match &a.values[1] {
                Value::Player(Player::Left) => Ok(Value::Trajectory(std::sync::Arc::new(t.left.clone()))),
                Value::Player(Player::Right) => Ok(Value::Trajectory(std::sync::Arc::new(t.right.clone()))),
                _ => Err(Error::spanned(a.spans[1], "expected Left or Right")),
            }
        },
    },
    Builtin {
        name: "uptimal_expansion",
        signature: "uptimal_expansion(G)",
        arity: 1..=1,
        topic: "infinitesimals",
        help: "For G = x + *m + a1.^ + a2.^<2> + ... + ak.^<k>, CGSuite's notation x*m.d1d2...dk (a negative digit is followed by `-`). An error if G is not uptimal.",
        example: "uptimal_expansion({0||0|v*})",
        run: |s, a| {
            let g = a.game(s, 0)?;
            match s.arena.uptimal(g) {
                Some(u) => Ok(Value::Text(u.expansion_string())),
                None => Err(Error::plain("not uptimal")),
            }
        },
    },
    Builtin {
        name: "multiple",
        signature: "multiple(n, G)",
        arity: 2..=2,
        topic: "arithmetic",
        help: "n copies of G (copies of -G when n < 0), by binary doubling; n may be any integer.",
        example: "multiple(3, {1|-1})",
        run: |s, a| {
            let n = s.to_integer(&a.values[0], a.spans[0])?;
            let g = a.game(s, 1)?;
            Ok(Value::Game(s.arena.multiple(&n, g)?))
        },
    },
    Builtin {
        name: "ordinal_sum",
        signature: "ordinal_sum(G, H)",
        arity: 2..=2,
        topic: "compounds",
        help: "G : H = {G^L, G:H^L | G^R, G:H^R}: moving in G destroys H. Depends on the form of G (use '{...}' for an explicit form), on H only through its value.",
        example: "ordinal_sum('{*|*}', 1)",
        run: |s, a| {
            let form = s.to_form(&a.values[0], a.spans[0])?;
            let h = a.game(s, 1)?;
            Ok(Value::Game(ordinal_sum(&mut s.arena, &form, h)))
        },
    },
    Builtin {
        name: "pow_to",
        signature: "pow_to(G, n)",
        arity: 2..=2,
        topic: "infinitesimals",
        help: "G^[n] = G : (n-1) for a base G = {0|H} and an integer n >= 1; ^.pow_to(n) is the unit sum ^[n].",
        example: "pow_to(^, 3)",
        run: |s, a| {
            let (g, n) = power_args(s, a)?;
            let h = s.arena.integer(n - 1);
            Ok(Value::Game(ordinal_sum(&mut s.arena, &crate::form::Form::Value(g), h)))
        },
    },
    Builtin {
        name: "pow",
        signature: "pow(G, n)",
        arity: 2..=2,
        topic: "infinitesimals",
        help: "G^<n> = {0 | -G^[n-1] + H} for a base G = {0|H} and an integer n >= 1; ^.pow(n) is ^<n>.",
        example: "pow(^, 2)",
        run: |s, a| {
            let (g, n) = power_args(s, a)?;
            if n == 1 {
                return Ok(Value::Game(g));
            }
            let hr = s.arena.right_options(g)[0];
            let k = s.arena.integer(n - 2);
            let to = ordinal_sum(&mut s.arena, &crate::form::Form::Value(g), k);
            let neg = s.arena.neg(to);
            let r = s.arena.add(neg, hr);
            let z = s.arena.zero();
            Ok(Value::Game(s.arena.construct(vec![z], vec![r])))
        },
    },
    Builtin {
        name: "tiny",
        signature: "tiny(G)",
        arity: 1..=1,
        topic: "infinitesimals",
        help: "Tiny-G = {0 || 0 | -G}, also written Tiny(G).",
        example: "tiny({3|1})",
        run: game_fn!(|ar: &mut Arena, g| Value::Game(tiny(ar, g, false))),
    },
    Builtin {
        name: "miny",
        signature: "miny(G)",
        arity: 1..=1,
        topic: "infinitesimals",
        help: "Miny-G = {G | 0 || 0}, also written Miny(G); the negative of Tiny(G).",
        example: "miny(2)",
        run: game_fn!(|ar: &mut Arena, g| Value::Game(tiny(ar, g, true))),
    },
    Builtin {
        name: "true",
        signature: "true",
        arity: 0..=0,
        topic: "basics",
        help: "The boolean true.",
        example: "true",
        run: |_, _| Ok(Value::Bool(true)),
    },
    Builtin {
        name: "false",
        signature: "false",
        arity: 0..=0,
        topic: "basics",
        help: "The boolean false.",
        example: "false",
        run: |_, _| Ok(Value::Bool(false)),
    },
];

fn power_args(s: &mut Session, a: &Args) -> Result<(GameId, i64), Error> {
    let g = a.game(s, 0)?;
    let n = s.to_integer(&a.values[1], a.spans[1])?;
    let n = n.to_i64().filter(|&n| (1..=1_000_000).contains(&n));
    let n = n.ok_or_else(|| {
        Error::spanned(
            a.spans[1],
            "the exponent must be an integer between 1 and 1000000",
        )
    })?;
    let (l, r) = (s.arena.left_options(g), s.arena.right_options(g));
    if s.arena.as_number(g).is_some() || l.len() != 1 || l[0] != s.arena.zero() || r.len() != 1 {
        return Err(Error::spanned(
            a.spans[0],
            "invalid base for `pow` (base must be of the form {0|H})",
        ));
    }
    Ok((g, n))
}

/// Tiny-G = {0 || 0 | -G} (or Miny-G = {G | 0 || 0}).
pub fn tiny(ar: &mut Arena, g: GameId, miny: bool) -> GameId {
    let z = ar.zero();
    let t = if miny {
        let inner = ar.construct(vec![g], vec![z]);
        ar.construct(vec![inner], vec![z])
    } else {
        let ng = ar.neg(g);
        let inner = ar.construct(vec![z], vec![ng]);
        ar.construct(vec![z], vec![inner])
    };
    let _ = BigInt::from(0);
    t
}

/// The built-in called `name`.
pub fn lookup(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

/// The closest known function name, for "did you mean" hints.
pub fn suggest(name: &str) -> Option<&'static str> {
    let lower = name.to_lowercase();
    BUILTINS
        .iter()
        .map(|b| (strsim(&lower, b.name), b.name))
        .filter(|(d, _)| *d <= 2 && d * 3 <= name.len())
        .min()
        .map(|(_, n)| n)
}

/// Edit distance (Levenshtein), small and exact.
fn strsim(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != *cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

impl Arena {
    fn is_zero_mut(&mut self, g: GameId) -> bool {
        self.is_zero(g)
    }
    fn is_integer_mut(&mut self, g: GameId) -> bool {
        self.is_integer(g)
    }
    fn is_number_mut(&mut self, g: GameId) -> bool {
        self.is_number(g)
    }
    fn is_nimber_mut(&mut self, g: GameId) -> bool {
        self.is_nimber(g)
    }
    fn is_ordinal_mut(&mut self, g: GameId) -> bool {
        self.is_ordinal(g)
    }
    fn is_uptimal(&mut self, g: GameId) -> bool {
        self.uptimal(g).is_some()
    }
    fn is_number_tiny(&mut self, g: GameId) -> bool {
        if self.is_number(g) {
            return true;
        }
        if self.uptimal(g).is_some() {
            return false;
        }
        self.tiny_shape(g).is_some()
    }
}
