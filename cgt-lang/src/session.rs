//! A session: the machine and the bindings of the REPL's top level, and
//! the one entry point of everything that evaluates text (the REPL, `-e`,
//! scripts, `--batch`, Python): a line in, a value or an error out. Nothing
//! unwinds out of a session: a stop (Ctrl-C, the memory limit, a limit of
//! the engine) undoes the line that was stopped.

use crate::error::{Error, ErrorKind, Span};
use crate::machine::Machine;
use crate::resolve::{check_bindable, ModuleScope};
use crate::style::Style;
use crate::syntax::ast::StatementKind;
use crate::syntax::parser::parse_line;
use crate::toplevel;
use crate::value::{Function, Value};
use crate::world::World;
use cgt_core::form::Form;
use cgt_core::game::GameId;
use std::sync::Arc;

/// A worksheet session: the games computed so far, the variables and the
/// functions defined, the modules loaded.
pub struct Session {
    machine: Machine,
    scope: ModuleScope,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

/// True if the line holds nothing but white space and comments.
pub fn is_blank(line: &str) -> bool {
    line.lines().all(|l| {
        let t = l.trim_start();
        t.is_empty() || t.starts_with('#')
    })
}

impl Session {
    /// A fresh session with no variables.
    pub fn new() -> Self {
        let mut machine = Machine::new();
        machine.load_fn = toplevel::load_module;
        Session {
            machine,
            scope: ModuleScope::default(),
        }
    }

    /// Run `f` on the session so that nothing unwinds out of it: a stop
    /// (Ctrl-C, the memory limit, a value beyond the engine's limits) or an
    /// internal failure becomes an [`Error`] of the matching kind, and the
    /// session stays usable: the games the stopped computation made are
    /// dropped, and with them every binding the line made.
    pub fn guard<R>(
        &mut self,
        f: impl FnOnce(&mut Session) -> Result<R, Error>,
    ) -> Result<R, Error> {
        let games_before = self.machine.world.arena.len();
        let globals_before = self.machine.globals.len();
        let scope_before = self.scope.clone();
        let outer = self.machine.undo.replace(Vec::new());
        let outer_logged = std::mem::take(&mut self.machine.undo_logged);
        let result = cgt_core::interrupt::catch(|| f(self));
        let undo = std::mem::replace(&mut self.machine.undo, outer).unwrap_or_default();
        self.machine.undo_logged = outer_logged;
        self.machine.reset();
        match result {
            Ok(Ok(r)) => Ok(r),
            Ok(Err(e)) if !matches!(e.kind, ErrorKind::Interrupted | ErrorKind::MemoryLimit) => {
                Err(e)
            }
            other => {
                // Nothing may refer to the games the stopped computation
                // made: undo what the line bound, then give their memory back.
                let m = &mut self.machine;
                for (id, old) in undo.into_iter().rev() {
                    if let Some(g) = m.globals.get_mut(id as usize) {
                        g.value = old;
                    }
                }
                m.globals.truncate(globals_before);
                m.modules.loaded.retain(|_, (_, md)| {
                    md.exports
                        .values()
                        .all(|&id| (id as usize) < globals_before)
                });
                m.modules.loading.clear();
                m.modules.loading_set.clear();
                self.scope = scope_before;
                m.forget_results();
                m.world.arena.rollback(games_before);
                match other {
                    Ok(r) => r,
                    Err(stop) => Err(stop.into()),
                }
            }
        }
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
        for st in parse_line(line)? {
            let v = toplevel::statement(&mut self.machine, &mut self.scope, &st, line, None, &[])?;
            let shown = matches!(
                st.kind,
                StatementKind::Expr(_) | StatementKind::Assign { .. }
            );
            if let Some(v) = &v {
                if shown && !matches!(v, Value::Nil) {
                    toplevel::set_ans(&mut self.machine, &mut self.scope, v.clone());
                }
            }
            last = v;
        }
        Ok(last)
    }

    /// Evaluate a line and print the result: what it printed (`print`),
    /// then its value (empty for blank lines, for nothing, and after a
    /// closing `;`, as in CGScript).
    /// Never unwinds: stops and failures are errors (see [`Session::guard`]).
    pub fn run_line(&mut self, line: &str) -> Result<String, Error> {
        let silenced = crate::syntax::script::silenced(line);
        let r = self.guard(|s| {
            let v = s.eval_line_unguarded(line)?;
            Ok(match v {
                // Nothing (a loop, `print`) prints as nothing.
                None | Some(Value::Nil) => String::new(),
                Some(_) if silenced => String::new(),
                Some(v) => s.shown(&v),
            })
        });
        let printed = self.machine.take_output();
        let value = r?;
        Ok(join_output(printed, value))
    }

    /// Evaluate the expression `text` with `bindings` seen as local names:
    /// for hosts that hold values rather than text (the Python bindings
    /// compute `a + b` as `eval_with("a + b", [("a", x), ("b", y)])`).
    /// Never unwinds (see [`Session::guard`]).
    /// Statements run as in a line, their value the last one's.
    pub fn eval_with(&mut self, text: &str, bindings: &[(&str, Value)]) -> Result<Value, Error> {
        self.guard(|s| {
            let locals: Vec<(Arc<str>, Value)> = bindings
                .iter()
                .map(|(n, v)| (Arc::from(*n), v.clone()))
                .collect();
            let mut last = Value::Nil;
            for st in parse_line(text)? {
                let v =
                    toplevel::statement(&mut s.machine, &mut s.scope, &st, text, None, &locals)?;
                last = v.unwrap_or(Value::Nil);
            }
            Ok(last)
        })
    }

    /// Set the global `name` to `v`, as `name = ...` does.
    pub fn set_variable(&mut self, name: &str, v: Value) -> Result<(), Error> {
        check_bindable(name, Span::default())?;
        if !crate::syntax::parser::is_identifier(name) {
            return Err(Error::plain(format!("`{name}` is not a name")));
        }
        toplevel::assign(&mut self.machine, &mut self.scope, name, v);
        Ok(())
    }

    /// The global `name`, if it is set.
    pub fn variable(&self, name: &str) -> Option<Value> {
        let b = self.scope.names.get(name)?;
        self.machine.globals[b.id as usize].value.clone()
    }

    /// Names of the variables defined so far (functions included).
    pub fn variables(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .scope
            .names
            .iter()
            .filter(|(_, b)| self.machine.globals[b.id as usize].value.is_some())
            .map(|(n, _)| n.clone())
            .collect();
        v.sort();
        v
    }

    /// The functions the session's names are bound to now, by name.
    pub fn functions(&self) -> Vec<Arc<Function>> {
        let mut fs: Vec<Arc<Function>> = self
            .scope
            .names
            .values()
            .filter_map(|b| match &self.machine.globals[b.id as usize].value {
                Some(Value::Function(f)) => Some(f.clone()),
                _ => None,
            })
            .collect();
        fs.sort_by(|a, b| a.name().cmp(b.name()));
        fs.dedup_by(|a, b| Arc::ptr_eq(a, b));
        fs
    }

    /// The help text of a name the session defined: a function's signature
    /// and doc string, a ruleset, a module's exports.
    pub fn function_help(&self, name: &str) -> Option<String> {
        match self.variable(name)? {
            Value::Function(f) => {
                let from = f
                    .module
                    .as_ref()
                    .map(|m| format!("\n  defined in {m}"))
                    .unwrap_or_default();
                Some(match f.doc() {
                    Some(doc) => format!(
                        "{}\n  {doc}\n  defined as: {}{from}",
                        f.signature(),
                        f.source
                    ),
                    None => format!("{}\n  defined as: {}{from}", f.signature(), f.source),
                })
            }
            Value::Ruleset(r) => Some(format!(
                "{}(position): a ruleset defined in the language ({} positions explored)",
                r.name,
                crate::library::rulesets::explored(&r)
            )),
            Value::Module(m) => {
                let mut names: Vec<&String> = m.exports.keys().collect();
                names.sort();
                let names: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
                Some(format!(
                    "module {} (\"{}\"): {}",
                    m.name,
                    m.path,
                    names.join(", ")
                ))
            }
            _ => None,
        }
    }

    /// The games and data of the session.
    pub fn world(&mut self) -> &mut World {
        &mut self.machine.world
    }

    /// How values are printed.
    pub fn style(&self) -> Style {
        self.machine.world.style
    }

    /// Print values in this style from now on.
    pub fn set_style(&mut self, style: Style) {
        self.machine.world.style = style;
    }

    /// The printed form of a value. Printing a compound form computes its
    /// value, which may be stopped: call it inside [`Session::guard`].
    pub fn show(&mut self, v: &Value) -> String {
        self.machine.world.show(v)
    }

    /// A game in the session's style.
    pub fn game_text(&mut self, g: GameId) -> String {
        self.machine.world.game_text(g)
    }

    /// How a result prints: its text, or past `max_print` characters a
    /// summary (found without printing it), which `:print` completes.
    pub fn shown(&mut self, v: &Value) -> String {
        let limit = self.machine.world.max_print;
        if limit > 0 {
            if let Some(n) = self.printed_len(v) {
                if n > limit {
                    return self.summary(v, n);
                }
            }
        }
        self.machine.world.show(v)
    }

    /// `(a game of birthday B with D distinct subpositions, printed in N characters: ...)`
    fn summary(&mut self, v: &Value, chars: usize) -> String {
        let Ok(g) = self.to_game(v, Span::default()) else {
            return self.machine.world.show(v);
        };
        let arena = &mut self.machine.world.arena;
        let birthday = arena.birthday(g);
        let distinct = arena
            .follower_count(g, 100_000_000)
            .map_or_else(|_| "more than 10^8".to_string(), |n| n.to_string());
        format!(
            "(a game of birthday {birthday} with {distinct} distinct subpositions, printed in {chars} characters: \
             :print shows it, :write FILE writes it to a file, compact(ans) names its shared subgames, :set max_print 0 always prints)"
        )
    }

    /// The length of a game value's printed text, found without printing it.
    pub fn printed_len(&mut self, v: &Value) -> Option<usize> {
        self.machine.world.printed_len(v)
    }

    /// The canonical game of a value.
    pub fn to_game(&mut self, v: &Value, span: Span) -> Result<GameId, Error> {
        self.machine.world.to_game(v, span)
    }

    /// The form of a value.
    pub fn to_form(&mut self, v: &Value, span: Span) -> Result<Form, Error> {
        self.machine.world.to_form(v, span)
    }

    /// Notes for the user since the last call (a definition replacing
    /// another, a name hiding a built-in), one line each.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.machine.notes)
    }

    /// What `print` printed since the last call (when no sink is set).
    pub fn take_output(&mut self) -> String {
        self.machine.take_output()
    }

    /// Send what `print` prints to `sink` as it is printed (none: keep it
    /// for [`Session::take_output`] and [`Session::run_line`]).
    pub fn set_output(&mut self, sink: Option<crate::machine::Sink>) {
        self.machine.set_sink(sink);
    }

    /// Where relative paths of `import` and `load` start at the top level
    /// (a script's directory; the current directory if none).
    pub fn set_base_dir(&mut self, dir: Option<std::path::PathBuf>) {
        self.machine.modules.base = dir;
    }
}

/// What a line printed, then its value, on lines of their own.
fn join_output(mut printed: String, value: String) -> String {
    if printed.is_empty() {
        return value;
    }
    if value.is_empty() {
        if printed.ends_with('\n') {
            printed.pop();
        }
        return printed;
    }
    if !printed.ends_with('\n') {
        printed.push('\n');
    }
    printed + &value
}
