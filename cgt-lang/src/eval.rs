//! The evaluator: a session holds the arena, the variables and the defined
//! functions, evaluates statements and prints values.

use super::ast::*;
use super::builtins::{self, Args};
use super::error::{Error, ErrorKind};
use super::function::Function;
use super::key;
use super::parser::{is_keyword, parse_line};
use super::print::Printer;
use super::resolve::resolve;
use super::style::{restyle, Style};
use super::user_ruleset::UserRuleset;
use super::value::{Player, Sum, Value};
use cgt_core::analysis::Outcome;
use cgt_core::form::misere::{MisereArena, MisereId};
use cgt_core::form::{ordinal_sum, Form};
use cgt_core::game::{deep, Arena, GameId, Nus};
use cgt_core::number::{BigInt, Dyadic};
use cgt_core::ruleset::registry::Memos;
use hashbrown::HashMap;
use num_traits::{ToPrimitive, Zero};
use smallvec::SmallVec;
use std::sync::{Arc, Weak};

/// The most values a range `a..b` may have.
pub const RANGE_LIMIT: u64 = 10_000_000;

/// How deep calls of defined functions may nest.
pub const CALL_DEPTH_LIMIT: usize = 1_000_000;

/// A worksheet session: the games computed so far, the variables and the
/// functions defined.
pub struct Session {
    /// The games computed in this session.
    pub arena: Arena,
    vars: HashMap<String, Value>,
    /// Bindings of loops, `let` and calls, innermost last; a call sees only
    /// those from `frame` on (its parameters and its own bindings).
    locals: Vec<(Arc<str>, Value)>,
    frame: usize,
    /// How deep calls of defined functions nest now.
    depth: usize,
    /// How games are printed: plain (CGSuite's notation), Unicode or LaTeX.
    pub style: Style,
    /// What the rulesets' evaluators learnt, so followers are valued once
    /// per session (ids of `arena`: cleared when it is rolled back).
    pub(crate) memos: Memos,
    /// Every function and ruleset made in this session, so their memos can
    /// be dropped together (when what they use changes, or after a stop).
    functions: Vec<Weak<Function>>,
    rulesets: Vec<Weak<UserRuleset>>,
    /// The variable an assignment is about to set, which names a ruleset
    /// made on its right-hand side.
    pub(crate) naming: Option<String>,
    /// Canonical misère impartial games met so far (no ids of `arena`).
    pub(crate) misere: MisereArena,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

/// True if the line holds nothing but white space and comments.
pub fn is_blank(line: &str) -> bool {
    let t = line.trim_start();
    t.is_empty() || t.starts_with('#')
}

/// CGSuite's method names that are not our function names in snake case.
const ALIASES: &[(&str, &str)] = &[
    ("canonical_form", "canonical"),
    ("game_value", "value"),
    ("misere_canonical_form", "misere_canonical"),
    ("strong_stop", "stop"),
    ("is_loopfree", "is_short"),
    ("is_plumtree", "is_short"),
    ("is_stopper", "is_short"),
    ("is_stopper_sided", "is_short"),
    ("is_finite", "is_short"),
    ("is_idempotent", "is_zero"),
    ("is_pseudonumber", "is_number"),
];

/// The built-in a call or method name means: its own name, or CGSuite's
/// name for it (`AtomicWeight`, `CanonicalForm`).
pub fn builtin_named(name: &str) -> Option<&'static builtins::Builtin> {
    builtins::lookup(name).or_else(|| {
        let snake = super::parser::snake_case(name);
        let resolved = ALIASES
            .iter()
            .find(|(a, _)| *a == snake)
            .map_or(snake.as_str(), |(_, b)| b);
        builtins::lookup(resolved)
    })
}

impl Session {
    /// A fresh session with no variables.
    pub fn new() -> Self {
        Session {
            arena: Arena::new(),
            vars: HashMap::new(),
            locals: Vec::new(),
            frame: 0,
            depth: 0,
            style: Style::Plain,
            memos: Memos::new(),
            functions: Vec::new(),
            rulesets: Vec::new(),
            naming: None,
            misere: MisereArena::new(),
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
        let result = cgt_core::interrupt::catch(|| f(self));
        self.locals.clear();
        self.frame = 0;
        self.depth = 0;
        self.naming = None;
        match result {
            Ok(Ok(r)) => Ok(r),
            Ok(Err(e)) if !matches!(e.kind, ErrorKind::Interrupted | ErrorKind::MemoryLimit) => {
                Err(e)
            }
            other => {
                // Nothing refers to the games the stopped computation made:
                // give their memory back, so the next line starts clean.
                self.forget_results();
                self.arena.rollback(games_before);
                match other {
                    Ok(r) => r,
                    Err(stop) => Err(stop.into()),
                }
            }
        }
    }

    /// Drop what functions and rulesets remember (their results may name
    /// games about to be dropped, or depend on a changed definition).
    fn forget_results(&mut self) {
        self.memos.clear();
        self.functions.retain(|f| match f.upgrade() {
            Some(f) => {
                f.forget();
                true
            }
            None => false,
        });
        self.rulesets.retain(|r| match r.upgrade() {
            Some(r) => {
                r.reset();
                true
            }
            None => false,
        });
    }

    /// Evaluate one line. Blank and comment-only lines give `Ok(None)`.
    /// The value is also stored as `ans`; an assignment stores it under its
    /// name; a definition gives its signature.
    /// Never unwinds: stops and failures are errors (see [`Session::guard`]).
    pub fn eval_line(&mut self, line: &str) -> Result<Option<Value>, Error> {
        self.guard(|s| s.eval_line_unguarded(line))
    }

    fn eval_line_unguarded(&mut self, line: &str) -> Result<Option<Value>, Error> {
        if is_blank(line) {
            return Ok(None);
        }
        let mut last = None;
        for (st, span) in parse_line(line)? {
            last = self.statement(st, &line[span.start..span.end])?;
        }
        Ok(last)
    }

    /// Run one statement (`source` is its text, kept by definitions).
    fn statement(&mut self, mut st: Statement, source: &str) -> Result<Option<Value>, Error> {
        match &mut st {
            Statement::Expr(e) | Statement::Assign { expr: e, .. } => resolve(e, &mut Vec::new()),
            Statement::Def(def) => resolve(&mut def.body, &mut def.params.clone()),
        }
        let v = match st {
            Statement::Expr(e) => self.eval(&e)?,
            Statement::Assign {
                name,
                name_span,
                expr,
            } => {
                self.check_name(&name, name_span)?;
                self.naming = Some(name.clone());
                let v = self.eval(&expr);
                self.naming = None;
                let v = v?;
                self.set_var(name, v.clone());
                v
            }
            Statement::Def(def) => {
                self.check_name(&def.name, def.name_span)?;
                let f = Arc::new(Function::new(def, source.trim().to_string()));
                self.functions.push(Arc::downgrade(&f));
                let sig = f.signature();
                self.set_var(f.name().to_string(), Value::Function(f));
                return Ok(Some(Value::Text(sig)));
            }
        };
        self.vars.insert("ans".into(), v.clone());
        Ok(Some(v))
    }

    /// A name a line may assign or define.
    fn check_name(&self, name: &str, span: Span) -> Result<(), Error> {
        if super::parser::is_down_word(name) {
            return Err(Error::spanned(
                span,
                format!("`{name}` is a down (v = ↓), not a name: choose another name"),
            ));
        }
        if builtin_named(name).is_some()
            || is_keyword(name)
            || matches!(name, "Left" | "Right" | "ans" | "true" | "false")
        {
            return Err(Error::spanned(span, format!("`{name}` is a reserved name")));
        }
        Ok(())
    }

    /// Set a global. Functions (and rulesets) that use the name forget what
    /// they computed.
    fn set_var(&mut self, name: String, v: Value) {
        let used = self
            .functions
            .iter()
            .filter_map(Weak::upgrade)
            .any(|f| f.uses(&name));
        if used || matches!(self.vars.get(&name), Some(Value::Function(_))) {
            self.forget_functions();
        }
        if let Value::Ruleset(r) = &v {
            self.rulesets.push(Arc::downgrade(r));
        }
        let function = matches!(v, Value::Function(_));
        self.vars.insert(name, v);
        if function || used {
            self.mark_recursive();
        }
    }

    /// Mark each defined function recursive or not: whether it can reach
    /// itself through the functions its body names (as defined now).
    fn mark_recursive(&self) {
        let by_name: HashMap<&str, &Arc<Function>> = self
            .vars
            .iter()
            .filter_map(|(n, v)| match v {
                Value::Function(f) => Some((n.as_str(), f)),
                _ => None,
            })
            .collect();
        for f in self.functions.iter().filter_map(Weak::upgrade) {
            let mut seen: hashbrown::HashSet<&str> = hashbrown::HashSet::new();
            let mut stack: Vec<&str> = f.uses_names().collect();
            let mut recursive = false;
            while let Some(n) = stack.pop() {
                let Some(g) = by_name.get(n) else { continue };
                if Arc::ptr_eq(g, &f) {
                    recursive = true;
                    break;
                }
                if seen.insert(n) {
                    stack.extend(g.uses_names());
                }
            }
            f.set_recursive(recursive);
        }
    }

    /// Every function forgets its results and every ruleset its graph (the
    /// engine's memos of the graphs stay valid: a graph never changes).
    fn forget_functions(&mut self) {
        for f in self.functions.iter().filter_map(Weak::upgrade) {
            f.forget();
        }
        for r in self.rulesets.iter().filter_map(Weak::upgrade) {
            r.reset();
        }
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

    /// Evaluate the expression `text` with `bindings` seen as local names:
    /// for hosts that hold values rather than text (the Python bindings
    /// compute `a + b` as `eval_with("a + b", [("a", x), ("b", y)])`).
    /// Never unwinds (see [`Session::guard`]).
    pub fn eval_with(&mut self, text: &str, bindings: &[(&str, Value)]) -> Result<Value, Error> {
        self.guard(|s| {
            let Statement::Expr(mut e) = super::parser::parse_statement(text)? else {
                return Err(Error::at(0, text.len(), "expected an expression"));
            };
            let names: Vec<Arc<str>> = bindings.iter().map(|(n, _)| Arc::from(*n)).collect();
            resolve(&mut e, &mut names.clone());
            for (n, (_, v)) in names.into_iter().zip(bindings) {
                s.locals.push((n, v.clone()));
            }
            s.eval(&e)
        })
    }

    /// Set the global `name` to `v`, as `name = ...` does.
    pub fn set_variable(&mut self, name: &str, v: Value) -> Result<(), Error> {
        self.check_name(name, Span::default())?;
        if !super::parser::is_identifier(name) {
            return Err(Error::plain(format!("`{name}` is not a name")));
        }
        self.set_var(name.to_string(), v);
        Ok(())
    }

    /// The global `name`, if it is set.
    pub fn variable(&self, name: &str) -> Option<Value> {
        self.vars.get(name).cloned()
    }

    /// Names of the variables defined so far (functions included).
    pub fn variables(&self) -> Vec<String> {
        let mut v: Vec<String> = self.vars.keys().cloned().collect();
        v.sort();
        v
    }

    /// The functions defined so far, by name.
    pub fn functions(&self) -> Vec<Arc<Function>> {
        let mut fs: Vec<Arc<Function>> = self
            .vars
            .values()
            .filter_map(|v| match v {
                Value::Function(f) => Some(f.clone()),
                _ => None,
            })
            .collect();
        fs.sort_by(|a, b| a.name().cmp(b.name()));
        fs
    }

    /// The help text of a defined function: its signature and doc string.
    pub fn function_help(&self, name: &str) -> Option<String> {
        match self.vars.get(name) {
            Some(Value::Function(f)) => Some(match &f.def.doc {
                Some(doc) => format!("{}\n  {doc}\n  defined as: {}", f.signature(), f.source),
                None => format!("{}\n  defined as: {}", f.signature(), f.source),
            }),
            Some(Value::Ruleset(r)) => Some(format!(
                "{}(position): a ruleset defined in the language ({} positions explored)",
                r.name,
                r.explored()
            )),
            _ => None,
        }
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
            Value::Sum(_) => match self.to_game(v, Span::default()) {
                Ok(g) => self.game_text(g),
                Err(e) => format!("error: {}", e.message),
            },
            Value::Bool(b) => b.to_string(),
            Value::Outcome(o) => o.to_string(),
            Value::Comparison(c) => c.to_string(),
            Value::Thermograph(t) => t.to_string(),
            Value::Trajectory(t) => t.to_string(),
            Value::Player(Player::Left) => "Left".into(),
            Value::Player(Player::Right) => "Right".into(),
            Value::Str(s) => quoted(s),
            Value::Position(p) => p.text(),
            Value::Text(s) => s.clone(),
            Value::Function(f) => f.signature(),
            Value::Ruleset(r) => format!("{}(position)", r.name),
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
                        Value::Sum(_) => match self.to_game(x, Span::default()) {
                            Ok(g) => games.push(g),
                            Err(e) => others.push(format!("error: {}", e.message)),
                        },
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

    /// The length of a game value's printed text (plain style), found
    /// without printing it; None for other values (and explicit forms).
    pub fn printed_len(&mut self, v: &Value) -> Option<usize> {
        let g = match v {
            Value::Game(g) => *g,
            Value::Sum(_) | Value::Position(_) => self.to_game(v, Span::default()).ok()?,
            _ => return None,
        };
        Some(Printer::new(&mut self.arena).printed_len(g))
    }

    /// A game in the session's style.
    pub fn game_text(&mut self, g: GameId) -> String {
        let plain = Printer::new(&mut self.arena).game(g);
        restyle(&plain, self.style)
    }

    /// An aligned table (a LaTeX tabular in the LaTeX style). Strings are
    /// printed without quotes (headers); in LaTeX they are text.
    fn show_table(&mut self, rows: &[Vec<Value>]) -> String {
        let latex = self.style == Style::Latex;
        let cells: Vec<Vec<String>> = rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|v| match v {
                        Value::Str(s) if latex => format!("\\text{{{}}}", latex_text(s)),
                        Value::Str(s) => s.to_string(),
                        other if latex => format!("${}$", self.show(other)),
                        other => self.show(other),
                    })
                    .collect()
            })
            .collect();
        let cols = cells.iter().map(Vec::len).max().unwrap_or(0);
        if latex {
            let mut out = format!("\\begin{{tabular}}{{{}}}\n", "l".repeat(cols));
            for r in &cells {
                out.push_str(&format!("{} \\\\\n", r.join(" & ")));
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
            Form::Value(g) => out.push_str(&Printer::new(&mut self.arena).in_form(*g)),
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
                out.push_str(&Printer::new(&mut self.arena).in_form(g));
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
                let l = self.options(left)?;
                let r = self.options(right)?;
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
                Ok(Value::list(out))
            }
            ExprKind::Comprehension { body, clauses } => {
                let mut out = Vec::new();
                let mark = self.locals.len();
                let r = self.comprehend(body, clauses, &mut out);
                self.locals.truncate(mark);
                r?;
                Ok(Value::list(out))
            }
            ExprKind::Str(s) => Ok(Value::Str(s.clone())),
            ExprKind::Var(name) => self.lookup(name, e.span),
            ExprKind::Local { slot, name } => {
                if let Some((n, v)) = self.locals.get(self.frame + *slot as usize) {
                    if Arc::ptr_eq(n, name) {
                        return Ok(v.clone());
                    }
                }
                self.lookup(name, e.span)
            }
            ExprKind::Call { name, args } => self.call(name, args, e.span),
            ExprKind::Index { target, index } => {
                let t = self.eval(target)?;
                let i = self.eval(index)?;
                let i = self.to_i64(&i, index.span)?;
                super::data::index(&t, i, target.span, index.span)
            }
            ExprKind::Slice { target, from, to } => {
                let t = self.eval(target)?;
                let mut bound = |b: &Option<Box<Expr>>| -> Result<Option<i64>, Error> {
                    match b {
                        None => Ok(None),
                        Some(x) => {
                            let v = self.eval(x)?;
                            Ok(Some(self.to_i64(&v, x.span)?))
                        }
                    }
                };
                let (a, b) = (bound(from)?, bound(to)?);
                super::data::slice(&t, a, b, target.span)
            }
            ExprKind::If { cond, then, other } => {
                if self.eval_bool(cond, "the condition of `if`")? {
                    self.eval(then)
                } else {
                    self.eval(other)
                }
            }
            ExprKind::Let { bindings, body } => {
                let mark = self.locals.len();
                let r = (|| {
                    for (name, value) in bindings {
                        let v = self.eval(value)?;
                        self.locals.push((name.clone(), v));
                    }
                    self.eval(body)
                })();
                self.locals.truncate(mark);
                r
            }
            ExprKind::Unary { op, arg } => {
                let v = self.eval(arg)?;
                match op {
                    UnOp::Plus => Ok(v),
                    UnOp::Not => match v {
                        Value::Bool(b) => Ok(Value::Bool(!b)),
                        other => Err(Error::spanned(
                            arg.span,
                            format!("`not` needs true or false, not a {}", other.type_name()),
                        )),
                    },
                    UnOp::Neg => self.negate(v, arg.span),
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

    /// An expression that must be true or false.
    fn eval_bool(&mut self, e: &Expr, what: &str) -> Result<bool, Error> {
        match self.eval(e)? {
            Value::Bool(b) => Ok(b),
            other => Err(Error::spanned(
                e.span,
                format!("{what} must be true or false, not a {}", other.type_name()),
            )),
        }
    }

    /// The value of a variable: the innermost binding visible here, then
    /// the globals.
    fn lookup(&self, name: &str, span: Span) -> Result<Value, Error> {
        if let Some(v) = self.local(name) {
            return Ok(v.clone());
        }
        if let Some(v) = self.vars.get(name) {
            return Ok(v.clone());
        }
        match name {
            "Left" => Ok(Value::Player(Player::Left)),
            "Right" => Ok(Value::Player(Player::Right)),
            // Option words of some functions, e.g. sequential(G, H, per_player).
            word if builtins::is_option_word(word) => Ok(Value::str(name)),
            _ if builtin_named(name).is_some() => Err(Error::spanned(
                span,
                format!("`{name}` is a function: call it as {name}(...)"),
            )),
            _ => Err(Error::spanned(span, format!("unknown variable `{name}`"))),
        }
    }

    fn local(&self, name: &str) -> Option<&Value> {
        self.locals[self.frame..]
            .iter()
            .rev()
            .find(|(n, _)| **n == *name)
            .map(|(_, v)| v)
    }

    /// `name(args)`: a local function value, a built-in, or a defined
    /// function or ruleset.
    fn call(&mut self, name: &str, args: &[Argument], span: Span) -> Result<Value, Error> {
        let callee = self
            .local(name)
            .cloned()
            .filter(|v| matches!(v, Value::Function(_) | Value::Ruleset(_)));
        let builtin = match callee {
            Some(_) => None,
            None => builtin_named(name),
        };
        let callee = match (callee, builtin) {
            (Some(c), _) => c,
            (None, Some(b)) => return self.call_builtin(b, args, span),
            (None, None) => match self.local(name).or_else(|| self.vars.get(name)) {
                Some(v @ (Value::Function(_) | Value::Ruleset(_))) => v.clone(),
                Some(other) => {
                    return Err(Error::spanned(
                        span,
                        format!("`{name}` is a {}, not a function", other.type_name()),
                    ))
                }
                None => {
                    let hint = builtins::suggest(name)
                        .map(|s| format!(" (did you mean `{s}`?)"))
                        .unwrap_or_default();
                    return Err(Error::spanned(
                        span,
                        format!("unknown function `{name}`{hint}"),
                    ));
                }
            },
        };
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            if let Some(k) = &a.name {
                return Err(Error::spanned(
                    a.value.span,
                    format!("`{name}` takes no keyword arguments (`{k} = ...`)"),
                ));
            }
            values.push(self.eval(&a.value)?);
        }
        self.apply(&callee, values, span)
    }

    fn call_builtin(
        &mut self,
        b: &'static builtins::Builtin,
        args: &[Argument],
        span: Span,
    ) -> Result<Value, Error> {
        // Arguments inline: most calls have a few, and a call of a built-in
        // in a move function runs for every position.
        let mut values: SmallVec<[Value; 4]> = SmallVec::new();
        let mut spans: SmallVec<[Span; 4]> = SmallVec::new();
        let mut named = Vec::new();
        for a in args {
            let v = self.eval(&a.value)?;
            match &a.name {
                Some(k) => named.push((k.clone(), v, a.value.span)),
                None => {
                    values.push(v);
                    spans.push(a.value.span);
                }
            }
        }
        if !named.is_empty() && !b.takes_keywords() {
            return Err(Error::spanned(
                named[0].2,
                format!("`{}` takes no keyword arguments ({})", b.name, b.signature),
            ));
        }
        if !b.arity.contains(&values.len()) {
            return Err(Error::spanned(
                span,
                format!("`{}` expects {}", b.name, b.signature),
            ));
        }
        b.call(
            self,
            &Args {
                values: &values,
                spans: &spans,
                named: &named,
                call: span,
            },
        )
    }

    /// Call a function value (a defined function, or a ruleset making a
    /// position) on evaluated arguments.
    pub(crate) fn apply(
        &mut self,
        f: &Value,
        args: Vec<Value>,
        span: Span,
    ) -> Result<Value, Error> {
        match f {
            Value::Function(f) => self.call_function(f, args, span),
            Value::Ruleset(r) => match <[Value; 1]>::try_from(args) {
                Ok([p]) => self.make_position(r, p, span),
                Err(_) => Err(Error::spanned(
                    span,
                    format!(
                        "a ruleset makes a position from one value: {}(position)",
                        r.name
                    ),
                )),
            },
            other => Err(Error::spanned(
                span,
                format!("expected a function, found a {}", other.type_name()),
            )),
        }
    }

    /// A defined function on evaluated arguments: its memo, or its body
    /// evaluated in a frame that sees only its parameters and the globals.
    fn call_function(
        &mut self,
        f: &Arc<Function>,
        args: Vec<Value>,
        span: Span,
    ) -> Result<Value, Error> {
        if args.len() != f.def.params.len() {
            return Err(Error::spanned(
                span,
                format!(
                    "`{}` takes {} argument{}: {}",
                    f.name(),
                    f.def.params.len(),
                    if f.def.params.len() == 1 { "" } else { "s" },
                    f.signature()
                ),
            ));
        }
        if let Some(v) = f.recall(&args) {
            return Ok(v);
        }
        cgt_core::interrupt::check();
        if self.depth >= CALL_DEPTH_LIMIT {
            return Err(Error::spanned(
                span,
                format!(
                    "calls nested more than {CALL_DEPTH_LIMIT} deep: is the recursion missing a base case?"
                ),
            )
            .with_kind(ErrorKind::Unsupported));
        }
        let (saved_frame, mark) = (self.frame, self.locals.len());
        self.frame = mark;
        self.depth += 1;
        for (p, v) in f.def.params.iter().zip(args.iter()) {
            self.locals.push((p.clone(), v.clone()));
        }
        let r = self.eval(&f.def.body);
        self.depth -= 1;
        self.locals.truncate(mark);
        self.frame = saved_frame;
        match r {
            Ok(v) => {
                f.remember(&args, v.clone());
                Ok(v)
            }
            Err(e) => Err(e.in_function(f.name(), span)),
        }
    }

    /// `[body for x in L if c ...]`: the clauses from the outermost.
    fn comprehend(
        &mut self,
        body: &Expr,
        clauses: &[Clause],
        out: &mut Vec<Value>,
    ) -> Result<(), Error> {
        let Some((clause, rest)) = clauses.split_first() else {
            out.push(self.eval(body)?);
            return Ok(());
        };
        match clause {
            Clause::If(cond) => {
                if self.eval_bool(cond, "a comprehension's `if`")? {
                    self.comprehend(body, rest, out)?;
                }
                Ok(())
            }
            Clause::For(name, list) => {
                let over = self.iteration(list)?;
                self.locals.push((name.clone(), Value::Bool(false)));
                let slot = self.locals.len() - 1;
                let r = self.for_each(over, |s, item| {
                    s.locals[slot].1 = item;
                    s.comprehend(body, rest, out)
                });
                self.locals.truncate(slot);
                r
            }
        }
    }

    /// What a `for` runs over, evaluated before its name is bound: a
    /// range `a..b` (without making the list), a list, a set or a string.
    fn iteration(&mut self, list: &Expr) -> Result<Iteration, Error> {
        if let ExprKind::Binary {
            op: BinOp::Range,
            lhs,
            rhs,
        } = &list.kind
        {
            let (a, b) = self.range_bounds(lhs, rhs)?;
            return Ok(Iteration::Range(a, b));
        }
        match self.eval(list)? {
            Value::List(items) => Ok(Iteration::Items(items)),
            Value::Set(items) => Ok(Iteration::Items(Arc::new(items))),
            Value::Str(s) => Ok(Iteration::Chars(s)),
            other => Err(Error::spanned(
                list.span,
                format!(
                    "`for` runs over a list, a string or a range a..b, not a {}",
                    other.type_name()
                ),
            )),
        }
    }

    /// Run `f` on each element of an iteration (characters as strings).
    fn for_each(
        &mut self,
        over: Iteration,
        mut f: impl FnMut(&mut Session, Value) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let mut step = |s: &mut Session, item: Value| -> Result<(), Error> {
            // Ctrl-C and the memory limit stop even a loop of cheap steps.
            cgt_core::interrupt::poll()?;
            f(s, item)
        };
        match over {
            Iteration::Range(a, b) => {
                let mut i = a;
                while i <= b {
                    let g = self.integer(&i);
                    step(self, Value::Game(g))?;
                    i += 1;
                }
                Ok(())
            }
            Iteration::Items(items) => items.iter().try_for_each(|x| step(self, x.clone())),
            Iteration::Chars(s) => {
                let t = Value::Str(s);
                let n = match &t {
                    Value::Str(s) => s.chars().count(),
                    _ => 0,
                };
                (0..n).try_for_each(|k| {
                    let c = super::data::index(&t, k as i64, Span::default(), Span::default())?;
                    step(self, c)
                })
            }
        }
    }

    /// The bounds of `a..b`, refusing ranges of more than [`RANGE_LIMIT`] values.
    fn range_bounds(&mut self, lhs: &Expr, rhs: &Expr) -> Result<(BigInt, BigInt), Error> {
        let a = self.eval(lhs)?;
        let a = self.to_integer(&a, lhs.span)?;
        let b = self.eval(rhs)?;
        let b = self.to_integer(&b, rhs.span)?;
        if (&b - &a) > BigInt::from(RANGE_LIMIT) {
            return Err(Error::spanned(
                rhs.span,
                "a range of more than 10,000,000 values",
            ));
        }
        Ok((a, b))
    }

    fn binary(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr) -> Result<Value, Error> {
        match op {
            BinOp::And | BinOp::Or => {
                let (left, right) = if op == BinOp::And {
                    ("`and`'s left side", "`and`'s right side")
                } else {
                    ("`or`'s left side", "`or`'s right side")
                };
                let a = self.eval_bool(lhs, left)?;
                if a == (op == BinOp::Or) {
                    return Ok(Value::Bool(a));
                }
                let b = self.eval_bool(rhs, right)?;
                return Ok(Value::Bool(b));
            }
            BinOp::Sequential => {
                let g = self.eval(lhs)?;
                let form = self.to_form(&g, lhs.span)?;
                let h = self.eval_game(rhs)?;
                let f =
                    Form::Sequential(Arc::new(form), h, cgt_core::form::SequentialRule::JointEnd);
                return Ok(Value::Game(f.canonical(&mut self.arena)));
            }
            BinOp::Colon => {
                let g = self.eval(lhs)?;
                let form = self.to_form(&g, lhs.span)?;
                let h = self.eval_game(rhs)?;
                return Ok(Value::Game(ordinal_sum(&mut self.arena, &form, h)));
            }
            BinOp::Range => {
                let (a, b) = self.range_bounds(lhs, rhs)?;
                let mut out = Vec::new();
                let mut i = a;
                while i <= b {
                    cgt_core::interrupt::poll()?;
                    out.push(Value::Game(self.integer(&i)));
                    i += 1;
                }
                return Ok(Value::list(out));
            }
            BinOp::Add | BinOp::Sub | BinOp::AddSwitch => {
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
            _ => {}
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
        if let (Value::Game(a), Value::Game(b)) = (&va, &vb) {
            if let (Some(x), Some(y)) = (self.arena.as_i64(*a), self.arena.as_i64(*b)) {
                if let Some(v) = self.small_arithmetic(op, x, y) {
                    return Ok(v);
                }
            }
        }
        if matches!(op, BinOp::Eq | BinOp::Ne) {
            let same = self.equal(&va, &vb, sa)?;
            return Ok(Value::Bool(same == (op == BinOp::Eq)));
        }
        match op {
            BinOp::Add => return self.add(va, sa, vb, sb, false),
            BinOp::Sub => return self.add(va, sa, vb, sb, true),
            BinOp::Mul => return self.multiply(va, sa, vb, sb),
            BinOp::Div | BinOp::Mod => {
                let a = self.to_integer(&va, sa)?;
                let b = self.to_integer(&vb, sb)?;
                if b.is_zero() {
                    return Err(Error::spanned(sb, "division by zero"));
                }
                let (q, r) = floor_div_mod(&a, &b);
                let n = if op == BinOp::Div { q } else { r };
                return Ok(Value::Game(self.arena.number(Dyadic::from_bigint(n))));
            }
            _ => {}
        }
        if let (Value::Str(x), Value::Str(y)) = (&va, &vb) {
            let c = x.cmp(y);
            use std::cmp::Ordering::*;
            let r = match op {
                BinOp::Lt => c == Less,
                BinOp::Le => c != Greater,
                BinOp::Gt => c == Greater,
                BinOp::Ge => c != Less,
                _ => {
                    return Err(Error::spanned(
                        sa,
                        "strings compare with == != < <= > >= only",
                    ))
                }
            };
            return Ok(Value::Bool(r));
        }
        let a = self.to_game(&va, sa)?;
        let b = self.to_game(&vb, sb)?;
        let ar = &mut self.arena;
        Ok(match op {
            BinOp::AddSwitch => {
                let nb = ar.neg(b);
                let sw = ar.construct(vec![b], vec![nb]);
                return self.add(va, sa, Value::Game(sw), sb, false);
            }
            BinOp::Le => Value::Bool(ar.le(a, b)),
            BinOp::Ge => Value::Bool(ar.le(b, a)),
            BinOp::Lt => Value::Bool(ar.le(a, b) && a != b),
            BinOp::Gt => Value::Bool(ar.le(b, a) && a != b),
            BinOp::Confused => Value::Bool(!ar.le(a, b) && !ar.le(b, a)),
            BinOp::LessOrConfused => Value::Bool(!ar.le(b, a)),
            BinOp::GreaterOrConfused => Value::Bool(!ar.le(a, b)),
            _ => unreachable!("handled above"),
        })
    }

    /// `x op y` for two integers that fit an `i64`, where the result does
    /// too (else `None`: the general path computes it exactly).
    fn small_arithmetic(&mut self, op: BinOp, x: i64, y: i64) -> Option<Value> {
        let n = match op {
            BinOp::Add => x.checked_add(y)?,
            BinOp::Sub => x.checked_sub(y)?,
            BinOp::Mul => x.checked_mul(y)?,
            BinOp::Div | BinOp::Mod if y != 0 => {
                // Rounding down, as the general path (and CGSuite) does.
                let (q, r) = (x.checked_div(y)?, x.checked_rem(y)?);
                let q = if r != 0 && ((r < 0) != (y < 0)) {
                    q - 1
                } else {
                    q
                };
                if op == BinOp::Div {
                    q
                } else {
                    x - q * y
                }
            }
            BinOp::Eq => return Some(Value::Bool(x == y)),
            BinOp::Ne => return Some(Value::Bool(x != y)),
            BinOp::Le => return Some(Value::Bool(x <= y)),
            BinOp::Ge => return Some(Value::Bool(x >= y)),
            BinOp::Lt => return Some(Value::Bool(x < y)),
            BinOp::Gt => return Some(Value::Bool(x > y)),
            _ => return None,
        };
        Some(Value::Game(self.arena.integer(n)))
    }

    /// `a == b`: games (forms, sums, positions) by value, strings and lists
    /// by content, other values as printed.
    pub(crate) fn equal(&mut self, a: &Value, b: &Value, span: Span) -> Result<bool, Error> {
        if a.is_game_like() && b.is_game_like() {
            let (g, h) = (self.to_game(a, span)?, self.to_game(b, span)?);
            return Ok(g == h);
        }
        match (a, b) {
            (Value::List(x), Value::List(y)) => {
                if x.len() != y.len() {
                    return Ok(false);
                }
                for (s, t) in x.iter().zip(y.iter()) {
                    if !self.equal(s, t, span)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            (Value::Str(x), Value::Str(y)) => Ok(Arc::ptr_eq(x, y) || x == y),
            (Value::Bool(x), Value::Bool(y)) => Ok(x == y),
            (Value::Function(_), _) | (Value::Ruleset(_), _) => Ok(key::same(a, b)),
            _ => Ok(self.show(a) == self.show(b)),
        }
    }

    /// `a + b` (or `a - b`): numbers add at once; other games make a sum
    /// that keeps its terms; strings and lists concatenate.
    fn add(
        &mut self,
        va: Value,
        sa: Span,
        vb: Value,
        sb: Span,
        subtract: bool,
    ) -> Result<Value, Error> {
        match (&va, &vb) {
            (Value::Str(x), Value::Str(y)) if !subtract => {
                return Ok(Value::str(format!("{x}{y}")));
            }
            (Value::List(x), Value::List(y)) if !subtract => {
                let mut v = Vec::with_capacity(x.len() + y.len());
                v.extend(x.iter().cloned());
                v.extend(y.iter().cloned());
                return Ok(Value::list(v));
            }
            _ => {}
        }
        for (v, s) in [(&va, sa), (&vb, sb)] {
            if !v.is_game_like() {
                let sign = if subtract { "-" } else { "+" };
                return Err(Error::spanned(
                    s,
                    format!(
                        "`{sign}` adds games (or joins strings or lists), not a {} and a {}",
                        va.type_name(),
                        vb.type_name()
                    ),
                ));
            }
        }
        if let (Value::Game(a), Value::Game(b)) = (&va, &vb) {
            let (a, b) = (*a, *b);
            let b = if subtract { self.arena.neg(b) } else { b };
            let g = self.arena.try_add(a, b)?;
            if self.arena.is_number(a) && self.arena.is_number(b) {
                return Ok(Value::Game(g));
            }
            return Ok(self.sum_value(vec![(false, va), (subtract, vb)], Some(g)));
        }
        let value = match (known_value(&va), known_value(&vb)) {
            (Some(a), Some(b)) => {
                let b = if subtract { self.arena.neg(b) } else { b };
                Some(self.arena.try_add(a, b)?)
            }
            _ => None,
        };
        Ok(self.sum_value(vec![(false, va), (subtract, vb)], value))
    }

    /// `a + b` for evaluated values (see `+`).
    pub(crate) fn add_values(&mut self, a: Value, b: Value, span: Span) -> Result<Value, Error> {
        self.add(a, span, b, span, false)
    }

    fn sum_value(&mut self, terms: Vec<(bool, Value)>, value: Option<GameId>) -> Value {
        Value::Sum(Arc::new(Sum { terms, value }))
    }

    /// `-v`: a canonical game is negated; a form, sum or position keeps its
    /// shape.
    fn negate(&mut self, v: Value, span: Span) -> Result<Value, Error> {
        match v {
            Value::Game(g) => Ok(Value::Game(self.arena.neg(g))),
            Value::Form(f) => Ok(Value::Form(Arc::new(Form::Neg(f)))),
            v @ (Value::Sum(_) | Value::Position(_)) => {
                let value = known_value(&v).map(|g| self.arena.neg(g));
                Ok(self.sum_value(vec![(true, v)], value))
            }
            other => Err(Error::spanned(
                span,
                format!("expected a game, found a {}", other.type_name()),
            )),
        }
    }

    /// `a * b`: numbers multiply; an integer times a game is that many
    /// copies of it (CGSuite's `3 * ^`); a string or list times an integer
    /// repeats it.
    fn multiply(&mut self, va: Value, sa: Span, vb: Value, sb: Span) -> Result<Value, Error> {
        let number = |s: &mut Session, v: &Value, sp: Span| -> Result<Option<Dyadic>, Error> {
            if !v.is_game_like() {
                return Ok(None);
            }
            let g = s.to_game(v, sp)?;
            Ok(s.arena.as_number(g).cloned())
        };
        if let (Value::Str(_) | Value::List(_), _) | (_, Value::Str(_) | Value::List(_)) =
            (&va, &vb)
        {
            let (seq, n, ns) = match (&va, &vb) {
                (Value::Str(_) | Value::List(_), _) => (&va, &vb, sb),
                _ => (&vb, &va, sa),
            };
            let n = self.to_integer(n, ns)?;
            return super::data::repeat(seq, &n, ns);
        }
        let (x, y) = (number(self, &va, sa)?, number(self, &vb, sb)?);
        let known_number_first = x.is_some();
        match (x, y) {
            (Some(x), Some(y)) => Ok(Value::Game(self.arena.number(&x * &y))),
            (Some(n), None) | (None, Some(n)) if n.is_integer() => {
                let (g, gs) = if known_number_first { (&vb, sb) } else { (&va, sa) };
                let g = self.to_game(g, gs)?;
                let n = n.to_bigint().expect("an integer");
                Ok(Value::Game(self.arena.multiple(&n, g)?))
            }
            _ => Err(Error::spanned(
                sa,
                "`*` multiplies numbers, or a game by an integer (3 * ^); for the Conway product use conway_product(G, H)",
            )),
        }
    }

    fn literal(
        &mut self,
        number: &Dyadic,
        ups: Option<&Ups>,
        star: Option<&Star>,
    ) -> Result<Value, Error> {
        if ups.is_none() && star.is_none() && number.exponent() == 0 {
            if let Some(n) = number.small_numerator() {
                return Ok(Value::Game(self.arena.integer(n)));
            }
        }
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
                let mut sides = [
                    Vec::with_capacity(left.len()),
                    Vec::with_capacity(right.len()),
                ];
                for (k, items) in [left, right].into_iter().enumerate() {
                    for x in items {
                        if matches!(x.kind, ExprKind::Form { .. }) {
                            sides[k].push(Arc::new(self.eval_form(x)?));
                            continue;
                        }
                        match self.eval(x)? {
                            Value::List(items) => {
                                for v in items.iter() {
                                    sides[k].push(Arc::new(self.to_form(v, x.span)?));
                                }
                            }
                            Value::Set(items) => {
                                for v in &items {
                                    sides[k].push(Arc::new(self.to_form(v, x.span)?));
                                }
                            }
                            v => sides[k].push(Arc::new(self.to_form(&v, x.span)?)),
                        }
                    }
                }
                let [left, right] = sides;
                Ok(Form::Node { left, right })
            }
            _ => {
                let v = self.eval(e)?;
                self.to_form(&v, e.span)
            }
        }
    }

    /// The options of one side of braces: each item a game, or a list or
    /// set of games contributing each of them.
    fn options(&mut self, items: &[Expr]) -> Result<Vec<GameId>, Error> {
        let mut out = Vec::with_capacity(items.len());
        for x in items {
            match self.eval(x)? {
                Value::List(vs) => {
                    for v in vs.iter() {
                        out.push(self.to_game(v, x.span)?);
                    }
                }
                Value::Set(vs) => {
                    for v in &vs {
                        out.push(self.to_game(v, x.span)?);
                    }
                }
                v => out.push(self.to_game(&v, x.span)?),
            }
        }
        Ok(out)
    }

    /// Evaluate an expression that must be a game.
    pub fn eval_game(&mut self, e: &Expr) -> Result<GameId, Error> {
        let v = self.eval(e)?;
        self.to_game(&v, e.span)
    }

    /// The canonical game of a value (forms are canonicalised, positions
    /// evaluated, sums added up).
    pub fn to_game(&mut self, v: &Value, span: Span) -> Result<GameId, Error> {
        match v {
            Value::Game(g) => Ok(*g),
            Value::Form(f) => Ok(f.canonical(&mut self.arena)),
            Value::Position(p) => Ok(p.value(&mut self.arena, &mut self.memos)),
            Value::Sum(s) => match s.value {
                Some(g) => Ok(g),
                None => {
                    let mut acc = self.arena.zero();
                    for (neg, t) in &s.terms {
                        let g = deep(|| self.to_game(t, span))?;
                        let g = if *neg { self.arena.neg(g) } else { g };
                        acc = self.arena.try_add(acc, g)?;
                    }
                    Ok(acc)
                }
            },
            other => Err(Error::spanned(
                span,
                format!("expected a game, found a {}", other.type_name()),
            )),
        }
    }

    /// The form of a value (a canonical game is its own canonical form; a
    /// position is its game tree; a sum of forms or positions is the sum of
    /// its terms' forms; a sum of canonical games is canonical, as in CGSuite).
    pub fn to_form(&mut self, v: &Value, span: Span) -> Result<Form, Error> {
        match v {
            Value::Sum(s) if s.value.is_some() => Ok(Form::Value(s.value.expect("checked"))),
            other => self.to_play_form(other, span),
        }
    }

    /// The form of a value as it is played: a sum, even of canonical games,
    /// is the sum of its terms (misère play of *2 + *2 is misère Nim with
    /// heaps 2 and 2, not misère play of 0).
    pub fn to_play_form(&mut self, v: &Value, span: Span) -> Result<Form, Error> {
        match v {
            Value::Game(g) => Ok(Form::Value(*g)),
            Value::Form(f) => Ok((**f).clone()),
            Value::Position(p) => Ok((*p.form()).clone()),
            Value::Sum(s) => {
                let mut acc: Option<Form> = None;
                for (neg, t) in &s.terms {
                    let f = deep(|| self.to_play_form(t, span))?;
                    let f = if *neg { Form::Neg(Arc::new(f)) } else { f };
                    acc = Some(match acc {
                        None => f,
                        Some(a) => Form::Sum(Arc::new(a), Arc::new(f)),
                    });
                }
                Ok(acc.unwrap_or(Form::Value(self.arena.zero())))
            }
            other => Err(Error::spanned(
                span,
                format!("expected a game, found a {}", other.type_name()),
            )),
        }
    }

    /// The misère canonical form of an impartial value, played as given.
    pub(crate) fn misere_id(&mut self, v: &Value, span: Span) -> Result<MisereId, Error> {
        let f = self.to_play_form(v, span)?;
        self.misere.of_form(&mut self.arena, &f).map_err(|_| {
            Error::spanned(
                span,
                "not an impartial game: misère canonical forms are of impartial games",
            )
        })
    }

    /// The outcome class of a value. A position that does not split is
    /// searched on its rules (no canonical forms); a sum, or a position
    /// that splits, is searched on the values of its parts, without the
    /// canonical form of the whole.
    pub fn outcome_of(&mut self, v: &Value, span: Span) -> Result<Outcome, Error> {
        if let Some(g) = known_value(v) {
            return Ok(self.arena.outcome(g));
        }
        // A position that does not split: the outcome search on its rules,
        // without canonical forms.
        if let Value::Position(p) = v {
            if !p.splits() {
                return Ok(p.outcome(&mut self.memos));
            }
        }
        let mut parts = Vec::new();
        self.parts(v, false, span, &mut parts)?;
        Ok(self.arena.sum_outcome(&parts))
    }

    /// The canonical values whose sum is `v` (negated if `negated`):
    /// positions give their components' values.
    fn parts(
        &mut self,
        v: &Value,
        negated: bool,
        span: Span,
        out: &mut Vec<GameId>,
    ) -> Result<(), Error> {
        let mut push = |s: &mut Session, g: GameId| {
            out.push(if negated { s.arena.neg(g) } else { g });
        };
        match v {
            Value::Position(p) => {
                for g in p.parts(&mut self.arena, &mut self.memos) {
                    push(self, g);
                }
                Ok(())
            }
            Value::Sum(s) if s.value.is_none() => {
                for (neg, t) in &s.terms {
                    deep(|| self.parts(t, negated ^ neg, span, out))?;
                }
                Ok(())
            }
            other => {
                let g = self.to_game(other, span)?;
                push(self, g);
                Ok(())
            }
        }
    }

    /// The integer value of a game, or an error.
    pub fn to_integer(&mut self, v: &Value, span: Span) -> Result<BigInt, Error> {
        if !v.is_game_like() {
            return Err(Error::spanned(
                span,
                format!("expected an integer, found a {}", v.type_name()),
            ));
        }
        let g = self.to_game(v, span)?;
        self.arena
            .as_number(g)
            .and_then(|x| x.to_bigint())
            .ok_or_else(|| Error::spanned(span, "expected an integer"))
    }

    /// The game of an integer (small ones without hashing).
    pub(crate) fn integer(&mut self, n: &BigInt) -> GameId {
        match n.to_i64() {
            Some(k) => self.arena.integer(k),
            None => self.arena.number(Dyadic::from_bigint(n.clone())),
        }
    }

    /// An integer value as an `i64` (indices and counts).
    pub fn to_i64(&mut self, v: &Value, span: Span) -> Result<i64, Error> {
        if let Value::Game(g) = v {
            if let Some(n) = self.arena.as_i64(*g) {
                return Ok(n);
            }
        }
        let n = self.to_integer(v, span)?;
        n.to_i64()
            .ok_or_else(|| Error::spanned(span, format!("{n} is out of range here")))
    }

    /// A value that must be an integer in `0..=limit`, as a `usize`.
    pub fn to_count(&mut self, v: &Value, span: Span, limit: usize) -> Result<usize, Error> {
        let n = self.to_integer(v, span)?;
        n.to_usize()
            .filter(|&n| n <= limit)
            .ok_or_else(|| Error::spanned(span, format!("expected an integer from 0 to {limit}")))
    }
}

/// What a comprehension's `for` runs over.
enum Iteration {
    Range(BigInt, BigInt),
    Items(Arc<Vec<Value>>),
    Chars(Arc<str>),
}

/// The canonical value of a game-like value when it needs no computation.
fn known_value(v: &Value) -> Option<GameId> {
    match v {
        Value::Game(g) => Some(*g),
        Value::Sum(s) => s.value,
        _ => None,
    }
}

/// Floor division and its remainder (which has the divisor's sign, as in CGSuite and Python).
fn floor_div_mod(a: &BigInt, b: &BigInt) -> (BigInt, BigInt) {
    use num_integer::Integer;
    a.div_mod_floor(b)
}

/// A string as the language reads it back: in quotes, with `"` and `\` escaped.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// Text for LaTeX's `\text{...}`: its special characters escaped.
fn latex_text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\^{}"),
            '~' => out.push_str("\\~{}"),
            c => out.push(c),
        }
    }
    out
}
