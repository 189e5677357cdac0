"""The board's view: pan and zoom, and the ``Layout`` they give. Pure, so tests can use it.

The view holds the board origin's position on screen (CSS pixels) and the zoom; a cell is
``BASE_CELL`` CSS pixels across at zoom 1 (a square's side, a hex's width across flats). ``layout`` scales everything by the device pixel ratio so
the painter draws in device pixels and lines stay crisp at every zoom. Browser tests build the
same ``View`` to know where a cell is on screen.
"""

from dataclasses import dataclass, replace

from rules.grid import Layout

BASE_CELL = 40.0
MIN_ZOOM = 0.05
MAX_ZOOM = 4.0
MARGIN = 24.0


@dataclass(frozen=True)
class View:
    """Pan (the board origin's screen position, CSS px) and zoom (1 = ``BASE_CELL`` px cells)."""

    pan_x: float = MARGIN
    pan_y: float = MARGIN
    zoom: float = 1.0

    def __post_init__(self):
        if not MIN_ZOOM <= self.zoom <= MAX_ZOOM:
            raise ValueError(f"zoom {self.zoom} is outside {MIN_ZOOM}..{MAX_ZOOM}")

    def layout(self, grid, scale=1.0):
        """The ``Layout`` of ``grid`` in this view, in pixels multiplied by ``scale`` (the DPR)."""
        return Layout(grid, BASE_CELL * self.zoom * scale, (self.pan_x * scale, self.pan_y * scale))

    def panned(self, dx, dy):
        """This view moved by ``dx``, ``dy`` CSS pixels."""
        return replace(self, pan_x=self.pan_x + dx, pan_y=self.pan_y + dy)

    def zoomed(self, factor, x, y):
        """This view zoomed by ``factor`` about the screen point ``x``, ``y``, which stays put."""
        zoom = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom * factor))
        ratio = zoom / self.zoom
        return View(x - (x - self.pan_x) * ratio, y - (y - self.pan_y) * ratio, zoom)

    def pinched(self, before, after):
        """This view after two pointers moved from ``before`` to ``after`` (pairs of points).

        The midpoint's motion pans and the change in their distance zooms about the new midpoint,
        so the board follows the fingers.
        """
        (ax, ay), (bx, by) = before
        (cx, cy), (dx, dy) = after
        span_before = max(1.0, ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5)
        span_after = ((cx - dx) ** 2 + (cy - dy) ** 2) ** 0.5
        mid_x, mid_y = (cx + dx) / 2, (cy + dy) / 2
        moved = self.panned(mid_x - (ax + bx) / 2, mid_y - (ay + by) / 2)
        return moved.zoomed(span_after / span_before, mid_x, mid_y)

    def fitted(self, grid, width, height, margin=MARGIN):
        """The view that shows the whole board centred in a ``width`` x ``height`` CSS pixel box
        (``margin`` kept round it), as large as the zoom limits allow."""
        across, down = grid.extent()
        room_x, room_y = max(1.0, width - 2 * margin), max(1.0, height - 2 * margin)
        zoom = min(MAX_ZOOM, max(MIN_ZOOM, min(room_x / (across * BASE_CELL), room_y / (down * BASE_CELL))))
        size = BASE_CELL * zoom
        return View((width - across * size) / 2, (height - down * size) / 2, zoom)

    def centred_on(self, x, y, width, height):
        """This view panned so the screen point ``x``, ``y`` (CSS pixels) comes to the middle
        of a ``width`` x ``height`` box."""
        return self.panned(width / 2 - x, height / 2 - y)
