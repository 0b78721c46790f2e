//! cgt-core: an exact algebra of short partizan games.
//!
//! Canonical games live in an [`game::Arena`] and are named by
//! [`game::GameId`]s; equal values share one id. The expression language
//! (parser, evaluator, printer) is in [`lang`].

pub mod analysis;
pub mod form;
pub mod game;
pub mod interrupt;
pub mod lang;
pub mod number;
pub mod ruleset;
