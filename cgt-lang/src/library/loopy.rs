//! Functions of loopy games: CGSuite's stopper predicates (which short
//! games answer trivially), and the versions of the functions on games that
//! a stopper takes, chosen when the first argument is one.

use super::{Args, Builtin, Run};
use crate::context::Context;
use crate::error::Error;
use crate::value::Value;
use crate::world::{loopy_value, not_stopper_sided};
use cgt_core::game::Arena;
use cgt_core::loopy::{
    ordinal, variety, GeneralizedNim, Loopy, Pseudonumber, Sides, Stopper, VarietyError,
};
use std::sync::Arc;

/// What a stopper's version of a built-in computes.
pub type ForStopper = fn(&mut dyn Context, &Arc<Stopper>, &Args) -> Result<Value, Error>;

macro_rules! loopy_pred {
    ($name:literal, $help:literal, $example:literal, $short:expr, $stopper:expr, $sided:expr) => {
        Builtin {
            name: $name,
            signature: concat!($name, "(G)"),
            arity: 1..=1,
            topic: "loopy",
            help: $help,
            example: $example,
            run: Run::Native(|s, a| {
                let sides = s.world().to_sides(&a.values[0], a.spans[0])?;
                let Some(g) = sides.as_stopper() else {
                    return Ok(Value::Bool($sided));
                };
                let short: fn(&mut dyn Context, cgt_core::game::GameId) -> bool = $short;
                let stopper: fn(&mut dyn Context, &Arc<Stopper>) -> bool = $stopper;
                Ok(Value::Bool(match g {
                    Loopy::Short(x) => short(s, *x),
                    Loopy::Stopper(x) => stopper(s, x),
                }))
            }),
        }
    };
}

/// A built-in that makes a stopper from stoppers (degrees, upsums,
/// varieties): its arguments as stoppers, an error at the call if the
/// result cannot be named.
macro_rules! stopper_builtin {
    ($name:literal, $signature:literal, $arity:literal, $help:literal, $example:literal, $f:expr) => {
        Builtin {
            name: $name,
            signature: $signature,
            arity: $arity..=$arity,
            topic: "loopy",
            help: $help,
            example: $example,
            run: Run::Native(|s, a| {
                let mut args = Vec::with_capacity(a.values.len());
                for (v, span) in a.values.iter().zip(a.spans.iter()) {
                    args.push(s.world().to_loopy(v, *span)?);
                }
                let f: fn(&mut Arena, &[Loopy]) -> Result<Loopy, VarietyError> = $f;
                let x = f(s.arena(), &args).map_err(|e| variety_error(e, a.call))?;
                Ok(loopy_value(x))
            }),
        }
    };
}

/// A variety that cannot be named, as an error at the call.
fn variety_error(e: VarietyError, span: crate::error::Span) -> Error {
    match e {
        VarietyError::NotStopperSided => not_stopper_sided(span),
        other => Error::spanned(span, other.to_string()),
    }
}

/// The loopy predicates (CGSuite's names, in snake case).
pub static LOOPY: &[Builtin] = &[
    Builtin {
        name: "fox_and_geese_table",
        signature: "fox_and_geese_table([(row, col), ...] [, [width, range]])",
        arity: 1..=2,
        topic: "rulesets",
        help: "CGSuite's FoxAndGeese.ValuesTable: for the geese on the given squares, the value of every position of the fox on the board up to the highest goose, as a table of rows from the top down (X a goose, empty a square the pieces never stand on). The optional [width, range] as in fox_and_geese.",
        example: "fox_and_geese_table([(3,1),(3,3),(3,5),(3,7)])",
        run: Run::Native(fox_and_geese_table),
    },
    loopy_pred!(
        "is_stopper",
        "True if G is a stopper (short games included): no play from its canonical form alternates for ever. A sided value S & T (dud, a{1||a|0}) is not.",
        "is_stopper(on)",
        |_, _| true,
        |_, _| true,
        false
    ),
    loopy_pred!(
        "is_stopper_sided",
        "True if G's onside and offside are stoppers: every value cgt computes is (a game whose sides are not found to be stoppers, such as Bach's carousel, is an error).",
        "is_stopper_sided(over)",
        |_, _| true,
        |_, _| true,
        true
    ),
    loopy_pred!(
        "is_loopfree",
        "True if no position of G repeats: G is a short game.",
        "is_loopfree(over)",
        |_, _| true,
        |_, _| false,
        false
    ),
    loopy_pred!(
        "is_plumtree",
        "True if the only cycles of G's canonical graph are passes (moves from a position to itself).",
        "is_plumtree(a{0||||0|||a|*||*})",
        |_, _| true,
        |_, s| s.graph().is_plumtree(0),
        false
    ),
    loopy_pred!(
        "is_pseudonumber",
        "True if G is a number, x over, x under, on or off.",
        "is_pseudonumber({pass|3/2})",
        |s, g| s.arena().is_number(g),
        |s, g| g.pseudonumber_at(s.arena(), 0).is_some(),
        false
    ),
    Builtin {
        name: "is_idempotent",
        signature: "is_idempotent(G)",
        arity: 1..=1,
        topic: "loopy",
        help: "True if G + G = G (0, on, off, over, under and dud are).",
        example: "is_idempotent(over)",
        run: Run::Native(|s, a| {
            let g = s.world().to_sides(&a.values[0], a.spans[0])?;
            let sum = Sides::add(s.arena(), &g, &g).map_err(|_| not_stopper_sided(a.spans[0]))?;
            Ok(Value::Bool(sum == g))
        }),
    },
    stopper_builtin!(
        "degree",
        "degree(G)",
        1,
        "The degree of loopiness of the stopper G: G upsum -G (0 for a short game). Idempotent for most stoppers: degree(upon) = ^<on>, degree(3/2under) = over.",
        "degree({pass|3/2})",
        |ar, g| Ok(variety::degree(ar, &g[0])?)
    ),
    stopper_builtin!(
        "upsum",
        "upsum(G, H)",
        2,
        "G upsum H: the onside of G + H for stoppers G and H (their sum when it is a stopper): upsum(on, off) = on. Also written as CGSuite writes it, between its operands with the precedence of +: upon Upsum uponth.",
        "upsum(over, under)",
        |ar, g| Ok(variety::upsum(ar, &g[0], &g[1])?)
    ),
    stopper_builtin!(
        "downsum",
        "downsum(G, H)",
        2,
        "G downsum H: the offside of G + H for stoppers G and H (their sum when it is a stopper): downsum(on, off) = off. Also written G Downsum H.",
        "downsum(over, under)",
        |ar, g| Ok(variety::downsum(ar, &g[0], &g[1])?)
    ),
    stopper_builtin!(
        "upsum_variety",
        "upsum_variety(G, D)",
        2,
        "The upsum variety of the stopper G relative to the idempotent D: G upsum (-G downsum -D).",
        "upsum_variety({pass|3/2}, over)",
        |ar, g| variety::upsum_variety(ar, &g[0], &g[1])
    ),
    stopper_builtin!(
        "downsum_variety",
        "downsum_variety(G, D)",
        2,
        "The downsum variety of the stopper G relative to the idempotent D: G downsum (-G upsum D).",
        "downsum_variety({pass|3/2}, over)",
        |ar, g| variety::downsum_variety(ar, &g[0], &g[1])
    ),
    stopper_builtin!(
        "variety",
        "variety(G)",
        1,
        "The variety of a stable stopper G: its upsum and downsum varieties relative to its degree, which agree (an error for an unstable game such as Grenville's a{0|{0||||0,*2|||a|0||0}||0}, or when the degree is not idempotent).",
        "variety({pass|3/2})",
        |ar, g| variety::variety(ar, &g[0])
    ),
    Builtin {
        name: "is_stable",
        signature: "is_stable(G)",
        arity: 1..=1,
        topic: "loopy",
        help: "True if the stopper G's upsum and downsum varieties relative to its degree agree (an error when the degree is not idempotent). Short games are stable.",
        example: "is_stable(a{0|{0||||0,*2|||a|0||0}||0})",
        run: Run::Native(|s, a| {
            let g = s.world().to_loopy(&a.values[0], a.spans[0])?;
            variety::is_stable(s.arena(), &g)
                .map(Value::Bool)
                .map_err(|e| variety_error(e, a.call))
        }),
    },
    Builtin {
        name: "strong_stop",
        signature: "strong_stop(G, player)",
        arity: 2..=2,
        topic: "loopy",
        help: "G's Left (player Left) or Right stop with over and under dropped: x for x over. For short games it is the stop.",
        example: "strong_stop({pass|3/2}, Left)",
        run: Run::Native(|s, a| {
            let g = s.world().to_loopy(&a.values[0], a.spans[0])?;
            let left = a.is_left(1)?;
            Ok(loopy_value(g.strong_stop(s.arena(), left).value(s.arena())))
        }),
    },
    Builtin {
        name: "onside",
        signature: "onside(G)",
        arity: 1..=1,
        topic: "loopy",
        help: "The onside of G, where play that goes on for ever is a win for Left, as a canonical stopper: onside(a{1||a|0}) = 2. A stopper (short games included) is its own onside.",
        example: "onside(on + off)",
        run: Run::Native(|s, a| Ok(loopy_value(s.world().to_sides(&a.values[0], a.spans[0])?.onside))),
    },
    Builtin {
        name: "offside",
        signature: "offside(G)",
        arity: 1..=1,
        topic: "loopy",
        help: "The offside of G, where play that goes on for ever is a win for Right, as a canonical stopper: offside(a{1||a|0}) = +-1. A stopper (short games included) is its own offside.",
        example: "offside(on + off)",
        run: Run::Native(|s, a| Ok(loopy_value(s.world().to_sides(&a.values[0], a.spans[0])?.offside))),
    },
];

/// What a sided value's version of a built-in computes.
pub type ForSided = fn(&mut dyn Context, &Sides, &Args) -> Result<Value, Error>;

/// The sided value's version of the built-in `name`, if it has one (the
/// others take stoppers only, and say so).
pub fn for_sided(name: &str) -> Option<ForSided> {
    Some(match name {
        "is_number" | "is_integer" | "is_nimber" | "is_zero" | "is_uptimal" | "is_ordinal"
        | "is_short" | "is_number_tiny" => |_, _, _| Ok(Value::Bool(false)),
        "is_infinitesimal" => |s, g, _| {
            let zero = Pseudonumber::Number(Default::default(), 0);
            let ar = s.arena();
            let on = [true, false].map(|left| g.onside.strong_stop(ar, left));
            let off = [true, false].map(|left| g.offside.strong_stop(ar, left));
            Ok(Value::Bool(on.iter().chain(&off).all(|x| *x == zero)))
        },
        // CGSuite: the onside's Left strong stop is the offside's Right one.
        "is_numberish" => |s, g, _| {
            let l = g.onside.strong_stop(s.arena(), true);
            let r = g.offside.strong_stop(s.arena(), false);
            Ok(Value::Bool(l == r))
        },
        "value" => |_, g, _| Ok(Value::Sided(Arc::new(g.clone()))),
        "outcome_class" => |s, g, _| Ok(Value::Outcome(g.outcome(s.arena()))),
        _ => return None,
    })
}

/// A built-in's version for an impartial game whose positions repeat,
/// by its generalized Sprague-Grundy value.
pub type ForLoopyImpartial = fn(&mut dyn Context, &GeneralizedNim, &Args) -> Result<Value, Error>;

/// The version of the built-in `name` for impartial games whose positions
/// repeat, if it has one: the outcome class is the value's (a draw for
/// `inf[K]` without 0 in K), whether or not the sides are stoppers.
pub fn for_loopy_impartial(name: &str) -> Option<ForLoopyImpartial> {
    Some(match name {
        "outcome_class" => |_, g, _| Ok(Value::Outcome(g.outcome().into())),
        _ => return None,
    })
}

/// The stopper's version of the built-in `name`, if it has one.
pub fn for_stopper(name: &str) -> Option<ForStopper> {
    Some(match name {
        "is_number" | "is_integer" | "is_nimber" | "is_zero" | "is_uptimal" | "is_ordinal"
        | "is_short" => |_, _, _| Ok(Value::Bool(false)),
        "is_infinitesimal" => |s, g, _| {
            let g = Loopy::Stopper(g.clone());
            let zero = Pseudonumber::Number(Default::default(), 0);
            let (l, r) = (
                g.strong_stop(s.arena(), true),
                g.strong_stop(s.arena(), false),
            );
            Ok(Value::Bool(l == zero && r == zero))
        },
        "is_numberish" => |s, g, _| {
            let g = Loopy::Stopper(g.clone());
            let l = g.strong_stop(s.arena(), true);
            let r = g.strong_stop(s.arena(), false);
            Ok(Value::Bool(l == r && matches!(l, Pseudonumber::Number(..))))
        },
        "is_number_tiny" => |s, g, _| {
            let g = Loopy::Stopper(g.clone());
            Ok(Value::Bool(g.tiny_shape(s.arena()).is_some()))
        },
        "value" => |_, g, _| Ok(Value::Stopper(g.clone())),
        "followers" => |s, g, a| {
            let items = (0..g.graph().len() as u32)
                .map(|v| loopy_value(g.follower(v)))
                .collect();
            s.world().set_of(items, a.spans[0])
        },
        "follower_count" => |s, g, _| Ok(Value::Game(s.arena().integer(g.graph().len() as i64))),
        "subordinate" => |s, g, a| {
            let (l, r) = s.world().base_options(&a.values[1], a.spans[1])?;
            ordinal::subordinate(s.arena(), &Loopy::Stopper(g.clone()), &l, &r)
                .map(loopy_value)
                .ok_or_else(|| {
                    Error::spanned(
                        a.call,
                        "that game cannot be subordinated to the specified base",
                    )
                })
        },
        _ => return None,
    })
}

/// The values of every fox square below the highest goose (see the help).
fn fox_and_geese_table(s: &mut dyn Context, a: &Args) -> Result<Value, Error> {
    use cgt_core::ruleset::fox_and_geese::INFO;
    use cgt_core::ruleset::registry::Arg;
    let geese = super::to_arg(s, &a.values[0], a.spans[0])?;
    let rules = match a.values.get(1) {
        Some(v) => Some(super::to_arg(s, v, a.spans[1])?),
        None => None,
    };
    let int = |x: &Arg| match x {
        Arg::Int(n) => i64::try_from(n).ok(),
        _ => None,
    };
    // The constructor checks every argument (and names the one at fault).
    let build = |fox: (i64, i64)| {
        let mut args = vec![
            geese.clone(),
            Arg::List(vec![Arg::Int(fox.0.into()), Arg::Int(fox.1.into())]),
        ];
        args.extend(rules.clone());
        (INFO.constructors[0].build)(&args).map_err(|e| {
            // The constructor's arguments: geese, the fox (made here), rules.
            let span = match e.arg {
                Some(0) => a.spans[0],
                Some(2) => a.spans.get(1).copied().unwrap_or(a.call),
                _ => a.call,
            };
            Error::spanned(span, e.message)
        })
    };
    let squares: Vec<(i64, i64)> = match &geese {
        Arg::List(items) => items
            .iter()
            .filter_map(|c| match c {
                Arg::List(rc) if rc.len() == 2 => Some((int(&rc[0])?, int(&rc[1])?)),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    let width = match &rules {
        Some(Arg::List(v)) => v.first().and_then(int).unwrap_or(8),
        _ => 8,
    };
    let Some(top) = squares.iter().map(|&(r, _)| r).max() else {
        build((1, 1))?;
        return Err(Error::spanned(
            a.spans[0],
            "the table needs at least one goose",
        ));
    };
    // Any argument at fault is named before the table is made.
    let free = (1..=width).find(|&c| (1 + c) % 2 == 0 && !squares.contains(&(1, c)));
    build((1, free.unwrap_or(1)))?;
    let mut rows = Vec::new();
    for row in (1..=top).rev() {
        let mut cells = Vec::new();
        for col in 1..=width {
            cells.push(if squares.contains(&(row, col)) {
                Value::text("X")
            } else if (row + col) % 2 != 0 {
                Value::text("")
            } else {
                let p = Value::position(build((row, col))?);
                loopy_value(s.world().to_loopy(&p, a.call)?)
            });
        }
        rows.push(cells);
    }
    Ok(Value::Table(Arc::new(rows)))
}

/// `pow_to(G, x)` (`to`) or `pow(G, x)` for a short `G` and a loopy
/// exponent: a pseudonumber that `1 : H` makes.
pub fn power(
    s: &mut dyn Context,
    g: cgt_core::game::GameId,
    a: &Args,
    to: bool,
) -> Result<Value, Error> {
    let x = s.world().to_loopy(&a.values[1], a.spans[1])?;
    if x.as_pseudonumber(s.arena()).is_none() {
        return Err(Error::spanned(
            a.spans[1],
            "the exponent must be a number >= 0 or a pseudonumber (x over, x under, on)",
        ));
    }
    let made = if to {
        ordinal::pow_to(s.arena(), g, &x)
    } else {
        ordinal::pow(s.arena(), g, &x)
    };
    made.map(loopy_value).map_err(|e| match e {
        ordinal::PowerError::Exponent => Error::spanned(
            a.spans[1],
            "invalid exponent: no H has 1 : H equal to it (for pow, to it minus 1)",
        ),
        ordinal::PowerError::Base => Error::spanned(
            a.spans[0],
            "invalid base for pow (base must be of the form {0|H})",
        ),
    })
}
