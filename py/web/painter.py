"""The painter: sends a scene's draw operations to a canvas 2D context, and nothing else.

Operations are the plain tuples that ``web.scene`` builds (see its docstring). Paths travel as
SVG path strings through one ``Path2D`` each, so a whole grid costs one call into JavaScript
rather than one per line, and a frame's operations travel together to one small loop in
JavaScript (``PAINT``), so a frame costs one call rather than one per canvas call.
"""

import js
from pyodide.ffi import to_js

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


PAINT = """(ctx, width, height, before, under, ops) => {
  const draw = (list) => {
    for (const op of list) {
      if (op[0] === "path") {
        if (op[2]) { ctx.fillStyle = op[2]; ctx.fill(op[1]); }
        if (op[3]) { ctx.strokeStyle = op[3]; ctx.lineWidth = op[4]; ctx.stroke(op[1]); }
      } else if (op[0] === "text") {
        ctx.font = op[4]; ctx.fillStyle = op[5]; ctx.fillText(op[3], op[1], op[2]);
      } else {
        ctx.globalAlpha = op[6]; ctx.drawImage(op[1], op[2], op[3], op[4], op[5]); ctx.globalAlpha = 1;
      }
    }
  };
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  draw(before);
  if (under) ctx.drawImage(under, 0, 0);
  draw(ops);
}"""
"""The loop that makes a frame's canvas calls, in JavaScript: Python hands it the whole frame
in one call (``paint``), where a loop in Python paid a crossing into JavaScript for every
property set and every call, five or six per operation."""
_paint = []


def paint(ctx, ops, width, height, under=None, before=()):
    """Clear the canvas (``width`` x ``height`` device pixels), draw ``before``, copy the canvas
    ``under`` onto it if given (a cached layer), then draw ``ops`` in order: one call into
    JavaScript (``PAINT``)."""
    if not _paint:
        _paint.append(js.eval(PAINT))
    _paint[0](ctx, width, height, to_js(_prepared(before)), under, to_js(_prepared(ops)))


def _prepared(ops):
    """``ops`` as ``PAINT`` takes them: each path's string as its ``Path2D``."""
    prepared = []
    for op in ops:
        kind = op[0]
        if kind == "path":
            prepared.append(("path", path2d(op[1]), op[2], op[3], op[4]))
        elif kind in ("text", "image"):
            prepared.append(op)
        else:
            raise ValueError(f"unknown draw operation {kind!r}")
    return prepared
