"""The Rules tab: the facing ruleset, whether a drag keeps the creature's facing, and every
optional rule of the texts, each a control built from ``rules.options.OPTION_INFO`` (a switch,
or a number within its bounds) with its seed section as its title.
"""

from dataclasses import replace

from rules.errors import RulesError
from rules.options import OPTION_INFO, option_info
from rules.zones import RULESETS
from web.dom import element, fill_select, make, on


class RulesPanel:
    """The Rules tab of one board."""

    def __init__(self, board):
        self.board = board
        self.inputs = {}
        fill_select(element("ruleset"), [(name, ruleset.label) for name, ruleset in RULESETS.items()])
        on(element("ruleset"), "change", lambda event: self.set_ruleset(event.target.value))
        on(element("keep-facing"), "change", lambda event: board.set_ui(keep_facing=event.target.checked))
        listing = element("option-list")
        for info in OPTION_INFO:
            holder = make("label", cls="number" if info.is_number else None)
            holder.title = info.section
            control = make("input")
            control.id = f"option-{info.name}"
            if info.is_number:
                control.type = "number"
                control.min, control.max = str(info.bounds[0]), str(info.bounds[1])
                holder.append(info.label, control)
                on(control, "change", lambda event, name=info.name: self.set_option(name, event.target.value))
            else:
                control.type = "checkbox"
                holder.append(control, " " + info.label)
                on(control, "change", lambda event, name=info.name: self.set_option(name, event.target.checked))
            self.inputs[info.name] = (info, control, holder)
            listing.appendChild(holder)

    def render(self):
        """The ruleset and every option as the encounter has them; an option that needs another
        one switched on is greyed while it is off."""
        encounter = self.board.encounter
        element("ruleset").value = encounter.ruleset.name
        element("keep-facing").checked = self.board.ui.keep_facing
        for name, (info, control, holder) in self.inputs.items():
            value = getattr(encounter.options, name)
            if info.is_number:
                control.value = str(value)
            else:
                control.checked = value
                off = info.requires is not None and not getattr(encounter.options, info.requires)
                holder.className = "off" if off else ""

    def set_ruleset(self, name):
        """Use the facing ruleset called ``name``."""
        board = self.board
        board.commit(replace(board.encounter, ruleset=RULESETS[name]), f"Facing rules: {RULESETS[name].label}.")

    def set_option(self, name, raw):
        """Set the optional rule called ``name`` from its control's value."""
        from web import table

        board = self.board
        try:
            encounter = table.with_option(board.encounter, name, raw)
        except RulesError as error:
            board.say(str(error), error=True)
            self.render()
            return
        value = getattr(encounter.options, name)
        shown = value if not isinstance(value, bool) else ("on" if value else "off")
        board.commit(encounter, f"{option_info(name).label}: {shown}.")
