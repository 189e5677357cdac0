"""The painter: sends a scene's draw operations to a canvas 2D context, and nothing else.

Operations are the plain tuples that ``web.scene`` builds (see its docstring). Paths travel as
SVG path strings through one ``Path2D`` each, so a whole grid costs one call into JavaScript
rather than one per line.
"""

import js

PATHS = {}
"""``Path2D`` objects by their SVG path string: a scene repeats most of its paths frame after
frame, so each is parsed once (the oldest are dropped past ``KEPT_PATHS``)."""
KEPT_PATHS = 4000


def path2d(d):
    """The ``Path2D`` for the SVG path string ``d``, made once."""
    found = PATHS.get(d)
    if found is None:
        if len(PATHS) >= KEPT_PATHS:
            for key in list(PATHS)[: KEPT_PATHS // 4]:
                del PATHS[key]
        found = PATHS[d] = js.Path2D.new(d)
    return found


def paint(ctx, ops, width, height, under=None, before=()):
    """Clear the canvas (``width`` x ``height`` device pixels), draw ``before``, copy the canvas
    ``under`` onto it if given (a cached layer), then draw ``ops`` in order."""
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.clearRect(0, 0, width, height)
    if before:
        _draw(ctx, before)
    if under is not None:
        ctx.drawImage(under, 0, 0)
    _draw(ctx, ops)


def _draw(ctx, ops):
    """Draw the operations ``ops`` in order."""
    for op in ops:
        kind = op[0]
        if kind == "path":
            _, d, fill, stroke, line_width = op
            path = path2d(d)
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
        elif kind == "image":
            _, image, x, y, width, height, alpha = op
            ctx.globalAlpha = alpha
            ctx.drawImage(image, x, y, width, height)
            ctx.globalAlpha = 1
        else:
            raise ValueError(f"unknown draw operation {kind!r}")
