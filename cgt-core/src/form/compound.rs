//! The sequential compound and misère play on forms.

use super::Form;
use crate::analysis::Outcome;
use crate::game::{deep, Arena, GameId};
use hashbrown::HashMap;
use std::sync::Arc;

/// When the first component of `G → H` counts as over.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum SequentialRule {
    /// (J) joint end, the default: `G` is over when neither player can move in it;
    /// until then a player with no move in `G` has no move at all.
    #[default]
    JointEnd,
    /// (P) per player: a player with no move in `G` plays in `H` instead,
    /// abandoning `G`.
    PerPlayer,
}

pub(super) fn sequential_options(
    arena: &mut Arena,
    g: &Arc<Form>,
    h: GameId,
    rule: SequentialRule,
    left: bool,
) -> Vec<Arc<Form>> {
    let own = g.options(arena, left);
    let in_h = |arena: &mut Arena| -> Vec<Arc<Form>> {
        let o = if left {
            arena.left_options(h)
        } else {
            arena.right_options(h)
        };
        o.iter().map(|&x| Arc::new(Form::Value(x))).collect()
    };
    match rule {
        SequentialRule::JointEnd => {
            if own.is_empty() && g.options(arena, !left).is_empty() {
                in_h(arena)
            } else {
                own.into_iter()
                    .map(|x| Arc::new(Form::Sequential(x, h, rule)))
                    .collect()
            }
        }
        SequentialRule::PerPlayer => {
            if own.is_empty() {
                in_h(arena)
            } else {
                own.into_iter()
                    .map(|x| Arc::new(Form::Sequential(x, h, rule)))
                    .collect()
            }
        }
    }
}

/// The misère outcome class of a form, by direct search: a player who cannot
/// move wins.
pub fn misere_outcome_direct(arena: &mut Arena, f: &Form) -> Outcome {
    let mut memo = HashMap::new();
    let lw = wins_moving_first(arena, f, true, &mut memo);
    let rw = wins_moving_first(arena, f, false, &mut memo);
    Outcome::from_first_moves(lw, rw)
}

fn wins_moving_first(
    arena: &mut Arena,
    f: &Form,
    left: bool,
    memo: &mut HashMap<(Form, bool), bool>,
) -> bool {
    if let Form::Value(g) = f {
        // Integers in closed form: only the side that owns the moves is forced to move.
        if let Some(n) = arena.as_number(*g).and_then(|x| x.to_bigint()) {
            let sign = n.sign();
            return match sign {
                num_bigint::Sign::NoSign => true,
                num_bigint::Sign::Plus => !left,
                num_bigint::Sign::Minus => left,
            };
        }
    }
    if let Some(&w) = memo.get(&(f.clone(), left)) {
        return w;
    }
    let w = deep(|| {
        let opts = f.options(arena, left);
        opts.is_empty()
            || opts
                .iter()
                .any(|x| !wins_moving_first(arena, x, !left, memo))
    });
    memo.insert((f.clone(), left), w);
    w
}
