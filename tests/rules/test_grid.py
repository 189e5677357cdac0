"""Grids: cells, neighbours, distance, lines, facing names and the Layout round trip."""

import heapq
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import RulesError
from rules.grid import (
    FacingError,
    GridError,
    Hex,
    HexGrid,
    Layout,
    Square,
    SquareGrid,
)

GRIDS = [SquareGrid(9, 7), HexGrid(9, 7, "flat"), HexGrid(9, 7, "pointy")]
GRID_IDS = ["square", "flat", "pointy"]

COMPASS16 = (
    "N",
    "NNE",
    "NE",
    "ENE",
    "E",
    "ESE",
    "SE",
    "SSE",
    "S",
    "SSW",
    "SW",
    "WSW",
    "W",
    "WNW",
    "NW",
    "NNW",
)


def bearing(vector: tuple[float, float]) -> float:
    """Compass bearing in degrees of a unit-geometry vector (y grows south)."""
    return math.degrees(math.atan2(vector[0], -vector[1])) % 360


def step_bearing(grid, vector) -> float:
    """The bearing of a coordinate step, measured between two cell centres."""
    start = grid.from_offset(4, 3)
    end = grid.cell_type(start.coords[0] + vector[0], start.coords[1] + vector[1])
    (x0, y0), (x1, y1) = grid.centre(start), grid.centre(end)
    return bearing((x1 - x0, y1 - y0))


def nearest_compass_point(degrees: float, points: int) -> str:
    """The name of the 8- or 16-point compass direction nearest a bearing."""
    every = 16 // points
    return COMPASS16[every * round(degrees / (360 / points)) % 16]


def test_square_directions_are_the_eight_facings():
    """UA Combat Facing: Facing Direction: "a Medium creature standing in a given square has
    eight possible facings"; they run clockwise from north."""
    grid = SquareGrid(5, 5)
    assert grid.directions == ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    assert [step_bearing(grid, v) for v in grid.vectors] == [45.0 * i for i in range(8)]


def test_hex_directions_per_orientation():
    """ "Hexes and Facing": six facings, one per side of the hex, clockwise from north."""
    assert HexGrid(3, 3, "flat").directions == ("N", "NE", "SE", "S", "SW", "NW")
    assert HexGrid(3, 3, "pointy").directions == ("NE", "E", "SE", "SW", "W", "NW")


@pytest.mark.parametrize("grid", GRIDS, ids=GRID_IDS)
def test_direction_names_match_their_bearing(grid):
    """Every direction is named after the 8-point compass point nearest its real bearing (hex
    diagonals after the 16-point one), and the list runs clockwise from at or after north."""
    named = [(grid.directions, grid.vectors, 8)]
    if grid.kind == "hex":
        named.append((grid.diagonals, [grid.diagonal_vector(i) for i in range(6)], 16))
    for names, vectors, points in named:
        bearings = [step_bearing(grid, v) for v in vectors]
        assert [nearest_compass_point(b, points) for b in bearings] == list(names)
        assert bearings == sorted(bearings)
        assert bearings[0] < 360 / len(names)


@pytest.mark.parametrize("grid", GRIDS, ids=GRID_IDS)
def test_neighbour_centres_are_one_unit_apart(grid):
    """Unit geometry: one cell is one unit across (the step to an edge neighbour)."""
    cell = grid.from_offset(4, 3)
    x0, y0 = grid.centre(cell)
    for index, name in enumerate(grid.directions):
        x1, y1 = grid.centre(grid.step(cell, index))
        expected = math.sqrt(2) if len(name) == 2 and grid.kind == "square" else 1.0
        assert math.hypot(x1 - x0, y1 - y0) == pytest.approx(expected)


@pytest.mark.parametrize("grid", GRIDS, ids=GRID_IDS)
def test_facing_names_round_trip(grid):
    for index, name in enumerate(grid.directions):
        assert grid.facing_name(index) == name
        assert grid.parse_facing(name) == index
        assert grid.parse_facing(f" {name.lower()} ") == index


def test_hex_diagonal_names_round_trip():
    grid = HexGrid(3, 3, "pointy")
    for index, name in enumerate(grid.diagonals):
        assert grid.parse_diagonal(name.lower()) == index
        assert grid.diagonal_name(index) == name


@pytest.mark.parametrize(
    "grid, bad",
    [(SquareGrid(3, 3), "NNE"), (HexGrid(3, 3, "flat"), "E"), (HexGrid(3, 3, "pointy"), "N")],
    ids=GRID_IDS,
)
def test_unknown_facing_name_is_refused(grid, bad):
    """A facing the grid lacks raises a ValueError whose message lists the real ones."""
    with pytest.raises(FacingError) as caught:
        grid.parse_facing(bad)
    assert isinstance(caught.value, RulesError) and isinstance(caught.value, ValueError)
    assert repr(bad) in str(caught.value)
    assert _and_list(grid.directions) in str(caught.value)


def _and_list(names) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1]


@pytest.mark.parametrize("bad", [8, -1, 1.0, True, None])
def test_square_facing_numbers_outside_the_eight_are_refused(bad):
    grid = SquareGrid(3, 3)
    with pytest.raises(FacingError, match="There is no facing .* on a square grid"):
        grid.facing_name(bad)
    with pytest.raises(FacingError):
        grid.step(Square(1, 1), bad)


def test_hex_has_no_seventh_facing():
    with pytest.raises(FacingError, match="numbered 0 to 5"):
        HexGrid(3, 3).direction_vector(6)


@pytest.mark.parametrize(
    "make",
    [
        lambda: SquareGrid(0, 5),
        lambda: SquareGrid(5, -2),
        lambda: SquareGrid(2.5, 3),
        lambda: HexGrid(3, 3, "sideways"),
        lambda: Square(1.5, 0),
        lambda: Hex(0, True),
        lambda: Layout(SquareGrid(3, 3), 0),
        lambda: Layout(SquareGrid(3, 3), 10, (0.0, math.inf)),
    ],
)
def test_impossible_boards_and_cells_are_refused(make):
    with pytest.raises(GridError):
        make()


def test_board_messages_read_well():
    with pytest.raises(GridError, match=r"A board needs at least one cell each way, not 0 x 5\."):
        SquareGrid(0, 5)
    with pytest.raises(GridError, match="Hexes are laid out flat or pointy, not 'sideways'"):
        HexGrid(3, 3, "sideways")


@pytest.mark.parametrize("grid", GRIDS, ids=GRID_IDS)
def test_cells_are_the_board_row_by_row(grid):
    cells = grid.cells()
    assert len(cells) == len(set(cells)) == grid.width * grid.height
    assert [grid.to_offset(cell) for cell in cells] == [
        (col, row) for row in range(grid.height) for col in range(grid.width)
    ]
    assert all(grid.contains(cell) for cell in cells)
    assert all(grid.from_offset(*grid.to_offset(cell)) == cell for cell in cells)


@pytest.mark.parametrize("grid", GRIDS, ids=GRID_IDS)
def test_contains_refuses_cells_off_the_board_or_of_the_other_kind(grid):
    other = Hex(0, 0) if grid.kind == "square" else Square(0, 0)
    assert not grid.contains(other)
    for col, row in [(-1, 0), (0, -1), (grid.width, 0), (0, grid.height)]:
        assert not grid.contains(grid.from_offset(col, row))


def test_flat_hexes_use_odd_q_offsets():
    """Odd columns sit half a hex lower than even ones."""
    grid = HexGrid(4, 4, "flat")
    for col in range(3):
        lower = (
            grid.centre(grid.from_offset(col + 1, 0))[1] - grid.centre(grid.from_offset(col, 0))[1]
        )
        assert lower == pytest.approx(0.5 if col % 2 == 0 else -0.5)


def test_pointy_hexes_use_odd_r_offsets():
    """Odd rows sit half a hex further east than even ones."""
    grid = HexGrid(4, 4, "pointy")
    for row in range(3):
        east = (
            grid.centre(grid.from_offset(0, row + 1))[0] - grid.centre(grid.from_offset(0, row))[0]
        )
        assert east == pytest.approx(0.5 if row % 2 == 0 else -0.5)


@pytest.mark.parametrize("grid", GRIDS, ids=GRID_IDS)
def test_neighbours_run_in_direction_order_and_stay_on_the_board(grid):
    middle = grid.from_offset(4, 3)
    assert grid.neighbours(middle) == tuple(
        grid.step(middle, i) for i in range(len(grid.directions))
    )
    corner = grid.from_offset(0, 0)
    found = grid.neighbours(corner)
    assert all(grid.contains(cell) for cell in found)
    assert list(found) == [
        grid.step(corner, i)
        for i in range(len(grid.directions))
        if grid.contains(grid.step(corner, i))
    ]


def test_square_corner_has_three_neighbours():
    assert SquareGrid(5, 5).neighbours(Square(0, 0)) == (Square(1, 0), Square(1, 1), Square(0, 1))


def test_square_distance_counts_diagonals_one_two_one_two():
    """Measuring Distance: "the first diagonal counts as 1 square, the second counts as 2
    squares, the third counts as 1, the fourth as 2, and so on." """
    grid = SquareGrid(10, 10)
    assert [grid.distance(Square(0, 0), Square(k, k)) for k in range(6)] == [0, 1, 3, 4, 6, 7]
    assert grid.distance(Square(0, 0), Square(5, 0)) == 5
    assert grid.distance(Square(0, 0), Square(3, 1)) == 3
    assert grid.distance(Square(4, 4), Square(1, 2)) == 4


def _square_path_cost(grid: SquareGrid, start: Square) -> dict:
    """Cheapest movement to every square, paying 1, 2, 1, 2 for successive diagonals."""
    best = {}
    queue = [(0, 0, start.x, start.y)]
    while queue:
        cost, parity, x, y = heapq.heappop(queue)
        if (x, y, parity) in best:
            continue
        best[(x, y, parity)] = cost
        for dx, dy in grid.vectors:
            cell = Square(x + dx, y + dy)
            if grid.contains(cell):
                diagonal = dx != 0 and dy != 0
                step = (2 if parity else 1) if diagonal else 1
                heapq.heappush(queue, (cost + step, parity ^ diagonal, cell.x, cell.y))
    return {
        cell: min(best[(cell.x, cell.y, p)] for p in (0, 1) if (cell.x, cell.y, p) in best)
        for cell in grid.cells()
    }


def test_square_distance_is_the_cheapest_path():
    """The formula agrees with a search over every path that counts diagonals 1-2-1-2."""
    grid = SquareGrid(9, 8)
    for start in [Square(0, 0), Square(4, 3), Square(8, 7)]:
        costs = _square_path_cost(grid, start)
        assert {cell: grid.distance(start, cell) for cell in grid.cells()} == costs


@pytest.mark.parametrize("grid", GRIDS[1:], ids=GRID_IDS[1:])
def test_hex_distance_is_the_shorter_path(grid):
    """UA Hex Grid: "just count hexes by the shorter path"; checked by breadth-first search."""
    start = grid.from_offset(3, 2)
    steps = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for cell in frontier:
            for other in grid.neighbours(cell):
                if other not in steps:
                    steps[other] = steps[cell] + 1
                    following.append(other)
        frontier = following
    assert {cell: grid.distance(start, cell) for cell in grid.cells()} == steps


def test_hex_line_along_a_direction():
    grid = HexGrid(9, 9)
    assert grid.line(Hex(0, 0), Hex(3, 0)) == (Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0))
    assert grid.line(Hex(2, 2), Hex(2, 2)) == (Hex(2, 2),)


def test_square_line_golden():
    grid = SquareGrid(9, 9)
    assert grid.line(Square(0, 0), Square(4, 2)) == (
        Square(0, 0),
        Square(1, 1),
        Square(2, 1),
        Square(3, 2),
        Square(4, 2),
    )


@pytest.mark.parametrize("grid", GRIDS, ids=GRID_IDS)
@given(data=st.data())
def test_lines_run_cell_to_adjacent_cell(grid, data):
    coords = st.integers(-20, 20)
    a = grid.cell_type(data.draw(coords), data.draw(coords))
    b = grid.cell_type(data.draw(coords), data.draw(coords))
    line = grid.line(a, b)
    assert line[0] == a and line[-1] == b
    if grid.kind == "hex":
        assert len(line) == grid.distance(a, b) + 1
    else:
        assert len(line) == max(abs(a.x - b.x), abs(a.y - b.y)) + 1
    for first, second in zip(line, line[1:], strict=False):
        assert second in {grid.step(first, i) for i in range(len(grid.directions))}


@pytest.mark.parametrize("grid", GRIDS, ids=GRID_IDS)
@given(
    u=st.tuples(st.integers(-9, 9), st.integers(-9, 9)),
    v=st.tuples(st.integers(-9, 9), st.integers(-9, 9)),
)
def test_dot_is_the_unit_geometry_dot_product(grid, u, v):
    """``grid.dot`` is the real dot product of the steps (times 2 on hexes), in whole numbers."""
    origin = grid.cell_type(0, 0)
    x0, y0 = grid.centre(origin)

    def unit(step):
        x, y = grid.centre(grid.cell_type(*step))
        return (x - x0, y - y0)

    (ux, uy), (vx, vy) = unit(u), unit(v)
    scale = 2 if grid.kind == "hex" else 1
    assert grid.dot(u, v) == pytest.approx(scale * (ux * vx + uy * vy), abs=1e-9)


@pytest.mark.parametrize("grid", GRIDS, ids=GRID_IDS)
def test_extent_is_the_bounding_box_of_every_corner(grid):
    corners = [point for cell in grid.cells() for point in grid.corners(cell)]
    width, height = grid.extent()
    assert min(x for x, _ in corners) == pytest.approx(0.0, abs=1e-12)
    assert min(y for _, y in corners) == pytest.approx(0.0, abs=1e-12)
    assert max(x for x, _ in corners) == pytest.approx(width)
    assert max(y for _, y in corners) == pytest.approx(height)


LAYOUT_GRIDS = [SquareGrid(12, 10), HexGrid(12, 10, "flat"), HexGrid(12, 10, "pointy")]


@pytest.mark.parametrize("grid", LAYOUT_GRIDS, ids=GRID_IDS)
@given(
    size=st.floats(4.0, 120.0),
    origin=st.tuples(st.floats(-500.0, 500.0), st.floats(-500.0, 500.0)),
)
def test_layout_round_trip_every_cell(grid, size, origin):
    """Cell to pixel and back is the same cell, on squares, flat hexes and pointy hexes."""
    layout = Layout(grid, size, origin)
    for cell in grid.cells():
        assert layout.from_pixel(*layout.to_pixel(cell)) == cell


@pytest.mark.parametrize("grid", LAYOUT_GRIDS, ids=GRID_IDS)
@given(
    size=st.floats(4.0, 120.0),
    fraction=st.tuples(st.floats(0.0, 1.0), st.floats(0.0, 1.0)),
)
def test_from_pixel_finds_the_cell_whose_centre_is_nearest(grid, size, fraction):
    """Pixel to cell: the answer's centre is nearest the pixel (the cell contains it), and the
    pixel lies inside the answer's corner polygon."""
    layout = Layout(grid, size, (30.0, 20.0))
    width, height = layout.extent()
    px, py = 30.0 + fraction[0] * width, 20.0 + fraction[1] * height
    cell = layout.from_pixel(px, py)
    cx, cy = layout.to_pixel(cell)
    mine = math.hypot(px - cx, py - cy)
    for index in range(len(grid.directions)):
        ox, oy = layout.to_pixel(grid.step(cell, index))
        assert mine <= math.hypot(px - ox, py - oy) + 1e-9 * size
    assert _inside(layout.corners(cell), (px, py), 1e-9 * size)


def _inside(polygon, point, tolerance) -> bool:
    """Whether ``point`` lies in the convex ``polygon`` (corners in either winding)."""
    signs = []
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        cross = (x1 - x0) * (point[1] - y0) - (y1 - y0) * (point[0] - x0)
        signs.append(cross / math.hypot(x1 - x0, y1 - y0))
    return all(s >= -tolerance for s in signs) or all(s <= tolerance for s in signs)


def test_layout_scales_unit_geometry():
    layout = Layout(SquareGrid(4, 3), 32.0, (10.0, 5.0))
    assert layout.to_pixel(Square(0, 0)) == (26.0, 21.0)
    assert layout.corners(Square(1, 0)) == ((42.0, 5.0), (74.0, 5.0), (74.0, 37.0), (42.0, 37.0))
    assert layout.extent() == (128.0, 96.0)
    assert layout.from_pixel(9.0, 5.0) == Square(-1, 0)
