"""Issue 16, the defects an audit of the engine against the seeds found: each test failed before
its fix (README's attack without ``threatened``, the variant's 5-foot step, ``reach_corners``
as an option, hex lines shifted along the board, a turn as a move action after a double move)."""

import itertools

import pytest

from rules.creature import Creature
from rules.facing import Attack, AttackKind, TurnError, TurnState, Turning, attack, turn
from rules.grid import Hex, HexGrid, Square, SquareGrid
from rules.movement import Battlefield, Mode, check_route, plan_move, reachable
from rules.options import OPTION_INFO, Options, options_code, parse_options
from rules.reach import provoked_by, threatened_cells
from rules.sizes import Size
from rules.zones import NO_FACING, UA_FACING, VARIANT

BOARD = SquareGrid(20, 20)
N, E, S, W = 0, 2, 4, 6


def melee(attacker, defender, ruleset=UA_FACING, options=Options(), grid=BOARD, **fields):
    """The answer to a melee attack asked as README asks it (no ``threatened``)."""
    return attack(Attack(attacker, defender, AttackKind.MELEE, ruleset, grid, options, **fields))


# Defect 1: without ``threatened`` the attack uses the creature's real reach.


def test_a_long_ogre_does_not_reach_ten_feet_without_the_board():
    """Seed 002, Table: Creature Size and Scale: a Large (long) creature has a natural reach of
    5 feet, so it cannot hit a target 10 feet away; before, "Beyond the target's flank area:
    +2"."""
    ogre = Creature("Ogre", Size.LARGE, Square(5, 5), facing=E, long=True, side="foe")
    target = Creature("Kroh", Size.MEDIUM, Square(8, 5), facing=N)
    answer = melee(ogre, target)
    assert not answer.allowed
    assert answer.restrictions[0].reason.startswith("Out of reach")
    tall = Creature("Ogre", Size.LARGE, Square(5, 5), facing=E, side="foe")
    assert melee(tall, target).allowed


def test_a_reach_weapon_strikes_ten_feet_away_and_not_next_to_it():
    """Seed 002: "Large or larger creatures using reach weapons can strike up to double their
    natural reach but can't strike at their natural reach or less" (a Medium wielder: 10 ft)."""
    pike = Creature("Pikeman", Size.MEDIUM, Square(5, 5), facing=E, reach_weapon=True)
    near = Creature("Goblin", Size.SMALL, Square(6, 5), facing=W, side="foe")
    far = Creature("Goblin", Size.SMALL, Square(7, 5), facing=W, side="foe")
    assert not melee(pike, near).allowed
    assert melee(pike, far).allowed


def test_the_default_reach_is_the_one_the_board_passes():
    """Without ``threatened`` the answer is the one with ``rules.reach``'s threatened cells, for
    every size, reach and kind of creature around a target."""
    target = Creature("Kroh", Size.MEDIUM, Square(10, 10), facing=N, side="foe")
    for size, long, weapon in itertools.product(
        (Size.TINY, Size.MEDIUM, Size.LARGE, Size.HUGE), (False, True), (False, True)
    ):
        for x, y in itertools.product(range(4, 16, 2), range(4, 16, 3)):
            facing = None if size == Size.TINY else E
            attacker = Creature("It", size, Square(x, y), facing=facing, long=long, reach_weapon=weapon)
            if set(attacker.cells(BOARD)) & set(target.cells(BOARD)) and size != Size.TINY:
                continue
            board = melee(attacker, target, threatened=threatened_cells(attacker, BOARD))
            plain = melee(attacker, target)
            assert (plain.allowed, plain.items()) == (board.allowed, board.items()), attacker


def test_a_rider_reaches_from_its_steeds_space():
    """UA Combat Facing: a rider attacks from its steed's space; its own reach, natural or with
    a reach weapon, is measured from there, as before for natural reach."""
    steed = Creature("Horse", Size.LARGE, Square(5, 5), facing=E, long=True)
    rider = Creature("Knight", Size.MEDIUM, Square(5, 5), facing=E)
    lancer = Creature("Lancer", Size.MEDIUM, Square(5, 5), facing=E, reach_weapon=True)
    beside = Creature("Goblin", Size.SMALL, Square(7, 6), facing=W, side="foe")
    away = Creature("Goblin", Size.SMALL, Square(8, 5), facing=W, side="foe")
    assert melee(rider, beside, steed=steed).allowed
    assert not melee(rider, away, steed=steed).allowed
    assert melee(lancer, away, steed=steed).allowed
    assert not melee(lancer, beside, steed=steed).allowed


# Defect 2: under the variant a 5-foot step declares facing like any other move.


def test_a_five_foot_step_declares_its_facing_under_the_variant():
    """Seed 001: "When a creature takes any voluntary movement (whether this is from regular
    movement, a Shift, or a Run action) it declares its facing at the end of the movement." UA
    keeps "You do not change facing when taking a 5-foot step"."""
    hero = Creature("Hero", Size.MEDIUM, Square(5, 5), facing=N)
    variant = Battlefield(BOARD, ruleset=VARIANT)
    step = plan_move(hero, Square(5, 6), variant, Mode.FIVE_FOOT_STEP, end_facing=S)
    assert step.legal and step.stop.facing == S and step.stop.anchor == Square(5, 6)
    traced = check_route(hero, [Square(5, 6)], variant, Mode.FIVE_FOOT_STEP, end_facing=S)
    assert traced.legal and traced.stop.facing == S
    ua = plan_move(hero, Square(5, 6), Battlefield(BOARD), Mode.FIVE_FOOT_STEP, end_facing=S)
    assert not ua.legal and ua.reason.startswith("A 5-foot step does not change facing")


def test_a_path_says_whether_it_sets_facing():
    """``Path.sets_facing``, what the board reads to let the creature declare its facing: UA, any
    move but a 5-foot step; the variant, any voluntary movement; never a forced move. Under the
    standard rules facing changes nothing, so a 5-foot step may end facing any way."""
    hero = Creature("Hero", Size.MEDIUM, Square(5, 5), facing=N)
    ua, variant, none = (Battlefield(BOARD, ruleset=each) for each in (UA_FACING, VARIANT, NO_FACING))
    assert plan_move(hero, Square(5, 3), ua).path.sets_facing
    assert not plan_move(hero, Square(5, 6), ua, Mode.FIVE_FOOT_STEP).path.sets_facing
    assert plan_move(hero, Square(5, 6), variant, Mode.FIVE_FOOT_STEP).path.sets_facing
    assert not plan_move(hero, Square(5, 6), variant, Mode.FORCED).path.sets_facing
    assert plan_move(hero, Square(5, 6), none, Mode.FIVE_FOOT_STEP, end_facing=S).legal


def test_a_forced_move_still_declares_nothing_under_the_variant():
    """Being moved is not voluntary movement: a forced move keeps the facing."""
    hero = Creature("Hero", Size.MEDIUM, Square(5, 5), facing=N)
    answer = plan_move(hero, Square(5, 6), Battlefield(BOARD, ruleset=VARIANT), Mode.FORCED, end_facing=S)
    assert not answer.legal


# Defect 3: ``reach_corners`` is a real option.


def test_reach_corners_is_an_option_with_a_page_line_and_a_place_in_links():
    """README lists it as an option with a switch: it is one, carried by the options code."""
    assert "reach_corners" in {info.name for info in OPTION_INFO}
    options = Options(reach_corners=True)
    assert options_code(options) == "reach_corners"
    assert parse_options("reach_corners") == options


def test_reach_corners_lets_a_ten_foot_reach_take_the_far_diagonal_in_an_attack():
    """The optional reading: a 10-foot reach takes the square two diagonals away, for attacks
    asked without ``threatened`` too."""
    ogre = Creature("Ogre", Size.LARGE, Square(5, 5), facing=E, side="foe")
    target = Creature("Kroh", Size.MEDIUM, Square(8, 8), facing=N)
    assert not melee(ogre, target).allowed
    assert melee(ogre, target, options=Options(reach_corners=True)).allowed


def test_reach_corners_reaches_attacks_of_opportunity():
    """A step out of the far diagonal provokes with the option on, through the battlefield."""
    ogre = Creature("Ogre", Size.LARGE, Square(5, 5), facing=E, side="foe")
    hero = Creature("Hero", Size.MEDIUM, Square(8, 8), facing=N)
    plain = plan_move(hero, Square(9, 9), Battlefield(BOARD, creatures=(ogre,)))
    corners = plan_move(hero, Square(9, 9), Battlefield(BOARD, creatures=(ogre,), options=Options(reach_corners=True)))
    assert plain.path.provocations == ()
    assert [each.name for each, _ in corners.path.provocations] == ["Ogre"]
    assert provoked_by(hero, hero.cells(BOARD), (Square(9, 9),), (ogre,), BOARD, corners=True) == (ogre,)


@pytest.mark.parametrize(
    "creature",
    [
        Creature("Giant", Size.LARGE, Square(8, 8), facing=N, reach_weapon=True),
        Creature("Pikeman", Size.MEDIUM, Square(8, 8), facing=N, reach_weapon=True),
        Creature("Ogre", Size.LARGE, Square(8, 8), facing=N),
        Creature("Huge", Size.HUGE, Square(8, 8), facing=N, reach_weapon=True),
        Creature("Long", Size.LARGE, Square(8, 8), facing=N, long=True, reach_weapon=True),
    ],
    ids=lambda creature: creature.name,
)
def test_reach_corners_never_shrinks_a_reach(creature):
    """Switching on a reading that extends reach never takes a square away: a Large tall
    creature's reach weapon kept the (2, 2) corner square (15 ft) only with the option off."""
    plain = threatened_cells(creature, BOARD)
    assert plain <= threatened_cells(creature, BOARD, corners=True)


def test_reach_corners_gives_a_large_reach_weapon_its_corner():
    """The Large tall reach weapon strikes 15 and 20 feet, so the square two diagonals off its
    corner (15 ft counted 1-2) stays threatened with the option on."""
    giant = Creature("Giant", Size.LARGE, Square(8, 8), facing=N, reach_weapon=True)
    assert Square(11, 11) in threatened_cells(giant, BOARD, corners=True)
    pikeman = Creature("Pikeman", Size.MEDIUM, Square(8, 8), facing=N, reach_weapon=True)
    assert Square(10, 10) in threatened_cells(pikeman, BOARD, corners=True)
    assert Square(10, 10) not in threatened_cells(pikeman, BOARD)


# Defect 4: hex lines are the same wherever they lie.

HEX_BOARDS = [HexGrid(20, 20, "flat"), HexGrid(20, 20, "pointy")]


def test_the_audit_line_falls_the_same_way_shifted():
    """The audit's case: ``line(Hex(0,0), Hex(1,1))`` and the same line one hex along."""
    grid = HexGrid(20, 20, "flat")
    here = grid.line(Hex(0, 0), Hex(1, 1))
    there = grid.line(Hex(1, 0), Hex(2, 1))
    assert tuple(Hex(cell.q + 1, cell.r) for cell in here) == there


@pytest.mark.parametrize("grid", HEX_BOARDS, ids=["flat", "pointy"])
def test_hex_lines_are_translation_invariant(grid):
    """A line and the same line shifted anywhere on the board cover the same shifted cells."""
    vectors = [(dq, dr) for dq in range(-6, 7) for dr in range(-6, 7)]
    shifts = [(sq, sr) for sq in range(-40, 41, 7) for sr in range(-40, 41, 9)]
    for dq, dr in vectors:
        base = grid.line(Hex(0, 0), Hex(dq, dr))
        for sq, sr in shifts:
            moved = grid.line(Hex(sq, sr), Hex(sq + dq, sr + dr))
            assert moved == tuple(Hex(cell.q + sq, cell.r + sr) for cell in base), (dq, dr, sq, sr)


@pytest.mark.parametrize("grid", HEX_BOARDS, ids=["flat", "pointy"])
def test_hex_lines_step_to_neighbours_and_read_the_same_backward(grid):
    """Every step of a line goes to a neighbour; a line from ``b`` to ``a`` is the line from
    ``a`` to ``b`` reversed (the tie-break moves the whole line one fixed way)."""
    for dq, dr in itertools.product(range(-7, 8), repeat=2):
        a, b = Hex(3, 4), Hex(3 + dq, 4 + dr)
        line = grid.line(a, b)
        assert line[0] == a and line[-1] == b and len(line) == grid.distance(a, b) + 1
        assert all(grid.distance(one, two) == 1 for one, two in zip(line, line[1:]))
        assert grid.line(b, a) == line[::-1]


# Defect 5: a move that used both actions leaves no move action to turn with.


def test_no_move_action_turn_after_a_double_move():
    """UA Combat Facing, Changing Facing: "You can also change facing as a move action"; a
    double move, a run or a charge takes every action of the turn, so none is left."""
    hero = Creature("Hero", Size.MEDIUM, Square(5, 5), facing=N)
    double = plan_move(hero, Square(5, 13), Battlefield(BOARD), Mode.DOUBLE)
    assert double.legal and double.path.uses_all_actions
    state = TurnState().after_move(all_actions=double.path.uses_all_actions)
    ended = turn(double.stop, E, BOARD, UA_FACING, state, Turning.END_OF_MOVE)
    with pytest.raises(TurnError, match="no move action left"):
        turn(ended.creature, S, BOARD, UA_FACING, ended.state, Turning.MOVE_ACTION)


def test_a_move_action_turn_after_a_single_move():
    """A single move leaves the standard action, which may be taken as a move action to turn."""
    hero = Creature("Hero", Size.MEDIUM, Square(5, 5), facing=N)
    single = plan_move(hero, Square(5, 9), Battlefield(BOARD), Mode.MOVE)
    assert single.legal and not single.path.uses_all_actions
    state = TurnState().after_move(all_actions=single.path.uses_all_actions)
    ended = turn(single.stop, E, BOARD, UA_FACING, state, Turning.END_OF_MOVE)
    assert turn(ended.creature, S, BOARD, UA_FACING, ended.state, Turning.MOVE_ACTION).state.move_action_used


@pytest.mark.parametrize("mode", [Mode.DOUBLE, Mode.RUN, Mode.CHARGE, Mode.MINIMUM])
def test_every_whole_turn_move_uses_all_actions(mode):
    """A double move, a run, a charge and minimum movement's full round take every action."""
    hero = Creature("Hero", Size.MEDIUM, Square(5, 5), facing=N)
    answer = plan_move(hero, Square(5, 6), Battlefield(BOARD), mode)
    assert answer.legal and answer.path.uses_all_actions
    assert reachable(hero, Battlefield(BOARD), mode).budget >= 1
