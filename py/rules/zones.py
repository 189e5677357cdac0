"""Front, flank and rear: which zone of a creature every cell of the board lies in.

"UA Combat Facing: Facing Direction" gives a creature a front area, flanks and a rear area;
"Opponent Facing" extends each to "the squares beyond it". The front/side/rear variant (seed 001)
draws the same three zones with other counts and calls the flank "side". A ``Ruleset`` is a
value holding the arcs that draw them, so the three rulesets (``UA_FACING``, ``VARIANT``,
``NO_FACING``) run through one piece of geometry:

* the zone of a cell is decided by the angle between the creature's facing and the line from
  the centre of the creature's space to the centre of the cell: within the front arc is FRONT,
  from the rear arc on is REAR, between is FLANK (docs/rules.md, "Zones");
* every comparison is on whole numbers (``Grid.dot`` and the exact squared cosines of
  ``EXACT_ANGLES``), so a cell exactly on an arc's edge falls the same way every time.

A creature without facing (faceless, or Tiny or smaller), or any creature under ``NO_FACING``,
has every cell outside its space in front: it "can move or attack into any adjacent square"
("Faceless Creatures"), and it has no flanks or rear.

Where the texts can be read two ways for big creatures on squares, the table's options pick
(``with_readings``): ``corner_facing_front_faces`` (UA) and ``variant_rear_is_back_face``.
"""

from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache

from rules.creature import Creature
from rules.errors import RulesError
from rules.grid import Grid
from rules.options import Options


class RulesetError(RulesError):
    """A facing ruleset the rules do not know, or one drawn with arcs that cannot be exact."""


class ZoneError(RulesError):
    """A zone name the rules do not know."""


class Zone(Enum):
    """The three zones around a creature with a facing. The variant calls FLANK "side"."""

    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


EXACT_ANGLES = {
    0: (1, 1),
    30: (3, 4),
    45: (1, 2),
    60: (1, 4),
    90: (0, 1),
    120: (1, 4),
    135: (1, 2),
    150: (3, 4),
    180: (1, 1),
}
"""Angles in degrees whose squared cosine is a fraction, as ``(numerator, denominator)``.

Arcs are drawn only at these angles so that zone edges are compared exactly.
"""


@dataclass(frozen=True)
class Arcs:
    """Where the zones change, in degrees from the facing: FRONT up to ``front`` (included),
    REAR from ``rear`` (included), FLANK between."""

    front: int
    rear: int

    def __post_init__(self):
        for angle in (self.front, self.rear):
            if angle not in EXACT_ANGLES or isinstance(angle, bool):
                raise RulesetError(
                    f"Zones are drawn at {', '.join(map(str, EXACT_ANGLES))} degrees, "
                    f"not {angle!r}, so that their edges are exact."
                )
        if self.front > self.rear:
            raise RulesetError(
                f"The front arc ({self.front} degrees) cannot pass the rear arc ({self.rear})."
            )


@dataclass(frozen=True)
class Ruleset:
    """A facing ruleset a player picks: its arcs on each kind of grid and its zone names.

    ``name`` is the short text ``parse_ruleset`` reads; ``label`` is what the page shows;
    ``zone_labels`` names FRONT, FLANK and REAR in that order; ``source`` cites the seed.

    Two readings change the geometry on squares (``with_readings`` sets them from the table's
    ``Options``): ``arcs_from_each_square_facing_a_corner`` measures the arcs of a creature
    facing a corner from every square of its space, not from its centre, so a big creature has
    both front faces and the corner in front, as a Medium one does; ``rear_behind_each_square``
    adds to the rear every square straight behind a square of the space, so the whole back
    face is rear for every size.
    """

    name: str
    label: str
    square_arcs: Arcs
    hex_arcs: Arcs
    zone_labels: tuple[str, str, str]
    source: str
    arcs_from_each_square_facing_a_corner: bool = False
    rear_behind_each_square: bool = False

    def __post_init__(self):
        if len(self.zone_labels) != len(Zone):
            raise RulesetError(f"The {self.label} ruleset must name all three zones.")

    def arcs(self, kind: str) -> Arcs:
        """The arcs this ruleset draws on a grid of ``kind`` ("square" or "hex")."""
        return self.hex_arcs if kind == "hex" else self.square_arcs


UA_FACING = Ruleset(
    name="ua",
    label="UA Combat Facing",
    square_arcs=Arcs(front=45, rear=135),
    hex_arcs=Arcs(front=60, rear=150),
    zone_labels=("front", "flank", "rear"),
    source="UA Combat Facing: Facing Direction",
)
"""Unearthed Arcana: 3 front, 2 flank and 3 rear squares around a Medium creature.

On hexes, where the text's diagram is missing, it draws the variant's hex arcs (docs/rules.md).
"""

VARIANT = Ruleset(
    name="variant",
    label="Front, side and rear",
    square_arcs=Arcs(front=45, rear=150),
    hex_arcs=Arcs(front=60, rear=150),
    zone_labels=("front", "side", "rear"),
    source="Front, side and rear variant (seed 001)",
)
"""Seed 001: 3 front, 4 side and 1 rear square around one square; 3, 2 and 1 around one hex."""

NO_FACING = Ruleset(
    name="none",
    label="No facing (standard rules)",
    square_arcs=Arcs(front=180, rear=180),
    hex_arcs=Arcs(front=180, rear=180),
    zone_labels=("front", "flank", "rear"),
    source="Standard rules (no facing)",
)
"""The standard rules: the front arc is the whole circle, so every cell is in front."""

RULESETS = {ruleset.name: ruleset for ruleset in (UA_FACING, VARIANT, NO_FACING)}
"""Every ruleset by its ``name``."""


@dataclass(frozen=True)
class Reading:
    """A table option that switches a reading of the zones' geometry on: the ``Options``
    field ``option`` sets the ``Ruleset`` field ``field`` of the ruleset called ``ruleset``."""

    option: str
    ruleset: str
    field: str


READINGS = (
    Reading("corner_facing_front_faces", UA_FACING.name, "arcs_from_each_square_facing_a_corner"),
    Reading("variant_rear_is_back_face", VARIANT.name, "rear_behind_each_square"),
)
"""UA Combat Facing, Facing Direction, read for a big creature facing a corner by analogy with a
Medium one ("The three squares a Small or Medium character is pointing toward are its front
area"); seed 001's "Larger creatures will have their facing spaces broken down in a similar
way" read as the whole back face, as for its Medium and Large counts."""


def with_readings(ruleset: Ruleset, options: Options) -> Ruleset:
    """``ruleset`` drawn with the zone readings ``options`` switch on (and no others): what
    the encounter draws and judges zones with. ``ruleset`` itself when nothing changes."""
    changes = {
        reading.field: reading.ruleset == ruleset.name and getattr(options, reading.option)
        for reading in READINGS
    }
    if all(getattr(ruleset, field) == value for field, value in changes.items()):
        return ruleset
    return replace(ruleset, **changes)


def parse_ruleset(text: str) -> Ruleset:
    """The ruleset called ``text`` (any case): ``"ua"``, ``"variant"`` or ``"none"``."""
    key = text.strip().lower() if isinstance(text, str) else None
    if key not in RULESETS:
        raise RulesetError(f"There is no facing ruleset {text!r}: choose {', '.join(RULESETS)}.")
    return RULESETS[key]


def ruleset_name(ruleset: Ruleset) -> str:
    """The short name of ``ruleset``, the text ``parse_ruleset`` reads back."""
    return ruleset.name


def zone_name(zone: Zone, ruleset: Ruleset) -> str:
    """What ``ruleset`` calls ``zone``: the variant's FLANK is ``"side"``."""
    return ruleset.zone_labels[list(Zone).index(zone)]


def parse_zone(text: str) -> Zone:
    """The zone any ruleset calls ``text`` (any case): ``"side"`` and ``"flank"`` are FLANK."""
    key = text.strip().lower() if isinstance(text, str) else None
    for ruleset in RULESETS.values():
        if key in ruleset.zone_labels:
            return list(Zone)[ruleset.zone_labels.index(key)]
    raise ZoneError(f"There is no zone {text!r}: choose front, flank (or side) or rear.")


def _exact(angle: int) -> tuple[int, int, bool]:
    """``angle`` in degrees as ``(numerator, denominator, obtuse)``: its squared cosine as a
    fraction and whether the cosine is negative."""
    numerator, denominator = EXACT_ANGLES[angle]
    return (numerator, denominator, angle > 90)


def _arc_tests(grid: Grid, vector: tuple[int, int], arcs: Arcs):
    """``(in_front, in_rear)``: whether a coordinate offset ``(va, vb)`` (any whole-number
    multiple of the line to a cell) lies within the front arc, or the rear arc, of ``vector``.
    Each is a few multiplications on whole numbers."""
    pull_a, pull_b = grid.dot(vector, (1, 0)), grid.dot(vector, (0, 1))
    facing_norm = grid.dot(vector, vector)
    ma, mb, mc = grid.metric
    front_num, front_den, front_obtuse = _exact(arcs.front)
    rear_num, rear_den, rear_obtuse = _exact(180 - arcs.rear)

    def in_front(va: int, vb: int) -> bool:
        d = pull_a * va + pull_b * vb
        mm = facing_norm * (ma * va * va + 2 * mb * va * vb + mc * vb * vb)
        if front_obtuse:
            return d >= 0 or d * d * front_den <= front_num * mm
        return d >= 0 and d * d * front_den >= front_num * mm

    def in_rear(va: int, vb: int) -> bool:
        d = pull_a * va + pull_b * vb
        mm = facing_norm * (ma * va * va + 2 * mb * va * vb + mc * vb * vb)
        if rear_obtuse:
            return d <= 0 or d * d * rear_den <= rear_num * mm
        return d <= 0 and d * d * rear_den >= rear_num * mm

    return in_front, in_rear


@lru_cache(maxsize=1024)
def _classifier(creature: Creature, grid: Grid, ruleset: Ruleset):
    """A function from cell coordinates ``(a, b)`` to the zone of ``creature`` there.

    Built once per creature, grid and ruleset; every constant is bound in advance so that the
    board overlay's 10,000 calls are a few multiplications each.
    """
    coords = [cell.coords for cell in creature.cells(grid)]
    own = frozenset(coords)
    if not creature.has_facing:
        return lambda a, b: None if (a, b) in own else Zone.FRONT
    vector = creature.facing_vector(grid)
    arcs = ruleset.arcs(grid.kind)
    squares = grid.kind == "square"
    if squares and ruleset.arcs_from_each_square_facing_a_corner and all(vector):
        return _from_each_square(coords, own, grid, vector, arcs)
    # The line runs from the centre of the space, the mean of its cells; scaled by the cell
    # count n it is n * (a, b) - (sum_a, sum_b), whole numbers with the same angle.
    count = len(coords)
    sum_a = sum(a for a, _ in coords)
    sum_b = sum(b for _, b in coords)
    # dot(facing, v) is linear in v: bind its two coefficients.
    pull_a, pull_b = grid.dot(vector, (1, 0)), grid.dot(vector, (0, 1))
    facing_norm = grid.dot(vector, vector)
    ma, mb, mc = grid.metric
    front_num, front_den, front_obtuse = _exact(arcs.front)
    rear_num, rear_den, rear_obtuse = _exact(180 - arcs.rear)
    front_zone, flank_zone, rear_zone = Zone.FRONT, Zone.FLANK, Zone.REAR

    def zone(a: int, b: int) -> Zone | None:
        if (a, b) in own:
            return None
        va, vb = count * a - sum_a, count * b - sum_b
        d = pull_a * va + pull_b * vb
        mm = facing_norm * (ma * va * va + 2 * mb * va * vb + mc * vb * vb)
        dd = d * d
        # The angle to the facing is at most the front arc when its cosine d / sqrt(mm) is at
        # least the arc's; compared squared, minding signs. The rear test is the same against
        # the opposite direction (-d) and the supplement of the rear arc.
        if (
            (d >= 0 or dd * front_den <= front_num * mm)
            if front_obtuse
            else (d >= 0 and dd * front_den >= front_num * mm)
        ):
            return front_zone
        if (
            (d <= 0 or dd * rear_den <= rear_num * mm)
            if rear_obtuse
            else (d <= 0 and dd * rear_den >= rear_num * mm)
        ):
            return rear_zone
        return flank_zone

    if squares and ruleset.rear_behind_each_square:
        return _with_back_face(zone, coords, vector)
    return zone


def _from_each_square(coords: list, own: frozenset, grid: Grid, vector: tuple[int, int], arcs: Arcs):
    """The zones of a creature facing a corner with its arcs measured from every square of its
    space: front if some square sees the cell within the front arc, else rear if some square
    sees it within the rear arc, else flank. For a Medium creature it is the same geometry;
    a Large one facing NE has its north and east faces and the corner between in front."""
    in_front, in_rear = _arc_tests(grid, vector, arcs)
    # A square inside another's arc sees nothing that one does not (an arc is a convex cone),
    # so only the squares no other sees within the arc are asked.
    fronts = _unseen(coords, in_front)
    rears = _unseen(coords, in_rear)

    def zone(a: int, b: int) -> Zone | None:
        if (a, b) in own:
            return None
        if any(in_front(a - x, b - y) for x, y in fronts):
            return Zone.FRONT
        if any(in_rear(a - x, b - y) for x, y in rears):
            return Zone.REAR
        return Zone.FLANK

    return zone


def _unseen(coords: list, within) -> list:
    """The squares of ``coords`` that no other square of them sees ``within`` an arc."""
    return [
        (a, b)
        for a, b in coords
        if not any((x, y) != (a, b) and within(a - x, b - y) for x, y in coords)
    ]


def _with_back_face(zone, coords: list, vector: tuple[int, int]):
    """``zone`` with every cell straight behind a square of the space (a whole number of steps
    against the facing ``vector``) made rear: the whole back face and the squares beyond it."""
    fa, fb = vector
    # Along the facing a cell's place is fa * a + fb * b; across it, -fb * a + fa * b. Behind
    # the space on a line across: further back than the space's last square on that line.
    last = {}
    for a, b in coords:
        across, along = fa * b - fb * a, fa * a + fb * b
        last[across] = min(along, last.get(across, along))
    rear, flank = Zone.REAR, Zone.FLANK

    def behind(a: int, b: int) -> Zone | None:
        found = zone(a, b)
        if found is flank:
            back = last.get(fa * b - fb * a)
            if back is not None and fa * a + fb * b < back:
                return rear
        return found

    return behind


def zone_of(creature: Creature, cell, grid: Grid, ruleset: Ruleset) -> Zone | None:
    """The zone of ``creature`` that ``cell`` lies in, near or far, under ``ruleset``.

    ``None`` for a cell of the creature's own space. A creature without facing, or any creature
    under ``NO_FACING``, has every other cell in FRONT ("Faceless Creatures").
    """
    grid.check_cell(cell)
    return _classifier(creature, grid, ruleset)(*cell.coords)


def adjacent_ring(creature: Creature, grid: Grid) -> frozenset:
    """The cells on the board next to the creature's space (sharing a side or a corner)."""
    own = set(creature.cells(grid))
    return frozenset(other for cell in own for other in grid.neighbours(cell) if other not in own)


def zones_around(creature: Creature, grid: Grid, ruleset: Ruleset) -> dict:
    """The creature's adjacent cells split by zone: ``{Zone: frozenset of cells}``, all three.

    These are the front, flank and rear *areas* of UA Combat Facing ("the three squares a Small
    or Medium character is pointing toward are its front area") and seed 001's spaces.
    """
    zone = _classifier(creature, grid, ruleset)
    split = {each: set() for each in Zone}
    for cell in adjacent_ring(creature, grid):
        split[zone(*cell.coords)].add(cell)
    return {zone: frozenset(cells) for zone, cells in split.items()}


def board_zones(creature: Creature, grid: Grid, ruleset: Ruleset) -> dict:
    """Every cell of the board outside the creature's space, mapped to its zone.

    The board overlay draws this; it is plain whole-number arithmetic per cell, built for
    boards of 100 x 100 cells.
    """
    zone = _classifier(creature, grid, ruleset)
    found = ((cell, zone(*cell.coords)) for cell in grid.cells())
    return {cell: each for cell, each in found if each is not None}
