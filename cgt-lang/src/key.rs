//! Values as keys of hash tables: the memos of defined functions and the
//! positions of rulesets defined in the language. Keys are structural:
//! games by id (equal values have equal ids), lists element by element,
//! positions by their rules and position, functions and rulesets by
//! identity.

use super::value::Value;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A value used as a key.
#[derive(Clone, Debug)]
pub struct Key(pub Value);

impl PartialEq for Key {
    fn eq(&self, other: &Self) -> bool {
        same(&self.0, &other.0)
    }
}

impl Eq for Key {}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_value(&self.0, state);
    }
}

/// The key of a list of argument values (no copy of the values' contents).
pub fn args_key(args: &[Value]) -> Key {
    match args {
        [one] => Key(one.clone()),
        many => Key(Value::List(Arc::new(many.to_vec()))),
    }
}

fn hash_value<H: Hasher>(v: &Value, state: &mut H) {
    std::mem::discriminant(v).hash(state);
    match v {
        Value::Game(g) => g.hash(state),
        Value::Form(f) => f.hash(state),
        Value::Sum(s) => {
            s.value.hash(state);
            for (neg, t) in &s.terms {
                neg.hash(state);
                hash_value(t, state);
            }
        }
        Value::Bool(b) => b.hash(state),
        Value::Outcome(o) => o.hash(state),
        Value::Comparison(c) => c.hash(state),
        Value::Thermograph(t) => t.to_string().hash(state),
        Value::Trajectory(t) => t.to_string().hash(state),
        Value::Player(p) => p.hash(state),
        Value::Str(s) => s.hash(state),
        Value::Text(s) => s.hash(state),
        Value::List(items) => {
            items.len().hash(state);
            items.iter().for_each(|x| hash_value(x, state));
        }
        Value::Set(items) => {
            items.len().hash(state);
            items.iter().for_each(|x| hash_value(x, state));
        }
        Value::Table(rows) => {
            for r in rows {
                r.len().hash(state);
                r.iter().for_each(|x| hash_value(x, state));
            }
        }
        Value::Position(p) => p.hash_into(state),
        Value::Function(f) => (Arc::as_ptr(f) as usize).hash(state),
        Value::Ruleset(r) => (Arc::as_ptr(r) as usize).hash(state),
    }
}

/// Structural equality (see the module's documentation).
pub fn same(a: &Value, b: &Value) -> bool {
    use Value::*;
    match (a, b) {
        (Game(x), Game(y)) => x == y,
        (Form(x), Form(y)) => x == y,
        (Sum(x), Sum(y)) => {
            Arc::ptr_eq(x, y)
                || (x.value == y.value
                    && x.terms.len() == y.terms.len()
                    && x.terms
                        .iter()
                        .zip(&y.terms)
                        .all(|((n, s), (m, t))| n == m && same(s, t)))
        }
        (Bool(x), Bool(y)) => x == y,
        (Outcome(x), Outcome(y)) => x == y,
        (Comparison(x), Comparison(y)) => x == y,
        (Thermograph(x), Thermograph(y)) => x.to_string() == y.to_string(),
        (Trajectory(x), Trajectory(y)) => x.to_string() == y.to_string(),
        (Player(x), Player(y)) => x == y,
        (Str(x), Str(y)) => x == y,
        (Text(x), Text(y)) => x == y,
        (List(x), List(y)) => {
            Arc::ptr_eq(x, y)
                || (x.len() == y.len() && x.iter().zip(y.iter()).all(|(s, t)| same(s, t)))
        }
        (Set(x), Set(y)) => x.len() == y.len() && x.iter().zip(y).all(|(s, t)| same(s, t)),
        (Table(x), Table(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|(r, s)| r.len() == s.len() && r.iter().zip(s).all(|(p, q)| same(p, q)))
        }
        (Position(x), Position(y)) => x.same(&**y),
        (Function(x), Function(y)) => Arc::ptr_eq(x, y),
        (Ruleset(x), Ruleset(y)) => Arc::ptr_eq(x, y),
        _ => false,
    }
}
