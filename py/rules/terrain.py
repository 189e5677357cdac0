"""Terrain: what lies on the board besides creatures, and how it hampers or stops a move.

Seed 002, "Terrain and Obstacles": difficult terrain, obstacles that hamper movement, obstacles
that block it, narrow spaces a creature must squeeze through; "Measuring Distance" adds pits,
which stop a walker but which "you can move diagonally past". Each kind is a row of data
(``TERRAIN_KINDS`` for what fills a cell, ``EDGE_KINDS`` for what stands on the line between two
cells); ``rules.movement`` reads the rows and never names a kind in an ``if``.

A ``Terrain`` is a frozen value: the kinds on each cell and the walls and doors on the edges
between neighbouring cells (on squares and hexes alike; on hexes every two neighbours share a
side). A door's state is its kind: ``"door"`` is closed and ``"open door"`` open, so opening or
closing one replaces one kind by the other (``EdgeKind.toggled``, ``with_door_toggled``). It is
hashable and cheap to compare by identity, so the board keeps one value and the movement rules
cache their work per value.
"""

from bisect import bisect_left
from dataclasses import dataclass
from functools import cached_property
from itertools import islice
from operator import attrgetter, eq, gt, itemgetter, lt, sub

from rules.errors import RulesError, typed_key
from rules.grid import Grid, Hex, Square

RULE_DIFFICULT = "Seed 002: Terrain and Obstacles: Difficult Terrain"
RULE_OBSTACLES = "Seed 002: Terrain and Obstacles: Obstacles"
RULE_SQUEEZING = "Seed 002: Terrain and Obstacles: Squeezing"
RULE_CORNERS = "Seed 002: Measuring Distance: Diagonals"


class TerrainError(RulesError):
    """Terrain that cannot be: an unknown kind, a wall between cells that do not touch."""


@dataclass(frozen=True)
class TerrainKind:
    """One kind of ground a cell can hold, as the movement rules read it.

    ``hampers``: entering the cell doubles the cost ("counts as 2 squares of movement");
    ``blocks``: no creature enters it; ``cuts_corners``: no diagonal step passes its corners;
    ``falls``: a walker cannot enter it, a flying creature can; ``narrow``: a space half a square
    wide, which a 5-foot creature squeezes through and a 10-foot one cannot enter;
    ``stops_running``: a creature cannot run or charge across it; ``flyers_ignore``: flying and
    incorporeal creatures are not hampered by it. ``rule`` cites the seed.
    """

    name: str
    label: str
    hampers: bool
    blocks: bool
    cuts_corners: bool
    falls: bool
    narrow: bool
    stops_running: bool
    flyers_ignore: bool
    rule: str

    def bars(self, flying: bool, bulk: int) -> bool:
        """Whether a creature cannot be in a cell of this kind at all: a blocking obstacle, a
        pit under a walker, a narrow passage for a big creature (``bulk``, see ``bulk_of``)."""
        return self.blocks or (self.falls and not (flying and self.flyers_ignore)) or (self.narrow and bulk == 2)


def bulk_of(size) -> int:
    """How a creature of ``size`` meets a narrow passage: 0 very small (it passes), 1 one square
    (it squeezes through), 2 big (it cannot enter one; "less than half your space's width")."""
    from rules.sizes import Size, is_tiny_or_smaller

    return 0 if is_tiny_or_smaller(size) else 2 if size >= Size.LARGE else 1


TERRAIN_KINDS = {
    kind.name: kind
    for kind in (
        TerrainKind(
            "difficult", "difficult terrain", hampers=True, blocks=False, cuts_corners=False,
            falls=False, narrow=False, stops_running=True, flyers_ignore=True, rule=RULE_DIFFICULT,
        ),
        TerrainKind(
            "obstacle", "a hampering obstacle", hampers=True, blocks=False, cuts_corners=False,
            falls=False, narrow=False, stops_running=False, flyers_ignore=True, rule=RULE_OBSTACLES,
        ),
        TerrainKind(
            "blocking", "a blocking obstacle", hampers=False, blocks=True, cuts_corners=True,
            falls=False, narrow=False, stops_running=False, flyers_ignore=False, rule=RULE_OBSTACLES,
        ),
        TerrainKind(
            "narrow", "a narrow passage", hampers=False, blocks=False, cuts_corners=False,
            falls=False, narrow=True, stops_running=False, flyers_ignore=False, rule=RULE_SQUEEZING,
        ),
        TerrainKind(
            "pit", "a pit", hampers=False, blocks=False, cuts_corners=False,
            falls=True, narrow=False, stops_running=False, flyers_ignore=True, rule=RULE_CORNERS,
        ),
    )
}
"""Seed 002, "Terrain and Obstacles" and "Measuring Distance", one row per kind of cell.

"Each square of difficult terrain counts as 2 squares of movement ... You can't run or charge
across difficult terrain ... Flying and incorporeal creatures are not hampered by difficult
terrain." "If an obstacle hampers movement but doesn't completely block it each obstructed
square ... counts as 2 squares of movement"; "A character can't move through a blocking
obstacle"; "Flying and incorporeal creatures can avoid most obstacles" (the hampering ones and
pits, docs/rules.md "Movement"). "You can squeeze through or into a space that is at least half
as wide as your normal space." "You can't move diagonally past a corner ... You can also move
diagonally past other impassable obstacles, such as pits."
"""


@dataclass(frozen=True)
class EdgeKind:
    """One kind of wall or door standing on the line between two neighbouring cells.

    ``blocks``: no creature crosses it; otherwise crossing it costs ``extra`` squares on top of
    the square beyond (a hampering obstacle between squares). No walker steps diagonally past the
    ends of one that blocks or costs; one that does neither (an open door) is no obstacle at all.
    ``flyers_ignore``: flying and incorporeal creatures pass over it as if it were not there.
    ``toggled``: for a door, the kind it becomes when opened or closed (``None`` for a wall).
    """

    name: str
    label: str
    blocks: bool
    extra: int
    flyers_ignore: bool
    rule: str
    toggled: str | None = None

    @property
    def is_door(self) -> bool:
        """Whether this is a door, open or closed (a click opens or closes it)."""
        return self.toggled is not None

    @property
    def hinders(self) -> bool:
        """Whether a walker meets it at all: it blocks or costs more to cross (an open door
        does neither)."""
        return self.blocks or self.extra > 0


EDGE_KINDS = {
    kind.name: kind
    for kind in (
        # Links number the kinds in this order (rules.link, "w"): append, never reorder, in v1.
        EdgeKind("wall", "the wall", blocks=True, extra=0, flyers_ignore=False, rule=RULE_OBSTACLES),
        EdgeKind("low wall", "the low wall", blocks=False, extra=2, flyers_ignore=True, rule=RULE_OBSTACLES),
        EdgeKind("door", "the door", blocks=True, extra=0, flyers_ignore=False, rule=RULE_OBSTACLES, toggled="open door"),
        EdgeKind("open door", "the open door", blocks=False, extra=0, flyers_ignore=True, rule=RULE_OBSTACLES, toggled="door"),
    )
}
"""Seed 002, "Obstacles": "each ... obstacle between squares counts as 2 squares of movement. You
must pay this cost to cross the barrier, in addition to the cost to move into the square on the
other side"; "some obstacles block movement entirely". A closed door is such an obstacle, read as
a wall; an open one stands aside and is no obstacle (docs/rules.md, "Movement": "Walls and
doors")."""


def _parse(text, table: dict, what: str) -> str:
    """The key of ``table`` called ``text`` (any case, spaces trimmed), or ``TerrainError``."""
    key = typed_key(text)
    if key not in table:
        raise TerrainError(f"There is no {what} {text!r}: choose {', '.join(table)}.")
    return key


def parse_terrain_kind(text: str) -> str:
    """The cell kind called ``text`` (any case): ``"Difficult"`` -> ``"difficult"``."""
    return _parse(text, TERRAIN_KINDS, "kind of terrain")


def terrain_kind_name(kind: str) -> str:
    """The short name of a cell kind, the text ``parse_terrain_kind`` reads back."""
    return TERRAIN_KINDS[parse_terrain_kind(kind)].name


def parse_edge_kind(text: str) -> str:
    """The wall or door kind called ``text`` (any case): ``"Low Wall"`` -> ``"low wall"``."""
    return _parse(text, EDGE_KINDS, "kind of wall")


def edge_kind_name(kind: str) -> str:
    """The short name of a wall or door kind, the text ``parse_edge_kind`` reads back."""
    return EDGE_KINDS[parse_edge_kind(kind)].name


def toggled_door_kind(kind: str) -> str:
    """The kind a door becomes when opened or closed: ``"door"`` (closed) <-> ``"open door"``;
    ``TerrainError`` for a wall, which does not open."""
    found = EDGE_KINDS[parse_edge_kind(kind)]
    if not found.is_door:
        raise TerrainError(f"{found.label.capitalize()} is not a door: it does not open or close.")
    return found.toggled


def with_door_toggled(terrain: "Terrain", a, b) -> "Terrain":
    """``terrain`` with the door between cells ``a`` and ``b`` opened if it was closed and closed
    if it was open; ``TerrainError`` if no door stands there."""
    kind = terrain.edge_between(a, b)
    if kind is None or not EDGE_KINDS[kind].is_door:
        raise TerrainError(f"There is no door between {cell_text(a)} and {cell_text(b)}.")
    edges = tuple(
        (x, y, toggled_door_kind(name) if (x, y) in ((a, b), (b, a)) else name) for x, y, name in terrain.edges
    )
    return Terrain(terrain.cells, edges)


_NAMES = {Square: ("x", "y"), Hex: ("q", "r")}
"""The fields of each kind of cell that make its ``coords``."""

_COORDS = {kind: attrgetter(*names) for kind, names in _NAMES.items()}
"""Each kind of cell's ``coords``, read without filling the cell's cache: filling it costs more
than the rest of sorting a board of 40,000 cells."""


def _cell_key(cell) -> tuple:
    """Sort key for cells of either kind: their ``coords``."""
    getter = _COORDS.get(type(cell))
    return getter(cell) if getter else cell.coords


def _sorted_cells(cells: list) -> tuple:
    """``(cell, kinds)`` pairs sorted by cell (``_cell_key``)."""
    keys = _keys_of(list(map(itemgetter(0), cells)))
    return tuple(map(cells.__getitem__, sorted(range(len(cells)), key=keys.__getitem__)))


def _keys_of(cells: list) -> list:
    """``_cell_key`` of each of ``cells``, without a call per cell when they are all plain
    squares or all plain hexes."""
    getter = _plain_getter(cells)
    return list(map(getter, cells)) if getter else [_cell_key(cell) for cell in cells]


def _plain_cells(entries: tuple) -> tuple | None:
    """What ``_checked_cells`` and ``_sorted_cells`` make of ``entries`` in the usual case, with
    a step per distinct kinds rather than per cell: ``(cell, kinds)`` tuples of plain squares or
    plain hexes, no cell twice, each ``kinds`` a name or a tuple of names. ``None`` for anything
    else (or any mistake), which ``_checked_cells`` reads one entry at a time and names the
    first problem of. Entries already as ``Terrain`` keeps them are kept, not made again."""
    if set(map(type, entries)) != {tuple} or set(map(len, entries)) != {2}:
        return None
    cells = list(map(itemgetter(0), entries))
    getter = _plain_getter(cells)
    if getter is None:
        return None
    order = None
    if not _ascending(cells):
        keys = list(map(getter, cells))
        order = sorted(range(len(keys)), key=keys.__getitem__)
        ordered = list(map(keys.__getitem__, order))
        if any(map(eq, ordered, islice(ordered, 1, None))):
            return None
    given = list(map(itemgetter(1), entries))
    try:
        distinct = dict.fromkeys(given)
    except TypeError:
        return None
    if not set(map(type, distinct)) <= {str, tuple}:
        return None
    try:
        named = {kinds: _sorted_kinds(kinds, cells[0]) for kinds in distinct}
    except TerrainError:
        return None
    if all(named[kinds] is kinds for kinds in named):
        return entries if order is None else tuple(map(entries.__getitem__, order))
    if order is None:
        return tuple(zip(cells, map(named.__getitem__, given)))
    return tuple(zip(map(cells.__getitem__, order), map(named.__getitem__, map(given.__getitem__, order))))


def _ascending(cells: list) -> bool:
    """Whether plain ``cells``, all of one kind, are in strictly ascending order of ``coords``:
    compared pair by pair from lists of their coordinates (small whole numbers, which Python
    keeps made), with no tuple kept for each cell."""
    firsts, seconds = (list(map(attrgetter(name), cells)) for name in _NAMES[type(cells[0])])
    return all(map(lt, zip(firsts, seconds), islice(zip(firsts, seconds), 1, None)))


def _plain_getter(cells: list):
    """The ``_COORDS`` getter of ``cells`` if they are all plain squares or all plain hexes,
    else ``None``."""
    kinds = set(map(type, cells))
    return _COORDS.get(kinds.pop()) if len(kinds) == 1 else None


def _plain_walls(entries: tuple) -> list | None:
    """What ``_checked_walls`` makes of ``entries`` in the usual case (as ``_plain_cells``):
    ``(a, b, kind)`` tuples of two different plain squares or two plain hexes, no edge twice.
    ``None`` for anything else, which ``_checked_walls`` reads one wall at a time."""
    if set(map(type, entries)) != {tuple} or set(map(len, entries)) != {3}:
        return None
    firsts, seconds = list(map(itemgetter(0), entries)), list(map(itemgetter(1), entries))
    getter = _plain_getter(firsts + seconds)
    if getter is None:
        return None
    keys_a, keys_b = list(map(getter, firsts)), list(map(getter, seconds))
    lows, highs = list(map(min, keys_a, keys_b)), list(map(max, keys_a, keys_b))
    if any(map(eq, keys_a, keys_b)) or len(set(zip(lows, highs))) != len(lows):
        return None
    given = list(map(itemgetter(2), entries))
    try:
        named = {kind: parse_edge_kind(kind) for kind in dict.fromkeys(given)}
    except (TypeError, TerrainError):
        return None
    swaps = list(map(gt, keys_a, keys_b))
    starts = [b if swap else a for a, b, swap in zip(firsts, seconds, swaps)]
    ends = [a if swap else b for a, b, swap in zip(firsts, seconds, swaps)]
    return list(zip(lows, highs, starts, ends, map(named.__getitem__, given)))


def _checked_cells(entries) -> list:
    """The ``(cell, kinds)`` pairs of ``Terrain.cells``, each checked, its kinds sorted."""
    cells, seen = [], set()
    for entry in entries:
        if not isinstance(entry, tuple) or len(entry) != 2:
            raise TerrainError(f"A terrain cell is a (cell, kinds) pair, not {entry!r}.")
        cell, kinds = entry
        _check_cell(cell)
        if cell in seen:
            raise TerrainError(f"{cell_text(cell)} is listed twice: give all its kinds at once.")
        seen.add(cell)
        cells.append((cell, _sorted_kinds(kinds, cell)))
    return cells


def _sorted_kinds(kinds, cell) -> tuple:
    """The sorted ``TERRAIN_KINDS`` names that ``kinds`` (a name or names) gives ``cell``:
    ``kinds`` itself if it is that already."""
    names = (kinds,) if isinstance(kinds, str) else tuple(kinds)
    if not names:
        raise TerrainError(f"{cell_text(cell)} needs at least one kind of terrain.")
    found = tuple(sorted({parse_terrain_kind(name) for name in names}))
    return kinds if type(kinds) is tuple and found == kinds else found


def _checked_walls(entries) -> list:
    """The walls of ``Terrain.edges`` as ``(key of a, key of b, a, b, kind)``, each checked,
    ``a`` the first of its two cells by ``_cell_key``."""
    walls, seen = [], set()
    for entry in entries:
        if not isinstance(entry, tuple) or len(entry) != 3:
            raise TerrainError(f"A wall is an (a, b, kind) triple, not {entry!r}.")
        a, b, kind = entry
        _check_cell(a)
        _check_cell(b)
        key_a, key_b = _cell_key(a), _cell_key(b)
        if type(a) is not type(b) or (key_a == key_b and a == b):
            raise TerrainError(f"A wall stands between two different cells, not {a!r} and {b!r}.")
        wall = (key_a, key_b, a, b) if key_a <= key_b else (key_b, key_a, b, a)
        edge = (type(a), wall[0], wall[1])
        if edge in seen:
            raise TerrainError(f"The edge between {cell_text(a)} and {cell_text(b)} holds one wall, not two.")
        seen.add(edge)
        walls.append((*wall, parse_edge_kind(kind)))
    return walls


@dataclass(frozen=True)
class Terrain:
    """What lies on the board: kinds of ground on cells, walls on the edges between them.

    ``cells`` holds ``(cell, kinds)`` pairs, ``kinds`` a tuple of ``TERRAIN_KINDS`` names (a
    square can be both difficult and obstructed: "doubled twice"). ``edges`` holds
    ``(a, b, kind)`` triples, ``a`` and ``b`` neighbouring cells and ``kind`` an ``EDGE_KINDS``
    name. Both are stored sorted, so equal terrain compares equal however it was built;
    ``Terrain.build`` takes plain mappings. A cell without an entry is open ground.
    """

    cells: tuple = ()
    edges: tuple = ()

    def __post_init__(self):
        given_cells, given_edges = tuple(self.cells), tuple(self.edges)
        cells = _plain_cells(given_cells)
        if cells is None:
            cells = _sorted_cells(_checked_cells(given_cells))
        walls = _plain_walls(given_edges)
        if walls is None:
            walls = _checked_walls(given_edges)
        kinds = set(map(type, map(itemgetter(0), cells))) | set(map(type, map(itemgetter(2), walls)))
        if len(kinds) > 1:
            raise TerrainError("Terrain lies on one kind of board: squares or hexes, not both.")
        # Cells of one kind have distinct coordinates, so neither sort compares two cells.
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "edges", tuple(wall[2:] for wall in sorted(walls)))

    @classmethod
    def build(cls, cells=None, edges=None) -> "Terrain":
        """Terrain from ``{cell: kind or kinds}`` and ``{(a, b): kind}`` (or ``(a, b, kind)``
        triples, or ``(a, b)`` pairs meaning a wall)."""
        pairs = tuple((cell, kinds) for cell, kinds in (cells or {}).items())
        if isinstance(edges, dict):
            triples = tuple((a, b, kind) for (a, b), kind in edges.items())
        else:
            triples = tuple(edge if len(edge) == 3 else (*edge, "wall") for edge in (edges or ()))
        return cls(pairs, triples)

    @cached_property
    def _hash(self) -> int:
        """The hash, worked out once: a board of 10,000 cells is hashed on every cached call."""
        return hash((self.cells, self.edges))

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _fitting(self) -> set:
        """The boards ``check`` has passed this terrain on: an encounter is made again after
        every move, and checks its terrain once."""
        return set()

    @cached_property
    def by_cell(self) -> dict:
        """``{cell: kinds}`` for every cell that is not open ground."""
        return dict(self.cells)

    @cached_property
    def by_edge(self) -> dict:
        """``{(a, b): kind}`` for every wall, with both orders of its two cells."""
        found = {}
        for a, b, kind in self.edges:
            found[(a, b)] = kind
            found[(b, a)] = kind
        return found

    @cached_property
    def _keys(self) -> list:
        """``_cell_key`` of each cell, in order (``kinds_at`` halves them)."""
        return _keys_of(list(map(itemgetter(0), self.cells)))

    def kinds_at(self, cell) -> tuple[str, ...]:
        """The kinds of terrain on ``cell``: ``()`` for open ground. Found by halving the
        sorted cells, so a few questions about a board full of terrain (is a creature standing
        on a pit?) need no dict of its 40,000 cells."""
        if not isinstance(cell, (Square, Hex)):
            return self.by_cell.get(cell, ())
        index = bisect_left(self._keys, _cell_key(cell))
        if index < len(self.cells) and self.cells[index][0] == cell:
            return self.cells[index][1]
        return ()

    def edge_between(self, a, b) -> str | None:
        """The kind of wall between cells ``a`` and ``b``, or ``None``."""
        return self.by_edge.get((a, b))

    def check(self, grid: Grid) -> None:
        """Raise ``TerrainError`` unless every cell is on ``grid`` and every wall lies between
        two cells that share a side there."""
        if grid in self._fitting:
            return
        if self._fits(grid):
            self._fitting.add(grid)
            return
        for cell, _ in self.cells:
            if not grid.contains(cell):
                raise TerrainError(f"Terrain at {cell_text(cell)} lies off the {grid.kind} board.")
        sides = [vector for vector in grid.vectors if 0 in vector or grid.kind == "hex"]
        for a, b, _ in self.edges:
            if not (grid.contains(a) and grid.contains(b)):
                where = f"{cell_text(a)} and {cell_text(b)}"
                raise TerrainError(f"The wall between {where} lies off the {grid.kind} board.")
            step = (b.coords[0] - a.coords[0], b.coords[1] - a.coords[1])
            if step not in sides:
                where = f"{cell_text(a)} and {cell_text(b)}"
                raise TerrainError(f"A wall stands between cells that share a side; {where} do not.")

    def _fits(self, grid: Grid) -> bool:
        """Whether ``check`` passes, answered for all cells and walls at once (``check`` then
        looks one by one for the first problem only when this says there is one)."""
        if not grid.contains_all(map(itemgetter(0), self.cells)):
            return False
        firsts, seconds = list(map(itemgetter(0), self.edges)), list(map(itemgetter(1), self.edges))
        if not grid.contains_all(firsts + seconds):
            return False
        sides = {vector for vector in grid.vectors if 0 in vector or grid.kind == "hex"}
        keys_a, keys_b = _keys_of(firsts), _keys_of(seconds)
        steps = zip(map(sub, map(itemgetter(0), keys_b), map(itemgetter(0), keys_a)),
                    map(sub, map(itemgetter(1), keys_b), map(itemgetter(1), keys_a)))
        return set(steps) <= sides


def _check_cell(cell) -> None:
    """Raise ``TerrainError`` unless ``cell`` is a square or a hex."""
    if not isinstance(cell, (Square, Hex)):
        raise TerrainError(f"Terrain lies on squares or hexes, not on {cell!r}.")


def cell_text(cell) -> str:
    """A cell as the player reads it: ``"(3, 4)"`` (its two coordinates)."""
    return "({}, {})".format(*cell.coords)


NO_TERRAIN = Terrain()
"""Open ground everywhere."""
