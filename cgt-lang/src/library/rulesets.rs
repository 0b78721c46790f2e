//! Rulesets defined in the language: a Left-move function and a Right-move
//! function (position -> list of positions), optionally a `components`
//! function, a symmetry `key` and a `conjugate`. Positions are any values
//! with equality.
//!
//! Making a position explores everything reachable from it once, calling
//! the language's functions, into the ruleset's game graph: nodes keyed by
//! `key`, each with its options (or components) as node numbers in one
//! array of edges. Positions may repeat: the graph is then marked cyclic,
//! and its values are loopy (the engine's
//! [`Evaluator::loopy_value`](cgt_core::ruleset::Evaluator::loopy_value)).
//! Short values are computed on the graph directly, children first, into a
//! table of the session's memos; outcome and misère searches and forms go
//! through the engine's [`Evaluator`](cgt_core::ruleset::Evaluator) on the
//! same graph. The language and the engine stay apart: the engine never
//! calls back into the language.

use super::{Args, Builtin, Run};
use crate::context::Context;
use crate::error::{Error, Span};
use crate::value::{Key, KeyRef, Ruleset as UserRuleset, Value};
use crate::world::loopy_value;
use cgt_core::analysis::Outcome;
use cgt_core::form::Form;
use cgt_core::game::{Arena, GameId};
use cgt_core::loopy::{GeneralizedNim, NotStopperSided, Sides};
use cgt_core::ruleset::registry::{AnyPosition, Memos, Notation, Positioned};
use cgt_core::ruleset::{NotImpartial, Ruleset};
use hashbrown::HashMap;
use smallvec::SmallVec;
use std::any::Any;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

/// The graph a ruleset explores into now (a new one if none).
fn current(rs: &UserRuleset) -> Arc<Graph> {
    let Ok(mut slot) = rs.graph.lock() else {
        return Graph::new(&rs.name, merging(rs));
    };
    if let Some(g) = slot
        .as_ref()
        .and_then(|g| g.clone().downcast::<Graph>().ok())
    {
        return g;
    }
    let g = Graph::new(&rs.name, merging(rs));
    *slot = Some(g.clone());
    g
}

/// How many positions the ruleset's current graph holds.
pub fn explored(rs: &UserRuleset) -> usize {
    current(rs).len()
}

/// The game graph of a language-defined ruleset: every position explored,
/// its options and components as node numbers.
#[derive(Debug)]
pub struct Graph {
    id: u64,
    name: String,
    data: RwLock<GraphData>,
    /// The same rules without key or conjugate, exploring on their own,
    /// against which the key is checked (made once, so checks share it).
    unkeyed: std::sync::OnceLock<Arc<UserRuleset>>,
    /// The options that give one node to several positions (`key`,
    /// `signed_key`, `conjugate`): a key that lies can make a cycle the
    /// moves do not have.
    merging: Vec<&'static str>,
    /// Whether some position explored can reach itself: the ruleset's
    /// values are then loopy.
    cyclic: std::sync::atomic::AtomicBool,
}

#[derive(Debug, Default)]
struct GraphData {
    /// Nodes by the key of their positions.
    index: HashMap<Key, u32>,
    /// Nodes by every position met (so a position met again costs no call
    /// of the key function).
    seen: HashMap<Key, u32>,
    /// Sum nodes by their components' nodes, sorted.
    sums: HashMap<SmallVec<[u32; 4]>, u32>,
    nodes: Vec<Node>,
    /// The nodes' children, each node's in one run: its components, or its
    /// Left options then its Right options (its Left ones only, if the two
    /// sides' moves are one function's).
    edges: Vec<u32>,
    /// How positions holding games print (inside the ruleset's call);
    /// positions of plain data print from themselves.
    texts: HashMap<u32, String>,
    /// Positions whose merge with another's node was checked (`--check-keys`).
    checked: hashbrown::HashSet<Key>,
}

/// A node: one position (the first met with its key) and its children.
#[derive(Debug)]
struct Node {
    position: Value,
    /// Where its children start in `edges`.
    first: u32,
    /// How many Left options (or components) it has.
    left: u32,
    /// How many Right options (equal to `left` and not stored separately
    /// when `IMPARTIAL`).
    right: u32,
    /// For a position met as the conjugate of one explored already: that
    /// node, whose game is this one's negative (never itself an alias).
    negative_of: u32,
    state: State,
    flags: u8,
}

/// The node's children are its components.
const SPLITS: u8 = 1;
/// The node's Right options are its Left options.
const IMPARTIAL: u8 = 2;
/// No node.
const NONE: u32 = u32::MAX;

impl Node {
    fn splits(&self) -> bool {
        self.flags & SPLITS != 0
    }

    fn left_edges<'d>(&self, edges: &'d [u32]) -> &'d [u32] {
        &edges[self.first as usize..(self.first + self.left) as usize]
    }

    fn right_edges<'d>(&self, edges: &'d [u32]) -> &'d [u32] {
        if self.flags & IMPARTIAL != 0 {
            return self.left_edges(edges);
        }
        let start = (self.first + self.left) as usize;
        &edges[start..start + self.right as usize]
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum State {
    /// Known, children not computed yet.
    New,
    /// On the path being explored.
    Open,
    /// Everything reachable from it explored.
    Done,
}

static NEXT_GRAPH: AtomicU64 = AtomicU64::new(1);

impl Graph {
    fn new(name: &str, merging: Vec<&'static str>) -> Arc<Graph> {
        Arc::new(Graph {
            merging,
            id: NEXT_GRAPH.fetch_add(1, Ordering::Relaxed),
            name: name.to_string(),
            data: RwLock::new(GraphData::default()),
            unkeyed: std::sync::OnceLock::new(),
            cyclic: std::sync::atomic::AtomicBool::new(false),
        })
    }

    fn len(&self) -> usize {
        self.read(|d| d.nodes.len())
    }

    fn read<T>(&self, f: impl FnOnce(&GraphData) -> T) -> T {
        match self.data.read() {
            Ok(d) => f(&d),
            Err(poisoned) => f(&poisoned.into_inner()),
        }
    }

    fn write<T>(&self, f: impl FnOnce(&mut GraphData) -> T) -> T {
        match self.data.write() {
            Ok(mut d) => f(&mut d),
            Err(poisoned) => f(&mut poisoned.into_inner()),
        }
    }
}

/// The rules of a language-defined ruleset as the engine sees them: the
/// explored graph. Positions are sums of nodes; equal graphs are the same graph.
#[derive(Clone, Debug)]
pub struct GraphRules(Arc<Graph>);

impl PartialEq for GraphRules {
    fn eq(&self, other: &Self) -> bool {
        self.0.id == other.0.id
    }
}

impl Eq for GraphRules {}

impl Hash for GraphRules {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.id.hash(state);
    }
}

/// A node of a graph as the engine sees it: with this bit, the negative of
/// the node (the options of a position met as a conjugate are the negatives
/// of its conjugate's options).
const NEGATED: u32 = 1 << 31;

/// A position of a language-defined ruleset as the engine sees it: a sum of
/// nodes, each possibly negated. A position made by the ruleset is one node;
/// a node that splits stands for the sum of its components, so that moves,
/// outcome searches, misère play and forms see the whole position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pos(SmallVec<[u32; 4]>);

impl GraphData {
    /// Whether node `x` is known to be 0: explored, without options.
    fn is_zero(&self, x: u32) -> bool {
        let (n, _) = self.resolve(x);
        let node = &self.nodes[n as usize];
        node.state == State::Done && node.left == 0 && node.right == 0
    }

    /// The explored node whose game `p` is, and whether `p` is its negative.
    fn resolve(&self, p: u32) -> (u32, bool) {
        let (n, neg) = (p & !NEGATED, p & NEGATED != 0);
        match self.nodes[n as usize].negative_of {
            NONE => (n, neg),
            t => (t, !neg),
        }
    }

    /// The nodes of a sum, aliases resolved and splitting nodes replaced
    /// by their components, sorted: equal sums have equal lists.
    fn normalized(&self, p: &Pos) -> SmallVec<[u32; 4]> {
        let mut out: SmallVec<[u32; 4]> = SmallVec::new();
        let mut stack: SmallVec<[u32; 8]> = p.0.iter().copied().collect();
        while let Some(x) = stack.pop() {
            let (n, neg) = self.resolve(x);
            let sign = if neg { NEGATED } else { 0 };
            let node = &self.nodes[n as usize];
            if node.splits() {
                stack.extend(node.left_edges(&self.edges).iter().map(|q| q ^ sign));
            } else {
                out.push(n | sign);
            }
        }
        out.sort_unstable();
        out
    }

    /// One player's options of a node that does not split.
    fn sided(&self, x: u32, left: bool) -> SmallVec<[u32; 16]> {
        let (n, neg) = (x & !NEGATED, x & NEGATED != 0);
        let node = &self.nodes[n as usize];
        // Left's options of -G are the negatives of Right's of G.
        let from_left = left != neg;
        let edges = if from_left {
            node.left_edges(&self.edges)
        } else {
            node.right_edges(&self.edges)
        };
        let flip = if neg { NEGATED } else { 0 };
        edges.iter().map(|e| e ^ flip).collect()
    }

    /// One player's options of a sum: a move in one of its parts.
    fn options(&self, p: &Pos, left: bool) -> Vec<Pos> {
        let parts = self.normalized(p);
        let mut out = Vec::new();
        for (i, &x) in parts.iter().enumerate() {
            if i > 0 && parts[i - 1] == x {
                continue;
            }
            for o in self.sided(x, left) {
                let mut next = parts.clone();
                next[i] = o;
                out.push(Pos(next));
            }
        }
        out
    }
}

impl Ruleset for GraphRules {
    type Position = Pos;

    fn left_options(&self, p: &Pos) -> Vec<Pos> {
        self.0.read(|d| d.options(p, true))
    }

    fn right_options(&self, p: &Pos) -> Vec<Pos> {
        self.0.read(|d| d.options(p, false))
    }

    fn signed_key(&self, p: &Pos) -> (Pos, bool) {
        let parts = self.0.read(|d| d.normalized(p));
        match parts[..] {
            [x] if x & NEGATED != 0 => (Pos(smallvec::smallvec![x ^ NEGATED]), true),
            _ => (Pos(parts), false),
        }
    }

    fn canonical_key(&self, p: &Pos) -> Pos {
        Pos(self.0.read(|d| d.normalized(p)))
    }

    fn components(&self, p: &Pos) -> Option<Vec<Pos>> {
        let parts = self.0.read(|d| d.normalized(p));
        (parts.len() > 1).then(|| parts.iter().map(|&x| Pos(smallvec::smallvec![x])).collect())
    }

    fn repeats(&self) -> bool {
        self.0.cyclic.load(Ordering::Relaxed)
    }
}

impl Notation for GraphRules {
    fn text(&self, p: &Pos) -> String {
        if p.0.is_empty() {
            return "0".into();
        }
        let terms: Vec<String> =
            p.0.iter()
                .map(|&x| {
                    let inner = self.0.read(|d| d.node_text(x & !NEGATED));
                    let sign = if x & NEGATED != 0 { "-" } else { "" };
                    format!("{sign}{}({inner})", self.0.name)
                })
                .collect();
        terms.join(" + ")
    }
}

/// The values of the nodes of each graph, as games of the session's arena:
/// kept with the evaluators' memos, and cleared with them when the arena
/// loses games.
#[derive(Default)]
struct GraphValues(HashMap<u64, Vec<Option<GameId>>>);

/// A position of a language-defined ruleset: the engine's view of it
/// (searches, forms, options), with values computed on the graph directly.
#[derive(Clone, Debug)]
struct UserPosition(Positioned<GraphRules>, Option<String>);

/// Positions are the same when their nodes are: how they print is not
/// part of them.
impl PartialEq for UserPosition {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl Eq for UserPosition {}

impl Hash for UserPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl UserPosition {
    fn boxed(rules: GraphRules, position: Pos) -> Arc<dyn AnyPosition> {
        Arc::new(UserPosition(Positioned { rules, position }, None))
    }

    /// The values of the node `p` and of everything below it (children
    /// first, on an explicit stack), as a game of `arena`.
    fn node_value(&self, x: u32, arena: &mut Arena, memos: &mut Memos) -> GameId {
        let graph = &self.0.rules.0;
        let values = memos.slot::<GraphValues>().0.entry(graph.id).or_default();
        graph.read(|d| {
            if values.len() < d.nodes.len() {
                values.resize(d.nodes.len(), None);
            }
            let (root, neg) = d.resolve(x);
            let mut stack: Vec<(u32, bool)> = vec![(root, false)];
            while let Some(&(n, ready)) = stack.last() {
                if values[n as usize].is_some() {
                    stack.pop();
                    continue;
                }
                let node = &d.nodes[n as usize];
                if !ready {
                    stack.last_mut().expect("not empty").1 = true;
                    let kids = node.left_edges(&d.edges).iter().chain(if node.splits() {
                        [].iter()
                    } else {
                        node.right_edges(&d.edges).iter()
                    });
                    for &k in kids {
                        let (c, _) = d.resolve(k);
                        if values[c as usize].is_none() {
                            stack.push((c, false));
                        }
                    }
                    continue;
                }
                stack.pop();
                cgt_core::interrupt::check();
                let of = |arena: &mut Arena, k: u32| {
                    let (c, negated) = d.resolve(k);
                    let g = values[c as usize].expect("children are valued first");
                    if negated {
                        arena.neg(g)
                    } else {
                        g
                    }
                };
                let g = if node.splits() {
                    let mut acc = arena.zero();
                    for &k in node.left_edges(&d.edges) {
                        let v = of(arena, k);
                        acc = arena.add(acc, v);
                    }
                    acc
                } else {
                    let left: Vec<GameId> = node
                        .left_edges(&d.edges)
                        .iter()
                        .map(|&k| of(arena, k))
                        .collect();
                    let right: Vec<GameId> = node
                        .right_edges(&d.edges)
                        .iter()
                        .map(|&k| of(arena, k))
                        .collect();
                    arena.construct(left, right)
                };
                values[n as usize] = Some(g);
            }
            let g = values[root as usize].expect("valued above");
            if neg {
                arena.neg(g)
            } else {
                g
            }
        })
    }
}

impl AnyPosition for UserPosition {
    fn text(&self) -> String {
        match &self.1 {
            Some(t) => t.clone(),
            None => self.0.text(),
        }
    }

    fn value(&self, arena: &mut Arena, memos: &mut Memos) -> GameId {
        if self.repeats() {
            // The values by the graph would walk round its cycles.
            let graph = &self.0.rules.0;
            let cycle = graph.read(|d| {
                self.0
                    .position
                    .0
                    .iter()
                    .find_map(|&x| find_cycle(d, d.resolve(x).0))
            });
            if let Some(cycle) = cycle {
                let e = cycle_error(graph, &cycle);
                cgt_core::interrupt::unsupported(e);
            }
        }
        let mut acc = arena.zero();
        for &x in &self.0.position.0 {
            let g = self.node_value(x, arena, memos);
            acc = arena.add(acc, g);
        }
        acc
    }

    fn repeats(&self) -> bool {
        self.0.repeats()
    }

    fn generalized_nim_value(&self, memos: &mut Memos) -> Result<GeneralizedNim, NotImpartial> {
        self.0.generalized_nim_value(memos)
    }

    fn loopy_value(&self, arena: &mut Arena, memos: &mut Memos) -> Result<Sides, NotStopperSided> {
        let value = self.0.loopy_value(arena, memos);
        let merging = &self.0.rules.0.merging;
        let stopper = matches!(&value, Ok(x) if x.as_stopper().is_some());
        if !stopper && !merging.is_empty() {
            // Play that alternates for ever may be the key's doing: a sided
            // value is not given where the key may have made the cycle.
            cgt_core::interrupt::unsupported(format!(
                "not a stopper: play can alternate for ever through positions that stand for all positions of their {}: if the moves never repeat a position, the {} gives one node to positions of different games (try the ruleset without it); rules whose positions do repeat get their sided value without one",
                if merging.contains(&"conjugate") { "key or conjugate" } else { "key" },
                merging.join(" or ")
            ));
        }
        value
    }

    fn parts(&self, arena: &mut Arena, memos: &mut Memos) -> Vec<GameId> {
        let parts = self.0.rules.0.read(|d| d.normalized(&self.0.position));
        parts
            .iter()
            .map(|&x| self.node_value(x, arena, memos))
            .collect()
    }

    fn outcome(&self, arena: &mut Arena, memos: &mut Memos) -> Outcome {
        self.0.outcome(arena, memos)
    }

    fn searched_whole(&self) -> bool {
        self.0.searched_whole()
    }

    fn misere_outcome(&self) -> Outcome {
        self.0.misere_outcome()
    }

    fn form(&self) -> Arc<Form> {
        self.0.form()
    }

    fn left_options(&self) -> Vec<Arc<dyn AnyPosition>> {
        let rules = &self.0.rules;
        rules
            .left_options(&self.0.position)
            .into_iter()
            .map(|p| Self::boxed(rules.clone(), p))
            .collect()
    }

    fn right_options(&self) -> Vec<Arc<dyn AnyPosition>> {
        let rules = &self.0.rules;
        rules
            .right_options(&self.0.position)
            .into_iter()
            .map(|p| Self::boxed(rules.clone(), p))
            .collect()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same(&self, other: &dyn AnyPosition) -> bool {
        other.as_any().downcast_ref::<Self>() == Some(self)
    }

    fn hash_into(&self, mut state: &mut dyn Hasher) {
        std::any::TypeId::of::<Self>().hash(&mut state);
        self.hash(&mut state);
    }
}

/// True for positions made of strings, booleans and lists of them: they
/// print without the arena, so their text is made only when asked for.
fn plain_data(v: &Value) -> bool {
    match v {
        Value::Str(_) | Value::Bool(_) => true,
        Value::List(items) => items.iter().all(plain_data),
        _ => false,
    }
}

impl GraphData {
    /// How a node's position prints.
    fn node_text(&self, n: u32) -> String {
        fn write(v: &Value, out: &mut String) {
            match v {
                Value::Str(s) => out.push_str(&crate::world::quoted(s)),
                Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                Value::List(items) => {
                    out.push('[');
                    for (k, x) in items.iter().enumerate() {
                        if k > 0 {
                            out.push(',');
                        }
                        write(x, out);
                    }
                    out.push(']');
                }
                _ => {}
            }
        }
        if let Some(t) = self.texts.get(&n) {
            return t.clone();
        }
        let mut out = String::new();
        write(&self.nodes[n as usize].position, &mut out);
        out
    }
}

/// The position `p` of the ruleset `rs`, with everything reachable from
/// it explored.
pub fn make_position(
    s: &mut dyn Context,
    rs: &Arc<UserRuleset>,
    p: Value,
    span: Span,
) -> Result<Value, Error> {
    let graph = current(rs);
    let made = position_of(s, rs, &graph, p, span)?;
    if s.world().check_keys && (!merging(rs).is_empty() || rs.components.is_some()) {
        verify_keys(s, rs, &graph, Sample::Fresh, span)?;
    }
    Ok(made)
}

/// The position `p` of the ruleset `rs` in `graph`, explored (unchecked).
fn position_of(
    s: &mut dyn Context,
    rs: &Arc<UserRuleset>,
    graph: &Arc<Graph>,
    p: Value,
    span: Span,
) -> Result<Value, Error> {
    let graph = graph.clone();
    // It prints as given (its node's position may be another with the
    // same key).
    let shown = format!("{}({})", graph.name, s.show(&p));
    let root = explore(s, rs, &graph, p, span)?;
    let position = Pos(smallvec::smallvec![root]);
    Ok(Value::position(Arc::new(UserPosition(
        Positioned {
            rules: GraphRules(graph),
            position,
        },
        Some(shown),
    ))))
}

/// Call one of the ruleset's functions on a position; it must give a list.
fn moves(
    s: &mut dyn Context,
    f: &Value,
    p: &Value,
    what: &str,
    span: Span,
) -> Result<Vec<Value>, Error> {
    match s.apply_one(f, p.clone(), span)? {
        // The list is usually the function's own: take it without a copy.
        Value::List(items) => Ok(Arc::try_unwrap(items).unwrap_or_else(|shared| (*shared).clone())),
        Value::Set(items) => Ok(Arc::try_unwrap(items).unwrap_or_else(|shared| (*shared).clone())),
        other => Err(Error::spanned(
            span,
            format!(
                "the ruleset's {what} function must give a list of positions, not a {}",
                other.type_name()
            ),
        )),
    }
}

/// The node of position `p` (added, unexplored, if new).
fn node_of(
    s: &mut dyn Context,
    rs: &UserRuleset,
    graph: &Graph,
    p: Value,
    span: Span,
) -> Result<u32, Error> {
    match graph.read(|d| d.seen.get(&KeyRef(&p)).copied()) {
        Some(n) => Ok(n),
        None => new_node_of(s, rs, graph, p, span),
    }
}

/// The nodes of positions `ps`, onto `out`: those met before found under
/// one lock, the others made. `parts` when they are components already
/// (not to be split again).
fn nodes_of(
    s: &mut dyn Context,
    rs: &UserRuleset,
    graph: &Graph,
    ps: Vec<Value>,
    parts: bool,
    span: Span,
    out: &mut SmallVec<[u32; 32]>,
) -> Result<(), Error> {
    let start = out.len();
    graph.read(|d| {
        out.extend(
            ps.iter()
                .map(|p| d.seen.get(&KeyRef(p)).copied().unwrap_or(NONE)),
        )
    });
    for (k, p) in ps.into_iter().enumerate() {
        if out[start + k] == NONE {
            out[start + k] = if parts {
                whole_node_of(s, rs, graph, p, span)?
            } else {
                new_node_of(s, rs, graph, p, span)?
            };
        }
    }
    Ok(())
}

/// The node of position `p`, not met before (with [`NEGATED`] if its game
/// is the negative of the node's). With a components function the
/// position is split first: a position of several components is the sum
/// node of theirs (equal multisets of components share it), and only
/// single components are keyed and explored, so a board's key is taken on
/// its small regions rather than on the whole board.
fn new_node_of(
    s: &mut dyn Context,
    rs: &UserRuleset,
    graph: &Graph,
    p: Value,
    span: Span,
) -> Result<u32, Error> {
    let Some(f) = &rs.components else {
        return whole_node_of(s, rs, graph, p, span);
    };
    let mut parts = moves(s, f, &p, "components", span)?;
    let n = if parts.len() == 1 {
        let part = parts.pop().expect("one part");
        if crate::value::same(&part, &p) {
            return whole_node_of(s, rs, graph, p, span);
        }
        match graph.read(|d| d.seen.get(&KeyRef(&part)).copied()) {
            Some(n) => n,
            None => whole_node_of(s, rs, graph, part, span)?,
        }
    } else {
        let mut nodes: SmallVec<[u32; 32]> = SmallVec::with_capacity(parts.len());
        nodes_of(s, rs, graph, parts, true, span, &mut nodes)?;
        // Parts known to be 0 (explored, no move for either player) add
        // nothing: left out, sums that differ only by them are one node.
        graph.read(|d| nodes.retain(|&mut x| !d.is_zero(x)));
        if nodes.len() == 1 {
            nodes[0]
        } else {
            let text = (!plain_data(&p)).then(|| s.show(&p));
            sum_node(graph, nodes, p.clone(), text)?
        }
    };
    graph.write(|d| d.seen.insert(Key(p), n));
    Ok(n)
}

/// The node of the sum of `parts` (made if new; `p` is the position it
/// is met as).
fn sum_node(
    graph: &Graph,
    mut parts: SmallVec<[u32; 32]>,
    p: Value,
    text: Option<String>,
) -> Result<u32, Error> {
    parts.sort_unstable();
    let key: SmallVec<[u32; 4]> = SmallVec::from_slice(&parts);
    graph.write(|d| {
        if let Some(&n) = d.sums.get(&key) {
            return Ok(n);
        }
        let n = d.push(p, NONE, text)?;
        let first = d.edges.len() as u32;
        d.edges.extend_from_slice(&parts);
        let node = &mut d.nodes[n as usize];
        (node.first, node.left, node.flags) = (first, parts.len() as u32, SPLITS);
        d.sums.insert(key, n);
        Ok(n)
    })
}

/// The node of position `p`, a single component not met before, by its
/// key.
fn whole_node_of(
    s: &mut dyn Context,
    rs: &UserRuleset,
    graph: &Graph,
    p: Value,
    span: Span,
) -> Result<u32, Error> {
    let raw = Key(p);
    if let Some(f) = &rs.signed_key {
        let (key, negated) = match s.apply_one(f, raw.0.clone(), span)? {
            Value::List(pair) => match &pair[..] {
                [k, Value::Bool(b)] => (Key(k.clone()), *b),
                _ => return Err(signed_key_error(span)),
            },
            _ => return Err(signed_key_error(span)),
        };
        let sign = if negated { NEGATED } else { 0 };
        // The index holds each node with the sign of the position it was
        // made from: a position of the same key and the other sign is its
        // negative.
        let n = match graph.read(|d| d.index.get(&key).copied()) {
            Some(v) => v ^ sign,
            None => {
                let n = keyed_node(s, rs, graph, Key(Value::Nil), raw.0.clone(), span)?;
                graph.write(|d| d.index.insert(key, n | sign));
                n
            }
        };
        graph.write(|d| d.seen.insert(raw, n));
        return Ok(n);
    }
    let key = match &rs.key {
        Some(f) => Key(s.apply_one(f, raw.0.clone(), span)?),
        None => raw.clone(),
    };
    let n = keyed_node(s, rs, graph, key, raw.0.clone(), span)?;
    graph.write(|d| d.seen.insert(raw, n));
    Ok(n)
}

fn signed_key_error(span: Span) -> Error {
    Error::spanned(
        span,
        "a ruleset's signed_key function gives [key, negated]: a key, and true when the position's game is the negative of the key's",
    )
}

/// The node of the positions with this key (`p` one of them). A new
/// position whose conjugate is explored already becomes its negative,
/// with nothing of its own to explore. (With a signed key the caller
/// indexes the node itself: `key` is not used.)
fn keyed_node(
    s: &mut dyn Context,
    rs: &UserRuleset,
    graph: &Graph,
    key: Key,
    p: Value,
    span: Span,
) -> Result<u32, Error> {
    let signed = rs.signed_key.is_some();
    if !signed {
        if let Some(n) = graph.read(|d| d.index.get(&key).copied()) {
            return Ok(n);
        }
    }
    let mut negative_of = NONE;
    if let Some(f) = &rs.conjugate {
        let c = s.apply_one(f, p.clone(), span)?;
        let c = Key(c);
        let found = match graph.read(|d| d.seen.get(&c).copied()) {
            Some(n) => Some(n),
            None => {
                let kc = match &rs.key {
                    Some(k) => Key(s.apply_one(k, c.0, span)?),
                    None => c,
                };
                graph.read(|d| d.index.get(&kc).copied())
            }
        };
        // Only a finished node: one still on the path may be an ancestor.
        if let Some(n) = found {
            negative_of = graph.read(|d| {
                let node = &d.nodes[n as usize];
                // The negative of a negative is the game itself: keep such
                // positions as nodes of their own.
                if node.state == State::Done && node.negative_of == NONE {
                    n
                } else {
                    NONE
                }
            });
        }
    }
    let text = (!plain_data(&p)).then(|| s.show(&p));
    graph.write(|d| {
        let n = d.push(p, negative_of, text)?;
        if !signed {
            d.index.insert(key, n);
        }
        Ok(n)
    })
}

impl GraphData {
    /// A new node for position `p`, its children not stored yet (nothing
    /// to explore if it is the negative of another).
    fn push(&mut self, p: Value, negative_of: u32, text: Option<String>) -> Result<u32, Error> {
        let n = u32::try_from(self.nodes.len())
            .ok()
            .filter(|&n| n < NEGATED)
            .ok_or_else(|| {
                Error::plain("a ruleset defined in the language has at most 2^31 positions")
                    .with_kind(crate::ErrorKind::Unsupported)
            })?;
        self.nodes.push(Node {
            position: p,
            first: 0,
            left: 0,
            right: 0,
            negative_of,
            state: if negative_of != NONE {
                State::Done
            } else {
                State::New
            },
            flags: 0,
        });
        if let Some(t) = text {
            self.texts.insert(n, t);
        }
        Ok(n)
    }
}

/// Explore everything reachable from `root` (depth first, on an explicit
/// stack); a position met again while still on the path lies on a cycle.
/// How many positions deep a ruleset's exploration may go: past it, moves
/// that never end (a move function without a base case) are an error
/// rather than a walk to the memory limit.
const EXPLORE_DEPTH_LIMIT: usize = 1_000_000;

fn explore(
    s: &mut dyn Context,
    rs: &UserRuleset,
    graph: &Graph,
    root: Value,
    span: Span,
) -> Result<u32, Error> {
    let root_node = node_of(s, rs, graph, root, span)?;
    let (root_sign, root_node) = (root_node & NEGATED, root_node & !NEGATED);
    if graph.read(|d| d.nodes[root_node as usize].state == State::Done) {
        return Ok(root_node | root_sign);
    }
    // The path: each node with its children and how many of them have
    // been visited.
    struct Frame {
        node: u32,
        children: SmallVec<[u32; 32]>,
        next: usize,
    }
    let mut path: Vec<Frame> = Vec::new();
    let mut pending = Some(root_node);
    // A stop (an error of a rule, Ctrl-C) leaves the nodes on the path
    // unexplored again, not open: a later call must not take them for a
    // cycle.
    let reopen = |path: &[Frame], node: Option<u32>| {
        graph.write(|d| {
            for n in path.iter().map(|f| f.node).chain(node) {
                let node = &mut d.nodes[n as usize];
                if node.state == State::Open {
                    node.state = State::New;
                }
            }
        })
    };
    loop {
        if let Err(e) = cgt_core::interrupt::poll() {
            reopen(&path, None);
            return Err(e.into());
        }
        if let Some(node) = pending.take() {
            // A position explored: the REPL's progress line counts them.
            cgt_core::interrupt::note_work();
            let children = match expand(s, rs, graph, node, span) {
                Ok(c) => c,
                Err(e) => {
                    reopen(&path, Some(node));
                    return Err(e);
                }
            };
            path.push(Frame {
                node,
                children,
                next: 0,
            });
            if path.len() > EXPLORE_DEPTH_LIMIT {
                reopen(&path, None);
                let (first, deep) = graph.read(|d| (d.node_text(root_node), d.node_text(node)));
                return Err(Error::spanned(
                    span,
                    format!(
                        "the moves go more than {EXPLORE_DEPTH_LIMIT} positions deep from {name}({first}) (one of them {name}({deep})): do the move functions miss a base case, positions with no moves?",
                        name = graph.name
                    ),
                ));
            }
            continue;
        }
        let Some(top) = path.last_mut() else {
            break;
        };
        if top.next == top.children.len() {
            let node = top.node;
            graph.write(|d| d.nodes[node as usize].state = State::Done);
            path.pop();
            continue;
        }
        let child = top.children[top.next] & !NEGATED;
        top.next += 1;
        match graph.read(|d| d.nodes[child as usize].state) {
            State::Done => {}
            // A position on the path again: the positions repeat.
            State::Open => graph.cyclic.store(true, Ordering::Relaxed),
            State::New => pending = Some(child),
        }
    }
    Ok(root_node | root_sign)
}

/// Compute a node's children (components or options), store them, and mark
/// the node open: the children to visit.
fn expand(
    s: &mut dyn Context,
    rs: &UserRuleset,
    graph: &Graph,
    node: u32,
    span: Span,
) -> Result<SmallVec<[u32; 32]>, Error> {
    // A sum node's children are its components, stored when it was made.
    enum Next {
        Explore(Value),
        Parts(SmallVec<[u32; 32]>),
    }
    let next = graph.write(|d| {
        let n = &mut d.nodes[node as usize];
        n.state = State::Open;
        if n.splits() {
            let kids = &d.edges[n.first as usize..(n.first + n.left) as usize];
            return Next::Parts(SmallVec::from_slice(kids));
        }
        Next::Explore(n.position.clone())
    });
    let position = match next {
        Next::Explore(p) => p,
        Next::Parts(parts) => return Ok(parts),
    };
    // One function for both players (an impartial game): called once.
    let impartial = crate::value::same(&rs.left, &rs.right);
    let mut children: SmallVec<[u32; 32]> = SmallVec::new();
    let left_moves = moves(s, &rs.left, &position, "left", span)?;
    nodes_of(s, rs, graph, left_moves, false, span, &mut children)?;
    let left = children.len();
    if impartial {
        store(graph, node, &children, left, IMPARTIAL);
        return Ok(children);
    }
    let right_moves = moves(s, &rs.right, &position, "right", span)?;
    nodes_of(s, rs, graph, right_moves, false, span, &mut children)?;
    store(graph, node, &children, left, 0);
    Ok(children)
}

/// Store a node's children: `left` Left options (or components) first.
fn store(graph: &Graph, node: u32, children: &[u32], left: usize, flags: u8) {
    graph.write(|d| {
        let first = d.edges.len() as u32;
        d.edges.extend_from_slice(children);
        let n = &mut d.nodes[node as usize];
        n.first = first;
        n.left = left as u32;
        n.right = if flags & IMPARTIAL != 0 {
            left as u32
        } else {
            (children.len() - left) as u32
        };
        n.flags = flags;
    });
}

/// The options of `rs` that give one node to several positions: `key`,
/// `signed_key`, `conjugate` (those given).
fn merging(rs: &UserRuleset) -> Vec<&'static str> {
    [
        ("key", rs.key.is_some()),
        ("signed_key", rs.signed_key.is_some()),
        ("conjugate", rs.conjugate.is_some()),
    ]
    .into_iter()
    .filter(|&(_, given)| given)
    .map(|(name, _)| name)
    .collect()
}

/// Why a position that can reach itself has no short value, naming the
/// positions on the cycle (at most [`CYCLE_SHOWN`]).
fn cycle_error(graph: &Graph, cycle: &[u32]) -> String {
    let texts: Vec<String> = graph.read(|d| {
        cycle
            .iter()
            .map(|&n| format!("{}({})", graph.name, d.node_text(n)))
            .collect()
    });
    let shown = if texts.len() > CYCLE_SHOWN {
        format!(
            "{} -> ... -> {}",
            texts[..CYCLE_SHOWN / 2].join(" -> "),
            texts[texts.len() - 2..].join(" -> ")
        )
    } else {
        texts.join(" -> ")
    };
    let n = texts.len() - 1;
    let positions = if n == 1 { "position" } else { "positions" };
    format!(
        "not a short game: a position can reach itself ({n} {positions} on the cycle: {shown}); value gives its loopy value"
    )
}

/// Cycles are named by at most this many positions.
const CYCLE_SHOWN: usize = 8;

/// A cycle of nodes reachable from `root` (first node repeated last), if
/// there is one: depth first on an explicit stack, signs ignored (the
/// negative of a node repeats where the node does).
fn find_cycle(d: &GraphData, root: u32) -> Option<Vec<u32>> {
    let mut state: HashMap<u32, bool> = HashMap::new(); // true: on the path
    let mut path: Vec<(u32, usize)> = vec![(root, 0)];
    state.insert(root, true);
    while let Some(&mut (n, ref mut k)) = path.last_mut() {
        let node = &d.nodes[n as usize];
        // Components, or options (one list for both players when impartial).
        let kids: &[u32] = if node.splits() || node.flags & IMPARTIAL != 0 {
            node.left_edges(&d.edges)
        } else {
            &d.edges[node.first as usize..(node.first + node.left + node.right) as usize]
        };
        if let Some(&c) = kids.get(*k) {
            *k += 1;
            let (c, _) = d.resolve(c);
            match state.get(&c) {
                Some(true) => {
                    let from = path.iter().position(|&(m, _)| m == c).unwrap_or(0);
                    let mut cycle: Vec<u32> = path[from..].iter().map(|&(m, _)| m).collect();
                    cycle.push(c);
                    return Some(cycle);
                }
                Some(false) => {}
                None => {
                    state.insert(c, true);
                    path.push((c, 0));
                }
            }
        } else {
            state.insert(n, false);
            path.pop();
        }
    }
    None
}

/// `check_keys(R, p [, n])`: the key, signed key or conjugate and the
/// components of a user ruleset checked on a sample of `n` positions.
pub static CHECK_KEYS: Builtin = Builtin {
    name: "check_keys",
    signature: "check_keys(R, p [, n])",
    arity: 2..=3,
    topic: "rulesets",
    help: "Check that the key, signed_key or conjugate and the components of the user ruleset R tell the truth on positions reachable from p: up to n (default 100) positions, chosen by a hash of their text from the whole exploration, that the key merged with another position (or with its negative) are valued by the moves alone, without the key, and compared; positions the components split must have the value of their own moves (not checked where positions repeat). The number of positions checked, or an error naming the first position whose key or components lie and the two values. A key that lies gives values that depend on the order positions are met in. --check-keys (:set check_keys on) runs this check each time a position is made, on the first 100 positions not checked yet and one in eight of the others.",
    example: "def mv(s) = [s[:k] + \".\" + s[k+1:] for k in 0..len(s)-1 if s[k] == \"x\"]; def sym(s) = min(s, reverse(s)); K = ruleset(mv, mv, key = sym); check_keys(K, \"xx.xxx\")",
    run: Run::Native(check_keys),
};

fn check_keys(s: &mut dyn Context, a: &Args) -> Result<Value, Error> {
    use num_traits::ToPrimitive;
    let Value::Ruleset(rs) = &a.values[0] else {
        return Err(Error::spanned(
            a.spans[0],
            "check_keys takes a ruleset made with ruleset(...)",
        ));
    };
    let limit = match a.values.get(2) {
        None => 100,
        Some(v) => s
            .to_integer(v, a.spans[2])?
            .to_usize()
            .filter(|&n| n > 0)
            .ok_or_else(|| Error::spanned(a.spans[2], "n: a positive count"))?,
    };
    let span = a.call;
    let graph = current(rs);
    position_of(s, rs, &graph, a.values[1].clone(), span)?;
    let checked = verify_keys(s, rs, &graph, Sample::Count(limit), span)?;
    Ok(Value::Game(s.arena().integer(checked as i64)))
}

/// Which positions a check of keys and components takes.
#[derive(Clone, Copy)]
enum Sample {
    /// `--check-keys`, each time a position is made: of the positions not
    /// checked yet, the first [`CHECKS_PER_POSITION`] met and one in
    /// [`SAMPLE_RATE`] of the others, chosen by a hash of the position
    /// (spread over the whole exploration, the same on every run).
    Fresh,
    /// `check_keys(R, p, n)`: `n` positions chosen by their hash.
    Count(usize),
}

/// How many positions `--check-keys` checks first per position made.
const CHECKS_PER_POSITION: usize = 100;

/// Past the first, `--check-keys` checks one position in this many.
const SAMPLE_RATE: u64 = 8;

/// A hash of a position that is the same on every run and in every front
/// end: of its text (a game's node number in the arena depends on what
/// the session made before).
fn sample_hash(s: &mut dyn Context, p: &Value) -> u64 {
    use std::hash::BuildHasher;
    std::hash::BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
        .hash_one(s.show(p))
}

/// What is checked of a position met: that its game is that of the node
/// the key gave it (the negative if `negated`), whose position is the
/// value; or, for a position split into components (or given another
/// position's node, with components), that its own moves give the value
/// of its node.
enum Claim {
    Merged(Value, bool),
    Split,
}

/// Positions of `graph` that the key merged with another position (or its
/// negative) or the components split, sampled as `sample` says, valued
/// without the key (by the moves alone) or by their own moves, and
/// compared with the value of their node: how many were checked, or an
/// error naming the first lie. In rulesets whose positions repeat,
/// components are not checked (a cycle's value is not the value of its
/// moves' values).
fn verify_keys(
    s: &mut dyn Context,
    rs: &Arc<UserRuleset>,
    graph: &Arc<Graph>,
    sample: Sample,
    span: Span,
) -> Result<usize, Error> {
    let fresh_only = matches!(sample, Sample::Fresh);
    let by_own_moves = rs.components.is_some() && !graph.cyclic.load(Ordering::Relaxed);
    let mut claims = graph.read(|d| {
        let mut claims: Vec<(u32, Value, Claim)> = Vec::new();
        for (k @ Key(p), &n) in &d.seen {
            let node = &d.nodes[(n & !NEGATED) as usize];
            let merged = !crate::value::same(p, &node.position) || n & NEGATED != 0;
            if fresh_only && d.checked.contains(k) {
                continue;
            }
            if by_own_moves && (merged || node.splits()) {
                claims.push((n & !NEGATED, p.clone(), Claim::Split));
            } else if merged {
                claims.push((
                    n & !NEGATED,
                    p.clone(),
                    Claim::Merged(node.position.clone(), n & NEGATED != 0),
                ));
            }
        }
        // Positions met as conjugates: their node is another's negative.
        for (k, node) in d.nodes.iter().enumerate() {
            if node.negative_of != NONE
                && (node.negative_of as usize) < d.nodes.len()
                && !(fresh_only && d.checked.contains(&KeyRef(&node.position)))
            {
                let other = &d.nodes[node.negative_of as usize];
                claims.push((
                    k as u32,
                    node.position.clone(),
                    Claim::Merged(other.position.clone(), true),
                ));
            }
        }
        claims
    });
    let kept: Vec<(Value, Claim)> = match sample {
        Sample::Fresh => {
            // In the order the nodes were made.
            claims.sort_by_key(|x| x.0);
            let mut kept = Vec::new();
            for (k, (_, p, c)) in claims.into_iter().enumerate() {
                if k < CHECKS_PER_POSITION || sample_hash(s, &p).is_multiple_of(SAMPLE_RATE) {
                    kept.push((p, c));
                }
            }
            kept
        }
        Sample::Count(n) => {
            let mut hashed: Vec<(u64, u32, Value, Claim)> = claims
                .into_iter()
                .map(|(node, p, c)| (sample_hash(s, &p), node, p, c))
                .collect();
            hashed.sort_by_key(|x| (x.0, x.1));
            hashed.truncate(n);
            hashed.into_iter().map(|(_, _, p, c)| (p, c)).collect()
        }
    };
    let checked = kept.len();
    for (p, claim) in kept {
        match claim {
            Claim::Merged(q, negated) => check_merge(s, rs, graph, &p, &q, negated, span)?,
            Claim::Split => check_split(s, rs, graph, &p, span)?,
        }
        graph.write(|d| d.checked.insert(Key(p)));
    }
    Ok(checked)
}

/// `p`, given the node of `q` (of its negative if `negated`), valued by
/// the moves alone (without key or conjugate) and compared with `q`.
fn check_merge(
    s: &mut dyn Context,
    rs: &UserRuleset,
    graph: &Graph,
    p: &Value,
    q: &Value,
    negated: bool,
    span: Span,
) -> Result<(), Error> {
    let plain = graph
        .unkeyed
        .get_or_init(|| {
            Arc::new(UserRuleset {
                name: rs.name.clone(),
                left: rs.left.clone(),
                right: rs.right.clone(),
                components: rs.components.clone(),
                key: None,
                conjugate: None,
                signed_key: None,
                graph: std::sync::Mutex::new(None),
            })
        })
        .clone();
    let vp = make_position(s, &plain, p.clone(), span)?;
    let vq = make_position(s, &plain, q.clone(), span)?;
    // Loopy values where the positions repeat (short games otherwise).
    let (gp, gq) = (
        s.world().to_loopy(&vp, span)?,
        s.world().to_loopy(&vq, span)?,
    );
    let expected = if negated {
        gq.neg(s.arena())
    } else {
        gq.clone()
    };
    if gp != expected {
        let (tp, tq) = (s.show(p), s.show(q));
        let (vp, vq) = (s.show(&loopy_value(gp)), s.show(&loopy_value(gq)));
        let how = if negated { "the negative of " } else { "" };
        return Err(Error::spanned(
            span,
            format!(
                "the key lies: {name}({tp}) was given the node of {how}{name}({tq}), but by the moves alone its value is {vp} and that position's is {vq}",
                name = rs.name
            ),
        ));
    }
    Ok(())
}

/// `p`, split into components (or given another position's node): the
/// game of its own moves, each valued by the ruleset, against the value
/// of its node (the sum of its parts').
fn check_split(
    s: &mut dyn Context,
    rs: &Arc<UserRuleset>,
    graph: &Arc<Graph>,
    p: &Value,
    span: Span,
) -> Result<(), Error> {
    let whole = position_of(s, rs, graph, p.clone(), span)?;
    let g = s.world().to_game(&whole, span)?;
    let mut sides: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
    for (side, (f, what)) in sides
        .iter_mut()
        .zip([(&rs.left, "left"), (&rs.right, "right")])
    {
        for o in moves(s, f, p, what, span)? {
            let option = position_of(s, rs, graph, o, span)?;
            side.push(s.world().to_game(&option, span)?);
        }
    }
    let [left, right] = sides;
    let by_moves = s.arena().construct(left, right);
    if by_moves != g {
        let parts = match &rs.components {
            Some(f) => s.apply_one(f, p.clone(), span)?,
            None => Value::Nil,
        };
        let (tp, parts) = (s.show(p), s.show(&parts));
        let (vg, vm) = (s.show(&Value::Game(g)), s.show(&Value::Game(by_moves)));
        return Err(Error::spanned(
            span,
            format!(
                "the components lie: {name}({tp}) was split into {parts}, whose values add to {vg}, but by its own moves its value is {vm}",
                name = rs.name
            ),
        ));
    }
    Ok(())
}

/// `ruleset(left, right [, components, key])`: a ruleset from the language's functions.
pub static RULESET: Builtin = Builtin {
    name: "ruleset",
    signature: "ruleset(left, right [, components = f] [, key = f] [, conjugate = f] [, signed_key = f] [, name = \"...\"])",
    arity: 0..=4,
    topic: "rulesets",
    help: "A ruleset defined by two functions from a position to the list of positions Left (resp. Right) can move to; positions are any values (strings, lists, numbers). Optional: components = a function giving the independent parts of a position (their values add), key = a function equal on positions with the same game (symmetries), conjugate = a function giving a position whose game is the negative (the players' roles exchanged, e.g. a transposed Domineering board), so that only one of the two is explored; or signed_key = a function giving [key, negated], one call doing both (a position whose negated flag differs from that of the first position of its key is that position's negative: grid_signed_key for Domineering). T = ruleset(...) names it T (made by a function, it is named by the call: crumble(2), so its positions print as crumble(2)(5), which reads back; name = \"...\" names it outright); T(p) is the position p, with value, outcome_class, misere_outcome_class, ->, +, plot_tree and table as for built-in rulesets. Everything reachable from p is explored once (memoised per ruleset). Positions may repeat (a position that can reach itself): values are then loopy, stoppers as for pass and on (short_value(P) insists on a short game).",
    example: "def take(n) = [n - k for k in [1, 2] if k <= n]; T = ruleset(take, take); value(T(5))",
    run: Run::Native(ruleset),
};

fn ruleset(s: &mut dyn Context, a: &Args) -> Result<Value, Error> {
    let mut slots: [Option<(Value, Span)>; 6] = [None, None, None, None, None, None];
    let names = [
        "left",
        "right",
        "components",
        "key",
        "conjugate",
        "signed_key",
    ];
    for (k, (v, sp)) in a.values.iter().zip(a.spans).enumerate() {
        slots[k] = Some((v.clone(), *sp));
    }
    let mut name = s.naming();
    for (k, v, sp) in a.named {
        if k == "name" {
            match v {
                Value::Str(t) => name = Some(t.to_string()),
                _ => return Err(Error::spanned(*sp, "name = a string")),
            }
            continue;
        }
        let Some(slot) = names.iter().position(|n| n == k) else {
            return Err(Error::spanned(
                *sp,
                format!(
                    "ruleset takes left, right, components, key, conjugate, signed_key and name, not `{k}`"
                ),
            ));
        };
        if slots[slot].is_some() {
            return Err(Error::spanned(*sp, format!("`{k}` is given twice")));
        }
        slots[slot] = Some((v.clone(), *sp));
    }
    let mut take = |k: usize| -> Result<Option<Value>, Error> {
        let Some((f, sp)) = slots[k].take() else {
            return Ok(None);
        };
        let one_position = |signature: String| {
            Error::spanned(
                sp,
                format!("the {} function takes one position: {signature}", names[k]),
            )
        };
        match &f {
            Value::Function(func) if func.params().len() != 1 => {
                Err(one_position(func.signature()))
            }
            Value::Builtin(b) if !super::get(*b).arity.contains(&1) => {
                Err(one_position(super::get(*b).signature.to_string()))
            }
            Value::Function(_) | Value::Builtin(_) | Value::Host(_) => Ok(Some(f)),
            other => Err(Error::spanned(
                sp,
                format!(
                    "{} must be a function (defined with def, or a built-in such as sort), not a {}",
                    names[k],
                    other.type_name()
                ),
            )),
        }
    };
    let left = take(0)?;
    let right = take(1)?;
    let components = take(2)?;
    let key = take(3)?;
    let conjugate = take(4)?;
    let signed_key = take(5)?;
    if signed_key.is_some() && (key.is_some() || conjugate.is_some()) {
        return Err(Error::spanned(
            a.call,
            "signed_key takes the place of key and conjugate: give it alone",
        ));
    }
    let (Some(left), Some(right)) = (left, right) else {
        return Err(Error::spanned(
            a.call,
            "a ruleset needs left and right move functions",
        ));
    };
    let name = name.unwrap_or_else(|| "ruleset".to_string());
    Ok(Value::Ruleset(Arc::new(UserRuleset {
        name,
        left,
        right,
        components,
        key,
        conjugate,
        signed_key,
        graph: std::sync::Mutex::new(None),
    })))
}
