"""The fight on the board under CPython: the badges a creature not yet acted carries."""

import random

from rules.creature import Creature
from rules.encounter import Encounter
from rules.grid import Square, SquareGrid
from rules.sizes import Size
from web import table
from web.fight import status_ops
from web.view import View

GRID = SquareGrid(8, 8)


def letters(ops):
    """The letters of the badges drawn."""
    return [op[3] for op in ops if op[0] == "text"]


def test_a_creature_yet_to_act_wears_the_flat_footed_badge():
    """SRD 3.5, Flat-Footed: "A character who has not yet acted during a combat is
    flat-footed": once initiative is rolled (no stats, no conditions on the board), every
    creature but the one whose turn it is wears FF in round 1."""
    creatures = (Creature("Kroh", Size.MEDIUM, Square(1, 1), facing=0),
                 Creature("Goblin", Size.MEDIUM, Square(4, 4), facing=0, side="foe"))
    encounter = Encounter(GRID, creatures)
    layout = View().layout(GRID)
    assert status_ops(encounter, layout) == []
    rolled = table.initiative_typed(table.initiative_typed(encounter, "Kroh", "15", random.Random(1)),
                                    "Goblin", "3", random.Random(1))
    assert letters(status_ops(rolled, layout)) == ["FF"]
    assert rolled.conditions_of("Goblin") == ("flat-footed",)


def test_the_board_and_the_card_show_it_on_a_board_with_no_stats_or_conditions():
    """The board drew status badges only when the encounter had stats or conditions, so a bare
    board with initiative rolled showed no FF (found by the initiative work's report)."""
    from web import scene
    from web.state import Ui

    creatures = (Creature("Kroh", Size.MEDIUM, Square(1, 1), facing=0),
                 Creature("Goblin", Size.MEDIUM, Square(4, 4), facing=0, side="foe"))
    rolled = table.initiative_typed(table.initiative_typed(Encounter(GRID, creatures), "Kroh", "15", random.Random(1)),
                                    "Goblin", "3", random.Random(1))
    assert not rolled.stats and not rolled.conditions
    _, _, (_, above) = scene.board_layers(rolled, Ui(), View().layout(GRID), 1.0)
    assert "FF" in letters(above)


def test_the_movement_range_shows_the_speed_a_condition_leaves():
    """Seed 003, Hinder: "reducing his speed to five feet until the end of his next turn". The
    Movement range overlay of a hindered goblin reaches 5 ft, not its 30 ft (it showed the whole
    speed, though a drag was priced at 5 ft)."""
    from rules.conditions import AppliedCondition, end_of_next_turn
    from rules.movement import FacingPolicy
    from web import state

    goblin = Creature("Goblin", Size.MEDIUM, Square(4, 4), facing=0, side="foe")
    encounter = Encounter(GRID, (goblin,))
    free = state.movement_bands(encounter, goblin, FacingPolicy.TURN)[0][1]
    hindered = encounter.with_condition(AppliedCondition("hindered", "Goblin", end_of_next_turn("Goblin"), "Hinder"))
    slowed = state.movement_bands(hindered, goblin, FacingPolicy.TURN)[0][1]
    assert len(free) > 9 and max(GRID.distance(cell, Square(4, 4)) for cell in slowed) == 1


def test_the_card_adds_a_condition_for_as_long_as_chosen():
    """Issue 15: the card sets conditions "with their durations"."""
    from rules.conditions import UNTIL_REMOVED, Lasting, end_of_next_round, end_of_next_turn
    from web.fight import DURATION_CHOICES, condition_choices, duration_for

    assert duration_for("removed", "Goblin", None) == UNTIL_REMOVED
    assert duration_for("turn", "Goblin", "Kroh") == end_of_next_turn("Goblin")
    assert duration_for("round", "Goblin", "Kroh") == end_of_next_round()
    three = duration_for("3", "Goblin", "Kroh")
    assert (three.lasting, three.rounds, three.creature) == (Lasting.ROUNDS, 3, "Kroh")
    assert duration_for("2", "Goblin", None).creature == "Goblin"
    assert [value for value, _ in DURATION_CHOICES][0] == "removed"
    assert "feinted" not in [value for value, _ in condition_choices(())], "Feint's number comes from its roll"
