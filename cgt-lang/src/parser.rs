//! The nom parser. It follows `grammars/cgt.ebnf` rule by rule; each function
//! below is named after the rule it implements.

use super::ast::*;
use super::error::Error;
use cgt_core::game::deep;
use cgt_core::number::Dyadic;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::{opt, peek, recognize};
use nom::sequence::pair;
use nom::IResult;
use std::borrow::Cow;

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

/// Parse one line (a statement). The error names the byte offset and the problem.
pub fn parse_statement(src: &str) -> Result<Statement, Error> {
    parse_inner(src).map_err(|e| e.with_kind(super::ErrorKind::Syntax))
}

fn parse_inner(src: &str) -> Result<Statement, Error> {
    let p = Parser { src };
    match p.statement(src) {
        Ok((rest, st)) => {
            if rest.is_empty() {
                Ok(st)
            } else {
                let at = src.len() - rest.len();
                Err(Error::at(at, at + 1, unexpected_message(rest)))
            }
        }
        Err(nom::Err::Error(e)) | Err(nom::Err::Failure(e)) => {
            let at = src.len() - e.rest_len;
            let rest = &src[at..];
            let msg = if e.msg.is_empty() {
                unexpected_message(rest)
            } else {
                e.msg.into_owned()
            };
            Err(Error::at(at, at + 1, msg))
        }
        Err(nom::Err::Incomplete(_)) => {
            Err(Error::at(src.len(), src.len(), "unexpected end of input"))
        }
    }
}

fn unexpected_message(rest: &str) -> String {
    match rest.chars().next() {
        None => "unexpected end of input".into(),
        Some(c) => format!("unexpected `{c}`"),
    }
}

struct Parser<'s> {
    src: &'s str,
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

    /// statement = [ identifier "=" ] expression
    fn statement(&self, i: In<'s>) -> PResult<'s, Statement> {
        let (i, _) = ws(i)?;
        if i.is_empty() {
            return fail(i, "empty input");
        }
        let (i, target) = opt(|i| {
            let (i, name) = identifier(i)?;
            let (i, _) = ws(i)?;
            let (i, _) = char('=')(i)?;
            if i.starts_with('=') {
                return fail(i, "");
            }
            Ok((i, name.to_string()))
        })(i)?;
        let (i, expr) = self.expression(i)?;
        let (i, _) = ws(i)?;
        Ok((i, Statement { target, expr }))
    }

    /// expression = sequential [ relop sequential ]
    fn expression(&self, i: In<'s>) -> PResult<'s, Expr> {
        let start = i;
        let (i, lhs) = self.sequential(i)?;
        let (i2, _) = ws(i)?;
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
                let (i4, rhs) = self.sequential(i3)?;
                let span = self.span(start, i4);
                Ok((
                    i4,
                    Expr {
                        kind: ExprKind::Binary {
                            op,
                            lhs: Box::new(lhs),
                            rhs: Box::new(rhs),
                        },
                        span,
                    },
                ))
            }
            Err(_) => Ok((i, lhs)),
        }
    }

    /// sequential = sum [ "->" sequential ]  (right-associative)
    fn sequential(&self, i: In<'s>) -> PResult<'s, Expr> {
        let start = i;
        let (i, lhs) = self.sum(i)?;
        let (j, _) = ws(i)?;
        let Some(k) = j.strip_prefix("->").or_else(|| j.strip_prefix('→')) else {
            return Ok((i, lhs));
        };
        let (k, rhs) = deep(|| self.sequential(k))?;
        let span = self.span(start, k);
        Ok((
            k,
            Expr {
                kind: ExprKind::Binary {
                    op: BinOp::Sequential,
                    lhs: Box::new(lhs),
                    rhs: Box::new(rhs),
                },
                span,
            },
        ))
    }

    /// sum = colon { ( "+-" | "+" | "-" ) colon }
    fn sum(&self, i: In<'s>) -> PResult<'s, Expr> {
        let start = i;
        let (mut i, mut acc) = self.colon(i)?;
        loop {
            let (j, _) = ws(i)?;
            if j.starts_with("->") {
                return Ok((i, acc));
            }
            let op: PResult<'s, &str> = alt((tag("+-"), tag("±"), tag("+"), tag("-")))(j);
            let op = match op {
                Ok((k, op)) => (k, op),
                Err(_) => return Ok((i, acc)),
            };
            let (k, op) = op;
            let op = match op {
                "+" => BinOp::Add,
                "-" => BinOp::Sub,
                _ => BinOp::AddSwitch,
            };
            let (k, rhs) = self.colon(k)?;
            let span = self.span(start, k);
            acc = Expr {
                kind: ExprKind::Binary {
                    op,
                    lhs: Box::new(acc),
                    rhs: Box::new(rhs),
                },
                span,
            };
            i = k;
        }
    }

    /// colon = unary { ":" unary }
    fn colon(&self, i: In<'s>) -> PResult<'s, Expr> {
        let start = i;
        let (mut i, mut acc) = self.unary(i)?;
        loop {
            let (j, _) = ws(i)?;
            let Ok((k, _)) = char::<_, PError>(':')(j) else {
                return Ok((i, acc));
            };
            let (k, rhs) = self.unary(k)?;
            let span = self.span(start, k);
            acc = Expr {
                kind: ExprKind::Binary {
                    op: BinOp::Colon,
                    lhs: Box::new(acc),
                    rhs: Box::new(rhs),
                },
                span,
            };
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

    /// postfix = primary { "." identifier [ "(" arguments ")" ] }  (CGSuite-style method calls)
    fn postfix(&self, i: In<'s>) -> PResult<'s, Expr> {
        let start = i;
        let (mut i, mut acc) = self.primary(i)?;
        loop {
            let Some(j) = i
                .strip_prefix('.')
                .filter(|j| j.starts_with(|c: char| c.is_alphabetic()))
            else {
                return Ok((i, acc));
            };
            let (j, name) = identifier(j)?;
            let (j, mut args) = match peek(char::<_, PError>('('))(j) {
                Ok(_) => self.arguments(j)?,
                Err(_) => (j, vec![]),
            };
            args.insert(0, acc);
            let span = self.span(start, j);
            acc = Expr {
                kind: ExprKind::Call {
                    name: snake_case(name),
                    args,
                },
                span,
            };
            i = j;
        }
    }

    /// primary = literal | "(" expression ")" | braces | form | list | string | call | identifier
    fn primary(&self, i: In<'s>) -> PResult<'s, Expr> {
        let (i, _) = ws(i)?;
        let start = i;
        let Some(c) = i.chars().next() else {
            return fail(i, "expected an expression");
        };
        match c {
            '(' => {
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
            }
            '{' => self.braces(i, false),
            '\'' => {
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
            }
            '[' => {
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
                let (j, loops) = self.comprehension_loops(j)?;
                let (j, kind) = if loops.is_empty() {
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
                    let (j, _) = expect_char(j, ']', "expected `]` or another `for`")?;
                    (
                        j,
                        ExprKind::Comprehension {
                            body: Box::new(first),
                            loops,
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
            '"' => {
                let (j, s) = take_while(|c| c != '"')(&i[1..])?;
                let (j, _) = expect_char(j, '"', "unterminated string")?;
                Ok((
                    j,
                    Expr {
                        kind: ExprKind::Str(s.to_string()),
                        span: self.span(start, j),
                    },
                ))
            }
            '-' | '0'..='9' | '^' | '*' | '↑' | '⇑' | '↓' | '⇓' | '⋆' => self.literal(i),
            c if c.is_alphabetic() || c == '_' => self.word(i),
            _ => fail(i, format!("unexpected `{c}`")),
        }
    }

    /// The loops of a comprehension after its body: `loop = "for" identifier "in" sum ".." sum`.
    #[allow(clippy::type_complexity)]
    fn comprehension_loops(&self, i: In<'s>) -> PResult<'s, Vec<(String, Expr, Expr)>> {
        let mut loops = Vec::new();
        let mut i = i;
        loop {
            let (j, _) = ws(i)?;
            let Some(k) = j.strip_prefix("for") else {
                break;
            };
            if k.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                break;
            }
            let (k, _) = ws(k)?;
            let (k, name) = identifier(k)?;
            let (k, _) = ws(k)?;
            let Some(k) = k.strip_prefix("in") else {
                return fatal(k, "expected `in`");
            };
            let (k, from) = self.sum(k)?;
            let (k, _) = ws(k)?;
            let Some(k) = k.strip_prefix("..") else {
                return fatal(k, "expected `..` (an inclusive range a..b)");
            };
            let (k, to) = self.sum(k)?;
            loops.push((name.to_string(), from, to));
            i = k;
        }
        Ok((i, loops))
    }

    /// arguments = "(" [ expression { "," expression } ] ")"
    fn arguments(&self, i: In<'s>) -> PResult<'s, Vec<Expr>> {
        let (i, _) = char('(')(i)?;
        self.list_items(i, ')')
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
        if matches!(name, "Tiny" | "Miny" | "tiny" | "miny") && j.starts_with('(') {
            return self.tiny_call(start, j, Dyadic::zero(), name.eq_ignore_ascii_case("miny"));
        }
        let (k, _) = ws(j)?;
        if k.starts_with('(') {
            let (k, args) = self.arguments(k)?;
            let kind = ExprKind::Call {
                name: snake_case(name),
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
        let kind = match name {
            "true" | "false" => ExprKind::Call {
                name: name.to_string(),
                args: vec![],
            },
            _ => ExprKind::Var(name.to_string()),
        };
        Ok((
            j,
            Expr {
                kind,
                span: self.span(start, j),
            },
        ))
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
        let (i, _) = char('(')(i)?;
        let (i, e) = self.expression(i)?;
        let (i, _) = ws(i)?;
        let (i, _) = expect_char(i, ')', "expected `)`")?;
        Ok((i, e))
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
            None => Dyadic::zero(),
        };
        if has_number {
            for (word, miny) in [("Tiny(", false), ("Miny(", true)] {
                if i.starts_with(word) {
                    return self.tiny_call(start, &i[4..], number, miny);
                }
            }
        }
        let (i, mut ups) = ups(i)?;
        let (mut i, star) = self.star(i)?;
        if !has_number && ups.is_none() && star.is_none() {
            return fail(i, "expected a game");
        }
        if let Some(rest) = i.strip_prefix('.').filter(|r| {
            r.starts_with(|c: char| c.is_ascii_digit() || c.is_ascii_uppercase() || c == '(')
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

    /// braces = "{" items "}" where items are options separated by commas and slash runs.
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
            if j.starts_with('|') {
                let (k, run) = take_while1(|c| c == '|')(j)?;
                tokens.push(Tok::Slash(run.len(), self.pos(j)));
                i = k;
            } else if let Some(k) = j.strip_prefix(',') {
                tokens.push(Tok::Comma(self.pos(j)));
                i = k;
            } else {
                let (k, e) = if explicit && j.starts_with('{') {
                    self.braces(j, true)?
                } else {
                    self.sum(j)?
                };
                tokens.push(Tok::Item(e));
                i = k;
            }
        }
        let span = self.span(start, i);
        match build_braces(tokens, explicit, span) {
            Ok(e) => Ok((i, e)),
            Err((pos, msg)) => fatal(&self.src[pos..], msg),
        }
    }
}

enum Tok {
    Item(Expr),
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
        return Ok(Expr {
            kind: ExprKind::Set(items),
            span,
        });
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
            comma_list(part, span)
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

fn comma_list(tokens: Vec<Tok>, span: Span) -> Result<Vec<Expr>, (usize, String)> {
    let mut items = Vec::new();
    let mut expect_item = true;
    for t in tokens {
        match t {
            Tok::Item(e) if expect_item => {
                items.push(e);
                expect_item = false;
            }
            Tok::Item(e) => {
                return Err((e.span.start, "expected `,` or `|` between options".into()))
            }
            Tok::Comma(_) if !expect_item => expect_item = true,
            Tok::Comma(pos) => return Err((pos, "missing option before `,`".into())),
            Tok::Slash(_, pos) => return Err((pos, "unexpected `|`".into())),
        }
    }
    if expect_item && !items.is_empty() {
        return Err((
            span.end.saturating_sub(1),
            "missing option after `,`".into(),
        ));
    }
    Ok(items)
}

/// Whitespace and `#` comments.
fn ws(mut i: In<'_>) -> PResult<'_, ()> {
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

/// `v`, `vv`, `vvv`, `v3`: words that are downs, not identifiers.
fn is_down_word(w: &str) -> bool {
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

fn number(i: In<'_>) -> PResult<'_, Result<Dyadic, String>> {
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
    Ok((j, Dyadic::parse(text)))
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

fn snake_case(name: &str) -> String {
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
        assert!(parse_statement("1/3").is_err());
        assert!(parse_statement("(1").is_err());
        assert!(parse_statement("1 +").is_err());
    }
}
