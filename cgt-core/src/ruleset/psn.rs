//! Partizan-Serial-Nim (Hashimoto, arXiv:2608.19876): Left takes from the
//! leftmost non-empty pile, Right from the non-empty pile of smallest σ.
//!
//! Besides the ruleset (values through the generic engine) this module holds
//! the paper's algorithms, independent of the engine: thresholds and outcome
//! by Theorem 3.2 in O(n²), the uniform case by Theorem 4.2 in O(n), and the
//! misère outcome by the reduction of Remark 2.4. Statements are numbered as
//! in `docs/spec/psn.md`.

use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;
use crate::analysis::Outcome;
use crate::game::{Arena, GameId};
use hashbrown::HashMap;

/// Partizan-Serial-Nim in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "psn",
    constructors: &[
        Constructor {
            name: "psn",
            signature: "psn([w1,...,wn], [s1,...,sn]) or psn(w, sigma_left, sigma_right)",
            arity: 2..=3,
            help: "A Partizan-Serial-Nim position: pile i holds wi stones; Left takes from the leftmost non-empty pile, Right from the non-empty pile of smallest s. With two permutations each player has their own priority; the position is renumbered so that Left's is the identity.",
            example: "value(psn([3,3,3,3], [3,2,4,1]))",
            build: |args| {
                let w = piles(args)?;
                let perm = |k| Arg::ints::<usize>(args, k, "a permutation");
                let (rules, piles) = if args.len() == 2 {
                    let sigma = perm(1)?;
                    if sigma.len() != w.len() {
                        return Err(ArgError::at(1, "σ needs one entry per pile"));
                    }
                    (Psn::new(sigma).map_err(|e| ArgError::at(1, e))?, w)
                } else {
                    let (l, r) = (perm(1)?, perm(2)?);
                    Psn::from_two(&l, &r, &w).map_err(ArgError::call)?
                };
                Ok(Positioned::boxed(rules, piles))
            },
        },
        Constructor {
            name: "serial_nim",
            signature: "serial_nim([w1,...,wn])",
            arity: 1..=1,
            help: "Serial-Nim (Levine): both players take from the leftmost non-empty pile; PSN with σ the identity. Equals *w1 -> *w2 -> ... -> *wn.",
            example: "value(serial_nim([3,5,2,3,3,1,9]))",
            build: |args| with_sigma(args, |n| (1..=n).collect()),
        },
        Constructor {
            name: "end_nim",
            signature: "end_nim([w1,...,wn])",
            arity: 1..=1,
            help: "Partizan-End-Nim: Left takes from the leftmost non-empty pile, Right from the rightmost; PSN with σ reversed.",
            example: "psn_outcome(end_nim([3,5,2,3,3,1,9]))",
            build: |args| with_sigma(args, |n| (1..=n).rev().collect()),
        },
    ],
    words: &[],
};

/// The piles (the first argument) under the permutation `sigma(n)` of n piles.
fn with_sigma(
    args: &[Arg],
    sigma: fn(usize) -> Vec<usize>,
) -> Result<std::sync::Arc<dyn super::registry::AnyPosition>, ArgError> {
    let w = piles(args)?;
    let rules = Psn::new(sigma(w.len())).map_err(|e| ArgError::at(0, e))?;
    Ok(Positioned::boxed(rules, w))
}

/// The piles argument (the first) of the constructors.
fn piles(args: &[Arg]) -> Result<Vec<u64>, ArgError> {
    if !matches!(args[0], Arg::List(_)) {
        return Err(ArgError::at(0, "expected a list such as [2,3,1]"));
    }
    Arg::ints::<u64>(args, 0, "the piles")
        .map_err(|_| ArgError::at(0, "pile sizes must be integers from 0 to 2^64-1"))
}

impl Notation for Psn {
    fn text(&self, piles: &Vec<u64>) -> String {
        let join = |v: Vec<String>| v.join(",");
        format!(
            "psn([{}],[{}])",
            join(piles.iter().map(|x| x.to_string()).collect()),
            join(self.sigma().iter().map(|x| x.to_string()).collect())
        )
    }
}

/// A Partizan-Serial-Nim ruleset: `sigma[i]` is pile `i`'s rank for Right
/// (1 = first choice); Left's ranks are the pile order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Psn {
    sigma: Vec<usize>,
    /// `pos[k]` = the pile of Right-rank `k + 1`.
    pos: Vec<usize>,
}

/// A threshold of Definition 3.1: a number of stones, or ∞.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Threshold {
    /// A finite number of stones.
    Finite(u128),
    /// No size works (∞).
    Infinite,
}

impl std::fmt::Display for Threshold {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Threshold::Finite(n) => write!(f, "{n}"),
            Threshold::Infinite => f.write_str("inf"),
        }
    }
}

impl Psn {
    /// The ruleset for a permutation σ of 1..=n (Right's ranks).
    pub fn new(sigma: Vec<usize>) -> Result<Self, String> {
        let n = sigma.len();
        let mut pos = vec![usize::MAX; n];
        for (i, &s) in sigma.iter().enumerate() {
            if s == 0 || s > n || pos[s - 1] != usize::MAX {
                return Err(format!("{sigma:?} is not a permutation of 1..{n}"));
            }
            pos[s - 1] = i;
        }
        Ok(Psn { sigma, pos })
    }

    /// The general two-permutation form, normalised to σ^L = identity:
    /// returns the ruleset and the position with its piles renumbered.
    pub fn from_two(
        sigma_left: &[usize],
        sigma_right: &[usize],
        w: &[u64],
    ) -> Result<(Self, Vec<u64>), String> {
        let n = w.len();
        if sigma_left.len() != n || sigma_right.len() != n {
            return Err("the position and both permutations need the same length".into());
        }
        let left = Psn::new(sigma_left.to_vec())?;
        Psn::new(sigma_right.to_vec())?;
        // New index of old pile i is σ^L(i); σ = σ^R ∘ (σ^L)^{-1}.
        let mut w2 = vec![0; n];
        let mut sigma = vec![0; n];
        for (j, (w_new, s_new)) in w2.iter_mut().zip(sigma.iter_mut()).enumerate() {
            let old = left.pos[j];
            *w_new = w[old];
            *s_new = sigma_right[old];
        }
        Ok((Psn::new(sigma)?, w2))
    }

    /// Right's ranks σ(1..n).
    pub fn sigma(&self) -> &[usize] {
        &self.sigma
    }

    /// The number of piles.
    pub fn piles(&self) -> usize {
        self.sigma.len()
    }

    /// Left's target: the leftmost non-empty pile.
    pub fn left_target(&self, w: &[u64]) -> Option<usize> {
        w.iter().position(|&x| x > 0)
    }

    /// Right's target: the non-empty pile of smallest σ.
    pub fn right_target(&self, w: &[u64]) -> Option<usize> {
        self.pos.iter().copied().find(|&i| w[i] > 0)
    }

    fn options_at(&self, w: &[u64], target: Option<usize>) -> Vec<Vec<u64>> {
        match target {
            None => vec![],
            Some(t) if w[t] > crate::game::NIMBER_OPTIONS_LIMIT => crate::interrupt::unsupported(format!(
                "a pile of {} stones has that many options; cgt lists at most 2^20 options of one position (psn_outcome and psn_thresholds take piles of any size)",
                w[t]
            )),
            Some(t) => (0..w[t])
                .map(|k| {
                    let mut v = w.to_vec();
                    v[t] = k;
                    v
                })
                .collect(),
        }
    }

    /// Thresholds `(L(w), R(w))` and the outcome by Theorem 3.2, in O(n²).
    ///
    /// ```
    /// use cgt_core::analysis::Outcome;
    /// use cgt_core::ruleset::psn::{Psn, Threshold};
    /// let p = Psn::new(vec![10, 1, 3, 9, 2, 5, 7, 6, 8, 4]).unwrap(); // Figure 1
    /// let (th, o) = p.thresholds(&[2, 3, 1, 5, 2, 3, 1, 3, 2, 3]);
    /// assert_eq!(th, Some((Threshold::Finite(10), Threshold::Finite(0))));
    /// assert_eq!(o, Outcome::R);
    /// ```
    /// `None` thresholds for `w = 0` (outcome P).
    pub fn thresholds(&self, w: &[u64]) -> (Option<(Threshold, Threshold)>, Outcome) {
        let n = w.len() as u128;
        let total: u128 = w.iter().map(|&x| x as u128).sum();
        if (n + 1) * (n + 1) <= 1 << 26 && total < u64::MAX as u128 {
            return dense_thresholds(self, w);
        }
        let solver = ThresholdSolver::new(self, w);
        solver.solve()
    }

    /// The normal-play outcome by Theorem 3.2.
    pub fn outcome(&self, w: &[u64]) -> Outcome {
        self.thresholds(w).1
    }

    /// 𝓕(w): the non-empty positions reachable by removing Left's or Right's
    /// target pile, w included, each as (first pile, Right's smallest rank − 1)
    /// (0-based), i.e. the paper's point (x, σ(x′)) shifted by one.
    pub fn removal_family(&self, w: &[u64]) -> Vec<(usize, usize)> {
        let solver = ThresholdSolver::new(self, w);
        let mut seen = hashbrown::HashSet::new();
        let mut stack: Vec<State> = vec![(0, 0)];
        while let Some(s) = stack.pop() {
            let Some((l, r)) = solver.targets(s) else {
                continue;
            };
            // One key per position: its first pile and Right's smallest rank.
            if !seen.insert((l as u32, self.sigma[r] as u32 - 1)) {
                continue;
            }
            stack.push((l as u32 + 1, s.1));
            stack.push((s.0, self.sigma[r] as u32));
        }
        let mut v: Vec<(usize, usize)> = seen
            .into_iter()
            .map(|(x, y)| (x as usize, y as usize))
            .collect();
        v.sort_unstable();
        v
    }

    /// The outcome by Theorem 4.2 in O(n), for positions whose non-empty
    /// piles all hold the same m >= 2 stones.
    pub fn uniform_outcome(&self, w: &[u64]) -> Result<Outcome, String> {
        let n = w.len();
        let m = w.iter().copied().find(|&x| x > 0);
        if let Some(m) = m {
            if m < 2 || w.iter().any(|&x| x != 0 && x != m) {
                return Err("the uniform algorithm needs every non-empty pile to hold the same m >= 2 stones".into());
            }
        }
        #[derive(Copy, Clone)]
        enum Step {
            Shared,
            Split { l_shared: bool, r_shared: bool },
        }
        let mut removed: Vec<bool> = w.iter().map(|&x| x == 0).collect();
        let (mut li, mut ri) = (0usize, 0usize);
        let mut steps: Vec<Step> = Vec::with_capacity(n);
        loop {
            while li < n && removed[li] {
                li += 1;
            }
            while ri < n && removed[self.pos[ri]] {
                ri += 1;
            }
            if li == n {
                break;
            }
            let (l, r) = (li, self.pos[ri]);
            if l == r {
                steps.push(Step::Shared);
                removed[l] = true;
                continue;
            }
            removed[l] = true;
            removed[r] = true;
            // After removing both targets: w_L is in W= iff no pile lies
            // between l and r in index order; w_R iff none between r and l in σ order.
            let mut nl = li;
            while nl < n && removed[nl] {
                nl += 1;
            }
            let mut nr = ri;
            while nr < n && removed[self.pos[nr]] {
                nr += 1;
            }
            let l_shared = nl > r;
            let r_shared = nr > self.sigma[l] - 1;
            steps.push(Step::Split { l_shared, r_shared });
            li = nl;
            ri = nr;
        }
        let mut o = Outcome::P;
        for step in steps.into_iter().rev() {
            o = match step {
                Step::Shared => {
                    if o == Outcome::P {
                        Outcome::N
                    } else {
                        o
                    }
                }
                Step::Split { l_shared, r_shared } => match o {
                    Outcome::L => Outcome::L,
                    Outcome::R => Outcome::R,
                    Outcome::P => Outcome::P,
                    Outcome::N => match (l_shared, r_shared) {
                        (true, true) => Outcome::P,
                        (true, false) => Outcome::R,
                        (false, true) => Outcome::L,
                        (false, false) => Outcome::N,
                    },
                },
            };
        }
        Ok(o)
    }

    /// The misère outcome by Remark 2.4: o⁻(w) = o⁺(w, m) with a last pile of
    /// one stone that both players take last.
    pub fn misere_outcome(&self, w: &[u64]) -> Outcome {
        let mut sigma = self.sigma.clone();
        sigma.push(sigma.len() + 1);
        let mut w2 = w.to_vec();
        w2.push(1);
        Psn::new(sigma).expect("extended permutation").outcome(&w2)
    }

    /// The number of positions in the box {0..m}^n, if at most [`BOX_LIMIT`].
    pub fn box_size(n: usize, m: u64) -> Option<usize> {
        let total = m.checked_add(1)?.checked_pow(u32::try_from(n).ok()?)?;
        (total <= BOX_LIMIT).then_some(total as usize)
    }

    /// The position after `w` in the box {0..m}^n, in the odometer order
    /// (last pile fastest); false, with `w` back at all zeros, after the last.
    pub fn next_in_box(w: &mut [u64], m: u64) -> bool {
        for k in (0..w.len()).rev() {
            if w[k] < m {
                w[k] += 1;
                return true;
            }
            w[k] = 0;
        }
        false
    }

    /// Canonical values of every position in the box {0..m}^n, in the
    /// odometer order (last pile fastest): options always come earlier.
    /// A box of more than [`BOX_LIMIT`] positions stops with an error.
    pub fn box_values(&self, arena: &mut Arena, m: u64) -> Vec<GameId> {
        let n = self.piles();
        let base = m + 1;
        let Some(total) = Self::box_size(n, m) else {
            crate::interrupt::unsupported(format!(
                "the box {{0..{m}}}^{n} has more than 2^32 positions, the most one permutation's table holds"
            ));
        };
        let weights: Vec<usize> = (0..n)
            .map(|i| base.pow((n - 1 - i) as u32) as usize)
            .collect();
        crate::interrupt::ensure_room(total.saturating_mul(std::mem::size_of::<GameId>()));
        let mut values: Vec<GameId> = Vec::with_capacity(total);
        let mut w = vec![0u64; n];
        for idx in 0..total {
            if idx > 0 {
                Self::next_in_box(&mut w, m);
            }
            let g = match (self.left_target(&w), self.right_target(&w)) {
                (Some(l), Some(r)) => {
                    let left = (1..=w[l])
                        .map(|d| values[idx - d as usize * weights[l]])
                        .collect();
                    let right = (1..=w[r])
                        .map(|d| values[idx - d as usize * weights[r]])
                        .collect();
                    arena.construct(left, right)
                }
                _ => arena.zero(),
            };
            values.push(g);
        }
        values
    }

    /// Every permutation of 1..=n in lexicographic order.
    pub fn permutations(n: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let mut p: Vec<usize> = (1..=n).collect();
        loop {
            out.push(p.clone());
            // next permutation
            let Some(i) = (1..n).rev().find(|&i| p[i - 1] < p[i]) else {
                break;
            };
            let j = (i..n).rev().find(|&j| p[j] > p[i - 1]).expect("successor");
            p.swap(i - 1, j);
            p[i..].reverse();
        }
        out
    }
}

impl Ruleset for Psn {
    type Position = Vec<u64>;

    fn left_options(&self, w: &Vec<u64>) -> Vec<Vec<u64>> {
        self.options_at(w, self.left_target(w))
    }

    fn right_options(&self, w: &Vec<u64>) -> Vec<Vec<u64>> {
        self.options_at(w, self.right_target(w))
    }
}

/// The most positions a box of [`Psn::box_values`] may hold (one table per permutation).
pub const BOX_LIMIT: u64 = 1 << 32;

/// Theorem 3.2 as a dense dynamic programme over every state P(x, y) (piles
/// i >= x with σ(i) > y): y and x both descend, so every dependency (w_L =
/// P(l+1, y), w_R = P(x, σ(r)), w_* = P(l+1, σ(l))) is ready when needed, and
/// both targets are kept incrementally. O(n²) time, 17 bytes per state;
/// thresholds fit u64 because they never exceed the total number of stones.
fn dense_thresholds(psn: &Psn, w: &[u64]) -> (Option<(Threshold, Threshold)>, Outcome) {
    const INF: u64 = u64::MAX;
    const EMPTY: u8 = 4;
    let n = w.len();
    let n1 = n + 1;
    let mut lth = vec![0u64; n1 * n1];
    let mut rth = vec![0u64; n1 * n1];
    let mut out = vec![EMPTY; n1 * n1];
    let code = |o: Outcome| o as u8;
    let outcome = |c: u8| match c {
        0 => Outcome::L,
        1 => Outcome::R,
        2 => Outcome::P,
        3 => Outcome::N,
        _ => Outcome::P,
    };
    let sigma = &psn.sigma;
    for y in (0..=n).rev() {
        crate::interrupt::check();
        let (mut l, mut r): (Option<usize>, Option<usize>) = (None, None);
        for x in (0..n).rev() {
            if w[x] > 0 && sigma[x] > y {
                l = Some(x);
                if r.is_none_or(|r| sigma[x] < sigma[r]) {
                    r = Some(x);
                }
            }
            let (Some(l), Some(r)) = (l, r) else { continue };
            let k = y * n1 + x;
            let (alpha, beta) = (w[l], w[r]);
            let (lt, rt) = if l == r {
                let star = sigma[l] * n1 + l + 1;
                match outcome(out[star]) {
                    Outcome::P => (0, 0),
                    Outcome::N => (1, 1),
                    Outcome::L => (0, INF),
                    Outcome::R => (INF, 0),
                }
            } else {
                let wl = y * n1 + l + 1;
                let wr = sigma[r] * n1 + x;
                let (r_wl, l_wr) = (rth[wl], lth[wr]);
                let lt = if r_wl == INF || beta <= r_wl {
                    0
                } else if l_wr == INF {
                    INF
                } else {
                    l_wr + (beta - r_wl)
                };
                let rt = if l_wr == INF || alpha <= l_wr {
                    0
                } else if r_wl == INF {
                    INF
                } else {
                    r_wl + (alpha - l_wr)
                };
                (lt, rt)
            };
            lth[k] = lt;
            rth[k] = rt;
            out[k] = code(Outcome::from_first_moves(
                lt != INF && alpha > lt,
                rt != INF && beta > rt,
            ));
        }
    }
    if out[0] == EMPTY {
        return (None, Outcome::P);
    }
    let th = |t: u64| {
        if t == INF {
            Threshold::Infinite
        } else {
            Threshold::Finite(t as u128)
        }
    };
    (Some((th(lth[0]), th(rth[0]))), outcome(out[0]))
}

/// Theorem 3.2 over the reachable states only (for very many piles or
/// stone totals beyond u64): piles i >= x with σ(i) > y. The targets of a
/// state come from two max-trees in O(log n), so memory stays linear in the
/// number of piles plus the states reached.
struct ThresholdSolver<'a> {
    psn: &'a Psn,
    w: &'a [u64],
    n: usize,
    /// Over pile indices: σ(i) for a non-empty pile, 0 for an empty one.
    by_index: MaxTree,
    /// Over ranks j = σ − 1: the pile's index + 1 if non-empty, else 0.
    by_rank: MaxTree,
}

type State = (u32, u32);

/// A segment tree of maxima that finds the first position at or after a
/// start whose value exceeds a bound.
struct MaxTree {
    size: usize,
    max: Vec<usize>,
}

impl MaxTree {
    fn new(values: impl ExactSizeIterator<Item = usize>) -> Self {
        let size = values.len().next_power_of_two().max(1);
        let mut max = vec![0; 2 * size];
        for (k, v) in values.enumerate() {
            max[size + k] = v;
        }
        for k in (1..size).rev() {
            max[k] = max[2 * k].max(max[2 * k + 1]);
        }
        MaxTree { size, max }
    }

    /// The first position `>= from` whose value is `> bound`.
    fn first_above(&self, from: usize, bound: usize) -> Option<usize> {
        self.search(1, 0, self.size, from, bound)
    }

    fn search(
        &self,
        node: usize,
        lo: usize,
        hi: usize,
        from: usize,
        bound: usize,
    ) -> Option<usize> {
        if hi <= from || self.max[node] <= bound {
            return None;
        }
        if hi - lo == 1 {
            return Some(lo);
        }
        let mid = (lo + hi) / 2;
        self.search(2 * node, lo, mid, from, bound)
            .or_else(|| self.search(2 * node + 1, mid, hi, from, bound))
    }
}

impl<'a> ThresholdSolver<'a> {
    fn new(psn: &'a Psn, w: &'a [u64]) -> Self {
        let n = w.len();
        let by_index = MaxTree::new((0..n).map(|i| if w[i] > 0 { psn.sigma[i] } else { 0 }));
        let by_rank = MaxTree::new((0..n).map(|j| {
            let i = psn.pos[j];
            if w[i] > 0 {
                i + 1
            } else {
                0
            }
        }));
        ThresholdSolver {
            psn,
            w,
            n,
            by_index,
            by_rank,
        }
    }

    /// Left's and Right's target piles in P(x, y), if it is not empty.
    fn targets(&self, (x, y): State) -> Option<(usize, usize)> {
        let (x, y) = (x as usize, y as usize);
        let l = self.by_index.first_above(x, y).filter(|&l| l < self.n)?;
        let j = self
            .by_rank
            .first_above(y, x)
            .expect("a non-empty state has a Right target");
        Some((l, self.psn.pos[j]))
    }

    /// The states a state's thresholds depend on: w_* (shared target) or w_L and w_R.
    fn deps(&self, s: State, l: usize, r: usize) -> Vec<State> {
        let sig = |i: usize| self.psn.sigma[i] as u32;
        if l == r {
            vec![(l as u32 + 1, sig(l))]
        } else {
            vec![(l as u32 + 1, s.1), (s.0, sig(r))]
        }
    }

    fn solve(&self) -> (Option<(Threshold, Threshold)>, Outcome) {
        let mut memo: HashMap<State, (Threshold, Threshold, Outcome)> = HashMap::new();
        let root: State = (0, 0);
        if self.targets(root).is_none() {
            return (None, Outcome::P);
        }
        let mut stack = vec![root];
        while let Some(&s) = stack.last() {
            crate::interrupt::check();
            if memo.contains_key(&s) {
                stack.pop();
                continue;
            }
            let (l, r) = self.targets(s).expect("non-empty state");
            let deps = self.deps(s, l, r);
            let missing: Vec<State> = deps
                .iter()
                .copied()
                .filter(|d| self.targets(*d).is_some() && !memo.contains_key(d))
                .collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            let (alpha, beta) = (self.w[l] as u128, self.w[r] as u128);
            let (lth, rth) = if l == r {
                // (i): from the outcome of w_*.
                let x = self
                    .targets(deps[0])
                    .map_or(Outcome::P, |_| memo[&deps[0]].2);
                use Threshold::*;
                match x {
                    Outcome::P => (Finite(0), Finite(0)),
                    Outcome::N => (Finite(1), Finite(1)),
                    Outcome::L => (Finite(0), Infinite),
                    Outcome::R => (Infinite, Finite(0)),
                }
            } else {
                // (ii): from w_L and w_R (both non-empty).
                let (_, r_wl, _) = memo[&deps[0]];
                let (l_wr, _, _) = memo[&deps[1]];
                let lth = match r_wl {
                    Threshold::Infinite => Threshold::Finite(0),
                    Threshold::Finite(t) if beta <= t => Threshold::Finite(0),
                    Threshold::Finite(t) => match l_wr {
                        Threshold::Infinite => Threshold::Infinite,
                        Threshold::Finite(u) => Threshold::Finite(u + beta - t),
                    },
                };
                let rth = match l_wr {
                    Threshold::Infinite => Threshold::Finite(0),
                    Threshold::Finite(t) if alpha <= t => Threshold::Finite(0),
                    Threshold::Finite(t) => match r_wl {
                        Threshold::Infinite => Threshold::Infinite,
                        Threshold::Finite(u) => Threshold::Finite(u + alpha - t),
                    },
                };
                (lth, rth)
            };
            // (iii)
            let lw = Threshold::Finite(alpha) > lth;
            let rw = Threshold::Finite(beta) > rth;
            memo.insert(s, (lth, rth, Outcome::from_first_moves(lw, rw)));
            stack.pop();
        }
        let (l, r, o) = memo[&root];
        (Some((l, r)), o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutations_in_lexicographic_order() {
        let p = Psn::permutations(3);
        assert_eq!(p.len(), 6);
        assert_eq!(p[0], vec![1, 2, 3]);
        assert_eq!(p[1], vec![1, 3, 2]);
        assert_eq!(p[5], vec![3, 2, 1]);
    }

    #[test]
    fn dense_and_sparse_theorem_3_2_agree() {
        // A small deterministic generator is enough to cover many shapes.
        let mut state = 0x2545F4914F6CDD1Du64;
        let mut next = |k: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % k
        };
        for _ in 0..2000 {
            let n = 1 + next(9) as usize;
            let mut sigma: Vec<usize> = (1..=n).collect();
            for i in (1..n).rev() {
                sigma.swap(i, next(i as u64 + 1) as usize);
            }
            let w: Vec<u64> = (0..n).map(|_| next(6)).collect();
            let psn = Psn::new(sigma).unwrap();
            let sparse = ThresholdSolver::new(&psn, &w).solve();
            assert_eq!(
                dense_thresholds(&psn, &w),
                sparse,
                "σ={:?} w={w:?}",
                psn.sigma
            );
        }
    }

    #[test]
    fn spec_threshold_vectors() {
        use Threshold::*;
        type Case<'a> = (&'a [usize], &'a [u64], (Threshold, Threshold), Outcome);
        let cases: &[Case] = &[
            (&[1], &[3], (Finite(0), Finite(0)), Outcome::N),
            (&[1, 2], &[1, 1], (Finite(1), Finite(1)), Outcome::P),
            (&[2, 1], &[1, 2], (Finite(2), Finite(1)), Outcome::R),
            (&[2, 1], &[3, 1], (Finite(1), Finite(3)), Outcome::L),
            (&[2, 1], &[2, 3], (Finite(3), Finite(2)), Outcome::R),
            (&[1, 3, 2], &[1, 1, 2], (Infinite, Finite(0)), Outcome::R),
            (&[1, 3, 2], &[1, 2, 1], (Finite(0), Infinite), Outcome::L),
            (&[3, 1, 2], &[1, 2, 3], (Finite(4), Finite(0)), Outcome::R),
            (
                &[10, 1, 3, 9, 2, 5, 7, 6, 8, 4],
                &[2, 3, 1, 5, 2, 3, 1, 3, 2, 3],
                (Finite(10), Finite(0)),
                Outcome::R,
            ),
        ];
        for (sigma, w, th, o) in cases {
            let p = Psn::new(sigma.to_vec()).unwrap();
            assert_eq!(p.thresholds(w), (Some(*th), *o), "σ={sigma:?} w={w:?}");
        }
    }
}
