//! Phase two: what each name means where it is written. Names are bound
//! lexically: a name means the binding visible at the place it is written,
//! at the time it is compiled, and a later definition of the same name
//! makes a new binding that only code written after it sees.
//!
//! Scopes, innermost first:
//! - the locals of a function (its parameters, and the names its body
//!   assigns with `:=`) or of a statement of the top level, in nested
//!   scopes for `let`, `for` and comprehensions: slots of a frame;
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
use cgt_core::analysis::Outcome;
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
}

/// Names that cannot be bound: the constants that are part of the notation.
pub const RESERVED: &[&str] = &["true", "false", "Left", "Right", "ans", "OutcomeClass"];

/// `OutcomeClass.N` and the others: the outcome classes by CGSuite's names.
pub fn outcome_class(name: &str) -> Option<Constant> {
    Some(Constant::Outcome(match name {
        "L" => Outcome::L,
        "R" => Outcome::R,
        "N" => Outcome::N,
        "P" => Outcome::P,
        _ => return None,
    }))
}

/// The constant a prelude name stands for.
pub fn constant(name: &str) -> Option<Constant> {
    Some(match name {
        "true" => Constant::True,
        "false" => Constant::False,
        "Left" => Constant::Left,
        "Right" => Constant::Right,
        "L" | "R" | "N" | "P" => return outcome_class(name),
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

/// The scopes of the code being compiled: its locals, its module's globals
/// and the prelude.
pub struct Resolver<'a> {
    module: &'a mut ModuleScope,
    slots: &'a mut dyn Slots,
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
            locals: Vec::new(),
            next: 0,
            frame: 0,
            in_function: false,
            loops: 0,
            uses: Vec::new(),
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
        let mut r = Self::top_level(module, slots, params);
        r.in_function = true;
        for name in assigned {
            if !params.contains(name) {
                r.bind_local(name.clone());
            }
        }
        r
    }

    /// The slots the frame needs.
    pub fn frame(&self) -> u32 {
        self.frame
    }

    /// The globals used, each once.
    pub fn uses(&self) -> Vec<GlobalId> {
        let mut u = self.uses.clone();
        u.sort_unstable();
        u.dedup();
        u
    }

    /// Where the scope is now (to leave nested bindings with [`Self::release`]).
    pub fn mark(&self) -> (usize, u32) {
        (self.locals.len(), self.next)
    }

    /// Leave the bindings made since `mark`.
    pub fn release(&mut self, mark: (usize, u32)) {
        self.locals.truncate(mark.0);
        self.next = mark.1;
    }

    /// Bind a new local; its slot.
    pub fn bind_local(&mut self, name: Arc<str>) -> u32 {
        let slot = self.next;
        self.next += 1;
        self.frame = self.frame.max(self.next);
        self.locals.push((name, slot));
        slot
    }

    /// Enter (`true`) or leave a loop's body.
    pub fn in_loop(&mut self, entering: bool) {
        if entering {
            self.loops += 1;
        } else {
            self.loops -= 1;
        }
    }

    /// The local slot of `name`, if a local is visible.
    fn local(&self, name: &str) -> Option<u32> {
        self.locals
            .iter()
            .rev()
            .find(|(n, _)| **n == *name)
            .map(|(_, s)| *s)
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
        self.uses.push(id);
        Meaning::Global(id)
    }

    /// What `name` means here, if it is bound (nothing is created).
    pub fn lookup_defined(&mut self, name: &str) -> Option<Meaning> {
        if let Some(slot) = self.local(name) {
            return Some(Meaning::Local(slot));
        }
        if let Some(b) = self.module.names.get(name) {
            self.uses.push(b.id);
            return Some(Meaning::Global(b.id));
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
        if self.in_function {
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
        self.uses.push(id);
        Ok(Meaning::Global(id))
    }

    /// `return` must be inside a function.
    pub fn check_return(&self, span: Span) -> Result<(), Error> {
        if self.in_function {
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
        if self.loops > 0 {
            Ok(())
        } else {
            Err(Error::spanned(span, format!("`{word}` outside a loop")))
        }
    }
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
