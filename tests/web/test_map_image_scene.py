"""The map image in the grid layer's scene (issue 17): drawn where its alignment lays it, at its
opacity, over the board's ground and under the terrain, the grid lines and the walls."""

from rules.backdrop import Backdrop
from rules.grid import HexGrid, Layout, SquareGrid
from rules.terrain import Terrain
from web import scene

CRYPT = Backdrop("a" * 64, "crypt.png", 1000, 500, 400, cell=50, x=-1, y=0.5, opacity=60)


def kinds(ops):
    return [op[0] if op[0] != "path" else ("fill" if op[2] else "line") for op in ops]


def test_the_image_lies_where_its_alignment_says_at_its_opacity():
    layout = Layout(SquareGrid(10, 8), 40, (24, 24))
    (op,) = scene.picture_ops(("IMAGE", CRYPT), layout)
    assert op == ("image", "IMAGE", 24 - 40, 24 + 20, 10 * 40, 8 * 40, 0.6)
    assert scene.picture_ops(None, layout) == []


def test_on_squares_the_image_is_over_the_ground_and_under_the_lines_and_walls():
    grid = SquareGrid(10, 8)
    terrain = Terrain.build(edges={(grid.cell_type(1, 1), grid.cell_type(2, 1)): "wall"})
    ops = scene.grid_scene(grid, Layout(grid, 40, (24, 24)), 800, 600, 1.0, terrain, ("IMAGE", CRYPT))
    order = [op[0] for op in ops]
    image = order.index("image")
    assert ops[image - 1][2] == scene.BACKGROUND, "the board's ground is under the image"
    assert any(op[0] == "path" and op[3] == scene.LINE for op in ops[image + 1:]), "grid lines over it"
    assert len(ops) == len(scene.grid_scene(grid, Layout(grid, 40, (24, 24)), 800, 600, 1.0, terrain)) + 1


def test_on_hexes_the_cells_are_filled_under_the_image_and_outlined_over_it():
    grid = HexGrid(6, 6, "flat")
    ops = scene.grid_scene(grid, Layout(grid, 40, (24, 24)), 800, 600, 1.0, picture=("IMAGE", CRYPT))
    image = [op[0] for op in ops].index("image")
    assert ops[image - 1][2] == scene.BACKGROUND and ops[image - 1][3] is None
    assert ops[image + 1][1] == ops[image - 1][1] and ops[image + 1][3] == scene.LINE
    plain = scene.grid_scene(grid, Layout(grid, 40, (24, 24)), 800, 600, 1.0)
    assert "image" not in [op[0] for op in plain] and len(plain) == 2
