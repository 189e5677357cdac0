"""Issue 15, the fight carried by the encounter: hit points in the combat stats, conditions on
creatures with their durations, the critical effects that put them there, the turns that end
them, and movement under them; all through links and files."""

import pytest

from rules.combatant import CombatStats, CombatStatsError, vitals_of, with_damage
from rules.conditions import AppliedCondition, end_of_next_turn
from rules.creature import Creature
from rules.crits import CritHitEffect, CritMissEffect, effect_condition
from rules.encounter import Encounter, EncounterError
from rules.grid import Square, SquareGrid
from rules.link import LinkError, encounter_code, encounter_json, parse_encounter_code, parse_encounter_json
from rules.movement import Battlefield, Mode, plan_move
from rules.round import RoundState, turn_passed
from rules.sizes import Size

GRID = SquareGrid(12, 12)


def board(**more):
    """Kroh and a goblin, both Medium, facing north."""
    kroh = Creature("Kroh", Size.MEDIUM, Square(3, 3), facing=0)
    goblin = Creature("Goblin", Size.SMALL, Square(6, 3), facing=0, side="foe")
    return Encounter(GRID, (kroh, goblin), **more)


def test_hit_points_through_their_thresholds():
    """SRD 3.5: "Disabled": "at exactly 0 hit points"; "Dying": "-1 to -9"; "Dead": "-10 or
    lower". 7 hit points take 7 (disabled), 1 more (dying), 9 more (dead)."""
    stats = CombatStats(max_hit_points=7, hit_points=7)
    assert vitals_of(stats).state == "healthy"
    for amount, state in ((7, "disabled"), (1, "dying"), (9, "dead")):
        stats = with_damage(stats, amount)
        assert vitals_of(stats).state == state
    assert stats.hit_points == -10
    assert vitals_of(CombatStats()) is None and with_damage(CombatStats(), 5) == CombatStats()


def test_hit_points_now_cannot_pass_the_maximum():
    with pytest.raises(CombatStatsError, match="more than the maximum"):
        CombatStats(max_hit_points=5, hit_points=6)


def test_a_dying_creature_has_the_conditions_its_hit_points_give():
    """The conditions a creature is in include those of its hit points, beside those applied."""
    encounter = board(stats=(("Goblin", CombatStats(max_hit_points=5, hit_points=-3)),))
    encounter = encounter.with_condition(AppliedCondition("prone", "Goblin"))
    assert encounter.conditions_of("Goblin") == ("prone", "dying")
    assert encounter.conditions_of("Kroh") == ()


def test_critical_effects_put_their_conditions_with_their_durations():
    """Seed 003: Trip "Target is knocked prone." (until it stands); Hinder "reducing his speed
    to five feet until the end of his next turn"; Blind, on the attacker who rolled the 1,
    "Until the end of the next round"."""
    trip = effect_condition(CritHitEffect.TRIP, "Kroh", "Goblin")
    assert (trip.condition, trip.creature, trip.duration.text()) == ("prone", "Goblin", "until removed")
    hinder = effect_condition(CritHitEffect.HINDER, "Kroh", "Goblin")
    assert (hinder.condition, hinder.duration) == ("hindered", end_of_next_turn("Goblin"))
    blind = effect_condition(CritMissEffect.BLIND, "Kroh", "Goblin")
    assert (blind.condition, blind.creature) == ("blinded", "Kroh")
    assert effect_condition(CritHitEffect.DISARM, "Kroh", "Goblin") is None


def test_hinder_ends_after_the_targets_next_turn():
    """Kroh hinders the goblin on Kroh's turn; the goblin's turn comes and goes: at its end the
    goblin is no longer hindered, and the log says so."""
    encounter = board(round=RoundState(initiative_winner="friend"))
    encounter = encounter.with_condition(effect_condition(CritHitEffect.HINDER, "Kroh", "Goblin"))
    encounter, ended = turn_passed(encounter)
    assert ended == () and encounter.conditions_of("Goblin") == ("hindered",)
    encounter, ended = turn_passed(encounter)
    assert ended == ("Goblin is no longer hindered",)
    assert encounter.conditions_of("Goblin") == ()
    assert "Goblin is no longer hindered" in encounter.round.log


def test_a_hindered_creature_moves_five_feet():
    """Seed 003, Hinder: speed five feet. Ten feet is refused, five allowed; the refusal shows
    the line that lowered the speed."""
    encounter = board().with_condition(effect_condition(CritHitEffect.HINDER, "Kroh", "Goblin"))
    goblin = encounter.mover("Goblin")
    field = Battlefield(GRID, encounter.terrain, encounter.others("Goblin"), encounter.ruleset)
    assert plan_move(goblin, Square(7, 3), field, Mode.MOVE).legal
    far = plan_move(goblin, Square(8, 3), field, Mode.MOVE)
    assert not far.legal
    assert encounter.creature("Goblin").speed_modifiers == ()
    assert board().mover("Goblin") == board().creature("Goblin")


def test_the_fight_travels_in_links_and_files():
    """Hit points and conditions, durations included, come back from a link and a file; a
    rename follows them and a removal drops them."""
    encounter = board(stats=(("Goblin", CombatStats(max_hit_points=7, hit_points=2)),))
    encounter = encounter.with_condition(effect_condition(CritHitEffect.HINDER, "Kroh", "Goblin"))
    encounter = encounter.with_condition(AppliedCondition("prone", "Kroh"))
    assert parse_encounter_code(encounter_code(encounter)) == encounter
    assert parse_encounter_json(encounter_json(encounter)) == encounter
    renamed = encounter.replace("Goblin", Creature("Snik", Size.SMALL, Square(6, 3), facing=0, side="foe"))
    assert renamed.conditions_of("Snik") == ("hindered",)
    assert renamed.conditions[0].duration.creature == "Snik"
    assert encounter.remove("Goblin").conditions_of("Kroh") == ("prone",)
    assert len(encounter.remove("Goblin").conditions) == 1


def test_a_condition_on_no_one_is_refused():
    with pytest.raises(EncounterError, match="Ogre, who is not on the board"):
        board(conditions=(AppliedCondition("prone", "Ogre"),))
    text = encounter_json(board()).rstrip().rstrip("}") + ',\n  "conditions": [["prone", "Kroh", 9, "", 0, "", 0]]\n}\n'
    with pytest.raises(LinkError, match="condition 1 has a duration this page does not know"):
        parse_encounter_json(text)
