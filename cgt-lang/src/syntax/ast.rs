//! The syntax tree of the language, as the parser reads it: names are
//! still names (the resolver decides what they mean). Every node carries
//! its span.

pub use crate::error::Span;
use cgt_core::number::Dyadic;
use std::sync::Arc;

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
    /// `a / b`: exact division of numbers (CGSuite's `/`).
    Divide,
    /// `a div b`: integer division rounding down.
    Div,
    /// `a mod b` (or `a % b`): the remainder of `div` (with the sign of b).
    Mod,
    /// `G : H`, the ordinal sum.
    Colon,
    /// `G -> H`, the sequential compound (joint-end rule).
    Sequential,
    /// `a..b`: the list of integers from a to b.
    Range,
    /// `S & T`: the sided value with onside S and offside T.
    Sided,
    /// `G Upsum H`: the onside of G + H (CGSuite's infix spelling).
    Upsum,
    /// `G Downsum H`: the offside of G + H.
    Downsum,
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
    /// `[number][ups][star]`, e.g. `-1/2^*`, `v3`, `*8`, `^<2>*`. A number
    /// that is not dyadic (`1/3`) is a rational, not a game.
    Literal {
        /// The number part.
        number: Number,
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
    /// `pass` among a game's options: a move to the game itself.
    Pass,
    /// A stopper as CGSuite prints it: `2over`, `3/2under`, `-1/4v[on]`,
    /// `^<on>*`.
    LoopyLiteral {
        /// The number part.
        number: Dyadic,
        /// Which stopper is added to it.
        shape: LoopyShape,
        /// The nimber written after it (`*k`).
        nim: u64,
    },
    /// `a{L | R}`: braces named `a`, so that `a` among the options inside
    /// means these braces (a game whose positions repeat).
    Labelled {
        /// The name.
        label: String,
        /// The braces.
        body: Box<Expr>,
    },
    /// `'{L | R}'`: an explicit game form, not simplified.
    Form {
        /// Left options.
        left: Vec<Expr>,
        /// Right options.
        right: Vec<Expr>,
    },
    /// `{a, b, ...}` without slashes: a set (duplicates removed).
    Set(Vec<Expr>),
    /// `{k => v, ...}`: a map (`{=>}` is the empty one).
    Map(Vec<(Expr, Expr)>),
    /// `x => body`, `(a, b) => body`: an anonymous function, which sees
    /// the names visible where it is written (their values then). Its
    /// name is empty.
    Lambda(Box<Definition>),
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
    /// A name: a variable, a function as a value, a module, `Left`, `L`, ...
    Var(String),
    /// `name(args)`: a call of whatever the name means where it is written
    /// (a defined function, a built-in, a ruleset making a position).
    Call {
        /// The function's name as written (built-ins also answer to
        /// CGSuite's names: `AtomicWeight` is `atomic_weight`).
        name: String,
        /// The arguments.
        args: Vec<Argument>,
    },
    /// `target(args)` where the target is not a name: a call of the value
    /// (`f(a)(b)`, `(x => x + 1)(2)`).
    Apply {
        /// What is called.
        target: Box<Expr>,
        /// The arguments.
        args: Vec<Argument>,
    },
    /// `target.name` or `target.name(args)`: a member of a module, or a
    /// method call, CGSuite's way of writing `name(target, args)`
    /// (`G.AtomicWeight`, `G.Cool(1)`).
    Method {
        /// The value before the dot.
        target: Box<Expr>,
        /// The name after it.
        name: String,
        /// Where the name is.
        name_span: Span,
        /// The arguments, if parenthesised.
        args: Option<Vec<Argument>>,
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
    /// `if c then a else b`, or CGScript's
    /// `if c then ... elseif d then ... else ... end`: the value of the
    /// branch taken (nothing if none is).
    If {
        /// Each condition with its statements, in order.
        arms: Vec<(Expr, Vec<Statement>)>,
        /// The statements of `else`, if there is one.
        otherwise: Option<Vec<Statement>>,
    },
    /// `let x = e, y = f in body`.
    Let {
        /// The bindings, in order (each sees the ones before it).
        bindings: Vec<(Arc<str>, Expr)>,
        /// The value.
        body: Box<Expr>,
    },
    /// `begin ... end`: statements run in order; the value of the last.
    Block(Vec<Statement>),
    /// `for x in L [where c] [while c] do ... end`, or
    /// `for x from a [to b] [by s] ... do ... end`.
    For(Box<ForLoop>),
    /// `while c do ... end`.
    While {
        /// Checked before each round.
        cond: Box<Expr>,
        /// The loop's statements.
        body: Vec<Statement>,
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

/// The stopper part of an [`ExprKind::LoopyLiteral`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopyShape {
    /// `x over` (or `x under`, `over` false).
    Over(bool),
    /// `x^[on]` (`uponth` false) or `x^<on>`, with a down arrow if `down`.
    Upon {
        /// `v` rather than `^`.
        down: bool,
        /// `<on>` rather than `[on]`.
        uponth: bool,
    },
}

/// The number of a literal: dyadic (a game) or not (a rational such as 1/3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Number {
    /// A dyadic rational.
    Dyadic(Dyadic),
    /// `p/q` in lowest terms, q not a power of two.
    Rational(cgt_core::number::Rational),
}

/// A `for` loop: what it runs over and its filters.
#[derive(Clone, Debug, PartialEq)]
pub struct ForLoop {
    /// The loop variable (none for `from 1 to 5 do ...`).
    pub var: Option<Arc<str>>,
    /// What the variable runs over.
    pub over: Over,
    /// `where c`: skip the rounds where c is false.
    pub filter: Option<Expr>,
    /// `while c`: stop at the first round where c is false.
    pub until: Option<Expr>,
    /// The loop's statements.
    pub body: Vec<Statement>,
}

/// What a `for` runs over.
#[derive(Clone, Debug, PartialEq)]
pub enum Over {
    /// `in L`: a list, set, string or range.
    In(Expr),
    /// `from a [to b] [by s]`: integers (for ever without `to`).
    Count {
        /// The first value (1 if omitted, as in CGSuite).
        from: Option<Box<Expr>>,
        /// The last value, if any.
        to: Option<Box<Expr>>,
        /// The step (1 if omitted).
        by: Option<Box<Expr>>,
    },
}

impl ExprKind {
    /// The sub-expressions, in no particular order (statements' included).
    pub fn children(&self) -> Vec<&Expr> {
        let mut out: Vec<&Expr> = Vec::new();
        fn block<'a>(b: &'a [Statement], out: &mut Vec<&'a Expr>) {
            for st in b {
                out.extend(st.kind.exprs());
            }
        }
        match self {
            ExprKind::Literal {
                star: Some(Star::Expr(e)),
                ..
            } => out.push(e),
            ExprKind::Tiny { arg, .. } | ExprKind::Unary { arg, .. } => out.push(arg),
            ExprKind::Labelled { body, .. } => out.push(body),
            ExprKind::Braces { left, right } | ExprKind::Form { left, right } => {
                out.extend(left.iter().chain(right.iter()))
            }
            ExprKind::Set(items) | ExprKind::List(items) => out.extend(items.iter()),
            ExprKind::Map(entries) => out.extend(entries.iter().flat_map(|(k, v)| [k, v])),
            ExprKind::Lambda(d) => out.push(&d.body),
            ExprKind::Call { args, .. } => out.extend(args.iter().map(|a| &a.value)),
            ExprKind::Apply { target, args } => {
                out.push(target);
                out.extend(args.iter().map(|a| &a.value));
            }
            ExprKind::Method { target, args, .. } => {
                out.push(target);
                out.extend(args.iter().flatten().map(|a| &a.value));
            }
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
            ExprKind::If { arms, otherwise } => {
                for (c, b) in arms {
                    out.push(c);
                    block(b, &mut out);
                }
                if let Some(b) = otherwise {
                    block(b, &mut out);
                }
            }
            ExprKind::Let { bindings, body } => {
                out.extend(bindings.iter().map(|(_, e)| e));
                out.push(body);
            }
            ExprKind::Block(b) => block(b, &mut out),
            ExprKind::For(f) => {
                match &f.over {
                    Over::In(e) => out.push(e),
                    Over::Count { from, to, by } => {
                        out.extend([from, to, by].into_iter().flatten().map(|e| &**e))
                    }
                }
                out.extend(f.filter.iter().chain(f.until.iter()));
                block(&f.body, &mut out);
            }
            ExprKind::While { cond, body } => {
                out.push(cond);
                block(body, &mut out);
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
        fn take(e: &mut Expr, out: &mut Vec<ExprKind>) {
            out.push(std::mem::replace(&mut e.kind, ExprKind::Var(String::new())))
        }
        fn take_block(b: &mut [Statement], out: &mut Vec<ExprKind>) {
            for st in b {
                match &mut st.kind {
                    StatementKind::Expr(e)
                    | StatementKind::Assign { expr: e, .. }
                    | StatementKind::Return(Some(e)) => take(e, out),
                    StatementKind::Def(d) => take(&mut d.body, out),
                    _ => {}
                }
            }
        }
        fn take_children(kind: &mut ExprKind, out: &mut Vec<ExprKind>) {
            match kind {
                ExprKind::Literal {
                    star: Some(Star::Expr(e)),
                    ..
                } => take(e, out),
                ExprKind::Tiny { arg, .. } | ExprKind::Unary { arg, .. } => take(arg, out),
                ExprKind::Labelled { body, .. } => take(body, out),
                ExprKind::Braces { left, right } | ExprKind::Form { left, right } => left
                    .iter_mut()
                    .chain(right.iter_mut())
                    .for_each(|e| take(e, out)),
                ExprKind::Set(items) | ExprKind::List(items) => {
                    items.iter_mut().for_each(|e| take(e, out))
                }
                ExprKind::Map(entries) => entries.iter_mut().for_each(|(k, v)| {
                    take(k, out);
                    take(v, out);
                }),
                ExprKind::Lambda(d) => take(&mut d.body, out),
                ExprKind::Call { args, .. } => {
                    args.iter_mut().for_each(|a| take(&mut a.value, out))
                }
                ExprKind::Apply { target, args } => {
                    take(target, out);
                    args.iter_mut().for_each(|a| take(&mut a.value, out))
                }
                ExprKind::Method { target, args, .. } => {
                    take(target, out);
                    args.iter_mut()
                        .flatten()
                        .for_each(|a| take(&mut a.value, out));
                }
                ExprKind::Comprehension { body, clauses } => {
                    take(body, out);
                    for c in clauses.iter_mut() {
                        match c {
                            Clause::For(_, e) | Clause::If(e) => take(e, out),
                        }
                    }
                }
                ExprKind::Index { target, index } => {
                    take(target, out);
                    take(index, out);
                }
                ExprKind::Slice { target, from, to } => {
                    take(target, out);
                    from.iter_mut()
                        .chain(to.iter_mut())
                        .for_each(|e| take(e, out));
                }
                ExprKind::If { arms, otherwise } => {
                    for (c, b) in arms.iter_mut() {
                        take(c, out);
                        take_block(b, out);
                    }
                    if let Some(b) = otherwise {
                        take_block(b, out);
                    }
                }
                ExprKind::Let { bindings, body } => {
                    bindings.iter_mut().for_each(|(_, e)| take(e, out));
                    take(body, out);
                }
                ExprKind::Block(b) => take_block(b, out),
                ExprKind::For(f) => {
                    match &mut f.over {
                        Over::In(e) => take(e, out),
                        Over::Count { from, to, by } => [from, to, by]
                            .into_iter()
                            .flatten()
                            .for_each(|e| take(e, out)),
                    }
                    f.filter
                        .iter_mut()
                        .chain(f.until.iter_mut())
                        .for_each(|e| take(e, out));
                    take_block(&mut f.body, out);
                }
                ExprKind::While { cond, body } => {
                    take(cond, out);
                    take_block(body, out);
                }
                ExprKind::Binary { lhs, rhs, .. } => {
                    take(lhs, out);
                    take(rhs, out);
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

/// A function definition: `def name(params) ["doc"] = body` (at the top
/// level a global, inside a block a local that sees the names around it).
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

/// One statement and its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Statement {
    /// What the statement is.
    pub kind: StatementKind,
    /// Where it is in the input.
    pub span: Span,
}

/// The kinds of statement.
#[derive(Clone, Debug, PartialEq)]
pub enum StatementKind {
    /// An expression, whose value is printed at the top level.
    Expr(Expr),
    /// `name = expression` or CGScript's `name := expression`.
    Assign {
        /// The variable.
        name: String,
        /// Where the name is.
        name_span: Span,
        /// Its new value.
        expr: Expr,
    },
    /// `def name(params) = body`.
    Def(Definition),
    /// `import "file.cgt" [as name]`.
    Import {
        /// The file, as written.
        path: String,
        /// Where the file name is.
        path_span: Span,
        /// `as name`: the module's name (without it, its exported names
        /// are bound directly).
        alias: Option<(String, Span)>,
    },
    /// `return [expression]` (in a function's body).
    Return(Option<Expr>),
    /// `break` (in a loop).
    Break,
    /// `continue` (in a loop).
    Continue,
}

impl StatementKind {
    /// The expressions directly in the statement.
    pub fn exprs(&self) -> Vec<&Expr> {
        match self {
            StatementKind::Expr(e)
            | StatementKind::Assign { expr: e, .. }
            | StatementKind::Return(Some(e)) => vec![e],
            StatementKind::Def(d) => vec![&d.body],
            _ => vec![],
        }
    }
}
