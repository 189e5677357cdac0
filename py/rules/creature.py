"""Creatures on the map: who stands where, how big, which way it faces, and on which side.

A ``Creature`` is a frozen value: moving or turning makes a new one (``dataclasses.replace``).
It knows its footprint on a grid (``cells``) and whether it has a facing at all: faceless
creatures and Tiny-or-smaller creatures have none ("UA Combat Facing: Faceless Creatures" and
"Tiny and Smaller Creatures"). ``FACELESS_PRESETS`` is that seed's list of faceless creatures.

Later rules add fields (speed, armour, reach weapon, feats, shield side); each comes with a
default, so code that builds a ``Creature`` from the fields here keeps working. The movement
fields (speed, race, armour, flying, helpless, reach...) feed ``rules.speed``,
``rules.movement`` and ``rules.reach``; ``squeezed_to`` records a big creature squeezed into a
narrow space ("Terrain and Obstacles: Squeezing", seed 002), and ``cells`` honours it.
"""

import unicodedata
from dataclasses import dataclass

from rules.errors import RulesError
from rules.grid import Grid, Hex, Square
from rules.sizes import (
    LEADS,
    Size,
    facing_name,
    facing_vector,
    footprint,
    is_tiny_or_smaller,
    size_name,
    square_side,
)
from rules.speed import SpeedError, SpeedModifier, base_speed, parse_armour, parse_race, race_name


class CreatureError(RulesError):
    """A creature that cannot exist: no name, a facing on a faceless creature, a bad lead."""


class OffBoardError(RulesError):
    """A creature whose space reaches past the edge of the board."""


FACELESS_PRESETS = (
    "elemental",
    "ooze",
    "lantern archon",
    "assassin vine",
    "chaos beast",
    "darkmantle",
    "violet fungus",
    "gibbering mouther",
    "mimic",
    "phasm",
    "will-o'-wisp",
    "xorn",
    "octopus",
    "giant octopus",
)
"""UA Combat Facing, "Faceless Creatures": "All elementals and oozes are faceless. Also, the
following monsters are faceless: lantern archon, assassin vine, chaos beast, darkmantle, violet
fungus, gibbering mouther, mimic, phasm, will-o'-wisp, xorn, and octopus (including giant
octopus)." Elementals and oozes are whole kinds, named here as such."""


_INVISIBLE = frozenset(("Cc", "Cf"))
"""The Unicode categories ``clean_name`` drops: control characters, and format characters such
as zero-width spaces and joiners, which show nothing a player could see."""


def clean_name(text: str) -> str:
    """``text`` as a creature's name: runs of spaces (and tabs, line breaks and other white
    space) as one space, none at either end, no control or invisible format characters (Unicode
    categories Cc and Cf: "Goblin\u200b" is "Goblin"), composed as Unicode's NFC ("e" and a
    combining accent are "\u00e9"). Two names a player cannot tell apart come out the same.

    The token form cleans what is typed, and links and files clean the names they hold, so
    ``Creature`` accepts only a name already clean.
    """
    words = text.split()
    if not text.isprintable():
        kept = "".join(character for character in " ".join(words) if unicodedata.category(character) not in _INVISIBLE)
        words = kept.split()
    name = " ".join(words)
    return name if name.isascii() else unicodedata.normalize("NFC", name)


def squeezed_shapes(size: Size) -> tuple[tuple[int, int], ...]:
    """The narrow spaces, ``(columns, rows)`` of squares, a creature of ``size`` squeezes into.

    Seed 002, "Squeezing": "You can squeeze through or into a space that is at least half as wide
    as your normal space"; "When a Large creature ... squeezes into a space that's one square
    wide, the creature's miniature figure occupies two squares". A squeezed creature keeps its
    length and narrows its width to at least half its side, in whole squares: Large 1 x 2 and
    2 x 1, Huge 2 x 3 and 3 x 2, up to Colossal's 3, 4 or 5 by 6. Creatures of one square have
    none: they squeeze through cells marked narrow (``rules.terrain``).
    """
    side = square_side(size)
    widths = range((side + 1) // 2, side) if size >= Size.LARGE else ()
    return tuple(shape for width in widths for shape in ((width, side), (side, width)))


def has_facing(size: Size, faceless: bool) -> bool:
    """Whether a creature of ``size``, faceless or not, has front, flank and rear (UA Combat
    Facing, "Faceless Creatures"; "Tiny and Smaller Creatures": "Tiny and smaller creatures
    don't have facing")."""
    return not faceless and not is_tiny_or_smaller(size)


SHIELD_SIDES = (None, "left", "right")
"""UA Combat Facing, Shields (Optional): "A character holding a shield must indicate whether he's
wielding it to the left or right." ``None``: no shield held."""


@dataclass(frozen=True)
class Creature:
    """One creature: ``name``, ``size``, the ``anchor`` cell it is placed by, and its facing.

    ``facing`` indexes ``rules.sizes.facing_names(size, grid)`` (the grid's directions, or the
    hex diagonals for a Large triangle); it is ``None`` exactly when the creature has no facing,
    that is when it is ``faceless`` or Tiny or smaller. ``lead`` (1, the default, or 2) is how
    many hexes a Large triangle on hexes leads with (seed 001); other footprints ignore it.
    ``side`` tells friends from foes.

    The combat fields feed the facing-in-combat rules: ``level`` is the character level or the
    monster's hit dice; ``rogue_level`` the levels that give sneak attack (0: none);
    ``features`` the names of its feats, class features and special abilities (``rules.facing``
    lists the ones the rules know, e.g. "Combat Reflexes", "Improved Uncanny Dodge"); a
    creature holding a shield says on which side, ``"left"`` or ``"right"`` (UA Combat Facing:
    Shields (Optional)); ``flat_footed`` is the condition of that name.

    The movement fields (seed 002): ``speed`` is the base land speed in feet (``None``: the
    ``race``'s from Table: Tactical Speed, or 30); ``race`` one of that table's races or
    ``None``; ``armour`` ``"none"``, ``"light"``, ``"medium"`` or ``"heavy"``;
    ``speed_modifiers`` a tuple of ``rules.speed.SpeedModifier``; ``flying`` and
    ``incorporeal`` creatures are not hampered by difficult terrain; a ``helpless`` creature can
    be moved through and ended on; a ``long`` creature has the table's "(long)" reach;
    ``reach`` overrides the table's natural reach in feet ("Some exceptions exist");
    ``reach_weapon`` says it fights with one; a creature that ``fills_space`` "cannot be moved
    past"; ``squeezed_to`` is ``None`` or the ``(columns, rows)`` of the narrow space a Large or
    bigger creature on squares is squeezed into (one of ``squeezed_shapes``), ``anchor`` then
    being that space's north-west square.

    ``faceless_as`` names the creature of the seed's faceless list it is (``FACELESS_PRESETS``,
    "ooze"), or is ``None``; such a creature is ``faceless``.
    """

    name: str
    size: Size
    anchor: Square | Hex
    facing: int | None = None
    faceless: bool = False
    lead: int = 1
    side: str = "friend"
    level: int = 1
    rogue_level: int = 0
    features: frozenset = frozenset()
    shield_side: str | None = None
    flat_footed: bool = False
    speed: int | None = None
    race: str | None = None
    armour: str = "none"
    speed_modifiers: tuple = ()
    flying: bool = False
    incorporeal: bool = False
    helpless: bool = False
    long: bool = False
    reach: int | None = None
    reach_weapon: bool = False
    fills_space: bool = False
    squeezed_to: tuple[int, int] | None = None
    faceless_as: str | None = None

    def __post_init__(self):
        cleaned = clean_name(self.name) if isinstance(self.name, str) else ""
        if not cleaned:
            raise CreatureError(f"A creature needs a name, not {self.name!r}.")
        if cleaned != self.name:
            raise CreatureError(
                f"Write the name as {cleaned!r}: without spaces at its ends, doubled spaces, or "
                "invisible characters, so that no two names look alike."
            )
        if not isinstance(self.size, Size):
            raise CreatureError(f"{self.name} needs a size such as Size.MEDIUM, not {self.size!r}.")
        if not isinstance(self.anchor, (Square, Hex)):
            raise CreatureError(f"{self.name} stands on a square or a hex, not {self.anchor!r}.")
        if not isinstance(self.faceless, bool):
            raise CreatureError(f"{self.name}: faceless is True or False, not {self.faceless!r}.")
        if isinstance(self.lead, bool) or self.lead not in LEADS:
            raise CreatureError(f"{self.name} leads with 1 hex or 2, not {self.lead!r}.")
        if not isinstance(self.side, str) or not self.side.strip():
            raise CreatureError(f"{self.name} needs a side such as 'friend' or 'foe'.")
        if self.faceless_as is not None and (self.faceless_as not in FACELESS_PRESETS or not self.faceless):
            raise CreatureError(
                f"{self.name} is faceless as one of the seed's faceless creatures "
                f"({', '.join(FACELESS_PRESETS)}), not {self.faceless_as!r}."
            )
        self._check_facing_presence()
        self._check_combat_fields()
        self._check_movement_fields()

    def _check_facing_presence(self) -> None:
        """A creature has a facing exactly when the rules give it one."""
        if self.has_facing and self.facing is None:
            raise CreatureError(
                f"{self.name} is {size_name(self.size)} and not faceless, so it faces a "
                "direction: give it a facing (UA Combat Facing: Facing Direction)."
            )
        if not self.has_facing and self.facing is not None:
            reason = "faceless" if self.faceless else size_name(self.size)
            raise CreatureError(
                f"{self.name} is {reason} and has no facing: leave its facing empty "
                "(UA Combat Facing: Faceless Creatures; Tiny and Smaller Creatures)."
            )
        if self.facing is not None and (
            isinstance(self.facing, bool) or not isinstance(self.facing, int) or self.facing < 0
        ):
            raise CreatureError(f"{self.name}'s facing is a direction number, not {self.facing!r}.")

    def _check_combat_fields(self) -> None:
        """Levels are whole numbers, features a set of names, the shield on a side."""
        for label, value, least in (("level", self.level, 1), ("rogue level", self.rogue_level, 0)):
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise CreatureError(f"{self.name}'s {label} is a whole number from {least}, not {value!r}.")
        if not isinstance(self.features, frozenset) or not all(
            isinstance(name, str) and name.strip() for name in self.features
        ):
            raise CreatureError(f"{self.name}'s features are a set of names, not {self.features!r}.")
        if self.shield_side not in SHIELD_SIDES:
            raise CreatureError(f"{self.name} holds a shield on the left or the right, not {self.shield_side!r}.")
        if not isinstance(self.flat_footed, bool):
            raise CreatureError(f"{self.name}: flat-footed is True or False, not {self.flat_footed!r}.")

    def _check_movement_fields(self) -> None:
        """Speed in whole 5-foot squares, a race and armour the speed table knows, switches that
        are True or False, a reach in 5-foot steps, a narrow space the creature fits."""
        try:
            if self.race is not None:
                object.__setattr__(self, "race", parse_race(self.race))
            object.__setattr__(self, "armour", parse_armour(self.armour))
        except SpeedError as error:
            raise CreatureError(f"{self.name}: {error}") from None
        if self.speed is not None:
            if isinstance(self.speed, bool) or not isinstance(self.speed, int) or self.speed < 0 or self.speed % 5:
                raise CreatureError(f"{self.name}'s speed is a whole number of 5-foot squares, not {self.speed!r}.")
            if self.race is not None and self.speed != base_speed(self.race):
                raise CreatureError(
                    f"{race_name(self.race)}: base land speed {base_speed(self.race)} ft (Table: Tactical Speed). "
                    f"Leave {self.name}'s speed empty, or give bonuses as speed modifiers."
                )
        if not isinstance(self.speed_modifiers, tuple) or not all(
            isinstance(modifier, SpeedModifier) for modifier in self.speed_modifiers
        ):
            raise CreatureError(f"{self.name}'s speed modifiers are a tuple of SpeedModifier values.")
        for label in ("flying", "incorporeal", "helpless", "long", "reach_weapon", "fills_space"):
            if not isinstance(getattr(self, label), bool):
                value = getattr(self, label)
                raise CreatureError(f"{self.name}: {label.replace('_', ' ')} is True or False, not {value!r}.")
        if self.reach is not None and (
            isinstance(self.reach, bool) or not isinstance(self.reach, int) or self.reach < 0 or self.reach % 5
        ):
            raise CreatureError(f"{self.name}'s natural reach is a whole number of 5-foot squares, not {self.reach!r}.")
        if self.squeezed_to is not None:
            shapes = squeezed_shapes(self.size)
            if not shapes or not isinstance(self.anchor, Square):
                raise CreatureError(
                    f"Only a Large or bigger creature on squares squeezes into a narrower space; "
                    f"{self.name} is {size_name(self.size)} (Squeezing)."
                )
            if self.squeezed_to not in shapes:
                choices = ", ".join(f"{w} x {h}" for w, h in shapes)
                raise CreatureError(
                    f"{self.name} ({size_name(self.size)}) squeezes into a space of {choices} squares, "
                    f"not {self.squeezed_to!r} (Squeezing: at least half as wide as its space)."
                )

    @property
    def has_facing(self) -> bool:
        """Whether the creature has front, flank and rear: not faceless and at least Small."""
        return has_facing(self.size, self.faceless)

    def cells(self, grid: Grid) -> tuple:
        """The cells the creature stands in on ``grid`` (on the board or not; see ``check``).

        Raises ``FacingError`` if its facing is not one of the grid's. A squeezed creature
        (``squeezed_to``) stands in its narrow space, row by row from ``anchor``.
        """
        if self.squeezed_to is not None:
            grid.check_cell(self.anchor)
            columns, rows = self.squeezed_to
            x, y = self.anchor.x, self.anchor.y
            return tuple(Square(x + dx, y + dy) for dy in range(rows) for dx in range(columns))
        return footprint(self.size, self.anchor, grid, self.facing, self.lead)

    def facing_vector(self, grid: Grid) -> tuple[int, int] | None:
        """The coordinate vector the creature faces along on ``grid``, or ``None``."""
        if self.facing is None:
            return None
        return facing_vector(self.facing, self.size, grid)

    def facing_name(self, grid: Grid) -> str | None:
        """The name of the creature's facing on ``grid`` (``"NE"``), or ``None``."""
        if self.facing is None:
            return None
        return facing_name(self.facing, self.size, grid)

    def check(self, grid: Grid) -> None:
        """Raise a ``RulesError`` unless the creature can stand on ``grid`` as it is.

        Its anchor must be a cell of the grid's kind, its facing one the grid has, and every
        cell of its space on the board.
        """
        outside = [cell for cell in self.cells(grid) if not grid.contains(cell)]
        if outside:
            raise OffBoardError(
                f"{self.name} ({size_name(self.size)}) does not fit there: "
                f"{len(outside)} of its cells would be off the board."
            )
