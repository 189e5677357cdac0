"""Facing in combat under UA Combat Facing (seed 000): every bullet of issue 5's UA section.

Each test is named after the sentence it checks and quotes it; each runs on squares, flat hexes
and pointy hexes, with a Medium and a Large creature on the side the rule is about. Scenes are
built from ``rules.zones`` (tested on its own): an attacker stands in each cell of a zone, or a
target is placed wherever its cells next to the attacker all lie in one zone, and the facing
rules must give that zone's line.
"""

from dataclasses import replace

import pytest

from rules.creature import Creature
from rules.errors import RulesError
from rules.facing import (
    COMBAT_AWARENESS,
    FEATURES,
    IMMUNE_TO_SNEAK_ATTACK,
    IMPROVED_UNCANNY_DODGE,
    Attack,
    AttackKind,
    AttackRequestError,
    Intersection,
    Sense,
    TurnError,
    TurnState,
    Turning,
    attack,
    combat_rules,
    face_toward,
    kind_name,
    parse_kind,
    ready_ruling,
    spell_origins,
    spell_target_ruling,
    spot_items,
    turn,
    turn_in_place,
)
from rules.grid import Square
from rules.options import Options
from rules.sizes import Size, facing_names
from rules.zones import (
    NO_FACING,
    UA_FACING,
    VARIANT,
    Ruleset,
    RulesetError,
    Zone,
    adjacent_ring,
    zone_of,
    zones_around,
)
from facing_support import FLAT, GRIDS, POINTY, SIZES, SQUARES, facings, foe, middle

MELEE, RANGED = AttackKind.MELEE, AttackKind.RANGED


def hero_at(cell, target, grid, ruleset=UA_FACING, size=Size.MEDIUM, **fields) -> Creature:
    """A creature standing at ``cell``, turned to face ``target``."""
    hero = Creature("Hero", size, cell, facing=0, **fields)
    return face_toward(hero, target, grid, ruleset)


def ring(creature, grid, zone, ruleset=UA_FACING) -> list:
    """The cells next to ``creature`` in ``zone``."""
    return sorted(zones_around(creature, grid, ruleset)[zone])


def judge(attacker, defender, grid, kind=MELEE, ruleset=UA_FACING, **context):
    """The facing answer to one attack."""
    return attack(Attack(attacker, defender, kind, ruleset, grid, **context))


def values(items, start: str) -> list:
    """The values of the lines whose reason starts with ``start``."""
    return [item.value for item in items if item.reason.startswith(start)]


def reasons(items) -> list[str]:
    """The reasons of ``items``."""
    return [item.reason for item in items]


def targets_touching(attacker, size, grid, zone, ruleset=UA_FACING, whole=False) -> list:
    """Every target of ``size`` (facing 0) next to ``attacker`` whose cells next to it (or, if
    ``whole``, all its cells) lie in its ``zone``."""
    near = [cell for cell in grid.cells() if grid.distance(cell, attacker.anchor) <= 3]
    ring_cells = adjacent_ring(attacker, grid)
    own = set(attacker.cells(grid))
    found = []
    for anchor in near:
        target = Creature("Target", size, anchor, facing=0, side="foe")
        cells = set(target.cells(grid))
        contact = cells & ring_cells
        if cells & own or not contact:
            continue
        if all(
            zone_of(attacker, cell, grid, ruleset) is zone for cell in (cells if whole else contact)
        ):
            found.append(target)
    return found


def targets_beyond(attacker, size, grid, zone, ruleset=UA_FACING) -> list:
    """Targets of ``size`` 4 to 6 cells away, every cell in ``attacker``'s ``zone``."""
    far = [cell for cell in grid.cells() if 4 <= grid.distance(cell, attacker.anchor) <= 6]
    found = []
    for anchor in far:
        target = Creature("Target", size, anchor, facing=0, side="foe")
        if all(zone_of(attacker, cell, grid, ruleset) is zone for cell in target.cells(grid)):
            found.append(target)
    return found


# Facing and Attacking.

INTO = {Zone.FRONT: [], Zone.FLANK: [-5], Zone.REAR: [-10]}


@GRIDS
@SIZES
@pytest.mark.parametrize("kind", [MELEE, RANGED], ids=["melee", "ranged"])
@pytest.mark.parametrize("zone", list(Zone), ids=lambda zone: zone.value)
def test_attacking_into_your_own_front_flank_and_rear(grid, size, kind, zone):
    """UA Combat Facing: Facing and Attacking: "a character can attack into any square in his
    front area without penalty"; "Characters who don't want to change their facing to point
    toward a foe can attack into their flank areas at a -5 penalty and into their rear areas at
    a -10 penalty"; "The penalties for making ranged attacks into flank and rear areas are the
    same as for melee combat." A target of ``size`` next to the attacker, its cells in reach
    (for a ranged attack, all its cells) in one zone."""
    tried = 0
    for facing in facings(Size.MEDIUM, grid):
        attacker = Creature("Kroh", Size.MEDIUM, middle(grid), facing=facing)
        for target in targets_touching(attacker, size, grid, zone, whole=kind is RANGED):
            answer = judge(attacker, target, grid, kind)
            assert answer.allowed
            assert values(answer.attack_items, "Attacking into your own") == INTO[zone]
            if zone is not Zone.FRONT:
                assert f"Attacking into your own {zone.value}" in reasons(answer.attack_items)
            tried += 1
    assert tried >= len(facings(Size.MEDIUM, grid))


@GRIDS
@SIZES
@pytest.mark.parametrize("zone", list(Zone), ids=lambda zone: zone.value)
def test_ranged_attacks_beyond_your_front_area_without_penalty(grid, size, zone):
    """UA Combat Facing: Facing and Attacking: "Characters can make ranged attacks into any
    square beyond their front area without penalty"; beyond the flank and rear areas the melee
    penalties hold."""
    tried = 0
    for facing in facings(Size.MEDIUM, grid):
        attacker = Creature("Archer", Size.MEDIUM, middle(grid), facing=facing)
        for target in targets_beyond(attacker, size, grid, zone)[:6]:
            answer = judge(attacker, target, grid, RANGED)
            assert values(answer.attack_items, "Attacking into your own") == INTO[zone]
            tried += 1
        melee = judge(attacker, targets_beyond(attacker, size, grid, zone)[0], grid, MELEE)
        assert not melee.allowed
        assert reasons(melee.restrictions) == [
            "Out of reach: Archer cannot reach the target from here"
        ]
    assert tried >= len(facings(Size.MEDIUM, grid))


@GRIDS
@SIZES
def test_a_straddling_target_is_attacked_in_its_most_forward_cell(grid, size):
    """Our reading (docs/rules.md): a target whose cells lie in several of your zones is
    attacked into its most forward cell, so a Large target with a cell in your front area costs
    no penalty, as a player expects."""
    attacker = Creature("Kroh", Size.MEDIUM, middle(grid), facing=0)
    mixed = 0
    for anchor in [cell for cell in grid.cells() if grid.distance(cell, middle(grid)) <= 2]:
        target = Creature("Ogre", Size.LARGE, anchor, facing=0, side="foe")
        cells = set(target.cells(grid))
        reached = cells & adjacent_ring(attacker, grid)
        if cells & set(attacker.cells(grid)) or not reached:
            continue
        zones = {zone_of(attacker, cell, grid, UA_FACING) for cell in reached}
        best = min(zones, key=[Zone.FRONT, Zone.FLANK, Zone.REAR].index)
        answer = judge(attacker, target, grid)
        assert values(answer.attack_items, "Attacking into your own") == INTO[best]
        mixed += len(zones) > 1
    assert mixed > 0


# Opponent Facing.

FROM = {Zone.FRONT: [], Zone.FLANK: [2], Zone.REAR: [4]}


@GRIDS
@SIZES
@pytest.mark.parametrize("zone", list(Zone), ids=lambda zone: zone.value)
def test_attacking_from_a_foes_flank_plus_2_and_rear_plus_4(grid, size, zone):
    """UA Combat Facing: Opponent Facing: "If you're attacking from a foe's flank area ... you
    get a +2 bonus on the attack roll. ... If you're attacking from a foe's rear area ..., you
    get a +4 bonus on the attack roll." From every cell of the zone, every facing of the foe."""
    for facing in facings(size, grid):
        gnoll = foe(grid, size, facing)
        cells = ring(gnoll, grid, zone)
        assert cells
        for cell in cells:
            answer = judge(hero_at(cell, gnoll, grid), gnoll, grid)
            assert values(answer.attack_items, "Target's") == FROM[zone]
            assert values(answer.attack_items, "Attacking into") == []
            if zone is not Zone.FRONT:
                assert f"Target's {zone.value} area" in reasons(answer.attack_items)


@GRIDS
@SIZES
def test_a_straddling_attacker_attacks_from_its_best_cell(grid, size):
    """Our reading (docs/rules.md): a Large attacker whose cells lie in several of the foe's
    zones attacks from the one furthest round, so one cell in the foe's rear earns the +4."""
    gnoll = foe(grid, size)
    order = [Zone.FRONT, Zone.FLANK, Zone.REAR]
    mixed = 0
    for anchor in [cell for cell in grid.cells() if grid.distance(cell, middle(grid)) <= 3]:
        ogre = Creature("Ogre", Size.LARGE, anchor, facing=0)
        cells = set(ogre.cells(grid))
        if cells & set(gnoll.cells(grid)) or not cells & adjacent_ring(gnoll, grid):
            continue
        zones = {zone_of(gnoll, cell, grid, UA_FACING) for cell in cells}
        best = max(zones, key=order.index)
        answer = judge(face_toward(ogre, gnoll, grid, UA_FACING), gnoll, grid)
        bonuses = [item.value for item in answer.attack_items if "target's" in item.reason.lower()]
        assert bonuses == FROM[best]
        mixed += len(zones) > 1 and best is not Zone.FRONT
    assert mixed > 0


@GRIDS
@SIZES
@pytest.mark.parametrize("zone", [Zone.FLANK, Zone.REAR], ids=lambda zone: zone.value)
def test_from_beyond_a_foes_flank_or_rear_with_reach_or_ranged(grid, size, zone):
    """UA Combat Facing: Opponent Facing: "(or the squares beyond it, if you have a reach or
    ranged weapon)": a reach weapon (the board says which cells it threatens) two cells out,
    and a bow further away."""
    gnoll = foe(grid, size)
    reach_cells = frozenset(gnoll.cells(grid))
    beyond = [
        cell
        for cell in grid.cells()
        if zone_of(gnoll, cell, grid, UA_FACING) is zone
        and min(grid.distance(cell, each) for each in gnoll.cells(grid)) == 2
    ]
    assert beyond
    for cell in beyond:
        lancer = hero_at(cell, gnoll, grid)
        with_reach = judge(lancer, gnoll, grid, threatened=reach_cells)
        assert values(with_reach.attack_items, f"Beyond the target's {zone.value}") == FROM[zone]
        assert not judge(lancer, gnoll, grid).allowed
        far = grid.from_offset(
            *[2 * a - b for a, b in zip(grid.to_offset(cell), grid.to_offset(middle(grid)))]
        )
        if zone_of(gnoll, far, grid, UA_FACING) is zone:
            archer = judge(hero_at(far, gnoll, grid), gnoll, grid, RANGED)
            assert values(archer.attack_items, f"Beyond the target's {zone.value}") == FROM[zone]


@GRIDS
@SIZES
def test_no_one_is_needed_opposite_and_standard_flanking_is_superseded(grid, size):
    """UA Combat Facing: Opponent Facing: "You don't need anyone opposite you on the other side
    of your foe." "This variant supersedes the standard rules for flanking": a friend
    threatening from the far side gives the attacker in front nothing."""
    gnoll = foe(grid, size)
    alone = judge(hero_at(ring(gnoll, grid, Zone.FLANK)[0], gnoll, grid), gnoll, grid)
    assert values(alone.attack_items, "Target's flank area") == [2]
    friend = hero_at(ring(gnoll, grid, Zone.REAR)[0], gnoll, grid)
    front = hero_at(ring(gnoll, grid, Zone.FRONT)[0], gnoll, grid)
    opposite = judge(front, gnoll, grid, others_threatening=(friend,))
    assert opposite.attack_items == () and opposite.armor_class_items == ()


# Sneak Attacks.


@GRIDS
@SIZES
def test_sneak_attack_from_the_rear_with_a_melee_weapon(grid, size):
    """UA Combat Facing: Sneak Attacks: "A rogue can strike for sneak attack damage ... whenever
    she's attacking with a melee weapon from the foe's rear area. She doesn't need anyone
    directly opposite her to get the extra damage." Not from the front or flank, not with a
    ranged weapon."""
    for facing in facings(size, grid):
        gnoll = foe(grid, size, facing)
        for zone in Zone:
            for cell in ring(gnoll, grid, zone):
                rogue = hero_at(cell, gnoll, grid, rogue_level=3)
                melee = judge(rogue, gnoll, grid)
                assert melee.sneak_attack is (zone is Zone.REAR)
                if zone is Zone.REAR:
                    assert reasons(melee.damage_items) == ["Sneak attack: yes, from the rear"]
                ranged = judge(rogue, gnoll, grid, RANGED)
                assert ranged.sneak_attack is False
    no_rogue = judge(hero_at(ring(gnoll, grid, Zone.REAR)[0], gnoll, grid), gnoll, grid)
    assert no_rogue.sneak_attack is None and no_rogue.damage_items == ()


@GRIDS
@SIZES
def test_sneak_attack_whenever_the_foe_is_flat_footed(grid, size):
    """UA Combat Facing: Sneak Attacks: "whenever her foe is flat-footed": from any side, in
    melee or at range."""
    gnoll = foe(grid, size, flat_footed=True)
    for zone in Zone:
        rogue = hero_at(ring(gnoll, grid, zone)[0], gnoll, grid, rogue_level=1)
        for kind in (MELEE, RANGED):
            answer = judge(rogue, gnoll, grid, kind)
            assert answer.sneak_attack is True
    front = judge(
        hero_at(ring(gnoll, grid, Zone.FRONT)[0], gnoll, grid, rogue_level=1), gnoll, grid
    )
    assert reasons(front.damage_items) == ["Sneak attack: yes, the target is flat-footed"]


@GRIDS
@SIZES
def test_sneak_attack_immunities_still_apply(grid, size):
    """UA Combat Facing: Sneak Attacks: "The standard rules for creatures' immunity to sneak
    attack still apply. For example, a shambling mound has a rear area, but it's immune"."""
    mound = foe(
        grid,
        size,
        name="Shambling mound",
        features=frozenset({IMMUNE_TO_SNEAK_ATTACK}),
        flat_footed=True,
    )
    rogue = hero_at(ring(mound, grid, Zone.REAR)[0], mound, grid, rogue_level=5)
    answer = judge(rogue, mound, grid)
    assert answer.sneak_attack is False
    assert reasons(answer.damage_items) == ["Sneak attack: no, the target is immune"]
    assert values(answer.attack_items, "Target's rear area") == [4]


@GRIDS
@SIZES
def test_faceless_creatures_can_still_be_sneak_attacked_when_flat_footed(grid, size):
    """UA Combat Facing: Sneak Attacks: "a phasm doesn't have a front or rear, but you can still
    deal extra sneak attack damage if you catch it flat-footed." """
    for flat_footed in (False, True):
        phasm = Creature("Phasm", size, middle(grid), faceless=True, flat_footed=flat_footed)
        for cell in sorted(adjacent_ring(phasm, grid)):
            answer = judge(hero_at(cell, phasm, grid, rogue_level=2), phasm, grid)
            assert answer.sneak_attack is flat_footed
            if not flat_footed:
                assert reasons(answer.damage_items) == [
                    "Sneak attack: no, the target has no rear (faceless), and the target is "
                    "not flat-footed"
                ]


# Improved Uncanny Dodge.


@GRIDS
@SIZES
def test_improved_uncanny_dodge_no_bonus_from_flank_or_rear(grid, size):
    """UA Combat Facing: Improved Uncanny Dodge: "No attacker gets the +2 bonus for attacking
    into your flank or the +4 bonus from attack from behind you." """
    guard = foe(grid, size, name="Guard", level=5, features=frozenset({IMPROVED_UNCANNY_DODGE}))
    for zone in (Zone.FLANK, Zone.REAR):
        for cell in ring(guard, grid, zone):
            answer = judge(hero_at(cell, guard, grid), guard, grid)
            assert answer.attack_modifier == 0
            assert reasons(answer.attack_items) == [
                f"Target has Improved Uncanny Dodge: no bonus from its {zone.value} area"
            ]


@GRIDS
@SIZES
def test_improved_uncanny_dodge_only_a_rogue_four_levels_higher_sneaks_from_the_rear(grid, size):
    """UA Combat Facing: Improved Uncanny Dodge: "Only a rogue four levels higher than you can
    deal sneak attack damage by attacking from a rear square." The guard is level 5: a rogue of
    level 8 gets nothing, one of level 9 does."""
    guard = foe(grid, size, name="Guard", level=5, features=frozenset({IMPROVED_UNCANNY_DODGE}))
    cell = ring(guard, grid, Zone.REAR)[0]
    low = judge(hero_at(cell, guard, grid, rogue_level=8, level=8), guard, grid)
    high = judge(hero_at(cell, guard, grid, rogue_level=9, level=9), guard, grid)
    assert low.sneak_attack is False
    assert "only a rogue of level 9 or more" in low.damage_items[0].reason
    assert high.sneak_attack is True
    assert reasons(high.damage_items) == [
        "Sneak attack: yes, from the rear (rogue level 9 beats Improved Uncanny Dodge)"
    ]
    flat = replace(guard, flat_footed=True)
    assert (
        judge(
            hero_at(ring(flat, grid, Zone.FRONT)[0], flat, grid, rogue_level=12), flat, grid
        ).sneak_attack
        is False
    )


# Feats and Class Features, Flank Attacks, Rear Attacks.


def lines_into(answer) -> list:
    """The attack lines about attacking into one's own zones, as the page reads them."""
    return [item.text() for item in answer.attack_items if item.reason.startswith("Attacking into")]


def scene(grid, size, zone, **fields):
    """A Medium attacker in the middle and a target of ``size`` next to it, wholly in the
    attacker's ``zone`` (the first facing of the attacker that allows one)."""
    for facing in facings(Size.MEDIUM, grid):
        attacker = Creature("Kroh", Size.MEDIUM, middle(grid), facing=facing, **fields)
        targets = targets_touching(attacker, size, grid, zone, whole=True)
        if targets:
            return attacker, targets[0]
    raise AssertionError(f"No {size.name} target fits wholly in a {zone.value} area")


@GRIDS
@SIZES
def test_cleave_and_great_cleave_extra_attacks_into_flank_areas_without_penalty(grid, size):
    """UA Combat Facing: Cleave and Great Cleave: "The extra attacks granted by these feats can
    be made into flank areas without penalty, as well as into front areas." The rear keeps its
    -10, and without either feat there is no extra attack."""
    for feat in ("Cleave", "Great Cleave"):
        attacker, target = scene(grid, size, Zone.FLANK, features=frozenset({feat}))
        extra = judge(attacker, target, grid, AttackKind.CLEAVE)
        assert lines_into(extra) == [
            "Attacking into your own flank: no penalty (Cleave's extra attack)"
        ]
        assert lines_into(judge(attacker, target, grid)) == ["Attacking into your own flank: -5"]
        attacker, target = scene(grid, size, Zone.REAR, features=frozenset({feat}))
        assert lines_into(judge(attacker, target, grid, AttackKind.CLEAVE)) == [
            "Attacking into your own rear: -10"
        ]
    attacker, target = scene(grid, size, Zone.FLANK)
    refused = judge(attacker, target, grid, AttackKind.CLEAVE)
    assert not refused.allowed
    assert reasons(refused.restrictions) == [
        "Needs Cleave or Great Cleave: Kroh cannot make a Cleave or Great Cleave extra attack"
    ]


@GRIDS
@SIZES
def test_combat_reflexes_attacks_of_opportunity_into_flank_areas_without_penalty(grid, size):
    """UA Combat Facing: Combat Reflexes: "Characters with this feat can make attacks of
    opportunity into their flank areas without penalty." Without it, or into the rear, the
    penalties hold; other attacks are not helped."""
    aoo = AttackKind.ATTACK_OF_OPPORTUNITY
    attacker, target = scene(grid, size, Zone.FLANK, features=frozenset({"Combat Reflexes"}))
    assert lines_into(judge(attacker, target, grid, aoo)) == [
        "Attacking into your own flank: no penalty (Combat Reflexes)"
    ]
    assert lines_into(judge(attacker, target, grid, MELEE)) == ["Attacking into your own flank: -5"]
    plain, target = scene(grid, size, Zone.FLANK)
    assert lines_into(judge(plain, target, grid, aoo)) == ["Attacking into your own flank: -5"]
    attacker, target = scene(grid, size, Zone.REAR, features=frozenset({"Combat Reflexes"}))
    assert lines_into(judge(attacker, target, grid, aoo)) == ["Attacking into your own rear: -10"]


@GRIDS
@SIZES
def test_mounted_combat_into_the_steeds_flank_areas_without_penalty(grid, size):
    """UA Combat Facing: Mounted Combat: "Characters with this feat can attack into their
    steeds' flank areas without penalty while mounted." The rider fights from the steed's space
    and facing (our reading); without the feat the flank costs -5."""
    horse, target = scene(grid, size, Zone.FLANK)
    horse = replace(horse, name="Warhorse")
    for facing in facings(Size.MEDIUM, grid):
        rider = Creature(
            "Knight",
            Size.MEDIUM,
            horse.anchor,
            facing=facing,
            features=frozenset({"Mounted Combat"}),
        )
        answer = judge(rider, target, grid, steed=horse)
        assert lines_into(answer) == [
            "Attacking into your steed's flank: no penalty (Mounted Combat)"
        ]
        on_foot = replace(rider, features=frozenset())
        assert lines_into(judge(on_foot, target, grid, steed=horse)) == [
            "Attacking into your steed's flank: -5"
        ]
    rider = Creature(
        "Knight",
        Size.MEDIUM,
        horse.anchor,
        facing=horse.facing,
        features=frozenset({"Mounted Combat"}),
    )
    assert lines_into(judge(rider, target, grid)) == ["Attacking into your own flank: -5"]
    horse, target = scene(grid, size, Zone.REAR)
    assert lines_into(judge(rider, target, grid, steed=horse)) == [
        "Attacking into your steed's rear: -10"
    ]


@GRIDS
@SIZES
def test_whirlwind_attack_into_any_area_without_penalty(grid, size):
    """UA Combat Facing: Whirlwind attack: "Characters with this feat can attack into any area
    without penalty." As written, every attack; with the option
    ``whirlwind_only_in_the_action``, only the Whirlwind Attack itself."""
    narrow = Options(whirlwind_only_in_the_action=True)
    for zone in (Zone.FLANK, Zone.REAR):
        attacker, target = scene(grid, size, zone, features=frozenset({"Whirlwind Attack"}))
        free = [f"Attacking into your own {zone.value}: no penalty (Whirlwind Attack)"]
        assert lines_into(judge(attacker, target, grid, MELEE)) == free
        assert lines_into(judge(attacker, target, grid, RANGED)) == free
        assert (
            lines_into(judge(attacker, target, grid, AttackKind.WHIRLWIND, options=narrow)) == free
        )
        assert values(
            judge(attacker, target, grid, MELEE, options=narrow).attack_items, "Attacking"
        ) == [INTO[zone][0]]
        plain = replace(attacker, features=frozenset())
        assert not judge(plain, target, grid, AttackKind.WHIRLWIND).allowed


@GRIDS
@SIZES
def test_monsters_with_flank_attacks_or_rear_attacks_take_no_penalty_there(grid, size):
    """UA Combat Facing: Flank Attacks: "These creatures take no penalty for making these
    attacks into flank squares." Rear Attacks: "These creatures take no penalty for making these
    attacks into rear squares." Their other attacks, and the other zone, keep the penalty."""
    monster = frozenset({"Flank Attacks", "Rear Attacks"})
    attacker, target = scene(grid, size, Zone.FLANK, features=monster)
    assert lines_into(judge(attacker, target, grid, AttackKind.FLANK_ATTACK)) == [
        "Attacking into your own flank: no penalty (a flank attack)"
    ]
    assert lines_into(judge(attacker, target, grid, AttackKind.REAR_ATTACK)) == [
        "Attacking into your own flank: -5"
    ]
    assert lines_into(judge(attacker, target, grid, MELEE)) == ["Attacking into your own flank: -5"]
    attacker, target = scene(grid, size, Zone.REAR, features=monster)
    assert lines_into(judge(attacker, target, grid, AttackKind.REAR_ATTACK)) == [
        "Attacking into your own rear: no penalty (a rear attack)"
    ]
    assert lines_into(judge(attacker, target, grid, AttackKind.FLANK_ATTACK)) == [
        "Attacking into your own rear: -10"
    ]
    plain = replace(attacker, features=frozenset())
    assert not judge(plain, target, grid, AttackKind.REAR_ATTACK).allowed


# Facing and Perception.


@GRIDS
@SIZES
def test_spot_minus_5_into_the_flank_and_minus_10_into_the_rear_or_beyond(grid, size):
    """UA Combat Facing: Spot Checks: "Characters take a -5 penalty on Spot checks to perceive
    things in their flank area (or beyond) and a -10 penalty on Spot checks in their rear area
    (or beyond)." The observer is of ``size``."""
    for facing in facings(size, grid):
        watcher = foe(grid, size, facing, name="Watcher")
        for cell, zone in board_sample(watcher, grid):
            expected = {Zone.FRONT: [], Zone.FLANK: [-5], Zone.REAR: [-10]}[zone]
            items = spot_items(watcher, cell, grid, UA_FACING)
            assert [item.value for item in items] == expected
            near = cell in adjacent_ring(watcher, grid)
            if expected:
                place = "in your" if near else "beyond your"
                assert items[0].reason == f"Spotting {place} {zone.value} area"


def board_sample(creature, grid):
    """Some cells of each zone around ``creature``, near and far."""
    picked = []
    for cell in grid.cells():
        distance = grid.distance(cell, middle(grid))
        if distance in (2, 3, 7) or cell in adjacent_ring(creature, grid):
            zone = zone_of(creature, cell, grid, UA_FACING)
            if zone is not None:
                picked.append((cell, zone))
    assert {zone for _, zone in picked} == set(Zone)
    return picked


@GRIDS
@SIZES
def test_combat_awareness_makes_it_0_and_minus_5(grid, size):
    """UA Combat Facing: Combat Awareness: "You take no -5 penalty on Spot checks to notice
    things in or beyond your flank areas. The penalty to notice things in or beyond your rear
    area is -5." """
    watcher = foe(grid, size, name="Watcher", features=frozenset({COMBAT_AWARENESS}))
    flank = spot_items(watcher, ring(watcher, grid, Zone.FLANK)[0], grid, UA_FACING)
    rear = spot_items(watcher, ring(watcher, grid, Zone.REAR)[0], grid, UA_FACING)
    assert [item.text() for item in flank] == [
        "Spotting in your flank area, with Combat Awareness: no penalty"
    ]
    assert [item.text() for item in rear] == [
        "Spotting in your rear area, with Combat Awareness: -5"
    ]


@GRIDS
@SIZES
def test_faceless_creatures_and_all_around_vision_take_no_spot_penalty(grid, size):
    """UA Combat Facing: Spot Checks: "Faceless creatures (see below) and creatures with
    all-around vision ability don't take this penalty." """
    ooze = Creature("Ooze", size, middle(grid), faceless=True)
    eye = foe(grid, size, name="Beholder", features=frozenset({"All-Around Vision"}))
    for watcher, why in ((ooze, "No facing (faceless)"), (eye, "All-around vision")):
        for cell in sorted(adjacent_ring(watcher, grid)):
            items = spot_items(watcher, cell, grid, UA_FACING)
            assert [item.text() for item in items] == [f"{why}: no Spot penalty in any direction"]


@GRIDS
@SIZES
def test_readied_actions_cannot_use_a_sight_trigger_in_the_rear_area(grid, size):
    """UA Combat Facing: Readied Actions: "You can't ready an action to respond to a trigger
    that occurs in your rear area if you have to see it happen (such as a doorknob turning). But
    you can ready an action for a sound-based trigger (such as the click of latch opening)." """
    watcher = foe(grid, size, name="Watcher")
    for zone in Zone:
        for cell in ring(watcher, grid, zone):
            sight = ready_ruling(watcher, cell, Sense.SIGHT, grid, UA_FACING)
            sound = ready_ruling(watcher, cell, Sense.SOUND, grid, UA_FACING)
            assert sight.allowed is (zone is not Zone.REAR)
            assert sound.allowed
    rear = ring(watcher, grid, Zone.REAR)[0]
    refused = ready_ruling(watcher, rear, Sense.SIGHT, grid, UA_FACING)
    assert reasons(refused.items) == [
        "Cannot ready for something you must see in your rear area: a sound trigger would do"
    ]
    eye = replace(watcher, features=frozenset({"All-Around Vision"}))
    assert ready_ruling(eye, rear, Sense.SIGHT, grid, UA_FACING).allowed
    assert ready_ruling(watcher, rear, Sense.SIGHT, grid, VARIANT).allowed


# Faceless and Tiny-or-smaller creatures.


def no_facing_creatures(grid, size):
    """A faceless creature of ``size`` and a Tiny one, in the middle of the board."""
    return [
        Creature("Ooze", size, middle(grid), faceless=True),
        Creature("Rat", Size.TINY, middle(grid)),
    ]


@GRIDS
@SIZES
def test_faceless_and_tiny_creatures_attack_in_any_direction(grid, size):
    """UA Combat Facing: Faceless Creatures: "Faceless creatures can move or attack into any
    adjacent square"; Tiny and Smaller Creatures: "They can move or attack in any direction
    and are otherwise treated as faceless." No penalty into any cell around; the Tiny rat
    (reach 0) attacks with a ranged attack or from where the board lets it threaten."""
    for creature in no_facing_creatures(grid, size):
        why = "faceless" if creature.faceless else "Tiny"
        for cell in sorted(adjacent_ring(creature, grid)):
            target = Creature("Target", Size.MEDIUM, cell, facing=0)
            for kind in (MELEE, RANGED):
                answer = judge(creature, target, grid, kind, threatened=frozenset({cell}))
                assert [item.text() for item in answer.attack_items[:1]] == [
                    f"No facing ({why}): attacks in any direction without penalty"
                ]
                assert values(answer.attack_items, "Attacking into") == []
        with pytest.raises(TurnError, match="has no facing to change"):
            turn(creature, 0, grid, UA_FACING, TurnState(), Turning.FREE)


@GRIDS
@SIZES
def test_faceless_and_tiny_creatures_cannot_be_flanked_or_attacked_from_the_rear(grid, size):
    """UA Combat Facing: Faceless Creatures: "they can't be flanked or attacked from the rear
    because they don't have flanks or rears." No +2 or +4 from any cell around."""
    for creature in no_facing_creatures(grid, size):
        why = "faceless" if creature.faceless else "Tiny"
        around = sorted(adjacent_ring(creature, grid))
        for cell in around:
            answer = judge(hero_at(cell, creature, grid), creature, grid)
            assert answer.attack_modifier == 0
            assert reasons(answer.attack_items) == [
                f"Target has no facing ({why}): no flank or rear to attack from"
            ]


# Spellcasting.


@GRIDS
@SIZES
def test_lines_and_cones_emerge_from_an_intersection_between_the_caster_and_its_front(grid, size):
    """UA Combat Facing: Spellcasting: "Spells and spell-like abilities that have areas such as
    lines and cones emerge from any grid intersection between the spellcaster's space and his
    front area." Each origin is a corner of the caster's space and of a front cell, and every
    such corner is listed."""
    for facing in facings(size, grid):
        caster = foe(grid, size, facing, name="Mage")
        origins = spell_origins(caster, grid, UA_FACING)
        own = set(caster.cells(grid))
        front = set(ring(caster, grid, Zone.FRONT))
        expected = {
            corner
            for corner in all_corners(grid, own)
            if own & set(corner.cells) and front & set(corner.cells)
        }
        assert set(origins) == expected and origins
        answer = judge(caster, target_far(caster, grid), grid, AttackKind.SPELL_AREA)
        assert answer.origins == origins
        assert answer.attack_items == ()


def all_corners(grid, cells) -> set:
    """Every intersection touching ``cells``, found from the neighbours (an independent count:
    four squares round a point, or three mutually adjacent hexes)."""
    corners = set()
    for cell in cells:
        if grid.kind == "square":
            for dx in (0, 1):
                for dy in (0, 1):
                    px, py = cell.x + dx, cell.y + dy
                    corners.add(
                        Intersection(
                            tuple(sorted(Square(px - a, py - b) for a in (0, 1) for b in (0, 1)))
                        )
                    )
        else:
            near = [grid.step(cell, k) for k in range(6)]
            for a in near:
                for b in near:
                    if a < b and grid.distance(a, b) == 1:
                        corners.add(Intersection(tuple(sorted((cell, a, b)))))
    return corners


def target_far(caster, grid):
    """Someone in front of ``caster``, far away."""
    cell = next(
        cell
        for cell in sorted(grid.cells())
        if zone_of(caster, cell, grid, UA_FACING) is Zone.FRONT
        and grid.distance(cell, caster.anchor) == 5
    )
    return Creature("Target", Size.MEDIUM, cell, facing=0)


def test_spell_origins_counted_on_squares():
    """The same rule, counted: a Medium caster facing north has the two corners of its front
    side; facing north-east the three corners round its front corner; a Large caster facing
    north the three corners of its front side. Without UA's rule, every corner of the space."""
    mage = Creature("Mage", Size.MEDIUM, Square(5, 5), facing=0)
    points = [origin.point(SQUARES) for origin in spell_origins(mage, SQUARES, UA_FACING)]
    assert points == [(5.0, 5.0), (6.0, 5.0)]
    north_east = replace(mage, facing=1)
    assert sorted(
        origin.point(SQUARES) for origin in spell_origins(north_east, SQUARES, UA_FACING)
    ) == [(5.0, 5.0), (6.0, 5.0), (6.0, 6.0)]
    ogre = Creature("Ogre mage", Size.LARGE, Square(5, 5), facing=0)
    assert sorted(o.point(SQUARES) for o in spell_origins(ogre, SQUARES, UA_FACING)) == [
        (5.0, 5.0),
        (6.0, 5.0),
        (7.0, 5.0),
    ]
    assert len(spell_origins(mage, SQUARES, VARIANT)) == 4
    assert len(spell_origins(ogre, SQUARES, NO_FACING)) == 8


@pytest.mark.parametrize("grid", [FLAT, POINTY], ids=["flat", "pointy"])
def test_spell_origins_counted_on_hexes(grid):
    """On hexes: a Medium caster's front is three hexes, whose edges with its own hex run
    through four corners; without UA's rule, all six corners of its hex."""
    mage = Creature("Mage", Size.MEDIUM, middle(grid), facing=0)
    for facing in range(6):
        assert len(spell_origins(replace(mage, facing=facing), grid, UA_FACING)) == 4
    assert len(spell_origins(mage, grid, VARIANT)) == 6


@GRIDS
@SIZES
def test_nothing_in_the_casters_rear_area_can_be_targeted(grid, size):
    """UA Combat Facing: Spellcasting: "A spellcaster can't target anything in his rear area
    with a spell." Refused in the rear (and beyond), with the turn that would allow it; allowed
    in the front and flank; a ray into the flank takes the flank's -5."""
    caster = Creature("Mage", Size.MEDIUM, middle(grid), facing=0)
    for zone in Zone:
        for target in targets_touching(caster, size, grid, zone, whole=True):
            answer = judge(caster, target, grid, AttackKind.SPELL_TARGET)
            ray = judge(caster, target, grid, AttackKind.SPELL_RAY)
            assert answer.allowed is ray.allowed is (zone is not Zone.REAR)
            if zone is Zone.REAR:
                assert (
                    answer.restrictions[0].text()
                    == "Cannot target with a spell: it is in your rear area"
                )
                assert any(
                    zone_of(answer.turn_first, cell, grid, UA_FACING) is Zone.FRONT
                    for cell in target.cells(grid)
                )
                assert answer.restrictions[1].reason.startswith("Turn first: face ")
            elif zone is Zone.FLANK:
                assert values(ray.attack_items, "Attacking into your own flank") == [-5]
    far = targets_beyond(caster, size, grid, Zone.REAR)[0]
    assert not spell_target_ruling(caster, far, grid, UA_FACING).allowed
    point = far.cells(grid)[0]
    ruling = spell_target_ruling(caster, point, grid, UA_FACING)
    assert reasons(ruling.items)[0] == "Cannot target with a spell: it is beyond your rear area"
    assert spell_target_ruling(caster, point, grid, VARIANT).allowed


# Shields (Optional).

SHIELDS = Options(shields=True)


def simple_facing(size, grid) -> int:
    """A facing straight up (N) or across (E) the page, so left and right are plain to see."""
    names = facing_names(size, grid)
    return names.index("N") if "N" in names else names.index("E")


def hand(defender, cell, grid) -> str:
    """Which hand of ``defender`` (facing N or E) ``cell`` is on, read off the page."""
    cells = defender.cells(grid)
    cx = sum(grid.centre(each)[0] for each in cells) / len(cells)
    cy = sum(grid.centre(each)[1] for each in cells) / len(cells)
    x, y = grid.centre(cell)
    if defender.facing_name(grid) == "N":
        return "left" if x < cx else "right"
    return "left" if y < cy else "right"


@GRIDS
@SIZES
@pytest.mark.parametrize("side", ["left", "right"])
def test_a_shield_covers_the_front_and_the_flank_on_its_side(grid, size, side):
    """UA Combat Facing: Shields (Optional): "A character holding a shield must indicate whether
    he's wielding it to the left or right. The shield only adds to the character's AC against
    attacks coming from his front area and the flank area on the shield's side, plus any squares
    that lie beyond those areas." Otherwise: "Shieldless AC ... subtract the AC bonus the shield
    provides"."""
    guard = foe(grid, size, simple_facing(size, grid), name="Guard", shield_side=side)
    other = "right" if side == "left" else "left"
    checked = set()
    for cell in sorted(adjacent_ring(guard, grid)) + beyond_cells(guard, grid):
        zone = zone_of(guard, cell, grid, UA_FACING)
        answer = judge(
            hero_at(cell, guard, grid), guard, grid, RANGED, options=SHIELDS, shield_bonus=2
        )
        lines = [item.text() for item in answer.armor_class_items]
        if zone is Zone.FRONT or (zone is Zone.FLANK and hand(guard, cell, grid) == side):
            assert lines == []
        elif zone is Zone.FLANK:
            assert lines == [f"Shieldless AC: shield does not cover the {other} flank: -2"]
        else:
            assert lines == ["Shieldless AC: shield does not cover the rear: -2"]
        off = judge(hero_at(cell, guard, grid), guard, grid, RANGED, shield_bonus=2)
        assert off.armor_class_items == ()
        checked.add((zone, zone is Zone.FLANK and hand(guard, cell, grid) == side))
    assert len(checked) == 4


def beyond_cells(creature, grid) -> list:
    """A few cells three away from the middle, all round."""
    return [cell for cell in sorted(grid.cells()) if grid.distance(cell, middle(grid)) == 3][::3]


@GRIDS
@SIZES
def test_the_shield_spell_counts_against_the_front_area_only(grid, size):
    """UA Combat Facing: Shields (Optional): "The shield spell provides a bonus to AC against
    attacks from the front area only." """
    mage = foe(grid, size, name="Mage")
    for zone in Zone:
        for cell in ring(mage, grid, zone):
            answer = judge(
                hero_at(cell, mage, grid), mage, grid, options=SHIELDS, shield_spell_bonus=4
            )
            expected = [] if zone is Zone.FRONT else ["Shield spell covers the front only: -4"]
            assert [item.text() for item in answer.armor_class_items] == expected


# Requests and rulesets.


def test_attack_requests_that_cannot_be():
    """An attack on oneself, a shield bonus with no shield held and a kind that is not one are
    refused with words a player understands."""
    kroh = Creature("Kroh", Size.MEDIUM, Square(5, 5), facing=0)
    with pytest.raises(AttackRequestError, match="^Kroh cannot attack itself.$"):
        Attack(kroh, kroh, MELEE, UA_FACING, SQUARES)
    goblin = Creature("Goblin", Size.SMALL, Square(5, 4), facing=4)
    with pytest.raises(AttackRequestError, match="holds no shield"):
        Attack(kroh, goblin, MELEE, UA_FACING, SQUARES, shield_bonus=2)
    with pytest.raises(AttackRequestError, match="kind such as"):
        Attack(kroh, goblin, "melee", UA_FACING, SQUARES)
    with pytest.raises(RulesError):
        Attack(kroh, goblin, MELEE, UA_FACING, FLAT)
    odd = Ruleset(
        "odd", "Odd", UA_FACING.square_arcs, UA_FACING.hex_arcs, ("front", "flank", "rear"), "-"
    )
    with pytest.raises(RulesetError, match="not 'odd'"):
        combat_rules(odd)


def test_attack_kinds_round_trip_by_name():
    """``kind_name`` and ``parse_kind`` read each other back; an unknown kind is refused."""
    for kind in AttackKind:
        assert parse_kind(kind_name(kind).upper()) is kind
    with pytest.raises(AttackRequestError, match="There is no kind of attack 'shove'"):
        parse_kind("shove")


def test_a_ruleset_drawn_with_other_arcs_plays_by_its_names_rules():
    """A ruleset is found by its name: UA drawn with its square arcs on hexes (the zones
    tests' alternative) still plays UA Combat Facing."""
    wide = replace(UA_FACING, hex_arcs=UA_FACING.square_arcs)
    assert combat_rules(wide).attacking_into == combat_rules(UA_FACING).attacking_into


def test_every_feature_name_is_described():
    """``FEATURES`` describes each name the rules read (the house-style docstring check of
    ``rules.facing`` is tests/rules/test_purity.py's, for every module)."""
    assert FEATURES and all(text.strip() for text in FEATURES.values())


def test_turning_in_place_keeps_the_space():
    """A Large triangle on hexes turns in place: its three hexes stay, its apex and lead may
    change (docs/rules.md, "Footprints")."""
    ogre = Creature("Ogre", Size.LARGE, FLAT.from_offset(12, 12), facing=0)
    for facing in range(6):
        turned = turn_in_place(ogre, facing, FLAT)
        assert set(turned.cells(FLAT)) == set(ogre.cells(FLAT))
        assert turned.facing == facing
