//! Printing canonical games exactly the way CGSuite prints them: compact
//! number-up-star forms, `^<n>` / `^[n]` units, `+-` switches, `Tiny`/`Miny`,
//! and braces with slash runs, options in CGSuite's order.

use cgt_core::analysis::Uptimal;
use cgt_core::game::{deep, Arena, GameId};
use cgt_core::number::Dyadic;
use hashbrown::HashMap;
use std::cmp::Ordering;
use std::sync::Arc;

/// Prints games of one arena; caches sorted option lists while it lives.
pub struct Printer<'a> {
    pub(crate) arena: &'a mut Arena,
}

/// A part of a compact text still to write.
enum Piece {
    Text(&'static str),
    Node(GameId),
}

/// Lengths of printed texts, by game, for [`Printer::printed_len`].
#[derive(Default)]
struct Lengths {
    /// `game(g)`'s length.
    game: HashMap<GameId, usize>,
    /// `body(g)`'s length and slash count.
    body: HashMap<GameId, (usize, usize)>,
}

/// Sort category: numbers, then nimbers, then other uptimals, then other games.
enum Category {
    Number(Dyadic),
    Nimber(u64),
    Uptimal(Arc<Uptimal>),
    Other,
}

impl<'a> Printer<'a> {
    /// A printer over `arena`.
    pub fn new(arena: &'a mut Arena) -> Self {
        Printer { arena }
    }

    /// The printed form of `g` at top level.
    pub fn game(&mut self, g: GameId) -> String {
        deep(|| match self.atom(g) {
            Some(s) => s,
            None => format!("{{{}}}", self.body(g).0),
        })
    }

    /// The length in characters of `game(g)`, without printing it: the
    /// text of a game with much sharing can be far longer than its memory
    /// (linear in the number of distinct subpositions).
    pub fn printed_len(&mut self, g: GameId) -> usize {
        self.game_len(g, &mut Lengths::default())
    }

    fn game_len(&mut self, g: GameId, memo: &mut Lengths) -> usize {
        if let Some(&n) = memo.game.get(&g) {
            return n;
        }
        let n = deep(|| match self.atom_len(g, memo) {
            Some(n) => n,
            None => self.body_len(g, memo).0 + 2,
        });
        memo.game.insert(g, n);
        n
    }

    /// The length of `atom(g)`, if `g` prints as an atom.
    fn atom_len(&mut self, g: GameId, memo: &mut Lengths) -> Option<usize> {
        if self.arena.as_nus(g).is_some() || self.arena.uptimal(g).is_some() {
            // Short texts: print them.
            return self.atom(g).map(|s| s.chars().count());
        }
        if self.arena.neg(g) == g {
            return Some(2 + self.switch_side_len(g, memo));
        }
        if let Some((x, _, h)) = self.arena.tiny_shape(g) {
            let prefix = if x.is_zero() { 0 } else { x.to_string().len() };
            return Some(prefix + "Tiny()".len() + self.game_len(h, memo));
        }
        None
    }

    fn switch_side_len(&mut self, g: GameId, memo: &mut Lengths) -> usize {
        let left = self.sorted_left(g);
        if left.len() > 1 {
            let parts: usize = left.iter().map(|&o| self.braced_len(o, memo)).sum();
            return parts + left.len() - 1 + 2;
        }
        let a = left[0];
        if self.arena.is_number(a) {
            return self.game_len(a, memo);
        }
        if let Some(u) = self.arena.uptimal(a) {
            let compact = u.coeffs.len() <= 1 || u.unit().is_some() || u.unit_sum().is_some();
            let n = self.game_len(a, memo);
            return if compact && u.number.is_zero() {
                n
            } else {
                n + 2
            };
        }
        match self.atom_len(a, memo) {
            Some(n) => n + 2,
            None => self.body_len(a, memo).0 + 2,
        }
    }

    fn braced_len(&mut self, g: GameId, memo: &mut Lengths) -> usize {
        match self.atom_len(g, memo) {
            Some(n) => n,
            None => self.body_len(g, memo).0 + 2,
        }
    }

    fn body_len(&mut self, g: GameId, memo: &mut Lengths) -> (usize, usize) {
        if let Some(&r) = memo.body.get(&g) {
            return r;
        }
        let r = deep(|| {
            let left = self.sorted_left(g);
            let right = self.sorted_right(g);
            let (ln, lk) = self.side_len(&left, memo);
            let (rn, rk) = self.side_len(&right, memo);
            let k = 1 + lk.max(rk);
            (ln + k + rn, k)
        });
        memo.body.insert(g, r);
        r
    }

    fn side_len(&mut self, opts: &[GameId], memo: &mut Lengths) -> (usize, usize) {
        match opts {
            [] => (0, 0),
            [one] => {
                if let Some(n) = self.atom_len(*one, memo) {
                    return (n, 0);
                }
                let (b, k) = self.body_len(*one, memo);
                if k >= 4 {
                    (b + 2, 0)
                } else {
                    (b, k)
                }
            }
            _ => {
                let parts: usize = opts.iter().map(|&o| self.braced_len(o, memo)).sum();
                (parts + opts.len() - 1, 0)
            }
        }
    }

    /// `g` written with its shared subgames named: `let g1 = ..., g2 = ...
    /// in {...}`, which the language reads back as `g`. Its length is linear
    /// in the number of distinct subpositions, where the printed form (every
    /// subgame written out wherever it occurs) can be exponential.
    pub fn compact(&mut self, g: GameId) -> String {
        // Nodes written in braces (all but numbers and compact uptimals),
        // children before parents, with how many parents refer to each.
        let mut order: Vec<GameId> = Vec::new();
        let mut uses: HashMap<GameId, usize> = HashMap::new();
        let mut options: HashMap<GameId, (Vec<GameId>, Vec<GameId>)> = HashMap::new();
        let mut stack = vec![(g, false)];
        while let Some((x, expanded)) = stack.pop() {
            cgt_core::interrupt::check();
            if expanded {
                order.push(x);
                continue;
            }
            if options.contains_key(&x) || self.short_atom(x).is_some() {
                continue;
            }
            let left = self.sorted_left(x);
            let right = self.sorted_right(x);
            stack.push((x, true));
            for &o in left.iter().chain(&right) {
                if self.short_atom(o).is_none() {
                    *uses.entry(o).or_insert(0) += 1;
                    stack.push((o, false));
                }
            }
            options.insert(x, (left, right));
        }
        let mut names: HashMap<GameId, String> = HashMap::new();
        let mut bindings: Vec<String> = Vec::new();
        for &x in &order {
            if x != g && uses.get(&x).copied().unwrap_or(0) >= 2 && !names.contains_key(&x) {
                let text = self.compact_node(x, &options, &names);
                let name = format!("g{}", bindings.len() + 1);
                bindings.push(format!("{name} = {text}"));
                names.insert(x, name);
            }
        }
        let body = match self.short_atom(g) {
            Some(a) => a,
            None => self.compact_node(g, &options, &names),
        };
        if bindings.is_empty() {
            body
        } else {
            format!("let {} in {body}", bindings.join(", "))
        }
    }

    /// A number or an uptimal written compactly (short texts), else None.
    fn short_atom(&mut self, g: GameId) -> Option<String> {
        if self.arena.as_nus(g).is_some() || self.arena.uptimal(g).is_some() {
            return self.atom(g);
        }
        None
    }

    /// `{L|R}` with named options by name, short atoms as themselves and
    /// other options written out (each is used once).
    fn compact_node(
        &mut self,
        x: GameId,
        options: &HashMap<GameId, (Vec<GameId>, Vec<GameId>)>,
        names: &HashMap<GameId, String>,
    ) -> String {
        let mut out = String::new();
        let mut stack: Vec<Piece> = vec![Piece::Node(x)];
        while let Some(p) = stack.pop() {
            match p {
                Piece::Text(t) => out.push_str(t),
                Piece::Node(y) => {
                    if y != x {
                        if let Some(n) = names.get(&y) {
                            out.push_str(n);
                            continue;
                        }
                        if let Some(a) = self.short_atom(y) {
                            out.push_str(&a);
                            continue;
                        }
                    }
                    let (l, r) = &options[&y];
                    // Pushed in reverse: `{`, left options, `|`, right options, `}`.
                    stack.push(Piece::Text("}"));
                    for (k, &o) in r.iter().enumerate().rev() {
                        stack.push(Piece::Node(o));
                        if k > 0 {
                            stack.push(Piece::Text(","));
                        }
                    }
                    stack.push(Piece::Text("|"));
                    for (k, &o) in l.iter().enumerate().rev() {
                        stack.push(Piece::Node(o));
                        if k > 0 {
                            stack.push(Piece::Text(","));
                        }
                    }
                    stack.push(Piece::Text("{"));
                }
            }
        }
        out
    }

    /// The printed form of `g` inside an explicit form, where braces read
    /// back as form nodes: braces without slash runs, so that the text
    /// reads back as a form that prints the same.
    pub fn in_form(&mut self, g: GameId) -> String {
        deep(|| {
            if let Some(s) = self.atom(g) {
                return s;
            }
            let left = self.sorted_left(g);
            let right = self.sorted_right(g);
            let l: Vec<String> = left.iter().map(|&o| self.in_form(o)).collect();
            let r: Vec<String> = right.iter().map(|&o| self.in_form(o)).collect();
            format!("{{{}|{}}}", l.join(","), r.join(","))
        })
    }

    /// Text of a game that needs no braces: numbers, compact uptimals, switches, tinies.
    fn atom(&mut self, g: GameId) -> Option<String> {
        if let Some(v) = self.arena.as_nus(g) {
            let coeffs = if v.ups == 0 { vec![] } else { vec![v.ups] };
            return Some(nus_text(&v.number, &coeffs, v.nim));
        }
        let up = self.arena.uptimal(g);
        if let Some(u) = &up {
            if let Some((n, sign)) = u.unit() {
                let ups = format!("{}<{n}>", if sign > 0 { '^' } else { 'v' });
                return Some(compose(&u.number, &ups, u.nim));
            }
            if let Some((n, sign)) = u.unit_sum() {
                let ups = format!("{}[{n}]", if sign > 0 { '^' } else { 'v' });
                return Some(compose(&u.number, &ups, u.nim));
            }
            return None;
        }
        if self.arena.neg(g) == g {
            return Some(format!("+-{}", self.switch_side(g)));
        }
        if let Some((x, miny, h)) = self.arena.tiny_shape(g) {
            let prefix = if x.is_zero() {
                String::new()
            } else {
                x.to_string()
            };
            let name = if miny { "Miny" } else { "Tiny" };
            return Some(format!("{prefix}{name}({})", self.game(h)));
        }
        None
    }

    /// The positive side of a switch `{A|-A}`.
    fn switch_side(&mut self, g: GameId) -> String {
        let left = self.sorted_left(g);
        if left.len() > 1 {
            let parts: Vec<String> = left.iter().map(|&o| self.braced_option(o)).collect();
            return format!("{{{}}}", parts.join(","));
        }
        let a = left[0];
        if self.arena.is_number(a) {
            return self.game(a);
        }
        if let Some(u) = self.arena.uptimal(a) {
            let compact = u.coeffs.len() <= 1 || u.unit().is_some() || u.unit_sum().is_some();
            if compact && u.number.is_zero() {
                return self.game(a);
            }
            return format!("({})", self.game(a));
        }
        match self.atom(a) {
            Some(s) => format!("({s})"),
            None => format!("{{{}}}", self.body(a).0),
        }
    }

    /// An option on a side with several options: braced unless it is an atom.
    pub(crate) fn braced_option(&mut self, g: GameId) -> String {
        match self.atom(g) {
            Some(s) => s,
            None => format!("{{{}}}", self.body(g).0),
        }
    }

    /// An option alone on its side: unbraced, passing its slash count up,
    /// unless it reaches four slashes.
    pub(crate) fn single_option(&mut self, g: GameId) -> (String, usize) {
        if let Some(s) = self.atom(g) {
            return (s, 0);
        }
        let (b, k) = self.body(g);
        if k >= 4 {
            (format!("{{{b}}}"), 0)
        } else {
            (b, k)
        }
    }

    /// `L|R` with the right number of slashes, and that number.
    fn body(&mut self, g: GameId) -> (String, usize) {
        deep(|| {
            let left = self.sorted_left(g);
            let right = self.sorted_right(g);
            let (ls, lk) = self.side(&left);
            let (rs, rk) = self.side(&right);
            let k = 1 + lk.max(rk);
            (format!("{ls}{}{rs}", "|".repeat(k)), k)
        })
    }

    fn side(&mut self, opts: &[GameId]) -> (String, usize) {
        match opts {
            [] => (String::new(), 0),
            [one] => self.single_option(*one),
            _ => {
                let parts: Vec<String> = opts.iter().map(|&o| self.braced_option(o)).collect();
                (parts.join(","), 0)
            }
        }
    }

    fn sorted_left(&mut self, g: GameId) -> Vec<GameId> {
        let o = self.arena.left_options(g).to_vec();
        self.sorted(o)
    }

    fn sorted_right(&mut self, g: GameId) -> Vec<GameId> {
        let o = self.arena.right_options(g).to_vec();
        self.sorted(o)
    }

    /// Sort games in CGSuite's order.
    pub fn sorted(&mut self, games: Vec<GameId>) -> Vec<GameId> {
        crate::seq::merge_sort_by(games, |&a, &b| self.cmp(a, b))
    }

    fn category(&mut self, g: GameId) -> Category {
        if let Some(v) = self.arena.as_nus(g) {
            if v.is_number() {
                return Category::Number(v.number.clone());
            }
            if v.is_nimber() {
                return Category::Nimber(v.nim);
            }
        }
        match self.arena.uptimal(g) {
            Some(u) => Category::Uptimal(u),
            None => Category::Other,
        }
    }

    /// CGSuite's total order on games (used for options and sets).
    pub fn cmp(&mut self, a: GameId, b: GameId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        use Category::*;
        match (self.category(a), self.category(b)) {
            (Number(x), Number(y)) => x.cmp(&y),
            (Number(_), _) => Ordering::Less,
            (_, Number(_)) => Ordering::Greater,
            (Nimber(x), Nimber(y)) => x.cmp(&y),
            (Nimber(_), _) => Ordering::Less,
            (_, Nimber(_)) => Ordering::Greater,
            (Uptimal(x), Uptimal(y)) => x
                .number
                .cmp(&y.number)
                .then_with(|| {
                    x.coeffs
                        .iter()
                        .zip(y.coeffs.iter())
                        .map(|(p, q)| p.cmp(q))
                        .find(|o| o.is_ne())
                        .unwrap_or(Ordering::Equal)
                })
                .then(x.coeffs.len().cmp(&y.coeffs.len()))
                .then(x.nim.cmp(&y.nim)),
            (Uptimal(_), _) => Ordering::Less,
            (_, Uptimal(_)) => Ordering::Greater,
            (Other, Other) => deep(|| {
                let la = self.sorted_left(a);
                let lb = self.sorted_left(b);
                let ord = self.cmp_lists(&la, &lb);
                if ord.is_ne() {
                    return ord;
                }
                let ra = self.sorted_right(a);
                let rb = self.sorted_right(b);
                self.cmp_lists(&ra, &rb)
            }),
        }
    }

    fn cmp_lists(&mut self, a: &[GameId], b: &[GameId]) -> Ordering {
        for (&x, &y) in a.iter().zip(b.iter()) {
            let o = self.cmp(x, y);
            if o.is_ne() {
                return o;
            }
        }
        a.len().cmp(&b.len())
    }
}

/// `[number][ups][star]` for a nus, e.g. `9/8*`, `^^*`, `v3`, `-1^^`, `0`.
fn nus_text(number: &Dyadic, coeffs: &[i64], nim: u64) -> String {
    let ups = match coeffs.first().copied().unwrap_or(0) {
        0 => String::new(),
        1 => "^".into(),
        2 => "^^".into(),
        -1 => "v".into(),
        -2 => "vv".into(),
        n if n > 0 => format!("^{n}"),
        n => format!("v{}", n.unsigned_abs()),
    };
    compose(number, &ups, nim)
}

fn compose(number: &Dyadic, ups: &str, nim: u64) -> String {
    let mut s = String::new();
    if !number.is_zero() || (ups.is_empty() && nim == 0) {
        s.push_str(&number.to_string());
    }
    s.push_str(ups);
    match nim {
        0 => {}
        1 => s.push('*'),
        k => s.push_str(&format!("*{k}")),
    }
    s
}
