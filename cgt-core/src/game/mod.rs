//! Canonical short games: the arena (hash-consing), construction and
//! canonicalisation, sum, negation, comparison and the nus closed forms.

mod arena;
mod canonical;
mod nus;
mod ops;
mod portable;

pub use arena::{Arena, ArenaStats, GameId, Options, RangeError, NIMBER_OPTIONS_LIMIT};
pub use canonical::deep;
pub use nus::{Nus, MAX_NIM, MAX_UPS, UPS_LIMIT};
pub use ops::Comparison;
pub use portable::{Crossings, Portable, Portables};
