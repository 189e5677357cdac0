"""A numpy oracle for movement costs: a vectorised wavefront over random boards.

The oracle shares no code with the engine. It lays the board out as arrays over axial
coordinates (squares ``x, y``; hexes ``q, r`` from the textbook odd-q / odd-r offsets), works
out from the terrain, walls and creatures which steps are barred and what entering each cell
costs, and then relaxes whole arrays at once, Bellman-Ford style: for every direction (and, for
a Large creature on squares, every change between its full and squeezed shapes) the cost of
stepping from every cell is computed in one go, and the minimum kept, until nothing improves.
Each shape has two arrays, one per diagonal parity (whether the next plain diagonal counts 1 or
2), so the 1-2-1-2 count runs along the whole path. The engine (``rules.movement``) answers
with a Dijkstra over flat lists; the two must agree on every place, on seeded random boards
with difficult terrain, obstacles, walls, doors open and closed, pits, narrow passages and
creatures.
"""

import math
import random

import numpy as np
import pytest

from rules.creature import Creature
from rules.grid import Hex, HexGrid, Square, SquareGrid
from rules.movement import Battlefield, FacingPolicy, Mode, _mover, plan_move, reachable
from rules.options import Options
from rules.sizes import Size
from rules.terrain import Terrain

MARGIN = 4
SQUARE_STEPS = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]
HEX_STEPS = {
    "flat": [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)],
    "pointy": [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)],
}


def board_cells(layout: str, width: int, height: int) -> list[tuple[int, int]]:
    """The axial coordinates of every cell on the board (Red Blob's offset formulas)."""
    if layout == "square":
        return [(col, row) for row in range(height) for col in range(width)]
    if layout == "flat":
        return [(col, row - (col - (col & 1)) // 2) for row in range(height) for col in range(width)]
    return [(col - (row - (row & 1)) // 2, row) for row in range(height) for col in range(width)]


def to_unit(layout: str, step: tuple[int, int]) -> tuple[float, float]:
    """A coordinate step in unit geometry, y southward."""
    a, b = step
    if layout == "square":
        return (a, b)
    if layout == "flat":
        return (1.5 * a, math.sqrt(3) * (b + a / 2))
    return (math.sqrt(3) * (a + b / 2), 1.5 * b)


def steps_of(layout: str) -> list[tuple[int, int]]:
    """The coordinate steps to a cell's neighbours, in the grid's direction order."""
    return SQUARE_STEPS if layout == "square" else HEX_STEPS[layout]


def footprint_of(layout: str, steps: list, size: Size, anchor: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells of a creature of ``size`` at ``anchor``: a block on squares (north-west
    anchor), the anchor and its ring for a Huge creature on hexes, else one cell."""
    a, b = anchor
    if layout == "square":
        side = {Size.LARGE: 2, Size.HUGE: 3}.get(size, 1)
        return [(a + x, b + y) for y in range(side) for x in range(side)]
    if size == Size.HUGE:
        return [anchor] + [(a + da, b + db) for da, db in steps]
    return [anchor]


def make_spec(seed: int, layout: str, mover_size: Size) -> dict:
    """A random board: terrain, walls, creatures and a mover, as plain data."""
    rng = random.Random(seed)
    width, height = (13, 11) if layout == "square" else (11, 10)
    cells = board_cells(layout, width, height)
    sides = SQUARE_STEPS[::2] if layout == "square" else HEX_STEPS[layout]
    # A Huge creature needs room: its seven hexes are lost among as much terrain as a Medium's.
    density = 0.4 if mover_size == Size.HUGE else 1.0
    terrain = {}
    for cell in cells:
        roll = rng.random() / density
        for limit, kinds in ((0.17, ("difficult",)), (0.22, ("obstacle",)), (0.25, ("difficult", "obstacle")),
                             (0.31, ("blocking",)), (0.33, ("pit",)), (0.36, ("narrow",))):
            if roll < limit:
                terrain[cell] = kinds
                break
    walls = {}
    on_board = set(cells)
    while len(walls) < 10 * density:
        a = rng.choice(cells)
        da, db = rng.choice(sides)
        b = (a[0] + da, a[1] + db)
        if b in on_board and (b, a) not in walls:
            walls[(a, b)] = rng.choice(("wall", "wall", "low wall", "door", "open door"))
    free = {cell for cell in cells if cell not in terrain}

    def place(size: Size) -> tuple[int, int]:
        """An anchor whose whole space is open ground nobody stands on; that ground is taken."""
        for anchor in rng.sample(sorted(free), len(free)):
            space = set(footprint_of(layout, steps_of(layout), size, anchor))
            if space <= free:
                free.difference_update(space)
                return anchor
        raise AssertionError("no room on the random board")

    start = place(mover_size)
    others = []
    for n in range(6):
        size = rng.choice((Size.SMALL, Size.MEDIUM, Size.MEDIUM, Size.LARGE))
        if layout != "square" and size == Size.LARGE:
            size = Size.MEDIUM
        foe, helpless = rng.random() < 0.5, rng.random() < 0.25
        others.append({"name": f"C{n}", "size": size, "cell": place(size), "foe": foe, "helpless": helpless})
    return {
        "layout": layout,
        "width": width,
        "height": height,
        "cells": cells,
        "terrain": terrain,
        "walls": walls,
        "others": others,
        "mover": {"size": mover_size, "cell": start, "facing": rng.randrange(len(steps_of(layout))), "flying": rng.random() < 0.2},
        "policy": rng.choice((FacingPolicy.TURN, FacingPolicy.KEEP)),
        "mode": rng.choice((Mode.DOUBLE, Mode.DOUBLE, Mode.RUN)),
        "speed": rng.choice((20, 30, 60)),
    }


# The oracle.


class Oracle:
    """The movement costs of ``spec``'s mover to every place, by array relaxation."""

    def __init__(self, spec: dict):
        self.spec = spec
        layout = spec["layout"]
        cells = spec["cells"]
        self.a0 = min(a for a, _ in cells) - MARGIN
        self.b0 = min(b for _, b in cells) - MARGIN
        self.shape = (max(b for _, b in cells) - self.b0 + MARGIN + 1, max(a for a, _ in cells) - self.a0 + MARGIN + 1)
        self.steps = steps_of(layout)
        mover = spec["mover"]
        self.flying = mover["flying"]
        running = spec["mode"] is Mode.RUN
        size = mover["size"]
        on_board = self.grid(False)
        for cell in cells:
            on_board[self.at(cell)] = True
        blocked = ~on_board
        doubles = np.zeros(self.shape, dtype=np.int64)
        solid = self.grid(False)
        for cell, kinds in spec["terrain"].items():
            here = self.at(cell)
            for kind in kinds:
                if kind == "blocking":
                    blocked[here] = solid[here] = True
                elif kind == "pit" and not self.flying:
                    blocked[here] = True
                elif kind == "narrow":
                    if size >= Size.LARGE:
                        blocked[here] = True
                    else:
                        doubles[here] += 1
                elif kind in ("difficult", "obstacle") and not self.flying:
                    if kind == "difficult" and running:
                        blocked[here] = True
                    else:
                        doubles[here] += 1
        stop = on_board.copy()
        for other in spec["others"]:
            for cell in self.space(other["size"], other["cell"]):
                here = self.at(cell)
                if other["helpless"]:
                    if other["foe"] and other["size"] >= Size.LARGE:
                        doubles[here] += 1
                    continue
                stop[here] = False
                if other["foe"] and abs(int(other["size"]) - int(size)) < 3:
                    blocked[here] = True
        self.cell_blocked, self.cell_doubles, self.cell_stop = blocked, doubles, stop
        self.barred, self.low = self.barred_steps(solid)
        self.facing_doubles = self.facing_costs()

    def grid(self, value) -> np.ndarray:
        """An array over the padded box filled with ``value``."""
        return np.full(self.shape, value)

    def at(self, cell: tuple[int, int]) -> tuple[int, int]:
        """The array index of axial ``cell``."""
        return (cell[1] - self.b0, cell[0] - self.a0)

    def space(self, size: Size, anchor: tuple[int, int]) -> list[tuple[int, int]]:
        """The cells of a creature of ``size`` at ``anchor``."""
        return footprint_of(self.spec["layout"], self.steps, size, anchor)

    def barred_steps(self, solid: np.ndarray):
        """Per direction, the cells a step that way may not leave from (a wall or closed door
        crossed; on squares, a diagonal through a wall's or closed door's end or a solid cell's
        corner), and those whose step crosses a low wall. An open door is not there at all."""
        layout = self.spec["layout"]
        barred = [self.grid(False) for _ in self.steps]
        low = [self.grid(False) for _ in self.steps]
        ends = set()
        for (a, b), kind in self.spec["walls"].items():
            if kind == "open door" or (kind == "low wall" and self.flying):
                continue
            for one, two in ((a, b), (b, a)):
                k = self.steps.index((two[0] - one[0], two[1] - one[1]))
                (low if kind == "low wall" else barred)[k][self.at(one)] = True
            if layout == "square":
                if a[0] != b[0]:
                    x = max(a[0], b[0])
                    ends |= {(x, a[1]), (x, a[1] + 1)}
                else:
                    y = max(a[1], b[1])
                    ends |= {(a[0], y), (a[0] + 1, y)}
        if layout == "square":
            for k, (dx, dy) in enumerate(self.steps):
                if dx and dy:
                    for cell in self.spec["cells"]:
                        x, y = cell
                        corner = (x + (dx > 0), y + (dy > 0))
                        beside = (solid[self.at((x + dx, y))], solid[self.at((x, y + dy))])
                        if corner in ends or any(beside):
                            barred[k][self.at(cell)] = True
        return barred, low

    def facing_costs(self) -> list[int]:
        """Per direction, 1 if keeping a facing makes a step that way cost double (UA: more than
        45 degrees from the facing on squares, 60 on hexes), else 0."""
        spec = self.spec
        if spec["policy"] is FacingPolicy.TURN:
            return [0] * len(self.steps)
        fx, fy = to_unit(spec["layout"], self.steps[spec["mover"]["facing"]])
        limit = 45 if spec["layout"] == "square" else 60
        costs = []
        for step in self.steps:
            sx, sy = to_unit(spec["layout"], step)
            angle = math.degrees(math.atan2(abs(fx * sy - fy * sx), fx * sx + fy * sy))
            costs.append(0 if angle <= limit + 1e-9 else 1)
        return costs

    def shapes(self) -> list[list[tuple[int, int]]]:
        """The mover's spaces relative to its anchor: full first; a Large creature on squares
        also squeezes to one square by two, either way, where its full space has no room."""
        size = self.spec["mover"]["size"]
        if self.spec["layout"] == "square" and size == Size.LARGE:
            return [[(0, 0), (1, 0), (0, 1), (1, 1)], [(0, 0), (0, 1)], [(0, 0), (1, 0)]]
        return [[(a, b) for a, b in self.space(size, (0, 0))]]

    @staticmethod
    def shift(array: np.ndarray, offset: tuple[int, int]) -> np.ndarray:
        """``result[anchor] = array[anchor + offset]`` (the margin absorbs the wrap-around)."""
        return np.roll(array, (-offset[1], -offset[0]), axis=(0, 1))

    def moves(self, shapes) -> list[tuple]:
        """Every way to step: ``(from shape, direction, to shape, anchor offset, cells checked)``.
        The same shape moves one cell; a change of shape must fit, together with the old space
        moved one cell, inside a 2 x 2 block."""
        found = []
        for s, old in enumerate(shapes):
            for k, (dx, dy) in enumerate(self.steps):
                found.append((s, k, s, (dx, dy), old))
                for t, new in enumerate(shapes):
                    if t == s:
                        continue
                    moved = {(x + dx, y + dy) for x, y in old}
                    for ox in range(dx - 2, dx + 3):
                        for oy in range(dy - 2, dy + 3):
                            placed = {(ox + x, oy + y) for x, y in new}
                            xs = [x for x, _ in moved | placed]
                            ys = [y for _, y in moved | placed]
                            if max(xs) - min(xs) <= 1 and max(ys) - min(ys) <= 1:
                                checked = [(x, y) for x, y in old if (x + dx, y + dy) in placed]
                                found.append((s, k, t, (ox, oy), checked))
        return found

    def costs(self) -> list[np.ndarray]:
        """Per shape, the least cost to put the anchor on each cell (``inf`` if never)."""
        shapes = self.shapes()
        shift = self.shift
        enter, stoppable = [], []
        for cells in shapes:
            blocked = np.logical_or.reduce([shift(self.cell_blocked, c) for c in cells])
            doubles = np.maximum.reduce([shift(self.cell_doubles, c) for c in cells])
            inner = set(cells)
            for x, y in cells:
                for k, (dx, dy) in enumerate(self.steps):
                    if (x + dx, y + dy) in inner and not (dx and dy and self.spec["layout"] == "square"):
                        blocked = blocked | shift(self.barred[k], (x, y))
            if enter:
                # A narrow space inside room for the full space is no squeeze: the creature
                # stands at full size instead ("an area that isn't as wide as the space you
                # take up").
                width, height = 1 + max(x for x, _ in cells), 1 + max(y for _, y in cells)
                roomy = [shift(enter[0] >= 0, (ox, oy)) for ox in range(width - 2, 1) for oy in range(height - 2, 1)]
                blocked = blocked | np.logical_or.reduce(roomy)
            enter.append(np.where(blocked, -1, doubles))
            stoppable.append(np.logical_and.reduce([shift(self.cell_stop, c) for c in cells]) & ~blocked)
        moves = []
        for s, k, t, offset, checked in self.moves(shapes):
            barred = np.logical_or.reduce([shift(self.barred[k], c) for c in checked])
            low = np.logical_or.reduce([shift(self.low[k], c) for c in checked])
            there = shift(enter[t], offset)
            n = np.where(there >= 0, there + self.facing_doubles[k] + (1 if t else 0), 0)
            ok = ~barred & (there >= 0)
            dx, dy = self.steps[k]
            # Read literally (sideways_step_costs_two), a step off the front costs 2 squares,
            # diagonal or not: it is priced as a straight step, doubled once.
            literal = self.spec.get("sideways_two") and self.facing_doubles[k]
            moves.append((s, t, offset, ok, n, low, bool(dx and dy and self.spec["layout"] == "square") and not literal))
        inf = np.inf
        best = [[self.grid(inf) for _ in range(2)] for _ in shapes]
        start = self.spec["mover"]["cell"]
        start_shape = 0
        best[start_shape][0][self.at(start)] = 0
        while True:
            changed = False
            for s, t, offset, ok, n, low, diagonal in moves:
                for parity in (0, 1):
                    source = best[s][parity]
                    if diagonal:
                        plain = n == 0
                        step = np.where(plain, 1 + parity, 3 * 2.0 ** (n - 1))
                    else:
                        plain = np.zeros(self.shape, dtype=bool)
                        step = 2.0 ** n
                    cost = np.where(ok, source + step + 2 * low, inf)
                    for flips in (True, False):
                        part = np.where(plain == flips, cost, inf) if diagonal else (cost if not flips else None)
                        if part is None:
                            continue
                        landed = shift(part, (-offset[0], -offset[1]))
                        target = best[t][1 - parity if (diagonal and flips) else parity]
                        better = landed < target
                        if better.any():
                            target[better] = landed[better]
                            changed = True
            if not changed:
                break
        return [np.where(stoppable[s], np.minimum(*best[s]), inf) for s in range(len(shapes))]

    def places(self, budget: int) -> tuple[dict, dict]:
        """Like ``Reachable``: full-shape anchors and squeezed places within ``budget``."""
        costs = self.costs()
        dims = [(2, 2), (1, 2), (2, 1)]
        found = ({}, {})
        for s, array in enumerate(costs):
            rows, cols = np.nonzero(array <= budget)
            for row, col in zip(rows, cols):
                a, b = int(col) + self.a0, int(row) + self.b0
                key = (a, b) if s == 0 else (a, b, *dims[s])
                found[0 if s == 0 else 1][key] = int(array[row, col])
        return found


# The engine's view of the same board.


def engine_inputs(spec: dict):
    """The ``Creature`` and ``Battlefield`` for ``spec``."""
    layout = spec["layout"]
    if layout == "square":
        grid, make = SquareGrid(spec["width"], spec["height"]), Square
    else:
        grid, make = HexGrid(spec["width"], spec["height"], layout), Hex
    terrain = Terrain.build(
        {make(*cell): kinds for cell, kinds in spec["terrain"].items()},
        {(make(*a), make(*b)): kind for (a, b), kind in spec["walls"].items()},
    )
    others = tuple(
        Creature(other["name"], other["size"], make(*other["cell"]), facing=0, side="foe" if other["foe"] else "friend",
                 helpless=other["helpless"])
        for other in spec["others"]
    )
    mover = spec["mover"]
    hero = Creature("Hero", mover["size"], make(*mover["cell"]), facing=mover["facing"], flying=mover["flying"],
                    speed=spec["speed"])
    options = Options(sideways_step_costs_two=spec.get("sideways_two", False))
    return hero, Battlefield(grid, terrain, others, options=options)


CASES = [(seed, "square", Size.MEDIUM) for seed in range(24)]
CASES += [(seed, "square", Size.LARGE) for seed in range(100, 112)]
CASES += [(seed, layout, Size.MEDIUM) for seed in range(200, 208) for layout in ("flat", "pointy")]
CASES += [(seed, layout, Size.HUGE) for seed in range(300, 304) for layout in ("flat", "pointy")]


@pytest.mark.parametrize("seed, layout, size", CASES)
def test_engine_agrees_with_the_wavefront(seed, layout, size):
    """Every place the engine says the mover can end on, and what it costs, is the oracle's;
    squeezed places too. Every path the engine gives costs what the oracle says."""
    spec = make_spec(seed, layout, size)
    hero, battlefield = engine_inputs(spec)
    found = reachable(hero, battlefield, spec["mode"], spec["policy"])
    expected = Oracle(spec).places(found.budget)
    assert found.costs == expected[0]
    assert found.squeezed == expected[1]
    assert len(found.costs) > 1
    rng = random.Random(seed)
    for key in rng.sample(sorted(found.costs), min(5, len(found.costs))):
        answer = plan_move(hero, type(hero.anchor)(*key), battlefield, spec["mode"], spec["policy"])
        assert answer.legal and answer.path.squares == found.costs[key]


@pytest.mark.parametrize("seed", range(6))
def test_the_way_past_the_budget_is_the_cheapest(seed):
    """Past the budget the engine searches toward the target (A*); the cost it finds is the
    oracle's least cost there."""
    spec = make_spec(400 + seed, "square", Size.MEDIUM)
    spec["speed"], spec["mode"] = 5, Mode.MOVE
    hero, battlefield = engine_inputs(spec)
    costs = Oracle(spec).costs()[0]
    mover = _mover(hero, battlefield, spec["mode"], spec["policy"])
    checked = 0
    for cell in spec["cells"]:
        here = costs[(cell[1] - (-MARGIN), cell[0] - (-MARGIN))]
        if not np.isfinite(here) or here <= 1:
            continue
        goal = mover.place_of(Square(*cell), None)
        found, _ = mover.toward(goal)
        assert list(found.values()) == [here]
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("seed", range(12))
def test_engine_agrees_with_the_wavefront_reading_sideways_steps_literally(seed):
    """Issue 16's ``sideways_step_costs_two``: a step off the front without turning costs 2
    squares, diagonal or not, doubled by terrain; the oracle prices it as a straight step."""
    spec = make_spec(500 + seed, "square", Size.MEDIUM if seed % 3 else Size.LARGE)
    spec["sideways_two"], spec["policy"] = True, FacingPolicy.KEEP
    hero, battlefield = engine_inputs(spec)
    found = reachable(hero, battlefield, spec["mode"], spec["policy"])
    expected = Oracle(spec).places(found.budget)
    assert found.costs == expected[0]
    assert found.squeezed == expected[1]
