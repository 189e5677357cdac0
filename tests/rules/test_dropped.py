"""Disarm's weapon on the board (seed 003, Critical Hits, Disarm: "Target's weapon or shield is
knocked away in a random direction a number of feet equal to half the damage you dealt."):
where it lands, what stops it, and how the encounter, links and files keep it."""

import random

import pytest

from rules.creature import Creature
from rules.dropped import DroppedError, DroppedItem, disarm_landing
from rules.encounter import Encounter
from rules.grid import HexGrid, Square, SquareGrid
from rules.link import encounter_code, encounter_json, parse_encounter_code, parse_encounter_json
from rules.sizes import Size
from rules.terrain import NO_TERRAIN, Terrain

GRID = SquareGrid(12, 12)


class Towards:
    """A stand-in for the dice that draws direction ``index``."""

    def __init__(self, index):
        self.index = index

    def randrange(self, count):
        assert count in (6, 8)
        return self.index


def test_it_flies_half_the_damage_in_feet_in_the_direction_drawn():
    assert disarm_landing(GRID, NO_TERRAIN, Square(5, 5), 15, Towards(2)) == (Square(8, 5), "E", 15, None)
    assert disarm_landing(GRID, NO_TERRAIN, Square(5, 5), 4, Towards(2)) == (Square(5, 5), "E", 0, None)


def test_diagonals_count_as_movement_does_five_then_ten():
    """Seed 002, Measuring Distance: the second diagonal costs 10 feet. 10 ft north-east is one
    square (the second would make 15), 15 ft two (5 + 10), 20 ft three (5 + 10 + 5), 25 ft
    still three (a fourth would make 30)."""
    assert disarm_landing(GRID, NO_TERRAIN, Square(5, 5), 10, Towards(1))[:3] == (Square(6, 4), "NE", 5)
    assert disarm_landing(GRID, NO_TERRAIN, Square(5, 5), 15, Towards(1))[:3] == (Square(7, 3), "NE", 15)
    assert disarm_landing(GRID, NO_TERRAIN, Square(5, 5), 20, Towards(1))[:3] == (Square(8, 2), "NE", 20)
    assert disarm_landing(GRID, NO_TERRAIN, Square(5, 5), 25, Towards(1))[:3] == (Square(8, 2), "NE", 20)


def test_a_wall_a_closed_door_or_the_edge_stops_it_short():
    wall = Terrain.build(edges={(Square(6, 5), Square(7, 5)): "wall"})
    assert disarm_landing(GRID, wall, Square(5, 5), 30, Towards(2)) == (Square(6, 5), "E", 5, "a wall")
    door = Terrain.build(edges={(Square(6, 5), Square(7, 5)): "door"})
    assert disarm_landing(GRID, door, Square(5, 5), 30, Towards(2))[3] == "a wall"
    opened = Terrain.build(edges={(Square(6, 5), Square(7, 5)): "open door"})
    assert disarm_landing(GRID, opened, Square(5, 5), 30, Towards(2))[:2] == (Square(11, 5), "E")
    low = Terrain.build(edges={(Square(6, 5), Square(7, 5)): "low wall"})
    assert disarm_landing(GRID, low, Square(5, 5), 10, Towards(2))[0] == Square(7, 5), "it flies over a low wall"
    assert disarm_landing(GRID, NO_TERRAIN, Square(10, 5), 30, Towards(2)) == (Square(11, 5), "E", 5, "the board's edge")
    corner = Terrain.build(edges={(Square(5, 5), Square(6, 5)): "wall"})
    assert disarm_landing(GRID, corner, Square(5, 5), 30, Towards(1))[:2] == (Square(5, 5), "NE"), \
        "a diagonal past a wall's corner stops it"


def test_on_hexes_every_step_is_five_feet():
    grid = HexGrid(10, 10, "flat")
    start = grid.from_offset(5, 5)
    cell, name, flown, stopped = disarm_landing(grid, NO_TERRAIN, start, 10, Towards(3))
    assert (name, flown, stopped) == ("S", 10, None) and grid.distance(start, cell) == 2


def test_the_dice_choose_among_every_direction():
    seen = {disarm_landing(GRID, NO_TERRAIN, Square(5, 5), 5, random.Random(seed))[1] for seed in range(60)}
    assert seen == {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}


def test_the_encounter_links_and_files_keep_it_and_a_new_board_keeps_it_where_it_fits():
    goblin = Creature("Goblin", Size.SMALL, Square(2, 2), facing=0, side="foe")
    encounter = Encounter(GRID, (goblin,)).with_dropped(DroppedItem(Square(9, 9), "Goblin"))
    assert parse_encounter_code(encounter_code(encounter)) == encounter
    assert parse_encounter_json(encounter_json(encounter)) == encounter
    assert encounter.without_dropped(0).dropped == ()
    assert encounter.with_grid(SquareGrid(12, 12)).dropped == encounter.dropped
    assert encounter.with_grid(SquareGrid(8, 8)).dropped == ()
    with pytest.raises(DroppedError, match="off the board"):
        Encounter(GRID, dropped=(DroppedItem(Square(20, 20), "Goblin"),))
    with pytest.raises(DroppedError):
        DroppedItem(Square(1, 1), "Goblin", "sword")


def test_from_a_large_creature_it_flies_from_the_edge_of_its_space():
    """A walkthrough: "lands 5 ft S" put the Ogre's weapon inside its own 2x2 space."""
    ogre = Creature("Ogre", Size.LARGE, Square(5, 5), facing=0, side="foe")
    space = frozenset(ogre.cells(GRID))
    cell, name, flown, _ = disarm_landing(GRID, NO_TERRAIN, ogre.anchor, 5, Towards(4), space)
    assert (name, flown) == ("S", 5) and cell not in space
    assert min(GRID.distance(cell, other) for other in space) == 1
