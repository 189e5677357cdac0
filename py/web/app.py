"""The board on the page: wires pointer, wheel and control events to the view and the scene.

Start-up is kept short (the startup benchmark holds the app to within 10% of bare Pyodide):
import only what the first frame needs, draw it, then set ``data-ready="1"`` on <html>.
Everything the board shows comes from ``web.scene``; this module only routes events and
schedules redraws with ``requestAnimationFrame``, so many events make one frame.
"""

import js
from pyodide.ffi import create_proxy, to_js

from rules.grid import HexGrid, SquareGrid
from web import painter, scene
from web.view import BOARD_SIZE, View

ZOOM_STEP = 1.0015  # per wheel delta unit: a mouse notch (100) zooms about 16%

document = js.document


def make_grid(choice, width, height):
    """The grid for a grid-kind control value: "square", "hex-flat" or "hex-pointy"."""
    if choice == "square":
        return SquareGrid(width, height)
    return HexGrid(width, height, choice.split("-", 1)[1])


class Board:
    """The board on the page: its canvases, its view and the pointers now down on it."""

    def __init__(self):
        self.grid_canvas = document.getElementById("grid-layer")
        self.top_canvas = document.getElementById("top-layer")
        self.grid = make_grid("square", *BOARD_SIZE)
        self.view = View()
        self.pointers = {}
        self.frame_requested = False
        self.dpr = 1.0
        self.size = (0, 0)
        self._on_frame = create_proxy(self.on_frame)
        self.resize()

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
        """Draw the grid layer for the current view."""
        self.frame_requested = False
        self.draw()

    def draw(self):
        """Paint the grid layer now."""
        width, height = self.size
        layout = self.view.layout(self.grid, self.dpr)
        ops = scene.grid_scene(self.grid, layout, width, height, self.dpr)
        painter.paint(self.grid_canvas.getContext("2d"), ops, width, height)

    def set_grid(self, choice):
        """Switch the board to the grid named by a grid-kind control value."""
        self.grid = make_grid(choice, *BOARD_SIZE)
        self.request_frame()

    # Pointer events: one pointer pans; two pointers pinch-zoom about their midpoint.
    def on_pointer_down(self, event):
        """Start tracking a pointer on the board."""
        self.top_canvas.setPointerCapture(event.pointerId)
        self.pointers[event.pointerId] = (event.offsetX, event.offsetY)
        self.top_canvas.classList.add("panning")

    def on_pointer_move(self, event):
        """Pan with one pointer, pinch-zoom with two."""
        if event.pointerId not in self.pointers:
            return
        old = dict(self.pointers)
        self.pointers[event.pointerId] = (event.offsetX, event.offsetY)
        if len(self.pointers) == 1:
            (x0, y0), (x1, y1) = old[event.pointerId], self.pointers[event.pointerId]
            self.view = self.view.panned(x1 - x0, y1 - y0)
        elif len(self.pointers) == 2:
            self.view = self.view.pinched(list(old.values()), list(self.pointers.values()))
        self.request_frame()

    def on_pointer_up(self, event):
        """Stop tracking a pointer."""
        self.pointers.pop(event.pointerId, None)
        if not self.pointers:
            self.top_canvas.classList.remove("panning")

    def on_wheel(self, event):
        """Zoom about the cursor; the page itself does not scroll."""
        event.preventDefault()
        factor = ZOOM_STEP ** (-event.deltaY * (16 if event.deltaMode == 1 else 1))
        self.view = self.view.zoomed(factor, event.offsetX, event.offsetY)
        self.request_frame()


def listen(target, name, handler, passive=True):
    """Add an event listener that stays alive (a proxy kept for the page's lifetime)."""
    options = to_js({"passive": passive}, dict_converter=js.Object.fromEntries)
    target.addEventListener(name, create_proxy(handler), options)


def start():
    """Build the board, wire its events, draw the first frame and mark the page ready."""
    board = Board()
    canvas = board.top_canvas
    listen(canvas, "pointerdown", board.on_pointer_down)
    listen(canvas, "pointermove", board.on_pointer_move)
    for name in ("pointerup", "pointercancel"):
        listen(canvas, name, board.on_pointer_up)
    listen(canvas, "wheel", board.on_wheel, passive=False)
    listen(js.window, "resize", board.resize)
    for radio in document.querySelectorAll("#grid-kind input"):
        listen(radio, "change", lambda event: board.set_grid(event.target.value))
    board.draw()
    root = document.documentElement
    root.dataset.readyMs = str(js.performance.now())
    root.dataset.ready = "1"
    js.window.flankwise = create_proxy(board)
