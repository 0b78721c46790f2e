//! The cgt language: syntax tree, parser (following `grammars/cgt.ebnf`),
//! evaluator with defined functions and rulesets, built-in functions and
//! printer.

pub mod ast;
pub mod builtins;
mod data;
#[cfg(feature = "sqlite")]
mod db;
mod error;
mod eval;
mod function;
mod grids;
mod key;
mod parser;
mod plot;
pub mod print;
mod resolve;
pub mod script;
pub mod style;
mod user_ruleset;
mod value;

pub use error::{Error, ErrorKind};
pub use eval::{is_blank, Session};
pub use function::Function;
pub use parser::{is_keyword, KEYWORDS};
pub use parser::{parse_line, parse_statement};
pub use value::{Player, Sum, Value};
