//! `cgt check merge FILE...`: the JSON reports of the shards of one check
//! (e.g. the tasks of a cluster array job) as one result. Every shard 1..K
//! of the same check and range must be there exactly once; the counts add
//! up (and, for the Partizan-Serial-Nim checks, each shard holds exactly
//! its share of the n! permutations); the merge passes only if every shard
//! passed, and reports the first counterexample (by shard) otherwise. A
//! report is read with a bound, parsed into a typed record, and rejected
//! with its file and field when anything in it is missing, of the wrong
//! kind or contradictory.

use serde::Deserialize;
use serde_json::{Map, Value};
use std::process::ExitCode;

/// A report is one line of JSON: a few hundred bytes.
const MAX_REPORT_BYTES: u64 = 1 << 20;

/// One shard's report, as `cgt check` prints it.
#[derive(Deserialize)]
struct Report {
    check: String,
    shard: String,
    positions: u64,
    #[serde(default)]
    permutations: Option<u64>,
    #[serde(default)]
    threads: Option<u64>,
    #[serde(default)]
    seconds: Option<f64>,
    #[serde(default)]
    states_per_second: Option<f64>,
    passed: bool,
    #[serde(default)]
    counterexample: Value,
    /// The check's range (`piles`, `max`, `slots`, ...): equal in every shard.
    #[serde(flatten)]
    range: Map<String, Value>,
}

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
/// log with the report at its end also reads), validated.
fn read_report(path: &str) -> Result<Report, String> {
    let text = cgt_lang::library::files::read_text(
        std::path::Path::new(path),
        MAX_REPORT_BYTES,
        "a report",
    )?;
    let line = text
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .ok_or_else(|| format!("{path}: empty (the shard wrote no report)"))?;
    let r: Report = serde_json::from_str(line)
        .map_err(|e| format!("{path}: not a valid report of `cgt check`: {e}"))?;
    if !crate::check::CHECKS.contains(&r.check.as_str()) {
        return Err(format!(
            "{path}: `{}` is not a check of cgt (they are {})",
            r.check,
            crate::check::CHECKS.join(", ")
        ));
    }
    if r.positions == 0 {
        return Err(format!(
            "{path}: the shard checked 0 positions (it did not run, or the range has fewer positions than shards): nothing to pass"
        ));
    }
    if let Some(t) = r.threads.filter(|&t| t == 0) {
        return Err(format!("{path}: `threads` is {t}"));
    }
    for (field, x) in [
        ("seconds", r.seconds),
        ("states_per_second", r.states_per_second),
    ] {
        if let Some(x) = x.filter(|x| !x.is_finite() || *x < 0.0) {
            return Err(format!("{path}: `{field}` is {x}, not a time or rate"));
        }
    }
    match (r.passed, r.counterexample.is_null()) {
        (true, false) => Err(format!(
            "{path}: marked passed but carries a counterexample (a contradictory report)"
        )),
        (false, true) => Err(format!(
            "{path}: marked failed without a counterexample (a contradictory report)"
        )),
        _ => Ok(r),
    }
}

/// The shard `k/K` of a report.
fn shard_of(path: &str, report: &Report) -> Result<(usize, usize), String> {
    crate::check::shard(&report.shard)
        .ok_or_else(|| format!("{path}: bad shard {:?}", report.shard))
}

/// A report with its file and its shard `(k, K)`.
type Shard<'a> = (&'a str, (usize, usize), Report);

/// What a report's range is compared by: the check and its parameters.
fn range(r: &Report) -> Map<String, Value> {
    let mut m = r.range.clone();
    m.insert("check".into(), Value::from(r.check.clone()));
    m
}

/// For the Partizan-Serial-Nim checks (every σ in S_n over the shards):
/// the permutations shard `k/K` must hold, from `piles`.
fn permutations_of_shard(
    path: &str,
    r: &Report,
    (k, shards): (usize, usize),
) -> Result<Option<u64>, String> {
    if !r.check.starts_with("psn") {
        return Ok(None);
    }
    let piles = r
        .range
        .get("piles")
        .and_then(Value::as_u64)
        .ok_or_else(|| format!("{path}: a {} report needs `piles`", r.check))?;
    let all = (1..=piles)
        .try_fold(1u64, |acc, p| acc.checked_mul(p))
        .ok_or_else(|| {
            format!("{path}: `piles` is {piles}: {piles}! permutations is out of range")
        })?;
    let (k, shards) = (k as u64, shards as u64);
    Ok(Some(if k - 1 < all {
        (all - (k - 1)).div_ceil(shards)
    } else {
        0
    }))
}

fn merge(files: &[String]) -> Result<Map<String, Value>, String> {
    let mut reports: Vec<Shard> = Vec::new();
    for path in files {
        let r = read_report(path)?;
        let shard = shard_of(path, &r)?;
        if let Some(expected) = permutations_of_shard(path, &r, shard)? {
            match r.permutations {
                Some(p) if p == expected => {}
                Some(p) => {
                    return Err(format!(
                        "{path}: shard {}/{} of {}! permutations holds {expected}, not {p}",
                        shard.0, shard.1, r.range["piles"]
                    ))
                }
                None => return Err(format!("{path}: `permutations` is missing")),
            }
        }
        reports.push((path.as_str(), shard, r));
    }
    reports.sort_by_key(|(_, (k, _), _)| *k);
    let (first_path, (_, shards), first) = &reports[0];
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
    let total = |field: &str, of: &dyn Fn(&Report) -> Option<u64>| -> Result<Option<u64>, String> {
        if of(first).is_none() {
            return Ok(None);
        }
        let mut sum: u64 = 0;
        for (path, _, r) in &reports {
            let x = of(r).ok_or_else(|| format!("{path}: `{field}` is missing"))?;
            sum = sum
                .checked_add(x)
                .ok_or_else(|| format!("the shards' `{field}` add up past 2^64"))?;
        }
        Ok(Some(sum))
    };
    let mut summary = expected;
    summary.insert("shards".into(), Value::from(*shards));
    if let Some(p) = total("permutations", &|r| r.permutations)? {
        summary.insert("permutations".into(), Value::from(p));
    }
    let positions = total("positions", &|r| Some(r.positions))?.unwrap_or(0);
    summary.insert("positions".into(), Value::from(positions));
    let seconds: f64 = reports.iter().filter_map(|(_, _, r)| r.seconds).sum();
    summary.insert(
        "seconds_all_shards".into(),
        Value::from((seconds * 1000.0).round() / 1000.0),
    );
    let failed: Vec<&Shard> = reports.iter().filter(|(_, _, r)| !r.passed).collect();
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
            .map_or(Value::Null, |(_, _, r)| r.counterexample.clone()),
    );
    Ok(summary)
}
