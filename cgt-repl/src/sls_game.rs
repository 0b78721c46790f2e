//! `cgt sls-game`: play four-player So Long Sucker at the terminal (each seat
//! a human or a random legal mover) or replay a game from a file of actions,
//! printing the board after each action. When two players and their two
//! colours remain, the two-player endgame is evaluated.

use cgt_core::ruleset::sls::{Sls, State};
use cgt_core::sls_game::{action_text, describe, parse_action, Action, Game, Phase, NAMES};
use std::io::{BufRead, Write};
use std::process::ExitCode;

const USAGE: &str = "\
usage: cgt sls-game [--seats S,S,S,S] [--first N] [--seed N] [--replay FILE]
  seats (Blue, Red, Green, Yellow): human or random (default human,random,random,random)
  a replay file holds one action a line; a first line `first <player>` sets who starts
  actions: place <colour> new | place <colour> <pile>, kill <colour>, next <player>,
           drop <player> <colour> (kill a prisoner), give <player> <colour> <player>,
           decline <player>; also `board`, `help`, `quit`";

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

use crate::cli::flag;

/// Who moves first in a game that has not started.
fn game_first(g: &Game) -> usize {
    match g.phase {
        Phase::Place { player } => player,
        _ => 0,
    }
}

/// Who must act now.
fn actor(g: &Game) -> Option<usize> {
    match &g.phase {
        Phase::Place { player } => Some(*player),
        Phase::Kill { capturer, .. } => Some(*capturer),
        Phase::ChooseNext { mover, .. } => Some(*mover),
        Phase::Rescue { waiting, .. } => waiting.first().copied(),
        Phase::Over { .. } => None,
    }
}

/// A random legal action for the actor (never throwing prisoners away).
fn random_action(g: &Game, rng: &mut Rng) -> Option<Action> {
    let who = actor(g)?;
    let mut acts: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|a| match a {
            Action::KillPrisoner { .. } => false,
            Action::Give { from, .. } | Action::Decline { from } => *from == who,
            _ => true,
        })
        .collect();
    if acts.is_empty() {
        acts = g.legal_actions();
    }
    if acts.is_empty() {
        return None;
    }
    Some(acts.swap_remove(rng.below(acts.len())))
}

/// Report the two-player endgame once it appears.
fn report_endgame(g: &Game, done: &mut bool) {
    if *done {
        return;
    }
    let Some((state, blue_to_move, [x, y])) = g.endgame() else {
        return;
    };
    *done = true;
    println!(
        "== two-player endgame: {} plays b (Blue), {} plays r (Red) ==",
        NAMES[x], NAMES[y]
    );
    println!("   {} on an unbounded table", state.text());
    // The final theorem (for the player to move, roles swapped for Red).
    let mover_wins = if blue_to_move {
        Sls::final_theorem_blue_wins(&state)
    } else {
        Sls::final_theorem_blue_wins(&swap(&state))
    };
    let (mover, other) = if blue_to_move { (x, y) } else { (y, x) };
    let winner = if mover_wins { mover } else { other };
    println!(
        "   under perfect play {} wins (final theorem of De Carufel & Jerade)",
        NAMES[winner]
    );
    if state.live_chips() <= 10 {
        let mut s = cgt_lang::Session::new();
        let g = cgt_core::ruleset::Evaluator::new(&Game::endgame_rules())
            .value(&mut s.world().arena, &state);
        println!("   value {}", s.game_text(g));
    }
}

/// The same endgame with the colours' roles exchanged.
fn swap(s: &State) -> State {
    let piles: Vec<String> = s
        .piles
        .iter()
        .map(|p| {
            p.text()
                .chars()
                .map(|c| if c == 'b' { 'r' } else { 'b' })
                .collect()
        })
        .collect();
    let refs: Vec<&str> = piles.iter().map(String::as_str).collect();
    State::new(&refs, s.empty, (s.red.r, s.red.b), (s.blue.r, s.blue.b)).expect("swapped state")
}

pub fn run(args: &[String]) -> ExitCode {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let seats: Vec<bool> = flag(args, "--seats")
        .unwrap_or("human,random,random,random")
        .split(',')
        .map(|s| s.trim() == "human")
        .collect();
    if seats.len() != 4 {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    let first = match crate::cli::parsed::<usize>(args, "--first", "a seat from 0 to 3") {
        Ok(f) if f.is_none_or(|f| f < 4) => f.unwrap_or(0),
        Ok(Some(f)) => {
            eprintln!("error: --first needs a seat from 0 to 3 (got {f})");
            return ExitCode::from(2);
        }
        Ok(None) => 0,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut rng = match crate::cli::parsed::<u64>(args, "--seed", "a number from 0 to 2^64 - 1") {
        Ok(seed) => Rng(seed.unwrap_or(1)),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    // A replay file is read before anything is printed: an unreadable one
    // is an error on its own.
    let replay = match flag(args, "--replay") {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(t) => Some((path, t)),
            Err(e) => {
                eprintln!("error: cannot read {path}: {e}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let mut game = Game::new(first);
    let mut endgame_done = false;
    println!("So Long Sucker: Blue (b), Red (r), Green (g), Yellow (y), 7 chips each.");
    print!("{}", game.render());

    if let Some((path, text)) = &replay {
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        {
            // `first <player>` before any action sets who starts.
            if let Some(name) = line.trim().strip_prefix("first ") {
                match NAMES
                    .iter()
                    .position(|p| p.eq_ignore_ascii_case(name.trim()))
                {
                    Some(p) if game == Game::new(game_first(&game)) => {
                        game = Game::new(p);
                        println!("> first {}", NAMES[p]);
                        continue;
                    }
                    _ => {
                        eprintln!(
                            "{path}:{}: `first` names a player and comes before every action",
                            n + 1
                        );
                        return ExitCode::from(1);
                    }
                }
            }
            match parse_action(line, &game.phase).and_then(|a| game.apply(&a)) {
                Ok(()) => {
                    println!("> {}", line.trim());
                    print!("{}", game.render());
                    report_endgame(&game, &mut endgame_done);
                }
                Err(e) => {
                    eprintln!("{path}:{}: illegal action `{}`: {e}", n + 1, line.trim());
                    return ExitCode::from(1);
                }
            }
        }
        return ExitCode::SUCCESS;
    }

    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut steps = 0;
    while let Some(who) = actor(&game) {
        steps += 1;
        if steps > 100_000 {
            println!("stopping after 100,000 actions");
            break;
        }
        let action = if seats[who] {
            print!("{}> ", NAMES[who]);
            let _ = std::io::stdout().flush();
            let Some(Ok(line)) = lines.next() else {
                println!();
                return ExitCode::SUCCESS;
            };
            match line.trim() {
                "" => continue,
                "quit" => return ExitCode::SUCCESS,
                "board" => {
                    print!("{}", game.render());
                    continue;
                }
                "help" => {
                    println!("{USAGE}\n  now: {}", describe(&game.phase));
                    continue;
                }
                text => match parse_action(text, &game.phase) {
                    Ok(a) => a,
                    Err(e) => {
                        println!("error: {e}");
                        continue;
                    }
                },
            }
        } else {
            match random_action(&game, &mut rng) {
                Some(a) => a,
                None => {
                    eprintln!("error: no legal action ({})", describe(&game.phase));
                    return ExitCode::from(1);
                }
            }
        };
        match game.apply(&action) {
            Ok(()) => {
                println!("> {}: {}", NAMES[who], action_text(&action));
                print!("{}", game.render());
                report_endgame(&game, &mut endgame_done);
            }
            Err(e) => println!("error: {e}"),
        }
    }
    ExitCode::SUCCESS
}
