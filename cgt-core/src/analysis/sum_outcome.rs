//! The outcome of a sum of canonical games by search on the sum itself,
//! never building its canonical form (which can be far larger than its
//! parts): numbers, ups and nimbers are added in closed form, a part and its
//! negative cancel, stops decide many positions at once, atomic weights
//! decide sums of all-small parts two ahead, two parts left are compared
//! with each other, and a number part is never moved in (number avoidance).

use super::Outcome;
use crate::game::{deep, Arena, GameId};
use crate::number::Dyadic;
use hashbrown::HashMap;
use smallvec::SmallVec;

/// Above this a nimber part is added into the sum instead of searched.
const BIG_NIMBER: u64 = 1 << 10;

/// Parts of a sum, sorted by id.
type Parts = SmallVec<[GameId; 8]>;

/// Won or lost for the player to move, by position and mover.
type Memo = HashMap<(Parts, bool), bool>;

impl Arena {
    /// The outcome class of `parts[0] + parts[1] + ...`, found by search on
    /// the sum of the parts' canonical forms. Equal to
    /// `outcome(sum of parts)`, often far cheaper.
    ///
    /// ```
    /// use cgt_core::{analysis::Outcome, game::Arena};
    /// let mut a = Arena::new();
    /// let (one, minus_one) = (a.integer(1), a.integer(-1));
    /// let pm1 = a.construct(vec![one], vec![minus_one]); // ±1
    /// let up = a.up(1);
    /// assert_eq!(a.sum_outcome(&[pm1, pm1, up]), Outcome::L);
    /// ```
    pub fn sum_outcome(&mut self, parts: &[GameId]) -> Outcome {
        let mut memo = Memo::new();
        let parts = self.simplified(parts.iter().copied().collect());
        // A big nimber has too many options to search through: add up.
        if parts
            .iter()
            .any(|&g| self.as_nus(g).is_some_and(|v| v.nim > BIG_NIMBER))
        {
            let sum = parts.iter().fold(self.zero(), |acc, &g| self.add(acc, g));
            return self.outcome(sum);
        }
        let left_first = self.wins(parts.clone(), true, &mut memo);
        let right_first = self.wins(parts, false, &mut memo);
        Outcome::from_first_moves(left_first, right_first)
    }

    /// Does the player to move (Left if `left`) win the sum moving first?
    fn wins(&mut self, parts: Parts, left: bool, memo: &mut Memo) -> bool {
        let parts = self.simplified(parts);
        if let Some(won) = self.decided(&parts, left) {
            return won;
        }
        let key = (parts, left);
        if let Some(&won) = memo.get(&key) {
            return won;
        }
        crate::interrupt::check();
        let parts = &key.0;
        let won = deep(|| {
            for (i, o) in self.ordered_moves(parts, left) {
                let mut next = parts.clone();
                next[i] = o;
                if !self.wins(next, !left, memo) {
                    return true;
                }
            }
            false
        });
        memo.insert(key, won);
        won
    }

    /// The moves of the player to move, the likeliest winners first: in a
    /// sum of all-small parts the moves that raise (for Left) or lower (for
    /// Right) the atomic weight most, since a weight two ahead decides the
    /// sum; otherwise the moves in the hottest parts. A number part is never
    /// moved in (number avoidance); equal parts give the same moves.
    fn ordered_moves(&mut self, parts: &Parts, left: bool) -> Vec<(usize, GameId)> {
        let all_small = parts.iter().all(|&g| self.is_all_small(g));
        let mut moves: Vec<(Dyadic, usize, GameId)> = Vec::new();
        for (i, &g) in parts.iter().enumerate() {
            if (i > 0 && parts[i - 1] == g) || self.is_number(g) {
                continue;
            }
            let options = if left {
                self.left_options(g)
            } else {
                self.right_options(g)
            };
            if all_small {
                let here = self.atomic_weight(g).expect("all-small games are atomic");
                let here = self.mean(here);
                for &o in options.iter() {
                    let there = self.atomic_weight(o).expect("all-small games are atomic");
                    let gain = &self.mean(there) - &here;
                    moves.push((if left { -gain } else { gain }, i, o));
                }
            } else {
                let (ls, rs) = self.stops(g);
                let heat = &rs - &ls;
                moves.extend(options.iter().map(|&o| (heat.clone(), i, o)));
            }
        }
        moves.sort_by(|a, b| a.0.cmp(&b.0));
        moves.into_iter().map(|(_, i, o)| (i, o)).collect()
    }

    /// The parts with numbers, ups and nimbers added into one part, zeros
    /// dropped and pairs `g`, `-g` cancelled; sorted.
    fn simplified(&mut self, parts: Parts) -> Parts {
        let mut nus = self.zero();
        let mut rest = Parts::new();
        for g in parts {
            if self.as_nus(g).is_some() {
                nus = self.add(nus, g);
            } else {
                rest.push(g);
            }
        }
        rest.sort_unstable();
        let mut kept = Parts::new();
        let mut cancelled = vec![false; rest.len()];
        for i in 0..rest.len() {
            if cancelled[i] {
                continue;
            }
            let negative = self.neg(rest[i]);
            let partner = (i + 1..rest.len()).find(|&j| !cancelled[j] && rest[j] == negative);
            match partner {
                Some(j) => cancelled[j] = true,
                None => kept.push(rest[i]),
            }
        }
        if nus != self.zero() {
            kept.push(nus);
            kept.sort_unstable();
        }
        kept
    }

    /// The answer without search where it is at hand: no part, one part
    /// (its outcome), two parts (compared with each other), or stops that
    /// put the whole sum on one side of 0.
    fn decided(&mut self, parts: &[GameId], left: bool) -> Option<bool> {
        let wins_first = |o: Outcome| match o {
            Outcome::N => true,
            Outcome::L => left,
            Outcome::R => !left,
            Outcome::P => false,
        };
        match *parts {
            [] => return Some(false),
            [g] => return Some(wins_first(self.outcome(g))),
            [g, h] => {
                // Left moving first wins iff not g + h <= 0, iff not g <= -h;
                // Right moving first wins iff not g >= -h.
                let minus_h = self.neg(h);
                return Some(if left {
                    !self.le(g, minus_h)
                } else {
                    !self.le(minus_h, g)
                });
            }
            _ => {}
        }
        // RS(G + H) >= RS(G) + RS(H) and LS(G + H) <= LS(G) + LS(H); a game
        // whose right stop is positive is positive.
        let (mut ls, mut rs) = (Dyadic::zero(), Dyadic::zero());
        for &g in parts {
            let (l, r) = self.stops(g);
            ls = &ls + &l;
            rs = &rs + &r;
        }
        if rs > Dyadic::zero() {
            return Some(left);
        }
        if ls < Dyadic::zero() {
            return Some(!left);
        }
        // All-small parts: atomic weights add, and by the two-ahead rule a
        // dicotic game of atomic weight >= 2 is positive (<= -2: negative;
        // docs/spec/cgt.md, the two-ahead rule).
        if parts.iter().all(|&g| self.is_all_small(g)) {
            let mut w = self.zero();
            for &g in parts {
                let a = self.atomic_weight(g).expect("all-small games are atomic");
                w = self.add(w, a);
            }
            let (two, minus_two) = (self.integer(2), self.integer(-2));
            if self.le(two, w) {
                return Some(left);
            }
            if self.le(w, minus_two) {
                return Some(!left);
            }
            // Weight >= 1: Left wins moving first (<= -1: Right does).
            let (one, minus_one) = (self.integer(1), self.integer(-1));
            if left && self.le(one, w) {
                return Some(true);
            }
            if !left && self.le(w, minus_one) {
                return Some(true);
            }
        }
        None
    }
}
