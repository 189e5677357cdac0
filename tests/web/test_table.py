"""The table panels' content and changes under CPython (issue 8): the stats editor, the
option controls, a roll into the log (and the variant's turn), and the facing allowance a
creature spends when it turns or moves on its turn."""

import random

import pytest

from rules.combatant import CombatStats, CombatStatsError
from rules.creature import Creature
from rules.encounter import Encounter
from rules.grid import Square, SquareGrid
from rules.movement import Battlefield, Mode, plan_move
from rules.options import Options, OptionsError
from rules.round import RoundError
from rules.sizes import Size
from rules.stances import Stance
from rules.strike_speed import Action
from rules.zones import VARIANT
from web import table

GRID = SquareGrid(12, 12)


def medium(name, x, y, facing=0, **fields):
    """A Medium creature at ``(x, y)`` facing ``facing`` (0 north, 2 east, 4 south, 6 west)."""
    return Creature(name, Size.MEDIUM, Square(x, y), facing=facing, **fields)


def ambush(**more):
    """A goblin facing north at (5, 5) and a rogue just behind it."""
    return Encounter(GRID, (medium("Goblin", 5, 5, side="foe"), medium("Rogue", 5, 6, rogue_level=3)), **more)


def test_the_stats_editor_reads_back_what_it_shows():
    """Every field the editor shows reads back to the same stats."""
    stats = CombatStats(attack_bonus=-1, armor_class=15, shield="shield", shield_bonus=1, damage="1d8+2",
                        stance="active defense", action="long weapon", is_fighter=True, is_fighting_class=True)
    values = table.stats_form_values(stats)
    assert values["stance"] == "active defense" and values["attack_bonus"] == "-1" and values["is_fighter"] is True
    assert table.stats_from_form(values, CombatStats()) == stats


def test_the_stats_editor_refuses_with_the_rules_words():
    """Not a number, or stats that do not fit together: the message the player reads."""
    values = table.stats_form_values(CombatStats())
    with pytest.raises(CombatStatsError, match="The Attack bonus is a whole number, not 'lots'"):
        table.stats_from_form({**values, "attack_bonus": "lots"}, CombatStats())
    with pytest.raises(CombatStatsError, match="A monster has no character class"):
        table.stats_from_form({**values, "is_monster": True, "is_fighter": True}, CombatStats())
    with pytest.raises(CombatStatsError, match="declares the spell and its target"):
        table.stats_from_form({**values, "action": Action.CAST_SPELL.value}, CombatStats())


def test_every_reading_of_issue_16_has_a_control():
    """The Rules tab builds a switch from each ``OPTION_INFO`` line; each reading's switch sets
    it both ways."""
    encounter = ambush()
    for name in ("reach_corners", "sideways_step_costs_two", "corner_facing_front_faces",
                 "variant_rear_is_back_face", "variant_flanked_only_adjacent", "ranged_sneak_attack_within_30_ft"):
        default = getattr(encounter.options, name)
        flipped = table.with_option(encounter, name, not default)
        assert getattr(flipped.options, name) is (not default)
        assert table.with_option(flipped, name, default).options == encounter.options


def test_option_controls_set_the_options_consistently():
    """A switch turned on turns on what it needs; a number is read and its bounds checked."""
    encounter = ambush()
    on = table.with_option(encounter, "stance_strike_modifier", True)
    assert on.options.strike_speed and on.options.stance_strike_modifier
    assert table.with_option(on, "strike_speed", False).options == Options()
    assert table.with_option(encounter, "flanked_penalty", " 4 ").options.flanked_penalty == 4
    with pytest.raises(OptionsError, match="whole number from 0 to 10, not 'x'"):
        table.with_option(encounter, "flanked_penalty", "x")
    with pytest.raises(OptionsError, match="not 11"):
        table.with_option(encounter, "flanked_penalty", "11")


def test_a_roll_goes_to_the_log_and_the_variant_turns_the_attacker():
    """Seed 001: under the variant an attack turns the attacker to face its target; the roll's
    lines show the d20 and the turn, and the log keeps the roll."""
    encounter = Encounter(GRID, (medium("Goblin", 5, 5, side="foe"), medium("Rogue", 6, 5, 4)), ruleset=VARIANT)
    after, view = table.rolled(encounter, "Rogue", "Goblin", "melee", "", random.Random(3))
    assert after.creature("Rogue").facing == 6 and encounter.creature("Rogue").facing == 4
    lines = table.roll_lines(view)
    assert lines[0].startswith("Rogue attacks Goblin: natural") and lines[1].startswith("Die d20: ")
    assert "Rogue now faces W" in lines
    assert after.round_state().log[0] == lines[0]


def test_a_critical_hit_offers_effects_to_choose_and_the_choice_is_logged():
    """Seed 003: a critical hit in melee from an attacking stance offers the special effects;
    the chosen one goes to the log."""
    options = Options(crit_hit_effects=True)
    stats = (("Rogue", CombatStats(attack_bonus=5, is_fighting_class=True, stance="active attack")),)
    encounter = ambush(options=options, stats=stats)
    seed = next(seed for seed in range(500) if random.Random(seed).randint(1, 20) == 20)
    after, view = table.rolled(encounter, "Rogue", "Goblin", "melee", "", random.Random(seed))
    assert view.effects and "Rogue may impose one of these effects:" in table.roll_lines(view)
    chosen, message = table.effect_chosen(after, view, 0)
    assert chosen.round_state().log[-1].startswith("Rogue imposes Trip") and message.startswith("Rogue imposes Trip")


def test_a_chosen_reposition_or_shield_slam_is_a_forced_move_of_the_target():
    """Seed 003: Reposition forces the target up to half the damage (plus STR) in feet; Shield
    Slam forces it back from the attacker. Other effects move nobody."""
    options = Options(crit_hit_effects=True)
    stats = (("Rogue", CombatStats(attack_bonus=5, is_fighting_class=True, stance="active attack",
                                   damage="2d6", shield="shield", shield_bash="1d4")),)
    encounter = ambush(options=options, stats=stats)
    seed = next(seed for seed in range(500) if random.Random(seed).randint(1, 20) == 20)
    _, view = table.rolled(encounter, "Rogue", "Goblin", "melee", "", random.Random(seed))
    names = [offer.rule.name for offer in view.effects]
    reposition = table.forced_by(view, names.index("Reposition"))
    slam = table.forced_by(view, names.index("Shield Slam"))
    assert reposition == {"name": "Goblin", "feet": view.effects[names.index("Reposition")].amount,
                          "away": None, "effect": "Reposition"}
    assert reposition["feet"] > 0 and slam["away"] == "Rogue" and slam["name"] == "Goblin"
    assert table.forced_by(view, names.index("Trip")) is None


def test_the_log_keeps_the_latest_lines():
    """The log a link carries is kept to its last ``MAX_LOG_LINES`` lines."""
    encounter = ambush()
    for number in range(table.MAX_LOG_LINES + 3):
        encounter = table.logged(encounter, f"line {number}")
    log = encounter.round_state().log
    assert len(log) == table.MAX_LOG_LINES and log[-1] == f"line {table.MAX_LOG_LINES + 2}"


def test_turning_on_its_turn_spends_the_allowance():
    """UA Combat Facing, Changing Facing: one free turn if it did not move, then a move action;
    after that the rules refuse, and the encounter keeps its allowance as it was."""
    encounter = table.started(ambush(), "foe")
    goblin = encounter.creature("Goblin")
    assert table.current_name(encounter) == "Goblin"

    def turned(board, facing):
        before = board.creature("Goblin")
        return table.after_turn(board.replace("Goblin", medium("Goblin", 5, 5, facing, side="foe")), before)

    once, refusal = turned(encounter, 1)
    assert refusal is None and once.round.turn_state_of("Goblin").free_turn_used
    twice, refusal = turned(once, 2)
    assert refusal is None and twice.round.turn_state_of("Goblin").move_action_used
    thrice, refusal = turned(twice, 3)
    assert "already changed facing once" in refusal and "no move action left" in refusal
    assert refusal.endswith("The board keeps the turn, as the referee may allow it; Undo takes it back."), \
        "a walkthrough read the refusal beside a token that had turned as a contradiction"
    assert thrice.round == twice.round
    other, refusal = table.after_turn(encounter.replace("Rogue", medium("Rogue", 5, 6, 2, rogue_level=3)),
                                      encounter.creature("Rogue"))
    assert other.round == encounter.round and refusal is None
    assert goblin.facing == 0


def walked(encounter, name, target, mode=Mode.MOVE):
    """The path the movement rules give ``name`` to ``target`` on ``encounter``'s board."""
    field = Battlefield(encounter.grid, creatures=encounter.creatures, ruleset=encounter.ruleset)
    answer = plan_move(encounter.creature(name), target, field, mode)
    assert answer.legal
    return answer.path


def test_a_move_on_its_turn_sets_the_facing_at_its_end():
    """UA: "you can change facing at the end of your move"; a 5-foot step keeps the free turn."""
    encounter = table.started(ambush(), "foe")
    assert table.after_move(encounter, "Goblin", walked(encounter, "Goblin", Square(5, 4), Mode.FIVE_FOOT_STEP)) == encounter
    moved = table.after_move(encounter, "Goblin", walked(encounter, "Goblin", Square(5, 2)))
    assert moved.round.turn_state_of("Goblin").declaring
    assert not moved.round.turn_state_of("Goblin").move_action_used
    assert table.after_move(encounter, "Rogue", walked(encounter, "Rogue", Square(5, 8))) == encounter


def test_a_double_move_leaves_no_move_action_to_turn_with():
    """UA Combat Facing: "You can also change facing as a move action"; a double move has taken
    both, so after setting its facing at the end the goblin cannot turn again."""
    encounter = table.started(ambush(), "foe")
    moved = table.after_move(encounter, "Goblin", walked(encounter, "Goblin", Square(5, 0), Mode.DOUBLE))
    assert moved.round.turn_state_of("Goblin").move_action_used
    ended, refusal = table.after_turn(moved.replace("Goblin", medium("Goblin", 5, 5, 2, side="foe")), moved.creature("Goblin"))
    assert refusal is None
    _, refusal = table.after_turn(ended.replace("Goblin", medium("Goblin", 5, 5, 4, side="foe")), ended.creature("Goblin"))
    assert "no move action left" in refusal


def test_a_five_foot_step_declares_facing_under_the_variant():
    """Seed 001: "When a creature takes any voluntary movement ... it declares its facing at the
    end of the movement", a 5-foot step too."""
    encounter = table.started(ambush(ruleset=VARIANT), "foe")
    stepped = table.after_move(encounter, "Goblin", walked(encounter, "Goblin", Square(5, 4), Mode.FIVE_FOOT_STEP))
    assert stepped.round.turn_state_of("Goblin").declaring


def test_the_tracker_steps_through_the_round_and_the_sides_are_the_choices():
    """Next turn moves the current creature along the order; before round 1's first turn there
    is none to go back to."""
    encounter = table.started(ambush(stats=(("Goblin", CombatStats(stance=Stance.STANDARD)),)), None)
    title, rows = table.tracker(encounter)
    assert title == "Round 1: initiative tied" and [row.name for row in rows] == ["Goblin", "Rogue"]
    assert table.current_name(table.stepped(encounter, True)) == "Rogue"
    with pytest.raises(RoundError, match="no turn before it"):
        table.stepped(encounter, False)
    assert table.sides(encounter) == ("foe", "friend")
    assert table.current_name(ambush()) is None


def test_a_critical_trip_makes_the_target_prone_and_the_next_attack_shows_it():
    """Issue 15: the chosen Trip puts the goblin prone (seed 003, "Target is knocked prone."),
    and the attack panel's next attack against it carries the prone line (SRD 3.5, Prone: "-4
    penalty to Armor Class against melee attacks")."""
    options = Options(crit_hit_effects=True)
    stats = (("Rogue", CombatStats(attack_bonus=5, is_fighting_class=True, stance="active attack")),)
    encounter = ambush(options=options, stats=stats)
    seed = next(seed for seed in range(500) if random.Random(seed).randint(1, 20) == 20)
    after, view = table.rolled(encounter, "Rogue", "Goblin", "melee", "", random.Random(seed))
    trip = [offer.rule.name for offer in view.effects].index("Trip")
    chosen, message = table.effect_chosen(after, view, trip)
    assert chosen.conditions_of("Goblin") == ("prone",)
    assert message.endswith("Goblin is prone until removed.")
    lines = [item.text() for item in table.panel_for(chosen, "Rogue", "Goblin", "melee", "").armor_class_lines]
    assert "Target prone, AC against melee: -4" in lines
    assert not any("prone" in line for line in
                   (item.text() for item in table.panel_for(encounter, "Rogue", "Goblin", "melee", "").armor_class_lines))


def test_a_hit_deals_its_damage_to_tracked_hit_points():
    """Issue 15: a hit lowers the target's hit points by the damage rolled, logged; a creature
    whose hit points are not tracked is left as it was."""
    stats = (("Rogue", CombatStats(attack_bonus=30)), ("Goblin", CombatStats(max_hit_points=40, hit_points=40)))
    encounter = ambush(stats=stats)
    seed = next(seed for seed in range(500) if random.Random(seed).randint(1, 20) not in (1, 20))
    after, view = table.rolled(encounter, "Rogue", "Goblin", "melee", "", random.Random(seed))
    assert view.result.is_hit and view.result.damage > 0
    assert after.stats_of("Goblin").hit_points == 40 - view.result.damage
    assert after.round_state().log[-1] == f"Goblin: {40 - view.result.damage}/40 hp"
    untracked = ambush(stats=stats[:1])
    after, _ = table.rolled(untracked, "Rogue", "Goblin", "melee", "", random.Random(seed))
    assert after.stats_of("Goblin").hit_points == 0


def test_tracking_hit_points_from_the_editor_starts_a_creature_unhurt():
    """Setting a maximum where there was none fills the hit points now."""
    values = table.stats_form_values(CombatStats())
    values["max_hit_points"] = "12"
    assert table.stats_from_form(values, CombatStats()).hit_points == 12


def natural(face):
    """A ``random.Random`` whose first d20 shows ``face``."""
    return random.Random(next(seed for seed in range(2000) if random.Random(seed).randint(1, 20) == face))


def test_a_critical_hit_deals_its_maximum_damage_and_the_rolled_sneak_attack_to_hit_points():
    """Seed 003: Critical Hits, "A natural 20 that would otherwise hit is automatically a
    critical hit doing maximum damage" (1d6+1: 7); the rogue (level 3) behind the goblin adds
    its sneak attack, 2d6 rolled (SRD 3.5 Rogue, Sneak Attack), shown die by die; the goblin's
    hit points fall by the sum."""
    stats = (("Rogue", CombatStats(attack_bonus=5, damage="1d6+1")), ("Goblin", CombatStats(max_hit_points=40, hit_points=40)))
    after, view = table.rolled(ambush(stats=stats), "Rogue", "Goblin", "melee", "", natural(20))
    sneak = view.result.sneak_attack_roll
    assert view.result.damage_items[0].text() == "Critical hit, maximum damage (1d6+1): +7"
    assert view.result.damage == 7 + sneak.total and sneak.dice.count == 2
    assert after.stats_of("Goblin").hit_points == 40 - 7 - sneak.total
    lines = table.roll_lines(view)
    assert "Die 1d6+1: 6 + 1 = 7" in lines and f"Die {sneak.text()}" in lines
    faces = " + ".join(str(face) for face in sneak.faces)
    assert f"Sneak attack: yes, from the rear (2d6): {faces} = {sneak.total}, added to the damage" in lines


def test_a_helpless_target_opens_sneak_attack_from_the_front():
    """SRD 3.5, Helpless: "Rogues can sneak attack helpless targets.": a rogue in front of a
    helpless goblin rolls its sneak attack dice; without the condition it does not."""
    goblin = medium("Goblin", 5, 5, facing=4, side="foe")
    rogue = medium("Rogue", 5, 6, rogue_level=5)
    encounter = Encounter(GRID, (goblin, rogue), stats=(("Rogue", CombatStats(attack_bonus=30)),))
    panel = table.panel_for(encounter, "Rogue", "Goblin", "melee", "")
    assert not panel.sneak_attack_applies and panel.roll.sneak_attack is None
    from rules.conditions import AppliedCondition

    helpless = encounter.with_condition(AppliedCondition("helpless", "Goblin"))
    panel = table.panel_for(helpless, "Rogue", "Goblin", "melee", "")
    assert panel.sneak_attack_applies and panel.sneak_attack.text() == "Sneak attack: yes, the target is helpless (3d6)"
    _, view = table.rolled(helpless, "Rogue", "Goblin", "melee", "", natural(10))
    assert view.result.sneak_attack_roll.dice.count == 3


def test_a_sickened_attackers_weapon_damage_is_lowered_in_the_roll():
    """SRD 3.5, Sickened: "a -2 penalty on all attack rolls, weapon damage rolls, ...": the
    panel's damage lines and the rolled damage both carry it."""
    from rules.conditions import AppliedCondition

    stats = (("Rogue", CombatStats(attack_bonus=30, damage="1d6+10")),)
    encounter = ambush(stats=stats).with_condition(AppliedCondition("sickened", "Rogue"))
    panel = table.panel_for(encounter, "Rogue", "Goblin", "melee", "")
    assert "Attacker sickened, weapon damage: -2" in [item.text() for item in panel.damage_lines]
    _, view = table.rolled(encounter, "Rogue", "Goblin", "melee", "", natural(10))
    weapon = view.result.damage_rolls[0].total
    assert view.result.damage == weapon - 2 + view.result.sneak_attack_roll.total


def prone_archer(**stats):
    """The rogue, prone, and the goblin three squares away."""
    from rules.conditions import AppliedCondition

    goblin = medium("Goblin", 5, 2, side="foe")
    rogue = medium("Rogue", 5, 6)
    encounter = Encounter(GRID, (goblin, rogue), stats=(("Rogue", CombatStats(**stats)),) if stats else ())
    return encounter.with_condition(AppliedCondition("prone", "Rogue"))


def test_a_prone_attacker_uses_no_ranged_weapon_but_a_crossbow():
    """SRD 3.5, Prone: "He cannot use a ranged weapon (except for a crossbow)." A prone
    archer's ranged attack is refused with that line; marked as a crossbow in its combat stats
    it is allowed; a ray is no weapon and is allowed too."""
    refused = table.panel_for(prone_archer(), "Rogue", "Goblin", "ranged", "")
    assert not refused.allowed
    assert "Attacker prone: no ranged weapon but a crossbow" in [item.reason for item in refused.restrictions]
    assert table.panel_for(prone_archer(crossbow=True), "Rogue", "Goblin", "ranged", "").allowed
    assert table.panel_for(prone_archer(), "Rogue", "Goblin", "spell_ray", "").allowed
    values = table.stats_form_values(CombatStats(crossbow=True))
    assert values["crossbow"] is True and table.stats_from_form(values, CombatStats()).crossbow


def test_a_flat_footed_creature_makes_no_attack_of_opportunity():
    """SRD 3.5, Flat-Footed: "cannot make attacks of opportunity": the attack panel refuses
    the kind "attack of opportunity" to a flat-footed attacker, not an ordinary melee attack."""
    from rules.conditions import AppliedCondition

    encounter = ambush().with_condition(AppliedCondition("flat-footed", "Rogue"))
    panel = table.panel_for(encounter, "Rogue", "Goblin", "attack_of_opportunity", "")
    assert "Attacker flat-footed: it makes no attacks of opportunity" in [item.reason for item in panel.restrictions]
    assert not panel.allowed
    assert table.panel_for(encounter, "Rogue", "Goblin", "melee", "").allowed


def test_a_blinded_attackers_target_has_total_concealment():
    """SRD 3.5, Blinded: "All opponents are considered to have total concealment (50% miss
    chance) to the blinded character." The panel's concealment and the rolled attack's log say
    so."""
    from rules.conditions import AppliedCondition

    encounter = ambush(stats=(("Rogue", CombatStats(attack_bonus=30)),))
    encounter = encounter.with_condition(AppliedCondition("blinded", "Rogue"))
    panel = table.panel_for(encounter, "Rogue", "Goblin", "melee", "")
    line = "Attacker blinded: the target has total concealment (50% miss chance)"
    assert line in [item.text() for item in panel.concealment]
    after, _ = table.rolled(encounter, "Rogue", "Goblin", "melee", "", natural(10))
    assert f"  {line}" in after.round_state().log


def test_roll_initiative_rolls_for_every_creature_and_logs_the_rolls():
    """Issue 15: "each creature rolls ... d20 plus its initiative modifier": the Round tab's
    Roll initiative rolls for all and logs each roll; the stats editor reads the modifier."""
    stats = (("Rogue", CombatStats(initiative_modifier=3)),)
    after = table.initiative_rolled(ambush(stats=stats), random.Random(7))
    log = after.round_state().log
    assert log[-3] == "Initiative rolled"
    assert log[-2].startswith("Goblin: initiative d20 ") and log[-1].startswith("Rogue: initiative d20 ")
    assert log[-1].endswith(f"+ 3 = {after.round_state().initiative_of('Rogue').result}")
    _, rows = table.tracker(after)
    assert all(row.initiative for row in rows)
    values = table.stats_form_values(CombatStats(initiative_modifier=-2))
    assert values["initiative_modifier"] == "-2"
    assert table.stats_from_form(values, CombatStats()).initiative_modifier == -2


def test_the_game_master_types_an_initiative():
    """Issue 15: "(or the game master types)": a typed result orders the round; text that is
    not a whole number is refused in the player's words; an empty box takes it away."""
    after = table.initiative_typed(ambush(), "Rogue", " 21 ", random.Random(1))
    assert after.round_state().initiative_of("Rogue").result == 21
    assert table.current_name(after) == "Rogue"
    with pytest.raises(RoundError, match="Rogue's initiative is a whole number, not 'soon'"):
        table.initiative_typed(ambush(), "Rogue", "soon", random.Random(1))
    with pytest.raises(RoundError, match="not '1-2'"):
        table.initiative_typed(ambush(), "Rogue", "1-2", random.Random(1))
    assert table.initiative_typed(ambush(), "Rogue", "-3", random.Random(1)).round_state().initiative_of("Rogue").result == -3
    cleared = table.initiative_typed(after, "Rogue", "", random.Random(1))
    assert cleared.round_state().initiative_of("Rogue") is None
    assert cleared.round_state().log[-1] == "Rogue: no initiative"


def test_a_critical_miss_tells_the_defender_what_each_effect_lets_it_do():
    """Seed 003, Critical Miss Special Effects: Counterattack ("a melee attack against your
    attacker ... in addition to any other attacks"), Disengage ("moving up to your movement, but
    you cannot engage another") and Redirect Attack ("another creature of your choice within
    reach of your enemy's weapon") each come with a line saying what the goblin may now do;
    choosing one logs it. Nothing is moved or rolled for it."""
    options = Options(crit_miss_effects=True)
    stats = (("Goblin", CombatStats(is_fighter=True, stance="active defense")),)
    encounter = Encounter(GRID, (medium("Goblin", 5, 5, side="foe"), medium("Rogue", 5, 6),
                                 medium("Orc", 4, 6, side="foe"), medium("Elf", 9, 9)), options=options, stats=stats)
    after, view = table.rolled(encounter, "Rogue", "Goblin", "melee", "", natural(1))
    texts = dict(zip((offer.rule.name for offer in view.effects), view.effect_texts))
    assert texts["Counterattack"].endswith(
        "Goblin may now make one melee attack on Rogue, beyond its other attacks this round: "
        "choose Goblin as the attacker and Rogue as the target, and roll")
    assert texts["Disengage"].endswith(
        "Goblin may move up to 30 ft away from Rogue, but not so as to engage another creature: drag it on the board")
    assert texts["Redirect Attack"].endswith(
        "Rogue's attack strikes a creature of Goblin's choice within Rogue's reach: Orc; roll it against that creature")
    assert texts["Steal"].startswith("Steal: ") and "\n" not in texts["Steal"]
    disengage = [offer.rule.name for offer in view.effects].index("Disengage")
    chosen, message = table.effect_chosen(after, view, disengage)
    assert message.endswith("Goblin may move up to 30 ft away from Rogue, but not so as to engage another "
                            "creature: drag it on the board.")
    assert chosen.round_state().log[-1].startswith("Goblin imposes Disengage. Goblin may move up to 30 ft")
    assert chosen.creature("Goblin") == encounter.creature("Goblin")


def test_a_target_yet_to_act_is_open_to_sneak_attack():
    """UA Combat Facing, Sneak Attacks: "A rogue can strike for sneak attack damage whenever her
    foe is flat-footed"; SRD 3.5, Flat-Footed: "A character who has not yet acted during a
    combat is flat-footed". The rogue, facing the goblin from its front, acts first: its attack
    sneak attacks; once the goblin has had its turn, it does not."""
    goblin = medium("Goblin", 5, 5, facing=4, side="foe")
    rogue = medium("Rogue", 5, 6, rogue_level=3)
    encounter = Encounter(GRID, (goblin, rogue))
    assert not table.panel_for(encounter, "Rogue", "Goblin", "melee", "").sneak_attack_applies
    started = table.initiative_typed(table.initiative_typed(encounter, "Rogue", "20", random.Random(1)),
                                     "Goblin", "5", random.Random(1))
    panel = table.panel_for(started, "Rogue", "Goblin", "melee", "")
    assert panel.sneak_attack_applies and panel.sneak_attack.text() == "Sneak attack: yes, the target is flat-footed (2d6)"
    acted = table.stepped(started, True)
    assert not table.panel_for(acted, "Rogue", "Goblin", "melee", "").sneak_attack_applies


def test_the_status_line_says_what_a_hit_did_and_the_roll_shows_why():
    """A walkthrough: the roll's message stopped at "hit", the damage and the hit points left
    only in the log, and a critical hit's maximum damage and the reason no effect was offered
    nowhere but the log."""
    stats = (("Rogue", CombatStats(attack_bonus=5, damage="1d6+1")), ("Goblin", CombatStats(max_hit_points=8, hit_points=8)))
    after, view = table.rolled(ambush(stats=stats, options=Options(crit_hit_effects=True)), "Rogue", "Goblin", "melee",
                               "", natural(20))
    message = table.roll_message(after, view)
    assert message.startswith(view.headline + ". Goblin takes ")
    assert f"damage: {8 - view.result.damage}/8 hp" in message
    lines = table.roll_lines(view)
    assert "Critical hit, maximum damage (1d6+1): +7" in lines
    assert "Only a fighting class imposes critical hit special effects" in lines
