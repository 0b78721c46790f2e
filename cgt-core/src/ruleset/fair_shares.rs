//! Fair Shares and Varied Pairs (Winning Ways, chapter 12): coins lie in
//! heaps, and a move either divides one heap into two or more heaps of
//! equal size (fair shares) or unites two heaps of different sizes (varied
//! pairs). The moves are the same for both players, and uniting undoes
//! dividing, so positions repeat: an impartial game whose positions take
//! the generalized Sprague-Grundy values `n` and `∞_K`. Only heaps of one
//! coin each leave no move. The number of coins never changes, so a
//! position reaches only partitions of its own number of coins.

use super::picture::Picture;
use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;

/// The most coins a position may hold: the positions it reaches are
/// partitions of that number (about 1.6 million for 60 coins).
const MAX_COINS: u64 = 1000;

/// The rules of Fair Shares and Varied Pairs; a position is its heap sizes
/// in increasing order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FairShares;

/// Fair Shares and Varied Pairs in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "fair_shares_and_varied_pairs",
    constructors: &[Constructor {
        name: "fair_shares_and_varied_pairs",
        signature: "fair_shares_and_varied_pairs(n) or fair_shares_and_varied_pairs([h1, h2, ...])",
        arity: 1..=1,
        help: "Fair Shares and Varied Pairs (Winning Ways ch. 12): heaps of coins; a move divides one heap into two or more heaps of equal size, or unites two heaps of different sizes. The same moves for both players, and positions repeat: nim_value gives the generalized Sprague-Grundy value (n, or inf[K]), value the loopy value. One heap of n coins, or a list of heap sizes (at most 1000 coins in all).",
        example: "nim_value(fair_shares_and_varied_pairs([3, 1]))",
        build: |args| Ok(Positioned::boxed(FairShares, heaps(args)?)),
    }],
    words: &[],
};

/// The heaps of the constructor's argument, in increasing order.
fn heaps(args: &[Arg]) -> Result<Vec<u64>, ArgError> {
    let mut heaps = match &args[0] {
        Arg::Int(_) => vec![Arg::int::<u64>(args, 0, "the number of coins")?],
        _ => Arg::ints::<u64>(args, 0, "the heaps")?,
    };
    if heaps.contains(&0) {
        return Err(ArgError::at(0, "a heap holds at least one coin"));
    }
    let coins = heaps.iter().try_fold(0u64, |sum, &h| sum.checked_add(h));
    if coins.is_none_or(|c| c > MAX_COINS) {
        return Err(ArgError::at(0, format!("at most {MAX_COINS} coins in all")));
    }
    heaps.sort_unstable();
    Ok(heaps)
}

impl Notation for FairShares {
    fn text(&self, heaps: &Vec<u64>) -> String {
        let h: Vec<String> = heaps.iter().map(u64::to_string).collect();
        format!("fair_shares_and_varied_pairs([{}])", h.join(","))
    }

    fn picture(&self, heaps: &Vec<u64>) -> Picture {
        Picture::Heaps(heaps.clone())
    }
}

/// Every position one move from `heaps` (sorted), each once.
fn moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = Vec::new();
    let without = |skip: &[usize]| -> Vec<u64> {
        heaps
            .iter()
            .enumerate()
            .filter(|(j, _)| !skip.contains(j))
            .map(|(_, &h)| h)
            .collect()
    };
    for (i, &h) in heaps.iter().enumerate() {
        if i > 0 && heaps[i - 1] == h {
            continue;
        }
        // Fair shares: h = parts x size with at least two parts.
        for parts in 2..=h {
            if h % parts == 0 {
                let mut next = without(&[i]);
                next.extend(std::iter::repeat_n(h / parts, parts as usize));
                next.sort_unstable();
                out.push(next);
            }
        }
        // Varied pairs: h with a larger heap (each pair of sizes once).
        for (j, &g) in heaps.iter().enumerate().skip(i + 1) {
            if g == h || heaps[j - 1] == g {
                continue;
            }
            let mut next = without(&[i, j]);
            next.push(h + g);
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

impl Ruleset for FairShares {
    type Position = Vec<u64>;

    fn left_options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        moves(heaps)
    }

    fn right_options(&self, heaps: &Vec<u64>) -> Vec<Vec<u64>> {
        moves(heaps)
    }

    fn repeats(&self) -> bool {
        true
    }

    fn impartial(&self, _heaps: &Vec<u64>) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::moves;

    #[test]
    fn moves_divide_fairly_and_unite_varied_pairs() {
        // 4 divides into 2+2 or 1+1+1+1; 1 and 4 unite; the two 1s do not.
        let mut got = moves(&[1, 1, 4]);
        got.sort();
        assert_eq!(
            got,
            vec![vec![1, 1, 1, 1, 1, 1], vec![1, 1, 2, 2], vec![1, 5]]
        );
        // Heaps of one coin each: no move.
        assert!(moves(&[1, 1, 1]).is_empty());
        // A prime heap divides only into ones.
        assert_eq!(moves(&[5]), vec![vec![1, 1, 1, 1, 1]]);
    }
}
