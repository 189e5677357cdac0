"""What the facing-in-combat tests share: the boards, the sizes, and a foe in the middle.

Every rule is checked on squares, flat hexes and pointy hexes, with a Medium and a Large
creature (issue 5), so the three test files parametrize over the same values.
"""

import pytest

from rules.creature import Creature
from rules.grid import HexGrid, SquareGrid
from rules.sizes import Size, facing_names

SQUARES = SquareGrid(25, 25)
FLAT = HexGrid(25, 25, "flat")
POINTY = HexGrid(25, 25, "pointy")
GRIDS = pytest.mark.parametrize(
    "grid", [SQUARES, FLAT, POINTY], ids=["squares", "flat-hexes", "pointy-hexes"]
)
SIZES = pytest.mark.parametrize("size", [Size.MEDIUM, Size.LARGE], ids=["Medium", "Large"])


def middle(grid):
    """The cell in the middle of the board."""
    return grid.from_offset(12, 12)


def foe(grid, size, facing=0, name="Gnoll", **fields) -> Creature:
    """A creature of ``size`` in the middle of the board, facing ``facing``."""
    return Creature(name, size, middle(grid), facing=facing, side="foe", **fields)


def facings(size, grid) -> range:
    """Every facing a creature of ``size`` has on ``grid``."""
    return range(len(facing_names(size, grid)))
