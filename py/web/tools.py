"""The table's map tools: painting terrain and walls, as pure functions of the board. No browser.

The page's palette offers every kind of ground ``rules.terrain.TERRAIN_KINDS`` knows, and an
eraser; the brush paints the cells a drag passes over (the grid's own ``line`` fills the gaps
between two pointer events), the rectangle paints a box of cells, and the wall tool toggles a
wall, low wall or door on the side nearest the pointer, of a square or a hex (Seed 002,
"Obstacles": an obstacle between squares). A click on a door opens or closes it. Each returns a
new ``Terrain``; the terrain's own checks decide what is valid.
"""

import math

from rules.terrain import EDGE_KINDS, TERRAIN_KINDS, Terrain, with_door_toggled

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
    """``(value, label)`` for each kind of wall or door ``rules.terrain.EDGE_KINDS`` knows that
    the wall tool builds: a door is built closed (a click opens it), so an open door is not
    offered."""
    return tuple(
        (name, kind.label.removeprefix("the ").capitalize())
        for name, kind in EDGE_KINDS.items()
        if kind.blocks or not kind.is_door
    )


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
    """The two cells sharing the side nearest the pixel ``x``, ``y``, or ``None`` when the point
    is not within ``EDGE_GRAB`` of a side between two cells of the board. On squares a side is
    one of the four straight neighbours'; on hexes every neighbour shares a side. The side
    between two cells lies halfway between their centres, square across the line joining them,
    so the distance to it is measured along that line."""
    cell = layout.from_pixel(x, y)
    cx, cy = layout.to_pixel(cell)
    best = None
    for da, db in grid.vectors:
        if grid.kind == "square" and da and db:
            continue
        a, b = cell.coords
        other = type(cell)(a + da, b + db)
        ox, oy = layout.to_pixel(other)
        half = math.hypot(ox - cx, oy - cy) / 2
        # How far the point lies from the side, along the line from this centre to the other.
        across = abs(half - ((x - cx) * (ox - cx) + (y - cy) * (oy - cy)) / (2 * half))
        if best is None or across < best[0]:
            best = (across, other)
    across, other = best
    if across > EDGE_GRAB * layout.cell_size or not (grid.contains(cell) and grid.contains(other)):
        return None
    return (cell, other)


def _same_edge_kind(present: str | None, kind: str) -> bool:
    """Whether the wall tool holding ``kind`` finds its own kind at an edge holding
    ``present``: the same kind, or the same door open or closed."""
    return present == kind or (present is not None and EDGE_KINDS[present].toggled == kind)


def toggled_wall(terrain: Terrain, a, b, kind: str) -> tuple[Terrain, str]:
    """``terrain`` with the wall between ``a`` and ``b`` toggled, and what happened: a wall of
    another kind becomes ``kind``; one of ``kind`` is taken away (a door open or closed alike)."""
    present = terrain.edge_between(a, b)
    kept = tuple(edge for edge in terrain.edges if {edge[0], edge[1]} != {a, b})
    if _same_edge_kind(present, kind):
        return Terrain(terrain.cells, kept), f"Removed the {EDGE_KINDS[present].label.removeprefix('the ')}"
    label = EDGE_KINDS[kind].label.removeprefix("the ")
    return Terrain(terrain.cells, kept + ((a, b, kind),)), f"Built a {label}"


def door_at(grid, layout, terrain: Terrain, x, y):
    """The two cells either side of the door nearest the pixel ``x``, ``y`` (open or closed),
    or ``None`` when the nearest side (``nearest_edge``) holds no door."""
    edge = nearest_edge(grid, layout, x, y)
    if edge is None:
        return None
    kind = terrain.edge_between(*edge)
    return edge if kind is not None and EDGE_KINDS[kind].is_door else None


def toggled_door(terrain: Terrain, a, b) -> tuple[Terrain, str]:
    """``terrain`` with the door between ``a`` and ``b`` opened or closed, and what happened
    ("Opened the door", "Closed the door"). ``rules.terrain.TerrainError`` if no door is there."""
    opened = with_door_toggled(terrain, a, b)
    return opened, ("Closed the door" if EDGE_KINDS[opened.edge_between(a, b)].blocks else "Opened the door")


def clicked_door(grid, layout, terrain: Terrain, x, y):
    """What a Select-tool click at pixel ``x``, ``y`` does to a door: ``(terrain, message)`` with
    the nearest door opened or closed, or ``None`` when the click is not on a door (then it is
    the token's or the board's click as ever). Closing a door through a big creature's space
    is refused when the page builds the encounter (``rules.placement``: a blocking edge may
    not run through a creature's space)."""
    edge = door_at(grid, layout, terrain, x, y)
    return None if edge is None else toggled_door(terrain, *edge)


def shared_side(a_corners, b_corners):
    """The two corners two neighbouring cells share (their common side), from their corner
    lists in pixels; ``None`` if they share fewer than two."""
    common = [p for p in a_corners if any(math.dist(p, q) < 0.5 for q in b_corners)]
    return tuple(common[:2]) if len(common) >= 2 else None
