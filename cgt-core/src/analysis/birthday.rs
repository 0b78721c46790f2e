//! Birthday: the height of the canonical game tree.

use crate::game::{deep, Arena, GameId};
use crate::number::BigInt;

impl Arena {
    /// The birthday of `g` (closed form for nus values, so `10^30` costs nothing).
    pub fn birthday(&mut self, g: GameId) -> BigInt {
        if let Some(v) = self.as_nus(g) {
            return v.birthday();
        }
        if let Some(b) = self.birthday_cache.get(&g) {
            return b.clone();
        }
        let b: BigInt = deep(|| {
            let mut opts: Vec<GameId> = self.left_options(g).to_vec();
            opts.extend(self.right_options(g).iter());
            opts.iter()
                .map(|&o| self.birthday(o))
                .max()
                .unwrap_or_default()
                + BigInt::from(1)
        });
        self.birthday_cache.insert(g, b.clone());
        b
    }
}
