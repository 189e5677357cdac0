"""Trust at the table (issue 13): every message seen, no silent change, no creature on top of
another, in a real browser at a desktop's size and a phone's with touch.

Controls are found by role and accessible name, the way a screen reader finds them; board
points come from the same ``View`` and ``Layout`` the page draws with.
"""

from dataclasses import replace

import pytest

from conftest import DESKTOP, PHONE, inside_viewport, next_frame, notices, open_page, page_layout, touch_drag, wait_ready
from rules.creature import Creature
from rules.encounter import Encounter
from rules.grid import HexGrid, Square, SquareGrid
from rules.link import encounter_hash, parse_encounter_hash
from rules.movement import Battlefield, Mode, plan_move
from rules.sizes import Size
from rules.terrain import Terrain
from web.state import demo_encounter, slot_circle

DEMO = demo_encounter()
SIZES = pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280x800", "390x844-touch"])


@pytest.fixture
def opened(browser, server_url):
    """A function opening the page (with an optional hash) at a size, touch for the phone."""
    contexts = []

    def open_at(size=DESKTOP, link="", context=None):
        if context is None:
            context, page, record = open_page(browser, server_url + link, size, touch=size == PHONE)
            contexts.append(context)
        else:
            page = context.new_page()
            record = None
            page.goto(server_url + link)
            wait_ready(page)
        page.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
        return page, record

    yield open_at
    for context in contexts:
        context.close()


def encounter_of(page):
    """The encounter on the page, read back through its own link."""
    return parse_encounter_hash(page.evaluate("flankwise.link()"))


def drag(page, start, end, touch=False):
    """Drag from the centre of cell ``start`` to the centre of cell ``end``, by mouse or finger."""
    layout = page_layout(page)
    a, b = layout.to_pixel(start), layout.to_pixel(end)
    if touch:
        touch_drag(page, a, b)
        return
    page.mouse.move(*a)
    page.mouse.down()
    page.mouse.move(*b, steps=6)
    page.mouse.up()


# 1. Messages nobody sees.


@SIZES
def test_a_damaged_link_in_a_fresh_browser_says_so_over_the_board(opened, size):
    """A cut link opened in a fresh browser says it is damaged and that the demo board is shown
    instead, in a notice inside the window; the damaged address stays in the address bar."""
    good = encounter_hash(DEMO.place(Creature("Rogue B", Size.MEDIUM, Square(3, 3), facing=2)))
    cut = good[: len(good) // 2]
    page, record = opened(size, cut)
    errors = notices(page, errors_only=True)
    assert len(errors) == 1 and errors[0].startswith("This link is damaged")
    assert "Showing the demo board instead" in errors[0]
    assert inside_viewport(page, "#notices .notice")
    assert page.evaluate("location.hash") == cut
    assert encounter_of(page) == DEMO
    assert record.errors == []


@SIZES
def test_a_refused_drop_snaps_back_and_says_why_beside_the_token(opened, size):
    """Dropping Kroh out of reach puts him back; the reason is in the notices and beside him,
    both inside the window, at a desktop's size and on a phone by finger."""
    page, record = opened(size)
    kroh = DEMO.creature("Kroh")
    target = Square(kroh.anchor.x, kroh.anchor.y + 11 if size == DESKTOP else 1)
    if size == PHONE:
        target = Square(1, 1)
    field = Battlefield(DEMO.grid, DEMO.terrain, DEMO.others("Kroh"), DEMO.ruleset)
    answer = plan_move(kroh, target, field, Mode.MOVE)
    assert not answer.legal
    drag(page, kroh.anchor, target, touch=size == PHONE)
    assert encounter_of(page).creature("Kroh").anchor == kroh.anchor
    assert notices(page, errors_only=True) == [f"Kroh stays put. {answer.problem}."]
    assert page.inner_text("#callout") == answer.problem
    assert inside_viewport(page, "#notices .notice") and inside_viewport(page, "#callout")
    box = page.eval_on_selector("#callout", "node => node.getBoundingClientRect().toJSON()")
    x, y = page_layout(page).to_pixel(kroh.anchor)
    assert abs(box["left"] + box["width"] / 2 - x) < 150 and abs(box["top"] - y) < 80, "beside Kroh"
    assert record.errors == []


@SIZES
def test_who_gets_an_attack_of_opportunity_is_said_over_the_board(opened, size):
    """Walking Kroh away from the bugbear and the goblin names both, in a notice in the window."""
    page, _ = opened(size)
    drag(page, DEMO.creature("Kroh").anchor, Square(5, 6), touch=size == PHONE)
    (message,) = [text for text in notices(page) if "Provokes" in text]
    assert "Provokes attacks of opportunity from Bugbear and Goblin" in message
    assert inside_viewport(page, "#notices .notice")


def test_errors_stay_until_dismissed_or_the_next_action_and_information_fades(opened):
    """An error stays until the player dismisses it or acts again; information fades by itself."""
    page, _ = opened()
    page.evaluate("flankwise.select('Kroh')")
    page.get_by_role("textbox", name="Name").fill("Goblin")
    page.get_by_role("button", name="Save changes").click()
    assert notices(page, errors_only=True) == ["Two creatures are named Goblin: give each its own name."]
    page.get_by_role("button", name="Dismiss").click()
    assert notices(page, errors_only=True) == []
    page.get_by_role("button", name="Save changes").click()
    assert len(notices(page, errors_only=True)) == 1
    page.get_by_role("button", name="Discard changes").first.click()
    page.locator("#top-layer").focus()
    page.keyboard.press("e")
    assert notices(page, errors_only=True) == [], "the next action clears the error"
    assert "Kroh faces NE." in notices(page)
    page.wait_for_function("!document.getElementById('notices').textContent.includes('Kroh faces NE')", timeout=9_000)


# 2. The form always shows the token as it is now; saving changes only what the form changed.


def test_saving_the_form_keeps_a_facing_the_handle_changed(opened):
    """Select the Ogre, turn it with the handle, change its Level, save: it keeps the new
    facing, and the form showed the new facing all along."""
    page, _ = opened()
    ogre = DEMO.creature("Ogre")
    page.mouse.click(*page_layout(page).to_pixel(ogre.anchor))
    assert page.get_by_role("combobox", name="Facing").input_value() == str(ogre.facing)
    hx, hy = page.evaluate("flankwise.handle_point_css()")
    cx, cy = page.evaluate("flankwise.handle_point_css()")
    page.mouse.move(hx, hy)
    page.mouse.down()
    page.mouse.move(cx + 60, cy - 80, steps=4)
    page.mouse.move(cx + 120, cy + 20, steps=4)
    page.mouse.up()
    turned = encounter_of(page).creature("Ogre").facing
    assert turned != ogre.facing
    assert page.get_by_role("combobox", name="Facing").input_value() == str(turned)
    page.get_by_role("spinbutton", name="Level", exact=True).fill("7")
    page.get_by_role("button", name="Save changes").click()
    saved = encounter_of(page).creature("Ogre")
    assert (saved.facing, saved.level) == (turned, 7)


def test_keys_undo_and_a_link_keep_the_form_current(opened):
    """Q/E, undo and a pasted link change the token; the form shows each new value."""
    page, _ = opened()
    page.evaluate("flankwise.select('Kroh')")
    facing = page.get_by_role("combobox", name="Facing")
    page.keyboard.press("e")
    assert facing.input_value() == "1"
    page.keyboard.press("Control+z")
    assert facing.input_value() == "0"
    turned = DEMO.replace("Kroh", replace(DEMO.creature("Kroh"), facing=4, level=9))
    page.evaluate(f"location.hash = {encounter_hash(turned)!r}")
    page.wait_for_function("flankwise.encounter.creature('Kroh').facing === 4")
    page.evaluate("flankwise.select('Kroh')")
    assert facing.input_value() == "4"
    assert page.get_by_role("spinbutton", name="Level", exact=True).input_value() == "9"


def test_a_field_typed_in_survives_a_turn_and_only_it_is_saved(opened):
    """Type a level, then turn Kroh by key: the typed level stays, the facing follows the turn,
    and saving changes the level alone."""
    page, _ = opened()
    page.evaluate("flankwise.select('Kroh')")
    page.get_by_role("spinbutton", name="Level", exact=True).fill("12")
    page.locator("#top-layer").focus()
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("e")
    assert page.get_by_role("combobox", name="Facing").input_value() == "1"
    assert page.get_by_role("spinbutton", name="Level", exact=True).input_value() == "12"
    page.get_by_role("button", name="Save changes").click()
    kroh = encounter_of(page).creature("Kroh")
    assert (kroh.facing, kroh.level) == (1, 12)


# 3. Enter in the edit form saves the edit.


def test_enter_in_the_edit_form_renames_the_token(opened):
    """Renaming Kroh and pressing Enter saves the edit; no new token appears."""
    page, _ = opened()
    page.evaluate("flankwise.select('Kroh')")
    name = page.get_by_role("textbox", name="Name")
    name.fill("Kroh the Bold")
    name.press("Enter")
    assert list(encounter_of(page).names()) == ["Kroh the Bold", "Bugbear", "Goblin", "Ogre"]
    assert "Kroh the Bold saved." in notices(page)


# 4. Creatures in the same space.


def test_a_grid_switch_moves_whoever_would_overlap_and_names_them(opened):
    """A Rogue beside a Large Ogre on flat hexes lands inside it on pointy hexes by row and
    column; the page moves the Rogue to the nearest free place and says so."""
    from rules.placement import crowding

    flat = HexGrid(16, 12, "flat")
    ogre = Creature("Ogre", Size.LARGE, flat.from_offset(6, 5), facing=0, side="foe")
    pointy = HexGrid(16, 12, "pointy")
    rogue = None
    near = [cell for cell in flat.cells() if flat.distance(cell, ogre.anchor) <= 2 and cell not in ogre.cells(flat)]
    for cell in near:
        candidate = Creature("Rogue", Size.MEDIUM, cell, facing=0)
        moved = Encounter(flat, (ogre, candidate))
        switched = [replace(c, anchor=pointy.from_offset(*flat.to_offset(c.anchor))) for c in moved.creatures]
        if crowding(tuple(switched), pointy) is not None:
            rogue = candidate
            break
    assert rogue is not None, "some place beside the Ogre overlaps it after the switch"
    page, record = opened(link=encounter_hash(Encounter(flat, (ogre, rogue))))
    page.get_by_role("tab", name="Map").click()
    page.get_by_role("radio", name="Hexes (pointy top)").check()
    page.wait_for_function("flankwise.encounter.grid.orientation === 'pointy'")
    after = encounter_of(page)
    assert crowding(after.creatures, after.grid) is None
    assert "Rogue moved to the nearest place that fits" in notices(page)[-1]
    assert record.errors == []


def test_a_size_edit_moves_the_token_that_no_longer_fits(opened):
    """Making Kroh Colossal beside the bugbear and the goblin moves Kroh, says so, and leaves
    nobody overlapping."""
    from rules.placement import crowding

    page, _ = opened()
    page.evaluate("flankwise.select('Kroh')")
    page.get_by_role("combobox", name="Size").select_option("COLOSSAL")
    page.get_by_role("button", name="Save changes").click()
    after = encounter_of(page)
    assert after.creature("Kroh").size == Size.COLOSSAL
    assert crowding(after.creatures, after.grid) is None
    assert after.creature("Goblin") == DEMO.creature("Goblin")
    assert "moved to the nearest place where its new space fits" in notices(page)[-1]


def test_a_link_with_two_creatures_in_one_space_is_refused_naming_them(opened):
    """A link whose Goblin stands on Kroh's square is refused with both names."""
    import base64
    import json
    import zlib

    sections = {"g": [0, 10, 10], "c": [["Kroh", 4, 11, 0], ["Goblin", 4, 11, 0]]}
    packed = zlib.compress(json.dumps(sections).encode())
    page, _ = opened(link="#v1." + base64.urlsafe_b64encode(packed).rstrip(b"=").decode())
    (error,) = notices(page, errors_only=True)
    assert "This link cannot be opened: Kroh and Goblin stand in the same space" in error
    assert encounter_of(page) == DEMO


# 5. Tiny creatures that share a square.


def test_tiny_creatures_in_one_square_are_all_drawn_and_each_can_be_selected(opened):
    """Three rats in one square are drawn side by side, each in its own colour; clicking each
    selects it, and clicking the selected one again goes on to the next."""
    rats = tuple(Creature(f"Rat {n}", Size.TINY, Square(3, 3), side=side)
                 for n, side in enumerate(("foe", "friend", "blue"), start=1))
    board = Encounter(SquareGrid(10, 10), rats)
    page, _ = opened(link=encounter_hash(board))
    layout = page_layout(page, board.grid)
    chosen = []
    for index in range(3):
        x, y, _ = slot_circle(Square(3, 3), index, 3, layout)
        page.mouse.click(x, y)
        chosen.append(page.evaluate("flankwise.ui.selected"))
    assert chosen == ["Rat 1", "Rat 2", "Rat 3"]
    x, y, _ = slot_circle(Square(3, 3), 2, 3, layout)
    page.mouse.click(x, y)
    assert page.evaluate("flankwise.ui.selected") == "Rat 1", "a click on the selected one cycles"


# 6 and 7. Messages that say what happens; the wall named.


def test_a_five_foot_step_into_a_walled_off_neighbour_names_the_wall(opened):
    """With a wall north of Kroh, a 5-foot step north is refused because of the wall."""
    walled = replace(DEMO, terrain=Terrain.build({}, {(Square(7, 6), Square(7, 5)): "wall"}))
    walled = walled.replace("Kroh", replace(DEMO.creature("Kroh"), anchor=Square(7, 6)))
    page, _ = opened(link=encounter_hash(walled))
    page.get_by_role("combobox", name="A drag is a").select_option("5-foot step")
    page.evaluate("flankwise.select('Kroh')")
    page.keyboard.press("ArrowUp")
    (error,) = notices(page, errors_only=True)
    assert error == "Kroh stays put. Blocked: the wall between (7, 5) and (7, 6)."
    assert "neighbouring cell only" not in error


# 8. Drag labels inside the canvas.


@SIZES
def test_the_drag_label_stays_inside_the_board(opened, size):
    """Dragging Kroh toward the board's right edge: the planned path's label box is wholly on
    the canvas, however near the edge the drag ends."""
    page, _ = opened(size)
    box = page.evaluate("document.getElementById('top-layer').getBoundingClientRect().toJSON()")
    width = box["width"]
    kroh = DEMO.creature("Kroh")
    layout = page_layout(page)
    edge = layout.from_pixel(box["right"] - 8, layout.to_pixel(kroh.anchor)[1] + 80)
    page.mouse.move(*layout.to_pixel(kroh.anchor))
    page.mouse.down()
    page.mouse.move(*layout.to_pixel(edge), steps=8)
    next_frame(page)
    left, top, right, bottom = page.evaluate("Array.from(flankwise.label_box_css())")
    page.mouse.up()
    height = page.evaluate("document.getElementById('top-layer').getBoundingClientRect().height")
    assert 0 <= left < right <= width and 0 <= top < bottom <= height


# 9. The combat stats editor keeps its creature and its draft.


def test_the_stats_editor_keeps_the_creature_it_saved_and_an_unsaved_draft(opened):
    """Saving the Goblin's stats while Kroh is selected keeps the Goblin in the editor; a draft
    for the Goblin stays when the Ogre is selected, until it is discarded."""
    page, _ = opened()
    page.evaluate("flankwise.select('Kroh')")
    page.get_by_role("combobox", name="Creature").select_option("Goblin")
    page.get_by_role("spinbutton", name="Attack bonus").fill("3")
    page.get_by_role("button", name="Save stats").click()
    assert encounter_of(page).stats_of("Goblin").attack_bonus == 3
    assert page.get_by_role("combobox", name="Creature").input_value() == "Goblin"
    page.get_by_role("spinbutton", name="Armor Class").fill("17")
    page.evaluate("flankwise.select('Ogre')")
    assert page.get_by_role("combobox", name="Creature").input_value() == "Goblin"
    assert page.get_by_role("spinbutton", name="Armor Class").input_value() == "17"
    assert any("unsaved changes to Goblin" in text for text in notices(page))
    page.get_by_role("button", name="Discard changes").last.click()
    assert page.get_by_role("combobox", name="Creature").input_value() == "Ogre"


# 10. Named saves: rename in place, delete with Undo, no browser dialogs.


def test_a_deleted_save_comes_back_with_undo_and_renaming_happens_in_place(opened):
    """Delete a save: its notice offers Undo, which brings it back. Rename: the name becomes a
    field; Enter keeps it; a name another save has is refused in place. No dialog opens."""
    page, _ = opened()
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.get_by_role("tab", name="Encounter").click()
    for name in ("Alpha", "Beta"):
        page.get_by_role("textbox", name="Save as").fill(name)
        page.get_by_role("button", name="Save encounter").click()
    page.get_by_role("button", name="Delete Alpha").click()
    assert page.get_by_role("button", name="Open Alpha").count() == 0
    page.get_by_role("button", name="Undo deleting Alpha").click()
    assert page.get_by_role("button", name="Open Alpha").count() == 1
    page.get_by_role("button", name="Rename Alpha").click()
    field = page.get_by_role("textbox", name="New name for Alpha")
    field.fill("Beta")
    field.press("Enter")
    assert "There is already a save called Beta" in notices(page, errors_only=True)[-1]
    field.fill("Gamma")
    field.press("Enter")
    names = page.eval_on_selector_all("#saves li span", "nodes => nodes.map(node => node.textContent)")
    assert sorted(names) == ["Beta", "Gamma"]
    assert dialogs == []


# 11. Save image: the whole board, without selection marks.


def test_save_image_saves_the_whole_board_without_selection_marks(opened):
    """The image holds the whole 30x20 board at 48 px a cell, and is the same whether or not a
    token is selected."""
    import struct

    page, _ = opened()
    page.evaluate("flankwise.view = flankwise.view.zoomed(3, 0, 0)")

    def saved():
        page.get_by_role("tab", name="Encounter").click()
        with page.expect_download() as download:
            page.get_by_role("button", name="Save image").click()
        return open(download.value.path(), "rb").read()

    plain = saved()
    page.evaluate("flankwise.select('Kroh')")
    selected = saved()
    width, height = struct.unpack(">II", plain[16:24])
    assert (width, height) == (30 * 48 + 32, 20 * 48 + 32)
    assert plain == selected


# 12. Dragging a big token past the board's edge.


def test_a_huge_token_dragged_past_the_edge_throws_nothing(opened):
    """A Huge giant dragged 16 px above the board aims at the nearest place on it; nothing
    reaches the console."""
    giant = Creature("Giant", Size.HUGE, Square(10, 1), facing=0, side="foe")
    board = DEMO.place(giant)
    page, record = opened(link=encounter_hash(board))
    bottom_right = Square(12, 3)
    layout = page_layout(page)
    x, y = layout.to_pixel(bottom_right)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 40, layout.origin[1] - 16, steps=8)
    page.mouse.up()
    after = encounter_of(page).creature("Giant")
    assert all(board.grid.contains(cell) for cell in after.cells(board.grid))
    assert record.errors == []


# 13. Small ones.


def test_one_square_is_singular_and_undo_names_a_grid_switch(opened):
    """A one-square move reads "5 ft (1 square)"; undoing a grid switch says which."""
    page, _ = opened()
    page.evaluate("flankwise.select('Kroh')")
    page.keyboard.press("ArrowLeft")
    assert any(text.startswith("Kroh moved 5 ft (1 square).") for text in notices(page))
    page.get_by_role("tab", name="Map").click()
    page.get_by_role("radio", name="Hexes (flat top)").check()
    page.wait_for_function("flankwise.encounter.grid.kind === 'hex'")
    page.get_by_role("button", name="Undo").click()
    assert "Undid: Grid: hexes (flat top)." in notices(page)


def test_undo_and_redo_are_enabled_only_with_something_to_do(opened):
    """On a fresh board Undo and Redo are disabled; a change enables Undo; undoing it enables
    Redo and disables Undo."""
    page, _ = opened()
    undo, redo = page.get_by_role("button", name="Undo"), page.get_by_role("button", name="Redo")
    assert undo.is_disabled() and redo.is_disabled()
    page.evaluate("flankwise.select('Kroh')")
    page.keyboard.press("e")
    assert undo.is_enabled() and redo.is_disabled()
    undo.click()
    assert undo.is_disabled() and redo.is_enabled()


def test_a_token_from_a_faceless_preset_shows_its_preset_when_edited(opened):
    """A token made from "Faceless: ooze" shows that kind, not plain "Faceless", when edited."""
    page, _ = opened()
    page.get_by_role("combobox", name="Kind", exact=True).select_option("preset:ooze")
    page.get_by_role("button", name="Add token").click()
    page.mouse.click(*page_layout(page).to_pixel(Square(2, 15)))
    assert page.evaluate("flankwise.ui.selected") is None
    page.evaluate("flankwise.select('Ooze')")
    assert page.get_by_role("combobox", name="Kind", exact=True).input_value() == "preset:ooze"
    assert encounter_of(page).creature("Ooze").faceless_as == "ooze"


def test_the_wall_tool_is_offered_on_both_grids(opened):
    """Walls and doors stand on hex sides too (issue 17): the wall tool and its kinds stay
    offered after a switch to hexes."""
    page, _ = opened()
    page.get_by_role("tab", name="Map").click()
    assert page.get_by_role("button", name="Walls").is_visible()
    assert page.get_by_role("combobox", name="Wall").is_visible()
    page.get_by_role("radio", name="Hexes (pointy top)").check()
    page.wait_for_function("flankwise.encounter.grid.kind === 'hex'")
    assert page.get_by_role("button", name="Walls").is_visible()
    assert page.get_by_role("combobox", name="Wall").is_visible()


def test_a_normal_load_logs_no_warning(browser, server_url):
    """A normal load logs no warning at all ("preloaded but not used" among them), even a few
    seconds after it is ready."""
    context = browser.new_context()
    page = context.new_page()
    warnings = []
    page.on("console", lambda message: message.type in ("warning", "error") and warnings.append(message.text))
    page.goto(server_url)
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.table === '1'")
    page.wait_for_timeout(4_000)
    assert warnings == []
    context.close()
