//! Uptimals: values `x + *m + a1·↑ + a2·↑^<2> + … + ak·↑^<k>`.
//!
//! ↑^<1> = ↑, ↑^[n] = ↑^<1> + … + ↑^<n> = {↑^[n-1] | *} and
//! ↑^<n+1> = {0 | ↓^[n] *}. Recognition is exact: it extracts the
//! coefficients one power at a time and succeeds only if the remainder is 0.

use crate::game::{Arena, GameId, Nus};
use crate::number::{BigInt, Dyadic};
use num_traits::ToPrimitive;
use std::sync::Arc;

/// The uptimal expansion `x*m.d1d2…dk` of a value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Uptimal {
    /// The number part x.
    pub number: Dyadic,
    /// The nimber part m of `*m`.
    pub nim: u64,
    /// Coefficients of ↑^<1>, ↑^<2>, …; no trailing zeros.
    pub coeffs: Vec<i64>,
}

impl Uptimal {
    /// `Some((n, sign))` if the infinitesimal part is the unit `±↑^<n>` (n >= 2).
    pub fn unit(&self) -> Option<(usize, i64)> {
        let nonzero: Vec<(usize, i64)> = self
            .coeffs
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .map(|(i, &c)| (i + 1, c))
            .collect();
        match nonzero.as_slice() {
            [(n, c)] if *n >= 2 && c.abs() == 1 => Some((*n, *c)),
            _ => None,
        }
    }

    /// `Some((n, sign))` if the infinitesimal part is the unit sum `±↑^[n]` (n >= 2).
    pub fn unit_sum(&self) -> Option<(usize, i64)> {
        let n = self.coeffs.len();
        let first = *self.coeffs.first()?;
        (n >= 2 && first.abs() == 1 && self.coeffs.iter().all(|&c| c == first))
            .then_some((n, first))
    }

    /// CGSuite's text form `x*m.d1d2…`: digits 0-9, A-Z, then `(n)`; a negative digit is followed by `-`.
    pub fn expansion_string(&self) -> String {
        let mut s = String::new();
        if !self.number.is_zero() || self.nim == 0 {
            s.push_str(&self.number.to_string());
        }
        if self.nim == 1 {
            s.push('*');
        } else if self.nim > 1 {
            s.push_str(&format!("*{}", self.nim));
        }
        s.push('.');
        if self.coeffs.is_empty() {
            s.push('0');
        }
        for &c in &self.coeffs {
            let a = c.unsigned_abs();
            match a {
                0..=9 => s.push(char::from(b'0' + a as u8)),
                10..=35 => s.push(char::from(b'A' + (a - 10) as u8)),
                _ => s.push_str(&format!("({a})")),
            }
            if c < 0 {
                s.push('-');
            }
        }
        s
    }
}

impl Arena {
    /// ↑^[n] = ↑ + ↑^<2> + … + ↑^<n>, built as {↑^[n-1] | *}.
    pub fn up_power_sum(&mut self, n: u32) -> GameId {
        if let Some(&g) = self.power_cache.get(&(false, n)) {
            return g;
        }
        // Bottom-up from the largest sum built so far: no recursion n levels deep.
        // Start after the largest sum built so far (below n).
        let k = 1 + self
            .power_cache
            .keys()
            .filter(|&&(power, j)| !power && j < n)
            .map(|&(_, j)| j)
            .max()
            .unwrap_or(0);
        // Each new power costs at least this much memory (measured: about
        // 860 bytes for the sums, twice that with the power on top): refuse
        // at once what cannot fit under the memory limit.
        const BYTES_PER_POWER: usize = 800;
        let limit = crate::interrupt::memory_limit();
        let needed = (n.max(1) - k) as usize * BYTES_PER_POWER;
        if limit > 0 && crate::interrupt::live_bytes().saturating_add(needed) > limit {
            crate::interrupt::unsupported(format!(
                "building the powers of up to ^[{n}] needs at least {} MB, over the memory limit of {} MB: raise it with --max-memory",
                needed >> 20,
                limit >> 20
            ));
        }
        let mut g = match k {
            1 => self.up(1),
            _ => self.power_cache[&(false, k - 1)],
        };
        let star = self.nimber(1);
        for j in k..=n.max(1) {
            if j > 1 {
                crate::interrupt::check();
                g = self.construct(vec![g], vec![star]);
            }
            self.power_cache.insert((false, j), g);
        }
        self.note_uptimal(g, vec![1; n.max(1) as usize]);
        g
    }

    /// Record the known expansion of a power of up, so printing it never
    /// has to recognise it.
    fn note_uptimal(&mut self, g: GameId, coeffs: Vec<i64>) {
        if self.as_nus(g).is_none() {
            let u = Uptimal {
                number: Dyadic::zero(),
                nim: 0,
                coeffs,
            };
            self.uptimal_cache.insert(g, Some(Arc::new(u)));
        }
    }

    /// ↑^<n>, the n-th power of up: ↑^<n+1> = {0 | ↓^[n] *}.
    pub fn up_power(&mut self, n: u32) -> GameId {
        if let Some(&g) = self.power_cache.get(&(true, n)) {
            return g;
        }
        let g = if n <= 1 {
            self.up(1)
        } else {
            let s = self.up_power_sum(n - 1);
            let down_s = self.neg(s);
            let star = self.nimber(1);
            let r = self.add(down_s, star);
            let zero = self.zero();
            self.construct(vec![zero], vec![r])
        };
        self.power_cache.insert((true, n), g);
        let mut coeffs = vec![0; n.max(1) as usize];
        coeffs[n.max(1) as usize - 1] = 1;
        self.note_uptimal(g, coeffs);
        g
    }

    /// The game `x + *m + Σ a_i ↑^<i>`.
    pub fn from_uptimal(&mut self, u: &Uptimal) -> Result<GameId, crate::game::RangeError> {
        let mut acc = self.nus(Nus {
            number: u.number.clone(),
            ups: 0,
            nim: u.nim,
        });
        for (i, &c) in u.coeffs.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let p = self.up_power(i as u32 + 1);
            let term = self.multiple(&BigInt::from(c), p)?;
            acc = self.try_add(acc, term)?;
        }
        Ok(acc)
    }

    /// The far star index N: `*N` exceeds every nimber among the followers.
    pub fn far_star(&mut self, g: GameId) -> u64 {
        if let Some(v) = self.as_nus(g) {
            let top = if v.ups == 0 {
                v.nim
            } else {
                v.nim.max(v.nim ^ 1)
            };
            return (top + 1).max(1);
        }
        if let Some(&n) = self.far_star_cache.get(&g) {
            return n;
        }
        let n = crate::game::deep(|| {
            let l = self.left_options(g);
            let r = self.right_options(g);
            l.iter()
                .chain(r.iter())
                .map(|&o| self.far_star(o))
                .max()
                .unwrap_or(1)
                .max(1)
        });
        self.far_star_cache.insert(g, n);
        n
    }

    /// The uptimal expansion of `g`, if `g` is an uptimal.
    pub fn uptimal(&mut self, g: GameId) -> Option<Arc<Uptimal>> {
        if let Some(v) = self.as_nus(g) {
            let coeffs = if v.ups == 0 { vec![] } else { vec![v.ups] };
            return Some(Arc::new(Uptimal {
                number: v.number.clone(),
                nim: v.nim,
                coeffs,
            }));
        }
        if let Some(u) = self.uptimal_cache.get(&g) {
            return u.clone();
        }
        // The options of an uptimal's canonical form are uptimals (by
        // induction on the sum of generators it equals: removing dominated
        // options keeps some, bypassing a reversible one brings in options of
        // options). So a game with an option that is not one is not one, and
        // is told without the sums recognition costs (which made printing the
        // long values of alternating Clobber strips take minutes).
        let options_are_uptimals = crate::game::deep(|| {
            let l = self.left_options(g);
            let r = self.right_options(g);
            l.iter().chain(r.iter()).all(|&o| self.uptimal(o).is_some())
        });
        let u = if options_are_uptimals {
            self.recognize_uptimal(g).map(Arc::new)
        } else {
            None
        };
        self.uptimal_cache.insert(g, u.clone());
        u
    }

    fn recognize_uptimal(&mut self, g: GameId) -> Option<Uptimal> {
        let (ls, rs) = self.stops(g);
        if ls != rs {
            return None;
        }
        let minus_x = self.number(-&ls);
        let u = self.add(g, minus_x);
        if !self.is_all_small(u) {
            return None;
        }
        let bound = self
            .birthday(u)
            .to_i64()
            .unwrap_or(i64::MAX / 4)
            .min(1 << 20);
        let stars = self.far_star(u).next_power_of_two();
        for m in 0..stars {
            let star = self.nimber(m);
            let v = self.add(u, star);
            if let Some(coeffs) = self.extract_star_free(v, bound) {
                return Some(Uptimal {
                    number: ls,
                    nim: m,
                    coeffs,
                });
            }
        }
        None
    }

    /// Coefficients of a star-free uptimal `v`, read off one power at a time:
    /// star-free uptimals are ordered lexicographically by their coefficients.
    fn extract_star_free(&mut self, mut v: GameId, bound: i64) -> Option<Vec<i64>> {
        let mut coeffs = Vec::new();
        let zero = self.zero();
        let mut level: u32 = 1;
        while v != zero {
            if level as i64 > bound + 1 {
                return None;
            }
            let p = self.up_power(level);
            // Largest a in [-(B+1), B+1] with a·p <= v (monotone in a since p > 0),
            // by a search that widens from 0: coefficients are usually small.
            let at_most = |ar: &mut Arena, a: i64| -> Option<bool> {
                let m = ar.multiple(&BigInt::from(a), p).ok()?;
                Some(ar.le(m, v))
            };
            let (top, bottom) = (bound + 1, -(bound + 1));
            let (mut lo, mut hi); // at_most(lo), !at_most(hi) (hi = top + 1: unknown)
            if at_most(self, 0)? {
                lo = 0;
                hi = top + 1;
                let mut step = 1;
                while lo < top {
                    let c = (lo + step).min(top);
                    if at_most(self, c)? {
                        lo = c;
                        step *= 2;
                    } else {
                        hi = c;
                        break;
                    }
                }
            } else {
                hi = 0;
                let mut step = 1;
                loop {
                    if hi == bottom {
                        return None;
                    }
                    let c = (hi - step).max(bottom);
                    if at_most(self, c)? {
                        lo = c;
                        break;
                    }
                    hi = c;
                    step *= 2;
                }
            }
            while hi - lo > 1 && lo < top {
                let mid = lo + (hi - lo) / 2;
                if at_most(self, mid)? {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            let neg_p = self.neg(p);
            let mut found = None;
            for a in [lo, lo + 1] {
                let ap = self.multiple(&BigInt::from(a), p).ok()?;
                let neg_ap = self.neg(ap);
                let rest = self.add(v, neg_ap);
                // The tail is infinitesimal next to p: -p < 2·rest < p. (The other
                // candidate leaves p + tail, whose double exceeds p.)
                let twice = self.add(rest, rest);
                if self.le(twice, p) && twice != p && self.le(neg_p, twice) && twice != neg_p {
                    found = Some((a, rest));
                    break;
                }
            }
            let (a, rest) = found?;
            coeffs.push(a);
            v = rest;
            level += 1;
        }
        while coeffs.last() == Some(&0) {
            coeffs.pop();
        }
        Some(coeffs)
    }
}
