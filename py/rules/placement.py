"""Where creatures may stand together: no two spaces overlap unless the seed lets them share.

An encounter is a board a table could set up with miniatures, so every creature stands wholly
on the board and no two creatures' spaces overlap, except where seed 002 lets them share a
square:

- "Ending Your Movement: You can't end your movement in the same square as another creature
  unless it is helpless." Any creature may stand in a helpless creature's space.
- "Very small creatures take up less than 1 square of space. This means that more than one such
  creature can fit into a single square. A Tiny creature typically occupies a space only 2-1/2
  feet across, so four can fit into a single square. Twenty-five Diminutive creatures or 100
  Fine creatures can fit into a single square." Very small creatures share a square while they
  fit (a Tiny one takes a quarter of it, a Diminutive one a twenty-fifth, a Fine one a
  hundredth).
- "A Fine, Diminutive, or Tiny creature can move into or through an occupied square", and
  "They must enter an opponent's square to attack in melee": a very small creature may stand in
  a bigger creature's square. The movement rules let it end a move there, so the encounter
  does too (docs/rules.md, "Sharing a space").

``crowding`` finds the first pair that breaks this (the encounter refuses to exist with it);
``settle`` puts creatures that no longer fit (after a grid switch, a resize, a new size) on the
nearest free place where they do, and says who moved. ``standing_problem`` says why a creature
cannot stand on the terrain where it is (a blocking obstacle or a pit in its space, a narrow
passage too narrow for it, a wall through its space): a board only holds creatures where the
movement rules would let a move end.
"""

from dataclasses import replace

from rules.errors import RulesError
from rules.sizes import is_tiny_or_smaller, per_square, size_name
from rules.terrain import EDGE_KINDS, TERRAIN_KINDS, bulk_of, cell_text

RULE_ENDING = "Seed 002: Moving through a Square: Ending Your Movement"
RULE_VERY_SMALL = "Seed 002: Big and Little Creatures in Combat: Tiny, Diminutive, and Fine Creatures"
WHOLE_SQUARE = 100
"""A square's room, in the hundredths very small creatures take of it (``share``)."""


class PlacementError(RulesError):
    """Creatures that cannot stand where they are: two in one space, too many in a square, or
    no free place left for one."""


def share(size) -> int:
    """Hundredths of a square a creature of ``size`` takes among very small creatures: a Tiny
    one 25, a Diminutive one 4, a Fine one 1 (and any bigger one the whole square)."""
    return WHOLE_SQUARE // per_square(size)


def may_share(a, b) -> bool:
    """Whether creatures ``a`` and ``b`` may have a square in common (see the module's text):
    one of them is helpless, or one of them is Tiny or smaller."""
    return a.helpless or b.helpless or is_tiny_or_smaller(a.size) or is_tiny_or_smaller(b.size)


def _clash(creature, others):
    """The first of ``others`` that ``creature`` may not share a square with, or ``None``."""
    for other in others:
        if not may_share(creature, other):
            return other
    return None


def _room_left(occupants) -> int:
    """Hundredths of a square the very small ones among ``occupants`` leave free."""
    return WHOLE_SQUARE - sum(share(other.size) for other in occupants if is_tiny_or_smaller(other.size))


def crowding(creatures, grid) -> str | None:
    """Why ``creatures`` cannot all stand where they are on ``grid``, naming them, or ``None``.

    Only overlaps are checked here; each creature's own space on the board is the creature's
    check (``Creature.check``).
    """
    occupied = {}
    for creature in creatures:
        for cell in creature.cells(grid):
            here = occupied.get(cell)
            if here is None:
                occupied[cell] = [creature]
                continue
            problem = _problem(creature, here, cell)
            if problem:
                return problem
            here.append(creature)
    return None


def _problem(creature, occupants, cell) -> str | None:
    """Why ``creature`` cannot join ``occupants`` in ``cell``, or ``None``."""
    other = _clash(creature, occupants)
    if other is not None:
        return (
            f"{other.name} and {creature.name} stand in the same space: creatures share a square "
            f"only if one is helpless or Tiny or smaller ({RULE_ENDING})"
        )
    if is_tiny_or_smaller(creature.size) and _room_left(occupants) < share(creature.size):
        x, y = cell.coords
        return (
            f"Too many very small creatures share the square at ({x}, {y}) with {creature.name}: "
            f"4 Tiny, 25 Diminutive or 100 Fine fit in a square ({RULE_VERY_SMALL})"
        )
    return None


def fits(creature, grid, occupied, stands=None) -> bool:
    """Whether ``creature`` can stand where it is: wholly on ``grid``, sharing its squares only
    as the seed allows with the creatures already in ``occupied`` (a dict of cell to the list of
    creatures there), and, if ``stands`` is given, on ground ``stands(creature)`` accepts."""
    try:
        cells = creature.cells(grid)
    except RulesError:
        return False
    for cell in cells:
        if not grid.contains(cell):
            return False
        here = occupied.get(cell)
        if here and _problem(creature, here, cell):
            return False
    return stands is None or stands(creature)


def _occupy(occupied: dict, creature, grid) -> None:
    """Record ``creature``'s squares in ``occupied``."""
    for cell in creature.cells(grid):
        occupied.setdefault(cell, []).append(creature)


def nearest_place(creature, grid, occupied, stands=None, near=None):
    """``creature`` moved to the free place nearest ``near`` (its own anchor by default) where
    it ``fits``, or ``None`` if there is none on the board.

    Nearest by the grid's distance from ``near`` (brought onto the board first), ties to the
    northmost, then the westmost place. The search widens ring by ring and stops once no farther
    ring can hold a nearer place, so a creature that fits close by costs only its neighbourhood.
    """
    start = _on_board(grid, near if near is not None else creature.anchor)
    seen = {start}
    ring = [start]
    best = None
    while ring:
        for cell in ring:
            moved = replace(creature, anchor=cell)
            if fits(moved, grid, occupied, stands):
                key = (grid.distance(start, cell), *reversed(grid.to_offset(cell)))
                if best is None or key < best[0]:
                    best = (key, moved)
        steps = grid.distance(start, ring[0])
        if best is not None and best[0][0] <= steps:
            break
        following = []
        for cell in ring:
            for other in grid.neighbours(cell):
                if other not in seen:
                    seen.add(other)
                    following.append(other)
        ring = following
    return None if best is None else best[1]


def _on_board(grid, cell):
    """The cell of the board nearest ``cell`` by row and column."""
    column, row = grid.to_offset(cell)
    return grid.from_offset(min(max(column, 0), grid.width - 1), min(max(row, 0), grid.height - 1))


def settle(creatures, grid, stands=None, first=()) -> tuple[tuple, tuple]:
    """``(creatures, moved)``: ``creatures`` on ``grid``, each where it is if it fits there,
    else on the nearest free place where it does (``nearest_place``), and the names of those
    moved, in drawing order.

    Who keeps its place when two no longer fit together: the creatures named in ``first``
    (say, the ones a change did not touch), then the bigger, then the earlier drawn. Raises
    ``PlacementError`` naming a creature for which the board has no room left.
    """
    order = sorted(
        range(len(creatures)),
        key=lambda i: (creatures[i].name not in first, -int(creatures[i].size), i),
    )
    occupied, placed, waiting = {}, {}, []
    for index in order:
        creature = creatures[index]
        if fits(creature, grid, occupied, stands):
            placed[index] = creature
            _occupy(occupied, creature, grid)
        else:
            waiting.append(index)
    for index in waiting:
        creature = creatures[index]
        moved = nearest_place(creature, grid, occupied, stands)
        if moved is None:
            raise PlacementError(
                f"There is no room left on the board for {creature.name} ({size_name(creature.size)})"
            )
        placed[index] = moved
        _occupy(occupied, moved, grid)
    result = tuple(placed[index] for index in range(len(creatures)))
    return result, tuple(creatures[index].name for index in sorted(waiting))


def standing_problem(creature, grid, terrain) -> str | None:
    """Why ``creature`` cannot stand where it is on ``terrain``, naming the place, or ``None``.

    A cell of its space may not bar it (``TerrainKind.bars``: a blocking obstacle, a pit
    under a walker, a narrow passage under a big creature), and no blocking wall may run
    between two cells of its space (seed 002, "Obstacles": "some obstacles block movement
    entirely"). A squeezed creature asks the movement rules whether it may end a move
    squeezed there (``rules.movement.squeezed_problem``).
    """
    if creature.squeezed_to is not None:
        from rules.movement import squeezed_problem

        problem = squeezed_problem(creature, grid, terrain)
        return None if problem is None else f"{creature.name} cannot stand squeezed there: {problem}"
    if not terrain.cells and not terrain.edges:
        return None
    flying = creature.flying or creature.incorporeal
    bulk = bulk_of(creature.size)
    cells = creature.cells(grid)
    for cell in cells:
        for name in terrain.kinds_at(cell):
            kind = TERRAIN_KINDS[name]
            if kind.bars(flying, bulk):
                return f"{creature.name} cannot stand on {kind.label} at {cell_text(cell)}"
    if len(cells) > 1 and terrain.edges:
        inside = set(cells)
        for cell in cells:
            for other in grid.neighbours(cell):
                wall = terrain.edge_between(cell, other) if other in inside else None
                if wall is not None and EDGE_KINDS[wall].blocks and not (flying and EDGE_KINDS[wall].flyers_ignore):
                    return f"{EDGE_KINDS[wall].label.capitalize()} between {cell_text(cell)} and {cell_text(other)} runs through {creature.name}'s space"
    return None


def moved_freely(encounter, moves: dict):
    """``encounter`` with each creature named in ``moves`` standing at its new anchor, put there
    by hand (free placement: no speed, no attack of opportunity, facing kept). The encounter's
    own checks decide whether they fit: off the board, over another creature or on ground a
    creature cannot stand on raises the ``RulesError`` that says so."""
    from dataclasses import replace as _with

    creatures = tuple(_with(c, anchor=moves[c.name]) if c.name in moves else c for c in encounter.creatures)
    return _with(encounter, creatures=creatures)
