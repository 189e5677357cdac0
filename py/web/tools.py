"""The table's map tools: painting terrain and walls, as pure functions of the board. No browser.

The page's palette offers every kind of ground ``rules.terrain.TERRAIN_KINDS`` knows, and an
eraser; the brush paints the cells a drag passes over (the grid's own ``line`` fills the gaps
between two pointer events), the rectangle paints a box of cells, and on squares the wall tool
toggles a wall on the cell edge nearest the pointer (Seed 002, "Obstacles": an obstacle between
squares). Each returns a new ``Terrain``; the terrain's own checks decide what is valid.
"""

import math

from rules.terrain import EDGE_KINDS, TERRAIN_KINDS, Terrain

ERASE = "erase"
"""The palette's eraser: painting with it makes cells open ground again."""

SHAPES = (("brush", "Brush"), ("rect", "Rectangle"))
"""How the terrain tool paints: the cells a drag passes over, or a box of cells."""

TOOLS = (("select", "Select"), ("measure", "Measure"), ("area", "Spell area"), ("paint", "Terrain"), ("wall", "Walls"), ("attack", "Attack"))
"""Every board tool, with its toolbar name: the select tool moves and turns tokens and pans."""

EDGE_GRAB = 0.3
"""How near a cell edge a wall-tool click must land, as a share of the cell's size."""


def palette():
    """``(value, label)`` for each kind of ground, then the eraser (the rules' own labels)."""
    return tuple((name, kind.label[0].upper() + kind.label[1:]) for name, kind in TERRAIN_KINDS.items()) + (
        (ERASE, "Erase"),
    )


def wall_kinds():
    """``(value, label)`` for each kind of wall ``rules.terrain.EDGE_KINDS`` knows."""
    return tuple((name, kind.label.removeprefix("the ").capitalize()) for name, kind in EDGE_KINDS.items())


def painted(terrain: Terrain, cells, kind: str) -> Terrain:
    """``terrain`` with ``cells`` made of ``kind`` alone (or open ground for ``ERASE``)."""
    cells = set(cells)
    kept = tuple(pair for pair in terrain.cells if pair[0] not in cells)
    if kind != ERASE:
        kept += tuple((cell, (kind,)) for cell in cells)
    return Terrain(kept, terrain.edges)


def painted_around(encounter, base: Terrain, cells, kind: str) -> tuple[Terrain, tuple]:
    """``(terrain, spared)``: ``base`` with ``cells`` painted ``kind``, leaving as it was the
    ground under each creature that could not stand on the new ground there (the rules'
    ``standing_problem``), and the names of those creatures."""
    from rules.placement import standing_problem

    cells = set(cells)
    terrain = painted(base, cells, kind)
    spared = []
    for creature in encounter.creatures:
        if standing_problem(creature, encounter.grid, terrain) is not None:
            cells -= set(creature.cells(encounter.grid))
            spared.append(creature.name)
            terrain = painted(base, cells, kind)
    return terrain, tuple(spared)


def stroke(grid, start, end) -> tuple:
    """The cells on the board from ``start`` to ``end`` along the grid's line: what a brush
    moving between two pointer events passes over."""
    return tuple(cell for cell in grid.line(start, end) if grid.contains(cell))


def box(grid, corner, other) -> tuple:
    """The board's cells in the box of rows and columns between two corner cells."""
    (c0, r0), (c1, r1) = grid.to_offset(corner), grid.to_offset(other)
    return tuple(
        grid.from_offset(col, row)
        for row in range(max(0, min(r0, r1)), min(grid.height, max(r0, r1) + 1))
        for col in range(max(0, min(c0, c1)), min(grid.width, max(c0, c1) + 1))
    )


def nearest_edge(grid, layout, x, y):
    """The two squares sharing the side nearest the pixel ``x``, ``y``, or ``None`` when the
    point is not within ``EDGE_GRAB`` of a side between two squares of the board (or the board
    is of hexes: walls are drawn on squares)."""
    if grid.kind != "square":
        return None
    cell = layout.from_pixel(x, y)
    cx, cy = layout.to_pixel(cell)
    size = layout.cell_size
    best = None
    for step in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        ex, ey = cx + step[0] * size / 2, cy + step[1] * size / 2
        across = abs((x - ex) * step[0] + (y - ey) * step[1])
        if best is None or across < best[0]:
            best = (across, step)
    across, step = best
    other = type(cell)(cell.x + step[0], cell.y + step[1])
    if across > EDGE_GRAB * size or not (grid.contains(cell) and grid.contains(other)):
        return None
    return (cell, other)


def toggled_wall(terrain: Terrain, a, b, kind: str) -> tuple[Terrain, str]:
    """``terrain`` with the wall between ``a`` and ``b`` toggled, and what happened: a wall of
    another kind becomes ``kind``; one of ``kind`` is taken away."""
    present = terrain.edge_between(a, b)
    kept = tuple(edge for edge in terrain.edges if {edge[0], edge[1]} != {a, b})
    label = EDGE_KINDS[kind].label.removeprefix("the ")
    if present == kind:
        return Terrain(terrain.cells, kept), f"Removed the {label}"
    return Terrain(terrain.cells, kept + ((a, b, kind),)), f"Built a {label}"


def shared_side(a_corners, b_corners):
    """The two corners two neighbouring cells share (their common side), from their corner
    lists in pixels; ``None`` if they share fewer than two."""
    common = [p for p in a_corners if any(math.dist(p, q) < 0.5 for q in b_corners)]
    return tuple(common[:2]) if len(common) >= 2 else None
