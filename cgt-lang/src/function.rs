//! Functions defined with `def`: pure, so each recursive one is memoised
//! by its arguments (a recursive game family costs one evaluation per
//! distinct argument). A memo is cleared when anything the function may
//! depend on changes (see [`Function::uses`]).

use super::ast::{Clause, Definition, Expr, ExprKind};
use super::key::{args_key, Key};
use super::value::Value;
use hashbrown::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A defined function.
#[derive(Debug)]
pub struct Function {
    /// The definition as parsed.
    pub def: Definition,
    /// The text of the definition, as `:defs` and `:save` show it.
    pub source: String,
    /// Names the body uses that are not its own parameters or local
    /// bindings: the globals and functions its results depend on.
    free: HashSet<String>,
    /// Results by argument values.
    memo: Mutex<HashMap<Key, Value>>,
    /// True if the function can call itself (through the functions defined
    /// now): only then does a memo save work, so only then is it kept.
    recursive: AtomicBool,
}

impl Function {
    /// A function from its definition and source text.
    pub fn new(def: Definition, source: String) -> Self {
        let mut free = HashSet::new();
        free_names(&def.body, &def.params, &mut free);
        Function {
            def,
            source,
            free,
            memo: Mutex::new(HashMap::new()),
            recursive: AtomicBool::new(true),
        }
    }

    /// Whether calls are memoised: set by the session from the call graph
    /// of the functions defined (a function that cannot reach itself is
    /// called with new arguments nearly every time, so a memo only costs).
    pub fn set_recursive(&self, recursive: bool) {
        self.recursive.store(recursive, Ordering::Relaxed);
    }

    /// The names of functions and globals the body uses.
    pub fn uses_names(&self) -> impl Iterator<Item = &str> {
        self.free.iter().map(String::as_str)
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.def.name
    }

    /// `name(a, b)`.
    pub fn signature(&self) -> String {
        format!("{}({})", self.def.name, self.def.params.join(", "))
    }

    /// True if the body refers to `name` (a global variable or a function).
    pub fn uses(&self, name: &str) -> bool {
        self.free.contains(name)
    }

    /// The memoised result for these arguments.
    pub fn recall(&self, args: &[Value]) -> Option<Value> {
        if !self.recursive.load(Ordering::Relaxed) {
            return None;
        }
        self.memo.lock().ok()?.get(&args_key(args)).cloned()
    }

    /// Remember a result.
    pub fn remember(&self, args: &[Value], result: Value) {
        if !self.recursive.load(Ordering::Relaxed) {
            return;
        }
        if let Ok(mut m) = self.memo.lock() {
            m.insert(args_key(args), result);
        }
    }

    /// Forget every result (something the function uses changed, or the
    /// games a result names were dropped).
    pub fn forget(&self) {
        if let Ok(mut m) = self.memo.lock() {
            m.clear();
        }
    }

    /// How many results are memoised.
    pub fn memo_len(&self) -> usize {
        self.memo.lock().map_or(0, |m| m.len())
    }
}

/// Collect the names `e` uses that `bound` does not bind; iterative over
/// the tree, so a deep body does not recurse natively.
fn free_names(e: &Expr, bound: &[Arc<str>], free: &mut HashSet<String>) {
    // Each expression with the names in scope for it.
    let mut stack: Vec<(&Expr, Vec<Arc<str>>)> = vec![(e, bound.to_vec())];
    while let Some((e, scope)) = stack.pop() {
        match &e.kind {
            ExprKind::Var(name) => {
                if !scope.iter().any(|s| **s == **name) {
                    free.insert(name.clone());
                }
            }
            ExprKind::Call { name, args } => {
                if !scope.iter().any(|s| **s == **name) {
                    free.insert(name.clone());
                }
                for a in args {
                    stack.push((&a.value, scope.clone()));
                }
            }
            ExprKind::Let { bindings, body } => {
                let mut s = scope;
                for (name, value) in bindings {
                    stack.push((value, s.clone()));
                    s.push(name.clone());
                }
                stack.push((body, s));
            }
            ExprKind::Comprehension { body, clauses } => {
                let mut s = scope;
                for c in clauses {
                    match c {
                        Clause::For(name, list) => {
                            stack.push((list, s.clone()));
                            s.push(name.clone());
                        }
                        Clause::If(cond) => stack.push((cond, s.clone())),
                    }
                }
                stack.push((body, s));
            }
            other => {
                for child in other.children() {
                    stack.push((child, scope.clone()));
                }
            }
        }
    }
}
