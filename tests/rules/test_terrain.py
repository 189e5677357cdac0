"""Terrain as data: the kinds of ground and walls, and the Terrain value."""

import pytest

from rules.grid import Hex, HexGrid, Square, SquareGrid
from rules.terrain import (
    EDGE_KINDS,
    NO_TERRAIN,
    TERRAIN_KINDS,
    Terrain,
    TerrainError,
    edge_kind_name,
    parse_edge_kind,
    parse_terrain_kind,
    terrain_kind_name,
)

GRID = SquareGrid(10, 10)


def test_kinds_read_as_the_seed_says():
    """Seed 002: difficult terrain and hampering obstacles count double; difficult terrain stops
    a run; a blocking obstacle blocks and has corners; a pit stops a walker but not a flyer and
    has no corners ("You can also move diagonally past other impassable obstacles, such as
    pits"); a narrow space is squeezed through."""
    difficult, obstacle, blocking, narrow, pit = (
        TERRAIN_KINDS[name] for name in ("difficult", "obstacle", "blocking", "narrow", "pit")
    )
    assert difficult.hampers and difficult.stops_running and difficult.flyers_ignore
    assert obstacle.hampers and not obstacle.stops_running and obstacle.flyers_ignore
    assert blocking.blocks and blocking.cuts_corners and not blocking.flyers_ignore
    assert pit.falls and not pit.cuts_corners and pit.flyers_ignore
    assert narrow.narrow and not narrow.hampers
    assert sum(kind.cuts_corners for kind in TERRAIN_KINDS.values()) == 1


def test_walls_block_or_cost_two_more():
    """"each ... obstacle between squares counts as 2 squares of movement ... in addition to the
    cost to move into the square on the other side"; "some obstacles block movement entirely"."""
    assert EDGE_KINDS["wall"].blocks
    assert not EDGE_KINDS["low wall"].blocks and EDGE_KINDS["low wall"].extra == 2
    assert {kind.extra for kind in EDGE_KINDS.values() if kind.hinders and not kind.blocks} == {2}


def test_names_round_trip():
    """parse_x / x_name pairs."""
    for name in TERRAIN_KINDS:
        assert parse_terrain_kind(terrain_kind_name(name)) == name
    for name in EDGE_KINDS:
        assert parse_edge_kind(edge_kind_name(name)) == name
    assert parse_terrain_kind(" Difficult ") == "difficult"
    assert parse_edge_kind("LOW  wall") == "low wall"
    with pytest.raises(TerrainError, match="choose difficult, obstacle, blocking, narrow, pit"):
        parse_terrain_kind("lava")


def test_terrain_is_a_canonical_value():
    """However it is built, equal terrain is equal and hashes alike; lookups answer by cell."""
    a = Terrain.build(
        {Square(2, 2): ("obstacle", "difficult"), Square(1, 1): "pit"},
        {(Square(4, 4), Square(3, 4)): "low wall", (Square(0, 0), Square(0, 1)): "wall"},
    )
    b = Terrain.build(
        {Square(1, 1): "Pit", Square(2, 2): ("difficult", "obstacle")},
        [(Square(0, 1), Square(0, 0)), (Square(3, 4), Square(4, 4), "low wall")],
    )
    assert a == b and hash(a) == hash(b)
    assert a.kinds_at(Square(2, 2)) == ("difficult", "obstacle")
    assert a.kinds_at(Square(5, 5)) == ()
    assert a.edge_between(Square(4, 4), Square(3, 4)) == "low wall"
    assert a.edge_between(Square(3, 4), Square(4, 4)) == "low wall"
    assert a.edge_between(Square(0, 0), Square(1, 0)) is None
    a.check(GRID)
    assert NO_TERRAIN.cells == () and NO_TERRAIN.edges == ()


@pytest.mark.parametrize(
    "cells, edges, message",
    [
        ({Square(1, 1): "lava"}, {}, "no kind of terrain 'lava'"),
        ({Square(1, 1): ()}, {}, "at least one kind"),
        ({"A1": "pit"}, {}, "squares or hexes"),
        ({}, {(Square(1, 1), Square(1, 1)): "wall"}, "two different cells"),
        ({}, {(Square(1, 1), Hex(1, 2)): "wall"}, "two different cells"),
        ({Square(1, 1): "pit"}, {(Hex(0, 0), Hex(0, 1)): "wall"}, "squares or hexes, not both"),
    ],
)
def test_impossible_terrain_is_refused(cells, edges, message):
    """Terrain that cannot be raises TerrainError, saying why."""
    with pytest.raises(TerrainError, match=message):
        Terrain.build(cells, edges)


def test_a_cell_listed_twice_is_refused():
    """One entry per cell, with all its kinds."""
    with pytest.raises(TerrainError, match="listed twice"):
        Terrain(((Square(1, 1), "pit"), (Square(1, 1), "difficult")))


@pytest.mark.parametrize(
    "terrain, message",
    [
        (Terrain.build({Square(10, 1): "pit"}), "off the square board"),
        (Terrain.build({}, {(Square(1, 1), Square(2, 2)): "wall"}), "share a side"),
        (Terrain.build({}, {(Square(1, 1), Square(3, 1)): "wall"}), "share a side"),
        (Terrain.build({}, {(Square(9, 1), Square(10, 1)): "wall"}), "off the square board"),
    ],
)
def test_terrain_must_fit_the_board(terrain, message):
    """``check``: cells on the board, walls between cells sharing a side."""
    with pytest.raises(TerrainError, match=message):
        terrain.check(GRID)


def test_hex_walls_lie_between_neighbours():
    """On hexes every neighbour shares a side."""
    grid = HexGrid(6, 6)
    a = grid.from_offset(2, 2)
    for b in grid.neighbours(a):
        Terrain.build({}, {(a, b): "wall"}).check(grid)
    with pytest.raises(TerrainError, match="share a side"):
        Terrain.build({}, {(a, Hex(a.q + 2, a.r)): "wall"}).check(grid)
