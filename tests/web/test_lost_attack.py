"""A monster critically hit loses its next attack (seed 003, Critical Hits: "As monsters generally
do not have body points, a critical hit will do maximum damage plus a normal damage roll to them
and cause them to lose their next attack."): the roll puts the condition on it, its badge shows
it, its next attack is refused with the reason, and Roll takes that attack as lost."""

from rules.combatant import CombatStats
from rules.conditions import badges
from rules.encounter import Encounter
from rules.options import Options
from web import table
from test_table import GRID, medium, natural


def critically_hit():
    options = Options(body_points=True)
    stats = (("Goblin", CombatStats(is_monster=True)), ("Rogue", CombatStats(attack_bonus=30)))
    encounter = Encounter(GRID, (medium("Goblin", 5, 5, side="foe"), medium("Rogue", 5, 6)), options=options,
                          stats=stats)
    after, view = table.rolled(encounter, "Rogue", "Goblin", "melee", "", natural(20))
    assert view.result.loses_next_attack
    return encounter, after


def test_a_monster_critically_hit_loses_its_next_attack_and_wears_the_badge():
    _, after = critically_hit()
    assert after.conditions_of("Goblin") == ("loses next attack",)
    assert badges(after.conditions_of("Goblin")) == ("LA",)
    panel = table.panel_for(after, "Goblin", "Rogue", "melee", "")
    assert not panel.allowed
    assert [item.reason for item in panel.restrictions] == [
        "Attacker loses next attack: this attack is lost (Roll marks it lost and ends the condition)"]


def test_roll_takes_the_attack_as_lost_and_ends_the_condition():
    before, after = critically_hit()
    assert table.attack_lost(before, "Goblin") is None
    lost, message = table.attack_lost(after, "Goblin")
    assert message == "Goblin's attack is lost: a critical hit took its next attack (seed 003)."
    assert lost.conditions_of("Goblin") == ()
    assert lost.round_state().log[-1] == "Goblin's attack is lost: a critical hit took its next attack (seed 003)"
    assert table.panel_for(lost, "Goblin", "Rogue", "melee", "").allowed


def test_without_the_body_points_option_nothing_is_lost():
    stats = (("Goblin", CombatStats(is_monster=True)), ("Rogue", CombatStats(attack_bonus=30)))
    encounter = Encounter(GRID, (medium("Goblin", 5, 5, side="foe"), medium("Rogue", 5, 6)), stats=stats)
    after, _ = table.rolled(encounter, "Rogue", "Goblin", "melee", "", natural(20))
    assert after.conditions_of("Goblin") == ()
