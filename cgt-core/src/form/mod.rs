//! Game forms: explicit `{L|R}` trees kept as written, and lazily expanded
//! compounds of forms, for the operations that depend on the form and not
//! only on the value (ordinal sum and product, sequential compound, misère play).

mod compound;
pub mod misere;

pub use compound::{misere_outcome_direct, SequentialRule};

use crate::game::{deep, Arena, GameId};
use hashbrown::HashMap;
use std::sync::Arc;

/// A game form. Options are computed on demand. Explicit nodes compare and
/// hash by the identity of their children (so a shared DAG from a ruleset is
/// memoised in linear time); every other variant compares structurally.
#[derive(Clone, Debug)]
pub enum Form {
    /// A canonical game, used with its canonical form.
    Value(GameId),
    /// An explicit node `{L|R}`, not simplified.
    Node {
        /// Left options, as written.
        left: Vec<Arc<Form>>,
        /// Right options, as written.
        right: Vec<Arc<Form>>,
    },
    /// `G : H` — moves in the base `G` destroy `H`; depends on `H` only by value.
    OrdinalSum(Arc<Form>, GameId),
    /// `G ⊗ H` — each edge of `H` replaced by `G` (red edges by `-G`).
    OrdinalProduct(Arc<Form>, Arc<Form>),
    /// `G ∧ H` — both players move in both components; ends when either ends.
    Conjunctive(Arc<Form>, Arc<Form>),
    /// CGSuite's selective sum: a move in one component gives the disjunctive
    /// sum `G^L + H` or `G + H^L`; a move in both gives the conjunctive `G^L ∧ H^L`.
    Selective(Arc<Form>, Arc<Form>),
    /// Conway's selective compound `G ∨ H`: a move in one or both components,
    /// the result again a selective compound.
    SelectiveCompound(Arc<Form>, Arc<Form>),
    /// The disjunctive sum of two forms.
    Sum(Arc<Form>, Arc<Form>),
    /// `G → H` — play `G` until it has ended, then `H` (sequential compound).
    Sequential(Arc<Form>, GameId, SequentialRule),
    /// `-G` as a form.
    Neg(Arc<Form>),
}

impl Drop for Form {
    /// Explicit trees are dismantled with an explicit stack, so dropping a
    /// form a million levels deep does not overflow the native stack.
    fn drop(&mut self) {
        let Form::Node { left, right } = self else {
            return;
        };
        let mut stack: Vec<Arc<Form>> = std::mem::take(left);
        stack.append(right);
        while let Some(a) = stack.pop() {
            if let Ok(mut f) = Arc::try_unwrap(a) {
                // `f` drops here with its children moved out (other variants drop as usual).
                if let Form::Node { left, right } = &mut f {
                    stack.append(left);
                    stack.append(right);
                }
                drop(f);
            }
        }
    }
}

fn same_children(a: &[Arc<Form>], b: &[Arc<Form>]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| Arc::ptr_eq(x, y))
}

impl PartialEq for Form {
    fn eq(&self, other: &Self) -> bool {
        use Form::*;
        match (self, other) {
            (Value(a), Value(b)) => a == b,
            (Node { left: a, right: b }, Node { left: c, right: d }) => {
                same_children(a, c) && same_children(b, d)
            }
            (OrdinalSum(a, x), OrdinalSum(b, y)) => x == y && a == b,
            (OrdinalProduct(a, b), OrdinalProduct(c, d))
            | (Conjunctive(a, b), Conjunctive(c, d))
            | (Selective(a, b), Selective(c, d))
            | (SelectiveCompound(a, b), SelectiveCompound(c, d))
            | (Sum(a, b), Sum(c, d)) => a == c && b == d,
            (Sequential(a, x, r), Sequential(b, y, s)) => x == y && r == s && a == b,
            (Neg(a), Neg(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Form {}

impl std::hash::Hash for Form {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Form::Value(g) => g.hash(state),
            Form::Node { left, right } => {
                for x in left.iter().chain(right.iter()) {
                    (Arc::as_ptr(x) as usize).hash(state);
                }
                left.len().hash(state);
            }
            Form::OrdinalSum(a, x) => {
                a.hash(state);
                x.hash(state);
            }
            Form::OrdinalProduct(a, b)
            | Form::Conjunctive(a, b)
            | Form::Selective(a, b)
            | Form::SelectiveCompound(a, b)
            | Form::Sum(a, b) => {
                a.hash(state);
                b.hash(state);
            }
            Form::Sequential(a, x, r) => {
                a.hash(state);
                x.hash(state);
                r.hash(state);
            }
            Form::Neg(a) => a.hash(state),
        }
    }
}

fn value(g: GameId) -> Arc<Form> {
    Arc::new(Form::Value(g))
}

impl Form {
    /// Options of one player as forms.
    pub fn options(&self, arena: &mut Arena, left: bool) -> Vec<Arc<Form>> {
        match self {
            Form::Value(g) => {
                let o = if left {
                    arena.left_options(*g)
                } else {
                    arena.right_options(*g)
                };
                o.iter().map(|&x| value(x)).collect()
            }
            Form::Node { left: l, right: r } => {
                if left {
                    l.clone()
                } else {
                    r.clone()
                }
            }
            Form::Neg(g) => g
                .options(arena, !left)
                .into_iter()
                .map(|x| Arc::new(Form::Neg(x)))
                .collect(),
            Form::OrdinalSum(g, h) => {
                let mut out = g.options(arena, left);
                let ho = if left {
                    arena.left_options(*h)
                } else {
                    arena.right_options(*h)
                };
                out.extend(ho.iter().map(|&x| Arc::new(Form::OrdinalSum(g.clone(), x))));
                out
            }
            Form::OrdinalProduct(g, h) => {
                // Cutting inside the copy of G that replaces an edge of H leaves
                // G ⊗ (H without that edge) with the cut copy on top.
                let mut out = Vec::new();
                for hl in h.options(arena, true) {
                    let base = Arc::new(Form::OrdinalProduct(g.clone(), hl));
                    for gx in g.options(arena, left) {
                        let sub = gx.canonical(arena);
                        out.push(Arc::new(Form::OrdinalSum(base.clone(), sub)));
                    }
                }
                for hr in h.options(arena, false) {
                    let base = Arc::new(Form::OrdinalProduct(g.clone(), hr));
                    for gx in g.options(arena, !left) {
                        let c = gx.canonical(arena);
                        let sub = arena.neg(c);
                        out.push(Arc::new(Form::OrdinalSum(base.clone(), sub)));
                    }
                }
                out
            }
            Form::Conjunctive(g, h) => {
                let (go, ho) = (g.options(arena, left), h.options(arena, left));
                let mut out = Vec::new();
                for x in &go {
                    for y in &ho {
                        out.push(Arc::new(Form::Conjunctive(x.clone(), y.clone())));
                    }
                }
                out
            }
            Form::Sum(g, h) => {
                let (go, ho) = (g.options(arena, left), h.options(arena, left));
                let mut out: Vec<Arc<Form>> = go
                    .iter()
                    .map(|x| Arc::new(Form::Sum(x.clone(), h.clone())))
                    .collect();
                out.extend(ho.iter().map(|y| Arc::new(Form::Sum(g.clone(), y.clone()))));
                out
            }
            Form::Selective(g, h) => {
                // The disjunctive sum's moves, plus the conjunctive ones.
                let mut out = Form::Sum(g.clone(), h.clone()).options(arena, left);
                let (go, ho) = (g.options(arena, left), h.options(arena, left));
                for x in &go {
                    for y in &ho {
                        out.push(Arc::new(Form::Conjunctive(x.clone(), y.clone())));
                    }
                }
                out
            }
            Form::SelectiveCompound(g, h) => {
                let (go, ho) = (g.options(arena, left), h.options(arena, left));
                let mut out = Vec::new();
                for x in &go {
                    out.push(Arc::new(Form::SelectiveCompound(x.clone(), h.clone())));
                    for y in &ho {
                        out.push(Arc::new(Form::SelectiveCompound(x.clone(), y.clone())));
                    }
                }
                for y in &ho {
                    out.push(Arc::new(Form::SelectiveCompound(g.clone(), y.clone())));
                }
                out
            }
            Form::Sequential(g, h, rule) => compound::sequential_options(arena, g, *h, *rule, left),
        }
    }

    /// True if neither player has a move (checked without building all options).
    pub fn is_terminal(&self, arena: &mut Arena) -> bool {
        self.options(arena, true).is_empty() && self.options(arena, false).is_empty()
    }

    /// The canonical value of the form.
    pub fn canonical(&self, arena: &mut Arena) -> GameId {
        if let Form::Value(g) = self {
            return *g;
        }
        let mut memo = HashMap::new();
        canonical_memo(self, arena, &mut memo)
    }
}

fn canonical_memo(f: &Form, arena: &mut Arena, memo: &mut HashMap<Form, GameId>) -> GameId {
    match f {
        Form::Value(g) => return *g,
        Form::Sum(g, h) => {
            let (a, b) = (
                canonical_memo(g, arena, memo),
                canonical_memo(h, arena, memo),
            );
            return arena.add(a, b);
        }
        Form::OrdinalSum(g, h) if **g == Form::Value(arena.zero()) => return *h,
        Form::OrdinalSum(g, h) => {
            // k : n = k + n for integers of one sign (a chain of n moves on top of k).
            if let Form::Value(k) = **g {
                if let (Some(x), Some(y)) = (arena.as_number(k), arena.as_number(*h)) {
                    if x.is_integer() && y.is_integer() && x.signum() * y.signum() >= 0 {
                        let sum = x + y;
                        return arena.number(sum);
                    }
                }
            }
        }
        _ => {}
    }
    crate::interrupt::check();
    if let Some(&g) = memo.get(f) {
        return g;
    }
    let g = deep(|| {
        let l: Vec<GameId> = f
            .options(arena, true)
            .iter()
            .map(|x| canonical_memo(x, arena, memo))
            .collect();
        let r: Vec<GameId> = f
            .options(arena, false)
            .iter()
            .map(|x| canonical_memo(x, arena, memo))
            .collect();
        arena.construct(l, r)
    });
    memo.insert(f.clone(), g);
    g
}

/// The ordinal sum `G : H = {G^L, G:H^L | G^R, G:H^R}`; depends on the form of `G`
/// and only on the value of `H`.
///
/// ```
/// use cgt_core::form::{ordinal_sum, Form};
/// use cgt_core::game::Arena;
/// use std::sync::Arc;
/// let mut a = Arena::new();
/// let star = Arc::new(Form::Value(a.nimber(1)));
/// let zero_form = Form::Node { left: vec![star.clone()], right: vec![star] }; // '{*|*}' = 0
/// let one = a.integer(1);
/// assert_eq!(ordinal_sum(&mut a, &zero_form, one), a.up(1)); // '{*|*}' : 1 = ↑
/// ```
pub fn ordinal_sum(arena: &mut Arena, g: &Form, h: GameId) -> GameId {
    Form::OrdinalSum(Arc::new(g.clone()), h).canonical(arena)
}

/// Conway's product of two forms, `GH = {G^L H + G H^L − G^L H^L,
/// G^R H + G H^R − G^R H^R | G^L H + G H^R − G^L H^R, G^R H + G H^L − G^R H^L}`,
/// computed on the forms as written: the product depends on the forms, not
/// only on their values (`'{-1,0|0,1}' · *` is `*2`, while `0 · *` is 0).
/// Canonical parts are multiplied on their canonical forms.
pub fn conway_product_forms(
    arena: &mut Arena,
    g: &Form,
    h: &Form,
) -> Result<GameId, crate::game::RangeError> {
    let mut memo = HashMap::new();
    conway_forms_memo(arena, g, h, &mut memo)
}

fn conway_forms_memo(
    arena: &mut Arena,
    g: &Form,
    h: &Form,
    memo: &mut HashMap<(Form, Form), GameId>,
) -> Result<GameId, crate::game::RangeError> {
    if let (Form::Value(a), Form::Value(b)) = (g, h) {
        return arena.conway_product(*a, *b);
    }
    if let Some(&p) = memo.get(&(g.clone(), h.clone())) {
        return Ok(p);
    }
    crate::interrupt::check();
    let p = deep(|| -> Result<GameId, crate::game::RangeError> {
        let (gl, gr) = (g.options(arena, true), g.options(arena, false));
        let (hl, hr) = (h.options(arena, true), h.options(arena, false));
        // x·H + G·y − x·y for options x of G and y of H.
        let mut term =
            |arena: &mut Arena, x: &Form, y: &Form| -> Result<GameId, crate::game::RangeError> {
                let xh = conway_forms_memo(arena, x, h, memo)?;
                let gy = conway_forms_memo(arena, g, y, memo)?;
                let xy = conway_forms_memo(arena, x, y, memo)?;
                let s = arena.try_add(xh, gy)?;
                let nxy = arena.neg(xy);
                arena.try_add(s, nxy)
            };
        let mut sides = [Vec::new(), Vec::new()];
        for (xs, ys, side) in [(&gl, &hl, 0), (&gr, &hr, 0), (&gl, &hr, 1), (&gr, &hl, 1)] {
            for x in xs.iter() {
                for y in ys.iter() {
                    let t = term(arena, x, y)?;
                    sides[side].push(t);
                }
            }
        }
        let [left, right] = sides;
        Ok(arena.construct(left, right))
    })?;
    memo.insert((g.clone(), h.clone()), p);
    Ok(p)
}

/// The `H` with `G = base : H`, if one exists: options of `G` that are not
/// options of the base are subordinated recursively, and the result checked.
pub fn subordinate(ar: &mut Arena, g: GameId, base: &Form) -> Option<GameId> {
    // One level per option: a long chain (an integer's) must see Ctrl-C and
    // the memory limit.
    crate::interrupt::check();
    let b = base.canonical(ar);
    if g == b {
        return Some(ar.zero());
    }
    let bl: Vec<GameId> = base
        .options(ar, true)
        .iter()
        .map(|f| f.canonical(ar))
        .collect();
    let br: Vec<GameId> = base
        .options(ar, false)
        .iter()
        .map(|f| f.canonical(ar))
        .collect();
    let (gl, gr) = (ar.left_options(g).to_vec(), ar.right_options(g).to_vec());
    let mut hl = Vec::new();
    for x in gl.into_iter().filter(|x| !bl.contains(x)) {
        hl.push(deep(|| subordinate(ar, x, base))?);
    }
    let mut hr = Vec::new();
    for x in gr.into_iter().filter(|x| !br.contains(x)) {
        hr.push(deep(|| subordinate(ar, x, base))?);
    }
    let h = ar.construct(hl, hr);
    (ordinal_sum(ar, base, h) == g).then_some(h)
}
