//! Against the `cgt` crate 0.11.0: for every ruleset it has, 200 distinct
//! pseudo-random positions valued by the crate (`tests/data/peer.tsv`,
//! made by `peers/cgt-rulesets`; `.ci/run` makes it again and checks it is
//! unchanged) must have the same canonical value here.

use cgt_lang::Session;
use std::collections::{BTreeMap, HashSet};

#[test]
fn every_position_has_the_crates_value() {
    let text =
        std::fs::read_to_string(cgt_tests::data_path("peer.tsv")).expect("tests/data/peer.tsv");
    let mut s = Session::new();
    let mut per_ruleset: BTreeMap<&str, HashSet<&str>> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let [ruleset, position, value] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("not three fields: {line}");
        };
        let same = format!("value({position}) == ({value})");
        let got = s
            .run_line(&same)
            .unwrap_or_else(|e| panic!("{same}: {}", e.message));
        assert_eq!(
            got,
            "true",
            "{ruleset}: {position} is {} here, {value} by the crate",
            s.run_line(&format!("value({position})")).unwrap()
        );
        per_ruleset.entry(ruleset).or_default().insert(position);
    }
    let names: Vec<&str> = per_ruleset.keys().copied().collect();
    assert_eq!(
        names,
        [
            "amazons",
            "col",
            "domineering",
            "fission",
            "konane",
            "ski_jumps",
            "snort",
            "subtraction",
            "toads_and_frogs",
            "toppling_dominoes"
        ]
    );
    for (ruleset, positions) in per_ruleset {
        assert!(
            positions.len() >= 200,
            "{ruleset}: {} positions",
            positions.len()
        );
    }
}
