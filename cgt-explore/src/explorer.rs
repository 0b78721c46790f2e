//! The explorer's state: a session, the line of play from the position
//! explored (positions with the player to move), and where in it the user
//! stands. Every answer is JSON for the page. What the engine says of a
//! position is asked through the language's own functions (`value`,
//! `move_roles`, `winning_moves`, `hottest_moves`, ...), so the page shows
//! exactly what the REPL would; a question the engine cannot answer there
//! (a loopy game's temperature, say) is left out with its reason.

use cgt_core::game::GameId;
use cgt_core::ruleset::picture::Picture;
use cgt_lang::print::Printer;
use cgt_lang::{Session, Value};
use serde_json::{json, Map, Value as Json};

/// The most nodes of a canonical game tree the page is sent.
const TREE_NODES: usize = 400;

/// A step of the line: a position (or any game) and who moves next.
#[derive(Clone)]
struct Step {
    game: Value,
    left_to_move: bool,
}

/// A move on offer at the current position.
#[derive(Clone)]
struct Move {
    to: Value,
}

/// The session and the line played in it.
pub struct Explorer {
    session: Session,
    line: Vec<Step>,
    at: usize,
    /// The moves of the current position, Left's then Right's, as last shown.
    moves: [Vec<Move>; 2],
}

/// True for the values the explorer can show: games, positions, forms,
/// sums and loopy games.
pub fn explorable(v: &Value) -> bool {
    v.is_game_like() || matches!(v, Value::Stopper(_) | Value::Sided(_))
}

/// The player's name in the language.
fn player(left: bool) -> &'static str {
    if left {
        "Left"
    } else {
        "Right"
    }
}

impl Explorer {
    /// An explorer of `start` (Left to move first) in `session`.
    pub fn new(session: Session, start: Value) -> Self {
        Explorer {
            session,
            line: vec![Step {
                game: start,
                left_to_move: true,
            }],
            at: 0,
            moves: [Vec::new(), Vec::new()],
        }
    }

    /// The session, given back (the REPL's, after `:explore`).
    pub fn into_session(self) -> Session {
        self.session
    }

    /// The value of `text` with `p` bound to the current position.
    fn ask(&mut self, text: &str) -> Result<Value, String> {
        let p = self.line[self.at].game.clone();
        self.session
            .eval_with(text, &[("p", p)])
            .map_err(|e| e.message)
    }

    /// `ask`, printed; a failure as `{"error": ...}`.
    fn ask_text(&mut self, text: &str) -> Json {
        match self.ask(text) {
            Ok(v) => Json::String(self.session.world().show(&v)),
            Err(e) => json!({ "error": e }),
        }
    }

    /// How the page draws a value: a ruleset's picture, a sum as its
    /// terms side by side, a canonical game as its tree, else its text.
    fn picture(&mut self, v: &Value) -> Json {
        let picture = match v {
            Value::Position(p) => p.picture(),
            Value::Sum(sum) => {
                let mut terms = Vec::new();
                for (negated, t) in sum.flat_terms() {
                    terms.push(json!({
                        "negated": negated,
                        "text": self.session.world().show(&t),
                        "picture": self.picture(&t),
                    }));
                }
                return json!({ "kind": "sum", "terms": terms });
            }
            Value::Game(g) => return json!({ "kind": "tree", "tree": self.tree(*g) }),
            _ => Picture::Text,
        };
        match picture {
            Picture::Board { rows, legend } => {
                let legend: Map<String, Json> = legend
                    .iter()
                    .map(|(c, piece)| (c.to_string(), Json::from(piece.name())))
                    .collect();
                json!({ "kind": "board", "rows": rows, "legend": legend })
            }
            Picture::Heaps(h) => json!({ "kind": "heaps", "heaps": h }),
            Picture::Graph {
                vertices,
                edges,
                ground,
            } => {
                let vertices: Vec<&str> = vertices.iter().map(|p| p.name()).collect();
                let edges: Vec<Json> = edges
                    .iter()
                    .map(|&(a, b, p)| json!([a, b, p.name()]))
                    .collect();
                json!({ "kind": "graph", "vertices": vertices, "edges": edges, "ground": ground })
            }
            Picture::Text => json!({ "kind": "text" }),
        }
    }

    /// The canonical game `g` as a tree the page folds: each node its text
    /// and its Left and Right options in CGSuite's order, to [`TREE_NODES`]
    /// nodes in all (breadth first, so the top of a big game is shown; a
    /// node not expanded says so).
    fn tree(&mut self, g: GameId) -> Json {
        let arena = &mut self.session.world().arena;
        // Nodes in breadth-first order: the game, then children of each.
        let mut nodes: Vec<(GameId, Vec<usize>, Vec<usize>)> = vec![(g, Vec::new(), Vec::new())];
        let mut next = 0;
        while next < nodes.len() && nodes.len() < TREE_NODES {
            let id = nodes[next].0;
            for left in [true, false] {
                let options = if left {
                    arena.left_options(id)
                } else {
                    arena.right_options(id)
                };
                let options = Printer::new(arena).sorted(options.to_vec());
                let mut children = Vec::new();
                for o in options {
                    children.push(nodes.len());
                    nodes.push((o, Vec::new(), Vec::new()));
                }
                if left {
                    nodes[next].1 = children;
                } else {
                    nodes[next].2 = children;
                }
            }
            next += 1;
        }
        let expanded = next;
        let world = self.session.world();
        let mut out: Vec<Json> = nodes
            .iter()
            .map(|(id, _, _)| json!({ "text": world.show(&Value::Game(*id)) }))
            .collect();
        // Children before parents: each node takes its finished children.
        for k in (0..nodes.len()).rev() {
            if k >= expanded {
                let id = nodes[k].0;
                let leaf = world.arena.left_options(id).is_empty()
                    && world.arena.right_options(id).is_empty();
                out[k]["more"] = json!(!leaf);
                continue;
            }
            let take = |out: &mut Vec<Json>, ks: &[usize]| -> Vec<Json> {
                ks.iter().map(|&c| out[c].take()).collect()
            };
            let left = take(&mut out, &nodes[k].1);
            let right = take(&mut out, &nodes[k].2);
            out[k]["left"] = json!(left);
            out[k]["right"] = json!(right);
        }
        out.swap_remove(0)
    }

    /// Everything the page shows of the current position. A stop (the
    /// page's stop button) ends the questions still to ask; those answered
    /// are shown.
    pub fn state(&mut self) -> Json {
        let stops_before = cgt_core::interrupt::interrupts();
        let stopped = || cgt_core::interrupt::interrupts() != stops_before;
        let step = self.line[self.at].clone();
        let text = self.session.world().show(&step.game);
        let mut facts = Map::new();
        let questions = [
            ("value", "value(p)"),
            ("outcome", "outcome_class(p)"),
            ("temperature", "temperature(p)"),
            ("mean", "mean(p)"),
            ("atomic_weight", "atomic_weight(p)"),
        ];
        for (name, question) in questions {
            if stopped() {
                facts.insert(name.into(), json!({ "error": "stopped" }));
                continue;
            }
            facts.insert(name.into(), self.ask_text(question));
        }
        let mut sides = Vec::new();
        for left in [true, false] {
            let side = if stopped() {
                self.moves[usize::from(!left)].clear();
                json!({ "error": "stopped", "moves": [] })
            } else {
                self.side(left)
            };
            sides.push(side);
        }
        let history: Vec<Json> = self
            .line
            .clone()
            .iter()
            .map(|s| {
                json!({
                    "text": self.session.world().show(&s.game),
                    "to_move": player(s.left_to_move),
                })
            })
            .collect();
        json!({
            "text": text,
            "picture": self.picture(&step.game),
            "to_move": player(step.left_to_move),
            "facts": facts,
            "left": sides[0],
            "right": sides[1],
            "history": history,
            "at": self.at,
            "stopped": stopped(),
        })
    }

    /// One player's moves, each with its role (`move_roles`), whether it
    /// wins moving first (`winning_moves`) and whether it is among the
    /// hottest (`hottest_moves`, with its incentive and temperature).
    fn side(&mut self, left: bool) -> Json {
        let who = player(left);
        let (roles, error) = match self.ask(&format!("move_roles(p, {who})")) {
            Ok(v) => (v, None),
            // A game move_roles cannot take (a sum, a loopy game): its moves alone.
            Err(e) => match self.ask(&format!("{}_options(p)", who.to_lowercase())) {
                Ok(v) => (v, Some(e)),
                Err(e) => {
                    self.moves[usize::from(!left)].clear();
                    return json!({ "error": e, "moves": [] });
                }
            },
        };
        let winning: Vec<String> = match self.ask(&format!("winning_moves(p, {who})")) {
            Ok(v) => self.texts(&v),
            Err(_) => Vec::new(),
        };
        let hottest: Vec<(String, String, String)> =
            match self.ask(&format!("hottest_moves(p, {who})")) {
                Ok(Value::List(items)) => items
                    .iter()
                    .filter_map(|h| match h.items() {
                        Some([m, incentive, t]) => {
                            let w = self.session.world();
                            Some((w.show(m), w.show(incentive), w.show(t)))
                        }
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            };
        let mut shown = Vec::new();
        let mut moves = Vec::new();
        for entry in roles.items().unwrap_or(&[]).to_vec() {
            let (to, value, role, detail) = match entry.items() {
                Some([to, value, role, detail]) => (
                    to.clone(),
                    Some(value.clone()),
                    Some(role.clone()),
                    Some(detail.clone()),
                ),
                _ => (entry.clone(), None, None, None),
            };
            let w = self.session.world();
            let text = w.show(&to);
            let hot = hottest.iter().find(|h| h.0 == text);
            let mut m = json!({
                "text": text,
                "winning": winning.contains(&text),
                "hottest": hot.is_some(),
            });
            if let Some((_, incentive, t)) = hot {
                m["incentive"] = json!(incentive);
                m["temperature"] = json!(t);
            }
            if let Some(v) = value {
                m["value"] = json!(w.show(&v));
            }
            if let Some(Value::Str(r) | Value::Text(r)) = role {
                m["role"] = json!(r.as_str());
            }
            if let Some(d) = detail {
                m["detail"] = json!(w.show(&d));
            }
            m["picture"] = self.picture(&to);
            shown.push(m);
            moves.push(Move { to });
        }
        self.moves[usize::from(!left)] = moves;
        let mut out = json!({ "moves": shown });
        if let Some(e) = error {
            out["note"] = json!(format!("moves without their roles: {e}"));
        }
        out
    }

    /// The printed elements of a list.
    fn texts(&mut self, v: &Value) -> Vec<String> {
        let items = v.items().unwrap_or(&[]).to_vec();
        items.iter().map(|x| self.session.world().show(x)).collect()
    }

    /// Play move `index` of `player` ("Left" or "Right") from the current
    /// position: the line after it is replaced by the move.
    pub fn play(&mut self, left: bool, index: usize) -> Result<(), String> {
        let Some(m) = self.moves[usize::from(!left)].get(index).cloned() else {
            return Err(format!("{} has no move {index} here", player(left)));
        };
        self.line.truncate(self.at + 1);
        self.line.push(Step {
            game: m.to,
            left_to_move: !left,
        });
        self.at += 1;
        Ok(())
    }

    /// Stand at step `at` of the line.
    pub fn go(&mut self, at: usize) -> Result<(), String> {
        if at >= self.line.len() {
            return Err(format!("the line has {} positions", self.line.len()));
        }
        self.at = at;
        Ok(())
    }

    /// Who moves next at the current position.
    pub fn set_to_move(&mut self, left: bool) {
        self.line[self.at].left_to_move = left;
    }

    /// Evaluate a line of the language in the explorer's session: what it
    /// printed and its value, or the error with a caret under its place.
    pub fn eval(&mut self, line: &str) -> Json {
        match self.session.run_line(line) {
            Ok(out) => json!({ "output": out }),
            Err(e) => json!({ "error": e.render(line) }),
        }
    }

    /// Explore the value of `expr` from now on (a new line of play).
    pub fn open(&mut self, expr: &str) -> Result<(), String> {
        let v = self
            .session
            .eval_with(expr, &[])
            .map_err(|e| e.render(expr))?;
        if !explorable(&v) {
            return Err(format!(
                "{expr} is a {}, not a game to explore",
                v.type_name()
            ));
        }
        self.line = vec![Step {
            game: v,
            left_to_move: true,
        }];
        self.at = 0;
        self.moves = [Vec::new(), Vec::new()];
        Ok(())
    }

    /// The canonical game tree of the current position, to fold open (see
    /// [`Explorer::tree`]); a loopy value has no tree.
    pub fn canonical_tree(&mut self) -> Result<Json, String> {
        match self.ask("value(p)")? {
            Value::Game(g) => Ok(self.tree(g)),
            other => Err(format!(
                "{} repeats: its game graph is not a tree",
                self.session.world().show(&other)
            )),
        }
    }

    /// A picture of the current position's canonical game tree, or of its
    /// thermograph (SVG).
    pub fn plot(&mut self, what: &str) -> Result<String, String> {
        let question = match what {
            "tree" => "plot_tree(value(p))",
            "thermograph" => "plot_thermograph(p)",
            _ => return Err(format!("no picture `{what}`")),
        };
        match self.ask(question)? {
            Value::Text(s) | Value::Str(s) => Ok(s.to_string()),
            other => Ok(self.session.world().show(&other)),
        }
    }
}
