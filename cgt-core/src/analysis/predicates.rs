//! Predicates on canonical games, with CGSuite's conventions
//! (0 is an integer and a nimber; numbers are even-tempered; ...).

use crate::game::{deep, Arena, GameId};

const ALL_SMALL: u8 = 0;
const EVEN: u8 = 1;
const ODD: u8 = 2;
const EVEN_TEMPERED: u8 = 3;
const ODD_TEMPERED: u8 = 4;

impl Arena {
    /// True if `g` is 0.
    pub fn is_zero(&self, g: GameId) -> bool {
        g == self.zero()
    }

    /// True if `g` is an integer (0 included).
    pub fn is_integer(&self, g: GameId) -> bool {
        self.as_number(g).is_some_and(|x| x.is_integer())
    }

    /// True if `g` is a nimber `*n` (0 included).
    pub fn is_nimber(&self, g: GameId) -> bool {
        self.as_nus(g).is_some_and(|v| v.is_nimber())
    }

    /// A non-negative integer.
    pub fn is_ordinal(&self, g: GameId) -> bool {
        self.as_number(g)
            .is_some_and(|x| x.is_integer() && x.signum() >= 0)
    }

    /// Left stop equals right stop: infinitesimally close to a number.
    pub fn is_numberish(&mut self, g: GameId) -> bool {
        let (l, r) = self.stops(g);
        l == r
    }

    /// Both stops are 0 (0 and the nimbers count).
    pub fn is_infinitesimal(&mut self, g: GameId) -> bool {
        let (l, r) = self.stops(g);
        l.is_zero() && r.is_zero()
    }

    fn cached_flag(&mut self, kind: u8, g: GameId, f: impl FnOnce(&mut Self) -> bool) -> bool {
        if let Some(&b) = self.flag_cache.get(&(kind, g)) {
            return b;
        }
        let b = deep(|| f(self));
        self.flag_cache.insert((kind, g), b);
        b
    }

    fn all_options(&mut self, g: GameId, mut p: impl FnMut(&mut Self, GameId) -> bool) -> bool {
        let l = self.left_options(g);
        let r = self.right_options(g);
        l.iter().chain(r.iter()).all(|&o| p(self, o))
    }

    /// Every follower is infinitesimal.
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        if let Some(v) = self.as_nus(g) {
            return v.number.is_zero();
        }
        self.cached_flag(ALL_SMALL, g, |a| {
            a.is_infinitesimal(g) && a.all_options(g, |a, o| a.is_all_small(o))
        })
    }

    /// Every option is odd (so 0 is even).
    pub fn is_even(&mut self, g: GameId) -> bool {
        if let Some(x) = self.as_number(g) {
            return x.is_integer() && !x.numerator().bit(0);
        }
        self.cached_flag(EVEN, g, |a| a.all_options(g, |a, o| a.is_odd(o)))
    }

    /// Not 0, and every option is even.
    pub fn is_odd(&mut self, g: GameId) -> bool {
        if let Some(x) = self.as_number(g) {
            return x.is_integer() && x.numerator().bit(0);
        }
        self.cached_flag(ODD, g, |a| a.all_options(g, |a, o| a.is_even(o)))
    }

    /// Numbers are even-tempered; x + *-shaped nus values are odd-tempered;
    /// other nus values are neither; otherwise all options are odd-tempered.
    pub fn is_even_tempered(&mut self, g: GameId) -> bool {
        if let Some(v) = self.as_nus(g) {
            return v.is_number();
        }
        self.cached_flag(EVEN_TEMPERED, g, |a| {
            a.all_options(g, |a, o| a.is_odd_tempered(o))
        })
    }

    /// Dual of [`Arena::is_even_tempered`].
    pub fn is_odd_tempered(&mut self, g: GameId) -> bool {
        if let Some(v) = self.as_nus(g) {
            return v.ups == 0 && v.nim == 1;
        }
        self.cached_flag(ODD_TEMPERED, g, |a| {
            a.all_options(g, |a, o| a.is_even_tempered(o))
        })
    }
}
