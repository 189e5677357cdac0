"""The table's optional rules: one value, its page labels, its consistency and its code."""

from dataclasses import fields

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import RulesError
from rules.options import (
    DEFAULT_OPTIONS,
    OPTION_INFO,
    Options,
    OptionsError,
    option_info,
    options_code,
    parse_options,
    set_option,
)

NAMES = [field.name for field in fields(Options)]
SWITCHES = [info.name for info in OPTION_INFO if not info.is_number]
NUMBERS = [info.name for info in OPTION_INFO if info.is_number]


def test_every_option_has_its_page_line():
    """Each option has one OPTION_INFO line naming its label and seed section (or the SRD
    conditions text, ``../shared/references/``), in field order."""
    assert [info.name for info in OPTION_INFO] == NAMES
    for info in OPTION_INFO:
        assert info.label
        assert info.section.startswith(("Seed 000: ", "Seed 001: ", "Seed 002: ", "Seed 003: ", "SRD 3.5 Conditions: "))
        assert info.requires is None or info.requires in SWITCHES
        assert info.requires is None or not info.is_number


def test_default_is_the_rules_as_written():
    """Every optional rule of the seeds is off until the table switches it on, and so is every
    reading but the standard rules' 30-foot limit on ranged sneak attacks (issue 16) and the
    SRD's flat-footed creature until its first turn (issue 15, "An option, on by default"); the
    variant's flanked penalty starts at the usual 2."""
    assert DEFAULT_OPTIONS == Options()
    assert [name for name in SWITCHES if getattr(DEFAULT_OPTIONS, name)] == [
        "ranged_sneak_attack_within_30_ft", "flat_footed_until_first_turn"]
    assert NUMBERS == ["flanked_penalty"]
    assert DEFAULT_OPTIONS.flanked_penalty == 2


def test_facing_options_name_their_seed_sections():
    """The facing options cite UA Combat Facing's Shields (Optional), its Feats and Class
    Features, and seed 001's flanked condition with the source of its default."""
    assert option_info("shields").section == "Seed 000: UA Combat Facing, Shields (Optional)"
    assert "Feats and Class Features" in option_info("whirlwind_only_in_the_action").section
    flanked = option_info("flanked_penalty")
    assert flanked.section.startswith("Seed 001: the flanked condition")
    assert "usual flat-footed (off-guard)" in flanked.section
    assert flanked.bounds == (0, 10)


def test_flanked_penalty_is_a_whole_number_within_its_bounds():
    """A number option takes whole numbers within its bounds, never a switch's True."""
    assert Options(flanked_penalty=0).flanked_penalty == 0
    assert Options(flanked_penalty=10).flanked_penalty == 10
    for bad in (11, -1, True, 2.0, "2"):
        with pytest.raises(OptionsError, match="is a whole number from 0 to 10, not"):
            Options(flanked_penalty=bad)
    assert set_option(Options(), "flanked_penalty", 3).flanked_penalty == 3
    with pytest.raises(OptionsError, match="from 0 to 10, not 12$"):
        set_option(Options(), "flanked_penalty", 12)
    with pytest.raises(OptionsError, match="is on or off, not 3$"):
        set_option(Options(), "shields", 3)


def test_number_options_in_the_code():
    """A number away from its default is written ``name=value`` and read back; a bare name or
    a word is refused."""
    options = Options(shields=True, flanked_penalty=3)
    assert options_code(options) == "shields,flanked_penalty=3"
    assert parse_options("flanked_penalty=3,shields") == options
    assert parse_options("flanked_penalty=2") == Options()
    for text in ("", "=two", "=-1", "=99", "=\u0663"):
        bad = f"flanked_penalty{text}"
        with pytest.raises(OptionsError, match="is a whole number from 0 to 10, not"):
            parse_options(bad)


def test_stance_strike_modifier_needs_strike_speed():
    """"The Stance Strike modifier is optional (and can only be used if the optional Strike
    Speed Order of Battle rules are used)." """
    with pytest.raises(OptionsError) as caught:
        Options(stance_strike_modifier=True)
    assert str(caught.value) == (
        "'Combat stances change strike speed' needs 'Strike-speed order of battle'"
    )
    assert isinstance(caught.value, RulesError)
    assert Options(strike_speed=True, stance_strike_modifier=True).stance_strike_modifier


@pytest.mark.parametrize(
    ("name", "required"),
    [
        ("crit_hit_effects_for_monsters", "crit_hit_effects"),
        ("crit_miss_effects_for_monsters", "crit_miss_effects"),
        ("crit_miss_effects_for_fighting_classes", "crit_miss_effects"),
        ("stance_strike_modifier", "strike_speed"),
    ],
)
def test_refinements_need_their_rule(name, required):
    """"(or a monster, at the referee's option)" refines an optional rule that must be on."""
    with pytest.raises(OptionsError):
        Options(**{name: True})
    assert getattr(Options(**{name: True, required: True}), name)


def test_switching_keeps_options_consistent():
    """A switch on the page turns on what it needs and turns off what needs it."""
    stances = set_option(Options(), "stance_strike_modifier", True)
    assert (stances.strike_speed, stances.stance_strike_modifier) == (True, True)
    off = set_option(stances, "strike_speed", False)
    assert off == Options()
    effects = set_option(Options(), "crit_miss_effects_for_monsters", True)
    assert set_option(effects, "crit_miss_effects", False) == Options()


def test_options_are_switches():
    """An option is on or off: 1 is not True."""
    with pytest.raises(OptionsError, match="^The option 'Body points: .*' is on or off, not 1$"):
        Options(body_points=1)


def test_unknown_option_is_refused():
    """An option the table does not know is named in the refusal."""
    with pytest.raises(OptionsError, match="^There is no option called 'flumph'$"):
        option_info("flumph")
    with pytest.raises(OptionsError, match="^There is no option called 'flumph'$"):
        set_option(Options(), "flumph", True)
    with pytest.raises(OptionsError, match="^There is no option called 'flumph'$"):
        parse_options("body_points,flumph")


@st.composite
def consistent_options(draw):
    """Any consistent Options, built by flipping switches as the page does."""
    options = Options()
    for name in draw(st.lists(st.sampled_from(SWITCHES))):
        options = set_option(options, name, not getattr(options, name))
    for name in NUMBERS:
        least, greatest = option_info(name).bounds
        options = set_option(options, name, draw(st.integers(least, greatest)))
    return options


@given(consistent_options())
def test_options_code_round_trips(options):
    """parse_options(options_code(o)) == o, so the encounter remembers the table's choice."""
    assert parse_options(options_code(options)) == options


def test_options_code_is_compact_and_canonical():
    """Defaults are left out; a switch on is its bare name; 1 and 0 are read too."""
    assert options_code(Options()) == ""
    options = Options(body_points=True, strike_speed=True)
    assert options_code(options) == "body_points,strike_speed"
    assert parse_options("strike_speed=1,body_points,crit_hit_effects=0") == options


def test_bad_option_values_are_refused():
    """A switch takes 1 or 0."""
    with pytest.raises(OptionsError, match=r"is on \(1\) or off \(0\), not 'yes'$"):
        parse_options("body_points=yes")
