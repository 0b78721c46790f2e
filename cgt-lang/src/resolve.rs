//! Name resolution before evaluation: a variable bound by a parameter,
//! `let` or `for` becomes the slot of its binding in the call's frame, so
//! evaluation finds it by index instead of comparing names. A slot carries
//! its binder's name (the same shared string), which evaluation checks by
//! pointer before trusting the slot.

use super::ast::{Clause, Expr, ExprKind};
use cgt_core::game::deep;
use std::sync::Arc;

/// Resolve the variables of `e` against the names bound around it
/// (innermost last, in the order evaluation binds them).
pub fn resolve(e: &mut Expr, scope: &mut Vec<Arc<str>>) {
    deep(|| resolve_inner(e, scope))
}

fn resolve_inner(e: &mut Expr, scope: &mut Vec<Arc<str>>) {
    match &mut e.kind {
        ExprKind::Var(name) => {
            if let Some(slot) = scope.iter().rposition(|n| **n == **name) {
                e.kind = ExprKind::Local {
                    slot: slot as u32,
                    name: scope[slot].clone(),
                };
            }
        }
        ExprKind::Let { bindings, body } => {
            let mark = scope.len();
            for (name, value) in bindings.iter_mut() {
                resolve(value, scope);
                scope.push(name.clone());
            }
            resolve(body, scope);
            scope.truncate(mark);
        }
        ExprKind::Comprehension { body, clauses } => {
            let mark = scope.len();
            for c in clauses.iter_mut() {
                match c {
                    Clause::For(name, list) => {
                        resolve(list, scope);
                        scope.push(name.clone());
                    }
                    Clause::If(cond) => resolve(cond, scope),
                }
            }
            resolve(body, scope);
            scope.truncate(mark);
        }
        other => {
            for child in other.children_mut() {
                resolve(child, scope);
            }
        }
    }
}
