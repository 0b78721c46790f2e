//! The expression language.
