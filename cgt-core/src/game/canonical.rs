//! Construction of canonical games from options: number detection, removal of
//! dominated options, bypassing of reversible options, nus recognition, interning.

use super::arena::{Arena, GameId};
use super::nus::Nus;
use crate::interrupt::Grows;
use crate::number::Dyadic;
use smallvec::SmallVec;

/// Red zone and growth step for recursive algorithms on deep games.
pub(crate) const STACK_RED_ZONE: usize = 256 * 1024;
pub(crate) const STACK_GROWTH: usize = 4 * 1024 * 1024;

/// Run `f` with enough native stack, growing it on the heap when needed,
/// so deep games never overflow the stack. Grown segments count against the
/// memory limit, and growing is a point where a stop request is honoured.
#[inline]
pub fn deep<R>(f: impl FnOnce() -> R) -> R {
    if stacker::remaining_stack().is_some_and(|r| r >= STACK_RED_ZONE) {
        return f();
    }
    crate::interrupt::note_alloc(STACK_GROWTH);
    struct Release;
    impl Drop for Release {
        fn drop(&mut self) {
            crate::interrupt::note_free(STACK_GROWTH);
        }
    }
    let _release = Release;
    crate::interrupt::check();
    stacker::grow(STACK_GROWTH, f)
}

/// Option lists as the construction cache's key, looked up without copying
/// them: hashes and compares as the stored pair of lists.
struct OptionLists<'a>(&'a [GameId], &'a [GameId]);

impl std::hash::Hash for OptionLists<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // As the tuple of the stored key hashes: its two lists in turn.
        self.0.hash(state);
        self.1.hash(state);
    }
}

impl hashbrown::Equivalent<super::arena::ConstructKey> for OptionLists<'_> {
    fn equivalent(&self, key: &super::arena::ConstructKey) -> bool {
        *self.0 == *key.0 && *self.1 == *key.1
    }
}

/// `xs` sorted, each game once: the start of `xs`, sorted in place.
fn sorted_distinct(xs: &mut [GameId]) -> &[GameId] {
    xs.sort_unstable();
    let mut n = 0;
    for i in 0..xs.len() {
        if n == 0 || xs[i] != xs[n - 1] {
            xs[n] = xs[i];
            n += 1;
        }
    }
    &xs[..n]
}

impl Arena {
    /// The canonical game `{left | right}` for options that are canonical games.
    ///
    /// ```
    /// use cgt_core::game::Arena;
    /// let mut a = Arena::new();
    /// let (zero, star) = (a.zero(), a.nimber(1));
    /// let up = a.construct(vec![zero], vec![star]);
    /// assert_eq!(up, a.up(1));
    /// ```
    pub fn construct(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> GameId {
        self.construct_in(&mut left, &mut right)
    }

    /// [`Arena::construct`] of options in the caller's buffers, which are
    /// sorted in place: a game constructed before costs no allocation.
    pub fn construct_in(&mut self, left: &mut [GameId], right: &mut [GameId]) -> GameId {
        let left = sorted_distinct(left);
        let right = sorted_distinct(right);
        if let Some(&g) = self.construct_cache.get(&OptionLists(left, right)) {
            return g;
        }
        let key = (left.into(), right.into());
        let g = self.construct_sorted(left.to_vec(), right.to_vec());
        self.construct_cache.before_insert();
        self.construct_cache.insert(key, g);
        g
    }

    /// [`Arena::construct`] for sorted, duplicate-free option lists.
    fn construct_sorted(&mut self, mut left: Vec<GameId>, mut right: Vec<GameId>) -> GameId {
        crate::interrupt::check();
        if let Some(g) = self.construct_from_numbers(&left, &right) {
            return g;
        }
        if let Some(g) = self.construct_nimber(&left, &right) {
            return g;
        }
        if let Some(x) = self.number_between_options(&left, &right) {
            return self.number(x);
        }
        // Options that are literally a nus's canonical options name it at once
        // (`{0|*k}` is ↑*(k⊕1) without listing the options of *k).
        if let Some(g) = self.recognize_nus(&left, &right) {
            return g;
        }
        // From here on the game is known not to equal a number, which makes
        // number avoidance valid in the comparisons below.
        self.remove_dominated(&mut left, true);
        self.remove_dominated(&mut right, false);
        let bypassed_left = self.bypass_reversible(&mut left, &mut right, true);
        let bypassed_right = self.bypass_reversible(&mut left, &mut right, false);
        // Options brought in by bypassing may be dominated; if none was
        // bypassed, the sides are already free of dominated options.
        if bypassed_left || bypassed_right {
            self.remove_dominated(&mut left, true);
            self.remove_dominated(&mut right, false);
        }
        if let Some(g) = self.recognize_nus(&left, &right) {
            return g;
        }
        self.intern_options(left, right)
    }

    /// `{f(G^L) | f(G^R)}`, canonicalised: the shape of every recursive
    /// transformation of a game (cooling, heating, projections); `f` learns
    /// whether the option is Left's.
    pub(crate) fn map_options(
        &mut self,
        g: GameId,
        mut f: impl FnMut(&mut Self, GameId, bool) -> GameId,
    ) -> GameId {
        let (l, r) = (self.left_options(g), self.right_options(g));
        let l = l.iter().map(|&x| f(self, x, true)).collect();
        let r = r.iter().map(|&x| f(self, x, false)).collect();
        self.construct(l, r)
    }

    /// Fast path when every option is a number: the simplest number between
    /// them, `x*` for `{x|x}`, or the switch `{a|b}` with `a > b`.
    fn construct_from_numbers(&mut self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        let mut lo: Option<Dyadic> = None;
        for &g in left {
            let x = self.as_number(g)?;
            if lo.as_ref().is_none_or(|l| x > l) {
                lo = Some(x.clone());
            }
        }
        let mut hi: Option<Dyadic> = None;
        for &g in right {
            let x = self.as_number(g)?;
            if hi.as_ref().is_none_or(|h| x < h) {
                hi = Some(x.clone());
            }
        }
        Some(match (lo, hi) {
            (Some(a), Some(b)) if a == b => self.nus(Nus {
                number: a,
                ups: 0,
                nim: 1,
            }),
            (Some(a), Some(b)) if a > b => {
                let (a, b) = (self.number(a), self.number(b));
                self.intern_options(vec![a], vec![b])
            }
            (lo, hi) => self.number(Dyadic::simplest_between(lo.as_ref(), hi.as_ref())),
        })
    }

    /// Fast path when every option is a nimber with the same mex on both sides.
    fn construct_nimber(&mut self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        let mex = |arena: &Arena, side: &[GameId]| -> Option<u64> {
            let mut nims: Vec<u64> = Vec::with_capacity(side.len());
            for &g in side {
                let v = arena.as_nus(g).filter(|v| v.is_nimber())?;
                nims.push(v.nim);
            }
            nims.sort_unstable();
            let mut m = 0;
            for n in nims {
                if n == m {
                    m += 1;
                } else if n > m {
                    break;
                }
            }
            Some(m)
        };
        let (ml, mr) = (mex(self, left)?, mex(self, right)?);
        (ml == mr).then(|| self.nimber(ml))
    }

    /// The number `{left|right}` equals, if any: the simplest `x` with
    /// `G^L ⧏ x ⧏ G^R` for every option (simplicity theorem).
    fn number_between_options(&mut self, left: &[GameId], right: &[GameId]) -> Option<Dyadic> {
        // Any such x lies in [max RS(G^L), min LS(G^R)]; most hot games leave no room.
        if self.no_room_between_stops(left, right) {
            return None;
        }
        let mut lo: Option<(Dyadic, bool)> = None;
        for &g in left {
            let bound = match self.as_number(g) {
                Some(x) => (x.clone(), false),
                None => {
                    // x > RS(g) always works; x = RS(g) works iff not x <= g.
                    let rs = self.right_stop(g);
                    let x = self.number(rs.clone());
                    (rs, !self.le(x, g))
                }
            };
            lo = Some(match lo {
                None => bound,
                Some(cur) => tighter(cur, bound, true),
            });
        }
        let mut hi: Option<(Dyadic, bool)> = None;
        for &g in right {
            let bound = match self.as_number(g) {
                Some(x) => (x.clone(), false),
                None => {
                    let ls = self.left_stop(g);
                    let x = self.number(ls.clone());
                    (ls, !self.le(g, x))
                }
            };
            hi = Some(match hi {
                None => bound,
                Some(cur) => tighter(cur, bound, false),
            });
        }
        Dyadic::simplest_in(
            lo.as_ref().map(|(x, c)| (x, *c)),
            hi.as_ref().map(|(x, c)| (x, *c)),
        )
    }

    /// Whether the largest right stop of `left` exceeds the smallest left
    /// stop of `right` (both sides non-empty).
    fn no_room_between_stops(&mut self, left: &[GameId], right: &[GameId]) -> bool {
        if left.is_empty() || right.is_empty() {
            return false;
        }
        // Stops as words where all fit, exact numbers else.
        let words = (
            self.stop_bound_word(left, true),
            self.stop_bound_word(right, false),
        );
        if let (Some(lo), Some(hi)) = words {
            return lo > hi;
        }
        let lo = left.iter().map(|&g| self.right_stop(g)).max();
        let hi = right.iter().map(|&g| self.left_stop(g)).min();
        lo > hi
    }

    /// The largest right stop of Left's options `side` (`left`), or the
    /// smallest left stop of Right's, as a word of fixed point; `None` if a
    /// stop does not fit in one.
    fn stop_bound_word(&mut self, side: &[GameId], left: bool) -> Option<i64> {
        let mut bound = if left { i64::MIN } else { i64::MAX };
        for &g in side {
            let (ls, rs) = self.fixed_stops(g)?;
            bound = if left { bound.max(rs) } else { bound.min(ls) };
        }
        Some(bound)
    }

    /// Remove options dominated by another option on the same side.
    fn remove_dominated(&mut self, side: &mut Vec<GameId>, is_left: bool) {
        if side.len() < 2 {
            return;
        }
        // Most pairs are settled by the stops, the first thing `le` asks.
        let mut keep: SmallVec<[bool; 16]> = smallvec::smallvec![true; side.len()];
        for i in 0..side.len() {
            // Quadratic in the options: a stop must reach it even when every
            // comparison is answered in closed form.
            crate::interrupt::check();
            for j in 0..side.len() {
                if i == j || !keep[j] {
                    continue;
                }
                let (lo, hi) = if is_left { (i, j) } else { (j, i) };
                if self.le(side[lo], side[hi]) {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut k = keep.iter();
        side.retain(|_| *k.next().unwrap());
    }

    /// Bypass reversible options of one side until none is left; true if
    /// any was bypassed.
    fn bypass_reversible(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        is_left: bool,
    ) -> bool {
        let mut bypassed = false;
        'scan: loop {
            let side_len = if is_left { left.len() } else { right.len() };
            for i in 0..side_len {
                crate::interrupt::check();
                let a = if is_left { left[i] } else { right[i] };
                let replies = if is_left {
                    self.right_ids(a)
                } else {
                    self.left_ids(a)
                };
                for &ar in replies.iter() {
                    let reverses = if is_left {
                        self.le_id_form(ar, left, right)
                    } else {
                        self.form_le_id(left, right, ar)
                    };
                    if reverses {
                        let replacement = if is_left {
                            self.left_ids(ar)
                        } else {
                            self.right_ids(ar)
                        };
                        let side = if is_left { &mut *left } else { &mut *right };
                        side.swap_remove(i);
                        side.extend(replacement.iter().copied());
                        side.sort_unstable();
                        side.dedup();
                        bypassed = true;
                        continue 'scan;
                    }
                }
            }
            return bypassed;
        }
    }

    /// `y <= G` for a canonical `y` and a form `G = {left|right}` of canonical
    /// options that does not equal a number.
    fn le_id_form(&mut self, y: GameId, left: &[GameId], right: &[GameId]) -> bool {
        deep(|| {
            for &gr in right {
                if self.le(gr, y) {
                    return false;
                }
            }
            if !self.is_number(y) {
                for yl in self.left_ids(y) {
                    if self.form_le_id(left, right, yl) {
                        return false;
                    }
                }
            }
            true
        })
    }

    /// `G <= y`, dual of [`Arena::le_id_form`].
    fn form_le_id(&mut self, left: &[GameId], right: &[GameId], y: GameId) -> bool {
        deep(|| {
            for &gl in left {
                if self.le(y, gl) {
                    return false;
                }
            }
            if !self.is_number(y) {
                for yr in self.right_ids(y) {
                    if self.le_id_form(yr, left, right) {
                        return false;
                    }
                }
            }
            true
        })
    }

    /// If canonical options `{left|right}` are those of a nus, its id.
    fn recognize_nus(&mut self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        let nus_of = |a: &Arena, g: GameId| a.as_nus(g).cloned();
        let candidate = match (left, right) {
            _ if left == right && !left.is_empty() => {
                // x*k = {x, x*, ..., x*(k-1) | same}
                let first = nus_of(self, left[0])?;
                Nus {
                    number: first.number,
                    ups: 0,
                    nim: left.len() as u64,
                }
            }
            ([l], [r]) => {
                let (l, r) = (nus_of(self, *l)?, nus_of(self, *r)?);
                let beyond = || -> ! { crate::interrupt::unsupported(super::nus::UPS_LIMIT) };
                if l.is_number() && r.number == l.number && r.ups >= 0 {
                    Nus {
                        number: l.number,
                        ups: r.ups.checked_add(1).unwrap_or_else(|| beyond()),
                        nim: r.nim ^ 1,
                    }
                } else if r.is_number() && l.number == r.number && l.ups <= 0 {
                    Nus {
                        number: r.number,
                        ups: l.ups.checked_sub(1).unwrap_or_else(|| beyond()),
                        nim: l.nim ^ 1,
                    }
                } else {
                    return None;
                }
            }
            ([_, _], [r]) => Nus {
                number: nus_of(self, *r)?.number,
                ups: 1,
                nim: 1,
            },
            ([l], [_, _]) => Nus {
                number: nus_of(self, *l)?.number,
                ups: -1,
                nim: 1,
            },
            _ => return None,
        };
        let id = self.nus(candidate);
        let matches = *self.left_options(id) == *left && *self.right_options(id) == *right;
        Some(id).filter(|_| matches)
    }
}

/// Intersect two lower (or upper) bounds `(value, closed)`.
fn tighter(a: (Dyadic, bool), b: (Dyadic, bool), lower: bool) -> (Dyadic, bool) {
    use std::cmp::Ordering::*;
    match a.0.cmp(&b.0) {
        Equal => (a.0, a.1 && b.1),
        Greater if lower => a,
        Less if !lower => a,
        _ => b,
    }
}
