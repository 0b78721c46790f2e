//! The registry of rulesets: what the language needs to know about each one
//! (constructor functions with help, option words, how a position prints),
//! and positions of any ruleset behind one object type.
//!
//! A ruleset file declares one [`RulesetInfo`]; [`RULESETS`] lists them.
//! The language builds its functions, completion and help from the list, so
//! adding a ruleset is one file plus one line here.

use super::NotImpartial;
use super::{Evaluator, Memo, Ruleset};
use crate::analysis::Outcome;
use crate::form::Form;
use crate::game::{Arena, GameId};
use crate::loopy::{GeneralizedNim, NotStopperSided, Sides};
use crate::number::BigInt;
use hashbrown::HashMap;
use std::any::{Any, TypeId};
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;
use std::sync::Arc;

/// Every ruleset the language offers, in the order help lists them.
pub static RULESETS: &[&RulesetInfo] = &[
    &super::amazons::INFO,
    &super::clobber::INFO,
    &super::col::INFO,
    &super::cutcake::INFO,
    &super::domineering::INFO,
    &super::fair_shares::INFO,
    &super::fission::INFO,
    &super::fox_and_geese::INFO,
    &super::hackenbush::INFO,
    &super::heaps::INFO,
    &super::partizan_heaps::INFO,
    &super::konane::INFO,
    &super::nogo::INFO,
    &super::psn::INFO,
    &super::ski_jumps::INFO,
    &super::sls::INFO,
    &super::snort::INFO,
    &super::toads::INFO,
    &super::toppling_dominoes::INFO,
];

/// What a ruleset declares about itself.
pub struct RulesetInfo {
    /// The ruleset's name (help groups its functions under it).
    pub name: &'static str,
    /// Functions that make positions.
    pub constructors: &'static [Constructor],
    /// Bare words its constructors accept as arguments (rule variants).
    pub words: &'static [&'static str],
}

/// A function of the language that makes a position.
pub struct Constructor {
    /// The name used in calls.
    pub name: &'static str,
    /// How to call it.
    pub signature: &'static str,
    /// How many arguments it takes.
    pub arity: RangeInclusive<usize>,
    /// One paragraph: the rules and the notation.
    pub help: &'static str,
    /// An input whose output the test suite checks.
    pub example: &'static str,
    /// Makes the position from the arguments.
    pub build: Build,
}

/// A constructor's implementation.
pub type Build = fn(&[Arg]) -> Result<Arc<dyn AnyPosition>, ArgError>;

/// An argument of a constructor, independent of the language's values.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// An integer.
    Int(BigInt),
    /// A string or a bare option word.
    Text(String),
    /// A list or tuple.
    List(Vec<Arg>),
}

/// A constructor's complaint about its arguments: which one (for the caret),
/// and why.
#[derive(Clone, Debug, PartialEq)]
pub struct ArgError {
    /// The argument at fault, or `None` for the call as a whole.
    pub arg: Option<usize>,
    /// What is wrong, in the user's terms.
    pub message: String,
}

impl ArgError {
    /// A complaint about argument `k`.
    pub fn at(k: usize, message: impl Into<String>) -> Self {
        ArgError {
            arg: Some(k),
            message: message.into(),
        }
    }

    /// A complaint about the call as a whole.
    pub fn call(message: impl Into<String>) -> Self {
        ArgError {
            arg: None,
            message: message.into(),
        }
    }
}

impl Arg {
    /// Argument `k` as an integer in `T`'s range, with `what` naming it.
    pub fn int<T: TryFrom<i128>>(args: &[Arg], k: usize, what: &str) -> Result<T, ArgError> {
        match &args[k] {
            Arg::Int(n) => {
                in_range(n).ok_or_else(|| ArgError::at(k, format!("{what} is out of range")))
            }
            _ => Err(ArgError::at(k, format!("{what} must be an integer"))),
        }
    }

    /// Argument `k` as a list of integers in `T`'s range.
    pub fn ints<T: TryFrom<i128>>(args: &[Arg], k: usize, what: &str) -> Result<Vec<T>, ArgError> {
        let Arg::List(items) = &args[k] else {
            return Err(ArgError::at(
                k,
                format!("{what} must be a list of integers"),
            ));
        };
        items
            .iter()
            .map(|x| match x {
                Arg::Int(n) => in_range(n)
                    .ok_or_else(|| ArgError::at(k, format!("{what}: {n} is out of range"))),
                _ => Err(ArgError::at(
                    k,
                    format!("{what} must be a list of integers"),
                )),
            })
            .collect()
    }

    /// Argument `k` as text.
    pub fn text<'a>(args: &'a [Arg], k: usize, what: &str) -> Result<&'a str, ArgError> {
        match &args[k] {
            Arg::Text(t) => Ok(t),
            _ => Err(ArgError::at(
                k,
                format!("{what} must be a string in quotes"),
            )),
        }
    }
}

/// The text of argument `k` read as a row of at most 4096 pieces, one letter
/// each: `piece` maps a letter (in upper case) to its cell; `row` names
/// the row and `allowed` its letters in errors, `too_long` the limit.
pub fn letters(
    text: &str,
    k: usize,
    piece: impl Fn(char) -> Option<u8>,
    (row, allowed, too_long): (&str, &str, &str),
) -> Result<Vec<u8>, ArgError> {
    let mut out = Vec::with_capacity(text.len());
    for ch in text.chars() {
        let ch = ch.to_ascii_uppercase();
        let cell = piece(ch).ok_or_else(|| {
            ArgError::at(k, format!("unexpected `{ch}` in {row} (use {allowed})"))
        })?;
        out.push(cell);
        if out.len() > 4096 {
            return Err(ArgError::at(k, too_long));
        }
    }
    Ok(out)
}

/// `n` in `T`'s range, if it is.
fn in_range<T: TryFrom<i128>>(n: &BigInt) -> Option<T> {
    i128::try_from(n).ok().and_then(|x| T::try_from(x).ok())
}

/// How a ruleset's positions are written: as the constructor call that
/// makes them again, rule variants included, so printing then reading gives
/// the same position.
pub trait Notation: Ruleset {
    /// The call that makes `p` under these rules.
    fn text(&self, p: &Self::Position) -> String;

    /// How the explorer draws `p` (by its notation, unless the ruleset
    /// says more).
    fn picture(&self, _p: &Self::Position) -> super::picture::Picture {
        super::picture::Picture::Text
    }
}

/// A position of any registered ruleset, with its rules.
pub trait AnyPosition: std::fmt::Debug + Send + Sync {
    /// The constructor call that reads back as this position.
    fn text(&self) -> String;
    /// The canonical value, memoised in `memos` across calls.
    fn value(&self, arena: &mut Arena, memos: &mut Memos) -> GameId;
    /// True if the rules let positions repeat (see [`Ruleset::repeats`]).
    fn repeats(&self) -> bool {
        false
    }
    /// The loopy value (a short game, a canonical stopper or a sided
    /// value), memoised in `memos`, or [`NotStopperSided`]; for rules whose
    /// positions repeat.
    fn loopy_value(&self, arena: &mut Arena, memos: &mut Memos) -> Result<Sides, NotStopperSided> {
        Ok(Sides::stopper(crate::loopy::Loopy::Short(
            self.value(arena, memos),
        )))
    }
    /// The generalized Sprague-Grundy value, for impartial rules whose
    /// positions may repeat ([`NotImpartial`] where the players' moves
    /// differ somewhere).
    fn generalized_nim_value(&self, _memos: &mut Memos) -> Result<GeneralizedNim, NotImpartial> {
        Err(NotImpartial)
    }
    /// The values of the position's components (its own value if it does
    /// not split), memoised in `memos`: their sum is the position's value.
    fn parts(&self, arena: &mut Arena, memos: &mut Memos) -> Vec<GameId>;
    /// The normal-play outcome by search, memoised in `memos` (values only
    /// where the rules ask for them, made in `arena`).
    fn outcome(&self, arena: &mut Arena, memos: &mut Memos) -> Outcome;
    /// True if the outcome is better found by search on the position itself
    /// than from its components' values (see [`super::searched_whole`]).
    fn searched_whole(&self) -> bool;
    /// The misère outcome by search.
    fn misere_outcome(&self) -> Outcome;
    /// The game tree as a form.
    fn form(&self) -> Arc<Form>;
    /// How the explorer draws it (see [`Notation::picture`]).
    fn picture(&self) -> super::picture::Picture {
        super::picture::Picture::Text
    }
    /// Left's options, as positions.
    fn left_options(&self) -> Vec<Arc<dyn AnyPosition>>;
    /// Right's options, as positions.
    fn right_options(&self) -> Vec<Arc<dyn AnyPosition>>;
    /// For downcasting to the concrete [`Positioned`].
    fn as_any(&self) -> &dyn Any;
    /// Same rules and same position.
    fn same(&self, other: &dyn AnyPosition) -> bool;
    /// A hash consistent with [`AnyPosition::same`].
    fn hash_into(&self, state: &mut dyn Hasher);
}

impl PartialEq for dyn AnyPosition {
    fn eq(&self, other: &Self) -> bool {
        self.same(other)
    }
}

/// A ruleset's position together with its rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Positioned<R: Ruleset> {
    /// The rules (rule variants included).
    pub rules: R,
    /// The position.
    pub position: R::Position,
}

impl<R> Positioned<R>
where
    R: Notation + Clone + Eq + Hash + std::fmt::Debug + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
{
    /// The position as an object of the registry.
    pub fn boxed(rules: R, position: R::Position) -> Arc<dyn AnyPosition> {
        Arc::new(Positioned { rules, position })
    }

    fn with_evaluator<T>(&self, memos: &mut Memos, f: impl FnOnce(&mut Evaluator<R>) -> T) -> T {
        let memo = memos.take(&self.rules);
        let mut ev = Evaluator::with_memo(&self.rules, memo);
        let out = f(&mut ev);
        memos.put(self.rules.clone(), ev.into_memo());
        out
    }
}

impl<R> AnyPosition for Positioned<R>
where
    R: Notation + Clone + Eq + Hash + std::fmt::Debug + Send + Sync + 'static,
    R::Position: Send + Sync + 'static,
{
    fn text(&self) -> String {
        self.rules.text(&self.position)
    }

    fn value(&self, arena: &mut Arena, memos: &mut Memos) -> GameId {
        let threads = super::threads();
        self.with_evaluator(memos, |ev| ev.value_on(arena, &self.position, threads))
    }

    fn repeats(&self) -> bool {
        self.rules.repeats()
    }

    fn loopy_value(&self, arena: &mut Arena, memos: &mut Memos) -> Result<Sides, NotStopperSided> {
        self.with_evaluator(memos, |ev| ev.loopy_value(arena, &self.position))
    }

    fn generalized_nim_value(&self, memos: &mut Memos) -> Result<GeneralizedNim, NotImpartial> {
        self.with_evaluator(memos, |ev| ev.generalized_nim_value(&self.position))
    }

    fn parts(&self, arena: &mut Arena, memos: &mut Memos) -> Vec<GameId> {
        self.with_evaluator(memos, |ev| ev.parts(arena, &self.position))
    }

    fn outcome(&self, arena: &mut Arena, memos: &mut Memos) -> Outcome {
        self.with_evaluator(memos, |ev| ev.outcome_in(arena, &self.position))
    }

    fn searched_whole(&self) -> bool {
        super::searched_whole(&self.rules, &self.position)
    }

    fn misere_outcome(&self) -> Outcome {
        Evaluator::new(&self.rules).misere_outcome(&self.position)
    }

    fn form(&self) -> Arc<Form> {
        Evaluator::new(&self.rules).form(&self.position)
    }

    fn picture(&self) -> super::picture::Picture {
        self.rules.picture(&self.position)
    }

    fn left_options(&self) -> Vec<Arc<dyn AnyPosition>> {
        let options = self.rules.left_options(&self.position);
        options
            .into_iter()
            .map(|p| Self::boxed(self.rules.clone(), p))
            .collect()
    }

    fn right_options(&self) -> Vec<Arc<dyn AnyPosition>> {
        let options = self.rules.right_options(&self.position);
        options
            .into_iter()
            .map(|p| Self::boxed(self.rules.clone(), p))
            .collect()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same(&self, other: &dyn AnyPosition) -> bool {
        other.as_any().downcast_ref::<Self>() == Some(self)
    }

    fn hash_into(&self, mut state: &mut dyn Hasher) {
        TypeId::of::<Self>().hash(&mut state);
        self.hash(&mut state);
    }
}

/// The memos of the evaluators, one per ruleset and rule variant, kept by a
/// session so that a position's followers are valued once. They hold ids of
/// one arena: whoever rolls the arena back must [`Memos::clear`] them.
#[derive(Default)]
pub struct Memos(HashMap<TypeId, Box<dyn Any + Send>>);

impl Memos {
    /// No memos.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forget everything (after the arena lost games).
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// A table of another kind kept with the memos, one per type (a
    /// position type's own memo, for positions valued without the
    /// [`Evaluator`]); cleared with them.
    pub fn slot<T: Default + Send + 'static>(&mut self) -> &mut T {
        self.0
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Box::new(T::default()))
            .downcast_mut()
            .expect("slots are keyed by their type")
    }

    fn table<R: Ruleset + Eq + Hash + Send + 'static>(&mut self) -> &mut HashMap<R, Memo<R>>
    where
        R::Position: Send,
    {
        self.0
            .entry(TypeId::of::<R>())
            .or_insert_with(|| Box::new(HashMap::<R, Memo<R>>::new()))
            .downcast_mut()
            .expect("memo tables are keyed by their ruleset's type")
    }

    fn take<R: Ruleset + Eq + Hash + Send + 'static>(&mut self, rules: &R) -> Memo<R>
    where
        R::Position: Send,
    {
        self.table::<R>().remove(rules).unwrap_or_default()
    }

    fn put<R: Ruleset + Eq + Hash + Send + 'static>(&mut self, rules: R, memo: Memo<R>)
    where
        R::Position: Send,
    {
        self.table::<R>().insert(rules, memo);
    }
}
