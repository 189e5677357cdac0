"""Hit points (issue 15): the SRD thresholds at 0, -1, -9 and -10, damage, healing and stable.

Each test names the SRD 3.5 sentence it implements, from ../shared/references/srd35-conditions.txt.
"""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.conditions import CONDITIONS, expand
from rules.health import DEAD, DISABLED, DYING, HEALTHY, STABLE, STATES, HealthError, Vitals

REFERENCE = Path(__file__).resolve().parent / "sources" / "references" / "srd35-conditions.txt"

DISABLED_SENTENCE = (
    "A character with 0 hit points, or one who has negative hit points but has become stable and "
    "conscious, is disabled."
)
DYING_SENTENCE = "She has -1 to -9 current hit points."
DEAD_SENTENCE = "If a dying character reaches -10 hit points, she is dead."
DEAD_DEFINITION = "The character's hit points are reduced to -10"
STABLE_SENTENCE = "The character is no longer dying, but is still unconscious."
DYING_UNCONSCIOUS = "A dying character can take no actions and is unconscious."


def test_the_quoted_sentences_are_in_the_reference_text():
    """The sentences these tests implement stand verbatim in the SRD excerpt."""
    text = " ".join(REFERENCE.read_text(encoding="utf-8").split())
    for sentence in (
        DISABLED_SENTENCE,
        DYING_SENTENCE,
        DEAD_SENTENCE,
        DEAD_DEFINITION,
        STABLE_SENTENCE,
        DYING_UNCONSCIOUS,
    ):
        assert sentence in text


@pytest.mark.parametrize(
    ("current", "state"),
    [
        (12, HEALTHY),
        (1, HEALTHY),
        (0, DISABLED),
        (-1, DYING),
        (-5, DYING),
        (-9, DYING),
        (-10, DEAD),
        (-11, DEAD),
    ],
)
def test_thresholds(current, state):
    """SRD 3.5, Disabled: "A character with 0 hit points ... is disabled." Dying: "She has -1 to
    -9 current hit points." Dying: "If a dying character reaches -10 hit points, she is dead." """
    vitals = Vitals(12, current)
    assert vitals.state == state
    assert vitals.is_disabled == (state == DISABLED)
    assert vitals.is_dying == (state == DYING)
    assert vitals.is_dead == (state == DEAD)


def test_damage_walks_down_the_thresholds():
    """SRD 3.5: 0 is disabled, -1 to -9 dying, -10 dead, reached by damage from 12 hit points."""
    vitals = Vitals.full(12)
    assert vitals.damaged(12).state == DISABLED
    assert vitals.damaged(13).state == DYING
    assert vitals.damaged(21).state == DYING
    assert vitals.damaged(22).state == DEAD
    assert vitals.damaged(5).damaged(7).current == 0


def test_the_page_shows_the_state_as_a_condition_of_the_table():
    """At 0 or below the creature is shown as such: each state but healthy is a row of the
    conditions table, and SRD 3.5, Dying: "A dying character can take no actions and is
    unconscious." (unconscious: "Knocked out and helpless.")."""
    assert Vitals(8, 3).conditions == ()
    assert Vitals(8, 0).conditions == ("disabled",)
    assert Vitals(8, -1).conditions == ("dying",)
    assert Vitals(8, -10).conditions == ("dead",)
    assert Vitals(8, -4, stable=True).conditions == ("stable",)
    assert all(state in CONDITIONS for state in STATES if state != HEALTHY)
    assert [row.name for row in expand(Vitals(8, -3).conditions)] == ["dying", "helpless", "unconscious"]


def test_healing_stops_at_the_maximum():
    """Healing restores hit points up to the maximum, never past it."""
    assert Vitals(10, 4).healed(3) == Vitals(10, 7)
    assert Vitals(10, 4).healed(30) == Vitals(10, 10)
    assert Vitals(10, -6).healed(6).state == DISABLED


def test_the_dead_are_not_healed():
    """SRD 3.5, Dead: "The character's hit points are reduced to -10": healing is refused."""
    with pytest.raises(HealthError, match="dead"):
        Vitals(10, -10).healed(5)


def test_stable_is_unconscious_not_dying():
    """SRD 3.5, Stable: "The character is no longer dying, but is still unconscious." Damage
    makes it dying again, healing to 0 ends it (Flankwise readings)."""
    stable = Vitals(10, -4).stabilised()
    assert stable.state == STABLE and not stable.is_dying
    assert [row.name for row in expand(stable.conditions)] == ["helpless", "stable", "unconscious"]
    assert stable.damaged(1) == Vitals(10, -5)
    assert stable.healed(1) == Vitals(10, -3, stable=True)
    assert stable.healed(4) == Vitals(10, 0)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Vitals(0, 0), "Maximum hit points"),
        (lambda: Vitals(10, 11), "above the maximum"),
        (lambda: Vitals(10, 5.5), "Current hit points"),
        (lambda: Vitals(True, 1), "Maximum hit points"),
        (lambda: Vitals(10, 3, stable=True), "dying"),
        (lambda: Vitals(10, -10, stable=True), "dying"),
        (lambda: Vitals(10, 3).damaged(-2), "Damage"),
        (lambda: Vitals(10, 3).healed(-2), "Healing"),
    ],
)
def test_impossible_hit_points_say_why(build, message):
    """Errors are ``ValueError`` subclasses with a message a player understands."""
    with pytest.raises(HealthError, match=message) as caught:
        build()
    assert isinstance(caught.value, ValueError)


def test_text_and_bar():
    """The page's reading of hit points and the bar's fill."""
    assert Vitals(12, 7).text() == "7/12 hp"
    assert Vitals(12, -3).text() == "-3/12 hp, dying"
    assert Vitals(12, 6).fraction == 0.5
    assert Vitals(12, -3).fraction == 0


@given(st.integers(1, 200), st.integers(-30, 200), st.integers(0, 50))
def test_damage_then_the_same_healing_restores_unless_dead(maximum, current, amount):
    """Damage then as much healing gives back the hit points, unless the damage killed."""
    current = min(current, maximum)
    vitals = Vitals(maximum, current)
    hurt = vitals.damaged(amount)
    assert hurt.current == current - amount
    if not hurt.is_dead:
        assert hurt.healed(amount) == vitals


@given(st.integers(1, 100), st.integers(-40, 100))
def test_state_follows_the_thresholds(maximum, current):
    """Exactly one state holds, and it is the one the SRD's numbers give."""
    current = min(current, maximum)
    state = Vitals(maximum, current).state
    expected = HEALTHY if current > 0 else DISABLED if current == 0 else DYING if current > -10 else DEAD
    assert state == expected
