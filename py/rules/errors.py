"""The one family of errors the rules engine raises.

Every error a player can cause (an unknown size, a facing the grid lacks, a move into a wall,
a damaged link) is a ``RulesError``: a ``ValueError`` whose message reads well on the page as
it is, so ``py/web`` shows ``str(error)`` and never a traceback. ``typed_key`` reads what a
player typed as a name to look up, the same way everywhere.
"""


class RulesError(ValueError):
    """A request the rules cannot honour, with a message written for the player."""


def typed_key(text) -> str | None:
    """``text`` as a lookup key: lower-cased, with its spaces trimmed and single; ``None`` if
    it is not text (so it matches no name and the caller's message names what was given)."""
    return " ".join(text.strip().lower().split()) if isinstance(text, str) else None
