"""Dice notation, rolls with a seedable random source, and maximum damage (Seed 003 dice)."""

import ast
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import (
    D20,
    MAX_DICE,
    MAX_MODIFIER,
    MAX_SIDES,
    Dice,
    DiceNotationError,
    DiceRoll,
    dice_notation,
    max_roll,
    parse_dice,
    roll,
    roll_die,
)
from rules.errors import RulesError

SEED_003_MODULES = (
    "options",
    "dice",
    "stances",
    "crits",
    "maneuvers",
    "strike_speed",
    "attack",
)

dice_values = st.builds(
    Dice,
    count=st.integers(1, MAX_DICE),
    sides=st.integers(2, MAX_SIDES),
    modifier=st.integers(-MAX_MODIFIER, MAX_MODIFIER),
)


@pytest.mark.parametrize(
    ("text", "dice"),
    [
        ("2d6+3", Dice(2, 6, 3)),
        ("1d8-1", Dice(1, 8, -1)),
        ("d4", Dice(1, 4)),
        ("1d20", Dice(1, 20)),
        ("2D6 + 3", Dice(2, 6, 3)),
        ("  3d10 - 2 ", Dice(3, 10, -2)),
        ("2d6+0", Dice(2, 6)),
    ],
)
def test_parse_dice_reads_standard_notation(text, dice):
    """Damage "in standard notation (2d6+3, 1d8-1, d4)": a missing count is one die."""
    assert parse_dice(text) == dice


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("d4", "1d4"), ("2D6 + 3", "2d6+3"), ("1d8-1", "1d8-1"), ("2d6+0", "2d6"), ("2d6-0", "2d6")],
)
def test_dice_notation_is_canonical(text, canonical):
    """The canonical text writes the count and drops a zero modifier."""
    assert dice_notation(parse_dice(text)) == canonical


@given(dice_values)
def test_notation_round_trips_every_dice(dice):
    """parse_dice(dice_notation(d)) == d for every dice value."""
    assert parse_dice(dice_notation(dice)) == dice


@given(
    count=st.integers(1, MAX_DICE),
    sides=st.integers(2, MAX_SIDES),
    modifier=st.integers(-MAX_MODIFIER, MAX_MODIFIER),
    upper=st.booleans(),
    spaced=st.booleans(),
    omit_one=st.booleans(),
)
def test_written_notation_reads_back_to_its_canonical_form(
    count, sides, modifier, upper, spaced, omit_one
):
    """Any way a player writes the same dice reads as the same canonical notation."""
    count_text = "" if omit_one and count == 1 else str(count)
    text = f"{count_text}{'D' if upper else 'd'}{sides}"
    if modifier:
        sign = "+" if modifier > 0 else "-"
        text += f" {sign} {abs(modifier)}" if spaced else f"{sign}{abs(modifier)}"
    assert dice_notation(parse_dice(text)) == dice_notation(Dice(count, sides, modifier))


@pytest.mark.parametrize(
    "text",
    [
        "2d", "d", "", "2x6", "2d6+", "2d6+3+1", "3", "-1d6", "1d6*2", "2d6 3", "2 d6", "d6.5",
        "二d6",
    ],
)
def test_bad_notation_is_refused_with_an_example(text):
    """Bad notation gets a clear error that shows how to write it."""
    with pytest.raises(DiceNotationError) as caught:
        parse_dice(text)
    assert str(caught.value) == f"'{text}' is not dice notation: write it like 2d6+3"


def test_bad_notation_error_is_a_rules_error():
    """Every player-caused error is a RulesError, a ValueError the page can show as is."""
    with pytest.raises(RulesError, match="'2d' is not dice notation: write it like 2d6\\+3"):
        parse_dice("2d")
    assert issubclass(DiceNotationError, ValueError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0d6", "Roll between 1 and 100 dice at once, not 0"),
        ("101d6", "Roll between 1 and 100 dice at once, not 101"),
        ("1d1", "A die has between 2 and 1000 sides, not 1"),
        ("1d0", "A die has between 2 and 1000 sides, not 0"),
        ("1d6+1001", "A dice modifier lies between -1000 and +1000, not 1001"),
    ],
)
def test_dice_no_table_could_roll_are_refused(text, message):
    """Well-formed notation for impossible dice says what is wrong with it."""
    with pytest.raises(DiceNotationError, match=f"^{message.replace('+', '[+]')}$"):
        parse_dice(text)


def test_roll_returns_every_die_the_modifier_and_the_total():
    """The roller returns "every die, the modifiers and the total"."""
    result = roll(Dice(3, 6, 2), random.Random(7))
    assert len(result.faces) == 3
    assert all(1 <= face <= 6 for face in result.faces)
    assert result.modifier == 2
    assert result.total == sum(result.faces) + 2


def test_seeded_rolls_repeat():
    """A seedable random source: the same seed rolls the same dice."""
    dice = Dice(4, 8, -1)
    first = [roll(dice, random.Random(99)) for _ in range(3)]
    again = [roll(dice, random.Random(99)) for _ in range(3)]
    assert first == again
    assert roll(dice, random.Random(1)) != roll(dice, random.Random(2))


@pytest.mark.parametrize(
    "notation", ["2d6+3", "1d8-1", "d4", "1d20", "3d4+1", "1d100"]
)
def test_many_seeded_rolls_have_the_right_mean_and_range(notation):
    """Dice statistics: over many seeded rolls the mean is the dice's mean and every total
    from the minimum to the maximum turns up, and nothing outside it."""
    dice = parse_dice(notation)
    rng = random.Random(2024)
    totals = [roll(dice, rng).total for _ in range(20_000)]
    assert min(totals) == dice.minimum
    assert max(totals) == dice.maximum
    assert set(totals) == set(range(dice.minimum, dice.maximum + 1))
    spread = (dice.maximum - dice.minimum) / 2
    assert abs(sum(totals) / len(totals) - dice.mean) < 0.02 * spread + 0.02


def test_dice_mean_minimum_and_maximum():
    """2d6+3 lies between 5 and 15 with mean 10; 1d8-1 between 0 and 7 with mean 3.5."""
    assert (Dice(2, 6, 3).minimum, Dice(2, 6, 3).maximum, Dice(2, 6, 3).mean) == (5, 15, 10)
    assert (Dice(1, 8, -1).minimum, Dice(1, 8, -1).maximum, Dice(1, 8, -1).mean) == (0, 7, 3.5)


def test_d20_attack_rolls_cover_one_to_twenty_evenly():
    """The d20 attack roll shows each face about one time in twenty."""
    rng = random.Random(5)
    faces = [roll_die(rng, D20.sides) for _ in range(20_000)]
    for face in range(1, 21):
        assert abs(faces.count(face) / len(faces) - 0.05) < 0.01
    assert D20 == Dice(1, 20)


def test_max_roll_is_maximum_damage():
    """A critical hit does "maximum damage": every die on its top face, plus the modifier."""
    most = max_roll(parse_dice("2d6+3"))
    assert most.faces == (6, 6)
    assert most.total == 15 == parse_dice("2d6+3").maximum
    assert max_roll(parse_dice("1d8-1")).total == 7


def test_dice_roll_text_shows_the_dice_as_they_fell():
    """A roll reads as notation, each die, the modifier and the total."""
    assert DiceRoll(Dice(2, 6, 3), (4, 2)).text() == "2d6+3: 4 + 2 + 3 = 9"
    assert DiceRoll(Dice(1, 8, -1), (5,)).text() == "1d8-1: 5 - 1 = 4"
    assert DiceRoll(Dice(1, 4), (3,)).text() == "1d4: 3 = 3"


def test_dice_roll_refuses_faces_the_dice_cannot_show():
    """A roll has one face per die, each on the die."""
    with pytest.raises(DiceNotationError, match="2d6 rolls 2 dice, not 1"):
        DiceRoll(Dice(2, 6), (3,))
    with pytest.raises(DiceNotationError, match="A d6 cannot show 7"):
        DiceRoll(Dice(2, 6), (3, 7))


def test_seed_003_modules_import_only_the_standard_library():
    """py/rules imports only the standard library: the modules run the same on Pyodide."""
    rules_dir = Path(__file__).resolve().parents[2] / "py" / "rules"
    for name in SEED_003_MODULES:
        tree = ast.parse((rules_dir / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            for root in roots:
                assert root == "rules" or root in sys.stdlib_module_names, (name, root)
