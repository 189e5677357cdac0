"""Combat maneuvers: balanced trades, the penalty cap by level, and who may use them."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import RulesError
from rules.maneuvers import (
    Area,
    Maneuver,
    ManeuverError,
    check_maneuver,
    maneuver_cap,
    maneuver_items,
    maneuver_notation,
    parse_maneuver,
)

# "A Fighter may take up to 2 plus Level/3 (round up) in penalties on a single attack roll",
# worked out by hand for levels 1 to 20.
CAPS = {
    1: 3, 2: 3, 3: 3, 4: 4, 5: 4, 6: 4, 7: 5, 8: 5, 9: 5, 10: 6,
    11: 6, 12: 6, 13: 7, 14: 7, 15: 7, 16: 8, 17: 8, 18: 8, 19: 9, 20: 9,
}  # fmt: skip

NOT_A_TERM = "is not part of a combat maneuver: write it like attack-2,damage+2"


@pytest.mark.parametrize(("level", "cap"), sorted(CAPS.items()))
def test_maneuver_cap_by_level(level, cap):
    """"A Fighter may take up to 2 plus Level/3 (round up) in penalties on a single attack
    roll": the cap is reached and one more is refused."""
    assert maneuver_cap(level) == cap
    at_cap = Maneuver(attack=-cap, damage=cap)
    assert check_maneuver(at_cap, level=level, is_fighter=True)
    with pytest.raises(ManeuverError):
        check_maneuver(Maneuver(attack=-cap - 1, damage=cap + 1), level=level, is_fighter=True)


def test_fifth_level_fighter_example():
    """"a 5th level fighter (maximum combat maneuver penalty of -4) ... +4 to damage, -2 to AC
    and -2 to hit would balance the bonuses and penalties." """
    great_blow = Maneuver(attack=-2, damage=4, armor_class=-2)
    assert maneuver_cap(5) == 4
    assert [item.text() for item in check_maneuver(great_blow, level=5, is_fighter=True)] == [
        "Combat maneuver, attack: -2",
        "Combat maneuver, damage: +4",
        "Combat maneuver, AC (until the next action): -2",
    ]


def test_past_the_cap_is_refused_with_the_reason():
    """A 5th level fighter may not take -5."""
    with pytest.raises(ManeuverError) as caught:
        check_maneuver(Maneuver(attack=-3, damage=5, armor_class=-2), level=5, is_fighter=True)
    assert str(caught.value) == (
        "At 5th level a combat maneuver may take at most -4 in penalties; this one takes -5"
    )


@pytest.mark.parametrize(
    ("maneuver", "message"),
    [
        (
            {"attack": -2, "damage": 3},
            "A combat maneuver must balance, +1 for each -1: this one takes -2 for +3",
        ),
        (
            {"attack": -2, "armor_class": -2, "damage": 3},
            "A combat maneuver must balance, +1 for each -1: this one takes -4 for +3",
        ),
        (
            {"damage": 2},
            "A combat maneuver must balance, +1 for each -1: this one takes no penalty for +2",
        ),
    ],
)
def test_unbalanced_trades_are_refused_with_the_reason(maneuver, message):
    """"For each -1 a character takes, he may take a +1 in another area": the bonuses and the
    penalties balance, or the trade is refused and says why."""
    with pytest.raises(ManeuverError) as caught:
        Maneuver(**maneuver)
    assert str(caught.value) == message
    assert isinstance(caught.value, RulesError)


def test_only_fighters_unless_the_referee_allows():
    """"Fighters may adjust ..."; "The referee may allow some intelligent opponents (including
    some monsters) to use combat maneuvers." """
    trade = Maneuver(attack=-1, damage=1)
    with pytest.raises(ManeuverError, match="^Only Fighters use combat maneuvers"):
        check_maneuver(trade, level=3, is_fighter=False)
    assert check_maneuver(trade, level=3, is_fighter=False, referee_allows=True)


def test_referee_veto():
    """The referee should "deny any combat maneuvers that do not make sense in the situation
    (no tripping a gelatinous cube, for example)"."""
    with pytest.raises(ManeuverError, match="^The referee has denied this combat maneuver$"):
        check_maneuver(
            Maneuver(attack=-1, damage=1), level=9, is_fighter=True, referee_vetoes=True
        )


def test_no_maneuver_needs_no_permission():
    """An attack without a maneuver has no maneuver lines, whoever makes it."""
    assert check_maneuver(Maneuver(), level=1, is_fighter=False) == ()


def test_penalty_and_bonus_totals():
    """The penalty is what the cap limits; a balanced trade has equal bonus."""
    trade = Maneuver(attack=-2, damage=4, armor_class=-2)
    assert (trade.penalty, trade.bonus) == (4, 4)
    assert maneuver_items(trade, Area.DAMAGE)[0].value == 4
    assert maneuver_items(Maneuver(), Area.DAMAGE) == ()


def test_maneuver_values_are_whole_numbers():
    """A trade is in whole points; True is not a point."""
    with pytest.raises(ManeuverError):
        Maneuver(attack=True, damage=-1)
    with pytest.raises(ManeuverError):
        Maneuver(attack=1.5, damage=-1.5)


def test_negative_level_is_refused():
    """Levels start at 0."""
    with pytest.raises(ManeuverError, match="A level is 0 or more, not -1"):
        maneuver_cap(-1)


@st.composite
def balanced_maneuvers(draw):
    """Any balanced trade among attack, damage and AC."""
    attack = draw(st.integers(-20, 20))
    damage = draw(st.integers(-20, 20))
    armor_class = draw(st.integers(-20, 20))
    excess = attack + damage + armor_class
    return Maneuver(attack=attack - excess, damage=damage, armor_class=armor_class)


@given(balanced_maneuvers())
def test_maneuver_notation_round_trips(maneuver):
    """parse_maneuver(maneuver_notation(m)) == m for every balanced trade."""
    assert parse_maneuver(maneuver_notation(maneuver)) == maneuver


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("damage+4, ac-2, attack-2", "attack-2,damage+4,ac-2"),
        ("AC-1 Damage+1", "damage+1,ac-1"),
        ("attack+0", ""),
        ("", ""),
    ],
)
def test_maneuver_notation_is_canonical(text, canonical):
    """A trade's text lists attack, damage, AC in that order, leaving out untouched areas."""
    assert maneuver_notation(parse_maneuver(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("speed+2,ac-2", f"'speed+2' {NOT_A_TERM}"),
        ("damage4,ac-4", f"'damage4' {NOT_A_TERM}"),
        ("ac-1,ac-1,damage+2", "A combat maneuver names AC once"),
        (
            "ac-1,damage+2",
            "A combat maneuver must balance, +1 for each -1: this one takes -1 for +2",
        ),
    ],
)
def test_bad_maneuver_text_is_refused(text, message):
    """Unknown areas, repeated areas and unbalanced text are refused with the reason."""
    with pytest.raises(ManeuverError) as caught:
        parse_maneuver(text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("level", "ordinal"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (11, "11th"), (12, "12th"), (13, "13th"), (21, "21st")],
)
def test_cap_message_names_the_level_as_players_say_it(level, ordinal):
    """The refusal reads "At 1st level", "At 12th level", "At 21st level"."""
    cap = maneuver_cap(level)
    with pytest.raises(ManeuverError, match=f"^At {ordinal} level"):
        check_maneuver(Maneuver(attack=-cap - 1, damage=cap + 1), level=level, is_fighter=True)
