//! The full four-player So Long Sucker (Hausner, Nash, Shapley, Shubik), as a
//! rules engine that validates every action (`docs/spec/sls.md` §1):
//! placements, captures (the capturer kills one chip and takes the rest),
//! the choice of the next player, prisoners (kill or give away), defeat with
//! rescue and the move returning up the chain, defeated colours capturing
//! whole piles, and the winner. When two players and only their two colours
//! remain, the state becomes a two-player endgame ([`crate::ruleset::sls`]).

use crate::ruleset::sls::{Colour, Rules, Sls, State};

/// Players' names and colours, by seat: Blue (b), Red (r), Green (g), Yellow (y).
pub const NAMES: [&str; 4] = ["Blue", "Red", "Green", "Yellow"];
/// Colour letters by seat.
pub const LETTERS: [char; 4] = ['b', 'r', 'g', 'y'];
/// Chips each player starts with.
pub const START_CHIPS: u32 = 7;

/// What the game waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// `player` has the move and must place a chip.
    Place {
        /// Who has the move.
        player: usize,
    },
    /// `capturer` must kill one chip of pile `pile` and take the rest.
    Kill {
        /// The owner of the doubled colour.
        capturer: usize,
        /// Index of the captured pile.
        pile: usize,
    },
    /// `mover` chooses who moves next among `candidates`.
    ChooseNext {
        /// Who just placed.
        mover: usize,
        /// Players whose colour is absent from the pile.
        candidates: Vec<usize>,
    },
    /// `player` was given the move with no chips: players holding prisoners
    /// may rescue (give chips) or decline; `waiting` have not answered yet.
    Rescue {
        /// The player without chips.
        player: usize,
        /// Players still to answer.
        waiting: Vec<usize>,
    },
    /// The game is over.
    Over {
        /// The last undefeated player.
        winner: usize,
    },
}

/// One action, by the player who takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Place a chip of `colour` on pile `pile` (None = a new pile).
    Place {
        /// The chip's colour (seat index).
        colour: usize,
        /// Target pile, or a new one.
        pile: Option<usize>,
    },
    /// Kill one chip of `colour` from the captured pile.
    Kill {
        /// Colour of the chip killed.
        colour: usize,
    },
    /// Choose who moves next.
    Next {
        /// The chosen player.
        player: usize,
    },
    /// `from` kills one prisoner of `colour` from their hand.
    KillPrisoner {
        /// Who kills.
        from: usize,
        /// The prisoner's colour.
        colour: usize,
    },
    /// `from` gives one chip of `colour` to `to` (a rescue when `to` is out of chips).
    Give {
        /// Who gives.
        from: usize,
        /// The chip's colour (never the giver's own).
        colour: usize,
        /// Who receives.
        to: usize,
    },
    /// `from` declines to rescue.
    Decline {
        /// Who declines.
        from: usize,
    },
}

/// The state of a four-player game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Piles, bottom to top, as seat indices of colours.
    pub piles: Vec<Vec<usize>>,
    /// `hands[p][c]`: chips of colour `c` held by player `p`.
    pub hands: [[u32; 4]; 4],
    /// Chips killed, by colour.
    pub dead: [u32; 4],
    /// Defeated players.
    pub defeated: [bool; 4],
    /// What happens next.
    pub phase: Phase,
    /// Who gave each player the move most recently (for the defeat cascade).
    gave: [Option<usize>; 4],
}

impl Game {
    /// A new game with `first` to move.
    pub fn new(first: usize) -> Game {
        let mut hands = [[0; 4]; 4];
        for (p, h) in hands.iter_mut().enumerate() {
            h[p] = START_CHIPS;
        }
        Game {
            piles: vec![],
            hands,
            dead: [0; 4],
            defeated: [false; 4],
            phase: Phase::Place { player: first % 4 },
            gave: [None; 4],
        }
    }

    fn active(&self) -> Vec<usize> {
        (0..4).filter(|&p| !self.defeated[p]).collect()
    }

    fn holds(&self, p: usize) -> u32 {
        self.hands[p].iter().sum()
    }

    /// Every legal action now (for random players and for validation).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match &self.phase {
            Phase::Place { player } => {
                let p = *player;
                for c in 0..4 {
                    if self.hands[p][c] > 0 {
                        out.push(Action::Place {
                            colour: c,
                            pile: None,
                        });
                        for k in 0..self.piles.len() {
                            out.push(Action::Place {
                                colour: c,
                                pile: Some(k),
                            });
                        }
                    }
                }
                self.prisoner_actions(&mut out);
            }
            Phase::Kill { capturer: _, pile } => {
                let mut seen = [false; 4];
                for &c in &self.piles[*pile] {
                    if !seen[c] {
                        seen[c] = true;
                        out.push(Action::Kill { colour: c });
                    }
                }
            }
            Phase::ChooseNext { candidates, .. } => {
                out.extend(candidates.iter().map(|&p| Action::Next { player: p }));
            }
            Phase::Rescue { player, waiting } => {
                for &q in waiting {
                    out.push(Action::Decline { from: q });
                    for c in 0..4 {
                        if c != q && self.hands[q][c] > 0 {
                            out.push(Action::Give {
                                from: q,
                                colour: c,
                                to: *player,
                            });
                        }
                    }
                }
            }
            Phase::Over { .. } => {}
        }
        out
    }

    fn prisoner_actions(&self, out: &mut Vec<Action>) {
        for q in self.active() {
            for c in 0..4 {
                if c != q && self.hands[q][c] > 0 {
                    out.push(Action::KillPrisoner { from: q, colour: c });
                    for to in self.active() {
                        if to != q {
                            out.push(Action::Give {
                                from: q,
                                colour: c,
                                to,
                            });
                        }
                    }
                }
            }
        }
    }

    /// Apply an action, or say why it is illegal.
    pub fn apply(&mut self, a: &Action) -> Result<(), String> {
        if let Phase::Over { winner } = self.phase {
            return Err(format!("the game is over: {} won", NAMES[winner]));
        }
        // Prisoner actions are allowed at any time (outside rescue questions).
        match a {
            Action::KillPrisoner { from, colour } => {
                self.check_prisoner(*from, *colour)?;
                self.hands[*from][*colour] -= 1;
                self.dead[*colour] += 1;
                self.recheck_mover();
                return Ok(());
            }
            Action::Give { from, colour, to } if !matches!(self.phase, Phase::Rescue { .. }) => {
                self.check_prisoner(*from, *colour)?;
                if self.defeated[*to] || to == from {
                    return Err(format!("{} cannot receive chips now", NAMES[*to]));
                }
                self.hands[*from][*colour] -= 1;
                self.hands[*to][*colour] += 1;
                self.recheck_mover();
                return Ok(());
            }
            _ => {}
        }
        match (self.phase.clone(), a) {
            (Phase::Place { player }, Action::Place { colour, pile }) => {
                self.place(player, *colour, *pile)
            }
            (Phase::Kill { capturer, pile }, Action::Kill { colour }) => {
                if !self.piles[pile].contains(colour) {
                    return Err(format!(
                        "the captured pile has no {} chip",
                        LETTERS[*colour]
                    ));
                }
                let chips = self.piles.remove(pile);
                let mut killed = false;
                for c in chips {
                    if c == *colour && !killed {
                        killed = true;
                        self.dead[c] += 1;
                    } else {
                        self.hands[capturer][c] += 1;
                    }
                }
                self.give_move(capturer, capturer);
                Ok(())
            }
            (Phase::ChooseNext { mover, candidates }, Action::Next { player }) => {
                if !candidates.contains(player) {
                    return Err(format!(
                        "{} cannot be given the move (choose among {})",
                        NAMES[*player],
                        list(&candidates)
                    ));
                }
                self.give_move(mover, *player);
                Ok(())
            }
            (Phase::Rescue { player, waiting }, Action::Give { from, colour, to }) => {
                if *to != player || !waiting.contains(from) {
                    return Err(
                        "only a player still asked may rescue the player without chips".into(),
                    );
                }
                self.check_prisoner(*from, *colour)?;
                self.hands[*from][*colour] -= 1;
                self.hands[player][*colour] += 1;
                self.phase = Phase::Place { player };
                Ok(())
            }
            (
                Phase::Rescue {
                    player,
                    mut waiting,
                },
                Action::Decline { from },
            ) => {
                let Some(k) = waiting.iter().position(|q| q == from) else {
                    return Err(format!("{} is not asked to rescue", NAMES[*from]));
                };
                waiting.remove(k);
                if waiting.is_empty() {
                    self.defeat(player);
                } else {
                    self.phase = Phase::Rescue { player, waiting };
                }
                Ok(())
            }
            (phase, a) => Err(format!("{a:?} is not possible now ({})", describe(&phase))),
        }
    }

    fn check_prisoner(&self, from: usize, colour: usize) -> Result<(), String> {
        if from >= 4 || colour >= 4 {
            return Err("no such player or colour".into());
        }
        if colour == from {
            return Err(format!(
                "{} may not kill or give away their own colour",
                NAMES[from]
            ));
        }
        if self.hands[from][colour] == 0 {
            return Err(format!("{} holds no {} chip", NAMES[from], LETTERS[colour]));
        }
        Ok(())
    }

    fn place(&mut self, player: usize, colour: usize, pile: Option<usize>) -> Result<(), String> {
        if colour >= 4 || self.hands[player][colour] == 0 {
            return Err(format!(
                "{} holds no {} chip",
                NAMES[player],
                LETTERS.get(colour).copied().unwrap_or('?')
            ));
        }
        let k = match pile {
            None => {
                self.piles.push(vec![]);
                self.piles.len() - 1
            }
            Some(k) if k < self.piles.len() => k,
            Some(k) => return Err(format!("there is no pile {}", k + 1)),
        };
        self.hands[player][colour] -= 1;
        let below = self.piles[k].last().copied();
        self.piles[k].push(colour);
        if below == Some(colour) {
            if self.defeated[colour] {
                // A defeated colour captures: the whole pile dies; the placer moves again.
                let chips = self.piles.remove(k);
                for c in chips {
                    self.dead[c] += 1;
                }
                self.give_move(player, player);
            } else {
                self.phase = Phase::Kill {
                    capturer: colour,
                    pile: k,
                };
            }
            return Ok(());
        }
        // Order of play: colours absent from the pile, among active players.
        let present: Vec<bool> = (0..4).map(|c| self.piles[k].contains(&c)).collect();
        let absent: Vec<usize> = self.active().into_iter().filter(|&p| !present[p]).collect();
        if absent.len() == 1 {
            self.give_move(player, absent[0]);
        } else if absent.len() > 1 {
            self.phase = Phase::ChooseNext {
                mover: player,
                candidates: absent,
            };
        } else {
            // Every active colour present: the one whose topmost chip is lowest.
            let top = |p: usize| self.piles[k].iter().rposition(|&c| c == p).unwrap_or(0);
            let next = self
                .active()
                .into_iter()
                .min_by_key(|&p| top(p))
                .expect("an active player");
            self.give_move(player, next);
        }
        Ok(())
    }

    /// A player to place who has just given away or killed their last chip
    /// faces rescue or defeat, exactly as if the move had reached them empty-handed.
    fn recheck_mover(&mut self) {
        if let Phase::Place { player } = self.phase {
            if self.holds(player) == 0 {
                self.give_move(player, player);
            }
        }
    }

    /// `from` gives the move to `to`; without chips `to` faces defeat.
    fn give_move(&mut self, from: usize, to: usize) {
        if to != from {
            self.gave[to] = Some(from);
        }
        if self.holds(to) > 0 {
            self.phase = Phase::Place { player: to };
            return;
        }
        let waiting: Vec<usize> = self
            .active()
            .into_iter()
            .filter(|&q| q != to && (0..4).any(|c| c != q && self.hands[q][c] > 0))
            .collect();
        if waiting.is_empty() {
            self.defeat(to);
        } else {
            self.phase = Phase::Rescue {
                player: to,
                waiting,
            };
        }
    }

    /// `p` is defeated; the move returns to whoever gave it (and further back).
    fn defeat(&mut self, p: usize) {
        self.defeated[p] = true;
        let active = self.active();
        if active.len() == 1 {
            self.phase = Phase::Over { winner: active[0] };
            return;
        }
        let mut back = self.gave[p];
        let mut visited = [false; 4];
        while let Some(q) = back {
            if visited[q] {
                break; // the chain loops through defeated players
            }
            visited[q] = true;
            if !self.defeated[q] {
                self.give_move(q, q);
                return;
            }
            back = self.gave[q];
        }
        // No one to return to: the next active player in seat order.
        let next = (1..4)
            .map(|d| (p + d) % 4)
            .find(|&q| !self.defeated[q])
            .expect("an active player");
        self.give_move(next, next);
    }

    /// If two players remain and only their two colours are in play, the
    /// endgame state (first remaining seat = Blue), with Blue's turn flag.
    pub fn endgame(&self) -> Option<(State, bool, [usize; 2])> {
        let active = self.active();
        if active.len() != 2 || !matches!(self.phase, Phase::Place { .. }) {
            return None;
        }
        let (x, y) = (active[0], active[1]);
        let other_colour = |c: usize| c != x && c != y;
        let in_play = |c: usize| {
            self.piles.iter().flatten().any(|&k| k == c) || (0..4).any(|p| self.hands[p][c] > 0)
        };
        if (0..4).any(|c| other_colour(c) && in_play(c)) {
            return None;
        }
        let colour = |c: usize| if c == x { Colour::B } else { Colour::R };
        let piles: Vec<String> = self
            .piles
            .iter()
            .map(|p| {
                p.iter()
                    .map(|&c| if colour(c) == Colour::B { 'b' } else { 'r' })
                    .collect()
            })
            .collect();
        let refs: Vec<&str> = piles.iter().map(String::as_str).collect();
        let state = State::new(
            &refs,
            0,
            (self.hands[x][x], self.hands[x][y]),
            (self.hands[y][x], self.hands[y][y]),
        )
        .ok()?;
        let blue_to_move = matches!(self.phase, Phase::Place { player } if player == x);
        Some((state, blue_to_move, [x, y]))
    }

    /// The endgame ruleset for a hand-off (an unbounded table).
    pub fn endgame_rules() -> Sls {
        Sls {
            rules: Rules {
                unbounded: true,
                ..Rules::default()
            },
        }
    }

    /// The board, hands and whose turn it is, as text.
    pub fn render(&self) -> String {
        let mut s = String::new();
        if self.piles.is_empty() {
            s.push_str("  (no piles)\n");
        }
        for (k, p) in self.piles.iter().enumerate() {
            let chips: String = p.iter().map(|&c| LETTERS[c]).collect();
            s.push_str(&format!("  pile {}: {chips}\n", k + 1));
        }
        for (p, name) in NAMES.iter().enumerate() {
            let hand: Vec<String> = (0..4)
                .filter(|&c| self.hands[p][c] > 0)
                .map(|c| format!("{}{}", self.hands[p][c], LETTERS[c]))
                .collect();
            let status = if self.defeated[p] { " (defeated)" } else { "" };
            s.push_str(&format!(
                "  {:<6} holds {}{status}\n",
                name,
                if hand.is_empty() {
                    "nothing".into()
                } else {
                    hand.join(" ")
                }
            ));
        }
        s.push_str(&format!(
            "  dead: {}\n",
            (0..4)
                .map(|c| format!("{}{}", self.dead[c], LETTERS[c]))
                .collect::<Vec<_>>()
                .join(" ")
        ));
        s.push_str(&format!("  {}\n", describe(&self.phase)));
        s
    }
}

fn list(ps: &[usize]) -> String {
    ps.iter().map(|&p| NAMES[p]).collect::<Vec<_>>().join(", ")
}

/// A sentence for the phase.
pub fn describe(phase: &Phase) -> String {
    match phase {
        Phase::Place { player } => format!("{} to place a chip", NAMES[*player]),
        Phase::Kill { capturer, pile } => format!(
            "{} captures pile {} and must kill one chip",
            NAMES[*capturer],
            pile + 1
        ),
        Phase::ChooseNext { mover, candidates } => format!(
            "{} chooses who moves next: {}",
            NAMES[*mover],
            list(candidates)
        ),
        Phase::Rescue { player, waiting } => {
            format!(
                "{} has no chips: {} may rescue (give) or decline",
                NAMES[*player],
                list(waiting)
            )
        }
        Phase::Over { winner } => format!("game over: {} wins", NAMES[*winner]),
    }
}

/// Parse an action written as in the terminal game:
/// `place b new`, `place r 2`, `kill g`, `next Red`, `drop Blue y`,
/// `give Blue y Red`, `decline Green`.
pub fn parse_action(line: &str, phase: &Phase) -> Result<Action, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let colour = |w: &str| -> Result<usize, String> {
        LETTERS
            .iter()
            .position(|&l| w.len() == 1 && w.starts_with(l))
            .ok_or_else(|| format!("`{w}` is not a colour (b, r, g, y)"))
    };
    let player = |w: &str| -> Result<usize, String> {
        NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(w))
            .or_else(|| {
                LETTERS
                    .iter()
                    .position(|&l| w.len() == 1 && w.starts_with(l))
            })
            .ok_or_else(|| format!("`{w}` is not a player (Blue, Red, Green, Yellow)"))
    };
    match words.as_slice() {
        ["place", c, "new"] => Ok(Action::Place { colour: colour(c)?, pile: None }),
        ["place", c, k] => {
            let k: usize = k.parse().map_err(|_| format!("`{k}` is not a pile number or `new`"))?;
            if k == 0 {
                return Err("piles are numbered from 1".into());
            }
            Ok(Action::Place { colour: colour(c)?, pile: Some(k - 1) })
        }
        ["kill", c] => Ok(Action::Kill { colour: colour(c)? }),
        ["next", p] => Ok(Action::Next { player: player(p)? }),
        ["drop", p, c] => Ok(Action::KillPrisoner { from: player(p)?, colour: colour(c)? }),
        ["give", p, c, q] => Ok(Action::Give { from: player(p)?, colour: colour(c)?, to: player(q)? }),
        ["decline", p] => Ok(Action::Decline { from: player(p)? }),
        _ => Err(format!(
            "unknown action `{line}` ({}): place <colour> new|<pile>, kill <colour>, next <player>, drop <player> <colour>, give <player> <colour> <player>, decline <player>",
            describe(phase)
        )),
    }
}

/// An action written back in the same notation.
pub fn action_text(a: &Action) -> String {
    match a {
        Action::Place { colour, pile: None } => format!("place {} new", LETTERS[*colour]),
        Action::Place {
            colour,
            pile: Some(k),
        } => format!("place {} {}", LETTERS[*colour], k + 1),
        Action::Kill { colour } => format!("kill {}", LETTERS[*colour]),
        Action::Next { player } => format!("next {}", NAMES[*player]),
        Action::KillPrisoner { from, colour } => {
            format!("drop {} {}", NAMES[*from], LETTERS[*colour])
        }
        Action::Give { from, colour, to } => {
            format!("give {} {} {}", NAMES[*from], LETTERS[*colour], NAMES[*to])
        }
        Action::Decline { from } => format!("decline {}", NAMES[*from]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(g: &mut Game, line: &str) {
        let a = parse_action(line, &g.phase).unwrap();
        g.apply(&a).unwrap_or_else(|e| panic!("{line}: {e}"));
    }

    #[test]
    fn placement_capture_and_order_of_play() {
        let mut g = Game::new(0);
        play(&mut g, "place b new"); // Blue on a new pile: the others are absent
        assert!(
            matches!(g.phase, Phase::ChooseNext { mover: 0, ref candidates } if candidates == &vec![1, 2, 3])
        );
        play(&mut g, "next Red");
        play(&mut g, "place r 1"); // pile b r: Green and Yellow absent
        play(&mut g, "next Green");
        play(&mut g, "place g 1");
        assert_eq!(
            g.phase,
            Phase::Place { player: 3 },
            "Yellow is the only colour absent"
        );
        play(&mut g, "place y 1"); // all present: lowest topmost chip is Blue's
        assert_eq!(g.phase, Phase::Place { player: 0 });
        play(&mut g, "place b new");
        assert!(
            g.apply(&Action::Next { player: 0 }).is_err(),
            "Blue's colour is on the new pile"
        );
        play(&mut g, "next Green");
        assert!(
            g.apply(&Action::Place {
                colour: 0,
                pile: None
            })
            .is_err(),
            "Green holds no b chip"
        );
        play(&mut g, "place g new");
        // Playing one's own colour on a new pile: everyone else is absent.
        assert!(matches!(g.phase, Phase::ChooseNext { mover: 2, .. }));
    }

    #[test]
    fn illegal_actions_are_refused_with_reasons() {
        let mut g = Game::new(0);
        assert!(g
            .apply(&Action::Place {
                colour: 1,
                pile: None
            })
            .unwrap_err()
            .contains("holds no r"));
        assert!(g
            .apply(&Action::Place {
                colour: 0,
                pile: Some(3)
            })
            .unwrap_err()
            .contains("no pile"));
        assert!(g
            .apply(&Action::KillPrisoner { from: 0, colour: 0 })
            .unwrap_err()
            .contains("own colour"));
        assert!(g.apply(&Action::Next { player: 2 }).is_err());
        assert!(parse_action("place x new", &g.phase)
            .unwrap_err()
            .contains("not a colour"));
    }

    #[test]
    fn capture_kills_one_and_gives_the_move_to_the_capturer() {
        let mut g = Game::new(0);
        play(&mut g, "place b new");
        play(&mut g, "next Red");
        play(&mut g, "place r new");
        play(&mut g, "next Blue");
        play(&mut g, "place b 1"); // b on b: Blue captures
        assert_eq!(
            g.phase,
            Phase::Kill {
                capturer: 0,
                pile: 0
            }
        );
        play(&mut g, "kill b");
        assert_eq!(g.hands[0][0], 6, "7 - 2 placed + 1 taken back");
        assert_eq!(g.dead[0], 1);
        assert_eq!(g.phase, Phase::Place { player: 0 });
    }
}

#[cfg(test)]
mod handoff_tests {
    use super::*;
    use crate::analysis::Outcome;
    use crate::game::Arena;
    use crate::ruleset::Evaluator;

    #[test]
    fn two_players_with_two_colours_become_an_endgame() {
        // Green and Yellow are out and none of their chips remain.
        let mut g = Game::new(0);
        g.piles = vec![vec![1, 0]]; // "rb"
        g.hands = [[1, 0, 0, 0], [0, 1, 0, 0], [0; 4], [0; 4]];
        g.defeated = [false, false, true, true];
        g.dead = [5, 5, 7, 7];
        g.phase = Phase::Place { player: 0 };
        let (state, blue_to_move, seats) = g.endgame().expect("an endgame");
        assert_eq!(state.text(), "sls([\"rb\"], 0, (1,0), (0,1))");
        assert!(blue_to_move);
        assert_eq!(seats, [0, 1]);
        // Spec §5: this endgame is worth 1/2 on a fixed board; Blue (to move) wins.
        let mut arena = Arena::new();
        let v = Evaluator::new(&Game::endgame_rules()).value(&mut arena, &state);
        assert_eq!(arena.outcome(v), Outcome::L);
        assert!(crate::ruleset::sls::Sls::final_theorem_blue_wins(&state));
        // A chip of a defeated colour still in play: no hand-off.
        g.hands[0][2] = 1;
        assert!(g.endgame().is_none());
    }

    #[test]
    fn random_games_end_with_a_winner() {
        for seed in 0..20u64 {
            let mut g = Game::new((seed % 4) as usize);
            let mut state = seed.wrapping_mul(0x9e3779b97f4a7c15) | 1;
            for _ in 0..10_000 {
                if matches!(g.phase, Phase::Over { .. }) {
                    break;
                }
                let acts: Vec<Action> = g
                    .legal_actions()
                    .into_iter()
                    .filter(|a| {
                        !matches!(a, Action::KillPrisoner { .. } | Action::Give { .. })
                            || matches!(g.phase, Phase::Rescue { .. })
                    })
                    .collect();
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let a = &acts[(state % acts.len() as u64) as usize];
                g.apply(a).unwrap();
                let total: u32 = g.hands.iter().flatten().sum::<u32>()
                    + g.piles.iter().map(|p| p.len() as u32).sum::<u32>()
                    + g.dead.iter().sum::<u32>();
                assert_eq!(total, 28, "chips are conserved");
            }
            assert!(
                matches!(g.phase, Phase::Over { .. }),
                "seed {seed}: {}",
                describe(&g.phase)
            );
        }
    }
}

#[cfg(test)]
mod handoff_search {
    use super::*;

    /// Random play in which Blue and Red kill every Green or Yellow prisoner
    /// they hold: the game should sometimes reach a two-player endgame.
    fn game_to_endgame(seed: u64) -> Option<(Game, Vec<Action>)> {
        let mut g = Game::new((seed % 4) as usize);
        let mut state = seed.wrapping_mul(0x9e3779b97f4a7c15) | 1;
        let mut log = Vec::new();
        for _ in 0..5_000 {
            if matches!(g.phase, Phase::Over { .. }) {
                return None;
            }
            if g.endgame().is_some() {
                return Some((g, log));
            }
            let drop = (0..2).find_map(|p| {
                [2, 3]
                    .into_iter()
                    .find(|&c| g.hands[p][c] > 0)
                    .map(|c| Action::KillPrisoner { from: p, colour: c })
            });
            let a = match drop {
                Some(a) => a,
                None => {
                    let acts: Vec<Action> = g
                        .legal_actions()
                        .into_iter()
                        .filter(|a| !matches!(a, Action::KillPrisoner { .. } | Action::Give { .. }))
                        .collect();
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    acts[(state % acts.len() as u64) as usize].clone()
                }
            };
            g.apply(&a).unwrap();
            log.push(a);
        }
        None
    }

    #[test]
    fn some_random_games_reach_the_endgame() {
        let found = (0..300).find_map(game_to_endgame);
        let (g, log) = found.expect("a game reaching two players and two colours");
        let (state, _, _) = g.endgame().unwrap();
        assert!(state.live_chips() > 0);
        if std::env::var_os("CGT_PRINT_ENDGAME_GAME").is_some() {
            let first = (0..300u64).find(|&s| game_to_endgame(s).is_some()).unwrap() % 4;
            println!("first {}", NAMES[first as usize]);
            for a in &log {
                println!("{}", action_text(a));
            }
        }
    }
}
