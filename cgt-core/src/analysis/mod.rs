//! Properties of canonical games, each a pure function of the game id,
//! cached in the arena where recomputation would cost.

mod atomic;
mod birthday;
mod born;
mod followers;
mod outcome;
mod predicates;
mod products;
mod reduced;
mod stops;
mod sum_outcome;
mod temperature;
mod thermograph;
mod tiny;
mod uptimal;

pub use outcome::Outcome;
pub(crate) use stops::Stops;
pub use thermograph::{Thermograph, Trajectory};
pub use uptimal::Uptimal;
