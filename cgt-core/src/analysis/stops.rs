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
        self.ensure_stops(g);
        self.cached_stops(g).exact()
    }

    /// Both stops as fixed-point words, if both fit (see [`Stops`]).
    #[inline]
    pub(crate) fn fixed_stops(&mut self, g: GameId) -> Option<(i64, i64)> {
        // Known stops are read in place: most comparisons end here.
        let i = self.index(g);
        if !matches!(self.stops_cache.get(i), Some(Some(_))) {
            self.ensure_stops(g);
        }
        match self.stops_cache[i] {
            Some(Stops::Fixed(l, r)) => Some((l, r)),
            _ => None,
        }
    }

    /// What the stops alone tell of `g <= h`: `G <= H` forces `LS(G) <= LS(H)`
    /// and `RS(G) <= RS(H)`, and `LS(G) < RS(H)` puts a number strictly
    /// between, so that `G < H`. `None` if they do not settle it.
    pub(crate) fn le_by_stops(&mut self, g: GameId, h: GameId) -> Option<bool> {
        fn settle<T: Ord>((lg, rg): (T, T), (lh, rh): (T, T)) -> Option<bool> {
            if lg > lh || rg > rh {
                Some(false)
            } else if lg < rh {
                Some(true)
            } else {
                None
            }
        }
        match (self.fixed_stops(g), self.fixed_stops(h)) {
            (Some(a), Some(b)) => settle(a, b),
            _ => settle(self.stops(g), self.stops(h)),
        }
    }

    /// The stops of a game whose stops are known ([`Arena::ensure_stops`]).
    fn cached_stops(&self, g: GameId) -> &Stops {
        self.stops_cache[self.index(g)]
            .as_ref()
            .expect("stops computed first")
    }

    /// Compute and cache the stops of `g` if they are not known yet.
    fn ensure_stops(&mut self, g: GameId) {
        let i = self.index(g);
        if self.stops_cache.get(i).is_some_and(|s| s.is_some()) {
            return;
        }
        let s = match self.as_nus(g) {
            // Every follower of x + n·↑ + *k stops at x.
            Some(v) => Stops::new(v.number.clone(), v.number.clone()),
            None => deep(|| {
                let left = self.left_ids(g);
                let right = self.right_ids(g);
                let ls = left.iter().map(|&l| self.stops(l).1).max();
                let rs = right.iter().map(|&r| self.stops(r).0).min();
                Stops::new(
                    ls.expect("non-number has Left options"),
                    rs.expect("non-number has Right options"),
                )
            }),
        };
        if self.stops_cache.len() <= i {
            self.stops_cache.resize(self.nodes.len().max(i + 1), None);
        }
        self.stops_cache[i] = Some(s);
    }
}

/// A game's stops as the cache keeps them: as words of fixed point when
/// both fit (nearly always), so that comparing stops, done for most pairs of
/// options a canonical form compares, is comparing words; exactly otherwise.
#[derive(Clone, Debug)]
pub(crate) enum Stops {
    Fixed(i64, i64),
    Exact(Box<(Dyadic, Dyadic)>),
}

impl Stops {
    fn new(l: Dyadic, r: Dyadic) -> Stops {
        match (l.to_fixed(), r.to_fixed()) {
            (Some(a), Some(b)) => Stops::Fixed(a, b),
            _ => Stops::Exact(Box::new((l, r))),
        }
    }

    fn exact(&self) -> (Dyadic, Dyadic) {
        match self {
            Stops::Fixed(l, r) => (Dyadic::from_fixed(*l), Dyadic::from_fixed(*r)),
            Stops::Exact(s) => (s.0.clone(), s.1.clone()),
        }
    }
}
