//! Thermographs by the scaffold construction, exact (dyadic critical points,
//! integer slopes), cached per game id. Mean and temperature come from them.

use crate::game::{deep, Arena, GameId, Nus};
use crate::number::Dyadic;
use std::sync::Arc;

/// One straight piece of a wall: value `v0` at `t0`, then `slope` until the next piece.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Piece {
    t0: Dyadic,
    v0: Dyadic,
    slope: i64,
}

/// A piecewise-linear function of the temperature `t >= -1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    pieces: Vec<Piece>,
}

fn mul(x: &Dyadic, k: i64) -> Dyadic {
    Dyadic::new(x.numerator() * k, x.exponent())
}

fn div(x: &Dyadic, k: i64) -> Dyadic {
    match k {
        1 => x.clone(),
        -1 => -x,
        2 => x.shl(-1),
        -2 => (-x).shl(-1),
        _ => {
            let r =
                Dyadic::from_fraction(x.numerator(), num_bigint::BigInt::from(k) << x.exponent());
            r.expect("thermograph slopes are small integers")
        }
    }
}

impl Trajectory {
    /// The constant function `v`.
    pub fn constant(v: Dyadic) -> Self {
        Trajectory {
            pieces: vec![Piece {
                t0: Dyadic::from_i64(-1),
                v0: v,
                slope: 0,
            }],
        }
    }

    fn piece_at(&self, t: &Dyadic) -> &Piece {
        let k = self.pieces.partition_point(|p| p.t0 <= *t);
        &self.pieces[k.max(1) - 1]
    }

    /// The value at temperature `t`.
    pub fn eval(&self, t: &Dyadic) -> Dyadic {
        let p = self.piece_at(t);
        &p.v0 + &mul(&(t - &p.t0), p.slope)
    }

    /// The wall as printed, `Trajectory(mast,[cps],[slopes])`: its mast
    /// value, critical points in descending order and the slopes from the
    /// mast down (one more than the critical points). An error names what
    /// is not a wall: descending critical points above -1, a vertical mast
    /// (slope 0 at the top).
    pub fn from_parts(mast: Dyadic, cps: &[Dyadic], slopes: &[i64]) -> Result<Self, String> {
        if slopes.len() != cps.len() + 1 {
            return Err("a wall has one slope more than critical points".into());
        }
        if slopes[0] != 0 {
            return Err("the mast of a wall is vertical: its first slope is 0".into());
        }
        let minus_one = Dyadic::from_i64(-1);
        if cps.windows(2).any(|w| w[0] <= w[1]) || cps.last().is_some_and(|c| *c <= minus_one) {
            return Err("critical points are listed in descending order, above -1".into());
        }
        // From the mast down: each piece ends where the one above begins.
        let mut pieces = Vec::with_capacity(slopes.len());
        let (mut top_t, mut top_v) = (None::<Dyadic>, mast);
        for (k, &slope) in slopes.iter().enumerate() {
            let t0 = cps.get(k).cloned().unwrap_or_else(|| minus_one.clone());
            let v0 = match &top_t {
                None => top_v.clone(),
                Some(t) => &top_v - &mul(&(t - &t0), slope),
            };
            pieces.push(Piece {
                t0: t0.clone(),
                v0: v0.clone(),
                slope,
            });
            top_t = Some(t0);
            top_v = v0;
        }
        pieces.reverse();
        Ok(Trajectory { pieces }.simplified())
    }

    /// The value far above every critical point.
    pub fn mast(&self) -> Dyadic {
        self.pieces.last().expect("non-empty").v0.clone()
    }

    /// `self(t) + c·t`.
    fn tilt(&self, c: i64) -> Self {
        let pieces = self
            .pieces
            .iter()
            .map(|p| Piece {
                t0: p.t0.clone(),
                v0: &p.v0 + &mul(&p.t0, c),
                slope: p.slope + c,
            })
            .collect();
        Trajectory { pieces }
    }

    fn negate(&self) -> Self {
        let pieces = self
            .pieces
            .iter()
            .map(|p| Piece {
                t0: p.t0.clone(),
                v0: -&p.v0,
                slope: -p.slope,
            })
            .collect();
        Trajectory { pieces }
    }

    fn breakpoints(a: &Self, b: &Self) -> Vec<Dyadic> {
        let mut ts: Vec<Dyadic> = a
            .pieces
            .iter()
            .chain(b.pieces.iter())
            .map(|p| p.t0.clone())
            .collect();
        ts.sort();
        ts.dedup();
        ts
    }

    /// Pointwise maximum.
    fn max(a: &Self, b: &Self) -> Self {
        let ts = Self::breakpoints(a, b);
        let mut pieces = Vec::new();
        for (k, p) in ts.iter().enumerate() {
            let next = ts.get(k + 1);
            let (fa, fb) = (a.eval(p), b.eval(p));
            let (sa, sb) = (a.piece_at(p).slope, b.piece_at(p).slope);
            let a_wins = fa > fb || (fa == fb && sa >= sb);
            let (fw, sw, fl, sl) = if a_wins {
                (fa, sa, fb, sb)
            } else {
                (fb, sb, fa, sa)
            };
            pieces.push(Piece {
                t0: p.clone(),
                v0: fw.clone(),
                slope: sw,
            });
            if sl > sw {
                let cross = p + &div(&(&fw - &fl), sl - sw);
                if next.is_none_or(|q| cross < *q) && cross > *p {
                    let v = &fw + &mul(&(&cross - p), sw);
                    pieces.push(Piece {
                        t0: cross,
                        v0: v,
                        slope: sl,
                    });
                }
            }
        }
        Trajectory { pieces }.simplified()
    }

    fn min(a: &Self, b: &Self) -> Self {
        Self::max(&a.negate(), &b.negate()).negate()
    }

    fn add(a: &Self, b: &Self) -> Self {
        let ts = Self::breakpoints(a, b);
        let pieces = ts
            .iter()
            .map(|p| Piece {
                t0: p.clone(),
                v0: &a.eval(p) + &b.eval(p),
                slope: a.piece_at(p).slope + b.piece_at(p).slope,
            })
            .collect();
        Trajectory { pieces }.simplified()
    }

    /// Merge pieces that continue the previous one.
    fn simplified(mut self) -> Self {
        let mut out: Vec<Piece> = Vec::with_capacity(self.pieces.len());
        for p in self.pieces.drain(..) {
            if let Some(last) = out.last() {
                if last.slope == p.slope {
                    continue;
                }
            }
            out.push(p);
        }
        Trajectory { pieces: out }
    }

    /// This function below `tau`, the constant `mast` from `tau` up.
    fn capped(&self, tau: &Dyadic, mast: &Dyadic) -> Self {
        let mut pieces: Vec<Piece> = self
            .pieces
            .iter()
            .filter(|p| p.t0 < *tau)
            .cloned()
            .collect();
        pieces.push(Piece {
            t0: tau.clone(),
            v0: mast.clone(),
            slope: 0,
        });
        Trajectory { pieces }.simplified()
    }

    /// Critical points (where the slope changes), in descending order.
    pub fn critical_points(&self) -> Vec<Dyadic> {
        self.pieces
            .iter()
            .skip(1)
            .rev()
            .map(|p| p.t0.clone())
            .collect()
    }

    /// Slopes from the mast downwards: above the first critical point, then below each.
    pub fn slopes(&self) -> Vec<i64> {
        self.pieces.iter().rev().map(|p| p.slope).collect()
    }

    fn body(&self) -> String {
        let cps: Vec<String> = self
            .critical_points()
            .iter()
            .map(|c| c.to_string())
            .collect();
        let slopes: Vec<String> = self.slopes().iter().map(|s| s.to_string()).collect();
        format!("{},[{}],[{}]", self.mast(), cps.join(","), slopes.join(","))
    }
}

impl std::fmt::Display for Trajectory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Trajectory({})", self.body())
    }
}

/// The thermograph of a game: its two walls, temperature and mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// Left wall: the value Left reaches at each temperature.
    pub left: Trajectory,
    /// Right wall.
    pub right: Trajectory,
    /// Where the mast begins.
    pub temperature: Dyadic,
}

impl Thermograph {
    /// A thermograph from its walls, as `Thermograph(...)` prints it; the
    /// temperature is where the mast begins (-1 when neither wall bends).
    pub fn from_walls(left: Trajectory, right: Trajectory) -> Result<Self, String> {
        if left.mast() != right.mast() {
            return Err("the two walls of a thermograph meet in one mast".into());
        }
        let top = |w: &Trajectory| w.critical_points().first().cloned();
        let temperature = match (top(&left), top(&right)) {
            (Some(a), Some(b)) => a.max(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => Dyadic::from_i64(-1),
        };
        Ok(Thermograph {
            left,
            right,
            temperature,
        })
    }

    /// The mast value.
    pub fn mean(&self) -> Dyadic {
        self.left.mast()
    }
}

impl std::fmt::Display for Thermograph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Thermograph({},{})", self.left.body(), self.right.body())
    }
}

impl Arena {
    /// The thermograph of `g`, computed once per id.
    ///
    /// ```
    /// use cgt_core::game::Arena;
    /// let mut arena = Arena::new();
    /// let (one, two, three) = (arena.integer(1), arena.integer(2), arena.integer(3));
    /// let right = arena.construct(vec![two], vec![one]); // {2|1}
    /// let g = arena.construct(vec![three], vec![right]); // {3||2|1}
    /// let t = arena.thermograph(g);
    /// assert_eq!(t.to_string(), "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2],[0,1,0])");
    /// ```
    pub fn thermograph(&mut self, g: GameId) -> Arc<Thermograph> {
        if let Some(t) = self.thermo_cache.get(&g) {
            return t.clone();
        }
        let t = Arc::new(deep(|| self.compute_thermograph(g)));
        self.thermo_cache.insert(g, t.clone());
        t
    }

    /// The mean value (the mast of the thermograph); additive over sums.
    pub fn mean(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).mean()
    }

    /// The temperature (CGSuite's convention: `m/2^n` has temperature `-1/2^n`, integers `-1`).
    pub fn temperature(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).temperature.clone()
    }

    fn compute_thermograph(&mut self, g: GameId) -> Thermograph {
        if let Some(v) = self.as_nus(g).cloned() {
            if v.is_number() && v.number.is_integer() {
                let w = Trajectory::constant(v.number.clone());
                return Thermograph {
                    left: w.clone(),
                    right: w,
                    temperature: Dyadic::from_i64(-1),
                };
            }
            if !v.is_number() {
                // x + n↑ + *k has the thermograph of x*, x↑ or x↓.
                let rep = if v.ups == 0 || (v.ups.abs() == 1 && v.nim == 1) {
                    Nus {
                        number: v.number.clone(),
                        ups: 0,
                        nim: 1,
                    }
                } else {
                    Nus {
                        number: v.number.clone(),
                        ups: v.ups.signum(),
                        nim: 0,
                    }
                };
                if rep != v {
                    let r = self.nus(rep);
                    return (*self.thermograph(r)).clone();
                }
            }
        }
        let left = self.left_options(g);
        let right = self.right_options(g);
        let mut ls: Option<Trajectory> = None;
        for &l in left.iter() {
            let w = self.thermograph(l).right.clone();
            ls = Some(match ls {
                None => w,
                Some(cur) => Trajectory::max(&cur, &w),
            });
        }
        let mut rs: Option<Trajectory> = None;
        for &r in right.iter() {
            let w = self.thermograph(r).left.clone();
            rs = Some(match rs {
                None => w,
                Some(cur) => Trajectory::min(&cur, &w),
            });
        }
        let (ls, rs) = (
            ls.expect("Left options").tilt(-1),
            rs.expect("Right options").tilt(1),
        );
        // Least t >= -1 with ls(t) <= rs(t); ls - rs is non-increasing.
        let d = Trajectory::add(&ls, &rs.negate());
        let mut tau = None;
        for (k, p) in d.pieces.iter().enumerate() {
            if p.v0.signum() <= 0 {
                tau = Some(p.t0.clone());
                break;
            }
            if p.slope < 0 {
                let cross = &p.t0 + &div(&p.v0, -p.slope);
                if d.pieces.get(k + 1).is_none_or(|q| cross < q.t0) {
                    tau = Some(cross);
                    break;
                }
            }
        }
        let tau = tau.expect("scaffolds of a short game meet");
        let minus_one = Dyadic::from_i64(-1);
        let mast = if tau == minus_one && d.eval(&minus_one).signum() < 0 {
            // The scaffolds already cross at t = -1: mast at the simplest number between them.
            let (a, b) = (ls.eval(&minus_one), rs.eval(&minus_one));
            Dyadic::simplest_in(Some((&a, true)), Some((&b, true))).expect("a <= b")
        } else {
            ls.eval(&tau)
        };
        Thermograph {
            left: ls.capped(&tau, &mast),
            right: rs.capped(&tau, &mast),
            temperature: tau,
        }
    }
}
