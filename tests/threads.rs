//! One value on several threads: the same canonical value as on one thread,
//! and a stop on any thread stops the computation with its reason.

use cgt_core::game::Arena;
use cgt_core::interrupt::{self, Stop};
use cgt_core::ruleset::{domineering::Board, domineering::Domineering, Evaluator, Ruleset};
use cgt_lang::{Session, Value};

#[test]
fn a_big_value_is_the_same_on_one_two_and_four_threads() {
    // Domineering 5×5 expands more positions than one thread takes alone
    // before the others start, so every worker takes part.
    let mut arena = Arena::new();
    let board = Board::empty(5, 5);
    let one = Evaluator::new(&Domineering).value(&mut arena, &board);
    for threads in [2, 4] {
        let shared = Evaluator::new(&Domineering).value_on(&mut arena, &board, threads);
        assert_eq!(shared, one, "{threads} threads");
    }
    // The first worker's memo keeps what it learnt: a second call is a lookup.
    let mut ev = Evaluator::new(&Domineering);
    ev.value_on_after(&mut arena, &board, 2, 0);
    assert!(ev.memo_len() > 1000, "{} values kept", ev.memo_len());
}

#[test]
fn the_language_gives_the_same_values_with_threads() {
    let mut s = Session::new();
    // Both expand more positions than one thread takes alone.
    let cases = [
        "value(konane(\"xoxoxo|ox.xox|xoxoxo|o.oxo.\"))",
        "value(toads_and_frogs(\"TTTTT....FFFFF\"))",
    ];
    let mut shown = Vec::new();
    for threads in [1, 2] {
        cgt_core::ruleset::set_threads(threads);
        shown.push(cases.map(|c| match s.eval_line(c) {
            Ok(Some(v)) => s.show(&v),
            other => panic!("{c}: {other:?}"),
        }));
        // A fresh session, so that nothing is remembered from one thread count.
        s = Session::new();
    }
    cgt_core::ruleset::set_threads(0);
    assert_eq!(shown[0], shown[1]);
    assert!(matches!(
        Session::new().eval_line(&format!("{} == 1", cases[0])),
        Ok(Some(Value::Bool(true)))
    ));
}

/// A game whose positions go round in a circle: 0 → 1 → ... → 4 → 0.
struct Circle;

impl Ruleset for Circle {
    type Position = u8;

    fn left_options(&self, p: &u8) -> Vec<u8> {
        vec![(p + 1) % 5]
    }

    fn right_options(&self, _: &u8) -> Vec<u8> {
        Vec::new()
    }
}

#[test]
fn a_cycle_found_by_any_thread_stops_every_thread_with_its_reason() {
    for threads in [2, 3] {
        let stop = interrupt::catch(|| {
            Evaluator::new(&Circle).value_on_after(&mut Arena::new(), &0, threads, 0)
        });
        match stop {
            Err(Stop::Unsupported(why)) => assert!(why.contains("not a short game"), "{why}"),
            other => panic!("{threads} threads: {other:?}"),
        }
    }
}
