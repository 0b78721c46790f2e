//! Errors of the language, with the byte span of the input they refer to.

/// Byte range `[start, end)` of a piece of input (a node of the syntax
/// tree, or the code compiled from it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Hash)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// What kind of failure an [`Error`] reports.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The input does not parse.
    Syntax,
    /// The input parses but cannot be evaluated (a wrong type or argument, an unknown name).
    Eval,
    /// The result lies beyond a limit of the engine (the message names it).
    Unsupported,
    /// Stopped by Ctrl-C.
    Interrupted,
    /// Stopped at the memory limit.
    MemoryLimit,
    /// A bug in cgt: please report the input.
    Internal,
}

/// An error with the span of input it concerns (if known) and a message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Error {
    /// What kind of failure this is.
    pub kind: ErrorKind,
    /// First byte of the offending input.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// False if the error has no position.
    pub has_span: bool,
    /// What went wrong.
    pub message: String,
}

impl Error {
    /// An error over bytes `start..end`.
    pub fn at(start: usize, end: usize, message: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::Eval,
            start,
            end,
            has_span: true,
            message: message.into(),
        }
    }

    /// An error over a span.
    pub fn spanned(span: Span, message: impl Into<String>) -> Self {
        Self::at(span.start, span.end.max(span.start + 1), message)
    }

    /// An error without a position.
    pub fn plain(message: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::Eval,
            start: 0,
            end: 0,
            has_span: false,
            message: message.into(),
        }
    }

    /// The same error, of another kind.
    pub fn with_kind(mut self, kind: ErrorKind) -> Self {
        self.kind = kind;
        self
    }

    /// Attach a span to an error that has none.
    pub fn or_span(mut self, span: Span) -> Self {
        if !self.has_span {
            self.start = span.start;
            self.end = span.end.max(span.start + 1);
            self.has_span = true;
        }
        self
    }

    /// Give an error that has no position the span of the code it came from.
    #[cold]
    pub fn place(&mut self, span: Span) {
        if !self.has_span {
            self.start = span.start;
            self.end = span.end.max(span.start + 1);
            self.has_span = true;
        }
    }

    /// An error raised inside the body of function `name`, seen from the
    /// call at `call`: the message names the innermost function, and the
    /// caret points at the call in the line (the body's spans are in the
    /// definition, not in this line).
    pub fn in_function(mut self, name: &str, call: Span) -> Self {
        if !self.message.starts_with("in `") {
            self.message = format!("in `{name}`: {}", self.message);
        }
        self.start = call.start;
        self.end = call.end.max(call.start + 1);
        self.has_span = true;
        self
    }

    /// The 1-based column (in characters) where the error starts.
    pub fn column(&self, src: &str) -> usize {
        let at = self.start.min(src.len());
        let at = (0..=at)
            .rev()
            .find(|&k| src.is_char_boundary(k))
            .unwrap_or(0);
        src[..at].chars().count() + 1
    }

    /// The message followed by the input line with a caret under the column.
    pub fn render(&self, src: &str) -> String {
        if !self.has_span {
            return format!("error: {}", self.message);
        }
        let col = self.column(src);
        let line: String = src
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        format!(
            "error: {} (column {col})\n  {line}\n  {}^",
            self.message,
            " ".repeat(col - 1)
        )
    }

    /// One line: `message (column N)`.
    pub fn one_line(&self, src: &str) -> String {
        if self.has_span {
            format!("{} (column {})", self.message, self.column(src))
        } else {
            self.message.clone()
        }
    }
}

impl From<cgt_core::game::RangeError> for Error {
    fn from(e: cgt_core::game::RangeError) -> Self {
        Error::plain(e.0).with_kind(ErrorKind::Unsupported)
    }
}

impl From<cgt_core::interrupt::Stop> for Error {
    fn from(s: cgt_core::interrupt::Stop) -> Self {
        use cgt_core::interrupt::Stop;
        let kind = match &s {
            Stop::Interrupted => ErrorKind::Interrupted,
            Stop::MemoryLimit => ErrorKind::MemoryLimit,
            Stop::Unsupported(_) => ErrorKind::Unsupported,
            Stop::Internal(_) => ErrorKind::Internal,
        };
        Error::plain(s.to_string()).with_kind(kind)
    }
}

/// An error at `span` unless `bytes` more fit under the memory limit
/// (asked before a string or list is built at once).
pub fn room_for(bytes: usize, span: Span) -> Result<(), Error> {
    cgt_core::interrupt::room_for(bytes).map_err(|stop| {
        let mut e = Error::from(stop);
        e.place(span);
        e
    })
}
