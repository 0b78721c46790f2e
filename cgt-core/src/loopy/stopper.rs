//! Canonical stoppers: Siegel's simplification (reversible options
//! bypassed, dominated options removed, equal vertices fused) gives every
//! stopper one graph, unique up to isomorphism; one whose graph has no
//! cycle left is a short game.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use super::graph::Graph;
use super::order::Table;
use crate::game::{deep, Arena, GameId};
use crate::number::Dyadic;

/// The value of a stopper: a short game or a canonical stopper graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Loopy {
    /// A short game (its graph has no cycle).
    Short(GameId),
    /// A stopper that is not short.
    Stopper(Arc<Stopper>),
}

/// A game that is not a stopper: play can alternate for ever. Its value is
/// a sided value ([`super::Sides`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotStopper;

/// A canonical stopper that is not short: vertex 0 is the game, every
/// vertex is reachable from it, no two vertices are equal, and no option
/// is dominated or reversible.
#[derive(Debug)]
pub struct Stopper {
    graph: Graph,
    /// The short game of each vertex that reaches no cycle.
    short: Vec<Option<GameId>>,
    /// An isomorphism invariant: equal stoppers have equal hashes.
    hash: u64,
}

/// A pseudonumber: a number, `x over`, `x under`, `on` or `off`, in their
/// order (`x under < x < x over`); the stops of stoppers are pseudonumbers.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pseudonumber {
    /// `off`, below everything.
    Off,
    /// A number, or a number with `under` (-1), `over` (+1) added.
    Number(Dyadic, i8),
    /// `on`, above everything.
    On,
}

impl Pseudonumber {
    /// The game: `x over = {x | pass}`, `x under = {pass | x}`.
    pub fn value(&self, arena: &mut Arena) -> Loopy {
        match self {
            Pseudonumber::On => Named::On.value(arena),
            Pseudonumber::Off => Named::Off.value(arena),
            Pseudonumber::Number(x, side) => {
                let x = Loopy::Short(arena.number(x.clone()));
                let made = match side.signum() {
                    0 => return x,
                    1 => Loopy::braces(arena, &[x], &[], false, true),
                    _ => Loopy::braces(arena, &[], &[x], true, false),
                };
                made.expect("a pseudonumber is a stopper")
            }
        }
    }
}

impl PartialEq for Stopper {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash
            && self.graph.len() == other.graph.len()
            && Table::new(&self.graph, &other.graph).ge(0, 0)
            && Table::new(&other.graph, &self.graph).ge(0, 0)
    }
}

impl Eq for Stopper {}

impl Hash for Stopper {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.hash.hash(state)
    }
}

impl Loopy {
    /// The canonical value of the game `(graph, start)`, or [`NotStopper`].
    pub fn of(arena: &mut Arena, graph: &Graph, start: u32) -> Result<Loopy, NotStopper> {
        let g = graph.restricted(start);
        if g.has_alternating_cycle(0) {
            return Err(NotStopper);
        }
        if g.loopfree()[0] {
            return Ok(Loopy::Short(g.short_games(arena)[0].expect("loopfree")));
        }
        let g = simplified(g);
        if g.loopfree()[0] {
            return Ok(Loopy::Short(g.short_games(arena)[0].expect("loopfree")));
        }
        Ok(Loopy::Stopper(Arc::new(Stopper::new(arena, g))))
    }

    /// The canonical values of the vertices `starts` of one graph, from one
    /// simplification of everything they reach (a ruleset's component of
    /// positions that reach each other is valued at once), or
    /// [`NotStopper`] if play can alternate for ever from any of them.
    pub fn of_each(
        arena: &mut Arena,
        graph: &Graph,
        starts: &[u32],
    ) -> Result<Vec<Loopy>, NotStopper> {
        // A new vertex moving to every start makes their reach one graph.
        let mut g = graph.clone();
        let root = g.add_vertex();
        for &s in starts {
            g.add_edge(root, true, s);
        }
        let order = g.reachable(root);
        let mut index = vec![u32::MAX; g.len()];
        for (i, &v) in order.iter().enumerate() {
            index[v as usize] = i as u32;
        }
        let g = g.renumbered(&order);
        if g.has_alternating_cycle(0) {
            return Err(NotStopper);
        }
        let (g, class) = simplify(g);
        let short = g.short_games(arena);
        Ok(starts
            .iter()
            .map(|&s| {
                let v = class[index[s as usize] as usize];
                match short[v as usize] {
                    Some(x) => Loopy::Short(x),
                    None => Loopy::Stopper(Arc::new(Stopper::new(arena, g.restricted(v)))),
                }
            })
            .collect())
    }

    /// `{left | right}` where `pass` among the options (`left_pass`,
    /// `right_pass`) is a move to the game itself.
    pub fn braces(
        arena: &mut Arena,
        left: &[Loopy],
        right: &[Loopy],
        left_pass: bool,
        right_pass: bool,
    ) -> Result<Loopy, NotStopper> {
        let mut g = Graph::default();
        let root = g.add_vertex();
        let mut memo = HashMap::new();
        for (list, is_left, pass) in [(left, true, left_pass), (right, false, right_pass)] {
            for o in list {
                let v = o.insert(arena, &mut g, &mut memo);
                g.add_edge(root, is_left, v);
            }
            if pass {
                g.add_edge(root, is_left, root);
            }
        }
        Loopy::of(arena, &g, root)
    }

    /// Adds this game's graph to `g` and returns its vertex (`memo`: the
    /// short games added already).
    pub fn insert(&self, arena: &mut Arena, g: &mut Graph, memo: &mut HashMap<GameId, u32>) -> u32 {
        match self {
            Loopy::Short(s) => g.insert_short(arena, *s, memo),
            Loopy::Stopper(s) => g.append(&s.graph),
        }
    }

    /// The game as a graph, its start the returned vertex.
    pub fn to_graph(&self, arena: &mut Arena) -> (Graph, u32) {
        let mut g = Graph::default();
        let v = self.insert(arena, &mut g, &mut HashMap::new());
        (g, v)
    }

    /// `-G`.
    pub fn neg(&self, arena: &mut Arena) -> Loopy {
        match self {
            Loopy::Short(s) => Loopy::Short(arena.neg(*s)),
            Loopy::Stopper(s) => {
                let graph = s.graph.negated();
                let short = s.short.iter().map(|o| o.map(|x| arena.neg(x))).collect();
                Loopy::Stopper(Arc::new(Stopper::with_short(graph, short)))
            }
        }
    }

    /// `G + H`, or [`NotStopper`] when the sum is not a stopper (`on + off`).
    pub fn add(arena: &mut Arena, a: &Loopy, b: &Loopy) -> Result<Loopy, NotStopper> {
        if let (Loopy::Short(x), Loopy::Short(y)) = (a, b) {
            return Ok(Loopy::Short(arena.add(*x, *y)));
        }
        let (ga, sa) = a.to_graph(arena);
        let (gb, sb) = b.to_graph(arena);
        Loopy::of(arena, &Graph::sum(&ga, sa, &gb, sb), 0)
    }

    /// Whether `G >= H`.
    pub fn ge(arena: &mut Arena, a: &Loopy, b: &Loopy) -> bool {
        if let (Loopy::Short(x), Loopy::Short(y)) = (a, b) {
            return arena.le(*y, *x);
        }
        let (ga, sa) = a.to_graph(arena);
        let (gb, sb) = b.to_graph(arena);
        super::order::ge(&ga, sa, &gb, sb)
    }

    /// The game's Left (`left`) or Right options, each canonical.
    pub fn options(&self, arena: &mut Arena, left: bool) -> Vec<Loopy> {
        match self {
            Loopy::Short(s) => {
                let o = if left {
                    arena.left_options(*s)
                } else {
                    arena.right_options(*s)
                };
                o.iter().map(|&x| Loopy::Short(x)).collect()
            }
            Loopy::Stopper(s) => s
                .graph
                .options(0, left)
                .iter()
                .map(|&v| s.follower(v))
                .collect(),
        }
    }

    /// The stop of the game for Left moving first (`left`) or Right.
    pub fn stop(&self, arena: &mut Arena, left: bool) -> Pseudonumber {
        match self {
            Loopy::Short(s) => {
                let x = if left {
                    arena.left_stop(*s)
                } else {
                    arena.right_stop(*s)
                };
                Pseudonumber::Number(x, 0)
            }
            Loopy::Stopper(s) => s.stop(arena, 0, left, &mut HashMap::new()),
        }
    }

    /// `x + Tiny(G)` = `{x || x | x - G}` or `x + Miny(G)` = `{x + G | x || x}`,
    /// where the far option is at most `x + under` away (CGSuite's
    /// `IsNumberTiny`): the number `x`, whether it is Miny, and `G`.
    pub fn tiny_shape(&self, arena: &mut Arena) -> Option<(Dyadic, bool, Loopy)> {
        let lo = self.options(arena, true);
        let ro = self.options(arena, false);
        let ([l], [r]) = (lo.as_slice(), ro.as_slice()) else {
            return None;
        };
        let under = Named::Under.value(arena);
        for miny in [false, true] {
            let (x, other) = if miny { (r, l) } else { (l, r) };
            let Loopy::Short(xs) = x else { continue };
            let Some(number) = arena.as_number(*xs).cloned() else {
                continue;
            };
            let near = other.options(arena, !miny);
            let far = other.options(arena, miny);
            let ([n], [f]) = (near.as_slice(), far.as_slice()) else {
                continue;
            };
            if n != x {
                continue;
            }
            // Tiny: f - x <= under; Miny: x - f <= under. The subscript is
            // the negative: x - f for Tiny, f - x for Miny.
            let neg_x = Loopy::Short(arena.neg(*xs));
            let Ok(f_minus_x) = Loopy::add(arena, f, &neg_x) else {
                continue;
            };
            let (diff, sub) = if miny {
                (f_minus_x.neg(arena), f_minus_x)
            } else {
                let x_minus_f = f_minus_x.neg(arena);
                (f_minus_x, x_minus_f)
            };
            if Loopy::ge(arena, &under, &diff) {
                return Some((number, miny, sub));
            }
        }
        None
    }

    /// The stop of the game with `over` and `under` dropped (CGSuite's
    /// strong stop): `x` for `x over`.
    pub fn strong_stop(&self, arena: &mut Arena, left: bool) -> Pseudonumber {
        match self.stop(arena, left) {
            Pseudonumber::Number(x, _) => Pseudonumber::Number(x, 0),
            p => p,
        }
    }

    /// The pseudonumber this game is, if it is one.
    pub fn as_pseudonumber(&self, arena: &Arena) -> Option<Pseudonumber> {
        match self {
            Loopy::Short(s) => arena
                .as_number(*s)
                .map(|x| Pseudonumber::Number(x.clone(), 0)),
            Loopy::Stopper(s) => s.pseudonumber_at(arena, 0),
        }
    }
}

impl Stopper {
    fn new(arena: &mut Arena, graph: Graph) -> Stopper {
        let short = graph.short_games(arena);
        Stopper::with_short(graph, short)
    }

    fn with_short(graph: Graph, short: Vec<Option<GameId>>) -> Stopper {
        let hash = invariant(&graph, &short);
        Stopper { graph, short, hash }
    }

    /// An isomorphism invariant: equal stoppers give equal numbers.
    pub fn invariant(&self) -> u64 {
        self.hash
    }

    /// The canonical graph (vertex 0 the game).
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The short game of vertex `v`, if it reaches no cycle.
    pub fn short_at(&self, v: u32) -> Option<GameId> {
        self.short[v as usize]
    }

    /// The canonical value of vertex `v` (its part of a canonical graph is
    /// canonical as it stands).
    pub fn follower(&self, v: u32) -> Loopy {
        if let Some(s) = self.short[v as usize] {
            return Loopy::Short(s);
        }
        if v == 0 {
            return Loopy::Stopper(Arc::new(Stopper::with_short(
                self.graph.clone(),
                self.short.clone(),
            )));
        }
        let order = self.graph.reachable(v);
        let graph = self.graph.renumbered(&order);
        let short = order.iter().map(|&w| self.short[w as usize]).collect();
        Loopy::Stopper(Arc::new(Stopper::with_short(graph, short)))
    }

    /// The pseudonumber vertex `v` is, if it is one (`on`, `off`,
    /// `x over = {x | pass}`, `x under = {pass | x}`).
    pub fn pseudonumber_at(&self, arena: &Arena, v: u32) -> Option<Pseudonumber> {
        let (l, r) = (&self.graph.left[v as usize], &self.graph.right[v as usize]);
        let number = |w: u32| self.short[w as usize].and_then(|s| arena.as_number(s).cloned());
        match (l.as_slice(), r.as_slice()) {
            ([a], []) if *a == v => Some(Pseudonumber::On),
            ([], [b]) if *b == v => Some(Pseudonumber::Off),
            ([a], [b]) if *b == v => number(*a).map(|x| Pseudonumber::Number(x, 1)),
            ([a], [b]) if *a == v => number(*b).map(|x| Pseudonumber::Number(x, -1)),
            _ => None,
        }
    }

    /// The stop of vertex `v` for Left moving first (`left`) or Right: the
    /// pseudonumber where alternating play from it settles (finite in a
    /// stopper).
    fn stop(
        &self,
        arena: &mut Arena,
        v: u32,
        left: bool,
        memo: &mut HashMap<(u32, bool), Pseudonumber>,
    ) -> Pseudonumber {
        if let Some(s) = self.short[v as usize] {
            let x = if left {
                arena.left_stop(s)
            } else {
                arena.right_stop(s)
            };
            return Pseudonumber::Number(x, 0);
        }
        if let Some(p) = self.pseudonumber_at(arena, v) {
            return p;
        }
        if let Some(p) = memo.get(&(v, left)) {
            return p.clone();
        }
        let stops: Vec<Pseudonumber> = self
            .graph
            .options(v, left)
            .clone()
            .into_iter()
            .map(|w| deep(|| self.stop(arena, w, !left, memo)))
            .collect();
        let p = if left {
            stops.into_iter().max().unwrap_or(Pseudonumber::Off)
        } else {
            stops.into_iter().min().unwrap_or(Pseudonumber::On)
        };
        memo.insert((v, left), p.clone());
        p
    }
}

/// The stopper `g` (vertex 0) in canonical form: with one comparison table
/// of the graph against itself (the steps keep every vertex's value),
/// reversible options are bypassed and dominated ones removed at each
/// vertex, and then equal vertices are fused. Fusing comes last: done
/// first, it could turn an option equal to its parent into a pass.
fn simplified(g: Graph) -> Graph {
    let (g, class) = simplify(g);
    g.restricted(class[0])
}

/// Every vertex of `g` simplified as [`simplified`] says, and the vertex
/// each one was fused into (a vertex's part of the result from there is
/// its canonical form).
fn simplify(mut g: Graph) -> (Graph, Vec<u32>) {
    let table = Table::new(&g, &g);
    for v in 0..g.len() as u32 {
        crate::interrupt::check();
        for left in [true, false] {
            bypass_reversible(&mut g, &table, v, left);
            remove_dominated(&mut g, &table, v, left);
        }
    }
    // Each vertex goes to the first vertex of its value.
    let n = g.len() as u32;
    let mut class: Vec<u32> = (0..n).collect();
    for i in 0..n {
        if let Some(j) =
            (0..i).find(|&j| class[j as usize] == j && table.ge(i, j) && table.ge(j, i))
        {
            class[i as usize] = j;
        }
    }
    let fused = |list: &Vec<u32>| {
        let mut out: Vec<u32> = Vec::with_capacity(list.len());
        for &w in list {
            let c = class[w as usize];
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    };
    let g = Graph {
        left: g.left.iter().map(fused).collect(),
        right: g.right.iter().map(fused).collect(),
    };
    (g, class)
}

/// Bypasses `v`'s reversible options for Left (`left`) or Right: a Left
/// option `a` with a Right option `b <= G_v` is replaced by `b`'s Left
/// options. In a stopper, the chains of bypasses are alternating play, so
/// they end.
fn bypass_reversible(g: &mut Graph, table: &Table, v: u32, left: bool) {
    let mut opts = g.options(v, left).clone();
    let mut i = 0;
    while i < opts.len() {
        let replies = g.options(opts[i], !left);
        let reverses = |b: u32| if left { table.ge(v, b) } else { table.ge(b, v) };
        match replies.iter().copied().find(|&b| reverses(b)) {
            Some(b) => {
                let new: Vec<u32> = g
                    .options(b, left)
                    .iter()
                    .copied()
                    .filter(|c| !opts.contains(c))
                    .collect();
                opts.remove(i);
                opts.extend(new);
            }
            None => i += 1,
        }
    }
    *g.options_mut(v, left) = opts;
}

/// Removes `v`'s dominated options for Left (`left`) or Right (of equal
/// options, the first stays).
fn remove_dominated(g: &mut Graph, table: &Table, v: u32, left: bool) {
    let opts = g.options(v, left);
    // `better(x, y)`: the player would rather move to x than to y, or as soon.
    let better = |x: u32, y: u32| if left { table.ge(x, y) } else { table.ge(y, x) };
    let mut keep = vec![true; opts.len()];
    for i in 0..opts.len() {
        if !keep[i] {
            continue;
        }
        for j in i + 1..opts.len() {
            if !keep[j] {
                continue;
            }
            if better(opts[i], opts[j]) {
                keep[j] = false;
            } else if better(opts[j], opts[i]) {
                keep[i] = false;
                break;
            }
        }
    }
    let kept: Vec<u32> = opts
        .iter()
        .zip(&keep)
        .filter(|(_, &k)| k)
        .map(|(&o, _)| o)
        .collect();
    *g.options_mut(v, left) = kept;
}

/// An isomorphism invariant of the game at vertex 0 (colour refinement:
/// each vertex's colour from its short value or from its options'
/// colours, until the classes stop splitting).
fn invariant(g: &Graph, short: &[Option<GameId>]) -> u64 {
    let hash_of = |x: &dyn Fn(&mut std::collections::hash_map::DefaultHasher)| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        x(&mut h);
        h.finish()
    };
    let mut colour: Vec<u64> = short.iter().map(|s| hash_of(&|h| s.hash(h))).collect();
    let mut classes = 0;
    loop {
        let next: Vec<u64> = (0..g.len())
            .map(|v| {
                if short[v].is_some() {
                    return colour[v];
                }
                let mut l: Vec<u64> = g.left[v].iter().map(|&w| colour[w as usize]).collect();
                let mut r: Vec<u64> = g.right[v].iter().map(|&w| colour[w as usize]).collect();
                l.sort_unstable();
                r.sort_unstable();
                hash_of(&|h| (colour[v], &l, &r).hash(h))
            })
            .collect();
        let mut distinct = next.clone();
        distinct.sort_unstable();
        distinct.dedup();
        colour = next;
        if distinct.len() == classes {
            return colour[0];
        }
        classes = distinct.len();
    }
}

/// `x^[on]*j` (`uponth` false) or `x^<on>*j` (true), as CGSuite prints
/// them: `x^[on]*j = {pass | x*(j^1)}` (with `x` a Left option too when
/// j = 1), and `x^<on>*j = {x, x*, ..., x*j | -((-x)^[on]*(j^1))}`.
pub fn upon(arena: &mut Arena, x: &Dyadic, j: u64, uponth: bool) -> Loopy {
    let nus = |arena: &mut Arena, x: &Dyadic, k: u64| {
        let n = arena.number(x.clone());
        let s = arena.nimber(k);
        Loopy::Short(arena.add(n, s))
    };
    let made = if uponth {
        let left: Vec<Loopy> = (0..=j).map(|i| nus(arena, x, i)).collect();
        let right = upon(arena, &-x, j ^ 1, false).neg(arena);
        Loopy::braces(arena, &left, &[right], false, false)
    } else {
        let k = j ^ 1;
        let left = if k == 0 {
            vec![nus(arena, x, 0)]
        } else {
            Vec::new()
        };
        let right = nus(arena, x, k);
        Loopy::braces(arena, &left, &[right], true, false)
    };
    made.expect("an upon form is a stopper")
}

/// The stoppers with names of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Named {
    /// `on = {pass|}`.
    On,
    /// `off = {|pass}`.
    Off,
    /// `over = {0|pass}`.
    Over,
    /// `under = {pass|0}`.
    Under,
    /// `upon = {pass|*}`.
    Upon,
}

impl Named {
    /// The stopper a name stands for (`"on"`, ...).
    pub fn from_name(name: &str) -> Option<Named> {
        Some(match name {
            "on" => Named::On,
            "off" => Named::Off,
            "over" => Named::Over,
            "under" => Named::Under,
            "upon" => Named::Upon,
            _ => return None,
        })
    }

    /// Its canonical value.
    pub fn value(self, arena: &mut Arena) -> Loopy {
        let zero = Loopy::Short(arena.zero());
        let star = Loopy::Short(arena.nimber(1));
        let made = match self {
            Named::On => Loopy::braces(arena, &[], &[], true, false),
            Named::Off => Loopy::braces(arena, &[], &[], false, true),
            Named::Over => Loopy::braces(arena, &[zero], &[], false, true),
            Named::Under => Loopy::braces(arena, &[], &[zero], true, false),
            Named::Upon => Loopy::braces(arena, &[], &[star], true, false),
        };
        made.expect("each named game is a stopper")
    }
}
