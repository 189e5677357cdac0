"""Issue 16, the readings that became switches: each option's two readings, its ``OptionInfo``
line and its place in links (the page builds its controls from ``OPTION_INFO``)."""

import pytest

from rules.creature import Creature
from rules.encounter import Encounter
from rules.grid import Square, SquareGrid
from rules.link import encounter_code, encounter_json, parse_encounter_code, parse_encounter_json
from rules.options import DEFAULT_OPTIONS, OPTION_INFO, Options, option_info, options_code, parse_options
from rules.sizes import Size

BOARD = SquareGrid(20, 20)
N, NE, E, SE, S, SW, W, NW = range(8)

READINGS = ["reach_corners"]
"""The options issue 16 added, each a reading of a seed sentence."""


@pytest.mark.parametrize("name", READINGS)
def test_each_reading_has_a_page_line_and_a_default(name):
    """Every reading has its ``OptionInfo`` line (label and the seed sentence it reads) and
    defaults to today's reading."""
    info = option_info(name)
    assert info.label and "a Flankwise reading" in info.section and not info.is_number
    assert name in {each.name for each in OPTION_INFO}
    assert getattr(DEFAULT_OPTIONS, name) is (name == "ranged_sneak_attack_within_30_ft")


@pytest.mark.parametrize("name", READINGS)
def test_each_reading_travels_in_links_and_files(name):
    """Both readings of each option come back from a link and a file as they went."""
    flipped = Options(**{name: not getattr(DEFAULT_OPTIONS, name)})
    assert parse_options(options_code(flipped)) == flipped
    hero = Creature("Hero", Size.MEDIUM, Square(3, 3), facing=N)
    for options in (DEFAULT_OPTIONS, flipped):
        encounter = Encounter(BOARD, (hero,), options=options)
        assert parse_encounter_code(encounter_code(encounter)) == encounter
        assert parse_encounter_json(encounter_json(encounter)) == encounter
