"""Facing in combat: what facing does to an attack, a Spot check, a readied action and a spell.

The attack panel asks one question, ``attack(Attack(...))``: an attacker, a defender, the kind
of attack, the ruleset, the grid and the table's options go in; an ``AttackAnswer`` comes out,
every line of it an ``Item`` with a reason a player reads, a value and the rule it cites:
modifiers to the attack roll, changes to the defender's Armor Class, damage riders (sneak
attack), concealment and restrictions (cannot attack, turn first, the attack turns you). Its
lines feed ``rules.attack.resolve_attack`` as ``attack_modifiers`` and
``armor_class_modifiers``. Beside it: ``spot_items`` and ``ready_ruling`` (Facing and
Perception), ``spell_target_ruling`` and ``spell_origins`` (Spellcasting), ``turn`` and
``face_toward`` (Changing Facing; the variant's turns), and ``FEATURES``, the feats, class
features and abilities these rules know by name.

Sources: seed 000, UA Combat Facing (Facing and Attacking, Opponent Facing, Sneak Attacks,
Facing and Perception, Other Considerations, Feats and Class Features, Spellcasting, Flank
Attacks, Rear Attacks, Shields (Optional), Combat Awareness), and seed 001, the front, side and
rear variant. The rulesets differ as data: each ``Ruleset`` of ``rules.zones`` has a
``CombatRules`` value here (``combat_rules``) holding its tables, and one pipeline reads them.
Where the seeds are silent, the reading chosen is written in docs/rules.md, "Facing in combat".
"""

from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction

from rules.creature import Creature
from rules.errors import RulesError
from rules.grid import FacingError, Grid, Hex, Square
from rules.itemise import Item, total
from rules.options import DEFAULT_OPTIONS, Options
from rules.reach import can_flank, natural_reach_of, threatened_cells
from rules.sizes import FEET_PER_CELL, LEADS, facing_name, facing_names, size_name
from rules.zones import (
    NO_FACING,
    UA_FACING,
    VARIANT,
    Ruleset,
    RulesetError,
    Zone,
    adjacent_ring,
    with_readings,
    zone_name,
    zone_of,
)


class AttackRequestError(RulesError):
    """An attack asked for with parts that do not fit together: a creature attacking itself, a
    shield bonus without a shield, a creature off the grid's kind."""


class TurnError(RulesError):
    """A change of facing the rules do not allow now."""


# The rules cited, by seed section.

RULE_ATTACKING = "UA Combat Facing: Facing and Attacking"
RULE_OPPONENT = "UA Combat Facing: Opponent Facing"
RULE_SNEAK = "UA Combat Facing: Sneak Attacks"
RULE_PERCEPTION = "UA Combat Facing: Facing and Perception"
RULE_AWARENESS = "UA Combat Facing: Combat Awareness"
RULE_FACELESS = "UA Combat Facing: Faceless Creatures; Tiny and Smaller Creatures"
RULE_FEATS = "UA Combat Facing: Feats and Class Features"
RULE_SPELLS = "UA Combat Facing: Spellcasting"
RULE_FLANK_ATTACKS = "UA Combat Facing: Flank Attacks"
RULE_REAR_ATTACKS = "UA Combat Facing: Rear Attacks"
RULE_SHIELDS = "UA Combat Facing: Shields (Optional)"
RULE_CHANGING = "UA Combat Facing: Changing Facing"
RULE_VARIANT = "Front, side and rear variant (seed 001)"
RULE_STANDARD = "Standard rules (no facing)"
RULE_REACH = "Standard rules: reach"
RULE_FLANKING = "SRD 3.5: Flanking"
RULE_SNEAK_RANGE = "SRD 3.5: Sneak Attack"


# Features the rules know by name (``Creature.features``).

CLEAVE = "Cleave"
GREAT_CLEAVE = "Great Cleave"
COMBAT_REFLEXES = "Combat Reflexes"
MOUNTED_COMBAT = "Mounted Combat"
WHIRLWIND_ATTACK = "Whirlwind Attack"
IMPROVED_UNCANNY_DODGE = "Improved Uncanny Dodge"
UNCANNY_DODGE = "Uncanny Dodge"
COMBAT_AWARENESS = "Combat Awareness"
ALL_AROUND_VISION = "All-Around Vision"
FLANK_ATTACKS = "Flank Attacks"
REAR_ATTACKS = "Rear Attacks"
SNEAK_ATTACK = "Sneak Attack"
IMMUNE_TO_SNEAK_ATTACK = "Immune to Sneak Attack"
IMPROVED_CHIEFTAIN = "Improved Chieftain"

FEATURES = {
    CLEAVE: "Its extra attacks go into its flank areas without penalty (UA).",
    GREAT_CLEAVE: "Its extra attacks go into its flank areas without penalty (UA).",
    COMBAT_REFLEXES: "Its attacks of opportunity go into its flank areas without penalty (UA).",
    MOUNTED_COMBAT: "While mounted, it attacks into its steed's flank areas without penalty (UA).",
    WHIRLWIND_ATTACK: "It attacks into any area without penalty (UA; see the option).",
    IMPROVED_UNCANNY_DODGE: (
        "No +2 or +4 for attacking its flank or rear; only a rogue 4 levels higher sneak "
        "attacks it from the rear (UA); it cannot be flanked (variant; standard rules, but by a "
        "rogue 4 levels higher)."
    ),
    UNCANNY_DODGE: (
        "Being flat-footed does not open it to sneak attack (standard rules); it cannot be "
        "flanked (variant)."
    ),
    COMBAT_AWARENESS: "Spot penalties 0 into its flanks and -5 into its rear (UA).",
    ALL_AROUND_VISION: (
        "No Spot penalty and no blind rear for readied actions (UA); it cannot be flanked and "
        "nobody is concealed behind it (variant); it cannot be flanked (standard rules)."
    ),
    FLANK_ATTACKS: "A monster whose flank attacks go into its flank areas without penalty (UA).",
    REAR_ATTACKS: "A monster whose rear attacks go into its rear area without penalty (UA).",
    SNEAK_ATTACK: "It deals sneak attack damage (as does any creature with rogue levels).",
    IMMUNE_TO_SNEAK_ATTACK: "It takes no sneak attack damage (a plant, an ooze, ...).",
    IMPROVED_CHIEFTAIN: (
        "It imparts flanked from other positions: side bonuses from front spaces, rear "
        "bonuses from side spaces (variant)."
    ),
}
"""Every feature name the facing rules read, with what it does here: the page offers these."""

CANNOT_BE_FLANKED = (UNCANNY_DODGE, IMPROVED_UNCANNY_DODGE, ALL_AROUND_VISION)
"""Seed 001: "If a creature cannot be flanked (such as from the Uncanny Dodge class feature, or
the All-Around Vision universal ability) there is no advantage gained from being behind or to
the side of that creature." Improved Uncanny Dodge includes Uncanny Dodge."""

KEEPS_GUARD_WHEN_FLAT_FOOTED = (UNCANNY_DODGE, IMPROVED_UNCANNY_DODGE)
"""The standard rules' Uncanny Dodge: flat-footed, it keeps its Dexterity bonus, so being
flat-footed does not open it to sneak attack ("The standard rules for creatures' immunity to
sneak attack still apply")."""

CANNOT_BE_FLANKED_STANDARD = (IMPROVED_UNCANNY_DODGE, ALL_AROUND_VISION)
"""SRD 3.5: Improved Uncanny Dodge: "can no longer be flanked ... unless the attacker has at
least four more rogue levels than the target does"; All-Around Vision: "can't be flanked". Plain
Uncanny Dodge keeps only its Dexterity bonus when flat-footed; a faceless creature, which UA says
"can't be flanked", is not either."""

IMPARTS_FLANKED = (IMPROVED_CHIEFTAIN,)
"""Seed 001: "a feature that impart the flanked condition when in a position other than normal
flanking positions (such as the Barbarian's Improved Chieftain savagery)"."""


# Kinds of attack.


@dataclass(frozen=True)
class KindInfo:
    """What a kind of attack is: its ``label``; whether it is ``melee`` (it must reach its
    target); whether it makes an ``attack_roll``; whether it is a ``spell``, and one with an
    ``area`` (a line or a cone); and the ``needs``: features of which the attacker must have
    one (none: anyone may make it)."""

    label: str
    melee: bool
    attack_roll: bool
    spell: bool = False
    area: bool = False
    needs: tuple[str, ...] = ()


class AttackKind(Enum):
    """The kinds of attack the facing rules tell apart."""

    MELEE = KindInfo("melee attack", melee=True, attack_roll=True)
    RANGED = KindInfo("ranged attack", melee=False, attack_roll=True)
    ATTACK_OF_OPPORTUNITY = KindInfo("attack of opportunity", melee=True, attack_roll=True)
    CLEAVE = KindInfo(
        "Cleave or Great Cleave extra attack",
        melee=True,
        attack_roll=True,
        needs=(CLEAVE, GREAT_CLEAVE),
    )
    WHIRLWIND = KindInfo(
        "Whirlwind Attack", melee=True, attack_roll=True, needs=(WHIRLWIND_ATTACK,)
    )
    FLANK_ATTACK = KindInfo("flank attack", melee=True, attack_roll=True, needs=(FLANK_ATTACKS,))
    REAR_ATTACK = KindInfo("rear attack", melee=True, attack_roll=True, needs=(REAR_ATTACKS,))
    SPELL_TARGET = KindInfo("spell with a target", melee=False, attack_roll=False, spell=True)
    SPELL_RAY = KindInfo("ray or ranged touch spell", melee=False, attack_roll=True, spell=True)
    SPELL_TOUCH = KindInfo("melee touch spell", melee=True, attack_roll=True, spell=True)
    SPELL_AREA = KindInfo(
        "spell with a line or cone", melee=False, attack_roll=False, spell=True, area=True
    )


def kind_name(kind: AttackKind) -> str:
    """The short text of ``kind``: ``"attack_of_opportunity"``; ``parse_kind`` reads it back."""
    return kind.name.lower()


def parse_kind(text: str) -> AttackKind:
    """The kind of attack called ``text`` (any case): ``parse_kind("melee")`` is ``MELEE``."""
    key = text.strip().upper() if isinstance(text, str) else None
    if key not in AttackKind.__members__:
        raise AttackRequestError(
            f"There is no kind of attack {text!r}: choose "
            f"{', '.join(kind_name(kind) for kind in AttackKind)}."
        )
    return AttackKind[key]


# The tables, as the seeds print them.

ZONE_RANK = {Zone.FRONT: 0, Zone.FLANK: 1, Zone.REAR: 2}
"""Front, flank, rear: how far round a cell lies. An attacker attacks *into* the lowest-ranked
cell of its target and *from* the highest-ranked cell of its own space."""

ATTACKING_INTO = {Zone.FRONT: 0, Zone.FLANK: -5, Zone.REAR: -10}
"""UA Combat Facing: Facing and Attacking: "Characters who don't want to change their facing to
point toward a foe can attack into their flank areas at a -5 penalty and into their rear areas
at a -10 penalty." Ranged attacks alike: "The penalties for making ranged attacks into flank and
rear areas are the same as for melee combat." """

ATTACKING_FROM = {Zone.FRONT: 0, Zone.FLANK: 2, Zone.REAR: 4}
"""UA Combat Facing: Opponent Facing: "If you're attacking from a foe's flank area (or the squares
beyond it, if you have a reach or ranged weapon), you get a +2 bonus on the attack roll ... from
a foe's rear area (or the squares beyond it), you get a +4 bonus." """

SPOT = {Zone.FRONT: 0, Zone.FLANK: -5, Zone.REAR: -10}
"""UA Combat Facing: Facing and Perception: "a -5 penalty on Spot checks to perceive things in
their flank area (or beyond) and a -10 penalty on Spot checks in their rear area (or beyond)." """

SPOT_WITH_AWARENESS = {Zone.FRONT: 0, Zone.FLANK: 0, Zone.REAR: -5}
"""UA Combat Facing: Combat Awareness: "You take no -5 penalty on Spot checks to notice things in
or beyond your flank areas. The penalty to notice things in or beyond your rear area is -5." """

FLANKED_TIMES = {Zone.FRONT: 0, Zone.FLANK: 1, Zone.REAR: 2}
"""Seed 001: "When a creature is threatened from one of its side-facing spaces, the target gains
the flanked condition. When a creature is threatened from one of its rear-facing spaces, the
penalties from the flanked condition are doubled." """

WORSENING_SHARE = {Zone.FRONT: Fraction(0), Zone.FLANK: Fraction(1, 2), Zone.REAR: Fraction(1)}
"""Seed 001: features that worsen the flanked penalty "provide their full bonus in rear-facing
spaces and half their bonus in side-facing spaces" (half rounded down)."""

SHIFTED = {Zone.FRONT: Zone.FLANK, Zone.FLANK: Zone.REAR, Zone.REAR: Zone.REAR}
"""Seed 001: a feature that imparts flanked from other positions "instead provides side-facing
bonuses in front-facing spaces and rear-facing bonuses in side-facing spaces"."""

RANGED_SNEAK_ATTACK_FEET = 30
"""SRD 3.5, Sneak Attack: "Ranged attacks can count as sneak attacks only if the target is
within 30 feet" (the option ``ranged_sneak_attack_within_30_ft``)."""

ROGUE_LEVELS_OVER_IMPROVED_UNCANNY_DODGE = 4
"""UA Combat Facing: Improved Uncanny Dodge: "Only a rogue four levels higher than you can deal
sneak attack damage by attacking from a rear square." """


@dataclass(frozen=True)
class Waiver:
    """A feat, class feature or kind of attack that lifts the penalty for attacking into some of
    one's own zones.

    It covers attacks of ``kinds`` (``None``: every kind) into ``zones``, made by an attacker
    with ``feature`` (``None``: the kind itself is the feature), ``mounted`` or not, unless the
    option ``unless_option`` is on. ``name`` is what the page says; ``rule`` the seed section.
    """

    name: str
    zones: frozenset
    rule: str
    kinds: frozenset | None = None
    feature: str | None = None
    mounted: bool = False
    unless_option: str | None = None

    def covers(self, request: "Attack", zone: Zone) -> bool:
        """Whether this waiver lifts the penalty of ``request`` into ``zone``."""
        return (
            zone in self.zones
            and (self.kinds is None or request.kind in self.kinds)
            and (self.feature is None or self.feature in request.attacker.features)
            and (not self.mounted or request.steed is not None)
            and not (self.unless_option and getattr(request.options, self.unless_option))
        )


UA_WAIVERS = (
    Waiver(
        "Cleave's extra attack",
        frozenset({Zone.FLANK}),
        RULE_FEATS,
        kinds=frozenset({AttackKind.CLEAVE}),
    ),
    Waiver(
        COMBAT_REFLEXES,
        frozenset({Zone.FLANK}),
        RULE_FEATS,
        kinds=frozenset({AttackKind.ATTACK_OF_OPPORTUNITY}),
        feature=COMBAT_REFLEXES,
    ),
    Waiver(
        MOUNTED_COMBAT,
        frozenset({Zone.FLANK}),
        RULE_FEATS,
        feature=MOUNTED_COMBAT,
        mounted=True,
    ),
    Waiver(
        WHIRLWIND_ATTACK,
        frozenset({Zone.FLANK, Zone.REAR}),
        RULE_FEATS,
        kinds=frozenset({AttackKind.WHIRLWIND}),
    ),
    Waiver(
        WHIRLWIND_ATTACK,
        frozenset({Zone.FLANK, Zone.REAR}),
        RULE_FEATS,
        feature=WHIRLWIND_ATTACK,
        unless_option="whirlwind_only_in_the_action",
    ),
    Waiver(
        "a flank attack",
        frozenset({Zone.FLANK}),
        RULE_FLANK_ATTACKS,
        kinds=frozenset({AttackKind.FLANK_ATTACK}),
    ),
    Waiver(
        "a rear attack",
        frozenset({Zone.REAR}),
        RULE_REAR_ATTACKS,
        kinds=frozenset({AttackKind.REAR_ATTACK}),
    ),
)
"""UA Combat Facing: Feats and Class Features ("Cleave and Great Cleave: The extra attacks ...
can be made into flank areas without penalty"; "Combat Reflexes: ... attacks of opportunity
into their flank areas without penalty"; "Mounted Combat: ... attack into their steeds' flank
areas without penalty while mounted"; "Whirlwind attack: Characters with this feat can attack
into any area without penalty"), Flank Attacks and Rear Attacks."""


@dataclass(frozen=True)
class TurnRules:
    """How a ruleset lets a creature change facing on its turn.

    ``free_turn`` names the once-a-turn change ("a free action", "a Reaction"), ``None`` if
    there is none; ``free_turn_needs_stillness``: only if the creature did not move (a 5-foot
    step is not a move); ``move_action_turn``: a move action may turn it; ``unlimited``: facing
    does not matter, so any turn is allowed. Every ruleset sets facing at the end of a move.
    """

    free_turn: str | None
    free_turn_needs_stillness: bool
    move_action_turn: bool
    unlimited: bool
    rule: str


@dataclass(frozen=True)
class CombatRules:
    """One ruleset's facing rules in combat, as data: every difference between UA Combat
    Facing, the front/side/rear variant and no facing lives in these fields.

    ``attacking_into`` and ``attacking_from`` are the attack roll tables (empty: no such
    modifier); ``waivers`` lift ``attacking_into``; ``improved_uncanny_dodge`` applies UA's
    rule for that feature. ``flanked`` applies seed 001's flanked condition with
    ``cannot_be_flanked`` features (the standard rules' flanking reads its own) and
    ``imparts_flanked`` features; ``attack_turns``: every
    attack roll turns the attacker to face its target; ``concealed_behind``: being behind a
    creature conceals from it. ``sneak_from`` is the zone a melee sneak attack may come from
    (``None``: no positional sneak attack here), ``sneak_rule`` the rule sneak attack lines
    cite. ``spot`` and ``spot_with_awareness`` are the Spot tables, ``blind_to_sight`` the
    zones where a readied action cannot use a sight trigger, ``spell_origin_zones`` the zones
    whose intersections with the caster's space lines and cones may start from,
    ``spell_blind_zones`` where nothing can be targeted with a spell. ``shields`` applies the
    shields option; ``turning`` is how the creature turns; ``rule`` names the ruleset's source.
    ``standard_flanking``: the standard rules' flanking (an ally threatening from the opposite
    side: +2 in melee and sneak attack), which UA Combat Facing "supersedes" and seed 001
    "replaces".
    """

    ruleset: Ruleset
    attacking_into: dict
    attacking_from: dict
    waivers: tuple[Waiver, ...]
    improved_uncanny_dodge: bool
    flanked: bool
    cannot_be_flanked: tuple[str, ...]
    imparts_flanked: tuple[str, ...]
    attack_turns: bool
    concealed_behind: bool
    sneak_from: Zone | None
    sneak_rule: str
    spot: dict
    spot_with_awareness: dict
    blind_to_sight: frozenset
    spell_origin_zones: frozenset
    spell_blind_zones: frozenset
    shields: bool
    turning: TurnRules
    rule: str
    standard_flanking: bool = False


ALL_ZONES = frozenset(Zone)
"""Front, flank and rear: where a ruleset without a limit lets spells start."""

UA_COMBAT = CombatRules(
    ruleset=UA_FACING,
    attacking_into=ATTACKING_INTO,
    attacking_from=ATTACKING_FROM,
    waivers=UA_WAIVERS,
    improved_uncanny_dodge=True,
    flanked=False,
    cannot_be_flanked=(),
    imparts_flanked=(),
    attack_turns=False,
    concealed_behind=False,
    sneak_from=Zone.REAR,
    sneak_rule=RULE_SNEAK,
    spot=SPOT,
    spot_with_awareness=SPOT_WITH_AWARENESS,
    blind_to_sight=frozenset({Zone.REAR}),
    spell_origin_zones=frozenset({Zone.FRONT}),
    spell_blind_zones=frozenset({Zone.REAR}),
    shields=True,
    turning=TurnRules(
        free_turn="a free action",
        free_turn_needs_stillness=True,
        move_action_turn=True,
        unlimited=False,
        rule=RULE_CHANGING,
    ),
    rule="UA Combat Facing",
)
"""Seed 000, UA Combat Facing: penalties into your own flank and rear, bonuses from a foe's,
sneak attack from the rear, Spot penalties, spells from the front, optional shields."""

VARIANT_COMBAT = CombatRules(
    ruleset=VARIANT,
    attacking_into={},
    attacking_from={},
    waivers=(),
    improved_uncanny_dodge=False,
    flanked=True,
    cannot_be_flanked=CANNOT_BE_FLANKED,
    imparts_flanked=IMPARTS_FLANKED,
    attack_turns=True,
    concealed_behind=True,
    sneak_from=Zone.REAR,
    sneak_rule=RULE_VARIANT,
    spot={},
    spot_with_awareness={},
    blind_to_sight=frozenset(),
    spell_origin_zones=ALL_ZONES,
    spell_blind_zones=frozenset(),
    shields=False,
    turning=TurnRules(
        free_turn="a Reaction on its turn",
        free_turn_needs_stillness=False,
        move_action_turn=False,
        unlimited=False,
        rule=RULE_VARIANT,
    ),
    rule=RULE_VARIANT,
)
"""Seed 001: the flanked condition from the side, doubled from the rear; sneak attack only from
the rear; concealment from behind; every attack turns the attacker to face its target."""

STANDARD_COMBAT = CombatRules(
    ruleset=NO_FACING,
    attacking_into={},
    attacking_from={},
    waivers=(),
    improved_uncanny_dodge=False,
    flanked=False,
    cannot_be_flanked=CANNOT_BE_FLANKED_STANDARD,
    imparts_flanked=(),
    attack_turns=False,
    concealed_behind=False,
    sneak_from=None,
    sneak_rule=RULE_STANDARD,
    spot={},
    spot_with_awareness={},
    blind_to_sight=frozenset(),
    spell_origin_zones=ALL_ZONES,
    spell_blind_zones=frozenset(),
    shields=False,
    turning=TurnRules(
        free_turn=None,
        free_turn_needs_stillness=False,
        move_action_turn=False,
        unlimited=True,
        rule=RULE_STANDARD,
    ),
    rule=RULE_STANDARD,
    standard_flanking=True,
)
"""The standard rules: facing changes nothing; flanking is SRD 3.5's (``flanks``)."""

COMBAT_RULES = {rules.ruleset.name: rules for rules in (UA_COMBAT, VARIANT_COMBAT, STANDARD_COMBAT)}
"""Each ruleset's combat rules by the ruleset's ``name``."""


def combat_rules(ruleset: Ruleset) -> CombatRules:
    """The combat rules of ``ruleset``, found by its name (a ruleset drawn with other arcs but
    the same name plays by the same rules)."""
    try:
        return COMBAT_RULES[ruleset.name]
    except KeyError:
        raise RulesetError(
            f"The facing rules in combat know {', '.join(COMBAT_RULES)}, not {ruleset.name!r}."
        ) from None


# Requests and answers.


@dataclass(frozen=True)
class Worsening:
    """A feature that worsens the flanked penalty by ``amount`` at full strength, such as
    seed 001's "Pack Fighter feat"; the board passes the ones the attacker enjoys."""

    feature: str
    amount: int

    def __post_init__(self):
        if not isinstance(self.feature, str) or not self.feature.strip():
            raise AttackRequestError(
                f"A feature that worsens flanked needs a name, not {self.feature!r}."
            )
        if isinstance(self.amount, bool) or not isinstance(self.amount, int) or self.amount < 1:
            raise AttackRequestError(
                f"{self.feature} worsens flanked by a whole number from 1, not {self.amount!r}."
            )


@dataclass(frozen=True)
class Attack:
    """One attack to judge: who, on whom, what kind, under which rules, on which grid.

    ``threatened`` is the set of cells the attacker threatens, as the board works it out with
    ``rules.reach``; ``None`` has ``rules.reach`` work it out here, the same way (tall or long,
    a reach weapon, helpless, the ``reach_corners`` option; a rider from its steed's space). A
    melee attack must reach a cell of the defender. ``others_threatening``
    are other creatures that threaten the defender: under the variant they too make it flanked.
    ``others`` are the other creatures on the board (as in ``rules.movement.Battlefield``; the
    attacker, the defender and the steed, if given, are skipped): under the standard rules an
    ally among them may flank the defender with the attacker.
    ``steed`` is the creature the attacker rides: a rider attacks from its steed's space and
    faces the steed's way. ``shield_bonus`` is the AC the defender's shield gives (enhancement
    included) and ``shield_spell_bonus`` the AC of a *shield* spell on it, for the shields
    option. ``worsenings`` are the attacker's features that worsen the flanked penalty.

    The ``ruleset`` is kept with the zone readings the ``options`` switch on
    (``rules.zones.with_readings``), so zones are judged as the board draws them.
    """

    attacker: Creature
    defender: Creature
    kind: AttackKind
    ruleset: Ruleset
    grid: Grid
    options: Options = DEFAULT_OPTIONS
    threatened: frozenset | None = None
    others_threatening: tuple[Creature, ...] = ()
    others: tuple[Creature, ...] = ()
    steed: Creature | None = None
    shield_bonus: int = 0
    shield_spell_bonus: int = 0
    worsenings: tuple[Worsening, ...] = ()

    def __post_init__(self):
        if not isinstance(self.kind, AttackKind):
            raise AttackRequestError(
                f"An attack needs a kind such as AttackKind.MELEE, not {self.kind!r}."
            )
        if not isinstance(self.ruleset, Ruleset) or not isinstance(self.grid, Grid):
            raise AttackRequestError("An attack needs a facing ruleset and a grid.")
        if not isinstance(self.options, Options):
            raise AttackRequestError(f"An attack needs the table's Options, not {self.options!r}.")
        combat_rules(self.ruleset)
        object.__setattr__(self, "ruleset", with_readings(self.ruleset, self.options))
        if not isinstance(self.others, tuple):
            raise AttackRequestError("The other creatures on the board are a tuple of creatures.")
        creatures = (self.attacker, self.defender, *self.others_threatening, *self.others)
        creatures += () if self.steed is None else (self.steed,)
        for creature in creatures:
            if not isinstance(creature, Creature):
                raise AttackRequestError(
                    f"Only creatures take part in an attack, not {creature!r}."
                )
            self.grid.check_cell(creature.anchor)
            creature.cells(self.grid)
        if self.attacker == self.defender:
            raise AttackRequestError(f"{self.attacker.name} cannot attack itself.")
        if self.defender in self.others_threatening or self.defender == self.steed:
            raise AttackRequestError(
                f"{self.defender.name} cannot threaten itself or carry its attacker."
            )
        if self.threatened is not None and not isinstance(self.threatened, frozenset):
            raise AttackRequestError("The threatened cells are a frozenset of cells.")
        if not all(isinstance(each, Worsening) for each in self.worsenings):
            raise AttackRequestError("Features that worsen flanked are Worsening values.")
        bonuses = (("shield", self.shield_bonus), ("shield spell", self.shield_spell_bonus))
        for label, value in bonuses:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise AttackRequestError(
                    f"The {label}'s AC bonus is a whole number from 0, not {value!r}."
                )
        if self.shield_bonus and self.defender.shield_side is None:
            raise AttackRequestError(
                f"{self.defender.name} has a shield bonus but holds no shield: say whether it "
                "holds it on the left or the right."
            )

    @property
    def body(self) -> Creature:
        """The creature whose space and facing the attack comes from: the steed, if mounted."""
        return self.attacker if self.steed is None else self.steed


@dataclass(frozen=True, order=True)
class Intersection:
    """A grid intersection, named by the cells that meet there: four squares or three hexes.

    ``point(grid)`` is where it lies in unit geometry; the board draws it at the mean of the
    cells' pixel centres, which is the same point.
    """

    cells: tuple

    def __post_init__(self):
        kinds = {type(cell) for cell in self.cells}
        shape = (kinds == {Square} and len(self.cells) == 4) or (
            kinds == {Hex} and len(self.cells) == 3
        )
        if not shape or tuple(sorted(self.cells)) != self.cells:
            raise AttackRequestError(
                f"A grid intersection is where 4 squares or 3 hexes meet, not {self.cells!r}."
            )

    def point(self, grid: Grid) -> tuple[float, float]:
        """The intersection in unit geometry: the mean of its cells' centres."""
        centres = [grid.centre(cell) for cell in self.cells]
        return (
            sum(x for x, _ in centres) / len(centres),
            sum(y for _, y in centres) / len(centres),
        )


@dataclass(frozen=True)
class Ruling:
    """A yes or no with its reasons: may this be done? ``turn_first`` is the creature turned
    the way that would allow it, when turning would."""

    allowed: bool
    items: tuple[Item, ...] = ()
    turn_first: Creature | None = None

    def __post_init__(self):
        if not self.allowed and not self.items:
            raise AttackRequestError("A refusal must say why.")


@dataclass(frozen=True)
class AttackAnswer:
    """What facing does to one attack, itemised.

    ``attack_items`` modify the attack roll, ``armor_class_items`` change the defender's AC,
    ``damage_items`` are the damage riders (sneak attack), ``concealment`` and
    ``restrictions`` say what else holds. ``allowed`` is False when a restriction refuses the
    attack; then only the restrictions are given. ``sneak_attack`` says whether sneak attack
    damage applies (``None``: the attacker has no sneak attack). ``turned`` is the attacker
    (or its steed) as it stands after the attack turned it (variant), ``turn_first`` as it
    would have to turn before it may attack (UA spells), ``origins`` the grid intersections a
    line or cone may start from.
    """

    request: Attack
    allowed: bool
    attack_items: tuple[Item, ...] = ()
    armor_class_items: tuple[Item, ...] = ()
    damage_items: tuple[Item, ...] = ()
    concealment: tuple[Item, ...] = ()
    restrictions: tuple[Item, ...] = ()
    sneak_attack: bool | None = None
    turned: Creature | None = None
    turn_first: Creature | None = None
    origins: tuple[Intersection, ...] = ()

    def __post_init__(self):
        if not self.allowed and not self.restrictions:
            raise AttackRequestError("A refused attack must say why.")
        if self.turned is not None and self.turned.facing == self.request.body.facing:
            raise AttackRequestError("A turn must change the facing.")

    @property
    def attack_modifier(self) -> int:
        """The sum of the attack roll modifiers."""
        return total(self.attack_items)

    @property
    def armor_class_change(self) -> int:
        """The sum of the changes to the defender's Armor Class."""
        return total(self.armor_class_items)

    @property
    def new_facing(self) -> int | None:
        """The facing index the attack leaves the attacker (or its steed) with, if it turned."""
        return None if self.turned is None else self.turned.facing

    def items(self) -> tuple[Item, ...]:
        """Every line, in the order the page shows them."""
        return (
            self.restrictions
            + self.attack_items
            + self.armor_class_items
            + self.damage_items
            + self.concealment
        )


# Geometry.


def _cells_of(target, grid: Grid) -> tuple:
    """The cells of ``target``: a creature's space, or the one cell given."""
    if isinstance(target, Creature):
        return target.cells(grid)
    grid.check_cell(target)
    return (target,)


def _zone_seen(creature: Creature, cell, grid: Grid, ruleset: Ruleset) -> Zone:
    """The zone of ``creature`` that ``cell`` lies in; a cell of its own space counts as front
    (a Tiny creature inside it is within reach of every facing)."""
    return zone_of(creature, cell, grid, ruleset) or Zone.FRONT


def _nearest_zone(creature: Creature, cells, grid: Grid, ruleset: Ruleset) -> Zone:
    """The most forward zone of ``creature`` among ``cells``: a space that straddles zones is
    as far forward as its most forward cell."""
    return min((_zone_seen(creature, cell, grid, ruleset) for cell in cells), key=ZONE_RANK.get)


def _feet_apart(one: Creature, other: Creature, grid: Grid) -> int:
    """Feet between the nearest cells of two spaces, counted as for movement."""
    return FEET_PER_CELL * min(grid.distance(a, b) for a in one.cells(grid) for b in other.cells(grid))


def _is_adjacent(creature: Creature, cells, grid: Grid) -> bool:
    """Whether any of ``cells`` is next to ``creature``'s space (not beyond it)."""
    return not adjacent_ring(creature, grid).isdisjoint(cells)


def _no_facing_reason(creature: Creature) -> str:
    """Why ``creature`` has no facing: ``"faceless"`` or its size, ``"Tiny"``."""
    return "faceless" if creature.faceless else size_name(creature.size)


def _unit_vector(creature: Creature, grid: Grid) -> tuple[float, float]:
    """The creature's facing as a step in unit geometry."""
    a, b = creature.anchor.coords
    da, db = creature.facing_vector(grid)
    here = grid.centre(creature.anchor)
    there = grid.centre(type(creature.anchor)(a + da, b + db))
    return (there[0] - here[0], there[1] - here[1])


def _side_of(creature: Creature, cell, grid: Grid) -> str:
    """``"left"`` or ``"right"``: which hand of ``creature`` ``cell`` lies on (y grows south).

    Only asked of flank cells, which are never straight ahead or behind."""
    centres = [grid.centre(each) for each in creature.cells(grid)]
    cx = sum(x for x, _ in centres) / len(centres)
    cy = sum(y for _, y in centres) / len(centres)
    x, y = grid.centre(cell)
    fx, fy = _unit_vector(creature, grid)
    return "left" if fx * (y - cy) - fy * (x - cx) < 0 else "right"


def _borders(creature: Creature, grid: Grid) -> list:
    """The sides of ``creature``'s space, each ``(outward, a, b)``: the step out through it and
    its two ends, in whole numbers (squares at twice their size, so centres are odd; hexes in
    axial coordinates at three times, so a corner is the sum of the three hexes meeting there)."""
    own = set(creature.cells(grid))
    sides = []
    if grid.kind == "square":
        for cell in own:
            x, y = 2 * cell.x, 2 * cell.y
            for (dx, dy), a, b in (
                ((0, -1), (x, y), (x + 2, y)),
                ((0, 1), (x, y + 2), (x + 2, y + 2)),
                ((-1, 0), (x, y), (x, y + 2)),
                ((1, 0), (x + 2, y), (x + 2, y + 2)),
            ):
                if Square(cell.x + dx, cell.y + dy) not in own:
                    sides.append(((dx, dy), a, b))
        return sides
    vectors = grid.vectors
    for cell in own:
        q, r = cell.coords
        for k, (dq, dr) in enumerate(vectors):
            if Hex(q + dq, r + dr) in own:
                continue
            ends = [vectors[(k - 1) % len(vectors)], vectors[(k + 1) % len(vectors)]]
            a, b = ((3 * q + dq + eq, 3 * r + dr + er) for eq, er in ends)
            sides.append(((dq, dr), a, b))
    return sides


def _centre(cell, grid: Grid) -> tuple[int, int]:
    """The centre of ``cell`` in the whole numbers of ``_borders``."""
    a, b = cell.coords
    return (2 * a + 1, 2 * b + 1) if grid.kind == "square" else (3 * a, 3 * b)


def _turn(p, q, r) -> int:
    """The sign of the turn from ``p`` through ``q`` to ``r``: 1, -1, or 0 when they line up."""
    cross = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return (cross > 0) - (cross < 0)


def _between(p, q, r) -> bool:
    """Whether ``r``, in line with ``p`` and ``q``, lies between them (ends included)."""
    return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])


def _touches(p, q, a, b) -> bool:
    """Whether the segment from ``p`` to ``q`` meets the side from ``a`` to ``b`` (an end
    counts)."""
    d1, d2, d3, d4 = _turn(p, q, a), _turn(p, q, b), _turn(a, b, p), _turn(a, b, q)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return (
        (d1 == 0 and _between(p, q, a))
        or (d2 == 0 and _between(p, q, b))
        or (d3 == 0 and _between(a, b, p))
        or (d4 == 0 and _between(a, b, q))
    )


def flanks(attacker: Creature, ally: Creature, defender: Creature, grid: Grid) -> bool:
    """Whether ``attacker`` and ``ally`` stand on opposite sides of ``defender``.

    SRD 3.5, Flanking: "trace an imaginary line between the two friendly characters' centers. If
    the line passes through opposite borders of the opponent's space (including corners of
    those borders), then the opponent is flanked"; "If a flanker takes up more than 1 square, it
    gets the flanking bonus if any square it occupies counts for flanking." A line between a
    square (or hex) of each that meets two sides of the defender's space facing opposite ways,
    a corner counting for both its sides, flanks. Who threatens is the caller's question.
    """
    sides = _borders(defender, grid)
    for mine in attacker.cells(grid):
        p = _centre(mine, grid)
        for theirs in ally.cells(grid):
            q = _centre(theirs, grid)
            met = {outward for outward, a, b in sides if _touches(p, q, a, b)}
            if any((-dx, -dy) in met for dx, dy in met):
                return True
    return False


def turn_in_place(creature: Creature, facing: int, grid: Grid) -> Creature:
    """``creature`` turned to ``facing`` without leaving its cells.

    On squares and for hexagons only the facing changes. A Large triangle on hexes keeps its
    three hexes by changing its apex and lead too (docs/rules.md, "Footprints").
    """
    if not creature.has_facing:
        raise TurnError(
            f"{creature.name} is {_no_facing_reason(creature)} and has no facing to change."
        )
    cells = set(creature.cells(grid))
    anchors = [creature.anchor] + sorted(cells - {creature.anchor})
    leads = [creature.lead] + [lead for lead in LEADS if lead != creature.lead]
    for anchor in anchors:
        for lead in leads:
            turned = replace(creature, anchor=anchor, facing=facing, lead=lead)
            if set(turned.cells(grid)) == cells:
                return turned
    direction = facing_name(facing, creature.size, grid)
    raise FacingError(f"{creature.name} cannot face {direction} without leaving its space.")


def _sum_coords(cells) -> tuple[int, int]:
    """The sums of the cells' two coordinates."""
    return (sum(cell.coords[0] for cell in cells), sum(cell.coords[1] for cell in cells))


def face_toward(creature: Creature, target, grid: Grid, ruleset: Ruleset) -> Creature:
    """``creature`` turned in place to face ``target`` (a cell or a creature), with a cell of it
    in its front area; ``creature`` itself if one already is, or if it has no facing.

    Of the facings that put the target in front it takes the one pointing most nearly at the
    target's centre, then the smallest turn, then the lowest index (seed 001: "it automatically
    turns to face the target of the attack (placing the target into one of its front-facing
    spaces)").
    """
    cells = _cells_of(target, grid)
    if not creature.has_facing or _nearest_zone(creature, cells, grid, ruleset) is Zone.FRONT:
        return creature
    own = creature.cells(grid)
    own_a, own_b = _sum_coords(own)
    far_a, far_b = _sum_coords(cells)
    # From the creature's centre to the target's, scaled by both cell counts: whole numbers.
    line = (len(own) * far_a - len(cells) * own_a, len(own) * far_b - len(cells) * own_b)
    count = len(facing_names(creature.size, grid))

    def preference(turned: Creature) -> tuple:
        vector = turned.facing_vector(grid)
        dot = grid.dot(vector, line)
        # cos(angle) has the sign of dot and grows with dot * |dot| / |vector|^2: exact.
        pointing = Fraction(dot * abs(dot), grid.dot(vector, vector))
        step = abs(turned.facing - creature.facing) % count
        return (-pointing, min(step, count - step), turned.facing)

    candidates = [turn_in_place(creature, facing, grid) for facing in range(count)]
    facing_it = [
        each for each in candidates if _nearest_zone(each, cells, grid, ruleset) is Zone.FRONT
    ]
    if not facing_it:
        raise TurnError(f"{creature.name} cannot turn to bring that into its front area.")
    return min(facing_it, key=preference)


# Turning on one's turn.


class Turning(Enum):
    """How a creature changes facing on its turn."""

    FREE = "free"
    MOVE_ACTION = "move action"
    END_OF_MOVE = "end of move"


@dataclass(frozen=True)
class TurnState:
    """What a creature has done this turn that matters to its facing.

    ``moved``: it made a move that sets its facing at the end (``rules.movement``'s
    ``Path.sets_facing``: under UA further than a 5-foot step, under the variant any voluntary
    movement); ``declaring``: it has just ended a move and sets its facing now;
    ``free_turn_used``: it used its once-a-turn change (UA's free action, the variant's
    Reaction); ``move_action_used``: no move action is left to turn with (a full attack, a
    double move, a run, a charge take them all). The board starts each turn with
    ``TurnState()`` and calls ``after_move`` when such a move ends.
    """

    moved: bool = False
    declaring: bool = False
    free_turn_used: bool = False
    move_action_used: bool = False

    def __post_init__(self):
        if self.declaring and not self.moved:
            raise TurnError("Only a creature that moved can be ending its move.")

    def after_move(self, all_actions: bool = False) -> "TurnState":
        """The state once a move has ended: the creature sets its facing now. ``all_actions``:
        the move took every action of the turn (``Path.uses_all_actions``), so none is left to
        turn with as a move action."""
        return replace(
            self, moved=True, declaring=True, move_action_used=self.move_action_used or all_actions
        )


@dataclass(frozen=True)
class Turned:
    """A turn made: the ``creature`` as it now stands, its ``state`` and the ``item`` saying so."""

    creature: Creature
    state: TurnState
    item: Item


def turn(
    creature: Creature, facing: int, grid: Grid, ruleset: Ruleset, state: TurnState, how: Turning
) -> Turned:
    """Turn ``creature`` to ``facing`` in place, ``how`` the rules allow, or raise ``TurnError``.

    UA Combat Facing, Changing Facing: "you can change facing at the end of your move"; "If you
    do not move during your turn, or if your movement is limited to a 5-foot step, you may
    change facing once, at any point during your turn, as a free action ... you cannot change
    facing more than once. (You can also change facing as a move action ...)". Seed 001: a
    creature "declares its facing at the end of the movement"; "A creature may, as a Reaction
    on its turn, change its facing."
    """
    rules = combat_rules(ruleset).turning
    turned = turn_in_place(creature, facing, grid)
    name = creature.name
    direction = turned.facing_name(grid)
    if rules.unlimited:
        return Turned(turned, state, Item(f"{name} turns to face {direction}", None, rules.rule))
    if how is Turning.END_OF_MOVE:
        if not state.declaring:
            raise TurnError(
                f"{name} is not ending a move: facing is set at the end of movement "
                f"({rules.rule})."
            )
        return Turned(
            turned,
            replace(state, declaring=False),
            Item(f"{name} ends its move facing {direction}", None, rules.rule),
        )
    if how is Turning.MOVE_ACTION:
        if not rules.move_action_turn:
            raise TurnError(f"Turning takes no move action under these rules ({rules.rule}).")
        if state.move_action_used:
            raise TurnError(f"{name} has no move action left to turn with ({rules.rule}).")
        return Turned(
            turned,
            replace(state, move_action_used=True),
            Item(f"{name} turns to face {direction} (a move action)", None, rules.rule),
        )
    if state.free_turn_used:
        raise TurnError(
            f"{name} has already changed facing once this turn: it cannot turn again "
            f"({rules.rule})."
        )
    if rules.free_turn_needs_stillness and state.moved:
        raise TurnError(
            f"{name} moved this turn, so it set its facing as it moved: no free turn as well "
            f"(only a 5-foot step keeps it) ({rules.rule})."
        )
    return Turned(
        turned,
        replace(state, free_turn_used=True, declaring=False),
        Item(
            f"{name} turns to face {direction} ({rules.free_turn}, once this turn)",
            None,
            rules.rule,
        ),
    )


# Perception.


class Sense(Enum):
    """What a readied action's trigger is noticed by."""

    SIGHT = "sight"
    SOUND = "sound"


def _where(creature: Creature, zone: Zone, cells, grid: Grid, ruleset: Ruleset) -> str:
    """``"in your flank area"`` or ``"beyond your flank area"``, as the cells of ``zone`` lie."""
    place = f"your {zone_name(zone, ruleset)} area"
    near = [cell for cell in cells if _zone_seen(creature, cell, grid, ruleset) is zone]
    return f"in {place}" if _is_adjacent(creature, near, grid) else f"beyond {place}"


def _sees_all_around(creature: Creature) -> str | None:
    """Why ``creature`` perceives every direction alike, or ``None``."""
    if not creature.has_facing:
        return f"No facing ({_no_facing_reason(creature)})"
    if ALL_AROUND_VISION in creature.features:
        return "All-around vision"
    return None


def spot_items(observer: Creature, seen, grid: Grid, ruleset: Ruleset) -> tuple[Item, ...]:
    """The facing lines of ``observer``'s Spot check to notice ``seen`` (a cell or a creature).

    UA Combat Facing, Spot Checks; Combat Awareness; "Faceless creatures ... and creatures with
    all-around vision ability don't take this penalty." A creature is seen by its most forward
    cell. Other rulesets change nothing.
    """
    rules = combat_rules(ruleset)
    if not rules.spot:
        return ()
    all_around = _sees_all_around(observer)
    if all_around:
        return (Item(f"{all_around}: no Spot penalty in any direction", None, RULE_PERCEPTION),)
    cells = _cells_of(seen, grid)
    zone = _nearest_zone(observer, cells, grid, ruleset)
    if zone is Zone.FRONT:
        return ()
    where = _where(observer, zone, cells, grid, ruleset)
    if COMBAT_AWARENESS in observer.features:
        value = rules.spot_with_awareness[zone]
        reason = f"Spotting {where}, with Combat Awareness"
        if value == 0:
            return (Item(f"{reason}: no penalty", None, RULE_AWARENESS),)
        return (Item(reason, value, RULE_AWARENESS),)
    return (Item(f"Spotting {where}", rules.spot[zone], RULE_PERCEPTION),)


def ready_ruling(observer: Creature, trigger, sense: Sense, grid: Grid, ruleset: Ruleset) -> Ruling:
    """Whether ``observer`` may ready an action for a trigger at ``trigger`` (a cell or a
    creature) noticed by ``sense``.

    UA Combat Facing, Readied Actions: "You can't ready an action to respond to a trigger that
    occurs in your rear area if you have to see it happen ... But you can ready an action for a
    sound-based trigger". The rear area here includes the cells beyond it, as for Spot checks;
    a creature without facing or with all-around vision has no blind rear.
    """
    rules = combat_rules(ruleset)
    if not rules.blind_to_sight or _sees_all_around(observer):
        return Ruling(True)
    cells = _cells_of(trigger, grid)
    zone = _nearest_zone(observer, cells, grid, ruleset)
    if zone not in rules.blind_to_sight:
        return Ruling(True)
    where = _where(observer, zone, cells, grid, ruleset)
    if sense is Sense.SIGHT:
        reason = f"Cannot ready for something you must see {where}: a sound trigger would do"
        return Ruling(False, (Item(reason, None, RULE_PERCEPTION),))
    return Ruling(True, (Item(f"A sound trigger works {where}", None, RULE_PERCEPTION),))


def concealment_items(
    observer: Creature, other: Creature, grid: Grid, ruleset: Ruleset
) -> tuple[Item, ...]:
    """Whether ``other`` is concealed from ``observer`` by standing behind it.

    Seed 001: "being behind a creature grants concealment from that creature", unless the
    observer cannot be flanked ("there is no advantage gained from being behind"). Behind is
    the rear zone, near or far, reached by any cell of ``other``'s space.
    """
    rules = combat_rules(ruleset)
    if not rules.concealed_behind or not observer.has_facing:
        return ()
    if any(feature in observer.features for feature in rules.cannot_be_flanked):
        return ()
    zones = {_zone_seen(observer, cell, grid, ruleset) for cell in other.cells(grid)}
    if Zone.REAR not in zones:
        return ()
    return (Item(f"{other.name} is behind {observer.name}: concealed from it", None, rules.rule),)


# Spells.


def _vertices(cell, grid: Grid) -> list[tuple]:
    """The intersections at the corners of ``cell``, each as the sorted cells meeting there."""
    if isinstance(cell, Square):
        points = [(cell.x + dx, cell.y + dy) for dy in (0, 1) for dx in (0, 1)]
        return [
            tuple(sorted(Square(px - ox, py - oy) for oy in (0, 1) for ox in (0, 1)))
            for px, py in points
        ]
    count = len(grid.directions)
    return [
        tuple(sorted((cell, grid.step(cell, k), grid.step(cell, (k + 1) % count))))
        for k in range(count)
    ]


def spell_origins(caster: Creature, grid: Grid, ruleset: Ruleset) -> tuple[Intersection, ...]:
    """The grid intersections a line or cone of ``caster``'s may start from, sorted.

    UA Combat Facing, Spellcasting: "Spells and spell-like abilities that have areas such as
    lines and cones emerge from any grid intersection between the spellcaster's space and his
    front area": the corners its space shares with a cell of its front area. Without that rule
    (the variant, no facing, or a caster without facing) every corner its space shares with a
    neighbouring cell.
    """
    zones = combat_rules(ruleset).spell_origin_zones
    own = caster.cells(grid)
    around = {grid.step(cell, k) for cell in own for k in range(len(grid.directions))} - set(own)
    near = {
        vertex
        for cell in around
        if _zone_seen(caster, cell, grid, ruleset) in zones
        for vertex in _vertices(cell, grid)
    }
    mine = {vertex for cell in own for vertex in _vertices(cell, grid)}
    return tuple(Intersection(cells) for cells in sorted(mine & near))


def spell_target_ruling(caster: Creature, target, grid: Grid, ruleset: Ruleset) -> Ruling:
    """Whether ``caster`` may target ``target`` (a cell, such as a burst's point, or a creature)
    with a spell.

    UA Combat Facing, Spellcasting: "A spellcaster can't target anything in his rear area with
    a spell." The rear area includes the cells beyond it; a creature is targeted by its most
    forward cell. When refused, ``turn_first`` is the caster turned to face the target.
    """
    rules = combat_rules(ruleset)
    cells = _cells_of(target, grid)
    zone = _nearest_zone(caster, cells, grid, ruleset)
    if zone not in rules.spell_blind_zones:
        return Ruling(True)
    turned = face_toward(caster, target, grid, ruleset)
    where = _where(caster, zone, cells, grid, ruleset)
    return Ruling(
        False,
        (
            Item(f"Cannot target with a spell: it is {where}", None, RULE_SPELLS),
            Item(
                f"Turn first: face {turned.facing_name(grid)} to bring it into your front area",
                None,
                RULE_SPELLS,
            ),
        ),
        turn_first=turned,
    )


# The attack.


def _threatened(request: Attack) -> frozenset:
    """The cells the attacker threatens: the board's ``threatened`` cells, or those
    ``rules.reach`` finds for it (tall or long, a reach weapon, helpless, and the table's
    ``reach_corners`` reading), a rider's measured from its steed's space, which it shares."""
    if request.threatened is not None:
        return request.threatened
    attacker = request.attacker
    if request.steed is not None:
        attacker = replace(
            request.steed,
            reach=natural_reach_of(attacker),
            reach_weapon=attacker.reach_weapon,
            helpless=attacker.helpless,
        )
    return threatened_cells(attacker, request.grid, request.options.reach_corners)


def _reached_cells(request: Attack) -> tuple:
    """The defender's cells the attacker threatens (``_threatened``)."""
    threatened = _threatened(request)
    return tuple(cell for cell in request.defender.cells(request.grid) if cell in threatened)


def _refusals(request: Attack, reached: tuple) -> tuple[Item, ...]:
    """Why the attack cannot be made at all, if it cannot."""
    info = request.kind.value
    if info.needs and not any(name in request.attacker.features for name in info.needs):
        needs = " or ".join(info.needs)
        reason = f"Needs {needs}: {request.attacker.name} cannot make a {info.label}"
        return (Item(reason, None, RULE_FEATS),)
    if info.melee and not reached:
        reason = f"Out of reach: {request.attacker.name} cannot reach the target from here"
        return (Item(reason, None, RULE_REACH),)
    return ()


def _position(request: Attack, body: Creature) -> tuple[Zone, bool, bool]:
    """Where the attacker attacks from, in the defender's zones, choosing its best cell: the
    zone furthest round, whether that cell is next to the defender, and whether any cell of
    that zone is out of the cover of the defender's shield (UA Shields (Optional))."""
    grid, ruleset, defender = request.grid, request.ruleset, request.defender
    seen = [(cell, _zone_seen(defender, cell, grid, ruleset)) for cell in body.cells(grid)]
    zone = max((each for _, each in seen), key=ZONE_RANK.get)
    cells = [cell for cell, each in seen if each is zone]
    uncovered = zone is Zone.REAR or (
        zone is Zone.FLANK
        and defender.shield_side is not None
        and any(_side_of(defender, cell, grid) != defender.shield_side for cell in cells)
    )
    return zone, _is_adjacent(defender, cells, grid), uncovered


def _effective_zone(rules: CombatRules, creature: Creature, zone: Zone) -> tuple[Zone, str]:
    """The zone whose flanked bonuses ``creature`` gets from ``zone``, and the feature that
    shifted it (seed 001: side bonuses from front spaces, rear bonuses from side spaces)."""
    for feature in rules.imparts_flanked:
        if feature in creature.features:
            return SHIFTED[zone], feature
    return zone, ""


def _into_items(request: Attack, rules: CombatRules, body: Creature, target_cells) -> list[Item]:
    """UA Combat Facing, Facing and Attacking: the penalty for attacking into one's own flank or
    rear, lifted by the feats of Feats and Class Features, Flank Attacks and Rear Attacks."""
    if not rules.attacking_into:
        return []
    if not body.has_facing:
        who = "No facing" if request.steed is None else "Your steed has no facing"
        reason = f"{who} ({_no_facing_reason(body)}): attacks in any direction without penalty"
        return [Item(reason, None, RULE_FACELESS)]
    zone = _nearest_zone(body, target_cells, request.grid, request.ruleset)
    penalty = rules.attacking_into[zone]
    if not penalty:
        return []
    whose = "your own" if request.steed is None else "your steed's"
    reason = f"Attacking into {whose} {zone_name(zone, request.ruleset)}"
    for waiver in rules.waivers:
        if waiver.covers(request, zone):
            return [Item(f"{reason}: no penalty ({waiver.name})", None, waiver.rule)]
    return [Item(reason, penalty, RULE_ATTACKING)]


def _from_items(request: Attack, rules: CombatRules, zone: Zone, adjacent: bool) -> list[Item]:
    """UA Combat Facing, Opponent Facing: +2 from the defender's flank, +4 from its rear, none
    against a creature without facing or (Improved Uncanny Dodge) against that feat."""
    if not rules.attacking_from:
        return []
    defender = request.defender
    if not defender.has_facing:
        why = _no_facing_reason(defender)
        reason = f"Target has no facing ({why}): no flank or rear to attack from"
        return [Item(reason, None, RULE_FACELESS)]
    bonus = rules.attacking_from[zone]
    if not bonus:
        return []
    place = f"{zone_name(zone, request.ruleset)} area"
    if rules.improved_uncanny_dodge and IMPROVED_UNCANNY_DODGE in defender.features:
        reason = f"Target has Improved Uncanny Dodge: no bonus from its {place}"
        return [Item(reason, None, RULE_FEATS)]
    reason = f"Target's {place}" if adjacent else f"Beyond the target's {place}"
    return [Item(reason, bonus, RULE_OPPONENT)]


def _cannot_be_flanked(rules: CombatRules, defender: Creature) -> str:
    """Why ``defender`` cannot be flanked under ``rules`` (empty if it can)."""
    if not defender.has_facing:
        return _no_facing_reason(defender)
    for feature in rules.cannot_be_flanked:
        if feature in defender.features:
            return feature
    return ""


def _bordering_zone(defender: Creature, cells, grid: Grid, ruleset: Ruleset) -> Zone | None:
    """The zone furthest round ``defender`` among those of ``cells`` that border its space
    (``None`` if none does): where a creature stands when only bordering spaces count."""
    ring = adjacent_ring(defender, grid)
    seen = [_zone_seen(defender, cell, grid, ruleset) for cell in cells if cell in ring]
    return max(seen, key=ZONE_RANK.get) if seen else None


def _flanked_items(request: Attack, rules: CombatRules, zone: Zone | None, threatens: bool) -> list[Item]:
    """Seed 001: the flanked condition, from the attacker's position and those of the others
    threatening the defender; doubled from the rear; with the attacker's worsenings. ``zone``
    is ``None`` when the attacker's position does not count (``variant_flanked_only_adjacent``:
    it borders no space of the defender's); the others count as the option says too."""
    if not rules.flanked:
        return []
    defender, grid, ruleset = request.defender, request.grid, request.ruleset
    why_not = _cannot_be_flanked(rules, defender)
    if why_not:
        reason = f"Target cannot be flanked ({why_not}): no advantage from its side or rear"
        return [Item(reason, None, rules.rule)]
    sources = []
    if threatens and zone is not None:
        sources.append(("you threaten", request.attacker, zone))
    bordering = request.options.variant_flanked_only_adjacent
    for other in request.others_threatening:
        cells = other.cells(grid)
        if bordering:
            where = _bordering_zone(defender, cells, grid, ruleset)
            if where is None:
                continue
        else:
            where = max((_zone_seen(defender, cell, grid, ruleset) for cell in cells), key=ZONE_RANK.get)
        sources.append((f"{other.name} threatens", other, where))
    best = None
    for who, creature, where in sources:
        effective, feature = _effective_zone(rules, creature, where)
        if best is None or FLANKED_TIMES[effective] > FLANKED_TIMES[best[2]]:
            best = (who, where, effective, feature)
    if best is None or not FLANKED_TIMES[best[2]]:
        return []
    who, where, effective, feature = best
    penalty = request.options.flanked_penalty
    times = FLANKED_TIMES[effective]
    source = (
        f"{rules.rule}: flanked penalty {penalty}, a table option "
        "(2 is the usual flat-footed or off-guard AC penalty)"
    )
    condition = "Flanked" if times == 1 else "Flanked, doubled"
    shifted = f" ({zone_name(effective, ruleset)} bonuses with {feature})" if feature else ""
    reason = f"{condition}: {who} it from its {zone_name(where, ruleset)}{shifted}"
    items = [Item(reason, -penalty * times, source)]
    if threatens and zone is not None:
        own, _ = _effective_zone(rules, request.attacker, zone)
        share = WORSENING_SHARE[own]
        for worsening in request.worsenings:
            amount = int(worsening.amount * share)
            if amount:
                half = "" if share == 1 else ", half"
                reason = f"{worsening.feature} from its {zone_name(own, ruleset)}{half}"
                items.append(Item(reason, -amount, rules.rule))
    return items


@dataclass(frozen=True)
class _Flank:
    """The standard rules' flanking of one attack: the ``ally`` opposite (``None``: nobody),
    why the defender cannot be flanked (``immune``, empty if it can) and what beat that
    (``beaten``: a rogue four levels higher than Improved Uncanny Dodge)."""

    ally: Creature | None = None
    immune: str = ""
    beaten: str = ""

    @property
    def flanking(self) -> bool:
        """Whether the attack flanks: an ally opposite and a defender that can be flanked."""
        return self.ally is not None and not self.immune


def _standard_flank(request: Attack, rules: CombatRules, reached: tuple) -> _Flank:
    """SRD 3.5, Flanking: "When making a melee attack, you get a +2 flanking bonus if your
    opponent is threatened by a character or creature friendly to you on the opponent's
    opposite border or opposite corner"; "Only a creature or character that threatens the
    defender can help an attacker get a flanking bonus"; "Creatures with a reach of 0 feet
    can't flank an opponent". The attacker must threaten the defender too."""
    if not (rules.standard_flanking and request.kind.value.melee and reached):
        return _Flank()
    attacker, defender, grid = request.attacker, request.defender, request.grid
    if not can_flank(attacker, grid):
        return _Flank()
    skipped = (attacker, defender, request.steed)
    corners = request.options.reach_corners
    target = set(defender.cells(grid))
    ally = next(
        (
            other
            for other in request.others
            if other not in skipped
            and other.side == attacker.side
            and can_flank(other, grid)
            and not target.isdisjoint(threatened_cells(other, grid, corners))
            and flanks(request.body, other, defender, grid)
        ),
        None,
    )
    if ally is None:
        return _Flank()
    if defender.faceless:
        return _Flank(ally, "faceless")
    for feature in rules.cannot_be_flanked:
        if feature not in defender.features:
            continue
        if feature == IMPROVED_UNCANNY_DODGE:
            needed = defender.level + ROGUE_LEVELS_OVER_IMPROVED_UNCANNY_DODGE
            if attacker.rogue_level >= needed:
                return _Flank(ally, beaten=f"rogue level {attacker.rogue_level} beats {feature}")
        return _Flank(ally, feature)
    return _Flank(ally)


def _flanking_items(flank: _Flank) -> list[Item]:
    """SRD 3.5, Flanking: "+2 flanking bonus", or why not against a creature that cannot be
    flanked."""
    if flank.ally is None:
        return []
    if flank.immune:
        reason = f"Target cannot be flanked ({flank.immune}): no bonus with {flank.ally.name} opposite"
        return [Item(reason, None, RULE_FLANKING)]
    beaten = f" ({flank.beaten})" if flank.beaten else ""
    reason = f"Flanking: {flank.ally.name} threatens the target from the opposite side{beaten}"
    return [Item(reason, 2, RULE_FLANKING)]


def _shield_items(request: Attack, rules: CombatRules, zone: Zone, uncovered: bool) -> list[Item]:
    """UA Combat Facing, Shields (Optional): the shield covers the front and the flank on its
    side (and beyond); the *shield* spell covers the front only."""
    if not (rules.shields and request.options.shields):
        return []
    defender = request.defender
    items = []
    if defender.shield_side is not None and uncovered:
        if zone is Zone.REAR:
            where = "the rear"
        else:
            other = "right" if defender.shield_side == "left" else "left"
            where = f"the {other} flank"
        reason = f"Shieldless AC: shield does not cover {where}"
        items.append(Item(reason, -request.shield_bonus or None, RULE_SHIELDS))
    if request.shield_spell_bonus and zone is not Zone.FRONT:
        reason = "Shield spell covers the front only"
        items.append(Item(reason, -request.shield_spell_bonus, RULE_SHIELDS))
    return items


def _sneak_attack(
    request: Attack, rules: CombatRules, zone: Zone | None, flank: _Flank
) -> tuple[bool | None, list[Item]]:
    """Whether sneak attack damage applies, and the line saying why.

    UA Combat Facing, Sneak Attacks: "whenever her foe is flat-footed or whenever she's
    attacking with a melee weapon from the foe's rear area"; immunity still applies;
    Improved Uncanny Dodge. Seed 001: "these effects only apply to attacks that originate from
    rear-facing spaces", and not against a creature that cannot be flanked. The standard rules
    (SRD 3.5, Sneak Attack): "when the rogue flanks her target" (``flank``). SRD 3.5: "Ranged
    attacks can count as sneak attacks only if the target is within 30 feet", unless the
    option ``ranged_sneak_attack_within_30_ft`` is off.
    """
    attacker, defender = request.attacker, request.defender
    has_it = attacker.rogue_level > 0 or SNEAK_ATTACK in attacker.features
    if not has_it or not request.kind.value.attack_roll:
        return None, []
    rule = rules.sneak_rule
    if IMMUNE_TO_SNEAK_ATTACK in defender.features:
        return False, [Item("Sneak attack: no, the target is immune", None, rule)]
    if not request.kind.value.melee:
        feet = _feet_apart(request.body, defender, request.grid)
        if request.options.ranged_sneak_attack_within_30_ft and feet > RANGED_SNEAK_ATTACK_FEET:
            reason = (
                f"Sneak attack: no, a ranged attack sneak attacks only within "
                f"{RANGED_SNEAK_ATTACK_FEET} feet, and the target is {feet} feet away"
            )
            return False, [Item(reason, None, RULE_SNEAK_RANGE)]
        positional = "a ranged attack gets it only against a flat-footed target"
    elif rules.sneak_from is None:
        if flank.flanking:
            return True, [Item(f"Sneak attack: yes, flanking with {flank.ally.name}", None, RULE_FLANKING)]
        if flank.immune:
            positional = f"the target cannot be flanked ({flank.immune})"
        else:
            positional = "no ally flanks the target with you"
    else:
        positional = _positional_sneak(request, rules, zone)
        if positional.startswith("yes"):
            return True, [Item(f"Sneak attack: {positional}", None, rule)]
    if defender.flat_footed:
        keeps = [name for name in KEEPS_GUARD_WHEN_FLAT_FOOTED if name in defender.features]
        if not keeps:
            return True, [Item("Sneak attack: yes, the target is flat-footed", None, rule)]
        flat = f"and {keeps[0]} keeps the flat-footed target's guard"
    else:
        flat = "and the target is not flat-footed"
    return False, [Item(f"Sneak attack: no, {positional}, {flat}", None, rule)]


def _positional_sneak(request: Attack, rules: CombatRules, zone: Zone | None) -> str:
    """``"yes, from the rear"`` or why a melee attack from ``zone`` does not sneak attack."""
    attacker, defender = request.attacker, request.defender
    if not defender.has_facing:
        return f"the target has no rear ({_no_facing_reason(defender)})"
    if zone is None:
        return "not from a space bordering the target"
    why_not = _cannot_be_flanked(rules, defender)
    if why_not:
        return f"the target cannot be flanked ({why_not})"
    effective, feature = _effective_zone(rules, attacker, zone)
    if effective is not rules.sneak_from:
        return f"not from the target's {zone_name(rules.sneak_from, request.ruleset)}"
    shifted = f" ({feature})" if feature else ""
    if rules.improved_uncanny_dodge and IMPROVED_UNCANNY_DODGE in defender.features:
        needed = defender.level + ROGUE_LEVELS_OVER_IMPROVED_UNCANNY_DODGE
        if attacker.rogue_level < needed:
            return (
                f"the target has Improved Uncanny Dodge: from its rear only a rogue of level "
                f"{needed} or more gets it"
            )
        level = attacker.rogue_level
        return f"yes, from the rear (rogue level {level} beats Improved Uncanny Dodge)"
    return f"yes, from the rear{shifted}"


def attack(request: Attack) -> AttackAnswer:
    """What facing does to the attack ``request`` describes, itemised (see ``AttackAnswer``).

    A space that straddles zones is judged in the attacker's favour: it attacks *into* the
    defender's cell most forward of its own facing (for a melee attack, among the cells it
    reaches) and *from* its own cell furthest round the defender (a flank the defender's
    shield does not cover before one it does). Under the variant every attack roll first turns
    the attacker (or its steed) to face the target.
    """
    rules = combat_rules(request.ruleset)
    info = request.kind.value
    grid, ruleset, defender = request.grid, request.ruleset, request.defender
    reached = _reached_cells(request)
    refusals = _refusals(request, reached)
    if refusals:
        return AttackAnswer(request, False, restrictions=refusals)
    body = request.body
    if info.spell and not info.area:
        ruling = spell_target_ruling(body, defender, grid, ruleset)
        if not ruling.allowed:
            return AttackAnswer(
                request, False, restrictions=ruling.items, turn_first=ruling.turn_first
            )
    restrictions = []
    turned = None
    if rules.attack_turns and info.attack_roll:
        facing = face_toward(body, defender, grid, ruleset)
        if facing != body:
            turned = body = facing
            whom = "you" if request.steed is None else "your steed"
            where = facing.facing_name(grid)
            reason = f"The attack turns {whom} to face the target: now facing {where}"
            restrictions.append(Item(reason, None, rules.rule))
    origins = ()
    if info.area:
        origins = spell_origins(body, grid, ruleset)
        if rules.spell_origin_zones != ALL_ZONES and body.has_facing:
            reason = (
                f"Lines and cones start at one of the {len(origins)} intersections between "
                "your space and your front area"
            )
            restrictions.append(Item(reason, None, RULE_SPELLS))
    zone, adjacent, uncovered = _position(request, body)
    common = {
        "restrictions": tuple(restrictions),
        "concealment": concealment_items(defender, request.body, grid, ruleset),
        "turned": turned,
        "origins": origins,
    }
    if not info.attack_roll:
        return AttackAnswer(request, True, **common)
    target_cells = reached if info.melee else defender.cells(grid)
    # Seed 001's flanked condition and sneak attack come from where the attacker stands; with
    # the option, only a space bordering the defender's counts.
    flank_zone = zone
    if rules.flanked and request.options.variant_flanked_only_adjacent:
        flank_zone = _bordering_zone(defender, body.cells(grid), grid, ruleset)
    flank = _standard_flank(request, rules, reached)
    attack_items = _into_items(request, rules, body, target_cells)
    attack_items += _from_items(request, rules, zone, adjacent)
    attack_items += _flanking_items(flank)
    armor_class_items = _flanked_items(request, rules, flank_zone, bool(reached))
    armor_class_items += _shield_items(request, rules, zone, uncovered)
    sneak, damage_items = _sneak_attack(request, rules, flank_zone, flank)
    return AttackAnswer(
        request,
        True,
        attack_items=tuple(attack_items),
        armor_class_items=tuple(armor_class_items),
        damage_items=tuple(damage_items),
        sneak_attack=sneak,
        **common,
    )
