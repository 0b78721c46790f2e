//! Stoppers in CGSuite's notation: pseudonumbers (`on`, `2over`,
//! `3/2under`), switches (`+-over`), `Tiny(on)` and `Miny(on)`, upon forms
//! (`^[on]`, `-1/4v[on]`, `^<on>*`), and otherwise braces whose cycles are
//! closed by `pass` or by a name (`a{0||||0|||a|*||*}`).

use std::collections::HashMap;

use cgt_core::game::GameId;
use cgt_core::loopy::{Loopy, Pseudonumber, Sides, Stopper};
use cgt_core::number::Dyadic;

use crate::print::Printer;

/// A pseudonumber as CGSuite prints it (`on`, `1/2over`, `-3`).
pub fn pseudonumber_text(p: &Pseudonumber, parens: bool) -> String {
    match p {
        Pseudonumber::On => "on".into(),
        Pseudonumber::Off => "off".into(),
        Pseudonumber::Number(x, 0) => x.to_string(),
        Pseudonumber::Number(x, side) => {
            let word = if *side > 0 { "over" } else { "under" };
            if x.is_zero() {
                word.into()
            } else if parens {
                format!("({x}{word})")
            } else {
                format!("{x}{word}")
            }
        }
    }
}

/// Prints the vertices of one canonical stopper: the names given to
/// vertices met again on the way down are kept on a stack, as CGSuite does.
struct StopperPrinter<'p, 'a> {
    printer: &'p mut Printer<'a>,
    stopper: &'p Stopper,
    /// Vertices being printed, with the name one of them got when met again.
    open: HashMap<u32, Option<String>>,
    names: usize,
}

impl Printer<'_> {
    /// The printed form of a loopy game's value.
    pub fn loopy(&mut self, g: &Loopy) -> String {
        match g {
            Loopy::Short(s) => self.game(*s),
            Loopy::Stopper(s) => self.stopper(s),
        }
    }

    /// The printed form of a stopper.
    pub fn stopper(&mut self, s: &Stopper) -> String {
        let mut p = StopperPrinter {
            printer: self,
            stopper: s,
            open: HashMap::new(),
            names: 0,
        };
        p.vertex(0, true, false).0
    }

    /// The printed form of a sided value: `S & T`, or `dud` for `on & off`.
    pub fn sides(&mut self, s: &Sides) -> String {
        let arena = &*self.arena;
        if s.onside.as_pseudonumber(arena) == Some(Pseudonumber::On)
            && s.offside.as_pseudonumber(arena) == Some(Pseudonumber::Off)
        {
            return "dud".into();
        }
        let on = self.loopy(&s.onside);
        let off = self.loopy(&s.offside);
        format!("{on} & {off}")
    }

    /// A game that is an option: short games by the short printer.
    fn loopy_option(&mut self, g: &Loopy, braces: bool) -> String {
        match g {
            Loopy::Short(s) if braces => self.braced_option(*s),
            Loopy::Short(s) => self.game(*s),
            Loopy::Stopper(s) => self.stopper(s),
        }
    }
}

impl StopperPrinter<'_, '_> {
    fn arena(&mut self) -> &mut cgt_core::game::Arena {
        self.printer.arena
    }

    /// The text of vertex `v` and its slash count (0 when it is braced or
    /// an atom).
    fn vertex(&mut self, v: u32, braces: bool, parens: bool) -> (String, usize) {
        if let Some(g) = self.stopper.short_at(v) {
            return if braces {
                (self.printer.braced_option(g), 0)
            } else {
                self.printer.single_option(g)
            };
        }
        if let Some(p) = self.stopper.pseudonumber_at(self.printer.arena, v) {
            return (pseudonumber_text(&p, parens), 0);
        }
        let value = self.stopper.follower(v);
        if let Some(text) = self.special(&value, v) {
            return (text, 0);
        }
        if let Some(name) = self.open.get(&v) {
            let name = match name {
                Some(n) => n.clone(),
                None => {
                    let n = nth_name(self.names);
                    self.names += 1;
                    self.open.insert(v, Some(n.clone()));
                    n
                }
            };
            return (name, 0);
        }
        self.open.insert(v, None);
        let mut slashes = 0;
        let mut sides = Vec::new();
        for left in [true, false] {
            let opts = self.sorted(v, left);
            let many = opts.len() > 1;
            let mut parts = Vec::new();
            for w in opts {
                if w == v {
                    parts.push("pass".to_string());
                } else {
                    let (t, k) = cgt_core::game::deep(|| self.vertex(w, many, false));
                    slashes = slashes.max(k);
                    parts.push(t);
                }
            }
            sides.push(parts.join(","));
        }
        let named = self.open.remove(&v).flatten();
        slashes += 1;
        let g = self.stopper.graph();
        let empty_side = g.left[v as usize].is_empty() || g.right[v as usize].is_empty();
        let show = braces || named.is_some() || empty_side || slashes == 4;
        let body = format!("{}{}{}", sides[0], "|".repeat(slashes), sides[1]);
        let text = match (&named, show) {
            (Some(n), _) => format!("{n}{{{body}}}"),
            (None, true) => format!("{{{body}}}"),
            (None, false) => body,
        };
        (text, if show { 0 } else { slashes })
    }

    /// The options of `v` for Left (`left`) or Right in CGSuite's order:
    /// short games first, in the short printer's order, then the others.
    fn sorted(&mut self, v: u32, left: bool) -> Vec<u32> {
        let opts = self.stopper.graph().options(v, left);
        let (short, loopy): (Vec<u32>, Vec<u32>) = opts
            .iter()
            .partition(|&&w| self.stopper.short_at(w).is_some());
        let ids: Vec<GameId> = short
            .iter()
            .map(|&w| self.stopper.short_at(w).expect("short"))
            .collect();
        let ids = self.printer.sorted(ids);
        let mut out: Vec<u32> = ids
            .iter()
            .map(|id| {
                *short
                    .iter()
                    .find(|&&w| self.stopper.short_at(w) == Some(*id))
                    .expect("listed")
            })
            .collect();
        let mut keyed: Vec<(u64, u32)> = loopy
            .into_iter()
            .map(|w| match self.stopper.follower(w) {
                Loopy::Stopper(s) => (s.invariant(), w),
                Loopy::Short(_) => (0, w),
            })
            .collect();
        keyed.sort_unstable();
        out.extend(keyed.into_iter().map(|(_, w)| w));
        out
    }

    /// The shorthands CGSuite prints in place of braces: switches, tinies
    /// and minies, upon forms.
    fn special(&mut self, g: &Loopy, v: u32) -> Option<String> {
        let neg = g.neg(self.arena());
        if neg == *g {
            let lo = self.sorted(v, true);
            if lo.len() > 1 {
                let parts: Vec<String> =
                    lo.iter().map(|&w| self.vertex(w, true, false).0).collect();
                return Some(format!("+-{{{}}}", parts.join(",")));
            }
            return Some(format!("+-{}", self.vertex(lo[0], true, true).0));
        }
        if self.stopper.graph().is_plumtree(v) {
            if let Some(text) = self.tiny(g) {
                return Some(text);
            }
        }
        let (x, nim, uponth, negated) = match self.upon_form(g, true) {
            Some((x, nim, uponth)) => (x, nim, uponth, false),
            None => {
                let (x, nim, uponth) = self.upon_form(&neg, true)?;
                (-&x, nim, uponth, true)
            }
        };
        let arrow = if negated { 'v' } else { '^' };
        let power = if uponth { "<on>" } else { "[on]" };
        let number = if x.is_zero() {
            String::new()
        } else {
            x.to_string()
        };
        let star = match nim {
            0 => String::new(),
            1 => "*".into(),
            k => format!("*{k}"),
        };
        Some(format!("{number}{arrow}{power}{star}"))
    }

    /// `x + Tiny(G)` or `x + Miny(G)` in CGSuite's notation.
    fn tiny(&mut self, g: &Loopy) -> Option<String> {
        let (x, miny, sub) = g.tiny_shape(self.arena())?;
        let prefix = if x.is_zero() {
            String::new()
        } else {
            x.to_string()
        };
        let name = if miny { "Miny" } else { "Tiny" };
        let sub = self.printer.loopy_option(&sub, true);
        Some(format!("{prefix}{name}({sub})"))
    }

    /// `x^[on]*k` = `{pass | x*(k^1)}` (with `x` as a Left option too when
    /// k is 1), or with `uponth` `x^<on>*k`, whose Right option is the
    /// negative of an upon form and whose Left options are `x*j`, j <= k:
    /// the number, nimber and whether it is the `<on>` power.
    fn upon_form(&mut self, g: &Loopy, uponth: bool) -> Option<(Dyadic, u64, bool)> {
        let lo = g.options(self.arena(), true);
        let ro = g.options(self.arena(), false);
        if let ([Loopy::Short(r)], true) = (ro.as_slice(), lo.len() <= 2) {
            if let Some(nus) = self.arena().as_nus(*r).filter(|n| n.ups == 0).cloned() {
                let fits = if nus.nim == 0 {
                    let x = Loopy::Short(self.arena().number(nus.number.clone()));
                    lo.len() == 2 && lo.contains(g) && lo.contains(&x)
                } else {
                    lo.len() == 1 && lo[0] == *g
                };
                if fits {
                    return Some((nus.number, nus.nim ^ 1, false));
                }
            }
        }
        if uponth && ro.len() == 1 {
            let neg = ro[0].neg(self.arena());
            if let Some((n, k, false)) = self.upon_form(&neg, false) {
                let expected: Vec<Loopy> = (0..=(k ^ 1))
                    .map(|j| {
                        let arena = self.arena();
                        let x = arena.number(-&n);
                        let s = arena.nimber(j);
                        Loopy::Short(arena.add(x, s))
                    })
                    .collect();
                if lo.len() == expected.len() && expected.iter().all(|e| lo.contains(e)) {
                    return Some((-&n, k ^ 1, true));
                }
            }
        }
        None
    }
}

/// The n-th name of a vertex met again: `a` to `z`, then `N1`, `N2`, ...
fn nth_name(n: usize) -> String {
    if n < 26 {
        ((b'a' + n as u8) as char).to_string()
    } else {
        format!("N{}", n - 25)
    }
}
