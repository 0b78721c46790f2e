//! The cgt language, in phases: text is parsed into a syntax tree
//! (`syntax`), its names are resolved to what they mean where they are
//! written (`resolve`), it is compiled into code (`compile`, `code`), and the
//! machine runs the code (`machine`). The top level of the REPL and of files
//! (`toplevel`, `session`) drives the phases one statement at a time. The
//! built-in functions (`library`) are tables called with a small context
//! (`context`); values (`value`) and the world of games they live in
//! (`world`) are shared by all.

mod code;
mod commands;
mod compile;
mod context;
mod error;
pub mod library;
mod machine;
mod order;
pub mod print;
mod print_stopper;
pub mod reference;
mod resolve;
mod seq;
mod session;
pub mod style;
pub mod syntax;
mod toplevel;
mod value;
mod world;

/// The built-in functions, as the front ends list and complete them.
pub mod builtins {
    pub use crate::library::files::write_regular_file;
    pub use crate::library::{
        builtins, is_option_word, lookup, option_words, suggest, topics, Builtin,
    };
}

pub use commands::{is_command, parse_size, COMMANDS};
pub use context::{Context, HostCall};
pub use error::{Error, ErrorKind, Span};
pub use session::{is_blank, Session};
pub use syntax::parser::{is_keyword, parse_line, parse_statement, KEYWORDS};
pub use syntax::script;
pub use value::{Function, HostFunction, Key, Map, Module, Player, Sum, Value};
pub use world::World;
