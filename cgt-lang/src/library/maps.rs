//! Maps and functions as values: `{k => v}` maps (their keys compared as
//! memo keys are: games by value, lists element by element, positions by
//! their rules and position) and the functions that apply a function to
//! each element of a list (`map`, `filter`, `reduce`).

use super::{Args, Builtin, Run};
use crate::error::{Error, Span};
use crate::value::{Key, Map, Value};
use crate::world::World;
use std::sync::Arc;

/// `m[k]`: the value of key `k`, or an error naming the key.
pub fn lookup(world: &mut World, m: &Map, k: Value, span: Span) -> Result<Value, Error> {
    let key = Key::of(k);
    match m.get(&key) {
        Some(v) => Ok(v.clone()),
        None => Err(Error::spanned(
            span,
            format!(
                "the map has no key {} (get(m, k, default) gives a default instead)",
                world.show(&key.0)
            ),
        )),
    }
}

/// The keys of a map, in order.
pub fn keys(m: &Map) -> Vec<Value> {
    m.keys().map(|k| k.0.clone()).collect()
}

/// Argument `k` as a map.
fn map_arg<'a>(a: &'a Args, k: usize) -> Result<&'a Arc<Map>, Error> {
    match &a.values[k] {
        Value::Map(m) => Ok(m),
        other => Err(Error::spanned(
            a.spans[k],
            format!("expected a map {{k => v}}, found a {}", other.type_name()),
        )),
    }
}

/// Argument `k` as a function.
fn function_arg<'a>(a: &'a Args, k: usize) -> Result<&'a Value, Error> {
    let f = &a.values[k];
    if f.is_callable() {
        Ok(f)
    } else {
        Err(Error::spanned(
            a.spans[k],
            format!(
                "expected a function (x => ..., or a def's name), found a {}",
                f.type_name()
            ),
        ))
    }
}

/// `with_item(m, k, v)`: the map with key `k` set to `v`.
pub fn with_entry(m: &Map, k: Value, v: Value) -> Value {
    let mut out = m.clone();
    out.insert(Key::of(k), v);
    Value::Map(Arc::new(out))
}

/// The functions of maps and of functions as values.
pub static MAPS: &[Builtin] = &[
    Builtin {
        name: "keys",
        signature: "keys(m)",
        arity: 1..=1,
        topic: "maps and functions",
        help: "The keys of a map, in the order they were first put in. `for k in m` runs over them too.",
        example: "keys({1 => \"one\", * => \"star\"})",
        run: Run::Native(|_, a| {
            Ok(Value::list(keys(map_arg(a, 0)?)))
        }),
    },
    Builtin {
        name: "values",
        signature: "values(m)",
        arity: 1..=1,
        topic: "maps and functions",
        help: "The values of a map, in the order of its keys.",
        example: "values({1 => \"one\", * => \"star\"})",
        run: Run::Native(|_, a| Ok(Value::list(map_arg(a, 0)?.values().cloned().collect()))),
    },
    Builtin {
        name: "entries",
        signature: "entries(m)",
        arity: 1..=1,
        topic: "maps and functions",
        help: "The entries of a map as a list of pairs [key, value], in the order of its keys; to_map makes the map back.",
        example: "entries({1 => \"one\", * => \"star\"})",
        run: Run::Native(|_, a| {
            let m = map_arg(a, 0)?;
            Ok(Value::list(
                m.iter()
                    .map(|(k, v)| Value::list(vec![k.0.clone(), v.clone()]))
                    .collect(),
            ))
        }),
    },
    Builtin {
        name: "to_map",
        signature: "to_map(L)",
        arity: 1..=1,
        topic: "maps and functions",
        help: "The map of a list of pairs [key, value]; a later pair with the same key wins. to_map([[n, value(f(n))] for n in 0..9]) tabulates f.",
        example: "to_map([[n, n * n] for n in 1..3])",
        run: Run::Native(|_, a| {
            let mut m = Map::new();
            for pair in super::data::list_arg(a, 0)? {
                match pair.items() {
                    Some([k, v]) => {
                        m.insert(Key::of(k.clone()), v.clone());
                    }
                    _ => {
                        return Err(Error::spanned(
                            a.spans[0],
                            "expected a list of pairs [key, value]",
                        ))
                    }
                }
            }
            Ok(Value::Map(Arc::new(m)))
        }),
    },
    Builtin {
        name: "get",
        signature: "get(m, k) or get(m, k, default)",
        arity: 2..=3,
        topic: "maps and functions",
        help: "The value of key k in the map m, or default (nil if not given) where m has no key k; m[k] is an error there.",
        example: "get({1 => \"one\"}, 2, \"none\")",
        run: Run::Native(|_, a| {
            let m = map_arg(a, 0)?;
            Ok(match m.get(&Key::of(a.values[1].clone())) {
                Some(v) => v.clone(),
                None => a.values.get(2).cloned().unwrap_or(Value::Nil),
            })
        }),
    },
    Builtin {
        name: "contains_key",
        signature: "contains_key(m, k)",
        arity: 2..=2,
        topic: "maps and functions",
        help: "True if the map m has the key k (CGSuite's m.ContainsKey(k)); contains(m, k) says the same.",
        example: "contains_key({^ + * => 1}, ^*)",
        run: Run::Native(|_, a| {
            let m = map_arg(a, 0)?;
            Ok(Value::Bool(m.contains_key(&Key::of(a.values[1].clone()))))
        }),
    },
    Builtin {
        name: "without_key",
        signature: "without_key(m, k)",
        arity: 2..=2,
        topic: "maps and functions",
        help: "The map m without the key k (m itself if it has none); m itself is unchanged. m[k] := v adds or replaces an entry.",
        example: "without_key({1 => 2, 3 => 4}, 1)",
        run: Run::Native(|_, a| {
            let m = map_arg(a, 0)?;
            let mut out = (**m).clone();
            out.shift_remove(&Key::of(a.values[1].clone()));
            Ok(Value::Map(Arc::new(out)))
        }),
    },
    Builtin {
        name: "map",
        signature: "map(f, L)",
        arity: 2..=2,
        topic: "maps and functions",
        help: "The list of f(x) for each element x of L (a list or set; a map's keys), as [f(x) for x in L] makes it; f is any function value: map(x => x + *, [0, ^]), map(value, L).",
        example: "map(n => n * n, 1..4)",
        run: Run::Native(|s, a| {
            let f = function_arg(a, 0)?.clone();
            let items = sequence(a, 1)?;
            let mut out = Vec::with_capacity(items.len());
            for x in items {
                out.push(s.apply_one(&f, x, a.spans[0])?);
            }
            Ok(Value::list(out))
        }),
    },
    Builtin {
        name: "filter",
        signature: "filter(f, L)",
        arity: 2..=2,
        topic: "maps and functions",
        help: "The elements x of L (a list or set; a map's keys) for which f(x) is true, in order.",
        example: "filter(n => n mod 2 == 0, 1..6)",
        run: Run::Native(|s, a| {
            let f = function_arg(a, 0)?.clone();
            let mut out = Vec::new();
            for x in sequence(a, 1)? {
                match s.apply_one(&f, x.clone(), a.spans[0])? {
                    Value::Bool(true) => out.push(x),
                    Value::Bool(false) => {}
                    other => {
                        return Err(Error::spanned(
                            a.spans[0],
                            format!(
                                "the function given to filter must give true or false, not a {}",
                                other.type_name()
                            ),
                        ))
                    }
                }
            }
            Ok(Value::list(out))
        }),
    },
    Builtin {
        name: "reduce",
        signature: "reduce(f, L, start)",
        arity: 3..=3,
        topic: "maps and functions",
        help: "f(...f(f(start, x1), x2)..., xn) for the elements x1, ..., xn of L: reduce((a, b) => a + b, L, 0) is sum(L).",
        example: "reduce((a, b) => a + b, [*, *2, *3], 0)",
        run: Run::Native(|s, a| {
            let f = function_arg(a, 0)?.clone();
            let mut acc = a.values[2].clone();
            for x in sequence(a, 1)? {
                acc = s.apply(&f, vec![acc, x], a.spans[0])?;
            }
            Ok(acc)
        }),
    },
];

/// Argument `k` as the values a function runs over: a list's or set's
/// elements, a map's keys.
fn sequence(a: &Args, k: usize) -> Result<Vec<Value>, Error> {
    match &a.values[k] {
        Value::Map(m) => Ok(keys(m)),
        _ => Ok(super::data::list_arg(a, k)?.to_vec()),
    }
}
