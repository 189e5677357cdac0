"""The facing and movement switches: the ruleset, the arcs and overlays, and what a drag is.

The lists (rulesets, kinds of move) come from ``rules`` so the page offers exactly what the
engine knows; ``sync_switches`` shows the encounter's ruleset and the overlay state.
"""

from rules.movement import Mode, mode_name
from rules.zones import RULESETS
from web.dom import document, element, fill_select


class Panel:
    """The facing and movement switches of one board."""

    def __init__(self, board):
        self.board = board
        fill_select(element("ruleset"), [(name, r.label) for name, r in RULESETS.items()])
        modes = (Mode.MOVE, Mode.DOUBLE, Mode.RUN, Mode.CHARGE, Mode.FIVE_FOOT_STEP, Mode.MINIMUM)
        fill_select(element("move-mode"), [(mode.value, mode_name(mode).capitalize()) for mode in modes])

    def sync_switches(self, encounter, ui):
        """Set the facing switches to the encounter's ruleset and the overlay state."""
        element("ruleset").value = encounter.ruleset.name
        for radio in document.querySelectorAll("input[name=arcs]"):
            radio.checked = radio.value == ui.arcs
        element("show-beyond").checked = ui.beyond
        element("show-reach").checked = ui.reach
        element("show-bands").checked = ui.bands
        element("move-mode").value = ui.mode
        element("keep-facing").checked = ui.keep_facing
