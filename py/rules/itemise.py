"""Itemised rule answers: each value comes with the reason a player reads and the rule it cites.

House style: "a rule answer that a person reads is itemised". An attack bonus, a strike speed or
a path cost is a tuple of ``Item`` values, so the page can show why, not only how much.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Item:
    """One line of an itemised answer.

    ``reason`` reads well on its own ("Attacking into your own flank"); ``value`` is the signed
    number it contributes, or ``None`` for a line that only informs or restricts; ``rule`` names
    the seed section it comes from ("UA Combat Facing: Facing and Attacking").
    """

    reason: str
    value: int | None
    rule: str

    def text(self) -> str:
        """The line as the page shows it: ``"Attacking into your own flank: -5"``."""
        if self.value is None:
            return self.reason
        return f"{self.reason}: {self.value:+d}"


def total(items) -> int:
    """The sum of the values of ``items``, skipping lines that carry none."""
    return sum(item.value for item in items if item.value is not None)
