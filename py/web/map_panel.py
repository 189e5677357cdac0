"""The Map tab: the grid (squares or hexes) and the board's size, how the terrain tool paints
and with what, the wall tool's kind, and the overlays (arcs, zones beyond, reach, movement
range, the legend).

A grid switch, a smaller board or a bigger one puts the encounter on the new grid with the
rules' ``Encounter.on_grid``: whoever no longer fits moves to the nearest free place and the
notice names them; where nothing fits, nothing changes and the notice says why.
"""

from web import tools
from web.dom import document, element, fill_select, on

GRID_LABELS = {"square": "Squares", "hex-flat": "Hexes (flat top)", "hex-pointy": "Hexes (pointy top)"}
"""The grid control's choices and their labels."""


def make_grid(choice, width, height):
    """The grid for a grid control value: "square", "hex-flat" or "hex-pointy"."""
    from rules.grid import HexGrid, SquareGrid

    if choice == "square":
        return SquareGrid(width, height)
    return HexGrid(width, height, choice.split("-", 1)[1])


def grid_choice(grid):
    """The grid control value of ``grid``."""
    return "square" if grid.kind == "square" else f"hex-{grid.orientation}"


class MapPanel:
    """The Map tab of one board."""

    def __init__(self, board):
        self.board = board
        fill_select(element("paint-kind"), tools.palette(), board.ui.paint)
        fill_select(element("wall-kind"), tools.wall_kinds(), board.ui.wall)
        for radio in document.querySelectorAll("#grid-kind input[name=grid]"):
            on(radio, "change", lambda event: self.set_grid(event.target.value))
        on(element("board-resize"), "click", lambda _event: self.set_size(
            element("board-width").value, element("board-height").value))
        for radio in document.querySelectorAll("input[name=shape]"):
            on(radio, "change", lambda event: board.set_paint(shape=event.target.value))
        on(element("paint-kind"), "change", lambda event: board.set_paint(paint=event.target.value))
        on(element("wall-kind"), "change", lambda event: board.set_ui(wall=event.target.value))
        for radio in document.querySelectorAll("input[name=arcs]"):
            on(radio, "change", lambda event: board.set_ui(arcs=event.target.value))
        for id_, field in (("show-beyond", "beyond"), ("show-reach", "reach"), ("show-bands", "bands"),
                           ("show-legend", "legend"), ("show-hp", "hp_bars")):
            on(element(id_), "change", lambda event, field=field: board.set_ui(**{field: event.target.checked}))

    def render(self):
        """The grid and size as the encounter has them, the overlays as the board shows them."""
        board = self.board
        grid, ui = board.encounter.grid, board.ui
        choice = grid_choice(grid)
        for radio in document.querySelectorAll("#grid-kind input[name=grid]"):
            radio.checked = radio.value == choice
        element("board-width").value = str(grid.width)
        element("board-height").value = str(grid.height)
        for radio in document.querySelectorAll("input[name=shape]"):
            radio.checked = radio.value == ui.shape
        for radio in document.querySelectorAll("input[name=arcs]"):
            radio.checked = radio.value == ui.arcs
        for id_, field in (("show-beyond", "beyond"), ("show-reach", "reach"), ("show-bands", "bands"),
                           ("show-legend", "legend"), ("show-hp", "hp_bars")):
            element(id_).checked = getattr(ui, field)

    def regrid(self, grid, message):
        """Put the encounter on ``grid`` (another kind or size); creatures that no longer fit
        move to the nearest free place and the notice names them."""
        from rules.errors import RulesError
        from web.canvas import names_text

        board = self.board
        try:
            encounter, moved = board.encounter.on_grid(grid)
        except RulesError as error:
            board.say(str(error), error=True)
            self.render()
            return
        before = board.encounter
        turned = [creature.name for creature in before.creatures
                  if creature.name in encounter.names() and creature.facing is not None
                  and creature.facing_name(before.grid) != encounter.creature(creature.name).facing_name(encounter.grid)]
        dropped = len(board.encounter.terrain.cells) - len(encounter.terrain.cells)
        dropped_walls = len(board.encounter.terrain.edges) - len(encounter.terrain.edges)
        if moved:
            message += f" {names_text(moved)} moved to the nearest place that fits."
        if turned:
            message += (f" {names_text(turned)} now {'faces' if len(turned) == 1 else 'face'} the nearest way the new "
                        "grid has (Undo brings back the old facings).")
        if dropped or dropped_walls:
            message += f" Terrain left out: {dropped} cells and {dropped_walls} walls (Undo brings them back)."
        if board.encounter.areas and not encounter.areas:
            count = len(board.encounter.areas)
            message += f" {'The spell area' if count == 1 else f'The {count} spell areas'} laid on the old board removed (Undo brings them back)."
        board.commit(encounter, message)

    def set_grid(self, choice):
        """Switch the board to the grid named by a grid control value, keeping its size."""
        grid = self.board.encounter.grid
        if choice == grid_choice(grid):
            return
        self.regrid(make_grid(choice, grid.width, grid.height), f"Grid: {GRID_LABELS[choice].lower()}.")

    def set_size(self, width, height):
        """Resize the board to ``width`` x ``height`` cells (the inputs' text)."""
        from rules.link import MAX_SIDE

        board = self.board
        grid = board.encounter.grid
        try:
            columns, rows = int(str(width).strip()), int(str(height).strip())
        except ValueError:
            columns = rows = 0
        if not (1 <= columns <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
            board.say(f"The board's width and height are whole numbers from 1 to {MAX_SIDE}.", error=True)
            self.render()
            return
        if (columns, rows) == (grid.width, grid.height):
            return
        self.regrid(make_grid(grid_choice(grid), columns, rows), f"The board is now {columns} x {rows}.")
