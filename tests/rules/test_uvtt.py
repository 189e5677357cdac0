"""Universal VTT import (issue 17): ``rules.uvtt.read_uvtt`` turns a map maker's export
(``.dd2vtt``, ``.uvtt``, ``.df2vtt``) into an encounter: a square board of the map's size, its
walls and doors on the edges between cells, its image aligned under the grid.

Each map here is written by the test: a PNG drawn with zlib and struct, walls along grid lines
and across them, doors. The movement tests ask ``rules.movement`` itself whether a creature
gets past a converted wall, straight, diagonally, or through a door (docs/rules.md,
"Universal VTT import" and "Movement": no diagonal step passes a point where a wall ends or
bends, so a staircase of edges blocks as the wall it stands for).
"""

import base64
import hashlib
import json
import math
import struct
import time
import zlib

import pytest

import rules.uvtt as uvtt
from rules.backdrop import Backdrop
from rules.creature import Creature
from rules.encounter import Encounter
from rules.grid import Square, SquareGrid
from rules.link import encounter_code, parse_encounter_code
from rules.movement import Battlefield, FacingPolicy, Mode, check_route, plan_move, reachable
from rules.sizes import Size
from rules.terrain import Terrain, with_door_toggled
from rules.uvtt import MAX_SEGMENTS, ImportedMap, UvttError, read_uvtt, staircase

TURN = FacingPolicy.TURN


def png(width: int, height: int) -> bytes:
    """A whole, valid RGB PNG of ``width`` by ``height`` pixels: a light floor with a dark line
    every 10 pixels, as a map's grid would be drawn."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    def row(y: int) -> bytes:
        return b"\x00" + b"".join(b"\x20\x20\x20" if x % 10 == 0 or y % 10 == 0 else b"\xd0\xc8\xb0" for x in range(width))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"".join(row(y) for y in range(height)))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def point(x, y) -> dict:
    return {"x": x, "y": y}


def line(*points) -> list:
    """A polyline of ``(x, y)`` points, as the format writes it."""
    return [point(x, y) for x, y in points]


def portal(a, b, closed=True, freestanding=False) -> dict:
    """A door from ``a`` to ``b`` as Dungeondraft writes one."""
    (xa, ya), (xb, yb) = a, b
    return {
        "position": point((xa + xb) / 2, (ya + yb) / 2),
        "bounds": line(a, b),
        "rotation": math.atan2(yb - ya, xb - xa),
        "closed": closed,
        "freestanding": freestanding,
    }


def document(size=(8, 6), origin=(0, 0), pixels=10, walls=(), objects=(), portals=(), lights=(), image=...) -> dict:
    """A Universal VTT document: a map of ``size`` cells at ``pixels`` a cell whose picture's
    corner is at ``origin``, with an image of exactly that size unless one is given."""
    if image is ...:
        image = png(round(size[0] * pixels), round(size[1] * pixels))
    found = {
        "format": 0.3,
        "resolution": {"map_origin": point(*origin), "map_size": point(*size), "pixels_per_grid": pixels},
        "line_of_sight": [line(*each) for each in walls],
        "objects_line_of_sight": [line(*each) for each in objects],
        "portals": list(portals),
        "environment": {"baked_lighting": True, "ambient_light": "ffffffff"},
        "lights": list(lights),
    }
    if image is not None:
        found["image"] = base64.b64encode(image).decode("ascii")
    return found


def read(name="crypt.dd2vtt", **parts) -> ImportedMap:
    """The import of the document ``parts`` describe."""
    return read_uvtt(json.dumps(document(**parts)), name)


def edges_of(encounter: Encounter) -> dict:
    """``{(a, b): kind}`` of the encounter's walls and doors, as coordinate pairs."""
    return {(a.coords, b.coords): kind for a, b, kind in encounter.terrain.edges}


def cell_edge(a, b) -> tuple:
    """The wall key between squares ``a`` and ``b`` (coordinate pairs), in the terrain's order."""
    return (a, b) if a < b else (b, a)


def regions(encounter: Encounter) -> dict:
    """Each cell's region: the cells reached from it by straight steps across no wall or closed
    door, numbered. What a staircase must hold: no diagonal step may join two regions."""
    grid, blocked = encounter.grid, {
        cell_edge(a.coords, b.coords) for a, b, kind in encounter.terrain.edges if kind in ("wall", "door")
    }
    found = {}
    for start in ((x, y) for y in range(grid.height) for x in range(grid.width)):
        if start in found:
            continue
        number, todo = len(set(found.values())), [start]
        found[start] = number
        while todo:
            x, y = todo.pop()
            for other in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                inside = 0 <= other[0] < grid.width and 0 <= other[1] < grid.height
                if inside and other not in found and cell_edge((x, y), other) not in blocked:
                    found[other] = number
                    todo.append(other)
    return found


def runner(cell) -> Creature:
    """A fast Medium creature: running, it crosses any board here many times over."""
    return Creature("Runner", Size.MEDIUM, Square(*cell), facing=0, speed=120)


def reached(encounter: Encounter, cell) -> set:
    """The cells a runner starting on ``cell`` can reach."""
    return set(reachable(runner(cell), Battlefield(encounter.grid, encounter.terrain), Mode.RUN, TURN).costs)


# Walls on edges.


def test_a_wall_along_a_grid_line_becomes_the_edges_it_runs_on():
    """A polyline along grid lines stands on exactly those edges: here an L from (1, 1) across
    to (5, 1) and down to (5, 4)."""
    found = read(walls=[[(1, 1), (5, 1), (5, 4)]]).encounter
    expected = {cell_edge((x, 0), (x, 1)): "wall" for x in range(1, 5)}
    expected |= {cell_edge((4, y), (5, y)): "wall" for y in range(1, 4)}
    assert edges_of(found) == expected


def test_a_point_moves_to_the_nearest_grid_point():
    """A wall drawn a little off the grid lines (2.3, 0.9 to 5.8, 1.2) lands on the nearest:
    from (2, 1) to (6, 1)."""
    found = read(walls=[[(2.3, 0.9), (5.8, 1.2)]]).encounter
    assert edges_of(found) == {cell_edge((x, 0), (x, 1)): "wall" for x in range(2, 6)}


def test_a_diagonal_wall_becomes_a_connected_staircase_of_edges():
    """A wall from (1, 1) to (7, 4) becomes 6 edges across and 3 down, joined end to end, each
    corner within half a diagonal of the wall's line."""
    steps = staircase((1, 1), (7, 4))
    assert len(steps) == 9
    assert sum(across for _, _, across in steps) == 6
    ends = [((x, y), (x + 1, y) if across else (x, y + 1)) for x, y, across in steps]
    assert ends[0][0] == (1, 1) and ends[-1][1] == (7, 4)
    assert all(one[1] == two[0] for one, two in zip(ends, ends[1:])), "joined end to end"
    for (x, y), _ in ends:
        assert abs((x - 1) * 3 - (y - 1) * 6) / math.hypot(6, 3) <= math.sqrt(2) / 2


@pytest.mark.parametrize("a, b", [((0, 0), (5, 3)), ((2, 7), (9, 1)), ((4, 4), (4, 9)), ((3, 2), (11, 2)),
                                  ((0, 6), (6, 0)), ((1, 1), (2, 9)), ((5, 5), (5, 5))])
def test_a_staircase_is_as_long_as_its_steps_and_the_same_both_ways(a, b):
    """|dx| + |dy| edges, the same edges from either end, and every corner within half a
    diagonal of the straight line (the nearest a path of cell edges can keep)."""
    steps = staircase(a, b)
    assert len(steps) == abs(b[0] - a[0]) + abs(b[1] - a[1])
    assert steps == staircase(b, a)
    length = math.dist(a, b)
    for x, y, _ in steps:
        if length:
            offset = abs((x - a[0]) * (b[1] - a[1]) - (y - a[1]) * (b[0] - a[0])) / length
            assert offset <= math.sqrt(2) / 2 + 1e-9


def test_the_diagonal_wall_of_the_issue_stands_on_the_nearest_edges():
    """The issue's map: a wall straight down column line 4 from the top to (4, 3), then
    diagonally to (8, 6) at the bottom right corner: the straight part on its edges, the
    diagonal as steps, together cutting the board in two."""
    found = read(walls=[[(4, 0), (4, 3), (8, 6)]]).encounter
    edges = edges_of(found)
    assert {cell_edge((3, y), (4, y)) for y in range(3)} <= set(edges)
    assert len(edges) == 3 + 4 + 3 - 1, "the last step lies on the board's border"
    assert len(set(regions(found).values())) == 2


# Movement across converted walls.


def test_no_creature_crosses_a_converted_straight_wall():
    """A wall across the whole board along column line 3: nothing on the far side is reachable,
    and a straight step across it is refused naming the wall."""
    found = read(walls=[[(3, 0), (3, 6)]]).encounter
    assert all(x < 3 for x, _ in reached(found, (1, 2)))
    battlefield = Battlefield(found.grid, found.terrain)
    answer = check_route(runner((2, 2)), [Square(3, 2)], battlefield, Mode.MOVE, TURN)
    assert not answer.legal and answer.reason.startswith("Blocked: the wall between (2, 2) and (3, 2)")
    assert not check_route(runner((2, 2)), [Square(3, 3)], battlefield, Mode.MOVE, TURN).legal


@pytest.mark.parametrize("wall", [[(0, 0), (8, 6)], [(0, 6), (8, 0)], [(0, 1.3), (3.4, 5.2), (8, 2.6)],
                                  [(2.2, 0), (2.9, 2.4), (5.5, 3.1), (6.2, 6)]])
def test_no_creature_crosses_a_converted_diagonal_wall(wall):
    """A diagonal or bent wall from one side of the board to another parts it: a runner reaches
    only cells of its own region (the cells joined by straight steps across no edge), from
    either side."""
    found = read(walls=[wall]).encounter
    parts = regions(found)
    assert len(set(parts.values())) >= 2
    for start in ((0, 5), (7, 0), (0, 0), (7, 5)):
        assert {parts[cell] for cell in reached(found, start)} == {parts[start]}


@pytest.mark.parametrize("wall", [[(0, 0), (8, 6)], [(0, 6), (8, 0)], [(1, 0), (3, 6)], [(0, 4.6), (8, 1.2)]])
def test_no_diagonal_step_slips_through_a_corner_of_the_staircase(wall):
    """At every grid point of the staircase, each diagonal step between two cells on opposite
    sides is refused: "you cannot cut the corner" of the wall (seed 002, "Measuring Distance")."""
    found = read(walls=[wall]).encounter
    parts = regions(found)
    battlefield = Battlefield(found.grid, found.terrain)
    corners = {(x, y) for (a, b) in edges_of(found) for x, y in _edge_points(a, b)}
    tried = 0
    for px, py in corners:
        for (ax, ay), (bx, by) in (((px - 1, py - 1), (px, py)), ((px, py - 1), (px - 1, py))):
            if not all(0 <= x < 8 and 0 <= y < 6 for x, y in ((ax, ay), (bx, by))):
                continue
            if parts[(ax, ay)] != parts[(bx, by)]:
                tried += 1
                answer = check_route(runner((ax, ay)), [Square(bx, by)], battlefield, Mode.MOVE, TURN)
                assert not answer.legal, f"a diagonal step from {(ax, ay)} to {(bx, by)}"
                assert "cut the corner" in answer.reason or answer.reason.startswith("Blocked")
    assert tried > 0


@pytest.mark.parametrize("size", [Size.LARGE, Size.HUGE])
def test_no_big_creature_crosses_a_converted_diagonal_wall(size):
    """A Large or Huge creature's whole space stays on its side of a bent cave wall: every cell
    of every space it can reach lies in its starting region (no wall runs through a space)."""
    found = read(size=(16, 12), walls=[[(2.2, 0), (5.9, 4.8), (11, 6.2), (12.4, 12)]]).encounter
    parts = regions(found)
    side = 2 if size == Size.LARGE else 3
    for start in ((0, 8), (12, 0)):
        creature = Creature("Ogre", size, Square(*start), facing=0, speed=120)
        found_places = reachable(creature, Battlefield(found.grid, found.terrain), Mode.RUN, TURN).costs
        assert len(found_places) > 10
        spaces = {parts[(x + i, y + j)] for x, y in found_places for i in range(side) for j in range(side)}
        assert spaces == {parts[start]}


def _edge_points(a, b) -> tuple:
    """The two grid points at the ends of the edge between squares ``a`` and ``b``."""
    (xa, ya), (xb, yb) = a, b
    if xa != xb:
        x = max(xa, xb)
        return ((x, ya), (x, ya + 1))
    y = max(ya, yb)
    return ((xa, y), (xa + 1, y))


# Doors.


def test_a_closed_door_blocks_until_opened():
    """The issue's check: a wall across the board with a closed door in it (Dungeondraft splits
    the wall at the door) keeps a runner on its side; opened with ``with_door_toggled``, the
    door lets it through at open ground's cost."""
    found = read(walls=[[(3, 0), (3, 2)], [(3, 3), (3, 6)]], portals=[portal((3, 2), (3, 3))]).encounter
    assert edges_of(found)[cell_edge((2, 2), (3, 2))] == "door"
    assert all(x < 3 for x, _ in reached(found, (1, 2)))
    battlefield = Battlefield(found.grid, found.terrain)
    refused = check_route(runner((2, 2)), [Square(3, 2)], battlefield, Mode.MOVE, TURN)
    assert not refused.legal and refused.reason.startswith("Blocked: the door between (2, 2) and (3, 2)")
    opened = with_door_toggled(found.terrain, Square(2, 2), Square(3, 2))
    through = plan_move(runner((1, 2)), Square(5, 2), Battlefield(found.grid, opened), Mode.MOVE, TURN)
    assert through.legal and [step.cost for step in through.path.steps] == [1, 1, 1, 1]


def test_a_door_over_a_wall_replaces_the_wall_on_its_edges():
    """A door drawn over an unbroken wall stands in its place: the door's edge holds the door,
    the rest stays wall."""
    found = read(walls=[[(3, 0), (3, 6)]], portals=[portal((3, 2), (3, 4))]).encounter
    edges = edges_of(found)
    assert [edges[cell_edge((2, y), (3, y))] for y in range(6)] == ["wall", "wall", "door", "door", "wall", "wall"]


def test_a_door_open_in_the_file_comes_in_closed_with_a_note():
    """``closed: false`` is how map makers write windows (FVTT-DD-Import, uvtt2fgu): it comes in
    as a closed door, so nothing walks through a window, and the note says one click opens it."""
    imported = read(walls=[[(3, 0), (3, 2)], [(3, 3), (3, 6)]], portals=[portal((3, 2), (3, 3), closed=False)])
    assert edges_of(imported.encounter)[cell_edge((2, 2), (3, 2))] == "door"
    assert ("1 door or window marked open in the map file (it may be a window) is a closed door here: "
            "click one with Select to open it.") in imported.notes
    assert reached(imported.encounter, (1, 2)) <= {(x, y) for x in range(3) for y in range(6)}


def test_a_door_shorter_than_a_cell_around_a_grid_point_takes_one_edge():
    """Dungeondraft centres a door on a grid point (from y 8.62 to 9.38 here): both ends round
    to that point, and the door takes the one edge holding its middle (a middle on the point
    takes the edge after it), replacing the wall there."""
    found = read(size=(10, 12), walls=[[(7, 2), (7, 8.619)], [(7, 9.381), (7, 12)]],
                 portals=[portal((7, 8.619141), (7, 9.380859))]).encounter
    edges = edges_of(found)
    assert edges[cell_edge((6, 9), (7, 9))] == "door"
    assert edges[cell_edge((6, 8), (7, 8))] == "wall"
    assert sum(kind == "door" for kind in edges.values()) == 1


def test_a_freestanding_door_and_a_diagonal_door_are_doors_on_their_edges():
    """A freestanding portal is converted as any other; a diagonal door becomes a staircase of
    door edges, each opened on its own."""
    found = read(portals=[portal((1, 1), (3, 1), freestanding=True), portal((4, 1), (6, 3))]).encounter
    edges = edges_of(found)
    assert edges[cell_edge((1, 0), (1, 1))] == edges[cell_edge((2, 0), (2, 1))] == "door"
    assert sum(kind == "door" for kind in edges.values()) == 2 + 4


def test_a_door_of_no_length_is_left_out_with_a_note():
    imported = read(portals=[portal((2, 2), (2, 2))])
    assert edges_of(imported.encounter) == {}
    assert "Door 1 has no length: it was left out." in imported.notes


# The board and the image.


def test_the_board_is_the_maps_size_and_the_image_lies_on_its_grid():
    """An 8 by 6 map at 10 pixels a cell: an 8 by 6 board of squares, no creatures, the image
    80 by 60 pixels at 10 pixels a cell with its corner on the board's, named after the file,
    its hash the SHA-256 of the image's bytes."""
    image = png(80, 60)
    imported = read(image=image)
    assert imported.image == image
    assert imported.encounter.grid == SquareGrid(8, 6)
    assert imported.encounter.creatures == ()
    assert imported.encounter.backdrop == Backdrop(hashlib.sha256(image).hexdigest(), "crypt.png", len(image), 80, 60, 10.0, 0.0, 0.0)
    assert imported.encounter.backdrop.placed() == (0.0, 0.0, 8.0, 6.0)


@pytest.mark.parametrize("name, image, expected", [
    ("crypt.dd2vtt", png(80, 60), "crypt.png"),
    ("C:\\maps\\Old Crypt.uvtt", png(80, 60), "Old Crypt.png"),
    ("cave.df2vtt", b"\xff\xd8" + b"\xff\xc0\x00\x11\x08\x00\x3c\x00\x50\x03" + bytes(10), "cave.jpg"),
    ("tower", b"RIFF\x1e\x00\x00\x00WEBPVP8X" + bytes(8) + b"\x4f\x00\x00\x3b\x00\x00", "tower.webp"),
])
def test_the_image_is_named_after_the_file_with_its_own_kind(name, image, expected):
    imported = read(name=name, image=image)
    assert imported.encounter.backdrop.name == expected
    assert (imported.encounter.backdrop.width, imported.encounter.backdrop.height) == (80, 60)


def test_a_cropped_map_is_read_from_its_origin():
    """A map cropped at (2, 1) of its canvas (as Dungeondraft writes one, with the walls in the
    canvas's units): points lie ``point - map_origin`` from the picture's corner, which is the
    board's."""
    found = read(origin=(2, 1), walls=[[(3, 2), (10, 2)]], portals=[portal((7, 4.5), (7, 5.5))]).encounter
    expected = {cell_edge((x, 0), (x, 1)): "wall" for x in range(1, 8)} | {cell_edge((4, 4), (5, 4)): "door"}
    assert edges_of(found) == expected
    assert (found.backdrop.x, found.backdrop.y) == (0.0, 0.0)


def test_a_map_cropped_off_its_grid_lays_its_picture_a_fraction_in():
    """Cropped at (2.5, 1.25): the board's corner is the canvas grid point (2, 1), so the
    canvas's grid lines stay the board's and the picture's corner lies at (0.5, 0.25); the board
    takes every cell the picture touches, 9 by 7 for a picture 8 by 6 cells."""
    found = read(origin=(2.5, 1.25), walls=[[(4, 2), (4, 5)]]).encounter
    assert found.grid == SquareGrid(9, 7)
    assert (found.backdrop.x, found.backdrop.y) == (0.5, 0.25)
    assert set(edges_of(found)) == {cell_edge((1, y), (2, y)) for y in (1, 2, 3)}


def test_edges_on_the_border_are_dropped_and_points_just_off_the_map_are_kept():
    """A wall round the whole map stands on the board's border, which nothing crosses anyway:
    it lays no edge. A point up to half a cell off the map moves onto the border."""
    imported = read(walls=[[(0, 0), (8, 0), (8, 6), (0, 6), (0, 0)], [(-0.4, 3), (8.4, 3)]])
    assert edges_of(imported.encounter) == {cell_edge((x, 2), (x, 3)): "wall" for x in range(8)}


def test_a_point_far_off_the_map_is_refused_naming_the_wall():
    with pytest.raises(UvttError, match=r"^Wall 2 has a point off the map \(x 140, y 3\): the map runs from x 0 to 8 "
                                        r"and y 0 to 6$"):
        read(walls=[[(1, 1), (2, 1)], [(1, 3), (140, 3)]])
    with pytest.raises(UvttError, match=r"^Door 1 has a point off the map \(x 3, y -1\)"):
        read(portals=[portal((3, -1), (3, 1))])


def test_a_map_with_no_image_keeps_its_walls_and_says_so():
    imported = read(image=None, walls=[[(3, 0), (3, 6)]])
    assert imported.image == b"" and imported.encounter.backdrop is None
    assert len(edges_of(imported.encounter)) == 6
    assert imported.notes == ("This map file has no image: its walls and doors are on the board.",)


def test_an_image_at_another_scale_than_the_grid_says_is_laid_over_the_map():
    """A picture half the size its grid says (exported, then shrunk) is laid at the scale that
    covers the map, and the note says so; one of another shape keeps the grid's scale and the
    note asks for alignment."""
    shrunk = read(pixels=20, image=png(80, 60))
    assert shrunk.encounter.backdrop.cell == 10.0
    assert shrunk.notes[0].startswith("The map's image is 80 by 60 pixels, not the 160 by 120 its 20 pixels a cell")
    odd = read(image=png(80, 80))
    assert odd.encounter.backdrop.cell == 10.0
    assert odd.notes[0].endswith("the picture may not lie on its walls. Align it in the Map tab.")


def test_base64_with_line_breaks_or_as_a_data_url_is_read():
    image = png(80, 60)
    text = base64.b64encode(image).decode("ascii")
    for written in ("\n".join(text[i:i + 76] for i in range(0, len(text), 76)), "data:image/png;base64," + text):
        parts = document(image=None)
        parts["image"] = written
        assert read_uvtt(json.dumps(parts), "crypt.dd2vtt").image == image


# Notes.


def test_lights_are_left_out_with_a_note():
    light = {"position": point(2, 2), "range": 4, "intensity": 1, "color": "ffeccd8b", "shadows": True}
    assert read(lights=[light] * 3).notes == ("3 lights were left out: Flankwise does not draw light yet.",)
    assert read(lights=[light]).notes == ("1 light was left out: Flankwise does not draw light yet.",)
    assert read().notes == ()


def test_the_note_counts_the_wall_segments_laid_as_steps():
    imported = read(walls=[[(0, 0), (2, 2), (2, 5), (5, 6)], [(6, 0), (6, 6)]])
    assert imported.notes == (
        "2 wall segments cut across cells (diagonal or curved walls): each stands on the steps of cell edges "
        "nearest it.",
    )


def test_object_outlines_are_walls_and_those_smaller_than_a_cell_are_left_out():
    """A pillar a cell wide is walled round; one smaller than a cell rounds to a point."""
    pillar = [(2.5, 2.5), (3.5, 2.5), (3.5, 3.5), (2.5, 3.5), (2.5, 2.5)]
    small = [(5.6, 2.6), (6.4, 2.6), (6.4, 3.4), (5.6, 2.6)]
    imported = read(objects=[pillar, small])
    assert set(edges_of(imported.encounter)) == {
        cell_edge((3, 2), (3, 3)), cell_edge((3, 3), (4, 3)), cell_edge((3, 3), (3, 4)), cell_edge((2, 3), (3, 3)),
    }
    assert imported.notes == (
        "1 object outline (pillars, statues and the like) is a wall too.",
        "1 object outline smaller than a cell was left out.",
    )


# The encounter travels.


def test_an_imported_map_survives_a_link():
    """The encounter, walls, doors and image named by its hash, comes back from its code equal."""
    found = read(walls=[[(4, 0), (4, 3), (8, 6)], [(0, 2), (3, 2)]], portals=[portal((4, 1), (4, 2))]).encounter
    assert parse_encounter_code(encounter_code(found)) == found


# Malformed files.


def changed(change) -> str:
    """The text of the test map changed by ``change`` (a function of the document)."""
    parts = document(walls=[[(3, 0), (3, 6)]], portals=[portal((3, 2), (3, 3))])
    change(parts)
    return json.dumps(parts)


def _set(path, value):
    def change(parts):
        *keys, last = path
        target = parts
        for key in keys:
            target = target[key]
        target[last] = value

    return change


@pytest.mark.parametrize(
    "text, message",
    [
        ("this is not json", r"^This file is not a Universal VTT map: it is not JSON$"),
        ('{"resolution": {"map_size": {"x": 8, "y": 6}, "pixels_per_grid": 10', r"not JSON"),
        ("[1, 2, 3]", r"^This file is not a Universal VTT map: it is not a JSON object$"),
        ('{"format": 0.3}', r"^This map file has no resolution \(its size in cells and pixels per cell\)"),
        ("[" * 40 + "]" * 40, r"^This map file is damaged: its contents nest more than 8 levels deep"),
        (changed(_set(("resolution", "map_size", "x"), float("nan"))), r"^This map file has NaN where a number should be"),
        (changed(_set(("resolution", "map_size", "y"), -6)), r"^The map's size \(resolution.map_size\) must be above 0 "
                                                               r"cells each way, not 8 by -6$"),
        (changed(_set(("resolution", "map_size"), [8, 6])), r"^The map's size \(resolution.map_size\) is not an"),
        (changed(_set(("resolution", "pixels_per_grid"), 0)), r"^The map's pixels per cell \(resolution.pixels_per_grid\) "
                                                               r"must be a number from 1 to 10,000, not 0$"),
        (changed(_set(("resolution", "pixels_per_grid"), "256")), r"not '256'$"),
        (changed(_set(("resolution", "map_origin"), {"x": 1})), r"^The map's origin \(resolution.map_origin\) is not"),
        (changed(_set(("resolution", "map_size"), {"x": 250, "y": 180})), r"^This map is 250 by 180 cells; a Flankwise "
                                                                         r"board is at most 200 by 200$"),
        (changed(_set(("line_of_sight",), {"walls": 1})), r"^The map's line_of_sight is not a list of lines$"),
        (changed(_set(("line_of_sight", 0), "wall")), r"^Wall 1 is not a list of points$"),
        (changed(_set(("line_of_sight", 0, 1), [3, 6])), r"^Wall 1's point 2 is not an \{x, y\} pair of numbers$"),
        (changed(_set(("line_of_sight", 0, 1, "x"), True)), r"^Wall 1's point 2 is not an"),
        (changed(_set(("line_of_sight", 0, 1, "x"), 10 ** 30)), r"^Wall 1's point 2 is not an"),
        (changed(_set(("objects_line_of_sight",), [[point(1, 1), "x"]])), r"^Object outline 1's point 2 is not"),
        (changed(_set(("portals",), {})), r"^The map's portals \(its doors\) are not a list$"),
        (changed(_set(("portals", 0, "bounds"), [point(3, 2)])), r"^Door 1 has no bounds \(the two ends of the door\)$"),
        (changed(_set(("portals", 0, "closed"), "yes")), r"^Door 1's closed flag is not true or false$"),
        (changed(_set(("image",), "not base64!")), r"^The map's image is damaged: it is not base64 text$"),
        (changed(_set(("image",), 12)), r"^The map's image is not base64 text$"),
        (changed(_set(("image",), base64.b64encode(b"GIF89a" + bytes(30)).decode())),
         r"^The image inside this map file cannot be used: GIF images cannot be maps here"),
        (changed(_set(("image",), base64.b64encode(b"<svg onload='alert(1)'/>").decode())),
         r"^The image inside this map file cannot be used: SVG images cannot be maps here: an SVG can carry script"),
        (changed(_set(("image",), base64.b64encode(b"hello").decode())),
         r"^The image inside this map file cannot be used: this file is not a PNG, JPEG or WebP image$"),
        (changed(_set(("image",), base64.b64encode(png(8, 6)[:20]).decode())),
         r"^The image inside this map file cannot be used: this PNG image is damaged: its size cannot be read$"),
        (changed(_set(("image",), base64.b64encode(png(8, 6)[:16] + struct.pack(">II", 200_000, 5)).decode())),
         r"^The image inside this map file cannot be used: the map image's width must be a whole number from 1"),
    ],
)
def test_a_malformed_file_is_refused_naming_what_is_wrong(text, message):
    with pytest.raises(UvttError, match=message):
        read_uvtt(text, "crypt.dd2vtt")


def test_a_map_of_100000_wall_segments_is_refused_before_the_work(monkeypatch):
    """The count comes before any point is read or any staircase laid: 100 cave walls of
    1,001 points each."""
    walls = [[point(1 + (index % 2), 1) for index in range(1001)] for _ in range(100)]
    parts = document(image=None)
    parts["line_of_sight"] = walls
    monkeypatch.setattr(uvtt, "staircase", lambda *_: pytest.fail("a staircase was laid"))
    monkeypatch.setattr(uvtt._Frame, "lattice", lambda *_: pytest.fail("a point was read"))
    with pytest.raises(UvttError, match=r"^This map has 100,000 wall segments; Flankwise takes at most 20,000$"):
        read_uvtt(json.dumps(parts), "crypt.dd2vtt")


def test_walls_that_run_too_far_in_all_are_refused_before_the_work(monkeypatch):
    """20,000 segments each across the whole board would walk 8 million edges: refused by their
    summed length before a staircase is laid."""
    parts = document(size=(200, 200), image=None)
    parts["line_of_sight"] = [[point(0, 0), point(200, 200)]] * MAX_SEGMENTS
    monkeypatch.setattr(uvtt, "staircase", lambda *_: pytest.fail("a staircase was laid"))
    with pytest.raises(UvttError, match=r"^This map's walls run over 8,000,000 cell edges; Flankwise takes at most 400,000$"):
        read_uvtt(json.dumps(parts), "crypt.dd2vtt")


def test_text_too_large_or_of_too_many_values_is_refused_unread(monkeypatch):
    monkeypatch.setattr(uvtt, "loads_shallow", lambda *_: pytest.fail("the text was parsed"))
    with pytest.raises(UvttError, match=r"^This map file is too large to open \(over 89 MB\)$"):
        read_uvtt(" " * (uvtt.MAX_TEXT + 1), "crypt.dd2vtt")
    with pytest.raises(UvttError, match=r"^This map file holds over 500,000 values; Flankwise takes at most 20,000"):
        read_uvtt("[" + "0," * 500_000 + "0]", "crypt.dd2vtt")
    with pytest.raises(UvttError, match=r"^This file is not a Universal VTT map$"):
        read_uvtt(b"{}", "crypt.dd2vtt")


def test_an_image_over_40_mb_is_refused():
    """By the length of its text before it is decoded, or (a byte or two over, which base64
    writes as long as 40 MB) by its size once decoded."""
    parts = document(image=None)
    image = png(8, 6)
    parts["image"] = base64.b64encode(image + bytes(40 * 1024 * 1024)).decode("ascii")
    with pytest.raises(UvttError, match=r"^The map's image is over 40 MB; a map image may be at most 40 MB$"):
        read_uvtt(json.dumps(parts), "crypt.dd2vtt")
    parts["image"] = base64.b64encode(image + bytes(40 * 1024 * 1024 + 1 - len(image))).decode("ascii")
    with pytest.raises(UvttError, match=r"^The image inside this map file cannot be used: this image is 40 MB; a map image may be "
                                        r"at most 40 MB$"):
        read_uvtt(json.dumps(parts), "crypt.dd2vtt")


# Work in proportion to the input.


def test_the_work_is_a_step_per_edge_walked(monkeypatch):
    """Each segment lays a staircase of |dx| + |dy| edges and nothing is done per pair of
    segments: the steps taken are the edges the walls run over, and 8 times the walls take
    about 8 times as long (well under the 64 times a quadratic import would)."""
    steps = []

    def counted(a, b):
        found = staircase(a, b)
        steps.append(len(found))
        return found

    def walls(count):
        return [[(x % 190, (x * 7) % 190), ((x * 3) % 190, (x * 11) % 190 + 5)] for x in range(count)]

    monkeypatch.setattr(uvtt, "staircase", counted)
    read(size=(200, 200), image=None, walls=walls(500))
    expected = sum(abs(round(b[0]) - round(a[0])) + abs(round(b[1]) - round(a[1])) for a, b in walls(500))
    assert sum(steps) == expected

    def timed(count):
        text = json.dumps(document(size=(200, 200), image=None, walls=walls(count)))
        best = math.inf
        for _ in range(3):
            start = time.perf_counter()
            read_uvtt(text, "cave.dd2vtt")
            best = min(best, time.perf_counter() - start)
        return best

    small, large = timed(250), timed(2000)
    assert large < 24 * small
