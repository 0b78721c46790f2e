//! Values of the language.

use cgt_core::analysis::{Outcome, Thermograph, Trajectory};
use cgt_core::form::Form;
use cgt_core::game::{Comparison, GameId};
use cgt_core::ruleset::registry::AnyPosition;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq)]
/// A value of the language.
pub enum Value {
    /// A canonical game (numbers included).
    Game(GameId),
    /// An explicit game form, kept as written.
    Form(Arc<Form>),
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
    /// A string (file names).
    Str(String),
    /// Text produced by a function, printed as is (e.g. an uptimal expansion).
    Text(String),
    /// `[a, b, ...]`.
    List(Vec<Value>),
    /// A set of games, printed in CGSuite's order.
    Set(Vec<Value>),
    /// A position of a registered ruleset; its value is computed when a
    /// game is needed.
    Position(Arc<dyn AnyPosition>),
    /// Rows of values, printed as an aligned table (or a LaTeX tabular).
    Table(Vec<Vec<Value>>),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
/// A player.
pub enum Player {
    /// Left (blue, positive).
    Left,
    /// Right (red, negative).
    Right,
}

impl Value {
    /// A short name of the value's type, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Game(_) => "game",
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
        }
    }
}
