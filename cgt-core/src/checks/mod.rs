//! The papers' theorems as exhaustive checks over ranges of positions, and
//! the independent implementations they compare the engine with. `cgt check`
//! runs them in parallel; the tests run them on small ranges.

pub mod psn;
pub mod sls;
