"""The encounter value: unique names, creatures on the board, changes that leave the old as it was."""

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


def test_changing_the_board_refuses_when_a_creature_would_not_fit():
    """A creature that would leave the new board stops the change, and says who."""
    from rules.grid import HexGrid

    edge = Encounter(SquareGrid(10, 10), (Creature("Ogre", Size.HUGE, Square(0, 0), facing=0),))
    with pytest.raises(EncounterError, match="Ogre"):
        edge.with_grid(HexGrid(10, 10, "flat"))


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
    from dataclasses import replace

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
