"""Movement: golden cases from the seed sentences, facing and movement, occupancy, answers."""

from dataclasses import replace

import pytest

from rules.creature import Creature, CreatureError
from rules.grid import FacingError, Hex, HexGrid, Square, SquareGrid
from rules.itemise import Item, total
from rules.movement import (
    FACING_MOVEMENT,
    MODE_RULES,
    Battlefield,
    FacingPolicy,
    Mode,
    MoveError,
    Path,
    Step,
    check_route,
    is_squeezed,
    mode_name,
    parse_mode,
    parse_policy,
    plan_move,
    policy_name,
    reachable,
    squeeze_armor_class_items,
    squeeze_attack_items,
    step_zone,
)
from rules.sizes import Size
from rules.terrain import Terrain
from rules.zones import NO_FACING, RULESETS, UA_FACING, VARIANT, Ruleset, Arcs, Zone, zone_of

KEEP, TURN = FacingPolicy.KEEP, FacingPolicy.TURN
KINDS = {
    "d": ("difficult",),
    "o": ("obstacle",),
    "#": ("blocking",),
    "n": ("narrow",),
    "p": ("pit",),
    "D": ("difficult", "obstacle"),
}
N, NE, E, SE, S, SW, W, NW = range(8)


def field(*rows, walls=None, creatures=(), ruleset=UA_FACING) -> Battlefield:
    """A square battlefield drawn as text: ``.`` open, ``d`` difficult, ``o`` hampering
    obstacle, ``#`` blocking, ``n`` narrow, ``p`` pit, ``D`` difficult and obstructed."""
    cells = {Square(x, y): KINDS[char] for y, row in enumerate(rows) for x, char in enumerate(row) if char != "."}
    grid = SquareGrid(len(rows[0]), len(rows))
    return Battlefield(grid, Terrain.build(cells, walls or {}), tuple(creatures), ruleset)


def open_field(width=12, height=12, **kwargs) -> Battlefield:
    """An open square board."""
    return field(*["." * width] * height, **kwargs)


def walker(x=0, y=0, facing=S, size=Size.MEDIUM, **fields) -> Creature:
    """A creature of our side on a square."""
    return Creature("Hero", size, Square(x, y), facing=facing, **fields)


def foe(name, x, y, size=Size.MEDIUM, **fields) -> Creature:
    """An opponent on a square."""
    facing = None if size <= Size.TINY else N
    return Creature(name, size, Square(x, y), facing=facing, side="foe", **fields)


def friend(name, x, y, size=Size.MEDIUM, **fields) -> Creature:
    """A friend on a square."""
    return Creature(name, size, Square(x, y), facing=N, **fields)


def route(creature, cells, battlefield, mode=Mode.DOUBLE, policy=TURN, **kwargs):
    """``check_route`` over ``(x, y)`` pairs."""
    return check_route(creature, [Square(*cell) for cell in cells], battlefield, mode, policy, **kwargs)


def costs(answer) -> list[int]:
    """The squares each step of an answer's path costs."""
    return [step.cost for step in answer.path.steps]


# Measuring Distance.


def test_diagonals_count_one_two_one():
    """Diagonals: "the first diagonal counts as 1 square, the second counts as 2 squares, the
    third counts as 1, the fourth as 2, and so on."."""
    answer = route(walker(), [(1, 1), (2, 2), (3, 3), (4, 4)], open_field())
    assert answer.legal
    assert costs(answer) == [1, 2, 1, 2]
    assert [item.value for item in answer.path.steps[1].items] == [2]
    assert "second of a pair counts 2" in answer.path.steps[1].reason


def test_the_diagonal_count_runs_along_the_whole_path():
    """The count runs along the whole move: a straight step between two diagonals does not
    reset it (diagonal 1, straight 1, diagonal 2)."""
    assert costs(route(walker(), [(1, 1), (1, 2), (2, 3)], open_field())) == [1, 1, 2]


def test_the_cheapest_path_is_the_grid_distance():
    """On open ground the cheapest path costs the 1-2-1-2 distance."""
    battlefield = open_field(15, 15)
    hero = walker(7, 7)
    for x in range(15):
        for y in range(15):
            answer = plan_move(hero, Square(x, y), battlefield, Mode.RUN)
            assert answer.path.squares == battlefield.grid.distance(hero.anchor, Square(x, y))


def test_no_diagonal_past_the_corner_of_a_blocking_obstacle():
    """"You can't move diagonally past a corner (even by taking a 5-foot step)."."""
    battlefield = field("....", ".#..", "....")
    hero = walker(0, 0)
    answer = route(hero, [(1, 0), (2, 1)], battlefield)
    assert not answer.legal
    assert answer.reason.startswith("Blocked: you cannot cut the corner of a blocking obstacle at (1, 1)")
    assert answer.stop.anchor == Square(1, 0)
    five = plan_move(walker(0, 1), Square(1, 2), field("#...", "....", "...."), Mode.FIVE_FOOT_STEP)
    assert five.legal
    blocked = plan_move(walker(0, 1), Square(1, 0), field(".#..", "....", "...."), Mode.FIVE_FOOT_STEP)
    assert not blocked.legal and blocked.stop.anchor == Square(0, 1)
    around = plan_move(walker(1, 0), Square(2, 1), field("..#.", "....", "...."))
    assert [step.anchor for step in around.path.steps] == [Square(1, 1), Square(2, 1)]


def test_no_diagonal_past_the_end_of_a_wall():
    """A wall on the edge between two squares has corners too: no diagonal through its ends;
    straight across is barred."""
    walls = {(Square(1, 1), Square(2, 1)): "wall"}
    battlefield = open_field(5, 5, walls=walls)
    hero = walker(1, 0)
    answer = route(hero, [(2, 1)], battlefield)
    assert answer.reason.startswith("Blocked: you cannot cut the corner of the wall between (1, 1) and (2, 1)")
    straight = route(walker(1, 1), [(2, 1)], battlefield)
    assert straight.reason.startswith("Blocked: the wall between (1, 1) and (2, 1)")
    around = plan_move(walker(1, 1), Square(2, 1), battlefield, Mode.DOUBLE)
    below, above = [Square(1, 2), Square(2, 2), Square(2, 1)], [Square(1, 0), Square(2, 0), Square(2, 1)]
    assert [step.anchor for step in around.path.steps] in (below, above)


def test_diagonally_past_creatures_and_pits():
    """"You can move diagonally past a creature, even an opponent. You can also move
    diagonally past other impassable obstacles, such as pits."."""
    battlefield = field("...", "...", creatures=(foe("Orc", 0, 0), foe("Gnoll", 1, 1)))
    slip = check_route(walker(1, 0), [Square(0, 1)], battlefield, Mode.MOVE)
    assert slip.legal and slip.path.squares == 1
    pits = field("p..", ".p.")
    assert route(walker(1, 0), [(0, 0)], pits).reason.startswith("A pit at (0, 0): you would fall in")
    between = check_route(walker(0, 1), [Square(1, 0)], pits, Mode.MOVE)
    assert between.legal and costs(between) == [1]


# Terrain and Obstacles; Double Movement Cost.


def test_difficult_terrain_counts_two_and_a_diagonal_into_it_three():
    """Difficult Terrain: "Each square of difficult terrain counts as 2 squares of movement.
    (Each diagonal move into a difficult terrain square counts as 3 squares.)" Whatever the
    count of diagonals so far."""
    battlefield = field("....", ".d..", "..d.", "....")
    assert costs(route(walker(1, 0), [(1, 1)], battlefield)) == [2]
    assert costs(route(walker(0, 0), [(1, 1)], battlefield)) == [3]
    assert costs(route(walker(0, 0), [(1, 0), (2, 1), (3, 2)], field("....", "....", "...d", "...."))) == [1, 1, 3]


def test_a_diagonal_into_difficult_terrain_counts_as_a_pair():
    """Double Movement Cost: a diagonal into difficult terrain "counts as 3 squares (just as two
    diagonal moves normally do)": it leaves the 1-2 count where it was, so the next plain
    diagonal after a first one still counts 2 (docs/rules.md, "Movement")."""
    battlefield = field(".....", ".....", "..d..", ".....", ".....")
    answer = route(walker(0, 0), [(1, 1), (2, 2), (3, 3)], battlefield)
    assert costs(answer) == [1, 3, 2]


@pytest.mark.parametrize(
    "kinds, straight, diagonal",
    [
        ("d", 2, 3),
        ("o", 2, 3),
        ("D", 4, 6),
    ],
)
def test_stacked_doubling(kinds, straight, diagonal):
    """"If movement cost is doubled twice, then each square counts as 4 squares (or as 6
    squares if moving diagonally)": difficult terrain with a hampering obstacle on it."""
    battlefield = field("...", "." + kinds + ".", "...")
    assert costs(route(walker(1, 0), [(1, 1)], battlefield)) == [straight]
    assert costs(route(walker(0, 0), [(1, 1)], battlefield)) == [diagonal]


def test_doubled_three_times():
    """"If movement cost is doubled three times, then each square counts as 8 squares (12 if
    diagonal)": a narrow, obstructed patch of difficult terrain."""
    terrain = Terrain.build({Square(1, 1): ("difficult", "obstacle", "narrow")})
    battlefield = Battlefield(SquareGrid(3, 3), terrain)
    straight = route(walker(1, 0), [(1, 1)], battlefield, Mode.RUN, policy=TURN)
    assert not straight.legal and "cannot run across" in straight.reason
    assert costs(route(walker(1, 0), [(1, 1)], battlefield, Mode.DOUBLE)) == [8]
    diagonal = route(walker(0, 0), [(1, 1)], battlefield, Mode.DOUBLE)
    assert costs(diagonal) == [12]
    assert [item.value for item in diagonal.path.steps[0].items] == [1, 2, 3, 6]
    assert sum(item.value for item in diagonal.path.steps[0].items) == 12


def test_each_doubling_is_a_line():
    """Every cause of a doubling is its own line, worth what it adds, citing its rule."""
    step = route(walker(1, 0, facing=N), [(1, 1)], field("...", ".D.", "..."), policy=KEEP).path.steps
    assert [item.value for item in step[0].items] == [1, 1, 2, 4]
    reasons = [item.reason for item in step[0].items]
    assert reasons[1].startswith("Difficult terrain at (1, 1)")
    assert reasons[2].startswith("A hampering obstacle at (1, 1)")
    assert reasons[3].startswith("Backward without turning (into your rear)")


def test_crossing_a_low_wall_costs_two_more():
    """Obstacles: an obstacle between squares "counts as 2 squares of movement. You must pay
    this cost to cross the barrier, in addition to the cost to move into the square on the other
    side. If you don't have sufficient movement to cross the barrier and move into the square on
    the other side, you can't cross the barrier."."""
    walls = {(Square(1, 1), Square(1, 2)): "low wall"}
    battlefield = field("...", "...", ".d.", walls=walls)
    answer = route(walker(1, 1), [(1, 2)], battlefield)
    assert costs(answer) == [4]
    assert answer.path.steps[0].items[-1].reason.startswith("Crossing the low wall between (1, 1) and (1, 2)")
    slow = walker(1, 0, speed=15)
    short = route(slow, [(1, 1), (1, 2)], battlefield, Mode.MOVE)
    assert not short.legal
    assert short.reason.startswith("Out of movement: this step needs 20 ft, 10 ft left")
    assert short.stop.anchor == Square(1, 1)


def test_blocking_obstacles_block_everyone():
    """"A character can't move through a blocking obstacle." Flyers too (docs/rules.md)."""
    battlefield = field("...", ".#.", "...")
    for hero in (walker(1, 0), walker(1, 0, flying=True), walker(1, 0, incorporeal=True)):
        answer = route(hero, [(1, 1)], battlefield)
        assert not answer.legal and answer.reason.startswith("Blocked: a blocking obstacle at (1, 1)")


def test_flying_and_incorporeal_creatures_are_not_hampered():
    """"Flying and incorporeal creatures are not hampered by difficult terrain"; they "can avoid
    most obstacles": hampering obstacles, low walls and pits."""
    battlefield = field("...", "dop", "...", walls={(Square(0, 2), Square(1, 2)): "low wall"})
    for hero in (walker(0, 0, flying=True), walker(0, 0, incorporeal=True)):
        answer = route(hero, [(0, 1), (1, 1), (2, 1), (2, 2), (1, 2), (0, 2)], battlefield, Mode.RUN)
        assert answer.legal and costs(answer) == [1] * 6


def test_you_cannot_run_or_charge_across_difficult_terrain():
    """Difficult Terrain: "You can't run or charge across difficult terrain."."""
    battlefield = field("...", "ddd", "...")
    for mode in (Mode.RUN, Mode.CHARGE):
        answer = plan_move(walker(1, 0), Square(1, 2), battlefield, mode)
        assert not answer.legal
        assert answer.reason.startswith("No way there")
        blocked = route(walker(1, 0), [(1, 1)], battlefield, mode)
        assert blocked.reason.startswith(f"Difficult terrain at (1, 1): you cannot {mode_name(mode)} across it")
    assert plan_move(walker(1, 0), Square(1, 2), battlefield, Mode.MOVE).legal


def test_a_big_creature_pays_for_the_most_difficult_terrain_it_occupies():
    """"If you occupy squares with different kinds of terrain, you can move only as fast as the
    most difficult terrain you occupy will allow": a Large creature whose new space has one
    difficult square and one obstructed square pays 2, not 4; with both on one square, 4."""
    ogre = walker(0, 0, size=Size.LARGE)
    assert costs(route(ogre, [(0, 1)], field("....", "....", "d...", "...."))) == [2]
    assert costs(route(ogre, [(0, 1)], field("....", "....", "do..", "...."))) == [2]
    assert costs(route(ogre, [(0, 1)], field("....", "....", "D...", "...."))) == [4]


def test_a_big_creature_moves_its_whole_space():
    """A multi-square creature's whole footprint moves: an obstacle under any of its new squares
    stops it, and it goes around."""
    ogre = walker(0, 0, size=Size.LARGE)
    battlefield = field(".....", ".....", ".#...", ".....", ".....")
    answer = route(ogre, [(0, 1)], battlefield)
    assert answer.reason.startswith("Blocked: a blocking obstacle at (1, 2)")
    around = plan_move(ogre, Square(0, 3), battlefield, Mode.DOUBLE)
    assert around.legal
    assert all(Square(1, 2) not in step.cells for step in around.path.steps)


# Squeezing.


def corridor() -> Battlefield:
    """A corridor one square wide, rows 2 to 4, running north and south at x = 2 between
    blocking walls, with open ground two squares deep at each end."""
    return field(".....", ".....", "##.##", "##.##", "##.##", ".....", ".....")


def test_a_large_creature_squeezes_into_a_corridor_one_square_wide():
    """Squeezing: "When a Large creature ... squeezes into a space that's one square wide, the
    creature's miniature figure occupies two squares"; "Each move into or through a narrow space
    counts as if it were 2 squares"."""
    ogre = walker(1, 5, size=Size.LARGE)
    answer = plan_move(ogre, Square(2, 2), corridor(), Mode.DOUBLE, squeezed_to=(1, 2))
    assert answer.legal
    assert answer.stop.squeezed_to == (1, 2)
    assert answer.stop.cells(corridor().grid) == (Square(2, 2), Square(2, 3))
    for step in answer.path.steps:
        assert step.squeezed_to in ((1, 2), (2, 1))
        assert any(item.reason.startswith("Squeezing into a space") for item in step.items)
        assert step.cost == 2
    assert answer.path.squares == 6 and answer.path.steps[-1].squeezed_to == (1, 2)
    through = plan_move(ogre, Square(1, 0), corridor(), Mode.RUN)
    assert through.legal and through.stop.squeezed_to is None


def test_bigger_creatures_squeeze_likewise_and_only_where_they_must():
    """"For a bigger creature, center the creature likewise in the area it squeezes into": a Huge
    creature (15 feet) takes a corridor two squares (10 feet) wide as a 2 x 3 space. Nobody
    squeezes where its whole space has room ("an area that isn't as wide as the space you take
    up")."""
    battlefield = field("......", "......", "......", "#..###", "#..###", "#..###", "#..###", "......")
    giant = walker(0, 0, size=Size.HUGE)
    answer = plan_move(giant, Square(1, 3), battlefield, Mode.RUN, squeezed_to=(2, 3))
    assert answer.legal and answer.stop.cells(battlefield.grid)[0] == Square(1, 3)
    assert answer.path.steps[-1].cost == 2
    found = reachable(giant, battlefield, Mode.RUN)
    assert found.squeezed and all(y >= 1 and (w, h) == (2, 3) for x, y, w, h in found.squeezed)
    roomy = plan_move(giant, Square(2, 0), battlefield, Mode.RUN, squeezed_to=(2, 3))
    assert not roomy.legal
    assert roomy.reason.startswith("No need to squeeze at (2, 0): there is room for your whole space")
    assert not reachable(walker(0, 0, size=Size.LARGE), open_field()).squeezed


def test_squeezed_creatures_take_four_off_attack_and_armour_class():
    """"while squeezed in a narrow space you take a -4 penalty on attack rolls and a -4 penalty
    to AC"."""
    battlefield = corridor()
    squeezed = Creature("Ogre", Size.LARGE, Square(2, 2), facing=N, squeezed_to=(1, 2))
    assert is_squeezed(squeezed, battlefield)
    assert [item.value for item in squeeze_attack_items(squeezed, battlefield)] == [-4]
    assert [item.value for item in squeeze_armor_class_items(squeezed, battlefield)] == [-4]
    assert squeeze_attack_items(walker(0, 0), battlefield) == ()
    narrow = field("n..")
    assert is_squeezed(walker(0, 0), narrow)
    assert not is_squeezed(Creature("Rat", Size.TINY, Square(0, 0)), narrow)


def test_squeezed_shapes_are_checked():
    """A squeezed space is at least half as wide as the creature's."""
    Creature("Titan", Size.COLOSSAL, Square(0, 0), facing=N, squeezed_to=(3, 6))
    with pytest.raises(CreatureError, match="3 x 6, 6 x 3, 4 x 6"):
        Creature("Titan", Size.COLOSSAL, Square(0, 0), facing=N, squeezed_to=(2, 6))
    with pytest.raises(CreatureError, match="Only a Large or bigger"):
        Creature("Hero", Size.MEDIUM, Square(0, 0), facing=N, squeezed_to=(1, 1))
    with pytest.raises(MoveError, match="cannot squeeze"):
        plan_move(walker(), Square(1, 1), open_field(), squeezed_to=(1, 2))


def test_narrow_passages_half_a_square_wide():
    """"You can squeeze through or into a space that is at least half as wide as your normal
    space": a 5-foot creature squeezes through a cell marked narrow (2 squares), a Tiny one
    walks it, a Large one cannot enter it."""
    battlefield = field(".n.")
    answer = route(walker(0, 0), [(1, 0), (2, 0)], battlefield)
    assert costs(answer) == [2, 1]
    assert answer.path.steps[0].items[1].reason.startswith("Squeezing through a narrow passage at (1, 0)")
    rat = Creature("Rat", Size.TINY, Square(0, 0))
    assert costs(route(rat, [(1, 0)], battlefield)) == [1]
    big = field("..n.", "..n.")
    refused = route(walker(0, 0, size=Size.LARGE), [(1, 0)], big)
    assert refused.reason.startswith("Too narrow: a narrow passage at (2, 0) is less than half as wide as your space")


def test_squeezing_past_an_opponent():
    """"A creature can squeeze past an opponent while moving but it can't end its movement in an
    occupied square": a Large creature slips by in one file, and may not stop in the gap."""
    goblin = foe("Goblin", 1, 2)
    battlefield = field("...", "...", "#..", "...", "...", "...", creatures=(goblin,))
    ogre = walker(1, 0, size=Size.LARGE)
    answer = plan_move(ogre, Square(1, 4), battlefield, Mode.DOUBLE)
    assert answer.legal
    assert any(step.squeezed_to == (1, 2) for step in answer.path.steps)
    assert all(goblin.anchor not in step.cells for step in answer.path.steps)


# Moving through a Square.


def test_through_a_friend_but_not_when_charging():
    """Friend: "You can move through a square occupied by a friendly character, unless you are
    charging."; Ending Your Movement: "You can't end your movement in the same square as
    another creature unless it is helpless"."""
    ally = friend("Ally", 1, 1)
    battlefield = field("...", "#.#", "...", creatures=(ally,))
    assert plan_move(walker(1, 0), Square(1, 2), battlefield).legal
    charge = plan_move(walker(1, 0), Square(1, 2), battlefield, Mode.CHARGE)
    assert not charge.legal and charge.reason.startswith("No way there")
    charging = route(walker(1, 0), [(1, 1)], battlefield, Mode.CHARGE)
    assert charging.reason.startswith("You cannot charge through Ally (a friend)")
    end = plan_move(walker(1, 0), Square(1, 1), battlefield)
    assert not end.legal
    assert end.reason.startswith("Occupied by Ally: you cannot end your move in another creature's space")
    assert end.stop.anchor == Square(1, 0)
    assert (1, 1) not in reachable(walker(1, 0), battlefield).costs


def test_not_through_an_opponent():
    """Opponent: "You can't move through a square occupied by an opponent, unless the opponent
    is helpless."."""
    battlefield = field("...", "#.#", "...", creatures=(foe("Goblin", 1, 1),))
    answer = route(walker(1, 0), [(1, 1), (1, 2)], battlefield)
    assert answer.reason.startswith("Occupied by Goblin (an opponent)")
    assert not plan_move(walker(1, 0), Square(1, 2), battlefield).legal


def test_through_and_onto_a_helpless_opponent():
    """"You can move through a square occupied by a helpless opponent without penalty" and end
    there; "Some creatures, particularly very large ones, may present an obstacle even when
    helpless. In such cases, each square you move through counts as 2 squares" (Large and up,
    "Very large creatures take up more than 1 square")."""
    sleeper = foe("Goblin", 1, 1, helpless=True)
    battlefield = field("...", "#.#", "...", creatures=(sleeper,))
    assert costs(route(walker(1, 0), [(1, 1), (1, 2)], battlefield)) == [1, 1]
    assert plan_move(walker(1, 0), Square(1, 1), battlefield).legal
    giant = foe("Giant", 1, 1, size=Size.LARGE, helpless=True)
    wide = field("....", "....", "....", "....", creatures=(giant,))
    answer = route(walker(1, 0), [(1, 1), (1, 2), (1, 3)], wide)
    assert costs(answer) == [2, 2, 1]
    assert "Through helpless Giant" in answer.path.steps[0].reason


@pytest.mark.parametrize(
    "mover, other, passes",
    [
        (Size.MEDIUM, Size.HUGE, False),
        (Size.MEDIUM, Size.GARGANTUAN, True),
        (Size.SMALL, Size.HUGE, True),
        (Size.HUGE, Size.SMALL, True),
        (Size.HUGE, Size.MEDIUM, False),
    ],
)
def test_three_size_categories_apart(mover, other, passes):
    """"Any creature can move through a square occupied by a creature three size categories
    larger than it is. A big creature can move through a square occupied by a creature three
    size categories smaller than it is." Not ending there."""
    battlefield = open_field(16, 16, creatures=(foe("Other", 5, 5, size=other),))
    hero = walker(5 - (2 if mover == Size.HUGE else 0), 0, size=mover)
    target = Square(hero.anchor.x, 12)
    answer = plan_move(hero, target, battlefield, Mode.RUN, KEEP)
    assert answer.legal
    path_cells = {cell for step in answer.path.steps for cell in step.cells}
    assert (answer.path.squares == 12) == passes
    assert (Square(5, 5) in path_cells) == passes
    stop = plan_move(hero, Square(hero.anchor.x, 5), battlefield, Mode.RUN, KEEP)
    assert not stop.legal


def test_very_small_creatures_enter_occupied_squares_and_provoke():
    """Very Small Creature: "A Fine, Diminutive, or Tiny creature can move into or through an
    occupied square. The creature provokes attacks of opportunity when doing so." It may end
    there to attack ("They must enter an opponent's square to attack in melee")."""
    goblin = foe("Goblin", 2, 0)
    rat = Creature("Rat", Size.TINY, Square(0, 0))
    battlefield = open_field(5, 2, creatures=(goblin,))
    answer = plan_move(rat, Square(2, 0), battlefield, policy=KEEP)
    assert answer.legal
    assert answer.path.steps[-1].provokes == (goblin,)
    assert answer.path.provocations == ((goblin, 1),)


def test_four_tiny_creatures_share_a_square():
    """"A Tiny creature typically occupies a space only 2-1/2 feet across, so four can fit into a
    single square."
    """
    rats = tuple(Creature(f"Rat {n}", Size.TINY, Square(1, 0), side="foe") for n in range(3))
    rat = Creature("Rat", Size.TINY, Square(0, 0))
    assert plan_move(rat, Square(1, 0), open_field(3, 1, creatures=rats)).legal
    crowd = rats + (Creature("Rat 4", Size.TINY, Square(1, 0), side="foe"),)
    full = plan_move(rat, Square(1, 0), open_field(3, 1, creatures=crowd))
    assert not full.legal and full.reason.startswith("No room")


def test_a_creature_that_fills_its_space_cannot_be_passed():
    """Designated Exceptions: "A creature that completely fills the squares it occupies cannot be
    moved past" - not by a Tiny creature, not by one three sizes apart."""
    cube = foe("Cube", 1, 1, size=Size.LARGE, fills_space=True)
    battlefield = open_field(4, 4, creatures=(cube,))
    rat = Creature("Rat", Size.TINY, Square(1, 0))
    answer = route(rat, [(1, 1)], battlefield)
    assert answer.reason.startswith("Blocked: Cube fills its space")


def test_an_illegal_end_stops_at_the_last_legal_position_or_a_closer_one():
    """Accidentally Ending Movement in an Illegal Space: "put your miniature in the last legal
    position you occupied, or the closest legal position, if there's a legal position that's
    closer."."""
    ally = friend("Ally", 2, 0)
    battlefield = field(".....", "#####", creatures=(ally,))
    last = plan_move(walker(0, 0), Square(2, 0), battlefield)
    assert last.stop.anchor == Square(1, 0)
    assert "last legal position" in last.reason
    allies = (friend("Ally", 2, 1), friend("Bard", 3, 1))
    corridor = field("######", "......", "######", creatures=allies)
    closer = plan_move(walker(0, 1, facing=E), Square(3, 1), corridor)
    assert closer.stop.anchor == Square(4, 1)
    assert closer.reason.startswith("Occupied by Bard") and "closer legal position" in closer.reason
    assert closer.rule == "Seed 002: Accidentally Ending Movement in an Illegal Space"


def test_out_of_reach_stops_as_far_as_the_budget_goes():
    """A target past the budget: the creature walks the cheapest way there as far as its speed
    allows, and the answer says how far short it fell."""
    answer = plan_move(walker(0, 0), Square(0, 9), open_field(), Mode.MOVE)
    assert not answer.legal
    assert answer.reason == "Out of movement: this step needs 5 ft, 0 ft left; you stop at the last legal position"
    assert answer.stop.anchor == Square(0, 6) and answer.path.feet == 30


def test_an_impassable_target_stops_at_the_closest_legal_position():
    """A target nobody can stand in (a wall, an opponent, off the board's edge)."""
    battlefield = field("......", "...#..", creatures=(foe("Orc", 5, 0),))
    wall = plan_move(walker(0, 1), Square(3, 1), battlefield)
    assert wall.reason.startswith("Blocked: a blocking obstacle at (3, 1)")
    assert wall.stop.anchor in (Square(2, 1), Square(2, 0), Square(3, 0), Square(4, 0), Square(4, 1))
    assert battlefield.grid.distance(wall.stop.anchor, Square(3, 1)) == 1
    orc = plan_move(walker(0, 1), Square(5, 0), battlefield)
    assert orc.reason.startswith("Occupied by Orc (an opponent)")
    edge = plan_move(walker(0, 0, size=Size.LARGE), Square(5, 1), battlefield)
    assert edge.reason.startswith("Off the board: (6, 1) is past the edge")


def test_an_enclosed_target_has_no_way_there():
    """A legal place walled off from the mover."""
    battlefield = field(".....", ".###.", ".#.#.", ".###.", ".....")
    answer = plan_move(walker(0, 0), Square(2, 2), battlefield, Mode.RUN)
    assert answer.reason.startswith("No way there: walls, obstacles or creatures close (2, 2) off")


def test_a_route_must_go_cell_by_cell():
    """``check_route`` takes one neighbouring cell at a time."""
    answer = route(walker(0, 0), [(2, 0)], open_field())
    assert answer.reason.startswith("Not a step: (2, 0) is not next to (0, 0)")
    assert answer.stop == walker(0, 0)


# Movement in Combat: 5-foot step, minimum movement.


def test_a_five_foot_step_goes_to_any_adjacent_square_without_turning():
    """UA Combat Facing, 5-Foot Steps: "you can move into any adjacent square, even squares in
    your rear or on your flank. You do not change facing when taking a 5-foot step." It provokes
    no attack of opportunity."""
    goblin = foe("Goblin", 2, 1)
    battlefield = open_field(5, 5, creatures=(goblin,))
    hero = walker(2, 2, facing=N)
    for target in battlefield.grid.neighbours(hero.anchor):
        if target == goblin.anchor:
            continue
        answer = plan_move(hero, target, battlefield, Mode.FIVE_FOOT_STEP, KEEP)
        assert answer.legal and answer.path.squares == 1
        assert answer.stop.facing == N and answer.path.steps[0].facing == N
        assert answer.path.steps[0].provokes == ()
        assert not answer.path.moved
    turned = plan_move(hero, Square(2, 3), battlefield, Mode.FIVE_FOOT_STEP, end_facing=S)
    assert not turned.legal and turned.reason.startswith("A 5-foot step does not change facing")
    assert turned.stop.anchor == Square(2, 3) and turned.stop.facing == N
    assert len(reachable(hero, battlefield, Mode.FIVE_FOOT_STEP).costs) == 8


def test_a_five_foot_step_covers_one_square_of_movement():
    """A 5-foot step covers 5 feet: not into a square that counts 2 (difficult terrain), nor
    across a low wall (docs/rules.md, "Movement")."""
    battlefield = field("...", ".d.", "...", walls={(Square(0, 0), Square(1, 0)): "low wall"})
    hero = walker(1, 0)
    answer = plan_move(hero, Square(1, 1), battlefield, Mode.FIVE_FOOT_STEP)
    assert not answer.legal and answer.stop == hero
    step = route(hero, [(1, 1)], battlefield, Mode.FIVE_FOOT_STEP)
    assert step.reason.startswith("A 5-foot step moves one square of movement; this one counts 2")
    # Not (0, 0) across the low wall, nor (0, 1) diagonally past its end.
    assert set(reachable(hero, battlefield, Mode.FIVE_FOOT_STEP).costs) == {(1, 0), (2, 0), (2, 1)}
    two = route(hero, [(2, 1), (2, 2)], battlefield, Mode.FIVE_FOOT_STEP)
    assert two.reason.startswith("A 5-foot step is one step, not 2") and two.stop.anchor == Square(2, 1)


def test_a_five_foot_step_into_a_walled_off_neighbour_names_the_wall():
    """Issue 13: a 5-foot step to the square beyond a wall is refused because of the wall, not
    because it "goes to a neighbouring cell only" (the square is a neighbour)."""
    battlefield = field("...", "...", "...", walls={(Square(1, 0), Square(1, 1)): "wall"})
    answer = plan_move(walker(1, 1), Square(1, 0), battlefield, Mode.FIVE_FOOT_STEP)
    assert not answer.legal
    assert answer.problem == "Blocked: the wall between (1, 0) and (1, 1)"
    far = plan_move(walker(1, 1), Square(1, 3), open_field(5, 5), Mode.FIVE_FOOT_STEP)
    assert far.problem == "A 5-foot step goes to a neighbouring cell only"


def test_the_problem_alone_says_nothing_of_where_the_creature_stops():
    """Issue 13: ``reason`` tells a script where the rules stop the creature ("you stop at the
    last legal position"); ``problem`` is the reason alone, for a board that puts a refused
    token back where it started. A legal answer's problem is its reason."""
    hero = walker(0, 0, speed=10)
    far = plan_move(hero, Square(0, 5), open_field(6, 6))
    assert not far.legal
    assert far.reason == far.problem + "; you stop at the last legal position"
    assert "you stop" not in far.problem and far.problem.startswith("Out of movement")
    ogre = foe("Ogre", 3, 3)
    onto = plan_move(walker(0, 3), Square(3, 3), open_field(6, 6, creatures=(ogre,)))
    assert "you stop" not in onto.problem and onto.reason.startswith(onto.problem)
    near = plan_move(hero, Square(0, 1), open_field(6, 6))
    assert near.legal and near.problem == near.reason


def test_minimum_movement_moves_one_square_whatever_it_costs():
    """Minimum Movement: "you can take a full-round action to move 5 feet (1 square) in any
    direction, even diagonally. (This rule doesn't allow you to move through impassable terrain
    or to move when all movement is prohibited.) Such movement provokes attacks of opportunity
    as normal"."""
    goblin = foe("Goblin", 0, 1)
    battlefield = field("D..", "...", ".#.", creatures=(goblin,))
    slow = walker(1, 1, speed=5)
    assert not plan_move(slow, Square(0, 0), battlefield, Mode.MOVE).legal
    answer = plan_move(slow, Square(0, 0), battlefield, Mode.MINIMUM)
    assert answer.legal and answer.path.squares == 1
    assert answer.path.steps[0].items[-1].rule == "Seed 002: Minimum Movement"
    assert answer.path.steps[0].provokes == (goblin,)
    assert not plan_move(slow, Square(1, 2), battlefield, Mode.MINIMUM).legal
    stuck = plan_move(walker(1, 1, speed=0), Square(1, 0), battlefield, Mode.MINIMUM)
    assert not stuck.legal and stuck.reason.startswith("Hero cannot move at all (speed 0)")
    traced = route(walker(1, 1, speed=0), [(1, 0)], battlefield, Mode.MINIMUM)
    assert not traced.legal and traced.reason.startswith("Hero cannot move at all (speed 0)")


# Facing and Movement.


def test_keeping_facing_costs_two_squares_into_the_flank_or_rear():
    """UA Combat Facing, Moving Backward or Sideways: "It costs two squares of movement to enter
    a square on your flank or in your rear area." Front squares cost normally. A diagonal into
    the rear counts 3, the doubled diagonal (docs/rules.md, "Movement")."""
    battlefield = open_field(5, 5)
    hero = walker(2, 2, facing=N)
    expected = {N: 1, NE: 1, E: 2, SE: 3, S: 2, SW: 3, W: 2, NW: 1}
    grid = battlefield.grid
    for direction, cost in expected.items():
        answer = route(hero, [grid.step(hero.anchor, direction).coords], battlefield, policy=KEEP)
        assert answer.path.squares == cost
        assert answer.path.steps[0].facing == N
    turning = {d: route(hero, [grid.step(hero.anchor, d).coords], battlefield).path for d in expected}
    assert {direction: path.squares for direction, path in turning.items()} == {d: 1 for d in expected}
    assert all(path.steps[0].facing == direction for direction, path in turning.items())


@pytest.mark.parametrize("facing", range(8))
def test_facing_costs_turn_with_the_creature(facing):
    """A rule that holds facing north holds facing any way: keeping a facing, the step straight
    back costs 2 and the step straight ahead 1."""
    battlefield = open_field(5, 5)
    hero = walker(2, 2, facing=facing)
    grid = battlefield.grid
    ahead = grid.step(hero.anchor, facing).coords
    back = grid.step(hero.anchor, (facing + 4) % 8).coords
    assert route(hero, [ahead], battlefield, policy=KEEP).path.squares == 1
    assert route(hero, [back], battlefield, policy=KEEP).path.squares == (2 if facing % 2 == 0 else 3)


def test_under_the_variant_facing_is_declared_after_moving():
    """Seed 001: a creature "declares its facing at the end of the movement": no cost for
    moving backward, facing unchanged until the end, then set."""
    battlefield = open_field(5, 5, ruleset=VARIANT)
    hero = walker(2, 2, facing=N)
    answer = plan_move(hero, Square(2, 4), battlefield, policy=KEEP, end_facing=S)
    assert answer.legal and answer.path.squares == 2
    assert [step.facing for step in answer.path.steps] == [N, N]
    assert answer.stop.facing == S
    turning = plan_move(hero, Square(2, 4), battlefield, policy=TURN)
    assert [step.facing for step in turning.path.steps] == [N, N]


def test_faceless_and_tiny_creatures_move_any_way_at_no_cost():
    """"Faceless creatures can move or attack into any adjacent square"; Tiny creatures "are
    otherwise treated as faceless"."""
    battlefield = open_field(5, 5)
    ooze = Creature("Ooze", Size.MEDIUM, Square(2, 2), faceless=True)
    answer = plan_move(ooze, Square(2, 4), battlefield, policy=KEEP)
    assert answer.path.squares == 2 and answer.path.steps[0].facing is None
    with pytest.raises(MoveError, match="no facing"):
        plan_move(ooze, Square(2, 4), battlefield, end_facing=N)


SQUARE_ARCS_ON_HEXES = Ruleset("hexua", "UA on hexes", Arcs(45, 135), Arcs(45, 135), ("front", "flank", "rear"), "test")
"""The other reading of UA on hexes (docs/rules.md, "Zones"): its square arcs."""


@pytest.mark.parametrize("ruleset", [*RULESETS.values(), SQUARE_ARCS_ON_HEXES])
@pytest.mark.parametrize("grid", [SquareGrid(7, 7), HexGrid(7, 7, "flat"), HexGrid(7, 7, "pointy")])
def test_step_zones_agree_with_the_zones_of_a_medium_creature(ruleset, grid):
    """The zone a step goes into is the zone of the cell it enters around a Medium creature
    (``rules.zones``), for every facing and direction."""
    centre = grid.from_offset(3, 3)
    for facing in range(len(grid.directions)):
        hero = Creature("Hero", Size.MEDIUM, centre, facing=facing)
        for direction in range(len(grid.directions)):
            expected = zone_of(hero, grid.step(centre, direction), grid, ruleset)
            assert step_zone(hero, direction, grid, ruleset) is expected


def test_a_move_counts_as_moving_for_the_free_turn():
    """UA Changing Facing: "If you do not move during your turn, or if your movement is limited
    to a 5-foot step, you may change facing once ... as a free action": ``Path.moved`` tells the
    round tracker which."""
    battlefield = open_field(5, 5)
    hero = walker(2, 2)
    assert plan_move(hero, Square(2, 3), battlefield).path.moved
    assert plan_move(hero, Square(2, 3), battlefield, Mode.MINIMUM).path.moved
    assert not plan_move(hero, Square(2, 3), battlefield, Mode.FIVE_FOOT_STEP).path.moved
    assert not plan_move(hero, Square(2, 2), battlefield, end_facing=N).path.moved
    assert MODE_RULES[Mode.FIVE_FOOT_STEP].keeps_free_turn


# Hexes.


def test_hexes_count_hexes_and_have_no_diagonals():
    """"Characters simply move from hex to adjacent hex": a path costs its hex count, difficult
    hexes 2."""
    grid = HexGrid(9, 9, "pointy")
    centre = grid.from_offset(4, 4)
    hero = Creature("Hero", Size.MEDIUM, centre, facing=0)
    for cell in grid.cells():
        assert plan_move(hero, cell, Battlefield(grid), Mode.RUN).path.squares == grid.distance(centre, cell)
    battlefield = Battlefield(grid, Terrain.build({grid.step(centre, 0): "difficult"}))
    assert not plan_move(hero, grid.step(centre, 0), battlefield, Mode.RUN).legal
    slow = plan_move(hero, grid.step(centre, 0), battlefield, Mode.MOVE, KEEP)
    assert slow.path.squares == 2


def test_a_large_triangle_keeps_its_shape():
    """A Large creature on hexes moves its three hexes together and its facing is a hex corner;
    turning at the end keeps its hexes (docs/rules.md, "Footprints")."""
    grid = HexGrid(9, 9, "flat")
    start = grid.from_offset(2, 4)
    horse = Creature("Horse", Size.LARGE, start, facing=1, lead=2)
    shape = sorted((c.q - start.q, c.r - start.r) for c in horse.cells(grid))
    battlefield = Battlefield(grid)
    answer = plan_move(horse, grid.from_offset(6, 3), battlefield, Mode.DOUBLE, end_facing=4)
    assert answer.legal
    for step in answer.path.steps:
        assert sorted((c.q - step.anchor.q, c.r - step.anchor.r) for c in step.cells) == shape
    assert set(answer.stop.cells(grid)) == set(answer.path.steps[-1].cells)
    assert answer.stop.facing == 4


def test_a_huge_hexagon_moves_as_a_whole():
    """A multi-hex creature moves its whole footprint: a blocking hex under any of its seven
    stops it."""
    grid = HexGrid(11, 11, "flat")
    centre = grid.from_offset(5, 5)
    ahead = grid.step(centre, 0)
    wall = grid.step(ahead, 0)
    giant = Creature("Giant", Size.HUGE, centre, facing=0)
    battlefield = Battlefield(grid, Terrain.build({wall: "blocking"}))
    answer = check_route(giant, [ahead], battlefield)
    assert not answer.legal and answer.reason.startswith(f"Blocked: a blocking obstacle at ({wall.q}, {wall.r})")


# Answers and values.


def test_answers_always_say_why():
    """A legal answer reads "Legal: 25 ft of 30 ft (move)"; an illegal one gives its reason."""
    battlefield = open_field()
    answer = plan_move(walker(0, 0), Square(3, 4), battlefield)
    assert answer.legal and answer.reason == "Legal: 25 ft of 30 ft (move)"
    assert answer.rule == MODE_RULES[Mode.MOVE].rule
    assert answer.path.feet == 25 and sum(step.feet for step in answer.path.steps) == 25
    stay = plan_move(walker(0, 0), Square(0, 0), battlefield)
    assert stay.legal and stay.path.steps == () and stay.reason == "Legal: 0 ft of 30 ft (move)"


def test_reachable_costs_match_the_paths():
    """Every place ``reachable`` lists costs what the path there costs, and every other place
    within the budget is illegal."""
    goblin = foe("Goblin", 5, 4)
    ally = friend("Ally", 3, 3)
    battlefield = field(
        "......d.",
        "..#...d.",
        "..#.o...",
        "...D....",
        "dd......",
        ".....p..",
        creatures=(goblin, ally),
        walls={(Square(5, 1), Square(6, 1)): "wall", (Square(1, 4), Square(1, 5)): "low wall"},
    )
    movers = ((walker(0, 0, facing=E), KEEP), (walker(0, 0, facing=E), TURN), (walker(0, 0, size=Size.LARGE), TURN))
    for hero, policy in movers:
        found = reachable(hero, battlefield, Mode.MOVE, policy)
        assert found.costs[hero.anchor.coords] == 0
        for cell in battlefield.grid.cells():
            answer = plan_move(hero, cell, battlefield, Mode.MOVE, policy)
            assert answer.legal == (cell.coords in found.costs)
            if answer.legal:
                assert answer.path.squares == found.cost_of(cell)
                places = [(step.anchor, step.squeezed_to) for step in answer.path.steps]
                assert check_route(hero, places, battlefield, Mode.MOVE, policy).path.squares == answer.path.squares
        assert set(found.cells()) == {cell for cell in battlefield.grid.cells() if cell.coords in found.costs}




def test_parse_and_name_round_trip():
    """parse_x / x_name pairs for modes and policies."""
    for mode in Mode:
        assert parse_mode(mode_name(mode)) is mode
    for policy in FacingPolicy:
        assert parse_policy(policy_name(policy)) is policy
    assert parse_mode("  Run ") is Mode.RUN
    with pytest.raises(MoveError, match="choose move, double move"):
        parse_mode("teleport")
    with pytest.raises(MoveError, match="turn as you go"):
        parse_policy("moonwalk")


def test_values_refuse_what_cannot_be():
    """Battlefields, steps and paths check their invariants."""
    with pytest.raises(MoveError, match="rulesets ua, variant, none"):
        Battlefield(SquareGrid(3, 3), ruleset=Ruleset("x", "X", Arcs(45, 135), Arcs(60, 150), ("a", "b", "c"), "t"))
    with pytest.raises(MoveError, match="tuple of Creature"):
        Battlefield(SquareGrid(3, 3), creatures=[walker()])
    with pytest.raises(MoveError, match="at least one Item"):
        Step(Square(0, 0), (Square(0, 0),), ())
    with pytest.raises(MoveError, match="at least 1 square"):
        Step(Square(0, 0), (Square(0, 0),), (Item("Nothing", 0, "test"),))
    hero = walker()
    step = Step(Square(0, 1), (Square(0, 1),), (Item("One square", 2, "test"),))
    with pytest.raises(MoveError, match="does not fit a budget of 5 ft"):
        Path(hero, hero, Mode.MOVE, TURN, (step,), 1)
    with pytest.raises(FacingError):
        plan_move(walker(), Square(0, 1), open_field(), end_facing=9)
    with pytest.raises(MoveError, match="far off the board"):
        plan_move(walker(), Square(100, 1), open_field())
    assert set(FACING_MOVEMENT) == set(RULESETS)
    assert NO_FACING.name in FACING_MOVEMENT and Zone.FRONT


def test_costs_depend_on_facing_only_when_keeping_it_under_ua_or_for_a_large_triangle():
    """UA Combat Facing, "Moving Backward or Sideways": "It costs two squares of movement to enter
    a square on your flank or in your rear area" only when the mover keeps its facing; turning as
    it goes (or the variant, or no facing) any facing reaches the same places at the same cost."""
    from rules.grid import HexGrid
    from rules.movement import costs_depend_on_facing
    from rules.zones import NO_FACING, VARIANT

    grid = SquareGrid(12, 12)
    kroh = Creature("Kroh", Size.MEDIUM, Square(5, 5), facing=0)
    assert costs_depend_on_facing(kroh, grid, UA_FACING, Mode.MOVE, FacingPolicy.KEEP)
    for ruleset, policy in ((UA_FACING, FacingPolicy.TURN), (VARIANT, FacingPolicy.KEEP), (NO_FACING, FacingPolicy.KEEP)):
        assert not costs_depend_on_facing(kroh, grid, ruleset, Mode.MOVE, policy)
        field = Battlefield(grid, ruleset=ruleset)
        costs = {facing: reachable(replace(kroh, facing=facing), field, Mode.MOVE, policy).costs for facing in range(8)}
        assert all(found == costs[0] for found in costs.values())
    hexes = HexGrid(12, 12, "flat")
    ogre = Creature("Ogre", Size.LARGE, hexes.from_offset(5, 5), facing=0)
    assert costs_depend_on_facing(ogre, hexes, UA_FACING, Mode.MOVE, FacingPolicy.TURN)


def test_a_forced_move_goes_as_far_as_the_effect_says_and_keeps_facing():
    """Seed 003, Reposition: "Force your target to move to a new location of your choice, up to a
    number of feet equal to half the damage you dealt (plus attacker's STR bonus)." The moved
    creature keeps its facing and its own speed, passes through nobody and provokes nothing."""
    from rules.movement import forced_move

    grid = SquareGrid(10, 10)
    goblin = Creature("Goblin", Size.SMALL, Square(4, 4), facing=0, side="foe")
    kroh = Creature("Kroh", Size.MEDIUM, Square(4, 5), facing=0)
    ogre = Creature("Ogre", Size.LARGE, Square(6, 3), facing=6, side="foe")
    field = Battlefield(grid, creatures=(kroh, ogre))
    pushed = forced_move(goblin, Square(4, 2), field, 12)
    assert pushed.legal and pushed.path.feet == 10 and pushed.stop.anchor == Square(4, 2)
    assert pushed.stop.facing == 0 and pushed.stop.speed is None and not pushed.path.provocations
    too_far = forced_move(goblin, Square(4, 1), field, 12)
    assert not too_far.legal and "Out of movement" in too_far.reason
    through_a_friend = forced_move(goblin, Square(7, 4), field, 30)
    assert not through_a_friend.legal or all(Square(6, 4) not in step.cells for step in through_a_friend.path.steps)


def test_shield_slam_forces_the_target_back():
    """Seed 003, Shield Slam: "Target is then forced back from you": it must end farther away."""
    from rules.movement import forced_move

    grid = SquareGrid(10, 10)
    goblin = Creature("Goblin", Size.SMALL, Square(4, 4), facing=0, side="foe")
    kroh = Creature("Kroh", Size.MEDIUM, Square(4, 5), facing=0)
    field = Battlefield(grid, creatures=(kroh,))
    assert forced_move(goblin, Square(4, 3), field, 10, away_from=kroh).legal
    sideways = forced_move(goblin, Square(3, 4), field, 10, away_from=kroh)
    assert not sideways.legal and sideways.reason == "Goblin must be forced back, farther from Kroh"
