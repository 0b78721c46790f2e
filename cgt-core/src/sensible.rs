//! Moves with their meaning: which moves of a game realise the options of
//! its canonical form, directly or through a line of reversible moves
//! (CGSuite's sensible options and lines), and why each other move does
//! not count (dominated, or reversing out). Generic over what a move is —
//! a ruleset's position, a form, a sum of positions — and over what a
//! value is (a short game's canonical form, or a canonical stopper for
//! games whose positions repeat): the caller says how a game moves, what
//! each game is worth and how values compare.

use crate::game::{deep, Arena, GameId};

/// A game whose moves can be walked and valued.
pub trait Explore {
    /// A game, and what a move leads to.
    type Game: Clone;
    /// A canonical value: equal values are `==`.
    type Value: Clone + PartialEq;
    /// Why a game could not be walked or valued (the memory limit, Ctrl-C).
    type Error;
    /// The games Left (`left`) or Right can move to, in the rules' order.
    fn options(&mut self, g: &Self::Game, left: bool) -> Result<Vec<Self::Game>, Self::Error>;
    /// The canonical value.
    fn value(&mut self, g: &Self::Game) -> Result<Self::Value, Self::Error>;
    /// The canonical options of a value for Left (`left`) or Right.
    fn canonical_options(&mut self, v: &Self::Value, left: bool) -> Vec<Self::Value>;
    /// Whether `a >= b`.
    fn ge(&mut self, a: &Self::Value, b: &Self::Value) -> bool;
    /// Whether two games are the same position: a line of play never
    /// comes back to a game already on it (games whose positions repeat).
    fn same(&mut self, _a: &Self::Game, _b: &Self::Game) -> bool {
        false
    }
}

/// Short games valued in an arena: the values are its canonical forms.
pub trait ExploreShort {
    /// A game.
    type Game: Clone;
    /// Why a game could not be walked or valued.
    type Error;
    /// The games Left (`left`) or Right can move to, in the rules' order.
    fn options(&mut self, g: &Self::Game, left: bool) -> Result<Vec<Self::Game>, Self::Error>;
    /// The canonical value.
    fn value(&mut self, g: &Self::Game) -> Result<GameId, Self::Error>;
    /// The arena the values live in.
    fn arena(&mut self) -> &mut Arena;
}

impl<X: ExploreShort> Explore for X {
    type Game = X::Game;
    type Value = GameId;
    type Error = X::Error;
    fn options(&mut self, g: &X::Game, left: bool) -> Result<Vec<X::Game>, X::Error> {
        ExploreShort::options(self, g, left)
    }
    fn value(&mut self, g: &X::Game) -> Result<GameId, X::Error> {
        ExploreShort::value(self, g)
    }
    fn canonical_options(&mut self, v: &GameId, left: bool) -> Vec<GameId> {
        let arena = self.arena();
        if left {
            arena.left_options(*v).to_vec()
        } else {
            arena.right_options(*v).to_vec()
        }
    }
    fn ge(&mut self, a: &GameId, b: &GameId) -> bool {
        self.arena().le(*b, *a)
    }
}

/// What one move does for the canonical form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role<G> {
    /// Its value is the canonical option of this index.
    Realises(usize),
    /// Its value is better for the mover than the canonical option of this
    /// index, to which it reverses: `line` is the move, the opponent's
    /// reply (no better for the opponent than the game itself), the
    /// mover's next move, ..., ending at a game whose value is the option.
    Reverses {
        /// The canonical option reached.
        option: usize,
        /// The line of play, starting with the move itself.
        line: Vec<G>,
    },
    /// Not sensible: the canonical option of this index is at least as
    /// good for the mover.
    Dominated(usize),
    /// Not sensible and not dominated: the reply (when one is found)
    /// leaves a game no better for the opponent than the game itself, and
    /// nothing the mover can do from there counts.
    ReversesOut(Option<G>),
}

/// The moves of a game for one player, with their meaning.
#[derive(Clone, Debug)]
pub struct Moves<G, V> {
    /// The game's value.
    pub value: V,
    /// The canonical options of the value for the player, in the order
    /// the values give them.
    pub canonical: Vec<V>,
    /// Every move, in the rules' order: where it goes, its value, its role.
    pub moves: Vec<(G, V, Role<G>)>,
}

impl<G, V> Moves<G, V> {
    /// For each canonical option, the index of the first move that
    /// realises it directly, else of the first move with the shortest line
    /// down to it: CGSuite's sensible options.
    pub fn sensible(&self) -> Vec<Option<usize>> {
        (0..self.canonical.len())
            .map(|k| {
                let length = |role: &Role<G>| match role {
                    Role::Realises(j) if *j == k => Some(1),
                    Role::Reverses { option, line } if *option == k => Some(line.len()),
                    _ => None,
                };
                (0..self.moves.len())
                    .filter_map(|i| length(&self.moves[i].2).map(|n| (n, i)))
                    .min()
                    .map(|(_, i)| i)
            })
            .collect()
    }

    /// For each canonical option, the line that realises it (see
    /// [`Moves::sensible`]): the move alone, or the move and the replies
    /// and moves after it.
    pub fn lines(&self) -> Vec<Option<Vec<G>>>
    where
        G: Clone,
    {
        self.sensible()
            .into_iter()
            .map(|i| {
                i.map(|i| match &self.moves[i].2 {
                    Role::Reverses { line, .. } => line.clone(),
                    _ => vec![self.moves[i].0.clone()],
                })
            })
            .collect()
    }
}

/// Whether `a` is at least as good as `b` for the player (`left`: a >= b).
fn better<X: Explore>(x: &mut X, a: &X::Value, b: &X::Value, left: bool) -> bool {
    if left {
        x.ge(a, b)
    } else {
        x.ge(b, a)
    }
}

/// Every move of `g` for the player, with its role.
pub fn moves<X: Explore>(
    x: &mut X,
    g: &X::Game,
    left: bool,
) -> Result<Moves<X::Game, X::Value>, X::Error> {
    let value = x.value(g)?;
    let canonical = x.canonical_options(&value, left);
    let options = x.options(g, left)?;
    let mut moves = Vec::with_capacity(options.len());
    for m in options {
        crate::interrupt::check();
        let v = x.value(&m)?;
        let role = if let Some(k) = canonical.iter().position(|c| *c == v) {
            Role::Realises(k)
        } else {
            let mut found = None;
            for (k, c) in canonical.iter().enumerate() {
                if better(x, &v, c, left) {
                    if let Some(line) = line_to(x, g, &m, c, &value, left)? {
                        found = Some(Role::Reverses { option: k, line });
                        break;
                    }
                }
            }
            match found {
                Some(role) => role,
                None => match (0..canonical.len()).find(|&k| better(x, &canonical[k], &v, left)) {
                    Some(k) => Role::Dominated(k),
                    None => Role::ReversesOut(reply_back(x, &m, &value, left)?),
                },
            }
        };
        moves.push((m, v, role));
    }
    Ok(Moves {
        value,
        canonical,
        moves,
    })
}

/// An opponent's reply from `m` no better for the opponent than `value`.
fn reply_back<X: Explore>(
    x: &mut X,
    m: &X::Game,
    value: &X::Value,
    left: bool,
) -> Result<Option<X::Game>, X::Error> {
    for r in x.options(m, !left)? {
        let rv = x.value(&r)?;
        if better(x, value, &rv, left) {
            return Ok(Some(r));
        }
    }
    Ok(None)
}

/// A shortest sensible line from the move `m` of `g` (worth at least
/// `target` to the player) to a game worth exactly `target`, through
/// replies no better for the opponent than `value`, the game's value, and
/// never back to a game already on it; `None` if there is none. Found by
/// iterative deepening: searches to 1, 3, 5, ... moves, until one finds a
/// line or none was cut short by its depth.
fn line_to<X: Explore>(
    x: &mut X,
    g: &X::Game,
    m: &X::Game,
    target: &X::Value,
    value: &X::Value,
    left: bool,
) -> Result<Option<Vec<X::Game>>, X::Error> {
    let mut depth = 1;
    loop {
        let mut cut = false;
        let mut path = vec![g.clone()];
        let found = line_within(x, m, target, value, left, depth, &mut cut, &mut path)?;
        if let Some(line) = found {
            return Ok(Some(line));
        }
        if !cut {
            return Ok(None);
        }
        depth += 2;
    }
}

/// A sensible line of at most `depth` games (`cut` set when the depth
/// stopped the search somewhere), avoiding the games of `path`.
#[allow(clippy::too_many_arguments)]
fn line_within<X: Explore>(
    x: &mut X,
    m: &X::Game,
    target: &X::Value,
    value: &X::Value,
    left: bool,
    depth: usize,
    cut: &mut bool,
    path: &mut Vec<X::Game>,
) -> Result<Option<Vec<X::Game>>, X::Error> {
    crate::interrupt::check();
    let v = x.value(m)?;
    if v == *target {
        return Ok(Some(vec![m.clone()]));
    }
    if !better(x, &v, target, left) {
        return Ok(None);
    }
    if depth < 3 {
        *cut = true;
        return Ok(None);
    }
    path.push(m.clone());
    let mut found = None;
    'replies: for r in x.options(m, !left)? {
        if revisits(x, path, &r) {
            continue;
        }
        let rv = x.value(&r)?;
        if !better(x, value, &rv, left) {
            continue;
        }
        path.push(r.clone());
        for next in x.options(&r, left)? {
            if revisits(x, path, &next) {
                continue;
            }
            // One level of the line per level of the game tree.
            let rest = deep(|| line_within(x, &next, target, value, left, depth - 2, cut, path));
            let rest = match rest {
                Ok(rest) => rest,
                Err(e) => {
                    path.truncate(path.len() - 2);
                    return Err(e);
                }
            };
            if let Some(rest) = rest {
                let mut line = Vec::with_capacity(rest.len() + 2);
                line.push(m.clone());
                line.push(r.clone());
                line.extend(rest);
                found = Some(line);
                path.pop();
                break 'replies;
            }
        }
        path.pop();
    }
    path.pop();
    Ok(found)
}

/// Whether `g` is a game of `path` already.
fn revisits<X: Explore>(x: &mut X, path: &[X::Game], g: &X::Game) -> bool {
    path.iter().any(|p| x.same(p, g))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games as explicit trees: `(left options, right options)` by index.
    struct Trees(Vec<(Vec<usize>, Vec<usize>)>, Arena);

    impl ExploreShort for Trees {
        type Game = usize;
        type Error = ();
        fn options(&mut self, g: &usize, left: bool) -> Result<Vec<usize>, ()> {
            Ok(if left {
                self.0[*g].0.clone()
            } else {
                self.0[*g].1.clone()
            })
        }
        fn value(&mut self, g: &usize) -> Result<GameId, ()> {
            let (l, r) = self.0[*g].clone();
            let l = l
                .iter()
                .map(|o| ExploreShort::value(self, o))
                .collect::<Result<_, _>>()?;
            let r = r
                .iter()
                .map(|o| ExploreShort::value(self, o))
                .collect::<Result<_, _>>()?;
            Ok(self.1.construct(l, r))
        }
        fn arena(&mut self) -> &mut Arena {
            &mut self.1
        }
    }

    #[test]
    fn roles_of_moves_in_small_trees() {
        let mut t = Trees(vec![(vec![], vec![])], Arena::new());
        // 1..=5: the integers n = {n-1|}.
        for n in 1..=5 {
            t.0.push((vec![n - 1], vec![]));
        }
        t.0.push((vec![5], vec![2])); // 6: {5|2}
        t.0.push((vec![6], vec![])); // 7: {{5|2}|} = 2
        t.0.push((vec![0], vec![0])); // 8: *
        t.0.push((vec![8], vec![])); // 9: {*|} = 0
        t.0.push((vec![1, 8], vec![])); // 10: {1,*|} = 2
                                        // {5|2} reverses through 2 (no better for Right than the game) to
                                        // 2's Left option 1, the canonical option of {1|} = 2.
        let m = moves(&mut t, &7, true).unwrap();
        assert_eq!(m.value, t.1.integer(2));
        let line = vec![6, 2, 1];
        assert_eq!(m.moves[0].2, Role::Reverses { option: 0, line });
        assert_eq!(m.sensible(), vec![Some(0)]);
        // * reverses out through 0: {*|} = 0 has no Left option.
        let m = moves(&mut t, &9, true).unwrap();
        assert_eq!((m.value, m.canonical.len()), (t.1.zero(), 0));
        assert_eq!(m.moves[0].2, Role::ReversesOut(Some(0)));
        // In {1,*|}, * is dominated by the canonical option 1.
        let m = moves(&mut t, &10, true).unwrap();
        assert_eq!(m.moves[0].2, Role::Realises(0));
        assert_eq!(m.moves[1].2, Role::Dominated(0));
        // Right has no move anywhere here.
        assert!(moves(&mut t, &10, false).unwrap().moves.is_empty());
    }
}
