"""The scene: a pure function from board state to draw operations, testable under CPython.

Operations are plain tuples the painter understands:

- ``("path", d, fill, stroke, line_width)``: an SVG path string ``d``, filled and/or stroked;
- ``("text", x, y, text, font, fill)``: centred text.

Coordinates are device pixels, from the ``Layout`` the view gives. Only cells that can be seen
are emitted, so a large board costs what the screen shows, not what the board holds.
"""

BACKGROUND = "#fbfaf6"
OUTSIDE = "#e4e0d4"
LINE = "#a8a08c"


def grid_scene(grid, layout, width, height, scale=1.0):
    """Draw operations for the board's cells and grid lines in a ``width`` x ``height`` canvas.

    ``scale`` is the device pixel ratio: lines are one CSS pixel wide, snapped to device pixels
    on square grids so they stay crisp at every zoom.
    """
    ops = [("path", f"M0 0H{width}V{height}H0Z", OUTSIDE, None, 0)]
    if grid.kind == "square":
        ops.extend(_square_ops(grid, layout, width, height, scale))
    else:
        ops.append(("path", _hex_path(grid, layout, width, height), BACKGROUND, LINE, 1.5 * scale))
    return ops


def _square_ops(grid, layout, width, height, scale):
    """The board rectangle and its grid lines, clipped to the canvas, on half-pixel centres."""
    size = layout.cell_size
    x0, y0 = layout.origin
    left, top = max(0.0, x0), max(0.0, y0)
    right, bottom = min(width, x0 + grid.width * size), min(height, y0 + grid.height * size)
    if right <= left or bottom <= top:
        return []
    board = f"M{left} {top}H{right}V{bottom}H{left}Z"
    offset = 0.5 if round(scale) % 2 else 0.0
    first_col = max(0, int((left - x0) // size))
    last_col = min(grid.width, int((right - x0) // size) + 1)
    first_row = max(0, int((top - y0) // size))
    last_row = min(grid.height, int((bottom - y0) // size) + 1)
    parts = []
    for col in range(first_col, last_col + 1):
        x = round(x0 + col * size) + offset
        if left - 1 <= x <= right + 1:
            parts.append(f"M{x} {top}V{bottom}")
    for row in range(first_row, last_row + 1):
        y = round(y0 + row * size) + offset
        if top - 1 <= y <= bottom + 1:
            parts.append(f"M{left} {y}H{right}")
    return [("path", board, BACKGROUND, None, 0), ("path", "".join(parts), None, LINE, max(1, round(scale)))]


def _hex_path(grid, layout, width, height):
    """One path of every hex whose centre lies within a cell of the canvas."""
    margin = 2 * layout.cell_size
    parts = []
    for cell in grid.cells():
        x, y = layout.to_pixel(cell)
        if -margin <= x <= width + margin and -margin <= y <= height + margin:
            corners = layout.corners(cell)
            parts.append("M" + "L".join(f"{cx:.1f} {cy:.1f}" for cx, cy in corners) + "Z")
    return "".join(parts)
