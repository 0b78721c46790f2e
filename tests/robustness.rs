//! Never crash on input: random strings over the language's alphabet either
//! evaluate or give an error; nothing unwinds out of the library; every
//! input the fuzzers found is replayed; values at the edges of the supported
//! ranges are exact or a clear error.

use cgt_core::game::{Arena, MAX_NIM, MAX_UPS};
use cgt_core::interrupt::{catch, Stop};
use cgt_core::ruleset::{Evaluator, Ruleset};
use cgt_lang::{ErrorKind, Session};
use proptest::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, MutexGuard};

/// The stop flag is one per process (Ctrl-C stops whatever runs), so the
/// tests of this file, some of which request stops, run one at a time.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_input_never_panics(input in "[{}|,*^v<>\\[\\]()+\\-:/0-3 ='#.a-z↑⋆±]{0,24}") {
        let _serial = serial();
        let mut s = Session::new();
        let result = catch_unwind(AssertUnwindSafe(|| s.eval_line(&input)));
        prop_assert!(result.is_ok(), "panicked on {:?}", input);
        if let Ok(Err(e)) = result {
            prop_assert!(e.kind != ErrorKind::Internal, "{:?}: {}", input, e);
        }
    }

    #[test]
    fn random_game_text_never_panics(input in "(\\{|\\}|\\||,|\\*|\\^|v|-|1|2|1/2|\\+-|:| ){0,30}") {
        let _serial = serial();
        let mut s = Session::new();
        let result = catch_unwind(AssertUnwindSafe(|| s.eval_line(&input)));
        prop_assert!(result.is_ok(), "panicked on {:?}", input);
    }
}

/// Up-multiples and nimbers near the edges of the supported range, as text.
fn edge_up() -> impl Strategy<Value = i64> {
    prop_oneof![
        (MAX_UPS - 3..=MAX_UPS),
        (-MAX_UPS..=-MAX_UPS + 3),
        (-3i64..=3),
        any::<i64>().prop_filter("in range", |u| *u != i64::MIN),
    ]
}

fn edge_nim() -> impl Strategy<Value = u64> {
    prop_oneof![(MAX_NIM - 3..=MAX_NIM), (0u64..=4), (0..=MAX_NIM)]
}

fn nus_text(ups: i64, nim: u64) -> String {
    let u = match ups {
        0 => String::new(),
        1 => "^".into(),
        2 => "^^".into(),
        -1 => "v".into(),
        -2 => "vv".into(),
        u if u > 0 => format!("^{u}"),
        u => format!("v{}", u.unsigned_abs()),
    };
    let star = match nim {
        0 => String::new(),
        1 => "*".into(),
        n => format!("*{n}"),
    };
    if u.is_empty() && star.is_empty() {
        "0".into()
    } else {
        u + &star
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Sums, negations and comparisons of ups and nimbers at the edges of
    /// the range are exact (checked against i128/u64 arithmetic) or a clear
    /// "not supported" error: never a wrapped value.
    #[test]
    fn boundaries_are_exact_or_refused(a in edge_up(), b in edge_up(), m in edge_nim(), n in edge_nim()) {
        let _serial = serial();
        let mut s = Session::new();
        let (x, y) = (nus_text(a, m), nus_text(b, n));
        let sum = i128::from(a) + i128::from(b);
        let got = s.run_line(&format!("({x}) + ({y})"));
        if sum.unsigned_abs() <= MAX_UPS as u128 {
            prop_assert_eq!(got.unwrap(), nus_text(sum as i64, m ^ n));
        } else {
            let e = got.unwrap_err();
            prop_assert_eq!(e.kind, ErrorKind::Unsupported);
            prop_assert!(e.message.contains("2^63"), "{}", e.message);
        }
        prop_assert_eq!(s.run_line(&format!("-({x})")).unwrap(), nus_text(-a, m));
        prop_assert_eq!(s.run_line(&format!("({x}) + -({x})")).unwrap(), "0");
        // Comparison agrees with the closed form: x <= y iff y - x >= 0.
        let d = i128::from(b) - i128::from(a);
        let star = m ^ n;
        let le = d >= 2 || (d == 1 && star != 1) || (d == 0 && star == 0);
        prop_assert_eq!(s.run_line(&format!("({x}) <= ({y})")).unwrap(), le.to_string());
    }
}

#[test]
fn values_beyond_the_range_are_refused_by_name() {
    let _serial = serial();
    let mut s = Session::new();
    for (input, message) in [
        ("-{v9223372036854775807*|0}", "up-multiple beyond"),
        ("-(v9223372036854775807 + v)", "up-multiple beyond"),
        ("v9223372036854775808", "up-multiple beyond"),
        ("far_star(*18446744073709551615)", "k >= 2^63"),
        ("far_star(*9223372036854775807)", "k >= 2^63"),
        ("*18446744073709551616", "k >= 2^63"),
        ("{0|^9223372036854775807*}", "up-multiple beyond"),
        ("heat(^, ^9223372036854775807)", "up-multiple beyond"),
        ("miny(^9223372036854775807)", "up-multiple beyond"),
        ("left_options(*1000000000)", "2^20"),
        ("value(psn([18446744073709551615],[1]))", "2^20"),
    ] {
        let e = s.run_line(input).unwrap_err();
        // Literals beyond the range are refused while parsing, others while computing.
        assert!(
            matches!(e.kind, ErrorKind::Unsupported | ErrorKind::Syntax),
            "{input}: {e}"
        );
        assert!(e.message.contains(message), "{input}: {e}");
    }
    // The answers that have a closed form come at once.
    for (input, value) in [
        ("{0|*1000000000}", "^*1000000001"),
        ("{0|*30000}", "^*30001"),
        ("1 : 1000000000000", "1000000000001"),
        ("^[100] - ^[99] == ^<100>", "true"),
        ("pow(^,100)", "^<100>"),
        ("follower_count(*100000)", "100001"),
        ("-{v9223372036854775806*|0}", "^9223372036854775807"),
        // A number switch plus a nus: {a + e | b + e} (docs/spec/cgt.md, section 11).
        (
            "{1|-1} + v9223372036854775807",
            "{1v9223372036854775807|-1v9223372036854775807}",
        ),
        (
            "{3/2|-1} + ^9223372036854775807*5 + 1",
            "{5/2^9223372036854775807*5|^9223372036854775807*5}",
        ),
        ("*.12 == {0||0|v*}", "true"),
        ("uptimal_expansion(*.12)", "*.12"),
        // Conway's product depends on the form: '{-1,0|0,1}' = 0, yet its product with * is *2.
        ("conway_product('{-1,0|0,1}', *)", "*2"),
        ("conway_product(0, *)", "0"),
        (
            "sls([\"rb\"],3,(2,2),(2,2),own_colour_only)",
            "sls([\"rb\"], 3, (2,2), (2,2), [own_colour_only])",
        ),
        (
            "value(sls([\"rb\"], 3, (2,2), (2,2), [own_colour_only]))",
            "0",
        ),
        ("value(sls([\"rb\"], 3, (2,2), (2,2)))", "7/8"),
    ] {
        assert_eq!(s.run_line(input).unwrap(), value, "{input}");
    }
}

#[test]
fn fuzz_findings_are_replayed() {
    let _serial = serial();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fuzz/regressions/replay.txt"
    ))
    .unwrap();
    let mut s = Session::new();
    let mut replayed = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        // As in the fuzzer, a line gets two seconds, then a Ctrl-C.
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let flag = done.clone();
        let timer = std::thread::spawn(move || {
            for _ in 0..200 {
                std::thread::sleep(std::time::Duration::from_millis(10));
                if flag.load(std::sync::atomic::Ordering::Relaxed) {
                    return;
                }
            }
            cgt_core::interrupt::request(Stop::Interrupted);
        });
        let result = s.run_line(line);
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        timer.join().unwrap();
        if let Err(e) = result {
            assert!(e.kind != ErrorKind::Internal, "{line}: {e}");
        }
        assert_eq!(s.run_line("1+1").unwrap(), "2", "after {line}");
        replayed += 1;
    }
    assert!(replayed >= 2);
}

#[test]
fn the_library_boundary_returns_errors() {
    let _serial = serial();
    let mut s = Session::new();
    s.run_line("keep = ^*").unwrap();
    // A memory stop, an engine limit and a syntax error are typed errors.
    cgt_core::interrupt::request(Stop::Interrupted);
    // (a request made before a line starts belongs to no computation)
    assert_eq!(s.run_line("2").unwrap(), "2");
    assert_eq!(s.run_line("{3|2|1}").unwrap_err().kind, ErrorKind::Syntax);
    assert_eq!(s.run_line("nope").unwrap_err().kind, ErrorKind::Eval);
    assert_eq!(
        s.run_line("*18446744073709551615").unwrap_err().kind,
        ErrorKind::Unsupported
    );
    // A stopped computation leaves no games behind.
    let before = s.world().arena.len();
    let e = s.run_line("value(psn([2000000],[1]))").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unsupported);
    assert_eq!(s.world().arena.len(), before);
    assert_eq!(s.run_line("keep + keep").unwrap(), "^^");
    // catch turns any unwinding into a value.
    assert_eq!(
        catch(|| cgt_core::interrupt::unsupported("x")),
        Err(Stop::Unsupported("x".into()))
    );
}

/// A toy ruleset whose position 2 can reach itself: 0 → 1 → 2 → 1 → …,
/// for both players (so that the outcome search, which stops at the first
/// winning move, cannot win without going round the cycle).
struct Loopy;

impl Ruleset for Loopy {
    type Position = u8;
    fn left_options(&self, p: &u8) -> Vec<u8> {
        match p {
            0 => vec![1],
            1 => vec![2],
            _ => vec![1],
        }
    }
    fn right_options(&self, p: &u8) -> Vec<u8> {
        self.left_options(p)
    }
}

#[test]
fn a_cycle_is_reported_not_looped_forever() {
    let _serial = serial();
    let mut arena = Arena::new();
    let mut ev = Evaluator::new(&Loopy);
    let stop = catch(|| ev.value(&mut arena, &0)).unwrap_err();
    let Stop::Unsupported(msg) = stop else {
        panic!("{stop:?}")
    };
    assert!(
        msg.contains("not a short game") && msg.contains("1 -> 2 -> 1"),
        "{msg}"
    );
    let stop = catch(|| Evaluator::new(&Loopy).outcome(&0)).unwrap_err();
    assert!(matches!(stop, Stop::Unsupported(m) if m.contains("can reach itself")));
    let stop = catch(|| Evaluator::new(&Loopy).misere_outcome(&0)).unwrap_err();
    assert!(matches!(stop, Stop::Unsupported(_)));
    let stop = catch(|| Evaluator::new(&Loopy).form(&0)).unwrap_err();
    assert!(matches!(stop, Stop::Unsupported(_)));
}

#[test]
fn an_evaluator_never_mixes_arenas() {
    let _serial = serial();
    use cgt_core::ruleset::domineering::{Board, Domineering};
    let mut first = Arena::new();
    let mut ev = Evaluator::new(&Domineering);
    let g = ev.value(&mut first, &Board::empty(2, 3));
    let mut second = Arena::new();
    // Same evaluator, another arena: the value is computed afresh there.
    let h = ev.value(&mut second, &Board::empty(2, 3));
    let mut s = Session::new();
    let _ = (g, h);
    let a = cgt_lang::print::Printer::new(&mut first).game(g);
    let b = cgt_lang::print::Printer::new(&mut second).game(h);
    assert_eq!(a, b);
    assert_eq!(s.run_line("value(domineering(2,3))").unwrap(), a);
}

/// Ctrl-C stops a computation of the language's own (a loop, a recursion,
/// the exploration of a ruleset defined in the language) and keeps the
/// session: its variables, its functions, and what their memos knew.
#[test]
fn ctrl_c_stops_defined_functions_and_keeps_the_session() {
    let _serial = serial();
    let mut s = Session::new();
    s.run_line("def up(n) = [n + 1]; U = ruleset(up, up); x = 7")
        .unwrap();
    s.run_line("def fib(n) = if n < 2 then n else fib(n - 1) + fib(n - 2)")
        .unwrap();
    for line in [
        "len([0 for i in 0..9999999 for j in 0..9999999])",
        // A recursion too wide to end, and shallow (a deep one may reach
        // the depth limit before the stop on a fast machine).
        "def spin(n, k) = if n > 0 then spin(n - 1, 2 * k) + spin(n - 1, 2 * k + 1) else k; spin(60, 1)",
        "value(U(0))",
    ] {
        let timer = std::thread::spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(300));
            cgt_core::interrupt::request(Stop::Interrupted);
        });
        let e = s.run_line(line).unwrap_err();
        timer.join().unwrap();
        assert_eq!(e.kind, ErrorKind::Interrupted, "{line}: {e}");
        assert_eq!(s.run_line("x").unwrap(), "7");
        assert_eq!(s.run_line("fib(90)").unwrap(), "2880067194370816120");
    }
}

/// Powers of up that cannot fit under the memory limit are refused at once
/// (not after minutes of building), with the limit named; the session lives on.
#[test]
fn powers_of_up_beyond_the_memory_limit_are_refused_up_front() {
    let _serial = serial();
    let before = cgt_core::interrupt::memory_limit();
    cgt_core::interrupt::set_memory_limit(1 << 30);
    let mut s = Session::new();
    for line in [
        "^[4294967295]",
        "^<4000000000>",
        "pow(^, 4294967295)",
        "pow_to(^, 4294967295)",
    ] {
        // Unsupported (the check before building), not MemoryLimit (a stop
        // after building up to the limit).
        let e = s.run_line(line).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported, "{line}: {e}");
        assert!(e.message.contains("memory limit"), "{line}: {e}");
    }
    assert_eq!(s.run_line("pow(^, 5) == ^<5>").unwrap(), "true");
    assert_eq!(s.run_line("pow_to(^, 5) == ^[5]").unwrap(), "true");
    cgt_core::interrupt::set_memory_limit(before);
}

/// An id beyond an arena's games (made by a bigger arena) is refused with a
/// typed stop naming the mistake, not an index panic.
#[test]
fn an_id_from_a_bigger_arena_is_an_error() {
    let _serial = serial();
    let mut big = cgt_core::game::Arena::new();
    let g = big.integer(1000);
    let mut small = cgt_core::game::Arena::new();
    let r = cgt_core::interrupt::catch(|| small.left_options(g).len());
    match r {
        Err(Stop::Unsupported(m)) => assert!(m.contains("another arena"), "{m}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    let r = cgt_core::interrupt::catch(|| small.outcome(g));
    assert!(matches!(r, Err(Stop::Unsupported(_))), "{r:?}");
}

/// An id of another live arena is refused even where that arena's games and
/// this one's have the same index (each live arena numbers its games from a
/// base of its own), also after many arenas were made and dropped.
#[test]
fn an_id_from_another_arena_of_the_same_size_is_an_error() {
    let _serial = serial();
    for _ in 0..100 {
        drop(cgt_core::game::Arena::new());
    }
    let mut a = cgt_core::game::Arena::new();
    let mut b = cgt_core::game::Arena::new();
    // The same games made in the same order: the same index in each.
    let (sa, sb) = (a.nimber(1), b.nimber(1));
    let (ua, _) = (a.up(1), b.up(1));
    assert_eq!(a.stats().games, b.stats().games);
    assert_ne!(sa, sb);
    for g in [sa, ua] {
        let r = cgt_core::interrupt::catch(|| b.outcome(g));
        match r {
            Err(Stop::Unsupported(m)) => assert!(m.contains("another arena"), "{m}"),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }
    // Each arena's own ids still answer.
    assert_eq!(
        format!("{:?}", b.outcome(sb)),
        format!("{:?}", a.outcome(sa))
    );
}
