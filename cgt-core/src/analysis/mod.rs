//! Properties of canonical games, each a pure function of the game id,
//! cached in the arena where recomputation would cost.

mod birthday;
mod followers;
mod outcome;
mod predicates;
mod stops;

pub use outcome::Outcome;
