"""Issue 16, the readings that became switches: each option's two readings, its ``OptionInfo``
line and its place in links (the page builds its controls from ``OPTION_INFO``)."""

import pytest

from rules.creature import Creature
from rules.encounter import Encounter
from rules.grid import Square, SquareGrid
from rules.link import encounter_code, encounter_json, parse_encounter_code, parse_encounter_json
from rules.options import DEFAULT_OPTIONS, OPTION_INFO, Options, option_info, options_code, parse_options
from rules.facing import Attack, AttackKind, attack
from rules.movement import Battlefield, FacingPolicy, Mode, check_route, plan_move, reachable
from rules.sizes import Size
from rules.terrain import Terrain
from rules.zones import NO_FACING, UA_FACING, VARIANT, Zone, with_readings, zones_around

BOARD = SquareGrid(20, 20)
N, NE, E, SE, S, SW, W, NW = range(8)

READINGS = [
    "reach_corners",
    "corner_facing_front_faces",
    "variant_rear_is_back_face",
    "sideways_step_costs_two",
    "variant_flanked_only_adjacent",
    "ranged_sneak_attack_within_30_ft",
]
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


# sideways_step_costs_two (UA Combat Facing, Moving Backward or Sideways)

TWO = Options(sideways_step_costs_two=True)
KEEP = FacingPolicy.KEEP


def kept(target, options=DEFAULT_OPTIONS, terrain=None, facing=N, mode=Mode.MOVE):
    """A Medium hero at (8, 8) keeping its ``facing`` on its way to ``target``."""
    hero = Creature("Hero", Size.MEDIUM, Square(8, 8), facing=facing)
    field = Battlefield(BOARD, terrain or Terrain(), options=options)
    return plan_move(hero, target, field, mode, KEEP)


def test_a_diagonal_into_the_rear_costs_three_doubled_or_two_read_literally():
    """"It costs two squares of movement to enter a square on your flank or in your rear area":
    off, the step's cost is doubled (a diagonal 3, "just as" difficult terrain); on, 2 for any
    such square. Straight steps cost 2 either way, front steps 1."""
    expected_off = {Square(9, 9): 3, Square(7, 9): 3, Square(8, 9): 2, Square(9, 8): 2, Square(9, 7): 1}
    expected_on = {Square(9, 9): 2, Square(7, 9): 2, Square(8, 9): 2, Square(9, 8): 2, Square(9, 7): 1}
    assert {cell: kept(cell).path.squares for cell in expected_off} == expected_off
    assert {cell: kept(cell, TWO).path.squares for cell in expected_on} == expected_on
    step = kept(Square(9, 9), TWO).path.steps[0]
    assert [item.text() for item in step.items] == [
        "Backward without turning (into your rear): 2 squares, diagonal or not: +2"
    ]


@pytest.mark.parametrize("facing", range(8))
def test_the_literal_reading_turns_with_the_creature(facing):
    """Read literally, every step off the front costs 2 squares for every facing; doubled, a
    diagonal one costs 3 (a rule that holds facing north holds facing any way)."""
    hero = Creature("Hero", Size.MEDIUM, Square(8, 8), facing=facing)
    for options in (DEFAULT_OPTIONS, TWO):
        costs = reachable(hero, Battlefield(BOARD, options=options), Mode.MOVE, KEEP).costs
        for direction in range(8):
            cell = BOARD.step(hero.anchor, direction)
            off_front = (direction - facing) % 8 not in (0, 1, 7)
            diagonal = direction % 2 == 1
            doubled = 3 if diagonal else 2
            assert costs[cell.coords] == (1 if not off_front else 2 if options is TWO else doubled)


def test_the_literal_reading_is_doubled_by_difficult_terrain_and_keeps_the_diagonal_count():
    """Difficult terrain doubles the 2 squares (4, where doubling twice on a diagonal gives 6),
    and a sideways diagonal does not count in the 1-2-1-2 diagonals: the next plain diagonal
    still counts 1."""
    rough = Terrain(((Square(9, 9), ("difficult",)),))
    assert kept(Square(9, 9), terrain=rough).path.squares == 6
    assert kept(Square(9, 9), TWO, terrain=rough).path.squares == 4
    hero = Creature("Hero", Size.MEDIUM, Square(8, 8), facing=N)
    field = Battlefield(BOARD, options=TWO)
    back_then_ahead = check_route(hero, [Square(9, 9), Square(10, 8)], field, Mode.MOVE, KEEP)
    assert back_then_ahead.legal and [step.cost for step in back_then_ahead.path.steps] == [2, 1]

def test_the_literal_reading_leaves_turning_and_other_rulesets_alone():
    """Turning as it goes, or under the variant and the standard rules, nothing is off the
    front: the option changes nothing there."""
    hero = Creature("Hero", Size.MEDIUM, Square(8, 8), facing=N)
    for ruleset, policy in ((UA_FACING, FacingPolicy.TURN), (VARIANT, KEEP), (NO_FACING, KEEP)):
        plain = reachable(hero, Battlefield(BOARD, ruleset=ruleset), Mode.MOVE, policy).costs
        literal = reachable(hero, Battlefield(BOARD, ruleset=ruleset, options=TWO), Mode.MOVE, policy).costs
        assert plain == literal


# variant_flanked_only_adjacent (seed 001: side- and rear-facing spaces)

BORDERING = Options(variant_flanked_only_adjacent=True)


def test_reach_flanks_from_two_squares_out_unless_only_bordering_spaces_count():
    """Seed 001: "When a creature is threatened from one of its side-facing spaces, the target
    gains the flanked condition ... rear-facing spaces ... doubled"; sneak attack "only ...
    from rear-facing spaces". Off, a reach weapon's wielder behind the goblin, two squares out,
    doubles the flanked penalty and sneak attacks; on, only the eight spaces bordering the
    goblin count, so it does neither."""
    goblin = Creature("Goblin", Size.MEDIUM, Square(8, 8), facing=N, side="foe")
    rogue = Creature("Rogue", Size.MEDIUM, Square(8, 10), facing=N, rogue_level=3, reach_weapon=True)
    off = hit(rogue, goblin, VARIANT)
    assert [item.value for item in off.armor_class_items] == [-4] and off.sneak_attack
    on = hit(rogue, goblin, VARIANT, BORDERING)
    assert on.allowed and not on.armor_class_items and not on.sneak_attack
    assert "not from a space bordering the target" in on.damage_items[0].reason
    near = Creature("Rogue", Size.MEDIUM, Square(8, 9), facing=N, rogue_level=3)
    assert hit(near, goblin, VARIANT, BORDERING).sneak_attack


def test_only_bordering_others_make_the_target_flanked():
    """The others threatening the goblin count from a bordering side space only, with the option
    on: a pikeman two squares to its east flanks it only with the option off."""
    goblin = Creature("Goblin", Size.MEDIUM, Square(8, 8), facing=N, side="foe")
    hero = Creature("Hero", Size.MEDIUM, Square(8, 7), facing=S)
    pike = Creature("Pikeman", Size.MEDIUM, Square(10, 8), facing=W, reach_weapon=True)
    beside = Creature("Guard", Size.MEDIUM, Square(9, 8), facing=W)

    def flanked(other, options):
        request = Attack(hero, goblin, AttackKind.MELEE, VARIANT, BOARD, options, others_threatening=(other,))
        return [item.value for item in attack(request).armor_class_items]

    assert flanked(pike, DEFAULT_OPTIONS) == [-2] and flanked(pike, BORDERING) == []
    assert flanked(beside, DEFAULT_OPTIONS) == flanked(beside, BORDERING) == [-2]


def test_the_bordering_reading_is_the_variants_alone():
    """UA's +4 from beyond the rear with a reach weapon stays (Opponent Facing: "or the squares
    beyond it, if you have a reach or ranged weapon")."""
    goblin = Creature("Goblin", Size.MEDIUM, Square(8, 8), facing=N, side="foe")
    rogue = Creature("Rogue", Size.MEDIUM, Square(8, 10), facing=N, rogue_level=3, reach_weapon=True)
    assert texts(hit(rogue, goblin, UA_FACING, BORDERING)) == texts(hit(rogue, goblin, UA_FACING))


# ranged_sneak_attack_within_30_ft (SRD 3.5, Sneak Attack)

NO_LIMIT = Options(ranged_sneak_attack_within_30_ft=False)


@pytest.mark.parametrize("ruleset", [UA_FACING, VARIANT, NO_FACING])
def test_a_ranged_sneak_attack_needs_the_target_within_30_feet(ruleset):
    """SRD 3.5: "Ranged attacks can count as sneak attacks only if the target is within 30
    feet" (on by default); the UA text speaks only of the flat-footed foe, which is the reading
    with the option off. At 30 feet it holds either way."""
    sleeper = Creature("Goblin", Size.MEDIUM, Square(8, 2), facing=N, side="foe", flat_footed=True)
    far = Creature("Rogue", Size.MEDIUM, Square(8, 9), facing=N, rogue_level=3)
    close = Creature("Rogue", Size.MEDIUM, Square(8, 8), facing=N, rogue_level=3)
    ranged = AttackKind.RANGED
    limited = hit(far, sleeper, ruleset, kind=ranged)
    assert limited.sneak_attack is False
    assert [item.reason for item in limited.damage_items] == [
        "Sneak attack: no, a ranged attack sneak attacks only within 30 feet, and the target is "
        "35 feet away"
    ]
    assert hit(far, sleeper, ruleset, NO_LIMIT, kind=ranged).sneak_attack
    assert hit(close, sleeper, ruleset, kind=ranged).sneak_attack
    assert hit(close, sleeper, ruleset, NO_LIMIT, kind=ranged).sneak_attack


def test_the_30_foot_limit_leaves_melee_alone():
    """A reach weapon's melee sneak attack from the rear is not a ranged attack."""
    goblin = Creature("Goblin", Size.MEDIUM, Square(8, 8), facing=N, side="foe")
    rogue = Creature("Rogue", Size.MEDIUM, Square(8, 10), facing=N, rogue_level=3, reach_weapon=True)
    assert hit(rogue, goblin, UA_FACING).sneak_attack and hit(rogue, goblin, UA_FACING, NO_LIMIT).sneak_attack
