"""The side panel: the token form and the facing switches, filled from the rules' own data.

The lists (sizes, sides, faceless presets, facings, rulesets) come from ``rules`` so the page
offers exactly what the engine knows. Reading the form builds a ``Creature``; its own checks
decide what is valid, and their message is what the player sees.
"""

from dataclasses import replace

import js

from rules.creature import FACELESS_PRESETS, Creature
from rules.movement import Mode, mode_name
from rules.sizes import Size, facing_names, has_lead, is_tiny_or_smaller, size_name
from rules.zones import RULESETS
from web.scene import SIDE_COLOURS

document = js.document


def element(id_):
    """The page element with this id."""
    return document.getElementById(id_)


def fill_select(select, options, value=None):
    """Replace a <select>'s options with ``(value, text)`` pairs, as text (never markup)."""
    select.replaceChildren()
    for option_value, text in options:
        option = document.createElement("option")
        option.value = option_value
        option.textContent = text
        select.appendChild(option)
    if value is not None:
        select.value = value


def whole(text, what, least):
    """The whole number typed in a field, or a ``CreatureError`` saying what is wrong."""
    from rules.creature import CreatureError

    try:
        value = int(text)
    except ValueError:
        raise CreatureError(f"{what} is a whole number, not {text!r}.") from None
    if value < least:
        raise CreatureError(f"{what} is at least {least}, not {value}.")
    return value


class Panel:
    """The token form and facing switches of one board."""

    def __init__(self, board):
        self.board = board
        fill_select(element("ruleset"), [(name, r.label) for name, r in RULESETS.items()])
        modes = (Mode.MOVE, Mode.DOUBLE, Mode.RUN, Mode.CHARGE, Mode.FIVE_FOOT_STEP, Mode.MINIMUM)
        fill_select(element("move-mode"), [(mode.value, mode_name(mode).capitalize()) for mode in modes])
        fill_select(element("token-size"), [(size.name, size_name(size)) for size in Size], "MEDIUM")
        fill_select(element("token-side"), [(side, side.capitalize()) for side in SIDE_COLOURS], "friend")
        kinds = [("ordinary", "Ordinary (has a facing)"), ("faceless", "Faceless")]
        kinds += [(f"preset:{name}", f"Faceless: {name}") for name in FACELESS_PRESETS]
        fill_select(element("token-kind"), kinds, "ordinary")
        self.refresh_facings()

    def refresh_facings(self, keep=None):
        """Offer the facings the chosen size and kind have on the board, or none."""
        size = Size[element("token-size").value]
        grid = self.board.encounter.grid
        select = element("token-facing")
        if self.is_faceless() or is_tiny_or_smaller(size):
            fill_select(select, [("", "none (no front or rear)")])
            select.disabled = True
            return
        select.disabled = False
        names = facing_names(size, grid)
        current = keep if keep is not None else select.value
        fill_select(select, [(str(i), name) for i, name in enumerate(names)])
        select.value = current if current in [str(i) for i in range(len(names))] else "0"
        element("token-facing").title = "faces a hex corner" if has_lead(size, grid) else ""

    def is_faceless(self):
        """Whether the kind chosen is faceless."""
        return element("token-kind").value != "ordinary"

    def on_kind(self, _event=None):
        """A faceless preset fills in a name if there is none yet, then facings refresh."""
        kind = element("token-kind").value
        name = element("token-name")
        if kind.startswith("preset:") and not name.value.strip():
            name.value = kind.split(":", 1)[1].capitalize()
        self.refresh_facings()

    def creature_from_form(self, anchor, base=None):
        """A creature from the form's fields, standing at ``anchor`` (other fields from ``base``)."""
        size = Size[element("token-size").value]
        facing_text = element("token-facing").value
        facing = int(facing_text) if facing_text and not element("token-facing").disabled else None
        fields = dict(
            level=whole(element("token-level").value, "A level", 1),
            rogue_level=whole(element("token-rogue").value, "Rogue levels", 0),
            name=element("token-name").value.strip(),
            size=size,
            anchor=anchor,
            facing=facing,
            faceless=self.is_faceless(),
            side=element("token-side").value,
        )
        if base is not None:
            return replace(base, **fields)
        return Creature(**fields)

    def show(self, creature):
        """Fill the form from ``creature`` (editing it), or clear it for a new token."""
        editing = creature is not None
        element("token-legend").textContent = f"Edit {creature.name}" if editing else "New token"
        for id_, hidden in (("token-add", editing), ("token-save", not editing),
                            ("token-delete", not editing), ("token-new", not editing)):
            element(id_).hidden = hidden
        if not editing:
            element("token-name").value = ""
            return
        element("token-name").value = creature.name
        element("token-level").value = str(creature.level)
        element("token-rogue").value = str(creature.rogue_level)
        element("token-size").value = creature.size.name
        element("token-side").value = creature.side if creature.side in SIDE_COLOURS else "neutral"
        element("token-kind").value = "faceless" if creature.faceless else "ordinary"
        self.refresh_facings(keep="" if creature.facing is None else str(creature.facing))

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


def show_saves(named, on_open, on_rename, on_delete):
    """List the named saves, each with Open, Rename and Delete buttons (names as text)."""
    from pyodide.ffi import create_proxy

    listing = element("saves")
    listing.replaceChildren()
    for name in reversed(list(named)):
        item = document.createElement("li")
        label = document.createElement("span")
        label.textContent = name
        item.appendChild(label)
        for text, action in (("Open", on_open), ("Rename", on_rename), ("Delete", on_delete)):
            button = document.createElement("button")
            button.type = "button"
            button.textContent = text
            button.setAttribute("aria-label", f"{text} {name}")
            button.addEventListener("click", create_proxy(lambda _event, action=action, name=name: action(name)))
            item.appendChild(button)
        listing.appendChild(item)
