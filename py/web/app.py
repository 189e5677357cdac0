"""The board on the page: the encounter, its history, the selection and the view, and the
router between the page's parts.

Each part of the page is a module with one job: ``web.canvas`` draws, ``web.gestures`` turns
pointer and keys on the board into calls here, ``web.toolbar`` holds the tools and the drawer,
``web.hud`` the selected creature's card and menu, and one module per tab (``token_panel``,
``stats_panel``, ``attack_panel``, ``round_panel``, ``map_panel``, ``encounter_panel``,
``rules_panel``). Every change is a new ``Encounter`` made by ``rules`` and handed to
``commit``, which records it for undo, publishes it (URL hash, autosave) and asks each part to
show the encounter as it is now. This module decides no rule.

Start-up is kept short (the startup benchmark holds the app to within 10% of bare Pyodide):
the first frame needs only the encounter and the canvas; the panels come next, and the combat
panels (which load the combat rules) after the first frame is on screen.
"""

from dataclasses import replace

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from rules.errors import RulesError
from web import state
from web.canvas import Canvas, names_text
from web.dom import guarded
from web.dom import on as listen
from web.history import History
from web.notices import Notices
from web.ruler import Ruler
from web.state import Ui, demo_encounter

document = js.document


class Board:
    """The board on the page: its encounter, history, selection, view and parts."""

    def __init__(self, encounter=None):
        from web.view import View

        self.notices = Notices(document)
        self.encounter = encounter or demo_encounter()
        self.history = History(present=self.encounter)
        self.ui = Ui()
        self.view = View()
        self.publish_problem = None
        self.gestures = self.hud = self.toolbar = None
        self.panels = []
        self.tokens = self.stats = self.attack = self.round = self.map = self.rules = self.shared = None
        self.areas = self.map_image = None
        self.canvas = Canvas(self)
        self.ruler = Ruler(self)

    # What tests and benchmarks read of the board.
    @property
    def gesture(self):
        """The gesture under way on the board, or ``None``."""
        return self.gestures.gesture if self.gestures is not None else None

    @property
    def timings(self):
        """Per frame, the milliseconds spent handling events and painting (bench/frames.py)."""
        return self.canvas.timings

    def layout(self, scale=None):
        """The board's layout in device pixels (or in CSS pixels with ``scale=1``)."""
        return self.canvas.layout(scale)

    def handle_point_css(self):
        """The selected token's rotate handle in the window's CSS pixels (for tests and the
        benchmark, which press it)."""
        creature = self.encounter.creature(self.ui.selected)
        taken = state.taken_cells(self.encounter, creature.name)
        x, y = state.handle_point(creature, self.encounter.grid, self.layout(1), taken)
        box = self.canvas.top_canvas.getBoundingClientRect()
        return js.Array.of(x + box.left, y + box.top)

    def label_box_css(self):
        """The box of the planned move's label now, in CSS pixels (for tests)."""
        from web import scene

        box = scene.label_box(self.canvas.path_ops(self.gesture, self.layout()))
        return js.Array.of(*(value / self.canvas.dpr for value in box))

    def reachable_count(self, name):
        """How many cells the creature called ``name`` can end a move in (the movement range's
        nearest band), as the rules work it out (for tests)."""
        creature = self.encounter.creature(name)
        return len(state.movement_bands(self.encounter, creature, self.ui.policy)[0][1])

    def force(self, name, feet, away=None, effect="Reposition", message=""):
        """Let the next drag of ``name`` be a forced move (``web.gestures.Gestures.force``)."""
        self.gestures.force(name, feet, away, effect, message)

    # Messages.
    def say(self, message, error=False, action=None):
        """Show a message in the notices over the board (an error stays until dismissed or the
        next action; ``action`` is a ``(label, handler)`` button)."""
        return self.notices.say(message, error, action)

    def say_beside(self, creature, message):
        """Show ``message`` next to ``creature``'s token, as well as in the notices."""
        layout = self.layout(1)
        x, y = state.centre(creature, self.encounter.grid, layout)
        width, height = self.canvas.css_size()
        self.notices.beside(message, x, y + state.radius(creature, self.encounter.grid, layout) * 0.6, width, height)

    def report(self, error):
        """Say over the board an error that slipped out of a handler (``web.dom.guarded``)."""
        if isinstance(error, RulesError):
            self.say(str(error), error=True)
            return
        self.say(f"Something went wrong in the page ({type(error).__name__}: {error}). "
                 "Undo takes back the last change if the board looks wrong.", error=True)

    # Changes.
    def commit(self, encounter, message=None, record=True, label=None):
        """Take a new encounter, keep the selection valid, and show it everywhere.

        ``record`` adds the change to the undo history under ``label`` (default: ``message``)
        and publishes it (URL hash, autosave); a gesture that changes the encounter many times
        does both once, when it ends. A recorded change is the player's next action: the
        errors of the last one make way.
        """
        self.encounter = encounter
        if record:
            self.notices.clear_errors()
            self.history = self.history.record(encounter, (label or message or "change").rstrip("."))
        names = set(encounter.names())
        ui = self.ui
        if ui.selected is not None and ui.selected not in names:
            ui = replace(ui, selected=None, group=())
        ui = replace(ui, group=tuple(name for name in ui.group if name in names),
                     attacker=ui.attacker if ui.attacker in names else None,
                     target=ui.target if ui.target in names else None)
        self.ui = ui
        if record:
            self.publish()
        if message:
            self.say(message)
        self.refresh(full=record)
        self.canvas.warm()

    def refresh(self, full=True):
        """Show the encounter as it is now in every part of the page, and redraw. While a
        gesture changes the encounter frame by frame (``full=False``), only the parts that
        show the creature being changed follow it, once each frame is painted."""
        if self.ui.turn is not None or full:
            self.ui = replace(self.ui, turn=self.current_turn())
        parts = [part for part in (self.tokens, self.hud) if part is not None]
        if full or self.gesture is None:
            for part in parts:
                part.render()
        else:
            self.canvas.render_after_paint(parts)
        if full:
            for part in self.panels:
                part.render()
        if self.toolbar is not None:
            self.toolbar.render()
        self.canvas.request_frame()

    def current_turn(self):
        """The name of the creature whose turn it is, or ``None`` (no round under way)."""
        if self.encounter.round is None or self.attack is None:
            return None
        from web import table

        try:
            return table.current_name(self.encounter)
        except RulesError as error:
            self.say(str(error), error=True)
            return None

    def publish(self):
        """Keep the URL hash and the autosave equal to the encounter (see ``web.links``); a
        problem (too big for a link, storage full) is said once, until it changes."""
        from web import links

        problem = links.publish(self.encounter)
        if problem and problem != self.publish_problem:
            self.say(problem, error=True)
        self.publish_problem = problem

    def link(self):
        """The encounter's link hash (what the URL shows after any change)."""
        from rules.link import encounter_hash

        return encounter_hash(self.encounter)

    def share_url(self):
        """The address of the encounter on screen (not the address bar's, which may still hold
        a damaged link the player was sent)."""
        location = js.window.location
        return f"{location.origin}{location.pathname}{location.search}{self.link()}"

    def open_link(self, _event=None):
        """Open the encounter of a link pasted into the address bar; a bad one changes nothing
        and stays in the address bar until the next change, so it can be sent back."""
        from rules.link import LinkError, encounter_hash, parse_encounter_hash
        from web import links

        link = links.hash_text()
        try:
            if link == encounter_hash(self.encounter):
                return
            opened = parse_encounter_hash(link)
        except LinkError as error:
            self.say(f"{error}. The encounter on screen is the one you had before.", error=True)
            return
        self.commit(opened, "Opened the encounter in this link.")
        self.select(None)

    def open_other(self, encounter):
        """Open another tab's autosaved board here (Undo goes back)."""
        self.commit(encounter, "Opened the other tab's board.")
        self.select(None)

    def undo(self):
        """Step back one change."""
        if not self.history.can_undo():
            self.say("Nothing to undo.")
            return
        self.notices.clear_errors()
        if self.attack is not None:
            self.attack.clear_roll()
        self.history, label = self.history.undo()
        self.commit(self.history.present, f"Undid: {label}.", record=False)
        self.publish()
        self.refresh()

    def redo(self):
        """Step forward one undone change."""
        if not self.history.can_redo():
            self.say("Nothing to redo.")
            return
        self.notices.clear_errors()
        if self.attack is not None:
            self.attack.clear_roll()
        self.history, label = self.history.redo()
        self.commit(self.history.present, f"Redid: {label}.", record=False)
        self.publish()
        self.refresh()

    # The selection and the view.
    def select(self, name, group=None, keep_group=False):
        """Select the creature called ``name`` (or nothing), alone, with ``group`` (names
        selected with it), or keeping the creatures already selected with it."""
        if keep_group:
            group = self.ui.group
        self.ui = replace(self.ui, selected=name, group=tuple(group or ()) if name is not None else ())
        self.canvas.warm()
        if self.tokens is not None and name is not None and not self.tokens.follows(name):
            subject = self.tokens.draft.subject or "the new token"
            self.say(f"The token form keeps your unsaved changes to {subject}: save or discard them to edit {name}.")
        if self.stats is not None:
            self.stats.follow(name)
        self.refresh(full=False)
        if self.toolbar is not None:
            self.toolbar.render()

    def toggle_chosen(self, name):
        """Shift-click: add the creature called ``name`` to the selection, or take it out."""
        chosen = list(self.ui.chosen)
        if name in chosen:
            chosen.remove(name)
        else:
            chosen.append(name)
        if not chosen:
            self.select(None)
        else:
            self.select(chosen[-1] if name in chosen else chosen[0], group=tuple(chosen))

    def select_next(self, step):
        """Tab on the board: select the next (``step`` 1) or previous (-1) creature and show it;
        whether there was one (after the last, Tab leaves the board)."""
        names = self.encounter.names()
        if not names:
            return False
        current = self.ui.selected
        index = names.index(current) + step if current in names else (0 if step > 0 else len(names) - 1)
        if not 0 <= index < len(names):
            return False
        self.select(names[index])
        self.centre_on_selection(only_if_hidden=True)
        return True

    def centre_on_selection(self, only_if_hidden=False):
        """Bring the selected creature to the middle of the board (with ``only_if_hidden``,
        only if it is not already on screen)."""
        if self.ui.selected is None:
            self.say("Select a creature first.")
            return
        creature = self.encounter.creature(self.ui.selected)
        x, y = state.centre(creature, self.encounter.grid, self.layout(1))
        width, height = self.canvas.css_size()
        if only_if_hidden and 0 <= x <= width and 0 <= y <= height:
            return
        self.view = self.view.centred_on(x, y, width, height)
        self.canvas.request_frame()

    def fit(self):
        """Show the whole board."""
        width, height = self.canvas.css_size()
        self.view = self.view.fitted(self.encounter.grid, width, height)
        self.canvas.request_frame()

    def zoom_by(self, factor):
        """Zoom in (``factor`` over 1) or out about the board's middle."""
        width, height = self.canvas.css_size()
        self.view = self.view.zoomed(factor, width / 2, height / 2)
        self.canvas.request_frame()

    def set_ui(self, **changes):
        """Change what the page shows (overlays, the kind of move, the legend)."""
        self.ui = replace(self.ui, **changes)
        self.refresh(full=False)
        for part in self.panels:
            if part in (self.map, self.rules):
                part.render()
        self.canvas.warm()

    def set_tool(self, tool):
        """Take up the board tool called ``tool`` (``web.tools.TOOLS``); the ruler and an area
        being aimed go when their tool is put down."""
        if tool == "area" and self.areas is None:
            self.say("The spell areas are still loading: try again in a moment.", error=True)
            return
        before = self.ui.tool
        if tool != "measure":
            self.ruler.clear()
        elif before != "measure":
            self.say("Measure: drag from a cell or a creature to another; click to add a waypoint.")
        if tool != "area" and self.areas is not None:
            self.areas.cancel()
        self.ui = replace(self.ui, tool=tool)
        self.canvas.top_canvas.classList.toggle("painting", tool != "select")
        if tool == "area" and before != "area":
            self.areas.taken_up()
        if tool in ("paint", "area"):
            self.toolbar.show_tab("map")
        elif tool == "attack":
            self.toolbar.show_tab("attack")
        self.refresh(full=False)

    def set_free(self, free):
        """Switch free placement on or off."""
        self.set_ui(free=free)
        self.say("Free placement: drag any creature anywhere its space fits." if free else
                 "Free placement off: drags follow the movement rules.")

    def set_paint(self, **changes):
        """Choose what and how the terrain tool paints; it is then in hand."""
        self.ui = replace(self.ui, **changes)
        self.set_tool("paint")

    # Creatures.
    def turn(self, name, facing, record=True):
        """Turn the creature called ``name`` to ``facing``; say why not if it cannot."""
        from rules.facing import turn_in_place

        creature = self.encounter.creature(name)
        if creature.facing == facing:
            return
        try:
            turned = turn_in_place(creature, facing, self.encounter.grid)
            encounter = self.encounter.replace(name, turned)
        except RulesError as error:
            self.say(str(error), error=True)
            return
        message = f"{name} faces {turned.facing_name(self.encounter.grid)}."
        refusal = None
        if record:
            encounter, refusal = self.spend_turn(encounter, creature)
        self.commit(encounter, message if record else None, record, label=message)
        if refusal:
            self.say(refusal, error=True)

    def spend_turn(self, encounter, before):
        """``(encounter, refusal)``: the turn ``before`` made, spent from its facing allowance
        if a round is under way and it is its turn (see ``web.table.after_turn``)."""
        if encounter.round is None:
            return encounter, None
        from web import table

        return table.after_turn(encounter, before)

    def add_token(self, values, near=None):
        """Add a token from the token form's ``values`` on the free place nearest ``near`` (a
        cell; default the middle of the view); its name, or ``None`` if the board refuses it
        (saying why). A name already taken is numbered ("Goblin 2")."""
        from web.tokens import new_creature

        grid = self.encounter.grid
        if near is None:
            width, height = self.canvas.css_size()
            near = self.layout(1).from_pixel(width / 2, height / 2)
        try:
            creature = new_creature(values, grid.cells()[0], grid)
            encounter, named = with_new(self.encounter, creature, near)
        except RulesError as error:
            self.say(str(error), error=True)
            return None
        taken = "" if named == creature.name else f" ({creature.name} was taken)"
        self.commit(encounter, f"{named} added{taken}.")
        return named

    def duplicate(self, name):
        """A copy of the creature called ``name`` (its combat stats too) on the free place
        nearest it, named with the next number ("Goblin 2"); one undo step."""
        import re

        creature = self.encounter.creature(name)
        base = re.sub(r" \d+$", "", creature.name)
        try:
            encounter, named = with_new(self.encounter, replace(creature, name=base), creature.anchor)
            stats = self.encounter.stats_of(name)
            if encounter.stats_of(named) != stats:
                encounter = encounter.with_stats(named, stats)
        except RulesError as error:
            self.say(str(error), error=True)
            return
        self.commit(encounter, f"{named} added (a copy of {name}).")
        self.select(named)

    def edit_token(self, name, edited):
        """Replace the creature called ``name`` by ``edited`` (the token form's save); one that
        no longer fits where it stands moves to the nearest free place, and the notice says so.
        Whether it was saved."""
        try:
            encounter, moved = self.encounter.edited(name, edited)
        except RulesError as error:
            self.say(str(error), error=True)
            return False
        message = f"{edited.name} saved."
        if moved:
            message = f"{edited.name} saved, and moved to the nearest place where its new space fits."
        self.commit(encounter, message)
        return True

    def remove_token(self, name):
        """Remove the creature called ``name`` (Undo brings it back)."""
        self.commit(self.encounter.remove(name), f"{name} removed.")

    def remove_chosen(self):
        """Remove every selected creature: one undo step."""
        chosen = self.ui.chosen
        if not chosen:
            return
        encounter = self.encounter
        for name in chosen:
            encounter = encounter.remove(name)
        self.commit(encounter, f"{names_text(chosen)} removed.")

    def act(self, action, name, point=None):
        """An action of the card or the menu on the creature called ``name`` (or, with
        ``name`` None, on the board at ``point``)."""
        from rules.sizes import facing_names

        if action == "measure-here":
            self.set_tool("measure")
            self.ruler.start_at(point)
            return
        if action == "add-here":
            cell = self.layout(1).from_pixel(*point)
            self.toolbar.show_tab("token")
            named = self.add_token(self.tokens.values() if self.tokens.draft.subject is None else
                                   {"name": "Creature"}, near=cell)
            if named is not None:
                self.select(named)
            return
        creature = self.encounter.creature(name)
        if action in ("turn-left", "turn-right") and creature.has_facing:
            count = len(facing_names(creature.size, self.encounter.grid))
            self.turn(name, (creature.facing + (1 if action == "turn-right" else -1)) % count)
        elif action == "duplicate":
            self.duplicate(name)
        elif action == "delete":
            self.remove_token(name)
        elif action == "edit":
            self.select(name)
            self.toolbar.show_tab("token")
            document.getElementById("token-name").focus()
        elif action == "attack":
            self.choose_attack(name, None)
            self.set_tool("attack")
            self.say(f"{name} attacks: click the target.")
        elif action == "centre":
            self.select(name)
            self.centre_on_selection()

    # The fight: hit points and conditions (rules.combatant, rules.conditions).
    def hurt(self, name, amount, heal=False):
        """Take ``amount`` hit points (the card's field, as text) from the creature called
        ``name``, or give them with ``heal``; a number that is not one is refused, saying so."""
        from web import table

        try:
            points = int(str(amount).strip())
        except ValueError:
            points = 0
        if points <= 0:
            self.say("Type the hit points to take or give: a whole number from 1.", error=True)
            return
        try:
            encounter = table.damaged(self.encounter, name, -points if heal else points)
        except RulesError as error:
            self.report(error)
            return
        state = encounter.stats_of(name)
        word = "healed" if heal else "takes"
        self.commit(encounter, f"{name} {word} {points} hp: {state.hit_points}/{state.max_hit_points} hp.")

    def add_condition(self, name, condition, lasting="removed"):
        """Put ``condition`` on the creature called ``name`` for as long as ``lasting`` says
        (a ``web.fight.DURATION_CHOICES`` value: until taken off, by default)."""
        from rules.conditions import AppliedCondition
        from web.fight import duration_for

        from web.table import logged

        duration = duration_for(lasting, name, self.current_turn())
        said = f"{name} is {condition}{' for ' if lasting.isdigit() else ' '}{duration.text()}"
        self.commit(logged(self.encounter.with_condition(AppliedCondition(condition, name, duration, "The game master")),
                           said), said + ".")

    def remove_condition(self, name, condition):
        """Take ``condition`` off the creature called ``name``."""
        if condition not in self.encounter.conditions_of(name) or not any(
                each.condition == condition and each.creature == name for each in self.encounter.conditions):
            if condition == "flat-footed" and name.casefold() in self.encounter.not_yet_acted:
                self.say(f"{name} is flat-footed until its first turn (SRD: a creature that has not yet acted). "
                         "It ends when its turn comes, or with the Rules tab's switch for it.", error=True)
            else:
                self.say(f"{name} is {condition} because of its hit points: heal it to end that.", error=True)
            return
        from web.table import logged

        said = f"{name} is no longer {condition}"
        self.commit(logged(self.encounter.without_condition(name, condition), said), said + ".")

    def open_menu(self, name, point):
        """Open the menu of the creature called ``name`` (selecting it), or of the board."""
        if name is not None and name not in self.ui.chosen:
            self.select(name)
        width, height = self.canvas.css_size()
        self.hud.open_menu(name, point, width, height)

    def choose_attack(self, attacker, target):
        """Choose the attack panel's attacker and target (names, or ``None``)."""
        self.ui = replace(self.ui, attacker=attacker, target=target)
        if self.attack is not None:
            self.attack.clear_roll()
            self.attack.render()
        self.refresh(full=False)


def with_new(encounter, creature, near):
    """``(encounter, name)``: ``encounter`` with ``creature`` (a new one) on the free place
    nearest the cell ``near`` where it can stand, its name numbered if it is taken; a
    ``RulesError`` saying why if the board has no room for it."""
    from rules.placement import nearest_place, standing_problem

    named = encounter.unused_name(creature.name)
    creature = replace(creature, name=named)
    occupied = {}
    for other in encounter.creatures:
        for cell in other.cells(encounter.grid):
            occupied.setdefault(cell, []).append(other)

    def stands(each):
        return standing_problem(each, encounter.grid, encounter.terrain) is None

    placed = nearest_place(creature, encounter.grid, occupied, stands, near=near)
    if placed is None:
        raise RulesError(f"There is no free space left on the board for {named}.")
    return encounter.place(placed), named


def to_js_options(**options):
    """Keyword options as a JavaScript object (for ``toLocaleTimeString`` and the like)."""
    return to_js(options, dict_converter=js.Object.fromEntries)


def start():
    """Build the board, draw the first frame, mark the page ready, then wire the panels.

    A damaged link opened at start says so over the board, and which board is shown instead;
    its address stays in the address bar until the player changes something, so it can be
    sent back to whoever shared it.
    """
    from web import links
    from web.dom import set_reporter
    from web.gestures import Gestures

    opened = links.opening()
    board = Board(opened.encounter)
    set_reporter(board.report)
    for text, is_error in opened.notes:
        board.say(text, error=is_error)
    if opened.offer is not None:
        offer = opened.offer
        when = js.Date.new(offer.time).toLocaleTimeString(js.undefined, to_js_options(hour="2-digit", minute="2-digit"))
        board.say(f"Another tab's board, last changed at {when}, is kept in this browser too.",
                  action=("Open it", lambda: board.open_other(offer.encounter), "Open the other tab's board"))
    board.gestures = gestures = Gestures(board)
    board.canvas.draw()
    root = document.documentElement
    root.dataset.readyMs = str(js.performance.now())
    root.dataset.ready = "1"
    js.window.flankwise = create_proxy(board)
    canvas = board.canvas.top_canvas
    listen(canvas, "pointerdown", gestures.on_pointer_down)
    listen(canvas, "pointermove", gestures.on_pointer_move)
    for name in ("pointerup", "pointercancel"):
        listen(canvas, name, gestures.on_pointer_up)
    listen(canvas, "contextmenu", gestures.on_context_menu, passive=False)
    listen(canvas, "touchend", gestures.on_touch_end, passive=False)
    listen(canvas, "wheel", gestures.on_wheel, passive=False)
    listen(js.window, "resize", board.canvas.resize)
    listen(document, "keydown", gestures.on_key_down, passive=False)
    listen(document, "keyup", gestures.on_key_up)
    listen(js.window, "hashchange", board.open_link)
    wire_panels(board)
    if not opened.keep_address:
        board.publish()
    js.setTimeout(create_once_callable(guarded(lambda: wire_table(board))), 0)


def wire_panels(board):
    """Build the toolbar, the card and the panels that need no combat rules."""
    from web.backdrop import MapImage
    from web.encounter_panel import EncounterPanel
    from web.hud import Hud
    from web.map_panel import MapPanel
    from web.rules_panel import RulesPanel
    from web.token_panel import TokenPanel
    from web.toolbar import Toolbar

    for button in document.querySelectorAll("button[data-picks]"):
        listen(button, "click", lambda event: document.getElementById(event.currentTarget.dataset.picks).click())
    board.toolbar = Toolbar(board)
    board.hud = Hud(board)
    board.tokens = TokenPanel(board)
    board.map = MapPanel(board)
    board.map_image = MapImage(board)
    board.rules = RulesPanel(board)
    board.shared = EncounterPanel(board)
    board.panels = [board.map, board.map_image, board.rules]
    board.refresh()


def wire_table(board):
    """Build the combat panels once the first frame is on screen (they load the combat rules),
    show the encounter in them, and mark the page."""
    from web.attack_panel import AttackPanel
    from web.round_panel import RoundPanel
    from web.stats_panel import StatsPanel

    from web.area_tool import AreaTool

    board.attack = AttackPanel(board)
    board.round = RoundPanel(board)
    board.stats = StatsPanel(board)
    board.areas = AreaTool(board)
    board.panels += [board.attack, board.round, board.stats, board.areas]
    board.refresh()
    document.documentElement.dataset.table = "1"
