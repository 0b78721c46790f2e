//! Atomic weights: the two-ahead calculus with the far star.

use crate::form::{ordinal_sum, Form};
use crate::game::{deep, Arena, GameId};
use crate::number::{BigInt, Dyadic};

impl Arena {
    /// The atomic weight of `g`, or `None` if `g` is not atomic.
    ///
    /// ```
    /// use cgt_core::game::Arena;
    /// let mut a = Arena::new();
    /// let up3 = a.up(3);
    /// assert_eq!(a.atomic_weight(up3), Some(a.integer(3)));
    /// let five = a.integer(5);
    /// assert_eq!(a.atomic_weight(five), None); // numbers are not atomic
    /// ```
    ///
    /// Uptimals with number part 0 give their ↑-coefficient. Otherwise `g` must
    /// be infinitesimal; the weight is the two-ahead calculus (options' weights
    /// shifted by ∓2, decided against the far star when the result is an
    /// integer). All-small games are atomic; any other game is accepted when
    /// `-ε <= g - aw.↑ <= ε` with `ε = ↑* + (*M : -1)`, `M` the far-star bound.
    pub fn atomic_weight(&mut self, g: GameId) -> Option<GameId> {
        if let Some(v) = self.as_nus(g) {
            return v.number.is_zero().then_some(v.ups).map(|u| self.integer(u));
        }
        if self.is_all_small(g) {
            // The calculus is exact on dicotic games (uptimals included).
            return Some(self.naive_atomic_weight(g));
        }
        if let Some(u) = self.uptimal(g) {
            if !u.number.is_zero() {
                return None;
            }
            let c = u.coeffs.first().copied().unwrap_or(0);
            return Some(self.integer(c));
        }
        if !self.is_infinitesimal(g) {
            return None;
        }
        let w = self.naive_atomic_weight(g);
        if self.is_all_small(g) {
            return Some(w);
        }
        let n = self.far_star(g).max(2).next_power_of_two();
        let star_m = self.nimber(n);
        let minus_one = self.integer(-1);
        let tail = ordinal_sum(self, &Form::Value(star_m), minus_one);
        let up_star = self.nus(crate::game::Nus {
            number: Dyadic::zero(),
            ups: 1,
            nim: 1,
        });
        let eps = self.add(up_star, tail);
        let up = self.up(1);
        let wu = self.norton_product(w, up).ok()?;
        let d = self.sub(g, wu);
        let neps = self.neg(eps);
        (self.le(neps, d) && self.le(d, eps)).then_some(w)
    }

    /// The far star of `g` as a game: `*N` above every nimber among its followers.
    pub fn far_star_game(&mut self, g: GameId) -> GameId {
        let n = self.far_star(g);
        self.nimber(n)
    }

    fn naive_atomic_weight(&mut self, g: GameId) -> GameId {
        if let Some(v) = self.as_nus(g) {
            let ups = v.ups;
            return self.integer(ups);
        }
        if let Some(&w) = self.aw_cache.get(&g) {
            return w;
        }
        let w = deep(|| {
            let (gl, gr) = (
                self.left_options(g).to_vec(),
                self.right_options(g).to_vec(),
            );
            let two = self.integer(2);
            let minus_two = self.integer(-2);
            let lw: Vec<GameId> = gl
                .iter()
                .map(|&x| {
                    let a = self.naive_atomic_weight(x);
                    self.add(a, minus_two)
                })
                .collect();
            let rw: Vec<GameId> = gr
                .iter()
                .map(|&x| {
                    let a = self.naive_atomic_weight(x);
                    self.add(a, two)
                })
                .collect();
            let g2 = self.construct(lw.clone(), rw.clone());
            if !self.is_integer(g2) {
                return g2;
            }
            let far = self.far_star_game(g);
            if self.le(g, far) && g != far {
                // Least integer n with n ⧐ X for every shifted Left weight X.
                let mut best: Option<BigInt> = None;
                for &x in &lw {
                    let c = self.right_stop(x).ceil();
                    let cg = self.number(Dyadic::from_bigint(c.clone()));
                    let n = if self.le(cg, x) { c + 1 } else { c };
                    best = Some(best.map_or(n.clone(), |b| b.max(n)));
                }
                self.number(Dyadic::from_bigint(best.unwrap_or_default()))
            } else if self.le(far, g) && g != far {
                // Greatest integer n with n ⧏ X for every shifted Right weight X.
                let mut best: Option<BigInt> = None;
                for &x in &rw {
                    let f = self.left_stop(x).floor();
                    let fg = self.number(Dyadic::from_bigint(f.clone()));
                    let n = if self.le(x, fg) { f - 1 } else { f };
                    best = Some(best.map_or(n.clone(), |b| b.min(n)));
                }
                self.number(Dyadic::from_bigint(best.unwrap_or_default()))
            } else {
                g2
            }
        });
        self.aw_cache.insert(g, w);
        w
    }
}
