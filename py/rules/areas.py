"""Spell areas and the ruler: which cells a burst, a cone or a line covers, and how far apart
two cells or two creatures are, counted as the rules count them.

``burst``, ``cone`` and ``line`` turn a point of origin, a direction and a size in feet into the
frozenset of cells on the board the area covers (cells off the board are left out: the page
draws what is on it). ``Template`` holds one such area as a value the page can keep.
``measure`` is the ruler along waypoints and ``distance_between`` the distance between two
spaces. ``area_starts`` and ``area_ruling`` bring in the caster: which corners of its space a
cone or line may start from under a facing ruleset, and whether an area may be cast as laid.

Sources: SRD 3.5, "Aiming a Spell: Area" (quoted where each rule is implemented; it is not one
of the seeds, the issue quotes it); seed 002, "Measuring Distance" (the 1-2-1-2 diagonals);
seed 000, "UA Combat Facing: Spellcasting" (lines and cones "emerge from any grid intersection
between the spellcaster's space and his front area"; "A spellcaster can't target anything in
his rear area with a spell") and "UA Hex Grid" ("Spell areas change to accomodate the hex
grid", a diagram the text lacks). The readings chosen are in docs/rules.md, "Spell areas and
the ruler".
"""

from dataclasses import dataclass
from typing import NamedTuple

from rules.creature import Creature
from rules.errors import RulesError
from rules.facing import RULE_SPELLS, Intersection, spell_origins, spell_target_ruling
from rules.grid import Grid, Hex, Square
from rules.itemise import Item
from rules.sizes import FEET_PER_CELL
from rules.zones import NO_FACING, Ruleset, Zone, zone_name, zone_of

RULE_AREA = "SRD 3.5: Aiming a Spell: Area"
RULE_DISTANCE = "Seed 002: Measuring Distance"


class AreaError(RulesError):
    """A spell area or a measurement that cannot be laid: a size that is not a number of
    squares, a point off the board, a direction the grid lacks."""


SHAPES = ("burst", "cone", "line")
"""The shapes of area the board lays. An emanation or a spread is laid as a burst: the SRD
measures all three by a radius from a point of origin (walls and corners are not read here)."""

SIDES = ("right", "left")
"""Which side of a line that runs along a grid line it covers, seen looking along the line."""

COMMON_SIZES = {
    "burst": (5, 10, 15, 20, 30, 40),
    "cone": (15, 30, 60),
    "line": (30, 60, 120),
}
"""The sizes in feet the page offers first for each shape (a burst's radius, a cone's or a
line's length); any other multiple of 5 feet up to ``MAX_SIZE`` may be typed."""

MAX_SIZE = 1000
"""The largest area in feet: 200 squares, the longest side of a board a link may carry."""


class Measurement(NamedTuple):
    """A distance as the ruler reads it: ``cells`` counted by the rules (squares with the
    1-2-1-2 diagonals, or hexes) and the same in ``feet``, 5 feet a cell."""

    cells: int
    feet: int


# Checking what a player gives.


def _cells_in(size_ft, what: str) -> int:
    """The number of cells ``size_ft`` feet make; ``AreaError`` unless it is a whole number of
    5-foot cells between 5 feet and ``MAX_SIZE``. ``what`` names the size: "A cone's length"."""
    if isinstance(size_ft, bool) or not isinstance(size_ft, int):
        raise AreaError(f"{what} is a whole number of feet, not {size_ft!r}.")
    if size_ft <= 0 or size_ft % FEET_PER_CELL:
        raise AreaError(f"{what} is counted in 5-foot squares: 5, 10, 15 feet and so on, not {size_ft}.")
    if size_ft > MAX_SIZE:
        raise AreaError(f"{what} is at most {MAX_SIZE} feet, not {size_ft}.")
    return size_ft // FEET_PER_CELL


def _check_origin(grid: Grid, origin, shape: str) -> None:
    """``AreaError`` unless ``origin`` is a point of origin on ``grid``: on squares the square
    whose north-west corner is the intersection (the board's east and south edges included),
    on hexes a hex of the board."""
    if grid.kind == "square":
        if not isinstance(origin, Square):
            raise AreaError(
                f"On squares a {shape} starts at a grid intersection, given as the square whose "
                f"north-west corner it is, not {origin!r}."
            )
        if not (0 <= origin.x <= grid.width and 0 <= origin.y <= grid.height):
            raise AreaError(f"The {shape}'s point of origin must be on the board.")
        return
    if not isinstance(origin, Hex):
        raise AreaError(f"On hexes a {shape} starts from a hex, not {origin!r}.")
    if not grid.contains(origin):
        raise AreaError(f"The {shape}'s hex of origin must be on the board.")


def _hex_index(grid: Grid, direction, names: tuple[str, ...], what: str) -> int:
    """``direction`` if it numbers one of ``names`` (a hex grid's directions or corners), else
    ``AreaError`` listing them."""
    if isinstance(direction, bool) or not isinstance(direction, int) or not 0 <= direction < len(names):
        listed = ", ".join(f"{index} {name}" for index, name in enumerate(names))
        raise AreaError(f"On {grid.orientation} hexes {what} is one of {listed}; not {direction!r}.")
    return direction


def _aim(grid: Grid, origin: Square, direction) -> tuple[int, int]:
    """The direction of a cone or line on squares as a whole-number vector (y south): one of
    the eight compass directions by index, or toward the centre of a square given to aim at.

    A square's centre lies half a square off the grid lines, so the vector from the
    intersection to it, doubled, is whole: ``(2 * dx + 1, 2 * dy + 1)``.
    """
    if isinstance(direction, Square):
        return (2 * (direction.x - origin.x) + 1, 2 * (direction.y - origin.y) + 1)
    if isinstance(direction, int) and not isinstance(direction, bool) and 0 <= direction < len(grid.vectors):
        return grid.vectors[direction]
    raise AreaError(
        f"A cone or line on squares goes toward one of {', '.join(grid.directions)} (numbered "
        f"0 to 7) or toward a square to aim at, not {direction!r}."
    )


# Squares: the area's cells counted from an intersection.


def _reach(i: int, j: int) -> int:
    """Squares from an intersection to the far corner of the square ``(i, j)`` squares east and
    south of the one whose north-west corner it is, diagonals 1-2-1-2.

    SRD, Aiming a Spell: "count from intersection to intersection"; "If the far edge of a
    square is within the spell's area, anything within that square is within the spell's area.
    If the spell's area only touches the near edge of a square, however, anything within that
    square is unaffected by the spell." The far edge is within when its farthest point, the
    corner away from the intersection, is.
    """
    a = i + 1 if i >= 0 else -i
    b = j + 1 if j >= 0 else -j
    return max(a, b) + min(a, b) // 2


def _near_squares(grid: Grid, origin: Square, steps: int):
    """``(square, i, j)`` for every square of the board within ``steps`` squares of the
    intersection ``origin`` (far corner counted), ``(i, j)`` its offset from ``origin``."""
    ox, oy = origin.x, origin.y
    for y in range(max(0, oy - steps), min(grid.height, oy + steps)):
        for x in range(max(0, ox - steps), min(grid.width, ox + steps)):
            if _reach(x - ox, y - oy) <= steps:
                yield Square(x, y), x - ox, y - oy


def _in_quarter_circle(vector: tuple[int, int], i: int, j: int) -> bool:
    """Whether the centre of the square at offset ``(i, j)`` lies within 45 degrees of
    ``vector``, edges included: the dot product is positive and its square at least half the
    product of the squared lengths (cos^2 45 = 1/2), all in whole numbers."""
    u, v = 2 * i + 1, 2 * j + 1
    dot = vector[0] * u + vector[1] * v
    return dot > 0 and 2 * dot * dot >= (vector[0] ** 2 + vector[1] ** 2) * (u * u + v * v)


def _line_squares(origin: Square, vector: tuple[int, int], steps: int, side: str):
    """The squares a ray from the intersection ``origin`` along ``vector`` passes through, in
    order, while their far corner is within ``steps`` squares.

    It walks from square to square, crossing whichever grid line the ray meets first (compared
    exactly: the ``m``-th column line at ``m / |vx|``, the ``n``-th row line at ``n / |vy|``)
    and both at once where it passes through an intersection, so the squares it only touches
    at a corner are left out. A ray along a grid line (``vx`` or ``vy`` is 0) passes through no
    square's inside; it is taken as leaning to its ``side``.
    """
    vx, vy = vector
    # The right-hand side, looking along the ray with y growing south, is (-vy, vx).
    lean_x, lean_y = (-vy, vx) if side == "right" else (vy, -vx)
    heading_x, heading_y = vx or lean_x, vy or lean_y
    step_x, step_y = (1 if heading_x > 0 else -1), (1 if heading_y > 0 else -1)
    i, j = (0 if heading_x > 0 else -1), (0 if heading_y > 0 else -1)
    across_x, across_y = abs(vx), abs(vy)
    lines_x = lines_y = 1
    while _reach(i, j) <= steps:
        yield Square(origin.x + i, origin.y + j)
        ahead = lines_x * across_y - lines_y * across_x
        if ahead <= 0:
            i, lines_x = i + step_x, lines_x + 1
        if ahead >= 0:
            j, lines_y = j + step_y, lines_y + 1


# Hexes.


def _hex_ball(grid: Grid, origin: Hex, steps: int) -> frozenset:
    """The hexes of the board within ``steps`` hexes of ``origin``, ``origin`` included."""
    if (2 * steps + 1) ** 2 > grid.width * grid.height:
        # A typed radius bigger than the board: read the board rather than the whole circle.
        return frozenset(cell for cell in grid.cells() if grid.distance(origin, cell) <= steps)
    q, r = origin.q, origin.r
    found = (
        Hex(q + dq, r + dr)
        for dq in range(-steps, steps + 1)
        for dr in range(max(-steps, -dq - steps), min(steps, -dq + steps) + 1)
    )
    return frozenset(cell for cell in found if grid.contains(cell))


def _corner_sides(grid: Grid, corner: int) -> tuple[int, int]:
    """The two directions of ``grid`` whose neighbours meet a hex at its corner ``corner``:
    the pair of neighbouring steps that add up to that corner's diagonal."""
    count, vectors = len(grid.vectors), grid.vectors
    target = grid.diagonal_vector(corner)
    first = next(
        index
        for index in range(count)
        if tuple(map(sum, zip(vectors[index], vectors[(index + 1) % count]))) == target
    )
    return first, (first + 1) % count


def _hex_corner(grid: Grid, cell: Hex, corner: int) -> Intersection:
    """The intersection at corner ``corner`` of ``cell``: it and the two hexes meeting there."""
    first, second = _corner_sides(grid, corner)
    return Intersection(tuple(sorted((cell, grid.step(cell, first), grid.step(cell, second)))))


# The areas.


def burst(grid: Grid, origin, radius_ft: int) -> frozenset:
    """The cells of the board a burst (or an emanation, or a spread) of ``radius_ft`` covers.

    SRD, Aiming a Spell: "Burst: As with an effect, you select the spell's point of origin. The
    spell bursts out from this point, affecting whatever it catches in its area"; "The point of
    origin of a spell is always a grid intersection. When determining whether a given creature
    is within the area of a spell, count out the distance from the point of origin in squares
    just as you do when moving a character". On squares ``origin`` is the intersection at the
    north-west corner of that square, and a square is in when its far corner is within the
    radius. On hexes ``origin`` is a hex and the burst covers every hex within the radius by hex
    count ("UA Hex Grid": "count hexes by the shorter path"), ``origin`` included.
    """
    steps = _cells_in(radius_ft, "A burst's radius")
    _check_origin(grid, origin, "burst")
    if grid.kind == "hex":
        return _hex_ball(grid, origin, steps)
    return frozenset(cell for cell, _, _ in _near_squares(grid, origin, steps))


def cone(grid: Grid, origin, direction, length_ft: int) -> frozenset:
    """The cells of the board a cone of ``length_ft`` covers.

    SRD, Aiming a Spell: "Cone: A cone shoots away from you in a quarter-circle in the direction
    you designate. It starts from any corner of your square and widens out as it goes."

    On squares ``origin`` is the intersection at the north-west corner of that square;
    ``direction`` is an index of ``grid.directions`` (N, NE, ... NW) or a square to aim at (the
    cone's axis runs to its centre). A square is in when its centre is within 45 degrees of the
    axis, edges included, and its far corner within the length, diagonals 1-2-1-2: a square of
    the burst of that size. For the eight compass aims a centre is within the quarter circle's
    sides exactly when the far corner is, so this is the SRD's far-edge rule. On hexes
    the cone is a 60-degree wedge: it leaves the hex ``origin`` at its corner ``direction`` (an
    index of ``grid.diagonals``) and covers the hexes between the two sides of ``origin`` that
    meet there and their continuations, edges included, out to the length by hex count; not
    ``origin`` itself.
    """
    steps = _cells_in(length_ft, "A cone's length")
    _check_origin(grid, origin, "cone")
    if grid.kind == "hex":
        corner = _hex_index(grid, direction, grid.diagonals, "a cone's corner")
        first, second = _corner_sides(grid, corner)
        (a, b), (c, d) = grid.vectors[first], grid.vectors[second]
        # The hexes m steps along one side and k along the other, 1 <= m + k <= steps.
        found = (
            Hex(origin.q + m * a + k * c, origin.r + m * b + k * d)
            for m in range(steps + 1)
            for k in range(max(0, 1 - m), steps - m + 1)
        )
        return frozenset(cell for cell in found if grid.contains(cell))
    vector = _aim(grid, origin, direction)
    return frozenset(
        cell for cell, i, j in _near_squares(grid, origin, steps) if _in_quarter_circle(vector, i, j)
    )


def line(grid: Grid, origin, direction, length_ft: int, side: str = "right") -> frozenset:
    """The cells of the board a line of ``length_ft`` covers.

    SRD, Aiming a Spell: "Line: A line-shaped spell shoots away from you in a line in the
    direction you designate. It starts from any corner of your square and extends to the limit
    of its range or until it strikes a barrier that blocks line of effect. A line-shaped spell
    affects all creatures in squares that the line passes through."

    On squares ``origin`` and ``direction`` are as for ``cone``. A square is in when the line
    passes through its inside and its far corner is within the length, diagonals 1-2-1-2: one
    square per step, 5 feet wide. A line along a grid line (north, east, south or west from an
    intersection) passes through no square's inside; it covers the squares on its ``side``
    (``"right"`` or ``"left"``, looking along it). On hexes the line leaves the hex ``origin``
    through its side ``direction`` (an index of ``grid.directions``) and runs through the
    centres of the hexes in that row, out to the length; not ``origin`` itself. Barriers are not
    read here.
    """
    steps = _cells_in(length_ft, "A line's length")
    _check_origin(grid, origin, "line")
    if side not in SIDES:
        raise AreaError(f"A line along a grid line covers the squares on its right or left, not {side!r}.")
    if grid.kind == "hex":
        a, b = grid.vectors[_hex_index(grid, direction, grid.directions, "a line's direction")]
        found = (Hex(origin.q + m * a, origin.r + m * b) for m in range(1, steps + 1))
        return frozenset(cell for cell in found if grid.contains(cell))
    return frozenset(
        cell for cell in _line_squares(origin, _aim(grid, origin, direction), steps, side) if grid.contains(cell)
    )


@dataclass(frozen=True)
class Template:
    """One spell area laid on the board, as a value the page keeps while the player aims it.

    ``shape`` is one of ``SHAPES``; ``origin`` and ``direction`` are what ``burst``, ``cone``
    and ``line`` take (a burst has no direction: ``None``); ``size`` is the radius or length in
    feet; ``side`` is a line's side along a grid line (see ``line``).
    """

    shape: str
    origin: Square | Hex
    size: int
    direction: int | Square | None = None
    side: str = "right"

    def __post_init__(self):
        if self.shape not in SHAPES:
            raise AreaError(f"A spell area is a {', '.join(SHAPES[:-1])} or {SHAPES[-1]}, not {self.shape!r}.")
        _cells_in(self.size, f"A {self.shape}'s {'radius' if self.shape == 'burst' else 'length'}")
        if (self.direction is None) != (self.shape == "burst"):
            needs = "has no direction" if self.shape == "burst" else "needs a direction"
            raise AreaError(f"A {self.shape} {needs}.")
        if self.side not in SIDES:
            raise AreaError(f"A line along a grid line covers the squares on its right or left, not {self.side!r}.")

    def cells(self, grid: Grid) -> frozenset:
        """The cells of the board this area covers (``burst``, ``cone`` or ``line``)."""
        if self.shape == "burst":
            return burst(grid, self.origin, self.size)
        if self.shape == "cone":
            return cone(grid, self.origin, self.direction, self.size)
        return line(grid, self.origin, self.direction, self.size, self.side)


# The ruler.


def measure(grid: Grid, waypoints) -> Measurement:
    """The ruler's reading along ``waypoints``, cell to cell in order.

    Seed 002, Measuring Distance: "the first diagonal counts as 1 square, the second counts as
    2 squares, the third counts as 1, the fourth as 2, and so on." The count runs on across
    waypoints, as along a move: two legs of one diagonal each are 1 + 2 = 3 squares. On hexes
    each leg is its hex count.
    """
    cells = list(waypoints)
    if not cells:
        raise AreaError("A measurement needs at least one cell.")
    for cell in cells:
        grid.check_cell(cell)
    legs = list(zip(cells, cells[1:]))
    if grid.kind == "hex":
        total = sum(grid.distance(a, b) for a, b in legs)
        return Measurement(total, total * FEET_PER_CELL)
    straights = diagonals = 0
    for a, b in legs:
        dx, dy = abs(b.x - a.x), abs(b.y - a.y)
        straights += abs(dx - dy)
        diagonals += min(dx, dy)
    total = straights + diagonals + diagonals // 2
    return Measurement(total, total * FEET_PER_CELL)


def _space(grid: Grid, thing) -> tuple:
    """The cells of ``thing``: a creature's space, or the one cell given."""
    if isinstance(thing, Creature):
        return thing.cells(grid)
    grid.check_cell(thing)
    return (thing,)


def distance_between(grid: Grid, a, b) -> Measurement:
    """The distance between two spaces, each a creature or a cell: from the nearest cell of
    one to the nearest cell of the other by ``grid.distance``, as reach and range count it
    (``rules.reach``); 0 when the spaces meet."""
    first, second = _space(grid, a), _space(grid, b)
    total = min(grid.distance(x, y) for x in first for y in second)
    return Measurement(total, total * FEET_PER_CELL)


# The caster.


@dataclass(frozen=True)
class AreaStart:
    """A place on the edge of a caster's space where a cone or a line could start, and whether
    the ruleset lets it.

    ``cells`` are the cells meeting there, sorted: four squares or three hexes at a corner, or
    the two hexes of a side (a line on hexes leaves through a side); ``point`` is where to draw
    it. ``origin`` and ``direction`` are what ``cone`` or ``line`` take from here: on squares
    the square whose north-west corner it is, with any direction (``None``); on hexes the
    caster's hex and the corner (a cone) or side (a line) it leaves by. ``items`` say why a
    start is not ``allowed``.
    """

    shape: str
    cells: tuple
    origin: Square | Hex
    direction: int | None
    allowed: bool
    items: tuple[Item, ...] = ()

    def point(self, grid: Grid) -> tuple[float, float]:
        """Where the start lies in unit geometry: the mean of its cells' centres."""
        centres = [grid.centre(cell) for cell in self.cells]
        return (
            sum(x for x, _ in centres) / len(centres),
            sum(y for _, y in centres) / len(centres),
        )


@dataclass(frozen=True)
class AreaRuling:
    """Whether a caster may cast an area as laid, with the cells it covers.

    ``cells`` are the area's cells on the board; a cone or line leaves out the caster's own
    space (it "shoots away from you"). ``items`` say why it is not ``allowed``;
    ``turn_first`` is the caster turned to face a burst's point (the cell there nearest it) when
    turning would allow it.
    """

    allowed: bool
    cells: frozenset
    items: tuple[Item, ...] = ()
    turn_first: Creature | None = None


def _check_shape(shape, allowed: tuple[str, ...]) -> str:
    """``shape`` if it is one of ``allowed``, else ``AreaError``."""
    if shape not in allowed:
        raise AreaError(f"Only a {' or a '.join(allowed)} starts at the edge of the caster's space, not {shape!r}.")
    return shape


def _touching(caster: Creature, cells, grid: Grid, ruleset: Ruleset) -> str:
    """``"your flank and rear areas"``: the zones of ``caster`` that ``cells`` outside its space
    lie in, as a player reads them."""
    zones = {zone_of(caster, cell, grid, ruleset) for cell in cells}
    names = [zone_name(zone, ruleset) for zone in Zone if zone in zones]
    return f"your {' and '.join(names)} area{'s' if len(names) > 1 else ''}"


def area_starts(caster: Creature, grid: Grid, ruleset: Ruleset, shape: str) -> tuple[AreaStart, ...]:
    """Every place at the edge of ``caster``'s space a ``shape`` ("cone" or "line") could start
    from, each saying whether ``ruleset`` allows it and, if not, why.

    SRD: a cone or line "starts from any corner of your square". UA Combat Facing: Spellcasting:
    they "emerge from any grid intersection between the spellcaster's space and his front area"
    (``rules.facing.spell_origins``). The corners are every intersection the space shares with a
    neighbouring cell. On hexes a cone leaves a corner where one hex of the caster meets two
    others (a corner between two of its hexes would send it through itself), and a line leaves
    through a side onto a hex outside the space; such a side is allowed when both its corners
    are.
    """
    _check_shape(shape, ("cone", "line"))
    own = set(caster.cells(grid))
    allowed = set(spell_origins(caster, grid, ruleset))
    corners = spell_origins(caster, grid, NO_FACING)
    starts = []
    if grid.kind == "hex" and shape == "line":
        for cell in sorted(own):
            for side in range(len(grid.directions)):
                beyond = grid.step(cell, side)
                if beyond in own:
                    continue
                ends = [
                    _hex_corner(grid, cell, corner)
                    for corner in range(len(grid.diagonals))
                    if side in _corner_sides(grid, corner)
                ]
                ok = all(end in allowed for end in ends)
                items = () if ok else (
                    Item(
                        "Lines start between your space and your front area: this side opens onto "
                        + _touching(caster, (beyond,), grid, ruleset),
                        None,
                        RULE_SPELLS,
                    ),
                )
                starts.append(AreaStart(shape, tuple(sorted((cell, beyond))), cell, side, ok, items))
        return tuple(starts)
    for corner in corners:
        mine = [cell for cell in corner.cells if cell in own]
        if grid.kind == "hex":
            if len(mine) != 1:
                continue
            origin = mine[0]
            direction = next(k for k in range(len(grid.diagonals)) if _hex_corner(grid, origin, k) == corner)
        else:
            origin, direction = corner.cells[-1], None
        ok = corner in allowed
        items = () if ok else (
            Item(
                f"{shape.capitalize()}s start between your space and your front area: this corner "
                f"touches {_touching(caster, corner.cells, grid, ruleset)}",
                None,
                RULE_SPELLS,
            ),
        )
        starts.append(AreaStart(shape, corner.cells, origin, direction, ok, items))
    if grid.kind == "hex":
        starts.sort(key=lambda start: (start.origin, start.direction))
    return tuple(starts)


def _nearest_first(caster: Creature, cells, grid: Grid) -> list:
    """``cells`` sorted by how near their centres lie to the centre of ``caster``'s space."""
    own = [grid.centre(cell) for cell in caster.cells(grid)]
    cx, cy = sum(x for x, _ in own) / len(own), sum(y for _, y in own) / len(own)

    def nearness(cell):
        x, y = grid.centre(cell)
        return ((x - cx) ** 2 + (y - cy) ** 2, cell)

    return sorted(cells, key=nearness)


def area_ruling(caster: Creature, template: Template, grid: Grid, ruleset: Ruleset) -> AreaRuling:
    """Whether ``caster`` may cast ``template`` as laid under ``ruleset``, with its cells.

    A burst's point is a target: UA Combat Facing: Spellcasting, "A spellcaster can't target
    anything in his rear area with a spell" (``rules.facing.spell_target_ruling``); the point
    may be chosen when any cell meeting there may be targeted. A cone or line must start at one
    of ``area_starts`` that is allowed, and it cannot be aimed into the rear: none of its cells
    may lie in or beyond the caster's rear area.
    """
    cells = template.cells(grid)
    if template.shape == "burst":
        if grid.kind == "square":
            x, y = template.origin.x, template.origin.y
            points = _nearest_first(caster, [Square(x - dx, y - dy) for dx in (0, 1) for dy in (0, 1)], grid)
        else:
            points = [template.origin]
        # The nearest cell's refusal comes first, so the turn it offers faces the point.
        rulings = [spell_target_ruling(caster, point, grid, ruleset) for point in points]
        if any(ruling.allowed for ruling in rulings):
            return AreaRuling(True, cells)
        return AreaRuling(False, cells, rulings[0].items, rulings[0].turn_first)
    cells -= set(caster.cells(grid))
    unit = "square" if grid.kind == "square" else "hex"
    starts = area_starts(caster, grid, ruleset, template.shape)
    here = [
        start
        for start in starts
        if start.origin == template.origin and (grid.kind == "square" or start.direction == template.direction)
    ]
    if not here:
        where = "side" if grid.kind == "hex" and template.shape == "line" else "corner"
        reason = f"A {template.shape} starts from a {where} of your space, and this is not one"
        return AreaRuling(False, cells, (Item(reason, None, RULE_AREA),))
    items = list(here[0].items)
    # Nearest first, so the refusal names the rear area itself before what lies beyond it.
    for cell in sorted(cells, key=lambda cell: (grid.distance(template.origin, cell), cell)):
        ruling = spell_target_ruling(caster, cell, grid, ruleset)
        if not ruling.allowed:
            items.append(Item(f"The {template.shape} reaches a {unit} you cannot target", None, RULE_SPELLS))
            items.append(ruling.items[0])
            break
    return AreaRuling(not items, cells, tuple(items))
