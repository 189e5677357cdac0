"""What the table knows about a creature in a fight, and the values the combat rules take from it.

A ``Creature`` says where a token stands and which way it faces; ``CombatStats`` says how it
fights: its attack bonus and damage, its Armor Class and shield, its stance for the round
(Seed 003: Combat Stance), what kind of character or monster it is (the Fighter's strike bonus
and 19-20 critical hits, the special effects, body points), and the action it declares for the
strike-speed order of battle. Every field has a default, so ``CombatStats()`` is an ordinary
Medium-weapon fighter of no class in Standard stance.

The helpers build what the rules modules take from a creature and its stats:
``attacker_for`` and ``defender_for`` (``rules.attack``), ``combatant_for``
(``rules.strike_speed``) and ``attack_request`` (``rules.facing``: the attacker's reach from
``rules.reach``, the others that threaten the target, the target's shield). ``stats_for``
reads one creature's stats from a mapping of names, a creature missing from it getting
``CombatStats()``.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace

from rules.attack import Attacker, Defender
from rules.creature import Creature
from rules.dice import Dice, dice_notation, parse_dice
from rules.encounter import Encounter
from rules.errors import RulesError
from rules.facing import Attack, AttackKind
from rules.grid import Grid
from rules.reach import is_opponent, threatened_cells
from rules.stances import Shield, Stance, choose_stance, parse_stance
from rules.strike_speed import Action, Combatant, parse_action


class CombatStatsError(RulesError):
    """Combat stats that do not fit together: a shield bonus without a shield, a monster that is
    a Fighter, a spell cast without a target."""


def parse_shield(text: str) -> Shield:
    """The shield named by ``text``, in any case: ``"none"``, ``"shield"``, ``"large shield"``."""
    key = " ".join(str(text).replace("_", " ").split()).lower()
    for shield in Shield:
        if shield.value == key:
            return shield
    names = ", ".join(f"'{shield.value}'" for shield in Shield)
    raise CombatStatsError(f"'{text}' is not a shield: choose {names}")


@dataclass(frozen=True)
class CombatStats:
    """How one creature fights, as the attack panel and the round tracker need it.

    ``attack_bonus`` is its total attack bonus with the weapon it uses; ``armor_class`` its own
    Armor Class (shield included) before stance and position; ``shield`` the shield it carries
    (``rules.stances.Shield``: the defensive stances give more with one) and ``shield_bonus``
    the AC that shield gives, which UA's shields option takes away from the sides it does not
    cover; ``shield_bash`` the dice of a bash with it (Seed 003: Shield Slam), empty for none.
    ``damage`` is its weapon's damage in dice notation and ``strength_bonus`` its Strength
    bonus (Reposition and Shield Slam push further). ``stance`` is its combat stance for the
    round. ``max_hit_points`` is its full hit points (0: the table does not track them) and
    ``hit_points`` what it has now (``rules.health.Vitals``, through ``vitals``). ``crossbow``
    says its ranged weapon is a crossbow, which a prone creature may still use (SRD 3.5, Prone:
    "cannot use a ranged weapon (except for a crossbow)"). ``initiative_modifier`` is what it
    adds to its d20 for initiative (``rules.round.roll_initiative``).

    ``is_fighter`` marks the Fighter class and ``is_fighting_class`` any fighting class;
    ``crits_as_fighter`` a class the referee gives the Fighter's 19-20 range; ``may_maneuver``
    a creature other than a Fighter the referee lets use combat maneuvers. ``is_monster``
    marks a monster, and ``classed_as_fighter`` one the referee classes as a fighter for its
    strike speed. ``has_body_points`` is ``None`` for the usual case (characters have them,
    monsters do not) or says otherwise. ``action`` is the action it usually declares for the
    order of battle; a creature casting a spell declares ``spell`` and ``spell_target``.

    Text is accepted for ``shield``, ``stance`` and ``action`` and read into its value; the
    dice are kept in canonical notation (``"1d8+2"``).
    """

    attack_bonus: int = 0
    armor_class: int = 10
    shield: Shield = Shield.NONE
    shield_bonus: int = 0
    shield_bash: str = ""
    damage: str = "1d6"
    strength_bonus: int = 0
    stance: Stance = Stance.STANDARD
    is_fighter: bool = False
    is_fighting_class: bool = False
    crits_as_fighter: bool = False
    may_maneuver: bool = False
    is_monster: bool = False
    classed_as_fighter: bool = False
    has_body_points: bool | None = None
    action: Action = Action.MEDIUM_WEAPON
    spell: str = ""
    spell_target: str = ""
    max_hit_points: int = 0
    hit_points: int = 0
    crossbow: bool = False
    initiative_modifier: int = 0

    def __post_init__(self):
        try:
            self._read_text_fields()
        except CombatStatsError:
            raise
        except RulesError as error:
            raise CombatStatsError(str(error)) from None
        self._check_numbers()
        self._check_kind()
        self._check_declaration()

    def _read_text_fields(self) -> None:
        """Read text given for a shield, a stance, an action or dice into their values."""
        if not isinstance(self.shield, Shield):
            object.__setattr__(self, "shield", parse_shield(self.shield))
        if not isinstance(self.stance, Stance):
            object.__setattr__(self, "stance", parse_stance(str(self.stance)))
        if not isinstance(self.action, Action):
            object.__setattr__(self, "action", parse_action(str(self.action)))
        for label in ("damage", "shield_bash"):
            text = getattr(self, label)
            if not isinstance(text, str):
                raise CombatStatsError(
                    f"Write the {_LABELS[label]} in dice notation, like 1d8+2, not {text!r}"
                )
            if label == "damage" or text.strip():
                object.__setattr__(self, label, dice_notation(parse_dice(text)))

    def _check_numbers(self) -> None:
        """Bonuses are whole numbers; Armor Class and the shield's bonus are not negative."""
        for label, least in (
            ("attack_bonus", None),
            ("armor_class", 0),
            ("shield_bonus", 0),
            ("strength_bonus", None),
            ("initiative_modifier", None),
        ):
            value = getattr(self, label)
            too_low = least is not None and isinstance(value, int) and value < least
            if isinstance(value, bool) or not isinstance(value, int) or too_low:
                whole = "a whole number" if least is None else f"a whole number from {least}"
                raise CombatStatsError(f"The {_LABELS[label]} is {whole}, not {value!r}")
        for label, value in (("max_hit_points", self.max_hit_points), ("hit_points", self.hit_points)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise CombatStatsError(f"The {_LABELS[label]} is a whole number, not {value!r}")
        if self.max_hit_points < 0:
            raise CombatStatsError(f"The {_LABELS['max_hit_points']} is a whole number from 0, not {self.max_hit_points}")
        if self.max_hit_points and self.hit_points > self.max_hit_points:
            raise CombatStatsError(
                f"{self.hit_points} hit points now is more than the maximum, {self.max_hit_points}"
            )
        if self.shield is Shield.NONE and self.shield_bonus:
            raise CombatStatsError(
                f"A shield bonus of {self.shield_bonus} needs a shield: "
                "choose 'shield' or 'large shield'"
            )
        if self.shield is Shield.NONE and self.shield_bash:
            raise CombatStatsError("A shield bash needs a shield: choose 'shield' or 'large shield'")

    def _check_kind(self) -> None:
        """Switches are True or False; a monster has no character class, and only a monster is
        classed as a fighter by the referee (Seed 003: Strike Speed)."""
        for label in (
            "is_fighter",
            "is_fighting_class",
            "crits_as_fighter",
            "may_maneuver",
            "is_monster",
            "classed_as_fighter",
            "crossbow",
        ):
            if not isinstance(getattr(self, label), bool):
                raise CombatStatsError(f"'{_LABELS[label]}' is yes or no, not {getattr(self, label)!r}")
        if not (self.has_body_points is None or isinstance(self.has_body_points, bool)):
            raise CombatStatsError(
                f"'Has body points' is yes, no or left to the usual rule, not {self.has_body_points!r}"
            )
        if self.is_monster and (self.is_fighter or self.is_fighting_class):
            raise CombatStatsError(
                "A monster has no character class: it is not a Fighter or a fighting class "
                "(the referee may class it as a fighter instead)"
            )
        if self.classed_as_fighter and not self.is_monster:
            raise CombatStatsError("Only a monster is classed as a fighter by the referee")

    def _check_declaration(self) -> None:
        """Seed 003: "Spell casters casting a spell must declare the spell being cast and its
        target before initiative is rolled", and cannot take a defensive stance."""
        for label in ("spell", "spell_target"):
            if not isinstance(getattr(self, label), str):
                raise CombatStatsError(f"The {_LABELS[label]} is text, not {getattr(self, label)!r}")
        casting = self.action is Action.CAST_SPELL
        try:
            choose_stance(self.stance, casting_spell=casting)
        except RulesError as error:
            raise CombatStatsError(str(error)) from None
        declared = bool(self.spell.strip() or self.spell_target.strip())
        if casting and not (self.spell.strip() and self.spell_target.strip()):
            raise CombatStatsError(
                "A creature casting a spell declares the spell and its target before initiative "
                "is rolled"
            )
        if declared and not casting:
            raise CombatStatsError(
                "Only a creature casting a spell declares one: choose Cast Spell as its action, "
                "or leave the spell and its target empty"
            )

    @property
    def damage_dice(self) -> Dice:
        """The weapon's damage as ``Dice``."""
        return parse_dice(self.damage)

    @property
    def shield_bash_dice(self) -> Dice | None:
        """The shield bash's damage as ``Dice``, or ``None`` without one."""
        return parse_dice(self.shield_bash) if self.shield_bash else None


_LABELS = {
    "attack_bonus": "attack bonus",
    "armor_class": "Armor Class",
    "shield_bonus": "shield's AC bonus",
    "shield_bash": "shield bash damage",
    "damage": "damage",
    "strength_bonus": "Strength bonus",
    "is_fighter": "Fighter",
    "is_fighting_class": "Fighting class",
    "crits_as_fighter": "Critical hits as a Fighter",
    "may_maneuver": "May use combat maneuvers",
    "is_monster": "Monster",
    "classed_as_fighter": "Classed as a fighter",
    "spell": "spell",
    "spell_target": "spell's target",
    "max_hit_points": "maximum hit points",
    "hit_points": "hit points now",
    "crossbow": "Ranged weapon is a crossbow",
    "initiative_modifier": "initiative modifier",
}

def vitals_of(stats: CombatStats):
    """The hit points of a creature with ``stats`` as a ``rules.health.Vitals``, or ``None`` when
    the table does not track them (``max_hit_points`` 0)."""
    from rules.health import Vitals

    if not stats.max_hit_points:
        return None
    return Vitals(stats.max_hit_points, stats.hit_points)


def with_damage(stats: CombatStats, amount: int) -> CombatStats:
    """``stats`` after ``amount`` points of damage (``rules.health.Vitals.damaged``), or
    healing with a negative ``amount``; ``stats`` itself when hit points are not tracked."""
    vitals = vitals_of(stats)
    if vitals is None:
        return stats
    after = vitals.damaged(amount) if amount >= 0 else vitals.healed(-amount)
    return replace(stats, hit_points=max(LOWEST_HIT_POINTS, after.current))


LOWEST_HIT_POINTS = -9999
"""The lowest hit points kept (far past dead, at -10): what a link carries."""


DEFAULT_STATS = CombatStats()
"""The stats of a creature the table has not described."""


def stats_for(stats: Mapping, name: str) -> CombatStats:
    """The stats of the creature called ``name`` (any case) in ``stats``, a mapping from names
    to ``CombatStats``; ``DEFAULT_STATS`` for a creature the mapping leaves out."""
    if not isinstance(stats, Mapping):
        raise CombatStatsError(f"Combat stats come as a mapping from names, not {stats!r}")
    key = name.casefold()
    for other, value in stats.items():
        if isinstance(other, str) and other.casefold() == key:
            if not isinstance(value, CombatStats):
                raise CombatStatsError(f"{name}'s combat stats are a CombatStats value, not {value!r}")
            return value
    return DEFAULT_STATS


def attacker_for(creature: Creature, stats: CombatStats) -> Attacker:
    """``creature`` as ``rules.attack`` sees the one attacking: its level (or hit dice) from
    the creature, everything else from ``stats``."""
    return Attacker(
        name=creature.name,
        attack_bonus=stats.attack_bonus,
        stance=stats.stance,
        level=creature.level,
        is_fighter=stats.is_fighter,
        is_fighting_class=stats.is_fighting_class,
        is_monster=stats.is_monster,
        crits_as_fighter=stats.crits_as_fighter,
        may_maneuver=stats.may_maneuver,
        strength_bonus=stats.strength_bonus,
        shield_bash=stats.shield_bash_dice,
    )


def defender_for(creature: Creature, stats: CombatStats) -> Defender:
    """``creature`` as ``rules.attack`` sees the one attacked."""
    return Defender(
        name=creature.name,
        armor_class=stats.armor_class,
        stance=stats.stance,
        shield=stats.shield,
        level=creature.level,
        is_fighter=stats.is_fighter,
        is_fighting_class=stats.is_fighting_class,
        is_monster=stats.is_monster,
        has_body_points=stats.has_body_points,
    )


def combatant_for(creature: Creature, stats: CombatStats, action: Action | None = None) -> Combatant:
    """``creature`` in the strike-speed order of battle, on its side, taking ``action`` (its
    stats' usual action if ``None``). Declaring Cast Spell needs the spell and its target in
    ``stats``."""
    if action is not None and action is not stats.action:
        try:
            stats = replace(stats, action=action)
        except CombatStatsError as error:
            raise CombatStatsError(f"{creature.name}: {error}") from None
    return Combatant(
        name=creature.name,
        side=creature.side,
        action=stats.action,
        level=creature.level,
        is_fighter=stats.is_fighter,
        is_monster=stats.is_monster,
        classed_as_fighter=stats.classed_as_fighter,
        stance=stats.stance,
        spell=stats.spell,
        spell_target=stats.spell_target,
    )


def threatens_creature(creature: Creature, other: Creature, grid: Grid, corners: bool = False) -> bool:
    """Whether ``creature`` threatens a cell of ``other``'s space (``rules.reach``; ``corners``:
    the ``reach_corners`` option)."""
    return not threatened_cells(creature, grid, corners).isdisjoint(other.cells(grid))


def attack_request(
    encounter: Encounter, stats: Mapping, attacker_name: str, target_name: str, kind: AttackKind
) -> Attack:
    """The ``rules.facing.Attack`` of ``attacker_name`` on ``target_name`` on this board.

    The attacker's reach is the cells it threatens (``rules.reach``: reach weapons, long
    creatures, the table's ``reach_corners`` option); the others threatening the target are its
    opponents, other than the attacker, that threaten a cell of its space (the variant's
    flanked condition counts them); everyone else on the board goes in as the others, for the
    standard rules' flanking. The target's shield bonus goes in when it holds its shield on a
    side (``Creature.shield_side``), which UA's shields option needs to know which flank the
    shield covers. A target flat-footed by its conditions (``Encounter.conditions_of``) goes in
    as ``flat_footed``, so a rogue sneak attacks it as the facing rules say.
    """
    attacker = encounter.creature(attacker_name)
    target = encounter.creature(target_name)
    grid = encounter.grid
    corners = encounter.options.reach_corners
    others = tuple(
        other
        for other in encounter.others(attacker.name)
        if other.name != target.name
        and is_opponent(target, other)
        and threatens_creature(other, target, grid, corners)
    )
    if not target.flat_footed and (encounter.conditions or encounter.round is not None) and \
            "flat-footed" in encounter.conditions_of(target.name):
        # The condition applied, or not yet acted (SRD 3.5, Flat-Footed): the facing rules'
        # flat-footed target ("whenever her foe is flat-footed", UA Sneak Attacks).
        target = replace(target, flat_footed=True)
    target_stats = stats_for(stats, target.name)
    return Attack(
        attacker=attacker,
        defender=target,
        kind=kind,
        ruleset=encounter.ruleset,
        grid=grid,
        options=encounter.options,
        threatened=threatened_cells(attacker, grid, corners),
        others_threatening=others,
        others=tuple(other for other in encounter.creatures if other.name not in (attacker.name, target.name)),
        shield_bonus=target_stats.shield_bonus if target.shield_side is not None else 0,
    )
