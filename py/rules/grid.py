"""Square and hex battle grids: cells, neighbours, distance, lines, facings, and pixels.

A board is a ``SquareGrid`` or a ``HexGrid``. Cells are values (``Square(x, y)``, ``Hex(q, r)``)
and every piece of grid maths (neighbours, distance, lines, the facing directions) works on
whole-number coordinates. ``centre`` places a cell in *unit geometry*: one cell is one unit
across (on hexes, the distance between neighbouring centres), ``y`` grows southward as on the
screen, and the board's bounding box starts at ``(0, 0)``. Only ``Layout`` turns unit geometry
into pixels, so grid maths never sees a pixel (house style, after Red Blob Games' hexagon
``Layout``).

Sources: "Movement, Position, and Distance: Measuring Distance" (the 1-2-1-2 diagonals),
"UA Combat Facing: Facing Direction" (eight facings on squares) and "UA Hex Grid" / "Hexes and
Facing" (hexes, distance by the shorter path, six facings).
"""

import math
import re
from dataclasses import dataclass, fields
from functools import cached_property
from itertools import repeat
from operator import add, and_, attrgetter, floordiv, itemgetter, sub
from typing import ClassVar

from rules.errors import RulesError

_RUN = re.compile(rb"([^\x00])\1*")
"""A run of one mark other than 0 (``Grid.marked_cells``)."""


class GridError(RulesError):
    """A board or a cell that cannot exist: a size below one cell, a fractional coordinate."""


class FacingError(RulesError):
    """A facing the grid lacks: a name or number that is not one of its directions."""


def _check_whole(owner: str, **values) -> None:
    """Raise ``GridError`` unless every value is a whole number (``bool`` is not one)."""
    for name, value in values.items():
        if not isinstance(value, int) or isinstance(value, bool):
            raise GridError(f"{owner} {name} must be a whole number, not {value!r}.")


@dataclass(frozen=True, order=True)
class Square:
    """One square of a square grid: column ``x`` counts east, row ``y`` counts south, from 0."""

    x: int
    y: int

    def __post_init__(self):
        # Plain ints pass at once: a link's terrain makes up to 40,000 squares.
        if type(self.x) is not int or type(self.y) is not int:
            _check_whole("A square's", x=self.x, y=self.y)

    @cached_property
    def coords(self) -> tuple[int, int]:
        """The pair ``(x, y)`` that the grid maths works on."""
        return (self.x, self.y)


@dataclass(frozen=True, order=True)
class Hex:
    """One hex in axial coordinates ``(q, r)``; the third cube coordinate is ``s = -q - r``."""

    q: int
    r: int

    def __post_init__(self):
        # Plain ints pass at once, as for squares.
        if type(self.q) is not int or type(self.r) is not int:
            _check_whole("A hex's", q=self.q, r=self.r)

    @property
    def s(self) -> int:
        """The third cube coordinate, so that ``q + r + s == 0``."""
        return -self.q - self.r

    @cached_property
    def coords(self) -> tuple[int, int]:
        """The pair ``(q, r)`` that the grid maths works on."""
        return (self.q, self.r)


SQUARE_DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
"""UA Combat Facing: Facing Direction: "a Medium creature ... has eight possible facings"."""

SQUARE_VECTORS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
"""The step ``(dx, dy)`` toward each of ``SQUARE_DIRECTIONS``, in the same order."""

HEX_ORIENTATIONS = ("flat", "pointy")
"""Flat-topped hexes stand in columns (odd-q offsets); pointy-topped hexes in rows (odd-r)."""

HEX_DIRECTIONS = {
    "flat": ("N", "NE", "SE", "S", "SW", "NW"),
    "pointy": ("NE", "E", "SE", "SW", "W", "NW"),
}
"""The six neighbours of a hex, clockwise from the first at or after north ("Hexes and Facing")."""

HEX_VECTORS = {
    "flat": ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)),
    "pointy": ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)),
}
"""The axial step ``(dq, dr)`` toward each of ``HEX_DIRECTIONS``, in the same order."""

HEX_DIAGONALS = {
    "flat": ("NNE", "E", "SSE", "SSW", "W", "NNW"),
    "pointy": ("N", "ENE", "ESE", "S", "WSW", "WNW"),
}
"""The six directions through a hex's corners, clockwise from the first at or after north.

A Large creature's three-hex triangle faces one of these (see ``rules.sizes``): the sides of a
triangle of hexes face the corners of a single hex, not its edges.
"""

HEX_DIAGONAL_VECTORS = ((1, -2), (2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1))
"""The axial vector toward each of ``HEX_DIAGONALS``; the same in both orientations."""

_ROOT3 = math.sqrt(3.0)


def _round_ratio(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded to the nearest whole number, halves upward, exactly."""
    return (2 * numerator + denominator) // (2 * denominator)


def _cube_round(fq: float, fr: float) -> Hex:
    """The hex containing the fractional axial point ``(fq, fr)`` (Red Blob's cube rounding)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


HEX_LINE_NUDGE = (1, 2, -3)
"""How a hex line breaks ties: each point of it is read as moved by an infinitesimal step along
this cube vector ``(q, r, s)``, so a point on the side or corner between hexes goes to the hex
the step points into (flat hexes: 19 degrees east of south; pointy: 41 degrees south of east).
Its three parts differ, so it never runs along a side between hexes, as ``(1, 1, -2)`` did."""


def _nudged_round(num_q: int, num_r: int, den: int) -> Hex:
    """The hex holding the axial point ``(num_q / den, num_r / den)`` moved by an infinitesimal
    ``HEX_LINE_NUDGE``: cube rounding (``_cube_round``) in whole numbers, so the answer does
    not depend on where on the board the point lies."""
    rounded, errors = [], []
    for num, nudge in zip((num_q, num_r, -num_q - num_r), HEX_LINE_NUDGE):
        near = (2 * num + den) // (2 * den)
        if (2 * num + den) % (2 * den) == 0 and nudge < 0:
            near -= 1  # Exactly halfway: the nudge decides, downward here.
        off = near * den - num
        # How far the nudged point lies from ``near``: |off| / den, then the nudge's share.
        errors.append((abs(off), -nudge if off > 0 else nudge if off < 0 else abs(nudge)))
        rounded.append(near)
    q, r, s = rounded
    eq, er, es = errors
    if eq > er and eq > es:
        q = -r - s
    elif er > es:
        r = -q - s
    return Hex(q, r)


class Grid:
    """What square and hex boards share: a ``width`` x ``height`` rectangle of cells.

    Subclasses define ``kind``, ``directions``, the offset conversion (``to_offset`` /
    ``from_offset``) and the geometry; everything here is written once for both.
    """

    width: int
    height: int
    kind: ClassVar[str]
    metric: ClassVar[tuple[int, int, int]]

    def _check_size(self) -> None:
        """Raise ``GridError`` unless the board is at least one cell each way."""
        _check_whole("A board's", width=self.width, height=self.height)
        if self.width < 1 or self.height < 1:
            raise GridError(
                f"A board needs at least one cell each way, not {self.width} x {self.height}."
            )

    @cached_property
    def _cells(self) -> tuple:
        """Every cell, row by row from the north-west corner (computed once per board)."""
        return tuple(
            self.from_offset(col, row) for row in range(self.height) for col in range(self.width)
        )

    def cells(self) -> tuple:
        """Every cell of the board, row by row from the north-west corner."""
        return self._cells

    def contains(self, cell) -> bool:
        """Whether ``cell`` is a cell of this kind of grid and lies on the board."""
        if not isinstance(cell, self.cell_type):
            return False
        col, row = self.to_offset(cell)
        return 0 <= col < self.width and 0 <= row < self.height

    def contains_all(self, cells) -> bool:
        """Whether ``contains`` holds for every one of ``cells``: a board's worth of cells at
        once, reading their columns and rows without a call per cell (terrain over a whole
        200x200 board is 40,000 cells)."""
        cells = list(cells)
        if not cells:
            return True
        if set(map(type, cells)) != {self.cell_type}:
            return all(map(self.contains, cells))
        columns, rows = self._offsets(cells)
        return min(columns) >= 0 and max(columns) < self.width and min(rows) >= 0 and max(rows) < self.height

    def marked_cells(self, marks: bytes, values) -> list:
        """``(cell, values[mark])`` for each cell whose mark in ``marks`` (a byte a cell, by
        reading-order number ``row * width + column``) is not 0, in the order of the cells'
        ``coords``: a run of one mark at a time, with no call per cell but the one making it (a
        link's terrain marks up to 40,000 cells). Squares and flat hexes go column by column."""
        found = []
        for column in range(self.width):
            for run in _RUN.finditer(marks[column :: self.width]):
                found += zip(self._column(column, run.start(), run.end()), repeat(values[run[1][0]]))
        return found

    def check_cell(self, cell) -> None:
        """Raise ``GridError`` unless ``cell`` is a cell of this kind of grid."""
        if not isinstance(cell, self.cell_type):
            raise GridError(f"{cell!r} is not a cell of a {self.kind} board.")

    def check_facing(self, index) -> int:
        """Return ``index`` if it numbers one of ``directions``, else raise ``FacingError``."""
        count = len(self.directions)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < count:
            raise FacingError(
                f"There is no facing {index!r} on a {self.kind} grid: the facings are "
                f"{_choices(self.directions)}, numbered 0 to {count - 1}."
            )
        return index

    def parse_facing(self, name: str) -> int:
        """The index of the direction called ``name`` (any case), e.g. ``"ne"`` -> 1 on squares."""
        return _parse_direction(name, self.directions, f"a {self.kind} grid")

    def facing_name(self, index: int) -> str:
        """The name of direction ``index``, the text ``parse_facing`` reads back."""
        return self.directions[self.check_facing(index)]

    def direction_vector(self, index: int) -> tuple[int, int]:
        """The coordinate step toward direction ``index``."""
        return self.vectors[self.check_facing(index)]

    def step(self, cell, index: int):
        """The cell next to ``cell`` in direction ``index``, on the board or not."""
        da, db = self.direction_vector(index)
        a, b = cell.coords
        return self.cell_type(a + da, b + db)

    def steps(self, cells, indices) -> list:
        """``step(cell, index)`` for each of ``cells`` with the matching one of ``indices``, with
        no call per cell but the one making the new cell (a link's walls are thousands of steps)."""
        cells, indices = list(cells), list(indices)
        plain = set(map(type, cells)) == {self.cell_type} and set(map(type, indices)) == {int}
        if not plain or min(indices) < 0 or max(indices) >= len(self.vectors):
            return list(map(self.step, cells, indices))
        firsts, seconds = self._coordinates(cells)
        vectors = list(map(self.vectors.__getitem__, indices))
        return list(
            map(
                self.cell_type,
                map(add, firsts, map(itemgetter(0), vectors)),
                map(add, seconds, map(itemgetter(1), vectors)),
            )
        )

    def _coordinates(self, cells: list) -> list[list]:
        """The first coordinates and the second coordinates of ``cells``, all of ``cell_type``
        (their ``coords``, read without filling each cell's cache)."""
        return [list(map(attrgetter(field.name), cells)) for field in fields(self.cell_type)]

    def neighbours(self, cell) -> tuple:
        """The cells next to ``cell`` that are on the board, in direction order."""
        a, b = cell.coords
        found = (self.cell_type(a + da, b + db) for da, db in self.vectors)
        return tuple(other for other in found if self.contains(other))

    def dot(self, u: tuple[int, int], v: tuple[int, int]) -> int:
        """A fixed positive multiple of the dot product of two coordinate steps, exactly.

        ``metric = (a, b, c)`` is the form ``a*u0*v0 + b*(u0*v1 + u1*v0) + c*u1*v1``; it is the
        Euclidean dot product of the steps in unit geometry, times 1 on squares and 2 on hexes,
        so comparing angles with it needs no square roots and no floating point.
        """
        a, b, c = self.metric
        return a * u[0] * v[0] + b * (u[0] * v[1] + u[1] * v[0]) + c * u[1] * v[1]


def _choices(names) -> str:
    """``"N, NE, E and SE"``: a list of names as a player reads it."""
    return ", ".join(names[:-1]) + " and " + names[-1]


def _parse_direction(name, names: tuple[str, ...], where: str) -> int:
    """The index of ``name`` (any case, spaces ignored) in ``names``; ``FacingError`` if absent."""
    text = name.strip().upper() if isinstance(name, str) else None
    if text not in names:
        raise FacingError(f"There is no facing {name!r} on {where}: choose {_choices(names)}.")
    return names.index(text)


@dataclass(frozen=True)
class SquareGrid(Grid):
    """A board of ``width`` x ``height`` squares, each 5 feet across.

    Square ``(x, y)`` spans ``[x, x + 1] x [y, y + 1]`` in unit geometry. Directions are the
    eight of UA Combat Facing, clockwise from north: N, NE, E, SE, S, SW, W, NW.
    """

    width: int
    height: int

    kind: ClassVar[str] = "square"
    metric: ClassVar[tuple[int, int, int]] = (1, 0, 1)
    cell_type: ClassVar[type] = Square
    directions: ClassVar[tuple[str, ...]] = SQUARE_DIRECTIONS
    vectors: ClassVar[tuple[tuple[int, int], ...]] = SQUARE_VECTORS

    def __post_init__(self):
        self._check_size()

    def to_offset(self, cell: Square) -> tuple[int, int]:
        """The board column and row of ``cell`` (for squares, its own coordinates)."""
        return (cell.x, cell.y)

    def from_offset(self, col: int, row: int) -> Square:
        """The square at board column ``col`` and row ``row``."""
        return Square(col, row)

    def from_offsets(self, columns, rows) -> list:
        """``from_offset`` of each column of ``columns`` with the matching row of ``rows``, with
        no call per cell but the one making it (a link's terrain makes up to 40,000 cells)."""
        return list(map(Square, columns, rows))

    def _column(self, column: int, start: int, end: int):
        """The squares of ``column`` from row ``start`` to row ``end - 1``."""
        return map(Square, repeat(column, end - start), range(start, end))

    def _offsets(self, cells: list) -> tuple[list, list]:
        """The columns and the rows of ``cells``, squares all (``to_offset`` of each)."""
        return self._coordinates(cells)

    def distance(self, a: Square, b: Square) -> int:
        """Squares of movement from ``a`` to ``b``, counting diagonals 1, 2, 1, 2, ...

        "Measuring Distance: Diagonals": "the first diagonal counts as 1 square, the second
        counts as 2 squares, the third counts as 1, the fourth as 2, and so on."
        """
        dx, dy = abs(b.x - a.x), abs(b.y - a.y)
        diagonals, straights = min(dx, dy), abs(dx - dy)
        return straights + diagonals + diagonals // 2

    def line(self, a: Square, b: Square) -> tuple[Square, ...]:
        """The squares on the straight line from ``a`` to ``b``, both ends included.

        One square per step of the longer axis; the other coordinate is rounded exactly,
        halves toward larger coordinates, so every step goes to an adjacent square.
        """
        dx, dy = b.x - a.x, b.y - a.y
        steps = max(abs(dx), abs(dy))
        if steps == 0:
            return (a,)
        return tuple(
            Square(a.x + _round_ratio(dx * i, steps), a.y + _round_ratio(dy * i, steps))
            for i in range(steps + 1)
        )

    def centre(self, cell: Square) -> tuple[float, float]:
        """The centre of ``cell`` in unit geometry."""
        return (cell.x + 0.5, cell.y + 0.5)

    def cell_at(self, x: float, y: float) -> Square:
        """The square containing the unit-geometry point ``(x, y)``, on the board or not."""
        return Square(math.floor(x), math.floor(y))

    def corners(self, cell: Square) -> tuple[tuple[float, float], ...]:
        """The corners of ``cell`` in unit geometry, clockwise from the north-west."""
        x, y = cell.x, cell.y
        return ((x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0))

    def extent(self) -> tuple[float, float]:
        """The width and height of the board's bounding box in unit geometry."""
        return (float(self.width), float(self.height))


@dataclass(frozen=True)
class HexGrid(Grid):
    """A board of hexes, ``width`` columns by ``height`` rows in offset coordinates.

    Flat-topped boards use odd-q offsets (odd columns sit half a hex lower); pointy-topped boards
    use odd-r offsets (odd rows sit half a hex further east). All maths is axial: column and row
    only decide which hexes are on the board. "UA Hex Grid": distance counts hexes "by the
    shorter path".
    """

    width: int
    height: int
    orientation: str = "flat"

    kind: ClassVar[str] = "hex"
    metric: ClassVar[tuple[int, int, int]] = (2, 1, 2)
    cell_type: ClassVar[type] = Hex

    def __post_init__(self):
        self._check_size()
        if self.orientation not in HEX_ORIENTATIONS:
            raise GridError(f"Hexes are laid out flat or pointy, not {self.orientation!r}.")

    @property
    def directions(self) -> tuple[str, ...]:
        """The six facing names, clockwise from the first at or after north."""
        return HEX_DIRECTIONS[self.orientation]

    @property
    def vectors(self) -> tuple[tuple[int, int], ...]:
        """The axial step toward each of ``directions``."""
        return HEX_VECTORS[self.orientation]

    @property
    def diagonals(self) -> tuple[str, ...]:
        """The names of the six directions through a hex's corners (see ``HEX_DIAGONALS``)."""
        return HEX_DIAGONALS[self.orientation]

    def parse_diagonal(self, name: str) -> int:
        """The index of the corner direction called ``name`` (any case), e.g. ``"nne"`` -> 0."""
        return _parse_direction(name, self.diagonals, "the corners of a hex")

    def diagonal_name(self, index: int) -> str:
        """The name of corner direction ``index``, the text ``parse_diagonal`` reads back."""
        return self.diagonals[self.check_facing(index)]

    def diagonal_vector(self, index: int) -> tuple[int, int]:
        """The axial vector toward corner direction ``index``."""
        return HEX_DIAGONAL_VECTORS[self.check_facing(index)]

    def to_offset(self, cell: Hex) -> tuple[int, int]:
        """The board column and row of ``cell`` (odd-q when flat, odd-r when pointy)."""
        q, r = cell.q, cell.r
        if self.orientation == "flat":
            return (q, r + (q - (q & 1)) // 2)
        return (q + (r - (r & 1)) // 2, r)

    def from_offset(self, col: int, row: int) -> Hex:
        """The hex at board column ``col`` and row ``row``."""
        if self.orientation == "flat":
            return Hex(col, row - (col - (col & 1)) // 2)
        return Hex(col - (row - (row & 1)) // 2, row)

    def marked_cells(self, marks: bytes, values) -> list:
        """``Grid.marked_cells``: flat hexes column by column; pointy hexes a ``q`` at a time,
        its hexes ``(q, r)`` down the board. Row ``2k`` holds that ``q``'s cell number
        ``k * (2 * width + 1) + q``, row ``2k + 1`` the one ``width`` further: two slices of
        ``marks``, interleaved."""
        if self.orientation == "flat":
            return super().marked_cells(marks, values)
        found, step, width = [], 2 * self.width + 1, self.width
        for q in range(-((self.height - 1) // 2), width):
            first, last = max(0, -q), min(width - 1 - q, (self.height - 1) // 2)
            last_odd = min(last, (self.height - 2) // 2)
            evens = marks[first * step + q : last * step + q + 1 : step]
            odds = marks[first * step + width + q : last_odd * step + width + q + 1 : step]
            line = bytearray(len(evens) + len(odds))
            line[0::2], line[1::2] = evens, odds
            for run in _RUN.finditer(line):
                rows = range(2 * first + run.start(), 2 * first + run.end())
                found += zip(map(Hex, repeat(q, len(rows)), rows), repeat(values[run[1][0]]))
        return found

    def from_offsets(self, columns, rows) -> list:
        """``from_offset`` of each column of ``columns`` with the matching row of ``rows``, with
        no call per cell but the one making it (as for squares)."""
        columns, rows = list(columns), list(rows)
        if self.orientation == "flat":
            shifts = map(floordiv, map(sub, columns, map(and_, columns, repeat(1))), repeat(2))
            return list(map(Hex, columns, map(sub, rows, shifts)))
        shifts = map(floordiv, map(sub, rows, map(and_, rows, repeat(1))), repeat(2))
        return list(map(Hex, map(sub, columns, shifts), rows))

    def _column(self, column: int, start: int, end: int):
        """The hexes of ``column`` (flat hexes) from row ``start`` to row ``end - 1``."""
        shift = (column - (column & 1)) // 2
        return map(Hex, repeat(column, end - start), range(start - shift, end - shift))

    def _offsets(self, cells: list) -> tuple[list, list]:
        """The columns and the rows of ``cells``, hexes all (``to_offset`` of each)."""
        qs, rs = self._coordinates(cells)
        if self.orientation == "flat":
            return qs, [r + (q - (q & 1)) // 2 for q, r in zip(qs, rs)]
        return [q + (r - (r & 1)) // 2 for q, r in zip(qs, rs)], rs

    def distance(self, a: Hex, b: Hex) -> int:
        """Hexes from ``a`` to ``b`` along the shortest path ("UA Hex Grid")."""
        return (abs(a.q - b.q) + abs(a.r - b.r) + abs(a.s - b.s)) // 2

    def line(self, a: Hex, b: Hex) -> tuple[Hex, ...]:
        """The hexes on the straight line from ``a`` to ``b``, both ends included.

        Samples the segment once per hex of distance and rounds each point to its hex, in whole
        numbers; a point on the side or corner between hexes goes the way of ``HEX_LINE_NUDGE``
        (Red Blob Games, "Line drawing"). So a line shifted anywhere covers the same hexes
        shifted, and ``line(b, a)`` is ``line(a, b)`` reversed.
        """
        steps = self.distance(a, b)
        if steps == 0:
            return (a,)
        dq, dr = b.q - a.q, b.r - a.r
        return tuple(
            _nudged_round(a.q * steps + dq * i, a.r * steps + dr * i, steps) for i in range(steps + 1)
        )

    def centre(self, cell: Hex) -> tuple[float, float]:
        """The centre of ``cell`` in unit geometry (neighbouring centres are 1 apart)."""
        q, r = cell.q, cell.r
        if self.orientation == "flat":
            return (_ROOT3 / 2 * q + 1 / _ROOT3, r + q / 2 + 0.5)
        return (q + r / 2 + 0.5, _ROOT3 / 2 * r + 1 / _ROOT3)

    def cell_at(self, x: float, y: float) -> Hex:
        """The hex containing the unit-geometry point ``(x, y)``, on the board or not."""
        if self.orientation == "flat":
            fq = (x - 1 / _ROOT3) * 2 / _ROOT3
            return _cube_round(fq, y - 0.5 - fq / 2)
        fr = (y - 1 / _ROOT3) * 2 / _ROOT3
        return _cube_round(x - 0.5 - fr / 2, fr)

    def corners(self, cell: Hex) -> tuple[tuple[float, float], ...]:
        """The six corners of ``cell`` in unit geometry, clockwise from the east (flat) or
        the east-south-east (pointy)."""
        cx, cy = self.centre(cell)
        start = 0 if self.orientation == "flat" else 30
        radius = 1 / _ROOT3
        return tuple(
            (
                cx + radius * math.cos(math.radians(start + 60 * k)),
                cy + radius * math.sin(math.radians(start + 60 * k)),
            )
            for k in range(6)
        )

    def extent(self) -> tuple[float, float]:
        """The width and height of the board's bounding box in unit geometry."""
        across = _ROOT3 / 2
        if self.orientation == "flat":
            shifted = 0.5 if self.width > 1 else 0.0
            return (across * (self.width - 1) + 2 / _ROOT3, self.height + shifted)
        shifted = 0.5 if self.height > 1 else 0.0
        return (self.width + shifted, across * (self.height - 1) + 2 / _ROOT3)


def _is_real(value) -> bool:
    """Whether ``value`` is a finite int or float (``bool`` is not one)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


@dataclass(frozen=True)
class Layout:
    """Where a grid is drawn: ``cell_size`` pixels per unit, unit ``(0, 0)`` at pixel ``origin``.

    On squares ``cell_size`` is a square's side; on hexes it is the distance between the centres
    of neighbouring hexes (the width across flats). ``origin`` is the pixel of the board's
    north-west bounding-box corner.
    """

    grid: Grid
    cell_size: float
    origin: tuple[float, float] = (0.0, 0.0)

    def __post_init__(self):
        if not _is_real(self.cell_size) or self.cell_size <= 0:
            raise GridError(f"A cell must be drawn some pixels wide, not {self.cell_size!r}.")
        if (
            not isinstance(self.origin, tuple)
            or len(self.origin) != 2
            or not all(_is_real(value) for value in self.origin)
        ):
            raise GridError(f"A board's origin is a pixel (x, y), not {self.origin!r}.")

    def _pixel(self, point: tuple[float, float]) -> tuple[float, float]:
        """The pixel of a unit-geometry point."""
        size = self.cell_size
        return (self.origin[0] + size * point[0], self.origin[1] + size * point[1])

    def to_pixel(self, cell) -> tuple[float, float]:
        """The pixel at the centre of ``cell``."""
        return self._pixel(self.grid.centre(cell))

    def from_pixel(self, x: float, y: float):
        """The cell under pixel ``(x, y)``, on the board or not (``grid.contains`` tells)."""
        size = self.cell_size
        return self.grid.cell_at((x - self.origin[0]) / size, (y - self.origin[1]) / size)

    def corners(self, cell) -> tuple[tuple[float, float], ...]:
        """The pixel corners of ``cell``, a polygon to fill or stroke."""
        return tuple(self._pixel(point) for point in self.grid.corners(cell))

    def extent(self) -> tuple[float, float]:
        """The pixel width and height of the whole board."""
        width, height = self.grid.extent()
        return (width * self.cell_size, height * self.cell_size)
