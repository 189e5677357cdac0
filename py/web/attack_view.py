"""The attack panel's content: a pure function from the board and a choice to lines a player reads.

The panel picks an attacker, a target, a kind of attack (``rules.facing.AttackKind``) and a
combat maneuver; the creatures' ``CombatStats`` give the rest. ``attack_panel`` asks the rules
and lays out their answer: ``rules.facing.attack`` for what facing does (its lines as they are:
"Target's rear area: +4", "Attacking into your own flank: -5", "Sneak attack: yes, from the
rear", the restrictions), ``rules.stances`` and ``rules.maneuvers`` for the stance and maneuver
lines, in the order ``rules.attack.resolve_attack`` adds them, so the Roll button's result
shows the lines the panel showed. ``roll_attack`` rolls it: every die, hit or miss, critical
hit or miss, the special effects offered, and under the variant the facing the attack left the
attacker with, for the board to turn it. Nothing here decides a rule, and nothing here touches
the browser: it runs under CPython, where its tests are.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from rules.attack import (
    DAMAGE_RULE,
    SHEET,
    Attacker,
    AttackResult,
    Defender,
    Outcome,
    resolve_attack,
    sneak_attack_dice,
)
from rules.combatant import (
    CombatStats,
    attack_request,
    attacker_for,
    defender_for,
    stats_for,
    threatens_creature,
)
from rules.crits import EffectOffer, is_critical_miss
from rules.dice import Dice, dice_notation
from rules.encounter import Encounter
from rules.errors import RulesError
from rules.facing import IMMUNE_TO_SNEAK_ATTACK, RULE_SNEAK_RANGE, AttackKind, attack, parse_kind
from rules.itemise import Item, total
from rules.maneuvers import (
    MANEUVER_RULE,
    Area,
    Maneuver,
    ManeuverError,
    check_maneuver,
    maneuver_items,
    parse_maneuver,
)
from rules.stances import (
    STANCE_RULE,
    can_attack,
    stance_armor_class_items,
    stance_attack_items,
    stance_name,
)


class AttackViewError(RulesError):
    """A roll asked of an attack that cannot be rolled, or a choice the panel cannot read."""


@dataclass(frozen=True)
class RollInputs:
    """What the Roll button hands ``rules.attack.resolve_attack``: the two creatures as the
    attack sees them, the damage dice, the facing lines (``attack_modifiers``,
    ``armor_class_modifiers``), whether the attack is in ``melee``, the ``maneuver``, whether
    the target can reach the attacker (the critical miss effects that need it), the conditions'
    ``damage_modifiers`` and the ``sneak_attack`` dice (``None``: no sneak attack dice to roll)."""

    attacker: Attacker
    defender: Defender
    damage: Dice
    attack_modifiers: tuple[Item, ...]
    armor_class_modifiers: tuple[Item, ...]
    melee: bool
    maneuver: Maneuver
    attacker_within_reach: bool
    damage_modifiers: tuple[Item, ...] = ()
    sneak_attack: Dice | None = None


@dataclass(frozen=True)
class AttackPanel:
    """The attack panel's content for one attacker, target, kind and maneuver.

    Every line is an ``Item``: its ``reason`` is the text, its ``value`` the number (``None``
    for a line that only informs or restricts), its ``rule`` the seed section it cites.
    ``restrictions`` say what holds or refuses; when ``allowed`` is False they are the only
    lines. ``attack_lines`` add to the d20; ``armor_class_lines`` make up the target's Armor
    Class, its own first; ``damage_lines`` are the damage and its riders; ``own_armor_class``
    is the attacker's AC change from its maneuver, until its next action; ``concealment`` the
    variant's concealment. ``sneak_attack`` is the sneak attack line ("Sneak attack: yes, from
    the rear"), ``None`` when the attacker has no sneak attack, and ``sneak_attack_applies``
    says whether it is a yes. ``new_facing`` (and its name)
    is the facing the attack turns the attacker to (the variant); ``turn_first`` the facing it
    must turn to before it may (a UA spell into its rear). ``roll`` is what the Roll button
    needs, ``None`` when there is nothing to roll.
    """

    attacker: str
    target: str
    kind: AttackKind
    allowed: bool
    restrictions: tuple[Item, ...] = ()
    attack_lines: tuple[Item, ...] = ()
    armor_class_lines: tuple[Item, ...] = ()
    damage_lines: tuple[Item, ...] = ()
    own_armor_class: tuple[Item, ...] = ()
    concealment: tuple[Item, ...] = ()
    sneak_attack: Item | None = None
    sneak_attack_applies: bool = False
    new_facing: int | None = None
    new_facing_name: str | None = None
    turn_first: int | None = None
    roll: RollInputs | None = None

    @property
    def attack_modifier(self) -> int:
        """The total added to the d20: the attack bonus and every modifier."""
        return total(self.attack_lines)

    @property
    def armor_class(self) -> int:
        """The Armor Class the attack must reach."""
        return total(self.armor_class_lines)

    @property
    def armor_class_change(self) -> int:
        """How far the stance and the position move the target's own Armor Class."""
        return total(item for item in self.armor_class_lines if item.rule != SHEET)

    @property
    def needs(self) -> int | None:
        """The lowest natural roll that hits (a natural 1 never does), or ``None`` if none
        does by the numbers."""
        for natural in range(1, 21):
            if not is_critical_miss(natural) and natural + self.attack_modifier >= self.armor_class:
                return natural
        return None

    def totals_text(self) -> str:
        """The totals as the panel shows them: ``"Attack +7 against AC 13 (AC change -1):
        hits on a natural 6 or better"``; empty when there is no attack roll."""
        if self.roll is None:
            return ""
        change = f" (AC change {self.armor_class_change:+d})" if self.armor_class_change else ""
        needs = self.needs
        if needs is None:
            hits = "no natural roll hits by the numbers"
        else:
            hits = f"hits on a natural {needs} or better"
        return f"Attack {self.attack_modifier:+d} against AC {self.armor_class}{change}: {hits}"

    def sections(self) -> tuple[tuple[str, tuple[Item, ...]], ...]:
        """The lines under their headings, in the order the panel shows them, empty ones left out."""
        headed = (
            ("Restrictions", self.restrictions),
            ("Attack roll", self.attack_lines),
            (f"{self.target}'s Armor Class", self.armor_class_lines),
            ("Damage", self.damage_lines),
            (f"{self.attacker}'s Armor Class until its next action", self.own_armor_class),
            ("Concealment", self.concealment),
        )
        return tuple((heading, lines) for heading, lines in headed if lines)

    @property
    def lines(self) -> tuple[Item, ...]:
        """Every line, in the order the panel shows them."""
        return tuple(item for _, lines in self.sections() for item in lines)

    def text(self) -> str:
        """The panel as copyable text: a title, each heading with its lines, the totals."""
        out = [f"{self.attacker}: {self.kind.value.label} on {self.target}"]
        if not self.allowed:
            out[0] += " (not allowed)"
        for heading, lines in self.sections():
            out.append(f"{heading}:")
            out.extend(f"  {item.text()}" for item in lines)
        if self.totals_text():
            out.append(self.totals_text())
        return "\n".join(out)

    def why_no_roll(self) -> str:
        """Why there is nothing to roll, or ``""`` when there is."""
        if self.roll is not None:
            return ""
        if not self.allowed:
            reasons = "; ".join(item.reason for item in self.restrictions)
            return f"{self.attacker} cannot make this attack on {self.target}: {reasons}"
        return f"A {self.kind.value.label} makes no attack roll"


def _kind(kind) -> AttackKind:
    """The kind of attack chosen, as ``AttackKind`` or its short text (``"melee"``)."""
    return kind if isinstance(kind, AttackKind) else parse_kind(kind)


def _maneuver(maneuver) -> Maneuver:
    """The maneuver chosen: ``None`` for none, a ``Maneuver`` or its text (``"attack-2,damage+2"``)."""
    if maneuver is None:
        return Maneuver()
    if isinstance(maneuver, Maneuver):
        return maneuver
    if isinstance(maneuver, str):
        return parse_maneuver(maneuver)
    raise AttackViewError(f"A combat maneuver is written like attack-2,damage+2, not {maneuver!r}")


def _refusals(
    name: str, level: int, stats: CombatStats, kind: AttackKind, maneuver: Maneuver
) -> tuple[Item, ...]:
    """What the attacker's stance or maneuver refuses (Seed 003: Combat Stance, Combat
    Maneuvers), as restriction lines."""
    refusals = []
    if not kind.value.attack_roll:
        if maneuver.penalty:
            reason = f"A combat maneuver trades on an attack roll: a {kind.value.label} makes none"
            refusals.append(Item(reason, None, MANEUVER_RULE))
        return tuple(refusals)
    if not can_attack(stats.stance):
        reason = f"{name} is in {stance_name(stats.stance)}: no attack possible"
        refusals.append(Item(reason, None, STANCE_RULE))
    try:
        check_maneuver(
            maneuver, level=level, is_fighter=stats.is_fighter, referee_allows=stats.may_maneuver
        )
    except ManeuverError as error:
        refusals.append(Item(f"Combat maneuver refused: {error}", None, MANEUVER_RULE))
    return tuple(refusals)


def attack_panel(
    encounter: Encounter,
    stats: Mapping,
    attacker_name: str,
    target_name: str,
    kind,
    maneuver=None,
) -> AttackPanel:
    """The attack panel for ``attacker_name`` attacking ``target_name`` with ``kind`` (an
    ``AttackKind`` or its text) and ``maneuver`` (``None``, a ``Maneuver`` or its text).

    ``stats`` maps creature names to ``CombatStats``; a creature left out has the defaults.
    The facing lines are ``rules.facing.attack``'s; the attacker's sheet bonus, stance and
    maneuver lines and the target's own Armor Class and stance line are added as
    ``resolve_attack`` adds them. A refusal (out of reach, a kind the attacker lacks the feat
    for, Full Defense, a maneuver past the cap) leaves only the restrictions.
    """
    from rules.conditions import MELEE, RANGED, attack_conditions, penalty_items

    kind = _kind(kind)
    maneuver = _maneuver(maneuver)
    request = attack_request(encounter, stats, attacker_name, target_name, kind)
    answer = attack(request)
    attacker, target, grid = request.attacker, request.defender, request.grid
    own, theirs = stats_for(stats, attacker.name), stats_for(stats, target.name)
    heading = {"attacker": attacker.name, "target": target.name, "kind": kind}
    turn_first = None if answer.turn_first is None else answer.turn_first.facing
    # The creatures' conditions (rules.conditions: "Target prone, AC against melee: -4").
    # A ray is no ranged weapon: Prone's "cannot use a ranged weapon (except for a crossbow)"
    # leaves spells alone, as it leaves a crossbow.
    held = attack_conditions(encounter.conditions_of(attacker.name), encounter.conditions_of(target.name),
                             MELEE if kind.value.melee else RANGED, crossbow=own.crossbow or kind.value.spell,
                             attack_of_opportunity=kind is AttackKind.ATTACK_OF_OPPORTUNITY)
    refusals = _refusals(attacker.name, attacker.level, own, kind, maneuver) + held.restrictions
    if not answer.allowed or refusals:
        restrictions = (() if answer.allowed else answer.restrictions) + refusals
        return AttackPanel(**heading, allowed=False, restrictions=restrictions, turn_first=turn_first)
    turned = {
        "new_facing": answer.new_facing,
        "new_facing_name": None if answer.turned is None else answer.turned.facing_name(grid),
    }
    if not kind.value.attack_roll:
        return AttackPanel(
            **heading,
            allowed=True,
            restrictions=answer.restrictions,
            concealment=answer.concealment,
            **turned,
        )
    sheet = (Item("Attack bonus", own.attack_bonus, SHEET),) if own.attack_bonus else ()
    attack_lines = (
        sheet
        + answer.attack_items
        + held.attack_items
        + penalty_items(encounter.conditions, attacker.name)
        + stance_attack_items(own.stance)
        + maneuver_items(maneuver, Area.ATTACK)
    )
    armor_class_lines = (
        (Item("Armor Class", theirs.armor_class, SHEET),)
        + stance_armor_class_items(theirs.stance, theirs.shield)
        + answer.armor_class_items
        + held.armor_class_items
    )
    sneak_line, sneaks = _sneak_attack(answer, held, target)
    sneak_dice = sneak_attack_dice(attacker.rogue_level) if sneaks else None
    if sneak_dice is not None:
        sneak_line = Item(f"{sneak_line.reason} ({dice_notation(sneak_dice)})", None, sneak_line.rule)
    damage_lines = (
        (Item(f"Damage ({own.damage})", None, DAMAGE_RULE),)
        + maneuver_items(maneuver, Area.DAMAGE)
        + held.damage_items
        + ((sneak_line,) if sneak_line is not None else ())
    )
    roll = RollInputs(
        attacker=attacker_for(attacker, own),
        defender=defender_for(target, theirs),
        damage=own.damage_dice,
        attack_modifiers=answer.attack_items + held.attack_items,
        armor_class_modifiers=answer.armor_class_items + held.armor_class_items,
        melee=kind.value.melee,
        maneuver=maneuver,
        attacker_within_reach=threatens_creature(target, attacker, grid, encounter.options.reach_corners),
        damage_modifiers=held.damage_items,
        sneak_attack=sneak_dice,
    )
    return AttackPanel(
        **heading,
        allowed=True,
        restrictions=answer.restrictions,
        attack_lines=attack_lines,
        armor_class_lines=armor_class_lines,
        damage_lines=damage_lines,
        own_armor_class=maneuver_items(maneuver, Area.ARMOR_CLASS),
        concealment=answer.concealment + held.concealment,
        sneak_attack=sneak_line,
        sneak_attack_applies=sneaks,
        roll=roll,
        **turned,
    )


def _sneak_attack(answer, held, target) -> tuple[Item | None, bool]:
    """The sneak attack line and whether it is a yes: facing's answer (from the rear, flanking,
    a flat-footed target), or the target's conditions (SRD 3.5 Helpless: "Rogues can sneak
    attack helpless targets.") for an attacker with sneak attack, unless the target is immune
    or a ranged attack is out of the sneak attack's range."""
    line = answer.damage_items[0] if answer.damage_items else None
    if answer.sneak_attack is not False or not held.sneak_attack:
        return line, answer.sneak_attack is True
    if IMMUNE_TO_SNEAK_ATTACK in target.features or line.rule == RULE_SNEAK_RANGE:
        return line, False
    opened = next(note for note in held.notes if note.reason.startswith("Sneak attack"))
    return opened, True


@dataclass(frozen=True)
class RollView:
    """One rolled attack as the panel shows it: the ``panel`` it was rolled from and the
    ``result`` of ``rules.attack.resolve_attack``. ``guidance`` has one entry per offered
    effect: what the chooser may then do on the board, in words (``effect_guidance``), or
    ``None``."""

    panel: AttackPanel
    result: AttackResult
    guidance: tuple[str | None, ...] = ()

    @property
    def outcome(self) -> Outcome:
        """Hit, miss, critical hit or critical miss."""
        return self.result.outcome

    @property
    def headline(self) -> str:
        """``"Aldric attacks Goblin: natural 17, total 22 against AC 13: hit"``."""
        return self.result.text().splitlines()[0]

    @property
    def dice(self) -> tuple[str, ...]:
        """Every die rolled, as text: the d20 first, then each damage roll (``"1d8+2: 5 + 2 = 7"``)."""
        return (f"d20: {self.result.natural}",) + tuple(roll.text() for roll in self.result.damage_rolls)

    @property
    def effects(self) -> tuple[EffectOffer, ...]:
        """The special effects that may now be imposed (critical hit or critical miss)."""
        return self.result.crit_hit_effects or self.result.crit_miss_effects

    @property
    def effect_chooser(self) -> str | None:
        """Who chooses among ``effects``: the attacker after a critical hit, the target after a
        critical miss; ``None`` when none are offered."""
        if self.result.crit_hit_effects:
            return self.result.attacker.name
        if self.result.crit_miss_effects:
            return self.result.defender.name
        return None

    @property
    def effect_texts(self) -> tuple[str, ...]:
        """Each offered effect as the panel lists it: its name, the seed's words, its numbers,
        and what the chooser may then do (``guidance``)."""
        guidance = self.guidance or (None,) * len(self.effects)
        return tuple(offer.text() + (f"\n{then}" if then else "") for offer, then in zip(self.effects, guidance))

    @property
    def new_facing(self) -> int | None:
        """The facing the attack turned the attacker to (the variant), for the board; else ``None``."""
        return self.panel.new_facing

    @property
    def sneak_attack(self) -> bool:
        """Whether the attack hit with sneak attack damage (rolled, or to add by hand when the
        attacker has sneak attack without rogue levels to count its dice)."""
        return self.result.is_hit and self.panel.sneak_attack_applies

    def sneak_attack_text(self) -> str | None:
        """The sneak attack as the roll says it: ``"Sneak attack: yes, from the rear (2d6): 3 + 5
        = 8, added to the damage"``, or with no dice known ``"...: add the sneak attack
        damage"``; ``None`` when the hit does not sneak attack."""
        if not self.sneak_attack:
            return None
        rolled = self.result.sneak_attack_roll
        if rolled is None:
            return f"{self.panel.sneak_attack.reason}: add the sneak attack damage"
        faces = " + ".join(str(face) for face in rolled.faces)
        return f"{self.panel.sneak_attack.reason}: {faces} = {rolled.total}, added to the damage"

    def log_lines(self) -> tuple[str, ...]:
        """The attack as the round's log keeps it: the result's lines, the sneak attack, the
        concealment the referee rolls the miss chance of, and the turn the attack made."""
        lines = list(self.result.text().splitlines())
        if self.sneak_attack:
            lines.append(f"  {self.sneak_attack_text()}")
        lines.extend(f"  {item.text()}" for item in self.panel.concealment)
        if self.panel.new_facing_name is not None:
            lines.append(f"  {self.panel.attacker} now faces {self.panel.new_facing_name}")
        return tuple(lines)

    def text(self) -> str:
        """The roll as copyable text."""
        return "\n".join(self.log_lines())


def roll_attack(
    encounter: Encounter,
    stats: Mapping,
    attacker_name: str,
    target_name: str,
    kind,
    rng,
    maneuver=None,
) -> RollView:
    """Roll the attack ``attack_panel`` describes with ``rng`` (a ``random.Random``), under the
    encounter's options; raise ``AttackViewError`` saying why when there is nothing to roll."""
    panel = attack_panel(encounter, stats, attacker_name, target_name, kind, maneuver)
    inputs = panel.roll
    if inputs is None:
        raise AttackViewError(panel.why_no_roll())
    result = resolve_attack(
        inputs.attacker,
        inputs.defender,
        inputs.damage,
        rng,
        encounter.options,
        attack_modifiers=inputs.attack_modifiers,
        armor_class_modifiers=inputs.armor_class_modifiers,
        melee=inputs.melee,
        maneuver=inputs.maneuver,
        attacker_within_reach=inputs.attacker_within_reach,
        damage_modifiers=inputs.damage_modifiers,
        sneak_attack=inputs.sneak_attack,
    )
    guidance = tuple(effect_guidance(encounter, offer, panel.attacker, panel.target)
                     for offer in result.crit_hit_effects or result.crit_miss_effects)
    return RollView(panel, result, guidance)


def effect_guidance(encounter: Encounter, offer: EffectOffer, attacker: str, defender: str) -> str | None:
    """What the defender may do on the board after a critical miss effect, in words, or
    ``None`` for an effect that needs none (seed 003, Critical Miss Special Effects; none is
    made for it: the game master or the player does it). Counterattack: one melee attack "in
    addition to any other attacks you might make during the round"; Disengage: a move "up to
    your movement" (its speed as its conditions leave it, ``Encounter.mover``) without engaging
    another; Redirect Attack: the creatures "within reach of your enemy's weapon" (``rules.reach``)
    it may choose from. After a critical hit's Reposition, "Attacker may move with target if
    attacker desires": the target is dragged as the forced move allows, then the attacker may
    follow with Free placement."""
    from rules.crits import CritHitEffect, CritMissEffect
    from rules.movement import speed_of

    effect = offer.effect
    if effect is CritMissEffect.COUNTERATTACK:
        return (f"{defender} may now make one melee attack on {attacker}, beyond its other attacks this "
                f"round: choose {defender} as the attacker and {attacker} as the target, and roll")
    if effect is CritMissEffect.DISENGAGE:
        feet = max(0, total(speed_of(encounter.mover(defender))))
        return (f"{defender} may move up to {feet} ft away from {attacker}, but not so as to engage another "
                f"creature: drag it on the board")
    if effect is CritMissEffect.REDIRECT_ATTACK:
        striker = encounter.creature(attacker)
        corners = encounter.options.reach_corners
        within = [other.name for other in encounter.creatures
                  if other.name not in (attacker, defender)
                  and threatens_creature(striker, other, encounter.grid, corners)]
        if not within:
            return f"No other creature is within {attacker}'s reach: the attack strikes nobody else"
        return (f"{attacker}'s attack strikes a creature of {defender}'s choice within {attacker}'s reach: "
                f"{', '.join(within)}; roll it against that creature")
    if effect is CritHitEffect.REPOSITION:
        # After a critical hit the chooser is the attacker and ``defender`` its target.
        return (f"Drag {defender} up to {offer.amount} ft; then, if {attacker} wishes, it may move with "
                f"{defender}: drag {attacker} with Free placement (a move that costs it nothing)")
    return None
