//! cgt-core: an exact algebra of short partizan games.
//!
//! Canonical games live in an [`game::Arena`] and are named by
//! [`game::GameId`]s; equal values share one id. The expression language
//! (parser, evaluator, printer) is in [`lang`].
//!
//! ```
//! use cgt_core::lang::Session;
//! let mut s = Session::new();
//! assert_eq!(s.run_line("{0|*} + {0|*} + *").unwrap(), "^^*");
//! assert_eq!(s.run_line("atomic_weight(psn([3,3,3,3], [3,2,4,1]))").unwrap(), "1");
//! ```
#![deny(missing_docs)]

pub mod analysis;
pub mod form;
pub mod game;
pub mod interrupt;
pub mod lang;
pub mod number;
pub mod ruleset;
