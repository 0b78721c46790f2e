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
        let fail = |e: rusqlite::Error| match e.sqlite_error_code() {
            // SQLite's heap reached the room the memory limit leaves.
            Some(rusqlite::ErrorCode::OutOfMemory) => {
                let mut e = Error::from(cgt_core::interrupt::Stop::MemoryLimit);
                e.place(a.call);
                e
            }
            _ => Error::spanned(a.call, format!("{file}: {e}")),
        };
        let _heap = SqliteHeap::within_the_limit();
        let db = open_read_only(&file).map_err(|e| Error::spanned(a.spans[0], e))?;
        // Queries only: a statement that would write (VACUUM INTO, PRAGMA
        // writes, ...) is refused before it runs; ATTACH cannot open a file.
        let first = sql.trim_start().split(|c: char| !c.is_ascii_alphabetic()).next().unwrap_or("");
        if !["select", "with", "values"].contains(&first.to_ascii_lowercase().as_str()) {
            return Err(Error::spanned(
                a.spans[1],
                "db_query runs queries only (SELECT, WITH or VALUES)",
            ));
        }
        let mut q = db.prepare(&sql).map_err(fail)?;
        if !q.readonly() {
            return Err(Error::spanned(
                a.spans[1],
                "db_query runs queries only: this statement would write",
            ));
        }
        let columns = q.column_count();
        let mut rows = q.query([]).map_err(fail)?;
        let mut out = Vec::new();
        loop {
            let next = rows.next();
            // A query the progress handler stopped: the stop, not SQLite's
            // "interrupted".
            cgt_core::interrupt::poll()?;
            let Some(row) = next.map_err(fail)? else {
                break;
            };
            let mut cells = Vec::with_capacity(columns);
            for k in 0..columns {
                cells.push(match row.get_ref(k).map_err(fail)? {
                    ValueRef::Null => Value::Str("NULL".into()),
                    ValueRef::Integer(i) => Value::Game(s.arena().integer(i)),
                    ValueRef::Real(x) => Value::Str(x.to_string().into()),
                    ValueRef::Text(t) | ValueRef::Blob(t) => {
                        // Copied twice on the way to a string, while
                        // SQLite still holds it.
                        crate::error::room_for(2 * t.len() + SqliteHeap::used(), a.call)?;
                        Value::Str(String::from_utf8_lossy(t).into_owned().into())
                    }
                });
            }
            crate::error::room_for(columns * 64, a.call)?;
            out.push(Value::list(cells));
        }
        Ok(Value::list(out))
    }),
}];

/// SQLite's own heap (its allocations do not pass through the engine's
/// account) held, while a query runs, to the room the memory limit leaves;
/// no limit again when dropped (`cgt tabulate` writes without one).
struct SqliteHeap;

impl SqliteHeap {
    fn within_the_limit() -> SqliteHeap {
        let limit = cgt_core::interrupt::memory_limit();
        if limit != 0 {
            let room = limit
                .saturating_sub(cgt_core::interrupt::live_bytes())
                .max(1);
            // SAFETY: sets SQLite's process-wide heap limit; callable at any time.
            unsafe {
                rusqlite::ffi::sqlite3_hard_heap_limit64(i64::try_from(room).unwrap_or(i64::MAX))
            };
        }
        SqliteHeap
    }

    /// Bytes SQLite holds now.
    fn used() -> usize {
        // SAFETY: reads SQLite's memory statistics.
        usize::try_from(unsafe { rusqlite::ffi::sqlite3_memory_used() }).unwrap_or(0)
    }
}

impl Drop for SqliteHeap {
    fn drop(&mut self) {
        // SAFETY: as above; 0 is no limit.
        unsafe { rusqlite::ffi::sqlite3_hard_heap_limit64(0) };
    }
}

/// A connection that can only read: the file (a regular file; never a
/// device, a pipe or a directory) opened read-only, no database attached,
/// `query_only` on, and a long query stopped by Ctrl-C or the memory limit
/// (SQLite's progress handler polls the engine's stop flag).
fn open_read_only(file: &str) -> Result<Connection, String> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let db = if file == ":memory:" {
        Connection::open_in_memory_with_flags(
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
    } else {
        let meta = std::fs::metadata(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        if !meta.is_file() {
            return Err(format!(
                "will not read {file}: it is not a regular file (a directory, a device or a pipe)"
            ));
        }
        Connection::open_with_flags(file, flags)
    }
    .map_err(|e| format!("{file}: {e}"))?;
    db.set_limit(rusqlite::limits::Limit::SQLITE_LIMIT_ATTACHED, 0);
    db.pragma_update(None, "query_only", true)
        .map_err(|e| format!("{file}: {e}"))?;
    db.progress_handler(10_000, Some(cgt_core::interrupt::pending));
    Ok(db)
}
