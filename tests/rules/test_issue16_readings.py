"""Issue 16, the readings that became switches: each option's two readings, its ``OptionInfo``
line and its place in links (the page builds its controls from ``OPTION_INFO``)."""

import pytest

from rules.creature import Creature
from rules.encounter import Encounter
from rules.grid import Square, SquareGrid
from rules.link import encounter_code, encounter_json, parse_encounter_code, parse_encounter_json
from rules.options import DEFAULT_OPTIONS, OPTION_INFO, Options, option_info, options_code, parse_options
from rules.facing import Attack, AttackKind, attack
from rules.sizes import Size
from rules.zones import NO_FACING, UA_FACING, VARIANT, Zone, with_readings, zones_around

BOARD = SquareGrid(20, 20)
N, NE, E, SE, S, SW, W, NW = range(8)

READINGS = ["reach_corners", "corner_facing_front_faces", "variant_rear_is_back_face"]
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


def counts(creature, ruleset, options=DEFAULT_OPTIONS):
    """Front, flank and rear cells next to ``creature`` under ``ruleset`` with ``options``'s
    readings."""
    zones = zones_around(creature, BOARD, with_readings(ruleset, options))
    return tuple(len(zones[zone]) for zone in Zone)


def hit(attacker, defender, ruleset, options=DEFAULT_OPTIONS, kind=AttackKind.MELEE):
    """The answer to ``attacker``'s attack on ``defender``."""
    return attack(Attack(attacker, defender, kind, ruleset, BOARD, options))


def texts(answer):
    """Every line of an answer as the page shows it."""
    return [item.text() for item in answer.items()]


# corner_facing_front_faces (UA Combat Facing, Facing Direction)

CORNERS = Options(corner_facing_front_faces=True)


@pytest.mark.parametrize("facing", [NE, SE, SW, NW])
def test_a_large_creature_facing_a_corner_has_front_faces_and_corner_in_front(facing):
    """"The three squares a Small or Medium character is pointing toward are its front area":
    read for a Large one facing a corner, its two front faces and the corner square are in
    front (5 / 2 / 5); off, the corner and a square of each face (3 / 6 / 3). The same at
    every corner; a Huge one has 7 / 2 / 7."""
    large = Creature("Ogre", Size.LARGE, Square(8, 8), facing=facing)
    assert counts(large, UA_FACING) == (3, 6, 3)
    assert counts(large, UA_FACING, CORNERS) == (5, 2, 5)
    huge = Creature("Giant", Size.HUGE, Square(8, 8), facing=facing)
    assert counts(huge, UA_FACING, CORNERS) == (7, 2, 7)


def test_facing_a_corner_changes_nothing_else():
    """A Medium creature, a big one facing a side, and the variant and standard rules are as
    before with the reading on."""
    for size, facing in ((Size.MEDIUM, NE), (Size.LARGE, N), (Size.GARGANTUAN, E)):
        creature = Creature("It", size, Square(8, 8), facing=facing)
        for ruleset in (UA_FACING, VARIANT, NO_FACING):
            assert counts(creature, ruleset, CORNERS) == counts(creature, ruleset)
    assert with_readings(VARIANT, CORNERS) == VARIANT


def test_attacking_the_north_face_of_a_large_creature_facing_north_east():
    """The square at the west end of the ogre's north face: its flank (+2) as the arcs from
    its centre draw it, its front (no bonus) with the reading on; ``Attack`` and the
    encounter's ``zones_ruleset`` apply the option."""
    ogre = Creature("Ogre", Size.LARGE, Square(8, 8), facing=NE, side="foe")
    hero = Creature("Hero", Size.MEDIUM, Square(8, 7), facing=S)
    assert "Target's flank area: +2" in texts(hit(hero, ogre, UA_FACING))
    assert not hit(hero, ogre, UA_FACING, CORNERS).attack_items
    encounter = Encounter(BOARD, (ogre, hero), options=CORNERS)
    assert encounter.zones_ruleset == with_readings(UA_FACING, CORNERS) != UA_FACING
    assert Encounter(BOARD, (ogre, hero)).zones_ruleset == UA_FACING


# variant_rear_is_back_face (seed 001: "broken down in a similar way")

BACK_FACE = Options(variant_rear_is_back_face=True)


@pytest.mark.parametrize("facing", [N, E, S, W])
def test_the_variants_biggest_creatures_have_the_whole_back_face_as_rear(facing):
    """Seed 001 gives one square 1 rear space and Large 2, its whole back face; read alike, a
    Gargantuan creature facing a side has 6 / 10 / 4 and a Colossal one 8 / 14 / 6, where the
    30-degree cone gives 6 / 12 / 2 and 8 / 16 / 4. Huge and smaller are the same either way."""
    gargantuan = Creature("Worm", Size.GARGANTUAN, Square(8, 8), facing=facing)
    colossal = Creature("Titan", Size.COLOSSAL, Square(8, 8), facing=facing)
    assert counts(gargantuan, VARIANT) == (6, 12, 2)
    assert counts(gargantuan, VARIANT, BACK_FACE) == (6, 10, 4)
    assert counts(colossal, VARIANT) == (8, 16, 4)
    assert counts(colossal, VARIANT, BACK_FACE) == (8, 14, 6)
    for size, expected in ((Size.MEDIUM, (3, 4, 1)), (Size.LARGE, (4, 6, 2)), (Size.HUGE, (5, 8, 3))):
        creature = Creature("It", size, Square(8, 8), facing=facing)
        assert counts(creature, VARIANT, BACK_FACE) == counts(creature, VARIANT) == expected


def test_the_back_face_reading_is_the_variants_alone():
    """UA and the standard rules keep their zones with the option on."""
    worm = Creature("Worm", Size.GARGANTUAN, Square(8, 8), facing=N)
    assert counts(worm, UA_FACING, BACK_FACE) == counts(worm, UA_FACING)
    assert with_readings(UA_FACING, BACK_FACE) == UA_FACING


def test_a_sneak_attack_from_the_corner_of_the_back_face():
    """Seed 001: sneak attack only from rear-facing spaces. Behind the west end of a
    Gargantuan worm's back face is a side space as the cone draws it, a rear one with the
    whole back face read as rear."""
    worm = Creature("Worm", Size.GARGANTUAN, Square(8, 8), facing=N, side="foe")
    rogue = Creature("Rogue", Size.MEDIUM, Square(8, 12), facing=N, rogue_level=3)
    assert not hit(rogue, worm, VARIANT).sneak_attack
    assert hit(rogue, worm, VARIANT, BACK_FACE).sneak_attack
