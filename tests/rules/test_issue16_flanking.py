"""Issue 16: standard flanking under the standard rules (``none``), SRD 3.5 Flanking, which UA
Combat Facing "supersedes" and seed 001 "replaces": ``Attack.others`` says where everyone
else stands, and the answer itemises the +2 and the sneak attack it opens."""

import pytest

from rules.creature import Creature
from rules.facing import (
    ALL_AROUND_VISION,
    IMPROVED_UNCANNY_DODGE,
    UNCANNY_DODGE,
    Attack,
    AttackKind,
    attack,
    flanks,
)
from rules.grid import Hex, HexGrid, Square, SquareGrid
from rules.sizes import Size
from rules.zones import NO_FACING, UA_FACING, VARIANT

BOARD = SquareGrid(20, 20)
N, E, S, W = 0, 2, 4, 6
FLANKING = "Flanking: Fighter threatens the target from the opposite side"


def goblin(**fields):
    """A goblin at (8, 8), facing north."""
    return Creature("Goblin", Size.MEDIUM, Square(8, 8), facing=N, side="foe", **fields)


def rogue(x=8, y=9, rogue_level=3, **fields):
    """A rogue (level 3 unless told), by default just south of the goblin."""
    return Creature("Rogue", Size.MEDIUM, Square(x, y), facing=N, rogue_level=rogue_level, **fields)


def fighter(x=8, y=7, **fields):
    """The rogue's ally, by default just north of the goblin."""
    return Creature("Fighter", Size.MEDIUM, Square(x, y), facing=S, **fields)


def hit(attacker, defender, others, ruleset=NO_FACING, kind=AttackKind.MELEE, grid=BOARD):
    """The answer to ``attacker``'s attack on ``defender`` with ``others`` on the board."""
    return attack(Attack(attacker, defender, kind, ruleset, grid, others=others))


def reasons(items):
    """The reasons of ``items``."""
    return [item.reason for item in items]


def test_an_ally_opposite_gives_plus_two_and_sneak_attack():
    """SRD 3.5, Flanking: "you get a +2 flanking bonus if your opponent is threatened by a
    character or creature friendly to you on the opponent's opposite border or opposite
    corner"; Sneak Attack: "or when the rogue flanks her target"."""
    answer = hit(rogue(), goblin(), (fighter(),))
    assert reasons(answer.attack_items) == [FLANKING] and answer.attack_modifier == 2
    assert answer.sneak_attack and reasons(answer.damage_items) == ["Sneak attack: yes, flanking with Fighter"]
    assert answer.attack_items[0].rule == "SRD 3.5: Flanking"


@pytest.mark.parametrize(
    "place, flanked",
    [((8, 7), True), ((9, 7), False), ((7, 7), False), ((9, 8), False), ((7, 8), False)],
)
def test_only_the_opposite_border_flanks(place, flanked):
    """"If the line passes through opposite borders of the opponent's space (including corners
    of those borders), then the opponent is flanked": from the south, only the north square."""
    answer = hit(rogue(), goblin(), (fighter(*place),))
    assert (FLANKING in reasons(answer.attack_items)) is flanked
    assert answer.sneak_attack is flanked


def test_opposite_corners_flank():
    """Diagonally opposite corners flank: the line crosses the goblin's square corner to
    corner."""
    answer = hit(rogue(9, 9), goblin(), (fighter(7, 7),))
    assert FLANKING in reasons(answer.attack_items)


def test_without_an_ally_the_sneak_attack_says_why_not():
    """No one opposite: no bonus, and no sneak attack against a target that is not
    flat-footed."""
    answer = hit(rogue(), goblin(), ())
    assert answer.attack_items == ()
    assert reasons(answer.damage_items) == [
        "Sneak attack: no, no ally flanks the target with you, and the target is not flat-footed"
    ]


def test_who_does_not_help_flank():
    """"Only a creature or character that threatens the defender can help"; "Creatures with a
    reach of 0 feet can't flank"; an opponent of the rogue opposite does not help her; a
    helpless ally threatens nothing."""
    cases = [
        fighter(8, 6),
        Creature("Rat", Size.TINY, Square(8, 7), side="player"),
        fighter(side="foe"),
        fighter(helpless=True),
    ]
    for other in cases:
        assert hit(rogue(), goblin(), (other,)).attack_items == (), other
    assert FLANKING in reasons(hit(rogue(), goblin(), (fighter(8, 6, reach_weapon=True),)).attack_items)


def test_a_tiny_attacker_in_the_square_does_not_flank():
    """A Tiny rogue inside the goblin's square has no reach beyond it: it cannot flank."""
    tiny = Creature("Rogue", Size.TINY, Square(8, 8), rogue_level=3)
    assert hit(tiny, goblin(), (fighter(),)).attack_items == ()


@pytest.mark.parametrize("feature", [IMPROVED_UNCANNY_DODGE, ALL_AROUND_VISION])
def test_creatures_that_cannot_be_flanked_are_not(feature):
    """SRD 3.5: Improved Uncanny Dodge "can no longer be flanked"; All-Around Vision "can't be
    flanked". The answer says so instead of the +2."""
    answer = hit(rogue(), goblin(features=frozenset({feature}), level=5), (fighter(),))
    assert answer.attack_modifier == 0 and not answer.sneak_attack
    assert reasons(answer.attack_items) == [
        f"Target cannot be flanked ({feature}): no bonus with Fighter opposite"
    ]
    assert f"the target cannot be flanked ({feature})" in answer.damage_items[0].reason


def test_a_faceless_creature_cannot_be_flanked_and_uncanny_dodge_can():
    """UA: faceless creatures "can't be flanked"; plain Uncanny Dodge keeps only the target's
    Dexterity bonus when flat-footed (SRD 3.5), so it is flanked."""
    faceless = Creature("Ooze", Size.MEDIUM, Square(8, 8), faceless=True, side="foe")
    assert hit(rogue(), faceless, (fighter(),)).attack_modifier == 0
    dodging = goblin(features=frozenset({UNCANNY_DODGE}))
    assert hit(rogue(), dodging, (fighter(),)).attack_modifier == 2


def test_a_rogue_four_levels_higher_flanks_improved_uncanny_dodge():
    """SRD 3.5, Improved Uncanny Dodge: "unless the attacker has at least four more rogue levels
    than the target does"."""
    target = goblin(features=frozenset({IMPROVED_UNCANNY_DODGE}), level=5)
    answer = hit(rogue(rogue_level=9), target, (fighter(),))
    assert answer.attack_modifier == 2 and answer.sneak_attack
    assert reasons(answer.attack_items) == [FLANKING + " (rogue level 9 beats Improved Uncanny Dodge)"]
    assert hit(rogue(rogue_level=8), target, (fighter(),)).attack_modifier == 0


def test_flanking_is_for_melee():
    """"When making a melee attack": a ranged attack from the same place gets no +2."""
    answer = hit(rogue(), goblin(), (fighter(),), kind=AttackKind.RANGED)
    assert answer.attack_items == () and not answer.sneak_attack


def test_the_same_board_under_ua_and_the_variant_has_no_standard_flanking():
    """UA Combat Facing "supersedes the standard rules for flanking"; seed 001 "replaces the
    normal rules for flanking": the same board reads otherwise under them."""
    for ruleset in (UA_FACING, VARIANT):
        answer = hit(rogue(), goblin(), (fighter(),), ruleset)
        assert FLANKING not in reasons(answer.items())


def test_the_board_may_pass_everyone():
    """``others`` may hold the attacker and defender too, as a battlefield's creatures do: they
    are skipped."""
    target, attacker = goblin(), rogue()
    everyone = (target, attacker, fighter())
    assert hit(attacker, target, everyone).attack_modifier == 2


def test_big_creatures_flank_from_any_square():
    """"If a flanker takes up more than 1 square, it gets the flanking bonus if any square it
    occupies counts"; a Large target is flanked across its opposite borders."""
    ogre = Creature("Ogre", Size.LARGE, Square(8, 8), facing=N, side="foe")
    assert hit(rogue(8, 10), ogre, (fighter(9, 7),)).attack_modifier == 2
    assert hit(rogue(8, 10), ogre, (fighter(10, 9),)).attack_modifier == 0
    giant = Creature("Fighter", Size.LARGE, Square(6, 6), facing=S)
    assert hit(rogue(9, 9), goblin(), (giant,)).attack_modifier == 2


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_on_hexes_the_opposite_hex_flanks(orientation):
    """On hexes "opposite sides or corners" are a hex's opposite sides: each of the six
    neighbours flanks with the one across, and with no other."""
    grid = HexGrid(12, 12, orientation)
    centre = Hex(5, 5)
    around = [grid.step(centre, k) for k in range(6)]
    target = Creature("Goblin", Size.MEDIUM, centre, facing=0, side="foe")
    for k, here in enumerate(around):
        one = Creature("Rogue", Size.MEDIUM, here, facing=0, rogue_level=3)
        for j, there in enumerate(around):
            if there == here:
                continue
            ally = Creature("Fighter", Size.MEDIUM, there, facing=0)
            assert flanks(one, ally, target, grid) is ((j - k) % 6 == 3)
            assert hit(one, target, (ally,), grid=grid).sneak_attack is ((j - k) % 6 == 3)


def test_flanking_holds_turned_and_mirrored():
    """A rule that holds one way holds every way: the pairs that flank a Medium goblin are the
    eight opposite pairs around it, each found from either side."""
    ring = [Square(8 + dx, 8 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    for here in ring:
        for there in ring:
            if here == there:
                continue
            expected = (here.x + there.x, here.y + there.y) == (16, 16)
            one, two = rogue(here.x, here.y), fighter(there.x, there.y)
            assert flanks(one, two, goblin(), BOARD) is expected
            assert flanks(two, one, goblin(), BOARD) is expected
