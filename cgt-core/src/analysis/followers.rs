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
