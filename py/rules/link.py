"""Encounters as links: one canonical compact code for a whole encounter, and a readable file.

A shared link carries the whole encounter in its hash, ``#v1.<code>``, with no server behind it
(issue 9). ``encounter_code`` writes the code: equal encounters give equal codes, so the page can
compare states by their codes. ``parse_encounter_code`` and ``parse_encounter_hash`` read it
back; ``encounter_json`` and ``parse_encounter_json`` do the same for the readable, versioned
JSON file a player exports, edits and imports.

A link or file is untrusted input. Reading one either returns a valid ``Encounter`` or raises
``LinkError``, the one error this module raises, whose message says what is wrong in words a
player understands ("This link is damaged: it ends early"). Unpacking is capped, so a
decompression bomb is refused after ``MAX_UNPACKED`` bytes, and every count, size and length has
a limit that the writer checks too: whatever ``encounter_code`` writes, the reader opens. The
readers work in proportion to their input and the board: each count is checked before the work
it causes, a cell or wall given twice is refused as soon as it comes, and text nesting deeper
than the format ever writes is refused before ``json`` reads it (``loads_shallow``). Names are
read as the token form reads them (``rules.creature.clean_name``).

The code is a JSON object of *sections* (``"g"`` the board, ``"c"`` the creatures, ``"r"`` the
ruleset, ``"o"`` the options, ``"t"`` and ``"w"`` the terrain, ``"s"`` the combat stats, ``"n"``
the round, ``"a"`` the spell areas kept on the board, ``"k"`` the conditions on creatures,
``"m"`` the map image's name, hash and alignment, never its pixels, ``"d"`` the weapons and
shields knocked onto the board),
compressed with zlib and written in base64url without padding.
Each creature is a list of its fields in the order of ``CREATURE_FIELDS``, with trailing
defaults left out. docs/rules.md, "Links", describes the format; to carry a new ``Creature``
field, append one ``FieldCode`` row to ``CREATURE_FIELDS`` (never reorder or remove one within
v1); to carry a new part of the encounter, add a section with a new key, whose absence means
its default, so older v1 links keep opening.
"""

import base64
import json
import re
import reprlib
import zlib
from abc import ABC, abstractmethod
from dataclasses import MISSING, dataclass, fields
from functools import cached_property, lru_cache
from itertools import repeat
from operator import floordiv, mod

from rules.creature import Creature, clean_name
from rules.encounter import Encounter
from rules.errors import RulesError
from rules.grid import HEX_ORIENTATIONS, Grid, HexGrid, SquareGrid
from rules.options import OPTION_INFO, Options, option_info, options_code, parse_options
from rules.placement import PlacementError
from rules.sizes import Size, facing_name, facing_names, parse_facing, parse_size, size_name
from rules.speed import ARMOURS, SpeedModifier
from rules.terrain import EDGE_KINDS, NO_TERRAIN, TERRAIN_KINDS, Terrain, cell_text, parse_terrain_kind
from rules.zones import RULESETS, UA_FACING, parse_ruleset


class LinkError(RulesError):
    """A link or file that cannot be opened, or an encounter a link or file cannot carry.

    The readers raise it, and nothing else, whatever their input; its message says what is
    wrong in words a player understands.
    """


VERSION = 1
"""The version of the link format and of the JSON file: ``#v1.`` and ``"flankwise": 1``."""

HASH_PREFIX = f"#v{VERSION}."
"""What every link's hash starts with."""

MAX_UNPACKED = 256 * 1024
"""The most bytes a code unpacks to; a bigger one is refused before it is read."""

MAX_CODE = 2 * MAX_UNPACKED
"""The most characters of a code: more than any code of ``MAX_UNPACKED`` bytes needs."""

MAX_FILE = 36 * 1024 * 1024
"""The most characters of a JSON file: a little more than the largest encounter within the
limits below takes, 36.6 million characters (tests/rules/test_hostile.py builds it: a 200x200
board of hexes with ground on every cell and a wall on every edge, 500 creatures with every
field at its longest, each text of control characters, which JSON writes six characters long,
their combat stats, and a round with the longest log). What the page exports, it imports."""

MAX_FILE_VALUES = 800_000
"""The most values a JSON file holds, counted (as commas and brackets) before it is parsed:
that largest encounter holds 715,197. A file of nothing but empty lists would otherwise make
``json`` build about 25 bytes of objects per character."""

MAX_SIDE = 200
"""The most cells along each side of a board."""

MAX_CREATURES = 500
"""The most creatures on a board."""

MAX_TEXT = 60
"""The most characters of a name, a side, a feature and any other text."""

MAX_ITEMS = 50
"""The most entries of a list field: features, speed modifiers."""

MAX_LEVEL = 999
"""The highest level, rogue level or hit dice."""

MAX_FEET = 1000
"""The largest speed, reach or speed modifier, in feet."""

MAX_BONUS = 999
"""The largest attack bonus, Armor Class or Strength bonus (and the most negative bonus)."""

MAX_ROUNDS = 9999
"""The highest round number."""

MAX_LOG_LINE = 400
"""The most characters of a line of the round's log."""

MAX_LOG_LINES = 500
"""The most lines of the round's log (the page keeps the latest)."""

MAX_HIT_POINTS = 9999
"""The most hit points a creature has, and the lowest it falls to."""

MAX_AREAS = 50
"""The most spell areas a link or file keeps on the board."""

MAX_DEPTH = 8
"""The deepest lists and objects nest in a code or a file, the outermost counted: the format
writes at most 6 (the sections or the file, the creatures, a creature, its speed modifiers, one
modifier, the armours it is lost in), and 2 spare levels leave room for later v1 fields.
Deeper text is refused before it is parsed (``loads_shallow``): the page's Python has a small
stack, and running out of it there is fatal, not an error to catch."""

GRID_KINDS = ("square", "flat", "pointy")
"""The board kinds of a code, numbered from 0: squares, flat-topped hexes, pointy-topped hexes."""

_CODE_CHARACTERS = re.compile(r"[A-Za-z0-9_-]*")
_HASH = re.compile(r"v([0-9]{1,6})\.(.*)", re.DOTALL)
_SURROGATE = re.compile("[\ud800-\udfff]")
_LONGEST_MESSAGE = 300
_LONGEST_OPTIONS = 2 * len(",".join(f"{info.name}={(info.bounds or (0, 0))[1]}" for info in OPTION_INFO))
"""The most characters of a code's options: twice what all of them spelled out take."""


class _Refusal(Exception):
    """Why a value cannot travel: ``what`` is a clause about it ("Goblin's level is not a whole
    number"). The entry points turn it into a ``LinkError``."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what


class _Damaged(_Refusal):
    """A value that is not what the format writes: the link or file was changed or cut."""

    def sentence(self, noun: str) -> str:
        """The message for a ``noun`` ("link", "file") holding this value."""
        return f"This {noun} is damaged: {self.what}"


class _Beyond(_Refusal):
    """A well-formed value beyond the limits: a board too big, a name too long."""

    def sentence(self, noun: str) -> str:
        """The message for a ``noun`` ("link", "file") holding this value."""
        return f"This {noun} cannot be opened: {self.what}"


class _Unreadable(_Damaged):
    """Text that is not JSON: brackets that do not close in order, or anything ``json`` refuses."""


def _clipped(message: str) -> str:
    """``message``, cut short if a hostile link stuffed a huge value into it."""
    if len(message) <= _LONGEST_MESSAGE:
        return message
    return message[: _LONGEST_MESSAGE - 3] + "..."


def _shown(value) -> str:
    """A short quotation of a value read from a link or file, for a message; a huge value is
    never quoted whole (``reprlib`` quotes the start of long text and lists)."""
    text = reprlib.repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# Parsing JSON without deep recursion. ``json`` recurses once per level of nesting; CPython
# turns running out of stack into a RecursionError, but the page's Python dies. So the text's
# skeleton is read first, with a few passes of compiled expressions over the whole text and
# none per character in Python: escaped quotes and backslashes go (so an escaped quote ends no
# string; other escapes hold no quote), then all but quotes, brackets and commas, then the
# strings with whatever was inside them. Each pass over the brackets left then removes their
# innermost level: the empty pairs, marked first so that removing one pair cannot bring
# another together within the same pass.
_ESCAPE = re.compile(r'\\[\\"]')
_NOT_STRUCTURE = re.compile(r'[^"\[\]{},]+')
_STRING = re.compile(r'"[^"]*"?')


def _skeleton(text: str) -> str:
    """The brackets and commas of the JSON ``text`` outside its strings, in order."""
    return _STRING.sub("", _NOT_STRUCTURE.sub("", _ESCAPE.sub("", text)))


def _values(skeleton: str) -> int:
    """About how many values (and keys) the JSON of ``skeleton`` holds, at most twice as many:
    a list or object, and one more value after each comma."""
    return skeleton.count(",") + skeleton.count("[") + skeleton.count("{")


def _nesting_within(skeleton: str, deepest: int) -> bool | None:
    """Whether the lists and objects of ``skeleton`` nest at most ``deepest`` deep and close in
    order: ``True``; ``False`` if they nest deeper; ``None`` if they do not close in order."""
    brackets = skeleton.replace(",", "")
    if brackets.count("[") != brackets.count("]") or brackets.count("{") != brackets.count("}"):
        return None
    for _ in range(deepest):
        if not brackets:
            return True
        brackets = brackets.replace("[]", "\0").replace("{}", "\0").replace("\0", "")
    if not brackets:
        return True
    return False if "[]" in brackets or "{}" in brackets else None


def _no_constant(name: str):
    """Refuse ``NaN`` and ``Infinity``, which ``json`` reads and JSON does not have."""
    raise ValueError(f"{name} is not JSON")


def _parsed(text: str, deepest: int, unreadable: str, most: int | None = None):
    """The JSON value of ``text``, refused as ``_Unreadable(unreadable)`` if it is not JSON, as
    ``_Damaged`` if it nests deeper than ``deepest`` and as ``_Beyond`` if it holds more than
    ``most`` values (``_values``), before ``json`` reads it."""
    skeleton = _skeleton(text)
    if most is not None and _values(skeleton) > most:
        raise _Beyond(f"it holds over {most:,} values, more than any encounter")
    within = _nesting_within(skeleton, deepest)
    if within is False:
        raise _Damaged(f"its contents nest more than {deepest} levels deep, deeper than an encounter")
    try:
        if within is None:
            raise ValueError("unbalanced brackets")
        return json.loads(text, parse_constant=_no_constant)
    except ValueError:
        raise _Unreadable(unreadable) from None


def loads_shallow(text: str, deepest: int, noun: str = "link") -> object:
    """The value of the JSON ``text``, read as ``json.loads`` reads it, but with no deep
    recursion: lists and objects nesting more than ``deepest`` levels (the outermost is 1) are
    refused before ``json`` sees them, and so are brackets that do not close in order (brackets
    inside strings do not count). ``NaN`` and ``Infinity``, which are not JSON, are refused too.

    For untrusted text (links, files, saves kept by the browser): pass the deepest the format
    ever writes (``MAX_DEPTH`` for encounters). Raises ``LinkError`` saying "This {noun} is
    damaged: ..." for any text that is not such JSON. The work is a few passes over the text,
    fast for a 256 kB code in the page.
    """
    if not isinstance(text, str):
        raise LinkError(f"This {noun} is not a Flankwise encounter")
    try:
        return _parsed(text, deepest, "its contents do not read as JSON")
    except _Refusal as refusal:
        raise LinkError(_clipped(refusal.sentence(noun))) from None


@dataclass(frozen=True)
class Where:
    """Where a value is written or read: the ``grid``, the fields of its record read so far
    (``known``: a facing needs its creature's size) and the ``subject`` a message names
    ("Goblin's level")."""

    grid: Grid
    known: dict
    subject: str

    def damaged(self, clause: str) -> _Refusal:
        """The refusal of a malformed value: "Goblin's level" + ``clause``."""
        return _Damaged(f"{self.subject} {clause}")

    def beyond(self, clause: str) -> _Refusal:
        """The refusal of a value beyond the limits: "Goblin's level" + ``clause``."""
        return _Beyond(f"{self.subject} {clause}")

    def within(self, known: dict, subject: str) -> "Where":
        """The place of a value inside this one: same board, its own record and subject."""
        return Where(self.grid, known, subject)


class Codec(ABC):
    """How one kind of field value travels.

    ``pack`` writes the value for the compact code and ``unpack`` reads it back; ``show`` and
    ``read`` do the same for the readable file, and are ``pack`` and ``unpack`` unless a codec
    says otherwise. Each checks the limits, so what is written can be read. Every method takes
    a ``Where`` and raises the refusal it builds.
    """

    @abstractmethod
    def pack(self, value, where: Where):
        """The value as the compact code writes it."""

    @abstractmethod
    def unpack(self, raw, where: Where):
        """The value the compact code's ``raw`` stands for."""

    def show(self, value, where: Where):
        """The value as the readable file writes it."""
        return self.pack(value, where)

    def read(self, raw, where: Where):
        """The value the readable file's ``raw`` stands for."""
        return self.unpack(raw, where)


@dataclass(frozen=True)
class Text(Codec):
    """Text of at most ``longest`` characters, written as it is."""

    longest: int = MAX_TEXT

    def pack(self, value, where: Where):
        """The text itself, if within the limit."""
        return self._checked(value, where)

    def unpack(self, raw, where: Where):
        """``raw`` if it is text within the limit."""
        if not isinstance(raw, str):
            raise where.damaged("is not text")
        return self._checked(raw, where)

    def _checked(self, text: str, where: Where) -> str:
        """``text`` if short enough and made of whole characters (a JSON escape can hold half a
        surrogate pair, which no page can show)."""
        if len(text) > self.longest:
            raise where.beyond(f"has {len(text)} characters; the longest is {self.longest}")
        if _SURROGATE.search(text):
            raise where.beyond("holds a broken character (half of a surrogate pair)")
        return text


@dataclass(frozen=True)
class Name(Text):
    """A creature's name: text read the way the token form reads a typed name
    (``clean_name``: no spaces at the ends or doubled, no invisible characters), so that a
    link cannot hold two names a player cannot tell apart. Written as it is: a ``Creature``'s
    name is clean already."""

    def unpack(self, raw, where: Where):
        """``raw`` if it is text within the limit, cleaned (kept as it is if nothing is left,
        so that the creature's own check says it needs a name)."""
        text = super().unpack(raw, where)
        return clean_name(text) or text


@dataclass(frozen=True)
class Whole(Codec):
    """A whole number from ``least`` to ``greatest``, written as it is."""

    least: int
    greatest: int

    def pack(self, value, where: Where):
        """The number itself, if within the bounds."""
        return self._checked(value, where)

    def unpack(self, raw, where: Where):
        """``raw`` if it is a whole number within the bounds."""
        if type(raw) is not int:
            raise where.damaged("is not a whole number")
        return self._checked(raw, where)

    def _checked(self, number: int, where: Where) -> int:
        """``number`` if within the bounds."""
        if not self.least <= number <= self.greatest:
            raise where.beyond(f"is {number}; it runs from {self.least} to {self.greatest}")
        return number


class Flag(Codec):
    """True or false: ``1`` or ``0`` in the code, ``true`` or ``false`` in the file."""

    def pack(self, value, where: Where):
        """``1`` for true, ``0`` for false."""
        return int(value)

    def unpack(self, raw, where: Where):
        """True for ``1``, false for ``0``."""
        if type(raw) is not int or raw not in (0, 1):
            raise where.damaged("is not 0 or 1")
        return bool(raw)

    def show(self, value, where: Where):
        """The flag itself, ``true`` or ``false``."""
        return value

    def read(self, raw, where: Where):
        """``raw`` if it is ``true`` or ``false``."""
        if type(raw) is not bool:
            raise where.damaged("is not true or false")
        return raw


@dataclass(frozen=True)
class Maybe(Codec):
    """``None`` (``null``) or a value of the ``inner`` codec."""

    inner: Codec

    def pack(self, value, where: Where):
        """``None`` or the inner codec's form."""
        return None if value is None else self.inner.pack(value, where)

    def unpack(self, raw, where: Where):
        """``None`` for ``null``, else what the inner codec reads."""
        return None if raw is None else self.inner.unpack(raw, where)

    def show(self, value, where: Where):
        """``None`` or the inner codec's readable form."""
        return None if value is None else self.inner.show(value, where)

    def read(self, raw, where: Where):
        """``None`` for ``null``, else what the inner codec reads from the file."""
        return None if raw is None else self.inner.read(raw, where)


@dataclass(frozen=True)
class Choice(Codec):
    """One of the members of the enumeration ``kind``: its number (in definition order) in the
    code, its value (``"full defense"``, ``"Cast Spell"``) in the file."""

    kind: type

    def pack(self, value, where: Where):
        """The member's number."""
        return list(self.kind).index(value)

    def unpack(self, raw, where: Where):
        """The member numbered ``raw``."""
        members = list(self.kind)
        if type(raw) is not int or not 0 <= raw < len(members):
            raise where.damaged(f"is not a number from 0 to {len(members) - 1}")
        return members[raw]

    def show(self, value, where: Where):
        """The member's value, as the seed names it."""
        return value.value

    def read(self, raw, where: Where):
        """The member whose value is ``raw``."""
        for member in self.kind:
            if member.value == raw:
                return member
        names = ", ".join(repr(member.value) for member in self.kind)
        raise where.damaged(f"is not one of {names}")


@dataclass(frozen=True)
class Pair(Codec):
    """A creature's name with a value of the ``value`` codec: ``[name, value]`` in both forms,
    read back as a ``(name, value)`` tuple, the name read as ``Name`` reads it."""

    value: Codec

    def pack(self, pair, where: Where):
        """``[name, value]``."""
        name, value = pair
        return [Text().pack(name, where), self.value.pack(value, where.within({}, f"{name}'s entry"))]

    def unpack(self, raw, where: Where):
        """``(name, value)`` from ``[name, value]``."""
        name, value = self._split(raw, where)
        return (name, self.value.unpack(value, where.within({}, f"{name}'s entry")))

    def show(self, pair, where: Where):
        """``[name, value]`` in the value's readable form."""
        name, value = pair
        return [Text().pack(name, where), self.value.show(value, where.within({}, f"{name}'s entry"))]

    def read(self, raw, where: Where):
        """``(name, value)`` from the file's ``[name, value]``."""
        name, value = self._split(raw, where)
        return (name, self.value.read(value, where.within({}, f"{name}'s entry")))

    def _split(self, raw, where: Where) -> tuple:
        """The name (checked) and the raw value of ``[name, value]``."""
        if not isinstance(raw, list) or len(raw) != 2:
            raise where.damaged("is not a name and a value")
        return Name().unpack(raw[0], where), raw[1]


class SizeCode(Codec):
    """A ``Size``: its number in the code (0 Fine to 8 Colossal), its name in the file."""

    def pack(self, value, where: Where):
        """The size's number."""
        return int(value)

    def unpack(self, raw, where: Where):
        """The size numbered ``raw``."""
        if type(raw) is not int or not 0 <= raw < len(Size):
            raise where.damaged(f"is not a size number from 0 to {len(Size) - 1}")
        return Size(raw)

    def show(self, value, where: Where):
        """The size's name, ``"Large"``."""
        return size_name(value)

    def read(self, raw, where: Where):
        """The size called ``raw``."""
        if not isinstance(raw, str) or len(raw) > MAX_TEXT:
            raise where.damaged('is not a size name such as "Medium"')
        return parse_size(raw)


class CellCode(Codec):
    """A cell of the board: in the code its number, row by row from the north-west corner
    (``row * width + column`` in the board's offset columns and rows); in the file its
    coordinates, ``{"x": 3, "y": 4}`` or ``{"q": 3, "r": 2}``."""

    def pack(self, value, where: Where):
        """The cell's number on the board."""
        grid = where.grid
        if not grid.contains(value):
            raise where.beyond("is off the board")
        column, row = grid.to_offset(value)
        return row * grid.width + column

    def unpack(self, raw, where: Where):
        """The cell numbered ``raw``."""
        grid = where.grid
        count = grid.width * grid.height
        if type(raw) is not int or not 0 <= raw < count:
            raise where.damaged(f"is not a cell number from 0 to {count - 1}")
        row, column = divmod(raw, grid.width)
        return grid.from_offset(column, row)

    def show(self, value, where: Where):
        """The cell's coordinates by name."""
        return dict(zip(_coordinate_names(where.grid), value.coords))

    def read(self, raw, where: Where):
        """The cell whose coordinates ``raw`` names."""
        names = _coordinate_names(where.grid)
        if (
            not isinstance(raw, dict)
            or set(raw) != set(names)
            or any(type(number) is not int for number in raw.values())
        ):
            raise where.damaged(f'is not a cell such as {{"{names[0]}": 3, "{names[1]}": 4}}')
        return where.grid.cell_type(**raw)


def _coordinate_names(grid: Grid) -> tuple[str, str]:
    """The names of a cell's coordinates on ``grid``: ``("x", "y")`` or ``("q", "r")``."""
    return tuple(field.name for field in fields(grid.cell_type))


class FacingCode(Codec):
    """A creature's facing: ``null`` or its direction number in the code, ``null`` or its
    name (``"NE"``) in the file. The numbers and names are ``rules.sizes.facing_names`` of the
    creature's size, so its row comes after the size's."""

    def pack(self, value, where: Where):
        """``None`` or the direction number."""
        return None if value is None else self._checked(value, where)

    def unpack(self, raw, where: Where):
        """``None`` for ``null``, else the direction numbered ``raw``."""
        if raw is None:
            return None
        if type(raw) is not int:
            raise where.damaged("is not a direction number or null")
        return self._checked(raw, where)

    def _checked(self, index: int, where: Where) -> int:
        """``index`` if it numbers one of the creature's directions."""
        count = len(facing_names(where.known["size"], where.grid))
        if not 0 <= index < count:
            raise where.damaged(f"is not a direction number from 0 to {count - 1}")
        return index

    def show(self, value, where: Where):
        """``None`` or the direction's name."""
        if value is None:
            return None
        return facing_name(self._checked(value, where), where.known["size"], where.grid)

    def read(self, raw, where: Where):
        """``None`` for ``null``, else the direction called ``raw``."""
        if raw is None:
            return None
        if not isinstance(raw, str) or len(raw) > MAX_TEXT:
            raise where.damaged('is not a direction name such as "N", or null')
        return parse_facing(raw, where.known["size"], where.grid)


@dataclass(frozen=True)
class Many(Codec):
    """A tuple of up to ``most`` values of the ``item`` codec, written as a list; if
    ``unordered``, a frozenset, written sorted so that equal sets are written alike."""

    item: Codec
    most: int = MAX_ITEMS
    unordered: bool = False

    def pack(self, value, where: Where):
        """Each value in the item codec's form."""
        return [self.item.pack(each, place) for each, place in self._places(value, where)]

    def unpack(self, raw, where: Where):
        """The values the list ``raw`` holds."""
        return self._made(self.item.unpack(each, place) for each, place in self._places(raw, where))

    def show(self, value, where: Where):
        """Each value in the item codec's readable form."""
        return [self.item.show(each, place) for each, place in self._places(value, where)]

    def read(self, raw, where: Where):
        """The values the file's list ``raw`` holds."""
        return self._made(self.item.read(each, place) for each, place in self._places(raw, where))

    def _places(self, values, where: Where):
        """``(value, Where)`` for each of ``values`` (sorted if unordered), within the limit."""
        if isinstance(values, (frozenset, set)):
            values = sorted(values)
        if not isinstance(values, (list, tuple)):
            raise where.damaged("is not a list")
        if len(values) > self.most:
            raise where.beyond(f"hold {len(values)} entries; the most is {self.most}")
        return [
            (each, where.within({}, f"{where.subject} number {number}"))
            for number, each in enumerate(values, start=1)
        ]

    def _made(self, values) -> tuple | frozenset:
        """The values as the field holds them."""
        return frozenset(values) if self.unordered else tuple(values)


@dataclass(frozen=True)
class FieldCode:
    """One row of a record's field table: the dataclass field ``name`` and its ``codec``."""

    name: str
    codec: Codec

    @property
    def label(self) -> str:
        """The field as a message names it: ``"rogue level"``."""
        return self.name.replace("_", " ")


@dataclass(frozen=True)
class Record(Codec):
    """A frozen dataclass value, ``kind``, field by field through ``rows``.

    In the code it is a list of its fields in the order of ``rows``, trailing fields at their
    default left out; in the file an object of its fields by name, those at their default left
    out. A field without a default is always there. A record with a ``name`` field is named by
    it in messages.
    """

    kind: type
    rows: tuple

    @cached_property
    def _defaults(self) -> dict:
        """Each field's default, ``MISSING`` for a field that has none."""
        return {field.name: field.default for field in fields(self.kind)}

    def pack(self, value, where: Where):
        """The fields as a list, trailing defaults left out."""
        known = {row.name: getattr(value, row.name) for row in self.rows}
        who = known.get("name", where.subject)
        packed, kept = [], 0
        for number, row in enumerate(self.rows, start=1):
            item = known[row.name]
            packed.append(row.codec.pack(item, where.within(known, f"{who}'s {row.label}")))
            if item != self._defaults[row.name]:
                kept = number
        return packed[:kept]

    def unpack(self, raw, where: Where):
        """The value whose fields the list ``raw`` holds."""
        if not isinstance(raw, list):
            raise where.damaged("is not a list of fields")
        if len(raw) > len(self.rows):
            raise where.damaged(
                f"has {len(raw)} fields and this page knows {len(self.rows)}: "
                "it may come from a newer Flankwise"
            )
        given = {row.name: item for row, item in zip(self.rows, raw)}
        return self._made(given, where, lambda codec: codec.unpack)

    def show(self, value, where: Where):
        """The fields by name, in the readable form, those at their default left out."""
        known = {row.name: getattr(value, row.name) for row in self.rows}
        who = known.get("name", where.subject)
        return {
            row.name: row.codec.show(known[row.name], where.within(known, f"{who}'s {row.label}"))
            for row in self.rows
            if known[row.name] != self._defaults[row.name]
        }

    def read(self, raw, where: Where):
        """The value whose fields the file's object ``raw`` names."""
        if not isinstance(raw, dict):
            raise where.damaged("is not an object of fields")
        unknown = set(raw) - {row.name for row in self.rows}
        if unknown:
            raise where.damaged(
                f"has a field this page does not know ({_shown(min(unknown))}): "
                "it may come from a newer Flankwise"
            )
        return self._made(raw, where, lambda codec: codec.read)

    def _made(self, given: dict, where: Where, reader) -> object:
        """The value from the raw fields ``given`` by name, each read by ``reader(codec)``."""
        known = {}
        for row in self.rows:
            who = known.get("name", where.subject)
            if row.name in given:
                place = where.within(known, f"{who}'s {row.label}")
                known[row.name] = reader(row.codec)(given[row.name], place)
            elif self._defaults[row.name] is MISSING:
                raise _Damaged(f"{who} lacks its {row.label}")
        return self.kind(**known)


SPEED_MODIFIER_FIELDS = (
    FieldCode("name", Text()),
    FieldCode("feet", Whole(-MAX_FEET, MAX_FEET)),
    FieldCode("kind", Text()),
    FieldCode("lost_in", Many(Text(), most=len(ARMOURS))),
)
"""The field table of a ``rules.speed.SpeedModifier``, in the order the code writes them."""

CREATURE_FIELDS = (
    FieldCode("name", Name()),
    FieldCode("size", SizeCode()),
    FieldCode("anchor", CellCode()),
    FieldCode("facing", FacingCode()),
    FieldCode("side", Text()),
    FieldCode("level", Whole(1, MAX_LEVEL)),
    FieldCode("features", Many(Text(), unordered=True)),
    FieldCode("race", Maybe(Text())),
    FieldCode("armour", Text()),
    FieldCode("rogue_level", Whole(0, MAX_LEVEL)),
    FieldCode("shield_side", Maybe(Text())),
    FieldCode("flat_footed", Flag()),
    FieldCode("faceless", Flag()),
    FieldCode("lead", Whole(1, 2)),
    FieldCode("speed", Maybe(Whole(0, MAX_FEET))),
    FieldCode("speed_modifiers", Many(Record(SpeedModifier, SPEED_MODIFIER_FIELDS))),
    FieldCode("long", Flag()),
    FieldCode("reach", Maybe(Whole(0, MAX_FEET))),
    FieldCode("reach_weapon", Flag()),
    FieldCode("flying", Flag()),
    FieldCode("incorporeal", Flag()),
    FieldCode("helpless", Flag()),
    FieldCode("fills_space", Flag()),
    FieldCode("squeezed_to", Maybe(Many(Whole(1, MAX_SIDE), most=2))),
    FieldCode("faceless_as", Maybe(Text())),
)
"""The field table of a ``Creature``, in the order the code writes them: the v1 wire order.

Every ``Creature`` field has exactly one row (a test compares the table with the dataclass).
A new field gets a new row at the end; reordering or removing a row would change what old
links mean, so it waits for a v2.
"""

CREATURE = Record(Creature, CREATURE_FIELDS)
"""How a creature travels: its fields through ``CREATURE_FIELDS``."""


@lru_cache(maxsize=1)
def stats_fields() -> tuple:
    """The field table of a ``rules.combatant.CombatStats``, in the order the code writes them
    (the v1 wire order: new fields go at the end). Built on first use, so a page whose
    encounter has no combat stats never loads the combat rules."""
    from rules.stances import Shield, Stance
    from rules.strike_speed import Action

    bonus = Whole(-MAX_BONUS, MAX_BONUS)
    return (
        FieldCode("attack_bonus", bonus),
        FieldCode("armor_class", Whole(0, MAX_BONUS)),
        FieldCode("shield", Choice(Shield)),
        FieldCode("shield_bonus", Whole(0, MAX_BONUS)),
        FieldCode("shield_bash", Text()),
        FieldCode("damage", Text()),
        FieldCode("strength_bonus", bonus),
        FieldCode("stance", Choice(Stance)),
        FieldCode("is_fighter", Flag()),
        FieldCode("is_fighting_class", Flag()),
        FieldCode("crits_as_fighter", Flag()),
        FieldCode("may_maneuver", Flag()),
        FieldCode("is_monster", Flag()),
        FieldCode("classed_as_fighter", Flag()),
        FieldCode("has_body_points", Maybe(Flag())),
        FieldCode("action", Choice(Action)),
        FieldCode("spell", Text()),
        FieldCode("spell_target", Text()),
        FieldCode("max_hit_points", Whole(0, MAX_HIT_POINTS)),
        FieldCode("hit_points", Whole(-MAX_HIT_POINTS, MAX_HIT_POINTS)),
        FieldCode("crossbow", Flag()),
        FieldCode("initiative_modifier", bonus),
    )


@lru_cache(maxsize=1)
def stats_record() -> Record:
    """How one creature's combat stats travel: their fields through ``stats_fields()``."""
    from rules.combatant import CombatStats

    return Record(CombatStats, stats_fields())


@lru_cache(maxsize=1)
def round_fields() -> tuple:
    """The field table of a ``rules.round.RoundState``, in the order the code writes them
    (the v1 wire order: new fields go at the end), built on first use like ``stats_fields``. A
    facing allowance (``rules.facing.TurnState``) travels as its four switches, an initiative
    (``rules.round.Initiative``) as its result and roll-off."""
    from rules.facing import TurnState
    from rules.round import MAX_INITIATIVE, Initiative
    from rules.strike_speed import Action

    allowance = Record(
        TurnState,
        tuple(FieldCode(name, Flag()) for name in ("moved", "declaring", "free_turn_used", "move_action_used")),
    )
    initiative = Record(
        Initiative,
        (FieldCode("result", Whole(-MAX_INITIATIVE, MAX_INITIATIVE)), FieldCode("roll_off", Whole(0, 20))),
    )
    return (
        FieldCode("initiative_winner", Maybe(Text())),
        FieldCode("number", Whole(1, MAX_ROUNDS)),
        FieldCode("turn", Whole(0, MAX_CREATURES)),
        FieldCode("actions", Many(Pair(Choice(Action)), most=MAX_CREATURES)),
        FieldCode("turn_states", Many(Pair(allowance), most=MAX_CREATURES)),
        FieldCode("log", Many(Text(MAX_LOG_LINE), most=MAX_LOG_LINES)),
        FieldCode("initiatives", Many(Pair(initiative), most=MAX_CREATURES)),
    )


@lru_cache(maxsize=1)
def round_record() -> Record:
    """How the round under way travels: its fields through ``round_fields()``."""
    from rules.round import RoundState

    return Record(RoundState, round_fields())


def _stats_place(grid: Grid, name) -> Where:
    """The place of one creature's combat stats, named by the creature ("Kroh's stance")."""
    return Where(grid, {}, name if isinstance(name, str) else "a creature")


def _round_place(grid: Grid) -> Where:
    """The place of the round under way."""
    return Where(grid, {}, "the round")


def _pack_stats(encounter: Encounter, show: bool) -> list:
    """The ``"s"`` section (or the file's ``"stats"``): ``[name, field, ...]`` per creature
    described, the fields as ``stats_record()`` writes them."""
    record = stats_record()
    packed = []
    for name, stats in encounter.stats:
        place = _stats_place(encounter.grid, name)
        if show:
            packed.append({"name": Text().pack(name, place), **record.show(stats, place)})
        else:
            packed.append([Text().pack(name, place)] + record.pack(stats, place))
    return packed


def _read_stats(raw, grid: Grid, show: bool) -> tuple:
    """The ``(name, CombatStats)`` pairs of an ``"s"`` section (or the file's ``"stats"``), a
    name given twice refused as soon as it comes."""
    if not isinstance(raw, list):
        raise _Damaged("its combat stats are not a list")
    _check_count(len(raw))
    record, pairs, seen = stats_record(), [], set()
    for entry in raw:
        if show:
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                raise _Damaged("an entry of its combat stats has no name")
            name, fields_given = entry["name"], {key: value for key, value in entry.items() if key != "name"}
        else:
            if not isinstance(entry, list) or not entry or not isinstance(entry[0], str):
                raise _Damaged("an entry of its combat stats has no name")
            name, fields_given = entry[0], entry[1:]
        place = _stats_place(grid, name)
        name = Name().unpack(name, place)
        if name.casefold() in seen:
            raise _Damaged(f"{name} has combat stats twice: give it one set")
        seen.add(name.casefold())
        pairs.append((name, record.read(fields_given, place) if show else record.unpack(fields_given, place)))
    return tuple(pairs)


def _check_board(width: int, height: int, kind: str) -> None:
    """Refuse a board beyond ``MAX_SIDE`` cells either way."""
    if width > MAX_SIDE or height > MAX_SIDE:
        cells = "squares" if kind == "square" else "hexes"
        raise _Beyond(
            f"the board is {width}x{height} {cells}; the largest is {MAX_SIDE}x{MAX_SIDE}"
        )


def _check_count(count: int) -> None:
    """Refuse more than ``MAX_CREATURES`` creatures."""
    if count > MAX_CREATURES:
        raise _Beyond(f"it has {count} creatures; the most is {MAX_CREATURES}")


def _check_ruleset(ruleset) -> str:
    """The name of ``ruleset``, if it is one of ``RULESETS`` (a link carries only those)."""
    if RULESETS.get(ruleset.name) != ruleset:
        raise _Beyond(
            f"its facing ruleset ({ruleset.label}) is not one of {', '.join(RULESETS)}"
        )
    return ruleset.name


def _where(grid: Grid, number: int) -> Where:
    """The place of creature ``number`` (from 1) on ``grid``, before its name is known."""
    return Where(grid, {}, f"creature {number}")


def _creatures(raw, grid: Grid, reader) -> tuple:
    """The creatures on ``grid`` from the list ``raw``, each read by ``reader``; a name given
    twice is refused as soon as it comes."""
    if not isinstance(raw, list):
        raise _Damaged("its creatures are not a list")
    _check_count(len(raw))
    creatures, seen = [], set()
    for number, each in enumerate(raw, start=1):
        creature = reader(each, _where(grid, number))
        if creature.name.casefold() in seen:
            raise _Damaged(f"Two creatures are named {creature.name}: give each its own name")
        seen.add(creature.name.casefold())
        creatures.append(creature)
    return tuple(creatures)


def _ruleset(raw):
    """The ruleset called ``raw``."""
    if not isinstance(raw, str) or len(raw) > MAX_TEXT:
        raise _Damaged("its facing ruleset is not a name")
    return parse_ruleset(raw)


def _writing(noun: str, write, encounter: Encounter):
    """``write(encounter)``, its refusals raised as the ``LinkError`` of a ``noun`` ("link")."""
    try:
        return write(encounter)
    except _Refusal as refusal:
        message = f"This encounter cannot be put in a {noun}: {refusal.what}"
    raise LinkError(_clipped(message))


def _opening(noun: str, read, source) -> Encounter:
    """``read(source)``, every refusal and rules error raised as the ``LinkError`` of a
    ``noun`` ("link", "file")."""
    try:
        return read(source)
    except _Refusal as refusal:
        message = refusal.sentence(noun)
    except PlacementError as error:
        message = f"This {noun} cannot be opened: {str(error).rstrip('.')}"
    except RulesError as error:
        message = f"This {noun} is damaged: {str(error).rstrip('.')}"
    raise LinkError(_clipped(message))


# The compact code.


def _code_sections(encounter: Encounter) -> dict:
    """The encounter as the code's sections, those at their default left out."""
    grid = encounter.grid
    _check_board(grid.width, grid.height, grid.kind)
    kind = 0 if grid.kind == "square" else GRID_KINDS.index(grid.orientation)
    sections = {"g": [kind, grid.width, grid.height]}
    _check_count(len(encounter.creatures))
    if encounter.creatures:
        sections["c"] = [
            CREATURE.pack(creature, _where(grid, number))
            for number, creature in enumerate(encounter.creatures, start=1)
        ]
    ruleset = _check_ruleset(encounter.ruleset)
    if ruleset != UA_FACING.name:
        sections["r"] = ruleset
    options = options_code(encounter.options)
    if options:
        sections["o"] = options
    if encounter.terrain.cells:
        sections["t"] = _pack_ground(encounter.terrain, grid)
    if encounter.terrain.edges:
        sections["w"] = _pack_walls(encounter.terrain, grid)
    if encounter.stats:
        sections["s"] = _pack_stats(encounter, show=False)
    if encounter.round is not None:
        sections["n"] = round_record().pack(encounter.round, _round_place(grid))
    if encounter.areas:
        sections["a"] = _pack_areas(encounter.areas)
    if encounter.conditions:
        sections["k"] = _pack_conditions(encounter.conditions)
    if encounter.backdrop is not None:
        sections["m"] = _pack_backdrop(encounter.backdrop)
    if encounter.dropped:
        sections["d"] = _pack_dropped(encounter.dropped, grid)
    return sections


# Dropped items (``rules.dropped``): ``[cell, owner, what]`` each, the cell by its reading-order
# number, ``what`` an index of ``rules.dropped.WHATS``.
def _pack_dropped(dropped, grid: Grid) -> list:
    """The ``"d"`` section (or the file's ``"dropped"``) of the items lying on the board."""
    from rules.dropped import WHATS

    return [[_index(grid, item.cell), item.owner, WHATS.index(item.what)] for item in dropped]


def _read_dropped(raw, grid: Grid) -> tuple:
    """The dropped items of a ``"d"`` section or a file's ``"dropped"``."""
    from rules.dropped import MAX_DROPPED, WHATS, DroppedError, DroppedItem

    if not isinstance(raw, list) or len(raw) > MAX_DROPPED:
        raise _Damaged(f"its dropped items are not a list of at most {MAX_DROPPED}")
    found = []
    for number, row in enumerate(raw, start=1):
        if (not isinstance(row, list) or len(row) != 3 or type(row[0]) is not int or not isinstance(row[1], str)
                or type(row[2]) is not int or not 0 <= row[2] < len(WHATS)):
            raise _Damaged(f"dropped item {number} is not a cell, an owner and a kind")
        try:
            found.append(DroppedItem(_cell(grid, row[0], f"dropped item {number}"), clean_name(row[1]) or "?",
                                     WHATS[row[2]]))
        except DroppedError as error:
            raise _Damaged(f"dropped item {number}: {str(error).rstrip('.')}") from None
    return tuple(found)


# The map image: ``[sha256, file name, bytes, width, height, pixels per cell, x, y, opacity]``,
# the three alignment numbers in thousandths (``rules.backdrop``): never the image itself.
_BACKDROP_FIELDS = ("sha256", "name", "bytes", "width", "height", "pixels_per_cell", "x", "y", "opacity")


def _pack_backdrop(backdrop) -> list:
    """The ``"m"`` section of a map image."""
    return [backdrop.sha256, backdrop.name, backdrop.size, backdrop.width, backdrop.height,
            round(backdrop.cell * 1000), round(backdrop.x * 1000), round(backdrop.y * 1000), backdrop.opacity]


def _show_backdrop(backdrop) -> dict:
    """The file's ``"map"`` object of a map image."""
    return {"sha256": backdrop.sha256, "name": backdrop.name, "bytes": backdrop.size, "width": backdrop.width,
            "height": backdrop.height, "pixels_per_cell": backdrop.cell, "x": backdrop.x, "y": backdrop.y,
            "opacity": backdrop.opacity}


def _read_backdrop(raw, thousandths: bool):
    """The map image (``rules.backdrop.Backdrop``) of an ``"m"`` section, or of a file's
    ``"map"`` object (``thousandths`` false: its numbers as they are)."""
    from rules.backdrop import Backdrop, BackdropError

    if thousandths:
        if not isinstance(raw, list) or len(raw) != len(_BACKDROP_FIELDS):
            raise _Damaged(f"its map image is not a list of {len(_BACKDROP_FIELDS)} values")
        values = dict(zip(_BACKDROP_FIELDS, raw))
        for name in ("pixels_per_cell", "x", "y"):
            if type(values[name]) is not int:
                raise _Damaged(f"its map image's {name.replace('_', ' ')} is not a whole number")
            values[name] /= 1000
    else:
        if not isinstance(raw, dict):
            raise _Damaged("its map is not an object")
        unknown = set(raw) - set(_BACKDROP_FIELDS)
        if unknown:
            raise _Damaged(f"its map has a field this page does not know ({_shown(min(unknown))})")
        values = {"pixels_per_cell": 100, "x": 0, "y": 0, "opacity": 100, **raw}
        missing = [name for name in _BACKDROP_FIELDS if name not in values]
        if missing:
            raise _Damaged(f"its map has no {missing[0]}")
    if not isinstance(values["name"], str) or len(values["name"]) > MAX_TEXT * 4:
        raise _Damaged("its map image's file name is not text of at most 240 characters")
    try:
        return Backdrop(values["sha256"], values["name"], values["bytes"], values["width"], values["height"],
                        values["pixels_per_cell"], values["x"], values["y"], values["opacity"])
    except BackdropError as error:
        raise _Damaged(str(error)[:1].lower() + str(error)[1:].rstrip(".")) from None


# Conditions on creatures: ``[condition, creature, lasting, counted by, rounds, source, seen]``
# per applied condition: the condition's name, the creature's, how its time runs out (an index
# of ``rules.conditions.Lasting``), the creature whose turns count it ("" for none), its rounds
# (0 for none), the words of what put it there, and the boundaries already passed; then its
# amount (Feint's penalty) when it has one, an eighth part older links lack.
MAX_CONDITIONS = 500
"""The most conditions a link or file carries."""


def _pack_conditions(conditions) -> list:
    """The ``"k"`` section (or the file's ``"conditions"``) of ``conditions``."""
    from rules.conditions import Lasting

    if len(conditions) > MAX_CONDITIONS:
        raise _Beyond(f"it has {len(conditions)} conditions; the most is {MAX_CONDITIONS}")
    lastings = list(Lasting)
    return [
        [each.condition, each.creature, lastings.index(each.duration.lasting), each.duration.creature or "",
         each.duration.rounds or 0, each.source[:MAX_LOG_LINE], each.seen] + ([each.amount] if each.amount else [])
        for each in conditions
    ]


def _read_conditions(raw) -> tuple:
    """The applied conditions of a ``"k"`` section or a file's ``"conditions"``."""
    from rules.conditions import AppliedCondition, ConditionError, Duration, Lasting

    if not isinstance(raw, list):
        raise _Damaged("its conditions are not a list")
    if len(raw) > MAX_CONDITIONS:
        raise _Beyond(f"it has {len(raw)} conditions; the most is {MAX_CONDITIONS}")
    lastings = list(Lasting)
    found = []
    for number, row in enumerate(raw, start=1):
        shape = (str, str, int, str, int, str, int, int)
        if (not isinstance(row, list) or len(row) not in (7, 8)
                or any(type(value) is not kind for value, kind in zip(row, shape))):
            raise _Damaged(f"condition {number} is not a condition's seven parts (and its amount)")
        name, creature, lasting, counted, rounds, source, seen, *amount = row
        if len(name) > MAX_TEXT or len(creature) > MAX_TEXT or len(counted) > MAX_TEXT or len(source) > MAX_LOG_LINE:
            raise _Damaged(f"condition {number} has a text too long")
        if not 0 <= lasting < len(lastings) or not 0 <= rounds <= MAX_ROUNDS or not 0 <= seen <= MAX_ROUNDS * 3:
            raise _Damaged(f"condition {number} has a duration this page does not know")
        try:
            duration = Duration(lastings[lasting], counted or None, rounds or None)
            found.append(AppliedCondition(name, creature, duration, source, seen, *amount))
        except ConditionError as error:
            raise _Damaged(f"condition {number}: {str(error).rstrip('.')}") from None
    return tuple(found)


# Spell areas: ``[shape, a, b, size]`` with the origin's coordinates (a square's x and y, the
# intersection at its north-west corner; a hex's q and r), then a cone's or line's direction
# (an index of the board's directions, or of a hex's corners for a cone on hexes) and, for a
# line along a grid line that covers its left side, 1.
_AREA_SHAPES = ("burst", "cone", "line")
_SIDES = ("right", "left")


def _pack_areas(areas) -> list:
    """The ``"a"`` section (or the file's ``"areas"``) of ``areas``."""
    if len(areas) > MAX_AREAS:
        raise _Beyond(f"it has {len(areas)} spell areas on the board; the most is {MAX_AREAS}")
    packed = []
    for area in areas:
        row = [_AREA_SHAPES.index(area.shape), *area.origin.coords, area.size]
        if area.direction is not None:
            row.append(area.direction)
            if area.side != "right":
                row.append(_SIDES.index(area.side))
        packed.append(row)
    return packed


def _read_areas(raw, grid: Grid) -> tuple:
    """The spell areas (``rules.areas.Template``) of an ``"a"`` section or a file's ``"areas"``."""
    from rules.areas import Template

    if not isinstance(raw, list):
        raise _Damaged("its spell areas are not a list")
    if len(raw) > MAX_AREAS:
        raise _Beyond(f"it has {len(raw)} spell areas on the board; the most is {MAX_AREAS}")
    found = []
    for number, row in enumerate(raw, start=1):
        if not isinstance(row, list) or not 4 <= len(row) <= 6 or any(type(value) is not int for value in row):
            raise _Damaged(f"spell area {number} is not a list of 4 to 6 whole numbers")
        shape, a, b, size, *rest = row
        if not 0 <= shape < len(_AREA_SHAPES):
            raise _Damaged(f"spell area {number} is of a shape this page does not know")
        if not 0 < size <= MAX_FEET:
            raise _Beyond(f"spell area {number} is {size} ft across; the most is {MAX_FEET}")
        if abs(a) > 2 * MAX_SIDE or abs(b) > 2 * MAX_SIDE:
            raise _Damaged(f"spell area {number} starts off the board")
        direction = rest[0] if rest else None
        side = rest[1] if len(rest) > 1 else 0
        if side not in (0, 1):
            raise _Damaged(f"spell area {number}'s side is not 0 (right) or 1 (left)")
        origin = grid.cell_type(a, b)
        found.append(Template(_AREA_SHAPES[shape], origin, size, direction, _SIDES[side]))
    return tuple(found)


# Terrain: ground as runs of cells (in reading order) per combination of kinds, walls as
# (cell, side, kind) triples. Numbers are cell indices ``row * width + column``.
_WALL_KINDS = tuple(EDGE_KINDS)


def _index(grid: Grid, cell) -> int:
    """The reading-order number of ``cell`` on ``grid``."""
    col, row = grid.to_offset(cell)
    return row * grid.width + col


def _cell(grid: Grid, number, what: str):
    """The cell numbered ``number`` on ``grid``; refused if it is not a cell of the board."""
    if type(number) is not int or not 0 <= number < grid.width * grid.height:
        raise _Damaged(f"{what} names no cell of the board")
    return grid.from_offset(number % grid.width, number // grid.width)


def _pack_ground(terrain: Terrain, grid: Grid) -> list:
    """``[[kinds, gap, length, gap, length, ...], ...]``: each combination of kinds ("a+b") with
    its runs of cells, each run after a gap of cells from the end of the one before."""
    numbers = {}
    for cell, kinds in terrain.cells:
        numbers.setdefault("+".join(kinds), []).append(_index(grid, cell))
    packed = []
    for kinds in sorted(numbers):
        runs, end = [kinds], 0
        for number in sorted(numbers[kinds]):
            if len(runs) > 1 and number == end:
                runs[-1] += 1
            else:
                runs += [number - end, 1]
            end = number + 1
        packed.append(runs)
    return packed


_GROUNDS = 2 ** len(TERRAIN_KINDS) - 1
"""How many combinations of kinds of terrain there are: the most lists of ground a ``"t"``
section holds."""

_CLAIMED = re.compile(rb"[^\x00]")


def _read_ground(raw, grid: Grid) -> tuple:
    """The ``(cell, kinds)`` pairs of a ``"t"`` section (see ``_pack_ground``), sorted as
    ``Terrain`` keeps them (``Grid.marked_cells``).

    The work is in proportion to the section and the board whatever the section holds: at most
    ``_GROUNDS`` lists, each one's kinds read before its runs, and a cell claimed twice refused
    as soon as its run comes (``claimed`` holds the number of each cell's list), so that runs
    which each cover the whole board again cost one pass over it, not one each.
    """
    if not isinstance(raw, list):
        raise _Damaged("its terrain is not a list")
    if len(raw) > _GROUNDS:
        raise _Damaged(f"its terrain has {len(raw)} lists of ground; there are {_GROUNDS} combinations of kinds")
    count = grid.width * grid.height
    claimed = bytearray(count)
    grounds = [None]
    for entry in raw:
        if not isinstance(entry, list) or len(entry) < 3 or len(entry) % 2 == 0 or not isinstance(entry[0], str):
            raise _Damaged("its terrain is not kinds with runs of cells")
        if len(entry) > 2 * count + 1:
            raise _Damaged("its terrain has more runs of cells than the board has cells")
        grounds.append(_ground_kinds(entry[0]))
        mark, end = len(grounds) - 1, 0
        for gap, length in zip(entry[1::2], entry[2::2]):
            if type(gap) is not int or type(length) is not int or gap < 0 or length < 1:
                raise _Damaged("its terrain has a run of cells that cannot be")
            start, end = end + gap, end + gap + length
            if end > count:
                raise _Damaged("its terrain runs past the end of the board")
            twice = _CLAIMED.search(claimed, start, end)
            if twice:
                cell = grid.from_offset(twice.start() % grid.width, twice.start() // grid.width)
                raise _Damaged(f"its terrain lists {cell_text(cell)} twice")
            claimed[start:end] = bytes((mark,)) * length
    return tuple(grid.marked_cells(claimed, grounds))


def _ground_kinds(text: str) -> tuple:
    """The kinds of a list of ground, ``"difficult+obstacle"``, sorted as ``Terrain`` keeps
    them; a name of no kind raises ``TerrainError``."""
    if len(text) > MAX_TEXT:
        raise _Damaged("its terrain names kinds of ground this page does not know")
    return tuple(sorted({parse_terrain_kind(name) for name in text.split("+")}))


def _most_walls(grid: Grid) -> int:
    """The most walls ``grid`` holds: one on each side of every cell, each side shared by two
    cells (two walls a square, three a hex)."""
    return grid.width * grid.height * (2 if grid.kind == "square" else 3)


def _pack_walls(terrain: Terrain, grid: Grid) -> list:
    """``[cell, side, kind, ...]``: each wall as its first cell, the direction to the second
    (an index of ``grid.vectors``) and its kind (an index of ``EDGE_KINDS``)."""
    packed = []
    for a, b, kind in terrain.edges:
        step = (b.coords[0] - a.coords[0], b.coords[1] - a.coords[1])
        packed += [_index(grid, a), grid.vectors.index(step), _WALL_KINDS.index(kind)]
    return packed


def _read_walls(raw, grid: Grid) -> tuple:
    """The ``(a, b, kind)`` walls of a ``"w"`` section (see ``_pack_walls``): no more than the
    board holds, and every cell, side and kind checked before any cell is made. ``Terrain``
    refuses an edge given two walls."""
    if not isinstance(raw, list) or len(raw) % 3:
        raise _Damaged("its walls are not cells, sides and kinds")
    most = _most_walls(grid)
    if len(raw) // 3 > most:
        raise _Beyond(f"it has {len(raw) // 3} walls; a board this size holds at most {most}")
    numbers, sides, kinds = raw[0::3], raw[1::3], raw[2::3]
    _check_walls(grid, numbers, sides, kinds)
    firsts = grid.from_offsets(map(mod, numbers, repeat(grid.width)), map(floordiv, numbers, repeat(grid.width)))
    seconds = grid.steps(firsts, sides)
    if not grid.contains_all(seconds):
        a, b = next((a, b) for a, b in zip(firsts, seconds) if not grid.contains(b))
        raise _Damaged(f"The wall between {cell_text(a)} and {cell_text(b)} lies off the {grid.kind} board")
    return tuple(zip(firsts, seconds, map(_WALL_KINDS.__getitem__, kinds)))


def _check_walls(grid: Grid, numbers: list, sides: list, kinds: list) -> None:
    """Refuse the first wall whose cell, side or kind is not one of the board's; all at once
    when every one is."""
    count, directions = grid.width * grid.height, len(grid.vectors)
    if not numbers or (
        set(map(type, numbers + sides + kinds)) == {int}
        and 0 <= min(numbers) and max(numbers) < count
        and 0 <= min(sides) and max(sides) < directions
        and 0 <= min(kinds) and max(kinds) < len(_WALL_KINDS)
    ):
        return
    for number, side, kind in zip(numbers, sides, kinds):
        if type(side) is not int or not 0 <= side < directions:
            raise _Damaged("a wall of it faces no side of a cell")
        if type(kind) is not int or not 0 <= kind < len(_WALL_KINDS):
            raise _Damaged("a wall of it is of no kind this page knows")
        _cell(grid, number, "a wall of it")


def _code_grid(raw) -> Grid:
    """The board of the code's ``"g"`` section: ``[kind, width, height]``."""
    if not isinstance(raw, list) or len(raw) != 3 or any(type(each) is not int for each in raw):
        raise _Damaged("its board is not a kind, a width and a height")
    kind, width, height = raw
    if not 0 <= kind < len(GRID_KINDS):
        raise _Damaged(f"there is no board kind {kind}")
    _check_board(width, height, "square" if kind == 0 else "hex")
    if kind == 0:
        return SquareGrid(width, height)
    return HexGrid(width, height, GRID_KINDS[kind])


def _code_options(raw) -> Options:
    """The options of the code's ``"o"`` section, the text of ``options_code``."""
    if not isinstance(raw, str):
        raise _Damaged("its options are not text")
    if len(raw) > _LONGEST_OPTIONS:
        raise _Damaged(f"its options are over {_LONGEST_OPTIONS} characters, more than all of them take")
    return parse_options(raw)


_CODE_SECTIONS = ("g", "c", "r", "o", "t", "w", "s", "n", "a", "k", "m", "d")


def _read_code(payload: bytes) -> Encounter:
    """The encounter whose unpacked code is ``payload``."""
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError:
        raise _Unreadable("its contents do not read as an encounter") from None
    sections = _parsed(text, MAX_DEPTH, "its contents do not read as an encounter")
    if not isinstance(sections, dict) or "g" not in sections:
        raise _Damaged("it holds no board")
    unknown = set(sections) - set(_CODE_SECTIONS)
    if unknown:
        raise _Damaged(
            f"it has a part this page does not know ({_shown(min(unknown))}): "
            "it may come from a newer Flankwise"
        )
    grid = _code_grid(sections["g"])
    terrain = NO_TERRAIN
    if "t" in sections or "w" in sections:
        terrain = Terrain(_read_ground(sections.get("t", []), grid), _read_walls(sections.get("w", []), grid))
    return Encounter(
        grid=grid,
        creatures=_creatures(sections.get("c", []), grid, CREATURE.unpack),
        ruleset=_ruleset(sections.get("r", UA_FACING.name)),
        options=_code_options(sections.get("o", "")),
        terrain=terrain,
        stats=_read_stats(sections["s"], grid, show=False) if "s" in sections else (),
        round=round_record().unpack(sections["n"], _round_place(grid)) if "n" in sections else None,
        areas=_read_areas(sections["a"], grid) if "a" in sections else (),
        conditions=_read_conditions(sections["k"]) if "k" in sections else (),
        backdrop=_read_backdrop(sections["m"], thousandths=True) if "m" in sections else None,
        dropped=_read_dropped(sections["d"], grid) if "d" in sections else (),
    )


def encounter_code(encounter: Encounter) -> str:
    """The canonical compact code of ``encounter``: equal encounters give equal codes.

    Raises ``LinkError`` if the encounter is beyond a link's limits (a board over
    ``MAX_SIDE``, a name over ``MAX_TEXT`` characters, a ruleset of its own...).
    """
    sections = _writing("link", _code_sections, encounter)
    payload = json.dumps(sections, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    if len(payload) > MAX_UNPACKED:
        raise LinkError(
            f"This encounter cannot be put in a link: it is over {MAX_UNPACKED // 1024} kB "
            "when unpacked; export it as a file instead"
        )
    return base64.urlsafe_b64encode(zlib.compress(payload, 9)).rstrip(b"=").decode("ascii")


def _unpacked(code: str) -> bytes:
    """The payload of ``code``: base64url decoded and inflated, at most ``MAX_UNPACKED``."""
    if not isinstance(code, str):
        raise LinkError("This link is not a Flankwise encounter")
    if len(code) > MAX_CODE:
        raise LinkError(f"This link is too large to open (over {MAX_CODE // 1024} kB)")
    if not _CODE_CHARACTERS.fullmatch(code):
        raise LinkError("This link is damaged: it holds characters a Flankwise link never has")
    if len(code) % 4 == 1:
        raise LinkError("This link is damaged: it was cut or changed")
    data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    inflater = zlib.decompressobj()
    try:
        payload = inflater.decompress(data, MAX_UNPACKED + 1)
    except zlib.error as error:
        raise LinkError(_inflate_message(str(error))) from None
    if len(payload) > MAX_UNPACKED:
        raise LinkError(
            f"This link is too large to open (over {MAX_UNPACKED // 1024} kB when unpacked)"
        )
    if not inflater.eof:
        raise LinkError("This link is damaged: it ends early")
    if inflater.unused_data:
        raise LinkError("This link is damaged: it goes on past its end")
    return payload


def _inflate_message(reason: str) -> str:
    """The message for zlib's ``reason`` for refusing a code."""
    if "incorrect data check" in reason:
        return "This link is damaged: it was changed or cut (checksum mismatch)"
    if "header" in reason or "compression method" in reason or "window size" in reason:
        return "This link is not a Flankwise encounter (or its start was changed)"
    return "This link is damaged: it was changed or cut (its data does not unpack)"


def parse_encounter_code(code: str) -> Encounter:
    """The encounter ``code`` (as ``encounter_code`` writes it) stands for.

    Raises ``LinkError``, with a message for the player, for any code that is not one.
    """
    return _opening("link", _read_code, _unpacked(code))


def encounter_hash(encounter: Encounter) -> str:
    """The URL hash of ``encounter``: ``"#v1."`` and its code."""
    return HASH_PREFIX + encounter_code(encounter)


def parse_encounter_hash(hash_text: str) -> Encounter:
    """The encounter of a URL hash, with or without its ``#``, or of a whole link.

    Raises ``LinkError`` for a hash that is not a Flankwise encounter, one from a newer
    version, and any damaged or oversized code.
    """
    if not isinstance(hash_text, str):
        raise LinkError("This link is not a Flankwise encounter")
    if len(hash_text) > 2 * MAX_CODE:
        raise LinkError(f"This link is too large to open (over {MAX_CODE // 1024} kB)")
    match = _HASH.fullmatch(hash_text.strip().rpartition("#")[2])
    if not match:
        raise LinkError("This link is not a Flankwise encounter")
    version = int(match[1])
    if version > VERSION:
        raise LinkError(
            f"This link is from a newer version of Flankwise (v{version}); "
            f"this page opens v{VERSION} links"
        )
    if version != VERSION:
        raise LinkError(f"This link is not a Flankwise encounter (there is no v{version})")
    return parse_encounter_code(match[2])


# The readable file.


def _file_document(encounter: Encounter) -> dict:
    """The encounter as the readable file's object."""
    grid = encounter.grid
    _check_board(grid.width, grid.height, grid.kind)
    board = {"kind": grid.kind, "width": grid.width, "height": grid.height}
    if grid.kind == "hex":
        board["orientation"] = grid.orientation
    _check_count(len(encounter.creatures))
    return {
        "flankwise": VERSION,
        "grid": board,
        "creatures": [
            CREATURE.show(creature, _where(grid, number))
            for number, creature in enumerate(encounter.creatures, start=1)
        ],
        "ruleset": _check_ruleset(encounter.ruleset),
        "options": _options_by_name(encounter.options),
        "terrain": _pack_ground(encounter.terrain, grid),
        "walls": _pack_walls(encounter.terrain, grid),
        **({"stats": _pack_stats(encounter, show=True)} if encounter.stats else {}),
        **({"round": round_record().show(encounter.round, _round_place(grid))} if encounter.round is not None else {}),
        **({"areas": _pack_areas(encounter.areas)} if encounter.areas else {}),
        **({"conditions": _pack_conditions(encounter.conditions)} if encounter.conditions else {}),
        **({"map": _show_backdrop(encounter.backdrop)} if encounter.backdrop is not None else {}),
        **({"dropped": _pack_dropped(encounter.dropped, grid)} if encounter.dropped else {}),
    }


def _file_place(grid: Grid, raw, what: str):
    """The cell at ``[column, row]`` (or the ``column``/``row`` of an object) on ``grid``."""
    return grid.from_offset(*_file_offset(grid, raw, what))


def _file_offset(grid: Grid, raw, what: str) -> tuple[int, int]:
    """The column and row of ``[column, row]`` (or of an object's ``column`` and ``row``), a
    place on ``grid``."""
    if isinstance(raw, dict):
        raw = [raw.get("column"), raw.get("row")]
    if not isinstance(raw, list) or len(raw) != 2 or type(raw[0]) is not int or type(raw[1]) is not int:
        raise _Damaged(f"{what} is not a column and a row")
    column, row = raw
    if not (0 <= column < grid.width and 0 <= row < grid.height):
        raise _Damaged(f"{what} lies off the board")
    return column, row


def _file_terrain(grid: Grid, ground, walls) -> Terrain:
    """The terrain of the file's ``"terrain"`` and ``"walls"``: runs of cells and walls as a
    code's ``"t"`` and ``"w"`` sections hold them, or the lists of objects of older files."""
    if not isinstance(ground, list) or not isinstance(walls, list):
        raise _Damaged("its terrain and walls are not lists")
    cells = _listed_ground(grid, ground) if ground and isinstance(ground[0], dict) else _read_ground(ground, grid)
    edges = _listed_walls(grid, walls) if walls and isinstance(walls[0], dict) else _read_walls(walls, grid)
    return Terrain(cells, edges)


def _listed_ground(grid: Grid, ground: list) -> tuple:
    """The ``(cell, kinds)`` pairs of an older file's ``"terrain"``, a list of ``{"column",
    "row", "kinds"}`` objects: no more than the board has cells, a cell listed twice refused as
    it comes."""
    count = grid.width * grid.height
    if len(ground) > count:
        raise _Damaged(f"it lists {len(ground)} cells of terrain; the board has {count}")
    claimed, columns, rows, given = bytearray(count), [], [], []
    for entry in ground:
        kinds = entry.get("kinds") if isinstance(entry, dict) else None
        if not isinstance(kinds, list) or len(kinds) > len(TERRAIN_KINDS):
            raise _Damaged("a terrain cell of it has no list of kinds")
        if not all(type(kind) is str for kind in kinds):
            raise _Damaged("a terrain cell of it has no list of kinds")
        if any(len(kind) > MAX_TEXT for kind in kinds):
            raise _Damaged("a terrain cell of it names kinds of ground this page does not know")
        column, row = _file_offset(grid, entry, "a terrain cell of it")
        if claimed[row * grid.width + column]:
            cell = grid.from_offset(column, row)
            raise _Damaged(f"{cell_text(cell)} is listed twice: give all its kinds at once")
        claimed[row * grid.width + column] = 1
        columns.append(column)
        rows.append(row)
        given.append(tuple(kinds))
    return tuple(zip(grid.from_offsets(columns, rows), given))


def _listed_walls(grid: Grid, walls: list) -> tuple:
    """The ``(a, b, kind)`` walls of an older file's ``"walls"``, a list of ``{"between":
    [[column, row], [column, row]], "kind"}`` objects: no more than the board holds, an edge
    given two walls refused as it comes."""
    most = _most_walls(grid)
    if len(walls) > most:
        raise _Beyond(f"it has {len(walls)} walls; a board this size holds at most {most}")
    edges, seen = [], set()
    for entry in walls:
        between = entry.get("between") if isinstance(entry, dict) else None
        if not isinstance(between, list) or len(between) != 2 or not isinstance(entry.get("kind"), str):
            raise _Damaged('a wall of it is not {"between": [[column, row], [column, row]], "kind": ...}')
        if len(entry["kind"]) > MAX_TEXT:
            raise _Damaged("a wall of it is of no kind this page knows")
        a, b = (_file_place(grid, each, "a wall of it") for each in between)
        edge = frozenset((_index(grid, a), _index(grid, b)))
        if edge in seen:
            raise _Damaged(f"The edge between {cell_text(a)} and {cell_text(b)} holds one wall, not two")
        seen.add(edge)
        edges.append((a, b, entry["kind"]))
    return tuple(edges)


def _options_by_name(options: Options) -> dict:
    """Every option by name, as the file lists them."""
    return {field.name: getattr(options, field.name) for field in fields(Options)}


def _file_grid(raw) -> Grid:
    """The board of the file's ``"grid"``."""
    if not isinstance(raw, dict):
        raise _Damaged("its grid is not an object")
    kind = raw.get("kind")
    keys = {"kind", "width", "height"} | ({"orientation"} if kind == "hex" else set())
    if kind not in ("square", "hex") or set(raw) != keys:
        raise _Damaged(
            'its grid is not {"kind": "square", "width": ..., "height": ...} '
            'or {"kind": "hex", "width": ..., "height": ..., "orientation": "flat" or "pointy"}'
        )
    width, height = raw["width"], raw["height"]
    if type(width) is not int or type(height) is not int:
        raise _Damaged("its grid's width and height are not whole numbers")
    _check_board(width, height, kind)
    if kind == "square":
        return SquareGrid(width, height)
    if raw["orientation"] not in HEX_ORIENTATIONS:
        raise _Damaged('its hexes are not "flat" or "pointy"')
    return HexGrid(width, height, raw["orientation"])


def _file_options(raw) -> Options:
    """The options of the file's ``"options"``: each by name, the rest at their default."""
    if not isinstance(raw, dict):
        raise _Damaged("its options are not an object")
    for name in raw:
        option_info(name)
    return Options(**raw)


_FILE_PARTS = ("flankwise", "grid", "creatures", "ruleset", "options", "terrain", "walls", "stats", "round", "areas",
               "conditions", "map", "map_image", "dropped")


def _read_file(document: dict) -> Encounter:
    """The encounter of the file's object ``document`` (its version already checked)."""
    unknown = set(document) - set(_FILE_PARTS)
    if unknown:
        raise _Damaged(
            f"it has a part this page does not know ({_shown(min(unknown))}): "
            "it may come from a newer Flankwise"
        )
    if "grid" not in document:
        raise _Damaged("it has no grid")
    grid = _file_grid(document["grid"])
    return Encounter(
        grid=grid,
        creatures=_creatures(document.get("creatures", []), grid, CREATURE.read),
        ruleset=_ruleset(document.get("ruleset", UA_FACING.name)),
        options=_file_options(document.get("options", {})),
        terrain=_file_terrain(grid, document.get("terrain", []), document.get("walls", [])),
        stats=_read_stats(document["stats"], grid, show=True) if "stats" in document else (),
        round=round_record().read(document["round"], _round_place(grid)) if "round" in document else None,
        areas=_read_areas(document["areas"], grid) if "areas" in document else (),
        conditions=_read_conditions(document["conditions"]) if "conditions" in document else (),
        backdrop=_read_backdrop(document["map"], thousandths=False) if "map" in document else None,
        dropped=_read_dropped(document["dropped"], grid) if "dropped" in document else (),
    )


_ON_ONE_LINE = ("terrain", "walls", "areas")
"""The parts of the file written on one line, with no spaces: the runs of cells and the walls,
as a code holds them, which a board full of terrain makes long."""


def encounter_json(encounter: Encounter, image: bytes | None = None) -> str:
    """The readable, versioned JSON file of ``encounter``: ``{"flankwise": 1, "grid": {...},
    "creatures": [...], "ruleset": ..., "options": {...}, "terrain": [...], "walls": [...]}``,
    with ``"stats"`` (each ``{"name": ..., field: value}``) and ``"round"`` when there are any,
    indented. Each creature lists its fields by name, those at their default left out; the
    options are all listed. The terrain and the walls are as a code's ``"t"`` and ``"w"``
    sections, each on one line.

    A map image travels as ``"map"`` (its hash, name, size and alignment); ``image``, the
    image's bytes, adds ``"map_image"`` (base64), so one file carries a whole prepared
    encounter between machines.

    Raises ``LinkError`` if the encounter is beyond the file's limits (those of a link), or if
    ``image`` is not the map the encounter names.
    """
    document = _writing("file", _file_document, encounter)
    if image is not None:
        document["map_image"] = _image_text(encounter, image)
    parts = []
    for key, value in document.items():
        if key in _ON_ONE_LINE:
            text = json.dumps(value, separators=(",", ":"))
        else:
            text = json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n  ")
        parts.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _image_text(encounter: Encounter, image: bytes) -> str:
    """The base64 text of ``image``, checked to be the map ``encounter`` names."""
    import hashlib

    backdrop = encounter.backdrop
    if backdrop is None or hashlib.sha256(image).hexdigest() != backdrop.sha256:
        raise LinkError("This file cannot carry that image: it is not the map the encounter names")
    return base64.b64encode(image).decode("ascii")


MAX_IMAGE_TEXT = 4 * ((40 * 1024 * 1024 + 2) // 3)
"""The most characters of a file's ``"map_image"``: the base64 of the largest map image
(``rules.backdrop.MAX_IMAGE_BYTES``)."""


def parse_encounter_json(text: str) -> Encounter:
    """The encounter of a JSON file as ``encounter_json`` writes it (fields at their default
    may be left out); a map image inside it is checked and left out (``parse_encounter_file``
    returns it).

    Raises ``LinkError``, with a message for the player, for any text that is not one.
    """
    return parse_encounter_file(text)[0]


def parse_encounter_file(text: str) -> tuple[Encounter, bytes | None]:
    """``(encounter, image)``: the encounter of a JSON file and the bytes of the map image it
    carries (``None`` for a file without one), checked against the map's hash.

    Raises ``LinkError``, with a message for the player, for any text that is not one.
    """
    if not isinstance(text, str):
        raise LinkError("This file is not a Flankwise encounter")
    if len(text) > MAX_FILE and (len(text) > MAX_FILE + MAX_IMAGE_TEXT or '"map_image"' not in text):
        raise LinkError(f"This file is too large to open (over {MAX_FILE // 1024 // 1024} MB)")
    try:
        document = _parsed(text, MAX_DEPTH, "", MAX_FILE_VALUES)
    except _Unreadable:
        raise LinkError("This file is not a Flankwise encounter (it is not JSON)") from None
    except _Refusal as refusal:
        raise LinkError(_clipped(refusal.sentence("file"))) from None
    if not isinstance(document, dict) or "flankwise" not in document:
        raise LinkError("This file is not a Flankwise encounter")
    version = document["flankwise"]
    if type(version) is int and version > VERSION:
        raise LinkError(
            f"This file is from a newer version of Flankwise (v{version}); "
            f"this page opens v{VERSION} files"
        )
    if type(version) is not int or version != VERSION:
        raise LinkError(
            f"This file is not a Flankwise encounter (its version is {_shown(version)})"
        )
    image_text = document.get("map_image")
    if len(text) - (len(image_text) if isinstance(image_text, str) else 0) > MAX_FILE:
        raise LinkError(f"This file is too large to open (over {MAX_FILE // 1024 // 1024} MB)")
    encounter = _opening("file", _read_file, document)
    if image_text is None:
        return encounter, None
    return encounter, _file_image(encounter, image_text)


def _file_image(encounter: Encounter, text) -> bytes:
    """The map image of a file's ``"map_image"``, checked: base64 of a PNG, JPEG or WebP of at
    most ``MAX_IMAGE_BYTES`` whose hash is the one the file's map names."""
    import binascii
    import hashlib

    from rules.backdrop import BackdropError, check_image_size, image_type

    if encounter.backdrop is None:
        raise LinkError("This file is damaged: it has a map image but no map")
    if not isinstance(text, str) or len(text) > MAX_IMAGE_TEXT:
        raise LinkError("This file is damaged: its map image is not base64 text of at most 40 MB")
    try:
        image = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise LinkError("This file is damaged: its map image is not base64 text") from None
    try:
        check_image_size(len(image))
        image_type(image[:16])
    except BackdropError as error:
        raise LinkError(f"This file's map image cannot be used: {str(error)[:1].lower()}{str(error)[1:]}") from None
    if hashlib.sha256(image).hexdigest() != encounter.backdrop.sha256:
        raise LinkError("This file is damaged: its map image is not the map it names (the hash differs)")
    return image
