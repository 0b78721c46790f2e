//! Moves with their meaning: the sensible options and lines of a game
//! (which moves realise its canonical options), every move's role, and the
//! moves that win. A move of a position is a position of its rules; a move
//! of a sum is the sum with one term moved, so the component shows.

use super::{Args, Builtin, Run};
use crate::context::Context;
use crate::error::{Error, Span};
use crate::value::{Sum, Value};
use crate::world::{is_loopy, loopy_value, World};
use cgt_core::analysis::Outcome;
use cgt_core::game::{Arena, GameId};
use cgt_core::loopy::Loopy;
use cgt_core::sensible::{moves, Explore, Moves, Role};
use std::sync::Arc;

/// A game reached by a move, and how the move shows: the game itself, or
/// for a move in a sum `[k, option]`, the option of its term `k` (the
/// sum's terms counted from 0 in the order written; in a subtracted term,
/// the position that term is moved to).
#[derive(Clone)]
struct Move {
    game: Value,
    shown: Value,
}

/// The language's games walked by their moves.
struct Walk<'a> {
    world: &'a mut World,
    span: Span,
}

/// Values are stoppers (a short game is one), so that the moves of games
/// whose positions repeat have their roles too.
impl Explore for Walk<'_> {
    type Game = Move;
    type Value = Loopy;
    type Error = Error;

    fn options(&mut self, g: &Move, left: bool) -> Result<Vec<Move>, Error> {
        options(self.world, &g.game, left, self.span)
    }

    fn value(&mut self, g: &Move) -> Result<Loopy, Error> {
        if is_loopy(&g.game) {
            self.world.to_loopy(&g.game, self.span)
        } else {
            Ok(Loopy::Short(self.world.to_game(&g.game, self.span)?))
        }
    }

    fn canonical_options(&mut self, v: &Loopy, left: bool) -> Vec<Loopy> {
        v.options(&mut self.world.arena, left)
    }

    fn ge(&mut self, a: &Loopy, b: &Loopy) -> bool {
        Loopy::ge(&mut self.world.arena, a, b)
    }

    fn same(&mut self, a: &Move, b: &Move) -> bool {
        crate::value::same(&a.game, &b.game)
    }
}

/// How a move in term `k` of a sum shows: `[k, option]`.
fn in_term(world: &mut World, k: usize, option: Value) -> Value {
    let index = Value::Game(world.arena.integer(k as i64));
    Value::list(vec![index, option])
}

/// The moves Left (`left`) or Right can make from `g`: to positions of
/// the rules, options of a form or a value, or in one term of a sum.
fn options(world: &mut World, g: &Value, left: bool, span: Span) -> Result<Vec<Move>, Error> {
    let plain = |games: Vec<Value>| {
        games
            .into_iter()
            .map(|game| Move {
                shown: game.clone(),
                game,
            })
            .collect()
    };
    Ok(match g {
        Value::Position(p) => {
            let o = if left {
                p.left_options()
            } else {
                p.right_options()
            };
            plain(o.into_iter().map(Value::position).collect())
        }
        Value::Sum(sum) => {
            let terms = sum.flat_terms();
            let mut out = Vec::new();
            for (k, (neg, term)) in terms.iter().enumerate() {
                // A move in -T is the other player's move in T, negated.
                for o in options(world, term, left != *neg, span)? {
                    let mut moved = terms.clone();
                    moved[k] = (*neg, o.game.clone());
                    let shown = in_term(world, k, o.shown);
                    out.push(Move {
                        game: Value::Sum(Arc::new(Sum {
                            terms: moved,
                            value: None,
                        })),
                        shown,
                    });
                }
            }
            out
        }
        Value::Form(f) => {
            let f = f.clone();
            plain(
                f.options(&mut world.arena, left)
                    .into_iter()
                    .map(Value::Form)
                    .collect(),
            )
        }
        Value::Stopper(x) => plain(
            Loopy::Stopper(x.clone())
                .options(&mut world.arena, left)
                .into_iter()
                .map(crate::world::loopy_value)
                .collect(),
        ),
        v => {
            if is_loopy(v) {
                return Err(Error::spanned(
                    span,
                    "the moves of a sided value are not followed: its sides are games of their own",
                ));
            }
            let g = world.to_game(v, span)?;
            let o = if left {
                world.arena.left_options(g).to_vec()
            } else {
                world.arena.right_options(g).to_vec()
            };
            plain(o.into_iter().map(Value::Game).collect())
        }
    })
}

/// How each game of a line shows.
fn shown(line: Vec<Move>) -> Vec<Value> {
    line.into_iter().map(|m| m.shown).collect()
}

/// The moves of the first argument for the player of the second.
fn roles(s: &mut dyn Context, a: &Args) -> Result<Moves<Move, Loopy>, Error> {
    let left = a.is_left(1)?;
    let mut walk = Walk {
        world: s.world(),
        span: a.spans[0],
    };
    let start = Move {
        game: a.values[0].clone(),
        shown: a.values[0].clone(),
    };
    moves(&mut walk, &start, left)
}

/// The functions on moves.
pub static MOVES: &[Builtin] = &[
    Builtin {
        name: "sensible_options",
        signature: "sensible_options(G, player)",
        arity: 2..=2,
        topic: "moves",
        help: "CGSuite's SensibleOptions: for each canonical option K of value(G) for the player (in the order left_options(value(G)) lists them), a move of G worth at least K to the mover (for Left G^L >= K^L): the first whose value is K, else the first with the shortest line down to K (see sensible_lines). Moves of a position are positions of its rules; a move in a sum shows as [k, option], the option its term k (counted from 0 as written) is moved to. The clobber position of CGSuite's tutorial has one: sensible_options(clobber(\"xoxo|ox..\"), Left).",
        example: "sensible_options(clobber(\"xoxo|ox..\"), Left)",
        run: Run::Native(|s, a| {
            let m = roles(s, a)?;
            let sensible = m.sensible();
            Ok(Value::list(
                sensible
                    .into_iter()
                    .flatten()
                    .map(|k| m.moves[k].0.shown.clone())
                    .collect(),
            ))
        }),
    },
    Builtin {
        name: "sensible_lines",
        signature: "sensible_lines(G, player)",
        arity: 2..=2,
        topic: "moves",
        help: "CGSuite's SensibleLines: for each canonical option K of value(G) for the player, a line of play that realises it: the player's move, the opponent's reply (no better for the opponent than G), the player's next move, ..., ending at a game whose value is K. The line is a shortest one, from the move sensible_options names; a line of one move is a move whose value is K itself.",
        example: "sensible_lines(toads_and_frogs(\"TT.F.F\"), Left)",
        run: Run::Native(|s, a| {
            let m = roles(s, a)?;
            let lines = m
                .lines()
                .into_iter()
                .flatten()
                .map(|line| Value::list(shown(line)))
                .collect();
            Ok(Value::list(lines))
        }),
    },
    Builtin {
        name: "move_roles",
        signature: "move_roles(G, player)",
        arity: 2..=2,
        topic: "moves",
        help: "Every move of G for the player, in the rules' order, as [move, value, role, detail]: \"realises\" (its value is the canonical option `detail`), \"reverses\" (better for the mover than a canonical option: detail is the line of play down to it, as in sensible_lines), \"dominated\" (detail is [move, K]: the canonical option K is at least as good for the mover, and the move is the one that stands for K, as sensible_options names it), or \"reverses out\" (detail is the opponent's reply, no better for the opponent than G, from which nothing counts). Games whose positions repeat have roles too: values are then stoppers, compared in their order, and a reversing line never returns to a position (a sided value's moves are not followed).",
        example: "move_roles('{0,*|}', Left)",
        run: Run::Native(|s, a| {
            let m = roles(s, a)?;
            // The move that stands for each canonical option (a dominated
            // move names it with the option).
            let standing: Vec<Option<Value>> = m
                .sensible()
                .into_iter()
                .map(|i| i.map(|i| m.moves[i].0.shown.clone()))
                .collect();
            let rows = m
                .moves
                .into_iter()
                .map(|(g, v, role)| {
                    let name = role_name(&role);
                    let detail = match role {
                        Role::Realises(k) => loopy_value(m.canonical[k].clone()),
                        Role::Reverses { line, .. } => Value::list(shown(line)),
                        Role::Dominated(k) => Value::list(vec![
                            standing[k].clone().unwrap_or(Value::Nil),
                            loopy_value(m.canonical[k].clone()),
                        ]),
                        Role::ReversesOut(reply) => {
                            reply.map_or_else(|| Value::list(Vec::new()), |r| r.shown)
                        }
                    };
                    Value::list(vec![g.shown, loopy_value(v), Value::text(name), detail])
                })
                .collect();
            Ok(Value::list(rows))
        }),
    },
    Builtin {
        name: "winning_moves",
        signature: "winning_moves(G, player)",
        arity: 2..=2,
        topic: "moves",
        help: "The moves with which the player, moving first in G, wins: those after which the opponent, to move, loses (outcome L or P for Left's moves, R or P for Right's), found by the outcome search, so where values are too dear too. Empty when the player loses moving first. For a sum, each winning move shows as [k, option]: the component k (counted from 0 as written) and where it is moved.",
        example: "winning_moves(nim([1,2,3,4]), Left)",
        run: Run::Native(|s, a| {
            let left = a.is_left(1)?;
            let span = a.spans[0];
            let opts = options(s.world(), &a.values[0], left, span)?;
            let mut wins = Vec::new();
            for o in opts {
                cgt_core::interrupt::check();
                if wins_moving_first(s.world(), &o.game, left, span)? {
                    wins.push(o.shown);
                }
            }
            Ok(Value::list(wins))
        }),
    },
    Builtin {
        name: "move_table",
        signature: "move_table(G, player)",
        arity: 2..=2,
        topic: "moves",
        help: "Every move of G for the player as a table for a paper: the move, its value, its role as move_roles gives it (realises, reverses, dominated, reverses out), its incentive (G^L - G for Left, G - G^R for Right) and whether it wins moving first (as winning_moves says). Under :format latex it prints as a tabular; from Python it is a table with an HTML and a LaTeX form.",
        example: "move_table(domineering(2, 3), Left)",
        run: Run::Native(move_table),
    },
    Builtin {
        name: "hottest_moves",
        signature: "hottest_moves(G, player)",
        arity: 2..=2,
        topic: "moves",
        help: "The player's moves in the hottest part of G, as [move, incentive, temperature]: for a sum, the moves in its components of highest temperature (where Hotstrat moves), and among each one's moves those whose incentive (G^L - G for Left, G - G^R for Right) no other move there beats; for a single game, its moves of largest incentive, with its temperature. A move in a sum shows as [k, option].",
        example: "hottest_moves(domineering(2,3) + toads_and_frogs(\"T.F\"), Left)",
        run: Run::Native(hottest_moves),
    },
];

/// See the help of `hottest_moves`.
fn hottest_moves(s: &mut dyn Context, a: &Args) -> Result<Value, Error> {
    let left = a.is_left(1)?;
    let span = a.spans[0];
    let world = s.world();
    let is_sum = matches!(a.values[0], Value::Sum(_));
    let terms = match &a.values[0] {
        Value::Sum(sum) => sum.flat_terms(),
        other => vec![(false, other.clone())],
    };
    // The value of a term as it counts in the sum.
    let signed = |world: &mut World, neg: bool, g: GameId| {
        if neg {
            world.arena.neg(g)
        } else {
            g
        }
    };
    // Each term with moves for the player: its moves, value and temperature.
    let mut parts = Vec::new();
    for (k, (neg, term)) in terms.iter().enumerate() {
        let moves = options(world, term, left != *neg, span)?;
        if moves.is_empty() {
            continue;
        }
        let g = world.to_game(term, span)?;
        parts.push((k, *neg, g, moves, world.arena.temperature(g)));
    }
    let Some(hottest) = parts.iter().map(|p| p.4.clone()).max() else {
        return Ok(Value::list(Vec::new()));
    };
    let mut rows = Vec::new();
    for (k, neg, g, moves, temp) in parts.into_iter().filter(|p| p.4 == hottest) {
        let before = signed(world, neg, g);
        let mut gains = Vec::with_capacity(moves.len());
        for m in &moves {
            let after = world.to_game(&m.game, span)?;
            let after = signed(world, neg, after);
            gains.push(incentive(&mut world.arena, before, after, left));
        }
        for (i, m) in moves.into_iter().enumerate() {
            let beaten = (0..gains.len()).any(|j| {
                let (x, y) = (gains[i], gains[j]);
                x != y && world.arena.le(x, y)
            });
            if beaten {
                continue;
            }
            let shown = if is_sum {
                in_term(world, k, m.shown)
            } else {
                m.shown
            };
            let t = Value::Game(world.arena.number(temp.clone()));
            rows.push(Value::list(vec![shown, Value::Game(gains[i]), t]));
        }
    }
    Ok(Value::list(rows))
}

/// How `move_roles` and `move_table` name a move's role.
fn role_name<G>(role: &Role<G>) -> &'static str {
    match role {
        Role::Realises(_) => "realises",
        Role::Reverses { .. } => "reverses",
        Role::Dominated(_) => "dominated",
        Role::ReversesOut(_) => "reverses out",
    }
}

/// True if the player's move to `game` wins moving first: the opponent,
/// to move there, loses.
fn wins_moving_first(
    world: &mut World,
    game: &Value,
    left: bool,
    span: Span,
) -> Result<bool, Error> {
    let outcome = world.outcome_of(game, span)?;
    Ok(outcome == Outcome::P || outcome == if left { Outcome::L } else { Outcome::R })
}

/// The incentive of a move from `before` to `after`: G^L - G for Left,
/// G - G^R for Right.
fn incentive(arena: &mut Arena, before: GameId, after: GameId, left: bool) -> GameId {
    let (a, b) = if left {
        (after, before)
    } else {
        (before, after)
    };
    let nb = arena.neg(b);
    arena.add(a, nb)
}

/// See the help of `move_table`.
fn move_table(s: &mut dyn Context, a: &Args) -> Result<Value, Error> {
    let left = a.is_left(1)?;
    let span = a.spans[0];
    let m = roles(s, a)?;
    let world = s.world();
    let before = world.to_game(&a.values[0], span)?;
    let header = ["move", "value", "role", "incentive", "wins"];
    let mut rows = vec![header.iter().map(|h| Value::str(*h)).collect::<Vec<_>>()];
    for (g, v, role) in m.moves {
        cgt_core::interrupt::check();
        let Loopy::Short(v) = v else {
            return Err(Error::spanned(span, "the incentives of a loopy game's moves are not games: move_roles gives their roles"));
        };
        let gain = incentive(&mut world.arena, before, v, left);
        let wins = wins_moving_first(world, &g.game, left, span)?;
        rows.push(vec![
            g.shown,
            Value::Game(v),
            Value::str(role_name(&role)),
            Value::Game(gain),
            Value::str(if wins { "yes" } else { "no" }),
        ]);
    }
    Ok(Value::Table(Arc::new(rows)))
}
