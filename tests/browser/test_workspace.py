"""A game master's workspace (issue 14), at a desktop's size, a tablet's and a phone's (both
with touch): the board in view and never scrolled away, a token selected by a tap, its menu by
a long press (or the right button), a free-placement drag past the creature's speed, Duplicate,
Fit board, and the keyboard alone selecting and turning. Controls are found by role and name.
"""

import pytest

from conftest import DESKTOP, PHONE, TABLET, notices, open_page, page_layout, touch_drag
from rules.grid import Square
from rules.link import encounter_hash, parse_encounter_hash
from web.state import demo_encounter

DEMO = demo_encounter()
SIZES = pytest.mark.parametrize("size", [DESKTOP, TABLET, PHONE], ids=["1280x800", "820x1180-touch", "390x844-touch"])


def encounter_of(page):
    """The encounter on the page, read back through its own link."""
    return parse_encounter_hash(page.evaluate("flankwise.link()"))


def tap(page, size, point):
    """A tap on a touch screen, a click with a mouse."""
    if size == DESKTOP:
        page.mouse.click(*point)
    else:
        page.touchscreen.tap(*point)


def long_press(page, size, point):
    """A finger held still on ``point`` (the right button with a mouse)."""
    if size == DESKTOP:
        page.mouse.click(*point, button="right")
        return
    session = page.context.new_cdp_session(page)
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": point[0], "y": point[1], "id": 1}]})
    page.wait_for_timeout(800)
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()


BOARD_BOX = """(() => { const r = document.getElementById('board').getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height, width: innerWidth,
          inner: innerHeight, scrolled: scrollX + scrollY + document.scrollingElement.scrollTop,
          page: document.scrollingElement.scrollHeight}; })()"""


@SIZES
def test_the_board_is_in_view_and_the_page_never_scrolls(opened, size):
    """The board lies wholly in the window, the page cannot scroll it away, and with the
    panels open it keeps at least 60% of the height (a bottom sheet on the phone)."""
    page, record = opened(size)
    page.get_by_role("tab", name="Token").click()
    box = page.evaluate(BOARD_BOX)
    assert box["left"] >= 0 and box["top"] >= 0 and box["right"] <= box["width"] and box["bottom"] <= box["inner"]
    assert box["scrolled"] == 0 and box["page"] <= box["inner"]
    assert box["height"] >= 0.6 * box["inner"] or size == DESKTOP
    page.mouse.wheel(0, 600)
    assert page.evaluate(BOARD_BOX)["scrolled"] == 0
    assert record.errors == []


@SIZES
def test_a_tap_selects_and_a_long_press_opens_the_menu(opened, size):
    """A tap on Kroh selects him and shows his card; a long press on the goblin opens its menu,
    whose Duplicate makes "Goblin 2"."""
    page, record = opened(size)
    layout = page_layout(page)
    tap(page, size, layout.to_pixel(DEMO.creature("Kroh").anchor))
    assert page.evaluate("flankwise.ui.selected") == "Kroh"
    card = page.get_by_role("region", name="Selected creature")
    assert card.is_visible() and "Kroh" in card.inner_text()
    long_press(page, size, layout.to_pixel(DEMO.creature("Goblin").anchor))
    menu = page.get_by_role("menu", name="Creature actions")
    assert menu.is_visible() and "Goblin" in menu.inner_text()
    menu.get_by_role("menuitem", name="Duplicate").click()
    assert "Goblin 2" in encounter_of(page).names()
    assert "Goblin 2 added (a copy of Goblin)." in notices(page)
    assert not menu.is_visible()
    assert record.errors == []


@SIZES
def test_free_placement_moves_a_creature_sixty_feet(opened, size):
    """Kroh's speed is 30 ft; with Free placement on he is put 60 ft away in one drag, and no
    one gets an attack of opportunity for it."""
    page, record = opened(size)
    page.get_by_role("button", name="Free placement").click()
    assert page.get_by_role("button", name="Free placement").get_attribute("aria-pressed") == "true"
    start, end = DEMO.creature("Kroh").anchor, Square(8, 18)
    layout = page_layout(page)
    if size == DESKTOP:
        page.mouse.move(*layout.to_pixel(start))
        page.mouse.down()
        page.mouse.move(*layout.to_pixel(end), steps=10)
        page.mouse.up()
    else:
        if layout.to_pixel(end)[1] > page.evaluate("document.getElementById('top-layer').getBoundingClientRect().bottom"):
            end = Square(8, 14)
        touch_drag(page, layout.to_pixel(start), layout.to_pixel(end))
    feet = (end.y - start.y) * 5
    assert feet >= 40
    assert encounter_of(page).creature("Kroh").anchor == end
    assert f"Kroh placed {feet} ft away (free placement)." in notices(page)
    assert record.errors == []


@SIZES
def test_fit_board_shows_the_whole_board(opened, size):
    """Zoomed in on a corner, Fit board brings the whole board into view."""
    page, _ = opened(size)
    page.evaluate("flankwise.view = flankwise.view.zoomed(3, 0, 0)")
    page.get_by_role("button", name="Fit board").click()
    layout = page_layout(page)
    canvas = page.evaluate("document.getElementById('top-layer').getBoundingClientRect().toJSON()")
    left, top = layout.origin
    width, height = layout.extent()
    assert left >= canvas["left"] - 1 and top >= canvas["top"] - 1
    assert left + width <= canvas["right"] + 1 and top + height <= canvas["bottom"] + 1


@SIZES
def test_the_keyboard_alone_selects_and_turns(opened, size):
    """From the top of the page, Tab reaches the board; on it, Tab selects the first creature,
    E turns it, Tab goes on to the next; ? lists the keys."""
    page, _ = opened(size)
    page.evaluate("document.activeElement.blur()")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "top-layer":
            break
    assert page.evaluate("document.activeElement.id") == "top-layer"
    page.keyboard.press("Tab")
    assert page.evaluate("flankwise.ui.selected") == "Kroh"
    page.keyboard.press("e")
    assert encounter_of(page).creature("Kroh").facing == 1
    page.keyboard.press("Tab")
    assert page.evaluate("flankwise.ui.selected") == "Bugbear"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("flankwise.ui.selected") == "Kroh"
    for _ in range(3):
        page.keyboard.press("Tab")
    assert page.evaluate("flankwise.ui.selected") == "Ogre"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") != "top-layer", "past the last creature Tab leaves the board"
    assert page.evaluate("flankwise.ui.selected") == "Ogre", "and the selection stays, for the card's buttons"
    for _ in range(12):
        if page.evaluate("document.activeElement.textContent") == "Duplicate":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert "Ogre 2" in encounter_of(page).names()
    page.locator("#top-layer").focus()
    page.keyboard.press("?")
    assert page.get_by_role("dialog", name="Keyboard shortcuts").is_visible()
    page.keyboard.press("Escape")
    assert not page.get_by_role("dialog", name="Keyboard shortcuts").is_visible()


def test_every_named_control_is_found_by_its_name(opened):
    """The names the issue gives, found by role and name as a screen reader finds them."""
    page, _ = opened()
    for name in ("Select", "Free placement", "Attack", "Undo", "Redo", "Copy link", "Fit board"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    page.get_by_role("tab", name="Map").click()
    grid = page.get_by_role("group", name="Grid")
    for name in ("Squares", "Hexes (flat top)", "Hexes (pointy top)"):
        assert grid.get_by_role("radio", name=name).count() == 1, name
    page.get_by_role("tab", name="Token").click()
    for role, name in (("textbox", "Name"), ("combobox", "Size"), ("combobox", "Side"), ("spinbutton", "Level")):
        assert page.get_by_role(role, name=name, exact=True).count() == 1, name
    assert page.get_by_role("button", name="Add token").count() == 1
    page.evaluate("flankwise.select('Kroh')")
    assert page.get_by_role("button", name="Save changes").count() == 1


def test_shift_click_selects_several_and_delete_removes_them_in_one_step(opened):
    """Shift-click adds creatures to the selection; Delete removes them all, one undo step; a
    free-placement drag of one moves them together."""
    page, _ = opened()
    layout = page_layout(page)
    page.mouse.click(*layout.to_pixel(DEMO.creature("Bugbear").anchor))
    page.keyboard.down("Shift")
    page.mouse.click(*layout.to_pixel(DEMO.creature("Goblin").anchor))
    page.keyboard.up("Shift")
    assert sorted(page.evaluate("Array.from(flankwise.ui.chosen)")) == ["Bugbear", "Goblin"]
    page.get_by_role("button", name="Free placement").click()
    page.mouse.move(*layout.to_pixel(DEMO.creature("Bugbear").anchor))
    page.mouse.down()
    page.mouse.move(*layout.to_pixel(Square(3, 5)), steps=8)
    page.mouse.up()
    moved = encounter_of(page)
    assert moved.creature("Bugbear").anchor == Square(3, 5) and moved.creature("Goblin").anchor == Square(3, 7)
    page.keyboard.press("Delete")
    assert encounter_of(page).names() == ("Kroh", "Ogre")
    page.get_by_role("button", name="Undo").click()
    assert encounter_of(page) == moved


def test_backspace_in_a_text_field_never_deletes_a_token(opened):
    """Typing in the token form's Name and pressing Backspace edits the text only."""
    page, _ = opened()
    page.evaluate("flankwise.select('Kroh')")
    name = page.get_by_role("textbox", name="Name")
    name.click()
    name.press("End")
    name.press("Backspace")
    assert name.input_value() == "Kro"
    assert "Kroh" in encounter_of(page).names()


def test_a_creature_list_row_selects_and_shows_the_creature(opened):
    """Clicking a row of the creature list selects that creature and brings it into view on a
    big board."""
    from rules.creature import Creature
    from rules.encounter import Encounter
    from rules.grid import SquareGrid
    from rules.sizes import Size

    far = Encounter(SquareGrid(100, 100), (Creature("Kroh", Size.MEDIUM, Square(2, 2), facing=0),
                                           Creature("Scout", Size.MEDIUM, Square(90, 95), facing=0)))
    page, _ = opened(link=encounter_hash(far))
    page.get_by_role("list", name="Creatures").get_by_role("button", name="Scout").click()
    assert page.evaluate("flankwise.ui.selected") == "Scout"
    x, y = page_layout(page, far.grid).to_pixel(Square(90, 95))
    canvas = page.evaluate("document.getElementById('top-layer').getBoundingClientRect().toJSON()")
    assert canvas["left"] <= x <= canvas["right"] and canvas["top"] <= y <= canvas["bottom"]


def test_closing_the_panels_shows_every_creature_they_covered(opened):
    """On a tablet the Ogre starts behind the side panels; folding them away draws it (its
    token's colour at its square), the first time as every time."""
    from conftest import layer_rgba, next_frame, rgb
    from web.scene import SIDE_COLOURS

    page, _ = opened(TABLET)
    ogre = DEMO.creature("Ogre")
    page.get_by_role("button", name="Panels", exact=True).click()
    next_frame(page)
    next_frame(page)
    x, y = page_layout(page).to_pixel(ogre.anchor)
    assert page.evaluate("document.getElementById('top-layer').getBoundingClientRect().right") > x + 40
    colour = layer_rgba(page, "top-layer", x + 40, y + 40)[:3]
    assert max(abs(a - b) for a, b in zip(colour, rgb(SIDE_COLOURS["foe"]))) <= 3


@pytest.mark.parametrize("width", [702, 1141, 1280, 1501])
def test_every_toolbar_button_fits_in_the_window(browser, server_url, width):
    """At the widths where the toolbar changes (labels giving way step by step), its last
    button, Panels, is wholly in the window and the toolbar does not scroll: a 1200-px laptop
    once lost Panels and More off its right edge."""
    context, page, _ = open_page(browser, server_url, (width, 800))
    try:
        page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=30_000)
        right, scroll, client = page.evaluate(
            "(() => { const t = document.getElementById('toolbar');"
            " return [document.getElementById('drawer-toggle').getBoundingClientRect().right,"
            " t.scrollWidth, t.clientWidth]; })()")
        assert right <= width and scroll <= client
        assert page.get_by_role("button", name="Panels").is_visible()
    finally:
        context.close()


def test_arrow_keys_in_the_more_menu_move_through_it_not_the_selected_creature(opened):
    """A new game master's walkthrough: with a creature selected, arrows pressed to go down the
    More menu moved the creature too. Keys pressed on a control belong to the control."""
    page, record = opened()
    page.evaluate("flankwise.select('Kroh')")
    before = page.evaluate("flankwise.link()")
    page.get_by_role("button", name="More").click()
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    assert page.evaluate("flankwise.link()") == before
    page.keyboard.press("Escape")
    page.get_by_role("tab", name="Map").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("e")
    assert page.evaluate("flankwise.link()") == before, "a tab's arrows and letters are the tab's"
    assert record.errors == []
