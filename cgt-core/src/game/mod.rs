//! Canonical short games: the arena (hash-consing), construction and
//! canonicalisation, sum, negation, comparison and the nus closed forms.

mod arena;
mod canonical;
mod nus;
mod ops;

pub use arena::{Arena, ArenaStats, GameId, Options, RangeError};
pub(crate) use canonical::deep;
pub use nus::Nus;
pub use ops::Comparison;
