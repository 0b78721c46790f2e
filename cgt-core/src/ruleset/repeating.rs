//! Values of positions that can repeat. The positions reachable from the
//! one asked form a game graph; Tarjan's algorithm splits it into strongly
//! connected components (positions that reach each other) and hands them
//! out leaves first, so each is valued once every component it moves to
//! is. A lone position without a move to itself is valued as a short game
//! is (braces of its options' values); a larger component is one small
//! graph, its positions and the canonical values of its exits, simplified
//! at once ([`Loopy::of_each`]). The loopy work thus grows with the largest
//! component, not with the whole game (in Fox and Geese, a component is
//! the fox's squares under one placing of the geese).

use super::Ruleset;
use crate::game::{Arena, GameId};
use crate::interrupt::{self, Grows};
use crate::loopy::sided::side_stoppers;
use crate::loopy::{impartial, GeneralizedNim, Graph, Loopy, NotStopperSided, Side, Sides};
use hashbrown::HashMap;

/// The positions reachable from a root, numbered from 0 (the root), each
/// with its options by number (Left's, then Right's), or its value where
/// it is known on arrival (valued before, or named by the rules); known
/// positions are not explored.
struct Explored<P> {
    keys: Vec<P>,
    index: HashMap<P, u32>,
    options: Vec<[Vec<u32>; 2]>,
    known: Vec<Option<Sides>>,
    /// Positions that split: their first list is their components, whose
    /// values add (sided values by upsum and downsum).
    sums: Vec<bool>,
    /// Whether the exploration stopped at a position where the players'
    /// moves differ (only when asked to, for impartial values).
    partizan: bool,
}

/// Values the key `root` and every key it reaches into `memo`, or
/// [`NotStopperSided`] if a side of a position reached is not found to be
/// a stopper (the components valued by then are kept).
pub(super) fn fill<R: Ruleset>(
    rs: &R,
    arena: &mut Arena,
    root: &R::Position,
    memo: &mut HashMap<R::Position, Sides>,
) -> Result<(), NotStopperSided> {
    if memo.contains_key(root) {
        return Ok(());
    }
    let Explored {
        keys,
        options,
        known,
        sums,
        ..
    } = explore(rs, root, true, false, |k| {
        memo.get(k)
            .cloned()
            .or_else(|| rs.known_stopper(k).map(|s| Sides::stopper(s.value(arena))))
    });
    let mut value = known;
    components(&options, |component| {
        interrupt::check();
        if let &[v] = component {
            if sums[v as usize] && value[v as usize].is_none() {
                let mut acc = Sides::stopper(Loopy::Short(arena.zero()));
                for &w in &options[v as usize][0] {
                    let x = value[w as usize].clone().expect("parts are valued first");
                    acc = Sides::add(arena, &acc, &x)?;
                }
                value[v as usize] = Some(acc);
            }
        } else if component.iter().any(|&v| sums[v as usize]) {
            interrupt::unsupported(
                "a position that splits into components can reach itself through them",
            );
        }
        value_component(arena, &options, component, &mut value)?;
        for &v in component {
            memo.before_insert();
            let g = value[v as usize].clone().expect("valued");
            memo.insert(keys[v as usize].clone(), g);
        }
        Ok(())
    })
}

/// Every position reachable from `root`, breadth first: a position that
/// `known` values is not explored, and one that splits (where `split`)
/// keeps its components instead of its options. Where `impartial`, the
/// walk stops at the first position whose players' moves differ.
fn explore<R: Ruleset>(
    rs: &R,
    root: &R::Position,
    split: bool,
    impartial: bool,
    mut known: impl FnMut(&R::Position) -> Option<Sides>,
) -> Explored<R::Position> {
    let mut ex = Explored {
        keys: Vec::new(),
        index: HashMap::new(),
        options: Vec::new(),
        known: Vec::new(),
        sums: Vec::new(),
        partizan: false,
    };
    // The number of a key, new ones added.
    let mut id_of = |ex: &mut Explored<R::Position>, k: R::Position| -> u32 {
        if let Some(&id) = ex.index.get(&k) {
            return id;
        }
        ex.index.before_insert();
        ex.keys.before_insert();
        ex.options.before_insert();
        let id = ex.keys.len() as u32;
        ex.known.push(known(&k));
        ex.index.insert(k.clone(), id);
        ex.keys.push(k);
        ex.options.push([Vec::new(), Vec::new()]);
        ex.sums.push(false);
        id
    };
    id_of(&mut ex, root.clone());
    let mut next = 0;
    while next < ex.keys.len() {
        interrupt::check();
        interrupt::note_work();
        if ex.known[next].is_none() {
            let q = ex.keys[next].clone();
            let parts = split.then(|| rs.components(&q)).flatten();
            if let Some(parts) = parts.filter(|p| p.len() > 1) {
                let ids = parts
                    .iter()
                    .map(|part| id_of(&mut ex, rs.canonical_key(part)))
                    .collect();
                ex.options[next][0] = ids;
                ex.sums[next] = true;
            } else {
                for (side, left) in [(0, true), (1, false)] {
                    let mut ids: Vec<u32> = rs
                        .raw_options(&q, left)
                        .iter()
                        .map(|o| id_of(&mut ex, rs.canonical_key(o)))
                        .collect();
                    ids.sort_unstable();
                    ids.dedup();
                    ex.options[next][side] = ids;
                }
                if impartial && ex.options[next][0] != ex.options[next][1] {
                    ex.partizan = true;
                    return ex;
                }
            }
        }
        next += 1;
    }
    ex
}

/// The state of Tarjan's walk: each vertex's number in the walk and the
/// least number it reaches, the vertices of components not yet closed,
/// and the walk's own stack of (vertex, next edge).
struct Tarjan {
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, usize)>,
    counter: u32,
}

impl Tarjan {
    const NEW: u32 = u32::MAX;

    fn open(&mut self, v: u32) {
        let v = v as usize;
        self.index[v] = self.counter;
        self.low[v] = self.counter;
        self.counter += 1;
        self.stack.push(v as u32);
        self.on_stack[v] = true;
        self.calls.push((v as u32, 0));
    }
}

/// Tarjan's strongly connected components of the graph from vertex 0,
/// with an explicit stack, each handed to `emit` after every component it
/// has an edge to; the first error stops the walk.
fn components<E>(
    options: &[[Vec<u32>; 2]],
    mut emit: impl FnMut(&[u32]) -> Result<(), E>,
) -> Result<(), E> {
    let n = options.len();
    if n == 0 {
        return Ok(());
    }
    let edge = |v: u32, k: usize| {
        let [l, r] = &options[v as usize];
        if k < l.len() {
            Some(l[k])
        } else {
            r.get(k - l.len()).copied()
        }
    };
    let mut t = Tarjan {
        index: vec![Tarjan::NEW; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        calls: Vec::new(),
        counter: 0,
    };
    t.open(0);
    let mut component = Vec::new();
    while let Some(&(v, k)) = t.calls.last() {
        let vu = v as usize;
        if let Some(w) = edge(v, k) {
            t.calls.last_mut().expect("on the stack").1 += 1;
            let wu = w as usize;
            if t.index[wu] == Tarjan::NEW {
                t.open(w);
            } else if t.on_stack[wu] {
                t.low[vu] = t.low[vu].min(t.index[wu]);
            }
            continue;
        }
        t.calls.pop();
        if let Some(&(u, _)) = t.calls.last() {
            t.low[u as usize] = t.low[u as usize].min(t.low[vu]);
        }
        if t.low[vu] == t.index[vu] {
            component.clear();
            loop {
                let w = t.stack.pop().expect("v is on the stack");
                t.on_stack[w as usize] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            emit(&component)?;
        }
    }
    Ok(())
}

/// Values the positions of one component, every exit valued already.
fn value_component(
    arena: &mut Arena,
    options: &[[Vec<u32>; 2]],
    component: &[u32],
    value: &mut [Option<Sides>],
) -> Result<(), NotStopperSided> {
    let exit = |w: u32| value[w as usize].clone().expect("exits are valued first");
    if let &[v] = component {
        if value[v as usize].is_some() {
            return Ok(());
        }
        let [l, r] = &options[v as usize];
        if !l.contains(&v) && !r.contains(&v) {
            let (l, r): (Vec<Sides>, Vec<Sides>) = (
                l.iter().map(|&w| exit(w)).collect(),
                r.iter().map(|&w| exit(w)).collect(),
            );
            let short = |list: &[Sides]| -> Option<Vec<GameId>> {
                list.iter()
                    .map(|x| match x.as_stopper() {
                        Some(Loopy::Short(g)) => Some(*g),
                        _ => None,
                    })
                    .collect()
            };
            let g = match (short(&l), short(&r)) {
                (Some(sl), Some(sr)) => Sides::stopper(Loopy::Short(arena.construct(sl, sr))),
                _ => Sides::braces(arena, &l, &r, false, false)?,
            };
            value[v as usize] = Some(g);
            return Ok(());
        }
    }
    let starts: Vec<u32> = (0..component.len() as u32).collect();
    let exits_stoppers = component
        .iter()
        .flat_map(|&v| options[v as usize].iter().flatten())
        .all(|&w| {
            value[w as usize]
                .as_ref()
                .is_none_or(|x| x.as_stopper().is_some())
        });
    if exits_stoppers {
        let g = component_graph(arena, options, component, value, Side::On);
        // One simplification values a component of stoppers; otherwise
        // each position's sides are found on the same graph.
        return match Loopy::of_each(arena, &g, &starts) {
            Ok(values) => {
                for (&v, x) in component.iter().zip(values) {
                    value[v as usize] = Some(Sides::stopper(x));
                }
                Ok(())
            }
            Err(_) => sided_component(arena, component, &g, &g, value),
        };
    }
    // Sided exits: the onsides are found with the exits' onsides, the
    // offsides with their offsides.
    let on = component_graph(arena, options, component, value, Side::On);
    let off = component_graph(arena, options, component, value, Side::Off);
    sided_component(arena, component, &on, &off, value)
}

/// Values the positions of a component from the graphs of its onsides and
/// offsides (vertex `i` the component's position `i`).
fn sided_component(
    arena: &mut Arena,
    component: &[u32],
    on: &Graph,
    off: &Graph,
    value: &mut [Option<Sides>],
) -> Result<(), NotStopperSided> {
    let starts: Vec<u32> = (0..component.len() as u32).collect();
    let onsides = side_stoppers(arena, on, &starts, Side::On)?;
    let offsides = side_stoppers(arena, off, &starts, Side::Off)?;
    for ((&v, onside), offside) in component.iter().zip(onsides).zip(offsides) {
        value[v as usize] = Some(Sides { onside, offside });
    }
    Ok(())
}

/// The graph of one component: its positions are vertices 0.., each exit
/// a copy of the canonical graph of its `side` (one per distinct value).
fn component_graph(
    arena: &mut Arena,
    options: &[[Vec<u32>; 2]],
    component: &[u32],
    value: &[Option<Sides>],
    side: Side,
) -> Graph {
    let mut g = Graph::default();
    let mut vertex: HashMap<u32, u32> = HashMap::new();
    for &v in component {
        vertex.insert(v, g.add_vertex());
    }
    let mut by_value: HashMap<Loopy, u32> = HashMap::new();
    let mut shorts = std::collections::HashMap::new();
    for (i, &v) in component.iter().enumerate() {
        for (list, left) in [(0, true), (1, false)] {
            for &w in &options[v as usize][list] {
                let to = match vertex.get(&w) {
                    Some(&t) => t,
                    None => {
                        let x = value[w as usize].as_ref().expect("exits are valued first");
                        let x = match side {
                            Side::On => x.onside.clone(),
                            Side::Off => x.offside.clone(),
                        };
                        let t = match by_value.get(&x) {
                            Some(&t) => t,
                            None => {
                                let t = x.insert(arena, &mut g, &mut shorts);
                                by_value.insert(x, t);
                                t
                            }
                        };
                        vertex.insert(w, t);
                        t
                    }
                };
                g.add_edge(i as u32, left, to);
            }
        }
    }
    g
}

/// A position with different moves for the two players: the generalized
/// Sprague-Grundy values are of impartial games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotImpartial;

/// The generalized Sprague-Grundy values of `root` and of every position
/// it reaches, into `memo`; [`NotImpartial`] if some position reached gives
/// the players different moves.
pub(super) fn nim_fill<R: Ruleset>(
    rs: &R,
    root: &R::Position,
    memo: &mut HashMap<R::Position, GeneralizedNim>,
) -> Result<(), NotImpartial> {
    if memo.contains_key(root) {
        return Ok(());
    }
    let ex = explore(rs, root, false, true, |_| None);
    if ex.partizan {
        return Err(NotImpartial);
    }
    let options: Vec<Vec<u32>> = ex.options.into_iter().map(|[left, _]| left).collect();
    for (k, v) in ex.keys.into_iter().zip(impartial::values(&options)) {
        memo.before_insert();
        memo.insert(k, v);
    }
    Ok(())
}
