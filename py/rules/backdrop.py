"""A map image under the grid: which image, and how the grid lies on it (issue 17).

An encounter names its map image by a ``Backdrop``: the SHA-256 of the image's bytes, its file
name, its size in bytes, its width and height in pixels, and its alignment; never its pixels,
so a link stays short. The page keeps the image itself in the browser (IndexedDB), under that
hash; a link whose image a browser lacks opens with the board and says which file to drop
(``missing_text``), and a dropped file is taken only if its hash is the one named.

**Alignment.** The image lies on the board's unit geometry (``rules.grid``: the centres of two
neighbouring cells are 1 apart, so a square is 1 by 1 and a hex 1 across its flats): ``cell``
image pixels make one unit, and the image's top-left corner lies at the unit point ``(x, y)``.
The same two numbers align squares and both hex orientations. ``fitted`` lays a new image over
the board, ``with_cells_across`` and ``with_pixels_per_cell`` set the scale, and the two-step
calibrations take points the game master clicks on the board as it is drawn now:
``calibrated_by_corners`` (two opposite corners of one cell of the image's own grid) and
``calibrated_by_span`` (a drag across a known number of cells).

Bad input is refused with ``BackdropError``, whose message a player reads as it is: a file that
is not a PNG, JPEG or WebP image (an SVG is refused because it can carry script), one over
``MAX_IMAGE_BYTES``. An image too big for a browser to draw is drawn smaller
(``display_scale``), and the page says so.
"""

import math
import re
import struct
from dataclasses import dataclass, replace

from rules.errors import RulesError
from rules.grid import Grid

MAX_IMAGE_BYTES = 40 * 1024 * 1024
"""The largest map image the page takes, in bytes."""

MAX_NAME = 120
"""The most characters of a map image's file name an encounter keeps."""

MAX_IMAGE_SIDE = 100_000
"""The most pixels across a map image an encounter names (a browser draws far fewer: see
``display_scale``)."""

MAX_DRAWN_SIDE = 16_384
"""The most pixels across an image the page draws at full size: a browser's canvas and image
limits start about here."""

MAX_DRAWN_AREA = 16_384 * 8_192
"""The most pixels in an image the page draws at full size."""

MIN_CELL, MAX_CELL = 1.0, 10_000.0
"""The fewest and most image pixels to a cell."""

MAX_OFFSET = 10_000.0
"""How far, in cells, the image's corner may lie from the board's."""

IMAGE_TYPES = ("image/png", "image/jpeg", "image/webp")
"""The kinds of image a map may be."""

_SHA256 = re.compile(r"[0-9a-f]{64}")
_ROOT3 = math.sqrt(3)


class BackdropError(RulesError):
    """A map image the page cannot take: not a PNG, JPEG or WebP, too large, a wrong file."""


def image_type(head: bytes) -> str:
    """The kind of image whose first bytes are ``head`` (a dozen are enough): one of
    ``IMAGE_TYPES``. Anything else raises ``BackdropError`` naming what it looks like."""
    head = bytes(head[:64])
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if head.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image/webp"
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if text.startswith(b"<svg") or (text.startswith(b"<?xml") or text.startswith(b"<!doctype svg")):
        raise BackdropError(
            "SVG images cannot be maps here: an SVG can carry script. Save the map as PNG, JPEG or WebP"
        )
    if head.startswith(b"GIF8"):
        raise BackdropError("GIF images cannot be maps here: save the map as PNG, JPEG or WebP")
    raise BackdropError("This file is not a PNG, JPEG or WebP image")


def check_image_size(size: int) -> None:
    """Refuse an image of ``size`` bytes over ``MAX_IMAGE_BYTES``, or an empty one."""
    if size <= 0:
        raise BackdropError("This image file is empty")
    if size > MAX_IMAGE_BYTES:
        raise BackdropError(
            f"This image is {size_text(size)}; a map image may be at most {size_text(MAX_IMAGE_BYTES)}"
        )


_JPEG_FRAMES = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
"""The JPEG markers that start a frame (SOF0 to SOF15), whose header holds the image's size;
0xC4 (Huffman tables), 0xC8 (reserved) and 0xCC (arithmetic coding) are not frames."""


def image_size(data: bytes) -> tuple[int, int]:
    """The ``(width, height)`` in pixels of the PNG, JPEG or WebP image ``data``, read from its
    header alone: a PNG's IHDR chunk, a JPEG's frame header (its SOF marker), a WebP's VP8
    (lossy), VP8L (lossless) or VP8X (extended) chunk. ``BackdropError`` for any other file
    (``image_type`` names it) or a header that is cut short or says the image is empty.

    The JPEG markers are walked by their lengths, so the work is a step per marker before the
    frame header, never a step per byte of the image."""
    kind = image_type(data[:16])
    data = memoryview(data)
    damaged = BackdropError(f"This {kind.split('/')[1].upper()} image is damaged: its size cannot be read")
    try:
        if kind == "image/png":
            if bytes(data[12:16]) != b"IHDR":
                raise damaged
            width, height = struct.unpack(">II", data[16:24])
        elif kind == "image/jpeg":
            width, height = _jpeg_size(data, damaged)
        else:
            if len(data) < 30:
                raise damaged
            chunk = bytes(data[12:16])
            if chunk == b"VP8 ":
                if bytes(data[23:26]) != b"\x9d\x01\x2a":
                    raise damaged
                across, down = struct.unpack("<HH", data[26:30])
                width, height = across & 0x3FFF, down & 0x3FFF
            elif chunk == b"VP8L":
                if data[20] != 0x2F:
                    raise damaged
                bits = int.from_bytes(data[21:25], "little")
                width, height = (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
            elif chunk == b"VP8X":
                width = int.from_bytes(data[24:27], "little") + 1
                height = int.from_bytes(data[27:30], "little") + 1
            else:
                raise damaged
    except (struct.error, IndexError):
        raise damaged from None
    if width < 1 or height < 1:
        raise damaged
    return width, height


def _jpeg_size(data: memoryview, damaged: BackdropError) -> tuple[int, int]:
    """The size in a JPEG's frame header: the markers after the start of the image are walked
    by their lengths (fill bytes and the markers without a length skipped) up to the first
    frame; the start of the scan or the end of the image before one is damage."""
    index, end = 2, len(data)
    while index + 4 <= end:
        if data[index] != 0xFF:
            raise damaged
        marker = data[index + 1]
        if marker == 0xFF:
            index += 1
            continue
        if marker == 0x01 or 0xD0 <= marker <= 0xD8:
            index += 2
            continue
        if marker in (0xD9, 0xDA):
            raise damaged
        length = (data[index + 2] << 8) | data[index + 3]
        if length < 2:
            raise damaged
        if marker in _JPEG_FRAMES:
            height, width = struct.unpack(">HH", data[index + 5 : index + 9])
            return width, height
        index += 2 + length
    raise damaged


def size_text(size: int) -> str:
    """A size in bytes as a player reads it: "640 bytes", "812 KB", "1.2 MB"."""
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{max(1, round(size / 1024))} KB"
    megabytes = size / 1024 / 1024
    return f"{megabytes:.1f} MB" if megabytes < 10 else f"{round(megabytes)} MB"


def clean_file_name(name) -> str:
    """A file name as an encounter keeps it: its last path part, without control characters,
    at most ``MAX_NAME`` characters ("map" for none)."""
    text = str(name or "").replace("\\", "/").rsplit("/", 1)[-1]
    text = "".join(ch for ch in text if ch.isprintable()).strip()
    if len(text) > MAX_NAME:
        stem, dot, ext = text.rpartition(".")
        text = (stem[: MAX_NAME - len(ext) - 2] + "…" + dot + ext) if dot and len(ext) < 10 else text[:MAX_NAME]
    return text or "map"


def _number(value, low: float, high: float, what: str) -> float:
    """``value`` as a float rounded to thousandths, within ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BackdropError(f"The map's {what} is not a number")
    if not low <= value <= high:
        raise BackdropError(f"The map's {what} must be from {low:g} to {high:g}, not {value:g}")
    return round(float(value), 3)


@dataclass(frozen=True)
class Backdrop:
    """A map image named by ``sha256`` (64 lower-case hex digits), with its file ``name``, its
    ``size`` in bytes, its ``width`` and ``height`` in pixels, ``cell`` image pixels to a unit of
    the board, its top-left corner at the unit point ``(x, y)``, and its ``opacity`` in per cent.
    Numbers are kept to thousandths, so a value read back from a link equals the one written.
    """

    sha256: str
    name: str
    size: int
    width: int
    height: int
    cell: float = 100.0
    x: float = 0.0
    y: float = 0.0
    opacity: int = 100

    def __post_init__(self):
        if not isinstance(self.sha256, str) or not _SHA256.fullmatch(self.sha256):
            raise BackdropError("The map image's hash is not 64 hex digits")
        if not isinstance(self.name, str) or self.name != clean_file_name(self.name):
            raise BackdropError("The map image's file name is not one this page keeps")
        for what, value, high in (("size", self.size, MAX_IMAGE_BYTES), ("width", self.width, MAX_IMAGE_SIDE),
                                  ("height", self.height, MAX_IMAGE_SIDE)):
            if type(value) is not int or not 1 <= value <= high:
                raise BackdropError(f"The map image's {what} must be a whole number from 1 to {high}")
        object.__setattr__(self, "cell", _number(self.cell, MIN_CELL, MAX_CELL, "pixels per cell"))
        object.__setattr__(self, "x", _number(self.x, -MAX_OFFSET, MAX_OFFSET, "offset across"))
        object.__setattr__(self, "y", _number(self.y, -MAX_OFFSET, MAX_OFFSET, "offset down"))
        if type(self.opacity) is not int or not 10 <= self.opacity <= 100:
            raise BackdropError("The map's opacity must be a whole number from 10 to 100 per cent")

    def placed(self) -> tuple[float, float, float, float]:
        """Where the image lies in unit geometry: ``(x, y, width, height)``."""
        return (self.x, self.y, self.width / self.cell, self.height / self.cell)

    def to_image(self, point) -> tuple[float, float]:
        """The image pixel under the unit point ``point``."""
        return ((point[0] - self.x) * self.cell, (point[1] - self.y) * self.cell)

    def with_pixels_per_cell(self, cell: float) -> "Backdrop":
        """This image at ``cell`` pixels to a cell, its top-left corner where it was."""
        return replace(self, cell=cell)

    def with_cells_across(self, cells: float) -> "Backdrop":
        """This image scaled so its width spans ``cells`` cells."""
        if isinstance(cells, bool) or not isinstance(cells, (int, float)) or not 0 < cells <= MAX_OFFSET:
            raise BackdropError("The number of cells across the image must be a number above 0")
        return replace(self, cell=self.width / cells)

    def with_offset(self, x: float, y: float) -> "Backdrop":
        """This image with its top-left corner at the unit point ``(x, y)``."""
        return replace(self, x=x, y=y)

    def with_opacity(self, opacity: int) -> "Backdrop":
        """This image drawn at ``opacity`` per cent."""
        return replace(self, opacity=opacity)


def fitted(sha256: str, name: str, size: int, width: int, height: int, grid: Grid) -> Backdrop:
    """A new map image laid over ``grid``: its top-left corner on the board's, as large as fits
    the board's bounding box (the game master then aligns it)."""
    across, down = grid.extent()
    cell = max(width / across, height / down)
    return Backdrop(sha256, clean_file_name(name), size, width, height, min(max(cell, MIN_CELL), MAX_CELL))


def _distance(a, b) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def calibrated_by_corners(backdrop: Backdrop, grid: Grid, a, b) -> Backdrop:
    """``backdrop`` aligned by two opposite corners of one cell of the image's own grid, ``a``
    and ``b``, clicked as unit points on the board as drawn now: the scale makes that cell one
    cell of the board, and the cell's centre, their midpoint, moves onto the centre of the board
    cell it is in (the least move that aligns the two grids)."""
    pixels = _distance(backdrop.to_image(a), backdrop.to_image(b))
    # Opposite corners of a square are the diagonal, sqrt(2) cells apart; of a hex, 2/sqrt(3).
    across = math.sqrt(2) if grid.kind == "square" else 2 / _ROOT3
    if pixels < MIN_CELL * across:
        raise BackdropError("Those two corners are the same point: click two opposite corners of one cell")
    scaled = replace(backdrop, cell=pixels / across)
    middle = backdrop.to_image(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    centre = grid.centre(grid.cell_at((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
    return replace(scaled, x=centre[0] - middle[0] / scaled.cell, y=centre[1] - middle[1] / scaled.cell)


def check_cells_crossed(cells) -> int:
    """The number of cells a calibration drag crosses, as typed: a whole number from 1 to
    1000, or ``BackdropError``."""
    try:
        number = int(str(cells).strip())
    except ValueError:
        number = 0
    if not 1 <= number <= 1000:
        raise BackdropError("Say how many cells the drag crosses: a whole number from 1 to 1000")
    return number


def _nearest_corner(grid: Grid, point) -> tuple[float, float]:
    """The corner of a cell of ``grid`` nearest the unit point ``point``."""
    corners = grid.corners(grid.cell_at(*point))
    return min(corners, key=lambda corner: _distance(corner, point))


def calibrated_by_span(backdrop: Backdrop, grid: Grid, a, b, cells: int) -> Backdrop:
    """``backdrop`` aligned by a drag from the unit point ``a``, a corner of the image's own
    grid, to ``b``, ``cells`` cells along it: the scale makes that length ``cells`` cells, and
    the image's point under ``a`` moves onto the board's corner nearest it, so the two grids
    lie on each other."""
    cells = check_cells_crossed(cells)
    start = backdrop.to_image(a)
    pixels = _distance(start, backdrop.to_image(b))
    if pixels < cells * MIN_CELL:
        raise BackdropError("That drag is too short to measure: drag across the cells of the map")
    cell = pixels / cells
    corner = _nearest_corner(grid, a)
    return replace(backdrop, cell=cell, x=corner[0] - start[0] / cell, y=corner[1] - start[1] / cell)


def display_scale(width: int, height: int) -> float:
    """How much the page shrinks an image of ``width`` by ``height`` pixels to draw it: 1 for
    one a browser draws whole, less for one past ``MAX_DRAWN_SIDE`` or ``MAX_DRAWN_AREA``."""
    scale = min(1.0, MAX_DRAWN_SIDE / max(width, height), math.sqrt(MAX_DRAWN_AREA / (width * height)))
    return scale


def missing_text(backdrop: Backdrop) -> str:
    """What the board says while the image it names is not in this browser."""
    return (
        f"This encounter uses the map '{backdrop.name}' ({size_text(backdrop.size)}). "
        "Drop that file here to show it."
    )


def wrong_file_text(backdrop: Backdrop, name: str) -> str:
    """What the page says when a dropped file is not the image the encounter names (one of the
    same name is another version of it: its bytes differ)."""
    name = clean_file_name(name)
    if name == backdrop.name:
        return (
            f"This '{name}' is not the one this encounter uses: its contents differ (an edited copy?). "
            f"It needs the '{backdrop.name}' of {size_text(backdrop.size)}. The board is as it was."
        )
    return (
        f"'{name}' is not the map this encounter uses: it needs '{backdrop.name}' "
        f"({size_text(backdrop.size)}). The board is as it was."
    )
