//! What a built-in function is called with: the world of games, and the few
//! services of the running machine a library function may need (calling a
//! function value, printing, loading a file). The library sees this trait,
//! never the machine, so the two do not depend on each other.

use crate::error::{Error, Span};
use crate::value::{HostFunction, Value};
use crate::world::World;
use cgt_core::form::misere::MisereId;
use cgt_core::game::{Arena, GameId};
use cgt_core::number::BigInt;

/// The services a built-in function is given.
pub trait Context {
    /// The games and data of the session.
    fn world(&mut self) -> &mut World;

    /// Call a function value (a defined function, a built-in, a ruleset
    /// making a position) on evaluated arguments.
    fn apply(&mut self, f: &Value, args: Vec<Value>, span: Span) -> Result<Value, Error>;

    /// [`Context::apply`] on one argument (a ruleset's functions on a
    /// position: called for every position met, so without a list).
    fn apply_one(&mut self, f: &Value, arg: Value, span: Span) -> Result<Value, Error> {
        self.apply(f, vec![arg], span)
    }

    /// Print text (`print`), in order with the session's other output.
    fn emit(&mut self, text: &str);

    /// The name of a ruleset made now: the call of the defined function
    /// making it (`crumble(2)`), else the variable an assignment is about
    /// to set, if any.
    fn naming(&mut self) -> Option<String>;

    /// The module of a file (`load`): evaluated once per session.
    fn load(&mut self, path: &str, span: Span) -> Result<Value, Error>;
}

/// Shorthands for the world's operations (named as the world's own).
#[allow(clippy::wrong_self_convention)]
impl dyn Context + '_ {
    /// The arena of games.
    pub fn arena(&mut self) -> &mut Arena {
        &mut self.world().arena
    }

    /// The canonical game of a value.
    pub fn to_game(&mut self, v: &Value, span: Span) -> Result<GameId, Error> {
        self.world().to_game(v, span)
    }

    /// The integer value of a value.
    pub fn to_integer(&mut self, v: &Value, span: Span) -> Result<BigInt, Error> {
        self.world().to_integer(v, span)
    }

    /// An integer as an `i64`.
    pub fn to_i64(&mut self, v: &Value, span: Span) -> Result<i64, Error> {
        self.world().to_i64(v, span)
    }

    /// The game of an integer.
    pub fn integer(&mut self, n: &BigInt) -> GameId {
        self.world().integer(n)
    }

    /// The printed form of a value.
    pub fn show(&mut self, v: &Value) -> String {
        self.world().show(v)
    }

    /// `a == b` as the language means it.
    pub fn equal(&mut self, a: &Value, b: &Value, span: Span) -> Result<bool, Error> {
        self.world().equal(a, b, span)
    }

    /// The misère canonical form of an impartial value.
    pub fn misere_id(&mut self, v: &Value, span: Span) -> Result<MisereId, Error> {
        self.world().misere_id(v, span)
    }
}

/// The body of a host function: the context (to make games of its
/// results), the arguments, and the call's place for errors.
pub type HostCall =
    dyn Fn(&mut dyn Context, Vec<Value>, Span) -> Result<Value, Error> + Send + Sync;

impl HostFunction {
    /// A host function named `name` with body `call`.
    pub fn new(
        name: impl Into<String>,
        call: impl Fn(&mut dyn Context, Vec<Value>, Span) -> Result<Value, Error>
            + Send
            + Sync
            + 'static,
    ) -> HostFunction {
        let body: Box<HostCall> = Box::new(call);
        HostFunction {
            name: name.into(),
            body: Box::new(body),
        }
    }

    /// Call it.
    pub fn call(&self, s: &mut dyn Context, args: Vec<Value>, span: Span) -> Result<Value, Error> {
        let body = self
            .body
            .downcast_ref::<Box<HostCall>>()
            .expect("a host function's body is a HostCall");
        body(s, args, span)
    }
}
