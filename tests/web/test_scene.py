"""The scene under CPython: what the grid layer draws, for squares and both hex layouts.

The scene is pure, so these tests check the draw operations themselves: the board's fill, one
line per visible grid line on squares, one outline per visible hex, and nothing off screen.
"""

import pytest

from rules.grid import HexGrid, SquareGrid
from web.scene import BACKGROUND, LINE, OUTSIDE, grid_scene
from web.view import View


def paths(ops):
    """The path operations of a scene, as (d, fill, stroke) triples."""
    return [(op[1], op[2], op[3]) for op in ops if op[0] == "path"]


def test_square_grid_draws_board_and_one_line_per_edge():
    """A 10x6 board wholly on screen: background outside, board fill, 11 + 7 grid lines."""
    grid = SquareGrid(10, 6)
    ops = grid_scene(grid, View().layout(grid), 800, 600)
    (outside, _, _), (board, fill, _), (lines, _, stroke) = paths(ops)
    assert ops[0][2] == OUTSIDE and fill == BACKGROUND and stroke == LINE
    assert lines.count("V") == 11 and lines.count("H") == 7
    assert board.startswith("M24.0 24.0H424.0V264.0")


def test_square_lines_sit_on_half_pixels_for_crisp_one_pixel_strokes():
    """At a device pixel ratio of 1 every line coordinate ends in .5, so a 1 px line is crisp."""
    grid = SquareGrid(5, 5)
    ops = grid_scene(grid, View(pan_x=10.3, zoom=1.37).layout(grid), 400, 400)
    lines = paths(ops)[-1][0]
    xs = [float(part.split()[0]) for part in lines.split("M")[1:] if "V" in part]
    assert xs and all(x % 1 == 0.5 for x in xs)


def test_square_grid_off_screen_draws_only_the_background():
    """A board panned wholly off the canvas draws nothing but the outside fill."""
    grid = SquareGrid(10, 10)
    ops = grid_scene(grid, View(pan_x=-5000).layout(grid), 400, 300)
    assert len(ops) == 1 and ops[0][2] == OUTSIDE


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hex_grid_outlines_every_visible_hex(orientation):
    """A small hex board wholly on screen: one closed outline of six corners per hex."""
    grid = HexGrid(6, 4, orientation)
    ops = grid_scene(grid, View().layout(grid), 1000, 800)
    d, fill, stroke = paths(ops)[-1]
    assert fill == BACKGROUND and stroke == LINE
    outlines = d.split("M")[1:]
    assert len(outlines) == 24
    assert all(outline.endswith("Z") and outline.count("L") == 5 for outline in outlines)


def test_hex_grid_culls_hexes_far_off_screen():
    """On a 100x100 hex board only the hexes near the canvas are drawn."""
    grid = HexGrid(100, 100, "flat")
    ops = grid_scene(grid, View().layout(grid), 400, 300)
    drawn = paths(ops)[-1][0].count("M")
    assert 0 < drawn < 400


def test_zoom_keeps_the_point_under_the_cursor():
    """Zooming about a screen point leaves the board point under it where it was."""
    grid = SquareGrid(20, 20)
    before = View(pan_x=30, pan_y=40, zoom=1.0)
    after = before.zoomed(1.5, 200, 120)
    board_x = lambda view, x: (x - view.pan_x) / view.zoom  # noqa: E731
    assert board_x(after, 200) == pytest.approx(board_x(before, 200))
    assert after.layout(grid).cell_size == pytest.approx(60)


def test_zoom_is_clamped():
    """However far the wheel turns, the zoom stays within its limits."""
    view = View().zoomed(1000, 0, 0)
    assert view.zoom == 4.0
    assert View().zoomed(0.0001, 0, 0).zoom == 0.2


def test_pinch_pans_with_the_midpoint_and_zooms_with_the_spread():
    """Two fingers moving apart about a fixed midpoint zoom in; moving together, they pan."""
    view = View(pan_x=0, pan_y=0, zoom=1.0)
    spread = view.pinched([(90, 100), (110, 100)], [(80, 100), (120, 100)])
    assert spread.zoom == pytest.approx(2.0)
    assert (100 - spread.pan_x) / spread.zoom == pytest.approx(100)
    slid = view.pinched([(90, 100), (110, 100)], [(100, 110), (120, 110)])
    assert (slid.pan_x, slid.pan_y, slid.zoom) == pytest.approx((10, 10, 1.0))
