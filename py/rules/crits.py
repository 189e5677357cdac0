"""Critical hits and critical misses, and the special effects they may offer (Seed 003).

A natural 20 that would otherwise hit is a critical hit doing maximum damage; a natural 1 is a
critical miss that always fails. The options (``rules.options``) add body-point damage, the
Fighter's 19-20 range, and two lists of special effects: one the attacker may impose after a
critical hit in melee from an attacking stance, one the defender may impose when an enemy
rolls a natural 1 against it in a defensive stance. The effect lists are plain data
(``CRIT_HIT_EFFECT_TABLE``, ``CRIT_MISS_EFFECT_TABLE``) with the seed's words; an offer carries
the numbers worked out for this attack (distances in feet, the Feint penalty) as itemised lines.
"""

from dataclasses import dataclass
from enum import Enum

from rules.dice import Dice, DiceRoll, dice_notation, max_roll, roll
from rules.itemise import Item, total
from rules.options import Options
from rules.stances import Stance, is_attack_stance, is_defense_stance

CRIT_HIT_RULE = "Seed 003: Critical Hits"
"""The seed section of critical hits and their special effects."""

CRIT_MISS_RULE = "Seed 003: Critical Misses"
"""The seed section of critical misses and their special effects."""


class CritHitEffect(Enum):
    """The special effects an attacker may impose after a critical hit."""

    TRIP = "trip"
    DISARM = "disarm"
    REPOSITION = "reposition"
    SHIELD_SLAM = "shield slam"
    DISORIENT = "disorient"
    HINDER = "hinder"


class CritMissEffect(Enum):
    """The special effects a defender may impose when an attacker rolls a natural 1."""

    COUNTERATTACK = "counterattack"
    DISENGAGE = "disengage"
    BLIND = "blind"
    REDIRECT_ATTACK = "redirect attack"
    FEINT = "feint"
    STEAL = "steal"


class Lasts(Enum):
    """How long an effect holds; the round tracker ends it."""

    AT_ONCE = "at once"
    TARGETS_NEXT_TURN = "until the end of the affected creature's next turn"
    NEXT_ROUND = "until the end of the next round"


@dataclass(frozen=True)
class EffectRule:
    """One special effect as the seed describes it: its name, its words and how long it lasts."""

    name: str
    text: str
    lasts: Lasts


CRIT_HIT_EFFECT_TABLE = {
    # Seed 003: Critical Hits, Critical Hit Special Effects.
    CritHitEffect.TRIP: EffectRule("Trip", "Target is knocked prone.", Lasts.AT_ONCE),
    CritHitEffect.DISARM: EffectRule(
        "Disarm",
        "Target's weapon or shield is knocked away in a random direction a number of feet "
        "equal to half the damage you dealt.",
        Lasts.AT_ONCE,
    ),
    CritHitEffect.REPOSITION: EffectRule(
        "Reposition",
        "Force your target to move to a new location of your choice, up to a number of feet "
        "equal to half the damage you dealt (plus attacker's STR bonus). Attacker may move "
        "with target if attacker desires.",
        Lasts.AT_ONCE,
    ),
    CritHitEffect.SHIELD_SLAM: EffectRule(
        "Shield Slam",
        "If wielding a shield, bludgeon your target with it, dealing damage as a shield bash. "
        "Target is then forced back from you a number of feet equal to half the damage dealt "
        "by the original attack (plus the attacker's STR bonus).",
        Lasts.AT_ONCE,
    ),
    CritHitEffect.DISORIENT: EffectRule(
        "Disorient",
        "Blow leaves your opponent off-guard. Until the end of his next turn, target is "
        "confused.",
        Lasts.TARGETS_NEXT_TURN,
    ),
    CritHitEffect.HINDER: EffectRule(
        "Hinder",
        "Target is briefly slowed, reducing his speed to five feet until the end of his next "
        "turn.",
        Lasts.TARGETS_NEXT_TURN,
    ),
}
"""Seed 003: the critical hit special effects, in the seed's order."""

CRIT_MISS_EFFECT_TABLE = {
    # Seed 003: Critical Misses, Critical Miss Special Effects.
    CritMissEffect.COUNTERATTACK: EffectRule(
        "Counterattack",
        "You make a melee attack against your attacker. This is in addition to any other "
        "attacks you might make during the round.",
        Lasts.AT_ONCE,
    ),
    CritMissEffect.DISENGAGE: EffectRule(
        "Disengage",
        "You dart away from your attacker, moving up to your movement, but you cannot engage "
        "another by doing so.",
        Lasts.AT_ONCE,
    ),
    CritMissEffect.BLIND: EffectRule(
        "Blind",
        "You spit, throw sand, or otherwise attack your enemy's eyes. Until the end of the "
        "next round, he is blinded.",
        Lasts.NEXT_ROUND,
    ),
    CritMissEffect.REDIRECT_ATTACK: EffectRule(
        "Redirect Attack",
        "Your opponent's attack automatically strikes another creature of your choice within "
        "reach of your enemy's weapon.",
        Lasts.AT_ONCE,
    ),
    CritMissEffect.FEINT: EffectRule(
        "Feint",
        "You quickly feign an attack against your foe. Until the end of his next turn, your "
        "enemy has a negative modifier equal to your level to all actions.",
        Lasts.TARGETS_NEXT_TURN,
    ),
    CritMissEffect.STEAL: EffectRule(
        "Steal",
        "You pluck a small unprotected item (usually no more cumbersome than a weighty coin "
        "purse) from your foe.",
        Lasts.AT_ONCE,
    ),
}
"""Seed 003: the critical miss special effects, in the seed's order."""

FORCED_MOVES = frozenset({CritHitEffect.REPOSITION, CritHitEffect.SHIELD_SLAM})
"""The effects that force the target to move, and so allow the hazard save."""

HAZARD_SAVE = (
    "If this would force the target over a cliff, into dangerous liquid or the like, "
    "the target gets a DEX save to stop safely at the edge"
)
"""Seed 003: Critical Hits, the save against being forced into a hazard."""

NEED_REACH = frozenset(
    {CritMissEffect.COUNTERATTACK, CritMissEffect.BLIND, CritMissEffect.STEAL}
)
"""The critical miss effects the defender can only impose on an attacker within its reach."""


def effect_rule(effect: CritHitEffect | CritMissEffect) -> EffectRule:
    """The seed's description of ``effect``."""
    if isinstance(effect, CritHitEffect):
        return CRIT_HIT_EFFECT_TABLE[effect]
    return CRIT_MISS_EFFECT_TABLE[effect]


@dataclass(frozen=True)
class EffectOffer:
    """A special effect that may be imposed now, with its numbers worked out for this attack.

    ``items`` are its itemised lines: for the forced moves and Disarm, the parts of the
    distance in feet (and the hazard save as a line without a value); for Feint, the penalty to
    all the enemy's actions. ``dice`` is the shield-bash damage of a Shield Slam.
    """

    effect: CritHitEffect | CritMissEffect
    items: tuple[Item, ...] = ()
    dice: Dice | None = None

    @property
    def rule(self) -> EffectRule:
        """The seed's description of the effect."""
        return effect_rule(self.effect)

    @property
    def amount(self) -> int:
        """The effect's number: the distance in feet, or the Feint penalty; 0 when it has none."""
        return total(self.items)

    def text(self) -> str:
        """The offer as the page lists it: name, seed text, then the worked-out lines."""
        lines = [f"{self.rule.name}: {self.rule.text}"]
        if self.dice is not None:
            lines.append(f"Shield bash damage: {dice_notation(self.dice)}")
        lines.extend(item.text() for item in self.items)
        return "\n".join(lines)


def critical_naturals(options: Options, *, crits_as_fighter: bool) -> tuple[int, ...]:
    """The natural rolls that are critical hits when they would otherwise hit.

    Seed 003: Critical Hits, "A natural 20 that would otherwise hit is automatically a critical
    hit" and the option: "Fighters (but not optional classes based on the Fighter unless the
    referee rules otherwise for a particular optional class) do a critical hit on a natural roll
    of 19 or 20 that would otherwise hit." ``crits_as_fighter`` is a Fighter, or a class the
    referee has ruled in.
    """
    if options.fighter_crits_on_19 and crits_as_fighter:
        return (19, 20)
    return (20,)


def is_critical_miss(natural: int) -> bool:
    """Whether a natural roll is a critical miss: "A natural roll of 1 is a critical miss"."""
    return natural == 1


@dataclass(frozen=True)
class CriticalDamage:
    """The damage of a critical hit, itemised.

    ``rolls`` are the damage dice: the maximum roll, then (a monster without body points under
    the body points option) a normal roll. ``items`` are the damage lines; ``body_point_damage``
    and ``loses_next_attack`` are the body points option's further effects.
    """

    rolls: tuple[DiceRoll, ...]
    items: tuple[Item, ...]
    body_point_damage: int = 0
    loses_next_attack: bool = False


def critical_damage(
    damage: Dice, rng, options: Options, *, defender_has_body_points: bool
) -> CriticalDamage:
    """The damage a critical hit with ``damage`` does, rolling with ``rng`` where it must.

    Seed 003: Critical Hits, "a critical hit doing maximum damage. If the option Body Points
    rules are used, a critical hit also does a number of body points damage equal to the number
    of damage dice rolled (normally 1). As monsters generally do not have body points, a
    critical hit will do maximum damage plus a normal damage roll to them and cause them to lose
    their next attack."
    """
    most = max_roll(damage)
    rolls = [most]
    notation = dice_notation(damage)
    items = [Item(f"Critical hit, maximum damage ({notation})", most.total, CRIT_HIT_RULE)]
    if not options.body_points:
        return CriticalDamage(tuple(rolls), tuple(items))
    if defender_has_body_points:
        return CriticalDamage(tuple(rolls), tuple(items), body_point_damage=damage.count)
    normal = roll(damage, rng)
    rolls.append(normal)
    items.append(
        Item(f"No body points: a normal damage roll ({notation})", normal.total, CRIT_HIT_RULE)
    )
    return CriticalDamage(tuple(rolls), tuple(items), loses_next_attack=True)


def why_no_crit_hit_effects(
    options: Options,
    *,
    is_fighting_class: bool,
    is_monster: bool,
    stance: Stance,
    melee: bool,
) -> str | None:
    """Why a critical hit offers no special effects, or ``None`` when it offers them.

    Seed 003: Critical Hit Special Effects (optional), "When an Fighting Class character (or a
    monster, at the referee's option) has selected the Active Attack or Full Attack combat
    stance for a round and scores a critical hit in melee combat during that round, one of the
    following special effects may be imposed at the attacker's option".
    """
    if not options.crit_hit_effects:
        return "Critical hit special effects are not in use"
    if is_monster and not options.crit_hit_effects_for_monsters:
        return "Monsters do not impose critical hit special effects at this table"
    if not (is_fighting_class or is_monster):
        return "Only a fighting class imposes critical hit special effects"
    if not is_attack_stance(stance):
        return "Critical hit special effects need the Active Attack or Full Attack stance"
    if not melee:
        return "Critical hit special effects need a melee attack"
    return None


def crit_hit_effects(
    options: Options,
    *,
    is_fighting_class: bool,
    is_monster: bool,
    stance: Stance,
    melee: bool,
    damage_dealt: int,
    strength_bonus: int = 0,
    shield_bash: Dice | None = None,
) -> tuple[EffectOffer, ...]:
    """The special effects the attacker may impose after a critical hit, with their numbers.

    ``damage_dealt`` is the critical hit's damage: Disarm, Reposition and Shield Slam move things
    "a number of feet equal to half the damage you dealt" (rounded down), Reposition and Shield
    Slam "plus attacker's STR bonus" (a positive ``strength_bonus``; a penalty is no bonus).
    Shield Slam is offered only to an attacker with a shield, whose ``shield_bash`` damage it
    deals. None are offered when ``why_no_crit_hit_effects`` gives a reason.
    """
    if why_no_crit_hit_effects(
        options,
        is_fighting_class=is_fighting_class,
        is_monster=is_monster,
        stance=stance,
        melee=melee,
    ):
        return ()
    half = Item(
        f"Half the damage dealt ({damage_dealt})", max(damage_dealt, 0) // 2, CRIT_HIT_RULE
    )
    pushed = [half]
    if strength_bonus > 0:
        pushed.append(Item("Attacker's STR bonus", strength_bonus, CRIT_HIT_RULE))
    pushed.append(Item(HAZARD_SAVE, None, CRIT_HIT_RULE))
    offers = [
        EffectOffer(CritHitEffect.TRIP),
        EffectOffer(
            CritHitEffect.DISARM,
            (half, Item("The direction is random", None, CRIT_HIT_RULE)),
        ),
        EffectOffer(CritHitEffect.REPOSITION, tuple(pushed)),
    ]
    if shield_bash is not None:
        offers.append(EffectOffer(CritHitEffect.SHIELD_SLAM, tuple(pushed), shield_bash))
    offers.append(EffectOffer(CritHitEffect.DISORIENT))
    offers.append(EffectOffer(CritHitEffect.HINDER))
    return tuple(offers)


def why_no_crit_miss_effects(
    options: Options,
    *,
    is_fighter: bool,
    is_fighting_class: bool,
    is_monster: bool,
    stance: Stance,
) -> str | None:
    """Why an enemy's natural 1 offers the defender no special effects, or ``None``.

    Seed 003: Critical Miss Special Effects (optional), "When a Fighter (or a monster, at the
    referee's option) has selected the Active Defense or Full Defense combat stance for a round
    and an enemy attacking him during that round rolls a natural 1 on their attack roll, one of
    the following special effects may be imposed at the defender's option". The option
    ``crit_miss_effects_for_fighting_classes`` reads "Fighter" as any fighting class.
    """
    if not options.crit_miss_effects:
        return "Critical miss special effects are not in use"
    if is_monster and not options.crit_miss_effects_for_monsters:
        return "Monsters do not impose critical miss special effects at this table"
    fighting_class = is_fighting_class and options.crit_miss_effects_for_fighting_classes
    if not (is_fighter or fighting_class or is_monster):
        if options.crit_miss_effects_for_fighting_classes:
            return "Only a fighting class imposes critical miss special effects"
        return "Only a Fighter imposes critical miss special effects"
    if not is_defense_stance(stance):
        return "Critical miss special effects need the Active Defense or Full Defense stance"
    return None


def crit_miss_effects(
    options: Options,
    *,
    is_fighter: bool,
    is_fighting_class: bool,
    is_monster: bool,
    stance: Stance,
    level: int,
    attacker_within_reach: bool = True,
) -> tuple[EffectOffer, ...]:
    """The special effects the defender may impose when an enemy rolls a natural 1 against it.

    ``level`` is the defender's level (a monster's hit dice), the Feint penalty. Counterattack,
    Blind and Steal reach the attacker, so they are offered only when it is
    ``attacker_within_reach`` of the defender. None are offered when
    ``why_no_crit_miss_effects`` gives a reason.
    """
    if why_no_crit_miss_effects(
        options,
        is_fighter=is_fighter,
        is_fighting_class=is_fighting_class,
        is_monster=is_monster,
        stance=stance,
    ):
        return ()
    offers = []
    for effect in CritMissEffect:
        if effect in NEED_REACH and not attacker_within_reach:
            continue
        if effect is CritMissEffect.FEINT:
            feint = Item(
                f"Feint by a level {level} defender, to all the enemy's actions",
                -level,
                CRIT_MISS_RULE,
            )
            offers.append(EffectOffer(effect, (feint,)))
        else:
            offers.append(EffectOffer(effect))
    return tuple(offers)


EFFECT_CONDITIONS = {
    CritHitEffect.TRIP: "prone",
    CritHitEffect.DISORIENT: "confused",
    CritHitEffect.HINDER: "hindered",
    CritMissEffect.BLIND: "blinded",
    CritMissEffect.FEINT: "feinted",
}
"""The special effects that put a condition on a creature (``rules.conditions``), seed 003:
Trip "Target is knocked prone."; Disorient "Until the end of his next turn, target is
confused."; Hinder "reducing his speed to five feet until the end of his next turn"; Blind
"Until the end of the next round, he is blinded." (the attacker who rolled the natural 1);
Feint "Until the end of his next turn, your enemy is has a negative modifier equal to your level
to all actions." (the attacker, by the defender's level: the offer's amount)."""


def effect_condition(effect, attacker: str, target: str, amount: int = 0):
    """The condition ``effect`` puts on a creature, as a ``rules.conditions.AppliedCondition``
    with its duration, or ``None`` for an effect that does not: a critical hit's on ``target``,
    a critical miss's Blind and Feint on ``attacker`` (the one who missed), Feint's with the
    penalty ``amount`` (the offer's, -level: the defender's level)."""
    from rules.conditions import UNTIL_REMOVED, AppliedCondition, end_of_next_round, end_of_next_turn

    name = EFFECT_CONDITIONS.get(effect)
    if name is None:
        return None
    rule = effect_rule(effect)
    on = attacker if isinstance(effect, CritMissEffect) else target
    lasting = {
        Lasts.AT_ONCE: UNTIL_REMOVED,
        Lasts.TARGETS_NEXT_TURN: end_of_next_turn(on),
        Lasts.NEXT_ROUND: end_of_next_round(),
    }[rule.lasts]
    amount = abs(amount) if effect is CritMissEffect.FEINT else 0
    return AppliedCondition(name, on, lasting, f"{rule.name}: {rule.text}", amount=amount)
