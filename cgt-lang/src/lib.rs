//! The expression language: syntax tree, nom parser (following
//! `grammars/cgt.ebnf`), evaluator, built-in functions and printer.

pub mod ast;
pub mod builtins;
mod error;
mod eval;
mod parser;
mod plot;
pub mod print;
pub mod style;
mod value;

pub use error::{Error, ErrorKind};
pub use eval::{is_blank, Session};
pub use parser::parse_statement;
pub use value::{Player, Value};
