"""Sizes, footprints and creatures: the seed's size table, spaces on squares and hexes, facing."""

import dataclasses
from fractions import Fraction

import pytest

from rules.creature import FACELESS_PRESETS, Creature, CreatureError, OffBoardError
from rules.errors import RulesError
from rules.grid import FacingError, GridError, Hex, HexGrid, Square, SquareGrid
from rules.sizes import (
    FEET_PER_CELL,
    HEX_RADIUS,
    SIZE_TABLE,
    Size,
    SizeError,
    facing_name,
    facing_names,
    footprint,
    has_lead,
    is_tiny_or_smaller,
    natural_reach,
    parse_facing,
    parse_size,
    per_square,
    size_name,
    square_side,
)

SEED_TABLE = """\
Fine | 1/2 ft. | 0
Diminutive | 1 ft. | 0
Tiny | 2-1/2 ft. | 0
Small | 5 ft. | 5 ft.
Medium | 5 ft. | 5 ft.
Large (tall) | 10 ft. | 10 ft.
Large (long) | 10 ft. | 5 ft.
Huge (tall) | 15 ft. | 15 ft.
Huge (long) | 15 ft. | 10 ft.
Gargantuan (tall) | 20 ft. | 20 ft.
Gargantuan (long) | 20 ft. | 15 ft.
Colossal (tall) | 30 ft. | 30 ft.
Colossal (long) | 30 ft. | 20 ft.
"""
"""Seed 002, "Table: Creature Size and Scale", as printed there (size, space, natural reach)."""

HEX_GRIDS = [HexGrid(21, 21, "flat"), HexGrid(21, 21, "pointy")]


def _feet(text: str) -> Fraction:
    """``"2-1/2 ft."`` -> 5/2."""
    text = text.replace("ft.", "").strip()
    whole, _, part = text.rpartition("-") if "-" in text else ("0", "", text)
    return Fraction(whole) + Fraction(part)


def test_size_table_is_the_seed_table():
    """Seed 002, "Table: Creature Size and Scale": every row's space and natural reach."""
    for line in SEED_TABLE.splitlines():
        label, space, reach = (part.strip() for part in line.split("|"))
        name, _, build = label.partition(" (")
        size = parse_size(name)
        assert SIZE_TABLE[size].space == _feet(space)
        assert natural_reach(size, long=build == "long)") == _feet(reach)
    assert set(SIZE_TABLE) == set(Size)


def test_sizes_run_smallest_to_largest():
    assert sorted(Size) == list(Size)
    assert [size_name(size) for size in Size] == [
        "Fine",
        "Diminutive",
        "Tiny",
        "Small",
        "Medium",
        "Large",
        "Huge",
        "Gargantuan",
        "Colossal",
    ]


@pytest.mark.parametrize("size", list(Size))
def test_size_names_round_trip(size):
    assert parse_size(size_name(size)) is size
    assert parse_size(f"  {size_name(size).upper()} ") is size


def test_unknown_size_is_refused_with_the_choices():
    with pytest.raises(SizeError) as caught:
        parse_size("enormous")
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == (
        "There is no size 'enormous': choose Fine, Diminutive, Tiny, Small, Medium, Large, "
        "Huge, Gargantuan or Colossal."
    )


def test_very_small_creatures_share_a_square():
    """Seed 002, "Tiny, Diminutive, and Fine Creatures": "A Tiny creature typically occupies a
    space only 2-1/2 feet across, so four can fit into a single square. Twenty-five Diminutive
    creatures or 100 Fine creatures can fit into a single square." """
    assert per_square(Size.TINY) == 4
    assert per_square(Size.DIMINUTIVE) == 25
    assert per_square(Size.FINE) == 100
    assert [per_square(size) for size in Size if size >= Size.SMALL] == [1] * 6
    assert [size for size in Size if is_tiny_or_smaller(size)] == [
        Size.FINE,
        Size.DIMINUTIVE,
        Size.TINY,
    ]


def test_square_spaces_follow_the_table():
    """A square is "a 5-foot-by-5-foot area": Small/Medium 1x1, Large 2x2, Huge 3x3,
    Gargantuan 4x4, Colossal 6x6; smaller creatures stand in one square."""
    assert FEET_PER_CELL == 5
    assert [square_side(size) for size in Size] == [1, 1, 1, 1, 1, 2, 3, 4, 6]
    grid = SquareGrid(20, 20)
    for size in Size:
        side = square_side(size)
        cells = footprint(size, Square(3, 5), grid, 0 if size >= Size.SMALL else None)
        assert set(cells) == {Square(3 + dx, 5 + dy) for dx in range(side) for dy in range(side)}
        assert len(cells) == side * side


@pytest.mark.parametrize("grid", HEX_GRIDS, ids=["flat", "pointy"])
def test_hexagon_spaces(grid):
    """Hexes: Small and Medium one hex; Huge a hex and its ring (7); Gargantuan two rings (19);
    Colossal three rings (37) (docs/rules.md, "Footprints")."""
    centre = grid.from_offset(10, 10)
    expected = {
        Size.MEDIUM: 1,
        Size.SMALL: 1,
        Size.TINY: 1,
        Size.HUGE: 7,
        Size.GARGANTUAN: 19,
        Size.COLOSSAL: 37,
    }
    for size, count in expected.items():
        cells = footprint(size, centre, grid, 0 if size >= Size.SMALL else None)
        assert len(cells) == len(set(cells)) == count
        radius = HEX_RADIUS[size]
        assert set(cells) == {
            cell for cell in grid.cells() if grid.distance(cell, centre) <= radius
        }


def _along(grid, cells, vector) -> list[int]:
    """How far forward each cell lies along ``vector`` (whole numbers, larger is further)."""
    return [grid.dot(vector, cell.coords) for cell in cells]


@pytest.mark.parametrize("grid", HEX_GRIDS, ids=["flat", "pointy"])
@pytest.mark.parametrize("facing", range(6))
def test_large_triangle_leads_with_one_hex_or_two(grid, facing):
    """Seed 001: a Large creature "takes up 3 hexes" and has "1 hex as its front side" or
    "2 hexes as its front side". The anchor is the apex: the lone front hex, or the back hex."""
    anchor = grid.from_offset(10, 10)
    vector = grid.diagonal_vector(facing)
    one = footprint(Size.LARGE, anchor, grid, facing, lead=1)
    two = footprint(Size.LARGE, anchor, grid, facing, lead=2)
    for cells in (one, two):
        assert len(set(cells)) == 3
        assert all(grid.distance(a, b) == 1 for a in cells for b in cells if a != b)
    forward = _along(grid, one, vector)
    assert forward.count(max(forward)) == 1 and one[forward.index(max(forward))] == anchor
    forward = _along(grid, two, vector)
    assert forward.count(max(forward)) == 2 and two[forward.index(min(forward))] == anchor


@pytest.mark.parametrize("grid", HEX_GRIDS, ids=["flat", "pointy"])
def test_large_triangle_can_face_every_diagonal_without_moving(grid):
    """Turning in place: the same three hexes face each of the six diagonals, leading with one
    hex three ways and with two the other three, from a suitable anchor among them."""
    space = set(footprint(Size.LARGE, grid.from_offset(10, 10), grid, 0, 1))
    states = [
        (facing, lead)
        for anchor in space
        for facing in range(6)
        for lead in (1, 2)
        if set(footprint(Size.LARGE, anchor, grid, facing, lead)) == space
    ]
    assert sorted(facing for facing, _ in states) == list(range(6))
    assert sorted(lead for _, lead in states) == [1, 1, 1, 2, 2, 2]


def test_faceless_large_triangle_takes_either_shape():
    grid = HexGrid(9, 9)
    one = set(footprint(Size.LARGE, Hex(4, 2), grid, None, 1))
    two = set(footprint(Size.LARGE, Hex(4, 2), grid, None, 2))
    assert one != two and len(one) == len(two) == 3


def test_facing_sets():
    """Squares: eight facings for every size. Hexes: six; a Large triangle faces the diagonals
    (its sides face a hex's corners), every other size the sides of a hex."""
    flat, square = HexGrid(5, 5, "flat"), SquareGrid(5, 5)
    for size in Size:
        assert facing_names(size, square) == square.directions
        assert has_lead(size, flat) == (size == Size.LARGE)
    assert facing_names(Size.LARGE, flat) == ("NNE", "E", "SSE", "SSW", "W", "NNW")
    assert facing_names(Size.HUGE, flat) == ("N", "NE", "SE", "S", "SW", "NW")
    assert parse_facing("w", Size.LARGE, flat) == 4
    assert facing_name(4, Size.LARGE, flat) == "W"
    assert parse_facing("nw", Size.MEDIUM, flat) == 5
    with pytest.raises(FacingError, match="There is no facing 'N' on the corners of a hex"):
        parse_facing("N", Size.LARGE, flat)


def test_faceless_presets_are_the_seed_list():
    """UA Combat Facing, "Faceless Creatures": "All elementals and oozes are faceless. Also ...
    lantern archon, assassin vine, chaos beast, darkmantle, violet fungus, gibbering mouther,
    mimic, phasm, will-o'-wisp, xorn, and octopus (including giant octopus)." """
    assert set(FACELESS_PRESETS) == {
        "elemental",
        "ooze",
        "lantern archon",
        "assassin vine",
        "chaos beast",
        "darkmantle",
        "violet fungus",
        "gibbering mouther",
        "mimic",
        "phasm",
        "will-o'-wisp",
        "xorn",
        "octopus",
        "giant octopus",
    }


def test_creature_facing_follows_the_rules():
    """UA Combat Facing: "All PCs and most monsters have a facing"; faceless creatures and
    "Tiny and smaller creatures don't have facing"."""
    orc = Creature("orc", Size.MEDIUM, Square(2, 2), facing=2, side="foe")
    assert orc.has_facing and orc.lead == 1 and orc.side == "foe"
    assert orc.facing_name(SquareGrid(5, 5)) == "E"
    assert orc.facing_vector(SquareGrid(5, 5)) == (1, 0)
    ooze = Creature("ochre jelly", Size.LARGE, Square(1, 1), faceless=True)
    rat = Creature("rat", Size.TINY, Square(1, 1))
    for creature in (ooze, rat):
        assert not creature.has_facing
        assert creature.facing_vector(SquareGrid(5, 5)) is None
        assert creature.facing_name(SquareGrid(5, 5)) is None


@pytest.mark.parametrize(
    "fields, message",
    [
        (
            dict(name="orc", size=Size.MEDIUM, anchor=Square(0, 0)),
            "orc is Medium and not faceless, so it faces a direction",
        ),
        (
            dict(name="rat", size=Size.TINY, anchor=Square(0, 0), facing=0),
            "rat is Tiny and has no facing",
        ),
        (
            dict(name="xorn", size=Size.MEDIUM, anchor=Square(0, 0), facing=0, faceless=True),
            "xorn is faceless and has no facing",
        ),
        (
            dict(name=" ", size=Size.MEDIUM, anchor=Square(0, 0), facing=0),
            "A creature needs a name",
        ),
        (
            dict(name="orc", size="Medium", anchor=Square(0, 0), facing=0),
            "orc needs a size such as Size.MEDIUM",
        ),
        (
            dict(name="orc", size=Size.MEDIUM, anchor=(0, 0), facing=0),
            "orc stands on a square or a hex",
        ),
        (
            dict(name="orc", size=Size.MEDIUM, anchor=Square(0, 0), facing=-1),
            "orc's facing is a direction number",
        ),
        (
            dict(name="orc", size=Size.MEDIUM, anchor=Square(0, 0), facing=True),
            "orc's facing is a direction number",
        ),
        (
            dict(name="ogre", size=Size.LARGE, anchor=Hex(0, 0), facing=0, lead=3),
            "ogre leads with 1 hex or 2",
        ),
        (
            dict(name="orc", size=Size.MEDIUM, anchor=Square(0, 0), facing=0, side=""),
            "orc needs a side",
        ),
        (
            dict(name="orc", size=Size.MEDIUM, anchor=Square(0, 0), facing=0, faceless=1),
            "faceless is True or False",
        ),
    ],
)
def test_impossible_creatures_are_refused(fields, message):
    with pytest.raises(CreatureError) as caught:
        Creature(**fields)
    assert isinstance(caught.value, RulesError) and isinstance(caught.value, ValueError)
    assert message in str(caught.value)


def test_a_facing_the_grid_lacks_is_refused():
    """Facing 7 is NW on squares but does not exist on hexes."""
    wolf = Creature("wolf", Size.MEDIUM, Hex(3, 3), facing=7)
    with pytest.raises(
        FacingError,
        match="There is no facing 7 on a hex grid: the facings are N, NE, SE, S, SW and NW",
    ):
        wolf.check(HexGrid(9, 9))
    with pytest.raises(FacingError):
        wolf.cells(HexGrid(9, 9))


def test_a_creature_on_the_wrong_kind_of_cell_is_refused():
    with pytest.raises(GridError, match="Square.* is not a cell of a hex board"):
        Creature("orc", Size.MEDIUM, Square(1, 1), facing=0).check(HexGrid(5, 5))


@pytest.mark.parametrize(
    "creature, grid",
    [
        (Creature("ogre", Size.LARGE, Square(8, 3), facing=0), SquareGrid(9, 9)),
        (Creature("dragon", Size.COLOSSAL, Square(-1, 0), facing=0), SquareGrid(20, 20)),
        (Creature("giant", Size.HUGE, Hex(0, 4), facing=0), HexGrid(9, 9)),
        (Creature("ogre", Size.LARGE, Hex(0, 0), facing=0, lead=1), HexGrid(9, 9)),
    ],
)
def test_a_space_off_the_board_is_refused(creature, grid):
    with pytest.raises(OffBoardError) as caught:
        creature.check(grid)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value).startswith(
        f"{creature.name} ({size_name(creature.size)}) does not fit there:"
    )


def test_a_creature_on_the_board_passes_its_check():
    grid = SquareGrid(9, 9)
    ogre = Creature("ogre", Size.LARGE, Square(7, 7), facing=0)
    ogre.check(grid)
    moved = dataclasses.replace(ogre, anchor=Square(8, 7))
    with pytest.raises(OffBoardError, match="2 of its cells would be off the board"):
        moved.check(grid)


def test_creature_combat_fields_are_checked():
    """Bad combat fields are refused with a message naming the creature and the field."""
    from rules.creature import Creature, CreatureError

    anchor = Square(0, 0)
    with pytest.raises(CreatureError, match="left or the right"):
        Creature("Kroh", Size.MEDIUM, anchor, facing=0, shield_side="up")
    with pytest.raises(CreatureError, match="level is a whole number"):
        Creature("Kroh", Size.MEDIUM, anchor, facing=0, level=0)
    with pytest.raises(CreatureError, match="features are a set"):
        Creature("Kroh", Size.MEDIUM, anchor, facing=0, features={"Cleave"})
    kroh = Creature("Kroh", Size.MEDIUM, anchor, facing=0, level=6, features=frozenset({"Cleave"}))
    assert kroh.level == 6 and "Cleave" in kroh.features
