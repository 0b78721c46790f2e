"""cgt: combinatorial game theory with cgt's exact engine and language.

Games are exact: integers of any size, numbers as dyadic rationals
(``cgt.Number``: a game that is also a ``numbers.Rational``, equal and
hash-equal to its ``fractions.Fraction``), temperatures as exact rationals;
never a float. Every computation is the cgt engine's, through its language, so
values, names and error messages are those of the ``cgt`` REPL.

    >>> import cgt
    >>> g = cgt.Game("{3||2|1}")
    >>> g.temperature
    cgt.Game("3/4")
    >>> g.temperature == Fraction(3, 4)
    True
    >>> cgt.up + cgt.star
    ^*
    >>> cgt.domineering(4, 5).value
    1

Long computations release the GIL and stop on KeyboardInterrupt (Ctrl-C in
a notebook); ``set_memory_limit(bytes)`` bounds their memory (MemoryError).
"""

from fractions import Fraction
import functools
import html
import inspect
import json
import keyword
import math
import numbers
import operator
import re
import sys
import warnings

from . import _cgt
from ._cgt import CgtError, memory_limit, memory_used, set_memory_limit

__all__ = [
    "CgtError",
    "Note",
    "Game",
    "Number",
    "Picture",
    "Ruleset",
    "Session",
    "Table",
    "Thermograph",
    "Value",
    "down",
    "eval",
    "memory_limit",
    "memory_used",
    "nimber",
    "run",
    "set_memory_limit",
    "star",
    "table",
    "up",
    "zero",
]

#: The language's functions: name -> (signature, topic, help, example).
FUNCTIONS = {b[0]: b[1:] for b in _cgt.builtins()}


class Session:
    """A session of the cgt language: its variables, definitions and games.

    ``run(line)`` runs a line as the REPL does and returns what it prints;
    ``eval(text, **names)`` returns the value of an expression, with Python
    values bound to names. Games of one session can be used in another (they
    are carried over by their printed text, which reads back exactly).
    """

    def __init__(self):
        self._native = _cgt.Session()

    def run(self, line):
        """Run one line (statements, definitions, assignments, commands such
        as ``help value`` or ``:time ...``); return what the REPL prints."""
        try:
            return self._native.run(line)
        finally:
            self._notes()

    def explore(self, game=None, *, port=0, open=True):
        """Explore ``game`` (the last value if None) in the browser: a page
        on 127.0.0.1 (a free port unless ``port``; its address is printed,
        and it is opened in the browser unless ``open`` is false) showing
        the position as its ruleset draws it, its value, outcome and
        temperature, and every move marked winning, sensible, reversible,
        dominated or hottest, to click through. The page's expressions run
        in this session. Serves until the page quits or the call is
        interrupted (KeyboardInterrupt, the kernel's interrupt)."""
        self._native.explore(None if game is None else _to_native(self, game), port, open)

    def eval(self, text, **names):
        """The value of ``text`` (an expression, or statements: the last
        one's value), with ``names`` bound to Python values. What ``print``
        prints goes to ``sys.stdout``; notes (a definition replacing an
        earlier one) are ``cgt.Note`` warnings."""
        try:
            return _from_native(self, self._native.eval(text, self._bound(names)))
        finally:
            printed = self._native.take_output()
            if printed:
                sys.stdout.write(printed)
            self._notes()

    def _notes(self):
        for note in self._native.take_notes():
            warnings.warn(note, Note, stacklevel=3)

    def _eval(self, text, **names):
        # The package's own expressions: errors give their message only.
        return _from_native(self, self._native.eval(text, self._bound(names), False))

    def _bound(self, names):
        """``names`` as native bindings of this session."""
        return [(k, _to_native(self, v)) for k, v in names.items()]

    def game(self, x):
        """``x`` (text, int, Fraction or Game) as a game of this session."""
        return Game(x, session=self)

    def __getitem__(self, name):
        v = self._native.get(name)
        if v is None:
            raise KeyError(name)
        return _from_native(self, v)

    def __setitem__(self, name, value):
        self._native.set(name, _to_native(self, value))

    def __contains__(self, name):
        return self._native.get(name) is not None

    @property
    def variables(self):
        """Names of the variables and functions defined so far."""
        return self._native.variables()

    @property
    def style(self):
        """How games print: "plain" (CGSuite's notation), "unicode" or "latex"."""
        return self._native.style

    @style.setter
    def style(self, value):
        self._native.style = value

    def __repr__(self):
        return f"<cgt.Session with {len(self.variables)} names>"


class Note(UserWarning):
    """A note of the language: a definition replacing an earlier one, a name
    hiding a built-in (the REPL prints these as ``note: ...``)."""


_default = Session()


def eval(text, **names):
    """The value of a cgt expression in the default session (see ``Session.eval``)."""
    return _default.eval(text, **names)


def explore(game=None, *, port=0, open=True):
    """Explore ``game`` in the browser with the default session (see ``Session.explore``)."""
    return _default.explore(game, port=port, open=open)


def run(line):
    """Run a line of the cgt language in the default session; return what it prints."""
    return _default.run(line)


def _session_of(session):
    return _default if session is None else session


def _is_dyadic(q):
    d = q.denominator
    return d & (d - 1) == 0


def _to_native(session, x):
    """A Python value as a native value of ``session``."""
    if isinstance(x, Value):
        if session._native.owns(x._h):
            return x._h
        if isinstance(x, Game):
            return session._native.eval(x._text)
        raise CgtError(f"a {x._h.kind} of another session cannot be carried over")
    if isinstance(x, bool) or isinstance(x, int) or isinstance(x, str):
        return x
    if isinstance(x, Fraction):
        # A dyadic one is a number (a game); another stays a Fraction, the
        # language's rational, which combines with numbers only.
        return x if not _is_dyadic(x) else session._native.eval(f"{x.numerator}/{x.denominator}")
    if isinstance(x, float):
        raise TypeError("floats are not exact: use int or fractions.Fraction")
    if isinstance(x, (list, tuple)):
        return [_to_native(session, v) for v in x]
    if isinstance(x, dict):
        # A map; a tuple key stays a tuple (hashable) and becomes a list.
        def key(k):
            return tuple(key(v) for v in k) if isinstance(k, tuple) else _to_native(session, k)

        return {key(k): _to_native(session, v) for k, v in x.items()}
    if isinstance(x, (set, frozenset)):
        raise TypeError("a Python set has no order: pass a list")
    raise TypeError(f"cannot use a {type(x).__name__} as a cgt value")


def _from_native(session, x):
    """A native result as a Python value."""
    if isinstance(x, _cgt.Value):
        kind = x.kind
        if kind in ("game", "game form", "position", "loopy game", "sided value"):
            return Game._of(session, x)
        if kind == "thermograph":
            return Thermograph._of(session, x)
        if kind == "table":
            rows = session._native.table_rows(x)
            return Table([[_from_native(session, c) for c in r] for r in rows])
        return Value._of(session, x)
    if isinstance(x, list):
        return [_from_native(session, v) for v in x]
    if isinstance(x, tuple):
        return tuple(_from_native(session, v) for v in x)
    if isinstance(x, dict):
        return {_from_native(session, k): _from_native(session, v) for k, v in x.items()}
    if isinstance(x, frozenset):
        return frozenset(_from_native(session, v) for v in x)
    return x


def _not_dyadic(x):
    return ValueError(
        f"{x} is not a dyadic rational: the numbers of short games have "
        "denominators that are powers of 2"
    )


def _number(session, text, **names):
    """The value of the package's own expression, a number (a Number, or a
    Fraction if it is a rational that is not dyadic)."""
    v = session._eval(text, **names)
    if not isinstance(v, (Number, Fraction)):
        raise ValueError(f"{text} is not a number")
    return v


def _rational(session, q):
    """An exact rational as the language has it: a Number if dyadic (a
    game), else a Fraction."""
    if not isinstance(q, Fraction):
        return q
    if not _is_dyadic(q):
        return q
    return Number._make(session, session._native.eval(f"{q.numerator}/{q.denominator}"), q)


def _call(session, name, args, named=None):
    names = {f"a{k}": a for k, a in enumerate(args)}
    words = list(names)
    for k, (word, a) in enumerate((named or {}).items()):
        names[f"k{k}"] = a
        words.append(f"{word} = k{k}")
    return session._eval(f"{name}({', '.join(words)})", **names)


class Value:
    """A value of the cgt language without a Python type of its own (a
    trajectory, a function, a ruleset, ...): prints as the REPL prints it."""

    __slots__ = ("_session", "_h", "_text_cache")

    @classmethod
    def _of(cls, session, h):
        v = object.__new__(cls)
        v._session = session
        v._h = h
        v._text_cache = None
        return v

    @property
    def _text(self):
        if self._text_cache is None:
            self._text_cache = self._session._native.show(self._h, "plain")
        return self._text_cache

    @property
    def kind(self):
        """The kind of value, as the language names it."""
        return self._h.kind

    def __str__(self):
        return self._text

    def __repr__(self):
        return self._text

    def _repr_latex_(self):
        return "$" + self._session._native.show(self._h, "latex") + "$"


class Game(Value):
    """A game: a canonical value, an explicit form, a ruleset position, or a
    stopper whose positions repeat (``Game("over")``, ``Game("a{0|a}")``).

    ``Game("{3||2|1}")`` reads the cgt language (CGSuite's notation);
    ``Game(3)``, ``Game(Fraction(-5, 4))`` make numbers; ``Game.of(L, R)``
    builds ``{L|R}`` from lists of options. Operators have CGSuite's
    meanings: ``+ -`` sums and negatives, ``n * G`` copies, ``== < <= > >=``
    the order of games (``G < H`` means G <= H and G != H);
    ``G.confused_with(H)`` is G || H. Equal values have equal hashes.

    One rule for attributes, as CGSuite's: a function of the game alone is a
    property (``g.atomic_weight``, ``g.value``, ``g.thermograph``,
    ``g.temperature``), a function with more arguments a method
    (``g.cool(1)``, ``g.heat(2)``); CGSuite's names work the same way
    (``g.AtomicWeight``, ``g.Cool(1)``). Pictures and conversion to Python
    numbers are methods (``g.plot_tree()``, ``g.number()``).
    """

    __slots__ = ()

    @classmethod
    def _of(cls, session, h):
        # A canonical value that is a number is a Number (a game and a
        # numbers.Rational); positions and forms stay games.
        if h.kind == "game":
            n = session._native.number(h)
            if n is not None:
                return Number._make(session, h, Fraction(*n))
        return super()._of(session, h)

    def __new__(cls, x=0, session=None):
        g = Game._read(x, _session_of(session))
        if cls is Number and not isinstance(g, Number):
            raise ValueError(f"{g} is not a number")
        return g

    @staticmethod
    def _read(x, s):
        if isinstance(x, Game):
            return Game._of(s, _to_native(s, x))
        if isinstance(x, str):
            v = s.eval(x)
            if not isinstance(v, Game):
                raise TypeError(f"{x!r} is a {type(v).__name__}, not a game")
            return v
        if isinstance(x, bool):
            raise TypeError("a bool is not a game")
        if isinstance(x, Fraction) and not _is_dyadic(x):
            raise _not_dyadic(x)
        if isinstance(x, (int, Fraction)):
            return Game._of(s, s._native.eval(str(x)) if isinstance(x, int) else _to_native(s, x))
        if isinstance(x, float):
            raise TypeError("floats are not exact: use int or fractions.Fraction")
        raise TypeError(f"cannot make a game from a {type(x).__name__}")

    @staticmethod
    def of(left=(), right=(), session=None):
        """The canonical game {left | right} from lists of options: games,
        numbers, or text that ``Game`` reads (``Game.of(["{3|2}"], [0])``)."""
        s = _session_of(session)

        def options(xs):
            return [Game(x, session=s) if isinstance(x, str) else x for x in xs]

        return s._eval("{L | R}", L=options(left), R=options(right))

    # Arithmetic and order, in the language.
    def _op(self, text, other):
        if not isinstance(other, (Game, int, Fraction)) or isinstance(other, bool):
            return NotImplemented
        return self._session._eval(text, a=self, b=other)

    def __add__(self, other):
        return self._op("a + b", other)

    def __radd__(self, other):
        return self._op("b + a", other)

    def __sub__(self, other):
        return self._op("a - b", other)

    def __rsub__(self, other):
        return self._op("b - a", other)

    def __neg__(self):
        return self._session._eval("-a", a=self)

    def __pos__(self):
        return self

    def __mul__(self, n):
        if isinstance(n, Number) and n.denominator == 1:
            n = n.numerator
        if not isinstance(n, int) or isinstance(n, bool):
            return NotImplemented
        return self._session._eval("n * a", a=self, n=n)

    __rmul__ = __mul__

    def __eq__(self, other):
        return self._op("a == b", other)

    def __ne__(self, other):
        return self._op("a != b", other)

    def __lt__(self, other):
        return self._op("a < b", other)

    def __le__(self, other):
        return self._op("a <= b", other)

    def __gt__(self, other):
        return self._op("a > b", other)

    def __ge__(self, other):
        return self._op("a >= b", other)

    def confused_with(self, other):
        """G || H: neither G >= H nor G <= H."""
        return self._op('compare(a, b) == compare({1|-1}, 0)', other)

    def compare(self, other):
        """The relation of G to H: "=", "<", ">" or "||"."""
        return self._op("compare(a, b)", other)

    def __hash__(self):
        if self.kind in ("game form", "position"):
            # As its value (a position worth 3/4 is the key 3/4).
            return hash(self._session._eval("value(a)", a=self))
        return hash(("cgt.Game", self.canonical_text))

    def __bool__(self):
        raise TypeError("a game is not true or false: compare it (g == 0) or ask g.outcome")

    @property
    def canonical_text(self):
        """The canonical value's printed form (CGSuite's notation)."""
        if self.kind in ("game", "loopy game", "sided value"):
            return self._text
        return self._session._eval("value(a)", a=self)._text

    # The analysis functions most used, with Python types.
    @property
    def outcome(self):
        """The outcome class: "L", "R", "N" or "P"."""
        return self._session._eval("outcome_class(a)", a=self)

    @property
    def left_options(self):
        """Left's options of the canonical value (or of the form), in CGSuite's order."""
        return _options(self, "left_options")

    @property
    def right_options(self):
        """Right's options of the canonical value (or of the form), in CGSuite's order."""
        return _options(self, "right_options")

    @property
    def birthday(self):
        """The birthday of the canonical value, a Number (an integer)."""
        return _number(self._session, "birthday(a)", a=self)

    @property
    def temperature(self):
        """The temperature, a Number (-1 for integers)."""
        return _number(self._session, "temperature(a)", a=self)

    @property
    def mean(self):
        """The mean value, a Number."""
        return _number(self._session, "mean(a)", a=self)

    @property
    def left_stop(self):
        """The left stop, a Number."""
        return _number(self._session, "left_stop(a)", a=self)

    @property
    def right_stop(self):
        """The right stop, a Number."""
        return _number(self._session, "right_stop(a)", a=self)

    @property
    def is_number(self):
        """True if the game is a number."""
        return self._session._eval("is_number(a)", a=self)

    def explore(self, *, port=0, open=True):
        """Explore the game in the browser (see ``Session.explore``)."""
        self._session.explore(self, port=port, open=open)

    def number(self):
        """The game as a Fraction; ValueError unless it is a number."""
        g = self if self.kind == "game" else self._session._eval("value(a)", a=self)
        if not isinstance(g, Number):
            raise ValueError(f"{g} is not a number")
        return g._q

    @property
    def thermograph(self):
        """The thermograph (pictured in notebooks)."""
        t = self._session._eval("thermograph(a)", a=self)
        t._game = self
        return t

    def plot_tree(self):
        """The game tree as a picture (SVG)."""
        return Picture(self._session._eval("plot_tree(a)", a=self))

    def plot_thermograph(self):
        """The thermograph as a picture (SVG)."""
        return Picture(self._session._eval("plot_thermograph(a)", a=self))

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        known = name in FUNCTIONS or _snake(name) in FUNCTIONS or name[:1].isupper()
        if not known:
            raise AttributeError(f"'Game' object has no attribute {name!r}")
        session = self._session
        snake = _snake(name)
        if snake != name and isinstance(getattr(Game, snake, None), property):
            # CGSuite's name of a property the class has: the same Python
            # type (g.LeftOptions is g.left_options, a list).
            return getattr(self, snake)
        if _property_like(name):
            # A function of the game alone is a property (g.atomic_weight,
            # g.value; CGSuite's G.AtomicWeight, G.LeftStop).
            if name[:1].isupper():
                return session._eval(f"a.{name}", a=self)
            return session._eval(f"{name}(a)", a=self)

        def method(*args):
            names = {f"a{k}": a for k, a in enumerate(args)}
            call = f"g.{name}({', '.join(names)})"
            return session._eval(call, g=self, **names)

        method.__name__ = name
        entry = FUNCTIONS.get(name) or FUNCTIONS.get(_snake(name))
        if entry:
            method.__doc__ = f"{entry[0]}\n\n{entry[2]}"
        return method

    def __dir__(self):
        names = set(object.__dir__(self))
        names.update(n for n, e in FUNCTIONS.items() if e[1] != "rulesets")
        return sorted(names)

    def __repr__(self):
        # Pastes back: cgt.Game("{3||2|1}"); str(g) is the text alone.
        return f"cgt.Game({json.dumps(self._text, ensure_ascii=False)})"

    def __call__(self, *args, **kwargs):
        # Old code wrote g.value or g.atomic_weight: say why it fails.
        raise TypeError(
            "a Game is not callable: functions of the game alone are properties "
            "(g.value, g.atomic_weight, g.thermograph), without parentheses"
        )

    def __reduce__(self):
        return (Game, (self._text,))


def _exact(x):
    """``x`` as a Fraction if it is an exact rational (int, Fraction, Number), else None."""
    if isinstance(x, Number):
        return x._q
    if isinstance(x, bool):
        return None
    if isinstance(x, (int, Fraction)):
        return Fraction(x)
    return None


class Number(Game):
    """A game that is a number: ``Game("3/4")``, ``g.temperature``,
    ``cgt.eval("mean(g)")``. Every number the package gives is one, whichever
    way it was asked for (properties, CGSuite's names, ``cgt.eval``).

    It is a game (``g + cgt.up``, ``g.cool(1)``, ``g.left_options``) and a
    ``numbers.Rational``: ``numerator``, ``denominator``, ``int()``,
    ``math.floor``, ``round``, ``/``, ``//``, ``%`` and ``**`` as for
    ``Fraction``, and it is equal to and hashes as the ``Fraction`` (or the
    ``int``) of its value, so either is the same key of a dict. Arithmetic
    with numbers stays exact: a dyadic result is a Number, another a
    ``Fraction`` (as the language gives a rational that is not dyadic);
    floats are refused.
    """

    __slots__ = ("_q",)

    @classmethod
    def _make(cls, session, h, q):
        v = Value._of.__func__(cls, session, h)
        v._q = q
        return v

    # numbers.Rational
    @property
    def numerator(self):
        return self._q.numerator

    @property
    def denominator(self):
        return self._q.denominator

    def __int__(self):
        return int(self._q)

    def __float__(self):
        return float(self._q)

    def __index__(self):
        if self._q.denominator != 1:
            raise TypeError(f"{self} is not an integer")
        return self._q.numerator

    def __trunc__(self):
        return math.trunc(self._q)

    def __floor__(self):
        return math.floor(self._q)

    def __ceil__(self):
        return math.ceil(self._q)

    def __round__(self, ndigits=None):
        r = round(self._q, ndigits)
        return r if ndigits is None else _rational(self._session, r)

    def __bool__(self):
        return self._q != 0

    def __abs__(self):
        return self if self._q >= 0 else -self

    def __hash__(self):
        # As the Fraction (or int) it equals: g.temperature and
        # cgt.eval("temperature(g)") and Fraction(3, 4) are one key.
        return hash(self._q)

    # Exact arithmetic with numbers; games that are not numbers go to Game.
    def _arith(self, other, op, game_op=None):
        q = _exact(other)
        if q is None:
            if game_op is not None and isinstance(other, Game):
                return game_op(self, other)
            return NotImplemented
        return _rational(self._session, op(self._q, q))

    def __add__(self, other):
        return self._arith(other, operator.add, Game.__add__)

    def __radd__(self, other):
        return self._arith(other, lambda a, b: b + a, Game.__radd__)

    def __sub__(self, other):
        return self._arith(other, operator.sub, Game.__sub__)

    def __rsub__(self, other):
        return self._arith(other, lambda a, b: b - a, Game.__rsub__)

    def __mul__(self, other):
        # A number times a number is their product; an integer times a
        # game is that many copies (Game's n * G).
        return self._arith(other, operator.mul, Game.__rmul__)

    def __rmul__(self, other):
        return self._arith(other, lambda a, b: b * a)

    def __truediv__(self, other):
        if _exact(other) == 0:
            raise ZeroDivisionError("division by zero")
        return self._arith(other, operator.truediv)

    def __rtruediv__(self, other):
        if self._q == 0 and _exact(other) is not None:
            raise ZeroDivisionError("division by zero")
        return self._arith(other, lambda a, b: b / a)

    def __floordiv__(self, other):
        return self._arith(other, operator.floordiv)

    def __rfloordiv__(self, other):
        return self._arith(other, lambda a, b: b // a)

    def __mod__(self, other):
        return self._arith(other, operator.mod)

    def __rmod__(self, other):
        return self._arith(other, lambda a, b: b % a)

    def __divmod__(self, other):
        return (self // other, self % other)

    def __rdivmod__(self, other):
        return (other // self, other % self)

    def __pow__(self, other):
        q = _exact(other)
        if q is None or q.denominator != 1:
            return NotImplemented
        return _rational(self._session, self._q ** int(q))

    def __rpow__(self, other):
        if self._q.denominator != 1 or _exact(other) is None:
            return NotImplemented
        return _rational(self._session, Fraction(_exact(other)) ** self._q.numerator)

    # The order: of rationals with rationals, of games with games.
    def _order(self, other, op, game_op):
        q = _exact(other)
        if q is not None:
            return op(self._q, q)
        if isinstance(other, Game):
            return game_op(self, other)
        return NotImplemented

    def __eq__(self, other):
        return self._order(other, operator.eq, Game.__eq__)

    def __ne__(self, other):
        return self._order(other, operator.ne, Game.__ne__)

    def __lt__(self, other):
        return self._order(other, operator.lt, Game.__lt__)

    def __le__(self, other):
        return self._order(other, operator.le, Game.__le__)

    def __gt__(self, other):
        return self._order(other, operator.gt, Game.__gt__)

    def __ge__(self, other):
        return self._order(other, operator.ge, Game.__ge__)


numbers.Rational.register(Number)


def _options(g, side):
    # A list, in the order the language gives them (CGSuite's for the sets
    # of a game's options, the rules' for a position's moves).
    return g._session._eval(f"[x for x in {side}(a)]", a=g)


def _snake(name):
    out = []
    for k, c in enumerate(name):
        if c.isupper() and k > 0:
            out.append("_")
        out.append(c.lower())
    return "".join(out)


def _property_like(name):
    """Functions of the game alone (``f(G)``, ``f(p)``), which are
    properties; CGSuite's names the language does not list are too (the
    language reads them as G.Name)."""
    entry = FUNCTIONS.get(name) or FUNCTIONS.get(_snake(name))
    if entry is None:
        return name[:1].isupper()
    first = entry[0].split(" or ")[0]
    return re.fullmatch(r"\w+\((G|p)\)", first) is not None


class Thermograph(Value):
    """A thermograph: printed as Thermograph(...) (it reads back in the
    language); pictured in notebooks (SVG)."""

    __slots__ = ("_game",)

    @classmethod
    def _of(cls, session, h):
        t = super()._of(session, h)
        t._game = None
        return t

    @property
    def mast(self):
        """The mast value, a Number."""
        if self._game is None:
            raise ValueError("the thermograph's game is not known")
        return self._game.mean

    @property
    def temperature(self):
        """The temperature where the walls meet the mast, a Number."""
        if self._game is None:
            raise ValueError("the thermograph's game is not known")
        return self._game.temperature

    def _repr_svg_(self):
        if self._game is None:
            return None
        return self._session._eval("plot_thermograph(g)", g=self._game)


class Picture:
    """An SVG picture; shown as the picture in notebooks."""

    def __init__(self, svg):
        self.svg = svg

    def _repr_svg_(self):
        return self.svg

    def save(self, path):
        """Write the SVG to a file."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg)

    def __repr__(self):
        return f"<cgt.Picture, {len(self.svg)} characters of SVG>"


def _latex_text(s):
    """Text with LaTeX's special characters escaped (for text mode), as the
    language escapes it."""
    return _cgt.latex_text(s)


def _plain(c):
    """A cell as text: tuples and lists of values without Python's quotes."""
    if isinstance(c, tuple):
        return "(" + ", ".join(_plain(x) for x in c) + ")"
    if isinstance(c, list):
        return "[" + ", ".join(_plain(x) for x in c) + "]"
    return str(c)


def _latex_math(c):
    """A cell as LaTeX mathematics: games as journals set them, names
    upright, infinity (the thresholds' "inf") as a symbol."""
    if isinstance(c, Value):
        return c._session._native.show(c._h, "latex")
    if isinstance(c, tuple):
        return "(" + ", ".join(_latex_math(x) for x in c) + ")"
    if isinstance(c, list):
        return "[" + ", ".join(_latex_math(x) for x in c) + "]"
    if isinstance(c, str):
        return "\\infty" if c == "inf" else "\\mathrm{" + _latex_text(c) + "}"
    if isinstance(c, Fraction) and c.denominator != 1:
        sign = "-" if c < 0 else ""
        return f"{sign}\\frac{{{abs(c.numerator)}}}{{{c.denominator}}}"
    return _latex_text(str(c))


class Table:
    """Rows of values: an HTML table in notebooks, aligned text otherwise,
    a LaTeX tabular with ``_repr_latex_``."""

    def __init__(self, rows):
        self.rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in rows]

    def _cells(self, cell):
        return [[cell(c) for c in r] for r in self.rows]

    def _repr_html_(self):
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>"
            for r in self._cells(_plain)
        )
        return f"<table>{body}</table>"

    def _repr_latex_(self):
        cols = max((len(r) for r in self.rows), default=0)

        def cell(c):
            # A tabular's cells are text: strings as text (specials
            # escaped), everything else as mathematics.
            if isinstance(c, str):
                return _latex_text(c)
            return "$" + _latex_math(c) + "$"

        lines = [" & ".join(r) + " \\\\" for r in self._cells(cell)]
        return "\\begin{tabular}{" + "l" * cols + "}\n" + "\n".join(lines) + "\n\\end{tabular}"

    def __repr__(self):
        cells = self._cells(_plain)
        cols = max((len(r) for r in cells), default=0)
        widths = [max((len(r[k]) for r in cells if k < len(r)), default=0) for k in range(cols)]
        return "\n".join(
            "  ".join(c.ljust(widths[k]) for k, c in enumerate(r)).rstrip() for r in cells
        )


def table(rows):
    """A table of rows (lists of values), shown as an HTML table in notebooks."""
    return Table(rows)


def nimber(n, session=None):
    """The nimber *n."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError("a nimber *n needs an integer n >= 0")
    return Game(f"*{n}" if n != 1 else "*", session=session)


zero = Game(0)
star = Game("*")
up = Game("^")
down = Game("v")


class Ruleset:
    """A ruleset given by Python functions, explored and valued by the same
    engine as ``ruleset(...)`` in the language. ``left(p)`` and ``right(p)``
    give the positions each player moves to (lists; one function for both
    sides is called once per position); the options, as the language's:
    ``components(p)`` splits a position into independent parts whose
    values add; ``key(p)`` maps positions of the same game to one key;
    ``signed_key(p)`` gives ``(key, negated)``, negated when the position's
    game is the negative of the key's; ``conjugate(p)`` the position with
    the players exchanged (its game is the negative).

    Positions are strings, ints, bools, or tuples of them (a list a
    function returns comes back as a tuple). Calling the ruleset on a
    position gives its canonical value; ``position(p)`` gives the position
    itself (a Game whose options are positions). Each position is explored
    once per ruleset, with explicit stacks (no recursion limit); a position
    that reaches itself is not a short game: CgtError names the cycle.
    """

    def __init__(self, left, right, components=None, key=None, signed_key=None,
                 conjugate=None, name="ruleset", session=None):
        self.session = _session_of(session)
        native = self.session._native
        handles = {"left": native.host_function("left", left)}
        # The same function for both players: one handle, called once.
        handles["right"] = handles["left"] if right is left else native.host_function("right", right)
        options = {"components": components, "key": key, "signed_key": signed_key,
                   "conjugate": conjugate}
        for option, f in options.items():
            if f is not None:
                handles[option] = native.host_function(option, f)
        given = [k for k in options if k in handles]
        args = ", ".join(["left", "right"] + [f"{k} = {k}" for k in given] + ["name = rulesetname"])
        bound = list(handles.items()) + [("rulesetname", str(name))]
        self._native = native.eval(f"ruleset({args})", bound, False)
        self._handle = Value._of(self.session, self._native)

    def __call__(self, position):
        return self.value(position)

    def _run(self, text, position):
        s = self.session
        bound = s._bound({"r": self._handle, "p": position})
        return _from_native(s, s._native.eval(text, bound, False, True))

    def position(self, position):
        """The position ``position`` of this ruleset (everything reachable
        from it explored)."""
        return self._run("r(p)", position)

    def value(self, position):
        """The canonical value of ``position``."""
        return self._run("value(r(p))", position)


def __getattr__(name):
    """Every function of the language (rulesets included) as a function of
    the module: ``cgt.domineering(4, 5)``, ``cgt.psn([1, 2], [1, 0])``."""
    if name in FUNCTIONS:
        entry = FUNCTIONS[name]

        signature = _signature_of(entry[0])

        def f(*args, session=None, **kwargs):
            try:
                bound = signature.bind(*args, session=session, **kwargs)
            except TypeError as e:
                raise TypeError(f"{name}{signature}: {e}") from None
            positional, named = [], {}
            for given, value in bound.arguments.items():
                kind = signature.parameters[given].kind
                if given == "session":
                    continue
                if kind == inspect.Parameter.VAR_POSITIONAL:
                    positional.extend(value)
                elif kind == inspect.Parameter.KEYWORD_ONLY:
                    named[given] = value
                else:
                    positional.append(value)
            return _call(_session_of(session), name, positional, named)

        f.__name__ = name
        f.__qualname__ = name
        f.__module__ = __name__
        f.__doc__ = f"{entry[0]}\n\n{entry[2]}\n\nExample (cgt language): {entry[3]}"
        f.__signature__ = signature
        return f
    raise AttributeError(f"module 'cgt' has no attribute {name!r}")


def _signature_of(text):
    """The Python signature of a function of the language from its written
    signature: ``cool(G, t)`` gives ``(G, t, /, *, session=None)``,
    ``check_keys(R, p [, n])`` makes ``n`` optional, ``key = f`` is a
    keyword, and an argument written as an example gets a name
    (``"file.svg"`` file, ``"TT..FF"`` position, ``[h1,...,hn]`` heaps);
    a function of several forms (``min(L) or min(a, b, ...)``) takes
    ``(*args, session=None)``."""
    session = inspect.Parameter("session", inspect.Parameter.KEYWORD_ONLY, default=None)
    fallback = inspect.Signature(
        [inspect.Parameter("args", inspect.Parameter.VAR_POSITIONAL), session]
    )
    m = re.fullmatch(r"\w+\((.*)\)", text.strip())
    if m is None or " or " in text:
        return fallback
    params, seen = [], set()
    for written, optional in _arguments_written(m.group(1)):
        if written == "...":
            params.append(inspect.Parameter("more", inspect.Parameter.VAR_POSITIONAL))
            continue
        keyword_arg = re.fullmatch(r"(\w+)\s*=.*", written)
        name = _parameter_name(keyword_arg.group(1) if keyword_arg else written, seen)
        seen.add(name)
        if keyword_arg:
            params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None))
        elif optional:
            params.append(inspect.Parameter(name, inspect.Parameter.POSITIONAL_ONLY, default=None))
        else:
            params.append(inspect.Parameter(name, inspect.Parameter.POSITIONAL_ONLY))
    try:
        return inspect.Signature(params + [session])
    except ValueError:
        return fallback


def _arguments_written(text):
    """The arguments of a written signature, each with whether it is
    optional: ``[, x]`` (a ``[`` before a comma) marks optional ones; other
    brackets, parentheses and quotes belong to an argument written as an
    example (``[h1,...,hn]``, ``(row, col)``, ``"TT..FF"``)."""
    out, cur, depth, optional, quoted = [], "", 0, 0, False

    def flush():
        if cur.strip():
            out.append((cur.strip(), optional > 0))

    k = 0
    while k < len(text):
        c = text[k]
        if quoted:
            quoted = c != '"'
            cur += c
        elif c == '"':
            quoted = True
            cur += c
        elif c == "[" and depth == 0 and text[k + 1:].lstrip().startswith(","):
            flush()
            cur, optional = "", optional + 1
            k = text.index(",", k)
        elif c == "]" and depth == 0 and optional > 0:
            flush()
            cur, optional = "", optional - 1
        elif c in "[(":
            depth += 1
            cur += c
        elif c in "])":
            depth = max(0, depth - 1)
            cur += c
        elif c == "," and depth == 0:
            flush()
            cur = ""
        else:
            cur += c
        k += 1
    flush()
    return out


def _parameter_name(written, seen):
    """A Python name for an argument written as ``written`` (an example
    value gets the name of what it is)."""
    if written.startswith('"'):
        name = "file" if ".svg" in written else "code" if written.startswith('"0.') else "position"
    elif written[:1] in "[(":
        first = re.findall(r"[A-Za-z_]+", written)
        name = {"h": "heaps", "w": "weights", "s": "values", "piles": "piles",
                "row": "squares"}.get(first[0] if first else "", "items")
        if written.startswith("(") or (first and first[0] in ("blue_b", "red_b")):
            name = "square" if first[:1] == ["row"] or not first else first[0].split("_")[0]
    elif "|" in written:
        name = "player"
    else:
        name = re.sub(r"\W", "_", written)
    if keyword.iskeyword(name) or name == "session" or not name.isidentifier():
        name += "_"
    base, k = name, 2
    while name in seen:
        name, k = f"{base}{k}", k + 1
    return name


def __dir__():
    return sorted(set(globals()) | set(FUNCTIONS))
