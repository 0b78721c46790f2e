//! The native part of the `cgt` Python package: sessions of the cgt
//! language and opaque handles to their values. The package's Python code
//! (python/cgt) gives the handles Python's operators and types; everything
//! it computes goes through [`Session::eval`], so Python sees exactly the
//! values, names and error messages of the REPL.
//!
//! Every computation runs on a worker thread with the GIL released, while
//! the calling thread waits and checks for Python signals: Ctrl-C in a
//! notebook (a `KeyboardInterrupt`) stops the computation as Ctrl-C does in
//! the REPL, and the session stays usable.

use cgt_core::interrupt::{self, Stop};
use cgt_lang::{Error, ErrorKind, Session as LangSession, Value as LangValue};
use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyFrozenSet, PyList, PyTuple};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
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

/// A job for the worker thread.
type Job = Box<dyn FnOnce() + Send>;

/// The thread computations run on (one for the process, so that a call
/// costs a message, not a thread; with a large stack for deep games).
fn worker() -> mpsc::Sender<Job> {
    static WORKER: Mutex<Option<mpsc::Sender<Job>>> = Mutex::new(None);
    let mut w = WORKER.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(tx) = w.as_ref() {
        return tx.clone();
    }
    let (tx, rx) = mpsc::channel::<Job>();
    let spawned = std::thread::Builder::new()
        .name("cgt".into())
        .stack_size(64 << 20)
        .spawn(move || {
            while let Some(job) = spin_recv(&rx) {
                // Jobs catch their own stops; this keeps the thread alive
                // through anything else.
                let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
            }
        });
    if spawned.is_ok() {
        *w = Some(tx.clone());
    }
    tx
}

/// How long a thread waiting for a message spins before it sleeps: waking
/// a sleeping thread costs tens of microseconds, more than most calls take.
const SPIN: Duration = Duration::from_micros(300);

/// The next message, spinning briefly before sleeping; None when the
/// channel is closed.
fn spin_recv<T>(rx: &mpsc::Receiver<T>) -> Option<T> {
    let start = std::time::Instant::now();
    while start.elapsed() < SPIN {
        match rx.try_recv() {
            Ok(m) => return Some(m),
            Err(mpsc::TryRecvError::Disconnected) => return None,
            Err(mpsc::TryRecvError::Empty) => std::hint::spin_loop(),
        }
    }
    rx.recv().ok()
}

/// Runs `f` on the session on the worker thread, the GIL released; stops
/// it on a Python signal (KeyboardInterrupt) and raises that signal. Errors
/// of the language carry the caret under `src` when `src` is the user's text.
fn run<R: Send + 'static>(
    py: Python<'_>,
    session: &Shared,
    src: Option<&str>,
    f: impl FnOnce(&mut LangSession) -> Result<R, Error> + Send + 'static,
) -> PyResult<R> {
    let (tx, rx) = mpsc::channel::<Result<R, Error>>();
    let session = session.clone();
    let job: Job = Box::new(move || {
        let mut s = session.lock().unwrap_or_else(|p| p.into_inner());
        interrupt::clear();
        let _ = tx.send(f(&mut s));
    });
    if worker().send(job).is_err() {
        return Err(CgtError::new_err(
            "internal error: the worker thread is gone",
        ));
    }
    let (result, signal) = py.allow_threads(move || {
        let mut signal: Option<PyErr> = None;
        let start = std::time::Instant::now();
        while start.elapsed() < SPIN {
            if let Ok(r) = rx.try_recv() {
                return (r, signal);
            }
            std::hint::spin_loop();
        }
        loop {
            match rx.recv_timeout(Duration::from_millis(20)) {
                Ok(r) => return (r, signal),
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let e = Error::plain("internal error: the computation failed");
                    return (Err(e), signal);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if signal.is_none() {
                        if let Err(e) = Python::with_gil(|py| py.check_signals()) {
                            signal = Some(e);
                            interrupt::request(Stop::Interrupted);
                        }
                    }
                }
            }
        }
    });
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
        ErrorKind::MemoryLimit => PyMemoryError::new_err(
            "memory limit exceeded (raise it with cgt.set_memory_limit(bytes); 0 for none)",
        ),
        _ => CgtError::new_err(text),
    }
}

/// A language value as a Python object: booleans, strings and lists as
/// themselves, outcome classes, players and comparisons as their names,
/// everything else (games, positions, thermographs, tables) as a handle.
fn to_py(py: Python<'_>, session: &Shared, v: LangValue) -> PyResult<PyObject> {
    Ok(match v {
        LangValue::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        LangValue::Str(s) => s.to_string().into_pyobject(py)?.into_any().unbind(),
        LangValue::Text(s) => s.into_pyobject(py)?.into_any().unbind(),
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
/// bool, an int, a str, or a list or tuple of these.
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
    if obj.downcast::<pyo3::types::PyString>().is_ok() {
        return Ok(LangValue::Str(obj.extract::<String>()?.into()));
    }
    if obj.downcast::<pyo3::types::PyInt>().is_ok() {
        // An integer literal: evaluated at once (it cannot run long).
        let text = obj.str()?.to_string();
        let mut s = session.lock().unwrap_or_else(|p| p.into_inner());
        return s.eval_with(&text, &[]).map_err(|e| to_py_err(&e, None));
    }
    if obj.downcast::<PyList>().is_ok() || obj.downcast::<PyTuple>().is_ok() {
        let items: Vec<LangValue> = obj
            .try_iter()?
            .map(|x| from_py(session, &x?))
            .collect::<PyResult<_>>()?;
        return Ok(LangValue::list(items));
    }
    Err(CgtError::new_err(format!(
        "cannot use a Python {} as a cgt value",
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
    #[pyo3(signature = (text, bindings = None, user = true))]
    fn eval(
        &self,
        py: Python<'_>,
        text: String,
        bindings: Option<Vec<(String, Bound<'_, PyAny>)>>,
        user: bool,
    ) -> PyResult<PyObject> {
        let mut values: Vec<(String, LangValue)> = Vec::new();
        for (name, obj) in bindings.unwrap_or_default() {
            values.push((name, from_py(&self.inner, &obj)?));
        }
        let src = user.then(|| text.clone());
        let v = run(py, &self.inner, src.as_deref(), move |s| {
            let named: Vec<(&str, LangValue)> = values
                .iter()
                .map(|(n, v)| (n.as_str(), v.clone()))
                .collect();
            s.eval_with(&text, &named)
        })?;
        to_py(py, &self.inner, v)
    }

    /// Run one line of the language (statements, definitions, assignments)
    /// and return what the REPL prints for it.
    fn run(&self, py: Python<'_>, line: String) -> PyResult<String> {
        let src = line.clone();
        run(py, &self.inner, Some(&src), move |s| s.run_line(&line))
    }

    /// Set the session's variable `name`.
    fn set(&self, py: Python<'_>, name: String, value: Bound<'_, PyAny>) -> PyResult<()> {
        let v = from_py(&self.inner, &value)?;
        run(py, &self.inner, None, move |s| s.set_variable(&name, v))
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
        run(py, &self.inner, None, move |s| {
            s.guard(|s| {
                let before = s.style;
                if let Some(st) = style {
                    s.style = st;
                }
                let text = s.show(&v);
                s.style = before;
                Ok(text)
            })
        })
    }

    /// The exact value of a number as (numerator, denominator), else None.
    fn number(&self, value: &Value) -> Option<(String, String)> {
        let LangValue::Game(g) = value.value else {
            return None;
        };
        let s = self.lock();
        let x = s.arena.as_number(g)?;
        let den = cgt_core::number::BigInt::from(1u8) << x.exponent();
        Some((x.numerator().to_string(), den.to_string()))
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
        match self.lock().style {
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
        self.lock().style = st;
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

impl Session {
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
    m.add_function(wrap_pyfunction!(set_memory_limit, m)?)?;
    m.add_function(wrap_pyfunction!(memory_limit, m)?)?;
    m.add_function(wrap_pyfunction!(memory_used, m)?)?;
    Ok(())
}
