"""Disarm chosen after a critical hit puts the target's weapon or shield on the board, where the
dice send it, and the log and the message say where (seed 003, Critical Hits, Disarm)."""

import random

from rules.combatant import CombatStats
from rules.crits import CritHitEffect
from rules.encounter import Encounter
from rules.options import Options
from rules.stances import Stance
from web import table
from web.fight import dropped_ops
from web.view import View
from test_table import GRID, medium, natural


def critical_hit():
    """``(encounter, after, view)``: a fighting-class rogue in Active Attack, critical hit
    effects on, scores a critical hit on the goblin (2d6+4 at its maximum, 16)."""
    options = Options(crit_hit_effects=True)
    stats = (("Rogue", CombatStats(attack_bonus=30, damage="2d6+4", is_fighting_class=True, stance=Stance.ACTIVE_ATTACK)),)
    encounter = Encounter(GRID, (medium("Goblin", 5, 5, side="foe"), medium("Rogue", 5, 6)), options=options,
                          stats=stats)
    after, view = table.rolled(encounter, "Rogue", "Goblin", "melee", "", natural(20))
    return encounter, after, view


def test_a_chosen_disarm_drops_the_weapon_where_the_dice_send_it():
    encounter, after, view = critical_hit()
    index = [offer.effect for offer in view.effects].index(CritHitEffect.DISARM)
    feet = view.effects[index].amount
    assert feet == view.result.damage // 2 == 8
    chosen, message = table.effect_chosen(after, view, index, random.Random(3))
    (item,) = chosen.dropped
    assert item.owner == "Goblin" and item.what == "weapon or shield"
    assert "Goblin's weapon or shield lands 5 ft" in message
    assert GRID.distance(item.cell, encounter.creature("Goblin").anchor) == 1
    assert chosen.round_state().log[-1].startswith("Rogue imposes Disarm (8). Goblin's weapon or shield lands 5 ft")
    assert [op[3] for op in dropped_ops(chosen, View().layout(GRID)) if op[0] == "text"] == ["W"]


def test_reposition_says_the_attacker_may_move_with_its_target():
    """Seed 003, Reposition: "Attacker may move with target if attacker desires." """
    encounter, after, view = critical_hit()
    index = [offer.effect for offer in view.effects].index(CritHitEffect.REPOSITION)
    assert view.effect_texts[index].endswith(
        f"Drag Goblin up to {view.effects[index].amount} ft; then, if Rogue wishes, it may move with Goblin: "
        "drag Rogue with Free placement (a move that costs it nothing)")
    _, message = table.effect_chosen(after, view, index, random.Random(1))
    assert "if Rogue wishes, it may move with Goblin" in message
