"""The scene: a pure function from board state to draw operations, testable under CPython.

Operations are plain tuples the painter understands:

- ``("path", d, fill, stroke, line_width)``: an SVG path string ``d``, filled and/or stroked;
- ``("text", x, y, text, font, fill)``: centred text.

Coordinates are device pixels, from the ``Layout`` the view gives. Only cells that can be seen
are emitted, so a large board costs what the screen shows, not what the board holds. Per
creature drawings are cached on the creature's value, so a drag redraws only what it changes.
"""

from dataclasses import fields, replace
from functools import lru_cache

from rules.sizes import facing_names
from rules.terrain import NO_TERRAIN
from rules.zones import Zone, board_zones, zone_name, zones_around
from web import state
from web.tools import shared_side

BACKGROUND = "#fbfaf6"
OUTSIDE = "#e4e0d4"
LINE = "#a8a08c"


def grid_scene(grid, layout, width, height, scale=1.0, terrain=NO_TERRAIN, picture=None):
    """Draw operations for the board's cells, its map image, its terrain and grid lines, and
    its walls, in a ``width`` x ``height`` canvas.

    ``scale`` is the device pixel ratio: lines are one CSS pixel wide, snapped to device pixels
    on square grids so they stay crisp at every zoom. ``picture`` is the map image to draw over
    the board's ground and under everything else, ``(image, backdrop)`` (``web.backdrop``).
    """
    ops = [("path", f"M0 0H{width}V{height}H0Z", OUTSIDE, None, 0)]
    if grid.kind == "square":
        board = _square_ops(grid, layout, width, height, scale)
        ops.extend(board[:1])
        ops.extend(picture_ops(picture, layout))
        ops.extend(terrain_ops(terrain, grid, layout, width, height, scale))
        ops.extend(board[1:])
    elif picture is None:
        ops.append(("path", _hex_path(grid, layout, width, height), BACKGROUND, LINE, 1.5 * scale))
        ops.extend(terrain_ops(terrain, grid, layout, width, height, scale))
    else:
        cells = _hex_path(grid, layout, width, height)
        ops.append(("path", cells, BACKGROUND, None, 0))
        ops.extend(picture_ops(picture, layout))
        ops.extend(terrain_ops(terrain, grid, layout, width, height, scale))
        ops.append(("path", cells, None, LINE, 1.5 * scale))
    ops.extend(wall_ops(terrain, layout, width, height, scale))
    return ops


def picture_ops(picture, layout):
    """The map image drawn where its alignment lays it (``rules.backdrop.Backdrop.placed``), at
    its opacity: ``("image", image, x, y, width, height, alpha)`` in pixels; nothing without
    one."""
    if picture is None:
        return []
    image, backdrop = picture
    x, y, across, down = backdrop.placed()
    size = layout.cell_size
    return [("image", image, layout.origin[0] + x * size, layout.origin[1] + y * size, across * size, down * size,
             backdrop.opacity / 100)]


TERRAIN_STYLES = {
    "difficult": ("#e9dcc0", "#8a6d3b", "hatch"),
    "obstacle": ("#d9cfb8", "#6b5a3a", "dots"),
    "blocking": ("#3b3b3b", "#6e6e6e", "cross"),
    "narrow": ("#dfe7ee", "#4a6378", "bars"),
    "pit": ("#cfcfcf", "#1f1f1f", "ring"),
}
"""How each kind of ground looks: a fill, an ink and a mark, so colour is never the only cue:
difficult terrain is hatched, a hampering obstacle dotted, a blocking obstacle dark with a
cross, a narrow passage barred by two parallel lines, a pit a dark ring."""
WALL_STYLES = {
    "wall": ("#1d1d1d", 7.0, None),
    "low wall": ("#8a6d3b", 7.0, "#f3ead6"),
    "door": ("#6b3d14", 7.0, None),
    "open door": ("#6b3d14", 2.0, None),
}
"""Walls on cell edges: a thick dark line; a low wall a thick brown line with a pale core. A
closed door is a thick dark-brown line with a jamb across each end; an open door a thin
threshold along the side and its leaf swung square into the first cell (``door_ops``)."""


def _mark(mark, x, y, r):
    """The SVG path of a kind's mark in a cell centred at ``x``, ``y`` (``r``: the mark's
    half-size, inside a square's and a hex's inner circle)."""
    if mark == "hatch":
        return "".join(f"M{x + o - r * 0.55:.1f} {y + r * 0.55:.1f}L{x + o + r * 0.55:.1f} {y - r * 0.55:.1f}"
                       for o in (-r * 0.45, 0.0, r * 0.45))
    if mark == "dots":
        d = r * 0.45
        return "".join(circle(x + dx, y + dy, r * 0.12) for dx in (-d, d) for dy in (-d, d))
    if mark == "cross":
        d = r * 0.55
        return f"M{x - d:.1f} {y - d:.1f}L{x + d:.1f} {y + d:.1f}M{x + d:.1f} {y - d:.1f}L{x - d:.1f} {y + d:.1f}"
    if mark == "bars":
        return "".join(f"M{x + dx:.1f} {y - r * 0.8:.1f}V{y + r * 0.8:.1f}" for dx in (-r * 0.3, r * 0.3))
    return circle(x, y, r * 0.6)


@lru_cache(maxsize=16)
def terrain_ops(terrain, grid, layout, width, height, scale=1.0):
    """Each kind of ground on the visible cells: its fill, then its mark (``TERRAIN_STYLES``);
    a cell of two kinds shows both marks over the first kind's fill."""
    margin = layout.cell_size
    fills, marks = {}, {}
    for cell, kinds in terrain.cells:
        x, y = layout.to_pixel(cell)
        if not (-margin <= x <= width + margin and -margin <= y <= height + margin):
            continue
        fills.setdefault(kinds[0], []).append(cell)
        for kind in kinds:
            marks.setdefault(kind, []).append(_mark(TERRAIN_STYLES[kind][2], x, y, layout.cell_size * 0.4))
    ops = []
    for kind, cells in fills.items():
        ops.append(("path", cells_path(cells, grid, layout), TERRAIN_STYLES[kind][0], None, 0))
    for kind, parts in marks.items():
        line_width = (3.0 if kind == "pit" else 1.5) * scale
        fill = TERRAIN_STYLES[kind][1] if kind == "obstacle" else None
        ops.append(("path", "".join(parts), fill, TERRAIN_STYLES[kind][1], line_width))
    return tuple(ops)


@lru_cache(maxsize=16)
def wall_ops(terrain, layout, width, height, scale=1.0):
    """Each wall as a thick line along the side its two cells share (``WALL_STYLES``)."""
    by_kind = {}
    for a, b, kind in terrain.edges:
        side = shared_side(layout.corners(a), layout.corners(b))
        if side is None:
            continue
        (x0, y0), (x1, y1) = side
        if max(x0, x1) < 0 or min(x0, x1) > width or max(y0, y1) < 0 or min(y0, y1) > height:
            continue
        by_kind.setdefault(kind, []).append(f"M{x0:.1f} {y0:.1f}L{x1:.1f} {y1:.1f}")
    ops = []
    doors = [(a, b, kind) for a, b, kind in terrain.edges if kind in ("door", "open door")]
    for kind, parts in by_kind.items():
        if kind in ("door", "open door"):
            continue
        colour, thickness, core = WALL_STYLES[kind]
        ops.append(("path", "".join(parts), None, colour, thickness * scale))
        if core:
            ops.append(("path", "".join(parts), None, core, thickness * scale * 0.35))
    ops.extend(door_ops(doors, layout, scale))
    return tuple(ops)


def door_ops(doors, layout, scale=1.0):
    """Doors ``(a, b, kind)`` on the sides their cells share: closed, a thick line with a jamb
    across each end; open, a thin threshold and the leaf, hinged at one end of the side and
    swung square into cell ``a`` (so open and closed differ by shape, not colour alone)."""
    ops = []
    for a, b, kind in doors:
        side = shared_side(layout.corners(a), layout.corners(b))
        if side is None:
            continue
        (x0, y0), (x1, y1) = side
        colour, thickness, _ = WALL_STYLES[kind]
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 or 1.0
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        cx, cy = layout.to_pixel(a)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        # The normal pointing into cell a.
        nx, ny = -uy, ux
        if (cx - mx) * nx + (cy - my) * ny < 0:
            nx, ny = -nx, -ny
        if kind == "door":
            jamb = length * 0.16
            jambs = "".join(f"M{x - nx * jamb:.1f} {y - ny * jamb:.1f}L{x + nx * jamb:.1f} {y + ny * jamb:.1f}"
                            for x, y in ((x0, y0), (x1, y1)))
            ops.append(("path", f"M{x0:.1f} {y0:.1f}L{x1:.1f} {y1:.1f}", None, colour, thickness * scale))
            ops.append(("path", jambs, None, "#1d1d1d", 3 * scale))
        else:
            leaf = length * 0.8
            ops.append(("path", f"M{x0:.1f} {y0:.1f}L{x1:.1f} {y1:.1f}", None, colour, thickness * scale))
            ops.append(("path", f"M{x0:.1f} {y0:.1f}L{x0 + nx * leaf:.1f} {y0 + ny * leaf:.1f}", None, colour, 4 * scale))
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


# The board layer: zone overlays, tokens, the rotate handle.
ZONE_COLOURS = {Zone.FRONT: "#0072B2", Zone.FLANK: "#E69F00", Zone.REAR: "#D55E00"}
"""Okabe-Ito colours, told apart with the common colour-vision deficiencies; each adjacent cell
also carries its zone's initial, so colour is never the only cue."""
ZONE_ALPHA = 0.45
BEYOND_ALPHA = 0.16
SIDE_COLOURS = {
    "friend": "#009E73",
    "foe": "#B3261E",
    "neutral": "#6B6B6B",
    "blue": "#3B5BDB",
    "purple": "#7B3FA0",
    "gold": "#B8860B",
}
"""The sides a token can be on, with their named colours; creatures on one side are friends."""
SELECTED = "#111111"
HANDLE = "#111111"


def rgba(colour, alpha):
    """``"#rrggbb"`` with an alpha, as a canvas colour string."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


def polygon(points):
    """An SVG path string for a closed polygon."""
    return "M" + "L".join(f"{x:.1f} {y:.1f}" for x, y in points) + "Z"


def circle(x, y, r):
    """An SVG path string for a circle."""
    return f"M{x - r:.1f} {y:.1f}a{r:.1f} {r:.1f} 0 1 0 {2 * r:.1f} 0a{r:.1f} {r:.1f} 0 1 0 {-2 * r:.1f} 0Z"


def cells_path(cells, grid, layout):
    """One path covering ``cells``: on squares, runs along each row merge into one rectangle."""
    if grid.kind != "square":
        return "".join(polygon(layout.corners(cell)) for cell in cells)
    size, (x0, y0) = layout.cell_size, layout.origin
    parts = []
    run = None
    for cell in sorted(cells, key=lambda c: (c.y, c.x)):
        if run and run[1] == cell.y and run[2] + 1 == cell.x:
            run[2] = cell.x
            continue
        if run:
            parts.append(_row_rect(run, size, x0, y0))
        run = [cell.x, cell.y, cell.x]
    if run:
        parts.append(_row_rect(run, size, x0, y0))
    return "".join(parts)


def _row_rect(run, size, x0, y0):
    """The rectangle of a run ``[first x, y, last x]`` of squares."""
    first, y, last = run
    left, top = x0 + first * size, y0 + y * size
    return f"M{left:.1f} {top:.1f}h{(last - first + 1) * size:.1f}v{size:.1f}h{-(last - first + 1) * size:.1f}Z"


def zone_label(zone, ruleset):
    """The short mark of a zone in the adjacent ring: F, FL (or S for the variant's side), R."""
    name = zone_name(zone, ruleset)
    return "FL" if name == "flank" else name[0].upper()


def board_layers(encounter, ui, layout, scale=1.0):
    """The board layer in three parts: ``(key, background, (below, above))``.

    The background holds every creature but the selected one, with its arcs: while the selected
    creature is dragged or turned it does not change, so the page paints it once per ``key``
    and copies it each frame. ``below`` holds the selected creature's movement range, zones and
    reach, painted under the background so they never cover another creature's token;
    ``above`` its rings, token and rotate handle.

    A frame of a drag asks again with the same board: the background's operations are made
    once per ``key``, and the selected creature's once per value it takes (each facing of a
    turn) while everything else on the board stays as it was (``LayerMemo``).
    """
    grid, ruleset = encounter.grid, encounter.zones_ruleset
    selected = encounter.creature(ui.selected) if ui.selected is not None else None
    others = tuple(c for c in encounter.creatures if c is not selected)
    placed = state.slots(encounter)
    placed_key = tuple(sorted(placed.items())) if placed else ()
    key = (grid, others, ruleset, ui.arcs, ui.arcs_held, ui.selected, ui.marks, layout, scale, placed_key)
    background = _BACKGROUNDS.get(key, lambda: _background(others, encounter, ui, layout, scale, placed))
    # Everything the selected creature's drawing may read but the creature itself: the other
    # creatures and every other part of the encounter (its conditions and stats change the
    # movement range), the overlays and the view.
    context = (others, tuple(getattr(encounter, each.name) for each in fields(encounter) if each.name != "creatures"),
               ui, layout, scale, placed_key)
    below, above = _FOREGROUNDS.get(context, selected,
                                    lambda: _foreground(selected, encounter, ui, layout, scale, placed))
    if encounter.stats or encounter.conditions or encounter.round is not None:
        from web.fight import status_ops

        above = above + status_ops(encounter, layout, scale, ui.hp_bars)
    if encounter.dropped:
        from web.fight import dropped_ops

        above = above + dropped_ops(encounter, layout, scale)
    return key, background, (below, above)


class LayerMemo:
    """The drawings of the board's last state, kept while a drag asks for them frame after
    frame: one per ``key`` (compared by equality, so no creature is hashed), and within it,
    one per ``value`` (a creature: each facing of a turn), up to ``most`` of them."""

    def __init__(self, most=1):
        self.key = object()
        self.most = most
        self.values = {}

    def get(self, key, value=None, make=None):
        """The drawing for ``key`` and ``value``, made by ``make()`` the first time."""
        if make is None:
            value, make = None, value
        if key != self.key:
            self.key, self.values = key, {}
        found = self.values.get(value)
        if found is None:
            if len(self.values) >= self.most:
                self.values.clear()
            found = self.values[value] = make()
        return found


_BACKGROUNDS = LayerMemo()
_FOREGROUNDS = LayerMemo(most=16)


def _slot(creature, placed, ui, layout):
    """How ``creature`` is drawn in a shared square: ``None`` (its whole space), a disc
    ``(x, y, r)``, or ``False`` when it is one of those beyond the slots (a count badge stands
    for them, unless it is selected)."""
    place = placed.get(creature.name)
    if place is None:
        return None
    cell, index, count, beside = place
    if count > state.SLOTS and index >= state.SLOTS - 1 and creature.name != ui.selected:
        return False
    return state.slot_circle(cell, index, count, layout, beside)


def _badges(placed, ui, layout, scale):
    """A "+N" badge in the last slot of each square holding more one-square creatures than the
    slots show (unless the selected creature stands in that slot)."""
    ops = []
    counted = {}
    for name, (cell, index, count, beside) in placed.items():
        if count > state.SLOTS and index >= state.SLOTS - 1:
            counted.setdefault((cell, beside), []).append(name)
    for (cell, beside), names in counted.items():
        if ui.selected in names:
            continue
        x, y, r = state.slot_circle(cell, state.SLOTS - 1, state.SLOTS + 1, layout, beside)
        font = f"700 {max(8, round(r * 0.9))}px system-ui, sans-serif"
        ops.append(("path", circle(x, y, r), "#1d2433", "#ffffff", 1.5 * scale))
        ops.append(("text", x, y, f"+{len(names)}", font, "#ffffff"))
    return ops


def _background(others, encounter, ui, layout, scale, placed=None):
    """Every creature but the selected one: arcs under tokens."""
    grid, ruleset = encounter.grid, encounter.zones_ruleset
    placed = placed or {}
    ops = []
    for creature in others:
        if ui.shows_arcs_of(creature.name) and creature.has_facing:
            ops.extend(zone_ops(creature, grid, ruleset, layout, False, scale))
    for creature in sorted(others, key=lambda c: c.name in placed):
        slot = _slot(creature, placed, ui, layout)
        if slot is False:
            continue
        marks = ui.marks_of(creature.name)
        ops.extend(mark_ops(creature, grid, layout, marks, scale, False, slot))
        ops.extend(token_ops(creature, grid, layout, False, scale, slot))
        ops.extend(mark_ops(creature, grid, layout, marks, scale, True, slot))
    if placed:
        ops.extend(_badges(placed, ui, layout, scale))
    return ops


def _foreground(selected, encounter, ui, layout, scale, placed=None):
    """The selected creature: ``(below, above)``, its movement range, zones (and beyond) and
    reach below the other tokens, its rings, token and handle above them."""
    if selected is None:
        return [], []
    grid = encounter.grid
    slot = _slot(selected, placed or {}, ui, layout)
    below = []
    if ui.bands:
        below.extend(band_ops(state.movement_bands(encounter, selected, ui.policy), grid, layout))
    if ui.shows_arcs_of(selected.name) and selected.has_facing:
        below.extend(zone_ops(selected, grid, encounter.zones_ruleset, layout, ui.beyond, scale))
    if ui.reach:
        from rules.reach import threatened_cells

        below.extend(reach_ops(threatened_cells(selected, grid, encounter.options.reach_corners), layout, scale))
    ops = []
    marks = ui.marks_of(selected.name)
    ops.extend(mark_ops(selected, grid, layout, marks, scale, False, slot))
    ops.extend(token_ops(selected, grid, layout, True, scale, slot))
    ops.extend(mark_ops(selected, grid, layout, marks, scale, True, slot))
    if selected.has_facing:
        x, y = state.handle_point(selected, grid, layout, state.taken_cells(encounter, selected.name))
        ops.append(("path", circle(x, y, 7 * scale), "#ffffff", HANDLE, 2 * scale))
    return below, ops


def warm_ups(encounter, creature, ui, layout, scale=1.0):
    """Small tasks that draw ``creature`` ahead in each of its facings (into the caches), for
    the page to run while idle: a turn then costs a look-up, not a drawing. Each returns the
    layers it drew (``board_layers``)."""
    def task(facing):
        def run():
            turned = replace(creature, facing=facing)
            return board_layers(encounter.replace(creature.name, turned), ui, layout, scale)
        return run

    count = len(facing_names(creature.size, encounter.grid))
    return [task((creature.facing + step) % count) for step in (1, -1, 2, -2, 3, -3, 4)[: count - 1]]


def board_scene(encounter, ui, layout, scale=1.0):
    """Every draw operation of the board layer, in the order they are painted."""
    _, background, (below, above) = board_layers(encounter, ui, layout, scale)
    return below + background + above


@lru_cache(maxsize=512)
def zone_ops(creature, grid, ruleset, layout, beyond, scale):
    """Tinted cells of a creature's front, flank and rear, with the ring's cells labelled."""
    ring = zones_around(creature, grid, ruleset)
    ops = []
    if beyond:
        adjacent = set().union(*ring.values())
        wide = {zone: [] for zone in Zone}
        for cell, zone in board_zones(creature, grid, ruleset).items():
            if zone is not None and cell not in adjacent:
                wide[zone].append(cell)
        for zone, cells in wide.items():
            if cells:
                ops.append(("path", cells_path(cells, grid, layout), rgba(ZONE_COLOURS[zone], BEYOND_ALPHA), None, 0))
    font = f"bold {max(8, round(layout.cell_size * 0.24))}px system-ui, sans-serif"
    for zone, cells in ring.items():
        on_board = sorted(cell for cell in cells if grid.contains(cell))
        if not on_board:
            continue
        ops.append(("path", "".join(polygon(layout.corners(c)) for c in on_board), rgba(ZONE_COLOURS[zone], ZONE_ALPHA), None, 0))
        label = zone_label(zone, ruleset)
        for cell in on_board:
            x, y = layout.to_pixel(cell)
            ops.append(("text", x - layout.cell_size * 0.27, y - layout.cell_size * 0.27, label, font, "#1d2433"))
    return tuple(ops)


@lru_cache(maxsize=1024)
def token_ops(creature, grid, layout, selected, scale, slot=None):
    """A token: its footprint in its side's colour, a disc with its label and a facing arrow.

    ``slot`` is ``None``, or the disc ``(x, y, r)`` of a creature drawn small in a shared
    square (``web.state.slots``): the disc and its arrow there, its square's tint shared."""
    colour = SIDE_COLOURS.get(creature.side, SIDE_COLOURS["neutral"])
    cells = creature.cells(grid)
    ops = []
    if slot is None:
        ops.append(("path", "".join(polygon(layout.corners(cell)) for cell in cells), rgba(colour, 0.35), colour, 1.5 * scale))
    half = layout.cell_size * 0.5
    if slot is None:
        x, y = state.centre(creature, grid, layout)
        r = state.disc_radius(creature, grid, layout)
        reach = state.radius(creature, grid, layout) - half * 0.45
    else:
        x, y, r = slot
        half = r * 1.4
        reach = r + half * 0.3
    ops.append(("path", circle(x, y, r), colour, SELECTED if selected else "#ffffff", (3 if selected else 1.5) * scale))
    if creature.facing is not None:
        # The facing mark: a bold arrowhead from the disc's rim toward the front, reaching the
        # edge of the creature's space, readable at a glance.
        ux, uy = state.facing_direction(creature.facing, creature, grid, layout)
        tip_at = max(r + half * 0.3, reach)
        tip = (x + ux * tip_at, y + uy * tip_at)
        width = half * 0.42
        back = r * 0.72
        left = (x + ux * back - uy * width, y + uy * back + ux * width)
        right = (x + ux * back + uy * width, y + uy * back - ux * width)
        ops.append(("path", polygon((tip, left, right)), "#ffffff", SELECTED, 1.5 * scale))
    label = short_label(creature.name)
    font = f"600 {max(9, round(r * (0.8 if len(label) < 3 else 0.62)))}px system-ui, sans-serif"
    ops.append(("text", x, y, label, font, "#ffffff"))
    return tuple(ops)


MARK_STYLES = {
    "group": ("#111111", 0.98, None),
    "turn": ("#F0B400", 1.05, None),
    "attacker": ("#0072B2", 0.93, "A"),
    "target": ("#D55E00", 0.93, "T"),
}
"""The rings round a token: one of several selected together (a dark ring), whose turn it is (a
wide gold ring), the attack panel's attacker and target (each a ring with a lettered badge, A or
T, so colour is not the only cue)."""


@lru_cache(maxsize=256)
def mark_ops(creature, grid, layout, marks, scale, badges=False, slot=None):
    """The rings of ``marks`` (names of ``MARK_STYLES``) round ``creature``, drawn under its
    token so its facing arrow stays whole; with ``badges``, the lettered badges, drawn over it.
    ``slot`` is the disc of a creature drawn small in a shared square (see ``token_ops``)."""
    if not marks:
        return ()
    if slot is None:
        x, y = state.centre(creature, grid, layout)
        r = state.radius(creature, grid, layout)
        half = layout.cell_size * 0.5
    else:
        x, y, r = slot
        r *= 1.35
        half = r * 0.7
    font = f"700 {max(8, round(layout.cell_size * 0.2))}px system-ui, sans-serif"
    ops = []
    for mark in marks:
        colour, share, letter = MARK_STYLES[mark]
        ring = r * share
        if not badges:
            ops.append(("path", circle(x, y, ring), None, "#ffffff", 7 * scale))
            ops.append(("path", circle(x, y, ring), None, colour, 4 * scale))
        elif letter:
            side = -1 if letter == "A" else 1
            bx, by = x + side * (r - half * 0.15), y + (r - half * 0.15)
            ops.append(("path", circle(bx, by, half * 0.3), colour, "#ffffff", 1.5 * scale))
            ops.append(("text", bx, by, letter, font, "#ffffff"))
    return tuple(ops)


def short_label(name):
    """A token's label: initials of a multi-word name (with its number), else the first three letters."""
    words = name.split()
    if len(words) > 1:
        return "".join(word[0] for word in words if not word.isdigit())[:2] + "".join(w for w in words if w.isdigit())[:2]
    return name[:3]


def ghost_ops(creature, grid, layout, scale=1.0):
    """A dragged token's outline where it would land."""
    colour = SIDE_COLOURS.get(creature.side, SIDE_COLOURS["neutral"])
    cells = [cell for cell in creature.cells(grid) if grid.contains(cell)]
    return (("path", "".join(polygon(layout.corners(cell)) for cell in cells), rgba(colour, 0.2), colour, 2 * scale),)


# Movement and reach overlays, and the path of a drag.
BAND_COLOURS = (("move", "#009E73", 0.20), ("double move", "#56B4E9", 0.16), ("run", "#F0E442", 0.22))
"""Movement range bands, nearest first: a move, a double move, a run (Okabe-Ito colours)."""
REACH_COLOUR = "#CC79A7"
PATH_COLOUR = "#1d2433"
ILLEGAL = "#B3261E"
PROVOKES = "#D55E00"


def footprint_centre(cells, layout):
    """The pixel centre of a set of cells."""
    points = [layout.to_pixel(cell) for cell in cells]
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


@lru_cache(maxsize=64)
def band_ops(bands, grid, layout):
    """Tinted cells for movement bands: ``bands`` is ``((label, cells), ...)``, nearest first."""
    colours = {label: (colour, alpha) for label, colour, alpha in BAND_COLOURS}
    ops = []
    for label, cells in bands:
        colour, alpha = colours[label]
        if cells:
            ops.append(("path", cells_path(cells, grid, layout), rgba(colour, alpha), None, 0))
    return tuple(ops)


@lru_cache(maxsize=64)
def reach_ops(cells, layout, scale):
    """Threatened cells: a reddish-purple ring inside each, a shape as well as a colour."""
    parts = []
    for cell in cells:
        cx, cy = layout.to_pixel(cell)
        parts.append(polygon([(cx + (x - cx) * 0.78, cy + (y - cy) * 0.78) for x, y in layout.corners(cell)]))
    return (("path", "".join(parts), None, REACH_COLOUR, 2.5 * scale),) if parts else ()


def path_ops(start_cells, steps, legal, layout, summary, reason, scale=1.0, bounds=None):
    """A planned move: a line through each step, each step's cost, provoking steps marked, and
    at the end the total (legal) or the reason it cannot go there (illegal).

    ``steps`` are ``(cells, cost, provokes)`` triples, ``provokes`` the names of the opponents
    the step provokes, written beside its warning mark; ``summary`` is the total's text. The
    label is kept wholly inside ``bounds`` (the canvas's width and height), wrapped onto more
    lines where it is too wide, and put above the end where there is no room below.
    """
    points = [footprint_centre(start_cells, layout)] + [footprint_centre(cells, layout) for cells, _, _ in steps]
    colour = PATH_COLOUR if legal else ILLEGAL
    ops = []
    if len(points) > 1:
        line = "M" + "L".join(f"{x:.1f} {y:.1f}" for x, y in points)
        ops.append(("path", line, None, "#ffffff", 6 * scale))
        ops.append(("path", line, None, colour, 3 * scale))
    small_size = max(9, round(layout.cell_size * 0.26))
    small = f"600 {small_size}px system-ui, sans-serif"
    named = set()
    for (x, y), (_, cost, provokes) in zip(points[1:], steps):
        ops.append(("path", circle(x, y, layout.cell_size * 0.16), "#ffffff", colour, 1.5 * scale))
        ops.append(("text", x, y, str(cost), small, colour))
        if provokes:
            s = layout.cell_size * 0.2
            tx, ty = x + layout.cell_size * 0.27, y - layout.cell_size * 0.27
            ops.append(("path", polygon(((tx, ty - s), (tx + s, ty + s * 0.8), (tx - s, ty + s * 0.8))), PROVOKES, "#ffffff", 1 * scale))
            ops.append(("text", tx, ty + s * 0.2, "!", small, "#ffffff"))
            fresh = [] if isinstance(provokes, bool) else [name for name in provokes if name not in named]
            named.update(fresh)
            if fresh:
                who = ", ".join(fresh)
                width = len(who) * small_size * CHARACTER_WIDTH * 0.9 + 6 * scale
                left, top = tx + s * 1.2, ty - s
                if bounds:
                    left = min(left, bounds[0] - width - 2 * scale) if left + width > bounds[0] else left
                    if left < tx - s and left + width > tx - s:
                        left = tx - s * 1.2 - width
                ops.append(("path", polygon(((left, top), (left + width, top), (left + width, top + s * 2), (left, top + s * 2))),
                            "rgba(255,255,255,0.9)", PROVOKES, 1 * scale))
                ops.append(("text", left + width / 2, top + s, who, small, PROVOKES))
    ops.extend(label_ops(summary if legal else reason, points[-1], layout.cell_size, colour, scale, bounds))
    return tuple(ops)


def label_box(ops):
    """``(left, top, right, bottom)`` of the label a ``path_ops`` drawing ends with."""
    box = next(op for op in reversed(ops) if op[0] == "path" and op[2] == LABEL_FILL)
    numbers = [float(part) for part in box[1].replace("M", " ").replace("L", " ").replace("Z", " ").split()]
    xs, ys = numbers[0::2], numbers[1::2]
    return (min(xs), min(ys), max(xs), max(ys))


def free_ops(start_cells, end_cells, legal, layout, label, scale=1.0, bounds=None):
    """A free placement under way: a straight dashed-looking line from where the creature
    stands to where it would go, and a label (the distance, or why it does not fit there)."""
    a = footprint_centre(start_cells, layout)
    b = footprint_centre(end_cells, layout)
    colour = PATH_COLOUR if legal else ILLEGAL
    line = f"M{a[0]:.1f} {a[1]:.1f}L{b[0]:.1f} {b[1]:.1f}"
    ops = [("path", line, None, "#ffffff", 6 * scale), ("path", line, None, colour, 2 * scale)]
    ops.extend(label_ops(label, b, layout.cell_size, colour, scale, bounds))
    return tuple(ops)


def box_ops(box, scale=1.0):
    """A selection box being dragged: ``box`` is ``(x0, y0, x1, y1)`` in device pixels."""
    x0, y0, x1, y1 = box
    rect = polygon(((x0, y0), (x1, y0), (x1, y1), (x0, y1)))
    return (("path", rect, "rgba(47,111,219,0.12)", "#2f6fdb", 1.5 * scale),)


LABEL_FILL = "rgba(255,255,255,0.94)"
CHARACTER_WIDTH = 0.62
"""A bold system-ui character's width, as a share of the font size (a generous average)."""


def label_ops(text, point, cell_size, colour, scale=1.0, bounds=None):
    """A boxed label under ``point`` (above it where there is no room below), kept inside
    ``bounds``, its text wrapped onto as many lines as the width needs."""
    x, y = point
    size = max(10 * scale, round(cell_size * 0.3))
    pad = 6 * scale
    widest = (bounds[0] - 2 * pad) if bounds else float("inf")
    lines = wrap(text, max(8, int((widest - 2 * pad) / (size * CHARACTER_WIDTH))))
    width = max(60.0 * scale, max(len(line) for line in lines) * size * CHARACTER_WIDTH + 2 * pad)
    line_height = size * 1.3
    height = line_height * len(lines) + pad
    top = y + cell_size * 0.55
    left = x - width / 2
    if bounds:
        left = min(max(pad, left), max(pad, bounds[0] - width - pad))
        if top + height > bounds[1] - pad:
            top = max(pad, y - cell_size * 0.55 - height)
    box = polygon(((left, top), (left + width, top), (left + width, top + height), (left, top + height)))
    font = f"700 {size:.0f}px system-ui, sans-serif"
    ops = [("path", box, LABEL_FILL, colour, 1.5 * scale)]
    for number, line in enumerate(lines):
        ops.append(("text", left + width / 2, top + pad / 2 + line_height * (number + 0.5), line, font, colour))
    return ops


def wrap(text, most):
    """``text`` in lines of at most ``most`` characters, broken between words where it can."""
    lines, line = [], ""
    for word in text.split():
        while len(word) > most:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:most])
            word = word[most:]
        if line and len(line) + 1 + len(word) > most:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line or not lines:
        lines.append(line)
    return lines


# The saved image: the whole board at a readable scale, without the selection's marks.
IMAGE_CELL = 48
"""Pixels per cell in a saved image of the board, when the board is small enough."""
IMAGE_PIXELS = 40_000_000
"""The most pixels a saved image holds (a phone's browser can still draw it): bigger boards
get smaller cells."""
IMAGE_MARGIN = 16


def board_image(encounter, arcs="selected", picture=None):
    """``(width, height, ops)``: the whole board for a saved image, every token and its terrain
    over its map image (``picture``, as ``grid_scene`` takes it), at ``IMAGE_CELL`` pixels a cell
    (less for a board that would pass ``IMAGE_PIXELS``), with nothing selected and no rings; the
    arcs of every token if ``arcs`` is ``"all"``."""
    import math

    from rules.grid import Layout

    grid = encounter.grid
    across, down = grid.extent()
    cell = min(IMAGE_CELL, math.sqrt(IMAGE_PIXELS / (across * down)))
    layout = Layout(grid, cell, (IMAGE_MARGIN, IMAGE_MARGIN))
    width = math.ceil(across * cell + 2 * IMAGE_MARGIN)
    height = math.ceil(down * cell + 2 * IMAGE_MARGIN)
    ui = state.Ui(arcs="all" if arcs == "all" else "selected")
    ops = grid_scene(grid, layout, width, height, 1.0, encounter.terrain, picture)
    if encounter.areas:
        from web.area_tool import marker_ops

        ops = list(ops) + marker_ops(encounter, layout)
    ops = ops + board_scene(encounter, ui, layout, 1.0)
    return width, height, ops
