"""Feint (seed 003, Critical Misses): "Until the end of his next turn, your enemy is has a
negative modifier equal to your level to all actions." A defender that critical-misses attacker
imposes Feint: the attacker is feinted, by the defender's level, until the end of its own next
turn; its next attack reads the penalty; the link keeps the amount; Next turn ends it."""

import random

import pytest

from rules.combatant import CombatStats
from rules.conditions import AppliedCondition, ConditionError, end_of_next_turn, penalty_items
from rules.encounter import Encounter
from rules.link import encounter_code, encounter_json, parse_encounter_code, parse_encounter_json
from rules.options import Options
from web import table
from test_table import GRID, medium, natural


def fumbled():
    """The rogue attacks a level 4 fighter goblin in Active Defense and rolls a natural 1: the
    goblin may impose Feint."""
    options = Options(crit_miss_effects=True)
    stats = (("Goblin", CombatStats(is_fighter=True, stance="active defense")),)
    encounter = Encounter(GRID, (medium("Goblin", 5, 5, side="foe", level=4), medium("Rogue", 5, 6)),
                          options=options, stats=stats)
    after, view = table.rolled(encounter, "Rogue", "Goblin", "melee", "", natural(1))
    return after, view, [offer.rule.name for offer in view.effects].index("Feint")


def test_feint_puts_the_defenders_level_on_the_attacker_until_its_next_turn_ends():
    after, view, feint = fumbled()
    chosen, message = table.effect_chosen(after, view, feint)
    (applied,) = chosen.conditions
    assert (applied.condition, applied.creature, applied.amount) == ("feinted", "Rogue", 4)
    assert applied.duration == end_of_next_turn("Rogue")
    assert "Rogue is feinted (-4 to all actions) until the end of Rogue's next turn." in message
    assert chosen.conditions_of("Rogue") == ("feinted",)
    panel = table.panel_for(chosen, "Rogue", "Goblin", "melee", "")
    (line,) = [item for item in panel.attack_lines if item.reason.startswith("Attacker feinted")]
    assert (line.reason, line.value) == ("Attacker feinted: -4 to all actions", -4)
    assert line.rule == "Seed 003: Critical Misses: Feint"
    before = table.panel_for(after, "Rogue", "Goblin", "melee", "")
    assert sum(item.value or 0 for item in panel.attack_lines) == sum(item.value or 0 for item in before.attack_lines) - 4


def test_the_link_and_the_file_keep_the_amount_and_old_rows_still_open():
    after, view, feint = fumbled()
    chosen, _ = table.effect_chosen(after, view, feint)
    assert parse_encounter_code(encounter_code(chosen)) == chosen
    assert parse_encounter_json(encounter_json(chosen)) == chosen
    plain = after.with_condition(AppliedCondition("shaken", "Rogue"))
    assert parse_encounter_code(encounter_code(plain)) == plain, "a row without an amount stays seven parts"


def test_only_a_penalty_to_all_actions_takes_an_amount():
    with pytest.raises(ConditionError, match="takes no amount"):
        AppliedCondition("prone", "Rogue", amount=2)
    with pytest.raises(ConditionError, match="whole number"):
        AppliedCondition("feinted", "Rogue", amount=-1)
    assert penalty_items((AppliedCondition("feinted", "Goblin", amount=3),), "Rogue") == ()


def test_next_turn_ends_the_feint_after_the_attackers_next_turn():
    after, view, feint = fumbled()
    chosen, _ = table.effect_chosen(after, view, feint)
    started = table.started(chosen, "foe")
    for _ in range(6):
        if not started.conditions:
            break
        started = table.stepped(started, True)
    assert started.conditions == ()
    assert "Rogue is no longer feinted" in started.round_state().log
