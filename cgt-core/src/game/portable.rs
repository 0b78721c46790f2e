//! Canonical games outside any arena, to hand values from one thread's arena
//! to another's: an id means something only in its own arena, a
//! [`Portable`] means the same game in every arena that shares its
//! [`Portables`] store.
//!
//! The store is append-only and shared by reference, so a handle is a plain
//! index: passing one between threads touches no reference count (counts
//! of popular values such as 0 and ±1 bounced between cores and cost more
//! than the values' computation). A portable game names its options by
//! handle, so exporting a value whose options crossed before costs one
//! push, and importing it one lookup per option.

use super::arena::{Arena, GameId, Node};
use super::nus::Nus;

/// A canonical game in a [`Portables`] store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Portable(usize);

#[derive(Debug)]
enum Shape {
    Nus(Nus),
    /// Canonical options (not a nus).
    Options(Box<[Portable]>, Box<[Portable]>),
}

/// The games that crossed between arenas, shared by the threads.
#[derive(Debug, Default)]
pub struct Portables(boxcar::Vec<Shape>);

impl Portables {
    fn shape(&self, p: Portable) -> &Shape {
        match self.0.get(p.0) {
            Some(s) => s,
            None => crate::interrupt::unsupported("a portable game of another store"),
        }
    }
}

/// What one arena has exported to and imported from a store, so that each
/// game crosses once each way: by the arena's index of a game going out,
/// by the store's index coming in (both dense, so no hashing).
#[derive(Default)]
pub struct Crossings {
    exported: Vec<Option<Portable>>,
    imported: Vec<Option<GameId>>,
}

/// `table[i]`, if set.
fn entry<T: Copy>(table: &[Option<T>], i: usize) -> Option<T> {
    table.get(i).copied().flatten()
}

/// Set `table[i]`, growing the table as needed.
fn set<T>(table: &mut Vec<Option<T>>, i: usize, value: T) {
    if i >= table.len() {
        let bytes = (i + 1 - table.len()).max(table.len()) * std::mem::size_of::<Option<T>>();
        crate::interrupt::ensure_room(bytes);
        table.resize_with((i + 1).max(2 * table.len()), || None);
    }
    table[i] = Some(value);
}

impl Arena {
    /// `g` as a portable game of `store`.
    pub fn export(&mut self, g: GameId, store: &Portables, crossings: &mut Crossings) -> Portable {
        let index = self.index(g);
        if let Some(p) = entry(&crossings.exported, index) {
            return p;
        }
        let shape = match self.node(g) {
            Node::Nus(v) => Shape::Nus(v.clone()),
            Node::Options { left, right } => {
                let (left, right) = (left.clone(), right.clone());
                super::deep(|| {
                    let mut out = |ids: &[GameId]| -> Box<[Portable]> {
                        ids.iter()
                            .map(|&x| self.export(x, store, crossings))
                            .collect()
                    };
                    Shape::Options(out(&left), out(&right))
                })
            }
        };
        let p = Portable(store.0.push(shape));
        set(&mut crossings.exported, index, p);
        set(&mut crossings.imported, p.0, g);
        p
    }

    /// The id of a portable game of `store` in this arena (canonical forms
    /// stay canonical, so nothing is simplified again).
    pub fn import_portable(
        &mut self,
        p: Portable,
        store: &Portables,
        crossings: &mut Crossings,
    ) -> GameId {
        if let Some(g) = entry(&crossings.imported, p.0) {
            return g;
        }
        let g = match store.shape(p) {
            Shape::Nus(v) => self.nus(v.clone()),
            Shape::Options(left, right) => super::deep(|| {
                let mut ids = |ps: &[Portable]| -> Vec<GameId> {
                    ps.iter()
                        .map(|&x| self.import_portable(x, store, crossings))
                        .collect()
                };
                let (l, r) = (ids(left), ids(right));
                self.intern_options(l, r)
            }),
        };
        set(&mut crossings.imported, p.0, g);
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Dyadic;

    #[test]
    fn a_game_crosses_to_another_arena_unchanged() {
        let store = Portables::default();
        let mut a = Arena::new();
        let (star, up) = (a.nimber(1), a.up(1));
        let (half, two) = (a.number(Dyadic::new(1.into(), 1)), a.integer(2));
        let hot = a.construct(vec![two, up], vec![star, half]);
        let zero = a.zero();
        let g = a.construct(vec![hot], vec![zero]);
        let p = a.export(g, &store, &mut Crossings::default());
        let mut b = Arena::new();
        b.integer(7); // ids in b differ from a's
        let mut into = Crossings::default();
        let h = b.import_portable(p, &store, &mut into);
        assert_eq!(b.import_portable(p, &store, &mut into), h, "imported once");
        // The same game by b's own construction, and the same id back in a.
        let (s, u) = (b.nimber(1), b.up(1));
        let (x, t) = (b.number(Dyadic::new(1.into(), 1)), b.integer(2));
        let hot_b = b.construct(vec![t, u], vec![s, x]);
        let zero_b = b.zero();
        assert_eq!(h, b.construct(vec![hot_b], vec![zero_b]));
        let q = b.export(h, &store, &mut Crossings::default());
        assert_eq!(a.import_portable(q, &store, &mut Crossings::default()), g);
    }
}
