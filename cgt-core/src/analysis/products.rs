//! Norton and Conway products, and nim multiplication.

use crate::game::{deep, Arena, GameId, Nus, RangeError};
use crate::number::Dyadic;
use hashbrown::HashMap;

/// Nim multiplication of `a` and `b`, both below `2^bits` (`bits` a power of two).
fn nim_mul_bits(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let c = nim_mul_bits(a0, b0, h);
    let d = nim_mul_bits(a1, b1, h);
    let e = nim_mul_bits(a0 ^ a1, b0 ^ b1, h);
    // With D = 2^h a Fermat 2-power, D⊗D = D ⊕ D/2.
    let hi = e ^ c;
    let lo = c ^ nim_mul_bits(d, 1u64 << (h - 1), h);
    (hi << h) | lo
}

/// Nim multiplication (the field of nimbers).
pub fn nim_mul(a: u64, b: u64) -> u64 {
    nim_mul_bits(a, b, 64)
}

impl Arena {
    /// The maximal incentives of `u` (dominated ones removed).
    pub fn incentives(&mut self, u: GameId) -> Vec<GameId> {
        let mut all = self.left_incentives(u);
        all.extend(self.right_incentives(u));
        self.maximal(all)
    }

    /// Maximal elements of `G^L - G`.
    pub fn left_incentives(&mut self, g: GameId) -> Vec<GameId> {
        let opts = self.left_options(g).to_vec();
        let ng = self.neg(g);
        let v = opts.iter().map(|&l| self.add(l, ng)).collect();
        self.maximal(v)
    }

    /// Maximal elements of `G - G^R`.
    pub fn right_incentives(&mut self, g: GameId) -> Vec<GameId> {
        let opts = self.right_options(g).to_vec();
        let v = opts.iter().map(|&r| self.sub(g, r)).collect();
        self.maximal(v)
    }

    /// The elements not below another (duplicates removed).
    pub fn maximal(&mut self, mut v: Vec<GameId>) -> Vec<GameId> {
        v.sort_unstable();
        v.dedup();
        let keep: Vec<bool> = (0..v.len())
            .map(|i| !(0..v.len()).any(|j| i != j && self.le(v[i], v[j])))
            .collect();
        v.into_iter()
            .zip(keep)
            .filter(|(_, k)| *k)
            .map(|(g, _)| g)
            .collect()
    }

    /// The Norton product `G.U`: n copies of U for an integer n, otherwise
    /// {G^L.U + (U+I) | G^R.U - (U+I)} over the maximal incentives I of U.
    pub fn norton_product(&mut self, g: GameId, u: GameId) -> Result<GameId, RangeError> {
        let mut memo = HashMap::new();
        let inc = self.incentives(u);
        let shifts: Vec<GameId> = inc.iter().map(|&i| self.add(u, i)).collect();
        self.norton_memo(g, u, &shifts, &mut memo)
    }

    fn norton_memo(
        &mut self,
        g: GameId,
        u: GameId,
        shifts: &[GameId],
        memo: &mut HashMap<GameId, GameId>,
    ) -> Result<GameId, RangeError> {
        if let Some(n) = self.as_number(g).and_then(|x| x.to_bigint()) {
            return self.multiple(&n, u);
        }
        if let Some(&r) = memo.get(&g) {
            return Ok(r);
        }
        let r = deep(|| -> Result<GameId, RangeError> {
            let (gl, gr) = (
                self.left_options(g).to_vec(),
                self.right_options(g).to_vec(),
            );
            let mut l = Vec::new();
            for &x in &gl {
                let p = self.norton_memo(x, u, shifts, memo)?;
                for &s in shifts {
                    l.push(self.try_add(p, s)?);
                }
            }
            let mut r = Vec::new();
            for &x in &gr {
                let p = self.norton_memo(x, u, shifts, memo)?;
                for &s in shifts {
                    let ns = self.neg(s);
                    r.push(self.try_add(p, ns)?);
                }
            }
            Ok(self.construct(l, r))
        })?;
        memo.insert(g, r);
        Ok(r)
    }

    /// Conway's product GH = {G^L H + G H^L − G^L H^L, … | …} on canonical
    /// forms; numbers multiply, nimbers use nim multiplication, integers repeat.
    pub fn conway_product(&mut self, g: GameId, h: GameId) -> Result<GameId, RangeError> {
        let mut memo = HashMap::new();
        self.conway_memo(g, h, &mut memo)
    }

    fn conway_memo(
        &mut self,
        g: GameId,
        h: GameId,
        memo: &mut HashMap<(GameId, GameId), GameId>,
    ) -> Result<GameId, RangeError> {
        if let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h)) {
            let p = Dyadic::new(x.numerator() * y.numerator(), x.exponent() + y.exponent());
            return Ok(self.number(p));
        }
        if self.is_nimber(g) && self.is_nimber(h) {
            let (a, b) = (self.as_nus(g).unwrap().nim, self.as_nus(h).unwrap().nim);
            return Ok(self.nus(Nus {
                nim: nim_mul(a, b),
                ..Nus::default()
            }));
        }
        if let Some(n) = self.as_number(g).and_then(|x| x.to_bigint()) {
            return self.multiple(&n, h);
        }
        if let Some(n) = self.as_number(h).and_then(|x| x.to_bigint()) {
            return self.multiple(&n, g);
        }
        if let Some(&r) = memo.get(&(g, h)) {
            return Ok(r);
        }
        let r = deep(|| -> Result<GameId, RangeError> {
            let (gl, gr) = (
                self.left_options(g).to_vec(),
                self.right_options(g).to_vec(),
            );
            let (hl, hr) = (
                self.left_options(h).to_vec(),
                self.right_options(h).to_vec(),
            );
            // term(a, b) = a·H + G·b − a·b
            let mut term = |s: &mut Self, a: GameId, b: GameId| -> Result<GameId, RangeError> {
                let ah = s.conway_memo(a, h, memo)?;
                let gb = s.conway_memo(g, b, memo)?;
                let ab = s.conway_memo(a, b, memo)?;
                let nab = s.neg(ab);
                let t = s.try_add(ah, gb)?;
                s.try_add(t, nab)
            };
            let mut l = Vec::new();
            let mut r = Vec::new();
            for &a in &gl {
                for &b in &hl {
                    l.push(term(self, a, b)?);
                }
                for &b in &hr {
                    r.push(term(self, a, b)?);
                }
            }
            for &a in &gr {
                for &b in &hr {
                    l.push(term(self, a, b)?);
                }
                for &b in &hl {
                    r.push(term(self, a, b)?);
                }
            }
            Ok(self.construct(l, r))
        })?;
        memo.insert((g, h), r);
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::nim_mul;

    #[test]
    fn nim_multiplication() {
        assert_eq!(nim_mul(2, 2), 3);
        assert_eq!(nim_mul(4, 4), 6);
        assert_eq!(nim_mul(19, 23), 86);
        assert_eq!(nim_mul(8, 8), 13);
        for a in 0..64 {
            assert_eq!(nim_mul(a, 1), a);
            for b in 0..64 {
                assert_eq!(nim_mul(a, b), nim_mul(b, a));
            }
        }
    }
}
