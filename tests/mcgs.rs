//! The test positions of MCGS (a solver of sums of games; its `cgt_tests/`
//! hold positions with their CGSuite 2.1.1 values), kept as facts in
//! `tests/data/mcgs.tsv`: each position's value must equal CGSuite's, and
//! its outcome by search (which values only the parts the rules call cheap)
//! must match the value's, for every ruleset but Amazons and Fission (whose
//! positions here are beyond that search in test time).

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

/// One test per ruleset, so that the test harness runs them side by side.
macro_rules! agrees_with_cgsuite {
    ($($test:ident: $($ruleset:literal),+ => $least:literal;)*) => {$(
        #[test]
        fn $test() {
            check(&[$($ruleset),+], $least, 1, Search::Strips);
        }
    )*};
}

agrees_with_cgsuite! {
    clobber: "clobber", "clobber_1xn" => 239;
    domineering: "domineering" => 250;
    nogo: "nogo", "nogo_1xn" => 123;
    elephants: "elephants" => 150;
    fission: "fission" => 99;
    amazons: "amazons" => 49;
}

/// Toads-and-Frogs: every fourth case's value here (68 of 270, 5 s); all
/// of them with the outcome search on each strip in the exhaustive run
/// (40 s, 1.7 GB).
#[test]
fn toads_and_frogs() {
    check(&["gen_toads"], 67, 4, Search::None);
}

#[test]
#[ignore = "exhaustive (40 s, 1.7 GB): cargo test --workspace --release -- --ignored"]
fn toads_and_frogs_every_case_and_search() {
    check(&["gen_toads"], 270, 1, Search::Strips);
}

/// Whether the outcome by search is checked against the value's.
#[derive(Clone, Copy, PartialEq)]
enum Search {
    None,
    Strips,
}

/// Checks every `every`-th case of `rulesets` (in the file's order), and
/// that there are at least `least` of them.
fn check(rulesets: &[&str], least: usize, every: usize, search: Search) {
    let data = include_str!("data/mcgs.tsv");
    let mut s = Session::new();
    let mut memos = Memos::new();
    // The arena of the searches' values, apart from the session's.
    let mut arena = cgt_core::game::Arena::new();
    let mut checked = 0;
    let mut seen = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [ruleset, position, value] = fields[..] else {
            panic!("bad line {line:?}");
        };
        if !rulesets.contains(&ruleset) {
            continue;
        }
        seen += 1;
        if (seen - 1) % every != 0 {
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
        if search == Search::None || matches!(ruleset, "amazons" | "fission") {
            continue;
        }
        let Ok(Some(Value::Position(p))) = s.eval_line(&call) else {
            panic!("{call}");
        };
        let g = s
            .to_game(&Value::Position(p.clone()), Default::default())
            .unwrap();
        assert_eq!(
            p.outcome(&mut arena, &mut memos),
            s.world().arena.outcome(g),
            "{call}"
        );
    }
    assert!(checked >= least, "only {checked} cases of {rulesets:?}");
}
