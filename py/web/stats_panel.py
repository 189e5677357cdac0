"""The combat stats editor: one creature's attack bonus, Armor Class, damage, shield, stance
and class, in the Token tab.

Like the token form it keeps its creature and what the player typed (``web.forms.Draft``):
the fields show the stats as they are now, saving changes only the fields the player changed,
and unsaved changes hold the editor to its creature while the selection moves on (it says
so; *Discard changes* lets it follow the selection again). The controls come from
``web.table.STATS_FORM``; ``rules.combatant.CombatStats`` decides what is valid.
"""

from rules.errors import RulesError
from web import table
from web.dom import element, fill_select, make, on
from web.forms import Draft


class StatsPanel:
    """The combat stats editor of one board."""

    def __init__(self, board):
        self.board = board
        self.inputs = {}
        self.draft = Draft()
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
            self.inputs[field.name] = (field, control)
            holder.appendChild(label)
        on(element("stats-name"), "change", lambda _event: self.choose(element("stats-name").value))
        on(element("stats-save"), "click", lambda _event: self.save())
        on(element("stats-discard"), "click", lambda _event: self.discard())
        on(holder, "input", lambda _event: self.mark())
        on(holder, "change", lambda _event: self.mark())

    def values(self):
        """The editor's values by field name."""
        return {name: control.checked if field.kind == "switch" else control.value
                for name, (field, control) in self.inputs.items()}

    def render(self):
        """Fill the editor from its creature's stats as they are now, keeping the fields the
        player changed and has not saved; a creature no longer on the board gives way to the
        selection (or the first creature)."""
        encounter = self.board.encounter
        names = encounter.names()
        fill_select(element("stats-name"), [(name, name) for name in names])
        draft = self.draft
        current = self.values()
        if draft.subject not in names:
            if draft.subject is not None and draft.dirty(current):
                self.board.say(f"{draft.subject} is no longer on the board: the unsaved combat stats are dropped.")
            fallback = self.board.ui.selected if self.board.ui.selected in names else (names[0] if names else None)
            draft = self.draft = Draft(fallback)
        name = draft.subject
        element("stats-name").value = name or ""
        if name is None:
            self.mark()
            return
        fresh = table.stats_form_values(encounter.stats_of(name))
        values = draft.refill(fresh, current) if draft.shown else draft.start(name, fresh)
        for field_name, (field, control) in self.inputs.items():
            if field.kind == "switch":
                control.checked = values[field_name]
            else:
                control.value = values[field_name]
        self.mark()

    def follow(self, name):
        """The board selected ``name``: show its stats, unless unsaved changes hold the editor
        to another creature (it then says so)."""
        if name is None or name == self.draft.subject:
            return
        if self.draft.dirty(self.values()):
            self.board.say(f"The combat stats editor keeps your unsaved changes to {self.draft.subject}: "
                           f"save or discard them to see {name}'s.")
            return
        self.draft = Draft(name)
        self.render()

    def choose(self, name):
        """The player picked ``name`` in the editor's list: show its stats, unless unsaved
        changes to another creature would be lost (the list then stays, saying why)."""
        subject = self.draft.subject
        if name != subject and self.draft.dirty(self.values()):
            element("stats-name").value = subject
            self.board.say(f"Save or discard the unsaved changes to {subject}'s combat stats first.", error=True)
            return
        self.draft = Draft(name)
        self.render()

    def save(self):
        """Save the fields the player changed to the creature the editor shows."""
        name = self.draft.subject
        if name is None:
            return
        changes = self.draft.changes(self.values())
        if not changes:
            self.board.say(f"{name}'s combat stats have no unsaved changes.")
            return
        encounter = self.board.encounter
        try:
            stats = table.stats_from_form(changes, encounter.stats_of(name))
            saved = encounter.with_stats(name, stats)
        except RulesError as error:
            self.board.say(str(error), error=True)
            return
        self.draft = Draft(name)
        self.board.commit(saved, f"{name}'s combat stats saved.")
        self.mark()

    def discard(self):
        """Drop the editor's unsaved changes and show the selection's stats (or the same)."""
        self.draft = Draft(self.board.ui.selected or self.draft.subject)
        self.render()

    def mark(self):
        """Show whether the editor holds unsaved changes."""
        dirty = self.draft.dirty(self.values())
        element("stats-discard").hidden = not dirty
        element("stats-unsaved").hidden = not dirty
