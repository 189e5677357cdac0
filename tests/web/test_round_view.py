"""The round tracker's rows under CPython: order, strike speed parts, the current turn, allowances."""

import pytest

from rules.combatant import CombatStats
from rules.creature import Creature
from rules.encounter import Encounter
from rules.facing import TurnState, Turning, turn
from rules.grid import Square, SquareGrid
from rules.options import Options
from rules.round import new_round, next_turn, with_turn_state
from rules.sizes import Size
from rules.zones import NO_FACING, UA_FACING, VARIANT
from web.round_view import facing_allowance, round_rows, round_title, tracker_text

GRID = SquareGrid(12, 12)
STATS = {
    "Aldric": CombatStats(is_fighter=True),
    "Mage": CombatStats(action="cast spell", spell="Sleep", spell_target="the goblin"),
    "Ogre": CombatStats(is_monster=True, classed_as_fighter=True, action="long weapon"),
}


def board(options=Options(strike_speed=True), ruleset=UA_FACING):
    """A 5th-level Fighter and a 7th-level caster against an ogre of 4 hit dice."""
    creatures = (
        Creature("Aldric", Size.MEDIUM, Square(1, 1), facing=0, level=5, side="party"),
        Creature("Mage", Size.MEDIUM, Square(2, 1), facing=0, level=7, side="party"),
        Creature("Ogre", Size.LARGE, Square(5, 5), facing=0, level=4, side="foe"),
    )
    return Encounter(GRID, creatures, ruleset=ruleset, options=options)


def test_rows_show_each_strike_speed_with_its_parts_and_the_current_turn():
    """Seed 003 by hand, party with initiative: Aldric 4 + 5 + 2 = 11, Mage 2 + 5 = 7, Ogre
    5 + 2 = 7 after the Mage (higher level first); the first row is the current turn."""
    encounter = board()
    state = new_round(encounter, STATS, "party")
    rows = round_rows(encounter, STATS, state)
    assert [(row.rank, row.name, row.strike_speed, row.current) for row in rows] == [
        (1, "Aldric", 11, True),
        (2, "Mage", 7, False),
        (3, "Ogre", 7, False),
    ]
    assert rows[0].parts == (
        "Base strike speed, Medium Length Weapon: +4; Side won initiative: +5; Fighter strike bonus (level 5): +2"
    )
    assert rows[2].parts == "Base strike speed, Long Weapon: +5; Monster classed as a fighter (half of 4 hit dice): +2"
    assert (rows[1].action, rows[1].side) == ("Cast Spell", "party")
    assert rows[0].text() == (
        "> 1. Aldric (party), Medium Length Weapon: 11 (Base strike speed, Medium Length Weapon: +4; "
        "Side won initiative: +5; Fighter strike bonus (level 5): +2): free turn left"
    )


def test_next_turn_moves_the_highlight():
    """Next turn highlights the next creature in the order, and only it."""
    encounter = board()
    state = next_turn(encounter, STATS, new_round(encounter, STATS, "party"))
    rows = round_rows(encounter, STATS, state)
    assert [row.name for row in rows if row.current] == ["Mage"]


def test_rows_without_strike_speed_show_initiative_by_sides():
    """Without the option the rows say why each acts when it does, and carry no strike speed."""
    encounter = board(options=Options())
    rows = round_rows(encounter, STATS, new_round(encounter, STATS, "foe"))
    assert [(row.rank, row.name, row.strike_speed) for row in rows] == [
        (1, "Ogre", None),
        (2, "Mage", None),
        (2, "Aldric", None),
    ]
    assert rows[0].parts == "Side foe won initiative: acts first; 4 hit dice: the higher acts first"
    assert rows[0].text() == (
        "> 1. Ogre (foe), Long Weapon (Side foe won initiative: acts first; 4 hit dice: the higher acts first): "
        "free turn left"
    )


def test_a_turn_taken_with_the_rules_shows_as_turned_free():
    """UA Combat Facing, Changing Facing: the free turn, once used through ``rules.facing.turn``,
    reads "turned (free)" on the creature's row; the others keep "free turn left"."""
    encounter = board()
    state = new_round(encounter, STATS, "party")
    aldric = encounter.creature("Aldric")
    turned = turn(aldric, 2, GRID, UA_FACING, state.turn_state_of("Aldric"), Turning.FREE)
    state = with_turn_state(state, "Aldric", turned.state)
    facings = {row.name: row.facing for row in round_rows(encounter, STATS, state)}
    assert facings == {"Aldric": "turned (free)", "Mage": "free turn left", "Ogre": "free turn left"}
    rules = {row.facing_rule for row in round_rows(encounter, STATS, state)}
    assert rules == {"UA Combat Facing: Changing Facing"}


@pytest.mark.parametrize(
    ("ruleset", "state", "text"),
    [
        (UA_FACING, TurnState(), "free turn left"),
        (UA_FACING, TurnState(free_turn_used=True), "turned (free)"),
        (UA_FACING, TurnState(moved=True), "moved: no free turn"),
        (UA_FACING, TurnState().after_move(), "ending its move: sets its facing now"),
        (UA_FACING, TurnState(move_action_used=True), "free turn left; no move action to turn with"),
        (VARIANT, TurnState(moved=True), "free turn left"),
        (VARIANT, TurnState(moved=True, free_turn_used=True), "turned (free)"),
        (VARIANT, TurnState(move_action_used=True), "free turn left"),
        (NO_FACING, TurnState(free_turn_used=True), "turns freely (no facing rules)"),
    ],
)
def test_facing_allowance_follows_the_rulesets_turning_rules(ruleset, state, text):
    """UA: one free turn if the creature did not move more than a 5-foot step, and turning as a
    move action; the variant: one Reaction on its turn, moved or not, no move-action turn; no
    facing: any turn."""
    assert facing_allowance(ruleset, state) == text


def test_tracker_text_heads_the_rows_with_the_round():
    """The copyable tracker: the round's heading, then a row a line."""
    encounter = board()
    state = new_round(encounter, STATS, None)
    assert round_title(state) == "Round 1: initiative tied"
    lines = tracker_text(encounter, STATS, state).splitlines()
    assert lines[0] == "Round 1: initiative tied"
    assert [line.split(" (")[0] for line in lines[1:]] == ["> 1. Ogre", "2. Aldric", "3. Mage"]


def test_an_empty_board_has_no_rows():
    """No creature, no row."""
    assert round_rows(Encounter(GRID), {}, new_round(Encounter(GRID), {})) == ()


def test_rows_show_each_creatures_initiative_in_its_order():
    """Issue 15: with initiative per creature the rows follow it and carry each result (empty
    for a creature without one), the parts saying why."""
    from rules.round import with_creature_initiative

    encounter = board(options=Options())
    state = with_creature_initiative(with_creature_initiative(new_round(encounter, STATS), "Ogre", 18), "Mage", 9)
    rows = round_rows(encounter, STATS, state)
    assert [(row.name, row.initiative) for row in rows] == [("Ogre", "18"), ("Mage", "9"), ("Aldric", "")]
    assert rows[0].parts == "Initiative 18"
    assert round_title(state, encounter.options) == "Round 1: by each creature's initiative"
    assert round_title(state, Options(strike_speed=True)) == "Round 1: initiative tied"
    assert rows[2].parts.startswith("No initiative yet: acts after those that have one")
