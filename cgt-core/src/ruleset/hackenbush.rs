//! Hackenbush on stalks (strings of edges standing on the ground): Left cuts
//! a blue (`B`, also `L`) or green (`G`) edge, Right a red (`R`) or green
//! one; the edge and every edge above it fall. A position is a list of
//! stalks, added as components. Blue-red stalks are numbers (Berlekamp's
//! sign-expansion rule), green stalks nimbers.
//!
//! Hackenbush on graphs ([`HackenbushGraph`]): edges between numbered
//! vertices, vertex 0 the ground; after a cut every edge no longer
//! connected to the ground falls. The parts that meet only at the ground
//! are components.

use super::picture::{Picture, Piece};
use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::{lesser_of_conjugates, Ruleset};
use smallvec::SmallVec;

/// The Hackenbush ruleset on stalks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hackenbush;

const BLUE: u8 = 1;
const RED: u8 = 2;
const GREEN: u8 = 3;

/// Hackenbush in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "hackenbush",
    constructors: &[Constructor {
        name: "hackenbush",
        signature: "hackenbush(\"BRG\") or hackenbush([\"BBR\", \"G\", ...])",
        arity: 1..=1,
        help: "Hackenbush on stalks: each string lists a stalk's edges from the ground up, B (or L) blue = Left's, R red = Right's, G green = either player's. Cutting an edge removes it and everything above it. Several stalks are a sum.",
        example: "value(hackenbush(\"BBR\"))",
        build: |args| {
            let stalks: Vec<&str> = match &args[0] {
                Arg::Text(t) => vec![t.as_str()],
                Arg::List(items) => items
                    .iter()
                    .map(|x| match x {
                        Arg::Text(t) => Ok(t.as_str()),
                        _ => Err(ArgError::at(0, "each stalk is a string such as \"BRG\"")),
                    })
                    .collect::<Result<_, _>>()?,
                Arg::Int(_) => return Err(ArgError::at(0, "expected a stalk such as \"BRG\" or a list of them")),
            };
            let mut out = Vec::new();
            let mut edges = 0;
            for s in stalks {
                let mut stalk = Vec::new();
                for ch in s.chars() {
                    stalk.push(match ch.to_ascii_uppercase() {
                        'B' | 'L' => BLUE,
                        'R' => RED,
                        'G' => GREEN,
                        other => return Err(ArgError::at(0, format!("unexpected `{other}` in a stalk (use B, R and G)"))),
                    });
                }
                edges += stalk.len();
                if edges > 4096 {
                    return Err(ArgError::at(0, "at most 4096 edges"));
                }
                out.push(stalk);
            }
            Ok(Positioned::boxed(Hackenbush, out))
        },
    },
    Constructor {
        name: "hackenbush_graph",
        signature: "hackenbush_graph(\"B0-1-2 R2-3 G1-3\")",
        arity: 1..=1,
        help: "Hackenbush on a graph with a ground: edges are written as a colour (B or L blue = Left's, R red = Right's, G green = either's) followed by a path of vertex numbers, e.g. `B0-1-2` (two blue edges); vertex 0 is the ground. Loops and several edges between two vertices are allowed. Cutting an edge removes it and every edge no longer connected to the ground. At most 255 vertices and 1024 edges.",
        example: "value(hackenbush_graph(\"G0-1-2-0\"))",
        build: |args| {
            let g = read_graph(Arg::text(args, 0, "the edges")?).map_err(|e| ArgError::at(0, e))?;
            Ok(Positioned::boxed(HackenbushGraph, g))
        },
    }],
    words: &[],
};

impl Notation for Hackenbush {
    fn text(&self, stalks: &Vec<Vec<u8>>) -> String {
        let s: Vec<String> = stalks
            .iter()
            .map(|st| {
                let t: String = st
                    .iter()
                    .map(|&e| ['.', 'B', 'R', 'G'][usize::from(e)])
                    .collect();
                format!("\"{t}\"")
            })
            .collect();
        match &s[..] {
            [one] => format!("hackenbush({one})"),
            _ => format!("hackenbush([{}])", s.join(",")),
        }
    }
    fn picture(&self, stalks: &Vec<Vec<u8>>) -> Picture {
        // Each stalk a path up from the ground (vertex 0).
        let mut vertices = vec![Piece::Empty];
        let mut edges = Vec::new();
        for stalk in stalks {
            let mut below = 0;
            for &e in stalk {
                vertices.push(Piece::Empty);
                edges.push((below, vertices.len() - 1, edge_piece(e)));
                below = vertices.len() - 1;
            }
        }
        Picture::Graph {
            vertices,
            edges,
            ground: Some(0),
        }
    }
}

/// An edge's colour as the picture's piece.
fn edge_piece(colour: u8) -> Piece {
    match colour {
        BLUE => Piece::Left,
        RED => Piece::Right,
        _ => Piece::Both,
    }
}

fn cuts(stalks: &[Vec<u8>], colour: u8) -> Vec<Vec<Vec<u8>>> {
    let mut out = Vec::new();
    for (i, st) in stalks.iter().enumerate() {
        for (h, &e) in st.iter().enumerate() {
            if e == colour || e == GREEN {
                let mut next = stalks.to_vec();
                next[i].truncate(h);
                out.push(next);
            }
        }
    }
    out
}

impl Ruleset for Hackenbush {
    type Position = Vec<Vec<u8>>;

    fn left_options(&self, p: &Vec<Vec<u8>>) -> Vec<Vec<Vec<u8>>> {
        cuts(p, BLUE)
    }

    fn right_options(&self, p: &Vec<Vec<u8>>) -> Vec<Vec<Vec<u8>>> {
        cuts(p, RED)
    }

    fn components(&self, p: &Vec<Vec<u8>>) -> Option<Vec<Vec<Vec<u8>>>> {
        Some(
            p.iter()
                .filter(|s| !s.is_empty())
                .map(|s| vec![s.clone()])
                .collect(),
        )
    }

    fn canonical_key(&self, p: &Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        let mut k: Vec<Vec<u8>> = p.iter().filter(|s| !s.is_empty()).cloned().collect();
        k.sort();
        k
    }
}

/// Hackenbush on graphs; a position is its edges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HackenbushGraph;

/// An edge: its colour and its two ends (the lower first); vertex 0 is the
/// ground.
type Edge = (u8, u8, u8);

/// The edges of a graph position, sorted.
pub type Edges = SmallVec<[Edge; 16]>;

/// Reads edges written as a colour letter and a path: `B0-1-2 R2-3`.
fn read_graph(text: &str) -> Result<Edges, String> {
    let mut edges = Edges::new();
    for token in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        let mut chars = token.chars();
        let colour = match chars.next().map(|c| c.to_ascii_uppercase()) {
            Some('B' | 'L') => BLUE,
            Some('R') => RED,
            Some('G') => GREEN,
            _ => {
                return Err(format!(
                    "`{token}` does not start with a colour (B, R or G)"
                ))
            }
        };
        let path: Vec<u8> = chars
            .as_str()
            .split('-')
            .map(|v| {
                v.parse::<u8>()
                    .map_err(|_| format!("`{v}` in `{token}` is not a vertex number (0 to 255)"))
            })
            .collect::<Result<_, _>>()?;
        if path.len() < 2 {
            return Err(format!(
                "`{token}` has no edge (write a path such as `{}0-1`)",
                &token[..1]
            ));
        }
        for w in path.windows(2) {
            edges.push((colour, w[0].min(w[1]), w[0].max(w[1])));
        }
        if edges.len() > 1024 {
            return Err("at most 1024 edges".into());
        }
    }
    Ok(grounded(edges))
}

/// The edges still connected to the ground (vertex 0), sorted.
fn grounded(edges: Edges) -> Edges {
    let mut reached = [false; 256];
    reached[0] = true;
    let mut grew = true;
    while grew {
        grew = false;
        for &(_, a, b) in &edges {
            let (a, b) = (usize::from(a), usize::from(b));
            if reached[a] != reached[b] {
                reached[a] = true;
                reached[b] = true;
                grew = true;
            }
        }
    }
    let mut kept: Edges = edges
        .into_iter()
        .filter(|&(_, a, _)| reached[usize::from(a)])
        .collect();
    kept.sort_unstable();
    kept
}

/// The positions after cutting one edge of `colour` or green (identical
/// edges give one position).
fn graph_cuts(edges: &Edges, colour: u8) -> Vec<Edges> {
    (0..edges.len())
        .filter(|&i| {
            (edges[i].0 == colour || edges[i].0 == GREEN) && (i == 0 || edges[i - 1] != edges[i])
        })
        .map(|i| {
            let mut rest = edges.clone();
            rest.remove(i);
            grounded(rest)
        })
        .collect()
}

/// The same edges with the vertices other than the ground renumbered by
/// first visit from the ground, edges taken by colour: an isomorphic copy
/// that depends little on the given numbering (for the memo).
fn normalised(edges: &Edges) -> Edges {
    let mut new_of = [u8::MAX; 256];
    new_of[0] = 0;
    let mut next = 1u8;
    let mut queue = vec![0u8];
    let mut at = 0;
    while at < queue.len() {
        let v = queue[at];
        at += 1;
        let mut out: SmallVec<[(u8, u8); 8]> = edges
            .iter()
            .filter_map(|&(c, a, b)| match (a == v, b == v) {
                (true, false) => Some((c, b)),
                (false, true) => Some((c, a)),
                _ => None,
            })
            .collect();
        out.sort_unstable();
        for (_, u) in out {
            if new_of[usize::from(u)] == u8::MAX {
                new_of[usize::from(u)] = next;
                next = next.wrapping_add(1);
                queue.push(u);
            }
        }
    }
    let mut renamed: Edges = edges
        .iter()
        .map(|&(c, a, b)| {
            let (a, b) = (new_of[usize::from(a)], new_of[usize::from(b)]);
            (c, a.min(b), a.max(b))
        })
        .collect();
    renamed.sort_unstable();
    renamed
}

impl Notation for HackenbushGraph {
    fn text(&self, edges: &Edges) -> String {
        let e: Vec<String> = edges
            .iter()
            .map(|&(c, a, b)| format!("{}{a}-{b}", ['.', 'B', 'R', 'G'][usize::from(c)]))
            .collect();
        format!("hackenbush_graph(\"{}\")", e.join(" "))
    }
    fn picture(&self, edges: &Edges) -> Picture {
        let n = edges
            .iter()
            .map(|&(_, a, b)| usize::from(a.max(b)) + 1)
            .max();
        Picture::Graph {
            vertices: vec![Piece::Empty; n.unwrap_or(1)],
            edges: edges
                .iter()
                .map(|&(c, a, b)| (usize::from(a), usize::from(b), edge_piece(c)))
                .collect(),
            ground: Some(0),
        }
    }
}

impl Ruleset for HackenbushGraph {
    type Position = Edges;

    fn left_options(&self, p: &Edges) -> Vec<Edges> {
        graph_cuts(p, BLUE)
    }

    fn right_options(&self, p: &Edges) -> Vec<Edges> {
        graph_cuts(p, RED)
    }

    fn components(&self, p: &Edges) -> Option<Vec<Edges>> {
        // Parts joined only through the ground: each edge goes with the
        // part of its end off the ground (a loop at the ground is alone).
        let mut part: [usize; 256] = std::array::from_fn(|v| v);
        fn root(part: &mut [usize; 256], mut v: usize) -> usize {
            while part[v] != v {
                part[v] = part[part[v]];
                v = part[v];
            }
            v
        }
        for &(_, a, b) in p.iter().filter(|&&(_, a, _)| a != 0) {
            let (ra, rb) = (
                root(&mut part, usize::from(a)),
                root(&mut part, usize::from(b)),
            );
            part[ra] = rb;
        }
        let mut groups: Vec<(usize, Edges)> = Vec::new();
        for (i, &(c, a, b)) in p.iter().enumerate() {
            let r = if b == 0 {
                256 + i
            } else {
                root(&mut part, usize::from(b))
            };
            match groups.iter_mut().find(|(g, _)| *g == r) {
                Some((_, es)) => es.push((c, a, b)),
                None => groups.push((r, SmallVec::from_slice(&[(c, a, b)]))),
            }
        }
        (groups.len() > 1).then(|| groups.into_iter().map(|(_, es)| es).collect())
    }

    fn signed_key(&self, p: &Edges) -> (Edges, bool) {
        // Exchanging blue and red negates the game.
        let key = normalised(p);
        let swapped: Edges = p
            .iter()
            .map(|&(c, a, b)| ([0, RED, BLUE, GREEN][usize::from(c)], a, b))
            .collect();
        lesser_of_conjugates(key, normalised(&swapped))
    }
}
