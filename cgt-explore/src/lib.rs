//! The explorer: a page on localhost that shows a position as its ruleset
//! draws it, its value, outcome and temperature, and every move of both
//! players marked as the engine sees it (winning, realising a canonical
//! option, reversible, dominated, hottest), with a line of play to step
//! through and a field for any expression of the language. The binary
//! serves it (`cgt explore`); the page is compiled in and needs no network.
//!
//! `explorer` holds the session and the line played and answers in JSON;
//! `server` is the HTTP side: loopback only, other origins refused, a stop
//! request taken at once while a computation runs.

mod explorer;
mod server;

pub use explorer::{explorable, Explorer};
pub use server::{serve, Options};
