//! Lists and strings as sequences: indices, slices and repetition. Indices
//! count from 0; a negative index counts from the end (-1 is the last
//! element); slices `L[a:b]` keep the elements from a up to, not
//! including, b. Characters of ASCII strings are bytes (the common case of
//! boards), others are `char`s.

use crate::error::{Error, Span};
use crate::value::Value;
use cgt_core::number::BigInt;
use num_traits::ToPrimitive;
use std::sync::OnceLock;

/// The most values a range `a..b` or `range(a, b)` made into a list may have.
pub const RANGE_LIMIT: u64 = 10_000_000;

/// The most elements a list or characters a string made by `*` may have.
const REPEAT_LIMIT: usize = 100_000_000;

/// The position `i` (negative from the end) in a sequence of `len`.
pub fn position(i: i64, len: usize) -> Option<usize> {
    let (i, len) = (i as i128, len as i128);
    let k = if i < 0 { len + i } else { i };
    (0..len).contains(&k).then_some(k as usize)
}

/// A string of one character; the ASCII ones are made once and shared.
pub fn one_char(c: &str) -> Value {
    static ASCII: OnceLock<Vec<crate::value::Str>> = OnceLock::new();
    let table = ASCII.get_or_init(|| {
        (0u8..128)
            .map(|b| crate::value::Str::from((b as char).to_string()))
            .collect()
    });
    match c.as_bytes() {
        [b] if *b < 128 => Value::Str(table[*b as usize].clone()),
        _ => Value::str(c),
    }
}

/// The characters of a string (bytes for ASCII, the common case).
pub fn chars(s: &str) -> Vec<&str> {
    if s.is_ascii() {
        (0..s.len()).map(|k| &s[k..k + 1]).collect()
    } else {
        s.char_indices()
            .map(|(k, c)| &s[k..k + c.len_utf8()])
            .collect()
    }
}

pub fn char_count(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// `t[i]` for a list or a string.
pub fn index(t: &Value, i: i64, tspan: Span, ispan: Span) -> Result<Value, Error> {
    let len = match t {
        Value::List(items) => items.len(),
        Value::Str(s) => char_count(s),
        other => {
            return Err(Error::spanned(
                tspan,
                format!(
                    "only lists and strings have elements L[i], not a {}",
                    other.type_name()
                ),
            ))
        }
    };
    let Some(k) = position(i, len) else {
        return Err(out_of_range(t, i, ispan));
    };
    Ok(match t {
        Value::List(items) => items[k].clone(),
        Value::Str(s) if s.is_ascii() => one_char(&s[k..k + 1]),
        Value::Str(s) => one_char(chars(s)[k]),
        _ => unreachable!("checked above"),
    })
}

/// The error for index `i` of `t` out of its range.
#[cold]
pub fn out_of_range(t: &Value, i: i64, span: Span) -> Error {
    let len = match t {
        Value::List(items) | Value::Set(items) => items.len(),
        Value::Str(s) => char_count(s),
        _ => 0,
    };
    Error::spanned(
        span,
        format!(
            "index {i} is out of range for a {} of length {len}",
            t.type_name()
        ),
    )
}

/// The clamped bounds of a slice `[a:b]` of a sequence of `len`.
fn bounds(a: Option<i64>, b: Option<i64>, len: usize) -> (usize, usize) {
    let clamp = |x: Option<i64>, default: usize| -> usize {
        match x {
            None => default,
            Some(x) => {
                let (x, len) = (x as i128, len as i128);
                let k = if x < 0 { len + x } else { x };
                k.clamp(0, len) as usize
            }
        }
    };
    let (from, to) = (clamp(a, 0), clamp(b, len));
    (from, to.max(from))
}

/// `t[a:b]` for a list or a string.
pub fn slice(t: &Value, a: Option<i64>, b: Option<i64>, span: Span) -> Result<Value, Error> {
    match t {
        Value::List(items) => {
            let (from, to) = bounds(a, b, items.len());
            Ok(Value::list(items[from..to].to_vec()))
        }
        Value::Str(s) if s.is_ascii() => {
            let (from, to) = bounds(a, b, s.len());
            Ok(Value::str(&s[from..to]))
        }
        Value::Str(s) => {
            let cs = chars(s);
            let (from, to) = bounds(a, b, cs.len());
            Ok(Value::str(cs[from..to].concat()))
        }
        other => Err(Error::spanned(
            span,
            format!(
                "only lists and strings have slices L[a:b], not a {}",
                other.type_name()
            ),
        )),
    }
}

/// A string or list repeated `n` times (`"." * 5`).
/// The bytes one element of a string (a byte) or a list (a value) takes.
pub fn element_bytes(seq: &Value) -> usize {
    match seq {
        Value::Str(_) => 1,
        _ => std::mem::size_of::<Value>(),
    }
}

pub fn repeat(seq: &Value, n: &BigInt, span: Span) -> Result<Value, Error> {
    let len = match seq {
        Value::Str(s) => s.len(),
        Value::List(items) => items.len(),
        _ => 0,
    };
    let n = n
        .to_usize()
        .filter(|&n| n.saturating_mul(len.max(1)) <= REPEAT_LIMIT)
        .ok_or_else(|| {
            Error::spanned(
                span,
                format!(
                    "a repetition is a count from 0 with at most {REPEAT_LIMIT} elements in all"
                ),
            )
        })?;
    crate::error::room_for(n * len.max(1) * element_bytes(seq), span)?;
    Ok(match seq {
        Value::Str(s) => Value::str(s.repeat(n)),
        Value::List(items) => {
            let mut out = Vec::with_capacity(items.len() * n);
            for _ in 0..n {
                out.extend(items.iter().cloned());
            }
            Value::list(out)
        }
        _ => unreachable!("called on strings and lists"),
    })
}

/// A stable bottom-up merge sort: O(n log n), with a comparator that may
/// borrow mutably, and never a panic if the comparator is not a total
/// order (the standard sorts may panic then).
pub fn merge_sort_by<T: Clone>(
    items: Vec<T>,
    mut cmp: impl FnMut(&T, &T) -> std::cmp::Ordering,
) -> Vec<T> {
    let mut src = items;
    let mut dst: Vec<T> = Vec::with_capacity(src.len());
    let mut width = 1;
    while width < src.len() {
        cgt_core::interrupt::check();
        dst.clear();
        for start in (0..src.len()).step_by(2 * width) {
            let mid = (start + width).min(src.len());
            let end = (start + 2 * width).min(src.len());
            let (mut i, mut j) = (start, mid);
            while i < mid && j < end {
                if cmp(&src[j], &src[i]) == std::cmp::Ordering::Less {
                    dst.push(src[j].clone());
                    j += 1;
                } else {
                    dst.push(src[i].clone());
                    i += 1;
                }
            }
            dst.extend_from_slice(&src[i..mid]);
            dst.extend_from_slice(&src[j..end]);
        }
        std::mem::swap(&mut src, &mut dst);
        width *= 2;
    }
    src
}
