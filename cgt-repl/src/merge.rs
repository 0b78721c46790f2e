//! `cgt check merge FILE...`: the JSON reports of the shards of one check
//! (e.g. the tasks of a cluster array job) as one result. Every shard 1..K
//! of the same check and range must be there exactly once; the counts add
//! up; the merge passes only if every shard passed, and reports the first
//! counterexample (by shard) otherwise.

use serde_json::{Map, Value};
use std::process::ExitCode;

/// Fields that differ between the shards of one run; all others (the check
/// and its range) must agree.
const PER_SHARD: &[&str] = &[
    "shard",
    "permutations",
    "positions",
    "threads",
    "seconds",
    "states_per_second",
    "passed",
    "counterexample",
];

/// Counts that add up over the shards.
const SUMMED: &[&str] = &["permutations", "positions"];

pub fn run(files: &[String]) -> ExitCode {
    if files.is_empty() {
        eprintln!("usage: cgt check merge REPORT.json...  (the shards' JSON reports)");
        return ExitCode::from(2);
    }
    match merge(files) {
        Ok(summary) => {
            let passed = summary["passed"] == Value::Bool(true);
            println!("{}", Value::Object(summary));
            if passed {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// One report: the JSON object in `path` (its last non-blank line, so a
/// log with the report at its end also reads).
fn read_report(path: &str) -> Result<Map<String, Value>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let line = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .ok_or_else(|| format!("{path}: empty (the shard wrote no report)"))?;
    match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(m)) if m.contains_key("check") && m.contains_key("shard") => Ok(m),
        _ => Err(format!(
            "{path}: not a report of `cgt check` (a JSON object with `check` and `shard`)"
        )),
    }
}

/// The shard `k/K` of a report.
fn shard_of(path: &str, report: &Map<String, Value>) -> Result<(usize, usize), String> {
    report["shard"]
        .as_str()
        .and_then(crate::check::shard)
        .ok_or_else(|| format!("{path}: bad shard {}", report["shard"]))
}

/// A report with its file and its shard `(k, K)`.
type Shard<'a> = (&'a str, (usize, usize), Map<String, Value>);

fn merge(files: &[String]) -> Result<Map<String, Value>, String> {
    let mut reports: Vec<Shard> = Vec::new();
    for path in files {
        let r = read_report(path)?;
        let shard = shard_of(path, &r)?;
        reports.push((path.as_str(), shard, r));
    }
    reports.sort_by_key(|(_, (k, _), _)| *k);
    let (first_path, (_, shards), first) = &reports[0];
    let range = |r: &Map<String, Value>| -> Map<String, Value> {
        r.iter()
            .filter(|(k, _)| !PER_SHARD.contains(&k.as_str()))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    };
    let expected = range(first);
    // By shard number: K comes from the files, so nothing is sized by it.
    let mut seen: hashbrown::HashMap<usize, &str> = hashbrown::HashMap::new();
    for (path, (k, n), r) in &reports {
        if n != shards {
            return Err(format!(
                "{path} is shard {k}/{n}, {first_path} is of {shards} shards"
            ));
        }
        if range(r) != expected {
            return Err(format!(
                "{path} is another check or range than {first_path}: {} against {}",
                Value::Object(range(r)),
                Value::Object(expected.clone())
            ));
        }
        if let Some(other) = seen.insert(*k, path) {
            return Err(format!("shard {k}/{n} twice: {other} and {path}"));
        }
    }
    if seen.len() < *shards {
        // The first few missing ones (they lie among the first files + 20).
        const SHOWN: usize = 20;
        let missing: Vec<String> = (1..=*shards)
            .filter(|k| !seen.contains_key(k))
            .take(SHOWN)
            .map(|k| format!("{k}/{shards}"))
            .collect();
        let more = *shards - seen.len() - missing.len();
        let rest = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        return Err(format!("missing shards: {}{rest}", missing.join(", ")));
    }
    let mut summary = expected;
    summary.insert("shards".into(), Value::from(*shards));
    for key in SUMMED {
        if first.contains_key(*key) {
            let total: u64 = reports
                .iter()
                .filter_map(|(_, _, r)| r[*key].as_u64())
                .sum();
            summary.insert((*key).into(), Value::from(total));
        }
    }
    let seconds: f64 = reports
        .iter()
        .filter_map(|(_, _, r)| r["seconds"].as_f64())
        .sum();
    summary.insert(
        "seconds_all_shards".into(),
        Value::from((seconds * 1000.0).round() / 1000.0),
    );
    let failed: Vec<&Shard> = reports
        .iter()
        .filter(|(_, _, r)| r["passed"] != Value::Bool(true))
        .collect();
    summary.insert("passed".into(), Value::Bool(failed.is_empty()));
    summary.insert(
        "failed_shards".into(),
        Value::from(
            failed
                .iter()
                .map(|(_, (k, n), _)| format!("{k}/{n}"))
                .collect::<Vec<_>>(),
        ),
    );
    summary.insert(
        "counterexample".into(),
        failed
            .first()
            .map_or(Value::Null, |(_, _, r)| r["counterexample"].clone()),
    );
    Ok(summary)
}
