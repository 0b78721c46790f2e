//! Who wins from a position, by search: depth first on an explicit stack,
//! stopping at the first winning move, memoised by signed key (a position
//! whose key is the negative of another's is looked up there with the
//! players' roles exchanged). Under normal play the rules' counts of the
//! moves each player can still make ([`MoveBounds`]) decide positions
//! outright, and moves are tried best first by the rules' score; under
//! misère play a player who cannot move wins. Where the rules say a
//! position is better valued than searched (small components, see
//! [`Ruleset::cheap_to_value`]), the caller's `settle` decides it from
//! canonical values.

use super::{distinct_keys, not_short, MoveBounds, Ruleset};
use crate::analysis::Outcome;
use crate::interrupt::Grows;
use hashbrown::{HashMap, HashSet};

/// What the search knows of a position: for each player to move, whether
/// it is known and whether that player wins (two bits each).
#[derive(Clone, Copy, Default)]
pub(super) struct Wins(u8);

impl Wins {
    fn get(self, left: bool) -> Option<bool> {
        let shift = if left { 0 } else { 2 };
        (self.0 >> shift & 1 == 1).then_some(self.0 >> (shift + 1) & 1 == 1)
    }

    fn set(&mut self, left: bool, wins: bool) {
        let shift = if left { 0 } else { 2 };
        self.0 |= (1 | u8::from(wins) << 1) << shift;
    }
}

/// The results of a search, by key.
pub(super) type WinMemo<P> = HashMap<P, Wins>;

/// Memoise that the player to move (Left if `left`) wins from `k` or not.
/// The table is bounded by the memory limit: when growing it would pass the
/// limit, half of its entries (every other one, in the table's own order,
/// which is as good as random) make room instead. The search stays correct
/// (a result forgotten is searched again), and a long search runs on in the
/// memory it has instead of stopping.
fn record<P: Eq + std::hash::Hash>(memo: &mut WinMemo<P>, k: P, left: bool, wins: bool) {
    make_room(memo);
    memo.entry(k).or_default().set(left, wins);
}

/// Halves the table if growing it would pass the memory limit (see [`record`]).
fn make_room<P: Eq + std::hash::Hash>(memo: &mut WinMemo<P>) {
    if !memo.room_to_grow() {
        // Half the entries stay, in a table made to fit them (a table with
        // freed slots reports less room than it takes, and would grow past
        // the limit unseen).
        let mut keep = false;
        memo.retain(|_, _| {
            keep = !keep;
            keep
        });
        memo.shrink_to_fit();
    }
}

/// Memoise both players' results moving first from `k`, in one entry.
fn record_outcome<P: Eq + std::hash::Hash>(memo: &mut WinMemo<P>, k: P, o: Outcome) {
    let (left_wins, right_wins) = o.first_moves();
    make_room(memo);
    let w = memo.entry(k).or_default();
    w.set(true, left_wins);
    w.set(false, right_wins);
}

/// Decides a key by other means than search (its parts' values), if it can;
/// `None` where it never can (the search then does not ask).
pub(super) type Settle<'s, 'f, P> = Option<&'s mut (dyn FnMut(&P) -> Option<Outcome> + 'f)>;

/// Whether the player to move (Left if `left`) wins from `k`, if the memo knows.
fn known<P: Eq + std::hash::Hash>(memo: &WinMemo<P>, k: &P, left: bool) -> Option<bool> {
    memo.get(k).and_then(|w| w.get(left))
}

/// A position on the search's stack: the player to move (Left if `left`,
/// in the game of the key) and the moves still to try, each a key and who
/// moves there in that key's game.
struct Frame<P> {
    key: P,
    left: bool,
    moves: Vec<(P, bool)>,
    next: usize,
}

/// Whether the player to move wins under normal play, from the counts of
/// the moves each player can still make (Lachmann, Moore and Rapaport's
/// argument: moves never appear, and a player can always make their safe
/// moves). A player who plays their vulnerable moves first, while the
/// opponent takes away at most one per move, makes at least half of them:
/// rounded up when moving first, down when moving second. So the player to
/// move wins if they can make more moves than the opponent's most, and
/// loses if the opponent, moving second, can make as many as their own most.
fn by_counts(b: &MoveBounds, left: bool) -> Option<bool> {
    let (mine, their) = if left {
        (
            (b.left_safe, b.left_vulnerable, b.left_most),
            (b.right_safe, b.right_vulnerable, b.right_most),
        )
    } else {
        (
            (b.right_safe, b.right_vulnerable, b.right_most),
            (b.left_safe, b.left_vulnerable, b.left_most),
        )
    };
    if mine.0 + mine.1.div_ceil(2) > their.2 {
        Some(true)
    } else if their.0 + their.1 / 2 >= mine.2 {
        Some(false)
    } else {
        None
    }
}

/// Whether the player to move (Left if `left`) wins from the key `root`.
pub(super) fn wins<R: Ruleset>(
    rs: &R,
    misere: bool,
    memo: &mut WinMemo<R::Position>,
    root: R::Position,
    left: bool,
    mut settle: Settle<'_, '_, R::Position>,
) -> bool {
    let counted = |k: &R::Position, left: bool| {
        if misere {
            return None;
        }
        by_counts(&rs.move_bounds(k)?, left)
    };
    if let Some(w) = known(memo, &root, left) {
        return w;
    }
    let mut stack: Vec<Frame<R::Position>> = Vec::new();
    let mut open: HashSet<(R::Position, bool)> = HashSet::new();
    let mut enter = (root.clone(), left);
    loop {
        // Settle the position entered, or put it on the stack. A position
        // won at once by a move to a lost one is not memoised (it is found
        // again as fast as it is looked up): its result goes to its parent
        // in `fresh`.
        let (q, l) = enter;
        let mut fresh = None;
        crate::interrupt::check();
        crate::interrupt::note_work();
        if known(memo, &q, l).is_none() {
            if let Some(w) = counted(&q, l) {
                record(memo, q, l, w);
            } else if let Some(o) = settle.as_mut().and_then(|f| f(&q)) {
                record_outcome(memo, q, o);
            } else {
                // A position met again while it is being expanded lies on a
                // cycle: the ruleset is not short.
                if open.contains(&(q.clone(), l)) {
                    let path: Vec<R::Position> = stack.iter().map(|f| f.key.clone()).collect();
                    not_short(&q, &path, |x| {
                        open.contains(&(x.clone(), true)) || open.contains(&(x.clone(), false))
                    });
                }
                match moves(rs, misere, memo, &q, l) {
                    // The position asked for is memoised even when it is won
                    // at once: callers ask again (a threshold scan asks each
                    // position for both players, neighbours many times).
                    None if stack.is_empty() => {
                        record(memo, q, l, true);
                        return true;
                    }
                    None => fresh = Some(true),
                    Some(moves) => {
                        open.insert((q.clone(), l));
                        stack.push(Frame {
                            key: q,
                            left: l,
                            moves,
                            next: 0,
                        })
                    }
                }
            }
        }
        // Go on with the frame on top: its next move not yet known to lose.
        loop {
            let Some(top) = stack.last_mut() else {
                return known(memo, &root, left).expect("settled");
            };
            let mut descend = None;
            let mut won = false;
            while top.next < top.moves.len() {
                let (c, cl) = &top.moves[top.next];
                // The child just entered may have been settled unmemoised.
                match fresh.take().or_else(|| known(memo, c, *cl)) {
                    Some(false) => {
                        won = true;
                        break;
                    }
                    Some(true) => top.next += 1,
                    None => {
                        descend = Some((c.clone(), *cl));
                        break;
                    }
                }
            }
            if let Some(next) = descend {
                enter = next;
                break;
            }
            // Won, or every move is won by the opponent (no move at all
            // loses, or wins under misère play).
            let w = won || (top.moves.is_empty() && misere);
            let done = stack.pop().expect("a frame");
            open.remove(&(done.key.clone(), done.left));
            record(memo, done.key, done.left, w);
        }
    }
}

/// The moves worth searching of the player to move from the key `k`, best
/// first under normal play: each option's signed key, and who moves there
/// in that key's game (the players' roles exchanged where the key is the
/// negative). `None` if a move wins at once: to a position known lost for
/// the opponent, or lost by the counts. Moves the counts show the opponent
/// wins after are left out (they lose), and the counts are taken on the
/// options as the rules give them, before their keys are made.
fn moves<R: Ruleset>(
    rs: &R,
    misere: bool,
    memo: &WinMemo<R::Position>,
    k: &R::Position,
    left: bool,
) -> Option<Vec<(R::Position, bool)>> {
    let mut options = rs.raw_options(k, left);
    if !misere {
        let mut open = Vec::with_capacity(options.len());
        for o in options {
            let bounds = rs.move_bounds(&o);
            match bounds.as_ref().and_then(|b| by_counts(b, !left)) {
                Some(false) => return None,
                Some(true) => {}
                None => open.push((rs.score(&o, left, bounds.as_ref()), o)),
            }
        }
        open.sort_by_key(|(score, _)| *score);
        options = open.into_iter().map(|(_, o)| o).collect();
    }
    let mut keys = Vec::with_capacity(options.len());
    distinct_keys(rs, options, &mut keys);
    let moves: Vec<(R::Position, bool)> =
        keys.into_iter().map(|(c, neg)| (c, !left ^ neg)).collect();
    if moves
        .iter()
        .any(|(c, cl)| known(memo, c, *cl) == Some(false))
    {
        return None;
    }
    Some(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::domineering::{Board, Domineering};

    /// The position asked for is memoised even when a move wins at once
    /// (a threshold scan asks the same positions again: not memoising them
    /// doubled `cgt check psn-outcome`).
    #[test]
    fn the_position_asked_for_is_memoised() {
        let rs = Domineering;
        // A 2x2 board: Left's vertical domino leaves Right no move.
        let board = Board::parse("..|..").expect("a board");
        let mut memo: WinMemo<_> = HashMap::new();
        assert!(wins(&rs, false, &mut memo, board.clone(), true, None));
        assert_eq!(known(&memo, &board, true), Some(true));
    }
}
