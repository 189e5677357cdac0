"""Walls and doors on both grids (issue 17): hex walls and low walls priced as on squares, doors
open and closed on squares and hexes, in movement, on the board and in links.

Seed 002, "Obstacles": "each ... obstacle between squares counts as 2 squares of movement. You
must pay this cost to cross the barrier, in addition to the cost to move into the square on the
other side"; "some obstacles block movement entirely". A closed door is read as a wall, an open
one as no obstacle (docs/rules.md, "Movement", "Walls and doors").
"""

from dataclasses import replace

import pytest

from rules.creature import Creature
from rules.encounter import Encounter
from rules.grid import HexGrid, Square, SquareGrid
from rules.link import (
    HASH_PREFIX,
    encounter_code,
    encounter_json,
    parse_encounter_code,
    parse_encounter_hash,
    parse_encounter_json,
)
from rules.movement import Battlefield, FacingPolicy, Mode, check_route, plan_move, reachable
from rules.placement import PlacementError
from rules.sizes import Size
from rules.terrain import EDGE_KINDS, Terrain, TerrainError, parse_edge_kind, toggled_door_kind, with_door_toggled

TURN = FacingPolicy.TURN
ORIENTATIONS = ("flat", "pointy")


def hero_on(cell, **fields) -> Creature:
    """A Medium creature on ``cell`` (a square or a hex) facing its first direction."""
    return Creature("Hero", Size.MEDIUM, cell, facing=0, **fields)


def costs(answer) -> list[int]:
    """The squares each step of an answer's path costs."""
    return [step.cost for step in answer.path.steps]


def hex_wall_between_columns(grid: HexGrid, column: int, kind: str = "wall") -> dict:
    """A wall of ``kind`` on every side between offset column ``column`` and the next, from the
    board's top to its bottom: it cuts the board in two."""
    left = {grid.from_offset(column, row) for row in range(grid.height)}
    right = {grid.from_offset(column + 1, row) for row in range(grid.height)}
    return {(a, b): kind for a in left for b in grid.neighbours(a) if b in right}


# The kinds.


def test_a_door_is_a_wall_when_closed_and_no_obstacle_when_open():
    """A closed door blocks like a wall (flyers too); an open one neither blocks nor costs; each
    turns into the other; the older kinds keep their places in the table (links number them)."""
    assert list(EDGE_KINDS)[:2] == ["wall", "low wall"]
    door, wall, opened = EDGE_KINDS["door"], EDGE_KINDS["wall"], EDGE_KINDS["open door"]
    assert (door.blocks, door.extra, door.flyers_ignore) == (wall.blocks, wall.extra, wall.flyers_ignore)
    assert not opened.blocks and opened.extra == 0 and not opened.hinders
    assert door.is_door and opened.is_door and not wall.is_door and not EDGE_KINDS["low wall"].is_door
    assert toggled_door_kind("Door") == "open door" and toggled_door_kind("open door") == "door"
    assert parse_edge_kind("OPEN  door") == "open door"
    with pytest.raises(TerrainError, match="The low wall is not a door"):
        toggled_door_kind("low wall")


def test_opening_a_door_changes_that_edge_alone():
    """``with_door_toggled`` opens a closed door and closes an open one, either order of its
    cells, leaving the rest; an edge without a door is refused."""
    a, b, c = Square(1, 1), Square(2, 1), Square(1, 2)
    terrain = Terrain.build({Square(0, 0): "pit"}, {(a, b): "door", (a, c): "wall"})
    opened = with_door_toggled(terrain, b, a)
    assert opened.edge_between(a, b) == "open door" and opened.edge_between(a, c) == "wall"
    assert opened.cells == terrain.cells
    assert with_door_toggled(opened, a, b) == terrain
    with pytest.raises(TerrainError, match=r"There is no door between \(1, 1\) and \(1, 2\)"):
        with_door_toggled(terrain, a, c)
    with pytest.raises(TerrainError, match=r"There is no door between \(0, 0\) and \(1, 0\)"):
        with_door_toggled(terrain, Square(0, 0), Square(1, 0))


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_walls_and_doors_stand_on_every_side_of_a_hex(orientation):
    """On hexes every two neighbours share a side: walls, low walls and doors stand on any of
    the six; two hexes that do not touch share none."""
    grid = HexGrid(7, 7, orientation)
    cell = grid.from_offset(3, 3)
    kinds = ["wall", "low wall", "door", "open door", "wall", "door"]
    Terrain.build({}, dict(zip(((cell, other) for other in grid.neighbours(cell)), kinds))).check(grid)
    far = grid.from_offset(5, 3)
    with pytest.raises(TerrainError, match="share a side"):
        Terrain.build({}, {(cell, far): "door"}).check(grid)


# Movement on hexes.


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_a_hex_wall_blocks_the_step_across_it(orientation):
    """"Some obstacles block movement entirely": no step across a wall on a hex side, and the
    path there goes round it (one hex further)."""
    grid = HexGrid(7, 7, orientation)
    start = grid.from_offset(3, 3)
    target = grid.neighbours(start)[2]
    battlefield = Battlefield(grid, Terrain.build({}, {(start, target): "wall"}))
    hero = hero_on(start)
    straight = check_route(hero, [target], battlefield, Mode.MOVE, TURN)
    assert not straight.legal
    assert straight.reason.startswith(f"Blocked: the wall between ({start.q}, {start.r}) and ({target.q}, {target.r})")
    around = plan_move(hero, target, battlefield, Mode.MOVE, TURN)
    assert around.legal and costs(around) == [1, 1]
    assert costs(plan_move(hero, target, Battlefield(grid), Mode.MOVE, TURN)) == [1], "without the wall"


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_a_hex_low_wall_costs_two_more_as_on_squares(orientation):
    """A low wall between hexes "counts as 2 squares of movement ... in addition to the cost to
    move into the square on the other side": 3 for the step, with its line; flyers pay 1."""
    grid = HexGrid(7, 7, orientation)
    start = grid.from_offset(3, 3)
    target = grid.neighbours(start)[4]
    battlefield = Battlefield(grid, Terrain.build({}, {(target, start): "low wall"}))
    answer = check_route(hero_on(start), [target], battlefield, Mode.MOVE, TURN)
    assert answer.legal and costs(answer) == [3]
    assert answer.path.steps[0].items[-1].reason.startswith("Crossing the low wall between")
    assert answer.path.steps[0].items[-1].value == 2
    flyer = check_route(hero_on(start, flying=True), [target], battlefield, Mode.MOVE, TURN)
    assert flyer.legal and costs(flyer) == [1]


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_a_hex_low_wall_costs_the_same_as_a_square_low_wall(orientation):
    """The same seed sentence on both grids: a straight step across a low wall costs what it
    costs on squares, and running out of movement at the barrier stops the crossing the same way."""
    squares = Battlefield(SquareGrid(5, 5), Terrain.build({}, {(Square(2, 2), Square(2, 3)): "low wall"}))
    on_squares = check_route(hero_on(Square(2, 2)), [Square(2, 3)], squares, Mode.MOVE, TURN)
    grid = HexGrid(5, 5, orientation)
    start = grid.from_offset(2, 2)
    target = grid.neighbours(start)[0]
    hexes = Battlefield(grid, Terrain.build({}, {(start, target): "low wall"}))
    on_hexes = check_route(hero_on(start), [target], hexes, Mode.MOVE, TURN)
    assert costs(on_squares) == costs(on_hexes) == [3]
    slow = hero_on(start, speed=10)
    short = check_route(slow, [target], hexes, Mode.MOVE, TURN)
    assert not short.legal and short.reason.startswith("Out of movement: this step needs 15 ft, 10 ft left")


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_a_hex_wall_across_the_board_closes_the_far_side(orientation):
    """A wall from the top of the board to its bottom leaves no way across: "No way there"."""
    grid = HexGrid(6, 5, orientation)
    walls = hex_wall_between_columns(grid, 2)
    battlefield = Battlefield(grid, Terrain.build({}, walls))
    hero = hero_on(grid.from_offset(0, 2))
    found = reachable(hero, battlefield, Mode.DOUBLE, TURN)
    assert all(grid.to_offset(grid.cell_type(*coords))[0] <= 2 for coords in found.costs)
    answer = plan_move(hero, grid.from_offset(4, 2), battlefield, Mode.DOUBLE, TURN)
    assert not answer.legal and answer.reason.startswith("No way there")


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_a_hex_door_in_a_wall_passes_only_open(orientation):
    """Issue 17: a closed door blocks like a wall, an open one does not: a wall across the board
    with a door in it lets a creature through only when the door is open, at open ground's cost."""
    grid = HexGrid(6, 5, orientation)
    walls = hex_wall_between_columns(grid, 2)
    a = grid.from_offset(2, 2)
    b = next(other for other in grid.neighbours(a) if (a, other) in walls)
    walls[(a, b)] = "door"
    closed = Battlefield(grid, Terrain.build({}, walls))
    hero = hero_on(a)
    refused = check_route(hero, [b], closed, Mode.MOVE, TURN)
    assert not refused.legal
    assert refused.reason.startswith(f"Blocked: the door between ({a.q}, {a.r}) and ({b.q}, {b.r})")
    assert not plan_move(hero, grid.from_offset(4, 2), closed, Mode.DOUBLE, TURN).legal
    opened = Battlefield(grid, with_door_toggled(closed.terrain, a, b))
    through = check_route(hero, [b], opened, Mode.MOVE, TURN)
    assert through.legal and costs(through) == [1]
    assert [item.value for item in through.path.steps[0].items] == [1]
    assert plan_move(hero, grid.from_offset(4, 2), opened, Mode.DOUBLE, TURN).legal


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_a_closed_door_stops_a_flyer_and_an_open_one_does_not(orientation):
    """Flying and incorporeal creatures "can avoid most obstacles", not walls: a closed door
    stops them as a wall does."""
    grid = HexGrid(5, 5, orientation)
    start = grid.from_offset(2, 2)
    target = grid.neighbours(start)[3]
    for hero in (hero_on(start, flying=True), hero_on(start, incorporeal=True)):
        closed = Battlefield(grid, Terrain.build({}, {(start, target): "door"}))
        assert not check_route(hero, [target], closed, Mode.MOVE, TURN).legal
        opened = Battlefield(grid, Terrain.build({}, {(start, target): "open door"}))
        assert costs(check_route(hero, [target], opened, Mode.MOVE, TURN)) == [1]


# Doors on squares.


def test_a_square_door_blocks_closed_and_passes_open():
    """On squares: a closed door refuses the step across it, naming the door; an open one costs
    what open ground costs, with no line for crossing it."""
    a, b = Square(1, 1), Square(1, 2)
    hero = hero_on(a)
    closed = Battlefield(SquareGrid(3, 3), Terrain.build({}, {(a, b): "door"}))
    refused = check_route(hero, [b], closed, Mode.MOVE, TURN)
    assert not refused.legal and refused.reason.startswith("Blocked: the door between (1, 1) and (1, 2)")
    opened = Battlefield(SquareGrid(3, 3), Terrain.build({}, {(a, b): "open door"}))
    through = check_route(hero, [b], opened, Mode.MOVE, TURN)
    assert through.legal and costs(through) == [1] and len(through.path.steps[0].items) == 1


def test_no_diagonal_past_a_closed_doors_end_and_none_through_a_doorway():
    """"You can't move diagonally past a corner": a closed door's ends are a wall's ends. An
    open door alone is no obstacle, so a diagonal past it is free; set in a wall, the wall's
    ends beside it still bar the diagonal through the doorway."""
    a, b = Square(1, 1), Square(2, 1)
    hero = hero_on(a)
    closed = Battlefield(SquareGrid(4, 4), Terrain.build({}, {(a, b): "door"}))
    cut = check_route(hero, [Square(2, 2)], closed, Mode.MOVE, TURN)
    assert not cut.legal and cut.reason.startswith("Blocked: you cannot cut the corner of the door between (1, 1) and (2, 1)")
    alone = Battlefield(SquareGrid(4, 4), Terrain.build({}, {(a, b): "open door"}))
    assert costs(check_route(hero, [Square(2, 2)], alone, Mode.MOVE, TURN)) == [1]
    doorway = Battlefield(SquareGrid(4, 4), Terrain.build({}, {
        (a, b): "open door", (Square(1, 0), Square(2, 0)): "wall", (Square(1, 2), Square(2, 2)): "wall",
    }))
    assert costs(check_route(hero, [b], doorway, Mode.MOVE, TURN)) == [1]
    assert not check_route(hero, [Square(2, 2)], doorway, Mode.MOVE, TURN).legal


def test_a_closed_door_cannot_run_through_a_big_creatures_space():
    """"Some obstacles block movement entirely", so a closed door, like a wall, cannot run
    through a Large creature's space (it cannot be closed on it); an open one can."""
    ogre = Creature("Ogre", Size.LARGE, Square(2, 2), facing=0)
    edge = (Square(2, 2), Square(3, 2))
    opened = Encounter(SquareGrid(6, 6), (ogre,), terrain=Terrain.build({}, {edge: "open door"}))
    with pytest.raises(PlacementError, match=r"The door between \(2, 2\) and \(3, 2\) runs through Ogre's space"):
        Encounter(SquareGrid(6, 6), (ogre,), terrain=with_door_toggled(opened.terrain, *edge))


# On a new board and in links.


def test_a_door_on_squares_is_kept_on_a_hex_board_where_its_cells_touch():
    """``Encounter.with_grid`` keeps walls and doors, open or closed, whose cells still share a
    side on the new board (every hex neighbour does), and drops the rest."""
    terrain = Terrain.build({}, {(Square(0, 0), Square(1, 0)): "door", (Square(2, 2), Square(2, 3)): "open door"})
    board = Encounter(SquareGrid(5, 5), terrain=terrain)
    hexes = board.with_grid(HexGrid(5, 5, "flat"))
    assert sorted(kind for _, _, kind in hexes.terrain.edges) == ["door", "open door"]
    back = hexes.with_grid(SquareGrid(5, 5))
    assert back.terrain == terrain


def hex_board(orientation: str) -> Encounter:
    """A hex board with every kind of wall and door on the sides of one hex."""
    grid = HexGrid(7, 6, orientation)
    cell = grid.from_offset(3, 3)
    kinds = ("wall", "low wall", "door", "open door", "door", "wall")
    edges = {(cell, other): kind for other, kind in zip(grid.neighbours(cell), kinds)}
    return Encounter(grid, (hero_on(grid.from_offset(0, 0)),), terrain=Terrain.build({}, edges))


@pytest.mark.parametrize("orientation", ORIENTATIONS)
def test_hex_walls_and_doors_round_trip_in_links_and_files(orientation):
    """Walls, low walls and doors open and closed on hex sides come back from a link and from a
    file as they went."""
    encounter = hex_board(orientation)
    assert parse_encounter_code(encounter_code(encounter)) == encounter
    assert parse_encounter_hash(HASH_PREFIX + encounter_code(encounter)) == encounter
    assert parse_encounter_json(encounter_json(encounter)) == encounter
    a, b, _ = next(edge for edge in encounter.terrain.edges if edge[2] == "door")
    opened = replace(encounter, terrain=with_door_toggled(encounter.terrain, a, b))
    assert parse_encounter_code(encounter_code(opened)) == opened != encounter


def test_square_doors_round_trip_and_older_kinds_keep_their_numbers():
    """A code numbers wall kinds by their place in ``EDGE_KINDS``: a wall is 0 and a low wall 1,
    as before doors; the doors come after (2 closed, 3 open)."""
    terrain = Terrain.build({}, {
        (Square(0, 0), Square(1, 0)): "wall", (Square(1, 1), Square(1, 2)): "low wall",
        (Square(2, 0), Square(3, 0)): "door", (Square(2, 2), Square(3, 2)): "open door",
    })
    encounter = Encounter(SquareGrid(4, 3), terrain=terrain)
    assert parse_encounter_code(encounter_code(encounter)) == encounter
    assert parse_encounter_json(encounter_json(encounter)) == encounter
    assert [list(EDGE_KINDS).index(kind) for kind in ("wall", "low wall", "door", "open door")] == [0, 1, 2, 3]


OLD_LINKS = {
    # Written by the page before doors (commit 7115642): a 4x3 board with a wall and a low wall.
    "square": ("#v1.eNqrVkpXsoo20DHRMY7VUSoHs410DHRMgSKGsbUAd-wHZg", SquareGrid(4, 3),
               {(Square(0, 0), Square(1, 0)): "wall", (Square(1, 1), Square(1, 2)): "low wall"}),
    "flat": ("#v1.eNqrVkpXsoo21DHRMY7VUSoHs411DHRMgaRhbC0AeBgHaA", HexGrid(4, 3, "flat"), None),
    "pointy": ("#v1.eNqrVkpXsoo20jHRMY7VUSoHsi11DHQMdUyBpEFsLQB4bwdr", HexGrid(4, 3, "pointy"), None),
}


@pytest.mark.parametrize("name", sorted(OLD_LINKS))
def test_a_link_from_before_doors_still_opens(name):
    """Never reorder within v1: links written before doors open with the same walls. The hex
    ones hold a wall between (1, 1) and its first neighbour and a low wall to its fourth."""
    text, grid, walls = OLD_LINKS[name]
    encounter = parse_encounter_hash(text)
    assert encounter.grid == grid
    if walls is None:
        cell = grid.from_offset(1, 1)
        neighbours = grid.neighbours(cell)
        walls = {(cell, neighbours[0]): "wall", (cell, neighbours[3]): "low wall"}
    assert encounter.terrain == Terrain.build({}, walls)
    assert HASH_PREFIX + encounter_code(encounter) == text
