//! The paper's theorems as exhaustive checks over ranges of states.

use self::oracle::Plain;
use crate::game::Arena;
use crate::ruleset::sls::{Colour, Escrow, Pile, Sls, State};
use crate::ruleset::Evaluator;
use hashbrown::HashMap;

/// Memos shared by every thread of a check.
#[derive(Default)]
pub struct Memos {
    /// "The player to move wins", by state and mover.
    pub wins: crate::ruleset::sls::WinMemo,
    /// "Strategy Σ wins from here", by state (Blue to move).
    pub sigma: crate::ruleset::sls::SharedMemo<crate::ruleset::sls::PackedState>,
    /// The first state where Σ's turn was not a legal Blue turn, if any.
    pub illegal: std::sync::Mutex<Option<String>>,
}

/// A state where a check failed, and why.
#[derive(Clone, Debug)]
pub struct Counterexample {
    /// The state, as written in the language.
    pub state: String,
    /// What failed.
    pub detail: String,
}

fn hands(h: u32) -> Vec<(u32, u32, u32, u32)> {
    hands_with(h, h)
}

/// Hands with Blue's own chips up to `mb_max` and the other counts up to `h`.
fn hands_with(mb_max: u32, h: u32) -> Vec<(u32, u32, u32, u32)> {
    let mut v = Vec::new();
    for mb in 0..=mb_max {
        for mr in 0..=h {
            for nb in 0..=h {
                for nr in 0..=h {
                    v.push((mb, mr, nb, nr));
                }
            }
        }
    }
    v
}

/// Multisets of `k` slots, each empty or one of `kinds` piles.
fn boards(k: u32, kinds: &[Pile]) -> Vec<(Vec<Pile>, u32)> {
    let mut out = Vec::new();
    fn rec(
        start: usize,
        left: u32,
        kinds: &[Pile],
        cur: &mut Vec<Pile>,
        out: &mut Vec<(Vec<Pile>, u32)>,
    ) {
        out.push((cur.clone(), left));
        if left == 0 {
            return;
        }
        for i in start..kinds.len() {
            cur.push(kinds[i]);
            rec(i, left - 1, kinds, cur, out);
            cur.pop();
        }
    }
    rec(0, k, kinds, &mut Vec::new(), &mut out);
    out
}

fn state(piles: &[Pile], empty: u32, (mb, mr, nb, nr): (u32, u32, u32, u32)) -> State {
    State {
        piles: piles.to_vec(),
        empty,
        blue: crate::ruleset::sls::Hand { b: mb, r: mr },
        red: crate::ruleset::sls::Hand { b: nb, r: nr },
        escrow: vec![],
    }
}

/// Push onto a list of states that may be too big to make: room for its
/// next doubling is asked first, and Ctrl-C is seen (both unwind).
fn push_counted(out: &mut Vec<State>, s: State) {
    if out.len() == out.capacity() {
        crate::interrupt::check();
        crate::interrupt::ensure_room(out.capacity().max(64) * std::mem::size_of::<State>() * 2);
    }
    out.push(s);
}

/// Every state with at most `k` slots, piles of length <= `p`, hand counts <= `h`, no escrow.
pub fn all_states(k: u32, p: u32, h: u32) -> Vec<State> {
    let kinds: Vec<Pile> = (1..=p)
        .flat_map(|len| {
            [
                Pile {
                    top: Colour::B,
                    len,
                },
                Pile {
                    top: Colour::R,
                    len,
                },
            ]
        })
        .collect();
    let mut out = Vec::new();
    for slots in 1..=k {
        for (piles, empty) in boards(slots, &kinds) {
            for hs in hands(h) {
                push_counted(&mut out, state(&piles, empty, hs));
            }
        }
    }
    out
}

/// Every type I board (spec §2.2) in range with m_b > n_r: each slot empty or a
/// singleton, plus at most one r-pile of length 2..=p; Blue's own chips up
/// to `mb_max`, the other hand counts up to `h`.
pub fn type_one_states(k: u32, p: u32, h: u32, mb_max: u32) -> Vec<State> {
    let singles = [
        Pile {
            top: Colour::B,
            len: 1,
        },
        Pile {
            top: Colour::R,
            len: 1,
        },
    ];
    let mut out = Vec::new();
    for slots in 1..=k {
        for rho in std::iter::once(None).chain((2..=p).map(Some)) {
            let rest = if rho.is_some() { slots - 1 } else { slots };
            for (mut piles, empty) in boards(rest, &singles) {
                if let Some(len) = rho {
                    piles.push(Pile {
                        top: Colour::R,
                        len,
                    });
                }
                for hs in hands_with(mb_max, h) {
                    if hs.0 > hs.3 {
                        push_counted(&mut out, state(&piles, empty, hs));
                    }
                }
            }
        }
    }
    out
}

/// Final theorem (spec §2.3): Blue-to-move wins iff the predicate holds.
pub fn final_theorem(states: &[State], sls: &Sls, memo: &Memos) -> Result<u64, Counterexample> {
    for s in states {
        let search = sls.mover_wins(s, Colour::B, &memo.wins);
        let predicate = Sls::final_theorem_blue_wins(s);
        if search != predicate {
            return Err(Counterexample {
                state: s.text(),
                detail: format!(
                    "search says Blue-first {}, the theorem says {}",
                    wl(search),
                    wl(predicate)
                ),
            });
        }
    }
    Ok(states.len() as u64)
}

fn wl(w: bool) -> &'static str {
    if w {
        "wins"
    } else {
        "loses"
    }
}

/// The outcome read from the CGT value equals the independent alternating-play solver.
pub fn values(states: &[State], sls: &Sls, _memo: &Memos) -> Result<u64, Counterexample> {
    let mut arena = Arena::new();
    let mut ev = Evaluator::new(sls);
    let mut memo = HashMap::new();
    for s in states {
        let g = ev.value(&mut arena, s);
        let o = arena.outcome(g);
        let plain = to_plain(s);
        let (bf, rf) = (
            oracle::wins(&plain, Colour::B, &mut memo),
            oracle::wins(&plain, Colour::R, &mut memo),
        );
        // Blue is Left.
        let from_value = o.first_moves();
        if from_value != (bf, rf) {
            return Err(Counterexample {
                state: s.text(),
                detail: format!(
                    "value gives outcome {o}; the solver: Blue first {}, Red first {}",
                    wl(bf),
                    wl(rf)
                ),
            });
        }
    }
    Ok(states.len() as u64)
}

fn to_plain(s: &State) -> Plain {
    let mut slots: Vec<Vec<Colour>> = s
        .piles
        .iter()
        .map(|p| {
            (0..p.len)
                .map(|k| {
                    if (p.len - 1 - k).is_multiple_of(2) {
                        p.top
                    } else {
                        p.top.other()
                    }
                })
                .collect()
        })
        .collect();
    slots.extend((0..s.empty).map(|_| Vec::new()));
    Plain {
        slots,
        blue: (s.blue.b, s.blue.r),
        red: (s.red.b, s.red.r),
    }
}

/// Type I theorem: Blue wins, and strategy Σ itself never loses against
/// any sequence of Red turns. A Σ that wins, each of its turns checked to
/// be a legal Blue turn, proves that Blue wins, so the full win search runs
/// only where Σ fails (to say whether Blue loses or only Σ does).
pub fn type_one(states: &[State], sls: &Sls, memo: &Memos) -> Result<u64, Counterexample> {
    for s in states {
        if sigma_wins(sls, s, memo) {
            continue;
        }
        let detail = if let Some(at) = memo
            .illegal
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
        {
            format!("strategy Σ's turn from {at} is not a legal Blue turn")
        } else if !sls.mover_wins(s, Colour::B, &memo.wins) {
            "Blue, to move with m_b > n_r, does not win".into()
        } else {
            "strategy Σ loses against some Red play".into()
        };
        return Err(Counterexample {
            state: s.text(),
            detail,
        });
    }
    Ok(states.len() as u64)
}

/// Blue plays Σ (spec §2.2) from `s` with Blue to move; Red tries every turn.
fn sigma_wins(sls: &Sls, s: &State, memos: &Memos) -> bool {
    let memo = &memos.sigma;
    let key = crate::ruleset::sls::PackedState::of(s, Colour::B);
    if let Some(w) = memo.get(&key) {
        return *w;
    }
    let w = crate::game::deep(|| {
        let mut t = s.clone();
        // Resolve Blue's pending captures keeping b chips (kill an r if any).
        let mine: Vec<Escrow> = t
            .escrow
            .iter()
            .copied()
            .filter(|e| e.capturer == Colour::B)
            .collect();
        t.escrow.retain(|e| e.capturer != Colour::B);
        for e in mine {
            sigma_keeps(&mut t.blue, e.b, e.r);
        }
        // Step 1: capture every b-pile with a b chip.
        while let Some(k) = t.piles.iter().position(|p| p.top == Colour::B) {
            if t.blue.b == 0 {
                return false;
            }
            let p = t.piles.remove(k);
            let (b, r) = crate::ruleset::sls::captured(&p, Colour::B);
            t.blue.b -= 1;
            sigma_keeps(&mut t.blue, b, r);
            t.empty += 1;
        }
        // Step 2: one b on ρ, else on an r-singleton, else on an empty slot.
        if t.blue.b == 0 {
            return false;
        }
        t.blue.b -= 1;
        let target = t
            .piles
            .iter()
            .position(|p| p.top == Colour::R && p.len >= 2)
            .or_else(|| {
                t.piles
                    .iter()
                    .position(|p| p.top == Colour::R && p.len == 1)
            });
        match target {
            Some(k) => {
                t.piles[k] = Pile {
                    top: Colour::B,
                    len: t.piles[k].len + 1,
                }
            }
            None if t.empty > 0 => {
                t.empty -= 1;
                t.piles.push(Pile {
                    top: Colour::B,
                    len: 1,
                });
            }
            None => return false,
        }
        let t = t.normalised(sls.rules.unbounded);
        // Σ's turn must be one of Blue's turns under the rules in force.
        if !sls.any_turn(s, Colour::B, |u| *u == t) {
            let mut illegal = memos.illegal.lock().unwrap_or_else(|e| e.into_inner());
            illegal.get_or_insert_with(|| s.text());
            return false;
        }
        // Red moves: every Red turn must leave Blue (playing Σ) winning
        // (the turns tried as they are found, up to the first that does not).
        !sls.any_turn(&t, Colour::R, |u| !sigma_wins(sls, u, memos))
    });
    memo.insert(key, w);
    w
}

/// Σ's kill on a capture of `b` blue and `r` red chips: a red chip if there
/// is one, else a blue; the others join Blue's hand.
fn sigma_keeps(blue: &mut crate::ruleset::sls::Hand, b: u32, r: u32) {
    if r > 0 {
        blue.b += b;
        blue.r += r - 1;
    } else {
        blue.b += b - 1;
    }
}

/// An alternating-play solver written separately from the turn search above:
/// piles as explicit chip lists, one placement per step, no deduplication or
/// slot clamping. `wins(state, mover)` says whether the player to move wins.
pub mod oracle {
    use crate::ruleset::sls::Colour;
    use hashbrown::HashMap;

    /// A state with explicit chips (bottom → top) and who must move next.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    pub struct Plain {
        /// Slots; an empty vector is an empty slot.
        pub slots: Vec<Vec<Colour>>,
        /// Blue's (b, r) hand.
        pub blue: (u32, u32),
        /// Red's (b, r) hand.
        pub red: (u32, u32),
    }

    fn take(h: &mut (u32, u32), c: Colour) {
        match c {
            Colour::B => h.0 -= 1,
            Colour::R => h.1 -= 1,
        }
    }

    /// Does `mover`, who has the move now, win with best play by both?
    pub fn wins(s: &Plain, mover: Colour, memo: &mut HashMap<(Plain, Colour), bool>) -> bool {
        if let Some(&w) = memo.get(&(s.clone(), mover)) {
            return w;
        }
        let w = crate::game::deep(|| {
            let hand = if mover == Colour::B { s.blue } else { s.red };
            if hand.0 + hand.1 == 0 {
                return false; // given the move with no chips: defeated
            }
            for c in [Colour::B, Colour::R] {
                let n = if c == Colour::B { hand.0 } else { hand.1 };
                if n == 0 {
                    continue;
                }
                for k in 0..s.slots.len() {
                    let mut t = s.clone();
                    let h = if mover == Colour::B {
                        &mut t.blue
                    } else {
                        &mut t.red
                    };
                    take(h, c);
                    t.slots[k].push(c);
                    let pile = &t.slots[k];
                    let len = pile.len();
                    if len >= 2 && pile[len - 2] == c {
                        // Capture by the owner of c, who kills one chip and moves.
                        let capturer = c;
                        let chips = std::mem::take(&mut t.slots[k]);
                        let (b, r) = chips.iter().fold((0u32, 0u32), |(b, r), &x| {
                            if x == Colour::B {
                                (b + 1, r)
                            } else {
                                (b, r + 1)
                            }
                        });
                        let mut any_win = false;
                        for (kb, kr) in [(1u32, 0u32), (0, 1)] {
                            if (kb == 1 && b == 0) || (kr == 1 && r == 0) {
                                continue;
                            }
                            let mut u = t.clone();
                            let h = if capturer == Colour::B {
                                &mut u.blue
                            } else {
                                &mut u.red
                            };
                            h.0 += b - kb;
                            h.1 += r - kr;
                            any_win |= wins(&u, capturer, memo);
                        }
                        // The capturer picks the kill: best for the capturer.
                        let capturer_wins = any_win;
                        let mover_wins = if capturer == mover {
                            capturer_wins
                        } else {
                            !capturer_wins
                        };
                        if mover_wins {
                            return true;
                        }
                        continue;
                    }
                    // Next player: the one whose colour is absent, else whose
                    // topmost chip is lowest; with two colours that is one player.
                    let has_b = t.slots[k].contains(&Colour::B);
                    let has_r = t.slots[k].contains(&Colour::R);
                    let next_mover = if !has_b {
                        Colour::B
                    } else if !has_r {
                        Colour::R
                    } else {
                        // both present: the colour whose topmost chip is lower
                        let pos = |col: Colour| t.slots[k].iter().rposition(|&x| x == col).unwrap();
                        if pos(Colour::B) < pos(Colour::R) {
                            Colour::B
                        } else {
                            Colour::R
                        }
                    };
                    let w = wins(&t, next_mover, memo);
                    if (next_mover == mover && w) || (next_mover != mover && !w) {
                        return true;
                    }
                }
            }
            false
        });
        memo.insert((s.clone(), mover), w);
        w
    }
}
