"""The Token tab: the token form (add a new token, or edit one, always showing the creature
as it is now) and the list of every creature on the board.

The form edits one creature, its subject (``web.forms.Draft``): the selected token, or a new
one. ``render`` shows the encounter after every change, whatever made it (the rotate handle,
a key, a twist, a drag, undo, a link): fields the player has not touched show the creature's
values now, fields they typed in keep their text. Saving applies only the fields the player
changed (``web.tokens.changed``), so it never puts back a facing the handle has since turned.
While the form holds unsaved changes it keeps its creature, even as the selection moves on;
*Discard changes* lets it follow the selection again. Enter saves the edit (or adds the new
token), as the form's main button does.

The lists (sizes, sides, faceless presets, facings) come from ``rules`` so the form offers
exactly what the engine knows. The creature list selects a creature and brings it into view;
Shift-click selects several.
"""

from rules.creature import FACELESS_PRESETS
from rules.errors import RulesError
from rules.sizes import Size, facing_names, has_lead, is_tiny_or_smaller, size_name
from web import tokens
from web.dom import element, fill_select, make, on
from web.forms import Draft
from web.scene import SIDE_COLOURS

IDS = {
    "name": "token-name",
    "size": "token-size",
    "side": "token-side",
    "kind": "token-kind",
    "facing": "token-facing",
    "level": "token-level",
    "rogue": "token-rogue",
}
"""The control of each of the form's fields (``web.tokens.FIELDS``)."""


class TokenPanel:
    """The token form of one board: ``render`` shows it, its buttons call the board."""

    def __init__(self, board):
        self.board = board
        self.draft = Draft()
        self.facing_options = self.subject_shown = self.dirty_shown = None
        self.controls = {field: element(id_) for field, id_ in IDS.items()}
        self.panel, self.app = element("panel-token"), element("app")
        fill_select(element("token-size"), [(size.name, size_name(size)) for size in Size], "MEDIUM")
        fill_select(element("token-side"), [(side, side.capitalize()) for side in SIDE_COLOURS], "friend")
        kinds = [("ordinary", "Ordinary (has a facing)"), ("faceless", "Faceless")]
        kinds += [(f"preset:{name}", f"Faceless: {name}") for name in FACELESS_PRESETS]
        fill_select(element("token-kind"), kinds, "ordinary")
        self.show(None, tokens.NEW_TOKEN)
        on(element("token-form"), "submit", self.on_submit, passive=False)
        on(element("token-save"), "click", lambda _event: self.save())
        on(element("token-delete"), "click", lambda _event: self.delete())
        on(element("token-new"), "click", lambda _event: self.new_token())
        on(element("token-discard"), "click", lambda _event: self.discard())
        on(element("token-size"), "change", lambda _event: self.refresh_facings())
        on(element("token-kind"), "change", self.on_kind)
        on(element("token-form"), "input", lambda _event: self.mark())
        on(element("token-form"), "change", lambda _event: self.mark())
        on(element("token-list"), "click", self.on_list_click)
        self.list_key = None

    # Reading and writing the controls.
    def values(self) -> dict:
        """The form's values now, by field."""
        controls = self.controls
        values = {field: controls[field].value for field in IDS}
        if controls["facing"].disabled:
            values["facing"] = ""
        return values

    def show(self, subject, values, current=None):
        """Put ``values`` in the controls, editing ``subject`` (a name, or ``None``: new).

        ``current`` is what the controls hold now, if known: a control already holding its
        value is left alone (a turn changes only the facing)."""
        for field, control in self.controls.items():
            if field != "facing" and (current is None or current[field] != values[field]):
                control.value = values[field]
        self.refresh_facings(values["facing"])
        editing = subject is not None
        if current is None or self.subject_shown != subject:
            self.subject_shown = subject
            element("token-legend").textContent = f"Edit {subject}" if editing else "New token"
            for id_, hidden in (("token-add", editing), ("token-save", not editing),
                                ("token-delete", not editing), ("token-new", not editing)):
                element(id_).hidden = hidden
        self.mark()

    def refresh_facings(self, keep=None):
        """Offer the facings the chosen size and kind have on the board, or none."""
        controls = self.controls
        size = Size[controls["size"].value]
        grid = self.board.encounter.grid
        select = controls["facing"]
        current = keep if keep is not None else select.value
        if controls["kind"].value != "ordinary" or is_tiny_or_smaller(size):
            self.facing_options = None
            fill_select(select, [("", "none (no front or rear)")])
            select.disabled = True
            return
        if self.facing_options is None:
            select.disabled = False
        names = facing_names(size, grid)
        options = [(str(i), name) for i, name in enumerate(names)]
        lead = has_lead(size, grid)
        if (options, lead) != self.facing_options:
            self.facing_options = (options, lead)
            fill_select(select, options)
            select.title = "faces a hex corner" if lead else ""
        select.value = current if current in [str(i) for i in range(len(names))] else "0"

    def on_kind(self, _event=None):
        """A faceless preset fills in a name if there is none yet, then facings refresh."""
        kind = element("token-kind").value
        name = element("token-name")
        if kind.startswith("preset:") and not name.value.strip():
            name.value = kind.split(":", 1)[1].capitalize()
        self.refresh_facings()

    def mark(self):
        """Show whether the form holds unsaved changes (its legend and the Discard button)."""
        dirty = self.draft.dirty(self.values())
        if dirty == self.dirty_shown:
            return
        self.dirty_shown = dirty
        element("token-discard").hidden = not dirty
        element("token-form").classList.toggle("unsaved", dirty)
        element("token-unsaved").hidden = not dirty

    # Showing the encounter.
    def in_view(self) -> bool:
        """Whether the form can be seen: its tab chosen and the drawer open."""
        return not self.panel.hidden and not self.app.classList.contains("drawer-closed")

    def render(self):
        """Show the encounter as it is now: the form and the creature list."""
        self.render_form()
        self.render_list()

    def render_list(self):
        """Every creature, in drawing order: its side's colour, its name and side, pressed if
        selected (redrawn only when one of those changes)."""
        board = self.board
        rows = tuple((creature.name, creature.side) for creature in board.encounter.creatures)
        key = (rows, board.ui.chosen)
        if key == self.list_key:
            return
        self.list_key = key
        listing = element("token-list")
        listing.replaceChildren()
        for name, side in rows:
            item = make("li")
            button = make("button")
            button.type = "button"
            button.dataset.name = name
            button.setAttribute("aria-pressed", "true" if name in board.ui.chosen else "false")
            dot = make("span", None, "dot")
            dot.style.background = SIDE_COLOURS.get(side, SIDE_COLOURS["neutral"])
            button.append(dot, make("span", name, "name"), make("span", side, "side"))
            item.appendChild(button)
            listing.appendChild(item)

    def on_list_click(self, event):
        """A row of the list: select that creature and show it (Shift: add it to, or take it
        out of, the selection)."""
        button = event.target.closest("button")
        if not button:
            return
        name = button.dataset.name
        if event.shiftKey:
            self.board.toggle_chosen(name)
        else:
            self.board.select(name)
            self.board.centre_on_selection()

    def render_form(self):
        """The form: the subject's values in every untouched field; the selection, unless
        unsaved changes hold the form to its subject."""
        board = self.board
        encounter, selected = board.encounter, board.ui.selected
        current = self.values()
        subject = self.draft.subject
        dirty = self.draft.dirty(current)
        if subject is not None and subject.casefold() not in {name.casefold() for name in encounter.names()}:
            if dirty:
                board.say(f"{subject} is no longer on the board: the token form's unsaved changes are dropped.")
            subject, dirty = None, False
            self.draft = Draft()
        if dirty:
            if subject is not None:
                shown = self.draft.refill(tokens.values_of(encounter.creature(subject)), current)
                if shown != current:
                    self.show(subject, shown)
            return
        if selected is None:
            if subject is not None or not self.draft.shown:
                self.show(None, self.draft.start(None, tokens.NEW_TOKEN))
            return
        values = tokens.values_of(encounter.creature(selected))
        if subject == selected and values == self.draft.shown:
            return
        self.show(selected, self.draft.start(selected, values), current)

    def follows(self, name) -> bool:
        """Whether the form will show the creature ``name`` when selected: ``False`` while
        unsaved changes hold it to another (the board then says so)."""
        return not self.draft.dirty(self.values()) or self.draft.subject == name

    # Actions.
    def on_submit(self, event):
        """Enter in the form, or its main button: save the edit, or add the new token."""
        event.preventDefault()
        if self.draft.subject is not None:
            self.save()
        else:
            self.add()

    def add(self):
        """Add the form's token to the board (it is then selected, and the form edits it); if
        the board refuses it, the form keeps what was typed."""
        draft, self.draft = self.draft, Draft()
        name = self.board.add_token(self.values())
        if name is None:
            self.draft = draft
        else:
            self.board.select(name)

    def save(self):
        """Save the fields the player changed to the creature the form edits."""
        name = self.draft.subject
        if name is None:
            return
        changes = self.draft.changes(self.values())
        if not changes:
            self.board.say(f"{name} has no unsaved changes.")
            return
        try:
            creature = self.board.encounter.creature(name)
            edited = tokens.changed(creature, changes, self.board.encounter.grid)
        except RulesError as error:
            self.board.say(str(error), error=True)
            return
        draft, self.draft = self.draft, Draft()
        if self.board.edit_token(name, edited):
            self.board.select(edited.name)
        else:
            self.draft = draft

    def delete(self):
        """Remove the creature the form edits."""
        name = self.draft.subject
        if name is not None:
            self.draft = Draft()
            self.board.remove_token(name)
            self.board.select(None)

    def new_token(self):
        """Start a new token (the selection is let go)."""
        self.draft = Draft()
        self.board.select(None)
        self.show(None, self.draft.start(None, tokens.NEW_TOKEN))
        element("token-name").focus()

    def discard(self):
        """Drop the unsaved changes; the form follows the selection again."""
        self.draft = Draft()
        self.render_form()
        self.mark()
