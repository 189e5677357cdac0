"""Combat maneuvers: a fighter trades penalties for equal bonuses on one attack (Seed 003).

"Fighters may adjust their armor bonuses, attack bonus, damage done, etc. for an attack to
create a combat maneuver. For each -1 a character takes, he may take a +1 in another area. A
Fighter may take up to 2 plus Level/3 (round up) in penalties on a single attack roll." A
``Maneuver`` is the trade (always balanced); ``check_maneuver`` refuses a trade the creature
may not make, with the reason, and answers its itemised lines. The canonical text of a trade is
``maneuver_notation`` / ``parse_maneuver``: ``"attack-2,damage+4,ac-2"``.
"""

import re
from dataclasses import dataclass, fields
from enum import Enum

from rules.errors import RulesError
from rules.itemise import Item

MANEUVER_RULE = "Seed 003: Combat Maneuvers"
"""The seed section every maneuver answer cites."""


class ManeuverError(RulesError):
    """A combat maneuver that does not balance, goes past the cap, or is not allowed."""


class Area(Enum):
    """What a combat maneuver can trade; the value is its name in the notation."""

    ATTACK = "attack"
    DAMAGE = "damage"
    ARMOR_CLASS = "ac"


_AREA_LABELS = {
    Area.ATTACK: "attack",
    Area.DAMAGE: "damage",
    Area.ARMOR_CLASS: "AC",
}

_AREA_FIELDS = {
    Area.ATTACK: "attack",
    Area.DAMAGE: "damage",
    Area.ARMOR_CLASS: "armor_class",
}

_TERM = re.compile(r"(?P<area>[a-z]+)(?P<value>[+-]\d+)", re.ASCII)


@dataclass(frozen=True)
class Maneuver:
    """A balanced trade of penalties for bonuses: ``Maneuver(attack=-2, damage=4, armor_class=-2)``.

    Each area carries one signed modifier, so a bonus always sits "in another area" than the
    penalty that pays for it. The attack and damage parts apply to the one attack; the AC part
    lasts until the fighter's next action (the seed's example, "reducing his AC until his next
    action"). ``Maneuver()`` is no maneuver.
    """

    attack: int = 0
    damage: int = 0
    armor_class: int = 0

    def __post_init__(self):
        for field in fields(self):
            if type(getattr(self, field.name)) is not int:
                raise ManeuverError(f"A combat maneuver trades whole numbers in {field.name}")
        if self.penalty != self.bonus:
            penalty = f"-{self.penalty}" if self.penalty else "no penalty"
            bonus = f"+{self.bonus}" if self.bonus else "no bonus"
            raise ManeuverError(
                f"A combat maneuver must balance, +1 for each -1: this one takes {penalty} "
                f"for {bonus}"
            )

    def value(self, area: Area) -> int:
        """The signed modifier this maneuver puts on ``area``."""
        return getattr(self, _AREA_FIELDS[area])

    @property
    def penalty(self) -> int:
        """The total of the penalties taken, as a positive number (4 for -2 AC and -2 attack)."""
        return -sum(min(self.value(area), 0) for area in Area)

    @property
    def bonus(self) -> int:
        """The total of the bonuses taken."""
        return sum(max(self.value(area), 0) for area in Area)


def maneuver_notation(maneuver: Maneuver) -> str:
    """The canonical text of ``maneuver``: ``"attack-2,damage+4,ac-2"``; ``""`` for none.

    Areas come in the order attack, damage, AC, and untouched areas are left out, so
    ``parse_maneuver(maneuver_notation(m)) == m``.
    """
    return ",".join(
        f"{area.value}{maneuver.value(area):+d}" for area in Area if maneuver.value(area)
    )


def parse_maneuver(text: str) -> Maneuver:
    """Read a maneuver's text: ``"damage+4, ac-2, attack-2"`` (any order, any case).

    Terms are an area (attack, damage, ac) and a signed number, separated by commas or spaces.
    Unknown areas, repeated areas and unbalanced trades raise ``ManeuverError``.
    """
    values = {}
    for term in text.lower().replace(",", " ").split():
        match = _TERM.fullmatch(term)
        area = _area_named(match["area"]) if match else None
        if area is None:
            raise ManeuverError(
                f"'{term}' is not part of a combat maneuver: write it like attack-2,damage+2"
            )
        if area in values:
            raise ManeuverError(f"A combat maneuver names {_AREA_LABELS[area]} once")
        values[area] = int(match["value"])
    return Maneuver(**{_AREA_FIELDS[area]: value for area, value in values.items()})


def _area_named(name: str) -> Area | None:
    """The area whose notation name is ``name``, or ``None``."""
    for area in Area:
        if area.value == name:
            return area
    return None


def maneuver_cap(level: int) -> int:
    """The most a creature of ``level`` may take in penalties on one attack: 2 + level/3, up.

    Seed 003: Combat Maneuvers, "A Fighter may take up to 2 plus Level/3 (round up) in
    penalties on a single attack roll", so a 5th level fighter may take -4.
    """
    if level < 0:
        raise ManeuverError(f"A level is 0 or more, not {level}")
    return 2 + -(-level // 3)


def check_maneuver(
    maneuver: Maneuver,
    *,
    level: int,
    is_fighter: bool,
    referee_allows: bool = False,
    referee_vetoes: bool = False,
) -> tuple[Item, ...]:
    """The itemised lines of ``maneuver`` for a creature of ``level``, or the reason it is refused.

    Fighters may use combat maneuvers; "The referee may allow some intelligent opponents
    (including some monsters) to use combat maneuvers" (``referee_allows``, with ``level``
    their hit dice). The referee should "deny any combat maneuvers that do not make sense in the
    situation" (``referee_vetoes``). A trade past ``maneuver_cap(level)`` is refused.
    """
    if not maneuver.penalty:
        return ()
    if not (is_fighter or referee_allows):
        raise ManeuverError(
            "Only Fighters use combat maneuvers, and others only when the referee allows it"
        )
    if referee_vetoes:
        raise ManeuverError("The referee has denied this combat maneuver")
    cap = maneuver_cap(level)
    if maneuver.penalty > cap:
        raise ManeuverError(
            f"At {_ordinal(level)} level a combat maneuver may take at most -{cap} in "
            f"penalties; this one takes -{maneuver.penalty}"
        )
    return tuple(item for area in Area for item in maneuver_items(maneuver, area))


def maneuver_items(maneuver: Maneuver, area: Area) -> tuple[Item, ...]:
    """The line ``maneuver`` adds to ``area``, or none when it leaves that area alone."""
    value = maneuver.value(area)
    if not value:
        return ()
    reason = f"Combat maneuver, {_AREA_LABELS[area]}"
    if area is Area.ARMOR_CLASS:
        reason += " (until the next action)"
    return (Item(reason, value, MANEUVER_RULE),)


def _ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``21st``..."""
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
