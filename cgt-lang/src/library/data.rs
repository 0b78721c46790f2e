//! The functions on lists and strings, with which grid and strip games are
//! written in a few lines (indices and slices are in `seq`).

use super::{Args, Builtin, Run};
use crate::context::Context;
use crate::error::Error;
use crate::seq::{char_count, chars, position};
use crate::value::Value;
use cgt_core::game::GameId;
use cgt_core::number::BigInt;
use num_traits::ToPrimitive;
use std::sync::Arc;

pub(super) fn list_arg<'a>(a: &'a Args, k: usize) -> Result<&'a [Value], Error> {
    match &a.values[k] {
        Value::List(items) => Ok(items),
        Value::Set(items) => Ok(items),
        other => Err(Error::spanned(
            a.spans[k],
            format!("expected a list, found a {}", other.type_name()),
        )),
    }
}

fn str_arg<'a>(a: &'a Args, k: usize) -> Result<&'a str, Error> {
    match &a.values[k] {
        Value::Str(s) => Ok(s),
        other => Err(Error::spanned(
            a.spans[k],
            format!("expected a string, found a {}", other.type_name()),
        )),
    }
}

/// `strip`, `lstrip` and `rstrip`: the string argument trimmed at the
/// chosen ends (the same string, not a copy, when nothing is trimmed).
fn trimmed(a: &Args, start: bool, end: bool) -> Result<Value, Error> {
    let s = str_arg(a, 0)?;
    let chars = match a.values.get(1) {
        Some(_) => Some(str_arg(a, 1)?),
        None => None,
    };
    let trims = |c: char| chars.map_or(c.is_whitespace(), |t| t.contains(c));
    let mut t = s;
    if start {
        t = t.trim_start_matches(trims);
    }
    if end {
        t = t.trim_end_matches(trims);
    }
    Ok(if t.len() == s.len() {
        a.values[0].clone()
    } else {
        Value::str(t)
    })
}

fn int(s: &mut dyn Context, n: usize) -> Value {
    Value::Game(s.arena().integer(n as i64))
}

fn number(s: &mut dyn Context, n: BigInt) -> Value {
    Value::Game(s.integer(&n))
}

/// The booleans of a list, for any/all.
fn bools(a: &Args) -> Result<Vec<bool>, Error> {
    list_arg(a, 0)?
        .iter()
        .map(|v| match v {
            Value::Bool(b) => Ok(*b),
            other => Err(Error::spanned(
                a.spans[0],
                format!(
                    "expected a list of true/false, found a {}",
                    other.type_name()
                ),
            )),
        })
        .collect()
}

/// The least or greatest element: numbers and games by the game order
/// (an error if two are confused), strings alphabetically.
fn extreme(s: &mut dyn Context, a: &Args, greatest: bool) -> Result<Value, Error> {
    // One list, or the values themselves: min(L), min(2, 3, x).
    let items = if a.values.len() == 1 {
        list_arg(a, 0)?
    } else {
        a.values
    };
    let Some(first) = items.first() else {
        return Err(Error::spanned(a.spans[0], "the list is empty"));
    };
    let mut best = first.clone();
    for x in &items[1..] {
        let better = match (&best, x) {
            (Value::Str(b), Value::Str(y)) => (y > b) == greatest && y != b,
            (b @ Value::Rational(_), y) | (b, y @ Value::Rational(_)) => {
                let (p, q) = (
                    s.world().rational(b, a.call)?,
                    s.world().rational(y, a.call)?,
                );
                match (p, q) {
                    (Some(p), Some(q)) => (q > p) == greatest && q != p,
                    _ => {
                        return Err(Error::spanned(
                            a.call,
                            format!("cannot order a {} and a {}", b.type_name(), y.type_name()),
                        ))
                    }
                }
            }
            (b, y) if b.is_game_like() && y.is_game_like() => {
                let (g, h) = (s.to_game(b, a.spans[0])?, s.to_game(y, a.spans[0])?);
                let (le, ge) = (s.arena().le(h, g), s.arena().le(g, h));
                if !le && !ge {
                    return Err(Error::spanned(
                        a.spans[0],
                        "two elements are confused with each other: there is no least or greatest",
                    ));
                }
                if greatest {
                    ge && !le
                } else {
                    le && !ge
                }
            }
            // Lists, tuples and mixed kinds: the universal order.
            (b, y) => {
                let c = s.world().universal_cmp(y, b, a.spans[0])?;
                c == if greatest {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Less
                }
            }
        };
        if better {
            best = x.clone();
        }
    }
    Ok(best)
}

/// The functions on lists and strings.
pub static DATA: &[Builtin] = &[
    Builtin {
        name: "len",
        signature: "len(L)",
        arity: 1..=1,
        topic: "lists and strings",
        help: "The number of elements of a list or set, of entries of a map, or of characters of a string.",
        example: "len(\"TT..FF\")",
        run: Run::Native(|s, a| {
            let n = match &a.values[0] {
                Value::Str(t) => char_count(t),
                Value::Map(m) => m.len(),
                _ => list_arg(a, 0)?.len(),
            };
            Ok(int(s, n))
        }),
    },
    Builtin {
        name: "range",
        signature: "range(n) or range(a, b)",
        arity: 1..=2,
        topic: "lists and strings",
        help: "The integers 0, 1, ..., n-1 (or a, ..., b-1), as a list; a..b is the list a, ..., b with both ends.",
        example: "range(4)",
        run: Run::Native(|s, a| {
            let (from, to) = if a.values.len() == 1 {
                (BigInt::from(0), s.to_integer(&a.values[0], a.spans[0])?)
            } else {
                (s.to_integer(&a.values[0], a.spans[0])?, s.to_integer(&a.values[1], a.spans[1])?)
            };
            if &to - &from > BigInt::from(crate::seq::RANGE_LIMIT) {
                return Err(Error::spanned(a.call, "a range of more than 10,000,000 values"));
            }
            let mut out = Vec::new();
            let mut i = from;
            while i < to {
                cgt_core::interrupt::poll()?;
                out.push(number(s, i.clone()));
                i += 1;
            }
            Ok(Value::list(out))
        }),
    },
    Builtin {
        name: "sum",
        signature: "sum(L)",
        arity: 1..=1,
        topic: "lists and strings",
        help: "The disjunctive sum of a list of games (0 for an empty list); it keeps its terms, like +.",
        example: "sum([*, *2, *3])",
        run: Run::Native(|s, a| {
            let items = list_arg(a, 0)?.to_vec();
            let mut acc = Value::Game(s.arena().zero());
            for x in items {
                acc = s.world().add_values(acc, x, a.spans[0])?;
            }
            Ok(acc)
        }),
    },
    Builtin {
        name: "min",
        signature: "min(L) or min(a, b, ...)",
        arity: 1..=1024,
        topic: "lists and strings",
        help: "The least element of a list, or the least of the arguments: numbers (rationals too), games (an error if two are confused) or strings.",
        example: "[min([3, 1/2, 2]), min(2, 1/3)]",
        run: Run::Native(|s, a| extreme(s, a, false)),
    },
    Builtin {
        name: "max",
        signature: "max(L) or max(a, b, ...)",
        arity: 1..=1024,
        topic: "lists and strings",
        help: "The greatest element of a list, or the greatest of the arguments: numbers (rationals too), games (an error if two are confused) or strings.",
        example: "[max([3, 1/2, 2]), max(2, 7/3)]",
        run: Run::Native(|s, a| extreme(s, a, true)),
    },
    Builtin {
        name: "any",
        signature: "any(L)",
        arity: 1..=1,
        topic: "lists and strings",
        help: "True if some element of a list of booleans is true.",
        example: "any([n > 2 for n in 0..3])",
        run: Run::Native(|_, a| Ok(Value::Bool(bools(a)?.into_iter().any(|b| b)))),
    },
    Builtin {
        name: "all",
        signature: "all(L)",
        arity: 1..=1,
        topic: "lists and strings",
        help: "True if every element of a list of booleans is true.",
        example: "all([n >= 0 for n in 0..3])",
        run: Run::Native(|_, a| Ok(Value::Bool(bools(a)?.into_iter().all(|b| b)))),
    },
    Builtin {
        name: "sort",
        signature: "sort(L) or sort(L, f)",
        arity: 1..=2,
        topic: "lists and strings",
        help: "A list sorted in the universal order: numbers in increasing order, other games in CGSuite's order, strings alphabetically, lists and tuples element by element (a shorter one first when it begins the other); values of different kinds as false, true, numbers and games, loopy games, strings, lists, sets, the rest. Lists compare with < <= > >= in the same order. sort(L, f) keeps the elements as they are and orders them by f(x) (stable): sort(L, G => temperature(G)).",
        example: "[sort([3, -1, 1/2]), sort([\"ccc\", \"a\", \"bb\"], s => len(s))]",
        run: Run::Native(|s, a| {
            let items = list_arg(a, 0)?.to_vec();
            if let Some(f) = a.values.get(1) {
                if !f.is_callable() {
                    return Err(Error::spanned(
                        a.spans[1],
                        format!("sort(L, f) orders by a function f, not a {}", f.type_name()),
                    ));
                }
                let mut pairs = Vec::with_capacity(items.len());
                for x in items {
                    pairs.push((s.apply_one(f, x.clone(), a.spans[1])?, x));
                }
                return Ok(Value::list(s.world().universal_sort_by_key(pairs, a.spans[1])?));
            }
            if items.iter().all(|x| matches!(x, Value::Str(_))) {
                let mut v = items;
                v.sort_by(|x, y| match (x, y) {
                    (Value::Str(p), Value::Str(q)) => p.cmp(q),
                    _ => std::cmp::Ordering::Equal,
                });
                return Ok(Value::list(v));
            }
            if !items.iter().all(Value::is_game_like) {
                return Ok(Value::list(s.world().universal_sort(items, a.spans[0])?));
            }
            let mut games: Vec<GameId> = Vec::with_capacity(items.len());
            for x in &items {
                games.push(s.to_game(x, a.spans[0])?);
            }
            let sorted = crate::print::Printer::new(s.arena()).sorted(games);
            Ok(Value::list(sorted.into_iter().map(Value::Game).collect()))
        }),
    },
    Builtin {
        name: "with_item",
        signature: "with_item(L, i, x)",
        arity: 3..=3,
        topic: "lists and strings",
        help: "The list L with its element i (from 0; negative counts from the end) replaced by x (a map: with key i set to x); L itself is unchanged. `L[i] := x` is short for `L := with_item(L, i, x)` (also `L[i][j] := x`, `L[i] += 1`).",
        example: "with_item([1, 2, 3], -1, 9)",
        run: Run::Native(|s, a| {
            if let Value::Map(m) = &a.values[0] {
                return Ok(super::maps::with_entry(m, a.values[1].clone(), a.values[2].clone()));
            }
            let Value::List(items) = &a.values[0] else {
                return Err(Error::spanned(
                    a.spans[0],
                    format!(
                        "only the elements of a list or a map can be assigned (L[i] := x), not a {}'s",
                        a.values[0].type_name()
                    ),
                ));
            };
            // As L[i] reads it.
            let i = s.world().to_i64(&a.values[1], a.spans[1])?;
            let Some(k) = crate::seq::position(i, items.len()) else {
                return Err(crate::seq::out_of_range(&a.values[0], i, a.spans[1]));
            };
            let mut out = (**items).clone();
            out[k] = a.values[2].clone();
            Ok(Value::list(out))
        }),
    },
    Builtin {
        name: "error",
        signature: "error(message)",
        arity: 1..=1,
        topic: "lists and strings",
        help: "Stop with an error that says `message` (a string, or any value, printed), at the place of the call: for checks in user code, e.g. if n < 0 then error(\"n must be at least 0\") end.",
        example: "if 1 > 2 then error(\"impossible\") else \"fine\" end",
        run: Run::Native(|s, a| {
            let msg = match &a.values[0] {
                Value::Str(t) => t.to_string(),
                other => s.show(other),
            };
            Err(Error::spanned(a.call, msg))
        }),
    },
    Builtin {
        name: "reverse",
        signature: "reverse(L)",
        arity: 1..=1,
        topic: "lists and strings",
        help: "A list or a string in reverse order.",
        example: "reverse(\"LR.\")",
        run: Run::Native(|_, a| match &a.values[0] {
            Value::Str(t) => Ok(Value::str(t.chars().rev().collect::<String>())),
            _ => Ok(Value::list(list_arg(a, 0)?.iter().rev().cloned().collect())),
        }),
    },
    Builtin {
        name: "strip",
        signature: "strip(s [, chars])",
        arity: 1..=2,
        topic: "lists and strings",
        help: "The string s without the characters in `chars` (default: white space) at either end; lstrip and rstrip trim one end. A strip game's key: strip(s, \".\") when empty squares at the ends play no part.",
        example: "strip(\"..T.F..\", \".\")",
        run: Run::Native(|_, a| trimmed(a, true, true)),
    },
    Builtin {
        name: "lstrip",
        signature: "lstrip(s [, chars])",
        arity: 1..=2,
        topic: "lists and strings",
        help: "The string s without the characters in `chars` (default: white space) at its start.",
        example: "lstrip(\"..T.F..\", \".\")",
        run: Run::Native(|_, a| trimmed(a, true, false)),
    },
    Builtin {
        name: "rstrip",
        signature: "rstrip(s [, chars])",
        arity: 1..=2,
        topic: "lists and strings",
        help: "The string s without the characters in `chars` (default: white space) at its end.",
        example: "rstrip(\"..T.F..\", \".\")",
        run: Run::Native(|_, a| trimmed(a, false, true)),
    },
    Builtin {
        name: "translate",
        signature: "translate(s, from, to)",
        arity: 3..=3,
        topic: "lists and strings",
        help: "The string s with each character of `from` replaced by the character at the same place in `to` (as Unix's tr): exchanging the players' pieces, e.g. the conjugate of a Toads-and-Frogs strip is translate(reverse(s), \"TF\", \"FT\").",
        example: "translate(\"TT.F\", \"TF\", \"FT\")",
        run: Run::Native(|_, a| {
            let (s, from, to) = (str_arg(a, 0)?, str_arg(a, 1)?, str_arg(a, 2)?);
            if from.chars().count() != to.chars().count() {
                return Err(Error::spanned(
                    a.spans[2],
                    "`to` needs as many characters as `from`",
                ));
            }
            let swap = |c: char| from.chars().position(|f| f == c).and_then(|k| to.chars().nth(k));
            if s.is_ascii() && from.is_ascii() && to.is_ascii() {
                let mut table: [u8; 128] = std::array::from_fn(|k| k as u8);
                for (f, t) in from.bytes().zip(to.bytes()).rev() {
                    table[usize::from(f)] = t;
                }
                let bytes = s.as_bytes();
                let out = crate::value::Str::init_with(bytes.len(), |buf| {
                    for (o, &b) in buf.iter_mut().zip(bytes) {
                        *o = table[usize::from(b)];
                    }
                })
                .expect("ASCII");
                return Ok(Value::Str(out));
            }
            Ok(Value::str(s.chars().map(|c| swap(c).unwrap_or(c)).collect::<String>()))
        }),
    },
    Builtin {
        name: "contains",
        signature: "contains(L, x)",
        arity: 2..=2,
        topic: "lists and strings",
        help: "True if the list holds x (games compared by value), the string holds the string x, or the map has the key x.",
        example: "contains([0, *, ^], {0|*})",
        run: Run::Native(|s, a| {
            if let Value::Str(t) = &a.values[0] {
                return Ok(Value::Bool(t.contains(str_arg(a, 1)?)));
            }
            if let Value::Map(m) = &a.values[0] {
                let key = crate::value::Key::of(a.values[1].clone());
                return Ok(Value::Bool(m.contains_key(&key)));
            }
            let items = list_arg(a, 0)?.to_vec();
            for x in &items {
                if s.equal(x, &a.values[1], a.spans[1])? {
                    return Ok(Value::Bool(true));
                }
            }
            Ok(Value::Bool(false))
        }),
    },
    Builtin {
        name: "count",
        signature: "count(s, t)",
        arity: 2..=2,
        topic: "lists and strings",
        help: "How many times t occurs in s: a substring in a string (overlapping occurrences counted), or an element in a list.",
        example: "count(\"TT.TF\", \"T\")",
        run: Run::Native(|s, a| {
            if let Value::Str(t) = &a.values[0] {
                let n = find_all(t, str_arg(a, 1)?).len();
                return Ok(int(s, n));
            }
            let items = list_arg(a, 0)?.to_vec();
            let mut n = 0;
            for x in &items {
                if s.equal(x, &a.values[1], a.spans[1])? {
                    n += 1;
                }
            }
            Ok(int(s, n))
        }),
    },
    Builtin {
        name: "find_all",
        signature: "find_all(s, t)",
        arity: 2..=2,
        topic: "lists and strings",
        help: "The indices (from 0) where the string t starts in s, overlapping occurrences included.",
        example: "find_all(\"T.T..T\", \"T.\")",
        run: Run::Native(|s, a| {
            let found = find_all(str_arg(a, 0)?, str_arg(a, 1)?);
            Ok(Value::list(found.into_iter().map(|k| int(s, k)).collect()))
        }),
    },
    Builtin {
        name: "replace_each",
        signature: "replace_each(s, from, to)",
        arity: 3..=3,
        topic: "lists and strings",
        help: "Every string made from s by replacing one occurrence of `from` by `to`, occurrences from the left (overlapping ones included): the moves of many strip and board games in one call. Toads-and-Frogs' toads: replace_each(s, \"T.\", \".T\") + replace_each(s, \"TF.\", \".FT\"); Domineering's horizontal dominoes: replace_each(b, \"..\", \"##\") (rows of a board are separated by |, so a pattern stays in its row); grid_replace_each reads down the columns.",
        example: "replace_each(\"TT..F\", \"T.\", \".T\")",
        run: Run::Native(|_, a| {
            let (s, from, to) = (str_arg(a, 0)?, str_arg(a, 1)?, str_arg(a, 2)?);
            let (s, from, to) = (s.as_bytes(), from.as_bytes(), to.as_bytes());
            let n = (s.len() + to.len()).saturating_sub(from.len());
            let matches = byte_matches_bytes(s, from);
            crate::error::room_for(matches.len().saturating_mul(n + 32), a.call)?;
            let mut out = Vec::new();
            for k in matches {
                // Written straight into the new string: one allocation.
                let t = crate::value::Str::init_with(n, |buf| {
                    buf[..k].copy_from_slice(&s[..k]);
                    buf[k..k + to.len()].copy_from_slice(to);
                    buf[k + to.len()..].copy_from_slice(&s[k + from.len()..]);
                })
                .expect("whole characters replaced by whole characters");
                out.push(Value::Str(t));
            }
            Ok(Value::list(out))
        }),
    },
    Builtin {
        name: "replace_at",
        signature: "replace_at(s, i, t)",
        arity: 3..=3,
        topic: "lists and strings",
        help: "The string s with its character at index i replaced by the string t (or the list s with its element i replaced by t).",
        example: "replace_at(\"T.F\", 1, \"T\")",
        run: Run::Native(|s, a| {
            let i = s.to_i64(&a.values[1], a.spans[1])?;
            match &a.values[0] {
                Value::Str(t) => {
                    let len = char_count(t);
                    let Some(k) = position(i, len) else {
                        return Err(Error::spanned(
                            a.spans[1],
                            format!("index {i} is out of range for a string of length {len}"),
                        ));
                    };
                    let new = str_arg(a, 2)?;
                    let mut out = String::with_capacity(t.len() + new.len());
                    if t.is_ascii() {
                        out.push_str(&t[..k]);
                        out.push_str(new);
                        out.push_str(&t[k + 1..]);
                    } else {
                        let cs = chars(t);
                        out.push_str(&cs[..k].concat());
                        out.push_str(new);
                        out.push_str(&cs[k + 1..].concat());
                    }
                    Ok(Value::str(out))
                }
                _ => {
                    let items = list_arg(a, 0)?;
                    let Some(k) = position(i, items.len()) else {
                        return Err(Error::spanned(
                            a.spans[1],
                            format!("index {i} is out of range for a list of length {}", items.len()),
                        ));
                    };
                    let mut v = items.to_vec();
                    v[k] = a.values[2].clone();
                    Ok(Value::List(Arc::new(v)))
                }
            }
        }),
    },
    Builtin {
        name: "join",
        signature: "join(L [, separator])",
        arity: 1..=2,
        topic: "lists and strings",
        help: "The strings of a list joined into one, with the separator (default none) between them.",
        example: "join([\"x.\", \".o\"], \"|\")",
        run: Run::Native(|_, a| {
            let sep = if a.values.len() > 1 { str_arg(a, 1)? } else { "" };
            let mut parts: Vec<&str> = Vec::new();
            for v in list_arg(a, 0)? {
                match v {
                    Value::Str(t) => parts.push(t),
                    other => {
                        return Err(Error::spanned(
                            a.spans[0],
                            format!("join takes a list of strings, not of a {}", other.type_name()),
                        ))
                    }
                }
            }
            let bytes = parts.iter().map(|p| p.len()).sum::<usize>()
                + sep.len() * parts.len().saturating_sub(1);
            crate::error::room_for(bytes, a.call)?;
            Ok(Value::str(parts.join(sep)))
        }),
    },
    Builtin {
        name: "split",
        signature: "split(s, separator)",
        arity: 2..=2,
        topic: "lists and strings",
        help: "The parts of the string s between occurrences of the separator (a non-empty string).",
        example: "split(\"xo.|.ox\", \"|\")",
        run: Run::Native(|_, a| {
            let sep = str_arg(a, 1)?;
            if sep.is_empty() {
                return Err(Error::spanned(a.spans[1], "the separator must not be empty"));
            }
            Ok(Value::list(str_arg(a, 0)?.split(sep).map(Value::str).collect()))
        }),
    },
    Builtin {
        name: "str",
        signature: "str(x)",
        arity: 1..=1,
        topic: "lists and strings",
        help: "A value's printed text as a string (a string stays itself).",
        example: "str(^*) + \"!\"",
        run: Run::Native(|s, a| match &a.values[0] {
            Value::Str(t) => Ok(Value::Str(t.clone())),
            other => Ok(Value::str(s.show(other))),
        }),
    },
    Builtin {
        name: "mex",
        signature: "mex(L)",
        arity: 1..=1,
        topic: "impartial",
        help: "The minimum excludant: the least non-negative integer not in a list of integers (nim values of options, say).",
        example: "mex([0, 1, 3])",
        run: Run::Native(|s, a| {
            let mut seen: Vec<bool> = Vec::new();
            for v in list_arg(a, 0)?.to_vec() {
                let n = s.to_integer(&v, a.spans[0])?;
                if let Some(n) = n.to_usize() {
                    if n < 1 << 24 {
                        if seen.len() <= n {
                            seen.resize(n + 1, false);
                        }
                        seen[n] = true;
                    }
                }
            }
            let m = seen.iter().position(|b| !b).unwrap_or(seen.len());
            Ok(int(s, m))
        }),
    },
    Builtin {
        name: "abs",
        signature: "abs(x)",
        arity: 1..=1,
        topic: "arithmetic",
        help: "The absolute value of a number.",
        example: "abs(-3/4)",
        run: Run::Native(|s, a| {
            let g = s.to_game(&a.values[0], a.spans[0])?;
            match s.arena().as_number(g).cloned() {
                Some(x) if x.signum() < 0 => Ok(Value::Game(s.arena().number(-x))),
                Some(_) => Ok(Value::Game(g)),
                None => Err(Error::spanned(a.spans[0], "abs takes a number")),
            }
        }),
    },
];

/// Where `t` starts in `s` (character indices; overlapping occurrences too).
/// Where `t` starts in `s`, as byte offsets (overlapping occurrences too).
pub(super) fn byte_matches(s: &str, t: &str) -> Vec<usize> {
    byte_matches_bytes(s.as_bytes(), t.as_bytes())
}

fn byte_matches_bytes(s: &[u8], t: &[u8]) -> Vec<usize> {
    let Some((&first, rest)) = t.split_first() else {
        return Vec::new();
    };
    // Patterns are short (a move's few squares): a plain scan beats a
    // searcher's set-up. A valid pattern never matches from the middle of
    // a character (no character starts with a continuation byte).
    let mut out = Vec::new();
    for k in 0..(s.len() + 1).saturating_sub(t.len()) {
        if s[k] == first && &s[k + 1..k + t.len()] == rest {
            out.push(k);
        }
    }
    out
}

fn find_all(s: &str, t: &str) -> Vec<usize> {
    if t.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(k) = s[from..].find(t) {
        let at = from + k;
        out.push(if s.is_ascii() {
            at
        } else {
            s[..at].chars().count()
        });
        from = at + s[at..].chars().next().map_or(1, char::len_utf8);
    }
    out
}
