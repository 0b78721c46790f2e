"""Type stubs of the cgt package (written by cgt-py/stubgen.py)."""

# Names used before their classes (tools that run the stub, as pdoc does).
from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Hashable, Iterable, Optional, Sequence, Union

class CgtError(ValueError): ...

class Note(UserWarning): ...

GameLike = Union["Game", int, Fraction]
Rational = Union["Number", int, Fraction]

class Session:
    def __init__(self) -> None: ...
    def run(self, line: str) -> str: ...
    def eval(self, text: str, **names: Any) -> Any: ...
    def explore(self, game: Optional[GameLike] = None, *, port: int = 0, open: bool = True) -> None: ...
    def game(self, x: Union[str, GameLike]) -> Game: ...
    def __getitem__(self, name: str) -> Any: ...
    def __setitem__(self, name: str, value: Any) -> None: ...
    def __contains__(self, name: str) -> bool: ...
    @property
    def variables(self) -> list[str]: ...
    style: str

class Value:
    @property
    def kind(self) -> str: ...
    def _repr_latex_(self) -> str: ...

class Game(Value):
    def __new__(cls, x: Union[str, GameLike] = 0, session: Optional[Session] = None) -> Game: ...
    @staticmethod
    def of(left: Iterable[GameLike] = (), right: Iterable[GameLike] = (), session: Optional[Session] = None) -> Game: ...
    def __add__(self, other: GameLike) -> Game: ...
    def __radd__(self, other: GameLike) -> Game: ...
    def __sub__(self, other: GameLike) -> Game: ...
    def __rsub__(self, other: GameLike) -> Game: ...
    def __neg__(self) -> Game: ...
    def __pos__(self) -> Game: ...
    def __mul__(self, n: int) -> Game: ...
    def __rmul__(self, n: int) -> Game: ...
    def __eq__(self, other: object) -> bool: ...
    def __ne__(self, other: object) -> bool: ...
    def __lt__(self, other: GameLike) -> bool: ...
    def __le__(self, other: GameLike) -> bool: ...
    def __gt__(self, other: GameLike) -> bool: ...
    def __ge__(self, other: GameLike) -> bool: ...
    def __hash__(self) -> int: ...
    def confused_with(self, other: GameLike) -> bool: ...
    def compare(self, other: GameLike) -> str: ...
    @property
    def canonical_text(self) -> str: ...
    @property
    def outcome(self) -> str: ...
    @property
    def left_options(self) -> list[Game]: ...
    @property
    def right_options(self) -> list[Game]: ...
    @property
    def birthday(self) -> Number: ...
    @property
    def temperature(self) -> Number: ...
    @property
    def mean(self) -> Number: ...
    @property
    def left_stop(self) -> Number: ...
    @property
    def right_stop(self) -> Number: ...
    @property
    def is_number(self) -> bool: ...
    def number(self) -> Fraction: ...
    def explore(self, *, port: int = 0, open: bool = True) -> None: ...
    @property
    def thermograph(self) -> Thermograph: ...
    @property
    def atomic_weight(self) -> Any: ...
    @property
    def canonical(self) -> Any: ...
    @property
    def compact(self) -> Any: ...
    @property
    def companion(self) -> Any: ...
    @property
    def degree(self) -> Any: ...
    @property
    def far_star(self) -> Any: ...
    @property
    def follower_count(self) -> Any: ...
    @property
    def followers(self) -> Any: ...
    @property
    def freeze(self) -> Any: ...
    @property
    def genus(self) -> Any: ...
    @property
    def incentives(self) -> Any: ...
    @property
    def is_all_small(self) -> Any: ...
    @property
    def is_atomic(self) -> Any: ...
    @property
    def is_even(self) -> Any: ...
    @property
    def is_even_tempered(self) -> Any: ...
    @property
    def is_idempotent(self) -> Any: ...
    @property
    def is_infinitesimal(self) -> Any: ...
    @property
    def is_integer(self) -> Any: ...
    @property
    def is_loopfree(self) -> Any: ...
    @property
    def is_nimber(self) -> Any: ...
    @property
    def is_number_tiny(self) -> Any: ...
    @property
    def is_numberish(self) -> Any: ...
    @property
    def is_odd(self) -> Any: ...
    @property
    def is_odd_tempered(self) -> Any: ...
    @property
    def is_ordinal(self) -> Any: ...
    @property
    def is_plumtree(self) -> Any: ...
    @property
    def is_pseudonumber(self) -> Any: ...
    @property
    def is_short(self) -> Any: ...
    @property
    def is_stable(self) -> Any: ...
    @property
    def is_stopper(self) -> Any: ...
    @property
    def is_stopper_sided(self) -> Any: ...
    @property
    def is_uptimal(self) -> Any: ...
    @property
    def is_zero(self) -> Any: ...
    @property
    def left_incentives(self) -> Any: ...
    @property
    def miny(self) -> Any: ...
    @property
    def misere_canonical(self) -> Any: ...
    @property
    def misere_nim_value(self) -> Any: ...
    @property
    def misere_outcome_class(self) -> Any: ...
    @property
    def nim_value(self) -> Any: ...
    @property
    def offside(self) -> Any: ...
    @property
    def onside(self) -> Any: ...
    @property
    def outcome_class(self) -> Any: ...
    @property
    def psn_misere_outcome(self) -> Any: ...
    @property
    def psn_outcome(self) -> Any: ...
    @property
    def psn_thresholds(self) -> Any: ...
    @property
    def psn_uniform_outcome(self) -> Any: ...
    @property
    def reduced_canonical_form(self) -> Any: ...
    @property
    def right_incentives(self) -> Any: ...
    @property
    def short_value(self) -> Any: ...
    @property
    def sls_play(self) -> Any: ...
    @property
    def stop_count(self) -> Any: ...
    @property
    def tiny(self) -> Any: ...
    @property
    def uptimal_expansion(self) -> Any: ...
    @property
    def value(self) -> Any: ...
    @property
    def variety(self) -> Any: ...
    def plot_tree(self) -> Picture: ...
    def plot_thermograph(self) -> Picture: ...
    def __getattr__(self, name: str) -> Any: ...

class Number(Game):
    def __new__(cls, x: Union[str, GameLike] = 0, session: Optional[Session] = None) -> Number: ...
    @property
    def numerator(self) -> int: ...
    @property
    def denominator(self) -> int: ...
    def __int__(self) -> int: ...
    def __float__(self) -> float: ...
    def __index__(self) -> int: ...
    def __trunc__(self) -> int: ...
    def __floor__(self) -> int: ...
    def __ceil__(self) -> int: ...
    def __round__(self, ndigits: Optional[int] = None) -> Any: ...
    def __bool__(self) -> bool: ...
    def __abs__(self) -> Number: ...
    def __truediv__(self, other: Rational) -> Union[Number, Fraction]: ...
    def __rtruediv__(self, other: Rational) -> Union[Number, Fraction]: ...
    def __floordiv__(self, other: Rational) -> Number: ...
    def __rfloordiv__(self, other: Rational) -> Number: ...
    def __mod__(self, other: Rational) -> Union[Number, Fraction]: ...
    def __rmod__(self, other: Rational) -> Union[Number, Fraction]: ...
    def __divmod__(self, other: Rational) -> tuple[Number, Union[Number, Fraction]]: ...
    def __rdivmod__(self, other: Rational) -> tuple[Number, Union[Number, Fraction]]: ...
    def __pow__(self, other: int) -> Union[Number, Fraction]: ...
    def __rpow__(self, other: Rational) -> Union[Number, Fraction]: ...

class Thermograph(Value):
    @property
    def mast(self) -> Number: ...
    @property
    def temperature(self) -> Number: ...
    def _repr_svg_(self) -> Optional[str]: ...

class Picture:
    svg: str
    def __init__(self, svg: str) -> None: ...
    def _repr_svg_(self) -> str: ...
    def save(self, path: str) -> None: ...

class Table:
    rows: list[list[Any]]
    def __init__(self, rows: Iterable[Any]) -> None: ...
    def _repr_html_(self) -> str: ...
    def _repr_latex_(self) -> str: ...

class Ruleset:
    def __init__(
        self,
        left: Callable[[Any], Sequence[Hashable]],
        right: Callable[[Any], Sequence[Hashable]],
        components: Optional[Callable[[Any], Sequence[Hashable]]] = None,
        key: Optional[Callable[[Any], Hashable]] = None,
        signed_key: Optional[Callable[[Any], tuple[Hashable, bool]]] = None,
        conjugate: Optional[Callable[[Any], Hashable]] = None,
        name: str = "ruleset",
        session: Optional[Session] = None,
    ) -> None: ...
    def __call__(self, position: Hashable) -> Game: ...
    def value(self, position: Hashable) -> Game: ...

FUNCTIONS: dict[str, tuple[str, str, str, str]]
zero: Game
star: Game
up: Game
down: Game

def eval(text: str, **names: Any) -> Any: ...
def explore(game: Optional[GameLike] = None, *, port: int = 0, open: bool = True) -> None: ...
def run(line: str) -> str: ...
def nimber(n: int, session: Optional[Session] = None) -> Game: ...
def table(rows: Iterable[Any]) -> Table: ...
def set_memory_limit(bytes: int) -> None: ...
def memory_limit() -> int: ...
def memory_used() -> int: ...

# The functions of the cgt language, each callable as cgt.name(...):

def abs(*args: Any, session: Optional[Session] = None) -> Any:
    """abs(x): The absolute value of a number. Example: abs(-3/4)"""

def all(*args: Any, session: Optional[Session] = None) -> Any:
    """all(L): True if every element of a list of booleans is true. Example: all([n >= 0 for n
    in 0..3])"""

def amazons(*args: Any, session: Optional[Session] = None) -> Any:
    """amazons("x...|..#o"): An Amazons position (small boards): rows separated by `|`, `x`
    Left's queens, `o` Right's, `#` a burnt square, `.` an empty one. A move takes one of
    the mover's queens like a chess queen over empty squares, then shoots an arrow like a
    queen from its new square onto an empty square, burning it. Regions walled off by burnt
    squares are added as components. Example: value(amazons("x..|..o"))"""

def any(*args: Any, session: Optional[Session] = None) -> Any:
    """any(L): True if some element of a list of booleans is true. Example: any([n > 2 for n in
    0..3])"""

def atomic_weight(*args: Any, session: Optional[Session] = None) -> Any:
    """atomic_weight(G): The atomic weight by the two-ahead calculus: option weights shifted by
    -2 (Left) and +2 (Right); an integer result is settled against the far star. Uptimals
    give their ^-coefficient. Every all-small game is atomic; other infinitesimals are
    atomic when G - aw.^ lies within ^* + (*M : -1) of 0. Error `not atomic` otherwise (e.g.
    any number). Example: atomic_weight({^^*|*,v})"""

def backsliding_toads_and_frogs(*args: Any, session: Optional[Session] = None) -> Any:
    """backsliding_toads_and_frogs("TTT..FFF"): A Backsliding Toads-and-Frogs strip (Winning
    Ways ch. 22, CGSuite's BackslidingToadsAndFrogs): Toads-and-Frogs where a piece may also
    step back into the empty square behind it. Positions repeat, so values are loopy:
    stoppers, or sided values S & T. Example: value(backsliding_toads_and_frogs("TT..FF"))"""

def birthday(*args: Any, session: Optional[Session] = None) -> Any:
    """birthday(G): The height of G's canonical game tree; closed form for number + up + star
    values, so huge integers cost nothing. Example: birthday(73/16v9*8)"""

def canonical(*args: Any, session: Optional[Session] = None) -> Any:
    """canonical(G): The canonical form of G: dominated options removed, reversible options
    bypassed. An explicit form '{...}' becomes its value. Example: canonical('{*|*}' + 3)"""

def check_keys(*args: Any, session: Optional[Session] = None) -> Any:
    """check_keys(R, p [, n]): Check that the key, signed_key or conjugate and the components
    of the user ruleset R tell the truth on positions reachable from p: up to n (default
    100) positions, chosen by a hash of their text from the whole exploration, that the key
    merged with another position (or with its negative) are valued by the moves alone,
    without the key, and compared; positions the components split must have the value of
    their own moves (not checked where positions repeat). The number of positions checked,
    or an error naming the first position whose key or components lie and the two values. A
    key that lies gives values that depend on the order positions are met in. --check-keys
    (:set check_keys on) runs this check each time a position is made, on the first 100
    positions not checked yet and one in eight of the others. Example: def mv(s) = [s[:k] +
    "." + s[k+1:] for k in 0..len(s)-1 if s[k] == "x"]; def sym(s) = min(s, reverse(s)); K =
    ruleset(mv, mv, key = sym); check_keys(K, "xx.xxx")"""

def clobber(*args: Any, session: Optional[Session] = None) -> Any:
    """clobber("xo.|ox."): A Clobber position (CGSuite's notation): rows separated by `|`, `x`
    a black stone (Left's), `o` a white stone (Right's), `.` an empty square. A player moves
    one of their stones onto an orthogonally adjacent stone of the opponent, which is
    removed. Groups of stones that do not touch are added as components. Example:
    value(clobber("xxo"))"""

def col(*args: Any, session: Optional[Session] = None) -> Any:
    """col("..x|o.."): A Col position: rows separated by `|`, `x` black (Left), `o` white
    (Right), `.` empty, `#` blocked. A move places a stone of one's colour on an empty
    square that is not next to a stone of the mover's own colour. Example:
    value(col("...."))"""

def col_graph(*args: Any, session: Optional[Session] = None) -> Any:
    """col_graph("..L", "0-1 1-2"): Col on a graph: the first string has one letter per vertex
    (numbered from 0): `.` free, `L` or `R` playable by that side only, `x` a stone of
    Left's, `o` of Right's; the second lists edges as paths such as `0-1-2 2-3`. Stones are
    read as what they leave: their neighbours playable by one side only. At most 64
    vertices; connected parts are components. Example: value(col_graph("....", "0-1-2-3-0"))"""

def compact(*args: Any, session: Optional[Session] = None) -> Any:
    """compact(G): G written with its shared subgames named, as `let g1 = ..., g2 = ... in
    {...}`, which reads back as G: as long as G has distinct subpositions, where the printed
    form (each subgame written wherever it occurs) can be exponentially longer. Example:
    compact({{2|1},{3|{2|1}}|{2|1}})"""

def companion(*args: Any, session: Optional[Session] = None) -> Any:
    """companion(G): The companion {G^L°, 0 if G >= 0 | G^R°, 0 if G <= 0}: swaps 0 and *, ^
    and ^*; numbers other than 0 and the nimbers *m (m >= 2) are fixed. Example:
    companion(^)"""

def compare(*args: Any, session: Optional[Session] = None) -> Any:
    """compare(G, H): How G compares with H: `=`, `<`, `>`, or `||` when they are confused
    (incomparable). Example: compare(^^, *)"""

def conjunctive_sum(*args: Any, session: Optional[Session] = None) -> Any:
    """conjunctive_sum(G, H): G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}: a move is made in both
    components; play ends when either ends. Depends on the forms. Example:
    conjunctive_sum(+-1, ^^)"""

def contains(*args: Any, session: Optional[Session] = None) -> Any:
    """contains(L, x): True if the list holds x (games compared by value), the string holds the
    string x, or the map has the key x. Example: contains([0, *, ^], {0|*})"""

def contains_key(*args: Any, session: Optional[Session] = None) -> Any:
    """contains_key(m, k): True if the map m has the key k (CGSuite's m.ContainsKey(k));
    contains(m, k) says the same. Example: contains_key({^ + * => 1}, ^*)"""

def conway_product(*args: Any, session: Optional[Session] = None) -> Any:
    """conway_product(G, H): Conway's product GH = {G^L H + G H^L - G^L H^L, G^R H + G H^R -
    G^R H^R | ...}. It depends on the forms: explicit forms '{...}' and ruleset positions
    are multiplied as written ('{-1,0|0,1}' times * is *2, though the form equals 0), other
    values on their canonical forms; nimbers multiply in the nim field (*4.*4 = *6), numbers
    as numbers. Example: conway_product(*19, *23)"""

def cool(*args: Any, session: Optional[Session] = None) -> Any:
    """cool(G, t): G cooled by the number t > -1: {G^L_t - t | G^R_t + t}, frozen at the mean
    once t exceeds G's temperature. Integers are fixed; negative t heats. Example:
    cool({3|-1}, 1)"""

def count(*args: Any, session: Optional[Session] = None) -> Any:
    """count(s, t): How many times t occurs in s: a substring in a string (overlapping
    occurrences counted), or an element in a list. Example: count("TT.TF", "T")"""

def count_games_born_by(*args: Any, session: Optional[Session] = None) -> Any:
    """count_games_born_by(n [, all_small]): The number of distinct short games born by day n
    (n <= 3): 1, 4, 22, 1474. With all_small, only all-small (dicotic) games: 1, 2, 7, 67.
    Example: count_games_born_by(2)"""

def cutcake(*args: Any, session: Optional[Session] = None) -> Any:
    """cutcake(height, width) or cutcake([(h1,w1), (h2,w2), ...]): Cutcake: Left cuts a cake
    vertically (into two narrower cakes), Right horizontally (into two lower ones). One cake
    height x width, or a list of cakes. Example: value(cutcake(2, 5))"""

def dawsons_kayles(*args: Any, session: Optional[Session] = None) -> Any:
    """dawsons_kayles(n): Dawson's Kayles (octal game 0.07) on a row of n pins: knock down two
    adjacent pins. Example: value(dawsons_kayles(6))"""

def degree(*args: Any, session: Optional[Session] = None) -> Any:
    """degree(G): The degree of loopiness of the stopper G: G upsum -G (0 for a short game).
    Idempotent for most stoppers: degree(upon) = ^<on>, degree(3/2under) = over. Example:
    degree({pass|3/2})"""

def dicotic_variant(*args: Any, session: Optional[Session] = None) -> Any:
    """dicotic_variant(P): The dicotic (all-small) variant of the position P of any ruleset
    (CGSuite's DicoticVariant): play as in P, but it ends as soon as either player has no
    move, d(G) = {d(G^L) | d(G^R)} when both players have a move, 0 otherwise. Example:
    value(dicotic_variant(domineering(2, 3)))"""

def domineering(*args: Any, session: Optional[Session] = None) -> Any:
    """domineering(rows, cols) or domineering("..#|..."): A Domineering position: Left places
    vertical dominoes, Right horizontal ones. An empty rows x cols board, or a board given
    as rows separated by `|` (as every grid ruleset prints; `/` is read too) with `.` free
    and `#` occupied; at most 128 squares. Example: value(domineering(2, 2))"""

def downsum(*args: Any, session: Optional[Session] = None) -> Any:
    """downsum(G, H): G downsum H: the offside of G + H for stoppers G and H (their sum when it
    is a stopper): downsum(on, off) = off. Also written G Downsum H. Example: downsum(over,
    under)"""

def downsum_variety(*args: Any, session: Optional[Session] = None) -> Any:
    """downsum_variety(G, D): The downsum variety of the stopper G relative to the idempotent
    D: G downsum (-G upsum D). Example: downsum_variety({pass|3/2}, over)"""

def eatcake(*args: Any, session: Optional[Session] = None) -> Any:
    """eatcake(height, width) or eatcake([(h1,w1), (h2,w2), ...]): Eatcake: Left eats one whole
    column of a cake, Right one whole row; what is left of the cake falls into at most two
    cakes. One cake height x width, or a list of cakes. Example: value(eatcake(2, 3))"""

def elephants(*args: Any, session: Optional[Session] = None) -> Any:
    """elephants("X..O"): An Elephants and Rhinos strip (Lessons in Play): `X` Left's elephants
    step one square rightwards, `O` Right's rhinos one square leftwards, into an empty
    square (`.`). Toads-and-Frogs without jumps; the strip splits into components between a
    rhino and the next elephant. Example: value(elephants("X.X..O"))"""

def end_nim(*args: Any, session: Optional[Session] = None) -> Any:
    """end_nim([w1,...,wn]): Partizan-End-Nim: Left takes from the leftmost non-empty pile,
    Right from the rightmost; PSN with σ reversed. Example:
    psn_outcome(end_nim([3,5,2,3,3,1,9]))"""

def entries(*args: Any, session: Optional[Session] = None) -> Any:
    """entries(m): The entries of a map as a list of pairs [key, value], in the order of its
    keys; to_map makes the map back. Example: entries({1 => "one", * => "star"})"""

def error(*args: Any, session: Optional[Session] = None) -> Any:
    """error(message): Stop with an error that says `message` (a string, or any value,
    printed), at the place of the call: for checks in user code, e.g. if n < 0 then error("n
    must be at least 0") end. Example: if 1 > 2 then error("impossible") else "fine" end"""

def fair_shares_and_varied_pairs(*args: Any, session: Optional[Session] = None) -> Any:
    """fair_shares_and_varied_pairs(n) or fair_shares_and_varied_pairs([h1, h2, ...]): Fair
    Shares and Varied Pairs (Winning Ways ch. 12): heaps of coins; a move divides one heap
    into two or more heaps of equal size, or unites two heaps of different sizes. The same
    moves for both players, and positions repeat: nim_value gives the generalized Sprague-
    Grundy value (n, or inf[K]), value the loopy value. One heap of n coins, or a list of
    heap sizes (at most 1000 coins in all). Example:
    nim_value(fair_shares_and_varied_pairs([3, 1]))"""

def far_star(*args: Any, session: Optional[Session] = None) -> Any:
    """far_star(G): The far (remote) star used by the atomic weight calculus: *N with N one
    more than the largest nimber among G's canonical followers (at least *). Example:
    far_star(^*6)"""

def filter(*args: Any, session: Optional[Session] = None) -> Any:
    """filter(f, L): The elements x of L (a list or set; a map's keys) for which f(x) is true,
    in order. Example: filter(n => n mod 2 == 0, 1..6)"""

def find_all(*args: Any, session: Optional[Session] = None) -> Any:
    """find_all(s, t): The indices (from 0) where the string t starts in s, overlapping
    occurrences included. Example: find_all("T.T..T", "T.")"""

def fission(*args: Any, session: Optional[Session] = None) -> Any:
    """fission("..x..|....."): A Fission position: rows separated by `|`, `x` a stone, `#` a
    wall, `.` an empty square. Left takes away a stone whose neighbours above and below are
    empty and puts a stone on each of them; Right does the same with the neighbours left and
    right. Example: value(fission("...|.x.|..."))"""

def follower_count(*args: Any, session: Optional[Session] = None) -> Any:
    """follower_count(G): The number of distinct canonical subpositions of G, G itself included
    (*8 has 9). Example: follower_count(25/16)"""

def followers(*args: Any, session: Optional[Session] = None) -> Any:
    """followers(G): Every distinct canonical subposition of G, G itself included. Example:
    followers(^)"""

def fox_and_geese(*args: Any, session: Optional[Session] = None) -> Any:
    """fox_and_geese([(row, col), ...], (row, col) [, [width, range]]): Fox and Geese (Winning
    Ways ch. 22) with CGSuite's coordinates: the geese's squares, then the fox's, each (row,
    column) with row + column even, rows from 1 at the bottom. Left's geese move one square
    diagonally down; Right's fox moves diagonally in any direction (up to range squares in a
    line, not over pieces). The board is width columns wide (8) with no top, so positions
    repeat and values are loopy (stoppers: the geese never move back). The optional [width,
    range] gives CGSuite's GenFoxAndGeese: range 2 is Ceylonese Fox and Geese. The classical
    start is fox_and_geese([(8,2),(8,4),(8,6),(8,8)], (1,5)). Example:
    value(fox_and_geese([(4,2),(4,4),(4,6),(4,8)], (1,1)))"""

def fox_and_geese_table(*args: Any, session: Optional[Session] = None) -> Any:
    """fox_and_geese_table([(row, col), ...] [, [width, range]]): CGSuite's
    FoxAndGeese.ValuesTable: for the geese on the given squares, the value of every position
    of the fox on the board up to the highest goose, as a table of rows from the top down (X
    a goose, empty a square the pieces never stand on). The optional [width, range] as in
    fox_and_geese. Example: fox_and_geese_table([(3,1),(3,3),(3,5),(3,7)])"""

def freeze(*args: Any, session: Optional[Session] = None) -> Any:
    """freeze(G): G cooled by its own temperature; uptimals are returned unchanged. Example:
    freeze({3||2*|1*})"""

def genus(*args: Any, session: Optional[Session] = None) -> Any:
    """genus(G): Conway's genus g^(γ0 γ1 γ2 ...) of an impartial game: g its normal-play nim
    value, γn the misère nim value of G plus n heaps of two; written up to where the digits
    alternate for ever (0^120 = 0^12020...). Example: genus(*)"""

def get(*args: Any, session: Optional[Session] = None) -> Any:
    """get(m, k) or get(m, k, default): The value of key k in the map m, or default (nil if not
    given) where m has no key k; m[k] is an error there. Example: get({1 => "one"}, 2,
    "none")"""

def grid_key(*args: Any, session: Optional[Session] = None) -> Any:
    """grid_key(board, symmetries): The least of a board's images under its symmetries: 8
    (rotations and reflections) or 4 (the reflections that keep rows as rows, and the half
    turn: for games whose players move in different directions, such as Domineering). Boards
    with the same key have the same game: a grid ruleset's key. Example: grid_key("#..|...",
    4)"""

def grid_regions(*args: Any, session: Optional[Session] = None) -> Any:
    """grid_regions(board [, joining [, fill]]): The connected parts of a board (rows separated
    by |): squares whose character is in `joining`, joined orthogonally (default ".", the
    empty squares); each part is a board of its own, its other squares the `fill` character
    (default "#"), border rows and columns of fill removed. A grid ruleset's components:
    components = grid_regions for Domineering. Example: grid_regions("..#|#.#|##.", ".")"""

def grid_replace_each(*args: Any, session: Optional[Session] = None) -> Any:
    """grid_replace_each(board, from, to): Every board made by writing `to` over one occurrence
    of `from` read down a column (rows separated by |; columns from the left, each from the
    top; `to` as long as `from`): Domineering's vertical dominoes are grid_replace_each(b,
    "..", "##"). replace_each reads along the rows. Example: grid_replace_each("..|.#|..",
    "..", "##")"""

def grid_signed_key(*args: Any, session: Optional[Session] = None) -> Any:
    """grid_signed_key(board): [the least of a board's eight images, whether it is a transposed
    one]: a signed key for games in which transposing the board exchanges the players
    (Domineering: ruleset(vertical, horizontal, signed_key = grid_signed_key)); a tie goes
    to the image that is not transposed. Example: grid_signed_key("..#|...")"""

def grid_transpose(*args: Any, session: Optional[Session] = None) -> Any:
    """grid_transpose(board): A board reflected in its main diagonal (rows become columns).
    Example: grid_transpose("ab|cd|ef")"""

def grundy(*args: Any, session: Optional[Session] = None) -> Any:
    """grundy([h1,...,hn]): A position of Grundy's game: a move splits one heap into two heaps
    of different sizes. nim_sequence("grundy", n) lists its nim-values. Example:
    value(grundy([7]))"""

def hackenbush(*args: Any, session: Optional[Session] = None) -> Any:
    """hackenbush("BRG") or hackenbush(["BBR", "G", ...]): Hackenbush on stalks: each string
    lists a stalk's edges from the ground up, B (or L) blue = Left's, R red = Right's, G
    green = either player's. Cutting an edge removes it and everything above it. Several
    stalks are a sum. Example: value(hackenbush("BBR"))"""

def hackenbush_graph(*args: Any, session: Optional[Session] = None) -> Any:
    """hackenbush_graph("B0-1-2 R2-3 G1-3"): Hackenbush on a graph with a ground: edges are
    written as a colour (B or L blue = Left's, R red = Right's, G green = either's) followed
    by a path of vertex numbers, e.g. `B0-1-2` (two blue edges); vertex 0 is the ground.
    Loops and several edges between two vertices are allowed. Cutting an edge removes it and
    every edge no longer connected to the ground. At most 255 vertices and 1024 edges.
    Example: value(hackenbush_graph("G0-1-2-0"))"""

def heat(*args: Any, session: Optional[Session] = None) -> Any:
    """heat(G, t): G heated by t (any game): numbers are fixed, otherwise {heat(G^L) + t |
    heat(G^R) - t}. Example: heat(*, 1)"""

def hottest_moves(*args: Any, session: Optional[Session] = None) -> Any:
    """hottest_moves(G, player): The player's moves in the hottest part of G, as [move,
    incentive, temperature]: for a sum, the moves in its components of highest temperature
    (where Hotstrat moves), and among each one's moves those whose incentive (G^L - G for
    Left, G - G^R for Right) no other move there beats; for a single game, its moves of
    largest incentive, with its temperature. A move in a sum shows as [k, option]. Example:
    hottest_moves(domineering(2,3) + toads_and_frogs("T.F"), Left)"""

def impartial_variant(*args: Any, session: Optional[Session] = None) -> Any:
    """impartial_variant(P): The impartial variant of the position P of any ruleset (CGSuite's
    ImpartialVariant): either player may make any move of either player, i(G) = {i(G^L),
    i(G^R) | i(G^L), i(G^R)}. Cram is the impartial variant of Domineering. Example:
    value(impartial_variant(domineering(2, 3)))"""

def incentives(*args: Any, session: Optional[Session] = None) -> Any:
    """incentives(G): The maximal incentives of G: the largest of G^L - G and G - G^R,
    dominated ones removed. Example: incentives(^)"""

def is_all_small(*args: Any, session: Optional[Session] = None) -> Any:
    """is_all_small(G): True if every follower of G is infinitesimal (G is dicotic). Example:
    is_all_small({0||0|-1})"""

def is_atomic(*args: Any, session: Optional[Session] = None) -> Any:
    """is_atomic(G): True if G has an atomic weight (see atomic_weight). Example:
    is_atomic({1|^^^||^})"""

def is_even(*args: Any, session: Optional[Session] = None) -> Any:
    """is_even(G): True if every option of G's canonical form is odd (0 is even). Example:
    is_even(2)"""

def is_even_tempered(*args: Any, session: Optional[Session] = None) -> Any:
    """is_even_tempered(G): Numbers are even-tempered; uptimals are even-tempered exactly when
    they are numbers; otherwise all options must be odd-tempered. Example:
    is_even_tempered({1|-1})"""

def is_idempotent(*args: Any, session: Optional[Session] = None) -> Any:
    """is_idempotent(G): True if G + G = G (0, on, off, over, under and dud are). Example:
    is_idempotent(over)"""

def is_infinitesimal(*args: Any, session: Optional[Session] = None) -> Any:
    """is_infinitesimal(G): True if both stops of G are 0 (0 and the nimbers count). Example:
    is_infinitesimal(^)"""

def is_integer(*args: Any, session: Optional[Session] = None) -> Any:
    """is_integer(G): True if G is an integer (0 included). Example: is_integer(-3)"""

def is_loopfree(*args: Any, session: Optional[Session] = None) -> Any:
    """is_loopfree(G): True if no position of G repeats: G is a short game. Example:
    is_loopfree(over)"""

def is_nimber(*args: Any, session: Optional[Session] = None) -> Any:
    """is_nimber(G): True if G = *n for some n (0 included). Example: is_nimber({0,*|0,*})"""

def is_number(*args: Any, session: Optional[Session] = None) -> Any:
    """is_number(G): True if G is a (dyadic) number. Example: is_number({0|1})"""

def is_number_tiny(*args: Any, session: Optional[Session] = None) -> Any:
    """is_number_tiny(G): True if G is a number or has the shape x + Tiny(H) or x + Miny(H);
    uptimals such as ^ and *n are not. Example: is_number_tiny({0||0|-1})"""

def is_numberish(*args: Any, session: Optional[Session] = None) -> Any:
    """is_numberish(G): True if G's left and right stops agree: G is infinitesimally close to a
    number. Example: is_numberish(9/8*)"""

def is_odd(*args: Any, session: Optional[Session] = None) -> Any:
    """is_odd(G): True if G is not 0 and every option of its canonical form is even. Example:
    is_odd(*)"""

def is_odd_tempered(*args: Any, session: Optional[Session] = None) -> Any:
    """is_odd_tempered(G): Number + * values are odd-tempered, other uptimals are not;
    otherwise all options must be even-tempered. Example: is_odd_tempered(1*)"""

def is_ordinal(*args: Any, session: Optional[Session] = None) -> Any:
    """is_ordinal(G): True if G is a non-negative integer. Example: is_ordinal(5)"""

def is_plumtree(*args: Any, session: Optional[Session] = None) -> Any:
    """is_plumtree(G): True if the only cycles of G's canonical graph are passes (moves from a
    position to itself). Example: is_plumtree(a{0||||0|||a|*||*})"""

def is_pseudonumber(*args: Any, session: Optional[Session] = None) -> Any:
    """is_pseudonumber(G): True if G is a number, x over, x under, on or off. Example:
    is_pseudonumber({pass|3/2})"""

def is_short(*args: Any, session: Optional[Session] = None) -> Any:
    """is_short(G): True: every game here is short (finite and loopfree). CGSuite's loopy
    predicates IsLoopfree, IsPlumtree, IsStopper, IsStopperSided and IsFinite mean this for
    short games. Example: is_short(^)"""

def is_stable(*args: Any, session: Optional[Session] = None) -> Any:
    """is_stable(G): True if the stopper G's upsum and downsum varieties relative to its degree
    agree (an error when the degree is not idempotent). Short games are stable. Example:
    is_stable(a{0|{0||||0,*2|||a|0||0}||0})"""

def is_stopper(*args: Any, session: Optional[Session] = None) -> Any:
    """is_stopper(G): True if G is a stopper (short games included): no play from its canonical
    form alternates for ever. A sided value S & T (dud, a{1||a|0}) is not. Example:
    is_stopper(on)"""

def is_stopper_sided(*args: Any, session: Optional[Session] = None) -> Any:
    """is_stopper_sided(G): True if G's onside and offside are stoppers: every value cgt
    computes is (a game whose sides are not found to be stoppers, such as Bach's carousel,
    is an error). Example: is_stopper_sided(over)"""

def is_uptimal(*args: Any, session: Optional[Session] = None) -> Any:
    """is_uptimal(G): True if G = x + *m + a1.^ + a2.^<2> + ... + ak.^<k> for a number x.
    Example: is_uptimal({0||0|v*})"""

def is_zero(*args: Any, session: Optional[Session] = None) -> Any:
    """is_zero(G): True if G = 0. Example: is_zero({*|*})"""

def join(*args: Any, session: Optional[Session] = None) -> Any:
    """join(L [, separator]): The strings of a list joined into one, with the separator
    (default none) between them. Example: join(["x.", ".o"], "|")"""

def kayles(*args: Any, session: Optional[Session] = None) -> Any:
    """kayles(n): Kayles (octal game 0.77) on a row of n pins: knock down one pin or two
    adjacent ones. Example: value(kayles(5))"""

def keys(*args: Any, session: Optional[Session] = None) -> Any:
    """keys(m): The keys of a map, in the order they were first put in. `for k in m` runs over
    them too. Example: keys({1 => "one", * => "star"})"""

def konane(*args: Any, session: Optional[Session] = None) -> Any:
    """konane("xo..|.ox."): A Konane position: rows separated by `|`, `x` Left's stones, `o`
    Right's, `.` an empty square, `#` a square off the board. A move jumps one of the
    mover's stones orthogonally over an adjacent stone of the opponent onto the empty square
    beyond, capturing it; the stone may go on jumping in the same direction, and may stop
    after any jump. Example: value(konane("xo.|..o"))"""

def left_incentives(*args: Any, session: Optional[Session] = None) -> Any:
    """left_incentives(G): The maximal Left incentives G^L - G. Example: left_incentives(^)"""

def left_options(*args: Any, session: Optional[Session] = None) -> Any:
    """left_options(G): Left's options of G: for a canonical game the set of its canonical
    options, in CGSuite's order; for a ruleset position the positions Left can move to (a
    list, in the rules' order); for an explicit form or a sum the options as forms (a list).
    Example: left_options(^*)"""

def left_stop(*args: Any, session: Optional[Session] = None) -> Any:
    """left_stop(G): The number reached when Left moves first and both players stop as soon as
    the position is a number. Example: left_stop({3|-1})"""

def len(*args: Any, session: Optional[Session] = None) -> Any:
    """len(L): The number of elements of a list or set, of entries of a map, or of characters
    of a string. Example: len("TT..FF")"""

def load(*args: Any, session: Optional[Session] = None) -> Any:
    """load("file.cgt"): The module of a file of definitions (as import "file.cgt" as m gives
    it): m = load("file.cgt") then m.f(x). A file is evaluated once per session (again only
    if it has changed); names starting with _ stay private to it. A relative path is
    relative to the file that loads it (or the current directory). Example: len("load")"""

def lstrip(*args: Any, session: Optional[Session] = None) -> Any:
    """lstrip(s [, chars]): The string s without the characters in `chars` (default: white
    space) at its start. Example: lstrip("..T.F..", ".")"""

def map(*args: Any, session: Optional[Session] = None) -> Any:
    """map(f, L): The list of f(x) for each element x of L (a list or set; a map's keys), as
    [f(x) for x in L] makes it; f is any function value: map(x => x + *, [0, ^]), map(value,
    L). Example: map(n => n * n, 1..4)"""

def max(*args: Any, session: Optional[Session] = None) -> Any:
    """max(L) or max(a, b, ...): The greatest element of a list, or the greatest of the
    arguments: numbers (rationals too), games (an error if two are confused) or strings.
    Example: [max([3, 1/2, 2]), max(2, 7/3)]"""

def mean(*args: Any, session: Optional[Session] = None) -> Any:
    """mean(G): The mean value (the mast of the thermograph); additive over sums. Example:
    mean({3||2*|1*})"""

def mex(*args: Any, session: Optional[Session] = None) -> Any:
    """mex(L): The minimum excludant: the least non-negative integer not in a list of integers
    (nim values of options, say). Example: mex([0, 1, 3])"""

def min(*args: Any, session: Optional[Session] = None) -> Any:
    """min(L) or min(a, b, ...): The least element of a list, or the least of the arguments:
    numbers (rationals too), games (an error if two are confused) or strings. Example:
    [min([3, 1/2, 2]), min(2, 1/3)]"""

def miny(*args: Any, session: Optional[Session] = None) -> Any:
    """miny(G): Miny-G = {G | 0 || 0}, also written Miny(G); the negative of Tiny(G). Example:
    miny(2)"""

def misere_canonical(*args: Any, session: Optional[Session] = None) -> Any:
    """misere_canonical(G): The misère canonical form of an impartial game (Conway's simplest
    form: reversible options bypassed, with the endgame proviso), played as given: a sum as
    the sum of its terms, a position by its rules. Nim heaps print as *n; another game as
    *[...] listing its options, heaps by their size and other games in brackets: *2 + *2 is
    *[2,3] = {*2, *3}. CGSuite's MisereCanonicalForm. Example: misere_canonical(*2 + *2)"""

def misere_nim_value(*args: Any, session: Optional[Session] = None) -> Any:
    """misere_nim_value(G): The misère nim value of an impartial game: 1 for the end 0,
    otherwise the mex of its options' values; 0 exactly for misère P-positions (the first
    player loses). Example: misere_nim_value(* + *)"""

def misere_outcome(*args: Any, session: Optional[Session] = None) -> Any:
    """misere_outcome(G [, per_player]): The misère outcome class of the form G by direct
    search. With per_player, computed instead through the reduction o-(G) = o+(G -> *) under
    the per-player sequential rule, which holds for every form (the joint-end rule needs G
    dicotic). Example: misere_outcome(1, per_player)"""

def misere_outcome_class(*args: Any, session: Optional[Session] = None) -> Any:
    """misere_outcome_class(G): The outcome class under misère play (a player who cannot move
    wins), computed on the game tree as given: an explicit form '{...}' as written, a
    position by its rules, a sum as the sum of its terms (*2 + *2 is misère Nim with heaps 2
    and 2: P), a value by its canonical form. Not a function of the value. Example:
    misere_outcome_class(^*6)"""

def move_roles(*args: Any, session: Optional[Session] = None) -> Any:
    """move_roles(G, player): Every move of G for the player, in the rules' order, as [move,
    value, role, detail]: "realises" (its value is the canonical option `detail`),
    "reverses" (better for the mover than a canonical option: detail is the line of play
    down to it, as in sensible_lines), "dominated" (detail is [move, K]: the canonical
    option K is at least as good for the mover, and the move is the one that stands for K,
    as sensible_options names it), or "reverses out" (detail is the opponent's reply, no
    better for the opponent than G, from which nothing counts). Games whose positions repeat
    have roles too: values are then stoppers, compared in their order, and a reversing line
    never returns to a position (a sided value's moves are not followed). Example:
    move_roles('{0,*|}', Left)"""

def move_table(*args: Any, session: Optional[Session] = None) -> Any:
    """move_table(G, player): Every move of G for the player as a table for a paper: the move,
    its value, its role as move_roles gives it (realises, reverses, dominated, reverses
    out), its incentive (G^L - G for Left, G - G^R for Right) and whether it wins moving
    first (as winning_moves says). Under :format latex it prints as a tabular; from Python
    it is a table with an HTML and a LaTeX form. Example: move_table(domineering(2, 3),
    Left)"""

def multiple(*args: Any, session: Optional[Session] = None) -> Any:
    """multiple(n, G): n copies of G (copies of -G when n < 0), by binary doubling; n may be
    any integer. Example: multiple(3, {1|-1})"""

def nim(*args: Any, session: Optional[Session] = None) -> Any:
    """nim([h1,...,hn]): A Nim position: a move takes any number of tokens from one heap. Its
    value is the nim-sum of the heaps. Example: value(nim([3,5,7]))"""

def nim_sequence(*args: Any, session: Optional[Session] = None) -> Any:
    """nim_sequence("0.d1d2...", n): The nim-values G(0), ..., G(n) of single heaps in the
    octal game with the given code, or in "grundy" (Grundy's game) or "nim" (mex rule).
    Example: nim_sequence("0.77", 12)"""

def nim_value(*args: Any, session: Optional[Session] = None) -> Any:
    """nim_value(G): The Grundy value n of an impartial game G = *n (explicit impartial forms
    are evaluated by mex). For a position of impartial rules whose positions repeat, the
    generalized Sprague-Grundy value (Smith, Fraenkel; Winning Ways ch. 12): n, playing in
    sums as *n, or inf[K] (Winning Ways' infinity with subscript K), from which play can go
    on for ever, K listing the finite values among its options: the player to move wins with
    0 in K, and otherwise the game is a draw. Sums of positions add them: n + inf[K] is
    inf[K xor n], inf + inf is inf. Example: nim_value(*3)"""

def nogo(*args: Any, session: Optional[Session] = None) -> Any:
    """nogo("..x.|o..."): A NoGo position: rows separated by `|`, `x` black (Left), `o` white
    (Right), `.` empty. A move places a stone of one's colour on an empty point; it is
    illegal if afterwards some block of stones (of either colour) has no liberty. Example:
    value(nogo("...."))"""

def norton_product(*args: Any, session: Optional[Session] = None) -> Any:
    """norton_product(G, U): The Norton product G.U: n copies of U for an integer n, otherwise
    {G^L.U + (U + I) | G^R.U - (U + I)} over the maximal incentives I of U. Example:
    norton_product(1/2, ^)"""

def octal(*args: Any, session: Optional[Session] = None) -> Any:
    """octal("0.d1d2...", [h1,...,hn]): A position of the octal game with the given code:
    removing k tokens from a heap is allowed when digit dk is non-zero, leaving no heap (dk
    has bit 1), one heap (bit 2) or two heaps (bit 4). Kayles is 0.77, Dawson's Kayles 0.07.
    See also nim_sequence and octal_period. Example: value(octal("0.77", [4, 5]))"""

def octal_period(*args: Any, session: Optional[Session] = None) -> Any:
    """octal_period("0.d1d2..." [, max_heap]): [preperiod, period] of the octal game's nim-
    value sequence, proved by the octal periodicity theorem (values checked up to max_heap,
    default 1000): G(n + p) = G(n) for all n >= preperiod. An error if no period is proved
    there. Example: octal_period("0.77")"""

def offside(*args: Any, session: Optional[Session] = None) -> Any:
    """offside(G): The offside of G, where play that goes on for ever is a win for Right, as a
    canonical stopper: offside(a{1||a|0}) = +-1. A stopper (short games included) is its own
    offside. Example: offside(on + off)"""

def onside(*args: Any, session: Optional[Session] = None) -> Any:
    """onside(G): The onside of G, where play that goes on for ever is a win for Left, as a
    canonical stopper: onside(a{1||a|0}) = 2. A stopper (short games included) is its own
    onside. Example: onside(on + off)"""

def options(*args: Any, session: Optional[Session] = None) -> Any:
    """options(G [, player]): G's options for a player (Left or Right), as left_options and
    right_options give them; without a player, Left's then Right's in one list (CGSuite's
    Options). Example: options({1|*}, Right)"""

def ordinal_product(*args: Any, session: Optional[Session] = None) -> Any:
    """ordinal_product(G, H): G ⊗ H: every edge of H replaced by a copy of G (red edges by -G),
    as in Hackenbush; *a ⊗ *b = *(ab). Depends on the forms. Example: ordinal_product(1/2,
    1/4)"""

def ordinal_sum(*args: Any, session: Optional[Session] = None) -> Any:
    """ordinal_sum(G, H): G : H = {G^L, G:H^L | G^R, G:H^R}: moving in G destroys H. Depends on
    the form of G (use '{...}' for an explicit form), on H only through its value. H may be
    a stopper: ^ : on = upon; so may G, taken as its canonical graph (CGSuite's OrdinalSum
    of stoppers): on : 1 = on. Example: ordinal_sum('{*|*}', 1)"""

def outcome_class(*args: Any, session: Optional[Session] = None) -> Any:
    """outcome_class(G): Who wins G under normal play: L (Left wins), R (Right wins), P (the
    previous player wins: G = 0) or N (the next player wins: G is confused with 0). A game
    whose positions repeat may also be D (a draw), PHat (onside L, offside P), NHat (L, N),
    PCheck (P, R) or NCheck (N, R), as CGSuite names them; all nine are constants
    (OutcomeClass.D is the spelling no binding hides). Example: outcome_class(^*)"""

def overheat(*args: Any, session: Optional[Session] = None) -> Any:
    """overheat(G, s, t): G overheated from s to t: an integer n becomes the Norton product
    n.s, otherwise {overheat(G^L) + t | overheat(G^R) - t}. Example: overheat(7/16, 0, 0)"""

def partizan_subtraction(*args: Any, session: Optional[Session] = None) -> Any:
    """partizan_subtraction([l1,...,lk], [r1,...,rm], [h1,...,hn]): A position of the partizan
    subtraction game (CGSuite's PartizanSubtraction): from a heap, Left removes li tokens
    and Right ri tokens, for li in Left's set and ri in Right's (1 to 64). Example:
    [value(partizan_subtraction([1, 3], [2, 3], [n])) for n in 1..6]"""

def partizan_take_and_break(*args: Any, session: Optional[Session] = None) -> Any:
    """partizan_take_and_break("0.d1d2...", "0.e1e2...", [h1,...,hn]): A position of the
    partizan take-and-break game (CGSuite's PartizanTakeAndBreak, with octal codes): Left
    moves in a heap as the first octal code allows, Right as the second (removing k tokens
    when digit k is non-zero, leaving no heap with bit 1, one with bit 2, two with bit 4).
    Example: value(partizan_take_and_break("0.77", "0.07", [5]))"""

def plot_psn(*args: Any, session: Optional[Session] = None) -> Any:
    """plot_psn(p [, "file.svg"]): A Partizan-Serial-Nim position as an SVG picture (written to
    the file if one is named, else returned as SVG text) in the style of the paper's Figure
    1: pile i at (i, σ(i)) with its stones, and the positions reachable by removing target
    piles as grey squares. Example: plot_psn(psn([2,3,1,5,2,3,1,3,2,3],
    [10,1,3,9,2,5,7,6,8,4]))"""

def plot_thermograph(*args: Any, session: Optional[Session] = None) -> Any:
    """plot_thermograph(G [, "file.svg"]): G's thermograph as an SVG picture (temperature
    upward, Left to the left, as in Winning Ways): written to the file if one is named (the
    result is its name), else returned as SVG text. Example: plot_thermograph({3||2|1})"""

def plot_tree(*args: Any, session: Optional[Session] = None) -> Any:
    """plot_tree(G [, "file.svg"]): G's canonical game tree as an SVG picture (Left's moves
    blue to the lower left, Right's red to the lower right; numbers are leaves; at most 400
    positions): written to the file if one is named, else returned as SVG text. Example:
    plot_tree({3||2|1})"""

def pow(*args: Any, session: Optional[Session] = None) -> Any:
    """pow(G, x): G^<x> = {0 | -G^[x-1] + H} for a base G = {0|H} and a dyadic x >= 1, or a
    pseudonumber as in pow_to; ^.pow(n) is the n-th power ^<n>, pow(^, on) = ^<on>. For a
    number G (never of the form {0|H}) and an integer x, the number G to the power x: pow(2,
    10) = 1024, pow(2, -1) = 1/2, pow(3, -1) = 1/3. Example: pow(^, 2)"""

def pow_to(*args: Any, session: Optional[Session] = None) -> Any:
    """pow_to(G, x): G^[x] = G : H where 1 : H = x (so G : (n-1) for an integer n >= 1, and 0
    for x = 0); ^.pow_to(n) is the unit sum ^[n]. x may be any dyadic number >= 0, or a
    pseudonumber that 1 : H makes (pow_to(^, on) = upon, pow_to(^, {5|pass}) =
    {^[5]|*,pass}). Example: pow_to(^, 3)"""

def print(*args: Any, session: Optional[Session] = None) -> Any:
    """print(x, ...): Print the values (strings without quotes) separated by spaces, without a
    line break; println adds one. In scripts and the REPL the text appears as it is printed;
    in --batch it goes on the input line's one output line. Example: print("value:", ^ + ^)"""

def println(*args: Any, session: Optional[Session] = None) -> Any:
    """println(x, ...): Print the values (strings without quotes) separated by spaces, then a
    line break. Example: println("temperature", temperature({3|-1}))"""

def psn(*args: Any, session: Optional[Session] = None) -> Any:
    """psn([w1,...,wn], [s1,...,sn]) or psn(w, sigma_left, sigma_right): A Partizan-Serial-Nim
    position: pile i holds wi stones; Left takes from the leftmost non-empty pile, Right
    from the non-empty pile of smallest s. With two permutations each player has their own
    priority; the position is renumbered so that Left's is the identity. Example:
    value(psn([3,3,3,3], [3,2,4,1]))"""

def psn_misere_outcome(*args: Any, session: Optional[Session] = None) -> Any:
    """psn_misere_outcome(p): The misère outcome of a PSN position by Remark 2.4: add a last
    pile of one stone that is last for both players, and take the normal-play outcome
    (Theorem 3.2). Example: psn_misere_outcome(psn([1,1], [1,2]))"""

def psn_outcome(*args: Any, session: Optional[Session] = None) -> Any:
    """psn_outcome(p): The normal-play outcome of a PSN position by the paper's Theorem 3.2, in
    O(n^2) time, without the game engine. Example: psn_outcome(psn([2,3,1,5,2,3,1,3,2,3],
    [10,1,3,9,2,5,7,6,8,4]))"""

def psn_thresholds(*args: Any, session: Optional[Session] = None) -> Any:
    """psn_thresholds(p): The thresholds [L(w), R(w)] of Definition 3.1 by Theorem 3.2: the
    least size of Left's (Right's) target pile at which the opponent, moving first, loses;
    inf where there is none. Positions with big piles are fine (O(n^2)). Example:
    psn_thresholds(psn([2,3,1,5,2,3,1,3,2,3], [10,1,3,9,2,5,7,6,8,4]))"""

def psn_uniform_outcome(*args: Any, session: Optional[Session] = None) -> Any:
    """psn_uniform_outcome(p): The outcome by Theorem 4.2 in O(n), for PSN positions whose non-
    empty piles all hold the same m >= 2 stones (the outcome does not depend on m). Example:
    psn_uniform_outcome(psn([3,3,3,3], [3,2,4,1]))"""

def range(*args: Any, session: Optional[Session] = None) -> Any:
    """range(n) or range(a, b): The integers 0, 1, ..., n-1 (or a, ..., b-1), as a list; a..b
    is the list a, ..., b with both ends. Example: range(4)"""

def reduce(*args: Any, session: Optional[Session] = None) -> Any:
    """reduce(f, L, start): f(...f(f(start, x1), x2)..., xn) for the elements x1, ..., xn of L:
    reduce((a, b) => a + b, L, 0) is sum(L). Example: reduce((a, b) => a + b, [*, *2, *3],
    0)"""

def reduced_canonical_form(*args: Any, session: Optional[Session] = None) -> Any:
    """reduced_canonical_form(G): The simplest game infinitesimally close to G (Grossman-
    Siegel): heat by *, then replace every x and x* by x. Example:
    reduced_canonical_form({3||2*|1*})"""

def replace_at(*args: Any, session: Optional[Session] = None) -> Any:
    """replace_at(s, i, t): The string s with its character at index i replaced by the string t
    (or the list s with its element i replaced by t). Example: replace_at("T.F", 1, "T")"""

def replace_each(*args: Any, session: Optional[Session] = None) -> Any:
    """replace_each(s, from, to): Every string made from s by replacing one occurrence of
    `from` by `to`, occurrences from the left (overlapping ones included): the moves of many
    strip and board games in one call. Toads-and-Frogs' toads: replace_each(s, "T.", ".T") +
    replace_each(s, "TF.", ".FT"); Domineering's horizontal dominoes: replace_each(b, "..",
    "##") (rows of a board are separated by |, so a pattern stays in its row);
    grid_replace_each reads down the columns. Example: replace_each("TT..F", "T.", ".T")"""

def reverse(*args: Any, session: Optional[Session] = None) -> Any:
    """reverse(L): A list or a string in reverse order. Example: reverse("LR.")"""

def right_incentives(*args: Any, session: Optional[Session] = None) -> Any:
    """right_incentives(G): The maximal Right incentives G - G^R. Example: right_incentives(^)"""

def right_options(*args: Any, session: Optional[Session] = None) -> Any:
    """right_options(G): Right's options of G: for a canonical game the set of its canonical
    options, in CGSuite's order; for a ruleset position the positions Right can move to (a
    list, in the rules' order); for an explicit form or a sum the options as forms (a list).
    Example: right_options(^*)"""

def right_stop(*args: Any, session: Optional[Session] = None) -> Any:
    """right_stop(G): The number reached when Right moves first and both players stop as soon
    as the position is a number. Example: right_stop({2|{1|-3}})"""

def rstrip(*args: Any, session: Optional[Session] = None) -> Any:
    """rstrip(s [, chars]): The string s without the characters in `chars` (default: white
    space) at its end. Example: rstrip("..T.F..", ".")"""

def ruleset(*args: Any, session: Optional[Session] = None) -> Any:
    """ruleset(left, right [, components = f] [, key = f] [, conjugate = f] [, signed_key = f]
    [, name = "..."]): A ruleset defined by two functions from a position to the list of
    positions Left (resp. Right) can move to; positions are any values (strings, lists,
    numbers). Optional: components = a function giving the independent parts of a position
    (their values add), key = a function equal on positions with the same game (symmetries),
    conjugate = a function giving a position whose game is the negative (the players' roles
    exchanged, e.g. a transposed Domineering board), so that only one of the two is
    explored; or signed_key = a function giving [key, negated], one call doing both (a
    position whose negated flag differs from that of the first position of its key is that
    position's negative: grid_signed_key for Domineering). T = ruleset(...) names it T (made
    by a function, it is named by the call: crumble(2), so its positions print as
    crumble(2)(5), which reads back; name = "..." names it outright); T(p) is the position
    p, with value, outcome_class, misere_outcome_class, ->, +, plot_tree and table as for
    built-in rulesets. Everything reachable from p is explored once (memoised per ruleset).
    Positions may repeat (a position that can reach itself): values are then loopy, stoppers
    as for pass and on (short_value(P) insists on a short game). Example: def take(n) = [n -
    k for k in [1, 2] if k <= n]; T = ruleset(take, take); value(T(5))"""

def selective_compound(*args: Any, session: Optional[Session] = None) -> Any:
    """selective_compound(G, H): Conway's selective compound G ∨ H (ONAG ch. 14): a move in one
    or both components, the result again a selective compound; *a ∨ *b = *(a+b). Depends on
    the forms. Example: selective_compound(*5, *6)"""

def selective_sum(*args: Any, session: Optional[Session] = None) -> Any:
    """selective_sum(G, H): CGSuite's selective sum: the moves of the disjunctive sum (giving
    G^L + H, G + H^L) together with those of the conjunctive sum (giving G^L ∧ H^L). Depends
    on the forms. For Conway's recursive selective compound see selective_compound. Example:
    selective_sum(*5, *6)"""

def sensible_lines(*args: Any, session: Optional[Session] = None) -> Any:
    """sensible_lines(G, player): CGSuite's SensibleLines: for each canonical option K of
    value(G) for the player, a line of play that realises it: the player's move, the
    opponent's reply (no better for the opponent than G), the player's next move, ...,
    ending at a game whose value is K. The line is a shortest one, from the move
    sensible_options names; a line of one move is a move whose value is K itself. Example:
    sensible_lines(toads_and_frogs("TT.F.F"), Left)"""

def sensible_options(*args: Any, session: Optional[Session] = None) -> Any:
    """sensible_options(G, player): CGSuite's SensibleOptions: for each canonical option K of
    value(G) for the player (in the order left_options(value(G)) lists them), a move of G
    worth at least K to the mover (for Left G^L >= K^L): the first whose value is K, else
    the first with the shortest line down to K (see sensible_lines). Moves of a position are
    positions of its rules; a move in a sum shows as [k, option], the option its term k
    (counted from 0 as written) is moved to. The clobber position of CGSuite's tutorial has
    one: sensible_options(clobber("xoxo|ox.."), Left). Example:
    sensible_options(clobber("xoxo|ox.."), Left)"""

def sequential(*args: Any, session: Optional[Session] = None) -> Any:
    """sequential(G, H [, per_player]): The sequential compound G -> H (Stromquist-Ullman):
    play G until it has ended, then H. Default rule (joint end): G -> H = H when nobody can
    move in G, else {G^L -> H | G^R -> H}. With per_player a player who cannot move in G
    moves in H instead. Depends on the form of G, on H only by value. Example: sequential(1,
    -1, per_player)"""

def serial_nim(*args: Any, session: Optional[Session] = None) -> Any:
    """serial_nim([w1,...,wn]): Serial-Nim (Levine): both players take from the leftmost non-
    empty pile; PSN with σ the identity. Equals *w1 -> *w2 -> ... -> *wn. Example:
    value(serial_nim([3,5,2,3,3,1,9]))"""

def short_value(*args: Any, session: Optional[Session] = None) -> Any:
    """short_value(G): The canonical value of a game, form or position, insisting on a short
    game: a position that can reach itself is an error naming the positions on the cycle
    (value gives its loopy value instead), and so is a loopy game. Example:
    short_value(toads_and_frogs("TT.F"))"""

def ski_jumps(*args: Any, session: Optional[Session] = None) -> Any:
    """ski_jumps("L....|..R.."): A Ski Jumps slope (Winning Ways): rows separated by `|`, top
    row first, `L` a jumper of Left's, `l` a slipper of Left's, `R` and `r` Right's, `.`
    empty. Left's skiers move any number of empty squares east (off the slope if nothing is
    in the way), Right's west; a jumper may instead jump over an opponent's skier directly
    below it onto the empty square below that, turning the skier jumped into a slipper,
    which cannot jump. Example: value(ski_jumps("L....|R....|....."))"""

def sls(*args: Any, session: Optional[Session] = None) -> Any:
    """sls([piles], empty, (blue_b, blue_r), (red_b, red_r) [, rules]): A two-player So Long
    Sucker endgame (De Carufel & Jerade): piles written bottom to top over b and r (e.g.
    "rbr"), the number of empty slots, Blue's hand and Red's hand as (b chips, r chips).
    Left = Blue, Right = Red; one option is one whole turn; a capture handed to the opponent
    waits until the capturer's next turn. Rules (a word or a list of words): at_least_one,
    own_colour_only, unbounded, extra_actions; the default kills exactly one chip of any
    colour on a fixed number of slots. Example: value(sls(["rbr"], 0, (2,2), (0,1)))"""

def sls_play(*args: Any, session: Optional[Session] = None) -> Any:
    """sls_play(p): A winning line of a So Long Sucker endgame for the side that wins moving
    first (Blue first, else Red first): each turn's placements, captures and kill choices,
    until the loser has no move; the loser's turns shown are its first options. Example:
    sls_play(sls(["rb"], 0, (1,0), (0,1)))"""

def snort(*args: Any, session: Optional[Session] = None) -> Any:
    """snort("..x|o.."): A Snort position: rows separated by `|`, `x` black (Left), `o` white
    (Right), `.` empty, `#` blocked. A move places a stone of one's colour on an empty
    square that is not next to a stone of the opponent's colour. Example:
    value(snort("...."))"""

def snort_graph(*args: Any, session: Optional[Session] = None) -> Any:
    """snort_graph("..L", "0-1 1-2"): Snort on a graph: the first string has one letter per
    vertex (numbered from 0): `.` free, `L` or `R` playable by that side only, `x` a stone
    of Left's, `o` of Right's; the second lists edges as paths such as `0-1-2 2-3`. Stones
    are read as what they leave: their neighbours playable by one side only. At most 64
    vertices; connected parts are components. Example: value(snort_graph("....",
    "0-1-2-3-0"))"""

def sort(*args: Any, session: Optional[Session] = None) -> Any:
    """sort(L) or sort(L, f): A list sorted in the universal order: numbers in increasing
    order, other games in CGSuite's order, strings alphabetically, lists and tuples element
    by element (a shorter one first when it begins the other); values of different kinds as
    false, true, numbers and games, loopy games, strings, lists, sets, the rest. Lists
    compare with < <= > >= in the same order. sort(L, f) keeps the elements as they are and
    orders them by f(x) (stable): sort(L, G => temperature(G)). Example: [sort([3, -1,
    1/2]), sort(["ccc", "a", "bb"], s => len(s))]"""

def split(*args: Any, session: Optional[Session] = None) -> Any:
    """split(s, separator): The parts of the string s between occurrences of the separator (a
    non-empty string). Example: split("xo.|.ox", "|")"""

def stop(*args: Any, session: Optional[Session] = None) -> Any:
    """stop(G, player): G's Left stop (player Left) or Right stop (Right): a number, or for a
    stopper a pseudonumber (3/2under). For short games this is also CGSuite's StrongStop.
    Example: stop({3|-1}, Right)"""

def stop_count(*args: Any, session: Optional[Session] = None) -> Any:
    """stop_count(G): The number of stopping positions (number leaves) of G's full canonical
    game tree: 1 for a number, 2.3^(m-1) for *m. Example: stop_count(*8)"""

def str(*args: Any, session: Optional[Session] = None) -> Any:
    """str(x): A value's printed text as a string (a string stays itself). Example: str(^*) +
    "!\""""

def strip(*args: Any, session: Optional[Session] = None) -> Any:
    """strip(s [, chars]): The string s without the characters in `chars` (default: white
    space) at either end; lstrip and rstrip trim one end. A strip game's key: strip(s, ".")
    when empty squares at the ends play no part. Example: strip("..T.F..", ".")"""

def strong_stop(*args: Any, session: Optional[Session] = None) -> Any:
    """strong_stop(G, player): G's Left (player Left) or Right stop with over and under
    dropped: x for x over. For short games it is the stop. Example: strong_stop({pass|3/2},
    Left)"""

def subordinate(*args: Any, session: Optional[Session] = None) -> Any:
    """subordinate(G, base): The H with G = base : H (the quotient of an ordinal sum). The base
    may be an explicit form. An error if there is none. Example: subordinate(1/8, 1)"""

def subtraction(*args: Any, session: Optional[Session] = None) -> Any:
    """subtraction([s1,...,sk], [h1,...,hn]): A position of the subtraction game with
    subtraction set {s1,...,sk}: a move removes si tokens from a heap (printed as the
    equivalent octal game). Example: value(subtraction([1,2,3], [5]))"""

def sum(*args: Any, session: Optional[Session] = None) -> Any:
    """sum(L): The disjunctive sum of a list of games (0 for an empty list); it keeps its
    terms, like +. Example: sum([*, *2, *3])"""

def temperature(*args: Any, session: Optional[Session] = None) -> Any:
    """temperature(G): The temperature: where the thermograph's mast starts. Convention
    (CGSuite): the number m/2^n has temperature -1/2^n, integers -1; infinitesimals 0.
    Example: temperature({3|-1})"""

def thermograph(*args: Any, session: Optional[Session] = None) -> Any:
    """thermograph(G) or Thermograph(Lmast,[Lcps],[Lslopes],Rmast,[Rcps],[Rslopes]): The exact
    thermograph, printed as Thermograph(Lmast,[Lcps],[Lslopes],Rmast,[Rcps],[Rslopes]):
    critical points in descending order, slopes d(value)/dt from the mast down. With the six
    parts, the thermograph they describe (so a printed thermograph reads back). Example:
    thermograph({3||2|1})"""

def thermograph_wall(*args: Any, session: Optional[Session] = None) -> Any:
    """thermograph_wall(G, Left|Right): One wall of G's thermograph, printed as
    Trajectory(mast,[cps],[slopes]). Example: thermograph_wall({3||2|1}, Right)"""

def tiny(*args: Any, session: Optional[Session] = None) -> Any:
    """tiny(G): Tiny-G = {0 || 0 | -G}, also written Tiny(G). Example: tiny({3|1})"""

def to_map(*args: Any, session: Optional[Session] = None) -> Any:
    """to_map(L): The map of a list of pairs [key, value]; a later pair with the same key wins.
    to_map([[n, value(f(n))] for n in 0..9]) tabulates f. Example: to_map([[n, n * n] for n
    in 1..3])"""

def toads_and_frogs(*args: Any, session: Optional[Session] = None) -> Any:
    """toads_and_frogs("TT..FF" [, [min_slide, max_slide, max_jump, friendly]]): A Toads-and-
    Frogs strip: `T` Left's toads (moving right), `F` Right's frogs (moving left), `.` empty
    (`X` and `O` read as T and F). A piece slides into the empty square ahead or jumps over
    one opponent into the empty square beyond. The generalised game takes [min_slide,
    max_slide, max_jump, friendly]: slides of min_slide..max_slide squares into empty
    squares (the square ahead must be empty), jumps over a run of up to max_jump pieces (of
    the opponent, or of either side if friendly is 1) onto the first empty square. Example:
    value(toads_and_frogs("TT.FF"))"""

def toppling_dominoes(*args: Any, session: Optional[Session] = None) -> Any:
    """toppling_dominoes("BRG"): A row of Toppling Dominoes: `B` a blue domino (Left's; `L`
    reads as B), `R` a red one (Right's), `G` a green one (either player's). A move topples
    one of the mover's dominoes to the left or to the right, knocking down every domino on
    that side too. Example: value(toppling_dominoes("BBRG"))"""

def trajectory(*args: Any, session: Optional[Session] = None) -> Any:
    """trajectory(mast, [cps], [slopes]) or Trajectory(...): The thermograph wall with this
    mast value, critical points (descending) and slopes from the mast down, as
    thermograph_wall prints it. Example: Trajectory(9/4, [3/4], [0, -1])"""

def translate(*args: Any, session: Optional[Session] = None) -> Any:
    """translate(s, from, to): The string s with each character of `from` replaced by the
    character at the same place in `to` (as Unix's tr): exchanging the players' pieces, e.g.
    the conjugate of a Toads-and-Frogs strip is translate(reverse(s), "TF", "FT"). Example:
    translate("TT.F", "TF", "FT")"""

def upsum(*args: Any, session: Optional[Session] = None) -> Any:
    """upsum(G, H): G upsum H: the onside of G + H for stoppers G and H (their sum when it is a
    stopper): upsum(on, off) = on. Also written as CGSuite writes it, between its operands
    with the precedence of +: upon Upsum uponth. Example: upsum(over, under)"""

def upsum_variety(*args: Any, session: Optional[Session] = None) -> Any:
    """upsum_variety(G, D): The upsum variety of the stopper G relative to the idempotent D: G
    upsum (-G downsum -D). Example: upsum_variety({pass|3/2}, over)"""

def uptimal_expansion(*args: Any, session: Optional[Session] = None) -> Any:
    """uptimal_expansion(G): For G = x + *m + a1.^ + a2.^<2> + ... + ak.^<k>, CGSuite's
    notation x*m.d1d2...dk (a negative digit is followed by `-`). An error if G is not
    uptimal. Example: uptimal_expansion({0||0|v*})"""

def value(*args: Any, session: Optional[Session] = None) -> Any:
    """value(G): The canonical value of a game, form or ruleset position (same as canonical).
    Example: value(psn([2,3,1], [2,1,3]))"""

def values(*args: Any, session: Optional[Session] = None) -> Any:
    """values(m): The values of a map, in the order of its keys. Example: values({1 => "one", *
    => "star"})"""

def variety(*args: Any, session: Optional[Session] = None) -> Any:
    """variety(G): The variety of a stable stopper G: its upsum and downsum varieties relative
    to its degree, which agree (an error for an unstable game such as Grenville's
    a{0|{0||||0,*2|||a|0||0}||0}, or when the degree is not idempotent). Example:
    variety({pass|3/2})"""

def winning_moves(*args: Any, session: Optional[Session] = None) -> Any:
    """winning_moves(G, player): The moves with which the player, moving first in G, wins:
    those after which the opponent, to move, loses (outcome L or P for Left's moves, R or P
    for Right's), found by the outcome search, so where values are too dear too. Empty when
    the player loses moving first. For a sum, each winning move shows as [k, option]: the
    component k (counted from 0 as written) and where it is moved. Example:
    winning_moves(nim([1,2,3,4]), Left)"""

def with_item(*args: Any, session: Optional[Session] = None) -> Any:
    """with_item(L, i, x): The list L with its element i (from 0; negative counts from the end)
    replaced by x (a map: with key i set to x); L itself is unchanged. `L[i] := x` is short
    for `L := with_item(L, i, x)` (also `L[i][j] := x`, `L[i] += 1`). Example: with_item([1,
    2, 3], -1, 9)"""

def without_key(*args: Any, session: Optional[Session] = None) -> Any:
    """without_key(m, k): The map m without the key k (m itself if it has none); m itself is
    unchanged. m[k] := v adds or replaces an entry. Example: without_key({1 => 2, 3 => 4},
    1)"""
