//! Left and right stops, cached per game id.

use crate::game::{deep, Arena, GameId};
use crate::number::Dyadic;

impl Arena {
    /// The left stop: `x` for a game equal to `x + infinitesimal`-free number,
    /// otherwise the largest right stop of a Left option.
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).0
    }

    /// The right stop: the smallest left stop of a Right option.
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).1
    }

    /// Both stops `(LS, RS)`.
    pub fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(v) = self.as_nus(g) {
            // Every follower of x + n·↑ + *k stops at x.
            return (v.number.clone(), v.number.clone());
        }
        if let Some(s) = self.stops_cache.get(&g) {
            return s.clone();
        }
        let s = deep(|| {
            let left = self.left_options(g);
            let right = self.right_options(g);
            let ls = left
                .iter()
                .map(|&l| self.right_stop(l))
                .max()
                .expect("non-number has Left options");
            let rs = right
                .iter()
                .map(|&r| self.left_stop(r))
                .min()
                .expect("non-number has Right options");
            (ls, rs)
        });
        self.stops_cache.insert(g, s.clone());
        s
    }
}
