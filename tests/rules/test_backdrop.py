"""Map images under the grid (issue 17): the ``Backdrop`` an encounter names, its alignment and
calibration, the checks on image bytes, and how links and files carry it (the hash, never the
pixels; a file may carry the image itself, checked against the hash)."""

import base64
import hashlib
import json
import math
from dataclasses import replace

import pytest

from rules.backdrop import (
    MAX_IMAGE_BYTES,
    Backdrop,
    BackdropError,
    calibrated_by_corners,
    calibrated_by_span,
    check_cells_crossed,
    check_image_size,
    clean_file_name,
    display_scale,
    fitted,
    image_type,
    missing_text,
    size_text,
    wrong_file_text,
)
from rules.encounter import Encounter, EncounterError
from rules.grid import HexGrid, Square, SquareGrid
from rules.link import (
    LinkError,
    encounter_code,
    encounter_json,
    parse_encounter_code,
    parse_encounter_file,
    parse_encounter_json,
)

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(200))
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 40
WEBP = b"RIFF\x24\x00\x00\x00WEBPVP8 " + b"\x00" * 40


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def crypt(grid=None, **fields) -> Backdrop:
    """The crypt map: a 1000 by 800 PNG at 100 pixels a cell, or as ``fields`` say."""
    backdrop = fitted(sha(PNG), "crypt.png", len(PNG), 1000, 800, grid or SquareGrid(10, 8))
    return replace(backdrop, **fields)


# Image bytes.
@pytest.mark.parametrize("data, kind", [(PNG, "image/png"), (JPEG, "image/jpeg"), (WEBP, "image/webp")])
def test_png_jpeg_and_webp_are_known_by_their_first_bytes(data, kind):
    assert image_type(data[:16]) == kind


@pytest.mark.parametrize("head", [b"<svg xmlns='http://www.w3.org/2000/svg'>", b"<?xml version='1.0'?><svg>",
                                  b"\xef\xbb\xbf  <svg>"])
def test_an_svg_is_refused_because_it_can_carry_script(head):
    with pytest.raises(BackdropError, match="SVG .*script"):
        image_type(head)


@pytest.mark.parametrize("head", [b"GIF89a....", b"%PDF-1.7", b"", b"hello"])
def test_other_files_are_not_map_images(head):
    with pytest.raises(BackdropError, match="not a PNG, JPEG or WebP|GIF"):
        image_type(head)


def test_an_image_over_40_mb_or_empty_is_refused_naming_the_size():
    check_image_size(MAX_IMAGE_BYTES)
    with pytest.raises(BackdropError, match="41 MB; a map image may be at most 40 MB"):
        check_image_size(41 * 1024 * 1024)
    with pytest.raises(BackdropError, match="empty"):
        check_image_size(0)


def test_sizes_read_as_a_player_reads_them():
    assert [size_text(n) for n in (640, 2048, int(1.2 * 1024 * 1024), 15 * 1024 * 1024)] == [
        "640 bytes", "2 KB", "1.2 MB", "15 MB"]


def test_file_names_keep_their_last_part_without_control_characters():
    assert clean_file_name("C:\\maps\\crypt.webp") == "crypt.webp"
    assert clean_file_name("a\x00b\nc.png") == "abc.png"
    assert clean_file_name("") == "map"
    long = clean_file_name("x" * 300 + ".webp")
    assert len(long) <= 120 and long.endswith(".webp")


def test_too_big_to_draw_is_drawn_smaller():
    assert display_scale(4000, 3000) == 1
    assert display_scale(32768, 1000) == pytest.approx(0.5)
    assert display_scale(16000, 16000) < 1
    assert 16000 * 16000 * display_scale(16000, 16000) ** 2 <= 16384 * 8192 + 1


# The value.
def test_a_new_image_is_laid_over_the_board_as_large_as_fits():
    assert crypt(SquareGrid(20, 10)).placed() == (0, 0, 12.5, 10)
    assert crypt(SquareGrid(5, 20)).placed() == (0, 0, 5, 4)


def test_numbers_are_kept_to_thousandths_and_checked():
    assert crypt(cell=70.12345).cell == 70.123
    for fields, words in (({"cell": 0}, "pixels per cell"), ({"x": math.nan}, "offset across"),
                          ({"opacity": 5}, "opacity"), ({"sha256": "abc"}, "hash"), ({"width": 0}, "width"),
                          ({"name": "a\nb"}, "file name"), ({"size": MAX_IMAGE_BYTES + 1}, "size")):
        with pytest.raises(BackdropError, match=words):
            crypt(**fields)


def test_cells_across_and_pixels_per_cell_set_the_scale():
    backdrop = crypt()
    assert backdrop.with_cells_across(20).cell == 50
    assert backdrop.with_pixels_per_cell(70).placed()[2] == pytest.approx(1000 / 70, abs=1e-3)
    with pytest.raises(BackdropError):
        backdrop.with_cells_across(0)


def test_two_opposite_corners_of_one_square_align_the_grid_to_the_image():
    # The image's own grid has 70-pixel squares, the first corner at pixel (35, 20).
    backdrop = crypt()  # drawn at 100 pixels a cell: image pixel p lies at unit p / 100.
    a, b = (3.5 / 10 + 0.7 * 2, 0.2 + 0.7 * 3), (3.5 / 10 + 0.7 * 3, 0.2 + 0.7 * 4)
    aligned = calibrated_by_corners(backdrop, SquareGrid(10, 8), a, b)
    assert aligned.cell == pytest.approx(70, abs=1e-3)
    # Every corner of the image's grid now lies on a corner of the board's.
    for i, j in ((0, 0), (2, 3), (5, 7)):
        x = aligned.x + (35 + 70 * i) / aligned.cell
        y = aligned.y + (20 + 70 * j) / aligned.cell
        assert x == pytest.approx(round(x), abs=1e-3) and y == pytest.approx(round(y), abs=1e-3)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_two_opposite_corners_of_one_hex_align_hexes(orientation):
    grid = HexGrid(8, 8, orientation)
    backdrop = crypt(grid)
    cell = grid.cell_type(3, 2)
    corners = grid.corners(cell)
    # Draw the image's hex grid 1.25 times the board's and shifted; click the corners of the
    # image's hex over board hex (3, 2) as they are drawn.
    shift, scale = (0.3, -0.2), 1.25
    a, b = ((corners[0][0] * scale + shift[0], corners[0][1] * scale + shift[1]),
            (corners[3][0] * scale + shift[0], corners[3][1] * scale + shift[1]))
    aligned = calibrated_by_corners(backdrop, grid, a, b)
    assert aligned.cell == pytest.approx(backdrop.cell * scale, rel=1e-3)
    middle = backdrop.to_image(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    centre = (aligned.x + middle[0] / aligned.cell, aligned.y + middle[1] / aligned.cell)
    target = grid.centre(grid.cell_at(*centre))
    assert centre == pytest.approx(target, abs=1e-3)


def test_one_point_twice_is_no_calibration():
    with pytest.raises(BackdropError, match="same point"):
        calibrated_by_corners(crypt(), SquareGrid(10, 8), (1, 1), (1, 1))


def test_a_drag_across_cells_sets_the_scale_and_lays_its_start_on_a_corner():
    """The image's grid has 70-pixel cells from pixel (35, 20); drawn at 100 pixels a cell, a
    drag from its corner at pixel (35 + 70, 20 + 140) along 4 cells of a row lays that corner on
    the board's nearest corner, and every other corner of the image's grid on one too (a new
    game master's walkthrough found the grids half a cell apart when the drag only scaled)."""
    backdrop = crypt()
    a = ((35 + 70) / 100, (20 + 140) / 100)
    b = (a[0] + 4 * 0.7, a[1])
    aligned = calibrated_by_span(backdrop, SquareGrid(10, 8), a, b, 4)
    assert aligned.cell == pytest.approx(70, abs=1e-3)
    for i, j in ((0, 0), (1, 2), (6, 5)):
        x, y = aligned.x + (35 + 70 * i) / aligned.cell, aligned.y + (20 + 70 * j) / aligned.cell
        assert x == pytest.approx(round(x), abs=1e-3) and y == pytest.approx(round(y), abs=1e-3)
    for typed in (0, "", "-3", "x", 1001):
        with pytest.raises(BackdropError, match="whole number from 1 to 1000"):
            calibrated_by_span(backdrop, SquareGrid(10, 8), a, b, typed)
    assert check_cells_crossed(" 7 ") == 7


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_a_drag_along_hexes_lays_its_start_on_a_hex_corner(orientation):
    grid = HexGrid(8, 8, orientation)
    corner = grid.corners(grid.cell_type(3, 3))[1]
    start = (corner[0] + 0.1, corner[1] - 0.05)
    aligned = calibrated_by_span(crypt(grid), grid, start, (start[0] + 2.5, start[1]), 2)
    moved = aligned.x + crypt(grid).to_image(start)[0] / aligned.cell, aligned.y + crypt(grid).to_image(start)[1] / aligned.cell
    assert moved == pytest.approx(corner, abs=1e-3)


def test_the_messages_name_the_file_and_its_size():
    backdrop = crypt(name="crypt.webp", size=int(1.2 * 1024 * 1024))
    assert missing_text(backdrop) == (
        "This encounter uses the map 'crypt.webp' (1.2 MB). Drop that file here to show it.")
    assert "'other.png' is not the map this encounter uses: it needs 'crypt.webp'" in wrong_file_text(
        backdrop, "other.png")


# The encounter, links and files.
def test_an_encounter_keeps_its_map_through_a_new_board():
    encounter = Encounter(SquareGrid(10, 8), backdrop=crypt())
    assert encounter.with_grid(SquareGrid(12, 12)).backdrop == crypt()
    with pytest.raises(EncounterError, match="Backdrop"):
        Encounter(SquareGrid(10, 8), backdrop="crypt.png")


def test_a_link_carries_the_hash_and_alignment_never_the_image():
    encounter = Encounter(SquareGrid(10, 8), backdrop=crypt(cell=70.5, x=-0.25, y=1.125, opacity=60))
    code = encounter_code(encounter)
    assert parse_encounter_code(code) == encounter
    assert len(code) < 200
    assert base64.b64encode(PNG).decode()[:20] not in code


def test_old_links_without_a_map_still_open():
    plain = Encounter(SquareGrid(10, 8))
    assert parse_encounter_code(encounter_code(plain)).backdrop is None


def test_a_file_names_the_map_and_may_carry_the_image():
    encounter = Encounter(HexGrid(6, 6, "pointy"), backdrop=crypt(HexGrid(6, 6, "pointy")))
    text = encounter_json(encounter)
    assert json.loads(text)["map"]["name"] == "crypt.png"
    assert parse_encounter_file(text) == (encounter, None)
    with_image = encounter_json(encounter, PNG)
    assert parse_encounter_file(with_image) == (encounter, PNG)
    assert parse_encounter_json(with_image) == encounter


def test_a_file_cannot_carry_an_image_that_is_not_its_map():
    encounter = Encounter(SquareGrid(10, 8), backdrop=crypt())
    with pytest.raises(LinkError, match="not the map"):
        encounter_json(encounter, JPEG)
    with pytest.raises(LinkError, match="not the map"):
        encounter_json(Encounter(SquareGrid(10, 8)), PNG)


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(map_image="not base64!"), "not base64"),
    (lambda d: d.update(map_image=base64.b64encode(JPEG).decode()), "hash differs"),
    (lambda d: d.update(map_image=base64.b64encode(b"<svg onload=x>").decode()), "SVG"),
    (lambda d: d.pop("map"), "has a map image but no map"),
    (lambda d: d["map"].update(sha256="x" * 64), "hash"),
    (lambda d: d["map"].update(colour="red"), "does not know"),
    (lambda d: d["map"].pop("width"), "has no width"),
    (lambda d: d["map"].update(pixels_per_cell=-3), "pixels per cell"),
])
def test_a_damaged_map_in_a_file_is_refused_naming_what_is_wrong(change, words):
    document = json.loads(encounter_json(Encounter(SquareGrid(10, 8), backdrop=crypt()), PNG))
    change(document)
    with pytest.raises(LinkError, match=words):
        parse_encounter_file(json.dumps(document))
