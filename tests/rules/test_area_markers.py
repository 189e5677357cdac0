"""Spell areas kept on the board as markers (issue 18): carried by links and files, checked as
untrusted input, left out when the board changes, and the creatures inside one."""

import pytest

from rules.areas import Template, burst, cone
from rules.creature import Creature
from rules.encounter import Encounter, EncounterError
from rules.grid import Hex, HexGrid, Square, SquareGrid
from rules.link import (
    MAX_AREAS,
    LinkError,
    encounter_code,
    encounter_json,
    parse_encounter_code,
    parse_encounter_json,
)
from rules.sizes import Size

SQUARES = SquareGrid(20, 20)
HEXES = HexGrid(20, 20, "flat")

MARKERS = (
    Template("burst", Square(10, 10), 20),
    Template("cone", Square(4, 4), 30, 3),
    Template("line", Square(20, 0), 60, 4, "left"),
)


def test_markers_go_through_a_link_and_a_file_on_squares_and_hexes():
    """What is laid comes back, in order, on both kinds of board."""
    hexes = (Template("burst", Hex(5, 5), 10), Template("cone", Hex(3, 4), 15, 2), Template("line", Hex(8, 2), 30, 5))
    for grid, areas in ((SQUARES, MARKERS), (HEXES, hexes)):
        encounter = Encounter(grid, areas=areas)
        assert parse_encounter_code(encounter_code(encounter)) == encounter
        assert parse_encounter_json(encounter_json(encounter)) == encounter


def test_an_encounter_without_markers_writes_no_section():
    """Older links stay as they were: no areas, no ``"a"``."""
    assert '"areas"' not in encounter_json(Encounter(SQUARES))
    assert '"areas"' in encounter_json(Encounter(SQUARES, areas=MARKERS[:1]))


def test_a_marker_off_the_board_or_aimed_nowhere_is_refused():
    """The board's east edge is an intersection a burst may start at; past it is not."""
    Encounter(SQUARES, areas=(Template("burst", Square(20, 20), 5),))
    with pytest.raises(EncounterError, match="off the board"):
        Encounter(SQUARES, areas=(Template("burst", Square(21, 3), 5),))
    with pytest.raises(EncounterError, match="direction the board does not have"):
        Encounter(HEXES, areas=(Template("cone", Hex(3, 3), 15, 7),))
    with pytest.raises(EncounterError, match="off the board"):
        Encounter(HEXES, areas=(Template("burst", Square(3, 3), 5),))


@pytest.mark.parametrize(
    "areas, message",
    [
        ('[[0,1,1,20],"x"]', "spell area 2 is not a list of 4 to 6 whole numbers"),
        ("[[7,1,1,20]]", "spell area 1 is of a shape this page does not know"),
        ("[[0,1,1,5000]]", "spell area 1 is 5000 ft across; the most is 1000"),
        ("[[1,1,1,30,3,4]]", "spell area 1's side is not 0 (right) or 1 (left)"),
        ("[[0,99,1,20]]", "point of origin is off the board"),
        ("[[0,1,1,7]]", "counted in 5-foot squares"),
        ('{"a":1}', "its spell areas are not a list"),
        ("[" + ",".join(["[0,1,1,5]"] * (MAX_AREAS + 1)) + "]", f"the most is {MAX_AREAS}"),
    ],
)
def test_a_damaged_file_says_what_is_wrong_with_its_areas(areas, message):
    """Each damage is named in words a player reads; nothing else is raised."""
    text = encounter_json(Encounter(SQUARES)).rstrip().rstrip("}") + f',\n  "areas": {areas}\n}}\n'
    with pytest.raises(LinkError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_encounter_json(text)


def test_a_marker_is_aimed_along_the_boards_directions():
    """The page aims along the board's directions; a marker aimed at a square is refused."""
    with pytest.raises(EncounterError, match="direction the board does not have"):
        Encounter(SQUARES, areas=(Template("cone", Square(4, 4), 30, Square(9, 9)),))


def test_a_new_board_leaves_the_markers_out():
    """A burst laid on squares means nothing on hexes; the same board keeps them."""
    encounter = Encounter(SQUARES, areas=MARKERS)
    assert encounter.with_grid(HEXES).areas == ()
    assert encounter.with_grid(SQUARES).areas == MARKERS


def test_with_and_without_an_area():
    """Areas are added at the end and removed by their place."""
    encounter = Encounter(SQUARES).with_area(MARKERS[0]).with_area(MARKERS[1])
    assert encounter.areas == MARKERS[:2]
    assert encounter.without_area(0).areas == MARKERS[1:2]
    with pytest.raises(EncounterError, match="no spell area number 3"):
        encounter.without_area(2)


def test_the_creatures_in_an_area_are_those_with_a_square_inside():
    """A 10-ft burst at the intersection (10, 10) covers squares 8..11 by 8..11 but its corners
    (8, 8), (11, 8), (8, 11), (11, 11): 2 diagonals are 3 squares, 15 ft. The Ogre (Large,
    12..13 by 10..11) is outside; the goblin at (11, 9) is in; a Large creature at (6, 6) has
    (7, 7) only, outside; a Huge one at (6, 9), 6..8 by 9..11, has (8, 9) and is in."""
    cells = burst(SQUARES, Square(10, 10), 10)
    assert len(cells) == 12
    creatures = (
        Creature("Goblin", Size.SMALL, Square(11, 9), facing=0),
        Creature("Ogre", Size.LARGE, Square(12, 10), facing=0),
        Creature("Wolf", Size.LARGE, Square(6, 6), facing=0),
        Creature("Giant", Size.HUGE, Square(6, 9), facing=0),
    )
    encounter = Encounter(SQUARES, creatures)
    assert [creature.name for creature in encounter.creatures_in(cells)] == ["Goblin", "Giant"]
    assert encounter.creatures_in(cone(SQUARES, Square(0, 0), 3, 15)) == ()
