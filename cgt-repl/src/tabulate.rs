//! `cgt tabulate psn --piles N --max M --db FILE`: every Partizan-Serial-Nim
//! position of the box {0..M}^N, for every permutation, with its outcome,
//! atomic weight, birthday and (when short) canonical value, stored in an
//! SQLite database a paper's tables are queried from (`db_query` in the
//! REPL). A permutation's rows are written in one transaction with its row
//! in `psn_done`, so an interrupted run (Ctrl-C, a killed job) loses at
//! most the permutations in flight, and running the same command again
//! skips what is stored.

use cgt_core::game::Arena;
use cgt_core::ruleset::psn::Psn;
use cgt_lang::print::Printer;
use rayon::prelude::*;
use rusqlite::{params, Connection};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use crate::cli::flag;

const USAGE: &str = "\
usage: cgt tabulate psn --piles N --max M --db FILE [--threads T]
Stores every position of the box {0..M}^N of every permutation: table psn
(sigma, w, piles, outcome, atomic_weight, birthday, value), one row per
position; table psn_done (sigma, max, positions), one row per permutation
stored. Running it again skips the permutations stored.";

/// The schema, documented in README.md.
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS psn (
    sigma TEXT NOT NULL,          -- the permutation, e.g. '3,1,2'
    w TEXT NOT NULL,              -- the piles, e.g. '2,0,1'
    piles INTEGER NOT NULL,       -- n
    outcome TEXT NOT NULL,        -- 'L', 'R', 'N' or 'P'
    atomic_weight,                -- an INTEGER (Theorem 5.4), else the text of a number; NULL if none
    birthday INTEGER NOT NULL,    -- of the canonical value
    value TEXT,                   -- the canonical value as cgt prints it; NULL if it has more than
                                  -- 64 distinct subpositions or 1000 characters
    PRIMARY KEY (sigma, w)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS psn_done (
    sigma TEXT NOT NULL,
    max INTEGER NOT NULL,         -- the box {0..max}^n of this permutation is stored
    positions INTEGER NOT NULL,
    PRIMARY KEY (sigma, max)
) WITHOUT ROWID;
";

/// Set by Ctrl-C: start no more permutations.
static STOP: AtomicBool = AtomicBool::new(false);

/// The longest value text stored (a paper's table wants short values).
const MAX_VALUE_TEXT: usize = 1000;
/// The most distinct subpositions of a value whose text is stored.
const MAX_VALUE_SUBPOSITIONS: usize = 64;

/// One position's row.
struct Row {
    w: String,
    outcome: String,
    atomic_weight: rusqlite::types::Value,
    birthday: i64,
    value: Option<String>,
}

pub fn run(args: &[String]) -> ExitCode {
    if args.first().map(String::as_str) != Some("psn") {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    let piles = flag(args, "--piles")
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|&n| (1..=8).contains(&n));
    let max = flag(args, "--max")
        .and_then(|s| s.parse::<u64>().ok())
        .filter(|&m| m <= 64);
    let (Some(n), Some(m), Some(path)) = (piles, max, flag(args, "--db")) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if Psn::box_size(n, m).is_none() {
        eprintln!("error: --piles {n} --max {m} gives more than 2^32 positions per permutation");
        return ExitCode::from(2);
    }
    let threads = match crate::cli::threads(args) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    match tabulate(n, m, path, threads) {
        Ok(summary) => {
            println!("{summary}");
            if summary["complete"] == serde_json::Value::Bool(true) {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(130)
            }
        }
        Err(e) => {
            eprintln!("error: {path}: {e}");
            ExitCode::from(1)
        }
    }
}

/// What marks a database as one `cgt tabulate` made.
const OWNER: &str = "cgt tabulate psn 1";

/// The database at `path`: a new one (made here, marked as ours), or one
/// this command made before. Never another program's database, a link, a
/// device or a directory.
fn open_own(path: &str) -> Result<Connection, Box<dyn std::error::Error>> {
    let refuse = |why: &str| -> Box<dyn std::error::Error> { why.into() };
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if meta.file_type().is_symlink() {
            return Err(refuse("a symbolic link: give the file itself"));
        }
        if !meta.is_file() {
            return Err(refuse("not a regular file"));
        }
    }
    let db = Connection::open(path)?;
    let tables: i64 = db.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
        [],
        |r| r.get(0),
    )?;
    if tables == 0 {
        db.execute_batch(&format!(
            "CREATE TABLE cgt_owner (owner TEXT NOT NULL); INSERT INTO cgt_owner VALUES ('{OWNER}');"
        ))?;
        return Ok(db);
    }
    let owner: Option<String> = db
        .query_row("SELECT owner FROM cgt_owner", [], |r| r.get(0))
        .ok();
    if owner.as_deref() != Some(OWNER) {
        return Err(refuse(
            "a database that cgt tabulate did not make: its tables are not added to another program's file; give a new file",
        ));
    }
    Ok(db)
}

fn text(xs: impl IntoIterator<Item = impl ToString>) -> String {
    xs.into_iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn tabulate(
    n: usize,
    m: u64,
    path: &str,
    threads: Option<usize>,
) -> Result<serde_json::Value, Box<dyn std::error::Error>> {
    let mut db = open_own(path)?;
    db.pragma_update(None, "journal_mode", "WAL")?;
    db.pragma_update(None, "synchronous", "NORMAL")?;
    db.execute_batch(SCHEMA)?;
    let done: hashbrown::HashSet<String> = {
        // Marked done and with its rows there (a mark whose rows were
        // deleted is stored again).
        let mut q = db.prepare(
            "SELECT d.sigma FROM psn_done d WHERE d.max = ?1
             AND (SELECT count(*) FROM psn p WHERE p.sigma = d.sigma) >= d.positions",
        )?;
        let rows = q.query_map([m as i64], |r| r.get::<_, String>(0))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    let all = Psn::permutations(n);
    let todo: Vec<Vec<usize>> = all
        .iter()
        .filter(|s| !done.contains(&text(s.iter())))
        .cloned()
        .collect();
    let skipped = all.len() - todo.len();
    let started = Instant::now();
    let (threads, pool) = crate::check::thread_pool(threads);
    // Ctrl-C stops the permutations in flight; those stored stay.
    let _ = ctrlc::set_handler(|| {
        STOP.store(true, Ordering::Relaxed);
        cgt_core::interrupt::request(cgt_core::interrupt::Stop::Interrupted);
    });
    let (tx, rx) = mpsc::sync_channel::<(String, Vec<Row>)>(threads * 2);
    let mut stored = 0u64;
    let mut written = 0usize;
    let result: rusqlite::Result<()> = std::thread::scope(|scope| {
        scope.spawn(move || {
            pool.install(|| {
                todo.par_iter().for_each_with(tx, |tx, sigma| {
                    if STOP.load(Ordering::Relaxed) {
                        return;
                    }
                    if let Ok(rows) = cgt_core::interrupt::catch(|| rows_of(sigma, m)) {
                        let _ = tx.send((text(sigma.iter()), rows));
                    }
                });
            });
        });
        for (sigma, rows) in rx {
            let t = db.transaction()?;
            {
                let mut insert = t.prepare_cached(
                    "INSERT OR REPLACE INTO psn (sigma, w, piles, outcome, atomic_weight, birthday, value)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                )?;
                for r in &rows {
                    insert.execute(params![
                        sigma,
                        r.w,
                        n as i64,
                        r.outcome,
                        r.atomic_weight,
                        r.birthday,
                        r.value
                    ])?;
                }
            }
            t.execute(
                "INSERT OR REPLACE INTO psn_done (sigma, max, positions) VALUES (?1, ?2, ?3)",
                params![sigma, m as i64, rows.len() as i64],
            )?;
            t.commit()?;
            stored += rows.len() as u64;
            written += 1;
        }
        Ok(())
    });
    result?;
    // Complete when every permutation's box is recorded as stored and its
    // rows are there (not only its mark).
    let box_size = Psn::box_size(n, m).unwrap_or(0) as i64;
    let marked: i64 = db.query_row(
        "SELECT count(*) FROM psn_done WHERE max = ?1 AND positions = ?2",
        params![m as i64, box_size],
        |r| r.get(0),
    )?;
    let rows: i64 = db.query_row(
        "SELECT count(*) FROM psn WHERE piles = ?1",
        params![n as i64],
        |r| r.get(0),
    )?;
    let complete = skipped + written == all.len()
        && marked as usize >= all.len()
        && rows >= box_size.saturating_mul(all.len() as i64);
    Ok(serde_json::json!({
        "tabulate": "psn",
        "piles": n,
        "max": m,
        "db": path,
        "permutations": all.len(),
        "skipped_stored": skipped,
        "stored_now": written,
        "positions_stored_now": stored,
        "complete": complete,
        "threads": threads,
        "seconds": (started.elapsed().as_secs_f64() * 1000.0).round() / 1000.0,
    }))
}

/// The rows of every position of one permutation's box.
fn rows_of(sigma: &[usize], m: u64) -> Vec<Row> {
    let psn = Psn::new(sigma.to_vec()).expect("a permutation");
    let mut arena = Arena::new();
    let values = psn.box_values(&mut arena, m);
    let n = sigma.len();
    let mut w = vec![0u64; n];
    let mut rows = Vec::with_capacity(values.len());
    for &g in &values {
        cgt_core::interrupt::check();
        let aw = match arena.atomic_weight(g) {
            Some(a) => match arena.as_i64(a) {
                Some(i) => rusqlite::types::Value::Integer(i),
                None => rusqlite::types::Value::Text(Printer::new(&mut arena).game(a)),
            },
            None => rusqlite::types::Value::Null,
        };
        // Printing sorts options in CGSuite's order, which compares games:
        // only small canonical forms are printed (the others are long anyway).
        let small = arena.followers(g, MAX_VALUE_SUBPOSITIONS).is_ok();
        let mut p = Printer::new(&mut arena);
        let value = (small && p.printed_len(g) <= MAX_VALUE_TEXT).then(|| p.game(g));
        rows.push(Row {
            w: text(w.iter()),
            outcome: arena.outcome(g).to_string(),
            atomic_weight: aw,
            birthday: i64::try_from(arena.birthday(g)).unwrap_or(i64::MAX),
            value,
        });
        Psn::next_in_box(&mut w, m);
    }
    rows
}
