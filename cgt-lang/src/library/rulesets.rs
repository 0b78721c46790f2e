//! Rulesets defined in the language: a Left-move function and a Right-move
//! function (position -> list of positions), optionally a `components`
//! function and a symmetry `key`. Positions are any values with equality.
//!
//! Making a position explores everything reachable from it once, calling
//! the language's functions, into the ruleset's game graph (nodes keyed by
//! `key`, a position that can reach itself reported with the cycle); the
//! engine's [`Evaluator`](cgt_core::ruleset::Evaluator) then computes on the
//! graph exactly as on a built-in ruleset, memoised per graph. The language
//! and the engine stay apart: the engine never calls back into the language.

use super::{Args, Builtin, Run};
use crate::context::Context;
use crate::error::{Error, Span};
use crate::value::{Key, Ruleset as UserRuleset, Value};
use cgt_core::ruleset::registry::{Notation, Positioned};
use cgt_core::ruleset::Ruleset;
use hashbrown::HashMap;
use smallvec::SmallVec;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

/// The graph a ruleset explores into now (a new one if none, or if the
/// slot holds something else).
fn current(rs: &UserRuleset) -> Arc<Graph> {
    let Ok(mut slot) = rs.graph.lock() else {
        return Graph::new(&rs.name);
    };
    if let Some(g) = slot
        .as_ref()
        .and_then(|g| g.clone().downcast::<Graph>().ok())
    {
        return g;
    }
    let g = Graph::new(&rs.name);
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
}

#[derive(Debug, Default)]
struct GraphData {
    /// Nodes by the key of their positions.
    index: HashMap<Key, u32>,
    /// Nodes by every position met (so a position met again costs no call
    /// of the key function).
    seen: HashMap<Key, u32>,
    nodes: Vec<Node>,
}

#[derive(Debug)]
struct Node {
    /// The position (the first one met with its key).
    position: Value,
    /// How the position prints (inside the ruleset's call), for positions
    /// holding games; positions of plain data print from `position`.
    text: Option<String>,
    left: Vec<u32>,
    right: Vec<u32>,
    /// Components, if the position splits into more than one.
    parts: Option<Vec<u32>>,
    /// For a position met as the conjugate of one explored already: that
    /// node, whose game is this one's negative (never itself an alias).
    negative_of: Option<u32>,
    state: State,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum State {
    /// Known, options not computed yet.
    New,
    /// On the path being explored.
    Open,
    /// Everything reachable from it explored.
    Done,
}

static NEXT_GRAPH: AtomicU64 = AtomicU64::new(1);

impl Graph {
    fn new(name: &str) -> Arc<Graph> {
        Arc::new(Graph {
            id: NEXT_GRAPH.fetch_add(1, Ordering::Relaxed),
            name: name.to_string(),
            data: RwLock::new(GraphData::default()),
        })
    }

    fn len(&self) -> usize {
        self.data.read().map_or(0, |d| d.nodes.len())
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
/// explored graph. Positions are node numbers; equal graphs are the same graph.
#[derive(Clone, Debug)]
pub struct GraphRules(Arc<Graph>);

impl PartialEq for GraphRules {
    fn eq(&self, other: &Self) -> bool {
        self.0.id == other.0.id
    }
}

impl Eq for GraphRules {}

impl std::hash::Hash for GraphRules {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
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

impl GraphRules {
    /// The explored node whose game `p` is, and whether `p` is its negative.
    fn resolve(&self, p: u32) -> (u32, bool) {
        let (n, neg) = (p & !NEGATED, p & NEGATED != 0);
        match self.0.read(|d| d.nodes[n as usize].negative_of) {
            Some(t) => (t, !neg),
            None => (n, neg),
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
            match self.0.read(|d| d.nodes[n as usize].parts.clone()) {
                Some(parts) => stack.extend(parts.into_iter().map(|q| q ^ sign)),
                None => out.push(n | sign),
            }
        }
        out.sort_unstable();
        out
    }

    /// One player's options of a node that does not split.
    fn sided(&self, x: u32, left: bool) -> Vec<u32> {
        let (n, neg) = (x & !NEGATED, x & NEGATED != 0);
        self.0.read(|d| {
            let node = &d.nodes[n as usize];
            match (left, neg) {
                (true, false) => node.left.clone(),
                (false, false) => node.right.clone(),
                // Left's options of -G are the negatives of Right's of G.
                (true, true) => node.right.iter().map(|x| x ^ NEGATED).collect(),
                (false, true) => node.left.iter().map(|x| x ^ NEGATED).collect(),
            }
        })
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
        self.options(p, true)
    }

    fn right_options(&self, p: &Pos) -> Vec<Pos> {
        self.options(p, false)
    }

    fn signed_key(&self, p: &Pos) -> (Pos, bool) {
        let parts = self.normalized(p);
        match parts[..] {
            [x] if x & NEGATED != 0 => (Pos(smallvec::smallvec![x ^ NEGATED]), true),
            _ => (Pos(parts), false),
        }
    }

    fn canonical_key(&self, p: &Pos) -> Pos {
        Pos(self.normalized(p))
    }

    fn components(&self, p: &Pos) -> Option<Vec<Pos>> {
        let parts = self.normalized(p);
        (parts.len() > 1).then(|| parts.iter().map(|&x| Pos(smallvec::smallvec![x])).collect())
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
                    let inner = self
                        .0
                        .read(|d| node_text(&d.nodes[(x & !NEGATED) as usize]));
                    let sign = if x & NEGATED != 0 { "-" } else { "" };
                    format!("{sign}{}({inner})", self.0.name)
                })
                .collect();
        terms.join(" + ")
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

/// How a node's position prints.
fn node_text(n: &Node) -> String {
    fn write(v: &Value, out: &mut String) {
        match v {
            Value::Str(s) => {
                out.push('"');
                for c in s.chars() {
                    if c == '"' || c == '\\' {
                        out.push('\\');
                    }
                    out.push(c);
                }
                out.push('"');
            }
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
    match &n.text {
        Some(t) => t.clone(),
        None => {
            let mut out = String::new();
            write(&n.position, &mut out);
            out
        }
    }
}

/// Cycles are named by at most this many positions.
const CYCLE_SHOWN: usize = 8;

/// The position `p` of the ruleset `rs`, with everything reachable from
/// it explored.
pub fn make_position(
    s: &mut dyn Context,
    rs: &Arc<UserRuleset>,
    p: Value,
    span: Span,
) -> Result<Value, Error> {
    let graph = current(rs);
    let root = explore(s, rs, &graph, p, span)?;
    let position = Pos(smallvec::smallvec![root]);
    Ok(Value::Position(Positioned::boxed(
        GraphRules(graph),
        position,
    )))
}

/// Call one of the ruleset's functions on a position; it must give a list.
fn moves(
    s: &mut dyn Context,
    f: &Value,
    p: &Value,
    what: &str,
    span: Span,
) -> Result<Vec<Value>, Error> {
    match s.apply(f, vec![p.clone()], span)? {
        // The list is usually the function's own: take it without a copy.
        Value::List(items) => Ok(Arc::try_unwrap(items).unwrap_or_else(|shared| (*shared).clone())),
        Value::Set(items) => Ok((*items).clone()),
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
    let raw = Key(p.clone());
    if let Some(n) = graph.read(|d| d.seen.get(&raw).copied()) {
        return Ok(n);
    }
    let key = match &rs.key {
        Some(f) => Key(s.apply(f, vec![p.clone()], span)?),
        None => raw.clone(),
    };
    let n = keyed_node(s, rs, graph, key, p, span)?;
    graph.write(|d| d.seen.insert(raw, n));
    Ok(n)
}

/// The node of the positions with this key (`p` one of them). A new
/// position whose conjugate is explored already becomes its negative,
/// with nothing of its own to explore.
fn keyed_node(
    s: &mut dyn Context,
    rs: &UserRuleset,
    graph: &Graph,
    key: Key,
    p: Value,
    span: Span,
) -> Result<u32, Error> {
    if let Some(n) = graph.read(|d| d.index.get(&key).copied()) {
        return Ok(n);
    }
    let mut negative_of = None;
    if let Some(f) = &rs.conjugate {
        let c = s.apply(f, vec![p.clone()], span)?;
        let found = graph.read(|d| d.seen.get(&Key(c.clone())).copied());
        let found = match found {
            Some(n) => Some(n),
            None => {
                let kc = match &rs.key {
                    Some(k) => Key(s.apply(k, vec![c], span)?),
                    None => Key(c),
                };
                graph.read(|d| d.index.get(&kc).copied())
            }
        };
        // Only a finished node: one still on the path may be an ancestor.
        if let Some(n) = found {
            negative_of = graph.read(|d| {
                let node = &d.nodes[n as usize];
                match (node.state, node.negative_of) {
                    // The negative of a negative is the game itself:
                    // keep such positions as nodes of their own.
                    (State::Done, None) => Some(n),
                    _ => None,
                }
            });
        }
    }
    let text = (!plain_data(&p)).then(|| s.show(&p));
    graph.write(|d| {
        let n = u32::try_from(d.nodes.len())
            .ok()
            .filter(|&n| n < NEGATED)
            .ok_or_else(|| {
                Error::plain("a ruleset defined in the language has at most 2^31 positions")
                    .with_kind(crate::ErrorKind::Unsupported)
            })?;
        d.nodes.push(Node {
            position: p,
            text,
            left: Vec::new(),
            right: Vec::new(),
            parts: None,
            state: if negative_of.is_some() {
                State::Done
            } else {
                State::New
            },
            negative_of,
        });
        d.index.insert(key, n);
        Ok(n)
    })
}

/// Explore everything reachable from `root` (depth first, on an explicit
/// stack); a position met again while still on the path lies on a cycle.
fn explore(
    s: &mut dyn Context,
    rs: &UserRuleset,
    graph: &Graph,
    root: Value,
    span: Span,
) -> Result<u32, Error> {
    let root_node = node_of(s, rs, graph, root.clone(), span)?;
    if graph.read(|d| d.nodes[root_node as usize].state == State::Done) {
        return Ok(root_node);
    }
    // The path: each node with its position, its children and how many
    // of them have been visited.
    struct Frame {
        node: u32,
        children: Vec<u32>,
        next: usize,
    }
    let mut path: Vec<Frame> = Vec::new();
    let mut pending = Some((root_node, root));
    loop {
        cgt_core::interrupt::poll()?;
        if let Some((node, position)) = pending.take() {
            let children = expand(s, rs, graph, node, &position, span)?;
            path.push(Frame {
                node,
                children,
                next: 0,
            });
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
        let child = top.children[top.next];
        top.next += 1;
        match graph.read(|d| d.nodes[child as usize].state) {
            State::Done => {}
            State::Open => {
                let from = path.iter().position(|f| f.node == child).unwrap_or(0);
                let mut cycle: Vec<u32> = path[from..].iter().map(|f| f.node).collect();
                cycle.push(child);
                return Err(cycle_error(graph, &cycle, span));
            }
            State::New => {
                let position = graph.read(|d| d.nodes[child as usize].position.clone());
                pending = Some((child, position));
            }
        }
    }
    Ok(root_node)
}

/// Compute a node's children (components or options) and mark it open.
fn expand(
    s: &mut dyn Context,
    rs: &UserRuleset,
    graph: &Graph,
    node: u32,
    position: &Value,
    span: Span,
) -> Result<Vec<u32>, Error> {
    graph.write(|d| d.nodes[node as usize].state = State::Open);
    if let Some(f) = &rs.components {
        let parts = moves(s, f, position, "components", span)?;
        if parts.len() > 1 {
            let mut nodes = Vec::with_capacity(parts.len());
            for p in parts {
                nodes.push(node_of(s, rs, graph, p, span)?);
            }
            graph.write(|d| d.nodes[node as usize].parts = Some(nodes.clone()));
            return Ok(nodes);
        }
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (k, f) in [&rs.left, &rs.right].into_iter().enumerate() {
        let what = if k == 0 { "left" } else { "right" };
        for p in moves(s, f, position, what, span)? {
            sides[k].push(node_of(s, rs, graph, p, span)?);
        }
    }
    let [left, right] = sides;
    let mut children = left.clone();
    children.extend(right.iter().copied());
    graph.write(|d| {
        let n = &mut d.nodes[node as usize];
        n.left = left;
        n.right = right;
    });
    Ok(children)
}

fn cycle_error(graph: &Graph, cycle: &[u32], span: Span) -> Error {
    let texts: Vec<String> = graph.read(|d| {
        cycle
            .iter()
            .map(|&n| format!("{}({})", graph.name, node_text(&d.nodes[n as usize])))
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
    Error::spanned(
        span,
        format!(
            "not a short game: a position can reach itself ({} positions on the cycle: {shown})",
            texts.len() - 1
        ),
    )
    .with_kind(crate::ErrorKind::Unsupported)
}

/// `ruleset(left, right [, components, key])`: a ruleset from the language's functions.
pub static RULESET: Builtin = Builtin {
    name: "ruleset",
    signature: "ruleset(left, right [, components = f] [, key = f] [, conjugate = f] [, name = \"...\"])",
    arity: 0..=4,
    topic: "rulesets",
    help: "A ruleset defined by two functions from a position to the list of positions Left (resp. Right) can move to; positions are any values (strings, lists, numbers). Optional: components = a function giving the independent parts of a position (their values add), key = a function equal on positions with the same game (symmetries), conjugate = a function giving a position whose game is the negative (the players' roles exchanged, e.g. a transposed Domineering board), so that only one of the two is explored. R = ruleset(...) names it R; R(p) is the position p, with value, outcome_class, misere_outcome_class, ->, +, plot_tree and table as for built-in rulesets. Everything reachable from p is explored once (memoised per ruleset); a position that can reach itself is an error naming the cycle.",
    example: "def take(n) = [n - k for k in [1, 2] if k <= n]; R = ruleset(take, take); value(R(5))",
    run: Run::Native(ruleset),
};

fn ruleset(s: &mut dyn Context, a: &Args) -> Result<Value, Error> {
    let mut slots: [Option<(Value, Span)>; 5] = [None, None, None, None, None];
    let names = ["left", "right", "components", "key", "conjugate"];
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
                    "ruleset takes left, right, components, key, conjugate and name, not `{k}`"
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
            Value::Function(_) | Value::Builtin(_) => Ok(Some(f)),
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
        graph: std::sync::Mutex::new(None),
    })))
}
