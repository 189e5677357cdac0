"""One attack from roll to result: the d20, every modifier, hit or miss, crit or fumble, damage.

The attack panel calls ``resolve_attack`` with the attacker, the defender, the damage dice, a
random source and the table's options. Modifiers worked out elsewhere (the facing work's flank
and rear lines, for example) come in as itemised lines; the stances, a combat maneuver,
critical hits and misses (Seed 003) are applied here. The answer, an ``AttackResult``, keeps
every line, every die and the special effects that may now be imposed, so the page shows why.

``Attacker`` and ``Defender`` hold the little an attack needs to know about a creature; the
panel builds them from the encounter's creatures.
"""

from dataclasses import dataclass
from enum import Enum

from rules.crits import (
    CRIT_HIT_RULE,
    CRIT_MISS_RULE,
    EffectOffer,
    critical_damage,
    critical_naturals,
    crit_hit_effects,
    crit_miss_effects,
    is_critical_miss,
    why_no_crit_hit_effects,
    why_no_crit_miss_effects,
)
from rules.dice import D20, MAX_DICE, Dice, DiceRoll, dice_notation, roll, roll_die
from rules.errors import RulesError
from rules.itemise import Item, total
from rules.maneuvers import Area, Maneuver, check_maneuver, maneuver_items
from rules.options import DEFAULT_OPTIONS, Options
from rules.stances import (
    Shield,
    Stance,
    stance_armor_class_items,
    stance_attack_items,
    stance_name,
)

SHEET = "Character sheet"
"""The ``rule`` of a line taken from the creature itself (its attack bonus, its Armor Class)."""

DAMAGE_RULE = "Damage roll"
"""The ``rule`` of an ordinary damage line."""

SNEAK_ATTACK_RULE = "SRD 3.5 Rogue: Sneak Attack"
"""The ``rule`` of the sneak attack damage line."""

SNEAK_ATTACK_DIE = 6
"""A sneak attack die is a d6."""


class AttackError(RulesError):
    """An attack that cannot be made as asked."""


class Outcome(Enum):
    """How an attack ended."""

    HIT = "hit"
    MISS = "miss"
    CRITICAL_HIT = "critical hit"
    CRITICAL_MISS = "critical miss"


def sneak_attack_dice(rogue_level: int) -> Dice | None:
    """The sneak attack dice of a rogue of ``rogue_level``, ``None`` for no rogue levels.

    SRD 3.5 Rogue, Sneak Attack: "This extra damage is 1d6 at 1st level, and it increases by 1d6
    every two rogue levels thereafter." So rogue level / 2 rounded up: 1st and 2nd 1d6, 3rd 2d6,
    20th 10d6. A level past any table's (above 199) rolls the most dice one roll may hold.
    """
    if isinstance(rogue_level, bool) or not isinstance(rogue_level, int) or rogue_level < 0:
        raise AttackError(f"A rogue level is a whole number from 0, not {rogue_level!r}")
    if not rogue_level:
        return None
    return Dice(min(-(-rogue_level // 2), MAX_DICE), SNEAK_ATTACK_DIE)


def _check_creature(name: str, level: int, is_fighter: bool, is_monster: bool):
    """The invariants ``Attacker`` and ``Defender`` share."""
    if not name.strip():
        raise AttackError("Every creature in an attack needs a name")
    if level < 0:
        raise AttackError(f"{name}'s level or hit dice are 0 or more, not {level}")
    if is_fighter and is_monster:
        raise AttackError(f"{name} is either a Fighter character or a monster, not both")


@dataclass(frozen=True)
class Attacker:
    """What an attack needs to know about the creature making it.

    ``attack_bonus`` is its own total attack bonus with this weapon; ``level`` a character's
    level or a monster's hit dice. ``is_fighter`` marks the Fighter class, ``is_fighting_class``
    any fighting class (a Fighter is one); ``crits_as_fighter`` a class based on the Fighter
    that the referee gives the Fighter's 19-20 range; ``may_maneuver`` a creature other than a
    Fighter the referee lets use combat maneuvers. ``strength_bonus`` pushes Reposition and
    Shield Slam further; ``shield_bash`` is the bash damage of the shield it wields, or ``None``
    without one.
    """

    name: str
    attack_bonus: int = 0
    stance: Stance = Stance.STANDARD
    level: int = 1
    is_fighter: bool = False
    is_fighting_class: bool = False
    is_monster: bool = False
    crits_as_fighter: bool = False
    may_maneuver: bool = False
    strength_bonus: int = 0
    shield_bash: Dice | None = None

    def __post_init__(self):
        _check_creature(self.name, self.level, self.is_fighter, self.is_monster)


@dataclass(frozen=True)
class Defender:
    """What an attack needs to know about the creature attacked.

    ``armor_class`` is its own Armor Class before stance and position; ``shield`` the shield it
    carries (the defensive stances give more with one); ``level`` its level or hit dice (the
    Feint penalty). ``has_body_points`` is ``None`` for the usual case, "monsters generally do
    not have body points" (Seed 003: Critical Hits): characters have them, monsters do not.
    """

    name: str
    armor_class: int
    stance: Stance = Stance.STANDARD
    shield: Shield = Shield.NONE
    level: int = 1
    is_fighter: bool = False
    is_fighting_class: bool = False
    is_monster: bool = False
    has_body_points: bool | None = None

    def __post_init__(self):
        _check_creature(self.name, self.level, self.is_fighter, self.is_monster)

    @property
    def keeps_body_points(self) -> bool:
        """Whether this defender has body points: as set, or characters yes and monsters no."""
        if self.has_body_points is None:
            return not self.is_monster
        return self.has_body_points


@dataclass(frozen=True)
class AttackResult:
    """Everything an attack did, itemised.

    ``natural`` is the d20 as it fell; ``attack_items`` the modifiers added to it;
    ``armor_class_items`` the defender's Armor Class, line by line. On a hit ``damage_rolls``
    are the dice and ``damage_items`` the damage lines. ``body_point_damage`` and
    ``loses_next_attack`` are the body points option's effects of a critical hit.
    ``sneak_attack_roll`` is the sneak attack dice as they fell on a hit (also in
    ``damage_rolls``, last), ``None`` when none were rolled. ``maneuver_armor_class`` is the
    attacker's AC change from a combat maneuver, which holds until its next action. ``crit_hit_effects`` may be imposed by the attacker,
    ``crit_miss_effects`` by the defender. ``notes`` are lines without a value that say why.
    """

    attacker: Attacker
    defender: Defender
    natural: int
    attack_items: tuple[Item, ...]
    armor_class_items: tuple[Item, ...]
    outcome: Outcome
    damage_rolls: tuple[DiceRoll, ...] = ()
    damage_items: tuple[Item, ...] = ()
    body_point_damage: int = 0
    loses_next_attack: bool = False
    sneak_attack_roll: DiceRoll | None = None
    maneuver_armor_class: tuple[Item, ...] = ()
    crit_hit_effects: tuple[EffectOffer, ...] = ()
    crit_miss_effects: tuple[EffectOffer, ...] = ()
    notes: tuple[Item, ...] = ()

    def __post_init__(self):
        if not 1 <= self.natural <= 20:
            raise AttackError(f"A d20 cannot show {self.natural}")
        if self.is_hit != bool(self.damage_rolls):
            raise AttackError("A hit rolls damage and a miss does not")

    @property
    def attack_total(self) -> int:
        """The natural roll plus every modifier."""
        return self.natural + total(self.attack_items)

    @property
    def armor_class(self) -> int:
        """The Armor Class the attack had to reach."""
        return total(self.armor_class_items)

    @property
    def is_hit(self) -> bool:
        """Whether the attack hit (a critical hit is a hit)."""
        return self.outcome in (Outcome.HIT, Outcome.CRITICAL_HIT)

    @property
    def damage(self) -> int:
        """The damage dealt: the damage lines' total, never below 0."""
        return max(total(self.damage_items), 0)

    def text(self) -> str:
        """The attack as the page's log shows it, one line per part."""
        lines = [
            f"{self.attacker.name} attacks {self.defender.name}: natural {self.natural}, "
            f"total {self.attack_total} against AC {self.armor_class}: {self.outcome.value}"
        ]
        lines.extend(f"  {item.text()}" for item in self.attack_items)
        lines.append(f"  Armor Class {self.armor_class}:")
        lines.extend(f"    {item.text()}" for item in self.armor_class_items)
        if self.is_hit:
            lines.append(f"  Damage {self.damage}:")
            lines.extend(f"    {dice_roll.text()}" for dice_roll in self.damage_rolls)
            lines.extend(f"    {item.text()}" for item in self.damage_items)
        if self.body_point_damage:
            lines.append(f"  Body-point damage: {self.body_point_damage}")
        if self.loses_next_attack:
            lines.append(f"  {self.defender.name} loses its next attack")
        lines.extend(f"  {item.text()}" for item in self.maneuver_armor_class)
        lines.extend(f"  {item.text()}" for item in self.notes)
        for heading, offers in (
            (f"{self.attacker.name} may impose one of:", self.crit_hit_effects),
            (f"{self.defender.name} may impose one of:", self.crit_miss_effects),
        ):
            if offers:
                lines.append(f"  {heading}")
                lines.extend(f"    {offer.rule.name}" for offer in offers)
        return "\n".join(lines)


def resolve_attack(
    attacker: Attacker,
    defender: Defender,
    damage: Dice,
    rng,
    options: Options = DEFAULT_OPTIONS,
    *,
    attack_modifiers=(),
    armor_class_modifiers=(),
    melee: bool = True,
    maneuver: Maneuver = Maneuver(),
    counterattack: bool = False,
    attacker_within_reach: bool = True,
    damage_modifiers=(),
    sneak_attack: Dice | None = None,
) -> AttackResult:
    """Roll one attack of ``attacker`` on ``defender`` with ``rng`` and say what it did.

    ``attack_modifiers`` and ``armor_class_modifiers`` are itemised lines from elsewhere (the
    facing work's, for instance); the stances' lines and the ``maneuver``'s are added here. A
    creature in Full Defense cannot attack, except for the ``counterattack`` a critical miss
    special effect grants (always in melee). ``attacker_within_reach`` says whether the
    defender can reach the attacker, for the critical miss effects that need it.
    ``damage_modifiers`` are itemised lines added to the damage of a hit (a condition's
    "-2 on weapon damage rolls"). ``sneak_attack`` is the sneak attack dice when the attack
    sneak attacks (``sneak_attack_dice``): a hit rolls them after the weapon's damage and adds
    them, a critical hit too, rolled and not at their maximum (Flankwise reads seed 003's
    "maximum damage" as the weapon's, as the standard rules do not multiply sneak attack
    damage on a critical hit). A refused stance or maneuver raises before any die is rolled.
    """
    attack_items = []
    notes = []
    if attacker.attack_bonus:
        attack_items.append(Item("Attack bonus", attacker.attack_bonus, SHEET))
    attack_items.extend(attack_modifiers)
    if counterattack and not melee:
        raise AttackError("A counterattack is a melee attack")
    if counterattack and attacker.stance is Stance.FULL_DEFENSE:
        notes.append(
            Item(f"Counterattack from {stance_name(attacker.stance)}", None, CRIT_MISS_RULE)
        )
    else:
        attack_items.extend(stance_attack_items(attacker.stance))
    check_maneuver(
        maneuver,
        level=attacker.level,
        is_fighter=attacker.is_fighter,
        referee_allows=attacker.may_maneuver,
    )
    attack_items.extend(maneuver_items(maneuver, Area.ATTACK))
    armor_class_items = [Item("Armor Class", defender.armor_class, SHEET)]
    armor_class_items.extend(stance_armor_class_items(defender.stance, defender.shield))
    armor_class_items.extend(armor_class_modifiers)

    natural = roll_die(rng, D20.sides)
    would_hit = natural + total(attack_items) >= total(armor_class_items)
    result = {
        "attacker": attacker,
        "defender": defender,
        "natural": natural,
        "attack_items": tuple(attack_items),
        "armor_class_items": tuple(armor_class_items),
        "maneuver_armor_class": maneuver_items(maneuver, Area.ARMOR_CLASS),
    }
    crits = critical_naturals(
        options, crits_as_fighter=attacker.is_fighter or attacker.crits_as_fighter
    )
    if is_critical_miss(natural):
        notes.append(Item("Natural 1: a critical miss always fails", None, CRIT_MISS_RULE))
        return AttackResult(
            **result,
            outcome=Outcome.CRITICAL_MISS,
            crit_miss_effects=_crit_miss_offers(
                defender, options, attacker_within_reach, notes
            ),
            notes=tuple(notes),
        )
    if would_hit and natural in crits:
        notes.append(
            Item(f"Natural {natural} that would hit: a critical hit", None, CRIT_HIT_RULE)
        )
        crit = critical_damage(
            damage, rng, options, defender_has_body_points=defender.keeps_body_points
        )
        sneak = _sneak_attack(sneak_attack, rng)
        damage_items = crit.items + _riders(maneuver, damage_modifiers, sneak)
        return AttackResult(
            **result,
            outcome=Outcome.CRITICAL_HIT,
            damage_rolls=crit.rolls + sneak,
            damage_items=damage_items,
            sneak_attack_roll=sneak[0] if sneak else None,
            body_point_damage=crit.body_point_damage,
            loses_next_attack=crit.loses_next_attack,
            crit_hit_effects=_crit_hit_offers(
                attacker, options, melee, max(total(damage_items), 0), notes
            ),
            notes=tuple(notes),
        )
    if natural in crits:
        notes.append(
            Item(
                f"Natural {natural} that would not otherwise hit: no critical hit",
                None,
                CRIT_HIT_RULE,
            )
        )
    if would_hit or (natural == 20 and options.natural_20_always_hits):
        if not would_hit:
            notes.append(Item("A natural 20 always hits at this table", None, CRIT_HIT_RULE))
        damage_roll = roll(damage, rng)
        sneak = _sneak_attack(sneak_attack, rng)
        return AttackResult(
            **result,
            outcome=Outcome.HIT,
            damage_rolls=(damage_roll,) + sneak,
            damage_items=(
                Item(f"Damage ({dice_notation(damage)})", damage_roll.total, DAMAGE_RULE),
            ) + _riders(maneuver, damage_modifiers, sneak),
            sneak_attack_roll=sneak[0] if sneak else None,
            notes=tuple(notes),
        )
    return AttackResult(**result, outcome=Outcome.MISS, notes=tuple(notes))


def _sneak_attack(dice: Dice | None, rng) -> tuple[DiceRoll, ...]:
    """The sneak attack dice rolled with ``rng``: one roll, or none without ``dice``."""
    return () if dice is None else (roll(dice, rng),)


def _riders(maneuver: Maneuver, modifiers, sneak: tuple[DiceRoll, ...]) -> tuple[Item, ...]:
    """The damage lines after the weapon's: the maneuver's bonus, the other modifiers, then the
    sneak attack's dice."""
    lines = maneuver_items(maneuver, Area.DAMAGE) + tuple(modifiers)
    return lines + tuple(
        Item(f"Sneak attack ({dice_notation(each.dice)})", each.total, SNEAK_ATTACK_RULE) for each in sneak
    )


def _crit_hit_offers(
    attacker: Attacker, options: Options, melee: bool, damage_dealt: int, notes: list
) -> tuple[EffectOffer, ...]:
    """The critical hit effects ``attacker`` may impose; notes why none when the option is on."""
    traits = {
        "is_fighting_class": attacker.is_fighter or attacker.is_fighting_class,
        "is_monster": attacker.is_monster,
        "stance": attacker.stance,
        "melee": melee,
    }
    reason = why_no_crit_hit_effects(options, **traits)
    if reason and options.crit_hit_effects:
        notes.append(Item(reason, None, CRIT_HIT_RULE))
    return crit_hit_effects(
        options,
        **traits,
        damage_dealt=damage_dealt,
        strength_bonus=attacker.strength_bonus,
        shield_bash=attacker.shield_bash,
    )


def _crit_miss_offers(
    defender: Defender, options: Options, attacker_within_reach: bool, notes: list
) -> tuple[EffectOffer, ...]:
    """The critical miss effects ``defender`` may impose; notes why none when the option is on."""
    traits = {
        "is_fighter": defender.is_fighter,
        "is_fighting_class": defender.is_fighter or defender.is_fighting_class,
        "is_monster": defender.is_monster,
        "stance": defender.stance,
    }
    reason = why_no_crit_miss_effects(options, **traits)
    if reason and options.crit_miss_effects:
        notes.append(Item(reason, None, CRIT_MISS_RULE))
    return crit_miss_effects(
        options, **traits, level=defender.level, attacker_within_reach=attacker_within_reach
    )
