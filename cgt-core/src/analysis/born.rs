//! Enumeration of the games born by day n.

use crate::game::{Arena, GameId};
use hashbrown::HashSet;

impl Arena {
    /// Every distinct game born by day `n` (all-small ones only if asked),
    /// built from the antichains of the previous day: canonical option sets
    /// never hold two comparable options.
    pub fn games_born_by(&mut self, n: u32, all_small: bool) -> Vec<GameId> {
        let mut day = vec![self.zero()];
        for _ in 0..n {
            let chains = self.antichains(&day);
            let mut next: HashSet<GameId> = HashSet::new();
            for l in &chains {
                for r in &chains {
                    if all_small && l.is_empty() != r.is_empty() {
                        continue;
                    }
                    next.insert(self.construct(l.clone(), r.clone()));
                }
            }
            day = next.into_iter().collect();
            day.sort_unstable();
        }
        day
    }

    fn antichains(&mut self, games: &[GameId]) -> Vec<Vec<GameId>> {
        let n = games.len();
        let mut comparable = vec![vec![false; n]; n];
        for i in 0..n {
            for j in 0..n {
                comparable[i][j] =
                    i != j && (self.le(games[i], games[j]) || self.le(games[j], games[i]));
            }
        }
        let mut out = Vec::new();
        let mut current = Vec::new();
        fn extend(
            start: usize,
            current: &mut Vec<usize>,
            comparable: &[Vec<bool>],
            games: &[GameId],
            out: &mut Vec<Vec<GameId>>,
        ) {
            out.push(current.iter().map(|&i| games[i]).collect());
            for k in start..games.len() {
                if current.iter().all(|&i| !comparable[i][k]) {
                    current.push(k);
                    extend(k + 1, current, comparable, games, out);
                    current.pop();
                }
            }
        }
        extend(0, &mut current, &comparable, games, &mut out);
        out
    }
}
