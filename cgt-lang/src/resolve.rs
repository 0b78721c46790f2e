//! Phase two: what each name means where it is written. Names are bound
//! lexically: a name means the binding visible at the place it is written,
//! at the time it is compiled, and a later definition of the same name
//! makes a new binding that only code written after it sees.
//!
//! Scopes, innermost first:
//! - the locals of a function (its parameters, and the names its body
//!   assigns with `:=`) or of a statement of the top level, in nested
//!   scopes for `let`, `for` and comprehensions: slots of a frame;
//! - for a function nested in another (`x => ...`, a `def` inside a
//!   block), the locals of the functions around it: it captures their
//!   values when it is made, and its own name means itself;
//! - the globals of the module (the REPL's session, or a file loaded with
//!   `import`): slots of the session's table of globals;
//! - the prelude: the constants (`true`, `Left`, `L`, `P`, ...), the
//!   built-in functions and the option words of some functions.
//!
//! A name found nowhere is a global not defined yet: it gets an empty slot,
//! which its first definition fills (so functions may call functions
//! defined after them, and call each other).

use crate::code::{BuiltinId, Constant, GlobalId};
use crate::error::{Error, Span};
use cgt_core::loopy::LoopyOutcome;
use std::sync::Arc;

/// The globals of a module: each name's binding now.
#[derive(Clone, Debug, Default)]
pub struct ModuleScope {
    /// Names and their bindings.
    pub names: imbl::HashMap<String, Binding>,
}

/// A global name's binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// Its slot.
    pub id: GlobalId,
    /// True if the name was only used so far, not defined: its first
    /// definition fills this slot instead of making a new one.
    pub forward: bool,
}

/// Makes the slots of globals (the session's table).
pub trait Slots {
    /// A new, empty slot for `name`.
    fn new_slot(&mut self, name: &str) -> GlobalId;
}

/// What a name means at one place.
#[derive(Clone, Copy, Debug)]
pub enum Meaning {
    /// A local: its slot in the frame.
    Local(u32),
    /// A global: its slot in the table.
    Global(GlobalId),
    /// A predefined constant.
    Constant(Constant),
    /// A built-in function.
    Builtin(BuiltinId),
    /// A bare word some function takes (`per_player`): a string.
    Word(&'static str),
    /// A value the running function captured where it was made.
    Captured(u32),
    /// The running function itself (a nested `def`'s own name).
    Itself,
}

/// Names that cannot be bound: the constants that are part of the notation.
pub const RESERVED: &[&str] = &["true", "false", "Left", "Right", "ans", "OutcomeClass"];

/// `OutcomeClass.N` and the others: the outcome classes by CGSuite's names
/// (`D`, `PHat`, ... those of games whose positions repeat).
pub fn outcome_class(name: &str) -> Option<Constant> {
    LoopyOutcome::from_name(name).map(Constant::Outcome)
}

/// The constant a prelude name stands for.
pub fn constant(name: &str) -> Option<Constant> {
    Some(match name {
        "true" => Constant::True,
        "false" => Constant::False,
        "Left" => Constant::Left,
        "Right" => Constant::Right,
        "L" | "R" | "N" | "P" | "D" | "NHat" | "PHat" | "NCheck" | "PCheck" => {
            return outcome_class(name)
        }
        "nil" => Constant::Nil,
        "dud" => Constant::Dud,
        _ => return cgt_core::loopy::Named::from_name(name).map(Constant::Stopper),
    })
}

/// What a name means in the prelude (built-ins answer to CGSuite's names
/// too: `AtomicWeight` is `atomic_weight`).
pub fn prelude(name: &str) -> Option<Meaning> {
    if let Some(c) = constant(name) {
        return Some(Meaning::Constant(c));
    }
    if let Some(id) = crate::library::named(name) {
        return Some(Meaning::Builtin(id));
    }
    crate::library::option_words()
        .find(|w| *w == name)
        .map(Meaning::Word)
}

/// The scope of one function being compiled (or of a statement of the
/// top level): its locals and what it takes from the functions around it.
struct FunctionScope {
    /// Locals visible now, innermost last.
    locals: Vec<(Arc<str>, u32)>,
    /// The next free slot, and the most slots used at once (the frame).
    next: u32,
    frame: u32,
    /// True inside a function's body (where `return` is allowed and `:=`
    /// makes locals).
    in_function: bool,
    /// How many loops enclose the code being compiled.
    loops: u32,
    /// The globals the code reads, calls or sets.
    uses: Vec<GlobalId>,
    /// The names a nested function takes from the scopes around it, each
    /// with what it means there (copied when the function is made).
    captures: Vec<(Arc<str>, Meaning)>,
    /// A nested `def`'s own name, which means the function itself.
    own_name: Option<Arc<str>>,
    /// True if the body names the function itself (it may recurse).
    calls_itself: bool,
}

impl FunctionScope {
    fn new(in_function: bool, own_name: Option<Arc<str>>) -> Self {
        FunctionScope {
            locals: Vec::new(),
            next: 0,
            frame: 0,
            in_function,
            loops: 0,
            uses: Vec::new(),
            captures: Vec::new(),
            own_name,
            calls_itself: false,
        }
    }

    fn local(&self, name: &str) -> Option<u32> {
        self.locals
            .iter()
            .rev()
            .find(|(n, _)| **n == *name)
            .map(|(_, s)| *s)
    }
}

/// What compiling a function found: its frame, the globals it uses, and,
/// for a nested one, what it captures and whether it names itself.
pub struct Closed {
    /// Slots the frame needs.
    pub frame: u32,
    /// The globals its body uses.
    pub uses: Vec<GlobalId>,
    /// For each captured value, what it is where the function is made.
    pub captures: Vec<Meaning>,
    /// True if the body names the function itself.
    pub calls_itself: bool,
}

/// The scopes of the code being compiled: its locals (a stack of them, one
/// per function being compiled, innermost last), its module's globals and
/// the prelude.
pub struct Resolver<'a> {
    module: &'a mut ModuleScope,
    slots: &'a mut dyn Slots,
    scopes: Vec<FunctionScope>,
    /// The globals the nested functions use: they outlive the line that
    /// makes them, so these slots keep their bindings (see `Global::pinned`).
    nested_uses: Vec<GlobalId>,
}

impl<'a> Resolver<'a> {
    /// Scopes for a statement of a module's top level, with `locals` bound
    /// to the first slots (values a host passes in).
    pub fn top_level(
        module: &'a mut ModuleScope,
        slots: &'a mut dyn Slots,
        locals: &[Arc<str>],
    ) -> Self {
        let mut r = Resolver {
            module,
            slots,
            scopes: vec![FunctionScope::new(false, None)],
            nested_uses: Vec::new(),
        };
        for name in locals {
            r.bind_local(name.clone());
        }
        r
    }

    /// Scopes for a function's body: its parameters, then the names its
    /// body assigns, are its locals.
    pub fn function(
        module: &'a mut ModuleScope,
        slots: &'a mut dyn Slots,
        params: &[Arc<str>],
        assigned: &[Arc<str>],
    ) -> Self {
        let mut r = Resolver {
            module,
            slots,
            scopes: Vec::new(),
            nested_uses: Vec::new(),
        };
        r.enter_function(params, assigned, None);
        r
    }

    /// Start compiling a function nested in the code being compiled: its
    /// parameters and the names its body assigns are its locals; the names
    /// of the scopes around it are captured as it uses them.
    pub fn enter_function(
        &mut self,
        params: &[Arc<str>],
        assigned: &[Arc<str>],
        own_name: Option<Arc<str>>,
    ) {
        self.scopes.push(FunctionScope::new(true, own_name));
        for name in params {
            self.bind_local(name.clone());
        }
        for name in assigned {
            if !params.contains(name) {
                self.bind_local(name.clone());
            }
        }
    }

    /// Finish the function [`Self::enter_function`] started.
    pub fn leave_function(&mut self) -> Closed {
        let s = self.scopes.pop().expect("a function is being compiled");
        // What the nested function uses, the code around it uses too.
        if let Some(outer) = self.scopes.last_mut() {
            outer.uses.extend(s.uses.iter().copied());
        }
        let mut uses = s.uses;
        uses.sort_unstable();
        uses.dedup();
        self.nested_uses.extend(uses.iter().copied());
        Closed {
            frame: s.frame,
            uses,
            captures: s.captures.into_iter().map(|(_, m)| m).collect(),
            calls_itself: s.calls_itself,
        }
    }

    fn scope(&self) -> &FunctionScope {
        self.scopes.last().expect("a scope")
    }

    fn scope_mut(&mut self) -> &mut FunctionScope {
        self.scopes.last_mut().expect("a scope")
    }

    /// The slots the frame needs.
    pub fn frame(&self) -> u32 {
        self.scope().frame
    }

    /// The globals the nested functions compiled so far use.
    pub fn nested_uses(&self) -> &[GlobalId] {
        &self.nested_uses
    }

    /// Where the scope is now (to leave nested bindings with [`Self::release`]).
    pub fn mark(&self) -> (usize, u32) {
        (self.scope().locals.len(), self.scope().next)
    }

    /// Leave the bindings made since `mark`.
    pub fn release(&mut self, mark: (usize, u32)) {
        let s = self.scope_mut();
        s.locals.truncate(mark.0);
        s.next = mark.1;
    }

    /// Bind a new local; its slot.
    pub fn bind_local(&mut self, name: Arc<str>) -> u32 {
        let s = self.scope_mut();
        let slot = s.next;
        s.next += 1;
        s.frame = s.frame.max(s.next);
        s.locals.push((name, slot));
        slot
    }

    /// Enter (`true`) or leave a loop's body.
    pub fn in_loop(&mut self, entering: bool) {
        let s = self.scope_mut();
        if entering {
            s.loops += 1;
        } else {
            s.loops -= 1;
        }
    }

    /// What `name` means in the scope `depth` (an index of `scopes`) and
    /// the functions around it, if it is a local of one of them: in a
    /// nested function, a name of the scopes around it is captured.
    fn enclosing(&mut self, depth: usize, name: &str) -> Option<Meaning> {
        let s = &mut self.scopes[depth];
        if let Some(slot) = s.local(name) {
            return Some(Meaning::Local(slot));
        }
        if s.own_name.as_deref() == Some(name) {
            s.calls_itself = true;
            return Some(Meaning::Itself);
        }
        if let Some(k) = s.captures.iter().position(|(n, _)| **n == *name) {
            return Some(Meaning::Captured(k as u32));
        }
        if depth == 0 {
            return None;
        }
        let outer = deep_enclosing(self, depth - 1, name)?;
        let s = &mut self.scopes[depth];
        s.captures.push((Arc::from(name), outer));
        Some(Meaning::Captured(s.captures.len() as u32 - 1))
    }

    /// The local slot of `name`, if a local is visible.
    fn local(&self, name: &str) -> Option<u32> {
        self.scope().local(name)
    }

    /// What `name` means here. A name not bound anywhere becomes a global
    /// to be defined later (an empty slot).
    pub fn lookup(&mut self, name: &str) -> Meaning {
        if let Some(m) = self.lookup_defined(name) {
            return m;
        }
        let id = self.slots.new_slot(name);
        self.module
            .names
            .insert(name.to_string(), Binding { id, forward: true });
        self.scope_mut().uses.push(id);
        Meaning::Global(id)
    }

    /// What `name` means here, if it is bound (nothing is created).
    pub fn lookup_defined(&mut self, name: &str) -> Option<Meaning> {
        if let Some(m) = self.enclosing(self.scopes.len() - 1, name) {
            return Some(m);
        }
        if let Some(b) = self.module.names.get(name) {
            let id = b.id;
            self.scope_mut().uses.push(id);
            return Some(Meaning::Global(id));
        }
        prelude(name)
    }

    /// Where `name := ...` stores, inside a block: a visible local, else
    /// (at the top level) the module's global of that name, made now if it
    /// has none.
    pub fn assignment(&mut self, name: &str, span: Span) -> Result<Meaning, Error> {
        check_bindable(name, span)?;
        if let Some(slot) = self.local(name) {
            return Ok(Meaning::Local(slot));
        }
        if self.scope().in_function {
            // Every name a body assigns is bound as a local on entry.
            return Err(
                Error::spanned(span, format!("`{name}` is not a local here"))
                    .with_kind(crate::ErrorKind::Internal),
            );
        }
        let id = match self.module.names.get_mut(name) {
            Some(b) => {
                b.forward = false;
                b.id
            }
            None => {
                let id = self.slots.new_slot(name);
                self.module
                    .names
                    .insert(name.to_string(), Binding { id, forward: false });
                id
            }
        };
        self.scope_mut().uses.push(id);
        Ok(Meaning::Global(id))
    }

    /// `return` must be inside a function.
    pub fn check_return(&self, span: Span) -> Result<(), Error> {
        if self.scope().in_function {
            Ok(())
        } else {
            Err(Error::spanned(
                span,
                "`return` is for a function's body (def f(n) = begin ... return x ... end)",
            ))
        }
    }

    /// `break` and `continue` must be inside a loop.
    pub fn check_loop(&self, word: &str, span: Span) -> Result<(), Error> {
        if self.scope().loops > 0 {
            Ok(())
        } else {
            Err(Error::spanned(span, format!("`{word}` outside a loop")))
        }
    }
}

/// [`Resolver::enclosing`] on a fresh stretch of stack when functions nest deep.
fn deep_enclosing(r: &mut Resolver, depth: usize, name: &str) -> Option<Meaning> {
    cgt_core::game::deep(|| r.enclosing(depth, name))
}

/// A name that may be bound (assigned, defined, a module's alias).
pub fn check_bindable(name: &str, span: Span) -> Result<(), Error> {
    if crate::syntax::parser::is_down_word(name) {
        return Err(Error::spanned(
            span,
            format!("`{name}` is a down (v = ↓), not a name: choose another name"),
        ));
    }
    if RESERVED.contains(&name) || crate::syntax::parser::is_keyword(name) {
        return Err(Error::spanned(span, format!("`{name}` is a reserved name")));
    }
    Ok(())
}
