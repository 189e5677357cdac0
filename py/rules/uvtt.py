"""Universal VTT import (issue 17): a map maker's export as a Flankwise encounter.

Dungeondraft (``.dd2vtt``), DungeonFog (``.df2vtt``), Arkenforge and others (``.uvtt``) export
one JSON format: ``resolution`` (``map_origin`` and ``map_size`` in cells, ``pixels_per_grid``),
walls as polylines in cells (``line_of_sight``, and ``objects_line_of_sight`` for the outlines
of pillars and the like), doors (``portals``, each a segment ``bounds``, ``closed`` or not),
``lights`` and the whole map image in base64 (``image``). ``read_uvtt`` turns one into an
``ImportedMap``: an ``Encounter`` on a square board of the map's size, its walls and doors as
edges between cells (``rules.terrain``), its image as a ``rules.backdrop.Backdrop`` aligned so
the map's own grid lies on the board's; the image's bytes, for the page to keep; and notes on
what the import changed or left out.

**Coordinates.** A point's ``x`` and ``y`` count cells from the top-left of the map maker's
whole canvas; ``map_origin`` is where the exported picture's top-left corner lies in those
units (not zero when the export was cropped), so a point lies ``point - map_origin`` cells
from the picture's corner. The board's corner is the canvas grid line at or before the origin
(``floor``), so the canvas's grid lines are the board's and a cropped picture lies a fraction
of a cell in (docs/rules.md, "Universal VTT import", cites the importers this follows).

**Walls on edges.** Flankwise walls stand on the edges between cells. Each end of a segment
moves to the nearest grid point, and the segment becomes the connected staircase of unit
edges between those points that stays nearest the straight line: a wall along a grid line
stays on it, and a diagonal or curved cave wall becomes steps. The steps of one polyline join
end to end, and a walker cannot step diagonally past a point where a wall ends or bends
(``rules.movement``), so nothing crosses the staircase where nothing crossed the wall.
Doors are converted the same way and replace the walls on their edges.

Untrusted input: every count and size is checked before the work it causes, and whatever is
wrong raises ``UvttError``, whose message a player reads as it is.
"""

import base64
import binascii
import hashlib
import math
import re
from dataclasses import dataclass

from rules.backdrop import Backdrop, BackdropError, check_image_size, clean_file_name, image_size, image_type
from rules.encounter import Encounter
from rules.errors import RulesError
from rules.grid import Square, SquareGrid
from rules.link import MAX_FILE, MAX_IMAGE_TEXT, MAX_SIDE, LinkError, loads_shallow
from rules.terrain import Terrain

MAX_SEGMENTS = 20_000
"""The most wall and door segments a map may have, counted before any is converted."""

MAX_EDGES_WALKED = 400_000
"""The most cell edges the walls may run over in all, overlaps counted (five times every edge
of the largest board), summed before any staircase is laid."""

MAX_TEXT = MAX_FILE + MAX_IMAGE_TEXT
"""The most characters of a map file: the largest encounter file and the largest image."""

MAX_VALUES = 500_000
"""The most values (commas and brackets, counted before the text is parsed) a map file holds:
20,000 segments take about 120,000."""

MAX_DEPTH = 8
"""The deepest lists and objects nest in a map file: the format writes 5 (the file, the
portals, a portal, its bounds, a point), and 3 are spare."""

TOLERANCE = 0.5
"""How far, in cells, a point may lie outside the map before the file is refused."""

MAX_COORDINATE = 1_000_000
"""The largest number a map's coordinate or size may be (a map is at most 200 cells across)."""

PORTAL_KINDS = {True: "door", False: "door"}
"""The edge kind of a portal, by its ``closed`` flag: a door, closed either way. Map makers write
windows as portals with ``closed: false`` (FVTT-DD-Import and uvtt2fgu read them so), and a
window stands in the way; a portal marked open comes in closed, with a note, and one click
opens it."""

EXTENSIONS = {"image/png": "png", "image/jpeg": "jpg", "image/webp": "webp"}
"""The file extension of each kind of map image."""

SCALE_SLACK = 0.01
"""How far (a share) the image's size may differ from the map's cells times pixels per cell
and still be read as that scale."""


class UvttError(RulesError):
    """A map file the page cannot import: not Universal VTT, damaged, or beyond the limits."""


@dataclass(frozen=True)
class ImportedMap:
    """What ``read_uvtt`` makes of a map file: the ``encounter`` (a square board of the map's
    size with its walls and doors and its image aligned, no creatures), the ``image``'s bytes
    (``b""`` for a file without one: the encounter then has no backdrop) and ``notes``, the
    sentences the page shows besides success (what was left out or moved)."""

    encounter: Encounter
    image: bytes
    notes: tuple[str, ...]


def _plural(count: int, one: str, many: str) -> str:
    """``"1 light"`` or ``"3 lights"``, with thousands separated."""
    return f"{count:,} {one if count == 1 else many}"


def _is_number(value) -> bool:
    """Whether a parsed JSON value is a number within ``MAX_COORDINATE`` either way (``true``
    is not a number; ``loads_shallow`` has refused ``NaN`` and ``Infinity``)."""
    return type(value) in (int, float) and abs(value) <= MAX_COORDINATE


def _pair(value, what: str) -> tuple[float, float]:
    """The ``{"x": ..., "y": ...}`` object ``value`` as two floats, or ``UvttError`` naming
    ``what`` it is."""
    if not isinstance(value, dict) or not _is_number(value.get("x")) or not _is_number(value.get("y")):
        raise UvttError(f"{what} is not an {{x, y}} pair of numbers")
    return float(value["x"]), float(value["y"])


_ESCAPE = re.compile(r'\\[\\"]')
_STRING = re.compile(r'"[^"]*"?')
_CONSTANT = re.compile(r"-?\b(NaN|Infinity)\b")


def _unreadable(text: str, error: LinkError) -> str:
    """What is wrong with ``text`` that ``loads_shallow`` refused: nesting too deep, a number
    that is not one (``NaN``, ``Infinity``: looked for outside strings), or anything else that
    is not JSON."""
    if "levels deep" in str(error):
        return (f"This map file is damaged: its contents nest more than {MAX_DEPTH} levels deep, "
                "deeper than a Universal VTT map")
    found = _CONSTANT.search(_STRING.sub('""', _ESCAPE.sub("", text)))
    if found:
        return f"This map file has {found.group(0)} where a number should be: its numbers must be finite"
    return "This file is not a Universal VTT map: it is not JSON"


def _document(text) -> dict:
    """The parsed map file, its size, values and nesting checked before ``json`` reads it."""
    if not isinstance(text, str):
        raise UvttError("This file is not a Universal VTT map")
    if len(text) > MAX_TEXT:
        raise UvttError(f"This map file is too large to open (over {MAX_TEXT // 1024 // 1024} MB)")
    values = text.count(",") + text.count("[") + text.count("{")
    if values > MAX_VALUES:
        raise UvttError(
            f"This map file holds over {MAX_VALUES:,} values; Flankwise takes at most {MAX_SEGMENTS:,} wall segments"
        )
    try:
        document = loads_shallow(text, MAX_DEPTH, "map file")
    except LinkError as error:
        raise UvttError(_unreadable(text, error)) from None
    if not isinstance(document, dict):
        raise UvttError("This file is not a Universal VTT map: it is not a JSON object")
    return document


@dataclass(frozen=True)
class _Frame:
    """Where the map lies: ``left`` and ``top``, the canvas grid line the board's corner is on
    (whole cells); the map's own extent in canvas cells (``low`` and ``high`` corners); the
    board's ``width`` and ``height`` in cells; ``pixels`` per cell."""

    left: int
    top: int
    low: tuple[float, float]
    high: tuple[float, float]
    width: int
    height: int
    pixels: float

    def lattice(self, x: float, y: float) -> tuple[int, int]:
        """The board's grid point nearest the canvas point ``(x, y)`` (halves round up), kept on
        the board."""
        column = min(max(math.floor(x - self.left + 0.5), 0), self.width)
        row = min(max(math.floor(y - self.top + 0.5), 0), self.height)
        return column, row

    def check(self, x: float, y: float, what: str) -> None:
        """Refuse a point more than ``TOLERANCE`` cells off the map."""
        (x0, y0), (x1, y1) = self.low, self.high
        if not (x0 - TOLERANCE <= x <= x1 + TOLERANCE and y0 - TOLERANCE <= y <= y1 + TOLERANCE):
            raise UvttError(
                f"{what} has a point off the map (x {x:g}, y {y:g}): the map runs from x {x0:g} to {x1:g} "
                f"and y {y0:g} to {y1:g}"
            )


# A whole number of cells read from a float sum: a hair under a whole number is that number.
_HAIR = 1e-6


def _frame(document: dict) -> _Frame:
    """The board the map's ``resolution`` describes, each number checked."""
    resolution = document.get("resolution")
    if not isinstance(resolution, dict):
        raise UvttError(
            "This map file has no resolution (its size in cells and pixels per cell): "
            "it is not a Universal VTT map"
        )
    size = resolution.get("map_size")
    if not isinstance(size, dict) or not _is_number(size.get("x")) or not _is_number(size.get("y")):
        raise UvttError("The map's size (resolution.map_size) is not an {x, y} pair of numbers")
    across, down = float(size["x"]), float(size["y"])
    if across <= 0 or down <= 0:
        raise UvttError(f"The map's size (resolution.map_size) must be above 0 cells each way, not {across:g} by {down:g}")
    pixels = resolution.get("pixels_per_grid")
    if not _is_number(pixels) or not 1 <= pixels <= 10_000:
        shown = f"{pixels:g}" if _is_number(pixels) else repr(pixels)[:20]
        raise UvttError(
            f"The map's pixels per cell (resolution.pixels_per_grid) must be a number from 1 to 10,000, not {shown}"
        )
    origin = resolution.get("map_origin", {"x": 0, "y": 0})
    x, y = _pair(origin, "The map's origin (resolution.map_origin)")
    left, top = math.floor(x + _HAIR), math.floor(y + _HAIR)
    width = math.ceil(x + across - _HAIR) - left
    height = math.ceil(y + down - _HAIR) - top
    if width > MAX_SIDE or height > MAX_SIDE:
        raise UvttError(f"This map is {width} by {height} cells; a Flankwise board is at most {MAX_SIDE} by {MAX_SIDE}")
    return _Frame(left, top, (x, y), (x + across, y + down), max(width, 1), max(height, 1), float(pixels))


def _lines(document: dict, key: str, what: str) -> list:
    """The polylines under ``key`` (none if it is missing), each a list."""
    lines = document.get(key)
    if lines is None:
        return []
    if not isinstance(lines, list):
        raise UvttError(f"The map's {key} is not a list of lines")
    for number, line in enumerate(lines, 1):
        if not isinstance(line, list):
            raise UvttError(f"{what} {number} is not a list of points")
    return lines


def _portals(document: dict) -> list:
    """The portals (doors), each an object with two ``bounds``."""
    portals = document.get("portals")
    if portals is None:
        return []
    if not isinstance(portals, list):
        raise UvttError("The map's portals (its doors) are not a list")
    for number, portal in enumerate(portals, 1):
        if not isinstance(portal, dict):
            raise UvttError(f"Door {number} is not an object")
        bounds = portal.get("bounds")
        if not isinstance(bounds, list) or len(bounds) != 2:
            raise UvttError(f"Door {number} has no bounds (the two ends of the door)")
        if not isinstance(portal.get("closed", True), bool):
            raise UvttError(f"Door {number}'s closed flag is not true or false")
    return portals


def staircase(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int, bool]]:
    """The unit edges of the grid joining the grid points ``a`` and ``b``, end to end, that
    stay nearest the straight line between them: ``(x, y, True)`` for the edge from ``(x, y)``
    to ``(x + 1, y)``, ``(x, y, False)`` for the edge from ``(x, y)`` to ``(x, y + 1)``.

    Each step goes across or down (up), whichever leaves the next point nearer the line (a
    tie goes across); the walk starts from the lesser point, so a segment and its reverse give
    the same edges. ``|dx| + |dy|`` edges, a step each."""
    (x, y), (x1, y1) = min(a, b), max(a, b)
    dx, dy = x1 - x, y1 - y
    sign = 1 if dy >= 0 else -1
    # ``error`` is the cross product (point - start) x (end - start): 0 on the line, and the
    # same multiple of the point's distance from it at every step.
    edges, error = [], 0
    for _ in range(dx + abs(dy)):
        across, down = error + dy, error - sign * dx
        if x < x1 and (y == y1 or abs(across) <= abs(down)):
            edges.append((x, y, True))
            x, error = x + 1, across
        else:
            edges.append((x, min(y, y + sign), False))
            y, error = y + sign, down
    return edges


def _short_door(frame: _Frame, a: tuple[float, float], b: tuple[float, float]) -> tuple[int, int, bool] | None:
    """The one edge of a door shorter than a cell whose ends meet at one grid point: the edge
    along its longer axis holding its middle; ``None`` for a door with no length."""
    (xa, ya), (xb, yb) = a, b
    if (xa, ya) == (xb, yb):
        return None
    cx, cy = (xa + xb) / 2 - frame.left, (ya + yb) / 2 - frame.top
    if abs(xb - xa) >= abs(yb - ya):
        column = min(max(math.floor(cx), 0), frame.width - 1)
        return (column, min(max(math.floor(cy + 0.5), 0), frame.height), True)
    row = min(max(math.floor(cy), 0), frame.height - 1)
    return (min(max(math.floor(cx + 0.5), 0), frame.width), row, False)


def _length(a: tuple[int, int], b: tuple[int, int]) -> int:
    """How many unit edges the staircase between grid points ``a`` and ``b`` has."""
    return abs(b[0] - a[0]) + abs(b[1] - a[1])


def _cells_of(edge: tuple[int, int, bool], frame: _Frame) -> tuple[Square, Square] | None:
    """The two squares an edge stands between, or ``None`` for one on the board's border."""
    x, y, across = edge
    if across:
        return (Square(x, y - 1), Square(x, y)) if 0 < y < frame.height else None
    return (Square(x - 1, y), Square(x, y)) if 0 < x < frame.width else None


def _unusable(error: BackdropError) -> str:
    """The message for an image ``rules.backdrop`` refuses, as part of the map file: its first
    word in lower case unless it is an initialism ("SVG images cannot be maps here")."""
    message = str(error)
    if message[1:2].islower():
        message = message[:1].lower() + message[1:]
    return f"The image inside this map file cannot be used: {message}"


def _image(document: dict, frame: _Frame, name: str) -> tuple[Backdrop | None, bytes, list[str]]:
    """The map's image as a backdrop aligned to the board, its bytes, and notes on it."""
    text = document.get("image")
    if text is None or text == "":
        return None, b"", ["This map file has no image: its walls and doors are on the board."]
    if not isinstance(text, str):
        raise UvttError("The map's image is not base64 text")
    if text.startswith("data:") and "," in text[:100]:
        text = text.split(",", 1)[1]
    if len(text) > MAX_IMAGE_TEXT and len("".join(text.split())) > MAX_IMAGE_TEXT:
        raise UvttError("The map's image is over 40 MB; a map image may be at most 40 MB")
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        try:
            data = base64.b64decode("".join(text.split()), validate=True)
        except (binascii.Error, ValueError):
            raise UvttError("The map's image is damaged: it is not base64 text") from None
    try:
        check_image_size(len(data))
        kind = image_type(data[:16])
        width, height = image_size(data)
    except BackdropError as error:
        raise UvttError(_unusable(error)) from None
    (x0, y0), (x1, y1) = frame.low, frame.high
    across, down = x1 - x0, y1 - y0
    cell, notes = frame.pixels, []
    wanted = (across * cell, down * cell)
    if abs(width - wanted[0]) > max(1.0, SCALE_SLACK * width) or abs(height - wanted[1]) > max(1.0, SCALE_SLACK * height):
        scale_x, scale_y = width / across, height / down
        if abs(scale_x - scale_y) <= SCALE_SLACK * max(scale_x, scale_y):
            cell = scale_x
            notes.append(
                f"The map's image is {width} by {height} pixels, not the {wanted[0]:g} by {wanted[1]:g} its "
                f"{frame.pixels:g} pixels a cell make: it was laid at {cell:.4g} pixels a cell, to cover the map."
            )
        else:
            notes.append(
                f"The map's image is {width} by {height} pixels, but the map's {across:g} by {down:g} cells at "
                f"{frame.pixels:g} pixels a cell make {wanted[0]:g} by {wanted[1]:g}: the picture may not lie on its "
                "walls. Align it in the Map tab."
            )
    stem = clean_file_name(name)
    stem = stem.rpartition(".")[0] or stem
    try:
        backdrop = Backdrop(
            hashlib.sha256(data).hexdigest(), clean_file_name(f"{stem}.{EXTENSIONS[kind]}"), len(data),
            width, height, cell, round(x0 - frame.left, 3) + 0.0, round(y0 - frame.top, 3) + 0.0,
        )
    except BackdropError as error:
        raise UvttError(_unusable(error)) from None
    return backdrop, data, notes


def _runs(frame: _Frame, lines: list, what: str) -> list[list[tuple[int, int]]]:
    """Each polyline of ``lines`` as the grid points its points move to, every point checked
    to be an ``{x, y}`` pair on the map (``what`` names the line in a message: "Wall 3")."""
    runs = []
    for number, line in enumerate(lines, 1):
        points = []
        for index, point in enumerate(line, 1):
            x, y = _pair(point, f"{what} {number}'s point {index}")
            frame.check(x, y, f"{what} {number}")
            points.append(frame.lattice(x, y))
        runs.append(points)
    return runs


def _doors(frame: _Frame, portals: list) -> list[tuple]:
    """Each portal as ``(number, its two ends, their grid points, its edge kind)``."""
    doors = []
    for number, portal in enumerate(portals, 1):
        ends = [_pair(point, f"Door {number}'s end {index}") for index, point in enumerate(portal["bounds"], 1)]
        for x, y in ends:
            frame.check(x, y, f"Door {number}")
        doors.append((number, ends, [frame.lattice(x, y) for x, y in ends], PORTAL_KINDS[portal.get("closed", True)]))
    return doors


def _laid(frame: _Frame, runs: list, doors: list, notes: list) -> dict:
    """``{edge: kind}``: the staircases of the walls, then the doors over them (a closed door
    over an open one where two meet). A door left out is noted in ``notes``."""
    edges = {}
    for points in runs:
        for a, b in zip(points, points[1:]):
            edges.update(dict.fromkeys(staircase(a, b), "wall"))
    shut = set()
    for number, ends, (a, b), kind in doors:
        laid = staircase(a, b) if a != b else [_short_door(frame, *ends)]
        if laid == [None]:
            notes.append(f"Door {number} has no length: it was left out.")
            continue
        for edge in laid:
            if edge not in shut:
                edges[edge] = kind
            if kind == "door":
                shut.add(edge)
    return edges


def _notes(document: dict, runs: list, outlines: list, doors: list) -> list[str]:
    """What the import says besides success: lights left out, walls laid as steps, object
    outlines made walls or left out, doors marked open that come in closed."""
    notes = []
    lights = document.get("lights")
    if isinstance(lights, list) and lights:
        notes.append(f"{_plural(len(lights), 'light was', 'lights were')} left out: Flankwise does not draw light yet.")
    diagonal = sum(a[0] != b[0] and a[1] != b[1] for points in runs for a, b in zip(points, points[1:]))
    if diagonal:
        notes.append(
            f"{_plural(diagonal, 'wall segment cuts', 'wall segments cut')} across cells (diagonal or curved walls): "
            f"{'it stands' if diagonal == 1 else 'each stands'} on the steps of cell edges nearest it."
        )
    # An outline whose points all move to one grid point (a pillar smaller than a cell) lays
    # no edge.
    walled = sum(1 for points in outlines if len(set(points)) > 1)
    if walled:
        notes.append(f"{_plural(walled, 'object outline', 'object outlines')} (pillars, statues and the like) "
                     f"{'is a wall' if walled == 1 else 'are walls'} too.")
    small = sum(1 for points in outlines if len(set(points)) == 1)
    if small:
        notes.append(f"{_plural(small, 'object outline', 'object outlines')} smaller than a cell "
                     f"{'was' if small == 1 else 'were'} left out.")
    opened = sum(1 for portal in document.get("portals") or () if portal.get("closed", True) is False)
    if opened:
        notes.append(
            f"{_plural(opened, 'door or window', 'doors or windows')} marked open in the map file "
            f"({'it' if opened == 1 else 'they'} may be {'a window' if opened == 1 else 'windows'}) "
            f"{'is a closed door' if opened == 1 else 'are closed doors'} here: click one with Select to open it."
        )
    return notes


def read_uvtt(text: str, name: str) -> ImportedMap:
    """The ``ImportedMap`` of the Universal VTT file ``text`` called ``name`` (the file's name:
    the image is named after it, ``crypt.dd2vtt`` -> ``crypt.png``).

    Raises ``UvttError``, with a message for the player, for a file that is not one, is
    damaged, or is beyond the limits (``MAX_TEXT``, ``MAX_VALUES``, ``MAX_DEPTH``, ``MAX_SIDE``
    cells each way, ``MAX_SEGMENTS``, ``MAX_EDGES_WALKED``, a 40 MB image). Each count is
    checked before the work it causes.
    """
    document = _document(text)
    frame = _frame(document)
    walls = _lines(document, "line_of_sight", "Wall")
    objects = _lines(document, "objects_line_of_sight", "Object outline")
    portals = _portals(document)
    segments = sum(max(0, len(line) - 1) for line in walls + objects) + len(portals)
    if segments > MAX_SEGMENTS:
        raise UvttError(f"This map has {segments:,} wall segments; Flankwise takes at most {MAX_SEGMENTS:,}")
    backdrop, image, notes = _image(document, frame, name)
    runs = _runs(frame, walls, "Wall") + _runs(frame, objects, "Object outline")
    doors = _doors(frame, portals)
    walked = sum(_length(a, b) for points in runs for a, b in zip(points, points[1:]))
    walked += sum(_length(*lattice) for _, _, lattice, _ in doors)
    if walked > MAX_EDGES_WALKED:
        raise UvttError(f"This map's walls run over {walked:,} cell edges; Flankwise takes at most {MAX_EDGES_WALKED:,}")
    edges = _laid(frame, runs, doors, notes)
    triples = tuple((*cells, kind) for edge, kind in edges.items() if (cells := _cells_of(edge, frame)))
    encounter = Encounter(SquareGrid(frame.width, frame.height), terrain=Terrain((), triples), backdrop=backdrop)
    notes += _notes(document, runs, runs[len(walls):], doors)
    return ImportedMap(encounter, image, tuple(notes))
