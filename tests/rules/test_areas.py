"""Spell areas and the ruler (issue 18): bursts, cones and lines on squares and hexes, the
corners a facing caster casts from, and distances read as the rules count them.

The golden cells are the drawings in the tests' docstrings, read back by ``drawn``: ``#`` a
cell in the area, ``.`` a cell outside it, and one anchor the cells are counted from. On
squares the anchor ``o`` (``O`` when it is in the area) is the square whose north-west corner
is the point of origin, so the point lies at the top left corner of that letter; a row of
squares is a line of the drawing, one square every two characters. On hexes the drawing is of
pointy-topped hexes, each row half a hex east of the one above it; the anchor ``C`` is the
caster's hex (``O`` a burst's hex of origin, in the burst). The count written beside each
drawing is checked too, so a drawing and its count must agree.

Rules: SRD 3.5, "Aiming a Spell: Area" (the issue quotes it), seed 002 "Measuring Distance",
seed 000 "UA Combat Facing: Spellcasting"; the readings are in docs/rules.md, "Spell areas and
the ruler".
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.areas import (
    COMMON_SIZES,
    AreaError,
    Measurement,
    Template,
    area_ruling,
    area_starts,
    burst,
    cone,
    distance_between,
    line,
    measure,
)
from rules.creature import Creature
from rules.errors import RulesError
from rules.grid import Hex, HexGrid, Square, SquareGrid
from rules.reach import threatens
from rules.sizes import Size
from rules.zones import NO_FACING, UA_FACING, VARIANT

BOARD = SquareGrid(25, 25)
HEXES = HexGrid(25, 25, "pointy")
FLAT = HexGrid(25, 25, "flat")
N, NE, E, SE, S, SW, W, NW = range(8)
MAGE = Creature("Mage", Size.MEDIUM, Square(10, 10), facing=N)
"""A Medium caster facing north in the middle of ``BOARD``: its front area is the three
squares north of it, so it casts from its north-west and north-east corners."""
CORNERS = {"north-west": Square(10, 10), "north-east": Square(11, 10)}
"""The corners ``MAGE`` may cast a cone or line from, each as the square whose north-west
corner it is."""
HEX_MAGE = Creature("Mage", Size.MEDIUM, HEXES.from_offset(12, 12), facing=0)
"""A Medium caster on pointy hexes facing north-east (direction 0)."""

DRAWN = set(".#oOC")


def drawn(doc: str, kind: str = "square") -> list[tuple[set, int | None]]:
    """The drawings in ``doc``, each as ``(offsets, count)``: the ``(dx, dy)`` (squares) or
    ``(dq, dr)`` (pointy hexes) of its cells in the area from its anchor, and the count on the
    line after it ("8 squares"), if there is one."""
    drawings, rows = [], []
    for text in doc.splitlines() + [""]:
        stripped = text.strip()
        if stripped and set(stripped) <= DRAWN | {" "}:
            rows.append(text)
            continue
        if rows:
            words = stripped.split()
            count = int(words[0]) if words and words[0].isdigit() else None
            drawings.append((_offsets(rows, kind), count))
            rows = []
    return drawings


def _offsets(rows: list[str], kind: str) -> set:
    """The offsets of the area's cells in one drawing from its anchor."""
    marks = [(row, column, mark) for row, text in enumerate(rows) for column, mark in enumerate(text) if mark in DRAWN]
    (anchor_row, anchor_column), = [(row, column) for row, column, mark in marks if mark in "oOC"]
    found = set()
    for row, column, mark in marks:
        if mark not in "#O":
            continue
        down, across = row - anchor_row, column - anchor_column
        if kind == "square":
            found.add((across // 2, down))
        else:
            found.add(((across - down) // 2, down))
    return found


def offsets(cells, anchor) -> set:
    """``cells`` as offsets from ``anchor`` (a square or a hex)."""
    a, b = anchor.coords
    return {(cell.coords[0] - a, cell.coords[1] - b) for cell in cells}


def check_drawing(test, cells, anchor) -> None:
    """``cells`` are the one drawing in ``test``'s docstring, anchored at ``anchor`` (a
    square or a hex), and as many as it says."""
    ((expected, count),) = drawn(test.__doc__, "hex" if isinstance(anchor, Hex) else "square")
    assert offsets(cells, anchor) == expected
    assert len(cells) == count


def test_the_drawings_are_read_as_drawn():
    """The reader itself: a square's offsets count two characters a column, a hex's shift
    half a hex a row; the count after a drawing is its own."""
    doc = """
        . # .
        # o .
        2 squares
         # .
        . C
        1 hex
    """
    assert drawn(doc)[0] == ({(0, -1), (-1, 0)}, 2)
    assert drawn(doc, "hex")[1] == ({(0, -1)}, 1)
    assert drawn("no drawing here") == []


# Cones on squares, from each corner a caster facing north may use.


def cast_cone(corner: str, direction: int, length: int) -> frozenset:
    """The cells of ``MAGE``'s cone from ``corner``, checking that the ruling allows it."""
    template = Template("cone", CORNERS[corner], length, direction)
    ruling = area_ruling(MAGE, template, BOARD, UA_FACING)
    assert ruling.allowed, ruling.items
    assert ruling.cells == cone(BOARD, CORNERS[corner], direction, length)
    return ruling.cells


@pytest.mark.parametrize("corner", CORNERS)
def test_a_15_foot_cone_straight_ahead(corner):
    """A cone "shoots away from you in a quarter-circle": aimed north from the intersection,
    its sides run north-west and north-east at 45 degrees, and a square is in when its far
    corner is inside, counted 1-2-1-2 from the intersection. Row 1 holds the two squares
    meeting the point; row 2 the four whose centres lie within the sides; in row 3 the
    outer pair's far corners are 2 diagonals and 1 square away (20 feet), so only two stay.

        . # # .
        # # # #
        . # # .
        . . o .
        8 squares
    """
    check_drawing(test_a_15_foot_cone_straight_ahead, cast_cone(corner, N, 15), CORNERS[corner])


@pytest.mark.parametrize("corner", CORNERS)
def test_a_30_foot_cone_straight_ahead(corner):
    """The 30-foot cone aimed north widens two squares a row (2, 4, 6, 8) until the far
    corners pass 6 squares: row 5 keeps the squares up to 3 from the axis (5 + 1 = 6), row 6
    only the middle pair.

        . . . # # . . .
        . # # # # # # .
        # # # # # # # #
        . # # # # # # .
        . . # # # # . .
        . . . # # . . .
        . . . . o . . .
        28 squares
    """
    check_drawing(test_a_30_foot_cone_straight_ahead, cast_cone(corner, N, 30), CORNERS[corner])


@pytest.mark.parametrize("corner", CORNERS)
def test_a_15_foot_cone_on_the_diagonal(corner):
    """Aimed north-east, the quarter circle's sides run north and east along the grid lines:
    the cone is the north-east quarter of a 15-foot burst, 3 + 2 + 1 squares.

        # . .
        # # .
        # # #
        o . .
        6 squares
    """
    check_drawing(test_a_15_foot_cone_on_the_diagonal, cast_cone(corner, NE, 15), CORNERS[corner])


@pytest.mark.parametrize("corner", CORNERS)
def test_a_30_foot_cone_on_the_diagonal(corner):
    """The 30-foot cone aimed north-east: columns of 6, 5, 5, 4, 3 and 1 squares, the far
    corner of each at most 6 squares away (the fifth column's third square is 5 + 1 = 6).

        # . . . . .
        # # # . . .
        # # # # . .
        # # # # # .
        # # # # # .
        # # # # # #
        o . . . . .
        24 squares
    """
    check_drawing(test_a_30_foot_cone_on_the_diagonal, cast_cone(corner, NE, 30), CORNERS[corner])


@pytest.mark.parametrize("corner", CORNERS)
def test_a_15_foot_cone_on_the_other_diagonal(corner):
    """Aimed north-west, the mirror of the north-east cone.

        . . # .
        . # # .
        # # # .
        . . . o
        6 squares
    """
    check_drawing(test_a_15_foot_cone_on_the_other_diagonal, cast_cone(corner, NW, 15), CORNERS[corner])


@pytest.mark.parametrize("corner", CORNERS)
def test_a_30_foot_cone_on_the_other_diagonal(corner):
    """The 30-foot cone aimed north-west.

        . . . . . # .
        . . . # # # .
        . . # # # # .
        . # # # # # .
        . # # # # # .
        # # # # # # .
        . . . . . . o
        24 squares
    """
    check_drawing(test_a_30_foot_cone_on_the_other_diagonal, cast_cone(corner, NW, 30), CORNERS[corner])


def test_a_cone_aimed_at_a_square():
    """A cone may be aimed at a square: its axis runs to the square's centre. Aimed at the
    square whose centre is 2.5 east and 2.5 north of the point, it is the north-east cone;
    aimed a little east of north (at the square 7 north), it loses the two squares whose
    centres lay on its west side, and gains none: those on its east side were in already."""
    assert cone(BOARD, Square(10, 10), Square(12, 7), 30) == cone(BOARD, Square(10, 10), NE, 30)
    slanted = cone(BOARD, Square(10, 10), Square(10, 3), 15)
    straight = cone(BOARD, Square(10, 10), N, 15)
    assert straight - slanted == {Square(8, 8), Square(9, 9)}
    assert slanted < straight


# Bursts and lines on squares.


def test_a_20_foot_burst():
    """A burst's radius is counted "from intersection to intersection", diagonals 1-2-1-2,
    and a square is in when its far edge is: in each quarter the squares whose far corner is
    at most 4 away, 4 + 3 + 3 + 1 = 11, so 44 in all (a square two across and four up has
    its far corner 2 diagonals and 2 squares away: 1 + 2 + 2 = 5, out).

        . . . # # . . .
        . # # # # # # .
        . # # # # # # .
        # # # # # # # #
        # # # # O # # #
        . # # # # # # .
        . # # # # # # .
        . . . # # . . .
        44 squares
    """
    check_drawing(test_a_20_foot_burst, burst(BOARD, Square(12, 12), 20), Square(12, 12))


@pytest.mark.parametrize("radius, count", [(5, 4), (10, 12), (15, 24), (20, 44), (30, 96), (40, 172)])
def test_burst_counts(radius, count):
    """5 feet: the four squares at the point; 10 feet: a 4 x 4 less its corners; 15 feet: rows
    of 2, 4, 6, 6, 4, 2; 20 feet as drawn; 30 and 40 feet four quarters of 24 and 43."""
    assert len(burst(SquareGrid(30, 30), Square(15, 15), radius)) == count


def test_a_burst_at_the_edge_of_the_board():
    """Cells off the board are left out: a 10-foot burst at the board's corner is its quarter."""
    assert offsets(burst(BOARD, Square(0, 0), 10), Square(0, 0)) == {(0, 0), (1, 0), (0, 1)}
    assert len(burst(BOARD, Square(25, 25), 10)) == 3


def test_a_60_foot_line_straight():
    """A line straight north from an intersection runs along a grid line and passes through no
    square's inside; it covers the squares on its right (east), one for each of 12 squares.

        #
        #
        #
        #
        #
        #
        #
        #
        #
        #
        #
        #
        o
        12 squares
    """
    check_drawing(test_a_60_foot_line_straight, line(BOARD, Square(12, 20), N, 60), Square(12, 20))
    left = line(BOARD, Square(12, 20), N, 60, side="left")
    assert offsets(left, Square(11, 20)) == offsets(line(BOARD, Square(12, 20), N, 60), Square(12, 20))


def test_a_60_foot_line_on_the_diagonal():
    """A diagonal line passes from corner to corner, through one square a step; the eighth
    square's far corner is 8 diagonals away, 1 + 2 + ... = 12 squares, 60 feet.

        . . . . . . . #
        . . . . . . # .
        . . . . . # . .
        . . . . # . . .
        . . . # . . . .
        . . # . . . . .
        . # . . . . . .
        # . . . . . . .
        o . . . . . . .
        8 squares
    """
    check_drawing(test_a_60_foot_line_on_the_diagonal, line(BOARD, Square(5, 20), NE, 60), Square(5, 20))


def test_a_60_foot_line_aimed_at_a_square():
    """Aimed at the square 2 east and 2 north, the line climbs 3 squares for every 5 east;
    every fifth it crosses an intersection and leaves out the squares it only touches there.
    The squares' far corners are 1, 2, 3, 4, 5, 5, 6, 8, 9, 9, 10, 11 and 12 squares away.

        . . . . . . . . #
        . . . . . . # # #
        . . . . . # # . .
        . . . # # . . . .
        . # # # . . . . .
        # # . . . . . . .
        o . . . . . . . .
        13 squares
    """
    origin = Square(5, 20)
    cells = line(BOARD, origin, Square(7, 18), 60)
    check_drawing(test_a_60_foot_line_aimed_at_a_square, cells, origin)


def test_a_line_through_an_intersection():
    """Aimed at the centre of the square east of the one whose north-west corner is the point
    (1.5 east, 0.5 south), the line goes 3 east for 1 south and meets the intersection 3 east
    and 1 south, passing from the third square to the fourth by their corners; 30 feet hold 5
    squares (the sixth's far corner is 6 + 1 = 7 away)."""
    cells = line(BOARD, Square(5, 5), Square(6, 5), 30)
    assert offsets(cells, Square(5, 5)) == {(0, 0), (1, 0), (2, 0), (3, 1), (4, 1)}


# Hexes.


def test_a_15_foot_cone_on_hexes():
    """On hexes a cone is a 60-degree wedge leaving the caster's hex at a corner: the hexes
    between the two rows that leave the hex on either side of that corner, those rows
    included, out to 3 hexes. From the north corner: rows of 2, 3 and 4.

         . . . . .
        . # # # # .
         . # # # .
        . . # # . .
         . . C . .
        9 hexes
    """
    cells = cone(HEXES, HEX_MAGE.anchor, HEXES.parse_diagonal("N"), 15)
    check_drawing(test_a_15_foot_cone_on_hexes, cells, HEX_MAGE.anchor)


def test_a_15_foot_cone_on_hexes_toward_a_side_corner():
    """From the east-north-east corner the wedge lies between the rows going north-east and
    east: 2, 3 and 4 hexes again, turned 60 degrees.

        . . # . .
       . . # # . .
        . # # # .
       . C # # # .
        9 hexes
    """
    cells = cone(HEXES, HEX_MAGE.anchor, HEXES.parse_diagonal("ENE"), 15)
    check_drawing(test_a_15_foot_cone_on_hexes_toward_a_side_corner, cells, HEX_MAGE.anchor)


@pytest.mark.parametrize("grid", [HEXES, FLAT], ids=["pointy", "flat"])
@pytest.mark.parametrize("length, count", [(15, 9), (30, 27), (60, 90)])
def test_hex_cone_counts(grid, length, count):
    """A cone of n hexes holds 2 + 3 + ... + (n + 1) hexes: 9, 27 and 90."""
    for corner in range(6):
        assert len(cone(grid, grid.from_offset(12, 12), corner, length)) == count


def test_a_10_foot_burst_on_hexes():
    """On hexes a burst's point of origin is a hex and the burst is every hex within its radius
    by hex count, that hex included: 1 + 6 + 12 hexes.

         . . . . . .
        . . # # # . .
         . # # # # .
        . # # O # # .
         . # # # # .
        . . # # # . .
         . . . . . .
        19 hexes
    """
    cells = burst(HEXES, HEX_MAGE.anchor, 10)
    check_drawing(test_a_10_foot_burst_on_hexes, cells, HEX_MAGE.anchor)


@pytest.mark.parametrize("grid", [HEXES, FLAT], ids=["pointy", "flat"])
@pytest.mark.parametrize("radius, count", [(5, 7), (20, 61), (40, 217)])
def test_hex_burst_counts(grid, radius, count):
    """1 + 3n(n + 1) hexes within n hexes."""
    assert len(burst(grid, grid.from_offset(12, 12), radius)) == count


def test_a_30_foot_line_on_hexes():
    """On hexes a line leaves the caster's hex through a side and runs through the centres of
    the hexes in that row: 6 hexes for 30 feet.

        . . . . . . . .
       . C # # # # # # .
        . . . . . . . .
        6 hexes
    """
    cells = line(HEXES, HEX_MAGE.anchor, HEXES.parse_facing("E"), 30)
    check_drawing(test_a_30_foot_line_on_hexes, cells, HEX_MAGE.anchor)


# Where a facing caster casts from, and what it cannot aim at.


def test_a_caster_facing_north_casts_from_its_front_corners():
    """UA Combat Facing, Spellcasting: lines and cones "emerge from any grid intersection
    between the spellcaster's space and his front area": of a Medium caster's four corners,
    the two it shares with its front squares. The others say why not."""
    for shape in ("cone", "line"):
        starts = area_starts(MAGE, BOARD, UA_FACING, shape)
        assert {start.origin: start.allowed for start in starts} == {
            Square(10, 10): True,
            Square(11, 10): True,
            Square(10, 11): False,
            Square(11, 11): False,
        }
        refused = [start for start in starts if not start.allowed]
        assert [item.text() for item in refused[0].items] == [
            f"{shape.capitalize()}s start between your space and your front area: this corner touches "
            "your flank and rear areas"
        ]
        assert starts[0].point(BOARD) == (10.0, 10.0)


def test_a_large_caster_casts_from_its_front_edge():
    """A Large caster facing north shares three intersections with its front area: its two
    front corners and the one between them."""
    ogre = Creature("Ogre", Size.LARGE, Square(10, 10), facing=N)
    starts = area_starts(ogre, BOARD, UA_FACING, "cone")
    assert len(starts) == 8
    assert sorted(start.origin for start in starts if start.allowed) == [Square(10, 10), Square(11, 10), Square(12, 10)]


def test_without_the_facing_rule_every_corner_casts():
    """Without facing, or under the front/side/rear variant (seed 001 has no spell rule), a
    cone "starts from any corner of your square", and may go any way."""
    for ruleset in (NO_FACING, VARIANT):
        assert all(start.allowed for start in area_starts(MAGE, BOARD, ruleset, "cone"))
        assert area_ruling(MAGE, Template("cone", Square(11, 11), 30, S), BOARD, ruleset).allowed


def test_a_cone_from_a_rear_corner_is_refused():
    """The south-west corner touches only the flank and rear: a cone cannot start there, and
    aimed south-west it would reach the rear as well; both reasons are given."""
    ruling = area_ruling(MAGE, Template("cone", Square(10, 11), 15, SW), BOARD, UA_FACING)
    assert not ruling.allowed
    assert [item.text() for item in ruling.items] == [
        "Cones start between your space and your front area: this corner touches your flank and rear areas",
        "The cone reaches a square you cannot target",
        "Cannot target with a spell: it is in your rear area",
    ]
    west = area_ruling(MAGE, Template("cone", Square(10, 11), 15, W), BOARD, UA_FACING)
    assert [item.text() for item in west.items][:1] == [
        "Cones start between your space and your front area: this corner touches your flank and rear areas"
    ]


def test_a_cone_aimed_into_the_rear_is_refused():
    """"A spellcaster can't target anything in his rear area with a spell": from the north-east
    corner a cone may go east (its south side runs parallel to the rear area's edge, one
    square off it) but not south-east, where it reaches the rear square at once."""
    assert area_ruling(MAGE, Template("cone", Square(11, 10), 30, E), BOARD, UA_FACING).allowed
    ruling = area_ruling(MAGE, Template("cone", Square(11, 10), 30, SE), BOARD, UA_FACING)
    assert not ruling.allowed
    assert [item.text() for item in ruling.items] == [
        "The cone reaches a square you cannot target",
        "Cannot target with a spell: it is in your rear area",
    ]


def test_a_cone_across_the_caster_is_refused():
    """From the north-west corner a cone aimed east sweeps over the caster's own square and
    its south side runs along the edge of the rear area: the squares on that edge are rear."""
    ruling = area_ruling(MAGE, Template("cone", Square(10, 10), 30, E), BOARD, UA_FACING)
    assert not ruling.allowed
    assert Square(10, 10) not in ruling.cells
    assert Square(11, 11) in ruling.cells


def test_lines_along_the_grid_cannot_go_behind():
    """A line south from the north-east corner runs down the caster's side: on its right it
    covers the caster's own column, on its left the east flank column; both reach the rear."""
    for side in ("right", "left"):
        template = Template("line", Square(11, 10), 30, S, side)
        assert not area_ruling(MAGE, template, BOARD, UA_FACING).allowed
    template = Template("line", Square(11, 10), 60, N, "left")
    ruling = area_ruling(MAGE, template, BOARD, UA_FACING)
    assert ruling.allowed
    assert ruling.cells == {Square(10, y) for y in range(10)}


def test_an_area_not_from_a_corner_is_refused():
    """A cone "starts from any corner of your square": not from a point elsewhere."""
    ruling = area_ruling(MAGE, Template("cone", Square(5, 5), 15, N), BOARD, NO_FACING)
    assert [item.text() for item in ruling.items] == ["A cone starts from a corner of your space, and this is not one"]


def test_a_burst_behind_the_caster_is_refused():
    """A burst's point is a target: three squares behind the caster it is refused, and the
    caster is offered the turn that faces it. At a corner of its own space it may be cast."""
    ruling = area_ruling(MAGE, Template("burst", Square(10, 13), 20), BOARD, UA_FACING)
    assert not ruling.allowed
    assert [item.text() for item in ruling.items] == [
        "Cannot target with a spell: it is beyond your rear area",
        "Turn first: face S to bring it into your front area",
    ]
    assert ruling.turn_first.facing == S
    assert area_ruling(ruling.turn_first, Template("burst", Square(10, 13), 20), BOARD, UA_FACING).allowed
    assert len(ruling.cells) == 44
    here = area_ruling(MAGE, Template("burst", Square(11, 11), 10), BOARD, UA_FACING)
    assert here.allowed
    assert Square(10, 10) in here.cells


def test_cones_and_lines_leave_out_the_caster():
    """A cone or line "shoots away from you": the caster's own space is not in its cells."""
    template = Template("line", Square(11, 10), 30, W, "left")
    ruling = area_ruling(MAGE, template, BOARD, NO_FACING)
    assert Square(10, 10) in template.cells(BOARD)
    assert Square(10, 10) not in ruling.cells


def test_a_caster_on_hexes_casts_from_its_front():
    """On hexes a Medium caster facing north-east has three front hexes (north-east, east and
    north-west): the four corners touching them start cones, the three sides onto them start
    lines; the south and west-south-west corners and the other sides are refused."""
    cones = area_starts(HEX_MAGE, HEXES, UA_FACING, "cone")
    assert {HEXES.diagonal_name(start.direction): start.allowed for start in cones} == {
        "N": True,
        "ENE": True,
        "ESE": True,
        "S": False,
        "WSW": False,
        "WNW": True,
    }
    lines = area_starts(HEX_MAGE, HEXES, UA_FACING, "line")
    assert {HEXES.facing_name(start.direction): start.allowed for start in lines} == {
        "NE": True,
        "E": True,
        "SE": False,
        "SW": False,
        "W": False,
        "NW": True,
    }
    assert [item.text() for item in lines[3].items] == [
        "Lines start between your space and your front area: this side opens onto your rear area"
    ]
    assert all(len(start.cells) == 3 for start in cones) and all(len(start.cells) == 2 for start in lines)


def test_hex_areas_are_refused_behind():
    """On hexes: a line through the rear side and a cone from a rear corner are refused; a
    cone from the east-south-east corner covers front and flank only and is cast."""
    anchor = HEX_MAGE.anchor
    line_back = Template("line", anchor, 30, HEXES.parse_facing("SW"))
    assert not area_ruling(HEX_MAGE, line_back, HEXES, UA_FACING).allowed
    cone_back = Template("cone", anchor, 15, HEXES.parse_diagonal("S"))
    assert not area_ruling(HEX_MAGE, cone_back, HEXES, UA_FACING).allowed
    assert area_ruling(HEX_MAGE, Template("cone", anchor, 60, HEXES.parse_diagonal("ESE")), HEXES, UA_FACING).allowed
    burst_back = Template("burst", HEXES.step(HEXES.step(anchor, 3), 3), 10)
    ruling = area_ruling(HEX_MAGE, burst_back, HEXES, UA_FACING)
    assert not ruling.allowed and ruling.turn_first.facing == 3
    assert area_ruling(HEX_MAGE, Template("burst", anchor, 10), HEXES, UA_FACING).allowed


# The ruler.


def test_the_ruler_reads_35_feet_over_5_diagonals():
    """Seed 002: "the first diagonal counts as 1 square, the second counts as 2 squares, the
    third counts as 1, the fourth as 2": 1 + 2 + 1 + 2 + 1 = 7 squares, 35 feet."""
    assert measure(BOARD, [Square(2, 2), Square(7, 7)]) == Measurement(7, 35)


def test_the_diagonal_count_carries_across_waypoints():
    """As along a move, the count runs on past a waypoint: two legs of one diagonal each are
    1 + 2 = 3 squares, not 1 + 1; five legs of one diagonal read as the single leg does."""
    assert measure(BOARD, [Square(0, 0), Square(1, 1), Square(2, 0)]) == Measurement(3, 15)
    assert measure(BOARD, [Square(k, k) for k in range(6)]) == Measurement(7, 35)
    assert measure(BOARD, [Square(0, 0), Square(1, 1), Square(5, 1), Square(6, 0)]) == Measurement(7, 35)


def test_the_ruler_on_hexes_counts_hexes():
    """UA Hex Grid: "count hexes by the shorter path", leg by leg."""
    start = HEXES.from_offset(5, 5)
    there = HEXES.step(HEXES.step(start, 0), 1)
    assert measure(HEXES, [start, there]) == Measurement(2, 10)
    assert measure(HEXES, [start, there, start]) == Measurement(4, 20)


def test_the_ruler_needs_a_cell():
    """An empty ruler, or a hex on a square board, is refused with a reason."""
    assert measure(BOARD, [Square(3, 3)]) == Measurement(0, 0)
    with pytest.raises(AreaError):
        measure(BOARD, [])
    with pytest.raises(RulesError):
        measure(BOARD, [Hex(0, 0)])


def test_the_distance_between_two_creatures_spaces():
    """Between two creatures the ruler reads from the nearest square of one space to the
    nearest of the other, as reach and range count: a Large ogre (10, 10)-(11, 11) and a
    Medium orc at (14, 11) are 3 squares apart; at (13, 13), 2 diagonals (1 + 2); adjacent
    creatures are 5 feet apart."""
    ogre = Creature("Ogre", Size.LARGE, Square(10, 10), facing=N)
    orc = Creature("Orc", Size.MEDIUM, Square(14, 11), facing=N)
    assert distance_between(BOARD, ogre, orc) == Measurement(3, 15)
    assert distance_between(BOARD, orc, ogre) == Measurement(3, 15)
    assert distance_between(BOARD, ogre, Creature("Orc", Size.MEDIUM, Square(13, 13), facing=N)).feet == 15
    assert distance_between(BOARD, ogre, Creature("Orc", Size.MEDIUM, Square(12, 9), facing=N)).feet == 5
    assert distance_between(BOARD, ogre, Square(11, 11)).feet == 0


@pytest.mark.parametrize("size", [Size.MEDIUM, Size.LARGE], ids=["Medium", "Large"])
@pytest.mark.parametrize("grid", [BOARD, FLAT], ids=["squares", "hexes"])
def test_the_distance_between_spaces_is_the_reach_distance(grid, size):
    """A creature with 5 or 10 feet of reach threatens exactly the cells within that distance
    of its space (rules.reach), so the ruler and the threat overlay agree."""
    it = Creature("It", size, grid.from_offset(12, 12), facing=0)
    reach = 5 if size == Size.MEDIUM else 10
    for cell in grid.cells():
        assert threatens(it, cell, grid) == (distance_between(grid, it, cell).feet <= reach)


# What a player may give, and what is refused.


@pytest.mark.parametrize("size", [0, -5, 7, 12.5, True, "30", 1005])
def test_sizes_are_whole_squares(size):
    """A size is a whole number of 5-foot squares, from 5 feet to the largest board."""
    for shape in (burst, lambda grid, origin, size: cone(grid, origin, N, size)):
        with pytest.raises(AreaError):
            shape(BOARD, Square(5, 5), size)


def test_every_common_size_is_laid():
    """The sizes the page offers first (cones 15, 30, 60; lines 30, 60, 120; bursts 5 to 40)."""
    for shape, sizes in COMMON_SIZES.items():
        for size in sizes:
            direction = None if shape == "burst" else N
            assert Template(shape, Square(12, 12), size, direction).cells(BOARD)


@pytest.mark.parametrize(
    "call",
    [
        lambda: burst(BOARD, Square(26, 3), 10),
        lambda: burst(BOARD, Hex(3, 3), 10),
        lambda: burst(HEXES, Square(3, 3), 10),
        lambda: burst(HEXES, Hex(-20, 0), 10),
        lambda: cone(BOARD, Square(3, 3), 8, 15),
        lambda: cone(BOARD, Square(3, 3), "N", 15),
        lambda: cone(BOARD, Square(3, 3), True, 15),
        lambda: cone(HEXES, Hex(3, 3), 6, 15),
        lambda: line(BOARD, Square(3, 3), N, 30, side="up"),
        lambda: line(HEXES, Hex(3, 3), Hex(4, 3), 30),
        lambda: Template("burst", Square(3, 3), 10, N),
        lambda: Template("cone", Square(3, 3), 10),
        lambda: Template("wall", Square(3, 3), 10, N),
        lambda: Template("line", Square(3, 3), 10, N, "up"),
        lambda: area_starts(MAGE, BOARD, UA_FACING, "burst"),
    ],
)
def test_what_cannot_be_laid_is_refused(call):
    """Points off the board, cells of the other grid, directions the grid lacks, shapes and
    sides the board does not lay: each an ``AreaError`` a player can read."""
    with pytest.raises(AreaError):
        call()


# Properties.

MIDDLE = SquareGrid(60, 60)
MIDDLE_HEXES = HexGrid(60, 60, "flat")
sizes = st.integers(1, 8).map(lambda n: 5 * n)
points = st.builds(Square, st.integers(20, 40), st.integers(20, 40))
hexes = st.builds(MIDDLE_HEXES.from_offset, st.integers(20, 40), st.integers(20, 40))


def turned(cells, origin, turn, mirror=False) -> set:
    """``cells`` turned ``turn`` quarter turns clockwise about the intersection ``origin``,
    after mirroring east to west if ``mirror``: offset ``(i, j)`` goes to ``(-j - 1, i)``."""
    found = set()
    for i, j in offsets(cells, origin):
        if mirror:
            i = -i - 1
        for _ in range(turn):
            i, j = -j - 1, i
        found.add((i, j))
    return found


def hex_turned(cells, origin, turn) -> set:
    """``cells`` turned ``turn`` sixths clockwise about the hex ``origin``: cube
    ``(q, r, s)`` goes to ``(-r, -s, -q)``."""
    found = set()
    for q, r in offsets(cells, origin):
        for _ in range(turn):
            q, r = -r, q + r
        found.add((q, r))
    return found


@given(points, sizes, st.integers(0, 3), st.booleans())
def test_a_burst_looks_the_same_every_way(origin, radius, turn, mirror):
    """The board's symmetries about the point of origin leave a burst as it is."""
    cells = burst(MIDDLE, origin, radius)
    assert turned(cells, origin, turn, mirror) == offsets(cells, origin)


@given(hexes, sizes, st.integers(0, 5))
def test_a_hex_burst_looks_the_same_every_way(origin, radius, turn):
    """Turning a hex burst by sixths about its hex leaves it as it is."""
    cells = burst(MIDDLE_HEXES, origin, radius)
    assert hex_turned(cells, origin, turn) == offsets(cells, origin)


@given(points, sizes, st.integers(0, 7), st.integers(0, 3), st.booleans())
def test_a_cone_turns_with_its_aim(origin, length, direction, turn, mirror):
    """A cone turned a quarter is the cone aimed two directions on; mirrored, the mirror aim."""
    aim = (8 - direction) % 8 if mirror else direction
    turned_aim = (aim + 2 * turn) % 8
    cells = cone(MIDDLE, origin, direction, length)
    assert turned(cells, origin, turn, mirror) == offsets(cone(MIDDLE, origin, turned_aim, length), origin)


@given(hexes, sizes, st.integers(0, 5), st.integers(0, 5))
def test_a_hex_cone_and_line_turn_with_their_aim(origin, length, corner, turn):
    """A hex cone turned a sixth is the cone from the next corner; a line, the next side."""
    cells = cone(MIDDLE_HEXES, origin, corner, length)
    after = cone(MIDDLE_HEXES, origin, (corner + turn) % 6, length)
    assert hex_turned(cells, origin, turn) == offsets(after, origin)
    cells = line(MIDDLE_HEXES, origin, corner, length)
    after = line(MIDDLE_HEXES, origin, (corner + turn) % 6, length)
    assert hex_turned(cells, origin, turn) == offsets(after, origin)


@given(points, points, sizes, st.integers(0, 7))
def test_areas_move_with_their_point(origin, other, size, direction):
    """An area laid elsewhere is the same shape: moving the point moves every cell."""
    for area in (
        lambda point: burst(MIDDLE, point, size),
        lambda point: cone(MIDDLE, point, direction, size),
        lambda point: line(MIDDLE, point, direction, size),
        lambda point: cone(MIDDLE, point, Square(point.x + 3, point.y - 1), size),
    ):
        assert offsets(area(origin), origin) == offsets(area(other), other)


@given(hexes, hexes, sizes, st.integers(0, 5))
def test_hex_areas_move_with_their_hex(origin, other, size, direction):
    """The same on hexes."""
    for area in (burst, lambda grid, point, size: cone(grid, point, direction, size)):
        assert offsets(area(MIDDLE_HEXES, origin, size), origin) == offsets(area(MIDDLE_HEXES, other, size), other)


@given(points, st.integers(1, 6).map(lambda n: 5 * n), st.integers(0, 7))
def test_a_longer_area_holds_the_shorter(origin, size, direction):
    """A cone, line or burst of twice the size holds the smaller one; every cone and line
    lies within the burst of its size from the same point."""
    for area in (
        lambda size: burst(MIDDLE, origin, size),
        lambda size: cone(MIDDLE, origin, direction, size),
        lambda size: line(MIDDLE, origin, direction, size),
    ):
        assert area(size) <= area(2 * size) <= burst(MIDDLE, origin, 2 * size)


@given(hexes, st.integers(1, 6).map(lambda n: 5 * n), st.integers(0, 5))
def test_a_longer_hex_area_holds_the_shorter(origin, size, direction):
    """The same on hexes."""
    for area in (
        lambda size: cone(MIDDLE_HEXES, origin, direction, size),
        lambda size: line(MIDDLE_HEXES, origin, direction, size),
    ):
        assert area(size) <= area(2 * size) <= burst(MIDDLE_HEXES, origin, 2 * size)


@given(points, sizes)
def test_the_four_diagonal_cones_make_the_burst(origin, size):
    """A cone is a quarter circle: the four diagonal cones from one point share no square and
    together make the burst of the same size."""
    cones = [cone(MIDDLE, origin, direction, size) for direction in (NE, SE, SW, NW)]
    assert sum(map(len, cones)) == len(burst(MIDDLE, origin, size))
    assert frozenset().union(*cones) == burst(MIDDLE, origin, size)


@given(points, sizes, st.builds(Square, st.integers(0, 59), st.integers(0, 59)))
def test_a_line_is_a_chain_of_squares(origin, size, target):
    """A line's squares hang together, each touching another by a side or a corner, from one
    of the four squares at its point onward."""
    cells = set(line(MIDDLE, origin, target, size))
    start = [cell for cell in cells if offsets([cell], origin) <= {(0, 0), (-1, 0), (0, -1), (-1, -1)}]
    assert len(start) == 1
    reached, frontier = set(start), list(start)
    while frontier:
        here = frontier.pop()
        for other in cells - reached:
            if max(abs(here.x - other.x), abs(here.y - other.y)) == 1:
                reached.add(other)
                frontier.append(other)
    assert reached == cells


@given(points, st.integers(0, 7), st.lists(st.integers(0, 6), min_size=1, max_size=5))
def test_waypoints_along_one_line_read_as_one_leg(origin, direction, lengths):
    """Stopping along a straight or diagonal run changes nothing: the diagonals count on."""
    dx, dy = MIDDLE.vectors[direction]
    waypoints, walked = [origin], 0
    for length in lengths:
        walked += length
        waypoints.append(Square(origin.x + dx * walked, origin.y + dy * walked))
    assert measure(MIDDLE, waypoints) == measure(MIDDLE, [waypoints[0], waypoints[-1]])
    assert measure(MIDDLE, [waypoints[0], waypoints[-1]]).cells == MIDDLE.distance(waypoints[0], waypoints[-1])
