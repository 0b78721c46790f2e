//! Exact numbers: dyadic rationals (the numbers that are short games) and
//! rationals (for quantities such as temperatures in general contexts).

mod dyadic;

pub use dyadic::Dyadic;
pub use num_bigint::BigInt;
pub use num_rational::BigRational as Rational;
