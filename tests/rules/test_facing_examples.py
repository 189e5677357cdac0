"""Seed 000's worked examples as tests, on squares and both kinds of hexes, with a Medium and a
Large foe: Kroh between a bugbear and a goblin (UA Combat Facing: Facing and Attacking) and
Rogue B behind the gnoll (UA Combat Facing: Sneak Attacks).
"""

from dataclasses import replace

import pytest

from rules.creature import Creature
from rules.facing import (
    Attack,
    AttackKind,
    TurnError,
    TurnState,
    Turning,
    attack,
    face_toward,
    turn,
    turn_in_place,
)
from rules.sizes import Size, facing_names
from rules.zones import UA_FACING, Zone, zone_of, zones_around
from facing_support import FLAT, GRIDS, POINTY, SIZES, SQUARES, middle



def judge(attacker, defender, grid):
    """The UA answer to a melee attack."""
    return attack(Attack(attacker, defender, AttackKind.MELEE, UA_FACING, grid))


def lines(answer) -> list[str]:
    """The attack roll lines as the page shows them."""
    return [item.text() for item in answer.attack_items]


def in_zone(creature, cells, grid, zone) -> bool:
    """Whether every one of ``cells`` lies in ``creature``'s ``zone``."""
    return all(zone_of(creature, cell, grid, UA_FACING) is zone for cell in cells)


def bugbear_ahead(kroh, size, grid) -> Creature:
    """A bugbear of ``size`` next to Kroh, wholly in his front area, and wholly in his rear area
    once he turns round: "a bugbear in his front area"."""
    behind = turn_in_place(
        kroh, (kroh.facing + len(grid.directions) // 2) % len(grid.directions), grid
    )
    for anchor in sorted(cell for cell in grid.cells() if grid.distance(cell, kroh.anchor) <= 2):
        bugbear = Creature("Bugbear", size, anchor, facing=0, side="foe")
        cells = bugbear.cells(grid)
        touching = any(grid.distance(cell, kroh.anchor) == 1 for cell in cells)
        if (
            touching
            and in_zone(kroh, cells, grid, Zone.FRONT)
            and in_zone(behind, cells, grid, Zone.REAR)
        ):
            return face_toward(bugbear, kroh, grid, UA_FACING)
    raise AssertionError(f"No {size.name} bugbear fits in front of Kroh")


@GRIDS
@SIZES
def test_kroh_attacks_the_bugbear_turns_attacks_the_goblin_and_is_stuck(grid, size):
    """UA Combat Facing: Facing and Attacking: "if 6th-level Kroh is beset by a bugbear in his
    front area and a goblin in his rear area, he can attack the bugbear, take his free action to
    change facing towards the goblin, then attack the goblin. But he can't then change his
    facing again. He's stuck with his back to the bugbear, which is in his rear area." """
    kroh = Creature("Kroh", Size.MEDIUM, middle(grid), facing=0, level=6)
    bugbear = bugbear_ahead(kroh, size, grid)
    behind = grid.step(kroh.anchor, len(grid.directions) // 2)
    goblin = face_toward(
        Creature("Goblin", Size.SMALL, behind, facing=0, side="foe"), kroh, grid, UA_FACING
    )
    assert in_zone(kroh, [behind], grid, Zone.REAR)
    full_attack = TurnState(move_action_used=True)

    first = judge(kroh, bugbear, grid)
    assert first.allowed and lines(first) == []
    assert lines(judge(kroh, goblin, grid)) == ["Attacking into your own rear: -10"]

    toward = face_toward(kroh, goblin, grid, UA_FACING)
    turned = turn(kroh, toward.facing, grid, UA_FACING, full_attack, Turning.FREE)
    kroh = turned.creature
    assert (
        turned.item.text()
        == f"Kroh turns to face {kroh.facing_name(grid)} (a free action, once this turn)"
    )
    assert kroh.facing == len(grid.directions) // 2

    second = judge(kroh, goblin, grid)
    assert second.allowed and lines(second) == []

    with pytest.raises(TurnError, match="^Kroh has already changed facing once this turn"):
        turn(kroh, 0, grid, UA_FACING, turned.state, Turning.FREE)
    with pytest.raises(TurnError, match="^Kroh has no move action left"):
        turn(kroh, 0, grid, UA_FACING, turned.state, Turning.MOVE_ACTION)

    assert in_zone(kroh, bugbear.cells(grid), grid, Zone.REAR)
    assert lines(judge(kroh, bugbear, grid)) == ["Attacking into your own rear: -10"]
    assert lines(judge(bugbear, kroh, grid)) == ["Target's rear area: +4"]
    assert lines(judge(goblin, kroh, grid)) == []


@GRIDS
@SIZES
def test_rogue_b_sneak_attacks_the_gnoll_from_its_rear_squares_until_it_turns(grid, size):
    """UA Combat Facing: Sneak Attacks: "Rogue B may make sneak attacks against the gnoll as long
    as she's attacking from one of the gnoll's rear squares. If the gnoll turns to face Rogue B,
    she'll have to move if she wants to make sneak attacks." """
    for facing in range(len(facing_names(size, grid))):
        gnoll = Creature("Gnoll", size, middle(grid), facing=facing, side="foe")
        rear = sorted(zones_around(gnoll, grid, UA_FACING)[Zone.REAR])
        assert rear
        for cell in rear:
            rogue = face_toward(
                Creature("Rogue B", Size.MEDIUM, cell, facing=0, rogue_level=3),
                gnoll,
                grid,
                UA_FACING,
            )
            answer = judge(rogue, gnoll, grid)
            assert answer.sneak_attack is True
            assert [item.text() for item in answer.damage_items] == [
                "Sneak attack: yes, from the rear"
            ]

            wary = face_toward(gnoll, rogue, grid, UA_FACING)
            assert wary.facing != gnoll.facing
            lost = judge(rogue, wary, grid)
            assert lost.sneak_attack is False
            assert lost.damage_items[0].text() == (
                "Sneak attack: no, not from the target's rear, and the target is not flat-footed"
            )

            again = sorted(zones_around(wary, grid, UA_FACING)[Zone.REAR])[0]
            moved = face_toward(replace(rogue, anchor=again), wary, grid, UA_FACING)
            assert judge(moved, wary, grid).sneak_attack is True
