"""Conditions as data (issue 15): the table, each condition's lines against melee and ranged,
the rules that change more than a number, and durations ending at the right turn boundary.

Each test names and quotes the sentence it implements: the SRD 3.5 conditions excerpt
(../shared/references/srd35-conditions.txt) or a seed (../shared/seeds/).
"""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.conditions import (
    CONDITION_TABLE,
    CONDITIONS,
    FLAGS,
    REQUIRED,
    ROUND_END,
    SOURCES,
    UNTIL_REMOVED,
    AppliedCondition,
    Condition,
    ConditionError,
    Duration,
    Lasting,
    Quote,
    TurnEvent,
    attack_conditions,
    badges,
    can_be_ended_on,
    can_be_moved_through,
    check_items,
    condition,
    conditions_on,
    end_of_next_round,
    end_of_next_turn,
    expand,
    expire,
    for_rounds,
    has_flag,
    movement_ruling,
    opportunity_ruling,
    save_items,
    turn_end,
    turn_start,
)

SHARED = Path(__file__).resolve().parent / "sources"
"""Copies of the texts quoted, from ../shared/ (a clean clone in CI has no ../shared/);
``test_the_copies_are_the_shared_texts`` keeps them the same where ../shared/ is at hand."""
ORIGINALS = Path(__file__).resolve().parents[3] / "shared"


def test_the_copies_are_the_shared_texts():
    """Each copied source is byte for byte the one in ../shared/, when that folder is here."""
    if not ORIGINALS.is_dir():
        pytest.skip("../shared/ is not beside this checkout (a clean clone): nothing to compare")
    for name in SOURCES.values():
        assert (SHARED / name).read_bytes() == (ORIGINALS / name).read_bytes(), name


def source_text(source: str) -> str:
    """The text of ``source`` with its whitespace made single (the seeds wrap their lines)."""
    return " ".join((SHARED / SOURCES[source]).read_text(encoding="utf-8").split())


def srd_sections() -> dict[str, str]:
    """The SRD excerpt's paragraphs by their heading: ``{"Prone": "The character is on..."}``."""
    lines = (SHARED / SOURCES["SRD 3.5 Conditions"]).read_text(encoding="utf-8").splitlines()
    pairs = (line.partition(": ") for line in lines[3:] if line.strip())
    return {heading: " ".join(body.split()) for heading, _, body in pairs}


def texts(items) -> list[str]:
    """The lines as the page shows them."""
    return [item.text() for item in items]


# The table.


def test_the_table_has_every_condition_the_issue_asks_for():
    """Issue 15: "At least: prone, helpless, flat-footed, blinded, entangled, stunned, dazed,
    confused, shaken, frightened, sickened, dazzled, invisible, disabled, dying, unconscious,
    dead, and "squeezed"." """
    assert set(REQUIRED) <= set(CONDITIONS)
    assert len(REQUIRED) == 18
    assert len(CONDITIONS) == len(CONDITION_TABLE)


@pytest.mark.parametrize("row", CONDITION_TABLE, ids=lambda row: row.name)
def test_every_row_quotes_sentences_found_verbatim_in_its_source(row):
    """Issue 15: "one row per condition, with the modifiers the engine can apply and the
    sentence they come from": each quote stands verbatim (up to line breaks) in the file it
    cites, and an SRD quote in the section of its row's name."""
    for quote in row.quotes:
        assert quote.text in source_text(quote.source), quote.text
        if quote.source == "SRD 3.5 Conditions":
            assert quote.text in srd_sections()[quote.section], (quote.section, quote.text)


def test_every_srd_row_is_named_after_its_section():
    """A row from the SRD excerpt is the condition of its first quote's section."""
    for row in CONDITION_TABLE:
        if row.quotes[0].source == "SRD 3.5 Conditions":
            assert row.quotes[0].section.lower() == row.name


def test_badges_are_one_or_two_letters_and_tell_every_condition_apart():
    """Issue 15: "conditions as small lettered badges on the token (never colour alone)"."""
    marks = [row.badge for row in CONDITION_TABLE]
    assert all(1 <= len(mark) <= 2 and mark.isalpha() for mark in marks)
    assert len({mark.lower() for mark in marks}) == len(marks)
    assert badges(["dying", "prone"]) == ("Dy", "P")
    assert badges(["Flat-Footed"]) == ("FF",)


def test_every_flag_is_used_and_every_implied_condition_is_a_row():
    """No dead data: each flag some row carries; each ``implies`` names a row."""
    used = set().union(*(row.flags for row in CONDITION_TABLE))
    assert used == set(FLAGS)
    assert all(name in CONDITIONS for row in CONDITION_TABLE for name in row.implies)


def test_a_row_without_a_quote_or_with_a_bad_badge_is_refused():
    """Every row quotes the sentence it implements; a badge is letters."""
    quote = (Quote("SRD 3.5 Conditions", "Prone", "The character is on the ground."),)
    with pytest.raises(ConditionError, match="quotes"):
        Condition("prone", "P", ())
    with pytest.raises(ConditionError, match="badge"):
        Condition("prone", "P1", quote)
    with pytest.raises(ConditionError, match="flags"):
        Condition("prone", "P", quote, flags=frozenset({"flies"}))
    with pytest.raises(ConditionError, match="one of"):
        Condition("prone", "P", (Quote("Seed 999", "Prone", "x"),))


def test_an_unknown_condition_names_the_choices():
    """Errors read well on the page: an unknown name lists the conditions."""
    with pytest.raises(ConditionError, match="There is no condition 'sleepy'.*prone"):
        condition("sleepy")
    assert condition("  Flat-Footed ") is CONDITIONS["flat-footed"]
    with pytest.raises(ConditionError, match="melee or ranged"):
        attack_conditions((), ("prone",), "thrown")


# Each condition against melee and ranged: (attack roll, defender's AC) from each side.

GOLDEN = [
    # name, quote, as attacker (melee, ranged) attack roll, as defender (melee, ranged) AC and
    # attack roll against it (Dexterity lines left out: no Dexterity given, they carry no value).
    ("prone", "An attacker who is prone has a -4 penalty on melee attack rolls", (-4, None), (0, 0), (-4, 4)),
    ("helpless", "Melee attacks against a helpless target get a +4 bonus", (0, 0), (4, 0), (0, 0)),
    ("flat-footed", "A flat-footed character loses his Dexterity bonus to AC", (0, 0), (0, 0), (0, 0)),
    ("feinted", "your enemy is has a negative modifier equal to your level", (0, 0), (0, 0), (0, 0)),
    ("loses next attack", "cause them to lose their next attack", (None, None), (0, 0), (0, 0)),
    ("blinded", "He takes a -2 penalty to Armor Class", (0, 0), (0, 0), (-2, -2)),
    ("entangled", "takes a -2 penalty on all attack rolls and a -4 penalty to Dexterity", (-2, -4), (0, 0), (0, 0)),
    ("stunned", "can't take actions, takes a -2 penalty to AC", (None, None), (0, 0), (-2, -2)),
    ("dazed", "A dazed creature can take no actions, but has no penalty to AC.", (None, None), (0, 0), (0, 0)),
    ("confused", "Attackers are not at any special advantage when attacking a confused character.", (0, 0), (0, 0), (0, 0)),
    ("shaken", "A shaken character takes a -2 penalty on attack rolls", (-2, -2), (0, 0), (0, 0)),
    ("frightened", "A frightened creature takes a -2 penalty on all attack rolls", (-2, -2), (0, 0), (0, 0)),
    ("sickened", "The character takes a -2 penalty on all attack rolls", (-2, -2), (0, 0), (0, 0)),
    ("dazzled", "A dazzled creature takes a -1 penalty on attack rolls", (-1, -1), (0, 0), (0, 0)),
    ("invisible", "An invisible creature gains a +2 bonus on attack rolls against sighted opponents", (2, 2), (0, 0), (0, 0)),
    ("disabled", "A disabled character may take a single move action or standard action each round", (0, 0), (0, 0), (0, 0)),
    ("dying", "A dying character can take no actions and is unconscious.", (None, None), (4, 0), (0, 0)),
    ("unconscious", "Knocked out and helpless.", (None, None), (4, 0), (0, 0)),
    ("dead", "The character's hit points are reduced to -10", (None, None), (0, 0), (0, 0)),
    ("squeezed", "you take a \u20134 penalty on attack rolls and a \u20134 penalty to AC.", (-4, -4), (0, 0), (-4, -4)),
    ("stable", "The character is no longer dying, but is still unconscious.", (None, None), (4, 0), (0, 0)),
    ("paralyzed", "is helpless, but can take purely mental actions.", (None, None), (4, 0), (0, 0)),
    ("cowering", "A cowering character takes a -2 penalty to Armor Class", (None, None), (0, 0), (-2, -2)),
    ("nauseated", "Nauseated creatures are unable to attack", (None, None), (0, 0), (0, 0)),
    ("panicked", "It can't take any other actions.", (None, None), (0, 0), (0, 0)),
    ("hindered", "reducing his speed to five feet", (0, 0), (0, 0), (0, 0)),
]
"""Each condition's numbers typed from its sentence (not read from the table): ``None`` where
the attack is refused."""


def test_the_golden_table_covers_every_row():
    """Every row of the table has its golden case here."""
    assert sorted(name for name, *_ in GOLDEN) == sorted(CONDITIONS)


@pytest.mark.parametrize(
    ("name", "quote", "attacking", "attacked", "armor"), GOLDEN, ids=[case[0] for case in GOLDEN]
)
def test_each_condition_against_melee_and_ranged(name, quote, attacking, attacked, armor):
    """Each condition's own sentence (``quote``, in its row) gives its attack roll as an attacker,
    the attack roll against it and its AC as a defender, against melee and against ranged."""
    assert any(quote in each.text for each in CONDITIONS[name].quotes)
    for kind, mine, theirs, ac in zip(("melee", "ranged"), attacking, attacked, armor):
        as_attacker = attack_conditions((name,), (), kind)
        if mine is None:
            assert not as_attacker.allowed
        else:
            assert as_attacker.allowed and as_attacker.attack_modifier == mine
        as_defender = attack_conditions((), (name,), kind)
        assert as_defender.allowed
        assert as_defender.attack_modifier == theirs
        assert as_defender.armor_class_change == ac
        held = [row.name for row in expand([name])]
        assert all(any(each in item.reason for each in held) for item in as_defender.items())


def test_target_prone_lines():
    """SRD 3.5, Prone: "A defender who is prone gains a +4 bonus to Armor Class against ranged
    attacks, but takes a -4 penalty to AC against melee attacks." """
    assert texts(attack_conditions((), ("prone",), "melee").items()) == ["Target prone, AC against melee: -4"]
    ranged = attack_conditions((), ("prone",), "ranged")
    assert texts(ranged.items()) == ["Target prone, AC against ranged: +4"]


def test_a_prone_attacker_uses_no_ranged_weapon_but_a_crossbow():
    """SRD 3.5, Prone: "An attacker who is prone has a -4 penalty on melee attack rolls and cannot
    use a ranged weapon (except for a crossbow)." """
    melee = attack_conditions(("prone",), (), "melee")
    assert texts(melee.attack_items) == ["Attacker prone, melee attack: -4"]
    bow = attack_conditions(("prone",), (), "ranged")
    assert not bow.allowed
    assert texts(bow.restrictions) == ["Attacker prone: no ranged weapon but a crossbow"]
    crossbow = attack_conditions(("prone",), (), "ranged", crossbow=True)
    assert crossbow.allowed and crossbow.attack_modifier == 0


def test_helpless_target_melee_ranged_dexterity_and_sneak_attack():
    """SRD 3.5, Helpless: "A helpless target is treated as having a Dexterity of 0 (-5
    modifier). Melee attacks against a helpless target get a +4 bonus (equivalent to attacking
    a prone target). Ranged attacks gets no special bonus against helpless targets. Rogues can
    sneak attack helpless targets." """
    melee = attack_conditions((), ("helpless",), "melee", defender_dexterity=3)
    assert texts(melee.items()) == [
        "Target helpless, melee attack: +4",
        "Target helpless, Dexterity 0 (-5 modifier): -8",
        "Sneak attack: yes, the target is helpless",
    ]
    assert melee.sneak_attack
    ranged = attack_conditions((), ("helpless",), "ranged", defender_dexterity=-1)
    assert ranged.attack_modifier == 0 and ranged.armor_class_change == -4
    unknown = attack_conditions((), ("helpless",), "melee")
    assert [item.value for item in unknown.armor_class_items] == [None]


def test_a_prone_helpless_target_applies_both():
    """SRD 3.5 Conditions: "If more than one condition affects a character, apply them all."
    A prone, helpless target: +4 to hit (Helpless) and -4 AC (Prone) against melee."""
    answer = attack_conditions((), ("prone", "helpless"), "melee", defender_dexterity=2)
    assert texts(answer.items()) == [
        "Target helpless, melee attack: +4",
        "Target prone, AC against melee: -4",
        "Target helpless, Dexterity 0 (-5 modifier): -7",
        "Sneak attack: yes, the target is helpless",
    ]
    assert (answer.attack_modifier, answer.armor_class_change) == (4, -11)


def test_helpless_is_moved_through_and_ended_on():
    """Seed 002, Moving through a Square: "You can move through a square occupied by a helpless
    opponent without penalty." "You can't end your movement in the same square as another
    creature unless it is helpless." Unconscious: "Knocked out and helpless." """
    for names in (["helpless"], ["unconscious"], ["dying"], ["paralyzed"]):
        assert can_be_moved_through(names) and can_be_ended_on(names)
    assert not can_be_moved_through(["prone", "stunned"])
    assert not can_be_ended_on(["flat-footed"])
    assert has_flag(["paralyzed"], "moving_through_costs_double")


def test_flat_footed_makes_no_attacks_of_opportunity_and_loses_dexterity():
    """SRD 3.5, Flat-Footed: "A flat-footed character loses his Dexterity bonus to AC (if any)
    and cannot make attacks of opportunity." """
    refused = attack_conditions(("flat-footed",), (), "melee", attack_of_opportunity=True)
    assert texts(refused.restrictions) == ["Attacker flat-footed: it makes no attacks of opportunity"]
    assert attack_conditions(("flat-footed",), (), "melee").allowed
    ruling = opportunity_ruling(["flat-footed"])
    assert not ruling.allowed and texts(ruling.items) == ["Flat-footed: no attacks of opportunity"]
    target = attack_conditions((), ("flat-footed",), "melee", defender_dexterity=3)
    assert texts(target.armor_class_items) == ["Target flat-footed, no Dexterity bonus to AC: -3"]
    clumsy = attack_conditions((), ("flat-footed",), "melee", defender_dexterity=-1)
    assert clumsy.armor_class_change == 0


def test_no_actions_means_no_attacks_of_opportunity():
    """SRD 3.5, Stunned: "can't take actions"; Dazed: "A dazed creature can take no actions";
    Nauseated: "unable to attack". Confused: "does not make attacks of opportunity against any
    creature that it is not already devoted to attacking"."""
    for name in ("stunned", "dazed", "unconscious", "dying", "dead", "nauseated", "panicked"):
        assert not opportunity_ruling([name]).allowed
    confused = opportunity_ruling(["confused"])
    assert confused.allowed
    assert texts(confused.items) == ["Confused: only against a creature it is devoted to attacking"]
    assert opportunity_ruling(["prone", "shaken"]) == opportunity_ruling([])


def test_a_blinded_attacker_finds_its_targets_totally_concealed():
    """SRD 3.5, Blinded: "All opponents are considered to have total concealment (50% miss
    chance) to the blinded character." """
    answer = attack_conditions(("blinded",), (), "ranged")
    assert texts(answer.concealment) == [
        "Attacker blinded: the target has total concealment (50% miss chance)"
    ]
    assert answer.allowed and answer.attack_modifier == 0


def test_a_blinded_target_loses_dexterity_and_two_ac():
    """SRD 3.5, Blinded: "He takes a -2 penalty to Armor Class, loses his Dexterity bonus to AC
    (if any), moves at half speed"."""
    answer = attack_conditions((), ("blinded",), "melee", defender_dexterity=2)
    assert texts(answer.armor_class_items) == [
        "Target blinded, AC: -2",
        "Target blinded, no Dexterity bonus to AC: -2",
    ]


def test_blinded_and_entangled_halve_speed_and_entangled_forbids_run_and_charge():
    """SRD 3.5, Blinded: "moves at half speed"; Entangled: "An entangled creature moves at half
    speed, cannot run or charge"; Disabled: "She moves at half speed." """
    for name in ("blinded", "entangled", "disabled"):
        ruling = movement_ruling([name], 30)
        assert ruling.speed == 15 and ruling.can_move
    assert movement_ruling(["blinded"], 30).can_run_or_charge
    entangled = movement_ruling(["entangled"], 30)
    assert not entangled.can_run_or_charge
    assert texts(entangled.items) == ["Entangled, half speed: -15", "Entangled: it cannot run or charge"]
    assert movement_ruling(["blinded", "entangled"], 30).speed == 15
    assert movement_ruling(["blinded"], 15).speed == 5
    assert movement_ruling([], 30) == movement_ruling(["shaken"], 30)


def test_hinder_sets_speed_to_five_feet():
    """Seed 003, Hinder: "Target is briefly slowed, reducing his speed to five feet until the end
    of his next turn." """
    assert movement_ruling(["hindered"], 30).speed == 5
    assert movement_ruling(["hindered", "entangled"], 40).speed == 5
    assert movement_ruling(["hindered"], 0).speed == 0


def test_a_creature_that_takes_no_actions_does_not_move():
    """SRD 3.5, Stunned: "can't take actions"; Dying: "A dying character can take no actions"."""
    for name in ("stunned", "dying"):
        ruling = movement_ruling([name], 30)
        assert not ruling.can_move and not ruling.can_run_or_charge


def test_entangled_attacker():
    """SRD 3.5, Entangled: "takes a -2 penalty on all attack rolls and a -4 penalty to
    Dexterity" (-2 to the Dexterity modifier, so -2 more on a ranged attack)."""
    assert texts(attack_conditions(("entangled",), (), "ranged").attack_items) == [
        "Attacker entangled: -2",
        "Attacker entangled, -4 Dexterity on a ranged attack: -2",
    ]
    target = attack_conditions((), ("entangled",), "melee")
    assert [item.value for item in target.armor_class_items] == [None]


def test_invisible_attacker_against_sighted_and_blinded_targets():
    """SRD 3.5, Invisible: "An invisible creature gains a +2 bonus on attack rolls against sighted
    opponents, and ignores its opponents' Dexterity bonuses to AC (if any)." """
    sighted = attack_conditions(("invisible",), (), "melee", defender_dexterity=3)
    assert texts(sighted.items()) == [
        "Attacker invisible: +2",
        "Attacker invisible, no Dexterity bonus to AC: -3",
    ]
    blind = attack_conditions(("invisible",), ("blinded",), "melee", defender_dexterity=3)
    assert blind.attack_modifier == 0 and blind.armor_class_change == -5


def test_an_invisible_target_is_totally_concealed():
    """SRD 3.5, Invisible: "Visually undetectable." (a Flankwise reading: total concealment)."""
    answer = attack_conditions((), ("invisible",), "ranged")
    assert texts(answer.concealment) == ["Target invisible: total concealment (50% miss chance)"]


def test_squeezed():
    """Seed 002, Squeezing: "while squeezed in a narrow space you take a -4 penalty on attack
    rolls and a -4 penalty to AC." """
    assert texts(attack_conditions(("squeezed",), ("squeezed",), "melee").items()) == [
        "Attacker squeezed: -4",
        "Target squeezed, AC: -4",
    ]


def test_no_actions_refuse_an_attack():
    """SRD 3.5, Stunned: "can't take actions"; Nauseated: "unable to attack"."""
    assert texts(attack_conditions(("stunned",), (), "melee").restrictions) == [
        "Attacker stunned: it can take no actions"
    ]
    assert texts(attack_conditions(("nauseated",), (), "melee").restrictions) == [
        "Attacker nauseated: it cannot attack"
    ]


def test_sickened_weapon_damage_saves_and_checks():
    """SRD 3.5, Sickened: "The character takes a -2 penalty on all attack rolls, weapon damage
    rolls, saving throws, skill checks, and ability checks." """
    answer = attack_conditions(("sickened",), (), "melee")
    assert texts(answer.damage_items) == ["Attacker sickened, weapon damage: -2"]
    assert texts(save_items(["sickened"])) == ["Sickened: -2"]
    assert texts(check_items(["sickened"])) == ["Sickened: -2"]


def test_fear_does_not_stack_with_itself():
    """SRD 3.5 Conditions: "If certain effects can't combine, apply the most severe effect."
    Shaken and frightened are one fear: only frightened's -2 applies."""
    assert [row.name for row in expand(["shaken", "frightened"])] == ["frightened"]
    assert attack_conditions(("shaken", "frightened"), (), "melee").attack_modifier == -2
    assert texts(save_items(["shaken", "panicked"])) == ["Panicked: -2"]
    assert attack_conditions(("shaken", "sickened"), (), "melee").attack_modifier == -4


def test_dazzled_and_blinded_are_one_loss_of_sight():
    """SRD 3.5, Dazzled: "A dazzled creature takes a -1 penalty on attack rolls, Search checks,
    and Spot checks." Blinded is the worse: only it applies."""
    assert texts(check_items(["dazzled"], search_or_spot=True)) == ["Dazzled, Search and Spot: -1"]
    assert texts(check_items(["dazzled", "blinded"], search_or_spot=True)) == [
        "Blinded, Search and Spot: -4",
        "Blinded: a Spot check automatically fails",
    ]
    assert check_items(["dazzled"]) == ()


def test_a_disabled_attacker_is_told_it_takes_damage():
    """SRD 3.5, Disabled: "performing any standard action ... deals 1 point of damage after the
    completion of the act"."""
    answer = attack_conditions(("disabled",), (), "melee")
    assert answer.allowed
    assert texts(answer.notes) == ["Attacker disabled: an attack, a standard action, deals it 1 damage after"]


def test_dying_is_unconscious_is_helpless():
    """SRD 3.5, Dying: "A dying character is unconscious and near death."; Unconscious: "Knocked
    out and helpless." """
    assert [row.name for row in expand(["dying"])] == ["dying", "helpless", "unconscious"]
    assert attack_conditions((), ("dying",), "melee").sneak_attack


CONDITION_NAMES = st.lists(st.sampled_from(sorted(CONDITIONS)), max_size=5)


@given(CONDITION_NAMES, CONDITION_NAMES, st.sampled_from(["melee", "ranged"]), st.booleans())
def test_every_line_names_a_condition_that_holds(attacker, defender, kind, opportunity):
    """Issue 15: "Each applied modifier is an itemised line with the condition's name as its
    reason": each line names a condition that holds on the side its reason says; only the
    attacker's conditions refuse an attack; an attack refused says why."""
    answer = attack_conditions(attacker, defender, kind, attack_of_opportunity=opportunity)
    mine = {row.name for row in expand(attacker)}
    theirs = {row.name for row in expand(defender)}
    for item in answer.items():
        side, _, rest = item.reason.partition(" ")
        named = rest.split(",")[0].split(":")[0]
        if side == "Attacker":
            assert named in mine
        elif side == "Target":
            assert named in theirs
        else:
            assert item.reason.startswith("Sneak attack: yes, the target is ")
    assert all(item.reason.startswith("Attacker ") for item in answer.restrictions)
    assert answer.allowed == (not answer.restrictions)
    if not mine:
        assert answer.allowed


# Durations.

DISORIENT = "Blow leaves your opponent off-guard. Until the end of his next turn, target is confused."
BLIND = "Until the end of the next round, he is blinded."
HINDER = "Target is briefly slowed, reducing his speed to five feet until the end of his next turn."


def test_the_durations_quote_seed_003():
    """The seed sentences the duration tests implement stand in seed 003."""
    text = source_text("Seed 003")
    assert DISORIENT in text and BLIND in text and HINDER in text


def test_disorient_ends_at_the_end_of_the_targets_next_turn():
    """Seed 003, Disorient: "Until the end of his next turn, target is confused." Kroh crits the
    goblin on Kroh's turn: the goblin is confused through its own next turn, then no more."""
    confused = AppliedCondition("confused", "Goblin", end_of_next_turn("Goblin"), DISORIENT)
    still = expire([confused], [turn_end("Kroh"), turn_start("Goblin")])
    assert still.ended == () and conditions_on(still.kept, "goblin") == ("confused",)
    done = expire(still.kept, [turn_end("Goblin")])
    assert done.kept == ()
    assert done.ended == ((replace_seen(confused, 1), turn_end("Goblin")),)
    assert done.log() == ("Goblin is no longer confused",)


def replace_seen(applied: AppliedCondition, seen: int) -> AppliedCondition:
    """``applied`` with ``seen`` boundaries counted."""
    return AppliedCondition(applied.condition, applied.creature, applied.duration, applied.source, seen)


def test_applied_during_its_own_turn_it_lasts_through_the_next():
    """Seed 003, Feint and Hinder, "until the end of his next turn": put on a creature during its
    own turn (it rolled a natural 1 attacking), the end of that turn does not end it."""
    hindered = AppliedCondition("hindered", "Orc", end_of_next_turn("Orc"), HINDER)
    events = [turn_end("Orc"), turn_start("Kroh"), turn_end("Kroh"), ROUND_END, turn_start("Orc")]
    assert expire([hindered], events).ended == ()
    ended = expire([hindered], events + [turn_end("Orc")])
    assert [event for _, event in ended.ended] == [turn_end("Orc")]


def test_blind_ends_at_the_end_of_the_next_round():
    """Seed 003, Blind: "Until the end of the next round, he is blinded." Applied in round 1, it
    lasts through round 2 and ends when round 2 ends."""
    blinded = AppliedCondition("blinded", "Orc", end_of_next_round(), BLIND)
    round_one_rest = [turn_end("Orc"), turn_start("Kroh"), turn_end("Kroh"), ROUND_END]
    round_two = [turn_start("Orc"), turn_end("Orc"), turn_start("Kroh"), turn_end("Kroh")]
    assert expire([blinded], round_one_rest + round_two).ended == ()
    ended = expire([blinded], round_one_rest + round_two + [ROUND_END])
    assert ended.kept == () and ended.ended[0][1] == ROUND_END


def test_rounds_end_just_before_the_same_turn():
    """N rounds, applied on Kroh's turn, end just before Kroh's turn starts for the N-th time."""
    shaken = AppliedCondition("shaken", "Orc", for_rounds(2, "Kroh"), "Intimidate")
    one_round = [turn_end("Kroh"), turn_start("Orc"), turn_end("Orc"), ROUND_END]
    after_one = expire([shaken], one_round + [turn_start("Kroh"), turn_end("Kroh")])
    assert after_one.ended == ()
    after_two = expire(after_one.kept, [turn_start("Orc"), turn_end("Orc"), ROUND_END, turn_start("KROH")])
    assert after_two.kept == () and after_two.ended[0][1] == turn_start("KROH")


def test_until_removed_never_ends_and_others_are_left_alone():
    """A condition until removed ends by no turn boundary; another creature's turn ends nothing."""
    prone = AppliedCondition("Prone", "Orc", UNTIL_REMOVED, "Trip: Target is knocked prone.")
    confused = AppliedCondition("confused", "Goblin", end_of_next_turn("Goblin"), DISORIENT)
    events = [turn_start("Orc"), turn_end("Orc"), ROUND_END] * 3
    result = expire([prone, confused], events)
    assert result.kept == (prone, confused) and result.ended == ()
    assert prone.condition == "prone"
    assert prone.text() == "Orc: prone, until removed"
    assert confused.text() == "Goblin: confused, until the end of Goblin's next turn"


def test_duration_texts():
    """The page says each duration as the seeds do."""
    assert end_of_next_round().text() == "until the end of the next round"
    assert for_rounds(1, "Kroh").text() == "1 round (until Kroh's turn)"
    assert for_rounds(3, "Kroh").text() == "3 rounds (until Kroh's turn)"


@pytest.mark.parametrize(
    "build",
    [
        lambda: Duration(Lasting.END_OF_NEXT_TURN),
        lambda: Duration(Lasting.END_OF_NEXT_ROUND, "Kroh"),
        lambda: Duration(Lasting.ROUNDS, "Kroh"),
        lambda: Duration(Lasting.ROUNDS, "Kroh", 0),
        lambda: Duration(Lasting.UNTIL_REMOVED, rounds=2),
        lambda: Duration("forever"),
        lambda: TurnEvent(turn_start("Kroh").boundary),
        lambda: AppliedCondition("sleepy", "Kroh"),
        lambda: AppliedCondition("prone", " "),
        lambda: expire([], ["Kroh's turn"]),
    ],
)
def test_impossible_durations_are_refused(build):
    """A duration, a turn event or an applied condition that cannot be is a ``ConditionError``."""
    with pytest.raises(ConditionError):
        build()
