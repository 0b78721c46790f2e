//! The parser (nom). It follows `grammars/cgt.ebnf` rule by rule; each
//! function below is named after the rule it implements.

use super::ast::*;
use crate::error::Error;
use cgt_core::game::deep;
use cgt_core::number::Dyadic;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::{opt, peek, recognize};
use nom::sequence::pair;
use nom::IResult;
use std::borrow::Cow;
use std::cell::Cell;
use std::sync::Arc;

type In<'a> = &'a str;

/// A parse error: the remaining input where it happened, and why.
#[derive(Debug, Clone)]
pub struct PError {
    rest_len: usize,
    msg: Cow<'static, str>,
}

impl<'a> nom::error::ParseError<In<'a>> for PError {
    fn from_error_kind(input: In<'a>, _kind: nom::error::ErrorKind) -> Self {
        PError {
            rest_len: input.len(),
            msg: Cow::Borrowed(""),
        }
    }
    fn append(_input: In<'a>, _kind: nom::error::ErrorKind, other: Self) -> Self {
        other
    }
    fn or(self, other: Self) -> Self {
        // Report the alternative that got furthest.
        if other.rest_len <= self.rest_len {
            other
        } else {
            self
        }
    }
}

type PResult<'a, T> = IResult<In<'a>, T, PError>;

fn fail<T>(at: In<'_>, msg: impl Into<Cow<'static, str>>) -> PResult<'_, T> {
    Err(nom::Err::Error(PError {
        rest_len: at.len(),
        msg: msg.into(),
    }))
}

fn fatal<T>(at: In<'_>, msg: impl Into<Cow<'static, str>>) -> PResult<'_, T> {
    Err(nom::Err::Failure(PError {
        rest_len: at.len(),
        msg: msg.into(),
    }))
}

/// Parse one statement (a line holding exactly one). The error names the
/// byte offset and the problem.
pub fn parse_statement(src: &str) -> Result<Statement, Error> {
    let mut all = parse_line(src)?;
    match all.len() {
        1 => Ok(all.remove(0)),
        _ => {
            Err(Error::at(0, src.len(), "expected one statement")
                .with_kind(crate::ErrorKind::Syntax))
        }
    }
}

/// Parse a line (or a group of lines of a script): statements separated by
/// `;` or line breaks.
pub fn parse_line(src: &str) -> Result<Vec<Statement>, Error> {
    let (parsed, _) = parse_inner(src);
    // A stop requested while parsing is reported as that stop (checked
    // here, not in `is_incomplete`, whose errors are only answers).
    cgt_core::interrupt::poll()?;
    parsed.map_err(|e| e.with_kind(crate::ErrorKind::Syntax))
}

/// True if `src` is the beginning of input that needs more lines: it does
/// not parse only because it ends too soon (an unclosed bracket, a block
/// without its `end`, a line ending in an operator).
pub fn is_incomplete(src: &str) -> bool {
    match parse_inner(src) {
        (Ok(_), _) => false,
        (Err(_), true) => true,
        (Err(e), false) => e.start >= src.trim_end().len(),
    }
}

/// The statements of `src`, and whether the input ended inside a block
/// (whose error is reported where the block opened).
fn parse_inner(src: &str) -> (Result<Vec<Statement>, Error>, bool) {
    let p = Parser {
        src,
        in_index: Cell::new(false),
        in_form: Cell::new(false),
        lines: Cell::new(true),
        ran_out: Cell::new(false),
    };
    let parsed = p.parse_all();
    (parsed, p.ran_out.get())
}

impl Parser<'_> {
    fn parse_all(&self) -> Result<Vec<Statement>, Error> {
        let (p, src) = (self, self.src);
        let located = |e: PError| -> Error {
            let at = src.len() - e.rest_len;
            let rest = &src[at..];
            let msg = if let Some(h) = juxtaposed_name(src, at) {
                h
            } else if e.msg.is_empty() {
                unexpected_message(rest)
            } else {
                e.msg.into_owned()
            };
            Error::at(at, at + 1, msg)
        };
        let parsed = p.statements(src);
        let (rest, (statements, _)) = match parsed {
            Ok(r) => r,
            Err(nom::Err::Error(e)) | Err(nom::Err::Failure(e)) => return Err(located(e)),
            Err(nom::Err::Incomplete(_)) => {
                return Err(Error::at(src.len(), src.len(), "unexpected end of input"))
            }
        };
        let (rest, _) = ws(rest).map_err(|_| Error::at(0, 1, "unexpected input"))?;
        if rest.is_empty() {
            if statements.is_empty() {
                return Err(Error::at(0, 0, "empty input"));
            }
            return Ok(statements);
        }
        let at = src.len() - rest.len();
        let called = matches!(
            statements.last().map(|s| &s.kind),
            Some(StatementKind::Expr(Expr {
                kind: ExprKind::Call { .. },
                ..
            }))
        );
        let msg = if let Some(h) = juxtaposed_name(src, at) {
            h
        } else if called && rest.starts_with('=') && !rest.starts_with("==") {
            "unexpected `=`: define a function with `def f(n) = ...`".to_string()
        } else if let Some(w) = block_word(rest) {
            format!("unexpected `{w}`: it closes or continues a block (if, for, while, begin) that is not open here")
        } else {
            unexpected_message(rest)
        };
        Err(Error::at(at, at + 1, msg))
    }
}

/// The keyword that ends or continues a block, if `rest` starts with one.
fn block_word(rest: &str) -> Option<&'static str> {
    ["end", "else", "elseif"]
        .into_iter()
        .find(|w| keyword(rest, w).is_some())
}

/// What to write instead when a name or parenthesis follows `^` or `*`
/// without a space (`2^n`, `*n`): a literal takes digits only there.
fn juxtaposed_name(src: &str, at: usize) -> Option<String> {
    let (before, rest) = src.split_at(at);
    let next = rest.chars().next()?;
    if !(next.is_alphabetic() || next == '_') {
        return None;
    }
    let word: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if word.chars().all(|c| c == 'v') {
        // Downs, misplaced (`^v`): not a name.
        return None;
    }
    match before.chars().last()? {
        '^' => Some(format!(
            "unexpected `{word}` after `^`: there is no power operator (2^3 is 2 + ^3, as CGSuite prints it); write pow(x, {word}) for the {word}-th power of an integer x, pow(^, {word}) for ^<{word}>"
        )),
        '*' => Some(format!(
            "unexpected `{word}` after `*`: a star takes digits; write *({word}) for the nimber of a name, or put a space around `*` for a product"
        )),
        _ => None,
    }
}

/// The error for a block opened at `opener` that the input ends inside.
fn unclosed(opener: &str, what: &str) -> String {
    let word: String = opener.chars().take_while(|c| c.is_alphabetic()).collect();
    format!("{what}: this `{word}` has no `end` (the input ended first; a block over several lines, or an `if` with `elseif` or with a branch on another line, ends with `end`)")
}

fn unexpected_message(rest: &str) -> String {
    match rest.chars().next() {
        None => "unexpected end of input".into(),
        Some(c) => format!("unexpected `{c}`"),
    }
}

/// Words with a meaning in the grammar: never names of variables or functions.
/// (`where`, `from`, `to`, `by` and `as` mean something only in a `for`
/// loop's or an `import`'s header, and stay free as names.)
pub const KEYWORDS: &[&str] = &[
    "def", "if", "then", "else", "elseif", "end", "let", "in", "and", "or", "not", "div", "mod",
    "for", "while", "do", "begin", "return", "break", "continue", "import",
];

/// Why `w` cannot be bound as a name.
fn not_a_name(w: &str) -> String {
    if is_down_word(w) {
        format!("`{w}` is a down (v = ↓), not a name: choose another name")
    } else {
        format!("`{w}` is a keyword, not a name")
    }
}

/// True if `w` is a keyword.
pub fn is_keyword(w: &str) -> bool {
    KEYWORDS.contains(&w)
}

/// `i` starts with the keyword `w` (not followed by a letter, digit or `_`):
/// the input after it.
fn keyword<'a>(i: In<'a>, w: &str) -> Option<In<'a>> {
    let rest = i.strip_prefix(w)?;
    (!rest.starts_with(|c: char| c.is_alphanumeric() || c == '_')).then_some(rest)
}

struct Parser<'s> {
    src: &'s str,
    /// True while parsing the index of `L[...]`, where `:` separates a
    /// slice's bounds instead of making an ordinal sum.
    in_index: Cell<bool>,
    /// True while parsing the options of an explicit form `'{...}'`, where
    /// braces are form nodes, also inside expressions (`{1|} + *`).
    in_form: Cell<bool>,
    /// True where a line break ends a statement (outside brackets): an
    /// operator at the start of the next line does not continue it.
    lines: Cell<bool>,
    /// Set when the input ended inside a block (an unfinished statement).
    ran_out: Cell<bool>,
}

fn binary(op: BinOp, lhs: Expr, rhs: Expr, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Binary {
            op,
            lhs: Box::new(lhs),
            rhs: Box::new(rhs),
        },
        span,
    }
}

impl<'s> Parser<'s> {
    fn pos(&self, i: In<'_>) -> usize {
        self.src.len() - i.len()
    }

    fn span(&self, start: In<'_>, end: In<'_>) -> Span {
        Span {
            start: self.pos(start),
            end: self.pos(end),
        }
    }

    /// Parse `f` inside brackets: `:` means an ordinal sum again (also in an
    /// index), and line breaks are white space.
    fn nested<T>(&self, f: impl FnOnce() -> T) -> T {
        let was = self.in_index.replace(false);
        let lines = self.lines.replace(false);
        let out = f();
        self.in_index.set(was);
        self.lines.set(lines);
        out
    }

    /// Parse `f` where line breaks end statements (a block's body).
    fn unnested<T>(&self, f: impl FnOnce() -> T) -> T {
        let was = self.in_index.replace(false);
        let lines = self.lines.replace(true);
        let out = f();
        self.in_index.set(was);
        self.lines.set(lines);
        out
    }

    /// The input after the white space at `i`, if an operator there may
    /// continue the expression: not across a line break where line breaks
    /// end statements.
    fn gap(&self, i: In<'s>) -> Option<In<'s>> {
        let (j, _) = ws(i).ok()?;
        let crossed = i[..i.len() - j.len()].contains('\n');
        (!crossed || !self.lines.get()).then_some(j)
    }

    /// statements = [ statement { separator statement } ] ; separator = ";"
    /// or a line break. Stops before `end`, `else`, `elseif`, a closing
    /// bracket or the end of input. The flag: whether a separator follows
    /// the last statement.
    fn statements(&self, i: In<'s>) -> PResult<'s, (Vec<Statement>, bool)> {
        let mut out = Vec::new();
        let mut i = i;
        loop {
            // Separators (and blank lines) before the next statement.
            let mut separated = false;
            loop {
                let (j, _) = ws(i)?;
                let crossed = i[..i.len() - j.len()].contains('\n') && self.lines.get();
                separated |= crossed;
                match j.strip_prefix(';') {
                    Some(rest) => {
                        separated = true;
                        i = rest;
                    }
                    None => {
                        i = j;
                        break;
                    }
                }
            }
            let ends = i.is_empty()
                || block_word(i).is_some()
                || i.starts_with([')', ']', '}', '|', ','])
                || (!self.lines.get() && i.starts_with(':'));
            if ends {
                return Ok((i, (out, separated)));
            }
            if !out.is_empty() && !separated {
                // Not a statement's end: the caller says what is wrong here.
                return Ok((i, (out, false)));
            }
            let (rest, st) = self.statement(i)?;
            out.push(st);
            i = rest;
        }
    }

    /// The statements of a block up to its closing `end` (consumed).
    /// A block that reaches the end of the input is reported at `opener`,
    /// the keyword that opened it, not where the input ran out.
    fn block_to_end(
        &self,
        i: In<'s>,
        opener: In<'s>,
        what: &'static str,
    ) -> PResult<'s, Vec<Statement>> {
        let (j, (body, _)) = self.unnested(|| self.statements(i))?;
        let (j, _) = ws(j)?;
        match keyword(j, "end") {
            Some(rest) => Ok((rest, body)),
            None if j.is_empty() => {
                self.ran_out.set(true);
                fatal(opener, unclosed(opener, what))
            }
            None => fatal(j, what),
        }
    }

    /// statement = definition | import | "return" [ expression ] | "break"
    ///           | "continue" | assignment | expression
    fn statement(&self, i: In<'s>) -> PResult<'s, Statement> {
        let (i, _) = ws(i)?;
        let start = i;
        if i.is_empty() {
            return fail(i, "empty input");
        }
        let (rest, kind) = self.statement_kind(i)?;
        Ok((
            rest,
            Statement {
                kind,
                span: self.span(start, rest),
            },
        ))
    }

    fn statement_kind(&self, i: In<'s>) -> PResult<'s, StatementKind> {
        if let Some(rest) = keyword(i, "def") {
            return self.definition(rest);
        }
        if let Some(rest) = keyword(i, "import") {
            return self.import(rest);
        }
        if let Some(rest) = keyword(i, "return") {
            let ends = self.gap(rest).is_none_or(|j| {
                j.is_empty() || j.starts_with([';', ')', ']', '}']) || block_word(j).is_some()
            });
            if ends {
                return Ok((rest, StatementKind::Return(None)));
            }
            let (j, e) = self.expression(rest)?;
            return Ok((j, StatementKind::Return(Some(e))));
        }
        if let Some(rest) = keyword(i, "break") {
            return Ok((rest, StatementKind::Break));
        }
        if let Some(rest) = keyword(i, "continue") {
            return Ok((rest, StatementKind::Continue));
        }
        let assign = |i: In<'s>| -> PResult<'s, (String, Span)> {
            let start = i;
            let (i, name) = identifier(i)?;
            let span = self.span(start, i);
            let (i, _) = ws(i)?;
            let i = match i.strip_prefix(":=") {
                Some(rest) => rest,
                None => {
                    let (i, _) = char('=')(i)?;
                    if i.starts_with(['=', '>']) {
                        return fail(i, "");
                    }
                    i
                }
            };
            Ok((i, (name.to_string(), span)))
        };
        if let Some(r) = self.update(i) {
            return r;
        }
        if let Ok((i, (name, name_span))) = assign(i) {
            if is_keyword(&name) {
                return fatal(i, not_a_name(&name));
            }
            let (i, expr) = self.expression(i)?;
            return Ok((
                i,
                StatementKind::Assign {
                    name,
                    name_span,
                    expr,
                },
            ));
        }
        let (i, expr) = self.expression(i)?;
        Ok((i, StatementKind::Expr(expr)))
    }

    /// An assignment that updates: `x += e` (also `-=`, `*=`), and
    /// `x[i] := e` (also `x[i][j] = e`, `x[i] += e`), read as `x := x + e`
    /// and `x := with_item(x, i, e)`. None when `i` is not one.
    fn update(&self, i: In<'s>) -> Option<PResult<'s, StatementKind>> {
        let start = i;
        let (mut j, name) = identifier(i).ok()?;
        if is_keyword(name) {
            return None;
        }
        let name_span = self.span(start, j);
        let var = Expr {
            kind: ExprKind::Var(name.to_string()),
            span: name_span,
        };
        // The element's chain: x, x[i], x[i][j], ...
        let mut chain = vec![var];
        while let Some(k) = j.strip_prefix('[') {
            let (k, e) = match self.index(k, chain.last().expect("x").clone(), start) {
                Ok(r) => r,
                Err(e) => return Some(Err(e)),
            };
            if !matches!(e.kind, ExprKind::Index { .. }) {
                return None;
            }
            chain.push(e);
            j = k;
        }
        let (k, _) = ws(j).ok()?;
        let op = [("+=", BinOp::Add), ("-=", BinOp::Sub), ("*=", BinOp::Mul)]
            .into_iter()
            .find_map(|(text, op)| k.strip_prefix(text).map(|r| (op, r)));
        let (rest, op) = match op {
            Some((op, r)) => (r, Some(op)),
            None if chain.len() > 1 => {
                let r = k
                    .strip_prefix(":=")
                    .or_else(|| k.strip_prefix('=').filter(|r| !r.starts_with('=')))?;
                (r, None)
            }
            None => return None,
        };
        let (rest, rhs) = match self.expression(rest) {
            Ok(r) => r,
            Err(e) => return Some(Err(e)),
        };
        let whole = self.span(start, rest);
        let mut value = match op {
            Some(op) => Expr {
                kind: ExprKind::Binary {
                    op,
                    lhs: Box::new(chain.last().expect("x").clone()),
                    rhs: Box::new(rhs),
                },
                span: whole,
            },
            None => rhs,
        };
        // Rebuild each list of the chain with its element replaced.
        for m in (0..chain.len() - 1).rev() {
            let ExprKind::Index { index, .. } = &chain[m + 1].kind else {
                return None;
            };
            value = Expr {
                kind: ExprKind::Call {
                    name: "with_item".into(),
                    args: [chain[m].clone(), (**index).clone(), value]
                        .into_iter()
                        .map(|value| Argument { name: None, value })
                        .collect(),
                },
                span: whole,
            };
        }
        Some(Ok((
            rest,
            StatementKind::Assign {
                name: name.to_string(),
                name_span,
                expr: value,
            },
        )))
    }

    /// import = "import" string [ "as" identifier ]
    fn import(&self, i: In<'s>) -> PResult<'s, StatementKind> {
        let (i, _) = ws(i)?;
        let start = i;
        if !i.starts_with('"') {
            return fatal(
                i,
                "expected the file name in quotes: import \"file.cgt\" as m",
            );
        }
        let (i, path) = string_literal(i)?;
        let path_span = self.span(start, i);
        let alias = match self.gap(i).and_then(|j| keyword(j, "as")) {
            Some(rest) => {
                let (rest, _) = ws(rest)?;
                let name_start = rest;
                let Ok((rest, name)) = identifier(rest) else {
                    return fatal(rest, "expected the module's name after `as`");
                };
                if is_keyword(name) || is_down_word(name) {
                    return fatal(name_start, not_a_name(name));
                }
                let span = self.span(name_start, rest);
                return Ok((
                    rest,
                    StatementKind::Import {
                        path,
                        path_span,
                        alias: Some((name.to_string(), span)),
                    },
                ));
            }
            None => None,
        };
        Ok((
            i,
            StatementKind::Import {
                path,
                path_span,
                alias,
            },
        ))
    }

    /// definition = "def" identifier "(" [ identifier { "," identifier } ] ")" [ string ] "=" expression
    fn definition(&self, i: In<'s>) -> PResult<'s, StatementKind> {
        let (i, _) = ws(i)?;
        let start = i;
        let Ok((i, name)) = identifier(i) else {
            return fatal(i, "expected the function's name after `def`");
        };
        if is_keyword(name) || is_down_word(name) {
            return fatal(start, not_a_name(name));
        }
        let name_span = self.span(start, i);
        let (i, _) = ws(i)?;
        let Some(mut i) = i.strip_prefix('(') else {
            return fatal(i, "expected `(` and the parameters, e.g. def f(n) = ...");
        };
        let mut params: Vec<Arc<str>> = Vec::new();
        loop {
            let (j, _) = ws(i)?;
            if let Some(rest) = j.strip_prefix(')') {
                i = rest;
                break;
            }
            if !params.is_empty() {
                let Some(rest) = j.strip_prefix(',') else {
                    return fatal(j, "expected `,` or `)` in the parameters");
                };
                i = ws(rest)?.0;
            } else {
                i = j;
            }
            let Ok((j, p)) = identifier(i) else {
                return fatal(i, "expected a parameter name");
            };
            if is_keyword(p) || is_down_word(p) {
                return fatal(i, not_a_name(p));
            }
            if params.iter().any(|q| &**q == p) {
                return fatal(i, format!("parameter `{p}` appears twice"));
            }
            params.push(p.into());
            i = j;
        }
        let (i, _) = ws(i)?;
        let (i, doc) = if i.starts_with('"') {
            let (j, s) = string_literal(i)?;
            (j, Some(s))
        } else {
            (i, None)
        };
        let (i, _) = ws(i)?;
        let Some(i) = i
            .strip_prefix(":=")
            .or_else(|| i.strip_prefix('=').filter(|r| !r.starts_with('=')))
        else {
            return fatal(i, "expected `=` and the function's body");
        };
        let (i, body) = self.expression(i)?;
        Ok((
            i,
            StatementKind::Def(Definition {
                name: name.to_string(),
                name_span,
                params,
                doc,
                body,
            }),
        ))
    }

    /// expression = if | "let" binding { "," binding } "in" expression
    ///            | "begin" statements "end" | for | while | disjunction
    fn expression(&self, i: In<'s>) -> PResult<'s, Expr> {
        deep(|| {
            let (i, _) = ws(i)?;
            let start = i;
            let expr = |j: In<'s>, kind: ExprKind| -> PResult<'s, Expr> {
                Ok((
                    j,
                    Expr {
                        kind,
                        span: self.span(start, j),
                    },
                ))
            };
            if let Some(rest) = keyword(i, "if") {
                let (j, kind) = self.conditional(rest, i)?;
                return expr(j, kind);
            }
            if let Some(rest) = keyword(i, "let") {
                let (j, kind) = self.let_in(rest)?;
                return expr(j, kind);
            }
            if let Some(rest) = keyword(i, "begin") {
                let (j, body) = self.block_to_end(rest, i, "expected `end` to close `begin`")?;
                return expr(j, ExprKind::Block(body));
            }
            if let Some(rest) = keyword(i, "for") {
                let (j, f) = self.for_loop(rest, i)?;
                return expr(j, ExprKind::For(Box::new(f)));
            }
            if let Some(rest) = keyword(i, "while") {
                let (j, cond) = self.expression(rest)?;
                let (j, _) = ws(j)?;
                let Some(j) = keyword(j, "do") else {
                    return fatal(j, "expected `do` (while c do ... end)");
                };
                let (j, body) =
                    self.block_to_end(j, i, "expected `end` to close `while ... do`")?;
                let kind = ExprKind::While {
                    cond: Box::new(cond),
                    body,
                };
                return expr(j, kind);
            }
            if let Some(rest) = keyword(i, "do") {
                // `do ... end`: a loop that only `break` (or `return`) ends.
                let (j, body) = self.block_to_end(rest, i, "expected `end` to close `do`")?;
                let always = Expr {
                    kind: ExprKind::Var("true".into()),
                    span: self.span(start, rest),
                };
                let kind = ExprKind::While {
                    cond: Box::new(always),
                    body,
                };
                return expr(j, kind);
            }
            if let Some((j, params)) = self.lambda_head(i) {
                let name_span = self.span(start, j);
                let (j, body) = self.expression(j)?;
                let def = Definition {
                    name: String::new(),
                    name_span,
                    params,
                    doc: None,
                    body,
                };
                return expr(j, ExprKind::Lambda(Box::new(def)));
            }
            self.disjunction(i)
        })
    }

    /// The parameters of an anonymous function and the input after its
    /// `=>`: `x =>`, `(a, b) =>` or `() =>`. None if `i` does not start one.
    fn lambda_head(&self, i: In<'s>) -> Option<(In<'s>, Vec<Arc<str>>)> {
        let param = |i: In<'s>| -> Option<(In<'s>, &'s str)> {
            let (j, p) = identifier(i).ok()?;
            (!is_keyword(p) && !is_down_word(p)).then_some((j, p))
        };
        let arrow = |i: In<'s>| ws(i).ok().and_then(|(j, _)| j.strip_prefix("=>"));
        if let Some((j, p)) = param(i) {
            return arrow(j).map(|j| (j, vec![Arc::from(p)]));
        }
        let mut j = ws(i.strip_prefix('(')?).ok()?.0;
        let mut params: Vec<Arc<str>> = Vec::new();
        if let Some(rest) = j.strip_prefix(')') {
            return arrow(rest).map(|k| (k, params));
        }
        loop {
            let (k, p) = param(j)?;
            if params.iter().any(|q| &**q == p) {
                return None;
            }
            params.push(Arc::from(p));
            let k = ws(k).ok()?.0;
            if let Some(rest) = k.strip_prefix(')') {
                return arrow(rest).map(|k| (k, params));
            }
            j = ws(k.strip_prefix(',')?).ok()?.0;
        }
    }

    /// After `if`: `c then a else b` (one expression each, no `end`), or
    /// `c then ... { elseif c then ... } [ else ... ] end` with statements.
    fn conditional(&self, i: In<'s>, opener: In<'s>) -> PResult<'s, ExprKind> {
        let mut arms = Vec::new();
        let mut i = i;
        // Whether every branch so far is one statement with no separator
        // after it, all on the line of the `if` (or inside brackets): only
        // then may the `if` end without `end`.
        let mut single = true;
        let on_one_line =
            |j: In<'s>| !self.lines.get() || !opener[..opener.len() - j.len()].contains('\n');
        loop {
            let (j, cond) = self.expression(i)?;
            let (j, _) = ws(j)?;
            let Some(j) = keyword(j, "then") else {
                return fatal(j, "expected `then` (if c then a else b)");
            };
            let (j, (body, separated)) = self.statements(j)?;
            if body.is_empty() {
                return fatal(j, "expected a statement after `then`");
            }
            single &= body.len() == 1 && !separated;
            arms.push((cond, body));
            let (j, _) = ws(j)?;
            if let Some(rest) = keyword(j, "elseif") {
                single &= on_one_line(rest);
                i = rest;
                continue;
            }
            if let Some(rest) = keyword(j, "end") {
                return Ok((
                    rest,
                    ExprKind::If {
                        arms,
                        otherwise: None,
                    },
                ));
            }
            let Some(rest) = keyword(j, "else") else {
                return fatal(j, "expected `else`, `elseif` or `end`");
            };
            // `else` at the end of its line opens a block.
            let same_line = self.gap(rest).is_some_and(|g| !g.is_empty());
            if single && on_one_line(rest) && same_line {
                // `if c then a else b` on one line: one statement, then
                // `end` or nothing.
                let (k, st) = self.statement(rest)?;
                let otherwise = Some(vec![st]);
                let after = self.gap(k).and_then(|g| keyword(g, "end"));
                let k = after.unwrap_or(k);
                return Ok((k, ExprKind::If { arms, otherwise }));
            }
            let (k, body) = self.block_to_end(
                rest,
                opener,
                "expected `end` to close `if ... then ... else`",
            )?;
            return Ok((
                k,
                ExprKind::If {
                    arms,
                    otherwise: Some(body),
                },
            ));
        }
    }

    /// After `let`: `binding { "," binding } "in" expression`.
    fn let_in(&self, rest: In<'s>) -> PResult<'s, ExprKind> {
        let mut bindings = Vec::new();
        let mut j = rest;
        loop {
            let (k, _) = ws(j)?;
            let Ok((k, name)) = identifier(k) else {
                return fatal(k, "expected a name to bind (let x = e in body)");
            };
            if is_keyword(name) || is_down_word(name) {
                return fatal(k, not_a_name(name));
            }
            let (k, _) = ws(k)?;
            let Some(k) = k.strip_prefix('=').filter(|r| !r.starts_with('=')) else {
                return fatal(k, "expected `=` (let x = e in body)");
            };
            let (k, e) = self.expression(k)?;
            bindings.push((name.into(), e));
            let (k, _) = ws(k)?;
            if let Some(k) = k.strip_prefix(',') {
                j = k;
                continue;
            }
            let Some(k) = keyword(k, "in") else {
                return fatal(k, "expected `,` or `in` (let x = e in body)");
            };
            j = k;
            break;
        }
        let (j, body) = self.expression(j)?;
        Ok((
            j,
            ExprKind::Let {
                bindings,
                body: Box::new(body),
            },
        ))
    }

    /// After `for`: `identifier ( "in" expression | "from" expression
    /// [ "to" expression ] [ "by" expression ] ) [ "where" expression ]
    /// [ "while" expression ] "do" statements "end"`.
    fn for_loop(&self, i: In<'s>, opener: In<'s>) -> PResult<'s, ForLoop> {
        let (i, _) = ws(i)?;
        let Ok((i, name)) = identifier(i) else {
            return fatal(i, "expected the loop's variable after `for`");
        };
        if is_keyword(name) || is_down_word(name) {
            return fatal(i, not_a_name(name));
        }
        let (i, _) = ws(i)?;
        let (mut i, over) = if let Some(rest) = keyword(i, "in") {
            let (j, e) = self.expression(rest)?;
            (j, Over::In(e))
        } else if let Some(rest) = keyword(i, "from") {
            let (j, from) = self.expression(rest)?;
            let mut j = j;
            let mut to = None;
            let mut by = None;
            if let Some(rest) = keyword(ws(j)?.0, "to") {
                let (k, e) = self.expression(rest)?;
                to = Some(Box::new(e));
                j = k;
            }
            if let Some(rest) = keyword(ws(j)?.0, "by") {
                let (k, e) = self.expression(rest)?;
                by = Some(Box::new(e));
                j = k;
            }
            (
                j,
                Over::Count {
                    from: Some(Box::new(from)),
                    to,
                    by,
                },
            )
        } else {
            return fatal(i, "expected `in` or `from` (for x in L do ... end)");
        };
        let mut filter = None;
        let mut until = None;
        if let Some(rest) = keyword(ws(i)?.0, "where") {
            let (k, e) = self.expression(rest)?;
            filter = Some(e);
            i = k;
        }
        if let Some(rest) = keyword(ws(i)?.0, "while") {
            let (k, e) = self.expression(rest)?;
            until = Some(e);
            i = k;
        }
        let (i, _) = ws(i)?;
        let Some(i) = keyword(i, "do") else {
            return fatal(i, "expected `do` (for x in L do ... end)");
        };
        let (i, body) = self.block_to_end(i, opener, "expected `end` to close `for ... do`")?;
        Ok((
            i,
            ForLoop {
                var: Some(name.into()),
                over,
                filter,
                until,
                body,
            },
        ))
    }

    /// disjunction = conjunction { "or" conjunction }
    fn disjunction(&self, i: In<'s>) -> PResult<'s, Expr> {
        self.logical(i, "or", BinOp::Or, Self::conjunction)
    }

    /// conjunction = negation { "and" negation }
    fn conjunction(&self, i: In<'s>) -> PResult<'s, Expr> {
        self.logical(i, "and", BinOp::And, Self::negation)
    }

    fn logical(
        &self,
        i: In<'s>,
        word: &str,
        op: BinOp,
        next: fn(&Self, In<'s>) -> PResult<'s, Expr>,
    ) -> PResult<'s, Expr> {
        let (i, _) = ws(i)?;
        let start = i;
        let (mut i, mut acc) = next(self, i)?;
        loop {
            let Some(k) = self.gap(i).and_then(|j| keyword(j, word)) else {
                return Ok((i, acc));
            };
            let (k, rhs) = next(self, k)?;
            acc = binary(op, acc, rhs, self.span(start, k));
            i = k;
        }
    }

    /// negation = "not" negation | relation
    fn negation(&self, i: In<'s>) -> PResult<'s, Expr> {
        let (i, _) = ws(i)?;
        let start = i;
        match keyword(i, "not") {
            Some(rest) => {
                let (j, arg) = deep(|| self.negation(rest))?;
                let kind = ExprKind::Unary {
                    op: UnOp::Not,
                    arg: Box::new(arg),
                };
                Ok((
                    j,
                    Expr {
                        kind,
                        span: self.span(start, j),
                    },
                ))
            }
            None => self.relation(i),
        }
    }

    /// relation = sided [ relop sided ]
    fn relation(&self, i: In<'s>) -> PResult<'s, Expr> {
        let (i, _) = ws(i)?;
        let start = i;
        let (i, lhs) = self.sided(i)?;
        let Some(i2) = self.gap(i) else {
            return Ok((i, lhs));
        };
        let relop: PResult<'s, &str> = alt((
            tag("=="),
            tag("!="),
            tag("<="),
            tag(">="),
            tag("<|"),
            tag("|>"),
            tag("<>"),
            tag("<"),
            tag(">"),
        ))(i2);
        match relop {
            Ok((i3, op)) => {
                let op = match op {
                    "==" => BinOp::Eq,
                    "!=" => BinOp::Ne,
                    "<=" => BinOp::Le,
                    ">=" => BinOp::Ge,
                    "<|" => BinOp::LessOrConfused,
                    "|>" => BinOp::GreaterOrConfused,
                    "<>" => BinOp::Confused,
                    "<" => BinOp::Lt,
                    _ => BinOp::Gt,
                };
                let (i4, rhs) = self.sided(i3)?;
                Ok((i4, binary(op, lhs, rhs, self.span(start, i4))))
            }
            Err(_) => Ok((i, lhs)),
        }
    }

    /// sided = range [ "&" range ]: the sided value with that onside and
    /// offside.
    fn sided(&self, i: In<'s>) -> PResult<'s, Expr> {
        let (i, _) = ws(i)?;
        let start = i;
        let (i, lhs) = self.range(i)?;
        let Some(k) = self.gap(i).and_then(|j| j.strip_prefix('&')) else {
            return Ok((i, lhs));
        };
        let (k, rhs) = self.range(k)?;
        Ok((k, binary(BinOp::Sided, lhs, rhs, self.span(start, k))))
    }

    /// range = sequential [ ".." sequential ]
    fn range(&self, i: In<'s>) -> PResult<'s, Expr> {
        let (i, _) = ws(i)?;
        let start = i;
        let (i, lhs) = self.sequential(i)?;
        let Some(k) = self.gap(i).and_then(|j| j.strip_prefix("..")) else {
            return Ok((i, lhs));
        };
        let (k, rhs) = self.sequential(k)?;
        Ok((k, binary(BinOp::Range, lhs, rhs, self.span(start, k))))
    }

    /// sequential = sum [ "->" sequential ]  (right-associative)
    fn sequential(&self, i: In<'s>) -> PResult<'s, Expr> {
        let (i, _) = ws(i)?;
        let start = i;
        let (i, lhs) = self.sum(i)?;
        let Some(k) = self
            .gap(i)
            .and_then(|j| j.strip_prefix("->").or_else(|| j.strip_prefix('→')))
        else {
            return Ok((i, lhs));
        };
        let (k, rhs) = deep(|| self.sequential(k))?;
        Ok((k, binary(BinOp::Sequential, lhs, rhs, self.span(start, k))))
    }

    /// sum = colon { ( "+-" | "+" | "-" | "Upsum" | "Downsum" ) colon }
    fn sum(&self, i: In<'s>) -> PResult<'s, Expr> {
        let (i, _) = ws(i)?;
        let start = i;
        let (mut i, mut acc) = self.colon(i)?;
        loop {
            let Some(j) = self.gap(i) else {
                return Ok((i, acc));
            };
            if j.starts_with("->") {
                return Ok((i, acc));
            }
            let word = [("Upsum", BinOp::Upsum), ("Downsum", BinOp::Downsum)]
                .into_iter()
                .find_map(|(w, op)| keyword(j, w).map(|k| (k, op)));
            let op: PResult<'s, &str> = alt((tag("+-"), tag("±"), tag("+"), tag("-")))(j);
            let (k, op) = match (word, op) {
                (Some(found), _) => found,
                (None, Ok((k, "+"))) => (k, BinOp::Add),
                (None, Ok((k, "-"))) => (k, BinOp::Sub),
                (None, Ok((k, _))) => (k, BinOp::AddSwitch),
                (None, Err(_)) => return Ok((i, acc)),
            };
            let (k, rhs) = self.colon(k)?;
            acc = binary(op, acc, rhs, self.span(start, k));
            i = k;
        }
    }

    /// colon = product { ":" product }
    fn colon(&self, i: In<'s>) -> PResult<'s, Expr> {
        let (i, _) = ws(i)?;
        let start = i;
        let (mut i, mut acc) = self.product(i)?;
        loop {
            if self.in_index.get() {
                return Ok((i, acc));
            }
            let Some(j) = self.gap(i) else {
                return Ok((i, acc));
            };
            if j.starts_with(":=") {
                return Ok((i, acc));
            }
            let Ok((k, _)) = char::<_, PError>(':')(j) else {
                return Ok((i, acc));
            };
            let (k, rhs) = self.product(k)?;
            acc = binary(BinOp::Colon, acc, rhs, self.span(start, k));
            i = k;
        }
    }

    /// product = unary { ( "*" | "/" | "div" | "mod" | "%" ) unary }. A `*`
    /// written against a number (`3*2`) belongs to the literal: 3 + *2.
    fn product(&self, i: In<'s>) -> PResult<'s, Expr> {
        let (i, _) = ws(i)?;
        let start = i;
        let (mut i, mut acc) = self.unary(i)?;
        loop {
            let Some(j) = self.gap(i) else {
                return Ok((i, acc));
            };
            let (k, op) = if let Some(k) = j.strip_prefix('*') {
                (k, BinOp::Mul)
            } else if let Some(k) = j.strip_prefix('/') {
                (k, BinOp::Divide)
            } else if let Some(k) = j.strip_prefix('%') {
                (k, BinOp::Mod)
            } else if let Some(k) = keyword(j, "div") {
                (k, BinOp::Div)
            } else if let Some(k) = keyword(j, "mod") {
                (k, BinOp::Mod)
            } else {
                return Ok((i, acc));
            };
            let (k, rhs) = self.unary(k)?;
            acc = binary(op, acc, rhs, self.span(start, k));
            i = k;
        }
    }

    /// unary = ( "-" | "+" | "+-" ) unary | postfix ; a "-" before a digit is the literal's sign.
    fn unary(&self, i: In<'s>) -> PResult<'s, Expr> {
        deep(|| {
            let (i, _) = ws(i)?;
            let start = i;
            let op = if i.starts_with("+-") {
                Some((UnOp::Switch, 2))
            } else if i.starts_with('±') {
                Some((UnOp::Switch, '±'.len_utf8()))
            } else if i.starts_with('-') && !i[1..].starts_with(|c: char| c.is_ascii_digit()) {
                Some((UnOp::Neg, 1))
            } else if i.starts_with('+') {
                Some((UnOp::Plus, 1))
            } else {
                None
            };
            match op {
                Some((op, len)) => {
                    let (i, arg) = self.unary(&i[len..])?;
                    let span = self.span(start, i);
                    Ok((
                        i,
                        Expr {
                            kind: ExprKind::Unary {
                                op,
                                arg: Box::new(arg),
                            },
                            span,
                        },
                    ))
                }
                None => self.postfix(i),
            }
        })
    }

    /// postfix = primary { "." identifier [ arguments ] | "[" index "]" }
    /// (CGSuite-style method calls: G.AtomicWeight = atomic_weight(G);
    /// `L[i]` and `L[a:b]` directly after the value, without a space)
    fn postfix(&self, i: In<'s>) -> PResult<'s, Expr> {
        let start = i;
        let (mut i, mut acc) = self.primary(i)?;
        loop {
            if let Some(j) = i.strip_prefix('[') {
                let (j, e) = self.index(j, acc, start)?;
                acc = e;
                i = j;
                continue;
            }
            let callable = matches!(
                acc.kind,
                ExprKind::Call { .. }
                    | ExprKind::Method { args: Some(_), .. }
                    | ExprKind::Index { .. }
                    | ExprKind::Lambda(_)
                    | ExprKind::Var(_)
                    | ExprKind::Apply { .. }
            );
            if callable && i.starts_with('(') {
                // `f(a)(b)`, `(x => x + 1)(2)`, `fs[0](3)`: a call of a value.
                let (j, args) = self.arguments(i)?;
                acc = Expr {
                    kind: ExprKind::Apply {
                        target: Box::new(acc),
                        args,
                    },
                    span: self.span(start, j),
                };
                i = j;
                continue;
            }
            let Some(j) = i
                .strip_prefix('.')
                .filter(|j| j.starts_with(|c: char| c.is_alphabetic() || c == '_'))
            else {
                return Ok((i, acc));
            };
            let name_start = j;
            let (j, name) = identifier(j)?;
            let name_span = self.span(name_start, j);
            let (j, args) = match peek(char::<_, PError>('('))(j) {
                Ok(_) => {
                    let (j, args) = self.arguments(j)?;
                    (j, Some(args))
                }
                Err(_) => (j, None),
            };
            let span = self.span(start, j);
            acc = Expr {
                kind: ExprKind::Method {
                    target: Box::new(acc),
                    name: name.to_string(),
                    name_span,
                    args,
                },
                span,
            };
            i = j;
        }
    }

    /// index = expression | [ expression ] ":" [ expression ]  (after `[`)
    fn index(&self, i: In<'s>, target: Expr, start: In<'s>) -> PResult<'s, Expr> {
        let was = self.in_index.replace(true);
        let parsed = (|| {
            let bound = |i: In<'s>| -> PResult<'s, Option<Box<Expr>>> {
                let (j, _) = ws(i)?;
                if j.starts_with(':') || j.starts_with(']') {
                    Ok((j, None))
                } else {
                    let (j, e) = self.expression(j)?;
                    Ok((ws(j)?.0, Some(Box::new(e))))
                }
            };
            let (j, from) = bound(i)?;
            if let Some(k) = j.strip_prefix(':') {
                let (k, to) = bound(k)?;
                let (k, _) = expect_char(k, ']', "expected `]` after the slice")?;
                return Ok((k, (from, to, true)));
            }
            let (j, _) = expect_char(j, ']', "expected `]` (L[i] or L[a:b])")?;
            if from.is_none() {
                return fatal(j, "expected an index between `[` and `]`");
            }
            Ok((j, (from, None, false)))
        })();
        self.in_index.set(was);
        let (j, (from, to, slice)) = parsed?;
        let kind = if slice {
            ExprKind::Slice {
                target: Box::new(target),
                from,
                to,
            }
        } else {
            ExprKind::Index {
                target: Box::new(target),
                index: from.expect("checked above"),
            }
        };
        Ok((
            j,
            Expr {
                kind,
                span: self.span(start, j),
            },
        ))
    }

    /// primary = literal | "(" expression ")" | tuple | braces | form | list
    ///         | comprehension | string | call | identifier
    fn primary(&self, i: In<'s>) -> PResult<'s, Expr> {
        let (i, _) = ws(i)?;
        let start = i;
        let Some(c) = i.chars().next() else {
            return fail(i, "expected an expression");
        };
        match c {
            '(' => self.nested(|| {
                let (i, _) = char('(')(i)?;
                let (i, e) = self.expression(i)?;
                let (i, _) = ws(i)?;
                if let Some(rest) = i.strip_prefix(',') {
                    // A tuple such as (2,0): a list.
                    let (j, mut items) = self.list_items(rest, ')')?;
                    items.insert(0, e);
                    return Ok((
                        j,
                        Expr {
                            kind: ExprKind::List(items),
                            span: self.span(start, j),
                        },
                    ));
                }
                let (i, _) = expect_char(i, ')', "expected `)`")?;
                let span = self.span(start, i);
                let mut e = e;
                e.span = span;
                Ok((i, e))
            }),
            '{' => self.nested(|| self.braces(i, self.in_form.get())),
            '\'' => self.nested(|| {
                let (j, _) = char('\'')(i)?;
                let (j, _) = ws(j)?;
                if !j.starts_with('{') {
                    return fail(j, "expected `{` after `'` (explicit game form)");
                }
                let (j, mut e) = self.braces(j, true)?;
                let (j, _) = ws(j)?;
                let (j, _) = expect_char(j, '\'', "expected `'` to close the explicit game form")?;
                e.span = self.span(start, j);
                Ok((j, e))
            }),
            '[' => self.nested(|| self.list_or_comprehension(i)),
            '"' => {
                let (j, s) = string_literal(i)?;
                Ok((
                    j,
                    Expr {
                        kind: ExprKind::Str(s.into()),
                        span: self.span(start, j),
                    },
                ))
            }
            '-' | '0'..='9' | '^' | '*' | '↑' | '⇑' | '↓' | '⇓' | '⋆' => self.literal(i),
            c if c.is_alphabetic() || c == '_' => self.word(i),
            _ => fail(i, format!("unexpected `{c}`")),
        }
    }

    /// `[` ... `]`: a list, or a comprehension if `for` follows the first item.
    fn list_or_comprehension(&self, i: In<'s>) -> PResult<'s, Expr> {
        let start = i;
        // The first item is parsed once: a comprehension if `for` follows,
        // a list otherwise (trying both would be exponential in the nesting).
        let (j, _) = ws(&i[1..])?;
        if let Some(rest) = j.strip_prefix(']') {
            return Ok((
                rest,
                Expr {
                    kind: ExprKind::List(vec![]),
                    span: self.span(start, rest),
                },
            ));
        }
        let (j, first) = self.expression(j)?;
        let (j, clauses) = self.clauses(j)?;
        let (j, kind) = if clauses.is_empty() {
            let (j, _) = ws(j)?;
            let (j, mut items) = match j.strip_prefix(',') {
                Some(rest) => self.list_items(rest, ']')?,
                None => {
                    let (j, _) = expect_char(j, ']', "expected `,`, `]` or `for`")?;
                    (j, vec![])
                }
            };
            items.insert(0, first);
            (j, ExprKind::List(items))
        } else {
            let (j, _) = ws(j)?;
            let (j, _) = expect_char(j, ']', "expected `]`, `for` or `if`")?;
            (
                j,
                ExprKind::Comprehension {
                    body: Box::new(first),
                    clauses,
                },
            )
        };
        Ok((
            j,
            Expr {
                kind,
                span: self.span(start, j),
            },
        ))
    }

    /// The clauses of a comprehension after its body:
    /// `clause = "for" identifier "in" expression | "if" expression`, the first a `for`.
    fn clauses(&self, i: In<'s>) -> PResult<'s, Vec<Clause>> {
        let mut clauses = Vec::new();
        let mut i = i;
        loop {
            let (j, _) = ws(i)?;
            if let Some(k) = keyword(j, "for") {
                let (k, _) = ws(k)?;
                let Ok((k, name)) = identifier(k) else {
                    return fatal(k, "expected a name after `for`");
                };
                if is_keyword(name) || is_down_word(name) {
                    return fatal(k, not_a_name(name));
                }
                let (k, _) = ws(k)?;
                let Some(k) = keyword(k, "in") else {
                    return fatal(k, "expected `in`");
                };
                let (k, list) = self.expression(k)?;
                clauses.push(Clause::For(name.into(), list));
                i = k;
            } else if let Some(k) = keyword(j, "if").filter(|_| !clauses.is_empty()) {
                let (k, cond) = self.expression(k)?;
                clauses.push(Clause::If(cond));
                i = k;
            } else {
                return Ok((i, clauses));
            }
        }
    }

    /// arguments = "(" [ argument { "," argument } ] ")"
    fn arguments(&self, i: In<'s>) -> PResult<'s, Vec<Argument>> {
        self.nested(|| {
            let (mut i, _) = char('(')(i)?;
            let mut args = Vec::new();
            let (j, _) = ws(i)?;
            if let Some(rest) = j.strip_prefix(')') {
                return Ok((rest, args));
            }
            loop {
                // argument = [ identifier "=" ] expression
                let named = |i: In<'s>| -> PResult<'s, String> {
                    let (i, _) = ws(i)?;
                    let (i, name) = identifier(i)?;
                    let (i, _) = ws(i)?;
                    let (i, _) = char('=')(i)?;
                    if i.starts_with(['=', '>']) {
                        return fail(i, "");
                    }
                    Ok((i, name.to_string()))
                };
                let (j, name) = match named(i) {
                    Ok((j, n)) => (j, Some(n)),
                    Err(_) => (i, None),
                };
                let (j, value) = self.expression(j)?;
                args.push(Argument { name, value });
                let (j, _) = ws(j)?;
                if let Some(rest) = j.strip_prefix(')') {
                    return Ok((rest, args));
                }
                let Some(rest) = j.strip_prefix(',') else {
                    return fail(j, "expected `,` or `)`");
                };
                i = rest;
            }
        })
    }

    fn list_items(&self, i: In<'s>, close: char) -> PResult<'s, Vec<Expr>> {
        let mut items = Vec::new();
        let (mut i, _) = ws(i)?;
        if let Some(rest) = i.strip_prefix(close) {
            return Ok((rest, items));
        }
        loop {
            let (j, e) = self.expression(i)?;
            items.push(e);
            let (j, _) = ws(j)?;
            if let Some(rest) = j.strip_prefix(close) {
                return Ok((rest, items));
            }
            let Some(rest) = j.strip_prefix(',') else {
                return fail(j, format!("expected `,` or `{close}`"));
            };
            i = rest;
        }
    }

    /// word = identifier [ arguments ] | downs-literal (`v`, `vv`, `v3`, `v<2>`, ...)
    fn word(&self, i: In<'s>) -> PResult<'s, Expr> {
        let start = i;
        let (j, name) = identifier(i)?;
        if is_down_word(name) {
            return self.literal(i);
        }
        if is_keyword(name) {
            return fail(i, format!("unexpected keyword `{name}`"));
        }
        if name == "pass" && !self.in_form.get() {
            let span = self.span(start, j);
            return Ok((
                j,
                Expr {
                    kind: ExprKind::Pass,
                    span,
                },
            ));
        }
        if j.starts_with('{') && !self.in_form.get() {
            let (k, body) = self.braces(j, false)?;
            if !matches!(body.kind, ExprKind::Braces { .. }) {
                return fail(
                    j,
                    format!("`{name}{{...}}` names a game: its braces need `|`"),
                );
            }
            let kind = ExprKind::Labelled {
                label: name.to_string(),
                body: Box::new(body),
            };
            return Ok((
                k,
                Expr {
                    kind,
                    span: self.span(start, k),
                },
            ));
        }
        if matches!(name, "Tiny" | "Miny" | "tiny" | "miny") && j.starts_with('(') {
            return self.tiny_call(start, j, Dyadic::zero(), name.eq_ignore_ascii_case("miny"));
        }
        if let Some(k) = self.gap(j).filter(|k| k.starts_with('(')) {
            let (k, args) = self.arguments(k)?;
            let kind = ExprKind::Call {
                name: name.to_string(),
                args,
            };
            return Ok((
                k,
                Expr {
                    kind,
                    span: self.span(start, k),
                },
            ));
        }
        let kind = ExprKind::Var(name.to_string());
        Ok((
            j,
            Expr {
                kind,
                span: self.span(start, j),
            },
        ))
    }

    /// A stopper as CGSuite prints it, after its number (if any): `x over`,
    /// `x under` (written together: `2over`), `x^[on]*k`, `x^<on>*k` and
    /// their downs (`-1/4v[on]`). `None` if `i` starts none of them.
    fn loopy_literal(
        &self,
        start: In<'s>,
        i: In<'s>,
        number: &Number,
        has_number: bool,
    ) -> Option<PResult<'s, Expr>> {
        let words = [
            ("over", LoopyShape::Over(true)),
            ("under", LoopyShape::Over(false)),
        ];
        let found = words
            .into_iter()
            .filter(|_| has_number)
            .find_map(|(w, shape)| keyword(i, w).map(|rest| (rest, shape)))
            .or_else(|| {
                [
                    ("^[on]", false, false),
                    ("^<on>", false, true),
                    ("v[on]", true, false),
                    ("v<on>", true, true),
                ]
                .into_iter()
                .find_map(|(p, down, uponth)| {
                    i.strip_prefix(p)
                        .map(|rest| (rest, LoopyShape::Upon { down, uponth }))
                })
            });
        let (rest, shape) = found?;
        let Number::Dyadic(x) = number else {
            return Some(fatal(
                start,
                "the number before a loopy game must be dyadic",
            ));
        };
        let (rest, nim) = match shape {
            LoopyShape::Over(_) => (rest, 0),
            LoopyShape::Upon { .. } => match self.star(rest) {
                Ok((r, None)) => (r, 0),
                Ok((r, Some(Star::Nim(n)))) => (r, n),
                Ok((_, Some(Star::Expr(_)))) => {
                    return Some(fatal(
                        rest,
                        "write the nimber after ^[on] or ^<on> with digits",
                    ))
                }
                Err(e) => return Some(Err(e)),
            },
        };
        let kind = ExprKind::LoopyLiteral {
            number: x.clone(),
            shape,
            nim,
        };
        Some(Ok((
            rest,
            Expr {
                kind,
                span: self.span(start, rest),
            },
        )))
    }

    /// `[x]Tiny(G)` or `[x]Miny(G)`: `i` is just after the name.
    fn tiny_call(&self, start: In<'s>, i: In<'s>, number: Dyadic, miny: bool) -> PResult<'s, Expr> {
        let (j, arg) = self.paren_arg(i)?;
        let kind = ExprKind::Tiny {
            number,
            miny,
            arg: Box::new(arg),
        };
        Ok((
            j,
            Expr {
                kind,
                span: self.span(start, j),
            },
        ))
    }

    fn paren_arg(&self, i: In<'s>) -> PResult<'s, Expr> {
        self.nested(|| {
            let (i, _) = char('(')(i)?;
            let (i, e) = self.expression(i)?;
            let (i, _) = ws(i)?;
            let (i, _) = expect_char(i, ')', "expected `)`")?;
            Ok((i, e))
        })
    }

    /// literal = [ "-" ] number [ ( "Tiny" | "Miny" ) "(" expression ")" | ups [ star ] | star ]
    ///         | ups [ star ] | star
    fn literal(&self, i: In<'s>) -> PResult<'s, Expr> {
        let start = i;
        let (i, number) = opt(number)(i)?;
        let has_number = number.is_some();
        let number = match number {
            Some(Ok(x)) => x,
            Some(Err(msg)) => return fatal(start, msg),
            None => Number::Dyadic(Dyadic::zero()),
        };
        if has_number {
            for (word, miny) in [("Tiny(", false), ("Miny(", true)] {
                if i.starts_with(word) {
                    let Number::Dyadic(x) = number else {
                        return fatal(start, "the number before Tiny or Miny must be dyadic");
                    };
                    return self.tiny_call(start, &i[4..], x, miny);
                }
            }
            if [".^", ".v", ".↑", ".↓", ".*"]
                .iter()
                .any(|p| i.starts_with(p))
            {
                return fatal(
                    i,
                    "`2.^` is not read: write 2 * ^ (or ^^) for two ups, 2^ for 2 + ^; \
                     an uptimal expansion is written with digits, e.g. 0.2 for 2 * ^",
                );
            }
        }
        if let Some(found) = self.loopy_literal(start, i, &number, has_number) {
            return found;
        }
        let (i, mut ups) = ups(i)?;
        let (mut i, star) = self.star(i)?;
        if !has_number && ups.is_none() && star.is_none() {
            return fail(i, "expected a game");
        }
        if star.is_some() && i.starts_with(['^', 'v', '↑', '↓', '⇑', '⇓']) {
            let after_word =
                i.starts_with('v') && i[1..].starts_with(|c: char| c.is_alphabetic() || c == '_');
            if !after_word {
                return fatal(
                    i,
                    "ups come before the star (^* is ^ + *, 3^* is 3 + ^ + *); for three ups write 3 * ^",
                );
            }
        }
        if let Some(rest) = i.strip_prefix('.').filter(|r| {
            r.starts_with(|c: char| c.is_ascii_digit() || c.is_ascii_uppercase() || c == '(')
                && !is_method_name(r)
        }) {
            if ups.is_some() {
                return fatal(
                    i,
                    "an uptimal expansion `x*m.d1d2…` has no ups before the `.`",
                );
            }
            let (rest, coeffs) = uptimal_digits(rest)?;
            ups = Some(Ups::Uptimal(coeffs));
            i = rest;
        }
        let kind = ExprKind::Literal { number, ups, star };
        Ok((
            i,
            Expr {
                kind,
                span: self.span(start, i),
            },
        ))
    }

    /// star = ( "*" | "⋆" ) [ digits | "(" expression ")" ]
    fn star(&self, i: In<'s>) -> PResult<'s, Option<Star>> {
        let Some(j) = i.strip_prefix('*').or_else(|| i.strip_prefix('⋆')) else {
            return Ok((i, None));
        };
        if let Ok((k, digits)) = digit1::<_, PError>(j) {
            return match digits.parse::<u64>() {
                Ok(n) => Ok((k, Some(Star::Nim(n)))),
                Err(_) => fatal(j, "a nimber *k with k >= 2^63 is not supported"),
            };
        }
        if j.starts_with('(') {
            let (k, e) = self.paren_arg(j)?;
            return Ok((k, Some(Star::Expr(Box::new(e)))));
        }
        Ok((j, Some(Star::Nim(1))))
    }

    /// braces = "{" items "}" where items are options separated by commas and slash runs;
    /// option = "if" ... | "let" ... | range (no relations: `|` separates options)
    fn braces(&self, i: In<'s>, explicit: bool) -> PResult<'s, Expr> {
        let start = i;
        let (mut i, _) = char('{')(i)?;
        let mut tokens: Vec<Tok> = Vec::new();
        loop {
            let (j, _) = ws(i)?;
            if let Some(rest) = j.strip_prefix('}') {
                i = rest;
                break;
            }
            if j.is_empty() {
                return fatal(j, "unbalanced braces: expected `}`");
            }
            if let Some(rest) = j.strip_prefix("=>").filter(|_| tokens.is_empty()) {
                // `{=>}`: the empty map.
                let (k, _) = ws(rest)?;
                let Some(k) = k.strip_prefix('}') else {
                    return fatal(k, "expected `}`: `{=>}` is the empty map");
                };
                let kind = ExprKind::Map(Vec::new());
                return Ok((
                    k,
                    Expr {
                        kind,
                        span: self.span(start, k),
                    },
                ));
            }
            if j.starts_with('|') {
                let (k, run) = take_while1(|c| c == '|')(j)?;
                tokens.push(Tok::Slash(run.len(), self.pos(j)));
                i = k;
            } else if let Some(k) = j.strip_prefix(',') {
                tokens.push(Tok::Comma(self.pos(j)));
                i = k;
            } else {
                let outer = self.in_form.replace(explicit);
                let item = if keyword(j, "if").is_some() || keyword(j, "let").is_some() {
                    self.expression(j)
                } else {
                    self.sided(j)
                };
                self.in_form.set(outer);
                let (k, e) = item?;
                match ws(k)?.0.strip_prefix("=>") {
                    // `key => value`: an entry of a map.
                    Some(rest) => {
                        let (k, v) = self.sided(rest)?;
                        tokens.push(Tok::Entry(e, v));
                        i = k;
                    }
                    None => {
                        tokens.push(Tok::Item(e));
                        i = k;
                    }
                }
            }
        }
        let span = self.span(start, i);
        match build_braces(tokens, explicit, span) {
            Ok(e) => Ok((i, e)),
            Err((pos, msg)) => fatal(&self.src[pos..], msg),
        }
    }
}

/// string = '"' { character | '\"' | '\\' } '"'
fn string_literal(i: In<'_>) -> PResult<'_, String> {
    let mut out = String::new();
    let mut chars = i[1..].char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '"' => return Ok((&i[1 + k + 1..], out)),
            '\\' => match chars.clone().next() {
                Some((_, q @ ('"' | '\\'))) => {
                    out.push(q);
                    chars.next();
                }
                _ => out.push('\\'),
            },
            c => out.push(c),
        }
    }
    fatal(&i[i.len()..], "unterminated string")
}

enum Tok {
    Item(Expr),
    Entry(Expr, Expr),
    Comma(usize),
    Slash(usize, usize),
}

/// Split a brace body at its unique longest slash run, recursively.
fn build_braces(mut tokens: Vec<Tok>, explicit: bool, span: Span) -> Result<Expr, (usize, String)> {
    let longest = tokens
        .iter()
        .filter_map(|t| {
            if let Tok::Slash(n, _) = t {
                Some(*n)
            } else {
                None
            }
        })
        .max();
    let Some(longest) = longest else {
        let items = comma_list(tokens, span)?;
        let kind = match items.iter().position(|(_, v)| v.is_some()) {
            None => ExprKind::Set(items.into_iter().map(|(k, _)| k).collect()),
            Some(_) => ExprKind::Map(
                items
                    .into_iter()
                    .map(|(k, v)| match v {
                        Some(v) => Ok((k, v)),
                        None => Err((
                            k.span.start,
                            "expected `=>` and a value: every element of a map is `key => value`"
                                .to_string(),
                        )),
                    })
                    .collect::<Result<_, _>>()?,
            ),
        };
        return Ok(Expr { kind, span });
    };
    let at: Vec<usize> = tokens
        .iter()
        .enumerate()
        .filter_map(|(k, t)| matches!(t, Tok::Slash(n, _) if *n == longest).then_some(k))
        .collect();
    if at.len() > 1 {
        let Tok::Slash(_, pos) = tokens[at[1]] else {
            unreachable!()
        };
        return Err((
            pos,
            "syntax: ambiguous slashes (equal runs of `|` at one level)".into(),
        ));
    }
    let r: Vec<Tok> = tokens.split_off(at[0] + 1);
    tokens.pop();
    let side = |part: Vec<Tok>| -> Result<Vec<Expr>, (usize, String)> {
        if part.iter().any(|t| matches!(t, Tok::Slash(..))) {
            Ok(vec![build_braces(part, explicit, span)?])
        } else {
            comma_list(part, span)?
                .into_iter()
                .map(|(k, v)| match v {
                    None => Ok(k),
                    Some(_) => Err((
                        k.span.start,
                        "a map entry `key => value` is not an option of a game".to_string(),
                    )),
                })
                .collect()
        }
    };
    let (left, right) = (side(tokens)?, side(r)?);
    let kind = if explicit {
        ExprKind::Form { left, right }
    } else {
        ExprKind::Braces { left, right }
    };
    Ok(Expr { kind, span })
}

/// The items of a comma list, each with its value if it is a map's entry.
type Items = Vec<(Expr, Option<Expr>)>;

fn comma_list(tokens: Vec<Tok>, span: Span) -> Result<Items, (usize, String)> {
    let mut items = Vec::new();
    let mut expect_item = true;
    for t in tokens {
        let item = match t {
            Tok::Item(e) => (e, None),
            Tok::Entry(k, v) => (k, Some(v)),
            Tok::Comma(_) if !expect_item => {
                expect_item = true;
                continue;
            }
            Tok::Comma(pos) => return Err((pos, "missing option before `,`".into())),
            Tok::Slash(_, pos) => return Err((pos, "unexpected `|`".into())),
        };
        if !expect_item {
            return Err((
                item.0.span.start,
                "expected `,` or `|` between options".into(),
            ));
        }
        items.push(item);
        expect_item = false;
    }
    if expect_item && !items.is_empty() {
        return Err((
            span.end.saturating_sub(1),
            "missing option after `,`".into(),
        ));
    }
    Ok(items)
}

/// Whitespace and `#` comments. Between every two tokens, so it is also
/// where a stop request (Ctrl-C, the memory limit passed by a huge line)
/// ends the parse; `parse_line` reports the stop.
fn ws(mut i: In<'_>) -> PResult<'_, ()> {
    if cgt_core::interrupt::pending() {
        return fatal(i, "stopped");
    }
    loop {
        i = i.trim_start();
        if i.starts_with('#') {
            i = i.find('\n').map_or("", |k| &i[k..]);
        } else {
            return Ok((i, ()));
        }
    }
}

fn expect_char<'a>(i: In<'a>, c: char, msg: &'static str) -> PResult<'a, char> {
    match i.strip_prefix(c) {
        Some(rest) => Ok((rest, c)),
        None => fatal(i, msg),
    }
}

fn identifier(i: In<'_>) -> PResult<'_, &str> {
    recognize(pair(
        satisfy(|c| c.is_alphabetic() || c == '_'),
        take_while(|c: char| c.is_alphanumeric() || c == '_'),
    ))(i)
}

/// True if all of `s` is a name as the grammar reads it (not a keyword).
pub(crate) fn is_identifier(s: &str) -> bool {
    matches!(identifier(s), Ok(("", _))) && !is_keyword(s)
}

/// `v`, `vv`, `vvv`, `v3`: words that are downs, not identifiers.
pub(crate) fn is_down_word(w: &str) -> bool {
    let rest = w.trim_start_matches('v');
    w.starts_with('v')
        && (rest.is_empty()
            || (w.len() - rest.len() == 1 && rest.bytes().all(|b| b.is_ascii_digit())))
}

/// number = [ "-" ] digits [ "/" digits ]  (the value must be dyadic)
/// The most digits a number literal may have: converting decimal digits
/// takes time quadratic in their count, so a longer literal is refused
/// rather than left to run for hours.
pub const MAX_LITERAL_DIGITS: usize = 100_000;

fn number(i: In<'_>) -> PResult<'_, Result<Number, String>> {
    let (j, text) = recognize(pair(
        pair(opt(char('-')), digit1),
        opt(pair(char('/'), digit1)),
    ))(i)?;
    if text.len() > MAX_LITERAL_DIGITS + 2 {
        return Ok((
            j,
            Err(format!(
                "a number literal of more than {MAX_LITERAL_DIGITS} digits is not supported (got {})",
                text.len()
            )),
        ));
    }
    if let Ok(x) = Dyadic::parse(text) {
        return Ok((j, Ok(Number::Dyadic(x))));
    }
    // Not dyadic: an exact rational (CGSuite's `1/3`), which is not a game.
    let (n, d) = text.split_once('/').unwrap_or((text, "1"));
    let parsed = n
        .parse::<cgt_core::number::BigInt>()
        .ok()
        .zip(d.parse::<cgt_core::number::BigInt>().ok());
    Ok((
        j,
        match parsed {
            Some((_, d)) if d == cgt_core::number::BigInt::from(0) => {
                Err("division by zero".to_string())
            }
            Some((n, d)) => Ok(Number::Rational(cgt_core::number::Rational::new(n, d))),
            None => Err(format!("invalid number `{text}`")),
        },
    ))
}

/// ups = "^"… [ digits | "<" digits ">" | "[" digits "]" ] | "v"… (likewise) | ↑ ↓ ⇑ ⇓
fn ups(i: In<'_>) -> PResult<'_, Option<Ups>> {
    let mut count: i64 = 0;
    let mut sign = 0i64;
    let mut j = i;
    loop {
        // (bytes, ups counted, sign)
        let (len, n, s) = match j.chars().next() {
            Some('^') => (1, 1, 1),
            Some('↑') => ('↑'.len_utf8(), 1, 1),
            Some('⇑') => ('⇑'.len_utf8(), 2, 1),
            Some('v') => (1, 1, -1),
            Some('↓') => ('↓'.len_utf8(), 1, -1),
            Some('⇓') => ('⇓'.len_utf8(), 2, -1),
            _ => break,
        };
        if sign != 0 && s != sign {
            break;
        }
        sign = s;
        count += n;
        j = &j[len..];
    }
    if count == 0 {
        return Ok((i, None));
    }
    let single = count == 1;
    if single {
        if let Ok((k, d)) = digit1::<_, PError>(j) {
            return match d.parse::<i64>() {
                Ok(n) => Ok((k, Some(Ups::Multiple(sign * n)))),
                Err(_) => fatal(j, cgt_core::game::UPS_LIMIT),
            };
        }
        for (open, close, power) in [('<', '>', true), ('[', ']', false)] {
            if let Some(k) = j.strip_prefix(open) {
                let (k, d) = match digit1::<_, PError>(k) {
                    Ok(r) => r,
                    Err(_) => return fatal(k, "expected digits"),
                };
                let (k, _) = expect_char(
                    k,
                    close,
                    if power {
                        "expected `>`"
                    } else {
                        "expected `]`"
                    },
                )?;
                let n: u32 = match d.parse() {
                    Ok(n) if n >= 1 => n,
                    _ => return fatal(j, "exponent must be between 1 and 2^32-1"),
                };
                let sign = sign as i8;
                let u = if power {
                    Ups::Power { n, sign }
                } else {
                    Ups::PowerSum { n, sign }
                };
                return Ok((k, Some(u)));
            }
        }
    }
    if j.starts_with(|c: char| c.is_alphanumeric() || c == '_') && sign < 0 {
        // `vvx` is an identifier, not downs.
        return fail(i, "");
    }
    Ok((j, Some(Ups::Multiple(sign * count))))
}

/// `AtomicWeight` -> `atomic_weight`; snake_case names pass unchanged.
/// The digits of an uptimal expansion after its `.`: `0-9`, `A-Z` (10..35)
/// or `(n)`, each followed by `-` if negative (as `uptimal_expansion` prints them).
fn uptimal_digits(mut i: In<'_>) -> PResult<'_, Vec<i64>> {
    let mut coeffs = Vec::new();
    loop {
        let (value, rest) = match i.chars().next() {
            Some(c @ '0'..='9') => (i64::from(c as u8 - b'0'), &i[1..]),
            Some(c @ 'A'..='Z') => (i64::from(c as u8 - b'A') + 10, &i[1..]),
            Some('(') => {
                let Some(end) = i.find(')') else {
                    return fatal(i, "expected `)` after a coefficient");
                };
                let Some(n) = i[1..end].parse::<i64>().ok().filter(|n| *n >= 0) else {
                    return fatal(
                        i,
                        "a coefficient `(n)` needs a non-negative integer below 2^63",
                    );
                };
                (n, &i[end + 1..])
            }
            _ => break,
        };
        let (value, rest) = match rest.strip_prefix('-') {
            Some(r) => (-value, r),
            None => (value, rest),
        };
        coeffs.push(value);
        i = rest;
        if coeffs.len() > 1 << 16 {
            return fatal(i, "an uptimal expansion of more than 65536 digits");
        }
    }
    while coeffs.last() == Some(&0) {
        coeffs.pop();
    }
    Ok((i, coeffs))
}

/// True if `r` starts with a method name (`.AtomicWeight` after a literal),
/// not with the digits of an uptimal expansion (`.1A2-`): a name has a
/// lower-case letter or `_` in its first word.
fn is_method_name(r: &str) -> bool {
    let word: &str = &r[..r
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(r.len())];
    word.starts_with(|c: char| c.is_alphabetic())
        && word.contains(|c: char| c.is_lowercase() || c == '_')
}

/// `AtomicWeight` -> `atomic_weight` (CGSuite's names of built-ins).
pub fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for (k, c) in name.chars().enumerate() {
        if c.is_uppercase() {
            if k > 0 && !out.ends_with('_') {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Statement {
        parse_statement(s).unwrap_or_else(|e| panic!("{s}: {e:?}"))
    }

    #[test]
    fn literals() {
        for s in [
            "0", "-1/2", "*", "*3", "^", "^^^", "^19*3", "v", "vv*", "v14", "1/2^*", "-1v*3",
            "9/8*", "6^*",
        ] {
            ok(s);
        }
        ok("^<2>*");
        ok("3/4v[3]*");
        ok("2Tiny(2)");
        ok("{3|||2||1|0,*||||-1/2}");
        ok("+-1+-2+-3+-4");
        ok("g = {0|*} # comment");
        ok("'{*|*}' : 1");
        ok("{0, *|-1/2*}");
    }

    #[test]
    fn errors_have_positions() {
        let e = parse_statement("{3|2|1}").unwrap_err();
        assert!(e.message.contains("ambiguous"), "{e:?}");
        assert_eq!(e.start, 4);
        assert!(parse_statement("{1|").is_err());
        assert!(matches!(
            parse_statement("1/3").map(|s| s.kind),
            Ok(StatementKind::Expr(Expr {
                kind: ExprKind::Literal {
                    number: Number::Rational(_),
                    ..
                },
                ..
            }))
        ));
        assert!(parse_statement("(1").is_err());
        assert!(parse_statement("1 +").is_err());
        assert!(is_incomplete("1 +"));
        assert!(is_incomplete("for x in [1, 2] do"));
        assert!(!is_incomplete("1 + )"));
    }

    #[test]
    fn statements_and_blocks() {
        let many = |s: &str| parse_line(s).unwrap_or_else(|e| panic!("{s}: {e:?}")).len();
        assert_eq!(many("x := 3"), 1);
        assert_eq!(many("s := 0; for x in 1..3 do s := s + x end; s"), 3);
        assert_eq!(
            many("for x from 1 to 9 by 2 where x != 3 while x < 8 do print(x) end"),
            1
        );
        assert_eq!(many("while s > 0 do\n  s := s - 1\n  t := t + 1\nend"), 1);
        assert_eq!(many("x := 1\n-1"), 2, "a line break ends a statement");
        assert_eq!(many("x := [1,\n 2]"), 1, "not inside brackets");
        assert_eq!(many("if c then 1 else 2; y"), 2);
        assert_eq!(many("if c then 1 else 2 end"), 1);
        assert_eq!(
            many("if a then\n x := 1\nelseif b then\n x := 2\nelse\n x := 3\nend"),
            1
        );
        assert_eq!(
            many("def f(n) = begin\n if n == 0 then return 1 end\n n * f(n - 1)\nend"),
            1
        );
        assert_eq!(many("import \"a.cgt\" as m; m.D(3)"), 2);
        assert_eq!(many("7 / 2 % 3"), 1);
        assert!(parse_line("x := 1 y := 2")
            .unwrap_err()
            .message
            .contains("unexpected `y`"));
        assert!(parse_line("end").unwrap_err().message.contains("not open"));
        assert!(parse_line("if c then x := 1; y := 2 else z").is_err());
    }
}
