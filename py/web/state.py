"""What the page shows besides the encounter: the selection and the overlay switches. Pure.

``Ui`` is a frozen value like the encounter, so the scene is a function of the two. Pointer
geometry that is not a rule (which token is under the pointer, which facing a rotate drag
points at) lives here too, computed from the same ``Layout`` the scene draws with.
"""

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from rules.creature import Creature
from rules.encounter import Encounter
from rules.grid import Square, SquareGrid
from rules.sizes import Size, facing_names, facing_vector

BOARD_SIZE = (30, 20)


def demo_encounter():
    """The board a first visit opens on: Kroh between a bugbear and a goblin (seed 000's example)."""
    return Encounter(
        SquareGrid(*BOARD_SIZE),
        (
            Creature("Kroh", Size.MEDIUM, Square(8, 6), facing=0, level=6),
            Creature("Bugbear", Size.MEDIUM, Square(8, 5), facing=4, side="foe"),
            Creature("Goblin", Size.SMALL, Square(8, 7), facing=0, side="foe"),
            Creature("Ogre", Size.LARGE, Square(12, 4), facing=6, side="foe"),
        ),
    )


ARC_MODES = ("selected", "all", "held")
"""Whose front, flank and rear to show: the selected token's, every token's, or only while the
arcs key is held (always-on arcs clutter a busy map)."""


@dataclass(frozen=True)
class Ui:
    """The selection and the overlay switches.

    ``arcs`` is one of ``ARC_MODES``; ``arcs_held`` is whether the arcs key is down now;
    ``beyond`` extends the selected token's zones to the whole board ("or the squares beyond
    it"); ``reach`` shows the selected token's threatened cells; ``bands`` its movement range.
    ``mode`` is the kind of move a drag makes (a ``Mode`` value such as ``"double move"``),
    ``keep_facing`` whether it keeps the facing.
    ``tool`` is the board tool in hand (``web.tools.TOOLS``), ``paint`` the palette's kind,
    ``shape`` how the terrain tool paints (``"brush"`` or ``"rect"``) and ``wall`` the wall
    tool's kind. ``free`` is free placement: a drag puts a creature anywhere its space fits,
    with no speed limit and no attack of opportunity. ``group`` names the creatures selected
    together with ``selected`` (Shift-click, a box). ``legend`` shows what the overlays mean;
    ``hp_bars`` draws the hit point bars (off: kept from players' eyes).
    ``turn`` names the creature whose turn it is, ``attacker`` and ``target`` the attack panel's
    choice: each gets a ring on the board.
    """

    selected: str | None = None
    arcs: str = "selected"
    arcs_held: bool = False
    beyond: bool = False
    reach: bool = False
    bands: bool = False
    mode: str = "move"
    keep_facing: bool = False
    tool: str = "select"
    paint: str = "difficult"
    shape: str = "brush"
    wall: str = "wall"
    free: bool = False
    group: tuple = ()
    legend: bool = True
    hp_bars: bool = True
    turn: str | None = None
    attacker: str | None = None
    target: str | None = None

    @property
    def move_mode(self):
        """The kind of move a drag makes, as ``rules.movement.Mode`` (loaded on first use, after
        the first frame: the movement engine is the page's largest module)."""
        from rules.movement import Mode

        return Mode(self.mode)

    @property
    def policy(self):
        """How a dragged token moves: turning as it goes, or keeping its facing."""
        from rules.movement import FacingPolicy

        return FacingPolicy.KEEP if self.keep_facing else FacingPolicy.TURN

    def __post_init__(self):
        if self.arcs not in ARC_MODES:
            raise ValueError(f"arcs must be one of {ARC_MODES}, not {self.arcs!r}")

    @property
    def marks(self) -> tuple:
        """The ringed creatures: ``(name, mark)`` pairs (see ``marks_of``)."""
        found = tuple((name, mark) for mark, name in (("turn", self.turn), ("attacker", self.attacker),
                                                      ("target", self.target)) if name is not None)
        return found + tuple((name, "group") for name in self.group if name != self.selected)

    @property
    def chosen(self) -> tuple:
        """Every selected creature's name: the selection and those selected with it."""
        if self.selected is None:
            return ()
        return (self.selected,) + tuple(name for name in self.group if name != self.selected)

    def marks_of(self, name: str) -> tuple:
        """The rings of the creature called ``name``: ``"turn"``, ``"attacker"``, ``"target"``."""
        return tuple(mark for other, mark in self.marks if other == name)

    def shows_arcs_of(self, name: str) -> bool:
        """Whether the zones of the creature called ``name`` are drawn now."""
        if self.arcs == "all":
            return True
        if self.arcs == "held":
            return self.arcs_held and (self.selected is None or self.selected == name)
        return self.selected == name


def centre(creature, grid, layout):
    """The pixel centre of a creature's space: the mean of its cells' centres."""
    points = [layout.to_pixel(cell) for cell in creature.cells(grid)]
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


def radius(creature, grid, layout):
    """Half the span of a creature's space in pixels, at least a third of a cell."""
    cx, cy = centre(creature, grid, layout)
    far = max(math.dist((cx, cy), layout.to_pixel(cell)) for cell in creature.cells(grid))
    return far + layout.cell_size * 0.42


def facing_direction(index, creature, grid, layout):
    """The unit pixel vector of facing ``index`` for ``creature`` (its size decides the set)."""
    da, db = facing_vector(index, creature.size, grid)
    anchor = creature.anchor
    x0, y0 = layout.to_pixel(anchor)
    x1, y1 = layout.to_pixel(type(anchor)(anchor.coords[0] + da, anchor.coords[1] + db))
    length = math.hypot(x1 - x0, y1 - y0)
    return ((x1 - x0) / length, (y1 - y0) / length)


def disc_radius(creature, grid, layout):
    """The radius in pixels of a token's disc (the scene draws it; presses inside drag it)."""
    half = layout.cell_size * 0.5
    count = len(creature.cells(grid))
    return max(half * 0.68, min(radius(creature, grid, layout) - half, half * count ** 0.5))


HANDLE_GRAB = 0.3
"""How far from the rotate handle's centre a press still grabs it, as a share of a cell."""
INNER_GRAB = 0.2
"""The same for a handle drawn inside the token's space: it must leave the disc to dragging."""


def handle_grab(creature, grid, layout, taken=frozenset()):
    """``(x, y, grab)``: where the rotate handle of a creature with a facing sits and how far
    from it a press grabs it. It sits just past the facing mark; where another creature stands
    there (a cell of ``taken``) it sits on the rim of the token's disc instead, so the handle
    never covers another token, and grabs only outside the disc's middle."""
    cx, cy = centre(creature, grid, layout)
    ux, uy = facing_direction(creature.facing, creature, grid, layout)
    reach = radius(creature, grid, layout) + layout.cell_size * 0.3
    point = (cx + ux * reach, cy + uy * reach)
    if not taken or layout.from_pixel(*point) not in taken:
        return (*point, layout.cell_size * HANDLE_GRAB)
    reach = disc_radius(creature, grid, layout) + layout.cell_size * 0.05
    return (cx + ux * reach, cy + uy * reach, layout.cell_size * INNER_GRAB)


def handle_point(creature, grid, layout, taken=frozenset()):
    """Where the rotate handle sits (see ``handle_grab``)."""
    return handle_grab(creature, grid, layout, taken)[:2]


def taken_cells(encounter, name) -> frozenset:
    """The cells every creature but the one called ``name`` stands in."""
    return _taken(encounter.grid, encounter.others(name))


@lru_cache(maxsize=8)
def _taken(grid, others) -> frozenset:
    """The cells ``others`` stand in on ``grid`` (cached per board and creatures)."""
    return frozenset(cell for other in others for cell in other.cells(grid))


def facing_toward(creature, grid, layout, x, y):
    """The facing index whose direction is nearest the pixel ``x``, ``y`` seen from the centre."""
    return facing_aim(creature, grid, layout)(x, y)


def facing_aim(creature, grid, layout):
    """``facing_toward`` for one creature where it stands, as a function of the pixel ``x``,
    ``y``: its centre and facing directions worked out once, for a drag that asks at every
    pointer event."""
    cx, cy = centre(creature, grid, layout)
    directions = [facing_direction(index, creature, grid, layout)
                  for index in range(len(facing_names(creature.size, grid)))]

    def toward(x, y):
        dx, dy = x - cx, y - cy
        return max(range(len(directions)), key=lambda index: directions[index][0] * dx + directions[index][1] * dy)

    return toward


def creature_at(encounter, cell):
    """The topmost creature whose space holds ``cell``, or ``None``."""
    for creature in reversed(encounter.creatures):
        if cell in creature.cells(encounter.grid):
            return creature
    return None


def occupants(encounter, cell) -> tuple:
    """Every creature whose space holds ``cell``, in drawing order."""
    return tuple(creature for creature in encounter.creatures if cell in creature.cells(encounter.grid))


SLOTS = 4
"""The most creatures drawn side by side in one square; more show a count badge."""


def slots(encounter) -> dict:
    """Where the creatures that share a square are drawn: ``{name: (cell, index, count,
    beside)}``.

    In a square several creatures share (``rules.placement``), the one standing there in
    full (neither Tiny nor smaller nor helpless, and of one square) keeps its whole token; the
    others of one square (very small ones, a helpless one lying there) are drawn small, side
    by side: ``index`` of ``count`` in drawing order, ``beside`` saying whether a whole token
    stands in the middle of the square. Creatures alone in their square are not listed.
    """
    return _slots(encounter.grid, encounter.creatures)


def _slots(grid, creatures) -> dict:
    """``slots`` of ``creatures`` on ``grid``; only very small and helpless creatures share."""
    from rules.sizes import is_tiny_or_smaller

    if not any(creature.helpless or is_tiny_or_smaller(creature.size) for creature in creatures):
        return {}
    by_cell = {}
    for creature in creatures:
        for cell in creature.cells(grid):
            by_cell.setdefault(cell, []).append(creature)
    placed = {}
    for cell, here in by_cell.items():
        if len(here) < 2:
            continue
        whole = [c for c in here if len(c.cells(grid)) > 1 or not (c.helpless or is_tiny_or_smaller(c.size))]
        small = [c for c in here if c not in whole]
        for index, creature in enumerate(small):
            placed[creature.name] = (cell, index, len(small), bool(whole))
    return placed


def slot_circle(cell, index, count, layout, beside=False):
    """The centre and radius, in pixels, of slot ``index`` of ``count`` in ``cell``: two side by
    side, or up to ``SLOTS`` in a two-by-two block (the last showing the count beyond); tucked
    into the square's corners, smaller, ``beside`` a whole token standing in its middle."""
    x, y = layout.to_pixel(cell)
    if beside:
        corner, r = layout.cell_size * 0.32, layout.cell_size * 0.17
        row, column = divmod(min(index, SLOTS - 1), 2)
        return (x + (column * 2 - 1) * corner, y + (row * 2 - 1) * corner, r)
    quarter = layout.cell_size * 0.25
    if count == 2:
        return (x + (-1 if index == 0 else 1) * quarter, y, quarter * 0.95)
    row, column = divmod(min(index, SLOTS - 1), 2)
    return (x + (column * 2 - 1) * quarter, y + (row * 2 - 1) * quarter, quarter * 0.95)


def creature_at_point(encounter, layout, x, y):
    """The creature drawn under the pixel ``x``, ``y``: one drawn small in a shared square if
    the point is on its disc, else the topmost whose space holds the cell there."""
    cell = layout.from_pixel(x, y)
    placed = slots(encounter)
    if placed:
        best = None
        for creature in encounter.creatures:
            place = placed.get(creature.name)
            if place is None or place[0] != cell or place[1] >= SLOTS:
                continue
            cell_, index, count, beside = place
            cx, cy, r = slot_circle(cell_, index, count, layout, beside)
            if math.hypot(x - cx, y - cy) <= r:
                best = creature
        if best is not None:
            return best
    return creature_at(encounter, cell)


def next_occupant(encounter, cell, name):
    """The creature after the one called ``name`` among those whose space holds ``cell`` (the
    first after the last): repeated clicks on a shared square select each in turn."""
    here = occupants(encounter, cell)
    names = [creature.name for creature in here]
    if len(here) < 2 or name not in names:
        return None
    return here[(names.index(name) + 1) % len(here)]


def battlefield(encounter, name):
    """The encounter as the movement rules see it when the creature called ``name`` moves: the
    board, its terrain, the ruleset, the table's options and everyone else. It stays the same
    value while that creature turns or is dragged, so the rules' caches keep their work."""
    others, quiet = encounter.bystanders(name)
    return _battlefield(encounter.grid, encounter.terrain, others, encounter.ruleset, encounter.options, quiet)


@lru_cache(maxsize=8)
def _battlefield(grid, terrain, others, ruleset, options, quiet):
    """One ``Battlefield`` per board, terrain, other creatures (as their conditions leave
    them), ruleset, options and creatures that make no attacks of opportunity."""
    from rules.movement import Battlefield

    return Battlefield(grid, terrain, others, ruleset, options, quiet)


BAND_MODES = ("move", "double move", "run")
"""The movement range bands, nearest first, as ``rules.movement.Mode`` values."""


def movement_bands(encounter, creature, policy):
    """``((label, cells), ...)``: where ``creature`` can end a move, a double move and a run,
    each band without the cells of the nearer ones (the movement rules decide every cost).

    Where the rules say its facing changes nothing, the bands are worked out for one facing and
    reused while the creature turns. The creature moves at the speed its conditions leave it
    (``Encounter.mover``: hindered, entangled...), as a drag is priced.
    """
    from rules.movement import Mode, costs_depend_on_facing

    if encounter.conditions or encounter.stats:
        moving = encounter.mover(creature.name)
        creature = replace(moving, anchor=creature.anchor, facing=creature.facing, squeezed_to=creature.squeezed_to)
    grid, ruleset = encounter.grid, encounter.ruleset
    if creature.facing is not None and not any(
        costs_depend_on_facing(creature, grid, ruleset, Mode(mode), policy) for mode in BAND_MODES
    ):
        creature = replace(creature, facing=0)
    return _bands(battlefield(encounter, creature.name), creature, policy)


@lru_cache(maxsize=64)
def _bands(field, creature, policy):
    """The bands of ``movement_bands``, cached per battlefield, creature and policy."""
    from rules.movement import Mode, reachable

    bands, seen = [], set()
    for label in BAND_MODES:
        ends = reachable(creature, field, Mode(label), policy).cells()
        cells = {c for anchor in ends for c in replace(creature, anchor=anchor).cells(field.grid)} - seen
        seen |= cells
        bands.append((label, tuple(sorted(cells))))
    return tuple(bands)

