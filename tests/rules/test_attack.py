"""One attack end to end: the d20, itemised modifiers, hit or miss, crit or fumble, effects."""

import random

import pytest

from rules.attack import (
    Attacker,
    AttackError,
    AttackResult,
    Defender,
    Outcome,
    resolve_attack,
)
from rules.crits import CritHitEffect, CritMissEffect
from rules.dice import Dice, parse_dice
from rules.itemise import Item
from rules.maneuvers import Maneuver, ManeuverError
from rules.options import Options
from rules.stances import Shield, Stance, StanceError

SWORD = parse_dice("1d8+2")
FACING = "UA Combat Facing: Facing and Attacking"


class Loaded:
    """A random source that rolls the faces it is given, in order, and checks each is a face."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def randint(self, low, high):
        """The next face, which must lie on the die."""
        face = self.faces.pop(0)
        assert low <= face <= high
        return face


def attack(natural, *damage_faces, attacker=None, defender=None, options=Options(), **kwargs):
    """Resolve an attack whose d20 shows ``natural`` and whose damage dice show the rest."""
    rng = Loaded(natural, *damage_faces)
    result = resolve_attack(
        attacker or Attacker("Aldric", attack_bonus=5),
        defender or Defender("Orc", armor_class=15),
        kwargs.pop("damage", SWORD),
        rng,
        options,
        **kwargs,
    )
    assert rng.faces == [], "every loaded die was rolled"
    return result


def test_total_meeting_the_armor_class_hits():
    """A hit when the d20 plus modifiers reaches the defender's Armor Class."""
    hit = attack(10, 3)
    assert (hit.outcome, hit.attack_total, hit.armor_class) == (Outcome.HIT, 15, 15)
    assert hit.damage == 5
    miss = attack(9)
    assert miss.outcome is Outcome.MISS
    assert (miss.damage, miss.damage_rolls) == (0, ())


def test_natural_1_always_fails():
    """"the only effect of a critical miss is that the attack always fails, regardless of
    modifiers"."""
    result = attack(1, attacker=Attacker("Giant", attack_bonus=100))
    assert result.outcome is Outcome.CRITICAL_MISS
    assert not result.is_hit
    assert result.crit_miss_effects == ()
    assert [item.reason for item in result.notes] == ["Natural 1: a critical miss always fails"]


def test_natural_20_that_would_hit_is_a_critical_hit_for_maximum_damage():
    """"A natural 20 that would otherwise hit is automatically a critical hit doing maximum
    damage." """
    result = attack(20)
    assert result.outcome is Outcome.CRITICAL_HIT
    assert result.damage == 10
    assert [dice_roll.faces for dice_roll in result.damage_rolls] == [(8,)]


def test_natural_20_that_would_not_hit_misses():
    """"that would otherwise hit": a natural 20 short of the Armor Class is no critical hit,
    and by the text as written no hit."""
    result = attack(20, defender=Defender("Golem", armor_class=30))
    assert result.outcome is Outcome.MISS
    assert "Natural 20 that would not otherwise hit: no critical hit" in [
        item.reason for item in result.notes
    ]


def test_natural_20_always_hits_option():
    """The option for tables that keep the d20 habit: a natural 20 always hits, but is
    critical only if it would otherwise hit."""
    result = attack(
        20, 4, defender=Defender("Golem", armor_class=30),
        options=Options(natural_20_always_hits=True),
    )
    assert result.outcome is Outcome.HIT
    assert result.damage == 6


@pytest.mark.parametrize(
    ("attacker", "options", "outcome"),
    [
        (Attacker("Fighter", 5, is_fighter=True), Options(fighter_crits_on_19=True),
         Outcome.CRITICAL_HIT),
        (Attacker("Fighter", 5, is_fighter=True), Options(), Outcome.HIT),
        (Attacker("Ranger", 5, is_fighting_class=True), Options(fighter_crits_on_19=True),
         Outcome.HIT),
        (Attacker("Paladin", 5, is_fighting_class=True, crits_as_fighter=True),
         Options(fighter_crits_on_19=True), Outcome.CRITICAL_HIT),
    ],
)
def test_natural_19_crits_for_fighters_with_the_option(attacker, options, outcome):
    """"Fighters (but not optional classes based on the Fighter unless the referee rules
    otherwise for a particular optional class) do a critical hit on a natural roll of 19 or
    20 that would otherwise hit." """
    faces = () if outcome is Outcome.CRITICAL_HIT else (3,)
    assert attack(19, *faces, attacker=attacker, options=options).outcome is outcome


def test_natural_19_that_would_not_hit_is_no_critical():
    """A Fighter's 19 short of the Armor Class misses."""
    result = attack(
        19, attacker=Attacker("Fighter", 0, is_fighter=True),
        defender=Defender("Golem", armor_class=25), options=Options(fighter_crits_on_19=True),
    )
    assert result.outcome is Outcome.MISS


def test_modifiers_from_elsewhere_and_stances_are_itemised():
    """"roll, itemised modifiers passed in from elsewhere (e.g. the facing work) plus the
    stance's": every line is kept, so the page shows why."""
    result = attack(
        8,
        attacker=Attacker("Aldric", attack_bonus=5, stance=Stance.ACTIVE_ATTACK),
        defender=Defender("Orc", 15, stance=Stance.FULL_DEFENSE, shield=Shield.LARGE_SHIELD),
        attack_modifiers=(Item("Attacking the foe's rear", 4, FACING),),
        armor_class_modifiers=(Item("Cover", 4, "Cover"),),
    )
    assert [item.text() for item in result.attack_items] == [
        "Attack bonus: +5",
        "Attacking the foe's rear: +4",
        "Active Attack stance: +1",
    ]
    assert [item.text() for item in result.armor_class_items] == [
        "Armor Class: +15",
        "Full Defense stance with a large shield: +6",
        "Cover: +4",
    ]
    assert (result.attack_total, result.armor_class, result.outcome) == (18, 25, Outcome.MISS)


def test_full_defense_cannot_attack():
    """Full Defense: "Attack: no attack possible"; refused before any die is rolled."""
    rng = Loaded(15)
    with pytest.raises(StanceError, match="^A creature in Full Defense cannot attack$"):
        resolve_attack(
            Attacker("Turtle", stance=Stance.FULL_DEFENSE), Defender("Orc", 10), SWORD, rng
        )
    assert rng.faces == [15]


def test_counterattack_from_full_defense():
    """Counterattack: "You make a melee attack against your attacker. This is in addition to
    any other attacks": the critical miss effect lets even Full Defense strike back."""
    result = attack(
        12, 4, attacker=Attacker("Turtle", 3, stance=Stance.FULL_DEFENSE), counterattack=True
    )
    assert result.outcome is Outcome.HIT
    assert result.attack_total == 15
    assert "Counterattack from Full Defense" in [item.reason for item in result.notes]
    with pytest.raises(AttackError, match="^A counterattack is a melee attack$"):
        attack(12, counterattack=True, melee=False)


def test_counterattack_from_active_defense_keeps_the_stance_penalty():
    """Active Defense's -2 applies to every attack of the round, the counterattack too."""
    result = attack(
        12, attacker=Attacker("Guard", 3, stance=Stance.ACTIVE_DEFENSE), counterattack=True
    )
    assert [item.text() for item in result.attack_items][-1] == "Active Defense stance: -2"
    assert result.outcome is Outcome.MISS


def test_maneuver_trades_attack_for_damage_and_lowers_ac():
    """"+4 to damage, -2 to AC and -2 to hit would balance": the attack and damage lines
    apply to this attack, the AC line until the fighter's next action."""
    fighter = Attacker("Aldric", attack_bonus=8, level=5, is_fighter=True)
    result = attack(
        9, 3, attacker=fighter, maneuver=Maneuver(attack=-2, damage=4, armor_class=-2)
    )
    assert [item.text() for item in result.attack_items] == [
        "Attack bonus: +8",
        "Combat maneuver, attack: -2",
    ]
    assert [item.text() for item in result.damage_items] == [
        "Damage (1d8+2): +5",
        "Combat maneuver, damage: +4",
    ]
    assert result.damage == 9
    assert [item.text() for item in result.maneuver_armor_class] == [
        "Combat maneuver, AC (until the next action): -2"
    ]


def test_maneuver_past_the_cap_is_refused_before_rolling():
    """A 5th level fighter may take at most -4; the refusal comes before any die."""
    rng = Loaded(15)
    with pytest.raises(ManeuverError, match="at most -4"):
        resolve_attack(
            Attacker("Aldric", level=5, is_fighter=True), Defender("Orc", 10), SWORD, rng,
            maneuver=Maneuver(attack=-5, damage=5),
        )
    assert rng.faces == [15]


def test_maneuver_needs_a_fighter_or_the_referees_leave():
    """"The referee may allow some intelligent opponents (including some monsters) to use
    combat maneuvers." """
    trade = Maneuver(attack=1, armor_class=-1)
    with pytest.raises(ManeuverError, match="^Only Fighters"):
        attack(10, attacker=Attacker("Hobgoblin", is_monster=True), maneuver=trade)
    allowed = Attacker("Hobgoblin", attack_bonus=4, is_monster=True, may_maneuver=True)
    assert attack(10, 3, attacker=allowed, maneuver=trade).attack_total == 15


def test_body_points_crit_on_a_character():
    """"a critical hit also does a number of body points damage equal to the number of
    damage dice rolled"."""
    result = attack(
        20, damage=parse_dice("2d6"), defender=Defender("Bandit", 12),
        options=Options(body_points=True),
    )
    assert (result.damage, result.body_point_damage, result.loses_next_attack) == (12, 2, False)


def test_body_points_crit_on_a_monster():
    """"a critical hit will do maximum damage plus a normal damage roll to them and cause them
    to lose their next attack"."""
    result = attack(
        20, 3, defender=Defender("Ogre", 12, is_monster=True), options=Options(body_points=True)
    )
    assert result.damage == 10 + 5
    assert len(result.damage_rolls) == 2
    assert result.loses_next_attack
    assert "Ogre loses its next attack" in result.text()


def test_monster_with_body_points_is_treated_like_a_character():
    """"monsters generally do not have body points": one that has them takes body-point
    damage instead of the second roll."""
    result = attack(
        20, defender=Defender("Vampire", 12, is_monster=True, has_body_points=True),
        options=Options(body_points=True),
    )
    assert (result.body_point_damage, result.loses_next_attack) == (1, False)


def test_crit_hit_effects_offered_end_to_end():
    """A fighter in Full Attack who crits in melee is offered the effects, with distances
    worked out from the damage dealt."""
    fighter = Attacker(
        "Aldric", attack_bonus=5, stance=Stance.FULL_ATTACK, is_fighter=True, strength_bonus=3,
        shield_bash=Dice(1, 3),
    )
    result = attack(20, attacker=fighter, options=Options(crit_hit_effects=True))
    assert result.damage == 10
    by_effect = {offer.effect: offer for offer in result.crit_hit_effects}
    assert list(by_effect) == list(CritHitEffect)
    assert by_effect[CritHitEffect.DISARM].amount == 5
    assert by_effect[CritHitEffect.REPOSITION].amount == 8
    assert "Aldric may impose one of:" in result.text()


def test_crit_hit_effects_note_why_not_when_the_option_is_on():
    """A crit from the Standard stance offers nothing, and says so."""
    fighter = Attacker("Aldric", attack_bonus=5, is_fighter=True)
    result = attack(20, attacker=fighter, options=Options(crit_hit_effects=True))
    assert result.crit_hit_effects == ()
    assert (
        "Critical hit special effects need the Active Attack or Full Attack stance"
        in [item.reason for item in result.notes]
    )
    ranged = attack(
        20, attacker=Attacker("Archer", 5, stance=Stance.FULL_ATTACK, is_fighter=True),
        options=Options(crit_hit_effects=True), melee=False,
    )
    assert ranged.crit_hit_effects == ()


def test_crit_miss_effects_offered_end_to_end():
    """An enemy's natural 1 against a Fighter in Active Defense offers the defender the
    effects; Feint is minus the defender's level."""
    guard = Defender("Guard", 15, stance=Stance.ACTIVE_DEFENSE, level=4, is_fighter=True)
    result = attack(1, defender=guard, options=Options(crit_miss_effects=True))
    by_effect = {offer.effect: offer for offer in result.crit_miss_effects}
    assert list(by_effect) == list(CritMissEffect)
    assert by_effect[CritMissEffect.FEINT].amount == -4
    out_of_reach = attack(
        1, defender=guard, options=Options(crit_miss_effects=True), attacker_within_reach=False,
    )
    assert CritMissEffect.COUNTERATTACK not in [
        offer.effect for offer in out_of_reach.crit_miss_effects
    ]


def test_crit_miss_effects_note_why_not_when_the_option_is_on():
    """A natural 1 against a defender in Standard stance offers nothing, and says so."""
    result = attack(
        1, defender=Defender("Guard", 15, is_fighter=True), options=Options(crit_miss_effects=True)
    )
    assert result.crit_miss_effects == ()
    assert (
        "Critical miss special effects need the Active Defense or Full Defense stance"
        in [item.reason for item in result.notes]
    )


def test_damage_never_goes_below_zero():
    """A hit with 1d4-3 that rolls 1 deals no damage rather than healing."""
    assert attack(15, 1, damage=parse_dice("1d4-3")).damage == 0


def test_seeded_attacks_repeat():
    """A seeded random source replays the same attack."""
    fighter = Attacker("Aldric", attack_bonus=5, is_fighter=True)
    first = [
        resolve_attack(fighter, Defender("Orc", 15), SWORD, random.Random(11)) for _ in range(5)
    ]
    again = [
        resolve_attack(fighter, Defender("Orc", 15), SWORD, random.Random(11)) for _ in range(5)
    ]
    assert first == again


def test_hit_and_crit_rates_over_many_seeded_attacks():
    """Over many seeded attacks, +0 against AC 11 hits about half the time (11 to 20), and a
    Fighter with the 19-20 option who always would hit crits about one time in ten."""
    rng = random.Random(3)
    plain = [
        resolve_attack(Attacker("A"), Defender("D", 11), SWORD, rng).is_hit for _ in range(4000)
    ]
    assert abs(sum(plain) / len(plain) - 0.5) < 0.03
    fighter = Attacker("F", attack_bonus=50, is_fighter=True)
    outcomes = [
        resolve_attack(fighter, Defender("D", 11), SWORD, rng, Options(fighter_crits_on_19=True))
        .outcome
        for _ in range(4000)
    ]
    assert abs(outcomes.count(Outcome.CRITICAL_HIT) / len(outcomes) - 0.10) < 0.02
    assert abs(outcomes.count(Outcome.CRITICAL_MISS) / len(outcomes) - 0.05) < 0.015


def test_attack_text_lists_every_part():
    """The log line names the roll, the total, the Armor Class and the outcome."""
    text = attack(10, 3).text()
    assert text.splitlines()[0] == "Aldric attacks Orc: natural 10, total 15 against AC 15: hit"
    assert "    1d8+2: 3 + 2 = 5" in text.splitlines()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Attacker(""), "needs a name"),
        (lambda: Attacker("A", level=-1), "level or hit dice are 0 or more"),
        (lambda: Defender("D", 10, is_fighter=True, is_monster=True), "not both"),
    ],
)
def test_inconsistent_creatures_are_refused(make, message):
    """Creatures in an attack have a name, a level of 0 or more, and are not both a Fighter
    and a monster."""
    with pytest.raises(AttackError, match=message):
        make()


def test_result_keeps_hits_and_damage_consistent():
    """A result whose hit has no damage roll (or whose miss has one) is refused."""
    with pytest.raises(AttackError, match="A hit rolls damage"):
        AttackResult(Attacker("A"), Defender("D", 10), 15, (), (), Outcome.HIT)
    with pytest.raises(AttackError, match="A d20 cannot show 21"):
        AttackResult(Attacker("A"), Defender("D", 10), 21, (), (), Outcome.MISS)


@pytest.mark.parametrize(
    "rogue_level, dice", [(0, None), (1, "1d6"), (2, "1d6"), (3, "2d6"), (4, "2d6"), (9, "5d6"), (20, "10d6")]
)
def test_sneak_attack_dice_follow_the_rogue_level(rogue_level, dice):
    """SRD 3.5 Rogue, Sneak Attack: "This extra damage is 1d6 at 1st level, and it increases by
    1d6 every two rogue levels thereafter": rogue level / 2 rounded up, in d6."""
    from rules.attack import sneak_attack_dice
    from rules.dice import dice_notation

    found = sneak_attack_dice(rogue_level)
    assert (None if found is None else dice_notation(found)) == dice


def test_a_sneak_attack_rolls_its_dice_after_the_weapon_and_adds_them():
    """A hit that sneak attacks rolls the sneak attack dice after the weapon's damage and shows
    them; a miss rolls none."""
    hit = attack(10, 3, 4, 6, sneak_attack=Dice(2, 6))
    assert [roll.text() for roll in hit.damage_rolls] == ["1d8+2: 3 + 2 = 5", "2d6: 4 + 6 = 10"]
    assert hit.sneak_attack_roll.total == 10
    assert Item("Sneak attack (2d6)", 10, "SRD 3.5 Rogue: Sneak Attack") in hit.damage_items
    assert hit.damage == 15
    miss = attack(9, sneak_attack=Dice(2, 6))
    assert miss.damage_rolls == () and miss.sneak_attack_roll is None


def test_a_critical_hit_deals_the_weapons_maximum_and_rolls_the_sneak_attack():
    """Seed 003: Critical Hits, "A natural 20 that would otherwise hit is automatically a
    critical hit doing maximum damage": the weapon's dice on their top face (1d8+2: 10); the
    sneak attack dice are rolled (the standard rules do not multiply them on a critical hit)."""
    crit = attack(20, 1, 2, sneak_attack=Dice(2, 6))
    assert crit.outcome is Outcome.CRITICAL_HIT
    assert [roll.text() for roll in crit.damage_rolls] == ["1d8+2: 8 + 2 = 10", "2d6: 1 + 2 = 3"]
    assert crit.damage == 13


def test_damage_modifiers_from_elsewhere_are_added_to_a_hit():
    """A condition's damage line (SRD 3.5, Sickened: "-2 penalty on ... weapon damage rolls")
    is added to the damage of a hit, itemised."""
    line = Item("Attacker sickened, weapon damage", -2, "SRD 3.5 Conditions: Sickened")
    hit = attack(10, 3, damage_modifiers=(line,))
    assert line in hit.damage_items and hit.damage == 3
