//! `cgt check ...`: exhaustive verification of the papers' results, in
//! parallel on all cores, with a progress bar on a terminal and a JSON
//! summary on standard output. Exits non-zero with the first counterexample.

use cgt_core::ruleset::psn::{checks, Psn};
use rayon::prelude::*;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "\
usage: cgt check psn-aw-integral --piles N --max M [--shard k/K] [--threads T]
       cgt check psn-outcome     --piles N --max M [--shard k/K] [--threads T]
       cgt check psn-uniform     --piles N --max-m M [--shard k/K] [--threads T]
       cgt check psn-misere      --piles N --max M [--shard k/K] [--threads T]
--shard k/K keeps the permutations whose index i (0-based, lexicographic
order) has i mod K = k-1, so K machines (e.g. a cluster array job with
k = the task id) split the work; add up the shards' JSON `positions`.";

fn flag<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == name)
        .and_then(|k| args.get(k + 1))
        .map(String::as_str)
}

pub fn run(args: &[String]) -> ExitCode {
    let Some(name) = args.first().map(String::as_str) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
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
    let shard = match flag(args, "--shard") {
        None => Some((1, 1)),
        Some(s) => s
            .split_once('/')
            .and_then(|(k, n)| Some((k.parse::<usize>().ok()?, n.parse::<usize>().ok()?)))
            .filter(|&(k, n)| n >= 1 && (1..=n).contains(&k)),
    };
    let threads = flag(args, "--threads").and_then(|s| s.parse::<usize>().ok());
    let (Some(n), Some(m), Some((k, shards))) = (piles, max, shard) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let sigmas: Vec<Vec<usize>> = Psn::permutations(n)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % shards == k - 1)
        .map(|(_, s)| s)
        .collect();
    let threads =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |p| p.get()));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    let bar = if std::io::stderr().is_terminal() {
        let b = indicatif::ProgressBar::new(sigmas.len() as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg} [{bar:40}] {pos}/{len} permutations, eta {eta}",
            )
            .expect("template")
            .progress_chars("=> "),
        );
        b.set_message(name.to_string());
        b
    } else {
        indicatif::ProgressBar::hidden()
    };
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
