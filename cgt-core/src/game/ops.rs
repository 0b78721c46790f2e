//! Disjunctive sum, negation, comparison and multiples of canonical games,
//! memoised by id, with closed forms for nus values and number avoidance.

use super::arena::{Arena, GameId, Node, RangeError};
use super::canonical::deep;
use crate::interrupt::Grows;
use crate::number::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};

/// How two games compare in the partial order of games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Comparison {
    /// G = H.
    Equal,
    /// G < H.
    Less,
    /// G > H.
    Greater,
    /// G ‖ H: neither G ≤ H nor H ≤ G.
    Confused,
}

impl std::fmt::Display for Comparison {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Comparison::Equal => "=",
            Comparison::Less => "<",
            Comparison::Greater => ">",
            Comparison::Confused => "||",
        })
    }
}

impl Arena {
    /// `g <= h` in the game order: no `g^L >= h` and no `h^R <= g`.
    ///
    /// ```
    /// use cgt_core::game::Arena;
    /// let mut a = Arena::new();
    /// let (up, star, zero) = (a.up(1), a.nimber(1), a.zero());
    /// assert!(a.le(zero, up) && !a.le(up, zero)); // ↑ > 0
    /// assert!(!a.le(up, star) && !a.le(star, up)); // ↑ ‖ *
    /// ```
    pub fn le(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        // What the stops settle is cheaper to decide again than to remember
        // (and decides most pairs before their nodes are read).
        if let Some(r) = self.le_by_stops(g, h) {
            return r;
        }
        if let (Some(a), Some(b)) = (self.as_nus(g), self.as_nus(h)) {
            return a.le(b);
        }
        if let Some(&r) = self.le_cache.get(&(g, h)) {
            return r;
        }
        crate::interrupt::check();
        let result = deep(|| {
            // Number avoidance: a number's options never need to be tried
            // against a canonical non-number.
            if !self.is_number(g) {
                for gl in self.left_ids(g) {
                    if self.le(h, gl) {
                        return false;
                    }
                }
            }
            if !self.is_number(h) {
                for hr in self.right_ids(h) {
                    if self.le(hr, g) {
                        return false;
                    }
                }
            }
            true
        });
        self.le_cache.before_insert();
        self.le_cache.insert((g, h), result);
        result
    }

    /// `g >= h`.
    pub fn ge(&mut self, g: GameId, h: GameId) -> bool {
        self.le(h, g)
    }

    /// The order relation between `g` and `h`.
    pub fn compare(&mut self, g: GameId, h: GameId) -> Comparison {
        match (self.le(g, h), self.le(h, g)) {
            (true, true) => Comparison::Equal,
            (true, false) => Comparison::Less,
            (false, true) => Comparison::Greater,
            (false, false) => Comparison::Confused,
        }
    }

    /// The negative `-g = {-g^R | -g^L}`.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(v) = self.as_nus(g) {
            let v = v.neg();
            return self.nus(v);
        }
        if let Some(&n) = self.neg_cache.get(&g) {
            return n;
        }
        let (left, right) = match self.node(g) {
            Node::Options { left, right } => (left.clone(), right.clone()),
            Node::Nus(_) => unreachable!(),
        };
        let n = deep(|| {
            let nl: Vec<GameId> = right.iter().map(|&r| self.neg(r)).collect();
            let nr: Vec<GameId> = left.iter().map(|&l| self.neg(l)).collect();
            // The negative of a canonical form is canonical.
            self.intern_options(nl, nr)
        });
        self.neg_cache.before_insert();
        self.neg_cache.insert(g, n);
        self.neg_cache.before_insert();
        self.neg_cache.insert(n, g);
        n
    }

    /// The disjunctive sum `g + h`.
    ///
    /// ```
    /// use cgt_core::game::Arena;
    /// let mut a = Arena::new();
    /// let (one, minus_one) = (a.integer(1), a.integer(-1));
    /// let pm1 = a.construct(vec![one], vec![minus_one]); // ±1
    /// assert_eq!(a.add(pm1, pm1), a.zero());
    /// ```
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        self.try_add(g, h)
            .unwrap_or_else(|e| crate::interrupt::unsupported(e.0))
    }

    /// The disjunctive sum, or an error if an up-multiple leaves the `i64` range.
    pub fn try_add(&mut self, g: GameId, h: GameId) -> Result<GameId, RangeError> {
        // A game plus a nus that is not a number: a candidate for the
        // closed form of a switch plus a nus.
        let mut game_and_nus = None;
        match (self.as_nus(g), self.as_nus(h)) {
            (Some(a), Some(b)) => {
                let s = a
                    .add(b)
                    .ok_or_else(|| RangeError(super::nus::UPS_LIMIT.into()))?;
                return Ok(self.nus(s));
            }
            (None, Some(e)) if !e.is_number() => game_and_nus = Some((g, h)),
            (Some(e), None) if !e.is_number() => game_and_nus = Some((h, g)),
            _ => {}
        }
        let zero = self.zero();
        if g == zero {
            return Ok(h);
        }
        if h == zero {
            return Ok(g);
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.add_cache.get(&key) {
            return Ok(s);
        }
        if let Some(s) = game_and_nus.and_then(|(x, e)| self.switch_plus_nus(x, e)) {
            self.add_cache.insert(key, s);
            return Ok(s);
        }
        crate::interrupt::check();
        let s = deep(|| -> Result<GameId, RangeError> {
            let mut left = Vec::new();
            let mut right = Vec::new();
            // Number avoidance: never move in a number component.
            for (a, b) in [(g, h), (h, g)] {
                if self.is_number(a) {
                    continue;
                }
                for al in self.left_ids(a) {
                    left.push(self.try_add(al, b)?);
                }
                for ar in self.right_ids(a) {
                    right.push(self.try_add(ar, b)?);
                }
            }
            Ok(self.construct(left, right))
        })?;
        self.add_cache.before_insert();
        self.add_cache.insert(key, s);
        Ok(s)
    }

    /// `{a | b} + e` for numbers `a > b` and `e = x + n·↑ + *k`, in closed
    /// form: `{a + e | b + e}` (docs/spec/cgt.md, section 11, gives the proof). The sum's
    /// recursion would follow every option of `n·↑`, which for a huge `n`
    /// never ends.
    fn switch_plus_nus(&mut self, g: GameId, e: GameId) -> Option<GameId> {
        let e = self.as_nus(e)?.clone();
        let (a, b) = match self.node(g) {
            Node::Options { left, right } if left.len() == 1 && right.len() == 1 => {
                (left[0], right[0])
            }
            _ => return None,
        };
        let (a, b) = (self.as_nus(a)?.clone(), self.as_nus(b)?.clone());
        if !a.is_number() || !b.is_number() {
            return None;
        }
        // Adding a number to an infinitesimal stays within range.
        let (l, r) = (self.nus(a.add(&e)?), self.nus(b.add(&e)?));
        Some(self.construct(vec![l], vec![r]))
    }

    /// `g - h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let nh = self.neg(h);
        self.add(g, nh)
    }

    /// `n·g`: `n` copies of `g` (of `-g` if `n < 0`), by binary doubling.
    pub fn multiple(&mut self, n: &BigInt, g: GameId) -> Result<GameId, RangeError> {
        if let Some(v) = self.as_nus(g).cloned() {
            // Closed form: n·(x + k↑ + *m) = nx + nk↑ + (n odd ? *m : 0).
            let ups = n
                .to_i64()
                .and_then(|n| n.checked_mul(v.ups))
                .or_else(|| (v.ups == 0).then_some(0))
                .ok_or_else(|| RangeError(super::nus::UPS_LIMIT.into()))?;
            let number = crate::number::Dyadic::new(n * v.number.numerator(), v.number.exponent());
            let nim = if n.bit(0) { v.nim } else { 0 };
            return Ok(self.nus(super::Nus { number, ups, nim }));
        }
        let base = if n.is_negative() { self.neg(g) } else { g };
        let mut k = n.abs();
        let mut acc = self.zero();
        let mut power = base;
        while !k.is_zero() {
            if k.bit(0) {
                acc = self.try_add(acc, power)?;
            }
            k >>= 1;
            if !k.is_zero() {
                power = self.try_add(power, power)?;
            }
        }
        Ok(acc)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Nus;
    use super::*;
    use hashbrown::HashMap;

    /// Whether the player to move wins the sum of `parts`, by searching the
    /// options of the parts (no sums of canonical forms).
    fn wins(
        a: &mut Arena,
        parts: Vec<GameId>,
        left: bool,
        memo: &mut HashMap<(Vec<GameId>, bool), bool>,
    ) -> bool {
        let mut key = parts.clone();
        key.sort();
        if let Some(&w) = memo.get(&(key.clone(), left)) {
            return w;
        }
        let mut w = false;
        'parts: for i in 0..parts.len() {
            let options = if left {
                a.left_options(parts[i])
            } else {
                a.right_options(parts[i])
            };
            for &o in options.iter() {
                let mut next = parts.clone();
                next[i] = o;
                if !wins(a, next, !left, memo) {
                    w = true;
                    break 'parts;
                }
            }
        }
        memo.insert((key, left), w);
        w
    }

    #[test]
    fn a_number_switch_plus_a_nus_has_a_closed_form() {
        let mut a = Arena::new();
        let numbers: Vec<GameId> = ["-2", "-1", "-1/2", "0", "1/4", "1", "3/2", "2"]
            .iter()
            .map(|x| a.number(crate::number::Dyadic::parse(x).unwrap()))
            .collect();
        let mut nus = Vec::new();
        for x in [0, 1, 7] {
            for n in -3..=3 {
                for k in 0..4 {
                    let number = a.as_number(numbers[x]).unwrap().clone();
                    nus.push(a.nus(Nus {
                        number,
                        ups: n,
                        nim: k,
                    }));
                }
            }
        }
        let mut checked = 0;
        for &p in &numbers {
            for &q in &numbers {
                let g = a.construct(vec![p], vec![q]);
                if a.as_nus(g).is_some() {
                    continue; // not a switch: p <= q
                }
                for &e in &nus {
                    let s = a.add(g, e);
                    let ns = a.neg(s);
                    let mut memo = HashMap::new();
                    // s == g + e: the second player wins g + e - s.
                    assert!(!wins(&mut a, vec![g, e, ns], true, &mut memo));
                    assert!(!wins(&mut a, vec![g, e, ns], false, &mut memo));
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
