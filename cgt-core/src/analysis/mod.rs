//! Properties of canonical games, each a pure function of the game id,
//! cached in the arena where recomputation would cost.

mod birthday;
mod followers;
mod outcome;
mod predicates;
mod stops;
mod thermograph;
mod uptimal;

pub use outcome::Outcome;
pub use thermograph::{Thermograph, Trajectory};
pub use uptimal::Uptimal;
