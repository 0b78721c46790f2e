//! Phase three: the syntax tree, its names resolved (see `resolve`), as
//! code for the machine. Literals are checked and kept ready to make, calls
//! know whom they call (a built-in by index, a function by its slot), sums
//! are flattened, and the statements a function's body assigns become
//! slots of its frame.

use crate::code::{
    ArgCode, Callee, ClauseCode, Code, Lambda, LoopyNode, LoopyOption, Op, OverCode, StarCode,
};
use crate::error::{Error, Span};
use crate::resolve::{Closed, Meaning, ModuleScope, Resolver, Slots};
use crate::syntax::ast::*;
use cgt_core::game::deep;
use std::sync::Arc;

/// A function's code from its definition. Its name is bound (in `module`)
/// before this is called, so the body can call the function itself.
pub fn function(
    module: &mut ModuleScope,
    slots: &mut dyn Slots,
    def: &Definition,
) -> Result<Lambda, Error> {
    let assigned = assigned_names(&def.body);
    let mut r = Resolver::function(module, slots, &def.params, &assigned);
    let body = expression(&mut r, &def.body)?;
    Ok(lambda(def, body, r.leave_function(), &assigned))
}

/// The code of the function `def`, from its compiled body, what compiling
/// it found, and the names its body assigns.
fn lambda(def: &Definition, body: Code, closed: Closed, assigned: &[Arc<str>]) -> Lambda {
    Lambda {
        name: def.name.clone(),
        params: def.params.clone(),
        doc: def.doc.clone(),
        frame: closed.frame,
        uses: closed.uses,
        body,
        calls_itself: closed.calls_itself,
        assigns_params: assigned.iter().any(|a| def.params.contains(a)),
    }
}

/// A function nested in the code being compiled (`x => ...`, or a `def`
/// in a block, whose own name means itself): made where it is written,
/// with the values it captures from the scopes around it.
fn closure(r: &mut Resolver, def: &Definition) -> Result<Op, Error> {
    let assigned = assigned_names(&def.body);
    let own_name = (!def.name.is_empty()).then(|| Arc::from(def.name.as_str()));
    r.enter_function(&def.params, &assigned, own_name);
    let body = expression(r, &def.body);
    let mut closed = r.leave_function();
    let body = body?;
    let captures = std::mem::take(&mut closed.captures)
        .into_iter()
        .map(|m| Code {
            op: match m {
                Meaning::Local(slot) => Op::Local(slot),
                Meaning::Captured(k) => Op::Captured(k),
                _ => Op::Itself,
            },
            span: def.name_span,
        })
        .collect();
    Ok(Op::Closure {
        lambda: Arc::new(lambda(def, body, closed, &assigned)),
        captures,
    })
}

/// The names a function's body assigns with `:=` or defines with a nested
/// `def` (its locals besides the parameters), in the order first met. The
/// functions nested in it have their own.
fn assigned_names(body: &Expr) -> Vec<Arc<str>> {
    let mut out: Vec<Arc<str>> = Vec::new();
    let mut stack = vec![body];
    while let Some(e) = stack.pop() {
        let mut blocks: Vec<&[Statement]> = Vec::new();
        match &e.kind {
            ExprKind::Lambda(_) => continue,
            ExprKind::Block(b) | ExprKind::While { body: b, .. } => blocks.push(b),
            ExprKind::For(f) => blocks.push(&f.body),
            ExprKind::If { arms, otherwise } => {
                blocks.extend(arms.iter().map(|(_, b)| b.as_slice()));
                blocks.extend(otherwise.iter().map(Vec::as_slice));
            }
            _ => {}
        }
        let mut nested: Vec<&Expr> = Vec::new();
        for b in blocks {
            for st in b {
                let name = match &st.kind {
                    StatementKind::Assign { name, .. } => name,
                    StatementKind::Def(d) => {
                        nested.push(&d.body);
                        &d.name
                    }
                    _ => continue,
                };
                if !out.iter().any(|n| **n == **name) {
                    out.push(Arc::from(name.as_str()));
                }
            }
        }
        stack.extend(
            e.kind
                .children()
                .into_iter()
                .filter(|c| !nested.iter().any(|n| std::ptr::eq(*n, *c))),
        );
    }
    out
}

/// The code of an expression. A stop requested meanwhile (Ctrl-C, the
/// memory limit passed by a huge line) ends the compilation here.
pub fn expression(r: &mut Resolver, e: &Expr) -> Result<Code, Error> {
    cgt_core::interrupt::poll()?;
    let op = deep(|| op(r, e))?;
    Ok(Code { op, span: e.span })
}

fn boxed(r: &mut Resolver, e: &Expr) -> Result<Box<Code>, Error> {
    expression(r, e).map(Box::new)
}

fn all(r: &mut Resolver, items: &[Expr]) -> Result<Vec<Code>, Error> {
    items.iter().map(|x| expression(r, x)).collect()
}

fn op(r: &mut Resolver, e: &Expr) -> Result<Op, Error> {
    Ok(match &e.kind {
        ExprKind::Literal { number, ups, star } => literal(r, number, ups, star, e.span)?,
        ExprKind::Tiny { number, miny, arg } => Op::Tiny {
            number: number.clone(),
            miny: *miny,
            arg: boxed(r, arg)?,
        },
        ExprKind::Braces { .. } | ExprKind::Labelled { .. } if is_loopy(e) => {
            let mut nodes = Vec::new();
            loopy_node(r, e, &mut nodes, &mut Vec::new())?;
            Op::LoopyBraces(nodes)
        }
        ExprKind::Braces { left, right } => Op::Braces {
            left: all(r, left)?,
            right: all(r, right)?,
        },
        ExprKind::Labelled { .. } => unreachable!("named braces are loopy"),
        ExprKind::LoopyLiteral { number, shape, nim } => Op::LoopyLiteral {
            number: number.clone(),
            shape: *shape,
            nim: *nim,
        },
        ExprKind::Pass => {
            return Err(Error::spanned(
                e.span,
                "`pass` is a move from a game to itself: it stands among the options in braces, as in {0|pass}",
            ))
        }
        ExprKind::Form { left, right } => Op::Form {
            left: all(r, left)?,
            right: all(r, right)?,
        },
        ExprKind::Set(items) => Op::Set(all(r, items)?),
        ExprKind::Map(entries) => Op::Map(
            entries
                .iter()
                .map(|(k, v)| Ok((expression(r, k)?, expression(r, v)?)))
                .collect::<Result<_, Error>>()?,
        ),
        ExprKind::Lambda(def) => closure(r, def)?,
        ExprKind::List(items) => Op::List(all(r, items)?),
        ExprKind::Comprehension { body, clauses } => {
            let mark = r.mark();
            let mut out = Vec::with_capacity(clauses.len());
            let compiled = (|| {
                for c in clauses {
                    out.push(match c {
                        Clause::For(name, list) => {
                            let list = expression(r, list)?;
                            ClauseCode::For(r.bind_local(name.clone()), list)
                        }
                        Clause::If(cond) => ClauseCode::If(expression(r, cond)?),
                    });
                }
                boxed(r, body)
            })();
            r.release(mark);
            Op::Comprehension {
                body: compiled?,
                clauses: out,
            }
        }
        ExprKind::Str(s) => Op::Str(crate::value::Str::from(&**s)),
        ExprKind::Var(name) => match r.lookup(name) {
            Meaning::Local(slot) => Op::Local(slot),
            Meaning::Global(id) => Op::Global(id, Arc::from(name.as_str())),
            Meaning::Constant(c) => Op::Constant(c),
            Meaning::Builtin(id) => Op::Builtin(id),
            Meaning::Word(w) => Op::Str(crate::value::Str::from(w)),
            Meaning::Captured(k) => Op::Captured(k),
            Meaning::Itself => Op::Itself,
        },
        ExprKind::Call { name, args } => {
            let callee = match r.lookup(name) {
                Meaning::Local(slot) => Callee::Local(slot),
                Meaning::Global(id) => Callee::Global(id),
                Meaning::Builtin(id) => Callee::Builtin(id),
                Meaning::Captured(k) => Callee::Captured(k),
                Meaning::Itself => Callee::Itself,
                Meaning::Constant(_) | Meaning::Word(_) => {
                    return Err(Error::spanned(
                        e.span,
                        format!("`{name}` is a constant, not a function"),
                    ))
                }
            };
            Op::Call {
                callee,
                name: Arc::from(name.as_str()),
                args: arguments(r, args)?,
            }
        }
        ExprKind::Apply { target, args } => Op::Apply {
            target: boxed(r, target)?,
            args: arguments(r, args)?,
        },
        // CGSuite's spelling of the outcome classes, which no binding of
        // `N` (say) can hide: `OutcomeClass` is reserved.
        ExprKind::Method {
            target, name, args: None, ..
        } if matches!(&target.kind, ExprKind::Var(v) if v == "OutcomeClass") => {
            match crate::resolve::outcome_class(name) {
                Some(c) => Op::Constant(c),
                None => {
                    return Err(Error::spanned(
                        e.span,
                        format!("OutcomeClass has L, R, N, P, D, NHat, PHat, NCheck and PCheck, not `{name}`"),
                    ))
                }
            }
        }
        ExprKind::Method {
            target, name, args, ..
        } => {
            let function = match r.lookup_defined(name) {
                Some(Meaning::Local(slot)) => Some(Callee::Local(slot)),
                Some(Meaning::Global(id)) => Some(Callee::Global(id)),
                Some(Meaning::Builtin(id)) => Some(Callee::Builtin(id)),
                Some(Meaning::Captured(k)) => Some(Callee::Captured(k)),
                Some(Meaning::Itself) => Some(Callee::Itself),
                _ => None,
            };
            Op::Method {
                target: boxed(r, target)?,
                name: Arc::from(name.as_str()),
                function,
                args: match args {
                    Some(a) => Some(arguments(r, a)?),
                    None => None,
                },
            }
        }
        ExprKind::Index { target, index } => Op::Index {
            target: boxed(r, target)?,
            index: boxed(r, index)?,
        },
        ExprKind::Slice { target, from, to } => Op::Slice {
            target: boxed(r, target)?,
            from: from.as_ref().map(|x| boxed(r, x)).transpose()?,
            to: to.as_ref().map(|x| boxed(r, x)).transpose()?,
        },
        ExprKind::If { arms, otherwise } => {
            let mut out = Vec::with_capacity(arms.len());
            for (cond, body) in arms {
                out.push((expression(r, cond)?, block(r, body, e.span)?));
            }
            Op::If {
                arms: out,
                otherwise: match otherwise {
                    Some(b) => Some(Box::new(block(r, b, e.span)?)),
                    None => None,
                },
            }
        }
        ExprKind::Let { bindings, body } => {
            let mark = r.mark();
            let compiled = (|| {
                let mut out = Vec::with_capacity(bindings.len());
                for (name, value) in bindings {
                    let value = expression(r, value)?;
                    out.push((r.bind_local(name.clone()), value));
                }
                Ok::<_, Error>(Op::Let {
                    bindings: out,
                    body: boxed(r, body)?,
                })
            })();
            r.release(mark);
            compiled?
        }
        ExprKind::Block(statements) => Op::Block(statements_code(r, statements)?),
        ExprKind::For(f) => {
            let over = match &f.over {
                Over::In(list) => OverCode::In(boxed(r, list)?),
                Over::Count { from, to, by } => OverCode::Count {
                    from: match from {
                        Some(x) => boxed(r, x)?,
                        None => Box::new(Code {
                            op: Op::Int(1),
                            span: e.span,
                        }),
                    },
                    to: to.as_ref().map(|x| boxed(r, x)).transpose()?,
                    by: by.as_ref().map(|x| boxed(r, x)).transpose()?,
                },
            };
            let mark = r.mark();
            let slot = f.var.clone().map(|v| r.bind_local(v));
            let compiled = (|| {
                let filter = f.filter.as_ref().map(|x| boxed(r, x)).transpose()?;
                let until = f.until.as_ref().map(|x| boxed(r, x)).transpose()?;
                r.in_loop(true);
                let body = block(r, &f.body, e.span);
                r.in_loop(false);
                Ok::<_, Error>((filter, until, Box::new(body?)))
            })();
            r.release(mark);
            let (filter, until, body) = compiled?;
            Op::For {
                slot,
                over,
                filter,
                until,
                body,
            }
        }
        ExprKind::While { cond, body } => {
            let cond = boxed(r, cond)?;
            r.in_loop(true);
            let body = block(r, body, e.span);
            r.in_loop(false);
            Op::While {
                cond,
                body: Box::new(body?),
            }
        }
        ExprKind::Unary { op, arg } => Op::Unary(*op, boxed(r, arg)?),
        ExprKind::Binary { op, lhs, rhs } => match op {
            BinOp::And | BinOp::Or => Op::Logical {
                and: *op == BinOp::And,
                lhs: boxed(r, lhs)?,
                rhs: boxed(r, rhs)?,
            },
            BinOp::Range => Op::Range(boxed(r, lhs)?, boxed(r, rhs)?),
            BinOp::Add | BinOp::Sub | BinOp::AddSwitch => {
                // A long sum `a + b - c + ...` is a left-leaning chain: walk it
                // with a loop, not one native recursion per term.
                let mut chain = vec![(*op, &**rhs)];
                let mut first = &**lhs;
                while let ExprKind::Binary {
                    op: o @ (BinOp::Add | BinOp::Sub | BinOp::AddSwitch),
                    lhs: l,
                    rhs: rr,
                } = &first.kind
                {
                    chain.push((*o, rr));
                    first = l;
                }
                let first = boxed(r, first)?;
                crate::error::room_for(chain.len() * std::mem::size_of::<(BinOp, Code)>(), e.span)?;
                let mut rest = Vec::with_capacity(chain.len());
                for (o, x) in chain.into_iter().rev() {
                    rest.push((o, expression(r, x)?));
                }
                Op::Sum(first, rest)
            }
            BinOp::Eq | BinOp::Ne => match char_test(lhs, rhs).or_else(|| char_test(rhs, lhs)) {
                Some((target, index, ch)) => Op::CharIs {
                    target: boxed(r, target)?,
                    index: boxed(r, index)?,
                    ch: crate::value::Str::from(ch),
                    equal: *op == BinOp::Eq,
                },
                None => Op::Binary(*op, boxed(r, lhs)?, boxed(r, rhs)?),
            },
            _ => Op::Binary(*op, boxed(r, lhs)?, boxed(r, rhs)?),
        },
    })
}

/// `target[index]` compared with a one-character string literal: the
/// target, the index and the character.
/// Whether braces hold `pass` or named braces, directly or in braces
/// among their options: then they are a game graph, not a short game.
fn is_loopy(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Pass | ExprKind::Labelled { .. } => true,
        ExprKind::Braces { left, right } => left.iter().chain(right).any(|o| deep(|| is_loopy(o))),
        _ => false,
    }
}

/// Adds the node of the braces `e` (named or not) and of the braces among
/// its options to `nodes`; `labels` are the names of the braces around it.
fn loopy_node(
    r: &mut Resolver,
    e: &Expr,
    nodes: &mut Vec<LoopyNode>,
    labels: &mut Vec<(String, u32)>,
) -> Result<u32, Error> {
    let (label, body) = match &e.kind {
        ExprKind::Labelled { label, body } => (Some(label), &**body),
        _ => (None, e),
    };
    let ExprKind::Braces { left, right } = &body.kind else {
        return Err(Error::spanned(e.span, "expected braces with `|`"));
    };
    let me = nodes.len() as u32;
    nodes.push(LoopyNode {
        left: Vec::new(),
        right: Vec::new(),
    });
    if let Some(l) = label {
        labels.push((l.clone(), me));
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, list) in sides.iter_mut().zip([left, right]) {
        for o in list {
            let named = match &o.kind {
                ExprKind::Var(name) => labels
                    .iter()
                    .rev()
                    .find(|(l, _)| l == name)
                    .map(|&(_, n)| n),
                _ => None,
            };
            side.push(match (&o.kind, named) {
                (_, Some(n)) => LoopyOption::Node(n),
                (ExprKind::Pass, _) => LoopyOption::Node(me),
                (ExprKind::Braces { .. } | ExprKind::Labelled { .. }, _) => {
                    LoopyOption::Node(deep(|| loopy_node(r, o, nodes, labels))?)
                }
                _ => LoopyOption::Value(expression(r, o)?),
            });
        }
    }
    if label.is_some() {
        labels.pop();
    }
    let [l, rt] = sides;
    nodes[me as usize] = LoopyNode { left: l, right: rt };
    Ok(me)
}

fn char_test<'e>(a: &'e Expr, b: &'e Expr) -> Option<(&'e Expr, &'e Expr, &'e str)> {
    match (&a.kind, &b.kind) {
        (ExprKind::Index { target, index }, ExprKind::Str(s)) if s.chars().count() == 1 => {
            Some((target, index, s))
        }
        _ => None,
    }
}

/// The arguments of a call.
fn arguments(r: &mut Resolver, args: &[Argument]) -> Result<Vec<ArgCode>, Error> {
    args.iter()
        .map(|a| {
            Ok(ArgCode {
                name: a.name.clone(),
                value: expression(r, &a.value)?,
            })
        })
        .collect()
}

/// A number-up-star literal: a small integer, a rational (only alone: it
/// is not a game), or a literal the machine makes in the arena.
fn literal(
    r: &mut Resolver,
    number: &Number,
    ups: &Option<Ups>,
    star: &Option<Star>,
    span: Span,
) -> Result<Op, Error> {
    let number = match number {
        Number::Dyadic(x) => x.clone(),
        Number::Rational(q) if ups.is_none() && star.is_none() => {
            return Ok(Op::Rational(q.clone()))
        }
        Number::Rational(q) => {
            return Err(Error::spanned(
                span,
                format!("{q} is a rational number but not a dyadic one, so `{q}` with ups or stars is not a game"),
            ))
        }
    };
    if ups.is_none() && star.is_none() && number.exponent() == 0 {
        if let Some(n) = number.small_numerator() {
            return Ok(Op::Int(n));
        }
    }
    let star = match star {
        None => None,
        Some(Star::Nim(n)) => Some(StarCode::Nim(*n)),
        Some(Star::Expr(x)) => Some(StarCode::Expr(boxed(r, x)?)),
    };
    Ok(Op::Literal {
        number,
        ups: ups.clone(),
        star,
    })
}

/// The code of a block's statements (its value is the last one's).
pub fn block(r: &mut Resolver, statements: &[Statement], span: Span) -> Result<Code, Error> {
    Ok(Code {
        op: Op::Block(statements_code(r, statements)?),
        span,
    })
}

fn statements_code(r: &mut Resolver, statements: &[Statement]) -> Result<Vec<Code>, Error> {
    statements.iter().map(|st| statement(r, st)).collect()
}

/// A statement inside a block (the top level's are run by the session).
pub fn statement(r: &mut Resolver, st: &Statement) -> Result<Code, Error> {
    let op = match &st.kind {
        StatementKind::Expr(e) => return expression(r, e),
        StatementKind::Assign {
            name,
            name_span,
            expr,
        } => {
            let value = boxed(r, expr)?;
            match r.assignment(name, *name_span)? {
                Meaning::Local(slot) => Op::SetLocal(slot, value),
                Meaning::Global(id) => Op::SetGlobal(id, value),
                _ => unreachable!("assignment targets a local or a global"),
            }
        }
        StatementKind::Def(d) => {
            // A local function (a global in a block of the top level),
            // which sees the names around it.
            let value = Box::new(Code {
                op: closure(r, d)?,
                span: st.span,
            });
            match r.assignment(&d.name, d.name_span)? {
                Meaning::Local(slot) => Op::SetLocal(slot, value),
                Meaning::Global(id) => Op::SetGlobal(id, value),
                _ => unreachable!("assignment targets a local or a global"),
            }
        }
        StatementKind::Import { path_span, .. } => {
            return Err(Error::spanned(
                *path_span,
                "`import` belongs at the top level of a file or the REPL, not inside a block",
            ))
        }
        StatementKind::Return(e) => {
            r.check_return(st.span)?;
            Op::Return(e.as_ref().map(|x| boxed(r, x)).transpose()?)
        }
        StatementKind::Break => {
            r.check_loop("break", st.span)?;
            Op::Break
        }
        StatementKind::Continue => {
            r.check_loop("continue", st.span)?;
            Op::Continue
        }
    };
    Ok(Code { op, span: st.span })
}
