"""Map images under the grid in a real browser (issue 17): load an image, see it under the grid,
align it, keep it in this browser by its hash, and a link that names it in a browser without it.

Images are drawn by the tests (``png``): plain colours a pixel check can tell apart from the
board's ground, so "the image is under the grid" is a pixel under a cell.
"""

import json
import struct
import zlib

from conftest import DESKTOP, PHONE, layer_rgba, next_frame, notices, open_page, page_layout, show_tab
from rules.grid import Square
from rules.link import parse_encounter_hash


def png(width: int, height: int, colour=(200, 30, 30)) -> bytes:
    """A ``width`` x ``height`` PNG of one colour, with a dark 2-pixel grid every 50 pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = []
    for y in range(height):
        line = bytearray([0])
        for x in range(width):
            line += bytes((20, 20, 20)) if x % 50 < 2 or y % 50 < 2 else bytes(colour)
        rows.append(bytes(line))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows)))
            + chunk(b"IEND", b""))


def page_encounter(page):
    return parse_encounter_hash(page.evaluate("flankwise.link()"))


def load_image(page, name, data, control="#map-file"):
    """Choose ``data`` as the file ``name`` in the Map tab's *Load map image*."""
    show_tab(page, "Map")
    page.set_input_files(control, files=[{"name": name, "mimeType": "image/png", "buffer": data}])


def type_in(page, label, text):
    """Type ``text`` in the Map tab's field called ``label`` and press Enter, as a player sets it."""
    field = page.get_by_label(label)
    field.fill(text)
    field.press("Enter")


def cell_pixel(page, layer, cell):
    """The colour of ``layer`` a little inside the north-west corner of ``cell`` (away from
    tokens, which stand in the middle)."""
    layout = page_layout(page)
    x, y = layout._pixel((cell.x + 0.5, cell.y + 0.5))
    return layer_rgba(page, layer, x, y)[:3]


def test_a_loaded_image_is_drawn_under_the_grid_and_the_link_names_it(opened):
    page, record = opened()
    data = png(500, 400)
    load_image(page, "crypt.png", data)
    page.wait_for_function("flankwise.encounter.backdrop !== undefined && flankwise.encounter.backdrop !== null")
    next_frame(page)
    backdrop = page_encounter(page).backdrop
    assert backdrop.name == "crypt.png" and backdrop.size == len(data) and (backdrop.width, backdrop.height) == (500, 400)
    import hashlib

    assert backdrop.sha256 == hashlib.sha256(data).hexdigest()
    assert "The map 'crypt.png' is under the grid" in " ".join(notices(page))
    # Cell (9, 9) is empty on the demo board: the image's red shows in it.
    assert cell_pixel(page, "grid-layer", Square(9, 9)) == (200, 30, 30)
    assert len(page.evaluate("location.hash")) < 400, "the link carries the hash, not the image"
    assert record.errors == []


def drop_file(page, name, data, kind="image/png"):
    """Drop ``data`` as the file ``name`` on the middle of the board, as a file dragged from the
    desktop arrives."""
    page.evaluate(
        """([name, bytes, kind]) => {
            const transfer = new DataTransfer();
            transfer.items.add(new File([new Uint8Array(bytes)], name, {type: kind}));
            const board = document.getElementById('board');
            const box = board.getBoundingClientRect();
            for (const type of ['dragover', 'drop']) {
              board.dispatchEvent(new DragEvent(type, {dataTransfer: transfer, bubbles: true, cancelable: true,
                clientX: box.left + box.width / 2, clientY: box.top + box.height / 2}));
            }
        }""",
        [name, list(data), kind],
    )


def wait_for_map(page, name):
    page.wait_for_function(f"flankwise.encounter.backdrop && flankwise.encounter.backdrop.name === {json.dumps(name)}")
    page.wait_for_function("flankwise.map_image.picture() !== undefined && flankwise.map_image.picture() !== null")
    next_frame(page)


def test_two_corners_of_one_cell_align_the_grid_to_the_map(opened):
    page, record = opened()
    load_image(page, "crypt.png", png(500, 400))
    wait_for_map(page, "crypt.png")
    # Drawn at 20 pixels a cell, the image's 50-pixel cells are 2.5 board cells: the image's
    # corner at pixel (100, 100) is at unit (5, 5), the opposite one at (7.5, 7.5).
    page.get_by_role("button", name="Align by one cell").click()
    layout = page_layout(page)
    for corner in ((5.0, 5.0), (7.5, 7.5)):
        x, y = layout._pixel(corner)
        page.mouse.click(x, y)
    page.wait_for_function("flankwise.encounter.backdrop.cell === 50")
    assert "The grid is aligned to the map: 50 pixels a cell." in notices(page)
    backdrop = page_encounter(page).backdrop
    # Every line of the image's grid is on a line of the board's.
    assert (backdrop.x * 50) % 50 == 0 and (backdrop.y * 50) % 50 == 0
    next_frame(page)
    assert cell_pixel(page, "grid-layer", Square(9, 6)) == (200, 30, 30)
    # One undo step puts the old alignment back.
    page.keyboard.press("Control+z")
    page.wait_for_function("flankwise.encounter.backdrop.cell === 20")
    assert record.errors == []


def test_typed_alignment_and_opacity_change_the_map_and_a_wrong_value_is_refused(opened):
    page, _ = opened()
    load_image(page, "crypt.png", png(500, 400))
    wait_for_map(page, "crypt.png")
    type_in(page, "Cells across", "10")
    page.wait_for_function("flankwise.encounter.backdrop.cell === 50")
    type_in(page, "Pixels per cell", "-4")
    assert any("pixels per cell must be from 1" in text for text in notices(page, errors_only=True))
    assert page_encounter(page).backdrop.cell == 50
    assert page.get_by_label("Pixels per cell").input_value() == "50"
    page.get_by_label("Map opacity").fill("50")
    page.wait_for_function("flankwise.encounter.backdrop.opacity === 50")
    next_frame(page)
    red, green, blue = cell_pixel(page, "grid-layer", Square(9, 6))
    assert red > green + 50 and 60 < green < 200, "half the image's red over the board's pale ground"


def test_bad_images_are_refused_and_change_nothing(opened):
    page, record = opened()
    before = page.evaluate("flankwise.link()")
    show_tab(page, "Map")
    page.set_input_files("#map-file", files=[{"name": "evil.svg", "mimeType": "image/svg+xml",
                                              "buffer": b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"}])
    page.wait_for_function("document.querySelectorAll('#notices .notice.error').length > 0")
    assert "SVG images cannot be maps here: an SVG can carry script" in notices(page, errors_only=True)[-1]
    broken = png(50, 50)[:40] + b"\x00" * 60
    page.set_input_files("#map-file", files=[{"name": "broken.png", "mimeType": "image/png", "buffer": broken}])
    page.wait_for_function("document.querySelectorAll('#notices .notice.error').length > 1")
    assert "This image will not decode" in notices(page, errors_only=True)[-1]
    assert page.evaluate("flankwise.link()") == before
    assert [error for error in record.errors if "will not decode" not in error] == []


def test_a_link_naming_a_map_this_browser_lacks_shows_a_placeholder_until_the_file_is_dropped(opened, browser, server_url):
    page, _ = opened()
    data = png(500, 400)
    load_image(page, "crypt.png", data)
    wait_for_map(page, "crypt.png")
    link = page.evaluate("location.hash")
    # The same browser keeps the image: a reload draws it at once.
    page.reload()
    page.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
    wait_for_map(page, "crypt.png")
    assert page.locator("#map-missing").is_hidden()
    # A fresh browser (its own storage) has never seen it.
    context, fresh, record = open_page(browser, server_url + link)
    try:
        fresh.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
        placeholder = fresh.get_by_role("region", name="Missing map image")
        placeholder.wait_for(state="visible")
        assert fresh.locator("#map-missing-text").inner_text() == (
            "This encounter uses the map 'crypt.png' (3 KB). Drop that file here to show it.")
        drop_file(fresh, "other.png", png(60, 60, (30, 30, 200)))
        fresh.wait_for_function("document.querySelectorAll('#notices .notice.error').length > 0")
        assert "'other.png' is not the map this encounter uses: it needs 'crypt.png'" in notices(fresh, errors_only=True)[-1]
        assert placeholder.is_visible()
        drop_file(fresh, "crypt.png", data)
        wait_for_map(fresh, "crypt.png")
        assert placeholder.is_hidden()
        assert "The map 'crypt.png' is back under the grid." in notices(fresh)
        assert fresh.evaluate("location.hash") == link, "restoring the image changes nothing in the encounter"
        assert cell_pixel(fresh, "grid-layer", Square(9, 9)) == (200, 30, 30)
        assert record.errors == []
    finally:
        context.close()


def test_on_a_phone_the_placeholder_chooses_the_file_or_hides(opened):
    from dataclasses import replace

    from rules.backdrop import Backdrop
    from rules.link import encounter_hash
    from web.state import demo_encounter

    data = png(100, 100)
    import hashlib

    named = Backdrop(hashlib.sha256(data).hexdigest(), "cave.png", len(data), 100, 100, cell=50)
    page, record = opened(PHONE, encounter_hash(replace(demo_encounter(), backdrop=named)))
    placeholder = page.get_by_role("region", name="Missing map image")
    placeholder.wait_for(state="visible")
    page.get_by_role("button", name="Hide").click()
    assert placeholder.is_hidden()
    show_tab(page, "Map")
    assert "not in this browser yet" in page.locator("#map-status").inner_text()
    page.set_input_files("#map-missing-file", files=[{"name": "cave.png", "mimeType": "image/png", "buffer": data}])
    wait_for_map(page, "cave.png")
    assert "The map 'cave.png' is back under the grid." in notices(page)
    assert record.errors == []


def test_an_exported_file_can_carry_the_image_to_another_browser(opened, browser, server_url, tmp_path):
    page, _ = opened()
    data = png(300, 300, (40, 160, 60))
    load_image(page, "forest.png", data)
    wait_for_map(page, "forest.png")
    show_tab(page, "Encounter")
    page.get_by_label("Put the map image inside exported files").check()
    with page.expect_download() as download:
        page.get_by_role("button", name="Export file").last.click()
    path = tmp_path / "encounter.json"
    download.value.save_as(path)
    assert "map_image" in json.loads(path.read_text())
    context, fresh, record = open_page(browser, server_url)
    try:
        fresh.wait_for_function("document.documentElement.dataset.table === '1'", timeout=30_000)
        fresh.set_input_files("#import-json", str(path))
        wait_for_map(fresh, "forest.png")
        assert "Its map image is kept in this browser." in " ".join(notices(fresh))
        assert cell_pixel(fresh, "grid-layer", Square(9, 9)) == (40, 160, 60)
        assert record.errors == []
    finally:
        context.close()


def test_an_image_wider_than_a_browser_draws_is_drawn_smaller_and_says_so(opened):
    page, record = opened()
    load_image(page, "long.png", png(20000, 20))
    wait_for_map(page, "long.png")
    said = " ".join(notices(page))
    assert "It is 20000 x 20 pixels, more than this browser draws at once: it is drawn at 82% of its size" in said
    assert page_encounter(page).backdrop.width == 20000, "the alignment counts the image's own pixels"
    assert record.errors == []


def test_a_pasted_image_goes_under_the_grid_but_not_while_typing(opened):
    page, record = opened()
    data = png(200, 160, (90, 40, 140))
    paste = """([bytes, into]) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'image.png', {type: 'image/png'}));
        const target = into ? document.getElementById(into) : document.body;
        target.dispatchEvent(new ClipboardEvent('paste', {clipboardData: transfer, bubbles: true, cancelable: true}));
    }"""
    show_tab(page, "Map")
    page.evaluate(paste, [list(data), "board-width"])
    next_frame(page)
    assert page.evaluate("flankwise.encounter.backdrop") is None, "a paste into a field is the field's"
    page.evaluate(paste, [list(data), None])
    wait_for_map(page, "image.png")
    assert cell_pixel(page, "grid-layer", Square(9, 9)) == (90, 40, 140)
    assert record.errors == []


def test_a_drag_across_cells_lines_the_grids_up(opened):
    """A new game master's walkthrough: Align by a drag set the scale but left the grids half a
    cell apart. The drag from a corner of the image's grid now lays that corner on the board's."""
    page, record = opened()
    load_image(page, "crypt.png", png(500, 400))
    wait_for_map(page, "crypt.png")
    page.get_by_label("Cells crossed").fill("0")
    page.get_by_role("button", name="Align by a drag").click()
    assert "a whole number from 1 to 1000, in Cells crossed" in notices(page, errors_only=True)[-1]
    # At 20 pixels a cell the image's corner at pixel (150, 150) lies at unit (7.5, 7.5); the
    # drag goes 4 of its cells (200 pixels, 10 units) along the row (below the notices).
    page.get_by_label("Cells crossed").fill("4")
    page.get_by_role("button", name="Align by a drag").click()
    layout = page_layout(page)
    page.mouse.move(*layout._pixel((7.5, 7.5)))
    page.mouse.down()
    page.mouse.move(*layout._pixel((17.5, 7.5)), steps=5)
    page.mouse.up()
    # The pointer lands on whole CSS pixels: the scale is 50 within a pixel of the drag's length.
    page.wait_for_function("Math.abs(flankwise.encounter.backdrop.cell - 50) < 0.5")
    backdrop = page_encounter(page).backdrop
    start = backdrop.x + 150 / backdrop.cell, backdrop.y + 150 / backdrop.cell
    assert start == (round(start[0]), round(start[1])), "the drag's start lies on a corner of the board"
    for corner in ((0, 0), (450, 350)):
        x, y = backdrop.x + corner[0] / backdrop.cell, backdrop.y + corner[1] / backdrop.cell
        assert abs(x - round(x)) < 0.05 and abs(y - round(y)) < 0.05, "the other corners on the board's too"
    assert page.evaluate("flankwise.encounter.creatures.length") == 4, "the drag moved nothing on the board"
    assert record.errors == []


def test_an_edited_map_of_the_same_size_keeps_the_alignment_and_exports_say_what_they_carry(opened):
    page, record = opened()
    load_image(page, "tavern.png", png(500, 400))
    wait_for_map(page, "tavern.png")
    type_in(page, "Pixels per cell", "50")
    page.wait_for_function("flankwise.encounter.backdrop.cell === 50")
    page.get_by_role("button", name="Load map image").wait_for()
    before = page_encounter(page).backdrop.sha256
    load_image(page, "tavern.png", png(500, 400, (20, 120, 20)))
    page.wait_for_function("flankwise.encounter.backdrop.sha256 !== " + json.dumps(before))
    assert page_encounter(page).backdrop.cell == 50
    assert "aligned as it was (the same size)" in " ".join(notices(page))
    show_tab(page, "Encounter")
    with page.expect_download():
        page.get_by_role("button", name="Export file").last.click()
    assert "It names the map 'tavern.png' without carrying it" in " ".join(notices(page))
    assert record.errors == []
