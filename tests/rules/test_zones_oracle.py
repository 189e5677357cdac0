"""A numpy oracle for zones: every cell of a 101 x 101 board, every size, facing and ruleset.

The oracle shares no geometry with the engine. It places cells from their board column and row
with the textbook offset formulas, points each facing along its compass bearing, measures the
angle with floating-point ``arctan2`` and classifies with a tolerance far below the smallest
gap between two distinct angles on such a board. The engine answers with whole-number
arithmetic (``rules.zones.board_zones``); the two must agree on every cell.
"""

import itertools
import math

import numpy as np
import pytest

from rules.creature import Creature
from rules.grid import HexGrid, SquareGrid
from rules.sizes import Size, has_lead
from rules.zones import RULESETS, Zone, board_zones

SIDE = 101
GRIDS = {
    "square": SquareGrid(SIDE, SIDE),
    "flat": HexGrid(SIDE, SIDE, "flat"),
    "pointy": HexGrid(SIDE, SIDE, "pointy"),
}
CODES = {None: 0, Zone.FRONT: 1, Zone.FLANK: 2, Zone.REAR: 3}
TOLERANCE = 1e-7
"""Degrees. Distinct angles between cells of a 101 x 101 board differ by more than 1e-4."""

FIRST_BEARING = {
    ("square", False): 0.0,
    ("flat", False): 0.0,
    ("pointy", False): 30.0,
    ("flat", True): 30.0,
    ("pointy", True): 0.0,
}
"""Compass bearing of facing 0: the grid's directions, or the hex diagonals (True)."""


def unit_centres(layout: str, cols: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Cell centres from board columns and rows (Red Blob's odd-q and odd-r offset formulas)."""
    if layout == "square":
        return cols + 0.5, rows + 0.5
    if layout == "flat":
        return cols * math.sqrt(3) / 2, rows + 0.5 * (cols & 1)
    return cols + 0.5 * (rows & 1), rows * math.sqrt(3) / 2


def oracle(layout: str, grid, creature: Creature, ruleset) -> np.ndarray:
    """Zone codes for every cell of the board, row by row, by floating-point geometry."""
    rows, cols = np.divmod(np.arange(grid.width * grid.height), grid.width)
    x, y = unit_centres(layout, cols, rows)
    space = np.array([grid.to_offset(cell) for cell in creature.cells(grid)])
    own = np.zeros(len(x), dtype=bool)
    own[space[:, 1] * grid.width + space[:, 0]] = True
    codes = np.where(own, 0, 1)
    if not creature.has_facing:
        return codes
    sx, sy = unit_centres(layout, space[:, 0], space[:, 1])
    vx, vy = x - sx.mean(), y - sy.mean()
    count = len(grid.directions)
    bearing = FIRST_BEARING[(layout, has_lead(creature.size, grid))] + 360 / count * creature.facing
    fx, fy = math.sin(math.radians(bearing)), -math.cos(math.radians(bearing))
    angle = np.degrees(np.arctan2(np.abs(fx * vy - fy * vx), fx * vx + fy * vy))
    arcs = ruleset.arcs(grid.kind)
    zone = np.where(
        angle <= arcs.front + TOLERANCE, 1, np.where(angle >= arcs.rear - TOLERANCE, 3, 2)
    )
    return np.where(own, 0, zone)


def engine(grid, creature: Creature, ruleset) -> np.ndarray:
    """Zone codes for every cell of the board, row by row, from ``board_zones``."""
    zones = board_zones(creature, grid, ruleset)
    return np.fromiter((CODES[zones.get(cell)] for cell in grid.cells()), dtype=np.int64)


def cases(layout: str, size: Size):
    """Every facing (and lead, for the Large triangle) of ``size``, in the middle of the board;
    Medium and Large also near a corner."""
    grid = GRIDS[layout]
    facings = range(len(grid.directions)) if size >= Size.SMALL else [None]
    leads = (1, 2) if has_lead(size, grid) else (1,)
    anchors = [(50, 50)] + ([(2, 93)] if size in (Size.MEDIUM, Size.LARGE) else [])
    for facing, lead, (col, row) in itertools.product(facings, leads, anchors):
        yield Creature("it", size, grid.from_offset(col, row), facing=facing, lead=lead)


@pytest.mark.parametrize("size", list(Size), ids=[size.name.lower() for size in Size])
@pytest.mark.parametrize("layout", list(GRIDS))
def test_engine_matches_the_oracle_on_every_cell(layout, size):
    grid = GRIDS[layout]
    checked = 0
    for creature, ruleset in itertools.product(cases(layout, size), RULESETS.values()):
        expected = oracle(layout, grid, creature, ruleset)
        found = engine(grid, creature, ruleset)
        wrong = np.flatnonzero(expected != found)
        assert wrong.size == 0, (
            f"{creature} under {ruleset.name}: {wrong.size} cells differ, first at offset "
            f"{divmod(int(wrong[0]), grid.width)[::-1]}: oracle {expected[wrong[0]]}, "
            f"engine {found[wrong[0]]}"
        )
        checked += 1
    assert checked >= 3


def test_oracle_is_not_trivial():
    """The oracle sees all three zones and the arcs' edges: a Medium creature facing north on
    squares has cells at exactly 45 degrees, which UA puts in front."""
    grid = GRIDS["square"]
    creature = Creature("it", Size.MEDIUM, grid.from_offset(50, 50), facing=0)
    codes = oracle("square", grid, creature, RULESETS["ua"])
    assert set(np.unique(codes)) == {0, 1, 2, 3}
    assert codes[40 * SIDE + 40] == 1 and codes[60 * SIDE + 60] == 3
    variant = oracle("square", grid, creature, RULESETS["variant"])
    assert variant[60 * SIDE + 60] == 2
