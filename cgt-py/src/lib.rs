//! The native part of the `cgt` Python package: sessions of the cgt
//! language and opaque handles to their values. The package's Python code
//! (python/cgt) gives the handles Python's operators and types; everything
//! it computes goes through [`Session::eval`], so Python sees exactly the
//! values, names and error messages of the REPL.
//!
//! Every computation runs on the calling thread with the GIL released and
//! looks at Python's signals every 20 ms (the engine's poll hook): Ctrl-C in
//! a notebook (a `KeyboardInterrupt`) stops it as Ctrl-C does in the REPL,
//! and the session stays usable.

use cgt_core::interrupt;
use cgt_lang::{
    Context, Error, ErrorKind, HostFunction, Session as LangSession, Span, Value as LangValue,
};
use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFrozenSet, PyList, PyTuple};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::time::Duration;

/// Every allocation is counted, so that the memory limit sees the heap.
#[global_allocator]
static ALLOC: interrupt::CountingAllocator = interrupt::CountingAllocator;

pyo3::create_exception!(
    cgt,
    CgtError,
    PyValueError,
    "An error of the cgt language or engine: the message (with the input and a caret under the column) as the REPL prints it."
);

type Shared = Arc<Mutex<LangSession>>;

/// A session of the cgt language: its variables, definitions and games.
#[pyclass(frozen, module = "cgt._cgt")]
struct Session {
    inner: Shared,
}

/// A value of a session (a game, a position, a thermograph, ...), opaque
/// to Python; valid with the session that made it.
#[pyclass(frozen, module = "cgt._cgt")]
struct Value {
    session: Shared,
    value: LangValue,
}

/// How often a running computation looks at Python's signals.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// Computations running now, in any thread.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// The exception a Python function called by a computation raised: the
/// computation stops, and the exception is raised again when it returns.
static CALLBACK_ERROR: Mutex<Option<PyErr>> = Mutex::new(None);

/// The signal (KeyboardInterrupt) that stopped the last computation.
static SIGNAL: Mutex<Option<PyErr>> = Mutex::new(None);

/// Runs on the computing thread when the ticker asks: Python's pending
/// signals (on the main thread); true, keeping the exception, to stop.
fn look_at_signals() -> bool {
    Python::with_gil(|py| match py.check_signals() {
        Ok(()) => false,
        Err(e) => {
            *SIGNAL.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
            true
        }
    })
}

/// Starts, once, the thread that asks running computations to look at
/// Python's signals every [`SIGNAL_POLL`].
fn start_ticker() {
    static TICKER: Once = Once::new();
    TICKER.call_once(|| {
        interrupt::set_poll_hook(look_at_signals);
        let _ = std::thread::Builder::new()
            .name("cgt-signals".into())
            .spawn(|| loop {
                std::thread::sleep(SIGNAL_POLL);
                if RUNNING.load(Ordering::Relaxed) > 0 {
                    interrupt::request_poll();
                }
            });
    });
}

/// Runs `f` on the session on this thread with the GIL released (kept,
/// when `release` is false: a computation that calls Python functions
/// for every position would take it back each time); Python's signals
/// are looked at while it runs, and a KeyboardInterrupt stops it (as
/// Ctrl-C in the REPL) and is raised. Errors of the language carry the caret
/// under `src` when `src` is the user's text.
fn run<R: Send>(
    py: Python<'_>,
    session: &Shared,
    src: Option<&str>,
    release: bool,
    f: impl FnOnce(&mut LangSession) -> Result<R, Error> + Send,
) -> PyResult<R> {
    start_ticker();
    let work = || {
        let mut s = session.lock().unwrap_or_else(|p| p.into_inner());
        RUNNING.fetch_add(1, Ordering::Relaxed);
        let r = f(&mut s);
        RUNNING.fetch_sub(1, Ordering::Relaxed);
        r
    };
    let result = if release {
        py.allow_threads(work)
    } else {
        work()
    };
    let signal = SIGNAL.lock().unwrap_or_else(|p| p.into_inner()).take();
    let raised = CALLBACK_ERROR
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take();
    if let (Err(_), Some(e)) = (&result, raised) {
        return Err(e);
    }
    match (result, signal) {
        (Err(e), Some(sig)) if e.kind == ErrorKind::Interrupted => Err(sig),
        (r, _) => r.map_err(|e| to_py_err(&e, src)),
    }
}

/// A language error as a Python exception: interrupts as KeyboardInterrupt,
/// the memory limit as MemoryError, the rest as CgtError with the caret.
fn to_py_err(e: &Error, src: Option<&str>) -> PyErr {
    let text = match src {
        Some(src) => {
            let text = e.render(src);
            text.strip_prefix("error: ").unwrap_or(&text).to_string()
        }
        None => e.message.clone(),
    };
    match e.kind {
        ErrorKind::Interrupted => PyKeyboardInterrupt::new_err(text),
        ErrorKind::MemoryLimit => PyMemoryError::new_err(MEMORY_LIMIT),
        _ => CgtError::new_err(text),
    }
}

/// The message of Python's MemoryError for the engine's limit.
const MEMORY_LIMIT: &str =
    "memory limit exceeded (raise it with cgt.set_memory_limit(bytes); 0 for none)";

/// Bytes a converted value takes on Python's side per list item (a pointer
/// in the list and an object) and per string beyond its text: estimates,
/// since Python's objects are outside the engine's account.
const PY_ITEM_BYTES: usize = 8 + 72;
const PY_STR_BYTES: usize = 64;

/// Python's objects for a conversion are not counted by the engine's
/// allocator: the limit is asked for their estimated size before they are
/// made, so a conversion cannot take the machine's memory past it.
fn python_room(bytes: usize) -> PyResult<()> {
    interrupt::room_for(bytes).map_err(|_| PyMemoryError::new_err(MEMORY_LIMIT))
}

/// A language value as a Python object: booleans, strings and lists as
/// themselves, outcome classes, players and comparisons as their names,
/// everything else (games, positions, thermographs, tables) as a handle.
fn to_py(py: Python<'_>, session: &Shared, v: LangValue) -> PyResult<PyObject> {
    match &v {
        LangValue::Str(s) | LangValue::Text(s) => python_room(s.len() + PY_STR_BYTES)?,
        LangValue::List(items) | LangValue::Set(items) => {
            python_room(items.len().saturating_mul(PY_ITEM_BYTES))?
        }
        _ => {}
    }
    Ok(match v {
        LangValue::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        LangValue::Str(s) => s.to_string().into_pyobject(py)?.into_any().unbind(),
        LangValue::Text(s) => s.to_string().into_pyobject(py)?.into_any().unbind(),
        LangValue::Nil => py.None(),
        LangValue::Rational(r) => {
            let fraction = py.import("fractions")?.getattr("Fraction")?;
            let int = py.import("builtins")?.getattr("int")?;
            let n = int.call1((r.numer().to_string(),))?;
            let d = int.call1((r.denom().to_string(),))?;
            fraction.call1((n, d))?.unbind()
        }
        LangValue::Outcome(o) => o.to_string().into_pyobject(py)?.into_any().unbind(),
        LangValue::Comparison(c) => c.to_string().into_pyobject(py)?.into_any().unbind(),
        LangValue::Player(p) => {
            let name = if p == cgt_lang::Player::Left {
                "Left"
            } else {
                "Right"
            };
            name.into_pyobject(py)?.into_any().unbind()
        }
        LangValue::List(items) => {
            let items: Vec<PyObject> = items
                .iter()
                .map(|x| to_py(py, session, x.clone()))
                .collect::<PyResult<_>>()?;
            PyList::new(py, items)?.into_any().unbind()
        }
        LangValue::Set(items) => {
            let items: Vec<PyObject> = items
                .iter()
                .map(|x| to_py(py, session, x.clone()))
                .collect::<PyResult<_>>()?;
            PyFrozenSet::new(py, &items)?.into_any().unbind()
        }
        LangValue::Map(m) => {
            // A dict; list keys become tuples (Python's keys are hashable).
            let dict = PyDict::new(py);
            for (k, v) in m.iter() {
                let key = to_py(py, session, k.0.clone())?;
                let key = match key.bind(py).downcast::<PyList>() {
                    Ok(list) => list.to_tuple().into_any().unbind(),
                    Err(_) => key,
                };
                dict.set_item(key, to_py(py, session, v.clone())?)?;
            }
            dict.into_any().unbind()
        }
        other => Py::new(
            py,
            Value {
                session: session.clone(),
                value: other,
            },
        )?
        .into_any(),
    })
}

/// A Python object as a language value: a handle (of this session), a
/// bool, an int, a Fraction, a str, or a list, tuple or dict of these.
fn from_py(session: &Shared, obj: &Bound<'_, PyAny>) -> PyResult<LangValue> {
    if let Ok(h) = obj.downcast::<Value>() {
        let h = h.get();
        if !Arc::ptr_eq(&h.session, session) {
            return Err(CgtError::new_err(
                "a value of another session: convert it with that session's text",
            ));
        }
        return Ok(h.value.clone());
    }
    if let Ok(b) = obj.downcast::<pyo3::types::PyBool>() {
        return Ok(LangValue::Bool(b.is_true()));
    }
    if let Ok(text) = obj.downcast::<pyo3::types::PyString>() {
        python_room(text.len()?)?;
        return Ok(LangValue::Str(obj.extract::<String>()?.into()));
    }
    if obj.downcast::<pyo3::types::PyInt>().is_ok() {
        // An integer literal: evaluated at once (it cannot run long).
        let text = obj.str()?.to_string();
        let mut s = session.lock().unwrap_or_else(|p| p.into_inner());
        return s.eval_with(&text, &[]).map_err(|e| to_py_err(&e, None));
    }
    let py = obj.py();
    if obj.is_instance(&py.import("fractions")?.getattr("Fraction")?)? {
        // A number if dyadic, else the language's rational (as `n/d` reads).
        let (n, d) = (obj.getattr("numerator")?, obj.getattr("denominator")?);
        let text = format!("({})/({})", n.str()?, d.str()?);
        let mut s = session.lock().unwrap_or_else(|p| p.into_inner());
        return s.eval_with(&text, &[]).map_err(|e| to_py_err(&e, None));
    }
    if obj.downcast::<PyList>().is_ok() || obj.downcast::<PyTuple>().is_ok() {
        python_room(obj.len()?.saturating_mul(std::mem::size_of::<LangValue>()))?;
        let items: Vec<LangValue> = obj
            .try_iter()?
            .map(|x| from_py(session, &x?))
            .collect::<PyResult<_>>()?;
        return Ok(LangValue::list(items));
    }
    if let Ok(dict) = obj.downcast::<PyDict>() {
        python_room(
            dict.len()
                .saturating_mul(2 * std::mem::size_of::<LangValue>()),
        )?;
        let mut m = cgt_lang::Map::with_capacity(dict.len());
        for (k, v) in dict.iter() {
            m.insert(
                cgt_lang::Key::of(from_py(session, &k)?),
                from_py(session, &v)?,
            );
        }
        return Ok(LangValue::Map(Arc::new(m)));
    }
    Err(CgtError::new_err(format!(
        "cannot use a Python {} as a cgt value",
        obj.get_type().name()?
    )))
}

/// A position handed to a Python function: integers as ints, lists as
/// tuples (positions are hashable), strings and bools as themselves, other
/// values as handles.
fn position_to_py(
    py: Python<'_>,
    ctx: &mut dyn Context,
    session: &Shared,
    v: &LangValue,
) -> PyResult<PyObject> {
    Ok(match v {
        LangValue::Str(s) => s.as_str().into_pyobject(py)?.into_any().unbind(),
        LangValue::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        LangValue::Game(g) => match ctx.arena().as_i64(*g) {
            Some(n) => n.into_pyobject(py)?.into_any().unbind(),
            None => match ctx.to_integer(v, Span::default()) {
                Ok(n) => {
                    let int = py.import("builtins")?.getattr("int")?;
                    int.call1((n.to_string(),))?.unbind()
                }
                Err(_) => to_py(py, session, v.clone())?,
            },
        },
        LangValue::List(items) => {
            let items = items
                .iter()
                .map(|x| position_to_py(py, ctx, session, x))
                .collect::<PyResult<Vec<_>>>()?;
            PyTuple::new(py, items)?.into_any().unbind()
        }
        other => to_py(py, session, other.clone())?,
    })
}

/// What a Python function gave back, as a language value (without taking
/// the session, which the running computation holds).
fn position_from_py(
    ctx: &mut dyn Context,
    session: &Shared,
    obj: &Bound<'_, PyAny>,
) -> PyResult<LangValue> {
    if let Ok(h) = obj.downcast::<Value>() {
        let h = h.get();
        if !Arc::ptr_eq(&h.session, session) {
            return Err(CgtError::new_err("a value of another session"));
        }
        return Ok(h.value.clone());
    }
    if let Ok(b) = obj.downcast::<pyo3::types::PyBool>() {
        return Ok(LangValue::Bool(b.is_true()));
    }
    if let Ok(s) = obj.downcast::<pyo3::types::PyString>() {
        return Ok(LangValue::Str(s.to_cow()?.as_ref().into()));
    }
    if obj.downcast::<pyo3::types::PyInt>().is_ok() {
        if let Ok(n) = obj.extract::<i64>() {
            return Ok(LangValue::Game(ctx.arena().integer(n)));
        }
        let n: cgt_core::number::BigInt = obj
            .str()?
            .to_cow()?
            .parse()
            .map_err(|_| CgtError::new_err("an integer that does not read back"))?;
        return Ok(LangValue::Game(ctx.integer(&n)));
    }
    if obj.downcast::<PyList>().is_ok() || obj.downcast::<PyTuple>().is_ok() {
        python_room(obj.len()?.saturating_mul(std::mem::size_of::<LangValue>()))?;
        let items = obj
            .try_iter()?
            .map(|x| position_from_py(ctx, session, &x?))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(LangValue::list(items));
    }
    Err(CgtError::new_err(format!(
        "a position is a str, an int, a bool, or a tuple or list of them, not a {}",
        obj.get_type().name()?
    )))
}

#[pymethods]
impl Session {
    #[new]
    fn new() -> Self {
        Session {
            inner: Arc::new(Mutex::new(LangSession::new())),
        }
    }

    /// Evaluate the expression `text` of the cgt language, with `bindings`
    /// (pairs of a name and a value) seen as local names. With `user` false
    /// the text is the package's own, and errors give only their message.
    /// `calls_python`: the computation calls Python functions (a ruleset
    /// defined from Python), so the GIL is kept while it runs.
    #[pyo3(signature = (text, bindings = None, user = true, calls_python = false))]
    fn eval(
        &self,
        py: Python<'_>,
        text: String,
        bindings: Option<Vec<(String, Bound<'_, PyAny>)>>,
        user: bool,
        calls_python: bool,
    ) -> PyResult<PyObject> {
        let v = self.eval_value(py, text, bindings, user, calls_python)?;
        to_py(py, &self.inner, v)
    }

    /// Run one line of the language (statements, definitions, assignments)
    /// and return what the REPL prints for it.
    fn run(&self, py: Python<'_>, line: String) -> PyResult<String> {
        let src = line.clone();
        run(py, &self.inner, Some(&src), true, move |s| {
            match s.command(&line) {
                Some(r) => r,
                None => s.run_line(&line),
            }
        })
    }

    /// A Python callable as a function of the language (a ruleset's
    /// moves): called with positions as Python values (strings, ints,
    /// bools, tuples for lists, handles for the rest), and its result read
    /// back the same way.
    fn host_function(&self, name: String, f: PyObject) -> Value {
        let session = Arc::downgrade(&self.inner);
        let label = name.clone();
        let call = move |ctx: &mut dyn Context, args: Vec<LangValue>, span: Span| {
            Python::with_gil(|py| -> PyResult<LangValue> {
                let shared = session
                    .upgrade()
                    .ok_or_else(|| CgtError::new_err("the session has ended"))?;
                let args = args
                    .iter()
                    .map(|a| position_to_py(py, ctx, &shared, a))
                    .collect::<PyResult<Vec<_>>>()?;
                let r = f.call1(py, PyTuple::new(py, args)?)?;
                position_from_py(ctx, &shared, r.bind(py))
            })
            .map_err(|e| {
                let text = format!("the Python function {label} raised {e}");
                *CALLBACK_ERROR.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                Error::spanned(span, text)
            })
        };
        Value {
            session: self.inner.clone(),
            value: LangValue::Host(Arc::new(HostFunction::new(name, call))),
        }
    }

    /// Serve the explorer of `start` (the last value if none) on
    /// 127.0.0.1 with this session, until the page quits or the Python
    /// process is interrupted (KeyboardInterrupt; the kernel's interrupt in
    /// a notebook); the address is printed.
    #[pyo3(signature = (start=None, port=0, open=true))]
    fn explore(
        &self,
        py: Python<'_>,
        start: Option<Bound<'_, PyAny>>,
        port: u16,
        open: bool,
    ) -> PyResult<()> {
        let start = match start {
            Some(obj) => Some(from_py(&self.inner, &obj)?),
            None => None,
        };
        run(py, &self.inner, None, true, move |s| {
            let game = match start {
                Some(v) => v,
                None => s.eval_with("ans", &[])?,
            };
            if !cgt_explore::explorable(&game) {
                return Err(Error::plain(format!(
                    "a {} is not a game to explore",
                    game.type_name()
                )));
            }
            let own = std::mem::replace(s, LangSession::new());
            let mut explorer = cgt_explore::Explorer::new(own, game);
            let options = cgt_explore::Options { port, open };
            let served = cgt_explore::serve(&mut explorer, options, |url| {
                Python::with_gil(|py| {
                    let line = format!("explorer: {url}  (interrupt to end it)");
                    let _ = py
                        .import("builtins")
                        .and_then(|b| b.getattr("print"))
                        .and_then(|p| p.call1((line,)));
                });
            });
            *s = explorer.into_session();
            served.map_err(Error::plain)
        })
    }

    /// What `print` printed since the last call.
    fn take_output(&self) -> String {
        self.lock().take_output()
    }

    /// The notes since the last call (a definition replacing another, a
    /// name hiding a built-in), one line each.
    fn take_notes(&self) -> Vec<String> {
        self.lock().take_notes()
    }

    /// Set the session's variable `name`.
    fn set(&self, py: Python<'_>, name: String, value: Bound<'_, PyAny>) -> PyResult<()> {
        let v = from_py(&self.inner, &value)?;
        run(py, &self.inner, None, true, move |s| {
            s.set_variable(&name, v)
        })
    }

    /// The session's variable `name`, or None.
    fn get(&self, py: Python<'_>, name: String) -> PyResult<PyObject> {
        let v = self.lock().variable(&name);
        match v {
            Some(v) => to_py(py, &self.inner, v),
            None => Ok(py.None()),
        }
    }

    /// The printed form of a value, in the session's style or the one named
    /// ("plain", "unicode", "latex").
    #[pyo3(signature = (value, style = None))]
    fn show(&self, py: Python<'_>, value: &Value, style: Option<String>) -> PyResult<String> {
        let style = match style {
            Some(s) => Some(
                s.parse::<cgt_lang::style::Style>()
                    .map_err(CgtError::new_err)?,
            ),
            None => None,
        };
        let v = value.value.clone();
        run(py, &self.inner, None, true, move |s| {
            s.guard(|s| {
                let before = s.style();
                if let Some(st) = style {
                    s.set_style(st);
                }
                let text = s.show(&v);
                s.set_style(before);
                Ok(text)
            })
        })
    }

    /// The exact value of a number as (numerator, denominator), else None.
    fn number(&self, py: Python<'_>, value: &Value) -> PyResult<Option<(PyObject, PyObject)>> {
        let mut s = self.lock();
        number_parts(py, &mut s, &value.value)
    }

    /// The rows of a table (lists of values), else None.
    fn table_rows(&self, py: Python<'_>, value: &Value) -> PyResult<Option<Vec<Vec<PyObject>>>> {
        let LangValue::Table(rows) = &value.value else {
            return Ok(None);
        };
        let rows = rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|x| to_py(py, &self.inner, x.clone()))
                    .collect::<PyResult<Vec<_>>>()
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Some(rows))
    }

    /// The style games are printed in: "plain", "unicode" or "latex".
    #[getter]
    fn style(&self) -> &'static str {
        match self.lock().style() {
            cgt_lang::style::Style::Plain => "plain",
            cgt_lang::style::Style::Unicode => "unicode",
            cgt_lang::style::Style::Latex => "latex",
        }
    }

    #[setter]
    fn set_style(&self, style: String) -> PyResult<()> {
        let st = style
            .parse::<cgt_lang::style::Style>()
            .map_err(CgtError::new_err)?;
        self.lock().set_style(st);
        Ok(())
    }

    /// Names of the variables and functions defined so far.
    fn variables(&self) -> Vec<String> {
        self.lock().variables()
    }

    /// Whether `value` belongs to this session.
    fn owns(&self, value: &Value) -> bool {
        Arc::ptr_eq(&self.inner, &value.session)
    }
}

/// A number's numerator and denominator as Python ints (None if `v` is not
/// a number).
fn number_parts(
    py: Python<'_>,
    s: &mut LangSession,
    v: &LangValue,
) -> PyResult<Option<(PyObject, PyObject)>> {
    let LangValue::Game(g) = *v else {
        return Ok(None);
    };
    let Some(x) = s.world().arena.as_number(g) else {
        return Ok(None);
    };
    let num = x.numerator();
    let den = cgt_core::number::BigInt::from(1u8) << x.exponent();
    let int = |n: &cgt_core::number::BigInt| -> PyResult<PyObject> {
        match i64::try_from(n) {
            Ok(small) => Ok(small.into_pyobject(py)?.into_any().unbind()),
            Err(_) => {
                let builtins = py.import("builtins")?;
                Ok(builtins.getattr("int")?.call1((n.to_string(),))?.unbind())
            }
        }
    };
    Ok(Some((int(&num)?, int(&den)?)))
}

impl Session {
    /// The value of `text` with `bindings` as local names (see `eval`).
    fn eval_value(
        &self,
        py: Python<'_>,
        text: String,
        bindings: Option<Vec<(String, Bound<'_, PyAny>)>>,
        user: bool,
        calls_python: bool,
    ) -> PyResult<LangValue> {
        let mut values: Vec<(String, LangValue)> = Vec::new();
        for (name, obj) in bindings.unwrap_or_default() {
            values.push((name, from_py(&self.inner, &obj)?));
        }
        let src = user.then(|| text.clone());
        run(py, &self.inner, src.as_deref(), !calls_python, move |s| {
            if let Some(r) = s.command(&text) {
                return r.map(LangValue::text);
            }
            let named: Vec<(&str, LangValue)> = values
                .iter()
                .map(|(n, v)| (n.as_str(), v.clone()))
                .collect();
            s.eval_with(&text, &named)
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LangSession> {
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[pymethods]
impl Value {
    /// The kind of value: "game", "game form", "position", "thermograph", ...
    #[getter]
    fn kind(&self) -> &'static str {
        self.value.type_name()
    }

    /// The session the value belongs to.
    #[getter]
    fn session(&self) -> Session {
        Session {
            inner: self.session.clone(),
        }
    }
}

/// The functions of the language: (name, signature, topic, help, example).
#[pyfunction]
fn builtins() -> Vec<(
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
)> {
    cgt_lang::builtins::builtins()
        .iter()
        .map(|b| (b.name, b.signature, b.topic, b.help, b.example))
        .collect()
}

/// Text with LaTeX's special characters escaped for text mode (the
/// escaping the language's LaTeX output uses).
#[pyfunction]
fn latex_text(text: &str) -> String {
    cgt_lang::style::latex_text(text)
}

/// Limit the memory of computations to `bytes` (0: no limit); a computation
/// that passes it stops with MemoryError.
#[pyfunction]
fn set_memory_limit(bytes: usize) {
    interrupt::set_memory_limit(bytes);
}

/// The memory limit in bytes (0: none).
#[pyfunction]
fn memory_limit() -> usize {
    interrupt::memory_limit()
}

/// The bytes the engine holds now.
#[pyfunction]
fn memory_used() -> usize {
    interrupt::live_bytes()
}

#[pymodule]
fn _cgt(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Session>()?;
    m.add_class::<Value>()?;
    m.add("CgtError", m.py().get_type::<CgtError>())?;
    m.add_function(wrap_pyfunction!(builtins, m)?)?;
    m.add_function(wrap_pyfunction!(latex_text, m)?)?;
    m.add_function(wrap_pyfunction!(set_memory_limit, m)?)?;
    m.add_function(wrap_pyfunction!(memory_limit, m)?)?;
    m.add_function(wrap_pyfunction!(memory_used, m)?)?;
    Ok(())
}
