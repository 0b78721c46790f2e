//! Outcome classes under normal play.

use crate::game::{Arena, GameId};

/// Who wins `G` under normal play: Left, Right, the Previous player, or the Next player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(usize)]
pub enum Outcome {
    /// Left wins, whoever starts (G > 0).
    L,
    /// Right wins, whoever starts (G < 0).
    R,
    /// The previous player wins (G = 0).
    P,
    /// The next player wins (G is confused with 0).
    N,
}

impl Outcome {
    /// The outcome class from whether Left and Right each win moving first.
    pub fn from_first_moves(left_wins_first: bool, right_wins_first: bool) -> Outcome {
        match (left_wins_first, right_wins_first) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }

    /// Whether Left and Right each win moving first (the inverse of
    /// [`Outcome::from_first_moves`]).
    pub fn first_moves(self) -> (bool, bool) {
        (
            matches!(self, Outcome::L | Outcome::N),
            matches!(self, Outcome::R | Outcome::N),
        )
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

impl Arena {
    /// The outcome class: L if G > 0, R if G < 0, P if G = 0, N if G ‖ 0.
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let z = self.zero();
        match (self.le(z, g), self.le(g, z)) {
            (true, true) => Outcome::P,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::N,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Outcome;

    #[test]
    fn first_moves_inverts_from_first_moves() {
        for (o, moves) in [
            (Outcome::L, (true, false)),
            (Outcome::R, (false, true)),
            (Outcome::P, (false, false)),
            (Outcome::N, (true, true)),
        ] {
            assert_eq!(o.first_moves(), moves);
            assert_eq!(Outcome::from_first_moves(moves.0, moves.1), o);
        }
    }
}
