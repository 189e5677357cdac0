"""Combat stances: how a creature trades attack for defence for a round (Seed 003: Combat Stance).

Five stances run from Full Defense to Full Attack; each changes attack rolls, Armor Class and,
with the strike-speed option, strike speed. The stance table is ``STANCE_TABLE``, plain data
in one place. Every answer is itemised (``rules.itemise``), so the page shows "Active Attack
stance: +1" rather than a bare number.
"""

from dataclasses import dataclass
from enum import Enum

from rules.errors import RulesError
from rules.itemise import Item

STANCE_RULE = "Seed 003: Combat Stance"
"""The seed section every stance answer cites."""


class StanceError(RulesError):
    """A stance the creature cannot take, or an attack its stance forbids."""


class Stance(Enum):
    """The five combat stances, from most defensive to most aggressive."""

    FULL_DEFENSE = "full defense"
    ACTIVE_DEFENSE = "active defense"
    STANDARD = "standard"
    ACTIVE_ATTACK = "active attack"
    FULL_ATTACK = "full attack"


class Shield(Enum):
    """The shield a creature carries, which sets its defensive stances' AC bonus."""

    NONE = "none"
    SHIELD = "shield"
    LARGE_SHIELD = "large shield"


@dataclass(frozen=True)
class StanceRow:
    """One row of the stance table, as the seed writes it.

    ``attack`` is the attack-roll modifier, or ``None`` where "no attack [is] possible";
    ``armor_class`` is the AC modifier without a shield, ``with_shield`` and
    ``with_large_shield`` the AC modifier with one; ``strike`` is the strike-speed modifier
    (used only with the stance strike modifier option).
    """

    attack: int | None
    armor_class: int
    with_shield: int
    with_large_shield: int
    strike: int

    def armor_class_with(self, shield: Shield) -> int:
        """The AC modifier for a creature carrying ``shield``."""
        if shield is Shield.LARGE_SHIELD:
            return self.with_large_shield
        if shield is Shield.SHIELD:
            return self.with_shield
        return self.armor_class


STANCE_TABLE = {
    # Seed 003: Combat Stance. "Full Defense (Attack: no attack possible; AC: +2 bonus, +4 bonus
    # with shield, +6 bonus with large shield; Strike: -5)"
    Stance.FULL_DEFENSE: StanceRow(
        attack=None, armor_class=2, with_shield=4, with_large_shield=6, strike=-5
    ),
    # "Active Defense (Attack: -2 penalty; AC: +1 bonus, +2 with shield; Strike: -2)". A large
    # shield is a shield, so it earns the shield's +2 (docs/rules.md).
    Stance.ACTIVE_DEFENSE: StanceRow(
        attack=-2, armor_class=1, with_shield=2, with_large_shield=2, strike=-2
    ),
    # "Standard (Attack: Normal; AC: Normal: Strike: normal)"
    Stance.STANDARD: StanceRow(
        attack=0, armor_class=0, with_shield=0, with_large_shield=0, strike=0
    ),
    # "Active Attack (Attack: +1 bonus; AC: -1 penalty; Strike: +1)"
    Stance.ACTIVE_ATTACK: StanceRow(
        attack=1, armor_class=-1, with_shield=-1, with_large_shield=-1, strike=1
    ),
    # "Full Attack (Attack: +2 bonus; AC: -2 penalty; Strike: +2)"
    Stance.FULL_ATTACK: StanceRow(
        attack=2, armor_class=-2, with_shield=-2, with_large_shield=-2, strike=2
    ),
}
"""Seed 003: Combat Stance, the stance table: attack, AC (by shield) and strike modifiers."""

_STANCE_NAMES = {
    Stance.FULL_DEFENSE: "Full Defense",
    Stance.ACTIVE_DEFENSE: "Active Defense",
    Stance.STANDARD: "Standard",
    Stance.ACTIVE_ATTACK: "Active Attack",
    Stance.FULL_ATTACK: "Full Attack",
}


def stance_name(stance: Stance) -> str:
    """The stance as the seed writes it: ``"Full Defense"``."""
    return _STANCE_NAMES[stance]


def parse_stance(text: str) -> Stance:
    """The stance named by ``text`` (``"Full Defense"``, ``"full defense"``, ``"full_defense"``)."""
    key = " ".join(text.replace("_", " ").replace("-", " ").split()).lower()
    for stance in Stance:
        if stance.value == key:
            return stance
    names = ", ".join(stance_name(stance) for stance in Stance)
    raise StanceError(f"'{text}' is not a combat stance: choose one of {names}")


def is_defense_stance(stance: Stance) -> bool:
    """Whether ``stance`` is Full Defense or Active Defense."""
    return stance in (Stance.FULL_DEFENSE, Stance.ACTIVE_DEFENSE)


def is_attack_stance(stance: Stance) -> bool:
    """Whether ``stance`` is Active Attack or Full Attack."""
    return stance in (Stance.ACTIVE_ATTACK, Stance.FULL_ATTACK)


def can_attack(stance: Stance) -> bool:
    """Whether a creature in ``stance`` may attack: not in Full Defense ("no attack possible")."""
    return STANCE_TABLE[stance].attack is not None


def choose_stance(stance: Stance | None = None, *, casting_spell: bool = False) -> Stance:
    """The stance a creature takes for the round, refusing one the seed forbids.

    ``None`` (no stance announced before initiative) is Standard: "Any character who has not
    announced their combat stance before initiative is rolled automatically selects
    'Standard.'" A spellcaster casting a spell asking for a defensive stance is refused, not
    silently moved: "Spell casters casting a spell cannot select the Full Defense or Active
    Defense Stance."
    """
    if stance is None:
        return Stance.STANDARD
    if casting_spell and is_defense_stance(stance):
        raise StanceError(
            f"A spellcaster casting a spell cannot be in {stance_name(stance)}"
        )
    return stance


def stance_attack_items(stance: Stance) -> tuple[Item, ...]:
    """The stance's line in an attack bonus; none for Standard.

    Full Defense raises ``StanceError``: "no attack possible".
    """
    modifier = STANCE_TABLE[stance].attack
    if modifier is None:
        raise StanceError(f"A creature in {stance_name(stance)} cannot attack")
    return _items(stance, modifier)


def stance_armor_class_items(
    stance: Stance, shield: Shield = Shield.NONE
) -> tuple[Item, ...]:
    """The stance's line in an Armor Class; the defensive stances give more with a shield."""
    modifier = STANCE_TABLE[stance].armor_class_with(shield)
    if shield is not Shield.NONE and is_defense_stance(stance):
        reason = f"{stance_name(stance)} stance with a {shield.value}"
        return (Item(reason, modifier, STANCE_RULE),)
    return _items(stance, modifier)


def stance_strike_items(stance: Stance) -> tuple[Item, ...]:
    """The stance's line in a strike speed (Seed 003: Combat Stance, the optional Strike column).

    The caller adds it only when the table uses the stance strike modifier option.
    """
    return _items(stance, STANCE_TABLE[stance].strike)


def _items(stance: Stance, modifier: int) -> tuple[Item, ...]:
    """One line ``"<Stance> stance: <modifier>"``, or none for a zero modifier."""
    if modifier == 0:
        return ()
    return (Item(f"{stance_name(stance)} stance", modifier, STANCE_RULE),)
