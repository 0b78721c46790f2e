//! The syntax tree of the expression language; every node carries its span.

use cgt_core::number::Dyadic;

/// Byte range `[start, end)` of a node in the source line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
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
    /// `±↑^<n>`: the n-th power of up (`sign` is +1 or -1).
    /// The n-th power of up; `sign` is +1 or -1.
    Power {
        /// The exponent.
        n: u32,
        /// +1 for up, -1 for down.
        sign: i8,
    },
    /// `±↑^[n]` = ↑ + ↑^<2> + … + ↑^<n>.
    /// The sum of the first n powers of up; `sign` is +1 or -1.
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
    /// `G : H`, the ordinal sum.
    Colon,
    /// `G -> H`, the sequential compound (joint-end rule).
    Sequential,
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
    /// `{L1,... | R1,...}`: a canonical game from options.
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
    /// `[a, b, ...]`.
    List(Vec<Expr>),
    /// `[body for v in a..b for w in c..d]` (inclusive integer ranges).
    Comprehension {
        /// The expression computed for each binding.
        body: Box<Expr>,
        /// `for name in from..to`, outermost first.
        loops: Vec<(String, Expr, Expr)>,
    },
    /// A string literal.
    Str(String),
    /// A variable (or `Left`, `Right`).
    Var(String),
    /// `name(args)`.
    Call {
        /// The function name (snake_case).
        name: String,
        /// The arguments.
        args: Vec<Expr>,
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
                ExprKind::Set(items)
                | ExprKind::List(items)
                | ExprKind::Call { args: items, .. } => items.iter_mut().for_each(take),
                ExprKind::Comprehension { body, loops } => {
                    take(body);
                    for (_, a, b) in loops.iter_mut() {
                        take(a);
                        take(b);
                    }
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

/// A line of input: an optional assignment target and an expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    /// The variable assigned, if any.
    pub target: Option<String>,
    /// The expression.
    pub expr: Expr,
}
