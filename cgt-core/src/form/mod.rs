//! Game forms: explicit `{L|R}` trees kept as written, for the operations
//! that depend on the form and not only on the value (ordinal sum, ...).

use crate::game::{deep, Arena, GameId};
use std::sync::Arc;

/// An option of a form: a canonical game or another explicit form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// A canonical game, used with its canonical form.
    Value(GameId),
    /// An explicit node `{L|R}`, not simplified.
    Node {
        left: Vec<Arc<Form>>,
        right: Vec<Arc<Form>>,
    },
}

impl Form {
    /// The canonical value of the form.
    pub fn canonical(&self, arena: &mut Arena) -> GameId {
        match self {
            Form::Value(g) => *g,
            Form::Node { left, right } => deep(|| {
                let l = left.iter().map(|f| f.canonical(arena)).collect();
                let r = right.iter().map(|f| f.canonical(arena)).collect();
                arena.construct(l, r)
            }),
        }
    }

    /// Left options of the form (for a canonical game: its canonical options).
    pub fn left(&self, arena: &mut Arena) -> Vec<Arc<Form>> {
        match self {
            Form::Value(g) => arena
                .left_options(*g)
                .iter()
                .map(|&o| Arc::new(Form::Value(o)))
                .collect(),
            Form::Node { left, .. } => left.clone(),
        }
    }

    /// Right options of the form.
    pub fn right(&self, arena: &mut Arena) -> Vec<Arc<Form>> {
        match self {
            Form::Value(g) => arena
                .right_options(*g)
                .iter()
                .map(|&o| Arc::new(Form::Value(o)))
                .collect(),
            Form::Node { right, .. } => right.clone(),
        }
    }
}

/// The ordinal sum `G : H = {G^L, G:H^L | G^R, G:H^R}`; depends on the form of `G`
/// and only on the value of `H`.
pub fn ordinal_sum(arena: &mut Arena, g: &Form, h: GameId) -> GameId {
    let mut memo = hashbrown::HashMap::new();
    ordinal_sum_memo(arena, g, h, &mut memo)
}

fn ordinal_sum_memo(
    arena: &mut Arena,
    g: &Form,
    h: GameId,
    memo: &mut hashbrown::HashMap<GameId, GameId>,
) -> GameId {
    if let Some(&r) = memo.get(&h) {
        return r;
    }
    let r = deep(|| {
        let mut l: Vec<GameId> = g.left(arena).iter().map(|f| f.canonical(arena)).collect();
        let mut r: Vec<GameId> = g.right(arena).iter().map(|f| f.canonical(arena)).collect();
        for hl in arena.left_options(h).iter() {
            l.push(ordinal_sum_memo(arena, g, *hl, memo));
        }
        for hr in arena.right_options(h).iter() {
            r.push(ordinal_sum_memo(arena, g, *hr, memo));
        }
        arena.construct(l, r)
    });
    memo.insert(h, r);
    r
}
