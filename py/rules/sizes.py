"""Creature sizes: the seed's size table as data, and the cells a creature of each size covers.

``SIZE_TABLE`` is "Table: Creature Size and Scale" from "Big and Little Creatures in Combat"
(seed 002), row for row. ``footprint`` turns a size, an anchor cell and (for a Large creature on
hexes) a facing into the cells the creature stands in: squares from the table's space, hexes
from ``HEX_RADIUS`` and the Large triangle of the front/side/rear variant (seed 001).
"""

from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache

from rules.errors import RulesError
from rules.grid import FacingError, Grid, Hex, Square


class SizeError(RulesError):
    """A size the rules do not know."""


class Size(IntEnum):
    """The nine size categories, smallest first, so ``Size.LARGE > Size.MEDIUM`` holds."""

    FINE = 0
    DIMINUTIVE = 1
    TINY = 2
    SMALL = 3
    MEDIUM = 4
    LARGE = 5
    HUGE = 6
    GARGANTUAN = 7
    COLOSSAL = 8


def size_name(size: Size) -> str:
    """The size as the seed table writes it: ``"Large"``; ``parse_size`` reads it back."""
    return Size(size).name.capitalize()


def parse_size(text: str) -> Size:
    """The size called ``text``, in any case: ``parse_size("large") is Size.LARGE``."""
    key = text.strip().upper() if isinstance(text, str) else None
    if key not in Size.__members__:
        names = [size_name(size) for size in Size]
        raise SizeError(
            f"There is no size {text!r}: choose {', '.join(names[:-1])} or {names[-1]}."
        )
    return Size[key]


@dataclass(frozen=True)
class SizeStats:
    """One row of "Table: Creature Size and Scale": space and natural reach, in feet.

    ``reach_tall`` and ``reach_long`` are the table's "(tall)" and "(long)" rows; sizes the table
    does not split have the same reach in both. ``space`` is in feet; the table's halves (1/2 ft,
    2-1/2 ft) are exact as floats, so no fractions module is loaded at the page's start.
    """

    space: float
    reach_tall: int
    reach_long: int


SIZE_TABLE = {
    Size.FINE: SizeStats(0.5, 0, 0),
    Size.DIMINUTIVE: SizeStats(1, 0, 0),
    Size.TINY: SizeStats(2.5, 0, 0),
    Size.SMALL: SizeStats(5, 5, 5),
    Size.MEDIUM: SizeStats(5, 5, 5),
    Size.LARGE: SizeStats(10, 10, 5),
    Size.HUGE: SizeStats(15, 15, 10),
    Size.GARGANTUAN: SizeStats(20, 20, 15),
    Size.COLOSSAL: SizeStats(30, 30, 20),
}
"""Seed 002, "Table: Creature Size and Scale": space and natural reach (tall, long) per size."""

FEET_PER_CELL = 5
""""A square on the battle grid is 1 inch across, representing a 5-foot-by-5-foot area."""


def is_tiny_or_smaller(size: Size) -> bool:
    """Whether ``size`` takes "less than 1 square of space" and has no facing.

    Seed 002, "Tiny, Diminutive, and Fine Creatures"; UA Combat Facing, "Tiny and Smaller
    Creatures": "Tiny and smaller creatures don't have facing."
    """
    return size <= Size.TINY


def natural_reach(size: Size, long: bool = False) -> int:
    """The natural reach in feet of a tall (default) or long creature of ``size``."""
    stats = SIZE_TABLE[size]
    return stats.reach_long if long else stats.reach_tall


def per_square(size: Size) -> int:
    """How many creatures of ``size`` fit in one square: 100 Fine, 25 Diminutive, 4 Tiny, else 1.

    Derived from the table's space: a Tiny creature's 2-1/2 feet fits twice each way across a
    5-foot square ("so four can fit into a single square").
    """
    return max(1, int((FEET_PER_CELL / SIZE_TABLE[size].space) ** 2))


def square_side(size: Size) -> int:
    """How many squares across a creature of ``size`` covers: its space over 5 feet, at least 1.

    Large 2, Huge 3, Gargantuan 4, Colossal 6; Tiny and smaller stand in (and share) one square.
    """
    return max(1, int(SIZE_TABLE[size].space / FEET_PER_CELL))


HEX_RADIUS = {
    Size.FINE: 0,
    Size.DIMINUTIVE: 0,
    Size.TINY: 0,
    Size.SMALL: 0,
    Size.MEDIUM: 0,
    Size.HUGE: 1,
    Size.GARGANTUAN: 2,
    Size.COLOSSAL: 3,
}
"""Hex footprints other than Large: a hex and this many rings around it (1, 7, 19, 37 hexes).

Huge is "a hex and its ring" (seven hexes). Gargantuan and Colossal are this project's choice
(docs/rules.md, "Footprints"): two and three rings, whose areas (19 and 37 hexes of 21.65 square
feet) are closest to their square spaces (400 and 900 square feet). Large is not here: it is the
three-hex triangle of seed 001 (``triangle``).
"""

LEADS = (1, 2)
"""A Large triangle leads with one hex (its point) or two (its flat side) (seed 001)."""


def has_lead(size: Size, grid: Grid) -> bool:
    """Whether ``lead`` shapes this creature: only a Large creature on hexes, a triangle."""
    return size == Size.LARGE and grid.kind == "hex"


def facing_names(size: Size, grid: Grid) -> tuple[str, ...]:
    """The names of the facings a creature of ``size`` has on ``grid``, index 0 first.

    The grid's directions, except a Large triangle on hexes, which faces the hex diagonals
    (``HEX_DIAGONALS``): its six sides, one hex or two hexes wide, face the corners of a hex.
    """
    return grid.diagonals if has_lead(size, grid) else grid.directions


def parse_facing(text: str, size: Size, grid: Grid) -> int:
    """The facing index called ``text`` for a creature of ``size`` on ``grid``."""
    return grid.parse_diagonal(text) if has_lead(size, grid) else grid.parse_facing(text)


def facing_name(index: int, size: Size, grid: Grid) -> str:
    """The name of facing ``index`` for a creature of ``size``; ``parse_facing`` reads it back."""
    return grid.diagonal_name(index) if has_lead(size, grid) else grid.facing_name(index)


def facing_vector(index: int, size: Size, grid: Grid) -> tuple[int, int]:
    """The coordinate vector a creature of ``size`` facing ``index`` points along."""
    if has_lead(size, grid):
        return grid.diagonal_vector(index)
    return grid.direction_vector(index)


def _check_lead(lead) -> int:
    """Return ``lead`` if it is 1 or 2, else raise ``FacingError``."""
    if isinstance(lead, bool) or lead not in LEADS:
        raise FacingError(f"A Large creature on hexes leads with 1 hex or 2, not {lead!r}.")
    return lead


def square_footprint(size: Size, anchor: Square) -> tuple[Square, ...]:
    """The squares of a creature of ``size`` whose north-west square is ``anchor``, row by row."""
    side = square_side(size)
    return tuple(Square(anchor.x + dx, anchor.y + dy) for dy in range(side) for dx in range(side))


def hexagon(centre: Hex, radius: int) -> tuple[Hex, ...]:
    """The hexes within ``radius`` of ``centre``, sorted by row then column."""
    return tuple(
        Hex(centre.q + dq, centre.r + dr)
        for dr in range(-radius, radius + 1)
        for dq in range(max(-radius, -dr - radius), min(radius, -dr + radius) + 1)
    )


def triangle(apex: Hex, point: int, grid: Grid) -> tuple[Hex, Hex, Hex]:
    """The three-hex triangle whose ``apex`` hex points along hex diagonal ``point``.

    The other two hexes are the apex's neighbours on the far side from the point: a diagonal is
    the sum of the two neighbour steps beside it, so they are the apex minus each of those steps.
    """
    along = grid.diagonal_vector(point)
    beside = [(dq, dr) for dq, dr in grid.vectors if (along[0] - dq, along[1] - dr) in grid.vectors]
    return (apex,) + tuple(Hex(apex.q - dq, apex.r - dr) for dq, dr in beside)


@lru_cache(maxsize=8192)
def footprint(size: Size, anchor, grid: Grid, facing: int | None = None, lead: int = 1) -> tuple:
    """The cells a creature of ``size`` stands in, on the board or not.

    Squares: ``anchor`` is the north-west square of a block ``square_side(size)`` across.
    Hexes: ``anchor`` is the centre of the hexagon, except for a Large triangle, where it is the
    apex, the hex on the triangle's axis: the front hex when it leads with one hex (``lead=1``),
    the back hex when it leads with two (``lead=2``). A faceless Large triangle (``facing`` None)
    stands as if facing diagonal 0, so ``lead`` picks between the two shapes.
    """
    grid.check_cell(anchor)
    if facing is not None:
        facing_vector(facing, size, grid)
    if grid.kind == "square":
        return square_footprint(size, anchor)
    if has_lead(size, grid):
        point = (facing or 0) + (0 if _check_lead(lead) == 1 else 3)
        return triangle(anchor, point % 6, grid)
    return hexagon(anchor, HEX_RADIUS[size])
