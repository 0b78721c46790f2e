//! Hackenbush stalks: blue-red stalks against Berlekamp's rule (an
//! independent computation), green stalks as nimbers, Winning Ways' examples.
//! On graphs: stalks again, the colon principle on green trees (computed
//! independently), the fusion principle by hand, renumbering and colours.

use cgt_lang::Session;
use cgt_tests::Xorshift as Stream;

/// Berlekamp's rule: edges up to the first change of colour count ±1 each;
/// from the first change on, ±1/2, ±1/4, ... Returns numerator over 2^den_exp.
fn berlekamp(stalk: &[u8]) -> (i64, u32) {
    let n = stalk.len() as u32;
    let one = 1i64 << n; // work in units of 2^-n
    let (mut v, mut step, mut changed) = (0i64, one, false);
    for (i, &e) in stalk.iter().enumerate() {
        if i > 0 && e != stalk[i - 1] {
            changed = true;
        }
        if changed {
            step /= 2;
        }
        v += if e == b'B' { step } else { -step };
    }
    (v, n)
}

fn dyadic(num: i64, exp: u32) -> String {
    let (mut n, mut e) = (num, exp);
    while e > 0 && n % 2 == 0 {
        n /= 2;
        e -= 1;
    }
    if e == 0 {
        n.to_string()
    } else {
        format!("{n}/{}", 1i64 << e)
    }
}

#[test]
fn blue_red_stalks_follow_berlekamps_rule() {
    let mut s = Session::new();
    let mut checked = 0;
    for len in 0..=9u32 {
        for bits in 0..(1u32 << len) {
            let stalk: Vec<u8> = (0..len)
                .map(|i| if bits >> i & 1 == 1 { b'B' } else { b'R' })
                .collect();
            let text = String::from_utf8(stalk.clone()).unwrap();
            let (num, exp) = berlekamp(&stalk);
            let got = s
                .run_line(&format!("value(hackenbush(\"{text}\"))"))
                .unwrap();
            assert_eq!(got, dyadic(num, exp), "{text}");
            checked += 1;
        }
    }
    assert_eq!(checked, 1023);
}

#[test]
fn green_stalks_are_nimbers_and_winning_ways_examples() {
    let mut s = Session::new();
    let mut run = |l: &str| s.run_line(l).unwrap();
    assert_eq!(run("value(hackenbush(\"GGGGG\"))"), "*5");
    assert_eq!(run("value(hackenbush([\"GG\", \"GGG\"]))"), "*");
    assert_eq!(run("value(hackenbush(\"BR\"))"), "1/2");
    assert_eq!(run("value(hackenbush(\"BRB\"))"), "3/4");
    assert_eq!(run("value(hackenbush([\"BR\", \"BR\", \"R\"]))"), "0");
    // Green on blue: {0, 1 | 1} = 1*. Blue on green: Left cuts the green edge
    // (to 0) or the blue one (to *), Right the green one: {0, * | 0} = ^*.
    assert_eq!(run("value(hackenbush(\"BG\"))"), "1*");
    assert_eq!(run("value(hackenbush(\"GB\"))"), "^*");
}

/// A stalk written as a path of edges from the ground.
fn stalk_as_graph(stalk: &str) -> String {
    stalk
        .chars()
        .enumerate()
        .map(|(i, c)| format!("{c}{i}-{}", i + 1))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn graphs_that_are_stalks_are_the_stalks() {
    let mut s = Session::new();
    let mut r = Stream(0x5eed);
    for _ in 0..200 {
        let len = 1 + r.below(8);
        let stalk: String = (0..len)
            .map(|_| ['B', 'R', 'G'][r.below(3) as usize])
            .collect();
        let same = format!(
            "value(hackenbush(\"{stalk}\")) == value(hackenbush_graph(\"{}\"))",
            stalk_as_graph(&stalk)
        );
        assert_eq!(s.run_line(&same).unwrap(), "true", "{same}");
    }
}

/// The colon principle, computed independently: a green tree standing on
/// the ground at vertex v is worth the nim-sum over v's children c of
/// (value of c's tree) + 1, as a stalk of that length.
#[test]
fn green_trees_follow_the_colon_principle() {
    let mut s = Session::new();
    let mut r = Stream(0x7e3e);
    for _ in 0..150 {
        let n = 1 + r.below(11) as usize;
        // Vertex i > 0 hangs from a vertex numbered below it.
        let parent: Vec<usize> = (1..=n).map(|i| r.below(i as u64) as usize).collect();
        let mut nim = vec![0u64; n + 1];
        for v in (1..=n).rev() {
            nim[parent[v - 1]] ^= nim[v] + 1;
        }
        let edges: Vec<String> = (1..=n).map(|v| format!("G{}-{v}", parent[v - 1])).collect();
        let tree = edges.join(" ");
        let expected = match nim[0] {
            0 => "0".to_string(),
            1 => "*".to_string(),
            k => format!("*{k}"),
        };
        let got = s
            .run_line(&format!("value(hackenbush_graph(\"{tree}\"))"))
            .unwrap();
        assert_eq!(got, expected, "{tree}");
    }
}

#[test]
fn graphs_by_hand() {
    let mut s = Session::new();
    let mut run = |l: &str| s.run_line(l).unwrap();
    // The fusion principle: a green cycle through the ground is as many
    // loops as it has edges, each loop worth *.
    assert_eq!(run("value(hackenbush_graph(\"G0-1-2-0\"))"), "*");
    assert_eq!(run("value(hackenbush_graph(\"G0-1-2-3-0\"))"), "0");
    assert_eq!(run("value(hackenbush_graph(\"G0-1-2-3-4-0\"))"), "*");
    assert_eq!(run("value(hackenbush_graph(\"G0-0 G0-0 G0-0\"))"), "*");
    // A triangle on a stalk fuses to a loop atop it: a stalk of two, *2.
    assert_eq!(run("value(hackenbush_graph(\"G0-1 G1-2-3-1\"))"), "*2");
    // A blue edge carrying two red ones: {0 | 1/2} = 1/4.
    assert_eq!(run("value(hackenbush_graph(\"B0-1 R1-2 R1-3\"))"), "1/4");
    // A blue edge held up by both ends is cut like any other: 1.
    assert_eq!(run("value(hackenbush_graph(\"B0-0\"))"), "1");
    // Edges no longer reaching the ground fall at once, and positions
    // print as the call that makes them again.
    assert_eq!(
        run("hackenbush_graph(\"R5-3-0 B0-1 G7-8\")"),
        "hackenbush_graph(\"B0-1 R0-3 R3-5\")"
    );
    // A cycle of two blue and two red edges is its own negative.
    assert_eq!(run("value(hackenbush_graph(\"B0-1-2 R2-3-0\"))"), "0");
}

/// Renumbering the vertices keeps the game, exchanging blue and red
/// negates it, on random graphs with a ground.
#[test]
fn graphs_ignore_numbering_and_negate_with_colours() {
    let mut s = Session::new();
    let mut r = Stream(0x9a9b);
    for _ in 0..120 {
        let n = 2 + r.below(6) as u8;
        let m = 1 + r.below(8);
        let edges: Vec<(char, u8, u8)> = (0..m)
            .map(|_| {
                (
                    ['B', 'R', 'G'][r.below(3) as usize],
                    r.below(u64::from(n)) as u8,
                    r.below(u64::from(n)) as u8,
                )
            })
            .collect();
        let write = |f: &dyn Fn(u8) -> u8, swap: bool| {
            edges
                .iter()
                .map(|&(c, a, b)| {
                    let c = match (c, swap) {
                        ('B', true) => 'R',
                        ('R', true) => 'B',
                        _ => c,
                    };
                    format!("{c}{}-{}", f(a), f(b))
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let g = format!("value(hackenbush_graph(\"{}\"))", write(&|v| v, false));
        // Keep the ground, reverse the order of the other vertices.
        let renumbered = write(&|v| if v == 0 { 0 } else { n - v }, false);
        let same = format!("{g} == value(hackenbush_graph(\"{renumbered}\"))");
        assert_eq!(s.run_line(&same).unwrap(), "true", "{same}");
        let negated = format!(
            "{g} + value(hackenbush_graph(\"{}\")) == 0",
            write(&|v| v, true)
        );
        assert_eq!(s.run_line(&negated).unwrap(), "true", "{negated}");
    }
}
