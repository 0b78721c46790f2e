//! The syntax tree of the expression language; every node carries its span.

use crate::number::Dyadic;

/// Byte range `[start, end)` of a node in the source line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// The up part of a literal such as `^^`, `v3`, `^<2>` or `v[4]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ups {
    /// `n·↑` (negative for downs).
    Multiple(i64),
    /// `±↑^<n>`: the n-th power of up (`sign` is +1 or -1).
    Power { n: u32, sign: i8 },
    /// `±↑^[n]` = ↑ + ↑^<2> + … + ↑^<n>.
    PowerSum { n: u32, sign: i8 },
}

/// The star part of a literal: `*`, `*3` or `*(expr)`.
#[derive(Clone, Debug, PartialEq)]
pub enum Star {
    Nim(u64),
    Expr(Box<Expr>),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    /// `x +- y` = x + ±y.
    AddSwitch,
    /// `G : H`, the ordinal sum.
    Colon,
    /// `G -> H`, the sequential compound (joint-end rule).
    Sequential,
    Eq,
    Ne,
    Le,
    Ge,
    Lt,
    Gt,
    /// `<>`: confused.
    Confused,
    /// `<|`: less than or confused.
    LessOrConfused,
    /// `|>`: greater than or confused.
    GreaterOrConfused,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    /// `+-G` = {G | -G}.
    Switch,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// `[number][ups][star]`, e.g. `-1/2^*`, `v3`, `*8`, `^<2>*`.
    Literal {
        number: Dyadic,
        ups: Option<Ups>,
        star: Option<Star>,
    },
    /// `[x]Tiny(G)` or `[x]Miny(G)`.
    Tiny {
        number: Dyadic,
        miny: bool,
        arg: Box<Expr>,
    },
    /// `{L1,... | R1,...}`: a canonical game from options.
    Braces {
        left: Vec<Expr>,
        right: Vec<Expr>,
    },
    /// `'{L | R}'`: an explicit game form, not simplified.
    Form {
        left: Vec<Expr>,
        right: Vec<Expr>,
    },
    /// `{a, b, ...}` without slashes: a set of games.
    Set(Vec<Expr>),
    /// `[a, b, ...]`.
    List(Vec<Expr>),
    /// `[body for v in a..b for w in c..d]` (inclusive integer ranges).
    Comprehension {
        body: Box<Expr>,
        loops: Vec<(String, Expr, Expr)>,
    },
    Str(String),
    Var(String),
    Call {
        name: String,
        args: Vec<Expr>,
    },
    Unary {
        op: UnOp,
        arg: Box<Expr>,
    },
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
}

/// A line of input: an optional assignment target and an expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    pub target: Option<String>,
    pub expr: Expr,
}
