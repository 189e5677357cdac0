"""The board's gestures: pointer, wheel and keys on the board, turned into calls on the board.

With the Select tool a token drags to move (the movement rules price the path; in free
placement, or holding Alt, it goes anywhere its space fits, with the others selected with it),
its handle (or Shift and a drag) turns it, two fingers twist it or pinch the board, a drag on
empty board pans and a Shift-drag there draws a box that selects the creatures in it. A click
on a token selects it (Shift-click adds it to the selection; a second click on a shared square
goes on to the next creature there); a long press, or the right button, opens its menu. The
other tools measure (``web.ruler``), lay spell areas (``web.area_tool``), paint terrain, toggle walls or pick the attacker and
target. Keys: Tab goes through the creatures, arrows move (Alt: freely), Q / E turn, Delete
removes, M takes up the ruler, + / - zoom, ? lists the keys. Nothing here decides a rule: moves and placements are the rules' answers.
"""

import math
import time
from dataclasses import replace

import js
from pyodide.ffi import create_once_callable

from rules.errors import RulesError
from rules.sizes import facing_names
from web import state, tools
from web.canvas import names_text, squares

ARROWS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
ARCS_KEY = "f"
MEASURE_KEY = "m"
ZOOM_STEP = 1.0015  # per wheel delta unit: a mouse notch (100) zooms about 16%
LONG_PRESS_MS = 550
"""How long a finger held still on the board opens the menu there."""
STILL = 8
"""CSS pixels a pointer may wander and still count as held still (a click, a long press)."""


class Gestures:
    """The pointer and key gestures of one board."""

    def __init__(self, board):
        self.board = board
        self.pointers = {}
        self.gesture = None
        self.forced = None
        self.press_timer = None
        self.long_pressed = False

    # Pointer events (CSS pixels).
    def on_pointer_down(self, event):
        """Start a gesture: turn by the handle, drag a token, draw a box, or pan the board."""
        board = self.board
        canvas = board.canvas.top_canvas
        canvas.setPointerCapture(event.pointerId)
        point = (event.offsetX, event.offsetY)
        self.pointers[event.pointerId] = point
        board.hud.close_menu()
        if len(self.pointers) == 2:
            self.cancel_press()
            self.start_two_finger()
            return
        if event.button == 2:
            return
        layout = board.canvas.layout(1)
        board.notices.clear_errors()
        if board.ui.tool != "select":
            self.use_tool(point, layout)
            return
        encounter = board.encounter
        selected = encounter.creature(board.ui.selected) if board.ui.selected else None
        creature = state.creature_at_point(encounter, layout, *point)
        if selected is not None and selected.has_facing and creature in (None, selected):
            hx, hy, grab = state.handle_grab(selected, encounter.grid, layout, state.taken_cells(encounter, selected.name))
            if (hx - point[0]) ** 2 + (hy - point[1]) ** 2 <= grab ** 2:
                self.gesture = {"kind": "turn", "name": selected.name, "before": selected}
                return
        if creature is None and not event.shiftKey and board.encounter.terrain.edges and self.toggle_door(point, layout):
            return
        if event.pointerType == "touch":
            self.start_press(point, creature)
        if creature is None:
            if event.shiftKey:
                self.gesture = {"kind": "box", "pressed": point, "box": None}
            else:
                self.gesture = {"kind": "pan", "moved": False, "pressed": point}
                canvas.classList.add("panning")
            return
        was_selected = creature.name == board.ui.selected
        if event.shiftKey:
            self.gesture = {"kind": "shift", "name": creature.name, "pressed": point, "before": creature}
            return
        if creature.name not in board.ui.chosen:
            board.select(creature.name)
        else:
            board.select(creature.name, keep_group=True)
        grab = layout.from_pixel(*point)
        free = board.ui.free or bool(event.altKey)
        self.gesture = {"kind": "move", "name": creature.name, "grab": grab, "ghosts": None, "pressed": point,
                        "cycle": was_selected, "free": free}

    def toggle_door(self, point, layout):
        """A press on a door with the Select tool opens or closes it (``web.tools.clicked_door``),
        one undo step; a door that cannot close (a creature in the doorway) says why. Whether
        the press was on a door."""
        board = self.board
        toggled = tools.clicked_door(board.encounter.grid, layout, board.encounter.terrain, *point)
        if toggled is None:
            return False
        terrain, message = toggled
        try:
            changed = replace(board.encounter, terrain=terrain)
        except RulesError as error:
            board.say(f"The door cannot close: {str(error).rstrip('.')}.", error=True)
            return True
        board.commit(changed, message + ".")
        return True

    def start_two_finger(self):
        """A second pointer: twist the token being dragged, else pinch-zoom the board."""
        gesture = self.gesture or {}
        if gesture.get("kind") in ("move", "turn"):
            creature = self.board.encounter.creature(gesture["name"])
            if creature.has_facing:
                (ax, ay), (bx, by) = self.pointers.values()
                self.gesture = {"kind": "twist", "name": creature.name, "facing": creature.facing,
                                "start": (bx - ax, by - ay), "before": gesture.get("before", creature)}
                return
        self.gesture = {"kind": "pinch"}

    def on_pointer_move(self, event):
        """Carry the gesture on (its handling time counts toward the canvas's ``timings`` if it
        asks for a frame, else toward ``quiet_timings``: see ``Canvas.on_frame``)."""
        if event.pointerId not in self.pointers:
            if self.board.ui.tool == "measure" and event.pointerType == "mouse":
                self.board.ruler.hovered((event.offsetX, event.offsetY))
            return
        started = time.perf_counter()
        try:
            self.carry(event)
        finally:
            canvas = self.board.canvas
            spent = (time.perf_counter() - started) * 1000
            if canvas.frame_requested:
                canvas.busy_ms += spent
            else:
                canvas.quiet_ms += spent

    def carry(self, event):
        """Move the gesture under way to the pointer's new position."""
        board = self.board
        old = dict(self.pointers)
        point = (event.offsetX, event.offsetY)
        self.pointers[event.pointerId] = point
        gesture = self.gesture or {}
        kind = gesture.get("kind")
        if "pressed" in gesture and math.dist(point, gesture["pressed"]) > STILL:
            self.cancel_press()
            gesture["moved"] = True
        if kind == "pan":
            (x0, y0) = old[event.pointerId]
            board.view = board.view.panned(point[0] - x0, point[1] - y0)
            board.canvas.request_frame()
        elif kind == "pinch" and len(self.pointers) == 2:
            board.view = board.view.pinched(list(old.values()), list(self.pointers.values()))
            board.canvas.request_frame()
        elif kind == "shift" and gesture.get("moved"):
            self.gesture = {"kind": "turn", "name": gesture["name"], "before": gesture["before"]}
            board.select(gesture["name"])
            self.carry_turn(point)
        elif kind == "turn":
            self.carry_turn(point)
        elif kind == "twist" and len(self.pointers) == 2:
            self.twist()
        elif kind == "move":
            if gesture["free"]:
                self.free_drag_to(point)
            else:
                self.drag_to(point)
        elif kind == "paint":
            self.paint_to(board.canvas.layout(1).from_pixel(*point))
        elif kind == "box":
            self.box_to(point)
        elif kind == "measure" and gesture.get("moved"):
            board.ruler.dragged(point)
        elif kind == "area":
            board.areas.dragged(point)

    def carry_turn(self, point):
        """Turn the creature being turned toward ``point``."""
        board = self.board
        creature = board.encounter.creature(self.gesture["name"])
        layout = board.canvas.layout(1)
        # Worked out once while the creature stands where it is: most events leave its facing.
        key = (creature.anchor, creature.size, layout)
        if self.gesture.get("aim", (None,))[0] != key:
            self.gesture["aim"] = (key, state.facing_aim(creature, board.encounter.grid, layout))
        board.turn(creature.name, self.gesture["aim"][1](*point), record=False)

    def twist(self):
        """Turn the twisted token by the angle the two pointers turned through."""
        board = self.board
        creature = board.encounter.creature(self.gesture["name"])
        (ax, ay), (bx, by) = self.pointers.values()
        sx, sy = self.gesture["start"]
        turned = math.atan2(by - ay, bx - ax) - math.atan2(sy, sx)
        layout = board.canvas.layout(1)
        grid = board.encounter.grid
        ux, uy = state.facing_direction(self.gesture["facing"], creature, grid, layout)
        cx, cy = state.centre(creature, grid, layout)
        cos, sin = math.cos(turned), math.sin(turned)
        target = (cx + (ux * cos - uy * sin) * 100, cy + (ux * sin + uy * cos) * 100)
        board.turn(creature.name, state.facing_toward(creature, grid, layout, *target), record=False)

    def aimed_anchor(self, creature, point):
        """The anchor a drag of ``creature`` points at: the grabbed cell under the pointer; past
        the board's edge, the nearest anchor where its whole space is on the board."""
        from rules.placement import nearest_place

        board = self.board
        grid = board.encounter.grid
        cell = board.canvas.layout(1).from_pixel(*point)
        grab = self.gesture["grab"]
        anchor = type(cell)(*(c + a - g for c, a, g in zip(cell.coords, creature.anchor.coords, grab.coords)))
        if not all(grid.contains(each) for each in replace(creature, anchor=anchor).cells(grid)):
            inside = nearest_place(creature, grid, {}, near=anchor)
            anchor = creature.anchor if inside is None else inside.anchor
        return anchor

    def drag_to(self, point):
        """Plan the move to where the pointer is, and show its path, cost and any problem."""
        board = self.board
        gesture = self.gesture
        creature = board.encounter.creature(gesture["name"])
        anchor = self.aimed_anchor(creature, point)
        if anchor == creature.anchor:
            gesture["ghosts"] = None
            gesture["target"] = anchor
        elif anchor != gesture.get("target"):
            gesture["target"] = anchor
            answer = self.plan(creature, anchor)
            gesture["answer"] = answer
            gesture["ghosts"] = [answer.path.end if answer.legal else replace(creature, anchor=anchor)]
            gesture["cycle"] = False
        board.canvas.request_frame()

    def free_drag_to(self, point):
        """Free placement: put the dragged creature (and those selected with it) where the
        pointer is, if every space fits there (the encounter's own rules say), with no speed
        limit and no attack of opportunity."""
        from rules.placement import moved_freely

        board = self.board
        gesture = self.gesture
        encounter = board.encounter
        creature = encounter.creature(gesture["name"])
        anchor = self.aimed_anchor(creature, point)
        if anchor == gesture.get("target"):
            return
        gesture["target"] = anchor
        if anchor == creature.anchor:
            gesture["ghosts"] = None
            board.canvas.request_frame()
            return
        gesture["cycle"] = False
        shift = tuple(a - b for a, b in zip(anchor.coords, creature.anchor.coords))
        names = board.ui.chosen if creature.name in board.ui.chosen else (creature.name,)
        moves = {name: type(anchor)(*(c + d for c, d in zip(encounter.creature(name).anchor.coords, shift))) for name in names}
        feet = encounter.grid.distance(creature.anchor, anchor) * 5
        gesture["from"] = creature
        gesture["moves"] = moves
        try:
            gesture["placed"] = moved_freely(encounter, moves)
            gesture["legal"] = True
            gesture["label"] = f"Free placement: {feet} ft"
        except RulesError as error:
            gesture["placed"] = None
            gesture["legal"] = False
            gesture["label"] = str(error).rstrip(".")
        ghosts = [replace(encounter.creature(name), anchor=moves[name]) for name in names]
        gesture["ghosts"] = [creature_ghost for creature_ghost in ghosts if creature_ghost.name == creature.name] + [
            ghost for ghost in ghosts if ghost.name != creature.name]
        board.canvas.request_frame()

    def box_to(self, point):
        """Stretch the selection box to ``point``."""
        gesture = self.gesture
        dpr = self.board.canvas.dpr
        (x0, y0), (x1, y1) = gesture["pressed"], point
        gesture["box"] = (min(x0, x1) * dpr, min(y0, y1) * dpr, max(x0, x1) * dpr, max(y0, y1) * dpr)
        gesture["css"] = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        self.board.canvas.request_frame()

    def on_pointer_up(self, event):
        """End the gesture: drop, turn, paint, select what a box holds, or let go of the
        selection after a click on empty board."""
        board = self.board
        self.pointers.pop(event.pointerId, None)
        gesture, kind = self.gesture, (self.gesture or {}).get("kind")
        self.cancel_press()
        if self.pointers:
            return
        self.gesture = None
        board.canvas.top_canvas.classList.remove("panning")
        if kind in ("turn", "twist"):
            creature = board.encounter.creature(gesture["name"])
            if creature != gesture["before"]:
                encounter, refusal = board.spend_turn(board.encounter, gesture["before"])
                board.commit(encounter, f"{creature.name} faces {creature.facing_name(board.encounter.grid)}.")
                if refusal:
                    board.say(refusal, error=True)
        elif kind == "paint":
            self.finish_paint(gesture)
        elif kind == "measure":
            board.ruler.released((event.offsetX, event.offsetY))
        elif kind == "area":
            board.areas.released()
        elif kind == "pan" and not gesture["moved"]:
            board.select(None)
        elif kind == "box" and gesture.get("css"):
            self.finish_box(gesture["css"])
        elif kind == "shift":
            board.toggle_chosen(gesture["name"])
        elif kind == "move" and gesture["ghosts"] is not None:
            if gesture["free"]:
                self.finish_free(gesture)
            else:
                self.finish_move(gesture["answer"])
        elif kind == "move" and gesture.get("cycle"):
            following = state.next_occupant(board.encounter, gesture["grab"], gesture["name"])
            if following is not None:
                board.select(following.name)
        board.canvas.catch_up()
        board.canvas.request_frame()

    def finish_box(self, box):
        """Select every creature whose token's centre lies in the box (CSS pixels)."""
        board = self.board
        layout = board.canvas.layout(1)
        left, top, right, bottom = box
        inside = [creature.name for creature in board.encounter.creatures
                  if left <= state.centre(creature, board.encounter.grid, layout)[0] <= right
                  and top <= state.centre(creature, board.encounter.grid, layout)[1] <= bottom]
        if inside:
            board.select(inside[0], group=tuple(inside))
            board.say(f"Selected {names_text(inside)}.")
        else:
            board.select(None)

    def finish_free(self, gesture):
        """Commit a free placement; one that does not fit is put back, saying why."""
        board = self.board
        name = gesture["name"]
        if gesture["placed"] is None:
            board.say(f"{name} stays put. {gesture['label']}.", error=True)
            board.say_beside(gesture["from"], gesture["label"])
            return
        moved = list(gesture["moves"])
        feet = board.encounter.grid.distance(gesture["from"].anchor, gesture["moves"][name]) * 5
        who = names_text(moved)
        board.commit(gesture["placed"], f"{who} placed {feet} ft away (free placement).")

    def plan(self, creature, anchor):
        """The movement rules' answer for moving ``creature`` to ``anchor``: the move the drag
        makes, or the forced move a chosen special effect imposes on it (``self.forced``)."""
        from rules.movement import forced_move, plan_move

        board = self.board
        field = state.battlefield(board.encounter, creature.name)
        creature = board.encounter.mover(creature.name) if board.encounter.conditions or board.encounter.stats else creature
        forced = self.forced
        if forced is not None and forced["name"] == creature.name:
            away = board.encounter.creature(forced["away"]) if forced["away"] else None
            return forced_move(creature, anchor, field, forced["feet"], away)
        return plan_move(creature, anchor, field, board.ui.move_mode, board.ui.policy)

    def finish_move(self, answer):
        """Commit a legal move; an illegal one puts the token back where it started, saying why
        beside it and in the notices."""
        board = self.board
        name = answer.path.start.name
        if not answer.legal:
            board.say(f"{name} stays put. {answer.problem}.", error=True)
            board.say_beside(answer.path.start, answer.problem)
            return
        path = answer.path
        if self.forced is not None and self.forced["name"] == name:
            effect, self.forced = self.forced["effect"], None
            own = board.encounter.creature(name).speed_modifiers
            stop = replace(answer.stop, speed_modifiers=own)
            board.commit(board.encounter.replace(name, stop), f"{name} is forced {path.feet} ft ({effect}).")
            return
        message = f"{name} moved {path.feet} ft ({squares(path.squares)})."
        provoked = [opponent.name for opponent, _ in path.provocations]
        if provoked:
            message += f" Provokes attacks of opportunity from {names_text(provoked)}."
        own = board.encounter.creature(name).speed_modifiers
        encounter = board.encounter.replace(name, replace(answer.stop, speed_modifiers=own))
        if encounter.round is not None:
            from web import table

            encounter = table.after_move(encounter, name, path)
        board.commit(encounter, message)

    def force(self, name, feet, away=None, effect="Reposition", message=""):
        """Let the next drag of ``name`` be a forced move of at most ``feet`` (back from ``away``
        for a Shield Slam), as a chosen special effect imposes (``rules.movement.forced_move``)."""
        self.forced = {"name": name, "feet": feet, "away": away, "effect": effect}
        self.board.say(f"{message} Drag {name} up to {feet} ft ({effect}); Escape cancels.".strip())

    # Long press and the right button: the menu of a creature, or of the board.
    def start_press(self, point, creature):
        """A finger down: if it stays still long enough, open the menu there."""
        self.cancel_press()

        def opened():
            self.press_timer = None
            if self.gesture is not None and not self.gesture.get("moved") and len(self.pointers) == 1:
                self.gesture = None
                self.long_pressed = True
                self.board.open_menu(creature.name if creature is not None else None, point)

        self.press_timer = js.setTimeout(create_once_callable(opened), LONG_PRESS_MS)

    def cancel_press(self):
        """The finger moved or lifted: no menu."""
        if self.press_timer is not None:
            js.clearTimeout(self.press_timer)
            self.press_timer = None

    def on_touch_end(self, event):
        """The finger of a long press lifts: the browser would send a click where it was, which
        is now the menu's; that click is not the player's choice."""
        if self.long_pressed:
            self.long_pressed = False
            event.preventDefault()

    def on_context_menu(self, event):
        """The right button (or a long press the browser reports as one): the menu there."""
        event.preventDefault()
        if self.press_timer is not None or self.board.ui.tool != "select":
            return
        board = self.board
        point = (event.offsetX, event.offsetY)
        creature = state.creature_at_point(board.encounter, board.canvas.layout(1), *point)
        self.gesture = None
        board.open_menu(creature.name if creature is not None else None, point)

    def on_wheel(self, event):
        """Zoom about the cursor; the page itself does not scroll."""
        event.preventDefault()
        factor = ZOOM_STEP ** (-event.deltaY * (16 if event.deltaMode == 1 else 1))
        board = self.board
        board.view = board.view.zoomed(factor, event.offsetX, event.offsetY)
        board.canvas.request_frame()

    # The tools: measure, paint terrain, toggle walls, pick the attacker and the target.
    def use_tool(self, point, layout):
        """A pointer down with a tool in hand: start painting, toggle a wall, or pick a token."""
        board = self.board
        tool = board.ui.tool
        cell = layout.from_pixel(*point)
        if tool == "measure":
            self.gesture = {"kind": "measure", "pressed": point}
            board.ruler.pressed(point)
        elif tool == "area":
            if board.areas.pressed(point):
                self.gesture = {"kind": "area"}
        elif tool == "paint":
            self.gesture = {"kind": "paint", "before": board.encounter, "start": cell, "last": cell, "cells": set()}
            self.paint_to(cell)
        elif tool == "wall":
            edge = tools.nearest_edge(board.encounter.grid, layout, *point)
            if edge is None:
                board.say("Walls and doors stand between two cells: click near the side of a cell.", error=True)
                return
            terrain, message = tools.toggled_wall(board.encounter.terrain, *edge, board.ui.wall)
            try:
                walled = replace(board.encounter, terrain=terrain)
            except RulesError as error:
                board.say(f"No wall there: {error}", error=True)
                return
            board.commit(walled, message + ".")
        elif tool == "attack":
            creature = state.creature_at_point(board.encounter, layout, *point)
            if creature is None:
                board.say("Click a token: first the attacker, then its target.")
            elif board.ui.attacker is None or board.ui.target is not None:
                board.choose_attack(creature.name, None)
            elif creature.name != board.ui.attacker:
                board.choose_attack(board.ui.attacker, creature.name)

    def paint_to(self, cell):
        """Paint on to ``cell``: the brush the cells from the last one, the rectangle the box
        from where the drag began; never the ground under a creature that could not stand on
        the new kind (the rules say which)."""
        board = self.board
        gesture = self.gesture
        grid, kind = board.encounter.grid, board.ui.paint
        if board.ui.shape == "brush":
            cells = tools.stroke(grid, gesture["last"], cell)
            gesture["last"] = cell
            gesture["cells"].update(cells)
            base = board.encounter.terrain
        else:
            cells = tools.box(grid, gesture["start"], cell)
            gesture["cells"] = set(cells)
            base = gesture["before"].terrain
        terrain, spared = tools.painted_around(board.encounter, base, cells, kind)
        gesture.setdefault("spared", set()).update(spared)
        if terrain != board.encounter.terrain:
            board.commit(replace(board.encounter, terrain=terrain), record=False)

    def finish_paint(self, gesture):
        """End a paint stroke: one undo step for the whole stroke."""
        board = self.board
        if board.encounter.terrain == gesture["before"].terrain:
            return
        label = dict(tools.palette())[board.ui.paint]
        count = len(gesture["cells"])
        message = f"{label}: {count} {'cell' if count == 1 else 'cells'}."
        if gesture.get("spared"):
            message += f" The ground under {names_text(sorted(gesture['spared']))} is left as it was: they cannot stand on it."
        board.commit(board.encounter, message)

    # Keys.
    def on_key_down(self, event):
        """Handle a key pressed on the page (not while typing in a field)."""
        if event.target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
            return
        board = self.board
        key = event.key
        if event.ctrlKey or event.metaKey:
            if key.lower() == "z" and not event.shiftKey:
                board.undo()
            elif key.lower() in ("y", "z"):
                board.redo()
            else:
                return
            event.preventDefault()
            return
        if key == "Tab" and event.target == board.canvas.top_canvas:
            if board.select_next(-1 if event.shiftKey else 1):
                event.preventDefault()
            return
        if self.on_view_key(event) or self.on_escape(event):
            return
        if key.lower() == MEASURE_KEY:
            board.set_tool("select" if board.ui.tool == "measure" else "measure")
            event.preventDefault()
            return
        if key.lower() == ARCS_KEY and not board.ui.arcs_held:
            board.set_ui(arcs_held=True)
            return
        if board.ui.selected is None or on_a_control(event.target):
            return
        creature = board.encounter.creature(board.ui.selected)
        if key in ("q", "Q", "e", "E") and creature.has_facing:
            count = len(facing_names(creature.size, board.encounter.grid))
            board.turn(creature.name, (creature.facing + (1 if key in "eE" else -1)) % count)
        elif key in ("Delete", "Backspace"):
            board.remove_chosen()
        elif key in ARROWS:
            self.step(creature, ARROWS[key], free=bool(event.altKey) or board.ui.free)
        else:
            return
        event.preventDefault()

    def on_view_key(self, event):
        """?, + and -: the shortcuts, zoom in and out. Whether the key was one of them."""
        board = self.board
        key = event.key
        if key == "?":
            board.toolbar.toggle_shortcuts()
        elif key in ("+", "="):
            board.zoom_by(1.25)
        elif key in ("-", "_"):
            board.zoom_by(0.8)
        else:
            return False
        event.preventDefault()
        return True

    def on_escape(self, event):
        """Escape closes a menu or the shortcuts, cancels a forced move, takes up the Select
        tool, or lets go of the selection, in that order. Whether it was Escape."""
        if event.key != "Escape":
            return False
        board = self.board
        if board.hud.close_menu() or board.toolbar.close_popups():
            pass
        elif self.forced is not None:
            board.say(f"{self.forced['name']} is not moved ({self.forced['effect']} cancelled).")
            self.forced = None
        elif board.ui.tool == "measure" and board.ruler.clear():
            board.say("Ruler cleared.")
        elif board.ui.tool == "area" and board.areas.cancel():
            board.say("No area laid.")
        elif board.ui.tool != "select":
            board.set_tool("select")
        else:
            board.select(None)
        event.preventDefault()
        return True

    def on_key_up(self, event):
        """Releasing F hides the held arcs."""
        if event.key.lower() == ARCS_KEY and self.board.ui.arcs_held:
            self.board.set_ui(arcs_held=False)

    def step(self, creature, screen_vector, free=False):
        """Move ``creature`` one cell in the grid direction nearest the arrow's screen vector:
        a move the rules price, or, ``free``, a free placement."""
        from rules.placement import moved_freely

        board = self.board
        layout = board.canvas.layout(1)
        grid = board.encounter.grid
        x, y = layout.to_pixel(creature.anchor)

        def along(index):
            nx, ny = layout.to_pixel(grid.step(creature.anchor, index))
            length = ((nx - x) ** 2 + (ny - y) ** 2) ** 0.5
            return ((nx - x) * screen_vector[0] + (ny - y) * screen_vector[1]) / length

        best = max(range(len(grid.directions)), key=along)
        target = grid.step(creature.anchor, best)
        if not free:
            self.finish_move(self.plan(creature, target))
            board.centre_on_selection(only_if_hidden=True)
            return
        try:
            placed = moved_freely(board.encounter, {creature.name: target})
        except RulesError as error:
            board.say(f"{creature.name} stays put. {str(error).rstrip('.')}.", error=True)
            return
        board.commit(placed, f"{creature.name} placed 5 ft away (free placement).")
        board.centre_on_selection(only_if_hidden=True)


CONTROLS = "button, a[href], summary, [role=menu], [role=menuitem], [role=tab], [role=tablist], [role=option], [role=listbox], [role=radiogroup], [role=slider]"
"""The elements whose keys are their own: arrows, letters and Delete pressed on a button, a
menu, a tab or a list move through it, never the selected creature."""


def on_a_control(target) -> bool:
    """Whether a key pressed on ``target`` belongs to a control (``CONTROLS``), not the board."""
    return bool(getattr(target, "closest", None)) and bool(target.closest(CONTROLS))
