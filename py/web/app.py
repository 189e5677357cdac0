"""The board on the page: routes pointer, keyboard and panel events to rules and redraws.

Start-up is kept short (the startup benchmark holds the app to within 10% of bare Pyodide):
import what the first frame needs, draw it, set ``data-ready="1"``, then fill the panel.
Every change goes through ``rules`` (a new ``Encounter``); this module decides no rule. It
schedules redraws with ``requestAnimationFrame`` so many events make one frame, repaints the
cached grid layer only when the board or view changes, and the board layer each frame.
"""

from dataclasses import replace

import js
from pyodide.ffi import create_once_callable, create_proxy

from rules.errors import RulesError
from rules.grid import HexGrid, SquareGrid
from rules.sizes import facing_names
from rules.zones import RULESETS
from web import painter, scene, state, tools
from web.dom import guarded
from web.dom import on as listen
from web.history import History
from web.notices import Notices
from web.state import Ui, demo_encounter
from web.view import View

document = js.document
ZOOM_STEP = 1.0015  # per wheel delta unit: a mouse notch (100) zooms about 16%
ARCS_KEY = "f"


GRID_LABELS = {"square": "Squares", "hex-flat": "Hexes (flat top)", "hex-pointy": "Hexes (pointy top)"}
"""The grid-kind control's choices and their labels."""


def make_grid(choice, width, height):
    """The grid for a grid-kind control value: "square", "hex-flat" or "hex-pointy"."""
    if choice == "square":
        return SquareGrid(width, height)
    return HexGrid(width, height, choice.split("-", 1)[1])


def grid_choice(grid):
    """The grid-kind control value of ``grid``."""
    return "square" if grid.kind == "square" else f"hex-{grid.orientation}"


def squares(count):
    """``"1 square"``, ``"3 squares"``."""
    return f"{count} square" if count == 1 else f"{count} squares"


def names_text(names):
    """``"Kroh"``, ``"Kroh and Goblin"``, ``"Kroh, Goblin and Ogre"``."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class Board:
    """The board on the page: its canvases, encounter, view, selection and gestures."""

    def __init__(self, encounter=None):
        self.grid_canvas = document.getElementById("grid-layer")
        self.top_canvas = document.getElementById("top-layer")
        self.notices = Notices(document)
        self.encounter = encounter or demo_encounter()
        self.history = History(present=self.encounter)
        self.ui = Ui()
        self.view = View()
        self.pointers = {}
        self.gesture = None
        self.panel = None
        self.tokens = None
        self.table = None
        self.shared = None
        self.frame_requested = False
        self.grid_key = None
        self.background = document.createElement("canvas")
        self.background_key = None
        self.dpr = 1.0
        self.size = (0, 0)
        self._on_frame = create_proxy(self.on_frame)
        self.busy_ms = 0.0
        self.timings = []
        self.forced = None
        self.warming = None
        self._warm_step = create_proxy(self.warm_step)
        self.resize()

    # Drawing.
    def resize(self, *_):
        """Match the canvases' pixel size to their box and the device pixel ratio."""
        box = self.top_canvas.getBoundingClientRect()
        self.dpr = js.window.devicePixelRatio or 1.0
        width, height = round(box.width * self.dpr), round(box.height * self.dpr)
        if (width, height) != self.size:
            self.size = (width, height)
            for canvas in (self.grid_canvas, self.top_canvas):
                canvas.width, canvas.height = width, height
        self.request_frame()

    def request_frame(self):
        """Ask for one redraw at the next animation frame, however often it is called."""
        if not self.frame_requested:
            self.frame_requested = True
            js.requestAnimationFrame(self._on_frame)

    def on_frame(self, _timestamp=None):
        """Draw what changed since the last frame.

        ``timings`` keeps, per frame, the milliseconds spent handling the pointer events since
        the last frame plus painting this one (bench/frames.py reads it; idle time not counted).
        """
        self.frame_requested = False
        started = js.performance.now()
        self.draw()
        if self.busy_ms:
            self.timings.append(self.busy_ms + js.performance.now() - started)
            del self.timings[:-2000]
            self.busy_ms = 0.0

    def draw(self):
        """Repaint the grid layer if the board or view changed, and the board layer always."""
        width, height = self.size
        layout = self.layout()
        key = (self.encounter.grid, self.encounter.terrain, layout, self.size)
        if key != self.grid_key:
            self.grid_key = key
            ops = scene.grid_scene(self.encounter.grid, layout, width, height, self.dpr, self.encounter.terrain)
            painter.paint(self.grid_canvas.getContext("2d"), ops, width, height)
        key, background, ops = scene.board_layers(self.encounter, self.ui, layout, self.dpr)
        if key != self.background_key:
            self.background_key = key
            self.background.width, self.background.height = width, height
            painter.paint(self.background.getContext("2d"), background, width, height)
        if self.gesture and self.gesture.get("ghost") is not None:
            ops = ops + list(scene.ghost_ops(self.gesture["ghost"], self.encounter.grid, layout, self.dpr))
            ops += self.path_ops(self.gesture["answer"], layout)
        painter.paint(self.top_canvas.getContext("2d"), ops, width, height, under=self.background)

    def path_ops(self, answer, layout):
        """The drawing of a planned move (see ``scene.path_ops``)."""
        grid = self.encounter.grid
        path = answer.path
        steps = tuple((step.cells, step.cost, bool(step.provokes)) for step in path.steps)
        summary = f"{path.feet} ft ({squares(path.squares)})"
        provoked = [opponent.name for opponent, _ in path.provocations]
        if provoked and answer.legal:
            summary += f"; attacks of opportunity from {names_text(provoked)}"
        return list(scene.path_ops(path.start.cells(grid), steps, answer.legal, layout, summary, answer.problem,
                                   self.dpr, self.size))

    def warm(self):
        """While the page is idle, draw ahead the selected creature in each facing it may be
        turned to, so a drag-rotate finds every frame ready (the scene caches per creature)."""
        if self.ui.selected is None:
            self.warming = None
            return
        creature = self.encounter.creature(self.ui.selected)
        if creature.facing is None:
            self.warming = None
            return
        first = self.warming is None
        self.warming = iter(scene.warm_ups(self.encounter, creature, self.ui, self.layout(), self.dpr))
        if first:
            js.setTimeout(self._warm_step, 30)

    def warm_step(self, *_):
        """One piece of warming, then the next a moment later (events go first)."""
        if self.warming is None or self.gesture is not None:
            if self.warming is not None:
                js.setTimeout(self._warm_step, 60)
            return
        try:
            task = next(self.warming)
        except StopIteration:
            self.warming = None
            return
        task()
        js.setTimeout(self._warm_step, 0)

    def layout(self, scale=None):
        """The board's layout in device pixels (or in CSS pixels with ``scale=1``)."""
        return self.view.layout(self.encounter.grid, self.dpr if scale is None else scale)

    def label_box_css(self):
        """The box of the planned move's label now, in CSS pixels (for tests)."""
        layout = self.layout()
        box = scene.label_box(self.path_ops(self.gesture["answer"], layout))
        return js.Array.of(*(value / self.dpr for value in box))

    def handle_point_css(self):
        """The selected token's rotate handle in CSS pixels (for tests and the benchmark)."""
        creature = self.encounter.creature(self.ui.selected)
        taken = state.taken_cells(self.encounter, creature.name)
        return js.Array.of(*state.handle_point(creature, self.encounter.grid, self.layout(1), taken))

    # Changes.
    def say(self, message, error=False, action=None):
        """Show a message in the notices over the board (an error stays until dismissed or the
        next action; ``action`` is a ``(label, handler)`` button)."""
        return self.notices.say(message, error, action)

    def report(self, error):
        """Say over the board an error that slipped out of a handler (``web.dom.guarded``)."""
        if isinstance(error, RulesError):
            self.say(str(error), error=True)
            return
        self.say(f"Something went wrong in the page ({type(error).__name__}: {error}). "
                 "Undo takes back the last change if the board looks wrong.", error=True)

    def say_beside(self, creature, message):
        """Show ``message`` next to ``creature``'s token, as well as in the notices."""
        x, y = state.centre(creature, self.encounter.grid, self.layout(1))
        box = self.top_canvas.getBoundingClientRect()
        self.notices.beside(message, x, y + state.radius(creature, self.encounter.grid, self.layout(1)) * 0.6,
                            box.width, box.height)

    def commit(self, encounter, message=None, record=True, label=None):
        """Take a new encounter, keep the selection valid, and redraw.

        ``record`` adds the change to the undo history under ``label`` (default: ``message``)
        and publishes it (URL hash, autosave); a gesture that changes the encounter many times
        does both once, when it ends. A recorded change is the player's next action: the
        errors of the last one make way.
        """
        self.encounter = encounter
        if record:
            self.notices.clear_errors()
            self.history = self.history.record(encounter, (label or message or "change").rstrip("."))
            self.publish()
        if self.ui.selected is not None and self.ui.selected not in encounter.names():
            self.ui = replace(self.ui, selected=None)
        if message:
            self.say(message)
        self.refresh()
        self.warm()

    def refresh(self):
        """Show the encounter as it is now in the panels, and redraw."""
        if self.tokens is not None:
            self.tokens.render()
        self.refresh_history()
        self.request_frame()

    def refresh_history(self):
        """Undo and Redo are enabled exactly when there is something to undo or redo, and say
        what (their titles)."""
        for id_, able, past in (("undo", self.history.can_undo(), self.history.past),
                                ("redo", self.history.can_redo(), self.history.future)):
            button = document.getElementById(id_)
            button.disabled = not able
            key = "Ctrl+Z" if id_ == "undo" else "Ctrl+Y"
            button.title = f"{id_.capitalize()}: {past[-1][1]} ({key})" if able else f"Nothing to {id_} ({key})"

    def publish(self):
        """Keep the URL hash and the autosave equal to the encounter (see ``web.links``)."""
        from web import links

        problem = links.publish(self.encounter)
        if problem:
            self.say(problem, error=True)
        self.refresh_table()

    def refresh_table(self):
        """Show the encounter in the table panels, and ring whose turn it is on the board."""
        if self.table is None:
            return
        from web import table

        try:
            current = table.current_name(self.encounter)
        except RulesError as error:
            current = None
            self.say(str(error), error=True)
        names = self.encounter.names()
        self.ui = replace(
            self.ui,
            turn=current,
            attacker=self.ui.attacker if self.ui.attacker in names else None,
            target=self.ui.target if self.ui.target in names else None,
        )
        self.table.refresh()
        self.request_frame()

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

    def undo(self, _event=None):
        """Step back one change."""
        if not self.history.can_undo():
            self.say("Nothing to undo.")
            return
        self.notices.clear_errors()
        self.history, label = self.history.undo()
        self.commit(self.history.present, f"Undid: {label}.", record=False)
        self.publish()

    def redo(self, _event=None):
        """Step forward one undone change."""
        if not self.history.can_redo():
            self.say("Nothing to redo.")
            return
        self.notices.clear_errors()
        self.history, label = self.history.redo()
        self.commit(self.history.present, f"Redid: {label}.", record=False)
        self.publish()

    def select(self, name):
        """Select the creature called ``name`` (or nothing) and show it in the panels."""
        self.ui = replace(self.ui, selected=name)
        self.warm()
        if self.tokens is not None:
            if name is not None and not self.tokens.follows(name):
                subject = self.tokens.draft.subject or "the new token"
                self.say(f"The token form keeps your unsaved changes to {subject}: save or discard them to edit {name}.")
            self.tokens.render()
        if self.table is not None:
            self.table.show_selected(name)
        self.request_frame()

    def turn(self, name, facing, record=True):
        """Turn the creature called ``name`` to ``facing``; say why not if it cannot."""
        creature = self.encounter.creature(name)
        if creature.facing == facing:
            return
        try:
            from rules.facing import turn_in_place

            turned = turn_in_place(creature, facing, self.encounter.grid)
            message = f"{name} faces {turned.facing_name(self.encounter.grid)}."
            encounter = self.encounter.replace(name, turned)
            refusal = None
            if record:
                encounter, refusal = self.spend_turn(encounter, creature)
            self.commit(encounter, message if record else None, record, label=message)
            if refusal:
                self.say(refusal, error=True)
        except RulesError as error:
            self.say(str(error), error=True)

    def spend_turn(self, encounter, before):
        """``(encounter, refusal)``: the turn ``before`` made, spent from its facing allowance
        if a round is under way and it is its turn (see ``web.table.after_turn``)."""
        if encounter.round is None:
            return encounter, None
        from web import table

        return table.after_turn(encounter, before)

    # Pointer events (CSS pixels): a token drags to move, its handle (or Shift) to turn, the
    # board pans; two pointers pinch-zoom, or twist a token being dragged.
    def cell_at(self, x, y):
        """The cell under the CSS point ``x``, ``y``."""
        return self.layout(1).from_pixel(x, y)

    def on_pointer_down(self, event):
        """Start a gesture: turn by the handle, drag a token, or pan the board."""
        canvas = self.top_canvas
        canvas.setPointerCapture(event.pointerId)
        point = (event.offsetX, event.offsetY)
        self.pointers[event.pointerId] = point
        if len(self.pointers) == 2:
            self.start_two_finger()
            return
        layout = self.layout(1)
        grid = self.encounter.grid
        self.notices.clear_errors()
        if self.ui.tool != "select":
            self.use_tool(point, layout)
            return
        selected = self.encounter.creature(self.ui.selected) if self.ui.selected else None
        creature = state.creature_at_point(self.encounter, layout, *point)
        if selected is not None and selected.has_facing and creature in (None, selected):
            hx, hy, grab = state.handle_grab(selected, grid, layout, state.taken_cells(self.encounter, selected.name))
            if (hx - point[0]) ** 2 + (hy - point[1]) ** 2 <= grab ** 2:
                self.gesture = {"kind": "turn", "name": selected.name, "before": selected}
                return
        if creature is None:
            self.gesture = {"kind": "pan", "moved": False}
            canvas.classList.add("panning")
            return
        was_selected = creature.name == self.ui.selected
        self.select(creature.name)
        if event.shiftKey and creature.has_facing:
            self.gesture = {"kind": "turn", "name": creature.name, "before": creature}
        else:
            grab = layout.from_pixel(*point)
            self.gesture = {"kind": "move", "name": creature.name, "grab": grab, "ghost": None,
                            "cycle": was_selected}

    def start_two_finger(self):
        """A second pointer: twist the token being dragged, else pinch-zoom the board."""
        gesture = self.gesture or {}
        if gesture.get("kind") in ("move", "turn"):
            creature = self.encounter.creature(gesture["name"])
            if creature.has_facing:
                (ax, ay), (bx, by) = self.pointers.values()
                self.gesture = {"kind": "twist", "name": creature.name, "facing": creature.facing,
                                "start": (bx - ax, by - ay), "before": gesture.get("before", creature)}
                return
        self.gesture = {"kind": "pinch"}

    def on_pointer_move(self, event):
        """Carry the gesture on (its handling time counts toward ``timings``)."""
        if event.pointerId not in self.pointers:
            return
        started = js.performance.now()
        try:
            self.carry_gesture(event)
        finally:
            self.busy_ms += js.performance.now() - started

    def carry_gesture(self, event):
        """Move the gesture under way to the pointer's new position."""
        old = dict(self.pointers)
        point = (event.offsetX, event.offsetY)
        self.pointers[event.pointerId] = point
        kind = (self.gesture or {}).get("kind")
        if kind == "pan":
            (x0, y0) = old[event.pointerId]
            self.view = self.view.panned(point[0] - x0, point[1] - y0)
            self.gesture["moved"] = True
            self.request_frame()
        elif kind == "pinch" and len(self.pointers) == 2:
            self.view = self.view.pinched(list(old.values()), list(self.pointers.values()))
            self.request_frame()
        elif kind == "turn":
            creature = self.encounter.creature(self.gesture["name"])
            self.turn(creature.name, state.facing_toward(creature, self.encounter.grid, self.layout(1), *point), False)
        elif kind == "twist" and len(self.pointers) == 2:
            self.twist()
        elif kind == "move":
            self.drag_to(point)
        elif kind == "paint":
            self.paint_to(self.cell_at(*point))

    def twist(self):
        """Turn the twisted token by the angle the two pointers turned through."""
        import math

        creature = self.encounter.creature(self.gesture["name"])
        (ax, ay), (bx, by) = self.pointers.values()
        sx, sy = self.gesture["start"]
        turned = math.atan2(by - ay, bx - ax) - math.atan2(sy, sx)
        layout = self.layout(1)
        ux, uy = state.facing_direction(self.gesture["facing"], creature, self.encounter.grid, layout)
        cx, cy = state.centre(creature, self.encounter.grid, layout)
        cos, sin = math.cos(turned), math.sin(turned)
        target = (cx + (ux * cos - uy * sin) * 100, cy + (ux * sin + uy * cos) * 100)
        self.turn(creature.name, state.facing_toward(creature, self.encounter.grid, layout, *target), False)

    def drag_to(self, point):
        """Plan the move to where the pointer is, and show its path, cost and any problem.

        A pointer past the board's edge aims at the nearest place where the token's whole space
        is on the board, so a drag never asks the rules about a place far off it."""
        from rules.placement import nearest_place

        creature = self.encounter.creature(self.gesture["name"])
        cell = self.cell_at(*point)
        grab = self.gesture["grab"]
        anchor = type(cell)(*(c + a - g for c, a, g in zip(cell.coords, creature.anchor.coords, grab.coords)))
        grid = self.encounter.grid
        if not all(grid.contains(each) for each in replace(creature, anchor=anchor).cells(grid)):
            inside = nearest_place(creature, grid, {}, near=anchor)
            anchor = creature.anchor if inside is None else inside.anchor
        if anchor == creature.anchor:
            self.gesture["ghost"] = None
            self.gesture["target"] = anchor
        elif anchor != self.gesture.get("target"):
            self.gesture["target"] = anchor
            answer = self.plan(creature, anchor)
            self.gesture["answer"] = answer
            self.gesture["ghost"] = answer.path.end if answer.legal else replace(creature, anchor=anchor)
            self.gesture["cycle"] = False
        self.request_frame()

    def on_pointer_up(self, event):
        """End the gesture: drop a dragged token, or deselect after a click on empty board."""
        self.pointers.pop(event.pointerId, None)
        gesture, kind = self.gesture, (self.gesture or {}).get("kind")
        if self.pointers:
            return
        self.gesture = None
        self.top_canvas.classList.remove("panning")
        if kind in ("turn", "twist"):
            creature = self.encounter.creature(gesture["name"])
            if creature != gesture["before"]:
                encounter, refusal = self.spend_turn(self.encounter, gesture["before"])
                self.commit(encounter, f"{creature.name} faces {creature.facing_name(self.encounter.grid)}.")
                if refusal:
                    self.say(refusal, error=True)
        elif kind == "paint":
            self.finish_paint(gesture)
        elif kind == "pan" and not gesture["moved"]:
            self.select(None)
        elif kind == "move" and gesture["ghost"] is not None:
            self.finish_move(gesture["answer"])
        elif kind == "move" and gesture.get("cycle"):
            self.cycle(gesture["grab"], gesture["name"])
        self.request_frame()

    def cycle(self, cell, name):
        """A click on a square several creatures share, on the one already selected: select the
        next of them, so repeated clicks reach each in turn."""
        following = state.next_occupant(self.encounter, cell, name)
        if following is not None:
            self.select(following.name)

    def plan(self, creature, anchor):
        """The movement rules' answer for moving ``creature`` to ``anchor``: the move the panel
        says, or the forced move a chosen special effect imposes on it (``self.forced``)."""
        from rules.movement import forced_move, plan_move

        field = state.battlefield(self.encounter, creature.name)
        forced = self.forced
        if forced is not None and forced["name"] == creature.name:
            away = self.encounter.creature(forced["away"]) if forced["away"] else None
            return forced_move(creature, anchor, field, forced["feet"], away)
        return plan_move(creature, anchor, field, self.ui.move_mode, self.ui.policy)

    def finish_move(self, answer):
        """Commit a legal move; an illegal one puts the token back where it started, saying why
        beside it and in the notices."""
        name = answer.path.start.name
        if not answer.legal:
            self.say(f"{name} stays put. {answer.problem}.", error=True)
            self.say_beside(answer.path.start, answer.problem)
            return
        path = answer.path
        if self.forced is not None and self.forced["name"] == name:
            effect, self.forced = self.forced["effect"], None
            self.commit(self.encounter.replace(name, answer.stop), f"{name} is forced {path.feet} ft ({effect}).")
            return
        message = f"{name} moved {path.feet} ft ({squares(path.squares)})."
        provoked = [opponent.name for opponent, _ in path.provocations]
        if provoked:
            message += f" Provokes attacks of opportunity from {names_text(provoked)}."
        encounter = self.encounter.replace(name, answer.stop)
        if encounter.round is not None:
            from web import table

            encounter = table.after_move(encounter, name, path.moved)
        self.commit(encounter, message)

    def on_wheel(self, event):
        """Zoom about the cursor; the page itself does not scroll."""
        event.preventDefault()
        factor = ZOOM_STEP ** (-event.deltaY * (16 if event.deltaMode == 1 else 1))
        self.view = self.view.zoomed(factor, event.offsetX, event.offsetY)
        self.request_frame()

    # Keyboard: arrows move the selection one cell, Q / E turn it, Delete removes it; holding
    # F shows the arcs in "hold F" mode.
    def on_key_down(self, event):
        """Handle a key pressed on the page (not while typing in the panel)."""
        if event.target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
            return
        key = event.key
        if event.ctrlKey or event.metaKey:
            if key.lower() == "z" and not event.shiftKey:
                self.undo()
            elif key.lower() in ("y", "z"):
                self.redo()
            else:
                return
            event.preventDefault()
            return
        if key == "Escape" and self.forced is not None:
            self.say(f"{self.forced['name']} is not moved ({self.forced['effect']} cancelled).")
            self.forced = None
            event.preventDefault()
            return
        if key == "Escape" and self.ui.tool != "select":
            self.set_tool("select")
            event.preventDefault()
            return
        if key.lower() == ARCS_KEY and not self.ui.arcs_held:
            self.ui = replace(self.ui, arcs_held=True)
            self.request_frame()
            return
        if self.ui.selected is None:
            return
        creature = self.encounter.creature(self.ui.selected)
        if key in ("q", "Q", "e", "E") and creature.has_facing:
            count = len(facing_names(creature.size, self.encounter.grid))
            self.turn(creature.name, (creature.facing + (1 if key in "eE" else -1)) % count)
        elif key in ("Delete", "Backspace"):
            self.remove_token(creature.name)
        elif key in ARROWS:
            self.step(creature, ARROWS[key])
        else:
            return
        event.preventDefault()

    def on_key_up(self, event):
        """Releasing F hides the held arcs."""
        if event.key.lower() == ARCS_KEY and self.ui.arcs_held:
            self.ui = replace(self.ui, arcs_held=False)
            self.request_frame()

    def step(self, creature, screen_vector):
        """Move ``creature`` one cell in the grid direction nearest the arrow's screen vector."""
        layout = self.layout(1)
        grid = self.encounter.grid
        x, y = layout.to_pixel(creature.anchor)

        def along(index):
            nx, ny = layout.to_pixel(grid.step(creature.anchor, index))
            length = ((nx - x) ** 2 + (ny - y) ** 2) ** 0.5
            return ((nx - x) * screen_vector[0] + (ny - y) * screen_vector[1]) / length

        best = max(range(len(grid.directions)), key=along)
        target = grid.step(creature.anchor, best)
        self.finish_move(self.plan(creature, target))

    # Token changes (the token form calls these; ``web.token_panel``).
    def add_token(self, values):
        """Add a token from the token form's ``values`` on the free place nearest the middle of
        the view; its name, or ``None`` if the board refuses it (saying why)."""
        from rules.placement import nearest_place
        from web.tokens import new_creature

        grid = self.encounter.grid
        width, height = self.size
        middle = self.layout().from_pixel(width / 2, height / 2)
        try:
            creature = new_creature(values, grid.cells()[0], grid)
            named = self.encounter.unused_name(creature.name)
            message = f"{named} added." if named == creature.name else f"{named} added ({creature.name} was taken)."
            creature = replace(creature, name=named)
            occupied = {}
            for other in self.encounter.creatures:
                for cell in other.cells(grid):
                    occupied.setdefault(cell, []).append(other)
            placed = nearest_place(creature, grid, occupied, near=middle)
            if placed is None:
                raise RulesError(f"There is no free space left on the board for {creature.name}.")
            self.commit(self.encounter.place(placed), message)
        except RulesError as error:
            self.say(str(error), error=True)
            return None
        return creature.name

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
        self.select(None)

    def on_delete(self, _event=None):
        """Remove the selected token."""
        if self.ui.selected is not None:
            self.remove_token(self.ui.selected)

    def regrid(self, grid, message):
        """Put the encounter on ``grid`` (another kind or size); creatures that no longer fit
        move to the nearest free place and the notice names them; where nothing fits, nothing
        changes and the notice says why."""
        try:
            encounter, moved = self.encounter.on_grid(grid)
        except RulesError as error:
            self.say(str(error), error=True)
            self.refresh_table()
            return
        dropped = len(self.encounter.terrain.cells) - len(encounter.terrain.cells)
        dropped_walls = len(self.encounter.terrain.edges) - len(encounter.terrain.edges)
        if moved:
            message += f" {names_text(moved)} moved to the nearest place that fits."
        if dropped or dropped_walls:
            message += f" Terrain left out: {dropped} cells and {dropped_walls} walls (Undo brings them back)."
        self.commit(encounter, message)

    def set_grid(self, choice):
        """Switch the board to the grid named by a grid-kind control value, keeping its size."""
        grid = self.encounter.grid
        if choice == grid_choice(grid):
            return
        self.regrid(make_grid(choice, grid.width, grid.height), f"Grid: {GRID_LABELS[choice].lower()}.")
        if self.table is not None:
            self.table.refresh()
        self.request_frame()

    def set_size(self, width, height):
        """Resize the board to ``width`` x ``height`` cells (the inputs' text)."""
        from rules.link import MAX_SIDE

        grid = self.encounter.grid
        try:
            columns, rows = int(str(width).strip()), int(str(height).strip())
        except ValueError:
            columns = rows = 0
        if not (1 <= columns <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
            self.say(f"The board's width and height are whole numbers from 1 to {MAX_SIDE}.", error=True)
            self.refresh_table()
            return
        if (columns, rows) == (grid.width, grid.height):
            return
        self.regrid(make_grid(grid_choice(grid), columns, rows), f"The board is now {columns} x {rows}.")

    def set_ruleset(self, name):
        """Use the facing ruleset called ``name``."""
        self.commit(replace(self.encounter, ruleset=RULESETS[name]), f"Facing rules: {RULESETS[name].label}.")

    def set_option(self, name, raw):
        """Set the optional rule called ``name`` from its control's value."""
        from rules.options import option_info
        from web import table

        try:
            encounter = table.with_option(self.encounter, name, raw)
        except RulesError as error:
            self.say(str(error), error=True)
            self.refresh_table()
            return
        value = getattr(encounter.options, name)
        state = value if not isinstance(value, bool) else ("on" if value else "off")
        self.commit(encounter, f"{option_info(name).label}: {state}.")

    # Map tools (issue 8): the brush and rectangle paint cells, the wall tool toggles walls,
    # the attack tool picks the attacker and the target.
    def set_tool(self, tool):
        """Take up the board tool called ``tool`` (``web.tools.TOOLS``)."""
        self.ui = replace(self.ui, tool=tool)
        self.top_canvas.classList.toggle("painting", tool != "select")
        for radio in document.querySelectorAll("input[name=tool]"):
            radio.checked = radio.value == tool
        self.request_frame()

    def use_tool(self, point, layout):
        """A pointer down with a tool in hand: start painting, toggle a wall, or pick a token."""
        tool = self.ui.tool
        cell = layout.from_pixel(*point)
        if tool in tools.PAINT_TOOLS:
            self.gesture = {"kind": "paint", "before": self.encounter, "start": cell, "last": cell, "cells": set()}
            self.paint_to(cell)
        elif tool == "wall":
            edge = tools.nearest_edge(self.encounter.grid, layout, *point)
            if edge is None:
                where = "near the side of a square" if self.encounter.grid.kind == "square" else "on a board of squares"
                self.say(f"Walls stand between two squares: click {where}.", error=True)
                return
            terrain, message = tools.toggled_wall(self.encounter.terrain, *edge, self.ui.wall)
            try:
                walled = replace(self.encounter, terrain=terrain)
            except RulesError as error:
                self.say(f"No wall there: {error}", error=True)
                return
            self.commit(walled, message + ".")
        elif tool == "attack":
            creature = state.creature_at(self.encounter, cell)
            if creature is None:
                self.say("Click a token: first the attacker, then its target.")
            elif self.ui.attacker is None or self.ui.target is not None:
                self.choose_attack(creature.name, None)
            elif creature.name != self.ui.attacker:
                self.choose_attack(self.ui.attacker, creature.name)

    def paint_to(self, cell):
        """Paint on to ``cell``: the brush the cells from the last one, the rectangle the box
        from where the drag began."""
        gesture = self.gesture
        grid, kind = self.encounter.grid, self.ui.paint
        if self.ui.tool == "brush":
            cells = tools.stroke(grid, gesture["last"], cell)
            gesture["last"] = cell
            gesture["cells"].update(cells)
            base = self.encounter.terrain
        else:
            cells = tools.box(grid, gesture["start"], cell)
            gesture["cells"] = set(cells)
            base = gesture["before"].terrain
        terrain, spared = tools.painted_around(self.encounter, base, cells, kind)
        gesture.setdefault("spared", set()).update(spared)
        if terrain != self.encounter.terrain:
            self.commit(replace(self.encounter, terrain=terrain), record=False)

    def finish_paint(self, gesture):
        """End a paint stroke: one undo step for the whole stroke."""
        if self.encounter.terrain == gesture["before"].terrain:
            return
        label = dict(tools.palette())[self.ui.paint]
        count = len(gesture["cells"])
        message = f"{label}: {count} {'cell' if count == 1 else 'cells'}."
        if gesture.get("spared"):
            message += f" The ground under {names_text(sorted(gesture['spared']))} is left as it was: they cannot stand on it."
        self.commit(self.encounter, message)

    def reachable_count(self, name):
        """How many cells the creature called ``name`` can end a move in (the movement range's
        nearest band), as the rules work it out (for tests)."""
        creature = self.encounter.creature(name)
        return len(state.movement_bands(self.encounter, creature, self.ui.policy)[0][1])

    # The attack panel and the round tracker (issue 8).
    def choose_attack(self, attacker, target):
        """Choose the attack panel's attacker and target (names, or ``None``)."""
        self.ui = replace(self.ui, attacker=attacker, target=target)
        if self.table is not None:
            self.table.clear_roll()
            self.refresh_table()
        self.request_frame()

    def set_stance(self, stance):
        """Put the attack panel's attacker in ``stance`` (a stance's value) for the round."""
        name = self.ui.attacker
        if name is None:
            return
        try:
            stats = replace(self.encounter.stats_of(name), stance=stance)
            self.commit(self.encounter.with_stats(name, stats), f"{name} takes {stats.stance.value} stance.")
        except RulesError as error:
            self.say(str(error), error=True)
            self.refresh_table()

    def save_stats(self, name, values):
        """Save the stats editor's changed ``values`` to the combat stats of the creature called
        ``name`` (its other stats as they are); whether they were saved."""
        from web import table

        try:
            stats = table.stats_from_form(values, self.encounter.stats_of(name))
            encounter = self.encounter.with_stats(name, stats)
        except RulesError as error:
            self.say(str(error), error=True)
            return False
        self.commit(encounter, f"{name}'s combat stats saved.")
        return True

    def roll_attack(self):
        """Roll the attack panel's attack: its result in the panel and the round's log."""
        from web import table
        from web.table_panel import seeded_random

        attacker, target, kind, maneuver = self.table.attack_choice()
        if attacker is None or target is None:
            self.say("Choose an attacker and a target first.", error=True)
            return
        try:
            encounter, view = table.rolled(self.encounter, attacker, target, kind, maneuver, seeded_random())
        except RulesError as error:
            self.say(str(error), error=True)
            return
        self.commit(encounter, view.headline + ".")
        self.table.show_roll(view)

    def choose_effect(self, view, index):
        """Impose special effect number ``index`` of the roll ``view``, logged."""
        from web import table

        encounter, message = table.effect_chosen(self.encounter, view, index)
        self.commit(encounter, message)
        forced = table.forced_by(view, index)
        if forced is not None:
            self.force(forced["name"], forced["feet"], forced["away"], forced["effect"], message)

    def force(self, name, feet, away=None, effect="Reposition", message=""):
        """Let the next drag of ``name`` be a forced move of at most ``feet`` (back from ``away``
        for a Shield Slam), as a chosen special effect imposes (``rules.movement.forced_move``)."""
        self.forced = {"name": name, "feet": feet, "away": away, "effect": effect}
        self.say(f"{message} Drag {name} up to {feet} ft ({effect}); Escape cancels.".strip())

    def face_target(self):
        """Turn the attacker to the facing the rules require before its attack."""
        from web import table

        attacker, target, kind, maneuver = self.table.attack_choice()
        try:
            encounter = table.turned_first(self.encounter, attacker, target, kind, maneuver)
        except RulesError as error:
            self.say(str(error), error=True)
            return
        self.commit(encounter, f"{attacker} faces {encounter.creature(attacker).facing_name(encounter.grid)}.")

    def set_initiative(self, side):
        """The side ``side`` (``None``: a tie) won this round's initiative."""
        from web import table

        try:
            self.commit(table.started(self.encounter, side), "Initiative tied." if side is None else f"{side} has initiative.")
        except RulesError as error:
            self.say(str(error), error=True)

    def step_turn(self, forward):
        """Go to the next (or previous) turn of the round."""
        from web import table

        try:
            encounter = table.stepped(self.encounter, forward)
        except RulesError as error:
            self.say(str(error), error=True)
            return
        current = table.current_name(encounter)
        self.commit(encounter, f"Round {encounter.round_state().number}: {current}'s turn." if current else None)

    def declare(self, name, action):
        """The creature called ``name`` declares ``action`` for the round."""
        from rules.round import declare_action

        try:
            round_state = declare_action(self.encounter.round_state(), name, action)
            self.commit(self.encounter.with_round(round_state), f"{name} declares {action}.")
        except RulesError as error:
            self.say(str(error), error=True)
            self.refresh_table()

    def set_ui(self, **changes):
        """Change overlay switches."""
        self.ui = replace(self.ui, **changes)
        self.request_frame()
        self.warm()


ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}


def start():
    """Build the board, draw the first frame, mark the page ready, then wire the panels.

    A damaged link opened at start says so over the board, and which board is shown instead;
    its address stays in the address bar until the player changes something, so it can be
    sent back to whoever shared it.
    """
    from web import links
    from web.dom import set_reporter

    encounter, message, is_error = links.opening_encounter()
    board = Board(encounter)
    set_reporter(board.report)
    if message:
        board.say(message, error=is_error)
    board.draw()
    root = document.documentElement
    root.dataset.readyMs = str(js.performance.now())
    root.dataset.ready = "1"
    js.window.flankwise = create_proxy(board)
    canvas = board.top_canvas
    listen(canvas, "pointerdown", board.on_pointer_down)
    listen(canvas, "pointermove", board.on_pointer_move)
    for name in ("pointerup", "pointercancel"):
        listen(canvas, name, board.on_pointer_up)
    listen(canvas, "wheel", board.on_wheel, passive=False)
    listen(js.window, "resize", board.resize)
    listen(document, "keydown", board.on_key_down, passive=False)
    listen(document, "keyup", board.on_key_up)
    listen(js.window, "hashchange", board.open_link)
    wire_panel(board)
    if not is_error:
        board.publish()
    else:
        board.refresh_table()


def wire_panel(board):
    """Fill the panels from the rules' data and connect their controls."""
    from web.dom import element
    from web.encounter_panel import EncounterPanel
    from web.panel import Panel
    from web.token_panel import TokenPanel

    board.panel = panel = Panel(board)
    panel.sync_switches(board.encounter, board.ui)
    board.tokens = TokenPanel(board)
    board.shared = EncounterPanel(board)
    for radio in document.querySelectorAll("#grid-kind input[name=grid]"):
        listen(radio, "change", lambda event: board.set_grid(event.target.value))
    listen(element("ruleset"), "change", lambda event: board.set_ruleset(event.target.value))
    for radio in document.querySelectorAll("input[name=arcs]"):
        listen(radio, "change", lambda event: board.set_ui(arcs=event.target.value))
    listen(element("move-mode"), "change", lambda event: board.set_ui(mode=event.target.value))
    for id_, field in (("show-beyond", "beyond"), ("show-reach", "reach"), ("show-bands", "bands"),
                       ("keep-facing", "keep_facing")):
        listen(element(id_), "change", lambda event, field=field: board.set_ui(**{field: event.target.checked}))
    listen(element("undo"), "click", board.undo)
    listen(element("redo"), "click", board.redo)
    board.refresh()
    js.setTimeout(create_once_callable(guarded(lambda: wire_table(board))), 0)


def wire_table(board):
    """Build the table panels once the first frame is on screen (they load the combat rules)."""
    from web.table_panel import wire_table as wire

    wire(board)
