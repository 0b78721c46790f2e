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

/// One test per ruleset, so that the test harness runs them side by side.
macro_rules! agrees_with_cgsuite {
    ($($test:ident: $($ruleset:literal),+ => $least:literal;)*) => {$(
        #[test]
        fn $test() {
            check(&[$($ruleset),+], $least);
        }
    )*};
}

agrees_with_cgsuite! {
    clobber: "clobber", "clobber_1xn" => 239;
    domineering: "domineering" => 250;
    toads_and_frogs: "gen_toads" => 270;
    nogo: "nogo", "nogo_1xn" => 123;
    elephants: "elephants" => 150;
    fission: "fission" => 99;
    amazons: "amazons" => 49;
}

/// Checks every case of `rulesets`, and that there are at least `least` of
/// them.
fn check(rulesets: &[&str], least: usize) {
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
        if !rulesets.contains(&ruleset) {
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
        assert_eq!(p.outcome(&mut memos), s.world().arena.outcome(g), "{call}");
    }
    assert!(checked >= least, "only {checked} cases of {rulesets:?}");
}
