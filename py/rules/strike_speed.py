"""Strike-speed order of battle: who acts first in a round, and why (Seed 003, optional).

With this option creatures act from the highest strike speed to the lowest. The base strike
speed comes from the action taken (``STRIKE_SPEED_TABLE``, the seed's table); the side that won
initiative adds 5, Fighters add their strike bonus, monsters the referee classes as fighters add
half their hit dice, and with the stance strike modifier option the combat stance counts too.
Each creature's strike speed comes back itemised, so the table sees every part.

``Combatant`` holds the little this needs to know about a creature; the round tracker builds it
from the encounter's creature.
"""

from dataclasses import dataclass
from enum import Enum

from rules.errors import RulesError
from rules.itemise import Item, total
from rules.options import Options
from rules.stances import Stance, choose_stance, stance_strike_items

STRIKE_SPEED_RULE = "Seed 003: Strike Speed Based Order of Battle (Optional)"
"""The seed section every strike-speed answer cites."""

INITIATIVE_BONUS = 5
"""Seed 003: Strike Speed, "The side with the higher roll gets a +5 to strike speed"."""


class StrikeSpeedError(RulesError):
    """A combatant or a round the order of battle cannot be worked out for."""


class Action(Enum):
    """The action types of the strike-speed table; the value is the seed's name for it."""

    READ_SCROLL = "Read Scroll"
    CAST_SPELL = "Cast Spell"
    SHORT_WEAPON = "Short Length Weapon"
    MEDIUM_WEAPON = "Medium Length Weapon"
    LONG_WEAPON = "Long Weapon"
    VERY_LONG_WEAPON = "Very Long Weapon"
    POLE_ARM = "Pole Arms"
    MISSILE_FIRE = "Missile Fire/Arcane Blast"
    BREATH_WEAPON = "Breath Weapon"
    GLANCE = "Glance"


STRIKE_SPEED_TABLE = {
    # Seed 003: Strike Speed Based Order of Battle, "Strike Speed Weapon/Attack Action".
    Action.READ_SCROLL: 1,
    Action.CAST_SPELL: 2,
    Action.SHORT_WEAPON: 3,
    Action.MEDIUM_WEAPON: 4,
    Action.LONG_WEAPON: 5,
    Action.VERY_LONG_WEAPON: 6,
    Action.POLE_ARM: 7,
    Action.MISSILE_FIRE: 8,
    Action.BREATH_WEAPON: 9,
    Action.GLANCE: 10,
}
"""Seed 003: the base strike speed of each action type, in the seed's order."""


def action_name(action: Action) -> str:
    """The action as the seed's table names it: ``"Medium Length Weapon"``."""
    return action.value


def parse_action(text: str) -> Action:
    """The action named by ``text``, in any case: ``"medium length weapon"``, ``"Glance"``."""
    key = " ".join(text.split()).lower()
    for action in Action:
        if action.value.lower() == key or action.name.lower() == key.replace(" ", "_"):
            return action
    names = ", ".join(action_name(action) for action in Action)
    raise StrikeSpeedError(f"'{text}' is not an action of the strike-speed table: {names}")


@dataclass(frozen=True)
class Combatant:
    """What the order of battle needs to know about one creature this round.

    ``side`` names its side (every creature on the side that won initiative gets +5);
    ``level`` is a character's level or a monster's hit dice (the strike bonuses and the
    tie-break); ``is_fighter`` marks a Fighter character; ``classed_as_fighter`` marks a monster
    the referee classes as a fighter. A creature casting a spell declares ``spell`` and
    ``spell_target`` before initiative is rolled, and cannot be in a defensive stance.
    """

    name: str
    side: str
    action: Action
    level: int = 1
    is_fighter: bool = False
    is_monster: bool = False
    classed_as_fighter: bool = False
    stance: Stance = Stance.STANDARD
    spell: str = ""
    spell_target: str = ""

    def __post_init__(self):
        if not self.name.strip():
            raise StrikeSpeedError("Every combatant needs a name")
        if not self.side.strip():
            raise StrikeSpeedError(f"{self.name} needs a side")
        if self.level < 0:
            raise StrikeSpeedError(
                f"{self.name}'s level or hit dice are 0 or more, not {self.level}"
            )
        if self.is_fighter and self.is_monster:
            raise StrikeSpeedError(
                f"{self.name} is either a Fighter character or a monster (which the referee may "
                "class as a fighter), not both"
            )
        if self.classed_as_fighter and not self.is_monster:
            raise StrikeSpeedError(
                f"Only a monster is classed as a fighter by the referee; {self.name} is not one"
            )
        casting = self.action is Action.CAST_SPELL
        choose_stance(self.stance, casting_spell=casting)
        if casting and not (self.spell.strip() and self.spell_target.strip()):
            # Seed 003: Strike Speed, "Spell casters casting a spell must declare the spell
            # being cast and its target before initiative is rolled."
            raise StrikeSpeedError(
                f"{self.name} is casting a spell: declare the spell and its target before "
                "initiative is rolled"
            )


def strike_speed_items(
    combatant: Combatant, *, has_initiative: bool, options: Options
) -> tuple[Item, ...]:
    """The parts of ``combatant``'s strike speed this round, one line each.

    Seed 003: Strike Speed, "Base Strike Speed is determined by their action type in the table
    below. Characters/Monsters add +5 to the Base Strike Speed if their side has initiative.
    Fighters add their Fighter Strike Bonus (plus their Level/4, rounded up). Monsters add
    one-half their hit dice, rounded down if the referee classes them as fighters. [...] The
    Strike modifier from a character's combat stance is added if the referee uses this option."
    """
    items = [
        Item(
            f"Base strike speed, {action_name(combatant.action)}",
            STRIKE_SPEED_TABLE[combatant.action],
            STRIKE_SPEED_RULE,
        )
    ]
    if has_initiative:
        items.append(Item("Side won initiative", INITIATIVE_BONUS, STRIKE_SPEED_RULE))
    if combatant.is_fighter and combatant.level:
        items.append(
            Item(
                f"Fighter strike bonus (level {combatant.level})",
                -(-combatant.level // 4),
                STRIKE_SPEED_RULE,
            )
        )
    if combatant.classed_as_fighter and combatant.level >= 2:
        items.append(
            Item(
                f"Monster classed as a fighter (half of {combatant.level} hit dice)",
                combatant.level // 2,
                STRIKE_SPEED_RULE,
            )
        )
    if options.stance_strike_modifier:
        items.extend(stance_strike_items(combatant.stance))
    return tuple(items)


@dataclass(frozen=True)
class StrikeTurn:
    """One creature's place in the order of battle.

    ``rank`` counts from 1; creatures with the same strike speed and the same level or hit dice
    share a rank and act at the same time. ``items`` are the parts of the strike speed.
    """

    rank: int
    combatant: Combatant
    items: tuple[Item, ...]

    def __post_init__(self):
        if self.rank < 1:
            raise StrikeSpeedError(f"A place in the order of battle counts from 1, not {self.rank}")

    @property
    def strike_speed(self) -> int:
        """The total strike speed."""
        return total(self.items)

    def text(self) -> str:
        """The turn as the page lists it: ``"1. Aldric: 11 (Base strike speed, ...: +4; ...)"``."""
        parts = "; ".join(item.text() for item in self.items)
        return f"{self.rank}. {self.combatant.name}: {self.strike_speed} ({parts})"


def strike_order(
    combatants, *, initiative_winner: str | None, options: Options
) -> tuple[StrikeTurn, ...]:
    """The order of battle for a round: every combatant's turn, from first to last.

    ``initiative_winner`` is the side that rolled higher for initiative, or ``None`` when the
    roll tied and no side gets the +5. "Characters and monsters act in order of their strike
    speed from high to low. [...] (Ties in Strike Speed are resolved by Character Level/Monster
    Hit Dice, with the higher acting first.)" Creatures still tied share a rank and keep the
    order they were given in.
    """
    combatants = tuple(combatants)
    names = [combatant.name for combatant in combatants]
    for name in names:
        if names.count(name) > 1:
            raise StrikeSpeedError(f"Two combatants are called {name}: name them apart")
    sides = {combatant.side for combatant in combatants}
    if initiative_winner is not None and initiative_winner not in sides:
        raise StrikeSpeedError(f"No combatant is on the side '{initiative_winner}'")
    itemised = [
        (
            combatant,
            strike_speed_items(
                combatant,
                has_initiative=combatant.side == initiative_winner,
                options=options,
            ),
        )
        for combatant in combatants
    ]
    itemised.sort(key=lambda pair: (-total(pair[1]), -pair[0].level))
    turns = []
    for position, (combatant, items) in enumerate(itemised, start=1):
        previous = turns[-1] if turns else None
        tied = (
            previous is not None
            and previous.strike_speed == total(items)
            and previous.combatant.level == combatant.level
        )
        turns.append(StrikeTurn(previous.rank if tied else position, combatant, items))
    return tuple(turns)
