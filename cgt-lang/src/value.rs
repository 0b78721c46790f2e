//! The values of the language, and how they are compared and hashed (as
//! keys of function memos and of the positions of rulesets written in the
//! language): games by id (equal values have equal ids), lists element by
//! element, positions by their rules and position, functions, rulesets and
//! modules by identity.

use crate::code::{BuiltinId, GlobalId, Lambda};
use cgt_core::analysis::{Thermograph, Trajectory};
use cgt_core::form::Form;
use cgt_core::game::{Comparison, GameId};
use cgt_core::loopy::LoopyOutcome;
use cgt_core::number::Rational;
use cgt_core::ruleset::registry::AnyPosition;
use hashbrown::{Equivalent, HashMap};
use std::any::Any;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A string of the language: one word wide (the length lives with the
/// characters), so a value is two words and a computation's result
/// returns in registers.
pub type Str = arcstr::ArcStr;

/// A ruleset's position, behind one thin pointer (for the same reason).
#[derive(Clone, Debug)]
pub struct Position(pub Arc<Arc<dyn AnyPosition>>);

impl std::ops::Deref for Position {
    type Target = dyn AnyPosition;
    fn deref(&self) -> &Self::Target {
        &**self.0
    }
}

impl Position {
    /// The shared position.
    pub fn shared(&self) -> Arc<dyn AnyPosition> {
        (*self.0).clone()
    }
}

/// A function of the embedding program (see [`Value::Host`]). Its body
/// is called with the running context, which this module does not know:
/// it is kept type-erased here and called through
/// [`HostFunction::call`](crate::context).
pub struct HostFunction {
    /// Its name, as printed.
    pub name: String,
    /// The body (a boxed [`HostCall`](crate::HostCall)).
    pub(crate) body: Box<dyn std::any::Any + Send + Sync>,
}

impl std::fmt::Debug for HostFunction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HostFunction({})", self.name)
    }
}

#[derive(Clone, Debug)]
/// A value of the language.
pub enum Value {
    /// A canonical game (numbers included).
    Game(GameId),
    /// A canonical stopper whose positions repeat (`on`, `a{0|a}`).
    Stopper(Arc<cgt_core::loopy::Stopper>),
    /// A loopy game that is not a stopper, by its sides (`S & T`, `dud`).
    Sided(Arc<cgt_core::loopy::Sides>),
    /// An explicit game form, kept as written.
    Form(Arc<Form>),
    /// A disjunctive sum kept as its terms (see [`Sum`]).
    Sum(Arc<Sum>),
    /// A rational number that is not dyadic (`1/3`): a number, not a game.
    Rational(Arc<Rational>),
    /// `true` or `false`.
    Bool(bool),
    /// An outcome class: L, R, P, N, and for games whose positions
    /// repeat D, NHat, PHat, NCheck, PCheck (CGSuite's nine).
    Outcome(LoopyOutcome),
    /// `=`, `<`, `>` or `||`.
    Comparison(Comparison),
    /// A thermograph.
    Thermograph(Arc<Thermograph>),
    /// One wall of a thermograph.
    Trajectory(Arc<Trajectory>),
    /// `Left` or `Right`.
    Player(Player),
    /// A string.
    Str(Str),
    /// Text produced by a function, printed as is (e.g. an uptimal expansion).
    Text(Str),
    /// `[a, b, ...]` (tuples are lists too).
    List(Arc<Vec<Value>>),
    /// `{a, b, ...}`: a set, without duplicates, printed in CGSuite's order.
    Set(Arc<Vec<Value>>),
    /// `{k => v, ...}`: a map.
    Map(Arc<Map>),
    /// A position of a ruleset (built in or defined in the language); its
    /// value is computed when a game is needed.
    Position(Position),
    /// Rows of values, printed as an aligned table (or a LaTeX tabular).
    Table(Arc<Vec<Vec<Value>>>),
    /// A function defined with `def`.
    Function(Arc<Function>),
    /// A built-in function used as a value (`f = value`, `key = sort`).
    Builtin(BuiltinId),
    /// A ruleset defined in the language; calling it makes a position.
    Ruleset(Arc<Ruleset>),
    /// A function of the program the language is embedded in (a Python
    /// callable), called as any other function.
    Host(Arc<HostFunction>),
    /// A file of definitions loaded with `import` or `load`.
    Module(Arc<Module>),
    /// Nothing: the value of a loop or of `print` (printed as nothing).
    Nil,
}

/// A disjunctive sum of game-like values (games, forms, positions, sums),
/// each possibly negated. It keeps its terms so that what depends on the
/// form (misère play, the sequential compound) sees them, and so that the
/// outcome of a sum of positions is searched on the values of their parts
/// without building the canonical sum. `value` is the canonical sum, known
/// at once when every term is a canonical game.
#[derive(Debug)]
pub struct Sum {
    /// The terms, with `true` for a negated one.
    pub terms: Vec<(bool, Value)>,
    /// The canonical value, if every term has one already.
    pub value: Option<GameId>,
}

impl Sum {
    /// The terms, sums within them opened (`(a + b) - c` is a, b and -c),
    /// each with whether it is negated, in the order written.
    pub fn flat_terms(&self) -> Vec<(bool, Value)> {
        let mut out = Vec::new();
        let mut todo: Vec<(bool, Value)> = self.terms.iter().rev().cloned().collect();
        while let Some((negated, t)) = todo.pop() {
            match &t {
                Value::Sum(inner) => todo.extend(
                    inner
                        .terms
                        .iter()
                        .rev()
                        .map(|(n, x)| (negated != *n, x.clone())),
                ),
                _ => out.push((negated, t)),
            }
        }
        out
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
/// A player.
pub enum Player {
    /// Left (blue, positive).
    Left,
    /// Right (red, negative).
    Right,
}

impl Value {
    /// A list value.
    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Arc::new(items))
    }

    /// A string value.
    pub fn str(s: impl Into<Str>) -> Value {
        Value::Str(s.into())
    }

    /// Text printed as is.
    pub fn text(s: impl Into<Str>) -> Value {
        Value::Text(s.into())
    }

    /// A position value.
    pub fn position(p: Arc<dyn AnyPosition>) -> Value {
        Value::Position(Position(Arc::new(p)))
    }

    /// A short name of the value's type, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Game(_) | Value::Sum(_) => "game",
            Value::Form(_) => "game form",
            Value::Stopper(_) => "loopy game",
            Value::Sided(_) => "sided value",
            Value::Rational(_) => "rational number",
            Value::Bool(_) => "boolean",
            Value::Outcome(_) => "outcome class",
            Value::Comparison(_) => "comparison",
            Value::Thermograph(_) => "thermograph",
            Value::Trajectory(_) => "trajectory",
            Value::Player(_) => "player",
            Value::Str(_) => "string",
            Value::Text(_) => "text",
            Value::List(_) => "list",
            Value::Set(_) => "set",
            Value::Map(_) => "map",
            Value::Position(_) => "position",
            Value::Table(_) => "table",
            Value::Function(_) | Value::Builtin(_) | Value::Host(_) => "function",
            Value::Ruleset(_) => "ruleset",
            Value::Module(_) => "module",
            Value::Nil => "nothing",
        }
    }

    /// True for the values that stand for a game (canonical games, forms,
    /// sums and positions).
    pub fn is_game_like(&self) -> bool {
        matches!(
            self,
            Value::Game(_) | Value::Form(_) | Value::Sum(_) | Value::Position(_)
        )
    }

    /// True for the values a call applies: functions, built-ins, rulesets.
    pub fn is_callable(&self) -> bool {
        matches!(
            self,
            Value::Function(_) | Value::Builtin(_) | Value::Host(_) | Value::Ruleset(_)
        )
    }

    /// The elements of a list or a set.
    pub fn items(&self) -> Option<&[Value]> {
        match self {
            Value::List(items) | Value::Set(items) => Some(items),
            _ => None,
        }
    }
}

impl PartialEq for Value {
    /// Structural equality of the printed-value kind (see the module's
    /// documentation).
    fn eq(&self, other: &Self) -> bool {
        same(self, other)
    }
}

/// A function defined with `def`: its compiled code, the text it was
/// defined with, and its memo. Functions are pure, so a function that can
/// call itself is memoised by its arguments (a recursive game family costs
/// one evaluation per distinct argument); what it uses cannot change under
/// it (names are bound where it is defined), so its memo stays valid until
/// a stop drops the games it names, or a loop of the top level assigns a
/// global it reads.
#[derive(Debug)]
pub struct Function {
    /// The compiled code.
    pub lambda: Arc<Lambda>,
    /// The text of the definition, as `:defs` and `:save` show it.
    pub source: String,
    /// Where it was defined: the module's file, if not the session.
    pub module: Option<String>,
    memo: Mutex<HashMap<ArgsKey, Value>>,
    /// True if the function can call itself: only then does a memo save
    /// work, so only then is it kept.
    recursive: AtomicBool,
    /// True once a call made a ruleset: its results are kept too, so each
    /// argument has one ruleset (and one memo of positions).
    keeps: AtomicBool,
    /// The values a nested function captured where it was made.
    pub captured: Box<[Value]>,
}

impl Function {
    /// A function from its code and source text.
    pub fn new(lambda: Arc<Lambda>, source: String, module: Option<String>) -> Self {
        Function {
            lambda,
            source,
            module,
            memo: Mutex::new(HashMap::new()),
            recursive: AtomicBool::new(false),
            keeps: AtomicBool::new(false),
            captured: Box::new([]),
        }
    }

    /// A nested function (`x => ...`, a `def` in a block) with the values
    /// it captured; memoised if it names itself.
    pub fn closure(lambda: Arc<Lambda>, captured: Vec<Value>) -> Self {
        Function {
            recursive: AtomicBool::new(lambda.calls_itself),
            captured: captured.into_boxed_slice(),
            ..Function::new(lambda, String::new(), None)
        }
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.lambda.name
    }

    /// The parameters.
    pub fn params(&self) -> &[Arc<str>] {
        &self.lambda.params
    }

    /// The doc string.
    pub fn doc(&self) -> Option<&str> {
        self.lambda.doc.as_deref()
    }

    /// `name(a, b)`; `(a, b) => ...` for an anonymous function.
    pub fn signature(&self) -> String {
        if self.lambda.name.is_empty() {
            return format!("({}) => ...", self.lambda.params.join(", "));
        }
        format!("{}({})", self.lambda.name, self.lambda.params.join(", "))
    }

    /// The name errors give it.
    pub fn display_name(&self) -> &str {
        match self.lambda.name.as_str() {
            "" => "anonymous function",
            name => name,
        }
    }

    /// Whether calls are memoised (see [`Function`]).
    pub fn set_recursive(&self, recursive: bool) {
        self.recursive.store(recursive, Ordering::Relaxed);
        if !self.is_memoised() {
            self.forget();
        }
    }

    /// True if the function can call itself.
    pub fn is_recursive(&self) -> bool {
        self.recursive.load(Ordering::Relaxed)
    }

    /// True if calls are memoised: a function that can call itself, or
    /// that makes rulesets.
    pub fn is_memoised(&self) -> bool {
        self.is_recursive() || self.keeps.load(Ordering::Relaxed)
    }

    /// Keep results from now on (a call made a ruleset).
    pub fn keep_results(&self) {
        self.keeps.store(true, Ordering::Relaxed);
    }

    /// The memoised result for these arguments.
    pub fn recall(&self, args: &[Value]) -> Option<Value> {
        if !self.is_memoised() {
            return None;
        }
        let memo = self.memo.lock().ok()?;
        memo.get(&ArgsRef(args)).cloned()
    }

    /// Remember a result.
    pub fn remember(&self, args: &[Value], result: Value) {
        if !self.is_memoised() {
            return;
        }
        if let Ok(mut m) = self.memo.lock() {
            m.insert(ArgsKey(args.into()), result);
        }
    }

    /// Forget every result.
    pub fn forget(&self) {
        if let Ok(mut m) = self.memo.lock() {
            m.clear();
        }
    }

    /// How many results are memoised.
    pub fn memo_len(&self) -> usize {
        self.memo.lock().map_or(0, |m| m.len())
    }
}

/// The arguments of a call as a memo's key.
#[derive(Debug)]
struct ArgsKey(Box<[Value]>);

/// The arguments of a call, looked up in a memo without copying them.
struct ArgsRef<'a>(&'a [Value]);

fn hash_args<H: Hasher>(args: &[Value], state: &mut H) {
    args.len().hash(state);
    args.iter().for_each(|v| hash_value(v, state));
}

impl Hash for ArgsKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_args(&self.0, state)
    }
}

impl Hash for ArgsRef<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_args(self.0, state)
    }
}

impl PartialEq for ArgsKey {
    fn eq(&self, other: &Self) -> bool {
        self.0.len() == other.0.len() && self.0.iter().zip(other.0.iter()).all(|(a, b)| same(a, b))
    }
}

impl Eq for ArgsKey {}

impl Equivalent<ArgsKey> for ArgsRef<'_> {
    fn equivalent(&self, key: &ArgsKey) -> bool {
        self.0.len() == key.0.len() && self.0.iter().zip(key.0.iter()).all(|(a, b)| same(a, b))
    }
}

/// A ruleset defined in the language by its move functions. The positions
/// explored so far are kept in `graph` (the library's exploration, stored
/// here without this module knowing its type); positions made earlier keep
/// the graph they were made in.
#[derive(Debug)]
pub struct Ruleset {
    /// The name its positions print with: `name(position)`.
    pub name: String,
    /// Left's moves: a function from a position to a list of positions.
    pub left: Value,
    /// Right's moves.
    pub right: Value,
    /// Independent parts of a position, whose values add (optional).
    pub components: Option<Value>,
    /// A key equal for positions with the same game (symmetries; optional).
    pub key: Option<Value>,
    /// A position whose game is the negative (exchanging the players' roles,
    /// e.g. a transposed Domineering board; optional).
    pub conjugate: Option<Value>,
    /// A key and whether the position's game is the negative of the key's
    /// (`[k, true]`), for symmetries that exchange the players; replaces
    /// `key` and `conjugate` (optional).
    pub signed_key: Option<Value>,
    /// The exploration so far (see `library::rulesets`).
    pub graph: Mutex<Option<Arc<dyn Any + Send + Sync>>>,
}

impl Ruleset {
    /// Start a new exploration (the games the old one names may have been
    /// dropped).
    pub fn reset(&self) {
        if let Ok(mut g) = self.graph.lock() {
            *g = None;
        }
    }
}

/// A file of definitions: its exported names (those not starting with `_`)
/// and the global slots that hold them.
#[derive(Debug)]
pub struct Module {
    /// The name it was imported as (or its file's stem).
    pub name: String,
    /// The file, as resolved.
    pub path: String,
    /// Exported names and their slots.
    pub exports: HashMap<String, GlobalId>,
    /// Names of the module's own that are private (start with `_`).
    pub private: Vec<String>,
}

/// `{k => v, ...}`: a map from values (compared as [`Key`]s are) to
/// values, its entries in the order they were first put in. Two maps are
/// equal when they have the same entries, in any order.
pub type Map = indexmap::IndexMap<Key, Value>;

/// A value used as a key (structural; see the module's documentation).
#[derive(Clone, Debug)]
pub struct Key(pub Value);

impl PartialEq for Key {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        // Strings first: the positions of most rulesets written in the language.
        match (&self.0, &other.0) {
            (Value::Str(x), Value::Str(y)) => x.as_bytes() == y.as_bytes(),
            (a, b) => same(a, b),
        }
    }
}

impl Eq for Key {}

impl Key {
    /// The key of `v` in a map: a sum of games by its value (so `^ + *`
    /// and `^*` are one key), anything else as it is.
    pub fn of(v: Value) -> Key {
        match &v {
            Value::Sum(s) => match s.value {
                Some(g) => Key(Value::Game(g)),
                None => Key(v),
            },
            _ => Key(v),
        }
    }
}

/// A value looked up as a [`Key`] without taking it.
pub struct KeyRef<'a>(pub &'a Value);

impl Hash for KeyRef<'_> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_value(self.0, state);
    }
}

impl Equivalent<Key> for KeyRef<'_> {
    #[inline]
    fn equivalent(&self, key: &Key) -> bool {
        match (self.0, &key.0) {
            (Value::Str(x), Value::Str(y)) => x.as_bytes() == y.as_bytes(),
            (a, b) => same(a, b),
        }
    }
}

impl Hash for Key {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_value(&self.0, state);
    }
}

/// Hash a value consistently with [`same`].
#[inline]
pub fn hash_value<H: Hasher>(v: &Value, state: &mut H) {
    if let Value::Str(s) = v {
        // (A string hashes as nothing else does: no other kind writes a `str`.)
        return s.as_str().hash(state);
    }
    std::mem::discriminant(v).hash(state);
    match v {
        Value::Game(g) => g.hash(state),
        Value::Stopper(s) => s.hash(state),
        Value::Sided(s) => s.hash(state),
        Value::Form(f) => f.hash(state),
        Value::Sum(s) => {
            s.value.hash(state);
            for (neg, t) in &s.terms {
                neg.hash(state);
                hash_value(t, state);
            }
        }
        Value::Rational(r) => r.hash(state),
        Value::Bool(b) => b.hash(state),
        Value::Outcome(o) => o.hash(state),
        Value::Comparison(c) => c.hash(state),
        Value::Thermograph(t) => t.to_string().hash(state),
        Value::Trajectory(t) => t.to_string().hash(state),
        Value::Player(p) => p.hash(state),
        Value::Str(s) => s.hash(state),
        Value::Text(s) => s.hash(state),
        Value::List(items) | Value::Set(items) => hash_args(items, state),
        Value::Map(m) => {
            // In any order, as maps compare.
            let mut sum = 0u64;
            for (k, v) in m.iter() {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                hash_value(&k.0, &mut h);
                hash_value(v, &mut h);
                sum = sum.wrapping_add(h.finish());
            }
            m.len().hash(state);
            sum.hash(state);
        }
        Value::Table(rows) => {
            for r in rows.iter() {
                hash_args(r, state);
            }
        }
        Value::Position(p) => p.hash_into(state),
        Value::Function(f) => (Arc::as_ptr(f) as usize).hash(state),
        Value::Builtin(b) => b.hash(state),
        Value::Ruleset(r) => (Arc::as_ptr(r) as usize).hash(state),
        Value::Host(f) => (Arc::as_ptr(f) as usize).hash(state),
        Value::Module(m) => (Arc::as_ptr(m) as usize).hash(state),
        Value::Nil => {}
    }
}

/// Structural equality (see the module's documentation).
pub fn same(a: &Value, b: &Value) -> bool {
    use Value::*;
    match (a, b) {
        (Game(x), Game(y)) => x == y,
        (Stopper(x), Stopper(y)) => Arc::ptr_eq(x, y) || x == y,
        (Sided(x), Sided(y)) => Arc::ptr_eq(x, y) || x == y,
        (Form(x), Form(y)) => x == y,
        (Sum(x), Sum(y)) => {
            Arc::ptr_eq(x, y)
                || (x.value == y.value
                    && x.terms.len() == y.terms.len()
                    && x.terms
                        .iter()
                        .zip(&y.terms)
                        .all(|((n, s), (m, t))| n == m && same(s, t)))
        }
        (Rational(x), Rational(y)) => x == y,
        (Bool(x), Bool(y)) => x == y,
        (Outcome(x), Outcome(y)) => x == y,
        (Comparison(x), Comparison(y)) => x == y,
        (Thermograph(x), Thermograph(y)) => x.to_string() == y.to_string(),
        (Trajectory(x), Trajectory(y)) => x.to_string() == y.to_string(),
        (Player(x), Player(y)) => x == y,
        (Str(x), Str(y)) => x == y,
        (Text(x), Text(y)) => x == y,
        (List(x), List(y)) | (Set(x), Set(y)) => {
            Arc::ptr_eq(x, y)
                || (x.len() == y.len() && x.iter().zip(y.iter()).all(|(s, t)| same(s, t)))
        }
        (Map(x), Map(y)) => {
            Arc::ptr_eq(x, y)
                || (x.len() == y.len()
                    && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w))))
        }
        (Table(x), Table(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|(r, s)| r.len() == s.len() && r.iter().zip(s).all(|(p, q)| same(p, q)))
        }
        (Position(x), Position(y)) => x.same(&**y),
        (Function(x), Function(y)) => Arc::ptr_eq(x, y),
        (Builtin(x), Builtin(y)) => x == y,
        (Ruleset(x), Ruleset(y)) => Arc::ptr_eq(x, y),
        (Host(x), Host(y)) => Arc::ptr_eq(x, y),
        (Module(x), Module(y)) => Arc::ptr_eq(x, y),
        (Nil, Nil) => true,
        _ => false,
    }
}
