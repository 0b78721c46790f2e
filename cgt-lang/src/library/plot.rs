//! Pictures: thermographs as SVG, drawn as in Winning Ways (temperature
//! upward, Left's wall on the left, so values increase to the left).

use cgt_core::analysis::{Thermograph, Trajectory};
use cgt_core::number::Dyadic;

fn f(x: &Dyadic) -> f64 {
    // Only for placing pixels; every value printed is exact.
    let r = x.to_rational();
    use num_traits::ToPrimitive;
    r.to_f64().unwrap_or(0.0)
}

/// Points (t, value) of a wall from `bottom` up to `top`.
fn wall_points(w: &Trajectory, top: &Dyadic, bottom: &Dyadic) -> Vec<(Dyadic, Dyadic)> {
    let mut ts: Vec<Dyadic> = vec![bottom.clone()];
    let mut cps = w.critical_points();
    cps.reverse();
    ts.extend(cps.into_iter().filter(|c| c < top && c > bottom));
    ts.push(top.clone());
    ts.into_iter().map(|t| (t.clone(), w.eval(&t))).collect()
}

/// An SVG picture of the thermograph, titled with the game: both axes share
/// one scale (walls at 45°), drawn from temperature 0 (from −1 for numbers).
pub fn thermograph_svg(t: &Thermograph, title: &str) -> String {
    let tau = f(&t.temperature);
    let bottom = if tau >= 0.0 {
        Dyadic::zero()
    } else {
        Dyadic::from_i64(-1)
    };
    let mast_top = Dyadic::from_i64((tau.ceil() as i64 + 1).max(1));
    let left = wall_points(&t.left, &mast_top, &bottom);
    let right = wall_points(&t.right, &mast_top, &bottom);
    let values: Vec<f64> = left.iter().chain(right.iter()).map(|(_, v)| f(v)).collect();
    let (vmin, vmax) = values
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &v| (a.min(v), b.max(v)));
    let (vmin, vmax) = (vmin.floor() - 0.5, vmax.ceil() + 0.5);
    let (tmin, tmax) = (f(&bottom), f(&mast_top));
    let (w, h, pad) = (640.0, 480.0, 60.0);
    let unit = ((w - 2.0 * pad) / (vmax - vmin)).min((h - 2.0 * pad) / (tmax - tmin));
    let plot_w = unit * (vmax - vmin);
    let x0 = (w - plot_w) / 2.0;
    // x grows to the left with the value; y grows upward with the temperature.
    let x = |v: f64| x0 + (vmax - v) * unit;
    let y = |tt: f64| h - pad - (tt - tmin) * unit;
    let path = |pts: &[(Dyadic, Dyadic)]| -> String {
        pts.iter()
            .map(|(tt, v)| format!("{:.2},{:.2}", x(f(v)), y(f(tt))))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"13\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    svg.push_str(&format!(
        "<text x=\"{}\" y=\"24\" text-anchor=\"middle\">Thermograph of {}</text>\n",
        w / 2.0,
        esc(title)
    ));
    // Value axis at the bottom with integer ticks; temperature 0 line.
    let axis_y = y(tmin);
    svg.push_str(&format!(
        "<line x1=\"{:.2}\" y1=\"{axis_y:.2}\" x2=\"{:.2}\" y2=\"{axis_y:.2}\" stroke=\"#444\"/>\n",
        x(vmax),
        x(vmin)
    ));
    let mut v = vmin.ceil();
    while v <= vmax {
        svg.push_str(&format!(
            "<line x1=\"{0:.2}\" y1=\"{1:.2}\" x2=\"{0:.2}\" y2=\"{2:.2}\" stroke=\"#444\"/><text x=\"{0:.2}\" y=\"{3:.2}\" text-anchor=\"middle\" fill=\"#444\">{4}</text>\n",
            x(v), axis_y, axis_y + 5.0, axis_y + 20.0, v as i64
        ));
        v += 1.0;
    }
    if tmin < 0.0 {
        svg.push_str(&format!("<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>\n", x(vmax), y(0.0), x(vmin), y(0.0)));
    }
    let mut tt = tmin + 1.0;
    while tt <= tmax {
        svg.push_str(&format!(
            "<text x=\"{:.2}\" y=\"{:.2}\" fill=\"#888\" text-anchor=\"end\">t={}</text>\n",
            x(vmax) - 6.0,
            y(tt) + 4.0,
            tt as i64
        ));
        tt += 1.0;
    }
    svg.push_str(&format!(
        "<text x=\"{:.2}\" y=\"{:.2}\" fill=\"#666\">temperature ↑</text>\n",
        x(vmax) - 40.0,
        pad - 16.0
    ));
    svg.push_str(&format!("<text x=\"{:.2}\" y=\"{:.2}\" fill=\"#666\" text-anchor=\"middle\">← Left (larger values)   value   Right (smaller values) →</text>\n", w / 2.0, h - 12.0));
    svg.push_str(&format!(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#1f4fbf\" stroke-width=\"2.5\"/>\n",
        path(&left)
    ));
    svg.push_str(&format!(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#bf1f1f\" stroke-width=\"2.5\"/>\n",
        path(&right)
    ));
    let mean = t.mean();
    svg.push_str(&format!(
        "<text x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"middle\">mean {} · temperature {}</text>\n",
        x(f(&mean)),
        y(tmax) - 8.0,
        mean,
        t.temperature
    ));
    svg.push_str("</svg>\n");
    svg
}

/// Layout node of a game tree picture.
struct TreeNode {
    label: String,
    children: Vec<(bool, usize)>,
    x: f64,
    depth: usize,
}

/// An SVG picture of a game tree (Left's moves to the lower left in blue,
/// Right's to the lower right in red), expanding at most `limit` nodes;
/// labels are the printed values of the positions.
pub fn tree_svg(
    arena: &mut cgt_core::game::Arena,
    g: cgt_core::game::GameId,
    title: &str,
    limit: usize,
) -> String {
    use crate::print::Printer;
    let mut nodes: Vec<TreeNode> = Vec::new();
    // Build breadth-first with an explicit queue; `limit` bounds the picture.
    let mut queue = std::collections::VecDeque::new();
    let label = |arena: &mut cgt_core::game::Arena, g| {
        let t = Printer::new(arena).game(g);
        if t.chars().count() > 14 {
            "•".to_string()
        } else {
            t
        }
    };
    nodes.push(TreeNode {
        label: label(arena, g),
        children: vec![],
        x: 0.0,
        depth: 0,
    });
    queue.push_back((0usize, g));
    while let Some((k, h)) = queue.pop_front() {
        if arena.is_number(h) {
            continue; // numbers are leaves of the picture
        }
        let (l, r) = (
            arena.left_options(h).to_vec(),
            arena.right_options(h).to_vec(),
        );
        for (is_left, c) in l
            .into_iter()
            .map(|c| (true, c))
            .chain(r.into_iter().map(|c| (false, c)))
        {
            if nodes.len() >= limit {
                break;
            }
            let depth = nodes[k].depth + 1;
            let id = nodes.len();
            nodes.push(TreeNode {
                label: label(arena, c),
                children: vec![],
                x: 0.0,
                depth,
            });
            nodes[k].children.push((is_left, id));
            queue.push_back((id, c));
        }
    }
    // Leaves get consecutive x; parents sit over their children (post-order, explicit stack).
    let mut next_leaf = 0.0;
    let mut stack = vec![(0usize, false)];
    while let Some((k, done)) = stack.pop() {
        if nodes[k].children.is_empty() {
            nodes[k].x = next_leaf;
            next_leaf += 1.0;
        } else if done {
            let xs: Vec<f64> = nodes[k].children.iter().map(|&(_, c)| nodes[c].x).collect();
            nodes[k].x = (xs[0] + xs[xs.len() - 1]) / 2.0;
        } else {
            stack.push((k, true));
            for &(_, c) in nodes[k].children.iter().rev() {
                stack.push((c, false));
            }
        }
    }
    let depth = nodes.iter().map(|n| n.depth).max().unwrap_or(0);
    let (dx, dy, pad) = (70.0, 70.0, 40.0);
    let w = (next_leaf.max(1.0) - 1.0) * dx + 2.0 * pad + 60.0;
    let h = depth as f64 * dy + 2.0 * pad + 30.0;
    let pos = |n: &TreeNode| (pad + 30.0 + n.x * dx, pad + 30.0 + n.depth as f64 * dy);
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{:.0}\" y=\"20\" text-anchor=\"middle\">Game tree of {}</text>\n",
        w / 2.0,
        esc(title)
    );
    for n in &nodes {
        let (x, y) = pos(n);
        for &(is_left, c) in &n.children {
            let (cx, cy) = pos(&nodes[c]);
            let colour = if is_left { "#1f4fbf" } else { "#bf1f1f" };
            svg.push_str(&format!("<line x1=\"{x:.1}\" y1=\"{y:.1}\" x2=\"{cx:.1}\" y2=\"{cy:.1}\" stroke=\"{colour}\" stroke-width=\"2\"/>\n"));
        }
    }
    for n in &nodes {
        let (x, y) = pos(n);
        svg.push_str(&format!(
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4\" fill=\"black\"/><text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>\n",
            x,
            y - 8.0,
            esc(&n.label)
        ));
    }
    if nodes.len() >= limit {
        svg.push_str(&format!(
            "<text x=\"10\" y=\"{:.0}\" fill=\"#888\">(first {limit} positions)</text>\n",
            h - 8.0
        ));
    }
    svg.push_str("</svg>\n");
    svg
}

/// An SVG picture of a Partizan-Serial-Nim position as in the paper's
/// Figure 1: pile i at (i, σ(i)) labelled with its stones (empty piles as
/// rings), and every position of 𝓕(w) — reachable by removing target piles —
/// as a grey square at the paper's point (x, σ(x′)): its first pile and the
/// rank of Right's target.
pub fn psn_svg(psn: &cgt_core::ruleset::psn::Psn, w: &[u64]) -> String {
    let n = w.len();
    let sigma = psn.sigma();
    let states = psn.removal_family(w);
    let (cell, pad) = (36.0, 50.0);
    let size = n as f64 * cell + 2.0 * pad;
    let px = |i: f64| pad + (i - 0.5) * cell;
    let py = |s: f64| size - pad - (s - 0.5) * cell;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size:.0}\" height=\"{size:.0}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    for k in 0..=n {
        let t = k as f64;
        svg.push_str(&format!(
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#eee\"/>\n",
            px(t + 0.5),
            py(0.5),
            px(t + 0.5),
            py(n as f64 + 0.5)
        ));
        svg.push_str(&format!(
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#eee\"/>\n",
            px(0.5),
            py(t + 0.5),
            px(n as f64 + 0.5),
            py(t + 0.5)
        ));
    }
    for k in 1..=n {
        svg.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#666\">{k}</text>\n",
            px(k as f64),
            size - pad + 18.0
        ));
        svg.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#666\">{k}</text>\n",
            pad - 8.0,
            py(k as f64) + 4.0
        ));
    }
    svg.push_str(&format!(
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">pile i (Left's order)</text>\n",
        size / 2.0,
        size - 12.0
    ));
    svg.push_str(&format!("<text x=\"14\" y=\"{:.1}\" transform=\"rotate(-90 14 {:.1})\" text-anchor=\"middle\">σ(i) (Right's order)</text>\n", size / 2.0, size / 2.0));
    for (x, y) in &states {
        svg.push_str(&format!(
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"8\" height=\"8\" fill=\"#999\"/>\n",
            px(*x as f64 + 1.0) - 4.0,
            py(*y as f64 + 1.0) - 4.0
        ));
    }
    for (i, &wi) in w.iter().enumerate() {
        let (x, y) = (px(i as f64 + 1.0), py(sigma[i] as f64));
        if wi > 0 {
            svg.push_str(&format!("<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"11\" fill=\"#1f4fbf\"/><text x=\"{x:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"white\">{wi}</text>\n", y + 4.0));
        } else {
            svg.push_str(&format!(
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"9\" fill=\"none\" stroke=\"#1f4fbf\"/>\n"
            ));
        }
    }
    svg.push_str("</svg>\n");
    svg
}
