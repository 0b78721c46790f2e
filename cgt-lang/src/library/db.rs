//! Reading stored results: `db_query(FILE, SQL)` runs a query on an SQLite
//! database (as `cgt tabulate` writes them), opened read-only, and gives
//! its rows as lists, for `table` and comprehensions.

use super::{Builtin, Run};
use crate::error::Error;
use crate::value::Value;
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags};

/// The functions on databases.
pub static DB: &[Builtin] = &[Builtin {
    name: "db_query",
    signature: "db_query(\"file.db\", \"SELECT ...\")",
    arity: 2..=2,
    topic: "stored results",
    help: "The rows of an SQL query on an SQLite database (opened read-only), each a list: integers as integers, text as strings, NULL as the string \"NULL\". `cgt tabulate psn` stores positions with their outcomes, atomic weights and values; README.md gives the schema. table([[\"aw\", \"positions\"]] + db_query(...)) tables the result.",
    example: "len(db_query(\":memory:\", \"SELECT 1, 'a' UNION SELECT 2, 'b'\"))",
    run: Run::Native(|s, a| {
        let text = |k: usize| match &a.values[k] {
            Value::Str(t) => Ok(t.to_string()),
            _ => Err(Error::spanned(a.spans[k], "expected a string")),
        };
        let (file, sql) = (text(0)?, text(1)?);
        let fail = |e: rusqlite::Error| Error::spanned(a.call, format!("{file}: {e}"));
        let db = if file == ":memory:" {
            Connection::open_in_memory()
        } else {
            Connection::open_with_flags(&file, OpenFlags::SQLITE_OPEN_READ_ONLY)
        }
        .map_err(fail)?;
        let mut q = db.prepare(&sql).map_err(fail)?;
        let columns = q.column_count();
        let mut rows = q.query([]).map_err(fail)?;
        let mut out = Vec::new();
        while let Some(row) = rows.next().map_err(fail)? {
            cgt_core::interrupt::poll()?;
            let mut cells = Vec::with_capacity(columns);
            for k in 0..columns {
                cells.push(match row.get_ref(k).map_err(fail)? {
                    ValueRef::Null => Value::Str("NULL".into()),
                    ValueRef::Integer(i) => Value::Game(s.arena().integer(i)),
                    ValueRef::Real(x) => Value::Str(x.to_string().into()),
                    ValueRef::Text(t) | ValueRef::Blob(t) => {
                        Value::Str(String::from_utf8_lossy(t).into_owned().into())
                    }
                });
            }
            out.push(Value::list(cells));
        }
        Ok(Value::list(out))
    }),
}];
