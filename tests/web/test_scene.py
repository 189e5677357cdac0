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
    assert View().zoomed(0.0001, 0, 0).zoom == 0.05


def test_pinch_pans_with_the_midpoint_and_zooms_with_the_spread():
    """Two fingers moving apart about a fixed midpoint zoom in; moving together, they pan."""
    view = View(pan_x=0, pan_y=0, zoom=1.0)
    spread = view.pinched([(90, 100), (110, 100)], [(80, 100), (120, 100)])
    assert spread.zoom == pytest.approx(2.0)
    assert (100 - spread.pan_x) / spread.zoom == pytest.approx(100)
    slid = view.pinched([(90, 100), (110, 100)], [(100, 110), (120, 110)])
    assert (slid.pan_x, slid.pan_y, slid.zoom) == pytest.approx((10, 10, 1.0))


def test_creatures_sharing_a_square_are_each_drawn_side_by_side():
    """Issue 13: three Tiny rats in one square get three slots; a Tiny mouse in Kroh's square
    is tucked into a corner while Kroh keeps his whole token; a helpless sleeper under a thief
    likewise. Each slotted creature's disc is drawn, and nobody alone in a square is slotted."""
    from dataclasses import replace

    from rules.creature import Creature
    from rules.encounter import Encounter
    from rules.grid import Square
    from rules.sizes import Size
    from web.scene import board_scene
    from web.state import Ui, slot_circle, slots

    rats = [Creature(f"Rat {n}", Size.TINY, Square(1, 1), side="foe") for n in range(3)]
    kroh = Creature("Kroh", Size.MEDIUM, Square(4, 1), facing=0)
    mouse = Creature("Mouse", Size.TINY, Square(4, 1))
    sleeper = replace(Creature("Sleeper", Size.MEDIUM, Square(6, 1), facing=0), helpless=True)
    thief = Creature("Thief", Size.MEDIUM, Square(6, 1), facing=0)
    alone = Creature("Alone", Size.TINY, Square(8, 1))
    board = Encounter(SquareGrid(10, 4), (*rats, kroh, mouse, sleeper, thief, alone))
    placed = slots(board)
    assert {name: place[1:] for name, place in placed.items()} == {
        "Rat 0": (0, 3, False), "Rat 1": (1, 3, False), "Rat 2": (2, 3, False),
        "Mouse": (0, 1, True), "Sleeper": (0, 1, True)}
    layout = View().layout(board.grid)
    ops = board_scene(board, Ui(), layout)
    texts = [op[3] for op in ops if op[0] == "text"]
    assert sorted(texts) == sorted(["R0", "R1", "R2", "Kro", "Mou", "Sle", "Thi", "Alo"])
    centres = {slot_circle(cell, index, count, layout, beside)[:2] for cell, index, count, beside in placed.values()}
    assert len(centres) == 5, "every slotted creature has a place of its own"


def test_more_creatures_than_slots_show_a_count_badge():
    """Six Diminutive bats in one square: three are drawn and a "+3" badge stands for the rest,
    unless the selected bat is one of those, which then takes the badge's place."""
    from rules.creature import Creature
    from rules.encounter import Encounter
    from rules.grid import Square
    from rules.sizes import Size
    from web.scene import board_scene
    from web.state import Ui

    bats = tuple(Creature(f"Bat {n}", Size.DIMINUTIVE, Square(2, 2), side="foe") for n in range(6))
    board = Encounter(SquareGrid(5, 5), bats)
    layout = View().layout(board.grid)
    texts = [op[3] for op in board_scene(board, Ui(), layout) if op[0] == "text"]
    assert texts == ["B0", "B1", "B2", "+3"]
    picked = [op[3] for op in board_scene(board, Ui(selected="Bat 5"), layout) if op[0] == "text"]
    assert picked == ["B0", "B1", "B2", "B5"]


@pytest.mark.parametrize("point", [(5, 5), (395, 300), (200, 590), (390, 590)])
def test_a_drag_label_stays_inside_the_canvas(point):
    """Issue 13: the label at the end of a planned move is kept wholly inside the canvas, near
    an edge or a corner, and a long reason wraps instead of running off a phone's screen."""
    from web.scene import label_box, label_ops

    reason = "No way there: walls, obstacles or creatures close (12, 3) off, and the rest of a long reason"
    ops = label_ops(reason, point, 40.0, "#B3261E", 1.0, (400, 600))
    left, top, right, bottom = label_box(ops)
    assert 0 <= left < right <= 400 and 0 <= top < bottom <= 600
    lines = [op for op in ops if op[0] == "text"]
    assert len(lines) >= 2 and " ".join(op[3] for op in lines) == reason


@pytest.mark.parametrize("grid", [SquareGrid(100, 100), SquareGrid(30, 20), HexGrid(40, 25, "pointy"), SquareGrid(3, 2)])
def test_fit_board_shows_the_whole_board_centred(grid):
    """Issue 14: Fit board puts the whole board in the box, centred, within the zoom limits
    (a tiny board stops at the largest zoom)."""
    width, height = 1000, 700
    view = View(pan_x=-900, pan_y=40, zoom=3.0).fitted(grid, width, height)
    left, top = view.pan_x, view.pan_y
    across, down = view.layout(grid).extent()
    assert left >= 0 and top >= 0 and left + across <= width + 1e-6 and top + down <= height + 1e-6
    assert abs(left - (width - left - across)) < 1e-6 and abs(top - (height - top - down)) < 1e-6
    assert view.zoom == 4.0 or min(width - across, height - down) <= 2 * 24 + 1e-6


def test_centring_brings_a_point_to_the_middle():
    """Centre on selection: the point moves to the middle of the box; the zoom stays."""
    view = View(pan_x=10, pan_y=20, zoom=1.5).centred_on(700, 80, 1000, 600)
    assert (view.pan_x, view.pan_y, view.zoom) == (10 - 200, 20 + 220, 1.5)


def test_who_a_path_provokes_is_named_once_and_kept_on_the_canvas():
    """Issue 14: the warning marks of a path name who gets the attack of opportunity, each
    opponent once (at the first step it is provoked), the names kept inside the canvas."""
    from rules.grid import Square
    from web.scene import path_ops

    layout = View().layout(SquareGrid(10, 10))
    steps = tuple(((Square(x, 5),), 1, ("Bugbear", "Goblin") if x < 8 else ("Goblin", "Ogre")) for x in range(3, 10))
    ops = path_ops((Square(2, 5),), steps, True, layout, "35 ft", "", 1.0, (420, 300))
    texts = [op[3] for op in ops if op[0] == "text"]
    assert texts.count("Bugbear, Goblin") == 1 and texts.count("Ogre") == 1
    boxes = [op[1] for op in ops if op[0] == "path" and op[2] == "rgba(255,255,255,0.9)"]
    for box in boxes:
        xs = [float(part.split()[0]) for part in box.replace("M", "L").split("L")[1:]]
        assert min(xs) >= 0 and max(xs) <= 420


def test_zones_are_drawn_with_the_tables_readings():
    """Issue 16: the board draws zones as the rules judge them, with the table's zone readings
    (``Encounter.zones_ruleset``): a Large ogre facing north-east shows 3 front squares, 5 with
    ``corner_facing_front_faces`` on."""
    from dataclasses import replace

    from rules.creature import Creature
    from rules.encounter import Encounter
    from rules.grid import Square
    from rules.options import Options
    from rules.sizes import Size
    from web.scene import board_scene, zone_label
    from rules.zones import UA_FACING, Zone
    from web.state import Ui

    board = Encounter(SquareGrid(10, 10), (Creature("Ogre", Size.LARGE, Square(4, 4), facing=1),))
    layout = View().layout(board.grid)
    front = zone_label(Zone.FRONT, UA_FACING)

    def fronts(encounter):
        return sum(1 for op in board_scene(encounter, Ui(selected="Ogre"), layout) if op[0] == "text" and op[3] == front)

    assert fronts(board) == 3
    assert fronts(replace(board, options=Options(corner_facing_front_faces=True))) == 5


def test_the_selected_creatures_drawing_follows_the_rest_of_the_encounter():
    """The board layer keeps the selected creature's drawing while a drag shows the same board
    (web.scene.board_layers): a condition put on it is part of that board. Seed 003, Hinder:
    "reducing his speed to five feet", so the movement range drawn shrinks, as a drag is priced;
    taking the condition off draws the whole range again."""
    from rules.conditions import AppliedCondition, end_of_next_turn
    from rules.creature import Creature
    from rules.encounter import Encounter
    from rules.grid import Square
    from rules.sizes import Size
    from web.scene import board_layers
    from web.state import Ui

    goblin = Creature("Goblin", Size.MEDIUM, Square(4, 4), facing=0, side="foe")
    free = Encounter(SquareGrid(12, 12), (goblin,))
    hindered = free.with_condition(AppliedCondition("hindered", "Goblin", end_of_next_turn("Goblin"), "Hinder"))
    ui = Ui(selected="Goblin", bands=True)
    layout = View().layout(free.grid)

    def below(encounter):
        return board_layers(encounter, ui, layout)[2][0]

    whole = below(free)
    assert below(hindered) != whole and len(below(hindered)[0][1]) < len(whole[0][1])
    assert below(free) == whole
