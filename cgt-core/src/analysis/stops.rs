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
        let (l, r) = self.stops_ref(g);
        (l.clone(), r.clone())
    }

    /// Both stops, borrowed from the cache (computed first if need be).
    pub(crate) fn stops_ref(&mut self, g: GameId) -> (&Dyadic, &Dyadic) {
        self.ensure_stops(g);
        self.cached_stops(g)
    }

    /// Both stops of a game whose stops are known ([`Arena::ensure_stops`]).
    pub(crate) fn cached_stops(&self, g: GameId) -> (&Dyadic, &Dyadic) {
        if let Some(v) = self.as_nus(g) {
            // Every follower of x + n·↑ + *k stops at x.
            return (&v.number, &v.number);
        }
        let (l, r) = self.stops_cache[self.index(g)]
            .as_ref()
            .expect("stops computed first");
        (l, r)
    }

    /// Compute and cache the stops of `g` if they are not known yet.
    pub(crate) fn ensure_stops(&mut self, g: GameId) {
        if self.as_nus(g).is_some()
            || self
                .stops_cache
                .get(self.index(g))
                .is_some_and(|s| s.is_some())
        {
            return;
        }
        let s = deep(|| {
            let left = self.left_ids(g);
            let right = self.right_ids(g);
            let mut ls: Option<Dyadic> = None;
            for &l in &left {
                self.ensure_stops(l);
                let x = self.cached_stops(l).1;
                if ls.as_ref().is_none_or(|m| x > m) {
                    ls = Some(x.clone());
                }
            }
            let mut rs: Option<Dyadic> = None;
            for &r in &right {
                self.ensure_stops(r);
                let x = self.cached_stops(r).0;
                if rs.as_ref().is_none_or(|m| x < m) {
                    rs = Some(x.clone());
                }
            }
            (
                ls.expect("non-number has Left options"),
                rs.expect("non-number has Right options"),
            )
        });
        let i = self.index(g);
        if self.stops_cache.len() <= i {
            self.stops_cache.resize(self.nodes.len().max(i + 1), None);
        }
        self.stops_cache[i] = Some(s);
    }
}
