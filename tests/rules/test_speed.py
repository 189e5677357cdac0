"""Speed: Table: Tactical Speed, bonuses before armour, bonuses of one type not stacking."""

import pytest

from rules.creature import Creature, CreatureError
from rules.grid import Square
from rules.itemise import total
from rules.movement import Mode, movement_budget, speed_of
from rules.sizes import Size
from rules.speed import (
    ARMOURS,
    BARBARIAN_FAST_MOVEMENT,
    TACTICAL_SPEED,
    SpeedError,
    SpeedModifier,
    armour_name,
    armoured_speed,
    base_speed,
    monk_fast_movement,
    parse_armour,
    parse_race,
    race_name,
    speed_items,
)

TABLE = {
    ("human", "elf", "half-elf", "half-orc"): (30, 20),
    ("dwarf",): (20, 20),
    ("halfling", "gnome"): (20, 15),
}
"""Seed 002, Table: Tactical Speed, typed in again from the seed text."""


def test_the_table_is_the_seed_table():
    """Table: Tactical Speed: "Human, elf, half-elf, half-orc | 30 ft. | 20 ft." / "Dwarf |
    20 ft. | 20 ft." / "Halfling, gnome | 20 ft. | 15 ft."."""
    assert TACTICAL_SPEED == {race: speeds for races, speeds in TABLE.items() for race in races}


@pytest.mark.parametrize("race", sorted(TACTICAL_SPEED))
@pytest.mark.parametrize("armour", ARMOURS)
def test_every_cell_of_the_table(race, armour):
    """"Your speed is determined by your race and your armor": each race in each armour moves
    as the table says."""
    unarmoured, armoured = TACTICAL_SPEED[race]
    expected = armoured if armour in ("medium", "heavy") else unarmoured
    assert total(speed_items(race=race, armour=armour)) == expected
    assert armoured_speed(base_speed(race), armour, race) == expected


def test_base_land_speed_is_the_unarmoured_speed():
    """"Your speed while unarmored is your base land speed"; with no race given, 30 ft."""
    assert base_speed("dwarf") == 20
    assert base_speed(None) == 30
    assert total(speed_items()) == 30


def test_barbarian_bonus_applies_before_armour():
    """"A barbarian has a +10 foot bonus to his speed (unless he's wearing heavy armor)";
    "Always apply any modifiers to a character's speed before adjusting ... based on armor":
    a human barbarian in medium armour moves 40 ft slowed, 30 ft, not 20 + 10."""
    items = speed_items(race="human", armour="medium", modifiers=(BARBARIAN_FAST_MOVEMENT,))
    assert total(items) == 30
    assert [item.value for item in items] == [30, 10, -10]
    assert "40 ft becomes 30 ft" in items[-1].reason


def test_barbarian_bonus_is_lost_in_heavy_armour():
    """"(unless he's wearing heavy armor)": the bonus line stays, worth nothing."""
    items = speed_items(race="human", armour="heavy", modifiers=(BARBARIAN_FAST_MOVEMENT,))
    assert total(items) == 20
    assert any("lost in heavy armour" in item.reason and item.value is None for item in items)


def test_monk_bonus_is_lost_in_any_armour():
    """"Experienced monks also have higher speed (unless they're wearing armor of any sort)"."""
    monk = (monk_fast_movement(20),)
    assert total(speed_items(modifiers=monk)) == 50
    assert total(speed_items(armour="light", modifiers=monk)) == 30


def test_dwarves_are_not_slowed_even_when_fast():
    """The dwarf's row reads 20 / 20: a dwarf barbarian (20 + 10) in heavy armour keeps 30 ft,
    the bonus lost; in medium armour it keeps 30."""
    items = speed_items(race="dwarf", armour="medium", modifiers=(BARBARIAN_FAST_MOVEMENT,))
    assert total(items) == 30
    assert "not slowed" in items[-1].reason


def test_bonuses_of_one_type_do_not_stack():
    """"multiple bonuses of the same type to a character's speed don't stack": the larger
    enhancement bonus counts; untyped bonuses and penalties add up."""
    haste = SpeedModifier("Haste", 30, "enhancement")
    boots = SpeedModifier("Boots of striding", 10, "enhancement")
    step = SpeedModifier("Untyped bonus", 5)
    slow = SpeedModifier("Entangled", -15)
    items = speed_items(modifiers=(boots, haste, step, slow))
    assert total(items) == 30 + 30 + 5 - 15
    boots_line = next(item for item in items if item.reason.startswith("Boots"))
    assert boots_line.value is None and "does not stack with Haste" in boots_line.reason


def test_a_bonus_lost_to_armour_lets_the_next_of_its_type_count():
    """A typed bonus that armour cancels does not shadow a smaller one of the same type."""
    fast = SpeedModifier("Fast", 20, "enhancement", lost_in=("heavy",))
    slow = SpeedModifier("Slower", 10, "enhancement")
    assert total(speed_items(armour="heavy", modifiers=(fast, slow))) == armoured_speed(40, "heavy")


def test_speed_never_drops_below_zero():
    """Penalties stop at 0 ft."""
    assert total(speed_items(speed=10, modifiers=(SpeedModifier("Held", -20),))) == 0


@pytest.mark.parametrize(
    "speed, slowed", [(20, 15), (30, 20), (40, 30), (50, 35), (60, 40), (70, 50), (80, 55), (90, 60), (120, 80)]
)
def test_speeds_beyond_the_table_slow_by_two_thirds_rounded_up(speed, slowed):
    """The table's 30 -> 20 and 20 -> 15 are two thirds rounded up to 5 ft; other speeds
    follow the same rule (docs/rules.md, "Movement")."""
    assert armoured_speed(speed, "heavy") == slowed
    assert armoured_speed(speed, "light") == speed


def test_names_round_trip_and_unknowns_are_refused():
    """parse_x / x_name pairs read each other back; unknown names list the choices."""
    for armour in ARMOURS:
        assert parse_armour(armour_name(armour)) == armour
    assert parse_armour("Heavy Armor") == "heavy"
    for race in TACTICAL_SPEED:
        assert parse_race(race_name(race)) == race
    with pytest.raises(SpeedError, match="none, light, medium or heavy"):
        parse_armour("plate")
    with pytest.raises(SpeedError, match="dwarf"):
        parse_race("orc")
    with pytest.raises(SpeedError, match="5-foot"):
        SpeedModifier("Odd", 7)
    with pytest.raises(SpeedError, match="5-foot"):
        speed_items(speed=33)


def test_creature_speed_fields_are_checked():
    """The creature's speed fields are validated with messages a player reads."""
    with pytest.raises(CreatureError, match="Dwarf: base land speed 20 ft"):
        Creature("Gimli", Size.MEDIUM, Square(0, 0), facing=0, race="dwarf", speed=30)
    with pytest.raises(CreatureError, match="choose none, light, medium or heavy"):
        Creature("Tin", Size.MEDIUM, Square(0, 0), facing=0, armour="tin")
    with pytest.raises(CreatureError, match="5-foot squares"):
        Creature("Slug", Size.MEDIUM, Square(0, 0), facing=0, speed=12)
    dwarf = Creature("Gimli", Size.MEDIUM, Square(0, 0), facing=0, race="Dwarf", armour="Heavy")
    assert (dwarf.race, dwarf.armour) == ("dwarf", "heavy")
    assert total(speed_of(dwarf)) == 20


def test_movement_budget_per_mode():
    """"you can move your speed ... double your speed ... quadruple your speed"; a 5-foot step
    and minimum movement are one square."""
    halfling = Creature("Pip", Size.SMALL, Square(0, 0), facing=0, race="halfling", armour="medium")
    # A forced move's budget is the effect's feet (rules.movement.forced_move), not a mode of its own.
    feet = {mode: total(movement_budget(halfling, mode)) for mode in Mode if mode is not Mode.FORCED}
    assert feet == {
        Mode.MOVE: 15,
        Mode.DOUBLE: 30,
        Mode.RUN: 60,
        Mode.CHARGE: 30,
        Mode.FIVE_FOOT_STEP: 5,
        Mode.MINIMUM: 5,
    }
    still = Creature("Stone", Size.MEDIUM, Square(0, 0), facing=0, speed=0)
    assert total(movement_budget(still, Mode.MINIMUM)) == 0
