//! Number + up-multiple + nimber ("nus") values in closed form.
//!
//! Every canonical game whose value is `x + n·↑ + *k` is stored this way, so
//! sums, negation, comparison and birthday of such values never touch a tree.

use crate::number::{BigInt, Dyadic};
use num_traits::Signed;

/// The largest supported up-multiple: `|ups| <= 2^63 - 1`, so negation
/// never leaves the range.
pub const MAX_UPS: i64 = i64::MAX;

/// The message of a result beyond [`MAX_UPS`].
pub const UPS_LIMIT: &str = "an up-multiple beyond ±(2^63 - 1) is not supported";

/// The largest supported nimber index: `nim < 2^63`, a range closed under nim-addition.
pub const MAX_NIM: u64 = (1 << 63) - 1;

/// The value `number + ups·↑ + *nim`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Nus {
    /// The number part x.
    pub number: Dyadic,
    /// The multiple of ↑ (negative for ↓).
    pub ups: i64,
    /// The nimber part k of `*k`.
    pub nim: u64,
}

impl Nus {
    /// The number `x` itself.
    pub fn number(x: Dyadic) -> Self {
        Nus {
            number: x,
            ups: 0,
            nim: 0,
        }
    }

    /// True if the value is a number (no infinitesimal part).
    pub fn is_number(&self) -> bool {
        self.ups == 0 && self.nim == 0
    }

    /// True if the value is a nimber (`*k`, including 0).
    pub fn is_nimber(&self) -> bool {
        self.ups == 0 && self.number.is_zero()
    }

    /// Closed-form sum: numbers add, ups add, nimbers nim-add.
    /// `None` only if the up-multiple leaves the supported range.
    pub fn add(&self, other: &Nus) -> Option<Nus> {
        Some(Nus {
            number: &self.number + &other.number,
            ups: self
                .ups
                .checked_add(other.ups)
                .filter(|u| u.unsigned_abs() <= MAX_UPS as u64)?,
            nim: self.nim ^ other.nim,
        })
    }

    /// Why this value lies beyond the engine's supported range, if it does.
    pub fn range_error(&self) -> Option<String> {
        if self.ups.unsigned_abs() > MAX_UPS as u64 {
            Some(format!("{UPS_LIMIT} (got {})", self.ups))
        } else if self.nim > MAX_NIM {
            Some(format!(
                "a nimber *k with k >= 2^63 is not supported (got *{})",
                self.nim
            ))
        } else {
            None
        }
    }

    /// The negative, in closed form.
    pub fn neg(&self) -> Nus {
        Nus {
            number: -&self.number,
            ups: -self.ups,
            nim: self.nim,
        }
    }

    /// Closed-form `self <= other`: numbers first; for equal numbers,
    /// `other - self = ↑d *(m⊕n)` is `>= 0` iff `d >= 2`, or `d == 1` and
    /// the star part is not `*`, or `d == 0` and there is no star part.
    pub fn le(&self, other: &Nus) -> bool {
        match self.number.cmp(&other.number) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => {
                let d = other.ups as i128 - self.ups as i128;
                let star = self.nim ^ other.nim;
                d >= 2 || (d == 1 && star != 1) || (d == 0 && star == 0)
            }
        }
    }

    /// Birthday in closed form (number part plus the ↑*-part).
    pub fn birthday(&self) -> BigInt {
        let x = &self.number;
        let num_part = if x.is_integer() {
            x.numerator().abs()
        } else {
            // m/2^j with m odd: 1 + floor(|m|/2^j) + j
            let m = x.numerator().abs();
            let j = x.exponent();
            BigInt::from(1) + (m >> j) + BigInt::from(j)
        };
        let n = self.ups.unsigned_abs() as u128;
        let k = self.nim as u128;
        let inf_part = if n > 0 && k == 0 {
            n + 1
        } else if n % 2 == 1 && k != 1 {
            n + (k ^ 1)
        } else {
            n + k
        };
        num_part + BigInt::from(inf_part)
    }
}
