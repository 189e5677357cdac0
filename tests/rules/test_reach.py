"""Reach: threatened cells by size, tall and long, reach weapons; who a move provokes."""

import pytest

from rules.creature import Creature, CreatureError
from rules.grid import HexGrid, Square, SquareGrid
from rules.itemise import total
from rules.movement import Battlefield, FacingPolicy, Mode, plan_move
from rules.reach import (
    can_flank,
    is_opponent,
    natural_reach_of,
    provoked_by,
    reach_band,
    reach_items,
    threat_map,
    threatened_cells,
    threatens,
)
from rules.sizes import Size

GRID = SquareGrid(21, 21)
HEXES = HexGrid(21, 21, "flat")
TALL_LONG = {
    Size.FINE: (0, 0),
    Size.DIMINUTIVE: (0, 0),
    Size.TINY: (0, 0),
    Size.SMALL: (5, 5),
    Size.MEDIUM: (5, 5),
    Size.LARGE: (10, 5),
    Size.HUGE: (15, 10),
    Size.GARGANTUAN: (20, 15),
    Size.COLOSSAL: (30, 20),
}
"""Seed 002, Table: Creature Size and Scale, natural reach (tall, long), typed from the seed."""


def creature(size=Size.MEDIUM, x=10, y=10, **fields) -> Creature:
    """A creature in the middle of ``GRID``."""
    facing = None if size <= Size.TINY else 0
    return Creature("It", size, Square(x, y), facing=facing, **fields)


def ring(cells, centre: Square) -> set[tuple[int, int]]:
    """Cells as offsets from ``centre``."""
    return {(cell.x - centre.x, cell.y - centre.y) for cell in cells}


@pytest.mark.parametrize("size", list(Size))
def test_natural_reach_is_the_table(size):
    """Table: Creature Size and Scale: natural reach by size, tall and long."""
    tall, long = TALL_LONG[size]
    assert natural_reach_of(creature(size)) == tall
    assert natural_reach_of(creature(size, long=True)) == long
    assert natural_reach_of(creature(size, reach=15)) == 15


def test_a_medium_creature_threatens_the_squares_around_it():
    """5-foot reach: the eight squares around it, and its own ("You can attack into your own
    square")."""
    it = creature()
    assert ring(threatened_cells(it, GRID), it.anchor) == {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}


def test_no_reach_threatens_only_its_own_square_and_cannot_flank():
    """"Creatures that take up less than 1 square of space typically have a natural reach of 0
    feet ... they do not threaten the squares around them ... They also can't flank an enemy."."""
    rat = creature(Size.TINY)
    assert threatened_cells(rat, GRID) == {rat.anchor}
    assert not can_flank(rat, GRID)
    assert can_flank(creature(), GRID)
    assert "cannot flank" in reach_items(rat)[-1].reason


def test_ten_foot_reach_counts_diagonals_one_two():
    """Reach is measured like movement (Measuring Distance): a Large tall creature threatens
    every square within 10 feet of its space, the adjacent ones included ("a creature with
    greater than normal natural reach ... still threatens squares adjacent to it"); the square
    two diagonals from a corner is 15 feet away and out of reach."""
    ogre = creature(Size.LARGE)
    cells = ring(threatened_cells(ogre, GRID), ogre.anchor)
    box = {(dx, dy) for dx in range(-2, 4) for dy in range(-2, 4)}
    corners = {(-2, -2), (3, -2), (-2, 3), (3, 3)}
    assert cells == box - corners
    assert {(dx, dy) for dx in (-1, 2) for dy in range(-1, 3)} <= cells


def test_the_optional_corner_reading_of_ten_foot_reach():
    """The optional reading: a 10-foot reach takes the square two diagonals away."""
    ogre = creature(Size.LARGE)
    cells = ring(threatened_cells(ogre, GRID, corners=True), ogre.anchor)
    assert cells == {(dx, dy) for dx in range(-2, 4) for dy in range(-2, 4)}
    assert threatens(ogre, Square(8, 8), GRID, corners=True)
    assert not threatens(ogre, Square(8, 8), GRID)


def test_long_creatures_reach_less():
    """Large (long): 5 feet, the squares around its space."""
    horse = creature(Size.LARGE, long=True)
    assert ring(threatened_cells(horse, GRID), horse.anchor) == {(dx, dy) for dx in range(-1, 3) for dy in range(-1, 3)}


def test_a_reach_weapon_doubles_reach_but_not_at_natural_reach_or_less():
    """"Large or larger creatures using reach weapons can strike up to double their natural reach
    but can't strike at their natural reach or less": a Medium creature with a reach weapon
    strikes at 10 ft only; a Large tall one at 15 and 20 ft."""
    guard = creature(reach_weapon=True)
    cells = ring(threatened_cells(guard, GRID), guard.anchor)
    assert reach_band(guard) == (10, 10)
    assert cells == {(dx, dy) for dx in range(-2, 3) for dy in range(-2, 3) if max(abs(dx), abs(dy)) == 2} - {
        (-2, -2), (2, -2), (-2, 2), (2, 2)
    }
    ogre = creature(Size.LARGE, reach_weapon=True)
    assert reach_band(ogre) == (15, 20)
    # Its space is x = 10 and 11: x = 13 is 10 ft away, 14 and 15 are 15 and 20 ft.
    assert not threatens(ogre, Square(12, 10), GRID) and not threatens(ogre, Square(13, 10), GRID)
    assert threatens(ogre, Square(14, 10), GRID) and threatens(ogre, Square(15, 10), GRID)
    assert not threatens(ogre, Square(16, 10), GRID)
    assert "strikes 15 to 20 ft, not at 10 ft or less" in reach_items(ogre)[-1].reason
    assert threatened_cells(creature(Size.TINY, reach_weapon=True), GRID) == frozenset()


def test_helpless_creatures_threaten_nothing():
    """A helpless creature makes no attacks."""
    assert threatened_cells(creature(helpless=True), GRID) == frozenset()
    assert "Helpless" in reach_items(creature(helpless=True))[-1].reason


def test_hex_reach_counts_hexes():
    """On hexes reach counts hexes: 6 around a Medium creature, 18 more at 10 feet."""
    centre = HEXES.from_offset(10, 10)
    medium = Creature("It", Size.MEDIUM, centre, facing=0)
    assert len(threatened_cells(medium, HEXES)) == 7
    tall = Creature("It", Size.MEDIUM, centre, facing=0, reach=10)
    assert len(threatened_cells(tall, HEXES)) == 19
    assert all(HEXES.distance(centre, cell) <= 2 for cell in threatened_cells(tall, HEXES))


def test_reach_stops_at_the_board_edge():
    """Only cells on the board are threatened."""
    corner = creature(Size.HUGE, x=0, y=0)
    assert all(GRID.contains(cell) for cell in threatened_cells(corner, GRID))


def test_reach_items_explain_the_reach():
    """The reach comes itemised, in feet."""
    assert total(reach_items(creature(Size.HUGE, long=True))) == 10
    assert reach_items(creature(Size.HUGE, long=True))[0].reason == "Natural reach, Huge (long)"
    assert "still threatens adjacent" in reach_items(creature(Size.HUGE))[-1].reason
    with pytest.raises(CreatureError, match="5-foot squares"):
        creature(reach=7)


def test_threat_map_lists_who_threatens_each_cell():
    """The board's overlay: every threatened cell with the creatures threatening it."""
    a, b = creature(x=3, y=3), creature(x=5, y=3)
    found = threat_map((a, b), GRID)
    assert found[Square(4, 3)] == (a, b)
    assert found[Square(2, 3)] == (a,)
    assert Square(8, 8) not in found


def test_moving_out_of_a_threatened_square_provokes():
    """Leaving a square an opponent threatens provokes it; friends and helpless foes do not; a
    5-foot step provokes nobody."""
    hero = Creature("Hero", Size.MEDIUM, Square(5, 5), facing=0)
    goblin = Creature("Goblin", Size.MEDIUM, Square(6, 5), facing=0, side="foe")
    ally = Creature("Ally", Size.MEDIUM, Square(4, 5), facing=0)
    sleeper = Creature("Sleeper", Size.MEDIUM, Square(5, 6), facing=0, side="foe", helpless=True)
    others = (goblin, ally, sleeper, hero)
    before, after = (Square(5, 5),), (Square(4, 4),)
    assert provoked_by(hero, before, after, others, GRID) == (goblin,)
    assert provoked_by(hero, before, after, others, GRID, five_foot_step=True) == ()
    assert provoked_by(hero, (Square(3, 3),), (Square(2, 2),), others, GRID) == ()
    assert is_opponent(hero, goblin) and not is_opponent(hero, ally) and not is_opponent(hero, hero)


def test_approaching_a_creature_with_reach_provokes_and_a_five_foot_step_does_not():
    """"A creature with greater than normal natural reach usually gets an attack of opportunity
    against you if you approach it, because you must enter and move within the range of its
    reach before you can attack it. (This attack of opportunity is not provoked if you take a
    5-foot step.)"."""
    giant = Creature("Giant", Size.LARGE, Square(6, 0), facing=6, side="foe")
    battlefield = Battlefield(SquareGrid(10, 3), creatures=(giant,))
    hero = Creature("Hero", Size.MEDIUM, Square(0, 0), facing=2)
    answer = plan_move(hero, Square(5, 0), battlefield, Mode.MOVE, FacingPolicy.KEEP)
    assert answer.legal
    # The giant's space is x = 6 and 7; it reaches x = 4 and 5. Entering x = 4 is free, moving
    # on from it provokes.
    assert [bool(step.provokes) for step in answer.path.steps] == [False, False, False, False, True]
    assert answer.path.provocations == ((giant, 4),)
    close = Creature("Hero", Size.MEDIUM, Square(4, 0), facing=2)
    step = plan_move(close, Square(5, 0), battlefield, Mode.FIVE_FOOT_STEP)
    assert step.legal and step.path.provocations == ()


def test_a_very_small_creature_entering_a_square_provokes_its_occupant():
    """"A Fine, Diminutive, or Tiny creature can move into or through an occupied square. The
    creature provokes attacks of opportunity when doing so"; moving past one provokes nothing
    ("You can move past them without provoking attacks of opportunity")."""
    rat = Creature("Rat", Size.TINY, Square(3, 3))
    goblin = Creature("Goblin", Size.MEDIUM, Square(4, 3), facing=0, side="foe")
    assert provoked_by(rat, (Square(1, 1),), (Square(4, 3),), (goblin,), GRID) == (goblin,)
    hero = Creature("Hero", Size.MEDIUM, Square(2, 2), facing=0)
    foe_rat = Creature("Rat", Size.TINY, Square(3, 3), side="foe")
    assert provoked_by(hero, (Square(2, 2),), (Square(2, 3),), (foe_rat,), GRID) == ()
