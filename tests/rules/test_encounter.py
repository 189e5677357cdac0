"""The encounter value: unique names, creatures on the board, changes that leave the old as it was."""

from dataclasses import replace

import pytest

from rules.creature import Creature, OffBoardError
from rules.encounter import Encounter, EncounterError
from rules.grid import Square, SquareGrid
from rules.sizes import Size


def medium(name, x, y, facing=0):
    """A Medium creature at (x, y) facing direction ``facing``."""
    return Creature(name, Size.MEDIUM, Square(x, y), facing=facing)


def test_place_replace_remove_make_new_encounters():
    """Each change returns a new encounter and leaves the old one untouched."""
    empty = Encounter(SquareGrid(10, 10))
    one = empty.place(medium("Kroh", 1, 1))
    two = one.place(medium("Goblin", 3, 3))
    turned = two.replace("kroh", medium("Kroh", 1, 1, facing=2))
    fewer = turned.remove("Goblin")
    assert empty.creatures == () and one.names() == ("Kroh",)
    assert two.names() == ("Kroh", "Goblin")
    assert turned.creature("Kroh").facing == 2 and two.creature("Kroh").facing == 0
    assert fewer.names() == ("Kroh",)


def test_names_are_unique_regardless_of_case():
    """A second creature with the same name is refused with a message naming it."""
    board = Encounter(SquareGrid(5, 5)).place(medium("Goblin", 0, 0))
    with pytest.raises(EncounterError, match="Two creatures are named goblin"):
        board.place(medium("goblin", 2, 2))
    assert board.unused_name("Goblin") == "Goblin 2"
    assert board.place(medium("Goblin 2", 2, 2)).unused_name("goblin") == "goblin 3"


def test_creatures_must_stand_on_the_board():
    """A creature whose space leaves the board is refused, with the board's own message."""
    with pytest.raises(OffBoardError):
        Encounter(SquareGrid(5, 5), (Creature("Ogre", Size.LARGE, Square(4, 4), facing=0),))


def test_unknown_names_get_a_clear_error():
    """Asking for a creature that is not there names it."""
    with pytest.raises(EncounterError, match="no creature named Orc"):
        Encounter(SquareGrid(5, 5)).creature("Orc")


def test_changing_the_board_keeps_places_and_nearest_facings():
    """From squares to flat hexes: the same row and column, the facing nearest the old one."""
    from rules.grid import Hex, HexGrid

    square = Encounter(SquareGrid(10, 10), (medium("Kroh", 4, 4, facing=0), medium("Goblin", 2, 6, facing=2)))
    flat = square.with_grid(HexGrid(10, 10, "flat"))
    kroh, goblin = flat.creatures
    assert flat.grid.to_offset(kroh.anchor) == (4, 4) and flat.grid.to_offset(goblin.anchor) == (2, 6)
    assert kroh.facing_name(flat.grid) == "N"
    assert goblin.facing_name(flat.grid) in ("NE", "SE")
    assert isinstance(kroh.anchor, Hex)
    back = flat.with_grid(SquareGrid(10, 10))
    assert back.creature("Kroh") == square.creature("Kroh")


def test_changing_the_board_moves_a_creature_that_no_longer_fits_and_names_it():
    """Issue 13: a Huge ogre in the corner of a square board does not fit the same row and
    column on flat hexes (its hexagon reaches past the edge): it moves to the nearest place it
    fits, and is named as moved; a creature that still fits keeps its place."""
    from rules.grid import HexGrid

    edge = Encounter(SquareGrid(10, 10), (Creature("Ogre", Size.HUGE, Square(0, 0), facing=0), medium("Kroh", 8, 8)))
    hexes, moved = edge.on_grid(HexGrid(10, 10, "flat"))
    assert moved == ("Ogre",)
    ogre = hexes.creature("Ogre")
    assert all(hexes.grid.contains(cell) for cell in ogre.cells(hexes.grid))
    assert hexes.grid.to_offset(hexes.creature("Kroh").anchor) == (8, 8)
    grid, corner = hexes.grid, hexes.grid.from_offset(0, 0)
    fitting = [cell for cell in grid.cells()
               if all(grid.contains(c) for c in replace(ogre, anchor=cell).cells(grid))]
    assert grid.distance(ogre.anchor, corner) == min(grid.distance(cell, corner) for cell in fitting)


def test_changing_the_board_refuses_when_nothing_fits_and_names_the_creature():
    """Where no place on the new board holds a creature, the change is refused, naming it."""
    from rules.grid import HexGrid

    edge = Encounter(SquareGrid(10, 10), (Creature("Ogre", Size.HUGE, Square(0, 0), facing=0),))
    with pytest.raises(EncounterError, match="no room left on the board for Ogre"):
        edge.with_grid(HexGrid(2, 2, "flat"))


def test_a_grid_switch_never_leaves_two_creatures_in_one_space():
    """Issue 13: switching flat to pointy hexes once put a Rogue inside a Large Ogre. Every
    creature of a crowded flat-hex board stands apart on pointy hexes, and back again; the
    bigger creature keeps its place and the smaller one steps aside."""
    from rules.grid import Hex, HexGrid
    from rules.placement import crowding

    flat = HexGrid(12, 12, "flat")
    ogre = Creature("Ogre", Size.LARGE, flat.from_offset(5, 5), facing=0)
    crowd = [ogre]
    taken = set(ogre.cells(flat))
    for cell in flat.cells():
        if cell not in taken and flat.distance(cell, ogre.anchor) <= 3:
            crowd.append(Creature(f"Rogue {len(crowd)}", Size.MEDIUM, cell, facing=0))
            taken.add(cell)
    board = Encounter(flat, tuple(crowd))
    pointy, moved = board.on_grid(HexGrid(12, 12, "pointy"))
    assert crowding(pointy.creatures, pointy.grid) is None
    assert "Ogre" not in moved and moved, "the small ones step aside for the Ogre"
    assert pointy.grid.to_offset(pointy.creature("Ogre").anchor) == (5, 5)
    again, _ = pointy.on_grid(flat)
    assert crowding(again.creatures, again.grid) is None
    assert isinstance(again.creature("Ogre").anchor, Hex)


def test_a_smaller_board_moves_creatures_from_beyond_its_edge():
    """Issue 13: resizing the board moves each creature past the new edge to the nearest place
    inside, and keeps the terrain still on the board."""
    from rules.terrain import Terrain

    terrain = Terrain.build({Square(1, 1): "difficult", Square(8, 8): "difficult"})
    board = Encounter(SquareGrid(10, 10), (medium("Kroh", 9, 9), medium("Goblin", 1, 2)), terrain=terrain)
    smaller, moved = board.on_grid(SquareGrid(6, 6))
    assert moved == ("Kroh",)
    assert smaller.creature("Kroh").anchor == Square(5, 5)
    assert smaller.creature("Goblin").anchor == Square(1, 2)
    assert [cell for cell, _ in smaller.terrain.cells] == [Square(1, 1)]


def test_a_size_edit_that_overlaps_a_neighbour_moves_the_edited_creature():
    """Issue 13: making Kroh Colossal beside the goblin moves Kroh, not the goblin, to the
    nearest place his new space fits; a size edit with no room anywhere is refused."""
    from rules.placement import PlacementError

    board = Encounter(SquareGrid(12, 12), (medium("Kroh", 0, 0), medium("Goblin", 2, 2)))
    bigger, moved = board.edited("Kroh", replace(board.creature("Kroh"), size=Size.COLOSSAL))
    assert moved == ("Kroh",)
    assert bigger.creature("Goblin") == board.creature("Goblin")
    kroh = bigger.creature("Kroh")
    assert Square(2, 2) not in kroh.cells(bigger.grid)
    assert all(bigger.grid.contains(cell) for cell in kroh.cells(bigger.grid))
    same, moved = board.edited("Kroh", replace(board.creature("Kroh"), level=3))
    assert moved == () and same.creature("Kroh").anchor == Square(0, 0)
    small = Encounter(SquareGrid(6, 6), (medium("Kroh", 0, 0), medium("Goblin", 3, 3)))
    with pytest.raises(PlacementError, match="no room left on the board for Kroh"):
        small.edited("Kroh", replace(small.creature("Kroh"), size=Size.COLOSSAL))


def test_two_creatures_never_stand_in_one_space():
    """Seed 002, "Ending Your Movement: You can't end your movement in the same square as
    another creature unless it is helpless": an encounter with two creatures in one space is
    refused, naming both; a Large creature over a Medium one's square likewise."""
    from rules.placement import PlacementError

    with pytest.raises(PlacementError, match="Kroh and Goblin stand in the same space"):
        Encounter(SquareGrid(6, 6), (medium("Kroh", 2, 2), medium("Goblin", 2, 2)))
    with pytest.raises(PlacementError, match="Rogue and Ogre"):
        Encounter(SquareGrid(6, 6), (medium("Rogue", 3, 3), Creature("Ogre", Size.LARGE, Square(2, 2), facing=0)))
    with pytest.raises(PlacementError):
        Encounter(SquareGrid(6, 6), (medium("Kroh", 2, 2),)).place(medium("Goblin", 2, 2))


def test_a_creature_may_stand_in_a_helpless_creatures_square():
    """Seed 002, "Ending Your Movement": "... unless it is helpless"."""
    from rules.placement import PlacementError

    sleeper = replace(medium("Sleeper", 2, 2), helpless=True)
    board = Encounter(SquareGrid(6, 6), (sleeper, medium("Kroh", 2, 2)))
    assert board.names() == ("Sleeper", "Kroh")
    with pytest.raises(PlacementError, match="Sleeper and Kroh"):
        board.replace("Sleeper", replace(sleeper, helpless=False))


def test_very_small_creatures_share_a_square_while_they_fit():
    """Seed 002, Tiny, Diminutive, and Fine Creatures: "A Tiny creature typically occupies a
    space only 2-1/2 feet across, so four can fit into a single square. Twenty-five Diminutive
    creatures or 100 Fine creatures can fit into a single square." A fifth Tiny creature, or a
    Tiny one beside 76 Diminutive-hundredths, does not fit; a very small creature may stand in
    a bigger creature's square ("They must enter an opponent's square to attack in melee")."""
    from rules.placement import PlacementError

    def tiny(name, size=Size.TINY):
        return Creature(name, size, Square(1, 1))

    four = tuple(tiny(f"Rat {n}") for n in range(4))
    assert len(Encounter(SquareGrid(4, 4), four).creatures) == 4
    with pytest.raises(PlacementError, match="Too many very small creatures .* Rat 4"):
        Encounter(SquareGrid(4, 4), four + (tiny("Rat 4"),))
    bats = tuple(tiny(f"Bat {n}", Size.DIMINUTIVE) for n in range(25))
    assert len(Encounter(SquareGrid(4, 4), bats).creatures) == 25
    with pytest.raises(PlacementError):
        Encounter(SquareGrid(4, 4), bats + (tiny("Fly", Size.FINE),))
    flies = tuple(tiny(f"Fly {n}", Size.FINE) for n in range(100))
    assert len(Encounter(SquareGrid(4, 4), flies).creatures) == 100
    mixed = (tiny("Rat"),) + tuple(tiny(f"Bat {n}", Size.DIMINUTIVE) for n in range(18)) + tuple(
        tiny(f"Fly {n}", Size.FINE) for n in range(3))
    assert len(Encounter(SquareGrid(4, 4), mixed).creatures) == 22, "25 + 72 + 3 = 100 hundredths"
    beside_kroh = Encounter(SquareGrid(4, 4), (medium("Kroh", 1, 1), tiny("Rat")))
    assert beside_kroh.names() == ("Kroh", "Rat")


def test_terrain_belongs_to_the_board_and_follows_a_grid_change():
    """Terrain must lie on the board; on a new grid it keeps its cells, and walls that still
    separate two cells sharing a side."""
    from rules.grid import HexGrid
    from rules.terrain import Terrain, TerrainError

    terrain = Terrain.build({Square(1, 1): "difficult", Square(2, 2): ("difficult", "obstacle")},
                            {(Square(0, 0), Square(1, 0)): "wall"})
    board = Encounter(SquareGrid(5, 5), terrain=terrain)
    with pytest.raises(TerrainError, match="off the square board"):
        Encounter(SquareGrid(2, 2), terrain=terrain)
    hexes = board.with_grid(HexGrid(5, 5, "flat"))
    assert {hexes.grid.to_offset(cell): kinds for cell, kinds in hexes.terrain.cells} == {
        (1, 1): ("difficult",), (2, 2): ("difficult", "obstacle")}
    assert len(hexes.terrain.edges) == 1 and board.dropped_walls(HexGrid(5, 5, "flat")) == 0


def test_stats_and_the_round_follow_a_creature_renamed_or_removed():
    """Issue 8: a creature's combat stats and its round entries go with it when it is renamed,
    and away with it when it is removed; the last of the winning side leaving makes a tie."""
    from rules.combatant import CombatStats
    from rules.round import declare_action, new_round

    board = Encounter(SquareGrid(6, 6), (medium("Kroh", 1, 1), replace(medium("Goblin", 3, 3), side="foe")))
    fighter = CombatStats(attack_bonus=5, is_fighter=True)
    board = board.with_stats("kroh", fighter)
    assert board.stats == (("Kroh", fighter),) and board.stats_of("KROH") == fighter
    assert board.stats_of("Goblin") == CombatStats()
    board = board.with_round(declare_action(new_round(board, board.stats_map(), "foe"), "Goblin", "glance"))
    renamed = board.replace("Kroh", medium("Kroh the Bold", 1, 1))
    assert renamed.stats == (("Kroh the Bold", fighter),)
    assert [name for name, _ in renamed.round_state().actions] == ["Kroh the Bold", "Goblin"]
    gone = board.remove("Goblin")
    assert gone.round_state().initiative_winner is None
    assert [name for name, _ in gone.round_state().actions] == ["Kroh"]
    assert board.remove("Kroh").stats == ()


def test_stats_and_the_round_name_only_creatures_on_the_board():
    """Stats or a round naming someone absent, or a winner whose side is empty, are refused;
    default stats and a fresh round are left out, so equal states compare equal."""
    from rules.combatant import CombatStats
    from rules.round import RoundState

    board = Encounter(SquareGrid(6, 6), (medium("Kroh", 1, 1),))
    with pytest.raises(EncounterError, match="combat stats for Orc, who is not on the board"):
        Encounter(board.grid, board.creatures, stats=(("Orc", CombatStats(attack_bonus=1)),))
    with pytest.raises(EncounterError, match="side 'foe'"):
        board.with_round(RoundState(initiative_winner="foe"))
    with pytest.raises(EncounterError, match="The round names Orc"):
        board.with_round(RoundState(actions=(("Orc", CombatStats().action),)))
    assert board.with_stats("Kroh", CombatStats()) == board
    assert board.with_round(RoundState()).round is None
    assert board.round_state() == RoundState()


def test_a_creature_stands_only_where_a_move_could_end():
    """Issue 20: a board holds a creature only on ground it could stand on. Seed 002: "A
    character can't move through a blocking obstacle"; a pit stops a walker but not a flyer;
    a narrow passage is "less than half" a big creature's width; "some obstacles block movement
    entirely", so a wall cannot run through a creature's space (a low wall can)."""
    from rules.placement import PlacementError
    from rules.terrain import Terrain

    grid = SquareGrid(8, 8)

    def board(creature, cells=None, edges=None):
        return Encounter(grid, (creature,), terrain=Terrain.build(cells or {}, edges or {}))

    ogre = Creature("Ogre", Size.LARGE, Square(2, 2), facing=0)
    with pytest.raises(PlacementError, match=r"Ogre cannot stand on a blocking obstacle at \(3, 3\)"):
        board(ogre, {Square(3, 3): "blocking"})
    with pytest.raises(PlacementError, match="Ogre cannot stand on a narrow passage"):
        board(ogre, {Square(2, 2): "narrow"})
    assert board(medium("Kroh", 2, 2), {Square(2, 2): "narrow"}).names() == ("Kroh",)
    with pytest.raises(PlacementError, match="Kroh cannot stand on a pit"):
        board(medium("Kroh", 2, 2), {Square(2, 2): "pit"})
    assert board(replace(medium("Kroh", 2, 2), flying=True), {Square(2, 2): "pit"}).names() == ("Kroh",)
    with pytest.raises(PlacementError, match="The wall between .* runs through Ogre's space"):
        board(ogre, edges={(Square(2, 2), Square(3, 2)): "wall"})
    assert board(ogre, edges={(Square(2, 2), Square(3, 2)): "low wall"}).names() == ("Ogre",)
    assert board(ogre, edges={(Square(3, 3), Square(4, 3)): "wall"}).names() == ("Ogre",), "a wall at its edge"


def test_what_bars_a_cell_agrees_with_the_movement_rules():
    """``TerrainKind.bars`` (the board's check) says exactly what the movement rules say: no
    move of a walker or a flyer, very small, one square or big, may end on a barred cell."""
    from rules.movement import Battlefield, plan_move
    from rules.terrain import TERRAIN_KINDS, Terrain, bulk_of

    grid = SquareGrid(6, 6)
    for name, kind in TERRAIN_KINDS.items():
        for size in (Size.TINY, Size.MEDIUM, Size.LARGE):
            for flying in (False, True):
                facing = None if size == Size.TINY else 0
                mover = Creature("Mover", size, Square(0, 0), facing=facing, flying=flying, speed=60)
                field = Battlefield(grid, Terrain.build({Square(3, 3): name}), ())
                ends = plan_move(mover, Square(3, 3), field).legal
                assert ends == (not kind.bars(flying, bulk_of(size))), (name, size, flying)


def test_a_grid_switch_moves_a_creature_off_ground_it_cannot_stand_on():
    """Terrain keeps its cells by row and column on a new grid; a creature whose space there
    holds a blocking obstacle moves to the nearest place it can stand."""
    from rules.grid import HexGrid
    from rules.terrain import Terrain

    ogre = Creature("Ogre", Size.LARGE, Square(3, 3), facing=0)
    flat = HexGrid(10, 10, "flat")
    bare = Encounter(SquareGrid(10, 10), (ogre,)).with_grid(flat)
    landing = [cell for cell in bare.creature("Ogre").cells(flat) if flat.to_offset(cell) not in ((3, 3), (4, 3), (3, 4), (4, 4))]
    spot = flat.to_offset(landing[0])
    terrain = Terrain.build({Square(*spot): "blocking"})
    square = Encounter(SquareGrid(10, 10), (ogre,), terrain=terrain)
    hexes, moved = square.on_grid(flat)
    assert moved == ("Ogre",)
    assert flat.from_offset(*spot) not in hexes.creature("Ogre").cells(flat)


def test_free_placement_puts_creatures_anywhere_they_fit():
    """Issue 14: free placement moves creatures by hand, as far as wanted and together, if every
    space fits (on the board, apart, on ground they can stand on); otherwise it says why."""
    from rules.placement import PlacementError, moved_freely
    from rules.terrain import Terrain

    board = Encounter(SquareGrid(30, 20), (medium("Kroh", 1, 1), medium("Goblin", 2, 1), medium("Ogre", 20, 10)),
                      terrain=Terrain.build({Square(25, 5): "blocking"}))
    far = moved_freely(board, {"Kroh": Square(13, 1), "Goblin": Square(14, 1)})
    assert far.creature("Kroh").anchor == Square(13, 1) and far.creature("Goblin").anchor == Square(14, 1)
    assert far.creature("Kroh").facing == board.creature("Kroh").facing
    with pytest.raises(PlacementError, match="Kroh and Ogre stand in the same space"):
        moved_freely(board, {"Kroh": Square(20, 10)})
    with pytest.raises(PlacementError, match="cannot stand on a blocking obstacle"):
        moved_freely(board, {"Kroh": Square(25, 5)})
    with pytest.raises(OffBoardError):
        moved_freely(board, {"Kroh": Square(30, 5)})
