//! Phase one: text to syntax tree. The parser follows `grammars/cgt.ebnf`
//! rule by rule; `script` groups the lines of a file or of the REPL into
//! statements.

pub mod ast;
pub mod parser;
pub mod script;
