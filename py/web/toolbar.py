"""The toolbar, the drawer's tabs, the More menu, the legend and the keyboard shortcuts.

The toolbar holds the board tools (Select, Terrain, Walls, Attack: one pressed at a time), the
Free placement switch, what a drag is (move, double move, run...), Undo, Redo, Copy link, Fit
board, zoom, the More menu and the Panels switch. The drawer's tabs (Token, Attack, Round, Map,
Encounter, Rules) follow the ARIA tabs pattern: arrow keys move between them. Below 700 px wide
the drawer is a bottom sheet whose handle folds it away. The legend says what each colour,
label, ring and mark of the overlays means, and shows with them until the player hides it.
"""

from dataclasses import replace

from rules.movement import Mode, mode_name
from rules.zones import zone_name
from web.dom import document, element, fill_select, make, on
from web.scene import BAND_COLOURS, MARK_STYLES, PATH_COLOUR, PROVOKES, REACH_COLOUR, ZONE_COLOURS, zone_label

MODES = (Mode.MOVE, Mode.DOUBLE, Mode.RUN, Mode.CHARGE, Mode.FIVE_FOOT_STEP, Mode.MINIMUM)
"""The kinds of move a drag can be, in the toolbar's order."""

TABS = ("token", "attack", "round", "map", "encounter", "rules")
"""The drawer's tabs, in order."""


class Toolbar:
    """The toolbar, drawer, menu, legend and shortcuts of one board."""

    def __init__(self, board):
        self.board = board
        fill_select(element("move-mode"), [(mode.value, mode_name(mode).capitalize()) for mode in MODES], board.ui.mode)
        for button in document.querySelectorAll("#toolbar .tool"):
            on(button, "click", lambda event: board.set_tool(event.currentTarget.dataset.tool))
        on(element("free-placement"), "click", lambda _event: board.set_free(not board.ui.free))
        on(element("move-mode"), "change", lambda event: board.set_ui(mode=event.target.value))
        on(element("undo"), "click", lambda _event: board.undo())
        on(element("redo"), "click", lambda _event: board.redo())
        on(element("fit-board"), "click", lambda _event: board.fit())
        on(element("zoom-in"), "click", lambda _event: board.zoom_by(1.25))
        on(element("zoom-out"), "click", lambda _event: board.zoom_by(0.8))
        on(element("menu-button"), "click", lambda _event: self.toggle_menu())
        on(element("more-menu"), "click", lambda _event: self.close_menu())
        on(element("more-menu"), "keydown", self.on_menu_key, passive=False)
        on(element("menu-centre"), "click", lambda _event: board.centre_on_selection())
        on(element("menu-legend"), "click", lambda _event: board.set_ui(legend=True))
        on(element("menu-shortcuts"), "click", lambda _event: self.toggle_shortcuts())
        on(element("import-button"), "click", lambda _event: element("import-json").click())
        on(element("shortcuts-close"), "click", lambda _event: self.toggle_shortcuts(False))
        on(element("drawer-toggle"), "click", lambda _event: self.toggle_drawer())
        on(element("sheet-handle"), "click", lambda _event: self.toggle_drawer())
        for name in TABS:
            on(element(f"tab-{name}"), "click", lambda event: self.show_tab(event.currentTarget.id[4:]))
            on(element(f"tab-{name}"), "keydown", self.on_tab_key, passive=False)
        on(document, "pointerdown", self.on_page_pointer)
        on(element("legend"), "click", lambda event: event.target.closest("button") and board.set_ui(legend=False))
        self.legend_entries = None
        self.shown = None
        if document.documentElement.clientWidth <= 700:
            self.toggle_drawer(False)
            board.ui = replace(board.ui, legend=False)

    def render(self):
        """Show the board's state in the toolbar: the tool and free placement pressed, the kind
        of move, Undo and Redo enabled exactly when there is something to undo or redo.

        Nothing it shows changes while a creature is dragged or turned (the history takes the
        gesture once, at its end): the same selection, switches and history skip the page."""
        ui = self.board.ui
        shown = (ui, self.board.encounter.ruleset, self.board.history)
        if self.shown is not None and shown[:2] == self.shown[:2] and shown[2] is self.shown[2]:
            return
        self.shown = shown
        for button in document.querySelectorAll("#toolbar .tool"):
            button.setAttribute("aria-pressed", "true" if button.dataset.tool == ui.tool else "false")
        element("free-placement").setAttribute("aria-pressed", "true" if ui.free else "false")
        element("move-mode").value = ui.mode
        history = self.board.history
        for id_, able, steps, key in (("undo", history.can_undo(), history.past, "Ctrl+Z"),
                                      ("redo", history.can_redo(), history.future, "Ctrl+Y")):
            button = element(id_)
            button.disabled = not able
            word = id_.capitalize()
            button.title = f"{word}: {steps[-1][1]} ({key})" if able else f"Nothing to {id_} ({key})"
        self.render_legend()

    # The drawer.
    def show_tab(self, name, focus=False):
        """Show the drawer's tab ``name`` (opening the drawer if it is folded)."""
        for other in TABS:
            tab = element(f"tab-{other}")
            chosen = other == name
            tab.setAttribute("aria-selected", "true" if chosen else "false")
            tab.tabIndex = 0 if chosen else -1
            element(f"panel-{other}").hidden = not chosen
        self.toggle_drawer(True)
        if focus:
            element(f"tab-{name}").focus()

    def on_tab_key(self, event):
        """Arrow keys, Home and End move between the tabs."""
        current = TABS.index(event.currentTarget.id[4:])
        moves = {"ArrowRight": current + 1, "ArrowLeft": current - 1, "Home": 0, "End": len(TABS) - 1}
        if event.key in moves:
            self.show_tab(TABS[moves[event.key] % len(TABS)], focus=True)
            event.preventDefault()

    def toggle_drawer(self, open_=None):
        """Open or fold the drawer (the bottom sheet on a narrow screen); the board keeps the room."""
        app = element("app")
        open_ = app.classList.contains("drawer-closed") if open_ is None else open_
        app.classList.toggle("drawer-closed", not open_)
        for id_ in ("drawer-toggle", "sheet-handle"):
            element(id_).setAttribute("aria-expanded", "true" if open_ else "false")
        self.board.canvas.resize()

    # The More menu and the shortcuts.
    def toggle_menu(self):
        """Open or close the More menu, below its button."""
        menu = element("more-menu")
        if not menu.hidden:
            self.close_menu()
            return
        box = element("menu-button").getBoundingClientRect()
        menu.hidden = False
        width = menu.offsetWidth
        left = min(box.right - width, document.documentElement.clientWidth - width - 4)
        menu.style.left = f"{max(4, left):.0f}px"
        menu.style.top = f"{box.bottom + 4:.0f}px"
        element("menu-button").setAttribute("aria-expanded", "true")
        menu.querySelector("button").focus()

    def close_menu(self):
        """Close the More menu; whether it was open."""
        menu = element("more-menu")
        if menu.hidden:
            return False
        menu.hidden = True
        element("menu-button").setAttribute("aria-expanded", "false")
        return True

    def on_menu_key(self, event):
        """In the More menu, the arrow keys go through its items; Escape closes it."""
        items = list(element("more-menu").querySelectorAll("button"))
        current = next((index for index, item in enumerate(items) if item == event.target), 0)
        if event.key in ("ArrowDown", "ArrowUp"):
            items[(current + (1 if event.key == "ArrowDown" else -1)) % len(items)].focus()
            event.preventDefault()
        elif event.key == "Escape":
            self.close_menu()
            element("menu-button").focus()
            event.preventDefault()
            event.stopPropagation()

    def on_page_pointer(self, event):
        """A press outside the More menu and its button closes it."""
        if not element("more-menu").hidden and not event.target.closest(".menu-holder"):
            self.close_menu()

    def toggle_shortcuts(self, show=None):
        """Show or hide the keyboard shortcuts."""
        box = element("shortcuts")
        show = box.hidden if show is None else show
        box.hidden = not show
        if show:
            element("shortcuts-close").focus()
        else:
            self.board.canvas.top_canvas.focus()

    def close_popups(self):
        """Close the More menu and the shortcuts; whether either was open."""
        closed = self.close_menu()
        if not element("shortcuts").hidden:
            self.toggle_shortcuts(False)
            closed = True
        return closed

    # The legend.
    def render_legend(self):
        """Say what the overlays on the board mean, while they show and the legend is wanted."""
        board = self.board
        ui = board.ui
        legend = element("legend")
        arcs = ui.arcs == "all" or (ui.selected is not None and ui.shows_arcs_of(ui.selected))
        shown = ui.legend and (arcs or (ui.selected is not None and (ui.reach or ui.bands)) or bool(ui.marks))
        if not shown:
            legend.hidden = True
            self.legend_entries = None
            return
        ruleset = board.encounter.ruleset
        entries = []
        if arcs:
            for zone, colour in ZONE_COLOURS.items():
                entries.append((colour, zone_label(zone, ruleset), f"{zone_name(zone, ruleset).capitalize()} (labelled {zone_label(zone, ruleset)})"))
        if ui.selected is not None and ui.reach:
            entries.append((REACH_COLOUR, "", "Threatened: a ring inside the cell"))
        if ui.selected is not None and ui.bands:
            for label, colour, _ in BAND_COLOURS:
                entries.append((colour, "", f"Reached with a {label}"))
        entries.append((PATH_COLOUR, "1", "While dragging: the squares each step costs (diagonals 1, 2, 1...)"))
        entries.append((PROVOKES, "!", "While dragging: this step provokes (who is named beside it)"))
        for mark, (colour, _, letter) in MARK_STYLES.items():
            meaning = {"group": "Selected with others", "turn": "Its turn", "attacker": "Attacker",
                       "target": "Target"}[mark]
            if any(kind == mark for _, kind in ui.marks):
                entries.append((colour, letter or "", f"Ring: {meaning.lower()}"))
        if entries == self.legend_entries:
            return
        self.legend_entries = entries
        legend.replaceChildren()
        head = make("div", None, "legend-head")
        head.appendChild(make("span", "Legend"))
        hide = make("button", "\u00d7")
        hide.type = "button"
        hide.setAttribute("aria-label", "Hide the legend")
        head.appendChild(hide)
        legend.appendChild(head)
        listing = make("ul")
        for colour, letter, text in entries:
            item = make("li")
            swatch = make("span", letter, "swatch")
            swatch.style.background = colour
            swatch.style.color = "#ffffff" if letter else colour
            item.append(swatch, text)
            listing.appendChild(item)
        legend.appendChild(listing)
        legend.hidden = False
