//! The functions on games: their canonical forms and values, thermography,
//! infinitesimals, compounds, misère play, the papers' algorithms and the
//! pictures. Each entry carries its own help text and example next to its
//! implementation, so the two cannot drift apart.

use super::{Args, Builtin, Run};
use crate::context::Context;
use crate::error::Error;
use crate::error::Span;
use crate::value::{Player, Value};
use crate::world::is_loopy;
use cgt_core::form::{misere_outcome_direct, ordinal_sum, subordinate, Form, SequentialRule};
use cgt_core::game::{Arena, GameId};
use cgt_core::ruleset::heaps::Heaps;
use cgt_core::ruleset::psn::{Psn, Threshold};
use cgt_core::ruleset::registry::Positioned;
use cgt_core::ruleset::sls::Sls;
use num_traits::ToPrimitive;
use std::sync::Arc;

fn binary_form(
    s: &mut dyn Context,
    a: &Args,
    make: fn(Arc<Form>, Arc<Form>) -> Form,
) -> Result<Value, Error> {
    let g = s.world().to_form(&a.values[0], a.spans[0])?;
    let h = s.world().to_form(&a.values[1], a.spans[1])?;
    Ok(Value::Game(
        make(Arc::new(g), Arc::new(h)).canonical(s.arena()),
    ))
}

/// `G^[x]` for a dyadic `x >= 0`: `G : H` with `1 : H = x` (0 for x = 0).
fn pow_to_value(
    s: &mut dyn Context,
    g: GameId,
    x: &cgt_core::number::Dyadic,
    span: Span,
) -> Result<GameId, Error> {
    if x.is_zero() {
        return Ok(s.arena().zero());
    }
    let xg = s.arena().number(x.clone());
    let one = s.arena().integer(1);
    let h = subordinate(s.arena(), xg, &Form::Value(one))
        .ok_or_else(|| Error::spanned(span, "the exponent must be a positive number"))?;
    Ok(ordinal_sum(s.arena(), &Form::Value(g), h))
}
/// The limit on follower enumeration.
/// The deepest game `subordinate` walks (one step per level).
const SUBORDINATE_DEPTH: u64 = 1_000_000;

const FOLLOWER_LIMIT: usize = 10_000_000;

macro_rules! game_fn {
    ($f:expr) => {
        |s: &mut dyn Context, a: &Args| {
            let g = a.game(s, 0)?;
            #[allow(clippy::redundant_closure_call)]
            Ok(($f)(s.arena(), g))
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
            run: Run::Native(game_fn!(|ar: &mut Arena, g| Value::Bool(ar.$method(g)))),
        }
    };
}

fn number_value(ar: &mut Arena, x: cgt_core::number::Dyadic) -> Value {
    Value::Game(ar.number(x))
}

/// The misère outcome of argument 0 as it is played (see `to_play_form`);
/// a position is searched by its rules.
fn misere_of(s: &mut dyn Context, a: &Args) -> Result<cgt_core::analysis::Outcome, Error> {
    if let Value::Position(p) = &a.values[0] {
        return Ok(p.misere_outcome());
    }
    let f = s.world().to_play_form(&a.values[0], a.spans[0])?;
    Ok(misere_outcome_direct(s.arena(), &f))
}

/// The left (`left`) or right stop of a game: a number, or for a stopper
/// a pseudonumber (`over`, `1under`, `on`, ...).
fn stop_of(s: &mut dyn Context, a: &Args, left: bool) -> Result<Value, Error> {
    let g = s.world().to_loopy(&a.values[0], a.spans[0])?;
    let p = g.stop(s.arena(), left);
    Ok(crate::world::loopy_value(p.value(s.arena())))
}

/// One player's options of a value: canonical options of a game (and of a
/// sum of canonical games, as in CGSuite), the positions of a position, the
/// options as forms of a form or a sum of forms and positions.
fn options_of(s: &mut dyn Context, a: &Args, left: bool) -> Result<Value, Error> {
    match &a.values[0] {
        Value::Stopper(g) => {
            let g = cgt_core::loopy::Loopy::Stopper(g.clone());
            let o = g.options(s.arena(), left);
            let items = o.into_iter().map(crate::world::loopy_value).collect();
            s.world().set_of(items, a.spans[0])
        }
        Value::Position(p) => {
            let o = if left {
                p.left_options()
            } else {
                p.right_options()
            };
            Ok(Value::list(o.into_iter().map(Value::position).collect()))
        }
        v @ Value::Form(_) => {
            let f = s.world().to_form(v, a.spans[0])?;
            let o = f.options(s.arena(), left);
            Ok(Value::list(o.into_iter().map(Value::Form).collect()))
        }
        Value::Sum(sum) if sum.value.is_none() => {
            let f = s.world().to_play_form(&a.values[0], a.spans[0])?;
            let o = f.options(s.arena(), left);
            Ok(Value::list(o.into_iter().map(Value::Form).collect()))
        }
        v => {
            let g = s.to_game(v, a.spans[0])?;
            let o = if left {
                s.arena().left_options(g)
            } else {
                s.arena().right_options(g)
            };
            Ok(option_set(&o))
        }
    }
}

fn option_set(opts: &[GameId]) -> Value {
    Value::Set(Arc::new(opts.iter().map(|&o| Value::Game(o)).collect()))
}

/// Every function of the language, with its help.
pub static GAMES: &[Builtin] = &[
    Builtin {
        name: "impartial_variant",
        signature: "impartial_variant(P)",
        arity: 1..=1,
        topic: "rulesets",
        help: "The impartial variant of the position P of any ruleset (CGSuite's ImpartialVariant): either player may make any move of either player, i(G) = {i(G^L), i(G^R) | i(G^L), i(G^R)}. Cram is the impartial variant of Domineering.",
        example: "value(impartial_variant(domineering(2, 3)))",
        run: Run::Native(|_, a| variant(a, cgt_core::ruleset::variant::Variant::Impartial)),
    },
    Builtin {
        name: "dicotic_variant",
        signature: "dicotic_variant(P)",
        arity: 1..=1,
        topic: "rulesets",
        help: "The dicotic (all-small) variant of the position P of any ruleset (CGSuite's DicoticVariant): play as in P, but it ends as soon as either player has no move, d(G) = {d(G^L) | d(G^R)} when both players have a move, 0 otherwise.",
        example: "value(dicotic_variant(domineering(2, 3)))",
        run: Run::Native(|_, a| variant(a, cgt_core::ruleset::variant::Variant::Dicotic)),
    },
    Builtin {
        name: "canonical",
        signature: "canonical(G)",
        arity: 1..=1,
        topic: "basics",
        help: "The canonical form of G: dominated options removed, reversible options bypassed. An explicit form '{...}' becomes its value.",
        example: "canonical('{*|*}' + 3)",
        run: Run::Native(game_fn!(|_: &mut Arena, g| Value::Game(g))),
    },
    Builtin {
        name: "compare",
        signature: "compare(G, H)",
        arity: 2..=2,
        topic: "basics",
        help: "How G compares with H: `=`, `<`, `>`, or `||` when they are confused (incomparable).",
        example: "compare(^^, *)",
        run: Run::Native(|s, a| {
            let (g, h) = (a.game(s, 0)?, a.game(s, 1)?);
            Ok(Value::Comparison(s.arena().compare(g, h)))
        }),
    },
    Builtin {
        name: "outcome_class",
        signature: "outcome_class(G)",
        arity: 1..=1,
        topic: "basics",
        help: "Who wins G under normal play: L (Left wins), R (Right wins), P (the previous player wins: G = 0) or N (the next player wins: G is confused with 0). A game whose positions repeat may also be D (a draw), PHat (onside L, offside P), NHat (L, N), PCheck (P, R) or NCheck (N, R), as CGSuite names them; all nine are constants (OutcomeClass.D is the spelling no binding hides).",
        example: "outcome_class(^*)",
        run: Run::Native(|s, a| Ok(Value::Outcome(s.world().outcome_of(&a.values[0], a.spans[0])?.into()))),
    },
    Builtin {
        name: "birthday",
        signature: "birthday(G)",
        arity: 1..=1,
        topic: "basics",
        help: "The height of G's canonical game tree; closed form for number + up + star values, so huge integers cost nothing.",
        example: "birthday(73/16v9*8)",
        run: Run::Native(game_fn!(|ar: &mut Arena, g| {
            let b = ar.birthday(g);
            Value::Game(ar.number(cgt_core::number::Dyadic::from_bigint(b)))
        })),
    },
    Builtin {
        name: "left_stop",
        signature: "left_stop(G)",
        arity: 1..=1,
        topic: "thermography",
        help: "The number reached when Left moves first and both players stop as soon as the position is a number.",
        example: "left_stop({3|-1})",
        run: Run::Native(|s, a| stop_of(s, a, true)),
    },
    Builtin {
        name: "right_stop",
        signature: "right_stop(G)",
        arity: 1..=1,
        topic: "thermography",
        help: "The number reached when Right moves first and both players stop as soon as the position is a number.",
        example: "right_stop({2|{1|-3}})",
        run: Run::Native(|s, a| stop_of(s, a, false)),
    },
    Builtin {
        name: "left_options",
        signature: "left_options(G)",
        arity: 1..=1,
        topic: "basics",
        help: "Left's options of G: for a canonical game the set of its canonical options, in CGSuite's order; for a ruleset position the positions Left can move to (a list, in the rules' order); for an explicit form or a sum the options as forms (a list).",
        example: "left_options(^*)",
        run: Run::Native(|s, a| options_of(s, a, true)),
    },
    Builtin {
        name: "right_options",
        signature: "right_options(G)",
        arity: 1..=1,
        topic: "basics",
        help: "Right's options of G: for a canonical game the set of its canonical options, in CGSuite's order; for a ruleset position the positions Right can move to (a list, in the rules' order); for an explicit form or a sum the options as forms (a list).",
        example: "right_options(^*)",
        run: Run::Native(|s, a| options_of(s, a, false)),
    },
    Builtin {
        name: "followers",
        signature: "followers(G)",
        arity: 1..=1,
        topic: "basics",
        help: "Every distinct canonical subposition of G, G itself included.",
        example: "followers(^)",
        run: Run::Native(|s, a| {
            let g = a.game(s, 0)?;
            let f = s.arena().followers(g, FOLLOWER_LIMIT)?;
            Ok(option_set(&f))
        }),
    },
    Builtin {
        name: "follower_count",
        signature: "follower_count(G)",
        arity: 1..=1,
        topic: "basics",
        help: "The number of distinct canonical subpositions of G, G itself included (*8 has 9).",
        example: "follower_count(25/16)",
        run: Run::Native(|s, a| {
            let g = a.game(s, 0)?;
            let n = s.arena().follower_count(g, FOLLOWER_LIMIT)?;
            Ok(Value::Game(s.arena().number(cgt_core::number::Dyadic::from_bigint(n))))
        }),
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
        run: Run::Native(game_fn!(|ar: &mut Arena, g| {
            let x = ar.mean(g);
            number_value(ar, x)
        })),
    },
    Builtin {
        name: "temperature",
        signature: "temperature(G)",
        arity: 1..=1,
        topic: "thermography",
        help: "The temperature: where the thermograph's mast starts. Convention (CGSuite): the number m/2^n has temperature -1/2^n, integers -1; infinitesimals 0.",
        example: "temperature({3|-1})",
        run: Run::Native(game_fn!(|ar: &mut Arena, g| {
            let x = ar.temperature(g);
            number_value(ar, x)
        })),
    },
    Builtin {
        name: "thermograph",
        signature: "thermograph(G) or Thermograph(Lmast,[Lcps],[Lslopes],Rmast,[Rcps],[Rslopes])",
        arity: 1..=6,
        topic: "thermography",
        help: "The exact thermograph, printed as Thermograph(Lmast,[Lcps],[Lslopes],Rmast,[Rcps],[Rslopes]): critical points in descending order, slopes d(value)/dt from the mast down. With the six parts, the thermograph they describe (so a printed thermograph reads back).",
        example: "thermograph({3||2|1})",
        run: Run::Native(|s, a| {
            if a.values.len() == 1 {
                let g = a.game(s, 0)?;
                return Ok(Value::Thermograph(s.arena().thermograph(g)));
            }
            if a.values.len() != 6 {
                return Err(Error::spanned(a.call, "a thermograph has six parts: Thermograph(Lmast,[Lcps],[Lslopes],Rmast,[Rcps],[Rslopes])"));
            }
            let left = wall_arg(s, a, 0)?;
            let right = wall_arg(s, a, 3)?;
            cgt_core::analysis::Thermograph::from_walls(left, right)
                .map(|t| Value::Thermograph(std::sync::Arc::new(t)))
                .map_err(|e| Error::spanned(a.call, e))
        }),
    },
    Builtin {
        name: "trajectory",
        signature: "trajectory(mast, [cps], [slopes]) or Trajectory(...)",
        arity: 3..=3,
        topic: "thermography",
        help: "The thermograph wall with this mast value, critical points (descending) and slopes from the mast down, as thermograph_wall prints it.",
        example: "Trajectory(9/4, [3/4], [0, -1])",
        run: Run::Native(|s, a| Ok(Value::Trajectory(std::sync::Arc::new(wall_arg(s, a, 0)?)))),
    },
    Builtin {
        name: "thermograph_wall",
        signature: "thermograph_wall(G, Left|Right)",
        arity: 2..=2,
        topic: "thermography",
        help: "One wall of G's thermograph, printed as Trajectory(mast,[cps],[slopes]).",
        example: "thermograph_wall({3||2|1}, Right)",
        run: Run::Native(|s, a| {
            let g = a.game(s, 0)?;
            let left = a.is_left(1)?;
            let t = s.arena().thermograph(g);
            let wall = if left { &t.left } else { &t.right };
            Ok(Value::Trajectory(std::sync::Arc::new(wall.clone())))
        }),
    },
    Builtin {
        name: "compact",
        signature: "compact(G)",
        arity: 1..=1,
        topic: "basics",
        help: "G written with its shared subgames named, as `let g1 = ..., g2 = ... in {...}`, which reads back as G: as long as G has distinct subpositions, where the printed form (each subgame written wherever it occurs) can be exponentially longer.",
        example: "compact({{2|1},{3|{2|1}}|{2|1}})",
        run: Run::Native(|s, a| {
            let g = a.game(s, 0)?;
            Ok(Value::text(crate::print::Printer::new(s.arena()).compact(g)))
        }),
    },
    Builtin {
        name: "uptimal_expansion",
        signature: "uptimal_expansion(G)",
        arity: 1..=1,
        topic: "infinitesimals",
        help: "For G = x + *m + a1.^ + a2.^<2> + ... + ak.^<k>, CGSuite's notation x*m.d1d2...dk (a negative digit is followed by `-`). An error if G is not uptimal.",
        example: "uptimal_expansion({0||0|v*})",
        run: Run::Native(|s, a| {
            let g = a.game(s, 0)?;
            match s.arena().uptimal(g) {
                Some(u) => Ok(Value::text(u.expansion_string())),
                None => Err(Error::plain("not uptimal")),
            }
        }),
    },
    Builtin {
        name: "multiple",
        signature: "multiple(n, G)",
        arity: 2..=2,
        topic: "arithmetic",
        help: "n copies of G (copies of -G when n < 0), by binary doubling; n may be any integer.",
        example: "multiple(3, {1|-1})",
        run: Run::Native(|s, a| {
            let n = s.to_integer(&a.values[0], a.spans[0])?;
            let g = a.game(s, 1)?;
            Ok(Value::Game(s.arena().multiple(&n, g)?))
        }),
    },
    Builtin {
        name: "ordinal_sum",
        signature: "ordinal_sum(G, H)",
        arity: 2..=2,
        topic: "compounds",
        help: "G : H = {G^L, G:H^L | G^R, G:H^R}: moving in G destroys H. Depends on the form of G (use '{...}' for an explicit form), on H only through its value. H may be a stopper: ^ : on = upon; so may G, taken as its canonical graph (CGSuite's OrdinalSum of stoppers): on : 1 = on.",
        example: "ordinal_sum('{*|*}', 1)",
        run: Run::Native(|s, a| {
            s.world()
                .ordinal_sum(&a.values[0], a.spans[0], &a.values[1], a.spans[1])
        }),
    },
    Builtin {
        name: "pow_to",
        signature: "pow_to(G, x)",
        arity: 2..=2,
        topic: "infinitesimals",
        help: "G^[x] = G : H where 1 : H = x (so G : (n-1) for an integer n >= 1, and 0 for x = 0); ^.pow_to(n) is the unit sum ^[n]. x may be any dyadic number >= 0, or a pseudonumber that 1 : H makes (pow_to(^, on) = upon, pow_to(^, {5|pass}) = {^[5]|*,pass}).",
        example: "pow_to(^, 3)",
        run: Run::Native(|s, a| {
            let g = a.game(s, 0)?;
            if is_loopy(&a.values[1]) {
                return super::loopy::power(s, g, a, true);
            }
            let x = power_exponent(s, a)?;
            if let Some(n) = up_exponent(s, g, &x, a.spans[1])? {
                return Ok(Value::Game(if n == 0 { s.arena().zero() } else { s.arena().up_power_sum(n) }));
            }
            Ok(Value::Game(pow_to_value(s, g, &x, a.spans[1])?))
        }),
    },
    Builtin {
        name: "pow",
        signature: "pow(G, x)",
        arity: 2..=2,
        topic: "infinitesimals",
        help: "G^<x> = {0 | -G^[x-1] + H} for a base G = {0|H} and a dyadic x >= 1, or a pseudonumber as in pow_to; ^.pow(n) is the n-th power ^<n>, pow(^, on) = ^<on>. For a number G (never of the form {0|H}) and an integer x, the number G to the power x: pow(2, 10) = 1024, pow(2, -1) = 1/2, pow(3, -1) = 1/3.",
        example: "pow(^, 2)",
        run: Run::Native(|s, a| {
            if let Some(p) = number_power(s, a)? {
                return Ok(p);
            }
            let g = a.game(s, 0)?;
            if is_loopy(&a.values[1]) {
                return super::loopy::power(s, g, a, false);
            }
            let x = power_exponent(s, a)?;
            if let Some(n) = up_exponent(s, g, &x, a.spans[1])? {
                if n >= 1 {
                    return Ok(Value::Game(s.arena().up_power(n)));
                }
            }
            let (l, r) = (s.arena().left_options(g), s.arena().right_options(g));
            if s.arena().is_number(g) || l.len() != 1 || l[0] != s.arena().zero() || r.len() != 1 {
                return Err(Error::spanned(a.spans[0], "invalid base for pow (base must be of the form {0|H})"));
            }
            let hr = r[0];
            let one = cgt_core::number::Dyadic::from_i64(1);
            let to = pow_to_value(s, g, &(&x - &one), a.spans[1])?;
            let neg = s.arena().neg(to);
            let rr = s.arena().add(neg, hr);
            let z = s.arena().zero();
            Ok(Value::Game(s.arena().construct(vec![z], vec![rr])))
        }),
    },
    Builtin {
        name: "tiny",
        signature: "tiny(G)",
        arity: 1..=1,
        topic: "infinitesimals",
        help: "Tiny-G = {0 || 0 | -G}, also written Tiny(G).",
        example: "tiny({3|1})",
        run: Run::Native(game_fn!(|ar: &mut Arena, g| Value::Game(tiny(ar, g, false)))),
    },
    Builtin {
        name: "miny",
        signature: "miny(G)",
        arity: 1..=1,
        topic: "infinitesimals",
        help: "Miny-G = {G | 0 || 0}, also written Miny(G); the negative of Tiny(G).",
        example: "miny(2)",
        run: Run::Native(game_fn!(|ar: &mut Arena, g| Value::Game(tiny(ar, g, true)))),
    },
    Builtin {
        name: "atomic_weight",
        signature: "atomic_weight(G)",
        arity: 1..=1,
        topic: "infinitesimals",
        help: "The atomic weight by the two-ahead calculus: option weights shifted by -2 (Left) and +2 (Right); an integer result is settled against the far star. Uptimals give their ^-coefficient. Every all-small game is atomic; other infinitesimals are atomic when G - aw.^ lies within ^* + (*M : -1) of 0. Error `not atomic` otherwise (e.g. any number).",
        example: "atomic_weight({^^*|*,v})",
        run: Run::Native(|s, a| {
            let g = a.game(s, 0)?;
            s.arena().atomic_weight(g).map(Value::Game).ok_or_else(|| Error::plain("not atomic"))
        }),
    },
    Builtin {
        name: "is_atomic",
        signature: "is_atomic(G)",
        arity: 1..=1,
        topic: "predicates",
        help: "True if G has an atomic weight (see atomic_weight).",
        example: "is_atomic({1|^^^||^})",
        run: Run::Native(game_fn!(|ar: &mut Arena, g| Value::Bool(ar.atomic_weight(g).is_some()))),
    },
    Builtin {
        name: "far_star",
        signature: "far_star(G)",
        arity: 1..=1,
        topic: "infinitesimals",
        help: "The far (remote) star used by the atomic weight calculus: *N with N one more than the largest nimber among G's canonical followers (at least *).",
        example: "far_star(^*6)",
        run: Run::Native(game_fn!(|ar: &mut Arena, g| Value::Game(ar.far_star_game(g)))),
    },
    Builtin {
        name: "stop_count",
        signature: "stop_count(G)",
        arity: 1..=1,
        topic: "basics",
        help: "The number of stopping positions (number leaves) of G's full canonical game tree: 1 for a number, 2.3^(m-1) for *m.",
        example: "stop_count(*8)",
        run: Run::Native(game_fn!(|ar: &mut Arena, g| {
            let c = ar.stop_count(g);
            Value::Game(ar.number(cgt_core::number::Dyadic::from_bigint(c)))
        })),
    },
    Builtin {
        name: "reduced_canonical_form",
        signature: "reduced_canonical_form(G)",
        arity: 1..=1,
        topic: "infinitesimals",
        help: "The simplest game infinitesimally close to G (Grossman-Siegel): heat by *, then replace every x and x* by x.",
        example: "reduced_canonical_form({3||2*|1*})",
        run: Run::Native(game_fn!(|ar: &mut Arena, g| Value::Game(ar.reduced_canonical_form(g)))),
    },
    Builtin {
        name: "companion",
        signature: "companion(G)",
        arity: 1..=1,
        topic: "infinitesimals",
        help: "The companion {G^L°, 0 if G >= 0 | G^R°, 0 if G <= 0}: swaps 0 and *, ^ and ^*; numbers other than 0 and the nimbers *m (m >= 2) are fixed.",
        example: "companion(^)",
        run: Run::Native(game_fn!(|ar: &mut Arena, g| Value::Game(ar.companion(g)))),
    },
    Builtin {
        name: "incentives",
        signature: "incentives(G)",
        arity: 1..=1,
        topic: "thermography",
        help: "The maximal incentives of G: the largest of G^L - G and G - G^R, dominated ones removed.",
        example: "incentives(^)",
        run: Run::Native(game_fn!(|ar: &mut Arena, g| {
            let v = ar.incentives(g);
            option_set(&v)
        })),
    },
    Builtin {
        name: "left_incentives",
        signature: "left_incentives(G)",
        arity: 1..=1,
        topic: "thermography",
        help: "The maximal Left incentives G^L - G.",
        example: "left_incentives(^)",
        run: Run::Native(game_fn!(|ar: &mut Arena, g| {
            let v = ar.left_incentives(g);
            option_set(&v)
        })),
    },
    Builtin {
        name: "right_incentives",
        signature: "right_incentives(G)",
        arity: 1..=1,
        topic: "thermography",
        help: "The maximal Right incentives G - G^R.",
        example: "right_incentives(^)",
        run: Run::Native(game_fn!(|ar: &mut Arena, g| {
            let v = ar.right_incentives(g);
            option_set(&v)
        })),
    },
    Builtin {
        name: "freeze",
        signature: "freeze(G)",
        arity: 1..=1,
        topic: "thermography",
        help: "G cooled by its own temperature; uptimals are returned unchanged.",
        example: "freeze({3||2*|1*})",
        run: Run::Native(game_fn!(|ar: &mut Arena, g| Value::Game(ar.freeze(g)))),
    },
    Builtin {
        name: "cool",
        signature: "cool(G, t)",
        arity: 2..=2,
        topic: "thermography",
        help: "G cooled by the number t > -1: {G^L_t - t | G^R_t + t}, frozen at the mean once t exceeds G's temperature. Integers are fixed; negative t heats.",
        example: "cool({3|-1}, 1)",
        run: Run::Native(|s, a| {
            let g = a.game(s, 0)?;
            let t = a.game(s, 1)?;
            let t = s.arena().as_number(t).cloned().ok_or_else(|| Error::spanned(a.spans[1], "the cooling temperature must be a number"))?;
            Ok(Value::Game(s.arena().cool(g, &t).map_err(|e| Error::spanned(a.spans[1], e.0))?))
        }),
    },
    Builtin {
        name: "heat",
        signature: "heat(G, t)",
        arity: 2..=2,
        topic: "thermography",
        help: "G heated by t (any game): numbers are fixed, otherwise {heat(G^L) + t | heat(G^R) - t}.",
        example: "heat(*, 1)",
        run: Run::Native(|s, a| {
            let (g, t) = (a.game(s, 0)?, a.game(s, 1)?);
            Ok(Value::Game(s.arena().heat(g, t)))
        }),
    },
    Builtin {
        name: "overheat",
        signature: "overheat(G, s, t)",
        arity: 3..=3,
        topic: "thermography",
        help: "G overheated from s to t: an integer n becomes the Norton product n.s, otherwise {overheat(G^L) + t | overheat(G^R) - t}.",
        example: "overheat(7/16, 0, 0)",
        run: Run::Native(|s, a| {
            let (g, lo, hi) = (a.game(s, 0)?, a.game(s, 1)?, a.game(s, 2)?);
            Ok(Value::Game(s.arena().overheat(g, lo, hi)?))
        }),
    },
    Builtin {
        name: "norton_product",
        signature: "norton_product(G, U)",
        arity: 2..=2,
        topic: "arithmetic",
        help: "The Norton product G.U: n copies of U for an integer n, otherwise {G^L.U + (U + I) | G^R.U - (U + I)} over the maximal incentives I of U.",
        example: "norton_product(1/2, ^)",
        run: Run::Native(|s, a| {
            let (g, u) = (a.game(s, 0)?, a.game(s, 1)?);
            Ok(Value::Game(s.arena().norton_product(g, u)?))
        }),
    },
    Builtin {
        name: "conway_product",
        signature: "conway_product(G, H)",
        arity: 2..=2,
        topic: "arithmetic",
        help: "Conway's product GH = {G^L H + G H^L - G^L H^L, G^R H + G H^R - G^R H^R | ...}. It depends on the forms: explicit forms '{...}' and ruleset positions are multiplied as written ('{-1,0|0,1}' times * is *2, though the form equals 0), other values on their canonical forms; nimbers multiply in the nim field (*4.*4 = *6), numbers as numbers.",
        example: "conway_product(*19, *23)",
        run: Run::Native(|s, a| {
            if a.values.iter().any(|v| matches!(v, Value::Form(_) | Value::Position(_))) {
                let g = s.world().to_form(&a.values[0], a.spans[0])?;
                let h = s.world().to_form(&a.values[1], a.spans[1])?;
                return Ok(Value::Game(cgt_core::form::conway_product_forms(s.arena(), &g, &h)?));
            }
            let (g, h) = (a.game(s, 0)?, a.game(s, 1)?);
            Ok(Value::Game(s.arena().conway_product(g, h)?))
        }),
    },
    Builtin {
        name: "conjunctive_sum",
        signature: "conjunctive_sum(G, H)",
        arity: 2..=2,
        topic: "compounds",
        help: "G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}: a move is made in both components; play ends when either ends. Depends on the forms.",
        example: "conjunctive_sum(+-1, ^^)",
        run: Run::Native(|s, a| binary_form(s, a, Form::Conjunctive)),
    },
    Builtin {
        name: "selective_sum",
        signature: "selective_sum(G, H)",
        arity: 2..=2,
        topic: "compounds",
        help: "CGSuite's selective sum: the moves of the disjunctive sum (giving G^L + H, G + H^L) together with those of the conjunctive sum (giving G^L ∧ H^L). Depends on the forms. For Conway's recursive selective compound see selective_compound.",
        example: "selective_sum(*5, *6)",
        run: Run::Native(|s, a| binary_form(s, a, Form::Selective)),
    },
    Builtin {
        name: "selective_compound",
        signature: "selective_compound(G, H)",
        arity: 2..=2,
        topic: "compounds",
        help: "Conway's selective compound G ∨ H (ONAG ch. 14): a move in one or both components, the result again a selective compound; *a ∨ *b = *(a+b). Depends on the forms.",
        example: "selective_compound(*5, *6)",
        run: Run::Native(|s, a| binary_form(s, a, Form::SelectiveCompound)),
    },
    Builtin {
        name: "ordinal_product",
        signature: "ordinal_product(G, H)",
        arity: 2..=2,
        topic: "compounds",
        help: "G ⊗ H: every edge of H replaced by a copy of G (red edges by -G), as in Hackenbush; *a ⊗ *b = *(ab). Depends on the forms.",
        example: "ordinal_product(1/2, 1/4)",
        run: Run::Native(|s, a| binary_form(s, a, Form::OrdinalProduct)),
    },
    Builtin {
        name: "sequential",
        signature: "sequential(G, H [, per_player])",
        arity: 2..=3,
        topic: "compounds",
        help: "The sequential compound G -> H (Stromquist-Ullman): play G until it has ended, then H. Default rule (joint end): G -> H = H when nobody can move in G, else {G^L -> H | G^R -> H}. With per_player a player who cannot move in G moves in H instead. Depends on the form of G, on H only by value.",
        example: "sequential(1, -1, per_player)",
        run: Run::Native(|s, a| {
            let g = s.world().to_form(&a.values[0], a.spans[0])?;
            let h = a.game(s, 1)?;
            let rule = match a.values.get(2) {
                None => SequentialRule::JointEnd,
                Some(Value::Str(r)) if &**r == "per_player" => SequentialRule::PerPlayer,
                Some(Value::Str(r)) if &**r == "joint_end" => SequentialRule::JointEnd,
                Some(_) => return Err(Error::spanned(a.spans[2], "expected per_player or joint_end")),
            };
            let f = Form::Sequential(Arc::new(g), h, rule);
            Ok(Value::Game(f.canonical(s.arena())))
        }),
    },
    Builtin {
        name: "misere_outcome_class",
        signature: "misere_outcome_class(G)",
        arity: 1..=1,
        topic: "misere",
        help: "The outcome class under misère play (a player who cannot move wins), computed on the game tree as given: an explicit form '{...}' as written, a position by its rules, a sum as the sum of its terms (*2 + *2 is misère Nim with heaps 2 and 2: P), a value by its canonical form. Not a function of the value.",
        example: "misere_outcome_class(^*6)",
        run: Run::Native(|s, a| Ok(Value::Outcome(misere_of(s, a)?.into()))),
    },
    Builtin {
        name: "misere_outcome",
        signature: "misere_outcome(G [, per_player])",
        arity: 1..=2,
        topic: "misere",
        help: "The misère outcome class of the form G by direct search. With per_player, computed instead through the reduction o-(G) = o+(G -> *) under the per-player sequential rule, which holds for every form (the joint-end rule needs G dicotic).",
        example: "misere_outcome(1, per_player)",
        run: Run::Native(|s, a| {
            if a.values.len() == 1 {
                return Ok(Value::Outcome(misere_of(s, a)?.into()));
            }
            let f = s.world().to_play_form(&a.values[0], a.spans[0])?;
            match a.values.get(1) {
                None => Ok(Value::Outcome(misere_outcome_direct(s.arena(), &f).into())),
                Some(Value::Str(r)) if &**r == "per_player" => {
                    let star = s.arena().nimber(1);
                    let g = Form::Sequential(Arc::new(f), star, SequentialRule::PerPlayer).canonical(s.arena());
                    Ok(Value::Outcome(s.arena().outcome(g).into()))
                }
                Some(_) => Err(Error::spanned(a.spans[1], "expected per_player")),
            }
        }),
    },
    Builtin {
        name: "subordinate",
        signature: "subordinate(G, base)",
        arity: 2..=2,
        topic: "compounds",
        help: "The H with G = base : H (the quotient of an ordinal sum). The base may be an explicit form. An error if there is none.",
        example: "subordinate(1/8, 1)",
        run: Run::Native(|s, a| {
            let g = a.game(s, 0)?;
            // One step per level of G: a birthday past the limit is refused
            // before the walk (10^12 levels would fill memory for hours).
            let birthday = s.arena().birthday(g);
            if birthday > cgt_core::number::BigInt::from(SUBORDINATE_DEPTH) {
                return Err(Error::spanned(
                    a.spans[0],
                    format!("subordinate walks G level by level: G has birthday {birthday}, more than the {SUBORDINATE_DEPTH} it takes"),
                )
                .with_kind(crate::ErrorKind::Unsupported));
            }
            let base = s.world().to_form(&a.values[1], a.spans[1])?;
            subordinate(s.arena(), g, &base)
                .map(Value::Game)
                .ok_or_else(|| Error::plain("that game cannot be subordinated to the specified base"))
        }),
    },
    Builtin {
        name: "misere_canonical",
        signature: "misere_canonical(G)",
        arity: 1..=1,
        topic: "misere",
        help: "The misère canonical form of an impartial game (Conway's simplest form: reversible options bypassed, with the endgame proviso), played as given: a sum as the sum of its terms, a position by its rules. Nim heaps print as *n; another game as *[...] listing its options, heaps by their size and other games in brackets: *2 + *2 is *[2,3] = {*2, *3}. CGSuite's MisereCanonicalForm.",
        example: "misere_canonical(*2 + *2)",
        run: Run::Native(|s, a| {
            let g = s.misere_id(&a.values[0], a.spans[0])?;
            Ok(Value::text(s.world().misere.text(g)))
        }),
    },
    Builtin {
        name: "misere_nim_value",
        signature: "misere_nim_value(G)",
        arity: 1..=1,
        topic: "misere",
        help: "The misère nim value of an impartial game: 1 for the end 0, otherwise the mex of its options' values; 0 exactly for misère P-positions (the first player loses).",
        example: "misere_nim_value(* + *)",
        run: Run::Native(|s, a| {
            let g = s.misere_id(&a.values[0], a.spans[0])?;
            let v = s.world().misere.misere_nim_value(g);
            Ok(Value::Game(s.arena().integer(v as i64)))
        }),
    },
    Builtin {
        name: "genus",
        signature: "genus(G)",
        arity: 1..=1,
        topic: "misere",
        help: "Conway's genus g^(γ0 γ1 γ2 ...) of an impartial game: g its normal-play nim value, γn the misère nim value of G plus n heaps of two; written up to where the digits alternate for ever (0^120 = 0^12020...).",
        example: "genus(*)",
        run: Run::Native(|s, a| {
            let g = s.misere_id(&a.values[0], a.spans[0])?;
            let (plus, digits) = s.world().misere.genus(g);
            Ok(Value::text(cgt_core::form::misere::genus_text(plus, &digits)))
        }),
    },
    Builtin {
        name: "options",
        signature: "options(G [, player])",
        arity: 1..=2,
        topic: "basics",
        help: "G's options for a player (Left or Right), as left_options and right_options give them; without a player, Left's then Right's in one list (CGSuite's Options).",
        example: "options({1|*}, Right)",
        run: Run::Native(|s, a| {
            match a.values.get(1) {
                Some(Value::Player(Player::Left)) => options_of(s, a, true),
                Some(Value::Player(Player::Right)) => options_of(s, a, false),
                Some(_) => Err(Error::spanned(a.spans[1], "expected Left or Right")),
                None => {
                    let items = |v: Value| match v {
                        Value::List(xs) | Value::Set(xs) => (*xs).clone(),
                        other => vec![other],
                    };
                    let mut all = items(options_of(s, a, true)?);
                    all.extend(items(options_of(s, a, false)?));
                    Ok(Value::list(all))
                }
            }
        }),
    },
    Builtin {
        name: "stop",
        signature: "stop(G, player)",
        arity: 2..=2,
        topic: "thermography",
        help: "G's Left stop (player Left) or Right stop (Right): a number, or for a stopper a pseudonumber (3/2under). For short games this is also CGSuite's StrongStop.",
        example: "stop({3|-1}, Right)",
        run: Run::Native(|s, a| stop_of(s, a, a.is_left(1)?)),
    },
    Builtin {
        name: "is_short",
        signature: "is_short(G)",
        arity: 1..=1,
        topic: "predicates",
        help: "True: every game here is short (finite and loopfree). CGSuite's loopy predicates IsLoopfree, IsPlumtree, IsStopper, IsStopperSided and IsFinite mean this for short games.",
        example: "is_short(^)",
        run: Run::Native(|s, a| {
            a.game(s, 0)?;
            Ok(Value::Bool(true))
        }),
    },
    Builtin {
        name: "nim_value",
        signature: "nim_value(G)",
        arity: 1..=1,
        topic: "impartial",
        help: "The Grundy value n of an impartial game G = *n (explicit impartial forms are evaluated by mex). For a position of impartial rules whose positions repeat, the generalized Sprague-Grundy value (Smith, Fraenkel; Winning Ways ch. 12): n, playing in sums as *n, or inf[K] (Winning Ways' infinity with subscript K), from which play can go on for ever, K listing the finite values among its options: the player to move wins with 0 in K, and otherwise the game is a draw. Sums of positions add them: n + inf[K] is inf[K xor n], inf + inf is inf.",
        example: "nim_value(*3)",
        run: Run::Native(|s, a| {
            if is_loopy(&a.values[0]) {
                return match generalized_nim_of(s, &a.values[0]) {
                    Some(v) => Ok(generalized_nim(s, &v)),
                    None => Err(Error::spanned(a.spans[0], "not an impartial game (or not a position whose rules let it repeat): the players' moves differ somewhere")),
                };
            }
            let g = a.game(s, 0)?;
            match s.arena().as_nus(g).filter(|v| v.is_nimber()) {
                Some(v) => {
                    let n = v.nim;
                    Ok(Value::Game(s.arena().number(cgt_core::number::Dyadic::from_bigint(n.into()))))
                }
                None => Err(Error::plain("not an impartial game")),
            }
        }),
    },
    Builtin {
        name: "count_games_born_by",
        signature: "count_games_born_by(n [, all_small])",
        arity: 1..=2,
        topic: "basics",
        help: "The number of distinct short games born by day n (n <= 3): 1, 4, 22, 1474. With all_small, only all-small (dicotic) games: 1, 2, 7, 67.",
        example: "count_games_born_by(2)",
        run: Run::Native(|s, a| {
            let n = s.to_integer(&a.values[0], a.spans[0])?;
            let n = n.to_u32().filter(|&n| n <= 3).ok_or_else(|| Error::spanned(a.spans[0], "only days 0 to 3 can be enumerated"))?;
            let all_small = match a.values.get(1) {
                None => false,
                Some(Value::Str(r)) if &**r == "all_small" => true,
                Some(_) => return Err(Error::spanned(a.spans[1], "expected all_small")),
            };
            let c = s.arena().games_born_by(n, all_small).len();
            Ok(Value::Game(s.arena().integer(c as i64)))
        }),
    },
    Builtin {
        name: "plot_thermograph",
        signature: "plot_thermograph(G [, \"file.svg\"])",
        arity: 1..=2,
        topic: "pictures",
        help: "G's thermograph as an SVG picture (temperature upward, Left to the left, as in Winning Ways): written to the file if one is named (the result is its name), else returned as SVG text.",
        example: "plot_thermograph({3||2|1})",
        run: Run::Native(|s, a| {
            let g = a.game(s, 0)?;
            let t = s.arena().thermograph(g);
            let title = crate::print::Printer::new(s.arena()).game(g);
            picture(a, 1, super::plot::thermograph_svg(&t, &title))
        }),
    },
    Builtin {
        name: "value",
        signature: "value(G)",
        arity: 1..=1,
        topic: "basics",
        help: "The canonical value of a game, form or ruleset position (same as canonical).",
        example: "value(psn([2,3,1], [2,1,3]))",
        run: Run::Native(game_fn!(|_: &mut Arena, g| Value::Game(g))),
    },
    Builtin {
        name: "short_value",
        signature: "short_value(G)",
        arity: 1..=1,
        topic: "basics",
        help: "The canonical value of a game, form or position, insisting on a short game: a position that can reach itself is an error naming the positions on the cycle (value gives its loopy value instead), and so is a loopy game.",
        example: "short_value(toads_and_frogs(\"TT.F\"))",
        run: Run::Native(|s, a| {
            let v = &a.values[0];
            match v {
                Value::Position(p) => {
                    let w = s.world();
                    Ok(Value::Game(p.value(&mut w.arena, &mut w.memos)))
                }
                _ => Ok(Value::Game(s.world().to_game(v, a.spans[0])?)),
            }
        }),
    },
    Builtin {
        name: "psn_thresholds",
        signature: "psn_thresholds(p)",
        arity: 1..=1,
        topic: "rulesets",
        help: "The thresholds [L(w), R(w)] of Definition 3.1 by Theorem 3.2: the least size of Left's (Right's) target pile at which the opponent, moving first, loses; inf where there is none. Positions with big piles are fine (O(n^2)).",
        example: "psn_thresholds(psn([2,3,1,5,2,3,1,3,2,3], [10,1,3,9,2,5,7,6,8,4]))",
        run: Run::Native(|s, a| {
            let (rules, piles) = psn_arg(s, a)?;
            match rules.thresholds(&piles).0 {
                None => Err(Error::plain("the empty position has no thresholds")),
                Some((l, r)) => {
                    let mut th = |t: Threshold| match t {
                        Threshold::Infinite => Value::text("inf"),
                        Threshold::Finite(n) => Value::Game(s.arena().number(cgt_core::number::Dyadic::from_bigint(n.into()))),
                    };
                    Ok(Value::list(vec![th(l), th(r)]))
                }
            }
        }),
    },
    Builtin {
        name: "psn_outcome",
        signature: "psn_outcome(p)",
        arity: 1..=1,
        topic: "rulesets",
        help: "The normal-play outcome of a PSN position by the paper's Theorem 3.2, in O(n^2) time, without the game engine.",
        example: "psn_outcome(psn([2,3,1,5,2,3,1,3,2,3], [10,1,3,9,2,5,7,6,8,4]))",
        run: Run::Native(|s, a| {
            let (rules, piles) = psn_arg(s, a)?;
            Ok(Value::Outcome(rules.outcome(&piles).into()))
        }),
    },
    Builtin {
        name: "psn_uniform_outcome",
        signature: "psn_uniform_outcome(p)",
        arity: 1..=1,
        topic: "rulesets",
        help: "The outcome by Theorem 4.2 in O(n), for PSN positions whose non-empty piles all hold the same m >= 2 stones (the outcome does not depend on m).",
        example: "psn_uniform_outcome(psn([3,3,3,3], [3,2,4,1]))",
        run: Run::Native(|s, a| {
            let (rules, piles) = psn_arg(s, a)?;
            rules.uniform_outcome(&piles).map(|o| Value::Outcome(o.into())).map_err(|e| Error::spanned(a.spans[0], e))
        }),
    },
    Builtin {
        name: "psn_misere_outcome",
        signature: "psn_misere_outcome(p)",
        arity: 1..=1,
        topic: "rulesets",
        help: "The misère outcome of a PSN position by Remark 2.4: add a last pile of one stone that is last for both players, and take the normal-play outcome (Theorem 3.2).",
        example: "psn_misere_outcome(psn([1,1], [1,2]))",
        run: Run::Native(|s, a| {
            let (rules, piles) = psn_arg(s, a)?;
            Ok(Value::Outcome(rules.misere_outcome(&piles).into()))
        }),
    },
    Builtin {
        name: "table",
        signature: "table(rows)",
        arity: 1..=1,
        topic: "basics",
        help: "Print a list as an aligned table: each element a row (a list gives the cells of its row). With :format latex it is a LaTeX tabular.",
        example: "table([[a, b, value(psn([a,b],[2,1]))] for a in 0..2 for b in 0..2])",
        run: Run::Native(|_, a| match &a.values[0] {
            Value::List(items) => Ok(Value::Table(Arc::new(
                items
                    .iter()
                    .map(|r| match r {
                        Value::List(cells) => (**cells).clone(),
                        other => vec![other.clone()],
                    })
                    .collect(),
            ))),
            _ => Err(Error::spanned(a.spans[0], "expected a list")),
        }),
    },
    Builtin {
        name: "plot_tree",
        signature: "plot_tree(G [, \"file.svg\"])",
        arity: 1..=2,
        topic: "pictures",
        help: "G's canonical game tree as an SVG picture (Left's moves blue to the lower left, Right's red to the lower right; numbers are leaves; at most 400 positions): written to the file if one is named, else returned as SVG text.",
        example: "plot_tree({3||2|1})",
        run: Run::Native(|s, a| {
            let g = a.game(s, 0)?;
            let title = crate::print::Printer::new(s.arena()).game(g);
            picture(a, 1, super::plot::tree_svg(s.arena(), g, &title, 400))
        }),
    },
    Builtin {
        name: "plot_psn",
        signature: "plot_psn(p [, \"file.svg\"])",
        arity: 1..=2,
        topic: "pictures",
        help: "A Partizan-Serial-Nim position as an SVG picture (written to the file if one is named, else returned as SVG text) in the style of the paper's Figure 1: pile i at (i, σ(i)) with its stones, and the positions reachable by removing target piles as grey squares.",
        example: "plot_psn(psn([2,3,1,5,2,3,1,3,2,3], [10,1,3,9,2,5,7,6,8,4]))",
        run: Run::Native(|s, a| {
            let (rules, piles) = psn_arg(s, a)?;
            picture(a, 1, super::plot::psn_svg(&rules, &piles))
        }),
    },
    Builtin {
        name: "nim_sequence",
        signature: "nim_sequence(\"0.d1d2...\", n)",
        arity: 2..=2,
        topic: "rulesets",
        help: "The nim-values G(0), ..., G(n) of single heaps in the octal game with the given code, or in \"grundy\" (Grundy's game) or \"nim\" (mex rule).",
        example: "nim_sequence(\"0.77\", 12)",
        run: Run::Native(|s, a| {
            let rules = octal_arg(a)?;
            let g = rules.nim_sequence(heap_bound(s, a, "n")?);
            Ok(Value::list(g.into_iter().map(|v| Value::Game(s.arena().nimber(v))).collect()))
        }),
    },
    Builtin {
        name: "octal_period",
        signature: "octal_period(\"0.d1d2...\" [, max_heap])",
        arity: 1..=2,
        topic: "rulesets",
        help: "[preperiod, period] of the octal game's nim-value sequence, proved by the octal periodicity theorem (values checked up to max_heap, default 1000): G(n + p) = G(n) for all n >= preperiod. An error if no period is proved there.",
        example: "octal_period(\"0.77\")",
        run: Run::Native(|s, a| {
            let rules = octal_arg(a)?;
            let max = if a.values.len() > 1 { heap_bound(s, a, "max_heap")? } else { 1000 };
            match rules.period(max) {
                Some((n0, p)) => {
                    let n0 = Value::Game(s.arena().integer(n0 as i64));
                    let p = Value::Game(s.arena().integer(p as i64));
                    Ok(Value::list(vec![n0, p]))
                }
                None => Err(Error::plain(format!("no period proved with heaps up to {max}"))),
            }
        }),
    },
    Builtin {
        name: "sls_play",
        signature: "sls_play(p)",
        arity: 1..=1,
        topic: "rulesets",
        help: "A winning line of a So Long Sucker endgame for the side that wins moving first (Blue first, else Red first): each turn's placements, captures and kill choices, until the loser has no move; the loser's turns shown are its first options.",
        example: "sls_play(sls([\"rb\"], 0, (1,0), (0,1)))",
        run: Run::Native(|_, a| {
            let Value::Position(p) = &a.values[0] else {
                return Err(Error::spanned(a.spans[0], "expected an sls(...) position"));
            };
            let Some(p) = p.as_any().downcast_ref::<Positioned<Sls>>() else {
                return Err(Error::spanned(a.spans[0], "expected an sls(...) position"));
            };
            Ok(Value::text(cgt_core::ruleset::sls::winning_line(&p.rules, &p.position)))
        }),
    },
];

fn file_arg(a: &Args, k: usize) -> Result<String, Error> {
    match &a.values[k] {
        Value::Str(path) => Ok(path.to_string()),
        _ => Err(Error::spanned(a.spans[k], "expected a file name in quotes")),
    }
}

/// A picture: written to the file named by argument `k` if there is one
/// (its name is the result), else returned as SVG text.
fn picture(a: &Args, k: usize, svg: String) -> Result<Value, Error> {
    if a.values.len() <= k {
        return Ok(Value::text(svg));
    }
    let path = file_arg(a, k)?;
    write_file(a, &path, svg)
}

/// Write a file. Only a regular file (new or existing) is written: never a
/// device such as `/dev/stdout` (which would break `--batch`'s one line per
/// line) and never through a symbolic link.
fn write_file(a: &Args, path: &str, contents: String) -> Result<Value, Error> {
    super::files::write_regular_file(path, &contents).map_err(|e| Error::spanned(a.call, e))?;
    Ok(Value::str(path))
}
/// The heap size bound (the second argument) of the heap-game functions.
fn heap_bound(s: &mut dyn Context, a: &Args, what: &str) -> Result<usize, Error> {
    let n = s.to_integer(&a.values[1], a.spans[1])?;
    n.to_usize()
        .filter(|&n| n <= 1 << 16)
        .ok_or_else(|| Error::spanned(a.spans[1], format!("{what} is an integer from 0 to 65536")))
}

/// The octal code argument (the first) of the heap-game functions.
fn octal_arg(a: &Args) -> Result<Heaps, Error> {
    match &a.values[0] {
        Value::Str(code) => Heaps::named(code).map_err(|e| Error::spanned(a.spans[0], e)),
        _ => Err(Error::spanned(
            a.spans[0],
            "expected an octal code in quotes, e.g. \"0.77\"",
        )),
    }
}

/// A thermograph wall from arguments k, k+1, k+2: mast, critical points, slopes.
fn wall_arg(
    s: &mut dyn Context,
    a: &Args,
    k: usize,
) -> Result<cgt_core::analysis::Trajectory, Error> {
    let number =
        |s: &mut dyn Context, v: &Value, span: Span| -> Result<cgt_core::number::Dyadic, Error> {
            let g = s.to_game(v, span)?;
            s.arena()
                .as_number(g)
                .cloned()
                .ok_or_else(|| Error::spanned(span, "expected a number"))
        };
    let mast = number(s, &a.values[k], a.spans[k])?;
    let items = |k: usize| -> Result<Vec<Value>, Error> {
        match &a.values[k] {
            Value::List(xs) => Ok((**xs).clone()),
            _ => Err(Error::spanned(a.spans[k], "expected a list")),
        }
    };
    let mut cps = Vec::new();
    for v in items(k + 1)? {
        cps.push(number(s, &v, a.spans[k + 1])?);
    }
    let mut slopes = Vec::new();
    for v in items(k + 2)? {
        slopes.push(s.to_i64(&v, a.spans[k + 2])?);
    }
    cgt_core::analysis::Trajectory::from_parts(mast, &cps, &slopes)
        .map_err(|e| Error::spanned(a.call, e))
}

/// The PSN position argument of the psn_* functions.
fn psn_arg(_s: &mut dyn Context, a: &Args) -> Result<(Psn, Vec<u64>), Error> {
    match &a.values[0] {
        Value::Position(p) => match p.as_any().downcast_ref::<Positioned<Psn>>() {
            Some(p) => Ok((p.rules.clone(), p.position.clone())),
            None => Err(Error::spanned(a.spans[0], "expected a psn(...) position")),
        },
        _ => Err(Error::spanned(a.spans[0], "expected a psn(...) position")),
    }
}

/// For the base ↑ and an integer exponent: the exponent, as the powers of
/// up are built (closed forms, and the memory they need checked up front).
fn up_exponent(
    s: &mut dyn Context,
    g: GameId,
    x: &cgt_core::number::Dyadic,
    span: Span,
) -> Result<Option<u32>, Error> {
    if g != s.arena().up(1) || !x.is_integer() {
        return Ok(None);
    }
    match x.to_i64().and_then(|n| u32::try_from(n).ok()) {
        Some(n) => Ok(Some(n)),
        None => Err(
            Error::spanned(span, "powers of up have exponents below 2^32")
                .with_kind(crate::ErrorKind::Unsupported),
        ),
    }
}

fn power_exponent(s: &mut dyn Context, a: &Args) -> Result<cgt_core::number::Dyadic, Error> {
    let x = a.game(s, 1)?;
    let x = s.arena().as_number(x).cloned().filter(|x| x.signum() >= 0);
    x.ok_or_else(|| Error::spanned(a.spans[1], "the exponent must be a number >= 0"))
}

/// Tiny-G = {0 || 0 | -G} (or Miny-G = {G | 0 || 0}).
pub fn tiny(ar: &mut Arena, g: GameId, miny: bool) -> GameId {
    let z = ar.zero();
    if miny {
        let inner = ar.construct(vec![g], vec![z]);
        ar.construct(vec![inner], vec![z])
    } else {
        let ng = ar.neg(g);
        let inner = ar.construct(vec![z], vec![ng]);
        ar.construct(vec![z], vec![inner])
    }
}
/// The predicates in the shape the `pred!` table calls them (`&mut self`).
trait Predicates {
    fn is_zero_mut(&mut self, g: GameId) -> bool;
    fn is_integer_mut(&mut self, g: GameId) -> bool;
    fn is_number_mut(&mut self, g: GameId) -> bool;
    fn is_nimber_mut(&mut self, g: GameId) -> bool;
    fn is_ordinal_mut(&mut self, g: GameId) -> bool;
    fn is_uptimal(&mut self, g: GameId) -> bool;
    fn is_number_tiny(&mut self, g: GameId) -> bool;
}

impl Predicates for Arena {
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

/// The generalized Sprague-Grundy value of a position whose rules let it
/// repeat, or of a sum of such positions and short impartial games; `None`
/// if something in it is not impartial.
pub(crate) fn generalized_nim_of(
    s: &mut dyn Context,
    v: &Value,
) -> Option<cgt_core::loopy::GeneralizedNim> {
    use cgt_core::loopy::GeneralizedNim;
    match v {
        Value::Position(p) if p.repeats() => {
            let w = s.world();
            p.generalized_nim_value(&mut w.memos).ok()
        }
        // The negative of an impartial game is itself.
        Value::Sum(sum) => sum
            .terms
            .iter()
            .try_fold(GeneralizedNim::Finite(0), |acc, (_, t)| {
                Some(acc.add(&generalized_nim_of(s, t)?))
            }),
        other => {
            let g = s.world().to_game(other, Default::default()).ok()?;
            let nus = s.arena().as_nus(g).filter(|v| v.is_nimber())?;
            Some(GeneralizedNim::Finite(nus.nim))
        }
    }
}

/// A generalized Sprague-Grundy value as the language shows it: an integer,
/// or `inf` with its finite exits in brackets (`inf[0,1]`).
fn generalized_nim(s: &mut dyn Context, v: &cgt_core::loopy::GeneralizedNim) -> Value {
    use cgt_core::loopy::GeneralizedNim;
    match v {
        GeneralizedNim::Finite(n) => Value::Game(
            s.arena()
                .number(cgt_core::number::Dyadic::from_bigint((*n).into())),
        ),
        GeneralizedNim::Infinite(k) if k.is_empty() => Value::text("inf"),
        GeneralizedNim::Infinite(k) => {
            let k: Vec<String> = k.iter().map(|x| x.to_string()).collect();
            Value::text(format!("inf[{}]", k.join(",")))
        }
    }
}

/// `pow(x, n)` for a number x and an integer n: x to the power n, exactly
/// (none if x is not a number or n not a number).
fn number_power(s: &mut dyn Context, a: &Args) -> Result<Option<Value>, Error> {
    use cgt_core::number::Rational;
    use num_traits::{One, Signed, Zero};
    let (x, n) = (&a.values[0], &a.values[1]);
    if !(x.is_game_like() || matches!(x, Value::Rational(_))) || is_loopy(x) || is_loopy(n) {
        return Ok(None);
    }
    let Some(base) = s.world().rational(x, a.spans[0])? else {
        return Ok(None);
    };
    let Some(exp) = s.world().rational(n, a.spans[1])? else {
        return Ok(None);
    };
    if !exp.is_integer() {
        return Err(Error::spanned(
            a.spans[1],
            "a number's power takes an integer exponent",
        ));
    }
    if base.is_zero() && exp.is_negative() {
        return Err(Error::spanned(
            a.spans[1],
            "division by zero: 0 to a negative power",
        ));
    }
    let odd = exp.numer().bit(0);
    let p = if base.is_zero() || base.abs().is_one() {
        // 0, 1 and -1: any exponent, at once.
        if exp.is_zero() {
            Rational::one()
        } else if base.is_negative() && !odd {
            -base
        } else {
            base
        }
    } else {
        let bits = base.numer().bits().max(base.denom().bits());
        let Some(k) = exp
            .numer()
            .abs()
            .to_u64()
            .filter(|&k| k.saturating_mul(bits) <= 1 << 26)
        else {
            return Err(Error::spanned(
                a.spans[1],
                "the power would have more than 2^26 bits",
            ));
        };
        crate::error::room_for((k * bits / 4) as usize, a.call)?;
        num_traits::pow::pow(base, k as usize)
    };
    let p = if exp.is_negative() { p.recip() } else { p };
    Ok(Some(s.world().rational_value(p)))
}

/// The position `a.values[0]` under the variant `kind` of its rules.
fn variant(a: &Args, kind: cgt_core::ruleset::variant::Variant) -> Result<Value, Error> {
    use cgt_core::ruleset::variant::Base;
    match &a.values[0] {
        Value::Position(p) => Ok(Value::position(Positioned::boxed(
            kind,
            Base((*p.0).clone()),
        ))),
        other => Err(Error::spanned(
            a.spans[0],
            format!(
                "a variant is made of a position of a ruleset (domineering(3, 3), R(p)), not a {}",
                other.type_name()
            ),
        )),
    }
}
