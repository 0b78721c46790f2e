//! Impartial games under misère play: canonical forms and genus (Conway,
//! On Numbers and Games ch. 12; Winning Ways ch. 13).
//!
//! Misère equivalence is G ≡ H iff o⁻(G + X) = o⁻(H + X) for every
//! impartial X. Every impartial game has a unique simplest form, reached
//! by bypassing reversible options: an option G' is reversible when it has
//! an option G'' ≡ G, and the canonical form is then G'' itself. With the
//! options of G already canonical, G ≡ H for a canonical grandchild H ≠ 0
//! exactly when every option of H is an option of G and every other option
//! of G has H as an option; and G ≡ 0 exactly when every option of G has 0
//! as an option and some option is a misère P-position (the endgame
//! proviso: an end is a misère N-position). Canonical games are interned,
//! so equal games have equal ids.
//!
//! The genus g^(γ0 γ1 γ2 ...) of G is its normal-play nim value g and the
//! misère nim values γn of G + *2 + ... + *2 (n heaps of two). With
//! M(X) the misère nim value (1 for an end, else the mex over the options),
//! M(X + *) = M(X) xor 1, so γn follows from the options' sequences and
//! γ(n-1): the options of G + n·*2 are G' + n·*2 and G + (n-1)·*2 plus * or 0.
//! The sequence is eventually periodic of period 2; it is kept up to the
//! point from which it alternates.

use super::Form;
use crate::game::{deep, Arena};
use hashbrown::HashMap;
use std::sync::Arc;

/// A canonical misère impartial game of a [`MisereArena`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereId(u32);

struct Node {
    /// Canonical options, sorted by id.
    options: Vec<MisereId>,
    /// Misère nim value: 1 for the end 0, else the mex of the options'.
    g_minus: u64,
    /// Normal-play nim value.
    g_plus: u64,
    birthday: u64,
    /// γ0, γ1, ...: from the last two on, the sequence alternates.
    genus: Vec<u64>,
    /// The nim heap this game is, if it is one.
    heap: Option<u64>,
}

/// An interned store of canonical misère impartial games.
pub struct MisereArena {
    nodes: Vec<Node>,
    index: HashMap<Vec<MisereId>, MisereId>,
    heaps: Vec<MisereId>,
    sums: HashMap<(MisereId, MisereId), MisereId>,
}

impl Default for MisereArena {
    fn default() -> Self {
        Self::new()
    }
}

/// Why a form has no misère canonical form here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotImpartial;

/// The least value not among `values` (the mex rule of impartial games).
pub(crate) fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|(k, &v)| *k as u64 != v)
        .map_or(seen.len(), |(k, _)| k) as u64
}

impl MisereArena {
    /// A store holding the end 0.
    pub fn new() -> Self {
        let mut a = MisereArena {
            nodes: Vec::new(),
            index: HashMap::new(),
            heaps: Vec::new(),
            sums: HashMap::new(),
        };
        let zero = a.intern(Vec::new());
        a.heaps.push(zero);
        a
    }

    /// The end: no options.
    pub fn zero(&self) -> MisereId {
        MisereId(0)
    }

    /// The nim heap of `n` (its options the heaps below `n`).
    pub fn heap(&mut self, n: u64) -> MisereId {
        while self.heaps.len() as u64 <= n {
            crate::interrupt::check();
            let options = self.heaps.clone();
            let h = self.construct(options);
            self.heaps.push(h);
        }
        self.heaps[n as usize]
    }

    /// The canonical game with these (canonical) options.
    pub fn construct(&mut self, mut options: Vec<MisereId>) -> MisereId {
        options.sort_unstable();
        options.dedup();
        if let Some(&g) = self.index.get(&options) {
            return g;
        }
        let zero = self.zero();
        if options.is_empty() {
            return zero;
        }
        // G ≡ 0: every option has 0 as an option, and some option is a
        // misère P-position (so that G, like the end, is a misère N-position).
        if !options.contains(&zero)
            && options.iter().all(|&o| self.options(o).contains(&zero))
            && options
                .iter()
                .any(|&o| self.nodes[o.0 as usize].g_minus == 0)
        {
            return zero;
        }
        // G ≡ H for a grandchild H ≠ 0: every option of H is one of G's, and
        // every other option of G reverses through H.
        let mut candidates: Vec<MisereId> = options
            .iter()
            .flat_map(|&o| self.options(o).iter().copied())
            .filter(|&h| h != zero)
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        for h in candidates {
            let of_h = self.options(h);
            let fits = of_h.iter().all(|x| options.binary_search(x).is_ok())
                && options.iter().all(|o| {
                    of_h.binary_search(o).is_ok() || self.options(*o).binary_search(&h).is_ok()
                });
            if fits {
                return h;
            }
        }
        self.intern(options)
    }

    fn intern(&mut self, options: Vec<MisereId>) -> MisereId {
        let id = MisereId(self.nodes.len() as u32);
        let node = if options.is_empty() {
            Node {
                options: Vec::new(),
                g_minus: 1,
                g_plus: 0,
                birthday: 0,
                genus: vec![1, 2, 0],
                heap: Some(0),
            }
        } else {
            let opts: Vec<&Node> = options.iter().map(|o| &self.nodes[o.0 as usize]).collect();
            let g_minus = mex(opts.iter().map(|n| n.g_minus));
            let g_plus = mex(opts.iter().map(|n| n.g_plus));
            let birthday = 1 + opts.iter().map(|n| n.birthday).max().unwrap_or(0);
            let genus = genus_of(&opts, g_minus);
            // A nim heap: its options are exactly the heaps below its value.
            let heap = {
                let mut hs: Vec<u64> = opts.iter().filter_map(|n| n.heap).collect();
                hs.sort_unstable();
                (hs.len() == opts.len() && hs.iter().enumerate().all(|(k, &h)| k as u64 == h))
                    .then_some(hs.len() as u64)
            };
            Node {
                options: options.clone(),
                g_minus,
                g_plus,
                birthday,
                genus,
                heap,
            }
        };
        self.nodes.push(node);
        self.index.insert(options, id);
        id
    }

    /// The canonical options of `g`.
    pub fn options(&self, g: MisereId) -> &[MisereId] {
        &self.nodes[g.0 as usize].options
    }

    /// The misère nim value: 0 exactly for misère P-positions.
    pub fn misere_nim_value(&self, g: MisereId) -> u64 {
        self.nodes[g.0 as usize].g_minus
    }

    /// The normal-play nim value.
    pub fn nim_value(&self, g: MisereId) -> u64 {
        self.nodes[g.0 as usize].g_plus
    }

    /// The birthday of the canonical form.
    pub fn birthday(&self, g: MisereId) -> u64 {
        self.nodes[g.0 as usize].birthday
    }

    /// The genus: the normal-play nim value and γ0, γ1, ... up to where the
    /// sequence alternates (its last two values repeat for ever).
    pub fn genus(&self, g: MisereId) -> (u64, Vec<u64>) {
        let n = &self.nodes[g.0 as usize];
        (n.g_plus, n.genus.clone())
    }

    /// The disjunctive sum (options G' + H and G + H').
    pub fn add(&mut self, g: MisereId, h: MisereId) -> MisereId {
        let zero = self.zero();
        if g == zero {
            return h;
        }
        if h == zero {
            return g;
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sums.get(&key) {
            return s;
        }
        crate::interrupt::check();
        let s = deep(|| {
            let mut options = Vec::new();
            for o in self.options(g).to_vec() {
                options.push(self.add(o, h));
            }
            for o in self.options(h).to_vec() {
                options.push(self.add(g, o));
            }
            self.construct(options)
        });
        self.sums.insert(key, s);
        s
    }

    /// The canonical misère form of an impartial form, or an error if some
    /// follower gives the players different options.
    pub fn of_form(&mut self, arena: &mut Arena, f: &Form) -> Result<MisereId, NotImpartial> {
        let mut memo: HashMap<Form, MisereId> = HashMap::new();
        self.convert(arena, f, &mut memo)
    }

    fn convert(
        &mut self,
        arena: &mut Arena,
        f: &Form,
        memo: &mut HashMap<Form, MisereId>,
    ) -> Result<MisereId, NotImpartial> {
        if let Some(&g) = memo.get(f) {
            return Ok(g);
        }
        crate::interrupt::check();
        let g = deep(|| -> Result<MisereId, NotImpartial> {
            match f {
                Form::Value(v) => match arena.as_nus(*v) {
                    Some(n) if n.is_nimber() => Ok(self.heap(n.nim)),
                    _ => Err(NotImpartial),
                },
                Form::Sum(a, b) => {
                    let (x, y) = (self.convert(arena, a, memo)?, self.convert(arena, b, memo)?);
                    Ok(self.add(x, y))
                }
                // An impartial game is its own negative.
                Form::Neg(a) => self.convert(arena, a, memo),
                other => {
                    let sides = [other.options(arena, true), other.options(arena, false)];
                    let mut ids: [Vec<MisereId>; 2] = [Vec::new(), Vec::new()];
                    for (k, side) in sides.iter().enumerate() {
                        for o in side {
                            ids[k].push(self.convert(arena, o, memo)?);
                        }
                        ids[k].sort_unstable();
                        ids[k].dedup();
                    }
                    if ids[0] != ids[1] {
                        return Err(NotImpartial);
                    }
                    let [left, _] = ids;
                    Ok(self.construct(left))
                }
            }
        })?;
        memo.insert(f.clone(), g);
        Ok(g)
    }

    /// The canonical form as text: a nim heap as `0`, `*` or `*n`; another
    /// game as `*[...]` listing its options, nim heaps by their size and
    /// other games in brackets: `*[2,3]` is {*2, *3}, `*[2]` is {*2}.
    pub fn text(&self, g: MisereId) -> String {
        match self.nodes[g.0 as usize].heap {
            Some(0) => "0".into(),
            Some(1) => "*".into(),
            Some(n) => format!("*{n}"),
            None => format!("*{}", self.bracket(g)),
        }
    }

    fn bracket(&self, g: MisereId) -> String {
        deep(|| {
            let n = &self.nodes[g.0 as usize];
            let mut parts: Vec<(u64, String)> = n
                .options
                .iter()
                .map(|&o| {
                    let on = &self.nodes[o.0 as usize];
                    match on.heap {
                        Some(h) => (on.birthday, h.to_string()),
                        None => (on.birthday, self.bracket(o)),
                    }
                })
                .collect();
            parts.sort();
            let inner: Vec<String> = parts.into_iter().map(|(_, s)| s).collect();
            format!("[{}]", inner.join(","))
        })
    }
}

/// γ0, γ1, ... of a game with options `opts` (misère nim value `g_minus`),
/// up to where the sequence alternates.
fn genus_of(opts: &[&Node], g_minus: u64) -> Vec<u64> {
    let digit = |n: &Node, i: usize| -> u64 {
        if i < n.genus.len() {
            n.genus[i]
        } else {
            // Alternating from the last two on.
            let len = n.genus.len();
            n.genus[len - 2 + ((len ^ i) & 1)]
        }
    };
    // From index `from` on, every option's digits repeat with period 2, so
    // ours do once two of them, two apart, agree there: each digit is the
    // mex of the options' digits and of the previous digit and its xor 1.
    let from = opts.iter().map(|n| n.genus.len()).max().unwrap_or(0);
    let mut g = vec![g_minus];
    for i in 1.. {
        let prev = g[i - 1];
        let mut values: Vec<u64> = opts.iter().map(|n| digit(n, i)).collect();
        values.push(prev);
        values.push(prev ^ 1);
        g.push(mex(values));
        if i > from && g[i] == g[i - 2] {
            break;
        }
        if i > from + 64 {
            crate::interrupt::unsupported("a genus sequence that does not settle into period 2");
        }
    }
    // Drop the tail that only repeats the alternation.
    while g.len() >= 3 && g[g.len() - 1] == g[g.len() - 3] {
        g.pop();
    }
    g
}

/// The genus as Conway writes it: `g^digits`, the digits in parentheses
/// with commas if one of them has two digits or more.
pub fn genus_text(g_plus: u64, digits: &[u64]) -> String {
    if digits.iter().any(|&d| d >= 10) {
        let inner: Vec<String> = digits.iter().map(u64::to_string).collect();
        format!("{g_plus}^({})", inner.join(","))
    } else {
        let inner: String = digits.iter().map(u64::to_string).collect();
        format!("{g_plus}^{inner}")
    }
}

/// Convenience: the canonical misère form of `f` in a fresh store.
pub fn misere_canonical(
    arena: &mut Arena,
    f: &Arc<Form>,
) -> Result<(MisereArena, MisereId), NotImpartial> {
    let mut m = MisereArena::new();
    let g = m.of_form(arena, f)?;
    Ok((m, g))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Winning Ways (ch. 13) and ONAG (ch. 12): 1, 2, 3, 5 and 22 misère
    /// impartial games are born by days 0 to 4.
    #[test]
    fn games_born_by_each_day_as_published() {
        let mut m = MisereArena::new();
        let mut born: Vec<MisereId> = vec![m.zero()];
        let mut counts = vec![born.len()];
        for _ in 1..=4 {
            let mut next: Vec<MisereId> = Vec::new();
            for mask in 0u64..(1 << born.len()) {
                let options: Vec<MisereId> = (0..born.len())
                    .filter(|&k| mask >> k & 1 == 1)
                    .map(|k| born[k])
                    .collect();
                next.push(m.construct(options));
            }
            next.sort_unstable();
            next.dedup();
            born = next;
            counts.push(born.len());
        }
        assert_eq!(counts, vec![1, 2, 3, 5, 22]);
    }

    /// Games as plain option trees, and misère outcomes of their sums by
    /// search: an independent check of the canonical forms.
    #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
    struct Raw(Vec<Raw>);

    fn next_player_wins(sum: &[Raw], memo: &mut HashMap<Vec<Raw>, bool>) -> bool {
        let mut key = sum.to_vec();
        key.sort();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut any_move = false;
        let mut wins = false;
        for k in 0..key.len() {
            for o in &key[k].0 {
                any_move = true;
                let mut next = key.clone();
                next[k] = o.clone();
                if !next_player_wins(&next, memo) {
                    wins = true;
                }
            }
        }
        let w = !any_move || wins; // an end is won by the player to move
        memo.insert(key, w);
        w
    }

    fn to_misere(m: &mut MisereArena, g: &Raw) -> MisereId {
        let options = g.0.iter().map(|o| to_misere(m, o)).collect();
        m.construct(options)
    }

    #[test]
    fn equal_canonical_forms_are_exactly_the_games_no_sum_tells_apart() {
        // All option trees born by day 3 (1 + 1 + 2 + 12 new ones: 16).
        let mut days: Vec<Raw> = vec![Raw(vec![])];
        for _ in 0..3 {
            let mut next = Vec::new();
            for mask in 0u32..(1 << days.len()) {
                let opts = (0..days.len())
                    .filter(|&k| mask >> k & 1 == 1)
                    .map(|k| days[k].clone())
                    .collect();
                next.push(Raw(opts));
            }
            days = next;
        }
        assert_eq!(days.len(), 16);
        let mut m = MisereArena::new();
        let mut memo = HashMap::new();
        // Tests: every tree of day 3 and every sum of two of them.
        let mut tests: Vec<Vec<Raw>> = days.iter().map(|x| vec![x.clone()]).collect();
        for a in &days {
            for b in &days {
                tests.push(vec![a.clone(), b.clone()]);
            }
        }
        for g in &days {
            for h in &days {
                let same = to_misere(&mut m, g) == to_misere(&mut m, h);
                let alike = tests.iter().all(|x| {
                    let (mut gx, mut hx) = (x.clone(), x.clone());
                    gx.push(g.clone());
                    hx.push(h.clone());
                    next_player_wins(&gx, &mut memo) == next_player_wins(&hx, &mut memo)
                });
                assert_eq!(same, alike, "{g:?} vs {h:?}");
            }
        }
        // Canonical misère values of sums agree with the search too.
        for g in &days {
            for h in &days {
                let (x, y) = (to_misere(&mut m, g), to_misere(&mut m, h));
                let s = m.add(x, y);
                let p = m.misere_nim_value(s) == 0;
                assert_eq!(p, !next_player_wins(&[g.clone(), h.clone()], &mut memo));
            }
        }
    }

    #[test]
    fn nim_heaps_and_their_genus() {
        let mut m = MisereArena::new();
        let (zero, one, two, three) = (m.zero(), m.heap(1), m.heap(2), m.heap(3));
        // * + * is the end in misère play; *2 + *2 is not (it is a P-position).
        assert_eq!(m.add(one, one), zero);
        let two_two = m.add(two, two);
        assert_ne!(two_two, zero);
        assert_eq!(m.misere_nim_value(two_two), 0);
        // Conway's genus of the nim heaps: 0^120, 1^031, 2^20, 3^31.
        let text = |m: &MisereArena, g| {
            let (p, d) = m.genus(g);
            genus_text(p, &d)
        };
        assert_eq!(text(&m, zero), "0^120");
        assert_eq!(text(&m, one), "1^031");
        assert_eq!(text(&m, two), "2^20");
        assert_eq!(text(&m, three), "3^31");
        assert_eq!(m.text(two), "*2");
        // *2 + *2 = {*2 + *, *2} = {*3, *2}.
        assert_eq!(m.text(two_two), "*[2,3]");
        let braced = m.construct(vec![two]);
        assert_eq!(m.text(braced), "*[2]");
    }
}
