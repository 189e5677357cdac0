"""Terrain built and checked a board at a time (issue 23, item 1): a link's terrain can cover a
whole 200x200 board, so ``Terrain`` reads the usual input without a Python step per cell, and
``Grid.contains_all``, ``from_offsets``, ``steps`` and ``marked_cells`` take a board's worth of
cells at once.
These tests hold the fast ways to the careful ones: same terrain, same answers, same messages."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.grid import FacingError, Hex, HexGrid, Square, SquareGrid
from rules.terrain import EDGE_KINDS, TERRAIN_KINDS, Terrain, TerrainError

BOARDS = st.one_of(
    st.builds(SquareGrid, st.integers(1, 9), st.integers(1, 9)),
    st.builds(HexGrid, st.integers(1, 9), st.integers(1, 9), st.sampled_from(["flat", "pointy"])),
)


class Corner(Square):
    """A square of a subclass: not a plain ``Square``, so the careful path reads it."""


@settings(max_examples=150, deadline=None)
@given(BOARDS, st.lists(st.tuples(st.integers(-3, 12), st.integers(-8, 12)), max_size=30), st.booleans())
def test_contains_all_answers_as_contains_does(grid, places, other_kind):
    """``contains_all(cells)`` is ``all(contains(cell) ...)``: for cells on and off the board,
    of the board's kind, the other kind, or a subclass."""
    kind = grid.cell_type if not other_kind else (Hex if grid.kind == "square" else Corner)
    cells = [kind(a, b) for a, b in places]
    assert grid.contains_all(cells) == all(grid.contains(cell) for cell in cells)
    assert grid.contains_all(iter(cells)) == all(grid.contains(cell) for cell in cells)


@settings(max_examples=150, deadline=None)
@given(BOARDS, st.lists(st.tuples(st.integers(-3, 12), st.integers(-8, 12), st.integers(0, 7)), max_size=30))
def test_many_cells_at_once_are_the_cells_one_at_a_time(grid, places):
    """``from_offsets`` and ``steps`` make the cells ``from_offset`` and ``step`` make one at a
    time, on the board or off it; a direction the grid lacks is refused as ``step`` refuses it."""
    columns, rows = [column for column, _, _ in places], [row for _, row, _ in places]
    cells = grid.from_offsets(columns, rows)
    assert cells == [grid.from_offset(column, row) for column, row in zip(columns, rows)]
    sides = [side % len(grid.vectors) for _, _, side in places]
    assert grid.steps(cells, sides) == [grid.step(cell, side) for cell, side in zip(cells, sides)]
    if places:
        with pytest.raises(FacingError):
            grid.steps(cells, [len(grid.vectors)] * len(cells))


@settings(max_examples=200, deadline=None)
@given(BOARDS, st.data())
def test_marked_cells_are_the_marked_cells_in_order(grid, data):
    """``marked_cells`` gives each cell with a mark (a byte a cell, by reading-order number)
    and the value of its mark, sorted by ``coords`` as ``Terrain`` keeps cells."""
    marks = bytes(data.draw(st.lists(st.sampled_from([0, 0, 1, 2]), min_size=grid.width * grid.height,
                                     max_size=grid.width * grid.height)))
    values = [None, "one", "two"]
    expected = [
        (grid.from_offset(number % grid.width, number // grid.width), values[mark])
        for number, mark in enumerate(marks)
        if mark
    ]
    assert grid.marked_cells(marks, values) == sorted(expected, key=lambda pair: pair[0].coords)


@st.composite
def ground_and_walls(draw):
    """A board, entries of ground (some of whose kinds are given unsorted, as one name, or as a
    list) and walls between neighbours (some given from their other side)."""
    grid = draw(BOARDS)
    cells = draw(st.lists(st.sampled_from(grid.cells()), unique=True, max_size=40))
    names = st.lists(st.sampled_from(sorted(TERRAIN_KINDS)), min_size=1, max_size=3)
    shapes = st.sampled_from([tuple, lambda kinds: kinds[0], list, lambda kinds: tuple(reversed(kinds))])
    ground = [(cell, draw(shapes)(draw(names))) for cell in cells]
    walls, seen = [], set()
    for cell in draw(st.lists(st.sampled_from(grid.cells()), max_size=15)):
        for other in grid.neighbours(cell)[:1]:
            if frozenset((cell, other)) not in seen:
                seen.add(frozenset((cell, other)))
                pair = (cell, other) if draw(st.booleans()) else (other, cell)
                walls.append((*pair, draw(st.sampled_from(sorted(EDGE_KINDS)))))
    return grid, ground, walls


def careful(ground, walls):
    """The same terrain, read by the careful path: one entry is a list, which it alone reads."""
    return [(cell, list(kinds) if not isinstance(kinds, str) else [kinds]) for cell, kinds in ground], walls


@settings(max_examples=150, deadline=None)
@given(ground_and_walls(), st.randoms())
def test_the_fast_and_the_careful_terrain_are_one(board, shuffler):
    """Terrain from plain entries (the fast path) equals terrain from entries the careful path
    reads, whatever order they come in; its cells and walls are sorted and its kinds sorted
    tuples, as ``Terrain`` always keeps them. ``kinds_at`` (which halves the sorted cells)
    answers as ``by_cell`` does, for any cell or none."""
    grid, ground, walls = board
    shuffler.shuffle(ground)
    fast = Terrain(tuple(ground), tuple(walls))
    slow_ground, slow_walls = careful(ground, walls)
    slow = Terrain(tuple(slow_ground), tuple(slow_walls))
    assert fast == slow
    assert fast.cells == tuple(sorted(fast.cells, key=lambda pair: pair[0].coords))
    assert all(type(kinds) is tuple and list(kinds) == sorted(set(kinds)) for _, kinds in fast.cells)
    assert [(a.coords, b.coords) for a, b, _ in fast.edges] == sorted(
        (min(a.coords, b.coords), max(a.coords, b.coords)) for a, b, _ in walls
    )
    fast.check(grid)
    others = (Square(-1, 0), Hex(-1, 0), Corner(0, 0), None, "a")
    assert [fast.kinds_at(cell) for cell in grid.cells() + others] == [
        fast.by_cell.get(cell, ()) for cell in grid.cells() + others
    ]


@pytest.mark.parametrize(
    "cells, edges, message",
    [
        (((Square(1, 1), "pit"), (Square(0, 0), "pit"), (Square(1, 1), "lava")), (), r"\(1, 1\) is listed twice"),
        (((Square(0, 0), "lava"), (Square(0, 0), "pit")), (), "There is no kind of terrain 'lava'"),
        (((Square(0, 0), ()),), (), r"\(0, 0\) needs at least one kind of terrain"),
        (((Square(0, 0), "pit"), (Hex(0, 0), "pit")), (), "squares or hexes, not both"),
        ((), ((Square(0, 0), Square(1, 0), "wall"), (Square(1, 0), Square(0, 0), "wall")), "holds one wall, not two"),
        ((), ((Square(0, 0), Square(0, 0), "wall"),), "between two different cells"),
        ((), ((Square(0, 0), Square(1, 0), "moat"),), "There is no kind of wall 'moat'"),
        ((), ((Square(0, 0), Hex(1, 0), "wall"),), "between two different cells"),
    ],
)
def test_mistakes_are_named_as_ever(cells, edges, message):
    """Terrain with a mistake is refused with the message of the careful path, naming the first
    mistake in the order given."""
    with pytest.raises(TerrainError, match=message):
        Terrain(cells, edges)


def test_a_whole_board_of_terrain_reads_and_checks():
    """A 200x200 board with every cell difficult and obstructed, given in any order, is kept
    sorted and fits its board; the same cells on a smaller board do not, and the message names
    the first cell off it."""
    grid = HexGrid(200, 200, "pointy")
    cells = [(cell, ("difficult", "obstacle")) for cell in grid.cells()]
    random.Random(7).shuffle(cells)
    terrain = Terrain(tuple(cells))
    assert len(terrain.cells) == 40_000
    assert [cell for cell, _ in terrain.cells] == sorted(grid.cells(), key=lambda cell: cell.coords)
    terrain.check(grid)
    terrain.check(grid)
    with pytest.raises(TerrainError, match=r"Terrain at \(100, 198\) lies off the hex board"):
        terrain.check(HexGrid(199, 200, "pointy"))
