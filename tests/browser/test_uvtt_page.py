"""A Universal VTT map imported in a real browser (issue 17).

The test builds a small map file as a map maker exports one: an image it draws (a plain colour a
pixel check tells from the board's ground), one straight wall with a closed door in it that
closes off the board's left part, one diagonal wall that closes off its north-east corner, and a
light. It imports the file and checks the image under the grid, the walls and the door in
movement, the link (the hash, not the image), the placeholder in a fresh browser and the file
dropped there bringing the image back.
"""

import base64
import hashlib
import json
from dataclasses import replace

from conftest import layer_rgba, next_frame, notices, open_page, page_layout, show_tab
from rules.creature import Creature
from rules.grid import Square
from rules.link import encounter_hash, parse_encounter_hash
from rules.sizes import Size
from test_maps_page import drop_file, png, wait_for_map

COLOUR = (70, 110, 160)
"""The map image's colour."""


def uvtt_file(image: bytes) -> bytes:
    """A 10 by 8 cell Universal VTT map at 50 pixels a cell: a wall down x = 3 with a closed
    door from y = 5 to 6, a diagonal wall from (6, 0) to (10, 4), one light, and ``image``."""
    document = {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0}, "map_size": {"x": 10, "y": 8}, "pixels_per_grid": 50},
        "line_of_sight": [
            [{"x": 3, "y": 0}, {"x": 3, "y": 5}],
            [{"x": 3, "y": 6}, {"x": 3, "y": 8}],
            [{"x": 6, "y": 0}, {"x": 10, "y": 4}],
        ],
        "objects_line_of_sight": [],
        "portals": [{"position": {"x": 3, "y": 5.5}, "bounds": [{"x": 3, "y": 5}, {"x": 3, "y": 6}],
                     "rotation": 1.5708, "closed": True, "freestanding": False}],
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "lights": [{"position": {"x": 1, "y": 1}, "range": 5, "intensity": 1, "color": "ffeccd8b", "shadows": True}],
        "image": base64.b64encode(image).decode(),
    }
    return json.dumps(document).encode()


IMAGE = png(500, 400, COLOUR)
MAP = uvtt_file(IMAGE)


def page_encounter(page):
    return parse_encounter_hash(page.evaluate("flankwise.link()"))


def import_map(page):
    """Import the map with the Encounter tab's Import file, as a game master would."""
    show_tab(page, "Encounter")
    page.set_input_files("#import-json", files=[{"name": "crypt.dd2vtt", "mimeType": "application/json", "buffer": MAP}])
    wait_for_map(page, "crypt.dd2vtt")


def drag(page, start, end):
    layout = page_layout(page)
    page.mouse.move(*layout.to_pixel(start))
    page.mouse.down()
    page.mouse.move(*layout.to_pixel(end), steps=6)
    page.mouse.up()


def anchor(page, name):
    return Square(*page.evaluate(f"Array.from(flankwise.encounter.creature('{name}').anchor.coords)"))


def test_an_imported_map_brings_its_image_walls_and_door(opened, browser, server_url):
    page, record = opened()
    import_map(page)
    said = " ".join(notices(page))
    assert "Imported the map crypt.dd2vtt: 10 x 8 squares" in said
    assert "light" in said, "the import says the lights were left out"
    encounter = page_encounter(page)
    assert (encounter.grid.kind, encounter.grid.width, encounter.grid.height) == ("square", 10, 8)
    assert encounter.backdrop.sha256 == hashlib.sha256(IMAGE).hexdigest()
    assert encounter.backdrop.cell == 50 and (encounter.backdrop.x, encounter.backdrop.y) == (0, 0)
    kinds = [kind for _, _, kind in encounter.terrain.edges]
    assert kinds.count("door") == 1 and kinds.count("wall") >= 8 + 4
    # The image is drawn under the grid: an empty cell shows its colour.
    next_frame(page)
    x, y = page_layout(page)._pixel((1.3, 1.3))
    assert layer_rgba(page, "grid-layer", x, y)[:3] == COLOUR
    # The link carries the hash, not the image.
    link = page.evaluate("location.hash")
    assert len(link) < 1000 and base64.b64encode(IMAGE).decode()[:40] not in link

    # A scout on the left of the wall, an imp in the corner the diagonal wall closes off.
    scout = Creature("Scout", Size.MEDIUM, Square(1, 5), facing=2)
    imp = Creature("Imp", Size.SMALL, Square(9, 0), facing=2)
    placed = encounter.place(scout).place(imp)
    page.goto(page.url.split("#")[0] + encounter_hash(placed))
    page.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
    wait_for_map(page, "crypt.dd2vtt")
    drag(page, Square(1, 5), Square(4, 5))
    assert anchor(page, "Scout") == Square(1, 5), "the closed door stops the scout"
    drag(page, Square(9, 0), Square(9, 6))
    assert anchor(page, "Imp") == Square(9, 0), "the diagonal wall closes the corner"
    # Open the door with a click (Select), and the scout walks through.
    layout = page_layout(page)
    page.mouse.click(*layout._pixel((3.0, 5.5)))
    assert "Opened the door." in notices(page)
    drag(page, Square(1, 5), Square(4, 5))
    assert anchor(page, "Scout") == Square(4, 5)
    assert record.errors == []

    # A fresh browser has never seen the image: the placeholder names the file; dropping the
    # map file there brings the image back and changes nothing else.
    context, fresh, fresh_record = open_page(browser, server_url + link)
    try:
        fresh.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
        fresh.get_by_role("region", name="Missing map image").wait_for(state="visible")
        assert "This encounter uses the map 'crypt.dd2vtt'" in fresh.locator("#map-missing-text").inner_text()
        drop_file(fresh, "crypt.dd2vtt", MAP, "application/json")
        wait_for_map(fresh, "crypt.dd2vtt")
        assert "The map 'crypt.dd2vtt' is back under the grid." in notices(fresh)
        assert fresh.evaluate("location.hash") == link
        next_frame(fresh)
        x, y = page_layout(fresh)._pixel((1.3, 1.3))
        assert layer_rgba(fresh, "grid-layer", x, y)[:3] == COLOUR
        assert fresh_record.errors == []
    finally:
        context.close()


def test_a_broken_map_file_changes_nothing_and_says_what_is_wrong(opened):
    page, record = opened()
    before = page.evaluate("flankwise.link()")
    show_tab(page, "Encounter")
    broken = json.loads(MAP)
    del broken["resolution"]
    page.set_input_files("#import-json", files=[{"name": "bad.uvtt", "mimeType": "application/json",
                                                 "buffer": json.dumps(broken).encode()}])
    page.wait_for_function("document.querySelectorAll('#notices .notice.error').length > 0")
    assert "resolution" in notices(page, errors_only=True)[-1]
    assert page.evaluate("flankwise.link()") == before
    page.set_input_files("#import-json", files=[{"name": "bad.df2vtt", "mimeType": "application/json",
                                                 "buffer": b"not json at all"}])
    page.wait_for_function("document.querySelectorAll('#notices .notice.error').length > 1")
    assert page.evaluate("flankwise.link()") == before
    assert record.errors == []
