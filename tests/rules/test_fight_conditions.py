"""Issue 15, conditions that change more than a number: whom a move provokes, whom it may pass
and end on, what a prone attacker may shoot, what an entangled one may not do, what a blinded
one sees. Each test names the sentence it implements."""

import pytest

from rules.combatant import CombatStats
from rules.conditions import AppliedCondition
from rules.creature import Creature
from rules.encounter import Encounter
from rules.grid import Square, SquareGrid
from rules.movement import Battlefield, Mode, plan_move
from rules.placement import PlacementError
from rules.sizes import Size

GRID = SquareGrid(12, 12)


def board(goblin_at=(4, 3), **more):
    """Kroh at (3, 3) beside a goblin (a foe) at ``goblin_at``, both Medium, facing north."""
    kroh = Creature("Kroh", Size.MEDIUM, Square(3, 3), facing=0)
    goblin = Creature("Goblin", Size.MEDIUM, Square(*goblin_at), facing=0, side="foe")
    return Encounter(GRID, (kroh, goblin), **more)


def field_for(encounter, name):
    """The battlefield the page builds for moving ``name`` (``web.state.battlefield``)."""
    others, quiet = encounter.bystanders(name)
    return Battlefield(encounter.grid, encounter.terrain, others, encounter.ruleset, encounter.options, quiet)


def provokers(encounter):
    """Whom Kroh's move from (3, 3) to (1, 3), out of the goblin's reach, provokes."""
    path = plan_move(encounter.creature("Kroh"), Square(1, 3), field_for(encounter, "Kroh"), Mode.MOVE).path
    return [opponent.name for opponent, _ in path.provocations]


def test_leaving_an_opponents_reach_provokes_it():
    """Seed 002 / SRD 3.5: moving out of a threatened square provokes (the baseline)."""
    assert provokers(board()) == ["Goblin"]


@pytest.mark.parametrize("name", ["flat-footed", "stunned", "dazed", "unconscious"])
def test_a_creature_that_makes_no_attacks_of_opportunity_is_not_marked(name):
    """SRD 3.5, Flat-Footed: "A flat-footed character ... cannot make attacks of opportunity."
    Stunned and dazed creatures take no actions, an unconscious one is helpless: the path stops
    marking them (``rules.conditions.opportunity_ruling``)."""
    encounter = board().with_condition(AppliedCondition(name, "Goblin"))
    assert provokers(encounter) == []


def test_a_flat_footed_creature_field_is_not_marked_either():
    """The creature's own ``flat_footed`` field (the condition of that name) counts the same."""
    from dataclasses import replace

    encounter = board()
    goblin = replace(encounter.creature("Goblin"), flat_footed=True)
    assert provokers(encounter.replace("Goblin", goblin)) == []


@pytest.mark.parametrize(
    "how",
    [
        {"conditions": (AppliedCondition("helpless", "Goblin"),)},
        {"conditions": (AppliedCondition("unconscious", "Goblin"),)},
        {"conditions": (AppliedCondition("dead", "Goblin"),)},
        {"stats": (("Goblin", CombatStats(max_hit_points=6, hit_points=-2)),)},
    ],
    ids=["helpless", "unconscious", "dead", "dying by its hit points"],
)
def test_a_helpless_creature_can_be_moved_through_and_ended_on(how):
    """Seed 002: "You can move through a square occupied by a helpless opponent without
    penalty." and "You can't end your movement in the same square as another creature unless
    it is helpless." A creature whose conditions make it helpless (unconscious, dying, dead
    imply it) counts; the encounter then keeps both in one square."""
    encounter = board(goblin_at=(4, 3), **how)
    answer = plan_move(encounter.creature("Kroh"), Square(4, 3), field_for(encounter, "Kroh"), Mode.MOVE)
    assert answer.legal
    after = encounter.replace("Kroh", answer.stop)
    assert after.creature("Kroh").anchor == after.creature("Goblin").anchor
    across = plan_move(encounter.creature("Kroh"), Square(5, 3), field_for(encounter, "Kroh"), Mode.MOVE)
    assert across.legal and across.path.squares == 2


def test_an_opponent_that_is_not_helpless_can_be_neither_passed_nor_ended_on():
    """The same moves with a goblin that is only prone are refused; an encounter with two
    creatures in one square is refused too."""
    encounter = board(conditions=(AppliedCondition("prone", "Goblin"),))
    assert not plan_move(encounter.creature("Kroh"), Square(4, 3), field_for(encounter, "Kroh"), Mode.MOVE).legal
    with pytest.raises(PlacementError):
        encounter.replace("Kroh", Creature("Kroh", Size.MEDIUM, Square(4, 3), facing=0))


@pytest.mark.parametrize("mode", [Mode.RUN, Mode.CHARGE])
def test_an_entangled_creature_cannot_run_or_charge(mode):
    """SRD 3.5, Entangled: "An entangled creature moves at half speed, cannot run or charge":
    a run or a charge is refused with the condition as the reason; a move goes at half speed."""
    encounter = board(goblin_at=(8, 8), conditions=(AppliedCondition("entangled", "Kroh"),))
    kroh = encounter.mover("Kroh")
    field = field_for(encounter, "Kroh")
    refused = plan_move(kroh, Square(3, 7), field, mode)
    assert not refused.legal
    assert refused.problem.startswith(f"Kroh cannot {mode.value} (Entangled: it cannot run or charge)")
    assert plan_move(kroh, Square(3, 0), field, Mode.MOVE).legal
    assert not plan_move(kroh, Square(3, 7), field, Mode.MOVE).legal
    free = board(goblin_at=(8, 8))
    assert plan_move(free.mover("Kroh"), Square(3, 7), field_for(free, "Kroh"), mode).legal


def _payload(code):
    """The JSON sections of a link's code."""
    import base64
    import json
    import zlib

    return json.loads(zlib.decompress(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))))


def test_stats_written_before_the_crossbow_field_still_open():
    """The crossbow switch is appended to the stats' fields (``rules.link.stats_fields``): a
    link whose stats end at the hit points, as links written before it do, opens with no
    crossbow; one with the switch on carries one more field and reads it back."""
    from rules.link import encounter_code, parse_encounter_code

    old = board(stats=(("Kroh", CombatStats(max_hit_points=9, hit_points=4)),))
    code = encounter_code(old)
    assert len(_payload(code)["s"][0]) == 1 + 20
    assert parse_encounter_code(code) == old
    assert parse_encounter_code(code).stats_of("Kroh").crossbow is False
    new = board(stats=(("Kroh", CombatStats(max_hit_points=9, hit_points=4, crossbow=True)),))
    code = encounter_code(new)
    assert len(_payload(code)["s"][0]) == 1 + 21
    assert parse_encounter_code(code).stats_of("Kroh").crossbow is True
