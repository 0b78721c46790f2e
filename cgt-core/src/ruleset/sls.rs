//! Two-player So Long Sucker endgames (De Carufel & Jerade, arXiv:2403.17302)
//! as a short game: Left = Blue, Right = Red, one option = one complete turn
//! (`docs/spec/sls.md` §3). A capture handed to the opponent waits in
//! escrow until the capturer's next turn, where the capturer chooses the kill.

use super::registry::{Arg, ArgError, Constructor, Notation, Positioned, RulesetInfo};
use super::Ruleset;
use hashbrown::{HashMap, HashSet};

/// A chip colour: Blue's `b` or Red's `r`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Blue's colour (Left).
    B,
    /// Red's colour (Right).
    R,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::B => Colour::R,
            Colour::R => Colour::B,
        }
    }

    fn letter(self) -> char {
        match self {
            Colour::B => 'b',
            Colour::R => 'r',
        }
    }
}

/// A non-empty pile. Colours alternate (L5), so the top colour and the
/// length describe it: ⌈len/2⌉ chips of the top colour, ⌊len/2⌋ of the other.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pile {
    /// The colour on top.
    pub top: Colour,
    /// The number of chips.
    pub len: u32,
}

impl Pile {
    /// Chips of colour `c` in the pile.
    pub fn count(&self, c: Colour) -> u32 {
        if c == self.top {
            self.len.div_ceil(2)
        } else {
            self.len / 2
        }
    }

    /// The pile written bottom → top, e.g. `rbr`.
    pub fn text(&self) -> String {
        (0..self.len)
            .map(|k| {
                if (self.len - 1 - k).is_multiple_of(2) {
                    self.top.letter()
                } else {
                    self.top.other().letter()
                }
            })
            .collect()
    }

    /// Parse a bottom → top string over `b` and `r`; adjacent equal colours are an error.
    pub fn parse(s: &str) -> Result<Pile, String> {
        let chips: Vec<char> = s.chars().collect();
        if chips.is_empty() {
            return Err("a pile needs at least one chip (count empty slots separately)".into());
        }
        for w in chips.windows(2) {
            if w[0] == w[1] {
                return Err(format!(
                    "pile \"{s}\" has two adjacent `{}` chips (a capture would have taken it)",
                    w[0]
                ));
            }
        }
        let top = match chips[chips.len() - 1] {
            'b' => Colour::B,
            'r' => Colour::R,
            other => {
                return Err(format!(
                    "pile \"{s}\": `{other}` is not a colour (use b and r)"
                ))
            }
        };
        if chips.iter().any(|&c| c != 'b' && c != 'r') {
            return Err(format!(
                "pile \"{s}\": only b and r chips exist in a two-player endgame"
            ));
        }
        Ok(Pile {
            top,
            len: chips.len() as u32,
        })
    }
}

/// A hand: chips of each colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Hand {
    /// b chips.
    pub b: u32,
    /// r chips.
    pub r: u32,
}

impl Hand {
    fn get(&self, c: Colour) -> u32 {
        match c {
            Colour::B => self.b,
            Colour::R => self.r,
        }
    }

    fn add(&mut self, c: Colour, n: u32) {
        match c {
            Colour::B => self.b += n,
            Colour::R => self.r += n,
        }
    }

    fn total(&self) -> u32 {
        self.b + self.r
    }
}

/// A captured pile waiting for its capturer to choose the kill.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Escrow {
    /// Who captured (the owner of the doubled colour).
    pub capturer: Colour,
    /// b chips in the pile.
    pub b: u32,
    /// r chips in the pile.
    pub r: u32,
}

/// An endgame state: the board (piles and empty slots), both hands and escrow.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    /// Non-empty piles, sorted.
    pub piles: Vec<Pile>,
    /// Empty slots.
    pub empty: u32,
    /// Blue's hand (b = own colour, r = prisoners).
    pub blue: Hand,
    /// Red's hand (b = prisoners, r = own colour).
    pub red: Hand,
    /// Pending captures, sorted.
    pub escrow: Vec<Escrow>,
}

/// How many chips a capture kills.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Kill {
    /// Exactly one chip of any colour, the capturer's choice (the default).
    #[default]
    ExactlyOne,
    /// At least one chip (the paper's wording): no value changes (spec §3.3).
    AtLeastOne,
    /// Exactly one chip of the capturer's own colour (a literal reading of a
    /// corrupted rules text; changes results, spec §4 A1′).
    OwnColourOnly,
}

/// The rule variants of spec §4.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    /// The kill on capture.
    pub kill: Kill,
    /// Unbounded table instead of a fixed number of slots.
    pub unbounded: bool,
    /// Also offer the dominated actions (voluntary kills of prisoners and
    /// transfers to the opponent) for fidelity; values do not change.
    pub extra_actions: bool,
}

impl Rules {
    /// The option words of the language that select this variant (none for the default).
    pub fn words(&self) -> Vec<&'static str> {
        let mut w = Vec::new();
        match self.kill {
            Kill::ExactlyOne => {}
            Kill::AtLeastOne => w.push("at_least_one"),
            Kill::OwnColourOnly => w.push("own_colour_only"),
        }
        if self.unbounded {
            w.push("unbounded");
        }
        if self.extra_actions {
            w.push("extra_actions");
        }
        w
    }
}

/// So Long Sucker endgames in the registry.
pub static INFO: RulesetInfo = RulesetInfo {
    name: "sls",
    constructors: &[Constructor {
        name: "sls",
        signature: "sls([piles], empty, (blue_b, blue_r), (red_b, red_r) [, rules])",
        arity: 4..=5,
        help: "A two-player So Long Sucker endgame (De Carufel & Jerade): piles written bottom to top over b and r (e.g. \"rbr\"), the number of empty slots, Blue's hand and Red's hand as (b chips, r chips). Left = Blue, Right = Red; one option is one whole turn; a capture handed to the opponent waits until the capturer's next turn. Rules (a word or a list of words): at_least_one, own_colour_only, unbounded, extra_actions; the default kills exactly one chip of any colour on a fixed number of slots.",
        example: "value(sls([\"rbr\"], 0, (2,2), (0,1)))",
        build: build_sls,
    }],
    words: &["at_least_one", "own_colour_only", "unbounded", "extra_actions"],
};

fn build_sls(args: &[Arg]) -> Result<std::sync::Arc<dyn super::registry::AnyPosition>, ArgError> {
    let Arg::List(piles) = &args[0] else {
        return Err(ArgError::at(
            0,
            "expected a list of piles such as [\"rb\", \"b\"]",
        ));
    };
    let mut texts = Vec::new();
    for p in piles {
        match p {
            Arg::Text(t) => texts.push(t.as_str()),
            _ => return Err(ArgError::at(0, "each pile is a string such as \"rbr\"")),
        }
    }
    let count = |k: usize, x: &Arg, what: &str| match x {
        Arg::Int(n) => u32::try_from(n.clone()).map_err(|_| {
            ArgError::at(
                k,
                format!("{what} must be a count from 0 to 2^32-1 (not negative)"),
            )
        }),
        _ => Err(ArgError::at(k, format!("{what} must be an integer"))),
    };
    let empty = count(1, &args[1], "the number of empty slots")?;
    let hand = |k: usize, who: &str| match &args[k] {
        Arg::List(v) if v.len() == 2 => Ok((
            count(k, &v[0], &format!("{who}'s b count"))?,
            count(k, &v[1], &format!("{who}'s r count"))?,
        )),
        _ => Err(ArgError::at(
            k,
            format!("{who}'s hand is (b chips, r chips)"),
        )),
    };
    let (blue, red) = (hand(2, "Blue")?, hand(3, "Red")?);
    let mut rules = Rules::default();
    if let Some(v) = args.get(4) {
        let words = match v {
            Arg::List(v) => v.clone(),
            other => vec![other.clone()],
        };
        for w in words {
            match &w {
                Arg::Text(t) if t == "at_least_one" => rules.kill = Kill::AtLeastOne,
                Arg::Text(t) if t == "own_colour_only" => rules.kill = Kill::OwnColourOnly,
                Arg::Text(t) if t == "unbounded" => rules.unbounded = true,
                Arg::Text(t) if t == "extra_actions" => rules.extra_actions = true,
                _ => {
                    return Err(ArgError::at(
                        4,
                        "rules are at_least_one, own_colour_only, unbounded, extra_actions",
                    ))
                }
            }
        }
    }
    let state = State::new(&texts, empty, blue, red).map_err(|e| ArgError::at(0, e))?;
    Ok(Positioned::boxed(Sls { rules }, state))
}

impl Notation for Sls {
    fn text(&self, state: &State) -> String {
        state.text_with(&self.rules)
    }
}

/// A memo of "the player to move wins", shareable between threads.
pub type WinMemo = SharedMemo<PackedState>;

/// A state and the player to move, packed into bytes: the win search's
/// memo holds millions of them, and its time goes to finding them, so the
/// smaller and the cheaper to hash, the better (a third of the memory of
/// the state itself, and no allocation while it fits inline).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PackedState(smallvec::SmallVec<[u8; 24]>);

impl PackedState {
    /// The key of `s` with `who` to move.
    pub fn of(s: &State, who: Colour) -> PackedState {
        let mut out = smallvec::SmallVec::new();
        // Counts below 255 take a byte; larger ones an escape and four.
        let count = |out: &mut smallvec::SmallVec<[u8; 24]>, n: u32| match u8::try_from(n) {
            Ok(b) if b < u8::MAX => out.push(b),
            _ => {
                out.push(u8::MAX);
                out.extend_from_slice(&n.to_le_bytes());
            }
        };
        out.push(u8::from(who == Colour::R));
        count(&mut out, s.piles.len() as u32);
        for p in &s.piles {
            // A pile of fewer than 127 chips in a byte: its length and the
            // colour on top; a longer one as the escape, the colour, the length.
            let top = u8::from(p.top == Colour::R);
            match u8::try_from(p.len) {
                Ok(len) if len < 127 => out.push(len << 1 | top),
                _ => {
                    out.push(u8::MAX);
                    out.push(top);
                    out.extend_from_slice(&p.len.to_le_bytes());
                }
            }
        }
        for n in [s.empty, s.blue.b, s.blue.r, s.red.b, s.red.r] {
            count(&mut out, n);
        }
        for e in &s.escrow {
            count(&mut out, u32::from(e.capturer == Colour::R));
            count(&mut out, e.b);
            count(&mut out, e.r);
        }
        PackedState(out)
    }
}

/// A map that threads share, hashed with the engine's fast hasher (the
/// standard one, SipHash, took a fifth of a search's time).
pub type SharedMemo<K> = dashmap::DashMap<K, bool, hashbrown::hash_map::DefaultHashBuilder>;

/// The ruleset: Left = Blue, Right = Red.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Sls {
    /// The rule variant.
    pub rules: Rules,
}

fn hand_mut(s: &mut State, who: Colour) -> &mut Hand {
    match who {
        Colour::B => &mut s.blue,
        Colour::R => &mut s.red,
    }
}

fn hand(s: &State, who: Colour) -> Hand {
    match who {
        Colour::B => s.blue,
        Colour::R => s.red,
    }
}

/// One step of a turn, for showing play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Kill from a captured pile (resolving escrow or an own capture).
    Kill {
        /// b chips killed.
        b: u32,
        /// r chips killed.
        r: u32,
    },
    /// Place a chip on an empty slot.
    PlaceEmpty {
        /// The chip's colour.
        colour: Colour,
    },
    /// Place a chip on a pile.
    PlaceOn {
        /// The chip's colour.
        colour: Colour,
        /// The pile before the move, bottom to top.
        pile: String,
    },
    /// Voluntarily kill a prisoner (extra action).
    KillPrisoner,
    /// Hand a prisoner to the opponent (extra action).
    GivePrisoner,
}

impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Action::Kill { b, r } => write!(f, "kill {}", kill_text(*b, *r)),
            Action::PlaceEmpty { colour } => write!(f, "{} on an empty slot", colour.letter()),
            Action::PlaceOn { colour, pile } => write!(f, "{} on \"{pile}\"", colour.letter()),
            Action::KillPrisoner => write!(f, "kill a prisoner"),
            Action::GivePrisoner => write!(f, "give a prisoner away"),
        }
    }
}

fn kill_text(b: u32, r: u32) -> String {
    let mut parts = Vec::new();
    if b > 0 {
        parts.push(format!("{b} b"));
    }
    if r > 0 {
        parts.push(format!("{r} r"));
    }
    parts.join(" and ")
}

/// The most chips and empty slots a position may have in all: far more than
/// any endgame a search can reach, and small enough that no sum of counts
/// overflows.
pub const MAX_CHIPS: u64 = 1 << 24;

impl State {
    /// A state from piles (bottom → top strings), empty slots and hands.
    pub fn new(
        piles: &[&str],
        empty: u32,
        blue: (u32, u32),
        red: (u32, u32),
    ) -> Result<State, String> {
        let piles = piles
            .iter()
            .map(|p| Pile::parse(p))
            .collect::<Result<Vec<_>, _>>()?;
        // Every count the rules add up (chips on the board, in hands and
        // in escrow, slots) stays far inside u32.
        let chips = piles.iter().map(|p| u64::from(p.len)).sum::<u64>()
            + [blue.0, blue.1, red.0, red.1, empty]
                .iter()
                .map(|&x| u64::from(x))
                .sum::<u64>();
        if chips > MAX_CHIPS {
            return Err(format!(
                "a position has at most {MAX_CHIPS} chips and slots in all (this one has {chips})"
            ));
        }
        Ok(State {
            piles,
            empty,
            blue: Hand {
                b: blue.0,
                r: blue.1,
            },
            red: Hand { b: red.0, r: red.1 },
            escrow: vec![],
        }
        .normalised(false))
    }

    /// Live chips: board, hands and escrow.
    pub fn live_chips(&self) -> u32 {
        self.piles.iter().map(|p| p.len).sum::<u32>()
            + self.blue.total()
            + self.red.total()
            + self.escrow.iter().map(|e| e.b + e.r).sum::<u32>()
    }

    /// Sorted piles and escrow; empty slots clamped to what can ever be used
    /// (spec §3.4), or to "enough" on an unbounded table.
    pub(crate) fn normalised(mut self, unbounded: bool) -> State {
        self.piles.sort_unstable();
        self.escrow.sort_unstable();
        let t = self.live_chips();
        let usable = t.saturating_sub(self.piles.len() as u32);
        self.empty = if unbounded {
            usable
        } else {
            self.empty.min(usable)
        };
        self
    }

    /// The state written as in the language: `sls(["rb","b"], 1, (2,0), (0,1))`.
    pub fn text(&self) -> String {
        self.text_with(&Rules::default())
    }

    /// The state under a rule variant, written so that it reads back as the
    /// same game: `sls(["rb"], 3, (2,2), (2,2), [own_colour_only])`.
    pub fn text_with(&self, rules: &Rules) -> String {
        let piles: Vec<String> = self
            .piles
            .iter()
            .map(|p| format!("\"{}\"", p.text()))
            .collect();
        let words = rules.words();
        let variant = if words.is_empty() {
            String::new()
        } else {
            format!(", [{}]", words.join(","))
        };
        let mut s = format!(
            "sls([{}], {}, ({},{}), ({},{}){variant})",
            piles.join(","),
            self.empty,
            self.blue.b,
            self.blue.r,
            self.red.b,
            self.red.r
        );
        if !self.escrow.is_empty() {
            let e: Vec<String> = self
                .escrow
                .iter()
                .map(|e| {
                    format!(
                        "{} captures {}",
                        if e.capturer == Colour::B {
                            "Blue"
                        } else {
                            "Red"
                        },
                        kill_text(e.b, e.r)
                    )
                })
                .collect();
            s.push_str(&format!(" [pending: {}]", e.join("; ")));
        }
        s
    }
}

/// The (b, r) chips of pile `p` after a chip of its top colour `c` lands on it.
pub(crate) fn captured(p: &Pile, c: Colour) -> (u32, u32) {
    let extra = |x: Colour| u32::from(x == c);
    (
        p.count(Colour::B) + extra(Colour::B),
        p.count(Colour::R) + extra(Colour::R),
    )
}

/// The ways `who` can kill from a captured pile of (b, r) chips.
fn kill_choices(kill: Kill, who: Colour, b: u32, r: u32) -> Vec<(u32, u32)> {
    match kill {
        Kill::ExactlyOne => {
            let mut v = Vec::new();
            if b > 0 {
                v.push((1, 0));
            }
            if r > 0 {
                v.push((0, 1));
            }
            v
        }
        Kill::OwnColourOnly => match who {
            Colour::B if b > 0 => vec![(1, 0)],
            Colour::R if r > 0 => vec![(0, 1)],
            _ => vec![],
        },
        Kill::AtLeastOne => {
            let mut v = Vec::new();
            for kb in 0..=b {
                for kr in 0..=r {
                    if kb + kr >= 1 {
                        v.push((kb, kr));
                    }
                }
            }
            v
        }
    }
}

impl Sls {
    /// Every way `who`'s complete turn can end, with one sequence of actions
    /// leading to each (the first found). Empty if `who` cannot move.
    pub fn turns(&self, s: &State, who: Colour) -> Vec<(State, Vec<Action>)> {
        let mut finals: HashMap<State, Vec<Action>> = HashMap::new();
        self.each_turn_end(s, who, true, &mut |t, acts| {
            finals.entry(t).or_insert_with(|| acts.to_vec());
            false
        });
        let mut out: Vec<(State, Vec<Action>)> = finals.into_iter().collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// The states at which `who`'s turn can end (no action record), in order.
    pub fn turn_states(&self, s: &State, who: Colour) -> Vec<State> {
        let mut finals: HashSet<State> = HashSet::new();
        self.each_turn_end(s, who, false, &mut |t, _| {
            finals.insert(t);
            false
        });
        let mut out: Vec<State> = finals.into_iter().collect();
        out.sort_unstable();
        out
    }

    /// Whether some turn of `who` ends in a state for which `f` holds,
    /// trying the turns as they are found (stops at the first).
    pub fn any_turn(&self, s: &State, who: Colour, mut f: impl FnMut(&State) -> bool) -> bool {
        self.each_turn_end(s, who, false, &mut |t, _| f(&t))
    }

    /// Calls `f` with each state at which `who`'s turn can end (a state may
    /// come more than once) and, with `record`, the actions leading there;
    /// stops as soon as `f` returns true, and says whether it did.
    fn each_turn_end(
        &self,
        s: &State,
        who: Colour,
        record: bool,
        f: &mut dyn FnMut(State, &[Action]) -> bool,
    ) -> bool {
        // 1. Resolve this player's escrow (each kill choice branches).
        let mut starts: Vec<(State, Vec<Action>)> = vec![(s.clone(), vec![])];
        let mine: Vec<Escrow> = s
            .escrow
            .iter()
            .copied()
            .filter(|e| e.capturer == who)
            .collect();
        if !mine.is_empty() {
            let mut base = s.clone();
            base.escrow.retain(|e| e.capturer != who);
            starts = vec![(base, vec![])];
            for e in mine {
                let mut next = Vec::new();
                for (st, acts) in &starts {
                    for (kb, kr) in kill_choices(self.rules.kill, who, e.b, e.r) {
                        let mut t = st.clone();
                        hand_mut(&mut t, who).add(Colour::B, e.b - kb);
                        hand_mut(&mut t, who).add(Colour::R, e.r - kr);
                        let mut a = acts.clone();
                        if record {
                            a.push(Action::Kill { b: kb, r: kr });
                        }
                        next.push((t, a));
                    }
                }
                starts = next;
            }
        }
        // 2. Place chips until the move passes; depth-first over mid-turn states.
        let mut seen: HashSet<State> = HashSet::new();
        let mut stack: Vec<(State, Vec<Action>)> = Vec::new();
        for (st, acts) in starts {
            if hand(&st, who).total() == 0 {
                continue; // given the move with no chips: no options
            }
            stack.push((st.normalised(self.rules.unbounded), acts));
        }
        while let Some((st, acts)) = stack.pop() {
            crate::interrupt::check();
            if !seen.insert(st.clone()) {
                continue;
            }
            for (next, action, continues) in self.placements(&st, who, record) {
                let mut a = acts.clone();
                a.extend(action);
                let next = next.normalised(self.rules.unbounded);
                if continues {
                    // Continuing with no chips is self-defeat: not an option.
                    if hand(&next, who).total() > 0 {
                        stack.push((next, a));
                    }
                } else if f(next, &a) {
                    return true;
                }
            }
        }
        false
    }

    /// Single placements (and extra actions) from a mid-turn state:
    /// (next state, actions, whether `who` keeps the move).
    fn placements(&self, s: &State, who: Colour, record: bool) -> Vec<(State, Vec<Action>, bool)> {
        let x = who;
        let mut out = Vec::new();
        let h = hand(s, who);
        // The actions of a step, built only when they are recorded (a pile's
        // text is a string to make).
        let recorded = |make: &dyn Fn() -> Vec<Action>| if record { make() } else { Vec::new() };
        for c in [Colour::B, Colour::R] {
            if h.get(c) == 0 {
                continue;
            }
            let mut base = s.clone();
            match c {
                Colour::B => hand_mut(&mut base, who).b -= 1,
                Colour::R => hand_mut(&mut base, who).r -= 1,
            }
            // On an empty slot.
            if s.empty > 0 || self.rules.unbounded {
                let mut t = base.clone();
                t.empty = t.empty.saturating_sub(1);
                t.piles.push(Pile { top: c, len: 1 });
                out.push((
                    t,
                    recorded(&|| vec![Action::PlaceEmpty { colour: c }]),
                    c != x,
                ));
            }
            // On each distinct pile (equal piles are next to each other:
            // the piles are sorted).
            for (k, p) in s.piles.iter().enumerate() {
                if k > 0 && s.piles[k - 1] == *p {
                    continue;
                }
                let mut t = base.clone();
                t.piles.remove(k);
                let action = || Action::PlaceOn {
                    colour: c,
                    pile: p.text(),
                };
                if c != p.top {
                    t.piles.push(Pile {
                        top: c,
                        len: p.len + 1,
                    });
                    // y on an x-pile: X continues; x on a y-pile: the turn ends.
                    out.push((t, recorded(&|| vec![action()]), c != x));
                } else {
                    // The new chip repeats the top colour: the old pile plus one `c`.
                    let (b, r) = captured(p, c);
                    t.empty += 1;
                    if c == x {
                        // X captures now, chooses the kill and continues.
                        for (kb, kr) in kill_choices(self.rules.kill, x, b, r) {
                            let mut u = t.clone();
                            hand_mut(&mut u, x).add(Colour::B, b - kb);
                            hand_mut(&mut u, x).add(Colour::R, r - kr);
                            let steps = recorded(&|| vec![action(), Action::Kill { b: kb, r: kr }]);
                            out.push((u, steps, true));
                        }
                    } else {
                        // The opponent captures: escrow, and the turn ends.
                        t.escrow.push(Escrow { capturer: c, b, r });
                        out.push((t, recorded(&|| vec![action()]), false));
                    }
                }
            }
        }
        if self.rules.extra_actions {
            let prisoner = x.other();
            if h.get(prisoner) > 0 {
                let mut t = s.clone();
                match prisoner {
                    Colour::B => hand_mut(&mut t, who).b -= 1,
                    Colour::R => hand_mut(&mut t, who).r -= 1,
                }
                let mut g = t.clone();
                out.push((t, recorded(&|| vec![Action::KillPrisoner]), true));
                hand_mut(&mut g, x.other()).add(prisoner, 1);
                out.push((g, recorded(&|| vec![Action::GivePrisoner]), true));
            }
        }
        out
    }

    /// Does `who`, having the move in `s`, win with best play? A short-circuit
    /// search over whole turns (stops at the first winning turn), memoised in
    /// a memo that threads may share.
    pub fn mover_wins(&self, s: &State, who: Colour, memo: &WinMemo) -> bool {
        let key = PackedState::of(s, who);
        if let Some(w) = memo.get(&key) {
            return *w;
        }
        // The turns are tried as they are found: the first that leaves the
        // opponent lost ends the search (most states have one early).
        let w =
            crate::game::deep(|| self.any_turn(s, who, |t| !self.mover_wins(t, who.other(), memo)));
        memo.insert(key, w);
        w
    }

    /// The final theorem of the paper (spec §2.3), for Blue to move and no escrow:
    /// m_b > 0 and (n_r = 0 or m_b + Σ|β|_b > n_r + Σ|ρ|_r − max|ρ|_r).
    pub fn final_theorem_blue_wins(s: &State) -> bool {
        let beta_b: u32 = s
            .piles
            .iter()
            .filter(|p| p.top == Colour::B && p.len >= 2)
            .map(|p| p.count(Colour::B))
            .sum();
        let rho: Vec<u32> = s
            .piles
            .iter()
            .filter(|p| p.top == Colour::R && p.len >= 2)
            .map(|p| p.count(Colour::R))
            .collect();
        let rho_sum: u32 = rho.iter().sum();
        let rho_max = rho.iter().copied().max().unwrap_or(0);
        s.blue.b > 0 && (s.red.r == 0 || s.blue.b + beta_b > s.red.r + rho_sum - rho_max)
    }
}

impl Ruleset for Sls {
    type Position = State;

    fn left_options(&self, s: &State) -> Vec<State> {
        self.turn_states(s, Colour::B)
    }

    fn right_options(&self, s: &State) -> Vec<State> {
        self.turn_states(s, Colour::R)
    }
}

/// A line of play: at each turn the winner picks an option after which the
/// opponent, to move, loses; the loser's shown turn is its first option.
pub fn winning_line(rules: &Sls, start: &State) -> String {
    let mut ev = crate::ruleset::Evaluator::new(rules);
    let name = |c: Colour| if c == Colour::B { "Blue" } else { "Red" };
    let wins = |ev: &mut crate::ruleset::Evaluator<Sls>, st: &State, mover: Colour| {
        let o = ev.outcome(st);
        match mover {
            Colour::B => matches!(o, crate::analysis::Outcome::L | crate::analysis::Outcome::N),
            Colour::R => matches!(o, crate::analysis::Outcome::R | crate::analysis::Outcome::N),
        }
    };
    let first = if wins(&mut ev, start, Colour::B) {
        Colour::B
    } else if wins(&mut ev, start, Colour::R) {
        Colour::R
    } else {
        return format!(
            "{}: whoever moves first loses (outcome P)",
            start.text_with(&rules.rules)
        );
    };
    let winner = first;
    let mut lines = vec![format!(
        "{} moving first wins from {}",
        name(winner),
        start.text_with(&rules.rules)
    )];
    let mut state = start.clone();
    let mut mover = first;
    // The game is short (every turn leads to an option), so the line ends.
    for turn in 1.. {
        crate::interrupt::check();
        let options = rules.turns(&state, mover);
        if options.is_empty() {
            lines.push(format!("{turn}. {} has no move and loses", name(mover)));
            return lines.join("\n");
        }
        let pick = if mover == winner {
            options
                .iter()
                .find(|(t, _)| !wins(&mut ev, t, mover.other()))
                .unwrap_or(&options[0])
        } else {
            &options[0]
        };
        let acts: Vec<String> = pick.1.iter().map(|x| x.to_string()).collect();
        lines.push(format!(
            "{turn}. {}: {} -> {}",
            name(mover),
            acts.join(", "),
            pick.0.text_with(&rules.rules)
        ));
        state = pick.0.clone();
        mover = mover.other();
    }
    unreachable!("the turn counter is unbounded")
}
