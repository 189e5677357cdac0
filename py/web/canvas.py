"""The board's canvases: drawing the scene, a frame at a time, and drawing ahead while idle.

Redraws are coalesced with ``requestAnimationFrame``, so many events make one frame. The grid
layer (cells, terrain, walls) is repainted only when the board or the view changes; the board
layer each frame, from a cached picture of every creature but the selected one. The selected
creature's movement range, zones and reach are painted under that picture, so they never
cover another creature's token; its token and handle over it. A drag adds its ghost and path.
"""

import time

import js
from pyodide.ffi import create_proxy

from web import painter, scene, state

document = js.document


def squares(count):
    """``"1 square"``, ``"3 squares"``."""
    return f"{count} square" if count == 1 else f"{count} squares"


def names_text(names):
    """``"Kroh"``, ``"Kroh and Goblin"``, ``"Kroh, Goblin and Ogre"``."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class Canvas:
    """The two canvases of one board and what is drawn on them."""

    def __init__(self, board):
        self.board = board
        self.grid_canvas = document.getElementById("grid-layer")
        self.top_canvas = document.getElementById("top-layer")
        self.background = document.createElement("canvas")
        self.still = document.createElement("canvas")
        self.still_key, self.still_painted = None, False
        self.background_key = None
        self.grid_key = None
        self.drag_key = self.drag_drawing = None
        self.after_paint, self.out_of_view = [], []
        self.frame_requested = False
        self.dpr = 1.0
        self.size = (0, 0)
        self._on_frame = create_proxy(self.on_frame)
        self.busy_ms = self.quiet_ms = 0.0
        self.timings, self.quiet_timings = [], []
        self.warming = None
        self._warm_step = create_proxy(self.warm_step)
        self.resize()

    def css_size(self):
        """The board's width and height in CSS pixels."""
        return (self.size[0] / self.dpr, self.size[1] / self.dpr)

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
        """Draw what changed since the last frame, then show the panels waiting for it
        (``render_after_paint``).

        ``timings`` keeps, per frame, the milliseconds spent handling the pointer events that
        asked for it plus painting it and its panels (bench/frames.py reads it; idle time not
        counted). A pointer event that asks for no frame (a turn drag's pointer still pointing
        the same way) is handled in an animation frame of its own that paints nothing: its time
        goes to ``quiet_timings``, summed per frame drawn after it.
        """
        self.frame_requested = False
        started = time.perf_counter()
        self.draw()
        parts, self.after_paint = self.after_paint, []
        for part in parts:
            part.render()
        if self.busy_ms:
            self.timings.append(self.busy_ms + (time.perf_counter() - started) * 1000)
            self.quiet_timings.append(self.quiet_ms)
            del self.timings[:-2000], self.quiet_timings[:-2000]
            self.busy_ms = self.quiet_ms = 0.0

    def render_after_paint(self, parts):
        """Show the panels ``parts`` (each with ``render`` and ``in_view``) as the encounter is
        now, once the next frame is painted: a gesture changes them frame by frame, and their
        changes to the page, made after the board is drawn, cost the browser one pass over the
        page's style in its own rendering, not one more that the canvas's first text would
        force. A panel out of sight (its tab not chosen, the drawer folded) waits for the
        gesture's end instead (``catch_up``)."""
        for part in parts:
            waiting = self.after_paint if part.in_view() else self.out_of_view
            if part not in waiting:
                waiting.append(part)
        self.request_frame()

    def catch_up(self):
        """The gesture has ended: show the panels that waited out of sight."""
        parts, self.out_of_view = self.out_of_view, []
        for part in parts:
            part.render()

    def layout(self, scale=None):
        """The board's layout in device pixels (or in CSS pixels with ``scale=1``)."""
        return self.board.view.layout(self.board.encounter.grid, self.dpr if scale is None else scale)

    def draw(self):
        """Repaint the grid layer if the board or view changed, and the board layer always."""
        board = self.board
        encounter = board.encounter
        width, height = self.size
        layout = self.layout()
        picture = board.map_image.picture() if board.map_image is not None else None
        key = (encounter.grid, encounter.terrain, encounter.areas, layout, self.size,
               picture and (picture[1], id(picture[0])))
        if key != self.grid_key:
            self.grid_key = key
            ops = scene.grid_scene(encounter.grid, layout, width, height, self.dpr, encounter.terrain, picture)
            if encounter.areas:
                from web.area_tool import marker_ops

                ops = list(ops) + marker_ops(encounter, layout, self.dpr)
            painter.paint(self.grid_canvas.getContext("2d"), ops, width, height)
        key, background, (below, above) = scene.board_layers(encounter, board.ui, layout, self.dpr)
        key = (key, self.size)
        if key != self.background_key:
            self.background_key = key
            self.background.width, self.background.height = width, height
            painter.paint(self.background.getContext("2d"), background, width, height)
        moving = []
        gesture = board.gestures.gesture if board.gestures is not None else None
        if gesture and gesture.get("ghosts"):
            moving += self.drag_ops(gesture, layout)
        elif gesture and gesture.get("box"):
            moving += scene.box_ops(gesture["box"], self.dpr)
        under, over = board.ruler.ops(layout, self.dpr, self.size)
        below = below + under
        moving += over
        if board.areas is not None:
            moving += board.areas.ops(layout, self.dpr, self.size)
        top = self.top_canvas.getContext("2d")
        still = (key, below, above)
        if still != self.still_key:
            # Something under the drag changed (a turn's every frame): painted as it is.
            self.still_key, self.still_painted = still, False
            painter.paint(top, above + moving, width, height, under=self.background, before=below)
            return
        if not self.still_painted:
            # The same a second frame running (a move's drag): kept in a picture of its own.
            self.still_painted = True
            self.still.width, self.still.height = width, height
            painter.paint(self.still.getContext("2d"), above, width, height, under=self.background, before=below)
        painter.paint(top, moving, width, height, under=self.still)

    def drag_ops(self, gesture, layout):
        """The ghosts of a drag and its planned move (``path_ops``), made again only when the
        drag points somewhere new (most pointer events of a drag stay in the same cell)."""
        key = (gesture.get("answer"), gesture.get("label"), gesture.get("legal"), gesture.get("from"),
               tuple(gesture["ghosts"]), layout, self.size)
        if key != self.drag_key:
            grid = self.board.encounter.grid
            self.drag_key = key
            self.drag_drawing = [op for ghost in gesture["ghosts"] for op in scene.ghost_ops(ghost, grid, layout, self.dpr)]
            self.drag_drawing += self.path_ops(gesture, layout)
        return self.drag_drawing

    def path_ops(self, gesture, layout):
        """The drawing of a planned move (``scene.path_ops``), or of a free placement's straight
        line and label."""
        grid = self.board.encounter.grid
        if gesture.get("free"):
            start, end = gesture["from"], gesture["ghosts"][0]
            return list(scene.free_ops(start.cells(grid), end.cells(grid), gesture["legal"], layout,
                                       gesture["label"], self.dpr, self.size))
        answer = gesture["answer"]
        path = answer.path
        steps = tuple((step.cells, step.cost, step_names(step)) for step in path.steps)
        summary = f"{path.feet} ft ({squares(path.squares)})"
        provoked = [opponent.name for opponent, _ in path.provocations]
        if provoked and answer.legal:
            summary += f"; attacks of opportunity from {names_text(provoked)}"
        return list(scene.path_ops(path.start.cells(grid), steps, answer.legal, layout, summary, answer.problem,
                                   self.dpr, self.size))

    def warm(self):
        """While the page is idle, draw ahead the selected creature in each facing it may be
        turned to, so a drag-rotate finds every frame ready (the scene caches per creature, the
        painter each path's ``Path2D``)."""
        board = self.board
        if board.ui.selected is None:
            self.warming = None
            return
        creature = board.encounter.creature(board.ui.selected)
        if creature.facing is None:
            self.warming = None
            return
        first = self.warming is None
        self.warming = iter(scene.warm_ups(board.encounter, creature, board.ui, self.layout(), self.dpr))
        if first:
            js.setTimeout(self._warm_step, 30)

    def warm_step(self, *_):
        """One piece of warming, then the next a moment later (events go first)."""
        busy = self.board.gestures is not None and self.board.gestures.gesture is not None
        if self.warming is None or busy:
            if self.warming is not None:
                js.setTimeout(self._warm_step, 60)
            return
        try:
            task = next(self.warming)
        except StopIteration:
            self.warming = None
            return
        _, _, (below, above) = task()
        for op in below + above:
            if op[0] == "path":
                painter.path2d(op[1])
        js.setTimeout(self._warm_step, 0)


def step_names(step):
    """The names of the opponents a step provokes, as the path's marks show them."""
    return tuple(opponent.name for opponent in step.provokes)
