//! Followers: every canonical subposition, found with an explicit work stack.

use crate::game::{Arena, GameId, RangeError};
use crate::number::{BigInt, Dyadic};
use hashbrown::HashSet;

impl Arena {
    /// Visit each distinct follower of `g` (itself included) once, with an
    /// explicit stack; with `numbers_are_leaves` the options of numbers are
    /// not explored. Fails after `limit` visits.
    fn walk(
        &mut self,
        g: GameId,
        limit: usize,
        numbers_are_leaves: bool,
        mut visit: impl FnMut(&Self, GameId),
    ) -> Result<(), RangeError> {
        let mut seen: HashSet<GameId> = HashSet::new();
        let mut stack = vec![g];
        seen.insert(g);
        let mut count = 0usize;
        while let Some(x) = stack.pop() {
            crate::interrupt::check();
            visit(self, x);
            count += 1;
            if count > limit {
                return Err(RangeError(format!("more than {limit} followers")));
            }
            if numbers_are_leaves && self.is_number(x) {
                continue;
            }
            if let Some(v) = self.as_nus(x).filter(|v| v.ups == 0 && v.nim > 0).cloned() {
                // x*k: its followers are x*i (i < k) and the followers of x,
                // listed without asking each x*i for its options.
                for i in (0..v.nim).rev() {
                    let y = self.nus(crate::game::Nus {
                        nim: i,
                        ..v.clone()
                    });
                    if !seen.insert(y) {
                        continue;
                    }
                    if i == 0 {
                        stack.push(y);
                        continue;
                    }
                    crate::interrupt::check();
                    visit(self, y);
                    count += 1;
                    if count > limit {
                        return Err(RangeError(format!("more than {limit} followers")));
                    }
                }
                continue;
            }
            let l = self.left_options(x);
            let r = self.right_options(x);
            for &o in l.iter().chain(r.iter()) {
                if seen.insert(o) {
                    stack.push(o);
                }
            }
        }
        Ok(())
    }

    /// All distinct canonical followers of `g`, `g` included, in discovery order.
    /// Fails if there are more than `limit`.
    pub fn followers(&mut self, g: GameId, limit: usize) -> Result<Vec<GameId>, RangeError> {
        let mut order = Vec::new();
        self.walk(g, limit, false, |_, x| order.push(x))?;
        Ok(order)
    }

    /// The number of distinct canonical followers of `g`, `g` included.
    ///
    /// Number followers are counted in closed form (an integer `n` has the
    /// `|n| + 1` followers `0..n`), so `follower_count(10^30)` is instant.
    pub fn follower_count(&mut self, g: GameId, limit: usize) -> Result<BigInt, RangeError> {
        let mut numbers: Vec<Dyadic> = Vec::new();
        let mut others: usize = 0;
        self.walk(g, limit, true, |a, x| match a.as_number(x) {
            Some(n) => numbers.push(n.clone()),
            None => others += 1,
        })?;
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
