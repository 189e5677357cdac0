"""Zones: front, flank (side) and rear around every size, on squares and hexes, per ruleset."""

import itertools

import pytest

from rules.creature import Creature
from rules.errors import RulesError
from rules.grid import FacingError, GridError, Hex, HexGrid, Square, SquareGrid
from rules.sizes import Size
from rules.zones import (
    NO_FACING,
    RULESETS,
    UA_FACING,
    VARIANT,
    Arcs,
    Ruleset,
    RulesetError,
    Zone,
    ZoneError,
    adjacent_ring,
    board_zones,
    parse_ruleset,
    parse_zone,
    ruleset_name,
    zone_name,
    zone_of,
    zones_around,
)

SQUARES = SquareGrid(21, 21)
FLAT = HexGrid(21, 21, "flat")
POINTY = HexGrid(21, 21, "pointy")
HEXES = [FLAT, POINTY]
ORTHOGONAL = [0, 2, 4, 6]
DIAGONAL = [1, 3, 5, 7]


def counts(creature, grid, ruleset) -> tuple[int, int, int]:
    """How many adjacent cells are front, flank and rear."""
    split = zones_around(creature, grid, ruleset)
    return tuple(len(split[zone]) for zone in Zone)


def on_squares(size, facing) -> Creature:
    """A creature whose north-west square is (9, 9), in the middle of ``SQUARES``."""
    return Creature("it", size, Square(9, 9), facing=facing)


def on_hexes(grid, size, facing, lead=1) -> Creature:
    """A creature anchored in the middle of a 21 x 21 hex board."""
    return Creature("it", size, grid.from_offset(10, 10), facing=facing, lead=lead)


# UA Combat Facing, squares.


@pytest.mark.parametrize("facing", range(8))
def test_ua_medium_three_two_three(facing):
    """UA Combat Facing: Facing Direction: "The three squares a Small or Medium character is
    pointing toward are its front area. The three squares behind it are its rear area. The
    squares to its left and right are its flanks." """
    for size in (Size.SMALL, Size.MEDIUM):
        assert counts(on_squares(size, facing), SQUARES, UA_FACING) == (3, 2, 3)


def test_ua_medium_facing_north_cells():
    """The same sentence, cell by cell, for a Medium creature facing north."""
    split = zones_around(on_squares(Size.MEDIUM, 0), SQUARES, UA_FACING)
    assert split[Zone.FRONT] == {Square(8, 8), Square(9, 8), Square(10, 8)}
    assert split[Zone.FLANK] == {Square(8, 9), Square(10, 9)}
    assert split[Zone.REAR] == {Square(8, 10), Square(9, 10), Square(10, 10)}


@pytest.mark.parametrize("facing", ORTHOGONAL)
def test_ua_large_four_four_four(facing):
    """UA Combat Facing: Facing Direction: "Their front areas remain the squares in front of them
    (including those on the front corners); their rear areas remain the squares behind them
    (including those on the rear corners); and their flanks remain the squares directly to
    their sides." Large, facing along a side: 4 / 4 / 4."""
    assert counts(on_squares(Size.LARGE, facing), SQUARES, UA_FACING) == (4, 4, 4)


def test_ua_large_facing_north_cells():
    """The same sentence, cell by cell: corners in front and behind, flanks directly beside."""
    split = zones_around(on_squares(Size.LARGE, 0), SQUARES, UA_FACING)
    assert split[Zone.FRONT] == {Square(x, 8) for x in range(8, 12)}
    assert split[Zone.FLANK] == {Square(8, 9), Square(8, 10), Square(11, 9), Square(11, 10)}
    assert split[Zone.REAR] == {Square(x, 11) for x in range(8, 12)}


@pytest.mark.parametrize("size", [Size.HUGE, Size.GARGANTUAN, Size.COLOSSAL])
@pytest.mark.parametrize("facing", ORTHOGONAL)
def test_ua_larger_creatures_keep_corners_in_front_and_behind(size, facing):
    """The same sentence for Huge, Gargantuan and Colossal: a side of n squares has n + 2 front
    squares (with the corners), 2n flank squares and n + 2 rear squares."""
    n = {Size.HUGE: 3, Size.GARGANTUAN: 4, Size.COLOSSAL: 6}[size]
    assert counts(on_squares(size, facing), SQUARES, UA_FACING) == (n + 2, 2 * n, n + 2)


# The front/side/rear variant, squares.


@pytest.mark.parametrize("facing", range(8))
def test_variant_one_square_three_four_one(facing):
    """Seed 001: "a creature that takes up 1 space will have 8 spaces bordering it: 3
    front-facing spaces, 4 side spaces (2 on each side), and 1 rear space." """
    assert counts(on_squares(Size.MEDIUM, facing), SQUARES, VARIANT) == (3, 4, 1)


@pytest.mark.parametrize("facing", ORTHOGONAL)
def test_variant_large_four_six_two(facing):
    """Seed 001: "A large sized-creature (which takes up 4 squares) would have 4 front-facing
    spaces, 6 side spaces (3 on each side), and 2 rear spaces." """
    creature = on_squares(Size.LARGE, facing)
    assert counts(creature, SQUARES, VARIANT) == (4, 6, 2)
    side = zones_around(creature, SQUARES, VARIANT)[Zone.FLANK]
    centre_x, centre_y = 10, 10
    vector = SQUARES.direction_vector(facing)
    left = [
        c
        for c in side
        if (c.x - centre_x + 0.5) * vector[1] - (c.y - centre_y + 0.5) * vector[0] > 0
    ]
    assert len(left) == 3


@pytest.mark.parametrize("facing", ORTHOGONAL)
def test_variant_huge_in_a_similar_way(facing):
    """Seed 001: "Larger creatures will have their facing spaces broken down in a similar
    way": a Huge creature has its front face and corners in front (5), its back face behind
    (3) and the rest at its sides (8)."""
    assert counts(on_squares(Size.HUGE, facing), SQUARES, VARIANT) == (5, 8, 3)


@pytest.mark.parametrize("facing", ORTHOGONAL)
def test_variant_rear_of_the_biggest_creatures_narrows(facing):
    """Our geometry, written down in docs/rules.md ("Zones"): the variant's rear is the cells
    within 30 degrees of straight back from the centre, so a Gargantuan creature has the middle
    2 of its 4 back squares as rear, a Colossal one the middle 4 of 6."""
    assert counts(on_squares(Size.GARGANTUAN, facing), SQUARES, VARIANT) == (6, 12, 2)
    assert counts(on_squares(Size.COLOSSAL, facing), SQUARES, VARIANT) == (8, 16, 4)


# Diagonal facings of big creatures on squares (the texts are silent; docs/rules.md, "Zones").

DIAGONAL_COUNTS = {
    Size.LARGE: ((3, 6, 3), (3, 6, 3)),
    Size.HUGE: ((5, 6, 5), (5, 8, 3)),
    Size.GARGANTUAN: ((5, 10, 5), (5, 12, 3)),
    Size.COLOSSAL: ((7, 14, 7), (7, 16, 5)),
}


@pytest.mark.parametrize("size", list(DIAGONAL_COUNTS))
@pytest.mark.parametrize("facing", DIAGONAL)
def test_diagonal_facing_of_big_creatures(size, facing):
    """Our choice: the same angles from the centre, so a big creature facing a corner keeps
    about the counts it has facing a side (UA Large 3 / 6 / 3 against 4 / 4 / 4): turning
    45 degrees neither hides nor bares its rear."""
    ua, variant = DIAGONAL_COUNTS[size]
    creature = on_squares(size, facing)
    assert counts(creature, SQUARES, UA_FACING) == ua
    assert counts(creature, SQUARES, VARIANT) == variant


def test_large_facing_north_east_cells():
    """Our choice, cell by cell: the front is the corner square and the square beside it on
    each front face; the rear is the opposite corner and its two neighbours."""
    split = zones_around(on_squares(Size.LARGE, 1), SQUARES, UA_FACING)
    assert split[Zone.FRONT] == {Square(11, 8), Square(10, 8), Square(11, 9)}
    assert split[Zone.REAR] == {Square(8, 11), Square(8, 10), Square(9, 11)}
    assert Square(8, 8) in split[Zone.FLANK] and Square(11, 11) in split[Zone.FLANK]


# Hexes.


@pytest.mark.parametrize("grid", HEXES, ids=["flat", "pointy"])
@pytest.mark.parametrize("facing", range(6))
def test_variant_one_hex_three_two_one(grid, facing):
    """Seed 001: "a creature that takes up 1 hex will have 6 spaces bordering it: 3
    front-facing spaces, 2 side spaces (1 on each side), and 1 rear space." """
    creature = on_hexes(grid, Size.MEDIUM, facing)
    assert counts(creature, grid, VARIANT) == (3, 2, 1)
    split = zones_around(creature, grid, VARIANT)
    assert split[Zone.REAR] == {grid.step(creature.anchor, (facing + 3) % 6)}
    assert split[Zone.FRONT] == {grid.step(creature.anchor, (facing + k) % 6) for k in (-1, 0, 1)}


@pytest.mark.parametrize("grid", HEXES, ids=["flat", "pointy"])
@pytest.mark.parametrize("facing", range(6))
def test_variant_large_leading_with_one_hex(grid, facing):
    """Seed 001: "If the large creature is using 1 hex as its front side, it will have 4
    front-facing spaces, 4 side-facing spaces (2 on each side), and 1 rear space." """
    assert counts(on_hexes(grid, Size.LARGE, facing, lead=1), grid, VARIANT) == (4, 4, 1)


@pytest.mark.parametrize("grid", HEXES, ids=["flat", "pointy"])
@pytest.mark.parametrize("facing", range(6))
def test_variant_large_leading_with_two_hexes(grid, facing):
    """Seed 001: "If the large creature is using 2 hexes as its front side, it will have 3
    front-facing spaces, 4 side-facing spaces (2 on each side), and 2 rear spaces." """
    assert counts(on_hexes(grid, Size.LARGE, facing, lead=2), grid, VARIANT) == (3, 4, 2)


@pytest.mark.parametrize("grid", HEXES, ids=["flat", "pointy"])
@pytest.mark.parametrize("facing", range(6))
def test_ua_on_hexes_draws_the_variant_arcs(grid, facing):
    """Our choice for "Hexes and Facing" (its diagram is missing): a Medium creature's front is
    the three hexes it points toward, its rear the hex behind, its flanks the two between; a
    Large triangle as in seed 001; bigger hexagons as the variant."""
    expected = {
        Size.MEDIUM: (3, 2, 1),
        Size.HUGE: (5, 4, 3),
        Size.GARGANTUAN: (7, 8, 3),
        Size.COLOSSAL: (9, 10, 5),
    }
    for size, split in expected.items():
        creature = on_hexes(grid, size, facing)
        assert counts(creature, grid, UA_FACING) == split == counts(creature, grid, VARIANT)
    assert counts(on_hexes(grid, Size.LARGE, facing, 1), grid, UA_FACING) == (4, 4, 1)
    assert counts(on_hexes(grid, Size.LARGE, facing, 2), grid, UA_FACING) == (3, 4, 2)


# The squares beyond, and the exact edges of the arcs.


def test_zones_reach_the_squares_beyond():
    """UA Combat Facing: Opponent Facing: "If you're attacking from a foe's flank area (or the
    squares beyond it ...)"; "from a foe's rear area (or the squares beyond it)"."""
    orc = Creature("orc", Size.MEDIUM, Square(10, 10), facing=0)
    for ruleset in (UA_FACING, VARIANT):
        assert zone_of(orc, Square(10, 0), SQUARES, ruleset) is Zone.FRONT
        assert zone_of(orc, Square(0, 11), SQUARES, ruleset) is Zone.FLANK
        assert zone_of(orc, Square(11, 20), SQUARES, ruleset) is Zone.REAR


def test_cells_exactly_on_an_arc_edge():
    """Edges are included in front and rear: the 45-degree diagonal ahead is front; the
    135-degree diagonal behind is UA rear but variant side (its rear starts at 150)."""
    orc = Creature("orc", Size.MEDIUM, Square(10, 10), facing=0)
    assert zone_of(orc, Square(0, 0), SQUARES, UA_FACING) is Zone.FRONT
    assert zone_of(orc, Square(20, 20), SQUARES, UA_FACING) is Zone.REAR
    assert zone_of(orc, Square(20, 20), SQUARES, VARIANT) is Zone.FLANK
    assert zone_of(orc, Square(0, 0), SQUARES, VARIANT) is Zone.FRONT


def test_own_space_has_no_zone():
    ogre = Creature("ogre", Size.LARGE, Square(4, 4), facing=0)
    for cell in ogre.cells(SQUARES):
        assert zone_of(ogre, cell, SQUARES, UA_FACING) is None
    assert set(board_zones(ogre, SQUARES, UA_FACING)) == set(SQUARES.cells()) - set(
        ogre.cells(SQUARES)
    )


# No facing.


@pytest.mark.parametrize(
    "creature, grid",
    [
        (Creature("gelatinous cube", Size.LARGE, Square(9, 9), faceless=True), SQUARES),
        (Creature("xorn", Size.MEDIUM, Hex(10, 5), faceless=True), FLAT),
        (Creature("rat", Size.TINY, Square(9, 9)), SQUARES),
        (Creature("bat", Size.DIMINUTIVE, Hex(10, 5)), POINTY),
    ],
)
def test_faceless_and_tiny_creatures_are_all_front(creature, grid):
    """UA Combat Facing, "Faceless Creatures": they "can move or attack into any adjacent
    square, and they can't be flanked or attacked from the rear because they don't have flanks
    or rears"; "Tiny and Smaller Creatures": "otherwise treated as faceless"."""
    for ruleset in RULESETS.values():
        split = zones_around(creature, grid, ruleset)
        assert split[Zone.FRONT] == adjacent_ring(creature, grid)
        assert split[Zone.FLANK] == split[Zone.REAR] == frozenset()
        assert set(board_zones(creature, grid, ruleset).values()) == {Zone.FRONT}


@pytest.mark.parametrize("grid", [SQUARES, FLAT], ids=["square", "hex"])
def test_no_facing_ruleset_puts_everything_in_front(grid):
    """The standard rules have no facing: every cell around every creature is front."""
    for size in (Size.MEDIUM, Size.LARGE, Size.COLOSSAL):
        for facing in range(len(grid.directions)):
            creature = Creature("it", size, grid.from_offset(8, 8), facing=facing)
            assert set(board_zones(creature, grid, NO_FACING).values()) == {Zone.FRONT}


def test_adjacent_ring_sizes_and_board_edge():
    assert len(adjacent_ring(on_squares(Size.LARGE, 0), SQUARES)) == 12
    assert len(adjacent_ring(on_hexes(FLAT, Size.LARGE, 0), FLAT)) == 9
    assert len(adjacent_ring(on_hexes(FLAT, Size.COLOSSAL, 0), FLAT)) == 24
    corner = Creature("orc", Size.MEDIUM, Square(0, 0), facing=0)
    assert adjacent_ring(corner, SQUARES) == {Square(1, 0), Square(1, 1), Square(0, 1)}


def test_board_zones_agree_with_zone_of_cell_by_cell():
    for grid in (SquareGrid(13, 11), HexGrid(13, 11, "flat"), HexGrid(13, 11, "pointy")):
        for size, facing, lead in itertools.product(
            [Size.MEDIUM, Size.LARGE, Size.HUGE], range(6), (1, 2)
        ):
            creature = Creature("it", size, grid.from_offset(6, 5), facing=facing, lead=lead)
            for ruleset in RULESETS.values():
                zones = board_zones(creature, grid, ruleset)
                for cell in grid.cells():
                    assert zones.get(cell) == zone_of(creature, cell, grid, ruleset)


# Symmetry: turning or mirroring creature and board together changes no zone.


def _moved(creature, grid, move_cell, move_vector):
    """The creature whose space and facing are ``creature``'s moved by a rotation or mirror."""
    space = {move_cell(cell) for cell in creature.cells(grid)}
    vector = move_vector(creature.facing_vector(grid))
    anchors = (
        [move_cell(creature.anchor)]
        if grid.kind == "hex"
        else [min(space, key=lambda c: (c.y, c.x))]
    )
    for anchor, facing in itertools.product(anchors, range(len(grid.directions))):
        other = Creature(creature.name, creature.size, anchor, facing=facing, lead=creature.lead)
        if other.facing_vector(grid) == vector and set(other.cells(grid)) == space:
            return other
    raise AssertionError(f"no creature matches {creature} moved")


SQUARE_MOVES = {
    "turn 90": (lambda c: Square(20 - c.y, c.x), lambda v: (-v[1], v[0])),
    "mirror": (lambda c: Square(20 - c.x, c.y), lambda v: (-v[0], v[1])),
}


def _hex_moves(centre: Hex):
    def turn(cell):
        q, r = cell.q - centre.q, cell.r - centre.r
        return Hex(centre.q - r, centre.r + q + r)

    def mirror(cell):
        q, r = cell.q - centre.q, cell.r - centre.r
        return Hex(centre.q + q, centre.r - q - r)

    return {
        "turn 60": (turn, lambda v: (-v[1], v[0] + v[1])),
        "mirror": (mirror, lambda v: (v[0], -v[0] - v[1])),
    }


@pytest.mark.parametrize("move", list(SQUARE_MOVES))
@pytest.mark.parametrize("size", [Size.MEDIUM, Size.LARGE, Size.HUGE, Size.GARGANTUAN])
def test_square_zones_survive_turning_and_mirroring(move, size):
    """A rule that holds facing north holds facing any way (house style: symmetry)."""
    move_cell, move_vector = SQUARE_MOVES[move]
    grid = SquareGrid(21, 21)
    for facing, ruleset in itertools.product(range(8), (UA_FACING, VARIANT)):
        creature = Creature("it", size, Square(6, 8), facing=facing)
        moved = _moved(creature, grid, move_cell, move_vector)
        zones = board_zones(creature, grid, ruleset)
        moved_zones = board_zones(moved, grid, ruleset)
        assert {move_cell(cell): zone for cell, zone in zones.items()} == moved_zones


@pytest.mark.parametrize("grid", HEXES, ids=["flat", "pointy"])
@pytest.mark.parametrize("move", ["turn 60", "mirror"])
@pytest.mark.parametrize("size", [Size.MEDIUM, Size.LARGE, Size.HUGE, Size.GARGANTUAN])
def test_hex_zones_survive_turning_and_mirroring(grid, move, size):
    """The same on hexes, turning by 60 degrees about a hex or mirroring across a line of hexes;
    the board is taken as every hex within 8 of the creature."""
    centre = grid.from_offset(10, 10)
    move_cell, move_vector = _hex_moves(centre)[move]
    nearby = [cell for cell in grid.cells() if grid.distance(cell, centre) <= 8]
    for facing, lead, ruleset in itertools.product(range(6), (1, 2), (UA_FACING, VARIANT)):
        creature = Creature("it", size, grid.from_offset(9, 11), facing=facing, lead=lead)
        moved = _moved(creature, grid, move_cell, move_vector)
        for cell in nearby:
            assert zone_of(creature, cell, grid, ruleset) == zone_of(
                moved, move_cell(cell), grid, ruleset
            )


def test_hex_turn_really_turns():
    """The symmetry test's turn is a 60-degree turn: it takes each direction to the next."""
    centre = Hex(0, 0)
    turn, turn_vector = _hex_moves(centre)["turn 60"]
    for grid in HEXES:
        for index, vector in enumerate(grid.vectors):
            assert turn_vector(vector) == grid.vectors[(index + 1) % 6]
            assert turn(Hex(*vector)) == Hex(*grid.vectors[(index + 1) % 6])


# Rulesets and names.


def test_rulesets_by_name():
    for name, ruleset in RULESETS.items():
        assert parse_ruleset(name.upper()) is ruleset
        assert ruleset_name(ruleset) == name
    assert [r.name for r in (UA_FACING, VARIANT, NO_FACING)] == ["ua", "variant", "none"]
    with pytest.raises(
        RulesetError, match="There is no facing ruleset 'pathfinder': choose ua, variant, none"
    ):
        parse_ruleset("pathfinder")


def test_the_variant_calls_the_flank_its_side():
    """Seed 001 names "side spaces" where UA Combat Facing names "flanks"."""
    assert zone_name(Zone.FLANK, VARIANT) == "side"
    assert zone_name(Zone.FLANK, UA_FACING) == "flank"
    for ruleset in RULESETS.values():
        for zone in Zone:
            assert parse_zone(zone_name(zone, ruleset)) is zone
    assert parse_zone(" Side ") is Zone.FLANK
    with pytest.raises(ZoneError, match="There is no zone 'behind'"):
        parse_zone("behind")


@pytest.mark.parametrize("front, rear", [(50, 135), (150, 45), (45, 200)])
def test_arcs_must_be_exact_and_in_order(front, rear):
    with pytest.raises(RulesetError) as caught:
        Arcs(front, rear)
    assert isinstance(caught.value, RulesError)


def test_a_ruleset_names_all_three_zones():
    with pytest.raises(RulesetError, match="must name all three zones"):
        Ruleset("x", "X", Arcs(45, 135), Arcs(60, 150), ("front", "rear"), "nowhere")


def test_a_ruleset_is_a_value_a_player_can_make():
    """A new ruleset needs no new code: a narrow front on hexes gives 1 / 4 / 1."""
    narrow = Ruleset(
        "narrow", "Narrow", Arcs(45, 135), Arcs(45, 135), ("front", "flank", "rear"), "test"
    )
    assert counts(on_hexes(FLAT, Size.MEDIUM, 0), FLAT, narrow) == (1, 4, 1)


def test_zone_questions_refuse_bad_input():
    wolf = Creature("wolf", Size.MEDIUM, Hex(3, 3), facing=6)
    with pytest.raises(FacingError):
        zone_of(wolf, Hex(0, 0), FLAT, UA_FACING)
    orc = Creature("orc", Size.MEDIUM, Square(3, 3), facing=0)
    with pytest.raises(GridError):
        zone_of(orc, Hex(0, 0), SQUARES, UA_FACING)
