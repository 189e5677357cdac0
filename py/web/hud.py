"""The selected creature's card over the board, and the menu of a creature or of the board.

The card (``#hud``) stays at the board's bottom-left corner whatever the layout, so it is never
off screen: the creature's name, size, side and facing, with Turn left / Turn right and the
quick actions (Duplicate, Delete, Edit, Attack with it). The menu (``#context-menu``) opens at
the pointer on a right-click or a long press: a creature's menu has the same actions; the
board's offers Add token here and Measure from here. Both call the board; neither decides a rule.
"""

from rules.sizes import size_name
from web.dom import element, fill_select, make, on

CREATURE_ACTIONS = (
    ("turn-left", "Turn left"),
    ("turn-right", "Turn right"),
    ("duplicate", "Duplicate"),
    ("delete", "Delete"),
    ("edit", "Edit"),
    ("attack", "Attack with it"),
    ("centre", "Centre on it"),
)
"""A creature's actions, in the menu's order (the card has all but Centre)."""

BOARD_ACTIONS = (("add-here", "Add token here"), ("measure-here", "Measure from here"))
"""The empty board's actions."""


class Hud:
    """The selected creature's card and the menu, of one board."""

    def __init__(self, board):
        self.board = board
        self.card = element("hud")
        self.menu = element("context-menu")
        self.menu_for = None
        self.shown = None
        self.texts = None
        self.turnable = None
        self.text_fields = ((element("hud-name"), "textContent"), (element("hud-facts"), "textContent"),
                            (element("hud-facing"), "textContent"), (element("hud-facing"), "title"))
        on(self.card, "click", self.on_card_click)
        on(element("hud-add-condition"), "change", self.on_add_condition)
        from web.fight import DURATION_CHOICES

        fill_select(element("hud-condition-time"), DURATION_CHOICES, "removed")
        on(element("hud-amount"), "keydown", self.on_amount_key, passive=False)
        on(self.menu, "click", self.on_menu_click)
        on(self.menu, "keydown", self.on_menu_key, passive=False)

    def in_view(self) -> bool:
        """The card is over the board: whenever it shows a creature, it can be seen."""
        return True

    def render(self):
        """Show the selected creature in the card, or hide it when nothing is selected."""
        board = self.board
        name = board.ui.selected
        if name is None:
            self.card.hidden = True
            self.shown = None
            return
        creature = board.encounter.creature(name)
        grid = board.encounter.grid
        encounter = board.encounter
        fight = (encounter.stats_of(name).max_hit_points, encounter.stats_of(name).hit_points,
                 encounter.conditions_of(name)) if (encounter.stats or encounter.conditions
                                                    or encounter.round is not None) else (0, 0, ())
        key = (creature, grid, board.ui.chosen, fight)
        if key == self.shown:
            return
        # A turn changes only the facing's words: the rest of the card is left as it is.
        before, self.shown = self.shown, key
        if before is None or before[3] != fight:
            self.render_fight(name, *fight)
        if before is None:
            self.card.hidden = False
        chosen = len(board.ui.chosen)
        more = f" (and {chosen - 1} more selected)" if chosen > 1 else ""
        facing = creature.facing_name(grid)
        texts = (creature.name, f"{size_name(creature.size)}, {creature.side}{more}", facing or "no facing",
                 "Faces " + facing if facing else "Faceless or Tiny: no front or rear")
        shown, self.texts = self.texts, texts
        for index, (node, field) in enumerate(self.text_fields):
            if shown is None or shown[index] != texts[index]:
                setattr(node, field, texts[index])
        if shown is None or self.turnable != (facing is not None):
            self.turnable = facing is not None
            for button in self.card.querySelectorAll("button[data-act^=turn]"):
                button.disabled = facing is None

    def render_fight(self, name, maximum, now, conditions):
        """The creature's hit points (with Damage and Heal when they are tracked) and its
        conditions, each a button that takes it off, on a second row shown only when there is
        either (the card keeps its size otherwise); the list of conditions to add."""
        from web.fight import condition_choices, hp_text

        element("hud-fight").hidden = not maximum and not conditions
        element("hud-hp").textContent = hp_text(maximum, now, conditions) if maximum else ""
        element("hud-hp-controls").hidden = not maximum
        chips = element("hud-conditions")
        chips.replaceChildren()
        for condition in conditions:
            chip = make("button", f"{condition} \u00d7")
            chip.type = "button"
            chip.dataset.condition = condition
            chip.setAttribute("aria-label", f"Remove {condition}")
            chips.appendChild(chip)
        fill_select(element("hud-add-condition"), condition_choices(conditions), "")

    def on_card_click(self, event):
        """A button of the card: its action on the selected creature, a condition taken off,
        or hit points taken or given."""
        button = event.target.closest("button")
        name = self.board.ui.selected
        if not button or name is None:
            return
        condition, fight, act = (button.getAttribute(f"data-{key}") for key in ("condition", "fight", "act"))
        if condition:
            self.board.remove_condition(name, condition)
        elif fight:
            self.board.hurt(name, element("hud-amount").value, heal=fight == "heal")
        elif act:
            self.board.act(act, name)

    def on_add_condition(self, event):
        """A condition chosen in the card's list goes on the selected creature."""
        value = event.target.value
        if value and self.board.ui.selected is not None:
            self.board.add_condition(self.board.ui.selected, value, element("hud-condition-time").value)

    def on_amount_key(self, event):
        """Enter in the hit points field deals the damage."""
        if event.key == "Enter" and self.board.ui.selected is not None:
            self.board.hurt(self.board.ui.selected, event.target.value)
            event.preventDefault()

    def open_menu(self, name, point, width, height):
        """Open the menu at ``point`` (CSS pixels on the board): a creature's (``name``) or the
        board's (``None``), kept inside a board ``width`` x ``height``."""
        self.menu.replaceChildren()
        self.menu_for = (name, point)
        title = make("p", name if name is not None else "Board", "menu-title")
        self.menu.appendChild(title)
        actions = CREATURE_ACTIONS if name is not None else BOARD_ACTIONS
        creature = self.board.encounter.creature(name) if name is not None else None
        for act, label in actions:
            button = make("button", label)
            button.type = "button"
            button.setAttribute("role", "menuitem")
            button.dataset.act = act
            if act.startswith("turn") and creature is not None and not creature.has_facing:
                button.disabled = True
            self.menu.appendChild(button)
        self.menu.hidden = False
        menu_width, menu_height = self.menu.offsetWidth, self.menu.offsetHeight
        left = min(max(4, point[0]), max(4, width - menu_width - 4))
        top = min(max(4, point[1]), max(4, height - menu_height - 4))
        self.menu.style.left = f"{left:.0f}px"
        self.menu.style.top = f"{top:.0f}px"
        first = self.menu.querySelector("button:not([disabled])")
        if first:
            first.focus()

    def close_menu(self):
        """Close the menu; whether it was open."""
        if self.menu.hidden:
            return False
        self.menu.hidden = True
        self.menu_for = None
        return True

    def on_menu_click(self, event):
        """A menu item: its action, then the menu closes."""
        button = event.target.closest("button")
        if not button or self.menu_for is None:
            return
        name, point = self.menu_for
        self.close_menu()
        if name is None:
            self.board.act(button.dataset.act, None, point)
        else:
            self.board.act(button.dataset.act, name)

    def on_menu_key(self, event):
        """Arrow keys go through the menu's items; Escape closes it."""
        items = [item for item in self.menu.querySelectorAll("button") if not item.disabled]
        if not items:
            return
        current = js_index(items, event.target)
        if event.key in ("ArrowDown", "ArrowUp"):
            step = 1 if event.key == "ArrowDown" else -1
            items[(current + step) % len(items)].focus()
            event.preventDefault()
        elif event.key == "Escape":
            self.close_menu()
            self.board.canvas.top_canvas.focus()
            event.preventDefault()
            event.stopPropagation()


def js_index(items, target):
    """The position of ``target`` among ``items`` (-1 if it is not one of them)."""
    for index, item in enumerate(items):
        if item == target:
            return index
    return -1
