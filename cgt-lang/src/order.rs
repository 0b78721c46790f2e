//! The universal order: one total order on all values, the one `sort`
//! uses and `<` gives lists, so that lists and tuples can be sorted and
//! serve as keys. Values of different kinds order by kind: nothing,
//! booleans (false first), numbers and games (numbers by value first, then
//! the other games in CGSuite's order, as their options print), loopy games,
//! strings (by character), lists and sets (element by element, a shorter
//! list first when one begins the other), then everything else by its
//! kind and printed text.

use crate::error::{Error, Span};
use crate::print::Printer;
use crate::seq::merge_sort_by;
use crate::value::Value;
use crate::world::World;
use cgt_core::game::{deep, Arena, GameId};
use cgt_core::number::Rational;
use std::cmp::Ordering;

/// A value reduced to what the order looks at: games to canonical values,
/// numbers to rationals, loopy games and the rest to their text.
#[derive(Debug, Clone)]
pub enum SortKey {
    Nil,
    Bool(bool),
    Number(Rational),
    Game(GameId),
    Loopy(String),
    Str(crate::value::Str),
    List(Vec<SortKey>),
    Set(Vec<SortKey>),
    Other(&'static str, String),
}

impl SortKey {
    fn rank(&self) -> u8 {
        match self {
            SortKey::Nil => 0,
            SortKey::Bool(_) => 1,
            SortKey::Number(_) | SortKey::Game(_) => 2,
            SortKey::Loopy(_) => 3,
            SortKey::Str(_) => 4,
            SortKey::List(_) => 5,
            SortKey::Set(_) => 6,
            SortKey::Other(..) => 7,
        }
    }
}

impl World {
    /// The key of `v` in the universal order (a position by its value).
    pub fn sort_key(&mut self, v: &Value, span: Span) -> Result<SortKey, Error> {
        Ok(match v {
            Value::Nil => SortKey::Nil,
            Value::Bool(b) => SortKey::Bool(*b),
            Value::Str(t) => SortKey::Str(t.clone()),
            Value::List(items) | Value::Set(items) => {
                let mut keys = Vec::with_capacity(items.len());
                for x in items.iter() {
                    keys.push(deep(|| self.sort_key(x, span))?);
                }
                if matches!(v, Value::Set(_)) {
                    SortKey::Set(keys)
                } else {
                    SortKey::List(keys)
                }
            }
            Value::Rational(r) => SortKey::Number((**r).clone()),
            Value::Stopper(_) | Value::Sided(_) => SortKey::Loopy(self.show(v)),
            Value::Position(p) if p.repeats() => SortKey::Loopy(self.show(v)),
            v if v.is_game_like() => {
                let g = self.to_game(v, span)?;
                match self.arena.as_number(g) {
                    Some(x) => SortKey::Number(x.to_rational()),
                    None => SortKey::Game(g),
                }
            }
            other => SortKey::Other(other.type_name(), self.show(other)),
        })
    }

    /// `a` against `b` in the universal order.
    pub fn universal_cmp(&mut self, a: &Value, b: &Value, span: Span) -> Result<Ordering, Error> {
        let (x, y) = (self.sort_key(a, span)?, self.sort_key(b, span)?);
        Ok(compare(&mut self.arena, &x, &y))
    }

    /// `items` sorted in the universal order (stable).
    pub fn universal_sort(&mut self, items: Vec<Value>, span: Span) -> Result<Vec<Value>, Error> {
        let pairs = items.into_iter().map(|v| (v.clone(), v)).collect();
        self.universal_sort_by_key(pairs, span)
    }

    /// The values of `pairs` (key, value) sorted by their keys in the
    /// universal order (stable).
    pub fn universal_sort_by_key(
        &mut self,
        pairs: Vec<(Value, Value)>,
        span: Span,
    ) -> Result<Vec<Value>, Error> {
        let mut keyed = Vec::with_capacity(pairs.len());
        for (k, v) in pairs {
            keyed.push((self.sort_key(&k, span)?, v));
        }
        let arena = &mut self.arena;
        let sorted = merge_sort_by(keyed, |x, y| compare(arena, &x.0, &y.0));
        Ok(sorted.into_iter().map(|(_, v)| v).collect())
    }
}

/// Two keys in the universal order.
pub fn compare(arena: &mut Arena, x: &SortKey, y: &SortKey) -> Ordering {
    use SortKey::*;
    match (x, y) {
        (Bool(p), Bool(q)) => p.cmp(q),
        (Number(p), Number(q)) => p.cmp(q),
        (Number(_), Game(_)) => Ordering::Less,
        (Game(_), Number(_)) => Ordering::Greater,
        (Game(g), Game(h)) => Printer::new(arena).cmp(*g, *h),
        (Loopy(p), Loopy(q)) => p.cmp(q),
        (Str(p), Str(q)) => p.cmp(q),
        (List(p), List(q)) | (Set(p), Set(q)) => {
            for (a, b) in p.iter().zip(q) {
                let o = deep(|| compare(arena, a, b));
                if o.is_ne() {
                    return o;
                }
            }
            p.len().cmp(&q.len())
        }
        (Other(k, p), Other(l, q)) => k.cmp(l).then_with(|| p.cmp(q)),
        (a, b) => a.rank().cmp(&b.rank()),
    }
}
