"""The map tools under CPython (issue 8): painting cells, boxes and brush strokes, walls on the
nearest side, and how the grid layer draws terrain with a mark per kind and walls as lines."""


import pytest

from rules.grid import HexGrid, Square, SquareGrid
from rules.terrain import EDGE_KINDS, TERRAIN_KINDS, Terrain, TerrainError
from web.scene import TERRAIN_STYLES, WALL_STYLES, grid_scene
from web.tools import (
    EDGE_GRAB,
    ERASE,
    box,
    clicked_door,
    door_at,
    nearest_edge,
    painted,
    palette,
    shared_side,
    stroke,
    toggled_door,
    toggled_wall,
    wall_kinds,
)
from web.view import View

GRID = SquareGrid(10, 8)
LAYOUT = View().layout(GRID)


def test_the_palette_offers_every_kind_of_ground_and_an_eraser():
    """Every kind ``rules.terrain`` knows is on the palette, with its own label, then Erase."""
    values = [value for value, _ in palette()]
    assert values == list(TERRAIN_KINDS) + [ERASE]
    assert dict(palette())["blocking"] == "A blocking obstacle"
    assert [value for value, _ in wall_kinds()] == ["wall", "low wall", "door"]
    assert dict(wall_kinds())["door"] == "Door"


def test_painting_replaces_a_cells_kinds_and_erasing_clears_them():
    """A painted cell holds the palette's kind alone; the eraser makes it open ground; walls stay."""
    walls = ((Square(0, 0), Square(1, 0), "wall"),)
    terrain = Terrain(((Square(1, 1), ("difficult", "obstacle")),), walls)
    pit = painted(terrain, [Square(1, 1), Square(2, 1)], "pit")
    assert pit.kinds_at(Square(1, 1)) == ("pit",) and pit.kinds_at(Square(2, 1)) == ("pit",)
    assert pit.edges == terrain.edges
    assert painted(pit, [Square(1, 1)], ERASE).by_cell == {Square(2, 1): ("pit",)}


def test_a_box_is_every_cell_between_two_corners_on_the_board():
    """The rectangle tool's box runs either way between its corners and stops at the board's edge."""
    assert set(box(GRID, Square(3, 4), Square(1, 2))) == {Square(x, y) for x in (1, 2, 3) for y in (2, 3, 4)}
    assert set(box(GRID, Square(8, 6), Square(12, 12))) == {Square(x, y) for x in (8, 9) for y in (6, 7)}


def test_a_brush_stroke_leaves_no_gap_between_pointer_events():
    """Two pointer events four cells apart paint the cells between them too (the grid's line)."""
    assert stroke(GRID, Square(1, 1), Square(5, 1)) == tuple(Square(x, 1) for x in range(1, 6))
    assert stroke(GRID, Square(8, 1), Square(11, 1)) == (Square(8, 1), Square(9, 1))
    hexes = HexGrid(6, 6, "flat")
    start, end = hexes.from_offset(0, 0), hexes.from_offset(3, 0)
    assert len(stroke(hexes, start, end)) == hexes.distance(start, end) + 1


@pytest.mark.parametrize("dx, dy, other", [(0.45, 0, Square(4, 3)), (-0.45, 0, Square(2, 3)),
                                           (0, 0.45, Square(3, 4)), (0.1, -0.42, Square(3, 2))])
def test_the_wall_tool_finds_the_side_nearest_the_click(dx, dy, other):
    """A click near a square's side picks that side: the square and its neighbour across it."""
    x, y = LAYOUT.to_pixel(Square(3, 3))
    size = LAYOUT.cell_size
    assert nearest_edge(GRID, LAYOUT, x + dx * size, y + dy * size) == (Square(3, 3), other)


def test_the_wall_tool_ignores_the_middle_and_the_board_edge():
    """A click in a square's middle, or on the board's outer side, finds no side."""
    x, y = LAYOUT.to_pixel(Square(3, 3))
    assert nearest_edge(GRID, LAYOUT, x, y) is None
    x, y = LAYOUT.to_pixel(Square(0, 3))
    assert nearest_edge(GRID, LAYOUT, x - 0.45 * LAYOUT.cell_size, y) is None


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_the_wall_tool_finds_every_side_of_a_hex(orientation):
    """Issue 17: on hexes every neighbour shares a side, and a click near that side, a little
    off its middle, picks it: the hex and that neighbour."""
    hexes = HexGrid(6, 6, orientation)
    layout = View().layout(hexes)
    cell = hexes.from_offset(2, 2)
    x, y = layout.to_pixel(cell)
    neighbours = hexes.neighbours(cell)
    assert len(neighbours) == 6
    for other in neighbours:
        ox, oy = layout.to_pixel(other)
        # 0.4 of the way to the other centre (0.1 of a cell short of the side), 0.1 of a cell along it.
        px, py = x + 0.4 * (ox - x) - 0.1 * (oy - y), y + 0.4 * (oy - y) + 0.1 * (ox - x)
        assert nearest_edge(hexes, layout, px, py) == (cell, other)
        side = shared_side(layout.corners(cell), layout.corners(other))
        assert side is not None, "the side the wall is drawn on"


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_the_wall_tool_ignores_a_hexs_middle_and_the_boards_outer_sides(orientation):
    """A click in a hex's middle is further than ``EDGE_GRAB`` from every side; a click by a
    side on the board's rim has no hex beyond it."""
    hexes = HexGrid(6, 6, orientation)
    layout = View().layout(hexes)
    x, y = layout.to_pixel(hexes.from_offset(2, 2))
    assert nearest_edge(hexes, layout, x, y) is None
    assert nearest_edge(hexes, layout, x + 0.15 * layout.cell_size, y) is None
    corner = hexes.from_offset(0, 0)
    x, y = layout.to_pixel(corner)
    size = layout.cell_size
    assert nearest_edge(hexes, layout, x - 0.45 * size, y) is None
    assert nearest_edge(hexes, layout, x, y - 0.45 * size) is None
    inside = hexes.neighbours(corner)[0]
    ox, oy = layout.to_pixel(inside)
    assert nearest_edge(hexes, layout, x + 0.45 * (ox - x), y + 0.45 * (oy - y)) == (corner, inside)


def test_walls_on_hexes_toggle_like_walls_on_squares():
    """The wall tool builds, changes and removes a wall on a hex side."""
    hexes = HexGrid(6, 6, "pointy")
    a = hexes.from_offset(2, 2)
    b = hexes.neighbours(a)[4]
    built, message = toggled_wall(Terrain(), a, b, "wall")
    built.check(hexes)
    assert built.edge_between(b, a) == "wall" and message == "Built a wall"
    assert toggled_wall(built, b, a, "wall") == (Terrain(), "Removed the wall")


def test_walls_toggle_and_change_kind():
    """A wall where there is none is built; one of another kind is changed; the same kind again
    takes it away."""
    a, b = Square(2, 2), Square(3, 2)
    built, message = toggled_wall(Terrain(), a, b, "wall")
    assert built.edge_between(b, a) == "wall" and message == "Built a wall"
    low, _ = toggled_wall(built, b, a, "low wall")
    assert low.edge_between(a, b) == "low wall" and len(low.edges) == 1
    gone, message = toggled_wall(low, a, b, "low wall")
    assert gone.edges == () and message == "Removed the low wall"


def test_the_wall_tool_builds_a_closed_door_and_takes_it_away_open_or_closed():
    """A door is built closed; the door tool on a door, open or closed, takes it away; on a
    wall it puts a door in the wall's place."""
    a, b = Square(2, 2), Square(3, 2)
    door, message = toggled_wall(Terrain(), a, b, "door")
    assert door.edge_between(a, b) == "door" and message == "Built a door"
    opened, _ = toggled_door(door, a, b)
    assert toggled_wall(opened, b, a, "door") == (Terrain(), "Removed the open door")
    assert toggled_wall(door, a, b, "door") == (Terrain(), "Removed the door")
    walled, _ = toggled_wall(opened, a, b, "wall")
    assert walled.edge_between(a, b) == "wall"
    assert toggled_wall(walled, a, b, "door")[0].edge_between(a, b) == "door"


def test_a_click_on_a_door_opens_and_closes_it():
    """Issue 17: a Select-tool click near a door's side opens it, a second closes it; the other
    walls stay; a click on a wall, in a square's middle or on a side with nothing is no door."""
    a, b = Square(3, 3), Square(4, 3)
    terrain = Terrain.build({Square(1, 1): "pit"}, {(a, b): "door", (Square(3, 3), Square(3, 4)): "wall"})
    x, y = LAYOUT.to_pixel(a)
    near = x + 0.4 * LAYOUT.cell_size
    assert door_at(GRID, LAYOUT, terrain, near, y) == (a, b)
    opened, message = clicked_door(GRID, LAYOUT, terrain, near, y)
    assert message == "Opened the door" and opened.edge_between(b, a) == "open door"
    assert opened.cells == terrain.cells and opened.edge_between(a, Square(3, 4)) == "wall"
    closed, message = clicked_door(GRID, LAYOUT, opened, near, y)
    assert message == "Closed the door" and closed == terrain
    assert clicked_door(GRID, LAYOUT, terrain, x, y + 0.4 * LAYOUT.cell_size) is None, "a wall"
    assert clicked_door(GRID, LAYOUT, terrain, x, y) is None, "the middle of a square"
    assert clicked_door(GRID, LAYOUT, terrain, x - 0.4 * LAYOUT.cell_size, y) is None, "an empty side"
    with pytest.raises(TerrainError, match=r"There is no door between \(3, 3\) and \(3, 4\)"):
        toggled_door(terrain, a, Square(3, 4))


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_a_click_on_a_hex_door_opens_it(orientation):
    """A door on a hex side opens and closes with a click near that side."""
    hexes = HexGrid(6, 6, orientation)
    layout = View().layout(hexes)
    a = hexes.from_offset(2, 2)
    b = hexes.neighbours(a)[1]
    terrain = Terrain.build({}, {(a, b): "door"})
    (x, y), (ox, oy) = layout.to_pixel(a), layout.to_pixel(b)
    px, py = x + 0.4 * (ox - x), y + 0.4 * (oy - y)
    opened, message = clicked_door(hexes, layout, terrain, px, py)
    assert message == "Opened the door" and opened.edge_between(a, b) == "open door"
    assert clicked_door(hexes, layout, opened, px, py) == (terrain, "Closed the door")


def test_two_neighbours_share_one_side():
    """The side two squares share is two corners; squares that do not touch share none."""
    side = shared_side(LAYOUT.corners(Square(1, 1)), LAYOUT.corners(Square(2, 1)))
    assert sorted(side) == [(104.0, 64.0), (104.0, 104.0)]
    assert shared_side(LAYOUT.corners(Square(1, 1)), LAYOUT.corners(Square(3, 1))) is None


def test_each_kind_of_ground_has_its_own_fill_and_mark():
    """Colour is not the only cue: every kind has a distinct fill and a distinct mark."""
    assert set(TERRAIN_STYLES) == set(TERRAIN_KINDS)
    assert len({fill for fill, _, _ in TERRAIN_STYLES.values()}) == len(TERRAIN_KINDS)
    assert len({mark for _, _, mark in TERRAIN_STYLES.values()}) == len(TERRAIN_KINDS)
    assert set(WALL_STYLES) == set(EDGE_KINDS)


def test_the_grid_layer_draws_terrain_under_the_lines_and_walls_on_top():
    """Terrain fills and marks come after the board's fill and before the grid lines; each wall
    kind is a thick line along the shared side, on top."""
    terrain = Terrain.build({Square(1, 1): "difficult", Square(2, 2): "pit"}, {(Square(4, 4), Square(4, 5)): "wall"})
    ops = grid_scene(GRID, LAYOUT, 800, 600, 1.0, terrain)
    fills = [op[2] for op in ops if op[0] == "path"]
    assert fills.index(TERRAIN_STYLES["difficult"][0]) > 1
    wall = [op for op in ops if op[3] == WALL_STYLES["wall"][0]]
    assert len(wall) == 1 and wall[0][4] == WALL_STYLES["wall"][1]
    assert ops.index(wall[0]) == len(ops) - 1
    assert wall[0][1] == "M184.0 224.0L224.0 224.0" or wall[0][1] == "M224.0 224.0L184.0 224.0"
    plain = grid_scene(GRID, LAYOUT, 800, 600, 1.0)
    assert len(ops) == len(plain) + 2 + 2 + 1


def test_painting_leaves_the_ground_under_a_creature_that_cannot_stand_on_it():
    """Issue 20: blocking terrain painted over Kroh leaves his square as it was (the rules say
    he cannot stand on it) and names him; difficult terrain is painted under him."""
    from rules.creature import Creature
    from rules.encounter import Encounter
    from rules.grid import Square, SquareGrid
    from rules.sizes import Size
    from rules.terrain import NO_TERRAIN
    from web.tools import painted_around

    board = Encounter(SquareGrid(6, 6), (Creature("Kroh", Size.MEDIUM, Square(2, 2), facing=0),))
    cells = [Square(x, 2) for x in range(5)]
    terrain, spared = painted_around(board, NO_TERRAIN, cells, "blocking")
    assert spared == ("Kroh",)
    assert sorted(cell.x for cell, _ in terrain.cells) == [0, 1, 3, 4]
    terrain, spared = painted_around(board, NO_TERRAIN, cells, "difficult")
    assert spared == () and len(terrain.cells) == 5
