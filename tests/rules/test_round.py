"""The round: its order by strike speed (Seed 003) or by initiative by sides, turns, allowances, log."""

import pytest

from rules.combatant import CombatStats, CombatStatsError
from rules.creature import Creature
from rules.encounter import Encounter
from rules.facing import TurnState
from rules.grid import Square, SquareGrid
from rules.options import Options
from rules.round import (
    RoundError,
    RoundState,
    add_log,
    current_index,
    declare_action,
    log_text,
    new_round,
    next_turn,
    previous_turn,
    round_heading,
    round_order,
    turn_creature,
    with_initiative,
    with_turn_state,
)
from rules.sizes import Size
from rules.strike_speed import Action

STRIKE_SPEED = Options(strike_speed=True)
GRID = SquareGrid(12, 12)


def party(options=STRIKE_SPEED, fighter_level=5, ogre_hit_dice=4):
    """Seed 003's cast: a Fighter, a spell caster and two monsters, one the referee classes as a
    fighter; with their stats."""
    creatures = (
        Creature("Aldric", Size.MEDIUM, Square(1, 1), facing=0, level=fighter_level, side="party"),
        Creature("Mage", Size.MEDIUM, Square(2, 1), facing=0, level=7, side="party"),
        Creature("Ogre", Size.LARGE, Square(5, 5), facing=0, level=ogre_hit_dice, side="foe"),
        Creature("Goblin", Size.SMALL, Square(9, 9), facing=0, level=1, side="foe"),
    )
    stats = {
        "Aldric": CombatStats(is_fighter=True, stance="active attack"),
        "Mage": CombatStats(action="cast spell", spell="Sleep", spell_target="the goblin"),
        "Ogre": CombatStats(is_monster=True, classed_as_fighter=True, action="long weapon"),
        "Goblin": CombatStats(is_monster=True, action="short weapon"),
    }
    return Encounter(GRID, creatures, options=options), stats


def order(encounter, stats, state):
    """The round's order as (rank, name, strike speed) triples."""
    return [(turn.rank, turn.name, turn.strike_speed) for turn in round_order(encounter, stats, state)]


def test_strike_speed_order_of_a_fighter_a_caster_and_monsters_matches_the_seed():
    """Seed 003, by hand. The party has initiative (+5). Aldric, 5th-level Fighter, Medium
    Length Weapon: 4 + 5 + 2 (5/4 rounded up) = 11. The Mage casting: 2 + 5 = 7. The Ogre, 4 HD
    classed as a fighter, Long Weapon: 5 + 2 = 7, after the Mage ("Ties in Strike Speed are
    resolved by Character Level/Monster Hit Dice, with the higher acting first"). The Goblin,
    Short Length Weapon: 3."""
    encounter, stats = party()
    state = new_round(encounter, stats, "party")
    assert order(encounter, stats, state) == [
        (1, "Aldric", 11),
        (2, "Mage", 7),
        (3, "Ogre", 7),
        (4, "Goblin", 3),
    ]
    (aldric, *_) = round_order(encounter, stats, state)
    assert [item.text() for item in aldric.items] == [
        "Base strike speed, Medium Length Weapon: +4",
        "Side won initiative: +5",
        "Fighter strike bonus (level 5): +2",
    ]
    assert aldric.action is Action.MEDIUM_WEAPON and aldric.side == "party"


def test_strike_speed_order_when_the_monsters_win_initiative():
    """The foes with initiative: Ogre 5 + 5 + 2 = 12, Goblin 3 + 5 = 8, Aldric 4 + 2 = 6, Mage 2."""
    encounter, stats = party()
    state = new_round(encounter, stats, "foe")
    assert order(encounter, stats, state) == [(1, "Ogre", 12), (2, "Goblin", 8), (3, "Aldric", 6), (4, "Mage", 2)]


def test_a_tied_initiative_gives_no_side_the_five():
    """``None`` for a tie: nobody adds +5; the Ogre (7) now goes before Aldric (6)."""
    encounter, stats = party()
    state = new_round(encounter, stats, None)
    assert order(encounter, stats, state) == [(1, "Ogre", 7), (2, "Aldric", 6), (3, "Goblin", 3), (4, "Mage", 2)]


@pytest.mark.parametrize(("level", "bonus"), [(1, 1), (4, 1), (5, 2), (8, 2), (9, 3)])
def test_fighter_adds_level_over_four_rounded_up(level, bonus):
    """"Fighters add their Fighter Strike Bonus (plus their Level/4, rounded up)"."""
    encounter, stats = party(fighter_level=level)
    state = new_round(encounter, stats, None)
    speeds = {turn.name: turn.strike_speed for turn in round_order(encounter, stats, state)}
    assert speeds["Aldric"] == 4 + bonus


@pytest.mark.parametrize(("hit_dice", "bonus"), [(1, 0), (2, 1), (5, 2), (7, 3)])
def test_monster_classed_as_fighter_adds_half_its_hit_dice_rounded_down(hit_dice, bonus):
    """"Monsters add one-half their hit dice, rounded down if the referee classes them as
    fighters"; the Goblin, not so classed, adds nothing."""
    encounter, stats = party(ogre_hit_dice=hit_dice)
    state = new_round(encounter, stats, None)
    speeds = {turn.name: turn.strike_speed for turn in round_order(encounter, stats, state)}
    assert speeds["Ogre"] == 5 + bonus
    assert speeds["Goblin"] == 3


def test_stance_strike_modifier_counts_with_its_option():
    """With the stance strike modifier option Aldric's Active Attack adds +1 (Seed 003: Combat
    Stance)."""
    encounter, stats = party(options=Options(strike_speed=True, stance_strike_modifier=True))
    state = new_round(encounter, stats, "party")
    assert order(encounter, stats, state)[0] == (1, "Aldric", 12)


def test_declared_action_orders_the_round_and_defaults_to_the_stats():
    """Each creature declares its action for the round (from its stats at first); declaring
    another moves it: the Goblin glancing (10) goes second, after Aldric (11)."""
    encounter, stats = party()
    state = new_round(encounter, stats, "party")
    assert state.actions == (
        ("Aldric", Action.MEDIUM_WEAPON),
        ("Mage", Action.CAST_SPELL),
        ("Ogre", Action.LONG_WEAPON),
        ("Goblin", Action.SHORT_WEAPON),
    )
    glancing = declare_action(state, "goblin", "Glance")
    assert glancing.action_of("Goblin", stats) is Action.GLANCE
    assert order(encounter, stats, glancing)[:2] == [(1, "Aldric", 11), (2, "Goblin", 10)]
    assert RoundState().action_of("Goblin", stats) is Action.SHORT_WEAPON
    casting = declare_action(state, "Aldric", Action.CAST_SPELL)
    with pytest.raises(CombatStatsError, match="Aldric: A creature casting a spell declares the spell"):
        round_order(encounter, stats, casting)


def test_initiative_by_sides_without_the_strike_speed_option():
    """Without strike speed: the winning side first at rank 1, higher level first within it;
    the other side at rank 2; no strike speeds."""
    encounter, stats = party(options=Options())
    state = new_round(encounter, stats, "foe")
    assert order(encounter, stats, state) == [
        (1, "Ogre", None),
        (1, "Goblin", None),
        (2, "Mage", None),
        (2, "Aldric", None),
    ]
    ogre, goblin, mage, _ = round_order(encounter, stats, state)
    assert [item.text() for item in ogre.items] == [
        "Side foe won initiative: acts first",
        "4 hit dice: the higher acts first",
    ]
    assert goblin.items[1].text() == "1 hit die: the higher acts first"
    assert [item.text() for item in mage.items] == [
        "Side party lost initiative: acts after foe",
        "Level 7: the higher acts first",
    ]


def test_initiative_tie_puts_everyone_together_by_level_then_board_order():
    """A tie: every creature at rank 1, the higher level or hit dice first, equals in board
    order."""
    encounter, stats = party(options=Options(), fighter_level=4)
    state = new_round(encounter, stats, None)
    assert order(encounter, stats, state) == [
        (1, "Mage", None),
        (1, "Aldric", None),
        (1, "Ogre", None),
        (1, "Goblin", None),
    ]
    assert round_order(encounter, stats, state)[0].items[0].text() == "Initiative tied: every side acts together"


def test_losing_sides_follow_in_board_order():
    """Three sides: the winner, then each other side in the order its first creature stands on
    the board, whatever their levels: the Orc (4) after the Wolf (2), whose side stands first."""
    creatures = (
        Creature("Wolf", Size.MEDIUM, Square(1, 1), facing=0, level=2, side="wild"),
        Creature("Orc", Size.MEDIUM, Square(3, 1), facing=0, level=4, side="foe"),
        Creature("Troll", Size.LARGE, Square(5, 5), facing=0, level=6, side="wild"),
        Creature("Hero", Size.MEDIUM, Square(9, 9), facing=0, level=3, side="party"),
    )
    encounter = Encounter(GRID, creatures)
    state = new_round(encounter, {}, "party")
    assert order(encounter, {}, state) == [(1, "Hero", None), (2, "Troll", None), (2, "Wolf", None), (2, "Orc", None)]


def test_a_side_nobody_is_on_cannot_win_initiative():
    """The winner must be a side on the board."""
    encounter, stats = party()
    with pytest.raises(RoundError, match="No creature on the board is on the side 'elves'"):
        new_round(encounter, stats, "elves")
    state = new_round(encounter, stats, "party")
    with pytest.raises(RoundError, match="'elves'"):
        with_initiative(encounter, state, "elves")
    with pytest.raises(RoundError, match="'foe'"):
        round_order(Encounter(GRID, encounter.creatures[:2]), stats, with_initiative(encounter, state, "foe"))


def test_next_turn_walks_the_order_and_gives_each_creature_a_fresh_allowance():
    """Next turn moves to the next creature and starts its turn with ``TurnState()`` ("If you do
    not move during your turn ... you may change facing once"); others keep theirs."""
    encounter, stats = party()
    state = new_round(encounter, stats, "party")
    assert turn_creature(encounter, stats, state) == "Aldric"
    used = TurnState(free_turn_used=True)
    state = with_turn_state(state, "Aldric", used)
    state = with_turn_state(state, "Mage", TurnState(moved=True))
    state = next_turn(encounter, stats, state)
    assert (state.turn, turn_creature(encounter, stats, state)) == (1, "Mage")
    assert state.turn_state_of("Mage") == TurnState()
    assert state.turn_state_of("aldric") == used


def test_after_the_last_turn_the_next_round_begins():
    """Past the last creature: round 2, first turn, same initiative winner and declarations,
    every allowance fresh, and a line in the log."""
    encounter, stats = party()
    state = declare_action(new_round(encounter, stats, "foe"), "Goblin", Action.GLANCE)
    for _ in range(3):
        state = next_turn(encounter, stats, state)
    assert turn_creature(encounter, stats, state) == "Mage"
    state = with_turn_state(state, "Ogre", TurnState(free_turn_used=True))
    state = with_turn_state(state, "Mage", TurnState(moved=True))
    state = next_turn(encounter, stats, state)
    assert (state.number, state.turn, state.initiative_winner) == (2, 0, "foe")
    assert state.turn_states == ()
    assert state.action_of("Goblin", stats) is Action.GLANCE
    assert state.log == ("Round 1: foe has initiative", "Round 2: foe has initiative")


def test_previous_turn_steps_back_and_not_before_the_first():
    """Previous turn goes back one creature, then into the round before; allowances stay as
    they are. Round 1's first turn has none before it."""
    encounter, stats = party()
    first = new_round(encounter, stats, "party")
    with pytest.raises(RoundError, match="first turn of round 1"):
        previous_turn(encounter, stats, first)
    second = next_turn(encounter, stats, first)
    mage_turned = with_turn_state(second, "Mage", TurnState(free_turn_used=True))
    back = previous_turn(encounter, stats, mage_turned)
    assert (back.turn, turn_creature(encounter, stats, back)) == (0, "Aldric")
    assert back.turn_state_of("Mage") == TurnState(free_turn_used=True)
    state = first
    for _ in range(4):
        state = next_turn(encounter, stats, state)
    back = previous_turn(encounter, stats, state)
    assert (back.number, back.turn, turn_creature(encounter, stats, back)) == (1, 3, "Goblin")
    assert back.log[-1] == "Back to round 1"


def test_a_turn_past_the_end_reads_as_the_last_and_an_empty_board_has_none():
    """A creature removed mid-round leaves the index past the end: the last turn is current.
    An empty board has no turn."""
    encounter, stats = party()
    state = RoundState("party", turn=3)
    fewer = encounter.remove("Goblin")
    assert turn_creature(fewer, stats, state) == "Ogre"
    assert next_turn(fewer, stats, state).number == 2
    empty = Encounter(GRID)
    assert current_index(round_order(empty, {}, RoundState()), RoundState()) is None
    assert turn_creature(empty, {}, RoundState()) is None


def test_initiative_can_change_during_the_round_and_is_logged():
    """The table sets the winner (or a tie) and the log says so."""
    encounter, stats = party()
    state = with_initiative(encounter, new_round(encounter, stats, None), "foe")
    assert state.initiative_winner == "foe"
    assert state.log == ("Round 1: initiative tied", "Round 1: foe has initiative")
    assert round_heading(3, None) == "Round 3: initiative tied"


def test_the_log_keeps_lines_in_order_and_copies_as_text():
    """Each line of a text is an entry; the copy is the entries, a line each."""
    encounter, stats = party()
    state = new_round(encounter, stats, "party", log=("Before the fight",))
    state = add_log(state, "Aldric attacks Goblin: hit\n  Damage 5")
    state = add_log(state, "Goblin is prone")
    assert state.log == (
        "Before the fight",
        "Round 1: party has initiative",
        "Aldric attacks Goblin: hit",
        "  Damage 5",
        "Goblin is prone",
    )
    assert log_text(state) == (
        "Before the fight\nRound 1: party has initiative\nAldric attacks Goblin: hit\n  Damage 5\nGoblin is prone"
    )
    with pytest.raises(RoundError, match="The log takes text"):
        add_log(state, 5)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"number": 0}, "The round number is a whole number from 1, not 0"),
        ({"turn": -1}, "The turn is a whole number from 0, not -1"),
        ({"turn": True}, "The turn is a whole number from 0, not True"),
        ({"initiative_winner": ""}, "a side's name or none"),
        ({"actions": (("Ogre", "Glance"),)}, "declared actions are \\(name, value\\) pairs"),
        ({"actions": (("Ogre", Action.GLANCE), ("ogre", Action.GLANCE))}, "ogre has two declared actions"),
        ({"turn_states": (("Ogre", None),)}, "facing allowances are \\(name, value\\) pairs"),
        ({"log": ["line"]}, "The round's log is a tuple of lines of text"),
    ],
)
def test_a_round_state_that_cannot_be_is_refused(fields, message):
    """The state's checks answer a RoundError a player reads."""
    with pytest.raises(RoundError, match=message):
        RoundState(**fields)


def test_with_turn_state_takes_only_a_turn_state():
    """A facing allowance is a ``TurnState``."""
    with pytest.raises(RoundError, match="A facing allowance is a TurnState"):
        with_turn_state(RoundState(), "Ogre", "free")


def test_the_log_keeps_its_latest_lines_so_a_long_fight_never_sticks():
    """A new game master's walkthrough: after some 250 rolls in one round, Next turn refused with
    "the round's log hold 501 entries; the most is 500", and stayed stuck after a reload. The
    round keeps the latest LOG_KEPT lines however they are added, each at most LOG_LINE_KEPT
    characters, so every encounter the tracker makes travels in a link."""
    from rules.creature import Creature
    from rules.encounter import Encounter
    from rules.grid import Square, SquareGrid
    from rules.link import MAX_LOG_LINE, MAX_LOG_LINES, encounter_code, parse_encounter_code
    from rules.round import LOG_KEPT, LOG_LINE_KEPT, RoundState, turn_passed
    from rules.sizes import Size

    assert (LOG_KEPT, LOG_LINE_KEPT) == (MAX_LOG_LINES, MAX_LOG_LINE)
    full = RoundState(log=tuple(f"roll {n}" for n in range(LOG_KEPT)))
    assert RoundState(log=full.log + ("one more",)).log == full.log[1:] + ("one more",)
    assert len(RoundState(log=("x" * 1000,)).log[0]) == LOG_LINE_KEPT
    creatures = (Creature("Kroh", Size.MEDIUM, Square(1, 1), facing=0), Creature("Goblin", Size.SMALL, Square(3, 3),
                                                                                 facing=0, side="foe"))
    encounter = Encounter(SquareGrid(6, 6), creatures).with_round(full)
    after, _ = turn_passed(encounter)
    assert len(after.round.log) == LOG_KEPT
    assert parse_encounter_code(encounter_code(after)) == after


def test_a_dead_creature_takes_no_turn():
    """A walkthrough: the dead goblin still got its turn ("Round 1: Goblin's turn."). Next turn
    passes it at once, saying so in the log."""
    from rules.combatant import CombatStats
    from rules.creature import Creature
    from rules.encounter import Encounter
    from rules.grid import Square, SquareGrid
    from rules.round import RoundState, turn_creature, turn_passed
    from rules.sizes import Size

    creatures = (Creature("Kroh", Size.MEDIUM, Square(1, 1), facing=0),
                 Creature("Goblin", Size.SMALL, Square(3, 3), facing=0, side="foe"),
                 Creature("Orc", Size.MEDIUM, Square(5, 5), facing=0, side="foe"))
    dead = CombatStats(max_hit_points=8, hit_points=-10)
    encounter = Encounter(SquareGrid(8, 8), creatures, stats=(("Goblin", dead),)).with_round(
        RoundState(initiative_winner="friend"))
    stats = encounter.stats_map()
    assert turn_creature(encounter, stats, encounter.round_state()) == "Kroh"
    after, _ = turn_passed(encounter)
    assert turn_creature(after, stats, after.round_state()) == "Orc"
    assert "Goblin is dead: its turn passes" in after.round_state().log
