"""Facing in combat under the front, side and rear variant (seed 001): every bullet of issue
5's variant section, on squares, flat hexes and pointy hexes, with a Medium and a Large
defender. Attackers stand in each cell of a zone of the defender (``rules.zones``, tested on
its own) and the answer must carry that zone's lines.
"""

from dataclasses import replace

import pytest

from rules.attack import Attacker, Defender, resolve_attack
from rules.creature import Creature
from rules.dice import parse_dice
from rules.facing import (
    Attack,
    AttackKind,
    AttackRequestError,
    TurnError,
    TurnState,
    Turning,
    Worsening,
    attack,
    concealment_items,
    face_toward,
    spell_origins,
    spell_target_ruling,
    turn,
)
from rules.grid import Square
from rules.options import Options, option_info
from rules.sizes import Size
from rules.zones import UA_FACING, VARIANT, Zone, adjacent_ring, zone_of, zones_around
from facing_support import FLAT, GRIDS, POINTY, SIZES, SQUARES, facings, foe, middle

MELEE, RANGED = AttackKind.MELEE, AttackKind.RANGED
SIDE_NAME = {Zone.FRONT: "front", Zone.FLANK: "side", Zone.REAR: "rear"}


def ring(creature, grid, zone) -> list:
    """The cells next to ``creature`` in the variant's ``zone``."""
    return sorted(zones_around(creature, grid, VARIANT)[zone])


def hero_at(cell, target, grid, facing=None, **fields) -> Creature:
    """A Medium creature at ``cell``: facing ``facing``, or turned to face ``target``."""
    hero = Creature("Hero", Size.MEDIUM, cell, facing=facing or 0, **fields)
    return hero if facing is not None else face_toward(hero, target, grid, VARIANT)


def judge(attacker, defender, grid, kind=MELEE, **context):
    """The variant's answer to one attack."""
    return attack(Attack(attacker, defender, kind, VARIANT, grid, **context))


def ac_lines(answer) -> list[str]:
    """The Armor Class lines as the page shows them."""
    return [item.text() for item in answer.armor_class_items]


# The flanked condition.


@GRIDS
@SIZES
def test_threatened_from_a_side_space_flanked_from_a_rear_space_doubled(grid, size):
    """Seed 001: "When a creature is threatened from one of its side-facing spaces, the target
    gains the flanked condition. When a creature is threatened from one of its rear-facing
    spaces, the penalties from the flanked condition are doubled." Default penalty 2: -2 from
    the side, -4 from the rear, nothing from the front."""
    expected = {
        Zone.FRONT: [],
        Zone.FLANK: ["Flanked: you threaten it from its side: -2"],
        Zone.REAR: ["Flanked, doubled: you threaten it from its rear: -4"],
    }
    for facing in facings(size, grid):
        gnoll = foe(grid, size, facing)
        for zone in Zone:
            assert ring(gnoll, grid, zone)
            for cell in ring(gnoll, grid, zone):
                answer = judge(hero_at(cell, gnoll, grid), gnoll, grid)
                assert ac_lines(answer) == expected[zone]
                assert answer.attack_items == ()


@GRIDS
@SIZES
def test_the_flanked_penalty_is_a_setting_shown_with_its_source(grid, size):
    """Issue 5: "The flanked penalty is a setting (default -2 AC, the usual flat-footed/off-guard
    value), shown with its source." The table sets 3: -3 from the side, -6 from the rear."""
    gnoll = foe(grid, size)
    side = hero_at(ring(gnoll, grid, Zone.FLANK)[0], gnoll, grid)
    rear = hero_at(ring(gnoll, grid, Zone.REAR)[0], gnoll, grid)
    three = Options(flanked_penalty=3)
    assert judge(side, gnoll, grid, options=three).armor_class_change == -3
    assert judge(rear, gnoll, grid, options=three).armor_class_change == -6
    item = judge(side, gnoll, grid).armor_class_items[0]
    assert item.rule == (
        "Front, side and rear variant (seed 001): flanked penalty 2, a table option "
        "(2 is the usual flat-footed or off-guard AC penalty)"
    )
    assert "flat-footed (off-guard)" in option_info("flanked_penalty").section
    assert judge(side, gnoll, grid, options=Options(flanked_penalty=0)).armor_class_change == 0


@GRIDS
@SIZES
def test_flanked_needs_a_threat_and_comes_from_anyone_threatening(grid, size):
    """Seed 001: flanked comes from being *threatened* from a side space. An archer beside the
    target who threatens nothing (the board says so) does not flank it; a friend who threatens
    it from its rear makes it flanked, doubled, against the archer's arrow too."""
    gnoll = foe(grid, size)
    archer = hero_at(ring(gnoll, grid, Zone.FLANK)[0], gnoll, grid)
    unarmed = judge(archer, gnoll, grid, RANGED, threatened=frozenset())
    assert unarmed.armor_class_items == ()
    friend = replace(hero_at(ring(gnoll, grid, Zone.REAR)[0], gnoll, grid), name="Orc")
    helped = judge(
        archer, gnoll, grid, RANGED, threatened=frozenset(), others_threatening=(friend,)
    )
    assert ac_lines(helped) == ["Flanked, doubled: Orc threatens it from its rear: -4"]
    far = next(
        cell
        for cell in sorted(grid.cells())
        if zone_of(gnoll, cell, grid, VARIANT) is Zone.FLANK
        and grid.distance(cell, middle(grid)) == 6
    )
    assert judge(hero_at(far, gnoll, grid), gnoll, grid, RANGED).armor_class_items == ()


@GRIDS
@SIZES
def test_features_that_worsen_flanked_full_from_the_rear_half_from_the_side(grid, size):
    """Seed 001: "Features that worsen the penalty imparted by the flanked condition (such as the
    Pack Fighter feat) provide their full bonus in rear-facing spaces and half their bonus in
    side-facing spaces." Half rounds down: 3 gives 1 from the side."""
    gnoll = foe(grid, size)
    pack = (Worsening("Pack Fighter", 2),)
    rear = judge(
        hero_at(ring(gnoll, grid, Zone.REAR)[0], gnoll, grid), gnoll, grid, worsenings=pack
    )
    side = judge(
        hero_at(ring(gnoll, grid, Zone.FLANK)[0], gnoll, grid), gnoll, grid, worsenings=pack
    )
    front = judge(
        hero_at(ring(gnoll, grid, Zone.FRONT)[0], gnoll, grid), gnoll, grid, worsenings=pack
    )
    assert ac_lines(rear)[1:] == ["Pack Fighter from its rear: -2"]
    assert ac_lines(side)[1:] == ["Pack Fighter from its side, half: -1"]
    assert ac_lines(front) == []
    odd = judge(
        hero_at(ring(gnoll, grid, Zone.FLANK)[0], gnoll, grid),
        gnoll,
        grid,
        worsenings=(Worsening("Pack Fighter", 3),),
    )
    assert odd.armor_class_change == -2 - 1
    with pytest.raises(AttackRequestError):
        Worsening("Pack Fighter", 0)


@GRIDS
@SIZES
def test_effects_that_need_a_flanked_foe_only_from_the_rear(grid, size):
    """Seed 001: "Additional effects and bonuses that apply when an opponent is flanked (such as
    the Sneak Attack class feature) do not activate from side-facing spaces; these effects only
    apply to attacks that originate from rear-facing spaces." A flat-footed foe is still open
    to sneak attack (the standard rule)."""
    for facing in facings(size, grid):
        gnoll = foe(grid, size, facing)
        for zone in Zone:
            for cell in ring(gnoll, grid, zone):
                answer = judge(hero_at(cell, gnoll, grid, rogue_level=4), gnoll, grid)
                assert answer.sneak_attack is (zone is Zone.REAR)
    side = judge(hero_at(ring(gnoll, grid, Zone.FLANK)[0], gnoll, grid, rogue_level=4), gnoll, grid)
    assert [item.reason for item in side.damage_items] == [
        "Sneak attack: no, not from the target's rear, and the target is not flat-footed"
    ]
    asleep = replace(gnoll, flat_footed=True)
    front = hero_at(ring(asleep, grid, Zone.FRONT)[0], asleep, grid, rogue_level=4)
    assert judge(front, asleep, grid).sneak_attack is True
    rear = hero_at(ring(gnoll, grid, Zone.REAR)[0], gnoll, grid, rogue_level=4)
    assert judge(rear, gnoll, grid, RANGED).sneak_attack is False


@GRIDS
@SIZES
def test_being_behind_a_creature_grants_concealment_from_it(grid, size):
    """Seed 001: "Additionally, being behind a creature grants concealment from that creature."
    Behind is its rear, near or far; not its side or front."""
    for facing in facings(size, grid):
        gnoll = foe(grid, size, facing)
        for zone in Zone:
            for cell in ring(gnoll, grid, zone):
                hero = hero_at(cell, gnoll, grid)
                lines = [item.reason for item in judge(hero, gnoll, grid).concealment]
                assert lines == (
                    ["Hero is behind Gnoll: concealed from it"] if zone is Zone.REAR else []
                )
                assert concealment_items(gnoll, hero, grid, UA_FACING) == ()
    far = next(
        cell
        for cell in sorted(grid.cells())
        if zone_of(gnoll, cell, grid, VARIANT) is Zone.REAR
        and grid.distance(cell, middle(grid)) == 5
    )
    assert concealment_items(gnoll, hero_at(far, gnoll, grid), grid, VARIANT)


@GRIDS
@SIZES
def test_features_that_impart_flanked_from_other_positions(grid, size):
    """Seed 001: a feature that imparts flanked "when in a position other than normal flanking
    positions (such as the Barbarian's Improved Chieftain savagery) ... instead provides
    side-facing bonuses in front-facing spaces and rear-facing bonuses in side-facing spaces." """
    gnoll = foe(grid, size)
    chief = frozenset({"Improved Chieftain"})
    front = hero_at(ring(gnoll, grid, Zone.FRONT)[0], gnoll, grid, rogue_level=2, features=chief)
    side = hero_at(ring(gnoll, grid, Zone.FLANK)[0], gnoll, grid, rogue_level=2, features=chief)
    assert ac_lines(judge(front, gnoll, grid)) == [
        "Flanked: you threaten it from its front (side bonuses with Improved Chieftain): -2"
    ]
    from_side = judge(side, gnoll, grid)
    assert ac_lines(from_side) == [
        "Flanked, doubled: you threaten it from its side (rear bonuses with Improved Chieftain): -4"
    ]
    assert from_side.sneak_attack is True
    assert judge(front, gnoll, grid).sneak_attack is False


@GRIDS
@SIZES
@pytest.mark.parametrize(
    "feature", ["Uncanny Dodge", "Improved Uncanny Dodge", "All-Around Vision"]
)
def test_creatures_that_cannot_be_flanked_give_no_advantage_from_side_or_rear(grid, size, feature):
    """Seed 001: "If a creature cannot be flanked (such as from the Uncanny Dodge class feature,
    or the All-Around Vision universal ability) there is no advantage gained from being behind
    or to the side of that creature": no flanked penalty, no sneak attack, no concealment, even
    with Improved Chieftain."""
    guard = foe(grid, size, name="Guard", features=frozenset({feature}))
    for zone in (Zone.FLANK, Zone.REAR):
        for cell in ring(guard, grid, zone):
            for features in (frozenset(), frozenset({"Improved Chieftain"})):
                rogue = hero_at(cell, guard, grid, rogue_level=6, features=features)
                answer = judge(rogue, guard, grid, worsenings=(Worsening("Pack Fighter", 2),))
                assert answer.armor_class_change == 0
                assert ac_lines(answer) == [
                    f"Target cannot be flanked ({feature}): no advantage from its side or rear"
                ]
                assert answer.sneak_attack is False
                assert answer.concealment == ()


@GRIDS
@SIZES
def test_faceless_and_tiny_creatures_cannot_be_flanked_under_the_variant(grid, size):
    """UA's faceless rule carried over: a creature without facing has no side or rear, so
    nothing around it flanks it, even a feature that flanks from the front."""
    for gnoll in (
        Creature("Ooze", size, middle(grid), faceless=True),
        Creature("Rat", Size.TINY, middle(grid)),
    ):
        for cell in sorted(adjacent_ring(gnoll, grid)):
            hero = hero_at(cell, gnoll, grid, features=frozenset({"Improved Chieftain"}))
            answer = judge(hero, gnoll, grid, RANGED)
            assert answer.armor_class_change == 0
            assert answer.concealment == ()
            why = "faceless" if gnoll.faceless else "Tiny"
            assert [item.reason for item in answer.armor_class_items] == [
                f"Target cannot be flanked ({why}): no advantage from its side or rear"
            ]


# Facing.


@GRIDS
@SIZES
def test_making_an_attack_turns_the_attacker_to_face_its_target(grid, size):
    """Seed 001: "When a creature makes an attack roll, it automatically turns to face the target
    of the attack (placing the target into one of its front-facing spaces)." The answer gives
    the new facing; nothing turns when the target is already in front; a spell without an
    attack roll turns nobody. The attacker is of ``size``."""
    target = Creature("Target", Size.MEDIUM, middle(grid), facing=0)
    turns = 0
    for anchor in sorted(cell for cell in grid.cells() if grid.distance(cell, middle(grid)) == 2):
        for facing in facings(size, grid):
            attacker = Creature("Hero", size, anchor, facing=facing)
            if set(attacker.cells(grid)) & {middle(grid)}:
                continue
            for kind in (MELEE, RANGED):
                answer = judge(attacker, target, grid, kind, threatened=frozenset({middle(grid)}))
                turned = answer.turned or attacker
                assert zone_of(turned, middle(grid), grid, VARIANT) is Zone.FRONT
                assert set(turned.cells(grid)) == set(attacker.cells(grid))
                was_in_front = zone_of(attacker, middle(grid), grid, VARIANT) is Zone.FRONT
                assert (answer.turned is None) is was_in_front
                if answer.turned is not None:
                    assert answer.new_facing == answer.turned.facing != attacker.facing
                    assert answer.restrictions[0].reason == (
                        "The attack turns you to face the target: now facing "
                        f"{answer.turned.facing_name(grid)}"
                    )
                    turns += 1
            spell = judge(attacker, target, grid, AttackKind.SPELL_TARGET)
            assert spell.turned is None and spell.allowed
    assert turns > 0


def test_the_attack_turns_to_point_at_the_target():
    """Our reading of "turns to face the target": of the facings that put it in front, the one
    pointing most nearly at it. A Medium creature facing north turns east to face a foe due
    east (north-east would also put it in front, at the corner)."""
    hero = Creature("Hero", Size.MEDIUM, Square(5, 5), facing=0)
    east = Creature("Orc", Size.MEDIUM, Square(6, 5), facing=6)
    answer = judge(hero, east, SQUARES)
    assert answer.turned.facing_name(SQUARES) == "E"
    south_east = Creature("Orc", Size.MEDIUM, Square(6, 6), facing=7)
    assert judge(hero, south_east, SQUARES).turned.facing_name(SQUARES) == "SE"


@GRIDS
@SIZES
def test_facing_is_declared_at_the_end_of_movement(grid, size):
    """Seed 001: "When a creature takes any voluntary movement ... it declares its facing at the
    end of the movement." Once the move ends; not before moving."""
    hero = foe(grid, size, name="Hero")
    with pytest.raises(TurnError, match="is not ending a move"):
        turn(hero, 2, grid, VARIANT, TurnState(), Turning.END_OF_MOVE)
    ended = TurnState().after_move()
    done = turn(hero, 2, grid, VARIANT, ended, Turning.END_OF_MOVE)
    assert done.creature.facing == 2
    assert done.item.reason == f"Hero ends its move facing {done.creature.facing_name(grid)}"
    with pytest.raises(TurnError, match="is not ending a move"):
        turn(done.creature, 3, grid, VARIANT, done.state, Turning.END_OF_MOVE)


@GRIDS
@SIZES
def test_one_reaction_turn_on_its_turn(grid, size):
    """Seed 001: "A creature may, as a Reaction on its turn, change its facing." Once, whether or
    not it moved (UA's free turn needs it to stay put); there is no turning as a move action."""
    hero = foe(grid, size, name="Hero")
    for state in (TurnState(), TurnState().after_move()):
        first = turn(hero, 3, grid, VARIANT, state, Turning.FREE)
        assert first.item.text() == (
            f"Hero turns to face {first.creature.facing_name(grid)} "
            "(a Reaction on its turn, once this turn)"
        )
        with pytest.raises(TurnError, match="already changed facing once this turn"):
            turn(first.creature, 0, grid, VARIANT, first.state, Turning.FREE)
    with pytest.raises(TurnError, match="no move action"):
        turn(hero, 3, grid, VARIANT, TurnState(), Turning.MOVE_ACTION)
    with pytest.raises(TurnError, match="moved this turn"):
        turn(hero, 3, grid, UA_FACING, TurnState().after_move(), Turning.FREE)


@GRIDS
def test_the_variant_has_no_facing_penalties_or_spell_limits(grid):
    """Seed 001 has no UA attack penalties, Spot penalties or spell rules: an attack never pays
    for its own facing (it turns first), lines and cones start from any corner, and a spell may
    target what is behind."""
    hero = Creature("Hero", Size.MEDIUM, middle(grid), facing=0)
    behind = ring(hero, grid, Zone.REAR)[0]
    orc = Creature("Orc", Size.MEDIUM, behind, facing=0)
    assert judge(hero, orc, grid).attack_items == ()
    assert spell_target_ruling(hero, orc, grid, VARIANT).allowed
    assert len(spell_origins(hero, grid, VARIANT)) == (4 if grid.kind == "square" else 6)


def test_the_answer_feeds_the_attack_roll():
    """The panel passes the answer's lines to ``resolve_attack``: the flanked penalty lowers the
    defender's Armor Class there, line by line."""

    class Fixed:
        """A random source whose dice show 10, or their highest face below that."""

        def randint(self, low, high):
            return min(10, high)

    gnoll = Creature("Gnoll", Size.MEDIUM, Square(5, 5), facing=0)
    rogue = Creature("Rogue", Size.MEDIUM, Square(5, 6), facing=0, rogue_level=3)
    answer = judge(rogue, gnoll, SQUARES)
    result = resolve_attack(
        Attacker("Rogue", attack_bonus=3),
        Defender("Gnoll", armor_class=15),
        parse_dice("1d6"),
        Fixed(),
        attack_modifiers=answer.attack_items,
        armor_class_modifiers=answer.armor_class_items,
    )
    assert result.armor_class == 11
    assert result.is_hit
