//! Values of the language.

use super::function::Function;
use super::user_ruleset::UserRuleset;
use cgt_core::analysis::{Outcome, Thermograph, Trajectory};
use cgt_core::form::Form;
use cgt_core::game::{Comparison, GameId};
use cgt_core::ruleset::registry::AnyPosition;
use std::sync::Arc;

#[derive(Clone, Debug)]
/// A value of the language.
pub enum Value {
    /// A canonical game (numbers included).
    Game(GameId),
    /// An explicit game form, kept as written.
    Form(Arc<Form>),
    /// A disjunctive sum kept as its terms (see [`Sum`]).
    Sum(Arc<Sum>),
    /// `true` or `false`.
    Bool(bool),
    /// An outcome class (L, R, P, N).
    Outcome(Outcome),
    /// `=`, `<`, `>` or `||`.
    Comparison(Comparison),
    /// A thermograph.
    Thermograph(Arc<Thermograph>),
    /// One wall of a thermograph.
    Trajectory(Arc<Trajectory>),
    /// `Left` or `Right`.
    Player(Player),
    /// A string.
    Str(Arc<str>),
    /// Text produced by a function, printed as is (e.g. an uptimal expansion).
    Text(String),
    /// `[a, b, ...]` (tuples are lists too).
    List(Arc<Vec<Value>>),
    /// A set of games, printed in CGSuite's order.
    Set(Vec<Value>),
    /// A position of a ruleset (built in or defined in the language); its
    /// value is computed when a game is needed.
    Position(Arc<dyn AnyPosition>),
    /// Rows of values, printed as an aligned table (or a LaTeX tabular).
    Table(Vec<Vec<Value>>),
    /// A function defined with `def`.
    Function(Arc<Function>),
    /// A ruleset defined in the language; calling it makes a position.
    Ruleset(Arc<UserRuleset>),
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

impl PartialEq for Value {
    /// Structural equality of the printed-value kind: games by id, forms by
    /// their structure, positions by rules and position; functions and
    /// rulesets by identity.
    fn eq(&self, other: &Self) -> bool {
        super::key::same(self, other)
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
    pub fn str(s: impl Into<Arc<str>>) -> Value {
        Value::Str(s.into())
    }

    /// A short name of the value's type, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Game(_) | Value::Sum(_) => "game",
            Value::Form(_) => "game form",
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
            Value::Position(_) => "position",
            Value::Table(_) => "table",
            Value::Function(_) => "function",
            Value::Ruleset(_) => "ruleset",
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
}
