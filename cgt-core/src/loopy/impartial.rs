//! Loopy impartial games: the generalized Sprague-Grundy function of Smith
//! and Fraenkel (Winning Ways ch. 12). Each position of a finite impartial
//! game graph has a finite value `n`, and then plays in sums as the nim
//! heap `*n` does, or the value `∞_K`, where `K` lists the finite values
//! among its options: a position from which play can be kept going for
//! ever, left only through the options of `K`.
//!
//! The labels come from Fraenkel's algorithm: for m = 0, 1, ... a position
//! is labelled m when no option is labelled m and every option that is not
//! labelled with a number below m has an option labelled m (the opponent's
//! way out is answered by a move back to m); once no position can be
//! labelled m, the positions with no option labelled m are labelled ∞.

/// A generalized Sprague-Grundy value.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GeneralizedNim {
    /// Plays as the nim heap of this size.
    Finite(u64),
    /// `∞_K`: play can go on for ever; `K` (sorted) are the finite values
    /// among the options.
    Infinite(Vec<u64>),
}

/// How a loopy impartial game ends with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImpartialOutcome {
    /// The player to move loses (value 0).
    Previous,
    /// The player to move wins (a nonzero finite value, or ∞_K with 0 in K).
    Next,
    /// Neither wins: play goes on for ever (∞_K with 0 not in K).
    Draw,
}

impl GeneralizedNim {
    /// The value of a sum: nim values add by XOR; a finite value shifts the
    /// exits of an infinite one; two infinite values make `∞` without exits.
    pub fn add(&self, other: &GeneralizedNim) -> GeneralizedNim {
        use GeneralizedNim::*;
        match (self, other) {
            (Finite(a), Finite(b)) => Finite(a ^ b),
            (Finite(a), Infinite(k)) | (Infinite(k), Finite(a)) => {
                let mut k: Vec<u64> = k.iter().map(|x| x ^ a).collect();
                k.sort_unstable();
                Infinite(k)
            }
            (Infinite(_), Infinite(_)) => Infinite(Vec::new()),
        }
    }

    /// Who wins, moving first or second.
    pub fn outcome(&self) -> ImpartialOutcome {
        match self {
            GeneralizedNim::Finite(0) => ImpartialOutcome::Previous,
            GeneralizedNim::Finite(_) => ImpartialOutcome::Next,
            GeneralizedNim::Infinite(k) if k.contains(&0) => ImpartialOutcome::Next,
            GeneralizedNim::Infinite(_) => ImpartialOutcome::Draw,
        }
    }
}

/// The generalized Sprague-Grundy value of every vertex of an impartial
/// game graph given by each vertex's options.
pub fn values(options: &[Vec<u32>]) -> Vec<GeneralizedNim> {
    const NONE: u64 = u64::MAX;
    const INF: u64 = u64::MAX - 1;
    let n = options.len();
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (v, list) in options.iter().enumerate() {
        for &w in list {
            preds[w as usize].push(v as u32);
        }
    }
    let mut label = vec![NONE; n];
    let mut unlabelled = n;
    let mut m = 0u64;
    // Whether the vertex has an option labelled m (this round).
    let mut has_m = vec![false; n];
    while unlabelled > 0 {
        crate::interrupt::check();
        has_m.iter_mut().for_each(|x| *x = false);
        // Every option either labelled below m, or answered by a move to m.
        let ready = |u: usize, label: &[u64], has_m: &[bool]| {
            label[u] == NONE
                && !has_m[u]
                && options[u]
                    .iter()
                    .all(|&v| (label[v as usize] < m) || has_m[v as usize])
        };
        let mut queue: Vec<u32> = (0..n as u32)
            .filter(|&u| ready(u as usize, &label, &has_m))
            .collect();
        while let Some(u) = queue.pop() {
            let u = u as usize;
            if !ready(u, &label, &has_m) {
                continue;
            }
            label[u] = m;
            unlabelled -= 1;
            for &v in &preds[u] {
                if has_m[v as usize] {
                    continue;
                }
                has_m[v as usize] = true;
                // v may now answer an exit of its predecessors.
                for &w in &preds[v as usize] {
                    if ready(w as usize, &label, &has_m) {
                        queue.push(w);
                    }
                }
            }
        }
        for u in 0..n {
            if label[u] == NONE && !has_m[u] {
                label[u] = INF;
                unlabelled -= 1;
            }
        }
        m += 1;
    }
    (0..n)
        .map(|u| {
            if label[u] == INF {
                let mut k: Vec<u64> = options[u]
                    .iter()
                    .map(|&v| label[v as usize])
                    .filter(|&x| x != INF)
                    .collect();
                k.sort_unstable();
                k.dedup();
                GeneralizedNim::Infinite(k)
            } else {
                GeneralizedNim::Finite(label[u])
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use GeneralizedNim::*;

    #[test]
    fn small_graphs() {
        // 0: terminal; 1 -> 0; 2 -> 2 (a loop); 3 -> 3, 0; 4 -> 1, 0.
        let g = vec![vec![], vec![0], vec![2], vec![3, 0], vec![1, 0]];
        assert_eq!(
            values(&g),
            vec![
                Finite(0),
                Finite(1),
                Infinite(vec![]),
                Infinite(vec![0]),
                Finite(2)
            ]
        );
        assert_eq!(Infinite(vec![]).outcome(), ImpartialOutcome::Draw);
        assert_eq!(Infinite(vec![0]).outcome(), ImpartialOutcome::Next);
        assert_eq!(Finite(1).add(&Infinite(vec![0, 3])), Infinite(vec![1, 2]));
        // 2's only move is to 1, from which the opponent moves to 0.
        let g = vec![vec![], vec![2, 0], vec![1]];
        // 1 has an option labelled 0: not 0; 2's only option is 1, which
        // must be answered by a move to 0 from 1: 2 is labelled 0, then 1
        // is labelled 1 (options 2 and 0 are labelled 0).
        assert_eq!(values(&g), vec![Finite(0), Finite(1), Finite(0)]);
    }
}
