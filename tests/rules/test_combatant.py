"""Combat stats: their defaults and checks, and the values the rules modules build from them."""


import pytest

from rules.attack import Attacker, Defender
from rules.combatant import (
    DEFAULT_STATS,
    CombatStats,
    CombatStatsError,
    attack_request,
    attacker_for,
    combatant_for,
    defender_for,
    parse_shield,
    stats_for,
    threatens_creature,
)
from rules.creature import Creature
from rules.dice import Dice
from rules.encounter import Encounter
from rules.facing import AttackKind, attack
from rules.grid import Square, SquareGrid
from rules.sizes import Size
from rules.stances import Shield, Stance
from rules.strike_speed import Action, Combatant
from rules.zones import VARIANT

GRID = SquareGrid(12, 12)


def medium(name, x, y, facing=0, **fields):
    """A Medium creature at ``(x, y)`` facing ``facing`` (0 north, 2 east, 4 south, 6 west)."""
    return Creature(name, Size.MEDIUM, Square(x, y), facing=facing, **fields)


def test_defaults_are_an_ordinary_fighter_with_a_medium_weapon():
    """Every field has a default: no bonus, AC 10, no shield, 1d6, Standard, Medium Length
    Weapon, no class, no spell."""
    stats = CombatStats()
    assert stats == DEFAULT_STATS
    assert (stats.attack_bonus, stats.armor_class, stats.shield, stats.shield_bonus) == (0, 10, Shield.NONE, 0)
    assert (stats.damage, stats.damage_dice, stats.strength_bonus) == ("1d6", Dice(1, 6), 0)
    assert (stats.stance, stats.action) == (Stance.STANDARD, Action.MEDIUM_WEAPON)
    assert not any(
        (stats.is_fighter, stats.is_fighting_class, stats.is_monster, stats.classed_as_fighter,
         stats.crits_as_fighter, stats.may_maneuver)
    )  # fmt: skip
    assert stats.has_body_points is None and stats.shield_bash_dice is None
    assert (stats.spell, stats.spell_target) == ("", "")


def test_text_is_read_into_values_and_dice_into_canonical_notation():
    """The page's form gives text: a shield, a stance and an action are read by name, dice kept
    canonical, so equal stats compare equal."""
    stats = CombatStats(
        shield="Large_Shield",
        shield_bash="1D4",
        stance="full attack",
        action="missile fire/arcane blast",
        damage="2D6 + 3",
    )
    assert stats.shield is Shield.LARGE_SHIELD
    assert stats.stance is Stance.FULL_ATTACK
    assert stats.action is Action.MISSILE_FIRE
    assert (stats.damage, stats.shield_bash) == ("2d6+3", "1d4")
    assert stats.shield_bash_dice == Dice(1, 4)
    assert stats == CombatStats(
        shield=Shield.LARGE_SHIELD,
        shield_bash="1d4",
        stance=Stance.FULL_ATTACK,
        action=Action.MISSILE_FIRE,
        damage="2d6+3",
    )


def test_parse_shield_names_the_choices():
    """A shield is one of the stance table's three; anything else says which they are."""
    assert [parse_shield(name) for name in ("none", " Shield ", "large shield")] == list(Shield)
    choices = "'buckler' is not a shield: choose 'none', 'shield', 'large shield'"
    with pytest.raises(CombatStatsError, match=choices):
        parse_shield("buckler")


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"attack_bonus": "3"}, "The attack bonus is a whole number, not '3'"),
        ({"attack_bonus": True}, "The attack bonus is a whole number, not True"),
        ({"armor_class": -1}, "The Armor Class is a whole number from 0, not -1"),
        ({"shield": "shield", "shield_bonus": -1}, "The shield's AC bonus is a whole number from 0"),
        ({"strength_bonus": 1.5}, "The Strength bonus is a whole number"),
        ({"shield_bonus": 2}, "A shield bonus of 2 needs a shield"),
        ({"shield_bash": "1d4"}, "A shield bash needs a shield"),
        ({"damage": "lots"}, "'lots' is not dice notation: write it like 2d6\\+3"),
        ({"damage": 6}, "Write the damage in dice notation"),
        ({"shield": "buckler"}, "'buckler' is not a shield"),
        ({"stance": "berserk"}, "'berserk' is not a combat stance"),
        ({"action": "sneeze"}, "'sneeze' is not an action of the strike-speed table"),
        ({"is_fighter": 1}, "'Fighter' is yes or no, not 1"),
        ({"has_body_points": 1}, "'Has body points' is yes, no or left to the usual rule, not 1"),
        ({"is_monster": True, "is_fighter": True}, "A monster has no character class"),
        ({"is_monster": True, "is_fighting_class": True}, "A monster has no character class"),
        ({"classed_as_fighter": True}, "Only a monster is classed as a fighter by the referee"),
        ({"action": "cast spell"}, "declares the spell and its target before initiative is rolled"),
        ({"action": "cast spell", "spell": "Sleep"}, "declares the spell and its target"),
        ({"spell": "Sleep", "spell_target": "orcs"}, "Only a creature casting a spell declares one"),
        ({"spell": 3}, "The spell is text, not 3"),
        (
            {"action": "cast spell", "spell": "Sleep", "spell_target": "orcs", "stance": "active defense"},
            "A spellcaster casting a spell cannot be in Active Defense",
        ),
    ],
)
def test_stats_that_do_not_fit_are_refused_with_a_reason(fields, message):
    """Each check answers a CombatStatsError a player reads (Seed 003: a caster declares spell
    and target, and takes no defensive stance; only monsters are classed as fighters)."""
    with pytest.raises(CombatStatsError, match=message):
        CombatStats(**fields)


def test_a_declared_spell_caster_and_a_monster_classed_as_a_fighter_are_accepted():
    """The valid cases of the checks above stand."""
    caster = CombatStats(action="Cast Spell", spell="Sleep", spell_target="the orcs", stance="full attack")
    assert caster.action is Action.CAST_SPELL
    ogre = CombatStats(is_monster=True, classed_as_fighter=True, has_body_points=True)
    assert ogre.classed_as_fighter and ogre.has_body_points


def test_stats_for_reads_a_name_in_any_case_and_defaults_the_rest():
    """A creature missing from the mapping has ``CombatStats()``; names match as the encounter's
    do, in any case."""
    stats = {"Aldric": CombatStats(attack_bonus=5)}
    assert stats_for(stats, "aldric").attack_bonus == 5
    assert stats_for(stats, "Goblin") == CombatStats()
    with pytest.raises(CombatStatsError, match="Aldric's combat stats are a CombatStats value"):
        stats_for({"Aldric": 5}, "Aldric")
    with pytest.raises(CombatStatsError, match="a mapping from names"):
        stats_for([CombatStats()], "Aldric")


def test_attacker_and_defender_take_the_level_from_the_creature_and_the_rest_from_the_stats():
    """The attack's view of a creature: name and level (hit dice) from the token, the sheet from
    its stats."""
    kroh = medium("Kroh", 3, 3, level=6)
    stats = CombatStats(
        attack_bonus=7,
        armor_class=17,
        shield="shield",
        shield_bonus=2,
        shield_bash="1d4",
        damage="1d8+3",
        strength_bonus=3,
        stance="active defense",
        is_fighter=True,
        crits_as_fighter=True,
        may_maneuver=True,
        has_body_points=False,
    )
    assert attacker_for(kroh, stats) == Attacker(
        name="Kroh",
        attack_bonus=7,
        stance=Stance.ACTIVE_DEFENSE,
        level=6,
        is_fighter=True,
        crits_as_fighter=True,
        may_maneuver=True,
        strength_bonus=3,
        shield_bash=Dice(1, 4),
    )
    assert defender_for(kroh, stats) == Defender(
        name="Kroh",
        armor_class=17,
        stance=Stance.ACTIVE_DEFENSE,
        shield=Shield.SHIELD,
        level=6,
        is_fighter=True,
        has_body_points=False,
    )
    monster = CombatStats(is_monster=True, is_fighting_class=False, classed_as_fighter=True)
    ogre = Creature("Ogre", Size.LARGE, Square(6, 6), facing=0, level=4, side="foe")
    assert defender_for(ogre, monster).is_monster and not defender_for(ogre, monster).keeps_body_points


def test_combatant_takes_the_side_from_the_creature_and_may_declare_another_action():
    """The order of battle's view: side and level from the token; the action declared this
    round, if given, over the stats' usual one."""
    ogre = Creature("Ogre", Size.LARGE, Square(6, 6), facing=0, level=5, side="foe")
    stats = CombatStats(is_monster=True, classed_as_fighter=True, action="long weapon", stance="full attack")
    assert combatant_for(ogre, stats) == Combatant(
        "Ogre", "foe", Action.LONG_WEAPON, level=5, is_monster=True, classed_as_fighter=True,
        stance=Stance.FULL_ATTACK,
    )  # fmt: skip
    assert combatant_for(ogre, stats, Action.BREATH_WEAPON).action is Action.BREATH_WEAPON
    with pytest.raises(CombatStatsError, match="Ogre: A creature casting a spell declares the spell"):
        combatant_for(ogre, stats, Action.CAST_SPELL)
    mage = CombatStats(action="cast spell", spell="Sleep", spell_target="the orcs")
    assert combatant_for(medium("Mage", 1, 1), mage).spell == "Sleep"


def test_attack_request_gives_the_attacker_its_reach_from_the_board():
    """Reach comes from ``rules.reach``: a reach weapon strikes two squares away and not next
    to it (seed 002), where the natural-reach default would say the opposite."""
    pike = medium("Pikeman", 5, 7, reach_weapon=True)
    goblin = medium("Goblin", 5, 5, facing=4, side="foe")
    far = Encounter(GRID, (pike, goblin))
    assert attack(attack_request(far, {}, "Pikeman", "Goblin", AttackKind.MELEE)).allowed
    near = far.replace("Pikeman", medium("Pikeman", 5, 6, reach_weapon=True))
    answer = attack(attack_request(near, {}, "Pikeman", "Goblin", AttackKind.MELEE))
    assert not answer.allowed
    assert answer.restrictions[0].reason.startswith("Out of reach")


def test_attack_request_counts_the_targets_opponents_that_threaten_it():
    """Under the variant the others that flank the target are its opponents threatening it: not
    the attacker, not the target's own allies, not an opponent out of reach."""
    goblin = medium("Goblin", 5, 5, facing=0, side="foe")
    hero = medium("Hero", 5, 4, facing=4)
    behind = medium("Rogue", 5, 6, facing=0)
    friend = medium("Wolf", 4, 5, facing=0, side="foe")
    far = medium("Archer", 10, 10, facing=0)
    encounter = Encounter(GRID, (goblin, hero, behind, friend, far), ruleset=VARIANT)
    request = attack_request(encounter, {}, "hero", "goblin", AttackKind.MELEE)
    assert request.attacker == hero and request.defender == goblin
    assert request.others_threatening == (behind,)
    flanked = attack(request).armor_class_items
    assert [item.text() for item in flanked] == ["Flanked, doubled: Rogue threatens it from its rear: -4"]


def test_attack_request_passes_the_shield_bonus_only_for_a_shield_held_on_a_side():
    """UA's shields option needs the side the shield is held on: without one the bonus stays out
    (``rules.facing`` refuses a shield bonus without a side)."""
    hero = medium("Hero", 5, 6, facing=0)
    stats = {"Goblin": CombatStats(shield="shield", shield_bonus=2)}
    holding = Encounter(GRID, (medium("Goblin", 5, 5, side="foe", shield_side="left"), hero))
    assert attack_request(holding, stats, "Hero", "Goblin", AttackKind.MELEE).shield_bonus == 2
    sideless = Encounter(GRID, (medium("Goblin", 5, 5, side="foe"), hero))
    assert attack_request(sideless, stats, "Hero", "Goblin", AttackKind.MELEE).shield_bonus == 0


def test_threatens_creature_reads_the_reach_of_the_one_asked_about():
    """A Medium creature threatens the one next to it, not one two squares off; a reach weapon
    the other way round."""
    goblin = medium("Goblin", 5, 5)
    assert threatens_creature(medium("Hero", 5, 6), goblin, GRID)
    assert not threatens_creature(medium("Hero", 5, 7), goblin, GRID)
    assert threatens_creature(medium("Hero", 5, 7, reach_weapon=True), goblin, GRID)
