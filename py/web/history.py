"""Undo and redo: a bounded history of encounters. Pure, so tests run it under CPython.

Every change the page makes to the encounter is recorded with a short description ("Kroh
moved"), so undo can say what it undid. A drag that turns a token through several facings is
one step: the page records only when the gesture ends.
"""

from dataclasses import dataclass

LIMIT = 200
"""How many steps back undo can go (the issue asks for at least 100)."""


@dataclass(frozen=True)
class History:
    """Past encounters (oldest first), the present one, and undone ones to redo (nearest last)."""

    past: tuple = ()
    present: object = None
    future: tuple = ()

    def record(self, encounter, label):
        """The history after a change to ``encounter`` described by ``label``; redo is cleared."""
        if encounter == self.present:
            return self
        past = (self.past + ((self.present, label),))[-LIMIT:] if self.present is not None else self.past
        return History(past, encounter, ())

    def can_undo(self) -> bool:
        """Whether there is a change to undo."""
        return bool(self.past)

    def can_redo(self) -> bool:
        """Whether there is an undone change to redo."""
        return bool(self.future)

    def undo(self):
        """``(history, label)`` one change back; ``label`` names the change undone."""
        (previous, label) = self.past[-1]
        return History(self.past[:-1], previous, self.future + ((self.present, label),)), label

    def redo(self):
        """``(history, label)`` one undone change forward again."""
        (following, label) = self.future[-1]
        return History(self.past + ((self.present, label),), following, self.future[:-1]), label
