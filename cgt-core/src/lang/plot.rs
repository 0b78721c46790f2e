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

/// Points (t, value) of a wall from t = -1 up to `top`.
fn wall_points(w: &Trajectory, top: &Dyadic) -> Vec<(Dyadic, Dyadic)> {
    let mut ts: Vec<Dyadic> = vec![Dyadic::from_i64(-1)];
    let mut cps = w.critical_points();
    cps.reverse();
    ts.extend(cps.into_iter().filter(|c| c < top));
    ts.push(top.clone());
    ts.into_iter().map(|t| (t.clone(), w.eval(&t))).collect()
}

/// An SVG picture of the thermograph, titled with the game.
pub fn thermograph_svg(t: &Thermograph, title: &str) -> String {
    let mast_top = {
        let tau = f(&t.temperature).max(0.0);
        Dyadic::from_i64((tau.ceil() as i64 + 1).max(1))
    };
    let left = wall_points(&t.left, &mast_top);
    let right = wall_points(&t.right, &mast_top);
    let values: Vec<f64> = left.iter().chain(right.iter()).map(|(_, v)| f(v)).collect();
    let (vmin, vmax) = values
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &v| (a.min(v), b.max(v)));
    let (tmin, tmax) = (-1.0, f(&mast_top));
    let (w, h, pad) = (640.0, 480.0, 60.0);
    let span_v = (vmax - vmin).max(1.0);
    let span_t = tmax - tmin;
    // x grows to the left with the value; y grows upward with the temperature.
    let x = |v: f64| pad + (vmax - v) / span_v * (w - 2.0 * pad);
    let y = |t: f64| h - pad - (t - tmin) / span_t * (h - 2.0 * pad);
    let path = |pts: &[(Dyadic, Dyadic)]| -> String {
        pts.iter()
            .map(|(tt, v)| format!("{:.2},{:.2}", x(f(v)), y(f(tt))))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut svg = String::new();
    svg.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"13\">\n"
    ));
    svg.push_str("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    };
    svg.push_str(&format!(
        "<text x=\"{}\" y=\"24\" text-anchor=\"middle\">Thermograph of {}</text>\n",
        w / 2.0,
        esc(title)
    ));
    // Axes: temperature 0 (horizontal) and value 0 (vertical, if in range).
    svg.push_str(&format!(
        "<line x1=\"{pad}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"#999\"/>\n",
        y(0.0),
        w - pad,
        y(0.0)
    ));
    svg.push_str(&format!(
        "<text x=\"{:.2}\" y=\"{:.2}\" fill=\"#666\">t = 0</text>\n",
        w - pad + 4.0,
        y(0.0) + 4.0
    ));
    svg.push_str(&format!(
        "<text x=\"{:.2}\" y=\"{:.2}\" fill=\"#666\">temperature ↑</text>\n",
        pad - 50.0,
        pad - 10.0
    ));
    svg.push_str(&format!(
        "<text x=\"{:.2}\" y=\"{:.2}\" fill=\"#666\" text-anchor=\"middle\">← value (Left)   (Right) →</text>\n",
        w / 2.0,
        h - 15.0
    ));
    for (v, label) in [(vmax, vmax), (vmin, vmin)] {
        svg.push_str(&format!(
            "<text x=\"{:.2}\" y=\"{:.2}\" fill=\"#666\" text-anchor=\"middle\">{}</text>\n",
            x(v),
            h - pad + 18.0,
            trim(label)
        ));
    }
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

fn trim(v: f64) -> String {
    let s = format!("{v:.4}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
