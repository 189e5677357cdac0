"""The round tracker: who won initiative (by sides), each creature's initiative (rolled for
all, or typed), each creature's declared action, the order of the
round (by strike speed, with its parts, or by initiative), whose turn it is, each creature's
facing allowance, and the round's log.

It reads the encounter through ``web.table`` (``tracker``, ``started``, ``stepped``) and
``rules.round``; every change is one undo step.
"""

import js

from rules.errors import RulesError
from web import table
from web.attack_panel import seeded_random
from web.dom import element, fill_select, make, on


class RoundPanel:
    """The round tracker of one board."""

    def __init__(self, board):
        self.board = board
        on(element("round-winner"), "change", lambda event: self.set_initiative(event.target.value or None))
        on(element("round-next"), "click", lambda _event: self.step_turn(True))
        on(element("round-prev"), "click", lambda _event: self.step_turn(False))
        on(element("round-copy"), "click", lambda _event: self.copy_log())
        on(element("round-roll-initiative"), "click", lambda _event: self.roll_initiative())
        on(element("round-rows"), "change", self.on_row_change)

    def render(self):
        """The tracker: its heading, the initiative choice, each creature's row (its rank,
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
            initiative = make("input", cls="initiative")
            initiative.type = "number"
            initiative.setAttribute("aria-label", f"{row.name}'s initiative")
            initiative.setAttribute("data-kind", "initiative")
            initiative.dataset.name = row.name
            initiative.value = row.initiative
            entry.appendChild(initiative)
            action = make("select")
            action.setAttribute("aria-label", f"{row.name}'s action")
            action.dataset.name = row.name
            fill_select(action, table.ACTIONS, row.action)
            entry.appendChild(action)
            entry.appendChild(make("span", row.parts, "parts"))
            allowance = make("span", f"Facing: {row.facing}", "allowance")
            allowance.title = row.facing_rule
            entry.appendChild(allowance)
            entry.dataset.name = row.name
            rows.appendChild(entry)
        element("round-log").textContent = "\n".join(state.log)

    def on_row_change(self, event):
        """A row's control changed: a typed initiative, or the action a creature declares."""
        if event.target.getAttribute("data-kind") == "initiative":
            self.type_initiative(event.target.getAttribute("data-name"), event.target.value)
        else:
            self.on_action_change(event)

    def roll_initiative(self):
        """Every creature rolls initiative (d20 plus its modifier); the rolls go to the log."""
        board = self.board
        if not board.encounter.creatures:
            board.say("Place creatures on the board first: nobody rolls initiative.", error=True)
            return
        try:
            encounter = table.initiative_rolled(board.encounter, seeded_random())
        except RulesError as error:
            board.say(str(error), error=True)
            return
        first = table.current_name(encounter)
        board.commit(encounter, f"Initiative rolled: {first} acts first." if first else "Initiative rolled.",
                     label="Roll initiative")

    def type_initiative(self, name, text):
        """The game master typed ``text`` as the initiative of the creature called ``name``."""
        board = self.board
        try:
            encounter = table.initiative_typed(board.encounter, name, text, seeded_random())
        except RulesError as error:
            board.say(str(error), error=True)
            self.render()
            return
        typed = text.strip()
        board.commit(encounter, f"{name}: initiative {typed}." if typed else f"{name} has no initiative now.")

    def on_action_change(self, event):
        """A creature's action list changed: it declares that action for the round."""
        from rules.round import declare_action

        board = self.board
        name, action = event.target.dataset.name, event.target.value
        try:
            round_state = declare_action(board.encounter.round_state(), name, action)
        except RulesError as error:
            board.say(str(error), error=True)
            self.render()
            return
        board.commit(board.encounter.with_round(round_state), f"{name} declares {action}.")

    def set_initiative(self, side):
        """The side ``side`` (``None``: a tie) won this round's initiative."""
        board = self.board
        try:
            started = table.started(board.encounter, side)
        except RulesError as error:
            board.say(str(error), error=True)
            return
        board.commit(started, "Initiative tied." if side is None else f"{side} has initiative.")

    def step_turn(self, forward):
        """Go to the next (or previous) turn of the round."""
        board = self.board
        try:
            encounter = table.stepped(board.encounter, forward)
        except RulesError as error:
            board.say(str(error), error=True)
            return
        current = table.current_name(encounter)
        board.commit(encounter, f"Round {encounter.round_state().number}: {current}'s turn." if current else None,
                     label="Next turn" if forward else "Previous turn")

    def copy_log(self):
        """Copy the round's log to the clipboard (or say to copy it by hand)."""
        text = "\n".join(self.board.encounter.round_state().log)
        try:
            js.navigator.clipboard.writeText(text)
            self.board.say("Log copied.")
        except Exception:  # noqa: BLE001  (no clipboard: the log stays selectable on the page)
            self.board.say("Select the log's text to copy it.")
