//! Reduced canonical form, companion, and stop count.

use crate::game::{deep, Arena, GameId};
use crate::number::BigInt;
use hashbrown::HashMap;

impl Arena {
    /// The simplest game infinitesimally close to `g` (Grossman–Siegel):
    /// uptimals give their number part; otherwise heat by `*` and replace
    /// every follower equal to `x` or `x*` by `x`.
    pub fn reduced_canonical_form(&mut self, g: GameId) -> GameId {
        if let Some(u) = self.uptimal(g) {
            return self.number(u.number.clone());
        }
        let star = self.nimber(1);
        let heated = self.heat(g, star);
        let mut memo = HashMap::new();
        self.star_projection(heated, &mut memo)
    }

    fn star_projection(&mut self, g: GameId, memo: &mut HashMap<GameId, GameId>) -> GameId {
        if let Some(v) = self.as_nus(g) {
            if v.ups == 0 && v.nim <= 1 {
                let x = v.number.clone();
                return self.number(x);
            }
        }
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        let r = deep(|| self.map_options(g, |a, x, _| a.star_projection(x, memo)));
        memo.insert(g, r);
        r
    }

    /// The companion: {G^L°, 0 if G ≥ 0 | G^R°, 0 if G ≤ 0}; 0 ↔ *, ↑ ↔ ↑*,
    /// other numbers and the nimbers *m (m ≥ 2) are fixed.
    pub fn companion(&mut self, g: GameId) -> GameId {
        let mut memo = HashMap::new();
        self.companion_memo(g, &mut memo)
    }

    fn companion_memo(&mut self, g: GameId, memo: &mut HashMap<GameId, GameId>) -> GameId {
        if self.is_number(g) && g != self.zero() {
            return g;
        }
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        let r = deep(|| {
            let z = self.zero();
            let (gl, gr) = (
                self.left_options(g).to_vec(),
                self.right_options(g).to_vec(),
            );
            let mut l: Vec<GameId> = gl.iter().map(|&x| self.companion_memo(x, memo)).collect();
            let mut r: Vec<GameId> = gr.iter().map(|&x| self.companion_memo(x, memo)).collect();
            if self.le(z, g) {
                l.push(z);
            }
            if self.le(g, z) {
                r.push(z);
            }
            self.construct(l, r)
        });
        memo.insert(g, r);
        r
    }

    /// The number of number leaves of the canonical game tree (1 for a number).
    pub fn stop_count(&mut self, g: GameId) -> BigInt {
        let mut memo = HashMap::new();
        self.stop_count_memo(g, &mut memo)
    }

    fn stop_count_memo(&mut self, g: GameId, memo: &mut HashMap<GameId, BigInt>) -> BigInt {
        if self.is_number(g) {
            return BigInt::from(1);
        }
        if let Some(c) = memo.get(&g) {
            return c.clone();
        }
        let c: BigInt = deep(|| {
            let mut o = self.left_options(g).to_vec();
            o.extend(self.right_options(g).iter());
            o.iter().map(|&x| self.stop_count_memo(x, memo)).sum()
        });
        memo.insert(g, c.clone());
        c
    }
}
