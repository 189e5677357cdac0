"""Strike-speed order of battle: the action table entry by entry, the bonuses and the order."""

import pytest

from rules.errors import RulesError
from rules.options import Options
from rules.stances import Stance, StanceError
from rules.strike_speed import (
    INITIATIVE_BONUS,
    STRIKE_SPEED_TABLE,
    Action,
    Combatant,
    StrikeSpeedError,
    StrikeTurn,
    action_name,
    parse_action,
    strike_order,
    strike_speed_items,
)

STRIKE_SPEED = Options(strike_speed=True)
WITH_STANCES = Options(strike_speed=True, stance_strike_modifier=True)

# Seed 003, "Strike Speed Weapon/Attack Action", copied from the text by hand.
SEED_TABLE = [
    (1, "Read Scroll"),
    (2, "Cast Spell"),
    (3, "Short Length Weapon"),
    (4, "Medium Length Weapon"),
    (5, "Long Weapon"),
    (6, "Very Long Weapon"),
    (7, "Pole Arms"),
    (8, "Missile Fire/Arcane Blast"),
    (9, "Breath Weapon"),
    (10, "Glance"),
]


def sword(name="Aldric", side="party", **traits):
    """A combatant swinging a medium length weapon."""
    return Combatant(name, side, Action.MEDIUM_WEAPON, **traits)


def speed(combatant, *, has_initiative=False, options=STRIKE_SPEED):
    """The total strike speed of ``combatant``."""
    items = strike_speed_items(combatant, has_initiative=has_initiative, options=options)
    return sum(item.value for item in items)


@pytest.mark.parametrize(("base", "name"), SEED_TABLE)
def test_strike_speed_table_entry(base, name):
    """"Base Strike Speed is determined by their action type in the table below": each row."""
    action = parse_action(name)
    assert action_name(action) == name
    assert STRIKE_SPEED_TABLE[action] == base
    assert speed(Combatant("Someone", "side", action, spell="Sleep", spell_target="orcs")) == base


def test_strike_speed_table_has_the_ten_actions_in_order():
    """The table lists ten actions from Read Scroll (1) to Glance (10)."""
    assert [(STRIKE_SPEED_TABLE[action], action_name(action)) for action in Action] == SEED_TABLE


def test_side_with_initiative_adds_five():
    """"Characters/Monsters add +5 to the Base Strike Speed if their side has initiative." """
    assert INITIATIVE_BONUS == 5
    assert speed(sword(), has_initiative=True) == 4 + 5
    assert speed(sword(), has_initiative=False) == 4


# "Fighters add their Fighter Strike Bonus (plus their Level/4, rounded up)", by hand.
FIGHTER_BONUS = {
    1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 2, 9: 3, 10: 3,
    11: 3, 12: 3, 13: 4, 14: 4, 15: 4, 16: 4, 17: 5, 18: 5, 19: 5, 20: 5,
}  # fmt: skip


@pytest.mark.parametrize(("level", "bonus"), sorted(FIGHTER_BONUS.items()))
def test_fighter_strike_bonus(level, bonus):
    """"Fighters add their Fighter Strike Bonus (plus their Level/4, rounded up)." """
    assert speed(sword(level=level, is_fighter=True)) == 4 + bonus
    assert speed(sword(level=level)) == 4


@pytest.mark.parametrize(("hit_dice", "bonus"), [(1, 0), (2, 1), (3, 1), (7, 3), (12, 6)])
def test_monster_classed_as_fighter_adds_half_its_hit_dice(hit_dice, bonus):
    """"Monsters add one-half their hit dice, rounded down if the referee classes them as
    fighters"; a monster not so classed adds nothing."""
    ogre = Combatant("Ogre", "monsters", Action.LONG_WEAPON, level=hit_dice, is_monster=True)
    classed = Combatant(
        "Ogre", "monsters", Action.LONG_WEAPON, level=hit_dice, is_monster=True,
        classed_as_fighter=True,
    )
    assert speed(ogre) == 5
    assert speed(classed) == 5 + bonus


@pytest.mark.parametrize(
    ("stance", "modifier"),
    [
        (Stance.FULL_DEFENSE, -5),
        (Stance.ACTIVE_DEFENSE, -2),
        (Stance.STANDARD, 0),
        (Stance.ACTIVE_ATTACK, 1),
        (Stance.FULL_ATTACK, 2),
    ],
)
def test_stance_strike_modifier_only_with_its_option(stance, modifier):
    """"The Strike modifier from a character's combat stance is added if the referee uses
    this option."""
    assert speed(sword(stance=stance), options=WITH_STANCES) == 4 + modifier
    assert speed(sword(stance=stance), options=STRIKE_SPEED) == 4


def test_strike_speed_is_itemised():
    """"The answer lists each creature's strike speed with its parts, so the table sees why."""
    fighter = sword(level=5, is_fighter=True, stance=Stance.ACTIVE_ATTACK)
    items = strike_speed_items(fighter, has_initiative=True, options=WITH_STANCES)
    assert [item.text() for item in items] == [
        "Base strike speed, Medium Length Weapon: +4",
        "Side won initiative: +5",
        "Fighter strike bonus (level 5): +2",
        "Active Attack stance: +1",
    ]
    (turn,) = strike_order([fighter], initiative_winner="party", options=WITH_STANCES)
    assert turn.strike_speed == 12
    assert turn.text() == (
        "1. Aldric: 12 (Base strike speed, Medium Length Weapon: +4; Side won initiative: +5; "
        "Fighter strike bonus (level 5): +2; Active Attack stance: +1)"
    )


def test_order_runs_from_high_to_low():
    """"Characters and monsters act in order of their strike speed from high to low." """
    combatants = [
        Combatant("Mage", "party", Action.CAST_SPELL, spell="Sleep", spell_target="the orcs"),
        Combatant("Archer", "party", Action.MISSILE_FIRE),
        Combatant("Orc", "orcs", Action.SHORT_WEAPON, is_monster=True),
        Combatant("Dragon", "orcs", Action.BREATH_WEAPON, level=10, is_monster=True),
    ]
    order = strike_order(combatants, initiative_winner="party", options=STRIKE_SPEED)
    assert [(turn.combatant.name, turn.strike_speed) for turn in order] == [
        ("Archer", 13),
        ("Dragon", 9),
        ("Mage", 7),
        ("Orc", 3),
    ]
    assert [turn.rank for turn in order] == [1, 2, 3, 4]


def test_ties_go_to_the_higher_level():
    """"Ties in Strike Speed are resolved by Character Level/Monster Hit Dice, with the
    higher acting first." """
    combatants = [
        sword("Squire", level=2),
        Combatant("Troll", "monsters", Action.MEDIUM_WEAPON, level=6, is_monster=True),
        sword("Knight", level=4),
    ]
    order = strike_order(combatants, initiative_winner=None, options=STRIKE_SPEED)
    assert [turn.combatant.name for turn in order] == ["Troll", "Knight", "Squire"]
    assert [turn.strike_speed for turn in order] == [4, 4, 4]
    assert [turn.rank for turn in order] == [1, 2, 3]


def test_creatures_still_tied_share_a_rank():
    """Equal strike speed and equal level: they act together, listed in the order given."""
    combatants = [
        sword("Bran", level=3),
        sword("Ada", level=3),
        Combatant("Goblin", "goblins", Action.SHORT_WEAPON, level=1, is_monster=True),
    ]
    order = strike_order(combatants, initiative_winner="goblins", options=STRIKE_SPEED)
    assert [(turn.rank, turn.combatant.name) for turn in order] == [
        (1, "Goblin"),
        (2, "Bran"),
        (2, "Ada"),
    ]


def test_no_side_gets_initiative_on_a_tie():
    """``initiative_winner=None``: neither side adds +5."""
    combatants = [sword("Ada"), sword("Orc", side="orcs")]
    order = strike_order(combatants, initiative_winner=None, options=STRIKE_SPEED)
    assert all(turn.strike_speed == 4 for turn in order)


def test_spellcaster_must_declare_spell_and_target():
    """"Spell casters casting a spell must declare the spell being cast and its target before
    initiative is rolled." """
    with pytest.raises(StrikeSpeedError) as caught:
        Combatant("Mage", "party", Action.CAST_SPELL, spell="Sleep")
    assert str(caught.value) == (
        "Mage is casting a spell: declare the spell and its target before initiative is rolled"
    )
    assert Combatant("Mage", "party", Action.CAST_SPELL, spell="Sleep", spell_target="orcs")


@pytest.mark.parametrize("stance", [Stance.FULL_DEFENSE, Stance.ACTIVE_DEFENSE])
def test_spellcaster_casting_cannot_be_in_a_defensive_stance(stance):
    """"Spell casters casting a spell cannot select the Full Defense or Active Defense
    Stance." """
    with pytest.raises(StanceError, match="^A spellcaster casting a spell cannot be in"):
        Combatant(
            "Mage", "party", Action.CAST_SPELL, stance=stance, spell="Sleep", spell_target="orcs"
        )


def test_unknown_initiative_winner_is_refused():
    """The winning side is a side in the fight."""
    with pytest.raises(StrikeSpeedError, match="^No combatant is on the side 'elves'$"):
        strike_order([sword()], initiative_winner="elves", options=STRIKE_SPEED)


def test_duplicate_names_are_refused():
    """The order names each creature once, so names must differ."""
    with pytest.raises(StrikeSpeedError, match="^Two combatants are called Ada"):
        strike_order([sword("Ada"), sword("Ada")], initiative_winner=None, options=STRIKE_SPEED)


@pytest.mark.parametrize(
    ("traits", "message"),
    [
        ({"is_fighter": True, "is_monster": True}, "is either a Fighter character or a monster"),
        ({"classed_as_fighter": True}, "Only a monster is classed as a fighter"),
        ({"level": -1}, "level or hit dice are 0 or more"),
    ],
)
def test_inconsistent_combatants_are_refused(traits, message):
    """A combatant is a Fighter or a monster (maybe classed as a fighter), of level 0 up."""
    with pytest.raises(RulesError, match=message):
        sword(**traits)


def test_combatant_needs_name_and_side():
    """Every combatant has a name and a side."""
    with pytest.raises(StrikeSpeedError, match="needs a name"):
        sword(" ")
    with pytest.raises(StrikeSpeedError, match="Aldric needs a side"):
        sword(side="")


def test_unknown_action_is_refused():
    """An action outside the table lists the table's actions."""
    with pytest.raises(StrikeSpeedError, match="^'Dance' is not an action of the strike-speed"):
        parse_action("Dance")
    assert parse_action("medium length weapon") is Action.MEDIUM_WEAPON
    assert parse_action("pole_arm") is Action.POLE_ARM


def test_turn_rank_counts_from_one():
    """A place in the order of battle is 1 or more."""
    with pytest.raises(StrikeSpeedError):
        StrikeTurn(0, sword(), ())
