//! The rulesets' shortcuts keep values: positions are memoised by keys
//! (trimmed boards, symmetric images, and conjugates whose value is the
//! negative) and split into components; a raw evaluator that uses none of
//! them must find the same canonical value on every position tried, and the
//! outcome search (with its move order, and parts valued where the rules
//! say they are cheap) the outcome of that value.

use cgt_core::game::Arena;
use cgt_core::ruleset::grid::{Cells, Grid};
use cgt_core::ruleset::{
    amazons::Amazons,
    clobber::Clobber,
    col::Col,
    domineering::Domineering,
    fission::{Board as FissionBoard, Fission},
    konane::{Board as KonaneBoard, Konane},
    nogo::NoGo,
    ski_jumps::{SkiJumps, Slope},
    snort::Snort,
    toads::Toads,
    toppling_dominoes::TopplingDominoes,
    Evaluator, Ruleset,
};
use cgt_tests::Xorshift as Rng;

/// A ruleset's moves alone: every position is its own key, nothing splits.
struct Raw<'a, R>(&'a R);

impl<R: Ruleset> Ruleset for Raw<'_, R> {
    type Position = R::Position;

    fn left_options(&self, p: &R::Position) -> Vec<R::Position> {
        self.0.left_options(p)
    }

    fn right_options(&self, p: &R::Position) -> Vec<R::Position> {
        self.0.right_options(p)
    }
}

/// A grid of up to `max_rows` × `max_cols` cells, each drawn by `weights`.
fn grid(rng: &mut Rng, max_rows: usize, max_cols: usize, weights: &[u64]) -> Grid {
    let rows = 1 + rng.below(max_rows as u64) as usize;
    let cols = 1 + rng.below(max_cols as u64) as usize;
    let cells: Cells = (0..rows * cols).map(|_| rng.pick(weights)).collect();
    Grid { rows, cols, cells }
}

/// Values of `count` positions made by `make`, keyed and raw, and keyed on
/// three threads from the start, in one arena (equal values are equal ids).
fn check<R>(name: &str, rs: &R, count: usize, mut make: impl FnMut() -> R::Position)
where
    R: Ruleset + Sync,
    R::Position: Send + Sync,
{
    let mut arena = Arena::new();
    let mut keyed = Evaluator::new(rs);
    let raw_rules = Raw(rs);
    let mut raw = Evaluator::new(&raw_rules);
    for _ in 0..count {
        let p = make();
        let a = keyed.value(&mut arena, &p);
        let b = raw.value(&mut arena, &p);
        assert_eq!(a, b, "{name}: {p:?}");
        let shared = Evaluator::new(rs).value_on_after(&mut arena, &p, 3, 0);
        assert_eq!(shared, b, "{name} on three threads: {p:?}");
        let searched = Evaluator::new(rs).outcome_in(&mut arena, &p);
        assert_eq!(searched, arena.outcome(b), "{name} by search: {p:?}");
    }
}

#[test]
fn toads_and_frogs_and_elephants() {
    let mut rng = Rng(1);
    let generalised = Toads {
        min_slide: 1,
        max_slide: 2,
        max_jump: 2,
        friendly_jump: true,
        back_slide: false,
    };
    for (name, rules) in [
        ("toads", Toads::default()),
        ("generalised toads", generalised),
        ("elephants", Toads::ELEPHANTS),
    ] {
        check(name, &rules, 300, || {
            let n = 1 + rng.below(11) as usize;
            (0..n).map(|_| rng.pick(&[3, 2, 2])).collect()
        });
    }
}

#[test]
fn toppling_dominoes() {
    let mut rng = Rng(2);
    check("toppling dominoes", &TopplingDominoes, 300, || {
        let n = 1 + rng.below(9) as usize;
        (0..n).map(|_| 1 + rng.pick(&[2, 2, 1])).collect()
    });
}

#[test]
fn boards_with_symmetries_and_conjugates() {
    let mut rng = Rng(3);
    // Cell values as each ruleset reads them (0 is an empty square).
    check("fission", &Fission, 200, || {
        FissionBoard::from_grid(grid(&mut rng, 4, 4, &[6, 2, 1]))
    });
    // Oblong boards: the shape with fewer rows is the key's.
    check("fission 3x4", &Fission, 100, || {
        FissionBoard::from_grid(grid(&mut rng, 3, 4, &[6, 2, 1]))
    });
    check("fission 4x3", &Fission, 100, || {
        FissionBoard::from_grid(grid(&mut rng, 4, 3, &[6, 2, 1]))
    });
    // Boards beyond 64 squares keep the grid's moves and keys.
    check("fission on a grid", &Fission, 30, || {
        FissionBoard::Large(Box::new(grid(&mut rng, 3, 3, &[6, 2, 1])))
    });
    check("amazons", &Amazons, 100, || {
        let mut g = grid(&mut rng, 3, 3, &[6, 0, 0, 2]);
        let n = g.cells.len() as u64;
        g.cells[rng.below(n) as usize] = 1;
        g.cells[rng.below(n) as usize] = 2;
        g
    });
    check("snort", &Snort, 200, || grid(&mut rng, 3, 4, &[6, 1, 1, 1]));
    check("col", &Col, 200, || grid(&mut rng, 3, 4, &[6, 1, 1, 1]));
    check("nogo", &NoGo, 200, || grid(&mut rng, 3, 3, &[5, 1, 1]));
    // Strips split between stones of opposite colours.
    check("nogo strips", &NoGo, 400, || {
        grid(&mut rng, 1, 14, &[4, 1, 1])
    });
    check("konane", &Konane, 200, || {
        KonaneBoard::from_grid(grid(&mut rng, 3, 4, &[2, 3, 3, 1]))
    });
    check("konane on a grid", &Konane, 30, || {
        KonaneBoard::Large(Box::new(grid(&mut rng, 3, 4, &[2, 3, 3, 1])))
    });
    check("clobber", &Clobber, 200, || {
        grid(&mut rng, 3, 4, &[2, 3, 3])
    });
    check("ski jumps", &SkiJumps, 200, || {
        Slope::from_grid(grid(&mut rng, 4, 4, &[8, 1, 1, 1, 1]))
    });
}

#[test]
fn domineering_boards() {
    let mut rng = Rng(4);
    check("domineering", &Domineering, 300, || {
        let (rows, cols) = (1 + rng.below(4) as usize, 1 + rng.below(5) as usize);
        let taken = (0..rows * cols).fold(0u32, |mask, i| mask | u32::from(rng.below(4) == 0) << i);
        cgt_core::ruleset::domineering::Board::parse(&cgt_tests::board_with_holes(
            rows, cols, taken,
        ))
        .unwrap()
    });
}
