//! The evaluator: a session holds the arena and the variables, evaluates
//! statements and prints values.

use super::ast::*;
use super::builtins::{self, Args};
use super::error::Error;
use super::parser::parse_statement;
use super::print::Printer;
use super::style::{restyle, Style};
use super::value::{Player, Value};
use cgt_core::form::{ordinal_sum, Form};
use cgt_core::game::{deep, Arena, GameId, Nus};
use cgt_core::number::{BigInt, Dyadic};
use cgt_core::ruleset::registry::Memos;
use hashbrown::HashMap;
use std::sync::Arc;

/// A worksheet session: the games computed so far and the variables.
pub struct Session {
    /// The games computed in this session.
    pub arena: Arena,
    vars: HashMap<String, Value>,
    /// Loop variables of the comprehensions being evaluated, innermost last;
    /// they shadow `vars` and vanish with their loop (or with a stop).
    locals: Vec<(String, Value)>,
    /// How games are printed: plain (CGSuite's notation), Unicode or LaTeX.
    pub style: Style,
    /// What the rulesets' evaluators learnt, so followers are valued once
    /// per session (ids of `arena`: cleared when it is rolled back).
    memos: Memos,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

fn is_game_like(v: &Value) -> bool {
    matches!(v, Value::Game(_) | Value::Form(_) | Value::Position(_))
}

/// True if the line holds nothing but white space and comments.
pub fn is_blank(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('#')
}

impl Session {
    /// A fresh session with no variables.
    pub fn new() -> Self {
        Session {
            arena: Arena::new(),
            vars: HashMap::new(),
            locals: Vec::new(),
            style: Style::Plain,
            memos: Memos::new(),
        }
    }

    /// Run `f` on the session so that nothing unwinds out of it: a stop
    /// (Ctrl-C, the memory limit, a value beyond the engine's limits) or an
    /// internal failure becomes an [`Error`] of the matching kind, and the
    /// session stays usable (the games the stopped computation made, and the
    /// caches, are dropped).
    pub fn guard<R>(
        &mut self,
        f: impl FnOnce(&mut Session) -> Result<R, Error>,
    ) -> Result<R, Error> {
        let games_before = self.arena.len();
        match cgt_core::interrupt::catch(|| f(self)) {
            Ok(r) => r,
            Err(stop) => {
                // Nothing refers to the games the stopped computation made:
                // give their memory back, so the next line starts clean.
                self.locals.clear();
                self.memos.clear();
                self.arena.rollback(games_before);
                Err(stop.into())
            }
        }
    }

    /// Evaluate one line. Blank and comment-only lines give `Ok(None)`.
    /// The value is also stored as `ans`; an assignment stores it under its name.
    /// Never unwinds: stops and failures are errors (see [`Session::guard`]).
    pub fn eval_line(&mut self, line: &str) -> Result<Option<Value>, Error> {
        self.guard(|s| s.eval_line_unguarded(line))
    }

    fn eval_line_unguarded(&mut self, line: &str) -> Result<Option<Value>, Error> {
        if is_blank(line) {
            return Ok(None);
        }
        let st = parse_statement(line)?;
        let v = self.eval(&st.expr)?;
        if let Some(name) = st.target {
            if builtins::lookup(&name).is_some()
                || matches!(name.as_str(), "Left" | "Right" | "ans")
            {
                return Err(Error::at(
                    0,
                    name.len(),
                    format!("`{name}` is a reserved name"),
                ));
            }
            self.vars.insert(name, v.clone());
        }
        self.vars.insert("ans".into(), v.clone());
        Ok(Some(v))
    }

    /// Evaluate a line and print the result (empty for blank lines).
    /// Never unwinds: stops and failures are errors (see [`Session::guard`]).
    pub fn run_line(&mut self, line: &str) -> Result<String, Error> {
        self.guard(|s| {
            Ok(match s.eval_line_unguarded(line)? {
                Some(v) => s.show(&v),
                None => String::new(),
            })
        })
    }

    /// Names of the variables defined so far.
    pub fn variables(&self) -> Vec<String> {
        let mut v: Vec<String> = self.vars.keys().cloned().collect();
        v.sort();
        v
    }

    /// The printed form of a value. Printing a compound form computes its
    /// value, which may be stopped: call it inside [`Session::guard`].
    pub fn show(&mut self, v: &Value) -> String {
        deep(|| self.show_inner(v))
    }

    fn show_inner(&mut self, v: &Value) -> String {
        match v {
            Value::Game(g) => self.game_text(*g),
            Value::Form(f) => match &**f {
                Form::Node { .. } => restyle(&format!("'{}'", self.show_form(f)), self.style),
                // Compounds print as their value.
                other => {
                    let g = other.canonical(&mut self.arena);
                    self.game_text(g)
                }
            },
            Value::Bool(b) => b.to_string(),
            Value::Outcome(o) => o.to_string(),
            Value::Comparison(c) => c.to_string(),
            Value::Thermograph(t) => t.to_string(),
            Value::Trajectory(t) => t.to_string(),
            Value::Player(Player::Left) => "Left".into(),
            Value::Player(Player::Right) => "Right".into(),
            Value::Str(s) => format!("{s:?}"),
            Value::Position(p) => p.text(),
            Value::Text(s) => s.clone(),
            Value::List(items) => {
                let parts: Vec<String> = items.iter().map(|x| self.show(x)).collect();
                format!("[{}]", parts.join(","))
            }
            Value::Table(rows) => self.show_table(rows),
            Value::Set(items) => {
                let mut games: Vec<GameId> = Vec::new();
                let mut others: Vec<String> = Vec::new();
                for x in items {
                    match x {
                        Value::Game(g) => games.push(*g),
                        other => others.push(self.show(other)),
                    }
                }
                let games = Printer::new(&mut self.arena).sorted(games);
                let mut parts: Vec<String> = games.iter().map(|&g| self.game_text(g)).collect();
                parts.extend(others);
                format!("{{{}}}", parts.join(","))
            }
        }
    }

    /// A game in the session's style.
    pub fn game_text(&mut self, g: GameId) -> String {
        let plain = Printer::new(&mut self.arena).game(g);
        restyle(&plain, self.style)
    }

    /// An aligned table (a LaTeX tabular in the LaTeX style).
    fn show_table(&mut self, rows: &[Vec<Value>]) -> String {
        let cells: Vec<Vec<String>> = rows
            .iter()
            .map(|r| r.iter().map(|v| self.show(v)).collect())
            .collect();
        let cols = cells.iter().map(Vec::len).max().unwrap_or(0);
        if self.style == Style::Latex {
            let mut out = format!("\\begin{{tabular}}{{{}}}\n", "l".repeat(cols));
            for r in &cells {
                let wrapped: Vec<String> = r.iter().map(|c| format!("${c}$")).collect();
                out.push_str(&format!("{} \\\\\n", wrapped.join(" & ")));
            }
            out.push_str("\\end{tabular}");
            return out;
        }
        let widths: Vec<usize> = (0..cols)
            .map(|k| {
                cells
                    .iter()
                    .filter_map(|r| r.get(k))
                    .map(|c| c.chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let lines: Vec<String> = cells
            .iter()
            .map(|r| {
                let padded: Vec<String> = r
                    .iter()
                    .enumerate()
                    .map(|(k, c)| format!("{c}{}", " ".repeat(widths[k] - c.chars().count())))
                    .collect();
                padded.join("  ").trim_end().to_string()
            })
            .collect();
        lines.join("\n")
    }

    /// An explicit form as text, built in one buffer (linear in its size).
    fn show_form(&mut self, f: &Form) -> String {
        let mut out = String::new();
        self.write_form(f, &mut out);
        out
    }

    fn write_form(&mut self, f: &Form, out: &mut String) {
        match f {
            Form::Value(g) => out.push_str(&Printer::new(&mut self.arena).game(*g)),
            Form::Node { left, right } => deep(|| {
                out.push('{');
                for (k, x) in left.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    self.write_form(x, out);
                }
                out.push('|');
                for (k, x) in right.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    self.write_form(x, out);
                }
                out.push('}');
            }),
            other => {
                let g = other.canonical(&mut self.arena);
                out.push_str(&Printer::new(&mut self.arena).game(g));
            }
        }
    }

    /// Evaluate an expression.
    pub fn eval(&mut self, e: &Expr) -> Result<Value, Error> {
        deep(|| self.eval_inner(e)).map_err(|err| err.or_span(e.span))
    }

    fn eval_inner(&mut self, e: &Expr) -> Result<Value, Error> {
        match &e.kind {
            ExprKind::Literal { number, ups, star } => {
                self.literal(number, ups.as_ref(), star.as_ref())
            }
            ExprKind::Tiny { number, miny, arg } => {
                let h = self.eval_game(arg)?;
                let t = builtins::tiny(&mut self.arena, h, *miny);
                let x = self.arena.number(number.clone());
                Ok(Value::Game(self.arena.add(x, t)))
            }
            ExprKind::Braces { left, right } => {
                let l = self.eval_games(left)?;
                let r = self.eval_games(right)?;
                Ok(Value::Game(self.arena.construct(l, r)))
            }
            ExprKind::Form { .. } => Ok(Value::Form(Arc::new(self.eval_form(e)?))),
            ExprKind::Set(items) => {
                let mut out = Vec::with_capacity(items.len());
                for x in items {
                    out.push(self.eval(x)?);
                }
                Ok(Value::Set(out))
            }
            ExprKind::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for x in items {
                    out.push(self.eval(x)?);
                }
                Ok(Value::List(out))
            }
            ExprKind::Comprehension { body, loops } => {
                let mut out = Vec::new();
                self.comprehend(body, loops, &mut out)?;
                Ok(Value::List(out))
            }
            ExprKind::Str(s) => Ok(Value::Str(s.clone())),
            ExprKind::Var(name) => match self
                .locals
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v)
                .or_else(|| self.vars.get(name))
            {
                Some(v) => Ok(v.clone()),
                None => match name.as_str() {
                    "Left" => Ok(Value::Player(Player::Left)),
                    "Right" => Ok(Value::Player(Player::Right)),
                    // Option words of some functions, e.g. sequential(G, H, per_player).
                    word if builtins::is_option_word(word) => Ok(Value::Str(name.clone())),
                    _ => Err(Error::spanned(e.span, format!("unknown variable `{name}`"))),
                },
            },
            ExprKind::Call { name, args } => {
                let Some(b) = builtins::lookup(name) else {
                    let hint = builtins::suggest(name)
                        .map(|s| format!(" (did you mean `{s}`?)"))
                        .unwrap_or_default();
                    return Err(Error::spanned(
                        e.span,
                        format!("unknown function `{name}`{hint}"),
                    ));
                };
                let mut values = Vec::with_capacity(args.len());
                for a in args {
                    values.push(self.eval(a)?);
                }
                let spans: Vec<Span> = args.iter().map(|a| a.span).collect();
                if !b.arity.contains(&values.len()) {
                    return Err(Error::spanned(
                        e.span,
                        format!("`{}` expects {}", b.name, b.signature),
                    ));
                }
                b.call(
                    self,
                    &Args {
                        values: &values,
                        spans: &spans,
                        call: e.span,
                    },
                )
            }
            ExprKind::Unary { op, arg } => {
                let v = self.eval(arg)?;
                match op {
                    UnOp::Plus => Ok(v),
                    UnOp::Neg => {
                        let g = self.to_game(&v, arg.span)?;
                        Ok(Value::Game(self.arena.neg(g)))
                    }
                    UnOp::Switch => {
                        let opts = match &v {
                            Value::Set(items) => {
                                let mut gs = Vec::new();
                                for x in items {
                                    gs.push(self.to_game(x, arg.span)?);
                                }
                                gs
                            }
                            other => vec![self.to_game(other, arg.span)?],
                        };
                        let negs = opts.iter().map(|&g| self.arena.neg(g)).collect();
                        Ok(Value::Game(self.arena.construct(opts, negs)))
                    }
                }
            }
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs),
        }
    }

    /// `[body for v in a..b for ...]`: nested loops over inclusive integer ranges.
    fn comprehend(
        &mut self,
        body: &Expr,
        loops: &[(String, Expr, Expr)],
        out: &mut Vec<Value>,
    ) -> Result<(), Error> {
        let Some(((name, from, to), rest)) = loops.split_first() else {
            out.push(self.eval(body)?);
            return Ok(());
        };
        let a = self.eval(from)?;
        let a = self.to_integer(&a, from.span)?;
        let b = self.eval(to)?;
        let b = self.to_integer(&b, to.span)?;
        if (&b - &a) > BigInt::from(10_000_000) {
            return Err(Error::spanned(
                to.span,
                "a range of more than 10,000,000 values",
            ));
        }
        let mut i = a;
        let mut result = Ok(());
        self.locals.push((name.clone(), Value::Bool(false)));
        while i <= b {
            // Ctrl-C and the memory limit stop even a loop of cheap steps.
            result = cgt_core::interrupt::poll().map_err(Error::from);
            if result.is_err() {
                break;
            }
            let g = self.arena.number(Dyadic::from_bigint(i.clone()));
            if let Some(slot) = self.locals.last_mut() {
                slot.1 = Value::Game(g);
            }
            result = self.comprehend(body, rest, out);
            if result.is_err() {
                break;
            }
            i += 1;
        }
        self.locals.pop();
        result
    }

    fn binary(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr) -> Result<Value, Error> {
        if op == BinOp::Sequential {
            let g = self.eval(lhs)?;
            let form = self.to_form(&g, lhs.span)?;
            let h = self.eval_game(rhs)?;
            let f = Form::Sequential(Arc::new(form), h, cgt_core::form::SequentialRule::JointEnd);
            return Ok(Value::Game(f.canonical(&mut self.arena)));
        }
        if op == BinOp::Colon {
            let g = self.eval(lhs)?;
            let form = self.to_form(&g, lhs.span)?;
            let h = self.eval_game(rhs)?;
            return Ok(Value::Game(ordinal_sum(&mut self.arena, &form, h)));
        }
        if matches!(op, BinOp::Add | BinOp::Sub | BinOp::AddSwitch) {
            // A long sum `a + b - c + ...` is a left-leaning chain: walk it with
            // a loop, not one native recursion per term.
            let mut chain = vec![(op, rhs)];
            let mut first = lhs;
            while let ExprKind::Binary {
                op: o @ (BinOp::Add | BinOp::Sub | BinOp::AddSwitch),
                lhs: l,
                rhs: r,
            } = &first.kind
            {
                chain.push((*o, r));
                first = l;
            }
            let mut acc = self.eval(first)?;
            let mut span = first.span;
            for (o, r) in chain.into_iter().rev() {
                let vb = self.eval(r)?;
                acc = self.combine(o, acc, span, vb, r.span)?;
                span.end = r.span.end;
            }
            return Ok(acc);
        }
        let (va, vb) = (self.eval(lhs)?, self.eval(rhs)?);
        self.combine(op, va, lhs.span, vb, rhs.span)
    }

    /// The value of `a op b` for evaluated operands.
    fn combine(
        &mut self,
        op: BinOp,
        va: Value,
        sa: Span,
        vb: Value,
        sb: Span,
    ) -> Result<Value, Error> {
        if matches!(op, BinOp::Eq | BinOp::Ne) && !(is_game_like(&va) && is_game_like(&vb)) {
            // Other values (outcome classes, booleans, lists, ...) compare as printed.
            let same = self.show(&va) == self.show(&vb);
            return Ok(Value::Bool(same == (op == BinOp::Eq)));
        }
        let a = self.to_game(&va, sa)?;
        let b = self.to_game(&vb, sb)?;
        let ar = &mut self.arena;
        Ok(match op {
            BinOp::Add => Value::Game(ar.try_add(a, b)?),
            BinOp::Sub => {
                let nb = ar.neg(b);
                Value::Game(ar.try_add(a, nb)?)
            }
            BinOp::AddSwitch => {
                let nb = ar.neg(b);
                let sw = ar.construct(vec![b], vec![nb]);
                Value::Game(ar.try_add(a, sw)?)
            }
            BinOp::Eq => Value::Bool(a == b),
            BinOp::Ne => Value::Bool(a != b),
            BinOp::Le => Value::Bool(ar.le(a, b)),
            BinOp::Ge => Value::Bool(ar.le(b, a)),
            BinOp::Lt => Value::Bool(ar.le(a, b) && a != b),
            BinOp::Gt => Value::Bool(ar.le(b, a) && a != b),
            BinOp::Confused => Value::Bool(!ar.le(a, b) && !ar.le(b, a)),
            BinOp::LessOrConfused => Value::Bool(!ar.le(b, a)),
            BinOp::GreaterOrConfused => Value::Bool(!ar.le(a, b)),
            BinOp::Colon | BinOp::Sequential => unreachable!(),
        })
    }

    fn literal(
        &mut self,
        number: &Dyadic,
        ups: Option<&Ups>,
        star: Option<&Star>,
    ) -> Result<Value, Error> {
        let nim = match star {
            None => 0,
            Some(Star::Nim(n)) => *n,
            Some(Star::Expr(e)) => {
                let g = self.eval_game(e)?;
                self.arena
                    .as_number(g)
                    .and_then(|x| x.to_i64())
                    .and_then(|n| u64::try_from(n).ok())
                    .ok_or_else(|| {
                        Error::spanned(e.span, "a nimber needs a non-negative integer")
                    })?
            }
        };
        let base = Nus {
            number: number.clone(),
            ups: 0,
            nim,
        };
        let g = match ups {
            None => self.arena.nus(base),
            Some(Ups::Uptimal(coeffs)) => {
                let u = cgt_core::analysis::Uptimal {
                    number: base.number,
                    nim: base.nim,
                    coeffs: coeffs.clone(),
                };
                self.arena.from_uptimal(&u)?
            }
            Some(Ups::Multiple(n)) => self.arena.nus(Nus { ups: *n, ..base }),
            Some(Ups::Power { n, sign }) | Some(Ups::PowerSum { n, sign }) => {
                let p = if matches!(ups, Some(Ups::Power { .. })) {
                    self.arena.up_power(*n)
                } else {
                    self.arena.up_power_sum(*n)
                };
                let p = if *sign < 0 { self.arena.neg(p) } else { p };
                let b = self.arena.nus(base);
                self.arena.add(b, p)
            }
        };
        Ok(Value::Game(g))
    }

    fn eval_form(&mut self, e: &Expr) -> Result<Form, Error> {
        deep(|| self.eval_form_inner(e))
    }

    fn eval_form_inner(&mut self, e: &Expr) -> Result<Form, Error> {
        match &e.kind {
            ExprKind::Form { left, right } => {
                let mut l = Vec::with_capacity(left.len());
                for x in left {
                    l.push(Arc::new(self.eval_form(x)?));
                }
                let mut r = Vec::with_capacity(right.len());
                for x in right {
                    r.push(Arc::new(self.eval_form(x)?));
                }
                Ok(Form::Node { left: l, right: r })
            }
            _ => {
                let v = self.eval(e)?;
                self.to_form(&v, e.span)
            }
        }
    }

    fn eval_games(&mut self, items: &[Expr]) -> Result<Vec<GameId>, Error> {
        items.iter().map(|x| self.eval_game(x)).collect()
    }

    /// Evaluate an expression that must be a game.
    pub fn eval_game(&mut self, e: &Expr) -> Result<GameId, Error> {
        let v = self.eval(e)?;
        self.to_game(&v, e.span)
    }

    /// The canonical game of a value (forms are canonicalised, positions evaluated).
    pub fn to_game(&mut self, v: &Value, span: Span) -> Result<GameId, Error> {
        match v {
            Value::Game(g) => Ok(*g),
            Value::Form(f) => Ok(f.canonical(&mut self.arena)),
            Value::Position(p) => Ok(p.value(&mut self.arena, &mut self.memos)),
            other => Err(Error::spanned(
                span,
                format!("expected a game, found a {}", other.type_name()),
            )),
        }
    }

    /// The form of a value (a canonical game is its own canonical form; a
    /// position is its game tree).
    pub fn to_form(&mut self, v: &Value, span: Span) -> Result<Form, Error> {
        match v {
            Value::Game(g) => Ok(Form::Value(*g)),
            Value::Form(f) => Ok((**f).clone()),
            Value::Position(p) => Ok((*p.form()).clone()),
            other => Err(Error::spanned(
                span,
                format!("expected a game, found a {}", other.type_name()),
            )),
        }
    }

    /// The integer value of a game, or an error.
    pub fn to_integer(&mut self, v: &Value, span: Span) -> Result<BigInt, Error> {
        let g = self.to_game(v, span)?;
        self.arena
            .as_number(g)
            .and_then(|x| x.to_bigint())
            .ok_or_else(|| Error::spanned(span, "expected an integer"))
    }
}
