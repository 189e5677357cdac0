"""The Measure tool (issue 18): a ruler read as the rules count distance, on a laptop and on a
phone. Seed 002's diagonals go 1-2-1-2 and the count runs on across waypoints; between two
creatures the ruler reads the distance between their spaces."""


from conftest import PHONE, layer_rgba, next_frame, notices, page_layout, rgb, touch_drag
from rules.grid import Hex, HexGrid, Square
from rules.link import encounter_hash
from web.ruler import RULER_COLOUR
from web.state import demo_encounter

DEMO = demo_encounter()


def drag(page, start, end):
    """A mouse drag between two window points."""
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=8)
    page.mouse.up()


def test_the_ruler_reads_thirty_five_feet_over_five_diagonals(opened):
    """M takes up the ruler; a drag over 5 diagonals reads 1+2+1+2+1 = 7 squares, 35 ft, said in
    the notices and drawn on the board; Escape clears it and a second Escape goes back to Select."""
    page, record = opened()
    page.get_by_role("button", name="Select").click()
    page.keyboard.press("m")
    measure = page.get_by_role("button", name="Measure")
    assert measure.get_attribute("aria-pressed") == "true"
    layout = page_layout(page)
    start, end = layout.to_pixel(Square(2, 9)), layout.to_pixel(Square(7, 14))
    drag(page, start, end)
    assert "Measured 35 ft (7 squares)." in notices(page)
    assert page.evaluate("flankwise.link()") == encounter_hash(DEMO), "measuring changes nothing"
    next_frame(page)
    middle = layout.to_pixel(Square(4, 11))
    assert layer_rgba(page, "top-layer", middle[0] + layout.cell_size / 2, middle[1] + layout.cell_size / 2)[:3] == rgb(RULER_COLOUR)
    page.keyboard.press("Escape")
    assert "Ruler cleared." in notices(page)
    next_frame(page)
    assert layer_rgba(page, "top-layer", middle[0] + layout.cell_size / 2, middle[1] + layout.cell_size / 2)[:3] != rgb(RULER_COLOUR)
    assert measure.get_attribute("aria-pressed") == "true"
    page.keyboard.press("Escape")
    assert measure.get_attribute("aria-pressed") == "false"
    assert record.errors == []


def test_clicks_add_waypoints_and_the_diagonals_carry_on(opened):
    """Three clicks, each one diagonal on from the last: 1 + 2 = 3 squares (15 ft), not two
    single diagonals of 5 ft each."""
    page, record = opened()
    page.get_by_role("button", name="Measure").click()
    layout = page_layout(page)
    for cell in (Square(2, 10), Square(3, 11), Square(4, 12)):
        page.mouse.click(*layout.to_pixel(cell))
    assert "Measured 15 ft (3 squares) over 2 legs." in notices(page)
    assert record.errors == []


def test_between_two_creatures_the_ruler_reads_between_their_spaces(opened):
    """Kroh (Medium, at 8,6) to the Ogre (Large, 12-13 by 4-5): from Kroh's square to the
    Ogre's nearest, 4 across and 1 up, is 4 squares, 20 ft; centre to centre would be more."""
    page, record = opened()
    page.get_by_role("button", name="Measure").click()
    layout = page_layout(page)
    drag(page, layout.to_pixel(Square(8, 6)), layout.to_pixel(Square(13, 5)))
    assert "Measured 20 ft (4 squares) between Kroh and Ogre." in notices(page)
    assert DEMO.creature("Kroh") == demo_encounter().creature("Kroh")
    assert record.errors == []


def test_measure_from_here_in_the_board_menu(opened):
    """The empty board's menu offers Measure from here; the next click reads from there."""
    page, record = opened()
    layout = page_layout(page)
    page.mouse.click(*layout.to_pixel(Square(3, 3)), button="right")
    page.get_by_role("menuitem", name="Measure from here").click()
    assert page.get_by_role("button", name="Measure").get_attribute("aria-pressed") == "true"
    page.mouse.click(*layout.to_pixel(Square(3, 9)))
    assert "Measured 30 ft (6 squares)." in notices(page)
    assert record.errors == []


def test_a_phone_measures_with_a_finger(opened):
    """On a 390x844 phone: tap Measure, drag a finger over 3 diagonals: 1+2+1 = 20 ft; the board
    does not pan under the finger, and the reading is inside the window."""
    page, record = opened(PHONE)
    page.get_by_role("button", name="Measure").tap()
    layout = page_layout(page)
    view = page.evaluate("[flankwise.view.pan_x, flankwise.view.pan_y]")
    touch_drag(page, layout.to_pixel(Square(5, 8)), layout.to_pixel(Square(8, 11)))
    assert notices(page) == ["Measured 20 ft (4 squares)."], "the new information takes the place of the last"
    assert page.evaluate("[flankwise.view.pan_x, flankwise.view.pan_y]") == view
    box = page.evaluate("(() => { const r = document.querySelector('#notices .notice').getBoundingClientRect();"
                        " return [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight]; })()")
    assert box[0] >= 0 and box[1] >= 0 and box[2] <= box[4] and box[3] <= box[5]
    assert record.errors == []


def test_hexes_are_counted_as_hexes(opened):
    """On a hex board a drag 4 hexes along a row reads 20 ft (4 hexes)."""
    from dataclasses import replace

    hexes = replace(DEMO, grid=HexGrid(20, 20, "flat"), creatures=())
    page, record = opened(link=encounter_hash(hexes))
    page.get_by_role("button", name="Measure").click()
    layout = page_layout(page)
    start = hexes.grid.from_offset(3, 10)
    end = hexes.grid.from_offset(7, 10)
    assert hexes.grid.distance(start, end) == 4
    drag(page, layout.to_pixel(start), layout.to_pixel(end))
    assert "Measured 20 ft (4 hexes)." in notices(page)
    assert record.errors == []
    assert isinstance(start, Hex)
