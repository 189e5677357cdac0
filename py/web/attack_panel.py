"""The attack panel: an attacker, a target, the kind of attack, a stance and a maneuver; the
itemised lines of every modifier with its reason, the totals, a roll and its special effects.

It reads the encounter through ``web.table`` (``panel_for``, ``rolled``, ``effect_chosen``,
``turned_first``), which asks ``rules``; every text goes in as text. A roll goes to the round's
log and is one undo step; a chosen Reposition or Shield Slam makes the target's next drag a
forced move (``web.gestures``).
"""

import random

import js

from rules.errors import RulesError
from web import table
from web.dom import element, fill_select, make, on

NOBODY = ""
"""The value of an attacker or target list when nobody is chosen."""


def seeded_random():
    """A ``random.Random`` seeded from the page's ``Math.random``."""
    return random.Random(int(js.Math.random() * 2**53))


class AttackPanel:
    """The attack panel of one board."""

    def __init__(self, board):
        self.board = board
        fill_select(element("attack-kind"), table.ATTACK_KINDS, "melee")
        fill_select(element("attack-stance"), table.STANCES)
        for id_ in ("attack-attacker", "attack-target"):
            on(element(id_), "change", lambda _event: board.choose_attack(
                element("attack-attacker").value or None, element("attack-target").value or None))
        on(element("attack-kind"), "change", lambda _event: self.render())
        on(element("attack-maneuver"), "change", lambda _event: self.render())
        on(element("attack-stance"), "change", lambda event: self.set_stance(event.target.value))
        on(element("attack-roll"), "click", lambda _event: self.roll())
        on(element("attack-face"), "click", lambda _event: self.face_target())
        on(element("roll-effects"), "click", self.on_effect_click)
        on(element("dropped-list"), "click", self.on_pick_up)
        self.roll_view = None
        self.rolled_into = None

    def choice(self):
        """``(attacker, target, kind, maneuver)`` as the panel has them."""
        ui = self.board.ui
        return ui.attacker, ui.target, element("attack-kind").value, element("attack-maneuver").value

    def render(self):
        """The lists, and the lines for the choice: restrictions, each section's lines, the
        totals; or what is missing."""
        encounter, ui = self.board.encounter, self.board.ui
        self.show_dropped()
        names = [(name, name) for name in encounter.names()]
        fill_select(element("attack-attacker"), [(NOBODY, "(choose)")] + names, ui.attacker or NOBODY)
        fill_select(element("attack-target"), [(NOBODY, "(choose)")] + names, ui.target or NOBODY)
        box = element("attack-lines")
        box.replaceChildren()
        element("attack-face").hidden = True
        attacker, target, kind, maneuver = self.choice()
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

    def set_stance(self, stance):
        """Put the attacker in ``stance`` (a stance's value) for the round."""
        board = self.board
        name = board.ui.attacker
        if name is None:
            return
        from dataclasses import replace

        try:
            stats = replace(board.encounter.stats_of(name), stance=stance)
            board.commit(board.encounter.with_stats(name, stats), f"{name} takes {stats.stance.value} stance.")
        except RulesError as error:
            board.say(str(error), error=True)
            self.render()

    def roll(self):
        """Roll the attack: its result in the panel and the round's log."""
        board = self.board
        attacker, target, kind, maneuver = self.choice()
        if attacker is None or target is None:
            board.say("Choose an attacker and a target first.", error=True)
            return
        lost = table.attack_lost(board.encounter, attacker)
        if lost is not None:
            board.commit(*lost)
            self.clear_roll()
            return
        try:
            encounter, view = table.rolled(board.encounter, attacker, target, kind, maneuver, seeded_random())
        except RulesError as error:
            board.say(str(error), error=True)
            return
        board.commit(encounter, table.roll_message(encounter, view))
        self.show_roll(view)
        self.rolled_into = board.encounter

    def show_roll(self, view):
        """A roll's result: every die, hit or miss, critical hit or miss, the effects offered."""
        self.roll_view = view
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
            button.dataset.index = str(index)
            button.setAttribute("aria-label", f"Choose: {text}")
            entry.append(button, " " + text)
            effects.appendChild(entry)

    def on_effect_click(self, event):
        """A Choose button of the roll's effects: impose that effect, logged."""
        button = event.target.closest("button")
        if not button or self.roll_view is None:
            return
        board = self.board
        view, index = self.roll_view, int(button.dataset.index)
        if board.encounter is not self.rolled_into:
            board.say("That roll's effects are gone: one effect is chosen right after its roll, and the board has "
                      "changed since (an effect chosen, Undo, or another change).", error=True)
            self.clear_roll()
            return
        encounter, message = table.effect_chosen(board.encounter, view, index, seeded_random())
        board.commit(encounter, message)
        for other in element("roll-effects").querySelectorAll("button"):
            other.disabled = True
            if other.getAttribute("data-index") == str(index):
                other.textContent = "Chosen"
        forced = table.forced_by(view, index)
        if forced is not None:
            board.gestures.force(forced["name"], forced["feet"], forced["away"], forced["effect"], message)

    def show_dropped(self):
        """The weapons and shields lying on the board, each with a Pick up button."""
        from rules.terrain import cell_text

        listing = element("dropped-list")
        listing.replaceChildren()
        for index, item in enumerate(self.board.encounter.dropped):
            entry = make("li")
            button = make("button", "Pick up")
            button.type = "button"
            button.dataset.index = str(index)
            button.setAttribute("aria-label", f"Pick up {item.text()}")
            entry.append(f"{item.text()} lies at {cell_text(item.cell)} (W on the board) ", button)
            listing.appendChild(entry)

    def on_pick_up(self, event):
        """A Pick up button: the item leaves the board (one undo step)."""
        button = event.target.closest("button")
        if not button:
            return
        board = self.board
        index = int(button.getAttribute("data-index"))
        item = board.encounter.dropped[index]
        board.commit(board.encounter.without_dropped(index), f"{item.text()} is picked up.")

    def clear_roll(self):
        """Forget the last roll's result."""
        self.roll_view = self.rolled_into = None
        element("roll-result").replaceChildren()
        element("roll-effects").replaceChildren()

    def face_target(self):
        """Turn the attacker to the facing the rules require before its attack."""
        board = self.board
        attacker, target, kind, maneuver = self.choice()
        try:
            encounter = table.turned_first(board.encounter, attacker, target, kind, maneuver)
        except RulesError as error:
            board.say(str(error), error=True)
            return
        board.commit(encounter, f"{attacker} faces {encounter.creature(attacker).facing_name(encounter.grid)}.")
