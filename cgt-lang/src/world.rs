//! The world a session computes in: the arena of canonical games, what the
//! rulesets' evaluators learnt, the misère store and the printing style,
//! with the operations on values that the machine and the library share:
//! arithmetic and comparison of values, conversion to games and forms,
//! outcomes, and printing.

use crate::code::BuiltinId;
use crate::error::{Error, ErrorKind, Span};
use crate::print::Printer;
use crate::style::{latex_text, restyle, Style};
use crate::syntax::ast::{BinOp, Ups};
use crate::value::{Player, Str, Sum, Value};
use cgt_core::analysis::Outcome;
use cgt_core::form::misere::{MisereArena, MisereId};
use cgt_core::form::Form;
use cgt_core::game::{deep, Arena, GameId, Nus};
use cgt_core::loopy::{Loopy, Sides};
use cgt_core::number::{BigInt, Dyadic, Rational};
use cgt_core::ruleset::registry::Memos;
use num_traits::{Signed, ToPrimitive, Zero};
use std::sync::Arc;

/// The games and data of a session, and what values mean in them.
pub struct World {
    /// The games computed in this session.
    pub arena: Arena,
    /// What the rulesets' evaluators learnt, so followers are valued once
    /// per session (ids of `arena`: cleared when it is rolled back).
    pub memos: Memos,
    /// Canonical misère impartial games met so far (no ids of `arena`).
    pub misere: MisereArena,
    /// How games are printed: plain (CGSuite's notation), Unicode or LaTeX.
    pub style: Style,
    /// How a built-in function prints as a value (its signature), given by
    /// the library, which this module does not see.
    pub signature: fn(BuiltinId) -> &'static str,
    /// Check user rulesets' keys on a sample as positions are made
    /// (`--check-keys`, `:set check_keys on`): a key that lies is an error.
    pub check_keys: bool,
    /// Values printing longer than this many characters show a summary
    /// (`:set max_print N`; 0, the default, prints everything: `-e`,
    /// `--batch` and the library; the REPL and scripts set 20,000).
    pub max_print: usize,
}

impl World {
    /// An empty world; `signature` names built-in functions.
    pub fn new(signature: fn(BuiltinId) -> &'static str) -> Self {
        World {
            arena: Arena::new(),
            memos: Memos::new(),
            misere: MisereArena::new(),
            style: Style::Plain,
            signature,
            check_keys: false,
            max_print: 0,
        }
    }

    /// The printed form of a value. Printing a compound form computes its
    /// value, which may be stopped: call it inside a guard.
    pub fn show(&mut self, v: &Value) -> String {
        deep(|| self.show_inner(v))
    }

    fn show_inner(&mut self, v: &Value) -> String {
        match v {
            Value::Game(g) => self.game_text(*g),
            Value::Stopper(s) => {
                let plain = Printer::new(&mut self.arena).stopper(s);
                restyle(&plain, self.style)
            }
            Value::Sided(s) => {
                let plain = Printer::new(&mut self.arena).sides(s);
                restyle(&plain, self.style)
            }
            Value::Form(f) => match &**f {
                Form::Node { .. } => restyle(&format!("'{}'", self.show_form(f)), self.style),
                // Compounds print as their value.
                other => {
                    let g = other.canonical(&mut self.arena);
                    self.game_text(g)
                }
            },
            Value::Sum(_) if is_loopy(v) => match self.to_sides(v, Span::default()) {
                Ok(g) => self.show_inner(&sided_value(g)),
                Err(e) => format!("error: {}", e.message),
            },
            Value::Sum(_) => match self.to_game(v, Span::default()) {
                Ok(g) => self.game_text(g),
                Err(e) => format!("error: {}", e.message),
            },
            Value::Rational(r) => restyle(&r.to_string(), self.style),
            Value::Bool(b) => b.to_string(),
            Value::Outcome(o) => o.to_string(),
            Value::Comparison(c) => c.to_string(),
            Value::Thermograph(t) => restyle(&t.to_string(), self.style),
            Value::Trajectory(t) => restyle(&t.to_string(), self.style),
            Value::Player(Player::Left) => "Left".into(),
            Value::Player(Player::Right) => "Right".into(),
            Value::Str(s) if self.style == Style::Latex => restyle(&quoted(s), self.style),
            Value::Str(s) => quoted(s),
            Value::Position(p) => restyle(&p.text(), self.style),
            // Text is not game notation: in LaTeX it is set as text.
            Value::Text(s) if self.style == Style::Latex => format!("\\mbox{{{}}}", latex_text(s)),
            Value::Text(s) => s.to_string(),
            Value::Function(f) => f.signature(),
            Value::Host(f) => format!("{}(...)", f.name),
            Value::Builtin(b) => (self.signature)(*b).to_string(),
            Value::Ruleset(r) => format!("{}(position)", r.name),
            Value::Module(m) => format!("module {} (\"{}\")", m.name, m.path),
            Value::Nil => "nil".into(),
            Value::List(items) => {
                let parts: Vec<String> = items.iter().map(|x| self.show(x)).collect();
                format!("[{}]", parts.join(","))
            }
            Value::Table(rows) => self.show_table(rows),
            Value::Map(m) if m.is_empty() => "{=>}".into(),
            Value::Map(m) => {
                let arrow = if self.style == Style::Latex {
                    " \\mapsto "
                } else {
                    " => "
                };
                let parts: Vec<String> = m
                    .iter()
                    .map(|(k, v)| format!("{}{arrow}{}", self.show(&k.0), self.show(v)))
                    .collect();
                format!("{{{}}}", parts.join(", "))
            }
            Value::Set(items) => {
                let mut games: Vec<GameId> = Vec::new();
                let mut others: Vec<String> = Vec::new();
                for x in items.iter() {
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
                        // Tables are text: headers as text, values in math.
                        Value::Str(s) if latex => latex_text(s),
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

    /// The value of `a op b` for evaluated operands (every binary operator
    /// but `and`, `or` and `..`).
    pub fn binary(
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
        // Stoppers add at once; positions that repeat add as positions (a
        // sum of terms, valued when asked), and compare by their values.
        let stopper = matches!(va, Value::Stopper(_) | Value::Sided(_))
            || matches!(vb, Value::Stopper(_) | Value::Sided(_))
            || matches!(op, BinOp::Sided | BinOp::Upsum | BinOp::Downsum);
        let adds = matches!(op, BinOp::Add | BinOp::Sub);
        if op == BinOp::Mul && (is_loopy(&va) || is_loopy(&vb)) {
            return self.multiply(va, sa, vb, sb);
        }
        if stopper || (!adds && (is_loopy(&va) || is_loopy(&vb))) {
            return self.loopy_binary(op, &va, sa, &vb, sb);
        }
        if matches!(op, BinOp::Eq | BinOp::Ne) {
            let same = self.equal(&va, &vb, sa)?;
            return Ok(Value::Bool(same == (op == BinOp::Eq)));
        }
        if matches!(va, Value::Rational(_)) || matches!(vb, Value::Rational(_)) {
            return self.rational_binary(op, &va, sa, &vb, sb);
        }
        match op {
            BinOp::Add => return self.add(va, sa, vb, sb, false),
            BinOp::Sub => return self.add(va, sa, vb, sb, true),
            BinOp::Mul => return self.multiply(va, sa, vb, sb),
            BinOp::Divide => return self.divide(&va, sa, &vb, sb),
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
        let lists = |v: &Value| matches!(v, Value::List(_) | Value::Set(_));
        let strings = matches!((&va, &vb), (Value::Str(_), Value::Str(_)));
        if strings || (lists(&va) && lists(&vb)) {
            let Some(holds) = order_holds(op) else {
                return Err(Error::spanned(
                    sa,
                    if strings {
                        "strings compare with == != < <= > >= only"
                    } else {
                        "lists compare with == != < <= > >= only (element by element, in the order sort uses)"
                    },
                ));
            };
            // Strings alphabetically, lists element by element in the
            // universal order.
            let c = match (&va, &vb) {
                (Value::Str(x), Value::Str(y)) => x.cmp(y),
                _ => self.universal_cmp(&va, &vb, sa)?,
            };
            return Ok(Value::Bool(holds(c)));
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
            other => {
                return Err(
                    Error::spanned(sa, format!("`{other:?}` is not an operator on values"))
                        .with_kind(ErrorKind::Internal),
                )
            }
        })
    }

    /// The ordinal sum `G : H` of the base `G` (a form: the sum depends on
    /// it, or a stopper: its canonical graph, as CGSuite takes it) and the
    /// game `H`, a stopper on top included (`1 : off` is `over`).
    pub fn ordinal_sum(
        &mut self,
        base: &Value,
        base_span: Span,
        h: &Value,
        span: Span,
    ) -> Result<Value, Error> {
        if !is_loopy(base) && !is_loopy(h) {
            let form = self.to_form(base, base_span)?;
            let h = self.to_game(h, span)?;
            return Ok(Value::Game(cgt_core::form::ordinal_sum(
                &mut self.arena,
                &form,
                h,
            )));
        }
        let h = self.to_loopy(h, span)?;
        let (l, r) = self.base_options(base, base_span)?;
        let sum = cgt_core::loopy::ordinal::ordinal_sum(&mut self.arena, &l, &r, &h)
            .expect("an ordinal sum of stoppers is a stopper");
        Ok(loopy_value(sum))
    }

    /// The options of an ordinal sum's base (or a subordinate's): a form's
    /// options as written, a stopper's canonical ones.
    pub fn base_options(
        &mut self,
        base: &Value,
        span: Span,
    ) -> Result<(Vec<Loopy>, Vec<Loopy>), Error> {
        if is_loopy(base) {
            let b = self.to_loopy(base, span)?;
            return Ok((
                b.options(&mut self.arena, true),
                b.options(&mut self.arena, false),
            ));
        }
        let form = self.to_form(base, span)?;
        Ok(form_options(&mut self.arena, &form))
    }

    /// The value of a game as a stopper (short games included); a sided
    /// value is an error here.
    pub fn to_loopy(&mut self, v: &Value, span: Span) -> Result<Loopy, Error> {
        let sides = self.to_sides(v, span)?;
        match sides.as_stopper() {
            Some(x) => Ok(x.clone()),
            None => Err(Error::spanned(
                span,
                format!(
                    "a sided value ({}) where a stopper is needed",
                    self.show(&sided_value(sides.clone()))
                ),
            )),
        }
    }

    /// The value of a game as a sided value (stoppers and short games
    /// included, as their own two sides).
    pub fn to_sides(&mut self, v: &Value, span: Span) -> Result<Sides, Error> {
        match v {
            Value::Stopper(s) => Ok(Sides::stopper(Loopy::Stopper(s.clone()))),
            Value::Sided(s) => Ok((**s).clone()),
            Value::Position(p) if p.repeats() => p
                .loopy_value(&mut self.arena, &mut self.memos)
                .map_err(|_| not_stopper_sided(span)),
            Value::Sum(sum) if is_loopy(v) => {
                let mut acc = Sides::stopper(Loopy::Short(self.arena.zero()));
                for (neg, t) in &sum.terms {
                    let x = deep(|| self.to_sides(t, span))?;
                    let x = if *neg { x.neg(&mut self.arena) } else { x };
                    acc = Sides::add(&mut self.arena, &acc, &x)
                        .map_err(|_| not_stopper_sided(span))?;
                }
                Ok(acc)
            }
            other => Ok(Sides::stopper(Loopy::Short(self.to_game(other, span)?))),
        }
    }

    /// `a op b` where a loopy game takes part: sums, differences and
    /// comparisons of stoppers.
    fn loopy_binary(
        &mut self,
        op: BinOp,
        va: &Value,
        sa: Span,
        vb: &Value,
        sb: Span,
    ) -> Result<Value, Error> {
        let game = |v: &Value| v.is_game_like() || is_loopy(v);
        if matches!(op, BinOp::Eq | BinOp::Ne) && !(game(va) && game(vb)) {
            return Ok(Value::Bool(op == BinOp::Ne));
        }
        let a = self.to_sides(va, sa)?;
        let b = self.to_sides(vb, sb)?;
        let ar = &mut self.arena;
        let ge = |ar: &mut Arena, x: &Sides, y: &Sides| Sides::le(ar, y, x);
        Ok(Value::Bool(match op {
            BinOp::Add | BinOp::Sub | BinOp::AddSwitch => {
                let b = match op {
                    BinOp::Add => b,
                    BinOp::Sub => b.neg(ar),
                    _ => {
                        let nb = b.neg(ar);
                        Sides::braces(ar, &[b], &[nb], false, false)
                            .map_err(|_| not_stopper_sided(sb))?
                    }
                };
                return Sides::add(ar, &a, &b)
                    .map(sided_value)
                    .map_err(|_| not_stopper_sided(sa));
            }
            BinOp::Upsum | BinOp::Downsum => {
                let (Some(x), Some(y)) = (a.as_stopper(), b.as_stopper()) else {
                    let span = if a.as_stopper().is_none() { sa } else { sb };
                    return Err(Error::spanned(span, "upsum and downsum take stoppers"));
                };
                let sum = if op == BinOp::Upsum {
                    cgt_core::loopy::variety::upsum(ar, x, y)
                } else {
                    cgt_core::loopy::variety::downsum(ar, x, y)
                };
                return sum.map(loopy_value).map_err(|_| not_stopper_sided(sa));
            }
            BinOp::Sided => {
                let (Some(on), Some(off)) = (a.as_stopper(), b.as_stopper()) else {
                    let span = if a.as_stopper().is_none() { sa } else { sb };
                    return Err(Error::spanned(span, "each side of `&` must be a stopper"));
                };
                return Sides::new(ar, on.clone(), off.clone())
                    .map(sided_value)
                    .map_err(|_| {
                        Error::spanned(sb, "the offside (right of `&`) must be at most the onside")
                    });
            }
            BinOp::Eq => a == b,
            BinOp::Ne => a != b,
            BinOp::Le => ge(ar, &b, &a),
            BinOp::Ge => ge(ar, &a, &b),
            BinOp::Lt => ge(ar, &b, &a) && !ge(ar, &a, &b),
            BinOp::Gt => ge(ar, &a, &b) && !ge(ar, &b, &a),
            BinOp::Confused => !ge(ar, &a, &b) && !ge(ar, &b, &a),
            BinOp::LessOrConfused => !ge(ar, &a, &b),
            BinOp::GreaterOrConfused => !ge(ar, &b, &a),
            other => {
                return Err(Error::spanned(
                    sa,
                    format!("`{other:?}` does not apply to loopy games"),
                ))
            }
        }))
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
            BinOp::Divide if y != 0 && x.checked_rem(y) == Some(0) => x.checked_div(y)?,
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

    /// The exact rational a value stands for: a rational, or a game that
    /// is a number. `None` for anything else.
    pub fn rational(&mut self, v: &Value, span: Span) -> Result<Option<Rational>, Error> {
        match v {
            Value::Rational(r) => Ok(Some((**r).clone())),
            v if v.is_game_like() => {
                let g = self.to_game(v, span)?;
                Ok(self.arena.as_number(g).map(Dyadic::to_rational))
            }
            _ => Ok(None),
        }
    }

    /// A rational as a value: a game if it is dyadic (a number), else a
    /// rational.
    pub fn rational_value(&mut self, r: Rational) -> Value {
        let (n, d) = (r.numer().clone(), r.denom().clone());
        match Dyadic::from_fraction(n, d) {
            Ok(x) => Value::Game(self.arena.number(x)),
            Err(_) => Value::Rational(Arc::new(r)),
        }
    }

    /// `a op b` where one side is a rational that is not dyadic: ordinary
    /// arithmetic and order of numbers; anything else is an error that
    /// says a rational is not a game.
    fn rational_binary(
        &mut self,
        op: BinOp,
        va: &Value,
        sa: Span,
        vb: &Value,
        sb: Span,
    ) -> Result<Value, Error> {
        let x = self.rational(va, sa)?;
        let y = self.rational(vb, sb)?;
        let (Some(x), Some(y)) = (x, y) else {
            let (v, s) = if matches!(va, Value::Rational(_)) {
                (vb, sb)
            } else {
                (va, sa)
            };
            return Err(Error::spanned(
                s,
                format!(
                    "a rational number that is not dyadic ({}) is not a game: it combines with numbers only, not with a {}",
                    self.show(if matches!(va, Value::Rational(_)) { va } else { vb }),
                    if v.is_game_like() { "game that is not a number" } else { v.type_name() }
                ),
            ));
        };
        Ok(match op {
            BinOp::Add => self.rational_value(x + y),
            BinOp::Sub => self.rational_value(x - y),
            BinOp::Mul => self.rational_value(x * y),
            BinOp::Divide => {
                if y.is_zero() {
                    return Err(Error::spanned(sb, "division by zero"));
                }
                self.rational_value(x / y)
            }
            BinOp::Le => Value::Bool(x <= y),
            BinOp::Ge => Value::Bool(x >= y),
            BinOp::Lt => Value::Bool(x < y),
            BinOp::Gt => Value::Bool(x > y),
            BinOp::Confused | BinOp::LessOrConfused | BinOp::GreaterOrConfused => {
                // Numbers are never confused with each other.
                Value::Bool(match op {
                    BinOp::LessOrConfused => x < y,
                    BinOp::GreaterOrConfused => x > y,
                    _ => false,
                })
            }
            _ => {
                return Err(Error::spanned(
                    sa,
                    "div, mod and the game operators take integers or games, not rational numbers",
                ))
            }
        })
    }

    /// `a / b`: exact division of numbers (a dyadic quotient is a number,
    /// any other a rational).
    fn divide(&mut self, va: &Value, sa: Span, vb: &Value, sb: Span) -> Result<Value, Error> {
        let not_number = |s: &mut World, v: &Value, span: Span| -> Error {
            let what = if v.is_game_like() {
                format!("{}, a game that is not a number", s.show(v))
            } else {
                format!("a {}", v.type_name())
            };
            Error::spanned(span, format!("`/` divides numbers, not {what}"))
        };
        let Some(x) = self.rational(va, sa)? else {
            return Err(not_number(self, va, sa));
        };
        let Some(y) = self.rational(vb, sb)? else {
            return Err(not_number(self, vb, sb));
        };
        if y.is_zero() {
            return Err(Error::spanned(sb, "division by zero"));
        }
        Ok(self.rational_value(x / y))
    }

    /// `a == b`: games (forms, sums, positions) by value, strings and lists
    /// by content, other values as printed. An outcome class or a player
    /// compared with a string is an error (the string never equals it).
    pub fn equal(&mut self, a: &Value, b: &Value, span: Span) -> Result<bool, Error> {
        if a.is_game_like() && b.is_game_like() {
            let (g, h) = (self.to_game(a, span)?, self.to_game(b, span)?);
            return Ok(g == h);
        }
        match (a, b) {
            (Value::List(x), Value::List(y)) | (Value::Set(x), Value::Set(y)) => {
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
            (Value::Str(x), Value::Str(y)) => Ok(crate::value::Str::ptr_eq(x, y) || x == y),
            // The same keys (as a map finds them), with equal values.
            (Value::Map(x), Value::Map(y)) => {
                if x.len() != y.len() {
                    return Ok(false);
                }
                for (k, v) in x.iter() {
                    match y.get(k) {
                        Some(w) if self.equal(v, w, span)? => {}
                        _ => return Ok(false),
                    }
                }
                Ok(true)
            }
            (Value::Bool(x), Value::Bool(y)) => Ok(x == y),
            (Value::Outcome(x), Value::Outcome(y)) => Ok(x == y),
            (Value::Player(x), Value::Player(y)) => Ok(x == y),
            (Value::Rational(_), _) | (_, Value::Rational(_)) => {
                let x = self.rational(a, span)?;
                let y = self.rational(b, span)?;
                Ok(x.is_some() && x == y)
            }
            (Value::Outcome(o), Value::Str(s)) | (Value::Str(s), Value::Outcome(o)) => {
                Err(Error::spanned(
                    span,
                    format!("an outcome class is compared with the string \"{s}\": write {o} (the outcome class itself), not \"{o}\""),
                ))
            }
            (Value::Player(p), Value::Str(s)) | (Value::Str(s), Value::Player(p)) => {
                let name = if *p == Player::Left { "Left" } else { "Right" };
                Err(Error::spanned(
                    span,
                    format!("a player is compared with the string \"{s}\": write {name}, not \"{name}\""),
                ))
            }
            (
                Value::Function(_)
                | Value::Builtin(_)
                | Value::Host(_)
                | Value::Ruleset(_)
                | Value::Module(_),
                _,
            ) => {
                Ok(crate::value::same(a, b))
            }
            _ => Ok(self.show(a) == self.show(b)),
        }
    }

    /// `a + b` (or `a - b`): numbers add at once; other games make a sum
    /// that keeps its terms; strings and lists concatenate.
    fn add(
        &mut self,
        mut va: Value,
        sa: Span,
        mut vb: Value,
        sb: Span,
        subtract: bool,
    ) -> Result<Value, Error> {
        match (va, vb) {
            (Value::Str(x), Value::Str(y)) if !subtract => {
                let n = x.len() + y.len();
                crate::error::room_for(n, sb)?;
                let joined = Str::init_with(n, |buf| {
                    buf[..x.len()].copy_from_slice(x.as_bytes());
                    buf[x.len()..].copy_from_slice(y.as_bytes());
                })
                .expect("two strings joined are a string");
                return Ok(Value::Str(joined));
            }
            (Value::List(x), Value::List(y)) if !subtract => {
                crate::error::room_for((x.len() + y.len()) * std::mem::size_of::<Value>(), sb)?;
                // The left list extended in place when nothing else holds it
                // (the usual `moves(a) + moves(b)` of a move function).
                let mut v = Arc::try_unwrap(x).unwrap_or_else(|shared| (*shared).clone());
                match Arc::try_unwrap(y) {
                    Ok(items) => v.extend(items),
                    Err(shared) => v.extend(shared.iter().cloned()),
                }
                return Ok(Value::list(v));
            }
            (a, b) => {
                va = a;
                vb = b;
            }
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
            return Ok(sum_value(vec![(false, va), (subtract, vb)], Some(g)));
        }
        let value = match (known_value(&va), known_value(&vb)) {
            (Some(a), Some(b)) => {
                let b = if subtract { self.arena.neg(b) } else { b };
                Some(self.arena.try_add(a, b)?)
            }
            _ => None,
        };
        Ok(sum_value(vec![(false, va), (subtract, vb)], value))
    }

    /// `a + b` for evaluated values (see `+`).
    pub fn add_values(&mut self, a: Value, b: Value, span: Span) -> Result<Value, Error> {
        if matches!(a, Value::Rational(_)) || matches!(b, Value::Rational(_)) {
            return self.rational_binary(BinOp::Add, &a, span, &b, span);
        }
        self.add(a, span, b, span, false)
    }

    /// `-v`: a canonical game is negated; a form, sum or position keeps its
    /// shape; a rational is negated.
    pub fn negate(&mut self, v: Value, span: Span) -> Result<Value, Error> {
        match v {
            Value::Game(g) => Ok(Value::Game(self.arena.neg(g))),
            Value::Stopper(s) => Ok(loopy_value(Loopy::Stopper(s).neg(&mut self.arena))),
            Value::Sided(s) => Ok(sided_value(s.neg(&mut self.arena))),
            Value::Form(f) => Ok(Value::Form(Arc::new(Form::Neg(f)))),
            Value::Rational(r) => Ok(Value::Rational(Arc::new(-(*r).clone()))),
            v @ (Value::Sum(_) | Value::Position(_)) => {
                let value = known_value(&v).map(|g| self.arena.neg(g));
                Ok(sum_value(vec![(true, v)], value))
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
        let number = |s: &mut World, v: &Value, sp: Span| -> Result<Option<Dyadic>, Error> {
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
            return crate::seq::repeat(seq, &n, ns);
        }
        if is_loopy(&va) || is_loopy(&vb) {
            let ((g, gs), (n, ns)) = if is_loopy(&vb) {
                ((&vb, sb), (&va, sa))
            } else {
                ((&va, sa), (&vb, sb))
            };
            let n = self.to_integer(n, ns)?;
            let g = self.to_sides(g, gs)?;
            return self.loopy_multiple(&n, g, gs);
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

    /// `n * G` for a loopy `G`: the sum of `n` copies (of `-G` for a
    /// negative `n`), by doubling.
    fn loopy_multiple(&mut self, n: &BigInt, g: Sides, span: Span) -> Result<Value, Error> {
        let ar = &mut self.arena;
        let mut base = if n.is_negative() { g.neg(ar) } else { g };
        let mut k = n.magnitude().clone();
        let mut acc = Sides::stopper(Loopy::Short(ar.zero()));
        let fail = |_| not_stopper_sided(span);
        while !k.is_zero() {
            cgt_core::interrupt::check();
            if k.bit(0) {
                acc = Sides::add(ar, &acc, &base).map_err(fail)?;
            }
            k >>= 1;
            if !k.is_zero() {
                base = Sides::add(ar, &base, &base).map_err(fail)?;
            }
        }
        Ok(sided_value(acc))
    }

    /// The game of a number-up-star literal (`nim` already evaluated).
    pub fn literal(
        &mut self,
        number: &Dyadic,
        ups: Option<&Ups>,
        nim: u64,
    ) -> Result<Value, Error> {
        if ups.is_none() && nim == 0 && number.exponent() == 0 {
            if let Some(n) = number.small_numerator() {
                return Ok(Value::Game(self.arena.integer(n)));
            }
        }
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

    /// The canonical game of a value (forms are canonicalised, positions
    /// evaluated, sums added up).
    pub fn to_game(&mut self, v: &Value, span: Span) -> Result<GameId, Error> {
        match v {
            Value::Game(g) => Ok(*g),
            Value::Form(f) => Ok(f.canonical(&mut self.arena)),
            Value::Position(p) if p.repeats() => match self.to_loopy(v, span)? {
                Loopy::Short(g) => Ok(g),
                Loopy::Stopper(_) => Err(loopy_where_short(span)),
            },
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
            Value::Stopper(_) => Err(loopy_where_short(span)),
            Value::Rational(r) => Err(Error::spanned(
                span,
                format!(
                    "{r} is a rational number but not a dyadic one (its denominator is not a power of 2), so it is not a game"
                ),
            )),
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
            other => {
                self.to_game(other, span)?;
                Err(Error::spanned(
                    span,
                    format!("expected a game, found a {}", other.type_name()),
                ))
            }
        }
    }

    /// The misère canonical form of an impartial value, played as given.
    pub fn misere_id(&mut self, v: &Value, span: Span) -> Result<MisereId, Error> {
        let f = self.to_play_form(v, span)?;
        self.misere.of_form(&mut self.arena, &f).map_err(|_| {
            Error::spanned(
                span,
                "not an impartial game: misère canonical forms are of impartial games",
            )
        })
    }

    /// The outcome class of a value. A position that does not split, or
    /// splits around exactly one part its rules call too dear to value, is
    /// searched on its rules (see `cgt_core::ruleset::searched_whole`); a
    /// sum, or another position that splits, is searched on the values of
    /// its parts, without the canonical form of the whole.
    pub fn outcome_of(&mut self, v: &Value, span: Span) -> Result<Outcome, Error> {
        if is_loopy(v) {
            let g = self.to_loopy(v, span)?;
            let zero = Loopy::Short(self.arena.zero());
            let (ge, le) = (
                Loopy::ge(&mut self.arena, &g, &zero),
                Loopy::ge(&mut self.arena, &zero, &g),
            );
            return Ok(match (ge, le) {
                (true, true) => Outcome::P,
                (true, false) => Outcome::L,
                (false, true) => Outcome::R,
                (false, false) => Outcome::N,
            });
        }
        if let Some(g) = known_value(v) {
            return Ok(self.arena.outcome(g));
        }
        // The outcome search on its rules, valuing only what they say is
        // cheap.
        if let Value::Position(p) = v {
            if p.searched_whole() {
                return Ok(p.outcome(&mut self.arena, &mut self.memos));
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
        let mut push = |s: &mut World, g: GameId| {
            out.push(if negated { s.arena.neg(g) } else { g });
        };
        match v {
            Value::Position(p) if !p.repeats() => {
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
        if let Value::Rational(r) = v {
            return Err(Error::spanned(
                span,
                format!("expected an integer, found the rational number {r}"),
            ));
        }
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
    pub fn integer(&mut self, n: &BigInt) -> GameId {
        match n.to_i64() {
            Some(k) => self.arena.integer(k),
            None => self.arena.number(Dyadic::from_bigint(n.clone())),
        }
    }

    /// An integer value as an `i64` (indices and counts).
    #[inline]
    pub fn to_i64(&mut self, v: &Value, span: Span) -> Result<i64, Error> {
        if let Value::Game(g) = v {
            if let Some(n) = self.arena.as_i64(*g) {
                return Ok(n);
            }
        }
        self.other_i64(v, span)
    }

    fn other_i64(&mut self, v: &Value, span: Span) -> Result<i64, Error> {
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

    /// A set of values: duplicates (equal values, games by value) removed,
    /// in one order whatever the order given (games in CGSuite's order, then
    /// other values by their printed text), so equal sets compare equal.
    pub fn set_of(&mut self, items: Vec<Value>, span: Span) -> Result<Value, Error> {
        let mut games: Vec<GameId> = Vec::new();
        let mut seen: hashbrown::HashSet<GameId> = hashbrown::HashSet::new();
        let mut others: Vec<(String, Value)> = Vec::new();
        for x in items {
            if x.is_game_like() {
                let g = self.to_game(&x, span)?;
                if seen.insert(g) {
                    games.push(g);
                }
                continue;
            }
            let text = self.show(&x);
            let mut duplicate = false;
            for (t, y) in &others {
                if *t == text && self.equal(y, &x, span)? {
                    duplicate = true;
                    break;
                }
            }
            if !duplicate {
                others.push((text, x));
            }
        }
        let games = Printer::new(&mut self.arena).sorted(games);
        others.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out: Vec<Value> = games.into_iter().map(Value::Game).collect();
        out.extend(others.into_iter().map(|(_, v)| v));
        Ok(Value::Set(Arc::new(out)))
    }

    /// A number's sign as -1, 0 or 1, for numbers and rationals.
    pub fn sign(&mut self, v: &Value, span: Span) -> Result<Option<i8>, Error> {
        Ok(self.rational(v, span)?.map(|r| {
            if r.is_positive() {
                1
            } else if r.is_negative() {
                -1
            } else {
                0
            }
        }))
    }
}

/// A sum that keeps its terms.
/// A loopy game's value as a language value (short games as games).
pub fn loopy_value(g: Loopy) -> Value {
    match g {
        Loopy::Short(s) => Value::Game(s),
        Loopy::Stopper(s) => Value::Stopper(s),
    }
}

/// A sided value as a language value: a stopper as a stopper.
pub fn sided_value(s: Sides) -> Value {
    match s.as_stopper() {
        Some(x) => loopy_value(x.clone()),
        None => Value::Sided(Arc::new(s)),
    }
}

/// A form's options, each canonical, as stoppers.
pub fn form_options(arena: &mut Arena, f: &Form) -> (Vec<Loopy>, Vec<Loopy>) {
    let mut side = |left| {
        f.options(arena, left)
            .iter()
            .map(|o| Loopy::Short(o.canonical(arena)))
            .collect::<Vec<_>>()
    };
    (side(true), side(false))
}

/// Whether a value is loopy as it stands: a stopper, a position of rules
/// whose positions repeat (its value is found as a loopy game), or a sum
/// with such a term.
pub fn is_loopy(v: &Value) -> bool {
    match v {
        Value::Stopper(_) | Value::Sided(_) => true,
        Value::Position(p) => p.repeats(),
        Value::Sum(s) => s.terms.iter().any(|(_, t)| is_loopy(t)),
        _ => false,
    }
}

/// The error for a loopy game given where only short games go.
fn loopy_where_short(span: Span) -> Error {
    Error::spanned(
        span,
        "a loopy game (its positions repeat) where a short game is needed",
    )
}

/// The error for a result that is not a stopper.
pub fn not_stopper(span: Span) -> Error {
    Error::spanned(
        span,
        "not a stopper: play can alternate for ever, so the value is a sided value, which cgt does not compute yet",
    )
}

/// The error for a game whose sides are not found to be stoppers.
pub fn not_stopper_sided(span: Span) -> Error {
    Error::spanned(
        span,
        "no stopper found for a side of this game: its sides may not be stoppers (as in Bach's carousel), and cgt computes only values whose sides are",
    )
}

fn sum_value(terms: Vec<(bool, Value)>, value: Option<GameId>) -> Value {
    Value::Sum(Arc::new(Sum { terms, value }))
}

/// The canonical value of a game-like value when it needs no computation.
pub fn known_value(v: &Value) -> Option<GameId> {
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
pub fn quoted(s: &str) -> String {
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

/// What an order operator asks of an ordering (none for the others).
fn order_holds(op: BinOp) -> Option<fn(std::cmp::Ordering) -> bool> {
    use std::cmp::Ordering::*;
    Some(match op {
        BinOp::Lt => |c| c == Less,
        BinOp::Le => |c| c != Greater,
        BinOp::Gt => |c| c == Greater,
        BinOp::Ge => |c| c != Less,
        _ => return None,
    })
}
