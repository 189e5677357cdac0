"""Hit points: a creature's maximum and current hit points, damage, healing and what they show.

``Vitals(maximum, current)`` is a frozen value; ``damaged`` and ``healed`` make new ones. Its
``state`` is the word the page shows beside the hit point bar, and ``conditions`` the names of
the rows of ``rules.conditions.CONDITIONS`` that its hit points put the creature in (a dying
creature's "unconscious" and "helpless" follow from the table's ``implies``, through
``rules.conditions.expand``).

Source: the SRD 3.5 conditions excerpt (../shared/references/srd35-conditions.txt), Disabled,
Dying, Dead and Stable. The thresholds: "A character with 0 hit points ... is disabled"; "She
has -1 to -9 current hit points"; "If a dying character reaches -10 hit points, she is dead."

Not here yet: nonlethal damage (the issue lets it wait), the dying creature's roll to become
stable and its lost hit point at the end of each round (the round tracker will roll them), and
a stable creature that wakes up ("negative hit points but has become stable and conscious",
disabled): ``stable`` marks only the unconscious kind, which the game master sets.
"""

from dataclasses import dataclass, replace

from rules.errors import RulesError

DISABLED_AT = 0
"""SRD 3.5, Disabled: "A character with 0 hit points, or one who has negative hit points but has
become stable and conscious, is disabled." """

DYING_FROM = -1
"""SRD 3.5, Dying: "She has -1 to -9 current hit points." The highest dying value."""

DEAD_AT = -10
"""SRD 3.5, Dying: "If a dying character reaches -10 hit points, she is dead." Dead: "The
character's hit points are reduced to -10". At -10 or below the creature is dead."""

HEALTHY = "healthy"
DISABLED = "disabled"
DYING = "dying"
STABLE = "stable"
DEAD = "dead"

STATES = (HEALTHY, DISABLED, DYING, STABLE, DEAD)
"""The states ``Vitals.state`` answers, from best to worst; all but the first are rows of
``rules.conditions.CONDITIONS``."""

HIT_POINTS_RULE = "SRD 3.5 Conditions: Disabled, Dying, Dead"
"""The rule the thresholds cite."""


class HealthError(RulesError):
    """Hit points that cannot be: a maximum below 1, current above the maximum, negative damage,
    healing the dead."""


def _whole(value, label: str, least: int | None = None) -> None:
    """``value`` is a whole number (not a bool), at least ``least`` if given."""
    if isinstance(value, bool) or not isinstance(value, int) or (least is not None and value < least):
        bound = "" if least is None else f" from {least}"
        raise HealthError(f"{label} is a whole number{bound}, not {value!r}.")


@dataclass(frozen=True)
class Vitals:
    """A creature's hit points: ``maximum`` (at least 1) and ``current`` (at most the maximum,
    and as low as damage takes it: the SRD counts on past -10 only to say "dead").

    ``stable`` is the SRD's Stable: "A character who was dying but who has stopped losing hit
    points and still has negative hit points is stable." It holds only with negative current
    hit points above -10; damage makes the creature dying again and healing to 0 or more ends
    it (a Flankwise reading: the excerpt does not say what ends it).
    """

    maximum: int
    current: int
    stable: bool = False

    def __post_init__(self):
        _whole(self.maximum, "Maximum hit points", 1)
        _whole(self.current, "Current hit points")
        if self.current > self.maximum:
            raise HealthError(
                f"Current hit points ({self.current}) cannot be above the maximum ({self.maximum})."
            )
        if not isinstance(self.stable, bool):
            raise HealthError(f"Stable is True or False, not {self.stable!r}.")
        if self.stable and not DEAD_AT < self.current <= DYING_FROM:
            raise HealthError(
                "Only a dying creature (-1 to -9 hit points) becomes stable "
                f"(SRD 3.5, Stable), not one at {self.current}."
            )

    @classmethod
    def full(cls, maximum: int) -> "Vitals":
        """A creature unhurt: current hit points equal to ``maximum``."""
        return cls(maximum, maximum)

    def damaged(self, amount: int) -> "Vitals":
        """These hit points after ``amount`` points of (lethal) damage.

        Damage to a stable creature makes it dying again (a Flankwise reading; the SRD's
        Stable says it "has stopped losing hit points"). Damage to the dead still counts down.
        """
        _whole(amount, "Damage", 0)
        if amount == 0:
            return self
        return replace(self, current=self.current - amount, stable=False)

    def healed(self, amount: int) -> "Vitals":
        """These hit points after ``amount`` points of healing, never above the maximum.

        Raises ``HealthError`` for the dead: SRD 3.5, Dead: "The character's hit points are
        reduced to -10"; healing does not bring it back (undo does, for a slip).
        """
        _whole(amount, "Healing", 0)
        if self.is_dead:
            raise HealthError("A dead creature is not healed: hit points at -10 or below are dead.")
        current = min(self.maximum, self.current + amount)
        return replace(self, current=current, stable=self.stable and current < DISABLED_AT)

    def stabilised(self) -> "Vitals":
        """These hit points with a dying creature made stable (SRD 3.5, Dying: "She has a 10%
        chance to become stable"; the game master sets it)."""
        return replace(self, stable=True)

    @property
    def is_dead(self) -> bool:
        """SRD 3.5, Dying: "If a dying character reaches -10 hit points, she is dead." """
        return self.current <= DEAD_AT

    @property
    def is_dying(self) -> bool:
        """SRD 3.5, Dying: "She has -1 to -9 current hit points." And not stable: Stable, "The
        character is no longer dying, but is still unconscious." """
        return DEAD_AT < self.current <= DYING_FROM and not self.stable

    @property
    def is_disabled(self) -> bool:
        """SRD 3.5, Disabled: "A character with 0 hit points ... is disabled." Exactly 0."""
        return self.current == DISABLED_AT

    @property
    def state(self) -> str:
        """The one word the page shows: ``"healthy"`` above 0, ``"disabled"`` at exactly 0,
        ``"dying"`` from -1 to -9 (``"stable"`` once stabilised), ``"dead"`` at -10 or below."""
        if self.is_dead:
            return DEAD
        if self.stable:
            return STABLE
        if self.is_dying:
            return DYING
        if self.is_disabled:
            return DISABLED
        return HEALTHY

    @property
    def conditions(self) -> tuple[str, ...]:
        """The names of the conditions these hit points put the creature in: none when healthy,
        else the one ``state`` names (a row of ``rules.conditions.CONDITIONS``; its implied
        conditions, a dying creature's unconscious and helpless, come from the table)."""
        return () if self.state == HEALTHY else (self.state,)

    @property
    def fraction(self) -> float:
        """How full the hit point bar is: current over maximum, from 0 (at 0 or below) to 1."""
        return max(0, self.current) / self.maximum

    def text(self) -> str:
        """The hit points as the page reads them: ``"7/12 hp"``, ``"-3/12 hp, dying"``."""
        shown = f"{self.current}/{self.maximum} hp"
        return shown if self.state == HEALTHY else f"{shown}, {self.state}"
