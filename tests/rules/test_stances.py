"""Combat stances: the stance table entry by entry, the default, and the spellcaster's limit."""

import pytest

from rules.errors import RulesError
from rules.itemise import Item
from rules.stances import (
    STANCE_RULE,
    STANCE_TABLE,
    Shield,
    Stance,
    StanceError,
    can_attack,
    choose_stance,
    is_attack_stance,
    is_defense_stance,
    parse_stance,
    stance_armor_class_items,
    stance_attack_items,
    stance_name,
    stance_strike_items,
)

# Seed 003: Combat Stance, copied from the text by hand: (stance, attack, AC, AC with shield,
# AC with large shield, strike). None is "no attack possible".
SEED_TABLE = [
    (Stance.FULL_DEFENSE, None, 2, 4, 6, -5),
    (Stance.ACTIVE_DEFENSE, -2, 1, 2, 2, -2),
    (Stance.STANDARD, 0, 0, 0, 0, 0),
    (Stance.ACTIVE_ATTACK, 1, -1, -1, -1, 1),
    (Stance.FULL_ATTACK, 2, -2, -2, -2, 2),
]


@pytest.mark.parametrize(("stance", "attack", "ac", "shield", "large", "strike"), SEED_TABLE)
def test_stance_table_entry(stance, attack, ac, shield, large, strike):
    """Each row of "Combat Stances (and their effects) are: Full Defense (...) ... Full
    Attack (...)", as written in the seed."""
    row = STANCE_TABLE[stance]
    assert row.attack == attack
    assert row.armor_class_with(Shield.NONE) == ac
    assert row.armor_class_with(Shield.SHIELD) == shield
    assert row.armor_class_with(Shield.LARGE_SHIELD) == large
    assert row.strike == strike


def test_stance_table_has_the_five_stances_and_no_more():
    """The seed names five stances."""
    assert list(STANCE_TABLE) == [row[0] for row in SEED_TABLE]


def test_unannounced_stance_is_standard():
    """"Any character who has not announced their combat stance before initiative is rolled
    automatically selects 'Standard.'" """
    assert choose_stance(None) is Stance.STANDARD
    assert choose_stance() is Stance.STANDARD


@pytest.mark.parametrize(
    ("stance", "message"),
    [
        (Stance.FULL_DEFENSE, "A spellcaster casting a spell cannot be in Full Defense"),
        (Stance.ACTIVE_DEFENSE, "A spellcaster casting a spell cannot be in Active Defense"),
    ],
)
def test_spellcaster_casting_cannot_take_a_defensive_stance(stance, message):
    """"Spell casters casting a spell cannot select the Full Defense or Active Defense Stance":
    a clear refusal, not a silent change."""
    with pytest.raises(StanceError) as caught:
        choose_stance(stance, casting_spell=True)
    assert str(caught.value) == message
    assert isinstance(caught.value, RulesError)


@pytest.mark.parametrize("stance", [Stance.STANDARD, Stance.ACTIVE_ATTACK, Stance.FULL_ATTACK])
def test_spellcaster_casting_may_take_the_other_stances(stance):
    """Only the two defensive stances are closed to a spellcaster casting a spell."""
    assert choose_stance(stance, casting_spell=True) is stance


@pytest.mark.parametrize("stance", list(Stance))
def test_any_creature_not_casting_may_take_any_stance(stance):
    """"Any character able to act may select a combat stance." """
    assert choose_stance(stance) is stance


def test_full_defense_cannot_attack():
    """Full Defense: "Attack: no attack possible"."""
    assert not can_attack(Stance.FULL_DEFENSE)
    assert all(can_attack(stance) for stance in Stance if stance is not Stance.FULL_DEFENSE)
    with pytest.raises(StanceError, match="^A creature in Full Defense cannot attack$"):
        stance_attack_items(Stance.FULL_DEFENSE)


def test_attack_lines_are_itemised():
    """A stance's attack modifier comes back as a line the page reads: "Active Attack
    stance: +1"; Standard adds no line."""
    assert [item.text() for item in stance_attack_items(Stance.ACTIVE_ATTACK)] == [
        "Active Attack stance: +1"
    ]
    assert stance_attack_items(Stance.ACTIVE_DEFENSE) == (
        Item("Active Defense stance", -2, STANCE_RULE),
    )
    assert stance_attack_items(Stance.STANDARD) == ()


def test_armor_class_lines_name_the_shield():
    """"+4 bonus with shield, +6 bonus with large shield": the line says which."""
    assert [item.text() for item in stance_armor_class_items(Stance.FULL_DEFENSE)] == [
        "Full Defense stance: +2"
    ]
    assert [
        item.text() for item in stance_armor_class_items(Stance.FULL_DEFENSE, Shield.LARGE_SHIELD)
    ] == ["Full Defense stance with a large shield: +6"]
    assert [
        item.text() for item in stance_armor_class_items(Stance.ACTIVE_DEFENSE, Shield.SHIELD)
    ] == ["Active Defense stance with a shield: +2"]
    assert [
        item.text() for item in stance_armor_class_items(Stance.FULL_ATTACK, Shield.SHIELD)
    ] == ["Full Attack stance: -2"]
    assert stance_armor_class_items(Stance.STANDARD, Shield.LARGE_SHIELD) == ()


def test_strike_lines_are_itemised():
    """The optional Strike column: "Full Defense ... Strike: -5"."""
    assert [item.text() for item in stance_strike_items(Stance.FULL_DEFENSE)] == [
        "Full Defense stance: -5"
    ]
    assert stance_strike_items(Stance.STANDARD) == ()


@pytest.mark.parametrize("stance", list(Stance))
def test_stance_names_round_trip(stance):
    """parse_stance(stance_name(s)) is s, whatever the case or separator."""
    assert parse_stance(stance_name(stance)) is stance
    assert parse_stance(stance_name(stance).upper()) is stance
    assert parse_stance(stance.name) is stance


def test_unknown_stance_is_refused_with_the_choices():
    """An unknown stance name lists the five stances."""
    with pytest.raises(StanceError) as caught:
        parse_stance("berserk")
    assert str(caught.value) == (
        "'berserk' is not a combat stance: choose one of Full Defense, Active Defense, "
        "Standard, Active Attack, Full Attack"
    )


def test_attack_and_defense_stance_predicates():
    """Active/Full Attack are the attacking stances, Active/Full Defense the defensive ones."""
    assert [is_attack_stance(stance) for stance in Stance] == [False, False, False, True, True]
    assert [is_defense_stance(stance) for stance in Stance] == [True, True, False, False, False]
