//! Benchmark workloads shared with the peer harness (`peers/cgt-crate`),
//! printing the same summary fields so the results can be diffed.

use cgt_core::game::{Arena, GameId};
use cgt_lang::print::Printer;
use std::process::ExitCode;
use std::time::Instant;

const BENCH_USAGE: &str =
    "counts K, RUNS and REPEAT are at most 10000000\nusage: cgt bench sum K SEED [--verbose] | cgt bench language [RUNS] | cgt bench outcome K SEED | cgt bench regions clobber|domineering K SEED [--canonical] | cgt bench wide N SEED (N <= 10000) | cgt bench thermo all [REPEAT] | cgt bench aw | cgt bench psn-all N M [--threads T] [--dump] | cgt bench psn-algorithms [SEED]";

/// The largest count a workload takes (terms, games, runs): past it the
/// work would not fit in memory or time, so it is refused at once.
const COUNT_MAX: usize = 10_000_000;

/// A count argument: a whole number up to [`COUNT_MAX`].
fn count(arg: Option<&String>) -> Option<usize> {
    arg.and_then(|s| s.parse::<usize>().ok())
        .filter(|&n| n <= COUNT_MAX)
}

/// An optional count of runs: `default` when absent, at least 1, None if
/// it is not a count.
fn count_or(arg: Option<&String>, default: usize) -> Option<usize> {
    match arg {
        None => Some(default),
        some => count(some).map(|n| n.max(1)),
    }
}

/// The peer's ten `thermo` games (peers/cgt-crate/README.md).
const THERMO_GAMES: [(&str, &str); 10] = [
    ("switch", "{2|-1}"),
    ("two-stop", "{{2|0}|-1}"),
    ("dom-4x4-corner", "{1*|-1*}"),
    ("dominated-right", "{5|0,{3|2}}"),
    ("nested", "{{3|2}|0}"),
    ("multi-option", "{{4|1},{4|1*}|-1,{1|-3},{1*|-3}}"),
    ("deep", "{{{5|3}|{2|0}}|{{-1|-3}|-6}}"),
    ("tiny-plus-switch", "{0|{0|-2}} + {3|-3}"),
    ("switch-sum", "{10|-10}+{5|-5}+{3|-3}+{2|-2}+{1|-1}"),
    (
        "mixed-sum",
        "{2|-1}+{{2|0}|-1}+{5|0,{3|2}}+{{3|2}|0}+{1*|-1*}+^",
    ),
];

pub fn run(args: &[String]) -> ExitCode {
    match args.first().map(String::as_str) {
        Some("sum") => {
            let k = count(args.get(1));
            let seed = args.get(2).and_then(|s| s.parse::<u64>().ok());
            let verbose = args.iter().any(|a| a == "--verbose");
            match (k, seed) {
                (Some(k), Some(seed)) => {
                    sum(k, seed, verbose);
                    ExitCode::SUCCESS
                }
                _ => {
                    eprintln!("{BENCH_USAGE}");
                    ExitCode::from(2)
                }
            }
        }
        Some("outcome") => {
            let k = count(args.get(1));
            let seed = args.get(2).and_then(|s| s.parse::<u64>().ok());
            match (k, seed) {
                (Some(k), Some(seed)) => {
                    outcome(k, seed);
                    ExitCode::SUCCESS
                }
                _ => {
                    eprintln!("{BENCH_USAGE}");
                    ExitCode::from(2)
                }
            }
        }
        Some("regions") => {
            let game = args
                .get(1)
                .map(String::as_str)
                .filter(|g| ["clobber", "domineering"].contains(g));
            let k = count(args.get(2)).filter(|&k| k >= 1);
            let seed = args.get(3).and_then(|s| s.parse::<u64>().ok());
            match (game, k, seed) {
                (Some(game), Some(k), Some(seed)) => {
                    regions(game, k, seed, args.iter().any(|a| a == "--canonical"))
                }
                _ => {
                    eprintln!("{BENCH_USAGE}");
                    ExitCode::from(2)
                }
            }
        }
        Some("language") => {
            let Some(runs) = count_or(args.get(1), 3) else {
                eprintln!("{BENCH_USAGE}");
                return ExitCode::from(2);
            };
            language(runs)
        }
        Some("thermo") => {
            let Some(repeat) = count_or(args.get(2), 1) else {
                eprintln!("{BENCH_USAGE}");
                return ExitCode::from(2);
            };
            thermo(repeat);
            ExitCode::SUCCESS
        }
        Some("psn-all") => {
            let n = args
                .get(1)
                .and_then(|s| s.parse::<usize>().ok())
                .filter(|&n| (1..=8).contains(&n));
            let m = args
                .get(2)
                .and_then(|s| s.parse::<u64>().ok())
                .filter(|&m| m <= 255);
            let threads = match crate::cli::threads(args) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            match (n, m) {
                (Some(n), Some(m)) if cgt_core::ruleset::psn::Psn::box_size(n, m).is_none() => {
                    eprintln!("error: psn-all {n} {m} gives more than 2^32 positions per permutation, the most one table holds");
                    ExitCode::from(2)
                }
                (Some(n), Some(m)) => {
                    psn_all(n, m, threads, args.iter().any(|a| a == "--dump"));
                    ExitCode::SUCCESS
                }
                _ => {
                    eprintln!("usage: cgt bench psn-all N M [--threads T] [--dump]   (1 <= N <= 8, M <= 255)");
                    ExitCode::from(2)
                }
            }
        }
        Some("psn-algorithms") => {
            let seed = args.get(1).and_then(|s| s.parse::<u64>().ok()).unwrap_or(1);
            psn_algorithms(seed);
            ExitCode::SUCCESS
        }
        Some("aw") => {
            atomic_weights();
            ExitCode::SUCCESS
        }
        Some("wide") => {
            let n = args
                .get(1)
                .and_then(|s| s.parse::<usize>().ok())
                .filter(|&n| (1..=WIDE_MAX).contains(&n));
            let seed = args.get(2).and_then(|s| s.parse::<u64>().ok());
            match (n, seed) {
                (Some(n), Some(seed)) => {
                    wide(n, seed);
                    ExitCode::SUCCESS
                }
                _ => {
                    eprintln!("{BENCH_USAGE}");
                    ExitCode::from(2)
                }
            }
        }
        _ => {
            eprintln!("{BENCH_USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Wide games: N pseudo-random games (as in `sum`), every ordered pair
/// compared, then the canonical form of `{all N | all N}` and of
/// `{all N | }`-style halves, which exercise domination and reversibility.
/// The most games of `bench wide` (it compares every pair: n² comparisons).
const WIDE_MAX: usize = 10_000;

fn wide(n: usize, seed: u64) {
    let mut a = Arena::new();
    let mut rng = SplitMix64(seed);
    let pool = pool(&mut a);
    let games: Vec<GameId> = (0..n).map(|_| gen(&mut a, &mut rng, &pool, 2)).collect();
    let t0 = Instant::now();
    let mut counts = [0usize; 4];
    for &g in &games {
        for &h in &games {
            let c = a.compare(g, h) as usize;
            counts[c] += 1;
        }
    }
    let compare_time = t0.elapsed();
    let t1 = Instant::now();
    let both = a.construct(games.clone(), games.clone());
    let sum_pair = a.add(games[0], games[n / 2]);
    let left_heavy = a.construct(games.clone(), vec![sum_pair]);
    let canon_time = t1.elapsed();
    let mut p = Printer::new(&mut a);
    println!("games {n}");
    println!(
        "comparisons {} equal={} less={} greater={} confused={}",
        n * n,
        counts[0],
        counts[1],
        counts[2],
        counts[3]
    );
    println!("wide {}", p.game(both));
    println!("left_heavy {}", p.game(left_heavy));
    eprintln!("# compare wall_s={:.6}", compare_time.as_secs_f64());
    eprintln!("# canonical wall_s={:.6}", canon_time.as_secs_f64());
}

/// SplitMix64, exactly as the peer workload specifies it.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn pool(a: &mut Arena) -> Vec<GameId> {
    let one = a.integer(1);
    let minus_one = a.integer(-1);
    let half = a.number(cgt_core::number::Dyadic::parse("1/2").expect("1/2"));
    let minus_half = a.neg(half);
    let pm_one = a.construct(vec![one], vec![minus_one]);
    vec![
        a.zero(),
        a.nimber(1),
        one,
        minus_one,
        a.up(1),
        a.up(-1),
        half,
        minus_half,
        a.nimber(2),
        pm_one,
        a.integer(2),
        a.integer(-2),
    ]
}

fn gen(a: &mut Arena, rng: &mut SplitMix64, pool: &[GameId], d: u32) -> GameId {
    if d == 0 || rng.below(4) == 0 {
        return pool[rng.below(12) as usize];
    }
    let nl = 1 + rng.below(2);
    let nr = 1 + rng.below(2);
    let left: Vec<GameId> = (0..nl).map(|_| gen(a, rng, pool, d - 1)).collect();
    let right: Vec<GameId> = (0..nr).map(|_| gen(a, rng, pool, d - 1)).collect();
    a.construct(left, right)
}

fn fnv1a64(s: &str) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in s.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

fn sum(k: usize, seed: u64, verbose: bool) {
    let started = Instant::now();
    let mut a = Arena::new();
    let mut rng = SplitMix64(seed);
    let pool = pool(&mut a);
    let games: Vec<GameId> = (0..k).map(|_| gen(&mut a, &mut rng, &pool, 2)).collect();
    let mut acc = a.zero();
    for &g in &games {
        acc = a.add(acc, g);
    }
    let core = started.elapsed();
    let t0 = Instant::now();
    let temperature = a.temperature(acc);
    let thermo = t0.elapsed();
    let mut p = Printer::new(&mut a);
    let printed = p.game(acc);
    let game_texts: Vec<String> = games.iter().map(|&g| p.game(g)).collect();
    if printed.len() <= 4096 || verbose {
        println!("sum {printed}");
    }
    println!("sum_strlen {}", printed.len());
    println!("sum_strhash {:016x}", fnv1a64(&printed));
    println!("sum_birthday {}", a.birthday(acc));
    println!("sum_outcome {}", a.outcome(acc));
    println!("sum_stops {} {}", a.left_stop(acc), a.right_stop(acc));
    println!("sum_mean {}", a.mean(acc));
    println!("sum_temperature {temperature}");
    let games_hash = game_texts
        .iter()
        .fold(0u64, |h, t| h.wrapping_add(fnv1a64(t)));
    println!("games_strhash {games_hash:016x}");
    if verbose {
        for (i, t) in game_texts.iter().enumerate() {
            println!("game[{i}] {t}");
        }
    }
    eprintln!("# core wall_s={:.6}", core.as_secs_f64());
    eprintln!("# temperature wall_s={:.6}", thermo.as_secs_f64());
    eprintln!(
        "# arena games={} sums_cached={} comparisons_cached={}",
        a.len(),
        a.stats().sums_cached,
        a.stats().comparisons_cached
    );
}

/// The outcome of `sum K SEED`'s sum by search on its K parts
/// ([`Arena::sum_outcome`]), without the canonical sum: the `sum_outcome`
/// line must be the one `sum K SEED` prints.
fn outcome(k: usize, seed: u64) {
    cgt_core::interrupt::ensure_room(k.saturating_mul(std::mem::size_of::<GameId>()));
    let mut a = Arena::new();
    let mut rng = SplitMix64(seed);
    let pool = pool(&mut a);
    let games: Vec<GameId> = (0..k).map(|_| gen(&mut a, &mut rng, &pool, 2)).collect();
    let t0 = Instant::now();
    let o = a.sum_outcome(&games);
    println!("sum_outcome {o}");
    eprintln!("# search wall_s={:.6}", t0.elapsed().as_secs_f64());
}

/// A sum of K pseudo-random small regions of Clobber (boards of 2 to 3 rows
/// and 2 to 4 columns, stones and gaps) or Domineering (boards up to 4x4
/// with occupied squares): each position's components are valued, then the
/// outcome of the sum is found by search on the values; `--canonical` also
/// builds the canonical sum and checks that its outcome agrees.
fn regions(game: &str, k: usize, seed: u64, canonical: bool) -> ExitCode {
    let mut rng = SplitMix64(seed);
    let letters: &[char] = if game == "clobber" {
        &['x', 'o', 'x', 'o', '.']
    } else {
        &['.', '.', '.', '#']
    };
    let boards: Vec<String> = (0..k)
        .map(|_| {
            let (rows, cols) = if game == "clobber" {
                (2 + rng.below(2), 2 + rng.below(3))
            } else {
                (2 + rng.below(3), 2 + rng.below(3))
            };
            (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| letters[rng.below(letters.len() as u64) as usize])
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect();
    let sum = boards
        .iter()
        .map(|b| format!("{game}(\"{b}\")"))
        .collect::<Vec<_>>()
        .join(" + ");
    let mut s = cgt_lang::Session::new();
    let t0 = Instant::now();
    let searched = match s.run_line(&format!("outcome_class({sum})")) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {}", e.message);
            return ExitCode::FAILURE;
        }
    };
    let search_s = t0.elapsed().as_secs_f64();
    println!("regions {game} {k} {seed}");
    println!("sum_outcome {searched}");
    eprintln!("# values and search wall_s={search_s:.6}");
    if canonical {
        let t1 = Instant::now();
        let built = s
            .run_line(&format!("outcome_class(value({sum}))"))
            .unwrap_or_else(|e| e.message);
        eprintln!("# canonical sum wall_s={:.6}", t1.elapsed().as_secs_f64());
        if built != searched {
            eprintln!("error: the canonical sum's outcome is {built}");
            return ExitCode::FAILURE;
        }
        println!("canonical_outcome {built}");
    }
    ExitCode::SUCCESS
}

/// The rulesets written in the language, as the examples define them.
const DOMINEERING_CGT: &str = include_str!("../../examples/rulesets/domineering.cgt");
const TOADS_CGT: &str = include_str!("../../examples/rulesets/toads_and_frogs.cgt");
const CLOBBER_CGT: &str = include_str!("../../examples/rulesets/clobber_strip.cgt");
const CRAM_CGT: &str = include_str!("../../examples/rulesets/cram.cgt");

/// The definitions of an example script (its `def` lines and the line
/// that makes its ruleset), without its checks: a session that runs them
/// has computed nothing yet.
fn definitions(script: &str) -> Vec<&str> {
    script
        .lines()
        .filter(|l| l.starts_with("def ") || l.contains("= ruleset("))
        .collect()
}

/// A partizan subtraction game defined by recursion: Left removes 1 or 2, Right 2 or 3.
const LANGUAGE_FAMILY: &str =
    "def g(n) = { [g(n - k) for k in [1, 2] if k <= n] | [g(n - k) for k in [2, 3] if k <= n] }";

/// One line in a session, timed (seconds), with its printed value.
fn timed(s: &mut cgt_lang::Session, line: &str) -> Result<(f64, String), String> {
    let t = Instant::now();
    let out = s
        .run_line(line)
        .map_err(|e| format!("{line}: {}", e.message))?;
    Ok((t.elapsed().as_secs_f64(), out))
}

/// `line` in a new session after `setup` (not timed): the best time of
/// `runs`, the value, the positions explored (of `ruleset`, if
/// named) and the peak heap of the last run in MB.
fn best_of(
    runs: usize,
    setup: &[&str],
    line: &str,
    ruleset: Option<&str>,
) -> Result<(f64, String, String, f64), String> {
    let mut best = f64::INFINITY;
    let mut last = (String::new(), String::new(), 0.0);
    for _ in 0..runs {
        let mut s = cgt_lang::Session::new();
        for l in setup {
            timed(&mut s, l)?;
        }
        cgt_core::interrupt::reset_peak();
        let before = cgt_core::interrupt::live_bytes();
        let (t, v) = timed(&mut s, line)?;
        let peak = cgt_core::interrupt::peak_bytes().saturating_sub(before) as f64 / 1e6;
        let explored = ruleset
            .and_then(|r| s.function_help(r))
            .and_then(|h| {
                h.split(" (")
                    .nth(1)
                    .and_then(|x| x.split(' ').next().map(str::to_string))
            })
            .unwrap_or_default();
        best = best.min(t);
        last = (v, explored, peak);
    }
    Ok((best, last.0, last.1, last.2))
}

/// The language's speed: each ruleset written in the language (the
/// definitions of its example script) against the built-in ruleset on the
/// same position, each side in new sessions, best of `runs`; Cram (no
/// built-in) with its peak heap; a recursive family's cost per argument.
fn language(runs: usize) -> ExitCode {
    let report = || -> Result<(), String> {
        let dom = definitions(DOMINEERING_CGT);
        let toads = definitions(TOADS_CGT);
        let clobber = definitions(CLOBBER_CGT);
        let workloads: Vec<(&str, &[&str], String, String, &str)> = vec![
            (
                "domineering 4x5",
                &dom,
                "D".into(),
                "domineering".into(),
                ".....|.....|.....|.....",
            ),
            (
                "domineering 5x5",
                &dom,
                "D".into(),
                "domineering".into(),
                ".....|.....|.....|.....|.....",
            ),
            (
                "toads-and-frogs",
                &toads,
                "TF".into(),
                "toads_and_frogs".into(),
                "TTTT....FFFF",
            ),
            (
                "toads-and-frogs",
                &toads,
                "TF".into(),
                "toads_and_frogs".into(),
                "TTTTT....FFFFF",
            ),
            (
                "clobber",
                &clobber,
                "CS".into(),
                "clobber".into(),
                "xoxoxoxoxoxoxoxoxoxoxo",
            ),
            (
                "clobber",
                &clobber,
                "CS".into(),
                "clobber".into(),
                "xxoxoxxoxooxoxxoxoxxoo",
            ),
        ];
        println!(
            "{:<18} {:<32} {:>10} {:>11} {:>6} {:>10}",
            "ruleset", "position", "builtin_s", "language_s", "ratio", "positions"
        );
        for (name, defs, ours, theirs, position) in workloads {
            let (tb, vb, _, _) =
                best_of(runs, &[], &format!("value({theirs}(\"{position}\"))"), None)?;
            let (tl, vl, explored, _) = best_of(
                runs,
                defs,
                &format!("value({ours}(\"{position}\"))"),
                Some(&ours),
            )?;
            if vb != vl {
                return Err(format!(
                    "{name} {position}: the language gives {vl}, the built-in {vb}"
                ));
            }
            println!(
                "{name:<18} {position:<32} {tb:>10.3} {tl:>11.3} {:>6.1} {explored:>10}",
                tl / tb
            );
        }
        let cram = definitions(CRAM_CGT);
        let (t, v, explored, peak) = best_of(runs, &cram, "value(C(board(4, 7)))", Some("C"))?;
        println!("cram 4x7 (language only) value={v} s={t:.3} positions={explored} peak_heap_mb={peak:.0}");
        for n in [1000, 2000, 5000, 10000] {
            let mut s = cgt_lang::Session::new();
            timed(&mut s, LANGUAGE_FAMILY)?;
            let (t, _) = timed(&mut s, &format!("birthday(g({n}))"))?;
            println!("family g({n}) s={t:.3} us_per_n={:.1}", t * 1e6 / n as f64);
        }
        Ok(())
    };
    match report() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Thermographs of the peer's ten games, built once. `cold`: each repetition
/// first clears the per-id thermograph and stop caches, so every thermograph
/// is recomputed from scratch (the peer's work); `cached`: as the REPL runs.
fn thermo(repeat: usize) {
    use cgt_lang::Session;
    let mut s = Session::new();
    // Sums evaluate to sums of terms: their canonical values are the games.
    let games: Vec<GameId> = THERMO_GAMES
        .iter()
        .map(|(_, text)| {
            let v = s.eval_line(text).ok().flatten().expect("the games read");
            s.to_game(&v, Default::default())
                .expect("the games are short")
        })
        .collect();
    let cold_start = Instant::now();
    for _ in 0..repeat {
        s.world().arena.clear_thermal_caches();
        for &g in &games {
            let _ = s.world().arena.thermograph(g);
            let _ = s.world().arena.temperature(g);
        }
    }
    let cold = cold_start.elapsed();
    let cached_start = Instant::now();
    for _ in 0..repeat {
        for &g in &games {
            let _ = s.world().arena.thermograph(g);
            let _ = s.world().arena.temperature(g);
        }
    }
    let cached = cached_start.elapsed();
    for (k, ((name, text), &g)) in THERMO_GAMES.iter().zip(&games).enumerate() {
        let t = s.world().arena.thermograph(g);
        println!("thermo {k} {name}");
        println!(
            "  game {text} = {}",
            Printer::new(&mut s.world().arena).game(g)
        );
        println!("  temperature {}", t.temperature);
        println!("  mean {}", t.mean());
        println!(
            "  stops {} {}",
            s.world().arena.left_stop(g),
            s.world().arena.right_stop(g)
        );
        println!("  thermograph {t}");
    }
    eprintln!(
        "# core wall_s={:.6} repeat={repeat} (cold: caches cleared each repetition)",
        cold.as_secs_f64()
    );
    eprintln!("# cached wall_s={:.6}", cached.as_secs_f64());
}

/// Atomic weights of every game born by day 3 (1474 games, 67 all-small).
fn atomic_weights() {
    let mut a = Arena::new();
    let t0 = Instant::now();
    let games = a.games_born_by(3, false);
    let enumerate = t0.elapsed();
    let t1 = Instant::now();
    let mut atomic = 0;
    let mut weights = std::collections::BTreeMap::new();
    for &g in &games {
        if let Some(w) = a.atomic_weight(g) {
            atomic += 1;
            let text = Printer::new(&mut a).game(w);
            *weights.entry(text).or_insert(0usize) += 1;
        }
    }
    let aw_time = t1.elapsed();
    println!("games {}", games.len());
    println!("atomic {atomic}");
    for (w, n) in weights {
        println!("aw {w} {n}");
    }
    eprintln!("# enumerate wall_s={:.6}", enumerate.as_secs_f64());
    eprintln!(
        "# core wall_s={:.6} (atomic weights of all games born by day 3)",
        aw_time.as_secs_f64()
    );
}

/// Results of one permutation's box, in a worker's own arena.
struct PsnSigmaResult {
    sigma: Vec<usize>,
    values: Vec<GameId>,
}

/// `psn-all N M`: every σ ∈ S_N and every w ∈ {0..M}^N, canonical values, in
/// the peer harness's enumeration order and summary format. Workers own their
/// arenas (no shared lock); distinct values are merged into one arena at the end.
fn psn_all(n: usize, m: u64, threads: Option<usize>, dump: bool) {
    use cgt_core::ruleset::psn::Psn;
    use rayon::prelude::*;
    let (threads, pool) = crate::check::thread_pool(threads);
    let sigmas = Psn::permutations(n);
    let started = Instant::now();
    // Each worker evaluates whole permutations in its own arena.
    let chunks: Vec<(Arena, Vec<PsnSigmaResult>)> = pool.install(|| {
        let per = sigmas.len().div_ceil(threads * 4).max(1);
        sigmas
            .par_chunks(per)
            .map(|chunk| {
                let mut arena = Arena::new();
                let results = chunk
                    .iter()
                    .map(|sigma| {
                        let psn = Psn::new(sigma.clone()).expect("permutation");
                        PsnSigmaResult {
                            sigma: sigma.clone(),
                            values: psn.box_values(&mut arena, m),
                        }
                    })
                    .collect();
                (arena, results)
            })
            .collect()
    });
    let enumerate = started.elapsed();
    // Merge: import each worker's distinct values into one arena.
    let t1 = Instant::now();
    let mut main = Arena::new();
    let mut positions = 0usize;
    let mut distinct: std::collections::HashSet<GameId> = std::collections::HashSet::new();
    let mut outcomes = [0usize; 4];
    let mut nus_positions = 0usize;
    let mut max_birthday = cgt_core::number::BigInt::from(0);
    let mut dump_lines = Vec::new();
    for (mut arena, results) in chunks {
        let mut memo = hashbrown::HashMap::new();
        let mut per_id: hashbrown::HashMap<GameId, (GameId, usize, bool)> =
            hashbrown::HashMap::new();
        for r in &results {
            for (idx, &g) in r.values.iter().enumerate() {
                positions += 1;
                let (h, o, nus) = *per_id.entry(g).or_insert_with(|| {
                    let h = main.import(&mut arena, g, &mut memo);
                    let o = main.outcome(h) as usize;
                    (h, o, main.as_nus(h).is_some())
                });
                if distinct.insert(h) {
                    let b = main.birthday(h);
                    if b > max_birthday {
                        max_birthday = b;
                    }
                }
                outcomes[o] += 1;
                nus_positions += usize::from(nus);
                if dump {
                    let w = decode(idx, n, m);
                    dump_lines.push((r.sigma.clone(), w, h));
                }
            }
        }
    }
    let summary = t1.elapsed();
    if dump {
        let mut p = Printer::new(&mut main);
        for (sigma, w, h) in dump_lines {
            let join = |v: &[u64]| {
                v.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let s: Vec<u64> = sigma.iter().map(|&x| x as u64).collect();
            println!("{} {} {}", join(&s), join(&w), p.game(h));
        }
    }
    use cgt_core::analysis::Outcome;
    let count = |o: Outcome| outcomes[o as usize];
    println!("n={n} m={m}");
    println!("positions={positions}");
    println!("distinct_values={}", distinct.len());
    println!(
        "outcomes L={} R={} P={} N={}",
        count(Outcome::L),
        count(Outcome::R),
        count(Outcome::P),
        count(Outcome::N)
    );
    println!("nus_positions={nus_positions}");
    println!("max_birthday={max_birthday}");
    eprintln!(
        "# core wall_s={:.6} threads={threads}",
        enumerate.as_secs_f64()
    );
    eprintln!(
        "# psn-all n={n} m={m} enumerate_s={:.6} summary_s={:.6}",
        enumerate.as_secs_f64(),
        summary.as_secs_f64()
    );
}

fn decode(mut idx: usize, n: usize, m: u64) -> Vec<u64> {
    let base = (m + 1) as usize;
    let mut w = vec![0u64; n];
    for k in (0..n).rev() {
        w[k] = (idx % base) as u64;
        idx /= base;
    }
    w
}

/// The paper's algorithms at scale, on pseudo-random permutations (SplitMix64):
/// Theorem 4.2 for n = 1,000,000 uniform piles and Theorem 3.2 for n = 5,000.
fn psn_algorithms(seed: u64) {
    use cgt_core::ruleset::psn::Psn;
    let mut rng = SplitMix64(seed);
    let mut shuffle = |n: usize| -> Vec<usize> {
        let mut p: Vec<usize> = (1..=n).collect();
        for i in (1..n).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            p.swap(i, j);
        }
        p
    };
    let n = 1_000_000;
    let sigma = shuffle(n);
    let psn = Psn::new(sigma).expect("permutation");
    let mut r2 = SplitMix64(seed ^ 0x5eed);
    let w: Vec<u64> = (0..n)
        .map(|_| if r2.below(4) == 0 { 0 } else { 3 })
        .collect();
    let t0 = Instant::now();
    let o = psn.uniform_outcome(&w).expect("uniform");
    println!("uniform n={n} m=3 outcome={o}");
    eprintln!("# uniform wall_s={:.6}", t0.elapsed().as_secs_f64());
    let n = 5_000;
    let sigma = shuffle(n);
    let psn = Psn::new(sigma).expect("permutation");
    let w: Vec<u64> = (0..n).map(|_| r2.below(1u64 << 40)).collect();
    let t1 = Instant::now();
    let (th, o) = psn.thresholds(&w);
    let (l, r) = th.expect("non-empty");
    println!("general n={n} piles<2^40 outcome={o} thresholds=({l}, {r})");
    eprintln!("# theorem-3.2 wall_s={:.6}", t1.elapsed().as_secs_f64());
}
