//! The `cgt` command line: `-e`, scripts, and the `--batch` contract
//! (exactly one output line per input line, whatever the input).

use std::io::Write;
use std::process::{Command, Stdio};

fn cgt() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cgt"))
}

fn batch(input: &[u8]) -> Vec<String> {
    let mut child = cgt()
        .arg("--batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn cgt");
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn batch_answers_one_line_per_line() {
    let input = b"{0|*}\n\n# a comment\n{3|2|1}\n1/3\n\xff\xfe\nnope(1)\n{1|\n)\n\x01\ng = ^\ng + g + *\n^ < 0\n";
    let lines = batch(input);
    let expected_count = input.split(|&b| b == b'\n').count() - 1;
    assert_eq!(lines.len(), expected_count, "{lines:?}");
    assert_eq!(lines[0], "^");
    assert_eq!(lines[1], "");
    assert_eq!(lines[2], "");
    assert!(
        lines[3].starts_with("error: syntax: ambiguous slashes"),
        "{}",
        lines[3]
    );
    assert!(lines[3].contains("column 5"), "{}", lines[3]);
    // CGSuite's `/` divides: 1/3 is an exact rational (not a game).
    assert_eq!(lines[4], "1/3");
    assert!(lines[5].starts_with("error:") && lines[5].contains("UTF-8"));
    assert!(lines[6].starts_with("error: unknown function `nope`"));
    assert!(lines[7].starts_with("error:") && lines[7].contains("column"));
    assert!(lines[8].starts_with("error:"));
    assert!(lines[9].starts_with("error: control character"));
    assert_eq!(lines[10], "^");
    assert_eq!(lines[11], "^^*");
    assert_eq!(lines[12], "false");
}

#[test]
fn batch_survives_hostile_input() {
    let mut input = Vec::new();
    input.extend_from_slice(b"{{{{{{{{{{\n");
    input.extend_from_slice(b"}}}}}|||||\n");
    input.extend_from_slice(b"*99999999999999999999999999\n");
    input.extend_from_slice(b"^99999999999999999999999999\n");
    input.extend_from_slice(b"'{'\n");
    input.extend_from_slice(b"\"unterminated\n");
    input.extend_from_slice(b"multiple(100000000000000000000, ^)\n");
    input.extend_from_slice(b"99999999999999999999999999999999999999 + 1\n");
    input.extend_from_slice(b"1 +\n");
    let lines = batch(&input);
    assert_eq!(lines.len(), 9, "{lines:?}");
    for l in &lines[..7] {
        assert!(l.starts_with("error:"), "{l}");
    }
    assert_eq!(lines[7], "100000000000000000000000000000000000000");
    assert!(lines[8].starts_with("error:"));
}

#[test]
fn deep_nesting_does_not_overflow_the_stack() {
    let n = 20_000;
    let line = format!("{}{{|}}{}\n", "{".repeat(n - 1), "|}".repeat(n - 1));
    assert_eq!(batch(line.as_bytes()), vec!["19999".to_string()]);
}

#[test]
fn dash_e_and_scripts() {
    let out = cgt()
        .args(["-e", "{3||2|1}", "-e", "+-1 + +-1"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "{3||2|1}\n0\n");

    let out = cgt().args(["-e", "{3|2|1}"]).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ambiguous") && err.contains("{3|2|1}") && err.contains('^'),
        "{err}"
    );

    let dir = std::env::temp_dir().join(format!("cgt-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("s.cgt");
    std::fs::write(&script, "# a script\na = {0|*}\n\na + a + *\n").unwrap();
    let out = cgt().arg(&script).output().unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "^\n^^*\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// CGScript's statements, `/`, outcome classes, built-ins as values, notes
/// and the commands, in a script, in `-e` and in `--batch` (one line each).
#[test]
fn statements_and_commands_in_every_mode() {
    let dir = std::env::temp_dir().join(format!("cgt-cli-statements-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("helpers.cgt"),
        "def _twice(n) = 2 * n\ndef quad(n) = _twice(_twice(n))\n",
    )
    .unwrap();
    let script = dir.join("s.cgt");
    std::fs::write(
        &script,
        "s := 0\nfor k in 1..10 where k % 2 == 0 do\n  s := s + k\nend\ns\n\
         if s > 10 then\n  println(\"big\", s)\nelse\n  println(\"small\")\nend\n\
         7 / 2\nmin(2, 3) + max(1/2, 1/4)\noutcome_class(*) == N\n\
         def value(g) = 0\nvalue(^)\n\
         import \"helpers.cgt\" as h\nh.quad(3)\n\
         help thermography\n:time 1 + 1\nnope(\n",
    )
    .unwrap();
    let out = cgt().arg(&script).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[..8],
        ["0", "30", "big 30", "7/2", "5/2", "true", "value(g)", "0"],
        "{stdout}"
    );
    assert!(lines[8].starts_with("h: module"), "{stdout}");
    assert_eq!(lines[9], "12");
    assert_eq!(lines[10], "thermography:");
    assert!(stdout.contains("\n2\ntime "), "{stdout}");
    // The note, the unfinished last statement, each on its line of the file.
    assert!(
        stderr.contains("s.cgt:14: note: `value` now names your function"),
        "{stderr}"
    );
    assert!(stderr.contains("s.cgt:20: error: "), "{stderr}");
    assert_eq!(out.status.code(), Some(1));

    let out = cgt()
        .args([
            "-e",
            "x := 4; for k in 1..3 do x := x + k end; x",
            "-e",
            "help max",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with("10\nmax(L) or max(a, b, ...)\n"),
        "{stdout}"
    );

    let lines = batch(
        b"s := 0; for k in 1..4 do s := s + k end; s\nprint(\"a\"); println(\"b\"); 7 / 2\nhelp thermography\n:time 1+1\n{1/3|}\nP\n",
    );
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert_eq!(lines[0], "10");
    assert_eq!(lines[1], "ab 7/2");
    assert!(
        lines[2].starts_with("thermography:   left_stop(G)"),
        "{}",
        lines[2]
    );
    assert!(lines[3].starts_with("2 time "), "{}", lines[3]);
    assert!(
        lines[4].starts_with("error: 1/3 is a rational number"),
        "{}",
        lines[4]
    );
    assert_eq!(lines[5], "P");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bench_sum_matches_the_peer_sample() {
    // The peer harness documents `sum 6 7 --verbose`: games 0, -1/2, {0,*|-1/2*},
    // {1/2,1/2*|-1/2*}, ^, ^ and a sum of temperature 1/2.
    let out = cgt()
        .args(["bench", "sum", "6", "7", "--verbose"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let games: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once("] ").map(|(_, g)| g))
        .collect();
    assert_eq!(
        games,
        ["0", "-1/2", "{0,*|-1/2*}", "{1/2,1/2*|-1/2*}", "^", "^"]
    );
    assert!(text.lines().any(|l| l == "sum_temperature 1/2"), "{text}");
    // The peer prints the sum in its own notation; it must read back as the same value.
    let peer_sum = "{{^2, ^2*|-1/2^2}, {^2, ^2*|-1/2^2*}|{-1^2, -1^2*|-3/2^2}}";
    let ours = text.lines().find_map(|l| l.strip_prefix("sum ")).unwrap();
    let check = cgt()
        .args(["-e", &format!("({peer_sum}) == ({ours})")])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&check.stdout), "true\n");
}

#[test]
fn checks_print_json_and_shards_add_up() {
    let run = |args: &[&str]| {
        let out = cgt().args(args).output().unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string(),
        )
    };
    let positions = |json: &str| -> u64 {
        let k = json.find("\"positions\":").expect("positions field") + "\"positions\":".len();
        json[k..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let (ok, whole) = run(&["check", "psn-outcome", "--piles", "4", "--max", "2"]);
    assert!(ok && whole.contains("\"passed\":true"), "{whole}");
    assert_eq!(positions(&whole), 24 * 81);
    let mut sum = 0;
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let (ok, part) = run(&[
            "check",
            "psn-outcome",
            "--piles",
            "4",
            "--max",
            "2",
            "--shard",
            &shard,
        ]);
        assert!(
            ok && part.contains(&format!("\"shard\":\"{shard}\"")),
            "{part}"
        );
        sum += positions(&part);
    }
    assert_eq!(sum, positions(&whole));
    for name in ["psn-aw-integral", "psn-misere"] {
        let (ok, out) = run(&[
            "check",
            name,
            "--piles",
            "3",
            "--max",
            "2",
            "--threads",
            "1",
        ]);
        assert!(ok && out.contains("\"passed\":true"), "{out}");
    }
    let (ok, out) = run(&["check", "psn-uniform", "--piles", "3", "--max-m", "3"]);
    assert!(ok && out.contains("\"passed\":true"), "{out}");
    let (ok, _) = run(&["check", "psn-outcome", "--piles", "0", "--max", "2"]);
    assert!(!ok, "bad arguments are refused");
}

#[test]
fn psn_all_bench_prints_the_peer_summary() {
    let out = cgt()
        .args(["bench", "psn-all", "4", "3", "--threads", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for line in [
        "positions=6144",
        "distinct_values=280",
        "outcomes L=1499 R=1499 P=1057 N=2089",
        "nus_positions=4142",
        "max_birthday=11",
    ] {
        assert!(text.lines().any(|l| l == line), "missing {line} in {text}");
    }
}

#[test]
fn four_player_game_plays_to_the_end_and_replays() {
    let out = cgt()
        .args([
            "sls-game",
            "--seats",
            "random,random,random,random",
            "--seed",
            "3",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("game over:") && text.contains("wins"),
        "{text}"
    );

    let dir = std::env::temp_dir().join(format!("cgt-sls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    std::fs::write(
        &good,
        "place b new\nnext Red\nplace r new\nnext Blue\nplace b 1\nkill b\n",
    )
    .unwrap();
    let out = cgt()
        .args(["sls-game", "--replay", good.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("Blue   holds 6b") && text.contains("Blue to place a chip"),
        "{text}"
    );

    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "place b new\nnext Blue\n").unwrap();
    let out = cgt()
        .args(["sls-game", "--replay", bad.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains(":2: illegal action `next Blue`"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_four_player_game_hands_over_to_the_two_player_endgame() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/sls-game-endgame.txt"
    );
    let out = cgt().args(["sls-game", "--replay", file]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("== two-player endgame:"), "{text}");
    assert!(
        text.contains("under perfect play") && text.contains("   value "),
        "{text}"
    );
}

/// `cgt bench language` values rulesets written in the language and checks
/// them against the built-in ones (it fails if a value differs).
#[test]
fn language_bench_agrees_with_the_built_in_rulesets() {
    let out = Command::new(env!("CARGO_BIN_EXE_cgt"))
        .args(["bench", "language", "1"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    for row in [
        "domineering 5x5",
        "toads-and-frogs    TTTTT....FFFFF",
        "clobber            xxoxoxxoxooxoxxoxoxxoo",
        "cram 4x7 (language only) value=*3",
        "family g(10000)",
    ] {
        assert!(text.contains(row), "{row}: {text}");
    }
}

/// Sums of small Clobber and Domineering regions: the outcome searched on the
/// regions' values equals the outcome of the canonical sum (`--canonical`
/// makes the bench build it and fail on a difference).
#[test]
fn outcomes_of_sums_of_regions_agree_with_their_canonical_sums() {
    for (game, k) in [("clobber", "18"), ("domineering", "20")] {
        for seed in ["1", "2", "3", "4", "5"] {
            let out = Command::new(env!("CARGO_BIN_EXE_cgt"))
                .args(["bench", "regions", game, k, seed, "--canonical"])
                .output()
                .unwrap();
            assert!(out.status.success(), "{game} {k} {seed}: {out:?}");
            let text = String::from_utf8(out.stdout).unwrap();
            assert!(text.contains("canonical_outcome"), "{text}");
        }
    }
}

/// `cgt check merge`: the shards' reports as one result, only when every
/// shard of one check and range is there once; a failed shard fails it.
#[test]
fn merge_checks_that_every_shard_is_there_once() {
    let dir = std::env::temp_dir().join(format!("cgt-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let report = |k: u32, n: u32, max: u32| -> String {
        let out = cgt()
            .args(["check", "sls-final", "--slots", "2", "--max-pile", "1"])
            .args([
                "--max-hand",
                &max.to_string(),
                "--shard",
                &format!("{k}/{n}"),
            ])
            .output()
            .unwrap();
        assert!(out.status.success());
        let path = dir.join(format!("s{k}-{n}-{max}.json"));
        std::fs::write(&path, &out.stdout).unwrap();
        path.to_string_lossy().into_owned()
    };
    let merge = |files: &[&str]| {
        let out = cgt()
            .arg("check")
            .arg("merge")
            .args(files)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (a, b, c) = (report(1, 3, 2), report(2, 3, 2), report(3, 3, 2));
    let whole = cgt()
        .args([
            "check",
            "sls-final",
            "--slots",
            "2",
            "--max-pile",
            "1",
            "--max-hand",
            "2",
        ])
        .output()
        .unwrap();
    let whole = String::from_utf8_lossy(&whole.stdout).to_string();
    let positions = |json: &str| {
        json.split("\"positions\":")
            .nth(1)
            .unwrap()
            .split([',', '}'])
            .next()
            .unwrap()
            .to_string()
    };
    let (code, out, _) = merge(&[&c, &a, &b]);
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains("\"passed\":true") && out.contains("\"shards\":3"),
        "{out}"
    );
    assert_eq!(positions(&out), positions(&whole));
    let (code, _, err) = merge(&[&a, &c]);
    assert_eq!(code, Some(2));
    assert!(err.contains("missing shards: 2/3"), "{err}");
    let (code, _, err) = merge(&[&a, &a, &b, &c]);
    assert_eq!(code, Some(2));
    assert!(err.contains("twice"), "{err}");
    let other = report(2, 3, 1);
    let (code, _, err) = merge(&[&a, &other, &c]);
    assert_eq!(code, Some(2));
    assert!(err.contains("another check or range"), "{err}");
    // A report claiming 10^12 shards: an error naming the first missing
    // ones, not a table of that size (it aborted).
    let huge = dir.join("huge.json");
    std::fs::write(
        &huge,
        std::fs::read_to_string(&a)
            .unwrap()
            .replace("\"shard\":\"1/3\"", "\"shard\":\"1/1000000000000\""),
    )
    .unwrap();
    let (code, _, err) = merge(&[&huge.to_string_lossy()]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("missing shards: 2/1000000000000, 3/1000000000000")
            && err.contains("and 999999999979 more"),
        "{err}"
    );
    // A shard with a counterexample: the merge fails and reports it.
    let failed = dir.join("failed.json");
    let text = std::fs::read_to_string(&b)
        .unwrap()
        .replace("\"passed\":true", "\"passed\":false")
        .replace(
            "\"counterexample\":null",
            "\"counterexample\":{\"state\":\"planted\",\"detail\":\"x\"}",
        );
    std::fs::write(&failed, text).unwrap();
    let failed = failed.to_string_lossy().into_owned();
    let (code, out, _) = merge(&[&a, &failed, &c]);
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("\"passed\":false")
            && out.contains("planted")
            && out.contains("\"failed_shards\":[\"2/3\"]"),
        "{out}"
    );
    // Malformed or contradictory reports: rejected with the file and the
    // field, never a panic, never a silent drop.
    let text_a = std::fs::read_to_string(&a).unwrap();
    let positions_a = positions(&text_a);
    for (edit, message) in [
        (
            text_a.replace("\"passed\":true,", ""),
            "missing field `passed`",
        ),
        (
            text_a.replace(&format!("\"positions\":{positions_a}"), "\"positions\":-5"),
            "expected u64",
        ),
        (
            text_a.replace(
                &format!("\"positions\":{positions_a}"),
                "\"positions\":81.5",
            ),
            "expected u64",
        ),
        (
            text_a.replace(
                &format!("\"positions\":{positions_a}"),
                &format!("\"positions\":\"{positions_a}\""),
            ),
            "expected u64",
        ),
        (
            text_a.replace(&format!("\"positions\":{positions_a},"), ""),
            "missing field `positions`",
        ),
        (
            text_a.replace(
                "\"counterexample\":null",
                "\"counterexample\":{\"state\":1}",
            ),
            "contradictory",
        ),
        // A shard that checked nothing, or a check cgt does not have.
        (
            text_a.replace(&format!("\"positions\":{positions_a}"), "\"positions\":0"),
            "checked 0 positions",
        ),
        (
            text_a.replace("\"check\":\"sls-final\"", "\"check\":\"sls-finale\""),
            "not a check of cgt",
        ),
        (
            text_a.replace(
                &format!("\"positions\":{positions_a}"),
                "\"positions\":18446744073709551615",
            ),
            "add up past 2^64",
        ),
    ] {
        let bad = dir.join("bad.json");
        std::fs::write(&bad, &edit).unwrap();
        let (code, _, err) = merge(&[&bad.to_string_lossy(), &b, &c]);
        assert_eq!(code, Some(2), "{edit}: {err}");
        assert!(err.contains(message), "{edit}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // Partizan-Serial-Nim shards hold their share of the n! permutations.
    let psn = |k: u32, perms: Option<&str>| {
        let out = cgt()
            .args(["check", "psn-outcome", "--piles", "4", "--max", "1"])
            .args(["--shard", &format!("{k}/2")])
            .output()
            .unwrap();
        let mut text = String::from_utf8_lossy(&out.stdout).to_string();
        if let Some(p) = perms {
            text = text.replace("\"permutations\":12", &format!("\"permutations\":{p}"));
        }
        let path = dir.join(format!("psn{k}.json"));
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    let (p1, p2) = (psn(1, None), psn(2, None));
    let (code, out, _) = merge(&[&p1, &p2]);
    assert_eq!(code, Some(0));
    assert!(out.contains("\"permutations\":24"), "{out}");
    let p2 = psn(2, Some("999"));
    let (code, _, err) = merge(&[&p1, &p2]);
    assert_eq!(code, Some(2));
    assert!(err.contains("holds 12, not 999"), "{err}");
    // Devices and directories are refused by name, not read.
    for path in ["/dev/zero", "."] {
        let (code, _, err) = merge(&[path]);
        assert_eq!(code, Some(2));
        assert!(
            err.contains("not a regular file") || err.contains("directory"),
            "{err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A value too long to read shows a summary in the REPL (`:print` and
/// `:write` give it all); `--batch` keeps full values (its contract).
#[test]
fn huge_values_show_a_summary_in_the_repl_only() {
    let expr = "sum([{n|-n} + {n+1|n} for n in 1..6]) + {1|{0|-3}}";
    let file = std::env::temp_dir().join(format!("cgt-write-{}.txt", std::process::id()));
    let input = format!(
        "g = {expr}\n:set max_print 100\ng\n:write {}\n:print\n",
        file.display()
    );
    let mut child = cgt()
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&out.stdout).to_string();
    let batch = cgt()
        .arg("--batch")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut batch = batch;
    batch
        .stdin
        .take()
        .unwrap()
        .write_all(format!("{expr}\n").as_bytes())
        .unwrap();
    let full = String::from_utf8_lossy(&batch.wait_with_output().unwrap().stdout)
        .trim()
        .to_string();
    assert!(full.len() > 1000 && full.starts_with('{'), "{full}");
    let summary = format!("printed in {} characters", full.chars().count());
    assert!(
        out.contains("(a game of birthday") && out.contains(&summary),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap().trim(), full);
    assert!(out.lines().any(|l| l == full), ":print shows it all");
    let _ = std::fs::remove_file(&file);
}

/// `cgt tabulate psn`: every position stored with the engine's values; a
/// run killed part-way resumes without losing stored rows, to the same
/// table as a run that was never stopped; `db_query` reads it back.
#[test]
fn tabulate_stores_resumes_and_is_queried() {
    let dir = std::env::temp_dir().join(format!("cgt-tab-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let tab = |file: &str, piles: &str| {
        cgt()
            .args([
                "tabulate",
                "psn",
                "--piles",
                piles,
                "--max",
                "2",
                "--db",
                file,
                "--threads",
                "1",
            ])
            .output()
            .unwrap()
    };
    let query = |file: &str, sql: &str| -> String {
        let out = cgt()
            .args(["-e", &format!("db_query(\"{file}\", \"{sql}\")")])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    // Small: every row against the engine.
    let small = db("small.db");
    let out = tab(&small, "3");
    assert!(out.status.success());
    assert_eq!(
        query(&small, "SELECT COUNT(*), COUNT(value) FROM psn"),
        "[[162,162]]"
    );
    assert_eq!(
        query(&small, "SELECT outcome, atomic_weight, birthday, value FROM psn WHERE sigma = '3,1,2' AND w = '2,1,2'"),
        cgt()
            .args(["-e", "g = psn([2,1,2], [3,1,2]); [[str(outcome_class(g)), atomic_weight(g), birthday(g), str(value(g))]]"])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().replace("\"", "'"))
            .unwrap()
            .replace('\'', "\"")
    );
    // Theorem 5.4: every atomic weight is an integer.
    assert_eq!(
        query(
            &small,
            "SELECT COUNT(*) FROM psn WHERE typeof(atomic_weight) != 'integer'"
        ),
        "[[0]]"
    );
    // A second run skips what is stored.
    let again = String::from_utf8_lossy(&tab(&small, "3").stdout).to_string();
    assert!(
        again.contains("\"skipped_stored\":6") && again.contains("\"stored_now\":0"),
        "{again}"
    );
    // Another program's database is refused (no tables added to it), as
    // are links and devices.
    let foreign = db("foreign.db");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE mine (x)")
        .unwrap();
    let out = tab(&foreign, "3");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("did not make"));
    assert_eq!(
        query(&foreign, "SELECT count(*) FROM sqlite_master"),
        "[[1]]"
    );
    let out = tab("/dev/null", "3");
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
    // db_query only reads: a statement that writes is refused and creates
    // no file.
    let copy = db("copy.db");
    let out = cgt()
        .args([
            "-e",
            &format!("db_query(\"{small}\", \"VACUUM INTO '{copy}'\")"),
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("queries only"));
    assert!(!std::path::Path::new(&copy).exists());

    // Killed part-way, then resumed: the same table as an uninterrupted run.
    let (stopped, whole) = (db("stopped.db"), db("whole.db"));
    let mut child = cgt()
        .args([
            "tabulate",
            "psn",
            "--piles",
            "5",
            "--max",
            "2",
            "--db",
            &stopped,
            "--threads",
            "1",
        ])
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    loop {
        std::thread::sleep(std::time::Duration::from_millis(50));
        let done = query(&stopped, "SELECT COUNT(*) FROM psn_done");
        if done != "[[0]]" && !done.is_empty() && !done.contains("error")
            || started.elapsed().as_secs() > 60
        {
            break;
        }
    }
    child.kill().unwrap();
    let _ = child.wait();
    let partial = query(&stopped, "SELECT COUNT(*) FROM psn_done");
    assert_ne!(partial, "[[120]]", "the run finished before it was stopped");
    // Stored permutations are complete: rows = permutations done * 3^5.
    assert_eq!(
        query(
            &stopped,
            "SELECT (SELECT COUNT(*) FROM psn) = 243 * (SELECT COUNT(*) FROM psn_done)"
        ),
        "[[1]]"
    );
    assert!(tab(&stopped, "5").status.success());
    assert!(tab(&whole, "5").status.success());
    let digest = "SELECT COUNT(*), SUM(birthday), SUM(atomic_weight), SUM(length(value)), group_concat(outcome, '') FROM (SELECT * FROM psn ORDER BY sigma, w)";
    assert_eq!(query(&stopped, digest), query(&whole, digest));
    assert!(query(&whole, "SELECT COUNT(*) FROM psn").contains("29160"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Cram on the 4 x 7 board written in the language (examples/rulesets/
/// cram.cgt, imported as a module) stays under 300 MB of heap: the value
/// comes out under `--max-memory 300M`, and the same computation under
/// 100M stops with the memory error (so the limit is what is measured).
#[test]
fn cram_4x7_in_the_language_stays_under_300_mb() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/rulesets");
    let run = |limit: &str| {
        cgt()
            .current_dir(&dir)
            .args(["--max-memory", limit])
            .args(["-e", "import \"cram.cgt\" as c"])
            .args(["-e", "value(c.C(c.board(4, 7)))"])
            .output()
            .unwrap()
    };
    let out = run("300M");
    assert!(out.status.success(), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().last(), Some("*3"), "{stdout}");
    let out = run("100M");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("memory"),
        "{out:?}"
    );
}

/// Every `cgt bench` workload BENCHMARKS.md documents runs to the end with
/// small sizes (no internal error, no panic), and sizes out of range are
/// refused before anything is allocated.
#[test]
fn every_documented_bench_runs_with_small_sizes() {
    for args in [
        &["sum", "4", "42"][..],
        &["wide", "20", "42"],
        &["outcome", "4", "1"],
        &["regions", "clobber", "4", "1"],
        &["thermo", "all", "2"],
        &["aw"],
        &["psn-all", "3", "2", "--threads", "1"],
    ] {
        let out = cgt().arg("bench").args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "bench {args:?}: {err}");
        assert!(
            !err.contains("internal error") && !err.contains("panicked"),
            "bench {args:?}: {err}"
        );
    }
    for args in [
        &["wide", "18446744073709551615", "1"][..],
        &["outcome", "99999999999", "1"],
        &["psn-all", "8", "15"],
        &["sum", "18446744073709551615", "1"],
        &["regions", "clobber", "18446744073709551615", "1"],
        &["language", "18446744073709551615"],
        &["thermo", "all", "18446744073709551615"],
    ] {
        let out = cgt()
            .args(["--max-memory", "1G", "bench"])
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "bench {args:?}");
        assert!(
            !err.contains("internal error") && !err.contains("panicked"),
            "bench {args:?}: {err}"
        );
    }
}

/// `cgt reference FILE` writes the reference manual: every function with
/// its example run, the language's and the REPL's commands, the grammar;
/// it refuses to write through a link.
#[test]
fn the_reference_manual_is_built_with_every_example_run() {
    let dir = std::env::temp_dir().join(format!("cgt-reference-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("reference.html");
    let out = cgt().arg("reference").arg(&page).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    for name in ["value", "thermograph", "domineering", "psn", "ruleset"] {
        assert!(html.contains(&format!("<dt id=\"{name}\">")), "{name}");
    }
    assert!(html.contains(":save FILE") && html.contains(":time EXPR"));
    assert!(html.contains("<h2 id=\"grammar\">") && html.contains("<svg"));
    // The example of `value` ran: its output follows it.
    let entry = &html[html.find("<dt id=\"value\">").unwrap()..];
    assert!(entry[..entry.find("</dd>").unwrap()].contains("class=\"out\""));
    // A file it did not write is refused (and kept) without --force; `-`
    // is standard output, not a file named `-`.
    let victim = dir.join("notes.txt");
    std::fs::write(&victim, "my notes").unwrap();
    let out = cgt().arg("reference").arg(&victim).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "my notes");
    let out = cgt()
        .args(["reference", "--force"])
        .arg(&victim)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(std::fs::read_to_string(&victim)
        .unwrap()
        .contains("<title>cgt reference</title>"));
    // Its own page it rewrites as it stands.
    assert!(cgt()
        .arg("reference")
        .arg(&page)
        .status()
        .unwrap()
        .success());
    let out = cgt()
        .args(["reference", "-"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("<title>cgt reference</title>"));
    assert!(!dir.join("-").exists());
    let link = dir.join("link.html");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&page, &link).unwrap();
    assert!(!cgt()
        .arg("reference")
        .arg(&link)
        .status()
        .unwrap()
        .success());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--json` shows a position as its text at once, as plain output does
/// (Domineering 8x8 would take seconds to value), and `value(P)` as a game
/// in all three styles.
#[test]
fn json_of_a_position_is_its_text_and_its_value_is_asked_for() {
    let out = cgt()
        .args([
            "--json",
            "-e",
            "domineering(8,8)",
            "-e",
            "value(domineering(2,2))",
            "-e",
            "value",
            "-e",
            "genus(*2)",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["type"], "position");
    assert_eq!(
        lines[0]["value"],
        format!("domineering(\"{}\")", ["........"; 8].join("|"))
    );
    assert!(lines[0].get("outcome").is_none(), "{}", lines[0]);
    assert_eq!(lines[1]["value"], "+-1");
    assert_eq!(lines[1]["unicode"], "±1");
    assert_eq!(lines[1]["latex"], "\\pm 1");
    assert_eq!(lines[1]["outcome"], "N");
    // Text that is not game notation keeps its letters in every field:
    // `value` is no down arrow, a genus's `^` no up.
    assert_eq!(lines[2]["unicode"], "value(G)");
    assert_eq!(lines[3]["value"], "2^20");
    assert_eq!(lines[3]["unicode"], "2^20");
    assert_eq!(lines[3]["latex"], "\\mbox{2\\^{}20}");
}

/// `--check-keys`: a key that gives one node to positions of different
/// games (here "x." worth 1 and "o." worth -1) is named when a position is
/// made; without the flag the value silently depends on the order.
#[test]
fn check_keys_flag_names_a_key_that_lies() {
    let dir = std::env::temp_dir().join(format!("cgt-check-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("liar.cgt");
    std::fs::write(
        &script,
        "def l(s) = [s[:k] + \".\" + s[k+1:] for k in 0..len(s)-1 if s[k] == \"x\"]\n\
         def r(s) = [s[:k] + \".\" + s[k+1:] for k in 0..len(s)-1 if s[k] == \"o\"]\n\
         def pieces(s) = len([c for c in s if c != \".\"])\n\
         K = ruleset(l, r, key = pieces)\n\
         value(K(\"xx.oo\"))\n",
    )
    .unwrap();
    let plain = cgt().arg(&script).output().unwrap();
    assert!(plain.status.success());
    let checked = cgt().arg("--check-keys").arg(&script).output().unwrap();
    let err = String::from_utf8_lossy(&checked.stderr);
    assert!(!checked.status.success());
    assert!(err.contains("liar.cgt:5: error: the key lies: K("), "{err}");
    assert!(err.contains("by the moves alone its value is"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Statements cost the same however many came before: a script of 80,000
/// assignments then 40,000 definitions runs in about a second (it took
/// 66 s and over 120 s when every statement copied the session's names and
/// every definition looked at every function). The bound is generous: it
/// only catches a cost that grows with the session again.
#[test]
fn long_scripts_cost_linear_time() {
    let dir = std::env::temp_dir().join(format!("cgt-long-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut script: String = (0..80_000).map(|i| format!("a{i} = {i}\n")).collect();
    script.extend((0..40_000).map(|i| format!("def f{i}(n) = n + a{i}\n")));
    script.push_str("f39999(1)\n");
    let path = dir.join("long.cgt");
    std::fs::write(&path, script).unwrap();
    let child = cgt()
        .arg(&path)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(child.wait_with_output().unwrap()));
    let out = match rx.recv_timeout(std::time::Duration::from_secs(30)) {
        Ok(out) => out,
        Err(_) => {
            // SAFETY: a signal to our own child process.
            unsafe { libc::kill(pid as i32, libc::SIGKILL) };
            panic!("not done in 30 s");
        }
    };
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 120_001);
    assert_eq!(text.lines().last(), Some("40000"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A statement ending in `;` prints nothing, as in CGScript, in scripts,
/// `-e` and the REPL (before, `x := 5;` printed 5); `--batch` still
/// answers its line, with an empty one.
#[test]
fn a_closing_semicolon_silences_a_statement() {
    let dir = std::env::temp_dir().join(format!("cgt-semicolon-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("quiet.cgt");
    std::fs::write(
        &script,
        "x := 5;\ny := 6\nx + y;\nx; y # shown\nprintln(x);\nx + 1 # not silenced;\n",
    )
    .unwrap();
    let out = cgt().arg(&script).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "6\n6\n5\n6\n");
    let out = cgt().args(["-e", "x := 5;", "-e", "x"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "5\n");
    assert_eq!(batch(b"x := 5;\nx\n"), ["", "5"]);
    let mut repl = cgt()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    repl.stdin
        .take()
        .unwrap()
        .write_all(b"x := 5;\nx\n")
        .unwrap();
    let out = repl.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| !l.starts_with("cgt "))
            .collect::<Vec<_>>(),
        ["5"]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Parsing fails where the mistake is (before: a missing `end` swallowed
/// the rest of the script, an `else` at the end of a line took only the
/// next statement): a one-line `if ... elseif ... else` needs no `end`; an
/// `else` that ends its line opens a block closed by `end`; a block the
/// file ends inside is reported at the keyword that opened it.
#[test]
fn blocks_end_where_they_say() {
    let dir = std::env::temp_dir().join(format!("cgt-blocks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let out = cgt().arg(&path).output().unwrap();
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (out, err) = run(
        "elseif.cgt",
        "def f(n) = if n == 0 then 0 elseif n == 1 then 1 else 2\nprintln(\"hello\")\n[f(0), f(1), f(5)]\n",
    );
    assert_eq!(out, "f(n)\nhello\n[0,1,2]\n", "{err}");
    let (out, err) = run(
        "else.cgt",
        "c := false\nif c then x := 1 else\n  x := 2\n  y := 3\nend;\n[x, y]\n",
    );
    assert_eq!(out, "false\n[2,3]\n", "{err}");
    let (out, err) = run(
        "unclosed.cgt",
        "x := 1\nfor k in 1..3 do\n  x := x + k\nprintln(\"never\")\n",
    );
    assert_eq!(out, "1\n");
    assert!(
        err.contains(
            "unclosed.cgt:2: error: expected `end` to close `for ... do`: this `for` has no `end`"
        ) && err.contains("(column 1)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A script shows a long value as the REPL does, by a summary (before, a
/// script printed a 248,540-character value in full); `:print` and
/// `:set max_print 0` print it whole; `-e` always prints it whole.
#[test]
fn scripts_summarize_long_values_as_the_repl_does() {
    let dir = std::env::temp_dir().join(format!("cgt-max-print-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("long.cgt");
    std::fs::write(
        &script,
        "g := sum([{k|-k} for k in 1..14]);\ng\n:print\n:set max_print 0\ng\n",
    )
    .unwrap();
    let out = cgt().arg(&script).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0].starts_with(
            "(a game of birthday 119 with 907 distinct subpositions, printed in 29249 characters"
        ),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1].len(), 29249);
    assert_eq!(lines[2], "max_print = 0 characters");
    assert_eq!(lines[3], lines[1]);
    let whole = cgt()
        .args(["-e", "sum([{k|-k} for k in 1..14])"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&whole.stdout).trim_end(), lines[1]);
    let _ = std::fs::remove_dir_all(&dir);
}
