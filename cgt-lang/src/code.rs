//! Code: what the compiler makes of the syntax tree and the machine runs.
//! Every name is resolved here: a local is a slot of its function's frame,
//! a global is a slot of the session's table (fixed when the code is
//! compiled, so a later definition of the same name makes a new slot and
//! leaves this code as it was), a built-in is its index in the library.
//! Code holds no values of the language: literals are kept as written and
//! made by the machine, so code never names a game an aborted line dropped.

use crate::error::Span;
use crate::syntax::ast::{BinOp, UnOp, Ups};
use cgt_core::loopy::LoopyOutcome;
use cgt_core::number::{Dyadic, Rational};
use std::sync::Arc;

/// A slot of the session's table of globals.
pub type GlobalId = u32;

/// A built-in function: its index in the library's table.
pub type BuiltinId = u16;

/// A piece of code and the input it was compiled from.
#[derive(Debug)]
pub struct Code {
    /// What it does.
    pub op: Op,
    /// Where it was written (for errors).
    pub span: Span,
}

/// A constant the language predefines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Constant {
    /// `true`.
    True,
    /// `false`.
    False,
    /// `Left`.
    Left,
    /// `Right`.
    Right,
    /// An outcome class: `L`, `R`, `N` or `P`.
    Outcome(LoopyOutcome),
    /// Nothing: the value of a loop, of `print`, of an `if` without `else`.
    Nil,
    /// A named stopper: `on`, `off`, `over`, `under` or `upon`.
    Stopper(cgt_core::loopy::Named),
    /// `dud = on & off`.
    Dud,
}

/// The star part of a literal.
#[derive(Debug)]
pub enum StarCode {
    /// `*n`.
    Nim(u64),
    /// `*(expr)`.
    Expr(Box<Code>),
}

/// Who is called.
#[derive(Debug, Clone, Copy)]
pub enum Callee {
    /// A built-in function.
    Builtin(BuiltinId),
    /// The value of a global (a defined function, a ruleset, a built-in
    /// stored in a variable).
    Global(GlobalId),
    /// The value of a local.
    Local(u32),
    /// A value the running function captured.
    Captured(u32),
    /// The running function itself.
    Itself,
}

/// An argument of a call.
#[derive(Debug)]
pub struct ArgCode {
    /// `name = value` for a keyword argument.
    pub name: Option<String>,
    /// The value.
    pub value: Code,
}

/// A clause of a comprehension.
#[derive(Debug)]
pub enum ClauseCode {
    /// `for x in L`: the slot of x and what it runs over.
    For(u32, Code),
    /// `if c`.
    If(Code),
}

/// What a `for` loop runs over.
#[derive(Debug)]
pub enum OverCode {
    /// `in L`.
    In(Box<Code>),
    /// `from a [to b] [by s]`.
    Count {
        /// The first value.
        from: Box<Code>,
        /// The last, if any.
        to: Option<Box<Code>>,
        /// The step, if any.
        by: Option<Box<Code>>,
    },
}

/// What a piece of code does.
#[derive(Debug)]
pub enum Op {
    /// A small integer.
    Int(i64),
    /// A number-up-star literal (made in the arena when run).
    Literal {
        /// The number part.
        number: Dyadic,
        /// The ups.
        ups: Option<Ups>,
        /// The star.
        star: Option<StarCode>,
    },
    /// A rational that is not dyadic (`1/3`): a number, not a game.
    Rational(Rational),
    /// A string.
    Str(arcstr::ArcStr),
    /// A predefined constant.
    Constant(Constant),
    /// `[x]Tiny(G)` / `[x]Miny(G)`.
    Tiny {
        /// The number in front.
        number: Dyadic,
        /// Miny rather than Tiny.
        miny: bool,
        /// The subscript.
        arg: Box<Code>,
    },
    /// `{L | R}`: a canonical game.
    Braces {
        /// Left options.
        left: Vec<Code>,
        /// Right options.
        right: Vec<Code>,
    },
    /// A stopper as CGSuite prints it (`2over`, `-1/4v[on]`).
    LoopyLiteral {
        /// The number part.
        number: cgt_core::number::Dyadic,
        /// The stopper added to it.
        shape: crate::syntax::ast::LoopyShape,
        /// The nimber after it.
        nim: u64,
    },
    /// Braces whose options come back to them (`{0|pass}`, `a{0|a}`):
    /// the nodes of a game graph, node 0 the game.
    LoopyBraces(Vec<LoopyNode>),
    /// `'{L | R}'`: an explicit form (options that are forms stay forms).
    Form {
        /// Left options.
        left: Vec<Code>,
        /// Right options.
        right: Vec<Code>,
    },
    /// `{a, b}`: a set.
    Set(Vec<Code>),
    /// `[a, b]`.
    List(Vec<Code>),
    /// `{k => v, ...}`: a map.
    Map(Vec<(Code, Code)>),
    /// A function nested in the code (`x => ...`, a `def` in a block),
    /// made with the values it captures.
    Closure {
        /// Its code.
        lambda: Arc<Lambda>,
        /// What it captures, each read where the function is made.
        captures: Vec<Code>,
    },
    /// A value the running function captured where it was made.
    Captured(u32),
    /// The running function itself.
    Itself,
    /// `[body for ...]`.
    Comprehension {
        /// Computed for each binding.
        body: Box<Code>,
        /// The clauses, outermost first.
        clauses: Vec<ClauseCode>,
    },
    /// A local's value.
    Local(u32),
    /// A global's value (an error if it is not set yet).
    Global(GlobalId, Arc<str>),
    /// A built-in function as a value.
    Builtin(BuiltinId),
    /// A call.
    Call {
        /// Who is called.
        callee: Callee,
        /// The name as written (for errors).
        name: Arc<str>,
        /// The arguments.
        args: Vec<ArgCode>,
    },
    /// `target(args)`: a call of a computed value.
    Apply {
        /// What is called.
        target: Box<Code>,
        /// The arguments.
        args: Vec<ArgCode>,
    },
    /// `target.name(args)`: a module's member, or a method call
    /// (`function(target, args)`, `function` what `name` means here).
    Method {
        /// The value before the dot.
        target: Box<Code>,
        /// The name after it.
        name: Arc<str>,
        /// What `name` means as a function here, if anything.
        function: Option<Callee>,
        /// The arguments, if parenthesised.
        args: Option<Vec<ArgCode>>,
    },
    /// `target[index]`.
    Index {
        /// The list or string.
        target: Box<Code>,
        /// The index.
        index: Box<Code>,
    },
    /// `target[from:to]`.
    Slice {
        /// The list or string.
        target: Box<Code>,
        /// First index kept.
        from: Option<Box<Code>>,
        /// One past the last.
        to: Option<Box<Code>>,
    },
    /// `if ... then ... elseif ... else ... end`.
    If {
        /// Conditions and their branches.
        arms: Vec<(Code, Code)>,
        /// The `else` branch.
        otherwise: Option<Box<Code>>,
    },
    /// `let`: each slot set in turn, then the body.
    Let {
        /// Slots and their values.
        bindings: Vec<(u32, Code)>,
        /// The value.
        body: Box<Code>,
    },
    /// Statements in order; the value of the last (nothing if none).
    Block(Vec<Code>),
    /// A `for` loop.
    For {
        /// The loop variable's slot.
        slot: Option<u32>,
        /// What it runs over.
        over: OverCode,
        /// `where`.
        filter: Option<Box<Code>>,
        /// `while`.
        until: Option<Box<Code>>,
        /// The body.
        body: Box<Code>,
    },
    /// A `while` loop.
    While {
        /// The condition.
        cond: Box<Code>,
        /// The body.
        body: Box<Code>,
    },
    /// A unary operation.
    Unary(UnOp, Box<Code>),
    /// A binary operation (not `+`/`-` chains, nor `and`/`or`).
    Binary(BinOp, Box<Code>, Box<Code>),
    /// `s[i] == "c"` (or `!=` with `equal` false): a character of a string
    /// compared without making it a value (the test move functions make at
    /// every square of a board).
    CharIs {
        /// The string (or list: then the general comparison).
        target: Box<Code>,
        /// The index.
        index: Box<Code>,
        /// The one-character string.
        ch: arcstr::ArcStr,
        /// `==` (true) or `!=`.
        equal: bool,
    },
    /// `a + b - c ...`, left to right: the first term and each later one
    /// with its operator (`+`, `-` or `+-`).
    Sum(Box<Code>, Vec<(BinOp, Code)>),
    /// `a and b`, `a or b`.
    Logical {
        /// True for `and`.
        and: bool,
        /// Left side.
        lhs: Box<Code>,
        /// Right side (evaluated only if needed).
        rhs: Box<Code>,
    },
    /// `a..b` as a list.
    Range(Box<Code>, Box<Code>),
    /// Set a local.
    SetLocal(u32, Box<Code>),
    /// Set a global (from a loop or branch of the top level).
    SetGlobal(GlobalId, Box<Code>),
    /// `return`.
    Return(Option<Box<Code>>),
    /// `break`.
    Break,
    /// `continue`.
    Continue,
}

/// A function's code: its parameters take the first slots of its frame.
#[derive(Debug)]
pub struct Lambda {
    /// The name it was defined with.
    pub name: String,
    /// The parameters.
    pub params: Vec<Arc<str>>,
    /// The doc string.
    pub doc: Option<String>,
    /// Slots the frame needs (parameters included).
    pub frame: u32,
    /// The body.
    pub body: Code,
    /// The globals the body reads or calls: its functions' memos depend on them.
    pub uses: Vec<GlobalId>,
    /// True if the body names the function itself (a nested `def` that
    /// recurses): its calls are memoised.
    pub calls_itself: bool,
    /// True if the body assigns one of its parameters.
    pub assigns_params: bool,
}

impl Code {
    /// Code without effects that gives `Nil`.
    pub fn nil(span: Span) -> Code {
        Code {
            op: Op::Constant(Constant::Nil),
            span,
        }
    }
}

/// A node of [`Op::LoopyBraces`]: its Left and Right options.
#[derive(Debug)]
pub struct LoopyNode {
    /// Left's options.
    pub left: Vec<LoopyOption>,
    /// Right's options.
    pub right: Vec<LoopyOption>,
}

/// An option of a [`LoopyNode`].
#[derive(Debug)]
pub enum LoopyOption {
    /// Another node of the same braces (or the node itself: `pass`).
    Node(u32),
    /// A value computed as usual (a list contributes its elements).
    Value(Code),
}

impl Op {
    /// The code directly inside this piece, moved out (for [`Drop`]).
    fn take_children(&mut self, out: &mut Vec<Code>) {
        fn take(c: &mut Code, out: &mut Vec<Code>) {
            out.push(std::mem::replace(c, Code::nil(c.span)));
        }
        fn take_args(args: &mut [ArgCode], out: &mut Vec<Code>) {
            args.iter_mut().for_each(|a| take(&mut a.value, out));
        }
        match self {
            Op::Literal {
                star: Some(StarCode::Expr(e)),
                ..
            } => take(e, out),
            Op::Tiny { arg, .. } | Op::Unary(_, arg) => take(arg, out),
            Op::Braces { left, right } | Op::Form { left, right } => left
                .iter_mut()
                .chain(right.iter_mut())
                .for_each(|c| take(c, out)),
            Op::LoopyBraces(nodes) => {
                for n in nodes.iter_mut() {
                    for o in n.left.iter_mut().chain(n.right.iter_mut()) {
                        if let LoopyOption::Value(c) = o {
                            take(c, out);
                        }
                    }
                }
            }
            Op::Set(items) | Op::List(items) | Op::Block(items) => {
                items.iter_mut().for_each(|c| take(c, out))
            }
            Op::Map(entries) => entries.iter_mut().for_each(|(k, v)| {
                take(k, out);
                take(v, out);
            }),
            Op::Closure { captures, .. } => captures.iter_mut().for_each(|c| take(c, out)),
            Op::Comprehension { body, clauses } => {
                take(body, out);
                for c in clauses {
                    match c {
                        ClauseCode::For(_, e) | ClauseCode::If(e) => take(e, out),
                    }
                }
            }
            Op::Call { args, .. } => take_args(args, out),
            Op::Apply { target, args } => {
                take(target, out);
                take_args(args, out);
            }
            Op::Method { target, args, .. } => {
                take(target, out);
                if let Some(args) = args {
                    take_args(args, out);
                }
            }
            Op::Index { target, index } => {
                take(target, out);
                take(index, out);
            }
            Op::Slice { target, from, to } => {
                take(target, out);
                from.iter_mut()
                    .chain(to.iter_mut())
                    .for_each(|c| take(c, out));
            }
            Op::If { arms, otherwise } => {
                for (c, b) in arms {
                    take(c, out);
                    take(b, out);
                }
                otherwise.iter_mut().for_each(|c| take(c, out));
            }
            Op::Let { bindings, body } => {
                bindings.iter_mut().for_each(|(_, c)| take(c, out));
                take(body, out);
            }
            Op::For {
                over,
                filter,
                until,
                body,
                ..
            } => {
                match over {
                    OverCode::In(c) => take(c, out),
                    OverCode::Count { from, to, by } => {
                        take(from, out);
                        to.iter_mut()
                            .chain(by.iter_mut())
                            .for_each(|c| take(c, out));
                    }
                }
                filter
                    .iter_mut()
                    .chain(until.iter_mut())
                    .for_each(|c| take(c, out));
                take(body, out);
            }
            Op::While { cond, body } => {
                take(cond, out);
                take(body, out);
            }
            Op::CharIs { target, index, .. } => {
                take(target, out);
                take(index, out);
            }
            Op::Binary(_, a, b) | Op::Range(a, b) | Op::Logical { lhs: a, rhs: b, .. } => {
                take(a, out);
                take(b, out);
            }
            Op::Sum(first, rest) => {
                take(first, out);
                rest.iter_mut().for_each(|(_, c)| take(c, out));
            }
            Op::SetLocal(_, c) | Op::SetGlobal(_, c) | Op::Return(Some(c)) => take(c, out),
            _ => {}
        }
    }
}

impl Drop for Code {
    /// Dismantles the tree with an explicit stack, as the syntax tree does:
    /// code compiled from a million nested braces must drop without
    /// overflowing the native stack.
    fn drop(&mut self) {
        let mut stack = Vec::new();
        self.op.take_children(&mut stack);
        while let Some(mut c) = stack.pop() {
            c.op.take_children(&mut stack);
        }
    }
}
