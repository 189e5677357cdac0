"""Reach: which cells a creature threatens, and which steps of a move provoke whom.

Seed 002, "Big and Little Creatures in Combat" and "Table: Creature Size and Scale": a creature's
natural reach comes from its size, tall or long; "Creatures that take up less than 1 square of
space typically have a natural reach of 0 feet, meaning they can't reach into adjacent squares
... they do not threaten the squares around them ... They also can't flank an enemy"; "a
creature with greater than normal natural reach (more than 5 feet) still threatens squares
adjacent to it"; "Large or larger creatures using reach weapons can strike up to double their
natural reach but can't strike at their natural reach or less."

Distance is counted as for movement ("Measuring Distance"): squares with the 1-2-1-2 diagonals,
hexes by hex count, from the nearest cell of the creature's space, 5 feet a cell. A creature
can "attack into your own square", so a creature threatens its own space at natural reach (a
Tiny one threatens that and nothing more); a reach weapon does not reach it. A helpless
creature threatens nothing. The optional ``corners`` reading (``Options.reach_corners``) lets a
10-foot reach take the square two diagonals away (docs/rules.md, "Reach").

The facing rules (``rules.facing``) take ``threatened_cells`` as the attacker's reach; the
movement rules ask ``provoked_by`` for each step of a path.
"""

from functools import lru_cache

from rules.creature import Creature
from rules.grid import Grid
from rules.itemise import Item
from rules.sizes import FEET_PER_CELL, Size, is_tiny_or_smaller, natural_reach, size_name

RULE_REACH = "Seed 002: Big and Little Creatures in Combat"
RULE_TABLE = "Seed 002: Table: Creature Size and Scale"


def natural_reach_of(creature: Creature) -> int:
    """The creature's natural reach in feet: its own ``reach`` if given, else the size table's
    tall or long figure."""
    if creature.reach is not None:
        return creature.reach
    return natural_reach(creature.size, creature.long)


def reach_band(creature: Creature) -> tuple[int, int]:
    """``(nearest, farthest)``: the distances in feet the creature strikes at, both included.

    Natural reach strikes from its own space (0 ft) out to its reach. A reach weapon strikes
    "up to double their natural reach but can't strike at their natural reach or less": from
    one square past its natural reach out to double it (for a Medium creature, 10 ft only).
    """
    reach = natural_reach_of(creature)
    if creature.reach_weapon:
        return (reach + FEET_PER_CELL, 2 * reach)
    return (0, reach)


def reach_items(creature: Creature) -> tuple[Item, ...]:
    """Why the creature reaches as far as it does, line by line: the values, in feet, add up to
    the farthest it strikes."""
    reach = natural_reach_of(creature)
    if creature.reach is not None:
        items = [Item(f"{creature.name}'s own natural reach", reach, RULE_TABLE)]
    else:
        shape = ("long" if creature.long else "tall") if creature.size >= Size.LARGE else None
        label = size_name(creature.size) + (f" ({shape})" if shape else "")
        items = [Item(f"Natural reach, {label}", reach, RULE_TABLE)]
    if creature.helpless:
        items.append(Item("Helpless: threatens nothing", None, RULE_REACH))
    elif creature.reach_weapon:
        nearest, farthest = reach_band(creature)
        if farthest < nearest:
            items.append(Item("Reach weapon: double no reach is no reach; threatens nothing", None, RULE_REACH))
        else:
            band = f"Reach weapon: strikes {nearest} to {farthest} ft, not at {reach} ft or less"
            items.append(Item(band, reach, RULE_REACH))
    elif reach == 0:
        items.append(Item("No reach: threatens only its own square and cannot flank", None, RULE_REACH))
    elif reach > FEET_PER_CELL:
        items.append(Item("Greater than normal reach still threatens adjacent squares", None, RULE_REACH))
    return tuple(items)


def _feet(grid: Grid, own: tuple, cell: tuple) -> tuple[int, bool]:
    """Feet from the nearest of the ``own`` coordinate pairs to the pair ``cell``, and whether
    ``cell`` is the square two diagonals off a corner of the space (15 feet counted 1-2)."""
    a, b = cell
    if grid.kind == "square":
        # The space is a rectangle: measure from its nearest point.
        xs = [x for x, _ in own]
        ys = [y for _, y in own]
        dx = max(0, min(xs) - a, a - max(xs))
        dy = max(0, min(ys) - b, b - max(ys))
        return ((max(dx, dy) + min(dx, dy) // 2) * FEET_PER_CELL, dx == dy == 2)
    return (FEET_PER_CELL * min((abs(a - q) + abs(b - r) + abs(a + b - q - r)) // 2 for q, r in own), False)


CORNER_FEET = 2 * FEET_PER_CELL
"""The reach that takes the square two diagonals away under the ``corners`` reading: 10 feet."""


def _in_band(feet: int, far_corner: bool, nearest: int, farthest: int, corners: bool) -> bool:
    """Whether a cell ``feet`` away lies in the band ``nearest`` to ``farthest``. Under the
    ``corners`` reading the far diagonal square is reached at 10 feet as well as at its own
    15, so the reading only ever adds it: a band that takes 15 feet (a Large reach weapon's)
    keeps it."""
    if nearest <= feet <= farthest:
        return True
    return corners and far_corner and nearest <= CORNER_FEET <= farthest


@lru_cache(maxsize=512)
def _threatened(creature: Creature, grid: Grid, corners: bool) -> frozenset:
    """The coordinate pairs ``creature`` threatens on ``grid`` (see ``threatened_cells``)."""
    if creature.helpless:
        return frozenset()
    nearest, farthest = reach_band(creature)
    own = tuple(cell.coords for cell in creature.cells(grid))
    span = farthest // FEET_PER_CELL
    lows = [min(pair[i] for pair in own) - span for i in (0, 1)]
    highs = [max(pair[i] for pair in own) + span for i in (0, 1)]
    found = set()
    make = grid.cell_type
    for a in range(lows[0], highs[0] + 1):
        for b in range(lows[1], highs[1] + 1):
            if _in_band(*_feet(grid, own, (a, b)), nearest, farthest, corners) and grid.contains(make(a, b)):
                found.add((a, b))
    return frozenset(found)


def threatened_cells(creature: Creature, grid: Grid, corners: bool = False) -> frozenset:
    """The cells on the board ``creature`` threatens: those within its ``reach_band``.

    ``corners``: the optional reading (``Options.reach_corners``) that a 10-foot reach takes
    the square two diagonals away, which counted 1-2 would be 15 feet. It only adds that square:
    a reach weapon that strikes at 15 feet keeps it.
    """
    make = grid.cell_type
    return frozenset(make(a, b) for a, b in _threatened(creature, grid, bool(corners)))


def threatens(creature: Creature, cell, grid: Grid, corners: bool = False) -> bool:
    """Whether ``creature`` threatens ``cell``."""
    grid.check_cell(cell)
    return cell.coords in _threatened(creature, grid, bool(corners))


def can_flank(creature: Creature, grid: Grid) -> bool:
    """Whether ``creature`` can flank: it threatens some cell outside its own space.

    "Since they have no natural reach, they do not threaten the squares around them ... They
    also can't flank an enemy."
    """
    own = {cell.coords for cell in creature.cells(grid)}
    return not _threatened(creature, grid, False) <= own


def threat_map(creatures, grid: Grid, corners: bool = False) -> dict:
    """``{cell: creatures threatening it}`` over ``creatures``, for the board's overlay."""
    found = {}
    for creature in creatures:
        for pair in _threatened(creature, grid, bool(corners)):
            found.setdefault(pair, []).append(creature)
    make = grid.cell_type
    return {make(a, b): tuple(each) for (a, b), each in found.items()}


def is_opponent(creature: Creature, other: Creature) -> bool:
    """Whether ``other`` is ``creature``'s opponent: a different creature on another side."""
    return other != creature and other.side != creature.side


def provoked_by(
    mover: Creature,
    before,
    after,
    creatures,
    grid: Grid,
    five_foot_step: bool = False,
    corners: bool = False,
) -> tuple[Creature, ...]:
    """The opponents among ``creatures`` whose attacks of opportunity one step provokes.

    ``before`` and ``after`` are the cells of ``mover``'s space either side of the step. A step
    out of a cell an opponent threatens provokes it ("you must enter and move within the range
    of its reach"); a Fine, Diminutive or Tiny mover entering an opponent's space provokes that
    opponent ("The creature provokes attacks of opportunity when doing so"); a 5-foot step
    provokes no one ("This attack of opportunity is not provoked if you take a 5-foot step").
    Whether the opponent may take the attack (how many it has, whether it is flat-footed) is the
    attack panel's question.
    """
    if five_foot_step:
        return ()
    left = [cell.coords for cell in before]
    entered = {cell.coords for cell in after} - set(left)
    found = []
    for other in creatures:
        if not is_opponent(mover, other) or other.helpless:
            continue
        threat = _threatened(other, grid, bool(corners))
        if any(pair in threat for pair in left):
            found.append(other)
        elif is_tiny_or_smaller(mover.size) and entered & {cell.coords for cell in other.cells(grid)}:
            found.append(other)
    return tuple(found)
