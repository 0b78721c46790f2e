//! The built-in library: every function of the language as a table entry
//! (name, signature, topic, help, example, implementation), called with a
//! [`Context`] and evaluated arguments. The tables do not know the machine
//! that calls them.

pub mod data;
#[cfg(feature = "sqlite")]
pub mod db;
pub mod files;
pub mod games;
pub mod grids;
pub mod io;
pub mod loopy;
pub mod maps;
pub mod moves;
pub mod plot;
pub mod rulesets;

use crate::code::BuiltinId;
use crate::context::Context;
use crate::error::{Error, Span};
use crate::value::Value;
use cgt_core::game::GameId;
use cgt_core::loopy::Loopy;
use cgt_core::ruleset::registry::{Arg, Build, RULESETS};
use std::ops::RangeInclusive;
use std::sync::OnceLock;

/// Arguments of a call: values, their spans, and the span of the whole call.
pub struct Args<'a> {
    /// The evaluated arguments.
    pub values: &'a [Value],
    /// Their spans.
    pub spans: &'a [Span],
    /// Keyword arguments `name = value` (only for functions that take them).
    pub named: &'a [(String, Value, Span)],
    /// The span of the whole call.
    pub call: Span,
}

impl Args<'_> {
    /// Argument `k` as a canonical game.
    pub fn game(&self, s: &mut dyn Context, k: usize) -> Result<GameId, Error> {
        s.to_game(&self.values[k], self.spans[k])
    }

    /// Whether argument `k` is the player Left (false for Right).
    pub fn is_left(&self, k: usize) -> Result<bool, Error> {
        match &self.values[k] {
            Value::Player(p) => Ok(*p == crate::value::Player::Left),
            // From Python, where the players are the strings "Left", "Right".
            Value::Str(s) if s.as_str() == "Left" || s.as_str() == "Right" => {
                Ok(s.as_str() == "Left")
            }
            _ => Err(Error::spanned(self.spans[k], "expected Left or Right")),
        }
    }
}

/// How a built-in runs.
#[derive(Clone, Copy)]
pub enum Run {
    /// A function of the language.
    Native(fn(&mut dyn Context, &Args) -> Result<Value, Error>),
    /// A ruleset's constructor, from the registry.
    Construct(Build),
}

/// A built-in function and its documentation.
#[derive(Clone)]
pub struct Builtin {
    /// The name used in calls.
    pub name: &'static str,
    /// How to call it.
    pub signature: &'static str,
    /// How many arguments it takes.
    pub arity: RangeInclusive<usize>,
    /// The topic `help` groups it under.
    pub topic: &'static str,
    /// One paragraph: meaning and convention.
    pub help: &'static str,
    /// An input whose output is checked by the test suite.
    pub example: &'static str,
    /// The implementation.
    pub run: Run,
}

impl Builtin {
    /// True if the function takes keyword arguments `name = value`.
    pub fn takes_keywords(&self) -> bool {
        self.name == "ruleset"
    }

    /// Run the function on evaluated arguments (arity already checked).
    pub fn call(&self, s: &mut dyn Context, a: &Args) -> Result<Value, Error> {
        // A loopy first argument (a stopper, or a position whose rules let
        // it repeat, as its loopy value) picks the stopper version, if any;
        // the argument is looked at first, as most calls have none.
        if let Some(v) = a.values.first().filter(|v| crate::world::is_loopy(v)) {
            // An impartial game whose positions repeat answers from its
            // generalized Sprague-Grundy value, which needs no sides.
            if let Some(f) = loopy::for_loopy_impartial(self.name) {
                if let Some(g) = games::generalized_nim_of(s, v) {
                    return f(s, &g, a);
                }
            }
            let for_stopper = loopy::for_stopper(self.name);
            let for_sided = loopy::for_sided(self.name);
            if let Value::Stopper(g) = v {
                if let Some(f) = for_stopper {
                    return f(s, g, a);
                }
            } else if for_stopper.is_some() || for_sided.is_some() {
                // The sides are found only for a function with a version
                // that takes them; any other takes the game as it is.
                let sides = s.world().to_sides(v, a.spans[0])?;
                match sides.as_stopper() {
                    None => {
                        if let Some(f) = for_sided {
                            return f(s, &sides, a);
                        }
                    }
                    Some(Loopy::Stopper(g)) => {
                        if let Some(f) = for_stopper {
                            return f(s, g, a);
                        }
                    }
                    Some(Loopy::Short(_)) => {}
                }
            }
        }
        match self.run {
            Run::Native(f) => f(s, a),
            Run::Construct(build) => {
                let mut args = Vec::with_capacity(a.values.len());
                for (v, span) in a.values.iter().zip(a.spans) {
                    args.push(to_arg(s, v, *span)?);
                }
                build(&args).map(Value::position).map_err(|e| {
                    let span = e.arg.and_then(|k| a.spans.get(k)).unwrap_or(&a.call);
                    Error::spanned(*span, e.message)
                })
            }
        }
    }

    /// The first sentence of the help text (for one-line listings).
    pub fn summary(&self) -> &'static str {
        let text = self.help;
        match text.find(". ") {
            Some(k) => &text[..=k],
            None => text,
        }
    }
}

/// Every function of the language: the functions on games, lists and
/// strings, boards, stored results, input and output, then the
/// constructors of the registered rulesets (topic "rulesets"). A
/// function's [`BuiltinId`] is its index here.
pub fn builtins() -> &'static [Builtin] {
    static ALL: OnceLock<Vec<Builtin>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = games::GAMES.to_vec();
        all.extend(loopy::LOOPY.iter().cloned());
        all.extend(moves::MOVES.iter().cloned());
        all.extend(data::DATA.iter().cloned());
        all.extend(maps::MAPS.iter().cloned());
        all.extend(grids::GRIDS.iter().cloned());
        #[cfg(feature = "sqlite")]
        all.extend(db::DB.iter().cloned());
        all.extend(io::IO.iter().cloned());
        all.push(rulesets::RULESET.clone());
        all.push(rulesets::CHECK_KEYS.clone());
        for ruleset in RULESETS {
            for c in ruleset.constructors {
                all.push(Builtin {
                    name: c.name,
                    signature: c.signature,
                    arity: c.arity.clone(),
                    topic: "rulesets",
                    help: c.help,
                    example: c.example,
                    run: Run::Construct(c.build),
                });
            }
        }
        assert!(all.len() < usize::from(BuiltinId::MAX));
        all
    })
}

/// The built-in with this id.
pub fn get(id: BuiltinId) -> &'static Builtin {
    &builtins()[usize::from(id)]
}

/// How the built-in with this id prints as a value: its signature.
pub fn signature(id: BuiltinId) -> &'static str {
    get(id).signature
}

/// The id of `range`, whose lists `for` runs over without making them.
pub fn range_id() -> Option<BuiltinId> {
    static ID: OnceLock<Option<BuiltinId>> = OnceLock::new();
    *ID.get_or_init(|| id_of("range"))
}

/// The built-in called `name`.
pub fn lookup(name: &str) -> Option<&'static Builtin> {
    id_of(name).map(get)
}

/// The id of the built-in called `name` (exactly).
pub fn id_of(name: &str) -> Option<BuiltinId> {
    static BY_NAME: OnceLock<hashbrown::HashMap<&'static str, BuiltinId>> = OnceLock::new();
    BY_NAME
        .get_or_init(|| {
            builtins()
                .iter()
                .enumerate()
                .map(|(k, b)| (b.name, k as BuiltinId))
                .collect()
        })
        .get(name)
        .copied()
}

/// CGSuite's method names that are not our function names in snake case.
const ALIASES: &[(&str, &str)] = &[
    ("canonical_form", "canonical"),
    ("game_value", "value"),
    ("misere_canonical_form", "misere_canonical"),
    ("is_finite", "is_short"),
];

/// The built-in a call or method name means: its own name, or CGSuite's
/// name for it (`AtomicWeight`, `CanonicalForm`).
pub fn named(name: &str) -> Option<BuiltinId> {
    id_of(name).or_else(|| {
        let snake = crate::syntax::parser::snake_case(name);
        let resolved = ALIASES
            .iter()
            .find(|(a, _)| *a == snake)
            .map_or(snake.as_str(), |(_, b)| b);
        id_of(resolved)
    })
}

/// Words of the language's own functions, e.g. `sequential(G, H, per_player)`.
const LANGUAGE_WORDS: &[&str] = &["per_player", "joint_end", "all_small"];

/// Every bare word some function accepts as an argument (it evaluates to
/// itself as a string): the language's and the rulesets' (rule variants).
pub fn option_words() -> impl Iterator<Item = &'static str> {
    let rulesets = RULESETS.iter().flat_map(|r| r.words.iter().copied());
    LANGUAGE_WORDS.iter().copied().chain(rulesets)
}

/// True if `word` is an option word (see [`option_words`]).
pub fn is_option_word(word: &str) -> bool {
    option_words().any(|w| w == word)
}

/// The topics of the functions, sorted.
pub fn topics() -> Vec<&'static str> {
    let mut topics: Vec<&str> = builtins().iter().map(|b| b.topic).collect();
    topics.sort_unstable();
    topics.dedup();
    topics
}

/// A value as a constructor argument: integers, strings (option words
/// included) and lists (tuples are lists).
fn to_arg(s: &mut dyn Context, v: &Value, span: Span) -> Result<Arg, Error> {
    match v {
        Value::Str(t) => Ok(Arg::Text(t.to_string())),
        Value::List(items) => {
            let mut out = Vec::with_capacity(items.len());
            for x in items.iter() {
                cgt_core::interrupt::check();
                out.push(to_arg(s, x, span)?);
            }
            Ok(Arg::List(out))
        }
        Value::Game(_) => Ok(Arg::Int(s.to_integer(v, span)?)),
        other => Err(Error::spanned(
            span,
            format!(
                "expected an integer, a string or a list, found a {}",
                other.type_name()
            ),
        )),
    }
}

/// The closest known function name, for "did you mean" hints: one a few
/// edits away (two letters swapped count as one edit: `valeu`), else the
/// shortest that starts with the name, or holds it as a word (`outcome`
/// -> `outcome_class`).
pub fn suggest(name: &str) -> Option<&'static str> {
    let lower = name.to_lowercase();
    let close = builtins()
        .iter()
        .map(|b| (edit_distance(&lower, b.name), b.name))
        .filter(|(d, _)| *d <= 2 && d * 3 <= name.len())
        .min()
        .map(|(_, n)| n);
    close.or_else(|| {
        (lower.len() >= 3)
            .then(|| {
                builtins()
                    .iter()
                    .map(|b| b.name)
                    .filter(|n| n.split('_').any(|w| w == lower) || n.starts_with(&lower))
                    .min_by_key(|n| (!n.starts_with(&lower), n.len(), *n))
            })
            .flatten()
    })
}

/// Edit distance with swaps of neighbouring letters (optimal string
/// alignment), small and exact.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // Rows i-2, i-1 and i of the table.
    let mut before: Vec<usize> = Vec::new();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 0..a.len() {
        let mut cur = vec![i + 1; b.len() + 1];
        for j in 0..b.len() {
            cur[j + 1] = (prev[j] + usize::from(a[i] != b[j]))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
            if i > 0 && j > 0 && a[i] == b[j - 1] && a[i - 1] == b[j] {
                cur[j + 1] = cur[j + 1].min(before[j - 1] + 1);
            }
        }
        before = std::mem::replace(&mut prev, cur);
    }
    prev[b.len()]
}
