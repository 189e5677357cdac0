"""The board in a real browser: select, turn and edit tokens, and read the facing overlays.

Clicks and drags go to points computed from the same ``View`` and ``Layout`` the page uses;
overlay checks read the board layer's own pixels at the centres of known cells.
"""

import pytest

from conftest import layer_rgba, next_frame, page_layout, show_tab
from rules.grid import Square
from rules.zones import Zone
from web.scene import ZONE_ALPHA, ZONE_COLOURS
from web.state import demo_encounter
from web.view import View

KROH = demo_encounter().creature("Kroh")


def layout_of(page):
    """The page's current layout in the window's CSS pixels, rebuilt from its view and board."""
    return page_layout(page)


def zone_at(page, layout, cell):
    """The zone whose overlay colour covers the centre of ``cell`` on the page, or None."""
    r, g, b, a = layer_rgba(page, "top-layer", *layout.to_pixel(cell))
    for zone, colour in ZONE_COLOURS.items():
        expected = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
        if max(abs(p - q) for p, q in zip((r, g, b), expected)) <= 3 and abs(a - round(ZONE_ALPHA * 255)) <= 2:
            return zone
    return None


def click_cell(page, layout, cell):
    """Click the centre of ``cell``."""
    page.mouse.click(*layout.to_pixel(cell))
    next_frame(page)


def ring(anchor):
    """The eight squares around a Medium creature at ``anchor``, by compass direction."""
    x, y = anchor.x, anchor.y
    return {"N": Square(x, y - 1), "NE": Square(x + 1, y - 1), "E": Square(x + 1, y), "SE": Square(x + 1, y + 1),
            "S": Square(x, y + 1), "SW": Square(x - 1, y + 1), "W": Square(x - 1, y), "NW": Square(x - 1, y - 1)}


def test_selecting_a_token_shows_its_front_flank_and_rear(app):
    """Clicking Kroh (facing north, UA rules) colours 3 front, 2 flank and 3 rear squares."""
    page, record = app
    layout = layout_of(page)
    click_cell(page, layout, KROH.anchor)
    assert page.evaluate("flankwise.ui.selected") == "Kroh"
    cells = ring(KROH.anchor)
    # The bugbear stands on N and the goblin on S; their tokens cover those centres.
    assert [zone_at(page, layout, cells[d]) for d in ("NW", "NE")] == [Zone.FRONT, Zone.FRONT]
    assert [zone_at(page, layout, cells[d]) for d in ("W", "E")] == [Zone.FLANK, Zone.FLANK]
    assert [zone_at(page, layout, cells[d]) for d in ("SW", "SE")] == [Zone.REAR, Zone.REAR]
    assert zone_at(page, layout, Square(3, 3)) is None
    assert record.errors == []


def test_dragging_the_handle_turns_the_token_and_the_overlay_follows(app):
    """Drag the rotate handle to the east: Kroh faces E, and the east squares become front."""
    page, _ = app
    layout = layout_of(page)
    click_cell(page, layout, KROH.anchor)
    handle = page.evaluate("flankwise.handle_point_css()")
    cx, cy = layout.to_pixel(KROH.anchor)
    page.mouse.move(*handle)
    page.mouse.down()
    page.mouse.move(cx + 60, cy - 30, steps=3)
    page.mouse.move(cx + 80, cy, steps=3)
    page.mouse.up()
    next_frame(page)
    assert page.evaluate("flankwise.encounter.creature('Kroh').facing_name(flankwise.encounter.grid)") == "E"
    cells = ring(KROH.anchor)
    assert [zone_at(page, layout, cells[d]) for d in ("NE", "E", "SE")] == [Zone.FRONT] * 3
    assert [zone_at(page, layout, cells[d]) for d in ("NW", "W", "SW")] == [Zone.REAR] * 3
    assert "Kroh faces E" in page.inner_text("#notices")


def test_keys_turn_and_remove_the_selection(app):
    """E turns one facing clockwise, Q back; Delete removes the token."""
    page, _ = app
    layout = layout_of(page)
    click_cell(page, layout, KROH.anchor)
    page.keyboard.press("e")
    assert page.evaluate("flankwise.encounter.creature('Kroh').facing") == 1
    page.keyboard.press("q")
    page.keyboard.press("q")
    assert page.evaluate("flankwise.encounter.creature('Kroh').facing") == 7
    page.keyboard.press("Delete")
    assert "Kroh" not in page.evaluate("Array.from(flankwise.encounter.names())")


def test_the_variant_draws_three_front_four_side_one_rear(app):
    """Switching to the front/side/rear variant (seed 001): 3 front, 4 side, 1 rear squares."""
    page, _ = app
    layout = layout_of(page)
    show_tab(page, "Rules")
    page.select_option("#ruleset", "variant")
    click_cell(page, layout, Square(20, 12))  # empty: deselect
    page.evaluate("flankwise.commit(flankwise.encounter.remove('Bugbear').remove('Goblin'))")
    click_cell(page, layout, KROH.anchor)
    zones = [zone_at(page, layout, cell) for cell in ring(KROH.anchor).values()]
    assert zones.count(Zone.FRONT) == 3 and zones.count(Zone.FLANK) == 4 and zones.count(Zone.REAR) == 1
    assert zone_at(page, layout, ring(KROH.anchor)["S"]) == Zone.REAR


def test_adding_a_token_from_the_panel(app):
    """Fill in the form and add: the token is on the board, selected, named as typed."""
    page, _ = app
    page.fill("#token-name", "Gnoll")
    page.select_option("#token-size", "LARGE")
    page.select_option("#token-side", "foe")
    page.select_option("#token-facing", label="S")
    page.click("#token-add")
    next_frame(page)
    assert page.evaluate("flankwise.ui.selected") == "Gnoll"
    assert page.evaluate("flankwise.encounter.creature('Gnoll').cells(flankwise.encounter.grid).length") == 4
    assert page.evaluate("flankwise.encounter.creature('Gnoll').facing_name(flankwise.encounter.grid)") == "S"
    assert "Gnoll added" in page.inner_text("#notices")


def test_a_name_already_taken_is_numbered(app):
    """Adding a second Kroh names it "kroh 2" and says why, instead of refusing it."""
    page, _ = app
    page.fill("#token-name", "kroh")
    page.click("#token-add")
    assert "kroh 2 added (kroh was taken)" in page.inner_text("#notices")
    assert page.evaluate("Array.from(flankwise.encounter.names())") == ["Kroh", "Bugbear", "Goblin", "Ogre", "kroh 2"]


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hex_board_shows_the_variant_ring(app, orientation):
    """On hexes under the variant, a Medium creature's ring is 3 front, 2 side, 1 rear."""
    from rules.grid import HexGrid

    page, _ = app
    show_tab(page, "Rules")
    page.select_option("#ruleset", "variant")
    page.evaluate("flankwise.commit(flankwise.encounter.remove('Bugbear').remove('Goblin'))")
    show_tab(page, "Map")
    page.check(f"#grid-kind input[value='hex-{orientation}']")
    next_frame(page)
    grid = HexGrid(30, 20, orientation)
    layout = page_layout(page, grid)
    anchor_q, anchor_r = page.evaluate("Array.from(flankwise.encounter.creature('Kroh').anchor.coords)")
    kroh = type(grid.cells()[0])(anchor_q, anchor_r)
    click_cell(page, layout, kroh)
    zones = [zone_at(page, layout, cell) for cell in grid.neighbours(kroh)]
    assert zones.count(Zone.FRONT) == 3 and zones.count(Zone.FLANK) == 2 and zones.count(Zone.REAR) == 1


def test_undo_and_redo_by_keys_and_buttons(app):
    """A turn by key and a handle drag are undone by Ctrl+Z and the Undo button, redone by Ctrl+Y."""
    page, _ = app
    layout = layout_of(page)
    click_cell(page, layout, KROH.anchor)
    page.keyboard.press("e")
    handle = page.evaluate("flankwise.handle_point_css()")
    cx, cy = layout.to_pixel(KROH.anchor)
    page.mouse.move(*handle)
    page.mouse.down()
    page.mouse.move(cx + 20, cy + 60, steps=4)
    page.mouse.move(cx, cy + 80, steps=4)
    page.mouse.up()
    facing = "flankwise.encounter.creature('Kroh').facing"
    assert page.evaluate(facing) == 4
    page.keyboard.press("Control+z")
    assert page.evaluate(facing) == 1
    assert "Undid: Kroh faces S" in page.inner_text("#notices")
    page.click("#undo")
    assert page.evaluate(facing) == 0
    page.keyboard.press("Control+y")
    assert page.evaluate(facing) == 1
    page.click("#redo")
    assert page.evaluate(facing) == 4


def test_the_form_sets_level_and_rogue_levels(app):
    """A rogue made in the form has the levels sneak attack and Improved Uncanny Dodge read."""
    page, _ = app
    page.fill("#token-name", "Rogue B")
    page.fill("#token-level", "6")
    page.fill("#token-rogue", "5")
    page.click("#token-add")
    assert page.evaluate("[flankwise.encounter.creature('Rogue B').level, flankwise.encounter.creature('Rogue B').rogue_level]") == [6, 5]
    page.fill("#token-rogue", "-1")
    page.click("#token-save")
    assert "Rogue levels is at least 0" in page.inner_text("#notices")
    assert page.evaluate("flankwise.encounter.creature('Rogue B').rogue_level") == 5


def test_a_large_triangle_on_hexes_turns_in_place(app):
    """Turning a Large creature on hexes keeps its three hexes (docs/rules.md, Footprints)."""
    from rules.link import parse_encounter_hash

    def ogre():
        encounter = parse_encounter_hash(page.evaluate("flankwise.link()"))
        return encounter.creature("Ogre"), encounter.grid

    page, _ = app
    show_tab(page, "Map")
    page.check("#grid-kind input[value='hex-flat']")
    next_frame(page)
    start, grid = ogre()
    page.evaluate("flankwise.select('Ogre'); document.activeElement.blur()")
    facings = set()
    for _ in range(3):
        page.keyboard.press("e")
        turned, _ = ogre()
        facings.add(turned.facing)
        assert set(turned.cells(grid)) == set(start.cells(grid))
    assert len(facings) == 3 and start.facing not in facings
