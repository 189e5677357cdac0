"""The encounter: the whole state of one battle map, as one frozen value.

An ``Encounter`` holds the board (its grid) and its terrain, every creature on it, the facing
ruleset and the table's optional rules. It is what the page draws, what a shared link encodes and what undo
steps back through: every change makes a new ``Encounter`` (``place``, ``replace``, ``remove``)
and leaves the old one as it was. Creature names are unique within an encounter, so a name
identifies a token on the board, in the attack panel and in a link.
"""

import math
from dataclasses import dataclass, replace as _replace
from functools import lru_cache

from rules.creature import Creature
from rules.errors import RulesError
from rules.grid import Grid
from rules.sizes import facing_names, facing_vector
from rules.terrain import NO_TERRAIN, Terrain
from rules.options import DEFAULT_OPTIONS, Options
from rules.zones import UA_FACING, Ruleset


class EncounterError(RulesError):
    """A change the encounter cannot take: a name used twice, a creature that isn't there."""


@dataclass(frozen=True)
class Encounter:
    """A board (``grid``), its ``creatures`` in drawing order, the ``ruleset``, ``options`` and
    ``terrain`` (ground and walls, ``rules.terrain``)."""

    grid: Grid
    creatures: tuple = ()
    ruleset: Ruleset = UA_FACING
    options: Options = DEFAULT_OPTIONS
    terrain: Terrain = NO_TERRAIN

    def __post_init__(self):
        if not isinstance(self.grid, Grid):
            raise EncounterError(f"An encounter needs a square or hex board, not {self.grid!r}.")
        if not isinstance(self.creatures, tuple) or not all(isinstance(c, Creature) for c in self.creatures):
            raise EncounterError("An encounter's creatures are a tuple of Creature values.")
        if not isinstance(self.ruleset, Ruleset):
            raise EncounterError(f"An encounter needs a facing ruleset, not {self.ruleset!r}.")
        if not isinstance(self.options, Options):
            raise EncounterError(f"An encounter needs its table options, not {self.options!r}.")
        if not isinstance(self.terrain, Terrain):
            raise EncounterError(f"An encounter's terrain is a Terrain value, not {self.terrain!r}.")
        self.terrain.check(self.grid)
        seen = set()
        for creature in self.creatures:
            key = creature.name.casefold()
            if key in seen:
                raise EncounterError(f"Two creatures are named {creature.name}: give each its own name.")
            seen.add(key)
            _check(creature, self.grid)

    def names(self) -> tuple:
        """The creatures' names, in drawing order."""
        return tuple(creature.name for creature in self.creatures)

    def creature(self, name: str) -> Creature:
        """The creature called ``name`` (any case)."""
        return self.creatures[self._index(name)]

    def _index(self, name: str) -> int:
        key = name.casefold()
        for index, creature in enumerate(self.creatures):
            if creature.name.casefold() == key:
                return index
        raise EncounterError(f"There is no creature named {name} on this board.")

    def place(self, creature: Creature) -> "Encounter":
        """This encounter with ``creature`` added on top."""
        return _replace(self, creatures=self.creatures + (creature,))

    def replace(self, name: str, creature: Creature) -> "Encounter":
        """This encounter with the creature called ``name`` replaced by ``creature``."""
        index = self._index(name)
        return _replace(self, creatures=self.creatures[:index] + (creature,) + self.creatures[index + 1 :])

    def remove(self, name: str) -> "Encounter":
        """This encounter without the creature called ``name``."""
        index = self._index(name)
        return _replace(self, creatures=self.creatures[:index] + self.creatures[index + 1 :])

    def others(self, name: str) -> tuple:
        """Every creature but the one called ``name``."""
        key = name.casefold()
        return tuple(creature for creature in self.creatures if creature.name.casefold() != key)

    def unused_name(self, base: str) -> str:
        """``base``, or ``base 2``, ``base 3``... whichever no creature here is called yet."""
        taken = {name.casefold() for name in self.names()}
        name, number = base.strip() or "Creature", 1
        candidate = name
        while candidate.casefold() in taken:
            number += 1
            candidate = f"{name} {number}"
        return candidate

    def with_grid(self, grid: Grid) -> "Encounter":
        """This encounter moved onto ``grid`` (say from squares to hexes).

        Each creature keeps its place by row and column and turns to the facing nearest the
        one it had; if one would not fit on the new board, the change is refused, naming it.
        Terrain keeps its cells by row and column; a wall is kept only where its two cells still
        share a side (``dropped_walls`` counts the others).
        """
        moved = []
        for creature in self.creatures:
            anchor = grid.from_offset(*self.grid.to_offset(creature.anchor))
            facing = None
            if creature.facing is not None:
                facing = _nearest_facing(creature, self.grid, grid, anchor)
            moved.append(_replace(creature, anchor=anchor, facing=facing))
        def place(cell):
            return grid.from_offset(*self.grid.to_offset(cell))

        cells = tuple((place(cell), kinds) for cell, kinds in self.terrain.cells)
        walls = tuple((place(a), place(b), kind) for a, b, kind in self.terrain.edges)
        walls = tuple(wall for wall in walls if wall[1] in grid.neighbours(wall[0]) and _shares_side(grid, wall))
        try:
            return _replace(self, grid=grid, creatures=tuple(moved), terrain=Terrain(cells, walls))
        except RulesError as error:
            raise EncounterError(f"The board cannot change: {error}") from None

    def dropped_walls(self, grid: Grid) -> int:
        """How many walls ``with_grid(grid)`` leaves out because their cells no longer touch."""
        return len(self.terrain.edges) - len(self.with_grid(grid).terrain.edges)


@lru_cache(maxsize=4096)
def _check(creature: Creature, grid: Grid) -> None:
    """``creature.check(grid)``, once per creature and board: an encounter re-made after one
    creature turns re-checks only that one."""
    creature.check(grid)


def _shares_side(grid, wall) -> bool:
    """Whether a wall's two cells share a side on ``grid`` (every hex neighbour does)."""
    a, b, _ = wall
    return grid.kind == "hex" or a.coords[0] == b.coords[0] or a.coords[1] == b.coords[1]


def _direction(size, index, grid, anchor):
    """The unit-geometry angle of facing ``index`` of a creature of ``size`` at ``anchor``."""
    da, db = facing_vector(index, size, grid)
    x0, y0 = grid.centre(anchor)
    x1, y1 = grid.centre(type(anchor)(anchor.coords[0] + da, anchor.coords[1] + db))
    return math.atan2(y1 - y0, x1 - x0)


def _nearest_facing(creature, old_grid, new_grid, new_anchor):
    """The facing on ``new_grid`` whose direction is nearest the creature's on ``old_grid``."""
    angle = _direction(creature.size, creature.facing, old_grid, creature.anchor)
    count = len(facing_names(creature.size, new_grid))
    return max(range(count), key=lambda i: math.cos(_direction(creature.size, i, new_grid, new_anchor) - angle))
