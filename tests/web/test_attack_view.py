"""The attack panel under CPython: its lines come from the rules as they are, and a roll matches them.

Issue 8's cases at the pure level: an attacker behind a defender under UA reads +4 and "Sneak
attack: yes"; turning the defender changes the line; the variant's attack turns the attacker.
Rolls use seeded ``random.Random`` sources.
"""

import itertools
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from rules.attack import Outcome
from rules.combatant import CombatStats
from rules.creature import Creature
from rules.encounter import Encounter
from rules.errors import RulesError
from rules.facing import AttackKind
from rules.grid import Hex, HexGrid, Square, SquareGrid
from rules.maneuvers import Maneuver
from rules.options import Options
from rules.sizes import Size
from rules.zones import NO_FACING, VARIANT
from web.attack_view import AttackViewError, attack_panel, roll_attack

GRID = SquareGrid(12, 12)
PY = Path(__file__).resolve().parents[2] / "py"


def medium(name, x, y, facing=0, **fields):
    """A Medium creature at ``(x, y)`` facing ``facing`` (0 north, 2 east, 4 south, 6 west)."""
    return Creature(name, Size.MEDIUM, Square(x, y), facing=facing, **fields)


def scene(goblin_facing=0, rogue_facing=0, ruleset=None, options=Options(), rogue_level=3, **rogue):
    """A goblin at (5, 5) and a rogue just south of it, at (5, 6)."""
    goblin = medium("Goblin", 5, 5, goblin_facing, side="foe")
    hero = medium("Rogue", 5, 6, rogue_facing, rogue_level=rogue_level, **rogue)
    extra = {} if ruleset is None else {"ruleset": ruleset}
    return Encounter(GRID, (goblin, hero), options=options, **extra)


STATS = {
    "Rogue": CombatStats(attack_bonus=5, damage="1d6+1"),
    "Goblin": CombatStats(armor_class=15, is_monster=True),
}


def texts(items):
    """The lines as the panel shows them."""
    return [item.text() for item in items]


def rolling(natural):
    """A seeded ``random.Random`` whose first d20 shows ``natural``."""
    for seed in itertools.count():
        if random.Random(seed).randint(1, 20) == natural:
            return random.Random(seed)


def test_attacker_behind_the_defender_under_ua_reads_plus_four_and_sneak_attack_yes():
    """UA Combat Facing, Opponent Facing: "If you're attacking from a foe's rear area ... you get
    a +4 bonus"; Sneak Attacks: a rogue sneak attacks "whenever she's attacking with a melee
    weapon from the foe's rear area"."""
    panel = attack_panel(scene(), STATS, "Rogue", "Goblin", AttackKind.MELEE)
    assert panel.allowed
    assert texts(panel.attack_lines) == ["Attack bonus: +5", "Target's rear area: +4"]
    assert panel.sneak_attack.text() == "Sneak attack: yes, from the rear (2d6)"
    assert panel.sneak_attack_applies
    assert panel.text() == "\n".join(
        [
            "Rogue: melee attack on Goblin",
            "Attack roll:",
            "  Attack bonus: +5",
            "  Target's rear area: +4",
            "Goblin's Armor Class:",
            "  Armor Class: +15",
            "Damage:",
            "  Damage (1d6+1)",
            "  Sneak attack: yes, from the rear (2d6)",
            "Attack +9 against AC 15: hits on a natural 6 or better",
        ]
    )


@pytest.mark.parametrize("layout", ["flat", "pointy"])
def test_behind_the_defender_on_hexes_reads_plus_four_too(layout):
    """The same rule on hexes: a rogue in the hex straight behind a goblin gets +4 and sneak
    attack, whichever way the hexes lie."""
    grid = HexGrid(12, 12, layout)
    goblin = Creature("Goblin", Size.MEDIUM, Hex(5, 5), facing=0, side="foe")
    back = (len(grid.directions) // 2 + goblin.facing) % len(grid.directions)
    rogue = Creature("Rogue", Size.MEDIUM, grid.step(goblin.anchor, back), facing=0, rogue_level=1)
    panel = attack_panel(Encounter(grid, (goblin, rogue)), {}, "Rogue", "Goblin", "melee")
    assert "Target's rear area: +4" in texts(panel.attack_lines)
    assert panel.sneak_attack.text() == "Sneak attack: yes, from the rear (1d6)"


@pytest.mark.parametrize(
    ("facing", "line"),
    [
        (0, "Target's rear area: +4"),
        (1, "Target's rear area: +4"),
        (2, "Target's flank area: +2"),
        (3, None),
        (4, None),
        (5, None),
        (6, "Target's flank area: +2"),
        (7, "Target's rear area: +4"),
    ],
)
def test_turning_the_defender_changes_the_line(facing, line):
    """The rogue stands south of the goblin: behind it when it faces N, NE or NW, on its flank
    when it faces E or W, in front otherwise. Sneak attack follows the rear."""
    panel = attack_panel(scene(goblin_facing=facing), STATS, "Rogue", "Goblin", "melee")
    position = [text for text in texts(panel.attack_lines) if text.startswith("Target's")]
    assert position == ([] if line is None else [line])
    assert panel.sneak_attack_applies == (line is not None and "rear" in line)
    if not panel.sneak_attack_applies:
        assert panel.sneak_attack.text().startswith("Sneak attack: no, not from the target's rear")
    assert panel.attack_modifier == 5 + {None: 0, "Target's rear area: +4": 4, "Target's flank area: +2": 2}[line]


@pytest.mark.parametrize(
    ("rogue_facing", "line"),
    [(0, None), (2, "Attacking into your own flank: -5"), (4, "Attacking into your own rear: -10")],
)
def test_attacking_into_your_own_flank_or_rear(rogue_facing, line):
    """UA Combat Facing, Facing and Attacking: "-5 penalty ... into their flank areas and ...
    -10 penalty into their rear areas"."""
    panel = attack_panel(scene(rogue_facing=rogue_facing), STATS, "Rogue", "Goblin", "melee")
    own = [text for text in texts(panel.attack_lines) if text.startswith("Attacking into")]
    assert own == ([] if line is None else [line])


def test_stances_add_their_lines_and_the_totals_add_up():
    """Seed 003, Combat Stance: the attacker's Active Attack +1, the defender's Full Defense with
    a large shield +6; the totals are the lines' sums and the roll needed follows."""
    stats = {
        "Rogue": CombatStats(attack_bonus=5, stance="active attack"),
        "Goblin": CombatStats(armor_class=12, shield="large shield", stance="full defense"),
    }
    panel = attack_panel(scene(), stats, "Rogue", "Goblin", "melee")
    assert texts(panel.attack_lines) == ["Attack bonus: +5", "Target's rear area: +4", "Active Attack stance: +1"]
    assert texts(panel.armor_class_lines) == ["Armor Class: +12", "Full Defense stance with a large shield: +6"]
    assert (panel.attack_modifier, panel.armor_class, panel.armor_class_change) == (10, 18, 6)
    assert panel.needs == 8
    assert panel.totals_text() == "Attack +10 against AC 18 (AC change +6): hits on a natural 8 or better"


def test_the_roll_needed_never_counts_a_natural_one_and_may_be_out_of_reach():
    """A natural 1 is a critical miss (Seed 003), so the easiest hit needs a 2; an Armor Class
    past 20 plus the modifier is hit by no natural roll by the numbers."""
    easy = attack_panel(scene(), {"Goblin": CombatStats(armor_class=0)}, "Rogue", "Goblin", "melee")
    assert easy.needs == 2
    hard = attack_panel(scene(), {"Goblin": CombatStats(armor_class=40)}, "Rogue", "Goblin", "melee")
    assert hard.needs is None
    assert hard.totals_text().endswith("no natural roll hits by the numbers")


def test_creatures_left_out_of_the_stats_fight_with_the_defaults():
    """No stats: no attack bonus line, Armor Class 10, 1d6 damage; no rogue levels, no sneak
    attack line."""
    panel = attack_panel(scene(rogue_level=0), {}, "Rogue", "Goblin", "melee")
    assert texts(panel.attack_lines) == ["Target's rear area: +4"]
    assert texts(panel.armor_class_lines) == ["Armor Class: +10"]
    assert texts(panel.damage_lines) == ["Damage (1d6)"]
    assert panel.sneak_attack is None and not panel.sneak_attack_applies


def test_the_variant_turns_the_attacker_to_face_its_target():
    """Seed 001: "When a creature makes an attack roll, it automatically turns to face the target
    of the attack"; the panel says so and gives the new facing for the board; the roll keeps it."""
    encounter = scene(rogue_facing=4, ruleset=VARIANT)
    panel = attack_panel(encounter, STATS, "Rogue", "Goblin", "melee")
    assert texts(panel.restrictions) == ["The attack turns you to face the target: now facing N"]
    assert (panel.new_facing, panel.new_facing_name) == (0, "N")
    assert texts(panel.armor_class_lines) == [
        "Armor Class: +15",
        "Flanked, doubled: you threaten it from its rear: -4",
    ]
    assert texts(panel.concealment) == ["Rogue is behind Goblin: concealed from it"]
    view = roll_attack(encounter, STATS, "Rogue", "Goblin", "melee", random.Random(1))
    assert view.new_facing == 0
    assert view.log_lines()[-1] == "  Rogue now faces N"
    ua = attack_panel(scene(rogue_facing=4), STATS, "Rogue", "Goblin", "melee")
    assert ua.new_facing is None and ua.new_facing_name is None


def test_without_facing_rules_no_facing_line_appears():
    """The standard rules add no facing line at all (docs/rules.md)."""
    panel = attack_panel(scene(rogue_facing=4, ruleset=NO_FACING), STATS, "Rogue", "Goblin", "melee")
    assert texts(panel.attack_lines) == ["Attack bonus: +5"]
    assert panel.restrictions == ()


def test_out_of_reach_is_refused_and_cannot_be_rolled():
    """A melee attack must reach its target: the panel shows only the refusal, and the Roll
    button has nothing to roll."""
    encounter = scene().replace("Rogue", medium("Rogue", 5, 8, rogue_level=3))
    panel = attack_panel(encounter, STATS, "Rogue", "Goblin", "melee")
    assert not panel.allowed and panel.roll is None
    assert texts(panel.restrictions) == ["Out of reach: Rogue cannot reach the target from here"]
    assert panel.attack_lines == () and panel.totals_text() == ""
    with pytest.raises(AttackViewError, match="Rogue cannot make this attack on Goblin: Out of reach"):
        roll_attack(encounter, STATS, "Rogue", "Goblin", "melee", random.Random(0))


def test_full_defense_and_a_refused_maneuver_are_restrictions():
    """Seed 003: Full Defense, "no attack possible"; combat maneuvers are the Fighter's."""
    stats = {"Rogue": CombatStats(stance="full defense")}
    panel = attack_panel(scene(), stats, "Rogue", "Goblin", "melee", "attack-2,damage+2")
    assert not panel.allowed
    assert texts(panel.restrictions) == [
        "Rogue is in Full Defense: no attack possible",
        "Combat maneuver refused: Only Fighters use combat maneuvers, and others only when the referee allows it",
    ]
    fighter = {"Rogue": CombatStats(is_fighter=True)}
    capped = attack_panel(scene(), fighter, "Rogue", "Goblin", "melee", Maneuver(attack=-4, damage=4))
    assert texts(capped.restrictions) == [
        "Combat maneuver refused: At 1st level a combat maneuver may take at most -3 in penalties; this one takes -4"
    ]


def test_a_fighters_maneuver_shows_its_three_lines():
    """Seed 003's example: a 5th level fighter's +4 damage for -2 AC and -2 to hit."""
    encounter = scene().replace("Rogue", medium("Rogue", 5, 6, level=5))
    stats = {"Rogue": CombatStats(is_fighter=True, attack_bonus=5, damage="1d8")}
    panel = attack_panel(encounter, stats, "Rogue", "Goblin", "melee", "attack-2,damage+4,ac-2")
    assert panel.allowed
    assert texts(panel.attack_lines)[-1] == "Combat maneuver, attack: -2"
    assert texts(panel.damage_lines) == ["Damage (1d8)", "Combat maneuver, damage: +4"]
    assert texts(panel.own_armor_class) == ["Combat maneuver, AC (until the next action): -2"]
    assert panel.roll.maneuver == Maneuver(attack=-2, damage=4, armor_class=-2)
    headings = [heading for heading, _ in panel.sections()]
    assert headings == [
        "Attack roll",
        "Goblin's Armor Class",
        "Damage",
        "Rogue's Armor Class until its next action",
    ]


def test_a_spell_into_the_rear_under_ua_says_turn_first():
    """UA Combat Facing, Spellcasting: "A spellcaster can't target anything in his rear area with
    a spell"; the panel says which way to turn."""
    encounter = scene(rogue_facing=4)
    panel = attack_panel(encounter, STATS, "Rogue", "Goblin", AttackKind.SPELL_TARGET)
    assert not panel.allowed
    assert texts(panel.restrictions) == [
        "Cannot target with a spell: it is in your rear area",
        "Turn first: face N to bring it into your front area",
    ]
    assert panel.turn_first == 0


def test_a_spell_without_an_attack_roll_has_nothing_to_roll():
    """A spell with a target is allowed but makes no attack roll, and takes no maneuver."""
    panel = attack_panel(scene(), STATS, "Rogue", "Goblin", "spell_target")
    assert panel.allowed and panel.roll is None and panel.attack_lines == ()
    assert panel.why_no_roll() == "A spell with a target makes no attack roll"
    with pytest.raises(AttackViewError, match="A spell with a target makes no attack roll"):
        roll_attack(scene(), STATS, "Rogue", "Goblin", "spell_target", random.Random(0))
    fighter = {"Rogue": CombatStats(is_fighter=True)}
    traded = attack_panel(scene(), fighter, "Rogue", "Goblin", "spell_target", "attack-1,damage+1")
    assert texts(traded.restrictions) == [
        "A combat maneuver trades on an attack roll: a spell with a target makes none"
    ]


def test_shields_option_takes_the_shield_away_from_the_uncovered_flank():
    """UA Combat Facing, Shields (Optional): a shield on the left does not cover the right flank."""
    goblin = medium("Goblin", 5, 5, 0, side="foe", shield_side="left")
    hero = medium("Rogue", 6, 5, 6)
    encounter = Encounter(GRID, (goblin, hero), options=Options(shields=True))
    stats = {"Goblin": CombatStats(armor_class=16, shield="shield", shield_bonus=2)}
    panel = attack_panel(encounter, stats, "Rogue", "Goblin", "melee")
    assert texts(panel.armor_class_lines) == [
        "Armor Class: +16",
        "Shieldless AC: shield does not cover the right flank: -2",
    ]
    assert panel.armor_class == 14


def test_unknown_kinds_and_creatures_are_refused_with_a_reason():
    """The choices come as text from the page: a wrong one says what would do."""
    with pytest.raises(RulesError, match="There is no kind of attack 'punch'"):
        attack_panel(scene(), STATS, "Rogue", "Goblin", "punch")
    with pytest.raises(RulesError, match="Rogue cannot attack itself"):
        attack_panel(scene(), STATS, "Rogue", "rogue", "melee")
    with pytest.raises(RulesError, match="There is no creature named Ogre"):
        attack_panel(scene(), STATS, "Rogue", "Ogre", "melee")
    with pytest.raises(AttackViewError, match="A combat maneuver is written like"):
        attack_panel(scene(), STATS, "Rogue", "Goblin", "melee", 3)


@pytest.mark.parametrize("seed", range(40))
def test_a_roll_shows_the_panels_lines_and_every_die(seed):
    """``resolve_attack`` gets the facing lines and adds the sheet, stance and maneuver lines
    as the panel showed them; the totals, the outcome and the dice agree with the panel."""
    stats = {
        "Rogue": CombatStats(attack_bonus=2, damage="2d4+1", stance="active attack"),
        "Goblin": CombatStats(armor_class=14),
    }
    encounter = scene(goblin_facing=2)
    panel = attack_panel(encounter, stats, "Rogue", "Goblin", "melee")
    view = roll_attack(encounter, stats, "Rogue", "Goblin", "melee", random.Random(seed))
    result = view.result
    assert result.attack_items == panel.attack_lines
    assert result.armor_class_items == panel.armor_class_lines
    assert result.attack_total == result.natural + panel.attack_modifier
    assert result.armor_class == panel.armor_class
    if result.natural == 1:
        assert view.outcome is Outcome.CRITICAL_MISS
    else:
        assert view.result.is_hit == (result.natural >= panel.needs)
    assert view.dice[0] == f"d20: {result.natural}"
    assert view.dice[1:] == tuple(roll.text() for roll in result.damage_rolls)
    assert len(view.dice) == (2 if result.is_hit else 1)
    assert view.headline.startswith(f"Rogue attacks Goblin: natural {result.natural}, total {result.attack_total}")
    assert view == roll_attack(encounter, stats, "Rogue", "Goblin", "melee", random.Random(seed))


def test_a_critical_hit_offers_the_special_effects_to_the_attacker():
    """Seed 003: a natural 20 that hits does maximum damage; a fighting class in Active Attack
    may then impose one of the critical hit special effects. The rogue's sneak attack dice
    (rogue level 3: 2d6) are rolled, not maximised, and count in the damage dealt."""
    encounter = scene(options=Options(crit_hit_effects=True))
    stats = {"Rogue": CombatStats(is_fighter=True, damage="1d8+2", stance="active attack", strength_bonus=2)}
    view = roll_attack(encounter, stats, "Rogue", "Goblin", "melee", rolling(20))
    assert view.outcome is Outcome.CRITICAL_HIT
    assert view.dice == ("d20: 20", "1d8+2: 8 + 2 = 10", "2d6: 3 + 6 = 9")
    assert view.result.damage == 19
    assert view.effect_chooser == "Rogue"
    assert [offer.rule.name for offer in view.effects] == ["Trip", "Disarm", "Reposition", "Disorient", "Hinder"]
    assert view.effect_texts[0] == "Trip: Target is knocked prone."
    assert "Half the damage dealt (19): +9" in view.effect_texts[2]
    assert view.sneak_attack
    assert "  Sneak attack: yes, from the rear (2d6): 3 + 6 = 9, added to the damage" in view.log_lines()


def test_a_critical_miss_offers_the_special_effects_to_the_defender_within_reach():
    """Seed 003: a natural 1 against a Fighter in a defensive stance lets it impose a critical
    miss effect; Counterattack, Blind and Steal need the attacker within its reach."""
    options = Options(crit_miss_effects=True)
    stats = {"Goblin": CombatStats(is_fighter=True, stance="active defense")}
    near = roll_attack(scene(options=options), stats, "Rogue", "Goblin", "melee", rolling(1))
    assert near.outcome is Outcome.CRITICAL_MISS and near.dice == ("d20: 1",)
    assert near.effect_chooser == "Goblin"
    assert [offer.rule.name for offer in near.effects][:3] == ["Counterattack", "Disengage", "Blind"]
    assert not near.sneak_attack
    pike = medium("Rogue", 5, 7, rogue_level=3, reach_weapon=True)
    far_scene = scene(options=options).replace("Rogue", pike)
    far = roll_attack(far_scene, stats, "Rogue", "Goblin", "melee", rolling(1))
    assert [offer.rule.name for offer in far.effects] == ["Disengage", "Redirect Attack", "Feint"]


def test_a_plain_miss_offers_nothing_and_logs_the_lines():
    """A miss rolls no damage and offers no effect; the log keeps the result's lines."""
    stats = {"Goblin": CombatStats(armor_class=40)}
    view = roll_attack(scene(), stats, "Rogue", "Goblin", "melee", rolling(10))
    assert view.outcome is Outcome.MISS and view.effects == () and view.effect_chooser is None
    assert view.text() == "\n".join(
        [
            "Rogue attacks Goblin: natural 10, total 14 against AC 40: miss",
            "  Target's rear area: +4",
            "  Armor Class 40:",
            "    Armor Class: +40",
        ]
    )


def test_a_panel_is_a_value_of_the_board_it_was_computed_from():
    """The panel is a value: computed again from a changed board, it differs; the first stays."""
    encounter = scene()
    first = attack_panel(encounter, STATS, "Rogue", "Goblin", "melee")
    turned = encounter.replace("Goblin", replace(encounter.creature("Goblin"), facing=4))
    second = attack_panel(turned, STATS, "Rogue", "Goblin", "melee")
    assert first != second
    assert texts(first.attack_lines) == ["Attack bonus: +5", "Target's rear area: +4"]


def test_the_view_modules_import_without_the_browser():
    """House style: the pure adapters run under CPython with ``js``, ``pyscript`` and ``pyodide``
    blocked."""
    script = (
        "import sys\n"
        "for name in ('js', 'pyscript', 'pyodide'):\n"
        "    sys.modules[name] = None\n"
        "import web.attack_view, web.round_view\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=PY, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr


def test_reach_corners_reaches_the_panel_and_the_board():
    """Issue 16: the table's ``reach_corners`` switch reaches the attack panel and the movement
    rules the board asks: a Large ogre reaches the square two diagonals off its corner only with
    it on."""
    from web import state

    ogre = Creature("Ogre", Size.LARGE, Square(3, 3), facing=2, side="foe")
    encounter = Encounter(GRID, (ogre, medium("Rogue", 6, 6, rogue_level=3)))
    corners = replace(encounter, options=Options(reach_corners=True))
    assert not attack_panel(encounter, STATS, "Ogre", "Rogue", "melee").allowed
    assert attack_panel(corners, STATS, "Ogre", "Rogue", "melee").allowed
    assert state.battlefield(corners, "Rogue").options == corners.options


def test_the_panel_passes_everyone_for_standard_flanking():
    """Issue 16: under the standard rules the panel's attack knows where everyone stands, so an
    ally opposite shows "Flanking" and opens sneak attack; the same board under UA does not."""
    encounter = replace(scene(ruleset=NO_FACING), creatures=scene().creatures + (medium("Fighter", 5, 4, 4),))
    panel = attack_panel(encounter, STATS, "Rogue", "Goblin", "melee")
    assert "Flanking: Fighter threatens the target from the opposite side: +2" in texts(panel.attack_lines)
    assert panel.sneak_attack_applies
    ua = attack_panel(replace(encounter, ruleset=scene().ruleset), STATS, "Rogue", "Goblin", "melee")
    assert not any(line.startswith("Flanking") for line in texts(ua.attack_lines))
