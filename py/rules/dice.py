"""Dice in standard notation, rolled with a random source the caller owns.

Attack rolls are a d20; damage is written the way players write it (``2d6+3``, ``1d8-1``,
``d4``). A roll answers with every die, the modifier and the total, so the page can show the
dice as they fell. The random source is passed in (a ``random.Random``), so a seeded table, a
test or a replayed encounter rolls the same dice again. A critical hit does maximum damage
(Seed 003: Critical Hits), which ``max_roll`` answers as a roll with every die at its top face.
"""

import re
from dataclasses import dataclass

from rules.errors import RulesError

MAX_DICE = 100
"""The most dice one notation may roll: enough for any attack, few enough to show."""

MAX_SIDES = 1000
"""The most faces a die may have (d1000 is the largest die tables use)."""

MAX_MODIFIER = 1000
"""The largest modifier, either way, that one notation may carry."""

_NOTATION = re.compile(
    r"(?P<count>\d*)d(?P<sides>\d+)(?:\s*(?P<sign>[+-])\s*(?P<modifier>\d+))?", re.ASCII
)


class DiceNotationError(RulesError):
    """Text that is not dice notation, or dice no table could roll (``"2d"``, ``"0d6"``)."""


@dataclass(frozen=True)
class Dice:
    """A number of like dice plus a fixed modifier: ``Dice(2, 6, 3)`` is ``2d6+3``.

    ``count`` is at least 1 and at most ``MAX_DICE``; ``sides`` is at least 2 and at most
    ``MAX_SIDES``; ``modifier`` may be negative.
    """

    count: int
    sides: int
    modifier: int = 0

    def __post_init__(self):
        if not 1 <= self.count <= MAX_DICE:
            raise DiceNotationError(
                f"Roll between 1 and {MAX_DICE} dice at once, not {self.count}"
            )
        if not 2 <= self.sides <= MAX_SIDES:
            raise DiceNotationError(
                f"A die has between 2 and {MAX_SIDES} sides, not {self.sides}"
            )
        if not -MAX_MODIFIER <= self.modifier <= MAX_MODIFIER:
            raise DiceNotationError(
                f"A dice modifier lies between -{MAX_MODIFIER} and +{MAX_MODIFIER}, "
                f"not {self.modifier}"
            )

    @property
    def minimum(self) -> int:
        """The lowest total these dice can roll: every die showing 1."""
        return self.count + self.modifier

    @property
    def maximum(self) -> int:
        """The highest total these dice can roll: every die on its top face."""
        return self.count * self.sides + self.modifier

    @property
    def mean(self) -> float:
        """The average total over many rolls."""
        return self.count * (self.sides + 1) / 2 + self.modifier


D20 = Dice(1, 20)
"""The attack die."""


def parse_dice(text: str) -> Dice:
    """Read dice notation: ``"2d6+3"``, ``"1d8-1"``, ``"d4"`` (one die), ``"2D6 + 3"``.

    Case does not matter, nor do spaces around the text or around the sign (but ``"2d6 3"`` is
    not ``2d63``). Anything else raises ``DiceNotationError`` with an example of the notation.
    """
    match = _NOTATION.fullmatch(text.strip().lower())
    if match is None:
        raise DiceNotationError(f"'{text}' is not dice notation: write it like 2d6+3")
    count = int(match["count"]) if match["count"] else 1
    modifier = int(match["modifier"]) if match["modifier"] else 0
    if match["sign"] == "-":
        modifier = -modifier
    return Dice(count, int(match["sides"]), modifier)


def dice_notation(dice: Dice) -> str:
    """The canonical notation of ``dice``: ``"2d6+3"``, ``"1d8-1"``, ``"1d4"``.

    The count is always written and a zero modifier never is, so
    ``parse_dice(dice_notation(d)) == d`` for all dice.
    """
    text = f"{dice.count}d{dice.sides}"
    if dice.modifier:
        text += f"{dice.modifier:+d}"
    return text


@dataclass(frozen=True)
class DiceRoll:
    """The dice as they fell: the notation rolled and the face of every die, in order."""

    dice: Dice
    faces: tuple[int, ...]

    def __post_init__(self):
        if len(self.faces) != self.dice.count:
            raise DiceNotationError(
                f"{dice_notation(self.dice)} rolls {self.dice.count} dice, "
                f"not {len(self.faces)}"
            )
        for face in self.faces:
            if not 1 <= face <= self.dice.sides:
                raise DiceNotationError(
                    f"A d{self.dice.sides} cannot show {face}"
                )

    @property
    def modifier(self) -> int:
        """The fixed modifier added to the dice."""
        return self.dice.modifier

    @property
    def total(self) -> int:
        """The sum of the faces plus the modifier."""
        return sum(self.faces) + self.dice.modifier

    def text(self) -> str:
        """The roll as the page shows it: ``"2d6+3: 4 + 2 + 3 = 9"``, ``"1d8-1: 5 - 1 = 4"``."""
        parts = " + ".join(str(face) for face in self.faces)
        if self.modifier > 0:
            parts += f" + {self.modifier}"
        elif self.modifier < 0:
            parts += f" - {-self.modifier}"
        return f"{dice_notation(self.dice)}: {parts} = {self.total}"


def roll_die(rng, sides: int) -> int:
    """One die of ``sides`` faces, from ``rng`` (a ``random.Random`` or anything with ``randint``).

    The map uses it for random directions too (Seed 003: Critical Hits, Disarm).
    """
    return rng.randint(1, sides)


def roll(dice: Dice, rng) -> DiceRoll:
    """Roll ``dice`` with ``rng`` (a ``random.Random``, seeded for a repeatable table)."""
    return DiceRoll(dice, tuple(roll_die(rng, dice.sides) for _ in range(dice.count)))


def max_roll(dice: Dice) -> DiceRoll:
    """``dice`` with every die on its top face: the maximum damage of a critical hit.

    Seed 003: Critical Hits, "A natural 20 that would otherwise hit is automatically a critical
    hit doing maximum damage."
    """
    return DiceRoll(dice, (dice.sides,) * dice.count)
