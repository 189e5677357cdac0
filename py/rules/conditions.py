"""Conditions as data: what being prone, helpless, blinded... does to an attack, a save, a move,
and how long a condition applied by an effect lasts.

``CONDITIONS`` is the one table, one ``Condition`` row per condition, each with its badge for
the token, the numbers the engine applies, the flags for rules that change more than a number,
the conditions it includes (``implies``) and the sentences it comes from, quoted verbatim
(``Quote``). The functions read the table and answer itemised (``rules.itemise.Item``), with
the condition's name in each reason:

* ``attack_conditions(attacker, defender, kind)``: what the attacker's and the defender's
  conditions do to one melee or ranged attack ("Target prone, AC against melee: -4"), as a
  ``ConditionAnswer``;
* ``save_items``, ``check_items``, ``movement_ruling``, ``opportunity_ruling``: the rest of what
  the numbers and flags say about one creature;
* ``AppliedCondition`` and ``Duration``: a condition put on a creature by an effect, "until the
  end of its next turn", "until the end of the next round", for N rounds or until removed;
  ``expire`` reads the round's turn boundaries (``TurnEvent``) and says which have ended.

Sources: the SRD 3.5 conditions excerpt (../shared/references/srd35-conditions.txt), seed 000
(UA Combat Facing: Sneak Attacks), seed 002 (Moving through a Square; Squeezing) and seed 003
(Critical Hits: Hinder). Its first lines: "If more than one condition affects a character,
apply them all. If certain effects can't combine, apply the most severe effect." Flankwise reads
"can't combine" as two rungs of one ladder (``Condition.ladder``): shaken, frightened and
panicked are one fear, dazzled and blinded one loss of sight, and only the worst rung of each
applies; everything else applies in full. Where a row goes past its quoted text, its
``reading`` says so.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction

from rules.errors import RulesError, typed_key
from rules.itemise import Item

SRD = "SRD 3.5 Conditions"
SEED_000 = "Seed 000"
SEED_002 = "Seed 002"
SEED_003 = "Seed 003"

SOURCES = {
    SRD: "references/srd35-conditions.txt",
    SEED_000: "seeds/000_408ca564b8d1275a.txt",
    SEED_002: "seeds/002_b39fb9bc2ca15174.txt",
    SEED_003: "seeds/003_5e62085727b7ce9d.txt",
}
"""Each source a quote may cite, with its file under ../shared/ (the tests read them)."""

MELEE = "melee"
RANGED = "ranged"
ATTACK_RANGES = (MELEE, RANGED)
"""The two kinds of attack conditions tell apart. From ``rules.facing``: ``MELEE`` when
``kind.value.melee``, else ``RANGED``."""


# Flags: rules that change more than a number.

NO_RANGED_EXCEPT_CROSSBOW = "no_ranged_except_crossbow"
"""As an attacker it cannot use a ranged weapon, except a crossbow (prone)."""
STANDING_UP_PROVOKES = "standing_up_provokes"
"""Standing up is a move action that provokes an attack of opportunity (prone)."""
CAN_BE_MOVED_THROUGH = "can_be_moved_through"
"""Opponents may move through its square (helpless)."""
CAN_BE_ENDED_ON = "can_be_ended_on"
"""Others may end their movement in its square (helpless)."""
MOVING_THROUGH_COSTS_DOUBLE = "moving_through_costs_double"
"""Each square it occupies counts as 2 squares to move through (paralyzed)."""
SNEAK_ATTACKABLE = "sneak_attackable"
"""Rogues sneak attack it (helpless)."""
DEXTERITY_ZERO = "dexterity_zero"
"""It is treated as having a Dexterity of 0, a -5 modifier (helpless, paralyzed)."""
LOSES_DEX_TO_AC = "loses_dex_to_ac"
"""It loses its Dexterity bonus to AC, if any (flat-footed, blinded, stunned, cowering)."""
IGNORES_TARGET_DEX = "ignores_target_dex"
"""As an attacker it ignores its opponents' Dexterity bonuses to AC (invisible)."""
NEEDS_SIGHTED_TARGET = "needs_sighted_target"
"""Its attack bonus holds only against opponents that can see (invisible): not a blinded one."""
TOTALLY_CONCEALED = "totally_concealed"
"""As a target it has total concealment from attackers (invisible, a Flankwise reading)."""
TARGETS_TOTALLY_CONCEALED = "targets_totally_concealed"
"""As an attacker every target has total concealment, 50% miss chance (blinded)."""
SIGHT_CHECKS_FAIL = "sight_checks_fail"
"""Checks relying on vision, Spot among them, automatically fail (blinded)."""
NO_ATTACKS_OF_OPPORTUNITY = "no_attacks_of_opportunity"
"""It makes no attacks of opportunity (flat-footed)."""
OPPORTUNITY_ONLY_WHEN_DEVOTED = "opportunity_only_when_devoted"
"""It makes attacks of opportunity only against a creature it is devoted to attacking
(confused)."""
ACTS_AT_RANDOM = "acts_at_random"
"""Its action is rolled on d% at the start of its turn (confused)."""
NO_ACTIONS = "no_actions"
"""It takes no actions: no attacks, no moves, no attacks of opportunity."""
NO_ATTACKS = "no_attacks"
"""It cannot attack (nauseated, panicked)."""
SINGLE_ACTION = "single_action"
"""A single move or standard action a round, no full-round action (disabled); a single move
action (nauseated)."""
STANDARD_ACTION_HURTS = "standard_action_hurts"
"""A standard action deals it 1 point of damage after (disabled)."""
HALVES_SPEED = "halves_speed"
"""It moves at half speed (blinded, entangled, disabled)."""
NO_RUN_OR_CHARGE = "no_run_or_charge"
"""It cannot run or charge (entangled)."""
CONCENTRATION_TO_CAST = "concentration_to_cast"
"""Casting a spell needs a Concentration check, DC 15 + the spell's level (entangled)."""
DROPS_HELD = "drops_held"
"""It drops everything it holds (stunned, panicked)."""
FLEES = "flees"
"""It flees from the source of its fear (frightened, panicked)."""
LOSES_NEXT_ATTACK = "loses_next_attack"
"""Its next attack is lost: the next one rolled is not made, and the condition ends (a monster
critically hit under the body points option)."""
PENALTY_TO_ALL_ACTIONS = "penalty_to_all_actions"
"""A penalty to all its actions, the applied condition's ``amount`` (feinted: the level of the
defender who feinted)."""

FLAGS = (
    NO_RANGED_EXCEPT_CROSSBOW,
    STANDING_UP_PROVOKES,
    CAN_BE_MOVED_THROUGH,
    CAN_BE_ENDED_ON,
    MOVING_THROUGH_COSTS_DOUBLE,
    SNEAK_ATTACKABLE,
    DEXTERITY_ZERO,
    LOSES_DEX_TO_AC,
    IGNORES_TARGET_DEX,
    NEEDS_SIGHTED_TARGET,
    TOTALLY_CONCEALED,
    TARGETS_TOTALLY_CONCEALED,
    SIGHT_CHECKS_FAIL,
    NO_ATTACKS_OF_OPPORTUNITY,
    OPPORTUNITY_ONLY_WHEN_DEVOTED,
    ACTS_AT_RANDOM,
    NO_ACTIONS,
    NO_ATTACKS,
    SINGLE_ACTION,
    STANDARD_ACTION_HURTS,
    HALVES_SPEED,
    NO_RUN_OR_CHARGE,
    CONCENTRATION_TO_CAST,
    DROPS_HELD,
    FLEES,
    LOSES_NEXT_ATTACK,
    PENALTY_TO_ALL_ACTIONS,
)
"""Every flag a row may carry."""

FEAR = "fear"
SIGHT = "sight"


class ConditionError(RulesError):
    """A condition the table lacks, a row that breaks the table's shape, or a duration that
    cannot be."""


@dataclass(frozen=True)
class Quote:
    """A sentence a row implements, verbatim from ``source`` (a key of ``SOURCES``), in the
    section called ``section``."""

    source: str
    section: str
    text: str

    @property
    def rule(self) -> str:
        """The rule an ``Item`` cites: ``"SRD 3.5 Conditions: Prone"``."""
        return f"{self.source}: {self.section}"


@dataclass(frozen=True)
class Condition:
    """One row of the table.

    ``name`` (lower case) and ``badge`` (one or two letters drawn on the token). The numbers,
    0 when the condition says nothing: ``attack_melee`` and ``attack_ranged`` on its own attack
    rolls; ``ac_melee`` and ``ac_ranged``, the change to its Armor Class against melee and
    ranged attacks; ``attacked_melee`` and ``attacked_ranged`` on attack rolls against it;
    ``weapon_damage`` on its weapon damage rolls; ``saves`` on all its saving throws;
    ``checks`` on all its skill and ability checks; ``search_spot`` on its Search and Spot
    checks besides; ``dexterity`` to its Dexterity score; ``speed_cap``, feet its speed is
    reduced to, or ``None``. ``flags`` (of ``FLAGS``) name the rules that change more than a
    number. ``implies`` names the conditions it includes (dying: unconscious; unconscious:
    helpless). ``ladder`` and ``rung``: of the conditions on one ladder only the highest rung
    applies ("apply the most severe effect"). ``quotes`` are the sentences it implements,
    verbatim; ``reading`` says what Flankwise adds where they are silent.
    """

    name: str
    badge: str
    quotes: tuple[Quote, ...]
    attack_melee: int = 0
    attack_ranged: int = 0
    ac_melee: int = 0
    ac_ranged: int = 0
    attacked_melee: int = 0
    attacked_ranged: int = 0
    weapon_damage: int = 0
    saves: int = 0
    checks: int = 0
    search_spot: int = 0
    dexterity: int = 0
    speed_cap: int | None = None
    flags: frozenset = field(default_factory=frozenset)
    implies: tuple[str, ...] = ()
    ladder: str | None = None
    rung: int = 0
    reading: str = ""

    def __post_init__(self):
        if not isinstance(self.name, str) or self.name != typed_key(self.name):
            raise ConditionError(f"A condition's name is lower case, not {self.name!r}.")
        if not (isinstance(self.badge, str) and 1 <= len(self.badge) <= 2 and self.badge.isalpha()):
            raise ConditionError(f"{self.name}: a badge is one or two letters, not {self.badge!r}.")
        if not self.quotes or not all(isinstance(quote, Quote) for quote in self.quotes):
            raise ConditionError(f"{self.name}: a condition quotes the sentences it implements.")
        if any(quote.source not in SOURCES for quote in self.quotes):
            raise ConditionError(f"{self.name}: a quote cites one of {', '.join(SOURCES)}.")
        unknown = set(self.flags) - set(FLAGS)
        if not isinstance(self.flags, frozenset) or unknown:
            raise ConditionError(f"{self.name}: unknown flags {sorted(unknown)!r}.")

    @property
    def speed_factor(self) -> Fraction:
        """What its speed is multiplied by: 1/2 with ``HALVES_SPEED``, else 1."""
        return Fraction(1, 2) if HALVES_SPEED in self.flags else Fraction(1)

    @property
    def rule(self) -> str:
        """The rule its lines cite: its first quote's source and section."""
        return self.quotes[0].rule

    def has(self, flag: str) -> bool:
        """Whether the row carries ``flag``."""
        return flag in self.flags


def _srd(section: str, *texts: str) -> tuple[Quote, ...]:
    """Quotes from the SRD 3.5 conditions excerpt, section ``section``."""
    return tuple(Quote(SRD, section, text) for text in texts)


CONDITION_TABLE = (
    Condition(
        "blinded",
        "B",
        _srd(
            "Blinded",
            "He takes a -2 penalty to Armor Class, loses his Dexterity bonus to AC (if any), moves "
            "at half speed, and takes a -4 penalty on Search checks and on most Strength- and "
            "Dexterity-based skill checks.",
            "All checks and activities that rely on vision (such as reading and Spot checks) "
            "automatically fail.",
            "All opponents are considered to have total concealment (50% miss chance) to the "
            "blinded character.",
        ),
        ac_melee=-2,
        ac_ranged=-2,
        search_spot=-4,
        flags=frozenset({LOSES_DEX_TO_AC, HALVES_SPEED, SIGHT_CHECKS_FAIL, TARGETS_TOTALLY_CONCEALED}),
        ladder=SIGHT,
        rung=2,
        reading="The -4 on most Strength- and Dexterity-based skill checks is left to the table; "
        "Search takes it here, and Spot fails anyway.",
    ),
    Condition(
        "confused",
        "C",
        _srd(
            "Confused",
            "A confused character's actions are determined by rolling d% at the beginning of his "
            "turn",
            "Attackers are not at any special advantage when attacking a confused character.",
            "A confused character does not make attacks of opportunity against any creature that "
            "it is not already devoted to attacking (either because of its most recent action or "
            "because it has just been attacked).",
        ),
        flags=frozenset({ACTS_AT_RANDOM, OPPORTUNITY_ONLY_WHEN_DEVOTED}),
    ),
    Condition(
        "cowering",
        "Co",
        _srd(
            "Cowering",
            "The character is frozen in fear and can take no actions.",
            "A cowering character takes a -2 penalty to Armor Class and loses her Dexterity bonus "
            "(if any).",
        ),
        ac_melee=-2,
        ac_ranged=-2,
        flags=frozenset({NO_ACTIONS, LOSES_DEX_TO_AC}),
    ),
    Condition(
        "dazed",
        "Dz",
        _srd("Dazed", "A dazed creature can take no actions, but has no penalty to AC."),
        flags=frozenset({NO_ACTIONS}),
    ),
    Condition(
        "dazzled",
        "Dl",
        _srd(
            "Dazzled",
            "A dazzled creature takes a -1 penalty on attack rolls, Search checks, and Spot checks.",
        ),
        attack_melee=-1,
        attack_ranged=-1,
        search_spot=-1,
        ladder=SIGHT,
        rung=1,
    ),
    Condition(
        "dead",
        "De",
        _srd(
            "Dead",
            "The character's hit points are reduced to -10, his Constitution drops to 0, or he is "
            "killed outright by a spell or effect.",
        ),
        flags=frozenset({NO_ACTIONS, CAN_BE_MOVED_THROUGH, CAN_BE_ENDED_ON}),
        reading="The excerpt gives no rules for the dead: it takes no actions, and its body is "
        "no opponent, so it is moved through and ended on like a helpless one.",
    ),
    Condition(
        "disabled",
        "Di",
        _srd(
            "Disabled",
            "A disabled character may take a single move action or standard action each round "
            "(but not both, nor can she take full-round actions).",
            "She moves at half speed.",
            "Taking move actions doesn't risk further injury, but performing any standard action "
            "(or any other action the game master deems strenuous, including some free actions "
            "such as casting a quickened spell) deals 1 point of damage after the completion of "
            "the act.",
        ),
        flags=frozenset({SINGLE_ACTION, HALVES_SPEED, STANDARD_ACTION_HURTS}),
    ),
    Condition(
        "dying",
        "Dy",
        _srd(
            "Dying",
            "A dying character is unconscious and near death.",
            "A dying character can take no actions and is unconscious.",
        ),
        flags=frozenset({NO_ACTIONS}),
        implies=("unconscious",),
    ),
    Condition(
        "entangled",
        "E",
        _srd(
            "Entangled",
            "An entangled creature moves at half speed, cannot run or charge, and takes a -2 "
            "penalty on all attack rolls and a -4 penalty to Dexterity.",
            "An entangled character who attempts to cast a spell must make a Concentration check "
            "(DC 15 + the spell's level) or lose the spell.",
        ),
        attack_melee=-2,
        attack_ranged=-2,
        dexterity=-4,
        flags=frozenset({HALVES_SPEED, NO_RUN_OR_CHARGE, CONCENTRATION_TO_CAST}),
        reading="-4 Dexterity is -2 to the Dexterity modifier: -2 more on ranged attack rolls "
        "(applied); its AC and Reflex saves fall with it within its armour's cap (said, not "
        "counted).",
    ),
    Condition(
        "feinted",
        "Fe",
        (
            Quote(
                SEED_003,
                "Critical Misses: Feint",
                "Until the end of his next turn, your enemy is has a negative modifier equal to your "
                "level to all actions.",
            ),
        ),
        flags=frozenset({PENALTY_TO_ALL_ACTIONS}),
        reading="The penalty is the applied condition's amount, the level (a monster's hit dice) of "
        "the defender who feinted; the attack panel counts it on attack rolls, and saves and checks "
        "take it too (said, not counted, as the page rolls neither).",
    ),
    Condition(
        "flat-footed",
        "FF",
        _srd(
            "Flat-Footed",
            "A flat-footed character loses his Dexterity bonus to AC (if any) and cannot make "
            "attacks of opportunity.",
        ),
        flags=frozenset({LOSES_DEX_TO_AC, NO_ATTACKS_OF_OPPORTUNITY}),
        reading="Sneak attack on a flat-footed target (seed 000, \"whenever her foe is "
        "flat-footed\") stays with rules.facing, which knows Uncanny Dodge.",
    ),
    Condition(
        "frightened",
        "Fr",
        _srd(
            "Frightened",
            "A frightened creature flees from the source of its fear as best it can.",
            "A frightened creature takes a -2 penalty on all attack rolls, saving throws, skill "
            "checks, and ability checks.",
        ),
        attack_melee=-2,
        attack_ranged=-2,
        saves=-2,
        checks=-2,
        flags=frozenset({FLEES}),
        ladder=FEAR,
        rung=2,
    ),
    Condition(
        "helpless",
        "H",
        _srd(
            "Helpless",
            "A helpless target is treated as having a Dexterity of 0 (-5 modifier).",
            "Melee attacks against a helpless target get a +4 bonus (equivalent to attacking a "
            "prone target).",
            "Ranged attacks gets no special bonus against helpless targets.",
            "Rogues can sneak attack helpless targets.",
        )
        + (
            Quote(
                SEED_002,
                "Moving through a Square",
                "You can move through a square occupied by a helpless opponent without penalty.",
            ),
            Quote(
                SEED_002,
                "Moving through a Square",
                "You can\u2019t end your movement in the same square as another creature unless "
                "it is helpless.",
            ),
        ),
        attacked_melee=4,
        flags=frozenset({DEXTERITY_ZERO, SNEAK_ATTACKABLE, CAN_BE_MOVED_THROUGH, CAN_BE_ENDED_ON}),
    ),
    Condition(
        "hindered",
        "Hi",
        (
            Quote(
                SEED_003,
                "Critical Hits: Hinder",
                "Target is briefly slowed, reducing his speed to five feet until the end of his next turn.",
            ),
        ),
        speed_cap=5,
    ),
    Condition(
        "invisible",
        "I",
        _srd(
            "Invisible",
            "Visually undetectable.",
            "An invisible creature gains a +2 bonus on attack rolls against sighted opponents, and "
            "ignores its opponents' Dexterity bonuses to AC (if any).",
        ),
        attack_melee=2,
        attack_ranged=2,
        flags=frozenset({NEEDS_SIGHTED_TARGET, IGNORES_TARGET_DEX, TOTALLY_CONCEALED}),
        reading="\"Visually undetectable\": its attackers treat it as totally concealed, as a "
        "blinded attacker treats every opponent; a blinded opponent is not sighted.",
    ),
    Condition(
        "loses next attack",
        "LA",
        (
            Quote(
                SEED_003,
                "Critical Hits",
                "As monsters generally do not have body points, a critical hit will do maximum damage "
                "plus a normal damage roll to them and cause them to lose their next attack.",
            ),
        ),
        flags=frozenset({LOSES_NEXT_ATTACK}),
        reading="One attack is lost: the next attack rolled for the creature is not made, the log says "
        "so, and the condition ends; until then its badge shows it on the board.",
    ),
    Condition(
        "nauseated",
        "N",
        _srd(
            "Nauseated",
            "Nauseated creatures are unable to attack, cast spells, concentrate on spells, or do "
            "anything else requiring attention.",
            "The only action such a character can take is a single move action per turn.",
        ),
        flags=frozenset({NO_ATTACKS, SINGLE_ACTION}),
    ),
    Condition(
        "panicked",
        "Pn",
        _srd(
            "Panicked",
            "A panicked creature must drop anything it holds and flee at top speed from the source "
            "of its fear, as well as any other dangers it encounters, along a random path.",
            "It can't take any other actions.",
            "In addition, the creature takes a -2 penalty on all saving throws, skill checks, and "
            "ability checks.",
        ),
        saves=-2,
        checks=-2,
        flags=frozenset({DROPS_HELD, FLEES, NO_ATTACKS}),
        ladder=FEAR,
        rung=3,
    ),
    Condition(
        "paralyzed",
        "Pa",
        _srd(
            "Paralyzed",
            "A paralyzed character is frozen in place and unable to move or act.",
            "A paralyzed character has effective Dexterity and Strength scores of 0 and is "
            "helpless, but can take purely mental actions.",
            "Each square occupied by a paralyzed creature, however, counts as 2 squares.",
        ),
        flags=frozenset({NO_ACTIONS, MOVING_THROUGH_COSTS_DOUBLE}),
        implies=("helpless",),
    ),
    Condition(
        "prone",
        "P",
        _srd(
            "Prone",
            "An attacker who is prone has a -4 penalty on melee attack rolls and cannot use a "
            "ranged weapon (except for a crossbow).",
            "A defender who is prone gains a +4 bonus to Armor Class against ranged attacks, but "
            "takes a -4 penalty to AC against melee attacks.",
            "Standing up is a move-equivalent action that provokes an attack of opportunity.",
        ),
        attack_melee=-4,
        ac_melee=-4,
        ac_ranged=4,
        flags=frozenset({NO_RANGED_EXCEPT_CROSSBOW, STANDING_UP_PROVOKES}),
    ),
    Condition(
        "shaken",
        "Sh",
        _srd(
            "Shaken",
            "A shaken character takes a -2 penalty on attack rolls, saving throws, skill checks, "
            "and ability checks.",
        ),
        attack_melee=-2,
        attack_ranged=-2,
        saves=-2,
        checks=-2,
        ladder=FEAR,
        rung=1,
    ),
    Condition(
        "sickened",
        "Si",
        _srd(
            "Sickened",
            "The character takes a -2 penalty on all attack rolls, weapon damage rolls, saving "
            "throws, skill checks, and ability checks.",
        ),
        attack_melee=-2,
        attack_ranged=-2,
        weapon_damage=-2,
        saves=-2,
        checks=-2,
    ),
    Condition(
        "squeezed",
        "Sq",
        (
            Quote(
                SEED_002,
                "Squeezing",
                "Each move into or through a narrow space counts as if it were 2 squares, and "
                "while squeezed in a narrow space you take a \u20134 penalty on attack rolls and a "
                "\u20134 penalty to AC.",
            ),
        ),
        attack_melee=-4,
        attack_ranged=-4,
        ac_melee=-4,
        ac_ranged=-4,
    ),
    Condition(
        "stable",
        "Sb",
        _srd(
            "Stable",
            "A character who was dying but who has stopped losing hit points and still has "
            "negative hit points is stable.",
            "The character is no longer dying, but is still unconscious.",
        ),
        implies=("unconscious",),
    ),
    Condition(
        "stunned",
        "St",
        _srd(
            "Stunned",
            "A stunned creature drops everything held, can't take actions, takes a -2 penalty to "
            "AC, and loses his Dexterity bonus to AC (if any).",
        ),
        ac_melee=-2,
        ac_ranged=-2,
        flags=frozenset({DROPS_HELD, NO_ACTIONS, LOSES_DEX_TO_AC}),
    ),
    Condition(
        "unconscious",
        "U",
        _srd("Unconscious", "Knocked out and helpless."),
        flags=frozenset({NO_ACTIONS}),
        implies=("helpless",),
    ),
)
"""The conditions, one row each, in alphabetical order (the order their lines and badges take).
Sources as each row's ``quotes`` say."""

CONDITIONS = {row.name: row for row in CONDITION_TABLE}
"""The table by name."""

REQUIRED = (
    "prone", "helpless", "flat-footed", "blinded", "entangled", "stunned", "dazed", "confused",
    "shaken", "frightened", "sickened", "dazzled", "invisible", "disabled", "dying",
    "unconscious", "dead", "squeezed",
)  # fmt: skip
"""The conditions issue 15 asks the table for, at least."""


def condition(name) -> Condition:
    """The row called ``name`` (any case, spaces trimmed). Raises ``ConditionError``."""
    row = CONDITIONS.get(typed_key(name))
    if row is None:
        raise ConditionError(f"There is no condition {name!r}: choose {', '.join(CONDITIONS)}.")
    return row


def expand(names: Iterable) -> tuple[Condition, ...]:
    """The rows that hold for a creature with the conditions ``names``: each named one and all it
    ``implies``, once each, in table order, with only the highest rung of each ladder ("If
    certain effects can't combine, apply the most severe effect")."""
    found: set[str] = set()
    waiting = [condition(name).name for name in names]
    while waiting:
        name = waiting.pop()
        if name not in found:
            found.add(name)
            waiting.extend(CONDITIONS[name].implies)
    worst: dict[str, int] = {}
    for name in found:
        row = CONDITIONS[name]
        if row.ladder is not None:
            worst[row.ladder] = max(worst.get(row.ladder, 0), row.rung)
    return tuple(
        row
        for row in CONDITION_TABLE
        if row.name in found and (row.ladder is None or row.rung == worst[row.ladder])
    )


def has_flag(names: Iterable, flag: str) -> bool:
    """Whether any condition that holds (``expand(names)``) carries ``flag``."""
    if flag not in FLAGS:
        raise ConditionError(f"There is no condition flag {flag!r}.")
    return any(row.has(flag) for row in expand(names))


def badges(names: Iterable) -> tuple[str, ...]:
    """The badges drawn on the token for the conditions ``names`` themselves, in table order
    (the implied ones are not drawn: a dying token shows Dy, not U and H too)."""
    named = {condition(name).name for name in names}
    return tuple(row.badge for row in CONDITION_TABLE if row.name in named)


def can_be_moved_through(names: Iterable) -> bool:
    """Seed 002: "You can move through a square occupied by a helpless opponent without
    penalty." """
    return has_flag(names, CAN_BE_MOVED_THROUGH)


def can_be_ended_on(names: Iterable) -> bool:
    """Seed 002: "You can't end your movement in the same square as another creature unless it
    is helpless." """
    return has_flag(names, CAN_BE_ENDED_ON)


# One attack.


@dataclass(frozen=True)
class ConditionAnswer:
    """What the attacker's and the defender's conditions do to one attack, itemised.

    ``attack_items`` modify the attack roll; ``armor_class_items`` change the defender's Armor
    Class (a line without a value says what the engine cannot count, such as a lost Dexterity
    bonus it was not told); ``damage_items`` modify the weapon's damage; ``concealment`` gives
    the miss chance; ``restrictions`` refuse the attack; ``notes`` inform (sneak attack, the
    damage a disabled attacker takes). ``sneak_attack`` is True when a condition opens the
    defender to sneak attack.
    """

    attack_items: tuple[Item, ...] = ()
    armor_class_items: tuple[Item, ...] = ()
    damage_items: tuple[Item, ...] = ()
    concealment: tuple[Item, ...] = ()
    restrictions: tuple[Item, ...] = ()
    notes: tuple[Item, ...] = ()
    sneak_attack: bool = False

    @property
    def allowed(self) -> bool:
        """Whether the attack may be made: no restriction refuses it."""
        return not self.restrictions

    @property
    def attack_modifier(self) -> int:
        """The sum of the attack roll modifiers."""
        return sum(item.value for item in self.attack_items if item.value is not None)

    @property
    def armor_class_change(self) -> int:
        """The sum of the changes to the defender's Armor Class."""
        return sum(item.value for item in self.armor_class_items if item.value is not None)

    def items(self) -> tuple[Item, ...]:
        """Every line, in the order the page shows them."""
        return (
            self.restrictions
            + self.attack_items
            + self.armor_class_items
            + self.damage_items
            + self.concealment
            + self.notes
        )


def _check_range(kind) -> str:
    """``kind`` is ``"melee"`` or ``"ranged"``."""
    if kind not in ATTACK_RANGES:
        raise ConditionError(f"An attack is melee or ranged, not {kind!r}.")
    return kind


def _pick(row: Condition, kind: str, melee: str, ranged: str) -> int:
    """The row's number ``melee`` or ``ranged`` for an attack of ``kind``."""
    return getattr(row, melee if kind == MELEE else ranged)


def _restrictions(rows, kind: str, crossbow: bool, opportunity: bool) -> list[Item]:
    """The attacker's conditions that refuse the attack."""
    lines = []
    for row in rows:
        who = f"Attacker {row.name}"
        if row.has(NO_ACTIONS):
            lines.append(Item(f"{who}: it can take no actions", None, row.rule))
        elif row.has(NO_ATTACKS):
            lines.append(Item(f"{who}: it cannot attack", None, row.rule))
        if kind == RANGED and row.has(NO_RANGED_EXCEPT_CROSSBOW) and not crossbow:
            lines.append(Item(f"{who}: no ranged weapon but a crossbow", None, row.rule))
        if opportunity and row.has(NO_ATTACKS_OF_OPPORTUNITY):
            lines.append(Item(f"{who}: it makes no attacks of opportunity", None, row.rule))
        if row.has(LOSES_NEXT_ATTACK):
            lines.append(Item(f"{who}: this attack is lost (Roll marks it lost and ends the condition)", None,
                              row.rule))
    return lines


def _attack_items(attacker, defender, kind: str) -> list[Item]:
    """The attack roll's lines: the attacker's own penalties and bonuses, then the defender's
    conditions that help attackers."""
    sighted = not any(row.has(TARGETS_TOTALLY_CONCEALED) for row in defender)
    lines = []
    for row in attacker:
        value = _pick(row, kind, "attack_melee", "attack_ranged")
        if value and (sighted or not row.has(NEEDS_SIGHTED_TARGET)):
            which = f", {kind} attack" if row.attack_melee != row.attack_ranged else ""
            lines.append(Item(f"Attacker {row.name}{which}", value, row.rule))
        if kind == RANGED and row.dexterity:
            reason = f"Attacker {row.name}, {row.dexterity:+d} Dexterity on a ranged attack"
            lines.append(Item(reason, row.dexterity // 2, row.rule))
    for row in defender:
        value = _pick(row, kind, "attacked_melee", "attacked_ranged")
        if value:
            which = f", {kind} attack" if row.attacked_melee != row.attacked_ranged else ""
            lines.append(Item(f"Target {row.name}{which}", value, row.rule))
    return lines


def _dexterity_item(attacker, defender, dexterity: int | None) -> list[Item]:
    """At most one line for the defender's Dexterity bonus to AC, the most severe: a Dexterity
    of 0 (helpless), else a lost or ignored Dexterity bonus, else a lowered Dexterity."""
    zero = next((row for row in defender if row.has(DEXTERITY_ZERO)), None)
    if zero is not None:
        reason = f"Target {zero.name}, Dexterity 0 (-5 modifier)"
        if dexterity is None:
            return [Item(f"{reason}: put -5 for its Dexterity bonus to AC", None, zero.rule)]
        return [Item(reason, -5 - dexterity or None, zero.rule)]
    loses = [(f"Target {row.name}", row) for row in defender if row.has(LOSES_DEX_TO_AC)]
    loses += [(f"Attacker {row.name}", row) for row in attacker if row.has(IGNORES_TARGET_DEX)]
    if loses:
        who, row = loses[0]
        if dexterity is None:
            return [Item(f"{who}, no Dexterity bonus to AC: take it off", None, row.rule)]
        return [Item(f"{who}, no Dexterity bonus to AC", -max(0, dexterity) or None, row.rule)]
    lowered = next((row for row in defender if row.dexterity), None)
    if lowered is not None:
        reason = (
            f"Target {lowered.name}, {lowered.dexterity:+d} Dexterity: its Dexterity bonus to AC "
            f"falls by {-lowered.dexterity // 2} within its armour's cap"
        )
        return [Item(reason, None, lowered.rule)]
    return []


def _armor_class_items(attacker, defender, kind: str, dexterity: int | None) -> list[Item]:
    """The defender's Armor Class lines."""
    lines = []
    for row in defender:
        value = _pick(row, kind, "ac_melee", "ac_ranged")
        if value:
            which = f" against {kind}" if row.ac_melee != row.ac_ranged else ""
            lines.append(Item(f"Target {row.name}, AC{which}", value, row.rule))
    return lines + _dexterity_item(attacker, defender, dexterity)


def _concealment(attacker, defender) -> list[Item]:
    """Total concealment, once: from a blinded attacker, else from an invisible target."""
    for row in attacker:
        if row.has(TARGETS_TOTALLY_CONCEALED):
            reason = f"Attacker {row.name}: the target has total concealment (50% miss chance)"
            return [Item(reason, None, row.rule)]
    for row in defender:
        if row.has(TOTALLY_CONCEALED):
            reason = f"Target {row.name}: total concealment (50% miss chance)"
            return [Item(reason, None, row.rule)]
    return []


def attack_conditions(
    attacker: Iterable = (),
    defender: Iterable = (),
    kind: str = MELEE,
    *,
    crossbow: bool = False,
    attack_of_opportunity: bool = False,
    defender_dexterity: int | None = None,
) -> ConditionAnswer:
    """What the conditions ``attacker`` and ``defender`` (names of rows) do to one ``kind`` of
    attack (``"melee"`` or ``"ranged"``).

    ``crossbow``: the ranged weapon is a crossbow (Prone: "cannot use a ranged weapon (except
    for a crossbow)"). ``attack_of_opportunity``: the attack is one (Flat-Footed: "cannot make
    attacks of opportunity"). ``defender_dexterity``: the defender's Dexterity bonus to AC as
    it counts now; without it a lost Dexterity bonus is a line without a value.

    SRD 3.5 Conditions: "If more than one condition affects a character, apply them all." Each
    line's reason names the condition: "Target prone, AC against melee: -4".
    """
    kind = _check_range(kind)
    mine, theirs = expand(attacker), expand(defender)
    notes = []
    for row in mine:
        if row.has(STANDARD_ACTION_HURTS) and not attack_of_opportunity:
            reason = f"Attacker {row.name}: an attack, a standard action, deals it 1 damage after"
            notes.append(Item(reason, None, row.rule))
        if attack_of_opportunity and row.has(OPPORTUNITY_ONLY_WHEN_DEVOTED):
            reason = f"Attacker {row.name}: only against a creature it is devoted to attacking"
            notes.append(Item(reason, None, row.rule))
    opened = [row for row in theirs if row.has(SNEAK_ATTACKABLE)]
    if opened:
        notes.append(Item(f"Sneak attack: yes, the target is {opened[0].name}", None, opened[0].rule))
    damage = [
        Item(f"Attacker {row.name}, weapon damage", row.weapon_damage, row.rule)
        for row in mine
        if row.weapon_damage
    ]
    return ConditionAnswer(
        attack_items=tuple(_attack_items(mine, theirs, kind)),
        armor_class_items=tuple(_armor_class_items(mine, theirs, kind, defender_dexterity)),
        damage_items=tuple(damage),
        concealment=tuple(_concealment(mine, theirs)),
        restrictions=tuple(_restrictions(mine, kind, crossbow, attack_of_opportunity)),
        notes=tuple(notes),
        sneak_attack=bool(opened),
    )


# Saves, checks, movement, attacks of opportunity.


def save_items(names: Iterable) -> tuple[Item, ...]:
    """The conditions' modifiers to every saving throw ("Shaken: -2")."""
    return tuple(Item(row.name.capitalize(), row.saves, row.rule) for row in expand(names) if row.saves)


def check_items(names: Iterable, *, search_or_spot: bool = False) -> tuple[Item, ...]:
    """The conditions' modifiers to a skill or ability check; with ``search_or_spot``, the Search
    and Spot penalties too (dazzled, blinded), and a line when sight makes a Spot check fail."""
    lines = []
    for row in expand(names):
        if row.checks:
            lines.append(Item(row.name.capitalize(), row.checks, row.rule))
        if search_or_spot and row.search_spot:
            lines.append(Item(f"{row.name.capitalize()}, Search and Spot", row.search_spot, row.rule))
        if search_or_spot and row.has(SIGHT_CHECKS_FAIL):
            lines.append(Item(f"{row.name.capitalize()}: a Spot check automatically fails", None, row.rule))
    return tuple(lines)


@dataclass(frozen=True)
class MoveRuling:
    """What conditions leave of a creature's movement: ``speed`` in feet, the ``items`` saying
    why, whether it ``can_move`` at all and whether it ``can_run_or_charge``."""

    speed: int
    items: tuple[Item, ...]
    can_move: bool
    can_run_or_charge: bool


def movement_ruling(names: Iterable, speed: int) -> MoveRuling:
    """The movement left to a creature of ``speed`` feet with the conditions ``names``.

    Half speed (blinded, entangled, disabled: "moves at half speed") does not combine with
    itself: it halves once, the most severe effect; the result rounds down to whole 5-foot
    squares. A speed cap (Hinder: "reducing his speed to five feet") then applies. A creature
    that takes no actions does not move.
    """
    if isinstance(speed, bool) or not isinstance(speed, int) or speed < 0:
        raise ConditionError(f"A speed is a whole number of feet from 0, not {speed!r}.")
    rows = expand(names)
    lines = []
    halves = next((row for row in rows if row.has(HALVES_SPEED)), None)
    now = speed
    if halves is not None:
        now = speed // 2 // 5 * 5
        lines.append(Item(f"{halves.name.capitalize()}, half speed", now - speed, halves.rule))
    for row in rows:
        if row.speed_cap is not None and row.speed_cap < now:
            reason = f"{row.name.capitalize()}, speed {row.speed_cap} ft."
            lines.append(Item(reason, row.speed_cap - now, row.rule))
            now = row.speed_cap
    stopped = next((row for row in rows if row.has(NO_ACTIONS)), None)
    if stopped is not None:
        reason = f"{stopped.name.capitalize()}: it takes no actions, so it does not move"
        lines.append(Item(reason, None, stopped.rule))
    no_run = [row for row in rows if row.has(NO_RUN_OR_CHARGE)]
    lines += [Item(f"{row.name.capitalize()}: it cannot run or charge", None, row.rule) for row in no_run]
    return MoveRuling(now, tuple(lines), stopped is None, stopped is None and not no_run)


@dataclass(frozen=True)
class Ruling:
    """A yes or no with the lines saying why."""

    allowed: bool
    items: tuple[Item, ...]


def opportunity_ruling(names: Iterable) -> Ruling:
    """Whether a creature with the conditions ``names`` makes attacks of opportunity (the
    movement path stops marking one that does not). No: flat-footed ("cannot make attacks of
    opportunity"), or any condition with which it takes no actions or cannot attack (a
    Flankwise reading: an attack of opportunity is an attack). A confused creature makes them
    only against a creature it is devoted to attacking: allowed, with that line."""
    lines, allowed = [], True
    for row in expand(names):
        if row.has(NO_ATTACKS_OF_OPPORTUNITY) or row.has(NO_ACTIONS) or row.has(NO_ATTACKS):
            allowed = False
            lines.append(Item(f"{row.name.capitalize()}: no attacks of opportunity", None, row.rule))
        elif row.has(OPPORTUNITY_ONLY_WHEN_DEVOTED):
            reason = f"{row.name.capitalize()}: only against a creature it is devoted to attacking"
            lines.append(Item(reason, None, row.rule))
    return Ruling(allowed, tuple(lines))


# Durations.


class Lasting(Enum):
    """The ways an applied condition's time runs out."""

    END_OF_NEXT_TURN = "end of next turn"
    END_OF_NEXT_ROUND = "end of next round"
    ROUNDS = "rounds"
    UNTIL_REMOVED = "until removed"


@dataclass(frozen=True)
class Duration:
    """How long an applied condition lasts.

    ``END_OF_NEXT_TURN`` with ``creature``: until the end of that creature's next turn (seed
    003, Disorient: "Until the end of his next turn, target is confused."): the end of the next
    turn of it to start after the condition was applied. ``END_OF_NEXT_ROUND``: until the end
    of the round after the one it was applied in (seed 003, Blind: "Until the end of the next
    round, he is blinded."). ``ROUNDS`` with ``rounds`` and ``creature``, the creature whose
    turn it was when it was applied: it ends just before that creature's turn starts for the
    ``rounds``-th time after (the standard rules' "1 round" runs to the same initiative count).
    ``UNTIL_REMOVED``: the game master removes it.
    """

    lasting: Lasting
    creature: str | None = None
    rounds: int | None = None

    def __post_init__(self):
        if not isinstance(self.lasting, Lasting):
            raise ConditionError(f"A duration is one of {', '.join(each.value for each in Lasting)}.")
        needs_creature = self.lasting in (Lasting.END_OF_NEXT_TURN, Lasting.ROUNDS)
        if needs_creature != (isinstance(self.creature, str) and bool(self.creature.strip())):
            raise ConditionError(
                "A duration names a creature for its next turn or for N rounds, and only then."
            )
        needs_rounds = self.lasting is Lasting.ROUNDS
        counted = not isinstance(self.rounds, bool) and isinstance(self.rounds, int) and self.rounds >= 1
        if needs_rounds != counted or (not needs_rounds and self.rounds is not None):
            raise ConditionError("A duration in rounds counts 1 round or more, and only it counts.")

    def text(self) -> str:
        """The duration as the page says it: ``"until the end of Kroh's next turn"``."""
        if self.lasting is Lasting.END_OF_NEXT_TURN:
            return f"until the end of {self.creature}'s next turn"
        if self.lasting is Lasting.END_OF_NEXT_ROUND:
            return "until the end of the next round"
        if self.lasting is Lasting.ROUNDS:
            plural = "round" if self.rounds == 1 else "rounds"
            return f"{self.rounds} {plural} (until {self.creature}'s turn)"
        return "until removed"


def end_of_next_turn(creature: str) -> Duration:
    """Until the end of ``creature``'s next turn."""
    return Duration(Lasting.END_OF_NEXT_TURN, creature)


def end_of_next_round() -> Duration:
    """Until the end of the next round."""
    return Duration(Lasting.END_OF_NEXT_ROUND)


def for_rounds(rounds: int, creature: str) -> Duration:
    """``rounds`` rounds, applied on ``creature``'s turn."""
    return Duration(Lasting.ROUNDS, creature, rounds)


UNTIL_REMOVED = Duration(Lasting.UNTIL_REMOVED)
"""Until the game master removes it."""


class Boundary(Enum):
    """The moments of a round at which a duration can end."""

    TURN_START = "start of turn"
    TURN_END = "end of turn"
    ROUND_END = "end of round"


@dataclass(frozen=True)
class TurnEvent:
    """A turn boundary in the round: the start or end of ``creature``'s turn, or the end of the
    round (no creature)."""

    boundary: Boundary
    creature: str | None = None

    def __post_init__(self):
        if not isinstance(self.boundary, Boundary):
            raise ConditionError(f"A turn event is one of {', '.join(each.value for each in Boundary)}.")
        if (self.boundary is Boundary.ROUND_END) != (self.creature is None):
            raise ConditionError("A turn starts or ends for a creature; a round ends for all.")


def turn_start(creature: str) -> TurnEvent:
    """The start of ``creature``'s turn."""
    return TurnEvent(Boundary.TURN_START, creature)


def turn_end(creature: str) -> TurnEvent:
    """The end of ``creature``'s turn."""
    return TurnEvent(Boundary.TURN_END, creature)


ROUND_END = TurnEvent(Boundary.ROUND_END)
"""The end of the round, after its last turn."""


@dataclass(frozen=True)
class AppliedCondition:
    """A condition on a creature for a time: ``condition`` (a row's name), on ``creature``, for
    ``duration``, put there by ``source`` (the words of the effect, e.g. seed 003's Disorient).
    ``seen`` counts the boundaries of its duration passed so far (turn starts, round ends):
    ``expire`` keeps it up to date."""

    condition: str
    creature: str
    duration: Duration = UNTIL_REMOVED
    source: str = ""
    seen: int = 0
    amount: int = 0

    def __post_init__(self):
        object.__setattr__(self, "condition", condition(self.condition).name)
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or not 0 <= self.amount <= 999:
            raise ConditionError(f"{self.creature}: a condition's amount is a whole number from 0 to 999.")
        if self.amount and not CONDITIONS[self.condition].has(PENALTY_TO_ALL_ACTIONS):
            raise ConditionError(f"{self.creature}: {self.condition} takes no amount.")
        if not isinstance(self.creature, str) or not self.creature.strip():
            raise ConditionError("A condition is applied to a creature named on the board.")
        if not isinstance(self.duration, Duration):
            raise ConditionError(f"{self.creature}: a condition's duration is a Duration.")
        if not isinstance(self.source, str):
            raise ConditionError(f"{self.creature}: a condition's source is text.")
        if isinstance(self.seen, bool) or not isinstance(self.seen, int) or self.seen < 0:
            raise ConditionError(f"{self.creature}: a count of boundaries is a whole number from 0.")

    def text(self) -> str:
        """The applied condition as the page lists it: ``"Goblin: confused, until the end of
        Goblin's next turn"`` (``"Goblin: feinted, -3 to all actions, ..."`` with an amount)."""
        amount = f", -{self.amount} to all actions" if self.amount else ""
        return f"{self.creature}: {self.condition}{amount}, {self.duration.text()}"

    def ended_text(self) -> str:
        """The line the round's log shows when it ends: ``"Goblin is no longer confused"``."""
        return f"{self.creature} is no longer {self.condition}"


def _same(name: str | None, other: str | None) -> bool:
    """Whether two creature names are the same name, in any case."""
    return name is not None and other is not None and name.casefold() == other.casefold()


def _step(applied: AppliedCondition, event: TurnEvent) -> AppliedCondition | None:
    """``applied`` after ``event``, or ``None`` if the event ends it."""
    duration = applied.duration
    if duration.lasting is Lasting.END_OF_NEXT_TURN and _same(event.creature, duration.creature):
        if event.boundary is Boundary.TURN_START:
            return replace(applied, seen=1)
        if event.boundary is Boundary.TURN_END and applied.seen:
            return None
    if duration.lasting is Lasting.END_OF_NEXT_ROUND and event.boundary is Boundary.ROUND_END:
        # The round it was applied in ends first; the next one's end ends it.
        return None if applied.seen else replace(applied, seen=1)
    if (
        duration.lasting is Lasting.ROUNDS
        and event.boundary is Boundary.TURN_START
        and _same(event.creature, duration.creature)
    ):
        return None if applied.seen + 1 >= duration.rounds else replace(applied, seen=applied.seen + 1)
    return applied


@dataclass(frozen=True)
class Expiry:
    """What a run of turn boundaries left: the conditions ``kept`` (with their counts moved
    on) and the ``ended`` ones, each with the event that ended it, in order."""

    kept: tuple[AppliedCondition, ...]
    ended: tuple[tuple[AppliedCondition, TurnEvent], ...]

    def log(self) -> tuple[str, ...]:
        """The lines for the round's log, one per ended condition."""
        return tuple(applied.ended_text() for applied, _ in self.ended)


def expire(applied: Iterable[AppliedCondition], events: Iterable[TurnEvent]) -> Expiry:
    """The applied conditions ``applied`` after the turn boundaries ``events``, in order: the
    ones still on and the ones that ended, and when. Give only events after the conditions were
    applied (a condition put on a creature during its own turn is not ended by that turn's end:
    "its next turn" is the one after)."""
    kept = list(applied)
    ended = []
    for event in events:
        if not isinstance(event, TurnEvent):
            raise ConditionError(f"A turn boundary is a TurnEvent, not {event!r}.")
        still = []
        for each in kept:
            after = _step(each, event)
            if after is None:
                ended.append((each, event))
            else:
                still.append(after)
        kept = still
    return Expiry(tuple(kept), tuple(ended))


def conditions_on(applied: Iterable[AppliedCondition], creature: str) -> tuple[str, ...]:
    """The names of the conditions applied to ``creature`` (any case), each once, in the order
    they were applied."""
    names = []
    for each in applied:
        if _same(each.creature, creature) and each.condition not in names:
            names.append(each.condition)
    return tuple(names)


def penalty_items(applied: Iterable, name: str) -> tuple[Item, ...]:
    """The penalties to all actions on the creature called ``name`` among the applied conditions
    ``applied`` (``AppliedCondition``), as attack roll lines: seed 003, Feint, "Until the end of
    his next turn, your enemy is has a negative modifier equal to your level to all actions."
    ("Attacker feinted: -3 to all actions")."""
    return tuple(
        Item(f"Attacker {each.condition}: -{each.amount} to all actions", -each.amount, CONDITIONS[each.condition].rule)
        for each in applied
        if each.amount and _same(each.creature, name) and CONDITIONS[each.condition].has(PENALTY_TO_ALL_ACTIONS)
    )
