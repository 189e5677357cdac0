"""The one family of errors the rules engine raises.

Every error a player can cause (an unknown size, a facing the grid lacks, a move into a wall,
a damaged link) is a ``RulesError``: a ``ValueError`` whose message reads well on the page as
it is, so ``py/web`` shows ``str(error)`` and never a traceback.
"""


class RulesError(ValueError):
    """A request the rules cannot honour, with a message written for the player."""
