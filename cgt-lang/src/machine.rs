//! Phase four: the machine that runs code. It holds the world of games, the
//! session's table of globals, and one stack of locals on which each call
//! lays its frame (the arguments, evaluated in place, become its first
//! slots). Functions that can call themselves are memoised by their
//! arguments.

use crate::code::{
    ArgCode, BuiltinId, Callee, ClauseCode, Code, Constant, GlobalId, LoopyNode, LoopyOption, Op,
    OverCode, StarCode,
};
use crate::context::Context;
use crate::error::{Error, ErrorKind, Span};
use crate::library::{self, Args};
use crate::resolve::Slots;
use crate::seq::RANGE_LIMIT;
use crate::syntax::ast::{BinOp, LoopyShape, UnOp};
use crate::value::{Function, Module, Player, Ruleset, Value};
use crate::world::World;
use cgt_core::form::{Form, SequentialRule};
use cgt_core::game::{deep, GameId};
use cgt_core::loopy::sided::side_stopper;
use cgt_core::loopy::{upon, Graph, Loopy, Named, Pseudonumber, Side, Sides};
use cgt_core::number::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use smallvec::SmallVec;
use std::collections::HashMap;
use std::sync::{Arc, Weak};

/// Keep a weak reference to `x` in `list`, dropping the dead ones when the
/// list is full (functions and rulesets made in a loop come and go).
fn track<T>(list: &mut Vec<Weak<T>>, x: &Arc<T>) {
    if list.len() == list.capacity() && list.len() >= 64 {
        list.retain(|w| w.strong_count() > 0);
    }
    list.push(Arc::downgrade(x));
}

/// `t[i]`: the value of key `i` in a map, else element `i` of a list or
/// string.
fn element(
    world: &mut World,
    t: &Value,
    i: Value,
    tspan: Span,
    ispan: Span,
) -> Result<Value, Error> {
    if let Value::Map(m) = t {
        return library::maps::lookup(world, m, i, ispan);
    }
    let i = world.to_i64(&i, ispan)?;
    crate::seq::index(t, i, tspan, ispan)
}

/// How deep calls of defined functions may nest.
pub const CALL_DEPTH_LIMIT: usize = 200_000;

/// A global: a slot of the session's table.
#[derive(Debug)]
pub struct Global {
    /// Its value, once defined.
    pub value: Option<Value>,
    /// True if some code that outlives its line reads the slot (a
    /// function's body, a module's exports): a new definition of the name
    /// then makes a new slot instead of overwriting this one.
    pub pinned: bool,
}

/// Where printed text goes at once.
pub type Sink = Box<dyn FnMut(&str) + Send>;

/// Loads a file as a module (the session's procedure, which this module
/// does not see).
pub type LoadFn = fn(&mut Machine, &str, Span) -> Result<Value, Error>;

/// The modules a session has loaded, and those being loaded now.
#[derive(Default, Debug)]
pub struct Modules {
    /// Each file (canonical path) with its contents' hash and its module.
    pub loaded: hashbrown::HashMap<std::path::PathBuf, (u64, Arc<Module>)>,
    /// The files being loaded, outermost first (for relative paths and cycles).
    pub loading: Vec<std::path::PathBuf>,
    /// The same files as a set: a cycle is found in one lookup, not a walk
    /// of the chain (10,000 imports deep took 2.7 s in that walk).
    pub loading_set: hashbrown::HashSet<std::path::PathBuf>,
    /// Where relative paths of the top level start (the script's
    /// directory; the current directory if none).
    pub base: Option<std::path::PathBuf>,
}

/// How a computation leaves the code it runs, behind one pointer: a
/// result (a value, or this) is then two words and returns in registers.
/// Leaving is rare; each way out costs an allocation.
struct Unwind(Box<Leave>);

/// The ways out of running code.
enum Leave {
    /// An error.
    Error(Error),
    /// `return` with the function's value.
    Return(Value),
    /// `break`.
    Break,
    /// `continue`.
    Continue,
}

impl From<Error> for Unwind {
    #[cold]
    fn from(e: Error) -> Self {
        Unwind(Box::new(Leave::Error(e)))
    }
}

impl Unwind {
    #[cold]
    fn leave(l: Leave) -> Self {
        Unwind(Box::new(l))
    }

    fn is_break(&self) -> bool {
        matches!(*self.0, Leave::Break)
    }

    fn is_continue(&self) -> bool {
        matches!(*self.0, Leave::Continue)
    }
}

type Flow<T = Value> = Result<T, Unwind>;

/// Evaluation checks the native stack every this many levels of nesting
/// (each level's frame is small: 16 of them stay far inside the red zone
/// `deep` keeps free).
const STACK_CHECK: u32 = 16;

/// What a `for` runs over.
enum Iteration {
    /// Integers from, to (if bounded), by, when all fit an `i64`.
    Small(i64, Option<i64>, i64),
    /// Integers from, to (if bounded), by.
    Count(BigInt, Option<BigInt>, BigInt),
    Items(Arc<Vec<Value>>),
    Chars(crate::value::Str),
}

/// The machine: world, globals, stack of locals.
pub struct Machine {
    /// The games and data.
    pub world: World,
    /// The table of globals (slots made by the resolver).
    pub globals: Vec<Global>,
    /// Locals of the running frames, innermost last.
    stack: Vec<Value>,
    /// Where the running frame starts in `stack`.
    base: usize,
    /// How deep calls of defined functions nest now.
    depth: usize,
    /// The running nested function (whose captured values and own name
    /// its code reads), if one is.
    current: Option<Arc<Function>>,
    /// How deep evaluation nests now: the native stack is checked (and
    /// grown) every [`STACK_CHECK`] levels, not at each.
    nesting: u32,
    /// The variable an assignment is about to set (names a ruleset made
    /// on its right-hand side outside any call).
    pub naming: Option<String>,
    /// The defined function running, with where its arguments lie on the
    /// stack: a ruleset made in its body is named by the call
    /// (`crumble(2)`), so that its positions print as they read back.
    call: Option<(Arc<Function>, usize, usize)>,
    /// Text printed and not yet taken (when there is no sink).
    output: String,
    /// Where printed text goes at once, if set.
    sink: Option<Sink>,
    /// Every function and ruleset made, so their memos can be dropped
    /// together (after a stop).
    pub functions: Vec<Weak<Function>>,
    /// (See `functions`.)
    pub rulesets: Vec<Weak<Ruleset>>,
    /// Modules loaded.
    pub modules: Modules,
    /// How `load` and `import` load a file.
    pub load_fn: LoadFn,
    /// Notes for the user (a definition replacing another, ...).
    pub notes: Vec<String>,
    /// While a line runs: each global written, with its value before, so a
    /// stopped line can be undone (its games are dropped).
    pub undo: Option<Vec<(GlobalId, Option<Value>)>>,
    /// The globals `undo` holds already: only a global's first write in a
    /// line is logged (a loop rebinding one name a million times must not
    /// grow the log, nor make undoing it slow).
    pub undo_logged: std::collections::HashSet<GlobalId>,
}

fn no_loader(_: &mut Machine, _: &str, span: Span) -> Result<Value, Error> {
    Err(Error::spanned(span, "files cannot be loaded here"))
}

impl Default for Machine {
    fn default() -> Self {
        Self::new()
    }
}

impl Slots for Machine {
    fn new_slot(&mut self, _name: &str) -> GlobalId {
        let id = self.globals.len() as GlobalId;
        self.globals.push(Global {
            value: None,
            pinned: false,
        });
        id
    }
}

impl Machine {
    /// A machine with an empty world.
    pub fn new() -> Self {
        Machine {
            world: World::new(library::signature),
            globals: Vec::new(),
            stack: Vec::new(),
            base: 0,
            depth: 0,
            current: None,
            nesting: 0,
            naming: None,
            call: None,
            output: String::new(),
            sink: None,
            functions: Vec::new(),
            rulesets: Vec::new(),
            modules: Modules::default(),
            load_fn: no_loader,
            notes: Vec::new(),
            undo: None,
            undo_logged: Default::default(),
        }
    }

    /// Run code of the top level in a frame of `frame` slots whose first
    /// ones hold `locals`.
    pub fn run(&mut self, code: &Code, frame: u32, locals: Vec<Value>) -> Result<Value, Error> {
        let base = self.stack.len();
        let saved = self.base;
        self.stack.extend(locals);
        self.stack
            .resize(base.max(base + frame as usize), Value::Nil);
        self.base = base;
        let r = self.eval(code);
        self.stack.truncate(base);
        self.base = saved;
        match r {
            Ok(v) => Ok(v),
            Err(u) => match *u.0 {
                Leave::Error(e) => Err(e),
                _ => Err(
                    Error::spanned(code.span, "control left a block it cannot leave")
                        .with_kind(ErrorKind::Internal),
                ),
            },
        }
    }

    /// After a stop: no frames, no call depth.
    pub fn reset(&mut self) {
        self.stack.clear();
        self.base = 0;
        self.depth = 0;
        self.current = None;
        self.nesting = 0;
        self.naming = None;
    }

    /// Set a global (logged for undo while a line runs).
    pub fn set_global(&mut self, id: GlobalId, v: Value) {
        let slot = &mut self.globals[id as usize];
        let old = slot.value.replace(v);
        if let Some(undo) = &mut self.undo {
            if self.undo_logged.insert(id) {
                undo.push((id, old));
            }
        }
    }

    /// Where printed text goes at once (else it waits for [`Self::take_output`]).
    pub fn set_sink(&mut self, sink: Option<Sink>) {
        self.sink = sink;
    }

    /// The text printed since the last call.
    pub fn take_output(&mut self) -> String {
        std::mem::take(&mut self.output)
    }

    /// Drop what functions and rulesets remember (after a stop: it may name
    /// dropped games; or a global some function reads was assigned).
    pub fn forget_results(&mut self) {
        self.world.memos.clear();
        self.forget_functions();
    }

    /// Every function forgets its results and every ruleset its graph.
    pub fn forget_functions(&mut self) {
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

    /// Mark recursive or not (whether it can reach itself through the
    /// functions its body uses: memos only pay for those) every function
    /// whose answer the new binding of the slot `id` can change: a cycle
    /// through `id` runs through its new value and, for a cycle it broke,
    /// through its old one (`old`), so only the functions reachable from
    /// either are looked at, not the whole session.
    pub fn mark_recursive_after(&mut self, id: GlobalId, old: Option<Value>) {
        let mut candidates: Vec<Arc<Function>> = Vec::new();
        let mut from = vec![id];
        if let Some(Value::Function(f)) = old {
            from.extend(f.lambda.uses.iter().copied());
            candidates.push(f);
        }
        self.walk_uses(from, |g| {
            candidates.push(g.clone());
            false
        });
        for f in &candidates {
            let mut recursive = false;
            self.walk_uses(f.lambda.uses.clone(), |g| {
                recursive = Arc::ptr_eq(g, f);
                recursive
            });
            f.set_recursive(recursive);
        }
    }

    /// Visit each function held by the slots `from` and by the slots the
    /// functions visited use, once each, until `visit` returns true.
    fn walk_uses(&self, from: Vec<GlobalId>, mut visit: impl FnMut(&Arc<Function>) -> bool) {
        let mut seen: hashbrown::HashSet<GlobalId> = hashbrown::HashSet::new();
        let mut stack = from;
        while let Some(slot) = stack.pop() {
            if !seen.insert(slot) {
                continue;
            }
            if let Some(Some(Value::Function(g))) =
                self.globals.get(slot as usize).map(|g| &g.value)
            {
                if visit(g) {
                    return;
                }
                stack.extend(g.lambda.uses.iter().copied());
            }
        }
    }

    #[inline]
    fn eval(&mut self, c: &Code) -> Flow {
        // Leaves without a call: most of the code a move function runs.
        match &c.op {
            Op::Local(slot) => return Ok(self.stack[self.base + *slot as usize].clone()),
            Op::Int(n) => return Ok(Value::Game(self.world.arena.integer(*n))),
            Op::Str(s) => return Ok(Value::Str(s.clone())),
            _ => {}
        }
        if self.nesting % STACK_CHECK == STACK_CHECK - 1 {
            return self.eval_deep(c);
        }
        self.nesting += 1;
        // The result stays where the callee wrote it (returned as it is,
        // an error's span set in place): moving it costs more than the
        // rest of this function.
        let mut r = self.eval_op(c);
        self.nesting -= 1;
        if let Err(u) = &mut r {
            if let Leave::Error(e) = &mut *u.0 {
                e.place(c.span);
            }
        }
        r
    }

    /// [`Self::eval`] where the native stack is checked (and grown).
    #[cold]
    #[inline(never)]
    fn eval_deep(&mut self, c: &Code) -> Flow {
        self.nesting += 1;
        let mut r = deep(|| self.eval_op(c));
        self.nesting -= 1;
        if let Err(u) = &mut r {
            if let Leave::Error(e) = &mut *u.0 {
                e.place(c.span);
            }
        }
        r
    }

    fn eval_op(&mut self, c: &Code) -> Flow {
        let span = c.span;
        match &c.op {
            Op::Int(n) => Ok(Value::Game(self.world.arena.integer(*n))),
            Op::Literal { number, ups, star } => {
                let nim = match star {
                    None => 0,
                    Some(StarCode::Nim(n)) => *n,
                    Some(StarCode::Expr(e)) => {
                        let v = self.eval(e)?;
                        let g = self.world.to_game(&v, e.span)?;
                        self.world
                            .arena
                            .as_number(g)
                            .and_then(|x| x.to_i64())
                            .and_then(|n| u64::try_from(n).ok())
                            .ok_or_else(|| {
                                Error::spanned(e.span, "a nimber needs a non-negative integer")
                            })?
                    }
                };
                Ok(self.world.literal(number, ups.as_ref(), nim)?)
            }
            Op::Rational(q) => Ok(self.world.rational_value(q.clone())),
            Op::Str(s) => Ok(Value::Str(s.clone())),
            Op::Constant(k) => Ok(constant(*k, &mut self.world.arena)),
            Op::Tiny { number, miny, arg } => {
                let v = self.eval(arg)?;
                if let Value::Stopper(h) = v {
                    // Tiny(G) = {0 || 0 | -G}, Miny(G) = {G | 0 || 0}.
                    let ar = &mut self.world.arena;
                    let (h, zero) = (Loopy::Stopper(h), Loopy::Short(ar.zero()));
                    let made = if *miny {
                        Loopy::braces(ar, &[h], std::slice::from_ref(&zero), false, false)
                            .and_then(|inner| Loopy::braces(ar, &[inner], &[zero], false, false))
                    } else {
                        let nh = h.neg(ar);
                        Loopy::braces(ar, std::slice::from_ref(&zero), &[nh], false, false)
                            .and_then(|inner| Loopy::braces(ar, &[zero], &[inner], false, false))
                    };
                    let x = Loopy::Short(ar.number(number.clone()));
                    let g = made
                        .and_then(|t| Loopy::add(ar, &x, &t))
                        .map_err(|_| crate::world::not_stopper(span))?;
                    return Ok(crate::world::loopy_value(g));
                }
                let h = self.world.to_game(&v, arg.span)?;
                let t = library::games::tiny(&mut self.world.arena, h, *miny);
                let x = self.world.arena.number(number.clone());
                Ok(Value::Game(self.world.arena.add(x, t)))
            }
            Op::Braces { left, right } => {
                let l = self.options(left)?;
                let r = self.options(right)?;
                let short = |v: &[Sides]| -> Option<Vec<GameId>> {
                    v.iter()
                        .map(|o| match o.as_stopper() {
                            Some(Loopy::Short(g)) => Some(*g),
                            _ => None,
                        })
                        .collect()
                };
                if let (Some(sl), Some(sr)) = (short(&l), short(&r)) {
                    return Ok(Value::Game(self.world.arena.construct(sl, sr)));
                }
                let g = Sides::braces(&mut self.world.arena, &l, &r, false, false)
                    .map_err(|_| crate::world::not_stopper_sided(span))?;
                Ok(crate::world::sided_value(g))
            }
            Op::LoopyBraces(nodes) => self.loopy_braces(nodes, span),
            Op::LoopyLiteral { number, shape, nim } => {
                let ar = &mut self.world.arena;
                let g = match *shape {
                    LoopyShape::Over(over) => {
                        Pseudonumber::Number(number.clone(), if over { 1 } else { -1 }).value(ar)
                    }
                    LoopyShape::Upon {
                        down: false,
                        uponth,
                    } => upon(ar, number, *nim, uponth),
                    // x v[on]*k is the negative of (-x)^[on]*k.
                    LoopyShape::Upon { down: true, uponth } => {
                        upon(ar, &-number, *nim, uponth).neg(ar)
                    }
                };
                Ok(crate::world::loopy_value(g))
            }
            Op::Form { .. } => Ok(Value::Form(Arc::new(self.eval_form(c)?))),
            Op::Set(items) => {
                let values = self.all(items)?;
                Ok(self.world.set_of(values, span)?)
            }
            Op::List(items) => Ok(Value::list(self.all(items)?)),
            Op::Comprehension { body, clauses } => {
                let mut out = Vec::new();
                self.comprehend(body, clauses, &mut out)?;
                Ok(Value::list(out))
            }
            Op::Local(slot) => Ok(self.stack[self.base + *slot as usize].clone()),
            Op::Captured(k) => Ok(self.captured(*k, span)?),
            Op::Itself => Ok(Value::Function(self.itself(span)?)),
            Op::Closure { lambda, captures } => {
                let captured = self.all(captures)?;
                let f = Arc::new(Function::closure(lambda.clone(), captured));
                if f.is_recursive() {
                    track(&mut self.functions, &f);
                }
                Ok(Value::Function(f))
            }
            Op::Map(entries) => {
                let mut map = crate::value::Map::with_capacity(entries.len());
                for (k, v) in entries {
                    let key = crate::value::Key::of(self.eval(k)?);
                    map.insert(key, self.eval(v)?);
                }
                Ok(Value::Map(Arc::new(map)))
            }
            Op::Global(id, name) => match &self.globals[*id as usize].value {
                Some(v) => Ok(v.clone()),
                None => Err(Error::spanned(span, format!("unknown variable `{name}`")).into()),
            },
            Op::Builtin(id) => Ok(Value::Builtin(*id)),
            Op::Call { callee, name, args } => self.call(*callee, name, args, span),
            Op::Apply { target, args } => {
                let f = self.eval(target)?;
                self.call_value(&f, "the value called", args, span, None)
            }
            Op::Method {
                target,
                name,
                function,
                args,
            } => self.method(target, name, *function, args.as_deref(), span),
            Op::Index { target, index } => {
                if let Op::Local(slot) = target.op {
                    let i = self.eval(index)?;
                    let t = &self.stack[self.base + slot as usize];
                    return Ok(element(&mut self.world, t, i, target.span, index.span)?);
                }
                let t = self.eval(target)?;
                let i = self.eval(index)?;
                Ok(element(&mut self.world, &t, i, target.span, index.span)?)
            }
            Op::Slice { target, from, to } => {
                let t = self.eval(target)?;
                let a = self.bound(from.as_deref())?;
                let b = self.bound(to.as_deref())?;
                Ok(crate::seq::slice(&t, a, b, target.span)?)
            }
            Op::If { arms, otherwise } => {
                for (cond, body) in arms {
                    if self.eval_bool(cond, "the condition of `if`")? {
                        return self.eval(body);
                    }
                }
                match otherwise {
                    Some(body) => self.eval(body),
                    None => Ok(Value::Nil),
                }
            }
            Op::Let { bindings, body } => {
                for (slot, value) in bindings {
                    let v = self.eval(value)?;
                    self.set_local(*slot, v);
                }
                self.eval(body)
            }
            Op::Block(items) => {
                let mut last = Value::Nil;
                for item in items {
                    last = self.eval(item)?;
                }
                Ok(last)
            }
            Op::For {
                slot,
                over,
                filter,
                until,
                body,
            } => self.for_loop(*slot, over, filter.as_deref(), until.as_deref(), body),
            Op::While { cond, body } => {
                loop {
                    cgt_core::interrupt::poll().map_err(Error::from)?;
                    if !self.eval_bool(cond, "the condition of `while`")? {
                        break;
                    }
                    match self.eval(body) {
                        Ok(_) => {}
                        Err(u) if u.is_continue() => {}
                        Err(u) if u.is_break() => break,
                        Err(e) => return Err(e),
                    }
                }
                Ok(Value::Nil)
            }
            Op::Unary(op, arg) => self.unary(*op, arg),
            Op::Binary(op, a, b) => {
                let va = self.eval(a)?;
                let vb = self.eval(b)?;
                match op {
                    BinOp::Sequential => {
                        let form = self.world.to_form(&va, a.span)?;
                        let h = self.world.to_game(&vb, b.span)?;
                        let f = Form::Sequential(Arc::new(form), h, SequentialRule::JointEnd);
                        Ok(Value::Game(f.canonical(&mut self.world.arena)))
                    }
                    BinOp::Colon => Ok(self.world.ordinal_sum(&va, a.span, &vb, b.span)?),
                    op => Ok(self.world.binary(*op, va, a.span, vb, b.span)?),
                }
            }
            Op::CharIs {
                target,
                index,
                ch,
                equal,
            } => self.char_is(target, index, ch, *equal),
            Op::Sum(first, rest) => {
                let mut acc = self.eval(first)?;
                let mut sa = first.span;
                for (op, x) in rest {
                    let vb = self.eval(x)?;
                    acc = self.world.binary(*op, acc, sa, vb, x.span)?;
                    sa.end = x.span.end;
                }
                Ok(acc)
            }
            Op::Logical { and, lhs, rhs } => {
                let (left, right) = if *and {
                    ("`and`'s left side", "`and`'s right side")
                } else {
                    ("`or`'s left side", "`or`'s right side")
                };
                let a = self.eval_bool(lhs, left)?;
                if a != *and {
                    return Ok(Value::Bool(a));
                }
                Ok(Value::Bool(self.eval_bool(rhs, right)?))
            }
            Op::Range(a, b) => {
                let (from, to) = self.range_bounds(a, b)?;
                let mut out = Vec::new();
                let mut i = from;
                while i <= to {
                    cgt_core::interrupt::poll().map_err(Error::from)?;
                    if out.len() == out.capacity() {
                        crate::error::room_for(
                            out.len().max(4) * std::mem::size_of::<Value>(),
                            span,
                        )?;
                    }
                    out.push(Value::Game(self.world.integer(&i)));
                    i += 1;
                }
                Ok(Value::list(out))
            }
            Op::SetLocal(slot, value) => {
                let v = self.eval(value)?;
                self.set_local(*slot, v.clone());
                Ok(v)
            }
            Op::SetGlobal(id, value) => {
                let v = self.eval(value)?;
                self.set_global(*id, v.clone());
                if self.globals[*id as usize].pinned {
                    // A function reads it: what they remember may be stale.
                    self.forget_functions();
                }
                Ok(v)
            }
            Op::Return(value) => {
                let v = match value {
                    Some(c) => self.eval(c)?,
                    None => Value::Nil,
                };
                Err(Unwind::leave(Leave::Return(v)))
            }
            Op::Break => Err(Unwind::leave(Leave::Break)),
            Op::Continue => Err(Unwind::leave(Leave::Continue)),
        }
    }

    /// `s[i] == "c"` (see [`Op::CharIs`]): the byte compared in place for
    /// an ASCII string; else as `==` compares the element.
    fn char_is(
        &mut self,
        target: &Code,
        index: &Code,
        ch: &crate::value::Str,
        equal: bool,
    ) -> Flow {
        // A local board is read where it is, not copied.
        if let Op::Local(slot) = target.op {
            let i = self.eval(index)?;
            let i = self.world.to_i64(&i, index.span)?;
            if let Value::Str(s) = &self.stack[self.base + slot as usize] {
                if s.is_ascii() && ch.is_ascii() {
                    if let Some(k) = crate::seq::position(i, s.len()) {
                        return Ok(Value::Bool((s.as_bytes()[k] == ch.as_bytes()[0]) == equal));
                    }
                }
            }
            let t = self.stack[self.base + slot as usize].clone();
            return self.char_is_value(&t, target.span, i, index.span, ch, equal);
        }
        let t = self.eval(target)?;
        let i = self.eval(index)?;
        let i = self.world.to_i64(&i, index.span)?;
        self.char_is_value(&t, target.span, i, index.span, ch, equal)
    }

    fn char_is_value(
        &mut self,
        t: &Value,
        tspan: Span,
        i: i64,
        ispan: Span,
        ch: &crate::value::Str,
        equal: bool,
    ) -> Flow {
        let index = ispan;
        let target_span = tspan;
        if let Value::Str(s) = t {
            if s.is_ascii() && ch.is_ascii() {
                let Some(k) = crate::seq::position(i, s.len()) else {
                    return Err(crate::seq::out_of_range(t, i, index).into());
                };
                return Ok(Value::Bool((s.as_bytes()[k] == ch.as_bytes()[0]) == equal));
            }
        }
        let element = crate::seq::index(t, i, target_span, index)?;
        let same = self.world.equal(&element, &Value::Str(ch.clone()), index)?;
        Ok(Value::Bool(same == equal))
    }

    fn all(&mut self, items: &[Code]) -> Flow<Vec<Value>> {
        let mut out = Vec::with_capacity(items.len());
        for x in items {
            out.push(self.eval(x)?);
        }
        Ok(out)
    }

    fn set_local(&mut self, slot: u32, v: Value) {
        let k = self.base + slot as usize;
        self.stack[k] = v;
    }

    fn bound(&mut self, c: Option<&Code>) -> Flow<Option<i64>> {
        match c {
            None => Ok(None),
            Some(x) => {
                let v = self.eval(x)?;
                Ok(Some(self.world.to_i64(&v, x.span)?))
            }
        }
    }

    /// Code that must give true or false.
    fn eval_bool(&mut self, c: &Code, what: &str) -> Flow<bool> {
        match self.eval(c)? {
            Value::Bool(b) => Ok(b),
            other => Err(Error::spanned(
                c.span,
                format!("{what} must be true or false, not a {}", other.type_name()),
            )
            .into()),
        }
    }

    fn unary(&mut self, op: UnOp, arg: &Code) -> Flow {
        let v = self.eval(arg)?;
        match op {
            UnOp::Plus => Ok(v),
            UnOp::Not => match v {
                Value::Bool(b) => Ok(Value::Bool(!b)),
                other => Err(Error::spanned(
                    arg.span,
                    format!("`not` needs true or false, not a {}", other.type_name()),
                )
                .into()),
            },
            UnOp::Neg => Ok(self.world.negate(v, arg.span)?),
            UnOp::Switch => {
                let items: Vec<Value> = match &v {
                    Value::Set(items) => items.to_vec(),
                    other => vec![other.clone()],
                };
                if items.iter().any(crate::world::is_loopy) {
                    let mut opts = Vec::new();
                    for x in &items {
                        opts.push(self.world.to_sides(x, arg.span)?);
                    }
                    let negs: Vec<Sides> =
                        opts.iter().map(|g| g.neg(&mut self.world.arena)).collect();
                    let g = Sides::braces(&mut self.world.arena, &opts, &negs, false, false)
                        .map_err(|_| crate::world::not_stopper_sided(arg.span))?;
                    return Ok(crate::world::sided_value(g));
                }
                let mut opts = Vec::new();
                for x in &items {
                    opts.push(self.world.to_game(x, arg.span)?);
                }
                let negs = opts.iter().map(|&g| self.world.arena.neg(g)).collect();
                Ok(Value::Game(self.world.arena.construct(opts, negs)))
            }
        }
    }

    /// `callee(args)`.
    fn call(&mut self, callee: Callee, name: &str, args: &[ArgCode], span: Span) -> Flow {
        let f = match callee {
            Callee::Builtin(id) => return self.call_builtin(id, args, span, None),
            Callee::Global(id) => match &self.globals[id as usize].value {
                Some(v) => v.clone(),
                None => return Err(unknown_function(name, span).into()),
            },
            Callee::Local(slot) => self.stack[self.base + slot as usize].clone(),
            Callee::Captured(k) => self.captured(k, span)?,
            Callee::Itself => Value::Function(self.itself(span)?),
        };
        self.call_value(&f, name, args, span, None)
    }

    /// Call a value on arguments still to evaluate (`first`, a method's
    /// target, before them).
    fn call_value(
        &mut self,
        f: &Value,
        name: &str,
        args: &[ArgCode],
        span: Span,
        first: Option<(Value, Span)>,
    ) -> Flow {
        match f {
            Value::Function(func) => {
                let base = self.stack.len();
                if let Some((v, _)) = first {
                    self.stack.push(v);
                }
                for a in args {
                    if let Some(k) = &a.name {
                        self.stack.truncate(base);
                        return Err(Error::spanned(
                            a.value.span,
                            format!("`{name}` takes no keyword arguments (`{k} = ...`)"),
                        )
                        .into());
                    }
                    match self.eval(&a.value) {
                        Ok(v) => self.stack.push(v),
                        Err(e) => {
                            self.stack.truncate(base);
                            return Err(e);
                        }
                    }
                }
                Ok(self.invoke(func, base, span)?)
            }
            Value::Builtin(id) => self.call_builtin(*id, args, span, first),
            Value::Host(h) => {
                let mut values: Vec<Value> = first.into_iter().map(|(v, _)| v).collect();
                for a in args {
                    values.push(self.eval(&a.value)?);
                }
                Ok(h.call(self, values, span)?)
            }
            Value::Ruleset(r) => {
                let mut values: Vec<Value> = first.into_iter().map(|(v, _)| v).collect();
                for a in args {
                    values.push(self.eval(&a.value)?);
                }
                Ok(self.make_position(r, values, span)?)
            }
            other => Err(Error::spanned(
                span,
                format!("`{name}` is a {}, not a function", other.type_name()),
            )
            .into()),
        }
    }

    /// A ruleset's position from the arguments of a call.
    fn make_position(
        &mut self,
        r: &Arc<Ruleset>,
        args: Vec<Value>,
        span: Span,
    ) -> Result<Value, Error> {
        match <[Value; 1]>::try_from(args) {
            Ok([p]) => library::rulesets::make_position(self, r, p, span),
            Err(_) => Err(Error::spanned(
                span,
                format!(
                    "a ruleset makes a position from one value: {}(position)",
                    r.name
                ),
            )),
        }
    }

    /// A defined function on the arguments on the stack from `base`: its
    /// memo, or its body in a frame laid over them.
    fn invoke(&mut self, f: &Arc<Function>, base: usize, span: Span) -> Result<Value, Error> {
        let lambda = &f.lambda;
        let given = self.stack.len() - base;
        if given != lambda.params.len() {
            self.stack.truncate(base);
            let n = lambda.params.len();
            return Err(Error::spanned(
                span,
                format!(
                    "`{}` takes {n} argument{}: {}",
                    f.display_name(),
                    if n == 1 { "" } else { "s" },
                    f.signature()
                ),
            ));
        }
        let key: Option<SmallVec<[Value; 4]>> = if f.is_memoised() {
            if let Some(v) = f.recall(&self.stack[base..]) {
                self.stack.truncate(base);
                return Ok(v);
            }
            Some(self.stack[base..].iter().cloned().collect())
        } else {
            None
        };
        // A stop unwinds to the caller's call, which returns it as an error.
        cgt_core::interrupt::check();
        if self.depth >= CALL_DEPTH_LIMIT {
            self.stack.truncate(base);
            return Err(Error::spanned(
                span,
                format!(
                    "calls nested more than {CALL_DEPTH_LIMIT} deep: is the recursion missing a base case?"
                ),
            )
            .with_kind(ErrorKind::Unsupported));
        }
        self.stack.resize(base + lambda.frame as usize, Value::Nil);
        let saved = self.base;
        self.base = base;
        self.depth += 1;
        let outer_call = self.call.replace((f.clone(), base, given));
        // Only a nested function reads its captured values or names itself.
        let nested = lambda.calls_itself || !f.captured.is_empty();
        let outer = if nested {
            self.current.replace(f.clone())
        } else {
            None
        };
        // A stop raised inside the engine (Ctrl-C, the memory limit) is
        // caught at the nearest call and returns through the outer calls
        // as an error: unwinding it through 100,000 nested calls took
        // seconds.
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.eval(&lambda.body)))
            .unwrap_or_else(|p| Err(Error::from(cgt_core::interrupt::payload_to_stop(p)).into()));
        self.depth -= 1;
        self.base = saved;
        self.call = outer_call;
        if nested {
            self.current = outer;
        }
        // A function that makes a ruleset (`def crumble(k) = ruleset(...)`)
        // gives the same ruleset, with its memo, for the same arguments.
        let made_ruleset = match &r {
            Ok(Value::Ruleset(_)) => true,
            Err(u) => matches!(&*u.0, Leave::Return(Value::Ruleset(_))),
            _ => false,
        };
        let key = match key {
            None if made_ruleset && !lambda.assigns_params => {
                f.keep_results();
                Some(self.stack[base..base + given].iter().cloned().collect())
            }
            key => key,
        };
        self.stack.truncate(base);
        let v = match r {
            Ok(v) => v,
            Err(u) => match *u.0 {
                Leave::Return(v) => v,
                Leave::Error(e) => return Err(e.in_function(f.display_name(), span)),
                _ => {
                    return Err(
                        Error::spanned(span, "`break` or `continue` left a function")
                            .with_kind(ErrorKind::Internal),
                    )
                }
            },
        };
        if let Some(k) = key {
            f.remember(&k, v.clone());
        }
        Ok(v)
    }

    /// A built-in on arguments still to evaluate.
    fn call_builtin(
        &mut self,
        id: BuiltinId,
        args: &[ArgCode],
        span: Span,
        first: Option<(Value, Span)>,
    ) -> Flow {
        let b = library::get(id);
        // Arguments inline: most calls have a few, and a call of a built-in
        // in a move function runs for every position.
        let mut values: SmallVec<[Value; 4]> = SmallVec::new();
        let mut spans: SmallVec<[Span; 4]> = SmallVec::new();
        let mut named = Vec::new();
        if let Some((v, s)) = first {
            values.push(v);
            spans.push(s);
        }
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
            )
            .into());
        }
        if !b.arity.contains(&values.len()) {
            return Err(
                Error::spanned(span, format!("`{}` expects {}", b.name, b.signature)).into(),
            );
        }
        let args = Args {
            values: &values,
            spans: &spans,
            named: &named,
            call: span,
        };
        let v = b.call(self, &args)?;
        self.register(&v);
        Ok(v)
    }

    /// Keep track of a ruleset a built-in made (its graph is dropped after a stop).
    fn register(&mut self, v: &Value) {
        if let Value::Ruleset(r) = v {
            track(&mut self.rulesets, r);
        }
    }

    /// `target.name` or `target.name(args)`.
    fn method(
        &mut self,
        target: &Code,
        name: &str,
        function: Option<Callee>,
        args: Option<&[ArgCode]>,
        span: Span,
    ) -> Flow {
        let t = self.eval(target)?;
        if let Value::Module(m) = &t {
            let v = self.member(m, name, span)?;
            return match args {
                None => Ok(v),
                Some(args) => self.call_value(&v, name, args, span, None),
            };
        }
        let Some(callee) = function else {
            let hint = library::suggest(name)
                .map(|s| format!(" (did you mean `{s}`?)"))
                .unwrap_or_default();
            return Err(Error::spanned(
                span,
                format!("unknown function `{name}`{hint}: x.{name} means {name}(x)"),
            )
            .into());
        };
        let first = Some((t, target.span));
        let args = args.unwrap_or(&[]);
        match callee {
            Callee::Builtin(id) => self.call_builtin(id, args, span, first),
            Callee::Global(id) => match &self.globals[id as usize].value {
                Some(f) => {
                    let f = f.clone();
                    self.call_value(&f, name, args, span, first)
                }
                None => Err(unknown_function(name, span).into()),
            },
            Callee::Local(slot) => {
                let f = self.stack[self.base + slot as usize].clone();
                self.call_value(&f, name, args, span, first)
            }
            Callee::Captured(k) => {
                let f = self.captured(k, span)?;
                self.call_value(&f, name, args, span, first)
            }
            Callee::Itself => {
                let f = Value::Function(self.itself(span)?);
                self.call_value(&f, name, args, span, first)
            }
        }
    }

    /// The `k`-th value the running function captured.
    fn captured(&self, k: u32, span: Span) -> Result<Value, Error> {
        self.current
            .as_ref()
            .and_then(|f| f.captured.get(k as usize))
            .cloned()
            .ok_or_else(|| {
                Error::spanned(span, "a captured value outside its function")
                    .with_kind(ErrorKind::Internal)
            })
    }

    /// The running nested function.
    fn itself(&self, span: Span) -> Result<Arc<Function>, Error> {
        self.current.clone().ok_or_else(|| {
            Error::spanned(span, "a function's own name outside it").with_kind(ErrorKind::Internal)
        })
    }

    /// A module's member.
    fn member(&self, m: &Module, name: &str, span: Span) -> Result<Value, Error> {
        if let Some(&id) = m.exports.get(name) {
            return self.globals[id as usize].value.clone().ok_or_else(|| {
                Error::spanned(span, format!("`{}.{name}` is not defined yet", m.name))
            });
        }
        if m.private.iter().any(|p| p == name) {
            return Err(Error::spanned(
                span,
                format!(
                    "`{name}` is private to module {} (names starting with _ are not exported)",
                    m.name
                ),
            ));
        }
        let mut names: Vec<&str> = m.exports.keys().map(String::as_str).collect();
        names.sort_unstable();
        Err(Error::spanned(
            span,
            format!(
                "module {} has no `{name}` (it exports {})",
                m.name,
                if names.is_empty() {
                    "nothing".to_string()
                } else {
                    names.join(", ")
                }
            ),
        ))
    }

    /// Call a function value on evaluated arguments.
    pub fn apply(&mut self, f: &Value, args: Vec<Value>, span: Span) -> Result<Value, Error> {
        match f {
            Value::Function(func) => {
                let base = self.stack.len();
                self.stack.extend(args);
                self.invoke(func, base, span)
            }
            Value::Builtin(id) => {
                let b = library::get(*id);
                if !b.arity.contains(&args.len()) {
                    return Err(Error::spanned(
                        span,
                        format!("`{}` expects {}", b.name, b.signature),
                    ));
                }
                let spans: SmallVec<[Span; 4]> = args.iter().map(|_| span).collect();
                let a = Args {
                    values: &args,
                    spans: &spans,
                    named: &[],
                    call: span,
                };
                let v = b.call(self, &a)?;
                self.register(&v);
                Ok(v)
            }
            Value::Ruleset(r) => self.make_position(r, args, span),
            Value::Host(h) => h.call(self, args, span),
            other => Err(Error::spanned(
                span,
                format!("expected a function, found a {}", other.type_name()),
            )),
        }
    }

    /// `[body for x in L if c ...]`: the clauses from the outermost.
    fn comprehend(
        &mut self,
        body: &Code,
        clauses: &[ClauseCode],
        out: &mut Vec<Value>,
    ) -> Flow<()> {
        let Some((clause, rest)) = clauses.split_first() else {
            if out.len() == out.capacity() {
                // The list doubles: asked first, so a long comprehension
                // stops at the memory limit, not at twice it.
                crate::error::room_for(out.len().max(4) * std::mem::size_of::<Value>(), body.span)?;
            }
            out.push(self.eval(body)?);
            return Ok(());
        };
        match clause {
            ClauseCode::If(cond) => {
                if self.eval_bool(cond, "a comprehension's `if`")? {
                    self.comprehend(body, rest, out)?;
                }
                Ok(())
            }
            ClauseCode::For(slot, list) => {
                let over = self.iteration(list, true)?;
                self.for_each(over, |m, item| {
                    m.set_local(*slot, item);
                    m.comprehend(body, rest, out)
                })
            }
        }
    }

    /// A `for` loop (its value is nothing).
    fn for_loop(
        &mut self,
        slot: Option<u32>,
        over: &OverCode,
        filter: Option<&Code>,
        until: Option<&Code>,
        body: &Code,
    ) -> Flow {
        let iteration = match over {
            OverCode::In(list) => self.iteration(list, false)?,
            OverCode::Count { from, to, by } => {
                let a = self.eval(from)?;
                let a = self.world.to_integer(&a, from.span)?;
                let b = match to {
                    Some(t) => {
                        let v = self.eval(t)?;
                        Some(self.world.to_integer(&v, t.span)?)
                    }
                    None => None,
                };
                let step = match by {
                    Some(s) => {
                        let v = self.eval(s)?;
                        let n = self.world.to_integer(&v, s.span)?;
                        if n.is_zero() {
                            return Err(
                                Error::spanned(s.span, "a loop's step `by` must not be 0").into()
                            );
                        }
                        n
                    }
                    None => BigInt::from(1),
                };
                Iteration::Count(a, b, step)
            }
        };
        let r = self.for_each(iteration, |m, item| {
            if let Some(s) = slot {
                m.set_local(s, item);
            }
            if let Some(u) = until {
                if !m.eval_bool(u, "a loop's `while`")? {
                    return Err(Unwind::leave(Leave::Break));
                }
            }
            if let Some(f) = filter {
                if !m.eval_bool(f, "a loop's `where`")? {
                    return Ok(());
                }
            }
            match m.eval(body) {
                Ok(_) => Ok(()),
                Err(u) if u.is_continue() => Ok(()),
                Err(e) => Err(e),
            }
        });
        match r {
            Ok(()) => Ok(Value::Nil),
            Err(u) if u.is_break() => Ok(Value::Nil),
            Err(e) => Err(e),
        }
    }

    /// What a `for` runs over, evaluated before its name is bound: a range
    /// `a..b` (without making the list; in a comprehension at most
    /// [`RANGE_LIMIT`] values), a list, a set or a string.
    fn iteration(&mut self, list: &Code, limited: bool) -> Flow<Iteration> {
        // `range(n)`, `range(a, b)`: the integers, without making the list.
        if let Op::Call {
            callee: Callee::Builtin(id),
            args,
            ..
        } = &list.op
        {
            if Some(*id) == library::range_id()
                && (1..=2).contains(&args.len())
                && args.iter().all(|a| a.name.is_none())
            {
                let mut bounds = Vec::with_capacity(2);
                for a in args {
                    let v = self.eval(&a.value)?;
                    bounds.push(self.world.to_integer(&v, a.value.span)?);
                }
                let (from, to) = match <[BigInt; 2]>::try_from(bounds) {
                    Ok([a, b]) => (a, b),
                    Err(one) => (BigInt::zero(), one.into_iter().next().unwrap_or_default()),
                };
                if limited && &to - &from > BigInt::from(RANGE_LIMIT) {
                    return Err(Error::spanned(
                        list.span,
                        "a range of more than 10,000,000 values",
                    )
                    .into());
                }
                return Ok(Iteration::Count(from, Some(to - 1), BigInt::from(1)));
            }
        }
        if let Op::Range(a, b) = &list.op {
            let (from, to) = if limited {
                self.range_bounds(a, b)?
            } else {
                let x = self.eval(a)?;
                let y = self.eval(b)?;
                (
                    self.world.to_integer(&x, a.span)?,
                    self.world.to_integer(&y, b.span)?,
                )
            };
            return Ok(Iteration::Count(from, Some(to), BigInt::from(1)));
        }
        match self.eval(list)? {
            Value::List(items) | Value::Set(items) => Ok(Iteration::Items(items)),
            // A map's keys, in order.
            Value::Map(m) => Ok(Iteration::Items(Arc::new(library::maps::keys(&m)))),
            Value::Str(s) => Ok(Iteration::Chars(s)),
            other => Err(Error::spanned(
                list.span,
                format!(
                    "`for` runs over a list, a set, a string or a range a..b, not a {}",
                    other.type_name()
                ),
            )
            .into()),
        }
    }

    /// Run `f` on each element of an iteration (characters as strings).
    fn for_each(
        &mut self,
        over: Iteration,
        mut f: impl FnMut(&mut Machine, Value) -> Flow<()>,
    ) -> Flow<()> {
        let mut step = |m: &mut Machine, item: Value| -> Flow<()> {
            // Ctrl-C and the memory limit stop even a loop of cheap steps.
            cgt_core::interrupt::poll().map_err(Error::from)?;
            f(m, item)
        };
        let over = match over {
            Iteration::Count(from, to, by) => {
                match (from.to_i64(), to.as_ref().map(|t| t.to_i64()), by.to_i64()) {
                    (Some(a), None, Some(s)) => Iteration::Small(a, None, s),
                    (Some(a), Some(Some(b)), Some(s)) => Iteration::Small(a, Some(b), s),
                    _ => Iteration::Count(from, to, by),
                }
            }
            other => other,
        };
        match over {
            Iteration::Small(from, to, by) => {
                let mut i = from;
                loop {
                    if let Some(t) = to {
                        if (by > 0 && i > t) || (by < 0 && i < t) {
                            break;
                        }
                    }
                    let g = self.world.arena.integer(i);
                    step(self, Value::Game(g))?;
                    match i.checked_add(by) {
                        Some(next) => i = next,
                        None => break,
                    }
                }
                Ok(())
            }
            Iteration::Count(from, to, by) => {
                let up = by.is_positive();
                let mut i = from;
                loop {
                    if let Some(t) = &to {
                        if (up && &i > t) || (!up && &i < t) {
                            break;
                        }
                    }
                    let g = self.world.integer(&i);
                    step(self, Value::Game(g))?;
                    i += &by;
                }
                Ok(())
            }
            Iteration::Items(items) => items.iter().try_for_each(|x| step(self, x.clone())),
            Iteration::Chars(s) => {
                let t = Value::Str(s);
                let n = match &t {
                    Value::Str(s) => crate::seq::char_count(s),
                    _ => 0,
                };
                (0..n).try_for_each(|k| {
                    let c = crate::seq::index(&t, k as i64, Span::default(), Span::default())?;
                    step(self, c)
                })
            }
        }
    }

    /// The bounds of `a..b`, refusing ranges of more than [`RANGE_LIMIT`] values.
    fn range_bounds(&mut self, lhs: &Code, rhs: &Code) -> Flow<(BigInt, BigInt)> {
        let a = self.eval(lhs)?;
        let a = self.world.to_integer(&a, lhs.span)?;
        let b = self.eval(rhs)?;
        let b = self.world.to_integer(&b, rhs.span)?;
        if (&b - &a) > BigInt::from(RANGE_LIMIT) {
            return Err(Error::spanned(rhs.span, "a range of more than 10,000,000 values").into());
        }
        Ok((a, b))
    }

    fn eval_form(&mut self, c: &Code) -> Flow<Form> {
        deep(|| self.eval_form_inner(c))
    }

    fn eval_form_inner(&mut self, c: &Code) -> Flow<Form> {
        match &c.op {
            Op::Form { left, right } => {
                let mut sides = [
                    Vec::with_capacity(left.len()),
                    Vec::with_capacity(right.len()),
                ];
                for (k, items) in [left, right].into_iter().enumerate() {
                    for x in items {
                        if matches!(x.op, Op::Form { .. }) {
                            sides[k].push(Arc::new(self.eval_form(x)?));
                            continue;
                        }
                        match self.eval(x)? {
                            Value::List(items) | Value::Set(items) => {
                                for v in items.iter() {
                                    sides[k].push(Arc::new(self.world.to_form(v, x.span)?));
                                }
                            }
                            v => sides[k].push(Arc::new(self.world.to_form(&v, x.span)?)),
                        }
                    }
                }
                let [left, right] = sides;
                Ok(Form::Node { left, right })
            }
            _ => {
                let v = self.eval(c)?;
                Ok(self.world.to_form(&v, c.span)?)
            }
        }
    }

    /// The options of one side of braces: each item a game, or a list or
    /// set of games contributing each of them.
    fn options(&mut self, items: &[Code]) -> Flow<Vec<Sides>> {
        let mut out = Vec::with_capacity(items.len());
        for x in items {
            self.option(x, &mut out)?;
        }
        Ok(out)
    }

    /// The games of one option slot (a list gives its elements).
    fn option(&mut self, x: &Code, out: &mut Vec<Sides>) -> Flow<()> {
        match self.eval(x)? {
            Value::List(vs) | Value::Set(vs) => {
                for v in vs.iter() {
                    out.push(self.world.to_sides(v, x.span)?);
                }
            }
            v => out.push(self.world.to_sides(&v, x.span)?),
        }
        Ok(())
    }

    /// The value of braces whose options come back to them: their game
    /// graph (node `k` of the code is vertex `k`), one for each side when
    /// an option is a sided value, then its canonical sides.
    fn loopy_braces(&mut self, nodes: &[LoopyNode], span: Span) -> Flow {
        let mut values: Vec<Vec<(bool, Sides)>> = vec![Vec::new(); nodes.len()];
        for (k, node) in nodes.iter().enumerate() {
            for (left, list) in [(true, &node.left), (false, &node.right)] {
                for o in list {
                    if let LoopyOption::Value(c) = o {
                        let mut games = Vec::new();
                        self.option(c, &mut games)?;
                        values[k].extend(games.into_iter().map(|g| (left, g)));
                    }
                }
            }
        }
        let sided = values
            .iter()
            .flatten()
            .any(|(_, g)| g.as_stopper().is_none());
        let mut graphs = Vec::new();
        for side in [Side::On, Side::Off] {
            let mut graph = Graph::default();
            for _ in nodes {
                graph.add_vertex();
            }
            let mut memo = HashMap::new();
            for (k, node) in nodes.iter().enumerate() {
                for (left, list) in [(true, &node.left), (false, &node.right)] {
                    for o in list {
                        if let LoopyOption::Node(n) = o {
                            graph.add_edge(k as u32, left, *n);
                        }
                    }
                }
                for (left, g) in &values[k] {
                    let g = if side == Side::On {
                        &g.onside
                    } else {
                        &g.offside
                    };
                    let v = g.insert(&mut self.world.arena, &mut graph, &mut memo);
                    graph.add_edge(k as u32, *left, v);
                }
            }
            graphs.push(graph);
            if !sided {
                break;
            }
        }
        let ar = &mut self.world.arena;
        let fail = |_| crate::world::not_stopper_sided(span);
        let g = if sided {
            Sides {
                onside: side_stopper(ar, &graphs[0], 0, Side::On).map_err(fail)?,
                offside: side_stopper(ar, &graphs[1], 0, Side::Off).map_err(fail)?,
            }
        } else {
            Sides::of(ar, &graphs[0], 0).map_err(fail)?
        };
        Ok(crate::world::sided_value(g))
    }
}

/// The value of a constant.
pub fn constant(c: Constant, arena: &mut cgt_core::game::Arena) -> Value {
    match c {
        Constant::True => Value::Bool(true),
        Constant::False => Value::Bool(false),
        Constant::Left => Value::Player(Player::Left),
        Constant::Right => Value::Player(Player::Right),
        Constant::Outcome(o) => Value::Outcome(o),
        Constant::Nil => Value::Nil,
        Constant::Stopper(named) => crate::world::loopy_value(named.value(arena)),
        Constant::Dud => Value::Sided(std::sync::Arc::new(Sides {
            onside: Named::On.value(arena),
            offside: Named::Off.value(arena),
        })),
    }
}

/// The error for a call of a name that means no function yet.
fn unknown_function(name: &str, span: Span) -> Error {
    let hint = library::suggest(name)
        .map(|s| format!(" (did you mean `{s}`?)"))
        .unwrap_or_default();
    Error::spanned(span, format!("unknown function `{name}`{hint}"))
}

impl Context for Machine {
    fn world(&mut self) -> &mut World {
        &mut self.world
    }

    fn apply(&mut self, f: &Value, args: Vec<Value>, span: Span) -> Result<Value, Error> {
        Machine::apply(self, f, args, span)
    }

    fn apply_one(&mut self, f: &Value, arg: Value, span: Span) -> Result<Value, Error> {
        match f {
            Value::Function(func) => {
                let base = self.stack.len();
                self.stack.push(arg);
                self.invoke(func, base, span)
            }
            _ => Machine::apply(self, f, vec![arg], span),
        }
    }

    fn emit(&mut self, text: &str) {
        match &mut self.sink {
            Some(sink) => sink(text),
            None => self.output.push_str(text),
        }
    }

    fn naming(&mut self) -> Option<String> {
        let Some((f, base, given)) = self.call.clone() else {
            return self.naming.clone();
        };
        // An anonymous function, or one whose arguments were changed, has
        // no call to name a ruleset by.
        if f.lambda.name.is_empty() || f.lambda.assigns_params {
            return None;
        }
        let args: Vec<Value> = self.stack[base..base + given].to_vec();
        let shown: Vec<String> = args
            .iter()
            .map(|v| match v {
                Value::Str(s) => crate::world::quoted(s),
                v => self.world.show(v),
            })
            .collect();
        Some(format!("{}({})", f.lambda.name, shown.join(", ")))
    }

    fn load(&mut self, path: &str, span: Span) -> Result<Value, Error> {
        (self.load_fn)(self, path, span)
    }
}
