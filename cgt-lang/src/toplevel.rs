//! The top level of a module — the REPL's session or a file — runs each
//! statement through the phases (resolve and compile, then run) and keeps
//! the module's bindings: `def`, assignments and `import` bind names for
//! the code written after them; a name bound again gets a new slot when
//! code written before it still reads the old one (which it keeps), and a
//! note says so. Files are loaded here as modules, each once per session.

use crate::code::GlobalId;
use crate::compile;
use crate::error::{Error, Span};
use crate::library::files;
use crate::machine::Machine;
use crate::resolve::{
    check_bindable, outcome_class, prelude, Binding, Meaning, ModuleScope, Resolver, Slots,
};
use crate::syntax::ast::{Statement, StatementKind};
use crate::syntax::{parser, script};
use crate::value::{Function, Module, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How a name is being bound.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `def`.
    Def,
    /// `x = ...` or `x := ...`.
    Assign,
    /// `import ... as x`, or a name an `import` brings.
    Import,
}

/// Run one statement of a module's top level. `src` is the text the
/// statement's spans point into; `module` the file of the module (none for
/// the session); `locals` values the host binds as local names.
pub fn statement(
    m: &mut Machine,
    scope: &mut ModuleScope,
    st: &Statement,
    src: &str,
    module: Option<&str>,
    locals: &[(Arc<str>, Value)],
) -> Result<Option<Value>, Error> {
    match &st.kind {
        StatementKind::Expr(e) => {
            let names: Vec<Arc<str>> = locals.iter().map(|(n, _)| n.clone()).collect();
            let mut r = Resolver::top_level(scope, m, &names);
            let code = compile::expression(&mut r, e)?;
            let frame = r.frame();
            let nested = r.nested_uses().to_vec();
            pin(m, &nested);
            let values = locals.iter().map(|(_, v)| v.clone()).collect();
            Ok(Some(m.run(&code, frame, values)?))
        }
        StatementKind::Assign {
            name,
            name_span,
            expr,
        } => {
            check_bindable(name, *name_span)?;
            let names: Vec<Arc<str>> = locals.iter().map(|(n, _)| n.clone()).collect();
            let mut r = Resolver::top_level(scope, m, &names);
            let code = compile::expression(&mut r, expr)?;
            let frame = r.frame();
            let nested = r.nested_uses().to_vec();
            pin(m, &nested);
            let values = locals.iter().map(|(_, v)| v.clone()).collect();
            m.naming = Some(name.clone());
            let v = m.run(&code, frame, values);
            m.naming = None;
            let v = v?;
            bind(m, scope, name, v.clone(), Kind::Assign);
            Ok(Some(v))
        }
        StatementKind::Def(def) => {
            check_bindable(&def.name, def.name_span)?;
            let old = scope.names.get(&def.name).copied();
            let id = match old {
                Some(b) if b.forward || !m.globals[b.id as usize].pinned => b.id,
                _ => m.new_slot(&def.name),
            };
            // Bound before its body is compiled: the body may call it.
            scope.names.insert(
                def.name.clone(),
                Binding {
                    id,
                    forward: old.is_some_and(|b| b.forward && b.id == id),
                },
            );
            let lambda = match compile::function(scope, m, def) {
                Ok(l) => l,
                Err(e) => {
                    match old {
                        Some(b) => scope.names.insert(def.name.clone(), b),
                        None => scope.names.remove(&def.name),
                    };
                    return Err(e);
                }
            };
            pin(m, &lambda.uses);
            let source = src[st.span.start..st.span.end].trim().to_string();
            let f = Arc::new(Function::new(
                Arc::new(lambda),
                source,
                module.map(str::to_string),
            ));
            m.functions.push(Arc::downgrade(&f));
            let signature = f.signature();
            note_binding(m, &def.name, old, id, Kind::Def);
            let before = m.globals[id as usize].value.clone();
            m.set_global(id, Value::Function(f));
            scope
                .names
                .insert(def.name.clone(), Binding { id, forward: false });
            m.mark_recursive_after(id, before);
            Ok(Some(Value::text(signature)))
        }
        StatementKind::Import {
            path,
            path_span,
            alias,
        } => {
            let v = (m.load_fn)(m, path, *path_span)?;
            let Value::Module(md) = &v else {
                return Err(Error::spanned(*path_span, "not a module"));
            };
            let mut names: Vec<&String> = md.exports.keys().collect();
            names.sort_unstable();
            let listed = names
                .iter()
                .map(|n| n.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            match alias {
                Some((name, span)) => {
                    check_bindable(name, *span)?;
                    bind(m, scope, name, v.clone(), Kind::Import);
                    Ok(Some(Value::text(format!(
                        "{name}: module \"{path}\" ({listed})"
                    ))))
                }
                None => {
                    for name in &names {
                        let id = md.exports[*name];
                        let old = scope.names.get(name.as_str()).copied();
                        note_binding(m, name, old, id, Kind::Import);
                        scope
                            .names
                            .insert(name.to_string(), Binding { id, forward: false });
                    }
                    Ok(Some(Value::text(format!("module \"{path}\" ({listed})"))))
                }
            }
        }
        StatementKind::Return(_) | StatementKind::Break | StatementKind::Continue => {
            let mut r = Resolver::top_level(scope, m, &[]);
            compile::statement(&mut r, st)?;
            Ok(None)
        }
    }
}

/// Keep the bindings of these globals: code that outlives its line (a
/// function's body) reads them.
fn pin(m: &mut Machine, uses: &[GlobalId]) {
    for &u in uses {
        m.globals[u as usize].pinned = true;
    }
}

/// Bind `name` to `value` for the code written from now on: in its slot if
/// nothing written before reads it, else in a new one (the old code keeps
/// the old value).
fn bind(m: &mut Machine, scope: &mut ModuleScope, name: &str, value: Value, kind: Kind) {
    let old = scope.names.get(name).copied();
    let id = match old {
        Some(b) if b.forward || !m.globals[b.id as usize].pinned => b.id,
        _ => m.new_slot(name),
    };
    note_binding(m, name, old, id, kind);
    m.set_global(id, value);
    scope
        .names
        .insert(name.to_string(), Binding { id, forward: false });
}

/// Bind `name` to `value` as `name = ...` does at the top level.
pub fn assign(m: &mut Machine, scope: &mut ModuleScope, name: &str, value: Value) {
    bind(m, scope, name, value, Kind::Assign);
}

/// The session's `ans`: the last value shown (one slot, overwritten).
pub fn set_ans(m: &mut Machine, scope: &mut ModuleScope, value: Value) {
    let id = match scope.names.get("ans") {
        Some(b) => b.id,
        None => {
            let id = m.new_slot("ans");
            scope
                .names
                .insert("ans".into(), Binding { id, forward: false });
            id
        }
    };
    m.set_global(id, value);
}

/// The note, if any, for `name` now bound to slot `id` (bound to `old` before).
fn note_binding(m: &mut Machine, name: &str, old: Option<Binding>, id: GlobalId, kind: Kind) {
    let what = match kind {
        Kind::Def => "function",
        Kind::Assign => "value",
        Kind::Import => "import",
    };
    let old = old.filter(|b| !b.forward || m.globals[b.id as usize].value.is_some());
    let Some(old) = old else {
        if let Some(meaning) = prelude(name) {
            let hidden = match meaning {
                Meaning::Builtin(b) => format!("the built-in {}", crate::library::signature(b)),
                Meaning::Constant(_) if outcome_class(name).is_some() => format!(
                    "the outcome class {name} (write OutcomeClass.{name} for it, which cannot be hidden)"
                ),
                Meaning::Constant(_) => format!("the constant {name}"),
                _ => format!("the word {name}"),
            };
            m.notes.push(format!(
                "`{name}` now names your {what}: {hidden} is hidden from the code written after this"
            ));
        }
        return;
    };
    if old.id == id && kind != Kind::Def {
        return;
    }
    let keepers = readers(m, old.id);
    let keep = if keepers.is_empty() {
        String::new()
    } else {
        format!(
            "; {} (defined before) keep{} the earlier one",
            keepers.join(", "),
            if keepers.len() == 1 { "s" } else { "" }
        )
    };
    match kind {
        Kind::Def => m.notes.push(format!(
            "`{name}` redefined: the code written from here on uses the new definition{keep}"
        )),
        _ if !keep.is_empty() => m.notes.push(format!("`{name}` bound again{keep}")),
        _ => {}
    }
}

/// The live functions whose code reads slot `id`, by name.
fn readers(m: &Machine, id: GlobalId) -> Vec<String> {
    let mut names: Vec<String> = m
        .functions
        .iter()
        .filter_map(std::sync::Weak::upgrade)
        .filter(|f| f.lambda.uses.contains(&id))
        .map(|f| f.name().to_string())
        .collect();
    // Functions made by code (`g := n => n + k`), held in globals.
    for g in &m.globals {
        if let Some(Value::Function(f)) = &g.value {
            if f.source.is_empty() && f.lambda.uses.contains(&id) {
                names.push(f.signature());
            }
        }
    }
    names.sort();
    names.dedup();
    names
}

/// Load a file as a module (`import`, `load`): evaluated once per session,
/// again only when its text has changed. A relative path starts at the
/// directory of the file that loads it (or of the script, or the current
/// directory).
pub fn load_module(m: &mut Machine, path: &str, span: Span) -> Result<Value, Error> {
    let base: PathBuf = m
        .modules
        .loading
        .last()
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .or_else(|| m.modules.base.clone())
        .unwrap_or_else(|| PathBuf::from("."));
    let full = base.join(path);
    let canonical = std::fs::canonicalize(&full)
        .map_err(|e| Error::spanned(span, format!("cannot read {path}: {e}")))?;
    let text = files::read_source(&canonical).map_err(|e| Error::spanned(span, e))?;
    let hash = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        text.hash(&mut h);
        h.finish()
    };
    if let Some((h, md)) = m.modules.loaded.get(&canonical) {
        if *h == hash {
            return Ok(Value::Module(md.clone()));
        }
    }
    if m.modules.loading_set.contains(&canonical) {
        let k = m
            .modules
            .loading
            .iter()
            .position(|p| *p == canonical)
            .unwrap_or(0);
        let mut cycle: Vec<String> = m.modules.loading[k..]
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        cycle.push(canonical.display().to_string());
        return Err(Error::spanned(
            span,
            format!("modules import each other: {}", cycle.join(" -> ")),
        ));
    }
    m.modules.loading.push(canonical.clone());
    m.modules.loading_set.insert(canonical.clone());
    // One level of the stack per import: a long chain grows it on the heap.
    let r = cgt_core::game::deep(|| run_module(m, &canonical, &text, span));
    m.modules.loading.pop();
    m.modules.loading_set.remove(&canonical);
    let md = r?;
    m.modules.loaded.insert(canonical, (hash, md.clone()));
    Ok(Value::Module(md))
}

/// Run a file's statements in a scope of its own; its names not starting
/// with `_` are its exports.
fn run_module(m: &mut Machine, path: &Path, text: &str, span: Span) -> Result<Arc<Module>, Error> {
    let file = path.display().to_string();
    let mut scope = ModuleScope::default();
    for (line, group) in script::statements(text) {
        let located = |e: Error| -> Error {
            let at = e.start.min(group.len());
            let line = line + group[..at].matches('\n').count();
            Error::spanned(span, format!("{file}:{line}: {}", e.message)).with_kind(e.kind)
        };
        // Each statement of a module (and of the modules it imports) sees
        // a pending Ctrl-C.
        cgt_core::interrupt::check();
        let statements = parser::parse_line(&group).map_err(located)?;
        for st in &statements {
            statement(m, &mut scope, st, &group, Some(&file), &[]).map_err(located)?;
        }
    }
    let mut exports = hashbrown::HashMap::new();
    let mut private = Vec::new();
    for (name, b) in &scope.names {
        if m.globals[b.id as usize].value.is_none() {
            continue;
        }
        if name.starts_with('_') {
            private.push(name.clone());
        } else {
            m.globals[b.id as usize].pinned = true;
            exports.insert(name.clone(), b.id);
        }
    }
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| file.clone());
    Ok(Arc::new(Module {
        name,
        path: file,
        exports,
        private,
    }))
}
