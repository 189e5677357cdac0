"""Issue 15, initiative per creature: each creature rolls (or the game master types) d20 plus its
initiative modifier; the order follows it without strike speed; ties by the higher modifier,
then a roll-off; a creature is flat-footed until its first turn (an option, on by default);
links carry all of it."""

import pytest

from rules.combatant import CombatStats
from rules.creature import Creature
from rules.encounter import Encounter
from rules.grid import Square, SquareGrid
from rules.link import encounter_code, encounter_json, parse_encounter_code, parse_encounter_json, round_fields
from rules.options import Options
from rules.round import (
    Initiative,
    RoundError,
    RoundState,
    roll_initiative,
    round_order,
    settle_ties,
    turn_passed,
    with_creature_initiative,
    with_initiative,
)
from rules.sizes import Size
from test_attack import Loaded

GRID = SquareGrid(12, 12)




def board(options=Options(), **modifiers):
    """Kroh and Aelis (party), a goblin and an ogre (foe), in that board order; each creature's
    initiative modifier from ``modifiers``."""
    creatures = (
        Creature("Kroh", Size.MEDIUM, Square(1, 1), facing=0, side="party"),
        Creature("Aelis", Size.MEDIUM, Square(2, 1), facing=0, side="party"),
        Creature("Goblin", Size.MEDIUM, Square(6, 1), facing=0, side="foe"),
        Creature("Ogre", Size.MEDIUM, Square(8, 1), facing=0, side="foe"),
    )
    stats = tuple((name, CombatStats(initiative_modifier=value)) for name, value in modifiers.items())
    return Encounter(GRID, creatures, options=options, stats=stats)


def rolled(encounter, *faces):
    """``encounter`` with initiative rolled on dice showing ``faces``."""
    rng = Loaded(*faces)
    state = roll_initiative(encounter, encounter.stats_map(), encounter.round_state(), rng)
    assert rng.faces == [], "every loaded die was rolled"
    return encounter.with_round(state)


def order(encounter):
    """The names in the round's order."""
    return [turn.name for turn in round_order(encounter, encounter.stats_map(), encounter.round_state())]


def test_each_creature_rolls_d20_plus_its_modifier_and_the_order_follows():
    """Issue 15: "each creature rolls ... d20 plus its initiative modifier; the order follows
    it when strike-speed order is off"; every roll is logged."""
    encounter = rolled(board(Kroh=2, Ogre=-1), 10, 15, 3, 20)
    assert order(encounter) == ["Ogre", "Aelis", "Kroh", "Goblin"]
    state = encounter.round_state()
    assert state.initiative_of("Kroh") == Initiative(12) and state.initiative_of("Ogre") == Initiative(19)
    assert "Kroh: initiative d20 10 + 2 = 12" in state.log and "Ogre: initiative d20 20 - 1 = 19" in state.log
    first = round_order(encounter, encounter.stats_map(), state)[0]
    assert [item.reason for item in first.items] == ["Initiative 19"]


def test_a_tie_goes_to_the_higher_modifier():
    """Issue 15: "ties by the higher modifier": Kroh (+3, rolled 9) acts before Aelis (+0,
    rolled 12), both at 12; no roll-off is needed."""
    encounter = rolled(board(Kroh=3), 9, 12, 2, 1)
    assert order(encounter)[:2] == ["Kroh", "Aelis"]
    assert encounter.round_state().initiative_of("Kroh").roll_off == 0
    kroh = round_order(encounter, encounter.stats_map(), encounter.round_state())[0]
    assert "Initiative modifier +3: the higher breaks a tie" in [item.reason for item in kroh.items]


def test_a_tie_of_result_and_modifier_is_rolled_off():
    """Issue 15: "then a roll-off": the goblin and the ogre both roll 7 with +0; the roll-off
    (4 then 4 again, rerolled: 5 and 17) puts the ogre first, logged."""
    encounter = rolled(board(), 20, 18, 7, 7, 4, 4, 5, 17)
    assert order(encounter) == ["Kroh", "Aelis", "Ogre", "Goblin"]
    state = encounter.round_state()
    assert state.initiative_of("Ogre") == Initiative(7, 17)
    assert "Roll-off at initiative 7 between Goblin and Ogre: Goblin 5, Ogre 17" in state.log
    assert settle_ties(encounter, encounter.stats_map(), state, Loaded()) == state


def test_the_game_master_types_an_initiative_and_those_without_one_come_last():
    """Issue 15: "(or the game master types)": a typed result orders the creature; creatures
    without one act after, by sides as before."""
    encounter = board()
    state = with_creature_initiative(encounter.round_state(), "Goblin", 14)
    state = with_creature_initiative(state, "Aelis", 16)
    encounter = encounter.with_round(state)
    assert order(encounter) == ["Aelis", "Goblin", "Kroh", "Ogre"]
    assert "Goblin: initiative 14" in state.log
    last = round_order(encounter, encounter.stats_map(), state)[-1]
    assert last.items[0].reason == "No initiative yet: acts after those that have one"
    assert [turn.rank for turn in round_order(encounter, encounter.stats_map(), state)] == [1, 2, 3, 3]


def test_strike_speed_order_keeps_side_initiative():
    """Issue 15: "Side initiative stays for strike-speed order": with strike speed on, the
    rolled initiatives do not order the round."""
    encounter = rolled(board(Options(strike_speed=True)), 1, 2, 3, 20)
    encounter = encounter.with_round(with_initiative(encounter, encounter.round_state(), "party"))
    assert order(encounter)[:2] == ["Kroh", "Aelis"]


def test_an_initiative_is_a_whole_number_within_bounds():
    with pytest.raises(RoundError, match="initiative result is a whole number"):
        Initiative(1000)
    with pytest.raises(RoundError, match="roll-off is a d20"):
        Initiative(5, 21)


def test_a_creature_is_flat_footed_until_its_first_turn():
    """SRD 3.5, Flat-Footed: "A character who has not yet acted during a combat is flat-footed,
    not yet reacting normally to the situation." With the option on (the default) and
    initiative rolled, in round 1 every creature whose turn is still to come is flat-footed;
    each stops being so as its turn comes; in round 2 nobody is."""
    encounter = rolled(board(), 20, 15, 10, 5)
    assert order(encounter) == ["Kroh", "Aelis", "Goblin", "Ogre"]
    assert encounter.conditions_of("Kroh") == ()
    assert [encounter.conditions_of(name) for name in ("Aelis", "Goblin", "Ogre")] == [("flat-footed",)] * 3
    encounter = turn_passed(encounter)[0]
    assert encounter.conditions_of("Aelis") == () and encounter.conditions_of("Goblin") == ("flat-footed",)
    for _ in range(3):
        encounter = turn_passed(encounter)[0]
    assert encounter.round_state().number == 2
    assert "Round 2: by each creature's initiative" in encounter.round_state().log
    assert all(encounter.conditions_of(name) == () for name in ("Kroh", "Aelis", "Goblin", "Ogre"))


def test_nobody_is_flat_footed_before_initiative_or_with_the_option_off():
    """No fight has begun before initiative is rolled (a logged attack roll starts no fight);
    switched off, the option makes nobody flat-footed."""
    plain = board()
    assert plain.with_round(RoundState(log=("a roll",))).conditions_of("Ogre") == ()
    off = rolled(board(Options(flat_footed_until_first_turn=False)), 20, 15, 10, 5)
    assert off.conditions_of("Ogre") == ()


def test_a_creature_not_yet_acted_makes_no_attack_of_opportunity_and_loses_its_dexterity():
    """Flat-Footed: "loses his Dexterity bonus to AC (if any) and cannot make attacks of
    opportunity": the ogre, yet to act, is quiet for a moving creature and its AC line says so."""
    from rules.conditions import attack_conditions

    encounter = rolled(board(), 20, 15, 10, 5)
    _, quiet = encounter.bystanders("Kroh")
    assert quiet == frozenset({"Aelis", "Goblin", "Ogre"})
    answer = attack_conditions(encounter.conditions_of("Kroh"), encounter.conditions_of("Ogre"))
    assert any("flat-footed" in item.reason for item in answer.armor_class_items)


def test_initiatives_and_modifiers_travel_in_links_and_files_and_follow_a_rename():
    """A link and a file carry each creature's initiative, its roll-off and its modifier
    (fields appended to the round's and the stats' tables); a renamed creature keeps its own."""
    encounter = rolled(board(Kroh=4), 20, 15, 7, 7, 3, 11)
    assert parse_encounter_code(encounter_code(encounter)) == encounter
    assert parse_encounter_json(encounter_json(encounter)) == encounter
    renamed = encounter.replace("Goblin", Creature("Snaga", Size.MEDIUM, Square(6, 1), facing=0, side="foe"))
    assert renamed.round_state().initiative_of("Snaga") == encounter.round_state().initiative_of("Goblin")
    assert [row.name for row in round_fields()][-1] == "initiatives"


def test_a_round_written_before_initiatives_still_opens():
    """The round's fields end at its log in links written before initiatives: such a link
    opens with no initiatives, ordered by sides as before."""
    from test_fight_conditions import _payload

    encounter = board().with_round(with_initiative(board(), RoundState(), "foe"))
    code = encounter_code(encounter)
    assert len(_payload(code)["n"]) <= 6
    opened = parse_encounter_code(code)
    assert opened == encounter and opened.round_state().initiatives == ()
    assert order(opened) == ["Goblin", "Ogre", "Kroh", "Aelis"]
