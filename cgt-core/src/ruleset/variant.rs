//! Variants of any ruleset, as CGSuite's `ImpartialVariant` and
//! `DicoticVariant`: the impartial variant lets either player make any move
//! of either player, i(G) = {i(G^L), i(G^R) | i(G^L), i(G^R)}; the dicotic
//! variant ends as soon as a player has no move, d(G) = {d(G^L) | d(G^R)}
//! when both players have a move and 0 otherwise. Positions are positions
//! of any ruleset (built in or written in the language), through their
//! options.

use super::registry::{AnyPosition, Notation};
use super::Ruleset;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// Which variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Every move for both players.
    Impartial,
    /// Play ends when either player has no move.
    Dicotic,
}

/// A position of the base ruleset.
#[derive(Clone, Debug)]
pub struct Base(pub Arc<dyn AnyPosition>);

impl PartialEq for Base {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(&*other.0)
    }
}

impl Eq for Base {}

impl Hash for Base {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash_into(state);
    }
}

impl Variant {
    fn options(&self, p: &Base, left: bool) -> Vec<Base> {
        let (l, r) = (p.0.left_options(), p.0.right_options());
        let wrap = |v: Vec<Arc<dyn AnyPosition>>| v.into_iter().map(Base).collect();
        match self {
            Variant::Impartial => wrap(l.into_iter().chain(r).collect()),
            Variant::Dicotic if l.is_empty() || r.is_empty() => Vec::new(),
            Variant::Dicotic => wrap(if left { l } else { r }),
        }
    }
}

impl Ruleset for Variant {
    type Position = Base;

    fn left_options(&self, p: &Base) -> Vec<Base> {
        self.options(p, true)
    }

    fn right_options(&self, p: &Base) -> Vec<Base> {
        self.options(p, false)
    }

    fn impartial(&self, _p: &Base) -> bool {
        *self == Variant::Impartial
    }
}

impl Notation for Variant {
    fn text(&self, p: &Base) -> String {
        match self {
            Variant::Impartial => format!("impartial_variant({})", p.0.text()),
            Variant::Dicotic => format!("dicotic_variant({})", p.0.text()),
        }
    }

    /// The base position's picture: the board is the same, only the moves differ.
    fn picture(&self, p: &Base) -> super::picture::Picture {
        p.0.picture()
    }
}
