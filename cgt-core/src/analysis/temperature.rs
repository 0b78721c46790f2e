//! Cooling, heating, overheating and freezing.

use crate::game::{deep, Arena, GameId, RangeError};
use crate::number::Dyadic;
use hashbrown::HashMap;

impl Arena {
    /// G cooled by `t` (t > −1): {G^L_t − t | G^R_t + t}, frozen at the mean
    /// once `t` exceeds the temperature. Integers are fixed.
    pub fn cool(&mut self, g: GameId, t: &Dyadic) -> Result<GameId, RangeError> {
        if *t <= Dyadic::from_i64(-1) {
            return Err(RangeError(format!(
                "invalid cooling temperature (must be > -1): {t}"
            )));
        }
        let t_game = self.number(t.clone());
        let mut memo = HashMap::new();
        Ok(self.cool_memo(g, t, t_game, &mut memo))
    }

    fn cool_memo(
        &mut self,
        g: GameId,
        t: &Dyadic,
        t_game: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> GameId {
        if self.is_integer(g) {
            return g;
        }
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        let r = if self.temperature(g) < *t {
            let m = self.mean(g);
            self.number(m)
        } else {
            deep(|| {
                let neg_t = self.neg(t_game);
                self.map_options(g, |a, x, left| {
                    let c = a.cool_memo(x, t, t_game, memo);
                    a.add(c, if left { neg_t } else { t_game })
                })
            })
        };
        memo.insert(g, r);
        r
    }

    /// G cooled by its own temperature; uptimals are returned unchanged.
    pub fn freeze(&mut self, g: GameId) -> GameId {
        if self.uptimal(g).is_some() {
            return g;
        }
        let t = self.temperature(g);
        if t <= Dyadic::from_i64(-1) {
            return g;
        }
        self.cool(g, &t).expect("temperature > -1")
    }

    /// G heated by `t` (any game): numbers are fixed, otherwise {∫G^L + t | ∫G^R − t}.
    pub fn heat(&mut self, g: GameId, t: GameId) -> GameId {
        let mut memo = HashMap::new();
        self.overheat_memo(g, None, t, &mut memo)
    }

    /// G overheated from `s` to `t`: an integer n becomes n.s (Norton product),
    /// otherwise {G^L + t | G^R − t} recursively.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> Result<GameId, RangeError> {
        let mut memo = HashMap::new();
        Ok(self.overheat_memo(g, Some(s), t, &mut memo))
    }

    fn overheat_memo(
        &mut self,
        g: GameId,
        s: Option<GameId>,
        t: GameId,
        memo: &mut HashMap<GameId, GameId>,
    ) -> GameId {
        match s {
            None if self.is_number(g) => return g,
            Some(s) if self.is_integer(g) => {
                return self
                    .norton_product(g, s)
                    .unwrap_or_else(|e| crate::interrupt::unsupported(e.0));
            }
            _ => {}
        }
        if let Some(&r) = memo.get(&g) {
            return r;
        }
        let r = deep(|| {
            let neg_t = self.neg(t);
            self.map_options(g, |a, x, left| {
                let h = a.overheat_memo(x, s, t, memo);
                a.add(h, if left { t } else { neg_t })
            })
        });
        memo.insert(g, r);
        r
    }
}
