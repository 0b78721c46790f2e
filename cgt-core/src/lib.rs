//! cgt-core: an exact algebra of short partizan games.
//!
//! Canonical games live in an [`game::Arena`] and are named by
//! [`game::GameId`]s; equal values share one id. Rulesets plug in through
//! [`ruleset::Ruleset`]. The engine has no parser and no printer of its own
//! notation: the language is the `cgt-lang` crate.
//!
//! ```
//! use cgt_core::{analysis::Outcome, game::Arena};
//! let mut arena = Arena::new();
//! let (zero, star) = (arena.zero(), arena.nimber(1));
//! let up = arena.construct(vec![zero], vec![star]); // {0|*} = ↑
//! let sum = arena.add(up, up);
//! let sum = arena.add(sum, star);
//! let double_up = arena.up(2);
//! assert_eq!(sum, arena.add(double_up, star)); // ↑↑*: equal values, equal ids
//! assert_eq!(arena.outcome(sum), Outcome::L);
//! ```
#![deny(missing_docs)]

pub mod analysis;
pub mod checks;
pub mod form;
pub mod game;
pub mod interrupt;
pub mod loopy;
pub mod number;
pub mod ruleset;
pub mod sensible;
pub mod sls_game;

/// The next word of a xorshift sequence from `seed`, for the unit tests'
/// random cases (the same cases on every run).
#[cfg(test)]
pub(crate) fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}
