"""Things knocked onto the board: a weapon or shield a critical Disarm sends flying.

Seed 003, Critical Hits, Disarm: "Target's weapon or shield is knocked away in a random direction
a number of feet equal to half the damage you dealt." ``disarm_landing`` works out where it lands:
one of the grid's directions, drawn with the table's dice, and a flight of half the damage in
feet, counted square by square as movement counts them (seed 002, "Measuring Distance": the
second diagonal costs 10 feet) and as far as whole squares go. It stops short of the board's edge
and of a wall or a closed door (a low wall or an open door lets it by; a diagonal past a wall's
corner stops it too). A ``DroppedItem`` keeps it on the board, in the encounter's ``dropped``,
until the game master picks it up.
"""

from dataclasses import dataclass

from rules.errors import RulesError
from rules.grid import Grid
from rules.sizes import FEET_PER_CELL
from rules.terrain import Terrain

RULE_DISARM = "Seed 003: Critical Hits, Disarm"
WHATS = ("weapon", "shield", "weapon or shield")
"""What a dropped item is: Disarm's chooser may knock away either, the page says both."""
BLOCKING = ("wall", "door")
"""The edges a flying weapon stops at: a wall and a closed door."""
MAX_DROPPED = 100
"""The most dropped items an encounter keeps."""


class DroppedError(RulesError):
    """A dropped item that cannot be: off the board, of an unknown kind, with no owner."""


@dataclass(frozen=True)
class DroppedItem:
    """``owner``'s ``what`` (of ``WHATS``) lying on ``cell``."""

    cell: object
    owner: str
    what: str = "weapon or shield"

    def __post_init__(self):
        if not isinstance(self.owner, str) or not self.owner.strip() or len(self.owner) > 60:
            raise DroppedError("A dropped item belongs to a creature named on the board.")
        if self.what not in WHATS:
            raise DroppedError(f"A dropped item is a {', '.join(WHATS)}, not {self.what!r}.")

    def text(self) -> str:
        """``"Goblin's weapon or shield"``."""
        return f"{self.owner}'s {self.what}"


def check_dropped(dropped, grid: Grid) -> None:
    """Every dropped item lies on ``grid``; there are at most ``MAX_DROPPED``."""
    if not isinstance(dropped, tuple) or not all(isinstance(item, DroppedItem) for item in dropped):
        raise DroppedError("An encounter's dropped items are a tuple of DroppedItem values.")
    if len(dropped) > MAX_DROPPED:
        raise DroppedError(f"At most {MAX_DROPPED} dropped items lie on a board.")
    for item in dropped:
        if not grid.contains(item.cell):
            raise DroppedError(f"{item.text()} lies off the board.")


def _stopped(grid: Grid, terrain: Terrain, here, there, vector) -> str | None:
    """What stops a flight from ``here`` to its neighbour ``there``: "the board's edge", "a wall"
    (or closed door: the edge between them, or on a diagonal the edges round the corner it
    passes), or ``None``."""
    if not grid.contains(there):
        return "the board's edge"
    edges = [(here, there)]
    if grid.kind == "square" and vector[0] and vector[1]:
        a, b = here.coords
        side = grid.cell_type(a + vector[0], b)
        below = grid.cell_type(a, b + vector[1])
        edges += [(here, side), (here, below), (side, there), (below, there)]
    if any(terrain.edge_between(x, y) in BLOCKING for x, y in edges):
        return "a wall"
    return None


def disarm_landing(grid: Grid, terrain: Terrain, start, feet: int, rng, space=()) -> tuple[object, str, int, str | None]:
    """``(cell, direction, feet flown, stopped by)``: where a weapon knocked from ``start`` lands,
    ``feet`` away at most (half the damage dealt), in the direction ``rng`` draws (a name of the
    grid's directions), and what stopped it short ("a wall", "the board's edge") or ``None``.
    ``space`` is the cells of the creature it was knocked from: the flight is counted from where
    it leaves them (a Large ogre's weapon flies 5 ft beyond its space, not into it)."""
    if isinstance(feet, bool) or not isinstance(feet, int) or feet < 0:
        raise DroppedError("A weapon flies a whole number of feet.")
    index = rng.randrange(len(grid.vectors))
    vector = grid.vectors[index]
    here = start
    while grid.step(here, index) in space and not _stopped(grid, terrain, here, grid.step(here, index), vector):
        here = grid.step(here, index)
    flown, diagonals = 0, 0
    while True:
        diagonal = grid.kind == "square" and vector[0] != 0 and vector[1] != 0
        cost = FEET_PER_CELL * (2 if diagonal and diagonals % 2 else 1)
        if flown + cost > feet:
            return here, grid.directions[index], flown, None
        there = grid.step(here, index)
        stopped = _stopped(grid, terrain, here, there, vector)
        if stopped:
            return here, grid.directions[index], flown, stopped
        here, flown, diagonals = there, flown + cost, diagonals + (1 if diagonal else 0)
