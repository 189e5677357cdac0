"""The table panels on the page: map tools, board settings, optional rules, the attack panel,
the combat stats editor and the round tracker.

A thin adapter: controls are filled from the rules' data (``web.tools``, ``web.table``,
``rules.options.OPTION_INFO``), their events become calls on the ``Board``, and ``refresh``
shows the encounter again after every change. Every text goes in as ``textContent``, never as
markup. It is imported after the first frame, so the combat rules load while the board is
already on screen.
"""

import random

import js

from rules.errors import RulesError
from rules.options import OPTION_INFO
from web import table, tools
from web.dom import element, fill_select, make, on
from web.forms import Draft

document = js.document
NOBODY = ""
"""The value of an attacker or target list when nobody is chosen."""


class Table:
    """The table panels of one board."""

    def __init__(self, board):
        self.board = board
        self.roll = None
        self.option_inputs = {}
        self.stats_inputs = {}
        self.stats_draft = Draft()
        self.build_tools()
        self.build_options()
        self.build_attack()
        self.build_stats()
        self.build_round()

    # Building the controls.
    def build_tools(self):
        """The tool radios, the palette and the wall kinds."""
        tool_list = element("tool-list")
        for value, label in tools.TOOLS:
            radio = make("input")
            radio.type, radio.name, radio.value = "radio", "tool", value
            radio.id = f"tool-{value}"
            radio.checked = value == "select"
            on(radio, "change", lambda event: self.board.set_tool(event.target.value))
            holder = make("label")
            holder.id = f"tool-{value}-label"
            holder.append(radio, label)
            tool_list.appendChild(holder)
        fill_select(element("paint-kind"), tools.palette(), self.board.ui.paint)
        fill_select(element("wall-kind"), tools.wall_kinds(), self.board.ui.wall)
        on(element("paint-kind"), "change", lambda event: self.board.set_ui(paint=event.target.value))
        on(element("wall-kind"), "change", lambda event: self.board.set_ui(wall=event.target.value))
        on(element("board-resize"), "click", lambda _event: self.board.set_size(
            element("board-width").value, element("board-height").value))

    def build_options(self):
        """A control per optional rule, from ``OPTION_INFO``: a checkbox for a switch, a number
        input within its bounds for a number, each with its label and seed section."""
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
                on(control, "change", lambda event, name=info.name: self.board.set_option(name, event.target.value))
            else:
                control.type = "checkbox"
                holder.append(control, " " + info.label)
                on(control, "change", lambda event, name=info.name: self.board.set_option(name, event.target.checked))
            self.option_inputs[info.name] = (info, control, holder)
            listing.appendChild(holder)

    def build_attack(self):
        """The attack panel's lists and buttons."""
        fill_select(element("attack-kind"), table.ATTACK_KINDS, "melee")
        fill_select(element("attack-stance"), table.STANCES)
        for id_ in ("attack-attacker", "attack-target"):
            on(element(id_), "change", lambda _event: self.board.choose_attack(
                element("attack-attacker").value or None, element("attack-target").value or None))
        on(element("attack-kind"), "change", lambda _event: self.show_attack())
        on(element("attack-maneuver"), "change", lambda _event: self.show_attack())
        on(element("attack-stance"), "change", lambda event: self.board.set_stance(event.target.value))
        on(element("attack-roll"), "click", lambda _event: self.board.roll_attack())
        on(element("attack-face"), "click", lambda _event: self.board.face_target())

    def build_stats(self):
        """The combat stats editor's controls, from ``web.table.STATS_FORM``."""
        holder = element("stats-fields")
        for field in table.STATS_FORM:
            label = make("label", cls="switch" if field.kind == "switch" else None)
            if field.kind == "choice":
                control = make("select")
                fill_select(control, field.choices)
            else:
                control = make("input")
                control.type = {"number": "number", "switch": "checkbox"}.get(field.kind, "text")
            control.id = f"stats-{field.name}"
            control.setAttribute("aria-label", field.label)
            if field.kind == "switch":
                label.append(control, " " + field.label)
            else:
                label.append(field.label, control)
            self.stats_inputs[field.name] = (field, control)
            holder.appendChild(label)
        on(element("stats-name"), "change", lambda _event: self.choose_stats(element("stats-name").value))
        on(element("stats-save"), "click", lambda _event: self.save_stats())
        on(element("stats-discard"), "click", lambda _event: self.discard_stats())
        on(holder, "input", lambda _event: self.mark_stats())
        on(holder, "change", lambda _event: self.mark_stats())

    def build_round(self):
        """The round tracker's buttons."""
        on(element("round-winner"), "change", lambda event: self.board.set_initiative(event.target.value or None))
        on(element("round-next"), "click", lambda _event: self.board.step_turn(True))
        on(element("round-prev"), "click", lambda _event: self.board.step_turn(False))
        on(element("round-copy"), "click", lambda _event: self.copy_log())

    # Showing the encounter.
    def refresh(self):
        """Show the encounter as it is now in every panel."""
        encounter = self.board.encounter
        self.show_settings(encounter)
        names = [(name, name) for name in encounter.names()]
        ui = self.board.ui
        fill_select(element("attack-attacker"), [(NOBODY, "(choose)")] + names, ui.attacker or NOBODY)
        fill_select(element("attack-target"), [(NOBODY, "(choose)")] + names, ui.target or NOBODY)
        fill_select(element("stats-name"), names)
        self.show_stats()
        self.show_attack()
        self.show_round()

    def show_settings(self, encounter):
        """The board settings and option switches as the encounter has them."""
        grid = encounter.grid
        choice = "square" if grid.kind == "square" else f"hex-{grid.orientation}"
        for radio in document.querySelectorAll("#grid-kind input[name=grid]"):
            radio.checked = radio.value == choice
        element("board-width").value = str(grid.width)
        element("board-height").value = str(grid.height)
        element("ruleset").value = encounter.ruleset.name
        walls = grid.kind == "square"
        element("tool-wall-label").hidden = not walls
        element("wall-kind-label").hidden = not walls
        if not walls and self.board.ui.tool == "wall":
            self.board.set_tool("select")
        for name, (info, control, holder) in self.option_inputs.items():
            value = getattr(encounter.options, name)
            if info.is_number:
                control.value = str(value)
            else:
                control.checked = value
                off = info.requires is not None and not getattr(encounter.options, info.requires)
                holder.className = "off" if off else ""

    def show_selected(self, name):
        """Show the stats of the creature called ``name`` (the board's selection) in the editor,
        unless unsaved changes hold it to another creature (it then says so)."""
        if name is None or name == self.stats_draft.subject:
            return
        if self.stats_draft.dirty(self.stats_values()):
            subject = self.stats_draft.subject
            self.board.say(f"The combat stats editor keeps your unsaved changes to {subject}: "
                           f"save or discard them to see {name}'s.")
            return
        self.stats_draft = Draft(name)
        self.show_stats()

    def choose_stats(self, name):
        """The player picked ``name`` in the editor's list: show its stats, unless unsaved
        changes to another creature would be lost (the list then stays, saying why)."""
        subject = self.stats_draft.subject
        if name != subject and self.stats_draft.dirty(self.stats_values()):
            element("stats-name").value = subject
            self.board.say(f"Save or discard the unsaved changes to {subject}'s combat stats first.", error=True)
            return
        self.stats_draft = Draft(name)
        self.show_stats()

    def save_stats(self):
        """Save the fields the player changed to the creature the editor shows."""
        name = self.stats_draft.subject
        changes = self.stats_draft.changes(self.stats_values())
        if name is None:
            return
        if not changes:
            self.board.say(f"{name}'s combat stats have no unsaved changes.")
            return
        draft, self.stats_draft = self.stats_draft, Draft(name)
        if not self.board.save_stats(name, changes):
            self.stats_draft = draft
        self.mark_stats()

    def discard_stats(self):
        """Drop the editor's unsaved changes and show the selection's stats (or the same)."""
        self.stats_draft = Draft(self.board.ui.selected or self.stats_draft.subject)
        self.show_stats()

    def mark_stats(self):
        """Show whether the editor holds unsaved changes."""
        dirty = self.stats_draft.dirty(self.stats_values())
        element("stats-discard").hidden = not dirty
        element("stats-unsaved").hidden = not dirty

    def stats_values(self):
        """The editor's values by field name."""
        return {
            name: control.checked if field.kind == "switch" else control.value
            for name, (field, control) in self.stats_inputs.items()
        }

    def show_stats(self):
        """Fill the editor from its creature's stats as they are now, keeping the fields the
        player changed and has not saved; a creature no longer on the board gives way to the
        selection (or the first creature)."""
        encounter = self.board.encounter
        names = encounter.names()
        draft = self.stats_draft
        current = self.stats_values()
        if draft.subject not in names:
            if draft.subject is not None and draft.dirty(current):
                self.board.say(f"{draft.subject} is no longer on the board: the unsaved combat stats are dropped.")
            fallback = self.board.ui.selected if self.board.ui.selected in names else (names[0] if names else None)
            draft = self.stats_draft = Draft(fallback)
        name = draft.subject
        element("stats-name").value = name or ""
        if name is None:
            self.mark_stats()
            return
        fresh = table.stats_form_values(encounter.stats_of(name))
        values = draft.refill(fresh, current) if draft.shown else draft.start(name, fresh)
        for field_name, (field, control) in self.stats_inputs.items():
            if field.kind == "switch":
                control.checked = values[field_name]
            else:
                control.value = values[field_name]
        self.mark_stats()

    def attack_choice(self):
        """``(attacker, target, kind, maneuver)`` as the panel has them."""
        ui = self.board.ui
        return ui.attacker, ui.target, element("attack-kind").value, element("attack-maneuver").value

    def show_attack(self):
        """The attack panel's lines for the choice: restrictions, each section's lines, the
        totals; or what is missing."""
        box = element("attack-lines")
        box.replaceChildren()
        element("attack-face").hidden = True
        attacker, target, kind, maneuver = self.attack_choice()
        encounter = self.board.encounter
        element("attack-stance").disabled = attacker is None
        if attacker is not None:
            element("attack-stance").value = encounter.stats_of(attacker).stance.value
        if attacker is None or target is None:
            box.appendChild(make("p", "Choose an attacker and a target (the Attack tool: click one, then the other)."))
            element("attack-roll").disabled = True
            return
        try:
            panel = table.panel_for(encounter, attacker, target, kind, maneuver)
        except RulesError as error:
            box.appendChild(make("p", str(error), "refused"))
            element("attack-roll").disabled = True
            return
        title = f"{panel.attacker}: {panel.kind.value.label} on {panel.target}"
        box.appendChild(make("h4", title + ("" if panel.allowed else " (not allowed)")))
        for heading, lines in panel.sections():
            box.appendChild(make("h4", heading))
            listing = make("ul")
            for item in lines:
                entry = make("li", item.text(), None if panel.allowed else "refused")
                entry.title = item.rule
                listing.appendChild(entry)
            box.appendChild(listing)
        if panel.totals_text():
            box.appendChild(make("p", panel.totals_text(), "totals"))
        elif panel.why_no_roll():
            box.appendChild(make("p", panel.why_no_roll(), "totals"))
        element("attack-roll").disabled = panel.roll is None
        element("attack-face").hidden = panel.turn_first is None

    def show_roll(self, view):
        """A roll's result: every die, hit or miss, critical hit or miss, the effects offered."""
        box = element("roll-result")
        box.replaceChildren()
        box.appendChild(make("h4", "Roll"))
        hit = view.result.is_hit
        for number, line in enumerate(table.roll_lines(view)):
            box.appendChild(make("p", line, ("hit" if hit else "miss") if number == 0 else None))
        effects = element("roll-effects")
        effects.replaceChildren()
        for index, text in enumerate(view.effect_texts):
            entry = make("li")
            button = make("button", "Choose")
            button.type = "button"
            on(button, "click", lambda _event, index=index: self.board.choose_effect(view, index))
            entry.append(button, " " + text)
            effects.appendChild(entry)

    def clear_roll(self):
        """Forget the last roll's result."""
        element("roll-result").replaceChildren()
        element("roll-effects").replaceChildren()

    def show_round(self):
        """The round tracker: its heading, the initiative choice, each creature's row (its rank,
        declared action, strike speed and its parts, facing allowance), and the log."""
        encounter = self.board.encounter
        state = encounter.round_state()
        sides = table.sides(encounter)
        winner = state.initiative_winner
        fill_select(element("round-winner"), [("", "(tie)")] + [(side, side) for side in sides],
                    winner if winner in sides else "")
        rows = element("round-rows")
        rows.replaceChildren()
        try:
            title, tracked = table.tracker(encounter)
        except RulesError as error:
            element("round-title").textContent = str(error)
            return
        element("round-title").textContent = title
        for row in tracked:
            entry = make("li", cls="current" if row.current else None)
            speed = "" if row.strike_speed is None else f": strike speed {row.strike_speed}"
            entry.appendChild(make("span", f"{row.rank}. {row.name} ({row.side}){speed}", "who"))
            action = make("select")
            action.setAttribute("aria-label", f"{row.name}'s action")
            fill_select(action, table.ACTIONS, row.action)
            on(action, "change", lambda event, name=row.name: self.board.declare(name, event.target.value))
            entry.appendChild(action)
            entry.appendChild(make("span", row.parts, "parts"))
            allowance = make("span", f"Facing: {row.facing}", "allowance")
            allowance.title = row.facing_rule
            entry.appendChild(allowance)
            entry.dataset.name = row.name
            rows.appendChild(entry)
        element("round-log").textContent = "\n".join(state.log)

    def copy_log(self):
        """Copy the round's log to the clipboard (or show it to copy by hand)."""
        text = "\n".join(self.board.encounter.round_state().log)
        try:
            js.navigator.clipboard.writeText(text)
            self.board.say("Log copied.")
        except Exception:  # noqa: BLE001  (no clipboard: the log stays selectable on the page)
            self.board.say("Select the log's text to copy it.")


def seeded_random():
    """A ``random.Random`` seeded from the page's ``Math.random``."""
    return random.Random(int(js.Math.random() * 2**53))


def wire_table(board):
    """Build the table panels for ``board``, show the encounter in them, and mark the page."""
    board.table = Table(board)
    board.refresh_table()
    document.documentElement.dataset.table = "1"

