"""Speed: how many feet a creature moves with one move action, itemised.

Seed 002, "Tactical Movement: How Far Can Your Character Move?": "Your speed is determined by
your race and your armor (see Table: Tactical Speed). Your speed while unarmored is your base
land speed." "Bonuses to Speed": "Always apply any modifiers to a character's speed before
adjusting the character's speed based on armor or encumbrance, and remember that multiple
bonuses of the same type to a character's speed don't stack."

``TACTICAL_SPEED`` is the table as data. ``speed_items`` turns a base land speed, a race, the
armour worn and the modifiers in play into ``Item`` lines whose total is the speed, so the page
shows why a dwarf barbarian in chainmail still moves 30 feet. Encumbrance is not modelled.
"""

from dataclasses import dataclass

from rules.errors import RulesError, typed_key
from rules.itemise import Item, total

RULE_TABLE = "Seed 002: Table: Tactical Speed"
RULE_BONUSES = "Seed 002: Bonuses to Speed"


class SpeedError(RulesError):
    """A speed, race, armour or speed modifier the rules cannot use."""


ARMOURS = ("none", "light", "medium", "heavy")
"""The armour a creature wears, lightest first: the table's columns split after "light"."""

SLOWING_ARMOURS = ("medium", "heavy")
"""Table: Tactical Speed, second column: "Medium or Heavy Armor"."""

TACTICAL_SPEED = {
    "human": (30, 20),
    "elf": (30, 20),
    "half-elf": (30, 20),
    "half-orc": (30, 20),
    "dwarf": (20, 20),
    "halfling": (20, 15),
    "gnome": (20, 15),
}
"""Seed 002, "Table: Tactical Speed", in feet: race -> (no armour or light armour, medium or
heavy armour). The first column is the race's base land speed."""

DEFAULT_SPEED = 30
"""The base land speed of a creature with neither a speed nor a race given (a human's)."""


def parse_armour(text: str) -> str:
    """The armour called ``text`` (any case): ``"Heavy"``, ``"heavy armour"`` -> ``"heavy"``;
    ``"no armour"`` -> ``"none"``."""
    key = typed_key(text)
    for suffix in (" armour", " armor"):
        if key and key.endswith(suffix):
            key = key[: -len(suffix)]
    key = "none" if key == "no" else key
    if key not in ARMOURS:
        raise SpeedError(f"There is no armour {text!r}: choose none, light, medium or heavy.")
    return key


def armour_name(armour: str) -> str:
    """The armour as a player says it: ``"heavy armour"``, ``"no armour"``; ``parse_armour``
    reads it back."""
    key = parse_armour(armour)
    return "no armour" if key == "none" else f"{key} armour"


def parse_race(text: str) -> str:
    """The race of the speed table called ``text`` (any case): ``"Half-Orc"`` -> ``"half-orc"``."""
    key = typed_key(text)
    if key not in TACTICAL_SPEED:
        raise SpeedError(f"The speed table knows no race {text!r}: choose {', '.join(TACTICAL_SPEED)}.")
    return key


def race_name(race: str) -> str:
    """The race as the page shows it, ``"Half-orc"``; ``parse_race`` reads it back."""
    return parse_race(race).capitalize()


def base_speed(race: str | None) -> int:
    """The base land speed of ``race`` in feet (Table: Tactical Speed), or 30 for ``None``."""
    return DEFAULT_SPEED if race is None else TACTICAL_SPEED[parse_race(race)][0]


def is_slowed_by_armour(race: str | None) -> bool:
    """Whether medium or heavy armour slows ``race``: not a dwarf, whose row reads 20 / 20."""
    if race is None:
        return True
    unarmoured, armoured = TACTICAL_SPEED[parse_race(race)]
    return armoured < unarmoured


def armoured_speed(speed: int, armour: str, race: str | None = None) -> int:
    """``speed`` in feet after ``armour``: unchanged in none or light armour, or for a race the
    table does not slow; otherwise two thirds of it, rounded up to a whole 5 feet.

    The rounding is the table's own: 30 ft becomes 20 ft and 20 ft becomes 15 ft. The seed
    gives only those two rows; speeds it does not list (a barbarian's 40 ft, say) follow the
    same rule (docs/rules.md, "Movement").
    """
    if parse_armour(armour) not in SLOWING_ARMOURS or not is_slowed_by_armour(race):
        return speed
    return -(-speed * 2 // 15) * 5


@dataclass(frozen=True)
class SpeedModifier:
    """A bonus (or, with negative ``feet``, a penalty) to speed: ``name``, ``feet``, its bonus
    ``kind`` and the armours it is ``lost_in``.

    Seed 002, "Bonuses to Speed": "multiple bonuses of the same type to a character's speed
    don't stack": of the bonuses of one named kind only the largest counts. ``"untyped"``
    bonuses and all penalties add up.
    """

    name: str
    feet: int
    kind: str = "untyped"
    lost_in: tuple[str, ...] = ()

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name.strip():
            raise SpeedError(f"A speed modifier needs a name, not {self.name!r}.")
        if isinstance(self.feet, bool) or not isinstance(self.feet, int) or self.feet % 5:
            raise SpeedError(f"{self.name} changes speed by whole 5-foot squares, not {self.feet!r} ft.")
        if not isinstance(self.kind, str) or not self.kind.strip():
            raise SpeedError(f"{self.name} needs a bonus type such as 'enhancement' or 'untyped'.")
        if not isinstance(self.lost_in, tuple):
            raise SpeedError(f"{self.name}: the armours that cancel it are a tuple, not {self.lost_in!r}.")
        object.__setattr__(self, "lost_in", tuple(parse_armour(armour) for armour in self.lost_in))


BARBARIAN_FAST_MOVEMENT = SpeedModifier("Barbarian fast movement", 10, lost_in=("heavy",))
"""Seed 002: "A barbarian has a +10 foot bonus to his speed (unless he's wearing heavy armor)."""


def monk_fast_movement(feet: int) -> SpeedModifier:
    """A monk's bonus of ``feet``: "Experienced monks also have higher speed (unless they're
    wearing armor of any sort)" (Seed 002; the amount grows with level, outside the seeds)."""
    return SpeedModifier("Monk fast movement", feet, lost_in=("light", "medium", "heavy"))


def speed_items(
    speed: int | None = None, armour: str = "none", race: str | None = None, modifiers=()
) -> tuple[Item, ...]:
    """The lines that make up a creature's speed in feet; their ``total`` is the speed.

    ``speed`` is the base land speed (``None``: the race's, or 30 ft). Modifiers come first,
    then armour ("Always apply any modifiers to a character's speed before adjusting the
    character's speed based on armor"); speed never drops below 0.
    """
    armour = parse_armour(armour)
    base = base_speed(race) if speed is None else speed
    if isinstance(base, bool) or not isinstance(base, int) or base < 0 or base % 5:
        raise SpeedError(f"A base land speed is a whole number of 5-foot squares, not {base!r} ft.")
    label = f"Base land speed ({race_name(race)})" if race is not None else "Base land speed"
    items = [Item(label, base, RULE_TABLE)]
    best = {}
    for modifier in modifiers:
        if not isinstance(modifier, SpeedModifier):
            raise SpeedError(f"A speed modifier is a SpeedModifier, not {modifier!r}.")
        if modifier.feet > 0 and modifier.kind != "untyped" and armour not in modifier.lost_in:
            if modifier.kind not in best or modifier.feet > best[modifier.kind].feet:
                best[modifier.kind] = modifier
    for modifier in modifiers:
        if armour in modifier.lost_in:
            items.append(Item(f"{modifier.name}: lost in {armour_name(armour)}", None, RULE_BONUSES))
        elif modifier.feet > 0 and modifier.kind != "untyped" and best[modifier.kind] is not modifier:
            items.append(
                Item(
                    f"{modifier.name}: does not stack with {best[modifier.kind].name} "
                    f"(both {modifier.kind} bonuses)",
                    None,
                    RULE_BONUSES,
                )
            )
        else:
            items.append(Item(modifier.name, modifier.feet, RULE_BONUSES))
    modified = max(0, total(items))
    if modified != total(items):
        items.append(Item("Speed cannot drop below 0 ft", modified - total(items), RULE_BONUSES))
    slowed = armoured_speed(modified, armour, race)
    if slowed != modified:
        change = f"{armour_name(armour).capitalize()}: {modified} ft becomes {slowed} ft"
        items.append(Item(change, slowed - modified, RULE_TABLE))
    elif armour in SLOWING_ARMOURS and not is_slowed_by_armour(race):
        items.append(Item(f"{race_name(race)}: not slowed by {armour_name(armour)}", None, RULE_TABLE))
    return tuple(items)
