//! Followers: every canonical subposition, found with an explicit work stack.

use crate::game::{Arena, GameId, RangeError};
use hashbrown::HashSet;

impl Arena {
    /// All distinct canonical followers of `g`, `g` included, in discovery order.
    /// Fails if there are more than `limit`.
    pub fn followers(&mut self, g: GameId, limit: usize) -> Result<Vec<GameId>, RangeError> {
        let mut seen: HashSet<GameId> = HashSet::new();
        let mut order = Vec::new();
        let mut stack = vec![g];
        seen.insert(g);
        while let Some(x) = stack.pop() {
            order.push(x);
            if order.len() > limit {
                return Err(RangeError(format!("more than {limit} followers")));
            }
            let l = self.left_options(x);
            let r = self.right_options(x);
            for &o in l.iter().chain(r.iter()) {
                if seen.insert(o) {
                    stack.push(o);
                }
            }
        }
        Ok(order)
    }
}

impl Arena {
    /// The number of distinct canonical followers of `g`, `g` included.
    ///
    /// Number followers are counted in closed form (an integer `n` has the
    /// `|n| + 1` followers `0..n`), so `follower_count(10^30)` is instant.
    pub fn follower_count(
        &mut self,
        g: GameId,
        limit: usize,
    ) -> Result<crate::number::BigInt, RangeError> {
        use crate::number::{BigInt, Dyadic};
        let mut seen: HashSet<GameId> = HashSet::new();
        let mut numbers: Vec<Dyadic> = Vec::new();
        let mut others: usize = 0;
        let mut stack = vec![g];
        seen.insert(g);
        while let Some(x) = stack.pop() {
            if let Some(n) = self.as_number(x) {
                numbers.push(n.clone());
                continue;
            }
            others += 1;
            if others > limit {
                return Err(RangeError(format!("more than {limit} followers")));
            }
            let l = self.left_options(x);
            let r = self.right_options(x);
            for &o in l.iter().chain(r.iter()) {
                if seen.insert(o) {
                    stack.push(o);
                }
            }
        }
        if numbers.is_empty() {
            return Ok(BigInt::from(others));
        }
        // Non-integers are explored through their options (at most a few per
        // binary digit); integers reached form the range lo..=hi around 0.
        let (mut lo, mut hi) = (BigInt::from(0), BigInt::from(0));
        let mut fractions: HashSet<Dyadic> = HashSet::new();
        while let Some(y) = numbers.pop() {
            if let Some(n) = y.to_bigint() {
                lo = lo.min(n.clone());
                hi = hi.max(n);
            } else if fractions.insert(y.clone()) {
                let unit = Dyadic::new(1.into(), y.exponent());
                numbers.push(&y - &unit);
                numbers.push(&y + &unit);
            }
            if fractions.len() > limit {
                return Err(RangeError(format!("more than {limit} followers")));
            }
        }
        Ok(BigInt::from(others) + BigInt::from(fractions.len()) + (hi - lo) + 1)
    }
}
