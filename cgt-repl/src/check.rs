//! `cgt check ...`: exhaustive verification of the papers' results, in
//! parallel on all cores, with a progress bar on a terminal and a JSON
//! summary on standard output. Exits non-zero with the first counterexample.

use cgt_core::checks::psn as checks;
use cgt_core::ruleset::psn::Psn;
use rayon::prelude::*;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
usage: cgt check psn-aw-integral --piles N --max M [--shard k/K] [--threads T]
       cgt check psn-outcome     --piles N --max M [--shard k/K] [--threads T]
       cgt check psn-uniform     --piles N --max-m M [--shard k/K] [--threads T]
       cgt check psn-misere      --piles N --max M [--shard k/K] [--threads T]
       cgt check sls-type1       --slots K --max-pile P --max-hand H [--max-blue-b B] [--shard k/K] [--threads T]
       cgt check sls-final       --slots K --max-pile P --max-hand H [--shard k/K] [--threads T]
       cgt check sls-values      --slots K --max-pile P --max-hand H [--shard k/K] [--threads T]
       cgt check merge REPORT.json...
--shard k/K keeps the permutations (PSN) or states (SLS) whose index i
(0-based, in enumeration order) has i mod K = k-1, so K machines (e.g. a
cluster array job with k = the task id) split the work; add up the shards'
JSON `positions` with `cgt check merge` (it checks that every shard is there
once, of the same check and range, and passes only if all passed).";

use crate::cli::flag;

/// The checks' names, as reports carry them.
pub const CHECKS: &[&str] = &[
    "psn-aw-integral",
    "psn-outcome",
    "psn-uniform",
    "psn-misere",
    "sls-type1",
    "sls-final",
    "sls-values",
];

pub fn run(args: &[String]) -> ExitCode {
    let Some(name) = args.first().map(String::as_str) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if name == "merge" {
        return crate::merge::run(&args[1..]);
    }
    // Every flag must be one this check takes (a mistyped one would
    // silently check another range).
    let allowed: &[&str] = match name {
        "psn-uniform" => &["--piles", "--max-m", "--shard", "--threads"],
        n if n.starts_with("psn-") => &["--piles", "--max", "--shard", "--threads"],
        "sls-type1" => &[
            "--slots",
            "--max-pile",
            "--max-hand",
            "--max-blue-b",
            "--shard",
            "--threads",
        ],
        _ => &[
            "--slots",
            "--max-pile",
            "--max-hand",
            "--shard",
            "--threads",
        ],
    };
    if let Some(bad) = args[1..]
        .iter()
        .find(|a| a.starts_with("--") && !allowed.contains(&a.as_str()))
    {
        eprintln!(
            "error: `cgt check {name}` takes no flag {bad} (it takes {})",
            allowed.join(", ")
        );
        return ExitCode::from(2);
    }
    if name.starts_with("sls-") {
        return run_sls(name, args);
    }
    let check: fn(&[usize], u64) -> Result<u64, checks::Counterexample> = match name {
        "psn-aw-integral" => checks::aw_integral,
        "psn-outcome" => checks::outcome,
        "psn-uniform" => checks::uniform,
        "psn-misere" => checks::misere,
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let max_flag = if name == "psn-uniform" {
        "--max-m"
    } else {
        "--max"
    };
    let piles = flag(args, "--piles")
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|&n| (1..=8).contains(&n));
    let max = flag(args, max_flag)
        .and_then(|s| s.parse::<u64>().ok())
        .filter(|&m| m <= 64);
    let shard = parse_shard(args);
    let threads = match crate::cli::threads(args) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (Some(n), Some(m), Some((k, shards))) = (piles, max, shard) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if name != "psn-uniform" && Psn::box_size(n, m).is_none() {
        eprintln!("error: --piles {n} --max {m} gives more than 2^32 positions per permutation, the most one table holds");
        return ExitCode::from(2);
    }
    let sigmas: Vec<Vec<usize>> = Psn::permutations(n)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % shards == k - 1)
        .map(|(_, s)| s)
        .collect();
    let (threads, pool) = thread_pool(threads);
    let bar = progress(sigmas.len() as u64, name, "permutations");
    let started = Instant::now();
    let results: Vec<Result<u64, checks::Counterexample>> = pool.install(|| {
        sigmas
            .par_iter()
            .map(|sigma| {
                let r = check(sigma, m);
                bar.inc(1);
                r
            })
            .collect()
    });
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let positions: u64 = results.iter().filter_map(|r| r.as_ref().ok()).sum();
    let first_failure = results.iter().find_map(|r| r.as_ref().err());
    let summary = serde_json::json!({
        "check": name,
        "piles": n,
        max_flag.trim_start_matches("--"): m,
        "shard": format!("{k}/{shards}"),
        "permutations": sigmas.len(),
        "positions": positions,
        "threads": threads,
        "seconds": (seconds * 1000.0).round() / 1000.0,
        "passed": first_failure.is_none(),
        "counterexample": first_failure.map(|c| serde_json::json!({
            "sigma": c.sigma, "w": c.w, "detail": c.detail,
        })),
    });
    println!("{summary}");
    if first_failure.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn parse_shard(args: &[String]) -> Option<(usize, usize)> {
    match flag(args, "--shard") {
        None => Some((1, 1)),
        Some(s) => shard(s),
    }
}

/// `k/K` with 1 <= k <= K: a shard as `--shard` takes it and reports print it.
pub(crate) fn shard(text: &str) -> Option<(usize, usize)> {
    text.split_once('/')
        .and_then(|(k, n)| Some((k.parse::<usize>().ok()?, n.parse::<usize>().ok()?)))
        .filter(|&(k, n)| n >= 1 && (1..=n).contains(&k))
}

/// A progress bar on standard error when it is a terminal, else a hidden one.
fn progress(len: u64, name: &str, unit: &str) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let b = indicatif::ProgressBar::new(len);
    b.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{msg}} [{{bar:40}}] {{pos}}/{{len}} {unit}, eta {{eta}}"
        ))
        .expect("template")
        .progress_chars("=> "),
    );
    b.set_message(name.to_string());
    b
}

/// A rayon pool of `threads` workers (default: every core), and its size.
pub(crate) fn thread_pool(threads: Option<usize>) -> (usize, rayon::ThreadPool) {
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |p| p.get()));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    (threads, pool)
}

/// So Long Sucker endgame checks over every state in range, in parallel chunks.
fn run_sls(name: &str, args: &[String]) -> ExitCode {
    use cgt_core::checks::sls as sls_checks;
    use cgt_core::ruleset::sls::Sls;
    let num = |f: &str, max: u32| {
        flag(args, f)
            .and_then(|s| s.parse::<u32>().ok())
            .filter(|&v| v <= max)
    };
    let (Some(k), Some(p), Some(h), Some((shard, shards))) = (
        num("--slots", 8),
        num("--max-pile", 8),
        num("--max-hand", 6),
        parse_shard(args),
    ) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    type Check = fn(
        &[cgt_core::ruleset::sls::State],
        &Sls,
        &sls_checks::Memos,
    ) -> Result<u64, sls_checks::Counterexample>;
    let run: Check = match name {
        "sls-type1" => sls_checks::type_one,
        "sls-final" => sls_checks::final_theorem,
        "sls-values" => sls_checks::values,
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mb = flag(args, "--max-blue-b")
        .and_then(|s| s.parse::<u32>().ok())
        .unwrap_or(h)
        .min(8);
    // The states are listed first: a range too big for memory stops here
    // with the memory error (or on Ctrl-C), not at the system's limit.
    let listed = cgt_core::interrupt::catch(|| {
        if name == "sls-type1" {
            sls_checks::type_one_states(k, p, h, mb)
        } else {
            sls_checks::all_states(k, p, h)
        }
    });
    let all = match listed {
        Ok(all) => all,
        Err(stop) => {
            eprintln!("error: {stop}");
            return ExitCode::from(2);
        }
    };
    let states: Vec<_> = all
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % shards == shard - 1)
        .map(|(_, s)| s)
        .collect();
    let threads = match crate::cli::threads(args) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (threads, pool) = thread_pool(threads);
    let bar = progress(states.len() as u64, name, "states");
    let started = Instant::now();
    let sls = Sls::default();
    // The win memo is shared by all threads, so small chunks balance the load;
    // `sls-values` keeps per-chunk engine state, so it takes one chunk per thread.
    let memos = sls_checks::Memos::default();
    let chunk = if name == "sls-values" {
        states.len().div_ceil(threads)
    } else {
        states.len().div_ceil(threads * 64)
    }
    .max(1);
    let results: Vec<Result<u64, sls_checks::Counterexample>> = pool.install(|| {
        states
            .par_chunks(chunk)
            .map(|c| {
                let r = run(c, &sls, &memos);
                bar.inc(c.len() as u64);
                r
            })
            .collect()
    });
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let positions: u64 = results.iter().filter_map(|r| r.as_ref().ok()).sum();
    let failure = results.iter().find_map(|r| r.as_ref().err());
    let summary = serde_json::json!({
        "check": name,
        "slots": k,
        "max-pile": p,
        "max-hand": h,
        "max-blue-b": if name == "sls-type1" { serde_json::json!(mb) } else { serde_json::Value::Null },
        "shard": format!("{shard}/{shards}"),
        "positions": positions,
        "threads": threads,
        "seconds": (seconds * 1000.0).round() / 1000.0,
        "states_per_second": if seconds > 0.0 { (positions as f64 / seconds).round() } else { 0.0 },
        "passed": failure.is_none(),
        "counterexample": failure.map(|c| serde_json::json!({ "state": c.state, "detail": c.detail })),
    });
    println!("{summary}");
    if failure.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
