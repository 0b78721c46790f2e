//! Pictures: thermographs as SVG, drawn as in Winning Ways (temperature
//! upward, Left's wall on the left, so values increase to the left).

use crate::analysis::{Thermograph, Trajectory};
use crate::number::Dyadic;

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
