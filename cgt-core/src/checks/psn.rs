//! The paper's results as exhaustive checks over one permutation and a box
//! of positions; `cgt check` runs them in parallel, the tests on small ranges.

use crate::analysis::Outcome;
use crate::game::Arena;
use crate::ruleset::psn::{Psn, Threshold};
use crate::ruleset::Evaluator;

/// A position where a check failed, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The permutation.
    pub sigma: Vec<usize>,
    /// The position.
    pub w: Vec<u64>,
    /// What failed.
    pub detail: String,
}

fn each_position(
    n: usize,
    m: u64,
    mut f: impl FnMut(&[u64]) -> Result<(), String>,
) -> Result<u64, (Vec<u64>, String)> {
    let mut w = vec![0u64; n];
    let mut count = 0;
    loop {
        f(&w).map_err(|e| (w.clone(), e))?;
        count += 1;
        if !Psn::next_in_box(&mut w, m) {
            return Ok(count);
        }
    }
}

fn fail(sigma: &[usize], (w, detail): (Vec<u64>, String)) -> Counterexample {
    Counterexample {
        sigma: sigma.to_vec(),
        w,
        detail,
    }
}

/// Games an arena of [`with_arena`] may hold before it is started afresh.
const ARENA_GAMES: usize = 1 << 20;

thread_local! {
    static ARENA: std::cell::RefCell<Option<Arena>> = const { std::cell::RefCell::new(None) };
}

/// Run `f` with this thread's arena for the checks: the values of one
/// permutation's box recur in the next ones, so their canonical forms and
/// atomic weights are found once per thread, not once per permutation. The
/// arena is started afresh when it passes [`ARENA_GAMES`] games, and after
/// a computation that did not finish.
fn with_arena<T>(f: impl FnOnce(&mut Arena) -> T) -> T {
    ARENA.with(|cell| {
        let mut arena = cell
            .borrow_mut()
            .take()
            .filter(|a| a.len() < ARENA_GAMES)
            .unwrap_or_default();
        let out = f(&mut arena);
        *cell.borrow_mut() = Some(arena);
        out
    })
}

/// Theorem 5.4: every position of the box {0..m}^n has an integer atomic weight.
pub fn aw_integral(sigma: &[usize], m: u64) -> Result<u64, Counterexample> {
    let psn = Psn::new(sigma.to_vec()).map_err(|e| fail(sigma, (vec![], e)))?;
    with_arena(|arena| {
        let values = psn.box_values(arena, m);
        let mut idx = 0usize;
        each_position(sigma.len(), m, |_| {
            let g = values[idx];
            idx += 1;
            match arena.atomic_weight(g) {
                Some(w) if arena.is_integer(w) => Ok(()),
                Some(_) => Err("the atomic weight is not an integer".into()),
                None => Err("no atomic weight (PSN positions are dicotic)".into()),
            }
        })
        .map_err(|e| fail(sigma, e))
    })
}

/// Theorem 3.2: its outcome equals the engine's (canonical value compared
/// with 0), and its thresholds equal Definition 3.1 found by scanning γ
/// with a brute-force outcome search.
pub fn outcome(sigma: &[usize], m: u64) -> Result<u64, Counterexample> {
    let psn = Psn::new(sigma.to_vec()).map_err(|e| fail(sigma, (vec![], e)))?;
    let mut arena = Arena::new();
    let values = psn.box_values(&mut arena, m);
    let mut search = Evaluator::new(&psn);
    let mut idx = 0usize;
    each_position(sigma.len(), m, |w| {
        let g = values[idx];
        idx += 1;
        let (th, o) = psn.thresholds(w);
        let engine = arena.outcome(g);
        if o != engine {
            return Err(format!("Theorem 3.2 gives {o}, the engine {engine}"));
        }
        let Some((lt, rt)) = th else { return Ok(()) };
        let (l, r) = (psn.left_target(w).unwrap(), psn.right_target(w).unwrap());
        let bound: u64 = w.iter().sum::<u64>() + 1;
        let scan = |search: &mut Evaluator<Psn>, pile: usize, good: [Outcome; 2]| -> Threshold {
            (0..=bound)
                .find(|&g| {
                    let mut v = w.to_vec();
                    v[pile] = g;
                    good.contains(&search.outcome(&v))
                })
                .map_or(Threshold::Infinite, |g| Threshold::Finite(g as u128))
        };
        let ls = scan(&mut search, l, [Outcome::L, Outcome::P]);
        let rs = scan(&mut search, r, [Outcome::R, Outcome::P]);
        if (ls, rs) != (lt, rt) {
            return Err(format!(
                "Theorem 3.2 gives thresholds ({lt}, {rt}), Definition 3.1 ({ls}, {rs})"
            ));
        }
        Ok(())
    })
    .map_err(|e| fail(sigma, e))
}

/// Theorem 4.2 on every uniform position (each support, m = 2..=max_m):
/// equals the brute-force outcome, does not depend on m, and misère play
/// gives the same outcome (Corollaries 4.3 and 4.4).
pub fn uniform(sigma: &[usize], max_m: u64) -> Result<u64, Counterexample> {
    let psn = Psn::new(sigma.to_vec()).map_err(|e| fail(sigma, (vec![], e)))?;
    let n = sigma.len();
    let mut search = Evaluator::new(&psn);
    let mut count = 0;
    for support in 1u32..(1 << n) {
        let mut first: Option<Outcome> = None;
        for m in 2..=max_m.max(2) {
            let w: Vec<u64> = (0..n)
                .map(|i| if support >> i & 1 == 1 { m } else { 0 })
                .collect();
            let o = psn
                .uniform_outcome(&w)
                .map_err(|e| fail(sigma, (w.clone(), e)))?;
            let brute = search.outcome(&w);
            if o != brute {
                return Err(fail(
                    sigma,
                    (w, format!("Theorem 4.2 gives {o}, the search {brute}")),
                ));
            }
            if *first.get_or_insert(o) != o {
                return Err(fail(
                    sigma,
                    (w, format!("outcome {o} differs from the one for m = 2")),
                ));
            }
            let misere = search.misere_outcome(&w);
            if misere != o {
                return Err(fail(
                    sigma,
                    (
                        w,
                        format!("misère outcome {misere} differs from normal {o}"),
                    ),
                ));
            }
            count += 1;
        }
    }
    Ok(count)
}

/// Remark 2.4: the misère outcome by the reduction equals a direct misère search.
pub fn misere(sigma: &[usize], m: u64) -> Result<u64, Counterexample> {
    let psn = Psn::new(sigma.to_vec()).map_err(|e| fail(sigma, (vec![], e)))?;
    let search = Evaluator::new(&psn);
    each_position(sigma.len(), m, |w| {
        let (by_reduction, direct) = (psn.misere_outcome(w), search.misere_outcome(&w.to_vec()));
        if by_reduction != direct {
            return Err(format!(
                "the reduction gives {by_reduction}, direct misère search {direct}"
            ));
        }
        Ok(())
    })
    .map_err(|e| fail(sigma, e))
}
