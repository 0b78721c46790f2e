//! Exact dyadic rationals `n / 2^k`: the numbers of short game theory.
//!
//! Values that fit a machine word stay in an `i64` (the common case in every
//! workload); anything larger moves to a [`BigInt`] numerator transparently.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;

/// Numerator storage: a machine word when it fits, otherwise a big integer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Num {
    Small(i64),
    Big(BigInt),
}

/// An exact dyadic rational `num / 2^exp`, always normalised
/// (`num` odd, or `exp == 0`), so equal values have equal representations.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    num: Num,
    exp: u32,
}

impl Dyadic {
    /// Zero.
    pub fn zero() -> Self {
        Dyadic {
            num: Num::Small(0),
            exp: 0,
        }
    }

    /// The integer `n`.
    pub fn from_i64(n: i64) -> Self {
        Dyadic {
            num: Num::Small(n),
            exp: 0,
        }
    }

    /// The integer `n` (any size).
    pub fn from_bigint(n: BigInt) -> Self {
        Self::new(n, 0)
    }

    /// `num / 2^exp`, normalised.
    pub fn new(num: BigInt, exp: u32) -> Self {
        let mut num = num;
        let mut exp = exp;
        if num.is_zero() {
            return Self::zero();
        }
        let tz = num.trailing_zeros().unwrap_or(0).min(exp as u64) as u32;
        if tz > 0 {
            num >>= tz;
            exp -= tz;
        }
        let num = match num.to_i64() {
            Some(s) => Num::Small(s),
            None => Num::Big(num),
        };
        Dyadic { num, exp }
    }

    fn small(num: i64, exp: u32) -> Self {
        if num == 0 {
            return Self::zero();
        }
        let tz = num.trailing_zeros().min(exp);
        Dyadic {
            num: Num::Small(num >> tz),
            exp: exp - tz,
        }
    }

    /// Bits after the point of [`Dyadic::to_fixed`].
    const FIXED_POINT: u32 = 32;

    /// The number as a word of fixed point (32 bits after the point), if it
    /// fits: the order of such words is the order of the numbers.
    pub(crate) fn to_fixed(&self) -> Option<i64> {
        match self.num {
            Num::Small(n) if self.exp <= Self::FIXED_POINT => {
                n.checked_mul(1 << (Self::FIXED_POINT - self.exp))
            }
            _ => None,
        }
    }

    /// The number a word of [`Dyadic::to_fixed`] stands for.
    pub(crate) fn from_fixed(word: i64) -> Self {
        Self::small(word, Self::FIXED_POINT)
    }

    /// The numerator in lowest terms.
    pub fn numerator(&self) -> BigInt {
        match &self.num {
            Num::Small(s) => BigInt::from(*s),
            Num::Big(b) => b.clone(),
        }
    }

    /// The exponent `k` of the denominator `2^k`.
    pub fn exponent(&self) -> u32 {
        self.exp
    }

    /// The numerator as `i64`, if it fits.
    pub fn small_numerator(&self) -> Option<i64> {
        match self.num {
            Num::Small(s) => Some(s),
            Num::Big(_) => None,
        }
    }

    /// True if zero.
    pub fn is_zero(&self) -> bool {
        matches!(self.num, Num::Small(0))
    }

    /// True if an integer.
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        match &self.num {
            Num::Small(s) => s.signum() as i32,
            Num::Big(b) => {
                if b.is_negative() {
                    -1
                } else {
                    1
                }
            }
        }
    }

    /// The value as an `i64` if it is an integer that fits.
    pub fn to_i64(&self) -> Option<i64> {
        if self.exp != 0 {
            return None;
        }
        match self.num {
            Num::Small(s) => Some(s),
            Num::Big(_) => None,
        }
    }

    /// The value as a big integer, if it is an integer.
    pub fn to_bigint(&self) -> Option<BigInt> {
        (self.exp == 0).then(|| self.numerator())
    }

    /// Largest integer `<= self`.
    pub fn floor(&self) -> BigInt {
        self.numerator().div_floor(&(BigInt::one() << self.exp))
    }

    /// Smallest integer `>= self`.
    pub fn ceil(&self) -> BigInt {
        -((-self.numerator()).div_floor(&(BigInt::one() << self.exp)))
    }

    /// `self * 2^k` for any integer `k`.
    pub fn shl(&self, k: i64) -> Self {
        if k >= 0 {
            let k = k as u64;
            if k <= self.exp as u64 {
                Dyadic {
                    num: self.num.clone(),
                    exp: self.exp - k as u32,
                }
            } else {
                Self::new(self.numerator() << (k - self.exp as u64), 0)
            }
        } else {
            Self::new(self.numerator(), self.exp + (-k) as u32)
        }
    }

    /// Half of `a + b`.
    pub fn midpoint(a: &Self, b: &Self) -> Self {
        (a + b).shl(-1)
    }

    /// The simplest number (smallest birthday) strictly between `lo` and `hi`,
    /// where `None` means unbounded. Requires `lo < hi`.
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Dyadic {
        Self::simplest_in(lo.map(|l| (l, false)), hi.map(|h| (h, false)))
            .expect("simplest_between needs lo < hi")
    }

    /// The simplest number in an interval whose ends are `(value, closed)`
    /// (`None` = unbounded), or `None` if the interval is empty.
    pub fn simplest_in(lo: Option<(&Dyadic, bool)>, hi: Option<(&Dyadic, bool)>) -> Option<Dyadic> {
        let fixed = |end: Option<(&Dyadic, bool)>| match end {
            None => Some(None),
            Some((x, closed)) => x.to_fixed().map(|w| Some((w, closed))),
        };
        match (fixed(lo), fixed(hi)) {
            (Some(lo), Some(hi)) => Self::simplest_in_fixed(lo, hi),
            _ => Self::simplest_in_exact(lo, hi),
        }
    }

    /// [`Dyadic::simplest_in`] where the ends are words of fixed point
    /// ([`Dyadic::to_fixed`]), found in 128-bit arithmetic: the values of
    /// games that fit a word, which most are, need no big integers.
    fn simplest_in_fixed(lo: Option<(i64, bool)>, hi: Option<(i64, bool)>) -> Option<Dyadic> {
        // Units of 2^-(FIXED_POINT + 1): a non-empty interval between ends
        // on the grid of 2^-FIXED_POINT holds a point of this grid.
        const BITS: u32 = Dyadic::FIXED_POINT + 1;
        let unit = |end: Option<(i64, bool)>| end.map(|(w, closed)| (i128::from(w) * 2, closed));
        let (lo, hi) = (unit(lo), unit(hi));
        let above = |x: i128| lo.is_none_or(|(l, closed)| x > l || (closed && x == l));
        let below = |x: i128| hi.is_none_or(|(h, closed)| x < h || (closed && x == h));
        if above(0) && below(0) {
            return Some(Dyadic::zero());
        }
        // The interval lies on one side of 0; mirror it to the positive side.
        let negative = !below(0);
        let flip = |end: Option<(i128, bool)>| end.map(|(x, closed)| (-x, closed));
        let (lo, hi) = if negative {
            (flip(hi), flip(lo))
        } else {
            (lo, hi)
        };
        let (l, lc) = lo?;
        // The least integer in the interval, then ever finer denominators.
        for k in 0..=BITS {
            // The least multiple of 2^-k in the interval's lower end, by
            // shifts (an arithmetic shift is a division rounded down).
            let shift = BITS - k;
            let on_grid = l & ((1 << shift) - 1) == 0;
            let m = (l >> shift) + i128::from(!(lc && on_grid));
            let beyond = hi.is_some_and(|(h, hc)| m << shift > h || (m << shift == h && !hc));
            if !beyond {
                let m = if negative { -m } else { m };
                return Some(match i64::try_from(m) {
                    Ok(m) => Dyadic::small(m, k),
                    Err(_) => Dyadic::new(BigInt::from(m), k),
                });
            }
        }
        None
    }

    /// [`Dyadic::simplest_in`] for any ends.
    fn simplest_in_exact(
        lo: Option<(&Dyadic, bool)>,
        hi: Option<(&Dyadic, bool)>,
    ) -> Option<Dyadic> {
        let above = |x: &Dyadic| match lo {
            None => true,
            Some((l, closed)) => match x.cmp(l) {
                Ordering::Greater => true,
                Ordering::Equal => closed,
                Ordering::Less => false,
            },
        };
        let below = |x: &Dyadic| match hi {
            None => true,
            Some((h, closed)) => match x.cmp(h) {
                Ordering::Less => true,
                Ordering::Equal => closed,
                Ordering::Greater => false,
            },
        };
        let zero = Dyadic::zero();
        if above(&zero) && below(&zero) {
            return Some(zero);
        }
        // The interval lies on one side of 0; mirror it to the positive side.
        let negative = !below(&zero);
        let (lo, hi) = if negative {
            (hi.map(|(h, c)| (-h, c)), lo.map(|(l, c)| (-l, c)))
        } else {
            (
                lo.map(|(l, c)| (l.clone(), c)),
                hi.map(|(h, c)| (h.clone(), c)),
            )
        };
        let (l, lc) = lo.expect("positive interval has a lower end");
        let in_hi = |x: &Dyadic| match &hi {
            None => true,
            Some((h, closed)) => x < h || (*closed && x == h),
        };
        // Smallest integer in the interval, then ever finer denominators.
        let mut k: u32 = 0;
        loop {
            let scaled = l.shl(k as i64);
            let m = if lc {
                scaled.ceil()
            } else {
                scaled.floor() + 1
            };
            let cand = Dyadic::new(m, k);
            if let Some((h, hc)) = &hi {
                if cand > *h || (cand == *h && !hc) {
                    if k > l.exp.max(h.exp) + 1 {
                        return None;
                    }
                    k += 1;
                    continue;
                }
            }
            debug_assert!(in_hi(&cand));
            return Some(if negative { -cand } else { cand });
        }
    }

    /// Parse `a` or `a/b` with `b` a power of two.
    ///
    /// ```
    /// use cgt_core::number::Dyadic;
    /// assert_eq!(Dyadic::parse("6/8").unwrap().to_string(), "3/4");
    /// assert!(Dyadic::parse("1/3").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<Self, String> {
        let (n, d) = match s.split_once('/') {
            Some((n, d)) => (n, Some(d)),
            None => (s, None),
        };
        let n: BigInt = n
            .trim()
            .parse()
            .map_err(|_| format!("invalid number `{s}`"))?;
        match d {
            None => Ok(Self::from_bigint(n)),
            Some(d) => {
                let d: BigInt = d
                    .trim()
                    .parse()
                    .map_err(|_| format!("invalid number `{s}`"))?;
                Self::from_fraction(n, d)
            }
        }
    }

    /// `n / d`, an error unless it is dyadic.
    pub fn from_fraction(n: BigInt, d: BigInt) -> Result<Self, String> {
        if d.is_zero() {
            return Err("division by zero".into());
        }
        let (n, d) = if d.is_negative() { (-n, -d) } else { (n, d) };
        let g = n.gcd(&d);
        let (n, d) = if g.is_zero() {
            (n, d)
        } else {
            (n / &g, d / &g)
        };
        let tz = d.trailing_zeros().unwrap_or(0);
        if d != BigInt::one() << tz {
            return Err(format!(
                "{n}/{d} is not a dyadic rational, so it is not a short game"
            ));
        }
        let exp = u32::try_from(tz).map_err(|_| "denominator too large".to_string())?;
        Ok(Self::new(n, exp))
    }

    /// Exact conversion to a rational.
    pub fn to_rational(&self) -> num_rational::BigRational {
        num_rational::BigRational::new(self.numerator(), BigInt::one() << self.exp)
    }
}

impl Default for Dyadic {
    fn default() -> Self {
        Self::zero()
    }
}

impl Ord for Dyadic {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        if let (Num::Small(a), Num::Small(b)) = (&self.num, &other.num) {
            // Most numbers of a computation share a denominator or differ
            // in it by little: one shift in 128 bits (|a| < 2^63, shift < 64).
            let (a, b) = (i128::from(*a), i128::from(*b));
            match self.exp.cmp(&other.exp) {
                Ordering::Equal => return a.cmp(&b),
                Ordering::Less if other.exp - self.exp < 64 => {
                    return (a << (other.exp - self.exp)).cmp(&b);
                }
                Ordering::Greater if self.exp - other.exp < 64 => {
                    return a.cmp(&(b << (self.exp - other.exp)));
                }
                _ => {}
            }
        }
        self.cmp_by_bigints(other)
    }
}

impl Dyadic {
    /// The order in arbitrary precision: kept out of line, so that the
    /// small case inlines where numbers are compared.
    #[cold]
    #[inline(never)]
    fn cmp_by_bigints(&self, other: &Self) -> Ordering {
        let e = self.exp.max(other.exp);
        let a = self.numerator() << (e - self.exp);
        let b = other.numerator() << (e - other.exp);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::ops::Add for &Dyadic {
    type Output = Dyadic;
    fn add(self, other: &Dyadic) -> Dyadic {
        if let (Num::Small(a), Num::Small(b)) = (&self.num, &other.num) {
            let e = self.exp.max(other.exp);
            if e < 62 {
                let a = (*a as i128) << (e - self.exp);
                let b = (*b as i128) << (e - other.exp);
                let s = a + b;
                if let Ok(s) = i64::try_from(s) {
                    return Dyadic::small(s, e);
                }
            }
        }
        let e = self.exp.max(other.exp);
        Dyadic::new(
            (self.numerator() << (e - self.exp)) + (other.numerator() << (e - other.exp)),
            e,
        )
    }
}

impl std::ops::Sub for &Dyadic {
    type Output = Dyadic;
    fn sub(self, other: &Dyadic) -> Dyadic {
        self + &(-other)
    }
}

impl std::ops::Mul for &Dyadic {
    type Output = Dyadic;
    /// The exact product; a denominator beyond 2^(2^32 - 1) stops with an
    /// error naming the limit.
    fn mul(self, other: &Dyadic) -> Dyadic {
        let Some(exp) = self.exp.checked_add(other.exp) else {
            crate::interrupt::unsupported("a product whose denominator exceeds 2^(2^32-1)")
        };
        if let (Num::Small(a), Num::Small(b)) = (&self.num, &other.num) {
            if let Some(p) = a.checked_mul(*b) {
                return Dyadic::small(p, exp);
            }
        }
        Dyadic::new(self.numerator() * other.numerator(), exp)
    }
}

impl std::ops::Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        match &self.num {
            Num::Small(s) if *s != i64::MIN => Dyadic {
                num: Num::Small(-s),
                exp: self.exp,
            },
            _ => Dyadic::new(-self.numerator(), self.exp),
        }
    }
}

impl std::ops::Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        -&self
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.num {
            Num::Small(s) => write!(f, "{s}")?,
            Num::Big(b) => write!(f, "{b}")?,
        }
        if self.exp > 0 {
            write!(f, "/{}", BigInt::one() << self.exp)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dyadic {
        Dyadic::parse(s).unwrap()
    }

    #[test]
    fn parse_and_print() {
        assert_eq!(d("6/8").to_string(), "3/4");
        assert_eq!(d("-1/2").to_string(), "-1/2");
        assert_eq!(d("4/2").to_string(), "2");
        assert!(Dyadic::parse("1/3").is_err());
        let big = "1000000000000000000000000000000";
        assert_eq!(d(big).to_string(), big);
    }

    #[test]
    fn arithmetic_crosses_word_size() {
        let a = Dyadic::from_i64(i64::MAX);
        let s = &a + &a;
        assert_eq!(s.to_string(), "18446744073709551614");
        assert_eq!((&s - &a), a);
        assert!(s > a);
    }

    /// The order of two numbers, from their numerators over a common
    /// denominator in arbitrary precision.
    fn order_by_bigints(a: &Dyadic, b: &Dyadic) -> Ordering {
        let e = a.exponent().max(b.exponent());
        (a.numerator() << (e - a.exponent())).cmp(&(b.numerator() << (e - b.exponent())))
    }

    #[test]
    fn order_agrees_with_common_denominators() {
        let numerators = [
            0,
            1,
            -1,
            3,
            -7,
            1 << 40,
            -(1 << 40) + 1,
            i64::MAX,
            i64::MIN + 1,
        ];
        let exponents = [0, 1, 2, 5, 30, 62, 63, 64, 100];
        let mut all = Vec::new();
        for &n in &numerators {
            for &e in &exponents {
                all.push(Dyadic::new(BigInt::from(n), e));
            }
        }
        for a in &all {
            for b in &all {
                assert_eq!(a.cmp(b), order_by_bigints(a, b), "{a} vs {b}");
            }
        }
    }

    /// Words of fixed point stand for their numbers exactly and keep their
    /// order; numbers that do not fit have no word.
    #[test]
    fn fixed_point_words_are_exact_and_ordered() {
        let numerators = [
            0,
            1,
            -1,
            3,
            -7,
            (1 << 31) - 1,
            -(1 << 31) + 1,
            1 << 31,
            1 << 40,
            i64::MAX,
        ];
        let exponents = [0, 1, 2, 5, 31, 32, 33, 64];
        let mut words = Vec::new();
        for &n in &numerators {
            for &e in &exponents {
                let x = Dyadic::new(BigInt::from(n), e);
                // A word is the numerator times 2^(32 - exponent), in 64 bits.
                let fits = x.exponent() <= 32
                    && (x.numerator() << (32 - x.exponent().min(32)))
                        .to_i64()
                        .is_some();
                assert_eq!(x.to_fixed().is_some(), fits, "{x}");
                if let Some(w) = x.to_fixed() {
                    assert_eq!(Dyadic::from_fixed(w), x, "{x}");
                    words.push((w, x));
                }
            }
        }
        assert!(words.len() > 20);
        for (w, x) in &words {
            for (v, y) in &words {
                assert_eq!(w.cmp(v), x.cmp(y), "{x} vs {y}");
            }
        }
        // Beyond 2^31, or finer than 2^-32: no word.
        assert_eq!(d("2147483648").to_fixed(), None);
        assert_eq!(d("1/8589934592").to_fixed(), None);
        assert_eq!(d("1/4294967296").to_fixed(), Some(1));
        assert_eq!(d("-2147483647").to_fixed(), Some(-2147483647 << 32));
    }

    #[test]
    fn simplest_numbers() {
        let s = |a: &str, b: &str| Dyadic::simplest_between(Some(&d(a)), Some(&d(b))).to_string();
        assert_eq!(s("0", "1"), "1/2");
        assert_eq!(s("-1", "1"), "0");
        assert_eq!(s("1/4", "1"), "1/2");
        assert_eq!(s("1", "3"), "2");
        assert_eq!(s("5/8", "3/4"), "11/16");
        assert_eq!(s("-3", "-1"), "-2");
        assert_eq!(
            Dyadic::simplest_between(Some(&d("7/2")), None).to_string(),
            "4"
        );
        assert_eq!(
            Dyadic::simplest_between(None, Some(&d("-7/2"))).to_string(),
            "-4"
        );
        assert_eq!(
            Dyadic::simplest_in(Some((&d("1"), true)), Some((&d("1"), true))),
            Some(d("1"))
        );
        assert_eq!(
            Dyadic::simplest_in(Some((&d("1"), false)), Some((&d("1"), true))),
            None
        );
    }

    /// The word-sized search gives what the exact one gives, on intervals
    /// of every kind: ends open, closed or missing, empty or not, near 0
    /// and near the largest words.
    #[test]
    fn simplest_in_words_as_exactly() {
        let mut seed = 7u64;
        let mut next = move || crate::xorshift(&mut seed);
        let end = |next: &mut dyn FnMut() -> u64| {
            let exp = (next() % 34) as u32;
            let num = match next() % 4 {
                0 => (next() % 9) as i64 - 4,
                1 => (next() % 2001) as i64 - 1000,
                _ => (next() >> 1) as i64 >> (next() % 64),
            };
            let num = if next().is_multiple_of(2) { num } else { -num };
            let x = Dyadic::new(BigInt::from(num), exp);
            (!next().is_multiple_of(8)).then_some((x, next().is_multiple_of(2)))
        };
        let mut fixed = 0;
        fn as_ref(e: &Option<(Dyadic, bool)>) -> Option<(&Dyadic, bool)> {
            e.as_ref().map(|(x, c)| (x, *c))
        }
        for _ in 0..20_000 {
            let (lo, hi) = (end(&mut next), end(&mut next));
            let exact = Dyadic::simplest_in_exact(as_ref(&lo), as_ref(&hi));
            assert_eq!(
                Dyadic::simplest_in(as_ref(&lo), as_ref(&hi)),
                exact,
                "{lo:?} {hi:?}"
            );
            let word = |e: &Option<(Dyadic, bool)>| e.as_ref().map(|(x, _)| x.to_fixed().is_some());
            if word(&lo) != Some(false) && word(&hi) != Some(false) {
                fixed += 1;
            }
        }
        assert!(
            fixed > 5_000,
            "only {fixed} intervals took the word-sized search"
        );
    }
}
