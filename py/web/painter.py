"""The painter: sends a scene's draw operations to a canvas 2D context, and nothing else.

Operations are the plain tuples that ``web.scene`` builds (see its docstring). Paths travel as
SVG path strings through one ``Path2D`` each, so a whole grid costs one call into JavaScript
rather than one per line.
"""

import js


def paint(ctx, ops, width, height):
    """Clear the canvas (``width`` x ``height`` device pixels) and draw ``ops`` in order."""
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.clearRect(0, 0, width, height)
    for op in ops:
        kind = op[0]
        if kind == "path":
            _, d, fill, stroke, line_width = op
            path = js.Path2D.new(d)
            if fill:
                ctx.fillStyle = fill
                ctx.fill(path)
            if stroke:
                ctx.strokeStyle = stroke
                ctx.lineWidth = line_width
                ctx.stroke(path)
        elif kind == "text":
            _, x, y, text, font, fill = op
            ctx.font = font
            ctx.fillStyle = fill
            ctx.textAlign = "center"
            ctx.textBaseline = "middle"
            ctx.fillText(text, x, y)
        else:
            raise ValueError(f"unknown draw operation {kind!r}")
