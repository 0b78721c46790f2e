//! The syntax tree of the language; every node carries its span.

use cgt_core::number::Dyadic;
use std::sync::Arc;

/// Byte range `[start, end)` of a node in the source line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Hash)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

#[derive(Clone, Debug, PartialEq)]
/// An expression and its span.
pub struct Expr {
    /// What the expression is.
    pub kind: ExprKind,
    /// Where it is in the input.
    pub span: Span,
}

/// The up part of a literal such as `^^`, `v3`, `^<2>` or `v[4]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ups {
    /// `n·↑` (negative for downs).
    Multiple(i64),
    /// The n-th power of up; `sign` is +1 or -1.
    Power {
        /// The exponent.
        n: u32,
        /// +1 for up, -1 for down.
        sign: i8,
    },
    /// `±↑^[n]` = ↑ + ↑^<2> + … + ↑^<n>; `sign` is +1 or -1.
    PowerSum {
        /// The number of powers summed.
        n: u32,
        /// +1 for up, -1 for down.
        sign: i8,
    },
    /// An uptimal expansion `x*m.d1d2…`: the coefficients of ↑, ↑^<2>, ….
    Uptimal(Vec<i64>),
}

/// The star part of a literal: `*`, `*3` or `*(expr)`.
#[derive(Clone, Debug, PartialEq)]
pub enum Star {
    /// `*n`.
    Nim(u64),
    /// `*(expr)`.
    Expr(Box<Expr>),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
/// Binary operators.
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `x +- y` = x + ±y.
    AddSwitch,
    /// `n * G`: a game times an integer (or two numbers multiplied).
    Mul,
    /// `a div b`: integer division rounding down.
    Div,
    /// `a mod b`: the remainder of `div` (with the sign of b).
    Mod,
    /// `G : H`, the ordinal sum.
    Colon,
    /// `G -> H`, the sequential compound (joint-end rule).
    Sequential,
    /// `a..b`: the list of integers from a to b.
    Range,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `<>`: confused.
    Confused,
    /// `<|`: less than or confused.
    LessOrConfused,
    /// `|>`: greater than or confused.
    GreaterOrConfused,
    /// `and` (evaluates its right side only if needed).
    And,
    /// `or` (evaluates its right side only if needed).
    Or,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
/// Unary operators.
pub enum UnOp {
    /// `-G`
    Neg,
    /// `+G`
    Plus,
    /// `+-G` = {G | -G}.
    Switch,
    /// `not b`
    Not,
}

/// One clause of a comprehension, in the order written.
#[derive(Clone, Debug, PartialEq)]
pub enum Clause {
    /// `for name in list` (a list, a string, or a range `a..b`).
    For(Arc<str>, Expr),
    /// `if condition`: keeps the bindings for which it holds.
    If(Expr),
}

/// An argument of a call: positional or `name = value`.
#[derive(Clone, Debug, PartialEq)]
pub struct Argument {
    /// The keyword, for `name = value`.
    pub name: Option<String>,
    /// The value.
    pub value: Expr,
}

#[derive(Clone, Debug, PartialEq)]
/// The kinds of expression.
pub enum ExprKind {
    /// `[number][ups][star]`, e.g. `-1/2^*`, `v3`, `*8`, `^<2>*`.
    Literal {
        /// The number part.
        number: Dyadic,
        /// The up part, if any.
        ups: Option<Ups>,
        /// The star part, if any.
        star: Option<Star>,
    },
    /// `[x]Tiny(G)` or `[x]Miny(G)`.
    Tiny {
        /// The number in front (`2` in `2Tiny(x)`).
        number: Dyadic,
        /// True for Miny.
        miny: bool,
        /// The subscript game.
        arg: Box<Expr>,
    },
    /// `{L1,... | R1,...}`: a canonical game from options (an option that
    /// is a list contributes its elements).
    Braces {
        /// Left options.
        left: Vec<Expr>,
        /// Right options.
        right: Vec<Expr>,
    },
    /// `'{L | R}'`: an explicit game form, not simplified.
    Form {
        /// Left options.
        left: Vec<Expr>,
        /// Right options.
        right: Vec<Expr>,
    },
    /// `{a, b, ...}` without slashes: a set of games.
    Set(Vec<Expr>),
    /// `[a, b, ...]`; a tuple `(a, b)` is a list too.
    List(Vec<Expr>),
    /// `[body for x in L if c ...]`.
    Comprehension {
        /// The expression computed for each binding.
        body: Box<Expr>,
        /// The `for` and `if` clauses, outermost first.
        clauses: Vec<Clause>,
    },
    /// A string literal.
    Str(Arc<str>),
    /// A variable (or `Left`, `Right`).
    Var(String),
    /// A variable bound by a parameter, `let` or `for`: its slot in the
    /// frame and its binder's name (see `resolve`).
    Local {
        /// Index in the frame's bindings.
        slot: u32,
        /// The binder's name, shared with the binding.
        name: Arc<str>,
    },
    /// `name(args)`: a built-in, a defined function, or a ruleset making a position.
    Call {
        /// The function's name as written (built-ins also answer to
        /// CGSuite's names: `AtomicWeight` is `atomic_weight`).
        name: String,
        /// The arguments.
        args: Vec<Argument>,
    },
    /// `target[index]`.
    Index {
        /// The list or string.
        target: Box<Expr>,
        /// The index (from 0; negative counts from the end).
        index: Box<Expr>,
    },
    /// `target[from:to]` (either bound may be missing).
    Slice {
        /// The list or string.
        target: Box<Expr>,
        /// The first index kept.
        from: Option<Box<Expr>>,
        /// One past the last index kept.
        to: Option<Box<Expr>>,
    },
    /// `if c then a else b`.
    If {
        /// The condition (a boolean).
        cond: Box<Expr>,
        /// The value if it holds.
        then: Box<Expr>,
        /// The value otherwise.
        other: Box<Expr>,
    },
    /// `let x = e, y = f in body`.
    Let {
        /// The bindings, in order (each sees the ones before it).
        bindings: Vec<(Arc<str>, Expr)>,
        /// The value.
        body: Box<Expr>,
    },
    /// A unary operation.
    Unary {
        /// The operator.
        op: UnOp,
        /// The operand.
        arg: Box<Expr>,
    },
    /// A binary operation.
    Binary {
        /// The operator.
        op: BinOp,
        /// Left operand.
        lhs: Box<Expr>,
        /// Right operand.
        rhs: Box<Expr>,
    },
}

impl ExprKind {
    /// The sub-expressions, in no particular order.
    pub fn children(&self) -> Vec<&Expr> {
        let mut out: Vec<&Expr> = Vec::new();
        match self {
            ExprKind::Literal {
                star: Some(Star::Expr(e)),
                ..
            } => out.push(e),
            ExprKind::Tiny { arg, .. } | ExprKind::Unary { arg, .. } => out.push(arg),
            ExprKind::Braces { left, right } | ExprKind::Form { left, right } => {
                out.extend(left.iter().chain(right.iter()))
            }
            ExprKind::Set(items) | ExprKind::List(items) => out.extend(items.iter()),
            ExprKind::Call { args, .. } => out.extend(args.iter().map(|a| &a.value)),
            ExprKind::Comprehension { body, clauses } => {
                out.push(body);
                for c in clauses {
                    match c {
                        Clause::For(_, e) | Clause::If(e) => out.push(e),
                    }
                }
            }
            ExprKind::Index { target, index } => {
                out.push(target);
                out.push(index);
            }
            ExprKind::Slice { target, from, to } => {
                out.push(target);
                out.extend(from.iter().chain(to.iter()).map(|e| &**e));
            }
            ExprKind::If { cond, then, other } => {
                out.push(cond);
                out.push(then);
                out.push(other);
            }
            ExprKind::Let { bindings, body } => {
                out.extend(bindings.iter().map(|(_, e)| e));
                out.push(body);
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                out.push(lhs);
                out.push(rhs);
            }
            _ => {}
        }
        out
    }

    /// The sub-expressions, mutably, in no particular order.
    pub fn children_mut(&mut self) -> Vec<&mut Expr> {
        let mut out: Vec<&mut Expr> = Vec::new();
        match self {
            ExprKind::Literal {
                star: Some(Star::Expr(e)),
                ..
            } => out.push(e),
            ExprKind::Tiny { arg, .. } | ExprKind::Unary { arg, .. } => out.push(arg),
            ExprKind::Braces { left, right } | ExprKind::Form { left, right } => {
                out.extend(left.iter_mut().chain(right.iter_mut()))
            }
            ExprKind::Set(items) | ExprKind::List(items) => out.extend(items.iter_mut()),
            ExprKind::Call { args, .. } => out.extend(args.iter_mut().map(|a| &mut a.value)),
            ExprKind::Comprehension { body, clauses } => {
                out.push(body);
                for c in clauses.iter_mut() {
                    match c {
                        Clause::For(_, e) | Clause::If(e) => out.push(e),
                    }
                }
            }
            ExprKind::Index { target, index } => {
                out.push(target);
                out.push(index);
            }
            ExprKind::Slice { target, from, to } => {
                out.push(target);
                out.extend(from.iter_mut().chain(to.iter_mut()).map(|e| &mut **e));
            }
            ExprKind::If { cond, then, other } => {
                out.push(cond);
                out.push(then);
                out.push(other);
            }
            ExprKind::Let { bindings, body } => {
                out.extend(bindings.iter_mut().map(|(_, e)| e));
                out.push(body);
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                out.push(lhs);
                out.push(rhs);
            }
            _ => {}
        }
        out
    }
}

impl Drop for Expr {
    /// Dismantles the tree with an explicit stack: a sum of ten million terms
    /// or a million nested braces must not overflow the native stack when dropped.
    fn drop(&mut self) {
        fn take_children(kind: &mut ExprKind, out: &mut Vec<ExprKind>) {
            let mut take = |e: &mut Expr| {
                out.push(std::mem::replace(&mut e.kind, ExprKind::Var(String::new())))
            };
            match kind {
                ExprKind::Literal {
                    star: Some(Star::Expr(e)),
                    ..
                } => take(e),
                ExprKind::Tiny { arg, .. } | ExprKind::Unary { arg, .. } => take(arg),
                ExprKind::Braces { left, right } | ExprKind::Form { left, right } => {
                    left.iter_mut().chain(right.iter_mut()).for_each(take)
                }
                ExprKind::Set(items) | ExprKind::List(items) => items.iter_mut().for_each(take),
                ExprKind::Call { args, .. } => args.iter_mut().for_each(|a| take(&mut a.value)),
                ExprKind::Comprehension { body, clauses } => {
                    take(body);
                    for c in clauses.iter_mut() {
                        match c {
                            Clause::For(_, e) | Clause::If(e) => take(e),
                        }
                    }
                }
                ExprKind::Index { target, index } => {
                    take(target);
                    take(index);
                }
                ExprKind::Slice { target, from, to } => {
                    take(target);
                    from.iter_mut().chain(to.iter_mut()).for_each(|e| take(e));
                }
                ExprKind::If { cond, then, other } => {
                    take(cond);
                    take(then);
                    take(other);
                }
                ExprKind::Let { bindings, body } => {
                    bindings.iter_mut().for_each(|(_, e)| take(e));
                    take(body);
                }
                ExprKind::Binary { lhs, rhs, .. } => {
                    take(lhs);
                    take(rhs);
                }
                _ => {}
            }
        }
        let mut stack = Vec::new();
        take_children(&mut self.kind, &mut stack);
        while let Some(mut kind) = stack.pop() {
            take_children(&mut kind, &mut stack);
        }
    }
}

/// A function definition: `def name(params) ["doc"] = body`.
#[derive(Clone, Debug, PartialEq)]
pub struct Definition {
    /// The function's name.
    pub name: String,
    /// Where the name is in the line.
    pub name_span: Span,
    /// The parameters' names.
    pub params: Vec<Arc<str>>,
    /// The doc string `help` shows.
    pub doc: Option<String>,
    /// The body.
    pub body: Expr,
}

/// One statement of input.
#[derive(Clone, Debug, PartialEq)]
pub enum Statement {
    /// An expression, whose value is printed.
    Expr(Expr),
    /// `name = expression`.
    Assign {
        /// The variable.
        name: String,
        /// Where the name is in the line.
        name_span: Span,
        /// Its new value.
        expr: Expr,
    },
    /// `def name(params) = body`.
    Def(Definition),
}
