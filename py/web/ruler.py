"""The Measure tool: a ruler over the board, read as the rules count distance.

A drag measures from where it starts to where it ends; a click adds a waypoint (the first
click starts a ruler), and with a mouse the ruler follows the pointer from its last point until
the next click. The reading is ``rules.areas.measure`` along the waypoints (seed 002's 1-2-1-2
diagonals run on across them, as along a move), or, between a creature and another creature
or a cell, ``rules.areas.distance_between`` their spaces: the distance reach and range use.
Escape, another tool or a new drag from elsewhere takes the ruler away. Nothing here decides a
rule; ``ruler_ops`` draws what the rules answered.
"""

from dataclasses import dataclass

from web.scene import LABEL_FILL, circle, footprint_centre, label_ops

RULER_COLOUR = "#6a3d9a"
"""The ruler's line, dots and label (purple: no overlay of the board uses it)."""


@dataclass(frozen=True)
class End:
    """One point of the ruler: a ``cell``, and the ``creature`` (a name) whose space it was
    on, if any."""

    cell: object
    creature: str | None = None


def cells_word(count, grid):
    """``"1 square"``, ``"7 hexes"``: a count of the grid's cells."""
    noun = "hex" if grid.kind == "hex" else "square"
    if count == 1:
        return f"1 {noun}"
    return f"{count} {noun}es" if noun == "hex" else f"{count} {noun}s"


def creature_of(encounter, end):
    """The creature ``end`` was laid on, if it is still on the board."""
    if end.creature is None:
        return None
    return next((creature for creature in encounter.creatures if creature.name == end.creature), None)


def reading(encounter, ends) -> str:
    """What the ruler along ``ends`` reads: feet and cells.

    Two ends on two creatures, or on a creature and a cell, read the distance between their
    spaces (where each creature stands now); otherwise the waypoints' cells are measured in
    order."""
    from rules.areas import distance_between, measure

    grid = encounter.grid
    ends = [end if creature_of(encounter, end) else End(end.cell) for end in ends]
    if len(ends) == 2 and any(end.creature for end in ends) and ends[0].creature != ends[1].creature:
        things = [creature_of(encounter, end) or end.cell for end in ends]
        found = distance_between(grid, *things)
        cells = f"{found.feet} ft ({cells_word(found.cells, grid)})"
        if all(end.creature for end in ends):
            return f"{cells} between {ends[0].creature} and {ends[1].creature}"
        return f"{cells} from {ends[0].creature or ends[1].creature}'s space"
    found = measure(grid, [end.cell for end in ends])
    legs = len(ends) - 1
    via = f" over {legs} legs" if legs > 1 else ""
    return f"{found.feet} ft ({cells_word(found.cells, grid)}){via}"


class Ruler:
    """The ruler of one board: its fixed ends, the end following the pointer, and the drag."""

    def __init__(self, board):
        self.board = board
        self.ends = []
        self.live = None
        self.press = None

    def end_at(self, point):
        """The ruler's end at the CSS pixel ``point``: the cell there and the creature on it."""
        from web import state

        board = self.board
        layout = board.canvas.layout(1)
        cell = layout.from_pixel(*point)
        creature = state.creature_at_point(board.encounter, layout, *point)
        return End(cell, creature.name if creature is not None else None)

    def on_board(self, end):
        """Whether ``end``'s cell is on the board."""
        return self.board.encounter.grid.contains(end.cell)

    def pressed(self, point):
        """A pointer down with the tool in hand: remember it until it moves or lifts."""
        end = self.end_at(point)
        self.press = {"end": end, "dragged": False}

    def dragged(self, point):
        """The pointer moved while down: a drag measures from where it was pressed (carrying
        on from the last waypoint if it started there)."""
        if self.press is None:
            return
        end = self.end_at(point)
        if not self.press["dragged"]:
            self.press["dragged"] = True
            start = self.press["end"]
            if not self.ends or self.ends[-1].cell != start.cell:
                self.ends = [start] if self.on_board(start) else []
        self.live = end if self.on_board(end) else None
        self.board.canvas.request_frame()

    def released(self, point):
        """The pointer lifted: a drag ends the ruler there; a click adds a waypoint. Says the
        reading once there is one."""
        press, self.press = self.press, None
        if press is None:
            return
        end = self.end_at(point) if press["dragged"] else press["end"]
        self.live = None
        if not self.on_board(end):
            self.board.say("The ruler measures on the board: that point is off it.", error=True)
            self.board.canvas.request_frame()
            return
        if not self.ends or end.cell != self.ends[-1].cell:
            self.ends.append(end)
        if len(self.ends) >= 2:
            self.board.say(f"Measured {reading(self.board.encounter, self.ends)}.")
        else:
            self.board.say("Ruler started: drag, or click where it goes next. Escape clears it.")
        self.board.canvas.request_frame()

    def hovered(self, point):
        """A mouse over the board with no button down: the ruler follows it from its last point."""
        if not self.ends:
            return
        end = self.end_at(point)
        live = end if self.on_board(end) and end.cell != self.ends[-1].cell else None
        if live != self.live:
            self.live = live
            self.board.canvas.request_frame()

    def start_at(self, point):
        """Start a ruler at ``point`` (the board menu's Measure from here)."""
        end = self.end_at(point)
        self.ends = [end] if self.on_board(end) else []
        self.live = None
        self.board.say("Ruler started: drag, or click where it goes next. Escape clears it.")
        self.board.canvas.request_frame()

    def clear(self):
        """Take the ruler away; whether there was one."""
        had = bool(self.ends) or self.press is not None
        self.ends, self.live, self.press = [], None, None
        self.board.canvas.request_frame()
        return had

    def shown(self):
        """The ends drawn now: the fixed ones and the one following the pointer."""
        return self.ends + ([self.live] if self.live is not None else [])

    def ops(self, layout, scale, bounds):
        """The ruler's drawing in device pixels (``layout``): ``(below, above)``, the line and
        dots drawn under the tokens (never over a creature's name) and the reading above."""
        ends = self.shown()
        if not ends:
            return [], []
        drawn = ruler_ops(self.board.encounter, ends, layout, scale, bounds)
        label = next((index for index, op in enumerate(drawn) if op[0] == "path" and op[2] == LABEL_FILL), len(drawn))
        return list(drawn[:label]), list(drawn[label:])


def ruler_ops(encounter, ends, layout, scale=1.0, bounds=None):
    """A ruler along ``ends``: a line through the waypoints (a creature's end at its space's
    centre), a dot at each, and the reading in a label at the last."""
    grid = encounter.grid

    def point(end):
        creature = creature_of(encounter, end)
        if creature is not None:
            return footprint_centre(creature.cells(grid), layout)
        return layout.to_pixel(end.cell)

    points = [point(end) for end in ends]
    ops = []
    if len(points) > 1:
        line = "M" + "L".join(f"{x:.1f} {y:.1f}" for x, y in points)
        ops.append(("path", line, None, "#ffffff", 6 * scale))
        ops.append(("path", line, None, RULER_COLOUR, 3 * scale))
    for x, y in points:
        ops.append(("path", circle(x, y, layout.cell_size * 0.1), "#ffffff", RULER_COLOUR, 2 * scale))
    if len(points) > 1:
        ops.extend(label_ops(reading(encounter, ends), points[-1], layout.cell_size, RULER_COLOUR, scale, bounds))
    return tuple(ops)

