"""The Area tool: bursts, cones and lines laid on the board, from a facing caster's front.

The Map tab's Spell area section picks the shape, the size and who casts it. With a caster, a
cone or line starts only where the rules let it (``rules.areas.area_starts``): the allowed
corners are drawn as green dots, the refused ones as grey crosses, and a press on a refused one
says why. A press chooses the start (a burst's point, the nearest intersection or hex), a drag
aims it (45-degree steps on squares; on hexes the cone or line follows the pointer round the
caster's corners or sides), and letting go lays it if the rules allow (``area_ruling``: never
into the rear), naming the creatures inside, foes and friends apart. A laid area stays on the
board as a marker (the encounter's ``areas``: in links, files and undo) until its Remove button
in the list takes it away. Nothing here decides a rule.
"""

import math

from web.canvas import names_text
from web.dom import element, fill_select, make, on
from web.scene import circle, footprint_centre, label_ops, polygon

SHAPES = (("burst", "Burst"), ("cone", "Cone"), ("line", "Line"))
"""The shapes the tool lays, with their labels."""

AREA_FILL = "rgba(106, 61, 154, 0.16)"
AREA_HATCH = "rgba(106, 61, 154, 0.55)"
PREVIEW_FILL = "rgba(106, 61, 154, 0.26)"
REFUSED_FILL = "rgba(213, 94, 0, 0.22)"
REFUSED = "#D55E00"
ALLOWED = "#1b7f3b"
NO_CASTER = ""
DEFAULT_SIZES = {"burst": 20, "cone": 30, "line": 60}
"""The size each shape starts at when the one chosen is not among its sizes."""
OTHER_SIZE = "other"


def area_ops(cells, grid, layout, fill, hatch, scale=1.0):
    """Cells shaded with a fill and diagonal hatching (a pattern, so an area reads apart from
    the zones' flat tints)."""
    if not cells:
        return ()
    shapes, lines = [], []
    for cell in cells:
        corners = layout.corners(cell)
        shapes.append(polygon(corners))
        if grid.kind == "square":
            (x0, y0), (x1, y1) = corners[0], corners[2]
            left, top, right, bottom = min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)
            half_x, half_y = (left + right) / 2, (top + bottom) / 2
            lines.append(f"M{left:.1f} {bottom:.1f}L{right:.1f} {top:.1f}")
            lines.append(f"M{left:.1f} {half_y:.1f}L{half_x:.1f} {top:.1f}")
            lines.append(f"M{half_x:.1f} {bottom:.1f}L{right:.1f} {half_y:.1f}")
        else:
            (ax, ay), (bx, by) = corners[0], corners[3]
            lines.append(f"M{ax:.1f} {ay:.1f}L{bx:.1f} {by:.1f}")
    return (("path", "".join(shapes), fill, None, 0), ("path", "".join(lines), None, hatch, 1.2 * scale))


def marker_ops(encounter, layout, scale=1.0):
    """The areas kept on the board, shaded under the tokens (drawn with the grid)."""
    cells = set()
    for template in encounter.areas:
        cells |= template.cells(encounter.grid)
    return list(area_ops(cells, encounter.grid, layout, AREA_FILL, AREA_HATCH, scale))


def area_name(template) -> str:
    """``"Cone 30 ft"``, ``"Burst 20 ft radius"``."""
    shape = template.shape.capitalize()
    return f"{shape} {template.size} ft radius" if template.shape == "burst" else f"{shape} {template.size} ft"


def where_text(template, grid) -> str:
    """Where an area lies and points, as a player finds it on the board: ``"NE from column 9,
    row 6"`` (a square's intersection at its north-west corner; a hex's column and row)."""
    column, row = (template.origin.x, template.origin.y) if grid.kind == "square" else grid.to_offset(template.origin)
    place = f"column {column}, row {row}"
    if template.direction is None:
        return f"at {place}"
    names = grid.diagonals if grid.kind == "hex" and template.shape == "cone" else grid.directions
    return f"{names[template.direction]} from {place}"


def inside_text(creatures) -> str:
    """Who is inside, foes and friends apart: ``"Inside: foes Bugbear and Goblin; friend Kroh."``"""
    if not creatures:
        return "No creature inside."
    sides = {}
    for creature in creatures:
        sides.setdefault(creature.side, []).append(creature.name)
    order = sorted(sides, key=lambda side: (side != "foe", side != "friend", side))
    parts = [f"{side}{'s' if len(sides[side]) > 1 else ''} {names_text(sides[side])}" for side in order]
    return "Inside: " + "; ".join(parts) + "."


class AreaTool:
    """The Area tool of one board: the section's choices, the aim under way, the markers' list."""

    def __init__(self, board):
        self.board = board
        self.shape = "cone"
        self.size = 30
        self.caster = NO_CASTER
        self.aim = None
        self.listed = None
        fill_select(element("area-shape"), SHAPES, self.shape)
        self.fill_sizes()
        on(element("area-shape"), "change", lambda event: self.set_shape(event.target.value))
        on(element("area-size"), "change", lambda event: self.set_size(event.target.value))
        on(element("area-size-typed"), "change", lambda event: self.set_typed(event.target.value))
        on(element("area-caster"), "change", lambda event: self.set_caster(event.target.value))
        on(element("area-list"), "click", self.on_list_click)

    # The section's controls.
    def fill_sizes(self):
        """The common sizes of the shape (``rules.areas.COMMON_SIZES``) and Other."""
        from rules.areas import COMMON_SIZES

        sizes = COMMON_SIZES[self.shape]
        word = "radius" if self.shape == "burst" else "long"
        options = [(str(size), f"{size} ft {word}") for size in sizes] + [(OTHER_SIZE, "Other (type it)")]
        chosen = str(self.size) if self.size in sizes else OTHER_SIZE
        fill_select(element("area-size"), options, chosen)
        element("area-size-typed-label").hidden = chosen != OTHER_SIZE
        element("area-size-typed").value = str(self.size)

    def set_shape(self, shape):
        """Choose the shape; its usual size if the one chosen is not one of its sizes."""
        from rules.areas import COMMON_SIZES

        self.shape = shape
        if self.size not in COMMON_SIZES[shape]:
            self.size = DEFAULT_SIZES[shape]
        self.fill_sizes()
        self.board.set_tool("area")
        self.board.canvas.request_frame()

    def set_size(self, value):
        """A common size, or Other: the typed size's field shows."""
        if value == OTHER_SIZE:
            element("area-size-typed-label").hidden = False
            element("area-size-typed").focus()
            return
        self.size = int(value)
        element("area-size-typed-label").hidden = True
        self.board.set_tool("area")

    def set_typed(self, text):
        """A typed size: a whole number of 5-foot squares, or a message and the size kept."""
        from rules.areas import AreaError, Template

        try:
            size = int(str(text).strip())
            Template("burst", None, size)
        except ValueError:
            self.board.say(f"A spell area's size is a number of feet (5, 10, 15...), not {text!r}.", error=True)
            element("area-size-typed").value = str(self.size)
            return
        except AreaError as error:
            self.board.say(str(error), error=True)
            element("area-size-typed").value = str(self.size)
            return
        self.size = size
        self.board.set_tool("area")

    def set_caster(self, name):
        """Who casts the area (``NO_CASTER``: laid anywhere, as a cloud or a trap)."""
        self.caster = name
        self.board.canvas.request_frame()

    def taken_up(self):
        """The tool is taken up: its caster is the selected creature, if any."""
        if self.board.ui.selected is not None:
            self.caster = self.board.ui.selected
        self.render()
        what = "a cone or line starts at a green dot" if self.caster_creature() is not None else "press where it starts"
        self.board.say(f"Spell area: {what}; drag to aim, let go to lay it. Shape and size in the Map tab.")

    def caster_creature(self):
        """The caster, if one is chosen and on the board."""
        if not self.caster:
            return None
        return next((c for c in self.board.encounter.creatures if c.name == self.caster), None)

    def render(self):
        """The caster's choices and the markers' list, as the encounter is now."""
        encounter = self.board.encounter
        names = encounter.names()
        if self.caster and self.caster not in names:
            self.caster = NO_CASTER
        key = (names, self.caster, encounter.areas)
        if key == self.listed:
            return
        self.listed = key
        fill_select(element("area-caster"), [(NO_CASTER, "No one (lay it anywhere)")] + [(n, n) for n in names],
                    self.caster)
        listing = element("area-list")
        listing.replaceChildren()
        for number, template in enumerate(encounter.areas):
            inside = encounter.creatures_in(template.cells(encounter.grid))
            item = make("li")
            item.appendChild(make("span", f"{area_name(template)} {where_text(template, encounter.grid)}: {inside_text(inside)}"))
            button = make("button", "Remove")
            button.type = "button"
            button.dataset.index = str(number)
            button.setAttribute("aria-label", f"Remove {area_name(template).lower()} ({number + 1})")
            item.appendChild(button)
            listing.appendChild(item)
        element("area-none").hidden = bool(encounter.areas)

    def on_list_click(self, event):
        """A marker's Remove button: one click, one undo step."""
        button = event.target.closest("button")
        if not button:
            return
        index = int(button.dataset.index)
        encounter = self.board.encounter
        if index >= len(encounter.areas):
            return
        name = area_name(encounter.areas[index])
        self.board.commit(encounter.without_area(index), f"{name} removed from the board.")

    # Geometry in CSS pixels.
    def layout(self):
        return self.board.canvas.layout(1)

    def intersection_at(self, point, layout):
        """The grid intersection nearest ``point`` on squares (the square whose north-west corner
        it is), kept on the board; on hexes the hex under it."""
        from rules.grid import Square

        grid = self.board.encounter.grid
        if grid.kind != "square":
            return layout.from_pixel(*point)
        x0, y0 = layout.origin
        size = layout.cell_size
        x = min(max(round((point[0] - x0) / size), 0), grid.width)
        y = min(max(round((point[1] - y0) / size), 0), grid.height)
        return Square(x, y)

    def origin_pixel(self, origin, layout):
        """Where a square's intersection or a hex's centre is drawn."""
        grid = self.board.encounter.grid
        if grid.kind != "square":
            return layout.to_pixel(origin)
        x0, y0 = layout.origin
        return (x0 + origin.x * layout.cell_size, y0 + origin.y * layout.cell_size)

    def start_pixel(self, start, layout):
        """Where a caster's start is drawn: the middle of the cells meeting there."""
        return footprint_centre(start.cells, layout)

    def nearest_direction(self, origin, point, layout, corners=False):
        """The board's direction from ``origin`` nearest the pointer's bearing: one of the eight
        on squares; on hexes a side (a line) or, ``corners``, a corner (a cone)."""
        grid = self.board.encounter.grid
        ox, oy = self.origin_pixel(origin, layout)
        dx, dy = point[0] - ox, point[1] - oy
        if grid.kind == "square":
            vectors = grid.vectors
        else:
            vectors = [grid.diagonal_vector(k) for k in range(len(grid.diagonals))] if corners else grid.vectors

        def bearing(index):
            a, b = vectors[index]
            if grid.kind == "square":
                vx, vy = a, b
            else:
                tx, ty = layout.to_pixel(type(origin)(origin.q + a, origin.r + b))
                vx, vy = tx - ox, ty - oy
            return (vx * dx + vy * dy) / (math.hypot(vx, vy) or 1)

        return max(range(len(vectors)), key=bearing)

    def starts(self):
        """The caster's starts for a cone or line (``rules.areas.area_starts``), or ``()``."""
        from rules.areas import area_starts

        caster = self.caster_creature()
        if caster is None or self.shape == "burst":
            return ()
        encounter = self.board.encounter
        return area_starts(caster, encounter.grid, encounter.zones_ruleset, self.shape)

    # The gesture.
    def pressed(self, point):
        """A press with the tool: choose where the area starts, or say why it cannot start there."""
        layout = self.layout()
        grid = self.board.encounter.grid
        if self.shape == "burst":
            origin = self.intersection_at(point, layout)
            if not grid.contains(origin) and grid.kind != "square":
                self.board.say("A burst starts on the board: that point is off it.", error=True)
                return False
            self.aim = {"origin": origin, "direction": None, "start": None}
        else:
            starts = self.starts()
            if starts:
                start = self.start_near(point, layout, starts)
                if start is None:
                    return False
                self.aim = {"origin": start.origin, "direction": start.direction, "start": start}
            else:
                origin = self.intersection_at(point, layout)
                if not grid.contains(origin) and grid.kind != "square":
                    self.board.say(f"A {self.shape} starts on the board: that point is off it.", error=True)
                    return False
                self.aim = {"origin": origin, "direction": None, "start": None}
        self.dragged(point)
        return True

    def start_near(self, point, layout, starts):
        """The allowed start nearest ``point``; a press on a refused one says why and gives
        ``None``."""
        def away(start):
            x, y = self.start_pixel(start, layout)
            return math.hypot(x - point[0], y - point[1])

        nearest = min(starts, key=away)
        if not nearest.allowed and away(nearest) <= layout.cell_size * 0.45:
            reason = nearest.items[0].reason if nearest.items else "not from here"
            self.board.say(f"{self.caster} cannot start a {self.shape} there. {reason}.", error=True)
            return None
        allowed = [start for start in starts if start.allowed]
        if not allowed:
            self.board.say(f"{self.caster} has no corner to start a {self.shape} from.", error=True)
            return None
        return min(allowed, key=away)

    def dragged(self, point):
        """Aim the area at the pointer, and ask the rules what it covers and whether it may be
        cast so."""
        from rules.areas import AreaError, Template, area_ruling

        aim = self.aim
        if aim is None:
            return
        layout = self.layout()
        encounter = self.board.encounter
        grid = encounter.grid
        if self.shape == "burst":
            aim["origin"] = self.intersection_at(point, layout)
        elif grid.kind == "square":
            aim["direction"] = self.nearest_direction(aim["origin"], point, layout)
        elif aim["start"] is not None:
            starts = [start for start in self.starts() if start.allowed]
            start = self.nearest_start_toward(point, layout, starts)
            aim.update(origin=start.origin, direction=start.direction, start=start)
        else:
            aim["direction"] = self.nearest_direction(aim["origin"], point, layout, corners=self.shape == "cone")
        try:
            template = Template(self.shape, aim["origin"], self.size, aim["direction"])
            caster = self.caster_creature()
            if caster is not None:
                ruling = area_ruling(caster, template, grid, encounter.zones_ruleset)
                aim.update(template=template, cells=ruling.cells, allowed=ruling.allowed,
                           reason=ruling.items[-1].reason if ruling.items else "")
            else:
                aim.update(template=template, cells=template.cells(grid), allowed=True, reason="")
        except AreaError as error:
            aim.update(template=None, cells=frozenset(), allowed=False, reason=str(error).rstrip("."))
        self.board.canvas.request_frame()

    def nearest_start_toward(self, point, layout, starts):
        """On hexes: the allowed start whose way out points most nearly at ``point``."""
        cx, cy = footprint_centre(self.caster_creature().cells(self.board.encounter.grid), layout)
        dx, dy = point[0] - cx, point[1] - cy

        def toward(start):
            x, y = self.start_pixel(start, layout)
            vx, vy = x - cx, y - cy
            return (vx * dx + vy * dy) / (math.hypot(vx, vy) or 1)

        return max(starts, key=toward)

    def released(self):
        """Lay the area aimed, if the rules allow it, naming who is inside; else say why."""
        aim, self.aim = self.aim, None
        board = self.board
        board.canvas.request_frame()
        if aim is None or aim.get("template") is None:
            if aim is not None:
                board.say(f"No {self.shape} laid: {aim['reason']}.", error=True)
            return
        template = aim["template"]
        if not aim["allowed"]:
            board.say(f"No {self.shape} laid: {aim['reason']}.", error=True)
            return
        encounter = board.encounter
        inside = encounter.creatures_in(aim["cells"])
        by = f" from {self.caster}" if self.caster_creature() is not None and self.shape != "burst" else ""
        board.commit(encounter.with_area(template), f"{area_name(template)}{by} laid. {inside_text(inside)}")

    def cancel(self):
        """Escape while aiming: nothing is laid. Whether an aim was under way."""
        had = self.aim is not None
        self.aim = None
        self.board.canvas.request_frame()
        return had

    def ops(self, layout, scale, bounds=None):
        """The tool's drawing in device pixels: the caster's starts, the area being aimed, and
        while it cannot be cast so, the reason beside its start."""
        if self.board.ui.tool != "area":
            return []
        ops = []
        aim = self.aim
        grid = self.board.encounter.grid
        if aim is not None and aim.get("cells"):
            fill = PREVIEW_FILL if aim["allowed"] else REFUSED_FILL
            ops.extend(area_ops(aim["cells"], grid, layout, fill, AREA_HATCH if aim["allowed"] else REFUSED, scale))
        r = layout.cell_size * 0.12
        for start in self.starts():
            x, y = self.start_pixel(start, layout)
            if start.allowed:
                ops.append(("path", circle(x, y, r), ALLOWED, "#ffffff", 1.5 * scale))
            else:
                cross = f"M{x - r:.1f} {y - r:.1f}L{x + r:.1f} {y + r:.1f}M{x - r:.1f} {y + r:.1f}L{x + r:.1f} {y - r:.1f}"
                ops.append(("path", cross, None, "#ffffff", 4.5 * scale))
                ops.append(("path", cross, None, "#4a4a4a", 2.5 * scale))
        if aim is not None:
            x, y = self.origin_pixel(aim["origin"], layout) if aim["start"] is None else self.start_pixel(aim["start"], layout)
            ops.append(("path", circle(x, y, r * 1.2), "#ffffff", REFUSED if not aim.get("allowed") else ALLOWED, 2.5 * scale))
            if not aim.get("allowed") and aim.get("reason"):
                ops.extend(label_ops(aim["reason"], (x, y), layout.cell_size, REFUSED, scale, bounds))
        return ops
