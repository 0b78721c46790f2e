//! The test positions of MCGS (a solver of sums of games; its `cgt_tests/`
//! hold positions with their CGSuite 2.1.1 values), kept as facts in
//! `tests/data/mcgs.tsv`: each position's value must equal CGSuite's, and on
//! the strips of Toads-and-Frogs and Elephants its outcome by the search without canonical
//! forms must match the value's (the grids are beyond that search: it does
//! not split positions into components).

use cgt_core::ruleset::registry::Memos;
use cgt_lang::{Session, Value};

/// The constructor call for a position in MCGS's notation.
fn constructor(ruleset: &str, position: &str) -> String {
    match ruleset {
        "domineering" => format!("domineering(\"{position}\")"),
        // One-row Clobber positions are read as one-row boards: MCGS's
        // spaces for empty squares are kept as dots in the facts.
        "clobber" | "clobber_1xn" => format!("clobber(\"{position}\")"),
        "nogo" | "nogo_1xn" => format!("nogo(\"{position}\")"),
        "elephants" => format!("elephants(\"{position}\")"),
        "fission" => format!("fission(\"{position}\")"),
        // A sum of boards is written with spaces between them.
        "amazons" => position
            .split(' ')
            .map(|b| format!("amazons(\"{b}\")"))
            .collect::<Vec<_>>()
            .join(" + "),
        "gen_toads" => {
            let (params, strip) = position.split_once(':').expect("params:strip");
            format!("toads_and_frogs(\"{strip}\", [{params}])")
        }
        other => panic!("no ruleset for {other}"),
    }
}

/// The longest run of alternating stones (each next to one of the other
/// colour) in a row of a Clobber position, 0 for other rulesets: every
/// stone of such a run can move, and the values of `XO` strips grow fast
/// (18 stones 1 s, 20 stones 13 s, 22 stones 80 s, 2.6 GB and a value of
/// 68,284 characters); other runs are valued in a fraction of a second.
fn alternating_run(ruleset: &str, position: &str) -> usize {
    if !ruleset.starts_with("clobber") {
        return 0;
    }
    let (mut longest, mut run, mut last) = (0, 0, '.');
    for c in position.chars() {
        run = match c {
            'X' | 'O' if last != '.' && last != '|' && c != last => run + 1,
            'X' | 'O' => 1,
            _ => 0,
        };
        longest = longest.max(run);
        last = c;
    }
    longest
}

/// Alternating runs of more than 20 stones take minutes; those cases run in
/// the ignored test below.
fn slow(ruleset: &str, position: &str) -> bool {
    alternating_run(ruleset, position) > 20
}

/// One test per ruleset, so that the test harness runs them side by side.
macro_rules! agrees_with_cgsuite {
    ($($test:ident: $($ruleset:literal),+ => $least:literal;)*) => {$(
        #[test]
        fn $test() {
            check(&[$($ruleset),+], false, $least);
        }
    )*};
}

agrees_with_cgsuite! {
    clobber: "clobber", "clobber_1xn" => 238;
    domineering: "domineering" => 250;
    toads_and_frogs: "gen_toads" => 270;
    nogo: "nogo", "nogo_1xn" => 123;
    elephants: "elephants" => 150;
    fission: "fission" => 99;
    amazons: "amazons" => 49;
}

#[test]
#[ignore = "minutes: cargo test --release --test mcgs -- --ignored"]
fn the_slow_cases_agree_too() {
    check(&["clobber", "clobber_1xn"], true, 1);
}

/// Checks every case of `rulesets` (the slow ones or the others), and that
/// there are at least `least` of them.
fn check(rulesets: &[&str], slow_ones: bool, least: usize) {
    let data = include_str!("data/mcgs.tsv");
    let mut s = Session::new();
    let mut memos = Memos::new();
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [ruleset, position, value] = fields[..] else {
            panic!("bad line {line:?}");
        };
        if !rulesets.contains(&ruleset) || slow(ruleset, position) != slow_ones {
            continue;
        }
        let call = constructor(ruleset, position);
        let same = s.run_line(&format!("value({call}) == ({value})"));
        assert_eq!(
            same.as_deref(),
            Ok("true"),
            "{ruleset} {position}: cgt says {:?}, CGSuite {value}",
            s.run_line(&format!("value({call})"))
        );
        checked += 1;
        if ruleset != "gen_toads" && ruleset != "elephants" {
            continue;
        }
        let Ok(Some(Value::Position(p))) = s.eval_line(&call) else {
            panic!("{call}");
        };
        let g = s
            .to_game(&Value::Position(p.clone()), Default::default())
            .unwrap();
        assert_eq!(p.outcome(&mut memos), s.arena.outcome(g), "{call}");
    }
    assert!(checked >= least, "only {checked} cases of {rulesets:?}");
}
