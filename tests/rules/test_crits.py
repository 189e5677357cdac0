"""Critical hits and misses: the ranges, maximum and body-point damage, the special effects."""

import pytest

from rules.crits import (
    CRIT_HIT_EFFECT_TABLE,
    CRIT_MISS_EFFECT_TABLE,
    FORCED_MOVES,
    HAZARD_SAVE,
    CritHitEffect,
    CritMissEffect,
    EffectOffer,
    Lasts,
    crit_hit_effects,
    crit_miss_effects,
    critical_damage,
    critical_naturals,
    is_critical_miss,
    why_no_crit_hit_effects,
    why_no_crit_miss_effects,
)
from rules.dice import Dice, parse_dice
from rules.options import Options
from rules.stances import Stance

HIT_EFFECTS = Options(crit_hit_effects=True)
MISS_EFFECTS = Options(crit_miss_effects=True)
ALL_HIT_EFFECTS = (
    CritHitEffect.TRIP,
    CritHitEffect.DISARM,
    CritHitEffect.REPOSITION,
    CritHitEffect.SHIELD_SLAM,
    CritHitEffect.DISORIENT,
    CritHitEffect.HINDER,
)


class Loaded:
    """A random source that rolls the faces it is given, in order, and checks each is a face."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def randint(self, low, high):
        """The next face, which must lie on the die."""
        face = self.faces.pop(0)
        assert low <= face <= high
        return face


def effects(offers):
    """The effects of ``offers``, in order."""
    return tuple(offer.effect for offer in offers)


def hit_offers(options=HIT_EFFECTS, **overrides):
    """The critical hit effects offered to a fighting-class attacker in Full Attack, in melee."""
    traits = {
        "is_fighting_class": True,
        "is_monster": False,
        "stance": Stance.FULL_ATTACK,
        "melee": True,
        "damage_dealt": 13,
        "strength_bonus": 2,
        "shield_bash": Dice(1, 4),
    }
    traits.update(overrides)
    return crit_hit_effects(options, **traits)


def miss_offers(options=MISS_EFFECTS, **overrides):
    """The critical miss effects offered to a 6th level Fighter in Active Defense."""
    traits = {
        "is_fighter": True,
        "is_fighting_class": True,
        "is_monster": False,
        "stance": Stance.ACTIVE_DEFENSE,
        "level": 6,
    }
    traits.update(overrides)
    return crit_miss_effects(options, **traits)


def test_natural_20_is_the_critical_range():
    """"A natural 20 that would otherwise hit is automatically a critical hit"."""
    assert critical_naturals(Options(), crits_as_fighter=False) == (20,)
    assert critical_naturals(Options(), crits_as_fighter=True) == (20,)


def test_fighters_crit_on_19_with_the_option():
    """"Option: Fighters (but not optional classes based on the Fighter unless the referee
    rules otherwise ...) do a critical hit on a natural roll of 19 or 20"."""
    option = Options(fighter_crits_on_19=True)
    assert critical_naturals(option, crits_as_fighter=True) == (19, 20)
    assert critical_naturals(option, crits_as_fighter=False) == (20,)


def test_natural_1_is_a_critical_miss():
    """"A natural roll of 1 is a critical miss." """
    assert [natural for natural in range(1, 21) if is_critical_miss(natural)] == [1]


def test_critical_hit_does_maximum_damage():
    """"a critical hit doing maximum damage", rolling nothing."""
    crit = critical_damage(parse_dice("2d6+3"), Loaded(), Options(), defender_has_body_points=True)
    assert [dice_roll.faces for dice_roll in crit.rolls] == [(6, 6)]
    assert [item.text() for item in crit.items] == ["Critical hit, maximum damage (2d6+3): +15"]
    assert (crit.body_point_damage, crit.loses_next_attack) == (0, False)


@pytest.mark.parametrize(("notation", "body_points"), [("1d8+2", 1), ("2d6", 2), ("3d4-1", 3)])
def test_body_points_damage_is_the_number_of_damage_dice(notation, body_points):
    """"If the option Body Points rules are used, a critical hit also does a number of body
    points damage equal to the number of damage dice rolled (normally 1)." """
    dice = parse_dice(notation)
    crit = critical_damage(dice, Loaded(), Options(body_points=True), defender_has_body_points=True)
    assert crit.body_point_damage == body_points
    assert sum(item.value for item in crit.items) == dice.maximum
    assert not crit.loses_next_attack


def test_monster_without_body_points_takes_a_second_roll_and_loses_its_next_attack():
    """"As monsters generally do not have body points, a critical hit will do maximum damage
    plus a normal damage roll to them and cause them to lose their next attack." """
    crit = critical_damage(
        parse_dice("2d6+3"), Loaded(2, 5), Options(body_points=True), defender_has_body_points=False
    )
    assert [dice_roll.faces for dice_roll in crit.rolls] == [(6, 6), (2, 5)]
    assert sum(item.value for item in crit.items) == 15 + 10
    assert crit.loses_next_attack
    assert crit.body_point_damage == 0


def test_without_body_points_option_a_monster_takes_maximum_damage_only():
    """Without the body points option a critical hit is maximum damage for everyone."""
    crit = critical_damage(parse_dice("1d8"), Loaded(), Options(), defender_has_body_points=False)
    assert sum(item.value for item in crit.items) == 8
    assert not crit.loses_next_attack


def test_crit_hit_effects_offered_to_a_fighting_class_attacking_in_melee():
    """"When an Fighting Class character ... has selected the Active Attack or Full Attack
    combat stance ... and scores a critical hit in melee combat ..., one of the following
    special effects may be imposed at the attacker's option"."""
    assert effects(hit_offers()) == ALL_HIT_EFFECTS
    assert effects(hit_offers(stance=Stance.ACTIVE_ATTACK)) == ALL_HIT_EFFECTS


def test_shield_slam_needs_a_shield():
    """Shield Slam: "If wielding a shield, bludgeon your target with it, dealing damage as a
    shield bash." """
    offers = hit_offers(shield_bash=None)
    assert CritHitEffect.SHIELD_SLAM not in effects(offers)
    assert len(offers) == 5
    (slam,) = [offer for offer in hit_offers() if offer.effect is CritHitEffect.SHIELD_SLAM]
    assert slam.dice == Dice(1, 4)
    assert "Shield bash damage: 1d4" in slam.text()


@pytest.mark.parametrize(
    ("overrides", "reason"),
    [
        ({"stance": Stance.STANDARD}, "need the Active Attack or Full Attack stance"),
        ({"stance": Stance.ACTIVE_DEFENSE}, "need the Active Attack or Full Attack stance"),
        ({"melee": False}, "need a melee attack"),
        ({"is_fighting_class": False}, "Only a fighting class"),
        ({"is_fighting_class": False, "is_monster": True}, "Monsters do not impose"),
    ],
)
def test_crit_hit_effects_not_offered_outside_their_conditions(overrides, reason):
    """Only a fighting class (or a monster at the referee's option), only in an attacking
    stance, only in melee."""
    assert hit_offers(**overrides) == ()
    traits = {
        "is_fighting_class": True,
        "is_monster": False,
        "stance": Stance.FULL_ATTACK,
        "melee": True,
    }
    traits.update({key: value for key, value in overrides.items() if key in traits})
    assert reason in why_no_crit_hit_effects(HIT_EFFECTS, **traits)


def test_crit_hit_effects_are_optional():
    """"Critical Hit Special Effects (optional)": none without the option."""
    assert hit_offers(options=Options()) == ()
    assert why_no_crit_hit_effects(
        Options(), is_fighting_class=True, is_monster=False, stance=Stance.FULL_ATTACK, melee=True
    ) == "Critical hit special effects are not in use"


def test_monsters_impose_crit_hit_effects_at_the_referees_option():
    """"(or a monster, at the referee's option)"."""
    monster = {"is_fighting_class": False, "is_monster": True}
    assert hit_offers(**monster) == ()
    allowed = Options(crit_hit_effects=True, crit_hit_effects_for_monsters=True)
    assert effects(hit_offers(options=allowed, **monster)) == ALL_HIT_EFFECTS


def test_effect_distances_are_half_the_damage_dealt():
    """Disarm: "a number of feet equal to half the damage you dealt"; Reposition and Shield
    Slam: half the damage "plus attacker's STR bonus". 13 damage and STR +2: 6 and 8 feet."""
    by_effect = {offer.effect: offer for offer in hit_offers(damage_dealt=13, strength_bonus=2)}
    assert by_effect[CritHitEffect.DISARM].amount == 6
    assert by_effect[CritHitEffect.REPOSITION].amount == 8
    assert by_effect[CritHitEffect.SHIELD_SLAM].amount == 8
    assert [item.text() for item in by_effect[CritHitEffect.REPOSITION].items] == [
        "Half the damage dealt (13): +6",
        "Attacker's STR bonus: +2",
        HAZARD_SAVE,
    ]
    assert by_effect[CritHitEffect.TRIP].amount == 0


def test_a_strength_penalty_is_no_bonus():
    """"plus attacker's STR bonus": a negative STR modifier does not shorten the push."""
    by_effect = {offer.effect: offer for offer in hit_offers(damage_dealt=9, strength_bonus=-1)}
    assert by_effect[CritHitEffect.REPOSITION].amount == 4


def test_forced_moves_allow_a_dex_save_at_a_hazard():
    """"If the movement effect of Reposition or Shield Slam would force the target over a
    cliff, into a pool of dangerous liquid, or the like, the target gets a DEX save to stop
    safely at the edge." Disarm moves only the weapon."""
    assert FORCED_MOVES == {CritHitEffect.REPOSITION, CritHitEffect.SHIELD_SLAM}
    for offer in hit_offers():
        reasons = [item.reason for item in offer.items]
        assert (HAZARD_SAVE in reasons) == (offer.effect in FORCED_MOVES)


@pytest.mark.parametrize(
    ("effect", "lasts"),
    [
        (CritHitEffect.TRIP, Lasts.AT_ONCE),
        (CritHitEffect.DISARM, Lasts.AT_ONCE),
        (CritHitEffect.REPOSITION, Lasts.AT_ONCE),
        (CritHitEffect.SHIELD_SLAM, Lasts.AT_ONCE),
        (CritHitEffect.DISORIENT, Lasts.TARGETS_NEXT_TURN),
        (CritHitEffect.HINDER, Lasts.TARGETS_NEXT_TURN),
        (CritMissEffect.COUNTERATTACK, Lasts.AT_ONCE),
        (CritMissEffect.DISENGAGE, Lasts.AT_ONCE),
        (CritMissEffect.BLIND, Lasts.NEXT_ROUND),
        (CritMissEffect.REDIRECT_ATTACK, Lasts.AT_ONCE),
        (CritMissEffect.FEINT, Lasts.TARGETS_NEXT_TURN),
        (CritMissEffect.STEAL, Lasts.AT_ONCE),
    ],
)
def test_effect_durations(effect, lasts):
    """Disorient, Hinder and Feint last "until the end of his next turn"; Blind "until the
    end of the next round"; the rest happen at once."""
    assert EffectOffer(effect).rule.lasts is lasts


def test_effect_tables_follow_the_seed():
    """The effects in the seed's order, with the seed's names."""
    assert [rule.name for rule in CRIT_HIT_EFFECT_TABLE.values()] == [
        "Trip", "Disarm", "Reposition", "Shield Slam", "Disorient", "Hinder",
    ]
    assert [rule.name for rule in CRIT_MISS_EFFECT_TABLE.values()] == [
        "Counterattack", "Disengage", "Blind", "Redirect Attack", "Feint", "Steal",
    ]
    assert CRIT_HIT_EFFECT_TABLE[CritHitEffect.TRIP].text == "Target is knocked prone."


@pytest.mark.parametrize("stance", [Stance.ACTIVE_DEFENSE, Stance.FULL_DEFENSE])
def test_crit_miss_effects_offered_to_a_fighter_in_a_defensive_stance(stance):
    """"When a Fighter ... has selected the Active Defense or Full Defense combat stance ...
    and an enemy attacking him ... rolls a natural 1 ..., one of the following special effects
    may be imposed at the defender's option"."""
    assert effects(miss_offers(stance=stance)) == tuple(CritMissEffect)


@pytest.mark.parametrize("stance", [Stance.STANDARD, Stance.ACTIVE_ATTACK, Stance.FULL_ATTACK])
def test_crit_miss_effects_need_a_defensive_stance(stance):
    """No defensive stance, no critical miss effects."""
    assert miss_offers(stance=stance) == ()


def test_crit_miss_effects_are_optional():
    """"Critical Miss Special Effects (optional)"; otherwise "the only effect of a critical
    miss is that the attack always fails"."""
    assert miss_offers(options=Options()) == ()


def test_crit_miss_effects_are_for_the_fighter_unless_the_option_widens_them():
    """The seed says "a Fighter"; the option reads it as any fighting class."""
    ranger = {"is_fighter": False, "is_fighting_class": True}
    assert miss_offers(**ranger) == ()
    assert why_no_crit_miss_effects(
        MISS_EFFECTS, is_monster=False, stance=Stance.FULL_DEFENSE, **ranger
    ) == "Only a Fighter imposes critical miss special effects"
    widened = Options(crit_miss_effects=True, crit_miss_effects_for_fighting_classes=True)
    assert effects(miss_offers(options=widened, **ranger)) == tuple(CritMissEffect)
    assert miss_offers(options=widened, is_fighter=False, is_fighting_class=False) == ()


def test_monsters_impose_crit_miss_effects_at_the_referees_option():
    """"(or a monster, at the referee's option)"."""
    monster = {"is_fighter": False, "is_fighting_class": False, "is_monster": True}
    assert miss_offers(**monster) == ()
    allowed = Options(crit_miss_effects=True, crit_miss_effects_for_monsters=True)
    assert effects(miss_offers(options=allowed, **monster)) == tuple(CritMissEffect)


def test_feint_is_minus_the_defenders_level():
    """Feint: "your enemy has a negative modifier equal to your level to all actions"."""
    (feint,) = [offer for offer in miss_offers(level=6) if offer.effect is CritMissEffect.FEINT]
    assert feint.amount == -6
    assert feint.items[0].text() == "Feint by a level 6 defender, to all the enemy's actions: -6"


def test_effects_that_reach_the_attacker_need_it_in_reach():
    """Counterattack ("a melee attack against your attacker"), Blind and Steal reach the
    attacker; against an attacker out of reach only the others are offered."""
    assert effects(miss_offers(attacker_within_reach=False)) == (
        CritMissEffect.DISENGAGE,
        CritMissEffect.REDIRECT_ATTACK,
        CritMissEffect.FEINT,
    )


def test_offer_text_shows_name_seed_words_and_numbers():
    """An offer reads as its name, the seed's words and its worked-out lines."""
    (disarm,) = [offer for offer in hit_offers() if offer.effect is CritHitEffect.DISARM]
    assert disarm.text().splitlines() == [
        "Disarm: Target's weapon or shield is knocked away in a random direction a number of "
        "feet equal to half the damage you dealt.",
        "Half the damage dealt (13): +6",
        "The direction is random",
    ]
